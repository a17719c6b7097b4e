//! The item-writing rules against two independent corpora in `tests/corpora/` (written by
//! another helper from a brief, without reading quizkit; see their READMEs):
//!
//! - `item-writing/`: 60 questions written to the usual item-writing rules. The rules of
//!   issue 31 and the two it fixed must find nothing there, but one: `key-is-middle-value`
//!   finds that 15 of its 16 quantity questions have a middle value as key (chance: about 8),
//!   which is the cue the rule is for, not a false alarm (the corpus README does not claim
//!   anything about where numeric keys lie).
//! - `item-writing-flawed/`: 40 questions with one planted flaw each, listed in its README's
//!   answer sheet. Each flaw is found by the rule for its kind (recall), and every finding of
//!   those rules is on a question whose planted flaw is of its kind (precision).
//!
//! - `item-writing-2/` and `item-writing-2-flawed/`: a second pair, held out: written by another
//!   helper from a brief after the rules had been tuned on the first pair, with 16 kinds of
//!   flaw (3 each). What the rules find there is what they find on text nobody tuned them on:
//!   the tests print recall and the findings on the well-written bank, and hold the rules to
//!   the figures BENCHMARKS.md records (a change that finds less fails).
//!
//! - `item-writing-3/` and `item-writing-3-flawed/`: a third held-out pair, written the same way
//!   after the rules had been tuned on the first two, with the same 16 kinds of flaw. On the
//!   well-written bank the rules find three things, which are cues the corpus did not mean
//!   to plant (see [`THIRD_WELL_WRITTEN_FINDINGS`]).
//!
//! The figures are printed (`cargo test -p quizkit-lint --test corpora -- --nocapture`) and
//! recorded in BENCHMARKS.md.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use quizkit_lint::{Selection, lint};
use quizkit_model::load::{Content, InputFile};
use quizkit_model::{Diagnostic, load};

/// The rules issue 31 added, and the two it fixed.
const RULES_OF_ISSUE_31: [&str; 8] = [
    "key-is-middle-value",
    "stem-gloss-gives-key",
    "fill-in-the-blank",
    "vague-frequency-terms",
    "grammatical-cue",
    "numeric-options-out-of-order",
    "duplicate-options",
    "negative-stem-not-emphasized",
];

/// The flaw codes of the answer sheet, with the rule that stands for each.
const FLAW_RULES: [(&str, &str); 11] = [
    ("gloss-gives-key", "stem-gloss-gives-key"),
    ("blank-in-stem", "fill-in-the-blank"),
    ("vague-frequency-options", "vague-frequency-terms"),
    ("grammatical-cue", "grammatical-cue"),
    (
        "numeric-options-out-of-order",
        "numeric-options-out-of-order",
    ),
    (
        "options-differ-only-in-punctuation-or-case",
        "duplicate-options",
    ),
    (
        "negative-stem-without-emphasis",
        "negative-stem-not-emphasized",
    ),
    ("all-of-the-above", "all-of-the-above"),
    ("none-of-the-above", "none-of-the-above"),
    ("key-much-longer", "longest-option-is-key"),
    ("key-is-middle-value", "key-is-middle-value"),
];

/// The flaw codes the second corpus adds, with their rules.
const MORE_FLAW_RULES: [(&str, &str); 6] = [
    ("true-false-options", "true-false-options"),
    (
        "absolute-terms-in-distractors",
        "absolute-terms-in-distractors",
    ),
    ("key-repeats-stem-word", "stem-key-word-repeat"),
    ("combined-options", "combined-options"),
    ("explanation-contradicts-key", "explanation-contradicts-key"),
    ("position-dependent-option", "position-dependent-option"),
];

fn corpus_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpora")
        .join(name)
}

