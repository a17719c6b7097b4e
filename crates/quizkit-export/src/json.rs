//! JSON (`--to json`): the whole bank as one document, for other tools to build on.
//!
//! Every language, always: `--lang` does not apply (a warning says so when it is given). Each
//! text carries its Markdown source and the HTML it renders to (math as `\( … \)`), and, when
//! it shows images from the bank, the files they name (`media`: the link as written, the
//! file's path in the bank, media type, byte size and SHA-256; with `--embed-media` also its
//! bytes in base64). The HTML keeps each link as written. Keys come
//! in a fixed order, languages in the bank's order, so the same bank gives the same bytes.
//! [`FORMAT_VERSION`] changes when a field changes meaning or goes away; new fields may be
//! added within a version. The JSON Schema ([`schema`]) is committed as
//! `schema/export.schema.json`.

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::ser::{Serialize, SerializeMap, Serializer};

use quizkit_model::{Bank, Difficulty, LocalizedText, Question, index_letter};

use base64::Engine as _;

use crate::markdown::{self, Math};
use crate::media::{self, Found};
use crate::{Error, File, Kind, LangChoice, Options, Output, Warning};

/// The format version written in `version`.
pub const FORMAT_VERSION: u32 = 1;

/// The file name.
pub const FILE_NAME: &str = "bank.json";

/// The export: a bank with its categories, topics and questions.
#[derive(Debug, serde::Serialize, JsonSchema)]
#[schemars(
    title = "quizkit JSON export",
    description = "A question bank exported by `quizkit export --to json`.",
    deny_unknown_fields
)]
pub struct Export {
    /// The format version of this document (see the quizkit README).
    #[schemars(range(min = 1, max = 1))]
    pub version: u32,
    /// The bank.
    pub bank: BankOut,
    /// The categories, in bank order.
    pub categories: Vec<CategoryOut>,
}

/// The bank's identity.
#[derive(Debug, serde::Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BankOut {
    /// The bank's stable id (`quizkit.toml` `id`).
    pub id: String,
    /// The bank's title, or null when `quizkit.toml` gives none (inline HTML).
    pub title: Option<Text>,
    /// The bank's languages; the first is the default.
    #[schemars(length(min = 1))]
    pub languages: Vec<String>,
    /// The number of questions in the bank.
    pub question_count: usize,
}

/// A category: a folder of topics.
#[derive(Debug, serde::Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CategoryOut {
    /// The folder name.
    pub slug: String,
    /// The title, or the folder name when `category.toml` gives none (inline HTML).
    pub title: Text,
    /// The description, or null (block HTML).
    pub description: Option<Text>,
    /// The topics, in bank order.
    pub topics: Vec<TopicOut>,
}

/// A topic: a folder of questions.
#[derive(Debug, serde::Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TopicOut {
    /// The folder name.
    pub slug: String,
    /// The title, or the folder name when `topic.toml` gives none (inline HTML).
    pub title: Text,
    /// The introduction, or null (block HTML).
    pub summary: Option<Text>,
    /// The key points, in order (block HTML).
    pub key_points: Vec<Text>,
    /// The questions: files in name order, questions in file order.
    pub questions: Vec<QuestionOut>,
}

/// A multiple-choice question.
#[derive(Debug, serde::Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct QuestionOut {
    /// The stable id, unique in the bank.
    pub id: String,
    /// The question (block HTML).
    pub stem: Text,
    /// The options, in authored order (A first).
    pub options: Vec<OptionOut>,
    /// The key.
    pub answer: AnswerOut,
    /// Why the key is right, or null (block HTML).
    pub explanation: Option<Text>,
    /// Tags, as written.
    pub tags: Vec<String>,
    /// `easy`, `medium`, `hard`, or null when not given.
    pub difficulty: Option<DifficultyOut>,
    /// Ids of related questions.
    pub related: Vec<String>,
    /// Arithmetic claims the explanation relies on, as checked by `quizkit lint`.
    pub checks: Vec<String>,
    /// Whether a target may shuffle the options (the question's `shuffle`, else the bank's,
    /// else true).
    pub shuffle: bool,
}

