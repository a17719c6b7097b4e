//! GIFT, read as Moodle 4.5's `qformat_gift` reads it (`shared/reference/moodle.md` §6).
//!
//! Questions are blocks separated by blank lines; `//` lines are comments, where `[id:…]` and
//! `[tag:…]` give the idnumber and tags; `$CATEGORY:` blocks set the category; `::title::`
//! names a question; `[html]`, `[moodle]`, `[plain]` and `[markdown]` set a text's format
//! (default `moodle`: HTML where a line break is a break), which answers and feedback inherit;
//! `\~ \= \# \{ \} \: \\ \n` are escapes. The answer block runs from the first `{` to the
//! first `}`; its type is found in Moodle's order: description (no braces), essay (`{}`),
//! numerical (`{#…}`), multiple choice (a `~`), matching (`=` and `->`), true/false (`T`,
//! `F`, `TRUE`, `FALSE`), else short answer. Multiple choice is single choice when the block
//! has an `=` anywhere; `=` is 100%, `~%50%` a weight, `#` the feedback of an answer and
//! `####` the general feedback. Files that are not UTF-8 are read as Windows-1252, with a
//! warning.

use std::ops::Range;

use quizkit_model::LocalizedText;

use crate::build::{self, Notes, Parts};
use crate::decode::{self, Fallback};
use crate::html::TextFormat;
use crate::{CategoryInfo, Item, Options, Parsed};

/// How sure it is that `text` is GIFT.
pub fn sniff(text: &str) -> u8 {
    let mut score = 0;
    for line in text.lines().take(400) {
        let t = line.trim();
        if t.starts_with("$CATEGORY:") || (t.starts_with("::") && t[2..].contains("::")) {
            return 3;
        }
        if t.contains('{') && (t.contains('~') || t.contains('=') || t.contains('}')) {
            score = 2;
        }
    }
    score
}

/// Placeholders for escaped characters while a block is taken apart (Moodle's
/// `escapedchar_pre`), each standing for the character after the backslash.
const ESCAPES: &[(char, char)] = &[
    ('\\', '\u{E010}'),
    (':', '\u{E011}'),
    ('#', '\u{E012}'),
    ('=', '\u{E013}'),
    ('{', '\u{E014}'),
    ('}', '\u{E015}'),
    ('~', '\u{E016}'),
    ('n', '\u{E017}'),
];

fn escape_pre(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(&next) = chars.peek()
            && let Some((_, placeholder)) = ESCAPES.iter().find(|(e, _)| *e == next)
        {
            out.push(*placeholder);
            chars.next();
            continue;
        }
        out.push(c);
    }
    out
}

fn escape_post(text: &str) -> String {
    text.chars()
        .map(|c| match ESCAPES.iter().find(|(_, p)| *p == c) {
            Some(('n', _)) => '\n',
            Some((e, _)) => *e,
            None => c,
        })
        .collect()
}

/// A text with an optional leading `[format]` marker (`parse_text_with_format`).
fn with_format(text: &str, default: TextFormat) -> (String, TextFormat) {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix('[')
        && let Some(end) = rest.find(']')
    {
        let format = match &rest[..end] {
            "html" => Some(TextFormat::Html),
            "moodle" => Some(TextFormat::MoodleAuto),
            "plain" => Some(TextFormat::Plain),
            "markdown" => Some(TextFormat::Markdown),
            _ => None,
        };
        if let Some(format) = format {
            return (escape_post(&rest[end + 1..]).trim().to_owned(), format);
        }
    }
    (escape_post(text).trim().to_owned(), default)
}

/// One block: its lines joined, and where it is.
struct Block {
    lines: Vec<(usize, String)>,
}

/// Imports a GIFT file.
pub fn import(bytes: Vec<u8>, options: &Options) -> Parsed {
    let (text, note) = decode::text(bytes, Fallback::Windows1252, "GIFT file", options);
    let mut parsed = Parsed {
        diagnostics: note.into_iter().collect(),
        ..Parsed::default()
    };
    let mut path: Vec<String> = Vec::new();
    let mut blocks = Vec::new();
    let mut current = Block { lines: Vec::new() };
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches('\n');
        if content.trim().is_empty() {
            if !current.lines.is_empty() {
                blocks.push(std::mem::replace(&mut current, Block { lines: Vec::new() }));
            }
        } else {
            current.lines.push((offset, content.to_owned()));
        }
        offset += line.len();
    }
    if !current.lines.is_empty() {
        blocks.push(current);
    }
    for block in blocks {
        if let Err((span, message, help)) = read_block(&block, &mut path, options, &mut parsed) {
            parsed.fail(options, span, message, help);
            break;
        }
    }
    parsed.text = text;
    parsed
}

