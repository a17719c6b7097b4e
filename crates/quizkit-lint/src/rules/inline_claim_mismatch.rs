//! `inline-claim-mismatch` (N005): arithmetic written in a question's text does not add up.

use quizkit_quantity::Verdict;

use crate::quantities::hint;
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule inline-claim-mismatch` prints.
pub const DOCS: &str = r#"## What it does
Finds arithmetic claims in the stem, the options, their feedback and the explanation, in
every language of the bank (`7 miljard × 16 bytes = 112 GB`, `14 GB / 2 TB/s ≈ 7 ms`,
`10 FLOP/byte × 2 TB/s is about 20 TFLOPS`), evaluates them, and reports one that does not
hold. Numbers are read as the language writes them (`3,5` in Dutch is 3.5), and count words
(`miljard`, `billion`) scale them. A claim needs an operator and `=`, `≈` or words such as
"is ongeveer"/"is about"; version numbers (`FP16`, `H100`), ratios (`2:4`), ranges and dates
are not claims. When the text writes a unit on one side only (`4 + 4 + 4 + 4 = 16 bytes`) the
other side is read in that unit. The help names a likely slip: bits and bytes, GB and GiB, a
prefix, a factor two. A claim that is found but cannot be evaluated is `unchecked-claim`.

## Why is this bad?
Learners reproduce the arithmetic of an explanation. A figure that does not follow from the
numbers next to it teaches a wrong result, or makes a correct key look wrong.

## Example
```toml
[[question]]
id = "fp16-weight-memory"
stem = "How much memory do the FP16 weights of a 7B model take?"
answer = "B"
options = ["7 GB", "14 GB", "28 GB"]
explanation = "FP16 uses 2 bytes per parameter, so 7 billion × 2 bytes = 14 GiB."
```

## Use instead
```toml
[[question]]
id = "fp16-weight-memory"
stem = "How much memory do the FP16 weights of a 7B model take?"
answer = "B"
options = ["7 GB", "14 GB", "28 GB"]
explanation = "FP16 uses 2 bytes per parameter, so 7 billion × 2 bytes = 14 GB."
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N005",
    name: "inline-claim-mismatch",
    level: Level::Warning,
    summary: "An arithmetic claim in a question's text does not add up.",
    docs: DOCS,
    check: Check::Question(check),
};

struct InlineClaimMismatch {
    what: String,
    lang: String,
    claim: String,
    computed: String,
    expected: String,
    hint: Option<String>,
    implied_unit: Option<String>,
}

impl Violation for InlineClaimMismatch {
    fn message(&self) -> String {
        format!(
            "`{}` in {} (`{}`) does not add up: the computation gives {}, not {}",
            self.claim, self.what, self.lang, self.computed, self.expected
        )
    }
    fn label(&self) -> Option<String> {
        let mut label = format!("gives {}", self.computed);
        if let Some(unit) = &self.implied_unit {
            label.push_str(&format!(" (reading the side without a unit in {unit})"));
        }
        Some(label)
    }
    fn help(&self) -> Option<String> {
        Some(self.hint.clone().unwrap_or_else(|| {
            "correct the stated figure or the numbers it is computed from".into()
        }))
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    for c in a.claims(cx) {
        if let Verdict::Wrong(outcome) = c.verdict {
            let (what, lang, claim) = c.written();
            let v = InlineClaimMismatch {
                what,
                lang,
                claim,
                computed: outcome.computed.to_string(),
                expected: outcome.expected.to_string(),
                hint: hint(outcome),
                implied_unit: c.claim.implied_unit.clone(),
            };
            out.push(Finding::on(q, c.span(cx, q), &v));
        }
    }
}
