//! The independent import corpus (`tests/corpus/`, see its README: files as other programs
//! write them, each with an `expected.md` answer sheet saying what Moodle 4.5's importer
//! reads from it, written without reading quizkit's code).
//!
//! For every multiple-choice and true/false question of a sheet, the importer must give the
//! same stem, options in order, key and per-option feedback and the same general feedback,
//! compared as plain text (the sheet gives Moodle's HTML, quizkit holds Markdown); every other
//! question must be reported as skipped. The sheets' own words are parsed here, so a sheet
//! changed by its author is checked as it then stands. True/false questions are imported
//! as two options, True and False (quizkit's rule; the sheets count them as skipped by a
//! multiple-choice-only importer), and compared against the sheet's key and feedback.
//!
//! The last test prints precision and recall over the whole corpus (BENCHMARKS.md records
//! them).

use std::path::{Path, PathBuf};

use quizkit_export::markdown::{Math, to_html};
use quizkit_import::{Options, Parsed};
use quizkit_model::Question;
use regex::Regex;

mod common;
use common::{imported_text, plain, re};

fn corpus(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(rel)
}

fn read(rel: &str) -> Vec<u8> {
    std::fs::read(corpus(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn sheet(rel: &str) -> String {
    String::from_utf8(read(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// One question as a sheet states it, in one language.
#[derive(Debug, Clone, Default, PartialEq)]
struct Expected {
    name: String,
    stem: String,
    /// Text, correct, feedback.
    options: Vec<(String, bool, String)>,
    general: String,
}

fn imported(q: &Question, lang: &str) -> Expected {
    let keys = q.key_indices();
    Expected {
        name: String::new(),
        stem: imported_text(Some(&q.stem), lang),
        options: q
            .options
            .iter()
            .enumerate()
            .map(|(i, o)| {
                (
                    imported_text(Some(&o.text), lang),
                    keys.contains(&i),
                    imported_text(o.feedback.as_ref().map(|f| &f.value), lang),
                )
            })
            .collect(),
        general: imported_text(q.explanation.as_ref().map(|e| &e.value), lang),
    }
}

/// The sheets of the GIFT and Moodle XML files: `**N. Name** — type …` blocks with `Stem:`,
/// `A. \`text\` — fraction — feedback \`…\``, `General feedback:` and, for true/false, the
/// correct answer and the feedback on each.
/// `import_lang` is the language the file was imported in: true/false options take its words
/// when the question's texts do not say theirs.
fn blocks(md: &str, lang: &str, import_lang: &str) -> (Vec<Expected>, Vec<String>) {
    let header = re(r"(?m)^\*\*(\d+)\. (.+?)\*\* — (.*)$");
    let stem = re(r"Stem[^`\n]*?:?\s*((?:`[^`]*`(?: / )?)+)");
    let option = re(
        r"(?:^|[\s;])([A-Z])\. (?:source `[^`]*` → stored\s+(?:\*\*)?)?`([^`]*)`(?:[^—\n]|\n\s+[^-\s])*?— ([−-]?\d+(?:\.\d+)?)",
    );
    let feedback = re(r"^(?:\s*%)?(?:\s*\([^)]*\))?\s*— feedback\s+`([^`]*)`");
    let general = re(r"General feedback:?\s+`([^`]*)`");
    let tf_key = re(r"correct answer\s+\*\*(true|false)\*\*");
    let tf_true = re(r"(?i)feedback on \*true\*\s*[:=]\s*`([^`]*)`");
    let tf_false = re(r"(?i)on \*false\*\s*[:=]\s*`([^`]*)`");
    let ticks = re(r"`([^`]*)`");
    let starts: Vec<_> = header.captures_iter(md).collect();
    let mut expected = Vec::new();
    let mut skipped = Vec::new();
    for (i, caps) in starts.iter().enumerate() {
        let whole = caps.get(0).expect("match");
        let end = starts
            .get(i + 1)
            .map_or(md.len(), |c| c.get(0).map_or(md.len(), |m| m.start()));
        let end = md[whole.end()..end]
            .find("\n## ")
            .map_or(end, |j| whole.end() + j);
        // The header line is part of the block: short questions are stated on it.
        let body = &md[whole.start()..end];
        let name = caps[2].to_owned();
        let kind = &caps[3];
        let markdown = kind.contains("format **markdown**");
        let text_of = |raw: &str| {
            let raw = raw.replace("\\n", "\n");
            if markdown {
                plain(&to_html(&raw, Math::Delimiters), lang)
            } else {
                plain(&raw, lang)
            }
        };
        let stem_text = stem
            .captures(body)
            .map(|c| {
                ticks
                    .captures_iter(&c[1])
                    .map(|t| t[1].to_owned())
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .unwrap_or_default();
        let general_text = general
            .captures(body)
            .map(|c| c[1].to_owned())
            .unwrap_or_default();
        if kind.starts_with("multichoice") {
            let mut options = Vec::new();
            for c in option.captures_iter(body) {
                let after = &body[c.get(0).map_or(0, |m| m.end())..];
                let fb = feedback
                    .captures(after)
                    .map(|f| f[1].to_owned())
                    .unwrap_or_default();
                let fraction: f64 = c[3].replace('−', "-").parse().unwrap_or(0.0);
                options.push((text_of(&c[2]), fraction > 0.0, text_of(&fb)));
            }
            // A question without a title is named by its text, which the sheet then gives
            // as the name only.
            let stem_text = if stem_text.is_empty() {
                name.clone()
            } else {
                stem_text
            };
            expected.push(Expected {
                name,
                stem: text_of(&stem_text),
                options,
                general: text_of(&general_text),
            });
        } else if kind.starts_with("truefalse") {
            let key_true = tf_key.captures(body).is_some_and(|c| &c[1] == "true");
            let on = |r: &Regex| r.captures(body).map(|c| text_of(&c[1])).unwrap_or_default();
            let (t, f) = quizkit_tf(import_lang);
            expected.push(Expected {
                name,
                stem: text_of(&stem_text),
                options: vec![
                    (t.to_owned(), key_true, on(&tf_true)),
                    (f.to_owned(), !key_true, on(&tf_false)),
                ],
                general: text_of(&general_text),
            });
        } else {
            skipped.push(name);
        }
    }
    (expected, skipped)
}

/// quizkit's words for True and False (the sheets give the key, not option texts).
fn quizkit_tf(lang: &str) -> (&'static str, &'static str) {
    match lang {
        "nl" => ("Waar", "Onwaar"),
        _ => ("True", "False"),
    }
}

/// The CSV sheet: `- **id** — …, key **B**` with `stem:`, `A. \`…\``, `explanation:`.
fn csv_rows(md: &str, file: &str, lang: &str) -> Vec<Expected> {
    let section = md
        .split("\n## ")
        .find(|s| s.starts_with(&format!("`{file}`")))
        .unwrap_or_else(|| panic!("no section for {file}"));
    let header = re(r"(?m)^- \*\*(\S+)\*\* — .*key \*\*([A-Z])\*\*");
    let field = re(r"(?m)^  - (stem|explanation|[A-Z]\.): (.*)$");
    let option = re(r"(?m)^  - ([A-Z])\. (.*)$");
    let localized = |raw: &str| -> String {
        let raw = raw.trim_end_matches(" — correct");
        let per_lang = re(r"([a-z]{2}) `([^`]*)`");
        let chosen = per_lang
            .captures_iter(raw)
            .find(|c| &c[1] == lang)
            .map(|c| c[2].to_owned())
            .or_else(|| re(r"`([^`]*)`").captures(raw).map(|c| c[1].to_owned()))
            .unwrap_or_default();
        plain(&chosen.replace('⏎', "\n"), lang)
    };
    let starts: Vec<_> = header.captures_iter(section).collect();
    starts
        .iter()
        .enumerate()
        .map(|(i, caps)| {
            let whole = caps.get(0).expect("match");
            let end = starts.get(i + 1).map_or(section.len(), |c| {
                c.get(0).map_or(section.len(), |m| m.start())
            });
            let body = &section[whole.end()..end];
            let mut e = Expected {
                name: caps[1].to_owned(),
                ..Expected::default()
            };
            for f in field.captures_iter(body) {
                match &f[1] {
                    "stem" => e.stem = localized(&f[2]),
                    "explanation" => e.general = localized(&f[2]),
                    _ => {}
                }
            }
            for o in option.captures_iter(body) {
                e.options.push((
                    localized(&o[2]),
                    o[2].ends_with(" — correct"),
                    String::new(),
                ));
            }
            e
        })
        .collect()
}

fn import(format: &str, rel: &str, lang: &str) -> Parsed {
    let format = quizkit_import::format(format).expect("a format");
    let parsed = (format.import)(
        read(rel),
        &Options {
            lang: lang.to_owned(),
            ..Options::default()
        },
    );
    assert!(!parsed.failed(), "{rel}: {:#?}", parsed.diagnostics);
    parsed
}

/// Compares a file's import with its sheet; returns (questions correct, questions expected).
fn check(
    rel: &str,
    parsed: &Parsed,
    expected: &[Expected],
    skipped: &[String],
    lang: &str,
) -> (usize, usize) {
    let mut correct = 0;
    let mut failures = Vec::new();
    for (i, e) in expected.iter().enumerate() {
        match parsed.items.get(i) {
            Some(item) => {
                let got = Expected {
                    name: e.name.clone(),
                    ..imported(&item.question, lang)
                };
                if &got == e {
                    correct += 1;
                } else {
                    failures.push(format!(
                        "{rel} #{i} `{}`:\n  sheet: {e:?}\n  got:   {got:?}",
                        e.name
                    ));
                }
            }
            None => failures.push(format!("{rel}: `{}` was not imported", e.name)),
        }
    }
    assert_eq!(
        parsed.items.len(),
        expected.len(),
        "{rel}: imported {} questions, the sheet has {} multiple-choice and true/false ones",
        parsed.items.len(),
        expected.len()
    );
    let names: Vec<&str> = parsed.skipped.iter().map(|s| s.name.as_str()).collect();
    for s in skipped {
        assert!(
            names
                .iter()
                .any(|n| n == s || s.starts_with(n.trim_end_matches('…'))),
            "{rel}: `{s}` is not reported as skipped (skipped: {names:?})"
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    (correct, expected.len())
}

fn gift() -> (usize, usize) {
    let md = sheet("gift/expected.md");
    let (expected, skipped) = blocks(&md, "en", "en");
    assert_eq!(
        expected.len(),
        15,
        "12 multiple choice and 3 true/false on the sheet"
    );
    assert_eq!(skipped.len(), 10);
    let parsed = import("gift", "gift/questions.txt", "en");
    let paths: Vec<Vec<String>> = parsed.items.iter().map(|i| i.path.clone()).collect();
    assert_eq!(paths[0], ["Corpus GIFT", "Geography"]);
    assert_eq!(paths[14], ["Corpus GIFT", "Nederlands"]);
    assert_eq!(parsed.items[0].source_id.as_deref(), Some("gift-geo-001"));
    let tags: Vec<&str> = parsed.items[0]
        .question
        .tags
        .iter()
        .map(|t| t.value.as_str())
        .collect();
    assert_eq!(tags, ["geography", "capitals"]);
    check("gift/questions.txt", &parsed, &expected, &skipped, "en")
}

fn moodle_xml() -> (usize, usize) {
    let md = sheet("moodle-xml/expected.md");
    let mut total = (0, 0);
    for lang in ["nl", "en"] {
        let (expected, skipped) = blocks(&md, lang, "nl");
        assert_eq!(
            expected.len(),
            6,
            "5 multiple choice and 1 true/false on the sheet"
        );
        let parsed = import("moodle", "moodle-xml/questions.xml", "nl");
        let (c, n) = check(
            "moodle-xml/questions.xml",
            &parsed,
            &expected,
            &skipped,
            lang,
        );
        if lang == "nl" {
            total = (c, n);
            let ids: Vec<_> = parsed
                .items
                .iter()
                .map(|i| i.source_id.clone().unwrap_or_default())
                .collect();
            assert_eq!(
                ids,
                [
                    "xml-mc-001",
                    "xml-mc-002",
                    "xml-mc-003",
                    "xml-mc-004",
                    "xml-mc-005",
                    "xml-tf-001"
                ]
            );
            assert_eq!(parsed.items[0].path, ["Corpus XML", "Meerkeuze"]);
            assert!(parsed.items[1].question.is_multiple_response());
            // The sheet's file: a 4 × 2 PNG of 73 bytes, attached to the first question.
            let resistor = parsed.items[0]
                .media
                .iter()
                .find(|m| m.name == "resistor.png")
                .expect("resistor.png comes back as the question's file");
            assert_eq!(resistor.bytes.len(), 73);
            assert!(resistor.bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
            assert!(
                !parsed
                    .diagnostics
                    .iter()
                    .any(|d| d.code == "I004" && d.message.contains("resistor.png")),
                "a file the question holds is not left out"
            );
        }
    }
    total
}

fn csv() -> (usize, usize) {
    let md = sheet("csv/expected.md");
    let mut total = (0, 0);
    for (file, langs) in [
        ("basic.csv", &["en"][..]),
        ("excel-semicolon-bom.csv", &["nl"][..]),
        ("quoted-newlines.csv", &["en"][..]),
        ("bilingual.csv", &["nl", "en"][..]),
    ] {
        for lang in langs {
            let expected = csv_rows(&md, file, lang);
            let parsed = import("csv", &format!("csv/{file}"), langs[0]);
            let (c, n) = check(file, &parsed, &expected, &[], lang);
            if *lang == langs[0] {
                total.0 += c;
                total.1 += n;
            }
        }
    }
    total
}

/// The Aiken sheet is prose: its statements, transcribed.
fn aiken() -> (usize, usize) {
    let valid = import("aiken", "aiken/valid.txt", "en");
    let keys: Vec<Vec<usize>> = valid
        .items
        .iter()
        .map(|i| i.question.key_indices())
        .collect();
    assert_eq!(
        keys,
        [vec![1], vec![0], vec![0], vec![2], vec![4]],
        "valid.txt keys"
    );
    let counts: Vec<usize> = valid
        .items
        .iter()
        .map(|i| i.question.options.len())
        .collect();
    assert_eq!(counts, [4, 4, 3, 4, 5]);
    let q3 = imported(&valid.items[2].question, "en");
    assert_eq!(
        q3.stem,
        "What does the abbreviation R&D stand for in business?"
    );
    assert_eq!(imported(&valid.items[3].question, "en").options[2].0, "11");
    assert!(valid.skipped.is_empty(), "{:?}", valid.diagnostics);

    let rejected = import("aiken", "aiken/rejected.txt", "en");
    let stems: Vec<String> = rejected
        .items
        .iter()
        .map(|i| imported(&i.question, "en").stem)
        .collect();
    assert_eq!(
        stems,
        [
            "Which planet is closest to the Sun?",
            "How many sides does a hexagon have?"
        ]
    );
    assert_eq!(rejected.items[0].question.key_indices(), vec![1]);
    assert_eq!(rejected.items[1].question.key_indices(), vec![1]);
    // The sheet's six parse errors, at lines 8, 9, 10, 11, 17 and 19 (each error is Moodle's
    // report of the question open at that line).
    assert_eq!(rejected.skipped.len(), 6, "{:#?}", rejected.diagnostics);
    (7, 7)
}

#[test]
fn gift_as_moodle_reads_it() {
    gift();
}

#[test]
fn moodle_xml_as_moodle_reads_it() {
    moodle_xml();
}

#[test]
fn csv_as_the_sheet_says() {
    csv();
}

#[test]
fn aiken_as_moodle_reads_it() {
    aiken();
}

#[test]
fn precision_and_recall_over_the_corpus() {
    let parts = [
        ("gift", gift()),
        ("moodle-xml", moodle_xml()),
        ("csv", csv()),
        ("aiken", aiken()),
    ];
    let correct: usize = parts.iter().map(|(_, (c, _))| c).sum();
    let expected: usize = parts.iter().map(|(_, (_, n))| n).sum();
    for (name, (c, n)) in parts {
        println!("{name}: {c} of {n} questions as the sheet states");
    }
    println!("corpus: {correct} of {expected} questions correct");
    assert_eq!(correct, expected);
}
