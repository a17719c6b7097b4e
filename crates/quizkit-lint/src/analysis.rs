//! What the question rules share about one question, worked out once and on first use.
//!
//! The engine builds one [`Analysis`] per question and hands it to every question rule. It
//! holds one [`Text`] per language version of each of the question's texts, found by field
//! and language ([`Analysis::text`], [`Analysis::texts`]). A `Text` computes a piece (its
//! tokens, the lexicon parts among its words, plain and normalized forms, content-word stems, prose claims, option
//! quantity) the first time a rule asks for it and keeps it for the next rule, so a piece no
//! enabled rule needs costs nothing. The question's `checks` and prose claims are evaluated
//! once for the claim rules ([`Analysis::checks`], [`Analysis::claims`]).

use std::cell::OnceCell;
use std::ops::Range;

use quizkit_model::{LangText, LocalizedText, Question, Spanned, same_code};
use quizkit_quantity::{
    Error, Lang, Outcome, ProseClaim, ProseNumber, Verdict, check, extract_claims_in,
};

use crate::lexicon::{Lexicon, Parts, PhraseSet, Stems, lone_capitals};
use crate::quantities::{self, OptionQuantity, lang};
use crate::text::{self, Token};
use crate::{Context, Field, QuestionRef};

/// One language version of one text of a question, with what was worked out about it.
#[derive(Debug)]
pub struct Text<'q> {
    /// Which text of the question.
    pub field: Field,
    /// The entry: its language and its Markdown, as written.
    pub entry: &'q LangText,
    tokens: OnceCell<Vec<Token<'q>>>,
    parts: OnceCell<Vec<bool>>,
    lone_capitals: OnceCell<usize>,
    plain: OnceCell<String>,
    normalized: OnceCell<String>,
    content: OnceCell<Vec<(u32, Range<usize>)>>,
    claims: OnceCell<Vec<ProseClaim>>,
    numbers: OnceCell<Vec<ProseNumber>>,
    quantity: OnceCell<Option<OptionQuantity>>,
}

impl<'q> Text<'q> {
    fn new(field: Field, entry: &'q LangText) -> Self {
        Text {
            field,
            entry,
            tokens: OnceCell::new(),
            parts: OnceCell::new(),
            lone_capitals: OnceCell::new(),
            plain: OnceCell::new(),
            normalized: OnceCell::new(),
            content: OnceCell::new(),
            claims: OnceCell::new(),
            numbers: OnceCell::new(),
            quantity: OnceCell::new(),
        }
    }

