//! `key-position-run` (B002): more questions in a row with the same key letter than chance
//! makes likely.

use quizkit_model::index_letter;

use crate::stats::{ALPHA, run_threshold};
use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule key-position-run` prints.
pub const DOCS: &str = r#"## What it does
Walks the bank's single-choice questions in bank order (categories, topics, files, questions)
and finds runs of the same key letter. The threshold comes from the bank's size: the shortest
run length L for which P(longest run ≥ L) < 0.05 when every question's key is uniformly random
over its k options (computed exactly). For 50 questions with 3 options L is 7; for 10 or 15,
it is 6.

## Why is this bad?
Learners who answer in order notice "C again?" and start to doubt right answers or guess the
pattern; a long run also betrays that keys were not placed at random (Haladyna, Downing and
Rodriguez, guideline 20).

## Example
```toml
question = [
  { id = "q01", stem = "Question 1", answer = "A", options = ["a", "b", "c"] },
  { id = "q02", stem = "Question 2", answer = "B", options = ["a", "b", "c"] },
  { id = "q03", stem = "Question 3", answer = "C", options = ["a", "b", "c"] },
  { id = "q04", stem = "Question 4", answer = "C", options = ["a", "b", "c"] },
  { id = "q05", stem = "Question 5", answer = "C", options = ["a", "b", "c"] },
  { id = "q06", stem = "Question 6", answer = "C", options = ["a", "b", "c"] },
  { id = "q07", stem = "Question 7", answer = "C", options = ["a", "b", "c"] },
  { id = "q08", stem = "Question 8", answer = "C", options = ["a", "b", "c"] },
  { id = "q09", stem = "Question 9", answer = "A", options = ["a", "b", "c"] },
  { id = "q10", stem = "Question 10", answer = "B", options = ["a", "b", "c"] },
]
```

## Use instead
```toml
question = [
  { id = "q01", stem = "Question 1", answer = "A", options = ["a", "b", "c"] },
  { id = "q02", stem = "Question 2", answer = "B", options = ["a", "b", "c"] },
  { id = "q03", stem = "Question 3", answer = "C", options = ["a", "b", "c"] },
  { id = "q04", stem = "Question 4", answer = "C", options = ["a", "b", "c"] },
  { id = "q05", stem = "Question 5", answer = "A", options = ["a", "b", "c"] },
  { id = "q06", stem = "Question 6", answer = "C", options = ["a", "b", "c"] },
  { id = "q07", stem = "Question 7", answer = "B", options = ["a", "b", "c"] },
  { id = "q08", stem = "Question 8", answer = "C", options = ["a", "b", "c"] },
  { id = "q09", stem = "Question 9", answer = "A", options = ["a", "b", "c"] },
  { id = "q10", stem = "Question 10", answer = "B", options = ["a", "b", "c"] },
]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "B002",
    name: "key-position-run",
    level: Level::Warning,
    summary: "More questions in a row share a key letter than chance makes likely.",
    docs: DOCS,
    check: Check::Bank(check),
};

struct KeyPositionRun {
    letter: char,
    length: usize,
    first: String,
    last: String,
    questions: usize,
    threshold: usize,
    p: f64,
}

impl Violation for KeyPositionRun {
    fn message(&self) -> String {
        format!(
            "{} questions in a row have key {} (`{}` to `{}`); among {} questions a run of {} or more happens by chance with p = {:.3}",
            self.length, self.letter, self.first, self.last, self.questions, self.threshold, self.p
        )
    }
    fn label(&self) -> Option<String> {
        Some(format!("run of {} starts here", self.length))
    }
    fn help(&self) -> Option<String> {
        Some("reorder the options of some of these questions so that their keys move to other letters".into())
    }
}

fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    // The keyed questions by their index in the bank, not by `QuestionRef` (32 bytes): the
    // lists are as long as the bank, and what they cost to fill is mostly their memory.
    let mut keyed: Vec<(usize, usize)> = Vec::with_capacity(cx.questions.len());
    let mut p_same: Vec<f64> = Vec::with_capacity(cx.questions.len());
    for q in &cx.questions {
        let k = q.options.len();
        if k < 2 {
            continue;
        }
        if let Some(key) = Context::single_key(q.question) {
            keyed.push((q.index, key));
            p_same.push(1.0 / k as f64);
        }
    }
    if keyed.len() < 2 {
        return;
    }
    let (threshold, p) = run_threshold(&p_same, ALPHA);
    let mut start = 0;
    for end in 1..=keyed.len() {
        if end < keyed.len() && keyed[end].1 == keyed[start].1 {
            continue;
        }
        let length = end - start;
        if length >= threshold {
            let run = &keyed[start..end];
            let (first, key) = run[0];
            let first = cx.questions[first];
            let Some(answer) = &first.answer else {
                continue;
            };
            let v = KeyPositionRun {
                letter: index_letter(key),
                length,
                first: first.id.value.clone(),
                last: cx.questions[run[length - 1].0].id.value.clone(),
                questions: keyed.len(),
                threshold,
                p,
            };
            let mut finding = Finding::on(first, answer.span.clone(), &v);
            for &(i, _) in &run[1..] {
                let q = cx.questions[i];
                if let Some(a) = &q.answer {
                    finding =
                        finding.with_related(q.file, a.span.clone(), format!("`{}`", q.id.value));
                }
            }
            out.push(finding);
        }
        start = end;
    }
}
