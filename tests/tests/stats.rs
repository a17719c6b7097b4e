//! `quizkit stats`: the counts of a small bank whose every number is known, in the three
//! formats, and the findings per rule agreeing with `quizkit lint --statistics`.

use std::path::PathBuf;

use quizkit_tests::guard::{DEADLINE, run_bounded};
use quizkit_tests::hostile::{ended, text, write};
use quizkit_tests::{quizkit, temp_dir};

/// Three questions in two topics: tags, difficulty set on two, one multiple-response key over
/// four options, one `checks` claim, and one question written in English only (so Dutch
/// coverage is 2 of 3 and lint reports missing translations).
const BANK: &[(&str, &str)] = &[
    (
        "c/category.toml",
        r#"title = { en = "C", nl = "C" }
"#,
    ),
    (
        "c/t1/q.toml",
        r#"[[question]]
id = "one"
stem = { en = "How many legs does a spider have?", nl = "Hoeveel poten heeft een spin?" }
answer = "A"
difficulty = "easy"
tags = ["animals", "counting"]
checks = ["2 * 4 = 8"]
explanation = { en = "Spiders have four pairs of legs.", nl = "Spinnen hebben vier paar poten." }
options = [{ en = "Eight", nl = "Acht" }, { en = "Six", nl = "Zes" }, { en = "Ten", nl = "Tien" }]

[[question]]
id = "two"
stem = { en = "Which of these are prime numbers?" }
answer = ["B", "D"]
tags = ["counting"]
explanation = { en = "Three and five have no divisors but one and themselves." }
options = [{ en = "Four" }, { en = "Three" }, { en = "Six" }, { en = "Five" }]
"#,
    ),
    (
        "c/t1/topic.toml",
        r#"title = { en = "T1", nl = "T1" }
"#,
    ),
    (
        "c/t2/q.toml",
        r#"[[question]]
id = "three"
stem = { en = "Which planet is closest to the Sun?", nl = "Welke planeet staat het dichtst bij de zon?" }
answer = "C"
difficulty = "hard"
explanation = { en = "Mercury orbits closest to the Sun.", nl = "Mercurius draait het dichtst om de zon." }
options = [{ en = "Venus", nl = "Venus" }, { en = "Mars", nl = "Mars" }, { en = "Mercury", nl = "Mercurius" }]
"#,
    ),
    (
        "c/t2/topic.toml",
        r#"title = { en = "T2", nl = "T2" }
"#,
    ),
    (
        "quizkit.toml",
        r#"id = "s"
languages = ["en", "nl"]
"#,
    ),
];

fn bank(name: &str) -> PathBuf {
    let dir = temp_dir(&format!("stats/{name}"));
    for (rel, body) in BANK {
        write(&dir, rel, body.as_bytes());
    }
    dir
}

fn stats(dir: &PathBuf, format: &str) -> String {
    let out = run_bounded(
        quizkit().arg("stats").arg(dir).args(["--format", format]),
        DEADLINE,
    );
    ended(&out, &[0]);
    text(&out.stdout)
}

#[test]
fn json_counts_every_dimension() {
    let dir = bank("json");
    let value: serde_json::Value =
        serde_json::from_str(&stats(&dir, "json")).expect("stats --format json is JSON");
    let expected = serde_json::json!({
        "questions": 3,
        "languages": ["en", "nl"],
        "categories": [{ "category": "c", "questions": 3 }],
        "topics": [{ "topic": "c/t1", "questions": 2 }, { "topic": "c/t2", "questions": 1 }],
        "tags": [{ "tag": "counting", "questions": 2 }, { "tag": "animals", "questions": 1 }],
        "difficulty": { "easy": 1, "medium": 0, "hard": 1, "unset": 1 },
        "coverage": { "en": 3, "nl": 2 },
        "keys": { "A": 1, "B": 1, "C": 1, "D": 1 },
        "multiple_response": 1,
        "options": [{ "options": 3, "questions": 2 }, { "options": 4, "questions": 1 }],
        "with_checks": 1,
        "checks": 1,
        "findings": [{ "code": "T001", "rule": "missing-translation", "severity": "error", "count": 6 }],
    });
    assert_eq!(value, expected);
}

#[test]
fn findings_per_rule_are_those_of_lint_statistics() {
    let dir = bank("findings");
    let value: serde_json::Value =
        serde_json::from_str(&stats(&dir, "json")).expect("stats --format json is JSON");
    let out = run_bounded(
        quizkit()
            .arg("lint")
            .arg(&dir)
            .args(["--statistics", "--format", "json"]),
        DEADLINE,
    );
    ended(&out, &[1]);
    let lint: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("lint --statistics is JSON");
    assert_eq!(value["findings"], lint);
}

#[test]
fn human_and_markdown_tables() {
    let dir = bank("tables");
    let human = stats(&dir, "human");
    assert!(
        human.starts_with("3 questions in 1 category and 2 topics; languages en, nl; 1 multiple-response; 1 with checks (1 claim); 6 findings.\n"),
        "{human}"
    );
    assert!(
        human.contains("\nKey letters\n  key  questions  share\n  A            1    33%\n  B            1    33%\n  C            1    33%\n  D            1    33%\n"),
        "{human}"
    );
    let markdown = stats(&dir, "markdown");
    assert!(
        markdown.contains("### Language coverage (stem, options, feedback and explanation all written)\n\n| language | questions | share |\n|---|---:|---:|\n| en | 3 | 100% |\n| nl | 2 | 67% |\n"),
        "{markdown}"
    );
    assert!(
        markdown.contains("| T001 missing-translation | error | 6 |"),
        "{markdown}"
    );
}

#[test]
fn a_bank_whose_config_does_not_load_gets_its_error_and_exit_1() {
    let dir = bank("broken");
    write(&dir, "quizkit.toml", b"id = \"s\"\nlanguages = [\"en\"\n");
    let out = run_bounded(quizkit().arg("stats").arg(&dir), DEADLINE);
    ended(&out, &[1]);
    let stderr = text(&out.stderr);
    assert!(stderr.contains("quizkit.toml:2:"), "{stderr}");
    assert!(stderr.contains("No statistics"), "{stderr}");
}
