//! GIFT (`--to gift`): Moodle's plain-text question format, written as `gift.txt` because
//! Moodle's import form refuses any other extension for GIFT.
//!
//! A `$CATEGORY: $course$/top/<Category>/<Topic>` block per topic, then one block per
//! question: a `// [id:…] [tag:…]` comment (Moodle reads the idnumber and tags from it), the
//! `::name::`, the stem as `[html]`, and the options: `=` for the key and `~` for the others,
//! or `~%50%` / `~%-100%` weights from Moodle's grade list for multiple response, each with
//! `#` feedback, and the explanation as `####` general feedback. Every text is `[html]` with
//! `\ ~ = # { } :` escaped and newlines written as `\n`, so no question holds a blank line.
//! One language, or every language through Moodle's multilang spans (`--lang all`).
//!
//! GIFT cannot say everything Moodle XML can; what it loses is reported as a warning: answer
//! numbering (Moodle uses its site default), shuffling turned off, category descriptions and
//! topic summaries, difficulty and related questions. Use the Moodle XML export for a
//! lossless import. GIFT cannot carry files: an image from the bank is written as its alt
//! text (`[A roofline plot]`), never as a broken link, with one warning per question that has
//! one. Characters Moodle cannot store are refused, as in Moodle XML.

use quizkit_model::{Bank, Question};
use rayon::prelude::*;

use crate::markdown::Img;
use crate::media::{self, Found};
use crate::moodle::common::{self, Form, Langs, category_path, grades, render_with_images};
use crate::moodle::warn_stray_lt;
use crate::{Error, File, Kind, Options, Output, Warning};

/// The file name: Moodle's import form takes GIFT only as `.txt`.
pub const FILE_NAME: &str = "gift.txt";

/// Exports `bank` as GIFT.
pub fn export(bank: &Bank, options: &Options) -> Result<Output, Error> {
    let langs = Langs::new(bank, options)?;
    common::check_characters(bank)?;
    common::check_ids(bank)?;
    let mut warnings = crate::moodle::language_note(bank, options, &langs);
    // Blocks are separated by an empty line; each topic's blocks are written in parallel.
    let mut text = String::new();
    let mut lost_info = false;
    for category in &bank.categories {
        let category_name = langs.title(
            category.meta.title.as_ref().map(|t| &t.value),
            &category.slug,
        );
        lost_info |= category.meta.description.is_some();
        warn_stray_lt(&langs, &category_name, None, &mut warnings);
        for topic in &category.topics {
            lost_info |= topic.meta.summary.is_some() || !topic.meta.key_points.is_empty();
        }
        let topics: Vec<Result<(String, Vec<Warning>), Error>> = category
            .topics
            .par_iter()
            .map(|topic| {
                let mut warnings = Vec::new();
                let topic_name =
                    langs.title(topic.meta.title.as_ref().map(|t| &t.value), &topic.slug);
                warn_stray_lt(&langs, &topic_name, None, &mut warnings);
                let path = category_path(&[&category_name, &topic_name]);
                if path.contains('\\') {
                    warnings.push(Warning {
                        question: None,
                        message: format!(
                            "the category path `{path}` holds a backslash, which Moodle's GIFT import may change (it reads escapes there but never undoes them); use the Moodle XML export"
                        ),
                        kind: Kind::Fixable,
                    });
                }
                let mut text = format!("$CATEGORY: {path}\n");
                let dir = Bank::topic_dir(category, topic);
                for question in &topic.questions {
                    text.push('\n');
                    text.push_str(&question_block(bank, &dir, question, &langs, &mut warnings)?);
                }
                Ok((text, warnings))
            })
            .collect();
        for topic in topics {
            let (topic_text, topic_warnings) = topic?;
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&topic_text);
            warnings.extend(topic_warnings);
        }
    }
    if bank.question_count() > 0 {
        warnings.insert(
            0,
            Warning {
                question: None,
                message: "GIFT cannot set the answer numbering: Moodle numbers the options with its site default (a., b., c.) instead of A, B, C".into(),
                kind: Kind::Limit,
            },
        );
    }
    if lost_info {
        warnings.push(Warning {
            question: None,
            message: "GIFT has no place for category descriptions, topic summaries or key points; left out (the Moodle XML export keeps them as category info)".into(),
            kind: Kind::Limit,
        });
    }
    warnings.extend(common::dropped_metadata(bank, "GIFT"));
    Ok(Output {
        files: vec![File {
            path: FILE_NAME.to_owned(),
            bytes: text.into_bytes(),
        }],
        warnings,
    })
}

