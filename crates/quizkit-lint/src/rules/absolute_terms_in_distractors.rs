//! `absolute-terms-in-distractors` (F011): "always", "never" and the like only in
//! distractors.

use quizkit_model::index_letter;

use crate::lexicon::{Lexicon, find};
use crate::rules::all_of_the_above::all_of_the_above;
use crate::rules::none_of_the_above::none_of_the_above;
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule absolute-terms-in-distractors` prints.
pub const DOCS: &str = r#"## What it does
Finds distractors with a specific determiner ("altijd", "nooit", "uitsluitend", "always",
"never", "in all cases"; the `absolute_terms` of the language in `lexicons/`) on a
single-choice question whose key has none. "all"/"alle" and "only"/"alleen" are not in the
lists: technical text uses them in true statements all the time. A distractor that is "none
of the above" or "all of the above" ("Geen enkel antwoord is juist") is left to the rules for
those.

## Why is this bad?
Test-wise learners know that sweeping claims are usually false and eliminate those options
without knowing the content (Haladyna, Downing and Rodriguez, guideline 28a). When only the
distractors use them, the cue points straight at the key.

## Example
```toml
[[question]]
id = "cache-hit"
stem = "What happens on a cache hit?"
answer = "A"
options = [
  "The data is served from the cache",
  "The processor always stalls for a full memory access",
  "The line is written back to main memory",
]
```

## Use instead
```toml
[[question]]
id = "cache-hit"
stem = "What happens on a cache hit?"
answer = "A"
options = [
  "The data is served from the cache",
  "The processor stalls for a full memory access",
  "The line is written back to main memory",
]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F011",
    name: "absolute-terms-in-distractors",
    level: Level::Warning,
    summary: "A distractor says \"always\", \"never\" or the like, and the key does not.",
    docs: DOCS,
    check: Check::Question(check),
};

struct AbsoluteTermsInDistractors {
    option: usize,
    term: String,
}

impl Violation for AbsoluteTermsInDistractors {
    fn message(&self) -> String {
        format!(
            "distractor {} says \"{}\", an absolute term the key does not use",
            index_letter(self.option),
            self.term
        )
    }
    fn label(&self) -> Option<String> {
        Some("cues that this option is wrong".into())
    }
    fn help(&self) -> Option<String> {
        Some("make the distractor wrong for a reason of content, not because it overstates; or qualify the key alike".into())
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let Some(key) = Context::single_key(q.question) else {
        return;
    };
    // The languages in which a distractor is looked at, with their lexicons: those whose key
    // has no absolute term (the same for every distractor), each looked up once.
    let langs: Vec<(&str, &Lexicon)> = cx
        .languages()
        .filter_map(|lang| Some((lang, cx.lexicon(lang)?)))
        .filter(|(lang, lexicon)| {
            !a.text(Field::Option(key), lang).is_some_and(|k| {
                k.may_occur(&lexicon.absolute_terms)
                    && !find(&lexicon.absolute_terms, k.tokens()).is_empty()
            })
        })
        .collect();
    if langs.is_empty() {
        return;
    }
    for i in 0..q.options.len() {
        if i == key {
            continue;
        }
        for &(lang, lexicon) in &langs {
            let Some(text) = a.text(Field::Option(i), lang) else {
                continue;
            };
            if !text.may_occur(&lexicon.absolute_terms) {
                continue;
            }
            // "Geen enkel antwoord is juist" is none of the above, not an overstatement: its
            // own rule reports it.
            if none_of_the_above(lexicon, text.tokens()).is_some()
                || all_of_the_above(lexicon, text.tokens()).is_some()
            {
                break;
            }
            if let Some(m) = find(&lexicon.absolute_terms, text.tokens()).first() {
                let v = AbsoluteTermsInDistractors {
                    option: i,
                    term: text.value()[m.range.clone()].to_owned(),
                };
                let span = cx.locate(q.file, text.spanned(), m.range.clone());
                out.push(Finding::on(q, span, &v));
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::rule_findings;

    /// The findings on a question of a Dutch bank whose third option, a distractor, is
    /// `third`.
    fn findings(third: &str) -> Vec<String> {
        let question = format!(
            "[[question]]\nid = \"q\"\nstem = \"Waarom rust deeg na het kneden?\"\nanswer = \"A\"\n\
             options = [\"Zodat het gluten ontspant\", \"Zodat het afkoelt\", \"{third}\"]\n"
        );
        rule_findings("absolute-terms-in-distractors", "\"nl\"", &question)
    }

    /// "Geen enkel" in a "none of the above" option is that flaw, not an overstatement.
    #[test]
    fn none_of_the_above_is_left_to_its_own_rule() {
        assert!(findings("Geen enkel antwoord is juist").is_empty());
        let sweeping = findings("Zodat geen enkele gist overleeft");
        assert_eq!(sweeping.len(), 1, "{sweeping:?}");
        assert!(sweeping[0].contains("\"geen enkele\""), "{sweeping:?}");
    }
}
