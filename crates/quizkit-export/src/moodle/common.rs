//! What the Moodle XML and GIFT exporters share: the languages written and Moodle's multilang
//! spans, question names, grades from Moodle's list, category paths, and the checks for what
//! Moodle cannot take (characters XML forbids, images).
//!
//! The facts behind each rule are in `shared/reference/moodle.md` (verified against Moodle
//! 4.5's importer); section numbers below refer to it.

use std::collections::BTreeSet;

use quizkit_model::{Bank, LocalizedText, Question, index_letter};

use crate::markdown::{self, Math};
use crate::{Error, Kind, Options, Warning};

/// Moodle's longest question or category name, in characters (§4, §5).
pub(crate) const MAX_NAME_CHARS: usize = 255;
/// The longest name quizkit writes for one language: long enough to recognise the question in
/// Moodle's question bank, short enough to read.
const NAME_CHARS_PER_LANGUAGE: usize = 100;
/// Moodle's longest idnumber (`question_bank_entries.idnumber`, §4).
pub(crate) const MAX_IDNUMBER_CHARS: usize = 100;

/// How a Markdown text is written out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// HTML with its paragraphs (question text, explanations, descriptions).
    Block,
    /// HTML without the paragraph around a one-paragraph text (options, option feedback).
    Inline,
}

/// The languages an export writes, and how several are combined: Moodle's multilang spans,
/// `<span lang="nl" class="multilang">…</span>` once per language, which the "Multi-Language
/// Content" filter reduces to the reader's language.
#[derive(Debug, Clone)]
pub(crate) struct Langs {
    langs: Vec<String>,
}

impl Langs {
    /// The languages `options` selects for `bank`.
    pub(crate) fn new(bank: &Bank, options: &Options) -> Result<Self, Error> {
        let langs = options
            .languages(bank)?
            .into_iter()
            .map(str::to_owned)
            .collect();
        Ok(Langs { langs })
    }

    /// True when several languages go out through multilang spans.
    pub(crate) fn multilang(&self) -> bool {
        self.langs.len() > 1
    }

    /// The languages, first the primary one.
    pub(crate) fn list(&self) -> &[String] {
        &self.langs
    }

    /// One text per language from `each`, combined: the text itself for one language, one
    /// multilang span per language otherwise.
    pub(crate) fn combine(&self, mut each: impl FnMut(&str) -> String) -> String {
        match self.langs.as_slice() {
            [one] => each(one),
            langs => {
                let parts: Vec<String> = langs.iter().map(|l| each(l)).collect();
                if parts.iter().all(String::is_empty) {
                    return String::new();
                }
                langs
                    .iter()
                    .zip(parts)
                    .map(|(l, p)| format!("<span lang=\"{l}\" class=\"multilang\">{p}</span>"))
                    .collect()
            }
        }
    }

    /// The name of a question: the start of its stem as plain text in each language, short
    /// enough that the whole name, spans included, stays within Moodle's 255 characters. Falls
    /// back to the question id when the stem has no text or the languages leave no room.
    pub(crate) fn question_name(&self, question: &Question) -> String {
        let per_language = self.name_budget().min(NAME_CHARS_PER_LANGUAGE);
        let plain: Vec<String> = self
            .langs
            .iter()
            .map(|l| plain_line(question.stem.get_or_first(l)))
            .collect();
        if per_language < 20 || plain.iter().any(String::is_empty) {
            return question.id.value.clone();
        }
        let mut i = 0;
        self.combine(|_| {
            let name = shorten(&plain[i], per_language);
            i += 1;
            name
        })
    }

    /// A category or topic name: its title (or folder name) as plain text in each language,
    /// shortened so that the whole name stays within Moodle's 255 characters.
    pub(crate) fn title(&self, title: Option<&LocalizedText>, slug: &str) -> String {
        let budget = self.name_budget().max(1);
        self.combine(|lang| {
            let plain = title.map(|t| plain_line(t.get_or_first(lang)));
            match plain {
                Some(p) if !p.is_empty() => shorten(&p, budget),
                _ => shorten(slug, budget),
            }
        })
    }

