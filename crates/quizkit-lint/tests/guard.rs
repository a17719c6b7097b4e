//! Guards that replace code generation: the catalogue stays consistent with its files, its
//! fixtures and its documentation, and every rule's `## Example` really fires.

mod common;

use std::collections::HashSet;
use std::path::Path;

use quizkit_lint::rules::{ALL, GROUPS};
use quizkit_lint::{Check, Rule};

const HEADINGS: [&str; 4] = [
    "## What it does",
    "## Why is this bad?",
    "## Example",
    "## Use instead",
];

/// The documentation examples are English first, so plain strings are English.
const DOCS_CONFIG: &str = "id = \"docs\"\nlanguages = [\"en\", \"nl\"]\n";

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn codes_and_names_are_unique_and_well_formed() {
    let mut codes = HashSet::new();
    let mut names = HashSet::new();
    let loader: HashSet<&str> = quizkit_model::load::CODES
        .iter()
        .map(|(c, _, _)| *c)
        .collect();
    for r in ALL {
        assert!(codes.insert(r.code), "code {} is used twice", r.code);
        assert!(names.insert(r.name), "name {} is used twice", r.name);
        assert!(!loader.contains(r.code), "{} is a loader code", r.code);
        let mut chars = r.code.chars();
        let letter = chars.next().unwrap_or(' ');
        assert!(
            letter.is_ascii_uppercase() && r.code.len() == 4 && chars.all(|c| c.is_ascii_digit()),
            "{} is not a letter and three digits",
            r.code
        );
        assert!(
            GROUPS.iter().any(|(l, _)| r.code.starts_with(l)),
            "{} belongs to no group",
            r.code
        );
        let kebab = !r.name.is_empty()
            && r.name.split('-').all(|w| {
                !w.is_empty()
                    && w.bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            });
        assert!(kebab, "{} is not kebab-case", r.name);
        assert!(
            !r.summary.is_empty() && r.summary.ends_with('.'),
            "{}: the summary is one sentence",
            r.name
        );
    }
}

#[test]
fn every_rule_lives_in_its_own_file() {
    for r in ALL {
        let file = crate_dir()
            .join("src/rules")
            .join(format!("{}.rs", r.name.replace('-', "_")));
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| {
            panic!("{}: expected its rule file {}: {e}", r.name, file.display())
        });
        assert!(
            text.contains(&format!("code: \"{}\"", r.code))
                && text.contains(&format!("name: \"{}\"", r.name)),
            "{} does not define {} {}",
            file.display(),
            r.code,
            r.name
        );
        assert!(
            text.contains("pub const DOCS: &str"),
            "{}: docs go in `DOCS` at the top",
            file.display()
        );
    }
    let files = std::fs::read_dir(crate_dir().join("src/rules"))
        .into_iter()
        .flatten()
        .flatten();
    for entry in files {
        let name = entry
            .file_name()
            .to_string_lossy()
            .replace(".rs", "")
            .replace('_', "-");
        assert!(
            name == "mod" || ALL.iter().any(|r| r.name == name),
            "src/rules/{name} is not in rules::ALL"
        );
    }
}

#[test]
fn every_rule_is_documented_under_the_fixed_headings() {
    for r in ALL {
        let mut at = 0;
        for heading in HEADINGS {
            let found = r.docs[at..].find(&format!("{heading}\n"));
            assert!(
                found.is_some(),
                "{}: the docs lack `{heading}` (in this order: {HEADINGS:?})",
                r.name
            );
            at += found.unwrap_or(0) + heading.len();
        }
        assert_eq!(
            r.docs.matches("\n## ").count() + usize::from(r.docs.starts_with("## ")),
            HEADINGS.len(),
            "{}: the docs have other headings than {HEADINGS:?}",
            r.name
        );
    }
}

#[test]
fn every_rule_has_a_fixture_folder() {
    for r in ALL {
        let dir = common::fixture_dir(r);
        for case in ["valid.toml", "invalid.toml"] {
            assert!(
                dir.join(case).is_file(),
                "{}: missing {}",
                r.name,
                dir.join(case).display()
            );
        }
    }
    for entry in std::fs::read_dir(crate_dir().join("tests/fixtures"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        assert!(
            ALL.iter().any(|r| r.name == name),
            "tests/fixtures/{name} belongs to no rule"
        );
    }
}

/// The first ```toml block after `heading`.
fn example(docs: &str, heading: &str) -> Option<String> {
    let after = &docs[docs.find(heading)? + heading.len()..];
    let start = after.find("```toml\n")? + "```toml\n".len();
    let end = after[start..].find("```")?;
    Some(after[start..start + end].to_owned())
}

/// Lints an example in the rule's fixture bank: with its images, and its `quizkit.toml` when it
/// has one.
fn lint_example(rule: &Rule, text: &str) -> common::Linted {
    let dir = common::fixture_dir(rule);
    let config = std::fs::read_to_string(dir.join("quizkit.toml"))
        .unwrap_or_else(|_| DOCS_CONFIG.to_owned());
    let media = common::fixture_media(&dir);
    let linted =
        common::lint_file_with_media(rule, &config, text, "example.toml", "quizkit.toml", media);
    assert!(
        linted.load.is_empty(),
        "{}: the example does not load:\n{}",
        rule.name,
        common::render(&linted.sources, &linted.load)
    );
    linted
}

#[test]
fn every_example_fires_and_every_fix_is_silent() {
    for r in ALL {
        let bad = example(r.docs, "## Example")
            .unwrap_or_else(|| panic!("{}: no toml block under ## Example", r.name));
        let good = example(r.docs, "## Use instead")
            .unwrap_or_else(|| panic!("{}: no toml block under ## Use instead", r.name));
        let linted = lint_example(r, &bad);
        assert!(
            linted.diagnostics.iter().any(|d| d.code == r.code),
            "{}: its ## Example does not fire",
            r.name
        );
        let linted = lint_example(r, &good);
        let own: Vec<_> = linted
            .diagnostics
            .iter()
            .filter(|d| d.code == r.code)
            .collect();
        assert!(
            own.is_empty(),
            "{}: its ## Use instead fires:\n{}",
            r.name,
            common::render(&linted.sources, &linted.diagnostics)
        );
    }
}

#[test]
fn bank_rules_are_few_and_marked() {
    // Bank-level rules see every question at once; they must be the B rules, the
    // cross-question structure checks, the media checks (which see the topics' and categories'
    // texts too, and each file once), or the suppression checks.
    for r in ALL {
        if matches!(r.check, Check::Bank(_)) {
            assert!(
                [
                    "B", "Q005", "Q006", "Q008", "Q009", "Q010", "Q011", "T001", "A002"
                ]
                .iter()
                .any(|p| r.code.starts_with(p)),
                "{} is a bank rule: make it a question rule unless it needs the whole bank",
                r.name
            );
        }
    }
}
