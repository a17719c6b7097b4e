//! `explanation-contradicts-key` (K002): the explanation names another option as the answer.

use std::ops::Range;

use quizkit_model::{index_letter, letter_index};

use crate::lexicon::{Lexicon, find};
use crate::rules::none_of_the_above::none_of_the_above;
use crate::text::{lowercase, plain, words};
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Text, Violation};

/// What `quizkit rule explanation-contradicts-key` prints.
pub const DOCS: &str = r#"## What it does
Finds explanations that state the answer by letter ("Antwoord: B", "optie B is juist",
"the answer is B", "B is correct"), or by an option's text right after an opening such as
"the correct answer is" or "het juiste antwoord is" ("The correct answer is 7: …"), when that
option is not in the key. The phrases are in the lexicon of the explanation's language
(`answer_statements` and `answer_openers` in `lexicons/nl.toml`, `lexicons/en.toml`).
An explanation that says neither, but opens with a distractor's whole text as its subject
("Gluten, formed from gliadin and glutenin, makes the stretchy network." where the key is
casein), is reported too, unless a list of options follows it ("Git, Subversion and
Mercurial are …", a word of `contrast_words` or another option next), the stem is
negative (its explanation may open with what is true) or the key is "none of the above" (its
explanation can only go through the options it rules out).

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
    /// The option's text, when the explanation names the option by it.
    text: Option<String>,
    key: String,
    lang: String,
    /// The explanation does not say so, but opens with the option as its subject.
    opens: bool,
}

impl Violation for ExplanationContradictsKey {
    fn message(&self) -> String {
        let text = self
            .text
            .as_ref()
            .map(|t| format!(" (`{t}`)"))
            .unwrap_or_default();
        if self.opens {
            return format!(
                "the explanation (`{}`) opens with option {}{text} as its subject, not with the key {}",
                self.lang, self.said, self.key
            );
        }
        format!(
            "the explanation (`{}`) says the answer is {}{text}, but the key is {}",
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
        let lang = explanation.lang();
        let mut said: Vec<(char, Option<String>, Range<usize>)> = Vec::new();
        let mut by_letter = Vec::new();
        if explanation.may_occur(&lexicon.answer_statements) {
            for m in find(&lexicon.answer_statements, explanation.tokens()) {
                by_letter.push(m.range.start);
                said.extend(m.letters.into_iter().map(|(l, range)| (l, None, range)));
            }
        }
        if explanation.may_occur(&lexicon.answer_openers) {
            for m in find(&lexicon.answer_openers, explanation.tokens()) {
                if by_letter.contains(&m.range.start) {
                    continue;
                }
                let rest = plain(&explanation.value()[m.range.end..]).to_lowercase();
                if let Some(i) = option_named(q, a, lang, &rest) {
                    let text = a.text(Field::Option(i), lang).map(|t| t.plain().to_owned());
                    said.push((index_letter(i), text, m.range));
                }
            }
        }
        let opens = if said.is_empty()
            && let Some((i, range)) = opening_distractor(q, a, lexicon, explanation)
        {
            let text = a.text(Field::Option(i), lang).map(|t| t.plain().to_owned());
            said.push((index_letter(i), text, range));
            true
        } else {
            false
        };
        for (letter, text, range) in said {
            if key.iter().any(|k| k.starts_with(letter)) {
                continue;
            }
            let v = ExplanationContradictsKey {
                said: letter,
                text,
                key: key.join(", "),
                lang: lang.to_owned(),
                opens,
            };
            let span = cx.locate(q.file, explanation.spanned(), range);
            out.push(Finding::on(q, span, &v).with_related(q.file, answer.span.clone(), "the key"));
        }
    }
}

/// The distractor the explanation opens with as its subject ("Gluten, formed from gliadin …,
/// makes the stretchy network" where the key is casein), with the range of its words: the
/// explanation's words begin with all the distractor's words (and not the key's), an article
/// before either aside, and go on with neither another option nor a word that joins or
/// contrasts ("Git, Subversion and Mercurial are …", "Egg yolk and mustard …": a list of what
/// the key is not). A question whose stem is negative is left alone: its explanation may well
/// open with what is true; so is one whose key is "none of the above".
fn opening_distractor(
    q: QuestionRef<'_>,
    a: &Analysis<'_>,
    lexicon: &Lexicon,
    explanation: &Text<'_>,
) -> Option<(usize, Range<usize>)> {
    let lang = explanation.lang();
    // Most explanations open with a word no option opens with: compare the first words, an
    // article aside, before anything else is looked at.
    let opening = first_word(lexicon, words(explanation.value()))?;
    let opens = |i: usize| {
        a.text(Field::Option(i), lang)
            .and_then(|t| first_word(lexicon, words(t.value())))
            .is_some_and(|w| same_word(w, opening))
    };
    if !(0..q.options.len()).any(opens) {
        return None;
    }
    let key = Context::single_key(q.question)?;
    if !(0..q.options.len()).any(|i| i != key && opens(i)) {
        return None;
    }
    let options: Vec<&Text<'_>> = (0..q.options.len())
        .map(|i| a.text(Field::Option(i), lang))
        .collect::<Option<_>>()?;
    let body = prose_words(lexicon, explanation);
    // The option's words that the explanation begins with, when it begins with all of them.
    let begins = |i: usize| -> Option<usize> {
        let words = prose_words(lexicon, options[i]);
        let letters: usize = words
            .iter()
            .map(|&w| {
                word(options[i], w)
                    .chars()
                    .filter(|c| c.is_alphabetic())
                    .count()
            })
            .sum();
        let all = letters >= MIN_OPENING_LETTERS
            && words.len() <= body.len()
            && words
                .iter()
                .zip(&body)
                .all(|(&o, &e)| word(options[i], o) == word(explanation, e));
        all.then_some(words.len())
    };
    // A key that is "none of the above" has nothing to open with but the options it rules out.
    if begins(key).is_some() || none_of_the_above(lexicon, options[key].tokens()).is_some() {
        return None;
    }
    let (i, count) = (0..options.len()).find_map(|i| Some((i, begins(i)?)))?;
    let next = body.get(count).map(|&w| word(explanation, w));
    let listed = next.is_some_and(|next| {
        lexicon.contrast_words.contains(next)
            || (0..options.len()).any(|j| {
                j != i
                    && first_word(lexicon, words(options[j].value()))
                        .is_some_and(|w| same_word(w, next))
            })
    });
    let stem_negative = a.text(Field::Stem, lang).is_some_and(|stem| {
        stem.may_occur(&lexicon.negations) && !find(&lexicon.negations, stem.tokens()).is_empty()
    });
    if listed || stem_negative {
        return None;
    }
    let toks = explanation.tokens();
    Some((
        i,
        toks[body[0]].range.start..toks[body[count - 1]].range.end,
    ))
}

/// The indices of the prose words of `text` among its tokens, an article at the start left out.
fn prose_words(lexicon: &Lexicon, text: &Text<'_>) -> Vec<usize> {
    let toks = text.tokens();
    let mut words: Vec<usize> = (0..toks.len())
        .filter(|&k| toks[k].is_prose_word())
        .collect();
    if words.len() > 1
        && lexicon
            .appositive_openers
            .contains(toks[words[0]].lower.as_ref())
    {
        words.remove(0);
    }
    words
}

/// The token `k` of `text` in lower case.
fn word<'t>(text: &'t Text<'_>, k: usize) -> &'t str {
    text.tokens()[k].lower.as_ref()
}

/// The first of `words`, or the second when the first is an article.
fn first_word<'a>(lexicon: &Lexicon, mut words: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let word = words.next()?;
    if is_article(lexicon, word) {
        return words.next();
    }
    Some(word)
}

