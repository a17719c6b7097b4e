//! The formatter behind `quizkit fmt`: a bank file's text in, the same file in quizkit's
//! canonical layout out, like `taplo fmt` or `ruff format`.
//!
//! The layout is the one [`write`](crate::write) prints, so `format(write(x)) == write(x)`:
//! the `#:schema` line first; keys in the order of the README's example; texts in several
//! languages as dotted keys (`stem.nl = "…"`); one quoting rule that follows from the value
//! (basic strings, literal ones when a backslash would need escaping, multi-line strings for
//! explanations, key points and any text with a line break); options as `[[question.options]]`
//! tables and questions as `[[question]]` tables, however they were written (inline arrays,
//! `[question.stem]` sub-tables and literal strings are rewritten); one blank line before each
//! table header and none elsewhere. Keys quizkit does not know keep their place after the
//! known ones, written the same way. Comments are kept, each with the key, option or table it
//! was written above (or after, on the same line); a comment inside an inline table moves
//! above its key, since an inline table holds no comment in TOML 1.0.
//!
//! Formatting never changes what a file loads to: before returning, [`format()`] parses its
//! output and compares it with the input, value for value (an option written as a plain string
//! is the same as a table with only `text`). A file that is not TOML is returned as the
//! loader's `S001` diagnostic, at the line and column of the fault.

use std::ops::Range;

use toml_edit::{Decor, DocumentMut, Item, RawString, Value};

use crate::layout::{push_basic, push_key, push_multiline, push_path, push_string, schema_line};
use crate::load::{CATEGORY_FILE, CONFIG_FILE, TOPIC_FILE};
use crate::{Diagnostic, FileId};

/// Which bank file a text is: it decides the order of keys and which keys are texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A question file: `[[question]]` tables.
    Questions,
    /// `topic.toml`.
    Topic,
    /// `category.toml`.
    Category,
    /// `quizkit.toml`.
    Config,
}

impl FileKind {
    /// The kind of the file at `path`, by its name (`quizkit.toml`, `category.toml`,
    /// `topic.toml`; any other name is a question file).
    pub fn of_path(path: &str) -> FileKind {
        let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
        match name {
            CONFIG_FILE => FileKind::Config,
            CATEGORY_FILE => FileKind::Category,
            TOPIC_FILE => FileKind::Topic,
            _ => FileKind::Questions,
        }
    }
}

/// `source` in the canonical layout of a `kind` file. A UTF-8 byte order mark is dropped and
/// line breaks become `\n`.
///
/// The error is a diagnostic in file [`FileId(0)`](FileId) (the text given) with the span of
/// the fault: the loader's `S001` when the text is not TOML.
pub fn format(kind: FileKind, source: &str) -> Result<String, Box<Diagnostic>> {
    let text = source.strip_prefix('\u{feff}').unwrap_or(source);
    let bom = source.len() - text.len();
    let (schema, body, offset) = split_schema(text);
    let offset = offset + bom;
    let input: toml::Table = toml::from_str(body).map_err(|e| {
        let span = e.span().map_or(0..0, |s| s.start + offset..s.end + offset);
        Box::new(crate::load::toml_error(
            FileId(0),
            span,
            e.message(),
            "this file",
            body,
            offset,
        ))
    })?;
    let doc: DocumentMut = body.parse().map_err(|e: toml_edit::TomlError| {
        Box::new(syntax_error(e.span(), e.message(), body, offset))
    })?;

    let root = table_of(doc.as_table(), Comments::default());
    let mut out = Out::new(schema);
    match kind {
        FileKind::Questions => questions(&mut out, root),
        FileKind::Topic => topic(&mut out, root),
        FileKind::Category => category(&mut out, root),
        FileKind::Config => config(&mut out, root),
    }
    out.trailing(raw(Some(doc.trailing())));
    let formatted = out.s;

    let output: Result<toml::Table, _> = toml::from_str(&formatted);
    match output {
        Ok(output) if same_table(&normalized(kind, input), &output) => Ok(formatted),
        _ => Err(Box::new(
            Diagnostic::new(
                "FMT",
                "cannot-format",
                crate::Severity::Error,
                FileId(0),
                offset..offset,
                "quizkit fmt cannot lay out this file without changing what it says, so it leaves it as it is",
            )
            .with_label("this file")
            .with_help("this is a bug in quizkit fmt: please report it with the file"),
        )),
    }
}

