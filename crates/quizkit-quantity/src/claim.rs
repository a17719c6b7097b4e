//! Claims: `expression = value` and `expression ≈ value`, and the hints for wrong ones.

use crate::error::{Error, span};
use crate::eval::{MAX_LEN, PResult, Parser, Val};
use crate::lexer::Kind;
use crate::quantity::Quantity;
use miette::SourceSpan;
use std::fmt;

/// Settings for [`check`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// The most `≈` and `~` allow when the claim states no tolerance, relative (`0.10` =
    /// 10%): within that, a written value allows half a unit in its last significant digit.
    pub tolerance: f64,
}

impl Default for Options {
    fn default() -> Options {
        Options { tolerance: 0.10 }
    }
}

/// The relation a claim states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    /// `=`: equal at the precision the expected value is written with.
    Equal,
    /// `≈` or `~`: equal within a relative tolerance.
    Approx,
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Relation::Equal => "=",
            Relation::Approx => "≈",
        })
    }
}

/// How far the computed value may be from the expected one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Tolerance {
    /// At most this far, in base units: half a unit in the last written digit of the expected
    /// value (`112 GB` → 0.5 GB), or a stated `± 1 GB`.
    Absolute(f64),
    /// At most this fraction of the expected value: `≈` with no written value, a stated `± 5%`, or
    /// for `=` when the right side is an expression rather than a written value, what its
    /// rounded decimals allow (at least `1e-9`).
    Relative(f64),
}

impl Tolerance {
    /// Does `computed` lie within this tolerance of `expected`?
    pub fn allows(self, computed: f64, expected: f64) -> bool {
        // An overflow (`1e300 Mbit` read with a count word) is no value that holds.
        if !computed.is_finite() {
            return false;
        }
        let diff = (computed - expected).abs();
        match self {
            // The slack absorbs the rounding of the decimal literals themselves.
            Tolerance::Absolute(a) => diff <= a * (1.0 + 1e-9) + 1e-12 * expected.abs(),
            Tolerance::Relative(r) => diff <= r * expected.abs() + 1e-12 * computed.abs(),
        }
    }
}

/// The result of checking a claim that could be evaluated.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    /// Whether the claim holds.
    pub holds: bool,
    /// `=` or `≈`.
    pub relation: Relation,
    /// The left side's value, shown in the unit the expected value was written in.
    pub computed: Quantity,
    /// The right side's value.
    pub expected: Quantity,
    /// The tolerance that was applied.
    pub tolerance: Tolerance,
    /// The left side in the source.
    pub computed_span: SourceSpan,
    /// The right side in the source.
    pub expected_span: SourceSpan,
    /// Whether a unit of information (`B`, `bit`, `TB/s`, `FLOP/B`) is written in the claim:
    /// only then can bits and bytes, or decimal and binary prefixes, be the slip.
    pub mentions_information: bool,
    /// The claim does not hold as written, and a plain factor of the computation is read as
    /// a conversion of units, as teachers write it: `÷ 8` from bits to bytes (`40 Mbit ÷ 8 =
    /// 5 MB`), `× 8` from bytes to bits (`1 500 B × 8 = 12 000 bit`), `÷ 60` from seconds to
    /// minutes (`4 000 s ÷ 60 ≈ 66,7 min`); or a factor written with the unit it converts
    /// to, per one of another unit (`6,5 kn × 1,852 km/h`, 1,852 km/h per knot). `computed`
    /// is the value so read, and `holds` says whether it matches.
    pub bit_byte_idiom: bool,
    /// The claim would hold at the precision its stated value is written with, but the
    /// computed value is a slip factor away from it (`1 GB = 1 GiB`): it fails.
    pub slip_despite_precision: bool,
    /// Half a unit in the last written digit of the stated value, in base units (`0,0028
    /// uur`: 0.00005 h); NaN when the right side is an expression.
    pub stated_precision: f64,
    /// The first plain numbers (no unit) that multiply or divide in the computation.
    factors: crate::eval::Factors,
}

impl Outcome {
    /// The first plain numbers (up to four, no unit) that multiply or divide in the
    /// computation: `1.21` and `0.8` of `€ 100 × 1,21 ÷ 0,8 = € 151,25`, in that order.
    pub fn plain_factors(&self) -> impl Iterator<Item = f64> + '_ {
        self.factors.0[..self.factors.1].iter().map(|&(k, _)| k)
    }

    /// For a claim that does not hold: the likely slip, when the stated value is off by a
    /// telling factor (8: bits and bytes; 1.024ⁿ: GB and GiB, these two only when a unit of
    /// information is written in the claim; 1000ⁿ: a prefix; 2: FP16 and FP32).
    pub fn hint(&self) -> Option<Hint> {
        if self.holds {
            return None;
        }
        let (c, e) = (self.computed.value(), self.expected.value());
        if c == 0.0 || e == 0.0 || (c < 0.0) != (e < 0.0) {
            return None;
        }
        let ratio = e / c;
        // Close enough to the telling factor: the stated value's own rounding (0.2% to 2%;
        // `3,3` is ±1.5%), at least 0.5% for a relative tolerance.
        let slack = match self.tolerance {
            Tolerance::Absolute(a) => (a / e.abs()).clamp(0.002, 0.02),
            // `≈ 2,8 uur` is rounded to ±1.8% as written: up to 1% of slack.
            Tolerance::Relative(_) => {
                let written = self.stated_precision / e.abs();
                if written.is_finite() {
                    written.clamp(0.005, 0.02)
                } else {
                    0.005
                }
            }
        };
        let kind = slip(ratio, self.mentions_information, slack)?;
        Some(Hint { kind, ratio })
    }
}