/// One option.
#[derive(Debug, serde::Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct OptionOut {
    /// Its letter: `A` for the first.
    #[schemars(regex(pattern = r"^[A-Z]$"))]
    pub letter: String,
    /// Whether the key names it.
    pub correct: bool,
    /// The option (inline HTML).
    pub text: Text,
    /// Feedback for a learner who picks it, or null (inline HTML).
    pub feedback: Option<Text>,
}

/// The key of a question.
#[derive(Debug, serde::Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct AnswerOut {
    /// The letters of the correct options, in the order written.
    #[schemars(inner(regex(pattern = r"^[A-Z]$")))]
    pub letters: Vec<String>,
    /// Their 0-based indices into `options`.
    pub indices: Vec<usize>,
    /// True for a multiple-response question (the key was written as a list).
    pub multiple: bool,
}

/// How hard a question is.
#[derive(Debug, serde::Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum DifficultyOut {
    /// Recall of a fact.
    Easy,
    /// Understanding or a short application.
    Medium,
    /// Analysis or a multi-step calculation.
    Hard,
}

/// A text in every language of the bank, in the bank's language order: language code →
/// Markdown source and rendered HTML.
#[derive(Debug)]
pub struct Text(pub Vec<(String, TextOut)>);

/// One language's version of a text.
#[derive(Debug, serde::Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TextOut {
    /// The Markdown source, as written.
    pub markdown: String,
    /// The HTML it renders to; raw HTML in the source is escaped, math is `\( … \)`.
    pub html: String,
    /// The bank's image files the text shows, in the order of their links (left out when
    /// there are none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub media: Vec<MediaOut>,
}

/// An image file of the bank that a text shows.
#[derive(Debug, Clone, serde::Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MediaOut {
    /// The link's destination as written in the Markdown (`roofline.svg`).
    pub dest: String,
    /// The file's path relative to the bank root, `/`-separated (`hw/gpu/roofline.svg`).
    pub path: String,
    /// Its media type, from its bytes (`image/svg+xml`).
    #[schemars(regex(pattern = r"^image/(png|jpeg|gif|webp|svg\+xml)$"))]
    pub media_type: String,
    /// Its size in bytes.
    pub size: usize,
    /// The SHA-256 of its bytes, 64 lowercase hex digits.
    #[schemars(regex(pattern = r"^[0-9a-f]{64}$"))]
    pub sha256: String,
    /// Its bytes in base64 (RFC 4648, padded), with `--embed-media` only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^[A-Za-z0-9+/]*={0,2}$"))]
    pub data: Option<String>,
}

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (lang, text) in &self.0 {
            map.serialize_entry(lang, text)?;
        }
        map.end()
    }
}

impl JsonSchema for Text {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Text".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let entry = generator.subschema_for::<TextOut>();
        json_schema!({
            "description": "A text in every language of the bank, keyed by language code in the bank's order.",
            "type": "object",
            "propertyNames": { "pattern": "^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$" },
            "additionalProperties": entry,
            "minProperties": 1
        })
    }
}

/// Whether a text is a paragraph-level block or a short inline text.
#[derive(Clone, Copy)]
enum Form {
    Block,
    Inline,
}

struct Ctx<'a> {
    bank: &'a Bank,
    langs: Vec<&'a str>,
    /// Whether each file's bytes go into its `media` entry.
    embed_media: bool,
    /// Links to files the bank lacks, found while writing (from several threads).
    warnings: std::sync::Mutex<Vec<Warning>>,
}

