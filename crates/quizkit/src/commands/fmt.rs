//! `quizkit fmt`: rewrites a bank's files in quizkit's canonical layout (see
//! [`quizkit_model::format`]), or with `--check` shows what it would change.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use quizkit_model::format::{FileKind, format};
use quizkit_model::load::{CONFIG_FILE, InputFile, read_source};
use quizkit_model::{Diagnostic, FileId, SourceFile};
use rayon::prelude::*;

use crate::cli::GlobalArgs;
use crate::fsio::{Failure, find_bank, read_bank, read_file, write_atomic};
use crate::output::{Findings, human};
use crate::{EXIT_CONTENT, EXIT_OK};

/// Arguments of `quizkit fmt`.
#[derive(Debug, Args)]
pub struct FmtArgs {
    /// A bank folder (or its quizkit.toml), or one `.toml` file. Default: ./questions, else the
    /// nearest quizkit.toml in this folder or above.
    pub path: Option<PathBuf>,
    /// Change nothing: print a diff of what would change and exit 1 if anything would.
    #[arg(long)]
    pub check: bool,
}

/// One file's fate.
enum Outcome {
    Unchanged,
    Changed { before: String, after: String },
    Broken(SourceFile, Box<Diagnostic>),
}

/// Runs `quizkit fmt`.
pub fn run(global: &GlobalArgs, args: &FmtArgs) -> Result<u8, Failure> {
    let (root, files) = files_to_format(args.path.as_deref())?;
    let outcomes: Vec<(String, Outcome)> = files
        .into_par_iter()
        .map(|f| (f.path.clone(), format_one(f)))
        .collect();

    let mut stdout = std::io::stdout();
    let mut out = String::new();
    let mut changed = Vec::new();
    let mut broken = 0;
    for (path, outcome) in &outcomes {
        let shown = shown_path(&root, path);
        match outcome {
            Outcome::Unchanged => {}
            Outcome::Changed { before, after } => {
                if args.check {
                    out.push_str(&diff(&shown, before, after));
                } else {
                    write_atomic(&write_target(&root.join(path)), after.as_bytes())?;
                    if global.verbose {
                        eprintln!("formatted {shown}");
                    }
                }
                changed.push(shown);
            }
            Outcome::Broken(source, diagnostic) => {
                broken += 1;
                let sources = [SourceFile {
                    path: shown.clone(),
                    text: source.text.clone(),
                }];
                let findings = Findings {
                    root: Path::new(""),
                    sources: &sources,
                    diagnostics: std::slice::from_ref(&**diagnostic),
                };
                eprint!(
                    "{}",
                    human::render(&findings, global.color_stderr(), human::WIDTH)
                );
            }
        }
    }
    let total = outcomes.len();
    if !global.quiet {
        let files = |n: usize| if n == 1 { "file" } else { "files" };
        let unchanged = total - changed.len() - broken;
        if args.check && !changed.is_empty() {
            out.push_str(&format!(
                "{} {} would be reformatted, {unchanged} already formatted: run `quizkit fmt` to format {}\n",
                changed.len(),
                files(changed.len()),
                if changed.len() == 1 { "it" } else { "them" },
            ));
        } else if !args.check && !changed.is_empty() {
            out.push_str(&format!(
                "{} {} reformatted, {unchanged} already formatted\n",
                changed.len(),
                files(changed.len())
            ));
        } else {
            out.push_str(&format!(
                "{unchanged} {} already formatted\n",
                files(unchanged)
            ));
        }
        if broken > 0 {
            out.push_str(&format!(
                "{broken} {} could not be formatted and {} left as {}: fix the errors above\n",
                files(broken),
                if broken == 1 { "was" } else { "were" },
                if broken == 1 { "it is" } else { "they are" },
            ));
        }
    }
    stdout
        .write_all(out.as_bytes())
        .map_err(|e| Failure::new(format!("cannot write to standard output: {e}")))?;
    Ok(if broken > 0 || (args.check && !changed.is_empty()) {
        EXIT_CONTENT
    } else {
        EXIT_OK
    })
}

/// The root to show paths from, and the files to format: every `.toml` file of a bank, or the
/// one file named.
fn files_to_format(path: Option<&Path>) -> Result<(PathBuf, Vec<InputFile>), Failure> {
    if let Some(path) = path
        && path.is_file()
        && path.file_name().is_some_and(|n| n != CONFIG_FILE)
    {
        if path.extension().is_none_or(|e| e != "toml") {
            return Err(
                Failure::new(format!("`{}` is not a `.toml` file", path.display()))
                    .with_help("pass a bank folder or one of its `.toml` files"),
            );
        }
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        // Read as the bank reader reads: size limit, regular files only.
        let content = read_file(path);
        return Ok((
            dir,
            vec![InputFile {
                path: name,
                content,
            }],
        ));
    }
    let root = find_bank(path)?;
    let files = read_bank(&root)?;
    Ok((root, files))
}

fn format_one(file: InputFile) -> Outcome {
    let (source, unreadable) = read_source(FileId(0), file);
    if let Some(d) = unreadable {
        return Outcome::Broken(source, Box::new(d));
    }
    match format(FileKind::of_path(&source.path), &source.text) {
        Ok(after) if after == source.text => Outcome::Unchanged,
        Ok(after) => Outcome::Changed {
            before: source.text,
            after,
        },
        Err(d) => Outcome::Broken(source, d),
    }
}

/// Where to write a file's new text: through a symbolic link (the bank reader follows only
/// links that stay inside the bank), so that the link stays a link.
fn write_target(path: &Path) -> PathBuf {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    match is_link {
        true => std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()),
        false => path.to_path_buf(),
    }
}

fn shown_path(root: &Path, rel: &str) -> String {
    let root = root.to_string_lossy();
    if root.is_empty() || root == "." {
        rel.to_owned()
    } else {
        format!("{}/{rel}", root.trim_end_matches('/'))
    }
}

/// A unified diff of one file, with three lines of context.
fn diff(path: &str, before: &str, after: &str) -> String {
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(path, path)
        .to_string()
}
