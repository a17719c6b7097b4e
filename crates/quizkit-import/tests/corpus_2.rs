//! The held-out import corpora (`tests/corpus-2/` to `tests/corpus-7/`, one test each, see
//! their READMEs): files as other programs and people write them, each with a
//! `<file>.expected.toml` answer sheet saying what Moodle 4.5's importer reads from it (for
//! CSV, what the columns mean, and the `--columns` map its notes tell a user to give),
//! written from a brief by someone who did not read quizkit's code, after the importers were
//! built.
//!
//! For every question a sheet marks `imported`, quizkit must give the same stem, options in
//! order, key, per-option feedback and general feedback, compared as plain text; every other
//! question must be reported as skipped. Where quizkit reads a file differently from Moodle on
//! purpose, the test says so and checks what quizkit does instead:
//! - a single-choice question with partial credit keeps only the 100% answer as its key, and
//!   the import reports the change (`I003`);
//! - a single-choice question with several answers at 100% (GIFT's unescaped `=`) is skipped
//!   and reported, where Moodle imports a question with four keys; so is one with no answer at
//!   100% (corpus-3's `Q4 Baltic states`: two at 50% and no `<single>false</single>`), where
//!   Moodle imports radio buttons that each give half the marks;
//! - a file Moodle refuses as a whole (`refused = true`: a blank line inside a GIFT answer
//!   block, an Aiken question over several lines) is never imported silently: quizkit reports
//!   each broken question and keeps the sound ones, or refuses the file; a file Moodle refuses
//!   for not being UTF-8 is converted from Windows-1252 with a warning (`I006`). Where the
//!   sheet says which questions Moodle reads once the refusal is lifted (corpus-3: the file
//!   saved as UTF-8, or "Stop on error" off), those are compared question by question too;
//! - a multiple-choice question with an answer weight that is not one of Moodle's grades (a
//!   converter's `33.3` or `33.33` for a third) makes Moodle refuse the whole file; quizkit
//!   imports it with its keys (which answers are right, not their weights) and reports each such
//!   question (`I009`), and only those ([`moodle_grade`]);
//! - a true/false question whose answers are named in another language with false first is
//!   read by its words and the difference reported ([`READ_BY_THEIR_WORDS`]), where Moodle
//!   reads them by position and marks the other answer;
//! - true/false options are compared by position (their words are quizkit's).
//!
//! The figures are printed (`cargo test -p quizkit-import --test corpus_2 -- --nocapture`) and
//! recorded in BENCHMARKS.md.

use std::path::{Path, PathBuf};

use quizkit_import::{Options, Parsed};
use quizkit_model::Question;
use toml::{Table, Value};

mod common;
use common::{imported_text, plain};

/// Every answer sheet of `tests/<corpus>`, with the path of its source file, in name order.
fn sheets(corpus: &str) -> Vec<(PathBuf, Table)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(corpus);
    let mut out = Vec::new();
    for dir in ["aiken", "csv", "gift", "moodle-xml"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|e| e.expect("a folder entry").path())
            .filter(|p| p.to_string_lossy().ends_with(".expected.toml"))
            .collect();
        files.sort();
        for sheet in files {
            let text = std::fs::read_to_string(&sheet).expect("a readable sheet");
            let table: Table = text
                .parse()
                .unwrap_or_else(|e| panic!("{}: {e}", sheet.display()));
            let source = sheet.with_file_name(
                sheet
                    .file_name()
                    .and_then(|n| n.to_str())
                    .and_then(|n| n.strip_suffix(".expected.toml"))
                    .expect("a sheet name"),
            );
            out.push((source, table));
        }
    }
    out
}

fn str_of<'a>(t: &'a Table, key: &str) -> &'a str {
    t.get(key).and_then(Value::as_str).unwrap_or("")
}

