//! Canvas (`--to canvas`): `canvas.zip`, Canvas's flavour of QTI 1.2, which Canvas Classic
//! Quizzes and New Quizzes import through *Import existing content → QTI .zip file*.
//!
//! The layout and the markup are those of Canvas's own exports, as text2qti writes them:
//! - `imsmanifest.xml` in the Common Cartridge 1.1 namespace, with one `imsqti_xmlv1p2`
//!   resource per quiz that depends on the quiz's `assessment_meta.xml`;
//! - per topic and language a folder `<quiz>/` with `<quiz>.xml` (a `questestinterop` with one
//!   `assessment`) and `assessment_meta.xml` (the quiz settings in Canvas's own namespace:
//!   title, description from the topic's summary, points, shuffle);
//! - per question an `item` of type `multiple_choice_question` (one key) or
//!   `multiple_answers_question` (several; Canvas gives partial credit itself), 1 point, the
//!   options as `response_label`s, the explanation as neutral feedback shown after every
//!   answer (`general_fb`), per-option feedback shown when that option is picked, and the
//!   condition that scores 100;
//! - texts as HTML (`mattext texttype="text/html"`), math as Canvas's equation images, which
//!   Canvas renders from the LaTeX;
//! - each image file of the bank a text shows, once, as `media/<hash>.<ext>` (see
//!   the `qti` exporter), a `webcontent` resource of the manifest, referenced from the HTML
//!   as `$IMS-CC-FILEBASE$/media/…` (percent-encoded, as text2qti writes it), which Canvas
//!   points at the file it imports into the course's files.
//!
//! With [`Options::canvas_banks`] (`--canvas-banks`, or `canvas_banks = true` under `[export]`
//! in `quizkit.toml`), each topic is a question bank instead of a quiz, as Canvas exports a
//! bank: `non_cc_assessments/<bank>.xml.qti`, a `questestinterop` whose `objectbank` carries
//! the bank's title (`bank_title`) and the same items, with no quiz settings. Teachers then
//! draw quizzes from the banks (question groups), which is what a bank of many questions
//! per topic is for.
//!
//! One language per quiz or bank; `--lang all` writes one per topic and language. Canvas
//! shuffles a whole quiz or none of it: a topic's quiz shuffles when every one of its
//! questions may.

use quizkit_model::{Bank, Category, Question, Topic};
use rayon::prelude::*;

use crate::markdown::{self, Math};
use crate::moodle::common;
use crate::qti::item::{Scoring, scoring, title};
use crate::qti::media::{self, Carried};
use crate::qti::xhtml::{Images, escape};
use crate::qti::{Identifiers, ncname, warnings};
use crate::{Error, File, Kind, Layout, Needs, Options, Output, Target, Warning, zipped};

/// The package's file name.
pub const FILE_NAME: &str = "canvas.zip";

/// The Canvas target.
pub const TARGET: Target = Target {
    name: "canvas",
    summary: "Canvas QTI 1.2 (.zip): a quiz (--canvas-banks: a question bank) per topic",
    default_path: FILE_NAME,
    layout: Layout::File,
    needs: Needs {
        change_times: false,
    },
    export,
};

/// Where Canvas's image addresses start: the course files the package's files go to.
const FILEBASE: &str = "%24IMS-CC-FILEBASE%24/";

/// One quiz (or bank): a topic in one language.
struct Quiz<'a> {
    ident: String,
    title: String,
    category: &'a Category,
    topic: &'a Topic,
    lang: &'a str,
    /// Appended to item identifiers: the language when the package holds several.
    suffix: String,
    shuffle: bool,
}

