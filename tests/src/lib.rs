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
pub mod release;

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

/// Writes a shell script standing in for a program (`uname`, `cargo`) and makes it executable.
pub fn write_script(path: &Path, body: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, body).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .unwrap_or_else(|e| panic!("cannot make {} executable: {e}", path.display()));
}

/// One entry of a zip: its name, its date (year, month, day, hour, minute) and its bytes.
pub type ZipEntry = (String, (u16, u8, u8, u8, u8), Vec<u8>);

/// Every entry of the zip at `path`, in zip order; panics on anything that is not a readable
/// zip of UTF-8 names, or on a name that appears twice.
pub fn zip_entries(path: &Path) -> Vec<ZipEntry> {
    use std::io::Read;
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .unwrap_or_else(|e| panic!("{}: not a zip: {e}", path.display()));
    let mut entries: Vec<ZipEntry> = Vec::with_capacity(archive.len());
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).expect("a zip entry");
        let name = entry.name().expect("a UTF-8 name").into_owned();
        let t = entry.last_modified().unwrap_or_default();
        let mut content = Vec::new();
        entry
            .read_to_end(&mut content)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            entries.iter().all(|(n, _, _)| *n != name),
            "{name} twice in {}",
            path.display()
        );
        entries.push((
            name,
            (t.year(), t.month(), t.day(), t.hour(), t.minute()),
            content,
        ));
    }
    entries
}

/// libxml2's `xmllint --nonet --noout --schema xsd files…` (offline, many files in one run):
/// `Err` with xmllint's messages when a file does not validate. Panics when xmllint is
/// missing, saying how to install it.
pub fn xmllint(xsd: &Path, files: &[PathBuf]) -> Result<(), String> {
    if files.is_empty() {
        return Err("no file to validate".into());
    }
    let out = std::process::Command::new("xmllint")
        .args(["--nonet", "--noout", "--schema"])
        .arg(xsd)
        .args(files)
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run xmllint ({e}): run `scripts/tools.sh`, which installs Debian's libxml2-utils")
        });
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("xmllint: {}", String::from_utf8_lossy(&out.stderr)))
    }
}

/// Runs `tests/py/anki_import.py` (the real Anki, from PyPI) on `collection` with `args`, and
/// returns the JSON it prints; fails with its standard error unless it succeeds.
pub fn anki_import(collection: &Path, args: &[&str]) -> serde_json::Value {
    let output = run(Command::new(tools_python())
        .arg(workspace_root().join("tests/py/anki_import.py"))
        .arg(collection)
        .args(args));
    assert!(
        output.status.success(),
        "anki_import.py failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("JSON from anki_import.py")
}

/// Runs a browser script from `tests/js/html/` and returns its standard output; fails with
/// its output unless it succeeds.
pub fn html_script(script: &str, args: &[&std::ffi::OsStr]) -> String {
    let path = workspace_root().join("tests/js/html").join(script);
    let output = run(tools_node().arg(&path).args(args));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{script} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}