/// Whether `word`, in any case, is one of the `appositive_openers` (the articles).
fn is_article(lexicon: &Lexicon, word: &str) -> bool {
    lexicon
        .appositive_openers
        .contains(lowercase(word).as_ref())
}

/// Whether two words are the same but for case.
fn same_word(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b) || (!(a.is_ascii() && b.is_ascii()) && lowercase(a) == lowercase(b))
}

/// An option's text must have this many letters to count as the explanation's subject ("7" or
/// "L1" opens many an explanation about something else).
pub const MIN_OPENING_LETTERS: usize = 3;

/// The option whose text ([normalized](crate::text::normalize)) `rest`, plain text in lower
/// case, begins with, followed by the end or a mark that
/// closes a phrase ("is 7: …", "is Jupiter, because"; not "is 4 times larger"); the longest
/// such text wins, and two options of the same length name neither.
fn option_named(q: QuestionRef<'_>, a: &Analysis<'_>, lang: &str, rest: &str) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    let mut tie = false;
    for i in 0..q.options.len() {
        let Some(text) = a.text(Field::Option(i), lang) else {
            continue;
        };
        let option = text.normalized();
        let whole = rest.trim_start().strip_prefix(option).is_some_and(|after| {
            let after = after.trim_start();
            after.is_empty() || after.starts_with([':', '.', ',', ';', '!', ')', '(', '–', '—'])
        });
        if option.is_empty() || !whole {
            continue;
        }
        match best {
            Some((_, len)) if len > option.len() => {}
            Some((_, len)) if len == option.len() => tie = true,
            _ => {
                best = Some((i, option.len()));
                tie = false;
            }
        }
    }
    best.filter(|_| !tie).map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use crate::testing::rule_findings;

    /// The findings on a question whose fourth option is `fourth`, with the key `key`.
    fn findings(fourth: &str, key: &str) -> Vec<String> {
        let question = format!(
            "[[question]]\nid = \"q\"\nstem = \"Which of these metals is liquid at room temperature?\"\n\
             answer = \"{key}\"\nexplanation = \"Gallium melts in the hand, at about 30 °C, but not at room temperature.\"\n\
             options = [\"Gallium\", \"Caesium\", \"Sodium\", \"{fourth}\"]\n"
        );
        rule_findings("explanation-contradicts-key", "\"en\"", &question)
    }

    /// The explanation of a "none of the above" key goes through the options it rules out; a
    /// key with content of its own is what the explanation should open with.
    #[test]
    fn a_none_of_the_above_key_may_be_explained_by_a_distractor() {
        assert!(findings("None of these", "D").is_empty());
        let other = findings("Mercury", "D");
        assert_eq!(other.len(), 1, "{other:?}");
        assert!(other[0].contains("opens with option A"), "{other:?}");
    }
}
