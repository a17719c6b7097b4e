//! Temperatures restated on another scale: `20 °C = 68 °F`, `180 °C (350 °F)`, `0 °C is
//! 273,15 K`, `20–25 °C (68–77 °F)`. Celsius and Fahrenheit have their zero somewhere else
//! than the kelvin, a conversion that the unit lexicon's factors cannot express, so such pairs
//! are found here and checked as the arithmetic of the conversion (`20 * 9 / 5 + 32 = 68`).
//!
//! A pair is two temperatures on different scales, at least one of them Celsius or
//! Fahrenheit, joined by `=`, `≈`, `~`, `(`, `/`, "is", "of"/"or", "ofwel", "dat is"/"that is",
//! "is ongeveer"/"is about". After a word for a change (`a rise of 10 °C (18 °F)`) the pair is
//! a difference, converted without the offset; after a word that may go either way (`by`,
//! `warmer`, `met`) it holds when either reading does. A whole number stated as a multiple of 5 or
//! 10 is read as rounded to that step, and a Fahrenheit one that is a multiple of 25 to 25
//! (oven settings: `180 °C (350 °F)`).

use std::ops::Range;

use crate::claim::{Relation, check};
use crate::numbers::{ProseNumber, numbers};
use crate::prose::{Checked, Lang, ProseClaim};

/// A temperature scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scale {
    Celsius,
    Fahrenheit,
    Kelvin,
}

/// How each scale is written after a number, longest first where one starts another.
const SCALES: &[(&str, Scale)] = &[
    ("°C", Scale::Celsius),
    ("° C", Scale::Celsius),
    ("ºC", Scale::Celsius),
    ("℃", Scale::Celsius),
    ("graden Celsius", Scale::Celsius),
    ("degrees Celsius", Scale::Celsius),
    ("°F", Scale::Fahrenheit),
    ("° F", Scale::Fahrenheit),
    ("ºF", Scale::Fahrenheit),
    ("℉", Scale::Fahrenheit),
    ("graden Fahrenheit", Scale::Fahrenheit),
    ("degrees Fahrenheit", Scale::Fahrenheit),
    ("kelvin", Scale::Kelvin),
    ("K", Scale::Kelvin),
];

/// What may stand between the two temperatures of a pair, after spaces and an opening
/// parenthesis are taken off, with the relation it states.
const JOINS: &[(&str, Relation)] = &[
    ("", Relation::Equal),
    ("=", Relation::Equal),
    ("/", Relation::Equal),
    ("is", Relation::Equal),
    ("of", Relation::Equal),
    ("or", Relation::Equal),
    ("ofwel", Relation::Equal),
    ("oftewel", Relation::Equal),
    ("dat is", Relation::Equal),
    ("that is", Relation::Equal),
    ("≈", Relation::Approx),
    ("~", Relation::Approx),
    ("is ongeveer", Relation::Approx),
    ("is about", Relation::Approx),
    ("about", Relation::Approx),
    ("ongeveer", Relation::Approx),
    ("ca.", Relation::Approx),
];

/// One temperature as written: a number or a range of two, and its scale.
#[derive(Debug)]
struct Reading {
    /// The lower end of a range, and the number (its upper end).
    low: Option<Value>,
    value: Value,
    scale: Scale,
    /// From the first number to the end of the scale.
    span: Range<usize>,
}

/// A number of a reading: its value as the expression language writes it and where it is.
#[derive(Debug, Clone)]
struct Value {
    expr: String,
    range: Range<usize>,
}

/// The temperature pairs of `text` as claims, but for those overlapping one of `found`.
pub(crate) fn claims(text: &str, lang: Lang, found: &[ProseClaim]) -> Vec<ProseClaim> {
    if !["°", "º", "℃", "℉", "Celsius", "Fahrenheit"]
        .iter()
        .any(|s| text.contains(s))
    {
        return Vec::new();
    }
    let readings = readings(text, lang);
    let mut out = Vec::new();
    for pair in readings.windows(2) {
        let [a, b] = pair else { continue };
        let between = &text[a.span.end..b.span.start];
        // `10 °C lager, of 18 °F lager`: a comparative after the first reading makes both
        // differences.
        let (join_text, compared) = after_comparative(between);
        let Some(relation) = join(join_text) else {
            continue;
        };
        let celsius_or_fahrenheit = |s| matches!(s, Scale::Celsius | Scale::Fahrenheit);
        if a.scale == b.scale || !(celsius_or_fahrenheit(a.scale) || celsius_or_fahrenheit(b.scale))
        {
            continue;
        }
        // A bracketed reading is claimed with its closing bracket (`38 °C (100,4 °F)`).
        let closes = between.contains('(') && text[b.span.end..].starts_with(')');
        let span = a.span.start..b.span.end + usize::from(closes);
        // A claim found before may end in the first reading (`45 − 35 = 10 °C, of 18 °F`),
        // not take in the second.
        if found
            .iter()
            .any(|c| c.span.start < b.span.end && b.span.start < c.span.end)
        {
            continue;
        }
        let ends = match (&a.low, &b.low) {
            (Some(al), Some(bl)) => vec![(al, bl), (&a.value, &b.value)],
            (None, None) => vec![(&a.value, &b.value)],
            _ => continue,
        };
        // One claim per pair: of a range, the end that fails, else its upper end.
        let meaning = if compared {
            Meaning::Difference
        } else {
            meaning(&text[..span.start])
        };
        let mut claims = ends.into_iter().map(|(from, to)| {
            claim(
                span.clone(),
                relation,
                (from, a.scale),
                (to, b.scale),
                meaning,
            )
        });
        let mut last = claims.next().expect("one end at least");
        for next in claims {
            if !holds(&last) {
                break;
            }
            last = next;
        }
        out.push(last);
    }
    out
}

