//! The benchmark runs end to end: `quizkit-bench` generates a 1k-question bank that lints
//! clean, and one repetition of `quizkit-bench run` produces every row of the table. Timings
//! are not asserted; they belong in BENCHMARKS.md, measured on a release build.

use std::path::PathBuf;
use std::process::Command;

use quizkit_tests::{quizkit, quizkit_bin, run, temp_dir};
use serde_json::Value;

/// The `quizkit-bench` binary of this build, beside `quizkit`.
fn bench_bin() -> PathBuf {
    let bin =
        quizkit_bin().with_file_name(format!("quizkit-bench{}", std::env::consts::EXE_SUFFIX));
    assert!(
        bin.is_file(),
        "the quizkit-bench binary is not built at {}: run `cargo build --workspace` first (scripts/test.sh does)",
        bin.display()
    );
    bin
}

#[test]
fn a_generated_bank_lints_clean_and_one_run_produces_every_row() {
    let dir = temp_dir("bench-smoke");
    let bank = dir.join("bank");

    let out = run(Command::new(bench_bin())
        .args(["generate", "--questions", "1000", "--seed", "1", "-o"])
        .arg(&bank));
    assert!(
        out.status.success(),
        "generate failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let out = run(quizkit().arg("lint").arg(&bank));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "the generated bank does not lint clean:\n{stdout}"
    );
    assert!(
        stdout.contains("All checks passed: 1000 questions"),
        "the generated bank has findings:\n{stdout}"
    );

    let report = dir.join("report.json");
    let out = run(Command::new(bench_bin())
        .args(["run", "--reps", "1", "--quiet", "--bank"])
        .arg(&bank)
        .arg("--dir")
        .arg(&dir)
        .arg("--json")
        .arg(&report));
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "run failed:\n{table}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let mut expected: Vec<String> = ["floor", "load", "lint"].map(String::from).to_vec();
    expected.extend(
        quizkit_export::ALL
            .iter()
            .map(|t| format!("export-{}", t.name)),
    );
    expected.extend(
        [
            "site-first",
            "site-rebuild",
            "preview-rebuild",
            "lint-topic",
            "claims-checks",
            "claims-prose",
        ]
        .map(String::from),
    );
    for target in ["json", "moodle", "gift", "anki", "html"] {
        assert!(
            expected.contains(&format!("export-{target}")),
            "no exporter `{target}` in quizkit_export::ALL"
        );
    }

    let json: Value = serde_json::from_slice(&std::fs::read(&report).expect("the JSON report"))
        .expect("the report is JSON");
    assert_eq!(json["banks"][0]["questions"], 1000);
    let rows = json["rows"].as_array().expect("rows");
    let names: Vec<&str> = rows.iter().filter_map(|r| r["row"].as_str()).collect();
    assert_eq!(names, expected, "the rows of the report");
    for row in rows {
        let ms = row["median_ms"].as_f64().unwrap_or(f64::NAN);
        let ratio = row["ratio_to_floor"].as_f64().unwrap_or(f64::NAN);
        assert!(ms > 0.0 && ratio.is_finite(), "a row without a time: {row}");
        assert!(
            row["items"].as_u64().unwrap_or(0) > 0,
            "a row that counted nothing: {row}"
        );
    }
    for name in &expected {
        assert!(
            table.contains(&format!("| {name} |")),
            "no `{name}` row in the table:\n{table}"
        );
    }
}
