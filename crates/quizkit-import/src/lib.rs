//! quizkit's importers: question files other programs write, turned into a quizkit bank.
//!
//! An importer is a function from a file's bytes and [`Options`] to a [`Parsed`]: the
//! multiple-choice questions found (as [`quizkit_model::Question`] values with empty spans),
//! each with its category path, the categories' descriptions, the questions skipped because
//! they are of another type, and [`Diagnostic`]s pointing into the file. An importer never
//! touches the disk; [`ALL`] lists them, [`detect`] picks one from a file's content and name.
//! [`assemble`] turns what the importers found into the files of a bank, beside an existing
//! bank's files when there is one; the CLI writes them.
//!
//! Diagnostics with [`Severity::Error`] mean the file could not
//! be read at all (not UTF-8, not well-formed XML, an unterminated GIFT answer block): nothing
//! of it is imported. Everything else is a warning or a note: a question skipped, an id
//! changed, an image left out, HTML kept inline. Files a Moodle XML question attaches come
//! back as [`Item::media`]; [`assemble`] puts them beside the question's file.

pub mod aiken;
mod assemble;
mod build;
pub mod csv;
mod decode;
pub mod gift;
mod grades;
pub mod html;
mod language;
pub mod moodle;
mod multilang;
pub mod slug;

use std::ops::Range;

use quizkit_model::{Diagnostic, FileId, LocalizedText, Question, Severity};

pub use assemble::{
    Assembled, Existing, NewBank, QUESTIONS_PER_FILE, Refusal, SCHEMA_DIR, SchemaLines, Summary,
    assemble,
};
pub use language::{guess_language, language_name};

/// What an importer may depend on besides the bytes.
#[derive(Debug, Clone)]
pub struct Options {
    /// The file the bytes come from, for the diagnostics' [`FileId`].
    pub file: FileId,
    /// The language of texts that do not say theirs (everything but Moodle multilang spans,
    /// and CSV columns such as `stem.nl`).
    pub lang: String,
    /// CSV only: header names mapped to the columns quizkit understands (`Vraag` → `stem`).
    pub columns: Vec<(String, String)>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            file: FileId(0),
            lang: "en".to_owned(),
            columns: Vec::new(),
        }
    }
}

/// One multiple-choice question found in a source file.
#[derive(Debug, Clone)]
pub struct Item {
    /// Where it stands: the names of its category path as the source gives them, outermost
    /// first (`["Physics", "Electricity"]`); empty when the source gives none.
    pub path: Vec<String>,
    /// The id the source gives (Moodle `idnumber`, GIFT `[id:…]`, a CSV `id` column), as
    /// written; used when it is a valid quizkit id.
    pub source_id: Option<String>,
    /// The question's name in the source (Moodle `<name>`, GIFT `::title::`), for an id when
    /// there is no valid source id.
    pub name: Option<String>,
    /// The question. Its `id` is left empty: [`assemble`] gives every question a unique one.
    pub question: Question,
    /// Byte range of the question in the source text.
    pub span: Range<usize>,
    /// The files the source attaches to the question (Moodle XML `<file>`), decoded, each
    /// under the name its texts' image links use.
    pub media: Vec<Attachment>,
}

/// A file attached to a question in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// Its name as the question's texts link it (already made safe by
    /// [`html::attachment_name`]: one path segment, no control characters).
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// A category's description, from a Moodle `<info>` or a GIFT `$CATEGORY:` block.
#[derive(Debug, Clone)]
pub struct CategoryInfo {
    /// The category path, as in [`Item::path`].
    pub path: Vec<String>,
    /// The description (Markdown), when the source gives a non-empty one.
    pub description: Option<LocalizedText>,
    /// The items of a bulleted list that ends the description, each a key point of a topic
    /// (quizkit's Moodle export writes a topic's key points so).
    pub key_points: Vec<LocalizedText>,
    /// The category's id in the source (Moodle `<idnumber>`), as written.
    pub idnumber: Option<String>,
}

/// A question that is not imported, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// Its type as the source names it (`essay`, `shortanswer`), or what is wrong with it.
    pub kind: String,
    /// Its name, or the start of its text.
    pub name: String,
    /// Byte range in the source text.
    pub span: Range<usize>,
}

