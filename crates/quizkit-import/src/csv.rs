//! Spreadsheets saved as CSV or TSV: a header row naming the columns, then one question a
//! row.
//!
//! The columns understood are `id`, `category`, `topic`, `stem`, the options `A` to `Z`,
//! `answer`, `explanation`, `feedback_A` to `feedback_Z`, `tags` and `difficulty` (`easy`,
//! `medium`, `hard`, or Dutch `makkelijk`, `gemiddeld`, `moeilijk`); a text column may name
//! its language (`stem.nl`, `A.en`, `explanation.nl`), else it is in the language of
//! [`Options::lang`]. Names are matched without regard to case, `question` is taken for
//! `stem` and `key` for `answer`, and [`Options::columns`] maps other headers (`Vraag` →
//! `stem`). A column whose header maps to nothing is left out with a warning that lists the
//! columns understood (a spreadsheet often keeps columns of its own); a file
//! without a `stem` or an `answer` column is an error.
//!
//! The separator is whichever of `,`, `;` and tab the header row uses most (Excel writes `;`
//! where the decimal separator is a comma); quoted fields may hold separators, quotes (`""`)
//! and line breaks; a UTF-8 byte order mark is dropped, and a file that is not UTF-8 is read
//! as Windows-1252 with a warning. The answer is a letter (`B`), several letters for a
//! multiple-response question (`A,C`), or the text of the correct option. A row with another
//! number of fields than the header, a blank stem, fewer than two options or an answer that
//! names no option is skipped and reported at its line.

use std::collections::BTreeMap;
use std::ops::Range;

use quizkit_model::{Difficulty, Severity, index_letter, letter_index};

use crate::build::{self, Notes, Parts};
use crate::decode::{self, Fallback};
use crate::html::TextFormat;
use crate::{Item, Options, Parsed, diag};

/// What a column holds.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Column {
    Id,
    Category,
    Topic,
    Stem(Option<String>),
    Option(usize, Option<String>),
    Answer,
    Explanation(Option<String>),
    Feedback(usize, Option<String>),
    Tags,
    Difficulty,
    /// A column quizkit does not understand, at this place in the header: left out.
    LeftOut(usize),
}

/// The column names understood, for the error message.
pub const COLUMNS: &[&str] = &[
    "id",
    "category",
    "topic",
    "stem",
    "A … Z",
    "answer",
    "explanation",
    "feedback_A … feedback_Z",
    "tags",
    "difficulty",
];

fn column(name: &str) -> Option<Column> {
    let name = name.trim();
    let (base, lang) = match name.rsplit_once('.') {
        Some((b, l))
            if (2..=3).contains(&l.split('-').next().unwrap_or("").len())
                && l.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') =>
        {
            (b, crate::multilang::normalize_lang(l))
        }
        _ => (name, None),
    };
    let lower = base.to_ascii_lowercase();
    let text_column = |c: Column| Some(c);
    let plain = |c: Column| lang.is_none().then_some(c);
    match lower.as_str() {
        "id" => plain(Column::Id),
        "category" => plain(Column::Category),
        "topic" => plain(Column::Topic),
        "stem" | "question" => text_column(Column::Stem(lang)),
        "answer" | "key" => plain(Column::Answer),
        "explanation" => text_column(Column::Explanation(lang)),
        "tags" => plain(Column::Tags),
        "difficulty" => plain(Column::Difficulty),
        _ => {
            if let Some(i) = option_letter(base) {
                return Some(Column::Option(i, lang));
            }
            let rest = lower
                .strip_prefix("feedback_")
                .or_else(|| lower.strip_prefix("feedback "))?;
            let i = option_letter(&rest.to_ascii_uppercase())?;
            Some(Column::Feedback(i, lang))
        }
    }
}

fn option_letter(s: &str) -> Option<usize> {
    let s = s.trim();
    let upper = s.to_ascii_uppercase();
    if s.len() == 1 {
        return letter_index(&upper);
    }
    None
}

