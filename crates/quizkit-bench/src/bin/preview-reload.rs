//! `quizkit preview`'s reload as the author sees it: a running `quizkit preview` process, a
//! page's event stream open, one question file written, and the time until the stream brings
//! the new site (the moment the page reloads), then until it brings the overlay with the
//! bank-wide rules' findings. The baseline is `quizkit lint` of a bank of that file's topic
//! alone (the bank's `quizkit.toml`, the category and the topic folder), run as a user runs
//! it: the whole process.
//!
//! ```sh
//! cargo build --release -p quizkit -p quizkit-bench
//! target/release/quizkit-bench generate --questions 10000 --seed 1 -o target/bench/bank-10000-s1
//! target/release/preview-reload target/bench/bank-10000-s1 --reps 10
//! target/release/preview-reload questions --reps 10
//! ```
//!
//! Each repetition writes the first question file with its first English stem edited, then
//! writes it back: two reloads, both timed. Wall-clock times, medians over the repetitions;
//! the machine is shared, so the ratio is what counts.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long any one wait may take.
const WAIT: Duration = Duration::from_secs(60);

/// One state the preview's event stream sent, and when it arrived.
struct Event {
    at: Instant,
    site: u64,
}

/// A running `quizkit preview`, killed on drop.
struct Preview(Child);

impl Drop for Preview {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("preview-reload: {message}");
            ExitCode::FAILURE
        }
    }
}

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs.get(xs.len() / 2).copied().unwrap_or_default()
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let bank = PathBuf::from(args.next().ok_or("usage: preview-reload BANK [--reps N]")?);
    let mut reps = 5usize;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--reps" => {
                reps = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("--reps takes a number")?;
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let quizkit = exe.with_file_name("quizkit");
    if !quizkit.is_file() {
        return Err(format!(
            "{} is not built: cargo build --release -p quizkit",
            quizkit.display()
        ));
    }
    let scratch =
        std::env::temp_dir().join(format!("quizkit-preview-reload-{}", std::process::id()));
    fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
    let topic = quizkit_bench::rows::topic_bank(&bank, &scratch).map_err(|e| e.message)?;

    // The baseline: `quizkit lint` of the topic's bank, the whole process.
    let mut lint = Vec::new();
    for _ in 0..reps.max(3) {
        let start = Instant::now();
        let status = Command::new(&quizkit)
            .arg("lint")
            .arg(&topic)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| e.to_string())?;
        lint.push(start.elapsed());
        if !status.success() {
            return Err(format!("`quizkit lint {}` failed", topic.display()));
        }
    }

    let mut child = Command::new(&quizkit)
        .arg("--quiet")
        .arg("preview")
        .arg(&bank)
        .args(["--port", "0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start quizkit preview: {e}"))?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let _preview = Preview(child);
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .map_err(|e| e.to_string())?;
    let port: u16 = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .ok_or_else(|| format!("no address in {line:?}"))?;
    let events = listen(port)?;
    let first = events.recv_timeout(WAIT).map_err(|_| "no first state")?;

    let (path, original) = quizkit_bench::rows::edit_first_stem(&bank).map_err(|e| e.message)?;
    let edited = fs::read(&path).map_err(|e| e.to_string())?;
    let mut site = first.site;
    let (mut reload, mut overlay) = (Vec::new(), Vec::new());
    // The file is edited now: put the original back first, so that every timed write changes it.
    fs::write(&path, &original).map_err(|e| e.to_string())?;
    site = settle(&events, site)?;
    for rep in 0..reps * 2 {
        let bytes = if rep % 2 == 0 { &edited } else { &original };
        let start = Instant::now();
        fs::write(&path, bytes).map_err(|e| e.to_string())?;
        let reloaded = loop {
            let event = events.recv_timeout(WAIT).map_err(|_| "no reload")?;
            if event.site != site {
                site = event.site;
                break event.at;
            }
        };
        reload.push(reloaded - start);
        // The bank-wide lint's overlay follows as a state with the same site; when it came
        // before the stream sent the reload, that one state carried both.
        match events.recv_timeout(Duration::from_secs(10)) {
            Ok(event) if event.site == site => overlay.push(event.at - start),
            Ok(_) => return Err("a second site before the overlay".into()),
            Err(_) => overlay.push(reloaded - start),
        }
        std::thread::sleep(Duration::from_millis(200));
        while events.try_recv().is_ok() {}
    }
    fs::write(&path, &original).map_err(|e| e.to_string())?;
    let _ = fs::remove_dir_all(&scratch);

    let (lint, reload, overlay) = (median(lint), median(reload), median(overlay));
    println!("bank: {}", bank.display());
    println!("`quizkit lint` of the topic's bank (process): {}", ms(lint));
    println!(
        "file write → page reload (the event with the new site): {} = {:.2}× the lint",
        ms(reload),
        reload.as_secs_f64() / lint.as_secs_f64()
    );
    println!(
        "file write → overlay with the bank-wide rules: {}",
        ms(overlay)
    );
    Ok(())
}

/// Waits until the stream has been quiet for a while (the rebuilds of an edit, and the
/// bank-wide lint after them); the last site seen.
fn settle(events: &mpsc::Receiver<Event>, mut site: u64) -> Result<u64, String> {
    let start = Instant::now();
    while let Ok(event) = events.recv_timeout(Duration::from_millis(1500)) {
        site = event.site;
        if start.elapsed() > WAIT {
            return Err("the preview never settled".into());
        }
    }
    Ok(site)
}

/// Opens the preview's event stream, and sends every state it brings, with its arrival time.
fn listen(port: u16) -> Result<mpsc::Receiver<Event>, String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    write!(
        stream,
        "GET /_quizkit/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .map_err(|e| e.to_string())?;
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let reader = BufReader::new(stream);
        for line in reader.lines() {
            let Ok(line) = line else { return };
            let at = Instant::now();
            let Some(data) = line.strip_prefix("data: ") else {
                continue;
            };
            let Ok(state) = serde_json::from_str::<serde_json::Value>(data) else {
                continue;
            };
            let site = state["site"].as_u64().unwrap_or(0);
            if tx.send(Event { at, site }).is_err() {
                return;
            }
        }
    });
    Ok(rx)
}
