//! [`Quantity`] and how it is displayed.

use crate::dim::Dim;
use crate::error::Error;
use crate::unit::Unit;
use std::fmt;

/// A value with a dimension, stored in base units (bytes, operations, seconds, parameters,
/// tokens, joules), and optionally the unit to show it in.
///
/// `Display` shows the unit it was converted to (`-> GB`) if any, otherwise the best prefix
/// of the canonical unit: `112 GB`, `7 ms`, `20 TFLOP/s`, `8.4e22 FLOP`. Six significant
/// digits by default (every digit of a whole number below 1e15: `68719476736`); a precision
/// (`{:.3}`) sets the number of significant digits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quantity {
    value: f64,
    dim: Dim,
    unit: Option<Unit>,
}

impl Quantity {
    pub(crate) fn new(value: f64, dim: Dim, unit: Option<Unit>) -> Quantity {
        Quantity { value, dim, unit }
    }

    /// The value in base units (`112 GB` → `112e9`, `7 ms` → `0.007`).
    pub fn value(&self) -> f64 {
        self.value
    }

    /// The dimension.
    pub fn dim(&self) -> Dim {
        self.dim
    }

    /// The unit the quantity is shown in, if one was chosen (by `->`, or as the unit a claim's
    /// expected value was written in).
    pub fn unit(&self) -> Option<&Unit> {
        self.unit.as_ref()
    }

    /// The same quantity, shown in `unit` from now on: `q.with_unit(Unit::parse("MB")?)`
    /// displays as `112000 MB`.
    ///
    /// # Errors
    /// [`Error::DimensionMismatch`] when `unit` has another dimension (spans are empty).
    #[doc(alias = "display_in")]
    pub fn with_unit(self, unit: Unit) -> Result<Quantity, Error> {
        if unit.dim() != self.dim {
            return Err(Error::DimensionMismatch {
                op: "convert",
                left: self.dim.describe(),
                right: unit.dim().describe(),
                left_span: (0..0).into(),
                right_span: (0..0).into(),
                per_left_out: false,
                help: None,
            });
        }
        Ok(Quantity {
            unit: Some(unit),
            ..self
        })
    }

    /// The same quantity, shown with the best prefix of the canonical unit.
    #[must_use]
    pub fn canonical(self) -> Quantity {
        Quantity { unit: None, ..self }
    }

    /// The value expressed in `unit` (`112e9 B` in `GB` → 112), or `None` when the dimensions
    /// differ.
    pub fn value_in(&self, unit: &Unit) -> Option<f64> {
        (unit.dim() == self.dim).then(|| self.value / unit.factor())
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Whole numbers below 1e15 show every digit unless a precision is asked for.
        let sig = f.precision().unwrap_or(0).clamp(0, 17);
        if let Some(u) = &self.unit {
            let name = u.name();
            write_number(f, self.value / u.factor(), sig)?;
            if name == "%" {
                return f.write_str("%");
            }
            return write!(f, " {name}");
        }
        write_canonical(f, self.value, self.dim, sig)
    }
}

const LARGE: &[(&str, f64)] = &[
    ("", 1.0),
    ("k", 1e3),
    ("M", 1e6),
    ("G", 1e9),
    ("T", 1e12),
    ("P", 1e15),
    ("E", 1e18),
];

const ALL: &[(&str, f64)] = &[
    ("p", 1e-12),
    ("n", 1e-9),
    ("µ", 1e-6),
    ("m", 1e-3),
    ("", 1.0),
    ("k", 1e3),
    ("M", 1e6),
    ("G", 1e9),
    ("T", 1e12),
    ("P", 1e15),
    ("E", 1e18),
];

