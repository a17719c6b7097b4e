//! `quizkit export`: write the bank to one target.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use clap::Args;
use quizkit_export::anki::changed;
use quizkit_export::{Kind, LangChoice, Layout, Options, Output, Target, Warning};
use quizkit_model::{Bank, FileId, Loaded};
use rayon::prelude::*;

use crate::cli::{BankArg, GlobalArgs};
use crate::fsio::{Failure, Staged, load_bank, write_atomic, write_dir_staged};
use crate::output::{self, Findings};
use crate::{EXIT_CONTENT, EXIT_OK};

/// Arguments of `quizkit export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The bank to export.
    #[command(flatten)]
    pub bank: BankArg,
    /// The target format.
    #[arg(long, value_parser = target_names())]
    pub to: String,
    /// Where to write: a file, or a folder for targets that write several files. Default: the
    /// target's usual name in the current folder.
    #[arg(short, long, value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// The language to export (`nl`, `en`), or `all` where the target holds every language.
    /// Default: the bank's first language.
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    /// For `--to canvas`: a question bank per topic instead of a quiz (as `canvas_banks = true`
    /// under `[export]` in quizkit.toml); other targets ignore it.
    #[arg(long)]
    pub canvas_banks: bool,
    /// Also write the bytes of the bank's image files (base64) where a target lists them
    /// without packing them (JSON).
    #[arg(long)]
    pub embed_media: bool,
}

fn target_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(quizkit_export::ALL.iter().map(|t| t.name))
}

/// The export options from the command line and the environment: the language, and the time
/// from `SOURCE_DATE_EPOCH` when set (never the clock).
pub fn options(lang: Option<&str>) -> Result<Options, Failure> {
    let lang = match lang {
        None => LangChoice::Default,
        Some("all") => LangChoice::All,
        Some(l) => LangChoice::One(l.to_owned()),
    };
    let timestamp = match std::env::var("SOURCE_DATE_EPOCH") {
        Ok(v) => v.trim().parse::<i64>().map_err(|_| {
            Failure::new(format!(
                "SOURCE_DATE_EPOCH is `{v}`, not a number of seconds"
            ))
            .with_help("set it to a Unix time such as 1700000000, or unset it")
        })?,
        Err(_) => 0,
    };
    Ok(Options {
        lang,
        timestamp,
        ..Options::default()
    })
}

/// When each question last changed, for targets that need it (`Needs::change_times`): the newest commit among the question's lines (`git blame`); for lines not committed
/// yet, or a bank outside git, `SOURCE_DATE_EPOCH` when set (`sde` > 0), else the file's
/// modification time.
pub fn question_times(
    root: &Path,
    loaded: &Loaded,
    bank: &Bank,
    sde: i64,
) -> BTreeMap<String, i64> {
    let files: BTreeSet<FileId> = bank.questions().map(|(_, _, q)| q.file).collect();
    let history: HashMap<FileId, (Vec<Option<i64>>, i64)> = files
        .into_par_iter()
        .filter_map(|file| {
            let rel = &loaded.sources.get(file.0 as usize)?.path;
            let fallback = if sde > 0 {
                sde
            } else {
                std::fs::metadata(root.join(rel))
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_secs() as i64)
            };
            let blame = Command::new("git")
                .arg("-C")
                .arg(root)
                .args(["blame", "--porcelain", "--"])
                .arg(rel)
                .stderr(Stdio::null())
                .output();
            let lines = match blame {
                Ok(out) if out.status.success() => {
                    changed::blame_line_times(&String::from_utf8_lossy(&out.stdout))
                }
                _ => Vec::new(),
            };
            Some((file, (lines, fallback)))
        })
        .collect();
    changed::question_times(bank, &loaded.sources, |file, line| {
        history.get(&file).map_or(sde, |(lines, fallback)| {
            lines.get(line).copied().flatten().unwrap_or(*fallback)
        })
    })
}

