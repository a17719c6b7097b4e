//! `vague-frequency-terms` (F017): an option says "often", "usually", "sometimes" or the like.

use quizkit_model::index_letter;

use crate::lexicon::find;
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule vague-frequency-terms` prints.
pub const DOCS: &str = r#"## What it does
Finds options that say how often something holds in vague words: "often", "usually",
"sometimes", "rarely", "vaak", "meestal", "soms", "zelden" (the `vague_frequency_terms` of
the option's language in `lexicons/`). Words that name a norm or a period ("typically",
"regularly", "regelmatig") are left out, and so is a comparison ("less often", "minder vaak":
a word of the `frequency_comparers` before it), which a learner can judge. It reports the
first such word of each option.

## Why is this bad?
Whether something happens "often" or "usually" depends on the reader: a learner who knows
the subject cannot tell whether the option is meant to be right or wrong, and the item
measures a guess at the writer's intent (Tarrant et al. 2006, flaw 17: vague terms). A
distractor that is wrong only because of the frequency word is also easy to argue for.

## Example
```toml
[[question]]
id = "cache-miss"
stem = "What happens on a cache miss?"
answer = "A"
options = [
  "The line is fetched from the next level of the hierarchy",
  "The processor usually stops until the operating system loads the line",
  "The line is sometimes taken from the disk",
]
```

## Use instead
```toml
[[question]]
id = "cache-miss"
stem = "What happens on a cache miss?"
answer = "A"
options = [
  "The line is fetched from the next level of the hierarchy",
  "The processor stops until the operating system loads the line",
  "The line is taken from the disk",
]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F017",
    name: "vague-frequency-terms",
    level: Level::Info,
    summary: "An option says \"often\", \"usually\", \"sometimes\" or the like.",
    docs: DOCS,
    check: Check::Question(check),
};

struct VagueFrequencyTerms {
    option: usize,
    term: String,
}

impl Violation for VagueFrequencyTerms {
    fn message(&self) -> String {
        format!(
            "option {} says \"{}\", a frequency learners cannot judge right or wrong",
            index_letter(self.option),
            self.term
        )
    }
    fn label(&self) -> Option<String> {
        Some("vague frequency".into())
    }
    fn help(&self) -> Option<String> {
        Some("state the condition under which it holds, or a figure, instead of how often".into())
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    for i in 0..q.options.len() {
        // One finding per option, in the first of the bank's languages that has a term.
        for lang in cx.languages() {
            let (Some(option), Some(lexicon)) = (a.text(Field::Option(i), lang), cx.lexicon(lang))
            else {
                continue;
            };
            let text = option.value();
            // Most options hold no such word: told without reading their tokens.
            if !option.may_occur(&lexicon.vague_frequency_terms) {
                continue;
            }
            let toks = option.tokens();
            let compared = |at: usize| {
                at.checked_sub(1).is_some_and(|i| {
                    toks[i].word && lexicon.frequency_comparers.contains(toks[i].lower.as_ref())
                })
            };
            let found = find(&lexicon.vague_frequency_terms, toks);
            if let Some(m) = found.iter().find(|m| !compared(m.tokens.start)) {
                let v = VagueFrequencyTerms {
                    option: i,
                    term: text[m.range.clone()].to_owned(),
                };
                out.push(Finding::on(
                    q,
                    cx.locate(q.file, option.spanned(), m.range.clone()),
                    &v,
                ));
                break;
            }
        }
    }
}
