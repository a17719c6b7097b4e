//! The unit lexicon: base units, SI and IEC prefixes, and the [`Unit`] type.

use crate::dim::Dim;
use crate::gate::WordGate;
use std::fmt;

/// Which prefixes a unit takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Prefixes {
    /// None at all (`min`, `h`).
    None,
    /// SI multiples from kilo up (`kFLOP`, `GFLOPS`, `Mtoken`).
    Large,
    /// SI multiples and IEC binary multiples (`GB`, `GiB`, `Mbit`).
    Information,
    /// SI multiples and submultiples (`ms`, `µs`, `mW`, `GHz`).
    All,
}

/// One entry of the unit lexicon, before any prefix.
#[derive(Debug, Clone, Copy)]
struct Base {
    factor: f64,
    dim: Dim,
    prefixes: Prefixes,
    /// Takes short prefixes (`G` in `GB`).
    short: bool,
    /// Takes long prefixes (`giga` in `gigabytes`).
    long: bool,
    /// Only valid with a prefix (`b` for bit: `Gb` yes, a lone `b` no).
    needs_prefix: bool,
}

const fn unit(factor: f64, dim: Dim, prefixes: Prefixes, short: bool, long: bool) -> Base {
    Base {
        factor,
        dim,
        prefixes,
        short,
        long,
        needs_prefix: false,
    }
}

const B: Dim = Dim::INFORMATION;
const OP: Dim = Dim::OPERATION;
const S: Dim = Dim::TIME;

/// A day in seconds.
pub(crate) const DAY: f64 = 86_400.0;

/// The calendar year in seconds: 365 days.
const YEAR: f64 = 365.0 * DAY;

