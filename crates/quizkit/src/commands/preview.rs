//! `quizkit preview`: serves the HTML site of a bank on 127.0.0.1, rebuilds it when a file of
//! the bank changes, and reloads the open page; lint's findings in the files changed since the
//! preview started, and every load error, show as an overlay in the page.
//!
//! One thread serves requests from the site held in memory (no file is written), one watches
//! the bank (`notify`) and rebuilds, and every open page holds a server-sent-events stream on
//! a thread of its own, which hears of each new state. A bank that does not load keeps the last
//! site that did, with the errors in the overlay: nothing the author writes stops the server.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use clap::Args;
use quizkit_export::{Options, html};
use quizkit_lint::{Check, Selection};
use quizkit_model::{
    Bank, Category, Diagnostic, InputFile, Loaded, Severity, SourceFile, Topic, media,
};
use serde_json::{Value, json};

use crate::cli::{BankArg, GlobalArgs};
use crate::fsio::{Failure, ReadCache, find_bank, load_files, read_bank_cached, reread_cached};
use crate::output::Findings;

/// Arguments of `quizkit preview`.
#[derive(Debug, Args)]
pub struct PreviewArgs {
    /// The bank to preview.
    #[command(flatten)]
    pub bank: BankArg,
    /// The port on 127.0.0.1 to serve on; 0 picks a free one.
    #[arg(long, default_value_t = 4000)]
    pub port: u16,
    /// Open the site in the default browser.
    #[arg(long)]
    pub open: bool,
}

/// The live-reload and overlay script every preview page loads.
const SCRIPT: &str = include_str!("../../assets/preview.js");
/// The overlay's stylesheet, which the script links.
const STYLE: &str = include_str!("../../assets/preview.css");
/// Where the script listens for new states.
const EVENTS: &str = "/_quizkit/events";
/// The current state as JSON, for scripts and tests.
const STATE: &str = "/_quizkit/state";

/// One finding for the overlay, with its place as the author reads it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct OverlayFinding {
    /// The file, as the user named the bank (`questions/c/t/q.toml`), or the bank root.
    pub file: String,
    /// 1-based line and column, or 0 when the finding has no place in a file.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// `S001`, `Q004`, ….
    pub code: &'static str,
    /// `toml-syntax`, ….
    pub name: &'static str,
    /// `error`, `warning`, `info`.
    pub severity: &'static str,
    /// What is wrong.
    pub message: String,
    /// What to do.
    pub help: Option<String>,
    /// The file relative to the bank root, when the finding is in one.
    pub path: Option<String>,
}

/// The site as the server holds it: path → bytes, shared with the server without copying.
pub type SiteMap = BTreeMap<String, Arc<[u8]>>;

/// A new site: whole, or the pages a change wrote again.
#[derive(Debug)]
pub enum SiteUpdate {
    /// Every page.
    Whole(SiteMap),
    /// The pages of [`html::export_changed`], to put into the last site.
    Patch(html::Partial),
}

impl SiteUpdate {
    /// Makes `site` the new site: the whole one, or the last one with the patch put in (the
    /// patch's folders emptied first).
    pub fn apply(self, site: &mut SiteMap) {
        match self {
            SiteUpdate::Whole(whole) => *site = whole,
            SiteUpdate::Patch(partial) => {
                site.retain(|path, _| {
                    !partial.folders.iter().any(|f| path.starts_with(f.as_str()))
                });
                for file in partial.files {
                    site.insert(file.path, Arc::from(file.bytes));
                }
            }
        }
    }
}

/// The result of a rebuild.
#[derive(Debug)]
pub struct Build {
    /// The new site, or `None` when the bank did not load and the last site stays.
    pub site: Option<SiteUpdate>,
    /// Every load error, and lint's findings in the files changed since the preview started.
    pub findings: Vec<OverlayFinding>,
    /// The files that changed since the last rebuild.
    pub changed: Vec<String>,
    /// True when only the changed topics were loaded, linted and written again.
    pub incremental: bool,
    /// For the [`BankLinter`]: what changed in the bank, and whether the bank-wide rules are
    /// still to run (after an incremental rebuild, whose findings above hold those rules'
    /// findings in unchanged files from their last run).
    pub lint: LintJob,
}

/// What a [`BankLinter`] hears of a rebuild.
#[derive(Debug)]
pub struct LintJob {
    generation: u64,
    change: LintChange,
    due: bool,
}

#[derive(Debug)]
enum LintChange {
    /// The bank was loaded anew.
    Replace(Box<Loaded>),
    /// These question files were reloaded in place.
    Reload(Vec<InputFile>),
    /// Nothing it needs changed.
    Nothing,
}

