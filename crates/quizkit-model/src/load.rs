//! The loader: files as read from disk → a [`Bank`] and diagnostics.
//!
//! It does no I/O itself: the caller walks the bank folder and hands over every `.toml` path
//! with its bytes (or why it could not be read). Files are parsed in parallel; the result never
//! depends on thread scheduling. It never panics and never stops at the first broken file.

use std::collections::BTreeMap;
use std::ops::Range;

use rayon::prelude::*;
use serde::de::DeserializeOwned;

use crate::suggest::did_you_mean;
use crate::{
    Bank, BankConfig, Category, CategoryMeta, Diagnostic, FileId, LocalizedText, Media, Question,
    QuestionFile, Severity, SourceFile, Spanned, Topic, TopicMeta,
};

/// The bank's configuration file name, at its root.
pub const CONFIG_FILE: &str = "quizkit.toml";
/// A category folder's metadata file.
pub const CATEGORY_FILE: &str = "category.toml";
/// A topic folder's metadata file.
pub const TOPIC_FILE: &str = "topic.toml";
/// The most options a question may have: one per letter, A to Z.
pub const MAX_OPTIONS: usize = 26;

/// One entry found under the bank root whose name ends in `.toml`.
#[derive(Debug, Clone)]
pub struct InputFile {
    /// Path relative to the bank root, `/`-separated.
    pub path: String,
    /// What was found there.
    pub content: Content,
}

impl InputFile {
    /// A file at `path` holding `text` (for banks built in memory, as tests build them).
    pub fn text(path: impl Into<String>, text: &str) -> InputFile {
        InputFile {
            path: path.into(),
            content: Content::Bytes(text.as_bytes().to_vec()),
        }
    }
}

/// What the caller found at a path.
#[derive(Debug, Clone)]
pub enum Content {
    /// A file and its bytes.
    Bytes(Vec<u8>),
    /// A folder whose name ends in `.toml`.
    Directory,
    /// A file that could not be read, and why.
    Unreadable(String),
}

/// The result of loading: the bank (when its `quizkit.toml` could be read), every file read,
/// and every problem found, sorted.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The bank, or `None` when `quizkit.toml` is missing or broken.
    pub bank: Option<Bank>,
    /// Every file read, indexed by [`FileId`].
    pub sources: Vec<SourceFile>,
    /// Problems found, sorted by file and position.
    pub diagnostics: Vec<Diagnostic>,
}

