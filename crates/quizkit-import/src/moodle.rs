//! Moodle XML (`<quiz>`), read as Moodle 4.5's `qformat_xml` reads it.
//!
//! The file is read as a stream of events (quick-xml); each `<question>` is gathered into a
//! small tree of its own and dropped once imported, so memory stays near the file's size. A
//! DTD is refused before anything in it is read, and an entity other than XML's five and
//! character references is an error: no entity is ever expanded, no external file ever read.
//!
//! Every question type Moodle's importer handles is recognized: `multichoice` and `truefalse`
//! are imported, the others (`shortanswer`, `numerical`, `essay`, `matching`, `cloze`,
//! `description`, `calculated`…) and plugin types are skipped and reported. As in Moodle:
//! a field's format defaults to `html` (answers and feedback to the question text's), `single`
//! is true unless `false`, `0` or empty, `shuffleanswers` is false when missing, a blank
//! answer is dropped, fractions are percentages, and only the first of a repeated element
//! counts. The rules are in `shared/reference/moodle.md` §1–§5.

use std::ops::Range;

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use quizkit_model::Severity;
use rayon::prelude::*;

use crate::build::{self, Notes, Parts};
use crate::decode::{self, Fallback};
use crate::html::TextFormat;
use crate::{CategoryInfo, Item, Options, Parsed, diag, grades};

/// The deepest element nesting read; Moodle's own files use six levels.
const MAX_DEPTH: usize = 64;

/// How sure it is that `text` is Moodle XML.
pub fn sniff(text: &str) -> u8 {
    let head = text.trim_start();
    if head.contains("<quiz") && head.contains("<question") {
        3
    } else if head.starts_with("<?xml") || head.starts_with("<quiz") {
        1
    } else {
        0
    }
}

/// One element of a question, with the text directly inside it.
#[derive(Debug, Default)]
struct El {
    name: String,
    attrs: Vec<(String, String)>,
    children: Vec<El>,
    /// The character data directly inside, chunks that are only whitespace dropped as
    /// Moodle's parser drops them (§2).
    text: String,
    /// The whitespace chunks dropped after text had begun: where in `text`, and where in the
    /// file.
    dropped: Vec<(usize, Range<usize>)>,
    /// Where the start tag begins and ends.
    start: usize,
    tag_end: usize,
}

impl El {
    fn child(&self, name: &str) -> Option<&El> {
        self.children.iter().find(|c| c.name == name)
    }

    fn children<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a El> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The trimmed text of the child `name`, as Moodle's `getpath(…, istext)` reads it.
    fn child_text(&self, name: &str) -> Option<&str> {
        self.child(name).map(|c| c.text.trim())
    }

    fn tag_span(&self) -> Range<usize> {
        self.start..self.tag_end
    }

    /// Every `<file>` below this element: its name as written, its name made safe (as the
    /// texts' links name it) and its bytes, or why they cannot be read; the first of each name.
    fn files(&self, out: &mut Vec<FileEl>) {
        for c in &self.children {
            if c.name == "file" {
                let raw = c.attr("name").unwrap_or("");
                let name = crate::html::attachment_name(raw);
                if out.iter().any(|(_, n, _)| *n == name) {
                    continue;
                }
                let bytes = match c.attr("encoding") {
                    Some("base64") | None => decode_base64(&c.text),
                    Some(other) => Err(format!("its encoding `{other}` is not base64")),
                };
                out.push((raw.to_owned(), name, bytes));
            } else {
                c.files(out);
            }
        }
    }
}

/// The bytes of a `<file>`'s base64 content (whitespace between the characters allowed, as
/// PHP's `base64_decode` allows it; anything else outside the alphabet is refused, where PHP
/// would silently write a corrupt file).
fn decode_base64(text: &str) -> Result<Vec<u8>, String> {
    use base64::Engine as _;
    let compact: String = text.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    base64::engine::general_purpose::STANDARD
        .decode(compact.as_bytes())
        .map_err(|e| format!("its content is not base64 ({e})"))
}

/// A `<file>`: its name as written, its name made safe, and its bytes or why they cannot be
/// read.
type FileEl = (String, String, Result<Vec<u8>, String>);

/// Why a text field cannot be read.
struct FieldError(String);

/// A text field (`<questiontext format="…"><text>…</text></questiontext>`), as its raw
/// content and format.
fn field(el: &El, default: TextFormat) -> Result<(String, TextFormat), FieldError> {
    let format = el.attr("format").map_or(default, TextFormat::from_moodle);
    let Some(text) = el.child("text") else {
        return Ok((String::new(), format));
    };
    if !text.children.is_empty() {
        return Err(FieldError(format!(
            "its <{}> holds elements inside <text>; Moodle refuses this (\"string expected (use CDATA?)\")",
            el.name
        )));
    }
    Ok((text.text.trim().to_owned(), format))
}

