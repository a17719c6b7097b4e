//! A small bank in a scratch folder to break in one way or another, and checks on how the
//! binary ended: the helpers of the hostile-input, atomic-output and determinism tests.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::guard::{DEADLINE, run_bounded};
use crate::{quizkit, temp_dir};

/// A valid `quizkit.toml`: one language.
pub const CONFIG: &str = "id = \"hostile\"\nlanguages = [\"en\"]\n";
/// A valid question file with one question, `ok`.
pub const QUESTION: &str = "[[question]]\nid = \"ok\"\nstem = \"Which colour is a clear sky?\"\nanswer = \"A\"\nexplanation = \"Air scatters blue light most.\"\noptions = [\"Blue\", \"Green\", \"Red\"]\n";

/// A small valid bank in a fresh folder: `quizkit.toml`, `c/category.toml`,
/// `c/t/topic.toml` and `c/t/q.toml`.
pub fn bank(name: &str) -> PathBuf {
    let dir = temp_dir(&format!("hostile/{name}"));
    write(&dir, "quizkit.toml", CONFIG.as_bytes());
    write(&dir, "c/category.toml", b"title = \"C\"\n");
    write(&dir, "c/t/topic.toml", b"title = \"T\"\n");
    write(&dir, "c/t/q.toml", QUESTION.as_bytes());
    dir
}

/// Writes `bytes` to `dir/rel`, creating folders.
pub fn write(dir: &Path, rel: &str, bytes: &[u8]) {
    let path = dir.join(rel);
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{}: {e}", parent.display()));
    }
    fs::write(&path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// Bytes as text, lossily.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Asserts a run ended by itself, without a panic, with one of `codes`.
pub fn ended(out: &Output, codes: &[i32]) {
    let stderr = text(&out.stderr);
    assert!(
        !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"),
        "quizkit panicked:\n{stderr}"
    );
    assert!(
        out.status.code().is_some_and(|c| codes.contains(&c)),
        "expected exit {codes:?}, got {:?}\nstdout:\n{}\nstderr:\n{stderr}",
        out.status,
        text(&out.stdout)
    );
}

/// `quizkit lint DIR --format json`: the findings, after checking the run ended with `code`.
pub fn lint_json(dir: &Path, code: i32) -> Vec<serde_json::Value> {
    let out = run_bounded(
        quizkit().arg("lint").arg(dir).args(["--format", "json"]),
        DEADLINE,
    );
    ended(&out, &[code]);
    match serde_json::from_slice::<serde_json::Value>(&out.stdout) {
        Ok(serde_json::Value::Array(items)) => items,
        other => panic!(
            "lint --format json printed no array: {other:?}\n{}",
            text(&out.stdout)
        ),
    }
}

/// `quizkit lint DIR` for people: stdout, after checking the run ended with `code`.
pub fn lint_human(dir: &Path, code: i32) -> String {
    let out = run_bounded(quizkit().arg("lint").arg(dir), DEADLINE);
    ended(&out, &[code]);
    text(&out.stdout)
}

/// The first finding with `code`, or a failure listing what was found.
pub fn finding<'a>(findings: &'a [serde_json::Value], code: &str) -> &'a serde_json::Value {
    findings
        .iter()
        .find(|f| f["code"] == code)
        .unwrap_or_else(|| panic!("no {code} among {findings:#?}"))
}
