//! The pre-commit hooks, with the real `pre-commit` (from PyPI, in the tools' venv) on a real
//! git repository holding a bank: `pre-commit install`, then `git commit` is refused while the
//! bank has an error and let through once it is clean, and skipped when no TOML file is staged.
//! The project's own `.pre-commit-hooks.yaml` is valid for pre-commit, and `pre-commit
//! try-repo` runs its lint hook from a clone of this repository (its HEAD with the changes to
//! tracked files), which installs the release build (a release on disk here) rather than
//! compiling.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use quizkit_tests::hostile::{CONFIG, QUESTION, write};
use quizkit_tests::release::fake_release;
use quizkit_tests::{quizkit_bin, run, temp_dir, tools_dir, workspace_root};

fn pre_commit_bin() -> PathBuf {
    let bin = tools_dir().join("py/bin/pre-commit");
    assert!(
        bin.is_file(),
        "pre-commit is missing at {}: run scripts/tools.sh",
        bin.display()
    );
    bin
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// A command run in `repo` with a git identity, pre-commit's cache in the test's folder, and
/// `extra_path` first on PATH.
fn in_repo(program: &Path, repo: &Path, extra_path: &Path) -> Command {
    let mut cmd = Command::new(program);
    let path = format!(
        "{}:{}",
        extra_path.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    cmd.current_dir(repo)
        .env("PATH", path)
        .env("PRE_COMMIT_HOME", repo.with_file_name("pre-commit-home"))
        .env("PRE_COMMIT_COLOR", "never")
        .env("NO_COLOR", "1")
        .env("GIT_AUTHOR_NAME", "Quiz Author")
        .env("GIT_AUTHOR_EMAIL", "author@example.org")
        .env("GIT_COMMITTER_NAME", "Quiz Author")
        .env("GIT_COMMITTER_EMAIL", "author@example.org");
    cmd
}

fn git(repo: &Path, args: &[&str]) -> Output {
    run(in_repo(Path::new("git"), repo, Path::new("")).args(args))
}

fn git_ok(repo: &Path, args: &[&str]) {
    let out = git(repo, args);
    assert!(out.status.success(), "git {args:?}: {}", text(&out));
}

/// A git repository holding a clean bank in `questions/` and the given pre-commit config, and
/// a folder for stand-in programs.
fn repo_with_bank(name: &str, config: &str) -> (PathBuf, PathBuf) {
    let dir = temp_dir(name);
    let repo = dir.join("repo");
    std::fs::create_dir_all(&repo).expect("create");
    git_ok(&repo, &["init", "-q", "-b", "main"]);
    write(&repo, "questions/quizkit.toml", CONFIG.as_bytes());
    write(&repo, "questions/c/category.toml", b"title = \"C\"\n");
    write(&repo, "questions/c/t/topic.toml", b"title = \"T\"\n");
    write(&repo, "questions/c/t/q.toml", QUESTION.as_bytes());
    write(&repo, "README.md", b"A bank.\n");
    write(&repo, ".pre-commit-config.yaml", config.as_bytes());
    let fakebin = dir.join("fakebin");
    std::fs::create_dir_all(&fakebin).expect("create");
    (repo, fakebin)
}

/// The bank's question with a key that names no option.
fn broken_question() -> String {
    QUESTION.replace("answer = \"A\"", "answer = \"D\"")
}

#[test]
fn the_lint_hook_refuses_a_commit_while_the_bank_has_an_error() {
    // A hook of the kind `.pre-commit-hooks.yaml` defines, run by the binary under test.
    let config = format!(
        "repos:\n  - repo: local\n    hooks:\n      - id: quizkit-lint\n        name: quizkit lint\n        entry: {} lint\n        language: system\n        files: \\.toml$\n        pass_filenames: false\n        require_serial: true\n",
        quizkit_bin().display()
    );
    let (repo, fakebin) = repo_with_bank("pre-commit-local", &config);
    let install = run(in_repo(&pre_commit_bin(), &repo, &fakebin).arg("install"));
    assert!(install.status.success(), "{}", text(&install));

    // A broken key: the commit is refused, with the finding's place.
    write(&repo, "questions/c/t/q.toml", broken_question().as_bytes());
    git_ok(&repo, &["add", "-A"]);
    let out = git(&repo, &["commit", "-q", "-m", "a bank"]);
    let log = text(&out);
    assert!(!out.status.success(), "the commit went through: {log}");
    assert!(
        log.contains("quizkit lint") && log.contains("Failed"),
        "{log}"
    );
    assert!(log.contains("q.toml"), "the finding names no file: {log}");
    assert!(
        !git(&repo, &["rev-parse", "-q", "--verify", "HEAD"])
            .status
            .success()
    );

    // Fixed: the commit goes through.
    write(&repo, "questions/c/t/q.toml", QUESTION.as_bytes());
    git_ok(&repo, &["add", "-A"]);
    let out = git(&repo, &["commit", "-q", "-m", "a bank"]);
    let log = text(&out);
    assert!(out.status.success(), "{log}");
    assert!(
        log.contains("quizkit lint") && log.contains("Passed"),
        "{log}"
    );

    // Only a README staged, the broken question not: pre-commit checks what is committed, and
    // the hook does not run.
    write(&repo, "questions/c/t/q.toml", broken_question().as_bytes());
    write(&repo, "README.md", b"A bank of questions.\n");
    git_ok(&repo, &["add", "README.md"]);
    let out = git(&repo, &["commit", "-q", "-m", "readme"]);
    let log = text(&out);
    assert!(out.status.success(), "{log}");
    assert!(log.contains("(no files to check)Skipped"), "{log}");
}

#[test]
fn the_projects_hook_manifest_is_valid_for_pre_commit() {
    let manifest = workspace_root().join(".pre-commit-hooks.yaml");
    let out = run(Command::new(pre_commit_bin())
        .arg("validate-manifest")
        .arg(&manifest));
    assert!(out.status.success(), "{}", text(&out));
    let yaml = std::fs::read_to_string(&manifest).expect("read the manifest");
    for (id, command) in [("quizkit-lint", "lint"), ("quizkit-fmt", "fmt")] {
        let entry = format!("\n- id: {id}\n");
        let at = yaml.find(&entry).unwrap_or_else(|| panic!("no hook {id}"));
        let rest = &yaml[at + entry.len()..];
        let hook = &rest[..rest.find("\n- ").unwrap_or(rest.len())];
        assert!(
            hook.contains(&format!("entry: scripts/pre-commit-hook.sh {command}\n")),
            "{hook}"
        );
    }
    // And a broken manifest is refused: the check can fail.
    let dir = temp_dir("pre-commit-bad-manifest");
    let bad = dir.join(".pre-commit-hooks.yaml");
    std::fs::write(
        &bad,
        yaml.replace("language: script", "language: no-such-language"),
    )
    .expect("write");
    let out = run(Command::new(pre_commit_bin())
        .arg("validate-manifest")
        .arg(&bad));
    assert!(!out.status.success(), "{}", text(&out));
}

#[test]
fn try_repo_runs_the_projects_lint_hook_with_the_release_build() {
    let (repo, fakebin) = repo_with_bank("pre-commit-try-repo", "repos: []\n");
    let release = fake_release(
        &repo.with_file_name("releases"),
        &format!("v{}", env!("CARGO_PKG_VERSION")),
    );
    // The hook must install the release build, not compile.
    quizkit_tests::write_script(
        &fakebin.join("cargo"),
        "#!/bin/sh\necho \"cargo must not run here: $*\" >&2\nexit 97\n",
    );
    write(&repo, "questions/c/t/q.toml", broken_question().as_bytes());
    git_ok(&repo, &["add", "-A"]);

    let try_repo = |repo: &Path| {
        run(in_repo(&pre_commit_bin(), repo, &fakebin)
            .args(["try-repo"])
            .arg(workspace_root())
            .args(["quizkit-lint", "--all-files"])
            .env("QUIZKIT_RELEASES_URL", release.url()))
    };
    let out = try_repo(&repo);
    let log = text(&out);
    assert!(!out.status.success(), "the broken key passed: {log}");
    assert!(
        log.contains("quizkit lint") && log.contains("Failed"),
        "{log}"
    );
    assert!(log.contains("q.toml"), "{log}");
    assert!(!log.contains("cargo must not run"), "{log}");

    write(&repo, "questions/c/t/q.toml", QUESTION.as_bytes());
    git_ok(&repo, &["add", "-A"]);
    let out = try_repo(&repo);
    let log = text(&out);
    assert!(out.status.success(), "{log}");
    assert!(
        log.contains("quizkit lint") && log.contains("Passed"),
        "{log}"
    );
}
