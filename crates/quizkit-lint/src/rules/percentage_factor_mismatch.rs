//! `percentage-factor-mismatch` (N007): a factor in a claim stands for a tenth or ten times a
//! percentage the question states, and for none it states.

use std::ops::Range;

use quizkit_quantity::Verdict;

use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Text, Violation};

/// What `quizkit rule percentage-factor-mismatch` prints.
pub const DOCS: &str = r#"## What it does
Reads the percentages a question states in each language (`10 %`, `21%`, `8 procent`, `±5 %`)
and the plain factors of the arithmetic claims in its texts (`× 1,21`, `÷ 0,8`, `× 0,05`).
A factor between 0 and 2 stands for a percentage: `× 1,21` for a raise of 21 %, `× 0,8` for
20 % off, `× 0,05` for a share of 5 %. The rule reports a factor that stands for a tenth or
ten times a percentage the question states, and for none of the percentages it states
(`× 1,01` where the question says 10 %, `× 0,021` for 21 %): the sum may add up, but it was
made with the wrong factor. A factor said in words in the stem or the explanation counts too
("elke week vermenigvuldigen met 1,01", "multiply by 1.01").

## Why is this bad?
The arithmetic holds, so the claim rules find nothing, yet the explanation teaches a result
computed from a slipped decimal place, and the key computed the same way is wrong with it.

## Example
```toml
[[question]]
id = "reserve-fuel"
stem = "A flight needs 8400 kg of fuel. With a 10 % reserve on top, how much is loaded?"
answer = "C"
options = ["8484 kg", "8840 kg", "9240 kg", "9400 kg"]
explanation = "With the reserve: 8400 × 1.01 = 8484 kg."
```

