//! Records the git commit quizkit is built from as `QUIZKIT_COMMIT`, for `quizkit --version`.

use std::path::PathBuf;
use std::process::Command;

#[path = "build/commit.rs"]
mod commit;

fn main() {
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let found = commit::find(&dir, &|| Command::new("git"));
    // Without a watched file cargo would rerun this on every change of the package; with
    // nothing to watch, the build script itself is the only input.
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/commit.rs");
    for path in &found.watch {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    println!("cargo:rustc-env=QUIZKIT_COMMIT={}", found.commit);
}
