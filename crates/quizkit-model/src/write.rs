//! Writes question files, `topic.toml`, `category.toml` and `quizkit.toml` in quizkit's
//! canonical layout: the counterpart of [`load`](fn@crate::load), shared by `quizkit import`,
//! `quizkit new` and `quizkit fmt`.
//!
//! What a function here writes loads back to the same values (spans aside; and a text's
//! languages come back sorted by code, as the loader reads every table), and
//! [`format`](crate::format::format) leaves it unchanged. Keys come in the order of the
//! README's example, texts in several languages as dotted keys (`stem.nl = "…"`),
//! explanations and key points as multi-line strings, options as `[[question.options]]`
//! tables; `schema`, when given, becomes a `#:schema <schema>` first line, which editors use
//! to find the file's JSON Schema.
//!
//! Values built in code carry empty spans ([`Spanned::unspanned`]). A few values TOML cannot
//! hold are written as near as it can: a language written twice in one text keeps its first
//! version; a single-choice key ([`AnswerKey::multiple`] false) with other than one letter is
//! written as a list; a plain text ([`LocalizedText::plain`]) is written as a string, which
//! loads in the bank's first language.

use crate::layout::{
    float_repr, push_basic, push_key, push_path, push_string, push_string_array, schema_line,
};
use crate::{
    Allow, AnswerKey, BankConfig, CategoryMeta, Choice, Difficulty, LocalizedText, Question,
    SeverityName, Spanned, TopicMeta,
};

/// A question file holding `questions`, in order.
pub fn question_file(questions: &[Question], schema: Option<&str>) -> String {
    let mut w = Writer::new(schema);
    for q in questions {
        w.header("[[question]]");
        w.string("id", &q.id);
        w.text(&["stem"], &q.stem, false);
        if let Some(answer) = &q.answer {
            w.answer(answer);
        }
        if let Some(d) = &q.difficulty {
            w.line_raw("difficulty", &quoted(difficulty_name(d.value)));
        }
        if let Some(e) = &q.explanation {
            w.text(&["explanation"], e, true);
        }
        w.strings("tags", &q.tags);
        w.strings("related", &q.related);
        w.strings("checks", &q.checks);
        w.allows(&q.allow);
        if let Some(s) = &q.shuffle {
            w.line_raw("shuffle", bool_repr(s.value));
        }
        for choice in &q.options {
            w.header("[[question.options]]");
            w.choice(choice);
        }
    }
    w.finish()
}

/// A `topic.toml`.
pub fn topic_file(meta: &TopicMeta, schema: Option<&str>) -> String {
    let mut w = Writer::new(schema);
    if let Some(order) = &meta.order {
        w.line_raw("order", &order.value.to_string());
    }
    if let Some(t) = &meta.title {
        w.text(&["title"], t, false);
    }
    if let Some(t) = &meta.summary {
        w.text(&["summary"], t, false);
    }
    w.key_points(&meta.key_points);
    w.finish()
}

/// A `category.toml`.
pub fn category_file(meta: &CategoryMeta, schema: Option<&str>) -> String {
    let mut w = Writer::new(schema);
    if let Some(order) = &meta.order {
        w.line_raw("order", &order.value.to_string());
    }
    if let Some(t) = &meta.title {
        w.text(&["title"], t, false);
    }
    if let Some(t) = &meta.description {
        w.text(&["description"], t, false);
    }
    w.finish()
}

