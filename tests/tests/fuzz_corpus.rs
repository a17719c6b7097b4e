//! Replays the committed fuzz corpus (`fuzz/corpus/<target>/`) and the inputs of crashes the
//! fuzzers found (`fuzz/regressions/<target>/`) through the fuzz targets' bodies, on stable
//! Rust, so every input that ever mattered to a fuzzer is checked on every test run.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use quizkit_tests::fuzz_bodies::TARGETS;
use quizkit_tests::workspace_root;

/// The files of `dir`, sorted; empty when it does not exist.
fn inputs(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.is_file());
    files.sort();
    files
}

fn replay(name: &str, body: fn(&[u8])) {
    let fuzz = workspace_root().join("fuzz");
    let corpus = inputs(&fuzz.join("corpus").join(name));
    assert!(
        !corpus.is_empty(),
        "fuzz/corpus/{name}/ is empty: run the fuzzer and `cargo fuzz cmin {name}` (see fuzz/README.md)"
    );
    let regressions = inputs(&fuzz.join("regressions").join(name));
    let mut failed = Vec::new();
    for path in corpus.iter().chain(&regressions) {
        let data = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if catch_unwind(AssertUnwindSafe(|| body(&data))).is_err() {
            failed.push(path.display().to_string());
        }
    }
    assert!(
        failed.is_empty(),
        "{name}: {} of {} inputs fail (the panics are printed above):\n{}",
        failed.len(),
        corpus.len() + regressions.len(),
        failed.join("\n")
    );
}

#[test]
fn every_target_has_a_corpus_replay() {
    let targets = workspace_root().join("fuzz/fuzz_targets");
    let mut on_disk: Vec<String> = inputs(&targets)
        .iter()
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_owned()))
        .collect();
    on_disk.sort();
    let mut shared: Vec<String> = TARGETS.iter().map(|(n, _)| (*n).to_owned()).collect();
    shared.sort();
    assert_eq!(
        on_disk, shared,
        "fuzz/fuzz_targets/ and fuzz_bodies::TARGETS differ"
    );
}

#[test]
fn load_question_file_corpus() {
    replay(
        "load_question_file",
        quizkit_tests::fuzz_bodies::load_question_file,
    );
}

#[test]
fn load_config_corpus() {
    replay("load_config", quizkit_tests::fuzz_bodies::load_config);
}

#[test]
fn export_corpus() {
    replay("export", quizkit_tests::fuzz_bodies::export);
}

#[test]
fn lint_corpus() {
    replay("lint", quizkit_tests::fuzz_bodies::lint);
}

#[test]
fn import_moodle_corpus() {
    replay("import_moodle", quizkit_tests::fuzz_bodies::import_moodle);
}

#[test]
fn import_gift_corpus() {
    replay("import_gift", quizkit_tests::fuzz_bodies::import_gift);
}

#[test]
fn import_aiken_corpus() {
    replay("import_aiken", quizkit_tests::fuzz_bodies::import_aiken);
}

#[test]
fn import_csv_corpus() {
    replay("import_csv", quizkit_tests::fuzz_bodies::import_csv);
}

#[test]
fn fmt_corpus() {
    replay("fmt", quizkit_tests::fuzz_bodies::fmt);
}
