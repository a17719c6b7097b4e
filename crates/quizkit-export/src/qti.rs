//! IMS QTI 2.1 (`--to qti`): a content package, `qti.zip`, for the LMSs that import QTI 2.1
//! (Blackboard, Brightspace, OpenOLAT, TAO, Inspera and others; Canvas has its own target,
//! [`crate::canvas`]).
//!
//! The package holds
//! - `imsmanifest.xml` (IMS Content Packaging 1.1): one resource per test and per item, the
//!   tests depending on their items, each item's question id, tags and difficulty as IEEE LOM
//!   metadata and its kind as QTI metadata;
//! - `items/<identifier>.xml`: one `assessmentItem` per question and language (`item`);
//! - `tests/<identifier>.xml`: one `assessmentTest` per topic and language, whose one section
//!   references the topic's items, so that an LMS that imports tests gets the topic as a quiz
//!   and one that imports items gets a pool;
//! - `media/<hash>.<ext>`: each image file of the bank that an item shows, once
//!   (the `media` module), referenced from the item as `../media/…` with its width and height, and
//!   listed as a `file` of every item resource that shows it.
//!
//! Identifiers are the question ids when those are NCNames (as QTI requires), else the id made
//! one (`_` for what an NCName cannot hold) plus the start of the SHA-1 of the id, so they are
//! stable and distinct. Languages: one language per item (`xml:lang`). `--lang all` writes
//! every language into the same package as items and tests of their own (identifiers and
//! titles end in the language), so one import brings in every language, each a quiz a
//! teacher can publish to the students of that language; QTI has no way to show one item in
//! the reader's language.
//!
//! Refused with an error: characters XML 1.0 forbids, an image link that names no image file
//! of the bank (`https://` and `data:` images go out as they are), questions a choice
//! interaction cannot hold (fewer than two options, a blank option, a key that names no
//! option), and two questions whose identifiers would be the same.

pub(crate) mod item;
pub(crate) mod media;
pub(crate) mod xhtml;

use std::collections::BTreeMap;

use quizkit_model::{Bank, Category, Difficulty, Question, Topic};
use rayon::prelude::*;
use sha1_smol::Sha1;

use self::item::{Scoring, item_xml, scoring};
use self::media::Carried;
use self::xhtml::escape;
use crate::moodle::common::{self, plain_line};
use crate::{
    Error, File, Kind, LangChoice, Layout, Needs, Options, Output, Target, Warning, zipped,
};

/// The package's file name.
pub const FILE_NAME: &str = "qti.zip";

/// The QTI 2.1 target.
pub const TARGET: Target = Target {
    name: "qti",
    summary: "IMS QTI 2.1 content package (.zip) for Blackboard, Brightspace, OpenOLAT, TAO…",
    default_path: FILE_NAME,
    layout: Layout::File,
    needs: Needs {
        change_times: false,
    },
    export,
};

/// Items per part of the zip: each part is deflated on its own thread, with one compressor
/// for all its entries.
const CHUNK: usize = 1024;

/// One item of the package.
struct ItemRef<'a> {
    category: &'a Category,
    topic: &'a Topic,
    question: &'a Question,
    lang: &'a str,
    identifier: String,
    scoring: Scoring,
}

impl ItemRef<'_> {
    fn href(&self) -> String {
        format!("items/{}.xml", self.identifier)
    }
}