/// Every `.toml` file under `dir`, with its path relative to `dir`, in name order.
fn toml_files(dir: &Path, prefix: &str, out: &mut Vec<InputFile>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path
            .file_name()
            .expect("a file name")
            .to_string_lossy()
            .into_owned();
        let rel = format!("{prefix}{name}");
        if path.is_dir() {
            toml_files(&path, &format!("{rel}/"), out);
        } else if name.ends_with(".toml") {
            let bytes = std::fs::read(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            out.push(InputFile {
                path: rel,
                content: Content::Bytes(bytes),
            });
        }
    }
}

/// The findings of `rules` on the corpus `name`, which must load cleanly.
fn lint_corpus(name: &str, rules: &[&str]) -> Vec<Diagnostic> {
    let mut files = Vec::new();
    toml_files(&corpus_dir(name), "", &mut files);
    let loaded = load(files);
    assert!(
        loaded.diagnostics.is_empty(),
        "{name} does not load cleanly: {:#?}",
        loaded.diagnostics
    );
    let bank = loaded.bank.as_ref().expect("the corpus loads");
    assert!(
        bank.question_count() >= 40,
        "{name} is not the whole corpus"
    );
    lint(bank, &loaded.sources, &Selection::only(rules))
}

/// The answer sheet of a flawed corpus: question id to flaw code.
fn answer_sheet(name: &str) -> BTreeMap<String, String> {
    let readme = std::fs::read_to_string(corpus_dir(name).join("README.md"))
        .expect("the flawed corpus has a README");
    let sheet = &readme[readme.find("## Answer sheet").expect("an answer sheet")..];
    let mut out = BTreeMap::new();
    // A row names its question in backticks, or (the tenth held-out pair) a bare `f-…` id.
    for line in sheet
        .lines()
        .filter(|l| l.starts_with("| `") || l.starts_with("| f-"))
    {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let id = cells[1].trim_matches('`').to_owned();
        // "grammatical-cue (nl: article 'het')" is the flaw `grammatical-cue`.
        let flaw = cells[4]
            .split_whitespace()
            .next()
            .expect("a flaw code")
            .to_owned();
        out.insert(id, flaw);
    }
    out
}

fn rule_of(flaw: &str) -> &'static str {
    FLAW_RULES
        .iter()
        .chain(&MORE_FLAW_RULES)
        .find(|(f, _)| *f == flaw)
        .map(|(_, r)| *r)
        .unwrap_or_else(|| panic!("the answer sheet names a flaw without a rule: {flaw}"))
}

/// (question, rule) pairs of findings: a rule that fires in both languages counts once.
fn pairs(findings: &[Diagnostic]) -> BTreeSet<(String, &'static str)> {
    findings
        .iter()
        .map(|d| (d.question.clone().unwrap_or_default(), d.name))
        .collect()
}

#[test]
fn the_well_written_corpus_has_no_finding_of_the_rules_of_issue_31_but_its_middle_keys() {
    let findings = lint_corpus("item-writing", &RULES_OF_ISSUE_31);
    let mut names: Vec<&str> = findings.iter().map(|d| d.name).collect();
    names.sort_unstable();
    println!(
        "well-written corpus, 60 questions: {} findings {names:?}",
        findings.len()
    );
    assert_eq!(names, ["key-is-middle-value"], "{findings:#?}");
    assert!(
        findings[0]
            .message
            .contains("in 15 of 16 questions with quantity options"),
        "{}",
        findings[0].message
    );
}