/// The slip that the stated value divided by the computed one, `ratio`, tells of, within
/// `slack` (relative) of the factor: 8 (bits and bytes) and 1.024ⁿ (decimal and binary
/// prefixes) only when `information` (a unit of information is written), then 1000ⁿ (a
/// prefix), then 2.
fn slip(ratio: f64, information: bool, slack: f64) -> Option<HintKind> {
    let near = |factor: f64| {
        let r = ratio / factor;
        (r - 1.0).abs() <= slack || (1.0 / r - 1.0).abs() <= slack
    };
    let near_either = |factor: f64| near(factor) || near(1.0 / factor);
    Some(if information && near_either(8.0) {
        HintKind::BitsVsBytes
    } else if let Some(n) = (1..=6).find(|&n| {
        // 1.024ⁿ are close to each other: no more slack than 1% for them, and 0.01% for PiB
        // and EiB, whose 1.126 and 1.153 are as likely a plain error.
        information && {
            let r = ratio / 1.024f64.powi(n);
            let s = slack.min(if n <= 4 { 0.01 } else { 1e-4 });
            (r - 1.0).abs() <= s || (1.0 / r - 1.0).abs() <= s || {
                let r = ratio * 1.024f64.powi(n);
                (r - 1.0).abs() <= s || (1.0 / r - 1.0).abs() <= s
            }
        }
    }) {
        HintKind::BinaryPrefix { power: n as u8 }
    } else if let Some(n) = (1..=8).find(|&n| near_either(1000f64.powi(n))) {
        HintKind::PrefixSlip { steps: n as u8 }
    } else if near_either(2.0) {
        HintKind::FactorTwo
    } else {
        return None;
    })
}

/// How close to a slip factor a claim that holds at its written precision must come to fail
/// all the same (`1 GB = 1 GiB`: 1.0737, exactly GB and GiB).
const SLIP_SLACK: f64 = 0.002;

/// Shows `holds: 112 GB = 112 GB` or `fails: computed 112000 MB, stated 112 MB`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.holds {
            write!(
                f,
                "holds: {} {} {}",
                self.computed, self.relation, self.expected
            )?;
            if self.bit_byte_idiom {
                f.write_str(" (reading a factor as the conversion of units)")?;
            }
            Ok(())
        } else {
            write!(f, "fails: computed {}", self.computed)?;
            if self.bit_byte_idiom {
                f.write_str(" (reading a factor as the conversion of units)")?;
            }
            write!(f, ", stated {}", self.expected)?;
            if let Some(h) = self.hint() {
                write!(f, " ({h})")?;
            }
            Ok(())
        }
    }
}

/// A likely reason a claim is wrong.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hint {
    /// Which slip.
    pub kind: HintKind,
    /// The stated value divided by the computed one.
    pub ratio: f64,
}

/// The slips [`Outcome::hint`] recognizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintKind {
    /// Off by 8: bits and bytes mixed up.
    BitsVsBytes,
    /// Off by 1.024ⁿ: decimal and binary prefixes mixed up (`n = 3`: GB and GiB, 1.0737).
    BinaryPrefix {
        /// 1 for k/Ki, 2 for M/Mi, 3 for G/Gi, 4 for T/Ti, 5 for P/Pi, 6 for E/Ei.
        power: u8,
    },
    /// Off by 1000ⁿ: a prefix slip (MB for GB).
    PrefixSlip {
        /// How many prefix steps.
        steps: u8,
    },
    /// Off by 2: FP16 (2 bytes) and FP32 (4 bytes) mixed up, or a multiply-add counted once.
    FactorTwo,
}

