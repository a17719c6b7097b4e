//! `numeric-options-out-of-order` (F016): the options are quantities shown in a fixed order
//! that is neither ascending nor descending.

use quizkit_model::index_letter;

use crate::quantities::option_values;
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule numeric-options-out-of-order` prints.
pub const DOCS: &str = r#"## What it does
Finds questions with `shuffle = false` (on the question, or for the whole bank in
`quizkit.toml`) whose options are all quantities of one kind (`3,5 GB`, `7 GB`, `28 GB`; read
as `numerically-equal-options` reads them, with numbers written as the option's language
writes them; a range such as `80–100 per minute` stands at its lower end), at least three of
them, and are shown neither in ascending nor in descending order. It points at the first option that breaks the order. Questions whose options are
shuffled are left alone: the order a learner sees is not the one written.

## Why is this bad?
A learner looks for a value in a list of values; out of order, the list is harder to read
and the odd position of the key can stand out. Haladyna, Downing and Rodriguez (guideline
21) advise putting numeric options in logical or numerical order (Tarrant et al. 2006, flaw
16: lost sequence).

## Example
```toml
[[question]]
id = "fp16-weights"
stem = "How much memory do 7 billion FP16 weights take?"
answer = "A"
shuffle = false
options = ["14 GB", "112 GB", "28 GB"]
```

## Use instead
```toml
[[question]]
id = "fp16-weights"
stem = "How much memory do 7 billion FP16 weights take?"
answer = "A"
shuffle = false
options = ["14 GB", "28 GB", "112 GB"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F016",
    name: "numeric-options-out-of-order",
    level: Level::Warning,
    summary: "Quantity options in a fixed order are neither ascending nor descending.",
    docs: DOCS,
    check: Check::Question(check),
};

struct NumericOptionsOutOfOrder {
    option: usize,
    ascending: bool,
}

impl Violation for NumericOptionsOutOfOrder {
    fn message(&self) -> String {
        format!(
            "option {} breaks the {} order of the quantity options, which are not shuffled",
            index_letter(self.option),
            if self.ascending {
                "ascending"
            } else {
                "descending"
            }
        )
    }
    fn label(&self) -> Option<String> {
        Some("out of order".into())
    }
    fn help(&self) -> Option<String> {
        Some("list the options from the smallest value to the largest (or the other way round), and move the key to its place".into())
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, _: &Analysis<'_>, out: &mut Vec<Finding>) {
    if cx.bank.shuffles(q.question) {
        return;
    }
    let lang = cx.bank.config.default_language();
    let Some(values) = option_values(q.question, lang) else {
        return;
    };
    // The order the first two options set; the first option after them that goes against it.
    let ascending = values[1] > values[0];
    let Some(option) = (2..values.len()).find(|&i| (values[i] > values[i - 1]) != ascending) else {
        return;
    };
    let Some(entry) = q.options[option].text.entry(lang) else {
        return;
    };
    let v = NumericOptionsOutOfOrder { option, ascending };
    out.push(Finding::on(q, entry.text.span.clone(), &v));
}
