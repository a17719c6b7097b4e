//! `combined-options` (F014): an option made of other options ("A and B").

use quizkit_model::{index_letter, letter_index};

use crate::lexicon::{Lexicon, PhraseMatch, find, option_matches};
use crate::text::Token;
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule combined-options` prints.
pub const DOCS: &str = r#"## What it does
Finds options that combine other options: "A en B", "zowel A als C", "Both A and B are
correct", "I, II en III", "beide antwoorden". The letters must name options of the question,
and the option may hold little else ("are correct", "zijn juist"), so a sentence that
mentions "matrices A and B" is not taken for one.

## Why is this bad?
Complex ("type K") options test reasoning about the options rather than the content, reward
test-wise elimination (knowing that A is wrong rules out "A and B"), and Haladyna, Downing and
Rodriguez advise against them.

## Example
```toml
[[question]]
id = "cache-levels"
stem = "Which caches does a typical x86 core have to itself?"
answer = "C"
shuffle = false
options = ["L1", "L2", "A and B"]
```

## Use instead
```toml
[[question]]
id = "cache-levels"
stem = "Which caches does a typical x86 core have to itself?"
answer = "B"
options = ["Only the L3 cache", "The L1 and L2 caches", "No cache at all"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F014",
    name: "combined-options",
    level: Level::Warning,
    summary: "An option combines other options (\"A and B\", \"I, II en III\").",
    docs: DOCS,
    check: Check::Question(check),
};

struct CombinedOptions {
    option: usize,
    phrase: String,
}

impl Violation for CombinedOptions {
    fn message(&self) -> String {
        format!(
            "option {} combines other options (\"{}\")",
            index_letter(self.option),
            self.phrase
        )
    }
    fn label(&self) -> Option<String> {
        Some("a combination of options".into())
    }
    fn help(&self) -> Option<String> {
        Some("ask about one thing per option; if several are right, make it a multiple-response question (`answer = [\"A\", \"B\"]`)".into())
    }
}

/// The combined-options phrases of an option whose letters name existing options and whose
/// other words are only filler ("are correct").
pub(crate) fn combined(lexicon: &Lexicon, toks: &[Token<'_>], options: usize) -> Vec<PhraseMatch> {
    let found = find(&lexicon.combined_options, toks);
    if found.is_empty() {
        return found;
    }
    let filler_only = toks.iter().enumerate().all(|(k, t)| {
        !t.word
            || t.code
            || found.iter().any(|m| m.tokens.contains(&k))
            || lexicon.combined_filler.contains(t.lower.as_ref())
    });
    if !filler_only {
        return Vec::new();
    }
    found
        .into_iter()
        .filter(|m| {
            m.letters
                .iter()
                .all(|(letter, _)| letter_index(&letter.to_string()).is_some_and(|i| i < options))
        })
        .collect()
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let matches = option_matches(
        cx,
        q,
        a,
        |l| [&l.combined_options],
        |lexicon, toks| combined(lexicon, toks, q.options.len()).into_iter().next(),
    );
    for (option, entry, m) in matches {
        let v = CombinedOptions {
            option,
            phrase: entry.text.value[m.range.clone()].to_owned(),
        };
        out.push(Finding::on(q, cx.locate(q.file, &entry.text, m.range), &v));
    }
}