/// Exports `bank` as a QTI 2.1 content package.
pub fn export(bank: &Bank, options: &Options) -> Result<Output, Error> {
    let langs = options.languages(bank)?;
    common::check_characters(bank)?;
    let several = langs.len() > 1;
    let suffix = |base: &str, lang: &str| {
        if several {
            format!("{base}.{lang}")
        } else {
            base.to_owned()
        }
    };
    let mut ids = Identifiers::default();
    // Per topic and language: the test identifier, title, and its items.
    let mut tests: Vec<(String, String, Vec<ItemRef<'_>>)> = Vec::new();
    for lang in &langs {
        for (category, topic) in bank.topics() {
            if topic.questions.is_empty() {
                continue;
            }
            let identifier = ids.claim(
                &suffix(&format!("test-{}-{}", category.slug, topic.slug), lang),
                None,
            )?;
            let mut title = plain_line(topic.title(lang));
            if several {
                title = format!("{title} ({lang})");
            }
            let mut items = Vec::with_capacity(topic.questions.len());
            for question in &topic.questions {
                items.push(ItemRef {
                    category,
                    topic,
                    question,
                    lang,
                    identifier: ids.claim(&suffix(&question.id, lang), Some(&question.id))?,
                    scoring: scoring(question)?,
                });
            }
            tests.push((identifier, title, items));
        }
    }
    let bank_id = bank.config.id.value.as_str();
    let all: Vec<&ItemRef<'_>> = tests.iter().flat_map(|(_, _, items)| items).collect();
    // The bank files each item shows, then each file's name in the package.
    let sources: Vec<Vec<&str>> = all
        .par_iter()
        .map(|item| {
            let texts = media::question_texts(item.question, item.lang);
            media::sources(
                bank,
                item.category,
                item.topic,
                Some(&item.question.id),
                &texts,
            )
        })
        .collect::<Result<_, Error>>()?;
    let carried = Carried::new(&bank.media, sources.iter().flatten().copied().collect());
    // The manifest's part for each chunk of items, and the items' titles, in parallel.
    let described: Vec<(String, Vec<String>)> = all
        .par_chunks(CHUNK)
        .zip(sources.par_chunks(CHUNK))
        .map(|(chunk, sources)| {
            let mut manifest = String::with_capacity(chunk.len() * 1024);
            let titles = chunk
                .iter()
                .zip(sources)
                .map(|(item, sources)| {
                    let title = item::title(item.question, item.lang);
                    let mut files: Vec<&str> = Vec::new();
                    for packed in sources.iter().filter_map(|s| carried.get(s)) {
                        if !files.contains(&packed.path.as_str()) {
                            files.push(&packed.path);
                        }
                    }
                    push_item_resource(&mut manifest, bank_id, item, &title, &files);
                    title
                })
                .collect();
            (manifest, titles)
        })
        .collect();
    // The manifest: its head and the tests' resources, then each chunk's part as it is, never
    // copied into one string.
    let mut manifest = String::with_capacity(tests.len() * 1024 + 4096);
    manifest_head(&mut manifest, &ids.manifest(bank_id));
    let mut test_files = Vec::with_capacity(tests.len());
    for (identifier, title, items) in &tests {
        let href = format!("tests/{identifier}.xml");
        manifest.push_str(&format!(
            "    <resource identifier=\"R-{identifier}\" type=\"imsqti_test_xmlv2p1\" href=\"{href}\">\n      <file href=\"{href}\"/>\n"
        ));
        for item in items {
            manifest.push_str(&format!(
                "      <dependency identifierref=\"R-{}\"/>\n",
                item.identifier
            ));
        }
        manifest.push_str("    </resource>\n");
        test_files.push((href, test_xml(identifier, title, items)));
    }
    let mut pieces: Vec<&[u8]> = vec![manifest.as_bytes()];
    pieces.extend(described.iter().map(|(fragment, _)| fragment.as_bytes()));
    pieces.push(b"  </resources>\n</manifest>\n");
    let titles: Vec<&str> = described
        .iter()
        .flat_map(|(_, titles)| titles.iter().map(String::as_str))
        .collect();
    let mut head: Vec<(&str, Vec<&[u8]>)> = vec![("imsmanifest.xml", pieces)];
    head.extend(
        test_files
            .iter()
            .map(|(p, x)| (p.as_str(), vec![x.as_bytes()])),
    );
    let media_files = carried.files();
    head.extend(media_files.iter().map(|(p, b)| (*p, vec![*b])));
    // The manifest and tests are deflated on one thread while the items are, in chunks, on
    // the others.
    let (head_zip, item_zips) = rayon::join(
        || zipped::zip_pieces(&head, options.timestamp, "QTI"),
        || {
            all.par_chunks(CHUNK)
                .zip(titles.par_chunks(CHUNK))
                .map(|(chunk, titles)| {
                    let xml: Vec<(String, String)> = chunk
                        .iter()
                        .zip(titles)
                        .map(|(item, title)| {
                            (
                                item.href(),
                                item_xml(
                                    bank,
                                    item.question,
                                    &item.scoring,
                                    (&item.identifier, item.lang, title),
                                    &mut |dest| {
                                        carried.img(bank, item.category, item.topic, dest, "../")
                                    },
                                ),
                            )
                        })
                        .collect();
                    let files: Vec<(&str, &[u8])> = xml
                        .iter()
                        .map(|(p, x)| (p.as_str(), x.as_bytes()))
                        .collect();
                    zipped::zip(&files, options.timestamp, "QTI")
                })
                .collect::<Result<Vec<_>, Error>>()
        },
    );
    let mut zips = vec![head_zip?];
    zips.extend(item_zips?);
    let entries = 1 + test_files.len() + media_files.len() + all.len();
    let bytes = zipped::concat(zips, entries, "QTI")?;
    Ok(Output {
        files: vec![File {
            path: FILE_NAME.to_owned(),
            bytes,
        }],
        warnings: warnings(
            bank,
            options,
            &langs,
            "QTI",
            "`--lang all` writes each language as items and tests of its own",
        ),
    })
}

/// The language note for a bank of several languages written in one, and the related
/// questions no QTI field holds.
pub(crate) fn warnings(
    bank: &Bank,
    options: &Options,
    langs: &[&str],
    target: &str,
    all: &str,
) -> Vec<Warning> {
    let mut warnings = Vec::new();
    let every: Vec<&str> = bank.config.languages().collect();
    if options.lang == LangChoice::Default && every.len() > 1 {
        warnings.push(Warning {
            question: None,
            message: format!(
                "wrote {} only, the bank's first language; {all}",
                langs.join(", ")
            ),
            kind: Kind::Limit,
        });
    }
    let related = bank
        .questions()
        .filter(|(_, _, q)| !q.related.is_empty())
        .count();
    if related > 0 {
        warnings.push(Warning {
            question: None,
            message: format!(
                "{target} has no field for related questions; left out of {related} question(s) (the json and html exports keep them)"
            ),
            kind: Kind::Limit,
        });
    }
    warnings
}

/// The identifiers of a package, each claimed once.
#[derive(Default)]
pub(crate) struct Identifiers {
    /// Lowercased identifier → what claimed it, so that two never differ only in case (their
    /// files would collide on a case-insensitive disk).
    seen: BTreeMap<String, String>,
}

impl Identifiers {
    /// `wanted` as an NCName, claimed for the question `question` (or a test).
    pub(crate) fn claim(&mut self, wanted: &str, question: Option<&str>) -> Result<String, Error> {
        let id = ncname(wanted);
        if let Some(other) = self.seen.insert(id.to_lowercase(), wanted.to_owned()) {
            return Err(Error {
                question: question.map(str::to_owned),
                message: format!(
                    "its identifier in the package, `{id}`, is also that of `{other}` (identifiers ignore case here, as file names on some disks do); give one of them another id or folder name"
                ),
            });
        }
        Ok(id)
    }

    fn manifest(&self, bank_id: &str) -> String {
        ncname(&format!("manifest-{bank_id}"))
    }
}

/// True for an ASCII NCName: a letter or `_`, then letters, digits, `-`, `.` and `_`.
pub(crate) fn is_ncname(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_'))
}

/// `s` if it is an ASCII NCName, else `s` with `_` for every character an NCName cannot
/// hold (and before a first character that cannot start one), then `_` and the first eight hex
/// digits of the SHA-1 of `s`: stable, and distinct for distinct `s`.
pub(crate) fn ncname(s: &str) -> String {
    if is_ncname(s) {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len() + 10);
    if !s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        out.push('_');
    }
    out.extend(s.chars().map(|c| {
        if c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_') {
            c
        } else {
            '_'
        }
    }));
    out.push('_');
    out.push_str(&Sha1::from(s).digest().to_string()[..8]);
    out
}

