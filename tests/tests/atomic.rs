//! Atomic output: an export that fails midway leaves the previous output byte-identical and no
//! temporary file behind, for every target in `quizkit_export::ALL`. The failures are real: a
//! folder that cannot be written (`chattr +i` as root, mode 555 otherwise), a path whose
//! parent is a file, a file-size limit hit midway (RLIMIT_FSIZE), a full disk (a 64 KiB-scale
//! tmpfs: a test that cannot mount one fails with a message), and errors injected into the
//! writer itself.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use quizkit_export::Target;
use quizkit_tests::guard::{DEADLINE, run_bounded};
use quizkit_tests::hostile::{QUESTION, bank, ended, text, write};
use quizkit_tests::quizkit;

/// `s` without whitespace and the frame miette draws when it wraps a long message, so a
/// wrapped path or phrase still matches.
fn squash(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '│')
        .collect()
}

/// Every file under `path` (or `path` itself) with its bytes; empty when nothing is there.
fn snapshot(path: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            for entry in fs::read_dir(&p).into_iter().flatten().flatten() {
                stack.push(entry.path());
            }
        } else if let Ok(bytes) = fs::read(&p) {
            out.insert(p.strip_prefix(path).unwrap_or(&p).to_path_buf(), bytes);
        }
    }
    out
}

/// The names in a folder.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Where a target's output goes inside `dir`.
fn out_path(dir: &Path, target: &Target) -> PathBuf {
    dir.join(target.default_path)
}

fn export(bank: &Path, target: &Target, out: &Path) -> Command {
    let mut cmd = quizkit();
    cmd.arg("export")
        .arg(bank)
        .args(["--to", target.name, "-o"])
        .arg(out);
    cmd
}

/// Exports `bank` to `out`, which must succeed, and returns what it wrote.
fn export_ok(bank: &Path, target: &Target, out: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let result = run_bounded(&mut export(bank, target, out), DEADLINE);
    ended(&result, &[0]);
    let files = snapshot(out);
    assert!(
        !files.is_empty(),
        "{}: nothing written to {}",
        target.name,
        out.display()
    );
    files
}

/// A second bank whose export differs from [`bank`]'s and is large even compressed: one
/// question with a 1 MiB explanation of pseudo-random letters.
fn big_bank(name: &str) -> PathBuf {
    let dir = bank(name);
    let mut state: u32 = 0x2545_f491;
    let noise: String = (0..1024 * 1024)
        .map(|i| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            if i % 8 == 7 {
                ' '
            } else {
                char::from(b'a' + (state % 26) as u8)
            }
        })
        .collect();
    let big = QUESTION.replace("Air scatters blue light most.", &noise);
    write(&dir, "c/t/q.toml", big.as_bytes());
    dir
}

/// Checks that a failed export left `out` as `before`, and its folder's names as `names_before`.
fn unchanged(
    target: &Target,
    how: &str,
    out: &Path,
    before: &BTreeMap<PathBuf, Vec<u8>>,
    names_before: &[String],
) {
    let parent = out.parent().unwrap_or(Path::new("."));
    assert!(
        snapshot(out) == *before,
        "{}: {how}: the previous output changed",
        target.name
    );
    assert_eq!(
        names(parent),
        names_before,
        "{}: {how}: files left behind in {}",
        target.name,
        parent.display()
    );
}

fn targets() -> &'static [Target] {
    assert!(
        !quizkit_export::ALL.is_empty(),
        "quizkit_export::ALL lists no target"
    );
    quizkit_export::ALL
}

#[cfg(unix)]
fn is_root(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    fs::metadata(path).map(|m| m.uid() == 0).unwrap_or(false)
}

/// Makes a folder unwritable until dropped: `chattr +i` as root (whom mode bits do not stop),
/// mode 555 otherwise.
struct ReadOnly(PathBuf, bool);

impl ReadOnly {
    fn new(dir: &Path) -> ReadOnly {
        let root = is_root(dir);
        if root {
            let out = quizkit_tests::run(Command::new("chattr").arg("+i").arg(dir));
            assert!(
                out.status.success(),
                "chattr +i {}: {}",
                dir.display(),
                text(&out.stderr)
            );
        } else {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(dir, fs::Permissions::from_mode(0o555)).expect("chmod 555");
        }
        ReadOnly(dir.to_path_buf(), root)
    }
}

