//! `unresolved-related` (Q006): `related` names a question that does not exist.

use quizkit_model::FileId;
use quizkit_model::load::TOPIC_FILE;
use quizkit_model::suggest::did_you_mean;

use crate::{Check, Context, Finding, Level, Rule, Violation};
use rustc_hash::{FxHashMap, FxHashSet};

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
    let loaded: FxHashSet<FileId> = cx.questions.iter().map(|q| q.file).collect();
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
    let ids: FxHashSet<&str> = cx.questions.iter().map(|q| q.id.value.as_str()).collect();
    // Read only when an entry names no loaded question.
    let mut unloaded: Option<Vec<&str>> = None;
    let mut suggestions: FxHashMap<&str, Option<String>> = FxHashMap::default();
    for &q in &cx.questions {
        for related in &q.question.related {
            let v = if related.value == q.id.value {
                UnresolvedRelated::Itself {
                    id: related.value.clone(),
                }
            } else if ids.contains(related.value.as_str())
                || unloaded
                    .get_or_insert_with(|| unloaded_question_files(cx))
                    .iter()
                    .any(|text| text.contains(&format!("\"{}\"", related.value)))
            {
                continue;
            } else {
                // The nearest id, ties broken by the id itself: the order does not matter, and
                // an id named again gets the same one.
                let suggestion = suggestions
                    .entry(related.value.as_str())
                    .or_insert_with(|| {
                        let ids = cx.questions.iter().map(|q| q.id.value.as_str());
                        did_you_mean(&related.value, ids).map(str::to_owned)
                    });
                UnresolvedRelated::Unknown {
                    id: related.value.clone(),
                    suggestion: suggestion.clone(),
                }
            };
            out.push(Finding::on(q, related.span.clone(), &v));
        }
    }
}

#[cfg(test)]
mod tests {
    use quizkit_model::load::{Content, InputFile, load};

    use proptest::prelude::*;

    use crate::{Selection, lint};

    /// A bank of several files whose `related` entries name questions of their own file, of
    /// other files, themselves and no question: the findings, in order, are what a lookup of
    /// every entry among all the bank's ids gives, whichever file the named question is in.
    fn entries_resolve_across_files(draws: Vec<prop::sample::Index>) {
        let mut draws = draws.into_iter().cycle();
        let mut next = move |n: usize| draws.next().map_or(0, |d| d.index(n));
        let id = |file: usize, i: usize| format!("q{file}-{i}-{}", "x".repeat((file * 7 + i) % 30));
        let sizes = [1, 3, 10, 40, 2, 7];
        let mut files = vec![InputFile {
            path: "quizkit.toml".into(),
            content: Content::Bytes(b"id = \"b\"\nlanguages = [\"en\"]\n".to_vec()),
        }];
        let mut expected = Vec::new();
        for (file, &size) in sizes.iter().enumerate() {
            let mut text = String::new();
            for i in 0..size {
                let own = id(file, i);
                let mut related = Vec::new();
                for _ in 0..next(6) {
                    let other = next(sizes.len());
                    let entry = match next(5) {
                        0 => own.clone(),
                        1 => format!("missing-{}", next(3)),
                        2 => id(other, next(sizes[other])),
                        _ => id(file, next(size)),
                    };
                    if entry == own {
                        expected.push(format!("`{entry}` is this question's own id"));
                    } else if entry.starts_with("missing") {
                        expected.push(format!("no question in the bank has the id `{entry}`"));
                    }
                    related.push(format!("\"{entry}\""));
                }
                text.push_str(&format!(
                    "[[question]]\nid = \"{own}\"\nstem = \"Which?\"\nanswer = \"A\"\n\
                     options = [\"a\", \"b\", \"c\"]\nrelated = [{}]\n\n",
                    related.join(", ")
                ));
            }
            files.push(InputFile {
                path: format!("c/t{file}/questions.toml"),
                content: Content::Bytes(text.into_bytes()),
            });
        }
        let loaded = load(files);
        let bank = loaded.bank.as_ref().expect("the bank loads");
        let found: Vec<String> = lint(
            bank,
            &loaded.sources,
            &Selection::only(&["unresolved-related"]),
        )
        .into_iter()
        .map(|d| d.message)
        .collect();
        assert_eq!(found, expected);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]
        #[test]
        fn entries_resolve_across_files_whatever_they_name(
            draws in prop::collection::vec(any::<prop::sample::Index>(), 1..400),
        ) {
            entries_resolve_across_files(draws);
        }
    }
}
