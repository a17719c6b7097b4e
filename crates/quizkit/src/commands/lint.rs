//! `quizkit lint`: check a bank and report what is wrong.

use std::io::Write;

use clap::{Args, ValueEnum};
use quizkit_model::Severity;

use crate::cli::{BankArg, GlobalArgs};
use crate::fsio::{Failure, load_bank};
use crate::output::{self, Findings};
use crate::{EXIT_CONTENT, EXIT_OK};

/// Arguments of `quizkit lint`.
#[derive(Debug, Args)]
pub struct LintArgs {
    /// The bank to check.
    #[command(flatten)]
    pub bank: BankArg,
    /// How to print the findings.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// The lowest severity that makes the run fail (exit 1).
    #[arg(long, value_enum, default_value_t = FailLevel::Error)]
    pub error_on: FailLevel,
}

/// Output formats of `quizkit lint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Reports with the source, for people.
    Human,
    /// A JSON array of findings.
    Json,
}

/// Which severity fails the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailLevel {
    /// Only errors fail the run.
    Error,
    /// Warnings and errors fail the run.
    Warning,
}

/// Runs `quizkit lint`.
pub fn run(global: &GlobalArgs, args: &LintArgs) -> Result<u8, Failure> {
    let (root, loaded) = load_bank(args.bank.path.as_deref())?;
    let findings = Findings {
        root: &root,
        sources: &loaded.sources,
        diagnostics: &loaded.diagnostics,
    };
    let text = match args.format {
        Format::Human => {
            let mut text =
                output::human::render(&findings, global.color_stdout(), output::human::WIDTH);
            if !global.quiet {
                if loaded.diagnostics.is_empty() {
                    let questions = loaded.bank.as_ref().map_or(0, |b| b.question_count());
                    text.push_str(&format!("All checks passed: {questions} questions.\n"));
                } else {
                    text.push_str(&output::human::summary(&loaded.diagnostics));
                    text.push('\n');
                }
            }
            text
        }
        Format::Json => output::json::render(&findings),
    };
    std::io::stdout()
        .write_all(text.as_bytes())
        .map_err(|e| Failure::new(format!("cannot write to standard output: {e}")))?;
    let fails = |s: Severity| match args.error_on {
        FailLevel::Error => s == Severity::Error,
        FailLevel::Warning => s <= Severity::Warning,
    };
    Ok(if loaded.diagnostics.iter().any(|d| fails(d.severity)) {
        EXIT_CONTENT
    } else {
        EXIT_OK
    })
}
