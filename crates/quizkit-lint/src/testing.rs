//! What the tests share: the tests that need a loaded bank load one from two files.

use quizkit_model::Loaded;
use quizkit_model::load::{Content, InputFile, load};

/// The bank of `quizkit.toml` `config` and one question file `questions`, loaded without a
/// diagnostic (the test fails otherwise).
pub(crate) fn load_bank(config: &str, questions: &str) -> Loaded {
    let file = |path: &str, text: &str| InputFile {
        path: path.into(),
        content: Content::Bytes(text.as_bytes().to_vec()),
    };
    let loaded = load(vec![
        file("quizkit.toml", config),
        file("fixtures/topic/questions.toml", questions),
    ]);
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    loaded
}
