//! The Moodle XML export, parsed back with a real XML parser (roxmltree) and compared with the
//! bank question by question, plus the exporter checklist of `shared/reference/moodle.md` §9
//! (what Moodle 4.5's importer accepts), in one language and in every language.

mod moodle_support;

use std::collections::BTreeSet;
use std::path::Path;

use moodle_support::*;
use quizkit_model::{Bank, LocalizedText, index_letter};
use quizkit_tests::{quizkit, run, temp_dir};
use roxmltree::{Document, Node};

fn child<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Node<'a, 'i> {
    let mut found = node.children().filter(|c| c.has_tag_name(name));
    let first = found
        .next()
        .unwrap_or_else(|| panic!("<{}> has no <{name}>", node.tag_name().name()));
    assert!(
        found.next().is_none(),
        "<{}> has more than one <{name}>; Moodle reads only the first",
        node.tag_name().name()
    );
    first
}

fn text_of(node: Node) -> String {
    node.text().unwrap_or("").to_owned()
}

/// The `<text>` of a field, checked as Moodle reads it: no child elements (else "string
/// expected (use CDATA?)"), and, for fields that carry a format, `format="html"`.
fn field_text(node: Node, field: &str, with_format: bool) -> String {
    let f = child(node, field);
    if with_format {
        assert_eq!(f.attribute("format"), Some("html"), "<{field}> format");
    }
    let t = child(f, "text");
    assert!(
        t.children().all(|c| c.is_text()),
        "<{field}><text> holds elements; Moodle aborts with \"string expected (use CDATA?)\""
    );
    // Moodle trims text fields.
    text_of(t).trim().to_owned()
}

fn localized(text: Option<&LocalizedText>, lang: &str) -> String {
    text.map(|t| t.get_or_first(lang).to_owned())
        .unwrap_or_default()
}

