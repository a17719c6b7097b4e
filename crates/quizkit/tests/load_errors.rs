//! A corpus of broken bank files: each yields a diagnostic at the right line and column, and
//! the rendered report is pinned by a snapshot.

use std::path::Path;

use quizkit::output::{Findings, human};
use quizkit_model::load::{Content, InputFile};
use quizkit_model::{Loaded, load};

const CONFIG: &str = "id = \"demo\"\nlanguages = [\"nl\", \"en\"]\n";

fn file(path: &str, bytes: impl Into<Vec<u8>>) -> InputFile {
    InputFile {
        path: path.to_owned(),
        content: Content::Bytes(bytes.into()),
    }
}

/// Loads a bank of `quizkit.toml` plus the given files.
fn load_with(files: Vec<InputFile>) -> Loaded {
    let mut all = vec![file("quizkit.toml", CONFIG)];
    all.extend(files);
    load(all)
}

fn render(loaded: &Loaded) -> String {
    let findings = Findings {
        root: Path::new("bank"),
        sources: &loaded.sources,
        diagnostics: &loaded.diagnostics,
    };
    human::render(&findings, false, 80)
}

/// The (code, line, column) of each diagnostic.
fn positions(loaded: &Loaded) -> Vec<(&'static str, usize, usize)> {
    loaded
        .diagnostics
        .iter()
        .map(|d| {
            let source = &loaded.sources[d.file.expect("a file").0 as usize];
            let (line, col) = source.line_col(d.span.start);
            (d.code, line, col)
        })
        .collect()
}

const GOOD: &str = r#"[[question]]
id = "q1"
stem.nl = "Welke?"
stem.en = "Which?"
answer = "A"

[[question.options]]
nl = "Een"
en = "One"

[[question.options]]
nl = "Twee"
en = "Two"
"#;

#[test]
fn a_good_file_loads_clean() {
    let loaded = load_with(vec![file("c/t/q.toml", GOOD)]);
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    let bank = loaded.bank.expect("bank");
    assert_eq!(bank.question_count(), 1);
    let (_, _, q) = bank.questions().next().expect("a question");
    assert_eq!(q.stem.get("en"), Some("Which?"));
    assert_eq!(q.options[1].text.get("nl"), Some("Twee"));
    assert_eq!(q.key_indices(), vec![0]);
}

#[test]
fn syntax_error() {
    let loaded = load_with(vec![file(
        "c/t/q.toml",
        GOOD.replace("stem.en = \"Which?\"", "stem.en = \"Which?"),
    )]);
    assert_eq!(positions(&loaded), vec![("S001", 4, 18)]);
    insta::assert_snapshot!(render(&loaded));
}

#[test]
fn wrong_type() {
    let loaded = load_with(vec![file(
        "c/t/q.toml",
        GOOD.replace("answer = \"A\"", "answer = 1"),
    )]);
    assert_eq!(positions(&loaded), vec![("S004", 5, 10)]);
    insta::assert_snapshot!(render(&loaded));
}

#[test]
fn unknown_key_suggests_the_right_one() {
    let loaded = load_with(vec![file(
        "c/t/q.toml",
        GOOD.replace("answer =", "anwser ="),
    )]);
    assert_eq!(positions(&loaded), vec![("S002", 5, 1)]);
    assert_eq!(
        loaded.diagnostics[0].help.as_deref(),
        Some("did you mean `answer`?")
    );
    insta::assert_snapshot!(render(&loaded));
}

#[test]
fn missing_field() {
    let loaded = load_with(vec![file("c/t/q.toml", GOOD.replace("id = \"q1\"\n", ""))]);
    assert_eq!(positions(&loaded), vec![("S003", 1, 1)]);
    insta::assert_snapshot!(render(&loaded));
}

#[test]
fn byte_order_mark_is_a_warning_and_the_file_still_loads() {
    let loaded = load_with(vec![file("c/t/q.toml", format!("\u{feff}{GOOD}"))]);
    assert_eq!(positions(&loaded), vec![("S008", 1, 1)]);
    assert_eq!(loaded.bank.as_ref().map(|b| b.question_count()), Some(1));
    insta::assert_snapshot!(render(&loaded));
}

