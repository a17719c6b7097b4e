//! "Numbers that add up", end to end: a copy of the shipped bank with wrong figures in a
//! check, in prose and in the options, linted through the binary.

use quizkit_tests::{copy_tree, quizkit, run, temp_dir, workspace_root};
use serde_json::Value;

const FILE: &str = "computersystemen/ai-hardware/01-training-en-geheugen.toml";

/// The rules about numbers: the N group and `numerically-equal-options`.
fn is_numbers_rule(code: &str) -> bool {
    code.starts_with('N') || code == "K004"
}

/// `text` with `from` replaced by `to` exactly once, within the question `id`.
fn replace_in_question(text: &str, id: &str, from: &str, to: &str) -> String {
    let start = text
        .find(&format!("id = \"{id}\""))
        .unwrap_or_else(|| panic!("no question `{id}` in {FILE}"));
    let end = text[start..]
        .find("[[question]]")
        .map_or(text.len(), |i| start + i);
    let block = &text[start..end];
    assert_eq!(
        block.matches(from).count(),
        1,
        "`{from}` must occur once in `{id}`"
    );
    format!(
        "{}{}{}",
        &text[..start],
        block.replacen(from, to, 1),
        &text[end..]
    )
}

/// The 1-based line and the columns where `needle` starts and ends in `text`, counted in
/// characters as the JSON output counts them; `needle` is found inside `context`, which
/// occurs once.
fn position(text: &str, context: &str, needle: &str) -> (usize, usize, usize) {
    assert_eq!(
        text.matches(context).count(),
        1,
        "`{context}` must be unique"
    );
    let at = text.find(context).unwrap_or_default()
        + context.find(needle).expect("the needle is in its context");
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..at].matches('\n').count() + 1;
    let column = text[line_start..at].chars().count() + 1;
    (line, column, column + needle.chars().count())
}

fn finding<'a>(items: &'a [Value], code: &str) -> &'a Value {
    items
        .iter()
        .find(|f| f["code"] == code)
        .unwrap_or_else(|| panic!("no {code} finding in {items:#?}"))
}

fn assert_at(f: &Value, (line, column, end_column): (usize, usize, usize)) {
    assert!(
        f["path"].as_str().is_some_and(|p| p.ends_with(FILE)),
        "{f:#}"
    );
    assert_eq!(
        f["start"],
        serde_json::json!({ "line": line, "column": column }),
        "{f:#}"
    );
    assert_eq!(
        f["end"],
        serde_json::json!({ "line": line, "column": end_column }),
        "{f:#}"
    );
}

#[test]
fn wrong_figures_in_checks_prose_and_options_are_found_with_their_slip() {
    let dir = temp_dir("numbers-wrong-figures");
    copy_tree(&workspace_root().join("questions"), &dir);
    let path = dir.join(FILE);
    let original = std::fs::read_to_string(&path).expect("the question file");
    // A check whose stated value is 1/8 of what it computes (bits for bytes).
    let text = replace_in_question(
        &original,
        "adam-training-memory",
        "B = 112 GB\"]",
        "B = 14 GB\"]",
    );
    // A claim in the English explanation that writes GiB for GB.
    let text = replace_in_question(
        &text,
        "fp16-weight-memory",
        "so 7 billion × 2 bytes = 14 GB,",
        "so 7 billion × 2 bytes = 14 GiB,",
    );
    // A distractor that is the key's value in megabytes.
    let text = replace_in_question(
        &text,
        "fp16-weight-memory",
        "nl = \"28 GB\"\nen = \"28 GB\"",
        "nl = \"14.000 MB\"\nen = \"14,000 MB\"",
    );
    std::fs::write(&path, &text).expect("write the question file");

    let out = run(quizkit().arg("lint").arg(&dir).args(["--format", "json"]));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let findings: Value = serde_json::from_slice(&out.stdout).expect("json output");
    let items: Vec<Value> = findings
        .as_array()
        .expect("an array")
        .iter()
        .filter(|f| f["code"].as_str().is_some_and(is_numbers_rule))
        .cloned()
        .collect();
    let mut codes: Vec<&str> = items.iter().filter_map(|f| f["code"].as_str()).collect();
    codes.sort_unstable();
    // Exactly these: nothing else in the bank's prose or options is taken for a wrong figure.
    assert_eq!(codes, ["K004", "N003", "N004", "N005"], "{items:#?}");

    let check = finding(&items, "N003");
    assert_eq!(check["rule"], "claim-mismatch");
    assert_eq!(check["severity"], "error");
    assert_eq!(check["question"], "adam-training-memory");
    assert_eq!(
        check["message"],
        "the check `7e9 * (4 + 4 + 4 + 4) B = 14 GB` does not hold: the computation gives 112 GB, not 14 GB"
    );
    assert_eq!(
        check["help"],
        "the stated value is 1/8 of the computed one: bits and bytes mixed up?"
    );
    // The label sits on the stated value inside the TOML string.
    assert_at(check, position(&text, "B = 14 GB\"]", "14 GB"));

    let prose = finding(&items, "N005");
    assert_eq!(prose["rule"], "inline-claim-mismatch");
    assert_eq!(prose["severity"], "warning");
    assert_eq!(prose["question"], "fp16-weight-memory");
    assert!(
        prose["message"]
            .as_str()
            .is_some_and(|m| m.contains("the computation gives 13.0385 GiB, not 14 GiB")),
        "{prose:#}"
    );
    assert_eq!(
        prose["help"],
        "the stated value is 1.0737× the computed one: GB and GiB mixed up?"
    );
    assert_at(
        prose,
        position(
            &text,
            "7 billion × 2 bytes = 14 GiB",
            "7 billion × 2 bytes = 14 GiB",
        ),
    );

    let equal = finding(&items, "K004");
    assert_eq!(equal["rule"], "numerically-equal-options");
    assert_at(equal, position(&text, "\"14.000 MB\"", "\"14.000 MB\""));
    let distractor = finding(&items, "N004");
    assert_eq!(distractor["rule"], "key-contradicts-claim");
    assert_at(
        distractor,
        position(&text, "\"14.000 MB\"", "\"14.000 MB\""),
    );
    assert!(
        distractor["message"]
            .as_str()
            .is_some_and(|m| m.contains("option B (`14.000 MB`) is a distractor")),
        "{distractor:#}"
    );

    // Restoring the file restores a bank without number findings.
    std::fs::write(&path, &original).expect("restore the question file");
    let out = run(quizkit().arg("lint").arg(&dir).args(["--format", "json"]));
    let findings: Value = serde_json::from_slice(&out.stdout).expect("json output");
    let left: Vec<&Value> = findings
        .as_array()
        .expect("an array")
        .iter()
        .filter(|f| f["code"].as_str().is_some_and(is_numbers_rule))
        .collect();
    assert!(left.is_empty(), "{left:#?}");
}
