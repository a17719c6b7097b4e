//! `stem-key-word-repeat` (F012): the key repeats a word of the stem that no distractor has.

use std::ops::Range;

use quizkit_model::index_letter;

use crate::lexicon::{Lexicon, StemIds};
use crate::text::prose_words;
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

/// True when `word` (as written, not empty) is long enough and has a letter: four characters
/// or more, one of them alphabetic. Numbers and short words are never a cue.
#[inline]
fn has_content_shape(word: &str) -> bool {
    let bytes = word.as_bytes();
    // A character takes at least one byte; four ASCII bytes are four characters.
    let long = match bytes.first_chunk::<4>() {
        None => return false,
        Some(head) => u32::from_le_bytes(*head) & 0x8080_8080 == 0 || word.chars().count() >= 4,
    };
    // Most words start with an ASCII letter.
    long && (bytes[0].is_ascii_alphabetic() || word.chars().any(char::is_alphabetic))
}

/// The words of a text that have the shape of a content word ([`has_content_shape`]), in
/// order: (byte range, [`StemIds::initial_bits`]). Whether one is a stop word, and its stem,
/// are left to a lookup that the bits often show to be needless.
fn shaped_words(text: &str) -> impl Iterator<Item = (Range<usize>, u64)> + '_ {
    prose_words(text).filter_map(|r| {
        let word = &text[r.clone()];
        has_content_shape(word).then(|| (r, StemIds::initial_bits(word)))
    })
}

/// A content word of the key, and what the other texts say about its stem.
struct KeyWord {
    id: u32,
    range: Range<usize>,
    bits: u64,
    /// The first word of the stem with the same stem.
    in_stem: Option<Range<usize>>,
    /// True when a distractor has a word with the same stem.
    in_distractor: bool,
}

/// A cue: the word as written in the key, its range there, and its range in the stem.
type Cue = (String, Range<usize>, Range<usize>);

/// The first content word of `key` (in text order) whose stem a word of `stem` has and no
/// word of the `distractors` has, with the first such word of the stem.
///
/// Words are looked up ([`StemIds::word_id`]) only where a match is still possible: a key
/// word only if a word of the stem has an initial in common with it, a word of the stem or a
/// distractor only if a key word still in question has.
fn cue_in(ids: &mut StemIds, stem: &str, key: &str, distractors: &[&str]) -> Option<Cue> {
    let mut key_words: Vec<(Range<usize>, u64)> = Vec::with_capacity(key.len() / 8);
    key_words.extend(shaped_words(key));
    if key_words.is_empty() {
        return None;
    }
    let mut stem_words: Vec<(Range<usize>, u64)> = Vec::with_capacity(stem.len() / 8);
    stem_words.extend(shaped_words(stem));
    let stem_bits = stem_words.iter().fold(0, |bits, (_, b)| bits | b);
    let mut words: Vec<KeyWord> = Vec::with_capacity(key_words.len());
    for (range, bits) in key_words {
        if bits & stem_bits == 0 {
            continue;
        }
        if let Some(id) = ids.word_id(&key[range.clone()]) {
            words.push(KeyWord {
                id,
                range,
                bits,
                in_stem: None,
                in_distractor: false,
            });
        }
    }
    let key_bits = words.iter().fold(0, |bits, w| bits | w.bits);
    // Key words not yet found in the stem.
    let mut unseen = words.len();
    for (range, bits) in stem_words {
        if unseen == 0 {
            break;
        }
        if bits & key_bits == 0 {
            continue;
        }
        let Some(id) = ids.word_id(&stem[range.clone()]) else {
            continue;
        };
        for w in words
            .iter_mut()
            .filter(|w| w.id == id && w.in_stem.is_none())
        {
            w.in_stem = Some(range.clone());
            unseen -= 1;
        }
    }
    // Key words that are in the stem and in no distractor seen so far.
    let mut open = words.iter().filter(|w| w.in_stem.is_some()).count();
    let open_bits = words
        .iter()
        .filter(|w| w.in_stem.is_some())
        .fold(0, |bits, w| bits | w.bits);
    for d in distractors {
        if open == 0 {
            return None;
        }
        for (range, bits) in shaped_words(d) {
            if bits & open_bits == 0 {
                continue;
            }
            let Some(id) = ids.word_id(&d[range]) else {
                continue;
            };
            for w in words
                .iter_mut()
                .filter(|w| w.id == id && w.in_stem.is_some() && !w.in_distractor)
            {
                w.in_distractor = true;
                open -= 1;
            }
            if open == 0 {
                return None;
            }
        }
    }
    let w = words
        .into_iter()
        .find(|w| w.in_stem.is_some() && !w.in_distractor)?;
    Some((key[w.range.clone()].to_owned(), w.range, w.in_stem?))
}

