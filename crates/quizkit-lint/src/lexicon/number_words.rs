//! Numbers written as words (`number_words` of a lexicon): "zestig" is 60, "kwart" is 1/4,
//! "derde" is 3 and 1/3.

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::text::lowercase;

/// A value a number word stands for.
#[derive(Debug, Clone, PartialEq)]
pub enum WordValue {
    /// A number: `60`, `1000000`, `1.5`.
    Number(f64),
    /// A fraction `numerator/denominator`: `1/4`.
    Fraction(f64, f64),
}

impl WordValue {
    /// Reads `60`, `1.5` or `1/4`.
    fn parse(s: &str) -> Option<WordValue> {
        match s.split_once('/') {
            Some((n, d)) => {
                let (n, d): (f64, f64) = (n.parse().ok()?, d.parse().ok()?);
                (d != 0.0).then_some(WordValue::Fraction(n, d))
            }
            None => s.parse().ok().map(WordValue::Number),
        }
    }

    /// The value as one number (a fraction's quotient).
    pub fn value(&self) -> f64 {
        match *self {
            WordValue::Number(v) => v,
            WordValue::Fraction(n, d) => n / d,
        }
    }
}

/// The number words of a language: each entry of the list is a word and the values it
/// stands for, separated by spaces (`"derde 3 1/3"`: the third, and a third).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(try_from = "Vec<String>", into = "Vec<String>")]
pub struct NumberWords {
    entries: Vec<String>,
    values: FxHashMap<String, Vec<WordValue>>,
}

impl NumberWords {
    /// The values of `lower`, a word in lower case; empty for a word that is no number.
    pub fn values(&self, lower: &str) -> &[WordValue] {
        self.values.get(lower).map_or(&[], Vec::as_slice)
    }
}

impl TryFrom<Vec<String>> for NumberWords {
    type Error = String;
    fn try_from(entries: Vec<String>) -> Result<NumberWords, String> {
        let mut values = FxHashMap::default();
        for entry in &entries {
            let mut parts = entry.split_whitespace();
            let word = parts.next().ok_or("an empty number word")?;
            let read: Option<Vec<WordValue>> = parts.map(WordValue::parse).collect();
            match read {
                Some(read) if !read.is_empty() => {
                    values.insert(lowercase(word).into_owned(), read);
                }
                _ => {
                    return Err(format!(
                        "`{entry}`: a number word needs values like `60` or `1/4`"
                    ));
                }
            }
        }
        Ok(NumberWords { entries, values })
    }
}

impl From<NumberWords> for Vec<String> {
    fn from(words: NumberWords) -> Vec<String> {
        words.entries
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_read_with_their_values() {
        let words =
            NumberWords::try_from(vec!["Derde 3 1/3".to_owned(), "half 0.5 1/2".to_owned()])
                .expect("valid entries");
        assert_eq!(
            words.values("derde"),
            [WordValue::Number(3.0), WordValue::Fraction(1.0, 3.0)]
        );
        assert_eq!(words.values("half")[1].value(), 0.5);
        assert!(words.values("drie").is_empty());
        for bad in ["twee", "twee two", "nul 1/0", ""] {
            assert!(
                NumberWords::try_from(vec![bad.to_owned()]).is_err(),
                "{bad}"
            );
        }
    }
}
