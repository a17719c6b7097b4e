//! Byte-identical output: for every target in `quizkit_export::ALL`, two runs, and runs with
//! one and with two rayon threads, write the same bytes; lint's human and JSON output do not
//! depend on thread scheduling either.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use quizkit_tests::guard::{DEADLINE, run_bounded};
use quizkit_tests::hostile::{QUESTION, ended, text, write};
use quizkit_tests::{copy_tree, quizkit, temp_dir, workspace_root};

/// Every file under `path` (or `path` itself) with its bytes.
fn snapshot(path: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            for entry in fs::read_dir(&p).into_iter().flatten().flatten() {
                stack.push(entry.path());
            }
        } else if let Ok(bytes) = fs::read(&p) {
            out.insert(p.strip_prefix(path).unwrap_or(&p).to_path_buf(), bytes);
        }
    }
    out
}

/// The thread settings each run uses: the default (every core), one thread, two threads.
const THREADS: [Option<&str>; 4] = [None, None, Some("1"), Some("2")];

#[test]
fn every_target_writes_the_same_bytes_on_every_run() {
    let bank = workspace_root().join("questions");
    assert!(
        !quizkit_export::ALL.is_empty(),
        "quizkit_export::ALL lists no target"
    );
    let dir = temp_dir("determinism/export");
    for target in quizkit_export::ALL {
        for lang in [None, Some("en"), Some("all")] {
            let mut runs = Vec::new();
            for (i, threads) in THREADS.iter().enumerate() {
                let out = dir.join(format!("{}-{}-{i}", target.name, lang.unwrap_or("default")));
                let mut cmd = quizkit();
                cmd.arg("export")
                    .arg(&bank)
                    .args(["--to", target.name, "-o"])
                    .arg(&out);
                if let Some(lang) = lang {
                    cmd.args(["--lang", lang]);
                }
                if let Some(n) = threads {
                    cmd.env("RAYON_NUM_THREADS", n);
                }
                let result = run_bounded(&mut cmd, DEADLINE);
                // A target that holds one language refuses `--lang all` (exit 2), the same
                // way every time.
                ended(&result, &[0, 2]);
                runs.push((result.status.code(), snapshot(&out)));
            }
            let (first_code, first) = &runs[0];
            if *first_code == Some(0) {
                assert!(!first.is_empty(), "{}: nothing written", target.name);
            }
            for (i, (code, files)) in runs.iter().enumerate().skip(1) {
                assert_eq!(
                    code, first_code,
                    "{} {lang:?}: run {i} exit differs",
                    target.name
                );
                let differing: Vec<_> = first
                    .keys()
                    .chain(files.keys())
                    .filter(|k| first.get(*k) != files.get(*k))
                    .collect();
                assert!(
                    differing.is_empty(),
                    "{} {lang:?}: run {i} ({:?} threads) differs in {differing:?}",
                    target.name,
                    THREADS[i]
                );
            }
        }
    }
}

/// A bank with findings in many files, so their order is worth checking.
fn noisy_bank() -> PathBuf {
    let dir = temp_dir("determinism/noisy");
    copy_tree(&workspace_root().join("questions"), &dir);
    for i in 0..12 {
        let broken = QUESTION
            .replace("\"ok\"", &format!("\"dup-{}\"", i % 3))
            .replace(
                "answer = \"A\"",
                if i % 2 == 0 {
                    "answer = \"Z\""
                } else {
                    "anwser = \"A\""
                },
            )
            .replace(
                "options = [\"Blue\", \"Green\", \"Red\"]",
                "options = [\"Same\", \"Same\"]",
            );
        write(
            &dir,
            &format!("computersystemen/ai-hardware/zz-{i:02}.toml"),
            broken.as_bytes(),
        );
    }
    write(
        &dir,
        "computersystemen/ai-hardware/zz-bad.toml",
        b"[[question]\n",
    );
    dir
}

#[test]
fn lint_output_is_the_same_on_every_run() {
    let shipped = workspace_root().join("questions");
    let noisy = noisy_bank();
    for (bank, code) in [(&shipped, 0), (&noisy, 1)] {
        for format in ["human", "json"] {
            let outputs: Vec<(Vec<u8>, Vec<u8>)> = THREADS
                .iter()
                .map(|threads| {
                    let mut cmd = quizkit();
                    cmd.arg("lint").arg(bank).args(["--format", format]);
                    if let Some(n) = threads {
                        cmd.env("RAYON_NUM_THREADS", n);
                    }
                    let out = run_bounded(&mut cmd, DEADLINE);
                    ended(&out, &[code]);
                    (out.stdout, out.stderr)
                })
                .collect();
            for (i, out) in outputs.iter().enumerate().skip(1) {
                assert!(
                    *out == outputs[0],
                    "lint --format {format} of {}: run {i} ({:?} threads) differs:\n{}\n---\n{}",
                    bank.display(),
                    THREADS[i],
                    text(&outputs[0].0),
                    text(&out.0)
                );
            }
            if code == 1 {
                let findings = text(&outputs[0].0);
                assert!(
                    findings.matches("S002").count() >= 6 && findings.contains("S001"),
                    "the noisy bank should report in many files:\n{findings}"
                );
            }
        }
    }
}
