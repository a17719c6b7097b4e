//! The parser and evaluator: one recursive-descent pass that computes as it parses, with no
//! syntax tree and no allocation unless there is an error to report.

use crate::dim::{Base, Dim};
use crate::error::{Error, span};
use crate::lexer::{Kind, Lexer, Token, word_starts};
use crate::quantity::Quantity;
use crate::unit::{self, Unit};

/// The longest input [`crate::eval`] and [`crate::check`] accept, in bytes.
pub const MAX_LEN: usize = 4096;

/// How deeply parentheses, signs, powers and function calls may nest.
pub const MAX_DEPTH: u32 = 64;

/// The parser's result: the error boxed, so the `Result` that every level of the
/// recursive descent returns stays as small as a value.
pub(crate) type PResult<T> = Result<T, Box<Error>>;

#[cold]
fn fail<T>(e: Error) -> PResult<T> {
    Err(Box::new(e))
}

/// A value during evaluation, with the span it came from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Val {
    /// In base units.
    pub v: f64,
    pub dim: Dim,
    pub start: u32,
    pub end: u32,
    /// For a literal (`112 GB`, `-3.5 ms`): half a unit in its last written digit, in base
    /// units. NaN for anything computed.
    pub hu: f64,
    /// The span of the unit written after a literal or as a bare unit; empty when none.
    /// Its factor is looked up again when needed, which keeps this struct small.
    pub ustart: u32,
    pub uend: u32,
    /// A bare unit (`GB` with no number): takes no further unit suffix.
    pub bare_unit: bool,
    /// A plain number raised to a power (`2⁴⁰`, `10^3`): a factor as plain as a literal.
    pub is_power: bool,
}

impl Val {
    fn computed(v: f64, dim: Dim, start: u32, end: u32) -> Val {
        Val {
            v,
            dim,
            start,
            end,
            hu: f64::NAN,
            ustart: 0,
            uend: 0,
            bare_unit: false,
            is_power: false,
        }
    }

    fn is_literal(&self) -> bool {
        !self.hu.is_nan()
    }
}

/// The count words that scale a number (`7 billion`, `7 miljard`), and by how much.
pub(crate) const COUNT_WORDS: &[(&str, f64)] = &[
    ("thousand", 1e3),
    ("duizend", 1e3),
    ("million", 1e6),
    ("miljoen", 1e6),
    ("billion", 1e9),
    ("miljard", 1e9),
    ("trillion", 1e12),
    ("biljoen", 1e12),
];

/// The factor of a count word ([`COUNT_WORDS`]).
pub(crate) fn count_word(w: &str) -> Option<f64> {
    COUNT_WORDS
        .iter()
        .find(|(name, _)| *name == w)
        .map(|&(_, factor)| factor)
}

/// Words that end an operand instead of being read as a unit.
fn is_keyword(w: &str) -> bool {
    matches!(w, "to" | "in")
}

fn mismatch(op: &'static str, a: &Val, b: &Val) -> Error {
    Error::DimensionMismatch {
        op,
        left: a.dim.describe(),
        right: b.dim.describe(),
        left_span: span(a.start, a.end),
        right_span: span(b.start, b.end),
        per_left_out: false,
        help: None,
    }
}

fn exponent_range(start: u32, end: u32) -> Error {
    Error::InvalidPower {
        message: "a unit's exponent is out of range".into(),
        span: span(start, end),
    }
}

pub(crate) struct Parser<'a> {
    src: &'a str,
    lx: Lexer<'a>,
    pub tok: Token,
    prev_end: u32,
    depth: u32,
    /// The first glued count suffix (`7B`), to explain a dimension mismatch it may cause.
    pub glued: Option<(u32, u32)>,
    /// The last unit written after a literal: span and factor.
    last_unit: (u32, u32, f64),
    /// Whether a unit of information (`B`, `bit`, `TB/s`, `FLOP/B`) was read.
    pub information: bool,
    /// Whether a unit of information in bits (`bit`, `Mbit/s`, `Gb`, `bps`) was read.
    pub bits: bool,
    /// Whether a unit of information in bytes (`B`, `GiB`, `MB/s`, `bytes`) was read.
    pub bytes: bool,
    /// The first plain numbers that multiplied (`× 8`, `60 ×`) or divided (`÷ 60`), with
    /// `true` for a division: perhaps a writer's conversion between units (bytes and bits,
    /// seconds and minutes), which [`crate::check`] may read as one.
    pub factors: Factors,
    /// The first units written after literals: their factor and dimension.
    pub units: Units,
    /// The first literals with a unit that multiplied or divided what came before them
    /// (`× 1,852 km/h`, `÷ 0,3048 m`): perhaps a conversion factor written with the unit it
    /// converts to, per one of another unit, which [`crate::check`] may read as one.
    pub unit_factors: UnitFactors,
    /// The factor of the first count word read (`7 billion`), if any.
    pub count: Option<f64>,
}

