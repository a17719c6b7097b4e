//! Differential tests against fend-core, a general arbitrary-precision unit-aware
//! calculator: over the corpus, and over random well-formed expressions. Where both
//! evaluate, the values must agree to 1e-9 relative.
//!
//! fend has no FLOP, parameter or token units; they are defined as new base units in its
//! context. fend has no `min()`/`max()`; corpus lines that use them are skipped (and counted).
//! Our expressions are translated to fend's syntax by a small parser that follows the same
//! grammar and writes every operation parenthesized, with fend's own names for the units.

use proptest::prelude::*;
use quizkit_quantity::{Dim, Unit, eval};

mod common;

fn fend_context() -> fend_core::Context {
    use fend_core::CustomUnitAttribute::AllowShortPrefix;
    let mut ctx = fend_core::Context::new();
    ctx.define_custom_unit_v1("FLOP", "FLOP", "!", &AllowShortPrefix);
    ctx.define_custom_unit_v1("param", "params", "!", &AllowShortPrefix);
    ctx.define_custom_unit_v1("token", "tokens", "!", &AllowShortPrefix);
    ctx
}

#[derive(Debug, Clone, PartialEq)]
enum T {
    Num(String),
    Word(String),
    Op(char),
    Super(i32),
    Percent,
}

/// Our syntax as tokens with byte spans (spans decide which `/` glue a unit).
fn lex(s: &str) -> Option<Vec<(T, usize, usize)>> {
    let mut out = Vec::new();
    let mut it = s.char_indices().peekable();
    while let Some(&(i, c)) = it.peek() {
        if c.is_whitespace() {
            it.next();
        } else if c.is_ascii_digit() || c == '.' {
            let mut j = i;
            let mut text = String::new();
            let b = s.as_bytes();
            while j < b.len() {
                let ch = b[j] as char;
                let exp_sign =
                    (ch == '-' || ch == '+') && matches!(text.chars().last(), Some('e' | 'E'));
                let exp = (ch == 'e' || ch == 'E')
                    && b.get(j + 1)
                        .is_some_and(|n| n.is_ascii_digit() || *n == b'-' || *n == b'+');
                if ch.is_ascii_digit() || ch == '.' || exp || exp_sign {
                    text.push(ch);
                } else if ch != '_' {
                    break;
                }
                j += 1;
            }
            let suffix = match b.get(j).copied() {
                Some(b'K' | b'k') => Some("1e3"),
                Some(b'M') => Some("1e6"),
                Some(b'B') => Some("1e9"),
                Some(b'T') => Some("1e12"),
                _ => None,
            };
            let glued = b
                .get(j + 1)
                .is_some_and(|n| n.is_ascii_alphanumeric() || *n == b'/' || *n == b'^');
            if let (Some(f), false) = (suffix, glued) {
                text = format!("({text} * {f})");
                j += 1;
            }
            out.push((T::Num(text), i, j));
            while it.peek().is_some_and(|&(k, _)| k < j) {
                it.next();
            }
        } else if c.is_alphabetic() {
            let mut j = i;
            let mut w = String::new();
            while let Some(&(k, ch)) = it.peek() {
                if ch.is_alphabetic() || ch.is_ascii_digit() {
                    w.push(ch);
                    j = k + ch.len_utf8();
                    it.next();
                } else {
                    break;
                }
            }
            out.push((T::Word(w), i, j));
        } else {
            it.next();
            let end = i + c.len_utf8();
            let t = match c {
                '×' | '·' | '⋅' | '*' => T::Op('*'),
                '÷' | '/' => T::Op('/'),
                '−' | '-' => T::Op('-'),
                '+' | '^' | '(' | ')' | ',' => T::Op(c),
                '%' => T::Percent,
                '√' => T::Word("sqrt".into()),
                '⁻' | '⁰' | '¹' | '²' | '³' | '⁴'..='⁹' => {
                    let mut text = String::from(c);
                    let mut end = end;
                    while let Some(&(k, ch)) = it.peek() {
                        if !matches!(ch, '⁰' | '¹' | '²' | '³' | '⁴'..='⁹') {
                            break;
                        }
                        text.push(ch);
                        end = k + ch.len_utf8();
                        it.next();
                    }
                    let plain: String = text
                        .chars()
                        .map(|ch| match ch {
                            '⁻' => '-',
                            '¹' => '1',
                            '²' => '2',
                            '³' => '3',
                            '⁰' => '0',
                            c => char::from_digit(c as u32 - '⁰' as u32, 10).unwrap_or('?'),
                        })
                        .collect();
                    out.push((T::Super(plain.parse().ok()?), i, end));
                    continue;
                }
                _ => return None,
            };
            out.push((t, i, end));
        }
    }
    Some(out)
}

