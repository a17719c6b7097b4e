//! `quizkit import` through the real binary: a file from Moodle's own test suite, the round
//! trip of the shipped bank through Moodle XML and GIFT, imports into an existing bank, the
//! refusals, and hostile input (each with its exit code, its diagnostic and nothing written
//! where nothing may be).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use quizkit_export::markdown::Math;
use quizkit_model::{Bank, LocalizedText, Question};
use quizkit_tests::guard::{DEADLINE, run_bounded};
use quizkit_tests::hostile::{ended, text};
use quizkit_tests::{copy_tree, quizkit, temp_dir, workspace_root};

fn fixture(name: &str) -> PathBuf {
    workspace_root()
        .join("crates/quizkit-import/tests/fixtures")
        .join(name)
}

/// Runs `quizkit import FILES -o DIR ARGS`; returns the exit code and stderr.
fn import(files: &[&Path], dir: &Path, args: &[&str]) -> (i32, String) {
    let mut cmd = quizkit();
    cmd.arg("import").args(files).arg("-o").arg(dir).args(args);
    let out = run_bounded(&mut cmd, DEADLINE);
    let code = out.status.code().unwrap_or(-1);
    assert!(
        code == 0 || code == 1 || code == 2,
        "quizkit import ended with {code}:\n{}",
        text(&out.stderr)
    );
    (code, flat(&text(&out.stderr)))
}

/// A report with miette's line wrapping undone, for `contains` to find phrases in it.
fn flat(report: &str) -> String {
    report
        .split_whitespace()
        .filter(|w| !matches!(*w, "│" | "·"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn load(dir: &Path) -> Bank {
    let (_, loaded) = quizkit::fsio::load_bank(Some(dir))
        .unwrap_or_else(|e| panic!("{}: {}", dir.display(), e.message));
    let errors: Vec<_> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity == quizkit_model::Severity::Error)
        .collect();
    assert!(
        errors.is_empty(),
        "{} does not load: {errors:#?}",
        dir.display()
    );
    loaded.bank.expect("a bank")
}

/// `quizkit lint DIR` runs on an imported bank as on any: no load error (`S…` codes); and
/// `quizkit fmt --check DIR` finds nothing to change.
fn lints(dir: &Path) {
    let fmt = run_bounded(quizkit().arg("fmt").arg("--check").arg(dir), DEADLINE);
    ended(&fmt, &[0]);
    let out = run_bounded(
        quizkit().arg("lint").arg(dir).args(["--format", "json"]),
        DEADLINE,
    );
    ended(&out, &[0, 1]);
    let findings: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("lint's JSON parses");
    for f in findings.as_array().expect("a list") {
        let code = f["code"].as_str().unwrap_or("");
        assert!(
            !code.starts_with('S'),
            "a load error in the imported bank: {f}"
        );
    }
}

fn export(bank: &Path, to: &str, out: &Path) {
    let result = run_bounded(
        quizkit()
            .arg("export")
            .arg(bank)
            .args(["--to", to, "--lang", "all", "-o"])
            .arg(out),
        DEADLINE,
    );
    ended(&result, &[0]);
}

/// Every file under `dir` with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).expect("readable").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.insert(path.clone(), fs::read(&path).expect("readable"));
            }
        }
    }
    out
}

