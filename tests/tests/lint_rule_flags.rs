//! `quizkit lint --select / --extend-select / --ignore`: the command line chooses rules on top
//! of `[lint]` in `quizkit.toml`, and a name that matches no rule is a usage error.

use std::collections::BTreeSet;
use std::path::Path;

use quizkit_tests::guard::{DEADLINE, run_bounded};
use quizkit_tests::hostile::{CONFIG, QUESTION, bank, ended, text, write};
use quizkit_tests::quizkit;
use serde_json::Value;

/// A bank whose one question has "all of the above" (F009) and "none of the above" (F003),
/// both of which also refer to the other options while they are shuffled (K003).
fn flawed(name: &str) -> std::path::PathBuf {
    let dir = bank(name);
    let question = QUESTION.replace(
        "[\"Blue\", \"Green\", \"Red\"]",
        "[\"Blue\", \"All of the above\", \"None of the above\"]",
    );
    write(&dir, "c/t/q.toml", question.as_bytes());
    dir
}

/// The codes `quizkit lint --format json ARGS` reports on `dir`.
fn codes(dir: &Path, args: &[&str]) -> BTreeSet<String> {
    let out = run_bounded(
        quizkit()
            .arg("lint")
            .arg(dir)
            .args(["--format", "json"])
            .args(args),
        DEADLINE,
    );
    ended(&out, &[0, 1]);
    let findings: Value = serde_json::from_slice(&out.stdout).expect("JSON findings");
    findings
        .as_array()
        .expect("an array")
        .iter()
        .map(|f| f["code"].as_str().expect("a code").to_owned())
        .collect()
}

fn set(codes: &[&str]) -> BTreeSet<String> {
    codes.iter().map(|c| (*c).to_owned()).collect()
}

#[test]
fn the_command_line_selects_and_ignores_rules() {
    let dir = flawed("flags");
    assert_eq!(codes(&dir, &[]), set(&["F003", "F009", "K003"]));
    assert_eq!(codes(&dir, &["--select", "F009"]), set(&["F009"]));
    assert_eq!(
        codes(&dir, &["--select", "all-of-the-above"]),
        set(&["F009"])
    );
    assert_eq!(codes(&dir, &["--ignore", "F003"]), set(&["F009", "K003"]));
    assert_eq!(
        codes(&dir, &["--select", "Q", "--extend-select", "F003"]),
        set(&["F003"])
    );
    // Comma-separated, and the most specific selector wins, as in `quizkit.toml`.
    assert_eq!(
        codes(&dir, &["--select", "F,K", "--ignore", "item-writing"]),
        set(&["K003"])
    );
    assert_eq!(
        codes(
            &dir,
            &["--ignore", "F", "--extend-select", "none-of-the-above"]
        ),
        set(&["F003", "K003"])
    );
}

#[test]
fn the_command_line_adds_to_the_configuration() {
    let dir = flawed("flags-config");
    let config = format!("{CONFIG}\n[lint]\nignore = [\"F003\"]\n");
    write(&dir, "quizkit.toml", config.as_bytes());
    assert_eq!(codes(&dir, &[]), set(&["F009", "K003"]));
    // `--ignore` adds to the file's list; `--select` replaces the file's `select` only.
    assert_eq!(codes(&dir, &["--ignore", "F009"]), set(&["K003"]));
    assert_eq!(codes(&dir, &["--select", "F"]), set(&["F009"]));
}

#[test]
fn a_name_that_matches_no_rule_is_a_usage_error() {
    let dir = flawed("flags-unknown");
    let out = run_bounded(
        quizkit()
            .args(["--color", "never", "lint"])
            .arg(&dir)
            .args(["--select", "F009,duplicate-optoins"]),
        DEADLINE,
    );
    ended(&out, &[2]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("`duplicate-optoins` names no lint rule")
            && stderr.contains("did you mean `duplicate-options`?"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
}