type Fatal = (Range<usize>, String, String);

fn read_block(
    block: &Block,
    path: &mut Vec<String>,
    options: &Options,
    parsed: &mut Parsed,
) -> Result<(), Fatal> {
    let start = block.lines.first().map_or(0, |l| l.0);
    let end = block.lines.last().map_or(start, |(o, l)| o + l.len());
    let first_line_end = block.lines.first().map_or(start, |(o, l)| o + l.len());
    let span = start..first_line_end;
    let mut comments = String::new();
    let mut lines: Vec<&str> = Vec::new();
    // Where each kept line starts in the file, to point at a brace.
    let mut kept: Vec<(usize, usize)> = Vec::new();
    let mut joined_len = 0;
    for (offset, line) in &block.lines {
        let trimmed = line.trim();
        if trimmed.starts_with("//") {
            comments.push_str(trimmed);
            comments.push('\n');
            lines.push(" ");
        } else {
            let lead = line.len() - line.trim_start().len();
            kept.push((joined_len, offset + lead));
            lines.push(trimmed);
        }
        joined_len += lines.last().map_or(0, |l| l.len()) + 1;
    }
    let joined = lines.join("\n");
    let text = joined.trim();
    if text.is_empty() {
        return Ok(());
    }
    let lead = joined.len() - joined.trim_start().len();
    // The file offset of a byte of `text`, roughly: the start of its line, plus the column.
    let file_offset = |i: usize| {
        let i = i + lead;
        kept.iter()
            .rev()
            .find(|(j, _)| *j <= i)
            .map_or(start, |(j, o)| o + (i - j))
            .min(end)
    };
    let pre = escape_pre(text);
    // `escape_pre` shortens the text by one byte per escape and placeholders are three bytes:
    // positions are found in `pre` and mapped back through the same walk.
    let to_text = |i: usize| map_back(text, &pre, i);

    if let Some(rest) = pre.strip_prefix("$CATEGORY:") {
        let line = rest.lines().next().unwrap_or("");
        *path = crate::moodle::category_path(&escape_post(line.trim()));
        parsed.categories.push(CategoryInfo {
            path: path.clone(),
            description: None,
            key_points: Vec::new(),
            idnumber: None,
        });
        return Ok(());
    }

    let mut body = pre.as_str();
    let mut body_start = 0;
    let mut name: Option<String> = None;
    if let Some(rest) = body.strip_prefix("::")
        && let Some(finish) = rest.find("::")
    {
        name = Some(crate::html::plain_text(&escape_post(&rest[..finish])));
        let after = &rest[finish + 2..];
        let trimmed = after.trim_start();
        body_start = 2 + finish + 2 + (after.len() - trimmed.len());
        body = trimmed;
    } else if let Some(rest) = body.strip_prefix("::") {
        body = rest;
        body_start = 2;
    }
    let open = body.find('{');
    let close = body.find('}');
    let (question_raw, answer_text) = match (open, close) {
        (None, None) => (body.to_owned(), None),
        (Some(o), Some(c)) if c > o => {
            let answers = body[o + 1..c].trim().to_owned();
            let question = if body.ends_with('}') && c == body.len() - 1 {
                format!("{}{}", &body[..o], &body[c + 1..])
            } else {
                format!("{}_____{}", &body[..o], &body[c + 1..])
            };
            (question, Some(answers))
        }
        (o, c) => {
            let at = match (o, c) {
                (Some(o), _) => o,
                (None, Some(c)) => c,
                _ => 0,
            };
            let pos = file_offset(to_text(body_start + at));
            let message = if o.is_some() && c.is_none() {
                "this `{` opens an answer block that no `}` closes".to_owned()
            } else if o.is_none() {
                "this `}` closes an answer block that no `{` opens".to_owned()
            } else {
                "this `}` comes before the first `{` of the question".to_owned()
            };
            return Err((
                pos..pos + 1,
                message,
                "close the answer block with `}`, or write a literal brace as `\\{` / `\\}`; Moodle refuses the file as it is".to_owned(),
            ));
        }
    };
    let (general_feedback, answer_text) = match &answer_text {
        Some(a) => match a.rfind("####") {
            Some(i) => (Some(a[i + 4..].to_owned()), Some(a[..i].trim().to_owned())),
            None => (None, Some(a.clone())),
        },
        None => (None, None),
    };
    let (question_text, qformat) = with_format(&question_raw, TextFormat::MoodleAuto);
    let shown = name
        .clone()
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| build::short_name(&question_text));
    let (id, tags) = id_and_tags(&comments);

    let kind = match answer_text.as_deref() {
        None => "description",
        Some("") => "essay",
        Some(a) if a.starts_with('#') => "numerical",
        Some(a) if a.contains('~') => "multichoice",
        Some(a) if a.contains('=') && a.contains("->") => "matching",
        Some(a) => {
            let check = match a.find('#') {
                Some(i) if i > 0 => a[..i].trim(),
                _ => a,
            };
            if matches!(check, "T" | "TRUE" | "F" | "FALSE") {
                "truefalse"
            } else {
                "shortanswer"
            }
        }
    };
    let answer_text = answer_text.unwrap_or_default();
    let mut notes = Notes::default();
    let lang = options.lang.as_str();
    let imported = matches!(kind, "multichoice" | "truefalse");
    let stem = if imported {
        build::convert(&question_text, qformat, lang, &mut notes)
    } else {
        LocalizedText::default()
    };
    let explanation = general_feedback.as_ref().filter(|_| imported).map(|g| {
        let (text, format) = with_format(g, qformat);
        build::convert(&text, format, lang, &mut notes)
    });
    let skip = |parsed: &mut Parsed, why: String| {
        build::skip(
            parsed,
            options,
            span.clone(),
            kind,
            &shown,
            why,
            "rewrite it as a multiple-choice question to bring it into the bank",
        );
    };
    let mut changes = Vec::new();
    let mut weights = Vec::new();
    let parts = match kind {
        "multichoice" => match multichoice(&answer_text, qformat, lang, &mut notes) {
            Ok((options_list, key, multiple, weight_changes, answer_weights)) => {
                changes = weight_changes;
                weights = answer_weights;
                Parts {
                    stem,
                    options: options_list,
                    key,
                    multiple,
                    explanation,
                    tags,
                    shuffle: None,
                }
            }
            Err(why) => {
                skip(
                    parsed,
                    format!("multichoice question `{shown}` skipped: {why}"),
                );
                return Ok(());
            }
        },
        "truefalse" => {
            let bits: Vec<&str> = answer_text.splitn(3, '#').collect();
            let answer = with_format(bits[0], qformat).0;
            let feedback = |i: usize, notes: &mut Notes| -> Option<LocalizedText> {
                bits.get(i).map(|b| {
                    let (text, format) = with_format(b, qformat);
                    build::convert(&text, format, lang, notes)
                })
            };
            let wrong = feedback(1, &mut notes);
            let right = feedback(2, &mut notes);
            let is_true = answer == "T" || answer == "TRUE";
            let (feedback_true, feedback_false) = if is_true {
                (right, wrong)
            } else {
                (wrong, right)
            };
            let mut texts: Vec<&LocalizedText> = vec![&stem];
            texts.extend(explanation.as_ref());
            let langs = build::languages_of(&texts);
            let (t, f) = build::true_false_options(&langs);
            Parts {
                stem,
                options: vec![
                    build::choice(t, feedback_true),
                    build::choice(f, feedback_false),
                ],
                key: vec![if is_true { 0 } else { 1 }],
                multiple: false,
                explanation,
                tags,
                shuffle: Some(false),
            }
        }
        other => {
            skip(
                parsed,
                format!(
                    "{other} question `{shown}` skipped: quizkit holds multiple-choice questions only"
                ),
            );
            return Ok(());
        }
    };
    if build::is_blank(&parts.stem) {
        skip(
            parsed,
            format!("{kind} question `{shown}` skipped: its question text is empty"),
        );
        return Ok(());
    }
    notes.report(options, span.clone(), &shown, &mut parsed.diagnostics);
    parsed.diagnostics.extend(crate::grades::unmatched(
        &weights,
        options,
        span.clone(),
        &shown,
    ));
    for change in changes {
        parsed.diagnostics.push(
            crate::diag(
                "I003",
                quizkit_model::Severity::Info,
                options,
                span.clone(),
                format!("question `{shown}`: {change}"),
            )
            .with_label("this question")
            .with_help("check the imported question's key and options"),
        );
    }
    build::push_item(
        parsed,
        options,
        Item {
            path: path.clone(),
            source_id: id,
            name,
            question: build::question(parts),
            span,
            media: Vec::new(),
        },
        kind,
        &shown,
    );
    Ok(())
}

