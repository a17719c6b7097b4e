//! Unit-aware numbers for quizkit: evaluate `7e9 * 16 B -> GB`, check claims like
//! `14 GB / (2 TB/s) = 7 ms`, and find such claims in Dutch and English prose.
//!
//! ```
//! use quizkit_quantity::{check, eval, extract_claims, Lang, Options, Verdict};
//!
//! assert_eq!(eval("7e9 * (4 + 4 + 4 + 4) B")?.to_string(), "112 GB");
//! assert_eq!(eval("14 GB / (2 TB/s)")?.to_string(), "7 ms");
//! assert_eq!(eval("7e9 * 16 B -> MB")?.to_string(), "112000 MB");
//!
//! let o = check("7e9 * 16 bit = 112 GB", &Options::default())?;
//! assert!(!o.holds);
//! assert_eq!(o.to_string(), "fails: computed 14 GB, stated 112 GB \
//!     (the stated value is 8× the computed one: bits and bytes mixed up?)");
//!
//! let claims = extract_claims("Dus 7 miljard × 16 bytes = 112 GB.", Lang::Nl);
//! assert_eq!(claims[0].expr, "7 miljard * 16 bytes = 112 GB");
//! assert!(matches!(claims[0].evaluate(&Options::default()), Verdict::Holds(_)));
//! # Ok::<(), quizkit_quantity::Error>(())
//! ```
//!
//! # The language
//!
//! - **Numbers**: `7`, `3.5`, `.5`, `7e9`, `1.2E-3`, `7_000_000`, and thousands as prose
//!   writes them: `2 000 000` (also with a no-break, thin or narrow no-break space),
//!   `10,000,000` (a comma outside `min(…)`/`max(…)`), one separator throughout. A count word after a number
//!   scales it: `thousand`/`duizend`, `million`/`miljoen`, `billion`/`miljard` (1e9),
//!   `trillion`/`biljoen` (1e12). `K`/`k`, `M`, `B`, `T` glued to a number are counts too:
//!   `7B` is 7e9, as in "a 7B model", so write `2 B` (with a space) for two bytes. `50%` is 0.5.
//! - **Units** (case-sensitive): `B`/`byte`/`bytes`, `bit`/`bits` (and `b` after a prefix:
//!   `Gb`), `bps`, `FLOP`/`FLOPs`, `FLOPS` (= FLOP/s), `OP`/`OPs`, `OPS` (`TOPS`), `s`/`sec`/
//!   `second(s)`, `min`, `h`/`hour(s)`, `Hz`, `W`, `Wp`, `J`, `Wh`, `A`, `Ah`, `C`, `V`, `m`,
//!   `param(s)`/`parameter(s)`, `token(s)`, `T` after a prefix (transfers: `MT/s`), `EUR`/`euro(s)`,
//!   `USD`/`dollar(s)`; mass `g`, `kg`, `mg`, `µg`, `gram(s)`; amount of substance `mol`
//!   (`mmol`, `µmol`), `mole(s)`; volume `L`/`l`, `mL`/`ml`, `cL`, `dL`, `µL`, `liter(s)`/`litre(s)`,
//!   and `cm`, `dm` (`cm³`). Prefixes: `k` (also `K`) `M` `G` `T` `P` `E` on every unit but `min`/`h` and money;
//!   `m` `µ`/`μ`/`u` `n` `p` on `s`, `Hz`, `W`, `J`; `Ki` `Mi` `Gi` `Ti` `Pi` `Ei` on bytes
//!   and bits; long forms on long names (`gigabytes`, `milliseconds`, `kilowatt`).
//! - **Dimensions** are exponents over eleven bases: information (bytes; a bit is 1/8 B),
//!   operations, time, parameters, tokens, electric current, mass, length (a volume is a
//!   length cubed), amount of substance, and money in
//!   euros (`EUR`, `euro`) and in US dollars (`USD`, `dollar`), which never convert into each
//!   other; in prose `€ 0,45`, `€0.45` and `$0.12` are money too. `FLOP` and `OP` share the operation
//!   dimension, so `TOPS` and `TFLOPS` compare. `Hz` is 1/s, `W` is J/s, `J` is kg·m²/s².
//! - **Compound units** are written without spaces and bind to their number: `2 TB/s`,
//!   `10 FLOP/byte`, `2 B/param`, `W·h`, `s^-1`, `B²`. So `14 GB / 2 TB/s` divides by
//!   2 TB/s, as a reader expects; `14 GB / 2 TB / s` does not.
//! - **Operators**: `+ - − * × · / ÷ ^` (right-associative; superscripts `4096³` too),
//!   parentheses, unary minus, `min(a, b, …)`, `max(a, b, …)`. A unit after a power applies to
//!   the power: `2^3 B` is 8 B.
//! - **Conversion**: `expr -> unit`, `expr → unit`, `expr to unit`, `expr in unit` set the
//!   unit the result is shown in: `7e9 * 16 B -> GB`.
//! - **Claims** ([`check`]): `expr = value`, `expr ≈ value`, `expr ~ value`, optionally with
//!   `± 5%` or `± 0.5 ms`. `=` holds when `|computed − expected|` is at most half a unit in
//!   the last written digit of the expected value (`112 GB`: ±0.5 GB; `3.5 GB`: ±0.05 GB;
//!   `8.4e22`: ±0.05e22); when the right side is an expression, `=` means equal to 1e-9
//!   relative. `≈` holds within half a unit in the last significant digit of the expected value
//!   (`≈ 6.6 ms`: ±0.05 ms; `≈ 1 600 MB`: ±50 MB, trailing zeros not being significant; a
//!   whole unit for digits cut off with `…`), and never more than [`Options::tolerance`] (10%). Unless a
//!   tolerance is stated, a claim whose computed value is a slip factor (8, 1.024ⁿ, 1000ⁿ, 2;
//!   [`HintKind`]) away from the stated one fails whatever the written precision: `1 GB = 1
//!   GiB` fails. A plain `× 8`/`÷ 8` between bytes and bits, or any plain factor that is
//!   exactly the ratio of the units of the two sides, is read as that conversion when only so
//!   the claim holds (`100 Mbit/s ÷ 8 = 12.5 MB/s`, [`Outcome::bit_byte_idiom`]).
//!
//! Results display with the best prefix of a canonical unit (`112 GB`, `7 ms`,
//! `20 TFLOP/s`, `137.439 GFLOP`, `8.4e22 FLOP`), six significant digits, or in the unit a
//! conversion or a claim's expected value names.
//!
//! # Prose
//!
//! [`extract_claims`] finds claims in Dutch or English prose and Markdown: `7 miljard × 16
//! bytes = 112 GB`, `14 GB / 2 TB/s ≈ 7 ms`, `10 FLOP/B × 2 TB/s is about 20 TFLOPS`. Numbers
//! follow the language, as [`Lang::number_style`] and [`NumberStyle`] say (`3,5`,
//! `1.000` and `2 000 000` in Dutch, `2,000,000` in English; IP addresses, versions and bit
//! patterns are no numbers); chains check each step against the one before, and two values
//! in different units are a conversion claim; `×`, `·`, `x`, "keer", "times",
//! "gedeeld door" are operators; "twice", "half of", "a third of", "een kwart van", "de helft
//! van" are factors; `≈`, `~`, "is ongeveer", "is about", "= circa" mean `≈`, and a plain "is"
//! after a computation states its result (`7 × 16 GB is 112 GB`).
//! A claim needs an operator on one side and a relation; version numbers (`FP16`, `H100`,
//! `W4A16`), ratios (`2:4`), dates, a range on one side only (`≈ 70–80 ms`; between two
//! ranges, both ends are checked), list numbering, parenthetical asides
//! (`(FP16)`), emphasis and inline code marks do not make or break one. Each claim comes with
//! its byte span and a normalized expression; [`ProseClaim::evaluate`] says whether it
//! [holds](Verdict::Holds), is [wrong](Verdict::Wrong), or [could not be
//! evaluated](Verdict::Unevaluable), with spans mapped back into the text. When the text
//! writes the unit on one side only (`4 + 4 + 4 + 4 = 16 bytes`) the extractor supplies it
//! and says so in [`ProseClaim::implied_unit`].
//!
//! # Limits
//!
//! Inputs over [`MAX_LEN`] bytes and nesting deeper than [`MAX_DEPTH`] are refused; so are
//! NaN, infinities and overflow (`1e999999`, `2^2^2^2^2^2`). Evaluation is one pass over the
//! bytes with no allocation unless there is an error: a typical claim costs about 4,000
//! instructions, under a microsecond (over 2 million checks per CPU second on the shared
//! machines here; the workspace's `BENCHMARKS.md` has the figures and the ratio against
//! fend-core).
//!
//! Errors are [`miette::Diagnostic`]s whose spans are byte ranges into the string given;
//! [`Error::offset`] shifts them to where that string sits in a file.

mod claim;
mod dim;
mod error;
mod eval;
mod gate;
mod latex;
mod lexer;
mod numbers;
mod prose;
mod quantity;
mod temperature;
#[cfg(test)]
mod test_texts;
mod unit;

pub use claim::{Hint, HintKind, Options, Outcome, Relation, Tolerance, check, stated};
pub use dim::{Base, Dim};
pub use error::Error;
pub use eval::{MAX_DEPTH, MAX_LEN, eval};
pub use latex::{PlainMath, plain_math};
pub use numbers::{NumberStyle, ProseNumber, numbers};
pub use prose::{Lang, Operands, ProseClaim, Verdict, extract_claims, extract_claims_in};
pub use quantity::Quantity;
pub use unit::Unit;
