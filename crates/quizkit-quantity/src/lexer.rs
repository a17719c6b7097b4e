//! A hand-written lexer over bytes for the expression language.
//!
//! It never allocates on the common path: a number is read into a `u64` mantissa and a
//! decimal exponent and converted with one exact multiplication or division (Clinger's fast
//! path); only long or extreme literals fall back to the standard library's parser.

use crate::numbers::GROUP_SPACES;

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A number literal; see [`Token::num`], [`Token::half_ulp`], [`Token::glued`].
    Num,
    /// A word: a unit, a count word, `min`/`max`, `to`/`in`.
    Ident,
    Plus,
    Minus,
    /// `*` or `×`.
    Star,
    /// `·` or `⋅`: multiplication, and the glue inside a unit (`W·h`).
    Dot,
    /// `/` or `÷`.
    Slash,
    Caret,
    LParen,
    RParen,
    Comma,
    /// `=` or `==`.
    Eq,
    /// `≈` or `~`.
    Approx,
    /// `->` or `→`.
    Arrow,
    /// `±` or `+/-`.
    PlusMinus,
    Percent,
    /// A run of superscript digits (`³`, `⁻¹`); the power is in [`Token::int`].
    Super,
    /// A character the language does not use.
    Bad,
    Eof,
}

/// One token with its byte span.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Token {
    pub kind: Kind,
    pub start: u32,
    pub end: u32,
    /// The value of a number literal, including a glued count suffix (`7B` = 7e9).
    pub num: f64,
    /// Half a unit in the last written digit of a number literal, scaled like `num`.
    pub half_ulp: f64,
    /// The number carries a glued count suffix (`K`, `M`, `B`, `T`).
    pub glued: bool,
    /// The power of a superscript run.
    pub int: i32,
}

impl Token {
    fn new(kind: Kind, start: usize, end: usize) -> Token {
        Token {
            kind,
            start: start as u32,
            end: end as u32,
            num: 0.0,
            half_ulp: 0.0,
            glued: false,
            int: 0,
        }
    }
}

/// Exact powers of ten: every one up to 1e22 is representable in an `f64`.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// 10^e for the precision of a literal; not on the value path, so `powi` is exact enough.
fn pow10(e: i32) -> f64 {
    if (0..=22).contains(&e) {
        POW10[e as usize]
    } else if (-22..0).contains(&e) {
        1.0 / POW10[(-e) as usize]
    } else {
        10f64.powi(e)
    }
}

/// Does a word start at `i`? ASCII letter, `µ` (C2 B5), `μ` (CE BC) or `Ω` (CE A9).
pub(crate) fn word_starts(s: &[u8], i: usize) -> bool {
    match s.get(i) {
        Some(b) if b.is_ascii_alphabetic() => true,
        Some(0xC2) => s.get(i + 1) == Some(&0xB5),
        Some(0xCE) => matches!(s.get(i + 1), Some(&0xBC | &0xA9)),
        _ => false,
    }
}

/// The value of a superscript digit at `i`, and its length in bytes.
fn superscript(s: &[u8], i: usize) -> Option<(i32, usize)> {
    match (s.get(i), s.get(i + 1), s.get(i + 2)) {
        (Some(0xC2), Some(0xB9), _) => Some((1, 2)),
        (Some(0xC2), Some(0xB2), _) => Some((2, 2)),
        (Some(0xC2), Some(0xB3), _) => Some((3, 2)),
        (Some(0xE2), Some(0x81), Some(&b)) if b == 0xB0 || (0xB4..=0xB9).contains(&b) => {
            Some((if b == 0xB0 { 0 } else { i32::from(b - 0xB0) }, 3))
        }
        _ => None,
    }
}

