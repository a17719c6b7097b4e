//! Building quizkit values from what the importers read: texts in one or more languages,
//! options, keys, and the notes a conversion leaves (HTML kept inline, images left out).

use std::ops::Range;

use quizkit_model::{
    AnswerKey, Choice, Diagnostic, LangText, LocalizedText, Question, Severity, Spanned,
    index_letter,
};

use crate::html::{self, TextFormat};
use crate::{Options, diag, multilang};

/// Empty spans for values built in code.
pub(crate) fn s<T>(value: T) -> Spanned<T> {
    Spanned::new(0..0, value)
}

/// A text from `(language, Markdown)` pairs; a pair with an empty language takes `lang`.
pub(crate) fn localized(entries: Vec<(String, String)>) -> LocalizedText {
    LocalizedText {
        entries: entries
            .into_iter()
            .map(|(lang, text)| LangText {
                lang: s(lang),
                text: s(text),
            })
            .collect(),
        plain: false,
    }
}

/// True when every language's version of `text` is blank.
pub(crate) fn is_blank(text: &LocalizedText) -> bool {
    text.entries.iter().all(|e| e.text.value.trim().is_empty())
}

/// What converting one source text found besides the Markdown.
#[derive(Debug, Default)]
pub(crate) struct Notes {
    /// HTML elements kept inline.
    pub kept_html: Vec<String>,
    /// Attached images the text shows.
    pub images: Vec<String>,
}

impl Notes {
    fn absorb(&mut self, converted: &html::Converted) {
        for tag in &converted.kept_html {
            if !self.kept_html.contains(tag) {
                self.kept_html.push(tag.clone());
            }
        }
        for image in &converted.images {
            if !self.images.contains(image) {
                self.images.push(image.clone());
            }
        }
    }

    /// The diagnostics for a question: one for kept HTML, one per image.
    pub(crate) fn report(
        &self,
        options: &Options,
        span: Range<usize>,
        name: &str,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        if !self.kept_html.is_empty() {
            let tags: Vec<String> = self.kept_html.iter().map(|t| format!("<{t}>")).collect();
            diagnostics.push(
                diag(
                    "I005",
                    Severity::Info,
                    options,
                    span.clone(),
                    format!(
                        "question `{name}`: {} kept as inline HTML, which Markdown has no syntax for",
                        tags.join(", ")
                    ),
                )
                .with_label("this question")
                .with_help("quizkit's exports show inline HTML as written; rewrite it in Markdown where you can"),
            );
        }
        if !self.images.is_empty() {
            let names: Vec<String> = self.images.iter().map(|i| format!("`{i}`")).collect();
            let (what, them) = if self.images.len() == 1 {
                ("the attached file", "it")
            } else {
                ("attached files", "them")
            };
            diagnostics.push(
                diag(
                    "I004",
                    Severity::Warning,
                    options,
                    span,
                    format!(
                        "question `{name}` uses {what} {}, which the source does not hold: left out",
                        names.join(", ")
                    ),
                )
                .with_label("this question")
                .with_help(format!(
                    "the text keeps a reference by name where {them} stood; put the files beside the question file (or under the bank's media/), or export from Moodle as Moodle XML, which holds the files"
                )),
            );
        }
    }
}

/// A source text (HTML or another Moodle format, perhaps with multilang parts) as a quizkit
/// text: one entry per language it holds, else one in `lang`.
pub(crate) fn convert(
    raw: &str,
    format: TextFormat,
    lang: &str,
    notes: &mut Notes,
) -> LocalizedText {
    let parts = multilang::split(raw);
    if parts.is_empty() {
        let converted = html::to_markdown(raw, format);
        notes.absorb(&converted);
        return localized(vec![(lang.to_owned(), converted.markdown)]);
    }
    localized(
        parts
            .into_iter()
            .map(|(l, text)| {
                let converted = html::to_markdown(&text, format);
                notes.absorb(&converted);
                (l, converted.markdown)
            })
            .collect(),
    )
}