const SHORT: &[&str] = &[
    "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "k", "K", "M", "G", "T", "P", "E", "m", "µ", "μ", "u", "n",
    "p",
];

fn long_prefix(p: &str) -> Option<&'static str> {
    Some(match p {
        "k" | "K" => "kilo",
        "M" => "mega",
        "G" => "giga",
        "T" => "tera",
        "P" => "peta",
        "E" => "exa",
        "Ki" => "kibi",
        "Mi" => "mebi",
        "Gi" => "gibi",
        "Ti" => "tebi",
        "Pi" => "pebi",
        "m" => "milli",
        "µ" | "μ" | "u" => "micro",
        "n" => "nano",
        "p" => "pico",
        _ => return None,
    })
}

/// One of our unit words in fend's vocabulary.
fn fend_word(w: &str) -> Option<String> {
    let plain = |w: &str| -> Option<&'static str> {
        Some(match w {
            "B" => "B",
            "byte" | "bytes" => "bytes",
            "bit" | "bits" | "b" => "bits",
            "bps" => "bits/s",
            "FLOP" | "FLOPs" | "OP" | "OPs" => "FLOP",
            "FLOPS" | "OPS" => "FLOP/s",
            "s" | "sec" => "s",
            "second" | "seconds" | "seconde" | "seconden" => "seconds",
            "min" | "minute" | "minutes" | "minuut" | "minuten" => "min",
            "h" | "hour" | "hours" | "uur" => "hours",
            "Hz" | "hertz" => "Hz",
            "W" => "W",
            "watt" | "watts" => "watts",
            "J" => "J",
            "joule" | "joules" => "joules",
            "Wh" => "Wh",
            "param" | "params" | "parameter" | "parameters" => "param",
            "token" | "tokens" => "token",
            // The base units our canonical formulas are written in (`B·kg·m^2/s^3`).
            "g" => "g",
            "m" => "m",
            "mol" => "mol",
            "A" => "A",
            "V" => "V",
            _ => return None,
        })
    };
    if let Some(p) = plain(w) {
        return Some(format!("({p})"));
    }
    for long in [
        "kilo", "mega", "giga", "tera", "peta", "exa", "kibi", "mebi", "gibi", "tebi", "pebi",
        "milli", "micro", "nano", "pico",
    ] {
        if let Some(rest) = w.strip_prefix(long)
            && let Some(p) = plain(rest)
        {
            return Some(format!("({long}{p})"));
        }
    }
    for pre in SHORT {
        if let Some(rest) = w.strip_prefix(pre) {
            let Some(base) = plain(rest) else { continue };
            // fend spells bits, and our `K`, with long prefixes only.
            let long = long_prefix(pre)?;
            let short = match *pre {
                "K" => "k",
                "u" | "μ" => "µ",
                p => p,
            };
            return Some(match base {
                "bits" | "bits/s" => format!("({long}{base})"),
                "B" | "FLOP" | "FLOP/s" | "s" | "Hz" | "W" | "J" | "Wh" | "param" | "token"
                | "g" | "m" | "mol" | "A" => {
                    format!("({short}{base})")
                }
                _ => format!("({long}{base})"),
            });
        }
    }
    None
}

struct Tr {
    t: Vec<(T, usize, usize)>,
    i: usize,
}

impl Tr {
    fn peek(&self) -> Option<&T> {
        self.t.get(self.i).map(|x| &x.0)
    }

    fn op(&self, c: char) -> bool {
        self.peek() == Some(&T::Op(c))
    }

