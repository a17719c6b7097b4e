//! Anki: a legacy `.apkg` package that Anki desktop, AnkiDroid and AnkiMobile import, and that
//! updates a learner's existing notes when re-imported.
//!
//! - One note per question, of the quizkit note type ([`notetype`]): a fixed id, fields and
//!   template with stable ids, a card on which the learner taps an option and the back says
//!   whether the pick was right (plain JavaScript; without it the back still shows the key).
//! - GUID = genanki's `guid_for("quizkit", bank id, question id, language)`: stable across
//!   exports, so a re-import updates instead of duplicating. The language is part of it
//!   because each language is its own deck: a learner may keep both.
//! - A note's `mod` is when its question last changed ([`Options::changed`], filled by the
//!   CLI from git; see [`changed`]), and never older than [`notetype::NOTETYPE_MOD`], so a new
//!   field layout reaches every note. Anki updates a note only when the incoming `mod` is
//!   newer: an edited question updates its note, an unchanged one is left alone.
//! - Decks `Category::Topic` with titles in the chosen language; tags from the question's tags,
//!   its category and topic (`computersystemen::ai-hardware`) and its difficulty.
//! - The SQLite collection is built in memory and serialized, then zipped with fixed
//!   timestamps: the same bank and options always give the same bytes.

pub mod changed;
mod collection;
mod fields;
mod hash;
pub mod notetype;
mod package;

use std::collections::{BTreeMap, HashMap, HashSet};

use quizkit_model::Bank;

use crate::markdown::{Math, to_html};
use rayon::prelude::*;

use crate::media::Image;
use crate::{Error, File, LangChoice, Layout, Needs, Options, Output, Target, Warning};
use collection::{Deck, NoteRow};
use fields::{Context, note_content};
use notetype::{NOTETYPE_MOD, SORT_FIELD, field};

/// The Anki target.
pub const TARGET: Target = Target {
    name: "anki",
    summary: "Anki deck (.apkg) for Anki desktop, AnkiDroid and AnkiMobile; re-imports update",
    default_path: "deck.apkg",
    layout: Layout::File,
    needs: Needs { change_times: true },
    export,
};

/// Exports `bank` as an Anki package in one language.
pub fn export(bank: &Bank, options: &Options) -> Result<Output, Error> {
    if options.lang == LangChoice::All {
        return Err(Error {
            question: None,
            message: format!(
                "an Anki deck holds one language; pass one of {} with --lang",
                bank.config.languages().collect::<Vec<_>>().join(", ")
            ),
        });
    }
    let lang = options.languages(bank)?[0];
    let bank_id = bank.config.id.value.as_str();
    let ctx = Context {
        bank,
        lang,
        base_url: bank
            .config
            .export
            .base_url
            .as_ref()
            .map(|u| u.value.trim_end_matches('/')),
    };

    let changed = |id: &str| {
        options
            .changed
            .get(id)
            .copied()
            .unwrap_or(options.timestamp)
            .max(NOTETYPE_MOD)
    };
    let time = bank
        .questions()
        .map(|(_, _, q)| changed(&q.id))
        .max()
        .unwrap_or(NOTETYPE_MOD)
        .max(options.timestamp);

    let mut decks: Vec<Deck> = Vec::new();
    let mut deck_ids: HashMap<String, i64> = HashMap::new();
    let mut questions = Vec::with_capacity(bank.question_count());
    for (category, topic) in bank.topics() {
        if topic.questions.is_empty() {
            continue;
        }
        let parent = deck_name_part(category.title(lang), &category.slug);
        let name = format!(
            "{parent}::{}",
            deck_name_part(topic.title(lang), &topic.slug)
        );
        for (deck_name, description) in [
            (parent.clone(), category.meta.description.as_ref()),
            (name.clone(), topic.meta.summary.as_ref()),
        ] {
            if deck_ids.contains_key(&deck_name) {
                continue;
            }
            let id = hash::id_for(&["quizkit", bank_id, "deck", &deck_name]);
            deck_ids.insert(deck_name.clone(), id);
            decks.push(Deck {
                id,
                name: deck_name,
                description: description
                    .map(|d| to_html(d.get_or_first(lang), Math::Delimiters))
                    .unwrap_or_default(),
            });
        }
        let deck = deck_ids[&name];
        questions.extend(topic.questions.iter().map(|q| (category, topic, q, deck)));
    }

    // Rendering the notes is most of the work; it runs in parallel, and `collect` keeps the
    // bank's order, so the output does not depend on scheduling.
    let built: Vec<(NoteRow, Vec<Image>, Vec<Warning>)> = questions
        .par_iter()
        .enumerate()
        .map(|(i, &(category, topic, question, deck))| {
            let id = question.id.value.as_str();
            let mut warnings = Vec::new();
            let content = note_content(&ctx, category, topic, question, &mut warnings);
            let position = i as i64 + 1;
            let mut tags = String::with_capacity(64);
            tags.push(' ');
            for tag in &content.tags {
                tags.push_str(tag);
                tags.push(' ');
            }
            let note = NoteRow {
                // Saturating: a timestamp near i64::MAX (SOURCE_DATE_EPOCH) must not overflow.
                id: time.saturating_mul(1000).saturating_add(position),
                guid: hash::guid_for(&["quizkit", bank_id, id, lang]),
                modified: changed(id),
                tags,
                sort_field: hash::strip_html(&content.fields[SORT_FIELD]),
                checksum: hash::checksum(&hash::strip_html(&content.fields[field::ID])),
                fields: content.fields.join("\u{1f}"),
                deck,
                due: position,
            };
            (note, content.images, warnings)
        })
        .collect();
    let mut guids: HashSet<&str> = HashSet::with_capacity(built.len());
    for ((note, _, _), (_, _, question, _)) in built.iter().zip(&questions) {
        if !guids.insert(&note.guid) {
            return Err(Error {
                question: Some(question.id.value.clone()),
                message: "two questions would share one Anki note: question ids must be unique in the bank".into(),
            });
        }
    }
    drop(guids);
    let mut warnings = Vec::new();
    // By name: one file for all the notes that show the same bytes.
    let mut media: BTreeMap<String, &[u8]> = BTreeMap::new();
    let notes: Vec<NoteRow> = built
        .into_iter()
        .map(|(note, images, note_warnings)| {
            warnings.extend(note_warnings);
            for image in images {
                media.entry(image.hashed_name()).or_insert(image.bytes);
            }
            note
        })
        .collect();

    let bytes = collection::build(notes, &decks, time, |c| package::write(c, &media))
        .map_err(|e| Error {
            question: None,
            message: format!("cannot build the Anki collection: {e}"),
        })?
        .map_err(|e| Error {
            question: None,
            message: format!("cannot write the Anki package: {e}"),
        })?;
    Ok(Output {
        files: vec![File {
            path: TARGET.default_path.to_owned(),
            bytes,
        }],
        warnings,
    })
}

/// A title as one level of a deck name: `::` would start another level, so it becomes `:`.
fn deck_name_part(title: &str, slug: &str) -> String {
    let mut part = title.trim().to_owned();
    while part.contains("::") {
        part = part.replace("::", ":");
    }
    let part: String = part.chars().filter(|c| !c.is_control()).collect();
    if part.trim().is_empty() {
        slug.to_owned()
    } else {
        part.trim().to_owned()
    }
}

#[cfg(test)]
mod tests;