fn syntax_error(
    span: Option<Range<usize>>,
    message: &str,
    body: &str,
    offset: usize,
) -> Diagnostic {
    let span = span.map_or(0..0, |s| s.start + offset..s.end + offset);
    crate::load::toml_error(FileId(0), span, message, "this file", body, offset)
}

/// Splits off a first line `#:schema …`: (the line, normalized; the rest; the rest's offset).
fn split_schema(text: &str) -> (Option<String>, &str, usize) {
    if !text.starts_with("#:schema") {
        return (None, text, 0);
    }
    let end = text.find('\n').map_or(text.len(), |i| i + 1);
    let line = schema_line(&text[..end]["#:schema".len()..]);
    (Some(line), &text[end..], end)
}

// ---------------------------------------------------------------------------------------------
// The file as a tree of nodes with the comments written around them.

/// Comments around a node: whole lines above it (`""` for one blank line between groups), and
/// one after it on its line.
#[derive(Debug, Default, Clone)]
struct Comments {
    before: Vec<String>,
    after: Option<String>,
}

impl Comments {
    fn is_empty(&self) -> bool {
        self.before.is_empty() && self.after.is_none()
    }

    /// Every comment as whole lines.
    fn into_lines(self) -> Vec<String> {
        let mut lines = self.before;
        lines.extend(self.after);
        lines
    }

    fn absorb(&mut self, other: Comments) {
        join_lines(&mut self.before, other.into_lines());
    }
}

fn join_lines(lines: &mut Vec<String>, more: Vec<String>) {
    for line in more {
        if !(line.is_empty() && lines.last().is_none_or(String::is_empty)) {
            lines.push(line);
        }
    }
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
}

#[derive(Debug, Clone)]
enum Node {
    /// A string's value.
    Str(String),
    /// Any other scalar, as written (`3`, `0.1`, `true`, a date).
    Other(String),
    Array(Array),
    Table(Table),
}

#[derive(Debug, Clone)]
struct Array {
    items: Vec<Elem>,
    /// Comment lines after the last element.
    trailing: Vec<String>,
}

#[derive(Debug, Clone)]
struct Elem {
    comments: Comments,
    node: Node,
}

#[derive(Debug, Clone)]
struct Table {
    /// Comments of the table's header, or of an inline table's inside.
    header: Comments,
    entries: Vec<Entry>,
}

#[derive(Debug, Clone)]
struct Entry {
    key: String,
    comments: Comments,
    node: Node,
}

impl Table {
    fn take(&mut self, key: &str) -> Option<Entry> {
        let i = self.entries.iter().position(|e| e.key == key)?;
        Some(self.entries.remove(i))
    }

    fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.key.as_str())
    }
}

fn raw(r: Option<&RawString>) -> &str {
    r.and_then(RawString::as_str).unwrap_or("")
}

