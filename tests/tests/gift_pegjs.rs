//! The GIFT export, parsed by npm `gift-pegjs` (a real GIFT grammar) and compared with the bank
//! question by question: category, id, tags, name, stem, every option with its grade and
//! feedback, and the general feedback. Plus the block rules of Moodle's own GIFT reader
//! (`shared/reference/moodle.md` §6) on the raw text.

mod moodle_support;

use std::path::Path;

use moodle_support::*;
use quizkit_model::{Bank, index_letter};
use quizkit_tests::{run, temp_dir, tools_node, workspace_root};
use serde_json::Value;

/// What gift-pegjs reads from `file`.
fn gift_pegjs(file: &Path) -> Vec<Value> {
    let output = run(tools_node()
        .arg(workspace_root().join("tests/js/gift-parse.cjs"))
        .arg(file));
    assert!(
        output.status.success(),
        "gift-pegjs cannot parse {}:\n{}",
        file.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    match serde_json::from_slice(&output.stdout).expect("JSON from the parser") {
        Value::Array(items) => items,
        other => panic!("expected a list of questions, got {other}"),
    }
}

fn str_of<'a>(v: &'a Value, what: &str) -> &'a str {
    v.as_str()
        .unwrap_or_else(|| panic!("{what} is not a string: {v}"))
}

/// A formatted text from gift-pegjs: must be `html`; returns the text.
fn html_text(v: &Value, what: &str) -> String {
    assert_eq!(v["format"], "html", "{what}: format");
    str_of(&v["text"], what).to_owned()
}

fn check_gift(text: &str, parsed: &[Value], bank: &Bank, langs: &[String]) {
    // Blocks are separated by blank lines, and no question holds one: one block per topic's
    // category line and one per question.
    let blocks: Vec<&str> = text.trim_end().split("\n\n").collect();
    let topics = bank.topics().count();
    assert_eq!(blocks.len(), topics + bank.question_count(), "blocks");
    for block in &blocks {
        assert!(!block.contains("\n\n") && !block.starts_with('\n'));
        // Moodle treats any line starting with // as a comment, wherever it is.
        for line in block.lines().skip(1) {
            assert!(
                !line.trim_start().starts_with("//"),
                "a comment-like line: {line:.80}"
            );
        }
    }
    let mut items = parsed.iter();
    for (category, topic) in bank.topics() {
        let cat = items.next().expect("a category");
        assert_eq!(cat["type"], "Category");
        let path = str_of(&cat["title"], "category");
        let names = split_category_path(path);
        assert_eq!(names.len(), 4, "category path {path}");
        assert_eq!((names[0].as_str(), names[1].as_str()), ("$course$", "top"));
        let titles = [
            (category.meta.title.as_ref(), &category.slug),
            (topic.meta.title.as_ref(), &topic.slug),
        ];
        for (k, (title, slug)) in titles.iter().enumerate() {
            for (part, lang) in per_language(&names[2 + k], langs).iter().zip(langs) {
                let expected = title
                    .map(|t| plain_line(t.get_or_first(lang)))
                    .unwrap_or_else(|| (*slug).clone());
                assert_eq!(part, &expected, "category name ({lang})");
            }
        }
        for question in &topic.questions {
            let id = question.id.value.as_str();
            let q = items.next().expect("a question");
            assert_eq!(q["type"], "MC", "{id}: read as a multiple-choice question");
            assert_eq!(q["id"], id, "{id}: the [id:] comment");
            let tags: Vec<&str> = q["tags"]
                .as_array()
                .map(|t| t.iter().map(|v| str_of(v, "tag")).collect())
                .unwrap_or_default();
            let expected: Vec<&str> = question.tags.iter().map(|t| t.value.as_str()).collect();
            assert_eq!(tags, expected, "{id}: tags");
            let title = str_of(&q["title"], "title");
            assert!(
                !title.is_empty() && title.chars().count() <= 255,
                "{id}: title"
            );
            for (part, lang) in per_language(title, langs).iter().zip(langs) {
                let prefix = part.strip_suffix('…').unwrap_or(part);
                assert!(
                    plain_line(question.stem.get_or_first(lang)).starts_with(prefix),
                    "{id}: title `{part}` ({lang})"
                );
            }
            let stem = per_language(&html_text(&q["stem"], id), langs);
            for (s, lang) in stem.iter().zip(langs) {
                assert_eq!(
                    s,
                    &block_html_as(question.stem.get_or_first(lang), Images::Gift),
                    "{id}: stem ({lang})"
                );
            }
            match &question.explanation {
                Some(e) => {
                    let general = per_language(&html_text(&q["globalFeedback"], id), langs);
                    for (g, lang) in general.iter().zip(langs) {
                        assert_eq!(
                            g,
                            &block_html_as(e.get_or_first(lang), Images::Gift),
                            "{id}: general feedback"
                        );
                    }
                }
                None => assert!(q["globalFeedback"].is_null(), "{id}: no general feedback"),
            }
            let choices = q["choices"].as_array().expect("choices");
            assert_eq!(choices.len(), question.options.len(), "{id}: options");
            let keys = question.key_indices();
            let multiple = question.is_multiple_response();
            let mut positive = 0.0;
            for (i, (choice, option)) in choices.iter().zip(&question.options).enumerate() {
                let letter = index_letter(i);
                let is_key = keys.contains(&i);
                if multiple {
                    // Checkboxes: no `=` anywhere; the grade is the weight.
                    assert_eq!(choice["isCorrect"], false, "{id} {letter}");
                    let w = choice["weight"].as_f64().expect("a weight");
                    assert!(
                        on_moodle_list(w),
                        "{id} {letter}: weight {w} is not on Moodle's list"
                    );
                    assert_eq!(w > 0.0, is_key, "{id} {letter}: weight {w}");
                    if w > 0.0 {
                        positive += w;
                    }
                } else {
                    assert_eq!(choice["isCorrect"], is_key, "{id} {letter}");
                    assert!(choice["weight"].is_null(), "{id} {letter}: a weight");
                }
                let texts = per_language(&html_text(&choice["text"], id), langs);
                let feedback = if choice["feedback"].is_null() {
                    vec![String::new(); langs.len()]
                } else {
                    per_language(&html_text(&choice["feedback"], id), langs)
                };
                for (j, lang) in langs.iter().enumerate() {
                    assert_eq!(
                        texts[j],
                        inline_html_as(option.text.get_or_first(lang), Images::Gift),
                        "{id} {letter} ({lang})"
                    );
                    let expected = option
                        .feedback
                        .as_ref()
                        .map(|f| inline_html_as(f.get_or_first(lang), Images::Gift))
                        .unwrap_or_default();
                    assert_eq!(feedback[j], expected, "{id} {letter}: feedback ({lang})");
                }
            }
            if multiple {
                assert!(
                    (positive - 100.0).abs() < 0.001 * keys.len() as f64,
                    "{id}: {positive}"
                );
            }
        }
    }
    assert!(items.next().is_none(), "more items than the bank has");
}

