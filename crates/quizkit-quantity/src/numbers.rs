//! How Dutch and English write numbers, as data ([`NumberStyle`]), and the one reader of
//! numbers in prose that claims and translations share ([`read_number`], [`numbers`]). The
//! decisions are documented on [`NumberStyle`].

use std::ops::Range;

/// How a language writes numbers: the lexicon the number reader follows.
///
/// | | Dutch (`nl`) | English (`en`) |
/// |---|---|---|
/// | decimal mark | `,` (`12,5`); also `.` when it cannot be a thousands dot (`0.125`, `3.5`) | `.` (`12.5`) |
/// | thousands | `.` (`2.000.000`), a space (`2 000 000`) | `,` (`2,000,000`), a space (`2 000 000`) |
///
/// A thousands separator stands between a first group of one to three digits and groups of
/// exactly three digits, the same separator throughout (`1 500`, `16 384`, `10,000,000`); a
/// first group of a lone `0` starts no thousands (`0,500` in Dutch is a half). Spaces are the
/// ASCII space, the no-break space (U+00A0), the thin space (U+2009) and the narrow no-break
/// space (U+202F), one of them between each pair of groups. So `3 100` is one number: a
/// number of one to three digits, a space and exactly three digits are read together.
///
/// Never a quantity, in either language:
/// - IPv4 addresses: four numbers up to 255 without leading zeros, with dots between them
///   (`255.255.255.192`, which Dutch would otherwise read as thousands);
/// - digits with a separator and another digit after them once the number is read
///   (`192.168.1.70`, `1.2.3`, `3,5,7`), and digits before or after a `:` and a digit (`2:4`,
///   `10:30`), but for a ratio to one (`30:1`, `1:4`), whose two numbers are read;
/// - bit patterns: eight, sixteen or thirty-two digits of only 0 and 1, more than one of them 1
///   (`11000000`; `10000000` is ten million);
/// - digits glued to letters or `_` before them (`FP16`, `H100`, `v1.5`);
/// - in English, a comma before other than three digits (`1,5`: a Dutch decimal or a list; it
///   cannot be told, so it is not read), and a thousands mark after space groups
///   (`1 000.000`, `1 000,000`).
///
/// Both ends of a range (`70–80 ms`, an en dash between two numbers) are numbers; a claim
/// between two ranges is checked at both ends, and a range on one side only makes no claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NumberStyle {
    /// The decimal mark: `,` in Dutch, `.` in English.
    pub decimal: u8,
    /// The thousands separator that is not a space: `.` in Dutch, `,` in English.
    pub group: u8,
    /// The other mark is read as a decimal mark where it cannot separate thousands (Dutch
    /// texts write `0.125` and `3.5` too).
    pub lenient_decimal: bool,
}

/// Dutch: `12,5`, `2.000.000`, `2 000 000`.
pub const NL: NumberStyle = NumberStyle {
    decimal: b',',
    group: b'.',
    lenient_decimal: true,
};

/// English: `12.5`, `2,000,000`, `2 000 000`.
pub const EN: NumberStyle = NumberStyle {
    decimal: b'.',
    group: b',',
    lenient_decimal: false,
};

/// The spaces that separate thousands, in UTF-8: space, no-break space, thin space, narrow
/// no-break space.
pub const GROUP_SPACES: [&str; 4] = [" ", "\u{a0}", "\u{2009}", "\u{202f}"];

/// The length of a thousands space at byte `i`, or 0.
fn group_space(b: &[u8], i: usize) -> usize {
    for s in GROUP_SPACES {
        if b[i.min(b.len())..].starts_with(s.as_bytes()) {
            return s.len();
        }
    }
    0
}