#[test]
fn the_planted_flaws_are_found_and_nothing_else() {
    let sheet = answer_sheet("item-writing-flawed");
    assert_eq!(sheet.len(), 40, "{sheet:?}");
    let rules: Vec<&str> = FLAW_RULES.iter().map(|(_, r)| *r).collect();
    let found = pairs(&lint_corpus("item-writing-flawed", &rules));

    // Recall: each planted flaw is found by its rule, over all flaws and over those of the
    // rules of issue 31.
    let mut missed = Vec::new();
    let (mut planted_31, mut found_31) = (0, 0);
    for (id, flaw) in &sheet {
        let rule = rule_of(flaw);
        let hit = found.contains(&(id.clone(), rule));
        if RULES_OF_ISSUE_31.contains(&rule) {
            planted_31 += 1;
            found_31 += usize::from(hit);
        }
        if !hit {
            missed.push(format!("{id} ({flaw})"));
        }
    }
    let recall = (sheet.len() - missed.len()) as f64 / sheet.len() as f64;
    let recall_31 = found_31 as f64 / planted_31 as f64;

    // Precision: every finding is on a question whose planted flaw is of its rule's kind.
    let wrong: Vec<&(String, &str)> = found
        .iter()
        .filter(|(id, rule)| sheet.get(id).is_none_or(|flaw| rule_of(flaw) != *rule))
        .collect();
    let of_31 = |rule: &str| RULES_OF_ISSUE_31.contains(&rule);
    let precision = (found.len() - wrong.len()) as f64 / found.len() as f64;
    let found_by_31 = found.iter().filter(|(_, r)| of_31(r)).count();
    let wrong_by_31 = wrong.iter().filter(|(_, r)| of_31(r)).count();
    let precision_31 = (found_by_31 - wrong_by_31) as f64 / found_by_31 as f64;

    println!(
        "flawed corpus, 40 planted flaws: recall {:.3} ({} of {}), precision {:.3} ({} of {} findings)",
        recall,
        sheet.len() - missed.len(),
        sheet.len(),
        precision,
        found.len() - wrong.len(),
        found.len()
    );
    println!(
        "  rules of issue 31: recall {recall_31:.3} ({found_31} of {planted_31}), precision {precision_31:.3} ({} of {found_by_31})",
        found_by_31 - wrong_by_31
    );
    println!("  missed: {missed:?}");
    println!("  findings on other flaws: {wrong:?}");
    assert!(missed.is_empty(), "planted flaws not found: {missed:?}");
    assert!(
        wrong.is_empty(),
        "findings that are no planted flaw: {wrong:?}"
    );
}

/// Every item-writing rule the second corpus has a flaw for.
fn all_flaw_rules() -> Vec<&'static str> {
    FLAW_RULES
        .iter()
        .chain(&MORE_FLAW_RULES)
        .map(|(_, r)| *r)
        .collect()
}

/// How many of the 48 planted flaws of the held-out corpus the rules find.
const HELD_OUT_RECALL: usize = 46;

#[test]
fn the_held_out_well_written_corpus_has_no_finding() {
    let findings = lint_corpus("item-writing-2", &all_flaw_rules());
    let found: Vec<String> = findings
        .iter()
        .map(|d| format!("{} {}", d.question.as_deref().unwrap_or("-"), d.name))
        .collect();
    println!(
        "held-out well-written corpus, 50 questions: {} findings {found:?}",
        findings.len()
    );
    assert!(
        found.is_empty(),
        "BENCHMARKS.md records no finding on this bank: {found:?}"
    );
}

#[test]
fn the_held_out_planted_flaws_are_found_as_often_as_recorded() {
    held_out_recall("item-writing-2-flawed", HELD_OUT_RECALL);
}

/// How many of the 48 planted flaws of the third held-out corpus the rules find.
const THIRD_HELD_OUT_RECALL: usize = 44;

/// The findings on the third well-written bank, as (question, rule, the word its message
/// quotes): cues the corpus did not mean to plant, so the rules are right to report them.
///
/// - `calque-skyscraper` (nl): the gloss "een letterlijke vertaling van Engels *skyscraper*"
///   holds "vertaling", which the key "leenvertaling" ends in and no distractor has: a learner
///   who does not know the term picks it by the word (the English gloss, "a part-by-part
///   translation", shares no word with "calque", and is not reported).
/// - `vitamin-not-made` (nl, en): "Welke vitamine kan het menselijk lichaam niet zelf
///   aanmaken" asks for the one option without a property the others have, with the same
///   plain "niet"/"not" as the flawed corpus's planted `ecsc-founders` ("Welk land was in
///   1951 geen stichtend lid …"); a learner who reads past it picks a vitamin the body makes.
const THIRD_WELL_WRITTEN_FINDINGS: [(&str, &str, &str); 3] = [
    ("calque-skyscraper", "stem-gloss-gives-key", "\"vertaling\""),
    (
        "vitamin-not-made",
        "negative-stem-not-emphasized",
        "\"niet\"",
    ),
    (
        "vitamin-not-made",
        "negative-stem-not-emphasized",
        "\"not\"",
    ),
];