    /// The Markdown source.
    pub fn value(&self) -> &'q str {
        &self.entry.text.value
    }
    /// The language code it is written in.
    pub fn lang(&self) -> &'q str {
        &self.entry.lang.value
    }
    /// The string value with its span in the file.
    pub fn spanned(&self) -> &'q Spanned<String> {
        &self.entry.text
    }

    /// Its words and punctuation marks ([`text::tokens`]).
    pub fn tokens(&self) -> &[Token<'q>] {
        self.tokens.get_or_init(|| text::tokens(self.value()))
    }
    /// False when no phrase of `phrases` can occur in the text ([`PhraseSet::may_occur`]).
    /// The text's words are looked up among the lexicons' [`Parts`] once, for every list.
    pub fn may_occur(&self, phrases: &PhraseSet) -> bool {
        let found = || {
            self.parts
                .get_or_init(|| Parts::all().found_in(self.value()))
                .as_slice()
        };
        let capitals = || {
            *self
                .lone_capitals
                .get_or_init(|| lone_capitals(self.value()))
        };
        phrases.may_occur(found, capitals)
    }
    /// [`text::plain`] of the text.
    pub fn plain(&self) -> &str {
        self.plain.get_or_init(|| text::plain(self.value()))
    }
    /// [`text::normalize`] of the text.
    pub fn normalized(&self) -> &str {
        self.normalized
            .get_or_init(|| text::normalize_plain(self.plain()))
    }

    /// The content words of the prose with the numbers of their stems ([`Stems`]), in order:
    /// words outside code of four characters or more with a letter among them, stop words of
    /// `lexicon` left out.
    pub fn content_words(
        &self,
        lexicon: &'static Lexicon,
        stems: &Stems,
    ) -> &[(u32, Range<usize>)] {
        self.content.get_or_init(|| {
            self.tokens()
                .iter()
                .filter(|t| {
                    t.is_prose_word()
                        && t.text.chars().count() >= 4
                        && t.text.chars().any(char::is_alphabetic)
                })
                .filter_map(|t| Some((stems.content_id(lexicon, &t.lower)?, t.range.clone())))
                .collect()
        })
    }

    /// The prose claims of the text ([`quizkit_quantity::extract_claims_in`]), read in the
    /// language it is written in.
    pub fn claims(&self) -> &[ProseClaim] {
        self.claims.get_or_init(|| {
            quizkit_quantity::Operands::of(self.value()).map_or_else(Vec::new, |operands| {
                extract_claims_in(self.value(), lang(self.lang()), operands)
            })
        })
    }

    /// The numbers of the text that are quantities ([`quizkit_quantity::numbers`]), read in
    /// the language it is written in; Markdown code and math included (callers that skip them
    /// use [`crate::text::code_ranges`]).
    pub fn numbers(&self) -> &[ProseNumber] {
        self.numbers
            .get_or_init(|| quizkit_quantity::numbers(self.value(), lang(self.lang())))
    }

    /// The whole text as a quantity ([`quantities::option_quantity`]) read in `read`;
    /// remembered when that is the language it is written in.
    pub(crate) fn quantity(&self, read: Lang) -> Option<OptionQuantity> {
        if lang(self.lang()) != read {
            return quantities::option_quantity(self.value(), read);
        }
        *self
            .quantity
            .get_or_init(|| quantities::option_quantity(self.value(), read))
    }
}

/// One of the question's `checks` with what evaluating it gave.
pub(crate) type Checked<'q> = (&'q Spanned<String>, Result<Outcome, Error>);

/// A prose claim of one of the question's texts (in it), and what evaluating it gave.
#[derive(Debug)]
pub(crate) struct Claim<'a, 'q> {
    pub text: &'a Text<'q>,
    pub claim: &'a ProseClaim,
    pub verdict: &'a Verdict,
}

impl Claim<'_, '_> {
    /// Which text, its language and the claim as written, for a message.
    pub fn written(&self) -> (String, String, String) {
        let claim = self.text.value().get(self.claim.span.clone());
        let lang = self.text.lang().to_owned();
        (
            self.text.field.to_string(),
            lang,
            claim.unwrap_or_default().to_owned(),
        )
    }

    /// The claim's characters in the file.
    pub fn span(&self, cx: &Context<'_>, q: QuestionRef<'_>) -> Range<usize> {
        cx.locate(q.file, self.text.spanned(), self.claim.span.clone())
    }
}

/// The shared analysis of one question's texts (stem, options, feedback, explanation, in every
/// language written): see the module `analysis`.
#[derive(Debug)]
pub struct Analysis<'q> {
    question: &'q Question,
    stems: &'q Stems,
    /// Where each field's texts start in `texts`, by [`field_index`], and the end.
    starts: Vec<usize>,
    texts: Vec<Text<'q>>,
    checks: OnceCell<Vec<Checked<'q>>>,
    verdicts: OnceCell<Vec<(usize, usize, Verdict)>>,
}

/// The place of a field among a question's fields: the stem, then each option and its
/// feedback, then the explanation.
fn field_index(field: Field, options: usize) -> usize {
    match field {
        Field::Stem => 0,
        Field::Option(i) => 1 + 2 * i,
        Field::Feedback(i) => 2 + 2 * i,
        Field::Explanation => 1 + 2 * options,
    }
}

