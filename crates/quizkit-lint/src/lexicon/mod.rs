//! Word lists per language, kept as data in `lexicons/<lang>.toml` (`load`), phrase
//! matching over a text's tokens ([`PhraseSet`], [`find`]) and word stems ([`Stems`]).
//!
//! A phrase is written as plain words and punctuation (`"alle bovenstaande"`,
//! `"antwoord: {letter}"`); `{letter}` stands for an option letter (a single capital A–Z).
//! Matching ignores case and white space and never looks inside code or math.

mod load;
mod r#match;
mod number_words;
mod stems;

use std::sync::OnceLock;

use rustc_hash::FxHashSet;
use serde::{Deserialize, Serialize};

pub use load::{SOURCES, StemmerName};
pub(crate) use r#match::option_matches;
pub use r#match::{Parts, Phrase, PhraseMatch, PhraseSet, find, lone_capitals, words_outside};
pub use number_words::{NumberWords, WordValue};
pub use stems::Stems;

/// A set of single words, kept in lower case.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(from = "Vec<String>", into = "Vec<String>")]
pub struct WordSet(FxHashSet<String>);

impl WordSet {
    /// True when `lower`, a word in lower case, is in the set.
    pub fn contains(&self, lower: &str) -> bool {
        self.0.contains(lower)
    }

    /// True when the set has no word (a list the language's file leaves out).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The word lists of one language: one field per list of `lexicons/<lang>.toml`, read by
/// `load` (a list is added as a field here and an entry in every language file).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Lexicon {
    /// The language code.
    #[serde(skip)]
    pub lang: &'static str,
    /// The Snowball stemmer of the language.
    pub stemmer: StemmerName,
    /// "All of the above" and its variants.
    pub all_of_the_above: PhraseSet,
    /// "None of the above" and its variants.
    pub none_of_the_above: PhraseSet,
    /// Words that make a stem negative ("not", "except").
    pub negations: PhraseSet,
    /// Words that open a subordinate clause ("that", "die").
    pub subordinators: WordSet,
    /// Negations that are determiners ("geen", "no").
    pub negative_determiners: WordSet,
    /// Verbs of having, after which a negative determiner is a property ("heeft geen").
    pub possession_verbs: WordSet,
    /// Specific determiners ("always", "never").
    pub absolute_terms: PhraseSet,
    /// Whole options that make a true/false question ("true", "false").
    pub true_false: PhraseSet,
    /// Phrases by which an option points at another option's position.
    pub position_references: PhraseSet,
    /// Phrases that point at options by their place when they end an option ("with the
    /// first two", "de laatste twee").
    pub position_counts: PhraseSet,
    /// Phrases by which an option combines other options ("A and B").
    pub combined_options: PhraseSet,
    /// Words that may stand beside a combined-options phrase ("both", "are", "correct").
    pub combined_filler: WordSet,
    /// Words that join the texts of other options ("and", "zowel", "samen").
    pub combining_words: PhraseSet,
    /// Phrases by which an explanation names the key ("the answer is {letter}").
    pub answer_statements: PhraseSet,
    /// Phrases after which an explanation names the right option by its text ("the correct
    /// answer is").
    pub answer_openers: PhraseSet,
    /// Words too common to be a cue.
    pub stopwords: WordSet,
    /// True for a language that writes compounds as one word ("stembanden").
    pub compounds: bool,
    /// Frequency words whose truth a learner cannot judge ("often", "meestal").
    pub vague_frequency_terms: PhraseSet,
    /// Words that make a frequency word a comparison ("less often", "minder vaak").
    pub frequency_comparers: WordSet,
    /// Words by which a stem asks to pick an option ("which", "welke").
    pub selection_words: WordSet,
    /// Words before a negation that make it part of the content ("but not", "maar niet").
    pub contrast_words: WordSet,
    /// Words that open an appositive between commas ("een", "the").
    pub appositive_openers: WordSet,
    /// Verbs that make a following article plural ("zijn de", "are the").
    pub plural_verbs: WordSet,
    /// Verbs that make a following article singular ("is de", "is the").
    pub singular_verbs: WordSet,
    /// Endings that tell a plural noun ("-ers", "-ts").
    pub plural_endings: Vec<String>,
    /// Endings that tell a singular noun.
    pub singular_endings: Vec<String>,
    /// Nouns whose number their ending does not tell ("series", "mens").
    pub number_exceptions: WordSet,
    /// Numbers written as words, with their values ("zestig 60", "kwart 1/4").
    pub number_words: NumberWords,
    // The article lists below belong to one language's grammar: a file of another language
    // leaves them out, and they are empty there.
    /// English: how words spelt with a vowel but spoken with a consonant begin ("uni", "one").
    #[serde(default)]
    pub consonant_sound_starts: Vec<String>,
    /// English: how words spelt with a consonant but spoken with a vowel begin ("hour").
    #[serde(default)]
    pub vowel_sound_starts: Vec<String>,
    /// Dutch: endings of nouns that take "de" ("-ing", "-heid").
    #[serde(default)]
    pub de_word_endings: Vec<String>,
    /// Dutch: endings of nouns that take "het" ("-je", "-isme").
    #[serde(default)]
    pub het_word_endings: Vec<String>,
    /// Dutch: first words of a plural noun phrase ("twee", "meerdere").
    #[serde(default)]
    pub plural_openers: WordSet,
    /// Dutch: nouns that take "de" although they end like a "het" word ("datum").
    #[serde(default)]
    pub de_word_exceptions: WordSet,
    /// Dutch: nouns that take "het" although they end like a "de" word ("virus").
    #[serde(default)]
    pub het_word_exceptions: WordSet,
}

impl Lexicon {
    /// Every embedded lexicon, parsed, or why one does not parse.
    pub fn all() -> Result<&'static [Lexicon], &'static str> {
        static ALL: OnceLock<Result<Vec<Lexicon>, String>> = OnceLock::new();
        ALL.get_or_init(|| {
            SOURCES
                .iter()
                .map(|(lang, source)| {
                    load::parse(lang, source).map_err(|e| format!("lexicons/{lang}.toml: {e}"))
                })
                .collect()
        })
        .as_ref()
        .map(Vec::as_slice)
        .map_err(String::as_str)
    }

    /// The lexicon of `lang` (`nl`, `en`, also `en-GB`), if quizkit has one.
    pub fn get(lang: &str) -> Option<&'static Lexicon> {
        let primary = lang.split(['-', '_']).next().unwrap_or(lang);
        Lexicon::all()
            .ok()?
            .iter()
            .find(|l| l.lang.eq_ignore_ascii_case(primary))
    }

    /// The stem (Snowball) of a word given in lower case.
    pub fn stem(&self, lower: &str) -> String {
        rust_stemmers::Stemmer::create(self.stemmer.algorithm())
            .stem(lower)
            .into_owned()
    }

    /// True for a word too common to be a cue; `lower` is the word in lower case.
    pub fn is_stopword(&self, lower: &str) -> bool {
        self.stopwords.contains(lower)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lexicon_loads() {
        let all = Lexicon::all().map_err(str::to_owned);
        assert_eq!(all.as_ref().map(|l| l.len()), Ok(SOURCES.len()), "{all:?}");
        for code in ["nl", "en-GB", "EN", "en_US"] {
            assert!(Lexicon::get(code).is_some(), "{code}");
        }
        assert!(Lexicon::get("fr").is_none());
        assert!(Lexicon::get("").is_none());
    }
}
