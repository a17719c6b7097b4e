//! The measured commands ("rows"), each run once in this process, timed, with the process's
//! CPU time and peak memory.
//!
//! Every command row starts from the bank folder on disk and stops the clock when its result
//! is complete in memory; writing the files an exporter made is timed separately, and only
//! when asked. Nothing is dropped inside the timed region, in any row, since the process
//! exits right after. The claim rows load the bank first, untimed, and time the evaluation
//! alone, on one thread.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use quizkit::fsio::{self, Failure};
use quizkit_export::{Output, Target};
use quizkit_model::Bank;
use rayon::prelude::*;

/// A measured command.
#[derive(Debug, Clone, Copy)]
pub enum Row {
    /// The floor: find the `.toml` files, read them and parse each into a `toml::Table`, in
    /// parallel, nothing else.
    Floor,
    /// `quizkit`'s loader: `fsio::load_bank` (walk, read, parse into the model, diagnostics).
    Load,
    /// `quizkit lint`: load, run every default rule, sort and render the findings.
    Lint,
    /// An export: load, then the exporter (the disk write is timed apart).
    Export(&'static Target),
    /// Every `checks` claim of the bank evaluated with `quizkit_quantity::check`, one thread.
    Checks,
    /// Every explanation scanned for arithmetic claims and each one evaluated, one thread.
    Prose,
    /// `quizkit export --to html` as a user runs it, on disk, into a folder that is not there.
    SiteFirst,
    /// `quizkit export --to html` on disk again after one question's stem was edited, over
    /// the site of the unedited bank.
    SiteRebuild,
    /// `quizkit preview`'s rebuild after a one-question edit, in this process: the bank walked
    /// for changes, the changed file parsed again in place, its topic linted with the
    /// per-question rules, the pages it touches written (the bank-wide lint that follows is
    /// not timed; `preview-reload` times the whole loop as a user sees it).
    PreviewRebuild,
    /// `quizkit lint` of a bank of one topic: the topic of the edited file, the baseline of
    /// the preview's target.
    LintTopic,
}

impl PartialEq for Row {
    fn eq(&self, other: &Row) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Row {}

impl Row {
    /// Every row, in the order a run interleaves them: the floor first.
    pub fn all() -> Vec<Row> {
        let mut rows = vec![Row::Floor, Row::Load, Row::Lint];
        rows.extend(quizkit_export::ALL.iter().map(Row::Export));
        rows.extend([
            Row::SiteFirst,
            Row::SiteRebuild,
            Row::PreviewRebuild,
            Row::LintTopic,
            Row::Checks,
            Row::Prose,
        ]);
        rows
    }

    /// The row's name: `floor`, `load`, `export-json`, ….
    pub fn name(&self) -> String {
        match self {
            Row::Floor => "floor".into(),
            Row::Load => "load".into(),
            Row::Lint => "lint".into(),
            Row::Export(t) => format!("export-{}", t.name),
            Row::Checks => "claims-checks".into(),
            Row::Prose => "claims-prose".into(),
            Row::SiteFirst => "site-first".into(),
            Row::SiteRebuild => "site-rebuild".into(),
            Row::PreviewRebuild => "preview-rebuild".into(),
            Row::LintTopic => "lint-topic".into(),
        }
    }

    /// The row called `name`.
    pub fn from_name(name: &str) -> Option<Row> {
        Row::all().into_iter().find(|r| r.name() == name)
    }

    /// True for the rows that time a command from the disk, compared with the floor; false
    /// for the claim rows, which report a rate.
    pub fn is_command(&self) -> bool {
        !matches!(self, Row::Checks | Row::Prose)
    }

