//! The shipped bank in `questions/` loads and lints clean, end to end through the binary.

use quizkit_tests::{quizkit, run, workspace_root};

#[test]
fn shipped_bank_lints_clean() {
    let out = run(quizkit().current_dir(workspace_root()).arg("lint"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "quizkit lint failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("All checks passed"), "{stdout}");
}

#[test]
fn a_broken_copy_exits_1_pointing_at_the_characters() {
    let dir = quizkit_tests::temp_dir("broken-copy");
    quizkit_tests::copy_tree(&workspace_root().join("questions"), &dir);
    let file = std::fs::read_dir(dir.join("computersystemen/ai-hardware"))
        .expect("topic folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_name().is_some_and(|n| n != "topic.toml"))
        .min()
        .expect("a question file");
    let text = std::fs::read_to_string(&file).expect("question file");
    std::fs::write(&file, text.replacen("answer = ", "anwser = ", 1)).expect("write");
    let out = run(quizkit().arg("lint").arg(&dir).arg("--format").arg("json"));
    assert_eq!(out.status.code(), Some(1));
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json output");
    let first = &findings[0];
    assert_eq!(first["code"], "S002");
    assert_eq!(first["rule"], "unknown-key");
    let line = text
        .lines()
        .position(|l| l.starts_with("answer = "))
        .expect("an answer line")
        + 1;
    assert_eq!(first["start"]["line"], line);
    assert_eq!(first["start"]["column"], 1);
    assert_eq!(first["end"]["column"], 7);
    assert_eq!(first["help"], "did you mean `answer`?");
}