/// Imports a Moodle XML file.
pub fn import(bytes: Vec<u8>, options: &Options) -> Parsed {
    let (text, note) = decode::text(bytes, Fallback::Refuse, "Moodle XML file", options);
    let mut parsed = Parsed {
        text,
        ..Parsed::default()
    };
    if let Some(d) = note {
        parsed.diagnostics.push(d);
        return parsed;
    }
    let text = std::mem::take(&mut parsed.text);
    if let Err((span, message, help)) = read(&text, options, &mut parsed) {
        parsed.fail(options, span, message, help);
    }
    parsed.text = text;
    parsed
}

type Fatal = (Range<usize>, String, String);

fn fatal(span: Range<usize>, message: impl Into<String>, help: impl Into<String>) -> Fatal {
    (span, message.into(), help.into())
}

fn read(text: &str, options: &Options, parsed: &mut Parsed) -> Result<(), Fatal> {
    let mut reader = Reader::from_str(text);
    let mut stack: Vec<El> = Vec::new();
    let mut root: Option<String> = None;
    let mut path: Vec<String> = Vec::new();
    let mut batch = Batch::default();
    let at = |p: u64| (p as usize).min(text.len());
    loop {
        let before = at(reader.buffer_position());
        let event = reader.read_event().map_err(|e| {
            let pos = at(reader.error_position());
            fatal(
                pos..(pos + 1).min(text.len()),
                format!("the file is not well-formed XML: {e}"),
                "fix the XML at this place; Moodle's importer refuses the file as it is",
            )
        })?;
        let after = at(reader.buffer_position());
        match event {
            Event::DocType(_) => {
                return Err(fatal(
                    before..(before + "<!DOCTYPE".len()).min(after),
                    "the file has a document type declaration (DTD)",
                    "quizkit never reads DTDs or the entities they declare; Moodle's exports have none, so remove it",
                ));
            }
            Event::Decl(decl) => {
                if let Some(Ok(encoding)) = decl.encoding() {
                    let encoding = String::from_utf8_lossy(&encoding).to_ascii_lowercase();
                    if encoding != "utf-8" && encoding != "utf8" {
                        return Err(fatal(
                            before..after,
                            format!("the file declares the encoding `{encoding}`"),
                            "save the file as UTF-8 and declare encoding=\"UTF-8\"; Moodle refuses other encodings too",
                        ));
                    }
                }
            }
            Event::Start(start) => {
                let el = element(&start, before, after)?;
                if stack.is_empty() {
                    if let Some(first) = &root {
                        return Err(fatal(
                            before..after,
                            format!("a second root element <{}> after <{first}>", el.name),
                            "a Moodle XML file holds one <quiz> element",
                        ));
                    }
                    check_root(&el)?;
                    root = Some(el.name.clone());
                }
                if stack.len() >= MAX_DEPTH {
                    return Err(fatal(
                        before..after,
                        format!("elements are nested more than {MAX_DEPTH} deep here"),
                        "a Moodle XML file nests its elements six deep; this is not one",
                    ));
                }
                stack.push(el);
            }
            Event::Empty(start) => {
                let el = element(&start, before, after)?;
                if stack.is_empty() {
                    check_root(&el)?;
                    root = Some(el.name.clone());
                    continue;
                }
                close(el, &mut stack, &mut path, &mut batch, options, parsed);
            }
            Event::End(_) => {
                if let Some(el) = stack.pop() {
                    close(el, &mut stack, &mut path, &mut batch, options, parsed);
                }
            }
            Event::Text(t) => {
                if let Some(el) = stack.last_mut() {
                    let chunk = t.decode().map_err(|e| {
                        fatal(
                            before..after,
                            format!("unreadable text: {e}"),
                            "save the file as UTF-8",
                        )
                    })?;
                    if !chunk.trim().is_empty() || chunk == "0" {
                        el.text.push_str(&chunk);
                    } else if !el.text.is_empty() {
                        el.dropped.push((el.text.len(), before..after));
                    }
                }
            }
            Event::CData(c) => {
                if let Some(el) = stack.last_mut() {
                    let chunk = c.decode().map_err(|e| {
                        fatal(
                            before..after,
                            format!("unreadable CDATA: {e}"),
                            "save the file as UTF-8",
                        )
                    })?;
                    el.text.push_str(&chunk);
                }
            }
            Event::GeneralRef(r) => {
                let resolved = match r.resolve_char_ref() {
                    Ok(Some(c)) => c.to_string(),
                    Ok(None) => {
                        let name = String::from_utf8_lossy(&r).into_owned();
                        match quick_xml::escape::resolve_predefined_entity(&name) {
                            Some(s) => s.to_owned(),
                            None => {
                                return Err(fatal(
                                    before..after,
                                    format!("`&{name};` is not an entity XML defines"),
                                    "XML knows only &amp; &lt; &gt; &quot; &apos; and character references; put HTML such as &nbsp; inside <![CDATA[…]]>, as Moodle's exports do",
                                ));
                            }
                        }
                    }
                    Err(e) => {
                        return Err(fatal(
                            before..after,
                            format!("an invalid character reference: {e}"),
                            "write a character reference as &#937; or &#x3A9; for a character XML allows",
                        ));
                    }
                };
                if let Some(el) = stack.last_mut() {
                    el.text.push_str(&resolved);
                }
            }
            Event::Eof => {
                batch.flush(options, parsed);
                break;
            }
            Event::Comment(_) | Event::PI(_) => {}
        }
    }
    if let Some(open) = stack.last() {
        return Err(fatal(
            open.tag_span(),
            format!("<{}> is never closed: the file ends first", open.name),
            "the file may be cut short; export it again",
        ));
    }
    if root.is_none() {
        return Err(fatal(
            0..0,
            "the file holds no XML element",
            "a Moodle XML file holds one <quiz> element with <question> elements in it",
        ));
    }
    if batch.questions == 0 {
        parsed.diagnostics.push(
            diag(
                "I002",
                Severity::Warning,
                options,
                0..0,
                "the file holds no <question>: there is nothing to import",
            )
            .with_help("Moodle too says \"There are no questions in the import file\""),
        );
    }
    Ok(())
}