/// A `quizkit.toml`. `[lint]` and `[export]` are written when they say anything.
pub fn bank_file(config: &BankConfig, schema: Option<&str>) -> String {
    let mut w = Writer::new(schema);
    w.string("id", &config.id);
    if let Some(t) = &config.title {
        w.text(&["title"], t, false);
    }
    w.strings_always("languages", &config.languages);
    if let Some(s) = &config.shuffle {
        w.line_raw("shuffle", bool_repr(s.value));
    }
    let lint = &config.lint;
    let lint_said = lint.select.is_some()
        || !lint.extend_select.is_empty()
        || !lint.ignore.is_empty()
        || !lint.severity.is_empty()
        || lint.min_options.is_some()
        || lint.tolerance.is_some()
        || lint.max_media_kib.is_some();
    if lint_said {
        w.header("[lint]");
        if let Some(select) = &lint.select {
            w.strings_always("select", select);
        }
        w.strings("extend_select", &lint.extend_select);
        w.strings("ignore", &lint.ignore);
        if !lint.severity.is_empty() {
            let mut v = String::from("{ ");
            for (i, (rule, level)) in lint.severity.iter().enumerate() {
                if i > 0 {
                    v.push_str(", ");
                }
                push_key(&mut v, rule);
                v.push_str(" = ");
                push_basic(&mut v, severity_name(level.value));
            }
            v.push_str(" }");
            w.line_raw("severity", &v);
        }
        if let Some(n) = &lint.min_options {
            w.line_raw("min_options", &n.value.to_string());
        }
        if let Some(t) = &lint.tolerance {
            w.line_raw("tolerance", &float_repr(t.value));
        }
        if let Some(n) = &lint.max_media_kib {
            w.line_raw("max_media_kib", &n.value.to_string());
        }
    }
    let export = &config.export;
    if export.targets.is_some() || export.base_url.is_some() || export.canvas_banks.is_some() {
        w.header("[export]");
        if let Some(targets) = &export.targets {
            w.strings_always("targets", targets);
        }
        if let Some(url) = &export.base_url {
            w.string("base_url", url);
        }
        if let Some(b) = &export.canvas_banks {
            w.line_raw("canvas_banks", bool_repr(b.value));
        }
    }
    w.finish()
}

/// How a difficulty is written.
pub(crate) fn difficulty_name(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "easy",
        Difficulty::Medium => "medium",
        Difficulty::Hard => "hard",
    }
}

/// How a severity is written.
pub(crate) fn severity_name(s: SeverityName) -> &'static str {
    match s {
        SeverityName::Error => "error",
        SeverityName::Warning => "warning",
        SeverityName::Info => "info",
    }
}

fn bool_repr(b: bool) -> &'static str {
    if b { "true" } else { "false" }
}

fn quoted(s: &str) -> String {
    let mut out = String::new();
    push_basic(&mut out, s);
    out
}

/// Output under construction: the `#:schema` line, then lines, with one blank line before
/// each table header that follows anything.
struct Writer {
    out: String,
}

impl Writer {
    fn new(schema: Option<&str>) -> Self {
        let mut out = String::new();
        if let Some(schema) = schema {
            out.push_str(&schema_line(schema));
            out.push('\n');
        }
        Writer { out }
    }

    fn finish(self) -> String {
        self.out
    }

    fn header(&mut self, header: &str) {
        if !self.out.is_empty() {
            self.out.push('\n');
        }
        self.out.push_str(header);
        self.out.push('\n');
    }

    /// `path = <value>` where `value` is already TOML.
    fn line_path(&mut self, path: &[&str], value: &str) {
        push_path(&mut self.out, path);
        self.out.push_str(" = ");
        self.out.push_str(value);
        self.out.push('\n');
    }

    fn line_raw(&mut self, key: &str, value: &str) {
        self.line_path(&[key], value);
    }

    fn string(&mut self, key: &str, value: &str) {
        self.line_raw(key, &quoted(value));
    }

    /// A list of strings, left out when empty.
    fn strings(&mut self, key: &str, items: &[Spanned<String>]) {
        if !items.is_empty() {
            self.strings_always(key, items);
        }
    }

    fn strings_always(&mut self, key: &str, items: &[Spanned<String>]) {
        let mut v = String::new();
        push_string_array(&mut v, items.iter().map(|s| s.value.as_str()));
        self.line_raw(key, &v);
    }