/// The lexicon, matched exactly (case-sensitive: `B` is a byte, `b` a bit, `m` milli, `M`
/// mega).
const LEXICON: &[(&str, Base)] = {
    use Prefixes::*;
    &[
        ("B", unit(1.0, B, Information, true, false)),
        ("s", unit(1.0, S, All, true, false)),
        ("byte", unit(1.0, B, Information, true, true)),
        ("bytes", unit(1.0, B, Information, true, true)),
        ("bit", unit(0.125, B, Information, true, true)),
        ("bits", unit(0.125, B, Information, true, true)),
        (
            "b",
            Base {
                needs_prefix: true,
                ..unit(0.125, B, Information, true, false)
            },
        ),
        ("bps", unit(0.125, Dim::DATA_RATE, Information, true, false)),
        // Transfers, a count: `MT/s` and `GT/s` (memory and bus speeds) are counts per second.
        (
            "T",
            Base {
                needs_prefix: true,
                ..unit(1.0, Dim::NONE, Large, true, false)
            },
        ),
        ("FLOP", unit(1.0, OP, Large, true, false)),
        ("FLOPs", unit(1.0, OP, Large, true, false)),
        ("FLOPS", unit(1.0, Dim::COMPUTE_RATE, Large, true, false)),
        ("OP", unit(1.0, OP, Large, true, false)),
        ("OPs", unit(1.0, OP, Large, true, false)),
        ("OPS", unit(1.0, Dim::COMPUTE_RATE, Large, true, false)),
        ("sec", unit(1.0, S, None, false, false)),
        ("second", unit(1.0, S, All, false, true)),
        ("seconds", unit(1.0, S, All, false, true)),
        ("seconde", unit(1.0, S, All, false, true)),
        ("seconden", unit(1.0, S, All, false, true)),
        ("min", unit(60.0, S, None, false, false)),
        ("minute", unit(60.0, S, None, false, false)),
        ("minutes", unit(60.0, S, None, false, false)),
        ("minuut", unit(60.0, S, None, false, false)),
        ("minuten", unit(60.0, S, None, false, false)),
        ("h", unit(3600.0, S, None, false, false)),
        ("hour", unit(3600.0, S, None, false, false)),
        ("hours", unit(3600.0, S, None, false, false)),
        ("uur", unit(3600.0, S, None, false, false)),
        // The Dutch hour symbol (`0,05 u`, `km/u`).
        ("u", unit(3600.0, S, None, false, false)),
        // Days and weeks, and the calendar's year of 365 days and month of a twelfth of it:
        // `30 jaar = 360 maanden`, `1 jaar = 52 weken`, `8 760 h per jaar`.
        ("dag", unit(DAY, S, None, false, false)),
        ("dagen", unit(DAY, S, None, false, false)),
        ("day", unit(DAY, S, None, false, false)),
        ("days", unit(DAY, S, None, false, false)),
        ("week", unit(7.0 * DAY, S, None, false, false)),
        ("weken", unit(7.0 * DAY, S, None, false, false)),
        ("weeks", unit(7.0 * DAY, S, None, false, false)),
        ("maand", unit(YEAR / 12.0, S, None, false, false)),
        ("maanden", unit(YEAR / 12.0, S, None, false, false)),
        ("month", unit(YEAR / 12.0, S, None, false, false)),
        ("months", unit(YEAR / 12.0, S, None, false, false)),
        ("jaar", unit(YEAR, S, None, false, false)),
        ("jaren", unit(YEAR, S, None, false, false)),
        ("year", unit(YEAR, S, None, false, false)),
        ("years", unit(YEAR, S, None, false, false)),
        ("Hz", unit(1.0, Dim::FREQUENCY, All, true, false)),
        ("hertz", unit(1.0, Dim::FREQUENCY, All, false, true)),
        ("W", unit(1.0, Dim::POWER, All, true, false)),
        // Watt-peak, the rated power of solar panels (`400 Wp`, `4 kWp`).
        ("Wp", unit(1.0, Dim::POWER, Large, true, false)),
        ("watt", unit(1.0, Dim::POWER, All, false, true)),
        ("watts", unit(1.0, Dim::POWER, All, false, true)),
        ("J", unit(1.0, Dim::ENERGY, All, true, false)),
        ("joule", unit(1.0, Dim::ENERGY, All, false, true)),
        ("joules", unit(1.0, Dim::ENERGY, All, false, true)),
        ("Wh", unit(3600.0, Dim::ENERGY, Large, true, false)),
        ("A", unit(1.0, Dim::CURRENT, All, true, false)),
        ("ampere", unit(1.0, Dim::CURRENT, All, false, true)),
        ("ampère", unit(1.0, Dim::CURRENT, All, false, true)),
        ("Ah", unit(3600.0, Dim::CHARGE, All, true, false)),
        ("C", unit(1.0, Dim::CHARGE, All, true, false)),
        ("coulomb", unit(1.0, Dim::CHARGE, All, false, true)),
        ("V", unit(1.0, Dim::VOLTAGE, All, true, false)),
        ("volt", unit(1.0, Dim::VOLTAGE, All, false, true)),
        ("m", unit(1.0, Dim::LENGTH, All, true, false)),
        ("metre", unit(1.0, Dim::LENGTH, All, false, true)),
        ("meter", unit(1.0, Dim::LENGTH, All, false, true)),
        // Centimetres and decimetres (`cm³`, `dm³`): no `c` or `d` prefix on other units.
        ("cm", unit(0.01, Dim::LENGTH, None, false, false)),
        ("dm", unit(0.1, Dim::LENGTH, None, false, false)),
        // Mass, in kilograms. `g` takes only `k`, `m` and `µ`: `Mg` is magnesium, `pg` a page
        // and `Kg` a misspelling more often than a unit; `t` and `ton` (a time, a hundred
        // thousand euros in Dutch) and `kilo` (any kilo-unit) are left out.
        ("g", unit(1e-3, Dim::MASS, None, false, false)),
        ("kg", unit(1.0, Dim::MASS, None, false, false)),
        ("mg", unit(1e-6, Dim::MASS, None, false, false)),
        ("µg", unit(1e-9, Dim::MASS, None, false, false)),
        ("μg", unit(1e-9, Dim::MASS, None, false, false)),
        // The microgram as nursing writes it (`10 mcg/kg/min`).
        ("mcg", unit(1e-9, Dim::MASS, None, false, false)),
        ("gram", unit(1e-3, Dim::MASS, All, false, true)),
        ("grams", unit(1e-3, Dim::MASS, All, false, true)),
        ("gramme", unit(1e-3, Dim::MASS, All, false, true)),
        ("grammes", unit(1e-3, Dim::MASS, All, false, true)),
        // Amount of substance.
        ("mol", unit(1.0, Dim::AMOUNT, All, true, false)),
        ("mole", unit(1.0, Dim::AMOUNT, All, false, true)),
        ("moles", unit(1.0, Dim::AMOUNT, All, false, true)),
        // Volume, a length cubed: the litre, `L` or `l`, with `m`, `c`, `d`, `h` and `µ` only
        // (`nl` and `pl` are language codes).
        ("L", unit(1e-3, Dim::VOLUME, None, false, false)),
        ("l", unit(1e-3, Dim::VOLUME, None, false, false)),
        ("mL", unit(1e-6, Dim::VOLUME, None, false, false)),
        ("ml", unit(1e-6, Dim::VOLUME, None, false, false)),
        ("cL", unit(1e-5, Dim::VOLUME, None, false, false)),
        ("cl", unit(1e-5, Dim::VOLUME, None, false, false)),
        ("dL", unit(1e-4, Dim::VOLUME, None, false, false)),
        ("dl", unit(1e-4, Dim::VOLUME, None, false, false)),
        // The hectolitre of brewers and farmers (`37,5 hL`).
        ("hL", unit(0.1, Dim::VOLUME, None, false, false)),
        ("hl", unit(0.1, Dim::VOLUME, None, false, false)),
        ("µL", unit(1e-9, Dim::VOLUME, None, false, false)),
        ("µl", unit(1e-9, Dim::VOLUME, None, false, false)),
        ("μL", unit(1e-9, Dim::VOLUME, None, false, false)),
        ("μl", unit(1e-9, Dim::VOLUME, None, false, false)),
        ("liter", unit(1e-3, Dim::VOLUME, All, false, true)),
        ("liters", unit(1e-3, Dim::VOLUME, All, false, true)),
        ("litre", unit(1e-3, Dim::VOLUME, All, false, true)),
        ("litres", unit(1e-3, Dim::VOLUME, All, false, true)),
        ("param", unit(1.0, Dim::PARAMETER, Large, true, false)),
        ("params", unit(1.0, Dim::PARAMETER, Large, true, false)),
        ("parameter", unit(1.0, Dim::PARAMETER, Large, true, false)),
        ("parameters", unit(1.0, Dim::PARAMETER, Large, true, false)),
        ("token", unit(1.0, Dim::TOKEN, Large, true, false)),
        ("tokens", unit(1.0, Dim::TOKEN, Large, true, false)),
        // Force, pressure and resistance. Not `N` (a variable in `N / 3`, and `EN` a language
        // code): `kN`, `newton`. `hPa` and `mbar` are written out: `h` is no prefix here, and
        // `bar` takes no other.
        ("kN", unit(1e3, Dim::FORCE, None, false, false)),
        ("newton", unit(1.0, Dim::FORCE, All, false, true)),
        ("Pa", unit(1.0, Dim::PRESSURE, All, true, false)),
        ("hPa", unit(100.0, Dim::PRESSURE, None, false, false)),
        ("pascal", unit(1.0, Dim::PRESSURE, All, false, true)),
        ("bar", unit(1e5, Dim::PRESSURE, None, false, false)),
        ("mbar", unit(100.0, Dim::PRESSURE, None, false, false)),
        ("Ω", unit(1.0, Dim::RESISTANCE, All, true, false)),
        ("ohm", unit(1.0, Dim::RESISTANCE, All, false, true)),
        // Kilocalories and calories (`kcal` written out). Not the British thermal unit, which
        // has several definitions, from 1054.35 J to 1055.87 J.
        ("cal", unit(4.184, Dim::ENERGY, None, false, false)),
        ("kcal", unit(4184.0, Dim::ENERGY, None, false, false)),
        // US customary and imperial units, by their exact definitions. Not `in` (a word),
        // `mil` (a million in "$5 mil"), `pound` (money) or the gallon (US and UK differ).
        ("ft", unit(0.3048, Dim::LENGTH, None, false, false)),
        ("foot", unit(0.3048, Dim::LENGTH, None, false, false)),
        ("feet", unit(0.3048, Dim::LENGTH, None, false, false)),
        ("inch", unit(0.0254, Dim::LENGTH, None, false, false)),
        ("inches", unit(0.0254, Dim::LENGTH, None, false, false)),
        ("yd", unit(0.9144, Dim::LENGTH, None, false, false)),
        ("yard", unit(0.9144, Dim::LENGTH, None, false, false)),
        ("yards", unit(0.9144, Dim::LENGTH, None, false, false)),
        ("mi", unit(1609.344, Dim::LENGTH, None, false, false)),
        ("mile", unit(1609.344, Dim::LENGTH, None, false, false)),
        ("miles", unit(1609.344, Dim::LENGTH, None, false, false)),
        ("landmijl", unit(1609.344, Dim::LENGTH, None, false, false)),
        (
            "landmijlen",
            unit(1609.344, Dim::LENGTH, None, false, false),
        ),
        ("NM", unit(1852.0, Dim::LENGTH, None, false, false)),
        ("nmi", unit(1852.0, Dim::LENGTH, None, false, false)),
        ("zeemijl", unit(1852.0, Dim::LENGTH, None, false, false)),
        ("zeemijlen", unit(1852.0, Dim::LENGTH, None, false, false)),
        ("kn", unit(1852.0 / 3600.0, Dim::SPEED, None, false, false)),
        (
            "knot",
            unit(1852.0 / 3600.0, Dim::SPEED, None, false, false),
        ),
        (
            "knots",
            unit(1852.0 / 3600.0, Dim::SPEED, None, false, false),
        ),
        (
            "knoop",
            unit(1852.0 / 3600.0, Dim::SPEED, None, false, false),
        ),
        (
            "knopen",
            unit(1852.0 / 3600.0, Dim::SPEED, None, false, false),
        ),
        ("mph", unit(0.447_04, Dim::SPEED, None, false, false)),
        ("lb", unit(0.453_592_37, Dim::MASS, None, false, false)),
        ("lbs", unit(0.453_592_37, Dim::MASS, None, false, false)),
        ("oz", unit(0.028_349_523_125, Dim::MASS, None, false, false)),
        (
            "psi",
            unit(6_894.757_293_168, Dim::PRESSURE, None, false, false),
        ),
        // The tonne written out (`t` only after a number, see [`after_number`]), the hectare
        // and the acre. Not `ton` (a short or long ton, and Dutch for € 100 000).
        ("tonne", unit(1e3, Dim::MASS, None, false, false)),
        ("tonnes", unit(1e3, Dim::MASS, None, false, false)),
        ("ha", unit(1e4, Dim::AREA, None, false, false)),
        ("hectare", unit(1e4, Dim::AREA, None, false, false)),
        ("hectares", unit(1e4, Dim::AREA, None, false, false)),
        ("acre", unit(4_046.856_422_4, Dim::AREA, None, false, false)),
        (
            "acres",
            unit(4_046.856_422_4, Dim::AREA, None, false, false),
        ),
        // The Dutch statute mile without "land".
        ("mijl", unit(1609.344, Dim::LENGTH, None, false, false)),
        ("mijlen", unit(1609.344, Dim::LENGTH, None, false, false)),
        // Astronomy: the astronomical unit (IAU 2012), the Julian light-year, the parsec.
        (
            "AU",
            unit(1.495_978_707e11, Dim::LENGTH, None, false, false),
        ),
        (
            "AE",
            unit(1.495_978_707e11, Dim::LENGTH, None, false, false),
        ),
        (
            "ly",
            unit(9.460_730_472_580_8e15, Dim::LENGTH, None, false, false),
        ),
        (
            "lichtjaar",
            unit(9.460_730_472_580_8e15, Dim::LENGTH, None, false, false),
        ),
        (
            "lichtjaren",
            unit(9.460_730_472_580_8e15, Dim::LENGTH, None, false, false),
        ),
        (
            "light-year",
            unit(9.460_730_472_580_8e15, Dim::LENGTH, None, false, false),
        ),
        (
            "light-years",
            unit(9.460_730_472_580_8e15, Dim::LENGTH, None, false, false),
        ),
        (
            "parsec",
            unit(3.085_677_581_491_367e16, Dim::LENGTH, None, false, false),
        ),
        (
            "parsecs",
            unit(3.085_677_581_491_367e16, Dim::LENGTH, None, false, false),
        ),
        // Money; prose writes `€ 0,45`, `€0.45` and `$0.12` too, which it reads as these.
        ("EUR", unit(1.0, Dim::EURO, None, false, false)),
        ("euro", unit(1.0, Dim::EURO, None, false, false)),
        ("euros", unit(1.0, Dim::EURO, None, false, false)),
        ("USD", unit(1.0, Dim::DOLLAR, None, false, false)),
        ("dollar", unit(1.0, Dim::DOLLAR, None, false, false)),
        ("dollars", unit(1.0, Dim::DOLLAR, None, false, false)),
    ]
};

