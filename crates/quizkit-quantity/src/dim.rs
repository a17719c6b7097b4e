//! Dimensions: a small fixed vector of exponents over the base dimensions.

use std::borrow::Cow;
use std::fmt;

/// One of the base dimensions a [`Dim`] is built from.
///
/// `FLOP` and `OP` share [`Base::Operation`], so `TOPS` and `TFLOPS` compare; the difference
/// between an integer and a floating-point operation is a matter of the hardware, not of the
/// arithmetic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Base {
    /// Information, counted in bytes (`B`); a bit is 1/8 B.
    Information,
    /// Operations (`FLOP`, `OP`).
    Operation,
    /// Time, in seconds (`s`).
    Time,
    /// Model parameters (`param`).
    Parameter,
    /// Tokens (`token`).
    Token,
    /// Electric current, in amperes (`A`); a volt is a watt per ampere, a coulomb an
    /// ampere-second.
    Current,
    /// Mass, in kilograms (`kg`; a gram is 1/1000 kg).
    Mass,
    /// Length, in metres (`m`); a volume is a length cubed (a litre is 1/1000 m³).
    Length,
    /// Amount of substance, in moles (`mol`).
    Amount,
    /// Money in euros (`EUR`, `€`). Currencies are never converted into each other: an amount
    /// in euros and one in dollars do not compare.
    Euro,
    /// Money in US dollars (`USD`, `$`).
    Dollar,
}

impl Base {
    /// Every base dimension, in the order of [`Dim`]'s exponents.
    pub const ALL: [Base; 11] = [
        Base::Information,
        Base::Operation,
        Base::Time,
        Base::Parameter,
        Base::Token,
        Base::Current,
        Base::Mass,
        Base::Length,
        Base::Amount,
        Base::Euro,
        Base::Dollar,
    ];

    /// The symbol of the base unit: `B`, `FLOP`, `s`, `param`, `token`, `A`, `kg`, `m`, `mol`,
    /// `EUR`, `USD`. An energy is a mass times a length squared per time squared (`J` =
    /// `kg·m²/s²`), so `½ × 2 kg × (3 m/s)² = 9 J` compares.
    pub const fn symbol(self) -> &'static str {
        match self {
            Base::Information => "B",
            Base::Operation => "FLOP",
            Base::Time => "s",
            Base::Parameter => "param",
            Base::Token => "token",
            Base::Current => "A",
            Base::Mass => "kg",
            Base::Length => "m",
            Base::Amount => "mol",
            Base::Euro => "EUR",
            Base::Dollar => "USD",
        }
    }
}

/// The dimension of a quantity: the exponent of each [`Base`].
///
/// `Hz` is `s^-1`, `W` is `J·s^-1`, `TB/s` is `B·s^-1`. Values are stored in the base units
/// (bytes, operations, seconds, parameters, tokens, amperes, kilograms, metres, moles); an
/// energy is `kg·m²·s⁻²` (a joule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Dim(pub(crate) [i8; 11]);

