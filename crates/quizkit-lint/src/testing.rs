//! What the tests share: the tests that need a loaded bank load one from two files.

use quizkit_model::Loaded;
use quizkit_model::load::{InputFile, load};

/// The bank of `quizkit.toml` `config` and one question file `questions`, loaded without a
/// diagnostic (the test fails otherwise).
pub(crate) fn load_bank(config: &str, questions: &str) -> Loaded {
    let file = InputFile::text;
    let loaded = load(vec![
        file("quizkit.toml", config),
        file("fixtures/topic/questions.toml", questions),
    ]);
    assert!(loaded.diagnostics.is_empty(), "{:?}", loaded.diagnostics);
    loaded
}