/// Up to four plain factors of an expression ([`Parser::factors`]).
pub(crate) type Factors = ([(f64, bool); 4], usize);

/// Up to four units of an expression ([`Parser::units`]).
pub(crate) type Units = ([(f64, Dim); 4], usize);

/// A literal with a unit in a product ([`Parser::unit_factors`]).
#[derive(Clone, Copy)]
pub(crate) struct UnitFactor {
    /// Its value in base units.
    pub v: f64,
    /// Its dimension.
    pub dim: Dim,
    /// The factor of the unit it is written in.
    pub unit: f64,
    /// Whether it divides.
    pub div: bool,
}

/// Up to four literals with a unit in products ([`Parser::unit_factors`]).
pub(crate) type UnitFactors = ([UnitFactor; 4], usize);

/// Keep `x` in a list of up to four.
fn note<T: Copy>(list: &mut ([T; 4], usize), x: T) {
    if list.1 < 4 {
        list.0[list.1] = x;
        list.1 += 1;
    }
}

impl<'a> Parser<'a> {
    pub fn new(src: &'a str) -> PResult<Parser<'a>> {
        if src.len() > MAX_LEN {
            return fail(Error::TooLong {
                len: src.len(),
                max: MAX_LEN,
                span: (MAX_LEN..src.len()).into(),
            });
        }
        let mut lx = Lexer::new(src);
        let tok = lx.next();
        Ok(Parser {
            src,
            lx,
            tok,
            prev_end: 0,
            depth: 0,
            glued: None,
            last_unit: (0, 0, 1.0),
            information: false,
            bits: false,
            bytes: false,
            factors: ([(0.0, false); 4], 0),
            units: ([(0.0, Dim::NONE); 4], 0),
            unit_factors: (
                [UnitFactor {
                    v: 0.0,
                    dim: Dim::NONE,
                    unit: 1.0,
                    div: false,
                }; 4],
                0,
            ),
            count: None,
        })
    }

    #[inline]
    pub fn bump(&mut self) -> Token {
        let t = self.tok;
        self.prev_end = t.end;
        self.tok = self.lx.next();
        t
    }

    pub fn text(&self, t: &Token) -> &'a str {
        self.src.get(t.start as usize..t.end as usize).unwrap_or("")
    }