/// What the reader made of the digits at a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NumberRead {
    /// Where the digits start.
    pub start: usize,
    /// The end of the first run of digits.
    pub first_end: usize,
    /// The end of the thousands groups (`first_end` when none).
    pub groups_end: usize,
    /// The bytes of the separator before each group (0 when none).
    pub sep_len: usize,
    /// The fraction's digits, as written.
    pub fraction: Range<usize>,
    /// `e9`, `E-3`: the exponent as written, `e` included.
    pub exponent: Range<usize>,
    /// The end of the number as read.
    pub end: usize,
    /// Not a quantity: an address, a version, a ratio, an unreadable comma; `end` is then the
    /// end of the whole thing (`192.168.1.70`).
    pub not_quantity: bool,
}

impl NumberRead {
    /// The digits of the groups, in order (without separators).
    fn groups<'t>(&self, text: &'t str) -> impl Iterator<Item = &'t str> + use<'t> {
        let step = self.sep_len + 3;
        let (first, end, sep) = (self.first_end, self.groups_end, self.sep_len);
        (first..end)
            .step_by(step.max(1))
            .map(move |g| &text[g + sep..g + sep + 3])
    }

    /// The number as the expression language writes it (`2000000`, `12.5`, `7e9`), pushed to
    /// `out`.
    pub fn push_literal(&self, text: &str, out: &mut String) {
        out.push_str(&text[self.start..self.first_end]);
        for g in self.groups(text) {
            out.push_str(g);
        }
        if !self.fraction.is_empty() {
            out.push('.');
            out.push_str(&text[self.fraction.clone()]);
        }
        out.push_str(&text[self.exponent.clone()]);
    }

    /// The canonical value (`2000000`, `12.5`, `0.5` for `0,50`, `7e9`): equal for equal
    /// values however they are written. Pushed to `out`.
    pub fn push_canonical(&self, text: &str, out: &mut String) {
        let mut leading = true;
        let mut digits = |piece: &str, out: &mut String| {
            let piece = if leading {
                piece.trim_start_matches('0')
            } else {
                piece
            };
            if !piece.is_empty() {
                leading = false;
                out.push_str(piece);
            }
        };
        digits(&text[self.start..self.first_end], out);
        for g in self.groups(text) {
            digits(g, out);
        }
        if leading {
            out.push('0');
        }
        let fraction = text[self.fraction.clone()].trim_end_matches('0');
        if !fraction.is_empty() {
            out.push('.');
            out.push_str(fraction);
        }
        let exponent = &text[self.exponent.clone()];
        if let Some(e) = exponent.get(1..) {
            push_exponent(e, out);
        }
    }
}

/// `e` and the exponent `e` without a `+` or leading zeros (`e9` for `+09`, `e-3` for `-03`),
/// pushed to `out`: the canonical exponent, however it was written (`7e9`, `7E+09`, `7 · 10⁹`).
fn push_exponent(e: &str, out: &mut String) {
    let (minus, digits) = match e.strip_prefix(['-', '−']) {
        Some(d) => (true, d),
        None => (false, e.strip_prefix('+').unwrap_or(e)),
    };
    let digits = digits.trim_start_matches('0');
    out.push('e');
    if minus && !digits.is_empty() {
        out.push('-');
    }
    out.push_str(if digits.is_empty() { "0" } else { digits });
}

/// An exponent written right after byte `i`: `^` and digits (`^12`, `^-6`) or superscript
/// digits (`¹²`, `⁻⁶`). The exponent as ASCII (`12`, `-6`) and its end.
pub(crate) fn power_after(text: &str, i: usize) -> Option<(String, usize)> {
    let rest = text.get(i..)?;
    let mut exp = String::new();
    let mut end = i;
    if let Some(after) = rest.strip_prefix('^') {
        let (sign, digits) = match after.strip_prefix(['-', '−']) {
            Some(d) => ("-", d),
            None => ("", after),
        };
        let n = digits.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return None;
        }
        exp.push_str(sign);
        exp.push_str(&digits[..n]);
        end += rest.len() - digits.len() + n;
    } else {
        for c in rest.chars() {
            let v = match c {
                '⁻' if exp.is_empty() => '-',
                '⁰' => '0',
                '¹' => '1',
                '²' => '2',
                '³' => '3',
                c @ '⁴'..='⁹' => char::from(b'4' + (c as u32 - '⁴' as u32) as u8),
                _ => break,
            };
            exp.push(v);
            end += c.len_utf8();
        }
        if exp.is_empty() || exp == "-" {
            return None;
        }
    }
    Some((exp, end))
}