/// What an importer found in one file.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    /// The file's text as read (decoded, line endings made `\n`): the diagnostics' spans point
    /// into it.
    pub text: String,
    /// The multiple-choice and true/false questions, in file order.
    pub items: Vec<Item>,
    /// Category descriptions, in file order.
    pub categories: Vec<CategoryInfo>,
    /// The questions skipped, in file order (each also has a diagnostic).
    pub skipped: Vec<Skipped>,
    /// Every problem and change, in file order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Parsed {
    /// The file cannot be read: everything found so far is dropped, and the error at `span`
    /// is all that is reported besides earlier errors.
    pub(crate) fn fail(
        &mut self,
        options: &Options,
        span: Range<usize>,
        message: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.items.clear();
        self.skipped.clear();
        self.categories.clear();
        self.diagnostics.retain(|d| d.severity == Severity::Error);
        self.diagnostics.push(
            diag("I001", Severity::Error, options, span, message)
                .with_label("here")
                .with_help(help),
        );
    }

    /// True when the file could not be read: nothing of it may be imported.
    pub fn failed(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// A source format.
#[derive(Debug, Clone, Copy)]
pub struct Format {
    /// The name given to `--from`.
    pub name: &'static str,
    /// One line for `--help`.
    pub summary: &'static str,
    /// File name extensions that suggest it, lowercase, without the dot.
    pub extensions: &'static [&'static str],
    /// How sure it is that `text` (the start of a file, decoded leniently) is in this format:
    /// 0 not at all, 3 certain.
    pub sniff: fn(&str) -> u8,
    /// The importer. It takes the bytes by value so that a large file is held once, as its
    /// text.
    pub import: fn(Vec<u8>, &Options) -> Parsed,
}

/// Every source format, in the order [`detect`] prefers them when they tie.
pub const ALL: &[Format] = &[
    Format {
        name: "moodle",
        summary: "Moodle XML (`<quiz>`), as Moodle's question bank exports it",
        extensions: &["xml"],
        sniff: moodle::sniff,
        import: moodle::import,
    },
    Format {
        name: "gift",
        summary: "GIFT text, as Moodle exports and imports it",
        extensions: &["gift", "txt"],
        sniff: gift::sniff,
        import: gift::import,
    },
    Format {
        name: "aiken",
        summary: "Aiken text: a question, options `A.`/`A)`, then `ANSWER: A`",
        extensions: &["aiken", "txt"],
        sniff: aiken::sniff,
        import: aiken::import,
    },
    Format {
        name: "csv",
        summary: "a spreadsheet saved as CSV or TSV, with a header row naming the columns",
        extensions: &["csv", "tsv", "tab"],
        sniff: csv::sniff,
        import: csv::import,
    },
];

/// The format called `name`.
pub fn format(name: &str) -> Option<&'static Format> {
    ALL.iter().find(|f| f.name == name)
}

/// The format of a file, from its content first and its name's extension second; `None`
/// when neither says.
pub fn detect(file_name: &str, bytes: &[u8]) -> Option<&'static Format> {
    let head = &bytes[..bytes.len().min(64 * 1024)];
    let text = decode::lossy(head);
    let text = text.trim_start_matches('\u{feff}');
    let extension = file_name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    let by_extension = |f: &Format| f.extensions.contains(&extension.as_str());
    ALL.iter()
        .map(|f| {
            let score = (f.sniff)(text) * 2 + u8::from(by_extension(f));
            (score, f)
        })
        .filter(|(score, _)| *score > 1)
        // The first of the best: `max_by_key` would keep the last.
        .fold(None, |best: Option<(u8, &Format)>, (score, f)| match best {
            Some((b, _)) if b >= score => best,
            _ => Some((score, f)),
        })
        .map(|(_, f)| f)
}

/// A diagnostic of an importer: `code` is one of [`CODES`].
pub(crate) fn diag(
    code: &'static str,
    severity: Severity,
    options: &Options,
    span: Range<usize>,
    message: impl Into<String>,
) -> Diagnostic {
    let name = CODES
        .iter()
        .find(|(c, _, _)| *c == code)
        .map_or("", |(_, n, _)| n);
    Diagnostic::new(code, name, severity, options.file, span, message)
}

/// The importers' diagnostic codes, with their names and what they mean.
pub const CODES: &[(&str, &str, &str)] = &[
    (
        "I001",
        "unreadable-input",
        "The file cannot be read in its format: not UTF-8 text, not well-formed, an unterminated block.",
    ),
    (
        "I002",
        "skipped-question",
        "A question that is not multiple choice or true/false, or that cannot become one.",
    ),
    (
        "I003",
        "changed-question",
        "A question imported with a change: an id suffixed or replaced, weights made equal shares, a blank option dropped.",
    ),
    (
        "I004",
        "media-left-out",
        "An image or attached file the source names but does not hold (GIFT cannot hold files; a Moodle `<file>` missing or not base64): left out.",
    ),
    (
        "I005",
        "html-kept",
        "HTML that Markdown cannot hold, kept inline in the text.",
    ),
    (
        "I006",
        "encoding-converted",
        "A file that was not UTF-8, converted from Windows-1252.",
    ),
    (
        "I007",
        "column-left-out",
        "A spreadsheet column quizkit does not understand: its cells are not imported.",
    ),
    (
        "I008",
        "whitespace-dropped",
        "Whitespace between two entity references or CDATA sections of a Moodle XML text, dropped as Moodle's importer drops it where it joins words.",
    ),
    (
        "I009",
        "unmatched-grade",
        "A Moodle XML or GIFT answer weight that is not one of Moodle's grades (`33.3` for a third): Moodle's import refuses the file; quizkit keeps which answers are right.",
    ),
];