/// Every rule over the whole bank, after an incremental rebuild linted the changed topics with
/// the per-question rules: the bank rules (duplicate ids and stems, key statistics, …) and the
/// `allow` checks need every question. It keeps a copy of the loaded bank of its own, changed
/// by the same reloads as the [`Rebuilder`]'s, so that neither waits for the other and nothing
/// is copied per rebuild: the preview runs it on a thread of its own.
#[derive(Debug, Default)]
pub struct BankLinter {
    loaded: Option<Loaded>,
    generation: u64,
    due: bool,
}

impl BankLinter {
    /// Takes in a rebuild's change.
    pub fn add(&mut self, job: LintJob) {
        match job.change {
            LintChange::Replace(loaded) => self.loaded = Some(*loaded),
            LintChange::Reload(files) => {
                if let Some(loaded) = &mut self.loaded {
                    // The rebuilder's reload of the same files into the same bank succeeded.
                    let _ = quizkit_model::reload(loaded, files);
                }
            }
            LintChange::Nothing => {}
        }
        self.generation = job.generation;
        self.due = job.due;
    }

    /// Lints the whole bank with every selected rule, when the last change asked for it.
    pub fn run(&mut self) -> Option<Linted> {
        if !std::mem::take(&mut self.due) {
            return None;
        }
        Some(Linted {
            generation: self.generation,
            by_rule: lint_all(self.loaded.as_ref()?),
        })
    }
}

/// The findings of a [`BankLinter`] run.
#[derive(Debug)]
pub struct Linted {
    generation: u64,
    by_rule: Split,
}

/// Lint findings for the overlay, split by kind of rule: the per-question rules' by file (an
/// incremental rebuild replaces those of the changed topics' files), the others' as a list.
#[derive(Debug, Default)]
struct Split {
    questions: BTreeMap<String, Vec<OverlayFinding>>,
    bank: Vec<OverlayFinding>,
}

/// True when the rule with this code checks one question at a time.
fn is_question_rule(code: &str) -> bool {
    quizkit_lint::rule(code).is_some_and(|r| matches!(r.check, Check::Question(_)))
}

fn overlay(root: &Path, sources: &[SourceFile], d: &Diagnostic) -> OverlayFinding {
    let findings = Findings {
        root,
        sources,
        diagnostics: &[],
    };
    let ((line, column), _) = if d.file.is_some() {
        findings.positions(d)
    } else {
        ((0, 0), (0, 0))
    };
    OverlayFinding {
        file: findings.path_of(d),
        line,
        column,
        code: d.code,
        name: d.name,
        severity: d.severity.as_str(),
        message: d.message.clone(),
        help: d.help.clone(),
        path: findings.source(d).map(|s| s.path.clone()),
    }
}

/// Every selected rule over the whole bank, split for the overlay.
fn lint_all(loaded: &Loaded) -> Split {
    let mut split = Split::default();
    let Some(bank) = &loaded.bank else {
        return split;
    };
    let selection = Selection::from_config(&bank.config.lint);
    // The overlay needs no root: paths are made again when shown.
    for d in quizkit_lint::lint(bank, &loaded.sources, &selection) {
        let finding = overlay(Path::new(""), &loaded.sources, &d);
        match (&finding.path, is_question_rule(d.code)) {
            (Some(path), true) => split
                .questions
                .entry(path.clone())
                .or_default()
                .push(finding),
            _ => split.bank.push(finding),
        }
    }
    split
}

/// The per-question rules over the questions of some topics (by category and topic slug):
/// their findings by file, every file of those topics present.
fn lint_topics(
    loaded: &Loaded,
    topics: &[(String, String)],
) -> BTreeMap<String, Vec<OverlayFinding>> {
    let mut out = BTreeMap::new();
    let Some(bank) = &loaded.bank else {
        return out;
    };
    for source in &loaded.sources {
        let mut parts = source.path.split('/');
        let (c, t) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        if topics.iter().any(|(tc, tt)| tc == c && tt == t) {
            out.insert(source.path.clone(), Vec::new());
        }
    }
    let mut selection = Selection::from_config(&bank.config.lint);
    selection
        .enabled
        .retain(|(rule, _)| matches!(rule.check, Check::Question(_)));
    selection.unknown.clear();
    // A bank of the changed topics alone: the per-question rules see one question at a time,
    // its topic and category, and the bank's configuration.
    let part = Bank {
        config: bank.config.clone(),
        config_file: bank.config_file,
        categories: bank
            .categories
            .iter()
            .filter_map(|c| {
                let topics: Vec<Topic> = c
                    .topics
                    .iter()
                    .filter(|t| topics.iter().any(|(tc, tt)| *tc == c.slug && *tt == t.slug))
                    .cloned()
                    .collect();
                (!topics.is_empty()).then(|| Category {
                    slug: c.slug.clone(),
                    meta: c.meta.clone(),
                    file: c.file,
                    topics,
                })
            })
            .collect(),
        media: bank.media.clone(),
    };
    for d in quizkit_lint::lint(&part, &loaded.sources, &selection) {
        let finding = overlay(Path::new(""), &loaded.sources, &d);
        if let Some(path) = &finding.path {
            out.entry(path.clone()).or_default().push(finding);
        }
    }
    out
}

