//! `key-length-bias` (B005): across the bank, the key is the longest option more often than
//! chance.

use crate::stats::{ALPHA, successes_at_least};
use crate::text::plain_len;
use crate::{Check, Context, Finding, Gathered, Level, QuestionRef, Rule, Violation};

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
    check: Check::Gather { gather, finish },
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

/// Of each question of a run whose key and options can be compared, the chance that the key
/// is the longest option, and how many of them have the longest option as their key.
#[derive(Debug, Default)]
struct Run {
    p: Vec<f64>,
    longest: usize,
}

/// Reads a run of questions ([`Run`]), in the bank's first language.
fn gather(cx: &Context<'_>, questions: &[QuestionRef<'_>]) -> Gathered {
    let lang = cx.bank.config.default_language();
    let mut run = Run::default();
    for q in questions {
        let Some(key) = Context::single_key(q.question) else {
            continue;
        };
        let options = &q.options;
        let Some(is_longest) = key_is_longest(options.len(), key, |i| options[i].text.get(lang))
        else {
            continue;
        };
        run.p.push(1.0 / options.len() as f64);
        run.longest += usize::from(is_longest);
    }
    Box::new(run)
}

/// Tests the runs' questions together.
fn finish(cx: &Context<'_>, runs: Vec<Gathered>, out: &mut Vec<Finding>) {
    let lang = cx.bank.config.default_language();
    let (mut p, mut longest) = (Vec::with_capacity(cx.questions.len()), 0);
    for run in runs {
        let run: Box<Run> = run.downcast().expect("key-length-bias gathers runs");
        p.extend(run.p);
        longest += run.longest;
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

/// Whether option `key` of `options` options (whose texts `text` gives) is strictly the longest
/// in characters ([`plain_len`]); `None` when there are fewer than two options or one has no
/// text.
///
/// A text has at most as many characters as bytes, and reading a text's characters costs a
/// trip to its memory while its length in bytes is at hand. So the other option with the most
/// bytes is read first, when it has as many bytes as the key: most often it has as many
/// characters too, and the key is not the longest without being read. Otherwise the key is
/// read, and only the options with at least as many bytes as the key has characters.
fn key_is_longest<'t>(
    options: usize,
    key: usize,
    text: impl Fn(usize) -> Option<&'t str>,
) -> Option<bool> {
    if options < 2 {
        return None;
    }
    let mut key_text = "";
    let mut widest = "";
    for i in 0..options {
        let t = text(i)?;
        if i == key {
            key_text = t;
        } else if t.len() >= widest.len() {
            widest = t;
        }
    }
    if widest.len() >= key_text.len() && plain_len(widest) >= key_text.len() {
        return Some(false);
    }
    let key_len = plain_len(key_text);
    Some(
        (0..options).all(|i| {
            i == key || text(i).is_some_and(|t| t.len() < key_len || plain_len(t) < key_len)
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::xorshift;

    /// Every option's characters counted, as before options were read in order of their bytes.
    fn key_is_longest_plainly(texts: &[Option<&str>], key: usize) -> Option<bool> {
        let texts: Option<Vec<&str>> = texts.iter().copied().collect();
        let texts = texts.filter(|t| t.len() >= 2)?;
        let key_len = plain_len(texts[key]);
        Some(
            texts
                .iter()
                .enumerate()
                .all(|(i, t)| i == key || plain_len(t) < key_len),
        )
    }

    #[test]
    fn reading_the_widest_option_first_finds_what_counting_all_finds() {
        // Pieces whose characters and bytes differ: Markdown markers, runs of spaces, links,
        // accents, so that bytes and characters order the options differently.
        let pieces = [
            "a",
            "word",
            "**",
            "*",
            "  ",
            " ",
            "é",
            "ß",
            "[x](http://y)",
            "`c`",
            "_",
            "x_y",
            "\u{2014}",
            "—",
            "\t",
            "\n",
            "~~",
            "12",
            "",
            "ëëë",
        ];
        let mut state = 0x1234_5678_9abc_def1_u64;
        let mut both = [0; 2];
        for _ in 0..20_000 {
            let options = (xorshift(&mut state) % 6) as usize;
            let texts: Vec<String> = (0..options)
                .map(|_| {
                    (0..xorshift(&mut state) % 6)
                        .map(|_| pieces[(xorshift(&mut state) % pieces.len() as u64) as usize])
                        .collect()
                })
                .collect();
            let absent = (xorshift(&mut state) % 40) as usize;
            let texts: Vec<Option<&str>> = texts
                .iter()
                .enumerate()
                .map(|(i, t)| (i != absent).then_some(t.as_str()))
                .collect();
            for key in 0..options {
                let fast = key_is_longest(options, key, |i| texts[i]);
                assert_eq!(fast, key_is_longest_plainly(&texts, key), "{texts:?} {key}");
                if let Some(longest) = fast {
                    both[usize::from(longest)] += 1;
                }
            }
        }
        // Both answers came up often, so the comparison meant something.
        assert!(both.iter().all(|&n| n > 1000), "{both:?}");
    }
}