impl Loaded {
    /// True when any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// The loader's diagnostic codes, with their names and what they mean.
pub const CODES: &[(&str, &str, &str)] = &[
    ("S001", "toml-syntax", "The file is not valid TOML."),
    (
        "S002",
        "unknown-key",
        "A key that quizkit does not know, usually a typo.",
    ),
    ("S003", "missing-field", "A required key is missing."),
    (
        "S004",
        "invalid-value",
        "A value of the wrong type or out of range.",
    ),
    (
        "S005",
        "unreadable-file",
        "A file that cannot be read or is not UTF-8 text.",
    ),
    (
        "S006",
        "misplaced-file",
        "A `.toml` file or folder where the bank layout has no place for it.",
    ),
    (
        "S007",
        "unknown-language",
        "A text in a language the bank does not list.",
    ),
    (
        "S008",
        "byte-order-mark",
        "A file that starts with a UTF-8 byte order mark.",
    ),
    ("S009", "empty-file", "A question file without questions."),
    (
        "S010",
        "case-conflict",
        "Two paths that differ only in case: one file on macOS and Windows.",
    ),
];

fn code_name(code: &'static str) -> &'static str {
    CODES
        .iter()
        .find(|(c, _, _)| *c == code)
        .map_or("", |(_, name, _)| name)
}

fn diag(
    code: &'static str,
    file: FileId,
    span: Range<usize>,
    message: impl Into<String>,
) -> Diagnostic {
    Diagnostic::new(code, code_name(code), Severity::Error, file, span, message)
}

/// What kind of file a path is, by where it stands in the bank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Config,
    Category,
    Topic,
    Questions,
    Misplaced,
}

fn classify(path: &str) -> Kind {
    let parts: Vec<&str> = path.split('/').collect();
    match parts.as_slice() {
        [CONFIG_FILE] => Kind::Config,
        [_, CATEGORY_FILE] => Kind::Category,
        [_, _, TOPIC_FILE] => Kind::Topic,
        [_, _, _] => Kind::Questions,
        _ => Kind::Misplaced,
    }
}

enum Parsed {
    Config(Box<BankConfig>),
    Category(CategoryMeta),
    Topic(TopicMeta),
    Questions(Vec<Spanned<Question>>),
    Nothing,
}

/// Loads a bank from the `.toml` entries found under its root.
pub fn load(mut files: Vec<InputFile>) -> Loaded {
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files.dedup_by(|a, b| a.path == b.path);

    let results: Vec<(SourceFile, Parsed, Vec<Diagnostic>)> = files
        .into_par_iter()
        .enumerate()
        .map(|(i, file)| parse_file(FileId(i as u32), file))
        .collect();

    let mut sources = Vec::with_capacity(results.len());
    let mut diagnostics = Vec::new();
    let mut config = None;
    let mut config_ok = true;
    let mut categories: BTreeMap<String, Category> = BTreeMap::new();

    for (i, (source, parsed, diags)) in results.into_iter().enumerate() {
        let file = FileId(i as u32);
        let kind = classify(&source.path);
        if kind == Kind::Config && diags.iter().any(|d| d.severity == Severity::Error) {
            config_ok = false;
        }
        diagnostics.extend(diags);
        let mut parts = source.path.split('/').map(str::to_owned);
        let category_slug = parts.next().unwrap_or_default();
        let topic_slug = parts.next().unwrap_or_default();
        sources.push(source);

        let category = match kind {
            Kind::Category | Kind::Topic | Kind::Questions => Some(
                categories
                    .entry(category_slug.clone())
                    .or_insert_with(|| Category {
                        slug: category_slug,
                        meta: CategoryMeta::default(),
                        file: None,
                        topics: Vec::new(),
                    }),
            ),
            _ => None,
        };
        let topic = match (kind, category) {
            (Kind::Topic | Kind::Questions, Some(category)) => {
                if category.topics.last().is_none_or(|t| t.slug != topic_slug) {
                    category.topics.push(Topic {
                        slug: topic_slug,
                        meta: TopicMeta::default(),
                        file: None,
                        questions: Vec::new(),
                    });
                }
                category.topics.last_mut()
            }
            (Kind::Category, Some(category)) => {
                if let Parsed::Category(meta) = parsed {
                    category.meta = meta;
                }
                category.file = Some(file);
                continue;
            }
            _ => None,
        };
        match (parsed, topic) {
            (Parsed::Config(c), _) => config = Some((*c, file)),
            (Parsed::Topic(meta), Some(topic)) => {
                topic.meta = meta;
                topic.file = Some(file);
            }
            (Parsed::Questions(questions), Some(topic)) => {
                topic
                    .questions
                    .extend(questions.into_iter().map(|q| q.value));
            }
            _ => {}
        }
    }

    let bank = match config {
        Some((config, config_file)) if config_ok => {
            let mut categories: Vec<Category> = categories.into_values().collect();
            for category in &mut categories {
                category.topics.sort_by(|a, b| {
                    (a.meta.order.as_ref().map(|o| o.value), &a.slug)
                        .cmp(&(b.meta.order.as_ref().map(|o| o.value), &b.slug))
                });
            }
            categories.sort_by(|a, b| {
                (a.meta.order.as_ref().map(|o| o.value), &a.slug)
                    .cmp(&(b.meta.order.as_ref().map(|o| o.value), &b.slug))
            });
            let mut bank = Bank {
                config,
                config_file,
                categories,
                media: Media::default(),
            };
            resolve_languages(&mut bank, &mut diagnostics);
            Some(bank)
        }
        Some(_) => None,
        None => {
            if !sources.iter().any(|s| s.path == CONFIG_FILE) {
                diagnostics.push(Diagnostic {
                    file: None,
                    span: 0..0,
                    ..diag(
                        "S003",
                        FileId(0),
                        0..0,
                        format!("the bank has no `{CONFIG_FILE}` at its root"),
                    )
                    .with_help(format!(
                        "create `{CONFIG_FILE}` with at least `id` and `languages`, or point quizkit at the folder that has one"
                    ))
                });
            }
            None
        }
    };

    case_conflicts(&sources, &mut diagnostics);
    crate::diag::sort_diagnostics(&mut diagnostics, &sources);
    Loaded {
        bank,
        sources,
        diagnostics,
    }
}

/// Why [`reload`] left a bank as it was: the change is not one it can apply in place, and
/// the caller loads the bank again with [`load()`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotInPlace {
    /// The bank did not load (`Loaded::bank` is `None`).
    NoBank,
    /// A path that is not a question file the bank already has (a new file, the
    /// configuration, a category's or topic's metadata, a misplaced file).
    NotAQuestionFile(String),
}

