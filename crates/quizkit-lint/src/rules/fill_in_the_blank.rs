//! `fill-in-the-blank` (F010): the stem is a sentence with a blank instead of a question.

use std::ops::Range;

use crate::text::code_ranges;
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule fill-in-the-blank` prints.
pub const DOCS: &str = r#"## What it does
Finds stems with a blank to fill in: a run of three or more underscores (`___`) that is not
Markdown emphasis (no letter right before or right after it), also in code (`` `git ____` ``),
or an ellipsis (`…`, `...`, `....`, also emphasized: `*…*`) before a word (a parenthesis
between them allowed: `… (1949) describes`) of a sentence that does not end in `?`, at its
start or after another word; in brackets too (`lasts (...) minutes`), but not in a quotation,
where `[…]` and `(…)` are a cut. Ellipses in code or math are left alone, and so is a blank inside a quotation
that a question follows (a form quoted with its empty field: "A page reads: “enter your code
here: ______”. What do you do?"; a cut in a quoted sentence: "A guide says: “Quartz … breaks
with a conchoidal fracture.” What does such a fracture look like?").

## Why is this bad?
A stem with a blank hides the question in a sentence the learner has to complete with each
option in turn: it is harder to read, invites grammatical cues between the sentence and the
options, and often has no single best completion (Tarrant et al. 2006, flaw 10;
Haladyna, Downing and Rodriguez, guideline 14: use the question format or a completion at
the end).

## Example
```toml
[[question]]
id = "kv-cache"
stem = "The ___ keeps the keys and values of earlier tokens during decoding."
answer = "A"
options = ["KV cache", "L2 cache", "page table"]
```

## Use instead
```toml
[[question]]
id = "kv-cache"
stem = "What keeps the keys and values of earlier tokens during decoding?"
answer = "A"
options = ["The KV cache", "The L2 cache", "The page table"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F010",
    name: "fill-in-the-blank",
    level: Level::Info,
    summary: "The stem has a blank (`___`, `…`) instead of a question.",
    docs: DOCS,
    check: Check::Question(check),
};

struct FillInTheBlank {
    blank: String,
}

impl Violation for FillInTheBlank {
    fn message(&self) -> String {
        format!(
            "the stem has a blank (`{}`) to fill in instead of a question",
            self.blank
        )
    }
    fn label(&self) -> Option<String> {
        Some("blank".into())
    }
    fn help(&self) -> Option<String> {
        Some(
            "ask the question itself (\"What keeps …?\"), or end the stem where the options begin"
                .into(),
        )
    }
}

/// Whether the character before byte `at` of `text` (or after it, with `after`) is a letter
/// or a digit.
fn word_char_at(text: &str, at: usize, after: bool) -> bool {
    let c = if after {
        text[at..].chars().next()
    } else {
        text[..at].chars().next_back()
    };
    c.is_some_and(char::is_alphanumeric)
}

/// The first blank of `text` outside code and math, as a byte range.
fn blank(text: &str) -> Option<Range<usize>> {
    let code = code_ranges(text);
    let in_code = |at: usize| code.iter().any(|r| r.contains(&at));
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let underscores = rest.bytes().take_while(|&b| b == b'_').count();
        if underscores >= 3 {
            let end = i + underscores;
            if !word_char_at(text, i, false)
                && !word_char_at(text, end, true)
                && !quoted_before_a_question(text, i)
            {
                return Some(i..end);
            }
            i = end;
            continue;
        }
        let dots = if rest.starts_with('…') {
            '…'.len_utf8()
        } else {
            match rest.bytes().take_while(|&b| b == b'.').count() {
                n if n >= 3 => n,
                _ => 0,
            }
        };
        if dots > 0 {
            let end = i + dots;
            if !in_code(i) && ellipsis_is_blank(text, i, end) && !quoted_before_a_question(text, i)
            {
                return Some(i..end);
            }
            i = end;
            continue;
        }
        i += rest.chars().next().map_or(1, char::len_utf8);
    }
    None
}