fn holds(claim: &ProseClaim) -> bool {
    claim.checked.0.as_ref().is_ok_and(|o| o.holds)
}

/// The claim that `from` on its scale is `to` on its own: the conversion of a temperature, or,
/// of a difference, as the text's `meaning` says.
fn claim(
    span: Range<usize>,
    relation: Relation,
    (from, from_scale): (&Value, Scale),
    (to, to_scale): (&Value, Scale),
    meaning: Meaning,
) -> ProseClaim {
    let tolerance = tolerance(&to.expr, to_scale);
    let sign = match relation {
        Relation::Equal => "=",
        Relation::Approx => "≈",
    };
    let build = |difference: bool| {
        let computed = conversion(&from.expr, from_scale, to_scale, difference);
        let expr = format!("{computed} {sign} {} ± {tolerance}", to.expr);
        let checked = check(&expr, &Default::default());
        let at = computed.find(&from.expr).unwrap_or(0);
        let stated = computed.len() + sign.len() + 2;
        let segments = vec![
            (at..at + from.expr.len(), from.range.clone()),
            (stated..stated + to.expr.len(), to.range.clone()),
        ];
        (expr, segments, checked)
    };
    let (mut expr, mut segments, mut checked) = build(meaning == Meaning::Difference);
    if meaning == Meaning::Either && !checked.as_ref().is_ok_and(|o| o.holds) {
        let difference = build(true);
        if difference.2.as_ref().is_ok_and(|o| o.holds) {
            (expr, segments, checked) = difference;
        }
    }
    ProseClaim {
        span,
        expr,
        relation,
        implied_unit: None,
        segments,
        checked: Checked(checked),
    }
}

/// The arithmetic that takes `v` from one scale to another, as a temperature or, with
/// `difference`, as a difference of two.
fn conversion(v: &str, from: Scale, to: Scale, difference: bool) -> String {
    use Scale::*;
    let v = &if v.starts_with('-') {
        format!("({v})")
    } else {
        v.to_owned()
    };
    if difference {
        return match (from, to) {
            (Celsius | Kelvin, Fahrenheit) => format!("{v} * 9 / 5"),
            (Fahrenheit, Celsius | Kelvin) => format!("{v} * 5 / 9"),
            _ => format!("{v} * 1"),
        };
    }
    match (from, to) {
        (Celsius, Fahrenheit) => format!("{v} * 9 / 5 + 32"),
        (Fahrenheit, Celsius) => format!("({v} - 32) * 5 / 9"),
        (Celsius, Kelvin) => format!("{v} + 273.15"),
        (Kelvin, Celsius) => format!("{v} - 273.15"),
        (Fahrenheit, Kelvin) => format!("({v} - 32) * 5 / 9 + 273.15"),
        (Kelvin, Fahrenheit) => format!("({v} - 273.15) * 9 / 5 + 32"),
        _ => format!("{v} * 1"),
    }
}

/// How far a stated temperature may be from the converted one: half a unit in its last
/// decimal; for a whole number, half the step it is rounded to (5 or 10, and 25 on the
/// Fahrenheit scale), else half a degree.
fn tolerance(stated: &str, scale: Scale) -> String {
    let digits = stated.trim_start_matches('-');
    if let Some((_, decimals)) = digits.split_once('.') {
        return format!("0.{}5", "0".repeat(decimals.len()));
    }
    let n: u64 = digits.parse().unwrap_or(1);
    let step = match n {
        0 => 1,
        n if n % 25 == 0 && scale == Scale::Fahrenheit => 25,
        n if n % 10 == 0 => 10,
        n if n % 5 == 0 => 5,
        _ => 1,
    };
    if step == 1 {
        "0.5".to_owned()
    } else {
        format!("{}", step as f64 / 2.0)
    }
}