## Use instead
```toml
[[question]]
id = "reserve-fuel"
stem = "A flight needs 8400 kg of fuel. With a 10 % reserve on top, how much is loaded?"
answer = "C"
options = ["8484 kg", "8840 kg", "9240 kg", "9400 kg"]
explanation = "With the reserve: 8400 × 1.1 = 9240 kg."
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N007",
    name: "percentage-factor-mismatch",
    level: Level::Warning,
    summary: "A factor in a claim stands for a tenth or ten times a percentage the question states.",
    docs: DOCS,
    check: Check::Question(check),
};

struct PercentageFactorMismatch {
    what: String,
    lang: String,
    claim: String,
    factor: f64,
    reading: f64,
    stated: f64,
}

impl Violation for PercentageFactorMismatch {
    fn message(&self) -> String {
        format!(
            "`{}` in {} (`{}`) uses the factor {}, which stands for {}%, where the question \
             states {}%",
            self.claim, self.what, self.lang, self.factor, self.reading, self.stated
        )
    }
    fn label(&self) -> Option<String> {
        Some(format!(
            "{}% here, {}% in the question",
            self.reading, self.stated
        ))
    }
    fn help(&self) -> Option<String> {
        Some(format!(
            "for {}%, multiply by {} (a raise), {} (a reduction) or {} (a share)",
            self.stated,
            round(1.0 + self.stated / 100.0),
            round(1.0 - self.stated / 100.0),
            round(self.stated / 100.0)
        ))
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let mut stated: Vec<(&str, Vec<f64>)> = Vec::new();
    for c in a.claims(cx) {
        let (Verdict::Holds(outcome) | Verdict::Wrong(outcome)) = c.verdict else {
            continue;
        };
        let lang_code = c.text.lang();
        let percentages = match stated.iter().position(|(l, _)| *l == lang_code) {
            Some(i) => &stated[i].1,
            None => {
                stated.push((
                    lang_code,
                    percentages(a, q.question.options.len(), lang_code),
                ));
                &stated[stated.len() - 1].1
            }
        };
        if percentages.is_empty() {
            continue;
        }
        for factor in outcome.plain_factors() {
            if let Some((reading, stated)) = slip(factor, percentages) {
                let (what, lang, claim) = c.written();
                let v = PercentageFactorMismatch {
                    what,
                    lang,
                    claim,
                    factor,
                    reading: round(reading),
                    stated,
                };
                out.push(Finding::on(q, c.span(cx, q), &v));
                break;
            }
        }
    }
    // Factors said in words, outside a claim: "elke week vermenigvuldigen met 1,01".
    for code in cx.languages() {
        let mut percentages: Option<Vec<f64>> = None;
        for field in [Field::Stem, Field::Explanation] {
            let Some(text) = a.text(field, code) else {
                continue;
            };
            for (range, factor) in worded_factors(text) {
                let percentages = percentages
                    .get_or_insert_with(|| self::percentages(a, q.question.options.len(), code));
                let Some((reading, stated)) = slip(factor, percentages) else {
                    continue;
                };
                let v = PercentageFactorMismatch {
                    what: field.to_string(),
                    lang: code.to_owned(),
                    claim: text.value()[range.clone()].to_owned(),
                    factor,
                    reading: round(reading),
                    stated,
                };
                out.push(Finding::on(q, cx.locate(q.file, text.spanned(), range), &v));
            }
        }
    }
}

/// The percentage `factor` stands for and the stated one it is a tenth or ten times of, when
/// it stands for none of `percentages`.
fn slip(factor: f64, percentages: &[f64]) -> Option<(f64, f64)> {
    let readings = readings(factor);
    let states = |p: f64| readings.iter().any(|&r| same(r, p));
    if percentages.iter().any(|&p| states(p)) {
        return None;
    }
    readings.iter().find_map(|&r| {
        percentages
            .iter()
            .find(|&&p| same(r * 10.0, p) || same(r / 10.0, p))
            .map(|&p| (r, p))
    })
}

/// Factors a text says in words, with where the phrase is: "vermenigvuldigen met 1,01",
/// "vermenigvuldigt met 1,1", "multiply by 1.1", "multiplied by 0.8".
fn worded_factors(text: &Text<'_>) -> Vec<(Range<usize>, f64)> {
    let value = text.value();
    // Most texts say neither verb, in any case of its first letter.
    if !value.contains("ermenigvuldig") && !value.contains("ultipl") {
        return Vec::new();
    }
    // ASCII lower case keeps every byte where it is.
    let lower = value.to_ascii_lowercase();
    let numbers = text.numbers();
    let mut out = Vec::new();
    for (verb, preposition) in [("vermenigvuldig", " met "), ("multipl", " by ")] {
        for (at, _) in lower.match_indices(verb) {
            let word_end = lower[at..]
                .find(|c: char| !c.is_ascii_alphabetic())
                .map_or(lower.len(), |e| at + e);
            if !lower[word_end..].starts_with(preposition) {
                continue;
            }
            let number_at = word_end + preposition.len();
            if let Some(n) = numbers.iter().find(|n| n.range.start == number_at)
                && let Ok(factor) = n.value.parse::<f64>()
            {
                out.push((at..n.range.end, factor));
            }
        }
    }
    out
}

/// The percentages a factor stands for: `1,21` a raise of 21 %, `0,8` 20 % off or a share of
/// 80 %; none for a factor of 2 or more, or of 1.
fn readings(factor: f64) -> Vec<f64> {
    if factor > 0.0 && factor < 1.0 {
        vec![(1.0 - factor) * 100.0, factor * 100.0]
    } else if factor > 1.0 && factor < 2.0 {
        vec![(factor - 1.0) * 100.0]
    } else {
        Vec::new()
    }
}

/// Equal but for the float error of computing a percentage from a factor.
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// A percentage or factor for a message, without float noise (`20.000000000000004`).
fn round(x: f64) -> f64 {
    (x * 1e9).round() / 1e9
}

/// Every percentage the question's texts in `lang_code` state: a number followed by `%`,
/// "procent", "percent" or "per cent".
fn percentages(a: &Analysis<'_>, options: usize, lang_code: &str) -> Vec<f64> {
    let fields = [Field::Stem, Field::Explanation]
        .into_iter()
        .chain((0..options).flat_map(|i| [Field::Option(i), Field::Feedback(i)]));
    let mut out = Vec::new();
    for field in fields {
        if let Some(text) = a.text(field, lang_code) {
            out.extend(percentages_in(text));
        }
    }
    out
}

fn percentages_in(text: &Text<'_>) -> Vec<f64> {
    let value = text.value();
    text.numbers()
        .iter()
        .filter(|n| {
            let after = value[n.range.end..].trim_start_matches([' ', '\u{a0}', '\u{202f}']);
            after.starts_with('%')
                || ["procent", "percent", "per cent"]
                    .iter()
                    .any(|w| after.starts_with(w))
        })
        .filter_map(|n| n.value.parse().ok())
        .collect()
}
