//! Runs every line of `tests/corpus.txt`: claims hold or fail (with the expected hint),
//! expressions display as expected, errors carry the expected code.

use miette::Diagnostic;
use quizkit_quantity::{Error, HintKind, Options, check, eval};

mod common;
use common::corpus;

fn code(e: &Error) -> String {
    e.code().map(|c| c.to_string()).unwrap_or_default()
}

fn hint_name(k: HintKind) -> &'static str {
    match k {
        HintKind::BitsVsBytes => "bits-vs-bytes",
        HintKind::BinaryPrefix { .. } => "binary-prefix",
        HintKind::PrefixSlip { .. } => "prefix-slip",
        HintKind::FactorTwo => "factor-two",
    }
}

#[test]
fn corpus_lines_behave_as_annotated() {
    let opts = Options::default();
    let mut failures = Vec::new();
    let cases = corpus();
    assert!(cases.len() > 150, "corpus too small: {}", cases.len());
    for (line, input, expect) in &cases {
        let got = if expect == "holds" || expect.starts_with("fails") {
            match check(input, &opts) {
                Ok(o) if o.holds => "holds".to_string(),
                Ok(o) => match o.hint() {
                    Some(h) if expect != "fails" => format!("fails {}", hint_name(h.kind)),
                    Some(h) => format!("fails (hint {})", hint_name(h.kind)),
                    None => "fails".to_string(),
                },
                Err(e) => format!("error {e}"),
            }
        } else if let Some(c) = expect.strip_prefix("claim error ") {
            match check(input, &opts) {
                Err(e) if code(&e) == format!("quizkit::quantity::{c}") => expect.clone(),
                Err(e) => format!("claim error {} ({e})", code(&e)),
                Ok(o) => format!("ok: {o}"),
            }
        } else if let Some(c) = expect.strip_prefix("error ") {
            match eval(input) {
                Err(e) if code(&e) == format!("quizkit::quantity::{c}") => expect.clone(),
                Err(e) => format!("error {} ({e})", code(&e)),
                Ok(q) => format!("ok: {q}"),
            }
        } else {
            match eval(input) {
                Ok(q) => q.to_string(),
                Err(e) => format!("error {e}"),
            }
        };
        if &got != expect {
            failures.push(format!(
                "line {line}: `{input}`\n  expected: {expect}\n  got:      {got}"
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}\n", failures.join("\n"));
}