fn export_and_check(bank_dir: &Path, lang: Option<&str>, name: &str) -> String {
    let dir = temp_dir(name);
    let bank = load_bank(bank_dir);
    let file = dir.join("gift.txt");
    let (bytes, stderr) = export(bank_dir, "gift", lang, &file);
    let text = String::from_utf8(bytes).expect("UTF-8");
    check_gift(&text, &gift_pegjs(&file), &bank, &languages(&bank, lang));
    stderr
}

#[test]
fn shipped_bank_in_english() {
    let stderr = export_and_check(&shipped_bank_dir(), Some("en"), "gift-shipped-en");
    assert!(
        stderr.contains("answer numbering"),
        "the numbering loss is reported: {stderr}"
    );
}

#[test]
fn shipped_bank_in_every_language() {
    export_and_check(&shipped_bank_dir(), Some("all"), "gift-shipped-all");
}

#[test]
fn fixture_bank_reports_what_gift_cannot_say() {
    let stderr = export_and_check(&fixture_bank_dir(), None, "gift-fixture");
    assert!(
        stderr.contains("question `special-characters`: GIFT cannot turn shuffling off"),
        "{stderr}"
    );
    assert!(stderr.contains("category descriptions"), "{stderr}");
    export_and_check(&fixture_bank_dir(), Some("all"), "gift-fixture-all");
}

#[test]
fn hostile_text_survives_the_parser() {
    let dir = temp_dir("gift-hostile");
    write_hostile_bank(&dir.join("bank"), "");
    for lang in ["en", "ar", "all"] {
        export_and_check(
            &dir.join("bank"),
            Some(lang),
            &format!("gift-hostile-{lang}"),
        );
    }
}

#[test]
fn the_parser_does_reject_broken_gift() {
    // The comparison above could not fail if the parser accepted anything.
    let dir = temp_dir("gift-broken");
    let file = dir.join("broken.txt");
    std::fs::write(&file, "::a::[html]x = { =y ~z\n").expect("write");
    let output = run(tools_node()
        .arg(workspace_root().join("tests/js/gift-parse.cjs"))
        .arg(&file));
    assert!(
        !output.status.success(),
        "an unclosed answer block was accepted"
    );
}