/// The options, the key's indices, whether it is multiple response, the changes made to the
/// weights, and the weights (1 = 100%).
type Answers = (
    Vec<quizkit_model::Spanned<quizkit_model::Choice>>,
    Vec<usize>,
    bool,
    Vec<String>,
    Vec<f64>,
);

/// The options, key indices and whether it is multiple response, from a multiple-choice
/// answer block (pre-escaped).
fn multichoice(
    answer_text: &str,
    qformat: TextFormat,
    lang: &str,
    notes: &mut Notes,
) -> Result<Answers, String> {
    let single = answer_text.contains('=');
    let replaced = answer_text.replace('=', "~=");
    let mut answers: Vec<&str> = replaced.split('~').collect();
    if answers.first().is_some_and(|a| a.trim().is_empty()) {
        answers.remove(0);
    }
    let mut weights = Vec::new();
    let mut options_list = Vec::new();
    for answer in answers {
        let answer = answer.trim();
        let (weight, rest) = if let Some(rest) = answer.strip_prefix('=') {
            (1.0, rest)
        } else if let Some((w, rest)) = weight(answer) {
            (w, rest)
        } else {
            (0.0, answer)
        };
        let (text, feedback) = match rest.split_once('#') {
            Some((t, f)) => (t, Some(f)),
            None => (rest, None),
        };
        let (text, format) = with_format(text, qformat);
        if text.is_empty() {
            return Err("it has an empty answer".to_owned());
        }
        let feedback = feedback.map(|f| {
            let (f, format) = with_format(f, qformat);
            build::convert(&f, format, lang, notes)
        });
        options_list.push(build::choice(
            build::convert(&text, format, lang, notes),
            feedback,
        ));
        weights.push(weight);
    }
    let (key, changes) = build::key_from_weights(&weights, single).map_err(|e| {
        if single && e.contains("at 100%") {
            format!("{e} (an unescaped `=` in an answer makes one)")
        } else {
            e
        }
    })?;
    Ok((options_list, key, !single, changes, weights))
}