/// Replaces the contribution of some question files to a loaded bank: what [`load()`] of all
/// the files with these ones changed would give, for the price of parsing these ones. Each
/// file must be a question file already among `loaded.sources` (its [`FileId`] stays); a
/// file read as a folder or unreadable is fine. Anything else (a file added or removed, or any
/// other kind of file) is `Err`, and `loaded` is untouched.
///
/// The file's questions replace its old ones in their topic, in place; its diagnostics
/// replace its old ones (case conflicts, which depend on paths only, stay).
pub fn reload(loaded: &mut Loaded, files: Vec<InputFile>) -> Result<(), NotInPlace> {
    if loaded.bank.is_none() {
        return Err(NotInPlace::NoBank);
    }
    let mut at = Vec::with_capacity(files.len());
    for file in &files {
        let index = loaded.sources.iter().position(|s| s.path == file.path);
        match index {
            Some(i) if classify(&file.path) == Kind::Questions => at.push(FileId(i as u32)),
            _ => return Err(NotInPlace::NotAQuestionFile(file.path.clone())),
        }
    }
    let results: Vec<(SourceFile, Parsed, Vec<Diagnostic>)> = files
        .into_par_iter()
        .zip(at.clone())
        .map(|(file, id)| parse_file(id, file))
        .collect();
    loaded
        .diagnostics
        .retain(|d| d.code == "S010" || d.file.is_none_or(|f| !at.contains(&f)));
    let Some(bank) = loaded.bank.as_mut() else {
        return Err(NotInPlace::NoBank);
    };
    for ((source, parsed, diags), file) in results.into_iter().zip(at) {
        let mut parts = source.path.split('/').map(str::to_owned);
        let (category_slug, topic_slug) = (parts.next(), parts.next());
        loaded.diagnostics.extend(diags);
        loaded.sources[file.0 as usize] = source;
        let topic = bank
            .categories
            .iter_mut()
            .filter(|c| category_slug.as_ref() == Some(&c.slug))
            .flat_map(|c| c.topics.iter_mut())
            .find(|t| topic_slug.as_ref() == Some(&t.slug));
        let Some(topic) = topic else {
            // `load` makes a topic for every question file: unreachable for a loaded bank.
            continue;
        };
        let mut questions = match parsed {
            Parsed::Questions(questions) => questions.into_iter().map(|q| q.value).collect(),
            _ => Vec::new(),
        };
        let languages: Vec<String> = bank.config.languages().map(str::to_owned).collect();
        let default = bank.config.default_language().to_owned();
        for q in &mut questions {
            question_languages(q, &languages, &default, &mut loaded.diagnostics);
        }
        // A topic's questions are its files' in path order, and file ids follow paths.
        topic.questions.retain(|q| q.file != file);
        let start = topic
            .questions
            .iter()
            .position(|q| q.file > file)
            .unwrap_or(topic.questions.len());
        topic.questions.splice(start..start, questions);
    }
    crate::diag::sort_diagnostics(&mut loaded.diagnostics, &loaded.sources);
    Ok(())
}

/// Reports paths that differ only in case: a case-insensitive file system (macOS, Windows)
/// holds one of them, so a checkout there silently loses the other.
fn case_conflicts(sources: &[SourceFile], diagnostics: &mut Vec<Diagnostic>) {
    let mut seen: BTreeMap<String, &str> = BTreeMap::new();
    for (i, source) in sources.iter().enumerate() {
        let folded = source.path.to_lowercase();
        match seen.get(&folded) {
            Some(first) => diagnostics.push(
                diag(
                    "S010",
                    FileId(i as u32),
                    0..0,
                    format!(
                        "`{first}` and `{}` differ only in case: on macOS and Windows they are one file, and a checkout keeps only one of them",
                        source.path
                    ),
                )
                .with_help("rename one of them"),
            ),
            None => {
                seen.insert(folded, &source.path);
            }
        }
    }
}