/// The comment lines in whitespace and comments, blank lines between groups kept as one.
fn comment_lines(s: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for piece in s.split('\n') {
        let piece = piece.trim();
        if piece.starts_with('#') {
            lines.push(piece.to_owned());
        } else if piece.is_empty() && lines.last().is_some_and(|l: &String| !l.is_empty()) {
            lines.push(String::new());
        }
    }
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// A comment that ends the line a text starts on, and the comment lines after it.
fn split_same_line(s: &str) -> (Option<String>, Vec<String>) {
    let (first, rest) = s.split_once('\n').unwrap_or((s, ""));
    let first = first.trim();
    let same = first.starts_with('#').then(|| first.to_owned());
    (same, comment_lines(rest))
}

fn decor_comments(decor: &Decor) -> Comments {
    let mut before = comment_lines(raw(decor.prefix()));
    let (after, more) = split_same_line(raw(decor.suffix()));
    join_lines(&mut before, more);
    Comments { before, after }
}

fn table_of(t: &toml_edit::Table, header: Comments) -> Table {
    let entries = t
        .iter()
        .filter_map(|(k, item)| {
            let key = t.key(k)?;
            let mut comments = Comments {
                before: comment_lines(raw(key.leaf_decor().prefix())),
                after: None,
            };
            let node = match item {
                Item::None => return None,
                Item::Value(v) => value_node(v, &mut comments),
                Item::Table(sub) => Node::Table(table_of(sub, decor_comments(sub.decor()))),
                Item::ArrayOfTables(tables) => Node::Array(Array {
                    items: tables
                        .iter()
                        .map(|sub| Elem {
                            comments: decor_comments(sub.decor()),
                            node: Node::Table(table_of(sub, Comments::default())),
                        })
                        .collect(),
                    trailing: Vec::new(),
                }),
            };
            Some(Entry {
                key: k.to_owned(),
                comments,
                node,
            })
        })
        .collect();
    Table { header, entries }
}

/// A value's node; the comments of its decor go to `comments` (of its key or element).
fn value_node(v: &Value, comments: &mut Comments) -> Node {
    let decor = decor_comments(v.decor());
    join_lines(&mut comments.before, decor.before);
    if decor.after.is_some() {
        comments.after = decor.after;
    }
    node_of(v, comments)
}

/// A value's node, its own decor aside; `comments` takes what has no element to go with.
fn node_of(v: &Value, comments: &mut Comments) -> Node {
    match v {
        Value::String(s) => Node::Str(s.value().clone()),
        Value::Integer(f) => Node::Other(f.display_repr().into_owned()),
        Value::Float(f) => Node::Other(f.display_repr().into_owned()),
        Value::Boolean(f) => Node::Other(f.display_repr().into_owned()),
        Value::Datetime(f) => Node::Other(f.display_repr().into_owned()),
        Value::Array(a) => {
            let mut items: Vec<Elem> = Vec::with_capacity(a.len());
            for v in a.iter() {
                // A comment after an element's comma is in the next element's prefix.
                let (same, lines) = split_same_line(raw(v.decor().prefix()));
                let mut elem_comments = Comments {
                    before: lines,
                    after: None,
                };
                if let Some(same) = same {
                    match items.last_mut() {
                        Some(prev) if prev.comments.after.is_none() => {
                            prev.comments.after = Some(same)
                        }
                        Some(prev) => join_lines(&mut prev.comments.before, vec![same]),
                        None => elem_comments.before.insert(0, same),
                    }
                }
                let suffix = comment_lines(raw(v.decor().suffix()));
                let node = node_of(v, &mut elem_comments);
                join_lines(&mut elem_comments.before, suffix);
                items.push(Elem {
                    comments: elem_comments,
                    node,
                });
            }
            let (same, trailing) = split_same_line(raw(Some(a.trailing())));
            if let Some(same) = same {
                match items.last_mut() {
                    Some(prev) if prev.comments.after.is_none() => prev.comments.after = Some(same),
                    Some(prev) => join_lines(&mut prev.comments.before, vec![same]),
                    None => comments.before.push(same),
                }
            }
            Node::Array(Array { items, trailing })
        }
        Value::InlineTable(t) => {
            let mut header = Comments {
                before: comment_lines(raw(Some(t.trailing()))),
                after: None,
            };
            let entries = t
                .iter()
                .filter_map(|(k, v)| {
                    let key = t.key(k)?;
                    let mut c = Comments {
                        before: comment_lines(raw(key.leaf_decor().prefix())),
                        after: None,
                    };
                    let node = value_node(v, &mut c);
                    Some(Entry {
                        key: k.to_owned(),
                        comments: c,
                        node,
                    })
                })
                .collect();
            header.before.retain(|l| !l.is_empty());
            Node::Table(Table { header, entries })
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Writing the tree out.

/// How a key's strings are quoted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    /// Identifiers, tags, rule names: always `"…"`, a line break escaped.
    Plain,
    /// Markdown texts: `"…"`, or `"""…"""` when they hold a line break.
    Text,
    /// Long Markdown texts (explanations, key points): always `"""…"""`.
    Long,
}

/// How a key's table value is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// One dotted line per leaf (`stem.nl = "…"`).
    Dotted,
    /// An inline table (`severity = { F = "error" }`).
    Inline,
}

struct Out {
    s: String,
    /// Comment lines to write before the next table header's, or at the end.
    pending: Vec<String>,
}

impl Out {
    fn new(schema: Option<String>) -> Self {
        let mut s = String::new();
        if let Some(schema) = schema {
            s.push_str(&schema);
            s.push('\n');
        }
        Out {
            s,
            pending: Vec::new(),
        }
    }

    fn lines(&mut self, lines: &[String], indent: &str) {
        for line in lines {
            if !line.is_empty() {
                self.s.push_str(indent);
                self.s.push_str(line);
            }
            self.s.push('\n');
        }
    }

    fn after(&mut self, after: &Option<String>) {
        if let Some(c) = after {
            self.s.push(' ');
            self.s.push_str(c);
        }
    }

    /// A table header, after one blank line (unless it starts the file), with its comments.
    fn header(&mut self, header: &str, comments: &Comments) {
        if !self.s.is_empty() {
            self.s.push('\n');
        }
        let mut before = std::mem::take(&mut self.pending);
        join_lines(&mut before, comments.before.clone());
        self.lines(&before, "");
        self.s.push_str(header);
        self.after(&comments.after);
        self.s.push('\n');
    }

    /// The comments after everything: one blank line first when written so.
    fn trailing(&mut self, raw: &str) {
        let pending = std::mem::take(&mut self.pending);
        self.lines(&pending, "");
        let lines = comment_lines(raw);
        if lines.is_empty() {
            return;
        }
        let blank_first = raw.trim_start_matches([' ', '\t', '\r']).starts_with('\n')
            || raw
                .split('\n')
                .take_while(|l| !l.trim().starts_with('#'))
                .count()
                > 1;
        if blank_first && !self.s.is_empty() {
            self.s.push('\n');
        }
        self.lines(&lines, "");
    }

    /// `key = value` lines for an entry, under `path`.
    fn entry(&mut self, path: &[&str], e: &Entry, style: Style, shape: Shape) {
        let mut full = path.to_vec();
        full.push(&e.key);
        if let (Node::Table(t), Shape::Dotted) = (&e.node, shape)
            && !t.entries.is_empty()
        {
            let mut comments = e.comments.clone();
            comments.absorb(t.header.clone());
            self.lines(&comments.into_lines(), "");
            for sub in &t.entries {
                self.entry(&full, sub, style, Shape::Dotted);
            }
            return;
        }
        let mut hoisted = Vec::new();
        let value = inline(&e.node, style, "", &mut hoisted);
        let mut before = e.comments.before.clone();
        join_lines(&mut before, hoisted);
        self.lines(&before, "");
        push_path(&mut self.s, &full);
        self.s.push_str(" = ");
        self.s.push_str(&value);
        self.after(&e.comments.after);
        self.s.push('\n');
    }

    fn entries(&mut self, entries: &[Entry], style: Style) {
        for e in entries {
            self.entry(&[], e, style, Shape::Dotted);
        }
    }
}

/// A node written inline (a value after `=` or in an array); comments found inside inline
/// tables go to `hoisted`, to be written above.
fn inline(node: &Node, style: Style, indent: &str, hoisted: &mut Vec<String>) -> String {
    let mut out = String::new();
    match node {
        Node::Str(s) => match style {
            Style::Plain => push_basic(&mut out, s),
            Style::Text => push_string(&mut out, s, false),
            Style::Long => push_multiline(&mut out, s),
        },
        Node::Other(repr) => out.push_str(repr),
        Node::Table(t) => {
            join_lines(hoisted, t.header.clone().into_lines());
            if t.entries.is_empty() {
                out.push_str("{}");
                return out;
            }
            out.push_str("{ ");
            for (i, e) in t.entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                join_lines(hoisted, e.comments.clone().into_lines());
                push_key(&mut out, &e.key);
                out.push_str(" = ");
                out.push_str(&inline(&e.node, style, indent, hoisted));
            }
            out.push_str(" }");
        }
        Node::Array(a) => {
            if !multiline(a, style) {
                out.push('[');
                for (i, elem) in a.items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&inline(&elem.node, style, indent, hoisted));
                }
                out.push(']');
                return out;
            }
            let inner = format!("{indent}  ");
            out.push_str("[\n");
            for elem in &a.items {
                let mut above = Vec::new();
                let value = inline(&elem.node, style, &inner, &mut above);
                let mut before = elem.comments.before.clone();
                join_lines(&mut before, above);
                for line in &before {
                    if !line.is_empty() {
                        out.push_str(&inner);
                        out.push_str(line);
                    }
                    out.push('\n');
                }
                out.push_str(&inner);
                out.push_str(&value);
                out.push(',');
                if let Some(c) = &elem.comments.after {
                    out.push(' ');
                    out.push_str(c);
                }
                out.push('\n');
            }
            for line in &a.trailing {
                if !line.is_empty() {
                    out.push_str(&inner);
                    out.push_str(line);
                }
                out.push('\n');
            }
            out.push_str(indent);
            out.push(']');
        }
    }
    out
}

