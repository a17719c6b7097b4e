//! `explanation-contradicts-key` (K002): the explanation names another option as the answer.

use std::sync::OnceLock;

use quizkit_model::letter_index;

use crate::lexicon::{Lexicon, PhraseSet, find};
use crate::text::byte_bits;
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule explanation-contradicts-key` prints.
pub const DOCS: &str = r#"## What it does
Finds explanations that state the answer by letter ("Antwoord: B", "optie B is juist",
"the answer is B", "B is correct") when that letter is not in the key. The phrases are in the
lexicon of the explanation's language (`lexicons/nl.toml`, `lexicons/en.toml`).

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
    key: String,
    lang: String,
}

impl Violation for ExplanationContradictsKey {
    fn message(&self) -> String {
        format!(
            "the explanation (`{}`) says the answer is {}, but the key is {}",
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

/// What stands beside the letter of an answer statement, as bytes: a necessary condition for
/// a phrase that names a letter to match in a text, tested in one pass over the text's bytes
/// (the phrase search, and [`PhraseSet::may_match`], which also looks for the phrases' words,
/// follow only where it holds).
///
/// A letter (a one-letter token, a capital `A`–`Z`) has no ASCII letter or digit on either
/// side. A phrase with a part before its first letter has that part's token right before it,
/// past white space: its last character, in lower case, is the part's; a phrase that starts
/// with the letter has the next part's token after it, whose first character is the part's.
/// A byte that is not ASCII there (white space of another kind, a character whose lower case
/// may be ASCII) lets the text through. Phrases that name no letter are left out: they
/// never make this rule report.
#[derive(Debug, Default)]
struct LetterContext {
    /// The ASCII characters (in lower case) that end the part before a letter, one bit each.
    before: u128,
    /// The ASCII characters (in lower case) that start the part after a letter that starts a
    /// phrase.
    after: u128,
    /// Some phrase has a letter with nothing ASCII to tell beside it: every text may match.
    any: bool,
}

impl LetterContext {
    /// The context of the letters of `phrases`.
    fn of(phrases: &PhraseSet) -> LetterContext {
        let mut context = LetterContext::default();
        let bit = |c: char| 1u128 << (c.to_ascii_lowercase() as u32 & 127);
        for phrase in &phrases.phrases {
            // A phrase's parts are the tokens of the pieces around its letters; white space
            // only separates them.
            let Some((head, tail)) = phrase.text.split_once("{letter}") else {
                continue;
            };
            match (head.trim_end().chars().next_back(), tail.trim_start()) {
                (Some(c), _) if c.is_ascii() => context.before |= bit(c),
                (None, tail) if !tail.starts_with("{letter}") => match tail.chars().next() {
                    Some(c) if c.is_ascii() => context.after |= bit(c),
                    _ => context.any = true,
                },
                _ => context.any = true,
            }
        }
        context
    }

    /// The context of the phrases of both: [`LetterContext::may_name_letter`] of it is true
    /// wherever that of `self` or of `other` is.
    fn union(&self, other: &LetterContext) -> LetterContext {
        LetterContext {
            before: self.before | other.before,
            after: self.after | other.after,
            any: self.any || other.any,
        }
    }

    /// False when no phrase that names a letter can match in `text` (see the type): a test
    /// of every capital that is followed by no ASCII letter or digit, found 64 bytes at a
    /// time.
    fn may_name_letter(&self, text: &str) -> bool {
        if self.any {
            return true;
        }
        let bytes = text.as_bytes();
        let n = bytes.len();
        if n < 65 {
            // Shorter than a block and the byte after it: padded with zero bytes, which are
            // neither capitals nor letters or digits, so the last byte is tested too.
            let mut padded = [0; 65];
            padded[..n].copy_from_slice(bytes);
            return self.any_letter_at(&padded, 0, lone_capitals(&padded, 0));
        }
        let mut at = 0;
        while at + 65 <= n {
            if self.any_letter_at(bytes, at, lone_capitals(bytes, at)) {
                return true;
            }
            at += 64;
        }
        // The rest: the last 65 bytes as one more block, with the positions before `at`
        // (tested already) dropped, then the last byte, which has none after it.
        (at < n - 1
            && self.any_letter_at(bytes, at, lone_capitals(bytes, n - 65) >> (at - (n - 65))))
            || (bytes[n - 1].is_ascii_uppercase() && self.letter_at(bytes, n - 1))
    }

    /// True when one of the capitals at `at` plus the set bits of `capitals` may be a letter
    /// of a phrase ([`LetterContext::letter_at`]).
    fn any_letter_at(&self, bytes: &[u8], at: usize, mut capitals: u64) -> bool {
        while capitals != 0 {
            if self.letter_at(bytes, at + capitals.trailing_zeros() as usize) {
                return true;
            }
            capitals &= capitals - 1;
        }
        false
    }

    /// True when the capital at byte `i` of `bytes` may be a letter of a phrase.
    fn letter_at(&self, bytes: &[u8], i: usize) -> bool {
        if (i > 0 && bytes[i - 1].is_ascii_alphanumeric())
            || bytes.get(i + 1).is_some_and(u8::is_ascii_alphanumeric)
        {
            return false;
        }
        let space = |b: &&u8| matches!(b, b'\t'..=b'\r' | b' ');
        let beside = |b: Option<&u8>, set: u128| {
            b.is_some_and(|&b| !b.is_ascii() || set & (1 << (b.to_ascii_lowercase() & 127)) != 0)
        };
        beside(bytes[..i].iter().rev().find(|b| !space(b)), self.before)
            || beside(bytes[i + 1..].iter().find(|b| !space(b)), self.after)
    }
}

/// A bit for each capital `A`–`Z` in `bytes[at..at + 64]` that is followed by no ASCII letter
/// (`bytes` has a byte after the block): few blocks of prose have one. Branch-free
/// over the block (`|` and `&` of bytes, not `||` of `bool`s), so that it is vectorized, and
/// packed into bits only when the block has one.
#[inline(always)]
fn lone_capitals(bytes: &[u8], at: usize) -> u64 {
    let here: &[u8; 64] = bytes[at..at + 64].try_into().expect("64 bytes");
    let next: &[u8; 64] = bytes[at + 1..at + 65].try_into().expect("64 bytes");
    let mut hits = [0u8; 64];
    for ((hit, &b), &c) in hits.iter_mut().zip(here).zip(next) {
        // `c | 0x20` is a lower-case letter exactly when `c` is a letter. A digit after the
        // capital (`L2`) is left to [`LetterContext::letter_at`]: one test less a byte.
        *hit = u8::from(b.wrapping_sub(b'A') < 26) & u8::from((c | 0x20).wrapping_sub(b'a') >= 26);
    }
    if hits.iter().fold(0, |any, &h| any | h) == 0 {
        return 0;
    }
    byte_bits(&hits)
}

/// The [`LetterContext`]s of the built-in lexicons' answer statements, worked out once (they
/// are built in and never change).
struct Contexts {
    /// The context of each lexicon of [`Lexicon::all`], in its order.
    each: Vec<LetterContext>,
    /// The union of them all ([`LetterContext::union`]): a text it rules out names no letter
    /// in any language, and its lexicon need not be looked up.
    any_language: LetterContext,
}

/// The [`Contexts`] of the built-in lexicons; `None` when they do not load.
fn contexts() -> Option<&'static Contexts> {
    static CONTEXTS: OnceLock<Option<Contexts>> = OnceLock::new();
    CONTEXTS
        .get_or_init(|| {
            let each: Vec<LetterContext> = Lexicon::all()
                .ok()?
                .iter()
                .map(|l| LetterContext::of(&l.answer_statements))
                .collect();
            let any_language = each
                .iter()
                .fold(LetterContext::default(), |all, c| all.union(c));
            Some(Contexts { each, any_language })
        })
        .as_ref()
}

/// The [`LetterContext`] of `lexicon`'s answer statements; `None` for a lexicon that is not
/// built in.
fn letter_context(lexicon: &'static Lexicon) -> Option<&'static LetterContext> {
    let all = Lexicon::all().ok()?;
    let at = all.iter().position(|l| std::ptr::eq(l, lexicon))?;
    contexts()?.each.get(at)
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let (Some(answer), Some(explanation)) = (&q.answer, &q.explanation) else {
        return;
    };
    // The key's letters, gathered only for an explanation that may name one: most do not.
    let mut key: Option<Vec<&str>> = None;
    let any_language = contexts().map(|c| &c.any_language);
    for entry in &explanation.entries {
        // Most explanations name no answer in any language: those are told by their bytes
        // alone, before the language's lexicon and its letter context are looked up.
        if any_language.is_some_and(|c| !c.may_name_letter(&entry.text.value)) {
            continue;
        }
        let Some(lexicon) = cx.lexicon(&entry.lang.value) else {
            continue;
        };
        // Then by the letters the language's phrases take, and by its phrases' words.
        if letter_context(lexicon).is_some_and(|c| !c.may_name_letter(&entry.text.value))
            || !lexicon.answer_statements.may_match(&entry.text.value)
        {
            continue;
        }
        let key = key.get_or_insert_with(|| {
            answer
                .letters
                .iter()
                .map(|l| l.value.as_str())
                .filter(|l| letter_index(l).is_some_and(|i| i < q.options.len()))
                .collect()
        });
        if key.is_empty() {
            return;
        }
        let toks = a.tokens(&entry.text.value);
        for m in find(&lexicon.answer_statements, toks) {
            for (letter, range) in m.letters {
                if key.iter().any(|k| k.starts_with(letter)) {
                    continue;
                }
                let v = ExplanationContradictsKey {
                    said: letter,
                    key: key.join(", "),
                    lang: entry.lang.value.clone(),
                };
                let span = cx.locate(q.file, &entry.text, range);
                out.push(Finding::on(q, span, &v).with_related(
                    q.file,
                    answer.span.clone(),
                    "the key",
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::xorshift;
    use crate::text::tokens;

    /// Texts of pieces and glue picked by a small deterministic generator: the phrases of the
    /// built-in answer statements with letters in them, in capitals too, words and marks
    /// found beside letters, and runs of prose of many lengths, so that letters land at every
    /// place of the 64-byte blocks and of a text's last bytes.
    fn generated_texts(count: usize) -> Vec<String> {
        let mut pieces: Vec<String> = [
            "A",
            "B",
            "C",
            "Z",
            "c",
            "AB",
            "B's",
            "B2",
            "B-tree",
            ":",
            ".",
            ",",
            "(",
            ")",
            "*",
            "`",
            "é",
            "\u{212A}EY",
            "ANTWOORD",
            "Answer",
            "is",
            "IS",
            "the",
            "x",
            "A typical",
            "een",
            "1",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
        for lexicon in Lexicon::all().unwrap_or_default() {
            for phrase in &lexicon.answer_statements.phrases {
                pieces.push(phrase.text.replace("{letter}", "C"));
                pieces.push(phrase.text.replace("{letter}", "D").to_uppercase());
                pieces.extend(
                    phrase
                        .text
                        .replace("{letter}", "B")
                        .split(' ')
                        .map(str::to_owned),
                );
            }
        }
        let glue = [
            " ",
            "",
            " ",
            "\n",
            ": ",
            "\t",
            "\u{a0}",
            " \u{2009}",
            "\r\n",
            ". ",
        ];
        let prose = "In practice the cache is often combined with inlining to shorten the time. ";
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: usize| (xorshift(&mut state) % n as u64) as usize;
        (0..count)
            .map(|_| {
                let mut text = prose[..next(prose.len())].to_owned();
                for _ in 0..next(6) {
                    text.push_str(&prose[..next(prose.len())]);
                    text.push_str(&pieces[next(pieces.len())]);
                    text.push_str(glue[next(glue.len())]);
                }
                text
            })
            .collect()
    }

    /// The block scan of [`LetterContext::may_name_letter`] is [`LetterContext::letter_at`]
    /// tried at every capital, and no text in which a phrase names a letter is ruled out.
    #[test]
    fn may_name_letter_never_rules_out_a_letter() {
        let all = Lexicon::all().unwrap_or_default();
        let any_language = &contexts().expect("built in").any_language;
        let (mut matched, mut ruled_out, mut ruled_out_in_all) = (0, 0, 0);
        for text in generated_texts(40_000) {
            let toks = tokens(&text);
            let may_in_any = any_language.may_name_letter(&text);
            ruled_out_in_all += usize::from(!may_in_any);
            for lexicon in all {
                let context = letter_context(lexicon).expect("built in");
                let bytes = text.as_bytes();
                let expected = (0..bytes.len())
                    .any(|i| bytes[i].is_ascii_uppercase() && context.letter_at(bytes, i));
                let may = context.may_name_letter(&text);
                assert_eq!(may, expected, "{text:?} ({})", lexicon.lang);
                // The test of all languages at once lets through what any language's does.
                assert!(!may || may_in_any, "{text:?} ({})", lexicon.lang);
                let names_letter = find(&lexicon.answer_statements, &toks)
                    .iter()
                    .any(|m| !m.letters.is_empty());
                if names_letter {
                    matched += 1;
                    assert!(may, "{text:?} ({})", lexicon.lang);
                } else {
                    ruled_out += usize::from(!may);
                }
            }
        }
        assert!(
            matched > 1_000,
            "the generator rarely builds a match: {matched}"
        );
        assert!(ruled_out > 10_000, "the test rules out little: {ruled_out}");
        assert!(
            ruled_out_in_all > 5_000,
            "the test of all languages rules out little: {ruled_out_in_all}"
        );
    }

    /// The context of the built-in answer statements: what stands before and after letters.
    #[test]
    fn letter_context_of_the_answer_statements() {
        let en = Lexicon::get("en").expect("built in");
        let context = LetterContext::of(&en.answer_statements);
        assert!(!context.any);
        let set = |chars: &str| chars.bytes().fold(0u128, |set, b| set | 1 << b);
        // `answer : X`, `the answer is X`, `answer X is`, `option X is`, `key : X`; `X is`.
        assert_eq!(context.before, set(":srn"));
        assert_eq!(context.after, set("i"));
        assert!(!context.may_name_letter("A typical measurement. A B-tree, and TLB or L2."));
        assert!(context.may_name_letter("The answer is\u{a0}B."));
        assert!(context.may_name_letter("B\nis correct"));
        assert!(!context.may_name_letter("The answer is B2."));
    }
}