    /// What the row measures, for the report.
    pub fn describe(&self) -> String {
        match self {
            Row::Floor => "read + `toml::Table` parse of every file (rayon)".into(),
            Row::Load => "`fsio::load_bank`: walk, read, parse into the model".into(),
            Row::Lint => "`commands::lint::check` + render: load + every default rule".into(),
            Row::Export(t) => format!("load + `{}` exporter (disk write apart)", t.name),
            Row::Checks => "`quantity::check` of every `checks` claim, 1 thread".into(),
            Row::Prose => "`extract_claims` + evaluate over every explanation, 1 thread".into(),
            Row::SiteFirst => "`quizkit export --to html` on disk, no previous site".into(),
            Row::SiteRebuild => {
                "`quizkit export --to html` on disk after a one-question edit".into()
            }
            Row::PreviewRebuild => {
                "`quizkit preview`'s incremental rebuild after a one-question edit (in memory)"
                    .into()
            }
            Row::LintTopic => "`quizkit lint` of the edited question's topic alone".into(),
        }
    }
}

/// One run of one row.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// Wall-clock time from the start to the complete result in memory.
    pub elapsed: Duration,
    /// CPU time of every thread of the process over the same span, where the system reports
    /// it (`/proc/self/task/*/schedstat`).
    pub cpu: Option<Duration>,
    /// For exports run with writing, the time the CLI's atomic write of the output took.
    pub write: Option<Duration>,
    /// The process's peak resident memory, in bytes, where the system reports it.
    pub peak_rss: Option<u64>,
    /// What the row counted: files for the floor, questions for the commands, claims for the
    /// claim rows.
    pub items: u64,
    /// Bytes of text the claim-prose row scanned; 0 elsewhere.
    pub bytes: u64,
    /// Threads in rayon's pool.
    pub threads: usize,
}

/// Runs `row` once on the bank at `bank`; exports write under `scratch` when `write` is set.
pub fn run(row: Row, bank: &Path, scratch: &Path, write: bool) -> Result<Sample, Failure> {
    if !row.is_command() {
        return claims(row, bank);
    }
    if row == Row::PreviewRebuild {
        return preview_rebuild(bank);
    }
    let topic;
    let bank = if row == Row::LintTopic {
        topic = topic_bank(bank, scratch)?;
        topic.as_path()
    } else {
        bank
    };
    let site = scratch.join("site-command");
    let edited = prepare_site(row, bank, scratch, &site)?;
    let site_questions = match row {
        Row::SiteFirst | Row::SiteRebuild => question_count(bank)?,
        _ => 0,
    };
    let cpu_start = cpu_time();
    let start = Instant::now();
    let mut kept: Vec<Box<dyn std::any::Any>> = Vec::new();
    let mut output = None;
    let items = match row {
        Row::Floor => {
            let tables = floor(bank).map_err(|e| Failure::io("read", bank, &e))?;
            let n = tables.len() as u64;
            kept.push(Box::new(tables));
            n
        }
        Row::Load => {
            let (_, loaded) = fsio::load_bank(Some(bank))?;
            let n = questions(&loaded)?;
            kept.push(Box::new(loaded));
            n
        }
        Row::Lint | Row::LintTopic => {
            let checked = quizkit::commands::lint::check(Some(bank))?;
            let text = quizkit::output::human::render(
                &checked.findings(),
                false,
                quizkit::output::human::WIDTH,
            );
            let n = questions(&checked.loaded)?;
            if checked.errors() > 0 {
                return Err(Failure::new(format!(
                    "the bank has lint errors; benchmarks need a clean bank:\n{text}"
                )));
            }
            kept.push(Box::new(text));
            kept.push(Box::new(checked));
            n
        }
        Row::Export(target) => {
            let (_, loaded) = fsio::load_bank(Some(bank))?;
            let n = questions(&loaded)?;
            let model = loaded
                .bank
                .as_ref()
                .ok_or_else(|| Failure::new("no bank"))?;
            let options = quizkit::commands::export::options(None)?;
            let out = (target.export)(model, &options)
                .map_err(|e| Failure::new(format!("cannot export to {}: {e}", target.name)))?;
            output = Some((target, out));
            kept.push(Box::new(loaded));
            n
        }
        Row::SiteFirst | Row::SiteRebuild => {
            let global = quizkit::cli::GlobalArgs {
                color: quizkit::cli::ColorChoice::Never,
                quiet: true,
                verbose: false,
            };
            let args = quizkit::commands::export::ExportArgs {
                bank: quizkit::cli::BankArg {
                    path: Some(bank.to_path_buf()),
                },
                to: "html".to_owned(),
                output: Some(site.clone()),
                lang: None,
                canvas_banks: false,
                embed_media: false,
            };
            let code = quizkit::commands::export::run(&global, &args);
            if let Some((path, bytes)) = &edited {
                fs::write(path, bytes).map_err(|e| Failure::io("restore", path, &e))?;
            }
            if code? != quizkit::EXIT_OK {
                return Err(Failure::new("`quizkit export --to html` failed"));
            }
            site_questions
        }
        Row::Checks | Row::Prose | Row::PreviewRebuild => 0,
    };
    let elapsed = start.elapsed();
    let cpu = cpu_start.zip(cpu_time()).map(|(a, b)| b.saturating_sub(a));
    let write = match (&output, write) {
        (Some((target, out)), true) => {
            let write_start = Instant::now();
            write_output(target, out, scratch)?;
            Some(write_start.elapsed())
        }
        _ => None,
    };
    std::mem::forget(kept);
    std::mem::forget(output);
    Ok(Sample {
        elapsed,
        cpu,
        write,
        peak_rss: peak_rss(),
        items,
        bytes: 0,
        threads: rayon::current_num_threads(),
    })
}

/// Before the clock starts for a site row: for `site-first`, removes the site; for
/// `site-rebuild`, builds the site of the bank as it is (in a child process, so that this one's
/// memory stays the row's own), then edits the stem of the bank's first question. Returns the
/// edited file and its original bytes, written back once the row ran.
fn prepare_site(
    row: Row,
    bank: &Path,
    scratch: &Path,
    site: &Path,
) -> Result<Option<(PathBuf, Vec<u8>)>, Failure> {
    match row {
        Row::SiteFirst => {
            if site.exists() {
                fsio::remove_tree(site);
            }
            Ok(None)
        }
        Row::SiteRebuild => {
            let exe = std::env::current_exe()
                .map_err(|e| Failure::new(format!("cannot find this program: {e}")))?;
            let status = std::process::Command::new(&exe)
                .args(["once", "--row", "site-first", "--scratch"])
                .arg(scratch)
                .arg(bank)
                .stdout(std::process::Stdio::null())
                .status()
                .map_err(|e| Failure::new(format!("cannot run {}: {e}", exe.display())))?;
            if !status.success() {
                return Err(Failure::new("the first build before `site-rebuild` failed"));
            }
            edit_first_stem(bank).map(Some)
        }
        _ => Ok(None),
    }
}

/// Puts `Edited: ` before the English stem of the bank's first question (the first question
/// file in name order); returns the file and its bytes before the edit.
pub fn edit_first_stem(bank: &Path) -> Result<(PathBuf, Vec<u8>), Failure> {
    let mut paths = Vec::new();
    toml_paths(bank, &mut paths).map_err(|e| Failure::io("read", bank, &e))?;
    paths.sort();
    for path in paths {
        let bytes = fs::read(&path).map_err(|e| Failure::io("read", &path, &e))?;
        let text = String::from_utf8_lossy(&bytes);
        let marker = "\nstem.en = \"";
        if let Some(at) = text.find(marker) {
            let mut edited = text.into_owned();
            edited.insert_str(at + marker.len(), "Edited: ");
            fs::write(&path, edited).map_err(|e| Failure::io("edit", &path, &e))?;
            return Ok((path, bytes));
        }
    }
    Err(Failure::new("the bank has no `stem.en` to edit"))
}

/// `preview-rebuild`: a preview of the bank built (untimed), the first question's stem edited,
/// then the timed rebuild the preview server runs on that save before the page reloads.
fn preview_rebuild(bank: &Path) -> Result<Sample, Failure> {
    let mut rebuilder = quizkit::commands::preview::Rebuilder::new(bank);
    let first = rebuilder
        .rebuild()
        .ok_or_else(|| Failure::new("the first preview build did nothing"))?;
    if first.site.is_none() {
        return Err(Failure::new(
            "the bank does not load; the preview built no site",
        ));
    }
    let items = question_count(bank)?;
    let (path, original) = edit_first_stem(bank)?;
    let cpu_start = cpu_time();
    let start = Instant::now();
    let build = rebuilder.rebuild();
    let elapsed = start.elapsed();
    let cpu = cpu_start.zip(cpu_time()).map(|(a, b)| b.saturating_sub(a));
    fs::write(&path, &original).map_err(|e| Failure::io("restore", &path, &e))?;
    match &build {
        Some(b) if b.site.is_some() && b.incremental && b.changed.len() == 1 => {}
        _ => {
            return Err(Failure::new(
                "the preview did not rebuild the site incrementally after the edit",
            ));
        }
    }
    std::mem::forget(build);
    std::mem::forget(first);
    std::mem::forget(rebuilder);
    Ok(Sample {
        elapsed,
        cpu,
        write: None,
        peak_rss: peak_rss(),
        items,
        bytes: 0,
        threads: rayon::current_num_threads(),
    })
}

/// `lint-topic`'s bank: the bank's `quizkit.toml`, and the category and topic of its first
/// question file, copied into `scratch` (untimed).
pub fn topic_bank(bank: &Path, scratch: &Path) -> Result<PathBuf, Failure> {
    let (path, original) = edit_first_stem(bank)?;
    fs::write(&path, &original).map_err(|e| Failure::io("restore", &path, &e))?;
    let topic = path
        .parent()
        .ok_or_else(|| Failure::new("no topic folder"))?;
    let category = topic
        .parent()
        .ok_or_else(|| Failure::new("no category folder"))?;
    let out = scratch.join("topic-bank");
    if out.exists() {
        fsio::remove_tree(&out);
    }
    let rel = |p: &Path| {
        p.strip_prefix(bank)
            .map(Path::to_path_buf)
            .unwrap_or_default()
    };
    let mut copies = vec![(bank.join("quizkit.toml"), PathBuf::from("quizkit.toml"))];
    copies.push((
        category.join("category.toml"),
        rel(&category.join("category.toml")),
    ));
    for entry in fs::read_dir(topic).map_err(|e| Failure::io("read", topic, &e))? {
        let p = entry.map_err(|e| Failure::io("read", topic, &e))?.path();
        copies.push((p.clone(), rel(&p)));
    }
    for (from, to) in copies {
        let to = out.join(to);
        if let Some(dir) = to.parent() {
            fs::create_dir_all(dir).map_err(|e| Failure::io("create folder", dir, &e))?;
        }
        fs::copy(&from, &to).map_err(|e| Failure::io("copy", &from, &e))?;
    }
    Ok(out)
}

/// The number of questions of the bank at `root`, from its text (`[[question]]` headers), so
/// that a row which runs a whole command need not load the bank a second time to count them.
fn question_count(root: &Path) -> Result<u64, Failure> {
    let mut paths = Vec::new();
    toml_paths(root, &mut paths).map_err(|e| Failure::io("read", root, &e))?;
    let mut n = 0;
    for path in paths {
        let text = fs::read_to_string(&path).map_err(|e| Failure::io("read", &path, &e))?;
        n += text.lines().filter(|l| l.trim() == "[[question]]").count() as u64;
    }
    Ok(n)
}

/// The claim rows: load (untimed), then evaluate on this thread. The `checks` claims are
/// evaluated in passes until at least 100,000 evaluations, so that small banks still give a
/// measurable time.
fn claims(row: Row, bank: &Path) -> Result<Sample, Failure> {
    let (_, loaded) = fsio::load_bank(Some(bank))?;
    questions(&loaded)?;
    let model = loaded
        .bank
        .as_ref()
        .ok_or_else(|| Failure::new("no bank"))?;
    let options = quizkit_quantity::Options::default();
    let cpu_start = cpu_time();
    let start = Instant::now();
    let (items, bytes) = match row {
        Row::Checks => {
            let exprs: Vec<&str> = model
                .questions()
                .flat_map(|(_, _, q)| q.checks.iter().map(|c| c.value.as_str()))
                .collect();
            if exprs.is_empty() {
                return Err(Failure::new("the bank has no `checks` to evaluate"));
            }
            let passes = 100_000usize.div_ceil(exprs.len());
            let mut evaluated = 0u64;
            for _ in 0..passes {
                for expr in &exprs {
                    match quizkit_quantity::check(expr, &options) {
                        Ok(o) if o.holds => evaluated += 1,
                        _ => return Err(Failure::new(format!("the claim `{expr}` does not hold"))),
                    }
                }
            }
            (evaluated, 0)
        }
        _ => prose(model, &options)?,
    };
    let elapsed = start.elapsed();
    let cpu = cpu_start.zip(cpu_time()).map(|(a, b)| b.saturating_sub(a));
    std::mem::forget(loaded);
    Ok(Sample {
        elapsed,
        cpu,
        write: None,
        peak_rss: peak_rss(),
        items,
        bytes,
        threads: 1,
    })
}

/// Scans every explanation of `bank` for claims and evaluates them; returns the claims found
/// and the bytes scanned. A claim that does not hold is an error: the generated bank's
/// arithmetic is correct.
fn prose(bank: &Bank, options: &quizkit_quantity::Options) -> Result<(u64, u64), Failure> {
    let mut found = 0u64;
    let mut bytes = 0u64;
    for (_, _, q) in bank.questions() {
        let Some(explanation) = &q.explanation else {
            continue;
        };
        for entry in &explanation.entries {
            let lang = match entry.lang.value.as_str() {
                "nl" => quizkit_quantity::Lang::Nl,
                _ => quizkit_quantity::Lang::En,
            };
            let text = entry.text.value.as_str();
            bytes += text.len() as u64;
            for claim in quizkit_quantity::extract_claims(text, lang) {
                match claim.evaluate(options) {
                    quizkit_quantity::Verdict::Holds(_) => found += 1,
                    _ => {
                        return Err(Failure::new(format!(
                            "question `{}`: the claim `{}` does not hold",
                            q.id.value, claim.expr
                        )));
                    }
                }
            }
        }
    }
    Ok((found, bytes))
}

/// The floor's work: every `.toml` file below `root` read and parsed into a `toml::Table`,
/// in parallel. A file that is not valid TOML is an error: the floor is only measured on
/// valid banks.
pub fn floor(root: &Path) -> io::Result<Vec<toml::Table>> {
    let mut paths = Vec::new();
    toml_paths(root, &mut paths)?;
    paths
        .par_iter()
        .map(|path| {
            let text = fs::read_to_string(path)?;
            text.parse::<toml::Table>().map_err(|e| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{}: {e}", path.display()),
                )
            })
        })
        .collect()
}

