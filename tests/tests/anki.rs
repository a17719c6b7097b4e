//! `quizkit export --to anki` against the real Anki: the `anki` package from PyPI (the Rust
//! core of Anki desktop) imports the deck into a fresh collection, re-imports it, imports an
//! edited export, renders the cards and runs Check Database (`tests/py/anki_import.py`); the
//! cards' script runs in Chromium as Anki's clients show it (`tests/js/anki_card.mjs`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use quizkit_tests::{copy_tree, quizkit, run, temp_dir, tools_node, workspace_root};
use serde_json::Value;

const FIELDS: [&str; 9] = [
    "ID",
    "Question",
    "Options",
    "Answer",
    "Explanation",
    "Topic",
    "Source",
    "Lang",
    "Extra",
];

fn fixture() -> PathBuf {
    workspace_root().join("crates/quizkit-export/tests/fixtures/anki-bank")
}

/// Runs `quizkit export --to anki` on `bank` into `out`; returns standard error.
fn export(bank: &Path, out: &Path, env: &[(&str, &str)]) -> String {
    let mut cmd = quizkit();
    cmd.arg("export")
        .arg(bank)
        .args(["--to", "anki", "-o"])
        .arg(out);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let output = run(&mut cmd);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(0), "export failed:\n{stderr}");
    stderr
}

/// Runs `tests/py/anki_import.py` on `collection` with `args`, and returns its JSON.
fn anki(collection: &Path, args: &[&str]) -> Value {
    quizkit_tests::anki_import(collection, args)
}

fn ids(log: &Value, kind: &str) -> Vec<i64> {
    log[kind]
        .as_array()
        .unwrap_or_else(|| panic!("no `{kind}` in {log}"))
        .iter()
        .filter_map(Value::as_i64)
        .collect()
}

fn str_of(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

/// The question id of the note with Anki id `nid`.
fn question_of(state: &Value, nid: i64) -> String {
    state["notes"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|n| n["id"].as_i64() == Some(nid))
        .map(|n| str_of(&n["fields"]["ID"]).to_owned())
        .unwrap_or_default()
}

fn note<'a>(state: &'a Value, question: &str) -> &'a Value {
    state["notes"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|n| n["fields"]["ID"] == question)
        .unwrap_or_else(|| panic!("no note for `{question}`"))
}

/// Each `<div class="qk-text">…</div>` of an Options field.
fn option_texts(options: &str) -> Vec<&str> {
    options
        .split("<div class=\"qk-text\">")
        .skip(1)
        .map(|s| &s[..s.find("</div>").unwrap_or(s.len())])
        .collect()
}

fn count_questions(bank: &Path) -> usize {
    let mut count = 0;
    let mut dirs = vec![bank.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("bank folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "toml") {
                let text = std::fs::read_to_string(&path).expect("bank file");
                count += text.lines().filter(|l| l.trim() == "[[question]]").count();
            }
        }
    }
    count
}

