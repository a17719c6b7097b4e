//! Real texts for the tests that compare a fast path with the straightforward version.

/// The contents of every TOML file of the shipped bank, of the lint fixtures and of the
/// held-out number corpora (`tests/corpora/numbers*`) in this repository.
pub(crate) fn repository_texts() -> Vec<String> {
    let root = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let mut dirs = vec![
        root.join("questions"),
        root.join("crates/quizkit-lint/tests/fixtures"),
        root.join("tests/corpora/numbers"),
        root.join("tests/corpora/numbers-2"),
        root.join("tests/corpora/numbers-2-flawed"),
    ];
    let mut texts = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a directory of the repository") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "toml") {
                texts.push(std::fs::read_to_string(&path).expect("a TOML file"));
            }
        }
    }
    assert!(texts.len() > 50, "only {} files of texts", texts.len());
    texts
}
