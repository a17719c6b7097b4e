//! `duplicate-id` (Q005): two questions with the same id.

use crate::{Check, Context, Finding, Level, Rule, Violation};
use rustc_hash::FxHashMap;

/// What `quizkit rule duplicate-id` prints.
pub const DOCS: &str = r#"## What it does
Finds question ids used more than once in the bank, in any file.

## Why is this bad?
The id is the question's identity everywhere: its URL on the practice site, its Anki GUID
and its Moodle idnumber. Two questions with one id overwrite each other on import, and a
learner's progress on one is counted for the other.

## Example
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = ["32", "64", "128"]

[[question]]
id = "cache-line"
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

[[question]]
id = "smallest-cache-level"
stem = "Which level of the cache hierarchy is the smallest?"
answer = "A"
options = ["L1", "L2", "L3"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "Q005",
    name: "duplicate-id",
    level: Level::Error,
    summary: "Two questions share an id.",
    docs: DOCS,
    check: Check::Bank(check),
};

struct DuplicateId {
    id: String,
}

impl Violation for DuplicateId {
    fn message(&self) -> String {
        format!("the id `{}` is already used by another question", self.id)
    }
    fn label(&self) -> Option<String> {
        Some("used again here".into())
    }
    fn help(&self) -> Option<String> {
        Some("give this question an id of its own; ids are forever (URLs, Anki GUIDs), so rename the newer one".into())
    }
}

fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let mut first: FxHashMap<&str, usize> = FxHashMap::default();
    for &q in &cx.questions {
        match first.get(q.id.value.as_str()) {
            None => {
                first.insert(&q.question.id.value, q.index);
            }
            Some(&original) => {
                let original = cx.questions[original];
                let v = DuplicateId {
                    id: q.id.value.clone(),
                };
                out.push(Finding::on(q, q.id.span.clone(), &v).with_related(
                    original.file,
                    original.id.span.clone(),
                    "first used here",
                ));
            }
        }
    }
}
