//! `stem-key-word-repeat` (F012): the key repeats a word of the stem that no distractor has.

use std::ops::Range;

use quizkit_model::index_letter;

use crate::hash::FastSet;
use crate::lexicon::{Lexicon, StemIds};
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule stem-key-word-repeat` prints.
pub const DOCS: &str = r#"## What it does
Finds single-choice questions where the key shares a content word with the stem that no
distractor shares, in every one of the bank's languages that quizkit has a lexicon for. Words
are compared by their Snowball stem (so "caches" matches "cache", "gewichten" matches
"gewicht"); stop words, words under four letters, numbers and code are ignored.

## Why is this bad?
A "clang association": the learner matches the word in the stem to the word in the option
and picks the key without knowing why it is right (Haladyna, Downing and Rodriguez, guideline
28b). Requiring the cue in every language keeps the rule to cues that come from the content,
not from one translation's choice of words.

## Example
```toml
[[question]]
id = "write-back"
stem = "What does a write-back cache do with a modified line?"
answer = "C"
options = [
  "It sends each store to main memory at once",
  "It discards it",
  "It writes the modified data back when the line is evicted",
]
```

## Use instead
```toml
[[question]]
id = "write-back"
stem = "What does a write-back cache do with a modified line?"
answer = "C"
options = [
  "It sends each store to main memory at once",
  "It discards it",
  "It keeps it until eviction, then stores it in memory",
]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F012",
    name: "stem-key-word-repeat",
    level: Level::Warning,
    summary: "The key repeats a content word of the stem that no distractor has.",
    docs: DOCS,
    check: Check::Question(check),
};

struct StemKeyWordRepeat {
    key: usize,
    word: String,
    lang: String,
}

impl Violation for StemKeyWordRepeat {
    fn message(&self) -> String {
        format!(
            "the key (option {}) repeats \"{}\" from the stem, and no distractor does (`{}`)",
            index_letter(self.key),
            self.word,
            self.lang
        )
    }
    fn label(&self) -> Option<String> {
        Some("also in the stem".into())
    }
    fn help(&self) -> Option<String> {
        Some("reword the key, or use the word in a distractor too, so that matching words does not give the answer away".into())
    }
}

/// The content words of a text: (number of the stem, byte range of the word).
fn content_words(a: &Analysis<'_>, ids: &mut StemIds, text: &str) -> Vec<(u32, Range<usize>)> {
    a.tokens(text)
        .iter()
        .filter(|t| {
            t.word
                && !t.code
                && t.text.chars().count() >= 4
                && t.text.chars().any(char::is_alphabetic)
        })
        .filter_map(|t| Some((ids.content_id(&t.lower)?, t.range.clone())))
        .collect()
}

/// A cue: the word as written in the key, its range there, and its range in the stem.
type Cue = (String, Range<usize>, Range<usize>);

/// The first cue word of the key in `lang`: in the stem and the key, in no distractor. `None`
/// when a text is missing in `lang`, `Some(None)` when there is no cue.
fn cue(
    a: &Analysis<'_>,
    lexicon: &Lexicon,
    q: &quizkit_model::Question,
    key: usize,
    lang: &str,
) -> Option<Option<Cue>> {
    let stem = q.stem.get(lang)?;
    let mut distractors = Vec::new();
    for (i, option) in q.options.iter().enumerate() {
        if i != key {
            distractors.push(option.text.get(lang)?);
        }
    }
    let key_text = q.options.get(key)?.text.get(lang)?;
    lexicon.with_stem_ids(|ids| {
        // Stem the distractors only when the key shares a word with the stem at all.
        let key_words = content_words(a, ids, key_text);
        if key_words.is_empty() {
            return Some(None);
        }
        let stem_words = content_words(a, ids, stem);
        let stems: FastSet<u32> = stem_words.iter().map(|&(s, _)| s).collect();
        if !key_words.iter().any(|(s, _)| stems.contains(s)) {
            return Some(None);
        }
        let mut distractor_words: FastSet<u32> = FastSet::default();
        for d in distractors {
            distractor_words.extend(content_words(a, ids, d).into_iter().map(|(s, _)| s));
        }
        Some(
            key_words
                .into_iter()
                .find(|(s, _)| stems.contains(s) && !distractor_words.contains(s))
                .map(|(s, range)| {
                    let in_stem = stem_words
                        .iter()
                        .find(|(t, _)| *t == s)
                        .map_or(0..0, |(_, r)| r.clone());
                    (key_text[range.clone()].to_owned(), range, in_stem)
                }),
        )
    })
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let Some(key) = Context::single_key(q.question) else {
        return;
    };
    let mut first = None;
    for lang in cx.languages() {
        let Some(lexicon) = cx.lexicon(lang) else {
            continue;
        };
        match cue(a, lexicon, q.question, key, lang) {
            // The text is missing in this language: another rule reports that.
            None => continue,
            Some(None) => return,
            Some(Some(found)) => {
                if first.is_none() {
                    first = Some((lang, found));
                }
            }
        }
    }
    let Some((lang, (word, range, in_stem))) = first else {
        return;
    };
    let (Some(key_entry), Some(stem_entry)) = (q.options[key].text.entry(lang), q.stem.entry(lang))
    else {
        return;
    };
    let v = StemKeyWordRepeat {
        key,
        word,
        lang: lang.to_owned(),
    };
    out.push(
        Finding::on(q, cx.locate(q.file, &key_entry.text, range), &v).with_related(
            q.file,
            cx.locate(q.file, &stem_entry.text, in_stem),
            "in the stem",
        ),
    );
}
