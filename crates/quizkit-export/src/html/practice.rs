//! The data of a topic's practice page: its questions rendered to HTML, and the strings the
//! script shows, as one JSON value for a `<script type="application/json">` block.

use std::collections::BTreeMap;

use quizkit_model::{Category, Topic};
use serde::Serialize;

use super::pages::SHORT_PRACTICE;
use super::{Cx, refs};
use crate::{Kind, Warning};

/// What `practice.js` reads.
#[derive(Debug, Serialize)]
pub struct Data<'a> {
    /// The `localStorage` key of the topic's state (the weak questions).
    #[serde(rename = "storageKey")]
    storage_key: &'a str,
    /// How many questions the short practice takes.
    short: usize,
    /// The UI strings of the script.
    strings: &'a BTreeMap<String, String>,
    /// The questions that can be practised, in topic order.
    questions: Vec<Item<'a>>,
}

/// One question.
#[derive(Debug, Serialize)]
struct Item<'a> {
    id: &'a str,
    /// Its page, relative to the practice page.
    url: String,
    stem: &'a str,
    options: Vec<Choice<'a>>,
    /// The 0-based indices of the right options.
    key: Vec<usize>,
    multiple: bool,
    /// Whether the script may show the options in another order.
    shuffle: bool,
    explanation: &'a str,
}

/// One option.
#[derive(Debug, Serialize)]
struct Choice<'a> {
    html: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    feedback: Option<&'a str>,
}

/// The practice data of `topic`; questions without a usable key are left out, with a warning.
pub fn data<'a>(
    cx: &'a Cx<'_>,
    (ci, ti): (usize, usize),
    category: &Category,
    topic: &'a Topic,
    storage_key: &'a str,
    warnings: &mut Vec<Warning>,
) -> Data<'a> {
    let from = cx.topic_path(category, topic, "practice.html");
    let from = refs(&from);
    let mut questions = Vec::new();
    for (qi, question) in topic.questions.iter().enumerate() {
        let key = question.key_indices();
        if key.is_empty() || question.options.len() < 2 {
            warnings.push(Warning {
                question: Some(question.id.value.clone()),
                message: "left out of practice: it needs at least two options and an answer key naming one of them".into(),
                kind: Kind::Fixable,
            });
            continue;
        }
        let text = cx.r.question(ci, ti, qi).practice();
        questions.push(Item {
            id: &question.id.value,
            url: cx.question_url(&from, category, topic, question),
            stem: &text.stem_block,
            options: text
                .options
                .iter()
                .zip(&text.feedback)
                .map(|(html, feedback)| Choice {
                    html,
                    feedback: feedback.as_deref(),
                })
                .collect(),
            key,
            multiple: question.is_multiple_response(),
            shuffle: cx.site.bank.shuffles(question),
            explanation: text.explanation.as_deref().unwrap_or_default(),
        });
    }
    Data {
        storage_key,
        short: SHORT_PRACTICE,
        strings: &cx.s().script,
        questions,
    }
}
