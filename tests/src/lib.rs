//! Helpers shared by quizkit's end-to-end and interop tests.
//!
//! The tests run the real `quizkit` binary, and the real programs on the other side (Anki,
//! a GIFT parser, Chromium, the Nu Html Checker, validators), which `scripts/tools.sh`
//! installs under `target/tools`. A missing tool fails the test with a message saying how to
//! install it; nothing is skipped silently.

pub mod fuzz_bank;
pub mod fuzz_bodies;
pub mod guard;
pub mod hostile;
pub mod links;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// The `quizkit` binary of this build (`cargo build` puts it beside the test executables).
pub fn quizkit_bin() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_default();
    let profile_dir = exe
        .ancestors()
        .find(|p| p.file_name().is_some_and(|n| n == "deps"))
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let bin = profile_dir.join(format!("quizkit{}", std::env::consts::EXE_SUFFIX));
    assert!(
        bin.is_file(),
        "the quizkit binary is not built at {}: run `cargo build --workspace` first (scripts/test.sh does)",
        bin.display()
    );
    bin
}

/// A `quizkit` command with a clean environment for reproducible output.
pub fn quizkit() -> Command {
    let mut cmd = Command::new(quizkit_bin());
    cmd.env("NO_COLOR", "1").env_remove("SOURCE_DATE_EPOCH");
    cmd
}

/// Runs a command and returns its output; panics with the command line if it cannot start.
pub fn run(cmd: &mut Command) -> Output {
    cmd.output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"))
}

/// Where `scripts/tools.sh` installed the test tools; fails clearly when they are not there.
pub fn tools_dir() -> PathBuf {
    let dir = std::env::var_os("QUIZKIT_TOOLS")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target/tools"));
    assert!(
        dir.join("node/node_modules").is_dir() && dir.join("py/bin/python").is_file(),
        "the interop tools are missing under {}: run `scripts/tools.sh` (the test command `scripts/test.sh` does)",
        dir.display()
    );
    dir
}

/// The Python of the tools' virtual environment (with `anki`, `check-jsonschema`).
pub fn tools_python() -> PathBuf {
    tools_dir().join("py/bin/python")
}

/// A `node` command that resolves packages from the tools' `node_modules`.
pub fn tools_node() -> Command {
    let mut cmd = Command::new("node");
    cmd.env("NODE_PATH", tools_dir().join("node/node_modules"))
        .env("QUIZKIT_TOOLS", tools_dir());
    cmd
}

/// A fresh temporary folder under `target/`, removed first if it exists.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = workspace_root().join("target/test-tmp").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir
}

/// Copies a folder tree (files and folders only).
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("cannot create {}: {e}", to.display()));
    let entries =
        std::fs::read_dir(from).unwrap_or_else(|e| panic!("cannot read {}: {e}", from.display()));
    for entry in entries.flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target)
                .unwrap_or_else(|e| panic!("cannot copy {}: {e}", entry.path().display()));
        }
    }
}