/// True when a file's bytes may hold a Markdown image (`![`).
fn shows_image(file: &InputFile) -> bool {
    match &file.content {
        quizkit_model::Content::Bytes(bytes) => bytes.windows(2).any(|w| w == b"!["),
        _ => false,
    }
}

/// The ids and the number of questions of a topic, by category and topic slug.
fn topic_ids(bank: &Bank, category: &str, topic: &str) -> (Vec<String>, usize) {
    bank.categories
        .iter()
        .filter(|c| c.slug == category)
        .flat_map(|c| c.topics.iter())
        .find(|t| t.slug == topic)
        .map(|t| {
            (
                t.questions.iter().map(|q| q.id.value.clone()).collect(),
                t.questions.len(),
            )
        })
        .unwrap_or_default()
}

/// The (category, topic) slugs of a question file's path.
fn topic_of(path: &str) -> Option<(String, String)> {
    let mut parts = path.split('/');
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(c), Some(t), Some(_), None) => Some((c.to_owned(), t.to_owned())),
        _ => None,
    }
}

/// Rebuilds the preview of a bank from what changed on disk.
///
/// It keeps the loaded bank, the site and lint's findings. When only question files the bank
/// already has changed, it parses those files again ([`quizkit_model::reload`]), lints their
/// topics with the per-question rules, and writes again only the pages they can touch
/// ([`html::export_changed`]); the bank-wide rules run after, as [`Build::lint`] (a [`BankLinter`] job). Anything
/// else (a file added or removed, `quizkit.toml`, a category's or topic's metadata, a bank
/// that did not load) loads, lints and exports the whole bank.
#[derive(Debug)]
pub struct Rebuilder {
    root: PathBuf,
    cache: ReadCache,
    /// Every file that changed since the first build.
    edited: BTreeSet<String>,
    built: bool,
    /// The last load.
    loaded: Option<Loaded>,
    /// Whether the last site published is the export of `loaded`'s bank.
    synced: bool,
    /// Lint's findings for `loaded`.
    lint: Split,
    /// Grows with every rebuild; a [`Linted`] of an older one is dropped.
    generation: u64,
}

impl Rebuilder {
    /// A rebuilder of the bank at `root`; nothing is read until [`Rebuilder::rebuild`].
    pub fn new(root: &Path) -> Self {
        Rebuilder {
            root: root.to_path_buf(),
            cache: ReadCache::default(),
            edited: BTreeSet::new(),
            built: false,
            loaded: None,
            synced: false,
            lint: Split::default(),
            generation: 0,
        }
    }

    /// Reads again what changed, and rebuilds what it touches; `None` when no file changed
    /// since the last call. Only the changed files are read again.
    pub fn rebuild(&mut self) -> Option<Build> {
        self.update(false, None)
    }

    /// [`Rebuilder::rebuild`] of the whole bank, whether or not a `.toml` file changed: after
    /// a change to another file of the bank (an image).
    pub fn rebuild_all(&mut self) -> Option<Build> {
        self.update(true, None)
    }

    /// The findings of a bank-wide lint, when it is of the last rebuild: the overlay's new
    /// findings.
    pub fn linted(&mut self, linted: Linted) -> Option<Vec<OverlayFinding>> {
        if linted.generation != self.generation {
            return None;
        }
        self.lint = linted.by_rule;
        Some(self.findings())
    }

    /// [`Rebuilder::rebuild`] after the watcher named these paths (absolute, or as the root
    /// was given): only those files are looked at when every one is a `.toml` file the bank
    /// had, else (a file added or removed, a folder) the whole bank is walked as by
    /// [`Rebuilder::rebuild`]; a changed image rebuilds the whole bank
    /// ([`Rebuilder::rebuild_all`]). Hidden files and editors' backup, swap and temporary
    /// files are not the bank's.
    pub fn rebuild_after(&mut self, paths: &[PathBuf]) -> Option<Build> {
        if paths.iter().any(|p| is_media_change(&self.root, p)) {
            return self.update(true, None);
        }
        let full = self.root.canonicalize().ok();
        let known: Option<Vec<String>> = paths
            .iter()
            .filter(|p| !is_editor_file(p))
            .map(|p| {
                let rel = p
                    .strip_prefix(&self.root)
                    .ok()
                    .or_else(|| full.as_deref().and_then(|f| p.strip_prefix(f).ok()))?;
                let rel: Vec<&str> = rel.iter().map(|c| c.to_str()).collect::<Option<_>>()?;
                let rel = rel.join("/");
                self.cache.file(&rel).map(|_| rel)
            })
            .collect();
        match known {
            Some(rels) if self.built => self.update(false, Some(&rels)),
            _ => self.update(false, None),
        }
    }

