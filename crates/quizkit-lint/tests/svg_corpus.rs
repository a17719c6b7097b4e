//! `unsafe-svg` against an independent corpus in `tests/corpora/svg/` (written by another
//! helper from a brief, without reading quizkit; see its README and `ANSWERS.md`): 30 safe SVG
//! files as drawing tools and people write them, and 30 unsafe ones with one way in each.
//! Every unsafe file is found (recall), and no safe file is (false alarms).
//!
//! The figures are printed (`cargo test -p quizkit-lint --test svg_corpus -- --nocapture`)
//! and recorded in BENCHMARKS.md.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use quizkit_lint::rule;
use quizkit_model::{Media, MediaContent};

/// The files of `corpora/svg/<kind>/`, by name, with their bytes.
fn files(kind: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpora/svg")
        .join(kind);
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            (name, std::fs::read(e.path()).expect("a corpus file"))
        })
        .collect();
    out.sort();
    out
}

/// The names among `files` that `unsafe-svg` reports, each file linked from one question.
fn reported(files: &[(String, Vec<u8>)]) -> BTreeSet<String> {
    let topic = common::QUESTION_FILE
        .rsplit_once('/')
        .map_or("", |(d, _)| d);
    let mut media = Media::default();
    let mut stem = String::from("Which image is safe?");
    for (name, bytes) in files {
        media.files.insert(
            format!("{topic}/{name}"),
            MediaContent::Bytes(bytes.clone()),
        );
        stem.push_str(&format!(" ![{name}]({name})"));
    }
    let text = format!(
        "[[question]]\nid = \"svg\"\nstem = \"{stem}\"\nanswer = \"A\"\noptions = [\"a\", \"b\", \"c\"]\n"
    );
    let rule = rule("unsafe-svg").expect("the rule");
    let config = "id = \"svg\"\nlanguages = [\"en\"]\n";
    let linted =
        common::lint_file_with_media(rule, config, &text, "svg.toml", "quizkit.toml", media);
    assert!(linted.load.is_empty(), "the corpus bank does not load");
    linted
        .diagnostics
        .iter()
        .filter_map(|d| {
            if std::env::var_os("SVG_CORPUS_VERBOSE").is_some() {
                println!("{}", d.message);
            }
            let path = d.message.split('`').nth(1)?;
            Some(path.rsplit('/').next()?.to_owned())
        })
        .collect()
}

#[test]
fn unsafe_svg_finds_every_unsafe_file_and_no_safe_one() {
    let safe = files("safe");
    let unsafe_files = files("unsafe");
    assert_eq!(
        (safe.len(), unsafe_files.len()),
        (30, 30),
        "the corpus is incomplete"
    );
    let false_alarms = reported(&safe);
    let found = reported(&unsafe_files);
    let missed: Vec<&String> = unsafe_files
        .iter()
        .map(|(n, _)| n)
        .filter(|n| !found.contains(*n))
        .collect();
    println!(
        "unsafe-svg: {} of {} unsafe files found; {} of {} safe files reported",
        found.len(),
        unsafe_files.len(),
        false_alarms.len(),
        safe.len()
    );
    assert!(
        false_alarms.is_empty(),
        "safe files reported: {false_alarms:?}"
    );
    assert!(missed.is_empty(), "unsafe files missed: {missed:?}");
}
