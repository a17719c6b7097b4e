//! `explanation-contradicts-key` (K002): the explanation names another option as the answer.

use quizkit_model::letter_index;

use crate::lexicon::find;
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule explanation-contradicts-key` prints.
pub const DOCS: &str = r#"## What it does
Finds explanations that state the answer by letter ("Antwoord: B", "optie B is juist",
"the answer is B", "B is correct") when that letter is not in the key. The phrases are in the
lexicon of the explanation's language (`lexicons/nl.toml`, `lexicons/en.toml`).

## Why is this bad?
One of the two is wrong, and the learner cannot tell which: either the key marks a wrong
answer as right or the explanation argues for a distractor. It usually happens when options
are reordered and the explanation is not.

## Example
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
explanation = "The answer is C: current x86 processors use 64-byte lines."
options = ["32", "64", "128"]
```

## Use instead
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
explanation = "Current x86 processors use 64-byte lines."
options = ["32", "64", "128"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "K002",
    name: "explanation-contradicts-key",
    level: Level::Error,
    summary: "The explanation names another option as the answer than the key does.",
    docs: DOCS,
    check: Check::Question(check),
};

struct ExplanationContradictsKey {
    said: char,
    key: String,
    lang: String,
}

impl Violation for ExplanationContradictsKey {
    fn message(&self) -> String {
        format!(
            "the explanation (`{}`) says the answer is {}, but the key is {}",
            self.lang, self.said, self.key
        )
    }
    fn label(&self) -> Option<String> {
        Some(format!("not the key ({})", self.key))
    }
    fn help(&self) -> Option<String> {
        Some("correct the key or the explanation; naming the content instead of the letter keeps the explanation right when options move".into())
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let Some(answer) = &q.answer else {
        return;
    };
    let key: Vec<&str> = answer
        .letters
        .iter()
        .map(|l| l.value.as_str())
        .filter(|l| letter_index(l).is_some_and(|i| i < q.options.len()))
        .collect();
    if key.is_empty() {
        return;
    }
    for explanation in a.texts(Field::Explanation) {
        let Some(lexicon) = cx.lexicon(explanation.lang()) else {
            continue;
        };
        if !explanation.may_occur(&lexicon.answer_statements) {
            continue;
        }
        for m in find(&lexicon.answer_statements, explanation.tokens()) {
            for (letter, range) in m.letters {
                if key.iter().any(|k| k.starts_with(letter)) {
                    continue;
                }
                let v = ExplanationContradictsKey {
                    said: letter,
                    key: key.join(", "),
                    lang: explanation.lang().to_owned(),
                };
                let span = cx.locate(q.file, explanation.spanned(), range);
                out.push(Finding::on(q, span, &v).with_related(
                    q.file,
                    answer.span.clone(),
                    "the key",
                ));
            }
        }
    }
}