/// Exports `bank` as a Canvas QTI package.
pub fn export(bank: &Bank, options: &Options) -> Result<Output, Error> {
    let langs = options.languages(bank)?;
    common::check_characters(bank)?;
    let banks = options.canvas_banks
        || bank
            .config
            .export
            .canvas_banks
            .as_ref()
            .is_some_and(|b| b.value);
    let kind = if banks { "bank" } else { "quiz" };
    let several = langs.len() > 1;
    let mut quizzes = Vec::new();
    let mut ids = Identifiers::default();
    let mut warnings = warnings(
        bank,
        options,
        &langs,
        "Canvas",
        "`--lang all` writes a quiz per topic and language",
    );
    for lang in &langs {
        for (category, topic) in bank.topics() {
            if topic.questions.is_empty() {
                continue;
            }
            let mut name = format!("{}-{}", category.slug, topic.slug);
            let mut title = common::plain_line(topic.title(lang));
            if several {
                name = format!("{name}.{lang}");
                title = format!("{title} ({lang})");
            }
            let shuffles: Vec<bool> = topic.questions.iter().map(|q| bank.shuffles(q)).collect();
            let shuffle = shuffles.iter().all(|&s| s);
            if !banks && !shuffle && shuffles.iter().any(|&s| s) && *lang == langs[0] {
                warnings.push(Warning {
                    question: None,
                    message: format!(
                        "Canvas shuffles a whole quiz or none of it; the quiz of `{}/{}` does not shuffle, because some of its questions must not",
                        category.slug, topic.slug
                    ),
                    kind: Kind::Limit,
                });
            }
            quizzes.push(Quiz {
                ident: ids.claim(&format!("quizkit_{kind}_{}", name.replace('-', "_")), None)?,
                title,
                category,
                topic,
                lang,
                suffix: if several {
                    format!("_{}", lang.replace('-', "_"))
                } else {
                    String::new()
                },
                shuffle,
            });
        }
    }
    let sources: Vec<Vec<&str>> = quizzes
        .par_iter()
        .map(|quiz| quiz_media(bank, quiz))
        .collect::<Result<Vec<_>, Error>>()?;
    let carried = Carried::new(&bank.media, sources.into_iter().flatten().collect());
    let files: Vec<Result<Vec<(String, String)>, Error>> = quizzes
        .par_iter()
        .map(|quiz| {
            let images =
                &mut |dest: &str| carried.img(bank, quiz.category, quiz.topic, dest, FILEBASE);
            if banks {
                return Ok(vec![(bank_path(quiz), bank_xml(quiz, images)?)]);
            }
            Ok(vec![
                (
                    format!("{}/{}.xml", quiz.ident, quiz.ident),
                    quiz_xml(quiz, images)?,
                ),
                (
                    format!("{}/assessment_meta.xml", quiz.ident),
                    meta_xml(quiz, images),
                ),
            ])
        })
        .collect();
    let media_files = carried.files();
    let mut all = vec![(
        "imsmanifest.xml".to_owned(),
        manifest(bank, &quizzes, langs[0], banks, &media_files),
    )];
    for f in files {
        all.extend(f?);
    }
    let mut entries: Vec<(&str, &[u8])> = all
        .iter()
        .map(|(p, x)| (p.as_str(), x.as_bytes()))
        .collect();
    entries.extend(media_files.iter().map(|(p, b)| (*p, *b)));
    Ok(Output {
        files: vec![File {
            path: FILE_NAME.to_owned(),
            bytes: zipped::zip(&entries, options.timestamp, "Canvas")?,
        }],
        warnings,
    })
}

/// The bank paths of the images a quiz shows: its questions' and its description's.
fn quiz_media<'a>(bank: &'a Bank, quiz: &Quiz<'_>) -> Result<Vec<&'a str>, Error> {
    let mut out = Vec::new();
    if let Some(summary) = &quiz.topic.meta.summary {
        let text = media::Text {
            field: media::Field::Summary(&quiz.category.slug, &quiz.topic.slug),
            markdown: summary.get_or_first(quiz.lang),
        };
        out.extend(media::sources(
            bank,
            quiz.category,
            quiz.topic,
            None,
            &[text],
        )?);
    }
    for question in &quiz.topic.questions {
        let texts = media::question_texts(question, quiz.lang);
        out.extend(media::sources(
            bank,
            quiz.category,
            quiz.topic,
            Some(&question.id),
            &texts,
        )?);
    }
    Ok(out)
}