/// A description whose HTML ends with a bulleted list, as its text before the list and the
/// list's items, in every language; the whole of it as the text when it ends otherwise.
pub(crate) fn convert_with_points(
    raw: &str,
    format: TextFormat,
    lang: &str,
    notes: &mut Notes,
) -> (Option<LocalizedText>, Vec<LocalizedText>) {
    let mut parts = multilang::split(raw);
    if parts.is_empty() {
        parts = vec![(lang.to_owned(), raw.to_owned())];
    }
    let split: Vec<(String, String, String, Vec<String>)> = parts
        .into_iter()
        .map(|(l, html)| {
            let (before, items) = match format {
                TextFormat::Html => trailing_list(&html),
                _ => (html.clone(), Vec::new()),
            };
            (l, html, before, items)
        })
        .collect();
    let counts: Vec<usize> = split.iter().map(|(_, _, _, items)| items.len()).collect();
    // Key points only when every language has the same number of them.
    let use_points = counts.iter().all(|&c| c > 0 && c == counts[0]);
    let mut summary = Vec::new();
    let mut points: Vec<Vec<(String, String)>> =
        vec![Vec::new(); if use_points { counts[0] } else { 0 }];
    for (l, whole, before, items) in &split {
        let text = if use_points { before } else { whole };
        let converted = html::to_markdown(text, format);
        notes.absorb(&converted);
        summary.push((l.clone(), converted.markdown));
        if use_points {
            for (i, item) in items.iter().enumerate() {
                let converted = html::to_markdown(item, TextFormat::Html);
                notes.absorb(&converted);
                points[i].push((l.clone(), converted.markdown));
            }
        }
    }
    let summary = localized(summary);
    let summary = (!is_blank(&summary)).then_some(summary);
    (summary, points.into_iter().map(localized).collect())
}

/// HTML that ends with a `<ul>` of simple items: the HTML before it, and the items' HTML.
fn trailing_list(html: &str) -> (String, Vec<String>) {
    let trimmed = html.trim_end();
    let none = (html.to_owned(), Vec::new());
    if !trimmed.ends_with("</ul>") {
        return none;
    }
    let Some(start) = trimmed.rfind("<ul>") else {
        return none;
    };
    let list = &trimmed[start + 4..trimmed.len() - 5];
    if list.contains("<ul") || list.contains("<ol") {
        return none;
    }
    let mut items = Vec::new();
    let mut rest = list.trim();
    while !rest.is_empty() {
        let Some(after) = rest.strip_prefix("<li>") else {
            return none;
        };
        let Some(end) = after.find("</li>") else {
            return none;
        };
        items.push(after[..end].to_owned());
        rest = after[end + 5..].trim_start();
    }
    (trimmed[..start].to_owned(), items)
}

/// A plain-text name (a question title, a category name) as a text per language.
pub(crate) fn convert_name(raw: &str, lang: &str) -> LocalizedText {
    let parts = multilang::split(raw);
    if parts.is_empty() {
        return localized(vec![(lang.to_owned(), html::plain_text(raw))]);
    }
    localized(
        parts
            .into_iter()
            .map(|(l, text)| (l, html::plain_text(&text)))
            .collect(),
    )
}

/// The words for "True" and "False" in `lang` (English for languages not listed).
pub(crate) fn true_false(lang: &str) -> (&'static str, &'static str) {
    match lang.split('-').next().unwrap_or(lang) {
        "nl" => ("Waar", "Onwaar"),
        "de" => ("Wahr", "Falsch"),
        "fr" => ("Vrai", "Faux"),
        "es" => ("Verdadero", "Falso"),
        "it" => ("Vero", "Falso"),
        "pt" => ("Verdadeiro", "Falso"),
        "da" | "no" | "nb" | "nn" => ("Sand", "Falsk"),
        "sv" => ("Sant", "Falskt"),
        _ => ("True", "False"),
    }
}