#[test]
fn a_multiple_choice_question_from_moodles_own_test_suite() {
    // What Moodle 4.5 reads from this file (shared/reference/moodle.md §4): one multichoice
    // question "Greeting" in category Default for testhead > Multichoice; single choice,
    // four answers (English 0%, French 100%, German 0%, Danish 0%), each with feedback, an
    // mp3 linked from the question text and a flag image in each answer.
    let dir = temp_dir("import-moodle-sample").join("bank");
    let (code, stderr) = import(&[&fixture("moodle-multichoice.xml")], &dir, &[]);
    assert_eq!(
        code, 0,
        "the attached files come along unchanged:\n{stderr}"
    );
    assert!(!stderr.contains("I004"), "{stderr}");
    // Each attached file beside the question file, with the bytes its <file> holds.
    let topic = dir.join("default-for-testhead/multichoice");
    for (file, magic) in [
        ("bonjour.mp3", &b"ID3"[..]),
        ("flag-uk.jpg", &b"\xff\xd8\xff"[..]),
        ("flag-france.jpg", &b"\xff\xd8\xff"[..]),
        ("flag-german.jpg", &b"\xff\xd8\xff"[..]),
        ("flag-denmark.jpg", &b"\xff\xd8\xff"[..]),
    ] {
        let bytes = fs::read(topic.join(file))
            .unwrap_or_else(|e| panic!("{file} in {}: {e}", topic.display()));
        assert!(bytes.starts_with(magic), "{file}");
    }
    let bank = load(&dir);
    let (category, topic, q) = bank.questions().next().expect("one question");
    assert_eq!(bank.question_count(), 1);
    assert_eq!(category.title("en"), "Default for testhead");
    assert_eq!(topic.title("en"), "Multichoice");
    assert_eq!(q.id.value, "greeting");
    assert_eq!(
        q.stem.get_or_first("en"),
        "[Listen to this greeting:](bonjour.mp3)\\\n\\\nWhat language is being spoken?"
    );
    let options: Vec<&str> = q
        .options
        .iter()
        .map(|o| o.text.get_or_first("en"))
        .collect();
    assert_eq!(
        options,
        [
            "![British Flag](flag-uk.jpg) English",
            "![French flag](flag-france.jpg) French",
            "![German flag](flag-german.jpg) German",
            "![Denmark flag](flag-denmark.jpg) Danish"
        ]
    );
    assert_eq!(q.key_indices(), vec![1]);
    assert!(!q.is_multiple_response());
    let feedback: Vec<&str> = q
        .options
        .iter()
        .map(|o| o.feedback.as_ref().map_or("", |f| f.get_or_first("en")))
        .collect();
    assert_eq!(
        feedback,
        [
            "Sorry, listen again.",
            "Yes, well done!",
            "Sorry, listen again.",
            "Sorry, listen again."
        ]
    );
    assert!(
        q.explanation.is_none(),
        "an empty general feedback is no explanation"
    );
    lints(&dir);
}

/// A text as the HTML it renders to: two Markdown spellings of the same text are equal. With
/// `alt_only`, an image of a bank file is its alt text, as GIFT (which holds no files) writes it.
fn rendered(text: Option<&LocalizedText>, lang: &str, alt_only: bool) -> String {
    text.map(|t| {
        quizkit_export::markdown::to_html_with_images(
            t.get_or_first(lang),
            Math::Delimiters,
            &mut |dest| {
                (alt_only && !dest.starts_with("https://"))
                    .then(quizkit_export::markdown::Img::alt_only)
            },
        )
    })
    .unwrap_or_default()
}

fn questions(bank: &Bank) -> BTreeMap<String, (String, String, &Question)> {
    bank.questions()
        .map(|(c, t, q)| {
            (
                q.id.value.clone(),
                (c.title("nl").to_owned(), t.title("nl").to_owned(), q),
            )
        })
        .collect()
}

/// Compares what Moodle XML and GIFT carry, question by question: ids, texts in every
/// language (as rendered), options in order, keys, feedback, explanations, tags, category
/// and topic titles.
fn same_questions(original: &Bank, imported: &Bank, alt_only: bool) {
    let a = questions(original);
    let b = questions(imported);
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    for (id, (ca, ta, qa)) in &a {
        let (cb, tb, qb) = &b[id];
        assert_eq!((ca, ta), (cb, tb), "{id}: category and topic");
        for lang in original.config.languages() {
            let r = |q: &Question, alt_only: bool| {
                (
                    rendered(Some(&q.stem), lang, alt_only),
                    rendered(q.explanation.as_ref().map(|e| &e.value), lang, alt_only),
                    q.options
                        .iter()
                        .map(|o| {
                            (
                                rendered(Some(&o.text), lang, alt_only),
                                rendered(o.feedback.as_ref().map(|f| &f.value), lang, alt_only),
                            )
                        })
                        .collect::<Vec<_>>(),
                )
            };
            assert_eq!(r(qa, alt_only), r(qb, false), "{id} in {lang}");
        }
        assert_eq!(qa.key_indices(), qb.key_indices(), "{id}: key");
        assert_eq!(qa.is_multiple_response(), qb.is_multiple_response(), "{id}");
        let tags = |q: &Question| q.tags.iter().map(|t| t.value.clone()).collect::<Vec<_>>();
        assert_eq!(tags(qa), tags(qb), "{id}: tags");
        // What neither format has a field for, and so does not come back.
        assert!(qb.difficulty.is_none() && qb.related.is_empty() && qb.checks.is_empty());
        assert!(qb.allow.is_empty());
    }
}

