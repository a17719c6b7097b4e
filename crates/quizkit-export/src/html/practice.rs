//! The data of a topic's practice page: its questions rendered to HTML, and the strings the
//! script shows, as one JSON value for a `<script type="application/json">` block.

use std::collections::BTreeMap;

use quizkit_model::{Category, Topic};
use serde::Serialize;

use super::escape::relative_url;
use super::pages::SHORT_PRACTICE;
use super::{Cx, block, inline, refs};
use crate::Warning;

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
    questions: Vec<Item>,
}

/// One question.
#[derive(Debug, Serialize)]
struct Item {
    id: String,
    /// Its page, relative to the practice page.
    url: String,
    stem: String,
    options: Vec<Choice>,
    /// The 0-based indices of the right options.
    key: Vec<usize>,
    multiple: bool,
    /// Whether the script may show the options in another order.
    shuffle: bool,
    explanation: String,
}

/// One option.
#[derive(Debug, Serialize)]
struct Choice {
    html: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    feedback: Option<String>,
}

/// The practice data of `topic`; questions without a usable key are left out, with a warning.
pub fn data<'a>(
    cx: &'a Cx<'_>,
    category: &Category,
    topic: &Topic,
    storage_key: &'a str,
    warnings: &mut Vec<Warning>,
) -> Data<'a> {
    let from = cx.topic_path(category, topic, "practice.html");
    let mut questions = Vec::new();
    for question in &topic.questions {
        let key = question.key_indices();
        if key.is_empty() || question.options.len() < 2 {
            warnings.push(Warning {
                question: Some(question.id.value.clone()),
                message: "left out of practice: it needs at least two options and an answer key naming one of them".into(),
            });
            continue;
        }
        questions.push(Item {
            id: question.id.value.clone(),
            url: relative_url(
                &refs(&from),
                &refs(&cx.question_path(category, topic, question)),
            ),
            stem: block(cx.text(&question.stem)),
            options: question
                .options
                .iter()
                .map(|o| Choice {
                    html: inline(cx.text(&o.text)),
                    feedback: o.feedback.as_ref().map(|f| inline(cx.text(f))),
                })
                .collect(),
            key,
            multiple: question.is_multiple_response(),
            shuffle: cx.site.bank.shuffles(question),
            explanation: question
                .explanation
                .as_ref()
                .map(|e| block(cx.text(e)))
                .unwrap_or_default(),
        });
    }
    Data {
        storage_key,
        short: SHORT_PRACTICE,
        strings: &cx.s().script,
        questions,
    }
}
