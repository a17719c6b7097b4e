//! `claim-dimension-mismatch` (N002): a question's check compares, adds or converts
//! quantities of different dimensions.

use quizkit_quantity::Error;

use crate::quantities::{help, locate};
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule claim-dimension-mismatch` prints.
pub const DOCS: &str = r#"## What it does
Evaluates every string in a question's `checks` and reports one whose quantities do not have
the same dimension where they must: the two sides of the claim (`14 GB / (2 TB/s) = 7 GB`
computes a time and states an amount of information), the terms of a sum (`1 GB + 1 ms`), or
a conversion (`7 ms -> GB`). The label names the dimension of each side.

## Why is this bad?
A dimension mismatch means the computation or the stated value has the wrong unit, or a
factor is missing (bytes per parameter, seconds per token): the figure in the explanation is
not what the computation gives, whatever the numbers.

## Example
```toml
[[question]]
id = "decode-token-time"
stem = "How long does reading 14 GB of weights at 2 TB/s take?"
answer = "B"
options = ["0.7 ms", "7 ms", "70 ms"]
checks = ["14 GB / (2 TB/s) = 7 GB"]
```

## Use instead
```toml
[[question]]
id = "decode-token-time"
stem = "How long does reading 14 GB of weights at 2 TB/s take?"
answer = "B"
options = ["0.7 ms", "7 ms", "70 ms"]
checks = ["14 GB / (2 TB/s) = 7 ms"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N002",
    name: "claim-dimension-mismatch",
    level: Level::Error,
    summary: "A check of a question combines quantities of different dimensions.",
    docs: DOCS,
    check: Check::Question(check),
};

struct ClaimDimensionMismatch {
    check: String,
    error: String,
    left: String,
    help: Option<String>,
}

impl Violation for ClaimDimensionMismatch {
    fn message(&self) -> String {
        format!(
            "the check `{}` mixes dimensions ({})",
            self.check, self.error
        )
    }
    fn label(&self) -> Option<String> {
        Some(self.left.clone())
    }
    fn help(&self) -> Option<String> {
        Some(self.help.clone().unwrap_or_else(|| {
            "give both sides the same dimension: a unit may be missing, or a factor such as bytes per parameter".into()
        }))
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    for (text, result) in a.checks(cx) {
        let Err(error) = result else {
            continue;
        };
        let Error::DimensionMismatch {
            left,
            right,
            left_span,
            right_span,
            ..
        } = error
        else {
            continue;
        };
        let v = ClaimDimensionMismatch {
            check: text.value.clone(),
            error: error.to_string(),
            left: left.to_string(),
            help: help(error),
        };
        let finding = Finding::on(q, locate(cx, q, text, *left_span), &v).with_related(
            q.file,
            locate(cx, q, text, *right_span),
            right.to_string(),
        );
        out.push(finding);
    }
}
