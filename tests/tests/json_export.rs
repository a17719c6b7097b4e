//! The JSON export validates against the committed `schema/export.schema.json` with two real
//! validators (ajv from npm, check-jsonschema from PyPI), which do reject a broken document,
//! and holds the bank faithfully: every question, every language, sources and keys.

mod moodle_support;

use std::path::Path;

use moodle_support::*;
use quizkit_model::{Bank, LocalizedText, index_letter};
use quizkit_tests::{quizkit, run, temp_dir, tools_dir, tools_node, workspace_root};
use serde_json::Value;

fn schema_path() -> std::path::PathBuf {
    workspace_root().join("schema/export.schema.json")
}

fn ajv(document: &Path) -> std::process::Output {
    run(tools_node()
        .arg(workspace_root().join("tests/js/validate-export.cjs"))
        .arg(schema_path())
        .arg(document))
}

fn check_jsonschema(document: &Path) -> std::process::Output {
    run(
        std::process::Command::new(tools_dir().join("py/bin/check-jsonschema"))
            .arg("--schemafile")
            .arg(schema_path())
            .arg(document),
    )
}

fn assert_valid(document: &Path) {
    for (name, out) in [
        ("ajv", ajv(document)),
        ("check-jsonschema", check_jsonschema(document)),
    ] {
        assert!(
            out.status.success(),
            "{name} rejects {}:\n{}{}",
            document.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// A text in the export equals the bank's text in every language, source and HTML.
fn check_text(v: &Value, text: &LocalizedText, langs: &[String], inline: bool, what: &str) {
    let map = v
        .as_object()
        .unwrap_or_else(|| panic!("{what}: not an object: {v}"));
    let mut keys: Vec<&String> = map.keys().collect();
    let mut expected: Vec<&String> = langs.iter().collect();
    keys.sort();
    expected.sort();
    assert_eq!(keys, expected, "{what}: every language");
    for lang in langs {
        let source = text.get_or_first(lang);
        assert_eq!(map[lang]["markdown"], source, "{what} ({lang}): source");
        let html = if inline {
            quizkit_export::markdown::to_inline_html(
                source,
                quizkit_export::markdown::Math::Delimiters,
            )
        } else {
            quizkit_export::markdown::to_html(source, quizkit_export::markdown::Math::Delimiters)
        };
        assert_eq!(map[lang]["html"], html, "{what} ({lang}): html");
    }
}

fn check_optional(
    v: &Value,
    text: Option<&LocalizedText>,
    langs: &[String],
    inline: bool,
    what: &str,
) {
    match text {
        Some(t) => check_text(v, t, langs, inline, what),
        None => assert!(v.is_null(), "{what}: expected null, got {v}"),
    }
}

fn check_document(doc: &Value, bank: &Bank) {
    let langs: Vec<String> = bank.config.languages().map(str::to_owned).collect();
    assert_eq!(doc["version"], 1);
    assert_eq!(doc["bank"]["id"], bank.config.id.value.as_str());
    assert_eq!(doc["bank"]["languages"], serde_json::json!(langs));
    assert_eq!(doc["bank"]["question_count"], bank.question_count());
    let categories = doc["categories"].as_array().expect("categories");
    assert_eq!(categories.len(), bank.categories.len());
    for (c, category) in categories.iter().zip(&bank.categories) {
        assert_eq!(c["slug"], category.slug.as_str());
        check_optional(
            &c["description"],
            category.meta.description.as_deref(),
            &langs,
            false,
            "description",
        );
        let topics = c["topics"].as_array().expect("topics");
        assert_eq!(topics.len(), category.topics.len());
        for (t, topic) in topics.iter().zip(&category.topics) {
            assert_eq!(t["slug"], topic.slug.as_str());
            check_optional(
                &t["summary"],
                topic.meta.summary.as_deref(),
                &langs,
                false,
                "summary",
            );
            let points = t["key_points"].as_array().expect("key points");
            assert_eq!(points.len(), topic.meta.key_points.len());
            for (p, point) in points.iter().zip(&topic.meta.key_points) {
                check_text(p, point, &langs, false, "key point");
            }
            let questions = t["questions"].as_array().expect("questions");
            assert_eq!(questions.len(), topic.questions.len());
            for (q, question) in questions.iter().zip(&topic.questions) {
                let id = question.id.value.as_str();
                assert_eq!(q["id"], id);
                check_text(&q["stem"], &question.stem, &langs, false, id);
                check_optional(
                    &q["explanation"],
                    question.explanation.as_deref(),
                    &langs,
                    false,
                    id,
                );
                let keys = question.key_indices();
                assert_eq!(q["answer"]["indices"], serde_json::json!(keys), "{id}");
                let letters: Vec<String> =
                    keys.iter().map(|&i| index_letter(i).to_string()).collect();
                assert_eq!(q["answer"]["letters"], serde_json::json!(letters), "{id}");
                assert_eq!(
                    q["answer"]["multiple"],
                    question.is_multiple_response(),
                    "{id}"
                );
                let options = q["options"].as_array().expect("options");
                assert_eq!(options.len(), question.options.len(), "{id}");
                for (i, (o, option)) in options.iter().zip(&question.options).enumerate() {
                    assert_eq!(o["letter"], index_letter(i).to_string());
                    assert_eq!(o["correct"], keys.contains(&i), "{id}");
                    check_text(&o["text"], &option.text, &langs, true, id);
                    check_optional(&o["feedback"], option.feedback.as_deref(), &langs, true, id);
                }
                let strings = |v: &[quizkit_model::Spanned<String>]| -> Value {
                    serde_json::json!(v.iter().map(|s| s.value.as_str()).collect::<Vec<_>>())
                };
                assert_eq!(q["tags"], strings(&question.tags), "{id}");
                assert_eq!(q["related"], strings(&question.related), "{id}");
                assert_eq!(q["checks"], strings(&question.checks), "{id}");
                assert_eq!(q["shuffle"], bank.shuffles(question), "{id}");
                let difficulty = question
                    .difficulty
                    .as_ref()
                    .map(|d| format!("{:?}", d.value).to_lowercase());
                assert_eq!(q["difficulty"], serde_json::json!(difficulty), "{id}");
            }
        }
    }
}

fn export_and_check(bank_dir: &Path, name: &str) -> Value {
    let dir = temp_dir(name);
    let file = dir.join("bank.json");
    let (bytes, _) = export(bank_dir, "json", None, &file);
    assert_valid(&file);
    let doc: Value = serde_json::from_slice(&bytes).expect("JSON");
    check_document(&doc, &load_bank(bank_dir));
    let (again, _) = export(bank_dir, "json", Some("all"), &dir.join("again.json"));
    assert_eq!(
        bytes, again,
        "the same bank gives the same bytes, whatever --lang"
    );
    doc
}

#[test]
fn shipped_bank_validates_and_is_complete() {
    let doc = export_and_check(&shipped_bank_dir(), "json-shipped");
    assert!(doc["bank"]["question_count"].as_u64().unwrap_or(0) > 0);
}

#[test]
fn fixture_and_hostile_banks_validate_and_are_faithful() {
    export_and_check(&fixture_bank_dir(), "json-fixture");
    let dir = temp_dir("json-hostile");
    // JSON holds any character, so even a NUL goes out as written.
    write_hostile_bank(&dir.join("bank"), "\0\u{1B}");
    let doc = export_and_check(&dir.join("bank"), "json-hostile-out");
    let stem = doc["categories"][0]["topics"][0]["questions"][0]["stem"]["en"]["markdown"]
        .as_str()
        .expect("a stem");
    assert!(
        stem.ends_with("end\0\u{1B}") && stem.contains("]]>"),
        "{stem:?}"
    );
}

#[test]
fn the_validators_reject_a_broken_export() {
    let dir = temp_dir("json-broken");
    let file = dir.join("bank.json");
    let (bytes, _) = export(&fixture_bank_dir(), "json", None, &file);
    let doc: Value = serde_json::from_slice(&bytes).expect("JSON");
    type Breakage = (&'static str, fn(&mut Value));
    let breakages: [Breakage; 4] = [
        ("no version", |d| {
            d.as_object_mut().map(|o| o.remove("version"));
        }),
        ("another version", |d| d["version"] = 2.into()),
        ("a lowercase letter", |d| {
            d["categories"][0]["topics"][0]["questions"][0]["options"][0]["letter"] = "a".into()
        }),
        ("an unknown field", |d| {
            d["categories"][0]["topics"][0]["questions"][0]["extra"] = true.into()
        }),
    ];
    for (what, breakage) in breakages {
        let mut broken = doc.clone();
        breakage(&mut broken);
        std::fs::write(&file, serde_json::to_vec(&broken).expect("JSON")).expect("write");
        assert!(!ajv(&file).status.success(), "ajv accepts {what}");
        assert!(
            !check_jsonschema(&file).status.success(),
            "check-jsonschema accepts {what}"
        );
    }
}

#[test]
fn one_language_is_reported_as_not_applying() {
    let dir = temp_dir("json-lang");
    let output = run(quizkit()
        .args(["-v", "export", "--to", "json", "--lang", "nl", "-o"])
        .arg(dir.join("bank.json"))
        .arg(shipped_bank_dir()));
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("always holds every language"), "{stderr}");
}