/// The text of a file as found, or why it has none: a folder, unreadable, not UTF-8 (then
/// the text is decoded lossily, and the diagnostic points at the first invalid byte).
pub fn read_source(file: FileId, input: InputFile) -> (SourceFile, Option<Diagnostic>) {
    let bytes = match input.content {
        Content::Bytes(bytes) => bytes,
        Content::Directory => {
            let d = diag(
                "S006",
                file,
                0..0,
                format!("`{}` is a folder named like a TOML file", input.path),
            )
            .with_help("rename the folder: names ending in `.toml` are read as bank files");
            return (source(input.path, String::new()), Some(d));
        }
        Content::Unreadable(why) => {
            let d = diag(
                "S005",
                file,
                0..0,
                format!("cannot read `{}`: {why}", input.path),
            )
            .with_help("check the file's permissions, or remove it from the bank");
            return (source(input.path, String::new()), Some(d));
        }
    };
    match String::from_utf8(bytes) {
        Ok(text) => (source(input.path, text), None),
        Err(err) => {
            let at = err.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(err.as_bytes()).into_owned();
            // Lossy decoding keeps the valid prefix byte for byte, so `at` still points there,
            // at the replacement character, which the span covers whole.
            let end = at + char::REPLACEMENT_CHARACTER.len_utf8();
            let d = diag("S005", file, at..end, "the file is not valid UTF-8")
                .with_label("invalid byte here")
                .with_help("save the file as UTF-8");
            (source(input.path, text), Some(d))
        }
    }
}

fn parse_file(file: FileId, input: InputFile) -> (SourceFile, Parsed, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let kind = classify(&input.path);
    let (SourceFile { path, text }, unreadable) = read_source(file, input);
    if let Some(d) = unreadable {
        diagnostics.push(d);
        return (source(path, text), Parsed::Nothing, diagnostics);
    }
    if kind == Kind::Misplaced {
        diagnostics.push(
            diag(
                "S006",
                file,
                0..0,
                format!("`{path}` is outside any topic folder"),
            )
            .with_help(format!(
                "question files belong in `<category>/<topic>/`; the root holds only `{CONFIG_FILE}`, a category folder only `{CATEGORY_FILE}` and topic folders"
            )),
        );
        return (source(path, text), Parsed::Nothing, diagnostics);
    }

    // A byte order mark is harmless to TOML parsers that skip it, but not to all: report it,
    // and parse what follows with spans still relative to the whole file.
    let (offset, body) = match text.strip_prefix('\u{feff}') {
        Some(rest) => {
            diagnostics.push(
                Diagnostic::new(
                    "S008",
                    code_name("S008"),
                    Severity::Warning,
                    file,
                    0..3,
                    "the file starts with a UTF-8 byte order mark",
                )
                .with_help("save the file as UTF-8 without BOM"),
            );
            (3, rest)
        }
        None => (0, text.as_str()),
    };

    let parsed = match kind {
        Kind::Config => {
            parse_as::<BankConfig>(file, body, offset, "`quizkit.toml`", &mut diagnostics).map(
                |c| {
                    check_id(file, &c.id, "the bank's id", &mut diagnostics);
                    for lang in c.languages.iter() {
                        check_language(file, lang, &mut diagnostics);
                    }
                    Parsed::Config(Box::new(c))
                },
            )
        }
        Kind::Category => {
            parse_as::<CategoryMeta>(file, body, offset, "`category.toml`", &mut diagnostics)
                .map(Parsed::Category)
        }
        Kind::Topic => parse_as::<TopicMeta>(file, body, offset, "`topic.toml`", &mut diagnostics)
            .map(Parsed::Topic),
        Kind::Questions => {
            parse_as::<QuestionFile>(file, body, offset, "a question file", &mut diagnostics).map(
                |f| {
                    if f.question.is_empty() {
                        diagnostics.push(
                            Diagnostic::new(
                                "S009",
                                code_name("S009"),
                                Severity::Warning,
                                file,
                                0..0,
                                "this question file has no questions",
                            )
                            .with_help("add a `[[question]]` table, or delete the file"),
                        );
                    }
                    let mut questions = f.question;
                    for q in &mut questions {
                        q.value.file = file;
                        fix_spans(&mut q.value);
                        check_id(file, &q.value.id, "a question id", &mut diagnostics);
                        // Keys name options by letter: beyond Z an option cannot be named,
                        // and targets would label it A again.
                        if let Some(extra) = q.value.options.get(MAX_OPTIONS) {
                            diagnostics.push(
                                diag(
                                    "S004",
                                    file,
                                    extra.span.clone(),
                                    format!(
                                        "a question has at most {MAX_OPTIONS} options (A to Z); this one has {}",
                                        q.value.options.len()
                                    ),
                                )
                                .with_label("option 27")
                                .with_help("split the question, or leave options out")
                                .with_question(q.value.id.value.clone()),
                            );
                        }
                    }
                    Parsed::Questions(questions)
                },
            )
        }
        Kind::Misplaced => None,
    }
    .unwrap_or(Parsed::Nothing);
    (source(path, text), parsed, diagnostics)
}

