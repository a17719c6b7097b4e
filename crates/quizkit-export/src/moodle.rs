//! Moodle XML (`--to moodle`): a file Moodle 4.x imports through *Question bank → Import →
//! Moodle XML format*.
//!
//! One `<question type="category">` per category and per topic
//! (`$course$/top/<Category>/<Topic>`, with the description, summary and key points as its
//! `info`), then the topic's questions as `multichoice`: the stem as question text, the
//! explanation as general feedback, per-option feedback, grades from Moodle's list (single
//! choice 100/0; multiple response equal shares of 100 for the keys and equal negative shares
//! for the rest), shuffle from the bank, `ABCD` numbering as on the quiz site, the question id
//! as `idnumber`, and the tags. Default grade and penalty are written explicitly. Every text
//! is HTML in CDATA (with `]]>` split as Moodle's own exporter splits it); math goes out as
//! `\( … \)` for Moodle's MathJax filter.
//!
//! One language, or every language (`--lang all`) through Moodle's multilang spans in every
//! text, names included; the "Multi-Language Content" filter must be on in Moodle for those.
//!
//! Images from the bank's files travel as Moodle's own export writes them: a
//! `<file name="…" path="/" encoding="base64">` beside the `<text>` of the field that shows it
//! (question text, general feedback, each answer, each answer's feedback: Moodle keeps files
//! per field), and `@@PLUGINFILE@@/<name, percent-encoded>` in the HTML. A file keeps its own
//! name; a second, different file of the same name in one field gets its content-hashed name.
//! `https://` and `data:` images go out as they are. A category's info carries no files, so an
//! image there is a warning.
//!
//! Refused with an error, never written half-right: characters XML 1.0 forbids (C0 controls
//! other than tab and newline, U+FFFE, U+FFFF), questions Moodle
//! would reject or mangle (fewer than two options, a blank option, no valid key, a number of
//! keys without an equal share in Moodle's grade list, duplicate or over-long ids).
//!
//! The rules come from `shared/reference/moodle.md`, checked against Moodle 4.5's importer.

pub(crate) mod common;

use quizkit_model::{Bank, LocalizedText, Question};
use rayon::prelude::*;

use base64::Engine as _;

use self::common::{
    Form, Langs, MAX_IDNUMBER_CHARS, category_path, grades, render, render_with_images,
};
use crate::markdown::Img;
use crate::media::{self, Found};
use crate::{Error, File, Kind, LangChoice, Options, Output, Warning};

/// The file name Moodle's importer expects (`.xml`).
pub const FILE_NAME: &str = "moodle.xml";

/// Exports `bank` as Moodle XML.
pub fn export(bank: &Bank, options: &Options) -> Result<Output, Error> {
    let langs = Langs::new(bank, options)?;
    common::check_characters(bank)?;
    common::check_ids(bank)?;
    let mut warnings = language_note(bank, options, &langs);
    let mut xml = String::with_capacity(4096 + bank.question_count() * 4096);
    xml.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n");
    let bank_id = bank.config.id.value.as_str();
    for category in &bank.categories {
        let category_name = langs.title(
            category.meta.title.as_ref().map(|t| &t.value),
            &category.slug,
        );
        warn_stray_lt(&langs, &category_name, None, &mut warnings);
        let info = category
            .meta
            .description
            .as_ref()
            .map(|d| info_html(bank, &category.slug, &langs, d, Form::Block, &mut warnings))
            .unwrap_or_default();
        write_category(
            &mut xml,
            &category_path(&[&category_name]),
            &info,
            &format!("{bank_id}/{}", category.slug),
            &mut warnings,
        );
        // The topics are written in parallel, each into its own buffer with its own
        // warnings, and appended in order: the same bytes and warnings as one by one.
        let topics: Vec<Result<(String, Vec<Warning>), Error>> = category
            .topics
            .par_iter()
            .map(|topic| {
                let mut xml = String::with_capacity(4096 + topic.questions.len() * 4096);
                let mut warnings = Vec::new();
                let topic_name =
                    langs.title(topic.meta.title.as_ref().map(|t| &t.value), &topic.slug);
                warn_stray_lt(&langs, &topic_name, None, &mut warnings);
                let dir = Bank::topic_dir(category, topic);
                for text in topic.meta.summary.iter().chain(&topic.meta.key_points) {
                    info_html(bank, &dir, &langs, text, Form::Block, &mut warnings);
                }
                let info = langs.combine(|lang| {
                    topic_info(
                        topic.meta.summary.as_ref().map(|s| &s.value),
                        &topic.meta.key_points,
                        lang,
                    )
                });
                write_category(
                    &mut xml,
                    &category_path(&[&category_name, &topic_name]),
                    &info,
                    &format!("{bank_id}/{}/{}", category.slug, topic.slug),
                    &mut warnings,
                );
                for question in &topic.questions {
                    let mut field = FieldWriter {
                        bank,
                        dir: &dir,
                        question: &question.id,
                        langs: &langs,
                        warnings: &mut warnings,
                    };
                    write_question(&mut xml, bank, question, &mut field)?;
                }
                Ok((xml, warnings))
            })
            .collect();
        for topic in topics {
            let (topic_xml, topic_warnings) = topic?;
            xml.push_str(&topic_xml);
            warnings.extend(topic_warnings);
        }
    }
    xml.push_str("</quiz>\n");
    warnings.extend(common::dropped_metadata(bank, "Moodle XML"));
    if common::may_hold_forbidden(&xml)
        && let Some(c) = xml.chars().find(|&c| common::forbidden_in_xml(c))
    {
        return Err(Error {
            question: None,
            message: format!(
                "internal error: the XML would hold U+{:04X}, which XML forbids",
                u32::from(c)
            ),
        });
    }
    Ok(Output {
        files: vec![File {
            path: FILE_NAME.to_owned(),
            bytes: xml.into_bytes(),
        }],
        warnings,
    })
}

