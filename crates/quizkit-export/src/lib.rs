//! quizkit's exporters.
//!
//! An exporter is a function from a bank and [`Options`] to an [`Output`]: files as bytes with
//! paths relative to the output location. Exporters never touch the disk or the clock; the CLI
//! writes their files atomically, and everything time-like comes in through [`Options`], so
//! the same input always gives the same bytes. [`ALL`] lists them.

pub mod anki;
pub mod canvas;
pub mod gift;
pub mod html;
pub mod json;
pub mod markdown;
pub mod media;
pub mod moodle;
pub mod qti;
mod zipped;

/// A bank loaded from `(path, text)` files, which must load without an error: the exporters'
/// unit tests build their banks with it.
#[cfg(test)]
pub(crate) fn test_bank(files: &[(&str, &str)]) -> quizkit_model::Bank {
    use quizkit_model::InputFile;
    let loaded = quizkit_model::load(
        files
            .iter()
            .map(|(path, text)| InputFile::text(*path, text))
            .collect(),
    );
    assert!(!loaded.has_errors(), "{:#?}", loaded.diagnostics);
    loaded.bank.expect("a bank")
}

use std::collections::BTreeMap;

use quizkit_model::Bank;

/// One output file: its path relative to the output location (`/`-separated) and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    /// Relative path, `/`-separated, never absolute and never containing `..`.
    pub path: String,
    /// The content.
    pub bytes: Vec<u8>,
}

/// Something the target could not express faithfully, reported rather than dropped silently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// The question concerned, if any.
    pub question: Option<String>,
    /// What was lost or changed.
    pub message: String,
    /// Whether the author can do something about it.
    pub kind: Kind,
}

/// Whether the author can act on a [`Warning`]: the CLI prints a fixable one as a warning, and
/// a limit of the target as a note, counted in one summary line and listed in full with `-v`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// Something in the bank the author can change so that the target carries it.
    Fixable,
    /// What the target cannot carry, whatever the bank says (a field it has no place for).
    Limit,
}

/// What an exporter produces.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Output {
    /// The files, in a deterministic order.
    pub files: Vec<File>,
    /// What could not be expressed.
    pub warnings: Vec<Warning>,
}

/// Which language(s) to export.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LangChoice {
    /// The bank's first language.
    Default,
    /// One language of the bank.
    One(String),
    /// Every language, where the target can hold them all (Moodle multilang, JSON, HTML).
    All,
}

/// Everything an exporter may depend on besides the bank.
#[derive(Debug, Clone)]
pub struct Options {
    /// The language(s) to export.
    pub lang: LangChoice,
    /// Seconds since the Unix epoch to stamp into outputs that need a time: from
    /// `SOURCE_DATE_EPOCH` when set, else a fixed value, never the clock.
    pub timestamp: i64,
    /// When each question last changed (seconds since the Unix epoch), by question id, for
    /// targets that tell their importer which items are newer (Anki). Questions missing here
    /// count as changed at `timestamp`. Build options with `..Options::default()`.
    pub changed: BTreeMap<String, i64>,
    /// For the HTML site served by `quizkit preview`: every page also loads
    /// `assets/preview.js` ([`html::PREVIEW_SCRIPT`]), which the preview server serves.
    /// Off for every export that is written or published.
    pub preview: bool,
    /// For the `canvas` target: a question bank per topic instead of a quiz (`--canvas-banks`;
    /// the bank's `[export] canvas_banks` does the same for every export and build). Other
    /// targets ignore it.
    pub canvas_banks: bool,
    /// For targets that list the bank's image files without packing them (JSON): also write
    /// each file's bytes, base64 (`--embed-media`).
    pub embed_media: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            lang: LangChoice::Default,
            timestamp: 0,
            changed: BTreeMap::new(),
            preview: false,
            canvas_banks: false,
            embed_media: false,
        }
    }
}

/// Why an export failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The question concerned, if any.
    pub question: Option<String>,
    /// What is wrong, and what to do.
    pub message: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.question {
            Some(q) => write!(f, "question `{q}`: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}

/// What a target writes: one file, or a folder of files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// Exactly one file (its [`File::path`] is the target's [`Target::default_path`]); the
    /// CLI writes it atomically, under the name the user gives with `--output`.
    File,
    /// Any number of files under a folder, which the CLI replaces as a whole.
    Folder,
}

/// What a target needs from the CLI besides the bank and the language. The CLI reads this
/// and nothing else about a target: it never checks a target by name. (The bank's media
/// files are not a need: the CLI always reads them into [`Bank::media`], since lint checks
/// them.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Needs {
    /// When each question last changed ([`Options::changed`]), which the CLI reads from git:
    /// for targets whose importer updates only newer items (Anki).
    pub change_times: bool,
}

/// An export target.
#[derive(Debug, Clone, Copy)]
pub struct Target {
    /// The name given to `--to` (`json`, `moodle`).
    pub name: &'static str,
    /// One line for `--help`.
    pub summary: &'static str,
    /// Where `quizkit build` puts the output inside `dist/`, and what `quizkit export` writes
    /// without `--output`: the file name, or the folder name for [`Layout::Folder`].
    pub default_path: &'static str,
    /// One file or a folder.
    pub layout: Layout,
    /// What the CLI must hand the exporter in [`Options`].
    pub needs: Needs,
    /// The exporter.
    pub export: fn(&Bank, &Options) -> Result<Output, Error>,
}

/// Every export target, in the order `quizkit build` runs them.
pub const ALL: &[Target] = &[
    Target {
        name: "json",
        summary: "the whole bank as JSON, every language (schema/export.schema.json)",
        default_path: json::FILE_NAME,
        layout: Layout::File,
        needs: Needs {
            change_times: false,
        },
        export: json::export,
    },
    Target {
        name: "moodle",
        summary: "Moodle XML for Moodle's question bank import (--lang all: multilang spans)",
        default_path: moodle::FILE_NAME,
        layout: Layout::File,
        needs: Needs {
            change_times: false,
        },
        export: moodle::export,
    },
    Target {
        name: "gift",
        summary: "GIFT text for Moodle's import, as .txt (less complete than moodle)",
        default_path: gift::FILE_NAME,
        layout: Layout::File,
        needs: Needs {
            change_times: false,
        },
        export: gift::export,
    },
    anki::TARGET,
    Target {
        name: "html",
        summary: "a static practice site in every language (index, topics, questions, practice)",
        default_path: html::DIR_NAME,
        layout: Layout::Folder,
        needs: Needs {
            change_times: false,
        },
        export: html::export,
    },
    qti::TARGET,
    canvas::TARGET,
];

/// The target called `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    ALL.iter().find(|t| t.name == name)
}

impl Options {
    /// The languages to export for `bank`, first the primary one.
    pub fn languages<'a>(&'a self, bank: &'a Bank) -> Result<Vec<&'a str>, Error> {
        match &self.lang {
            LangChoice::Default => Ok(vec![bank.config.default_language()]),
            LangChoice::All => Ok(bank.config.languages().collect()),
            LangChoice::One(lang) => {
                if bank.config.languages().any(|l| l == lang) {
                    Ok(vec![lang.as_str()])
                } else {
                    Err(Error {
                        question: None,
                        message: format!(
                            "the bank has no language `{lang}`; its languages are {}",
                            bank.config.languages().collect::<Vec<_>>().join(", ")
                        ),
                    })
                }
            }
        }
    }
}