/// Every `.toml` file below `dir`, skipping names that start with a dot.
pub fn toml_paths(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if name.starts_with('.') {
            continue;
        }
        if entry.file_type()?.is_dir() {
            toml_paths(&entry.path(), out)?;
        } else if name.ends_with(".toml") {
            out.push(entry.path());
        }
    }
    Ok(())
}

/// The total size of the bank's `.toml` files, in bytes.
pub fn bank_bytes(root: &Path) -> io::Result<u64> {
    let mut paths = Vec::new();
    toml_paths(root, &mut paths)?;
    paths.iter().map(|p| Ok(fs::metadata(p)?.len())).sum()
}

fn questions(loaded: &quizkit_model::Loaded) -> Result<u64, Failure> {
    if loaded.has_errors() {
        let first = loaded
            .diagnostics
            .iter()
            .find(|d| d.severity == quizkit_model::Severity::Error)
            .map(|d| d.message.clone())
            .unwrap_or_default();
        return Err(Failure::new(format!(
            "the bank does not load cleanly: {first}"
        )));
    }
    Ok(loaded.bank.as_ref().map_or(0, |b| b.question_count()) as u64)
}

/// Writes an export's files the way `quizkit export` does: one file atomically, or a folder
/// replaced as a whole.
fn write_output(target: &Target, output: &Output, scratch: &Path) -> Result<(), Failure> {
    let out = scratch.join(target.default_path);
    if target.layout == quizkit_export::Layout::Folder {
        let files: Vec<(&str, &[u8])> = output
            .files
            .iter()
            .map(|f| (f.path.as_str(), f.bytes.as_slice()))
            .collect();
        fsio::write_dir_atomic(&out, &files).map(|_| ())
    } else {
        match output.files.as_slice() {
            [file] => fsio::write_atomic(&out, &file.bytes),
            files => Err(Failure::new(format!(
                "the {} exporter made {} files where one was expected",
                target.name,
                files.len()
            ))),
        }
    }
}

/// The peak resident set size of this process (`VmHWM` in `/proc/self/status`), in bytes.
pub fn peak_rss() -> Option<u64> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line
        .trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024)
}

/// The CPU time of every live thread of this process: the first field of
/// `/proc/self/task/<tid>/schedstat`, in nanoseconds. rayon's threads live as long as the
/// process, so the difference of two readings is the CPU time between them.
pub fn cpu_time() -> Option<Duration> {
    let mut total = 0u64;
    for entry in fs::read_dir("/proc/self/task").ok()? {
        let path = entry.ok()?.path().join("schedstat");
        let text = fs::read_to_string(path).ok()?;
        total += text.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(Duration::from_nanos(total))
}
