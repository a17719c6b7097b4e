//! A multiple-choice question.

use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;
use serde::de::{Deserializer, Error as _, MapAccess, SeqAccess, Visitor};

use crate::{FileId, LocalizedText, Spanned};

/// A question file: any number of `[[question]]` tables.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "quizkit question file")]
pub struct QuestionFile {
    /// The questions in this file, in order.
    #[serde(default)]
    pub question: Vec<Spanned<Question>>,
}

/// One multiple-choice question.
#[derive(Debug, Clone, PartialEq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// Stable identifier, unique in the bank: used in URLs, as Anki GUID and Moodle idnumber.
    /// Lowercase letters, digits and hyphens.
    #[schemars(regex(pattern = r"^[a-z0-9]+(-[a-z0-9]+)*$"))]
    pub id: Spanned<String>,
    /// The question itself (Markdown).
    pub stem: Spanned<LocalizedText>,
    /// The options, in order: the first is A, the second B, and so on.
    #[serde(default)]
    pub options: Vec<Spanned<Choice>>,
    /// The key: one letter for a single-choice question (`"A"`), a list for multiple response
    /// (`["A", "C"]`).
    pub answer: Option<Spanned<AnswerKey>>,
    /// Why the key is right and the distractors are wrong (Markdown).
    pub explanation: Option<Spanned<LocalizedText>>,
    /// Free-form tags (kebab-case).
    #[serde(default)]
    pub tags: Vec<Spanned<String>>,
    /// How hard the question is.
    pub difficulty: Option<Spanned<Difficulty>>,
    /// Ids of related questions in the bank.
    #[serde(default)]
    pub related: Vec<Spanned<String>>,
    /// Arithmetic claims the explanation relies on, checked by lint: `"7e9 * 16 B = 112 GB"`.
    #[serde(default)]
    pub checks: Vec<Spanned<String>>,
    /// Lint rules this question is exempt from, each with the reason.
    #[serde(default)]
    pub allow: Vec<Spanned<Allow>>,
    /// Whether targets may shuffle the options (default: the bank's `shuffle`).
    pub shuffle: Option<Spanned<bool>>,
    /// The file this question was read from; set by the loader.
    #[serde(skip)]
    #[schemars(skip)]
    pub file: FileId,
}

impl Question {
    /// A question built in code: `id` and `stem`, nothing else, with empty spans.
    pub fn new(id: impl Into<String>, stem: LocalizedText) -> Self {
        Question {
            id: Spanned::unspanned(id.into()),
            stem: Spanned::unspanned(stem),
            options: Vec::new(),
            answer: None,
            explanation: None,
            tags: Vec::new(),
            difficulty: None,
            related: Vec::new(),
            checks: Vec::new(),
            allow: Vec::new(),
            shuffle: None,
            file: FileId::default(),
        }
    }

    /// The 0-based indices of the options named by the key that exist.
    pub fn key_indices(&self) -> Vec<usize> {
        let Some(answer) = &self.answer else {
            return Vec::new();
        };
        answer
            .letters
            .iter()
            .filter_map(|l| letter_index(l))
            .filter(|&i| i < self.options.len())
            .collect()
    }

    /// True when the key names several options.
    pub fn is_multiple_response(&self) -> bool {
        self.answer.as_ref().is_some_and(|a| a.multiple)
    }
}

/// The 0-based index of an option letter (`"A"` → 0), for letters A–Z.
pub fn letter_index(letter: &str) -> Option<usize> {
    let mut chars = letter.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ 'A'..='Z'), None) => Some(c as usize - 'A' as usize),
        _ => None,
    }
}

/// The letter of a 0-based option index (0 → `'A'`).
pub fn index_letter(index: usize) -> char {
    char::from(b'A' + (index % 26) as u8)
}

/// How hard a question is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// Recall of a fact.
    Easy,
    /// Understanding or a short application.
    Medium,
    /// Analysis or a multi-step calculation.
    Hard,
}

/// A suppression of one lint rule on one question.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Allow {
    /// The rule's code or name (`K003`, `longest-option-is-key`).
    pub rule: Spanned<String>,
    /// Why the rule does not apply here.
    pub reason: Spanned<String>,
}

/// The answer key: the letters of the correct options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerKey {
    /// The letters as written (`"A"`), each with its span.
    pub letters: Vec<Spanned<String>>,
    /// True when written as a list (multiple response).
    pub multiple: bool,
}