    fn sum(&mut self) -> Option<String> {
        let mut a = self.prod()?;
        while self.op('+') || self.op('-') {
            let Some(T::Op(o)) = self.peek().cloned() else {
                unreachable!()
            };
            self.i += 1;
            let b = self.prod()?;
            a = format!("({a} {o} {b})");
        }
        Some(a)
    }

    fn prod(&mut self) -> Option<String> {
        let mut a = self.unary()?;
        while self.op('*') || self.op('/') {
            let Some(T::Op(o)) = self.peek().cloned() else {
                unreachable!()
            };
            self.i += 1;
            let b = self.unary()?;
            a = format!("({a} {o} {b})");
        }
        Some(a)
    }

    fn unary(&mut self) -> Option<String> {
        if self.op('-') {
            self.i += 1;
            return Some(format!("(-{})", self.unary()?));
        }
        if self.op('+') {
            self.i += 1;
            return self.unary();
        }
        let a = self.atom()?;
        let a = self.pow_tail(a)?;
        if self.peek() == Some(&T::Percent) {
            self.i += 1;
            return Some(format!("({a} / 100)"));
        }
        if matches!(self.peek(), Some(T::Word(w)) if w != "to" && w != "in") {
            let u = self.unit()?;
            return Some(format!("({a} * {u})"));
        }
        Some(a)
    }

    fn pow_tail(&mut self, a: String) -> Option<String> {
        if self.op('^') {
            self.i += 1;
            let e = self.exponent()?;
            return Some(format!("(({a}) ^ ({e}))"));
        }
        if let Some(T::Super(n)) = self.peek().cloned() {
            self.i += 1;
            return Some(format!("(({a}) ^ {n})"));
        }
        Some(a)
    }

    fn exponent(&mut self) -> Option<String> {
        if self.op('-') {
            self.i += 1;
            return Some(format!("(-{})", self.exponent()?));
        }
        let a = self.atom()?;
        self.pow_tail(a)
    }

    fn atom(&mut self) -> Option<String> {
        match self.peek()?.clone() {
            T::Num(n) => {
                self.i += 1;
                let scale = match self.peek() {
                    Some(T::Word(w)) => match w.as_str() {
                        "thousand" | "duizend" => Some("1e3"),
                        "million" | "miljoen" => Some("1e6"),
                        "billion" | "miljard" => Some("1e9"),
                        "trillion" | "biljoen" => Some("1e12"),
                        _ => None,
                    },
                    _ => None,
                };
                if let Some(f) = scale {
                    self.i += 1;
                    return Some(format!("({n} * {f})"));
                }
                Some(format!("({n})"))
            }
            T::Op('(') => {
                self.i += 1;
                let a = self.sum()?;
                if !self.op(')') {
                    return None;
                }
                self.i += 1;
                Some(a)
            }
            T::Word(w)
                if (w == "min" || w == "max")
                    && self.t.get(self.i + 1).is_some_and(|n| n.0 == T::Op('(')) =>
            {
                None
            }
            // `sqrt(…)` and `√3`: the root of the bracket or of the number after it.
            T::Word(w) if w == "sqrt" => {
                self.i += 1;
                matches!(self.peek()?, T::Op('(') | T::Num(_))
                    .then(|| self.atom())
                    .flatten()
                    .map(|a| format!("sqrt({a})"))
            }
            T::Word(_) => self.unit(),
            _ => None,
        }
    }

    /// A unit: words glued by `/` or `·` (no spaces), each with an optional glued power.
    fn unit(&mut self) -> Option<String> {
        let mut out = self.unit_word()?;
        loop {
            let end = self.t.get(self.i - 1)?.2;
            let glued_op = self.t.get(self.i).is_some_and(|(t, s, e)| {
                matches!(t, T::Op('/') | T::Op('*'))
                    && *s == end
                    && self
                        .t
                        .get(self.i + 1)
                        .is_some_and(|n| n.1 == *e && matches!(n.0, T::Word(_)))
            });
            if !glued_op {
                return Some(out);
            }
            let Some(T::Op(o)) = self.peek().cloned() else {
                return None;
            };
            self.i += 1;
            let w = self.unit_word()?;
            out = format!("({out} {o} {w})");
        }
    }

