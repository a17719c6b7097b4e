//! What the tests share: the tests that compare a fast path with its reference over generated
//! texts draw their pieces with one small deterministic generator, and the tests that need a
//! loaded bank load one from two files.

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

/// Advances a xorshift64 state (never 0) and returns the new value.
pub(crate) fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}