/// Whether an array takes one element per line: when it holds comments, two or more tables,
/// or a string written as a multi-line string.
fn multiline(a: &Array, style: Style) -> bool {
    let tables = a
        .items
        .iter()
        .filter(|e| matches!(e.node, Node::Table(_)))
        .count();
    !a.trailing.is_empty()
        || tables >= 2
        || a.items.iter().any(|e| {
            !e.comments.is_empty()
                || match &e.node {
                    Node::Str(s) => {
                        style == Style::Long || (style == Style::Text && s.contains('\n'))
                    }
                    _ => false,
                }
        })
}

/// Writes the known keys of `t` in `order` (each with its style and shape), then the rest in
/// the order written.
fn ordered(out: &mut Out, t: &mut Table, order: &[(&str, Style, Shape)]) {
    for (key, style, shape) in order {
        if let Some(e) = t.take(key) {
            out.entry(&[], &e, *style, *shape);
        }
    }
    let rest = std::mem::take(&mut t.entries);
    out.entries(&rest, Style::Text);
}

/// An entry holding a non-empty array whose elements are all tables (or, with `strings_too`,
/// strings). An empty array stays `key = []`: as no tables it would say nothing at all.
fn tables_array(t: &mut Table, key: &str, strings_too: bool) -> Option<(Comments, Array)> {
    let fits = t.entries.iter().any(|e| {
        e.key == key
            && matches!(&e.node, Node::Array(a) if !a.items.is_empty() && a.items.iter().all(|el| matches!(el.node, Node::Table(_)) || (strings_too && matches!(el.node, Node::Str(_)))))
    });
    if !fits {
        return None;
    }
    let e = t.take(key)?;
    match e.node {
        Node::Array(a) => Some((e.comments, a)),
        _ => None,
    }
}