/// Words that say the temperature after them is a difference (`a rise of 10 °C`).
const DIFFERENCE_WORDS: &[&str] = &[
    "rise",
    "rises",
    "drop",
    "drops",
    "fall",
    "falls",
    "increase",
    "decrease",
    "difference",
    "change",
    "verschil",
    "stijging",
    "daling",
    "stijgt",
    "daalt",
];

/// Words after which a temperature may be a difference or a reading (`by 5 °C`, `warmer
/// than 30 °C`, `met 5 °C`, `hoger dan 38 °C`).
const EITHER_WORDS: &[&str] = &[
    "warmer", "colder", "hotter", "cooler", "higher", "lower", "by", "kouder", "hoger", "lager",
    "met",
];

/// Comparatives that make a temperature before them a difference (`10 °C lager`).
const COMPARATIVES: &[&str] = &[
    "warmer", "colder", "hotter", "cooler", "higher", "lower", "kouder", "hoger", "lager",
];

/// `between`, the text between two temperatures, without a comparative it opens with, and
/// whether it had one.
fn after_comparative(between: &str) -> (&str, bool) {
    let t = between.trim_start();
    let word = t.split(|c: char| !c.is_alphabetic()).next().unwrap_or("");
    if !word.is_empty() && COMPARATIVES.iter().any(|c| word.eq_ignore_ascii_case(c)) {
        (&t[word.len()..], true)
    } else {
        (between, false)
    }
}

/// What a pair of temperatures is read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Meaning {
    /// Two readings of one temperature.
    Temperature,
    /// A difference where that holds, else a temperature.
    Either,
    /// A difference between temperatures.
    Difference,
}

/// What the sentence before a pair, `before` it, makes of it: a difference after a word of
/// [`DIFFERENCE_WORDS`] among its last four or a `±` just before the pair, either after a
/// word of [`EITHER_WORDS`] or a `+`, else a temperature.
fn meaning(before: &str) -> Meaning {
    let sentence = before
        .rsplit(['.', ';', '!', '?', '\n'])
        .next()
        .unwrap_or(before);
    let trimmed = sentence.trim_end();
    let last_words = || {
        trimmed
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .rev()
            .take(4)
    };
    let among =
        |list: &[&str]| last_words().any(|w| list.iter().any(|d| w.eq_ignore_ascii_case(d)));
    if trimmed.ends_with('±') || among(DIFFERENCE_WORDS) {
        Meaning::Difference
    } else if trimmed.ends_with('+') || among(EITHER_WORDS) {
        Meaning::Either
    } else {
        Meaning::Temperature
    }
}

/// The relation that `between`, the text between two temperatures, states, if it joins them.
fn join(between: &str) -> Option<Relation> {
    let t = between
        .trim_matches(|c: char| c.is_whitespace() || c == '(' || c == ',')
        .trim_end_matches('(')
        .trim();
    JOINS
        .iter()
        .find(|(j, _)| t.eq_ignore_ascii_case(j))
        .map(|&(_, r)| r)
}

/// The temperatures written in `text`, in order.
fn readings(text: &str, lang: Lang) -> Vec<Reading> {
    let numbers = numbers(text, lang);
    let mut out = Vec::new();
    for (i, n) in numbers.iter().enumerate() {
        let after = &text[n.range.end..];
        let spaced = after.trim_start_matches([' ', '\u{a0}', '\u{202f}', '\u{2009}']);
        let Some(&(written, scale)) = SCALES.iter().find(|(s, _)| {
            spaced.starts_with(s) && !spaced[s.len()..].starts_with(char::is_alphanumeric)
        }) else {
            continue;
        };
        // `K` is a kelvin only after a space (`293 K`; `50K` is fifty thousand).
        if written == "K" && spaced.len() == after.len() {
            continue;
        }
        let value = value(text, n);
        // `20–25 °C`, `van 35 naar 50 °C`: the number before the dash is the range's lower
        // end.
        let low = i
            .checked_sub(1)
            .map(|j| &numbers[j])
            .filter(|m| {
                matches!(
                    text[m.range.end..n.range.start].trim(),
                    "–" | "-" | "tot" | "naar" | "to"
                )
            })
            .map(|m| self::value(text, m));
        let start = low.as_ref().map_or(value.range.start, |l| l.range.start);
        let end = n.range.end + (after.len() - spaced.len()) + written.len();
        out.push(Reading {
            low,
            value,
            scale,
            span: start..end,
        });
    }
    out
}