/// The shipped bank exported to `target` (every language), imported, checked question by
/// question, linted, and exported again: the same file. Returns both banks.
fn round_trip(target: &str, file: &str) -> (Bank, Bank) {
    let tmp = temp_dir(&format!("import-round-trip-{target}"));
    let first = tmp.join(file);
    export(&workspace_root().join("questions"), target, &first);
    let dir = tmp.join("bank");
    let (code, stderr) = import(&[&first], &dir, &[]);
    assert_eq!(code, 0, "{stderr}");
    let original = load(&workspace_root().join("questions"));
    let imported = load(&dir);
    // GIFT holds no files: its images come back as their alt text.
    same_questions(&original, &imported, target == "gift");
    lints(&dir);
    let second = tmp.join(format!("again-{file}"));
    export(&dir, target, &second);
    assert!(
        fs::read(&first).ok() == fs::read(&second).ok(),
        "the second {target} export differs from the first"
    );
    (original, imported)
}

#[test]
fn the_shipped_bank_round_trips_through_moodle_xml() {
    let (original, imported) = round_trip("moodle", "moodle.xml");
    assert_eq!(
        imported.config.id.value, original.config.id.value,
        "the bank id from the category idnumbers"
    );
    let langs: Vec<&str> = imported.config.languages().collect();
    assert_eq!(langs, original.config.languages().collect::<Vec<_>>());
    // Category descriptions, topic summaries and key points come back from `<info>`.
    for (a, b) in original.topics().zip(imported.topics()) {
        assert_eq!(a.0.slug, b.0.slug);
        assert_eq!(a.1.slug, b.1.slug);
        for lang in original.config.languages() {
            let d = |c: &quizkit_model::Category| {
                rendered(c.meta.description.as_ref().map(|d| &d.value), lang, false)
            };
            assert_eq!(d(a.0), d(b.0));
            let s = |t: &quizkit_model::Topic| {
                rendered(t.meta.summary.as_ref().map(|d| &d.value), lang, false)
            };
            assert_eq!(s(a.1), s(b.1));
            let k = |t: &quizkit_model::Topic| {
                t.meta
                    .key_points
                    .iter()
                    .map(|p| rendered(Some(&p.value), lang, false))
                    .collect::<Vec<_>>()
            };
            assert_eq!(k(a.1), k(b.1));
        }
    }
}

#[test]
fn the_shipped_bank_round_trips_through_gift() {
    let (_, imported) = round_trip("gift", "gift.txt");
    // GIFT has no place for category descriptions, topic summaries or key points.
    for (c, t) in imported.topics() {
        assert!(c.meta.description.is_none());
        assert!(t.meta.summary.is_none() && t.meta.key_points.is_empty());
    }
}

#[test]
fn into_an_existing_bank_new_topics_come_beside_the_old_and_no_file_changes() {
    let tmp = temp_dir("import-existing");
    let xml = tmp.join("bank.xml");
    export(&workspace_root().join("questions"), "moodle", &xml);
    let dir = tmp.join("bank");
    copy_tree(&workspace_root().join("questions"), &dir);
    let before = snapshot(&dir);
    let (code, stderr) = import(&[&xml], &dir, &[]);
    assert_eq!(code, 1, "ids taken are a change:\n{stderr}");
    assert!(
        stderr.contains("is taken; the question's id is `training-vs-inference-2`"),
        "{stderr}"
    );
    let after = snapshot(&dir);
    for (path, bytes) in &before {
        assert_eq!(after.get(path), Some(bytes), "{} changed", path.display());
    }
    assert!(
        dir.join("computersystemen/ai-hardware-2/questions.toml")
            .is_file(),
        "{:?}",
        after.keys()
    );
    let bank = load(&dir);
    assert_eq!(bank.question_count(), 100);
    assert_eq!(bank.categories.len(), 1, "the category is shared");
    lints(&dir);
}

