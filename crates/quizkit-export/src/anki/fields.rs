//! A question as the fields and tags of a quizkit note.

use quizkit_model::{Bank, Category, Difficulty, Question, Topic, index_letter};
use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};

use super::notetype::{FIELDS, field};
use crate::Warning;
use crate::markdown::{Img, Math, to_html_with_images, to_inline_html_with_images};
use crate::media::{self, Found, Image};

/// The field values of one note, in [`FIELDS`] order, ready for the collection.
pub type Fields = [String; FIELDS.len()];

/// Everything a question contributes to its note besides ids and times.
pub struct NoteContent<'b> {
    /// The field values.
    pub fields: Fields,
    /// The tags, sorted and unique.
    pub tags: Vec<String>,
    /// The bank's image files the fields show, each under its [`Image::hashed_name`].
    pub images: Vec<Image<'b>>,
}

/// What the whole export shares when building notes.
pub struct Context<'a> {
    /// The bank, for its image files.
    pub bank: &'a Bank,
    /// The language of the texts.
    pub lang: &'a str,
    /// The bank's `export.base_url`, without a trailing `/`.
    pub base_url: Option<&'a str>,
}

/// The note for `question`, and warnings about what Anki cannot show as written.
pub fn note_content<'b>(
    ctx: &Context<'b>,
    category: &Category,
    topic: &Topic,
    question: &Question,
    warnings: &mut Vec<Warning>,
) -> NoteContent<'b> {
    let lang = ctx.lang;
    let id = question.id.value.as_str();
    let dir = Bank::topic_dir(category, topic);
    let mut images: Vec<Image<'b>> = Vec::new();
    // Each bank file a text shows goes into the package under its content-hashed name (a
    // re-import of the same bytes adds nothing; Anki matches media by name and checksum).
    let bank = ctx.bank;
    let mut carry = |dest: &str| match media::find(bank, &dir, dest) {
        Found::Carried(image) => {
            let img = Img {
                src: image.hashed_name(),
                size: image.size(),
                lazy: false,
            };
            images.push(image);
            Some(img)
        }
        Found::External => None,
        Found::NotCarried(why) => {
            warnings.push(media::not_carried(Some(id), "anki", dest, &why));
            None
        }
    };
    let stem = to_inline_html_with_images(
        question.stem.get_or_first(lang),
        Math::Delimiters,
        &mut carry,
    );
    let explanation = question
        .explanation
        .as_ref()
        .map(|e| to_html_with_images(e.get_or_first(lang), Math::Delimiters, &mut carry))
        .unwrap_or_default();
    let keys = question.key_indices();
    let options = options_html(question, &keys, lang, &mut carry);
    let answer = keys
        .iter()
        .map(|&i| index_letter(i).to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let topic_line = format!(
        "{} \u{203a} {}",
        escape(category.title(lang)),
        escape(topic.title(lang))
    );
    let source = ctx
        .base_url
        .map(|base| {
            // The page of the HTML export: <lang>/<category>/<topic>/q/<id>.html.
            let url = format!(
                "{base}/{}/{}/{}/q/{}.html",
                url_segment(lang),
                url_segment(&category.slug),
                url_segment(&topic.slug),
                url_segment(id)
            );
            format!("<a href=\"{0}\">{0}</a>", escape(&url))
        })
        .unwrap_or_default();

    let mut fields: Fields = Default::default();
    fields[field::ID] = escape(id);
    fields[field::QUESTION] = stem;
    fields[field::OPTIONS] = options;
    fields[field::ANSWER] = answer;
    fields[field::EXPLANATION] = explanation;
    fields[field::TOPIC] = topic_line;
    fields[field::SOURCE] = source;
    fields[field::LANG] = escape(lang);
    for value in &mut fields {
        *value = clean(std::mem::take(value));
    }

    let mut tags: Vec<String> = question.tags.iter().map(|t| tag(&t.value)).collect();
    tags.push(format!("{}::{}", tag(&category.slug), tag(&topic.slug)));
    if let Some(difficulty) = &question.difficulty {
        let level = match difficulty.value {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        };
        tags.push(format!("difficulty::{level}"));
    }
    tags.retain(|t| !t.is_empty());
    tags.sort();
    tags.dedup();
    images.sort_by(|a, b| a.path.cmp(b.path));
    images.dedup_by(|a, b| a.path == b.path);
    NoteContent {
        fields,
        tags,
        images,
    }
}

/// The options as an ordered list: each item carries its letter, `data-qk-correct` when it is
/// part of the key, and its feedback (shown on the back only).
fn options_html(
    question: &Question,
    keys: &[usize],
    lang: &str,
    images: &mut dyn FnMut(&str) -> Option<Img>,
) -> String {
    let mut out = String::with_capacity(64 + question.options.len() * 160);
    out.push_str("<ol class=\"qk-options\"");
    if question.is_multiple_response() {
        out.push_str(" data-qk-multi");
    }
    out.push('>');
    for (i, option) in question.options.iter().enumerate() {
        let letter = index_letter(i);
        out.push_str("<li class=\"qk-option\" data-qk-letter=\"");
        out.push(letter);
        out.push('"');
        if keys.contains(&i) {
            out.push_str(" data-qk-correct");
        }
        out.push_str("><span class=\"qk-letter\">");
        out.push(letter);
        out.push_str("</span><div class=\"qk-text\">");
        out.push_str(&to_inline_html_with_images(
            option.text.get_or_first(lang),
            Math::Delimiters,
            images,
        ));
        out.push_str("</div>");
        if let Some(feedback) = &option.feedback {
            out.push_str("<div class=\"qk-feedback\">");
            out.push_str(&to_inline_html_with_images(
                feedback.get_or_first(lang),
                Math::Delimiters,
                images,
            ));
            out.push_str("</div>");
        }
        out.push_str("</li>");
    }
    out.push_str("</ol>");
    out
}

/// `text` as Anki stores it: NFC, without the ASCII control characters Anki strips on import, so
/// the checksums written here are the ones Anki computes.
fn clean(text: String) -> String {
    let stripped = |b: u8| (b < 0x20 && b != b'\t' && b != b'\n') || b == 0x7f;
    let text = if text.bytes().any(stripped) {
        text.chars()
            .filter(|&c| !(c.is_ascii() && stripped(c as u8)))
            .collect()
    } else {
        text
    };
    if text.is_ascii() {
        return text;
    }
    match is_nfc_quick(text.chars()) {
        IsNormalized::Yes => text,
        _ => text.nfc().collect(),
    }
}

/// A tag without the characters Anki does not allow in one (spaces, quotes, control
/// characters).
fn tag(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_whitespace() || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .filter(|&c| c != '"')
        .collect()
}

/// Escapes text for HTML.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// One path segment of a URL: everything but unreserved characters percent-encoded.
fn url_segment(segment: &str) -> String {
    let mut out = String::with_capacity(segment.len());
    for b in segment.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_gives_nfc_without_control_characters() {
        assert_eq!(clean("e\u{301}\u{7}x\ty\nz".to_owned()), "\u{e9}x\ty\nz");
    }

    #[test]
    fn url_segments_stay_segments() {
        assert_eq!(url_segment("a b/../é"), "a%20b%2F..%2F%C3%A9");
    }

    #[test]
    fn tags_have_no_spaces() {
        assert_eq!(tag("a b\"c"), "a_bc");
    }
}
