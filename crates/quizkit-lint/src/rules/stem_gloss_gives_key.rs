//! `stem-gloss-gives-key` (F022): a gloss in the stem says what the key says.

use std::ops::Range;

use crate::lexicon::Lexicon;
use crate::text::Token;
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule stem-gloss-gives-key` prints.
pub const DOCS: &str = r#"## What it does
Finds a gloss in the stem, a parenthesis (`gradient checkpointing (recomputing
activations)`), a phrase between two dashes (`Which court – called the Court of Justice –
rules …`, en or em dashes, not those of a range of numbers such as `1914–1918`) or an
appositive after a comma that opens with an article, up to the next comma or the question
mark (`MFU, a measure of …,`; the `appositive_openers` of the language in `lexicons/`), whose content words the key repeats:
at least two of them, at least one that no distractor has, and more than any distractor
repeats; or, for a short key, every content word of the key ("the pancreas" in
"insulin (a hormone from the islets of Langerhans in the pancreas)"), and more than any
distractor repeats. Content words are compared by their stems (Snowball), and a word counts
as repeated when one stem holds the other, of at least five letters ("recomputing" and
"computed", "herberekening" and "berekend", "activaties" and "activatie"); stop words and
words of fewer than four letters are not counted. A gloss of
one word, such as a translation of the term (`kennisdestillatie (knowledge distillation)`),
is left to `stem-key-word-repeat`.

## Why is this bad?
A gloss that explains the term explains the answer: a learner who does not know the term
picks the option that repeats the gloss. The stem then tests reading, not knowledge
(a word-repeat cue, Tarrant et al. 2006, flaw 12).

## Example
```toml
[[question]]
id = "gradient-checkpointing"
stem = "Which statement about gradient checkpointing (recomputing activations) is correct?"
answer = "B"
options = [
  "The gradients are written to disk regularly, so training can resume after a failure",
  "Part of the activations is kept; the rest is computed again during backpropagation",
  "The activations are stored in lower precision, which saves memory at no extra cost",
]
```

## Use instead
```toml
[[question]]
id = "gradient-checkpointing"
stem = "Which statement about gradient checkpointing in training neural networks is correct?"
answer = "B"
options = [
  "The gradients are written to disk regularly, so training can resume after a failure",
  "Part of the activations is kept; the rest is computed again during backpropagation",
  "The activations are stored in lower precision, which saves memory at no extra cost",
]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F022",
    name: "stem-gloss-gives-key",
    level: Level::Warning,
    summary: "A gloss in the stem repeats the key's content words and not a distractor's.",
    docs: DOCS,
    check: Check::Question(check),
};

struct StemGlossGivesKey {
    gloss: String,
    words: Vec<String>,
}

