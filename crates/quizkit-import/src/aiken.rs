//! Aiken, read as Moodle 4.5's `qformat_aiken` reads it: a question on one line, its options
//! on the lines after it, each starting with a capital letter and `.` or `)` (`A. text`,
//! `B) text`, `C)text`), then `ANSWER: B`, whose letter names an option by position (`A` the
//! first). Lines are trimmed, and lines shorter than two characters skipped. Any other line
//! starts a new question; a question still open then is incomplete, and is reported and left
//! out, as Moodle reports it. So are an option before any question, an answer letter that
//! names no option, and a question with fewer than two options. Lower-case option letters
//! (`a)`) and a mixed-case `Answer:` are not Aiken: Moodle reads each such line as a new
//! question, and the report says why. Texts are plain text.

use std::ops::Range;

use quizkit_model::{Choice, Severity, Spanned};

use crate::build::{self, Notes, Parts};
use crate::decode::{self, Fallback};
use crate::html::TextFormat;
use crate::{Item, Options, Parsed, diag};

/// How sure it is that `text` is Aiken.
pub fn sniff(text: &str) -> u8 {
    let mut options = 0;
    for line in text.lines().take(400) {
        let t = line.trim();
        if t.starts_with("ANSWER:") && options >= 2 {
            return 3;
        }
        if is_option(t) {
            options += 1;
        }
    }
    0
}

/// `^[A-Z][).]`: Moodle's pattern, whose space after the label is optional.
fn is_option(line: &str) -> bool {
    let b = line.as_bytes();
    b.len() >= 2 && b[0].is_ascii_uppercase() && matches!(b[1], b'.' | b')')
}

/// Why a line that starts a new question may have been meant otherwise.
fn hint(line: &str) -> Option<String> {
    let b = line.as_bytes();
    if b.len() >= 2 && b[0].is_ascii_lowercase() && matches!(b[1], b'.' | b')') {
        return Some(format!(
            "`{}` is not an option label: Moodle takes only capital letters, as `A.` or `A)`",
            &line[..2]
        ));
    }
    if line.len() >= 7 && line.is_char_boundary(7) && line[..7].eq_ignore_ascii_case("ANSWER:") {
        return Some(format!(
            "`{}` is not an answer line: Moodle takes only `ANSWER:` in capitals",
            &line[..7]
        ));
    }
    None
}

struct Open {
    stem: String,
    span: Range<usize>,
    options: Vec<(char, String)>,
    /// Why its first line may not have been meant as a question.
    hint: Option<String>,
}

/// Imports an Aiken file.
pub fn import(bytes: Vec<u8>, options: &Options) -> Parsed {
    let (text, note) = decode::text(bytes, Fallback::Windows1252, "Aiken file", options);
    let mut parsed = Parsed {
        diagnostics: note.into_iter().collect(),
        ..Parsed::default()
    };
    let mut open: Option<Open> = None;
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let line_span = {
            let content = raw.trim_end_matches('\n');
            let lead = content.len() - content.trim_start().len();
            offset + lead..offset + content.trim_end().len()
        };
        offset += raw.len();
        let line = raw.trim();
        if line.chars().count() < 2 {
            continue;
        }
        if is_option(line) {
            match &mut open {
                Some(q) => {
                    let letter = char::from(line.as_bytes()[0]);
                    q.options.push((letter, line[2..].trim().to_owned()));
                }
                None => warn(
                    &mut parsed,
                    options,
                    line_span,
                    "an option before any question; left out".to_owned(),
                    "an Aiken question starts with its text on a line of its own",
                ),
            }
        } else if let Some(rest) = line.strip_prefix("ANSWER:") {
            match open.take() {
                Some(q) => finish(q, rest.trim(), line_span, options, &mut parsed),
                None => warn(
                    &mut parsed,
                    options,
                    line_span,
                    "`ANSWER:` before any question; left out".to_owned(),
                    "an Aiken question is its text, its options, then `ANSWER:`",
                ),
            }
        } else {
            if let Some(q) = open.take() {
                let name = build::short_name(&q.stem);
                let mut why = format!(
                    "question `{name}` skipped: a new question starts before its `ANSWER:` line"
                );
                if let Some(h) = hint(line) {
                    why.push_str(&format!(" ({h})"));
                }
                build::skip(
                    &mut parsed,
                    options,
                    q.span,
                    "incomplete",
                    &name,
                    why,
                    "end every question with a line `ANSWER: <letter>`, and write options as `A. text` or `A) text`",
                );
            }
            open = Some(Open {
                stem: line.to_owned(),
                span: line_span,
                options: Vec::new(),
                hint: hint(line),
            });
        }
    }
    if let Some(q) = open {
        let name = build::short_name(&q.stem);
        build::skip(
            &mut parsed,
            options,
            q.span,
            "incomplete",
            &name,
            format!("question `{name}` skipped: the file ends before its `ANSWER:` line"),
            "end every question with a line `ANSWER: <letter>`",
        );
    }
    parsed.text = text;
    parsed
}

