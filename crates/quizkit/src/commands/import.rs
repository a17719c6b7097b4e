//! `quizkit import`: Moodle XML, GIFT, Aiken and CSV files into a bank.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use quizkit_import::{Existing, NewBank, Options, Parsed, SchemaLines};
use quizkit_model::load::CONFIG_FILE;
use quizkit_model::{Diagnostic, FileId, Loaded, Severity, SourceFile};
use rayon::prelude::*;

use crate::cli::GlobalArgs;
use crate::fsio::{Failure, load_bank, staging_dir};
use crate::output::{self, Findings};
use crate::{EXIT_CONTENT, EXIT_FAILURE, EXIT_OK};

/// The largest file read: far above any real export, low enough to keep memory bounded.
pub const MAX_IMPORT_SIZE: u64 = 4 * 1024 * 1024 * 1024;

/// The longest source line shown in a diagnostic's snippet, in bytes.
const LONGEST_SNIPPET_LINE: usize = 2000;

/// Arguments of `quizkit import`.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit codes: 0 every question imported as it was; 1 the bank was written, but some questions were skipped (not multiple choice) or changed (an id suffixed, HTML kept inline, an image left out); 2 a file cannot be read or parsed, or the options are wrong: nothing was written."
)]
pub struct ImportArgs {
    /// The files to import: Moodle XML, GIFT, Aiken or CSV/TSV.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The bank folder to create, or an existing bank to add the questions to.
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,
    /// The format of the files (default: detected from their content and name).
    #[arg(long, value_parser = format_names())]
    pub from: Option<String>,
    /// The language of texts that do not say theirs (default: an existing bank's first
    /// language; for a new bank, `nl`, `en`, `de` or `fr` when the texts' common words clearly
    /// say which, else `en`). Moodle multilang texts and `stem.nl` columns keep their own.
    #[arg(long, value_name = "CODE")]
    pub lang: Option<String>,
    /// Write into DIR even when it exists and is not a bank (no existing file is overwritten).
    #[arg(long)]
    pub force: bool,
    /// CSV headers mapped to quizkit's columns: `--columns "Vraag=stem,Juist=answer"`.
    #[arg(long, value_name = "MAP")]
    pub columns: Option<String>,
}

fn format_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(quizkit_import::ALL.iter().map(|f| f.name))
}

