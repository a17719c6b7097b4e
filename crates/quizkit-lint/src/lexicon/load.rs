//! Reading a lexicon file: `lexicons/<lang>.toml`, embedded at build time.
//!
//! A [`Lexicon`] is deserialized straight from its file: every list is a field of
//! [`Lexicon`], and a file must have exactly those lists (`deny_unknown_fields`), but for the few that belong to
//! one language's grammar (marked `#[serde(default)]`), which another language leaves out.
//! Adding a list is one field there and one entry in each language file; the guard test
//! `every_list_of_every_file_is_loaded` fails when a file holds a list that nothing loads,
//! and when a field is a list of no file.

use serde::{Deserialize, Serialize};

use super::{Lexicon, PhraseSet, WordSet};
use crate::text::lowercase;

/// The lexicon files, by language code.
pub const SOURCES: &[(&str, &str)] = &[
    ("nl", include_str!("../../lexicons/nl.toml")),
    ("en", include_str!("../../lexicons/en.toml")),
];

/// The Snowball stemmer of a lexicon (`stemmer = "dutch"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StemmerName {
    /// Snowball's Dutch stemmer.
    Dutch,
    /// Snowball's English (Porter2) stemmer.
    English,
}

impl StemmerName {
    /// The stemmer's algorithm.
    pub fn algorithm(self) -> rust_stemmers::Algorithm {
        match self {
            StemmerName::Dutch => rust_stemmers::Algorithm::Dutch,
            StemmerName::English => rust_stemmers::Algorithm::English,
        }
    }
}

impl From<Vec<String>> for WordSet {
    fn from(words: Vec<String>) -> WordSet {
        WordSet(words.iter().map(|w| lowercase(w).into_owned()).collect())
    }
}

impl From<WordSet> for Vec<String> {
    fn from(set: WordSet) -> Vec<String> {
        let mut words: Vec<String> = set.0.into_iter().collect();
        words.sort();
        words
    }
}

impl From<Vec<String>> for PhraseSet {
    fn from(phrases: Vec<String>) -> PhraseSet {
        PhraseSet::new(&phrases)
    }
}

impl From<PhraseSet> for Vec<String> {
    fn from(set: PhraseSet) -> Vec<String> {
        set.phrases.into_iter().map(|p| p.text).collect()
    }
}

/// Parses the lexicon file `source` of `lang`.
pub(super) fn parse(lang: &'static str, source: &str) -> Result<Lexicon, String> {
    let mut lexicon: Lexicon = toml::from_str(source).map_err(|e| e.to_string())?;
    lexicon.lang = lang;
    Ok(lexicon)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lexicon_parses() {
        for (lang, source) in SOURCES {
            let lexicon = parse(lang, source).unwrap_or_else(|e| panic!("{lang}: {e}"));
            assert_eq!(lexicon.lang, *lang);
        }
    }

    /// The strings of a TOML list, or `None` for another value.
    fn strings(list: &toml::Value) -> Option<Vec<String>> {
        let items = list.as_array()?;
        Some(
            items
                .iter()
                .map(|i| i.as_str().expect("a string").to_owned())
                .collect(),
        )
    }

    /// The guard: every list of every lexicon file is loaded into a field of [`Lexicon`],
    /// whole, and every field is loaded from some file. The lexicon is written back (each
    /// field as the list it was read from, an empty one for a list its file leaves out) and
    /// compared with the file, list by list: a list that no field takes fails to parse
    /// (`deny_unknown_fields`), one that a field takes but drops shows up here, and a field
    /// that no file fills (a one-language list declared with `serde(default)` but never
    /// written in a file) is caught by the union of the files' lists.
    #[test]
    fn every_list_of_every_file_is_loaded() {
        let mut in_some_file: Vec<String> = Vec::new();
        let mut fields: Vec<String> = Vec::new();
        for (lang, source) in SOURCES {
            let file: toml::Table = toml::from_str(source).expect("the file is TOML");
            let lexicon = parse(lang, source).expect("the file parses");
            let written = toml::Table::try_from(&lexicon).expect("the lexicon serializes");
            fields = written.keys().cloned().collect();
            for (name, value) in &written {
                if !file.contains_key(name) {
                    assert_eq!(
                        strings(value),
                        Some(Vec::new()),
                        "{lang}: `{name}` is not in the file, yet not empty"
                    );
                }
            }
            for (name, list) in &file {
                in_some_file.push(name.clone());
                let written = written
                    .get(name)
                    .unwrap_or_else(|| panic!("{lang}: `{name}` is not a field"));
                let Some(mut expected) = strings(list) else {
                    assert_eq!(written, list, "{lang}: `{name}` is not loaded as written");
                    continue;
                };
                assert!(!expected.is_empty(), "{lang}: `{name}` is empty");
                let mut got = strings(written).expect("a list");
                // Word sets are kept in lower case and without order.
                if got != expected {
                    expected = expected.iter().map(|w| w.to_lowercase()).collect();
                    expected.sort();
                    expected.dedup();
                    got.sort();
                }
                assert_eq!(got, expected, "{lang}: `{name}` is not loaded whole");
            }
        }
        in_some_file.sort();
        in_some_file.dedup();
        fields.sort();
        assert_eq!(
            in_some_file, fields,
            "every field of `Lexicon` is a list of at least one lexicon file"
        );
    }
}
