//! What the number rules share: a question's `checks` evaluated, option texts read as
//! quantities, the claim tolerance of the bank, and quantity spans mapped into the file.

use std::borrow::Cow;
use std::ops::Range;

use miette::{Diagnostic, SourceSpan};
use quizkit_model::Spanned;
use quizkit_quantity::{Error, Lang, Options, Outcome, Quantity, Tolerance, stated};

use crate::{Context, QuestionRef, text};

/// How numbers are written in a bank language (`nl`, `nl-BE`: Dutch; anything else the
/// English way).
pub(crate) fn lang(code: &str) -> Lang {
    Lang::from_code(code).unwrap_or(Lang::En)
}

/// The claim options of the bank: `[lint] tolerance` (default 10%), the most `≈` allows.
pub(crate) fn options(cx: &Context<'_>) -> Options {
    let mut options = Options::default();
    if let Some(t) = &cx.bank.config.lint.tolerance
        && t.value.is_finite()
        && t.value >= 0.0
    {
        options.tolerance = t.value;
    }
    options
}

/// A byte range from a miette span.
pub(crate) fn range(span: SourceSpan) -> Range<usize> {
    span.offset()..span.offset() + span.len()
}

/// The span in the file of `span`, a span into the string value of `text`.
pub(crate) fn locate(
    cx: &Context<'_>,
    q: QuestionRef<'_>,
    text: &Spanned<String>,
    span: SourceSpan,
) -> Range<usize> {
    cx.locate(q.file, text, range(span))
}

/// The text of an error's label at `span`, if it has one there.
pub(crate) fn label_at(error: &Error, span: SourceSpan) -> Option<String> {
    error
        .labels()?
        .find(|l| l.inner() == &span)
        .and_then(|l| l.label().map(str::to_owned))
}

/// The help an error carries.
pub(crate) fn help(error: &Error) -> Option<String> {
    error.help().map(|h| h.to_string())
}

/// The likely slip behind a claim that does not hold ([`Outcome::hint`]: bits and bytes, or
/// decimal and binary prefixes, only when a unit of information is written in it, so that
/// `2 × 4096³ FLOP = 134 GFLOP` is not put down to GB and GiB).
pub(crate) fn hint(outcome: &Outcome) -> Option<String> {
    outcome.hint().map(|h| h.to_string())
}

/// An option whose whole text is a quantity.
#[derive(Debug, Clone, Copy)]
pub(crate) struct OptionQuantity {
    /// Its value.
    pub value: Quantity,
    /// The precision it is written with: half a unit in its last digit (`1.5 GB`: ±0.05 GB).
    pub precision: Tolerance,
}

impl OptionQuantity {
    /// True when `value` rounds to this option at the precision the option is written with.
    pub fn states(&self, value: f64) -> bool {
        self.precision.allows(value, self.value.value())
    }

    /// True when `value` lies within `tolerance` of this option.
    pub fn within(&self, value: f64, tolerance: Tolerance) -> bool {
        tolerance.allows(value, self.value.value())
    }
}

/// The option text `markdown` in `lang` as a quantity (`1,5 GB`, `1500 MB`, `7B`, `20
/// TFLOPS`, `€ 240`), or `None` when its whole text is not one.
pub(crate) fn option_quantity(markdown: &str, lang: Lang) -> Option<OptionQuantity> {
    // Markdown and number normalization only drop or replace characters: without a digit in
    // the markdown there is none in the text read below.
    if !markdown.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let plain = text::plain(markdown);
    let plain = plain.trim();
    // `€ 240`, `$1,440`: a currency sign before the amount is its unit.
    let written = match [('€', "EUR"), ('$', "USD")]
        .into_iter()
        .find_map(|(sign, code)| Some((plain.strip_prefix(sign)?, code)))
    {
        Some((amount, code)) => Cow::Owned(format!(
            "{} {code}",
            normalize_numbers(amount.trim_start(), lang)
        )),
        None => normalize_numbers(plain, lang),
    };
    // A bare unit (`B`, `W`) is not a quantity option; nor is a text with a relation in it,
    // nor a sentence (whose first unknown word the parser would look up spellings for).
    if !written.bytes().any(|b| b.is_ascii_digit())
        || written.contains(['=', '≈', '~', '±'])
        || written.is_empty()
        || has_prose_word(&written)
    {
        return None;
    }
    // Checking the text against itself gives its value and the precision it is written with.
    let (value, precision) = stated(&written)?;
    Some(OptionQuantity { value, precision })
}

