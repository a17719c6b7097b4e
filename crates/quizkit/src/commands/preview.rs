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
use quizkit_lint::Selection;
use quizkit_model::{Severity, load, sort_diagnostics};
use serde_json::{Value, json};

use crate::cli::{BankArg, GlobalArgs};
use crate::fsio::{Failure, ReadCache, find_bank, read_bank_cached};
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
#[derive(Debug, Clone, PartialEq)]
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
}

/// The result of a rebuild.
#[derive(Debug)]
pub struct Build {
    /// The new site (path → bytes), or `None` when the bank did not load and the last site
    /// stays.
    pub site: Option<BTreeMap<String, Vec<u8>>>,
    /// Every load error, and lint's findings in the files changed since the preview started.
    pub findings: Vec<OverlayFinding>,
    /// The files that changed since the last rebuild.
    pub changed: Vec<String>,
}

/// Rebuilds the preview of a bank from what changed on disk.
#[derive(Debug)]
pub struct Rebuilder {
    root: PathBuf,
    cache: ReadCache,
    /// Every file that changed since the first build.
    edited: BTreeSet<String>,
    built: bool,
}

impl Rebuilder {
    /// A rebuilder of the bank at `root`; nothing is read until [`Rebuilder::rebuild`].
    pub fn new(root: &Path) -> Self {
        Rebuilder {
            root: root.to_path_buf(),
            cache: ReadCache::default(),
            edited: BTreeSet::new(),
            built: false,
        }
    }

    /// Reads again what changed, loads, lints and exports the site; `None` when no file
    /// changed since the last call. Only the changed files are read again.
    pub fn rebuild(&mut self) -> Option<Build> {
        let (files, changed) = match read_bank_cached(&self.root, &mut self.cache) {
            Ok(read) => read,
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
                    }],
                    changed: Vec::new(),
                });
            }
        };
        if self.built && changed.is_empty() {
            return None;
        }
        if self.built {
            self.edited.extend(changed.iter().cloned());
        }
        self.built = true;
        let loaded = load(files);
        let mut diagnostics = loaded.diagnostics.clone();
        if let Some(bank) = &loaded.bank {
            let selection = Selection::from_config(&bank.config.lint);
            diagnostics.extend(quizkit_lint::lint(bank, &loaded.sources, &selection));
            sort_diagnostics(&mut diagnostics, &loaded.sources);
        }
        let findings = Findings {
            root: &self.root,
            sources: &loaded.sources,
            diagnostics: &diagnostics,
        };
        let shown: Vec<OverlayFinding> = diagnostics
            .iter()
            .filter(|d| {
                let file = findings.source(d).map(|s| s.path.as_str());
                let from_load = loaded.diagnostics.contains(d);
                (from_load && d.severity == Severity::Error)
                    || file.is_some_and(|f| self.edited.contains(f))
            })
            .map(|d| {
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
                }
            })
            .collect();
        let site = match &loaded.bank {
            Some(bank) if !loaded.has_errors() => {
                let options = Options {
                    preview: true,
                    ..Options::default()
                };
                match html::export(bank, &options) {
                    Ok(output) => Some(
                        output
                            .files
                            .into_iter()
                            .map(|f| (f.path, f.bytes))
                            .collect(),
                    ),
                    Err(err) => {
                        let mut shown = shown;
                        shown.push(OverlayFinding {
                            file: self.root.display().to_string(),
                            line: 0,
                            column: 0,
                            code: "",
                            name: "export",
                            severity: "error",
                            message: format!("cannot build the site: {}", err.message),
                            help: None,
                        });
                        return Some(Build {
                            site: None,
                            findings: shown,
                            changed,
                        });
                    }
                }
            }
            _ => None,
        };
        Some(Build {
            site,
            findings: shown,
            changed,
        })
    }
}

/// What the server holds: the site, the findings, and a number that grows with each change.
#[derive(Debug, Default)]
struct State {
    /// Grows with every new site.
    site_version: u64,
    /// Grows with every change of site or findings.
    seq: u64,
    site: Arc<BTreeMap<String, Vec<u8>>>,
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

fn apply(shared: &Shared, build: Build) {
    let mut state = lock(shared);
    if let Some(site) = build.site {
        state.site = Arc::new(site);
        state.site_version += 1;
    }
    state.findings = build.findings;
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

/// `%XX` escapes decoded; `None` when the result is not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Some(b) = std::str::from_utf8(&bytes[i + 1..i + 3])
                .ok()
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(b);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
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
    let Some(path) = percent_decode(url.trim_start_matches('/')) else {
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
        Some((p, bytes)) => respond(request, 200, content_type(p), bytes.clone()),
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

/// Runs `quizkit preview` until it is stopped.
pub fn run(global: &GlobalArgs, args: &PreviewArgs) -> Result<u8, Failure> {
    let root = find_bank(args.bank.path.as_deref())?;
    let shared: Shared = Arc::new((Mutex::new(State::default()), Condvar::new()));
    let mut rebuilder = Rebuilder::new(&root);
    let started = Instant::now();
    if let Some(build) = rebuilder.rebuild() {
        if !global.quiet {
            eprintln!("{}", summary(&build, started.elapsed(), true));
        }
        apply(&shared, build);
    }

    let server = tiny_http::Server::http(("127.0.0.1", args.port)).map_err(|e| {
        Failure::new(format!("cannot serve on 127.0.0.1:{}: {e}", args.port))
            .with_help("pass another port with `--port N`, or `--port 0` for any free one")
    })?;
    let port = server.server_addr().to_ip().map_or(args.port, |a| a.port());
    let url = format!("http://127.0.0.1:{port}/");

    let (tx, rx) = mpsc::channel::<()>();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if event.is_ok_and(|e| !e.kind.is_access()) {
            let _ = tx.send(());
        }
    })
    .map_err(|e| Failure::new(format!("cannot watch `{}`: {e}", root.display())))?;
    notify::Watcher::watch(&mut watcher, &root, notify::RecursiveMode::Recursive)
        .map_err(|e| Failure::new(format!("cannot watch `{}`: {e}", root.display())))?;

    let builder_shared = Arc::clone(&shared);
    let quiet = global.quiet;
    std::thread::spawn(move || {
        // Kept alive as long as the thread: dropping it stops the watching.
        let _watcher = watcher;
        while rx.recv().is_ok() {
            // An editor's save is several events (write, rename, attribute change): wait
            // until they stop before reading.
            while rx.recv_timeout(Duration::from_millis(30)).is_ok() {}
            let start = Instant::now();
            if let Some(build) = rebuilder.rebuild() {
                if !quiet {
                    eprintln!("{}", summary(&build, start.elapsed(), false));
                }
                apply(&builder_shared, build);
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
    use super::openers;

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
