//! `true-false-options` (F006): a multiple-choice question whose options are only truth
//! values.

use crate::lexicon::find;
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule true-false-options` prints.
pub const DOCS: &str = r#"## What it does
Finds questions whose every option is only a truth value: "juist" / "onjuist", "waar" /
"niet waar", "ja" / "nee", "true" / "false", "yes" / "no" (the `true_false` phrases of the
language in `lexicons/`).

## Why is this bad?
A true/false item is guessed right half of the time and usually tests an isolated fact; it
is one of the 19 flaws of Tarrant et al. Asking which of several statements is true tests the
same knowledge with a third of the guessing.

## Example
```toml
[[question]]
id = "cache-inclusive"
stem = "True or false: every L1 cache line is also in the L3 cache on all processors."
answer = "B"
options = ["True", "False"]
```

## Use instead
```toml
[[question]]
id = "cache-inclusive"
stem = "What does an inclusive L3 cache guarantee?"
answer = "A"
options = [
  "Every line in L1 or L2 is also in L3",
  "Every line in L3 is also in L1",
  "No line is in more than one level",
]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F006",
    name: "true-false-options",
    level: Level::Warning,
    summary: "The options are only true/false, yes/no.",
    docs: DOCS,
    check: Check::Question(check),
};

struct TrueFalseOptions {
    options: Vec<String>,
}

impl Violation for TrueFalseOptions {
    fn message(&self) -> String {
        format!(
            "the options are only truth values ({}): a true/false question in disguise",
            self.options.join(" / ")
        )
    }
    fn label(&self) -> Option<String> {
        Some("only true or false".into())
    }
    fn help(&self) -> Option<String> {
        Some("ask which of several statements is correct, with the true statement and plausible false ones as options".into())
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    if let Some((lang, texts)) = truth_values(cx, q, a) {
        let first = &q.options[0].text;
        let span = first
            .entry(lang)
            .map_or(first.span.clone(), |e| e.text.span.clone());
        out.push(Finding::on(q, span, &TrueFalseOptions { options: texts }));
    }
}

/// The first of the bank's languages in which every option of `q` (two or more) is only a
/// truth value, with the options' texts: a true/false question.
pub(crate) fn truth_values<'c>(
    cx: &Context<'c>,
    q: QuestionRef<'_>,
    a: &Analysis<'_>,
) -> Option<(&'c str, Vec<String>)> {
    if q.options.len() < 2 {
        return None;
    }
    for lang in cx.languages() {
        let Some(lexicon) = cx.lexicon(lang) else {
            continue;
        };
        let mut texts = Vec::new();
        for i in 0..q.options.len() {
            let Some(text) = a.text(Field::Option(i), lang) else {
                break;
            };
            // No truth value at all: not one alone either.
            if !text.may_occur(&lexicon.true_false) {
                break;
            }
            let toks = text.tokens();
            let words: Vec<_> = toks.iter().filter(|t| t.word).collect();
            let found = find(&lexicon.true_false, toks);
            let whole = matches!(found.as_slice(), [m] if m.tokens.len() >= words.len()
                && toks[..m.tokens.start].iter().all(|t| !t.word)
                && toks[m.tokens.end..].iter().all(|t| !t.word));
            if !whole {
                break;
            }
            texts.push(text.value().trim().to_owned());
        }
        if texts.len() == q.options.len() {
            return Some((lang, texts));
        }
    }
    None
}