impl Violation for StemGlossGivesKey {
    fn message(&self) -> String {
        format!(
            "the gloss `{}` in the stem says what the key says ({})",
            self.gloss,
            self.words
                .iter()
                .map(|w| format!("\"{w}\""))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
    fn label(&self) -> Option<String> {
        Some("repeated by the key".into())
    }
    fn help(&self) -> Option<String> {
        Some("drop the gloss, or gloss the term in words that do not point at one option".into())
    }
}

/// A gloss needs at least this many content words, and the key must repeat this many unless
/// the gloss holds every content word of the key.
pub const MIN_WORDS: usize = 2;

/// Content words shorter than this many letters are not counted.
pub const MIN_LETTERS: usize = 4;

/// Two stems match when they are equal, or the longer holds the shorter and the shorter has
/// at least this many characters (a compound, or a prefix such as "her-", "re-").
pub const MIN_SHARED: usize = 5;

/// The dashes that set off a parenthetical phrase: an en dash or an em dash.
const DASHES: [char; 2] = ['–', '—'];

/// Whether token `i` of `toks` is a dash that may set off a phrase: not one in a range of
/// numbers written close (`10–20`).
fn is_dash(toks: &[Token<'_>], i: usize) -> bool {
    let t = &toks[i];
    if t.word || t.code || !t.text.starts_with(DASHES) {
        return false;
    }
    let digit = |c: char| c.is_ascii_digit();
    let digit_before = (i.checked_sub(1).map(|j| &toks[j]))
        .is_some_and(|p| p.range.end == t.range.start && p.text.ends_with(digit));
    let digit_after = (toks.get(i + 1))
        .is_some_and(|n| n.range.start == t.range.end && n.text.starts_with(digit));
    !(digit_before && digit_after)
}

/// The glosses of a stem, as ranges of token indices without their brackets or commas, and
/// the byte range to point at.
fn glosses(lexicon: &Lexicon, toks: &[Token<'_>]) -> Vec<(Range<usize>, Range<usize>)> {
    let mut out = Vec::new();
    let punct = |t: &Token<'_>, p: &str| !t.word && !t.code && t.text == p;
    for (i, t) in toks.iter().enumerate() {
        if punct(t, "(") {
            if let Some(close) = (i + 1..toks.len()).find(|&j| punct(&toks[j], ")")) {
                out.push((i + 1..close, t.range.start..toks[close].range.end));
            }
        } else if is_dash(toks, i) {
            // A gloss between dashes ("Which court – called the Court of Justice – rules …").
            if let Some(close) = (i + 1..toks.len()).find(|&j| is_dash(toks, j))
                && close > i + 1
            {
                out.push((
                    i + 1..close,
                    toks[i + 1].range.start..toks[close - 1].range.end,
                ));
            }
        } else if punct(t, ",")
            && toks
                .get(i + 1)
                .is_some_and(|n| n.word && lexicon.appositive_openers.contains(n.lower.as_ref()))
            // Up to the next comma, or the question mark that ends the stem ("What is the job
            // of a garbage collector, the part of the runtime that frees unused memory?").
            && let Some(close) = (i + 1..toks.len())
                .find(|&j| punct(&toks[j], ",") || punct(&toks[j], "?"))
        {
            out.push((
                i + 1..close,
                toks[i + 1].range.start..toks[close - 1].range.end,
            ));
        }
    }
    out
}

/// Content words: each stem with the first word of it as written.
type Words = Vec<(String, String)>;

/// The distinct stems of the content words of `toks`, with the first word of each as written.
fn content_stems(lexicon: &Lexicon, toks: &[Token<'_>]) -> Words {
    let mut out: Vec<(String, String)> = Vec::new();
    for t in toks {
        let letters = t.text.chars().filter(|c| c.is_alphabetic()).count();
        if !t.word
            || t.code
            || letters < MIN_LETTERS
            || t.text.chars().any(|c| c.is_ascii_digit())
            || lexicon.is_stopword(&t.lower)
        {
            continue;
        }
        let stem = lexicon.stem(&t.lower);
        if !out.iter().any(|(s, _)| *s == stem) {
            out.push((stem, t.text.to_owned()));
        }
    }
    out
}

fn stems_match(a: &str, b: &str) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    short == long || (short.chars().count() >= MIN_SHARED && long.contains(short))
}

/// The gloss words `option` repeats.
fn repeated<'g>(gloss: &'g [(String, String)], option: &[(String, String)]) -> Vec<&'g str> {
    gloss
        .iter()
        .filter(|(g, _)| option.iter().any(|(o, _)| stems_match(g, o)))
        .map(|(_, word)| word.as_str())
        .collect()
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let Some(key) = Context::single_key(q.question) else {
        return;
    };
    for stem in a.texts(Field::Stem) {
        let lang = stem.lang();
        let Some(lexicon) = cx.lexicon(lang) else {
            continue;
        };
        // Most stems have no parenthesis, comma or dash, and so no gloss.
        if !stem.value().contains(['(', ',', DASHES[0], DASHES[1]]) {
            continue;
        }
        let toks = stem.tokens();
        // The glosses with their content words; one of fewer words is a translation.
        let found: Vec<(Words, Range<usize>)> = glosses(lexicon, toks)
            .into_iter()
            .map(|(inner, span)| (content_stems(lexicon, &toks[inner]), span))
            .filter(|(gloss, _)| gloss.len() >= MIN_WORDS)
            .collect();
        if found.is_empty() {
            continue;
        }
        // The content words of every option in this language; a question missing one is
        // left to `missing-translation`.
        let Some(options): Option<Vec<Vec<(String, String)>>> = (0..q.options.len())
            .map(|i| {
                Some(content_stems(
                    lexicon,
                    a.text(Field::Option(i), lang)?.tokens(),
                ))
            })
            .collect()
        else {
            continue;
        };
        for (gloss, span) in found {
            let by_key = repeated(&gloss, &options[key]);
            let by_distractors: Vec<Vec<&str>> = (0..options.len())
                .filter(|&i| i != key)
                .map(|i| repeated(&gloss, &options[i]))
                .collect();
            let most = by_distractors.iter().map(Vec::len).max().unwrap_or(0);
            let key_only = by_key
                .iter()
                .any(|w| !by_distractors.iter().any(|d| d.contains(w)));
            // Every content word of the key is in the gloss: the gloss names the key.
            let whole_key = !options[key].is_empty()
                && options[key]
                    .iter()
                    .all(|(o, _)| gloss.iter().any(|(g, _)| stems_match(g, o)));
            let gives = (by_key.len() >= MIN_WORDS && key_only) || whole_key;
            if gives && by_key.len() > most {
                let v = StemGlossGivesKey {
                    gloss: stem.value()[span.clone()].to_owned(),
                    words: by_key.iter().map(|w| (*w).to_owned()).collect(),
                };
                out.push(Finding::on(q, cx.locate(q.file, stem.spanned(), span), &v));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_match_when_one_holds_the_other() {
        let en = Lexicon::get("en").expect("the English lexicon");
        let nl = Lexicon::get("nl").expect("the Dutch lexicon");
        assert!(stems_match(&en.stem("recomputing"), &en.stem("computed")));
        assert!(stems_match(&nl.stem("herberekening"), &nl.stem("berekend")));
        assert!(stems_match(&nl.stem("activaties"), &nl.stem("activatie")));
        assert!(!stems_match(&nl.stem("geheugen"), &nl.stem("rekenwerk")));
        assert!(!stems_match("data", "metadata"), "too short to count");
    }

    #[test]
    fn a_dash_in_a_range_of_numbers_sets_off_no_gloss() {
        let en = Lexicon::get("en").expect("the English lexicon");
        let count = |t: &str| glosses(en, &crate::text::tokens(t)).len();
        assert_eq!(
            count("Which court – called the Court of Justice – rules?"),
            1
        );
        assert_eq!(count("Which court—called the Court of Justice—rules?"), 1);
        assert_eq!(count("Which years 1914–1918 and 1939–1945 saw war?"), 0);
    }
}