/// Every check on one exported file: the raw bytes, then the parsed document against `bank`.
fn check_moodle_xml(bytes: &[u8], bank: &Bank, langs: &[String]) {
    // §9.1: the declaration, UTF-8, no character XML forbids.
    let xml = std::str::from_utf8(bytes).expect("UTF-8, or Moodle refuses the file");
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"));
    // §9.2: every non-empty <text> is CDATA.
    for (i, piece) in xml.split("<text>").skip(1).enumerate() {
        assert!(
            piece.starts_with("</text>") || piece.starts_with("<![CDATA["),
            "<text> number {} is not CDATA: {piece:.80}",
            i + 1
        );
    }
    let doc = Document::parse(xml).expect("well-formed XML");
    let quiz = doc.root_element();
    assert_eq!(quiz.tag_name().name(), "quiz", "the root must be <quiz>");
    let mut elements = quiz.children().filter(Node::is_element);

    let mut seen_ids = BTreeSet::new();
    let mut multichoice = 0;
    for category in &bank.categories {
        let title = |lang: &str| {
            let t = category
                .meta
                .title
                .as_ref()
                .map(|t| plain_line(t.get_or_first(lang)))
                .unwrap_or_default();
            if t.is_empty() {
                category.slug.clone()
            } else {
                t
            }
        };
        let element = elements.next().expect("a category element");
        let names = check_category(element, 3, langs);
        for (name, lang) in names[2].iter().zip(langs) {
            assert_eq!(name, &title(lang), "category name ({lang})");
        }
        let info = per_language(&field_text(element, "info", true), langs);
        for (info, lang) in info.iter().zip(langs) {
            let expected = category
                .meta
                .description
                .as_ref()
                .map(|d| block_html(d.get_or_first(lang)))
                .unwrap_or_default();
            assert_eq!(info.trim(), expected, "category info ({lang})");
        }
        for topic in &category.topics {
            let element = elements.next().expect("a topic category element");
            let names = check_category(element, 4, langs);
            for (i, lang) in langs.iter().enumerate() {
                assert_eq!(names[2][i], title(lang), "parent category ({lang})");
                let t = topic
                    .meta
                    .title
                    .as_ref()
                    .map(|t| plain_line(t.get_or_first(lang)))
                    .unwrap_or_else(|| topic.slug.clone());
                assert_eq!(names[3][i], t, "topic category name ({lang})");
            }
            let info = per_language(&field_text(element, "info", true), langs);
            for (info, lang) in info.iter().zip(langs) {
                let summary = localized(topic.meta.summary.as_ref().map(|s| &s.value), lang);
                if !summary.is_empty() {
                    assert!(
                        info.contains(&block_html(&summary)),
                        "topic info ({lang}) lacks the summary"
                    );
                }
                for point in &topic.meta.key_points {
                    assert!(
                        info.contains(&block_html(point.get_or_first(lang))),
                        "topic info ({lang}) lacks a key point"
                    );
                }
            }
            for question in &topic.questions {
                let q = elements.next().expect("a question element");
                multichoice += 1;
                let id = question.id.value.as_str();
                assert_eq!(q.attribute("type"), Some("multichoice"), "{id}");
                // §9.5: idnumber, unique per category.
                let idnumber = text_of(child(q, "idnumber"));
                assert_eq!(idnumber, id);
                assert!(idnumber.chars().count() <= 100);
                assert!(seen_ids.insert(idnumber), "{id}: duplicate idnumber");
                // §9.2: names plain, 1–255 characters, a prefix of the stem per language.
                let name = field_text(q, "name", false);
                assert!(
                    !name.is_empty() && name.chars().count() <= 255,
                    "{id}: name of {} characters",
                    name.chars().count()
                );
                for (part, lang) in per_language(&name, langs).iter().zip(langs) {
                    let stem = plain_line(question.stem.get_or_first(lang));
                    let prefix = part.strip_suffix('…').unwrap_or(part);
                    assert!(
                        stem.starts_with(prefix) && !prefix.is_empty(),
                        "{id}: name `{part}` is not the start of the stem ({lang})"
                    );
                }
                let stem = per_language(&field_text(q, "questiontext", true), langs);
                let general = per_language(&field_text(q, "generalfeedback", true), langs);
                for (i, lang) in langs.iter().enumerate() {
                    assert_eq!(
                        without_sizes(&stem[i]),
                        block_html_as(question.stem.get_or_first(lang), Images::Moodle),
                        "{id}: question text ({lang})"
                    );
                    let explanation =
                        localized(question.explanation.as_ref().map(|e| &e.value), lang);
                    let expected = if explanation.is_empty() {
                        String::new()
                    } else {
                        block_html_as(&explanation, Images::Moodle)
                    };
                    assert_eq!(
                        without_sizes(&general[i]),
                        expected,
                        "{id}: general feedback ({lang})"
                    );
                }
                // §9.3: options written explicitly, with the values Moodle knows.
                assert_eq!(text_of(child(q, "defaultgrade")), "1.0000000");
                assert_eq!(text_of(child(q, "penalty")), "0.3333333");
                let multiple = question.is_multiple_response();
                let single = text_of(child(q, "single"));
                assert_eq!(single, if multiple { "false" } else { "true" }, "{id}");
                let shuffle = text_of(child(q, "shuffleanswers"));
                assert_eq!(shuffle, bank.shuffles(question).to_string(), "{id}");
                let numbering = text_of(child(q, "answernumbering"));
                assert!(
                    ["abc", "ABCD", "123", "iii", "IIII", "none"].contains(&numbering.as_str())
                );
                assert_eq!(numbering, "ABCD", "{id}: numbered as on the quiz site");
                let instruction = text_of(child(q, "showstandardinstruction"));
                assert!(["0", "1"].contains(&instruction.as_str()));
                for combined in [
                    "correctfeedback",
                    "partiallycorrectfeedback",
                    "incorrectfeedback",
                ] {
                    field_text(q, combined, true);
                }
                // §9.4: every option, its feedback and its grade.
                let answers: Vec<Node> =
                    q.children().filter(|c| c.has_tag_name("answer")).collect();
                assert_eq!(answers.len(), question.options.len(), "{id}: answers");
                assert!(answers.len() >= 2);
                let keys: BTreeSet<usize> = question.key_indices().into_iter().collect();
                let mut positive_sum = 0.0;
                let mut full = 0;
                for (i, (answer, option)) in answers.iter().zip(&question.options).enumerate() {
                    let letter = index_letter(i);
                    assert_eq!(answer.attribute("format"), Some("html"));
                    let fraction = answer.attribute("fraction").expect("a fraction");
                    let decimals = fraction.split('.').nth(1).map_or(0, str::len);
                    assert!(decimals <= 5, "{id} {letter}: fraction {fraction}");
                    let percent: f64 = fraction.parse().expect("a numeric fraction");
                    assert!(
                        on_moodle_list(percent),
                        "{id} {letter}: {fraction} is not on Moodle's grade list"
                    );
                    if keys.contains(&i) {
                        assert!(percent > 0.0, "{id} {letter}: a key graded {fraction}");
                        positive_sum += percent;
                    } else {
                        assert!(
                            percent <= 0.0,
                            "{id} {letter}: a distractor graded {fraction}"
                        );
                    }
                    if percent == 100.0 {
                        full += 1;
                    }
                    let text = child(*answer, "text");
                    assert!(text.children().all(|c| c.is_text()));
                    let texts = per_language(text_of(text).trim(), langs);
                    let feedback = per_language(&field_text(*answer, "feedback", true), langs);
                    for (j, lang) in langs.iter().enumerate() {
                        assert!(!texts[j].trim().is_empty(), "{id} {letter}: blank answer");
                        assert_eq!(
                            without_sizes(&texts[j]),
                            inline_html_as(option.text.get_or_first(lang), Images::Moodle),
                            "{id} {letter}: answer text ({lang})"
                        );
                        let expected = option
                            .feedback
                            .as_ref()
                            .map(|f| inline_html_as(f.get_or_first(lang), Images::Moodle))
                            .unwrap_or_default();
                        assert_eq!(
                            without_sizes(&feedback[j]),
                            expected,
                            "{id} {letter}: feedback ({lang})"
                        );
                    }
                }
                if multiple {
                    assert!(
                        (positive_sum - 100.0).abs() < 0.001 * keys.len() as f64,
                        "{id}: the keys add up to {positive_sum}%"
                    );
                    // Ticking every box scores nothing.
                    let all: f64 = answers
                        .iter()
                        .map(|a| {
                            a.attribute("fraction")
                                .unwrap_or("0")
                                .parse::<f64>()
                                .unwrap_or(0.0)
                        })
                        .sum();
                    assert!(
                        all <= 0.001 * answers.len() as f64,
                        "{id}: all boxes score {all}%"
                    );
                } else {
                    assert_eq!(full, 1, "{id}: exactly one answer at 100%");
                }
                let tags: Vec<String> = q
                    .children()
                    .filter(|c| c.has_tag_name("tags"))
                    .flat_map(|t| t.children().filter(|c| c.has_tag_name("tag")))
                    .map(|t| text_of(child(t, "text")))
                    .collect();
                let expected: Vec<String> = question.tags.iter().map(|t| t.value.clone()).collect();
                assert_eq!(tags, expected, "{id}: tags");
            }
        }
    }
    assert!(
        elements.next().is_none(),
        "elements after the last question"
    );
    assert_eq!(multichoice, bank.question_count());
}

