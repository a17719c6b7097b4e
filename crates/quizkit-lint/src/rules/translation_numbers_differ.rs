//! `translation-numbers-differ` (T002): the numbers of one language's text differ from
//! another's.

use std::cell::RefCell;

use quizkit_quantity::Operands;

use crate::hash::FastMap;
use crate::quantities::lang as quantity_lang;
#[cfg(test)]
use crate::text::numbers;
use crate::text::{Number, code_ranges, number_values_into};
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule translation-numbers-differ` prints.
pub const DOCS: &str = r#"## What it does
Compares the numbers in each language's version of a stem, option, feedback or explanation
with those of the bank's first language, as multisets of values. Numbers are read the way each
language writes them: in Dutch `,` is the decimal mark and `.` or a space separates thousands
(`12,5`, `2.000.000`, `2 000 000`); in English `.` is the decimal mark and `,` or a space
separates thousands (`12.5`, `2,000,000`, `2 000 000`); the no-break, thin and narrow no-break
spaces count as spaces. So `2,000,000` and `2 000 000` are the same number. What is no
quantity is not compared: IP addresses and versions (`192.168.1.70`, `1.2.3`), ratios and
times (`2:4`, `10:30`), bit patterns (`11000000`), an English comma before other than three
digits (`1,5`), digits inside words and identifiers (`FP16`, `H100`, `W4A16`), and numbers in
code or math. Numbers written as words ("two", "twee") are not numbers here.

## Why is this bad?
A translation with a different number teaches a different fact: the Dutch learner reads
3,5 GB where the English one reads 35 GB, and at most one of them is right.

## Example
```toml
[[question]]
id = "int4-memory"
stem.en = "How much memory do 7 billion INT4 weights take?"
stem.nl = "Hoeveel geheugen nemen 7 miljard INT4-gewichten in?"
answer = "B"
options = [{ en = "1.75 GB", nl = "1,75 GB" }, { en = "3.5 GB", nl = "35 GB" }, { en = "7 GB", nl = "7 GB" }]
```

## Use instead
```toml
[[question]]
id = "int4-memory"
stem.en = "How much memory do 7 billion INT4 weights take?"
stem.nl = "Hoeveel geheugen nemen 7 miljard INT4-gewichten in?"
answer = "B"
options = [{ en = "1.75 GB", nl = "1,75 GB" }, { en = "3.5 GB", nl = "3,5 GB" }, { en = "7 GB", nl = "7 GB" }]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "T002",
    name: "translation-numbers-differ",
    level: Level::Warning,
    summary: "The numbers in one language's text differ from those in another's.",
    docs: DOCS,
    check: Check::Question(check),
};

struct TranslationNumbersDiffer {
    what: String,
    base: String,
    lang: String,
    extra: Vec<String>,
    lacking: Vec<String>,
}

fn list(numbers: &[String]) -> String {
    numbers.join(", ")
}

impl Violation for TranslationNumbersDiffer {
    fn message(&self) -> String {
        let mut parts = Vec::new();
        if !self.extra.is_empty() {
            parts.push(format!(
                "`{}` has {} where `{}` has not",
                self.lang,
                list(&self.extra),
                self.base
            ));
        }
        if !self.lacking.is_empty() {
            parts.push(format!("`{}` lacks {}", self.lang, list(&self.lacking)));
        }
        format!(
            "the numbers of {} differ between languages: {}",
            self.what,
            parts.join("; ")
        )
    }
    fn label(&self) -> Option<String> {
        Some(if self.extra.is_empty() {
            format!("no {} in `{}`", list(&self.lacking), self.lang)
        } else {
            format!("not in the `{}` text", self.base)
        })
    }
    fn help(&self) -> Option<String> {
        Some("make both texts state the same numbers (`3,5` in Dutch is `3.5` in English; `1.000` is `1,000`)".into())
    }
}

/// Numbers of `b` that are not matched by a number of `a` (as multisets).
fn surplus<'n>(a: &[Number], b: &'n [Number]) -> Vec<&'n Number> {
    let mut counts: FastMap<&str, usize> = FastMap::default();
    for n in a {
        *counts.entry(&n.value).or_default() += 1;
    }
    b.iter()
        .filter(|n| match counts.get_mut(n.value.as_str()) {
            Some(c) if *c > 0 => {
                *c -= 1;
                false
            }
            _ => true,
        })
        .collect()
}

/// The quantities of `text` in `lang` ([`quizkit_quantity::numbers`]: thousands written with
/// spaces, commas or dots, decimals by the language, no addresses or versions), but for those
/// in Markdown code or math.
fn quantity_numbers(lang: &str, text: &str) -> Vec<Number> {
    let found = quizkit_quantity::numbers(text, quantity_lang(lang));
    let code = if text.contains(['`', '$']) {
        code_ranges(text)
    } else {
        Vec::new()
    };
    found
        .into_iter()
        .filter(|n| !code.iter().any(|r| r.contains(&n.range.start)))
        .map(|n| Number {
            range: n.range,
            value: n.value,
        })
        .collect()
}

/// A text in a language, with its [`Operands`] (`Operands::of` the text).
type Version<'t> = (&'t str, &'t str, Option<Operands>);

