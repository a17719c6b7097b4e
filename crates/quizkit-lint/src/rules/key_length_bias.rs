//! `key-length-bias` (B005): across the bank, the key is the longest option more often than
//! chance.

use crate::stats::{ALPHA, successes_at_least};
use crate::text::plain_len;
use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule key-length-bias` prints.
pub const DOCS: &str = r#"## What it does
Counts the single-choice questions whose key is strictly the longest option (in characters,
Markdown markers not counted, in the bank's first language) and tests the count against
chance: with k options the key is the longest with probability 1/k, so the count follows a
Poisson binomial distribution (exact up to 3,000 questions, the normal approximation beyond).
It reports when P(count or more) < 0.05, from 10 questions on. For 50 questions with three
options that is 23 or more.

## Why is this bad?
Even when no single key stands out enough for `longest-option-is-key`, a bank whose keys are
usually the longest option teaches learners to pick the longest option (Tarrant et al. 2006,
flaw 4), and they score above their knowledge.

## Example
```toml
question = [
  { id = "q01", stem = "Question 1", answer = "A", options = ["the long key", "short", "brief"] },
  { id = "q02", stem = "Question 2", answer = "B", options = ["short", "the long key", "brief"] },
  { id = "q03", stem = "Question 3", answer = "C", options = ["short", "brief", "the long key"] },
  { id = "q04", stem = "Question 4", answer = "A", options = ["the long key", "short", "brief"] },
  { id = "q05", stem = "Question 5", answer = "B", options = ["short", "the long key", "brief"] },
  { id = "q06", stem = "Question 6", answer = "C", options = ["short", "brief", "the long key"] },
  { id = "q07", stem = "Question 7", answer = "A", options = ["the long key", "short", "brief"] },
  { id = "q08", stem = "Question 8", answer = "B", options = ["short", "the long key", "brief"] },
  { id = "q09", stem = "Question 9", answer = "C", options = ["short", "brief", "the long key"] },
  { id = "q10", stem = "Question 10", answer = "A", options = ["the long key", "short", "brief"] },
]
```

## Use instead
```toml
question = [
  { id = "q01", stem = "Question 1", answer = "A", options = ["the long key", "short", "brief"] },
  { id = "q02", stem = "Question 2", answer = "B", options = ["a longer one", "key", "brief"] },
  { id = "q03", stem = "Question 3", answer = "C", options = ["short", "a longer one", "key"] },
  { id = "q04", stem = "Question 4", answer = "A", options = ["key", "a longer one", "brief"] },
  { id = "q05", stem = "Question 5", answer = "B", options = ["short", "the long key", "brief"] },
  { id = "q06", stem = "Question 6", answer = "C", options = ["a longer one", "brief", "key"] },
  { id = "q07", stem = "Question 7", answer = "A", options = ["key", "short", "a longer one"] },
  { id = "q08", stem = "Question 8", answer = "B", options = ["short", "key", "a longer one"] },
  { id = "q09", stem = "Question 9", answer = "C", options = ["short", "brief", "the long key"] },
  { id = "q10", stem = "Question 10", answer = "A", options = ["key", "a longer one", "brief"] },
]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "B005",
    name: "key-length-bias",
    level: Level::Warning,
    summary: "The key is the longest option more often than chance allows (binomial, α = 0.05).",
    docs: DOCS,
    check: Check::Bank(check),
};

/// Below this many questions the test is not run.
pub const MIN_QUESTIONS: usize = 10;

struct KeyLengthBias {
    longest: usize,
    questions: usize,
    expected: f64,
    p: f64,
    lang: String,
}

impl Violation for KeyLengthBias {
    fn message(&self) -> String {
        format!(
            "the key is the longest option in {} of {} questions (`{}`), where chance gives about {:.0} (p = {:.4})",
            self.longest, self.questions, self.lang, self.expected, self.p
        )
    }
    fn label(&self) -> Option<String> {
        Some("keys of this bank are too often the longest option".into())
    }
    fn help(&self) -> Option<String> {
        Some("lengthen distractors or shorten keys until the longest option is the key about as often as any other; `longest-option-is-key` points at the worst questions".into())
    }
}

/// Tests the bank's questions whose key and options can be compared, in the bank's first
/// language.
fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let lang = cx.bank.config.default_language();
    let (mut p, mut longest) = (Vec::with_capacity(cx.questions.len()), 0);
    for q in &cx.questions {
        let Some(key) = Context::single_key(q.question) else {
            continue;
        };
        let texts: Option<Vec<&str>> = q.options.iter().map(|o| o.text.get(lang)).collect();
        let Some(is_longest) = texts.and_then(|texts| key_is_longest(&texts, key)) else {
            continue;
        };
        p.push(1.0 / q.options.len() as f64);
        longest += usize::from(is_longest);
    }
    if p.len() < MIN_QUESTIONS {
        return;
    }
    let p_value = successes_at_least(&p, longest);
    if p_value < ALPHA {
        let v = KeyLengthBias {
            longest,
            questions: p.len(),
            expected: p.iter().sum(),
            p: p_value,
            lang: lang.to_owned(),
        };
        out.push(Finding::new(
            cx.bank.config_file,
            cx.bank.config.id.span.clone(),
            &v,
        ));
    }
}

/// Whether option `key` of `texts` is strictly the longest in characters ([`plain_len`]);
/// `None` when there are fewer than two options.
fn key_is_longest(texts: &[&str], key: usize) -> Option<bool> {
    if texts.len() < 2 {
        return None;
    }
    let key_len = plain_len(texts[key]);
    Some(
        texts
            .iter()
            .enumerate()
            .all(|(i, t)| i == key || plain_len(t) < key_len),
    )
}