fn manifest_head(x: &mut String, identifier: &str) {
    x.push_str(&format!(
        concat!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
            "<manifest xmlns=\"http://www.imsglobal.org/xsd/imscp_v1p1\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" identifier=\"{}\" xsi:schemaLocation=\"http://www.imsglobal.org/xsd/imscp_v1p1 http://www.imsglobal.org/xsd/imscp_v1p1.xsd http://ltsc.ieee.org/xsd/LOM http://www.imsglobal.org/xsd/imsmd_loose_v1p3p2.xsd http://www.imsglobal.org/xsd/imsqti_metadata_v2p1 http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_metadata_v2p1.xsd\">\n",
            "  <metadata>\n    <schema>QTIv2.1 Package</schema>\n    <schemaversion>1.0.0</schemaversion>\n  </metadata>\n",
            "  <organizations/>\n",
            "  <resources>\n",
        ),
        identifier
    ));
}

/// The LOM term for a difficulty (IEEE LOM 5.8's vocabulary).
fn lom_difficulty(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "easy",
        Difficulty::Medium => "medium",
        Difficulty::Hard => "difficult",
    }
}

/// The manifest resource of one item; `media` are the package paths of the images it shows.
fn push_item_resource(
    x: &mut String,
    bank_id: &str,
    item: &ItemRef<'_>,
    title: &str,
    media: &[&str],
) {
    let href = item.href();
    let q = item.question;
    let lang = escape(item.lang);
    x.push_str(&format!(
        "    <resource identifier=\"R-{}\" type=\"imsqti_item_xmlv2p1\" href=\"{href}\">\n      <metadata>\n        <lom xmlns=\"http://ltsc.ieee.org/xsd/LOM\">\n          <general>\n            <identifier><catalog>{}</catalog><entry>{}</entry></identifier>\n            <title><string language=\"{lang}\">{}</string></title>\n            <language>{lang}</language>\n",
        item.identifier,
        escape(&format!("quizkit:{bank_id}")),
        escape(&q.id),
        escape(title),
    ));
    for tag in &q.tags {
        x.push_str(&format!(
            "            <keyword><string language=\"{lang}\">{}</string></keyword>\n",
            escape(tag)
        ));
    }
    x.push_str("          </general>\n");
    if let Some(d) = &q.difficulty {
        x.push_str(&format!(
            "          <educational><difficulty><source>LOMv1.0</source><value>{}</value></difficulty></educational>\n",
            lom_difficulty(d.value)
        ));
    }
    x.push_str(&format!(
        concat!(
            "        </lom>\n",
            "        <qtiMetadata xmlns=\"http://www.imsglobal.org/xsd/imsqti_metadata_v2p1\"><timeDependent>false</timeDependent><interactionType>choiceInteraction</interactionType><feedbackType>nonadaptive</feedbackType><solutionAvailable>true</solutionAvailable><toolName>quizkit</toolName><toolVersion>{}</toolVersion></qtiMetadata>\n",
            "      </metadata>\n",
            "      <file href=\"{}\"/>\n",
        ),
        env!("CARGO_PKG_VERSION"),
        href
    ));
    for path in media {
        x.push_str(&format!("      <file href=\"{path}\"/>\n"));
    }
    x.push_str("    </resource>\n");
}

