//! What the fixture and guard tests share: a tiny in-memory bank around one question file,
//! linted with only the rule under test.

#![allow(dead_code)]

use std::path::Path;

use quizkit_lint::{Rule, Selection, lint};
use quizkit_model::load::{Content, InputFile};
use quizkit_model::{Diagnostic, FileId, SourceFile, load};

/// The path of the question file inside the in-memory bank.
pub const QUESTION_FILE: &str = "fixtures/topic/questions.toml";

/// The result of linting one file.
pub struct Linted {
    /// The loader's findings (a fixture should have none).
    pub load: Vec<Diagnostic>,
    /// The rule's findings.
    pub diagnostics: Vec<Diagnostic>,
    /// The files, with display paths.
    pub sources: Vec<SourceFile>,
    /// The question file's id.
    pub file: Option<FileId>,
}

/// Lints `text` as a question file of a bank configured by `config`, running `rule` and the
/// rules its `allow` entries name.
pub fn lint_file(
    rule: &Rule,
    config: &str,
    text: &str,
    display: &str,
    display_config: &str,
) -> Linted {
    let files = vec![
        InputFile {
            path: "quizkit.toml".into(),
            content: Content::Bytes(config.as_bytes().to_vec()),
        },
        InputFile {
            path: QUESTION_FILE.into(),
            content: Content::Bytes(text.as_bytes().to_vec()),
        },
    ];
    let mut loaded = load(files);
    let mut diagnostics = Vec::new();
    if let Some(bank) = &loaded.bank {
        let mut names = vec![rule.name.to_owned()];
        for (_, _, q) in bank.questions() {
            names.extend(q.allow.iter().map(|a| a.rule.value.clone()));
        }
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        diagnostics = lint(bank, &loaded.sources, &Selection::only(&names));
    }
    let file = loaded
        .sources
        .iter()
        .position(|s| s.path == QUESTION_FILE)
        .map(|i| FileId(i as u32));
    for source in &mut loaded.sources {
        if source.path == QUESTION_FILE {
            source.path = display.to_owned();
        } else if source.path == "quizkit.toml" {
            source.path = display_config.to_owned();
        }
    }
    Linted {
        load: loaded.diagnostics,
        diagnostics,
        sources: loaded.sources,
        file,
    }
}

/// Renders findings as `quizkit lint` does, without colour, 80 columns wide.
pub fn render(sources: &[SourceFile], diagnostics: &[Diagnostic]) -> String {
    let findings = quizkit_model::render::Findings {
        root: Path::new(""),
        sources,
        diagnostics,
    };
    quizkit_model::render::render(&findings, false, 80)
}

/// The rule's fixture folder.
pub fn fixture_dir(rule: &Rule) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rule.name)
}