#[test]
fn a_folder_that_is_not_a_bank_is_refused_unless_forced() {
    let tmp = temp_dir("import-not-a-bank");
    let dir = tmp.join("notes");
    fs::create_dir_all(&dir).expect("folder");
    fs::write(dir.join("readme.txt"), "mine").expect("file");
    let file = fixture("moodle-multichoice.xml");
    let (code, stderr) = import(&[&file], &dir, &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("is not a bank") && stderr.contains("--force"),
        "{stderr}"
    );
    assert!(!dir.join("quizkit.toml").exists());
    let (code, stderr) = import(&[&file], &dir, &["--force"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        fs::read_to_string(dir.join("readme.txt")).ok().as_deref(),
        Some("mine")
    );
    load(&dir);
}

/// An import that must fail: exit 2, `expect` in the report, and nothing written.
fn refused(file: &Path, args: &[&str], expect: &[&str]) -> String {
    let dir = temp_dir(&format!(
        "import-refused-{}",
        file.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    ))
    .join("bank");
    let (code, stderr) = import(&[file], &dir, args);
    assert_eq!(code, 2, "{stderr}");
    for e in expect {
        assert!(stderr.contains(e), "`{e}` missing from:\n{stderr}");
    }
    assert!(
        !dir.exists(),
        "something was written for {}",
        file.display()
    );
    stderr
}

#[test]
fn hostile_xml_is_refused_at_its_place_and_nothing_is_expanded_or_written() {
    let laughs = refused(
        &fixture("hostile/billion-laughs.xml"),
        &[],
        &[
            "I001",
            "document type declaration",
            "billion-laughs.xml:2:1",
        ],
    );
    assert!(!laughs.contains("lollollol"), "an entity was expanded");
    let external = refused(
        &fixture("hostile/external-entity.xml"),
        &[],
        &["DTD", "external-entity.xml:2:1"],
    );
    assert!(!external.contains("root:"), "a file was read");
    refused(
        &fixture("hostile/undeclared-entity.xml"),
        &[],
        &[
            "`&nbsp;` is not an entity XML defines",
            "undeclared-entity.xml:5:40",
            "CDATA",
        ],
    );
    refused(
        &fixture("hostile/malformed.xml"),
        &[],
        &[
            "not well-formed XML",
            "expected `</answer>`",
            "malformed.xml:8:3",
        ],
    );
    refused(
        &fixture("hostile/invalid-utf8.xml"),
        &[],
        &["not valid UTF-8", "invalid-utf8.xml:3:45"],
    );
}

#[test]
fn hostile_text_formats_end_in_their_documented_exit_codes() {
    refused(
        &fixture("hostile/unterminated.gift.txt"),
        &["--from", "gift"],
        &["no `}` closes", "unterminated.gift.txt:1:22"],
    );
    refused(
        &fixture("hostile/ragged.csv"),
        &["--columns", "stem=nonsense"],
        &[
            "no `stem` column",
            "does not understand: `stem`",
            "answer",
            "feedback_A",
        ],
    );

    let tmp = temp_dir("import-hostile-text");
    let dir = tmp.join("ragged");
    let (code, stderr) = import(&[&fixture("hostile/ragged.csv")], &dir, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("ragged.csv:3:1") && stderr.contains("ragged.csv:4:1"),
        "{stderr}"
    );
    assert!(stderr.contains("skipped 2 (2 ragged row)"), "{stderr}");
    assert_eq!(load(&dir).question_count(), 1);

    let dir = tmp.join("nowhere");
    let (code, stderr) = import(
        &[&fixture("hostile/key-nowhere.txt")],
        &dir,
        &["--from", "aiken"],
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("`ANSWER: F` names no option (its options are A, B)"),
        "{stderr}"
    );
    assert!(stderr.contains("Nothing imported"), "{stderr}");
    assert!(!dir.exists());

    let dir = tmp.join("cp1252");
    let (code, stderr) = import(
        &[&fixture("hostile/windows-1252.gift.txt")],
        &dir,
        &["--lang", "nl"],
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("read it as Windows-1252"), "{stderr}");
    let bank = load(&dir);
    let (_, _, q) = bank.questions().next().expect("a question");
    assert_eq!(q.stem.get_or_first("nl"), "Café “quoted”?");
    assert_eq!(q.options.len(), 2);
}

#[test]
fn attachment_names_never_leave_the_bank() {
    let dir = temp_dir("import-attachments").join("bank");
    let (code, stderr) = import(&[&fixture("hostile/attachment-names.xml")], &dir, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("`x.png`") && stderr.contains("`passwd`"),
        "{stderr}"
    );
    let files = snapshot(dir.parent().expect("parent"));
    assert!(files.keys().all(|p| p.starts_with(&dir)), "{files:?}");
    let bank = load(&dir);
    let (category, topic, q) = bank.questions().next().expect("a question");
    assert_eq!(
        q.stem.get_or_first("en"),
        "Look: ![x](x.png) and ![](passwd)"
    );
    // The files land beside the question file, under their last name part.
    let folder = dir.join(&category.slug).join(&topic.slug);
    assert_eq!(
        fs::read(folder.join("x.png")).ok().as_deref(),
        Some(&b"\x89PNG\r\n\x1a\n"[..])
    );
    assert_eq!(
        fs::read(folder.join("passwd")).ok().as_deref(),
        Some(&b"root"[..])
    );
}

#[test]
fn moodle_attachments_are_written_beside_their_question_with_their_bytes() {
    // The multichoice question of the Moodle reference with a real PNG as `dot.png`, and a
    // second question attaching another `dot.png` and `../../con.png`.
    let dir = temp_dir("import-moodle-dot").join("bank");
    let (code, stderr) = import(&[&fixture("moodle-dot.xml")], &dir, &[]);
    assert_eq!(code, 1, "the renamed files are a change:\n{stderr}");
    assert!(
        stderr.contains("`dot.png` is written as `dot-2.png`")
            && stderr.contains("`../../con.png` is written as `_con.png`"),
        "{stderr}"
    );
    let dot = fs::read(workspace_root().join("tests/fixtures/media-bank/media/dot.png"))
        .expect("the PNG the fixture embeds");
    let red = fs::read(workspace_root().join("tests/fixtures/media-bank/media/red.png"))
        .expect("the other PNG");
    let bank = load(&dir);
    let questions: Vec<_> = bank.questions().collect();
    let (category, topic, first) = questions[0];
    let folder = dir.join(&category.slug).join(&topic.slug);
    assert_eq!(fs::read(folder.join("dot.png")).ok(), Some(dot));
    assert_eq!(fs::read(folder.join("dot-2.png")).ok(), Some(red.clone()));
    assert_eq!(fs::read(folder.join("_con.png")).ok(), Some(red));
    assert_eq!(
        first.stem.get_or_first("en"),
        "Wat is de eenheid? ![](dot.png)"
    );
    let second = questions[1].2;
    assert_eq!(
        second.stem.get_or_first("en"),
        "Welke kleur heeft de stip? ![een stip](dot-2.png)"
    );
    assert_eq!(
        second.explanation.as_ref().map(|e| e.get_or_first("en")),
        Some("Rood: ![nog een stip](_con.png)")
    );
    // Nothing outside the bank.
    let files = snapshot(dir.parent().expect("parent"));
    assert!(files.keys().all(|p| p.starts_with(&dir)), "{files:?}");
}

#[test]
fn a_50_mb_file_ends_in_a_clear_report() {
    let tmp = temp_dir("import-50mb");
    let file = tmp.join("big.xml");
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n<question type=\"multichoice\"><name><text>Big</text></name><questiontext format=\"html\"><text><![CDATA[<p>",
    );
    while xml.len() < 50 * 1024 * 1024 {
        xml.push_str("many words of a very long question text ");
    }
    xml.push_str("</p>]]></text></questiontext><answer fraction=\"100\"><text>a</text></answer><answer fraction=\"0\"><text>b</text></answer></question>\n<question type=\"essay\"><name><text>Essay</text></name></question>\n</quiz>\n");
    fs::write(&file, &xml).expect("written");
    let dir = tmp.join("bank");
    let (code, stderr) = import(&[&file], &dir, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("more than the 512 KiB a question may"),
        "{stderr}"
    );
    assert!(stderr.contains("Nothing imported"), "{stderr}");
    assert!(!dir.exists());
}