fn check_root(el: &El) -> Result<(), Fatal> {
    if el.name != "quiz" {
        return Err(fatal(
            el.tag_span(),
            format!("the root element is <{}>, not <quiz>", el.name),
            "a Moodle XML file's questions are inside one <quiz> element; is this another kind of XML?",
        ));
    }
    Ok(())
}

fn element(start: &BytesStart, before: usize, after: usize) -> Result<El, Fatal> {
    let name = String::from_utf8_lossy(start.name().as_ref()).into_owned();
    let mut attrs = Vec::new();
    for attr in start.attributes() {
        let attr = attr.map_err(|e| {
            fatal(
                before..after,
                format!("a broken attribute in <{name}>: {e}"),
                "write attributes as name=\"value\", each once",
            )
        })?;
        let key = String::from_utf8_lossy(attr.key.as_ref()).into_owned();
        let value = attr.unescape_value().map_err(|e| {
            fatal(
                before..after,
                format!("the attribute `{key}` of <{name}> cannot be read: {e}"),
                "XML knows only &amp; &lt; &gt; &quot; &apos; and character references",
            )
        })?;
        attrs.push((key, value.into_owned()));
    }
    Ok(El {
        name,
        attrs,
        start: before,
        tag_end: after,
        ..El::default()
    })
}

/// An element ends: a `<question>` directly inside `<quiz>` is imported and dropped, any
/// other element joins its parent.
fn close(
    el: El,
    stack: &mut [El],
    path: &mut Vec<String>,
    batch: &mut Batch,
    options: &Options,
    parsed: &mut Parsed,
) {
    if let Some((_, span)) = el.dropped.iter().find(|(at, _)| joins_words(&el.text, *at)) {
        parsed.diagnostics.push(
            diag(
                "I008",
                Severity::Warning,
                options,
                span.clone(),
                "the whitespace between two entity references (or CDATA sections) is dropped, as Moodle's importer drops it, so the text on either side runs together",
            )
            .with_label("dropped")
            .with_help("put the text inside <![CDATA[…]]>, as Moodle's own exports do, and import it again"),
        );
    }
    match stack.len() {
        0 => {}
        1 => {
            if el.name == "question" {
                batch.questions += 1;
                if el.attr("type") == Some("category") {
                    category(&el, path, options, parsed);
                } else {
                    batch.pending.push((el, path.clone()));
                    if batch.pending.len() >= BATCH {
                        batch.flush(options, parsed);
                    }
                }
            }
        }
        _ => {
            if let Some(parent) = stack.last_mut() {
                parent.children.push(el);
            }
        }
    }
}