/// Runs `quizkit import`.
pub fn run(global: &GlobalArgs, args: &ImportArgs) -> Result<u8, Failure> {
    let columns = parse_columns(args.columns.as_deref())?;
    if let Some(lang) = &args.lang
        && !valid_language(lang)
    {
        return Err(Failure::new(format!("`{lang}` is not a language code"))
            .with_help("write a code such as `nl`, `en` or `pt-br`"));
    }
    let dir = &args.output;
    let target = Target::of(dir, args.force)?;
    let existing_loaded = match &target {
        Target::Bank => {
            let (_, loaded) = load_bank(Some(dir))?;
            if loaded.bank.is_none() || loaded.has_errors() {
                print_diagnostics(global, dir, &loaded.sources, &loaded.diagnostics);
                return Err(Failure::new(format!(
                    "the bank in `{}` does not load; nothing was imported",
                    dir.display()
                ))
                .with_help("fix the errors above (`quizkit lint` shows them), then import again"));
            }
            Some(loaded)
        }
        _ => None,
    };
    let existing_bank = existing_loaded.as_ref().and_then(|l| l.bank.as_ref());

    // Read and parse every file.
    let mut files = Vec::new();
    for path in &args.files {
        files.push((path, read_input(path)?));
    }
    let lang = match (&args.lang, existing_bank) {
        (Some(lang), _) => lang.clone(),
        (None, Some(bank)) => bank.config.default_language().to_owned(),
        (None, None) => {
            let guessed = guess_files_language(&files);
            if let Some(lang) = guessed {
                eprintln!(
                    "note: the texts are in {} (`{lang}`), as their words say; `--lang` chooses another language",
                    quizkit_import::language_name(lang).unwrap_or(lang)
                );
            }
            guessed.unwrap_or("en").to_owned()
        }
    };
    let mut inputs = Vec::new();
    for (i, (path, bytes)) in files.into_iter().enumerate() {
        let name = path.display().to_string();
        let format = match &args.from {
            Some(name) => quizkit_import::format(name),
            None => quizkit_import::detect(&name, &bytes),
        }
        .ok_or_else(|| {
            Failure::new(format!("cannot tell the format of `{name}`"))
                .with_help("pass `--from moodle`, `--from gift`, `--from aiken` or `--from csv`")
        })?;
        let options = Options {
            file: FileId(i as u32),
            lang: lang.clone(),
            columns: columns.clone(),
        };
        inputs.push((name, bytes, format, options));
    }
    // Each file's bytes become its text (without a copy for UTF-8): a file is held once.
    let mut names = Vec::with_capacity(inputs.len());
    let mut parsed: Vec<Parsed> = inputs
        .into_par_iter()
        .map(|(name, bytes, format, options)| (name, (format.import)(bytes, &options)))
        .collect::<Vec<_>>()
        .into_iter()
        .map(|(name, parsed)| {
            names.push(name);
            parsed
        })
        .collect();
    let sources: Vec<SourceFile> = names
        .into_iter()
        .zip(parsed.iter_mut())
        .map(|(name, p)| SourceFile {
            path: name,
            text: std::mem::take(&mut p.text),
        })
        .collect();
    if parsed.iter().any(Parsed::failed) {
        let errors: Vec<Diagnostic> = parsed
            .iter()
            .flat_map(|p| p.diagnostics.iter())
            .filter(|d| d.severity == Severity::Error)
            .cloned()
            .collect();
        print_diagnostics(global, Path::new(""), &sources, &errors);
        eprintln!("Nothing imported: fix the file(s) above, or choose the format with `--from`.");
        return Ok(EXIT_FAILURE);
    }

    // The files' own findings are shown now, with their snippets. Then the texts are let go
    // (the export of a large bank is half a gigabyte), and the findings of the assembly (ids
    // changed) give their place in the message.
    let mut found: Vec<Diagnostic> = parsed
        .iter()
        .flat_map(|p| p.diagnostics.iter().cloned())
        .collect();
    quizkit_model::sort_diagnostics(&mut found, &sources);
    print_diagnostics(global, Path::new(""), &sources, &found);
    let places = item_places(&sources, &parsed);
    let paths: Vec<String> = sources.into_iter().map(|s| s.path).collect();

    // Assemble the bank.
    let root_entries = match &target {
        Target::New => BTreeSet::new(),
        _ => root_entries(dir)?,
    };
    let schema = existing_loaded
        .as_ref()
        .map(schema_lines)
        .unwrap_or_default();
    let existing = existing_bank.map(|bank| Existing {
        bank,
        root_entries: &root_entries,
        schema: &schema,
    });
    let dir_name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let id = quizkit_import::slug::slug(&dir_name);
    let new = NewBank {
        id: if id.is_empty() {
            "imported".to_owned()
        } else {
            id
        },
        title: if dir_name.is_empty() {
            "Imported questions".to_owned()
        } else {
            dir_name.clone()
        },
    };
    let options = Options {
        lang: lang.clone(),
        ..Options::default()
    };
    let assembled = quizkit_import::assemble(&mut parsed, existing, &new, &options)
        .map_err(|r| Failure::new(r.message).with_help(r.help))?;

    let placed: Vec<Diagnostic> = assembled
        .diagnostics
        .iter()
        .map(|d| {
            let mut d = d.clone();
            if let Some(file) = d.file.take() {
                let path = paths.get(file.0 as usize).map_or("", String::as_str);
                let (line, column) = places
                    .get(&(file.0, d.span.start))
                    .copied()
                    .unwrap_or((1, 1));
                d.message = format!("{path}:{line}:{column}: {}", d.message);
            }
            d
        })
        .collect();
    print_diagnostics(global, Path::new(""), &[], &placed);
    let diagnostics: Vec<Diagnostic> = found.into_iter().chain(placed).collect();

    let summary = &assembled.summary;
    if summary.imported == 0 {
        eprintln!(
            "Nothing imported: the file(s) hold no multiple-choice or true/false question{}; `{}` was left as it was.",
            skipped_note(summary),
            dir.display()
        );
        return Ok(EXIT_CONTENT);
    }
    let files: Vec<(&str, &[u8])> = assembled
        .files
        .iter()
        .map(|(rel, text)| (rel.as_str(), text.as_bytes()))
        .chain(
            assembled
                .media
                .iter()
                .map(|(rel, bytes)| (rel.as_str(), &bytes[..])),
        )
        .collect();
    write_bank(dir, &target, &files)?;
    if !global.quiet {
        let changed = if summary.changed > 0 {
            format!(", {} changed (see above)", summary.changed)
        } else {
            String::new()
        };
        eprintln!(
            "Imported {} question{} into `{}` ({} new categor{}, {} new topic{}, languages {}){}{}.",
            summary.imported,
            plural(summary.imported),
            dir.display(),
            summary.categories,
            if summary.categories == 1 { "y" } else { "ies" },
            summary.topics,
            plural(summary.topics),
            assembled.languages.join(", "),
            skipped_note(summary),
            changed,
        );
        eprintln!("Next: `quizkit lint {}`.", dir.display());
    }
    let warned = diagnostics.iter().any(|d| d.severity == Severity::Warning);
    if summary.skipped_total() > 0 || summary.changed > 0 || warned {
        Ok(EXIT_CONTENT)
    } else {
        Ok(EXIT_OK)
    }
}