/// The length of a whitespace character at `i`, if there is one: ASCII space and control
/// whitespace, no-break space, thin space, narrow no-break space.
pub(crate) fn space_len(s: &[u8], i: usize) -> usize {
    match s.get(i) {
        Some(b' ' | b'\t' | b'\n' | b'\r') => 1,
        Some(0xC2) if s.get(i + 1) == Some(&0xA0) => 2,
        Some(0xE2)
            if s.get(i + 1) == Some(&0x80)
                && matches!(s.get(i + 2), Some(0x89 | 0xAF | 0x8A | 0x88)) =>
        {
            3
        }
        _ => 0,
    }
}

/// The lexer: call [`Lexer::next`] until [`Kind::Eof`].
pub(crate) struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    /// Inside the parentheses of `min(…)`/`max(…)`, where a comma separates arguments and
    /// never thousands.
    pub in_call: u32,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src: src.as_bytes(),
            pos: 0,
            in_call: 0,
        }
    }

    fn at(&self, i: usize) -> u8 {
        self.src.get(i).copied().unwrap_or(0)
    }

    /// The next token.
    #[inline]
    pub fn next(&mut self) -> Token {
        let s = self.src;
        while s.get(self.pos) == Some(&b' ') {
            self.pos += 1;
        }
        loop {
            let n = space_len(s, self.pos);
            if n == 0 {
                break;
            }
            self.pos += n;
        }
        let start = self.pos;
        let Some(&b) = s.get(start) else {
            return Token::new(Kind::Eof, start, start);
        };
        let one = |kind: Kind, len: usize, lx: &mut Lexer<'_>| {
            lx.pos = start + len;
            Token::new(kind, start, start + len)
        };
        match b {
            b'0'..=b'9' => self.number(),
            b'.' if self.at(start + 1).is_ascii_digit() => self.number(),
            b'+' if self.at(start + 1) == b'/' && self.at(start + 2) == b'-' => {
                one(Kind::PlusMinus, 3, self)
            }
            b'+' => one(Kind::Plus, 1, self),
            b'-' if self.at(start + 1) == b'>' => one(Kind::Arrow, 2, self),
            b'-' => one(Kind::Minus, 1, self),
            b'*' => one(Kind::Star, 1, self),
            b'/' => one(Kind::Slash, 1, self),
            b'^' => one(Kind::Caret, 1, self),
            b'(' => one(Kind::LParen, 1, self),
            b')' => one(Kind::RParen, 1, self),
            b',' => one(Kind::Comma, 1, self),
            b'%' => one(Kind::Percent, 1, self),
            b'~' => one(Kind::Approx, 1, self),
            b'=' if self.at(start + 1) == b'=' => one(Kind::Eq, 2, self),
            b'=' => one(Kind::Eq, 1, self),
            _ if word_starts(s, start) => self.word(),
            _ => {
                if let Some((_, _)) = superscript(s, start) {
                    return self.superscripts();
                }
                match (b, self.at(start + 1), self.at(start + 2)) {
                    (0xE2, 0x81, 0xBB) => self.superscripts(),
                    (0xC3, 0x97, _) => one(Kind::Star, 2, self),
                    (0xC3, 0xB7, _) => one(Kind::Slash, 2, self),
                    (0xC2, 0xB7, _) => one(Kind::Dot, 2, self),
                    (0xC2, 0xB1, _) => one(Kind::PlusMinus, 2, self),
                    (0xE2, 0x88, 0x92) => one(Kind::Minus, 3, self),
                    (0xE2, 0x89, 0x88) => one(Kind::Approx, 3, self),
                    (0xE2, 0x86, 0x92) => one(Kind::Arrow, 3, self),
                    (0xE2, 0x8B, 0x85) => one(Kind::Dot, 3, self),
                    // `√`, the square root: a word of its own (`√3` is `sqrt 3`).
                    (0xE2, 0x88, 0x9A) => one(Kind::Ident, 3, self),
                    _ => {
                        let len = utf8_len(b);
                        one(Kind::Bad, len.min(s.len() - start), self)
                    }
                }
            }
        }
    }

    fn word(&mut self) -> Token {
        let start = self.pos;
        let s = self.src;
        let mut i = start;
        loop {
            if i < s.len() && s[i].is_ascii_alphanumeric() {
                i += 1;
            } else if word_starts(s, i) {
                i += 2;
            } else {
                break;
            }
        }
        self.pos = i;
        Token::new(Kind::Ident, start, i)
    }

    fn superscripts(&mut self) -> Token {
        let start = self.pos;
        let s = self.src;
        let mut i = start;
        let mut neg = false;
        if (self.at(i), self.at(i + 1), self.at(i + 2)) == (0xE2, 0x81, 0xBB) {
            neg = true;
            i += 3;
        }
        let mut v: i32 = 0;
        let mut any = false;
        while let Some((d, len)) = superscript(s, i) {
            v = v.saturating_mul(10).saturating_add(d);
            i += len;
            any = true;
        }
        self.pos = i;
        if !any {
            return Token::new(Kind::Bad, start, i);
        }
        let mut t = Token::new(Kind::Super, start, i);
        t.int = if neg { -v } else { v };
        t
    }

    /// The common case, a short plain integer (`4`, `112`), without the general machinery.
    #[inline]
    fn number(&mut self) -> Token {
        let s = self.src;
        let start = self.pos;
        let mut i = start;
        let mut mant: u64 = 0;
        while i < s.len() && i - start < 15 && s[i].is_ascii_digit() {
            mant = mant * 10 + u64::from(s[i] - b'0');
            i += 1;
        }
        let plain = i > start
            && !matches!(
                self.at(i),
                b'0'..=b'9' | b'.' | b'_' | b'e' | b'E' | b'K' | b'k' | b'M' | b'B' | b'T'
            )
            && (i - start > 3 || self.group_sep(i) == 0);
        if plain {
            self.pos = i;
            let mut t = Token::new(Kind::Num, start, i);
            t.num = mant as f64;
            t.half_ulp = 0.5;
            return t;
        }
        self.general_number()
    }

    /// The length of a thousands separator at `i` (a space of [`GROUP_SPACES`] or, outside
    /// `min(…)`/`max(…)`, a comma) followed by exactly three digits; 0 when there is none.
    fn group_sep(&self, i: usize) -> usize {
        let s = self.src;
        let n = if self.at(i) == b',' && self.in_call == 0 {
            1
        } else {
            GROUP_SPACES
                .iter()
                .find(|g| s[i.min(s.len())..].starts_with(g.as_bytes()))
                .map_or(0, |g| g.len())
        };
        if n > 0 && self.three_digits_at(i + n) {
            n
        } else {
            0
        }
    }

    /// Exactly three digits at `i`, and no fourth.
    fn three_digits_at(&self, i: usize) -> bool {
        (i..i + 3).all(|k| self.at(k).is_ascii_digit()) && !self.at(i + 3).is_ascii_digit()
    }

    /// Digits with `_` between them, an optional fraction, an optional exponent, an optional
    /// glued count suffix (`7B`, `4K`, `1T`).
    #[inline(never)]
    fn general_number(&mut self) -> Token {
        let s = self.src;
        let start = self.pos;
        let mut acc = Digits::default();
        let mut i = acc.read(s, start, start, false);
        // Thousands: `2 000 000`, `16 384` (also with a no-break, thin or narrow no-break
        // space) and `10,000,000`, the same separator throughout, after one to three digits.
        let sep = if i - start <= 3 && !s[start..i].contains(&b'_') {
            self.group_sep(i)
        } else {
            0
        };
        if sep > 0 {
            let first = &s[i..i + sep];
            while s[i.min(s.len())..].starts_with(first) && self.three_digits_at(i + sep) {
                i = acc.read(s, start, i + sep, false);
            }
        }
        if self.at(i) == b'.' && self.at(i + 1).is_ascii_digit() {
            i = acc.read(s, start, i + 1, true);
        }
        let mut exp: i32 = 0;
        if matches!(self.at(i), b'e' | b'E') {
            let (sign, skip) = match self.at(i + 1) {
                b'-' => (-1, 2),
                b'+' => (1, 2),
                _ => (1, 1),
            };
            if self.at(i + skip).is_ascii_digit() {
                i += skip;
                while self.at(i).is_ascii_digit() {
                    exp = (exp * 10 + i32::from(self.at(i) - b'0')).min(1_000_000);
                    i += 1;
                }
                exp *= sign;
            }
        }
        let e10 = exp + acc.dropped - acc.frac_kept;
        let mut num = if acc.exact && acc.sig <= 15 && (-22..=22).contains(&e10) {
            let m = acc.mant as f64;
            if e10 >= 0 {
                m * POW10[e10 as usize]
            } else {
                m / POW10[(-e10) as usize]
            }
        } else {
            slow_parse(&s[start..i])
        };
        let mut half_ulp = 0.5 * pow10(exp - acc.frac);
        // `13.888…`: digits cut off, not rounded; the value lies within a whole unit of the
        // last digit written.
        if s[i..].starts_with("…".as_bytes()) {
            i += "…".len();
            half_ulp *= 2.0;
        }
        let mut glued = false;
        // A glued count suffix: `7B`, `4K`; not `7B/s` (bytes per second) nor `7Bx`.
        let suffix = match self.at(i) {
            b'K' | b'k' => 1e3,
            b'M' => 1e6,
            b'B' => 1e9,
            b'T' => 1e12,
            _ => 0.0,
        };
        if suffix != 0.0 {
            let next = self.at(i + 1);
            let glued_on = next.is_ascii_alphanumeric()
                || word_starts(s, i + 1)
                || matches!(next, b'/' | b'^' | b'_')
                || (next == 0xC2 && self.at(i + 2) == 0xB7)
                || superscript(s, i + 1).is_some();
            if !glued_on {
                i += 1;
                num *= suffix;
                half_ulp *= suffix;
                glued = true;
            }
        }
        self.pos = i;
        let mut t = Token::new(Kind::Num, start, i);
        t.num = num;
        t.half_ulp = half_ulp;
        t.glued = glued;
        t
    }
}