fn question_block(
    bank: &Bank,
    dir: &str,
    question: &Question,
    langs: &Langs,
    warnings: &mut Vec<Warning>,
) -> Result<String, Error> {
    let grades = grades(question)?;
    let id = question.id.value.as_str();
    // Every image from the bank becomes its alt text; they are listed in one warning.
    let mut left_out: Vec<String> = Vec::new();
    let mut missing: Vec<(String, String)> = Vec::new();
    let mut render = |text: &quizkit_model::LocalizedText, form: Form| {
        langs.combine(|lang| {
            render_with_images(text.get_or_first(lang), form, &mut |dest| {
                match media::find(bank, dir, dest) {
                    Found::External => return None,
                    // A link to a file the bank lacks is the author's to fix, whatever the target.
                    Found::NotCarried(why) if !missing.iter().any(|(d, _)| d == dest) => {
                        missing.push((dest.to_owned(), why));
                    }
                    _ => {}
                }
                if !left_out.iter().any(|d| d == dest) {
                    left_out.push(dest.to_owned());
                }
                Some(Img::alt_only())
            })
        })
    };
    let stem = render(&question.stem, Form::Block);
    let options: Vec<(String, Option<String>)> = question
        .options
        .iter()
        .map(|o| {
            let text = render(&o.text, Form::Inline);
            (text, o.feedback.as_ref().map(|f| render(f, Form::Inline)))
        })
        .collect();
    let explanation = question
        .explanation
        .as_ref()
        .map(|e| render(e, Form::Block));
    for (dest, why) in &missing {
        warnings.push(media::not_carried(Some(id), "gift", dest, why));
    }
    if !left_out.is_empty() {
        let list: Vec<String> = left_out.iter().map(|d| format!("`{d}`")).collect();
        warnings.push(Warning {
            question: Some(id.to_owned()),
            message: format!(
                "GIFT cannot carry image files: {} written as alt text; the Moodle XML export carries them",
                list.join(", ")
            ),
            kind: Kind::Limit,
        });
    }
    if !bank.shuffles(question) {
        warnings.push(Warning {
            question: Some(id.to_owned()),
            message: "GIFT cannot turn shuffling off: Moodle will shuffle this question's options (its site default); the Moodle XML export keeps the order".into(),
            kind: Kind::Limit,
        });
    }
    let mut out = format!("// [id:{}]", comment_value(id));
    for tag in &question.tags {
        if tag.contains(['<', '>', '`']) {
            warnings.push(Warning {
                question: Some(id.to_owned()),
                message: format!(
                    "the tag `{}` holds <, > or `, which Moodle's GIFT import does not read as a tag; left out",
                    tag.value
                ),
                kind: Kind::Fixable,
            });
            continue;
        }
        out.push_str(&format!(" [tag:{}]", comment_value(tag)));
    }
    out.push('\n');
    let name = langs.question_name(question);
    warn_stray_lt(langs, &name, Some(id), warnings);
    out.push_str("::");
    out.push_str(&escape(&name));
    out.push_str("::");
    out.push_str(&html(&stem));
    out.push_str("{\n");
    for ((text, feedback), weight) in options.iter().zip(&grades.percent) {
        out.push('\t');
        out.push_str(&match (grades.single, weight.as_str()) {
            (true, "100") => "=".to_owned(),
            (_, "0") => "~".to_owned(),
            (_, w) => format!("~%{w}%"),
        });
        out.push_str(&html(text));
        if let Some(feedback) = feedback.as_ref().filter(|f| !f.is_empty()) {
            out.push('#');
            out.push_str(&html(feedback));
        }
        out.push('\n');
    }
    if let Some(explanation) = explanation.as_ref().filter(|e| !e.is_empty()) {
        out.push_str("\t####");
        out.push_str(&html(explanation));
        out.push('\n');
    }
    out.push_str("}\n");
    Ok(out)
}

/// An HTML text with its `[html]` format marker. Every text carries it, answers and feedback
/// too, so a text that itself starts with `[plain]` or `[moodle]` is never read as a marker.
fn html(text: &str) -> String {
    format!("[html]{}", escape(text))
}

/// `s` with GIFT's special characters escaped as Moodle's own exporter (`repchar`) escapes
/// them: a backslash before `\ # = ~ { } :`, a newline as `\n`, carriage returns dropped.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for c in s.chars() {
        match c {
            '\\' | '#' | '=' | '~' | '{' | '}' | ':' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// A value inside `[id:…]` or `[tag:…]`: `]` escaped as `\]`, line breaks made spaces.
fn comment_value(s: &str) -> String {
    s.replace(']', "\\]").replace(['\n', '\r'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_every_special_character() {
        assert_eq!(
            escape("a\\b~c=d#e{f}g:h\ni\r\n"),
            "a\\\\b\\~c\\=d\\#e\\{f\\}g\\:h\\ni\\n"
        );
    }

    #[test]
    fn math_braces_cannot_open_an_answer_block() {
        let escaped = escape("\\(x^{2}\\)");
        assert_eq!(escaped, "\\\\(x^\\{2\\}\\\\)");
        assert!(
            !escaped
                .replace("\\{", "")
                .replace("\\}", "")
                .contains(['{', '}'])
        );
    }

    #[test]
    fn an_image_is_its_alt_text_with_one_warning_per_question() {
        let bank = crate::media::testing::bank();
        let output = export(&bank, &Options::default()).expect("export");
        let text = std::str::from_utf8(&output.files[0].bytes).expect("utf-8");
        assert!(text.contains("[A blue bar]"), "{text}");
        assert!(text.contains("[A dot] this one"), "{text}");
        assert!(!text.contains("<img"), "{text}");
        let image_warnings: Vec<&Warning> = output
            .warnings
            .iter()
            .filter(|w| w.message.contains("GIFT cannot carry image files"))
            .collect();
        assert_eq!(image_warnings.len(), 1, "{:?}", output.warnings);
        assert_eq!(image_warnings[0].question.as_deref(), Some("q-img"));
        assert_eq!(image_warnings[0].kind, Kind::Limit);
        for dest in ["`diagram één #1.svg`", "`dot.png`", "`missing.png`"] {
            assert!(image_warnings[0].message.contains(dest), "{dest}");
        }
    }
}
