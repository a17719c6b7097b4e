//! `key-contradicts-claim` (N004): the key is not the quantity the question's checks compute,
//! or a distractor is.

use std::collections::HashSet;

use quizkit_model::{Spanned, index_letter};
use quizkit_quantity::{Outcome, Relation, Tolerance};

use crate::quantities::{OptionQuantity, lang};
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule key-contradicts-claim` prints.
pub const DOCS: &str = r#"## What it does
Compares the options of a single-choice question whose options are quantities (`28 GB`,
`1,5 GB`, `20 TFLOPS`: the whole text is a number with or without a unit, numbers written as
the language writes them) with what the question's `checks` compute. When a check of the
options' dimension computes what an option states, the key must state a value that such a
check computes: the value rounds to the key at the precision the key is written with (`14
GB`: ±0.5 GB), or lies within the check's tolerance (for a `≈` check at least 2%: an option
is often rounder than the check). Checks that compute no option compute steps on the way
(`2 * 3 * 14 = 84` tablets for a key of 3 boxes) and say nothing about the key.
No distractor may state the value of a check the key agrees with (or, when the key agrees
with none, of the last check of the options' dimension; the earlier ones are steps on the way,
which distractors are made of): for a distractor the value must round to it and lie within
the check's tolerance, so a coarse `0.1 TB` does not count as `112 GB`. Checks of another dimension than the
options, and options that are not quantities, are left alone. The computed value counts even
when the check's stated value is wrong (that is `claim-mismatch`).

## Why is this bad?
The checks say what the right answer is. A key that differs from it marks a wrong option as
right, and a distractor that equals it is a second right answer that learners lose points for.

## Example
```toml
[[question]]
id = "adam-training-memory"
stem = "How much memory do weights, gradients and two Adam states of a 7B model take in FP32?"
answer = "B"
options = ["28 GB", "56 GB", "112 GB"]
checks = ["7e9 * (4 + 4 + 4 + 4) B = 112 GB"]
```

## Use instead
```toml
[[question]]
id = "adam-training-memory"
stem = "How much memory do weights, gradients and two Adam states of a 7B model take in FP32?"
answer = "C"
options = ["28 GB", "56 GB", "112 GB"]
checks = ["7e9 * (4 + 4 + 4 + 4) B = 112 GB"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N004",
    name: "key-contradicts-claim",
    level: Level::Error,
    summary: "The key is not the quantity the question's checks compute, or a distractor is.",
    docs: DOCS,
    check: Check::Question(check),
};

enum KeyContradictsClaim {
    /// The key states none of the computed values.
    Key {
        option: usize,
        text: String,
        computed: Vec<String>,
    },
    /// A distractor states a computed value.
    Distractor {
        option: usize,
        text: String,
        computed: String,
    },
}

impl Violation for KeyContradictsClaim {
    fn message(&self) -> String {
        match self {
            KeyContradictsClaim::Key {
                option,
                text,
                computed,
            } => format!(
                "the key, option {} (`{text}`), is not what the checks compute ({})",
                index_letter(*option),
                computed.join(" or ")
            ),
            KeyContradictsClaim::Distractor {
                option,
                text,
                computed,
            } => format!(
                "option {} (`{text}`) is a distractor, but it is what the checks compute ({computed})",
                index_letter(*option)
            ),
        }
    }
    fn label(&self) -> Option<String> {
        Some(match self {
            KeyContradictsClaim::Key { text, .. } => format!("the key is {text}"),
            KeyContradictsClaim::Distractor { computed, .. } => {
                format!("a distractor equal to {computed}")
            }
        })
    }
    fn help(&self) -> Option<String> {
        Some(match self {
            KeyContradictsClaim::Key { .. } => {
                "point `answer` at the option with the computed value, or correct the option or the check".into()
            }
            KeyContradictsClaim::Distractor { .. } => {
                "make the distractor a different value, or make it the key if it is the right answer".into()
            }
        })
    }
}

/// How far a key may lie from what a `≈` check computes, at the least: options are often
/// written rounder than the check (`140 GFLOP` for `≈ 137 GFLOP`).
const ROUNDER_KEY: Tolerance = Tolerance::Relative(0.02);