impl Dim {
    /// A plain number.
    pub const NONE: Dim = Dim([0; 11]);
    /// An amount of information (`B`).
    pub const INFORMATION: Dim = Dim([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// A number of operations (`FLOP`).
    pub const OPERATION: Dim = Dim([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// A time (`s`).
    pub const TIME: Dim = Dim([0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// A number of parameters (`param`).
    pub const PARAMETER: Dim = Dim([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    /// A number of tokens (`token`).
    pub const TOKEN: Dim = Dim([0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
    /// An energy (`J`).
    pub const ENERGY: Dim = Dim([0, 0, -2, 0, 0, 0, 1, 2, 0, 0, 0]);
    /// A frequency (`Hz` = `1/s`).
    pub const FREQUENCY: Dim = Dim([0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// A data rate (`B/s`).
    pub const DATA_RATE: Dim = Dim([1, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// A compute rate (`FLOP/s`).
    pub const COMPUTE_RATE: Dim = Dim([0, 1, -1, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// A power (`W` = `J/s`).
    pub const POWER: Dim = Dim([0, 0, -3, 0, 0, 0, 1, 2, 0, 0, 0]);
    /// An electric current (`A`).
    pub const CURRENT: Dim = Dim([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    /// An electric charge (`C` = `A·s`, `Ah`).
    pub const CHARGE: Dim = Dim([0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0]);
    /// A voltage (`V` = `W/A`).
    pub const VOLTAGE: Dim = Dim([0, 0, -3, 0, 0, -1, 1, 2, 0, 0, 0]);
    /// A length (`m`).
    pub const LENGTH: Dim = Dim([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
    /// A speed (`m/s`).
    pub const SPEED: Dim = Dim([0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0]);
    /// A mass (`kg`, `g`).
    pub const MASS: Dim = Dim([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
    /// An amount of substance (`mol`).
    pub const AMOUNT: Dim = Dim([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
    /// An area (`m²`).
    pub const AREA: Dim = Dim([0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0]);
    /// A volume (`m³`, `L`).
    pub const VOLUME: Dim = Dim([0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0]);
    /// An acceleration (`m/s²`).
    pub const ACCELERATION: Dim = Dim([0, 0, -2, 0, 0, 0, 0, 1, 0, 0, 0]);
    /// A density (`kg/m³`, `g/cm³`).
    pub const DENSITY: Dim = Dim([0, 0, 0, 0, 0, 0, 1, -3, 0, 0, 0]);
    /// A molar mass (`g/mol`).
    pub const MOLAR_MASS: Dim = Dim([0, 0, 0, 0, 0, 0, 1, 0, -1, 0, 0]);
    /// A concentration, an amount of substance per volume (`mol/L`).
    pub const CONCENTRATION: Dim = Dim([0, 0, 0, 0, 0, 0, 0, -3, 1, 0, 0]);
    /// A force (`N` = `kg·m/s²`).
    pub const FORCE: Dim = Dim([0, 0, -2, 0, 0, 0, 1, 1, 0, 0, 0]);
    /// A pressure (`Pa` = `N/m²`, `bar`, `psi`).
    pub const PRESSURE: Dim = Dim([0, 0, -2, 0, 0, 0, 1, -1, 0, 0, 0]);
    /// An electric resistance (`Ω` = `V/A`).
    pub const RESISTANCE: Dim = Dim([0, 0, -3, 0, 0, -2, 1, 2, 0, 0, 0]);
    /// An amount of money in euros (`EUR`).
    pub const EURO: Dim = Dim([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]);
    /// An amount of money in US dollars (`USD`).
    pub const DOLLAR: Dim = Dim([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);

    /// The exponent of one base dimension.
    pub const fn exponent(self, base: Base) -> i8 {
        self.0[base as usize]
    }

    /// True for a plain number.
    pub fn is_none(self) -> bool {
        self == Dim::NONE
    }

    /// The product of two dimensions, or `None` when an exponent leaves `i8`.
    pub(crate) fn mul(self, other: Dim) -> Option<Dim> {
        let mut out = [0i8; 11];
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = self.0[i].checked_add(other.0[i])?;
        }
        Some(Dim(out))
    }

    /// The quotient of two dimensions, or `None` when an exponent leaves `i8`.
    pub(crate) fn div(self, other: Dim) -> Option<Dim> {
        let mut out = [0i8; 11];
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = self.0[i].checked_sub(other.0[i])?;
        }
        Some(Dim(out))
    }

    /// This dimension to an integer power, or `None` when an exponent leaves `i8`.
    pub(crate) fn pow(self, n: i32) -> Option<Dim> {
        let mut out = [0i8; 11];
        for (i, slot) in out.iter_mut().enumerate() {
            let e = i32::from(self.0[i]).checked_mul(n)?;
            *slot = i8::try_from(e).ok()?;
        }
        Some(Dim(out))
    }

    /// The square root of this dimension (`m²` → `m`), or `None` when an exponent is odd.
    pub(crate) fn sqrt(self) -> Option<Dim> {
        let mut out = [0i8; 11];
        for (slot, e) in out.iter_mut().zip(self.0) {
            if e % 2 != 0 {
                return None;
            }
            *slot = e / 2;
        }
        Some(Dim(out))
    }

    /// Whether a quantity of this dimension has a name ([`Dim::describe`] says "a length",
    /// not "a quantity in s·m^3").
    pub fn is_named(self) -> bool {
        matches!(self.describe(), Cow::Borrowed(_))
    }

    /// What a quantity of this dimension is, in words, with an article: "a time", "an amount
    /// of information", "a data rate". Used in dimension-mismatch messages.
    pub fn describe(self) -> Cow<'static, str> {
        let known = match self {
            Dim::NONE => "a plain number",
            Dim::INFORMATION => "an amount of information",
            Dim::OPERATION => "a number of operations",
            Dim::TIME => "a time",
            Dim::PARAMETER => "a number of parameters",
            Dim::TOKEN => "a number of tokens",
            Dim::ENERGY => "an energy",
            Dim::FREQUENCY => "a frequency",
            Dim::DATA_RATE => "a data rate",
            Dim::COMPUTE_RATE => "a compute rate",
            Dim::POWER => "a power",
            Dim([0, 0, 2, 0, 1, 0, -1, -2, 0, 0, 0]) => "a number of tokens per joule",
            Dim([0, 0, -1, 0, 1, 0, 0, 0, 0, 0, 0]) => "a token rate",
            Dim([1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0]) => "an amount of information per parameter",
            Dim([1, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0]) => "an amount of information per token",
            Dim([-1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]) => {
                "an arithmetic intensity (operations per byte)"
            }
            Dim([0, 1, 0, -1, 0, 0, 0, 0, 0, 0, 0]) => "a number of operations per parameter",
            Dim([0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 0]) => "a number of operations per token",
            Dim([0, 1, 2, 0, 0, 0, -1, -2, 0, 0, 0]) => {
                "an energy efficiency (operations per joule)"
            }
            Dim([0, -1, -2, 0, 0, 0, 1, 2, 0, 0, 0]) => "an energy per operation",
            Dim([0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0]) => "a number of parameter-tokens",
            Dim::CURRENT => "an electric current",
            Dim::CHARGE => "an electric charge",
            Dim::VOLTAGE => "a voltage",
            Dim::LENGTH => "a length",
            Dim::SPEED => "a speed",
            Dim::MASS => "a mass",
            Dim::AMOUNT => "an amount of substance",
            Dim::AREA => "an area",
            Dim::VOLUME => "a volume",
            Dim::ACCELERATION => "an acceleration",
            Dim::DENSITY => "a density",
            Dim::MOLAR_MASS => "a molar mass",
            Dim::CONCENTRATION => "a concentration (amount of substance per volume)",
            Dim([0, 0, 0, 0, 0, 0, 0, -2, 0, 0, 0]) => {
                "a number per area, or a distance per volume (as km/L)"
            }
            Dim::FORCE => "a force",
            Dim::PRESSURE => "a pressure",
            Dim::RESISTANCE => "an electric resistance",
            Dim::EURO => "an amount in euros",
            Dim::DOLLAR => "an amount in dollars",
            _ => return Cow::Owned(format!("a quantity in {self}")),
        };
        Cow::Borrowed(known)
    }
}

/// The canonical unit formula: `B`, `B/s`, `FLOP/B`, `B·s`, `B^2/s/param`; with nothing
/// above the line, negative powers: `s^-1`, `s^-1·param^-1`. A mass with twice its power in
/// length is written in joules: `J/token`, `FLOP/J`, `J/s/A` (a volt), not `kg·m^2/s^2/token`.
/// Every formula parses back with [`crate::Unit::parse`].
impl fmt::Display for Dim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (mass, length, time) = (
            Base::Mass as usize,
            Base::Length as usize,
            Base::Time as usize,
        );
        let mut exps: [i16; 11] = self.0.map(i16::from);
        let j = exps[mass];
        let energy = j != 0 && exps[length] == 2 * j;
        if energy {
            exps[length] = 0;
            exps[time] += 2 * j;
        }
        // The terms in the order of the bases, with joules in the place of the mass.
        let mut terms = [("", 0i16); 11];
        for (slot, base) in terms.iter_mut().zip(Base::ALL) {
            *slot = match base {
                Base::Mass if energy => ("J", j),
                _ => (base.symbol(), exps[base as usize]),
            };
        }
        write_terms(f, &terms)
    }
}

/// `terms` (symbol, exponent) as a formula: the positive powers joined by `·`, then each
/// negative one after a `/`; with no positive power, every power after `·`.
fn write_terms(f: &mut fmt::Formatter<'_>, terms: &[(&str, i16)]) -> fmt::Result {
    let numerator = terms.iter().any(|&(_, e)| e > 0);
    let mut wrote = false;
    for &(symbol, e) in terms {
        if e == 0 || (e < 0 && numerator) {
            continue;
        }
        if wrote {
            f.write_str("·")?;
        }
        f.write_str(symbol)?;
        if e != 1 {
            write!(f, "^{e}")?;
        }
        wrote = true;
    }
    if !wrote {
        return f.write_str("1");
    }
    if numerator {
        for &(symbol, e) in terms {
            if e < 0 {
                write!(f, "/{symbol}")?;
                if e != -1 {
                    write!(f, "^{}", -e)?;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_on_exponents() {
        assert_eq!(Dim::INFORMATION.div(Dim::TIME), Some(Dim::DATA_RATE));
        assert_eq!(Dim::DATA_RATE.mul(Dim::TIME), Some(Dim::INFORMATION));
        assert_eq!(Dim::TIME.pow(-1), Some(Dim::FREQUENCY));
        assert_eq!(Dim::TIME.pow(200), None);
        assert_eq!(
            Dim([127, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).mul(Dim::INFORMATION),
            None
        );
    }

    #[test]
    fn formula_and_words() {
        assert_eq!(Dim::DATA_RATE.to_string(), "B/s");
        assert_eq!(Dim::FREQUENCY.to_string(), "s^-1");
        assert_eq!(
            Dim([0, 0, -1, -1, 0, 0, 0, 0, 0, 0, 0]).to_string(),
            "s^-1·param^-1"
        );
        assert_eq!(Dim::NONE.to_string(), "1");
        assert_eq!(
            Dim([2, 0, -1, -1, 0, 0, 0, 0, 0, 0, 0]).to_string(),
            "B^2/s/param"
        );
        assert_eq!(Dim([1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]).to_string(), "B·s");
        assert_eq!(Dim::TIME.describe(), "a time");
        assert_eq!(Dim::ENERGY.to_string(), "J");
        assert_eq!(Dim::POWER.to_string(), "J/s");
        assert_eq!(Dim::VOLTAGE.to_string(), "J/s/A");
        assert_eq!(
            Dim::ENERGY
                .div(Dim::TOKEN)
                .map(|d| d.to_string())
                .as_deref(),
            Some("J/token")
        );
        assert_eq!(
            Dim::OPERATION
                .div(Dim::ENERGY)
                .map(|d| d.to_string())
                .as_deref(),
            Some("FLOP/J")
        );
        assert_eq!(
            Dim::ENERGY.pow(-1).map(|d| d.to_string()).as_deref(),
            Some("J^-1")
        );
        assert_eq!(Dim::DENSITY.to_string(), "kg/m^3");
        assert_eq!(
            Dim::MASS
                .mul(Dim::ACCELERATION)
                .map(|d| d.to_string())
                .as_deref(),
            Some("kg·m/s^2")
        );
        assert_eq!(Dim::CONCENTRATION.to_string(), "mol/m^3");
        assert_eq!(
            Dim([1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]).describe(),
            "a quantity in B·s"
        );
    }
}