/// The comments of an array written as tables: those of its key go above the first table (or
/// where the key was, when there is none), those after its last element after the last table,
/// where TOML reads them as the next header's (or the file's last) comments.
fn spread_comments(out: &mut Out, key_comments: Comments, a: &mut Array) -> Vec<String> {
    let lines = key_comments.into_lines();
    match a.items.first_mut() {
        Some(first) => {
            let mut before = lines;
            join_lines(&mut before, std::mem::take(&mut first.comments.before));
            first.comments.before = before;
        }
        None => out.lines(&lines, ""),
    }
    std::mem::take(&mut a.trailing)
}

/// Known keys in the order they are written, each with how its strings and tables are written.
type KeyOrder = &'static [(&'static str, Style, Shape)];

const QUESTION_KEYS: KeyOrder = &[
    ("id", Style::Plain, Shape::Dotted),
    ("stem", Style::Text, Shape::Dotted),
    ("answer", Style::Plain, Shape::Dotted),
    ("difficulty", Style::Plain, Shape::Dotted),
    ("explanation", Style::Long, Shape::Dotted),
    ("tags", Style::Plain, Shape::Dotted),
    ("related", Style::Plain, Shape::Dotted),
    ("checks", Style::Plain, Shape::Dotted),
    ("allow", Style::Plain, Shape::Dotted),
    ("shuffle", Style::Plain, Shape::Dotted),
];