impl Drop for ReadOnly {
    fn drop(&mut self) {
        if self.1 {
            let _ = Command::new("chattr").arg("-i").arg(&self.0).status();
        } else {
            use std::os::unix::fs::PermissionsExt;
            let _ = fs::set_permissions(&self.0, fs::Permissions::from_mode(0o755));
        }
    }
}

#[test]
fn a_read_only_folder_leaves_the_previous_output() {
    let small = bank("atomic-ro-small");
    let big = big_bank("atomic-ro-big");
    for target in targets() {
        let dir = small.with_extension(format!("out-{}", target.name));
        let _ = fs::remove_dir_all(&dir);
        let out = out_path(&dir, target);
        let before = export_ok(&small, target, &out);
        let names_before = names(&dir);
        {
            let _lock = ReadOnly::new(&dir);
            let result = run_bounded(&mut export(&big, target, &out), DEADLINE);
            ended(&result, &[2]);
            assert!(
                squash(&text(&result.stderr)).contains(&squash(&dir.display().to_string())),
                "{}: the failure does not name the folder:\n{}",
                target.name,
                text(&result.stderr)
            );
        }
        unchanged(target, "read-only folder", &out, &before, &names_before);
    }
}

#[test]
fn an_output_path_under_a_file_fails_cleanly() {
    let small = bank("atomic-under-file");
    for target in targets() {
        let dir = small.with_extension(format!("out-{}", target.name));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("mkdir");
        fs::write(dir.join("a-file"), b"keep me").expect("write");
        let out = dir.join("a-file").join(target.default_path);
        let result = run_bounded(&mut export(&small, target, &out), DEADLINE);
        ended(&result, &[2]);
        assert_eq!(fs::read(dir.join("a-file")).expect("read"), b"keep me");
        assert_eq!(names(&dir), ["a-file"]);
    }
}

/// `inner` run under a file-size limit of `blocks` 512-byte blocks: writing past it fails with
/// EFBIG (SIGXFSZ is ignored, and stays ignored across exec), so quizkit sees the error midway
/// through a write.
fn with_file_size_limit(inner: &Command, blocks: usize) -> Command {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg("trap '' XFSZ; ulimit -f \"$0\" && exec \"$@\"")
        .arg(blocks.to_string())
        .arg(inner.get_program())
        .args(inner.get_args());
    for (k, v) in inner.get_envs() {
        match v {
            Some(v) => cmd.env(k, v),
            None => cmd.env_remove(k),
        };
    }
    cmd
}

#[test]
fn a_file_size_limit_hit_midway_leaves_the_previous_output() {
    let small = bank("atomic-fsize-small");
    let big = big_bank("atomic-fsize-big");
    for target in targets() {
        let dir = small.with_extension(format!("out-{}", target.name));
        let _ = fs::remove_dir_all(&dir);
        let out = out_path(&dir, target);
        let before = export_ok(&small, target, &out);
        let largest = before.values().map(Vec::len).max().unwrap_or(0);
        let names_before = names(&dir);
        let limit_blocks = largest / 512 + 64;
        let mut cmd = with_file_size_limit(&export(&big, target, &out), limit_blocks);
        let result = run_bounded(&mut cmd, DEADLINE);
        ended(&result, &[2]);
        unchanged(target, "file size limit", &out, &before, &names_before);
    }
}

