//! Word stems as numbers, remembered across the questions one thread lints.

use std::cell::RefCell;

use rustc_hash::FxHashMap;

use super::Lexicon;

/// The stems of the words seen so far, in every language, as numbers: two words of a language
/// get the same number exactly when they have the same stem ([`Lexicon::stem`]). The engine
/// keeps one per worker and hands it to each question's [`Analysis`](crate::Analysis): a bank
/// repeats its vocabulary, and a word is stemmed once. Numbers are only compared within one
/// `Stems`.
#[derive(Debug, Default)]
pub struct Stems {
    langs: RefCell<Vec<LangStems>>,
}

/// What [`Stems`] knows of one language.
struct LangStems {
    lang: &'static str,
    stemmer: rust_stemmers::Stemmer,
    /// The number of each word seen, by the word in lower case; `None` for a stop word.
    words: FxHashMap<String, Option<u32>>,
    /// The number of each stem.
    stems: FxHashMap<String, u32>,
}

impl std::fmt::Debug for LangStems {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LangStems")
            .field("lang", &self.lang)
            .field("words", &self.words.len())
            .field("stems", &self.stems.len())
            .finish()
    }
}

impl Stems {
    /// The number of the stem of `lower`, a word in lower case, in `lexicon`'s language, or
    /// `None` for a stop word.
    pub fn content_id(&self, lexicon: &'static Lexicon, lower: &str) -> Option<u32> {
        let mut langs = self.langs.borrow_mut();
        let at = match langs.iter().position(|l| l.lang == lexicon.lang) {
            Some(at) => at,
            None => {
                langs.push(LangStems {
                    lang: lexicon.lang,
                    stemmer: rust_stemmers::Stemmer::create(lexicon.stemmer.algorithm()),
                    words: FxHashMap::default(),
                    stems: FxHashMap::default(),
                });
                langs.len() - 1
            }
        };
        let l = &mut langs[at];
        if let Some(&id) = l.words.get(lower) {
            return id;
        }
        let id = (!lexicon.is_stopword(lower)).then(|| {
            let stem = l.stemmer.stem(lower).into_owned();
            let next = u32::try_from(l.stems.len()).unwrap_or(u32::MAX);
            *l.stems.entry(stem).or_insert(next)
        });
        l.words.insert(lower.to_owned(), id);
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_with_one_stem_share_a_number() {
        let stems = Stems::default();
        let en = Lexicon::get("en").expect("an English lexicon");
        let nl = Lexicon::get("nl").expect("a Dutch lexicon");
        let cache = stems.content_id(en, "caches");
        assert!(cache.is_some());
        assert_eq!(stems.content_id(en, "cache"), cache);
        assert_ne!(stems.content_id(en, "memory"), cache);
        assert_eq!(stems.content_id(en, "the"), None);
        assert_eq!(
            stems.content_id(nl, "gewichten"),
            stems.content_id(nl, "gewicht")
        );
    }
}
