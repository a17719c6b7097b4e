//! Errors in a bank's metadata files say what to write instead.

use quizkit_model::{InputFile, load};

/// `key_points.nl = [...]`, written as `title.nl` is, is no list of points: the help shows
/// the `[[key_points]]` tables that are.
#[test]
fn key_points_per_language_get_help_with_the_tables() {
    let topic = "title.nl = \"T\"\ntitle.en = \"T\"\nkey_points.nl = [\"Een\"]\nkey_points.en = [\"One\"]\n";
    let loaded = load(vec![
        InputFile::text("quizkit.toml", "id = \"b\"\nlanguages = [\"nl\", \"en\"]\n"),
        InputFile::text("c/t/topic.toml", topic),
    ]);
    let d = loaded
        .diagnostics
        .iter()
        .find(|d| d.code == "S004")
        .unwrap_or_else(|| panic!("an S004 error: {:#?}", loaded.diagnostics));
    let help = d.help.as_deref().unwrap_or_default();
    assert!(help.contains("[[key_points]]"), "{help}");
    assert!(topic[d.span.start..].starts_with("key_points.nl"), "{d:#?}");
}
