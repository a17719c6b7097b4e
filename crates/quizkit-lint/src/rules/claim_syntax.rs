//! `claim-syntax` (N001): a question's check cannot be read or evaluated.

use quizkit_quantity::Error;

use crate::quantities::{help, label_at, locate};
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule claim-syntax` prints.
pub const DOCS: &str = r#"## What it does
Reads every string in a question's `checks` as a claim of quizkit's quantity language
(`expression = value` or `expression ≈ value`, see `quizkit calc`) and reports one that is not
a claim: a syntax error, an unknown unit, a missing `=` or `≈`, or a computation that has no
value (a division by zero, an overflow). The label sits on the characters at fault. Claims
whose two sides have different dimensions are `claim-dimension-mismatch`; claims that are
well-formed but wrong are `claim-mismatch`.

## Why is this bad?
A check that cannot be evaluated checks nothing: the explanation it was meant to guard can
be wrong without anyone noticing.

## Example
```toml
[[question]]
id = "adam-training-memory"
stem = "How much memory do weights, gradients and two Adam states of a 7B model take in FP32?"
answer = "C"
options = ["28 GB", "56 GB", "112 GB"]
checks = ["7e9 * 16 Bytes = 112 GB"]
```

## Use instead
```toml
[[question]]
id = "adam-training-memory"
stem = "How much memory do weights, gradients and two Adam states of a 7B model take in FP32?"
answer = "C"
options = ["28 GB", "56 GB", "112 GB"]
checks = ["7e9 * 16 bytes = 112 GB"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N001",
    name: "claim-syntax",
    level: Level::Error,
    summary: "A check of a question is not a claim quizkit can evaluate.",
    docs: DOCS,
    check: Check::Question(check),
};

struct ClaimSyntax {
    check: String,
    error: String,
    label: Option<String>,
    help: Option<String>,
}

impl Violation for ClaimSyntax {
    fn message(&self) -> String {
        format!(
            "the check `{}` cannot be evaluated ({})",
            self.check, self.error
        )
    }
    fn label(&self) -> Option<String> {
        self.label.clone()
    }
    fn help(&self) -> Option<String> {
        self.help.clone()
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    for (text, result) in a.checks(cx) {
        let Err(error) = result else {
            continue;
        };
        if matches!(error, Error::DimensionMismatch { .. }) {
            continue;
        }
        let v = ClaimSyntax {
            check: text.value.clone(),
            error: error.to_string(),
            label: label_at(error, error.span()),
            help: help(error),
        };
        out.push(Finding::on(q, locate(cx, q, text, error.span()), &v));
    }
}
