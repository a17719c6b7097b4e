//! The command-line interface: what `quizkit --help` shows.

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Args, Parser, ValueEnum};

use crate::commands::Command;

/// Lint multiple-choice question banks kept as TOML, and export them.
#[derive(Debug, Parser)]
#[command(
    name = "quizkit",
    version = crate::VERSION,
    about,
    after_help = "Examples:\n  quizkit lint                    lint the bank in ./questions (or the nearest quizkit.toml)\n  quizkit lint path/to/bank --format json\n  quizkit schema questions        print the JSON Schema of question files\n\nExit codes: 0 clean, 1 content errors found, 2 usage or I/O failure."
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// Options every command takes.
    #[command(flatten)]
    pub global: GlobalArgs,
}

/// Options every command takes.
#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// When to use colour: auto (a terminal, and NO_COLOR unset), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Print only the findings, no summary.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Print what is being done, and timings, on standard error.
    #[arg(short, long, global = true)]
    pub verbose: bool,
}

/// When to colour output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// When writing to a terminal and NO_COLOR is not set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl GlobalArgs {
    /// Whether to colour what goes to standard output.
    pub fn color_stdout(&self) -> bool {
        self.use_color(std::io::stdout().is_terminal())
    }

    /// Whether to colour what goes to standard error.
    pub fn color_stderr(&self) -> bool {
        self.use_color(std::io::stderr().is_terminal())
    }

    fn use_color(&self, terminal: bool) -> bool {
        match self.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// A bank path argument: the bank folder, its `quizkit.toml`, or nothing for the default.
#[derive(Debug, Args)]
pub struct BankArg {
    /// The bank: a folder with quizkit.toml, or the file itself. Default: ./questions, else the
    /// nearest quizkit.toml in this folder or above.
    pub path: Option<PathBuf>,
}
