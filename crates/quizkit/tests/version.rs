//! `quizkit --version`: the version and the commit of the build, and the build script's three
//! ways of finding that commit (a git checkout, a packaged crate, neither).

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "../build/commit.rs"]
#[allow(dead_code)]
mod commit;

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run git (the test needs it): {e}"));
    assert!(out.status.success(), "git {args:?}: {out:?}");
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .trim()
        .to_owned()
}

/// A fresh folder for one test, under this crate's target folder.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch folder");
    dir
}

#[test]
fn version_names_the_package_version_and_the_checkouts_commit() {
    let out = Command::new(env!("CARGO_BIN_EXE_quizkit"))
        .arg("--version")
        .output()
        .expect("run quizkit");
    assert!(out.status.success(), "{out:?}");
    let head = git(&manifest_dir(), &["rev-parse", "HEAD"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "quizkit {} (commit {})\n",
            env!("CARGO_PKG_VERSION"),
            &head[..12]
        )
    );
}

#[test]
fn a_checkout_watches_head_and_its_branch() {
    let found = commit::find(&manifest_dir(), &|| Command::new("git"));
    assert_eq!(
        found.commit,
        git(&manifest_dir(), &["rev-parse", "--short=12", "HEAD"])
    );
    assert!(
        found.watch.iter().any(|p| p.ends_with("HEAD")),
        "{:?}",
        found.watch
    );
    assert!(found.watch.iter().all(|p| p.is_file()), "{:?}", found.watch);
}

#[test]
fn a_packaged_crate_reports_the_commit_cargo_recorded() {
    let dir = scratch("version-packaged");
    let sha = "a47a1b5104baceae17b57cc5395b0c7ce6b69c52";
    // The file as `cargo package` writes it.
    let info = format!(
        "{{\n  \"git\": {{\n    \"sha1\": \"{sha}\"\n  }},\n  \"path_in_vcs\": \"crates/quizkit\"\n}}"
    );
    std::fs::write(dir.join(commit::VCS_INFO), &info).expect("write");
    let found = commit::find(&dir, &|| Command::new("git"));
    assert_eq!(found.commit, "a47a1b5104ba");
    assert_eq!(found.watch, vec![dir.join(commit::VCS_INFO)]);

    let dirty = info.replace("\"\n  }", "\",\n    \"dirty\": true\n  }");
    std::fs::write(dir.join(commit::VCS_INFO), dirty).expect("write");
    assert_eq!(
        commit::find(&dir, &|| Command::new("git")).commit,
        "a47a1b5104ba-dirty"
    );

    std::fs::write(dir.join(commit::VCS_INFO), "{\"git\": {}}").expect("write");
    assert_eq!(
        commit::find(&dir, &|| Command::new("git")).commit,
        "unknown"
    );
}

#[test]
fn outside_a_checkout_or_without_git_the_commit_is_unknown() {
    let dir = scratch("version-no-git");
    // Git must not find the repository this test itself runs in, above the folder.
    let ceiling = dir.parent().expect("parent").to_owned();
    let found = commit::find(&dir, &|| {
        let mut git = Command::new("git");
        git.env("GIT_CEILING_DIRECTORIES", &ceiling);
        git
    });
    assert_eq!(found.commit, "unknown");
    assert!(found.watch.is_empty());

    let found = commit::find(&manifest_dir(), &|| {
        Command::new("quizkit-test-no-such-program")
    });
    assert_eq!(found.commit, "unknown");
}

#[test]
fn a_copy_inside_another_repository_is_not_that_repositorys_commit() {
    let dir = scratch("version-other-repo");
    git(&dir, &["init", "-q"]);
    git(
        &dir,
        &[
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "commit",
            "-q",
            "--allow-empty",
            "-m",
            "other",
        ],
    );
    let copy = dir.join("vendor/quizkit");
    std::fs::create_dir_all(&copy).expect("create");
    std::fs::copy(manifest_dir().join("build.rs"), copy.join("build.rs")).expect("copy");
    assert_eq!(
        commit::find(&copy, &|| Command::new("git")).commit,
        "unknown"
    );
    git(&dir, &["add", "vendor"]);
    assert_eq!(
        commit::find(&copy, &|| Command::new("git")).commit,
        git(&dir, &["rev-parse", "--short=12", "HEAD"])
    );
}