/// Ids name questions in URLs and file names, Anki GUIDs and Moodle idnumbers: lowercase
/// letters and digits in groups joined by single hyphens, as the schema says.
fn check_id(file: FileId, id: &Spanned<String>, what: &str, diagnostics: &mut Vec<Diagnostic>) {
    let valid = id.split('-').all(|part| {
        !part.is_empty()
            && part
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    });
    if !valid {
        diagnostics.push(
            diag(
                "S004",
                file,
                id.span.clone(),
                format!("`{}` is not valid as {what}", id.value),
            )
            .with_label("invalid id")
            .with_help("use lowercase letters, digits and single hyphens, such as `cache-line`: the id appears in URLs, file names, Anki and Moodle"),
        );
    }
}

/// Language codes name folders of the site and keys of texts: two or three lowercase letters,
/// then optional subtags (`nl`, `en`, `zh-Hant`), as the schema says.
fn check_language(file: FileId, lang: &Spanned<String>, diagnostics: &mut Vec<Diagnostic>) {
    let mut parts = lang.split('-');
    let primary = parts.next().unwrap_or_default();
    let valid = (2..=3).contains(&primary.len())
        && primary.bytes().all(|b| b.is_ascii_lowercase())
        && parts
            .all(|p| (2..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()));
    if !valid {
        diagnostics.push(
            diag(
                "S004",
                file,
                lang.span.clone(),
                format!("`{}` is not a language code", lang.value),
            )
            .with_label("invalid language code")
            .with_help("write a code such as `nl`, `en` or `zh-Hant`: two or three lowercase letters, then optional subtags"),
        );
    }
}

fn source(path: String, text: String) -> SourceFile {
    SourceFile { path, text }
}