/// Rules out almost every word that is not in [`LEXICON`] before comparing it with each
/// entry: [`lookup`] asks for every word of a prose text, and for each way of splitting off
/// a prefix.
const LEXICON_GATE: WordGate = WordGate::EMPTY.with_keys(LEXICON);

/// Whether `w` names the calendar's year or month, whose length in days writers count in more
/// than one way (see [`crate::claim`]'s calendar reading).
pub(crate) fn is_calendar(w: &str) -> bool {
    base(w).is_some_and(|b| b.dim == S && (b.factor == YEAR || b.factor == YEAR / 12.0))
}

/// Whether `w`, a word of the lexicon for information, counts bits: `bit`, `bits`, `bps` or
/// a prefix before `b` (`Gb`, `kbit`, `Mbps`).
pub(crate) fn is_bit_word(w: &str) -> bool {
    w.ends_with("bit") || w.ends_with("bits") || w.ends_with("bps") || w.ends_with('b')
}

/// The lexicon entry `name`, if any.
fn base(name: &str) -> Option<Base> {
    if !LEXICON_GATE.may_contain(name.as_bytes()) {
        return Option::None;
    }
    LEXICON
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, base)| base)
}

/// A unit right after a number: one of the lexicon ([`lookup`]), or `t`, the tonne, which
/// elsewhere is a letter (`v × t`, `t = 5 s`), `ng`, the nanogram, which elsewhere is "nog"
/// typed short, `N`, the newton, which elsewhere is a letter or nitrogen, or `voet`, the
/// Dutch foot, elsewhere a body part.
pub(crate) fn after_number(word: &str) -> Option<(f64, Dim)> {
    lookup(word).or(match word {
        "t" => Some((1e3, Dim::MASS)),
        "ng" => Some((1e-12, Dim::MASS)),
        "N" => Some((1.0, Dim::FORCE)),
        // The foot in Dutch; elsewhere "voet" is a body part (`te voet`).
        "voet" | "voeten" => Some((0.3048, Dim::LENGTH)),
        _ => None,
    })
}