/// The `assessmentTest` of one topic: one part, one section with every item, SCORE the sum.
fn test_xml(identifier: &str, title: &str, items: &[ItemRef<'_>]) -> String {
    let title = escape(title);
    let mut x = String::with_capacity(512 + items.len() * 120);
    x.push_str(&format!(
        concat!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
            "<assessmentTest xmlns=\"{ns}\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"{loc}\" identifier=\"{id}\" title=\"{title}\" toolName=\"quizkit\" toolVersion=\"{version}\">\n",
            "  <outcomeDeclaration identifier=\"SCORE\" cardinality=\"single\" baseType=\"float\">\n",
            "    <defaultValue>\n      <value>0</value>\n    </defaultValue>\n",
            "  </outcomeDeclaration>\n",
            "  <testPart identifier=\"part\" navigationMode=\"nonlinear\" submissionMode=\"individual\">\n",
            "    <assessmentSection identifier=\"section\" title=\"{title}\" visible=\"true\">\n",
        ),
        ns = item::NS,
        loc = item::SCHEMA_LOCATION,
        id = identifier,
        title = title,
        version = env!("CARGO_PKG_VERSION"),
    ));
    for item in items {
        x.push_str(&format!(
            "      <assessmentItemRef identifier=\"{}\" href=\"../{}\"/>\n",
            item.identifier,
            item.href()
        ));
    }
    x.push_str(concat!(
        "    </assessmentSection>\n",
        "  </testPart>\n",
        "  <outcomeProcessing>\n",
        "    <setOutcomeValue identifier=\"SCORE\">\n",
        "      <sum>\n        <testVariables variableIdentifier=\"SCORE\"/>\n      </sum>\n",
        "    </setOutcomeValue>\n",
        "  </outcomeProcessing>\n",
        "</assessmentTest>\n",
    ));
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_are_ncnames_and_stay_distinct() {
        assert_eq!(ncname("training-vs-inference"), "training-vs-inference");
        assert_eq!(ncname("_x.y"), "_x.y");
        let odd = ncname("3 Den Haag");
        assert!(is_ncname(&odd) && odd.starts_with("_3_Den_Haag_"), "{odd}");
        assert!(is_ncname(&ncname("1c")));
        assert!(is_ncname(&ncname("")));
        assert!(is_ncname(&ncname("ça-va")));
        assert_ne!(ncname("a b"), ncname("a_b"));
        assert_ne!(ncname("a b"), ncname("a/b"));
        assert!(!is_ncname("1c") && !is_ncname("a b") && !is_ncname("") && !is_ncname("é"));
    }

    #[test]
    fn identifiers_that_differ_only_in_case_are_refused() {
        let mut ids = Identifiers::default();
        assert_eq!(ids.claim("Q1", Some("Q1")).as_deref(), Ok("Q1"));
        let err = ids.claim("q1", Some("q1")).expect_err("a clash");
        assert_eq!(err.question.as_deref(), Some("q1"));
        assert!(err.message.contains("`Q1`"), "{}", err.message);
    }
}