    /// How many characters each language's part of a name may take so that the name, spans
    /// included, fits in Moodle's 255.
    fn name_budget(&self) -> usize {
        let overhead: usize = if self.multilang() {
            self.langs.iter().map(|l| span_overhead(l)).sum()
        } else {
            0
        };
        MAX_NAME_CHARS.saturating_sub(overhead) / self.langs.len().max(1)
    }
}

fn span_overhead(lang: &str) -> usize {
    "<span lang=\"\" class=\"multilang\"></span>".len() + lang.chars().count()
}

/// Markdown rendered for Moodle: HTML with `\( … \)` math for its MathJax filter, line endings
/// made `\n`, and no trailing newline (Moodle trims texts anyway).
pub(crate) fn render(markdown_text: &str, form: Form) -> String {
    render_with_images(markdown_text, form, &mut |_| None)
}

/// [`render`], asking `images` about each image as [`markdown::to_html_with_images`] does.
pub(crate) fn render_with_images(
    markdown_text: &str,
    form: Form,
    images: &mut dyn FnMut(&str) -> Option<markdown::Img>,
) -> String {
    let source = normalize_newlines(markdown_text);
    let html = match form {
        Form::Block => markdown::to_html_with_images(&source, Math::Delimiters, images),
        Form::Inline => markdown::to_inline_html_with_images(&source, Math::Delimiters, images),
    };
    html.trim_end().to_owned()
}

/// `\r\n` and a lone `\r` become `\n`, as any XML parser would make them anyway.
fn normalize_newlines(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains('\r') {
        std::borrow::Cow::Owned(s.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

/// Markdown as one line of plain text, whitespace collapsed.
pub(crate) fn plain_line(markdown_text: &str) -> String {
    markdown::to_plain(&normalize_newlines(markdown_text))
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `s` cut to at most `max` characters at a word boundary, with `…` when cut.
pub(crate) fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_owned();
    }
    let cut: String = s.chars().take(max.saturating_sub(1)).collect();
    let at_word = match cut.rfind(' ') {
        Some(i) if i > cut.len() / 2 => &cut[..i],
        _ => cut.as_str(),
    };
    format!("{}…", at_word.trim_end())
}

/// One category name in a Moodle category path: `/` doubled, and a space before a leading or
/// after a trailing `/` so it is not read as a separator, exactly as Moodle's own
/// `assemble_category_path` does (Moodle trims the space again on import).
pub(crate) fn path_segment(name: &str) -> String {
    let mut escaped = name.replace('/', "//");
    if escaped.starts_with('/') {
        escaped.insert(0, ' ');
    }
    if escaped.ends_with('/') {
        escaped.push(' ');
    }
    escaped
}

/// `$course$/top/<names>`, each name escaped with [`path_segment`].
pub(crate) fn category_path(names: &[&str]) -> String {
    let mut path = String::from("$course$/top");
    for name in names {
        path.push('/');
        path.push_str(&path_segment(name));
    }
    path
}

/// Moodle's grades of the form 1/k (`question_bank::fraction_options_full`) as percentages with
/// five decimals, by k: the only equal shares Moodle accepts (§3).
const UNIT_SHARES: &[(usize, &str)] = &[
    (1, "100"),
    (2, "50"),
    (3, "33.33333"),
    (4, "25"),
    (5, "20"),
    (6, "16.66667"),
    (7, "14.28571"),
    (8, "12.5"),
    (9, "11.11111"),
    (10, "10"),
    (20, "5"),
];

/// The grade of each option, as the percentage Moodle's `fraction` attribute and GIFT's `%…%`
/// weight take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Grades {
    /// True when the key is one letter (radio buttons); false for multiple response.
    pub single: bool,
    /// One percentage per option, in option order: `100`/`0` for single choice; for multiple
    /// response equal shares of 100 for the keys and equal negative shares for the rest, so
    /// that ticking every box scores 0.
    pub percent: Vec<String>,
}

/// How a target fails a question it cannot take: its name, and what it does with a blank
/// option.
pub(crate) struct Refusal<'a> {
    /// The target's name in a message (`Moodle`, `QTI`).
    pub target: &'a str,
    /// What the target does with a blank option (`silently drops blank options`).
    pub blank: &'a str,
}

