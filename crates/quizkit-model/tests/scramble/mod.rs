//! Rewrites a TOML text into another layout of the same values, by a seed: keys shuffled
//! (except where their order is kept: texts' languages, `severity`), tables inline, dotted or
//! under `[x.y]` headers, arrays of tables inline or as `[[x.y]]`, options as plain strings,
//! strings basic, literal, multi-line or escaped; with `comments`, comments `# @cN@` above and
//! after keys, headers and array elements.
#![allow(dead_code)]

use quizkit_model::format::FileKind;
use toml_edit::{DocumentMut, Item, Value};

use crate::common::BankTexts;

/// Each file of a bank scrambled.
pub fn bank(w: &BankTexts, seed: u64, comments: bool) -> BankTexts {
    BankTexts {
        config: file(FileKind::Config, &w.config, seed, comments),
        category: file(FileKind::Category, &w.category, seed ^ 1, comments),
        topic: file(FileKind::Topic, &w.topic, seed ^ 2, comments),
        questions: file(FileKind::Questions, &w.questions, seed ^ 3, comments),
    }
}

/// The comment tokens in a text.
pub fn comments(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("@c") {
        let after = &rest[i + 2..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && after[digits..].starts_with('@') {
            out.push(format!("@c{}@", &after[..digits]));
        }
        rest = &rest[i + 2..];
    }
    out
}

#[derive(Debug, Clone)]
enum V {
    Str(String),
    Raw(String),
    Arr(Vec<V>),
    Tab(Vec<(String, V)>),
}

fn of_item(item: &Item) -> Option<V> {
    Some(match item {
        Item::None => return None,
        Item::Value(v) => of_value(v),
        Item::Table(t) => V::Tab(
            t.iter()
                .filter_map(|(k, i)| Some((k.to_owned(), of_item(i)?)))
                .collect(),
        ),
        Item::ArrayOfTables(a) => V::Arr(
            a.iter()
                .map(|t| {
                    V::Tab(
                        t.iter()
                            .filter_map(|(k, i)| Some((k.to_owned(), of_item(i)?)))
                            .collect(),
                    )
                })
                .collect(),
        ),
    })
}

fn of_value(v: &Value) -> V {
    match v {
        Value::String(s) => V::Str(s.value().clone()),
        Value::Array(a) => V::Arr(a.iter().map(of_value).collect()),
        Value::InlineTable(t) => {
            V::Tab(t.iter().map(|(k, v)| (k.to_owned(), of_value(v))).collect())
        }
        other => V::Raw(other.clone().decorated("", "").to_string()),
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn chance(&mut self, one_in: u64) -> bool {
        self.below(one_in) == 0
    }
}

struct S {
    rng: Rng,
    comments: bool,
    /// Whether an option that is only a text may become a plain string (the same load, another
    /// TOML value).
    plain_options: bool,
    count: usize,
    out: String,
}

const LANGS: [&str; 3] = ["nl", "en", "zh-Hant"];

impl S {
    fn comment_line(&mut self, indent: &str) {
        if self.comments && self.rng.chance(3) {
            self.count += 1;
            self.out.push_str(&format!("{indent}# @c{}@\n", self.count));
        }
    }

    fn comment_after(&mut self) {
        if self.comments && self.rng.chance(4) {
            self.count += 1;
            self.out.push_str(&format!(" # @c{}@", self.count));
        }
    }

    fn shuffle(&mut self, key: &str, entries: &mut [(String, V)]) {
        let ordered = key == "severity"
            || (!entries.is_empty() && entries.iter().all(|(k, _)| LANGS.contains(&k.as_str())));
        if ordered {
            return;
        }
        for i in (1..entries.len()).rev() {
            let j = self.rng.below(i as u64 + 1) as usize;
            entries.swap(i, j);
        }
    }

    fn key(&self, k: &str) -> String {
        if !k.is_empty()
            && k.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        {
            k.to_owned()
        } else {
            basic(k, &mut Rng(1))
        }
    }

    fn path(&self, path: &[String]) -> String {
        path.iter()
            .map(|p| self.key(p))
            .collect::<Vec<_>>()
            .join(".")
    }

    /// The body of the table at `path` (the root when empty).
    fn body(&mut self, path: &[String], name: &str, mut entries: Vec<(String, V)>) {
        self.shuffle(name, &mut entries);
        let mut deferred = Vec::new();
        for (k, v) in entries {
            match v {
                V::Tab(t) if !t.is_empty() && self.rng.chance(3) => {
                    deferred.push((k, V::Tab(t), false))
                }
                V::Tab(t) if !t.is_empty() && self.rng.chance(2) => {
                    // Dotted keys, one per leaf.
                    let mut t = t;
                    self.shuffle(&k, &mut t);
                    for (sub, sv) in t {
                        self.comment_line("");
                        let value = self.inline(&sub, sv, false, "");
                        self.out.push_str(&format!(
                            "{}.{} = {value}",
                            self.key(&k),
                            self.key(&sub)
                        ));
                        self.comment_after();
                        self.out.push('\n');
                    }
                }
                V::Arr(items)
                    if !items.is_empty()
                        && items.iter().all(|i| matches!(i, V::Tab(_)))
                        && self.rng.chance(2) =>
                {
                    deferred.push((k, V::Arr(items), true))
                }
                v => {
                    self.comment_line("");
                    let value = self.inline(&k, v, false, "");
                    self.out.push_str(&format!("{} = {value}", self.key(&k)));
                    self.comment_after();
                    self.out.push('\n');
                }
            }
        }
        for (k, v, array) in deferred {
            let mut full = path.to_vec();
            full.push(k.clone());
            match (v, array) {
                (V::Arr(items), true) => {
                    for item in items {
                        let V::Tab(t) = item else { continue };
                        if self.rng.chance(2) {
                            self.out.push('\n');
                        }
                        self.comment_line("");
                        self.out.push_str(&format!("[[{}]]", self.path(&full)));
                        self.comment_after();
                        self.out.push('\n');
                        self.body(&full, &k, t);
                    }
                }
                (V::Tab(t), _) => {
                    self.out.push('\n');
                    self.comment_line("");
                    self.out.push_str(&format!("[{}]", self.path(&full)));
                    self.comment_after();
                    self.out.push('\n');
                    self.body(&full, &k, t);
                }
                _ => {}
            }
        }
    }

    /// A value written inline; `in_table` when inside an inline table (no line breaks there).
    fn inline(&mut self, key: &str, v: V, in_table: bool, indent: &str) -> String {
        match v {
            V::Raw(r) => r,
            V::Str(s) => string(&s, &mut self.rng),
            V::Tab(mut t) => {
                self.shuffle(key, &mut t);
                if t.is_empty() {
                    return "{}".to_owned();
                }
                let parts: Vec<String> = t
                    .into_iter()
                    .map(|(k, v)| {
                        format!("{} = {}", self.key(&k), self.inline(&k, v, true, indent))
                    })
                    .collect();
                format!("{{ {} }}", parts.join(", "))
            }
            V::Arr(items) => {
                let items: Vec<V> = items
                    .into_iter()
                    .map(|item| match item {
                        // An option that is only a text may be a plain string.
                        V::Tab(t)
                            if self.plain_options
                                && key == "options"
                                && t.len() == 1
                                && t[0].0 == "text"
                                && matches!(t[0].1, V::Str(_))
                                && self.rng.chance(2) =>
                        {
                            t[0].1.clone()
                        }
                        other => other,
                    })
                    .collect();
                if in_table || !self.rng.chance(2) {
                    let parts: Vec<String> = items
                        .into_iter()
                        .map(|i| self.inline(key, i, in_table, indent))
                        .collect();
                    return format!("[{}]", parts.join(", "));
                }
                let inner = format!("{indent}    ");
                let mut s = String::from("[\n");
                for item in items {
                    if self.comments && self.rng.chance(3) {
                        self.count += 1;
                        s.push_str(&format!("{inner}# @c{}@\n", self.count));
                    }
                    let v = self.inline(key, item, false, &inner);
                    s.push_str(&format!("{inner}{v},"));
                    if self.comments && self.rng.chance(4) {
                        self.count += 1;
                        s.push_str(&format!(" # @c{}@", self.count));
                    }
                    s.push('\n');
                }
                if self.comments && self.rng.chance(3) {
                    self.count += 1;
                    s.push_str(&format!("{inner}# @c{}@\n", self.count));
                }
                s.push_str(indent);
                s.push(']');
                s
            }
        }
    }
}

fn basic(s: &str, rng: &mut Rng) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c if rng.chance(8) => out.push_str(&format!("\\U{:08X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn multiline_basic(s: &str) -> String {
    let mut out = String::from("\"\"\"");
    if s.starts_with('\n') {
        out.push('\n');
    }
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push('\n'),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push_str("\"\"\"");
    out
}

fn string(s: &str, rng: &mut Rng) -> String {
    let controls = s
        .chars()
        .any(|c| ((c as u32) < 0x20 && c != '\t' && c != '\n') || c == '\u{7f}');
    let literal_ok = !controls && !s.contains('\'') && !s.contains('\n');
    let multi_literal_ok = !controls
        && !s.contains("'''")
        && !s.ends_with('\'')
        && !s.starts_with('\n')
        && !s.contains('\r');
    match rng.below(4) {
        0 if literal_ok => format!("'{s}'"),
        1 if multi_literal_ok => format!("'''{s}'''"),
        2 => multiline_basic(s),
        _ => basic(s, rng),
    }
}

/// `text` (a file of `kind`) in a layout taken from `seed`.
pub fn file(kind: FileKind, text: &str, seed: u64, comments: bool) -> String {
    layout(kind, text, seed, comments, true)
}

/// `text` in a layout taken from `seed`, with exactly the same TOML values.
pub fn file_exact(kind: FileKind, text: &str, seed: u64, comments: bool) -> String {
    layout(kind, text, seed, comments, false)
}

fn layout(_kind: FileKind, text: &str, seed: u64, comments: bool, plain_options: bool) -> String {
    let (schema, body) = match text.strip_prefix("#:schema") {
        Some(_) => {
            let end = text.find('\n').map_or(text.len(), |i| i + 1);
            (&text[..end], &text[end..])
        }
        None => ("", text),
    };
    let doc: DocumentMut = body.parse().expect("the text to scramble is TOML");
    let entries: Vec<(String, V)> = doc
        .iter()
        .filter_map(|(k, i)| Some((k.to_owned(), of_item(i)?)))
        .collect();
    let mut s = S {
        rng: Rng(seed | 1),
        comments,
        plain_options,
        count: 0,
        out: String::new(),
    };
    s.out.push_str(schema);
    s.body(&[], "", entries);
    s.comment_line("");
    s.out
}