/// How sure it is that `text` is a spreadsheet with a header quizkit understands.
pub fn sniff(text: &str) -> u8 {
    let Some(header) = text.lines().next() else {
        return 0;
    };
    let sep = separator(header);
    let cells: Vec<&str> = header.split(char::from(sep)).collect();
    if cells.len() < 3 {
        return 0;
    }
    let known = cells
        .iter()
        .filter(|c| column(c.trim().trim_matches('"')).is_some())
        .count();
    if known * 2 >= cells.len()
        && cells.iter().any(|c| {
            let c = c.trim().trim_matches('"').to_ascii_lowercase();
            c.starts_with("stem") || c.starts_with("question")
        })
    {
        3
    } else {
        1
    }
}

/// The separator the header row uses most, outside quotes.
fn separator(header: &str) -> u8 {
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for b in header.bytes() {
        match b {
            b'"' => quoted = !quoted,
            b',' if !quoted => counts[0] += 1,
            b';' if !quoted => counts[1] += 1,
            b'\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let seps = [b',', b';', b'\t'];
    let mut best = 0;
    for i in 1..3 {
        if counts[i] > counts[best] {
            best = i;
        }
    }
    seps[best]
}

/// Imports a CSV or TSV file.
pub fn import(bytes: Vec<u8>, options: &Options) -> Parsed {
    let (text, note) = decode::text(bytes, Fallback::Windows1252, "spreadsheet file", options);
    let mut parsed = Parsed {
        diagnostics: note.into_iter().collect(),
        ..Parsed::default()
    };
    let header_line = text.lines().next().unwrap_or("");
    let sep = separator(header_line);
    let mut reader = ::csv::ReaderBuilder::new()
        .delimiter(sep)
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = match records.next() {
        Some(Ok(h)) => h,
        Some(Err(e)) => {
            unreadable(
                &mut parsed,
                options,
                &e,
                text.len(),
                "the header row cannot be read",
            );
            parsed.text = text;
            return parsed;
        }
        None => {
            parsed.diagnostics.push(
                diag(
                    "I001",
                    Severity::Error,
                    options,
                    0..0,
                    "the file is empty: no header row",
                )
                .with_help(format!(
                    "the first row names the columns: {}",
                    COLUMNS.join(", ")
                )),
            );
            parsed.text = text;
            return parsed;
        }
    };
    let header_start = header.position().map_or(0, |p| p.byte() as usize);
    let mut columns: Vec<Column> = Vec::new();
    let mut left_out: Vec<String> = Vec::new();
    let mut cell_at = header_start;
    for (i, name) in header.iter().enumerate() {
        let mapped = options
            .columns
            .iter()
            .find(|(from, _)| from.trim().eq_ignore_ascii_case(name.trim()))
            .map_or(name, |(_, to)| to.as_str());
        let span = find_cell(&text, cell_at, name);
        cell_at = span.end;
        match column(mapped) {
            Some(c) if !columns.contains(&c) => columns.push(c),
            Some(_) => {
                parsed.diagnostics.push(
                    diag(
                        "I001",
                        Severity::Error,
                        options,
                        span,
                        format!("the column `{name}` comes twice"),
                    )
                    .with_label("again here")
                    .with_help("name each column once"),
                );
            }
            None if name.trim().is_empty() => {
                parsed.diagnostics.push(
                    diag(
                        "I001",
                        Severity::Error,
                        options,
                        span,
                        format!("column {} has no name", i + 1),
                    )
                    .with_label("this header")
                    .with_help(format!(
                        "name it, or delete the column. The columns understood are {}",
                        COLUMNS.join(", ")
                    )),
                );
            }
            None => {
                columns.push(Column::LeftOut(i));
                left_out.push(format!("`{}`", name.trim()));
                parsed.diagnostics.push(
                    diag(
                        "I007",
                        Severity::Warning,
                        options,
                        span,
                        format!(
                            "the column `{}` is not one quizkit understands; its cells are left out",
                            name.trim()
                        ),
                    )
                    .with_label("this header")
                    .with_help(format!(
                        "if it holds something quizkit reads, rename it or map it with `--columns \"{}=COLUMN\"`; delete it to leave it out without this warning. The columns understood are {}; a text column may name its language, as `stem.nl`",
                        name.trim(),
                        COLUMNS.join(", ")
                    )),
                );
            }
        }
    }
    if !parsed.failed() {
        let has_stem = columns.iter().any(|c| matches!(c, Column::Stem(_)));
        let has_answer = columns.contains(&Column::Answer);
        if !has_stem || !has_answer {
            let missing = if has_stem { "answer" } else { "stem" };
            let unknown = if left_out.is_empty() {
                String::new()
            } else {
                format!(
                    "the header names columns quizkit does not understand: {} (map one with `--columns \"NAME={missing}\"`); ",
                    left_out.join(", ")
                )
            };
            parsed.diagnostics.push(
                diag(
                    "I001",
                    Severity::Error,
                    options,
                    header_start..header_start + header_line.len(),
                    format!("the header row has no `{missing}` column"),
                )
                .with_label("the header row")
                .with_help(format!(
                    "{unknown}the columns understood are {}",
                    COLUMNS.join(", ")
                )),
            );
        }
    }
    if parsed.failed() {
        parsed.text = text;
        return parsed;
    }
    for record in records {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                unreadable(
                    &mut parsed,
                    options,
                    &e,
                    text.len(),
                    "the file cannot be read as CSV",
                );
                break;
            }
        };
        let start = record
            .position()
            .map_or(0, |p| p.byte() as usize)
            .min(text.len());
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let span = start..end;
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        if record.len() != columns.len() {
            let name = record.iter().next().unwrap_or("").to_owned();
            build::skip(
                &mut parsed,
                options,
                span,
                "ragged row",
                &build::short_name(&name),
                format!(
                    "this row has {} fields where the header has {}; skipped",
                    record.len(),
                    columns.len()
                ),
                "give every row as many fields as the header (a separator inside a text needs the text in quotes)",
            );
            continue;
        }
        let cells: Vec<(&Column, &str)> = columns.iter().zip(record.iter()).collect();
        row(&cells, span, options, &mut parsed);
    }
    parsed.text = text;
    parsed
}

