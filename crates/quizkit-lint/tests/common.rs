//! What the fixture and guard tests share: a tiny in-memory bank around one question file,
//! linted with only the rule under test.

#![allow(dead_code)]

use std::path::Path;

use quizkit_lint::{Rule, Selection, lint};
use quizkit_model::load::InputFile;
use quizkit_model::{Diagnostic, FileId, Media, MediaContent, SourceFile, load};

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
    lint_file_with_media(
        rule,
        config,
        text,
        display,
        display_config,
        Media::default(),
    )
}

/// The image files of a fixture folder as the CLI would read them: `media/` is the bank's
/// `media/` folder, `topic/` the question file's own folder.
pub fn fixture_media(dir: &Path) -> Media {
    fn walk(dir: &Path, rel: &str, media: &mut Media) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let path = format!("{rel}/{}", entry.file_name().to_string_lossy());
            if entry.path().is_dir() {
                walk(&entry.path(), &path, media);
                continue;
            }
            let bytes = std::fs::read(entry.path()).expect("a fixture image");
            if path.starts_with("media/") {
                media.listed.push(path.clone());
            }
            media.files.insert(path, MediaContent::Bytes(bytes));
        }
    }
    let mut media = Media::default();
    walk(&dir.join("media"), "media", &mut media);
    let topic = QUESTION_FILE.rsplit_once('/').map_or("", |(d, _)| d);
    walk(&dir.join("topic"), topic, &mut media);
    media
}

/// [`lint_file`] in a bank whose texts' images find `media`.
pub fn lint_file_with_media(
    rule: &Rule,
    config: &str,
    text: &str,
    display: &str,
    display_config: &str,
    media: Media,
) -> Linted {
    let files = vec![
        InputFile::text("quizkit.toml", config),
        InputFile::text(QUESTION_FILE, text),
    ];
    let mut loaded = load(files);
    let mut diagnostics = Vec::new();
    if let Some(bank) = &mut loaded.bank {
        bank.media = media;
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