/// The line and column of every question's start, by file and byte offset, found in one pass
/// over each file.
fn item_places(
    sources: &[SourceFile],
    parsed: &[Parsed],
) -> BTreeMap<(u32, usize), (usize, usize)> {
    let mut out = BTreeMap::new();
    for (i, (source, p)) in sources.iter().zip(parsed).enumerate() {
        let text = source.text.as_bytes();
        let mut starts: Vec<usize> = p
            .items
            .iter()
            .map(|item| item.span.start.min(text.len()))
            .collect();
        starts.sort_unstable();
        starts.dedup();
        let (mut line, mut line_start, mut at) = (1, 0, 0);
        for start in starts {
            for (j, &b) in text[at..start].iter().enumerate() {
                if b == b'\n' {
                    line += 1;
                    line_start = at + j + 1;
                }
            }
            at = start;
            let column = source
                .text
                .get(line_start..start)
                .map_or(1, |t| t.chars().count() + 1);
            out.insert((i as u32, start), (line, column));
        }
    }
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn skipped_note(summary: &quizkit_import::Summary) -> String {
    if summary.skipped.is_empty() {
        return String::new();
    }
    let by_type: Vec<String> = summary
        .skipped
        .iter()
        .map(|(kind, n)| format!("{n} {kind}"))
        .collect();
    format!(
        "; skipped {} ({})",
        summary.skipped_total(),
        by_type.join(", ")
    )
}

fn print_diagnostics(
    global: &GlobalArgs,
    root: &Path,
    sources: &[SourceFile],
    diagnostics: &[Diagnostic],
) {
    if diagnostics.is_empty() {
        return;
    }
    // A snippet shows the whole line of its span: for a line of megabytes (a file without
    // line breaks) the place is given in the message instead.
    let diagnostics: Vec<Diagnostic> = diagnostics
        .iter()
        .map(|d| {
            let Some(source) = d.file.and_then(|f| sources.get(f.0 as usize)) else {
                return d.clone();
            };
            let start = d.span.start.min(source.text.len());
            let line_start = source.text[..start].rfind('\n').map_or(0, |i| i + 1);
            let line_end = source.text[start..]
                .find('\n')
                .map_or(source.text.len(), |i| start + i);
            if line_end - line_start <= LONGEST_SNIPPET_LINE {
                return d.clone();
            }
            let (line, column) = source.line_col(start);
            let mut short = d.clone();
            short.message = format!("{}:{line}:{column}: {}", source.path, d.message);
            short.file = None;
            short
        })
        .collect();
    let findings = Findings {
        root,
        sources,
        diagnostics: &diagnostics,
    };
    let text = output::human::render(&findings, global.color_stderr(), output::human::WIDTH);
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// What `-o DIR` is.
enum Target {
    /// Nothing yet: the bank is made there.
    New,
    /// An empty folder, or one that is not a bank with `--force`: the bank's files are added.
    Folder,
    /// A bank: new topics are added.
    Bank,
}

impl Target {
    fn of(dir: &Path, force: bool) -> Result<Target, Failure> {
        if !dir.exists() {
            return Ok(Target::New);
        }
        if !dir.is_dir() {
            return Err(
                Failure::new(format!("`{}` exists and is not a folder", dir.display()))
                    .with_help("name a new folder, or an existing bank, with `-o`"),
            );
        }
        if dir.join(CONFIG_FILE).is_file() {
            return Ok(Target::Bank);
        }
        let empty = fs::read_dir(dir)
            .map_err(|e| Failure::io("read", dir, &e))?
            .next()
            .is_none();
        if empty || force {
            Ok(Target::Folder)
        } else {
            Err(Failure::new(format!(
                "`{}` exists, is not empty and is not a bank (it has no {CONFIG_FILE})",
                dir.display()
            ))
            .with_help("name a new folder or an existing bank with `-o`, or pass `--force` to add the bank's files to this folder (no file in it is overwritten)"))
        }
    }
}

fn read_input(path: &Path) -> Result<Vec<u8>, Failure> {
    let meta = fs::metadata(path).map_err(|e| Failure::io("read", path, &e))?;
    if !meta.is_file() {
        return Err(
            Failure::new(format!("`{}` is not a regular file", path.display()))
                .with_help("name the exported file itself"),
        );
    }
    if meta.len() > MAX_IMPORT_SIZE {
        return Err(Failure::new(format!(
            "`{}` is {} MiB; quizkit imports files of up to {} MiB",
            path.display(),
            meta.len() / (1024 * 1024),
            MAX_IMPORT_SIZE / (1024 * 1024)
        ))
        .with_help("export the questions in parts"));
    }
    fs::read(path).map_err(|e| Failure::io("read", path, &e))
}

fn root_entries(dir: &Path) -> Result<BTreeSet<String>, Failure> {
    let entries = fs::read_dir(dir).map_err(|e| Failure::io("read", dir, &e))?;
    Ok(entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect())
}

/// The `#:schema` lines an existing bank's files carry, one of each kind.
fn schema_lines(loaded: &Loaded) -> SchemaLines {
    let mut lines = SchemaLines::default();
    for source in &loaded.sources {
        let Some(target) = source
            .text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("#:schema "))
            .map(|t| t.trim().to_owned())
        else {
            continue;
        };
        let parts = source.path.split('/').count();
        let slot = if source.path.ends_with("/topic.toml") {
            &mut lines.topic
        } else if source.path.ends_with("/category.toml") {
            &mut lines.category
        } else if parts == 3 {
            &mut lines.questions
        } else {
            continue;
        };
        if slot.is_none() {
            *slot = Some(target);
        }
    }
    lines
}

fn parse_columns(raw: Option<&str>) -> Result<Vec<(String, String)>, Failure> {
    let Some(raw) = raw else {
        return Ok(Vec::new());
    };
    raw.split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|pair| {
            pair.split_once('=')
                .map(|(from, to)| (from.trim().to_owned(), to.trim().to_owned()))
                .ok_or_else(|| {
                    Failure::new(format!("`{pair}` in --columns is not HEADER=COLUMN"))
                        .with_help("write --columns \"Vraag=stem,Juist=answer\"")
                })
        })
        .collect()
}