/// A `%50%` weight at the start of an answer, matched as Moodle matches it
/// (`^%\-*([0-9]{1,2})\.?([0-9]*)%`, which takes `%-100%` too), and the rest of the answer.
fn weight(answer: &str) -> Option<(f64, &str)> {
    static WEIGHT: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^%(-*[0-9]{1,2}\.?[0-9]*)%").expect("the weight pattern")
    });
    let caps = WEIGHT.captures(answer)?;
    let inner = caps.get(1)?.as_str();
    let value: f64 = format!("-{}", inner.trim_start_matches('-'))
        .parse::<f64>()
        .ok()
        .map(|v| if inner.starts_with('-') { v } else { -v })?;
    Some((value / 100.0, &answer[caps.get(0)?.end()..]))
}

/// `[id:…]` and `[tag:…]` in the comments of a block, `\]` standing for `]`.
fn id_and_tags(comments: &str) -> (Option<String>, Vec<String>) {
    let mut id = None;
    let mut tags = Vec::new();
    for (marker, is_id) in [("[id:", true), ("[tag:", false)] {
        let mut rest = comments;
        while let Some(i) = rest.find(marker) {
            let after = &rest[i + marker.len()..];
            let mut value = String::new();
            let mut chars = after.char_indices();
            let mut end = None;
            while let Some((j, c)) = chars.next() {
                match c {
                    '\\' if after[j + 1..].starts_with(']') => {
                        value.push(']');
                        chars.next();
                    }
                    ']' => {
                        end = Some(j);
                        break;
                    }
                    c if c.is_control() => break,
                    c => value.push(c),
                }
            }
            let Some(end) = end else {
                rest = after;
                continue;
            };
            let value = value.trim().to_owned();
            if is_id {
                if id.is_none() && !value.is_empty() {
                    id = Some(value);
                }
            } else if !value.is_empty() && !value.contains(['<', '>', '`']) {
                tags.push(value);
            }
            rest = &after[end + 1..];
        }
    }
    (id, tags)
}