fn write_canonical(f: &mut fmt::Formatter<'_>, v: f64, dim: Dim, sig: usize) -> fmt::Result {
    let (unit, prefixes) = match dim {
        Dim::INFORMATION => ("B", LARGE),
        Dim::DATA_RATE => ("B/s", LARGE),
        Dim::OPERATION => ("FLOP", LARGE),
        Dim::COMPUTE_RATE => ("FLOP/s", LARGE),
        Dim::ENERGY => ("J", ALL),
        Dim::POWER => ("W", ALL),
        Dim::FREQUENCY => ("Hz", ALL),
        Dim::CURRENT => ("A", ALL),
        Dim::CHARGE => ("C", ALL),
        Dim::VOLTAGE => ("V", ALL),
        Dim::LENGTH => ("m", ALL),
        Dim::SPEED => ("m/s", ALL),
        Dim::AMOUNT => ("mol", ALL),
        // Stored in base units (kg, m³, mol/m³, kg/mol), shown in the units chemistry uses
        // and the lexicon reads back: down to µg and µL (`ng` and `pg` are no units of it).
        Dim::MASS => return write_scaled(f, v * 1e3, "g", &ALL[2..5], "kg", sig),
        Dim::VOLUME => return write_scaled(f, v * 1e3, "L", &ALL[2..5], "m³", sig),
        Dim::CONCENTRATION => return write_scaled(f, v * 1e-3, "mol/L", &ALL[4..5], "", sig),
        Dim::MOLAR_MASS => return write_scaled(f, v * 1e3, "g/mol", &ALL[4..5], "", sig),
        Dim::DENSITY => return write_scaled(f, v, "kg/m³", &ALL[4..5], "", sig),
        Dim::ACCELERATION => return write_scaled(f, v, "m/s²", &ALL[4..5], "", sig),
        Dim::TIME => return write_time(f, v, sig),
        Dim::NONE => return write_number(f, v, sig),
        _ => {
            write_number(f, v, sig)?;
            return write!(f, " {dim}");
        }
    };
    write_prefixed(f, v, unit, prefixes, sig)
}

/// `v` in `unit` with the best of `prefixes` (the last of them being the unit itself) while
/// that leaves less than 1000; above, in `above` (the next larger unit, a thousand times
/// `unit`: kilograms above 1000 g, cubic metres above 1000 L), when there is one.
fn write_scaled(
    f: &mut fmt::Formatter<'_>,
    v: f64,
    unit: &str,
    prefixes: &[(&str, f64)],
    above: &str,
    sig: usize,
) -> fmt::Result {
    if !above.is_empty() && round_sig(v.abs(), sig) >= 1000.0 {
        write_number(f, v / 1e3, sig)?;
        return write!(f, " {above}");
    }
    write_prefixed(f, v, unit, prefixes, sig)
}

/// Seconds below 100 s (with `m`, `µ`, `n`, `p` below 1 s), minutes below 100 min, hours
/// above.
fn write_time(f: &mut fmt::Formatter<'_>, v: f64, sig: usize) -> fmt::Result {
    let a = v.abs();
    if a < 1.0 {
        write_prefixed(f, v, "s", &ALL[..5], sig)
    } else if round_sig(a, sig) < 100.0 {
        write_number(f, v, sig)?;
        f.write_str(" s")
    } else if round_sig(a / 60.0, sig) < 100.0 {
        write_number(f, v / 60.0, sig)?;
        f.write_str(" min")
    } else {
        write_number(f, v / 3600.0, sig)?;
        f.write_str(" h")
    }
}

/// The largest prefix that leaves at least 1 after rounding; plain scientific notation when
/// the value is outside what the prefixes cover.
fn write_prefixed(
    f: &mut fmt::Formatter<'_>,
    v: f64,
    unit: &str,
    prefixes: &[(&str, f64)],
    sig: usize,
) -> fmt::Result {
    let a = v.abs();
    let (lo, hi) = (prefixes[0].1, prefixes[prefixes.len() - 1].1);
    if a == 0.0 || a < lo || round_sig(a / hi, sig) >= 1000.0 {
        write_number(f, v, sig)?;
        return write!(f, " {unit}");
    }
    let mut chosen = prefixes[0];
    for &(p, factor) in prefixes {
        if round_sig(a / factor, sig) >= 1.0 {
            chosen = (p, factor);
        }
    }
    write_number(f, v / chosen.1, sig)?;
    write!(f, " {}{unit}", chosen.0)
}

/// Significant digits when no precision is given.
const DEFAULT_SIG: usize = 6;

fn round_sig(a: f64, sig: usize) -> f64 {
    let sig = if sig == 0 { DEFAULT_SIG } else { sig };
    format!("{:.*e}", sig - 1, a).parse().unwrap_or(a)
}

