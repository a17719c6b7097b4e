//! `magnitude-mismatch` (N008): the same figure appears with another prefix or another power of
//! ten in a question's texts.

use std::ops::Range;

use quizkit_quantity::Unit;

use crate::quantities::lang;
use crate::text::outside_code;
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Text, Violation};

/// What `quizkit rule magnitude-mismatch` prints.
pub const DOCS: &str = r#"## What it does
Reads the numbers of a question's stem, explanation and key in each language, and reports a
figure written twice with another magnitude: the same number with another prefix of the same
unit (`585 µg` in the stem, `585 mg` in the explanation), or the same digits in scientific
notation with another power of ten and the same unit, or none (`1,99 × 10²⁰ kg` in the stem,
`1,99 × 10³⁰ kg` in the explanation; `6,022 × 10²²` and `6,022 × 10²³`). A mantissa of 1
(`1,0 × 10⁻⁵`) and the number 1 are too common to tell anything. The two figures are in the stem
and the explanation, or in the explanation and the key: in one text, figures are mostly
computed one from another (`1,4 × 10¹⁰ FLOPs` per token, `1,4 × 10¹³ FLOPs` for 1 000
tokens), and the key is computed from the stem. Left out: a figure of the explanation that a
distractor states (an explanation that rules out a distractor quotes it); against the key,
a figure of the explanation that no claim computes (`samen 16 bytes, dus 1 miljard × 16 bytes
= 16 GB` for a key of `16 GB`: only what a claim computes is the explanation's answer) or that
the stem states; and, against the stem, a figure of the explanation that no
claim computes with: a result (`100 ns` in the stem, `10⁶ × 100 ns = … = 0,1 s, oftewel 100
ms`) or a figure of the prose.

## Why is this bad?
A prefix or an exponent is the one character a writer slips on and a reader does not check.
When the stem says `585 µg` and the explanation computes with `585 mg`, one of them is wrong
by a factor of a thousand, and the learner cannot tell which.

## Example
```toml
[[question]]
id = "nacl-solution"
stem = "You dissolve 585 µg of NaCl (M = 58.44 g/mol) and make it up to 100.0 ml. What is the concentration?"
answer = "B"
options = ["0.0100 mol/l", "0.100 mol/l", "1.00 mol/l"]
explanation = "585 mg = 0.585 g, and 0.585 g ÷ 58.44 g/mol ≈ 0.0100 mol, in 0.1000 l: 0.100 mol/l."
```

## Use instead
```toml
[[question]]
id = "nacl-solution"
stem = "You dissolve 585 mg of NaCl (M = 58.44 g/mol) and make it up to 100.0 ml. What is the concentration?"
answer = "B"
options = ["0.0100 mol/l", "0.100 mol/l", "1.00 mol/l"]
explanation = "585 mg = 0.585 g, and 0.585 g ÷ 58.44 g/mol ≈ 0.0100 mol, in 0.1000 l: 0.100 mol/l."
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N008",
    name: "magnitude-mismatch",
    level: Level::Warning,
    summary: "The same figure appears with another prefix or power of ten in the question's texts.",
    docs: DOCS,
    check: Check::Question(check),
};

struct MagnitudeMismatch {
    first: String,
    first_where: String,
    second: String,
    second_where: String,
    lang: String,
    what: &'static str,
}

impl Violation for MagnitudeMismatch {
    fn message(&self) -> String {
        format!(
            "`{}` in {} and `{}` in {} (`{}`): the same figure with another {}",
            self.first, self.first_where, self.second, self.second_where, self.lang, self.what
        )
    }
    fn label(&self) -> Option<String> {
        Some(format!(
            "`{}` here, `{}` in {}",
            self.second, self.first, self.first_where
        ))
    }
    fn help(&self) -> Option<String> {
        Some(format!(
            "one of them has the wrong {}: make the two agree",
            self.what
        ))
    }
}

/// A number of one of the question's texts, with the unit written after it.
struct Figure<'a, 'q> {
    field: Field,
    text: &'a Text<'q>,
    /// The number and its unit, in the text.
    range: Range<usize>,
    /// The number's canonical value (`585`, `1.99e20`).
    value: String,
    /// The unit word after it and what one of it is in base units, if it is a unit.
    unit: Option<(&'q str, f64, quizkit_quantity::Dim)>,
}

impl Figure<'_, '_> {
    /// The significant digits of the mantissa and the exponent, for a number written in
    /// scientific notation.
    fn scientific(&self) -> Option<(String, &str)> {
        let (mantissa, exponent) = self.value.split_once('e')?;
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        let digits = digits.trim_start_matches('0').trim_end_matches('0');
        Some((digits.to_owned(), exponent))
    }

    /// The value in base units, when it has a known unit.
    fn base_value(&self) -> Option<(f64, quizkit_quantity::Dim)> {
        let (_, factor, dim) = self.unit?;
        Some((self.value.parse::<f64>().ok()? * factor, dim))
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let keys = q.question.key_indices();
    for code in cx.languages() {
        let read = lang(code);
        let mut fields = vec![Field::Stem, Field::Explanation];
        fields.extend(keys.iter().map(|&k| Field::Option(k)));
        let figures: Vec<Figure<'_, '_>> = fields
            .into_iter()
            .filter_map(|f| a.text(f, code))
            .flat_map(figures)
            .collect();
        // Most questions have no number written twice with the same digits in two texts: no
        // pair to look closer at.
        let digits: Vec<(Field, String)> = figures
            .iter()
            .map(|f| (f.field, f.scientific().map_or(f.value.clone(), |(d, _)| d)))
            .collect();
        let candidate = digits
            .iter()
            .enumerate()
            .any(|(j, g)| digits[..j].iter().any(|f| f.0 != g.0 && f.1 == g.1));
        if !candidate {
            continue;
        }
        // What the distractors state, which an explanation may quote.
        let distractors: Vec<(f64, quizkit_quantity::Dim)> = (0..q.question.options.len())
            .filter(|i| !keys.contains(i))
            .filter_map(|i| a.text(Field::Option(i), code))
            .filter_map(|t| t.quantity(read))
            .map(|o| (o.value.value(), o.value.dim()))
            .collect();
        let quoted = |f: &Figure<'_, '_>| {
            f.field == Field::Explanation
                && f.base_value().is_some_and(|(v, d)| {
                    distractors
                        .iter()
                        .any(|&(w, e)| e == d && (v - w).abs() <= 1e-9 * v.abs().max(w.abs()))
                })
        };
        // The explanation's claims, by where they are.
        let claims: Vec<Range<usize>> = a
            .claims(cx)
            .filter(|c| c.text.lang() == code && c.text.field == Field::Explanation)
            .map(|c| c.claim.span.clone())
            .collect();
        // What a figure of the explanation is to its claims: one it computes with (a part of a
        // claim but its last figure: `585 mg = 0,585 g`) and one it computes (the last of a
        // claim: `… = 6 mg`, `10⁸ ns = 0,1 s, oftewel 100 ms`); a figure of a chain is both.
        let role = |f: &Figure<'_, '_>| {
            let (mut operand, mut result) = (false, false);
            if f.field == Field::Explanation {
                for span in claims.iter().filter(|span| span.contains(&f.range.start)) {
                    let later = figures.iter().any(|g| {
                        g.field == Field::Explanation
                            && g.range.start > f.range.start
                            && span.contains(&g.range.start)
                    });
                    operand |= later;
                    result |= !later;
                }
            }
            (operand, result)
        };
        // A figure of the explanation that the stem states too is an input, whatever the key.
        let in_stem = |f: &Figure<'_, '_>| {
            figures.iter().any(|s| {
                s.field == Field::Stem
                    && s.value == f.value
                    && s.unit.map(|u| u.0) == f.unit.map(|u| u.0)
            })
        };
        // The stem and the key are compared through the explanation, not with each other: the
        // key is computed from the stem.
        // Against the key, a figure the explanation computes, not one it computes with or
        // names on the way (`samen 16 bytes, dus 1 miljard × 16 bytes = 16 GB` for a key of
        // `16 GB`).
        let compared = |x: &Figure<'_, '_>, y: &Figure<'_, '_>| match (x.field, y.field) {
            (Field::Explanation, Field::Option(_)) => !in_stem(x) && role(x).1,
            (Field::Option(_), Field::Explanation) => !in_stem(y) && role(y).1,
            (Field::Stem, Field::Explanation) => role(y).0,
            (Field::Explanation, Field::Stem) => role(x).0,
            _ => false,
        };
        // One finding per language: the first pair says what to look at.
        'pairs: for (j, second) in figures.iter().enumerate() {
            if quoted(second) {
                continue;
            }
            // Figures of one text are mostly computed one from another (`1,4 × 10¹⁰ FLOPs`
            // per token, `1,4 × 10¹³ FLOPs` for 1 000): only figures of two texts are compared.
            let others = figures[..j]
                .iter()
                .filter(|f| compared(f, second) && !quoted(f));
            for first in others {
                let Some(what) = mismatch(first, second) else {
                    continue;
                };
                let written = |f: &Figure<'_, '_>| f.text.value()[f.range.clone()].to_owned();
                let v = MagnitudeMismatch {
                    first: written(first),
                    first_where: first.field.to_string(),
                    second: written(second),
                    second_where: second.field.to_string(),
                    lang: code.to_owned(),
                    what,
                };
                let span = cx.locate(q.file, second.text.spanned(), second.range.clone());
                let related = cx.locate(q.file, first.text.spanned(), first.range.clone());
                out.push(Finding::on(q, span, &v).with_related(
                    q.file,
                    related,
                    format!("`{}` here", written(first)),
                ));
                break 'pairs;
            }
        }
    }
}

/// What differs between two figures that are otherwise the same: "prefix" or "power of ten".
fn mismatch(a: &Figure<'_, '_>, b: &Figure<'_, '_>) -> Option<&'static str> {
    if let (Some((ua, fa, da)), Some((ub, fb, db))) = (a.unit, b.unit)
        && a.value == b.value
        && a.value != "1"
        && ua != ub
        && da == db
        && power_of_ten(fa / fb)
    {
        return Some("prefix");
    }
    let ((da, ea), (db, eb)) = (a.scientific()?, b.scientific()?);
    let same_unit = a.unit.map(|u| u.0) == b.unit.map(|u| u.0);
    // `48 × 10⁹` and `4,8 × 10¹⁰` are one value.
    let (va, vb) = (a.value.parse::<f64>().ok()?, b.value.parse::<f64>().ok()?);
    (same_unit && da == db && da != "1" && ea != eb && va != vb).then_some("power of ten")
}

/// Whether `ratio` is 10ⁿ for a whole `n` other than 0.
fn power_of_ten(ratio: f64) -> bool {
    let n = ratio.log10();
    n.is_finite() && n.abs() >= 0.5 && (n - n.round()).abs() < 1e-9
}

/// The numbers of `text` (but in code), each with the unit written after it when it is one.
fn figures<'a, 'q>(text: &'a Text<'q>) -> Vec<Figure<'a, 'q>> {
    let value = text.value();
    outside_code(value, text.numbers())
        .map(|n| {
            let rest = &value[n.range.end..];
            let gap = rest.len() - rest.trim_start_matches([' ', '\u{a0}', '\u{202f}']).len();
            let word_len = rest[gap..]
                .find(|c: char| !(c.is_alphabetic() || c == '/'))
                .unwrap_or(rest.len() - gap);
            let word = &rest[gap..gap + word_len];
            let unit = (!word.is_empty())
                .then(|| Unit::word(word))
                .flatten()
                .map(|u| (word, u.factor(), u.dim()));
            let end = match unit {
                Some(_) => n.range.end + gap + word_len,
                None => n.range.end,
            };
            Figure {
                field: text.field,
                text,
                range: n.range.start..end,
                value: n.value.clone(),
                unit,
            }
        })
        .collect()
}
