//! `duplicate-stem` (B003): two questions ask the same or nearly the same.

use std::borrow::Cow;
use std::collections::HashMap;

use rayon::prelude::*;
use unicode_normalization::UnicodeNormalization;

use crate::hash::{FastMap, FastSet};
use crate::text::{numbers, tokens};
use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule duplicate-stem` prints.
pub const DOCS: &str = r#"## What it does
Finds questions whose stems are the same after normalizing case, Unicode and Markdown, or
nearly the same: a Jaccard similarity of at least 0.8 between their sets of word 3-shingles
(runs of three words), in any of the bank's languages. Near-duplicates whose numbers differ
("7B in FP16" vs "7B in INT4", "Which value…" with other figures) are deliberate variants and
are left alone. Candidates are found with a prefix-filtered inverted index, so the rule stays
linear-ish in the bank's size instead of comparing every pair.

## Why is this bad?
A learner meets the same question twice and the second one tests memory of the first; when
the keys differ, one of them is probably wrong. Duplicates also creep in when files are
merged.

## Example
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = ["32", "64", "128"]

[[question]]
id = "cache-line-size"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "A"
options = ["64", "256", "512"]
```

## Use instead
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = ["32", "64", "128"]

[[question]]
id = "cache-line-transfer"
stem = "What does a cache transfer between memory and the cache on a miss?"
answer = "A"
options = ["A whole line", "A single byte", "A whole page"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "B003",
    name: "duplicate-stem",
    level: Level::Warning,
    summary: "Two questions have the same or nearly the same stem (3-shingle Jaccard ≥ 0.8).",
    docs: DOCS,
    check: Check::Bank(check),
};

/// The Jaccard similarity of shingle sets from which two stems count as nearly the same.
pub const THRESHOLD: f64 = 0.8;

struct DuplicateStem {
    other: String,
    similarity: f64,
    lang: String,
}

impl Violation for DuplicateStem {
    fn message(&self) -> String {
        if self.similarity >= 1.0 {
            format!(
                "the stem is the same as that of `{}` (`{}`)",
                self.other, self.lang
            )
        } else {
            format!(
                "the stem is nearly the same as that of `{}` ({:.0}% of word triples shared, `{}`)",
                self.other,
                self.similarity * 100.0,
                self.lang
            )
        }
    }
    fn label(&self) -> Option<String> {
        Some(format!("same question as `{}`", self.other))
    }
    fn help(&self) -> Option<String> {
        Some("remove one of the two, or make them ask different things".into())
    }
}

/// A stem prepared for comparison.
struct Prepared {
    exact: String,
    shingles: Vec<u64>,
    numbers: Vec<String>,
}

/// The hash of a shingle. A `Cow<str>` hashes as its `str`, the same as a `String`.
fn hash(words: &[Cow<'_, str>]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    words.hash(&mut h);
    h.finish()
}

fn prepare(lang: &str, stem: &str) -> Prepared {
    let words: Vec<Cow<'_, str>> = tokens(stem)
        .into_iter()
        .filter(|t| t.word)
        .map(|t| {
            if t.lower.is_ascii() {
                t.lower
            } else {
                Cow::Owned(t.lower.nfkc().collect())
            }
        })
        .collect();
    let mut shingles: Vec<u64> = words.windows(3).map(hash).collect();
    shingles.sort_unstable();
    shingles.dedup();
    let mut nums: Vec<String> = numbers(lang, stem).into_iter().map(|n| n.value).collect();
    nums.sort();
    Prepared {
        exact: words.join(" "),
        shingles,
        numbers: nums,
    }
}

fn jaccard(a: &[u64], b: &[u64]) -> f64 {
    let (mut i, mut j, mut both) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                both += 1;
                i += 1;
                j += 1;
            }
        }
    }
    let union = a.len() + b.len() - both;
    if union == 0 {
        0.0
    } else {
        both as f64 / union as f64
    }
}

/// A hasher for keys that are already hashes (the shingles): it keeps the value as it is.
#[derive(Default)]
struct Prehashed(u64);

impl std::hash::Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A map keyed by shingle.
type ShingleMap<V> = HashMap<u64, V, std::hash::BuildHasherDefault<Prehashed>>;

