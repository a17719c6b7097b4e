//! `empty-text` (Q004): a stem, option, feedback or explanation with no text.

use crate::context::Field;
use crate::text::plain;
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule empty-text` prints.
pub const DOCS: &str = r#"## What it does
Finds a stem, an option, an option's feedback or an explanation that is empty or only white
space (or only Markdown markers such as `** **`), in any language.

## Why is this bad?
An empty option is still a choice a learner can pick, an empty stem asks nothing, and an empty
explanation promises an answer it does not give. Exports show them as blank boxes.

## Example
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = ["32", "64", "  "]
```

## Use instead
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = ["32", "64", "128"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "Q004",
    name: "empty-text",
    level: Level::Error,
    summary: "A stem, option, feedback or explanation is empty.",
    docs: DOCS,
    check: Check::Question(check),
};

struct EmptyText {
    field: Field,
    lang: Option<String>,
}

impl Violation for EmptyText {
    fn message(&self) -> String {
        match &self.lang {
            Some(lang) => format!("{} is empty in `{lang}`", self.field),
            None => format!("{} has no text", self.field),
        }
    }
    fn label(&self) -> Option<String> {
        Some("empty".into())
    }
    fn help(&self) -> Option<String> {
        Some(match self.field {
            Field::Option(_) => "write the option, or remove it".into(),
            Field::Feedback(_) | Field::Explanation => "write it, or remove the key".into(),
            Field::Stem => "write the question".into(),
        })
    }
}

fn check(_: &Context<'_>, q: QuestionRef<'_>, _: &Analysis<'_>, out: &mut Vec<Finding>) {
    for (field, text) in Context::texts(q.question) {
        if text.entries.is_empty() {
            out.push(Finding::on(
                q,
                text.span.clone(),
                &EmptyText { field, lang: None },
            ));
        }
        for entry in &text.entries {
            let has_content = entry.text.value.chars().any(char::is_alphanumeric);
            if !has_content && plain(&entry.text.value).trim().is_empty() {
                let v = EmptyText {
                    field,
                    lang: (!text.plain).then(|| entry.lang.value.clone()),
                };
                out.push(Finding::on(q, entry.text.span.clone(), &v));
            }
        }
    }
}