/// Questions converted together, in parallel: enough to keep both cores busy, few enough that
/// their trees take little memory.
const BATCH: usize = 256;

/// The questions read but not converted yet, each with its category path.
#[derive(Default)]
struct Batch {
    questions: usize,
    pending: Vec<(El, Vec<String>)>,
}

impl Batch {
    /// Converts the pending questions, in parallel, and adds them in file order.
    fn flush(&mut self, options: &Options, parsed: &mut Parsed) {
        let done: Vec<Parsed> = self
            .pending
            .par_drain(..)
            .map(|(el, path)| {
                let mut one = Parsed::default();
                question(&el, &path, options, &mut one);
                one
            })
            .collect();
        for one in done {
            parsed.items.extend(one.items);
            parsed.skipped.extend(one.skipped);
            parsed.diagnostics.extend(one.diagnostics);
        }
    }
}

/// The types Moodle's XML importer handles itself besides the two imported (§1.3).
const OTHER_CORE_TYPES: &[&str] = &[
    "shortanswer",
    "numerical",
    "description",
    "matching",
    "match",
    "cloze",
    "multianswer",
    "essay",
    "calculated",
    "calculatedsimple",
    "calculatedmulti",
    "ddwtos",
    "gapselect",
    "ddimageortext",
    "ddmarker",
    "randomsamatch",
    "ordering",
];

fn question(el: &El, path: &[String], options: &Options, parsed: &mut Parsed) {
    let kind = el.attr("type").unwrap_or("").to_owned();
    let name = el
        .child("name")
        .and_then(|n| n.child_text("text"))
        .unwrap_or("")
        .to_owned();
    match kind.as_str() {
        "multichoice" | "truefalse" => {
            if let Err(why) = choice_question(el, &kind, &name, path, options, parsed) {
                let shown = display_name(&name);
                build::skip(
                    parsed,
                    options,
                    el.tag_span(),
                    &kind,
                    &shown,
                    format!("{kind} question `{shown}` skipped: {why}"),
                    "fix the question in Moodle and export it again, or add it to the bank by hand",
                );
            }
        }
        other => {
            let shown = display_name(&name);
            let (message, help) = if OTHER_CORE_TYPES.contains(&other) {
                (
                    format!(
                        "{other} question `{shown}` skipped: quizkit holds multiple-choice questions only"
                    ),
                    "rewrite it as a multiple-choice question to bring it into the bank",
                )
            } else if other == "random" {
                (
                    format!(
                        "random question `{shown}` skipped: it holds no question of its own, it draws one from a category when a quiz is taken (Moodle's XML import refuses it and stops the whole file)"
                    ),
                    "import the questions of the category it draws from",
                )
            } else if other.is_empty() {
                (
                    format!("question `{shown}` skipped: it has no type"),
                    "Moodle needs a type attribute such as type=\"multichoice\"",
                )
            } else {
                (
                    format!(
                        "{other} question `{shown}` skipped: a type Moodle's core does not define (a plugin's?), and not multiple choice"
                    ),
                    "rewrite it as a multiple-choice question to bring it into the bank",
                )
            };
            let kind = if other.is_empty() { "untyped" } else { other };
            build::skip(parsed, options, el.tag_span(), kind, &shown, message, help);
        }
    }
}

/// Tags that start or end a block: the whitespace beside them is not seen.
const BLOCK_TAGS: &[&str] = &[
    "p",
    "div",
    "br",
    "hr",
    "li",
    "ul",
    "ol",
    "table",
    "thead",
    "tbody",
    "tr",
    "td",
    "th",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "pre",
];

/// Whether whitespace dropped at `at` in `text` joins what a reader sees on either side: not
/// at either end, and not beside a block tag (`</p>` `<p>`).
fn joins_words(text: &str, at: usize) -> bool {
    let (left, right) = text.split_at(at);
    let tag = |t: &str| {
        let name: String = t
            .trim_start_matches('/')
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        BLOCK_TAGS.contains(&name.to_ascii_lowercase().as_str())
    };
    let block_before = left.ends_with('>') && left.rfind('<').is_some_and(|i| tag(&left[i + 1..]));
    let block_after = right.strip_prefix('<').is_some_and(tag);
    !left.trim().is_empty()
        && !right.trim().is_empty()
        && !left.ends_with(char::is_whitespace)
        && !right.starts_with(char::is_whitespace)
        && !block_before
        && !block_after
}

fn display_name(name: &str) -> String {
    let shown = build::short_name(name);
    if shown.is_empty() {
        "(no name)".to_owned()
    } else {
        shown
    }
}

