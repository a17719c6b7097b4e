//! `translation-numbers-differ` (T002): the numbers of one language's text differ from
//! another's.

use rustc_hash::FxHashMap;

use crate::lexicon::{Lexicon, WordValue};
use crate::quantities::lang as quantity_lang;
use crate::text::{Number, Token, numbers, outside_code, tokens};
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule translation-numbers-differ` prints.
pub const DOCS: &str = r#"## What it does
Compares the numbers in each language's version of a stem, option, feedback or explanation
with those of the bank's first language, as multisets of values. Numbers are read the way each
language writes them: in Dutch `,` is the decimal mark and `.` or a space separates thousands
(`12,5`, `2.000.000`, `2 000 000`); in English `.` is the decimal mark and `,` or a space
separates thousands (`12.5`, `2,000,000`, `2 000 000`); the no-break, thin and narrow no-break
spaces count as spaces. So `2,000,000` and `2 000 000` are the same number, and a power is one
number however it is written (`7 · 10⁹` and `7e9`, `2³⁰` and `2^30`). What is no
quantity is not compared: IP addresses and versions (`192.168.1.70`, `1.2.3`), ratios and
times (`2:4`, `10:30`, the Dutch `09.40` and `13.51 uur`; a ratio to one, `30:1` or `1:4`,
is its two numbers), bit patterns (`11000000`), an English comma before other than three
digits (`1,5`), digits inside words and identifiers (`FP16`, `H100`, `W4A16`; a size, `2x6`,
is two numbers), and numbers in code or math. A fraction is two numbers, written with digits
or as one character (`1/4` and `¼` are 1 and 4).

A number one language writes in words is no difference: when a number of one text has no
partner in the other, and the other writes that value as a word of its language's list
(cardinals "zero"/"nul" to "twenty"/"twintig", the tens, "hundred"/"honderd", "thousand"/
"duizend", "million"/"miljoen", "billion"/"miljard" = 10⁹; "half"/"helft" = 1/2,
"quarter"/"kwart" = 1/4, "third"/"derde" = 1/3, with a count before them: "three quarters",
"twee derde"; the ordinals "first"/"eerste" to "tenth"/"tiende" = 1 to 10), the two are a
pair: "een kwart van 48" and "1/4 of 48" (or
"0.25"), "Zestig per seconde" and "At 60 fps", "Na het eerste jaar" and "After year 1".
Each word pairs one number. Words alone never make a finding: "one" in English with nothing
in Dutch is fine. Dutch "een" is mostly the article "a": it is taken as 1 last, only for a
`1` that no digit and no other word pairs.

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
    let mut counts: FxHashMap<&str, usize> = FxHashMap::default();
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

/// A number word of a text.
struct Word<'l> {
    /// What it stands for.
    values: &'l [WordValue],
    /// True for a word that is also an article (Dutch "een").
    article: bool,
    /// Its place among the text's tokens.
    token: usize,
    /// True once it pairs a number.
    used: bool,
}

impl Word<'_> {
    /// True when the word stands for the fraction `n/d`.
    fn is_fraction(&self, n: f64, d: f64) -> bool {
        self.values
            .iter()
            .any(|v| matches!(*v, WordValue::Fraction(wn, wd) if same(wn, n) && same(wd, d)))
    }
}

/// True when two values are the same number (`0.5` and a half).
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(1.0)
}

/// Drops from `unpaired`, numbers of `digits` without a partner in the other language, those
/// that the other text (`toks`, its tokens, in `lang`) writes as a word: "een kwart" pairs `1/4` (two numbers with a `/`
/// between them) and `0.25`, "zestig" pairs `60`, "eerste" pairs `1` (and `1st`). Each word
/// pairs one number (or one fraction). A number word that is also an article of the language
/// (Dutch "een") is tried last, for a number no other word pairs.
fn pair_with_words(unpaired: &mut Vec<&Number>, digits: &str, lang: &str, toks: &[Token<'_>]) {
    let Some(lexicon) = Lexicon::get(lang) else {
        return;
    };
    let mut words: Vec<Word<'_>> = toks
        .iter()
        .enumerate()
        .filter(|(_, t)| t.word && !t.code)
        .filter_map(|(token, t)| {
            let values = lexicon.number_words.values(&t.lower);
            (!values.is_empty()).then(|| Word {
                values,
                article: lexicon.appositive_openers.contains(&t.lower),
                token,
                used: false,
            })
        })
        .collect();
    if words.is_empty() {
        return;
    }
    let value = |n: &Number| n.value.parse::<f64>().ok();
    // Fractions first: `1/4` is two numbers that one word ("kwart") stands for, `3/4` also
    // a count and the word for its part ("three quarters", "twee derde").
    let mut paired = vec![false; unpaired.len()];
    for i in 1..unpaired.len() {
        let (a, b) = (unpaired[i - 1], unpaired[i]);
        let between = digits.get(a.range.end..b.range.start).map(str::trim);
        if paired[i - 1] || !matches!(between, Some("/" | "\u{2044}")) {
            continue;
        }
        let (Some(n), Some(d)) = (value(a), value(b)) else {
            continue;
        };
        let whole = words.iter().position(|w| !w.used && w.is_fraction(n, d));
        let parts = || {
            (1..words.len()).find(|&k| {
                let (count, part) = (&words[k - 1], &words[k]);
                !count.used
                    && !part.used
                    && part.token == count.token + 1
                    && count
                        .values
                        .iter()
                        .any(|v| matches!(*v, WordValue::Number(c) if same(c, n)))
                    && part.is_fraction(1.0, d)
            })
        };
        let found = match whole {
            Some(k) => vec![k],
            None => parts().map_or(Vec::new(), |k| vec![k - 1, k]),
        };
        for &k in &found {
            words[k].used = true;
        }
        if !found.is_empty() {
            paired[i - 1] = true;
            paired[i] = true;
        }
    }
    // Then single numbers: the words that are no article, then the articles.
    for articles in [false, true] {
        for (i, n) in unpaired.iter().enumerate() {
            let Some(v) = value(n).filter(|_| !paired[i]) else {
                continue;
            };
            let word = words.iter_mut().find(|w| {
                !w.used && w.article == articles && w.values.iter().any(|x| same(x.value(), v))
            });
            if let Some(word) = word {
                word.used = true;
                paired[i] = true;
            }
        }
    }
    let mut keep = paired.iter().map(|p| !p);
    unpaired.retain(|_| keep.next().unwrap_or(true));
}

/// The quantities of `text` in `lang` ([`quizkit_quantity::numbers`]: thousands written with
/// spaces, commas or dots, decimals by the language, no addresses or versions), but for those
/// in Markdown code or math.
fn quantity_numbers(lang: &str, text: &str) -> Vec<Number> {
    not_in_code(text, &quizkit_quantity::numbers(text, quantity_lang(lang)))
}

/// The numbers `found` of `text` but those in Markdown code or math.
fn not_in_code(text: &str, found: &[quizkit_quantity::ProseNumber]) -> Vec<Number> {
    outside_code(text, found)
        .map(|n| Number {
            range: n.range.clone(),
            value: n.value.clone(),
        })
        .collect()
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let Some(base) = cx.languages().next() else {
        return;
    };
    for (field, text) in Context::texts(q.question) {
        let Some(base_entry) = text.entry(base) else {
            continue;
        };
        let base_digits = numbers(base, &base_entry.text.value);
        for lang in cx.languages().skip(1) {
            let Some(entry) = text.entry(lang) else {
                continue;
            };
            // Texts whose digits read alike, in the same order, agree; the others are compared
            // by value, as `quizkit_quantity` reads numbers in each language.
            let own_digits = numbers(lang, &entry.text.value);
            if base_digits
                .iter()
                .map(|n| &n.value)
                .eq(own_digits.iter().map(|n| &n.value))
            {
                continue;
            }
            // The numbers the analysis reads once for every rule.
            let read = |code: &str, text: &str| match a.text(field, code) {
                Some(t) => not_in_code(text, t.numbers()),
                None => quantity_numbers(code, text),
            };
            let base_numbers = read(base, &base_entry.text.value);
            let own = read(lang, &entry.text.value);
            let mut extra = surplus(&base_numbers, &own);
            let mut lacking = surplus(&own, &base_numbers);
            // A number the other language writes as a word is no difference; the words are
            // the tokens the analysis keeps for every rule.
            let pair = |unpaired: &mut Vec<&Number>, digits: &str, lang: &str, text: &str| {
                if unpaired.is_empty() {
                    return;
                }
                match a.text(field, lang) {
                    Some(t) => pair_with_words(unpaired, digits, lang, t.tokens()),
                    None => pair_with_words(unpaired, digits, lang, &tokens(text)),
                }
            };
            pair(&mut extra, &entry.text.value, base, &base_entry.text.value);
            pair(
                &mut lacking,
                &base_entry.text.value,
                lang,
                &entry.text.value,
            );
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

    /// The numbers of `digits` (in `digits_lang`) left without a partner once `text` (in
    /// `lang`, with no digits of its own) lends its number words.
    fn left(digits_lang: &str, digits: &str, lang: &str, text: &str) -> Vec<String> {
        let numbers = quantity_numbers(digits_lang, digits);
        let mut unpaired: Vec<&Number> = numbers.iter().collect();
        pair_with_words(&mut unpaired, digits, lang, &tokens(text));
        unpaired.iter().map(|n| n.value.clone()).collect()
    }

    #[test]
    fn a_number_written_as_a_word_pairs_its_digits() {
        assert!(left("en", "1/4 of", "nl", "een kwart van").is_empty());
        assert!(left("en", "0.25 of", "nl", "een kwart van").is_empty());
        assert!(left("en", "At 60 fps", "nl", "Zestig per seconde").is_empty());
        assert!(left("en", "After year 1", "nl", "Na het eerste jaar").is_empty());
        assert!(left("nl", "1/3 van", "en", "a third of").is_empty());
        assert!(left("en", "3/4 and 2/3", "nl", "drie kwart en twee derde").is_empty());
        assert!(left("nl", "3/4", "en", "three quarters").is_empty());
        assert_eq!(left("nl", "3/4", "en", "three big quarters"), ["4"]);
        assert!(left("nl", "het 3e jaar", "en", "the third year").is_empty());
        assert!(
            left(
                "en",
                "1/2 and 1,000,000,000",
                "nl",
                "de helft en een miljard"
            )
            .is_empty()
        );
        // One word pairs one number, and only a number of its value.
        assert_eq!(left("en", "2 and 2", "nl", "twee"), ["2"]);
        assert_eq!(left("en", "1/4 of 3", "nl", "een kwart"), ["3"]);
        assert_eq!(left("en", "61 fps", "nl", "zestig"), ["61"]);
        // "kwart" takes `1/4` whole, so "een" is left to pair a lone `1` (as the article it
        // pairs nothing).
        assert_eq!(left("en", "1/4 and 2", "nl", "een kwart"), ["2"]);
        assert!(left("en", "1/4 and 1", "nl", "een kwart").is_empty());
        assert!(left("en", "1 GB", "nl", "een GB").is_empty());
        // A language without a lexicon lends no words; words in code are not read.
        assert_eq!(left("en", "60", "fr", "soixante"), ["60"]);
        assert_eq!(left("en", "60", "nl", "`zestig`"), ["60"]);
    }
}
