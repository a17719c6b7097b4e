//! `unresolved-related` (Q006): `related` names a question that does not exist.

use quizkit_model::FileId;
use quizkit_model::load::TOPIC_FILE;
use quizkit_model::suggest::did_you_mean;

use crate::hash::FastSet;
use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule unresolved-related` prints.
pub const DOCS: &str = r#"## What it does
Finds entries of a question's `related` list that are not the id of any question in the bank,
or that are the question's own id. When a question file does not load, an id written in that
file is not reported: the loader's error is the finding, not every link to its questions.

## Why is this bad?
The practice site and the other exports link related questions by id; a mistyped or deleted
id becomes a dead link.

## Example
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = ["32", "64", "128"]
related = ["cache-levels"]

[[question]]
id = "cache-level"
stem = "Which level of the cache hierarchy is the smallest?"
answer = "A"
options = ["L1", "L2", "L3"]
```

## Use instead
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = ["32", "64", "128"]
related = ["cache-level"]

[[question]]
id = "cache-level"
stem = "Which level of the cache hierarchy is the smallest?"
answer = "A"
options = ["L1", "L2", "L3"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "Q006",
    name: "unresolved-related",
    level: Level::Error,
    summary: "`related` names a question id that is not in the bank.",
    docs: DOCS,
    check: Check::Bank(check),
};

enum UnresolvedRelated {
    Unknown {
        id: String,
        suggestion: Option<String>,
    },
    Itself {
        id: String,
    },
}

impl Violation for UnresolvedRelated {
    fn message(&self) -> String {
        match self {
            Self::Unknown { id, .. } => format!("no question in the bank has the id `{id}`"),
            Self::Itself { id } => format!("`{id}` is this question's own id"),
        }
    }
    fn label(&self) -> Option<String> {
        Some(match self {
            Self::Unknown { .. } => "unknown id".into(),
            Self::Itself { .. } => "relates to itself".into(),
        })
    }
    fn help(&self) -> Option<String> {
        Some(match self {
            Self::Unknown {
                suggestion: Some(s),
                ..
            } => format!("did you mean `{s}`?"),
            Self::Unknown { .. } => {
                "use the id of a question in this bank, or remove the entry".into()
            }
            Self::Itself { .. } => "remove it: a question is not related to itself".into(),
        })
    }
}

/// The texts of question files that contributed no question (they did not load).
fn unloaded_question_files<'a>(cx: &Context<'a>) -> Vec<&'a str> {
    let loaded: FastSet<FileId> = cx.questions.iter().map(|q| q.file).collect();
    cx.sources
        .iter()
        .enumerate()
        .filter(|(i, s)| {
            let parts = s.path.split('/').count();
            parts == 3
                && s.path.ends_with(".toml")
                && !s.path.ends_with(TOPIC_FILE)
                && !loaded.contains(&FileId(*i as u32))
        })
        .map(|(_, s)| s.text.as_str())
        .collect()
}

fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    // The ids are the bank's own strings: no need for SipHash's resistance to collisions.
    let mut ids: FastSet<&str> =
        FastSet::with_capacity_and_hasher(cx.questions.len(), Default::default());
    ids.extend(cx.questions.iter().map(|q| q.id.value.as_str()));
    let unloaded = unloaded_question_files(cx);
    for &q in &cx.questions {
        for related in &q.related {
            let v = if related.value == q.id.value {
                UnresolvedRelated::Itself {
                    id: related.value.clone(),
                }
            } else if ids.contains(related.value.as_str())
                || unloaded
                    .iter()
                    .any(|text| text.contains(&format!("\"{}\"", related.value)))
            {
                continue;
            } else {
                UnresolvedRelated::Unknown {
                    id: related.value.clone(),
                    suggestion: did_you_mean(&related.value, ids.iter().copied())
                        .map(str::to_owned),
                }
            };
            out.push(Finding::on(q, related.span.clone(), &v));
        }
    }
}