/// A sheet text in `lang`: a plain string, or a table of languages.
fn sheet_text(t: &Table, key: &str, lang: &str) -> String {
    let text = match t.get(key) {
        Some(Value::String(s)) => s.as_str(),
        Some(Value::Table(langs)) => langs.get(lang).and_then(Value::as_str).unwrap_or(""),
        _ => "",
    };
    plain(text, lang)
}

/// The languages a sheet question is written in: its `stem` table's keys, else `lang`.
fn languages(q: &Table, file_lang: &str) -> Vec<String> {
    match q.get("stem") {
        Some(Value::Table(langs)) => langs.keys().cloned().collect(),
        _ => vec![file_lang.to_owned()],
    }
}

/// What the sheet says quizkit must import for question `q`, in `lang`: stem, options (text,
/// key, feedback), general feedback.
type Said = (String, Vec<(String, bool, String)>, String);

/// A sheet question's options, in order.
fn options(q: &Table) -> Vec<&Table> {
    q.get("option")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_table).collect())
        .unwrap_or_default()
}

/// An option's fraction (`1.0` for 100%), written as a float or an integer.
fn fraction(o: &Table) -> f64 {
    o.get("fraction")
        .and_then(|f| f.as_float().or_else(|| f.as_integer().map(|i| i as f64)))
        .unwrap_or(0.0)
}

/// Whether a sheet question is single choice (the default).
fn single(q: &Table) -> bool {
    q.get("single").and_then(Value::as_bool).unwrap_or(true)
}

fn expected(q: &Table, lang: &str) -> Said {
    let options = options(q);
    let single = single(q);
    let best = options.iter().map(|o| fraction(o)).fold(0.0, f64::max);
    let truefalse = str_of(q, "type") == "truefalse";
    let options = options
        .iter()
        .map(|o| {
            // Single choice keeps the best answer as its key; partial credit is reported.
            let key = if single {
                fraction(o) >= best && best > 0.0
            } else {
                fraction(o) > 0.0
            };
            let text = if truefalse {
                String::new()
            } else {
                sheet_text(o, "text", lang)
            };
            (text, key, sheet_text(o, "feedback", lang))
        })
        .collect();
    (
        sheet_text(q, "stem", lang),
        options,
        sheet_text(q, "general_feedback", lang),
    )
}

fn got(q: &Question, lang: &str, truefalse: bool) -> Said {
    let keys = q.key_indices();
    let options = q
        .options
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let text = if truefalse {
                String::new()
            } else {
                imported_text(Some(&o.text), lang)
            };
            let feedback = imported_text(o.feedback.as_ref().map(|f| &f.value), lang);
            (text, keys.contains(&i), feedback)
        })
        .collect();
    (
        imported_text(Some(&q.stem), lang),
        options,
        imported_text(q.explanation.as_ref().map(|e| &e.value), lang),
    )
}

/// A single-choice question with several answers at 100%, or none (two at 50%): Moodle
/// imports it, quizkit needs exactly one key and skips it.
fn not_one_key(q: &Table) -> bool {
    single(q) && options(q).iter().filter(|o| fraction(o) == 1.0).count() != 1
}

/// True/false questions whose answers are named in another language with false first (`Faux`
/// at 100%, then `Vrai`), as (file, question). Moodle reads answers not named `true` and
/// `false` by position, the first as true, so it marks the answer the author did not mean;
/// the sheet says what Moodle stores. quizkit reads the answers by their words, which gives
/// the sheet's two options the other way round, and reports the difference.
const READ_BY_THEIR_WORDS: [(&str, &str); 2] = [
    (
        "export-ent-geographie-4e.xml",
        "GEO-006 Embouchure de la Seine",
    ),
    ("bb2moodle-biologia-kolokwium2.xml", "Prawda/Fałsz – DNA"),
];

