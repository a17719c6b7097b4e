//! `stem-key-word-repeat` (F012): the key repeats a word of the stem that no distractor has.

use std::ops::Range;

use quizkit_model::index_letter;

use crate::lexicon::{Lexicon, Stems};
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Text, Violation};

/// What `quizkit rule stem-key-word-repeat` prints.
pub const DOCS: &str = r#"## What it does
Finds single-choice questions where the key shares a content word with the stem that no
distractor shares, in every one of the bank's languages that quizkit has a lexicon for. Words
are compared by their Snowball stem (so "caches" matches "cache", "gewichten" matches
"gewicht"); stop words, words under three letters, numbers and code are ignored. In a
language that writes compounds as one word (Dutch; `compounds` in its lexicon), a word of
four letters or more that begins a longer one is the same word ("stem" in "stembanden",
"versies" in "versiebeheer"); one that only ends it is not, as that is as often a word with
a prefix of another meaning ("stand" in "afstand", "stelling" in "voorstelling"), unless it
has nine letters or more and three or more come before it ("drukgebied" in
"hogedrukgebied").

A key is not taken when every distractor, too, repeats a word of the stem that no other
option has, as when the stem names every option ("You wear a gown, gloves and a mask. What do
you take off first?"): matching words then points at no option more than another.

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

/// A content word of a text: the number of its stem ([`Stems`]), its range, and, in a
/// language that compounds, the word in lower case.
struct Word<'t> {
    id: u32,
    range: Range<usize>,
    lower: Option<&'t str>,
}

/// The content words of `text`, in order: [`Text::content_words`] and the words of three
/// letters that are not stop words ("sun", "zon", "sea").
fn words<'t>(text: &'t Text<'_>, lexicon: &'static Lexicon, stems: &Stems) -> Vec<Word<'t>> {
    let mut long = text.content_words(lexicon, stems).iter().peekable();
    let mut out = Vec::new();
    for t in text.tokens() {
        if let Some((id, range)) = long.next_if(|(_, r)| r.start == t.range.start) {
            out.push(Word {
                id: *id,
                range: range.clone(),
                lower: lexicon.compounds.then_some(t.lower.as_ref()),
            });
        } else if t.is_prose_word()
            && t.text.chars().count() == 3
            && t.text.chars().all(char::is_alphabetic)
            && let Some(id) = stems.content_id(lexicon, &t.lower)
        {
            out.push(Word {
                id,
                range: t.range.clone(),
                lower: None,
            });
        }
    }
    out
}

/// The number of characters `a` and `b` begin with in common.
fn common_start(a: &str, b: &str) -> usize {
    a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count()
}

/// True when the shorter word (four letters or more) begins the longer one as the first part
/// of a compound, give or take an ending of up to two letters ("stem", "stembanden";
/// "versies", "versiebeheer"), with four letters or more after it. A shorter word that only
/// ends a longer one is not taken: that is as often a word with a prefix of another meaning
/// ("stand", "afstand"; "deel", "voordeel") as a compound.
/// A long word that ends a longer one is its head ("drukgebied", "hogedrukgebied") when it has
/// at least [`MIN_HEAD`] letters, with at least [`MIN_MODIFIER`] before it.
fn compound_part(a: &str, b: &str) -> bool {
    let (la, lb) = (a.chars().count(), b.chars().count());
    let ((short, ls), (long, ll)) = if la <= lb {
        ((a, la), (b, lb))
    } else {
        ((b, lb), (a, la))
    };
    let common = common_start(short, long);
    let begins = common >= 4 && ls - common <= 2 && ll >= common + 4;
    begins || (ls >= MIN_HEAD && ll >= ls + MIN_MODIFIER && long.ends_with(short))
}

/// A word of this many letters that ends a longer one is its head: the words that only end
/// another with a prefix of another meaning are short ("stand" in "afstand", "stelling" in
/// "voorstelling").
pub const MIN_HEAD: usize = 9;

/// Letters before the head for the longer word to be a compound, not a prefixed word.
pub const MIN_MODIFIER: usize = 3;

/// True when `a` and `b` count as the same word: the same stem, or one a part of the other
/// in a language that compounds.
fn same_word(a: &Word, b: &Word) -> bool {
    a.id == b.id
        || match (a.lower, b.lower) {
            (Some(a), Some(b)) => compound_part(a, b),
            _ => false,
        }
}

