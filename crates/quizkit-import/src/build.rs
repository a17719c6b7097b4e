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
                .with_help("quizkit's exports show inline HTML as written; rewrite it in Markdown where you can"),
            );
        }
        for image in &self.images {
            diagnostics.push(
                diag(
                    "I004",
                    Severity::Warning,
                    options,
                    span.clone(),
                    format!(
                        "question `{name}` shows the attached image `{image}`, which is not imported: the bank cannot hold media yet"
                    ),
                )
                .with_label("this question")
                .with_help(format!(
                    "the text keeps `![…]({image})` where the image was; put the image where the bank can serve it, or replace the reference with an https:// address"
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
    let plain = html::plain_text(text);
    let mut out: String = plain.chars().take(60).collect();
    if plain.chars().count() > 60 {
        out.push('…');
    }
    out
}