    fn update(&mut self, all: bool, only: Option<&[String]>) -> Option<Build> {
        let nothing = |generation| LintJob {
            generation,
            change: LintChange::Nothing,
            due: false,
        };
        let read = match only.and_then(|paths| reread_cached(&self.root, &mut self.cache, paths)) {
            Some(changed) => Ok(changed),
            None => read_bank_cached(&self.root, &mut self.cache),
        };
        if !matches!(&read, Ok(changed) if self.built && changed.is_empty() && !all) {
            self.generation += 1;
        }
        let changed = match read {
            Ok(changed) => changed,
            Err(failure) => {
                return Some(Build {
                    site: None,
                    findings: vec![OverlayFinding {
                        file: self.root.display().to_string(),
                        line: 0,
                        column: 0,
                        code: "",
                        name: "unreadable-bank",
                        severity: "error",
                        message: failure.message,
                        help: failure.help,
                        path: None,
                    }],
                    changed: Vec::new(),
                    incremental: false,
                    lint: nothing(self.generation),
                });
            }
        };
        if self.built && changed.is_empty() && !all {
            return None;
        }
        if self.built {
            self.edited.extend(changed.iter().cloned());
        }
        self.built = true;
        let mut export_error = None;
        let mut site = None;
        let mut lint = nothing(self.generation);
        let reloaded = if !all && self.can_reload(&changed) {
            let files: Vec<InputFile> = changed.iter().filter_map(|p| self.cache.file(p)).collect();
            self.apply_incremental(files.clone(), &changed)
                .map(|result| (result, files))
        } else {
            None
        };
        let incremental = reloaded.is_some();
        if let Some((result, files)) = reloaded {
            match result {
                Ok(update) => site = update.map(SiteUpdate::Patch),
                Err(message) => export_error = Some(message),
            }
            lint = LintJob {
                generation: self.generation,
                change: LintChange::Reload(files),
                due: true,
            };
        } else {
            let loaded = load_files(&self.root, self.cache.files());
            self.lint = lint_all(&loaded);
            if let Some(bank) = loaded.bank.as_ref().filter(|_| !loaded.has_errors()) {
                match html::export(bank, &preview_options()) {
                    Ok(output) => {
                        site = Some(SiteUpdate::Whole(
                            output
                                .files
                                .into_iter()
                                .map(|f| (f.path, Arc::from(f.bytes)))
                                .collect(),
                        ));
                    }
                    Err(err) => export_error = Some(err.message),
                }
            }
            lint.change = LintChange::Replace(Box::new(loaded.clone()));
            self.loaded = Some(loaded);
        }
        self.synced = site.is_some();
        let mut findings = self.findings();
        if let Some(message) = export_error {
            findings.push(OverlayFinding {
                file: self.root.display().to_string(),
                line: 0,
                column: 0,
                code: "",
                name: "export",
                severity: "error",
                message: format!("cannot build the site: {message}"),
                help: None,
                path: None,
            });
        }
        Some(Build {
            site,
            findings,
            changed,
            incremental,
            lint,
        })
    }

    /// Whether the change can be applied in place: the last load had a bank whose site is
    /// the one published, and every changed path is one of its question files, still there,
    /// showing no image (the bank's media are read on a whole load only).
    fn can_reload(&self, changed: &[String]) -> bool {
        let Some(loaded) = &self.loaded else {
            return false;
        };
        self.synced
            && loaded.bank.is_some()
            && !changed.is_empty()
            && changed.iter().all(|path| {
                topic_of(path).is_some()
                    && !path.ends_with(&format!("/{}", quizkit_model::load::TOPIC_FILE))
                    && loaded.sources.iter().any(|s| s.path == *path)
                    && self.cache.file(path).is_some_and(|f| !shows_image(&f))
            })
    }