fn unreadable(parsed: &mut Parsed, options: &Options, e: &::csv::Error, len: usize, what: &str) {
    let at = e.position().map_or(0, |p| p.byte() as usize).min(len);
    parsed.fail(
        options,
        at..at,
        format!("{what}: {e}"),
        "save the spreadsheet as CSV (UTF-8) again",
    );
}

/// Where the header cell `name` is, searching from `from`.
fn find_cell(text: &str, from: usize, name: &str) -> Range<usize> {
    let from = from.min(text.len());
    match text[from..].find(name) {
        Some(i) if !name.is_empty() => from + i..from + i + name.len(),
        _ => from..from,
    }
}

fn row(cells: &[(&Column, &str)], span: Range<usize>, options: &Options, parsed: &mut Parsed) {
    let lang = options.lang.as_str();
    let get = |c: &Column| cells.iter().find(|(k, _)| *k == c).map(|(_, v)| v.trim());
    // Texts by column kind, each language's entry in column order.
    let mut stem: Vec<(String, String)> = Vec::new();
    let mut explanation: Vec<(String, String)> = Vec::new();
    let mut opts: BTreeMap<usize, Vec<(String, String)>> = BTreeMap::new();
    let mut feedback: BTreeMap<usize, Vec<(String, String)>> = BTreeMap::new();
    let lang_of = |l: &Option<String>| l.clone().unwrap_or_else(|| lang.to_owned());
    for (column, value) in cells {
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        match column {
            Column::Stem(l) => stem.push((lang_of(l), value.to_owned())),
            Column::Explanation(l) => explanation.push((lang_of(l), value.to_owned())),
            Column::Option(i, l) => opts
                .entry(*i)
                .or_default()
                .push((lang_of(l), value.to_owned())),
            Column::Feedback(i, l) => feedback
                .entry(*i)
                .or_default()
                .push((lang_of(l), value.to_owned())),
            _ => {}
        }
    }
    let name = build::short_name(stem.first().map_or("", |(_, t)| t));
    let skip = |parsed: &mut Parsed, kind: &str, why: String, help: &str| {
        build::skip(parsed, options, span.clone(), kind, &name, why, help);
    };
    if stem.is_empty() {
        skip(
            parsed,
            "incomplete",
            "a row with no stem; skipped".to_owned(),
            "write the question in the `stem` column",
        );
        return;
    }
    if opts.len() < 2 {
        skip(
            parsed,
            "incomplete",
            format!(
                "question `{name}` skipped: it has {} option(s); a multiple-choice question needs at least 2",
                opts.len()
            ),
            "write the options in the columns A, B, C…",
        );
        return;
    }
    let answer = get(&Column::Answer).unwrap_or("");
    let letters: Vec<usize> = opts.keys().copied().collect();
    let key = match key(answer, &opts, lang) {
        Some(k) => k,
        None => {
            let named: Vec<String> = letters
                .iter()
                .map(|&i| index_letter(i).to_string())
                .collect();
            skip(
                parsed,
                "unanswerable",
                if answer.is_empty() {
                    format!("question `{name}` skipped: its answer is empty")
                } else {
                    format!(
                        "question `{name}` skipped: the answer `{answer}` names no option (its options are {})",
                        named.join(", ")
                    )
                },
                "write the letter of the correct option (`B`), letters for several (`A,C`), or the correct option's text",
            );
            return;
        }
    };
    let (key_indices, multiple) = key;
    let mut notes = Notes::default();
    let convert = |entries: Vec<(String, String)>, notes: &mut Notes| {
        let mut parts = entries
            .into_iter()
            .map(|(l, t)| build::convert(&t, TextFormat::Markdown, &l, notes));
        let mut text = parts.next().unwrap_or_default();
        for more in parts {
            text.entries.extend(more.entries);
        }
        text
    };
    // Options in letter order, renumbered without gaps; the key follows them.
    let mut choices = Vec::new();
    let mut new_index = BTreeMap::new();
    for (i, (&letter, entries)) in opts.iter().enumerate() {
        new_index.insert(letter, i);
        let fb = feedback.remove(&letter).map(|f| convert(f, &mut notes));
        choices.push(build::choice(convert(entries.clone(), &mut notes), fb));
    }
    let key_indices: Vec<usize> = key_indices
        .iter()
        .filter_map(|k| new_index.get(k).copied())
        .collect();
    let tags: Vec<String> = get(&Column::Tags)
        .unwrap_or("")
        .split([',', ';', '|', ' '])
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect();
    let path: Vec<String> = [get(&Column::Category), get(&Column::Topic)]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    let mut question = build::question(Parts {
        stem: convert(stem, &mut notes),
        options: choices,
        key: key_indices,
        multiple,
        explanation: (!explanation.is_empty()).then(|| convert(explanation, &mut notes)),
        tags,
        shuffle: None,
    });
    if let Some(value) = get(&Column::Difficulty).filter(|v| !v.is_empty()) {
        match difficulty(value) {
            Some(d) => question.difficulty = Some(build::s(d)),
            None => parsed.diagnostics.push(
                diag(
                    "I003",
                    Severity::Info,
                    options,
                    span.clone(),
                    format!(
                        "question `{name}`: the difficulty `{value}` is not easy, medium or hard; left out"
                    ),
                )
                .with_label("this row")
                .with_help("write easy, medium or hard (makkelijk, gemiddeld, moeilijk)"),
            ),
        }
    }
    build::push_item(
        parsed,
        options,
        Item {
            path,
            source_id: get(&Column::Id)
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
            name: None,
            question,
            span,
            media: Vec::new(),
        },
        "multichoice",
        &name,
    );
}