/// Whether byte `at` of `text` is inside a quotation (`„…”`, `“…”`, `«…»`, `"…"`) that a
/// question follows: a form or a message quoted with its empty field, not a blank to fill in
/// ("A page reads: “enter your card code here: ______”. What is the safest response?").
fn quoted_before_a_question(text: &str, at: usize) -> bool {
    let (before, after) = text.split_at(at);
    in_quotation(before)
        && after
            .find(['”', '»', '"'])
            .is_some_and(|close| after[close..].contains('?'))
}

/// Whether a quotation (`„…”`, `“…”`, `«…»`, `"…"`) is open at the end of `before`.
fn in_quotation(before: &str) -> bool {
    before
        .rfind(['„', '“', '«'])
        .is_some_and(|open| !before[open..].contains(['”', '»']))
        || before.matches('"').count() % 2 == 1
}

/// An ellipsis at `start..end` stands for a blank: a word before it and after it (spaces,
/// Markdown emphasis around the ellipsis, `*…*`, and a parenthesis after it allowed), not in
/// brackets, in a sentence that does not end in `?`.
fn ellipsis_is_blank(text: &str, start: usize, end: usize) -> bool {
    let emphasis = ['*', '_'];
    let mut before = text[..start].trim_end_matches(emphasis).trim_end();
    let mut after = text[end..].trim_start_matches(emphasis).trim_start();
    // `[…]`, `(…)`: a cut in a quotation; outside one, a blank in brackets ("lasts (...)
    // minutes").
    if before.ends_with(['[', '(']) && after.starts_with([']', ')']) {
        if in_quotation(before) {
            return false;
        }
        before = before[..before.len() - 1].trim_end();
        after = after[1..].trim_start();
    } else if before.ends_with(['[', '(']) || after.starts_with([']', ')']) {
        return false;
    }
    // A parenthesis after the blank ("the novel … (1949) depicts") is passed over.
    if after.starts_with('(')
        && let Some(close) = after.find(')')
    {
        after = after[close + 1..].trim_start();
    }
    if after.is_empty() || !word_char_at(after, 0, true) {
        return false;
    }
    // At the start of the stem, or after a word: not after the end of a sentence.
    if !before.is_empty() && !word_char_at(before, before.len(), false) {
        return false;
    }
    // The end of the sentence the ellipsis is in.
    let sentence_end = after.find(['.', '?', '!', '\n']).map_or(after.len(), |i| i);
    !after[sentence_end..].starts_with('?')
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    for stem in a.texts(Field::Stem) {
        let text = stem.value();
        // Most stems have nothing that could be a blank.
        if !(text.contains("___") || text.contains('…') || text.contains("...")) {
            continue;
        }
        if let Some(range) = blank(text) {
            let v = FillInTheBlank {
                blank: text[range.clone()].to_owned(),
            };
            out.push(Finding::on(q, cx.locate(q.file, stem.spanned(), range), &v));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::blank;

    #[test]
    fn blanks_and_what_is_not_one() {
        let found = |t: &str| blank(t).map(|r| t[r].to_owned());
        assert_eq!(found("De ___ bewaart keys."), Some("___".into()));
        assert_eq!(
            found("The KV cache grows … with the context."),
            Some("…".into())
        );
        assert_eq!(found("De cache is ... groot."), Some("...".into()));
        assert_eq!(
            found("Orwells roman *...* (1949) beschrijft een staat."),
            Some("...".into())
        );
        assert_eq!(found("The list goes on *…*"), None);
        assert_eq!(found("Which is ___bold___ here?"), None);
        assert_eq!(
            found("A page reads: “enter your code here: ______”. What do you do?"),
            None
        );
        assert_eq!(
            found("Een factuur: „Factuurnummer: ______ · Datum: 3 maart”. Wat doet u?"),
            None
        );
        assert_eq!(found("The form says \"Name: ___\". What is missing?"), None);
        assert_eq!(found("“Mijn naam is ___”, zegt ze."), Some("___".into()));
        assert_eq!(found("Welke uitspraak over `a___b` is juist?"), None);
        assert_eq!(found("Welke van 1, 2, … is juist?"), None);
        assert_eq!(
            found("Volgens de auteur „snel […] en zuinig\": welke is juist?"),
            None
        );
        assert_eq!(found("Which statement about A … B is correct?"), None);
        assert_eq!(found("The list goes on…"), None);
    }
}