#[test]
fn usage_errors_exit_2() {
    let tmp = temp_dir("import-usage");
    let file = tmp.join("mystery.dat");
    fs::write(&file, b"\x00\x01 nothing anyone wrote").expect("written");
    let (code, stderr) = import(&[&file], &tmp.join("bank"), &[]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("cannot tell the format") && stderr.contains("--from"),
        "{stderr}"
    );
    let (code, stderr) = import(&[&tmp.join("missing.xml")], &tmp.join("bank"), &[]);
    assert_eq!(code, 2);
    assert!(stderr.contains("missing.xml"), "{stderr}");
    let (code, stderr) = import(
        &[&fixture("moodle-multichoice.xml")],
        &tmp.join("bank"),
        &["--lang", "English"],
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("not a language code"), "{stderr}");
    assert!(!tmp.join("bank").exists());
}

/// A file whose texts do not say their language, imported without `--lang`: its common words
/// decide (Dutch, then German here), the report says so, and `--lang` still decides over them.
#[test]
fn the_language_of_a_file_comes_from_its_words_unless_lang_is_given() {
    let tmp = temp_dir("import-language");
    let gift = tmp.join("vragen.gift");
    fs::write(
        &gift,
        "::Weerstand::Welke eenheid gebruik je voor de elektrische weerstand van een draad?\
         {=ohm ~volt ~ampère}\n\n\
         ::Spanning::Wat meet je met een voltmeter die je parallel aan een lamp zet?\
         {~de stroom =de spanning ~het vermogen}\n",
    )
    .expect("write the GIFT file");
    let dir = tmp.join("guessed");
    let (code, stderr) = import(&[&gift], &dir, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("the texts are in Dutch (`nl`), as their words say"),
        "{stderr}"
    );
    assert_eq!(load(&dir).config.default_language(), "nl");
    let dir = tmp.join("chosen");
    let (code, stderr) = import(&[&gift], &dir, &["--lang", "en"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("as their words say"), "{stderr}");
    assert_eq!(load(&dir).config.default_language(), "en");
    // German has "die" and "wie" in common with Dutch: they count for neither.
    let gift = tmp.join("fragen.gift");
    fs::write(
        &gift,
        "::Widerstand::Welche Einheit wird für den elektrischen Widerstand eines Drahtes \
         verwendet, und wie misst man ihn?{=Ohm ~Volt ~Ampere}\n\n\
         ::Spannung::Was misst ein Voltmeter, das man parallel zu einer Lampe schaltet? Die \
         Antwort ist nicht der Strom.{~den Strom =die Spannung ~die Leistung}\n",
    )
    .expect("write the GIFT file");
    let dir = tmp.join("german");
    let (code, stderr) = import(&[&gift], &dir, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("the texts are in German (`de`), as their words say"),
        "{stderr}"
    );
    assert_eq!(load(&dir).config.default_language(), "de");
}

/// Excel's "Unicode text" (UTF-16LE with its byte order mark, tab-separated, named `.txt`):
/// read as a spreadsheet without `--from`, and its language guessed from the decoded text.
#[test]
fn excel_unicode_text_is_read_as_a_spreadsheet() {
    let tmp = temp_dir("import-utf16");
    let sheet = tmp.join("klimaat.txt");
    let rows = "id\tstem\tA\tB\tC\tanswer\r\n\
                k-1\tWelk klimaat heeft Nederland volgens de indeling van Köppen?\tCfb\tCsa\tDfb\tA\r\n\
                k-2\tWat is de oorzaak van de seizoenen op de aarde? Het is niet de afstand tot de zon.\tDe stand van de aardas\tDe afstand tot de zon\tDe zonnevlekken\tA\r\n";
    let bytes: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(rows.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    fs::write(&sheet, bytes).expect("write the sheet");
    let dir = tmp.join("bank");
    let (code, stderr) = import(&[&sheet], &dir, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("Windows-1252"), "{stderr}");
    assert!(
        stderr.contains("the texts are in Dutch (`nl`), as their words say"),
        "{stderr}"
    );
    let bank = load(&dir);
    assert_eq!(bank.question_count(), 2);
    let (_, _, q) = bank.questions().next().expect("a question");
    assert_eq!(
        q.stem.get_or_first("nl"),
        "Welk klimaat heeft Nederland volgens de indeling van Köppen?"
    );
}
