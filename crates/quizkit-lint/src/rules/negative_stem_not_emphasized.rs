//! `negative-stem-not-emphasized` (F019): a stem asks for the exception without making the
//! negation stand out.

use crate::lexicon::{Lexicon, PhraseMatch, find};
use crate::text::Token;
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule negative-stem-not-emphasized` prints.
pub const DOCS: &str = r#"## What it does
Finds negations ("niet", "geen", "behalve", "not", "except"; the `negations` of the language
in `lexicons/`) in the question sentence of a stem that are neither in capitals (`NIET`,
`NOT`) nor emphasized (`**niet**`, `*not*`). Only the sentence that asks (the one ending in
`?`, or the last one) is checked, so a negation in the scenario before it is left alone, and
within it only the main clause: a negation in a subordinate clause ("a layer *that does not*
fit", "een laag *die niet* past", the `subordinators` of the language) or in parentheses
describes the subject rather than asking for the exception.

The flaw is a stem that asks which option is *not* true ("Welke … is GEEN …", "Which of
these is not …"), so a negation counts only in a question sentence that asks to pick an
option (with one of the `selection_words` of the language: "welke", "wat", "which",
"what"), or in a stem that ends in the negation, for the option to complete ("All of these
are noble gases except", "…, behalve"). A negation that is content is left alone: in a
question that asks for a reason or an amount ("Why is this table not in second normal
form?", "Waarom past het model niet?"), right after a contrast word ("in the TCP header but
not in the UDP header", "maar niet"; the `contrast_words`) or a slash ("True/false"), and a
negative determiner after a verb of having in its clause ("Welke planeet heeft geen manen?",
a property like the English "has no moons"; the `negative_determiners` and
`possession_verbs`).

## Why is this bad?
Learners read past a small "not" and answer the positive question, so the item measures
reading speed. Haladyna, Downing and Rodriguez (guideline 17): word stems positively, and if a
negative is needed, capitalize and bold it.

## Example
```toml
[[question]]
id = "cache-levels"
stem = "Which of these is not a level of the cache hierarchy?"
answer = "C"
options = ["L1", "L2", "L7"]
```

## Use instead
```toml
[[question]]
id = "cache-levels"
stem = "Which of these is **NOT** a level of the cache hierarchy?"
answer = "C"
options = ["L1", "L2", "L7"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F019",
    name: "negative-stem-not-emphasized",
    level: Level::Warning,
    summary: "A negative stem (not, except, niet, geen) does not emphasize the negation.",
    docs: DOCS,
    check: Check::Question(check),
};

struct NegativeStemNotEmphasized {
    word: String,
}

impl Violation for NegativeStemNotEmphasized {
    fn message(&self) -> String {
        format!(
            "the stem asks a negative question with \"{}\", which is easy to read past",
            self.word
        )
    }
    fn label(&self) -> Option<String> {
        Some("not emphasized".into())
    }
    fn help(&self) -> Option<String> {
        Some(format!(
            "write it as `{}` or `**{}**`, or ask the question positively",
            self.word.to_uppercase(),
            self.word.to_uppercase()
        ))
    }
}

/// The byte range of the sentence that asks: the one ending in `?`, else the last one.
fn question_sentence(text: &str) -> std::ops::Range<usize> {
    // Without a `?`, the sentence ends at the text's last character, which may be wider
    // than one byte.
    let (before_end, end) = match text.rfind('?') {
        Some(i) => (i, i + 1),
        None => (text.char_indices().last().map_or(0, |(i, _)| i), text.len()),
    };
    let before = &text[..before_end];
    let start = before
        .char_indices()
        .rev()
        .find(|&(i, c)| {
            matches!(c, '.' | '!' | '?' | ':' | '\n')
                && before[i + c.len_utf8()..]
                    .chars()
                    .next()
                    .is_none_or(char::is_whitespace)
        })
        .map_or(0, |(i, c)| i + c.len_utf8());
    start..end
}