/// The first cue of the key in `lang`: a content word of the key ([`words`]) that is a word
/// of the stem ([`same_word`]) and of no distractor, as (the word, its range in the key, the
/// range of the stem's first such word). `None` when a text is missing in `lang`,
/// `Some(None)` when there is no cue.
fn cue(
    a: &Analysis<'_>,
    lexicon: &'static Lexicon,
    options: usize,
    key: usize,
    lang: &str,
) -> Option<Option<Cue>> {
    let stem = a.text(Field::Stem, lang)?;
    let texts: Vec<&Text<'_>> = (0..options)
        .map(|i| a.text(Field::Option(i), lang))
        .collect::<Option<_>>()?;
    let stems = a.stems();
    let stem_words = words(stem, lexicon, stems);
    let key_words = words(texts[key], lexicon, stems);
    let in_stem = |w: &Word| stem_words.iter().find(|s| same_word(w, s));
    // Most keys share no word with the stem: the distractors are read only when one does.
    if !key_words.iter().any(|w| in_stem(w).is_some()) {
        return Some(None);
    }
    let distractors: Vec<Vec<Word>> = (0..options)
        .filter(|&i| i != key)
        .map(|i| words(texts[i], lexicon, stems))
        .collect();
    // A stem that names every option ("a gown, gloves, goggles and a mask") gives each
    // distractor a word of the stem that is its own, in no other option: matching words then
    // points at none of them.
    let own_echo = |i: usize| {
        distractors[i].iter().any(|w| {
            in_stem(w).is_some()
                && !key_words.iter().any(|k| same_word(w, k))
                && distractors
                    .iter()
                    .enumerate()
                    .all(|(j, d)| j == i || !d.iter().any(|o| same_word(w, o)))
        })
    };
    if (0..distractors.len()).all(own_echo) {
        return Some(None);
    }
    let cue = key_words.iter().find_map(|w| {
        let in_stem = in_stem(w)?;
        if distractors.iter().flatten().any(|d| same_word(w, d)) {
            return None;
        }
        Some((
            texts[key].value()[w.range.clone()].to_owned(),
            w.range.clone(),
            in_stem.range.clone(),
        ))
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

#[cfg(test)]
mod tests {
    use super::compound_part;
    use crate::testing::rule_findings;

    /// The findings on a question of an English bank with `stem` and the options `options`,
    /// the key first.
    fn findings(stem: &str, options: &str) -> Vec<String> {
        let question = format!(
            "[[question]]\nid = \"q\"\nstem = \"{stem}\"\nanswer = \"A\"\noptions = [{options}]\n"
        );
        rule_findings("stem-key-word-repeat", "\"en\"", &question)
    }

    /// When the stem names every option, each option repeats a word of it and the key's
    /// repetition tells nothing; when only some distractors do, the key still stands out.
    #[test]
    fn a_stem_that_names_every_option_gives_no_cue() {
        let stem = "A loaf needs flour, water, salt and yeast. Which one makes it rise?";
        let named = findings(
            stem,
            "\"The yeast\", \"The salt\", \"The water\", \"The flour\"",
        );
        assert!(named.is_empty(), "{named:?}");
        let some = findings(
            stem,
            "\"The yeast\", \"The salt\", \"The oven\", \"The tin\"",
        );
        assert_eq!(some.len(), 1, "{some:?}");
        assert!(some[0].contains("\"yeast\""), "{some:?}");
        // Distractors that share their word of the stem do not name an option each.
        let shared = findings(stem, "\"The yeast\", \"Salt water\", \"Warm water\"");
        assert_eq!(shared.len(), 1, "{shared:?}");
    }

    #[test]
    fn a_word_that_begins_a_compound_is_a_part_of_it() {
        assert!(compound_part("stem", "stembanden"));
        assert!(compound_part("versiebeheer", "versies"));
        assert!(compound_part("zekeringen", "zekeringkast"));
        // Three letters after it are an ending or a suffix, not a second word.
        assert!(!compound_part("stem", "stempel"));
        assert!(!compound_part("lasten", "lastig"));
        // A word that only ends the other, and a part under four letters, are not taken.
        assert!(!compound_part("stand", "afstand"));
        assert!(!compound_part("zon", "zonsverduistering"));
        assert!(!compound_part("cache", "caches"));
        // A long word that ends a longer one is its head.
        assert!(compound_part("drukgebied", "hogedrukgebied"));
        assert!(!compound_part("stelling", "voorstelling"));
        assert!(!compound_part("houding", "verhouding"));
    }
}