/// A difficulty cell's value, in English or Dutch, without regard to case.
fn difficulty(value: &str) -> Option<Difficulty> {
    match value.to_lowercase().as_str() {
        "easy" | "makkelijk" | "gemakkelijk" | "eenvoudig" => Some(Difficulty::Easy),
        "medium" | "gemiddeld" | "middel" => Some(Difficulty::Medium),
        "hard" | "difficult" | "moeilijk" => Some(Difficulty::Hard),
        _ => None,
    }
}

/// The key from an answer cell: letters naming options (`B`, `A,C`, `a c`), or the text of
/// one option. The letters are the option columns' (A = 0), whether multiple response.
fn key(
    answer: &str,
    opts: &BTreeMap<usize, Vec<(String, String)>>,
    lang: &str,
) -> Option<(Vec<usize>, bool)> {
    let answer = answer.trim();
    if answer.is_empty() {
        return None;
    }
    let parts: Vec<&str> = answer
        .split([',', ';', '|', ' ', '/'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    let as_letters: Option<Vec<usize>> = parts.iter().map(|p| option_letter(p)).collect();
    if let Some(letters) = as_letters
        && !letters.is_empty()
    {
        let mut unique = letters.clone();
        unique.sort_unstable();
        unique.dedup();
        if unique.iter().all(|l| opts.contains_key(l)) {
            return Some((unique, parts.len() > 1));
        }
        // Letters that name no option: "points nowhere", unless an option's text matches.
    }
    let by_text = opts.iter().find(|(_, entries)| {
        entries.iter().any(|(l, t)| {
            (l == lang || entries.len() == 1) && t.trim().eq_ignore_ascii_case(answer)
        }) || entries
            .iter()
            .any(|(_, t)| t.trim().eq_ignore_ascii_case(answer))
    });
    by_text.map(|(&i, _)| (vec![i], false))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn import_str(s: &str) -> Parsed {
        import(s.as_bytes().to_vec(), &Options::default())
    }

    #[test]
    fn excel_style_with_bom_semicolons_and_quoted_newlines() {
        let text = "\u{feff}id;category;topic;stem;A;B;C;answer;explanation\r\nq1;Net;Basics;\"Which layer\r\nroutes?\";Link;Network;\"Transport; TCP\";B;\"IP \"\"routes\"\".\"\r\n";
        let p = import_str(text);
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        let item = &p.items[0];
        assert_eq!(item.path, vec!["Net", "Basics"]);
        assert_eq!(item.source_id.as_deref(), Some("q1"));
        let q = &item.question;
        assert_eq!(q.stem.get("en"), Some("Which layer\nroutes?"));
        assert_eq!(q.options[2].text.get("en"), Some("Transport; TCP"));
        assert_eq!(q.key_indices(), vec![1]);
        assert_eq!(
            q.explanation.as_ref().and_then(|e| e.get("en")),
            Some("IP \"routes\".")
        );
    }

    #[test]
    fn bilingual_columns_multiple_letters_and_answer_by_text() {
        let text = "stem.nl,stem.en,A.nl,A.en,B.nl,B.en,C.nl,C.en,answer\nVraag?,Question?,een,one,twee,two,drie,three,\"A,C\"\nV2?,Q2?,ja,yes,nee,no,,,no\n";
        let p = import_str(text);
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        let q = &p.items[0].question;
        assert_eq!(q.stem.get("nl"), Some("Vraag?"));
        assert_eq!(q.stem.get("en"), Some("Question?"));
        assert_eq!(q.key_indices(), vec![0, 2]);
        assert!(q.is_multiple_response());
        assert_eq!(p.items[1].question.key_indices(), vec![1]);
        assert_eq!(p.items[1].question.options.len(), 2);
    }

    #[test]
    fn an_unknown_header_lists_the_columns_understood() {
        let p = import_str("Vraag,A,B,answer\nx,y,z,A\n");
        assert!(p.failed());
        let d = &p.diagnostics[0];
        assert!(d.message.contains("`Vraag`"), "{}", d.message);
        assert!(d.help.as_deref().unwrap_or("").contains("stem"));
        let missing = &p.diagnostics[1];
        assert!(missing.message.contains("no `stem` column"));
        let help = missing.help.as_deref().unwrap_or("");
        assert!(help.contains("does not understand: `Vraag`"), "{help}");
        let mapped = import(
            b"Vraag,A,B,answer\nx,y,z,A\n".to_vec(),
            &Options {
                columns: vec![("Vraag".into(), "stem".into())],
                ..Options::default()
            },
        );
        assert!(!mapped.failed(), "{:?}", mapped.diagnostics);
        assert_eq!(mapped.items.len(), 1);
    }

    #[test]
    fn a_column_of_the_spreadsheet_s_own_is_left_out_with_a_warning_at_its_header() {
        // Dutch Excel, columns reordered and one for the teacher's own use.
        let text = "stem;A;B;answer;niveau;id\r\nHoeveel?;een;twee;B;makkelijk;q1\r\n";
        let p = import_str(text);
        assert!(!p.failed(), "{:?}", p.diagnostics);
        assert_eq!(p.diagnostics.len(), 1, "{:?}", p.diagnostics);
        let d = &p.diagnostics[0];
        assert_eq!((d.code, d.severity), ("I007", Severity::Warning));
        assert_eq!(&text[d.span.clone()], "niveau");
        assert!(d.message.contains("left out"), "{}", d.message);
        let item = &p.items[0];
        assert_eq!(item.source_id.as_deref(), Some("q1"));
        assert_eq!(item.question.key_indices(), vec![1]);
        assert_eq!(item.question.options.len(), 2);
    }

    #[test]
    fn a_difficulty_column_sets_the_question_s_difficulty_in_english_or_dutch() {
        let text = "stem,A,B,answer,Difficulty\n\
                    One?,a,b,A,Hard\n\
                    Twee?,a,b,B,makkelijk\n\
                    Three?,a,b,A,\n\
                    Four?,a,b,A,3 stars\n";
        let p = import_str(text);
        let got: Vec<_> = p
            .items
            .iter()
            .map(|i| i.question.difficulty.as_ref().map(|d| d.value))
            .collect();
        assert_eq!(
            got,
            [Some(Difficulty::Hard), Some(Difficulty::Easy), None, None]
        );
        // The value it cannot read is reported at its row, the question kept without it.
        assert_eq!(p.diagnostics.len(), 1, "{:?}", p.diagnostics);
        let d = &p.diagnostics[0];
        assert_eq!((d.code, d.severity), ("I003", Severity::Info));
        assert!(d.message.contains("`3 stars`"), "{}", d.message);
        assert!(text[d.span.clone()].starts_with("Four?"));
    }

    #[test]
    fn a_column_without_a_name_is_an_error() {
        let p = import_str("stem,,A,B,answer\nQ,x,a,b,A\n");
        assert!(p.failed());
        assert!(p.diagnostics[0].message.contains("column 2 has no name"));
    }

    #[test]
    fn ragged_rows_and_keys_pointing_nowhere_are_skipped_at_their_line() {
        let text = "stem,A,B,answer\nQ1,a,b,A,extra\nQ2,a,b,D\nQ3,a,b,B\n";
        let p = import_str(text);
        assert_eq!(p.items.len(), 1);
        assert_eq!(p.skipped.len(), 2);
        assert_eq!(&text[p.skipped[0].span.clone()], "Q1,a,b,A,extra");
        assert!(p.diagnostics[1].message.contains("names no option"));
    }
}
