//! What the question rules share about one question: its texts' tokens, word filters, prose
//! claims and normalized forms, and its `checks` evaluated, each worked out once, on first use,
//! and handed to every rule.

use std::cell::OnceCell;

use quizkit_model::{Question, Spanned};
use quizkit_quantity::{Error, Lang, Operands, Outcome, ProseClaim, check, extract_claims_in};

use crate::Context;
use crate::lexicon::{PhraseSet, TextWords};
use crate::quantities::{self, OptionQuantity, lang};
use crate::text::{self, Token};

/// Up to this many texts, a question's slots are found by scanning their addresses in order;
/// beyond it, by halving the sorted addresses.
const SCANNED: usize = 32;

/// One language version of one text of a question, with what was worked out about it.
#[derive(Debug)]
struct Slot<'q> {
    text: &'q str,
    lang: &'q str,
    tokens: OnceCell<Vec<Token<'q>>>,
    words: OnceCell<TextWords>,
    operands: OnceCell<Option<Operands>>,
    claims: OnceCell<Vec<ProseClaim>>,
    plain: OnceCell<String>,
    normalized: OnceCell<String>,
    quantity: OnceCell<Option<OptionQuantity>>,
}

impl Slot<'_> {
    /// The [`Operands`] of the text: the claim rules and the number rules both look for them.
    fn operands(&self) -> Option<Operands> {
        *self.operands.get_or_init(|| Operands::of(self.text))
    }

    /// The prose claims of the text, read in the language it is written in.
    fn claims(&self) -> &[ProseClaim] {
        match self.operands() {
            // Most texts have no operand: nothing to remember for them.
            None => &[],
            Some(operands) => self
                .claims
                .get_or_init(|| extract_claims_in(self.text, lang(self.lang), operands)),
        }
    }
}

/// The shared analysis of one question's texts (stem, options, feedback, explanation, in every
/// language written). The engine builds one per question and passes it to each question rule;
/// a piece is computed the first time a rule asks for it, so rules that do not run cost
/// nothing.
///
/// Texts are found by identity: pass a `&str` borrowed from the question itself (for example
/// `&entry.text.value` or `option.text.get(lang)`), not a copy of it.
#[derive(Debug)]
pub struct Analysis<'q> {
    question: &'q Question,
    /// The address of each slot's text, in the order of `slots`: a text's slot is looked up
    /// here, in a line or two of memory rather than a line per slot (a slot is large).
    addresses: Vec<usize>,
    slots: Vec<Slot<'q>>,
    checks: OnceCell<Vec<Checked<'q>>>,
    /// The [`TextWords`] of every option text (in every language) together.
    option_words: OnceCell<TextWords>,
}

/// One of the question's `checks` with what evaluating it gave.
pub(crate) type Checked<'q> = (&'q Spanned<String>, Result<Outcome, Error>);

impl<'q> Analysis<'q> {
    /// The (not yet computed) analysis of `question`'s texts.
    pub fn new(question: &'q Question) -> Self {
        // Gathered into vectors of the right size: collecting the chained iterator grew the
        // vector several times over, which cost more than the rest of this function.
        let count = Context::texts(question).map(|(_, t)| t.entries.len()).sum();
        let mut texts: Vec<(&'q str, &'q str)> = Vec::with_capacity(count);
        for (_, text) in Context::texts(question) {
            for entry in &text.entries {
                texts.push((entry.text.value.as_str(), entry.lang.value.as_str()));
            }
        }
        // Many texts are sorted by address, so that finding a text's slot costs log n: a
        // question with 100,000 options (refused by the loader, still linted) must not make
        // every rule's lookups quadratic. A few are scanned, unsorted.
        if count > SCANNED {
            texts.sort_unstable_by_key(|(text, _)| text.as_ptr());
        }
        let addresses = texts
            .iter()
            .map(|(text, _)| text.as_ptr() as usize)
            .collect();
        let mut slots = Vec::with_capacity(count);
        slots.extend(texts.into_iter().map(|(text, lang)| Slot {
            text,
            lang,
            tokens: OnceCell::new(),
            words: OnceCell::new(),
            operands: OnceCell::new(),
            claims: OnceCell::new(),
            plain: OnceCell::new(),
            normalized: OnceCell::new(),
            quantity: OnceCell::new(),
        }));
        Analysis {
            question,
            addresses,
            slots,
            checks: OnceCell::new(),
            option_words: OnceCell::new(),
        }
    }