/// A power of ten that multiplies the number ending at byte `end`: spaces or none, `·`, `×`,
/// `*`, `⋅` or `x`, spaces or none, `10` and an exponent ([`power_after`]), as in `7 · 10⁹`,
/// `1,2 × 10^-6`, `8,4·10²²`. The exponent and the end.
pub(crate) fn times_power_of_ten(text: &str, end: usize) -> Option<(String, usize)> {
    fn spaces(s: &str) -> &str {
        s.trim_start_matches([' ', '\u{a0}', '\u{2009}', '\u{202f}'])
    }
    let rest = spaces(text.get(end..)?);
    let rest = ["·", "×", "*", "⋅", "x"]
        .iter()
        .find_map(|op| rest.strip_prefix(op))?;
    let rest = spaces(rest).strip_prefix("10")?;
    power_after(text, text.len() - rest.len())
}

fn digits_end(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    i
}

/// The end of an IPv4 address at `start`: four numbers up to 255 of one to three digits
/// without a leading zero, with dots between them (`255.255.255.192`, which Dutch would otherwise read as thousands).
fn ipv4_end(b: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    for part in 0..4 {
        if part > 0 {
            if b.get(i) != Some(&b'.') {
                return None;
            }
            i += 1;
        }
        let end = digits_end(b, i);
        let n = end - i;
        // No leading zero: `1.000.000.000` is a billion in Dutch.
        let leading_zero = n > 1 && b[i] == b'0';
        if n == 0
            || n > 3
            || leading_zero
            || std::str::from_utf8(&b[i..end]).ok()?.parse::<u16>().ok()? > 255
        {
            return None;
        }
        i = end;
    }
    Some(i)
}

/// Read the number whose first digit is at byte `start` of `text`, the way `style` writes
/// numbers. What stands before `start` is the caller's to judge (`FP16`).
pub(crate) fn read_number(text: &str, start: usize, style: NumberStyle) -> NumberRead {
    let b = text.as_bytes();
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    if let Some(end) = ipv4_end(b, start) {
        return NumberRead {
            start,
            first_end: end,
            groups_end: end,
            sep_len: 0,
            fraction: end..end,
            exponent: end..end,
            end,
            not_quantity: true,
        };
    }
    let first_end = digits_end(b, start);
    let mut end = first_end;
    let mut sep_len = 0;
    let lone_zero = first_end - start == 1 && at(start) == b'0';
    if first_end - start <= 3 && !lone_zero {
        // The separator of the first group decides the others.
        let sep: &[u8] = if at(end) == style.group {
            &b[end..end + 1]
        } else {
            let n = group_space(b, end);
            &b[end..end + n]
        };
        let is_group = |i: usize| {
            !sep.is_empty()
                && b[i.min(b.len())..].starts_with(sep)
                && digits_end(b, i + sep.len()) == i + sep.len() + 3
        };
        while is_group(end) {
            end += sep.len() + 3;
        }
        if end > first_end {
            sep_len = sep.len();
        }
    }
    let groups_end = end;
    let mut fraction = end..end;
    let mut not_quantity = false;
    let c = at(end);
    if at(end + 1).is_ascii_digit() && (c == style.decimal || c == style.group) {
        let next = digits_end(b, end + 1);
        let three = next == end + 4;
        if c == style.decimal {
            fraction = end + 1..next;
            end = next;
        } else if sep_len == 0 && style.lenient_decimal && (!three || lone_zero) {
            // Dutch `0.125`, `3.5`: a dot that cannot separate thousands.
            fraction = end + 1..next;
            end = next;
        } else {
            // English `1,5` or `0,500`, or a group mark after groups of spaces (`1 000.000`):
            // which is meant cannot be told.
            not_quantity = true;
        }
    }
    let mut exponent = end..end;
    if !not_quantity && matches!(at(end), b'e' | b'E') {
        let sign = usize::from(matches!(at(end + 1), b'+' | b'-'));
        if at(end + 1 + sign).is_ascii_digit() {
            let j = digits_end(b, end + 1 + sign);
            exponent = end..j;
            end = j;
        }
    }
    // Another separator and a digit: an address, a version, a list (`192.168.1.70`, `1.2.3`),
    // or a ratio or a time (`2:4`, `10:30`).
    if !not_quantity && matches!(at(end), b'.' | b',' | b':') && at(end + 1).is_ascii_digit() {
        not_quantity = true;
    }
    if not_quantity {
        let mut j = end;
        while matches!(at(j), b'.' | b',' | b':') && at(j + 1).is_ascii_digit()
            || at(j).is_ascii_digit()
        {
            j += 1;
        }
        end = j.max(end);
    }
    // A bit pattern: an octet or a word of only 0s and 1s with more than one 1 (`11000000`).
    let run = &b[start..first_end];
    if end == first_end
        && matches!(run.len(), 8 | 16 | 32)
        && run.iter().all(|&d| d == b'0' || d == b'1')
        && run.iter().filter(|&&d| d == b'1').count() > 1
    {
        not_quantity = true;
    }
    NumberRead {
        start,
        first_end,
        groups_end,
        sep_len,
        fraction,
        exponent,
        end,
        not_quantity,
    }
}