fn questions(out: &mut Out, mut root: Table) {
    let list = tables_array(&mut root, "question", false);
    out.entries(&root.entries, Style::Text);
    let Some((comments, mut list)) = list else {
        return;
    };
    let trailing = spread_comments(out, comments, &mut list);
    for elem in list.items {
        let Node::Table(mut q) = elem.node else {
            continue;
        };
        out.header("[[question]]", &elem.comments);
        let options = tables_array(&mut q, "options", true);
        if let Some(allow) = q.entries.iter_mut().find(|e| e.key == "allow")
            && let Node::Array(a) = &mut allow.node
        {
            for item in &mut a.items {
                if let Node::Table(t) = &mut item.node {
                    reorder(t, &["rule", "reason"]);
                }
            }
        }
        ordered(out, &mut q, QUESTION_KEYS);
        let Some((comments, mut options)) = options else {
            continue;
        };
        let options_trailing = spread_comments(out, comments, &mut options);
        for option in options.items {
            out.header("[[question.options]]", &option.comments);
            match option.node {
                Node::Str(s) => out.entry(
                    &[],
                    &Entry {
                        key: "text".to_owned(),
                        comments: Comments::default(),
                        node: Node::Str(s),
                    },
                    Style::Text,
                    Shape::Dotted,
                ),
                Node::Table(mut t) => {
                    // Only a table that starts with `text` or `feedback` is one: a table of
                    // languages keeps its order, whatever its keys.
                    if t.keys()
                        .next()
                        .is_some_and(|k| k == "text" || k == "feedback")
                    {
                        reorder(&mut t, &["text", "feedback"]);
                    }
                    out.lines(&t.header.clone().into_lines(), "");
                    out.entries(&t.entries, Style::Text);
                }
                _ => {}
            }
        }
        join_lines(&mut out.pending, options_trailing);
    }
    join_lines(&mut out.pending, trailing);
}

/// Moves the keys named in `first` to the front, in that order.
fn reorder(t: &mut Table, first: &[&str]) {
    let mut front = Vec::new();
    for key in first {
        if let Some(e) = t.take(key) {
            front.push(e);
        }
    }
    front.append(&mut t.entries);
    t.entries = front;
}

fn topic(out: &mut Out, mut root: Table) {
    let points = tables_array(&mut root, "key_points", false);
    ordered(
        out,
        &mut root,
        &[
            ("order", Style::Plain, Shape::Dotted),
            ("title", Style::Text, Shape::Dotted),
            ("summary", Style::Text, Shape::Dotted),
            ("key_points", Style::Long, Shape::Dotted),
        ],
    );
    let Some((comments, mut points)) = points else {
        return;
    };
    let trailing = spread_comments(out, comments, &mut points);
    for point in points.items {
        out.header("[[key_points]]", &point.comments);
        if let Node::Table(t) = point.node {
            out.lines(&t.header.clone().into_lines(), "");
            out.entries(&t.entries, Style::Long);
        }
    }
    join_lines(&mut out.pending, trailing);
}