/// The words a true/false question's answers are named with, as teams write them in their
/// languages: `Some(true)` for "true", "Waar", "Juist", "Vrai", "Prawda", …, `Some(false)` for
/// "false", "Onwaar", "Fout", "Faux", "Fałsz", …; case does not matter.
pub(crate) fn truth_of(word: &str) -> Option<bool> {
    const TRUE: &[&str] = &[
        "true",
        "waar",
        "juist",
        "goed",
        "wahr",
        "richtig",
        "vrai",
        "verdadero",
        "verdadeiro",
        "vero",
        "prawda",
        "sand",
        "sandt",
        "sant",
        "sann",
        "rigtigt",
        "riktig",
        "rätt",
        "pravda",
        "igaz",
        "tosi",
        "doğru",
    ];
    const FALSE: &[&str] = &[
        "false",
        "onwaar",
        "niet waar",
        "onjuist",
        "fout",
        "falsch",
        "faux",
        "falso",
        "fałsz",
        "falsk",
        "falskt",
        "forkert",
        "fel",
        "feil",
        "usant",
        "nepravda",
        "hamis",
        "epätosi",
        "yanlış",
    ];
    let word = word.to_lowercase();
    if TRUE.contains(&word.as_str()) {
        Some(true)
    } else if FALSE.contains(&word.as_str()) {
        Some(false)
    } else {
        None
    }
}

/// The languages of a question's texts, in order of first appearance.
pub(crate) fn languages_of(texts: &[&LocalizedText]) -> Vec<String> {
    let mut langs: Vec<String> = Vec::new();
    for text in texts {
        for e in &text.entries {
            if !langs.contains(&e.lang.value) {
                langs.push(e.lang.value.clone());
            }
        }
    }
    langs
}

/// The two options of a true/false question in each of `langs`.
pub(crate) fn true_false_options(langs: &[String]) -> (LocalizedText, LocalizedText) {
    let t = localized(
        langs
            .iter()
            .map(|l| (l.clone(), true_false(l).0.to_owned()))
            .collect(),
    );
    let f = localized(
        langs
            .iter()
            .map(|l| (l.clone(), true_false(l).1.to_owned()))
            .collect(),
    );
    (t, f)
}

/// An option with its feedback (left out when blank).
pub(crate) fn choice(text: LocalizedText, feedback: Option<LocalizedText>) -> Spanned<Choice> {
    s(Choice {
        text: s(text),
        feedback: feedback.filter(|f| !is_blank(f)).map(s),
    })
}

/// The key from answer weights (fractions of the grade, 1 = 100%): for single choice the one
/// answer at 100%, for multiple response the answers above 0; with the changes quizkit makes
/// to the weights (it keeps which answers are right, not their partial credit).
pub(crate) fn key_from_weights(
    weights: &[f64],
    single: bool,
) -> Result<(Vec<usize>, Vec<String>), String> {
    if weights.len() < 2 {
        return Err(format!(
            "it has {} answer(s) with text; a multiple-choice question needs at least 2",
            weights.len()
        ));
    }
    if weights.len() > quizkit_model::load::MAX_OPTIONS {
        return Err(format!(
            "it has {} answers; quizkit names options A to Z, {} at most",
            weights.len(),
            quizkit_model::load::MAX_OPTIONS
        ));
    }
    let mut changes = Vec::new();
    if single {
        let full: Vec<usize> = (0..weights.len())
            .filter(|&i| weights[i] >= 0.99999)
            .collect();
        if full.is_empty() {
            return Err(
                "it is single choice and no answer is worth 100%; quizkit needs exactly one key \
                 (give the right answer 100%, or make it multiple response if several are right)"
                    .to_owned(),
            );
        }
        if full.len() > 1 {
            return Err(format!(
                "it is single choice with {} answers at 100%; quizkit needs exactly one key",
                full.len()
            ));
        }
        if weights.iter().any(|&w| w > 0.0 && w < 0.99999) {
            changes.push("partial credit for answers other than the key is not kept".to_owned());
        }
        return Ok((full, changes));
    }
    let positive: Vec<usize> = (0..weights.len()).filter(|&i| weights[i] > 0.0).collect();
    let Some(&first) = positive.first() else {
        return Err("it is multiple response with no answer above 0%".to_owned());
    };
    if positive
        .iter()
        .any(|&i| (weights[i] - weights[first]).abs() > 0.00001)
    {
        changes.push("its unequal weights became equal shares of 100% for the keys".to_owned());
    }
    Ok((positive, changes))
}

