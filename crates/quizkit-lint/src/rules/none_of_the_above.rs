//! `none-of-the-above` (F003): an option that says every other option is wrong.

use quizkit_model::index_letter;

use crate::lexicon::{Lexicon, PhraseMatch, find, option_matches, words_outside};
use crate::text::Token;
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule none-of-the-above` prints.
pub const DOCS: &str = r#"## What it does
Finds options such as "none of the above", "geen van de bovenstaande" or "geen enkel antwoord
is juist" (the `none_of_the_above` phrases of the option's language in `lexicons/`), when
the option holds little else: at most three other words, so a statement such as "Geen van
beide caches deelt regels" is not taken for one.

## Why is this bad?
When it is the key, the learner is rewarded for knowing what is wrong, not what is right, and
the question never shows the right answer; when it is a distractor, it is rarely chosen.
Haladyna, Downing and Rodriguez advise to use it sparingly (guideline 25), and it makes items
harder without making them better (Tarrant et al.).

## Example
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
shuffle = false
options = ["32", "64", "None of the above"]
```

## Use instead
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = ["32", "64", "128"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F003",
    name: "none-of-the-above",
    level: Level::Warning,
    summary: "An option is \"none of the above\".",
    docs: DOCS,
    check: Check::Question(check),
};

struct NoneOfTheAbove {
    option: usize,
    phrase: String,
}

impl Violation for NoneOfTheAbove {
    fn message(&self) -> String {
        format!(
            "option {} is \"{}\", which tests what is wrong instead of what is right",
            index_letter(self.option),
            self.phrase
        )
    }
    fn label(&self) -> Option<String> {
        Some("none of the above".into())
    }
    fn help(&self) -> Option<String> {
        Some("replace it with a plausible distractor that a learner with a typical misconception would pick".into())
    }
}

/// An option may hold this many words besides the phrase ("… is correct"); a longer option is a
/// statement that happens to contain the words.
pub const MAX_OTHER_WORDS: usize = 3;

/// The phrase of the option whose tokens are `toks` that makes it "none of the above", with
/// at most [`MAX_OTHER_WORDS`] words besides it.
pub(crate) fn none_of_the_above(lexicon: &Lexicon, toks: &[Token<'_>]) -> Option<PhraseMatch> {
    find(&lexicon.none_of_the_above, toks)
        .into_iter()
        .find(|m| words_outside(toks, m) <= MAX_OTHER_WORDS)
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let matches = option_matches(
        cx,
        q,
        a,
        |l| [&l.none_of_the_above],
        |lexicon, toks| none_of_the_above(lexicon, toks),
    );
    for (option, entry, m) in matches {
        let v = NoneOfTheAbove {
            option,
            phrase: entry.text.value[m.range.clone()].to_owned(),
        };
        out.push(Finding::on(q, cx.locate(q.file, &entry.text, m.range), &v));
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::rule_findings;

    /// "Neither of the other answers" among three options says as much as "none of the
    /// above" does.
    #[test]
    fn neither_of_the_others_is_none_of_the_above() {
        for (lang, option, phrase) in [
            (
                "en",
                "Neither of the other two answers",
                "Neither of the other",
            ),
            ("en", "Neither of these", "Neither of these"),
            (
                "nl",
                "Geen van beide andere antwoorden",
                "Geen van beide andere",
            ),
        ] {
            let question = format!(
                "[[question]]\nid = \"q\"\nstem = \"Which of these does a cooper make?\"\n\
                 answer = \"A\"\noptions = [\"Barrels\", \"Sails\", \"{option}\"]\n"
            );
            let found = rule_findings("none-of-the-above", &format!("\"{lang}\""), &question);
            assert_eq!(found.len(), 1, "{option}: {found:?}");
            assert!(found[0].contains(&format!("\"{phrase}\"")), "{found:?}");
        }
    }
}