    /// Reloads the changed question files, lints their topics and writes their pages again:
    /// the pages (`None` when the bank now has load errors), or why the site cannot be
    /// written; `None` when the reload was refused (then nothing changed, and the whole bank
    /// is loaded again).
    fn apply_incremental(
        &mut self,
        files: Vec<InputFile>,
        changed: &[String],
    ) -> Option<Result<Option<html::Partial>, String>> {
        let loaded = self.loaded.as_mut()?;
        let mut topics: Vec<(String, String)> =
            changed.iter().filter_map(|p| topic_of(p)).collect();
        topics.sort();
        topics.dedup();
        let bank = loaded.bank.as_ref()?;
        let mut ids_before = BTreeSet::new();
        let mut counts_before = Vec::new();
        for (c, t) in &topics {
            let (ids, count) = topic_ids(bank, c, t);
            ids_before.extend(ids);
            counts_before.push(count);
        }
        if quizkit_model::reload(loaded, files).is_err() {
            return None;
        }
        let fresh = lint_topics(loaded, &topics);
        for (path, findings) in fresh {
            self.lint.questions.insert(path, findings);
        }
        // The bank rules' findings in the changed files point at text that moved; the
        // bank-wide lint that follows gives them again.
        self.lint
            .bank
            .retain(|f| f.path.as_ref().is_none_or(|p| !changed.contains(p)));
        let Some(bank) = loaded.bank.as_ref().filter(|_| !loaded.has_errors()) else {
            return Some(Ok(None));
        };
        let counts = topics
            .iter()
            .zip(&counts_before)
            .any(|((c, t), before)| topic_ids(bank, c, t).1 != *before);
        let part = html::Changed {
            topics,
            ids_before,
            counts,
        };
        Some(
            html::export_changed(bank, &preview_options(), &part)
                .map(Some)
                .map_err(|err| err.message),
        )
    }

    /// The overlay: every load error, and load and lint findings in the files changed since
    /// the first build, in file order.
    fn findings(&self) -> Vec<OverlayFinding> {
        let Some(loaded) = &self.loaded else {
            return Vec::new();
        };
        let edited = |f: &OverlayFinding| f.path.as_ref().is_some_and(|p| self.edited.contains(p));
        let mut shown: Vec<OverlayFinding> = loaded
            .diagnostics
            .iter()
            .map(|d| (d.severity, overlay(&self.root, &loaded.sources, d)))
            .filter(|(severity, f)| *severity == Severity::Error || edited(f))
            .map(|(_, f)| f)
            .collect();
        let display = Findings {
            root: &self.root,
            sources: &loaded.sources,
            diagnostics: &[],
        };
        let lint = self
            .edited
            .iter()
            .filter_map(|p| self.lint.questions.get(p))
            .flatten()
            .chain(self.lint.bank.iter().filter(|f| edited(f)));
        shown.extend(lint.map(|f| OverlayFinding {
            file: f.path.as_ref().map_or_else(
                || self.root.display().to_string(),
                |p| display.display_path(p),
            ),
            ..f.clone()
        }));
        shown.sort_by(|a, b| {
            (&a.file, a.line, a.column, a.code, &a.message)
                .cmp(&(&b.file, b.line, b.column, b.code, &b.message))
        });
        shown.dedup();
        shown
    }
}

/// The options of the preview's site: the exporter's defaults, with the preview script.
fn preview_options() -> Options {
    Options {
        preview: true,
        ..Options::default()
    }
}

/// What the server holds: the site, the findings, and a number that grows with each change.
#[derive(Debug, Default)]
struct State {
    /// Grows with every new site.
    site_version: u64,
    /// Grows with every change of site or findings.
    seq: u64,
    site: Arc<SiteMap>,
    findings: Vec<OverlayFinding>,
}

impl State {
    fn json(&self) -> Value {
        json!({
            "site": self.site_version,
            "seq": self.seq,
            "findings": self.findings.iter().map(|f| json!({
                "file": f.file,
                "line": f.line,
                "column": f.column,
                "code": f.code,
                "rule": f.name,
                "severity": f.severity,
                "message": f.message,
                "help": f.help,
            })).collect::<Vec<_>>(),
        })
    }
}

type Shared = Arc<(Mutex<State>, Condvar)>;

fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, State> {
    // A thread that panicked while holding the lock left a state that is still whole: every
    // update replaces fields at once.
    shared.0.lock().unwrap_or_else(|e| e.into_inner())
}

/// Publishes a rebuild: a new site (when it has one) and the overlay.
fn apply(shared: &Shared, site: Option<SiteUpdate>, findings: Vec<OverlayFinding>) {
    let mut state = lock(shared);
    if let Some(site) = site {
        // Copies the map only while a request still holds the last one.
        site.apply(Arc::make_mut(&mut state.site));
        state.site_version += 1;
    }
    state.findings = findings;
    state.seq += 1;
    drop(state);
    shared.1.notify_all();
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, e)| e) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

fn respond(request: tiny_http::Request, status: u16, kind: &str, body: Vec<u8>) {
    let mut response = tiny_http::Response::from_data(body).with_status_code(status);
    for (name, value) in [("Content-Type", kind), ("Cache-Control", "no-store")] {
        if let Ok(h) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(h);
        }
    }
    let _ = request.respond(response);
}

