//! `all-of-the-above` (F009): an option that says every other option is right.

use quizkit_model::index_letter;

use crate::lexicon::{find, option_matches, words_outside};
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule all-of-the-above` prints.
pub const DOCS: &str = r#"## What it does
Finds options such as "all of the above", "alle bovenstaande" or "alle antwoorden zijn juist"
(the `all_of_the_above` phrases of the option's language in `lexicons/`), when the option
holds little else: at most three other words, so "alle bovenstaande lagen worden..." in a
longer statement is not taken for one.

## Why is this bad?
A learner who recognises two options as right picks "all of the above" without knowing the
third, and one who sees one wrong option rules it out: the option measures test-wiseness.
Haladyna, Downing and Rodriguez advise against it (guideline 26); with shuffled options it
also points at the wrong options.

## Example
```toml
[[question]]
id = "cache-levels"
stem = "Which of these are levels of a CPU cache hierarchy?"
answer = "C"
shuffle = false
options = ["L1", "L2", "All of the above"]
```

## Use instead
```toml
[[question]]
id = "cache-levels"
stem = "Which of these are levels of a CPU cache hierarchy?"
answer = ["A", "B"]
options = ["L1", "L2", "L7"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F009",
    name: "all-of-the-above",
    level: Level::Warning,
    summary: "An option is \"all of the above\".",
    docs: DOCS,
    check: Check::Question(check),
};

struct AllOfTheAbove {
    option: usize,
    phrase: String,
}

impl Violation for AllOfTheAbove {
    fn message(&self) -> String {
        format!(
            "option {} is \"{}\", which rewards partial knowledge",
            index_letter(self.option),
            self.phrase
        )
    }
    fn label(&self) -> Option<String> {
        Some("all of the above".into())
    }
    fn help(&self) -> Option<String> {
        Some("replace it with a plausible distractor, or make the question multiple-response (`answer = [\"A\", \"B\"]`)".into())
    }
}

/// An option may hold this many words besides the phrase ("… is correct"); a longer option is a
/// statement that happens to contain the words.
pub const MAX_OTHER_WORDS: usize = 3;

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let matches = option_matches(
        cx,
        q,
        a,
        |l| [&l.all_of_the_above],
        |lexicon, toks| {
            find(&lexicon.all_of_the_above, toks)
                .into_iter()
                .find(|m| words_outside(toks, m) <= MAX_OTHER_WORDS)
        },
    );
    for (option, entry, m) in matches {
        let v = AllOfTheAbove {
            option,
            phrase: entry.text.value[m.range.clone()].to_owned(),
        };
        out.push(Finding::on(q, cx.locate(q.file, &entry.text, m.range), &v));
    }
}