#[test]
fn the_shipped_bank_imports_cleanly_and_reimports_without_changes() {
    let dir = temp_dir("anki-shipped");
    let bank = workspace_root().join("questions");
    let (deck, again) = (dir.join("deck.apkg"), dir.join("again.apkg"));
    let stderr = export(&bank, &deck, &[]);
    assert!(!stderr.contains("warning"), "{stderr}");
    export(&bank, &again, &[]);
    assert!(
        std::fs::read(&deck).ok() == std::fs::read(&again).ok(),
        "two exports of the same bank differ"
    );

    let n = count_questions(&bank);
    assert!(n >= 1);
    let col = dir.join("collection.anki2");
    let first = anki(
        &col,
        &[
            "--import",
            &deck.to_string_lossy(),
            "--state",
            "--render",
            "--check",
        ],
    );
    let log = &first["imports"][0];
    assert_eq!(ids(log, "new").len(), n, "{log}");
    for kind in [
        "updated",
        "duplicate",
        "conflicting",
        "missing_notetype",
        "missing_deck",
    ] {
        assert!(ids(log, kind).is_empty(), "{kind}: {log}");
    }
    assert_eq!(first["problems"], serde_json::json!([]), "Check Database");

    let state = &first["state"];
    let notetype = state["notetypes"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|nt| nt["name"] == "quizkit multiple choice")
        .expect("the quizkit note type");
    assert_eq!(notetype["fields"], serde_json::json!(FIELDS));
    assert!(
        notetype["field_ids"]
            .as_array()
            .into_iter()
            .flatten()
            .all(Value::is_i64),
        "every field keeps its id: {notetype}"
    );
    assert_eq!(
        notetype["templates"],
        serde_json::json!(["Multiple choice"])
    );
    assert!(notetype["template_ids"][0].is_i64());

    let notes = state["notes"].as_array().expect("notes");
    let cards = state["cards"].as_array().expect("cards");
    assert_eq!(notes.len(), n);
    assert_eq!(cards.len(), n, "one card per note");
    let guids: BTreeSet<&str> = notes.iter().map(|n| str_of(&n["guid"])).collect();
    assert_eq!(guids.len(), n, "GUIDs are unique");
    let ids_in_bank: BTreeSet<&str> = notes.iter().map(|n| str_of(&n["fields"]["ID"])).collect();
    assert_eq!(ids_in_bank.len(), n);

    // Decks: the category, and Category::Topic holding every card (titles in Dutch, the
    // bank's first language).
    let category = title_nl(&bank.join("computersystemen/category.toml"));
    let topic = title_nl(&bank.join("computersystemen/ai-hardware/topic.toml"));
    let deck_name = format!("{category}::{topic}");
    let decks: Vec<&str> = state["decks"]
        .as_array()
        .into_iter()
        .flatten()
        .map(str_of)
        .collect();
    assert!(decks.contains(&category.as_str()), "{decks:?}");
    assert!(decks.contains(&deck_name.as_str()), "{decks:?}");
    for card in cards {
        assert_eq!(card["deck"], deck_name.as_str());
        assert_eq!(
            (card["ord"].as_i64(), card["type"].as_i64()),
            (Some(0), Some(0))
        );
    }
    for note in notes {
        assert!(
            note["tags"].as_array().is_some_and(|t| !t.is_empty()),
            "{note}"
        );
        assert_eq!(note["fields"]["Lang"], "nl");
    }

    // Every rendered card shows the stem and every option; the back marks the key.
    for card in first["rendered"].as_array().expect("rendered cards") {
        let nid = card["nid"].as_i64().unwrap_or_default();
        let note = note(state, &question_of(state, nid));
        let fields = &note["fields"];
        let (question, answer) = (str_of(&card["question"]), str_of(&card["answer"]));
        assert!(question.contains(str_of(&fields["Question"])), "{question}");
        let options = option_texts(str_of(&fields["Options"]));
        assert!(options.len() >= 3, "{fields}");
        for option in options {
            assert!(
                question.contains(option),
                "option `{option}` not on the front"
            );
            assert!(answer.contains(option));
        }
        assert!(question.contains("class=\"qk-card qk-front\""));
        assert!(answer.contains("class=\"qk-card qk-back\""));
        assert!(answer.contains(str_of(&fields["Explanation"])));
        assert!(answer.contains("data-qk-correct"));
        assert!(!str_of(&fields["Answer"]).is_empty());
    }

    // Importing the same file again changes nothing.
    let second = anki(
        &col,
        &["--import", &deck.to_string_lossy(), "--state", "--check"],
    );
    let log = &second["imports"][0];
    assert_eq!(ids(log, "duplicate").len(), n, "{log}");
    assert!(
        ids(log, "new").is_empty() && ids(log, "updated").is_empty(),
        "{log}"
    );
    assert_eq!(
        second["state"], first["state"],
        "a re-import changed the collection"
    );
    assert_eq!(second["problems"], serde_json::json!([]));
}

fn title_nl(meta: &Path) -> String {
    let text = std::fs::read_to_string(meta).expect("metadata file");
    text.lines()
        .find_map(|l| l.strip_prefix("title.nl = \""))
        .and_then(|l| l.strip_suffix('"'))
        .expect("a title.nl line")
        .to_owned()
}

