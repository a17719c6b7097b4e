//! `duplicate-id` (Q005): two questions with the same id.

use std::collections::hash_map::Entry;

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
    // The ids are the bank's own strings: no need for SipHash's resistance to collisions. The
    // first question of each id by its index: the map stays small.
    let mut first: FxHashMap<IdKey<'_>, usize> =
        FxHashMap::with_capacity_and_hasher(cx.questions.len(), Default::default());
    // The keys of a batch of questions first, in a loop of their own: each reads an id's
    // memory, and a short loop lets the processor overlap those reads rather than wait for each.
    let mut keys = Vec::with_capacity(BATCH);
    for questions in cx.questions.chunks(BATCH) {
        keys.clear();
        keys.extend(questions.iter().map(|q| IdKey::of(&q.question.id.value)));
        for (&q, &key) in questions.iter().zip(&keys) {
            match first.entry(key) {
                Entry::Vacant(slot) => {
                    slot.insert(q.index);
                }
                Entry::Occupied(slot) => {
                    let original = cx.questions[*slot.get()];
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
}

/// Questions whose ids are read together.
const BATCH: usize = 32;

/// A question id as a key of a hash table, for the rules that look every id up: an id of up
/// to 23 bytes is held in the key itself, so that comparing keys does not go to the id's own
/// memory (at 100,000 questions, a cache miss for every comparison); a longer id is held by
/// reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum IdKey<'a> {
    /// The bytes, then zeros, with the length in the last byte.
    Short([u64; 3]),
    /// An id of 24 bytes or more.
    Long(&'a str),
}

impl<'a> IdKey<'a> {
    /// The key of `id`.
    pub(crate) fn of(id: &'a str) -> Self {
        let bytes = id.as_bytes();
        if bytes.len() >= 24 {
            return IdKey::Long(id);
        }
        let mut short = [0; 24];
        short[..bytes.len()].copy_from_slice(bytes);
        short[23] = bytes.len() as u8;
        let word = |i: usize| {
            let mut word = [0; 8];
            word.copy_from_slice(&short[8 * i..8 * i + 8]);
            u64::from_le_bytes(word)
        };
        IdKey::Short([word(0), word(1), word(2)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_equal_exactly_when_ids_are() {
        // Lengths around the 23 bytes held in the key, ids that differ only in their length
        // (a trailing NUL), in one byte, or in whether they are short.
        let mut ids: Vec<String> = vec![String::new(), "\0".into(), "a".into(), "a\0".into()];
        for len in [1, 7, 8, 9, 15, 16, 17, 22, 23, 24, 25, 40] {
            let base: String = (0..len)
                .map(|i| char::from(b'a' + (i % 26) as u8))
                .collect();
            ids.push(base.clone());
            ids.push(format!("{base}\0"));
            let mut changed = base.into_bytes();
            changed[len - 1] = b'-';
            ids.push(String::from_utf8(changed).unwrap());
        }
        ids.push("é".repeat(11));
        ids.push("é".repeat(12));
        for a in &ids {
            for b in &ids {
                assert_eq!(IdKey::of(a) == IdKey::of(b), a == b, "{a:?} {b:?}");
            }
        }
    }
}