fn warn(parsed: &mut Parsed, options: &Options, span: Range<usize>, message: String, help: &str) {
    parsed.diagnostics.push(
        diag("I002", Severity::Warning, options, span, message)
            .with_label("this line")
            .with_help(help.to_owned()),
    );
}

fn finish(
    q: Open,
    answer: &str,
    answer_span: Range<usize>,
    options: &Options,
    parsed: &mut Parsed,
) {
    let name = build::short_name(&q.stem);
    if q.options.len() < 2 {
        let mut why = format!(
            "question `{name}` skipped: it has {} option(s); Moodle needs at least 2",
            q.options.len()
        );
        if let Some(h) = &q.hint {
            why.push_str(&format!(" ({h})"));
        }
        build::skip(
            parsed,
            options,
            q.span.start..answer_span.end,
            "incomplete",
            &name,
            why,
            "give the question at least two options",
        );
        return;
    }
    let letter = answer.chars().next();
    // The letter names an option by position, whatever the options' own labels.
    let index = letter
        .filter(char::is_ascii_uppercase)
        .map(|l| (l as u8 - b'A') as usize)
        .filter(|&i| i < q.options.len());
    let span = q.span.start..answer_span.end;
    let Some(index) = index else {
        let letters: String = q.options.iter().map(|(l, _)| *l).collect();
        build::skip(
            parsed,
            options,
            answer_span,
            "unanswerable",
            &name,
            format!(
                "question `{name}` skipped: `ANSWER: {answer}` names no option (its options are {})",
                letters
                    .chars()
                    .map(String::from)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            "write the letter of the correct option after `ANSWER:`",
        );
        return;
    };
    let mut notes = Notes::default();
    let lang = options.lang.as_str();
    let choices: Vec<Spanned<Choice>> = q
        .options
        .iter()
        .map(|(_, text)| {
            build::choice(
                build::convert(text, TextFormat::Plain, lang, &mut notes),
                None,
            )
        })
        .collect();
    let stem = build::convert(&q.stem, TextFormat::Plain, lang, &mut notes);
    build::push_item(
        parsed,
        options,
        Item {
            path: Vec::new(),
            source_id: None,
            name: None,
            question: build::question(Parts {
                stem,
                options: choices,
                key: vec![index],
                multiple: false,
                explanation: None,
                tags: Vec::new(),
                shuffle: None,
            }),
            span,
            media: Vec::new(),
        },
        "multichoice",
        &name,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moodles_example() {
        let text = "What is the correct answer to this question?\nA. Is it this one?\nB. Maybe this answer?\nC. Possibly this one?\nD. Must be this one!\nANSWER: D\n\nWhich LMS has the most quiz import formats?\nA) Moodle\nB) ATutor\nC) Claroline\nD) Blackboard\nE) WebCT\nF) Ilias\nANSWER: A\n";
        let p = import(text.as_bytes().to_vec(), &Options::default());
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        assert_eq!(p.items.len(), 2);
        assert_eq!(p.items[0].question.key_indices(), vec![3]);
        assert_eq!(p.items[1].question.options.len(), 6);
        assert_eq!(
            p.items[1].question.options[0].text.get("en"),
            Some("Moodle")
        );
    }

    #[test]
    fn an_answer_pointing_nowhere_and_lowercase_options_are_reported() {
        let text = "Q1?\nA. x\nB. y\nANSWER: E\n\nQ2?\na) x\nb) y\nANSWER: A\n";
        let p = import(text.as_bytes().to_vec(), &Options::default());
        assert!(p.items.is_empty());
        // As Moodle reads it: `Q2?`, `a) x` and `b) y` each start a question, and the last
        // has no options.
        assert_eq!(p.skipped.len(), 4, "{:?}", p.diagnostics);
        assert!(p.diagnostics[0].message.contains("names no option"));
        for d in &p.diagnostics[1..] {
            assert!(d.message.contains("capital letters"), "{}", d.message);
        }
    }
}