/// The first cue word of the key in `lang`: in the stem and the key, in no distractor. `None`
/// when a text is missing in `lang`, `Some(None)` when there is no cue.
fn cue(
    lexicon: &Lexicon,
    q: &quizkit_model::Question,
    key: usize,
    lang: &str,
) -> Option<Option<Cue>> {
    let stem = q.stem.get(lang)?;
    let mut distractors = Vec::with_capacity(q.options.len());
    for (i, option) in q.options.iter().enumerate() {
        if i != key {
            distractors.push(option.text.get(lang)?);
        }
    }
    let key_text = q.options.get(key)?.text.get(lang)?;
    Some(lexicon.with_stem_ids(|ids| cue_in(ids, stem, key_text, &distractors)))
}

// The texts are scanned here ([`prose_words`]) rather than taken as the analysis's tokens:
// on a clean bank this rule would be the first and often the only one to ask for the tokens
// of stems and options, which cost more to build than the whole rule does now.
fn check(cx: &Context<'_>, q: QuestionRef<'_>, _: &Analysis<'_>, out: &mut Vec<Finding>) {
    let Some(key) = Context::single_key(q.question) else {
        return;
    };
    let mut first = None;
    for lang in cx.languages() {
        let Some(lexicon) = cx.lexicon(lang) else {
            continue;
        };
        match cue(lexicon, q.question, key, lang) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::FastSet;
    use crate::testing::xorshift;
    use crate::text::tokens;

    /// The content words of a text as the rule first found them: from the tokens, each looked
    /// up.
    fn reference_words(ids: &mut StemIds, text: &str) -> Vec<(u32, Range<usize>)> {
        tokens(text)
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

    /// [`cue_in`] as the rule first computed it: every word of every text stemmed, then the
    /// sets compared.
    fn reference_cue(
        ids: &mut StemIds,
        stem: &str,
        key: &str,
        distractors: &[&str],
    ) -> Option<Cue> {
        let key_words = reference_words(ids, key);
        let stem_words = reference_words(ids, stem);
        let stems: FastSet<u32> = stem_words.iter().map(|&(s, _)| s).collect();
        let mut distractor_words: FastSet<u32> = FastSet::default();
        for d in distractors {
            distractor_words.extend(reference_words(ids, d).into_iter().map(|(s, _)| s));
        }
        key_words
            .into_iter()
            .find(|(s, _)| stems.contains(s) && !distractor_words.contains(s))
            .map(|(s, range)| {
                let in_stem = stem_words
                    .iter()
                    .find(|(t, _)| *t == s)
                    .map_or(0..0, |(_, r)| r.clone());
                (key[range.clone()].to_owned(), range, in_stem)
            })
    }

    /// Stems, keys and distractors drawn from a small vocabulary of words that stem alike
    /// (and some that do not), stop words, short words, numbers, capitals, code and letters
    /// that are not ASCII: the rule's cue is the reference's on every one.
    #[test]
    fn cue_is_the_reference_cue() {
        let pieces = [
            "cache",
            "caches",
            "Cached",
            "CACHING",
            "cachet",
            "write",
            "writes",
            "writing",
            "memory",
            "memories",
            "Memorie",
            "line",
            "lines",
            "lijnen",
            "gewicht",
            "gewichten",
            "Gewicht",
            "schijf",
            "schijven",
            "the",
            "The",
            "which",
            "welke",
            "deze",
            "door",
            "een",
            "de",
            "is",
            "a",
            "of",
            "die",
            "dying",
            "dies",
            "1024",
            "x86",
            "2fa",
            "één",
            "Één",
            "über",
            "éen",
            "GPU's",
            "gpu",
            "it's",
            "`cache`",
            "$line$",
            "**cache**",
            "Straße",
            "strasse",
            "ΣΊΣΥΦΟΣ",
            "naïve",
            "naive",
            "sleutelafleidingsfunctie",
            "sleutelafleidingsfuncties",
            "data",
            "Data",
            "datum",
            "daten",
        ];
        let glue = [" ", " ", ", ", ". ", "? ", "\n", "-", "'"];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: usize| (xorshift(&mut state) % n as u64) as usize;
        let mut text = |words: usize| {
            let mut t = String::new();
            for _ in 0..1 + next(words) {
                t.push_str(pieces[next(pieces.len())]);
                t.push_str(glue[next(glue.len())]);
            }
            t
        };
        let mut cues = 0;
        for l in Lexicon::all().unwrap_or_default() {
            for _ in 0..10_000 {
                let stem = text(12);
                let key = text(6);
                let distractors: Vec<String> = (0..3).map(|_| text(6)).collect();
                let distractors: Vec<&str> = distractors.iter().map(String::as_str).collect();
                let (fast, reference) = l.with_stem_ids(|ids| {
                    (
                        cue_in(ids, &stem, &key, &distractors),
                        reference_cue(ids, &stem, &key, &distractors),
                    )
                });
                cues += usize::from(reference.is_some());
                assert_eq!(fast, reference, "{stem:?} {key:?} {distractors:?}");
            }
        }
        assert!(cues > 2_000, "the generator rarely builds a cue: {cues}");
    }
}