/// Markdown as the HTML Canvas shows, escaped as the text of a `mattext`.
fn html(markdown_text: &str, images: &mut Images<'_>) -> String {
    let source = markdown_text.replace("\r\n", "\n").replace('\r', "\n");
    escape(markdown::to_html_with_images(&source, Math::CanvasImages, images).trim_end())
}

/// Where a topic's question bank goes, as Canvas's own exports place banks.
fn bank_path(quiz: &Quiz<'_>) -> String {
    format!("non_cc_assessments/{}.xml.qti", quiz.ident)
}

fn manifest(
    bank: &Bank,
    quizzes: &[Quiz<'_>],
    lang: &str,
    banks: bool,
    media_files: &std::collections::BTreeMap<&str, &[u8]>,
) -> String {
    let mut x = String::with_capacity(1024 + quizzes.len() * 600);
    x.push_str(&format!(
        concat!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
            "<manifest identifier=\"{}\" xmlns=\"http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1\" xmlns:imsmd=\"http://www.imsglobal.org/xsd/imsmd_v1p2\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1 http://www.imsglobal.org/xsd/imscp_v1p1.xsd http://www.imsglobal.org/xsd/imsmd_v1p2 http://www.imsglobal.org/xsd/imsmd_v1p2p2.xsd\">\n",
            "  <metadata>\n    <schema>IMS Content</schema>\n    <schemaversion>1.1.3</schemaversion>\n",
            "    <imsmd:lom>\n      <imsmd:general>\n        <imsmd:title>\n          <imsmd:string>{}</imsmd:string>\n        </imsmd:title>\n      </imsmd:general>\n    </imsmd:lom>\n",
            "  </metadata>\n  <organizations/>\n  <resources>\n",
        ),
        ncname(&format!("quizkit_manifest_{}", bank.config.id.replace('-', "_"))),
        escape(bank.title(lang)),
    ));
    for q in quizzes {
        let id = &q.ident;
        if banks {
            let path = bank_path(q);
            x.push_str(&format!(
                "    <resource identifier=\"{id}\" type=\"imsqti_xmlv1p2\" href=\"{path}\">\n      <file href=\"{path}\"/>\n    </resource>\n"
            ));
            continue;
        }
        x.push_str(&format!(
            concat!(
                "    <resource identifier=\"{id}\" type=\"imsqti_xmlv1p2\">\n",
                "      <file href=\"{id}/{id}.xml\"/>\n",
                "      <dependency identifierref=\"{id}_meta\"/>\n",
                "    </resource>\n",
                "    <resource identifier=\"{id}_meta\" type=\"associatedcontent/imscc_xmlv1p1/learning-application-resource\" href=\"{id}/assessment_meta.xml\">\n",
                "      <file href=\"{id}/assessment_meta.xml\"/>\n",
                "    </resource>\n",
            ),
            id = id
        ));
    }
    for path in media_files.keys() {
        // `media/<16 hex>.<ext>`: the hash makes the identifier.
        let hash = path
            .trim_start_matches("media/")
            .split('.')
            .next()
            .unwrap_or_default();
        x.push_str(&format!(
            "    <resource identifier=\"quizkit_media_{hash}\" type=\"webcontent\" href=\"{path}\">\n      <file href=\"{path}\"/>\n    </resource>\n"
        ));
    }
    x.push_str("  </resources>\n</manifest>\n");
    x
}

