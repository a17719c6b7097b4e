//! Phrases of a lexicon and where they occur in a text's tokens.

use std::ops::Range;

use std::borrow::Cow;
use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use quizkit_model::LangText;

use super::{Lexicon, SOURCES};
use crate::text::{Token, lowercase, pieces, tokens};
use crate::{Analysis, Context, Field, QuestionRef};

/// One part of a phrase.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    Word(String),
    Punct(String),
    Letter,
}

/// A phrase of a lexicon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase {
    /// As written in the lexicon.
    pub text: String,
    parts: Vec<Part>,
}

impl Phrase {
    /// Parses a lexicon entry.
    pub fn new(text: &str) -> Phrase {
        let mut parts = Vec::new();
        for (i, piece) in text.split("{letter}").enumerate() {
            if i > 0 {
                parts.push(Part::Letter);
            }
            for t in tokens(piece) {
                parts.push(if t.word {
                    Part::Word(t.lower.into_owned())
                } else {
                    Part::Punct(t.text.to_owned())
                });
            }
        }
        Phrase {
            text: text.to_owned(),
            parts,
        }
    }

    /// How many tokens the phrase spans.
    pub fn len(&self) -> usize {
        self.parts.len()
    }

    /// True for an empty phrase (which matches nothing).
    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// The token indices of the letters it names when it matches at token `at`.
    fn matches_at(&self, toks: &[Token<'_>], at: usize) -> Option<Vec<usize>> {
        if self.parts.is_empty() || at + self.parts.len() > toks.len() {
            return None;
        }
        let mut letters = Vec::new();
        for (k, part) in self.parts.iter().enumerate() {
            let t = &toks[at + k];
            let ok = !t.code
                && match part {
                    Part::Word(w) => t.word && t.lower == w.as_str(),
                    Part::Punct(p) => !t.word && t.text == p,
                    Part::Letter => is_letter(t),
                };
            if !ok {
                return None;
            }
            if *part == Part::Letter {
                letters.push(at + k);
            }
        }
        Some(letters)
    }
}

/// How many capitals `A`–`Z` of `text` have no ASCII letter or digit on either side: a text
/// has at most as many option letters (`is_letter`).
pub fn lone_capitals(text: &str) -> usize {
    let b = text.as_bytes();
    (0..b.len())
        .filter(|&i| {
            b[i].is_ascii_uppercase()
                && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
                && b.get(i + 1).is_none_or(|n| !n.is_ascii_alphanumeric())
        })
        .count()
}

/// True for a token that can be an option letter: one capital `A`–`Z`.
fn is_letter(t: &Token<'_>) -> bool {
    t.word && t.text.len() == 1 && t.text.bytes().all(|b| b.is_ascii_uppercase())
}

/// The phrases of one list, indexed by their first part so that matching a text costs a
/// map lookup per token, and with the parts each phrase needs ([`Parts`]) so that a text none
/// of them occurs in is passed over without its tokens.
#[derive(Debug, Clone, serde::Deserialize, serde::Serialize)]
#[serde(from = "Vec<String>", into = "Vec<String>")]
pub struct PhraseSet {
    /// The phrases, as listed.
    pub phrases: Vec<Phrase>,
    by_first_word: FxHashMap<String, Vec<usize>>,
    by_first_punct: FxHashMap<String, Vec<usize>>,
    letter_first: Vec<usize>,
    /// Per phrase: the [`Parts`] it needs and how many letters it names; `None` when a part
    /// is in no lexicon file, and [`PhraseSet::may_occur`] cannot tell.
    needs: Option<Vec<(Vec<usize>, usize)>>,
}

/// Every word and punctuation mark of every list of every lexicon file, numbered: a text's
/// words and marks are looked up once ([`Parts::found_in`]), and each phrase list then asks
/// whether the parts it needs are among those found ([`PhraseSet::may_occur`]).
#[derive(Debug)]
pub struct Parts {
    ids: FxHashMap<String, usize>,
}

impl Parts {
    /// The parts of the embedded lexicon files ([`SOURCES`]).
    pub fn all() -> &'static Parts {
        static PARTS: OnceLock<Parts> = OnceLock::new();
        PARTS.get_or_init(|| {
            let mut ids = FxHashMap::default();
            let tables = SOURCES
                .iter()
                .filter_map(|(_, source)| toml::from_str::<toml::Table>(source).ok());
            for table in tables {
                let entries = table.values().filter_map(toml::Value::as_array).flatten();
                for entry in entries.filter_map(toml::Value::as_str) {
                    for part in Phrase::new(entry).parts {
                        if let Part::Word(w) | Part::Punct(w) = part {
                            let next = ids.len();
                            ids.entry(w).or_insert(next);
                        }
                    }
                }
            }
            Parts { ids }
        })
    }