fn category(out: &mut Out, mut root: Table) {
    ordered(
        out,
        &mut root,
        &[
            ("order", Style::Plain, Shape::Dotted),
            ("title", Style::Text, Shape::Dotted),
            ("description", Style::Text, Shape::Dotted),
        ],
    );
}

fn config(out: &mut Out, mut root: Table) {
    let take_table = |root: &mut Table, key: &str| {
        if root
            .entries
            .iter()
            .any(|e| e.key == key && matches!(e.node, Node::Table(_)))
        {
            root.take(key)
        } else {
            None
        }
    };
    let lint = take_table(&mut root, "lint");
    let export = take_table(&mut root, "export");
    ordered(
        out,
        &mut root,
        &[
            ("id", Style::Plain, Shape::Dotted),
            ("title", Style::Text, Shape::Dotted),
            ("languages", Style::Plain, Shape::Dotted),
            ("shuffle", Style::Plain, Shape::Dotted),
        ],
    );
    let sections: [(Option<Entry>, &str, KeyOrder); 2] = [
        (
            lint,
            "[lint]",
            &[
                ("select", Style::Plain, Shape::Dotted),
                ("extend_select", Style::Plain, Shape::Dotted),
                ("ignore", Style::Plain, Shape::Dotted),
                ("severity", Style::Plain, Shape::Inline),
                ("min_options", Style::Plain, Shape::Dotted),
                ("tolerance", Style::Plain, Shape::Dotted),
                ("max_media_kib", Style::Plain, Shape::Dotted),
            ],
        ),
        (
            export,
            "[export]",
            &[
                ("targets", Style::Plain, Shape::Dotted),
                ("base_url", Style::Plain, Shape::Dotted),
                ("canvas_banks", Style::Plain, Shape::Dotted),
            ],
        ),
    ];
    for (section, header, order) in sections {
        let Some(Entry {
            comments,
            node: Node::Table(mut t),
            ..
        }) = section
        else {
            continue;
        };
        let mut header_comments = std::mem::take(&mut t.header);
        let mut before = comments.before;
        join_lines(&mut before, header_comments.before);
        header_comments.before = before;
        if header_comments.after.is_none() {
            header_comments.after = comments.after;
        }
        out.header(header, &header_comments);
        ordered(out, &mut t, order);
    }
}

// ---------------------------------------------------------------------------------------------
// The check that formatting changed nothing.

/// The input's values as the formatter writes them: options written as plain strings become
/// tables with only `text`, which load the same.
fn normalized(kind: FileKind, mut t: toml::Table) -> toml::Table {
    if kind != FileKind::Questions {
        return t;
    }
    let Some(toml::Value::Array(questions)) = t.get_mut("question") else {
        return t;
    };
    if !questions.iter().all(toml::Value::is_table) {
        return t;
    }
    for q in questions.iter_mut() {
        let Some(toml::Value::Array(options)) = q.get_mut("options") else {
            continue;
        };
        if !options.iter().all(|o| o.is_table() || o.is_str()) {
            continue;
        }
        for o in options.iter_mut() {
            if let toml::Value::String(s) = o {
                let mut table = toml::Table::new();
                table.insert("text".to_owned(), toml::Value::String(std::mem::take(s)));
                *o = toml::Value::Table(table);
            }
        }
    }
    t
}

fn same_table(a: &toml::Table, b: &toml::Table) -> bool {
    a.len() == b.len()
        && a.iter()
            .all(|(k, va)| b.get(k).is_some_and(|vb| same_value(va, vb)))
}

/// Equality of values, floats bit for bit (so `nan` equals itself).
fn same_value(a: &toml::Value, b: &toml::Value) -> bool {
    use toml::Value as V;
    match (a, b) {
        (V::Float(x), V::Float(y)) => x.to_bits() == y.to_bits(),
        (V::Array(x), V::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_value(p, q))
        }
        (V::Table(x), V::Table(y)) => same_table(x, y),
        _ => a == b,
    }
}