/// Canvas's quiz settings, with the fields its own exports carry.
fn meta_xml(quiz: &Quiz<'_>, images: &mut Images<'_>) -> String {
    let description = quiz
        .topic
        .meta
        .summary
        .as_ref()
        .map(|s| html(s.get_or_first(quiz.lang), images))
        .unwrap_or_default();
    let points = format!("{}.0", quiz.topic.questions.len());
    let title = escape(&quiz.title);
    let id = &quiz.ident;
    format!(
        concat!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
            "<quiz identifier=\"{id}\" xmlns=\"http://canvas.instructure.com/xsd/cccv1p0\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://canvas.instructure.com/xsd/cccv1p0 https://canvas.instructure.com/xsd/cccv1p0.xsd\">\n",
            "  <title>{title}</title>\n",
            "  <description>{description}</description>\n",
            "  <shuffle_answers>{shuffle}</shuffle_answers>\n",
            "  <scoring_policy>keep_highest</scoring_policy>\n",
            "  <hide_results></hide_results>\n",
            "  <quiz_type>assignment</quiz_type>\n",
            "  <points_possible>{points}</points_possible>\n",
            "  <require_lockdown_browser>false</require_lockdown_browser>\n",
            "  <require_lockdown_browser_for_results>false</require_lockdown_browser_for_results>\n",
            "  <require_lockdown_browser_monitor>false</require_lockdown_browser_monitor>\n",
            "  <lockdown_browser_monitor_data/>\n",
            "  <show_correct_answers>true</show_correct_answers>\n",
            "  <anonymous_submissions>false</anonymous_submissions>\n",
            "  <could_be_locked>false</could_be_locked>\n",
            "  <allowed_attempts>1</allowed_attempts>\n",
            "  <one_question_at_a_time>false</one_question_at_a_time>\n",
            "  <cant_go_back>false</cant_go_back>\n",
            "  <available>false</available>\n",
            "  <one_time_results>false</one_time_results>\n",
            "  <show_correct_answers_last_attempt>false</show_correct_answers_last_attempt>\n",
            "  <only_visible_to_overrides>false</only_visible_to_overrides>\n",
            "  <module_locked>false</module_locked>\n",
            "  <assignment identifier=\"{id}_assignment\">\n",
            "    <title>{title}</title>\n",
            "    <due_at/>\n    <lock_at/>\n    <unlock_at/>\n",
            "    <module_locked>false</module_locked>\n",
            "    <workflow_state>unpublished</workflow_state>\n",
            "    <assignment_overrides>\n    </assignment_overrides>\n",
            "    <quiz_identifierref>{id}</quiz_identifierref>\n",
            "    <allowed_extensions></allowed_extensions>\n",
            "    <has_group_category>false</has_group_category>\n",
            "    <points_possible>{points}</points_possible>\n",
            "    <grading_type>points</grading_type>\n",
            "    <all_day>false</all_day>\n",
            "    <submission_types>online_quiz</submission_types>\n",
            "    <position>1</position>\n",
            "    <turnitin_enabled>false</turnitin_enabled>\n",
            "    <vericite_enabled>false</vericite_enabled>\n",
            "    <peer_review_count>0</peer_review_count>\n",
            "    <peer_reviews>false</peer_reviews>\n",
            "    <automatic_peer_reviews>false</automatic_peer_reviews>\n",
            "    <anonymous_peer_reviews>false</anonymous_peer_reviews>\n",
            "    <grade_group_students_individually>false</grade_group_students_individually>\n",
            "    <freeze_on_copy>false</freeze_on_copy>\n",
            "    <omit_from_final_grade>false</omit_from_final_grade>\n",
            "    <intra_group_peer_reviews>false</intra_group_peer_reviews>\n",
            "    <only_visible_to_overrides>false</only_visible_to_overrides>\n",
            "    <post_to_sis>false</post_to_sis>\n",
            "    <moderated_grading>false</moderated_grading>\n",
            "    <grader_count>0</grader_count>\n",
            "    <grader_comments_visible_to_graders>true</grader_comments_visible_to_graders>\n",
            "    <anonymous_grading>false</anonymous_grading>\n",
            "    <graders_anonymous_to_graders>false</graders_anonymous_to_graders>\n",
            "    <grader_names_visible_to_final_grader>true</grader_names_visible_to_final_grader>\n",
            "    <anonymous_instructor_annotations>false</anonymous_instructor_annotations>\n",
            "    <post_policy>\n      <post_manually>false</post_manually>\n    </post_policy>\n",
            "  </assignment>\n",
            "  <assignment_group_identifierref>{id}_assignment_group</assignment_group_identifierref>\n",
            "  <assignment_overrides>\n  </assignment_overrides>\n",
            "</quiz>\n",
        ),
        id = id,
        title = title,
        description = description,
        shuffle = quiz.shuffle,
        points = points,
    )
}