/// A note when a bank with several languages is written in one by default.
pub(crate) fn language_note(bank: &Bank, options: &Options, langs: &Langs) -> Vec<Warning> {
    let all: Vec<&str> = bank.config.languages().collect();
    if options.lang == LangChoice::Default && all.len() > 1 {
        vec![Warning {
            question: None,
            message: format!(
                "wrote {} only, the bank's first language; `--lang all` writes {} through Moodle's multilang spans",
                langs.list().join(", "),
                all.join(", ")
            ),
            kind: Kind::Limit,
        }]
    } else {
        Vec::new()
    }
}

/// Moodle cleans names with `PARAM_TEXT`, which strips anything that looks like a tag; it
/// keeps multilang spans only when nothing else in the name starts with `<`. A name with a
/// `<` of its own is reported: it loses text, or shows every language at once.
pub(crate) fn warn_stray_lt(
    langs: &Langs,
    name: &str,
    question: Option<&str>,
    warnings: &mut Vec<Warning>,
) {
    let mut rest = name.to_owned();
    if langs.multilang() {
        for lang in langs.list() {
            rest = rest.replace(&format!("<span lang=\"{lang}\" class=\"multilang\">"), "");
        }
        rest = rest.replace("</span>", "");
    }
    if rest.contains('<') {
        let effect = if langs.multilang() {
            "strips the multilang spans from it too and shows every language at once"
        } else {
            "strips whatever looks like an HTML tag from it"
        };
        warnings.push(Warning {
            question: question.map(str::to_owned),
            message: format!("the name `{name}` contains `<`; Moodle {effect}"),
            kind: Kind::Fixable,
        });
    }
}

/// The summary and the key points of a topic as HTML, in one language.
fn topic_info(
    summary: Option<&LocalizedText>,
    key_points: &[quizkit_model::Spanned<LocalizedText>],
    lang: &str,
) -> String {
    let mut html = summary
        .map(|s| render(s.get_or_first(lang), Form::Block))
        .unwrap_or_default();
    if !key_points.is_empty() {
        if !html.is_empty() {
            html.push('\n');
        }
        html.push_str("<ul>\n");
        for point in key_points {
            html.push_str("<li>");
            html.push_str(&render(point.get_or_first(lang), Form::Block));
            html.push_str("</li>\n");
        }
        html.push_str("</ul>");
    }
    html
}