/// The value of `n` with the minus sign written before it (`−40 °C`).
fn value(text: &str, n: &ProseNumber) -> Value {
    let before = &text[..n.range.start];
    let sign = ['-', '−'].into_iter().find(|&m| {
        before
            .strip_suffix(m)
            .is_some_and(|b| !b.ends_with(|c: char| c.is_alphanumeric() || c == '–' || c == '-'))
    });
    match sign {
        Some(m) => Value {
            expr: format!("-{}", n.value),
            range: n.range.start - m.len_utf8()..n.range.end,
        },
        None => Value {
            expr: n.value.clone(),
            range: n.range.clone(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, extract_claims};

    /// Whether each temperature pair of `text` holds, in order.
    fn verdicts(text: &str, lang: Lang) -> Vec<bool> {
        extract_claims(text, lang)
            .iter()
            .filter(|c| c.expr.contains('±'))
            .map(|c| c.check(&Options::default()).is_ok_and(|o| o.holds))
            .collect()
    }

    #[test]
    fn conversions_that_hold() {
        for (text, lang) in [
            ("Water kookt bij 100 °C = 212 °F.", Lang::Nl),
            ("Lichaamstemperatuur 37 °C (98,6 °F).", Lang::Nl),
            ("Bake at 180 °C (350 °F) for 25 minutes.", Lang::En),
            ("Set the oven to 200°C/400°F.", Lang::En),
            ("−40 °C is −40 °F, where the scales meet.", Lang::Nl),
            ("0 °C is 273,15 K.", Lang::Nl),
            ("Room temperature, 20 °C, that is 293 K", Lang::En),
            ("300 K ≈ 27 °C", Lang::En),
            (
                "Between 20–25 °C (68–77 °F) the dough rises well.",
                Lang::En,
            ),
            ("A rise of 10 °C (18 °F) in a week.", Lang::En),
            ("68 °F is 20 °C", Lang::En),
            ("De temperatuur steeg met 5 °C, of 9 °F.", Lang::Nl),
            (
                "Koortsig boven 38 °C (100,4 °F), hoger dan normaal.",
                Lang::Nl,
            ),
            ("It is warmer than 30 °C (86 °F).", Lang::En),
            ("45 − 35 = 10 °C lower, or 18 °F lower.", Lang::En),
        ] {
            assert_eq!(verdicts(text, lang), [true], "{text}");
        }
    }

    #[test]
    fn conversions_that_do_not() {
        for (text, lang) in [
            ("20 °C = 60 °F", Lang::En),
            ("Bake at 180 °C (320 °F).", Lang::En),
            ("0 °C is 373 K.", Lang::Nl),
            ("37 °C (96,8 °F)", Lang::Nl),
            // A difference converted as a temperature.
            ("Een stijging van 5 °C, of 41 °F.", Lang::Nl),
            ("A rise of 10 °C (50 °F) in a week.", Lang::En),
            ("45 − 35 = 10 °C lager, of 50 °F lager.", Lang::Nl),
        ] {
            assert_eq!(verdicts(text, lang), [false], "{text}");
        }
        let claims = extract_claims("Het is 20 °C = 60 °F buiten.", Lang::Nl);
        let o = claims[0].check(&Options::default()).expect("evaluates");
        assert_eq!(
            (o.computed.to_string(), o.expected.to_string()),
            ("68".into(), "60".into())
        );
        assert_eq!(
            &"Het is 20 °C = 60 °F buiten."[claims[0].span.clone()],
            "20 °C = 60 °F"
        );
        let text = "Koorts vanaf 38 °C (101,4 °F).";
        let claims = extract_claims(text, Lang::Nl);
        assert_eq!(&text[claims[0].span.clone()], "38 °C (101,4 °F)");
    }

    proptest::proptest! {
        /// Any mix of the pieces temperatures are written with gives claims without a panic,
        /// each within the text and on char boundaries.
        #[test]
        fn any_mix_reads_without_panic(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "38", "−", "-", "–", "20,5", "1.000", "0", " ", "\u{a0}", "(", ")", "°C", "ºF",
                "℃", "℉", " K", "K", "°", "F", "graden Celsius", "is", "of", "=", "≈", "/", ",",
                "stijging van", "met", "é", "x",
            ]), 0..40),
            lang in proptest::sample::select(vec![Lang::Nl, Lang::En]),
        ) {
            let text = parts.concat();
            for c in extract_claims(&text, lang) {
                proptest::prop_assert!(text.get(c.span.clone()).is_some(), "{:?}", text);
                let _ = c.check(&Options::default());
            }
        }
    }

    #[test]
    fn no_pair_no_claim() {
        for (text, lang) in [
            ("Tussen 20 °C en 25 °C.", Lang::Nl),
            ("Oven 200 °C, of 180 °C hetelucht.", Lang::Nl),
            ("A 50K budget at 20 °C", Lang::En),
            ("Het was 12 °C; de dag erna 30 °F kouder.", Lang::Nl),
            ("ISO 400 (f/8)", Lang::En),
            // A range and its width.
            ("Van 35 naar 50 °C is 15 K.", Lang::Nl),
        ] {
            assert!(verdicts(text, lang).is_empty(), "{text}");
        }
    }
}