fn factor_text(ratio: f64) -> String {
    let show = |x: f64| {
        let s = format!("{x:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    if ratio >= 1.0 {
        format!("{}×", show(ratio))
    } else {
        format!("1/{}", show(1.0 / ratio))
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.ratio;
        let size = if r >= 1.0 {
            format!("the stated value is {} the computed one", factor_text(r))
        } else {
            format!("the stated value is {} of the computed one", factor_text(r))
        };
        match self.kind {
            HintKind::BitsVsBytes => write!(f, "{size}: bits and bytes mixed up?"),
            HintKind::BinaryPrefix { power } => {
                let (d, b) = match power {
                    1 => ("kB", "KiB"),
                    2 => ("MB", "MiB"),
                    3 => ("GB", "GiB"),
                    4 => ("TB", "TiB"),
                    5 => ("PB", "PiB"),
                    _ => ("EB", "EiB"),
                };
                write!(f, "{size}: {d} and {b} mixed up?")
            }
            HintKind::PrefixSlip { steps: 1 } => {
                write!(f, "{size}: a prefix slip (e.g. MB for GB)?")
            }
            HintKind::PrefixSlip { steps } => {
                write!(
                    f,
                    "{size}: a prefix slip of {steps} steps (e.g. kB for GB)?"
                )
            }
            HintKind::FactorTwo => write!(
                f,
                "{size}: FP16 (2 bytes) and FP32 (4 bytes) mixed up, or a multiply-add counted as one operation?"
            ),
        }
    }
}

/// Check a claim: `lhs = rhs`, `lhs ≈ rhs` or `lhs ~ rhs`, optionally with a stated tolerance
/// (`≈ 137 GFLOP ± 5%`, `= 7 ms ± 0.5 ms`) and conversions on either side.
///
/// `=` holds when the computed value rounds to the expected value at the precision the
/// expected value is written with: `|computed − expected| ≤` half a unit in the last written
/// digit, scaled by count words and the unit (`112 GB`: ±0.5 GB; `3.5 GB`: ±0.05 GB; `7e9`:
/// ±0.5e9). Trailing zeros count as written (`1000 MB` is ±0.5 MB). When the right side is an
/// expression rather than one written value, `=` means equal to within what the rounding of
/// its decimals allows in a product or quotient (`= 1.96 * 0.0158`: 0.58%), else 1e-9
/// relative.
/// `≈` holds within half a unit in the last significant digit of the expected value (of the
/// rounder side, for two values written in one unit), and at most [`Options::tolerance`] of
/// it: `≈ 6.6 ms` is ±0.05 ms, `≈ 1 600 MB` ±50 MB (here trailing zeros are not significant),
/// `≈ 28` ±0.5, `≈ 13.888…` ±0.001.
///
/// # Errors
/// An [`Error`] when the claim cannot be evaluated: syntax, unknown unit, the two sides of
/// different dimensions ([`Error::DimensionMismatch`], labels on both sides), overflow, …;
/// [`Error::NotAClaim`] when there is no relation.
pub fn check(src: &str, opts: &Options) -> Result<Outcome, Error> {
    check_boxed(src, opts).map_err(|e| *e)
}

fn check_boxed(src: &str, opts: &Options) -> PResult<Outcome> {
    let mut p = Parser::new(src)?;
    let lhs = p.sum()?;
    let lhs_unit = p.conversion(&lhs)?;
    let relation = match p.tok.kind {
        Kind::Eq => Relation::Equal,
        Kind::Approx => Relation::Approx,
        _ => {
            let t = p.tok;
            let not_a_claim = || {
                Box::new(Error::NotAClaim {
                    span: span(t.start, t.end),
                })
            };
            let err = if t.kind == Kind::Eof {
                not_a_claim()
            } else {
                p.expect_end().err().unwrap_or_else(not_a_claim)
            };
            return Err(err);
        }
    };
    let (lhs_bits, lhs_bytes, factors, units) = (p.bits, p.bytes, p.factors, p.units);
    let unit_factors = p.unit_factors;
    (p.bits, p.bytes) = (false, false);
    let lhs_count = p.count.take();
    p.bump();
    let rhs = p.sum()?;
    let rhs_unit = p.conversion(&rhs)?;
    let stated = if p.tok.kind == Kind::PlusMinus {
        p.bump();
        Some(stated_tolerance(&mut p, &rhs)?)
    } else {
        None
    };
    p.expect_end()?;
    // `6,5 kn × 1,852 km/h = 12,038 km/h`: the factor is the conversion, per knot.
    let per_unit = (lhs.dim != rhs.dim)
        .then(|| per_unit_reading(&lhs, unit_factors, units, rhs.dim))
        .flatten();
    let lhs = match per_unit {
        Some(v) => Val {
            v,
            dim: rhs.dim,
            ..lhs
        },
        None => lhs,
    };
    if lhs.dim != rhs.dim {
        // `0,5 l × 5,5 h = 2,75 l`: the computation is a product no quantity is named for,
        // the result times a unit the computation is written in (`25 km/h × 2 h = 50 km/h`
        // computes a length).
        let (written, n) = units;
        let per_left_out = !lhs.dim.is_named()
            && written[..n]
                .iter()
                .any(|&(_, dim)| lhs.dim.div(dim) == Some(rhs.dim));
        let mut err = Error::DimensionMismatch {
            op: "compare",
            left: lhs.dim.describe(),
            right: rhs.dim.describe(),
            left_span: span(lhs.start, lhs.end),
            right_span: span(rhs.start, rhs.end),
            per_left_out,
            help: per_left_out.then(|| {
                "a \"per\" seems left out: write the rate with its unit (`0.5 l/h × 5.5 h`)".into()
            }),
        };
        if let Some((s, e)) = p.glued {
            err = err.with_help(glued_help(src.get(s as usize..e as usize).unwrap_or("")));
        }
        return Err(Box::new(err));
    }
    let expected_unit = rhs_unit.or_else(|| p.literal_unit(&rhs));
    let tolerance = match (stated, relation) {
        (Some(t), _) => t,
        (None, Relation::Approx) => {
            let tolerance = approx_tolerance(rhs.v, rhs.hu, opts.tolerance);
            // `137 438 953 472 ≈ 1,37 × 10¹¹`: a value written first and rounded after, whose
            // sides the prose reader swaps, or `8,74 m/s, afgerond 8,7 m/s`: of two values
            // written in one unit, the rounder one gives the precision.
            let one_unit =
                units.1 == 0 || Some(units.0[0].0) == expected_unit.as_ref().map(|u| u.factor());
            match tolerance {
                Tolerance::Absolute(t) if lhs.hu > t && one_unit => {
                    Tolerance::Absolute(lhs.hu.min(opts.tolerance * rhs.v.abs()))
                }
                _ => tolerance,
            }
        }
        (None, Relation::Equal) if rhs.hu.is_nan() => Tolerance::Relative(
            rounded_factors(&src[rhs.start as usize..rhs.end as usize]).min(opts.tolerance),
        ),
        (None, Relation::Equal) => Tolerance::Absolute(rhs.hu),
    };
    let mut holds = tolerance.allows(lhs.v, rhs.v);
    let mut computed_value = lhs.v;
    let mut bit_byte_idiom = per_unit.is_some();
    let mut slip_despite_precision = false;
    if !holds {
        // `40 Mbit ÷ 8 = 5 MB`, `1 500 B × 8 = 12 000 bit`, `4 000 s ÷ 60 ≈ 66,7 min`: the
        // plain factor is the conversion between the unit computed with and the unit stated,
        // when the units say so.
        let sides = Sides {
            lhs_bits,
            lhs_bytes,
            rhs_bits: p.bits,
            rhs_bytes: p.bytes,
            units,
            stated_unit: expected_unit.as_ref().map(|u| (u.factor(), u.dim())),
        };
        if let Some(v) = conversion_reading(lhs.v, factors, &sides) {
            holds = tolerance.allows(v, rhs.v);
            (computed_value, bit_byte_idiom) = (v, true);
        } else if let Some(v) = count_word_left_out(lhs.v, lhs_count, p.count)
            && tolerance.allows(v, rhs.v)
        {
            (holds, computed_value) = (true, v);
        } else if let Some(v) = calendar_reading(src, lhs.v, rhs.v, tolerance) {
            (holds, computed_value) = (true, v);
        }
    } else if stated.is_none() && lhs.v != rhs.v && lhs.v != 0.0 && rhs.v != 0.0 {
        // Half a unit in the last digit of a stated `1` is ±50%: it must not hide a slip.
        if slip(rhs.v / lhs.v, p.information, SLIP_SLACK).is_some() {
            holds = false;
            slip_despite_precision = true;
        }
    }
    let computed = Quantity::new(computed_value, lhs.dim, expected_unit.or(lhs_unit));
    let expected = Quantity::new(rhs.v, rhs.dim, expected_unit);
    Ok(Outcome {
        holds,
        relation,
        computed,
        expected,
        tolerance,
        computed_span: span(lhs.start, lhs.end),
        expected_span: span(rhs.start, rhs.end),
        mentions_information: p.information,
        bit_byte_idiom,
        slip_despite_precision,
        stated_precision: rhs.hu,
        factors,
    })
}

/// How far a product or quotient of written values can be from exact when its decimals are
/// rounded, as a fraction: the sum of each decimal's half unit in its last digit over its
/// value (`1.96 * 0.0158`: 0.26% + 0.32%), at least 1e-9. Whole numbers are taken as exact;
/// a sum or difference is exact (1e-9).
fn rounded_factors(src: &str) -> f64 {
    let mut lx = crate::lexer::Lexer::new(src);
    let mut sum = 1e-9;
    loop {
        let t = lx.next();
        match t.kind {
            Kind::Eof => return sum,
            Kind::Plus | Kind::Minus => return 1e-9,
            Kind::Num => {
                let text = &src[t.start as usize..t.end as usize];
                if text.contains('.') && !text.contains(['e', 'E']) && t.num != 0.0 {
                    sum += t.half_ulp / t.num.abs();
                }
            }
            _ => {}
        }
    }
}

/// The tolerance of `≈` with none stated: the computed value must round to the stated one,
/// whose half unit in the last written digit is `hu` (trailing zeros are not significant:
/// `≈ 1 600 MB` is ±50 MB); at most `cap` of it (the bank's tolerance, 10% by default).
/// `≈ 6,6 ms` allows 6.55 to 6.65 ms, so `750,5 s ≈ 12,6 min` (12.51) fails, and so does a
/// value cut off instead of rounded (`1000 / 7 ≈ 142,85`; digits before `…` are cut off on
/// purpose, and allow a whole unit). A stated value that is an expression (no written
/// precision) gets `cap`.
fn approx_tolerance(value: f64, hu: f64, cap: f64) -> Tolerance {
    let v = value.abs();
    if hu.is_nan() || hu <= 0.0 || !v.is_finite() || v == 0.0 {
        return Tolerance::Relative(cap);
    }
    let mut unit = 2.0 * hu;
    // The written digits as a whole number (`1 600` of `1 600 MB`), their trailing zeros
    // dropped; a value of more digits than a float holds exactly is left as written.
    let mut digits = (v / unit).round();
    if digits < 1e15 {
        while digits >= 10.0 && digits % 10.0 == 0.0 {
            digits /= 10.0;
            unit *= 10.0;
        }
    }
    Tolerance::Absolute((unit / 2.0).min(cap * v))
}

/// The computed value `v` read with the count word that only one side writes (`2,4 × 1,18 =
/// 2,832 miljoen`, `2,4 miljoen × 1,018¹⁰ ≈ 2,4 × 1,1953`): the writer left it off the other
/// side, as a unit is often left off. `None` when both sides or neither write one.
fn count_word_left_out(v: f64, lhs: Option<f64>, rhs: Option<f64>) -> Option<f64> {
    match (lhs, rhs) {
        (None, Some(f)) => Some(v * f),
        (Some(f), None) => Some(v / f),
        _ => None,
    }
}

/// What [`conversion_reading`] needs to know of a claim's units.
struct Sides {
    lhs_bits: bool,
    lhs_bytes: bool,
    rhs_bits: bool,
    rhs_bytes: bool,
    /// Units written in the computation.
    units: crate::eval::Units,
    /// The unit the stated value is written in.
    stated_unit: Option<(f64, crate::dim::Dim)>,
}

/// How far a written conversion factor may lie from the ratio of its units: what rounding
/// to two or three digits leaves (`2,2` lb per kg is 0.2% off 2.2046, `1,609` km per mile
/// 0.02%).
const FACTOR_ROUNDING: f64 = 0.003;

/// The computed value `v` with a plain factor of the computation read as a conversion of
/// units: `÷ 8` from bits to bytes and `× 8` from bytes to bits when the computation writes
/// the one and the stated value the other; any `× k` or `÷ k` where `k` is the ratio of a
/// unit of the computation to the stated value's unit (`s ÷ 60` to minutes, `h × 60` to
/// minutes, `ms ÷ 1000` to seconds), or that ratio rounded as writers round it (`74 mph ×
/// 1,609 ≈ 119,1 km/h`, [`FACTOR_ROUNDING`]). `None` when no factor reads so.
fn conversion_reading(v: f64, factors: crate::eval::Factors, sides: &Sides) -> Option<f64> {
    let (list, n) = factors;
    for &(k, div) in &list[..n] {
        // `÷ 60`, and `× 0,3048` from feet to metres: any factor but 1.
        if !(k.is_finite() && k > 0.0 && k != 1.0) {
            continue;
        }
        let bits = k == 8.0
            && if div {
                sides.lhs_bits && sides.rhs_bytes && !sides.rhs_bits
            } else {
                sides.lhs_bytes && sides.rhs_bits && !sides.rhs_bytes
            };
        let ratio = sides.stated_unit.is_some_and(|(fr, dr)| {
            sides.units.0[..sides.units.1].iter().any(|&(fl, dl)| {
                let r = if div { fr / fl } else { fl / fr };
                dl == dr && (r / k - 1.0).abs() <= FACTOR_ROUNDING
            })
        });
        if bits || ratio {
            return Some(if div { v * k } else { v / k });
        }
    }
    None
}

/// Other lengths of the calendar's year, as a factor of the lexicon's 365 days: the Julian
/// year of astronomy (365.25 days), the Gregorian average (365.2425), and the banker's year
/// of twelve 30-day months (360), which also makes a month 30 days.
const CALENDARS: [f64; 3] = [365.25 / 365.0, 365.2425 / 365.0, 360.0 / 365.0];

/// The computed value `v` in another calendar ([`CALENDARS`]) when the claim names a year or
/// a month and holds so (`1,88 jaar = 687 dagen`, `3 maanden = 90 dagen`): writers count a
/// year as 365 or 365.25 days and a month as 30 days or a twelfth of a year. The year may be
/// on either side, so each factor is tried both ways. `None` when no calendar makes it hold.
fn calendar_reading(src: &str, v: f64, expected: f64, tolerance: Tolerance) -> Option<f64> {
    if !src
        .split(|c: char| !c.is_alphabetic())
        .any(crate::unit::is_calendar)
    {
        return None;
    }
    CALENDARS
        .iter()
        .flat_map(|k| [v * k, v / k])
        .find(|&c| tolerance.allows(c, expected))
}

/// The computed value of `lhs` with a factor written in a unit read as a conversion factor
/// per one of another unit of the computation (`6,5 kn × 1,852 km/h`: 1,852 km/h per knot;
/// `3 ft × 0,3048 m`, `42,2 km ÷ 1,609 km`), when the factor is that other unit, rounded as
/// writers round it ([`FACTOR_ROUNDING`]), and the claim's dimensions agree so read. `None`
/// when no factor reads so.
fn per_unit_reading(
    lhs: &Val,
    factors: crate::eval::UnitFactors,
    units: crate::eval::Units,
    stated: crate::dim::Dim,
) -> Option<f64> {
    let (factors, n) = factors;
    let (units, m) = units;
    factors[..n].iter().find_map(|f| {
        let dim = if f.div {
            lhs.dim.mul(f.dim)
        } else {
            lhs.dim.div(f.dim)
        }?;
        let per = units[..m].iter().find(|&&(unit, d)| {
            d == f.dim && unit != f.unit && (f.v / unit - 1.0).abs() <= FACTOR_ROUNDING
        })?;
        (dim == stated).then(|| if f.div { lhs.v * per.0 } else { lhs.v / per.0 })
    })
}

/// The value `src` states and the precision it is written with: the expected value and the
/// tolerance of [`check`] of the claim `src = src` (`1.5 GB`: 1.5 GB, ±0.05 GB), or `None`
/// exactly when that claim cannot be checked. Both sides of that claim are `src`, so it is
/// read once: reading a multiple-choice option as a quantity costs half the check.
pub fn stated(src: &str) -> Option<(Quantity, Tolerance)> {
    // The claim is `src`, ` = ` and `src` again, and must not be too long.
    if 2 * src.len() + 3 > MAX_LEN {
        return None;
    }
    let mut p = Parser::new(src).ok()?;
    let v = p.sum().ok()?;
    let unit = p.conversion(&v).ok()?;
    // The claim's left side must end at its `=`, the end of `src`: `src` holds no other token
    // between its sides (no `=`, `≈` or `~` that ends a left side early, no `±`, which would
    // end it without a relation). Then its right side reads as this one.
    p.expect_end().ok()?;
    let tolerance = if v.hu.is_nan() {
        Tolerance::Relative(rounded_factors(src).min(Options::default().tolerance))
    } else {
        Tolerance::Absolute(v.hu)
    };
    let unit = unit.or_else(|| p.literal_unit(&v));
    Some((Quantity::new(v.v, v.dim, unit), tolerance))
}

/// `7B` reads as seven billion; say so when that may be why the dimensions differ.
fn glued_help(w: &str) -> String {
    let (num, suffix) = w.split_at(w.len().saturating_sub(1));
    let word = match suffix {
        "K" | "k" => "thousand",
        "M" => "million",
        "B" => "billion",
        _ => "trillion",
    };
    format!("`{w}` is read as a count, {num} {word}; for a unit, write `{num} {suffix}`")
}

/// After `±`: `5%` (relative) or a quantity of the expected value's dimension (absolute).
fn stated_tolerance(p: &mut Parser<'_>, rhs: &Val) -> PResult<Tolerance> {
    let t = p.sum()?;
    let percent = t.uend == t.ustart + 1 && p.slice(t.ustart, t.uend) == "%" && t.dim.is_none();
    if percent {
        return Ok(Tolerance::Relative(t.v.abs()));
    }
    if t.dim != rhs.dim {
        return Err(Box::new(Error::DimensionMismatch {
            op: "use as a tolerance",
            left: rhs.dim.describe(),
            right: t.dim.describe(),
            left_span: span(rhs.start, rhs.end),
            right_span: span(t.start, t.end),
            per_left_out: false,
            help: Some("state a tolerance in the value's unit, or as a percentage".into()),
        }));
    }
    Ok(Tolerance::Absolute(t.v.abs()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(src: &str) -> Outcome {
        check(src, &Options::default()).unwrap_or_else(|e| panic!("{src}: {e:?}"))
    }

    #[test]
    fn equal_at_stated_precision() {
        assert!(ok("7e9 * 16 B = 112 GB").holds);
        assert!(ok("112.4e9 B = 112 GB").holds);
        assert!(!ok("112.6e9 B = 112 GB").holds);
        assert!(ok("112.5e9 B = 112 GB").holds);
        assert!(ok("112.04e9 B = 112.0 GB").holds);
        assert!(!ok("112.06e9 B = 112.0 GB").holds);
        assert!(ok("2 * 4096^3 FLOP = 137 GFLOP").holds);
        assert!(ok("7e9 * 16 B = 112 billion B").holds);
        assert!(ok("1 + 1 = 2").holds);
        assert!(ok("2 * 7 GB = 7e9 * 2 B").holds);
        assert!(!ok("2 * 7.1 GB = 7e9 * 2 B").holds);
        assert!(ok("7e9 * 16 B -> GB = 112e9 B").holds);
    }

    #[test]
    fn a_count_word_on_one_side_only_is_read_on_both() {
        assert!(ok("2.4 * 1.18 = 2.832 million").holds);
        assert!(ok("2.4 million * 1.018^10 ≈ 2.4 * 1.1953").holds);
        assert!(!ok("2.4 * 1.18 = 2.9 million").holds);
        // Written on both sides, it must agree.
        assert!(!ok("2.4 million * 1.18 = 2.832 billion").holds);
        assert!(ok("2.4 million * 1.18 = 2.832 million").holds);
    }

    #[test]
    fn an_addend_without_a_unit_takes_the_unit_of_the_other() {
        assert!(ok("499 s = 8 * 60 + 19 s").holds);
        assert!(ok("19 s + 8 * 60 = 499 s").holds);
        assert!(!ok("498 s = 8 * 60 + 19 s").holds);
    }

    #[test]
    fn a_percentage_added_raises_by_that_share() {
        assert!(ok("80 EUR + 21% = 96.80 EUR").holds);
        assert!(ok("200 - 15% = 170").holds);
        assert!(!ok("80 EUR + 21% = 98.80 EUR").holds);
        // Two percentages add as numbers.
        assert!(ok("5% + 10% = 15%").holds);
    }

    /// What the property test of well-formed sides found: a count word read on one side only
    /// made an overflow, and an infinite value held.
    #[test]
    fn an_overflow_never_holds() {
        assert!(!ok("max((1e300 Mbit), 0 B) = (2 billion B + 0)").holds);
    }

    #[test]
    fn approx_and_stated_tolerance() {
        // The computed value rounds to the stated one.
        assert!(!ok("100 ≈ 109").holds);
        assert!(!ok("100 ≈ 102").holds);
        assert!(ok("100.4 ≈ 100").holds);
        assert!(ok("99.6 ~ 100").holds);
        assert!(!ok("100 ~ 99").holds);
        assert!(!ok("1000 / 165 ≈ 6.6").holds);
        assert!(ok("1000 / 165 ≈ 6.1").holds);
        assert!(!ok("100 / 3.6 ≈ 27.2").holds);
        assert!(ok("100 / 3.6 ≈ 27.8").holds);
        assert!(ok("100 / 3.6 ≈ 28").holds);
        assert!(!ok("3350 / 140 ≈ 28").holds);
        assert!(ok("1000 / 144 ≈ 6.94").holds);
        assert!(ok("1000 / 60 ≈ 16.7").holds);
        // A last digit one off: `750.5 / 60` is 12.51, `368 × 5/9` is 204.4.
        assert!(!ok("750.5 / 60 ≈ 12.6").holds);
        assert!(ok("368 * 5/9 ≈ 204").holds);
        assert!(!ok("368 * 5/9 ≈ 205").holds);
        // Cut off instead of rounded: 142.857 and 16.777 216 million.
        assert!(!ok("1000 / 7 ≈ 142.85").holds);
        assert!(ok("1000 / 7 ≈ 142.86").holds);
        assert!(!ok("2^24 ≈ 16.7 million").holds);
        // Cut off on purpose: a whole unit of the last digit.
        assert!(ok("1000 / 7 ≈ 142.85…").holds);
        assert!(!ok("1000 / 7 ≈ 142.84…").holds);
        // A value written first and rounded after, in one unit: the rounder one's precision.
        assert!(ok("1.37e11 ≈ 137438953472").holds);
        assert!(!ok("1.36e11 ≈ 137438953472").holds);
        assert!(!ok("16 GiB ≈ 17.5 GB").holds);
        assert!(ok("1 / 0.014 ≈ 71.43").holds);
        assert!(!ok("1 / 0.014 ≈ 71.3").holds);
        // Trailing zeros of a whole number are not significant; 10% at most.
        assert!(ok("1611 ≈ 1600").holds);
        assert!(ok("1640 ≈ 1600").holds);
        assert!(!ok("1660 ≈ 1600").holds);
        assert!(!ok("1720 ≈ 1600").holds);
        assert!(ok("1.08e3 ≈ 1000").holds);
        assert!(!ok("1.2e3 ≈ 1000").holds);
        assert!(!ok("100 ≈ 109 ± 5%").holds);
        assert!(ok("7 ms = 7.4 ms ± 0.5 ms").holds);
        let tight = Options { tolerance: 0.01 };
        assert!(
            !check("100 ≈ 105", &tight)
                .unwrap_or_else(|e| panic!("{e}"))
                .holds
        );
        assert!(matches!(
            check("1 GB = 1 GB ± 1 s", &Options::default()),
            Err(Error::DimensionMismatch { .. })
        ));
    }

    #[test]
    fn hints() {
        let kind = |src: &str| ok(src).hint().map(|h| h.kind);
        assert_eq!(kind("7e9 * 16 bit = 112 GB"), Some(HintKind::BitsVsBytes));
        assert_eq!(
            kind("7e9 * 16 B = 112 GiB"),
            Some(HintKind::BinaryPrefix { power: 3 })
        );
        assert_eq!(
            kind("7e9 * 16 B = 112 MB"),
            Some(HintKind::PrefixSlip { steps: 1 })
        );
        assert_eq!(kind("7e9 * 4 B = 14 GB"), Some(HintKind::FactorTwo));
        assert_eq!(kind("7e9 * 16 B = 50 GB"), None);
        // Without a unit of information, a factor of 8 or 1.024³ is no bits/bytes or GiB slip.
        assert_eq!(kind("7 * 2 FLOP = 112 FLOP"), None);
        assert_eq!(kind("2 * 4096^3 FLOP = 134 GFLOP"), None);
        assert_eq!(
            kind("14 GB / (2 Gbit/s) = 7 s"),
            Some(HintKind::BitsVsBytes)
        );
        assert_eq!(kind("7e9 * 16 B = 112 GB"), None);
        let h = ok("7e9 * 16 bit = 112 GB").hint().map(|h| h.to_string());
        assert_eq!(
            h.as_deref(),
            Some("the stated value is 8× the computed one: bits and bytes mixed up?")
        );
    }

    #[test]
    fn display_in_the_expected_unit() {
        assert_eq!(ok("7e9 * 16 B = 112 MB").computed.to_string(), "112000 MB");
        assert_eq!(
            ok("7e9 * 16 B = 112 MB").to_string(),
            "fails: computed 112000 MB, stated 112 MB (the stated value is 1/1000 of the computed one: a prefix slip (e.g. MB for GB)?)"
        );
        assert_eq!(
            ok("14 GB / (2 TB/s) = 7 ms").to_string(),
            "holds: 7 ms = 7 ms"
        );
    }

    #[test]
    fn mismatch_names_both_sides() {
        let e = check("14 GB / (2 TB/s) = 7 GB", &Options::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot compare: left side is a time, right side an amount of information"
        );
        let Error::DimensionMismatch {
            left_span,
            right_span,
            ..
        } = e
        else {
            panic!()
        };
        assert_eq!((left_span.offset(), left_span.len()), (0, 16));
        assert_eq!((right_span.offset(), right_span.len()), (19, 4));
    }

    #[test]
    fn not_a_claim() {
        assert!(matches!(
            check("7e9 * 2 B", &Options::default()),
            Err(Error::NotAClaim { .. })
        ));
    }

    /// [`stated`] as its contract says: [`check`] of `src = src`.
    fn stated_reference(src: &str) -> Option<(Quantity, Tolerance)> {
        let o = check(&format!("{src} = {src}"), &Options::default()).ok()?;
        Some((o.expected, o.tolerance))
    }

    #[test]
    fn stated_is_the_check_of_the_text_against_itself() {
        let mut texts: Vec<String> = [
            "16 s",
            "1.5 GB",
            "1500 MB",
            "7B",
            "7 billion",
            "50%",
            "20 TFLOPS",
            "B",
            "",
            "1 = 1",
            "1 ≈ 1",
            "1 ~ 2",
            "5 s ± 1 s",
            "5 s +/- 1 s",
            "7e9 * 16 B -> GB",
            "7 GB to MB",
            "7 in",
            "2 TB/s",
            "2^3 B",
            "4096³",
            "min(2 GB, 3 GB)",
            "(1 + 2) s",
            "1 +",
            "1e999999",
            "7 xyz",
            "-3.5 ms",
            "2 B/param",
            "1 GB -> s",
            "to",
            "7 GB GB",
            "1.000",
            "0.50 W",
            "3 ×",
        ]
        .map(str::to_owned)
        .to_vec();
        // Around the longest text whose claim is not too long.
        for n in (MAX_LEN / 2 - 8)..(MAX_LEN / 2 + 4) {
            texts.push(format!("{}1", "1 + ".repeat(n / 4)));
            texts.push(format!("{:1<n$}", "1"));
        }
        let mut read = 0;
        for text in &texts {
            assert_eq!(stated(text), stated_reference(text), "{text:?}");
            read += usize::from(stated(text).is_some());
        }
        assert!(read > 20, "{read}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4_000))]
        #[test]
        fn stated_is_the_check_of_random_texts_against_themselves(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "7", "1.5", ".5", "7e9", "1_000", "0", " ", "  ", "GB", "MB", "s", "ms", "µs", "B",
                "b", "bit", "TFLOPS", "%", "Wh", "7B", "billion", "miljard", "to", "in", "->", "→",
                "min(", "max(", "(", ")", ",", "/", "*", "×", "·", "^", "²", "⁻¹", "-", "+", "=",
                "≈", "~", "±", "+/-", "x", "the", "é", "\\", "1e999", "?",
            ]), 0..12),
        ) {
            let text = parts.concat();
            proptest::prop_assert_eq!(stated(&text), stated_reference(&text), "{:?}", text);
        }
    }
}