/// The values of `question`'s options in the language `code`, when there are at least three
/// options and every one is a quantity of the same kind, all of different value; `None`
/// otherwise. A quantity is what [`option_quantity`] reads, all of one dimension, or else a
/// number followed by the same word for every option, a unit quizkit does not know (`70 g`,
/// `54 °C`, `12 years`; see [`number_and_word`]). The numeric-option rules (F016, B008) read
/// these.
pub(crate) fn option_values(question: &quizkit_model::Question, code: &str) -> Option<Vec<f64>> {
    if question.options.len() < 3 {
        return None;
    }
    let read = lang(code);
    let texts: Vec<&str> = question
        .options
        .iter()
        .map(|o| o.text.get(code))
        .collect::<Option<_>>()?;
    // Most options are prose: one without a digit is no quantity, read either way.
    if !texts.iter().all(|t| t.bytes().any(|b| b.is_ascii_digit())) {
        return None;
    }
    let quantities: Option<Vec<Quantity>> = texts
        .iter()
        .map(|t| Some(option_quantity(t, read)?.value))
        .collect();
    let values: Vec<f64> = match quantities {
        Some(q) if q.iter().all(|v| v.dim() == q[0].dim()) => {
            q.iter().map(Quantity::value).collect()
        }
        Some(_) => return None,
        None => {
            let read: Vec<(f64, String)> = texts
                .iter()
                .map(|t| number_and_word(t, read))
                .collect::<Option<_>>()?;
            if read.iter().any(|(_, unit)| *unit != read[0].1) {
                return None;
            }
            read.into_iter().map(|(v, _)| v).collect()
        }
    };
    let distinct = values
        .iter()
        .enumerate()
        .all(|(i, v)| !values[..i].contains(v));
    distinct.then_some(values)
}

/// Unit words [`number_and_word`] accepts have at most this many characters.
const MAX_UNIT_CHARS: usize = 10;

/// A text that is a number or a range (`80–100`, read as its lower end), with numbers written
/// as `lang` writes them, and at most one word after it without digits, perhaps after "per"
/// (`70 g`, `54 °C`, `12 years`, `per minute`): the number and the word (`""` for none).
pub(crate) fn number_and_word(markdown: &str, lang: Lang) -> Option<(f64, String)> {
    let plain = text::plain(markdown);
    let written = normalize_numbers(plain.trim(), lang);
    let (number, word) = match written.split_once(char::is_whitespace) {
        Some((number, word)) => (number, word.trim()),
        None => (written.as_ref(), ""),
    };
    // A range (`80–100`) stands at its lower end.
    let number = match number.split_once(['–', '-']) {
        Some((low, high))
            if !low.is_empty()
                && high
                    .parse::<f64>()
                    .is_ok_and(|h| low.parse().is_ok_and(|l: f64| l < h)) =>
        {
            low
        }
        _ => number,
    };
    let value: f64 = number.parse().ok().filter(|v: &f64| v.is_finite())?;
    // `per minuut`, `per minute`: a rate's word after "per".
    let unit = word.strip_prefix("per ").unwrap_or(word);
    let plain_word = unit.chars().count() <= MAX_UNIT_CHARS
        && !unit.contains(char::is_whitespace)
        && !unit.chars().any(|c| c.is_ascii_digit());
    plain_word.then(|| (value, word.to_owned()))
}

/// Common words of the bank languages that are no unit, count word (`billion`), keyword
/// (`to`, `in`) or function (`min`, `max`) of the quantity language: a text in which one
/// stands as a word of its own does not parse.
const PROSE_WORDS: [&str; 11] = [
    "the", "of", "and", "is", "because", "de", "het", "een", "van", "omdat", "niet",
];

