//! What the importers found, as the files of a quizkit bank.
//!
//! Categories come from the sources' category paths: the first name is the category, the
//! second the topic; the names after it are folded into the topic's title (`B / C`); a
//! question with one name gets a topic of that name, one with none lands in `imported/`.
//! Titles keep the source's names (in every language of their multilang parts), folder names
//! are slugs, categories and topics keep the order the sources give them. Ids are the
//! source's id when it is a valid quizkit id, else a slug of the question's name, else of its
//! stem, suffixed `-2`, `-3`… where taken. A topic's questions go into `questions.toml`, or
//! into numbered files of at most [`QUESTIONS_PER_FILE`] for a large topic.
//!
//! Into an existing bank, only new files are made: a category whose title or folder matches
//! an existing one gets its new topics beside the old ones, in folders of their own, and no
//! existing file is touched. Texts in a language the bank does not list are refused, since
//! that would take a change to `quizkit.toml`.

use std::collections::{BTreeMap, BTreeSet};

use quizkit_model::load::{CATEGORY_FILE, CONFIG_FILE, TOPIC_FILE};
use quizkit_model::{
    Bank, BankConfig, CategoryMeta, Diagnostic, FileId, LocalizedText, Question, Severity, Spanned,
    TopicMeta, write,
};

use crate::build::{convert_name, s};
use crate::slug::{is_valid_id, slug};
use crate::{Options, Parsed, diag, html};

/// The most questions written to one file: a topic with more is split into numbered files,
/// each well below the loader's size limit.
pub const QUESTIONS_PER_FILE: usize = 200;

/// The folder, beside the bank's files, that holds the JSON Schemas a new bank's `#:schema`
/// lines point to (hidden, so the loader never reads it).
pub const SCHEMA_DIR: &str = ".schema";

/// The bank an import adds to.
#[derive(Debug, Clone, Copy)]
pub struct Existing<'a> {
    /// The bank as loaded.
    pub bank: &'a Bank,
    /// Every name directly in the bank's folder (files and folders), so that a new category
    /// folder takes none of them.
    pub root_entries: &'a BTreeSet<String>,
    /// The `#:schema` lines of the bank's question files, `topic.toml` and `category.toml`
    /// files, as found in one of each, for the new files to carry the same.
    pub schema: &'a SchemaLines,
}

/// The `#:schema` targets of the files an import writes, by kind.
#[derive(Debug, Clone, Default)]
pub struct SchemaLines {
    /// Of question files.
    pub questions: Option<String>,
    /// Of `topic.toml`.
    pub topic: Option<String>,
    /// Of `category.toml`.
    pub category: Option<String>,
}

/// The counts the summary reports.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Questions imported.
    pub imported: usize,
    /// Questions skipped, by type (or by what was wrong).
    pub skipped: BTreeMap<String, usize>,
    /// Questions imported with a change (an id suffixed or replaced, weights made equal, a
    /// blank option dropped, HTML kept inline, an image left out).
    pub changed: usize,
    /// Categories and topics made.
    pub categories: usize,
    /// Topics made.
    pub topics: usize,
}

impl Summary {
    /// The number of questions skipped.
    pub fn skipped_total(&self) -> usize {
        self.skipped.values().sum()
    }
}

/// The bank's new files, what changed, and the counts.
#[derive(Debug, Clone, Default)]
pub struct Assembled {
    /// The new files: path relative to the bank folder, and content.
    pub files: Vec<(String, String)>,
    /// The files the questions attach (images), each beside its question's file
    /// (`category/topic/name`), and their bytes.
    pub media: Vec<(String, Vec<u8>)>,
    /// The languages of the bank (a new bank's, from the texts; an existing bank's own).
    pub languages: Vec<String>,
    /// Changes made while assembling (ids suffixed or replaced), pointing into the sources.
    pub diagnostics: Vec<Diagnostic>,
    /// The counts.
    pub summary: Summary,
}

/// Why the import cannot be assembled into the bank.
#[derive(Debug, Clone)]
pub struct Refusal {
    /// What is wrong.
    pub message: String,
    /// What to do.
    pub help: String,
}

/// Everything about a new bank that the sources do not say.
#[derive(Debug, Clone)]
pub struct NewBank {
    /// The bank's id (`quizkit.toml`'s `id`).
    pub id: String,
    /// The bank's title.
    pub title: String,
}