/// Whether a number that ends at byte `end` is an hour of the clock: `am`, `pm`, `a.m.` or
/// `p.m.` follows it, after a space or none (`8 pm`, `10pm`, `7 a.m.`), or it is a Dutch time
/// with a dot (`09.40`, `13.51 uur`). "8 pm to 10 pm" and "20:00 tot 22:00" state the same
/// times, not the numbers 8 and 10.
fn is_clock_time(b: &[u8], end: usize) -> bool {
    dutch_clock_time(b, end) || english_clock_time(b, end)
}

/// `09.40`, `13.51 uur`: hours and minutes with a dot, as Dutch writes the time of day: a
/// two-digit hour with a leading zero, or an hour to 24 with " uur" after it; the minutes two
/// digits under 60. The number read ends at `end`, after the minutes.
fn dutch_clock_time(b: &[u8], end: usize) -> bool {
    let Some(dot) = end.checked_sub(3).filter(|&d| b.get(d) == Some(&b'.')) else {
        return false;
    };
    let digits =
        |r: std::ops::Range<usize>| r.clone().all(|i| b.get(i).is_some_and(u8::is_ascii_digit));
    let hour_start = (dot.saturating_sub(2)..dot)
        .find(|&s| digits(s..dot))
        .filter(|&s| s == 0 || !b[s - 1].is_ascii_digit());
    let Some(start) = hour_start else {
        return false;
    };
    let number = |r: std::ops::Range<usize>| std::str::from_utf8(&b[r]).ok()?.parse::<u32>().ok();
    let (Some(hour), Some(minutes)) = (number(start..dot), number(dot + 1..end)) else {
        return false;
    };
    let leading_zero = dot - start == 2 && b[start] == b'0';
    let uur = b[end..].starts_with(b" uur");
    digits(dot + 1..end) && minutes < 60 && hour <= 24 && (leading_zero || uur)
}

/// `8 pm`, `10pm`, `7 a.m.`: an hour of the English clock.
fn english_clock_time(b: &[u8], end: usize) -> bool {
    let mut i = end;
    if b.get(i) == Some(&b' ') {
        i += 1;
    }
    let rest = &b[i.min(b.len())..];
    let word = if rest.starts_with(b"a.m.") || rest.starts_with(b"p.m.") {
        4
    } else if rest.starts_with(b"am") || rest.starts_with(b"pm") {
        2
    } else {
        return false;
    };
    !rest.get(word).is_some_and(|c| c.is_ascii_alphanumeric())
}