/// The canonical spelling of every lexicon entry, for "did you mean" suggestions.
const NAMES: &[&str] = &[
    "B",
    "byte",
    "bytes",
    "bit",
    "bits",
    "bps",
    "FLOP",
    "FLOPs",
    "FLOPS",
    "OP",
    "OPs",
    "OPS",
    "s",
    "sec",
    "second",
    "seconds",
    "min",
    "minute",
    "minutes",
    "h",
    "hour",
    "hours",
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "Hz",
    "hertz",
    "W",
    "watt",
    "watts",
    "J",
    "joule",
    "joules",
    "Wh",
    "Wp",
    "A",
    "Ah",
    "C",
    "V",
    "m",
    "cm",
    "g",
    "kg",
    "mg",
    "gram",
    "grams",
    "mol",
    "mole",
    "moles",
    "L",
    "mL",
    "liter",
    "litre",
    "param",
    "params",
    "parameter",
    "parameters",
    "token",
    "tokens",
    "kN",
    "Pa",
    "hPa",
    "bar",
    "Ω",
    "ohm",
    "cal",
    "kcal",
    "ft",
    "inch",
    "yd",
    "mi",
    "NM",
    "kn",
    "mph",
    "lb",
    "oz",
    "psi",
    "tonne",
    "ha",
    "acre",
    "mijl",
    "AU",
    "ly",
    "parsec",
    "EUR",
    "euro",
    "USD",
    "dollar",
];

/// Short prefixes, longest first so `Ki` wins over `K`.
const SHORT: &[(&str, f64, Prefixes)] = &[
    ("Ki", 1024.0, Prefixes::Information),
    ("Mi", 1_048_576.0, Prefixes::Information),
    ("Gi", 1_073_741_824.0, Prefixes::Information),
    ("Ti", 1_099_511_627_776.0, Prefixes::Information),
    ("Pi", 1_125_899_906_842_624.0, Prefixes::Information),
    ("Ei", 1_152_921_504_606_846_976.0, Prefixes::Information),
    ("µ", 1e-6, Prefixes::All),
    ("μ", 1e-6, Prefixes::All),
    ("k", 1e3, Prefixes::Large),
    ("K", 1e3, Prefixes::Large),
    ("M", 1e6, Prefixes::Large),
    ("G", 1e9, Prefixes::Large),
    ("T", 1e12, Prefixes::Large),
    ("P", 1e15, Prefixes::Large),
    ("E", 1e18, Prefixes::Large),
    ("m", 1e-3, Prefixes::All),
    ("u", 1e-6, Prefixes::All),
    ("n", 1e-9, Prefixes::All),
    ("p", 1e-12, Prefixes::All),
];

const LONG: &[(&str, f64, Prefixes)] = &[
    ("kilo", 1e3, Prefixes::Large),
    ("mega", 1e6, Prefixes::Large),
    ("giga", 1e9, Prefixes::Large),
    ("tera", 1e12, Prefixes::Large),
    ("peta", 1e15, Prefixes::Large),
    ("exa", 1e18, Prefixes::Large),
    ("kibi", 1024.0, Prefixes::Information),
    ("mebi", 1_048_576.0, Prefixes::Information),
    ("gibi", 1_073_741_824.0, Prefixes::Information),
    ("tebi", 1_099_511_627_776.0, Prefixes::Information),
    ("deci", 1e-1, Prefixes::All),
    ("centi", 1e-2, Prefixes::All),
    ("milli", 1e-3, Prefixes::All),
    ("micro", 1e-6, Prefixes::All),
    ("nano", 1e-9, Prefixes::All),
    ("pico", 1e-12, Prefixes::All),
];

