//! `quizkit lint FILE` on a question file with no `quizkit.toml` in its folder or above: the file
//! is checked as a bank of one topic, with a note on how to make it a full bank, and its
//! findings point at the file as the user named it.

use std::path::Path;

use quizkit_tests::guard::{DEADLINE, run_bounded};
use quizkit_tests::hostile::{ended, text, write};
use quizkit_tests::{quizkit, temp_dir};

const TWO_LANGUAGES: &str = r#"[[question]]
id = "sky"
stem.nl = "Welke kleur heeft een heldere lucht?"
stem.en = "Which colour is a clear sky?"
answer = "A"
explanation.nl = "Lucht verstrooit blauw licht het sterkst."
explanation.en = "Air scatters blue light most."
options = [{ nl = "Blauw", en = "Blue" }, { nl = "Groen", en = "Green" }, { nl = "Rood", en = "Red" }]

[[question]]
id = "sea"
stem.nl = "Welke kleur heeft de zee meestal?"
answer = "A"
explanation.nl = "Water slorpt rood licht op."
options = [{ nl = "Blauw" }, { nl = "Geel" }, { nl = "Paars" }]
"#;

const ONE_LANGUAGE: &str = "[[question]]\nid = \"sum\"\nstem = \"What is two plus two?\"\nanswer = \"B\"\nexplanation = \"Two and two make four.\"\noptions = [\"Three\", \"Four\", \"Five\"]\n";

fn lint(dir: &Path, file: &str, extra: &[&str]) -> std::process::Output {
    run_bounded(
        quizkit().current_dir(dir).arg("lint").arg(file).args(extra),
        DEADLINE,
    )
}

#[test]
fn a_clean_lone_file_passes_with_a_note_on_making_a_bank() {
    let dir = temp_dir("lone/clean");
    write(&dir, "questions.toml", ONE_LANGUAGE.as_bytes());
    let out = lint(&dir, "questions.toml", &[]);
    ended(&out, &[0]);
    assert_eq!(text(&out.stdout), "All checks passed: 1 question.\n");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("`questions.toml` has no quizkit.toml")
            && stderr.contains("bank of one topic in en")
            && stderr.contains("quizkit new bank DIR"),
        "{stderr}"
    );
}

#[test]
fn findings_point_at_the_file_as_named_in_the_languages_it_uses() {
    let dir = temp_dir("lone/findings");
    write(&dir, "drafts/colours.toml", TWO_LANGUAGES.as_bytes());
    let out = lint(&dir, "drafts/colours.toml", &[]);
    ended(&out, &[1]);
    let stdout = text(&out.stdout);
    // The second question has no English stem: line 12, where its `stem.nl` is.
    assert!(stdout.contains("drafts/colours.toml:12:"), "{stdout}");
    assert!(stdout.contains("missing-translation"), "{stdout}");
    assert!(
        text(&out.stderr).contains("bank of one topic in nl, en"),
        "{}",
        text(&out.stderr)
    );
    let out = lint(&dir, "drafts/colours.toml", &["--format", "json"]);
    ended(&out, &[1]);
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let findings = findings.as_array().expect("an array");
    assert!(!findings.is_empty());
    for f in findings {
        assert_eq!(f["path"], "drafts/colours.toml", "{f}");
    }
}

#[test]
fn a_file_inside_a_bank_names_the_bank_to_pass() {
    let dir = temp_dir("lone/inside");
    write(
        &dir,
        "bank/quizkit.toml",
        b"id = \"b\"\nlanguages = [\"en\"]\n",
    );
    write(&dir, "bank/c/t/q.toml", ONE_LANGUAGE.as_bytes());
    let out = lint(&dir, "bank/c/t/q.toml", &[]);
    ended(&out, &[2]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("is a file inside the bank at")
            && stderr.contains("pass the bank's folder"),
        "{stderr}"
    );
}

#[test]
fn a_lone_file_that_is_not_toml_gets_a_syntax_error_at_its_line() {
    let dir = temp_dir("lone/broken");
    write(
        &dir,
        "q.toml",
        b"[[question]]\nid = \"x\"\nstem = \"unterminated\n",
    );
    let out = lint(&dir, "q.toml", &[]);
    ended(&out, &[1]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("toml-syntax") && stdout.contains("q.toml:3:"),
        "{stdout}"
    );
}