fn valid_language(lang: &str) -> bool {
    let mut parts = lang.split('-');
    let primary = parts.next().unwrap_or_default();
    (2..=3).contains(&primary.len())
        && primary.bytes().all(|b| b.is_ascii_lowercase())
        && parts.all(|p| (2..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// Writes the new files: staged beside DIR first, then moved in, each new folder or file by
/// one rename (the whole of DIR at once when it is new). A failure removes the staging and
/// moves back what was moved, so a failed import leaves DIR as it was; no existing file is
/// ever replaced.
fn write_bank(dir: &Path, target: &Target, files: &[(&str, &[u8])]) -> Result<(), Failure> {
    let staged = staging_dir(dir)?;
    let result = (|| -> Result<(), Failure> {
        for &(rel, content) in files {
            if rel
                .split('/')
                .any(|p| p.is_empty() || p == "." || p == "..")
                || rel.starts_with('/')
            {
                return Err(Failure::new(format!(
                    "refusing to write outside the bank: `{rel}`"
                )));
            }
            let path = staged.join(rel);
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(|e| Failure::io("create folder", parent, &e))?;
            }
            fs::write(&path, content).map_err(|e| Failure::io("write", &path, &e))?;
        }
        Ok(())
    })();
    if let Err(e) = result {
        let _ = fs::remove_dir_all(&staged);
        return Err(e);
    }
    if matches!(target, Target::New) {
        if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(parent).map_err(|e| Failure::io("create folder", parent, &e))?;
        }
        return fs::rename(&staged, dir).map_err(|e| {
            let _ = fs::remove_dir_all(&staged);
            Failure::io("create", dir, &e)
        });
    }
    // The shallowest part of each new path that DIR does not have yet.
    let mut moves: Vec<PathBuf> = Vec::new();
    for &(rel, _) in files {
        let mut prefix = PathBuf::new();
        for part in rel.split('/') {
            prefix.push(part);
            if !dir.join(&prefix).exists() {
                break;
            }
        }
        if dir.join(&prefix).exists() {
            let _ = fs::remove_dir_all(&staged);
            return Err(Failure::new(format!(
                "`{}` exists already; quizkit never overwrites a file",
                dir.join(&prefix).display()
            )));
        }
        if !moves.contains(&prefix) && !moves.iter().any(|m| prefix.starts_with(m)) {
            moves.push(prefix);
        }
    }
    let mut done: Vec<&PathBuf> = Vec::new();
    for m in &moves {
        if let Err(e) = fs::rename(staged.join(m), dir.join(m)) {
            for back in done.iter().rev() {
                let _ = fs::rename(dir.join(back), staged.join(back));
            }
            let _ = fs::remove_dir_all(&staged);
            return Err(Failure::io("write", &dir.join(m), &e));
        }
        done.push(m);
    }
    let _ = fs::remove_dir_all(&staged);
    Ok(())
}

/// The language all of `files` are in, as [`quizkit_import::guess_language`] reads the start
/// of each; `None` when a file says nothing or two disagree.
fn guess_files_language(files: &[(&PathBuf, Vec<u8>)]) -> Option<&'static str> {
    let mut guesses = files
        .iter()
        .map(|(_, bytes)| quizkit_import::guess_language(bytes));
    let first = guesses.next()??;
    guesses.all(|g| g == Some(first)).then_some(first)
}
