//! Categories and topics: the folders of a bank.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::{FileId, LocalizedText, Question, Spanned};

/// `category.toml`: the metadata of a category folder.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "quizkit category.toml")]
pub struct CategoryMeta {
    /// The category's title.
    pub title: Option<Spanned<LocalizedText>>,
    /// A short description (Markdown).
    pub description: Option<Spanned<LocalizedText>>,
    /// Sort position among the bank's categories (lower first; then by folder name).
    pub order: Option<Spanned<i64>>,
}

/// `topic.toml`: the metadata of a topic folder.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "quizkit topic.toml")]
pub struct TopicMeta {
    /// The topic's title.
    pub title: Option<Spanned<LocalizedText>>,
    /// The introduction shown on the topic page (Markdown).
    pub summary: Option<Spanned<LocalizedText>>,
    /// The key points of the topic, one paragraph each (Markdown).
    #[serde(default)]
    pub key_points: Vec<Spanned<LocalizedText>>,
    /// Sort position among the category's topics (lower first; then by folder name).
    pub order: Option<Spanned<i64>>,
}

/// A category: a folder directly under the bank root.
#[derive(Debug, Clone, PartialEq)]
pub struct Category {
    /// The folder name, used in paths and URLs.
    pub slug: String,
    /// What `category.toml` says.
    pub meta: CategoryMeta,
    /// The `category.toml` file, when there is one.
    pub file: Option<FileId>,
    /// The topics, sorted.
    pub topics: Vec<Topic>,
}

/// A topic: a folder inside a category, holding question files.
#[derive(Debug, Clone, PartialEq)]
pub struct Topic {
    /// The folder name, used in paths and URLs.
    pub slug: String,
    /// What `topic.toml` says.
    pub meta: TopicMeta,
    /// The `topic.toml` file, when there is one.
    pub file: Option<FileId>,
    /// The questions: files in name order, questions in file order.
    pub questions: Vec<Question>,
}

impl Category {
    /// The title in `lang`, falling back to the folder name.
    pub fn title<'a>(&'a self, lang: &str) -> &'a str {
        self.meta
            .title
            .as_ref()
            .map(|t| t.get_or_first(lang))
            .unwrap_or(&self.slug)
    }
}

impl Topic {
    /// The title in `lang`, falling back to the folder name.
    pub fn title<'a>(&'a self, lang: &str) -> &'a str {
        self.meta
            .title
            .as_ref()
            .map(|t| t.get_or_first(lang))
            .unwrap_or(&self.slug)
    }
}