/// The page served where the site has none: it loads the preview script, so it reloads by
/// itself once the page is there (a question being renamed, a bank that does not load yet).
fn not_found(path: &str) -> Vec<u8> {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Not in the preview</title>\n\
         <link rel=\"stylesheet\" href=\"/assets/style.css\">\n<script src=\"/assets/{}\" defer></script>\n</head>\n\
         <body>\n<main class=\"wrap\">\n<h1>Not in the preview</h1>\n<p>The site has no page <code>{}</code> (yet). \
         This page reloads when it appears; <a href=\"/index.html\">the start page</a>.</p>\n</main>\n</body>\n</html>\n",
        html::PREVIEW_SCRIPT,
        path.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
    )
    .into_bytes()
}

/// Streams the state to one page as server-sent events, until the page goes away.
fn events(request: tiny_http::Request, shared: Shared) {
    let mut writer = request.into_writer();
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: keep-alive\r\n\r\n";
    if writer
        .write_all(head.as_bytes())
        .and_then(|()| writer.flush())
        .is_err()
    {
        return;
    }
    let mut sent = None;
    loop {
        let message = {
            let state = lock(&shared);
            let state = if sent == Some(state.seq) {
                let (state, _) = shared
                    .1
                    .wait_timeout(state, Duration::from_secs(15))
                    .unwrap_or_else(|e| e.into_inner());
                state
            } else {
                state
            };
            if sent == Some(state.seq) {
                // A comment line: keeps the connection alive, and finds a closed one.
                ": ping\n\n".to_owned()
            } else {
                sent = Some(state.seq);
                format!("event: state\ndata: {}\n\n", state.json())
            }
        };
        if writer
            .write_all(message.as_bytes())
            .and_then(|()| writer.flush())
            .is_err()
        {
            return;
        }
    }
}

fn serve(request: tiny_http::Request, shared: &Shared, host_ok: &dyn Fn(&str) -> bool) {
    let host = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Host"))
        .map(|h| h.value.as_str().to_owned())
        .unwrap_or_default();
    if !host_ok(&host) {
        // Only pages of this server may talk to it: a page elsewhere whose name resolves to
        // 127.0.0.1 sends its own host name.
        respond(
            request,
            403,
            "text/plain; charset=utf-8",
            b"forbidden host\n".to_vec(),
        );
        return;
    }
    if *request.method() != tiny_http::Method::Get && *request.method() != tiny_http::Method::Head {
        respond(
            request,
            405,
            "text/plain; charset=utf-8",
            b"GET only\n".to_vec(),
        );
        return;
    }
    let url = request
        .url()
        .split(['?', '#'])
        .next()
        .unwrap_or("/")
        .to_owned();
    if url == EVENTS {
        let shared = Arc::clone(shared);
        std::thread::spawn(move || events(request, shared));
        return;
    }
    if url == STATE {
        let body = lock(shared).json().to_string().into_bytes();
        respond(request, 200, "application/json", body);
        return;
    }
    let Some(path) = media::percent_decode(url.trim_start_matches('/')) else {
        respond(
            request,
            400,
            "text/plain; charset=utf-8",
            b"bad path\n".to_vec(),
        );
        return;
    };
    let assets = format!("assets/{}", html::PREVIEW_SCRIPT);
    if path == assets {
        respond(
            request,
            200,
            content_type(&path),
            SCRIPT.as_bytes().to_vec(),
        );
        return;
    }
    if path == "assets/preview.css" {
        respond(request, 200, content_type(&path), STYLE.as_bytes().to_vec());
        return;
    }
    let site = Arc::clone(&lock(shared).site);
    let candidates = if path.is_empty() || path.ends_with('/') {
        vec![format!("{path}index.html")]
    } else {
        vec![path.clone(), format!("{path}/index.html")]
    };
    match candidates.iter().find_map(|p| site.get(p).map(|b| (p, b))) {
        Some((p, bytes)) => respond(request, 200, content_type(p), bytes.to_vec()),
        None => respond(request, 404, "text/html; charset=utf-8", not_found(&path)),
    }
}

fn summary(build: &Build, took: Duration, first: bool) -> String {
    let errors = build
        .findings
        .iter()
        .filter(|f| f.severity == "error")
        .count();
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{} in {} ms: {} {}; {}{} in the overlay",
        match (build.site.is_some(), first) {
            (true, true) => "Built",
            (true, false) => "Rebuilt",
            (false, true) => "Not built (the bank does not load)",
            (false, false) => "Not rebuilt (the bank does not load; the last site stays)",
        },
        took.as_millis(),
        plural(build.changed.len(), "file", "files"),
        if first { "read" } else { "changed" },
        plural(build.findings.len(), "finding", "findings"),
        if errors > 0 {
            format!(" ({})", plural(errors, "error", "errors"))
        } else {
            String::new()
        },
    )
}

