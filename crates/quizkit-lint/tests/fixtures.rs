//! Every rule against its fixtures: `tests/fixtures/<rule-name>/invalid.toml` fires exactly on
//! the lines annotated `# expect: CODE` (a comment-only annotation line expects a finding
//! outside the file, such as a bank-level statistic), and `valid.toml` is silent. The rendered
//! findings of `invalid.toml` are snapshots in `tests/snapshots/<rule-name>.snap`. The images
//! of a fixture folder are the bank's: `media/` its `media/` folder, `topic/` the question
//! file's own folder.

mod common;

use std::collections::BTreeSet;
use std::panic::{AssertUnwindSafe, catch_unwind};

use quizkit_lint::Rule;
use quizkit_lint::rules::ALL;

/// The two-language bank the fixtures live in, unless the folder has its own `quizkit.toml`.
const CONFIG: &str = "id = \"fixtures\"\nlanguages = [\"nl\", \"en\"]\n";

/// `(line, code)` pairs; line 0 stands for "outside this file".
fn expected(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(at) = line.find("# expect:") else {
            continue;
        };
        let line_no = if line.trim_start().starts_with('#') {
            0
        } else {
            i + 1
        };
        for code in line[at + "# expect:".len()..].split(',') {
            out.push((line_no, code.trim().to_owned()));
        }
    }
    out.sort();
    out
}

fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn check_rule(rule: &Rule) {
    let dir = common::fixture_dir(rule);
    let config_path = dir.join("quizkit.toml");
    let config = if config_path.is_file() {
        read(&config_path)
    } else {
        CONFIG.to_owned()
    };
    let display_config = format!("tests/fixtures/{}/quizkit.toml", rule.name);
    for case in ["valid", "invalid"] {
        let text = read(&dir.join(format!("{case}.toml")));
        let display = format!("tests/fixtures/{}/{case}.toml", rule.name);
        let media = common::fixture_media(&dir);
        let linted =
            common::lint_file_with_media(rule, &config, &text, &display, &display_config, media);
        assert!(
            linted.load.is_empty(),
            "{display} does not load cleanly:\n{}",
            common::render(&linted.sources, &linted.load)
        );
        let mut actual: Vec<(usize, String)> = linted
            .diagnostics
            .iter()
            .map(|d| {
                let line = match (d.file, linted.file) {
                    (Some(f), Some(q)) if f == q => {
                        linted.sources[f.0 as usize].line_col(d.span.start).0
                    }
                    _ => 0,
                };
                (line, d.code.to_owned())
            })
            .collect();
        actual.sort();
        let rendered = common::render(&linted.sources, &linted.diagnostics);
        let expected = expected(&text);
        if case == "valid" {
            assert!(expected.is_empty(), "{display} must not expect findings");
        } else {
            assert!(
                expected.iter().any(|(_, c)| c == rule.code),
                "{display} expects no finding of {}: annotate the lines that must fire",
                rule.code
            );
        }
        assert_eq!(
            actual, expected,
            "{display}: findings (left) differ from the `# expect:` annotations (right):\n{rendered}"
        );
        if case == "invalid" {
            let mut settings = insta::Settings::clone_current();
            settings.set_snapshot_path("snapshots");
            settings.set_prepend_module_to_snapshot(false);
            settings.set_omit_expression(true);
            settings.set_description(format!("{} {}: {display}", rule.code, rule.name));
            settings.bind(|| insta::assert_snapshot!(rule.name, rendered));
        }
    }
}

#[test]
fn every_rule_fires_on_invalid_and_stays_silent_on_valid() {
    let mut failures = Vec::new();
    for rule in ALL {
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check_rule(rule))) {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default();
            failures.push(format!("{} {}:\n{message}", rule.code, rule.name));
        }
    }
    assert!(
        failures.is_empty(),
        "{} rule(s) failed their fixtures:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn no_orphaned_snapshots() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let names: BTreeSet<&str> = ALL.iter().map(|r| r.name).collect();
    let mut orphans = Vec::new();
    for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let stem = file
            .strip_suffix(".snap")
            .or_else(|| file.strip_suffix(".snap.new"));
        match stem {
            Some(stem) if names.contains(stem) && file.ends_with(".snap") => {}
            _ => orphans.push(file),
        }
    }
    assert!(
        orphans.is_empty(),
        "snapshots without a rule fixture (delete them): {orphans:?}"
    );
}

#[test]
fn expectations_parse_lines_and_bank_level_comments() {
    let text = "# expect: B001\nid = \"x\" # expect: Q001, Q002\n";
    assert_eq!(
        expected(text),
        [
            (0, "B001".to_owned()),
            (2, "Q001".to_owned()),
            (2, "Q002".to_owned())
        ]
    );
}
