//! `missing-answer-key` (Q001): a question without `answer`.

use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule missing-answer-key` prints.
pub const DOCS: &str = r#"## What it does
Finds questions without an `answer` key.

## Why is this bad?
Without a key no export can score the question: Anki shows no answer, Moodle imports a
question nobody can get right, and the practice site cannot reveal the answer.

## Example
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
explanation = "A cache line on current x86 processors is 64 bytes."
options = ["32", "64", "128"]
```

## Use instead
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
explanation = "A cache line on current x86 processors is 64 bytes."
options = ["32", "64", "128"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "Q001",
    name: "missing-answer-key",
    level: Level::Error,
    summary: "A question has no answer key.",
    docs: DOCS,
    check: Check::Question(check),
};

struct MissingAnswerKey {
    options: usize,
}

impl Violation for MissingAnswerKey {
    fn message(&self) -> String {
        "the question has no answer key".into()
    }
    fn label(&self) -> Option<String> {
        Some("this question has no `answer`".into())
    }
    fn help(&self) -> Option<String> {
        let last = quizkit_model::index_letter(self.options.max(1) - 1);
        Some(format!(
            "add `answer = \"A\"` with the letter (A–{last}) of the correct option, or a list such as `[\"A\", \"C\"]` when several are correct"
        ))
    }
}

fn check(_: &Context<'_>, q: QuestionRef<'_>, _: &Analysis<'_>, out: &mut Vec<Finding>) {
    if q.answer.is_none() {
        let v = MissingAnswerKey {
            options: q.options.len(),
        };
        out.push(Finding::on(q, q.id.span.clone(), &v));
    }
}