    /// Which parts are words (in lower case) or marks of `text` ([`pieces`]), by number.
    pub fn found_in(&self, text: &str) -> Vec<bool> {
        let mut found = vec![false; self.ids.len()];
        for (range, word) in pieces(text) {
            let piece = &text[range];
            let lower = if word {
                lowercase(piece)
            } else {
                Cow::Borrowed(piece)
            };
            if let Some(&id) = self.ids.get(lower.as_ref()) {
                found[id] = true;
            }
        }
        found
    }
}

impl PhraseSet {
    /// Parses and indexes `phrases`.
    pub fn new(phrases: &[String]) -> PhraseSet {
        let phrases: Vec<Phrase> = phrases.iter().map(|p| Phrase::new(p)).collect();
        let mut by_first_word: FxHashMap<String, Vec<usize>> = FxHashMap::default();
        let mut by_first_punct: FxHashMap<String, Vec<usize>> = FxHashMap::default();
        let mut letter_first = Vec::new();
        for (i, p) in phrases.iter().enumerate() {
            match p.parts.first() {
                Some(Part::Word(w)) => by_first_word.entry(w.clone()).or_default().push(i),
                Some(Part::Punct(p)) => by_first_punct.entry(p.clone()).or_default().push(i),
                Some(Part::Letter) => letter_first.push(i),
                None => {}
            }
        }
        let parts = Parts::all();
        let needs = (phrases.iter().filter(|p| !p.is_empty()))
            .map(|p| {
                let mut need = Vec::new();
                for part in &p.parts {
                    if let Part::Word(w) | Part::Punct(w) = part {
                        need.push(*parts.ids.get(w)?);
                    }
                }
                let letters = p.parts.iter().filter(|part| **part == Part::Letter).count();
                Some((need, letters))
            })
            .collect();
        PhraseSet {
            phrases,
            by_first_word,
            by_first_punct,
            letter_first,
            needs,
        }
    }

    /// False when no phrase can match in a text that has `lone_capitals` ([`lone_capitals`])
    /// and whose [`Parts::found_in`] is `found`: a phrase needs a lone capital for each letter
    /// it names, and each of its words and marks somewhere in the text.
    pub fn may_occur<'a>(
        &self,
        found: impl Fn() -> &'a [bool],
        lone_capitals: impl Fn() -> usize,
    ) -> bool {
        let Some(needs) = &self.needs else {
            return true;
        };
        needs.iter().any(|(need, letters)| {
            (*letters == 0 || *letters <= lone_capitals())
                && need.iter().all(|&p| found().get(p) == Some(&true))
        })
    }

    /// The phrases whose first part `t` may be, in the order they are tried.
    fn candidates(&self, t: &Token<'_>) -> impl Iterator<Item = usize> + '_ {
        let (first, letters): (Option<&Vec<usize>>, &[usize]) = if t.code {
            (None, &[])
        } else if t.word {
            let letters: &[usize] = if is_letter(t) {
                &self.letter_first
            } else {
                &[]
            };
            (self.by_first_word.get(t.lower.as_ref()), letters)
        } else {
            (self.by_first_punct.get(t.text), &[])
        };
        first.into_iter().flatten().chain(letters).copied()
    }
}

/// Where a phrase matched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhraseMatch {
    /// The phrase.
    pub phrase: String,
    /// Byte range of the match in the text.
    pub range: Range<usize>,
    /// The tokens matched, as indices into the token list.
    pub tokens: Range<usize>,
    /// The option letters it names, with their byte ranges.
    pub letters: Vec<(char, Range<usize>)>,
}

/// Finds the phrases in `toks`, leftmost first, the longest phrase at each position (the
/// last listed of equally long ones), never overlapping.
pub fn find(phrases: &PhraseSet, toks: &[Token<'_>]) -> Vec<PhraseMatch> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < toks.len() {
        let best = phrases
            .candidates(&toks[at])
            .map(|i| &phrases.phrases[i])
            .filter_map(|p| p.matches_at(toks, at).map(|letters| (p, letters)))
            .max_by_key(|(p, _)| p.len());
        let Some((p, letters)) = best else {
            at += 1;
            continue;
        };
        let end = at + p.len();
        out.push(PhraseMatch {
            phrase: p.text.clone(),
            range: toks[at].range.start..toks[end - 1].range.end,
            tokens: at..end,
            letters: letters
                .into_iter()
                .map(|k| {
                    let t = &toks[k];
                    (t.text.chars().next().unwrap_or('A'), t.range.clone())
                })
                .collect(),
        });
        at = end;
    }
    out
}