/// The commands that open `url`, in the order to try them: each entry of `BROWSER` (a list
/// separated by `:`, as `xdg-open` and Python's `webbrowser` read it; `%s` in an entry is
/// replaced by the URL, else the URL is its last argument), then the system's opener.
fn openers(browser: Option<&str>, url: &str) -> Vec<Vec<String>> {
    let mut commands: Vec<Vec<String>> = browser
        .unwrap_or_default()
        .split(':')
        .filter(|entry| !entry.trim().is_empty())
        .map(|entry| {
            let mut words: Vec<String> = entry
                .split_whitespace()
                .map(|w| w.replace("%s", url))
                .collect();
            if !entry.contains("%s") {
                words.push(url.to_owned());
            }
            words
        })
        .collect();
    let system = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    commands.push(vec![system.to_owned(), url.to_owned()]);
    commands
}

/// Opens `url` with the first of [`openers`] that starts.
fn open_browser(url: &str) {
    let browser = std::env::var("BROWSER").ok();
    let mut failed = Vec::new();
    for command in openers(browser.as_deref(), url) {
        let Some((program, args)) = command.split_first() else {
            continue;
        };
        match std::process::Command::new(program)
            .args(args)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
        {
            Ok(mut child) => {
                // Reaped when it ends, so that it does not linger as a zombie.
                std::thread::spawn(move || child.wait());
                return;
            }
            Err(err) => failed.push(format!("{program}: {err}")),
        }
    }
    eprintln!(
        "cannot open a browser ({}); open {url} yourself",
        failed.join("; ")
    );
}

/// What the rebuilding thread hears of.
enum Message {
    /// Files changed: the paths the watcher named.
    Changed(Vec<PathBuf>),
    /// A bank-wide lint finished.
    Linted(Linted),
}

/// True when a change at `path` (below `root`) is to a file the site may show that is not a
/// `.toml` file, which the read cache does not see: a file beside the question files of a
/// topic (`category/topic/figure.png`) or under `media/`, still there or an image. Hidden
/// files and editors' backup, swap and temporary files are not.
fn is_media_change(root: &Path, path: &Path) -> bool {
    let full = root.canonicalize().ok();
    let rel = path
        .strip_prefix(root)
        .ok()
        .or_else(|| full.as_deref().and_then(|f| path.strip_prefix(f).ok()));
    let Some(rel) = rel else {
        return false;
    };
    let parts: Vec<&str> = rel.iter().filter_map(|p| p.to_str()).collect();
    let Some(name) = parts.last() else {
        return false;
    };
    let junk =
        parts.iter().any(|p| p.starts_with('.')) || name.ends_with(".toml") || is_editor_file(path);
    // A file gone by now counts when it was an image: an editor's temporary file, written
    // and renamed over a question file within one save, is gone too.
    let image = [".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg"]
        .iter()
        .any(|e| name.to_ascii_lowercase().ends_with(e));
    !junk
        && (parts.len() == 3 || parts.first() == Some(&quizkit_model::media::MEDIA_DIR))
        && (image || path.exists())
}

/// True for a file no bank holds: hidden (`.01.toml.swp`), an editor's backup (`01.toml~`,
/// `#01.toml#`), swap or temporary file, or vim's write test (`4913`).
fn is_editor_file(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    name.starts_with('.')
        || name.starts_with('#')
        || name.ends_with('~')
        || [".swp", ".swx", ".tmp"].iter().any(|e| name.ends_with(e))
        || name.bytes().all(|b| b.is_ascii_digit())
}