    fn unit_word(&mut self) -> Option<String> {
        let Some((T::Word(w), _, end)) = self.t.get(self.i).cloned() else {
            return None;
        };
        self.i += 1;
        let mut u = fend_word(&w)?;
        let glued = self.t.get(self.i).is_some_and(|x| x.1 == end);
        if glued && self.op('^') {
            self.i += 1;
            let neg = self.op('-');
            if neg {
                self.i += 1;
            }
            let Some(T::Num(n)) = self.peek().cloned() else {
                return None;
            };
            self.i += 1;
            u = format!("({u} ^ {}{n})", if neg { "-" } else { "" });
        } else if let (true, Some(T::Super(n))) = (glued, self.peek().cloned()) {
            self.i += 1;
            u = format!("({u} ^ {n})");
        }
        Some(u)
    }
}

/// Our expression in fend's syntax, or `None` for what the translation does not cover.
fn to_fend(src: &str) -> Option<String> {
    let src = &without_thousands(src);
    let mut tr = Tr { t: lex(src)?, i: 0 };
    let out = tr.sum()?;
    (tr.i == tr.t.len()).then_some(out)
}

/// `src` with thousands separators taken out, as the quantity language reads them: a space
/// (ASCII, no-break, thin or narrow no-break) or, outside `min`/`max`, a comma between a
/// group of one to three digits and a group of exactly three. Written here on its own, from
/// that rule, for the comparison with fend.
fn without_thousands(src: &str) -> String {
    let chars: Vec<char> = src.chars().collect();
    let commas = !src.contains("min(") && !src.contains("max(");
    let is_sep =
        |c: char| matches!(c, ' ' | '\u{a0}' | '\u{2009}' | '\u{202f}') || (commas && c == ',');
    let digit = |i: usize| chars.get(i).is_some_and(char::is_ascii_digit);
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if digit(i) && (i == 0 || !digit(i - 1) && chars[i - 1] != '.') {
            // A run of digits; join groups after it when it has one to three.
            let mut j = i;
            while digit(j) {
                j += 1;
            }
            out.extend(&chars[i..j]);
            if j - i <= 3 && chars.get(j).is_some_and(|&c| is_sep(c)) {
                let sep = chars[j];
                while chars.get(j) == Some(&sep) && (1..=3).all(|k| digit(j + k)) && !digit(j + 4) {
                    out.extend(&chars[j + 1..j + 4]);
                    j += 4;
                }
            }
            i = j;
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

/// fend's printed number: `approx. 16.6666666667 mins`, `0.(3)`, `-6`.
fn fend_number(out: &str) -> Option<f64> {
    let out = out.trim().trim_start_matches("approx. ");
    let num = out.split_whitespace().next()?;
    let num = num.replace(',', "");
    if let Some((head, rep)) = num.split_once('(') {
        let rep = rep.trim_end_matches(')');
        return format!("{head}{}", rep.repeat(24)).parse().ok();
    }
    num.trim_end_matches('%').parse().ok()
}

/// fend's value of `expr` divided by ours (`ours` in the unit `unit_text`, our spelling):
/// 1 when we agree. A ratio keeps fend's printed precision (ten decimals) relative, whatever
/// the magnitude. For a zero result, fend's value itself.
fn fend_ratio(
    ctx: &mut fend_core::Context,
    expr: &str,
    ours: f64,
    unit_text: Option<&str>,
) -> Option<f64> {
    let unit = match unit_text {
        Some(u) => to_fend(u)?,
        None => "1".to_string(),
    };
    let query = if ours == 0.0 {
        format!("(({expr}) / {unit}) to unitless")
    } else {
        format!("(({expr}) / ({ours:e} * {unit})) to unitless")
    };
    let r = fend_core::evaluate(&query, ctx).ok()?;
    fend_number(r.get_main_result())
}

/// Our value of `src` in its canonical unit (number, unit spelling).
fn ours(src: &str) -> Result<Option<(f64, Option<String>)>, String> {
    let Ok(q) = eval(src) else {
        return Ok(None);
    };
    if q.dim() == Dim::NONE {
        return Ok(Some((q.value(), None)));
    }
    let shown = q.canonical().to_string();
    let (_, u) = shown.split_once(' ').ok_or(format!("no unit in {shown}"))?;
    let unit = Unit::parse(u).map_err(|e| format!("{u}: {e}"))?;
    Ok(Some((q.value() / unit.factor(), Some(u.to_string()))))
}

/// Do we and fend agree on `expr` (fend syntax) = `value` in `unit`?
fn agree(
    ctx: &mut fend_core::Context,
    expr: &str,
    value: f64,
    unit: Option<&str>,
) -> Result<(), String> {
    let r = fend_ratio(ctx, expr, value, unit)
        .ok_or_else(|| format!("fend could not evaluate `{expr}` against {value} {unit:?}"))?;
    let off = if value == 0.0 {
        r.abs()
    } else {
        (r - 1.0).abs()
    };
    if off > 1e-9 {
        return Err(format!(
            "ours {value} {unit:?}, fend/ours = {r} (fend input `{expr}`)"
        ));
    }
    Ok(())
}

/// A literal like `1e-999999`: fend computes it exactly, which takes minutes.
fn huge_exponent(src: &str) -> bool {
    let b = src.as_bytes();
    (0..b.len()).any(|i| {
        (b[i] == b'e' || b[i] == b'E')
            && i > 0
            && b[i - 1].is_ascii_digit()
            && b[i + 1..]
                .iter()
                .skip_while(|c| **c == b'-' || **c == b'+')
                .take_while(|c| c.is_ascii_digit())
                .count()
                > 3
    })
}

/// Compare our value of `src` with fend's. `Ok(false)`: skipped.
fn compare(ctx: &mut fend_core::Context, src: &str) -> Result<bool, String> {
    if huge_exponent(src) {
        return Ok(false);
    }
    let Some((value, unit)) = ours(src)? else {
        return Ok(false);
    };
    let Some(expr) = to_fend(src) else {
        return Ok(false);
    };
    agree(ctx, &expr, value, unit.as_deref()).map_err(|e| format!("`{src}`: {e}"))?;
    Ok(true)
}

/// The expressions of a corpus line: both sides of a claim, or the expression without its
/// conversion.
fn sides(input: &str, expect: &str) -> Vec<String> {
    if expect.contains("error") {
        return Vec::new();
    }
    let cut_conversion = |s: &str| {
        let mut s = s.to_string();
        for sep in ["->", "→", " to ", " in "] {
            if let Some((a, _)) = s.split_once(sep) {
                s = a.to_string();
            }
        }
        s.trim().to_string()
    };
    if expect == "holds" || expect.starts_with("fails") {
        let Some(i) = input.find(['=', '≈', '~']) else {
            return Vec::new();
        };
        let (l, r) = input.split_at(i);
        let r = r.trim_start_matches(['=', '≈', '~']);
        let r = r.split(['±']).next().unwrap_or(r);
        let r = r.split("+/-").next().unwrap_or(r);
        return vec![cut_conversion(l), cut_conversion(r)];
    }
    vec![cut_conversion(input)]
}

#[test]
fn corpus_agrees_with_fend() {
    let mut ctx = fend_context();
    let (mut compared, mut skipped) = (0, Vec::new());
    let mut failures = Vec::new();
    for (line, input, expect) in common::corpus() {
        for side in sides(&input, &expect) {
            match compare(&mut ctx, &side) {
                Ok(true) => compared += 1,
                Ok(false) => skipped.push(side),
                Err(e) => failures.push(format!("line {line}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "\n{}\n", failures.join("\n"));
    assert!(
        compared >= 150,
        "only {compared} compared; skipped: {skipped:?}"
    );
    // Only `min`/`max` and giant exponents are out of fend's reach.
    assert!(
        skipped
            .iter()
            .all(|s| s.contains("min(") || s.contains("max(") || huge_exponent(s)),
        "skipped: {skipped:?}"
    );
}

#[test]
fn translation_covers_the_tricky_parts() {
    assert_eq!(
        to_fend("14 GB / 2 TB/s").as_deref(),
        Some("(((14) * (GB)) / ((2) * ((TB) / (s))))")
    );
    assert_eq!(to_fend("2^3 B").as_deref(), Some("((((2)) ^ ((3))) * (B))"));
    assert_eq!(to_fend("7B").as_deref(), Some("((7 * 1e9))"));
}

/// Units for random expressions: ours, fend's, and a group of the same dimension.
const UNITS: &[(&str, &str, u8)] = &[
    ("", "1", 0),
    ("B", "B", 1),
    ("GB", "GB", 1),
    ("GiB", "GiB", 1),
    ("kB", "kB", 1),
    ("bit", "bits", 1),
    ("Mbit", "megabits", 1),
    ("s", "s", 2),
    ("ms", "ms", 2),
    ("µs", "µs", 2),
    ("min", "min", 2),
    ("h", "hours", 2),
    ("FLOP", "FLOP", 3),
    ("GFLOP", "GFLOP", 3),
    ("TFLOPS", "(TFLOP/s)", 4),
    ("TOPS", "(TFLOP/s)", 4),
    ("TB/s", "(TB/s)", 5),
    ("GB/s", "(GB/s)", 5),
    ("param", "param", 6),
    ("token", "token", 7),
    ("W", "W", 8),
    ("kW", "kW", 8),
    ("J", "J", 9),
    ("kWh", "kWh", 9),
    ("GHz", "GHz", 10),
    ("g", "g", 11),
    ("kg", "kg", 11),
    ("mg", "mg", 11),
    ("mol", "mol", 12),
    ("mmol", "mmol", 12),
];

const NUMBERS: &[&str] = &[
    "1", "2", "3.5", "7", "16", "0.5", "4096", "7e9", "2.5e-3", "112", "1_000",
];

/// A random expression: (ours, fend's, dimension group of a leaf or `None` once mixed).
fn leaf_in(group: Option<u8>) -> impl Strategy<Value = (String, String)> {
    let units: Vec<_> = UNITS
        .iter()
        .filter(|u| group.is_none_or(|g| u.2 == g))
        .copied()
        .collect();
    (prop::sample::select(NUMBERS), prop::sample::select(units)).prop_map(|(n, (u, fu, _))| {
        let ours = if u.is_empty() {
            n.to_string()
        } else {
            format!("{n} {u}")
        };
        (ours, format!("({} * {fu})", n.replace('_', "")))
    })
}

fn expression() -> impl Strategy<Value = (String, String)> {
    let sum = (0u8..=10, 2usize..4).prop_flat_map(|(g, n)| {
        prop::collection::vec(leaf_in(Some(g)), n).prop_map(|v| {
            let ours: Vec<_> = v.iter().map(|x| x.0.clone()).collect();
            let theirs: Vec<_> = v.iter().map(|x| x.1.clone()).collect();
            (
                format!("({})", ours.join(" + ")),
                format!("({})", theirs.join(" + ")),
            )
        })
    });
    let leaf = prop_oneof![leaf_in(None), sum];
    leaf.prop_recursive(4, 24, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone(), prop::bool::ANY).prop_map(|(a, b, div)| {
                let o = if div { "/" } else { "*" };
                (
                    format!("({}) {o} ({})", a.0, b.0),
                    format!("({} {o} {})", a.1, b.1),
                )
            }),
            (inner.clone(), 1i32..4)
                .prop_map(|(a, n)| (format!("({})^{n}", a.0), format!("(({}) ^ {n})", a.1))),
            inner.prop_map(|a| (format!("-({})", a.0), format!("(-{})", a.1))),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 300,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_expressions_agree_with_fend((src, theirs) in expression()) {
        let mut ctx = fend_context();
        let Some((value, unit)) = ours(&src).map_err(TestCaseError::fail)? else {
            // Only overflow may stop a well-formed expression.
            prop_assert!(matches!(eval(&src), Err(quizkit_quantity::Error::Overflow { .. })), "{src}");
            return Ok(());
        };
        agree(&mut ctx, &theirs, value, unit.as_deref())
            .map_err(|e| TestCaseError::fail(format!("`{src}`: {e}")))?;
    }
}