#[test]
fn crlf_line_endings_keep_positions_right() {
    let crlf = GOOD
        .replace('\n', "\r\n")
        .replace("answer = \"A\"", "answer = 1");
    let loaded = load_with(vec![file("c/t/q.toml", crlf)]);
    assert_eq!(positions(&loaded), vec![("S004", 5, 10)]);
}

#[test]
fn invalid_utf8_points_at_the_byte() {
    let mut bytes = GOOD.as_bytes().to_vec();
    let at = GOOD.find("Twee").expect("Twee") + 1;
    bytes[at] = 0xff;
    let loaded = load_with(vec![file("c/t/q.toml", bytes)]);
    assert_eq!(positions(&loaded), vec![("S005", 12, 8)]);
    insta::assert_snapshot!(render(&loaded));
}

#[test]
fn empty_file_is_a_warning() {
    let loaded = load_with(vec![file("c/t/q.toml", "")]);
    assert_eq!(positions(&loaded), vec![("S009", 1, 1)]);
    assert!(!loaded.has_errors());
}

#[test]
fn a_ten_megabyte_string_loads_without_trouble() {
    let big = GOOD.replace("Een", &"x".repeat(10 * 1024 * 1024));
    let loaded = load_with(vec![file("c/t/q.toml", big)]);
    assert!(loaded.diagnostics.is_empty());
    let bank = loaded.bank.expect("bank");
    let (_, _, q) = bank.questions().next().expect("a question");
    assert_eq!(
        q.options[0].text.get("nl").map(str::len),
        Some(10 * 1024 * 1024)
    );
}

#[test]
fn repeated_key() {
    let loaded = load_with(vec![file(
        "c/t/q.toml",
        GOOD.replace("answer = \"A\"", "answer = \"A\"\nanswer = \"B\""),
    )]);
    assert_eq!(positions(&loaded), vec![("S001", 6, 1)]);
    insta::assert_snapshot!(render(&loaded));
}

#[test]
fn folder_named_like_a_question_file() {
    let loaded = load_with(vec![InputFile {
        path: "c/t/more.toml".into(),
        content: Content::Directory,
    }]);
    assert_eq!(positions(&loaded), vec![("S006", 1, 1)]);
    insta::assert_snapshot!(render(&loaded));
}

#[test]
fn question_file_outside_a_topic() {
    let loaded = load_with(vec![file("c/q.toml", GOOD)]);
    assert_eq!(positions(&loaded), vec![("S006", 1, 1)]);
}

#[test]
fn unknown_language_suggests_a_bank_language() {
    let loaded = load_with(vec![file(
        "c/t/q.toml",
        GOOD.replace("stem.en", "stem.eng"),
    )]);
    assert_eq!(positions(&loaded), vec![("S007", 4, 6)]);
    insta::assert_snapshot!(render(&loaded));
}

#[test]
fn one_broken_file_does_not_hide_the_others() {
    let loaded = load_with(vec![
        file("c/t/a.toml", GOOD.replace("answer =", "anwser =")),
        file("c/t/b.toml", GOOD.replace("q1", "q2")),
        file("c/t/c.toml", GOOD.replace("answer = \"A\"", "answer = 1")),
    ]);
    assert_eq!(positions(&loaded), vec![("S002", 5, 1), ("S004", 5, 10)]);
    assert_eq!(loaded.bank.expect("bank").question_count(), 1);
}

#[test]
fn plain_strings_take_the_first_language() {
    let loaded = load_with(vec![file(
        "c/t/q.toml",
        "[[question]]\nid = \"p\"\nstem = \"Welke?\"\noptions = [\"a\", { text = \"b\", feedback = \"nee\" }]\n",
    )]);
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    let bank = loaded.bank.expect("bank");
    let (_, _, q) = bank.questions().next().expect("a question");
    assert_eq!(q.stem.get("nl"), Some("Welke?"));
    assert_eq!(q.stem.entries[0].text.span, q.stem.span);
    assert_eq!(
        q.options[1].feedback.as_ref().and_then(|f| f.get("nl")),
        Some("nee")
    );
}
