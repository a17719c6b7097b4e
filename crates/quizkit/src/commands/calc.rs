//! `quizkit calc`: evaluate an expression, or check a claim, in the quantity language that
//! `checks` use.

use std::io::Write;

use clap::Args;
use miette::{GraphicalReportHandler, GraphicalTheme, NamedSource, Report};
use quizkit_quantity::{Error, Options, check, eval};

use crate::cli::GlobalArgs;
use crate::fsio::Failure;
use crate::{EXIT_CONTENT, EXIT_FAILURE, EXIT_OK};

/// What `quizkit calc --help` says after the options: the spellings, the rule for `=`, the
/// slip factors, examples.
const AFTER_HELP: &str = "\
Numbers are written as prose writes them: thousands with a space (also a no-break, thin or
narrow no-break space) or a comma, the same one throughout (`2 000 000`, `16 384`,
`10,000,000`); `.` is the decimal mark. Inside min(...) and max(...) a comma separates the
arguments.

`=` holds when the computed value rounds to the stated one at the precision it is written
with (`112 GB`: ±0.5 GB). But a claim whose computed value is a known slip factor away from
the stated one fails with that hint, whatever the written precision: 8 (bits and bytes),
1.024^n (GB and GiB, with a unit of information), 1000^n (a prefix), 2. So
`1 GB = 1 GiB` fails, though half a unit of a stated `1` is ±50%.

A plain × 8 or ÷ 8 between bits and bytes is read as the conversion when only so the claim
holds (`1 500 B × 8 = 12 000 bit`, `100 Mbit/s ÷ 8 = 12.5 MB/s`); so is any plain factor that
is exactly the ratio of the units on the two sides (`4 000 s / 60 = 66.7 min`).

Examples:
  quizkit calc \"7e9 * 16 B -> GB\"               prints 112 GB
  quizkit calc \"14 GB / (2 TB/s) = 7 ms\"        checks the claim; exit 1 when it does not hold
  quizkit calc \"2 000 000 × 250 B = 500 MB\"     holds
  quizkit calc \"1 GB = 1 GiB\"                   fails: GB and GiB mixed up?";

/// Arguments of `quizkit calc`.
#[derive(Debug, Args)]
#[command(after_help = AFTER_HELP)]
pub struct CalcArgs {
    /// An expression (`7e9 * 16 B -> GB`) or a claim (`14 GB / (2 TB/s) = 7 ms`, `≈` for
    /// approximately).
    pub expression: String,
    /// The most a `≈` claim allows, relative; within it, one unit in the last significant
    /// digit of the stated value or 2%, whichever is larger.
    #[arg(long, default_value_t = 0.10)]
    pub tolerance: f64,
}

/// Runs `quizkit calc`: exit 0 when the value was computed or the claim holds, 1 when the claim
/// does not hold, 2 when the input cannot be evaluated.
pub fn run(global: &GlobalArgs, args: &CalcArgs) -> Result<u8, Failure> {
    let options = Options {
        tolerance: args.tolerance,
    };
    let (text, code) = match check(&args.expression, &options) {
        Ok(outcome) => (
            outcome.to_string(),
            if outcome.holds { EXIT_OK } else { EXIT_CONTENT },
        ),
        Err(Error::NotAClaim { .. }) => match eval(&args.expression) {
            Ok(value) => (value.to_string(), EXIT_OK),
            Err(err) => return Ok(report(global, &args.expression, err)),
        },
        Err(err) => return Ok(report(global, &args.expression, err)),
    };
    let mut stdout = std::io::stdout();
    writeln!(stdout, "{text}")
        .map_err(|e| Failure::new(format!("cannot write to standard output: {e}")))?;
    Ok(code)
}

/// Renders an evaluation error with its span on standard error.
fn report(global: &GlobalArgs, expression: &str, err: Error) -> u8 {
    let report =
        Report::new(err).with_source_code(NamedSource::new("expression", expression.to_owned()));
    let theme = if global.color_stderr() {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let mut out = String::new();
    let _ = GraphicalReportHandler::new_themed(theme).render_report(&mut out, report.as_ref());
    let _ = std::io::stderr().write_all(out.as_bytes());
    EXIT_FAILURE
}