/// The XML declaration and the root element's start tag of every QTI 1.2 file.
const QUESTESTINTEROP: &str = concat!(
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
    "<questestinterop xmlns=\"http://www.imsglobal.org/xsd/ims_qtiasiv1p2\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://www.imsglobal.org/xsd/ims_qtiasiv1p2 http://www.imsglobal.org/xsd/ims_qtiasiv1p2p1.xsd\">\n",
);

/// The `questestinterop` of one topic's question bank: an `objectbank` titled by
/// `bank_title`, as Canvas exports a bank.
fn bank_xml(quiz: &Quiz<'_>, images: &mut Images<'_>) -> Result<String, Error> {
    let mut x = String::with_capacity(1024 + quiz.topic.questions.len() * 4096);
    x.push_str(QUESTESTINTEROP);
    x.push_str(&format!(
        concat!(
            "  <objectbank ident=\"{}\">\n",
            "    <qtimetadata>\n      <qtimetadatafield>\n        <fieldlabel>bank_title</fieldlabel>\n        <fieldentry>{}</fieldentry>\n      </qtimetadatafield>\n    </qtimetadata>\n",
        ),
        quiz.ident,
        escape(&quiz.title)
    ));
    push_items(&mut x, quiz, images)?;
    x.push_str("  </objectbank>\n</questestinterop>\n");
    Ok(x)
}

/// Every question of the topic as an `item`.
fn push_items(x: &mut String, quiz: &Quiz<'_>, images: &mut Images<'_>) -> Result<(), Error> {
    for question in &quiz.topic.questions {
        let s = scoring(question)?;
        push_item(x, question, &s, (quiz.lang, &quiz.suffix), images);
    }
    Ok(())
}

/// The `questestinterop` of one quiz.
fn quiz_xml(quiz: &Quiz<'_>, images: &mut Images<'_>) -> Result<String, Error> {
    let mut x = String::with_capacity(1024 + quiz.topic.questions.len() * 4096);
    x.push_str(QUESTESTINTEROP);
    x.push_str(&format!(
        concat!(
            "  <assessment ident=\"{}\" title=\"{}\">\n",
            "    <qtimetadata>\n      <qtimetadatafield>\n        <fieldlabel>cc_maxattempts</fieldlabel>\n        <fieldentry>1</fieldentry>\n      </qtimetadatafield>\n    </qtimetadata>\n",
            "    <section ident=\"root_section\">\n",
        ),
        quiz.ident,
        escape(&quiz.title)
    ));
    push_items(&mut x, quiz, images)?;
    x.push_str("    </section>\n  </assessment>\n</questestinterop>\n");
    Ok(x)
}