impl Ctx<'_> {
    /// `text` in every language; its image links are relative to the bank folder `dir`.
    fn text(&self, text: &LocalizedText, form: Form, dir: &str, question: Option<&str>) -> Text {
        Text(
            self.langs
                .iter()
                .map(|lang| {
                    let source = text.get_or_first(lang).to_owned();
                    let html = match form {
                        Form::Block => markdown::to_html(&source, Math::Delimiters),
                        Form::Inline => markdown::to_inline_html(&source, Math::Delimiters),
                    };
                    let media = self.media(&source, dir, question);
                    (
                        (*lang).to_owned(),
                        TextOut {
                            markdown: source,
                            html,
                            media,
                        },
                    )
                })
                .collect(),
        )
    }

    /// The bank files the images of `source` name; a link to a file the bank lacks is a
    /// warning.
    fn media(&self, source: &str, dir: &str, question: Option<&str>) -> Vec<MediaOut> {
        let mut out = Vec::new();
        for link in quizkit_model::media::image_links(source) {
            match media::find(self.bank, dir, &link.dest) {
                Found::Carried(image) => out.push(MediaOut {
                    dest: link.dest,
                    path: image.path.to_owned(),
                    media_type: image.media_type.mime().to_owned(),
                    size: image.bytes.len(),
                    sha256: image.sha256(),
                    data: self
                        .embed_media
                        .then(|| base64::engine::general_purpose::STANDARD.encode(image.bytes)),
                }),
                Found::External => {}
                Found::NotCarried(why) => {
                    let warning = media::not_carried(question, "json", &link.dest, &why);
                    if let Ok(mut warnings) = self.warnings.lock() {
                        warnings.push(warning);
                    }
                }
            }
        }
        out
    }

    fn title(&self, title: Option<&LocalizedText>, slug: &str, dir: &str) -> Text {
        match title {
            Some(t) => self.text(t, Form::Inline, dir, None),
            None => Text(
                self.langs
                    .iter()
                    .map(|l| {
                        (
                            (*l).to_owned(),
                            TextOut {
                                markdown: slug.to_owned(),
                                html: markdown::to_inline_html(slug, Math::Delimiters),
                                media: Vec::new(),
                            },
                        )
                    })
                    .collect(),
            ),
        }
    }

    fn question(&self, bank: &Bank, dir: &str, q: &Question) -> QuestionOut {
        let id = Some(q.id.value.as_str());
        let letters: Vec<String> = q
            .answer
            .as_ref()
            .map(|a| a.letters.iter().map(|l| l.value.clone()).collect())
            .unwrap_or_default();
        let indices = q.key_indices();
        QuestionOut {
            id: q.id.value.clone(),
            stem: self.text(&q.stem, Form::Block, dir, id),
            options: q
                .options
                .iter()
                .enumerate()
                .map(|(i, o)| OptionOut {
                    letter: index_letter(i).to_string(),
                    correct: indices.contains(&i),
                    text: self.text(&o.text, Form::Inline, dir, id),
                    feedback: o
                        .feedback
                        .as_ref()
                        .map(|f| self.text(f, Form::Inline, dir, id)),
                })
                .collect(),
            answer: AnswerOut {
                letters,
                indices,
                multiple: q.is_multiple_response(),
            },
            explanation: q
                .explanation
                .as_ref()
                .map(|e| self.text(e, Form::Block, dir, id)),
            tags: q.tags.iter().map(|t| t.value.clone()).collect(),
            difficulty: q.difficulty.as_ref().map(|d| match d.value {
                Difficulty::Easy => DifficultyOut::Easy,
                Difficulty::Medium => DifficultyOut::Medium,
                Difficulty::Hard => DifficultyOut::Hard,
            }),
            related: q.related.iter().map(|r| r.value.clone()).collect(),
            checks: q.checks.iter().map(|c| c.value.clone()).collect(),
            shuffle: bank.shuffles(q),
        }
    }
}

impl<'a> Ctx<'a> {
    fn new(bank: &'a Bank, embed_media: bool) -> Self {
        Ctx {
            bank,
            langs: bank.config.languages().collect(),
            embed_media,
            warnings: std::sync::Mutex::new(Vec::new()),
        }
    }
}

/// The export document of `bank`, every language.
pub fn document(bank: &Bank) -> Export {
    document_with(&Ctx::new(bank, false), bank, true)
}