/// The numerator and denominator of a vulgar fraction character (`¾` is 3/4).
pub(crate) fn vulgar_fraction(c: char) -> Option<(u8, u8)> {
    Some(match c {
        '½' => (1, 2),
        '⅓' => (1, 3),
        '⅔' => (2, 3),
        '¼' => (1, 4),
        '¾' => (3, 4),
        '⅕' => (1, 5),
        '⅖' => (2, 5),
        '⅗' => (3, 5),
        '⅘' => (4, 5),
        '⅙' => (1, 6),
        '⅚' => (5, 6),
        '⅐' => (1, 7),
        '⅛' => (1, 8),
        '⅜' => (3, 8),
        '⅝' => (5, 8),
        '⅞' => (7, 8),
        '⅑' => (1, 9),
        '⅒' => (1, 10),
        _ => return None,
    })
}

/// A number found in prose by [`numbers`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProseNumber {
    /// Where it is written, in bytes.
    pub range: Range<usize>,
    /// Its canonical value: digits without thousands separators or leading zeros, a `.` and
    /// the fraction without trailing zeros, the exponent as written (`2000000`, `12.5`,
    /// `7e9`). Two numbers of equal value written in either language's way have the same.
    pub value: String,
}

/// The numbers that are quantities in `text`, written the way `lang` writes them, in order:
/// not digits inside words and identifiers (`FP16`, `H100`, `W4A16`), nor what the reader
/// decides is no quantity (`192.168.1.70`, `1.2.3`, `2:4`, English `1,5`; see the module's
/// table). Both ends of a range (`2–5`) are numbers. Markdown code is the caller's to skip.
///
/// LaTeX math (`\( 1{,}25 \times 4 \)`, [`crate::plain_math`]) is read in plain notation; the
/// ranges point into `text` as written.
pub fn numbers(text: &str, lang: crate::Lang) -> Vec<ProseNumber> {
    let Some(math) = crate::plain_math(text) else {
        return plain_numbers(text, lang);
    };
    let mut out = plain_numbers(math.text(), lang);
    for n in &mut out {
        n.range = math.source(n.range.clone());
    }
    out
}

/// [`numbers`] of a text without math.
fn plain_numbers(text: &str, lang: crate::Lang) -> Vec<ProseNumber> {
    let style = lang.number_style();
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            // `¾` is the 3 and 4 of `3/4`, as the other language may write it.
            let c = text[i..].chars().next();
            if let Some((c, (n, d))) = c.and_then(|c| Some((c, vulgar_fraction(c)?))) {
                let range = i..i + c.len_utf8();
                for value in [n, d] {
                    out.push(ProseNumber {
                        range: range.clone(),
                        value: value.to_string(),
                    });
                }
            }
            i += c.map_or(1, char::len_utf8);
            continue;
        }
        let prev = text[..i].chars().next_back();
        // `2x6`, `1920x1080`: an `x` between numbers is a times sign (not `0x1F`, hex).
        let times = prev == Some('x')
            && i >= 2
            && b[i - 2].is_ascii_digit()
            && !(b[i - 2] == b'0' && (i < 3 || !b[i - 3].is_ascii_digit()));
        let in_word = !times && prev.is_some_and(|p| p.is_alphabetic() || p == '_');
        let read = read_number(text, i, style);
        // The rest of an identifier (`16GB` reads 16; `4A16` is part of `W4A16`).
        let mut next = read.end;
        let times_after = b.get(next) == Some(&b'x')
            && b.get(next + 1).is_some_and(u8::is_ascii_digit)
            && &text[i..next] != "0";
        while !times_after
            && b.get(next)
                .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_')
        {
            next += 1;
        }
        // `30:1`, `1:4`: a ratio to one is its two numbers, as "30 op 1" or "1 in 4" are.
        if !in_word && let Some((ratio, end)) = ratio_to_one(text, i) {
            out.extend(ratio);
            i = end;
            continue;
        }
        // A number right after a separator glued to a digit was part of something read as
        // no quantity already (`.70` of an address), which `read.end` skipped.
        if !in_word && !read.not_quantity && !is_clock_time(b, read.end) {
            let mut value = String::new();
            read.push_canonical(text, &mut value);
            let mut end = read.end;
            // A power is one number, however written: `7 · 10⁹` and `7e9`, `10¹²` and
            // `10^12`, `2³⁰` and `2^30`.
            let plain = read.exponent.is_empty();
            if let Some((exp, e)) = times_power_of_ten(text, end).filter(|_| plain) {
                push_exponent(&exp, &mut value);
                end = e;
            } else if let Some((exp, e)) = power_after(text, end).filter(|_| plain) {
                if value == "10" {
                    value = "1".into();
                    push_exponent(&exp, &mut value);
                } else {
                    value.push('^');
                    value.push_str(&exp);
                }
                end = e;
            }
            out.push(ProseNumber {
                range: i..end,
                value,
            });
            next = next.max(end);
        }
        i = next.max(i + 1);
    }
    out
}

