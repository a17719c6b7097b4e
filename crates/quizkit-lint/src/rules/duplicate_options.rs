//! `duplicate-options` (K001): two options of a question say the same.

use quizkit_model::index_letter;

use crate::text::{normalized_fingerprint, normalized_prefix};
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule duplicate-options` prints.
pub const DOCS: &str = r#"## What it does
Finds two options of one question that are the same text after normalizing case, white
space, typographic quotes and dashes, Markdown emphasis and code markers, Unicode
compatibility forms (NFKC) and punctuation at the end. Punctuation inside the text counts:
`1.5 GB` and `15 GB` are different options.

## Why is this bad?
Two equal options are either both right (a question with two keys) or both wrong (a wasted
distractor), and a learner who spots the pair can eliminate them.

## Example
```toml
[[question]]
id = "fastest-memory"
stem = "Which memory is the fastest?"
answer = "A"
options = ["Registers", "DRAM", "**dram**."]
```

## Use instead
```toml
[[question]]
id = "fastest-memory"
stem = "Which memory is the fastest?"
answer = "A"
options = ["Registers", "DRAM", "SSD"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "K001",
    name: "duplicate-options",
    level: Level::Error,
    summary: "Two options of a question are the same after normalization.",
    docs: DOCS,
    check: Check::Question(check),
};

struct DuplicateOptions {
    first: usize,
    second: usize,
    lang: String,
}

impl Violation for DuplicateOptions {
    fn message(&self) -> String {
        format!(
            "options {} and {} say the same (`{}`)",
            index_letter(self.first),
            index_letter(self.second),
            self.lang
        )
    }
    fn label(&self) -> Option<String> {
        Some(format!("same as option {}", index_letter(self.first)))
    }
    fn help(&self) -> Option<String> {
        Some("rewrite one of them as a different distractor, or remove it".into())
    }
}

/// How many options' prefixes or fingerprints [`all_differ`] keeps on the stack: more than
/// most questions have.
const STACKED: usize = 8;

/// True when no two of `values` are equal: each against those before it for a few (no sort,
/// no heap), by sorting for many.
fn all_distinct(values: &mut [u64]) -> bool {
    if values.len() <= STACKED {
        return values
            .iter()
            .enumerate()
            .all(|(i, v)| !values[..i].contains(v));
    }
    values.sort_unstable();
    values.windows(2).all(|w| w[0] != w[1])
}

/// True when no two options of `q` in `lang` can be the same after normalization, told from
/// their [`normalized_prefix`]es or else their [`normalized_fingerprint`]s, without
/// normalizing them: all are known and all differ.
fn all_differ(q: QuestionRef<'_>, lang: &str) -> bool {
    let mut stacked = [0; STACKED];
    let mut heaped = Vec::new();
    let values: &mut [u64] = match stacked.get_mut(..q.options.len()) {
        Some(values) => values,
        None => {
            heaped.resize(q.options.len(), 0);
            &mut heaped
        }
    };
    // Most options differ in their first letters: read those first, then whole texts.
    let mut count = 0;
    let mut known = true;
    for text in q.options.iter().filter_map(|o| o.text.get(lang)) {
        let Some(prefix) = normalized_prefix(text) else {
            known = false;
            break;
        };
        values[count] = prefix;
        count += 1;
    }
    if known && all_distinct(&mut values[..count]) {
        return true;
    }
    count = 0;
    for text in q.options.iter().filter_map(|o| o.text.get(lang)) {
        let Some(fingerprint) = normalized_fingerprint(text) else {
            return false;
        };
        values[count] = fingerprint;
        count += 1;
    }
    all_distinct(&mut values[..count])
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    // A question has a handful of options: a list beats hashing.
    let mut reported: Vec<(usize, usize)> = Vec::new();
    for lang in cx.languages() {
        // Most options differ in their letters already: those need no normalizing.
        if all_differ(q, lang) {
            continue;
        }
        let mut seen: Vec<(&str, usize)> = Vec::new();
        for (i, option) in q.options.iter().enumerate() {
            let Some(entry) = option.text.entry(lang) else {
                continue;
            };
            let key = a.normalized(&entry.text.value);
            if key.is_empty() {
                continue;
            }
            match seen.iter().find(|(k, _)| *k == key) {
                None => seen.push((key, i)),
                Some(&(_, first)) => {
                    if reported.contains(&(first, i)) {
                        continue;
                    }
                    reported.push((first, i));
                    let v = DuplicateOptions {
                        first,
                        second: i,
                        lang: lang.to_owned(),
                    };
                    let mut finding = Finding::on(q, entry.text.span.clone(), &v);
                    if let Some(original) = q.options[first].text.entry(lang) {
                        finding = finding.with_related(
                            q.file,
                            original.text.span.clone(),
                            format!("option {}", index_letter(first)),
                        );
                    }
                    out.push(finding);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::xorshift;

    /// [`all_distinct`], pairwise on a few values and by sorting on more, against a count of
    /// the distinct values, on lists of every length up to twice [`STACKED`] drawn from few
    /// values, so that many repeat.
    #[test]
    fn all_distinct_counts_values() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut repeated = 0;
        for _ in 0..20_000 {
            let len = (xorshift(&mut state) % (2 * STACKED as u64 + 1)) as usize;
            let range = 1 + xorshift(&mut state) % 40;
            let mut values: Vec<u64> = (0..len).map(|_| xorshift(&mut state) % range).collect();
            let distinct = values
                .iter()
                .collect::<std::collections::BTreeSet<_>>()
                .len();
            repeated += usize::from(distinct < len);
            assert_eq!(
                all_distinct(&mut values.clone()),
                distinct == len,
                "{values:?}"
            );
            values.reverse();
            assert_eq!(all_distinct(&mut values), distinct == len, "{values:?}");
        }
        assert!(repeated > 5_000, "{repeated}");
    }
}
