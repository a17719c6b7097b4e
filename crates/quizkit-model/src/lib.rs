//! The question-bank model of quizkit.
//!
//! A bank is a folder: `quizkit.toml` at the root, one folder per category (with
//! `category.toml`), one folder per topic inside it (with `topic.toml`), and any number of
//! question files in each topic, each holding `[[question]]` tables. [`load()`] turns the files
//! into a [`Bank`] whose authored values carry their source spans, plus [`Diagnostic`]s for
//! everything wrong with them. [`schema`] generates the JSON Schemas editors use.

mod config;
mod diag;
pub mod format;
mod layout;
pub mod load;
pub mod media;
mod question;
pub mod render;
pub mod schema;
mod spanned;
pub mod suggest;
mod text;
mod topic;
pub mod write;

pub use config::{BankConfig, ExportConfig, LintConfig, SeverityName};
pub use diag::{Diagnostic, FileId, Related, Severity, SourceFile, sort_diagnostics};
pub use load::{Content, InputFile, Loaded, NotInPlace, load, reload};
pub use media::{Lookup, Media, MediaContent, MediaType};
pub use question::{
    Allow, AnswerKey, Choice, Difficulty, Question, QuestionFile, index_letter, letter_index,
};
pub use spanned::{ClearSpans, Spanned};
pub use text::{LangText, LocalizedText, same_code};
pub use topic::{Category, CategoryMeta, Topic, TopicMeta};

/// A Markdown text of a bank, with where it stands (see [`Bank::texts`]).
#[derive(Debug, Clone, Copy)]
pub struct TextRef<'a> {
    /// The category it belongs to.
    pub category: &'a Category,
    /// The topic, unless it is a category's text.
    pub topic: Option<&'a Topic>,
    /// The index in [`Bank::questions`] of the question it belongs to, if any.
    pub question: Option<usize>,
    /// The file it is written in, when there is one.
    pub file: Option<FileId>,
    /// The text.
    pub text: &'a Spanned<LocalizedText>,
}

impl TextRef<'_> {
    /// The folder its image links are resolved from first, relative to the bank root: the
    /// topic folder (`category/topic`), or the category folder for a category's text.
    pub fn dir(&self) -> String {
        match self.topic {
            Some(topic) => Bank::topic_dir(self.category, topic),
            None => self.category.slug.clone(),
        }
    }
}

/// A loaded question bank.
#[derive(Debug, Clone, PartialEq)]
pub struct Bank {
    /// What `quizkit.toml` says.
    pub config: BankConfig,
    /// The `quizkit.toml` file.
    pub config_file: FileId,
    /// The categories, sorted by `order`, then folder name.
    pub categories: Vec<Category>,
    /// The image files the texts name, as the CLI read them ([`media`]); empty after
    /// [`load()`] until the CLI fills it in.
    pub media: Media,
}

impl Bank {
    /// Every question with its category and topic, in bank order.
    pub fn questions(&self) -> impl Iterator<Item = (&Category, &Topic, &Question)> {
        self.categories.iter().flat_map(|c| {
            c.topics
                .iter()
                .flat_map(move |t| t.questions.iter().map(move |q| (c, t, q)))
        })
    }

    /// Every topic with its category, in bank order.
    pub fn topics(&self) -> impl Iterator<Item = (&Category, &Topic)> {
        self.categories
            .iter()
            .flat_map(|c| c.topics.iter().map(move |t| (c, t)))
    }

    /// The folder of a topic relative to the bank root (`category/topic`): where its question
    /// files are, and where their image links are resolved first.
    pub fn topic_dir(category: &Category, topic: &Topic) -> String {
        format!("{}/{}", category.slug, topic.slug)
    }

    /// Every Markdown text that may hold an image: each category's title and description and
    /// its topics' titles, summaries and key points, then every question's stem, options,
    /// feedback and explanation, in bank order.
    pub fn texts(&self) -> impl Iterator<Item = TextRef<'_>> {
        let at = |category, topic, question, file, text| TextRef {
            category,
            topic,
            question,
            file,
            text,
        };
        let metas = self.categories.iter().flat_map(move |c| {
            let own = c.meta.title.iter().chain(&c.meta.description);
            let own = own.map(move |text| at(c, None, None, c.file, text));
            let topics = c.topics.iter().flat_map(move |t| {
                let m = &t.meta;
                let texts = m.title.iter().chain(&m.summary).chain(&m.key_points);
                texts.map(move |text| at(c, Some(t), None, t.file, text))
            });
            own.chain(topics)
        });
        let questions = self
            .questions()
            .enumerate()
            .flat_map(move |(i, (c, t, q))| {
                let options = q
                    .options
                    .iter()
                    .flat_map(|o| std::iter::once(&o.text).chain(&o.feedback));
                let texts = std::iter::once(&q.stem)
                    .chain(options)
                    .chain(&q.explanation);
                texts.map(move |text| at(c, Some(t), Some(i), Some(q.file), text))
            });
        metas.chain(questions)
    }

    /// What an image link `dest` in a text of `topic` finds in the bank's media.
    pub fn image(&self, category: &Category, topic: &Topic, dest: &str) -> Lookup<'_> {
        self.media.lookup(&Self::topic_dir(category, topic), dest)
    }

    /// The number of questions.
    pub fn question_count(&self) -> usize {
        self.topics().map(|(_, t)| t.questions.len()).sum()
    }

    /// The bank's title in `lang`, falling back to its id.
    pub fn title<'a>(&'a self, lang: &str) -> &'a str {
        self.config
            .title
            .as_ref()
            .map(|t| t.get_or_first(lang))
            .unwrap_or(&self.config.id)
    }

    /// Whether a question's options may be shuffled.
    pub fn shuffles(&self, question: &Question) -> bool {
        question
            .shuffle
            .as_ref()
            .or(self.config.shuffle.as_ref())
            .is_none_or(|s| s.value)
    }
}
