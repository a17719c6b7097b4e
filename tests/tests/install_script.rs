//! `scripts/install.sh`, the documented install path: which release build it picks for each
//! OS and CPU (with a stand-in `uname`), and a real install from a release laid out on disk,
//! checked against its checksum file; a corrupted download installs nothing. The scripts
//! (and the pre-commit hook's) pass shellcheck.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use quizkit_tests::release::{FakeRelease, fake_release, install_script};
use quizkit_tests::{quizkit, run, temp_dir, tools_dir, workspace_root};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn tag() -> String {
    format!("v{}", env!("CARGO_PKG_VERSION"))
}

/// Runs the install script against `release`, installing into `bin`.
fn install(release: &FakeRelease, bin: &Path, version: Option<&str>) -> Output {
    let mut cmd = Command::new("sh");
    cmd.arg(install_script())
        .env("QUIZKIT_RELEASES_URL", release.url())
        .env("QUIZKIT_INSTALL_DIR", bin)
        .env_remove("QUIZKIT_VERSION");
    if let Some(v) = version {
        cmd.env("QUIZKIT_VERSION", v);
    }
    run(&mut cmd)
}

fn version_of(bin: &Path) -> String {
    text(&run(Command::new(bin).arg("--version")).stdout)
}

/// A folder of stand-ins for `uname` and `sysctl`, answering from FAKE_* variables.
fn fake_uname(dir: &Path) -> PathBuf {
    let bin = dir.join("fakebin");
    std::fs::create_dir_all(&bin).expect("create");
    let scripts = [
        (
            "uname",
            "#!/bin/sh\ncase \"$1\" in -s) echo \"$FAKE_OS\" ;; -m) echo \"$FAKE_CPU\" ;; esac\n",
        ),
        (
            "sysctl",
            "#!/bin/sh\n[ -n \"$FAKE_ARM64\" ] || exit 1\necho \"$FAKE_ARM64\"\n",
        ),
    ];
    for (name, body) in scripts {
        quizkit_tests::write_script(&bin.join(name), body);
    }
    bin
}

#[test]
fn picks_the_release_build_for_each_os_and_cpu() {
    let dir = temp_dir("install-targets");
    let fakebin = fake_uname(&dir);
    let path = format!(
        "{}:{}",
        fakebin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let detect = |os: &str, cpu: &str, arm64: &str| {
        run(Command::new("sh")
            .arg(install_script())
            .arg("--print-target")
            .env("PATH", &path)
            .env("FAKE_OS", os)
            .env("FAKE_CPU", cpu)
            .env("FAKE_ARM64", arm64))
    };
    let cases = [
        ("Linux", "x86_64", "", "x86_64-unknown-linux-musl"),
        ("Linux", "amd64", "", "x86_64-unknown-linux-musl"),
        ("Linux", "aarch64", "", "aarch64-unknown-linux-musl"),
        ("Darwin", "arm64", "", "aarch64-apple-darwin"),
        ("Darwin", "x86_64", "", "x86_64-apple-darwin"),
        // A shell under Rosetta on Apple silicon: the native build.
        ("Darwin", "x86_64", "1", "aarch64-apple-darwin"),
        (
            "MINGW64_NT-10.0-26100",
            "x86_64",
            "",
            "x86_64-pc-windows-msvc",
        ),
        ("MSYS_NT-10.0", "x86_64", "", "x86_64-pc-windows-msvc"),
    ];
    for (os, cpu, arm64, want) in cases {
        let out = detect(os, cpu, arm64);
        assert!(out.status.success(), "{os} {cpu}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout).trim(), want, "{os} {cpu} {arm64}");
    }
    for (os, cpu) in [
        ("FreeBSD", "amd64"),
        ("Linux", "riscv64"),
        ("MINGW64_NT", "aarch64"),
    ] {
        let out = detect(os, cpu, "");
        assert!(!out.status.success(), "{os} {cpu} got a build");
        let err = text(&out.stderr);
        assert!(
            err.contains("no release build") && err.contains("cargo install quizkit"),
            "{os} {cpu}: {err}"
        );
    }
}

#[test]
fn installs_the_release_binary_after_checking_its_checksum() {
    let dir = temp_dir("install-ok");
    let release = fake_release(&dir.join("releases"), &tag());
    let bin = dir.join("bin");
    let want = text(&run(quizkit().arg("--version")).stdout);
    assert!(want.starts_with("quizkit "), "{want}");

    let out = install(&release, &bin, Some(&tag()));
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert_eq!(version_of(&bin.join("quizkit")), want);
    assert!(
        err.contains(&format!("downloading quizkit-{}.tar.gz", release.target)),
        "{err}"
    );
    assert!(err.contains(&format!("installed {}", want.trim())), "{err}");
    assert!(err.contains("is not on PATH"), "{err}");

    // The latest release, over the binary already there.
    let out = install(&release, &bin, None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("(latest)"));
    assert_eq!(version_of(&bin.join("quizkit")), want);
    let names: Vec<_> = std::fs::read_dir(&bin)
        .expect("read")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names, ["quizkit"], "only the binary is left behind");
}

#[test]
fn a_corrupted_download_installs_nothing() {
    let dir = temp_dir("install-corrupt");
    let release = fake_release(&dir.join("releases"), &tag());
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).expect("create");
    std::fs::write(bin.join("quizkit"), "the quizkit installed before").expect("write");

    let archive = release.asset(&tag(), &format!("quizkit-{}.tar.gz", release.target));
    let mut bytes = std::fs::read(&archive).expect("read");
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    // The asset is a link to a shared file: replace it, do not write through it.
    std::fs::remove_file(&archive).expect("remove");
    std::fs::write(&archive, bytes).expect("write");
    let out = install(&release, &bin, Some(&tag()));
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("checksum mismatch for quizkit-"), "{err}");
    assert!(err.contains("nothing was installed"), "{err}");
    assert_eq!(
        std::fs::read_to_string(bin.join("quizkit")).expect("read"),
        "the quizkit installed before"
    );
    assert_eq!(std::fs::read_dir(&bin).expect("read").count(), 1);
}

#[test]
fn a_missing_release_or_checksum_is_an_error_that_says_so() {
    let dir = temp_dir("install-missing");
    let release = fake_release(&dir.join("releases"), &tag());
    let bin = dir.join("bin");

    let out = install(&release, &bin, Some("v0.0.0-none"));
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("cannot download") && err.contains("is there a release v0.0.0-none"),
        "{err}"
    );

    let sums = release.asset(&tag(), &format!("quizkit-{}.sha256", release.target));
    std::fs::remove_file(&sums).expect("remove");
    std::fs::write(&sums, format!("{}  quizkit-other.tar.gz\n", "0".repeat(64))).expect("write");
    let out = install(&release, &bin, Some(&tag()));
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("does not list quizkit-"), "{err}");
    assert!(!bin.join("quizkit").exists());
}

#[test]
fn the_shell_scripts_pass_shellcheck() {
    let shellcheck = tools_dir().join("py/bin/shellcheck");
    assert!(
        shellcheck.is_file(),
        "shellcheck is missing at {}: run scripts/tools.sh",
        shellcheck.display()
    );
    let out = run(Command::new(shellcheck)
        .arg(install_script())
        .arg(workspace_root().join("scripts/pre-commit-hook.sh")));
    assert!(
        out.status.success(),
        "shellcheck:\n{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}