/// A bit for each length in bytes of a prefix, short or long.
const PREFIX_LENS: u64 = {
    let mut lens = 0u64;
    let mut i = 0;
    while i < SHORT.len() {
        lens |= 1 << SHORT[i].0.len();
        i += 1;
    }
    let mut i = 0;
    while i < LONG.len() {
        lens |= 1 << LONG[i].0.len();
        i += 1;
    }
    lens
};

/// May a unit with `allowed` prefixes take a prefix of `kind`?
fn admits(allowed: Prefixes, kind: Prefixes) -> bool {
    match kind {
        Prefixes::Large => allowed != Prefixes::None,
        Prefixes::Information => allowed == Prefixes::Information,
        Prefixes::All => allowed == Prefixes::All,
        Prefixes::None => true,
    }
}

/// Whether a prefix, short or long, starts with the byte `first` (`µ` and `μ` start with 0xC2
/// and 0xCE; `c` and `d` start `centi` and `deci`).
fn may_start_a_prefix(first: Option<u8>) -> bool {
    matches!(
        first,
        Some(b'K' | b'M' | b'G' | b'T' | b'P' | b'E' | b'k' | b'm' | b'u' | b'n' | b'p')
            | Some(b'g' | b't' | b'e' | b'c' | b'd' | 0xC2 | 0xCE)
    )
}

/// Look up one unit word (no `/`): `GB`, `µs`, `TFLOPS`, `gigabytes`. Returns the factor to
/// base units and the dimension.
pub(crate) fn lookup(word: &str) -> Option<(f64, Dim)> {
    if let Some(b) = base(word)
        && !b.needs_prefix
    {
        return Some((b.factor, b.dim));
    }
    let first = word.as_bytes().first().copied();
    // Most prose words end here.
    if !may_start_a_prefix(first) {
        return None;
    }
    // Or here: a prefixed unit is a lexicon entry after a prefix of a few bytes.
    let mut lens = PREFIX_LENS;
    let mut entry_after_a_prefix = false;
    while lens != 0 {
        let n = lens.trailing_zeros() as usize;
        lens &= lens - 1;
        if word.len() > n && LEXICON_GATE.may_contain(&word.as_bytes()[n..]) {
            entry_after_a_prefix = true;
            break;
        }
    }
    if !entry_after_a_prefix {
        return None;
    }
    for &(p, factor, kind) in SHORT {
        if p.as_bytes().first().copied() != first {
            continue;
        }
        if let Some(rest) = word.strip_prefix(p)
            && let Some(b) = base(rest)
            && b.short
            && admits(b.prefixes, kind)
        {
            return Some((factor * b.factor, b.dim));
        }
    }
    if word.len() > 4 {
        for &(p, factor, kind) in LONG {
            // Most words looked up are ordinary prose words: compare one byte before the rest.
            if p.as_bytes().first().copied() != first {
                continue;
            }
            if let Some(rest) = word.strip_prefix(p)
                && let Some(b) = base(rest)
                && b.long
                && admits(b.prefixes, kind)
            {
                return Some((factor * b.factor, b.dim));
            }
        }
    }
    None
}

/// A close spelling of an unknown unit word, for "did you mean".
pub(crate) fn suggest(word: &str) -> Option<String> {
    // Case slips first: `gb` → `GB`, `Tflops` → `TFLOPS`, `KIB` → `KiB`.
    let upper = word.to_uppercase();
    if lookup(&upper).is_some() {
        return Some(upper);
    }
    for split in 1..word.len().min(3) {
        if !word.is_char_boundary(split) {
            continue;
        }
        let (p, rest) = word.split_at(split);
        for name in NAMES {
            if name.eq_ignore_ascii_case(rest) {
                for cand in [
                    format!("{p}{name}"),
                    format!("{}{name}", p.to_uppercase()),
                    format!("{}{name}", p.to_lowercase()),
                ] {
                    if lookup(&cand).is_some() {
                        return Some(cand);
                    }
                }
            }
        }
    }
    let mut best: Option<(usize, &str)> = None;
    for name in NAMES {
        let d = edit_distance(word, name);
        if d <= 1 + name.len() / 4 && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, name));
        }
    }
    best.map(|(_, n)| n.to_string())
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The longest unit name a [`Unit`] keeps verbatim; longer ones display canonically.
const NAME_CAP: usize = 30;

/// A unit as written: its factor to base units, its dimension, and its spelling (`GB`,
/// `TB/s`, `TFLOPS`), kept so a result can be shown in the unit the author used.
///
/// Stored inline (no allocation), so checking a claim does not allocate.
#[derive(Clone, Copy, PartialEq)]
pub struct Unit {
    factor: f64,
    dim: Dim,
    len: u8,
    name: [u8; NAME_CAP],
}

impl Unit {
    /// Parse a unit expression: one or more unit words joined by `/` or `·`, each with an
    /// optional integer power (`GB`, `TB/s`, `FLOP/byte`, `B^2`, `W·h`).
    ///
    /// # Errors
    /// [`crate::Error::UnknownUnit`] or [`crate::Error::Syntax`], with spans into `src`.
    pub fn parse(src: &str) -> Result<Unit, crate::Error> {
        crate::eval::parse_unit(src)
    }

    /// The unit a single word written after a number names (`mg`, `km/h` is two words:
    /// [`Unit::parse`]), or `None`: a lookup in the lexicon, without the spelling suggestions
    /// of an error.
    pub fn word(word: &str) -> Option<Unit> {
        after_number(word).map(|(factor, dim)| Unit::new(factor, dim, word))
    }