/// A category element: `$course$/top/<names>`, `<info format="html">`, an idnumber of at most
/// 100 characters. Returns the names, each split into its languages.
fn check_category(element: Node, depth: usize, langs: &[String]) -> Vec<Vec<String>> {
    assert_eq!(element.attribute("type"), Some("category"));
    let path = text_of(child(child(element, "category"), "text"));
    assert!(!path.ends_with('/'), "a trailing / makes an empty category");
    let names = split_category_path(&path);
    assert_eq!(names.len(), depth, "category path {path}");
    assert_eq!(names[0], "$course$");
    assert_eq!(names[1], "top");
    let idnumber = text_of(child(element, "idnumber"));
    assert!(!idnumber.is_empty() && idnumber.chars().count() <= 100);
    names
        .iter()
        .map(|n| {
            if n.starts_with('$') || n == "top" {
                vec![n.clone()]
            } else {
                per_language(n, langs)
            }
        })
        .collect()
}

fn export_and_check(bank_dir: &Path, lang: Option<&str>, name: &str) -> String {
    let dir = temp_dir(name);
    let bank = load_bank(bank_dir);
    let (bytes, stderr) = export(bank_dir, "moodle", lang, &dir.join("moodle.xml"));
    check_moodle_xml(&bytes, &bank, &languages(&bank, lang));
    let (again, _) = export(bank_dir, "moodle", lang, &dir.join("again.xml"));
    assert_eq!(bytes, again, "two exports of the same bank differ");
    stderr
}

#[test]
fn shipped_bank_in_dutch() {
    let stderr = export_and_check(&shipped_bank_dir(), Some("nl"), "moodle-shipped-nl");
    assert!(stderr.contains("Exported"), "{stderr}");
}

#[test]
fn shipped_bank_by_default_notes_the_other_language() {
    let stderr = export_and_check(&shipped_bank_dir(), None, "moodle-shipped-default");
    assert!(stderr.contains("--lang all"), "{stderr}");
}

