//! The quizkit command line: the only part of quizkit that reads the disk, the environment and
//! the clock, writes files, and prints.

pub mod cli;
pub mod commands;
pub mod fsio;
pub mod media;
pub mod output;

use std::process::ExitCode;

use clap::Parser;

/// What `quizkit --version` prints after the name: the version and the git commit of the build
/// ("unknown" for a build outside a git checkout and not from a packaged crate).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("QUIZKIT_COMMIT"),
    ")"
);

/// Exit code: everything checked is clean.
pub const EXIT_OK: u8 = 0;
/// Exit code: the content has errors (or warnings, with `--error-on warning`).
pub const EXIT_CONTENT: u8 = 1;
/// Exit code: a usage error, or the disk failed us.
pub const EXIT_FAILURE: u8 = 2;

/// Runs the command line and returns the process's exit code.
pub fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let code = match commands::run(&cli) {
        Ok(code) => code,
        Err(err) => {
            output::human::print_error(&cli.global, &err);
            EXIT_FAILURE
        }
    };
    ExitCode::from(code)
}