struct TopicOut {
    key: String,
    title: LocalizedText,
    slug: String,
    summary: Option<LocalizedText>,
    key_points: Vec<LocalizedText>,
    questions: Vec<Question>,
    /// The files its questions attach, by their name in the topic folder.
    media: Vec<(String, Vec<u8>)>,
}

struct CategoryOut {
    key: String,
    title: LocalizedText,
    slug: String,
    /// True when the category exists in the bank already: only its new topics are written.
    existing: bool,
    description: Option<LocalizedText>,
    topics: Vec<TopicOut>,
}

const IMPORTED: &str = "imported";

/// The category and topic names of a source path (see the module documentation).
fn place(path: &[String]) -> (String, String) {
    match path {
        [] => (IMPORTED.to_owned(), IMPORTED.to_owned()),
        [one] => (one.clone(), one.clone()),
        [first, rest @ ..] => (first.clone(), rest.join(" / ")),
    }
}

/// Turns the parsed files into the files of a bank: a new one made from `new` when
/// `existing` is `None`. `options` gives the language of names that do not say theirs. The
/// questions are taken out of `parsed` (its diagnostics, skipped questions and categories
/// stay).
pub fn assemble(
    parsed: &mut [Parsed],
    existing: Option<Existing<'_>>,
    new: &NewBank,
    options: &Options,
) -> Result<Assembled, Refusal> {
    let lang = options.lang.as_str();
    let mut out = Assembled::default();
    let mut summary = Summary::default();
    for p in parsed.iter() {
        for skipped in &p.skipped {
            *summary.skipped.entry(skipped.kind.clone()).or_default() += 1;
        }
    }

    // Languages, in order of first appearance.
    let mut found: Vec<String> = Vec::new();
    let mut see = |text: &LocalizedText| {
        for e in &text.entries {
            if !e.lang.value.is_empty() && !found.contains(&e.lang.value) {
                found.push(e.lang.value.clone());
            }
        }
    };
    for p in parsed.iter() {
        for item in &p.items {
            for text in question_texts(&item.question) {
                see(text);
            }
            for name in &item.path {
                see(&convert_name(name, lang));
            }
        }
    }
    let languages: Vec<String> = match existing {
        Some(e) => {
            let bank_langs: Vec<String> = e.bank.config.languages().map(str::to_owned).collect();
            let foreign: Vec<&String> = found.iter().filter(|l| !bank_langs.contains(l)).collect();
            if !foreign.is_empty() {
                let list = |v: &[&String]| {
                    v.iter()
                        .map(|l| format!("`{l}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let bank_list: Vec<&String> = bank_langs.iter().collect();
                return Err(Refusal {
                    message: format!(
                        "the imported texts are in {}, which the bank does not list (its languages are {})",
                        list(&foreign),
                        list(&bank_list)
                    ),
                    help: format!(
                        "add the language to `languages` in the bank's `{CONFIG_FILE}` first, or pass `--lang` to say which of the bank's languages single-language texts are in"
                    ),
                });
            }
            bank_langs
        }
        None if found.is_empty() => vec![lang.to_owned()],
        None => found,
    };
    let single_language = languages.len() == 1;

    // Categories and topics, in order of first appearance.
    let mut categories: Vec<CategoryOut> = Vec::new();
    let mut taken_category_slugs: BTreeSet<String> = BTreeSet::new();
    if let Some(e) = existing {
        taken_category_slugs.extend(e.root_entries.iter().cloned());
        taken_category_slugs.extend(e.bank.categories.iter().map(|c| c.slug.clone()));
    }
    let mut used_ids: BTreeSet<String> = existing
        .map(|e| {
            e.bank
                .questions()
                .map(|(_, _, q)| q.id.value.clone())
                .collect()
        })
        .unwrap_or_default();

    let infos: Vec<crate::CategoryInfo> = parsed
        .iter()
        .flat_map(|p| p.categories.iter().cloned())
        .collect();
    let info_of = |path_len_one: bool, category: &str, topic: &str| {
        infos.iter().find(|c| {
            if path_len_one {
                c.path.len() == 1 && c.path[0] == category
            } else {
                c.path.len() >= 2 && place(&c.path) == (category.to_owned(), topic.to_owned())
            }
        })
    };
    // The folder name a source's category idnumber gives (`bank/category/topic`): its last
    // part, when that is a valid folder name.
    let idnumber_slug = |info: Option<&crate::CategoryInfo>| {
        info.and_then(|i| i.idnumber.as_deref())
            .and_then(|id| id.rsplit('/').next())
            .filter(|s| is_valid_id(s))
            .map(str::to_owned)
    };

    for (file_index, p) in parsed.iter_mut().enumerate() {
        // The questions move into the bank's files: an import of 100,000 questions holds
        // one copy of them, not two.
        let items = std::mem::take(&mut p.items);
        for item in items {
            let (category_key, topic_key) = place(&item.path);
            let ci = match categories.iter().position(|c| c.key == category_key) {
                Some(i) => i,
                None => {
                    let title = if category_key == IMPORTED && item.path.is_empty() {
                        LocalizedText::single(lang, "Imported")
                    } else {
                        convert_name(&category_key, lang)
                    };
                    let matching = existing.and_then(|e| {
                        e.bank.categories.iter().find(|c| {
                            title.entries.iter().any(|t| {
                                c.meta.title.as_ref().is_some_and(|ct| {
                                    ct.entries.iter().any(|x| x.text.value == t.text.value)
                                }) || c.slug == slug(&t.text.value)
                            })
                        })
                    });
                    let info = info_of(true, &category_key, "");
                    let (slug_value, existing_category) = match matching {
                        Some(c) => (c.slug.clone(), true),
                        None => {
                            let base = idnumber_slug(info)
                                .unwrap_or_else(|| first_slug(&title, "category"));
                            let unique = unique_name(&base, &taken_category_slugs);
                            taken_category_slugs.insert(unique.clone());
                            (unique, false)
                        }
                    };
                    let description =
                        info.and_then(|i| with_points(i.description.clone(), &i.key_points));
                    categories.push(CategoryOut {
                        key: category_key.clone(),
                        title,
                        slug: slug_value,
                        existing: existing_category,
                        description,
                        topics: Vec::new(),
                    });
                    categories.len() - 1
                }
            };
            let category = &mut categories[ci];
            let ti = match category.topics.iter().position(|t| t.key == topic_key) {
                Some(i) => i,
                None => {
                    let title = if topic_key == IMPORTED && item.path.is_empty() {
                        LocalizedText::single(lang, "Imported")
                    } else {
                        convert_name(&topic_key, lang)
                    };
                    let mut taken: BTreeSet<String> =
                        category.topics.iter().map(|t| t.slug.clone()).collect();
                    if let Some(e) = existing
                        && let Some(c) = e.bank.categories.iter().find(|c| c.slug == category.slug)
                    {
                        taken.extend(c.topics.iter().map(|t| t.slug.clone()));
                        taken.insert(CATEGORY_FILE.to_owned());
                    }
                    let info = if item.path.len() >= 2 {
                        info_of(false, &category_key, &topic_key)
                    } else {
                        None
                    };
                    let base = idnumber_slug(info).unwrap_or_else(|| first_slug(&title, "topic"));
                    category.topics.push(TopicOut {
                        key: topic_key.clone(),
                        title,
                        slug: unique_name(&base, &taken),
                        summary: info.and_then(|i| i.description.clone()),
                        key_points: info.map(|i| i.key_points.clone()).unwrap_or_default(),
                        questions: Vec::new(),
                        media: Vec::new(),
                    });
                    category.topics.len() - 1
                }
            };
            let mut question = item.question;
            let source = |span: std::ops::Range<usize>| Diagnostic {
                file: Some(FileId(file_index as u32)),
                ..diag("I003", Severity::Info, options, span, String::new())
            };
            let (candidate, replaced) = match &item.source_id {
                Some(id) if is_valid_id(id) => (id.clone(), None),
                other => {
                    // An id in capitals or with spaces (`SEC-01`, `Q 4`) is still the author's,
                    // unless making it one drops letters (`ΚΙΝ-01` would be `01`).
                    let from_id = other
                        .as_deref()
                        .map(|id| (id, slug(id)))
                        .filter(|(id, s)| {
                            let letters = id.chars().filter(|c| c.is_alphanumeric()).count();
                            s.bytes().filter(u8::is_ascii_alphanumeric).count() == letters
                        })
                        .map(|(_, s)| s)
                        .unwrap_or_default();
                    let from_name = item.name.as_deref().map(slug).unwrap_or_default();
                    let from_stem = slug(&html::plain_text(question.stem.get_or_first(lang)));
                    let base = if !from_id.is_empty() {
                        from_id
                    } else if !from_name.is_empty() {
                        from_name
                    } else if !from_stem.is_empty() {
                        from_stem
                    } else {
                        "question".to_owned()
                    };
                    (base, other.clone())
                }
            };
            let id = unique_name(&candidate, &used_ids);
            used_ids.insert(id.clone());
            let mut changed = p
                .diagnostics
                .iter()
                .any(|d| d.span == item.span && matches!(d.code, "I003" | "I004" | "I005"));
            if let Some(raw) = replaced {
                changed = true;
                let mut d = source(item.span.clone());
                d.message = format!(
                    "the id `{raw}` is not a valid quizkit id; the question's id is `{id}`"
                );
                d.help = Some("ids are lowercase letters, digits and single hyphens".to_owned());
                out.diagnostics.push(d.with_question(id.clone()));
            }
            if id != candidate {
                changed = true;
                let mut d = source(item.span.clone());
                d.message = format!("the id `{candidate}` is taken; the question's id is `{id}`");
                d.help =
                    Some("rename one of the two questions if the suffix does not suit".to_owned());
                out.diagnostics.push(d.with_question(id.clone()));
            }
            if changed {
                summary.changed += 1;
            }
            question.id = s(id);
            if single_language {
                make_plain(&mut question);
            }
            let topic = &mut categories[ci].topics[ti];
            for attachment in item.media {
                let name = place_attachment(&mut topic.media, attachment);
                if let Some((old, new)) = name {
                    rename_links(&mut question, &old, &new);
                    let mut d = source(item.span.clone());
                    d.message = format!(
                        "the attached file `{old}` is written as `{new}`: its topic folder holds another file of that name"
                    );
                    d.help = Some(
                        "rename the file and its links if the suffix does not suit".to_owned(),
                    );
                    out.diagnostics
                        .push(d.with_question(question.id.value.clone()));
                    if !changed {
                        changed = true;
                        summary.changed += 1;
                    }
                }
            }
            topic.questions.push(question);
            summary.imported += 1;
        }
    }

    // The files.
    let schema = match existing {
        Some(e) => e.schema.clone(),
        None => SchemaLines {
            questions: Some(format!("../../{SCHEMA_DIR}/questions.schema.json")),
            topic: Some(format!("../../{SCHEMA_DIR}/topic.schema.json")),
            category: Some(format!("../{SCHEMA_DIR}/category.schema.json")),
        },
    };
    let plain_if = |text: LocalizedText| {
        if single_language { plain(text) } else { text }
    };
    let next_category_order = existing
        .map(|e| {
            e.bank
                .categories
                .iter()
                .filter_map(|c| c.meta.order.as_ref().map(|o| o.value))
                .max()
                .unwrap_or(0)
        })
        .unwrap_or(0);
    let mut new_categories = 0;
    for category in categories {
        let topic_order_base = existing
            .and_then(|e| e.bank.categories.iter().find(|c| c.slug == category.slug))
            .map(|c| {
                c.topics
                    .iter()
                    .filter_map(|t| t.meta.order.as_ref().map(|o| o.value))
                    .max()
                    .unwrap_or(0)
            })
            .unwrap_or(0);
        if !category.existing {
            new_categories += 1;
            let meta = CategoryMeta {
                title: Some(s(plain_if(category.title.clone()))),
                description: category.description.map(|d| s(plain_if(d))),
                order: Some(s(next_category_order + new_categories)),
            };
            out.files.push((
                format!("{}/{CATEGORY_FILE}", category.slug),
                write::category_file(&meta, schema.category.as_deref()),
            ));
        }
        for (i, topic) in category.topics.into_iter().enumerate() {
            summary.topics += 1;
            let meta = TopicMeta {
                title: Some(s(plain_if(topic.title))),
                summary: topic.summary.map(|d| s(plain_if(d))),
                key_points: topic
                    .key_points
                    .into_iter()
                    .map(|p| s(plain_if(p)))
                    .collect(),
                order: Some(s(topic_order_base + i as i64 + 1)),
            };
            let dir = format!("{}/{}", category.slug, topic.slug);
            out.files.push((
                format!("{dir}/{TOPIC_FILE}"),
                write::topic_file(&meta, schema.topic.as_deref()),
            ));
            for (name, bytes) in topic.media {
                out.media.push((format!("{dir}/{name}"), bytes));
            }
            let chunks: Vec<&[Question]> = topic.questions.chunks(QUESTIONS_PER_FILE).collect();
            let width = chunks.len().to_string().len().max(2);
            for (n, chunk) in chunks.iter().enumerate() {
                let name = if chunks.len() == 1 {
                    "questions.toml".to_owned()
                } else {
                    format!("questions-{:0width$}.toml", n + 1)
                };
                out.files.push((
                    format!("{dir}/{name}"),
                    write::question_file(chunk, schema.questions.as_deref()),
                ));
            }
        }
    }
    summary.categories = new_categories as usize;
    if existing.is_none() {
        // The bank's id from the sources' category idnumbers (`bank/category`, as quizkit's
        // Moodle export writes them) when they agree: Anki GUIDs depend on it.
        let prefixes: BTreeSet<&str> = infos
            .iter()
            .filter_map(|i| i.idnumber.as_deref())
            .filter(|id| id.contains('/'))
            .filter_map(|id| id.split('/').next())
            .collect();
        let id = match prefixes.iter().next() {
            Some(only) if prefixes.len() == 1 && is_valid_id(only) => (*only).to_owned(),
            _ => new.id.clone(),
        };
        let mut config = BankConfig::new(id, languages.clone());
        config.title = Some(s(plain_if(LocalizedText::single(
            &languages[0],
            new.title.clone(),
        ))));
        out.files.push((
            CONFIG_FILE.to_owned(),
            write::bank_file(&config, Some(&format!("{SCHEMA_DIR}/quizkit.schema.json"))),
        ));
        for schema in quizkit_model::schema::all() {
            out.files
                .push((format!("{SCHEMA_DIR}/{}", schema.name), schema.json));
        }
    }
    out.languages = languages;
    out.summary = summary;
    Ok(out)
}

fn question_texts(q: &Question) -> Vec<&LocalizedText> {
    let mut texts = vec![&q.stem.value];
    texts.extend(q.explanation.as_ref().map(|e| &e.value));
    for c in &q.options {
        texts.push(&c.text.value);
        texts.extend(c.feedback.as_ref().map(|f| &f.value));
    }
    texts
}

/// A category's description with the key points its source ended it with, as one text: a
/// category has no key points.
fn with_points(
    description: Option<LocalizedText>,
    points: &[LocalizedText],
) -> Option<LocalizedText> {
    if points.is_empty() {
        return description;
    }
    let mut text = description.unwrap_or_default();
    let langs: Vec<String> = points
        .iter()
        .flat_map(|p| p.entries.iter().map(|e| e.lang.value.clone()))
        .fold(Vec::new(), |mut v, l| {
            if !v.contains(&l) {
                v.push(l);
            }
            v
        });
    for lang in langs {
        let list: Vec<String> = points
            .iter()
            .map(|p| format!("- {}", p.get_or_first(&lang).replace('\n', "\n  ")))
            .collect();
        let list = list.join("\n");
        match text.entries.iter_mut().find(|e| e.lang.value == lang) {
            Some(e) => {
                e.text.value = format!("{}\n\n{list}", e.text.value).trim().to_owned();
            }
            None => text.entries.push(quizkit_model::LangText {
                lang: s(lang),
                text: s(list),
            }),
        }
    }
    Some(text)
}

/// A one-language text written as a plain string.
fn plain(mut text: LocalizedText) -> LocalizedText {
    text.entries.truncate(1);
    text.plain = true;
    text
}

fn make_plain(q: &mut Question) {
    let fix = |t: &mut Spanned<LocalizedText>| t.value = plain(std::mem::take(&mut t.value));
    fix(&mut q.stem);
    if let Some(e) = &mut q.explanation {
        fix(e);
    }
    for c in &mut q.options {
        fix(&mut c.value.text);
        if let Some(f) = &mut c.value.feedback {
            fix(f);
        }
    }
}

fn first_slug(title: &LocalizedText, fallback: &str) -> String {
    let slug = title
        .entries
        .iter()
        .map(|e| slug(&e.text.value))
        .find(|s| !s.is_empty())
        .unwrap_or_default();
    if slug.is_empty() {
        fallback.to_owned()
    } else {
        slug
    }
}

/// Puts `attachment` among a topic folder's `media`: the same name with the same bytes is the
/// same file; a name taken by other bytes, or by the folder's own files (`topic.toml`, the
/// question files), gets a suffix before its extension (`dot-2.png`), and the old and new
/// names are returned for the question's links. A `.toml` name gets `.bin` added, so the
/// loader never reads an image as a question file.
fn place_attachment(
    media: &mut Vec<(String, Vec<u8>)>,
    attachment: crate::Attachment,
) -> Option<(String, String)> {
    let crate::Attachment { name, bytes } = attachment;
    let wanted = if name.to_ascii_lowercase().ends_with(".toml") {
        format!("{name}.bin")
    } else {
        name.clone()
    };
    let (stem, ext) = match wanted.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => (stem.to_owned(), format!(".{ext}")),
        _ => (wanted.clone(), String::new()),
    };
    let reserved = |n: &str| n.eq_ignore_ascii_case(TOPIC_FILE);
    let mut candidate = wanted.clone();
    let mut n = 1;
    loop {
        match media
            .iter()
            .find(|(m, _)| m.eq_ignore_ascii_case(&candidate))
        {
            Some((_, existing)) if *existing == bytes => break,
            None if !reserved(&candidate) => {
                media.push((candidate.clone(), bytes));
                break;
            }
            _ => {
                n += 1;
                candidate = format!("{stem}-{n}{ext}");
            }
        }
    }
    (candidate != name).then_some((name, candidate))
}

/// Every image link of `question` to `old` made a link to `new`.
fn rename_links(question: &mut Question, old: &str, new: &str) {
    let mut texts: Vec<&mut LocalizedText> = vec![&mut question.stem.value];
    for option in &mut question.options {
        let choice = &mut option.value;
        texts.push(&mut choice.text.value);
        if let Some(f) = choice.feedback.as_mut() {
            texts.push(&mut f.value);
        }
    }
    if let Some(e) = question.explanation.as_mut() {
        texts.push(&mut e.value);
    }
    for text in texts {
        for entry in &mut text.entries {
            let markdown = &mut entry.text.value;
            let links = quizkit_model::media::image_links(markdown);
            for link in links.iter().rev().filter(|l| l.dest == old) {
                if markdown.get(link.range.clone()) == Some(old) {
                    markdown.replace_range(link.range.clone(), new);
                }
            }
        }
    }
}

/// `base`, or `base-2`, `base-3`… whichever is not in `taken`.
fn unique_name(base: &str, taken: &BTreeSet<String>) -> String {
    if !taken.contains(base) {
        return base.to_owned();
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|c| !taken.contains(c))
        .unwrap_or_else(|| base.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_source_id_in_capitals_is_kept_in_lower_case_and_one_in_greek_replaced() {
        let csv = "id,stem,A,B,answer\nSEC-01,Which port does HTTPS use?,443,80,A\n\
                   ,Which port does SSH use?,22,21,A\nΚΙΝ-01,Which port does DNS use?,53,25,A\n";
        let options = Options::default();
        let mut parsed = vec![crate::csv::import(csv.as_bytes().to_vec(), &options)];
        let new = NewBank {
            id: "bank".to_owned(),
            title: "Bank".to_owned(),
        };
        let out = assemble(&mut parsed, None, &new, &options).expect("assembled");
        let ids: Vec<&str> = out
            .diagnostics
            .iter()
            .filter_map(|d| d.question.as_deref())
            .collect();
        // The source's id made valid, else (nothing of it left) a slug of the stem.
        assert_eq!(ids, vec!["sec-01", "which-port-does-dns-use"]);
        assert!(
            out.diagnostics[0].message.contains(
                "the id `SEC-01` is not a valid quizkit id; the question's id is `sec-01`"
            ),
            "{}",
            out.diagnostics[0].message
        );
        let files: String = out.files.iter().map(|(_, text)| text.as_str()).collect();
        assert!(
            files.contains("id = \"which-port-does-ssh-use\""),
            "{files}"
        );
    }
}
