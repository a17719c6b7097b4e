//! `duplicate-stem` (B003): two questions ask the same or nearly the same.

use std::borrow::Cow;
use std::hash::{Hash, Hasher};

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfkc_quick};

use crate::text::{self, numbers};
use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule duplicate-stem` prints.
pub const DOCS: &str = r#"## What it does
Finds questions whose stems are the same after normalizing case, Unicode and Markdown, or
nearly the same: a Jaccard similarity of at least 0.8 between their sets of word 3-shingles
(runs of three words), in any of the bank's languages. Near-duplicates whose numbers differ
("7B in FP16" vs "7B in INT4", "Which value…" with other figures) are deliberate variants and
are left alone. Candidates are found with a prefix-filtered inverted index over 32-bit
fingerprints of the shingles, so the rule stays linear-ish in the bank's size instead of
comparing every pair, and every pair found is confirmed on the shingles themselves.

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
#[derive(Debug)]
struct Stem {
    /// Its question's index.
    question: usize,
    /// Its words as compared for an exact duplicate: folded ([`fold`]), joined by spaces.
    exact: String,
    /// The hashes of its word 3-shingles, sorted, each once.
    shingles: Vec<u64>,
    /// Its numbers' canonical values ([`numbers`]), sorted: near duplicates must agree on them.
    numbers: Vec<String>,
}

/// A word in lower case, in Unicode compatibility form (NFKC) when it is not ASCII.
fn fold(word: &str) -> Cow<'_, str> {
    let lower = crate::text::lowercase(word);
    if lower.is_ascii() || is_nfkc_quick(lower.chars()) == IsNormalized::Yes {
        lower
    } else {
        Cow::Owned(lower.nfkc().collect())
    }
}

/// The hash of a run of words.
fn shingle_hash(words: &[Cow<'_, str>]) -> u64 {
    let mut hasher = FxHasher::default();
    words.hash(&mut hasher);
    hasher.finish()
}

/// The 32-bit fingerprint of a shingle's hash, which the search indexes.
fn fingerprint(shingle: u64) -> u32 {
    (shingle >> 32) as u32
}

impl Stem {
    fn new(question: usize, lang: &str, text: &str) -> Stem {
        // The words ([`text::words`], code included), folded ([`fold`]): an ASCII text is
        // lowered once, whole, as its words' case does not move their boundaries.
        let lower;
        let words: Vec<Cow<'_, str>> = if text.is_ascii() {
            lower = text.to_ascii_lowercase();
            text::words(&lower).map(Cow::Borrowed).collect()
        } else {
            text::words(text).map(fold).collect()
        };
        let mut shingles: Vec<u64> = words.windows(3).map(shingle_hash).collect();
        shingles.sort_unstable();
        shingles.dedup();
        let mut numbers: Vec<String> = numbers(lang, text).into_iter().map(|n| n.value).collect();
        numbers.sort_unstable();
        Stem {
            question,
            exact: words.join(" "),
            shingles,
            numbers,
        }
    }
}

/// The Jaccard similarity of two sorted sets when it is at least [`THRESHOLD`] (4/5): when
/// they share at least 4/9 of `|a| + |b|`. `None` as soon as the members left cannot get there.
fn similarity(a: &[u64], b: &[u64]) -> Option<f64> {
    let need = (4 * (a.len() + b.len())).div_ceil(9).max(1);
    let (mut i, mut j, mut both) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        if both + (a.len() - i).min(b.len() - j) < need {
            return None;
        }
        both += usize::from(a[i] == b[j]);
        let (x, y) = (a[i], b[j]);
        i += usize::from(x <= y);
        j += usize::from(y <= x);
    }
    (both >= need).then(|| both as f64 / (a.len() + b.len() - both) as f64)
}

/// How many of a set's first members (in the search's order) another set with a Jaccard
/// similarity of at least [`THRESHOLD`] (4/5) must share one of: `len − ⌈4·len/5⌉ + 1`.
fn prefix_len(len: usize) -> usize {
    len - (4 * len).div_ceil(5) + 1
}

/// How many of its first members a set is indexed by: a set `x` at least as large needs an
/// overlap of `⌈8·len/9⌉` (from `t/(1+t)·(|x| + len)` with t = 4/5), so one of the first
/// `len − ⌈8·len/9⌉ + 1` is shared with `x`'s [`prefix_len`] first ones.
fn index_len(len: usize) -> usize {
    len - (8 * len).div_ceil(9) + 1
}

/// Pairs (earlier, later) of positions in `stems` whose stems are exact duplicates: the first
/// stem with a text and each later one with the same.
fn exact_pairs(stems: &[Stem]) -> Vec<(usize, usize)> {
    let mut first: FxHashMap<&str, usize> =
        FxHashMap::with_capacity_and_hasher(stems.len(), Default::default());
    let mut pairs = Vec::new();
    for (at, stem) in stems.iter().enumerate() {
        if stem.exact.is_empty() {
            continue;
        }
        match first.get(stem.exact.as_str()) {
            Some(&f) => pairs.push((f, at)),
            None => {
                first.insert(&stem.exact, at);
            }
        }
    }
    pairs
}

/// Near-duplicate pairs (earlier, later, similarity) among the stems at `group` (positions
/// in `stems`, ascending), skipping the pairs in `exact`; ordered by the later stem, then the
/// earlier one.
///
/// A prefix-filtered inverted index (AllPairs): each stem's shingle fingerprints are ordered
/// rarest first within the group, and two sets that are similar enough share a fingerprint
/// among the first [`prefix_len`] of the larger and the first [`index_len`] of the smaller.
/// Stems are probed smallest first against the prefixes indexed so far; a candidate whose
/// first shared shingle comes too late in either prefix to leave enough overlap is dropped
/// (PPJoin's positional filter), and the others are confirmed on the shingles themselves.
fn near_pairs(
    stems: &[Stem],
    group: &[usize],
    exact: &FxHashSet<(usize, usize)>,
) -> Vec<(usize, usize, f64)> {
    let shingles: usize = group.iter().map(|&at| stems[at].shingles.len()).sum();
    let mut frequency: FxHashMap<u32, u32> =
        FxHashMap::with_capacity_and_hasher(shingles, Default::default());
    for &at in group {
        for &s in &stems[at].shingles {
            *frequency.entry(fingerprint(s)).or_default() += 1;
        }
    }
    // Each stem's prefix in one order of all shingles, rarest fingerprint first: two stems
    // similar enough share a shingle in their prefixes.
    let prefixes: Vec<Vec<u64>> = group
        .iter()
        .map(|&at| {
            let mut ordered: Vec<(u32, u64)> = (stems[at].shingles.iter())
                .map(|&s| (frequency[&fingerprint(s)], s))
                .collect();
            ordered.sort_unstable();
            ordered.truncate(prefix_len(ordered.len()));
            ordered.into_iter().map(|(_, s)| s).collect()
        })
        .collect();
    let mut order: Vec<usize> = (0..group.len()).collect();
    order.sort_by_key(|&k| (stems[group[k]].shingles.len(), k));
    // By fingerprint, the members whose indexed prefix has a shingle with it, and where.
    let mut index: FxHashMap<u32, Vec<(usize, usize)>> = FxHashMap::default();
    // The stem each member was last a candidate of, so that a pair is looked at once.
    let mut candidate_of = vec![usize::MAX; group.len()];
    let mut found = Vec::new();
    for &k in &order {
        let x = &stems[group[k]].shingles;
        for (i, shingle) in prefixes[k].iter().enumerate() {
            for &(other, j) in index.get(&fingerprint(*shingle)).into_iter().flatten() {
                // Another shingle with the same fingerprint is not a shared one.
                if prefixes[other][j] != *shingle
                    || std::mem::replace(&mut candidate_of[other], k) == k
                {
                    continue;
                }
                let y = &stems[group[other]].shingles;
                // Length filter: `y` is no larger than `x`, and their similarity at most |y|/|x|.
                // Positional filter: this is the first shingle they share in the prefixes'
                // order (an earlier one would have been met first), so they share at most it
                // and those after it. A similarity of 4/5 needs an overlap of 4/9·(|x| + |y|).
                let most = 1 + (x.len() - i - 1).min(y.len() - j - 1);
                if 5 * y.len() < 4 * x.len() || 9 * most < 4 * (x.len() + y.len()) {
                    continue;
                }
                let (earlier, later) = (k.min(other), k.max(other));
                if let Some(similarity) = similarity(x, y)
                    && !exact.contains(&(group[earlier], group[later]))
                {
                    found.push((later, earlier, similarity));
                }
            }
        }
        let indexed = index_len(x.len());
        for (j, &shingle) in prefixes[k].iter().take(indexed).enumerate() {
            index.entry(fingerprint(shingle)).or_default().push((k, j));
        }
    }
    found.sort_unstable_by_key(|&(later, earlier, _)| (later, earlier));
    found
        .into_iter()
        .map(|(later, earlier, similarity)| (group[earlier], group[later], similarity))
        .collect()
}

/// Pairs (earlier, later) of positions in `stems` with similar stems in one language, and
/// their similarity: the exact duplicates, then the near duplicates of each group of stems
/// with the same numbers (groups in the order of their first stem).
fn similar_pairs(stems: &[Stem]) -> Vec<(usize, usize, f64)> {
    let exact = exact_pairs(stems);
    let mut pairs: Vec<(usize, usize, f64)> = exact.iter().map(|&(a, b)| (a, b, 1.0)).collect();
    let exact: FxHashSet<(usize, usize)> = exact.into_iter().collect();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut group_of: FxHashMap<&[String], usize> = FxHashMap::default();
    for (at, stem) in stems.iter().enumerate() {
        let g = *group_of.entry(&stem.numbers).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(at);
    }
    let near: Vec<Vec<(usize, usize, f64)>> = groups
        .par_iter()
        .filter(|group| group.len() >= 2)
        .map(|group| near_pairs(stems, group, &exact))
        .collect();
    pairs.extend(near.into_iter().flatten());
    pairs
}

/// Finds the duplicate stems of each language (the languages in parallel) and reports each
/// pair of questions once, in the first language that pairs them.
fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let languages: Vec<&str> = cx.languages().collect();
    let found: Vec<Vec<(usize, usize, f64)>> = languages
        .par_iter()
        .map(|&lang| {
            let stems: Vec<Stem> = cx
                .questions
                .iter()
                .filter_map(|q| Some(Stem::new(q.index, lang, q.stem.get(lang)?)))
                .collect();
            similar_pairs(&stems)
                .into_iter()
                .map(|(a, b, similarity)| (stems[a].question, stems[b].question, similarity))
                .collect()
        })
        .collect();
    let mut reported = FxHashSet::default();
    for (&lang, pairs) in languages.iter().zip(found) {
        for (first, second, similarity) in pairs {
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The Jaccard similarity of two sorted sets, computed in full.
    fn jaccard(a: &[u64], b: &[u64]) -> f64 {
        let both = a.iter().filter(|s| b.binary_search(s).is_ok()).count();
        let union = a.len() + b.len() - both;
        if union == 0 {
            0.0
        } else {
            both as f64 / union as f64
        }
    }

    /// Stem texts from a small vocabulary with a few numbers, many of them copies of earlier
    /// ones with a word replaced, dropped or added, or in capitals: pairs fall on both sides
    /// of the threshold, in the same and in different number groups, and some are exact
    /// duplicates.
    fn edited_stems() -> impl Strategy<Value = Vec<String>> {
        let word = prop::sample::select(vec![
            "how",
            "many",
            "bytes",
            "does",
            "a",
            "cache",
            "line",
            "hold",
            "which",
            "value",
            "fits",
            "the",
            "measurement",
            "best",
            "of",
            "in",
            "x86",
            "FP16",
            "don't",
            "page",
            "size",
            "when",
            "is",
            "DMA",
            "7",
            "250",
            "1,000",
            "3.5",
            "Één",
            "`code`",
        ]);
        let fresh = prop::collection::vec(word.clone(), 0..26);
        let edit = (
            any::<prop::sample::Index>(),
            0..4usize,
            any::<prop::sample::Index>(),
            word,
        );
        (
            prop::collection::vec(fresh, 1..6),
            prop::collection::vec(edit, 0..60),
        )
            .prop_map(|(mut stems, edits)| {
                for (from, kind, at, word) in edits {
                    let mut words = from.get(&stems).clone();
                    let at = at.index(words.len() + 1);
                    match kind {
                        0 if at < words.len() => words[at] = word,
                        1 if at < words.len() => {
                            words.remove(at);
                        }
                        2 => words.insert(at, word),
                        _ => {}
                    }
                    stems.push(words);
                }
                stems
                    .iter()
                    .enumerate()
                    .map(|(i, w)| {
                        let text = w.join(" ") + "?";
                        if i % 7 == 3 {
                            text.to_uppercase()
                        } else {
                            text
                        }
                    })
                    .collect()
            })
    }

    proptest! {
        /// The search finds exactly what comparing every pair finds: the first stem with an
        /// exact text pairs with each later one; any other pair with the same numbers whose
        /// shingle sets are similar enough is a near duplicate.
        #[test]
        fn similar_pairs_are_all_the_similar_pairs(texts in edited_stems()) {
            for lang in ["en", "nl"] {
                let stems: Vec<Stem> =
                    texts.iter().enumerate().map(|(q, t)| Stem::new(q, lang, t)).collect();
                let mut found = similar_pairs(&stems);
                found.sort_by_key(|a| (a.0, a.1));
                let mut expected = Vec::new();
                for b in 0..stems.len() {
                    let first = (0..b).find(|&a| {
                        !stems[b].exact.is_empty() && stems[a].exact == stems[b].exact
                    });
                    for a in 0..b {
                        if Some(a) == first {
                            expected.push((a, b, 1.0));
                            continue;
                        }
                        let similarity = jaccard(&stems[a].shingles, &stems[b].shingles);
                        if similarity >= THRESHOLD && stems[a].numbers == stems[b].numbers {
                            expected.push((a, b, similarity));
                        }
                    }
                }
                expected.sort_by_key(|a| (a.0, a.1));
                prop_assert_eq!(found, expected);
            }
        }
    }

    #[test]
    fn words_fold_case_and_compatibility_forms() {
        let stem = Stem::new(0, "en", "Wat is **ﬁle** `X`, 1,5?");
        assert_eq!(stem.exact, "wat is file x 1 5");
        assert_eq!(stem.numbers, ["1.5"]);
        assert_eq!(stem.shingles.len(), 4);
        assert_eq!(jaccard(&stem.shingles, &stem.shingles), 1.0);
        assert_eq!(jaccard(&[], &[]), 0.0);
        assert_eq!(similarity(&stem.shingles, &stem.shingles), Some(1.0));
        assert_eq!(similarity(&stem.shingles, &stem.shingles[1..]), None);
        assert_eq!(similarity(&[], &[]), None);
    }
}