/// The number of words of `toks` outside `m` (code not counted).
pub fn words_outside(toks: &[Token<'_>], m: &PhraseMatch) -> usize {
    toks.iter()
        .enumerate()
        .filter(|(k, t)| t.is_prose_word() && !m.tokens.contains(k))
        .count()
}

/// For each option of `q`, the first match `matcher` finds in its tokens, trying the bank's
/// languages in order: at most one match per option, with the option's index and the text it
/// is in, in option order. The rules about a phrase in an option (F003, F009, F014, K003)
/// report these. `sets` gives the phrase sets `matcher` looks for: an option in which none of
/// them may occur ([`PhraseSet::may_occur`]) is passed over.
pub(crate) fn option_matches<'q, 't, const N: usize>(
    cx: &Context<'_>,
    q: QuestionRef<'q>,
    a: &Analysis<'t>,
    sets: impl Fn(&'static Lexicon) -> [&'static PhraseSet; N],
    mut matcher: impl FnMut(&'static Lexicon, &[Token<'t>]) -> Option<PhraseMatch>,
) -> Vec<(usize, &'q LangText, PhraseMatch)> {
    let mut out = Vec::new();
    for (i, option) in q.question.options.iter().enumerate() {
        for lang in cx.languages() {
            let (Some(lexicon), Some(entry), Some(text)) = (
                cx.lexicon(lang),
                option.text.entry(lang),
                a.text(Field::Option(i), lang),
            ) else {
                continue;
            };
            if !sets(lexicon).iter().any(|set| text.may_occur(set)) {
                continue;
            }
            if let Some(m) = matcher(lexicon, text.tokens()) {
                out.push((i, entry, m));
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(phrases: &[&str]) -> PhraseSet {
        PhraseSet::new(&phrases.iter().map(|p| p.to_string()).collect::<Vec<_>>())
    }

    /// [`PhraseSet::may_occur`] in `text` with `capitals` lone capitals.
    fn may(phrases: &PhraseSet, text: &str, capitals: usize) -> bool {
        let found = Parts::all().found_in(text);
        phrases.may_occur(|| &found, || capitals)
    }

    #[test]
    fn phrases_match_words_punctuation_and_letters() {
        let phrases = set(&["antwoord: {letter}", "alle bovenstaande"]);
        let text = "Dus **Antwoord: B**, niet alle bovenstaande; antwoord: b";
        let toks = tokens(text);
        let found = find(&phrases, &toks);
        assert_eq!(found.len(), 2);
        assert_eq!(&text[found[0].range.clone()], "Antwoord: B");
        assert_eq!(found[0].letters[0].0, 'B');
        assert_eq!(&text[found[1].range.clone()], "alle bovenstaande");
        assert!(may(&phrases, text, lone_capitals(text)));
        assert!(!may(&phrases, "geen van beide", 0));
        // A phrase with a part in no lexicon file may occur anywhere: nothing searched for it.
        assert!(may(&set(&["alle bovenstaande", "xyzzy"]), "geen", 0));
    }

    #[test]
    fn the_longest_phrase_wins_and_code_is_skipped() {
        let phrases = set(&["all of the above", "all of", "{letter} and {letter}"]);
        let text = "`all of the above` or all of the above, A and B";
        let toks = tokens(text);
        let found: Vec<&str> = find(&phrases, &toks)
            .iter()
            .map(|m| &text[m.range.clone()])
            .collect();
        assert_eq!(found, ["all of the above", "A and B"]);
        assert!(!may(&phrases, "x", 2));
        assert!(!may(&phrases, "a and b", 1));
        assert!(may(&phrases, "a and b", 2));
        // Case is ignored, and a part must be a whole word.
        assert!(may(&phrases, "A AND B", 2));
        assert!(!may(&phrases, "a band b", 2));
        // A phrase of letters alone may occur wherever a lone capital does.
        assert!(may(&set(&["all of", "{letter}"]), "x", 1));
        assert!(!may(&set(&["all of", "{letter}"]), "x", 0));
        assert_eq!(lone_capitals("(B) or C"), 2);
        assert_eq!(lone_capitals("AB b2 x86 L2"), 0);
    }
}