/// The keyed option indices of `question`, or why `refusal.target` cannot take it: fewer than
/// two options, a blank option, or an answer key that does not name its options.
pub(crate) fn checked_keys(
    question: &Question,
    refusal: &Refusal,
) -> Result<BTreeSet<usize>, Error> {
    let err = |message: String| Error {
        question: Some(question.id.value.clone()),
        message,
    };
    let n = question.options.len();
    if n < 2 {
        return Err(err(format!(
            "it has {n} option(s); {} needs at least 2 for a multiple-choice question",
            refusal.target
        )));
    }
    if let Some(i) = (0..n)
        .find(|&i| question.options[i].text.entries.is_empty())
        .or_else(|| {
            (0..n).find(|&i| {
                question.options[i]
                    .text
                    .entries
                    .iter()
                    .any(|e| e.text.value.trim().is_empty())
            })
        })
    {
        return Err(err(format!(
            "option {} is blank; {} {}",
            index_letter(i),
            refusal.target,
            refusal.blank
        )));
    }
    let keys: BTreeSet<usize> = question.key_indices().into_iter().collect();
    let written = question.answer.as_ref().map_or(0, |a| a.letters.len());
    if keys.is_empty() || keys.len() != written {
        return Err(err(
            "its answer key does not name its options (run `quizkit lint`)".to_owned(),
        ));
    }
    Ok(keys)
}

/// The grades of `question`, or why Moodle could not take it: no valid key, fewer than two
/// options, a blank option, or a number of keys whose equal shares are not in Moodle's list.
pub(crate) fn grades(question: &Question) -> Result<Grades, Error> {
    let err = |message: String| Error {
        question: Some(question.id.value.clone()),
        message,
    };
    let n = question.options.len();
    let keys = checked_keys(
        question,
        &Refusal {
            target: "Moodle",
            blank: "silently drops blank options",
        },
    )?;
    if !question.is_multiple_response() {
        let percent = (0..n)
            .map(|i| if keys.contains(&i) { "100" } else { "0" }.to_owned())
            .collect();
        return Ok(Grades {
            single: true,
            percent,
        });
    }
    let k = keys.len();
    let Some((_, share)) = UNIT_SHARES.iter().find(|(d, _)| *d == k) else {
        return Err(err(format!(
            "it has {k} correct options; Moodle's grade list has equal shares for 1 to 10 or 20 correct options only"
        )));
    };
    let wrong = n - k;
    // The largest listed share not above 1/wrong: ticking every box then scores at most 0.
    let penalty = UNIT_SHARES
        .iter()
        .rev()
        .find(|(d, _)| *d <= wrong)
        .map_or("0".to_owned(), |(_, s)| format!("-{s}"));
    let percent = (0..n)
        .map(|i| {
            if keys.contains(&i) {
                (*share).to_owned()
            } else {
                penalty.clone()
            }
        })
        .collect();
    Ok(Grades {
        single: false,
        percent,
    })
}

/// Every text of the bank that an export writes, with who owns it and which field it is.
struct TextRef<'a> {
    question: Option<&'a str>,
    owner: String,
    field: String,
    text: &'a LocalizedText,
}

fn text_ref<'a>(
    question: Option<&'a str>,
    owner: &str,
    field: impl Into<String>,
    text: &'a LocalizedText,
) -> TextRef<'a> {
    TextRef {
        question,
        owner: owner.to_owned(),
        field: field.into(),
        text,
    }
}