/// True when `a` and `b`, each a text in a language, state the same numbers in the same
/// order, as translations mostly do: their canonical values, read into buffers of the
/// caller's ([`number_values_into`]), compare equal, so that texts that agree cost one pass
/// each and no allocation. Digits are looked for only between a text's first and last
/// operands, which the claim rules find too: most texts, options above all, have none, and
/// most of an explanation comes before its first number or after its last.
fn same_in_order(
    a: Version<'_>,
    b: Version<'_>,
    a_values: &mut Vec<u8>,
    b_values: &mut Vec<u8>,
) -> bool {
    if a.2.is_none() && b.2.is_none() {
        return true;
    }
    a_values.clear();
    b_values.clear();
    values_into(a, a_values);
    values_into(b, b_values);
    a_values == b_values
}

/// [`number_values_into`] of a text, looking for digits between its operands only.
fn values_into((lang, text, operands): Version<'_>, out: &mut Vec<u8>) {
    if let Some(operands) = operands {
        number_values_into(lang, text, operands.first()..operands.last() + 1, out);
    }
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    thread_local! {
        /// The values of the two texts compared, kept from question to question: comparing
        /// allocates nothing once they have grown.
        static VALUES: RefCell<(Vec<u8>, Vec<u8>)> = const { RefCell::new((Vec::new(), Vec::new())) };
    }
    VALUES.with_borrow_mut(|(base_values, own_values)| {
        check_with(cx, q, a, out, base_values, own_values);
    });
}

fn check_with(
    cx: &Context<'_>,
    q: QuestionRef<'_>,
    a: &Analysis<'_>,
    out: &mut Vec<Finding>,
    base_values: &mut Vec<u8>,
    own_values: &mut Vec<u8>,
) {
    let Some(base) = cx.languages().next() else {
        return;
    };
    for (field, text) in Context::texts(q.question) {
        let Some(base_entry) = text.entry(base) else {
            continue;
        };
        for lang in cx.languages().skip(1) {
            let Some(entry) = text.entry(lang) else {
                continue;
            };
            let (base_text, own_text) = (&base_entry.text.value, &entry.text.value);
            if same_in_order(
                (base, base_text, a.operands(base_text)),
                (lang, own_text, a.operands(own_text)),
                base_values,
                own_values,
            ) {
                continue;
            }
            // Texts whose digits read alike (above) agree; the others are compared by value,
            // as `quizkit_quantity` reads numbers in each language.
            let base_numbers = quantity_numbers(base, &base_entry.text.value);
            let own = quantity_numbers(lang, &entry.text.value);
            let extra = surplus(&base_numbers, &own);
            let lacking = surplus(&own, &base_numbers);
            if extra.is_empty() && lacking.is_empty() {
                continue;
            }
            let span = match extra.first() {
                Some(n) => cx.locate(q.file, &entry.text, n.range.clone()),
                None => entry.text.span.clone(),
            };
            let v = TranslationNumbersDiffer {
                what: field.to_string(),
                base: base.to_owned(),
                lang: lang.to_owned(),
                extra: extra
                    .iter()
                    .map(|n| entry.text.value[n.range.clone()].to_owned())
                    .collect(),
                lacking: lacking
                    .iter()
                    .map(|n| base_entry.text.value[n.range.clone()].to_owned())
                    .collect(),
            };
            let mut finding = Finding::on(q, span, &v);
            if let Some(n) = lacking.first() {
                finding = finding.with_related(
                    q.file,
                    cx.locate(q.file, &base_entry.text, n.range.clone()),
                    format!("in the `{base}` text"),
                );
            }
            out.push(finding);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::xorshift;

    /// [`same_in_order`] is the equality of the two lists of [`numbers`] values, on pairs
    /// of texts built from numbers written either way, so that many pairs agree, with code
    /// markers, parentheses (operands that are not digits) and long runs without a digit.
    #[test]
    fn same_in_order_is_equal_number_lists() {
        let pieces = [
            " (",
            "(",
            " 3,5",
            " 3.5",
            " 1.000",
            " 1,000",
            " 7",
            " 007",
            " 0,50",
            " FP16",
            " `2`",
            " en",
            " a",
            " 12",
            " $",
            " `",
            "9",
            " a run of prose without a digit, longer than the 64 bytes a block of the scan holds",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || xorshift(&mut state);
        let (mut a_values, mut b_values) = (Vec::new(), Vec::new());
        let mut agreed = 0;
        for _ in 0..20_000 {
            let mut text = || {
                let mut text = String::new();
                for _ in 0..next() % 5 {
                    text.push_str(pieces[(next() % pieces.len() as u64) as usize]);
                }
                text
            };
            let (a, b) = (text(), text());
            for (a_lang, b_lang) in [("nl", "en"), ("en", "nl"), ("en", "en")] {
                let values = |lang, text| -> Vec<String> {
                    numbers(lang, text).into_iter().map(|n| n.value).collect()
                };
                let expected = values(a_lang, &a) == values(b_lang, &b);
                agreed += usize::from(expected);
                let same = same_in_order(
                    (a_lang, &a, Operands::of(&a)),
                    (b_lang, &b, Operands::of(&b)),
                    &mut a_values,
                    &mut b_values,
                );
                assert_eq!(same, expected, "{a_lang} {a:?} {b_lang} {b:?}");
            }
        }
        assert!(agreed > 5_000, "{agreed}");
    }
}
