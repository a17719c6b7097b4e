//! The QTI 2.1 and Canvas packages of the small fixture bank, snapshotted file by file so that
//! every change to either format is reviewed (`cargo insta review`). The real consumers
//! (xmllint with the XSDs, pyslet, text2qti) are in `tests/tests/qti.rs` and `canvas.rs`.

mod support;

use std::io::Read;

use quizkit_export::{LangChoice, Options, canvas, qti};

/// Every file of the one zip in `output`, in zip order, as `== path ==` and the text.
fn package(output: &quizkit_export::Output) -> String {
    let [file] = output.files.as_slice() else {
        panic!("one file expected, got {}", output.files.len());
    };
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(file.bytes.as_slice())).expect("a zip");
    let mut out = String::new();
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).expect("an entry");
        let mut text = String::new();
        entry.read_to_string(&mut text).expect("UTF-8");
        out.push_str(&format!("== {} ==\n{text}", entry.name().expect("a name")));
    }
    out
}

fn options(lang: LangChoice) -> Options {
    Options {
        lang,
        timestamp: 1_800_000_000,
        ..Options::default()
    }
}

#[test]
fn qti_package_in_english() {
    let out = qti::export(
        &support::fixture_bank(),
        &options(LangChoice::One("en".into())),
    )
    .expect("the fixture exports");
    assert_eq!(out.files[0].path, "qti.zip");
    insta::assert_snapshot!("qti_en", package(&out));
}

#[test]
fn canvas_package_in_english() {
    let out = canvas::export(
        &support::fixture_bank(),
        &options(LangChoice::One("en".into())),
    )
    .expect("the fixture exports");
    assert_eq!(out.files[0].path, "canvas.zip");
    insta::assert_snapshot!("canvas_en", package(&out));
}

#[test]
fn the_same_bank_gives_the_same_package_bytes() {
    for export in [qti::export, canvas::export] {
        let a = export(&support::fixture_bank(), &options(LangChoice::All)).expect("exports");
        let b = export(&support::fixture_bank(), &options(LangChoice::All)).expect("exports");
        assert_eq!(a, b);
    }
}
