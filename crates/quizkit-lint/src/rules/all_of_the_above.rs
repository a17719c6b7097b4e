//! `all-of-the-above` (F009): an option that says every other option is right.

use quizkit_model::index_letter;

use crate::lexicon::{Lexicon, PhraseMatch, find, option_matches, words_outside};
use crate::text::Token;
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule all-of-the-above` prints.
pub const DOCS: &str = r#"## What it does
Finds options such as "all of the above", "alle bovenstaande", "alle antwoorden zijn juist" or
a bare count of the options, "all three", "alle drie" (the `all_of_the_above` phrases of the
option's language in `lexicons/`), when the option holds little else: at most three other words, so "alle bovenstaande lagen worden..." in a
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

/// The phrase of the option whose tokens are `toks` that makes it "all of the above", with
/// at most [`MAX_OTHER_WORDS`] words besides it.
pub(crate) fn all_of_the_above(lexicon: &Lexicon, toks: &[Token<'_>]) -> Option<PhraseMatch> {
    find(&lexicon.all_of_the_above, toks)
        .into_iter()
        .find(|m| words_outside(toks, m) <= MAX_OTHER_WORDS)
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let matches = option_matches(
        cx,
        q,
        a,
        |l| [&l.all_of_the_above],
        |lexicon, toks| all_of_the_above(lexicon, toks),
    );
    for (option, entry, m) in matches {
        let v = AllOfTheAbove {
            option,
            phrase: entry.text.value[m.range.clone()].to_owned(),
        };
        out.push(Finding::on(q, cx.locate(q.file, &entry.text, m.range), &v));
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::rule_findings;

    /// The findings on a question of a bank in `lang` whose fourth option is `fourth`.
    fn findings(lang: &str, fourth: &str) -> Vec<String> {
        let question = format!(
            "[[question]]\nid = \"q\"\nstem = \"Which of these does a cooper make?\"\nanswer = \"D\"\n\
             options = [\"Barrels\", \"Casks\", \"Tubs\", \"{fourth}\"]\n"
        );
        rule_findings("all-of-the-above", &format!("\"{lang}\""), &question)
    }

    /// A bare count of the other options says they are all right as much as "all of the
    /// above" does.
    #[test]
    fn a_bare_count_of_the_options_is_all_of_the_above() {
        for (lang, option, phrase) in [
            ("en", "All three", "All three"),
            ("en", "All four are correct", "All four"),
            ("nl", "Alle drie", "Alle drie"),
            ("nl", "Alle drie zijn juist", "Alle drie"),
        ] {
            let found = findings(lang, option);
            assert_eq!(found.len(), 1, "{option}: {found:?}");
            assert!(found[0].contains(&format!("\"{phrase}\"")), "{found:?}");
        }
        // In a statement of its own the count is content.
        let statement = findings("en", "All three hoops are driven on at once with a mallet");
        assert!(statement.is_empty(), "{statement:?}");
    }
}
