//! `too-few-options` (Q003): fewer options than a multiple-choice question needs.

use crate::rules::true_false_options::truth_values;
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule too-few-options` prints.
pub const DOCS: &str = r#"## What it does
Finds questions with fewer than two options, or fewer than the bank's `min_options`
(`[lint] min_options` in `quizkit.toml`, default 3). A true/false question (two options that
are only truth values, which `true-false-options` reports) needs two: it is not a
multiple-choice question short of distractors.

## Why is this bad?
A question with one option is not a choice at all, and with two options a learner guesses
right half of the time. Three options are enough (Rodriguez 2005 found no loss in quality
going from four or five to three), but fewer than the bank's standard makes a question easier
than its neighbours.

## Example
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "A"
options = ["64", "128"]
```

## Use instead
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "A"
options = ["64", "128", "4096"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "Q003",
    name: "too-few-options",
    level: Level::Error,
    summary: "A question has fewer than 2 options, or fewer than the bank's `min_options`.",
    docs: DOCS,
    check: Check::Question(check),
};

struct TooFewOptions {
    found: usize,
    min: usize,
}

impl Violation for TooFewOptions {
    fn message(&self) -> String {
        let plural = if self.found == 1 { "" } else { "s" };
        if self.found < 2 {
            format!(
                "the question has {} option{plural}; a choice needs at least 2",
                self.found
            )
        } else {
            format!(
                "the question has {} options; the bank asks for at least {}",
                self.found, self.min
            )
        }
    }
    fn label(&self) -> Option<String> {
        Some(format!("{} of {} options", self.found, self.min))
    }
    fn help(&self) -> Option<String> {
        Some(format!(
            "add {} plausible distractor{} (`[[question.options]]`); `min_options` in `[lint]` of quizkit.toml sets the bank's minimum",
            self.min - self.found,
            if self.min - self.found == 1 { "" } else { "s" }
        ))
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let min = cx.min_options();
    if q.options.len() < min && truth_values(cx, q, a).is_none() {
        let v = TooFewOptions {
            found: q.options.len(),
            min,
        };
        out.push(Finding::on(q, q.id.span.clone(), &v));
    }
}
