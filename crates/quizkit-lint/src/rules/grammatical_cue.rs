//! `grammatical-cue` (F015): the stem ends in an article that fits only some of the options.

use quizkit_model::index_letter;

use crate::lexicon::Lexicon;
use crate::text::Token;
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule grammatical-cue` prints.
pub const DOCS: &str = r#"## What it does
Finds stems that end in an article the options must continue (the last word before the end,
a colon or a blank), where the article fits some options and not others:
- English "a" or "an": "an" before a word spoken with a vowel, "a" before one spoken with a
  consonant. Spelling decides, with the exceptions of the lexicon ("a unit", "an hour");
  an option that opens with a number, a symbol or an abbreviation in capitals is not judged.
- Dutch "de", "het" or "een": "het" does not fit a noun that always takes "de" (ending in
  "-ing", "-heid", "-tie", "-teit"), "de" not a diminutive or a word in "-isme" (which take
  "het"), and "een" not a plural ("twee", "meerdere", "beide": the `plural_openers`). Other
  words are not judged, so most Dutch options are never counted against the stem.

A stem that asks a question (ending in `?`) has no such article and is left alone.

## Why is this bad?
A learner who reads the stem and the option as one sentence rejects the options that do not
fit it grammatically, without knowing the subject (Tarrant et al. 2006, flaw 15:
grammatical cues; Haladyna, Downing and Rodriguez, guideline 31).

## Example
```toml
[[question]]
id = "systolic"
stem = "A grid of multiply-add units through which data flows in step is an"
answer = "B"
options = ["vector processor", "systolic array", "instruction decoder"]
```

## Use instead
```toml
[[question]]
id = "systolic"
stem = "What is a grid of multiply-add units through which data flows in step called?"
answer = "B"
options = ["A vector processor", "A systolic array", "An instruction decoder"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F015",
    name: "grammatical-cue",
    level: Level::Warning,
    summary: "The stem ends in an article (a/an, de/het/een) that fits only some options.",
    docs: DOCS,
    check: Check::Question(check),
};

struct GrammaticalCue {
    article: String,
    misfits: Vec<usize>,
}

impl Violation for GrammaticalCue {
    fn message(&self) -> String {
        let letters: Vec<String> = self
            .misfits
            .iter()
            .map(|&i| index_letter(i).to_string())
            .collect();
        format!(
            "the stem ends in \"{}\", which does not fit option{} {}",
            self.article,
            if letters.len() == 1 { "" } else { "s" },
            letters.join(", ")
        )
    }
    fn label(&self) -> Option<String> {
        Some("fits only some options".into())
    }
    fn help(&self) -> Option<String> {
        Some(
            "end the stem before the article and let each option bring its own, or ask a question"
                .into(),
        )
    }
}

/// Whether `article` fits an option whose first word is `word` (in lower case), for the
/// lexicon's language; `None` when it cannot be told.
fn fits(lexicon: &Lexicon, article: &str, word: &Token<'_>) -> Option<bool> {
    let lower = word.lower.as_ref();
    let letters = word.text.chars().filter(|c| c.is_alphabetic()).count();
    if letters < 2 || word.text.chars().any(|c| !c.is_alphabetic() && c != '-') {
        return None;
    }
    match article {
        "a" | "an" => {
            // An abbreviation is spoken by its letters ("an NPU", "a GPU").
            if word.is_shouted() {
                return None;
            }
            let starts = |list: &[String]| list.iter().any(|s| lower.starts_with(s.as_str()));
            let vowel = if starts(&lexicon.consonant_sound_starts) {
                false
            } else if starts(&lexicon.vowel_sound_starts) {
                true
            } else {
                let first = lower.chars().next()?;
                if first == 'h' || first == 'u' {
                    // "a house", "an heir"; "a unit", "an umbrella": spelling does not tell.
                    return None;
                }
                "aeio".contains(first)
            };
            Some(vowel == (article == "an"))
        }
        "de" | "het" | "een" => {
            if lexicon.plural_openers.contains(lower) {
                return Some(article == "de");
            }
            let ends = |list: &[String]| {
                list.iter()
                    .any(|e| lower.ends_with(e.as_str()) && lower.len() >= e.len() + 3)
            };
            if ends(&lexicon.het_word_endings) {
                Some(article != "de")
            } else if ends(&lexicon.de_word_endings) {
                Some(article != "het")
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The article the stem ends in, as a token, when the stem is a sentence to complete: its
/// last word, after any blank or colon (`… is een ___`, `… is an …`, `… is a:`).
fn final_article<'t>(text: &str, toks: &'t [Token<'t>]) -> Option<&'t Token<'t>> {
    if text.trim_end().ends_with('?') {
        return None;
    }
    let end = text
        .trim_end_matches(|c: char| c.is_whitespace() || "_….:".contains(c))
        .len();
    let last = toks.iter().rev().find(|t| t.range.end <= end)?;
    (last.word && !last.code && last.range.end == end).then_some(last)
}

/// The articles this rule knows, by language.
fn is_article(lexicon: &Lexicon, article: &str) -> bool {
    match lexicon.lang {
        "en" => matches!(article, "a" | "an"),
        "nl" => matches!(article, "de" | "het" | "een"),
        _ => false,
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    for entry in &q.stem.entries {
        let lang = entry.lang.value.as_str();
        let Some(lexicon) = cx.lexicon(lang) else {
            continue;
        };
        let text = &entry.text.value;
        let Some(article) = final_article(text, a.tokens(text)) else {
            continue;
        };
        let article_lower = article.lower.as_ref();
        if !is_article(lexicon, article_lower) {
            continue;
        }
        let mut misfits = Vec::new();
        let mut fitting = 0;
        for (i, option) in q.options.iter().enumerate() {
            let Some(option_text) = option.text.get(lang) else {
                continue;
            };
            let first = a.tokens(option_text).iter().find(|t| t.word);
            match first.and_then(|w| fits(lexicon, article_lower, w)) {
                Some(true) => fitting += 1,
                Some(false) => misfits.push(i),
                None => {}
            }
        }
        if fitting > 0 && !misfits.is_empty() {
            let v = GrammaticalCue {
                article: article.text.to_owned(),
                misfits,
            };
            out.push(Finding::on(
                q,
                cx.locate(q.file, &entry.text, article.range.clone()),
                &v,
            ));
        }
    }
}