/// The digits of a literal, read into a `u64` mantissa.
#[derive(Default)]
struct Digits {
    mant: u64,
    /// Significant digits kept in `mant` (at most 19, so it cannot overflow).
    sig: u32,
    /// Integer digits beyond what `mant` holds.
    dropped: i32,
    /// Fraction digits written, trailing zeros included (they state precision).
    frac: i32,
    /// Fraction digits kept in `mant`.
    frac_kept: i32,
    /// False when a non-zero digit did not fit in `mant`.
    exact: bool,
}

impl Digits {
    /// Read digits (and `_` between digits) from `i`; returns where they end.
    fn read(&mut self, s: &[u8], literal_start: usize, mut i: usize, fraction: bool) -> usize {
        if i == literal_start {
            self.exact = true;
        }
        while i < s.len() {
            let c = s[i];
            if c.is_ascii_digit() {
                let d = u64::from(c - b'0');
                if self.sig < 19 {
                    if self.mant != 0 || d != 0 {
                        self.sig += 1;
                    }
                    self.mant = self.mant * 10 + d;
                    if fraction {
                        self.frac_kept += 1;
                    }
                } else {
                    self.exact &= d == 0;
                    if !fraction {
                        self.dropped += 1;
                    }
                }
                if fraction {
                    self.frac += 1;
                }
                i += 1;
            } else if c == b'_'
                && i > literal_start
                && s[i - 1].is_ascii_digit()
                && s.get(i + 1).is_some_and(u8::is_ascii_digit)
            {
                i += 1;
            } else {
                break;
            }
        }
        i
    }
}

