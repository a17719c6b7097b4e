//! Every file of the shipped bank validates against the committed JSON Schemas, checked by a
//! real validator (`check-jsonschema` from PyPI), and the validator does reject a bad file.

use std::path::{Path, PathBuf};

use quizkit_tests::{run, temp_dir, tools_dir, workspace_root};

fn check_jsonschema(schema: &str, files: &[PathBuf]) -> std::process::Output {
    let root = workspace_root();
    run(
        std::process::Command::new(tools_dir().join("py/bin/check-jsonschema"))
            .arg("--schemafile")
            .arg(root.join("schema").join(schema))
            .args(files),
    )
}

fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("bank folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            toml_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
}

#[test]
fn shipped_bank_validates_against_the_schemas() {
    let mut files = Vec::new();
    toml_files(&workspace_root().join("questions"), &mut files);
    files.sort();
    let schema_of = |p: &Path| match p.file_name().and_then(|n| n.to_str()) {
        Some("quizkit.toml") => "quizkit.schema.json",
        Some("category.toml") => "category.schema.json",
        Some("topic.toml") => "topic.schema.json",
        _ => "questions.schema.json",
    };
    let mut checked = 0;
    for schema in [
        "quizkit.schema.json",
        "category.schema.json",
        "topic.schema.json",
        "questions.schema.json",
    ] {
        let group: Vec<PathBuf> = files
            .iter()
            .filter(|f| schema_of(f) == schema)
            .cloned()
            .collect();
        assert!(!group.is_empty(), "no files for {schema}");
        let out = check_jsonschema(schema, &group);
        assert!(
            out.status.success(),
            "{schema}:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        checked += group.len();
    }
    assert_eq!(checked, files.len());
}

#[test]
fn the_validator_rejects_a_mistyped_question() {
    let dir = temp_dir("schema-reject");
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "[[question]]\nid = \"Not An Id\"\nstem = 1\nanwser = \"A\"\n",
    )
    .expect("write");
    let out = check_jsonschema("questions.schema.json", &[bad]);
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("does not match"), "{text}");
}

#[test]
fn question_files_name_their_schema() {
    let mut files = Vec::new();
    toml_files(&workspace_root().join("questions"), &mut files);
    for file in files.iter().filter(|f| {
        !matches!(
            f.file_name().and_then(|n| n.to_str()),
            Some("quizkit.toml" | "category.toml" | "topic.toml")
        )
    }) {
        let text = std::fs::read_to_string(file).expect("question file");
        assert!(
            text.starts_with("#:schema ../../../schema/questions.schema.json"),
            "{} lacks the #:schema line",
            file.display()
        );
    }
}