    pub fn slice(&self, start: u32, end: u32) -> &'a str {
        self.src.get(start as usize..end as usize).unwrap_or("")
    }

    #[inline]
    fn enter(&mut self, at: &Token) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return fail(Error::TooDeep {
                span: span(at.start, at.end),
            });
        }
        Ok(())
    }

    #[inline]
    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// A finite result, or the error that says why not.
    #[inline]
    fn finish(v: f64, dim: Dim, start: u32, end: u32) -> PResult<Val> {
        if v.is_nan() {
            return fail(Error::Undefined {
                span: span(start, end),
            });
        }
        if v.is_infinite() {
            return fail(Error::Overflow {
                span: span(start, end),
            });
        }
        Ok(Val::computed(v, dim, start, end))
    }

    /// An expression: `+ -` below `* / × ÷ ·`, both left-associative; operands are
    /// [`Parser::unary`]. Precedence climbing keeps one call level per operand, which is most
    /// of what evaluating costs.
    pub fn sum(&mut self) -> PResult<Val> {
        self.binary(0)
    }

    fn binary(&mut self, min_prec: u8) -> PResult<Val> {
        let mut a = self.unary()?;
        loop {
            let prec = match self.tok.kind {
                Kind::Plus | Kind::Minus => 0,
                Kind::Star | Kind::Dot | Kind::Slash => 1,
                _ => return Ok(a),
            };
            if prec < min_prec {
                return Ok(a);
            }
            let op = self.bump().kind;
            let mut b = if prec == 0 {
                self.binary(1)?
            } else {
                self.unary()?
            };
            if prec == 1 {
                // `÷ 8`, `× 60`, and a power written as one (`÷ 2⁴⁰`, `× 10^3`).
                let plain = |v: &Val| {
                    v.dim.is_none() && v.uend == v.ustart && (v.is_literal() || v.is_power)
                };
                if plain(&b) {
                    note(&mut self.factors, (b.v, op == Kind::Slash));
                } else if op != Kind::Slash && plain(&a) {
                    note(&mut self.factors, (a.v, false));
                } else if b.is_literal() && !b.dim.is_none() && b.uend > b.ustart {
                    let factor = UnitFactor {
                        v: b.v,
                        dim: b.dim,
                        unit: self.last_unit.2,
                        div: op == Kind::Slash,
                    };
                    note(&mut self.unit_factors, factor);
                }
            }
            if prec == 0 {
                // `2 × 18 + g = 63`: a unit alone as an addend is a letter for a quantity.
                if let Some(bare) = [&a, &b].into_iter().find(|v| v.bare_unit) {
                    return fail(Error::syntax(
                        "a unit alone cannot be added: write a number before it",
                        "a unit without a number",
                        bare.start,
                        bare.end,
                    ));
                }
                let percent =
                    |v: &Val| self.src.get(v.ustart as usize..v.uend as usize) == Some("%");
                if percent(&b) && !percent(&a) {
                    // `€ 80 + 21 % = € 96,80`: a percentage added to a value raises it by
                    // that share of it.
                    let share = if op == Kind::Plus {
                        1.0 + b.v
                    } else {
                        1.0 - b.v
                    };
                    a = Self::finish(a.v * share, a.dim, a.start, b.end)?;
                    continue;
                }
                self.in_unit_of_other(&mut a, &mut b);
            }
            // `1.37 * 10^11`: a number in scientific notation is a literal, as `1.37e11` is.
            let scientific = matches!(op, Kind::Star | Kind::Dot)
                && a.is_literal()
                && a.dim.is_none()
                && a.uend == a.ustart
                && !b.is_literal()
                && self.is_power_of_ten(&b);
            // `4.98 min / km` (prose's "4,98 minuten per km"): a literal per a unit alone is a
            // literal in the compound unit, as `4.98 min/km` is.
            let per_unit = op == Kind::Slash && a.is_literal() && b.bare_unit;
            let hu = if per_unit { a.hu / b.v } else { a.hu * b.v };
            a = Self::apply(op, a, b)?;
            if scientific || per_unit {
                a.hu = hu;
            }
        }
    }

    /// Whether `v` is a power of ten as written: `10^11`, `10¹¹`, perhaps with a unit after it.
    fn is_power_of_ten(&self, v: &Val) -> bool {
        let text = self.slice(v.start, v.end);
        text.strip_prefix("10").is_some_and(|rest| {
            rest.starts_with('^') || rest.starts_with(|c| "⁰¹²³⁴⁵⁶⁷⁸⁹⁻".contains(c))
        })
    }

    /// `8 × 60 + 19 s`: of two addends, one without a unit and one a number with a unit just
    /// written, the first is taken in the second's unit, which the writer left off.
    fn in_unit_of_other(&self, a: &mut Val, b: &mut Val) {
        let unitless = |v: &Val| v.dim.is_none() && v.uend == v.ustart;
        let (plain, quantity) = if unitless(a) {
            (a, b)
        } else if unitless(b) {
            (b, a)
        } else {
            return;
        };
        let (ustart, uend, factor) = self.last_unit;
        if quantity.is_literal()
            && !quantity.dim.is_none()
            && (quantity.ustart, quantity.uend) == (ustart, uend)
        {
            plain.v *= factor;
            plain.dim = quantity.dim;
        }
    }

    #[inline]
    fn apply(op: Kind, a: Val, b: Val) -> PResult<Val> {
        let (v, dim) = match op {
            Kind::Plus | Kind::Minus => {
                if a.dim != b.dim {
                    let what = if op == Kind::Plus { "add" } else { "subtract" };
                    return fail(mismatch(what, &a, &b));
                }
                let v = if op == Kind::Plus {
                    a.v + b.v
                } else {
                    a.v - b.v
                };
                (v, Some(a.dim))
            }
            Kind::Slash => {
                if b.v == 0.0 {
                    return fail(Error::DivisionByZero {
                        span: span(b.start, b.end),
                    });
                }
                (a.v / b.v, a.dim.div(b.dim))
            }
            _ => (a.v * b.v, a.dim.mul(b.dim)),
        };
        let Some(dim) = dim else {
            return fail(exponent_range(a.start, b.end));
        };
        Self::finish(v, dim, a.start, b.end)
    }

    /// `('-' | '+') unary | power`
    fn unary(&mut self) -> PResult<Val> {
        let neg = match self.tok.kind {
            Kind::Minus => true,
            Kind::Plus => false,
            Kind::Num => {
                // Most operands are a plain number before an operator: skip the power and
                // unit steps for them.
                let t = self.bump();
                let v = self.number_atom(t)?;
                if !matches!(
                    self.tok.kind,
                    Kind::Ident | Kind::Caret | Kind::Super | Kind::Percent
                ) {
                    return Ok(v);
                }
                return self.power_from(v);
            }
            _ => return self.power(),
        };
        let t = self.bump();
        self.enter(&t)?;
        let mut v = self.unary()?;
        self.leave();
        if neg {
            v.v = -v.v;
        }
        v.start = t.start;
        Ok(v)
    }

    /// `atom [('^' exponent) | superscript] [unit]`: the unit binds after the power, so
    /// `2^3 B` is 8 B and `10^9 param` is a billion parameters.
    #[inline]
    fn power(&mut self) -> PResult<Val> {
        let a = self.atom()?;
        self.power_from(a)
    }

    /// What may follow an atom: a power, then a unit or `%`.
    fn power_from(&mut self, a: Val) -> PResult<Val> {
        let mut a = self.power_tail(a)?;
        if a.bare_unit {
            return Ok(a);
        }
        if self.tok.kind == Kind::Percent {
            let t = self.bump();
            a.v *= 0.01;
            a.hu *= 0.01;
            (a.ustart, a.uend) = (t.start, t.end);
            self.last_unit = (t.start, t.end, 0.01);
            a.end = t.end;
            return Ok(a);
        }
        if self.at_unit_word() {
            let (factor, dim, us, ue) = self.unit_expr()?;
            let dim = a.dim.mul(dim).ok_or_else(|| exponent_range(a.start, ue))?;
            let lit = a.is_literal();
            let mut out = Self::finish(a.v * factor, dim, a.start, ue)?;
            if lit {
                out.hu = a.hu * factor;
                (out.ustart, out.uend) = (us, ue);
                self.last_unit = (us, ue, factor);
            }
            if lit || a.is_power {
                note(&mut self.units, (factor, dim));
            }
            return Ok(out);
        }
        Ok(a)
    }

    #[inline]
    fn power_tail(&mut self, base: Val) -> PResult<Val> {
        match self.tok.kind {
            Kind::Caret => {
                let t = self.bump();
                self.enter(&t)?;
                let e = self.exponent()?;
                self.leave();
                Self::pow(base, e.v, e.dim, e.start, e.end)
            }
            Kind::Super => {
                let t = self.bump();
                Self::pow(base, f64::from(t.int), Dim::NONE, t.start, t.end)
            }
            _ => Ok(base),
        }
    }

    /// `('-' | '+') exponent | atom [('^' exponent) | superscript]`: right-associative.
    fn exponent(&mut self) -> PResult<Val> {
        let neg = match self.tok.kind {
            Kind::Minus => true,
            Kind::Plus => false,
            _ => {
                let a = self.atom()?;
                return self.power_tail(a);
            }
        };
        let t = self.bump();
        self.enter(&t)?;
        let mut v = self.exponent()?;
        self.leave();
        if neg {
            v.v = -v.v;
        }
        v.start = t.start;
        Ok(v)
    }

    fn pow(base: Val, e: f64, e_dim: Dim, es: u32, ee: u32) -> PResult<Val> {
        if !e_dim.is_none() {
            return fail(Error::InvalidPower {
                message: "an exponent must be a plain number".into(),
                span: span(es, ee),
            });
        }
        if base.dim.is_none() {
            let mut v = Self::finish(base.v.powf(e), Dim::NONE, base.start, ee)?;
            v.is_power = base.is_literal() && base.uend == base.ustart;
            return Ok(v);
        }
        if e.fract() != 0.0 || e.abs() > 127.0 {
            return fail(Error::InvalidPower {
                message: "a quantity with a unit can only be raised to a whole power".into(),
                span: span(es, ee),
            });
        }
        let n = e as i32;
        let dim = base.dim.pow(n).ok_or_else(|| exponent_range(es, ee))?;
        Self::finish(base.v.powi(n), dim, base.start, ee)
    }

    /// A number (with a count word), a parenthesized expression, `min(…)`/`max(…)`, or a
    /// bare unit.
    fn atom(&mut self) -> PResult<Val> {
        match self.tok.kind {
            Kind::Num => {
                let t = self.bump();
                self.number_atom(t)
            }
            Kind::LParen => {
                let open = self.bump();
                self.enter(&open)?;
                let mut v = self.sum()?;
                if self.tok.kind != Kind::RParen {
                    return fail(
                        self.unexpected("expected `)`")
                            .with_help(format!("to close the `(` at byte {}", open.start)),
                    );
                }
                let close = self.bump();
                self.leave();
                v.start = open.start;
                v.end = close.end;
                Ok(v)
            }
            Kind::Ident => {
                let w = self.text(&self.tok);
                if (w == "min" || w == "max") && self.next_is_lparen() {
                    return self.call(w == "min");
                }
                if (w == "log" || w == "ln") && self.next_is_lparen() {
                    return self.logarithm(w == "log");
                }
                if w == "sqrt" || w == "√" {
                    return self.square_root();
                }
                // `t`, `ng` and `N` are units only after a number (`N / 3` is no newton).
                let letter = unit::lookup(w).is_none() && unit::after_number(w).is_some();
                if is_keyword(w) || count_word(w).is_some() || letter {
                    return fail(self.unexpected("expected a number, a unit or `(`"));
                }
                let (factor, dim, start, end) = self.unit_expr()?;
                let mut v = Val::computed(factor, dim, start, end);
                (v.ustart, v.uend) = (start, end);
                v.bare_unit = true;
                self.last_unit = (start, end, factor);
                Ok(v)
            }
            _ => fail(self.unexpected("expected a number, a unit or `(`")),
        }
    }

    /// A number literal just read, with the count word after it (`7 billion`).
    #[inline]
    fn number_atom(&mut self, t: Token) -> PResult<Val> {
        if !t.num.is_finite() {
            return fail(Error::Overflow {
                span: span(t.start, t.end),
            });
        }
        if t.glued && self.glued.is_none() {
            self.glued = Some((t.start, t.end));
        }
        let mut v = Val::computed(t.num, Dim::NONE, t.start, t.end);
        v.hu = t.half_ulp;
        if self.tok.kind == Kind::Ident
            && let Some(f) = count_word(self.text(&self.tok))
        {
            let w = self.bump();
            v.v *= f;
            v.hu *= f;
            v.end = w.end;
            self.count.get_or_insert(f);
        }
        Ok(v)
    }

    /// A syntax error at the current token.
    pub fn unexpected(&self, message: &'static str) -> Error {
        let t = self.tok;
        if t.kind == Kind::Eof {
            return Error::syntax(message, "the expression ends here", t.start, t.end);
        }
        Error::syntax(
            message,
            format!("found `{}`", self.text(&t)),
            t.start,
            t.end,
        )
    }

    #[inline]
    fn next_is_lparen(&self) -> bool {
        let s = self.src.as_bytes();
        let mut i = self.tok.end as usize;
        while i < s.len() && s[i] == b' ' {
            i += 1;
        }
        s.get(i) == Some(&b'(')
    }

    /// `min(a, b, …)` / `max(a, b, …)`: every argument of the same dimension.
    fn call(&mut self, is_min: bool) -> PResult<Val> {
        let name = self.bump();
        // The arguments' commas are no thousands separators (`max(1,500)` is 500).
        self.lx.in_call += 1;
        let open = self.bump();
        self.enter(&open)?;
        let mut best = self.sum()?;
        let first = best;
        while self.tok.kind == Kind::Comma {
            self.bump();
            let b = self.sum()?;
            if b.dim != first.dim {
                let op = if is_min {
                    "take the minimum of"
                } else {
                    "take the maximum of"
                };
                return fail(mismatch(op, &first, &b));
            }
            if (is_min && b.v < best.v) || (!is_min && b.v > best.v) {
                best = b;
            }
        }
        if self.tok.kind != Kind::RParen {
            return fail(self.unexpected("expected `,` or `)`"));
        }
        self.lx.in_call -= 1;
        let close = self.bump();
        self.leave();
        Ok(Val::computed(best.v, best.dim, name.start, close.end))
    }

    /// `log(x)`, base 10 (`pH = −log(1.0e-3)`), and `ln(x)`, of a number without a unit
    /// above zero.
    fn logarithm(&mut self, base_ten: bool) -> PResult<Val> {
        let name = self.bump();
        let open = self.bump();
        self.enter(&open)?;
        let x = self.sum()?;
        if self.tok.kind != Kind::RParen {
            return fail(self.unexpected("expected `)`"));
        }
        let close = self.bump();
        self.leave();
        if !x.dim.is_none() || x.v <= 0.0 {
            return fail(Error::Undefined {
                span: span(name.start, close.end),
            });
        }
        let v = if base_ten { x.v.log10() } else { x.v.ln() };
        Ok(Val::computed(v, Dim::NONE, name.start, close.end))
    }

    /// `sqrt(x)`, or `sqrt 3` of the number right after it (`√3 × 400 V`, as prose writes
    /// `√`): a dimension halved (`sqrt(16 m²)` is 4 m), a value not below zero.
    fn square_root(&mut self) -> PResult<Val> {
        let name = self.bump();
        // A factor under the root converts no unit of the claim.
        let factors = self.factors;
        let x = match self.tok.kind {
            Kind::LParen => self.atom()?,
            Kind::Num => {
                let t = self.bump();
                self.number_atom(t)?
            }
            _ => return fail(self.unexpected("expected `(` or a number after `sqrt`")),
        };
        self.factors = factors;
        let Some(dim) = x.dim.sqrt().filter(|_| x.v >= 0.0) else {
            return fail(Error::Undefined {
                span: span(name.start, x.end),
            });
        };
        Ok(Val::computed(x.v.sqrt(), dim, name.start, x.end))
    }

    /// Is the current token a word to read as a unit after a value?
    #[inline]
    fn at_unit_word(&self) -> bool {
        if self.tok.kind != Kind::Ident {
            return false;
        }
        let w = self.text(&self.tok);
        !(is_keyword(w)
            || w == "sqrt"
            || w == "√"
            || (matches!(w, "min" | "max" | "log" | "ln") && self.next_is_lparen()))
    }

    /// A unit expression: words joined by `/` or `·` written without spaces (`TB/s`,
    /// `FLOP/byte`, `W·h`), each with an optional glued power (`s^-1`, `B²`). Returns factor,
    /// dimension and span.
    pub fn unit_expr(&mut self) -> PResult<(f64, Dim, u32, u32)> {
        let start = self.tok.start;
        let (mut f, mut d) = self.unit_word()?;
        loop {
            let k = self.tok.kind;
            let tight = matches!(k, Kind::Slash | Kind::Dot)
                && self.tok.start == self.prev_end
                && word_starts(self.src.as_bytes(), self.tok.end as usize);
            if !tight {
                break;
            }
            self.bump();
            let (f2, d2) = self.unit_word()?;
            let next = if k == Kind::Slash {
                f /= f2;
                d.div(d2)
            } else {
                f *= f2;
                d.mul(d2)
            };
            d = next.ok_or_else(|| exponent_range(start, self.prev_end))?;
        }
        Ok((f, d, start, self.prev_end))
    }

    fn unit_word(&mut self) -> PResult<(f64, Dim)> {
        if self.tok.kind != Kind::Ident {
            return fail(self.unexpected("expected a unit"));
        }
        let t = self.bump();
        let w = self.text(&t);
        // A unit of the expression language always follows a number or another unit.
        let Some((mut f, mut d)) = unit::after_number(w) else {
            let help = unit::suggest(w).map(|s| format!("did you mean `{s}`?"));
            return fail(Error::UnknownUnit {
                name: w.to_string(),
                span: span(t.start, t.end),
                help,
            });
        };
        if d.exponent(Base::Information) != 0 {
            self.information = true;
            // `bit`, `bits`, `bps`, or a prefix before `b` (`Gb`): the lexicon's bit units.
            let bit = unit::is_bit_word(w);
            self.bits |= bit;
            self.bytes |= !bit;
        }
        let glued = self.tok.start == t.end;
        let n = match self.tok.kind {
            Kind::Super if glued => {
                let s = self.bump();
                Some((s.int, s.start, s.end))
            }
            Kind::Caret if glued => {
                let c = self.bump();
                let neg = self.tok.kind == Kind::Minus;
                if neg {
                    self.bump();
                }
                let Some(num) = (self.tok.kind == Kind::Num).then_some(self.tok) else {
                    return fail(self.unexpected("expected a whole number after `^`"));
                };
                self.bump();
                if num.num.fract() != 0.0 || num.num > 127.0 || num.glued {
                    return fail(Error::InvalidPower {
                        message: "a unit can only be raised to a whole power".into(),
                        span: span(num.start, num.end),
                    });
                }
                let n = num.num as i32;
                Some((if neg { -n } else { n }, c.start, num.end))
            }
            _ => None,
        };
        if let Some((n, s, e)) = n {
            d = d.pow(n).ok_or_else(|| exponent_range(s, e))?;
            f = f.powi(n);
            if !f.is_finite() || f == 0.0 {
                return fail(exponent_range(s, e));
            }
        }
        Ok((f, d))
    }

    /// An optional `-> unit`, `to unit` or `in unit` after `v`.
    pub fn conversion(&mut self, v: &Val) -> PResult<Option<Unit>> {
        let is_conv = match self.tok.kind {
            Kind::Arrow => true,
            Kind::Ident => is_keyword(self.text(&self.tok)),
            _ => false,
        };
        if !is_conv {
            return Ok(None);
        }
        self.bump();
        if self.tok.kind != Kind::Ident {
            return fail(self.unexpected("expected a unit to convert to"));
        }
        let (factor, dim, start, end) = self.unit_expr()?;
        if dim != v.dim {
            return fail(Error::DimensionMismatch {
                op: "convert",
                left: v.dim.describe(),
                right: dim.describe(),
                left_span: span(v.start, v.end),
                right_span: span(start, end),
                per_left_out: false,
                help: None,
            });
        }
        Ok(Some(Unit::new(factor, dim, self.slice(start, end))))
    }

    /// The unit a literal was written in, if any.
    pub fn literal_unit(&self, v: &Val) -> Option<Unit> {
        let (s, e, factor) = self.last_unit;
        if v.uend == v.ustart || (s, e) != (v.ustart, v.uend) {
            return None;
        }
        Some(Unit::new(factor, v.dim, self.slice(s, e)))
    }

    /// The input must end here.
    pub fn expect_end(&self) -> PResult<()> {
        match self.tok.kind {
            Kind::Eof => Ok(()),
            Kind::Eq | Kind::Approx => fail(
                self.unexpected("unexpected relation: this is a claim, not an expression")
                    .with_help("check claims with `check` (`quizkit calc` does both)"),
            ),
            Kind::RParen => fail(self.unexpected("unmatched `)`")),
            Kind::Num | Kind::LParen | Kind::Ident => fail(
                self.unexpected("expected an operator")
                    .with_help("write `*` between factors; a unit follows its number directly"),
            ),
            _ => fail(self.unexpected("unexpected character")),
        }
    }
}