fn utf8_len(b: u8) -> usize {
    match b {
        0xF0..=0xFF => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

/// Long, extreme or inexact literals: strip `_` and thousands separators and let the standard library round.
#[cold]
fn slow_parse(lit: &[u8]) -> f64 {
    let cleaned: String = lit
        .iter()
        .filter(|&&b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
        .map(|&b| b as char)
        .collect();
    cleaned.parse::<f64>().unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<Kind> {
        let mut lx = Lexer::new(src);
        let mut out = Vec::new();
        loop {
            let t = lx.next();
            out.push(t.kind);
            if t.kind == Kind::Eof {
                return out;
            }
        }
    }

    fn num(src: &str) -> (f64, f64) {
        let t = Lexer::new(src).next();
        assert_eq!(t.kind, Kind::Num, "{src}");
        (t.num, t.half_ulp)
    }

    #[test]
    fn numbers() {
        assert_eq!(num("7e9"), (7e9, 0.5e9));
        assert_eq!(num("112"), (112.0, 0.5));
        assert_eq!(num("3.5"), (3.5, 0.05));
        assert_eq!(num("1.20e3"), (1200.0, 5.0));
        assert_eq!(num("7_000_000"), (7e6, 0.5));
        assert_eq!(num("2 000 000"), (2e6, 0.5));
        assert_eq!(num("16\u{202f}384"), (16384.0, 0.5));
        assert_eq!(num("65\u{2009}536.5"), (65536.5, 0.05));
        assert_eq!(num("1\u{a0}500"), (1500.0, 0.5));
        assert_eq!(num("10,000,000"), (1e7, 0.5));
        assert_eq!(
            num("1 234 567 890 123 456 789"),
            (1.2345678901234568e18, 0.5)
        );
        // Not thousands: two digits, four digits, a mixed separator.
        assert_eq!(num("2 00"), (2.0, 0.5));
        assert_eq!(num("2 0000"), (2.0, 0.5));
        assert_eq!(num("2 000,000"), (2000.0, 0.5));
        assert_eq!(num("1234 567"), (1234.0, 0.5));
        assert_eq!(num(".5"), (0.5, 0.05));
        assert_eq!(num("8.4e22").0, 8.4e22);
        assert_eq!(num("7B"), (7e9, 0.5e9));
        assert_eq!(num("4K"), (4e3, 0.5e3));
        assert_eq!(num("0.1").0, 0.1);
        assert_eq!(num("123456789012345678901234").0, 1.2345678901234568e23);
        assert_eq!(num("0.000000000000000000000000001").0, 1e-27);
        assert!(num("1e999999").0.is_infinite());
        assert_eq!(num("1e-999999").0, 0.0);
    }

    #[test]
    fn glued_suffix_is_only_a_count_when_alone() {
        // `7B/s` is seven bytes per second, `7Bx` is not a count either.
        let mut lx = Lexer::new("7B/s");
        let t = lx.next();
        assert_eq!((t.kind, t.num, t.end), (Kind::Num, 7.0, 1));
        assert_eq!(lx.next().kind, Kind::Ident);
    }

    #[test]
    fn operators() {
        use Kind::*;
        assert_eq!(
            kinds("1 × 2 ÷ 3 · 4 − 5 ≈ 6 -> → ± +/- ² ⁻¹ == ~ %"),
            [
                Num, Star, Num, Slash, Num, Dot, Num, Minus, Num, Approx, Num, Arrow, Arrow,
                PlusMinus, PlusMinus, Super, Super, Eq, Approx, Percent, Eof
            ]
        );
        assert_eq!(
            kinds("µs μs GB/s"),
            [Ident, Ident, Ident, Slash, Ident, Eof]
        );
        assert_eq!(kinds("a\u{a0}b\u{202f}c"), [Ident, Ident, Ident, Eof]);
        assert_eq!(kinds("€"), [Bad, Eof]);
    }
}
