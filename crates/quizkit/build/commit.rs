//! Which git commit a build of quizkit comes from, for `quizkit --version`.
//!
//! Shared by the build script (`build.rs`) and its test (`tests/version.rs`). Three cases:
//! a crate unpacked from crates.io carries the commit it was packaged from in
//! `.cargo_vcs_info.json` (cargo writes it); a git checkout that tracks the build script asks
//! `git rev-parse`; anything else (a source tarball, a copy inside another repository, no git
//! on PATH) is "unknown". The build never fails over this.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What the build records, and the files whose change means the commit may have changed.
pub struct Found {
    /// The commit's first 12 hex digits, `-dirty` appended when cargo packaged a dirty tree;
    /// "unknown" when there is no way to tell.
    pub commit: String,
    /// Files to watch (`cargo:rerun-if-changed`); all of them exist.
    pub watch: Vec<PathBuf>,
}

/// The name cargo gives the file it writes into every packaged crate.
pub const VCS_INFO: &str = ".cargo_vcs_info.json";

/// Finds the commit of the crate in `manifest_dir`; `git` makes the `git` command to run (the
/// build passes `Command::new("git")`).
pub fn find(manifest_dir: &Path, git: &dyn Fn() -> Command) -> Found {
    let vcs_info = manifest_dir.join(VCS_INFO);
    if let Ok(text) = std::fs::read_to_string(&vcs_info) {
        let commit = match json_string(&text, "sha1").filter(|s| is_hex(s)) {
            Some(sha) if text.contains("\"dirty\": true") => format!("{}-dirty", short(&sha)),
            Some(sha) => short(&sha).to_owned(),
            None => "unknown".to_owned(),
        };
        return Found {
            commit,
            watch: vec![vcs_info],
        };
    }
    let ask = |args: &[&str]| -> Option<String> {
        let out = git().arg("-C").arg(manifest_dir).args(args).output().ok()?;
        let text = String::from_utf8(out.stdout).ok()?;
        out.status.success().then(|| text.trim().to_owned())
    };
    // Only a checkout that tracks this build script is quizkit's own: a copy of the crate
    // inside some other repository must not report that repository's commit.
    let tracked = ask(&["ls-files", "--error-unmatch", "build.rs"]).is_some();
    let sha = ask(&["rev-parse", "HEAD"]).filter(|s| tracked && is_hex(s));
    let Some(sha) = sha else {
        return Found {
            commit: "unknown".to_owned(),
            watch: Vec::new(),
        };
    };
    // HEAD, the branch it points at (a loose ref or packed-refs): a commit or a checkout
    // changes one of them.
    let mut watch = Vec::new();
    let mut names = vec!["HEAD".to_owned(), "packed-refs".to_owned()];
    names.extend(ask(&["symbolic-ref", "-q", "HEAD"]));
    for name in names {
        if let Some(path) = ask(&["rev-parse", "--path-format=absolute", "--git-path", &name]) {
            let path = PathBuf::from(path);
            if path.is_file() {
                watch.push(path);
            }
        }
    }
    Found {
        commit: short(&sha).to_owned(),
        watch,
    }
}

fn short(sha: &str) -> &str {
    &sha[..sha.len().min(12)]
}

fn is_hex(s: &str) -> bool {
    s.len() >= 7 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The value of `"key": "value"` in cargo's small JSON file (no escapes occur in it).
fn json_string(text: &str, key: &str) -> Option<String> {
    let after_key = &text[text.find(&format!("\"{key}\""))? + key.len() + 2..];
    let after_colon = after_key.trim_start().strip_prefix(':')?.trim_start();
    let value = after_colon.strip_prefix('"')?;
    Some(value[..value.find('"')?].to_owned())
}