fn push_item(
    x: &mut String,
    question: &Question,
    s: &Scoring,
    (lang, suffix): (&str, &str),
    images: &mut Images<'_>,
) {
    let item = ncname(&format!(
        "quizkit_{}{suffix}",
        question.id.replace('-', "_")
    ));
    let label = |i: usize| format!("{item}_{}", crate::qti::item::choice_id(i));
    let labels: Vec<String> = (0..question.options.len()).map(label).collect();
    let kind = if s.multiple {
        "multiple_answers_question"
    } else {
        "multiple_choice_question"
    };
    x.push_str(&format!(
        concat!(
            "      <item ident=\"{item}\" title=\"{title}\">\n",
            "        <itemmetadata>\n          <qtimetadata>\n",
            "            <qtimetadatafield>\n              <fieldlabel>question_type</fieldlabel>\n              <fieldentry>{kind}</fieldentry>\n            </qtimetadatafield>\n",
            "            <qtimetadatafield>\n              <fieldlabel>points_possible</fieldlabel>\n              <fieldentry>1</fieldentry>\n            </qtimetadatafield>\n",
            "            <qtimetadatafield>\n              <fieldlabel>original_answer_ids</fieldlabel>\n              <fieldentry>{ids}</fieldentry>\n            </qtimetadatafield>\n",
            "            <qtimetadatafield>\n              <fieldlabel>assessment_question_identifierref</fieldlabel>\n              <fieldentry>{item}_ref</fieldentry>\n            </qtimetadatafield>\n",
            "          </qtimetadata>\n        </itemmetadata>\n",
            "        <presentation>\n          <material>\n            <mattext texttype=\"text/html\">{stem}</mattext>\n          </material>\n",
            "          <response_lid ident=\"response1\" rcardinality=\"{card}\">\n            <render_choice>\n",
        ),
        item = item,
        title = escape(&title(question, lang)),
        kind = kind,
        ids = labels.join(","),
        stem = html(question.stem.get_or_first(lang), images),
        card = if s.multiple { "Multiple" } else { "Single" },
    ));
    for (option, ident) in question.options.iter().zip(&labels) {
        x.push_str(&format!(
            "              <response_label ident=\"{ident}\">\n                <material>\n                  <mattext texttype=\"text/html\">{}</mattext>\n                </material>\n              </response_label>\n",
            html(option.text.get_or_first(lang), images)
        ));
    }
    x.push_str(concat!(
        "            </render_choice>\n          </response_lid>\n        </presentation>\n",
        "        <resprocessing>\n          <outcomes>\n            <decvar maxvalue=\"100\" minvalue=\"0\" varname=\"SCORE\" vartype=\"Decimal\"/>\n          </outcomes>\n",
    ));
    if question.explanation.is_some() {
        x.push_str("          <respcondition continue=\"Yes\">\n            <conditionvar>\n              <other/>\n            </conditionvar>\n            <displayfeedback feedbacktype=\"Response\" linkrefid=\"general_fb\"/>\n          </respcondition>\n");
    }
    for (option, ident) in question.options.iter().zip(&labels) {
        if option.feedback.is_some() {
            x.push_str(&format!(
                "          <respcondition continue=\"Yes\">\n            <conditionvar>\n              <varequal respident=\"response1\">{ident}</varequal>\n            </conditionvar>\n            <displayfeedback feedbacktype=\"Response\" linkrefid=\"{ident}_fb\"/>\n          </respcondition>\n"
            ));
        }
    }
    x.push_str("          <respcondition continue=\"No\">\n            <conditionvar>\n");
    if s.multiple {
        x.push_str("              <and>\n");
        for (i, ident) in labels.iter().enumerate() {
            if s.keys.contains(&i) {
                x.push_str(&format!(
                    "                <varequal respident=\"response1\">{ident}</varequal>\n"
                ));
            } else {
                x.push_str(&format!(
                    "                <not>\n                  <varequal respident=\"response1\">{ident}</varequal>\n                </not>\n"
                ));
            }
        }
        x.push_str("              </and>\n");
    } else if let Some(&k) = s.keys.first() {
        x.push_str(&format!(
            "              <varequal respident=\"response1\">{}</varequal>\n",
            labels[k]
        ));
    }
    x.push_str("            </conditionvar>\n            <setvar action=\"Set\" varname=\"SCORE\">100</setvar>\n          </respcondition>\n        </resprocessing>\n");
    if let Some(explanation) = &question.explanation {
        push_feedback(
            x,
            "general_fb",
            &html(explanation.get_or_first(lang), images),
        );
    }
    for (option, ident) in question.options.iter().zip(&labels) {
        if let Some(feedback) = &option.feedback {
            push_feedback(
                x,
                &format!("{ident}_fb"),
                &html(feedback.get_or_first(lang), images),
            );
        }
    }
    x.push_str("      </item>\n");
}

fn push_feedback(x: &mut String, ident: &str, html: &str) {
    x.push_str(&format!(
        "        <itemfeedback ident=\"{ident}\">\n          <flow_mat>\n            <material>\n              <mattext texttype=\"text/html\">{html}</mattext>\n            </material>\n          </flow_mat>\n        </itemfeedback>\n"
    ));
}