fn texts(bank: &Bank) -> Vec<TextRef<'_>> {
    let mut out = Vec::new();
    if let Some(title) = &bank.config.title {
        out.push(text_ref(None, "the bank", "title", title));
    }
    for category in &bank.categories {
        let owner = format!("category `{}`", category.slug);
        if let Some(t) = &category.meta.title {
            out.push(text_ref(None, &owner, "title", t));
        }
        if let Some(t) = &category.meta.description {
            out.push(text_ref(None, &owner, "description", t));
        }
        for topic in &category.topics {
            let owner = format!("topic `{}/{}`", category.slug, topic.slug);
            if let Some(t) = &topic.meta.title {
                out.push(text_ref(None, &owner, "title", t));
            }
            if let Some(t) = &topic.meta.summary {
                out.push(text_ref(None, &owner, "summary", t));
            }
            for (i, t) in topic.meta.key_points.iter().enumerate() {
                out.push(text_ref(None, &owner, format!("key point {}", i + 1), t));
            }
            for q in &topic.questions {
                let id = Some(q.id.value.as_str());
                out.push(text_ref(id, "", "stem", &q.stem));
                for (i, option) in q.options.iter().enumerate() {
                    let letter = index_letter(i);
                    out.push(text_ref(id, "", format!("option {letter}"), &option.text));
                    if let Some(f) = &option.feedback {
                        out.push(text_ref(id, "", format!("feedback of option {letter}"), f));
                    }
                }
                if let Some(t) = &q.explanation {
                    out.push(text_ref(id, "", "explanation", t));
                }
            }
        }
    }
    out
}

