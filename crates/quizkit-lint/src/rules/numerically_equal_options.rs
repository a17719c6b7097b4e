//! `numerically-equal-options` (K004): two options are the same quantity written differently.

use std::collections::{BTreeMap, HashSet};

use quizkit_model::index_letter;

use crate::quantities::{OptionQuantity, lang};
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Text, Violation};

/// What `quizkit rule numerically-equal-options` prints.
pub const DOCS: &str = r#"## What it does
Reads every option whose whole text is a quantity (`1,5 GB`, `1500 MB`, `7B`, `7 billion`,
`50%`), with numbers written as the option's language writes them, and reports two options
of one question that are the same quantity in different units or notations. Two options are
the same when each rounds to the other at the precision it is written with and they differ
by less than 1%: `1.5 GB` and `1500 MB` are, and so are `14 GB` and `13 GiB`; `1.5 GB` and
`1536 MB` are not, nor are `1 GB` and `1 GiB`. Options with the same text are left to
`duplicate-options`.

## Why is this bad?
Two equal options are either both right (a question with two keys) or both wrong (a wasted
distractor), and a learner who converts the units can eliminate them.

## Example
```toml
[[question]]
id = "int4-weight-memory"
stem = "How much memory do 3 billion INT4 weights take?"
answer = "A"
options = ["1.5 GB", "3 GB", "1500 MB"]
```

## Use instead
```toml
[[question]]
id = "int4-weight-memory"
stem = "How much memory do 3 billion INT4 weights take?"
answer = "A"
options = ["1.5 GB", "3 GB", "750 MB"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "K004",
    name: "numerically-equal-options",
    level: Level::Error,
    summary: "Two options of a question are the same quantity in different units.",
    docs: DOCS,
    check: Check::Question(check),
};

struct NumericallyEqualOptions {
    first: usize,
    second: usize,
    first_text: String,
    second_text: String,
    lang: String,
}

impl Violation for NumericallyEqualOptions {
    fn message(&self) -> String {
        format!(
            "options {} and {} are the same quantity: `{}` is `{}` (`{}`)",
            index_letter(self.first),
            index_letter(self.second),
            self.second_text,
            self.first_text,
            self.lang
        )
    }
    fn label(&self) -> Option<String> {
        Some(format!("equals option {}", index_letter(self.first)))
    }
    fn help(&self) -> Option<String> {
        Some("make one of them a different value, or remove it".into())
    }
}

/// At most this relative difference between two options that are the same quantity: `1 GB`
/// and `1 GiB` (7% apart) are different options even at one significant digit.
const CLOSE: f64 = 0.01;

/// Each states the other at its own precision, and they are close.
fn equal(a: &OptionQuantity, b: &OptionQuantity) -> bool {
    let (x, y) = (a.value.value(), b.value.value());
    a.value.dim() == b.value.dim()
        && a.states(y)
        && b.states(x)
        && (x - y).abs() <= CLOSE * x.abs().max(y.abs())
}

/// For each option, the first earlier option that is the same quantity in another notation.
/// Options are compared in order of value, each only with those less than [`CLOSE`] above
/// it, so a question with thousands of options stays fast.
fn firsts(options: &[(usize, OptionQuantity, &Text<'_>)]) -> BTreeMap<usize, usize> {
    let mut by_value: Vec<usize> = (0..options.len()).collect();
    by_value.sort_by(|&a, &b| {
        options[a]
            .1
            .value
            .value()
            .total_cmp(&options[b].1.value.value())
    });
    let mut firsts: BTreeMap<usize, usize> = BTreeMap::new();
    for (n, &a) in by_value.iter().enumerate() {
        let x = options[a].1.value.value();
        for &b in &by_value[n + 1..] {
            let y = options[b].1.value.value();
            if (y - x).abs() > CLOSE * x.abs().max(y.abs()) {
                break;
            }
            let (first, second) = if a < b { (a, b) } else { (b, a) };
            let (_, p, p_text) = &options[first];
            let (_, q, q_text) = &options[second];
            if equal(p, q) && p_text.normalized() != q_text.normalized() {
                let earliest = firsts.entry(second).or_insert(first);
                *earliest = (*earliest).min(first);
            }
        }
    }
    firsts
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let mut reported = HashSet::new();
    for code in cx.languages() {
        let read = lang(code);
        let options: Vec<(usize, OptionQuantity, &Text<'_>)> = (0..q.options.len())
            .filter_map(|i| {
                let text = a.text(Field::Option(i), code)?;
                Some((i, text.quantity(read)?, text))
            })
            .collect();
        for (second, first) in firsts(&options) {
            let (first, _, a_text) = options[first];
            let (second, _, b_text) = options[second];
            if !reported.insert((first, second)) {
                continue;
            }
            let v = NumericallyEqualOptions {
                first,
                second,
                first_text: a_text.value().to_owned(),
                second_text: b_text.value().to_owned(),
                lang: code.to_owned(),
            };
            out.push(
                Finding::on(q, b_text.spanned().span.clone(), &v).with_related(
                    q.file,
                    a_text.spanned().span.clone(),
                    format!("option {}", index_letter(first)),
                ),
            );
        }
    }
}
