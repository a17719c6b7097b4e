//! Human output: one miette report per finding, with the label on the exact characters
//! ([`quizkit_model::render`], which the lint crate's snapshot tests render with too).

use std::io::Write;

use crate::cli::GlobalArgs;
use crate::fsio::Failure;

pub use quizkit_model::render::{plural, render, summary};

/// Width reports are wrapped at.
pub const WIDTH: usize = 100;

/// Prints a failure (usage or I/O) on standard error.
pub fn print_error(global: &GlobalArgs, failure: &Failure) {
    let out = quizkit_model::render::render_failure(
        &failure.message,
        failure.help.as_deref(),
        global.color_stderr(),
        WIDTH,
    );
    let _ = std::io::stderr().write_all(out.as_bytes());
}