/// The byte offset in `text` of byte `i` of `pre` (`escape_pre(text)`).
fn map_back(text: &str, pre: &str, i: usize) -> usize {
    let mut t = 0;
    let mut p = 0;
    let tb = text.as_bytes();
    while p < i && t < text.len() && p < pre.len() {
        let pc = pre[p..].chars().next().map_or(1, char::len_utf8);
        let escaped = ESCAPES.iter().any(|(_, ph)| pre[p..].starts_with(*ph));
        if escaped && tb[t] == b'\\' {
            t += 2;
        } else {
            t += text[t..].chars().next().map_or(1, char::len_utf8);
        }
        p += pc;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn import_str(s: &str) -> Parsed {
        import(s.as_bytes().to_vec(), &Options::default())
    }

    #[test]
    fn a_multiple_choice_question_with_feedback_and_general_feedback() {
        let p = import_str(
            "// [id:q-1] [tag:colours]\n::Colour::What colour is grass? {\n=green#Right!\n~red#No.\n~blue\n####Chlorophyll.\n}\n",
        );
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        let item = &p.items[0];
        assert_eq!(item.source_id.as_deref(), Some("q-1"));
        assert_eq!(item.name.as_deref(), Some("Colour"));
        let q = &item.question;
        assert_eq!(q.stem.get("en"), Some("What colour is grass?"));
        assert_eq!(q.options.len(), 3);
        assert_eq!(q.options[0].text.get("en"), Some("green"));
        assert_eq!(
            q.options[0].feedback.as_ref().and_then(|f| f.get("en")),
            Some("Right!")
        );
        assert_eq!(q.key_indices(), vec![0]);
        assert_eq!(
            q.explanation.as_ref().and_then(|e| e.get("en")),
            Some("Chlorophyll.")
        );
        assert_eq!(q.tags[0].value, "colours");
    }

    #[test]
    fn escapes_weights_and_true_false() {
        let p = import_str(
            "Which are primes\\: 2\\=2? {~%50%2 ~%50%3 ~%-100%4}\n\nGrass is green. {T#No#Yes}\n",
        );
        let q = &p.items[0].question;
        assert_eq!(q.options[2].text.get("en"), Some("4"));
        assert_eq!(q.stem.get("en"), Some("Which are primes: 2=2?"));
        assert_eq!(q.key_indices(), vec![0, 1]);
        assert!(q.is_multiple_response());
        let tf = &p.items[1].question;
        assert_eq!(tf.options[0].text.get("en"), Some("True"));
        assert_eq!(tf.key_indices(), vec![0]);
        assert_eq!(
            tf.options[0].feedback.as_ref().and_then(|f| f.get("en")),
            Some("Yes")
        );
        assert_eq!(
            tf.options[1].feedback.as_ref().and_then(|f| f.get("en")),
            Some("No")
        );
    }

    #[test]
    fn a_weight_moodle_refuses_is_imported_and_reported() {
        // A third rounded to `%33.3%`: Moodle refuses the file; quizkit keeps the three keys.
        let p = import_str(
            "::Primes::Which are prime? {~%33.3%2 ~%33.3%3 ~%33.3%5 ~%-100%4}\n\n\
             ::Halves::Which are even? {~%50%2 ~%50%4 ~%-50%3}\n",
        );
        assert_eq!(p.items.len(), 2);
        assert_eq!(p.items[0].question.key_indices(), vec![0, 1, 2]);
        let unmatched: Vec<_> = p.diagnostics.iter().filter(|d| d.code == "I009").collect();
        assert_eq!(unmatched.len(), 1, "{:?}", p.diagnostics);
        assert!(
            unmatched[0]
                .message
                .contains("`Primes`: the answer weight 33.3%"),
            "{}",
            unmatched[0].message
        );
    }

    #[test]
    fn other_types_are_skipped_by_name() {
        let p = import_str(
            "Essay? {}\n\n::N::Pi? {#3.14}\n\nA cat is a {=cat =feline}.\n\nJust words.\n",
        );
        let kinds: Vec<&str> = p.skipped.iter().map(|s| s.kind.as_str()).collect();
        assert_eq!(
            kinds,
            vec!["essay", "numerical", "shortanswer", "description"]
        );
        assert!(p.items.is_empty());
    }

    #[test]
    fn an_unterminated_brace_is_an_error_at_the_brace() {
        let text = "Fine? {=a ~b}\n\nBroken {=a ~b\n";
        let p = import_str(text);
        assert!(p.failed());
        let d = p
            .diagnostics
            .iter()
            .find(|d| d.severity == quizkit_model::Severity::Error)
            .expect("error");
        assert_eq!(&text[d.span.clone()], "{");
        assert!(p.items.is_empty());
    }

    #[test]
    fn categories_apply_to_the_questions_after_them() {
        let p = import_str("$CATEGORY: $course$/top/Física/Ondas\n\nQ? {=a ~b}\n");
        assert_eq!(p.items[0].path, vec!["Física", "Ondas"]);
    }
}