/// `$course$/top/A//B/C` → `["A/B", "C"]`: split on single slashes, `//` a slash of a name,
/// the context and `top` left out (§5).
pub(crate) fn category_path(raw: &str) -> Vec<String> {
    let mut segments = Vec::new();
    let mut current = String::new();
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '/' {
            if chars.peek() == Some(&'/') {
                chars.next();
                current.push('/');
            } else {
                segments.push(std::mem::take(&mut current));
            }
        } else {
            current.push(c);
        }
    }
    segments.push(current);
    let mut segments: Vec<String> = segments.into_iter().map(|s| s.trim().to_owned()).collect();
    if segments.first().is_some_and(|s| {
        s.len() > 2
            && s.starts_with('$')
            && s.ends_with('$')
            && s[1..s.len() - 1].bytes().all(|b| b.is_ascii_lowercase())
    }) {
        segments.remove(0);
    }
    if segments.first().is_some_and(|s| s == "top") {
        segments.remove(0);
    }
    segments.retain(|s| !s.is_empty());
    segments
}

fn category(el: &El, path: &mut Vec<String>, options: &Options, parsed: &mut Parsed) {
    let raw = el
        .child("category")
        .and_then(|c| c.child_text("text"))
        .unwrap_or("");
    *path = category_path(raw);
    let mut notes = Notes::default();
    let (description, key_points) = match el.child("info").map(|info| field(info, TextFormat::Html))
    {
        Some(Ok((text, format))) => {
            build::convert_with_points(&text, format, &options.lang, &mut notes)
        }
        _ => (None, Vec::new()),
    };
    let idnumber = el
        .child("idnumber")
        .map(|i| i.text.trim().to_owned())
        .filter(|i| !i.is_empty());
    parsed.categories.push(CategoryInfo {
        path: path.clone(),
        description,
        key_points,
        idnumber,
    });
}

/// A fraction attribute as Moodle reads it: a percentage, `100%` read as 100, missing or
/// empty as 0.
fn fraction(raw: Option<&str>) -> Result<f64, String> {
    let raw = raw.unwrap_or("").trim();
    if raw.is_empty() {
        return Ok(0.0);
    }
    raw.trim_end_matches('%')
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|f| f.is_finite())
        .ok_or_else(|| {
            format!("the fraction `{raw}` is not a number (Moodle's import crashes on it)")
        })
}

/// Moodle's `trans_single`: `false`, `0` and empty are false, anything else true.
fn flag(raw: Option<&str>, default: bool) -> bool {
    match raw {
        None => default,
        Some(v) => !matches!(v.trim(), "false" | "0" | ""),
    }
}