/// Near-duplicate pairs (earlier, later, similarity) among the stems at positions `group`
/// (ascending) of `stems`, all with the same numbers, that are not exact duplicates.
///
/// AllPairs with prefix filtering. Shingles are ordered rarest first (within the group, ties by
/// value); two sets with Jaccard ≥ t share a shingle among the first |s| − ⌈t·|s|⌉ + 1 of each,
/// whatever the order, as long as both use the same one.
fn near_pairs(
    stems: &[(usize, Prepared)],
    group: &[usize],
    exact_pairs: &FastSet<(usize, usize)>,
    pairs: &mut Vec<(usize, usize, f64)>,
) {
    let mut frequency: ShingleMap<usize> = ShingleMap::default();
    for &pos in group {
        for &s in &stems[pos].1.shingles {
            *frequency.entry(s).or_default() += 1;
        }
    }
    let mut index: ShingleMap<Vec<usize>> = ShingleMap::default();
    let mut ordered = Vec::new();
    let mut candidates = Vec::new();
    for &pos in group {
        let (q, p) = &stems[pos];
        ordered.clear();
        ordered.extend_from_slice(&p.shingles);
        ordered.sort_by_key(|s| (frequency.get(s).copied().unwrap_or(0), *s));
        let prefix = ordered.len() - (THRESHOLD * ordered.len() as f64).ceil() as usize + 1;
        candidates.clear();
        for s in ordered.iter().take(prefix) {
            let list = index.entry(*s).or_default();
            candidates.extend_from_slice(list);
            list.push(pos);
        }
        candidates.sort_unstable();
        candidates.dedup();
        for &other in &candidates {
            let (oq, op) = &stems[other];
            if exact_pairs.contains(&(*oq, *q)) || op.numbers != p.numbers {
                continue;
            }
            let similarity = jaccard(&op.shingles, &p.shingles);
            if similarity >= THRESHOLD {
                pairs.push((*oq, *q, similarity));
            }
        }
    }
}

/// Pairs (earlier, later) of question indices with similar stems in one language, and their
/// similarity.
fn similar_pairs(stems: &[(usize, Prepared)]) -> Vec<(usize, usize, f64)> {
    let mut pairs = Vec::new();
    // Exact duplicates, including stems too short for shingles.
    let mut exact: FastMap<&str, usize> = FastMap::default();
    let mut exact_pairs = FastSet::default();
    for (q, p) in stems {
        if p.exact.is_empty() {
            continue;
        }
        match exact.get(p.exact.as_str()) {
            Some(&first) => {
                exact_pairs.insert((first, *q));
                pairs.push((first, *q, 1.0));
            }
            None => {
                exact.insert(&p.exact, *q);
            }
        }
    }
    // Near duplicates are only reported between stems with the same numbers, so each group of
    // stems with equal numbers is searched on its own: no candidate from another group is
    // generated only to be thrown away.
    let mut groups: FastMap<&[String], Vec<usize>> = FastMap::default();
    for (pos, (_, p)) in stems.iter().enumerate() {
        groups.entry(&p.numbers).or_default().push(pos);
    }
    let mut groups: Vec<Vec<usize>> = groups.into_values().collect();
    groups.sort_unstable_by_key(|g| g[0]);
    for group in &groups {
        near_pairs(stems, group, &exact_pairs, &mut pairs);
    }
    pairs
}

fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let mut reported = FastSet::default();
    for lang in cx.languages() {
        // Preparing a stem (tokens, shingles, numbers) is most of the rule's work and needs
        // no other stem: do it in parallel, in question order.
        let stems: Vec<(usize, Prepared)> = cx
            .questions
            .par_iter()
            .filter_map(|q| q.stem.get(lang).map(|s| (q.index, prepare(lang, s))))
            .collect();
        for (first, second, similarity) in similar_pairs(&stems) {
            if !reported.insert((first, second)) {
                continue;
            }
            let (a, b) = (cx.questions[first], cx.questions[second]);
            let (Some(a_entry), Some(b_entry)) = (a.stem.entry(lang), b.stem.entry(lang)) else {
                continue;
            };
            let v = DuplicateStem {
                other: a.id.value.clone(),
                similarity,
                lang: lang.to_owned(),
            };
            out.push(Finding::on(b, b_entry.text.span.clone(), &v).with_related(
                a.file,
                a_entry.text.span.clone(),
                format!("the stem of `{}`", a.id.value),
            ));
        }
    }
}