#[test]
fn the_third_well_written_corpus_has_only_the_cues_it_did_not_mean_to_plant() {
    well_written_findings_are_only("item-writing-3", &THIRD_WELL_WRITTEN_FINDINGS);
}

/// Lint the well-written corpus `name`: its findings are exactly those `listed`, each as
/// (question, or `-` for the bank, rule, a word its message quotes).
fn well_written_findings_are_only(name: &str, listed: &[(&str, &str, &str)]) {
    let findings = lint_corpus(name, &all_flaw_rules());
    let found: Vec<String> = findings
        .iter()
        .map(|d| {
            format!(
                "{} {}: {}",
                d.question.as_deref().unwrap_or("-"),
                d.name,
                d.message
            )
        })
        .collect();
    println!(
        "{name}, 50 questions: {} findings {found:?}",
        findings.len()
    );
    assert_eq!(findings.len(), listed.len(), "{found:#?}");
    for &(question, rule, word) in listed {
        assert!(
            findings
                .iter()
                .any(|d| d.question.as_deref().unwrap_or("-") == question
                    && d.name == rule
                    && d.message.contains(word)),
            "no {rule} finding on {question} quoting {word}: {found:#?}"
        );
    }
}

#[test]
fn the_third_held_out_planted_flaws_are_found_as_often_as_recorded() {
    held_out_recall("item-writing-3-flawed", THIRD_HELD_OUT_RECALL);
}

/// Recall of the rules on the held-out flawed corpus `name` (48 or more planted flaws), printed by
/// flaw with the misses and the findings besides the planted flaws, and held to `recorded`.
fn held_out_recall(name: &str, recorded: usize) {
    let sheet = answer_sheet(name);
    let planted = sheet.len();
    assert!(planted >= 48, "{sheet:?}");
    let found = pairs(&lint_corpus(name, &all_flaw_rules()));
    let mut by_flaw: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut missed = Vec::new();
    for (id, flaw) in &sheet {
        let hit = found.contains(&(id.clone(), rule_of(flaw)));
        let entry = by_flaw.entry(flaw).or_default();
        entry.0 += usize::from(hit);
        entry.1 += 1;
        if !hit {
            missed.push(format!("{id} ({flaw})"));
        }
    }
    let others: Vec<&(String, &str)> = found
        .iter()
        .filter(|(id, rule)| sheet.get(id).is_none_or(|flaw| rule_of(flaw) != *rule))
        .collect();
    let hits = sheet.len() - missed.len();
    println!(
        "{name}, {planted} planted flaws: recall {:.3} ({hits} of {planted})",
        hits as f64 / planted as f64
    );
    for (flaw, (hit, all)) in &by_flaw {
        println!("  {flaw}: {hit} of {all}");
    }
    println!("  missed: {missed:?}");
    println!("  findings besides the planted flaw: {others:?}");
    assert!(
        hits >= recorded,
        "{name}: {hits} of {planted} found, BENCHMARKS.md records {recorded}: missed {missed:?}"
    );
}

/// How many of the 51 planted flaws of the fourth held-out corpus the rules find. Of the 11
/// missed, 3 are `key-is-middle-value` planted one question at a time: that rule reports a
/// bank whose keys sit in the middle more often than chance allows, and one middle key among
/// three or five options is what chance gives most often.
const FOURTH_HELD_OUT_RECALL: usize = 40;

