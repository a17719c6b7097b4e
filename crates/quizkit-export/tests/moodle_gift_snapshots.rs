//! The Moodle XML and GIFT of a small fixture bank, snapshotted so that every change to either
//! format is reviewed (`cargo insta review`).

mod support;

use quizkit_export::{LangChoice, Options, Output, gift, moodle};

fn options(lang: LangChoice) -> Options {
    Options {
        lang,
        ..Options::default()
    }
}

fn text(output: &Output) -> String {
    let [file] = output.files.as_slice() else {
        panic!("one file expected, got {}", output.files.len());
    };
    String::from_utf8(file.bytes.clone()).expect("UTF-8 output")
}

fn warnings(output: &Output) -> String {
    output
        .warnings
        .iter()
        .map(|w| match &w.question {
            Some(q) => format!("{q}: {}\n", w.message),
            None => format!("{}\n", w.message),
        })
        .collect()
}

#[test]
fn moodle_xml_in_the_default_language() {
    let out = moodle::export(&support::fixture_bank(), &options(LangChoice::Default))
        .expect("the fixture exports");
    assert_eq!(out.files[0].path, "moodle.xml");
    insta::assert_snapshot!("moodle_nl", text(&out));
    insta::assert_snapshot!("moodle_nl_warnings", warnings(&out));
}

#[test]
fn moodle_xml_in_every_language() {
    let out = moodle::export(&support::fixture_bank(), &options(LangChoice::All))
        .expect("the fixture exports");
    insta::assert_snapshot!("moodle_all", text(&out));
}

#[test]
fn gift_in_english() {
    let out = gift::export(
        &support::fixture_bank(),
        &options(LangChoice::One("en".into())),
    )
    .expect("the fixture exports");
    assert_eq!(out.files[0].path, "gift.txt");
    insta::assert_snapshot!("gift_en", text(&out));
    insta::assert_snapshot!("gift_en_warnings", warnings(&out));
}

#[test]
fn gift_in_every_language() {
    let out = gift::export(&support::fixture_bank(), &options(LangChoice::All))
        .expect("the fixture exports");
    insta::assert_snapshot!("gift_all", text(&out));
}

#[test]
fn the_same_bank_gives_the_same_bytes() {
    let bank = support::fixture_bank();
    for target in ["json", "moodle", "gift"] {
        let target = quizkit_export::target(target).expect("a target");
        let a = (target.export)(&bank, &options(LangChoice::All)).expect("exports");
        let b =
            (target.export)(&support::fixture_bank(), &options(LangChoice::All)).expect("exports");
        assert_eq!(a, b, "{} output differs between two runs", target.name);
    }
}
