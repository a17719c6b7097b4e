//! `missing-translation` (T001): a text lacks one of the bank's languages.

use quizkit_model::{FileId, LocalizedText, Spanned};

use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule missing-translation` prints.
pub const DOCS: &str = r#"## What it does
Finds texts that are not written in every language the bank lists in `languages`: a question's
stem, options, feedback and explanation, and the titles, descriptions, summaries and key
points of categories and topics. A plain string counts as the bank's first language only.

## Why is this bad?
Exports in the missing language show an empty box or fall back to another language in the
middle of a question; a learner who switched the site to English meets Dutch.

## Example
```toml
[[question]]
id = "cache-line"
stem.en = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = [{ en = "32", nl = "32" }, { en = "64", nl = "64" }, { en = "128", nl = "128" }]
```

## Use instead
```toml
[[question]]
id = "cache-line"
stem.en = "How many bytes does a typical x86 cache line hold?"
stem.nl = "Hoeveel bytes bevat een typische x86-cacheregel?"
answer = "B"
options = [{ en = "32", nl = "32" }, { en = "64", nl = "64" }, { en = "128", nl = "128" }]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "T001",
    name: "missing-translation",
    level: Level::Error,
    summary: "A text is missing in one of the bank's languages.",
    docs: DOCS,
    check: Check::Bank(check),
};

struct MissingTranslation {
    what: String,
    missing: Vec<String>,
    plain: bool,
}

impl Violation for MissingTranslation {
    fn message(&self) -> String {
        let langs: Vec<String> = self.missing.iter().map(|l| format!("`{l}`")).collect();
        format!("{} has no {} text", self.what, langs.join(" or "))
    }
    fn label(&self) -> Option<String> {
        Some(format!("no {} beside this", self.missing.join(", ")))
    }
    fn help(&self) -> Option<String> {
        let lang = self.missing.first().map_or("en", String::as_str);
        Some(if self.plain {
            format!(
                "a plain string is in the bank's first language only; write a table with a text per language, such as `{{ nl = \"…\", {lang} = \"…\" }}`"
            )
        } else {
            format!("add the `{lang} = \"…\"` text beside the others")
        })
    }
}

fn missing(cx: &Context<'_>, text: &LocalizedText) -> Vec<String> {
    // Most texts have every language: told without the vector the others are listed in.
    if text.entries.is_empty() || cx.languages().all(|lang| text.entry(lang).is_some()) {
        return Vec::new();
    }
    cx.languages()
        .filter(|lang| text.entry(lang).is_none())
        .map(str::to_owned)
        .collect()
}

/// Reports `text` when it lacks a language; `what` names it, and is only worked out then.
fn report(
    cx: &Context<'_>,
    file: FileId,
    what: impl FnOnce() -> String,
    text: &Spanned<LocalizedText>,
    question: Option<usize>,
    out: &mut Vec<Finding>,
) {
    let missing = missing(cx, text);
    if missing.is_empty() {
        return;
    }
    let v = MissingTranslation {
        what: what(),
        missing,
        plain: text.plain,
    };
    // Point at the text that is there (the missing one goes beside it); a table's own span
    // would be its key or header, which says less.
    let span = text
        .entries
        .last()
        .map_or(text.span.clone(), |e| e.text.span.clone());
    let mut finding = Finding::new(file, span, &v);
    finding.question = question;
    out.push(finding);
}

/// The findings on the questions' texts, then on the categories' and topics' texts.
fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    for &q in &cx.questions {
        for (field, text) in Context::texts(q.question) {
            let what = || capitalize(&field.to_string());
            report(cx, q.file, what, text, Some(q.index), out);
        }
    }
    for category in &cx.bank.categories {
        if let Some(file) = category.file {
            let texts = [
                ("title", &category.meta.title),
                ("description", &category.meta.description),
            ];
            for (what, text) in texts {
                if let Some(text) = text {
                    let what = || format!("The category's {what}");
                    report(cx, file, what, text, None, out);
                }
            }
        }
        for topic in &category.topics {
            let Some(file) = topic.file else {
                continue;
            };
            let texts = [
                ("title", &topic.meta.title),
                ("summary", &topic.meta.summary),
            ];
            for (what, text) in texts {
                if let Some(text) = text {
                    let what = || format!("The topic's {what}");
                    report(cx, file, what, text, None, out);
                }
            }
            for (i, point) in topic.meta.key_points.iter().enumerate() {
                let what = || format!("Key point {}", i + 1);
                report(cx, file, what, point, None, out);
            }
        }
    }
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
