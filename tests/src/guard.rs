//! Running the binary on hostile input without letting a hang block CI or a blow-up go unseen:
//! every run has a deadline, after which the child is killed and the test fails, and
//! [`run_measured`] reports the child's peak memory.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How long one run of the binary may take before it counts as a hang.
pub const DEADLINE: Duration = Duration::from_secs(60);

fn drain(mut pipe: impl Read + Send + 'static) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    })
}

fn wait_or_kill(mut child: Child, deadline: Duration, what: &str) -> Output {
    let stdout = child.stdout.take().map(drain);
    let stderr = child.stderr.take().map(drain);
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > deadline => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{what} did not finish within {deadline:?}: killed");
            }
            Ok(None) => thread::sleep(Duration::from_millis(20)),
            Err(e) => panic!("cannot wait for {what}: {e}"),
        }
    };
    let collect =
        |h: Option<thread::JoinHandle<Vec<u8>>>| h.and_then(|h| h.join().ok()).unwrap_or_default();
    Output {
        status,
        stdout: collect(stdout),
        stderr: collect(stderr),
    }
}

/// Runs `cmd` with no input and returns its output; kills it and panics after `deadline`.
pub fn run_bounded(cmd: &mut Command, deadline: Duration) -> Output {
    let what = format!("{cmd:?}");
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    wait_or_kill(child, deadline, &what)
}

/// GNU time, which reports a child's peak resident memory.
const GNU_TIME: &str = "/usr/bin/time";

/// Runs `cmd` like [`run_bounded`] under GNU time and returns its output with its peak
/// resident memory in KiB. Fails when GNU time is missing (Debian package `time`).
pub fn run_measured(cmd: &Command, deadline: Duration, report: PathBuf) -> (Output, u64) {
    assert!(
        std::path::Path::new(GNU_TIME).is_file(),
        "{GNU_TIME} is missing: install GNU time (`apt-get install time`) to measure memory"
    );
    let mut timed = Command::new(GNU_TIME);
    timed
        .arg("-f")
        .arg("%M")
        .arg("-o")
        .arg(&report)
        .arg(cmd.get_program())
        .args(cmd.get_args());
    for (key, value) in cmd.get_envs() {
        match value {
            Some(v) => timed.env(key, v),
            None => timed.env_remove(key),
        };
    }
    if let Some(dir) = cmd.get_current_dir() {
        timed.current_dir(dir);
    }
    let output = run_bounded(&mut timed, deadline);
    let text = std::fs::read_to_string(&report)
        .unwrap_or_else(|e| panic!("GNU time wrote no report to {}: {e}", report.display()));
    // With a non-zero exit GNU time writes "Command exited with non-zero status N" first.
    let kib = text
        .lines()
        .filter_map(|l| l.trim().parse::<u64>().ok())
        .next_back()
        .unwrap_or_else(|| panic!("GNU time's report is not a number: {text:?}"));
    (output, kib)
}