fn git(dir: &Path, args: &[&str], date: i64) {
    let output = run(Command::new("git")
        .current_dir(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "quizkit tests")
        .env("GIT_AUTHOR_EMAIL", "tests@quizkit.invalid")
        .env("GIT_COMMITTER_NAME", "quizkit tests")
        .env("GIT_COMMITTER_EMAIL", "tests@quizkit.invalid")
        .env("GIT_AUTHOR_DATE", format!("{date} +0000"))
        .env("GIT_COMMITTER_DATE", format!("{date} +0000")));
    assert!(
        output.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

fn edit(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).expect("question file");
    assert!(text.contains(from), "`{from}` not in {}", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).expect("write");
}

#[test]
fn an_edited_question_updates_exactly_its_note() {
    let dir = temp_dir("anki-update");
    let bank = dir.join("bank");
    copy_tree(&fixture(), &bank);
    git(&bank, &["init", "--quiet"], 0);
    git(&bank, &["add", "."], 0);
    git(
        &bank,
        &["commit", "--quiet", "-m", "v1"],
        now() - 3 * 86_400,
    );
    let col = dir.join("collection.anki2");

    let v1 = dir.join("v1.apkg");
    export(&bank, &v1, &[]);
    let first = anki(&col, &["--import", &v1.to_string_lossy()]);
    assert_eq!(ids(&first["imports"][0], "new").len(), 3);

    // An edit committed a minute ago: only that question's lines are newer.
    let memory = bank.join("basics/memory/questions.toml");
    edit(
        &memory,
        "make the KV cache grow?",
        "make the KV cache larger?",
    );
    git(&bank, &["commit", "--quiet", "-am", "v2"], now() - 60);
    let v2 = dir.join("v2.apkg");
    export(&bank, &v2, &[]);
    let second = anki(&col, &["--import", &v2.to_string_lossy(), "--state"]);
    let log = &second["imports"][0];
    let updated: Vec<String> = ids(log, "updated")
        .into_iter()
        .map(|nid| question_of(&second["state"], nid))
        .collect();
    assert_eq!(updated, ["kv-cache-grows"], "{log}");
    assert_eq!(ids(log, "duplicate").len(), 2, "{log}");
    assert!(
        str_of(&note(&second["state"], "kv-cache-grows")["fields"]["Question"]).contains("larger")
    );

    // An edit not committed yet counts from the file's modification time.
    let compute = bank.join("basics/compute/questions.toml");
    edit(&compute, "en = \"Bold text\"", "en = \"Bold text only\"");
    let v3 = dir.join("v3.apkg");
    export(&bank, &v3, &[]);
    let third = anki(
        &col,
        &["--import", &v3.to_string_lossy(), "--state", "--check"],
    );
    let log = &third["imports"][0];
    let updated: Vec<String> = ids(log, "updated")
        .into_iter()
        .map(|nid| question_of(&third["state"], nid))
        .collect();
    assert_eq!(updated, ["raw-markup"], "{log}");
    assert_eq!(third["problems"], serde_json::json!([]));

    // The same export again: nothing to update.
    let fourth = anki(&col, &["--import", &v3.to_string_lossy(), "--state"]);
    assert!(ids(&fourth["imports"][0], "updated").is_empty());
    assert_eq!(fourth["state"], third["state"]);
}

#[test]
fn source_date_epoch_makes_exports_outside_git_reproducible() {
    let dir = temp_dir("anki-sde");
    let bank = dir.join("bank");
    copy_tree(&fixture(), &bank);
    let sde = [("SOURCE_DATE_EPOCH", "1796000000")];
    let (a, b) = (dir.join("a.apkg"), dir.join("b.apkg"));
    export(&bank, &a, &sde);
    // Rewriting a file gives it a new modification time, which SOURCE_DATE_EPOCH replaces.
    let file = bank.join("basics/memory/questions.toml");
    let text = std::fs::read(&file).expect("read");
    std::thread::sleep(std::time::Duration::from_millis(1100));
    std::fs::write(&file, text).expect("write");
    export(&bank, &b, &sde);
    assert!(std::fs::read(&a).ok() == std::fs::read(&b).ok());
}

#[test]
fn the_card_lets_the_learner_pick_an_option() {
    let dir = temp_dir("anki-card");
    let deck = dir.join("deck.apkg");
    let stderr = export(&fixture(), &deck, &[]);
    assert!(
        stderr.contains("figs/roofline.png"),
        "the image is reported: {stderr}"
    );
    let out = anki(
        &dir.join("collection.anki2"),
        &[
            "--import",
            &deck.to_string_lossy(),
            "--state",
            "--render",
            "--check",
        ],
    );
    assert_eq!(out["problems"], serde_json::json!([]));
    let rendered = dir.join("rendered.json");
    std::fs::write(&rendered, out.to_string()).expect("write");
    let guid = |q: &str| str_of(&note(&out["state"], q)["guid"]).to_owned();

    // Every scenario in one browser: (question, letters tapped on the front).
    let scenarios = [
        ("fp16-weights", "A"),
        ("fp16-weights", "B"),
        ("kv-cache-grows", "AC"),
        ("kv-cache-grows", "A"),
        ("raw-markup", ""),
    ];
    let mut cmd = tools_node();
    cmd.arg(workspace_root().join("tests/js/anki_card.mjs"))
        .arg(&rendered)
        .arg(dir.join("shots"));
    for (question, pick) in scenarios {
        cmd.arg(guid(question)).arg(pick);
    }
    let output = run(&mut cmd);
    assert!(
        output.status.success(),
        "anki_card.mjs failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let results: Vec<Value> =
        serde_json::from_slice(&output.stdout).expect("JSON from anki_card.mjs");
    assert_eq!(results.len(), scenarios.len());
    let card = |question: &str, pick: &str| -> &Value {
        let i = scenarios
            .iter()
            .position(|s| *s == (question, pick))
            .expect("a scenario");
        &results[i]
    };
    let picked = |side: &Value| -> String {
        side["options"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|o| o["picked"] == true)
            .map(|o| str_of(&o["letter"]).to_owned())
            .collect()
    };
    let background = |side: &Value, letter: &str| -> String {
        side["options"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|o| o["letter"] == letter)
            .map(|o| str_of(&o["background"]).to_owned())
            .unwrap_or_default()
    };
    const GREEN: &str = "rgb(218, 251, 225)";
    const RED: &str = "rgb(255, 235, 233)";

    // A wrong pick: marked on the front, carried to the back on one page (desktop) and across
    // page loads (AnkiDroid), shown red beside the green key.
    let wrong = card("fp16-weights", "A");
    assert_eq!(picked(&wrong["desktopFront"]), "A");
    assert_eq!(
        str_of(&wrong["desktopFront"]["hint"]),
        "Tap an option, then show the answer."
    );
    for mode in ["desktop", "separate"] {
        let back = &wrong[mode];
        assert_eq!(back["side"], "back");
        assert_eq!(picked(back), "A", "{mode}");
        assert_eq!(str_of(&back["verdict"]), "\u{2718} Incorrect.", "{mode}");
        assert_eq!(background(back, "A"), RED, "{mode}");
        assert_eq!(background(back, "B"), GREEN, "{mode}");
    }
    assert_eq!(str_of(&wrong["desktop"]["answerLabel"]), "Correct answer: ");
    // Night mode: dark page, the key still stands out.
    assert_eq!(str_of(&wrong["night"]["bodyBackground"]), "rgb(13, 17, 23)");
    assert_ne!(
        background(&wrong["night"], "B"),
        background(&wrong["night"], "C")
    );
    // Without JavaScript the back still shows the key, and no verdict.
    let noscript = &wrong["noscript"];
    assert_eq!(noscript["verdict"], Value::Null);
    assert_eq!(background(noscript, "B"), GREEN);
    assert_eq!(picked(noscript), "");

    let right = card("fp16-weights", "B");
    assert_eq!(str_of(&right["desktop"]["verdict"]), "\u{2714} Correct!");
    assert_eq!(str_of(&right["separate"]["verdict"]), "\u{2714} Correct!");

    // Multiple response: several picks, right only when they are exactly the key.
    let both = card("kv-cache-grows", "AC");
    assert_eq!(picked(&both["desktop"]), "AC");
    assert_eq!(str_of(&both["desktop"]["verdict"]), "\u{2714} Correct!");
    let half = card("kv-cache-grows", "A");
    assert_eq!(str_of(&half["desktop"]["verdict"]), "\u{2718} Incorrect.");

    // No pick: the back says so rather than judging.
    let none = card("raw-markup", "");
    assert_eq!(str_of(&none["desktop"]["verdict"]), "No option picked.");
}