impl<'q> Analysis<'q> {
    /// The (not yet computed) analysis of `question`'s texts; content words take their stem
    /// numbers from `stems`.
    pub fn new(question: &'q Question, stems: &'q Stems) -> Self {
        let options = question.options.len();
        let field = |i: usize| -> (Field, Option<&'q Spanned<LocalizedText>>) {
            match i {
                0 => (Field::Stem, Some(&question.stem)),
                i if i == 1 + 2 * options => (Field::Explanation, question.explanation.as_ref()),
                i if i % 2 == 1 => (Field::Option(i / 2), Some(&question.options[i / 2].text)),
                i => (
                    Field::Feedback(i / 2 - 1),
                    question.options[i / 2 - 1].feedback.as_ref(),
                ),
            }
        };
        let mut starts = Vec::with_capacity(2 * options + 3);
        let mut texts = Vec::new();
        for i in 0..2 + 2 * options {
            starts.push(texts.len());
            let (field, text) = field(i);
            for entry in text.iter().flat_map(|t| &t.entries) {
                texts.push(Text::new(field, entry));
            }
        }
        starts.push(texts.len());
        Analysis {
            question,
            stems,
            starts,
            texts,
            checks: OnceCell::new(),
            verdicts: OnceCell::new(),
        }
    }

    /// The stem numbers content words are given ([`Text::content_words`]).
    pub fn stems(&self) -> &'q Stems {
        self.stems
    }
    /// Every language version of `field`, in the order written (none for a field the
    /// question does not have).
    pub fn texts(&self, field: Field) -> &[Text<'q>] {
        let options = self.question.options.len();
        if let Field::Option(i) | Field::Feedback(i) = field
            && i >= options
        {
            return &[];
        }
        let at = field_index(field, options);
        match (self.starts.get(at), self.starts.get(at + 1)) {
            (Some(&start), Some(&end)) => &self.texts[start..end],
            _ => &[],
        }
    }

    /// The version of `field` in `lang`: the entry [`LocalizedText::entry`] finds.
    pub fn text(&self, field: Field, lang: &str) -> Option<&Text<'q>> {
        self.texts(field).iter().find(|t| same_code(t.lang(), lang))
    }

    /// Each of the question's `checks` evaluated with the bank's claim options, for the claim
    /// rules (N001 to N004).
    pub(crate) fn checks(&self, cx: &Context<'_>) -> &[Checked<'q>] {
        self.checks.get_or_init(|| {
            let options = quantities::options(cx);
            self.question
                .checks
                .iter()
                .map(|c| (c, check(&c.value, &options)))
                .collect()
        })
    }

    /// Every prose claim of every text of the question, evaluated once with the bank's claim
    /// options, in reading order: the claim rules (N005, N006) report from these.
    pub(crate) fn claims<'a>(&'a self, cx: &Context<'_>) -> impl Iterator<Item = Claim<'a, 'q>> {
        let verdicts = self.verdicts.get_or_init(|| {
            let options = quantities::options(cx);
            let mut verdicts = Vec::new();
            for (t, text) in self.texts.iter().enumerate() {
                for (c, claim) in text.claims().iter().enumerate() {
                    verdicts.push((t, c, claim.evaluate(&options)));
                }
            }
            verdicts
        });
        verdicts.iter().map(|(t, c, verdict)| Claim {
            text: &self.texts[*t],
            claim: &self.texts[*t].claims()[*c],
            verdict,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::load_bank;

    /// Every text `Context::texts` yields is found by its field and language, and nothing
    /// else is.
    #[test]
    fn every_text_is_found_by_field_and_language() {
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
        let stems = Stems::default();
        let analysis = Analysis::new(question, &stems);
        let mut count = 0;
        for (field, text) in Context::texts(question) {
            for entry in &text.entries {
                let found = analysis
                    .text(field, &entry.lang.value)
                    .expect("found by field and language");
                assert_eq!(found.field, field);
                assert!(std::ptr::eq(found.entry, entry));
                assert_eq!(found.plain(), entry.text.value);
                count += 1;
            }
            assert_eq!(analysis.texts(field).len(), text.entries.len());
        }
        assert_eq!(count, 11);
        assert_eq!(analysis.texts.len(), count);
        assert!(analysis.text(Field::Feedback(1), "nl").is_none());
        assert!(analysis.text(Field::Feedback(2), "en").is_none());
        assert!(analysis.text(Field::Option(3), "nl").is_none());
        assert!(analysis.text(Field::Stem, "de").is_none());
        assert_eq!(
            analysis.text(Field::Explanation, "nl").map(Text::value),
            Some("Because.")
        );
    }
}
