//! `quizkit fmt` end to end: the shipped bank is formatted (`--check` passes), `--check`
//! shows a diff and exits 1 without touching anything, formatting writes the canonical text,
//! keeps comments and is idempotent, and a broken file is reported at its line and column and
//! left as it was.

use std::fs;
use std::path::Path;

use quizkit_tests::{copy_tree, quizkit, run, temp_dir, workspace_root};

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A copy of the shipped bank in a fresh folder.
fn shipped_copy(name: &str) -> std::path::PathBuf {
    let dir = temp_dir(name).join("bank");
    copy_tree(&workspace_root().join("questions"), &dir);
    dir
}

const MESSY: &str = r#"#:schema ../../../schema/questions.schema.json
# Written by hand, in another layout.
[[question]]
tags = ['cache']   # a tag
answer = "B"
id = "fmt-messy"
stem = { nl = 'Welk niveau is geen cache?', en = "Which level is not a cache?" }
options = [
  { nl = "L3", en = "L3" },
  # the key
  { nl = "Registerbestand", en = "Register file" },
  { nl = "L2", en = "L2" },
]

[question.explanation]
nl = "Het registerbestand is geen cache."
en = 'The register file is not a cache.'
"#;

const TIDY: &str = r#"#:schema ../../../schema/questions.schema.json

# Written by hand, in another layout.
[[question]]
id = "fmt-messy"
stem.nl = "Welk niveau is geen cache?"
stem.en = "Which level is not a cache?"
answer = "B"
explanation.nl = """Het registerbestand is geen cache."""
explanation.en = """The register file is not a cache."""
tags = ["cache"] # a tag

[[question.options]]
nl = "L3"
en = "L3"

# the key
[[question.options]]
nl = "Registerbestand"
en = "Register file"

[[question.options]]
nl = "L2"
en = "L2"
"#;

#[test]
fn the_shipped_bank_passes_check() {
    let o = run(quizkit()
        .arg("fmt")
        .arg("--check")
        .arg(workspace_root().join("questions")));
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("8 files already formatted"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn check_shows_a_diff_exits_1_and_changes_nothing() {
    let bank = shipped_copy("fmt-check");
    let file = bank.join("computersystemen/ai-hardware/99-messy.toml");
    fs::write(&file, MESSY).expect("write");
    let o = run(quizkit().arg("fmt").arg("--check").arg(&bank));
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("--- ") && out.contains("+++ ") && out.contains("@@"),
        "{out}"
    );
    assert!(
        out.contains("+stem.nl = \"Welk niveau is geen cache?\""),
        "{out}"
    );
    assert!(
        out.contains("-stem = { nl = 'Welk niveau is geen cache?'"),
        "{out}"
    );
    assert!(
        out.contains(
            "1 file would be reformatted, 8 already formatted: run `quizkit fmt` to format it"
        ),
        "{out}"
    );
    assert_eq!(fs::read_to_string(&file).expect("read"), MESSY);
}

#[test]
fn formatting_writes_the_canonical_text_keeps_comments_and_is_idempotent() {
    let bank = shipped_copy("fmt-write");
    let file = bank.join("computersystemen/ai-hardware/99-messy.toml");
    fs::write(&file, MESSY).expect("write");
    let before = run(quizkit().arg("lint").arg("--format").arg("json").arg(&bank));
    let o = run(quizkit().arg("fmt").arg(&bank));
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("1 file reformatted, 8 already formatted"),
        "{}",
        stdout(&o)
    );
    assert_eq!(fs::read_to_string(&file).expect("read"), TIDY);
    // No temporary file left beside it.
    let names: Vec<String> = fs::read_dir(file.parent().expect("dir"))
        .expect("list")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.starts_with('.')), "{names:?}");
    // The same findings before and after, apart from where they point.
    let after = run(quizkit().arg("lint").arg("--format").arg("json").arg(&bank));
    assert_eq!(before.status.code(), after.status.code());
    let codes = |o: &std::process::Output| {
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("lint JSON");
        let mut codes: Vec<String> = v
            .as_array()
            .expect("a list of findings")
            .iter()
            .map(|d| format!("{} {}", d["code"], d["message"]))
            .collect();
        codes.sort();
        codes
    };
    assert!(
        !codes(&before).is_empty(),
        "the messy question has findings"
    );
    assert_eq!(codes(&before), codes(&after));
    // Again: nothing to do.
    let o = run(quizkit().arg("fmt").arg("--check").arg(&bank));
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("9 files already formatted"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn one_file_can_be_formatted_alone() {
    let dir = temp_dir("fmt-one");
    let file = dir.join("q.toml");
    fs::write(&file, MESSY).expect("write");
    let o = run(quizkit().arg("fmt").arg("--check").arg(&file));
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    let o = run(quizkit().arg("fmt").arg(&file));
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert_eq!(fs::read_to_string(&file).expect("read"), TIDY);
}

#[test]
fn a_broken_file_is_reported_at_its_line_and_column_and_left_alone() {
    let bank = shipped_copy("fmt-broken");
    let broken = bank.join("computersystemen/ai-hardware/99-broken.toml");
    let text = "[[question]]\nid = \"broken\nstem = \"s\"\n";
    fs::write(&broken, text).expect("write");
    let messy = bank.join("computersystemen/ai-hardware/98-messy.toml");
    fs::write(&messy, MESSY).expect("write");
    for check in [true, false] {
        let mut cmd = quizkit();
        cmd.arg("fmt").arg(&bank);
        if check {
            cmd.arg("--check");
        }
        let o = run(&mut cmd);
        assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
        let err = stderr(&o);
        assert!(err.contains("S001 toml-syntax"), "{err}");
        assert!(err.contains("99-broken.toml:2:"), "{err}");
        assert!(
            stdout(&o).contains("1 file could not be formatted and was left as it is"),
            "{}",
            stdout(&o)
        );
        assert_eq!(fs::read_to_string(&broken).expect("read"), text);
    }
    // The other files were formatted all the same.
    assert_eq!(fs::read_to_string(&messy).expect("read"), TIDY);
}

#[test]
fn a_path_that_is_not_a_bank_is_a_usage_error() {
    let dir = temp_dir("fmt-nobank");
    let o = run(quizkit().arg("fmt").arg(dir.join("nothing-here")));
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    assert!(stderr(&o).contains("does not exist"), "{}", stderr(&o));
    let txt = dir.join("notes.txt");
    fs::write(&txt, "x").expect("write");
    let o = run(quizkit().arg("fmt").arg(&txt));
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    assert!(Path::new(&txt).is_file());
}

#[cfg(unix)]
#[test]
fn a_linked_file_is_formatted_through_its_link() {
    let bank = shipped_copy("fmt-link");
    let dir = bank.join("computersystemen/ai-hardware");
    fs::write(dir.join("real.toml"), MESSY).expect("write");
    std::os::unix::fs::symlink("real.toml", dir.join("99-link.toml")).expect("symlink");
    let o = run(quizkit().arg("fmt").arg(&bank));
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let link = fs::symlink_metadata(dir.join("99-link.toml")).expect("stat");
    assert!(
        link.file_type().is_symlink(),
        "the link was replaced by a file"
    );
    assert_eq!(
        fs::read_to_string(dir.join("real.toml")).expect("read"),
        TIDY
    );
}
