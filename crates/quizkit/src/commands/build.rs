//! `quizkit build`: lint the bank, then export every configured target into one folder.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use quizkit_export::Target;
use quizkit_model::suggest::did_you_mean;

use crate::cli::{BankArg, GlobalArgs};
use crate::commands::export::{export_to, notes_line, options, report};
use crate::commands::lint::check;
use crate::fsio::{Failure, replace_dir, staging_dir};
use crate::output;
use crate::{EXIT_CONTENT, EXIT_OK};

/// Arguments of `quizkit build`.
#[derive(Debug, Args)]
pub struct BuildArgs {
    /// The bank to build.
    #[command(flatten)]
    pub bank: BankArg,
    /// The folder to build into; replaced as a whole, only when every target succeeded.
    #[arg(short, long, value_name = "DIR", default_value = "dist")]
    pub output: PathBuf,
    /// Export even when lint finds errors.
    #[arg(long)]
    pub force: bool,
    /// The language to export (`nl`, `en`), or `all` where a target holds every language.
    /// Default: the bank's first language.
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    /// For the canvas target: a question bank per topic instead of a quiz (as `canvas_banks = true`
    /// under `[export]` in quizkit.toml); other targets ignore it.
    #[arg(long)]
    pub canvas_banks: bool,
    /// Also write the bytes of the bank's image files (base64) where a target lists them
    /// without packing them (JSON).
    #[arg(long)]
    pub embed_media: bool,
}

/// The targets `[export] targets` names, or every target.
fn targets(
    names: Option<&[quizkit_model::Spanned<String>]>,
) -> Result<Vec<&'static Target>, Failure> {
    let Some(names) = names else {
        return Ok(quizkit_export::ALL.iter().collect());
    };
    names
        .iter()
        .map(|name| {
            quizkit_export::target(&name.value).ok_or_else(|| {
                let known = quizkit_export::ALL.iter().map(|t| t.name);
                let failure = Failure::new(format!(
                    "`[export] targets` in quizkit.toml names `{}`, which is not an export target",
                    name.value
                ));
                match did_you_mean(&name.value, known) {
                    Some(s) => failure.with_help(format!("did you mean `{s}`?")),
                    None => failure.with_help(format!(
                        "the targets are {}",
                        quizkit_export::ALL
                            .iter()
                            .map(|t| t.name)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                }
            })
        })
        .collect()
}

/// Runs `quizkit build`.
pub fn run(global: &GlobalArgs, args: &BuildArgs) -> Result<u8, Failure> {
    let mut options = options(args.lang.as_deref())?;
    options.canvas_banks = args.canvas_banks;
    options.embed_media = args.embed_media;
    let checked = super::kept_until_exit(check(args.bank.path.as_deref())?);
    let findings = checked.findings();
    if !checked.diagnostics.is_empty() {
        let mut text =
            output::human::render(&findings, global.color_stderr(), output::human::WIDTH);
        text.push_str(&output::human::summary(&checked.diagnostics));
        text.push('\n');
        let _ = std::io::stderr().write_all(text.as_bytes());
    }
    let Some(bank) = checked.loaded.bank.as_ref() else {
        eprintln!("Not built: the bank's quizkit.toml does not load. Fix the errors above first.");
        return Ok(EXIT_CONTENT);
    };
    let errors = checked.errors();
    if errors > 0 && !args.force {
        eprintln!(
            "Not built: lint found {errors} error{}. Fix {}, or pass --force to export anyway.",
            if errors == 1 { "" } else { "s" },
            if errors == 1 { "it" } else { "them" }
        );
        return Ok(EXIT_CONTENT);
    }
    let targets = targets(bank.config.export.targets.as_deref())?;
    if targets.iter().any(|t| t.needs.change_times) {
        // A target whose importer updates only newer items (Anki) gets the time each question
        // last changed, as `quizkit export` gives it.
        options.changed =
            super::export::question_times(&checked.root, &checked.loaded, bank, options.timestamp);
    }

    let staged = staging_dir(&args.output)?;
    let mut notes = Vec::new();
    let built = (|| -> Result<Vec<String>, Failure> {
        let mut lines = Vec::new();
        for target in &targets {
            let path = target.default_path;
            let (output, _) = export_to(
                target,
                bank,
                &options,
                &staged.join(path),
                &args.output.join(path),
            )?;
            notes.push((
                target.name,
                report(target.name, &output.warnings, global.verbose),
            ));
            lines.push(format!(
                "  {:<8} {}",
                target.name,
                args.output.join(path).display()
            ));
        }
        Ok(lines)
    })();
    let lines = match built.and_then(|lines| replace_dir(&staged, &args.output).map(|()| lines)) {
        Ok(lines) => lines,
        Err(err) => {
            let _ = std::fs::remove_dir_all(&staged);
            return Err(err);
        }
    };
    if !global.quiet {
        eprintln!(
            "Built {} from {} ({}):",
            args.output.display(),
            output::human::plural(bank.question_count(), "question"),
            output::human::plural(targets.len(), "target")
        );
        for line in lines {
            eprintln!("{line}");
        }
        if let Some(line) = notes_line(&notes, global.verbose) {
            eprintln!("{line}");
        }
    }
    Ok(EXIT_OK)
}
