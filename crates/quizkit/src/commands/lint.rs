//! `quizkit lint`: load a bank, run the lint rules, and report what is wrong.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use quizkit_lint::{Selection, check_selector};
use quizkit_model::{Diagnostic, LintConfig, Loaded, Severity, Spanned, sort_diagnostics};

use crate::cli::{BankArg, GlobalArgs};
use crate::fsio::{Failure, is_lone_file, load_bank, load_lone_file};
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
    /// Print how many findings each rule has instead of the findings (human or json).
    #[arg(long)]
    pub statistics: bool,
    /// Which rules run, in place of `[lint] select`.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Rule selection on the command line, on top of `[lint]` in `quizkit.toml` (as in ruff:
/// `--select` replaces the file's `select`, `--extend-select` and `--ignore` add to its lists).
#[derive(Debug, Clone, Default, Args)]
pub struct RuleArgs {
    /// Run only these rules: codes, names, code prefixes, group names or ALL, comma-separated.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub select: Option<Vec<String>>,
    /// Run these rules too.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub extend_select: Vec<String>,
    /// Do not run these rules.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub ignore: Vec<String>,
}

impl RuleArgs {
    /// `config` with these selectors applied; a selector that names no rule is a usage error.
    pub fn apply(&self, config: &LintConfig) -> Result<LintConfig, Failure> {
        let all = self.select.iter().flatten();
        for name in all.chain(&self.extend_select).chain(&self.ignore) {
            check_selector(name).map_err(|suggestion| {
                let failure = Failure::new(format!("`{name}` names no lint rule"));
                match suggestion {
                    Some(s) => failure.with_help(format!("did you mean `{s}`?")),
                    None => failure.with_help("`quizkit rule` lists the rules"),
                }
            })?;
        }
        // Selectors from the command line have no place in `quizkit.toml`: an empty span.
        let spanned = |names: &[String]| -> Vec<Spanned<String>> {
            names
                .iter()
                .map(|n| Spanned::new(0..0, n.clone()))
                .collect()
        };
        let mut config = config.clone();
        if let Some(select) = &self.select {
            config.select = Some(spanned(select));
        }
        config.extend_select.extend(spanned(&self.extend_select));
        config.ignore.extend(spanned(&self.ignore));
        Ok(config)
    }
}

/// Output formats of `quizkit lint`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Reports with the source, for people.
    Human,
    /// A JSON array of findings (a stable interface).
    Json,
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    Sarif,
    /// GitHub Actions workflow commands: annotations on the pull request.
    Github,
    /// A JUnit XML report: one test case per question.
    Junit,
}

/// Which severity fails the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailLevel {
    /// Only errors fail the run.
    Error,
    /// Warnings and errors fail the run.
    Warning,
}

impl FailLevel {
    /// True when a finding of `severity` fails the run.
    pub fn fails(self, severity: Severity) -> bool {
        match self {
            FailLevel::Error => severity == Severity::Error,
            FailLevel::Warning => severity <= Severity::Warning,
        }
    }
}

/// A loaded and linted bank: the loader's findings and the rules' together, sorted.
#[derive(Debug)]
pub struct Checked {
    /// The bank root as the user named it.
    pub root: PathBuf,
    /// What the loader returned.
    pub loaded: Loaded,
    /// Every finding, sorted.
    pub diagnostics: Vec<Diagnostic>,
    /// How a lone question file was taken as a bank (see [`crate::fsio::load_lone_file`]),
    /// for standard error.
    pub note: Option<String>,
}

impl Checked {
    /// The findings with what is needed to render them.
    pub fn findings(&self) -> Findings<'_> {
        Findings {
            root: &self.root,
            sources: &self.loaded.sources,
            diagnostics: &self.diagnostics,
        }
    }

    /// The number of errors.
    pub fn errors(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    }
}

/// Loads the bank at `path` (or the default one) and lints it. Rules run whenever
/// `quizkit.toml` loads; a file that does not load only takes its own questions out.
pub fn check(path: Option<&Path>) -> Result<Checked, Failure> {
    check_with(path, &RuleArgs::default())
}

/// [`check`] with the rule selection of the command line applied over `[lint]`.
pub fn check_with(path: Option<&Path>, rules: &RuleArgs) -> Result<Checked, Failure> {
    let (root, loaded, note) = match path {
        Some(file) if is_lone_file(file) => {
            let (root, loaded, note) = load_lone_file(file)?;
            (root, loaded, Some(note))
        }
        _ => {
            let (root, loaded) = load_bank(path)?;
            (root, loaded, None)
        }
    };
    let mut diagnostics = loaded.diagnostics.clone();
    if let Some(bank) = &loaded.bank {
        let selection = Selection::from_config(&rules.apply(&bank.config.lint)?);
        diagnostics.extend(quizkit_lint::lint(bank, &loaded.sources, &selection));
        sort_diagnostics(&mut diagnostics, &loaded.sources);
    }
    Ok(Checked {
        root,
        loaded,
        diagnostics,
        note,
    })
}

/// Runs `quizkit lint`.
pub fn run(global: &GlobalArgs, args: &LintArgs) -> Result<u8, Failure> {
    let checked = super::kept_until_exit(check_with(args.bank.path.as_deref(), &args.rules)?);
    let findings = checked.findings();
    let diagnostics = &checked.diagnostics;
    if let Some(note) = checked.note.as_ref().filter(|_| !global.quiet) {
        eprintln!("{note}");
    }
    let text = if args.statistics {
        match args.format {
            Format::Human => output::statistics::render_text(diagnostics),
            Format::Json => output::statistics::render_json(diagnostics),
            other => {
                return Err(Failure::new(format!(
                    "--statistics prints a table or JSON, not {}",
                    format_name(other)
                ))
                .with_help("use `--statistics` with `--format human` or `--format json`"));
            }
        }
    } else {
        match args.format {
            Format::Human => {
                let mut text =
                    output::human::render(&findings, global.color_stdout(), output::human::WIDTH);
                if !global.quiet {
                    if diagnostics.is_empty() {
                        let questions = checked
                            .loaded
                            .bank
                            .as_ref()
                            .map_or(0, |b| b.question_count());
                        text.push_str(&format!(
                            "All checks passed: {}.\n",
                            output::human::plural(questions, "question")
                        ));
                    } else {
                        text.push_str(&output::human::summary(diagnostics));
                        text.push('\n');
                    }
                }
                text
            }
            Format::Json => output::json::render(&findings),
            Format::Sarif => output::sarif::render(&findings),
            Format::Github => output::github::render(&findings),
            Format::Junit => output::junit::render(&findings, checked.loaded.bank.as_ref()),
        }
    };
    std::io::stdout()
        .write_all(text.as_bytes())
        .map_err(|e| Failure::new(format!("cannot write to standard output: {e}")))?;
    Ok(
        if diagnostics.iter().any(|d| args.error_on.fails(d.severity)) {
            EXIT_CONTENT
        } else {
            EXIT_OK
        },
    )
}

fn format_name(format: Format) -> &'static str {
    match format {
        Format::Human => "human",
        Format::Json => "json",
        Format::Sarif => "sarif",
        Format::Github => "github",
        Format::Junit => "junit",
    }
}