/// `30:1`, `1:4`, `1:100` at `i`: two whole numbers joined by a `:`, the second 1 or the
/// first 1 and the second not of two digits (`1:30` may be a time), and no separator and
/// digit after (`1:2:3`): the two numbers, and the end. Other pairs (`2:4`,
/// `10:30`) stay unread: a time of day or a pattern.
fn ratio_to_one(text: &str, i: usize) -> Option<([ProseNumber; 2], usize)> {
    let b = text.as_bytes();
    let digits = |from: usize| b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let a = digits(i);
    let colon = i + a;
    if b.get(colon) != Some(&b':') || !b.get(colon + 1).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let c = digits(colon + 1);
    let end = colon + 1 + c;
    let more = matches!(b.get(end), Some(b'.' | b',' | b':'))
        && b.get(end + 1).is_some_and(u8::is_ascii_digit);
    let (left, right) = (&text[i..colon], &text[colon + 1..end]);
    let plain = |s: &str| !s.starts_with('0');
    // `1:30` may be a time of day or a duration: two digits after `1:` are no ratio.
    let one = right == "1" || (left == "1" && right.len() != 2);
    (one && !more && plain(left) && plain(right)).then(|| {
        (
            [
                ProseNumber {
                    range: i..colon,
                    value: left.to_string(),
                },
                ProseNumber {
                    range: colon + 1..end,
                    value: right.to_string(),
                },
            ],
            end,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;

    fn values(text: &str, lang: Lang) -> Vec<String> {
        numbers(text, lang).into_iter().map(|n| n.value).collect()
    }

    #[test]
    fn thousands_and_decimals_per_language() {
        let both = [Lang::Nl, Lang::En];
        for lang in both {
            assert_eq!(values("2 000 000 × 250 B", lang), ["2000000", "250"]);
            assert_eq!(values("2^14 = 16\u{202f}384", lang), ["2^14", "16384"]);
            assert_eq!(
                values("65\u{2009}536 B en 1\u{a0}500", lang),
                ["65536", "1500"]
            );
            assert_eq!(values("192.168.1.70/26", lang), ["26"]);
            assert_eq!(values("255.255.255.192", lang), Vec::<String>::new());
            assert_eq!(values("10.0.0.1", lang), Vec::<String>::new());
            assert_eq!(
                values("versie 1.2.3, 2:4, 10:30", lang),
                Vec::<String>::new()
            );
            assert_eq!(values("FP16 H100 W4A16", lang), Vec::<String>::new());
            assert_eq!(values("2–5 ms", lang), ["2", "5"]);
            assert_eq!(values("11000000 = 128 + 64", lang), ["128", "64"]);
            assert_eq!(values("10000000 B", lang), ["10000000"]);
        }
        assert_eq!(
            values("12,5 MB/s en 2.000.000", Lang::Nl),
            ["12.5", "2000000"]
        );
        assert_eq!(
            values("0,50 en 0.125 en 3.5", Lang::Nl),
            ["0.5", "0.125", "3.5"]
        );
        assert_eq!(
            values("12.5 MB/s and 2,000,000", Lang::En),
            ["12.5", "2000000"]
        );
        assert_eq!(
            values("1,500 B and 10,000,000", Lang::En),
            ["1500", "10000000"]
        );
        assert_eq!(values("1,5 GB", Lang::En), Vec::<String>::new());
        assert_eq!(values("7e9 and 1.20E-3", Lang::En), ["7e9", "1.2e-3"]);
        // `2x6` is two numbers, as `2 × 6` is; `0x1F` is hex.
        assert_eq!(
            values("a 2x6 board, 1920x1080", Lang::En),
            ["2", "6", "1920", "1080"]
        );
        assert_eq!(values("0x1F", Lang::En), ["0"]);
        // A Dutch time of day with a dot, as a colon writes it in English.
        assert_eq!(
            values("om 09.40 uur, aankomst 13.51 uur, 4.11 later", Lang::Nl),
            ["4.11"]
        );
        assert_eq!(values("2.45 kg en 12.50 euro", Lang::Nl), ["2.45", "12.5"]);
        // A ratio to one is its two numbers; other pairs with a colon are times or patterns.
        assert_eq!(values("a glide ratio of 30:1", Lang::En), ["30", "1"]);
        assert_eq!(
            values("helling 1:4 of 1:100", Lang::Nl),
            ["1", "4", "1", "100"]
        );
        assert_eq!(values("om 1:30 en 2:4", Lang::Nl), Vec::<String>::new());
        // A fraction written as one character is its two numbers, as digits write them.
        assert_eq!(values("2¾ cups", Lang::Nl), ["2", "3", "4"]);
        assert_eq!(values("2 3/4 cups", Lang::En), ["2", "3", "4"]);
        // Mixed separators do not make one number.
        assert_eq!(values("1 000.000", Lang::Nl), Vec::<String>::new());
        // A space before other than three digits separates two numbers.
        assert_eq!(values("2 10 1000", Lang::En), ["2", "10", "1000"]);
        assert_eq!(values("in 2024 100 keer", Lang::Nl), ["2024", "100"]);
        // Hours of the clock are times, not numbers; durations are.
        assert_eq!(
            values("from 8 pm to 10pm, or 7 a.m., for 2 hours", Lang::En),
            ["2"]
        );
        assert_eq!(values("2 pmol and 3 ampere", Lang::En), ["2", "3"]);
    }

    #[test]
    fn a_power_is_one_number_however_written() {
        assert_eq!(
            values("6 · 7·10⁹ · 2·10¹² = 8,4·10²² en 1,2 × 10^-6 s", Lang::Nl),
            ["6", "7e9", "2e12", "8.4e22", "1.2e-6"]
        );
        assert_eq!(
            values("6 * 7e9 * 2e12 = 8.4e22 and 1.2E-06 s", Lang::En),
            ["6", "7e9", "2e12", "8.4e22", "1.2e-6"]
        );
        assert_eq!(
            values("10¹² / 2³⁰ en 20²", Lang::Nl),
            ["1e12", "2^30", "20^2"]
        );
        assert_eq!(
            values("10^12 / 2^30 and 20^2", Lang::En),
            ["1e12", "2^30", "20^2"]
        );
        // A product with another factor than ten stays two numbers.
        assert_eq!(values("3 × 12⁴", Lang::En), ["3", "12^4"]);
        assert_eq!(values("4 × 100", Lang::En), ["4", "100"]);
    }

    #[test]
    fn the_literal_is_what_the_expression_language_reads() {
        for (text, lang, literal) in [
            ("2 000 000", Lang::Nl, "2000000"),
            ("12,50", Lang::Nl, "12.50"),
            ("1,250", Lang::En, "1250"),
            ("1.2e3", Lang::En, "1.2e3"),
        ] {
            let mut out = String::new();
            read_number(text, 0, lang.number_style()).push_literal(text, &mut out);
            assert_eq!(out, literal, "{text}");
        }
    }
}