/// Runs one exporter and writes its files under `out` (a file for single-file targets, a
/// folder otherwise), atomically. Files equal to those in `previous` (the output this one
/// replaces, which is `out` itself for `quizkit export`) are linked from there, not written
/// again.
pub fn export_to(
    target: &Target,
    bank: &Bank,
    options: &Options,
    out: &Path,
    previous: &Path,
) -> Result<(Output, Staged), Failure> {
    let output = (target.export)(bank, options)
        .map_err(|e| Failure::new(format!("cannot export to {}: {e}", target.name)))?;
    let staged = if target.layout == Layout::Folder {
        let files: Vec<(&str, &[u8])> = output
            .files
            .iter()
            .map(|f| (f.path.as_str(), f.bytes.as_slice()))
            .collect();
        write_dir_staged(out, &files, previous)?
    } else {
        let [file] = output.files.as_slice() else {
            return Err(Failure::new(format!(
                "the {} exporter made {} files where one was expected",
                target.name,
                output.files.len()
            )));
        };
        write_atomic(out, &file.bytes)?;
        Staged {
            written: 1,
            linked: 0,
        }
    };
    Ok((output, staged))
}

/// Runs `quizkit export`.
pub fn run(global: &GlobalArgs, args: &ExportArgs) -> Result<u8, Failure> {
    let target = quizkit_export::target(&args.to)
        .ok_or_else(|| Failure::new(format!("unknown target `{}`", args.to)))?;
    let mut options = options(args.lang.as_deref())?;
    options.canvas_banks = args.canvas_banks;
    options.embed_media = args.embed_media;
    let (root, loaded) = load_bank(args.bank.path.as_deref())?;
    let loaded = super::kept_until_exit(loaded);
    let Some(bank) = loaded.bank.as_ref().filter(|_| !loaded.has_errors()) else {
        let findings = Findings {
            root: &root,
            sources: &loaded.sources,
            diagnostics: &loaded.diagnostics,
        };
        let text = output::human::render(&findings, global.color_stderr(), output::human::WIDTH);
        let _ = std::io::stderr().write_all(text.as_bytes());
        eprintln!("Not exported: the bank does not load. Fix the errors above first.");
        return Ok(EXIT_CONTENT);
    };
    if target.needs.change_times {
        options.changed = question_times(&root, &loaded, bank, options.timestamp);
    }
    let out = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from(target.default_path));
    let (output, staged) = export_to(target, bank, &options, &out, &out)?;
    let notes = report(target.name, &output.warnings, global.verbose);
    if !global.quiet {
        eprintln!(
            "Exported {} to {} ({}{}).",
            output::human::plural(bank.question_count(), "question"),
            out.display(),
            target.name,
            unchanged(&staged)
        );
        if let Some(line) = notes_line(&[(target.name, notes)], global.verbose) {
            eprintln!("{line}");
        }
    }
    Ok(EXIT_OK)
}

/// `, 3 files written, 24001 unchanged` for a folder target where some files were linked from
/// the previous output; empty otherwise.
pub fn unchanged(staged: &Staged) -> String {
    if staged.linked == 0 {
        return String::new();
    }
    format!(
        ", {} file{} written, {} unchanged",
        staged.written,
        if staged.written == 1 { "" } else { "s" },
        staged.linked
    )
}

/// Prints what a target could not express on standard error: each fixable one as a warning,
/// each limit of the target as a note only when `verbose`. Returns how many notes there were.
pub fn report(target: &str, warnings: &[Warning], verbose: bool) -> usize {
    let mut notes = 0;
    for w in warnings {
        let level = match w.kind {
            Kind::Fixable => "warning",
            Kind::Limit => {
                notes += 1;
                if !verbose {
                    continue;
                }
                "note"
            }
        };
        match &w.question {
            Some(q) => eprintln!("{level}: {target}: question `{q}`: {}", w.message),
            None => eprintln!("{level}: {target}: {}", w.message),
        }
    }
    notes
}

/// The summary line for the notes of the targets, `(target, count)`, or `None` if there are
/// none: `note: 8 notes on what the targets cannot carry (moodle 3, gift 5); -v lists them`
/// (without the pointer to `-v` when `verbose` has listed them already).
pub fn notes_line(counts: &[(&str, usize)], verbose: bool) -> Option<String> {
    let total: usize = counts.iter().map(|(_, n)| n).sum();
    if total == 0 {
        return None;
    }
    let each: Vec<String> = counts
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    let whose = if each.len() == 1 {
        "the target"
    } else {
        "the targets"
    };
    let more = if verbose { "" } else { "; -v lists them" };
    Some(format!(
        "note: {} on what {whose} cannot carry ({}){more}",
        crate::output::human::plural(total, "note"),
        each.join(", ")
    ))
}