fn choice_question(
    el: &El,
    kind: &str,
    name: &str,
    path: &[String],
    options: &Options,
    parsed: &mut Parsed,
) -> Result<(), String> {
    let mut notes = Notes::default();
    let lang = options.lang.as_str();
    let (stem_raw, qformat) = match el.child("questiontext") {
        Some(f) => field(f, TextFormat::Html).map_err(|e| e.0)?,
        None => (String::new(), TextFormat::Html),
    };
    let stem = build::convert(&stem_raw, qformat, lang, &mut notes);
    if build::is_blank(&stem) {
        return Err("its question text is empty".to_owned());
    }
    let explanation = match el.child("generalfeedback") {
        Some(f) => {
            let (raw, format) = field(f, qformat).map_err(|e| e.0)?;
            Some(build::convert(&raw, format, lang, &mut notes))
        }
        None => None,
    };
    let tags: Vec<String> = el
        .child("tags")
        .map(|t| {
            t.children("tag")
                .filter_map(|tag| tag.child_text("text"))
                .map(crate::html::plain_text)
                .collect()
        })
        .unwrap_or_default();
    let mut answers = Vec::new();
    // Every answer's weight, blank ones too, as Moodle's grade check sees them, and where the
    // first it refuses stands.
    let mut weights = Vec::new();
    let mut unmatched_at = None;
    for answer in el.children("answer") {
        let (raw, format) = field(answer, qformat).map_err(|e| e.0)?;
        let fraction = fraction(answer.attr("fraction"))?;
        weights.push(fraction / 100.0);
        if unmatched_at.is_none() && !grades::is_moodle_grade(fraction / 100.0) {
            unmatched_at = Some(answer.tag_span());
        }
        let feedback = match answer.child("feedback") {
            Some(f) => {
                let (raw, format) = field(f, format).map_err(|e| e.0)?;
                Some(build::convert(&raw, format, lang, &mut notes))
            }
            None => None,
        };
        answers.push((raw, format, fraction, feedback));
    }
    let mut changes: Vec<String> = Vec::new();
    let parts = if kind == "truefalse" {
        let (parts, change) = true_false(&answers, &stem, explanation, tags)?;
        changes.extend(change);
        parts
    } else {
        let single = flag(el.child_text("single"), true);
        let shuffle = flag(el.child_text("shuffleanswers"), false);
        let before = answers.len();
        answers.retain(|(raw, _, _, _)| !raw.trim().is_empty());
        if answers.len() < before {
            changes.push(format!(
                "{} blank answer(s) left out, as Moodle leaves them out",
                before - answers.len()
            ));
        }
        let weights: Vec<f64> = answers.iter().map(|a| a.2 / 100.0).collect();
        let (key, weight_changes) = build::key_from_weights(&weights, single)?;
        changes.extend(weight_changes);
        let options_list = answers
            .into_iter()
            .map(|(raw, format, _, feedback)| {
                build::choice(build::convert(&raw, format, lang, &mut notes), feedback)
            })
            .collect();
        Parts {
            stem,
            options: options_list,
            key,
            multiple: !single,
            explanation,
            tags,
            shuffle: (!shuffle).then_some(false),
        }
    };
    let mut files = Vec::new();
    el.files(&mut files);
    let mut media = Vec::new();
    let mut unreadable = Vec::new();
    for (raw, name, bytes) in files {
        match bytes {
            Ok(bytes) => {
                if raw != name {
                    changes.push(format!(
                        "the attached file `{raw}` is written as `{name}` (a file name of the bank's own folder)"
                    ));
                }
                media.push(crate::Attachment { name, bytes });
            }
            Err(why) => unreadable.push(format!("`{name}`: {why}")),
        }
    }
    // What the texts show that the question holds is imported; the rest is reported.
    notes
        .images
        .retain(|image| !media.iter().any(|m| m.name == *image));
    let shown = display_name(name);
    notes.report(options, el.tag_span(), &shown, &mut parsed.diagnostics);
    // A true/false question's answers set Moodle's `correctanswer`, not fractions it checks.
    if kind != "truefalse" {
        let at = unmatched_at.unwrap_or_else(|| el.tag_span());
        parsed
            .diagnostics
            .extend(grades::unmatched(&weights, options, at, &shown));
    }
    if !unreadable.is_empty() {
        parsed.diagnostics.push(
            diag(
                "I004",
                Severity::Warning,
                options,
                el.tag_span(),
                format!(
                    "question `{shown}`: attached file(s) left out: {}",
                    unreadable.join("; ")
                ),
            )
            .with_label("this question")
            .with_help("export the question from Moodle again; its <file> elements hold each file's bytes in base64"),
        );
    }
    for change in changes {
        parsed.diagnostics.push(
            diag(
                "I003",
                Severity::Info,
                options,
                el.tag_span(),
                format!("question `{shown}`: {change}"),
            )
            .with_help("check the imported question's key and options"),
        );
    }
    let idnumber = el
        .child("idnumber")
        .map(|i| i.text.clone())
        .filter(|i| !i.is_empty());
    build::push_item(
        parsed,
        options,
        Item {
            path: path.to_vec(),
            source_id: idnumber,
            name: (!name.trim().is_empty()).then(|| name.to_owned()),
            question: build::question(parts),
            span: el.tag_span(),
            media,
        },
        kind,
        &shown,
    );
    Ok(())
}