    pub(crate) fn new(factor: f64, dim: Dim, name: &str) -> Unit {
        let mut buf = [0u8; NAME_CAP];
        let len = if name.len() <= NAME_CAP {
            buf[..name.len()].copy_from_slice(name.as_bytes());
            name.len()
        } else {
            0
        };
        Unit {
            factor,
            dim,
            len: len as u8,
            name: buf,
        }
    }

    /// How many base units one of this unit is (`GB` → 1e9, `bit` → 0.125, `ms` → 0.001).
    pub fn factor(&self) -> f64 {
        self.factor
    }

    /// The dimension of the unit.
    pub fn dim(&self) -> Dim {
        self.dim
    }

    /// The unit as written (`TB/s`), or its canonical formula when the spelling was longer
    /// than the inline buffer.
    pub fn name(&self) -> std::borrow::Cow<'_, str> {
        if self.len == 0 {
            return std::borrow::Cow::Owned(self.dim.to_string());
        }
        // The buffer only ever holds a whole `&str`, so this cannot fail.
        std::borrow::Cow::Borrowed(
            std::str::from_utf8(&self.name[..self.len as usize]).unwrap_or(""),
        )
    }
}

impl fmt::Debug for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Unit")
            .field("name", &self.name())
            .field("factor", &self.factor)
            .field("dim", &self.dim)
            .finish()
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(w: &str) -> Option<f64> {
        lookup(w).map(|(f, _)| f)
    }

    #[test]
    fn every_prefix_passes_the_first_byte_gate() {
        for &(p, _, _) in SHORT.iter().chain(LONG) {
            assert!(may_start_a_prefix(p.as_bytes().first().copied()), "{p}");
        }
        assert_eq!(f("kilobytes"), Some(1e3));
        assert_eq!(f("µs"), Some(1e-6));
        assert_eq!(f("measurement"), None);
    }

    #[test]
    fn prefixes() {
        assert_eq!(f("GB"), Some(1e9));
        assert_eq!(f("GiB"), Some(1_073_741_824.0));
        assert_eq!(f("KB"), Some(1e3));
        assert_eq!(f("kB"), Some(1e3));
        assert_eq!(f("Gb"), Some(1.25e8));
        assert_eq!(f("Mbit"), Some(125_000.0));
        assert_eq!(f("ms"), Some(1e-3));
        assert_eq!(f("µs"), Some(1e-6));
        assert_eq!(f("μs"), Some(1e-6));
        assert_eq!(f("us"), Some(1e-6));
        assert_eq!(f("min"), Some(60.0));
        assert_eq!(f("u"), Some(3600.0));
        assert_eq!(f("us"), Some(1e-6));
        assert_eq!(f("gigabytes"), Some(1e9));
        assert_eq!(f("milliseconds"), Some(1e-3));
        assert_eq!(f("kWh"), Some(3.6e6));
        assert_eq!(lookup("TOPS"), Some((1e12, Dim::COMPUTE_RATE)));
        assert_eq!(lookup("TFLOPs"), Some((1e12, Dim::OPERATION)));
    }

    fn close(w: &str, factor: f64, dim: Dim) {
        let (f, d) = lookup(w).unwrap_or_else(|| panic!("{w} is no unit"));
        assert!(
            (f - factor).abs() <= 1e-12 * factor,
            "{w}: {f} for {factor}"
        );
        assert_eq!(d, dim, "{w}");
    }

    #[test]
    fn mass_amount_and_volume() {
        for (w, factor) in [
            ("g", 1e-3),
            ("kg", 1.0),
            ("mg", 1e-6),
            ("µg", 1e-9),
            ("μg", 1e-9),
            ("mcg", 1e-9),
            ("gram", 1e-3),
            ("grams", 1e-3),
            ("gramme", 1e-3),
            ("kilogram", 1.0),
            ("kilograms", 1.0),
            ("milligrams", 1e-6),
        ] {
            close(w, factor, Dim::MASS);
        }
        for (w, factor) in [
            ("mol", 1.0),
            ("mmol", 1e-3),
            ("µmol", 1e-6),
            ("kmol", 1e3),
            ("mole", 1.0),
            ("moles", 1.0),
            ("millimoles", 1e-3),
        ] {
            close(w, factor, Dim::AMOUNT);
        }
        for (w, factor) in [
            ("L", 1e-3),
            ("l", 1e-3),
            ("mL", 1e-6),
            ("ml", 1e-6),
            ("cl", 1e-5),
            ("dL", 1e-4),
            ("hL", 0.1),
            ("µL", 1e-9),
            ("liter", 1e-3),
            ("litres", 1e-3),
            ("milliliter", 1e-6),
            ("millilitres", 1e-6),
            ("centiliter", 1e-5),
            ("deciliter", 1e-4),
        ] {
            close(w, factor, Dim::VOLUME);
        }
        close("cm", 0.01, Dim::LENGTH);
        close("dm", 0.1, Dim::LENGTH);
        close("centimetre", 0.01, Dim::LENGTH);
    }

    #[test]
    fn mass_and_volume_words_that_are_no_unit() {
        // `G` is giga, never a gram: `4G`, `5G`; `Mg` is magnesium, `pg` a page, `Kg` a
        // misspelling; `nl` and `pl` are language codes; `t`, `ton` and `kilo` are left out.
        for w in [
            "G", "Mg", "Gg", "pg", "ng", "Kg", "nl", "pl", "Ml", "kl", "kL", "El", "t", "ton",
            "tons", "kilo", "kilos", "cc", "cg", "mml", "gl", "Mol", "MOL", "cs", "cB", "dB",
        ] {
            assert_eq!(lookup(w), None, "{w}");
        }
    }

    #[test]
    fn refusals() {
        for w in [
            "b", "mB", "pB", "kmin", "Th", "GiFLOP", "msec", "FP16", "in", "to", "Mis",
        ] {
            assert_eq!(lookup(w), None, "{w}");
        }
    }

    #[test]
    fn suggestions() {
        assert_eq!(suggest("gb").as_deref(), Some("GB"));
        assert_eq!(suggest("Tflops").as_deref(), Some("TFLOPS"));
        assert_eq!(suggest("tokns").as_deref(), Some("tokens"));
        assert_eq!(suggest("mB").as_deref(), Some("MB"));
        assert_eq!(suggest("xyzzy"), None);
    }

    /// [`base`] as first written, one `match`.
    fn base_reference(name: &str) -> Option<Base> {
        use Prefixes::*;
        // Most lookups are for one- or two-letter symbols; answer those before the long list.
        match name {
            "B" => return Some(unit(1.0, B, Information, true, false)),
            "s" => return Some(unit(1.0, S, All, true, false)),
            _ if name.len() <= 1
                && !matches!(
                    name,
                    "b" | "h" | "u" | "W" | "J" | "A" | "C" | "V" | "m" | "T" | "g" | "L" | "l"
                ) =>
            {
                return Option::None;
            }
            _ => {}
        }
        Some(match name {
            "B" => unit(1.0, B, Information, true, false),
            "byte" | "bytes" => unit(1.0, B, Information, true, true),
            "bit" | "bits" => unit(0.125, B, Information, true, true),
            "b" => Base {
                needs_prefix: true,
                ..unit(0.125, B, Information, true, false)
            },
            "bps" => unit(0.125, Dim::DATA_RATE, Information, true, false),
            "T" => Base {
                needs_prefix: true,
                ..unit(1.0, Dim::NONE, Large, true, false)
            },
            "FLOP" | "FLOPs" => unit(1.0, OP, Large, true, false),
            "FLOPS" => unit(1.0, Dim::COMPUTE_RATE, Large, true, false),
            "OP" | "OPs" => unit(1.0, OP, Large, true, false),
            "OPS" => unit(1.0, Dim::COMPUTE_RATE, Large, true, false),
            "s" => unit(1.0, S, All, true, false),
            "sec" => unit(1.0, S, None, false, false),
            "second" | "seconds" | "seconde" | "seconden" => unit(1.0, S, All, false, true),
            "min" | "minute" | "minutes" | "minuut" | "minuten" => {
                unit(60.0, S, None, false, false)
            }
            "h" | "hour" | "hours" | "uur" | "u" => unit(3600.0, S, None, false, false),
            "dag" | "dagen" | "day" | "days" => unit(86_400.0, S, None, false, false),
            "week" | "weken" | "weeks" => unit(604_800.0, S, None, false, false),
            "maand" | "maanden" | "month" | "months" => unit(YEAR / 12.0, S, None, false, false),
            "jaar" | "jaren" | "year" | "years" => unit(YEAR, S, None, false, false),
            "Hz" => unit(1.0, Dim::FREQUENCY, All, true, false),
            "hertz" => unit(1.0, Dim::FREQUENCY, All, false, true),
            "W" => unit(1.0, Dim::POWER, All, true, false),
            "watt" | "watts" => unit(1.0, Dim::POWER, All, false, true),
            "J" => unit(1.0, Dim::ENERGY, All, true, false),
            "joule" | "joules" => unit(1.0, Dim::ENERGY, All, false, true),
            "Wh" => unit(3600.0, Dim::ENERGY, Large, true, false),
            "Wp" => unit(1.0, Dim::POWER, Large, true, false),
            "A" => unit(1.0, Dim::CURRENT, All, true, false),
            "ampere" | "ampère" => unit(1.0, Dim::CURRENT, All, false, true),
            "Ah" => unit(3600.0, Dim::CHARGE, All, true, false),
            "C" => unit(1.0, Dim::CHARGE, All, true, false),
            "coulomb" => unit(1.0, Dim::CHARGE, All, false, true),
            "V" => unit(1.0, Dim::VOLTAGE, All, true, false),
            "volt" => unit(1.0, Dim::VOLTAGE, All, false, true),
            "m" => unit(1.0, Dim::LENGTH, All, true, false),
            "metre" | "meter" => unit(1.0, Dim::LENGTH, All, false, true),
            "cm" => unit(0.01, Dim::LENGTH, None, false, false),
            "dm" => unit(0.1, Dim::LENGTH, None, false, false),
            "g" => unit(1e-3, Dim::MASS, None, false, false),
            "kg" => unit(1.0, Dim::MASS, None, false, false),
            "mg" => unit(1e-6, Dim::MASS, None, false, false),
            "µg" | "μg" | "mcg" => unit(1e-9, Dim::MASS, None, false, false),
            "gram" | "grams" | "gramme" | "grammes" => unit(1e-3, Dim::MASS, All, false, true),
            "mol" => unit(1.0, Dim::AMOUNT, All, true, false),
            "mole" | "moles" => unit(1.0, Dim::AMOUNT, All, false, true),
            "L" | "l" => unit(1e-3, Dim::VOLUME, None, false, false),
            "mL" | "ml" => unit(1e-6, Dim::VOLUME, None, false, false),
            "cL" | "cl" => unit(1e-5, Dim::VOLUME, None, false, false),
            "dL" | "dl" => unit(1e-4, Dim::VOLUME, None, false, false),
            "hL" | "hl" => unit(0.1, Dim::VOLUME, None, false, false),
            "µL" | "µl" | "μL" | "μl" => unit(1e-9, Dim::VOLUME, None, false, false),
            "liter" | "liters" | "litre" | "litres" => unit(1e-3, Dim::VOLUME, All, false, true),
            "param" | "params" | "parameter" | "parameters" => {
                unit(1.0, Dim::PARAMETER, Large, true, false)
            }
            "token" | "tokens" => unit(1.0, Dim::TOKEN, Large, true, false),
            "EUR" | "euro" | "euros" => unit(1.0, Dim::EURO, None, false, false),
            "USD" | "dollar" | "dollars" => unit(1.0, Dim::DOLLAR, None, false, false),
            "kN" => unit(1e3, Dim::FORCE, None, false, false),
            "newton" => unit(1.0, Dim::FORCE, All, false, true),
            "Pa" => unit(1.0, Dim::PRESSURE, All, true, false),
            "hPa" | "mbar" => unit(100.0, Dim::PRESSURE, None, false, false),
            "pascal" => unit(1.0, Dim::PRESSURE, All, false, true),
            "bar" => unit(1e5, Dim::PRESSURE, None, false, false),
            "Ω" => unit(1.0, Dim::RESISTANCE, All, true, false),
            "ohm" => unit(1.0, Dim::RESISTANCE, All, false, true),
            "cal" => unit(4.184, Dim::ENERGY, None, false, false),
            "kcal" => unit(4184.0, Dim::ENERGY, None, false, false),
            "ft" | "foot" | "feet" => unit(0.3048, Dim::LENGTH, None, false, false),
            "inch" | "inches" => unit(0.0254, Dim::LENGTH, None, false, false),
            "yd" | "yard" | "yards" => unit(0.9144, Dim::LENGTH, None, false, false),
            "mi" | "mile" | "miles" | "landmijl" | "landmijlen" => {
                unit(1609.344, Dim::LENGTH, None, false, false)
            }
            "NM" | "nmi" | "zeemijl" | "zeemijlen" => unit(1852.0, Dim::LENGTH, None, false, false),
            "kn" | "knot" | "knots" | "knoop" | "knopen" => {
                unit(1852.0 / 3600.0, Dim::SPEED, None, false, false)
            }
            "mph" => unit(0.447_04, Dim::SPEED, None, false, false),
            "lb" | "lbs" => unit(0.453_592_37, Dim::MASS, None, false, false),
            "oz" => unit(0.028_349_523_125, Dim::MASS, None, false, false),
            "psi" => unit(6_894.757_293_168, Dim::PRESSURE, None, false, false),
            "tonne" | "tonnes" => unit(1e3, Dim::MASS, None, false, false),
            "ha" | "hectare" | "hectares" => unit(1e4, Dim::AREA, None, false, false),
            "acre" | "acres" => unit(4_046.856_422_4, Dim::AREA, None, false, false),
            "mijl" | "mijlen" => unit(1609.344, Dim::LENGTH, None, false, false),
            "AU" | "AE" => unit(1.495_978_707e11, Dim::LENGTH, None, false, false),
            "ly" | "lichtjaar" | "lichtjaren" | "light-year" | "light-years" => {
                unit(9.460_730_472_580_8e15, Dim::LENGTH, None, false, false)
            }
            "parsec" | "parsecs" => unit(3.085_677_581_491_367e16, Dim::LENGTH, None, false, false),
            _ => return Option::None,
        })
    }

    /// [`lookup`] as first written, with no gate before the prefixes.
    fn lookup_reference(word: &str) -> Option<(f64, Dim)> {
        if let Some(b) = base_reference(word)
            && !b.needs_prefix
        {
            return Some((b.factor, b.dim));
        }
        let first = word.as_bytes().first().copied();
        // Most prose words end here.
        if !may_start_a_prefix(first) {
            return None;
        }
        for &(p, factor, kind) in SHORT {
            if p.as_bytes().first().copied() != first {
                continue;
            }
            if let Some(rest) = word.strip_prefix(p)
                && let Some(b) = base_reference(rest)
                && b.short
                && admits(b.prefixes, kind)
            {
                return Some((factor * b.factor, b.dim));
            }
        }
        if word.len() > 4 {
            for &(p, factor, kind) in LONG {
                // Most words looked up are ordinary prose words: compare one byte before the rest.
                if p.as_bytes().first().copied() != first {
                    continue;
                }
                if let Some(rest) = word.strip_prefix(p)
                    && let Some(b) = base_reference(rest)
                    && b.long
                    && admits(b.prefixes, kind)
                {
                    return Some((factor * b.factor, b.dim));
                }
            }
        }
        None
    }

    /// Words to look up: every entry with every prefix, in three cases, cut short and
    /// lengthened, and every word of the bank texts and test fixtures in this repository.
    fn words() -> Vec<String> {
        let mut words: Vec<String> = Vec::new();
        let prefixes = SHORT.iter().chain(LONG).map(|p| p.0).chain([""]);
        for p in prefixes {
            for (n, _) in LEXICON
                .iter()
                .chain(&[("", LEXICON[0].1), ("x", LEXICON[0].1)])
            {
                let w = format!("{p}{n}");
                for w in [w.to_lowercase(), w.to_uppercase(), w.clone()] {
                    for cut in 0..=w.len() {
                        if w.is_char_boundary(cut) {
                            words.push(w[cut..].to_string());
                            words.push(w[..cut].to_string());
                        }
                    }
                    words.push(format!("{w}s"));
                    words.push(w);
                }
            }
        }
        for text in crate::test_texts::repository_texts() {
            words.extend(
                text.split(|c: char| !c.is_alphanumeric())
                    .filter(|w| !w.is_empty())
                    .map(str::to_string),
            );
        }
        words
    }

    #[test]
    fn lookup_agrees_with_its_reference() {
        let words = words();
        assert!(words.len() > 10_000, "{}", words.len());
        for w in &words {
            assert_eq!(lookup(w), lookup_reference(w), "{w:?}");
            assert_eq!(
                base(w).map(|b| (b.factor, b.dim, b.needs_prefix)),
                base_reference(w).map(|b| (b.factor, b.dim, b.needs_prefix)),
                "{w:?}"
            );
        }
    }
}
