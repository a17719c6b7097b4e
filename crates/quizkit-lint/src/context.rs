//! What a rule sees: the bank, its files, its questions in order, and helpers to point at the
//! exact characters of a finding.

use std::ops::{Deref, Range};
use std::sync::OnceLock;

use quizkit_model::{
    Allow, Bank, Category, FileId, LocalizedText, Question, SourceFile, Spanned, Topic,
    index_letter,
};

use crate::lexicon::Lexicon;
use crate::rules::missing_media::Link;
use crate::{Rule, Selection, text};

/// A question with where it stands in the bank.
#[derive(Debug, Clone, Copy)]
pub struct QuestionRef<'a> {
    /// Its position in [`Context::questions`], bank order.
    pub index: usize,
    /// The question.
    pub question: &'a Question,
    /// Its topic.
    pub topic: &'a Topic,
    /// Its category.
    pub category: &'a Category,
}

impl Deref for QuestionRef<'_> {
    type Target = Question;

    fn deref(&self) -> &Question {
        self.question
    }
}

/// One `allow` entry of a question, after the rules ran.
#[derive(Debug, Clone, Copy)]
pub struct AllowUse<'a> {
    /// The question that carries it.
    pub question: QuestionRef<'a>,
    /// The entry as written.
    pub allow: &'a Spanned<Allow>,
    /// The rule it names, when there is one by that code or name.
    pub rule: Option<&'static Rule>,
    /// Whether that rule ran.
    pub enabled: bool,
    /// Whether it suppressed a finding.
    pub used: bool,
}

/// Which text of a question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The stem.
    Stem,
    /// The option at this index.
    Option(usize),
    /// The feedback of the option at this index.
    Feedback(usize),
    /// The explanation.
    Explanation,
}

impl std::fmt::Display for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Field::Stem => f.write_str("the stem"),
            Field::Option(i) => write!(f, "option {}", index_letter(*i)),
            Field::Feedback(i) => write!(f, "the feedback of option {}", index_letter(*i)),
            Field::Explanation => f.write_str("the explanation"),
        }
    }
}

/// Everything rules may look at.
#[derive(Debug)]
pub struct Context<'a> {
    /// The bank.
    pub bank: &'a Bank,
    /// Its files, indexed by [`FileId`].
    pub sources: &'a [SourceFile],
    /// Every question, in bank order.
    pub questions: Vec<QuestionRef<'a>>,
    /// The rules that run and their severities.
    pub selection: &'a Selection,
    /// The bank's image links, found once for all the media rules
    /// ([`crate::rules::missing_media::links`]).
    pub(crate) image_links: OnceLock<Vec<Link<'a>>>,
}

impl<'a> Context<'a> {
    /// The context of a bank.
    pub fn new(bank: &'a Bank, sources: &'a [SourceFile], selection: &'a Selection) -> Self {
        let questions = bank
            .questions()
            .enumerate()
            .map(|(index, (category, topic, question))| QuestionRef {
                index,
                question,
                topic,
                category,
            })
            .collect();
        Context {
            bank,
            sources,
            questions,
            selection,
            image_links: OnceLock::new(),
        }
    }

    /// The bank's languages, the default first.
    pub fn languages(&self) -> impl Iterator<Item = &'a str> + 'a {
        self.bank.config.languages()
    }

    /// The text of a file ("" for an unknown file).
    pub fn source(&self, file: FileId) -> &'a str {
        self.sources
            .get(file.0 as usize)
            .map_or("", |s| s.text.as_str())
    }

    /// The span in `file` of bytes `range` of the string value `text`: the exact characters
    /// when the TOML string can be mapped back (escapes included), else the whole string.
    pub fn locate(
        &self,
        file: FileId,
        text: &Spanned<String>,
        range: Range<usize>,
    ) -> Range<usize> {
        text::locate(self.source(file), &text.span, &text.value, range)
    }

    /// The lexicon of a language, if quizkit has one.
    pub fn lexicon(&self, lang: &str) -> Option<&'static Lexicon> {
        Lexicon::get(lang)
    }

    /// The fewest options a question may have: `[lint] min_options`, default 3, at least 2.
    pub fn min_options(&self) -> usize {
        self.bank
            .config
            .lint
            .min_options
            .as_ref()
            .map_or(3, |m| m.value as usize)
            .max(2)
    }

    /// The question's texts with which field each is, in reading order.
    pub fn texts(
        q: &'a Question,
    ) -> impl Iterator<Item = (Field, &'a Spanned<LocalizedText>)> + 'a {
        std::iter::once((Field::Stem, &q.stem))
            .chain(q.options.iter().enumerate().flat_map(|(i, option)| {
                std::iter::once((Field::Option(i), &option.text))
                    .chain(option.feedback.as_ref().map(|f| (Field::Feedback(i), f)))
            }))
            .chain(q.explanation.as_ref().map(|e| (Field::Explanation, e)))
    }

    /// The single key of a single-choice question whose key names an existing option.
    pub fn single_key(q: &Question) -> Option<usize> {
        if q.is_multiple_response() {
            return None;
        }
        match q.key_indices().as_slice() {
            [key] => Some(*key),
            _ => None,
        }
    }
}