/// A true/false question as two options, "True" first, in the languages of its texts, and
/// the change to report when Moodle would read it otherwise.
///
/// The answers are read by their words, `true` and `false` or their kin in the languages teams
/// write ("Waar"/"Onwaar", "Prawda"/"Fałsz", [`build::truth_of`]). Moodle knows only `true`
/// and `false` and reads other answers by position, the first as true: where the first says
/// false, Moodle marks the answer the author did not mean, and quizkit says so.
fn true_false(
    answers: &[(
        String,
        TextFormat,
        f64,
        Option<quizkit_model::LocalizedText>,
    )],
    stem: &quizkit_model::LocalizedText,
    explanation: Option<quizkit_model::LocalizedText>,
    tags: Vec<String>,
) -> Result<(Parts, Option<String>), String> {
    let words: Vec<String> = answers
        .iter()
        .map(|a| crate::html::plain_text(&a.0).trim().to_owned())
        .collect();
    let find = |truth: bool| {
        let mut found = (0..answers.len()).filter(|&i| build::truth_of(&words[i]) == Some(truth));
        match (found.next(), found.next()) {
            (Some(i), None) => Some(i),
            _ => None,
        }
    };
    let (Some(ti), Some(fi)) = (find(true), find(false)) else {
        return Err(format!(
            "its answers ({}) are not one true and one false, in words quizkit knows (`true`, `false`, `Waar`, `Onwaar`, `Vrai`, `Faux`, …)",
            words
                .iter()
                .map(|w| format!("`{w}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    };
    let (t, f) = (&answers[ti], &answers[fi]);
    // Moodle reads `true` and `false` as written, anything else by position.
    let moodle_reads_words = words[ti] == "true" && words[fi] == "false";
    let change = (!moodle_reads_words && fi < ti).then(|| {
        format!(
            "its answers are read by their words, `{}` as false and `{}` as true; Moodle reads answers not named `true` and `false` by position, the first as true, and would mark the other answer as the key",
            words[fi], words[ti]
        )
    });
    let key = match (t.2 >= 99.999, f.2 >= 99.999) {
        (true, false) => 0,
        (false, true) => 1,
        _ => return Err("neither or both of `true` and `false` are at 100%".to_owned()),
    };
    let mut texts: Vec<&quizkit_model::LocalizedText> = vec![stem];
    texts.extend(explanation.as_ref());
    texts.extend(t.3.as_ref());
    texts.extend(f.3.as_ref());
    let langs = build::languages_of(&texts);
    let (true_text, false_text) = build::true_false_options(&langs);
    let parts = Parts {
        stem: stem.clone(),
        options: vec![
            build::choice(true_text, t.3.clone()),
            build::choice(false_text, f.3.clone()),
        ],
        key: vec![key],
        multiple: false,
        explanation,
        tags,
        // Moodle shows True before False, always.
        shuffle: Some(false),
    };
    Ok((parts, change))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn category_paths_as_moodle_splits_them() {
        assert_eq!(category_path("$course$/top/A//B/C"), vec!["A/B", "C"]);
        assert_eq!(category_path("$course$/top"), Vec::<String>::new());
        assert_eq!(category_path("top/A/B"), vec!["A", "B"]);
        assert_eq!(category_path("$cat1$/A"), vec!["$cat1$", "A"]);
        assert_eq!(category_path(" $system$ / top / X /"), vec!["X"]);
    }

    #[test]
    fn flags_as_trans_single_reads_them() {
        assert!(flag(Some("False"), true));
        assert!(!flag(Some("false"), true));
        assert!(!flag(Some("0"), true));
        assert!(flag(None, true));
    }

    #[test]
    fn whitespace_dropped_between_escaped_inline_tags_is_reported_at_its_place() {
        // A generator that escapes HTML instead of using CDATA: Moodle reads `Viennaand`.
        let xml = "<quiz><question type='multichoice'><name><text>Q</text></name>\
            <questiontext><text>&lt;p&gt;Through &lt;b&gt;Vienna&lt;/b&gt; &lt;i&gt;and&lt;/i&gt; Budapest?&lt;/p&gt;\n\
            &lt;p&gt;Pick one.&lt;/p&gt;</text></questiontext>\
            <answer fraction='100'><text>Danube</text></answer>\
            <answer fraction='0'><text>Rhine</text></answer></question></quiz>";
        let p = import(xml.as_bytes().to_vec(), &Options::default());
        assert_eq!(p.items.len(), 1);
        let stem = p.items[0].question.stem.get("en").unwrap_or("");
        assert!(stem.contains("**Vienna**_and_"), "{stem}");
        let dropped: Vec<_> = p.diagnostics.iter().filter(|d| d.code == "I008").collect();
        assert_eq!(dropped.len(), 1, "{:?}", p.diagnostics);
        assert_eq!(dropped[0].severity, Severity::Warning);
        let at = dropped[0].span.clone();
        assert_eq!((&xml[at.start - 4..at.start], &xml[at]), ("&gt;", " "));
    }

    #[test]
    fn whitespace_beside_block_tags_or_text_ends_is_dropped_without_a_word() {
        assert!(!joins_words("<p>a</p><p>b</p>", 8));
        assert!(!joins_words("a<br>b", 5));
        assert!(!joins_words("text", 4));
        assert!(joins_words("a &<", 3));
        assert!(joins_words("<b>x</b><i>y</i>", 8));
    }

    #[test]
    fn a_random_question_is_skipped_as_what_it_is() {
        let xml = "<quiz><question type=\"random\"><name><text>Willekeurig</text></name>\
            <questiontext format=\"html\"><text>0</text></questiontext></question></quiz>";
        let p = import(xml.as_bytes().to_vec(), &Options::default());
        assert!(p.items.is_empty());
        assert_eq!(p.skipped[0].kind, "random");
        let d = &p.diagnostics[0];
        assert_eq!(d.code, "I002");
        assert!(
            d.message.contains("draws one from a category"),
            "{}",
            d.message
        );
        assert!(!d.message.contains("plugin"), "{}", d.message);
    }

    #[test]
    fn true_false_answers_are_read_by_their_words() {
        let tf = |first: &str, second: &str| {
            format!(
                "<quiz><question type='truefalse'><name><text>Q</text></name>\
                 <questiontext><text>Uracyl występuje w DNA.</text></questiontext>\
                 <answer fraction='100'><text>{first}</text></answer>\
                 <answer fraction='0'><text>{second}</text></answer></question></quiz>"
            )
        };
        // In Moodle's order: the key as Moodle reads it, nothing to report.
        let p = import(tf("Prawda", "Fałsz").into_bytes(), &Options::default());
        assert_eq!(p.items[0].question.key_indices(), vec![0]);
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        // False first: Moodle would take `Fałsz` for true; quizkit reads it as false and says so.
        let p = import(tf("Fałsz", "Prawda").into_bytes(), &Options::default());
        assert_eq!(p.items[0].question.key_indices(), vec![1]);
        assert_eq!(p.diagnostics[0].code, "I003");
        assert!(p.diagnostics[0].message.contains("by position"));
        // Words quizkit does not know: skipped, saying which.
        let p = import(tf("Ja", "Nee").into_bytes(), &Options::default());
        assert!(p.items.is_empty());
        assert!(p.diagnostics[0].message.contains("`Ja`, `Nee`"));
    }

    #[test]
    fn a_fraction_moodle_refuses_is_imported_and_reported_at_its_answer() {
        // A converter's `Math.round(1000/3)/10`: Moodle refuses the whole file on 33.3.
        let xml = "<quiz><question type='multichoice'><name><text>Cities</text></name>\
            <questiontext><text>Which are regional capitals?</text></questiontext>\
            <single>false</single>\
            <answer fraction='33.3'><text>Brno</text></answer>\
            <answer fraction='33.3'><text>Ostrava</text></answer>\
            <answer fraction='33.3'><text>Plzeň</text></answer>\
            <answer fraction='0'><text>Tábor</text></answer></question>\
            <question type='multichoice'><name><text>Thirds</text></name>\
            <questiontext><text>As Moodle exports a third.</text></questiontext>\
            <single>false</single>\
            <answer fraction='33.33333'><text>a</text></answer>\
            <answer fraction='33.33333'><text>b</text></answer>\
            <answer fraction='33.33333'><text>c</text></answer>\
            <answer fraction='-100'><text>d</text></answer></question></quiz>";
        let p = import(xml.as_bytes().to_vec(), &Options::default());
        assert_eq!(p.items.len(), 2);
        assert_eq!(p.items[0].question.key_indices(), vec![0, 1, 2]);
        assert_eq!(p.diagnostics.len(), 1, "{:?}", p.diagnostics);
        let d = &p.diagnostics[0];
        assert_eq!((d.code, d.severity), ("I009", Severity::Warning));
        assert!(d.message.contains("question `Cities`"), "{}", d.message);
        assert!(
            d.message.contains("Grades (0.333, 0.333, 0.333)"),
            "{}",
            d.message
        );
        assert_eq!(&xml[d.span.clone()], "<answer fraction='33.3'>");
    }

    #[test]
    fn single_choice_without_a_full_answer_is_skipped_saying_what_to_do() {
        // A generator that leaves out `<single>false</single>`: two halves, no key.
        let xml = "<quiz><question type='multichoice'><name><text>Baltic</text></name>\
            <questiontext><text>Select the two Baltic states.</text></questiontext>\
            <answer fraction='50.0'><text>Estonia</text></answer>\
            <answer fraction='50.0'><text>Lithuania</text></answer>\
            <answer fraction='0.0'><text>Finland</text></answer></question></quiz>";
        let p = import(xml.as_bytes().to_vec(), &Options::default());
        assert!(p.items.is_empty());
        assert_eq!(p.skipped.len(), 1);
        assert_eq!(p.skipped[0].name, "Baltic");
        let d = &p.diagnostics[0];
        assert_eq!(d.code, "I002");
        assert!(
            d.message.contains("no answer is worth 100%"),
            "{}",
            d.message
        );
        assert!(d.message.contains("multiple response"), "{}", d.message);
    }
}