/// The export document of `bank`; without `questions`, every topic's list of questions is
/// left empty.
fn document_with(ctx: &Ctx<'_>, bank: &Bank, questions: bool) -> Export {
    Export {
        version: FORMAT_VERSION,
        bank: BankOut {
            id: bank.config.id.value.clone(),
            title: bank
                .config
                .title
                .as_ref()
                .map(|t| ctx.text(t, Form::Inline, "", None)),
            languages: ctx.langs.iter().map(|l| (*l).to_owned()).collect(),
            question_count: bank.question_count(),
        },
        categories: bank
            .categories
            .iter()
            .map(|c| CategoryOut {
                slug: c.slug.clone(),
                title: ctx.title(c.meta.title.as_ref().map(|t| &t.value), &c.slug, &c.slug),
                description: c
                    .meta
                    .description
                    .as_ref()
                    .map(|d| ctx.text(d, Form::Block, &c.slug, None)),
                topics: c
                    .topics
                    .iter()
                    .map(|t| {
                        let dir = Bank::topic_dir(c, t);
                        TopicOut {
                            slug: t.slug.clone(),
                            title: ctx.title(
                                t.meta.title.as_ref().map(|t| &t.value),
                                &t.slug,
                                &dir,
                            ),
                            summary: t
                                .meta
                                .summary
                                .as_ref()
                                .map(|s| ctx.text(s, Form::Block, &dir, None)),
                            key_points: t
                                .meta
                                .key_points
                                .iter()
                                .map(|k| ctx.text(k, Form::Block, &dir, None))
                                .collect(),
                            questions: if questions {
                                t.questions
                                    .iter()
                                    .map(|q| ctx.question(bank, &dir, q))
                                    .collect()
                            } else {
                                Vec::new()
                            },
                        }
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// Exports `bank` as JSON, every language whatever `options.lang` says.
pub fn export(bank: &Bank, options: &Options) -> Result<Output, Error> {
    let mut warnings = Vec::new();
    if let LangChoice::One(lang) = &options.lang {
        options.languages(bank)?;
        warnings.push(Warning {
            question: None,
            message: format!(
                "the JSON export always holds every language; `--lang {lang}` does not apply"
            ),
            kind: Kind::Limit,
        });
    }
    let ctx = Ctx::new(bank, options.embed_media);
    let mut bytes = write(&ctx, bank).map_err(|e| Error {
        question: None,
        message: format!("cannot write JSON: {e}"),
    })?;
    bytes.push(b'\n');
    let mut found = ctx.warnings.into_inner().unwrap_or_default();
    found.sort_by(|a, b| (&a.question, &a.message).cmp(&(&b.question, &b.message)));
    found.dedup();
    warnings.extend(found);
    Ok(Output {
        files: vec![File {
            path: FILE_NAME.to_owned(),
            bytes,
        }],
        warnings,
    })
}

/// How many topics' questions are written at a time, in parallel, before they are appended.
const BATCH: usize = 64;

/// The empty list of questions that [`write`] fills in, as the skeleton document holds it.
const EMPTY_QUESTIONS: &str = "\"questions\": []";

/// The pretty-printed document of `bank`, the same bytes as serializing [`document`], without
/// holding the whole document: the document without questions is written first, then each
/// topic's questions are written (in parallel, a batch of topics at a time) into its place.
/// Inside JSON strings `"` is escaped, so `"questions": []` occurs only as a topic's key.
fn write(ctx: &Ctx<'_>, bank: &Bank) -> Result<Vec<u8>, serde_json::Error> {
    use rayon::prelude::*;
    let skeleton = serde_json::to_string_pretty(&document_with(ctx, bank, false))?;
    let topics: Vec<(String, &quizkit_model::Topic)> = bank
        .topics()
        .map(|(c, t)| (Bank::topic_dir(c, t), t))
        .collect();
    let mut out = Vec::with_capacity(skeleton.len());
    let mut rest = skeleton.as_str();
    let total: usize = topics.iter().map(|(_, t)| t.questions.len()).sum();
    let mut done = 0;
    for batch in topics.chunks(BATCH) {
        reserve_projected(&mut out, done, total);
        done += batch.iter().map(|(_, t)| t.questions.len()).sum::<usize>();
        let written: Vec<Vec<String>> = batch
            .par_iter()
            .map(|(dir, topic)| {
                topic
                    .questions
                    .par_iter()
                    .map(|q| serde_json::to_string_pretty(&ctx.question(bank, dir, q)))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<_, _>>()?;
        for questions in written {
            let Some(at) = rest.find(EMPTY_QUESTIONS) else {
                return Err(serde::ser::Error::custom(
                    "a topic's questions have no place in the document",
                ));
            };
            let key_end = at + EMPTY_QUESTIONS.len() - 2;
            out.extend_from_slice(&rest.as_bytes()[..key_end]);
            let line = out.iter().rposition(|&b| b == b'\n').map_or(0, |n| n + 1);
            let indent = out[line..].iter().take_while(|&&b| b == b' ').count();
            rest = &rest[key_end..];
            if questions.is_empty() {
                continue;
            }
            let item_indent = indent + 2;
            out.push(b'[');
            for (i, question) in questions.iter().enumerate() {
                out.push(b'\n');
                out.resize(out.len() + item_indent, b' ');
                for (j, line) in question.split('\n').enumerate() {
                    if j > 0 {
                        out.push(b'\n');
                        out.resize(out.len() + item_indent, b' ');
                    }
                    out.extend_from_slice(line.as_bytes());
                }
                if i + 1 < questions.len() {
                    out.push(b',');
                }
            }
            out.push(b'\n');
            out.resize(out.len() + indent, b' ');
            out.push(b']');
            rest = &rest[2..];
        }
    }
    out.extend_from_slice(rest.as_bytes());
    Ok(out)
}

/// Makes room in `out`, which holds the document up to the questions of `done` of `total`
/// questions, for the rest of it, projected from the size so far with a margin. A buffer
/// that grows by doubling copies itself into a new allocation each time, and at the end the
/// old half and the new whole are both alive: on a large bank that was half the output again
/// in peak memory. Capacity that is reserved but never written costs address space, not memory.
fn reserve_projected(out: &mut Vec<u8>, done: usize, total: usize) {
    if done == 0 || done >= total {
        return;
    }
    let projected = out.len() / done * total;
    let wanted = projected + projected / 2;
    if out.capacity() < wanted {
        out.reserve_exact(wanted - out.len());
    }
}

/// The JSON Schema of the export (draft 7), pretty-printed with a trailing newline: what
/// `schema/export.schema.json` holds.
pub fn schema() -> String {
    let generator = SchemaSettings::draft07().for_serialize().into_generator();
    let schema = generator.into_root_schema_for::<Export>();
    let mut json = serde_json::to_string_pretty(&schema).unwrap_or_default();
    json.push('\n');
    json
}

#[cfg(test)]
mod media_tests {
    use super::*;
    use crate::media::testing;

    fn doc(embed_media: bool) -> (serde_json::Value, Vec<Warning>) {
        let options = Options {
            embed_media,
            ..Options::default()
        };
        let output = export(&testing::bank(), &options).expect("export");
        let doc = serde_json::from_slice(&output.files[0].bytes).expect("JSON");
        (doc, output.warnings)
    }

    #[test]
    fn each_text_lists_its_media_and_embed_media_adds_the_bytes() {
        use base64::Engine as _;
        let (plain, warnings) = doc(false);
        let q = &plain["categories"][0]["topics"][0]["questions"][0];
        let stem = &q["stem"]["en"]["media"];
        assert_eq!(stem.as_array().map(Vec::len), Some(1), "{stem}");
        assert_eq!(stem[0]["dest"], "diagram één #1.svg");
        assert_eq!(stem[0]["path"], "c/t/diagram één #1.svg");
        assert_eq!(stem[0]["media_type"], "image/svg+xml");
        assert_eq!(stem[0]["size"], testing::SVG.len());
        let image = media::Image {
            path: "",
            media_type: quizkit_model::MediaType::Svg,
            bytes: testing::SVG.as_bytes(),
        };
        assert_eq!(stem[0]["sha256"], image.sha256());
        assert!(stem[0].get("data").is_none());
        assert_eq!(
            q["options"][1]["text"]["en"]["media"][0]["path"],
            "media/dot.png"
        );
        assert_eq!(q["explanation"]["en"]["media"][0]["path"], "media/dot.png");
        // No media, no key; a missing file is a warning, not an entry.
        assert!(q["options"][0]["text"]["en"].get("media").is_none());
        assert!(q["options"][2]["text"]["en"].get("media").is_none());
        assert_eq!(
            warnings
                .iter()
                .filter(|w| w.message.contains("`missing.png`"))
                .count(),
            1,
            "{warnings:?}"
        );
        let (embedded, _) = doc(true);
        let data = embedded["categories"][0]["topics"][0]["questions"][0]["options"][1]["text"]
            ["en"]["media"][0]["data"]
            .as_str()
            .expect("data");
        assert_eq!(
            base64::engine::general_purpose::STANDARD
                .decode(data)
                .expect("base64"),
            testing::PNG
        );
    }
}