/// `sig` significant digits (0: every digit of a whole number below 1e15, else six),
/// trailing zeros dropped; fixed notation from 1e-4 to below 1e6 (to below 1e15 for whole
/// numbers, so `112000 MB` stays readable), scientific (`8.4e22`) otherwise.
pub(crate) fn write_number(f: &mut fmt::Formatter<'_>, v: f64, sig: usize) -> fmt::Result {
    if v == 0.0 {
        return f.write_str("0");
    }
    if sig == 0 && v.fract() == 0.0 && v.abs() < 1e15 {
        return write!(f, "{v:.0}");
    }
    let sig = if sig == 0 { DEFAULT_SIG } else { sig };
    let s = format!("{:.*e}", sig - 1, v);
    let Some((mant, exp)) = s.split_once('e') else {
        return f.write_str(&s);
    };
    let exp: i32 = exp.parse().unwrap_or(0);
    let (neg, mant) = match mant.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, mant),
    };
    let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let whole = exp >= 0 && (digits.len() as i32) <= exp + 1;
    let fixed = (-4..6).contains(&exp) || (whole && exp < 15);
    if neg {
        f.write_str("-")?;
    }
    if !fixed {
        let (first, rest) = digits.split_at(1);
        f.write_str(first)?;
        if !rest.is_empty() {
            write!(f, ".{rest}")?;
        }
        return write!(f, "e{exp}");
    }
    if exp < 0 {
        f.write_str("0.")?;
        for _ in 0..(-exp - 1) {
            f.write_str("0")?;
        }
        return f.write_str(digits);
    }
    let int_len = (exp + 1) as usize;
    if digits.len() <= int_len {
        f.write_str(digits)?;
        for _ in digits.len()..int_len {
            f.write_str("0")?;
        }
        Ok(())
    } else {
        let (i, frac) = digits.split_at(int_len);
        write!(f, "{i}.{frac}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(v: f64, dim: Dim) -> String {
        Quantity::new(v, dim, None).to_string()
    }

    #[test]
    fn best_prefix() {
        assert_eq!(show(112e9, Dim::INFORMATION), "112 GB");
        assert_eq!(show(3.5e9, Dim::INFORMATION), "3.5 GB");
        assert_eq!(show(0.007, Dim::TIME), "7 ms");
        assert_eq!(show(2e13, Dim::COMPUTE_RATE), "20 TFLOP/s");
        assert_eq!(show(2e12, Dim::DATA_RATE), "2 TB/s");
        assert_eq!(show(137_438_953_472.0, Dim::OPERATION), "137.439 GFLOP");
        assert_eq!(show(8.4e22, Dim::OPERATION), "8.4e22 FLOP");
        assert_eq!(show(999_999_999.9, Dim::INFORMATION), "1 GB");
        assert_eq!(show(0.5, Dim::INFORMATION), "0.5 B");
        assert_eq!(show(90.0, Dim::TIME), "90 s");
        assert_eq!(show(7200.0, Dim::TIME), "2 h");
        assert_eq!(show(300.0, Dim::TIME), "5 min");
        assert_eq!(show(2e-6, Dim::TIME), "2 µs");
        assert_eq!(show(7e9, Dim::NONE), "7000000000");
        assert_eq!(show(1.5e20, Dim::NONE), "1.5e20");
        assert_eq!(
            show(2.0, Dim([1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0])),
            "2 B/param"
        );
        assert_eq!(show(-14e9, Dim::INFORMATION), "-14 GB");
        assert_eq!(show(0.036, Dim::MASS), "36 g");
        assert_eq!(show(2.5, Dim::MASS), "2.5 kg");
        assert_eq!(show(4.5e-5, Dim::MASS), "45 mg");
        assert_eq!(show(0.05, Dim::AMOUNT), "50 mmol");
        assert_eq!(show(5e-4, Dim::VOLUME), "500 mL");
        assert_eq!(show(2.5e-3, Dim::VOLUME), "2.5 L");
        assert_eq!(show(3.0, Dim::VOLUME), "3 m³");
        assert_eq!(show(100.0, Dim::CONCENTRATION), "0.1 mol/L");
        assert_eq!(show(0.18, Dim::MOLAR_MASS), "180 g/mol");
        assert_eq!(show(1000.0, Dim::DENSITY), "1000 kg/m³");
        assert_eq!(show(9.81, Dim::ACCELERATION), "9.81 m/s²");
        assert_eq!(show(0.0, Dim::TIME), "0 s");
        assert_eq!(show(1.0 / 3.0, Dim::NONE), "0.333333");
        assert_eq!(show(0.00001234, Dim::NONE), "1.234e-5");
        assert_eq!(
            format!(
                "{:.2}",
                Quantity::new(137_438_953_472.0, Dim::OPERATION, None)
            ),
            "140 GFLOP"
        );
    }
}
