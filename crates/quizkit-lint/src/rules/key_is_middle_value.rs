//! `key-is-middle-value` (B008): across the bank, the key of a question whose options are
//! quantities is neither the smallest nor the largest more often than chance.

use crate::quantities::option_values;
use crate::stats::{ALPHA, successes_at_least};
use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule key-is-middle-value` prints.
pub const DOCS: &str = r#"## What it does
Looks at the single-choice questions whose options are all quantities of one kind, at least
three of different value (`28 GB`, `56 GB`, `112 GB`; read as `numerically-equal-options`
reads them, in the bank's first language), and counts those whose key is a middle value:
neither the smallest nor the largest. With k options that happens by chance with probability
(k − 2)/k, so the count follows a Poisson binomial distribution, and the rule reports when
P(count or more) < 0.05, from 5 such questions on. For 10 questions with three options that
is 7 or more.

## Why is this bad?
Writers build distractors by halving and doubling the right value, which leaves the key in
the middle of the series. Test-wise learners know it and pick the middle value (they also
avoid the extremes), so the bank rewards a strategy instead of the calculation.

## Example
```toml
question = [
  { id = "q1", stem = "7e9 weights in FP16?", answer = "B", options = ["7 GB", "14 GB", "28 GB"] },
  { id = "q2", stem = "7e9 weights in INT4?", answer = "B", options = ["1.75 GB", "3.5 GB", "7 GB"] },
  { id = "q3", stem = "14 GB at 2 TB/s?", answer = "B", options = ["3.5 ms", "7 ms", "14 ms"] },
  { id = "q4", stem = "7e9 weights in INT8?", answer = "B", options = ["3.5 GB", "7 GB", "14 GB"] },
  { id = "q5", stem = "7e9 weights in FP32?", answer = "B", options = ["14 GB", "28 GB", "56 GB"] },
]
```

## Use instead
```toml
question = [
  { id = "q1", stem = "7e9 weights in FP16?", answer = "A", options = ["14 GB", "28 GB", "112 GB"] },
  { id = "q2", stem = "7e9 weights in INT4?", answer = "A", options = ["3.5 GB", "7 GB", "28 GB"] },
  { id = "q3", stem = "14 GB at 2 TB/s?", answer = "B", options = ["3.5 ms", "7 ms", "14 ms"] },
  { id = "q4", stem = "7e9 weights in INT8?", answer = "C", options = ["1.75 GB", "3.5 GB", "7 GB"] },
  { id = "q5", stem = "7e9 weights in FP32?", answer = "B", options = ["14 GB", "28 GB", "56 GB"] },
]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "B008",
    name: "key-is-middle-value",
    level: Level::Warning,
    summary: "Among quantity questions the key is a middle value more often than chance allows (binomial, α = 0.05).",
    docs: DOCS,
    check: Check::Bank(check),
};

/// Below this many quantity questions the test is not run.
pub const MIN_QUESTIONS: usize = 5;

struct KeyIsMiddleValue {
    middle: usize,
    questions: usize,
    expected: f64,
    p: f64,
}

impl Violation for KeyIsMiddleValue {
    fn message(&self) -> String {
        format!(
            "the key is a middle value (neither the smallest nor the largest option) in {} of {} questions with quantity options, where chance gives about {:.1} (p = {:.4})",
            self.middle, self.questions, self.expected, self.p
        )
    }
    fn label(&self) -> Option<String> {
        Some("keys of this bank are too often the middle value".into())
    }
    fn help(&self) -> Option<String> {
        Some("build some distractors on one side of the key (a common slip that gives a larger or smaller value), so the key is the smallest or the largest value about as often as chance".into())
    }
}

fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let lang = cx.bank.config.default_language();
    let (mut p, mut middle) = (Vec::new(), 0);
    for q in &cx.questions {
        let Some(key) = Context::single_key(q.question) else {
            continue;
        };
        let Some(values) = option_values(q.question, lang) else {
            continue;
        };
        let key_value = values[key];
        let smaller = values.iter().filter(|&&v| v < key_value).count();
        p.push((values.len() - 2) as f64 / values.len() as f64);
        middle += usize::from(smaller > 0 && smaller < values.len() - 1);
    }
    if p.len() < MIN_QUESTIONS {
        return;
    }
    let p_value = successes_at_least(&p, middle);
    if p_value < ALPHA {
        let v = KeyIsMiddleValue {
            middle,
            questions: p.len(),
            expected: p.iter().sum(),
            p: p_value,
        };
        out.push(Finding::new(
            cx.bank.config_file,
            cx.bank.config.id.span.clone(),
            &v,
        ));
    }
}