/// A tmpfs mounted for the test, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    /// Mounts a tmpfs of `kib` KiB at `dir`, or says why it cannot.
    fn mount(dir: &Path, kib: usize) -> Result<Tmpfs, String> {
        fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"])
            .arg(dir)
            .output()
            .map_err(|e| e.to_string())?;
        if out.status.success() {
            Ok(Tmpfs(dir.to_path_buf()))
        } else {
            Err(text(&out.stderr))
        }
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_full_disk_leaves_the_previous_output() {
    let small = bank("atomic-full-small");
    let big = big_bank("atomic-full-big");
    for target in targets() {
        // Measure the previous output, then give the tmpfs room for it and 64 KiB more.
        let probe = small.with_extension(format!("probe-{}", target.name));
        let _ = fs::remove_dir_all(&probe);
        let size: usize = export_ok(&small, target, &out_path(&probe, target))
            .values()
            .map(|b| b.len().div_ceil(4096) * 4096)
            .sum();
        let dir = small.with_extension(format!("out-{}", target.name));
        let _ = fs::remove_dir_all(&dir);
        // A test that cannot mount its full disk fails, as a missing tool does.
        let mount = Tmpfs::mount(&dir, size / 1024 + 64).unwrap_or_else(|why| {
            panic!("cannot mount a tmpfs for the full-disk test ({why}); run the suite as root")
        });
        let out = out_path(&dir, target);
        let before = export_ok(&small, target, &out);
        let names_before = names(&dir);
        let result = run_bounded(&mut export(&big, target, &out), DEADLINE);
        ended(&result, &[2]);
        assert!(
            squash(&text(&result.stderr)).contains(&squash("No space left on device")),
            "{}: {}",
            target.name,
            text(&result.stderr)
        );
        unchanged(target, "full disk", &out, &before, &names_before);
        drop(mount);
    }
}

#[test]
fn a_successful_export_replaces_the_previous_output_and_leaves_no_temporary_file() {
    let small = bank("atomic-replace-small");
    let big = big_bank("atomic-replace-big");
    for target in targets() {
        let dir = small.with_extension(format!("out-{}", target.name));
        let _ = fs::remove_dir_all(&dir);
        let out = out_path(&dir, target);
        let before = export_ok(&small, target, &out);
        let after = export_ok(&big, target, &out);
        assert_ne!(before, after, "{}: the output did not change", target.name);
        assert_eq!(
            names(&dir),
            [out.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()],
            "{}: files left beside the output",
            target.name
        );
    }
}

/// Errors injected into the writer: a file list that turns bad after some files were staged,
/// and a target that is a folder where a file is to go.
mod injected {
    use super::*;
    use quizkit::fsio::{write_atomic, write_dir_atomic};

    #[test]
    fn a_bad_file_after_staging_started_leaves_the_folder_as_it_was() {
        let dir = bank("atomic-injected").with_extension("out");
        let _ = fs::remove_dir_all(&dir);
        let site = dir.join("site");
        let good = vec![("index.html".to_owned(), b"old".to_vec())];
        write_dir_atomic(&site, &good).expect("first write");
        let before = snapshot(&site);
        for bad in ["../escape.html", "/abs.html", "a//b.html", "a/../../b.html"] {
            let files = vec![
                ("index.html".to_owned(), b"new".to_vec()),
                ("sub/page.html".to_owned(), b"new".to_vec()),
                (bad.to_owned(), b"evil".to_vec()),
            ];
            let err = write_dir_atomic(&site, &files).expect_err(bad);
            assert!(
                err.message.contains("outside the output folder"),
                "{}",
                err.message
            );
            assert!(snapshot(&site) == before, "{bad}: the folder changed");
            assert_eq!(names(&dir), ["site"], "{bad}: files left behind");
        }
        assert!(!dir.join("escape.html").exists() && !Path::new("/abs.html").exists());
    }

    #[test]
    fn a_rename_that_fails_leaves_no_temporary_file() {
        let dir = bank("atomic-rename").with_extension("out");
        let _ = fs::remove_dir_all(&dir);
        // The target is a non-empty folder: the temporary file is written, then the rename
        // onto the folder fails.
        write(&dir, "out.json/keep", b"keep");
        let err = write_atomic(&dir.join("out.json"), b"{}").expect_err("rename onto a folder");
        assert!(err.message.contains("out.json"), "{}", err.message);
        assert_eq!(fs::read(dir.join("out.json/keep")).expect("read"), b"keep");
        assert_eq!(names(&dir), ["out.json"]);
    }
}

/// `quizkit build` replaces `dist/` as a whole: a failure in any target, or in writing,
/// leaves the previous `dist/` as it was and nothing beside it.
mod build {
    use super::*;

    fn build(bank: &Path, out: &Path) -> Command {
        let mut cmd = quizkit();
        cmd.arg("build").arg(bank).arg("-o").arg(out);
        cmd
    }

    /// A fresh `parent/dist` built from a small bank: its files and the names in `parent`.
    fn previous(parent: &Path) -> (PathBuf, BTreeMap<PathBuf, Vec<u8>>, Vec<String>) {
        let _ = fs::remove_dir_all(parent);
        fs::create_dir_all(parent).expect("mkdir");
        let dist = parent.join("dist");
        let name = parent
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let small = bank(&format!("{name}-small"));
        let result = run_bounded(&mut build(&small, &dist), DEADLINE);
        ended(&result, &[0]);
        let before = snapshot(&dist);
        assert!(
            before.len() >= quizkit_export::ALL.len(),
            "a build wrote {} files",
            before.len()
        );
        (dist, before, names(parent))
    }

    fn dist_unchanged(
        how: &str,
        dist: &Path,
        before: &BTreeMap<PathBuf, Vec<u8>>,
        names_before: &[String],
    ) {
        assert!(snapshot(dist) == *before, "build: {how}: dist/ changed");
        let parent = dist.parent().unwrap_or(Path::new("."));
        assert_eq!(
            names(parent),
            names_before,
            "build: {how}: files left behind"
        );
    }

    #[test]
    fn a_target_that_fails_after_others_were_written_leaves_dist() {
        // An Anki deck holds one language, so `--lang all` fails at the anki target; the json,
        // moodle and gift targets before it have been written to the staging folder by then.
        let failing = big_bank("atomic-build-late-failure");
        let parent = failing.with_extension("out");
        let (dist, before, names_before) = previous(&parent);
        let result = run_bounded(build(&failing, &dist).args(["--lang", "all"]), DEADLINE);
        ended(&result, &[2]);
        assert!(
            text(&result.stderr).contains("an Anki deck holds one language"),
            "{}",
            text(&result.stderr)
        );
        dist_unchanged("a target fails", &dist, &before, &names_before);
    }

    #[test]
    fn a_read_only_parent_leaves_dist() {
        let big = big_bank("atomic-build-ro");
        let parent = big.with_extension("out");
        let (dist, before, names_before) = previous(&parent);
        {
            let _lock = ReadOnly::new(&parent);
            let result = run_bounded(&mut build(&big, &dist), DEADLINE);
            ended(&result, &[2]);
        }
        dist_unchanged("read-only parent", &dist, &before, &names_before);
    }

    #[test]
    fn a_file_size_limit_hit_midway_leaves_dist() {
        let big = big_bank("atomic-build-fsize");
        let parent = big.with_extension("out");
        let (dist, before, names_before) = previous(&parent);
        let largest = before.values().map(Vec::len).max().unwrap_or(0);
        let mut cmd = with_file_size_limit(&build(&big, &dist), largest / 512 + 64);
        let result = run_bounded(&mut cmd, DEADLINE);
        ended(&result, &[2]);
        dist_unchanged("file size limit", &dist, &before, &names_before);
    }

    #[test]
    fn a_full_disk_leaves_dist() {
        let big = big_bank("atomic-build-full");
        let probe = big.with_extension("probe");
        let (_, probed, _) = previous(&probe);
        let size: usize = probed.values().map(|b| b.len().div_ceil(4096) * 4096).sum();
        let parent = big.with_extension("out");
        let _ = fs::remove_dir_all(&parent);
        let mount = Tmpfs::mount(&parent, size / 1024 + 128).unwrap_or_else(|why| {
            panic!("cannot mount a tmpfs for the full-disk test ({why}); run the suite as root")
        });
        let dist = parent.join("dist");
        let result = run_bounded(
            &mut build(&bank("atomic-build-full-small"), &dist),
            DEADLINE,
        );
        ended(&result, &[0]);
        let before = snapshot(&dist);
        let names_before = names(&parent);
        let result = run_bounded(&mut build(&big, &dist), DEADLINE);
        ended(&result, &[2]);
        assert!(
            squash(&text(&result.stderr)).contains(&squash("No space left on device")),
            "{}",
            text(&result.stderr)
        );
        dist_unchanged("full disk", &dist, &before, &names_before);
        drop(mount);
    }
}