fn write_category(
    xml: &mut String,
    path: &str,
    info: &str,
    idnumber: &str,
    warnings: &mut Vec<Warning>,
) {
    xml.push_str("  <question type=\"category\">\n    <category>\n");
    push_text(xml, 6, path);
    xml.push_str("    </category>\n    <info format=\"html\">\n");
    push_text(xml, 6, info);
    xml.push_str("    </info>\n");
    if idnumber.chars().count() <= MAX_IDNUMBER_CHARS {
        xml.push_str("    <idnumber>");
        xml.push_str(&escape(idnumber));
        xml.push_str("</idnumber>\n");
    } else {
        warnings.push(Warning {
            question: None,
            message: format!(
                "the category `{idnumber}` gets no idnumber: it would be longer than Moodle's {MAX_IDNUMBER_CHARS} characters"
            ),
            kind: Kind::Fixable,
        });
    }
    xml.push_str("  </question>\n");
}

/// The HTML of a category's or topic's info: Moodle keeps no files there, so each image from
/// the bank is a warning (its link stays as written).
fn info_html(
    bank: &Bank,
    dir: &str,
    langs: &Langs,
    text: &LocalizedText,
    form: Form,
    warnings: &mut Vec<Warning>,
) -> String {
    langs.combine(|lang| {
        render_with_images(text.get_or_first(lang), form, &mut |dest| {
            if !matches!(media::find(bank, dir, dest), Found::External) {
                warnings.push(Warning {
                    question: None,
                    message: format!(
                        "the image `{dest}` in the info of category folder `{dir}` is left out: Moodle XML carries no files in a category's info"
                    ),
                    kind: Kind::Limit,
                });
            }
            None
        })
    })
}

/// The files one field shows: each one's name in the field and its bytes, in order.
type FieldFiles<'b> = Vec<(String, &'b [u8])>;

/// Renders a question's texts with the bank's images as files of their field.
struct FieldWriter<'a, 'b> {
    bank: &'b Bank,
    /// The topic folder the question's links are relative to.
    dir: &'a str,
    question: &'a str,
    langs: &'a Langs,
    warnings: &'a mut Vec<Warning>,
}

impl<'b> FieldWriter<'_, 'b> {
    /// `text` as HTML in every language written, and the files it shows.
    fn html(&mut self, text: &LocalizedText, form: Form) -> (String, FieldFiles<'b>) {
        // (bank path, name in the field, bytes)
        let mut files: Vec<(&'b str, String, &'b [u8])> = Vec::new();
        let (bank, dir, question) = (self.bank, self.dir, self.question);
        let warnings = &mut *self.warnings;
        let html = self.langs.combine(|lang| {
            render_with_images(
                text.get_or_first(lang),
                form,
                &mut |dest| match media::find(bank, dir, dest) {
                    Found::Carried(image) => {
                        let name = match files.iter().find(|f| f.0 == image.path) {
                            Some((_, name, _)) => name.clone(),
                            None => {
                                let own = image.file_name();
                                let name = if files.iter().any(|f| f.1 == own) {
                                    image.hashed_name()
                                } else {
                                    own.to_owned()
                                };
                                files.push((image.path, name.clone(), image.bytes));
                                name
                            }
                        };
                        Some(Img {
                            src: format!("@@PLUGINFILE@@/{}", url_encode(&name)),
                            size: image.size(),
                            lazy: false,
                        })
                    }
                    Found::External => None,
                    Found::NotCarried(why) => {
                        warnings.push(media::not_carried(Some(question), "Moodle XML", dest, &why));
                        None
                    }
                },
            )
        });
        (html, files.into_iter().map(|(_, n, b)| (n, b)).collect())
    }
}