/// The one finding on the fourth well-written bank, a cue the corpus lists as deliberate:
/// `kl-handhygiene-cdifficile` (nl), whose key repeats "Wassen" from the stem and no
/// distractor does.
const FOURTH_WELL_WRITTEN_FINDINGS: [(&str, &str, &str); 1] = [(
    "kl-handhygiene-cdifficile",
    "stem-key-word-repeat",
    "\"Wassen\"",
)];

#[test]
fn the_fourth_well_written_corpus_has_only_the_cue_it_lists() {
    well_written_findings_are_only("item-writing-4", &FOURTH_WELL_WRITTEN_FINDINGS);
}

#[test]
fn the_fourth_held_out_planted_flaws_are_found_as_often_as_recorded() {
    held_out_recall("item-writing-4-flawed", FOURTH_HELD_OUT_RECALL);
}

/// How many of the 48 planted flaws of the fifth held-out corpus the rules find. Of the 6
/// missed: the three glosses say what the key says in other words; two explanations argue for
/// another option by its content, naming no letter; and a Dutch `de` before options that are
/// het-words.
const FIFTH_HELD_OUT_RECALL: usize = 42;

#[test]
fn the_fifth_well_written_corpus_has_no_finding() {
    well_written_findings_are_only("item-writing-5", &[]);
}

#[test]
fn the_fifth_held_out_planted_flaws_are_found_as_often_as_recorded() {
    held_out_recall("item-writing-5-flawed", FIFTH_HELD_OUT_RECALL);
}

/// How many of the 48 planted flaws of the sixth held-out corpus the rules find (first run,
/// before any change for it: 41; a blank in brackets, `lasts (...) minutes`, is found now).
/// Of the 6 missed: three glosses say what the key says in other words; two explanations
/// argue for another option by its content; "UIC" beside "U.I.C." and "uic".
const SIXTH_HELD_OUT_RECALL: usize = 42;

/// The one finding on the sixth well-written bank, one it deserves: every question whose
/// options are quantities (11, in ascending order) has its key in the middle, a cue a
/// test-wise learner can use.
const SIXTH_WELL_WRITTEN_FINDINGS: [(&str, &str, &str); 1] =
    [("-", "key-is-middle-value", "11 of 11")];

#[test]
fn the_sixth_well_written_corpus_has_only_the_finding_it_deserves() {
    well_written_findings_are_only("item-writing-6", &SIXTH_WELL_WRITTEN_FINDINGS);
}

#[test]
fn the_sixth_held_out_planted_flaws_are_found_as_often_as_recorded() {
    held_out_recall("item-writing-6-flawed", SIXTH_HELD_OUT_RECALL);
}

/// How many of the 48 planted flaws of the seventh held-out corpus the rules find (first run,
/// before any change for it: 44; now also ranges as numeric options, `80–100 per minute`,
/// options that combine a numbered list's items by number, "1 en 2", and a gloss after a
/// comma that runs to the question mark). The one missed: a Dutch `het` before options of
/// which only the key is a het-word ("hek" beside "boeg", "kiel", "kim"), which no word
/// ending tells.
const SEVENTH_HELD_OUT_RECALL: usize = 47;

#[test]
fn the_seventh_well_written_corpus_has_no_finding() {
    well_written_findings_are_only("item-writing-7", &[]);
}

#[test]
fn the_seventh_held_out_planted_flaws_are_found_as_often_as_recorded() {
    held_out_recall("item-writing-7-flawed", SEVENTH_HELD_OUT_RECALL);
}

/// How many of the 48 planted flaws of the eighth held-out corpus the rules find (first run,
/// before any change for it: 39; now also "Alle drie" / "All three" as all of the above,
/// "Hetzelfde als B" / "The same as B" as an option by position, and statements numbered in
/// brackets in the running text of the stem, "(1) … ; (2) … ; (3) …", combined by number).
/// Of the 6 missed, each is a kind the rule for it leaves alone by design (see its page in
/// `docs/src/rules/`): the three glosses share no content word with the key (the writer
/// paraphrased them on purpose), two explanations argue for a distractor by value ("maximaal
/// 80 °C" where the key is 60 °C) and by content, naming neither a letter nor opening with
/// the option, and a plural "Welke stukken zijn … elk" in a stem that asks a question
/// (`grammatical-cue` judges only stems the options continue).
const EIGHTH_HELD_OUT_RECALL: usize = 42;

