//! A GitHub release laid out on disk, for the install script's tests: the archive and the
//! checksum file the release workflow uploads, at the paths GitHub serves them from
//! (`download/TAG/…` and `latest/download/…`), reached through `QUIZKIT_RELEASES_URL=file://…`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::{quizkit_bin, run, temp_dir, workspace_root};

/// A release folder and what it holds.
pub struct FakeRelease {
    /// The folder standing in for `https://github.com/OWNER/NAME/releases`.
    pub root: PathBuf,
    /// The release build's target triple for this machine, as the install script names it.
    pub target: String,
}

impl FakeRelease {
    /// The `QUIZKIT_RELEASES_URL` that points the install script at this folder.
    pub fn url(&self) -> String {
        format!("file://{}", self.root.display())
    }

    /// Where an asset of the release `tag` lives.
    pub fn asset(&self, tag: &str, name: &str) -> PathBuf {
        self.root.join("download").join(tag).join(name)
    }
}

/// The install script.
pub fn install_script() -> PathBuf {
    workspace_root().join("scripts/install.sh")
}

/// What `install.sh --print-target` says this machine gets.
pub fn host_target() -> String {
    let out = run(Command::new("sh")
        .arg(install_script())
        .arg("--print-target"));
    assert!(out.status.success(), "install.sh --print-target: {out:?}");
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// Runs a shell command line, panicking with its output when it fails.
fn sh(script: &str, dir: &Path) {
    let out = run(Command::new("sh").arg("-c").arg(script).current_dir(dir));
    assert!(
        out.status.success(),
        "{script}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The archive and checksum file of this build's binary, packed once per test process (the
/// debug binary is large) into a folder of that process's own.
fn packed() -> &'static (PathBuf, String) {
    static PACKED: OnceLock<(PathBuf, String)> = OnceLock::new();
    PACKED.get_or_init(|| {
        let target = host_target();
        let exe = std::env::current_exe().unwrap_or_default();
        let name = exe.file_stem().unwrap_or_default().to_string_lossy();
        let stage = temp_dir(&format!("release-stage-{name}"));
        // A link where the file system allows it: the debug binary is large, and tar reads it.
        std::fs::hard_link(quizkit_bin(), stage.join("quizkit"))
            .or_else(|_| std::fs::copy(quizkit_bin(), stage.join("quizkit")).map(drop))
            .expect("link or copy the quizkit binary");
        sh(
            &format!(
                "tar -cf - quizkit | gzip -1 > quizkit-{target}.tar.gz && \
                 sha256sum quizkit-{target}.tar.gz > quizkit-{target}.sha256"
            ),
            &stage,
        );
        (stage, target)
    })
}

/// Makes a release `tag` under `root` holding the quizkit binary of this build, packed as the
/// release workflow packs it (`quizkit-TARGET.tar.gz` with the binary at its root, and
/// `quizkit-TARGET.sha256` in `sha256sum` format), as both that tag and the latest release.
pub fn fake_release(root: &Path, tag: &str) -> FakeRelease {
    let (stage, target) = packed();
    for dir in [
        root.join("download").join(tag),
        root.join("latest/download"),
    ] {
        std::fs::create_dir_all(&dir).expect("create the release folder");
        for name in [
            format!("quizkit-{target}.tar.gz"),
            format!("quizkit-{target}.sha256"),
        ] {
            // A link, not a copy: the debug binary is large. A test that changes an asset
            // must remove it and write a new file, or it changes every test's copy.
            let to = dir.join(&name);
            std::fs::hard_link(stage.join(&name), &to)
                .or_else(|_| std::fs::copy(stage.join(&name), &to).map(drop))
                .expect("link an asset");
        }
    }
    FakeRelease {
        root: root.to_owned(),
        target: target.clone(),
    }
}
