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

/// The messages of `rule` on the questions `questions` of a bank in `languages` (TOML list
/// items, `"\"nl\", \"en\""`), each as `id: message`, in the order the rule reports them.
pub(crate) fn rule_findings(rule: &str, languages: &str, questions: &str) -> Vec<String> {
    let loaded = load_bank(
        &format!("id = \"t\"\nlanguages = [{languages}]\n"),
        questions,
    );
    let bank = loaded.bank.as_ref().expect("the bank loads");
    crate::lint(bank, &loaded.sources, &crate::Selection::only(&[rule]))
        .into_iter()
        .map(|d| format!("{}: {}", d.question.unwrap_or_default(), d.message))
        .collect()
}
