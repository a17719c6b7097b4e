//! `stem-key-word-repeat` (F012): the key repeats a word of the stem that no distractor has.

use std::ops::Range;

use quizkit_model::index_letter;

use rustc_hash::FxHashSet;

use crate::lexicon::Lexicon;
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Text, Violation};

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

/// A cue: the word as written in the key, its range there, and the range of the stem's word
/// with the same stem.
type Cue = (String, Range<usize>, Range<usize>);

/// The first cue of the key in `lang`: a content word of the key ([`Text::content_words`])
/// whose stem the stem has and no distractor has, as (the word, its range in the key, the
/// range of the stem's first word with that stem). `None` when a text is missing in `lang`,
/// `Some(None)` when there is no cue.
fn cue<'a, 'q>(
    a: &'a Analysis<'q>,
    lexicon: &'static Lexicon,
    options: usize,
    key: usize,
    lang: &str,
) -> Option<Option<Cue>> {
    let stem = a.text(Field::Stem, lang)?;
    let texts: Vec<&Text<'q>> = (0..options)
        .map(|i| a.text(Field::Option(i), lang))
        .collect::<Option<_>>()?;
    let stems = a.stems();
    let words = |text: &'a Text<'q>| text.content_words(lexicon, stems);
    let stem_words = words(stem);
    let in_stem: FxHashSet<u32> = stem_words.iter().map(|&(id, _)| id).collect();
    let key_words = words(texts[key]);
    // Most keys share no stem with the stem: the distractors are read only when one does.
    if !key_words.iter().any(|(id, _)| in_stem.contains(id)) {
        return Some(None);
    }
    let in_distractors: FxHashSet<u32> = (0..options)
        .filter(|&i| i != key)
        .flat_map(|i| words(texts[i]).iter().map(|&(id, _)| id))
        .collect();
    let cue = key_words
        .iter()
        .find(|(id, _)| in_stem.contains(id) && !in_distractors.contains(id))
        .map(|(id, range)| {
            let in_stem = stem_words
                .iter()
                .find(|(s, _)| s == id)
                .map_or(0..0, |(_, r)| r.clone());
            (
                texts[key].value()[range.clone()].to_owned(),
                range.clone(),
                in_stem,
            )
        });
    Some(cue)
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
        match cue(a, lexicon, q.options.len(), key, lang) {
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
