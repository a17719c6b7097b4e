//! `unchecked-claim` (N006): an arithmetic claim in a question's text could not be evaluated.

use quizkit_quantity::Verdict;

use crate::quantities::help;
use crate::rules::inline_claim_mismatch::wrong_dimension;
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule unchecked-claim` prints.
pub const DOCS: &str = r#"## What it does
Finds the arithmetic claims in a question's texts, as `inline-claim-mismatch` does, and
notes one that it recognizes but cannot evaluate: it adds quantities of different dimensions
(`2 GB + 3 s = 5 GB`), or a number overflows. (A result stated in a unit of another dimension
than the computation's is `inline-claim-mismatch`.) Such a claim may be wrong, or the
prose may say something the quantity language does not express; either way nothing checked
it. A note, not an error: the reader decides.

## Why is this bad?
A figure that looks checked but is not can hide a slip in units. Rewriting the claim so that
its units are explicit on both sides, or moving the computation into the question's
`checks`, lets lint verify it.

## Example
```toml
[[question]]
id = "inference-flops-2n"
stem = "About how many operations does one token of a 7B model cost in a forward pass?"
answer = "B"
options = ["7 GFLOP", "14 GFLOP", "42 GFLOP"]
explanation = "Two operations per parameter: 2 × 7 billion FLOP + 16 bytes = 14 GFLOP per token."
```

## Use instead
```toml
[[question]]
id = "inference-flops-2n"
stem = "About how many operations does one token of a 7B model cost in a forward pass?"
answer = "B"
options = ["7 GFLOP", "14 GFLOP", "42 GFLOP"]
explanation = "Two operations per parameter: 2 × 7 billion FLOP = 14 GFLOP per token."
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N006",
    name: "unchecked-claim",
    level: Level::Info,
    summary: "An arithmetic claim in a question's text could not be evaluated.",
    docs: DOCS,
    check: Check::Question(check),
};

struct UncheckedClaim {
    what: String,
    lang: String,
    claim: String,
    error: String,
    help: Option<String>,
}

impl Violation for UncheckedClaim {
    fn message(&self) -> String {
        format!(
            "`{}` in {} (`{}`) could not be checked ({})",
            self.claim, self.what, self.lang, self.error
        )
    }
    fn label(&self) -> Option<String> {
        Some("not checked".into())
    }
    fn help(&self) -> Option<String> {
        Some(self.help.clone().unwrap_or_else(|| {
            "write the units on both sides, or state the computation in the question's `checks`"
                .into()
        }))
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    for c in a.claims(cx) {
        if let Verdict::Unevaluable(error) = c.verdict
            && wrong_dimension(error).is_none()
        {
            let (what, lang, claim) = c.written();
            let (error, help) = (error.to_string(), help(error));
            let v = UncheckedClaim {
                what,
                lang,
                claim,
                error,
                help,
            };
            out.push(Finding::on(q, c.span(cx, q), &v));
        }
    }
}