/// A character XML 1.0 forbids even in CDATA (§2): C0 controls other than tab, newline and
/// carriage return, and U+FFFE/U+FFFF.
pub(crate) fn forbidden_in_xml(c: char) -> bool {
    (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{FFFE}' | '\u{FFFF}')
}

/// True when `s` may hold a character [`forbidden_in_xml`] refuses: a byte-wise test, much
/// faster than decoding characters. In UTF-8 a byte below 0x20 is always that C0 control,
/// and U+FFFE and U+FFFF are `EF BF BE` and `EF BF BF`.
pub(crate) fn may_hold_forbidden(s: &str) -> bool {
    s.bytes()
        .any(|b| b < b' ' && !matches!(b, b'\t' | b'\n' | b'\r'))
        || s.contains('\u{FFFE}')
        || s.contains('\u{FFFF}')
}

fn check_chars(
    question: Option<&str>,
    owner: &str,
    field: &str,
    lang: Option<&str>,
    s: &str,
) -> Result<(), Error> {
    if !may_hold_forbidden(s) {
        return Ok(());
    }
    if let Some((at, c)) = s.chars().enumerate().find(|&(_, c)| forbidden_in_xml(c)) {
        let lang = lang.map(|l| format!(" ({l})")).unwrap_or_default();
        let whose = if owner.is_empty() {
            String::new()
        } else {
            format!("{owner}: ")
        };
        return Err(Error {
            question: question.map(str::to_owned),
            message: format!(
                "{whose}the {field}{lang} holds the control character U+{:04X} at character {}, which XML 1.0 forbids (Moodle and QTI importers refuse it); remove it",
                u32::from(c),
                at + 1
            ),
        });
    }
    Ok(())
}

/// Refuses what no XML target can take: characters XML forbids, anywhere in a text, tag, id or
/// folder name.
pub(crate) fn check_characters(bank: &Bank) -> Result<(), Error> {
    for t in texts(bank) {
        for entry in &t.text.entries {
            let lang = Some(entry.lang.value.as_str());
            check_chars(t.question, &t.owner, &t.field, lang, &entry.text.value)?;
        }
    }
    for (_, _, q) in bank.questions() {
        let id = Some(q.id.value.as_str());
        check_chars(id, "", "id", None, &q.id)?;
        for tag in &q.tags {
            check_chars(id, "", "tag", None, tag)?;
        }
    }
    for category in &bank.categories {
        check_chars(None, "", "category folder name", None, &category.slug)?;
        for topic in &category.topics {
            check_chars(None, "", "topic folder name", None, &topic.slug)?;
        }
    }
    Ok(())
}

/// Refuses duplicate question ids: Moodle silently drops a repeated idnumber (§4).
pub(crate) fn check_ids(bank: &Bank) -> Result<(), Error> {
    let mut seen = BTreeSet::new();
    for (_, _, q) in bank.questions() {
        if !seen.insert(q.id.value.as_str()) {
            return Err(Error {
                question: Some(q.id.value.clone()),
                message: "this id is used by more than one question; Moodle would silently drop the second idnumber (run `quizkit lint`)".into(),
            });
        }
        if q.id.trim().is_empty() || q.id.trim() != q.id.value {
            return Err(Error {
                question: Some(q.id.value.clone()),
                message: "the id is blank or has spaces at either end; Moodle's idnumber keeps them and matches nothing".into(),
            });
        }
        if q.id.chars().count() > MAX_IDNUMBER_CHARS {
            return Err(Error {
                question: Some(q.id.value.clone()),
                message: format!(
                    "the id has {} characters; Moodle's idnumber holds at most {MAX_IDNUMBER_CHARS}",
                    q.id.chars().count()
                ),
            });
        }
    }
    Ok(())
}

/// One warning per kind of question data Moodle has no place for, with how many questions it
/// concerns: difficulty and related questions.
pub(crate) fn dropped_metadata(bank: &Bank, target: &str) -> Vec<Warning> {
    let with_difficulty = bank
        .questions()
        .filter(|(_, _, q)| q.difficulty.is_some())
        .count();
    let with_related = bank
        .questions()
        .filter(|(_, _, q)| !q.related.is_empty())
        .count();
    let mut warnings = Vec::new();
    if with_difficulty > 0 {
        warnings.push(Warning {
            question: None,
            message: format!(
                "{target} has no field for a question's difficulty; left out of {with_difficulty} question(s) (the json and html exports keep it)"
            ),
            kind: Kind::Limit,
        });
    }
    if with_related > 0 {
        warnings.push(Warning {
            question: None,
            message: format!(
                "{target} has no field for related questions; left out of {with_related} question(s) (the json and html exports keep them)"
            ),
            kind: Kind::Limit,
        });
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_segments_double_slashes_like_moodle() {
        assert_eq!(path_segment("A/B"), "A//B");
        assert_eq!(path_segment("/x/"), " //x// ");
        assert_eq!(
            category_path(&["Tricky / // and so on", "T"]),
            "$course$/top/Tricky // //// and so on/T"
        );
    }

    #[test]
    fn names_fit_moodles_255_characters_in_any_number_of_languages() {
        for n in 1..=4 {
            let langs = Langs {
                langs: ["nl", "en", "de", "fr"][..n]
                    .iter()
                    .map(|l| (*l).to_owned())
                    .collect(),
            };
            let long = LocalizedText {
                entries: Vec::new(),
                plain: false,
            };
            let name = langs.title(Some(&long), &"very-long-folder-name-".repeat(20));
            assert!(name.chars().count() <= MAX_NAME_CHARS, "{n}: {name}");
            assert!(name.contains('…'), "{n}: {name}");
        }
    }

    #[test]
    fn shorten_cuts_at_a_word() {
        assert_eq!(shorten("short", 10), "short");
        assert_eq!(shorten("one two three four", 12), "one two…");
        assert_eq!(shorten("abcdefghijklmnop", 6), "abcde…");
    }

    #[test]
    fn every_share_is_on_moodles_list_within_its_tolerance() {
        // question_bank::fraction_options_full(), positive half.
        let list = [
            1.0, 0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25,
            0.2, 0.1666667, 0.1428571, 0.125, 0.1111111, 0.1, 0.05, 0.0,
        ];
        for (d, s) in UNIT_SHARES {
            let percent: f64 = s.parse().expect("a number");
            let f = percent / 100.0;
            assert!((f - 1.0 / *d as f64).abs() < 1e-5, "{s} is not 1/{d}");
            assert!(
                list.iter().any(|g| (g - f).abs() < 1e-5),
                "{s}% is not on Moodle's list"
            );
        }
    }

    #[test]
    fn forbidden_characters_are_the_xml_ones() {
        assert!(forbidden_in_xml('\0'));
        assert!(forbidden_in_xml('\u{1F}'));
        assert!(forbidden_in_xml('\u{FFFF}'));
        assert!(!forbidden_in_xml('\t'));
        assert!(!forbidden_in_xml('\n'));
        assert!(!forbidden_in_xml('\u{202E}'));
        assert!(!forbidden_in_xml('😀'));
    }
}