/// Whether the key agrees with what `outcome` computes: at the key's own precision, or
/// within the check's tolerance (for a `≈` check, at least [`ROUNDER_KEY`]).
fn agrees(key: &OptionQuantity, outcome: &Outcome) -> bool {
    let value = outcome.computed.value();
    key.value.dim() == outcome.computed.dim()
        && (key.states(value)
            || key.within(value, outcome.tolerance)
            || (outcome.relation == Relation::Approx && key.within(value, ROUNDER_KEY)))
}

/// Whether a distractor states what `outcome` computes: at its own precision and within the
/// check's tolerance, so that a coarse `0.1 TB` does not count as `112 GB`.
fn equals(distractor: &OptionQuantity, outcome: &Outcome) -> bool {
    let value = outcome.computed.value();
    distractor.value.dim() == outcome.computed.dim()
        && distractor.states(value)
        && distractor.within(value, outcome.tolerance)
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let Some(key) = Context::single_key(q.question) else {
        return;
    };
    let computed: Vec<(&Spanned<String>, Outcome)> = a
        .checks(cx)
        .iter()
        .filter_map(|(c, r)| r.as_ref().ok().map(|o| (*c, *o)))
        .collect();
    if computed.is_empty() {
        return;
    }
    let mut reported = HashSet::new();
    for code in cx.languages() {
        let options: Vec<Option<(OptionQuantity, &Spanned<String>)>> = (0..q.options.len())
            .map(|i| {
                let text = a.text(Field::Option(i), code)?;
                Some((text.quantity(lang(code))?, text.spanned()))
            })
            .collect();
        // The checks the key agrees with compute the answer; without one, every check might.
        let mut answer: Vec<&(&Spanned<String>, Outcome)> = Vec::new();
        if let Some(Some((quantity, text))) = options.get(key) {
            let same_dim: Vec<_> = computed
                .iter()
                .filter(|(_, o)| o.computed.dim() == quantity.value.dim())
                .collect();
            answer = same_dim
                .iter()
                .copied()
                .filter(|(_, o)| agrees(quantity, o))
                .collect();
            // Checks that compute no option compute steps on the way (`2 × 3 × 14 = 84`
            // tablets, for a key of 3 boxes): they say nothing about the key.
            let about_the_options = same_dim.iter().any(|(_, o)| {
                options
                    .iter()
                    .flatten()
                    .any(|(quantity, _)| equals(quantity, o))
            });
            if answer.is_empty() && about_the_options && reported.insert(key) {
                let v = KeyContradictsClaim::Key {
                    option: key,
                    text: text.value.clone(),
                    computed: same_dim
                        .iter()
                        .map(|(_, o)| o.computed.to_string())
                        .collect(),
                };
                let (check, outcome) = same_dim[0];
                out.push(Finding::on(q, text.span.clone(), &v).with_related(
                    q.file,
                    check.span.clone(),
                    format!("computes {}", outcome.computed),
                ));
            }
        }
        // The checks the key agrees with compute the answer; without one, the last check of
        // the options' dimension does (the earlier ones are steps on the way, which a
        // distractor may state: that is how distractors are made).
        let against: Vec<&(&Spanned<String>, Outcome)> = if answer.is_empty() {
            options
                .get(key)
                .and_then(|o| o.as_ref())
                .and_then(|(quantity, _)| {
                    computed
                        .iter()
                        .rfind(|(_, o)| o.computed.dim() == quantity.value.dim())
                })
                .into_iter()
                .collect()
        } else {
            answer
        };
        for (i, option) in options.iter().enumerate() {
            let Some((quantity, text)) = option else {
                continue;
            };
            if i == key {
                continue;
            }
            let Some((check, outcome)) = against.iter().find(|(_, o)| equals(quantity, o)) else {
                continue;
            };
            if !reported.insert(i) {
                continue;
            }
            let v = KeyContradictsClaim::Distractor {
                option: i,
                text: text.value.clone(),
                computed: outcome.computed.to_string(),
            };
            out.push(Finding::on(q, text.span.clone(), &v).with_related(
                q.file,
                check.span.clone(),
                format!("computes {}", outcome.computed),
            ));
        }
    }
}