/// Whether Moodle's import accepts the fraction `f`: within 0.00001 of one of the grades of
/// `question_bank::fraction_options_full()` (Moodle 4.5, `question/engine/bank.php`), or of
/// its negative.
fn moodle_grade(f: f64) -> bool {
    [
        0.0, 1.0, 0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25,
        0.2, 0.1666667, 0.1428571, 0.125, 0.1111111, 0.1, 0.05,
    ]
    .iter()
    .any(|g| (f.abs() - g).abs() < 0.00001)
}

/// A sheet name as quizkit shows it in a message: white space collapsed.
fn shown_name(title: &str) -> String {
    title.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether the sheet says Moodle imports question `q`.
fn imported(q: &Table) -> bool {
    q.get("imported").and_then(Value::as_bool) == Some(true)
}

fn import(bytes: Vec<u8>, format: &str, lang: &str, columns: Vec<(String, String)>) -> Parsed {
    let format = quizkit_import::format(format).expect("a format");
    (format.import)(
        bytes,
        &Options {
            lang: lang.to_owned(),
            columns,
            ..Options::default()
        },
    )
}

/// The column map a sheet's notes tell the user to give (`--columns "Nº=id,Pregunta=stem"`),
/// as `quizkit import --columns` takes it.
fn columns(sheet: &Table) -> Vec<(String, String)> {
    let notes = str_of(sheet, "notes");
    let Some(at) = notes.find("--columns \"") else {
        return Vec::new();
    };
    let map = &notes[at + "--columns \"".len()..];
    let map = &map[..map.find('"').expect("a closing quote")];
    map.split(',')
        .filter_map(|pair| {
            let (from, to) = pair.split_once('=')?;
            Some((from.trim().to_owned(), to.trim().to_owned()))
        })
        .collect()
}

#[test]
fn every_file_is_read_as_its_sheet_says() {
    check("corpus-2");
}

#[test]
fn every_file_of_the_third_corpus_is_read_as_its_sheet_says() {
    check("corpus-3");
}

#[test]
fn every_file_of_the_fourth_corpus_is_read_as_its_sheet_says() {
    check("corpus-4");
}

fn check(corpus: &str) {
    let (mut right, mut questions, mut skipped_right, mut skipped) = (0, 0, 0, 0);
    let (mut grades_reported, mut grade_questions) = (0, 0);
    let mut failures = Vec::new();
    for (source, sheet) in sheets(corpus) {
        let name = source.file_name().expect("a name").to_string_lossy();
        let file_lang = match str_of(&sheet, "lang") {
            "" => "en",
            lang => lang,
        };
        let qs: Vec<&Table> = sheet
            .get("question")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_table).collect())
            .unwrap_or_default();
        // A sheet gives each question's language; quizkit imports a file in one.
        let lang = qs
            .iter()
            .find_map(|q| q.get("lang").and_then(Value::as_str))
            .unwrap_or(file_lang);
        let bytes = std::fs::read(&source).unwrap_or_else(|e| panic!("{name}: {e}"));
        let utf8 = std::str::from_utf8(&bytes).is_ok();
        let parsed = import(bytes, str_of(&sheet, "format"), lang, columns(&sheet));
        // Every question quizkit imports with a weight Moodle refuses is reported, and only those.
        let unmatched: Vec<&str> = parsed
            .diagnostics
            .iter()
            .filter(|d| d.code == "I009")
            .map(|d| d.message.as_str())
            .collect();
        let mut reported = 0;
        for q in &qs {
            let title = shown_name(str_of(q, "name"));
            if str_of(q, "type") != "multichoice"
                || not_one_key(q)
                || options(q).iter().all(|o| moodle_grade(fraction(o)))
            {
                continue;
            }
            reported += 1;
            grade_questions += 1;
            let named = |m: &&str| {
                m.split('`')
                    .nth(1)
                    .is_some_and(|n| n == title || title.starts_with(n.trim_end_matches('…')))
            };
            if unmatched.iter().any(named) {
                grades_reported += 1;
            } else {
                failures.push(format!(
                    "{name}: `{title}` has a weight Moodle refuses, and it is not reported"
                ));
            }
        }
        if unmatched.len() > reported {
            failures.push(format!(
                "{name}: {} weights reported as refused by Moodle, and the sheet has {reported}: {unmatched:#?}",
                unmatched.len()
            ));
        }
        if sheet.get("refused").and_then(Value::as_bool) == Some(true) {
            let errors = parsed
                .diagnostics
                .iter()
                .filter(|d| d.code != "I006")
                .count();
            let converted = parsed.diagnostics.iter().any(|d| d.code == "I006");
            if !utf8 && !converted {
                failures.push(format!(
                    "{name}: not UTF-8, and quizkit did not report converting it"
                ));
            } else if utf8 && !parsed.failed() && errors == 0 {
                failures.push(format!(
                    "{name}: Moodle refuses this file, and quizkit imported it without a word"
                ));
            }
            println!(
                "{name}: refused by Moodle; quizkit kept {} questions and reported {errors} problems",
                parsed.items.len()
            );
            // A sheet that says which questions Moodle reads once the refusal is lifted (the
            // file saved as UTF-8, or "Stop on error" off) is checked question by question.
            if parsed.failed() || !qs.iter().any(|q| imported(q)) {
                continue;
            }
        }
        if parsed.failed() {
            questions += qs.iter().filter(|q| imported(q)).count();
            failures.push(format!("{name}: {:#?}", parsed.diagnostics));
            continue;
        }
        let mut items = parsed.items.iter();
        let skipped_names: Vec<&str> = parsed.skipped.iter().map(|s| s.name.as_str()).collect();
        for q in qs {
            let title = str_of(q, "name");
            let by_words = READ_BY_THEIR_WORDS.contains(&(name.as_ref(), title));
            if !imported(q) || not_one_key(q) {
                skipped += 1;
                // A name is shown with its white space collapsed, and cut with `…`.
                let title = shown_name(title);
                if skipped_names
                    .iter()
                    .any(|n| *n == title || title.starts_with(n.trim_end_matches('…')))
                {
                    skipped_right += 1;
                } else {
                    failures.push(format!("{name}: `{title}` is not reported as skipped"));
                }
                continue;
            }
            questions += 1;
            let Some(item) = items.next() else {
                failures.push(format!("{name}: `{title}` was not imported"));
                continue;
            };
            let truefalse = str_of(q, "type") == "truefalse";
            let mut same = true;
            if by_words
                && !parsed
                    .diagnostics
                    .iter()
                    .any(|d| d.code == "I003" && d.message.contains("read by their words"))
            {
                failures.push(format!(
                    "{name} `{title}`: read by its words, and the difference from Moodle not reported"
                ));
            }
            for l in languages(q, lang) {
                let mut want = expected(q, &l);
                if by_words {
                    want.1.reverse();
                }
                let (want, have) = (want, got(&item.question, &l, truefalse));
                if want != have {
                    same = false;
                    failures.push(format!(
                        "{name} `{title}` ({l}):\n  sheet: {want:?}\n  got:   {have:?}"
                    ));
                }
            }
            right += usize::from(same);
        }
        if let Some(extra) = items.next() {
            failures.push(format!(
                "{name}: `{}` imported, and the sheet has no such question",
                extra.question.id.value
            ));
        }
    }
    println!(
        "{corpus}: {right} of {questions} questions imported as the sheets say, \
         {skipped_right} of {skipped} others reported skipped, \
         {grades_reported} of {grade_questions} with a weight Moodle refuses reported"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_file_of_the_fifth_corpus_is_read_as_its_sheet_says() {
    check("corpus-5");
}

#[test]
fn every_file_of_the_sixth_corpus_is_read_as_its_sheet_says() {
    check("corpus-6");
}

#[test]
fn every_file_of_the_seventh_corpus_is_read_as_its_sheet_says() {
    check("corpus-7");
}
