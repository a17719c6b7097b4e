//! `quizkit calc`: evaluate an expression, or check a claim, in the quantity language that
//! `checks` use.

use std::io::Write;

use clap::Args;
use miette::{GraphicalReportHandler, GraphicalTheme, NamedSource, Report};
use quizkit_quantity::{Error, Options, check, eval};

use crate::cli::GlobalArgs;
use crate::fsio::Failure;
use crate::{EXIT_CONTENT, EXIT_FAILURE, EXIT_OK};

/// Arguments of `quizkit calc`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  quizkit calc \"7e9 * 16 B -> GB\"          prints 112 GB\n  quizkit calc \"14 GB / (2 TB/s) = 7 ms\"   checks the claim; exit 1 when it does not hold"
)]
pub struct CalcArgs {
    /// An expression (`7e9 * 16 B -> GB`) or a claim (`14 GB / (2 TB/s) = 7 ms`, `≈` for
    /// approximately).
    pub expression: String,
    /// The relative tolerance of `≈` claims.
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