    /// A text at `path`: a plain string, `{}` when empty, else one dotted line per language.
    fn text(&mut self, path: &[&str], text: &LocalizedText, long: bool) {
        if text.plain && text.entries.len() == 1 {
            let mut v = String::new();
            push_string(&mut v, &text.entries[0].text.value, long);
            self.line_path(path, &v);
            return;
        }
        let entries = distinct_entries(text);
        if entries.is_empty() {
            self.line_path(path, "{}");
            return;
        }
        for (lang, value) in entries {
            let mut full = path.to_vec();
            full.push(lang);
            let mut v = String::new();
            push_string(&mut v, value, long);
            self.line_path(&full, &v);
        }
    }

    fn answer(&mut self, answer: &AnswerKey) {
        let mut v = String::new();
        match answer.letters.as_slice() {
            [letter] if !answer.multiple => push_basic(&mut v, letter),
            letters => push_string_array(&mut v, letters.iter().map(|l| l.value.as_str())),
        }
        self.line_raw("answer", &v);
    }

    fn allows(&mut self, allows: &[Spanned<Allow>]) {
        let inline = |a: &Allow| {
            let mut v = String::from("{ rule = ");
            push_basic(&mut v, &a.rule);
            v.push_str(", reason = ");
            push_basic(&mut v, &a.reason);
            v.push_str(" }");
            v
        };
        match allows {
            [] => {}
            [one] => self.line_raw("allow", &format!("[{}]", inline(one))),
            many => {
                let mut v = String::from("[\n");
                for a in many {
                    v.push_str("  ");
                    v.push_str(&inline(a));
                    v.push_str(",\n");
                }
                v.push(']');
                self.line_raw("allow", &v);
            }
        }
    }

    /// The body of a `[[question.options]]` table.
    fn choice(&mut self, choice: &Choice) {
        let text = &choice.text.value;
        // A table with a key `text` or `feedback` may be read as text and feedback (the loader
        // looks at its first key in sorted order), so a text in a language named so is written
        // under `text`.
        let bare_langs = choice.feedback.is_none()
            && !text.plain
            && !text.entries.is_empty()
            && text
                .entries
                .iter()
                .all(|e| e.lang.value != "text" && e.lang.value != "feedback");
        if bare_langs {
            for (lang, value) in distinct_entries(text) {
                let mut v = String::new();
                push_string(&mut v, value, false);
                self.line_path(&[lang], &v);
            }
            return;
        }
        self.text(&["text"], text, false);
        if let Some(feedback) = &choice.feedback {
            self.text(&["feedback"], feedback, false);
        }
    }

    /// `[[key_points]]` tables when every key point is a table of languages, else an array
    /// with one key point per line.
    fn key_points(&mut self, points: &[Spanned<LocalizedText>]) {
        if points.is_empty() {
            return;
        }
        if points.iter().all(|p| !p.plain) {
            for p in points {
                self.header("[[key_points]]");
                for (lang, value) in distinct_entries(p) {
                    let mut v = String::new();
                    push_string(&mut v, value, true);
                    self.line_path(&[lang], &v);
                }
            }
            return;
        }
        let mut v = String::from("[\n");
        for p in points {
            v.push_str("  ");
            if p.plain && p.entries.len() == 1 {
                push_string(&mut v, &p.entries[0].text.value, true);
            } else {
                v.push('{');
                for (i, (lang, value)) in distinct_entries(p).into_iter().enumerate() {
                    v.push_str(if i > 0 { ", " } else { " " });
                    push_key(&mut v, lang);
                    v.push_str(" = ");
                    push_string(&mut v, value, true);
                }
                v.push_str(if p.entries.is_empty() { "}" } else { " }" });
            }
            v.push_str(",\n");
        }
        v.push(']');
        self.line_raw("key_points", &v);
    }
}

/// The entries of a text as (language, text), each language once (the first written wins).
fn distinct_entries(text: &LocalizedText) -> Vec<(&str, &str)> {
    let mut out: Vec<(&str, &str)> = Vec::with_capacity(text.entries.len());
    for e in &text.entries {
        if !out.iter().any(|(l, _)| *l == e.lang.value) {
            out.push((&e.lang.value, &e.text.value));
        }
    }
    out
}
