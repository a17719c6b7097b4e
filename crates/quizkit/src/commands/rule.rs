//! `quizkit rule`: the rule catalogue, and one rule's documentation.

use std::io::Write;

use clap::{Args, ValueEnum};
use quizkit_lint::rules::ALL;
use quizkit_model::load;
use quizkit_model::suggest::did_you_mean;

use crate::EXIT_OK;
use crate::cli::GlobalArgs;
use crate::fsio::Failure;

/// Arguments of `quizkit rule`.
#[derive(Debug, Args)]
pub struct RuleArgs {
    /// A rule's name or code: print its documentation. Without it, every rule is listed.
    pub name: Option<String>,
    /// How to list the rules.
    #[arg(long, value_enum, default_value_t = ListFormat::Text, conflicts_with = "name")]
    pub format: ListFormat,
}

/// How `quizkit rule` lists the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// Aligned columns.
    Text,
    /// A Markdown table, as in the README.
    Markdown,
}

/// The catalogue as aligned columns: code, name, default level, summary.
pub fn list_text() -> String {
    let width = ALL.iter().map(|r| r.name.len()).max().unwrap_or(0);
    let mut out = String::new();
    for r in ALL {
        out.push_str(&format!(
            "{}  {:<width$}  {:<7}  {}\n",
            r.code,
            r.name,
            r.level.as_str(),
            r.summary
        ));
    }
    out
}

/// The catalogue as a Markdown table.
pub fn list_markdown() -> String {
    let mut out =
        String::from("| code | name | group | default | what it finds |\n|---|---|---|---|---|\n");
    for r in ALL {
        out.push_str(&format!(
            "| {} | `{}` | {} | {} | {} |\n",
            r.code,
            r.name,
            r.group(),
            r.level.as_str(),
            r.summary.replace('|', "\\|")
        ));
    }
    out
}

/// The documentation of the rule or loader code called `name`.
pub fn docs(name: &str) -> Result<String, Failure> {
    if let Some(r) = quizkit_lint::rule(name) {
        return Ok(format!(
            "# {} {}\n\n{} Group: {}. Default: {}.\n\n{}",
            r.code,
            r.name,
            r.summary,
            r.group(),
            r.level.as_str(),
            r.docs
        ));
    }
    if let Some((code, loader_name, meaning)) = load::CODES
        .iter()
        .find(|(code, n, _)| code.eq_ignore_ascii_case(name) || *n == name)
    {
        return Ok(format!(
            "# {code} {loader_name}\n\n{meaning}\n\nReported by the loader while it reads the bank; it cannot be switched off.\n"
        ));
    }
    let candidates = ALL
        .iter()
        .flat_map(|r| [r.name, r.code])
        .chain(load::CODES.iter().flat_map(|(c, n, _)| [*c, *n]));
    let failure = Failure::new(format!("no rule is called `{name}`"));
    Err(match did_you_mean(name, candidates) {
        Some(s) => failure.with_help(format!(
            "did you mean `{s}`? `quizkit rule` lists every rule"
        )),
        None => failure.with_help("`quizkit rule` lists every rule with its code and name"),
    })
}

/// Runs `quizkit rule`.
pub fn run(_: &GlobalArgs, args: &RuleArgs) -> Result<u8, Failure> {
    let text = match (&args.name, args.format) {
        (Some(name), _) => docs(name)?,
        (None, ListFormat::Text) => list_text(),
        (None, ListFormat::Markdown) => list_markdown(),
    };
    std::io::stdout()
        .write_all(text.as_bytes())
        .map_err(|e| Failure::new(format!("cannot write to standard output: {e}")))?;
    Ok(EXIT_OK)
}
