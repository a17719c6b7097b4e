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

/// True when no two options of `q` in `lang` can be the same after normalization, told from
/// their [`normalized_prefix`]es or else their [`normalized_fingerprint`]s, without
/// normalizing them: all are known and all differ.
fn all_differ(q: QuestionRef<'_>, lang: &str) -> bool {
    // Most options differ in their first letters: read those first, then whole texts.
    let prefixes: Option<Vec<u64>> = q
        .options
        .iter()
        .filter_map(|o| o.text.get(lang))
        .map(normalized_prefix)
        .collect();
    if let Some(mut prefixes) = prefixes {
        prefixes.sort_unstable();
        if prefixes.windows(2).all(|w| w[0] != w[1]) {
            return true;
        }
    }
    let mut fingerprints = Vec::with_capacity(q.options.len());
    for option in &q.options {
        if let Some(text) = option.text.get(lang) {
            match normalized_fingerprint(text) {
                Some(f) => fingerprints.push(f),
                None => return false,
            }
        }
    }
    fingerprints.sort_unstable();
    fingerprints.windows(2).all(|w| w[0] != w[1])
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