#[test]
fn shipped_bank_in_every_language() {
    export_and_check(&shipped_bank_dir(), Some("all"), "moodle-shipped-all");
}

#[test]
fn fixture_bank_in_both_modes() {
    export_and_check(&fixture_bank_dir(), Some("en"), "moodle-fixture-en");
    export_and_check(&fixture_bank_dir(), Some("all"), "moodle-fixture-all");
}

#[test]
fn hostile_text_is_exported_faithfully() {
    let dir = temp_dir("moodle-hostile");
    write_hostile_bank(&dir.join("bank"), "");
    for lang in ["en", "ar", "all"] {
        let out = dir.join(format!("{lang}.xml"));
        let (bytes, stderr) = export(&dir.join("bank"), "moodle", Some(lang), &out);
        let bank = load_bank(&dir.join("bank"));
        check_moodle_xml(&bytes, &bank, &languages(&bank, Some(lang)));
        let xml = String::from_utf8(bytes).expect("UTF-8");
        assert!(xml.contains("]]]]><![CDATA[>"), "]]> is split");
        // Names are plain text (Moodle strips tags from them, and the exporter warns); every
        // HTML field has the script escaped.
        let html_fields: String = xml
            .split("<name>")
            .map(|piece| piece.split_once("</name>").map_or(piece, |(_, rest)| rest))
            .collect();
        assert!(!html_fields.contains("<script>"), "raw HTML is escaped");
        assert!(
            html_fields.contains("&lt;script&gt;"),
            "raw HTML is shown as written"
        );
        if lang != "ar" {
            assert!(xml.contains("\u{202E}evil") && xml.contains("🧠🚀"));
            assert!(
                stderr.contains("contains `<`"),
                "the name warning: {stderr}"
            );
        }
    }
}

#[test]
fn characters_xml_forbids_are_refused_with_the_question_named() {
    for (c, code) in [
        ('\0', "U+0000"),
        ('\u{8}', "U+0008"),
        ('\u{1B}', "U+001B"),
        ('\u{FFFF}', "U+FFFF"),
    ] {
        let dir = temp_dir(&format!("moodle-control-{}", c as u32));
        write_hostile_bank(&dir.join("bank"), &c.to_string());
        for target in ["moodle", "gift"] {
            let out = dir.join("out.txt");
            let output = run(quizkit()
                .args(["export", "--to", target, "--lang", "all", "-o"])
                .arg(&out)
                .arg(dir.join("bank")));
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{target} {code}: {stderr}");
            let flat = stderr.replace("\n  │ ", "");
            assert!(
                flat.contains(code)
                    && flat.contains("cdata-and-script")
                    && flat.contains("stem (en)"),
                "{target} {code}: {stderr}"
            );
            assert!(!out.exists(), "{target}: nothing is written on failure");
        }
    }
}

#[test]
fn a_missing_bank_image_is_a_warning_and_web_images_are_kept() {
    let dir = temp_dir("moodle-images");
    write_hostile_bank(&dir.join("local"), " ![a diagram](figs/roofline.png)");
    for target in ["moodle", "gift"] {
        let out = dir.join(format!("local-{target}.txt"));
        let output = run(quizkit()
            .args(["export", "--to", target, "-o"])
            .arg(&out)
            .arg(dir.join("local")));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{target}: {stderr}");
        // The CLI wraps long messages; the path may be split across lines.
        let flat = stderr.replace("\n  │ ", "");
        assert!(
            flat.contains("warning:")
                && flat.contains("`figs/roofline.png`")
                && flat.contains("cdata-and-script"),
            "{target}: {stderr}"
        );
        let written = std::fs::read_to_string(&out).expect("the export");
        // Moodle XML has no file to give it; GIFT writes the alt text.
        assert!(!written.contains("<file "), "{target}");
        if target == "gift" {
            assert!(
                written.contains("[a diagram]") && !written.contains("<img"),
                "{written}"
            );
        }
    }
    write_hostile_bank(
        &dir.join("web"),
        " ![a diagram](https://example.org/roofline.png)",
    );
    let bank = load_bank(&dir.join("web"));
    let (bytes, _) = export(
        &dir.join("web"),
        "moodle",
        Some("all"),
        &dir.join("web.xml"),
    );
    check_moodle_xml(&bytes, &bank, &languages(&bank, Some("all")));
    let xml = String::from_utf8(bytes).expect("UTF-8");
    assert!(xml.contains("<img src=\"https://example.org/roofline.png\" alt=\"a diagram\""));
}