/// Evaluate an expression, with an optional conversion (`7e9 * 16 B -> GB`).
///
/// # Errors
/// Any [`Error`] but [`Error::NotAClaim`]; spans index `src`.
pub fn eval(src: &str) -> Result<Quantity, Error> {
    eval_boxed(src).map_err(|e| *e)
}

fn eval_boxed(src: &str) -> PResult<Quantity> {
    let mut p = Parser::new(src)?;
    let v = p.sum()?;
    let unit = p.conversion(&v)?;
    p.expect_end()?;
    Ok(Quantity::new(v.v, v.dim, unit))
}

/// Parse a unit expression on its own (`TB/s`).
pub(crate) fn parse_unit(src: &str) -> Result<Unit, Error> {
    let parse = || -> PResult<Unit> {
        let mut p = Parser::new(src)?;
        if p.tok.kind != Kind::Ident {
            return fail(p.unexpected("expected a unit"));
        }
        let (factor, dim, start, end) = p.unit_expr()?;
        p.expect_end()?;
        Ok(Unit::new(factor, dim, p.slice(start, end)))
    };
    parse().map_err(|e| *e)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(src: &str) -> (f64, Dim) {
        match eval(src) {
            Ok(q) => (q.value(), q.dim()),
            Err(e) => panic!("{src}: {e:?}"),
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * a.abs().max(b.abs())
    }

    #[test]
    fn arithmetic_and_precedence() {
        assert_eq!(v("1 + 2 * 3").0, 7.0);
        assert_eq!(v("(1 + 2) * 3").0, 9.0);
        assert_eq!(v("2^3^2").0, 512.0);
        assert_eq!(v("-2^2").0, -4.0);
        assert_eq!(v("2^-1").0, 0.5);
        assert_eq!(v("8 / 2 / 2").0, 2.0);
        assert_eq!(v("10 − 3 × 2 ÷ 3").0, 8.0);
        assert_eq!(v("4096³").0, 4096f64.powi(3));
        assert_eq!(v("max(1, 5, 3)").0, 5.0);
        assert_eq!(v("min(4, 2)").0, 2.0);
        assert_eq!(v("max(1,500)").0, 500.0);
        assert_eq!(v("max(1,500, 2,000)").0, 500.0);
        assert_eq!(v("2 000 000 × 250 B").0, 5e8);
        assert_eq!(v("1,500 B × 8").0, 12e3);
        assert_eq!(v("(1,500 + 2 500) B").0, 4e3);
        assert_eq!(v("50%").0, 0.5);
    }

    #[test]
    fn units_bind_to_their_number() {
        assert_eq!(v("7e9 * (4 + 4 + 4 + 4) B"), (112e9, Dim::INFORMATION));
        assert_eq!(v("14 GB / 2 TB/s"), (0.007, Dim::TIME));
        assert_eq!(v("14 GB / (2 TB/s)"), (0.007, Dim::TIME));
        assert_eq!(v("14 GB / 2 TB / s").1, Dim::FREQUENCY);
        assert_eq!(v("2^3 B"), (8.0, Dim::INFORMATION));
        assert_eq!(v("10 FLOP/B * 2 TB/s"), (2e13, Dim::COMPUTE_RATE));
        assert_eq!(v("7 billion params * 2 B/param"), (14e9, Dim::INFORMATION));
        assert_eq!(v("7B * 2 bytes"), (14e9, Dim::INFORMATION));
        assert_eq!(v("1 s^-1"), (1.0, Dim::FREQUENCY));
        assert_eq!(v("3 B²").1, Dim([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
        assert!(close(v("1 kWh").0, 3.6e6));
        assert_eq!(v("GB").0, 1e9);
        assert_eq!(v("5 min").0, 300.0);
    }

    #[test]
    fn mass_amount_and_volume() {
        let holds = |claim: &str| {
            let o = crate::check(claim, &crate::Options::default())
                .unwrap_or_else(|e| panic!("{claim}: {e}"));
            assert!(o.holds, "{claim}: {o}");
        };
        let fails = |claim: &str| {
            let o = crate::check(claim, &crate::Options::default())
                .unwrap_or_else(|e| panic!("{claim}: {e}"));
            assert!(!o.holds, "{claim}: {o}");
        };
        holds("0.10 mol/L * 0.5 L = 0.05 mol");
        holds("180 g/mol * 0.2 mol = 36 g");
        fails("180 g/mol * 0.25 mol = 45 mg");
        holds("11.7 g / 58.5 g/mol = 0.2 mol");
        holds("1000 mL = 1 L");
        holds("1 l = 1 dm³");
        holds("500 mL = 500 cm³");
        holds("1 g/cm³ = 1 kg/L");
        holds("1 g/cm³ = 1000 kg/m³");
        holds("2.5 L * 1000 kg/m³ = 2.5 kg");
        holds("100 km / 7.2 l ≈ 13.9 km/l");
        fails("100 km / 7.2 l = 13.8 km/l");
        fails("100 km / 7.2 l ≈ 12 km/l");
        holds("450 km * 6 l/100 km = 27 l");
        holds("27.78 m/s / 8 s ≈ 3.47 m/s²");
        holds("5 g / 250 mL = 20 g/L");
        holds("2 kilograms = 2000 grams");
        holds("250 mmol/L = 0.25 mol/L");
        // A joule is a kilogram metre² per second².
        holds("0.5 * 2 kg * (3 m/s)^2 = 9 J");
        holds("2 kg * 9.81 m/s² * 10 m = 196.2 J");
        holds("1 kWh = 3.6e6 kg·m²/s²");
        holds("-log(1.0e-3) = 3");
        holds("ln(2) ≈ 0.693");
        holds("100 W * 10 s = 1 kJ");
        fails("0.5 * 2 kg * (3 m/s)^2 = 18 J");
        assert_eq!(v("2 kg * 9.81 m/s² * 10 m").1, Dim::ENERGY);
        assert_eq!(v("0.10 mol/L * 0.5 L").1, Dim::AMOUNT);
        assert_eq!(v("1 g/cm³").1, Dim::DENSITY);
        assert_eq!(v("180 g/mol").1, Dim::MOLAR_MASS);
        assert_eq!(v("9.81 m/s²").1, Dim::ACCELERATION);
        assert_eq!(
            v("70 kg / 1.75 m^2").1,
            Dim([0, 0, 0, 0, 0, 0, 1, -2, 0, 0, 0])
        );
        assert!(eval("2 mL + 3 g").is_err());
        assert_eq!(
            eval("36 g").map(|q| q.to_string()).ok().as_deref(),
            Some("36 g")
        );
        assert_eq!(
            eval("0.5 L * 2")
                .map(|q| q.canonical().to_string())
                .ok()
                .as_deref(),
            Some("1 L")
        );
    }

    #[test]
    fn conversions_keep_the_unit() {
        let q = eval("7e9 * 16 B -> GB").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.unit().map(|u| u.name().into_owned()), Some("GB".into()));
        assert!(eval("1 GB to s").is_err());
        assert!(eval("1 h in min").is_ok());
        assert!(eval("1 h → min").is_ok());
    }

    #[test]
    fn errors_have_spans() {
        let e = eval("GB * ms + 1 GB").unwrap_err();
        let Error::DimensionMismatch {
            left_span,
            right_span,
            ..
        } = e
        else {
            panic!("{e:?}")
        };
        assert_eq!((left_span.offset(), left_span.len()), (0, 7));
        assert_eq!((right_span.offset(), right_span.len()), (10, 4));
        assert!(matches!(eval("1 / 0"), Err(Error::DivisionByZero { .. })));
        assert!(matches!(eval("1e999999"), Err(Error::Overflow { .. })));
        assert!(matches!(eval("2^2^2^2^2^2"), Err(Error::Overflow { .. })));
        assert!(matches!(eval("(-8)^0.5"), Err(Error::Undefined { .. })));
        assert!(matches!(eval("2 B ^ 0.5"), Err(Error::Syntax { .. })));
        assert!(matches!(eval("(2 B)^0.5"), Err(Error::InvalidPower { .. })));
        assert!(matches!(eval("2^(1 s)"), Err(Error::InvalidPower { .. })));
        assert!(matches!(
            eval("B^100 * B^100"),
            Err(Error::InvalidPower { .. })
        ));
        assert!(matches!(eval("7 GBs"), Err(Error::UnknownUnit { .. })));
        assert!(matches!(eval("1 = 1"), Err(Error::Syntax { .. })));
        assert!(matches!(eval("(1"), Err(Error::Syntax { .. })));
        assert!(matches!(eval("1)"), Err(Error::Syntax { .. })));
        assert!(matches!(eval("2 3"), Err(Error::Syntax { .. })));
        assert!(matches!(eval("2 * 18 + g"), Err(Error::Syntax { .. })));
        assert!(matches!(eval("GB - 1 GB"), Err(Error::Syntax { .. })));
        assert!(matches!(eval(""), Err(Error::Syntax { .. })));
        assert!(matches!(eval(&"(".repeat(100)), Err(Error::TooDeep { .. })));
        assert!(matches!(eval(&"-".repeat(100)), Err(Error::TooDeep { .. })));
        assert!(matches!(
            eval(&"1+".repeat(3000)),
            Err(Error::TooLong { .. })
        ));
    }

    #[test]
    fn unknown_unit_suggests() {
        let Err(Error::UnknownUnit { help, name, .. }) = eval("3 gb") else {
            panic!()
        };
        assert_eq!(name, "gb");
        assert_eq!(help.as_deref(), Some("did you mean `GB`?"));
    }
}
