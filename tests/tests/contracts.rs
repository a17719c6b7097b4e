//! The interfaces other programs rely on, pinned: exit codes (0 clean, 1 content errors, 2
//! usage or I/O failure) and the JSON diagnostic format of `quizkit lint --format json`.

use std::path::Path;

use quizkit_tests::guard::{DEADLINE, run_bounded};
use quizkit_tests::hostile::{CONFIG, QUESTION, bank, ended, text, write};
use quizkit_tests::{quizkit, workspace_root};
use serde_json::{Value, json};

fn lint(args: &[&str], dir: Option<&Path>) -> std::process::Output {
    let mut cmd = quizkit();
    cmd.arg("lint").args(args);
    if let Some(dir) = dir {
        cmd.current_dir(dir);
    }
    run_bounded(&mut cmd, DEADLINE)
}

#[test]
fn exit_0_when_clean() {
    let dir = bank("contract-0");
    ended(&lint(&[], Some(&dir)), &[0]);
    let out = lint(&["--format", "json"], Some(&dir));
    ended(&out, &[0]);
    assert_eq!(text(&out.stdout), "[]\n");
    // The shipped bank has no errors; warnings alone do not fail the run.
    let out = lint(&["questions", "--format", "json"], Some(&workspace_root()));
    ended(&out, &[0]);
    for args in [&["--help"][..], &["--version"], &["lint", "--help"]] {
        let out = run_bounded(quizkit().args(args), DEADLINE);
        ended(&out, &[0]);
    }
}

#[test]
fn exit_1_for_content_errors_and_for_warnings_when_asked() {
    let dir = bank("contract-1");
    write(
        &dir,
        "c/t/q.toml",
        QUESTION.replace("answer", "anwser").as_bytes(),
    );
    ended(&lint(&[], Some(&dir)), &[1]);
    let out = run_bounded(
        quizkit()
            .arg("export")
            .arg(&dir)
            .args(["--to", "json", "-o"])
            .arg(dir.with_extension("json")),
        DEADLINE,
    );
    ended(&out, &[1]);
    // A warning alone passes, unless warnings are made to fail.
    let dir = bank("contract-1-warning");
    let mut bom = b"\xef\xbb\xbf".to_vec();
    bom.extend_from_slice(QUESTION.as_bytes());
    write(&dir, "c/t/q.toml", &bom);
    ended(&lint(&[], Some(&dir)), &[0]);
    ended(&lint(&["--error-on", "warning"], Some(&dir)), &[1]);
}

#[test]
fn exit_2_for_usage_and_io_failures() {
    let dir = bank("contract-2");
    let not_a_bank = dir.join("c");
    let missing = dir.join("missing");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec![], "no subcommand"),
        (vec!["lint".into(), "--no-such-flag".into()], "unknown flag"),
        (
            vec!["lint".into(), "--format".into(), "yaml".into()],
            "unknown format",
        ),
        (
            vec!["lint".into(), missing.display().to_string()],
            "missing path",
        ),
        (
            vec!["lint".into(), not_a_bank.display().to_string()],
            "not a bank",
        ),
        (
            vec![
                "export".into(),
                dir.display().to_string(),
                "--to".into(),
                "pdf".into(),
            ],
            "unknown target",
        ),
        (
            vec![
                "export".into(),
                dir.display().to_string(),
                "--to".into(),
                "json".into(),
                "--lang".into(),
                "xx".into(),
                "-o".into(),
                dir.with_extension("json").display().to_string(),
            ],
            "unknown language",
        ),
    ];
    for (args, why) in cases {
        let out = run_bounded(quizkit().args(&args), DEADLINE);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{why}: {args:?}\n{}",
            text(&out.stderr)
        );
        assert!(
            !text(&out.stderr).trim().is_empty(),
            "{why}: no message on stderr"
        );
        assert!(
            !text(&out.stderr).contains("panicked"),
            "{why}: {}",
            text(&out.stderr)
        );
    }
    let out = run_bounded(
        quizkit()
            .env("SOURCE_DATE_EPOCH", "yesterday")
            .arg("export")
            .arg(&dir)
            .args(["--to", "json", "-o"])
            .arg(dir.with_extension("json")),
        DEADLINE,
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("SOURCE_DATE_EPOCH"));
    assert!(!dir.with_extension("json").exists());
}

