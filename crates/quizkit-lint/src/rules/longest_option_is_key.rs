//! `longest-option-is-key` (F004): the key is conspicuously longer than every distractor.

use quizkit_model::index_letter;

use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule longest-option-is-key` prints.
pub const DOCS: &str = r#"## What it does
Finds single-choice questions whose key is the longest option by a clear margin: at least
1.5 times and at least 10 characters longer than the longest distractor (Markdown markers not
counted), in any of the bank's languages.

## Why is this bad?
Writers qualify the right answer until it is precise and leave the distractors short, so
"pick the longest" is a well-known test-taking strategy (Tarrant et al. 2006, flaw 4). The
question then measures test-wiseness instead of knowledge.

## Example
```toml
[[question]]
id = "cache-purpose"
stem = "Why do processors have caches?"
answer = "A"
options = [
  "To keep recently used data close to the core, because main memory is far slower than the core",
  "To store files",
  "To cool the chip",
]
```

## Use instead
```toml
[[question]]
id = "cache-purpose"
stem = "Why do processors have caches?"
answer = "A"
options = [
  "To keep recently used data close to the core, which is faster than main memory",
  "To keep the operating system's files available while the disk spins up",
  "To spread the heat of the cores evenly over a larger area of the chip",
]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F004",
    name: "longest-option-is-key",
    level: Level::Warning,
    summary: "The key is much longer than every distractor.",
    docs: DOCS,
    check: Check::Question(check),
};

/// The key must be at least this many times longer than the longest distractor…
pub const RATIO: f64 = 1.5;
/// …and at least this many characters longer.
pub const MARGIN: usize = 10;

struct LongestOptionIsKey {
    key: usize,
    key_len: usize,
    next: usize,
    next_len: usize,
    lang: String,
}

impl Violation for LongestOptionIsKey {
    fn message(&self) -> String {
        format!(
            "the key (option {}, {} characters) is much longer than every distractor (option {} has {}) in `{}`",
            index_letter(self.key),
            self.key_len,
            index_letter(self.next),
            self.next_len,
            self.lang
        )
    }
    fn label(&self) -> Option<String> {
        Some("the longest option is the key".into())
    }
    fn help(&self) -> Option<String> {
        Some("make the distractors as specific as the key, or the key as short as them".into())
    }
}

/// The key and longest distractor with their lengths, when the key stands out by length.
pub(crate) fn conspicuous(lengths: &[usize], key: usize) -> Option<(usize, usize)> {
    let key_len = *lengths.get(key)?;
    let (next, next_len) = lengths
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != key)
        .max_by_key(|&(i, &len)| (len, std::cmp::Reverse(i)))
        .map(|(i, &len)| (i, len))?;
    let stands_out = key_len as f64 >= RATIO * next_len as f64 && key_len >= next_len + MARGIN;
    stands_out.then_some((next, next_len))
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let Some(key) = Context::single_key(q.question) else {
        return;
    };
    for lang in cx.languages() {
        // The length as read (`text::plain_len`), from the plain text the analysis keeps.
        let lengths: Option<Vec<usize>> = (0..q.options.len())
            .map(|i| Some(a.text(Field::Option(i), lang)?.plain().chars().count()))
            .collect();
        let Some(lengths) = lengths else {
            continue;
        };
        if let Some((next, next_len)) = conspicuous(&lengths, key) {
            let Some(entry) = q.options[key].text.entry(lang) else {
                continue;
            };
            let v = LongestOptionIsKey {
                key,
                key_len: lengths[key],
                next,
                next_len,
                lang: lang.to_owned(),
            };
            out.push(Finding::on(q, entry.text.span.clone(), &v));
            return;
        }
    }
}