/// Runs `quizkit preview` until it is stopped.
pub fn run(global: &GlobalArgs, args: &PreviewArgs) -> Result<u8, Failure> {
    let root = find_bank(args.bank.path.as_deref())?;
    let shared: Shared = Arc::new((Mutex::new(State::default()), Condvar::new()));
    let mut rebuilder = Rebuilder::new(&root);
    let started = Instant::now();
    let mut first_lint = None;
    if let Some(build) = rebuilder.rebuild() {
        if !global.quiet {
            eprintln!("{}", summary(&build, started.elapsed(), true));
        }
        apply(&shared, build.site, build.findings);
        first_lint = Some(build.lint);
    }

    let server = tiny_http::Server::http(("127.0.0.1", args.port)).map_err(|e| {
        Failure::new(format!("cannot serve on 127.0.0.1:{}: {e}", args.port))
            .with_help("pass another port with `--port N`, or `--port 0` for any free one")
    })?;
    let port = server.server_addr().to_ip().map_or(args.port, |a| a.port());
    let url = format!("http://127.0.0.1:{port}/");

    let (tx, rx) = mpsc::channel::<Message>();
    let watch_tx = tx.clone();
    let watched = root.clone();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        match event {
            Ok(event) if event.kind.is_access() => {}
            // Events were lost, or name no file: the root, which walks the whole bank.
            Ok(event) if event.need_rescan() || event.paths.is_empty() => {
                let _ = watch_tx.send(Message::Changed(vec![watched.clone()]));
            }
            Ok(event) => {
                let _ = watch_tx.send(Message::Changed(event.paths));
            }
            Err(_) => {
                let _ = watch_tx.send(Message::Changed(vec![watched.clone()]));
            }
        }
    })
    .map_err(|e| Failure::new(format!("cannot watch `{}`: {e}", root.display())))?;
    notify::Watcher::watch(&mut watcher, &root, notify::RecursiveMode::Recursive)
        .map_err(|e| Failure::new(format!("cannot watch `{}`: {e}", root.display())))?;

    // The bank-wide lint runs on a thread and a pool of its own, one thread, so that it never
    // holds up the next rebuild's work on the global pool; of the changes that came while it
    // ran, it lints only the last.
    let lint_pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .map_err(|e| Failure::new(format!("cannot start a lint thread: {e}")))?;
    let (lint_tx, lint_rx) = mpsc::channel::<LintJob>();
    if let Some(job) = first_lint {
        let _ = lint_tx.send(job);
    }
    let linted_tx = tx.clone();
    std::thread::spawn(move || {
        let mut linter = BankLinter::default();
        while let Ok(job) = lint_rx.recv() {
            linter.add(job);
            while let Ok(job) = lint_rx.try_recv() {
                linter.add(job);
            }
            if let Some(linted) = lint_pool.install(|| linter.run())
                && linted_tx.send(Message::Linted(linted)).is_err()
            {
                return;
            }
        }
    });
    let builder_shared = Arc::clone(&shared);
    let quiet = global.quiet;
    std::thread::spawn(move || {
        // Kept alive as long as the thread: dropping it stops the watching.
        let _watcher = watcher;
        while let Ok(message) = rx.recv() {
            let mut paths = Vec::new();
            let mut linted = Vec::new();
            let mut changed = false;
            let mut next = Some(message);
            while let Some(message) = next.take() {
                match message {
                    Message::Changed(more) => {
                        changed = true;
                        paths.extend(more);
                    }
                    Message::Linted(l) => linted.push(l),
                }
                // An editor's save is several events (write, rename, attribute change): wait
                // until they stop before reading.
                if changed {
                    next = rx.recv_timeout(Duration::from_millis(30)).ok();
                }
            }
            for l in linted {
                if let Some(findings) = rebuilder.linted(l) {
                    apply(&builder_shared, None, findings);
                }
            }
            if !changed {
                continue;
            }
            let start = Instant::now();
            paths.sort();
            paths.dedup();
            if let Some(build) = rebuilder.rebuild_after(&paths) {
                if !quiet {
                    eprintln!("{}", summary(&build, start.elapsed(), false));
                }
                apply(&builder_shared, build.site, build.findings);
                let _ = lint_tx.send(build.lint);
            }
        }
    });

    println!("Previewing {} at {url} (Ctrl-C stops it)", root.display());
    let _ = std::io::stdout().flush();
    if args.open {
        open_browser(&url);
    }
    let hosts = [format!("127.0.0.1:{port}"), format!("localhost:{port}")];
    let host_ok = |h: &str| hosts.iter().any(|ok| ok == h);
    for request in server.incoming_requests() {
        serve(request, &shared, &host_ok);
    }
    Ok(crate::EXIT_OK)
}

#[cfg(test)]
mod tests {
    use super::{is_media_change, openers};
    use std::path::Path;

    #[test]
    fn media_changes_are_files_beside_question_files_or_under_media_but_no_editor_files() {
        let root = Path::new("bank");
        for (path, media) in [
            ("bank/c/t/figure.png", true),
            ("bank/c/t/sedX1b2c3", false),
            ("bank/c/t/#01.toml#", false),
            ("bank/media/a/b/photo.jpg", true),
            ("bank/c/t/01.toml", false),
            ("bank/c/t/.01.toml.swp", false),
            ("bank/c/t/01.toml~", false),
            ("bank/c/t/4913", false),
            ("bank/c/t/x.tmp", false),
            ("bank/.git/index", false),
            ("bank/dist/site/en/index.html", false),
            ("bank/c/notes.md", false),
            ("elsewhere/c/t/figure.png", false),
        ] {
            assert_eq!(is_media_change(root, Path::new(path)), media, "{path}");
        }
    }

    #[test]
    fn browser_entries_come_first_with_the_url_in_place_of_percent_s_or_last() {
        let url = "http://127.0.0.1:4000/";
        let commands = openers(Some("firefox --new-tab:: w3m -o x=%s"), url);
        let system = commands.last().expect("the system opener").clone();
        assert_eq!(
            commands,
            vec![
                vec!["firefox".to_owned(), "--new-tab".to_owned(), url.to_owned()],
                vec!["w3m".to_owned(), "-o".to_owned(), format!("x={url}")],
                system.clone(),
            ]
        );
        assert_eq!(system.last().map(String::as_str), Some(url));
        assert_eq!(openers(None, url), vec![system]);
    }
}