fn parse_as<T: DeserializeOwned>(
    file: FileId,
    body: &str,
    offset: usize,
    what: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<T> {
    match toml::from_str::<T>(body) {
        Ok(value) => Some(value),
        Err(err) => {
            let span = err
                .span()
                .map_or(0..0, |s| s.start + offset..s.end + offset);
            diagnostics.push(toml_error(file, span, err.message(), what, body, offset));
            None
        }
    }
}

/// Turns a `toml` error message into a diagnostic with a code, a label and help.
pub(crate) fn toml_error(
    file: FileId,
    span: Range<usize>,
    message: &str,
    what: &str,
    body: &str,
    offset: usize,
) -> Diagnostic {
    let message = message.trim_end_matches('\n');
    if let Some(rest) = message.strip_prefix("unknown field `") {
        let (name, expected) = rest.split_once('`').unwrap_or((rest, ""));
        let allowed: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
        let help = match did_you_mean(name, allowed.iter().copied()) {
            Some(suggestion) => format!("did you mean `{suggestion}`?"),
            None if allowed.is_empty() => "remove this key".to_owned(),
            None => format!("the keys allowed here are {}", list(&allowed)),
        };
        return diag(
            "S002",
            file,
            span,
            format!("unknown key `{name}` in {what}"),
        )
        .with_label("unknown key")
        .with_help(help);
    }
    if let Some(rest) = message.strip_prefix("missing field `") {
        let name = rest.split('`').next().unwrap_or(rest);
        // toml points at the whole table; point at its header line only, which reads better.
        let span = header_span(body, offset, span);
        return diag(
            "S003",
            file,
            span,
            format!("missing required key `{name}` in {what}"),
        )
        .with_label(format!("this table needs `{name}`"))
        .with_help(format!("add `{name} = …` to this table"));
    }
    if message.starts_with("invalid type")
        || message.starts_with("invalid value")
        || message.starts_with("unknown variant")
        || message.starts_with("invalid length")
        || message.starts_with("duplicate field")
    {
        let at = span.start.saturating_sub(offset);
        let help = if message.starts_with("duplicate field") {
            "write each key once"
        } else if body
            .get(at..)
            .is_some_and(|rest| rest.starts_with("key_points."))
        {
            // `key_points.nl = [...]`, written as `title.nl` is.
            "key points are a list of texts, each in every language: write one `[[key_points]]` \
             table per point, with `nl = \"…\"` and `en = \"…\"` in it"
        } else {
            "see the schema under `schema/` or run `quizkit schema` for what this key takes"
        };
        return diag("S004", file, span, message.to_owned())
            .with_label("this value")
            .with_help(help);
    }
    diag("S001", file, span, format!("invalid TOML: {message}"))
        .with_label("here")
        .with_help(
            "fix the TOML syntax; quoting strings and closing brackets are the usual culprits",
        )
}

fn header_span(body: &str, offset: usize, span: Range<usize>) -> Range<usize> {
    let start = span.start.saturating_sub(offset).min(body.len());
    let end = body[start..].find('\n').map_or(body.len(), |i| start + i);
    let end = end.min(span.end.saturating_sub(offset)).max(start);
    start + offset..end + offset
}

fn list<T: AsRef<str>>(items: &[T]) -> String {
    items
        .iter()
        .map(|i| format!("`{}`", i.as_ref()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Values deserialized from a plain string get their span from the enclosing value.
fn fix_spans(q: &mut Question) {
    for choice in &mut q.options {
        let span = choice.span.clone();
        if choice.value.text.span == (0..0) {
            choice.value.text.span = span;
        }
    }
    if let Some(answer) = &mut q.answer
        && !answer.value.multiple
    {
        let span = answer.span.clone();
        for letter in &mut answer.value.letters {
            letter.span = span.clone();
        }
    }
}

/// Every text of a question, mutable.
fn question_texts(q: &mut Question) -> impl Iterator<Item = &mut Spanned<LocalizedText>> {
    std::iter::once(&mut q.stem)
        .chain(q.explanation.as_mut())
        .chain(
            q.options
                .iter_mut()
                .flat_map(|c| std::iter::once(&mut c.value.text).chain(c.value.feedback.as_mut())),
        )
}

/// Gives a plain string the bank's first language (`default`) and reports the languages of
/// `text` that are not the bank's.
fn text_languages(
    text: &mut Spanned<LocalizedText>,
    file: FileId,
    question: Option<&str>,
    languages: &[String],
    default: &str,
    diagnostics: &mut Vec<Diagnostic>,
) {
    text.value.resolve_plain(&text.span, default);
    for entry in &text.value.entries {
        if !languages.contains(&entry.lang.value) {
            let suggestion = did_you_mean(&entry.lang.value, languages.iter().map(String::as_str));
            let mut d = diag(
                "S007",
                file,
                entry.lang.span.clone(),
                format!("`{}` is not one of the bank's languages", entry.lang.value),
            )
            .with_label("unknown language")
            .with_help(match suggestion {
                Some(s) => format!("did you mean `{s}`? The bank's languages are {}", list(languages)),
                None => format!(
                    "the bank's languages are {}; add `{}` to `languages` in `{CONFIG_FILE}` to write in it",
                    list(languages),
                    entry.lang.value
                ),
            });
            if let Some(id) = question {
                d = d.with_question(id);
            }
            diagnostics.push(d);
        }
    }
}

/// [`text_languages`] for every text of a question.
fn question_languages(
    q: &mut Question,
    languages: &[String],
    default: &str,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let id = q.id.value.clone();
    let file = q.file;
    for text in question_texts(q) {
        text_languages(text, file, Some(&id), languages, default, diagnostics);
    }
}

/// Gives plain strings the bank's first language and reports texts in unknown languages.
fn resolve_languages(bank: &mut Bank, diagnostics: &mut Vec<Diagnostic>) {
    let languages: Vec<String> = bank.config.languages().map(str::to_owned).collect();
    let default = bank.config.default_language().to_owned();
    let config_file = bank.config_file;
    if let Some(title) = &mut bank.config.title {
        text_languages(title, config_file, None, &languages, &default, diagnostics);
    }
    for category in &mut bank.categories {
        let file = category.file.unwrap_or_default();
        for text in category
            .meta
            .title
            .iter_mut()
            .chain(category.meta.description.iter_mut())
        {
            text_languages(text, file, None, &languages, &default, diagnostics);
        }
        for topic in &mut category.topics {
            let file = topic.file.unwrap_or_default();
            for text in topic
                .meta
                .title
                .iter_mut()
                .chain(topic.meta.summary.iter_mut())
                .chain(topic.meta.key_points.iter_mut())
            {
                text_languages(text, file, None, &languages, &default, diagnostics);
            }
            for q in &mut topic.questions {
                question_languages(q, &languages, &default, diagnostics);
            }
        }
    }
}
