//! `unresolved-related` (Q006): `related` names a question that does not exist.

use quizkit_model::load::TOPIC_FILE;
use quizkit_model::suggest::did_you_mean;
use quizkit_model::{FileId, Spanned};

use crate::hash::FastSet;
use crate::rules::duplicate_id::IdKey;
use crate::{Check, Context, Finding, Level, QuestionRef, Rule, Violation};

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
    // Every id as a key that holds it (`IdKey`), in bank order: the check of a question's own
    // id reads this list in order rather than the id's own memory, and the set compares keys
    // without going to the ids' memory either. The ids are the bank's own strings: no need for
    // SipHash's resistance to collisions.
    let keys: Vec<IdKey<'_>> = cx
        .questions
        .iter()
        .map(|q| IdKey::of(&q.id.value))
        .collect();
    let mut ids: FastSet<IdKey<'_>> =
        FastSet::with_capacity_and_hasher(keys.len(), Default::default());
    ids.extend(keys.iter().copied());
    let unloaded = unloaded_question_files(cx);
    // A batch of questions' entries at a time, looked up in a loop of their own: the lookups
    // go to the table's memory (megabytes at 100,000 questions) in an order no cache foresees,
    // and a short loop lets the processor overlap those trips rather than wait for each.
    let mut batch: Vec<(QuestionRef<'_>, &Spanned<String>, IdKey<'_>, bool)> = Vec::new();
    for questions in cx.questions.chunks(BATCH) {
        batch.clear();
        for &q in questions {
            let related = q.question.related.iter();
            batch.extend(related.map(|r| (q, r, IdKey::of(&r.value), false)));
        }
        for (_, _, key, known) in &mut batch {
            *known = ids.contains(key);
        }
        for &(q, related, key, known) in &batch {
            let v = if key == keys[q.index] {
                UnresolvedRelated::Itself {
                    id: related.value.clone(),
                }
            } else if known
                || unloaded
                    .iter()
                    .any(|text| text.contains(&format!("\"{}\"", related.value)))
            {
                continue;
            } else {
                // The suggestion is the nearest id, ties broken by the id itself: the order of
                // the candidates does not matter.
                let ids = cx.questions.iter().map(|q| q.id.value.as_str());
                UnresolvedRelated::Unknown {
                    id: related.value.clone(),
                    suggestion: did_you_mean(&related.value, ids).map(str::to_owned),
                }
            };
            out.push(Finding::on(q, related.span.clone(), &v));
        }
    }
}

/// Questions whose `related` entries are looked up together.
const BATCH: usize = 32;
