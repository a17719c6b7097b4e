//! `missing-explanation` (Q007): a question without an explanation.

use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule missing-explanation` prints.
pub const DOCS: &str = r#"## What it does
Finds questions without an `explanation`.

## Why is this bad?
Learners learn most from the explanation of why the key is right and the distractors are
wrong. The practice site reveals it next to the answer; without it a wrong answer teaches
nothing.

## Example
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = ["32", "64", "128"]
```

## Use instead
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
explanation = "Current x86 processors move memory in 64-byte lines."
options = ["32", "64", "128"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "Q007",
    name: "missing-explanation",
    level: Level::Warning,
    summary: "A question has no explanation.",
    docs: DOCS,
    check: Check::Question(check),
};

struct MissingExplanation;

impl Violation for MissingExplanation {
    fn message(&self) -> String {
        "the question has no explanation".into()
    }
    fn label(&self) -> Option<String> {
        Some("no `explanation`".into())
    }
    fn help(&self) -> Option<String> {
        Some(
            "add `explanation = \"…\"` saying why the key is right and the distractors are wrong"
                .into(),
        )
    }
}

fn check(_: &Context<'_>, q: QuestionRef<'_>, _: &Analysis<'_>, out: &mut Vec<Finding>) {
    if q.explanation.is_none() {
        out.push(Finding::on(q, q.id.span.clone(), &MissingExplanation));
    }
}