/// True when the word at token `at` stands in a subordinate clause or in parentheses: after
/// a subordinator with no clause boundary (`,` `;` `:` `(` `)`) in between, or inside `( )`.
/// A subordinator that opens the sentence (`sentence_start`) is the question word itself
/// ("Which of these is not…", "Wanneer is … niet …").
fn subordinate(lexicon: &Lexicon, toks: &[Token<'_>], at: usize, sentence_start: usize) -> bool {
    let mut depth = 0i32;
    for t in toks[..at].iter().rev() {
        match t.text {
            ")" => depth += 1,
            "(" if depth == 0 => return true,
            "(" => depth -= 1,
            _ => {}
        }
    }
    for t in toks[..at].iter().rev() {
        if !t.word && matches!(t.text, "," | ";" | ":" | "(" | ")") {
            return false;
        }
        if t.word
            && t.range.start > sentence_start
            && lexicon.subordinators.contains(t.lower.as_ref())
        {
            return true;
        }
    }
    false
}

/// The byte offset of the first word of the sentence.
fn sentence_start(text: &str, sentence: &std::ops::Range<usize>) -> usize {
    let inner = &text[sentence.clone()];
    sentence.start + inner.len() - inner.trim_start().len()
}

/// True when the sentence at `sentence` asks to pick an option: it has one of the
/// `selection_words` ("which", "welke").
fn selects(lexicon: &Lexicon, toks: &[Token<'_>], sentence: &std::ops::Range<usize>) -> bool {
    toks.iter().any(|t| {
        t.word
            && !t.code
            && sentence.contains(&t.range.start)
            && lexicon.selection_words.contains(t.lower.as_ref())
    })
}

/// True when the negation `m` is the last word of the text: a stem to complete with the
/// exception ("All of these are noble gases except", "…, behalve:"), which selects an option
/// without a question word.
fn completed_by_option(toks: &[Token<'_>], m: &PhraseMatch) -> bool {
    toks[m.tokens.end..].iter().all(|t| !t.word)
}

/// True when the negation at token `at` is a determiner after a verb of having in the same
/// clause ("Welke planeet heeft geen manen?", the `negative_determiners` and
/// `possession_verbs`): a property of the subject, like the English "has no moons".
fn possessed(lexicon: &Lexicon, toks: &[Token<'_>], at: usize) -> bool {
    if !lexicon
        .negative_determiners
        .contains(toks[at].lower.as_ref())
    {
        return false;
    }
    for t in toks[..at].iter().rev() {
        if !t.word && matches!(t.text, "," | ";" | ":" | "(" | ")" | "." | "?" | "!") {
            return false;
        }
        if t.word && lexicon.possession_verbs.contains(t.lower.as_ref()) {
            return true;
        }
    }
    false
}

/// True when the word right before token `at` is a contrast word ("but not", "maar niet"), or
/// a slash ("true/false", "juist/onjuist").
fn contrasted(lexicon: &Lexicon, toks: &[Token<'_>], at: usize) -> bool {
    at.checked_sub(1)
        .and_then(|i| toks.get(i))
        .is_some_and(|t| {
            (t.word && lexicon.contrast_words.contains(t.lower.as_ref()))
                || (!t.word && t.text == "/")
        })
}

fn emphasized(text: &str, range: &std::ops::Range<usize>) -> bool {
    let before = text[..range.start].chars().next_back();
    let after = text[range.end..].chars().next();
    matches!(before, Some('*' | '_')) && matches!(after, Some('*' | '_'))
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    for stem in a.texts(Field::Stem) {
        let Some(lexicon) = cx.lexicon(stem.lang()) else {
            continue;
        };
        if !stem.may_occur(&lexicon.negations) {
            continue;
        }
        let text = stem.value();
        let sentence = question_sentence(text);
        let toks = stem.tokens();
        let selecting = selects(lexicon, toks, &sentence);
        for m in find(&lexicon.negations, toks) {
            if !sentence.contains(&m.range.start)
                || !(selecting || completed_by_option(toks, &m))
                || contrasted(lexicon, toks, m.tokens.start)
                || possessed(lexicon, toks, m.tokens.start)
                || subordinate(
                    lexicon,
                    toks,
                    m.tokens.start,
                    sentence_start(text, &sentence),
                )
            {
                continue;
            }
            let words = &toks[m.tokens.clone()];
            let shouted = words.iter().filter(|t| t.word).all(|t| t.is_shouted());
            if shouted || emphasized(text, &m.range) {
                continue;
            }
            let v = NegativeStemNotEmphasized {
                word: text[m.range.clone()].to_owned(),
            };
            out.push(Finding::on(
                q,
                cx.locate(q.file, stem.spanned(), m.range),
                &v,
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::question_sentence;

    #[test]
    fn a_stem_ending_in_a_wide_character_has_a_question_sentence() {
        let text = "Welke is niet juist\u{2029}";
        assert_eq!(question_sentence(text), 0..text.len());
        assert_eq!(question_sentence("Niet deze. Welke?"), 10..17);
    }
}
