//! The `quizkit` command.

use std::process::ExitCode;

fn main() -> ExitCode {
    quizkit::main()
}
