//! `claim-mismatch` (N003): a question's check does not hold.

use crate::quantities::{hint, locate};
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule claim-mismatch` prints.
pub const DOCS: &str = r#"## What it does
Evaluates every string in a question's `checks` and reports a claim that does not hold: the
computation on the left does not give the value stated on the right. `=` holds when the
computed value rounds to the stated one at the precision it is written with (`112 GB` means
112 ± 0.5 GB, `3.5 GB` means 3.5 ± 0.05 GB); `≈` holds when the computed value rounds to
the stated one in its last significant digit (`≈ 6.6 ms` means 6.6 ± 0.05 ms; a value cut
off, `1000 / 7 ≈ 142.85`, does not hold, and digits before `…` allow a whole unit), but never
more than the bank's `[lint] tolerance` (default 10%), or within a stated `± 5%`. When the stated value is off by a telling factor the help
names the likely slip: 8 (bits and bytes), 1.024ⁿ (GB and GiB), 1000ⁿ (a prefix), 2 (FP16 and
FP32, or a multiply-add counted once).

## Why is this bad?
The check states the figure the question and its explanation rely on. When the arithmetic
does not give that figure, the explanation teaches a wrong number, and often the key is wrong
with it.

## Example
```toml
[[question]]
id = "adam-training-memory"
stem = "How much memory do weights, gradients and two Adam states of a 7B model take in FP32?"
answer = "C"
options = ["28 GB", "56 GB", "112 GB"]
checks = ["7e9 * 16 bit = 112 GB"]
```

## Use instead
```toml
[[question]]
id = "adam-training-memory"
stem = "How much memory do weights, gradients and two Adam states of a 7B model take in FP32?"
answer = "C"
options = ["28 GB", "56 GB", "112 GB"]
checks = ["7e9 * 16 B = 112 GB"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N003",
    name: "claim-mismatch",
    level: Level::Error,
    summary: "A check of a question does not hold.",
    docs: DOCS,
    check: Check::Question(check),
};

struct ClaimMismatch {
    check: String,
    computed: String,
    expected: String,
    hint: Option<String>,
}

impl Violation for ClaimMismatch {
    fn message(&self) -> String {
        format!(
            "the check `{}` does not hold: the computation gives {}, not {}",
            self.check, self.computed, self.expected
        )
    }
    fn label(&self) -> Option<String> {
        Some(format!("the computation gives {}", self.computed))
    }
    fn help(&self) -> Option<String> {
        Some(self.hint.clone().unwrap_or_else(|| {
            "correct the stated value or the computation, and the texts that use the figure".into()
        }))
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    for (text, result) in a.checks(cx) {
        let Ok(outcome) = result else {
            continue;
        };
        if outcome.holds {
            continue;
        }
        let v = ClaimMismatch {
            check: text.value.clone(),
            computed: outcome.computed.to_string(),
            expected: outcome.expected.to_string(),
            hint: hint(outcome),
        };
        let finding = Finding::on(q, locate(cx, q, text, outcome.expected_span), &v).with_related(
            q.file,
            locate(cx, q, text, outcome.computed_span),
            "computed from this",
        );
        out.push(finding);
    }
}
