//! `key-position-imbalance` (B001): the keys favour some positions more than chance allows.

use std::collections::BTreeMap;

use quizkit_model::index_letter;

use crate::stats::{ALPHA, chi_square_sf, chi_square_uniform};
use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule key-position-imbalance` prints.
pub const DOCS: &str = r#"## What it does
Counts the key letters of the bank's single-choice questions, separately for each number of
options k, and runs Pearson's chi-square test against equal counts (df = k − 1, α = 0.05). A
group is tested once every letter is expected at least 5 times (n ≥ 5k), the usual condition
for the test. The finding points at the bank's `id` in `quizkit.toml`.

## Why is this bad?
Writers favour some positions (often B or C for the key, rarely A). Learners who notice guess
that letter and score above their knowledge, on paper, on the question pages of the site, and
in any target that keeps the order. Haladyna, Downing and Rodriguez: vary the key location
(guideline 20).

## Example
```toml
question = [
  { id = "q01", stem = "Question 1", answer = "A", options = ["a", "b", "c"] },
  { id = "q02", stem = "Question 2", answer = "A", options = ["a", "b", "c"] },
  { id = "q03", stem = "Question 3", answer = "A", options = ["a", "b", "c"] },
  { id = "q04", stem = "Question 4", answer = "B", options = ["a", "b", "c"] },
  { id = "q05", stem = "Question 5", answer = "A", options = ["a", "b", "c"] },
  { id = "q06", stem = "Question 6", answer = "A", options = ["a", "b", "c"] },
  { id = "q07", stem = "Question 7", answer = "C", options = ["a", "b", "c"] },
  { id = "q08", stem = "Question 8", answer = "A", options = ["a", "b", "c"] },
  { id = "q09", stem = "Question 9", answer = "A", options = ["a", "b", "c"] },
  { id = "q10", stem = "Question 10", answer = "B", options = ["a", "b", "c"] },
  { id = "q11", stem = "Question 11", answer = "A", options = ["a", "b", "c"] },
  { id = "q12", stem = "Question 12", answer = "A", options = ["a", "b", "c"] },
  { id = "q13", stem = "Question 13", answer = "C", options = ["a", "b", "c"] },
  { id = "q14", stem = "Question 14", answer = "A", options = ["a", "b", "c"] },
  { id = "q15", stem = "Question 15", answer = "A", options = ["a", "b", "c"] },
]
```

## Use instead
```toml
question = [
  { id = "q01", stem = "Question 1", answer = "A", options = ["a", "b", "c"] },
  { id = "q02", stem = "Question 2", answer = "C", options = ["a", "b", "c"] },
  { id = "q03", stem = "Question 3", answer = "B", options = ["a", "b", "c"] },
  { id = "q04", stem = "Question 4", answer = "B", options = ["a", "b", "c"] },
  { id = "q05", stem = "Question 5", answer = "A", options = ["a", "b", "c"] },
  { id = "q06", stem = "Question 6", answer = "C", options = ["a", "b", "c"] },
  { id = "q07", stem = "Question 7", answer = "C", options = ["a", "b", "c"] },
  { id = "q08", stem = "Question 8", answer = "A", options = ["a", "b", "c"] },
  { id = "q09", stem = "Question 9", answer = "B", options = ["a", "b", "c"] },
  { id = "q10", stem = "Question 10", answer = "B", options = ["a", "b", "c"] },
  { id = "q11", stem = "Question 11", answer = "A", options = ["a", "b", "c"] },
  { id = "q12", stem = "Question 12", answer = "C", options = ["a", "b", "c"] },
  { id = "q13", stem = "Question 13", answer = "C", options = ["a", "b", "c"] },
  { id = "q14", stem = "Question 14", answer = "B", options = ["a", "b", "c"] },
  { id = "q15", stem = "Question 15", answer = "A", options = ["a", "b", "c"] },
]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "B001",
    name: "key-position-imbalance",
    level: Level::Warning,
    summary: "The keys favour some letters more than chance allows (chi-square, α = 0.05).",
    docs: DOCS,
    check: Check::Bank(check),
};

struct KeyPositionImbalance {
    options: usize,
    counts: Vec<usize>,
    statistic: f64,
    p: f64,
}

impl KeyPositionImbalance {
    fn n(&self) -> usize {
        self.counts.iter().sum()
    }
}

impl Violation for KeyPositionImbalance {
    fn message(&self) -> String {
        let counts: Vec<String> = self
            .counts
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{} {c}", index_letter(i)))
            .collect();
        format!(
            "the keys of the {} questions with {} options are unevenly spread: {} (chi-square {:.1}, p = {:.4})",
            self.n(),
            self.options,
            counts.join(", "),
            self.statistic,
            self.p
        )
    }
    fn label(&self) -> Option<String> {
        Some("key positions of this bank".into())
    }
    fn help(&self) -> Option<String> {
        let expected = self.n() as f64 / self.options as f64;
        let under: Vec<String> = self
            .counts
            .iter()
            .enumerate()
            .filter(|&(_, &c)| (c as f64) < expected)
            .map(|(i, _)| index_letter(i).to_string())
            .collect();
        Some(format!(
            "reorder options so that more keys fall on {} (about {expected:.0} each is even)",
            under.join(" and ")
        ))
    }
}

fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for q in &cx.questions {
        let k = q.options.len();
        if k < 2 {
            continue;
        }
        if let Some(key) = Context::single_key(q.question) {
            groups.entry(k).or_insert_with(|| vec![0; k])[key] += 1;
        }
    }
    for (k, counts) in groups {
        let n: usize = counts.iter().sum();
        if n < 5 * k {
            continue;
        }
        let statistic = chi_square_uniform(&counts);
        let p = chi_square_sf(statistic, k - 1);
        if p < ALPHA {
            let v = KeyPositionImbalance {
                options: k,
                counts,
                statistic,
                p,
            };
            out.push(Finding::new(
                cx.bank.config_file,
                cx.bank.config.id.span.clone(),
                &v,
            ));
        }
    }
}
