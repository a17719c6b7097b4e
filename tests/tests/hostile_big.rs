//! Hostile sizes through the real binary, with deadlines and measured peak memory: a 100 MB
//! string (refused before it is read: bank files are limited to
//! [`MAX_FILE_SIZE`](quizkit::fsio::MAX_FILE_SIZE)), the largest file accepted, 100 000
//! options.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

use quizkit::fsio::MAX_FILE_SIZE;
use quizkit_tests::guard::{DEADLINE, run_bounded, run_measured};
use quizkit_tests::hostile::{bank, ended, finding, text};
use quizkit_tests::quizkit;

const MIB: usize = 1024 * 1024;

/// Writes a question whose stem is `len` bytes of `x`, streaming so the test stays small too.
fn huge_question(path: &Path, len: usize) {
    let mut file = fs::File::create(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let chunk = vec![b'x'; MIB];
    file.write_all(
        b"[[question]]\nid = \"huge\"\nanswer = \"A\"\noptions = [\"a\", \"b\", \"c\"]\nstem = \"",
    )
    .expect("write");
    let mut left = len;
    while left > 0 {
        let n = left.min(chunk.len());
        file.write_all(&chunk[..n]).expect("write");
        left -= n;
    }
    file.write_all(b"\"\n").expect("write");
}

#[test]
fn a_100_mb_string_is_refused_without_reading_it() {
    let dir = bank("huge");
    huge_question(&dir.join("c/t/huge.toml"), 100 * MIB);
    let report = dir.with_extension("rss");
    let mut cmd = quizkit();
    cmd.arg("lint").arg(&dir).args(["--format", "json"]);
    let (out, kib) = run_measured(&cmd, DEADLINE, report.clone());
    ended(&out, &[1]);
    let findings: Vec<serde_json::Value> =
        serde_json::from_slice(&out.stdout).expect("json findings");
    let f = finding(&findings, "S005");
    let limit = format!("{} MiB", MAX_FILE_SIZE / MIB as u64);
    assert!(
        f["path"].as_str().is_some_and(|p| p.ends_with("huge.toml")),
        "{f:#}"
    );
    assert!(
        f["message"].as_str().is_some_and(|m| m.contains(&limit)),
        "{f:#}"
    );
    // Reading the file would take 100 MiB at least; refusing it takes a few.
    assert!(
        kib < 48 * 1024,
        "lint peaked at {kib} KiB on a refused 100 MiB file"
    );

    let mut cmd = quizkit();
    cmd.arg("export")
        .arg(&dir)
        .args(["--to", "json", "-o"])
        .arg(dir.with_extension("json"));
    let (out, kib) = run_measured(&cmd, DEADLINE, report);
    ended(&out, &[1]);
    assert!(text(&out.stderr).contains("S005"));
    assert!(!dir.with_extension("json").exists());
    assert!(
        kib < 48 * 1024,
        "export peaked at {kib} KiB on a refused 100 MiB file"
    );
}

#[test]
fn the_largest_accepted_file_lints_and_exports_in_time_and_bounded_memory() {
    let dir = bank("largest");
    huge_question(&dir.join("c/t/huge.toml"), MAX_FILE_SIZE as usize - 200);
    let size = fs::metadata(dir.join("c/t/huge.toml"))
        .map(|m| m.len())
        .unwrap_or(0);
    assert!(
        size <= MAX_FILE_SIZE && size > MAX_FILE_SIZE - 1024,
        "{size}"
    );
    let report = dir.with_extension("rss");
    let mut cmd = quizkit();
    cmd.arg("lint").arg(&dir).args(["--format", "json"]);
    let (out, kib) = run_measured(&cmd, DEADLINE, report.clone());
    ended(&out, &[0, 1]);
    let findings: Vec<serde_json::Value> =
        serde_json::from_slice(&out.stdout).expect("json findings");
    assert!(
        !findings.iter().any(|f| f["code"] == "S005"),
        "a file under the limit was refused: {findings:#?}"
    );
    // Some copies of the text are expected (bytes, parsed string, rendered output); 24 of
    // them would mean a blow-up.
    // The file is read whole, so the measure must show at least its size: it is real.
    assert!(
        kib > size / 1024,
        "lint peaked at only {kib} KiB reading {size} bytes"
    );
    let bound = 24 * MAX_FILE_SIZE / 1024;
    assert!(
        kib < bound,
        "lint peaked at {kib} KiB on a {size}-byte file (bound {bound} KiB)"
    );
    for target in quizkit_export::ALL {
        let out_path = dir.with_extension(format!("out-{}", target.name));
        let mut cmd = quizkit();
        cmd.arg("export")
            .arg(&dir)
            .args(["--to", target.name, "-o"])
            .arg(&out_path);
        let (out, kib) = run_measured(&cmd, Duration::from_secs(120), report.clone());
        ended(&out, &[0, 2]);
        assert!(
            kib < bound,
            "export --to {} peaked at {kib} KiB on a {size}-byte file (bound {bound} KiB)",
            target.name
        );
    }
}

#[test]
fn a_hundred_thousand_options_are_refused_in_time() {
    let dir = bank("options");
    let options: Vec<String> = (0..100_000).map(|i| format!("\"option {i}\"")).collect();
    let file = format!(
        "[[question]]\nid = \"many\"\nstem = \"Which?\"\nanswer = \"A\"\nexplanation = \"A.\"\noptions = [{}]\n",
        options.join(", ")
    );
    fs::write(dir.join("c/t/many.toml"), file).expect("write");
    // The rules still run over the question: each must cope with 100 000 options in time
    // (linear work; about 30 s for a debug build on a busy 2-core machine).
    let out = run_bounded(
        quizkit().arg("lint").arg(&dir).args(["--format", "json"]),
        Duration::from_secs(180),
    );
    ended(&out, &[1]);
    let findings: Vec<serde_json::Value> =
        serde_json::from_slice(&out.stdout).expect("json findings");
    let f = finding(&findings, "S004");
    assert_eq!(f["question"], "many");
    assert!(
        f["message"]
            .as_str()
            .is_some_and(|m| m.contains("at most 26 options") && m.contains("100000")),
        "{f:#}"
    );
    // Column of option 27: `options = [` and 26 options before it.
    let column = 12
        + (0..26)
            .map(|i| format!("\"option {i}\", ").len())
            .sum::<usize>();
    assert_eq!(f["start"], serde_json::json!({"line": 6, "column": column}));
    for target in quizkit_export::ALL {
        let out_path = dir.with_extension(format!("out-{}", target.name));
        let out = run_bounded(
            quizkit()
                .arg("export")
                .arg(&dir)
                .args(["--to", target.name, "-o"])
                .arg(&out_path),
            DEADLINE,
        );
        ended(&out, &[1]);
        assert!(!out_path.exists(), "{}: exported", target.name);
    }
}