impl AnswerKey {
    /// A single-choice key: one letter (`"A"`).
    pub fn single(letter: char) -> Self {
        AnswerKey {
            letters: vec![Spanned::unspanned(letter.to_string())],
            multiple: false,
        }
    }

    /// A multiple-response key: a list of letters (`["A", "C"]`).
    pub fn list(letters: impl IntoIterator<Item = char>) -> Self {
        AnswerKey {
            letters: letters
                .into_iter()
                .map(|l| Spanned::unspanned(l.to_string()))
                .collect(),
            multiple: true,
        }
    }
}

impl<'de> Deserialize<'de> for AnswerKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;

        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = AnswerKey;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an option letter such as \"A\", or a list of letters")
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(AnswerKey {
                    // The span is set by the loader from the enclosing `Spanned<AnswerKey>`.
                    letters: vec![Spanned::new(0..0, v.to_owned())],
                    multiple: false,
                })
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut letters = Vec::new();
                while let Some(letter) = seq.next_element::<Spanned<String>>()? {
                    letters.push(letter);
                }
                Ok(AnswerKey {
                    letters,
                    multiple: true,
                })
            }
        }

        deserializer.deserialize_any(KeyVisitor)
    }
}

impl JsonSchema for AnswerKey {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "AnswerKey".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The letter of the correct option, or a list of letters for a multiple-response question.",
            "anyOf": [
                { "type": "string", "pattern": "^[A-Z]$" },
                { "type": "array", "items": { "type": "string", "pattern": "^[A-Z]$" }, "minItems": 1, "uniqueItems": true }
            ]
        })
    }
}

/// One option of a question, with optional feedback shown when a learner picks it.
///
/// Written as a text (`nl = "…"`, `en = "…"`, or a plain string) or as a table with `text` and
/// `feedback`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The option's text (Markdown).
    pub text: Spanned<LocalizedText>,
    /// Feedback for a learner who picks this option (Markdown).
    pub feedback: Option<Spanned<LocalizedText>>,
}

impl Choice {
    /// An option built in code: its text, no feedback.
    pub fn new(text: LocalizedText) -> Self {
        Choice {
            text: Spanned::unspanned(text),
            feedback: None,
        }
    }

    /// The option with `feedback` for a learner who picks it.
    pub fn with_feedback(mut self, feedback: LocalizedText) -> Self {
        self.feedback = Some(Spanned::unspanned(feedback));
        self
    }
}

impl<'de> Deserialize<'de> for Choice {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ChoiceVisitor;

        impl<'de> Visitor<'de> for ChoiceVisitor {
            type Value = Choice;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an option: a string, a table keyed by language, or a table with `text` and `feedback`")
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                let text = LocalizedText::deserialize(serde::de::value::StrDeserializer::new(v))?;
                Ok(Choice {
                    text: Spanned::new(0..0, text),
                    feedback: None,
                })
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let Some(first) = map.next_key::<Spanned<String>>()? else {
                    return Err(A::Error::custom("an option needs a text"));
                };
                if first.value != "text" && first.value != "feedback" {
                    let text = LocalizedText::from_lang_map(first, &mut map)?;
                    return Ok(Choice {
                        text: Spanned::new(0..0, text),
                        feedback: None,
                    });
                }
                let mut text = None;
                let mut feedback = None;
                let mut key = Some(first);
                while let Some(k) = key {
                    match k.value.as_str() {
                        "text" if text.is_none() => text = Some(map.next_value()?),
                        "feedback" if feedback.is_none() => feedback = Some(map.next_value()?),
                        "text" | "feedback" => {
                            return Err(A::Error::custom(format!("duplicate field `{}`", k.value)));
                        }
                        other => {
                            return Err(A::Error::unknown_field(other, &["text", "feedback"]));
                        }
                    }
                    key = map.next_key::<Spanned<String>>()?;
                }
                let text = text.ok_or_else(|| A::Error::missing_field("text"))?;
                Ok(Choice { text, feedback })
            }
        }

        deserializer.deserialize_any(ChoiceVisitor)
    }
}

impl JsonSchema for Choice {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Choice".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let text = generator.subschema_for::<LocalizedText>();
        json_schema!({
            "description": "An option: its text, or a table with the text and feedback for a learner who picks it.",
            "anyOf": [
                text,
                {
                    "type": "object",
                    "properties": {
                        "text": text,
                        "feedback": text
                    },
                    "required": ["text"],
                    "additionalProperties": false
                }
            ]
        })
    }
}
