//! `grammatical-cue` (F015): the stem ends in an article that fits only some of the options.

use quizkit_model::index_letter;

use crate::lexicon::Lexicon;
use crate::text::Token;
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule grammatical-cue` prints.
pub const DOCS: &str = r#"## What it does
Finds stems that end in an article or a plural verb the options must continue (the last word
before the end, a colon or a blank), where it fits some options and not others:
- English "a" or "an": "an" before a word spoken with a vowel, "a" before one spoken with a
  consonant. Spelling decides, with the exceptions of the lexicon ("a unit", "an hour");
  an option that opens with a number, a symbol or an abbreviation in capitals is not judged.
- Dutch "de", "het" or "een": "het" does not fit a noun that always takes "de" (ending in
  "-ing", "-heid", "-tie", "-teit", "-us", "-ance"), "de" not a diminutive or a word in "-isme",
  "-ment", "-um" (which take "het"), with the exceptions of the lexicon ("het virus", "de
  datum"), and "een" not a plural ("twee", "meerdere", "beide": the `plural_openers`).
- Number, in both languages: after a plural verb ("zijn de", "are the") a singular noun does
  not fit, after a singular one ("is de", "is the"), and after "een", "het", "a" or "an", a
  plural does not. An option of one or two words is judged by the ending of its last word
  ("kamers", "ventricles" are plural; "boezem", "valve" singular); an ending that does not
  tell (Dutch "-en", English "-us") and the lexicon's `number_exceptions` are not judged.
  A stem may also end in its plural verb ("The smallest units of sound are"): then an
  option that opens with "a", "an" or "een", or with "the" or "de" before a singular noun,
  does not fit (a bare noun is not judged: it may be a mass noun, "are water").

Words that none of this tells are not judged, so most options are never counted against the
stem. An article that fits no option at all is left alone, and so is a stem that asks a
question (ending in `?`).

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
    summary: "The stem ends in an article (a/an, de/het/een) or number that fits only some options.",
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

/// Whether `article` fits an option whose first word is `word` by its sound (English "a",
/// "an") or its gender (Dutch "de", "het"); `None` when it cannot be told.
fn fits_word(lexicon: &Lexicon, article: &str, word: &Token<'_>) -> Option<bool> {
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
            let het = if lexicon.het_word_exceptions.contains(lower) {
                true
            } else if lexicon.de_word_exceptions.contains(lower) {
                false
            } else if ends(&lexicon.het_word_endings) {
                true
            } else if ends(&lexicon.de_word_endings) {
                false
            } else {
                return None;
            };
            Some(match article {
                "de" => !het,
                "het" => het,
                _ => true,
            })
        }
        _ => None,
    }
}

/// Whether `word` (a noun, in lower case) is plural, told by its ending; `None` when the
/// ending does not tell.
fn plural(lexicon: &Lexicon, word: &str) -> Option<bool> {
    if lexicon.number_exceptions.contains(word) || word.chars().count() < 3 {
        return None;
    }
    let ends = |list: &[String]| {
        list.iter()
            .any(|e| word.ends_with(e.as_str()) && word.len() >= e.len() + 2)
    };
    if ends(&lexicon.plural_endings) {
        Some(true)
    } else if ends(&lexicon.singular_endings) {
        Some(false)
    } else {
        None
    }
}

/// Options of at most this many words are judged by the number of their last word (the noun
/// of "left ventricle"); a longer one may end in a modifier ("Council of State").
pub const NUMBER_WORDS: usize = 2;

/// The article the stem ends in, as a token, when the stem is a sentence to complete: its
/// last word, after any blank or colon (`… is een ___`, `… is an …`, `… is a:`).
fn final_article<'t>(text: &str, toks: &'t [Token<'t>]) -> Option<(usize, &'t Token<'t>)> {
    if text.trim_end().ends_with('?') {
        return None;
    }
    let end = text
        .trim_end_matches(|c: char| c.is_whitespace() || "_….:".contains(c))
        .len();
    let (at, last) = toks
        .iter()
        .enumerate()
        .rev()
        .find(|(_, t)| t.range.end <= end)?;
    (last.word && !last.code && last.range.end == end).then_some((at, last))
}

/// The articles this rule knows, by language.
fn is_article(lexicon: &Lexicon, article: &str) -> bool {
    match lexicon.lang {
        "en" => matches!(article, "a" | "an" | "the"),
        "nl" => matches!(article, "de" | "het" | "een"),
        _ => false,
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    for stem in a.texts(Field::Stem) {
        let lang = stem.lang();
        let Some(lexicon) = cx.lexicon(lang) else {
            continue;
        };
        let text = stem.value();
        // Most stems ask a question, and end in no article.
        if text.trim_end().ends_with('?') {
            continue;
        }
        let toks = stem.tokens();
        let Some((at, article)) = final_article(text, toks) else {
            continue;
        };
        let article_lower = article.lower.as_ref();
        // A stem may also end in its plural verb ("The smallest units of sound are"): the
        // options are its plural complement.
        let verb_final = lexicon.plural_verbs.contains(article_lower);
        if !verb_final && !is_article(lexicon, article_lower) {
            continue;
        }
        // The number the stem asks for: its verb's ("zijn de", "is the"), or one ("een",
        // "het", "a", "an").
        let verb = at
            .checked_sub(1)
            .map(|i| &toks[i])
            .filter(|t| t.word)
            .map(|t| t.lower.as_ref());
        let wants_plural = match verb {
            _ if verb_final => Some(true),
            Some(v) if lexicon.plural_verbs.contains(v) => Some(true),
            Some(v) if lexicon.singular_verbs.contains(v) => Some(false),
            _ if matches!(article_lower, "een" | "het" | "a" | "an") => Some(false),
            _ => None,
        };
        let mut misfits = Vec::new();
        for i in 0..q.options.len() {
            let Some(option) = a.text(Field::Option(i), lang) else {
                continue;
            };
            let words: Vec<&Token<'_>> = option
                .tokens()
                .iter()
                .filter(|t| t.word && !t.code)
                .collect();
            let (Some(first), Some(last)) = (words.first(), words.last()) else {
                continue;
            };
            let by_number = wants_plural
                .filter(|_| words.len() <= NUMBER_WORDS)
                .zip(plural(lexicon, last.lower.as_ref()))
                .map(|(wanted, is)| wanted == is);
            let misfit = if verb_final {
                // After the verb only an option with its own article tells its number: "a",
                // "an", "een" make it singular, "the", "de" leave it to the noun (a bare
                // noun may be a mass noun: "are water").
                let opener = first.lower.as_ref();
                matches!(opener, "a" | "an" | "een")
                    || (matches!(opener, "the" | "de") && by_number == Some(false))
            } else {
                fits_word(lexicon, article_lower, first) == Some(false) || by_number == Some(false)
            };
            if misfit {
                misfits.push(i);
            }
        }
        // An article that fits no option is a slip of the stem, not a cue.
        if !misfits.is_empty() && misfits.len() < q.options.len() {
            let v = GrammaticalCue {
                article: article.text.to_owned(),
                misfits,
            };
            out.push(Finding::on(
                q,
                cx.locate(q.file, stem.spanned(), article.range.clone()),
                &v,
            ));
        }
    }
}