/// True when `text` has one of [`PROSE_WORDS`] as a word of its own: at the start or after a
/// space, and followed by the end or by an ASCII character that is neither letter nor digit.
/// The quantity lexer reads exactly that word there as one word token (no token holds a
/// space, and a word token runs over letters, digits and `µ`), which the parser refuses.
fn has_prose_word(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut start = 0;
    while start < bytes.len() {
        let end = bytes[start..]
            .iter()
            .position(|b| !b.is_ascii_alphanumeric())
            .map_or(bytes.len(), |n| start + n);
        let ends_word = bytes.get(end).is_none_or(u8::is_ascii);
        if ends_word && PROSE_WORDS.contains(&&text[start..end]) {
            return true;
        }
        // The next word after a space.
        match bytes[end..].iter().position(|&b| b == b' ') {
            Some(n) => start = end + n + 1,
            None => return false,
        }
    }
    false
}

/// Numbers of `lang` written the way the quantity language reads them: in Dutch `3,5` is
/// `3.5` and `1.000` is `1000`; in English `1,000` is `1000`. A separator that is not between
/// digits, or that cannot be what the language uses it for, is left as it is.
pub(crate) fn normalize_numbers(text: &str, lang: Lang) -> Cow<'_, str> {
    let (decimal, group) = match lang {
        Lang::Nl => (',', '.'),
        Lang::En => ('.', ','),
    };
    let bytes = text.as_bytes();
    // Most options write no separator: nothing to change, and nothing to copy.
    if !bytes.iter().any(|&b| b == b',' || b == b'.') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        if c == decimal || c == group {
            let before = &bytes[..i];
            let int_digits = before
                .iter()
                .rev()
                .take_while(|b| b.is_ascii_digit())
                .count();
            let frac_digits = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if int_digits > 0 && frac_digits > 0 {
                // A group separator before exactly three digits, not after a lone zero.
                let lone_zero = int_digits == 1 && before.last() == Some(&b'0');
                if c == group && frac_digits == 3 && !lone_zero {
                    continue;
                }
                if c == decimal {
                    out.push('.');
                    continue;
                }
            }
        }
        out.push(c);
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use quizkit_quantity::check;

    #[test]
    fn numbers_follow_the_language() {
        assert_eq!(normalize_numbers("1,5 GB", Lang::Nl), "1.5 GB");
        assert_eq!(normalize_numbers("1.000 MB", Lang::Nl), "1000 MB");
        assert_eq!(normalize_numbers("1.000,25 MB", Lang::Nl), "1000.25 MB");
        assert_eq!(normalize_numbers("0.125 s", Lang::Nl), "0.125 s");
        assert_eq!(normalize_numbers("3.5 GB", Lang::Nl), "3.5 GB");
        assert_eq!(normalize_numbers("1,000 MB", Lang::En), "1000 MB");
        assert_eq!(normalize_numbers("1.5 GB", Lang::En), "1.5 GB");
        assert_eq!(normalize_numbers("a, b. c", Lang::Nl), "a, b. c");
    }

    #[test]
    fn options_that_are_quantities() {
        let q = |s: &str, l| option_quantity(s, l).map(|o| o.value.value());
        assert_eq!(q("1,5 GB", Lang::Nl), Some(1.5e9));
        assert_eq!(q("**1500 MB**", Lang::En), Some(1.5e9));
        assert_eq!(q("7B", Lang::En), Some(7e9));
        assert_eq!(q("20 TFLOPS", Lang::Nl).map(|v| v / 1e12), Some(20.0));
        for not in [
            "N / 3",
            "2 · M · K · N",
            "FP16",
            "B",
            "Registers",
            "1 = 1",
            "",
        ] {
            assert_eq!(q(not, Lang::En), None, "{not}");
        }
    }

    #[test]
    fn numbers_with_a_word_after_them() {
        assert_eq!(
            number_and_word("70 g", Lang::Nl),
            Some((70.0, "g".to_owned()))
        );
        assert_eq!(
            number_and_word("1,5 °C", Lang::Nl),
            Some((1.5, "°C".to_owned()))
        );
        assert_eq!(
            number_and_word("1968", Lang::En),
            Some((1968.0, String::new()))
        );
        assert_eq!(number_and_word("12 years old", Lang::En), None);
        assert_eq!(number_and_word("2 · N", Lang::En), None);
        assert_eq!(number_and_word("N / 3", Lang::En), None);
    }

    #[test]
    fn hints_fit_the_quantity() {
        let hint = |src: &str| {
            let outcome = check(src, &Options::default()).unwrap_or_else(|e| panic!("{e}"));
            hint(&outcome)
        };
        assert_eq!(
            hint("7e9 * 16 bit = 112 GB").as_deref(),
            Some("the stated value is 8× the computed one: bits and bytes mixed up?")
        );
        assert!(hint("7e9 * 16 B = 112 GiB").is_some_and(|h| h.contains("GiB")));
        assert!(hint("10 FLOP/B * 2 TB/s = 2.5 TFLOPS").is_some_and(|h| h.contains("bits")));
        assert_eq!(hint("2 * 4096^3 FLOP ≈ 134 GFLOP"), None);
        assert_eq!(hint("7 * 2 FLOP = 112 FLOP"), None);
        assert!(hint("7 * 2 FLOP = 28 FLOP").is_some_and(|h| h.contains("FP16")));
        assert!(hint("14 GB / (2 TB/s) = 7 s").is_some_and(|h| h.contains("prefix")));
    }

    #[test]
    fn an_option_states_a_value_at_its_precision() {
        let o = option_quantity("1,5 GB", Lang::Nl);
        assert!(o.is_some_and(|o| o.states(1.54e9)));
        let o = option_quantity("1.50 GB", Lang::En);
        assert!(o.is_some_and(|o| !o.states(1.54e9)));
        let o = option_quantity("140 GFLOP", Lang::En);
        assert!(
            o.is_some_and(|o| !o.states(137.4e9) && o.within(137.4e9, Tolerance::Relative(0.1)))
        );
    }

    /// The texts the proptest below draws: quantities, the grammar's words and prose words,
    /// with and without Markdown.
    fn quantity_texts() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "7", "1,5", "3.25", "1.000", "0", " ", " ", "GB", "MB", "s", "ms", "µs", "Wh",
            "TFLOPS", "%", "B", "7B", "billion", "miljard", " to ", " in ", "min(", "max(", ")",
            "(", ",", "/", "*", "·", "^2", "²", "-", "**", "`", "the", "The", "de", "het", "of",
            "is", "omdat", "because", "een", "van", "niet", "and", "theGB", "de2", "L2", ".", ";",
            "\u{b5}", "é",
        ]);
        prop::collection::vec(pieces, 1..8).prop_map(|p| p.concat())
    }

    /// [`option_quantity`] as it would be without [`has_prose_word`]: the claim of the text
    /// against itself.
    fn without_prose_words(markdown: &str, lang: Lang) -> Option<OptionQuantity> {
        if !markdown.bytes().any(|b| b.is_ascii_digit()) {
            return None;
        }
        let plain = text::plain(markdown);
        let written = normalize_numbers(plain.trim(), lang);
        if !written.bytes().any(|b| b.is_ascii_digit())
            || written.contains(['=', '≈', '~', '±'])
            || written.is_empty()
        {
            return None;
        }
        let o = check(&format!("{written} = {written}"), &Options::default()).ok()?;
        Some(OptionQuantity {
            value: o.expected,
            precision: o.tolerance,
        })
    }

    /// The prose words are none of the words the quantity language reads.
    #[test]
    fn prose_words_are_no_words_of_the_quantity_language() {
        for word in PROSE_WORDS {
            assert!(
                quizkit_quantity::Unit::parse(word).is_err(),
                "{word} is a unit"
            );
            for grammar in [
                "to", "in", "min", "max", "thousand", "million", "billion", "trillion", "duizend",
                "miljoen", "miljard", "biljoen",
            ] {
                assert_ne!(word, grammar);
            }
        }
    }

    proptest! {
        /// Rejecting a text for a prose word changes no option's quantity.
        #[test]
        fn prose_words_never_reject_a_quantity(text in quantity_texts()) {
            for lang in [Lang::En, Lang::Nl] {
                let expected = without_prose_words(&text, lang);
                let got = option_quantity(&text, lang);
                prop_assert_eq!(
                    got.map(|o| (o.value.value(), o.value.dim(), o.precision)),
                    expected.map(|o| (o.value.value(), o.value.dim(), o.precision)),
                    "{:?}", text
                );
            }
        }
    }
}