    fn slot(&self, text: &str) -> &Slot<'q> {
        let address = text.as_ptr() as usize;
        let at = if self.addresses.len() > SCANNED {
            self.addresses.binary_search(&address).ok()
        } else {
            self.addresses.iter().position(|&a| a == address)
        };
        at.map(|i| &self.slots[i])
            .filter(|s| std::ptr::eq(s.text, text))
            .unwrap_or_else(|| panic!("not a text of the analysed question: {text:?}"))
    }

    /// [`text::tokens`] of `text`, a text of the question.
    pub fn tokens(&self, text: &str) -> &[Token<'q>] {
        let slot = self.slot(text);
        slot.tokens.get_or_init(|| text::tokens(slot.text))
    }

    /// [`PhraseSet::may_match`] of `text`, a text of the question: false only when
    /// [`find`](crate::lexicon::find) would find none of `phrases` in its tokens. The text is
    /// scanned once for all phrase sets, and not tokenized.
    pub fn may_match(&self, text: &str, phrases: &PhraseSet) -> bool {
        self.may_match_any(text, &[phrases])
    }

    /// [`Analysis::may_match`] of `text` for several phrase sets at once: false only when
    /// none of them may match. The text is looked up once for all of them.
    pub fn may_match_any(&self, text: &str, sets: &[&PhraseSet]) -> bool {
        let slot = self.slot(text);
        let words = slot.words.get_or_init(|| TextWords::of(slot.text));
        sets.iter().any(|set| set.may_match_words(words))
    }

    /// [`Analysis::may_match_any`] of the question's options: false only when none of `sets`
    /// may match in any option text, in any language. The options' filters are joined once
    /// per question ([`TextWords::union`]), so that the option rules pass over most questions
    /// without asking about each option.
    pub fn options_may_match(&self, sets: &[&PhraseSet]) -> bool {
        let words = self.option_words.get_or_init(|| {
            let mut all = TextWords::default();
            for option in &self.question.options {
                for entry in &option.text.entries {
                    let slot = self.slot(&entry.text.value);
                    all = all.union(slot.words.get_or_init(|| TextWords::of(slot.text)));
                }
            }
            all
        });
        sets.iter().any(|set| set.may_match_words(words))
    }

    /// The [`Operands`] of `text`, a text of the question: where its first and last digit or
    /// `(` are, `None` when it has none. The claim rules find them first, and the number rules
    /// need look for digits only between them.
    pub fn operands(&self, text: &str) -> Option<Operands> {
        self.slot(text).operands()
    }

    /// The prose claims ([`quizkit_quantity::extract_claims`]) of `text`, a text of the question, read in the
    /// language it is written in.
    pub fn claims(&self, text: &str) -> &[ProseClaim] {
        self.slot(text).claims()
    }

    /// Whether any text of the question has a prose claim ([`Analysis::claims`]): most have
    /// none, and the claim rules need not look for their texts one by one.
    pub fn has_claims(&self) -> bool {
        self.slots.iter().any(|slot| !slot.claims().is_empty())
    }

    /// [`text::plain`] of `text`, a text of the question.
    pub fn plain(&self, text: &str) -> &str {
        let slot = self.slot(text);
        slot.plain.get_or_init(|| text::plain(slot.text))
    }

    /// [`text::normalize`] of `text`, a text of the question.
    pub fn normalized(&self, text: &str) -> &str {
        let slot = self.slot(text);
        slot.normalized
            .get_or_init(|| text::normalize_plain(self.plain(text)))
    }

    /// Each of the question's `checks` evaluated with the bank's claim options: the claim
    /// rules (N001 to N004) read the same evaluations.
    pub(crate) fn checks(&self, cx: &Context<'_>) -> &[Checked<'q>] {
        self.checks.get_or_init(|| {
            let options = quantities::options(cx);
            let checks = &self.question.checks;
            checks
                .iter()
                .map(|c| (c, check(&c.value, &options)))
                .collect()
        })
    }

    /// [`quantities::option_quantity`] of `text`, a text of the question, read in `lang`;
    /// remembered when `lang` is the language the text is written in.
    pub(crate) fn option_quantity(&self, text: &str, lang_read: Lang) -> Option<OptionQuantity> {
        let slot = self.slot(text);
        if lang(slot.lang) != lang_read {
            return quantities::option_quantity(slot.text, lang_read);
        }
        *slot
            .quantity
            .get_or_init(|| quantities::option_quantity(slot.text, lang_read))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::load_bank;

    /// Every text `Context::texts` yields has a slot, and nothing else does.
    #[test]
    fn a_slot_for_every_text_of_the_question() {
        let questions = r#"
[[question]]
id = "q1"
stem.nl = "Welke?"
stem.en = "Which?"
answer = "B"
explanation = "Because."

[[question.options]]
text.nl = "Een"
text.en = "One"
feedback.nl = "Nee"
feedback.en = "No"

[[question.options]]
text.nl = "Twee"
feedback.en = "Yes"

[[question.options]]
nl = "Drie"
en = "Three"
"#;
        let loaded = load_bank("id = \"b\"\nlanguages = [\"nl\", \"en\"]\n", questions);
        let bank = loaded.bank.expect("the bank loads");
        let (_, _, question) = bank.questions().next().expect("one question");
        let analysis = Analysis::new(question);
        let mut texts = 0;
        for (_, text) in Context::texts(question) {
            for entry in &text.entries {
                assert_eq!(analysis.plain(&entry.text.value), entry.text.value);
                texts += 1;
            }
        }
        assert_eq!(texts, 11);
        assert_eq!(analysis.slots.len(), texts);
    }

    /// A question with more texts than are scanned finds each text's own slot too, and reads
    /// it in its own language: 26 options in two languages, sorted by address.
    #[test]
    fn many_texts_find_their_own_slots() {
        let mut questions = String::from(
            "[[question]]\nid = \"q1\"\nstem.nl = \"Welke?\"\nstem.en = \"Which?\"\nanswer = \"A\"\n",
        );
        for i in 0..26 {
            questions.push_str(&format!(
                "\n[[question.options]]\nnl = \"{i} MB\"\nen = \"{i} GB\"\n"
            ));
        }
        let loaded = load_bank("id = \"b\"\nlanguages = [\"nl\", \"en\"]\n", &questions);
        let bank = loaded.bank.expect("the bank loads");
        let (_, _, question) = bank.questions().next().expect("one question");
        let analysis = Analysis::new(question);
        assert!(analysis.slots.len() > SCANNED);
        for (_, text) in Context::texts(question) {
            for entry in &text.entries {
                let slot = analysis.slot(&entry.text.value);
                assert!(std::ptr::eq(slot.text, entry.text.value.as_str()));
                assert_eq!(slot.lang, entry.lang.value);
            }
        }
    }
}
