//! The numbers of a prose text, read as its language writes them.

use std::ops::Range;

use super::code_ranges;

/// A number as written in a text, normalized so that `3,5` (Dutch) and `3.5` (English), or
/// `1.000` (Dutch) and `1,000` or `1000` (English), compare equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Number {
    /// Byte range in the text.
    pub range: Range<usize>,
    /// Canonical form: digits, and a `.` before the fraction if any (`3.5`, `1000`).
    pub value: String,
}

/// The numbers `found` of `text` ([`quizkit_quantity::numbers`], which reads code and math
/// too) but those in Markdown code or math.
pub fn outside_code<'n>(
    text: &str,
    found: &'n [quizkit_quantity::ProseNumber],
) -> impl Iterator<Item = &'n quizkit_quantity::ProseNumber> {
    let code = if text.contains(['`', '$']) {
        code_ranges(text)
    } else {
        Vec::new()
    };
    found
        .iter()
        .filter(move |n| !code.iter().any(|r| r.contains(&n.range.start)))
}

/// The decimal separator and the thousands separator of `lang`.
fn separators(lang: &str) -> (u8, u8) {
    if lang.starts_with("en") {
        (b'.', b',')
    } else {
        (b',', b'.')
    }
}

/// The numbers of a prose text in `lang`: digit groups that do not stand inside a word or an
/// identifier (`FP16`, `H100`, `W4A16`, `e9` in `7e9` are not numbers of the prose), with the
/// language's decimal and thousands separators. Numbers in code and math are skipped.
pub fn numbers(lang: &str, text: &str) -> Vec<Number> {
    let (decimal, group) = separators(lang);
    let bytes = text.as_bytes();
    let Some(first_digit) = bytes.iter().position(u8::is_ascii_digit) else {
        return Vec::new();
    };
    let code = code_ranges(text);
    // Numbers come in text order and the code ranges are ordered and disjoint: sweep them.
    let mut next_code = 0;
    let mut out = Vec::new();
    let digits_end = |mut j: usize| {
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            j += 1;
        }
        j
    };
    let mut i = first_digit;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        let in_word = text[..start]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphabetic() || c == '_');
        let mut end = digits_end(i);
        let mut value = text[start..end].to_owned();
        // Thousands groups: a separator followed by exactly three digits.
        while bytes.get(end) == Some(&group) && digits_end(end + 1) == end + 4 {
            value.push_str(&text[end + 1..end + 4]);
            end += 4;
        }
        // A fraction: the decimal separator, or the other one when it cannot be a group.
        if let Some(&sep) = bytes.get(end) {
            let next = digits_end(end + 1);
            if next > end + 1 && (sep == decimal || (sep == group && next != end + 4)) {
                let fraction = text[end + 1..next].trim_end_matches('0');
                if !fraction.is_empty() {
                    value.push('.');
                    value.push_str(fraction);
                }
                end = next;
            }
        }
        while code.get(next_code).is_some_and(|r| r.end <= start) {
            next_code += 1;
        }
        let in_code = code.get(next_code).is_some_and(|r| r.start <= start);
        if !in_word && !in_code {
            // No leading zeros, but one before the point: `007` is `7`, `00.5` is `0.5`.
            let zeros = value.len() - value.trim_start_matches('0').len();
            value.drain(..zeros);
            if value.is_empty() || value.starts_with('.') {
                value.insert(0, '0');
            }
            out.push(Number {
                range: start..end,
                value,
            });
        }
        // Skip the rest of an identifier such as `W4A16`.
        i = end;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(lang: &str, text: &str) -> Vec<String> {
        numbers(lang, text).into_iter().map(|n| n.value).collect()
    }

    #[test]
    fn numbers_follow_the_language() {
        let nl = values("nl", "3,5 GB en 1.000 tokens, FP16 en W4A16, 7e9, 0,50");
        let en = values("en", "3.5 GB and 1,000 tokens, FP16 and W4A16, 7e9, 0.5");
        assert_eq!(nl, ["3.5", "1000", "7", "0.5"]);
        assert_eq!(nl, en);
        assert_eq!(
            values("en", "1000 and 2:4 and 12.5%"),
            ["1000", "2", "4", "12.5"]
        );
    }

    #[test]
    fn numbers_in_code_and_words_are_skipped() {
        assert_eq!(
            values("en", "`16` and $32$ but 64, é5 and 007, 00.50"),
            ["64", "7", "0.5"]
        );
        let n = numbers("nl", "ruim 1.000,50 euro");
        assert_eq!(n[0].value, "1000.5");
        assert_eq!(n[0].range, 5..13);
    }
}