/// The eighth well-written bank has no finding now (first run: one, `stem-key-word-repeat` on
/// `pbm-uittrekken`, whose stem names all four options, so that each repeats a word of it).
#[test]
fn the_eighth_well_written_corpus_has_no_finding() {
    well_written_findings_are_only("item-writing-8", &[]);
}

#[test]
fn the_eighth_held_out_planted_flaws_are_found_as_often_as_recorded() {
    held_out_recall("item-writing-8-flawed", EIGHTH_HELD_OUT_RECALL);
}

/// How many of the 48 planted flaws of the ninth held-out corpus the rules find (first run,
/// before any change for it: 40; now also "Geen van beide andere antwoorden" / "Neither of
/// the other two answers" as none of the above). Of the 7 missed, 5 are kinds the rules leave
/// alone by design, as in the eighth: three paraphrased glosses and two explanations that
/// argue for a distractor by value or by content; and two are left: "…, behalve één. Welke?"
/// (the negation is in the sentence before the question) and a Dutch `het` before options of
/// which only the key is a het-word ("onderwerp" beside "persoonsvorm", "bepaling").
const NINTH_HELD_OUT_RECALL: usize = 41;

/// The one finding on the ninth well-written bank (first run too): all 5 of its questions
/// with numeric options have the middle value as the key, a real cue at p = 0.03.
const NINTH_WELL_WRITTEN_FINDINGS: [(&str, &str, &str); 1] =
    [("-", "key-is-middle-value", "5 of 5")];

#[test]
fn the_ninth_well_written_corpus_has_only_the_finding_it_deserves() {
    well_written_findings_are_only("item-writing-9", &NINTH_WELL_WRITTEN_FINDINGS);
}

#[test]
fn the_ninth_held_out_planted_flaws_are_found_as_often_as_recorded() {
    held_out_recall("item-writing-9-flawed", NINTH_HELD_OUT_RECALL);
}

/// How many of the 48 planted flaws of the tenth held-out corpus (written as
/// item-writing-14-flawed) the rules find (first run, before any change for it: 38; now also
/// an abbreviation written with points and without, "M.L.A." beside "MLA"). Of the 9 missed,
/// three are numeric options out of order in questions whose options are shuffled (the brief
/// did not ask for `shuffle = false`, and a shuffled order is not the one a learner sees);
/// three are paraphrased glosses, one an explanation that argues for a distractor by content,
/// and two grammatical cues where the stem asks for two ("Welke twee stukken …", "Which two
/// ingredients …") and only the key names two things ("Koning en toren" beside "De dame").
const TENTH_HELD_OUT_RECALL: usize = 39;

/// The one finding on the tenth well-written bank: 10 of its 11 questions with numeric options
/// have the middle value as the key, a real cue at p = 0.002. On the first run there was a
/// second, `duplicate-options` on two search strings that differ only in punctuation
/// (`` `"open access"` `` and `` `open* access*` ``), which in code is what they say.
const TENTH_WELL_WRITTEN_FINDINGS: [(&str, &str, &str); 1] =
    [("-", "key-is-middle-value", "10 of 11")];

#[test]
fn the_tenth_well_written_corpus_has_only_the_finding_it_deserves() {
    well_written_findings_are_only("item-writing-10", &TENTH_WELL_WRITTEN_FINDINGS);
}

#[test]
fn the_tenth_held_out_planted_flaws_are_found_as_often_as_recorded() {
    held_out_recall("item-writing-10-flawed", TENTH_HELD_OUT_RECALL);
}