/// Checks one finding's fields and their types: the interface that CI integrations parse.
fn check_shape(f: &Value) {
    let fields = [
        "code", "rule", "severity", "message", "path", "question", "start", "end", "help",
        "related",
    ];
    for field in fields {
        assert!(f.get(field).is_some(), "`{field}` missing from {f:#}");
    }
    for field in ["code", "rule", "message", "path"] {
        assert!(
            f[field].as_str().is_some_and(|s| !s.is_empty()),
            "`{field}` in {f:#}"
        );
    }
    assert!(
        ["error", "warning", "info"].contains(&f["severity"].as_str().unwrap_or_default()),
        "{f:#}"
    );
    for field in ["question", "help"] {
        assert!(
            f[field].is_null() || f[field].is_string(),
            "`{field}` in {f:#}"
        );
    }
    let position = |p: &Value| {
        p["line"].as_u64().is_some_and(|l| l >= 1) && p["column"].as_u64().is_some_and(|c| c >= 1)
    };
    assert!(position(&f["start"]) && position(&f["end"]), "{f:#}");
    let related = f["related"].as_array().unwrap_or_else(|| panic!("{f:#}"));
    for r in related {
        assert!(r["path"].is_string() && r["message"].is_string(), "{r:#}");
        assert!(position(&r["start"]) && position(&r["end"]), "{r:#}");
    }
}

#[test]
fn the_json_format_is_pinned() {
    let dir = bank("contract-json");
    write(
        &dir,
        "c/t/q.toml",
        QUESTION.replace("answer", "anwser").as_bytes(),
    );
    // Two questions with one id, in two files: a finding with a related location.
    let twin = QUESTION.replace("\"ok\"", "\"twin\"");
    write(&dir, "c/t/r.toml", twin.as_bytes());
    write(&dir, "c/t/s.toml", twin.as_bytes());
    let parent = dir.parent().unwrap_or(Path::new("."));
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let out = lint(&[&name, "--format", "json"], Some(parent));
    ended(&out, &[1]);
    let findings: Vec<Value> = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("stdout is not a JSON array: {e}\n{}", text(&out.stdout)));
    for f in &findings {
        check_shape(f);
    }
    let s002 = findings
        .iter()
        .find(|f| f["code"] == "S002")
        .expect("an S002 finding");
    assert_eq!(
        *s002,
        json!({
            "code": "S002",
            "rule": "unknown-key",
            "severity": "error",
            "message": "unknown key `anwser` in a question file",
            "path": format!("{name}/c/t/q.toml"),
            "question": null,
            "start": { "line": 4, "column": 1 },
            "end": { "line": 4, "column": 7 },
            "help": "did you mean `answer`?",
            "related": [],
        })
    );
    let twin = findings
        .iter()
        .find(|f| f["rule"] == "duplicate-id")
        .unwrap_or_else(|| panic!("no duplicate-id finding: {findings:#?}"));
    assert_eq!(twin["question"], "twin");
    assert_eq!(twin["path"], format!("{name}/c/t/s.toml"));
    let related = twin["related"].as_array().expect("related");
    assert_eq!(related.len(), 1, "{twin:#}");
    assert_eq!(related[0]["path"], format!("{name}/c/t/r.toml"));
    assert_eq!(related[0]["start"], json!({ "line": 2, "column": 6 }));
    // Sorted by path, then position.
    let order: Vec<(String, u64, u64)> = findings
        .iter()
        .map(|f| {
            (
                f["path"].as_str().unwrap_or_default().to_owned(),
                f["start"]["line"].as_u64().unwrap_or(0),
                f["start"]["column"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    let mut sorted = order.clone();
    sorted.sort();
    assert_eq!(order, sorted);
    // A broken `quizkit.toml`: the same shape.
    let empty = bank("contract-json-no-config");
    std::fs::remove_file(empty.join("quizkit.toml")).expect("remove");
    write(
        &empty,
        "quizkit.toml",
        CONFIG.replace("languages", "langs").as_bytes(),
    );
    let out = lint(&["--format", "json"], Some(&empty));
    ended(&out, &[1]);
    let findings: Vec<Value> = serde_json::from_slice(&out.stdout).expect("json");
    for f in &findings {
        check_shape(f);
    }
}
