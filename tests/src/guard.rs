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

/// Runs a command, waits for it, and writes the peak resident memory of its process tree
/// (`getrusage(RUSAGE_CHILDREN)`, in KiB on Linux) to the file named first; kills the command
/// after the deadline given second. Python 3 is part of the test command's requirements.
const MEASURE: &str = r#"
import os, resource, subprocess, sys
try:
    r = subprocess.run(sys.argv[3:], timeout=float(sys.argv[2]))
except subprocess.TimeoutExpired:
    print("killed: did not finish within the deadline", file=sys.stderr)
    sys.exit(124)
with open(sys.argv[1], "w") as f:
    f.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
if r.returncode < 0:
    os.kill(os.getpid(), -r.returncode)
sys.exit(r.returncode)
"#;

/// Runs `cmd` like [`run_bounded`] and returns its output with its peak resident memory in
/// KiB, written by a small Python parent to `report`.
pub fn run_measured(cmd: &Command, deadline: Duration, report: PathBuf) -> (Output, u64) {
    let _ = std::fs::remove_file(&report);
    let mut measured = Command::new("python3");
    measured
        .arg("-c")
        .arg(MEASURE)
        .arg(&report)
        .arg(deadline.as_secs().to_string())
        .arg(cmd.get_program())
        .args(cmd.get_args());
    for (key, value) in cmd.get_envs() {
        match value {
            Some(v) => measured.env(key, v),
            None => measured.env_remove(key),
        };
    }
    if let Some(dir) = cmd.get_current_dir() {
        measured.current_dir(dir);
    }
    let output = run_bounded(&mut measured, deadline + Duration::from_secs(10));
    let text = std::fs::read_to_string(&report).unwrap_or_else(|e| {
        panic!(
            "no memory report at {}: {e}\n{}",
            report.display(),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    let kib = text
        .trim()
        .parse::<u64>()
        .unwrap_or_else(|_| panic!("the memory report is not a number: {text:?}"));
    (output, kib)
}