/// Everything a question is built from.
pub(crate) struct Parts {
    pub stem: LocalizedText,
    pub options: Vec<Spanned<Choice>>,
    /// The 0-based indices of the correct options.
    pub key: Vec<usize>,
    /// Multiple response (a list key) rather than single choice.
    pub multiple: bool,
    pub explanation: Option<LocalizedText>,
    pub tags: Vec<String>,
    pub shuffle: Option<bool>,
}

/// The question, with an empty id for [`crate::assemble`] to fill in.
pub(crate) fn question(parts: Parts) -> Question {
    let letters = parts
        .key
        .iter()
        .map(|&i| s(index_letter(i).to_string()))
        .collect();
    Question {
        id: s(String::new()),
        stem: s(parts.stem),
        options: parts.options,
        answer: Some(s(AnswerKey {
            letters,
            multiple: parts.multiple,
        })),
        explanation: parts.explanation.filter(|e| !is_blank(e)).map(s),
        tags: parts
            .tags
            .into_iter()
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
            .map(s)
            .collect(),
        difficulty: None,
        related: Vec::new(),
        checks: Vec::new(),
        allow: Vec::new(),
        shuffle: parts.shuffle.map(s),
        file: Default::default(),
    }
}

/// The most text one question may hold, in bytes, over all its texts: far above any real
/// question, and well below the size of a question file quizkit reads.
pub const MAX_QUESTION_TEXT: usize = 512 * 1024;

/// The bytes of text a question holds.
pub(crate) fn text_size(q: &Question) -> usize {
    let size = |t: &LocalizedText| t.entries.iter().map(|e| e.text.value.len()).sum::<usize>();
    size(&q.stem)
        + q.explanation.as_ref().map_or(0, |e| size(e))
        + q.options
            .iter()
            .map(|c| size(&c.text) + c.feedback.as_ref().map_or(0, |f| size(f)))
            .sum::<usize>()
}

/// Adds a question, or skips it when it holds more than [`MAX_QUESTION_TEXT`].
pub(crate) fn push_item(
    parsed: &mut crate::Parsed,
    options: &Options,
    item: crate::Item,
    kind: &str,
    name: &str,
) {
    let size = text_size(&item.question);
    if size > MAX_QUESTION_TEXT {
        skip(
            parsed,
            options,
            item.span,
            "too long",
            name,
            format!(
                "{kind} question `{name}` skipped: it holds {} KiB of text, more than the {} KiB a question may",
                size / 1024,
                MAX_QUESTION_TEXT / 1024
            ),
            "split the text, or move what it quotes into a file the question links to",
        );
        return;
    }
    parsed.items.push(item);
}

/// A skipped question's diagnostic and record.
pub(crate) fn skip(
    parsed: &mut crate::Parsed,
    options: &Options,
    span: Range<usize>,
    kind: &str,
    name: &str,
    why: String,
    help: &str,
) {
    parsed.diagnostics.push(
        diag("I002", Severity::Warning, options, span.clone(), why)
            .with_label(format!("{kind} question"))
            .with_help(help.to_owned()),
    );
    parsed.skipped.push(crate::Skipped {
        kind: kind.to_owned(),
        name: name.to_owned(),
        span,
    });
}

/// A short name for messages: the first words of a text.
pub(crate) fn short_name(text: &str) -> String {
    let head = match text.char_indices().nth(400) {
        Some((i, _)) => &text[..i],
        None => text,
    };
    let plain = html::plain_text(head);
    let mut out: String = plain.chars().take(60).collect();
    if plain.chars().count() > 60 {
        out.push('…');
    }
    out
}
