//! `position-dependent-option` (K003): an option points at other options by position while
//! the options are shuffled.

use quizkit_model::index_letter;

use crate::lexicon::{PhraseMatch, find, option_matches};
use crate::rules::combined_options::combined;
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule position-dependent-option` prints.
pub const DOCS: &str = r#"## What it does
Finds options that refer to other options by their place in the list ("all of the above",
"bovenstaande", "option A", "the same as B", "hetzelfde als B", "A en B", and at the end of an
option "the first two", "de laatste twee", also followed by words that name options or say
they are right, the `combined_filler` of the language: "the first two answers are correct")
on a question whose options are shuffled: the bank's `shuffle` (default true) or the
question's own `shuffle`.

## Why is this bad?
Exports shuffle the options, so "the above" or "A and B" point at different options for every
learner, or at nothing at all (Moodle's and Aiken's import warn about the same thing).

## Example
```toml
[[question]]
id = "cache-levels"
stem = "Which caches does a typical x86 core have to itself?"
answer = "C"
options = ["L1", "L2", "Both of the above"]
```

## Use instead
```toml
[[question]]
id = "cache-levels"
stem = "Which caches does a typical x86 core have to itself?"
answer = "C"
shuffle = false
options = ["L1", "L2", "Both of the above"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "K003",
    name: "position-dependent-option",
    level: Level::Error,
    summary: "An option refers to other options by position while options are shuffled.",
    docs: DOCS,
    check: Check::Question(check),
};

struct PositionDependentOption {
    option: usize,
    phrase: String,
}

impl Violation for PositionDependentOption {
    fn message(&self) -> String {
        format!(
            "option {} refers to other options by position (\"{}\"), but the options are shuffled",
            index_letter(self.option),
            self.phrase
        )
    }
    fn label(&self) -> Option<String> {
        Some("depends on the order of the options".into())
    }
    fn help(&self) -> Option<String> {
        Some("say what the option means instead of where the others are, or set `shuffle = false` on this question".into())
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    if !cx.bank.shuffles(q.question) {
        return;
    }
    // One finding per option: the first language that has the flaw.
    let matches = option_matches(
        cx,
        q,
        a,
        |l| {
            [
                &l.position_references,
                &l.position_counts,
                &l.combined_options,
            ]
        },
        |lexicon, toks| {
            let mut found: Vec<PhraseMatch> = find(&lexicon.position_references, toks);
            // A count ends the option, or only words that name options or say they are
            // right follow it ("The first two answers are correct"): the `combined_filler`.
            let ends_option = |m: &PhraseMatch| {
                toks[m.tokens.end..].iter().all(|t| {
                    !t.is_prose_word() || lexicon.combined_filler.contains(t.lower.as_ref())
                })
            };
            found.extend(
                find(&lexicon.position_counts, toks)
                    .into_iter()
                    .filter(ends_option),
            );
            found.extend(
                combined(lexicon, toks, q.options.len())
                    .into_iter()
                    .filter(|m| !m.letters.is_empty()),
            );
            found.into_iter().min_by_key(|m| m.range.start)
        },
    );
    for (option, entry, m) in matches {
        let v = PositionDependentOption {
            option,
            phrase: entry.text.value[m.range.clone()].to_owned(),
        };
        out.push(Finding::on(q, cx.locate(q.file, &entry.text, m.range), &v));
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::rule_findings;

    /// The findings on a question of a bank in `lang` whose third option is `third`.
    fn findings(lang: &str, third: &str, shuffle: &str) -> Vec<String> {
        let question = format!(
            "[[question]]\nid = \"q\"\nstem = \"How is the dough proved?\"\nanswer = \"A\"\n{shuffle}\
             options = [\"At 26 °C for an hour\", \"At 30 °C overnight\", \"{third}\"]\n"
        );
        rule_findings(
            "position-dependent-option",
            &format!("\"{lang}\""),
            &question,
        )
    }

    /// An option that is "the same as" another by its letter points at a place in the list.
    #[test]
    fn the_same_as_a_letter_points_at_a_place() {
        let en = findings("en", "Same as A, but twice as long", "");
        assert_eq!(en.len(), 1, "{en:?}");
        assert!(en[0].contains("(\"Same as A\")"), "{en:?}");
        let nl = findings("nl", "Hetzelfde als A, maar twee keer zo lang", "");
        assert_eq!(nl.len(), 1, "{nl:?}");
        assert!(nl[0].contains("(\"Hetzelfde als A\")"), "{nl:?}");
        // Not shuffled, the letter keeps pointing at the same option.
        let kept = findings("en", "Same as A, but twice as long", "shuffle = false\n");
        assert!(kept.is_empty(), "{kept:?}");
        // An article is no letter: "the same as a sponge cake" is content.
        let article = findings("en", "The same as a sponge cake", "");
        assert!(article.is_empty(), "{article:?}");
    }
}
