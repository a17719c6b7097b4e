//! `duplicate-options` (K001): two options of a question say the same.

use quizkit_model::index_letter;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule duplicate-options` prints.
pub const DOCS: &str = r#"## What it does
Finds two options of one question that are the same text after normalizing case, white
space, typographic quotes and dashes, Markdown emphasis and code markers, Unicode
compatibility forms (NFKC) and punctuation at the end, and without a hyphen, a space or a point
between two letters: a compound written open, hyphenated or closed is one option (`Sint
Petersburg`, `Sint-Petersburg`, `Sintpetersburg`), and so is an abbreviation with points or
without (`M.L.A.`, `MLA`). Other punctuation inside the text, and a space between digits,
count: `1.5 GB` and `15 GB` are different options. An option that is code as a whole keeps
its punctuation, but for the kind of quotes (`` `'7'` `` and `` `"7"` `` are one option,
`` `"open access"` `` and `` `open* access*` `` two).

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

/// The characters of `text` without the hyphens, spaces and points between two letters: a
/// compound written open, with a hyphen or closed is the same option (`Sint Petersburg`,
/// `Sint-Petersburg`, `Sintpetersburg`), and so is an abbreviation with points or without
/// (`M.L.A.`, `MLA`); `-5` and `5`, `1 5` and `15`, `1.5` and `15` stay apart.
fn closed(text: &str) -> String {
    let letter = |c: Option<char>| c.is_some_and(char::is_alphabetic);
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let joins = matches!(c, '-' | ' ' | '.')
            && letter(out.chars().next_back())
            && letter(chars.peek().copied());
        if !joins {
            out.push(c);
        }
    }
    out
}

/// What an option that is code as a whole is compared by: its punctuation is what it says
/// (`` `"open access"` `` and `` `open* access*` `` are two searches), but not its case, its
/// spacing or its kind of quotes (`` `'7'` `` and `` `"7"` `` are one Python string).
fn code_key(code: &str) -> String {
    let words: Vec<&str> = code.split_whitespace().collect();
    format!("`{}`", words.join(" ").to_lowercase().replace('"', "'"))
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let mut reported: FxHashSet<(usize, usize)> = FxHashSet::default();
    for lang in cx.languages() {
        // Each option's closed text, and the first option that has it.
        let mut seen: FxHashMap<String, usize> = FxHashMap::default();
        for i in 0..q.options.len() {
            let Some(text) = a.text(Field::Option(i), lang) else {
                continue;
            };
            let value = text.value().trim();
            let key = match value.strip_prefix('`').and_then(|v| v.strip_suffix('`')) {
                Some(code) if !code.contains('`') => code_key(code),
                _ => closed(text.normalized()),
            };
            if key.is_empty() {
                continue;
            }
            let first = *seen.entry(key).or_insert(i);
            if first == i {
                continue;
            }
            if !reported.insert((first, i)) {
                continue;
            }
            let v = DuplicateOptions {
                first,
                second: i,
                lang: lang.to_owned(),
            };
            let mut finding = Finding::on(q, text.spanned().span.clone(), &v);
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