/// A file name as one segment of a URL, as PHP's `rawurlencode` writes it: everything but
/// `A-Za-z0-9-._~` percent-encoded (`a b#1.png` → `a%20b%231.png`).
fn url_encode(name: &str) -> String {
    let mut out = String::with_capacity(name.len() * 3 / 2);
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `<file name="…" path="/" encoding="base64">…</file>` for each of `files`, strict base64.
fn push_files(xml: &mut String, indent: usize, files: &FieldFiles<'_>) {
    for (name, bytes) in files {
        push_indent(xml, indent);
        xml.push_str("<file name=\"");
        xml.push_str(&escape(name).replace('"', "&quot;"));
        xml.push_str("\" path=\"/\" encoding=\"base64\">");
        xml.push_str(&base64::engine::general_purpose::STANDARD.encode(bytes));
        xml.push_str("</file>\n");
    }
}

fn write_question(
    xml: &mut String,
    bank: &Bank,
    question: &Question,
    field: &mut FieldWriter<'_, '_>,
) -> Result<(), Error> {
    let langs = field.langs;
    let grades = grades(question)?;
    let name = langs.question_name(question);
    warn_stray_lt(langs, &name, Some(&question.id), field.warnings);
    xml.push_str("  <question type=\"multichoice\">\n    <name>\n");
    push_text(xml, 6, &name);
    xml.push_str("    </name>\n");
    let (stem, files) = field.html(&question.stem, Form::Block);
    push_html_field(xml, 4, "questiontext", &stem, &files);
    let (explanation, files) = question
        .explanation
        .as_ref()
        .map(|e| field.html(e, Form::Block))
        .unwrap_or_default();
    push_html_field(xml, 4, "generalfeedback", &explanation, &files);
    xml.push_str("    <defaultgrade>1.0000000</defaultgrade>\n");
    xml.push_str("    <penalty>0.3333333</penalty>\n");
    xml.push_str("    <hidden>0</hidden>\n");
    xml.push_str("    <idnumber>");
    xml.push_str(&escape(&question.id));
    xml.push_str("</idnumber>\n");
    xml.push_str(if grades.single {
        "    <single>true</single>\n"
    } else {
        "    <single>false</single>\n"
    });
    xml.push_str(if bank.shuffles(question) {
        "    <shuffleanswers>true</shuffleanswers>\n"
    } else {
        "    <shuffleanswers>false</shuffleanswers>\n"
    });
    xml.push_str("    <answernumbering>ABCD</answernumbering>\n");
    xml.push_str("    <showstandardinstruction>1</showstandardinstruction>\n");
    for name in [
        "correctfeedback",
        "partiallycorrectfeedback",
        "incorrectfeedback",
    ] {
        push_html_field(xml, 4, name, "", &Vec::new());
    }
    if !grades.single {
        xml.push_str("    <shownumcorrect/>\n");
    }
    for (option, fraction) in question.options.iter().zip(&grades.percent) {
        xml.push_str(&format!(
            "    <answer fraction=\"{fraction}\" format=\"html\">\n"
        ));
        let (text, files) = field.html(&option.text, Form::Inline);
        push_text(xml, 6, &text);
        push_files(xml, 6, &files);
        let (feedback, files) = option
            .feedback
            .as_ref()
            .map(|f| field.html(f, Form::Inline))
            .unwrap_or_default();
        push_html_field(xml, 6, "feedback", &feedback, &files);
        xml.push_str("    </answer>\n");
    }
    if !question.tags.is_empty() {
        xml.push_str("    <tags>\n");
        for tag in &question.tags {
            xml.push_str("      <tag>\n");
            push_text(xml, 8, tag);
            xml.push_str("      </tag>\n");
        }
        xml.push_str("    </tags>\n");
    }
    xml.push_str("  </question>\n");
    Ok(())
}

/// `<field format="html"><text>…</text><file …>…</file></field>`.
fn push_html_field(
    xml: &mut String,
    indent: usize,
    field: &str,
    html: &str,
    files: &FieldFiles<'_>,
) {
    push_indent(xml, indent);
    xml.push_str(&format!("<{field} format=\"html\">\n"));
    push_text(xml, indent + 2, html);
    push_files(xml, indent + 2, files);
    push_indent(xml, indent);
    xml.push_str(&format!("</{field}>\n"));
}

/// `<text>` with the content in CDATA: Moodle's parser drops whitespace between entity
/// references outside CDATA, never inside (§2).
fn push_text(xml: &mut String, indent: usize, content: &str) {
    push_indent(xml, indent);
    xml.push_str("<text>");
    xml.push_str(&cdata(content));
    xml.push_str("</text>\n");
}

fn push_indent(xml: &mut String, indent: usize) {
    xml.extend(std::iter::repeat_n(' ', indent));
}

/// `s` as CDATA, `]]>` split across two sections as Moodle's own `xml_escape` splits it;
/// nothing for an empty string.
pub(crate) fn cdata(s: &str) -> String {
    if s.is_empty() {
        return String::new();
    }
    format!("<![CDATA[{}]]>", s.replace("]]>", "]]]]><![CDATA[>"))
}

/// `s` escaped for XML character data.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cdata_splits_its_terminator() {
        assert_eq!(cdata("a]]>b"), "<![CDATA[a]]]]><![CDATA[>b]]>");
        assert_eq!(cdata(""), "");
    }

    #[test]
    fn escape_covers_markup() {
        assert_eq!(escape("a<b&c>"), "a&lt;b&amp;c&gt;");
    }

    #[test]
    fn file_names_are_percent_encoded_like_rawurlencode() {
        assert_eq!(url_encode("a b#1 één.png"), "a%20b%231%20%C3%A9%C3%A9n.png");
    }

    #[test]
    fn each_field_carries_the_files_it_shows_once_with_their_bytes() {
        use base64::Engine as _;
        let bank = crate::media::testing::bank();
        let output = export(&bank, &Options::default()).expect("export");
        let xml = std::str::from_utf8(&output.files[0].bytes).expect("utf-8");
        let doc = roxmltree::Document::parse(xml).expect("well-formed XML");
        let question = doc
            .descendants()
            .find(|n| {
                n.has_tag_name("question")
                    && n.children()
                        .any(|c| c.has_tag_name("idnumber") && c.text() == Some("q-img"))
            })
            .expect("the question");
        // The files of one field element: (name, path, decoded bytes), and its text.
        let field = |node: roxmltree::Node| -> (String, Vec<(String, String, Vec<u8>)>) {
            let text = node
                .children()
                .find(|c| c.has_tag_name("text"))
                .and_then(|t| t.text())
                .unwrap_or_default()
                .to_owned();
            let files = node
                .children()
                .filter(|c| c.has_tag_name("file"))
                .map(|f| {
                    assert_eq!(f.attribute("encoding"), Some("base64"));
                    let bytes = base64::engine::general_purpose::STANDARD
                        .decode(f.text().unwrap_or_default())
                        .expect("strict base64");
                    (
                        f.attribute("name").unwrap_or_default().to_owned(),
                        f.attribute("path").unwrap_or_default().to_owned(),
                        bytes,
                    )
                })
                .collect();
            (text, files)
        };
        let child = |name: &str| {
            question
                .children()
                .find(|c| c.has_tag_name(name))
                .expect("the field")
        };
        let svg = crate::media::testing::SVG.as_bytes().to_vec();
        let png = crate::media::testing::PNG.to_vec();
        let (text, files) = field(child("questiontext"));
        assert!(
            text.contains("<img src=\"@@PLUGINFILE@@/diagram%20%C3%A9%C3%A9n%20%231.svg\" alt=\"A blue bar\" width=\"40\" height=\"20\">"),
            "{text}"
        );
        assert_eq!(files, vec![("diagram één #1.svg".into(), "/".into(), svg)]);
        let (text, files) = field(child("generalfeedback"));
        assert!(text.contains("@@PLUGINFILE@@/dot.png"), "{text}");
        assert_eq!(files, vec![("dot.png".into(), "/".into(), png.clone())]);
        let answers: Vec<_> = question
            .children()
            .filter(|c| c.has_tag_name("answer"))
            .collect();
        assert_eq!(field(answers[0]).1, vec![]);
        let (text, files) = field(answers[1]);
        assert!(text.contains("@@PLUGINFILE@@/dot.png"), "{text}");
        assert_eq!(files, vec![("dot.png".into(), "/".into(), png)]);
        // The missing file is no <file>, and a warning.
        assert!(!xml.contains("name=\"missing.png\""));
        assert_eq!(
            output
                .warnings
                .iter()
                .filter(|w| w.message.contains("`missing.png`")
                    && w.question.as_deref() == Some("q-img"))
                .count(),
            1,
            "{:?}",
            output.warnings
        );
    }

    #[test]
    fn two_files_of_one_name_in_a_field_get_distinct_names() {
        let mut bank = crate::media::testing::bank();
        bank.media.files.insert(
            "c/t/dot.png".into(),
            quizkit_model::MediaContent::Bytes(b"GIF89a\x01\x00\x01\x00\x80\x00\x00".to_vec()),
        );
        bank.categories[0].topics[0].questions[0].stem.value.entries[0]
            .text
            .value = "![a](dot.png) ![b](../../media/dot.png)".into();
        let output = export(&bank, &Options::default()).expect("export");
        let xml = std::str::from_utf8(&output.files[0].bytes).expect("utf-8");
        let stem_end = xml.find("</questiontext>").expect("stem");
        let stem = &xml[..stem_end];
        assert_eq!(stem.matches("<file name=\"dot.png\"").count(), 1, "{stem}");
        assert_eq!(stem.matches("<file name=").count(), 2, "{stem}");
    }
}
