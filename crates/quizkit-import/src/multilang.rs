//! Moodle's two ways of writing one text in several languages, split into one text per
//! language: `<span lang="nl" class="multilang">…</span>` (the "Multi-Language Content"
//! filter) and `{mlang nl}…{mlang}` (its successor, filter_multilang2).
//!
//! As in Moodle, a run of such parts next to each other (whitespace between them aside) is one
//! choice between languages; text outside the runs belongs to every language. A language that
//! a run does not have gets that run's first part, which is what Moodle shows a reader in
//! another language.

use std::sync::LazyLock;

use regex::Regex;

static SPAN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?is)<span(?:\s+lang\s*=\s*"([a-z0-9_-]+)"|\s+class\s*=\s*"multilang"){2}\s*>(.*?)</span>"#,
    )
    .expect("the multilang span pattern")
});

static MLANG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?is)\{mlang\s+([a-z0-9_-]+)\s*\}(.*?)\{mlang\}").expect("the mlang pattern")
});

/// One part of a run: its language and text.
#[derive(Debug, Clone)]
struct Part {
    start: usize,
    end: usize,
    lang: String,
    text: String,
}

/// A language code as quizkit writes it: lowercase, `_` made `-` (`pt_br` → `pt-br`); `None`
/// for mlang's `other`, which stands for every language not listed.
pub(crate) fn normalize_lang(code: &str) -> Option<String> {
    let code = code.trim().to_ascii_lowercase().replace('_', "-");
    (code != "other").then_some(code)
}

/// The languages of `text`, in the order they first appear, and the text in each; empty when
/// `text` has no multilang parts.
pub(crate) fn split(text: &str) -> Vec<(String, String)> {
    if !text.contains("multilang") && !text.contains("{mlang") {
        return Vec::new();
    }
    let mut parts: Vec<Part> = Vec::new();
    for (regex, is_span) in [(&*SPAN, true), (&*MLANG, false)] {
        for caps in regex.captures_iter(text) {
            let (Some(whole), Some(body)) = (caps.get(0), caps.get(2)) else {
                continue;
            };
            // A span needs both attributes: `{2}` also matches `lang` twice.
            if is_span
                && !whole.as_str()[..whole.as_str().find('>').unwrap_or(0)].contains("multilang")
            {
                continue;
            }
            let lang = caps.get(1).map_or("", |m| m.as_str());
            parts.push(Part {
                start: whole.start(),
                end: whole.end(),
                lang: normalize_lang(lang).unwrap_or_default(),
                text: body.as_str().to_owned(),
            });
        }
    }
    parts.sort_by_key(|p| p.start);
    let mut kept: Vec<Part> = Vec::with_capacity(parts.len());
    for part in parts {
        if kept.last().is_none_or(|last| part.start >= last.end) {
            kept.push(part);
        }
    }
    if kept.is_empty() {
        return Vec::new();
    }
    let mut langs: Vec<String> = Vec::new();
    for part in &kept {
        if !part.lang.is_empty() && !langs.contains(&part.lang) {
            langs.push(part.lang.clone());
        }
    }
    // Runs: parts separated by whitespace only.
    let mut runs: Vec<Vec<&Part>> = Vec::new();
    for part in &kept {
        match runs.last_mut() {
            Some(run)
                if text[run.last().map_or(0, |p| p.end)..part.start]
                    .trim()
                    .is_empty() =>
            {
                run.push(part);
            }
            _ => runs.push(vec![part]),
        }
    }
    langs
        .iter()
        .map(|lang| {
            let mut out = String::with_capacity(text.len());
            let mut at = 0;
            for run in &runs {
                let first = run[0];
                let last = run[run.len() - 1];
                out.push_str(&text[at..first.start]);
                let chosen = run
                    .iter()
                    .find(|p| &p.lang == lang)
                    .or_else(|| run.iter().find(|p| p.lang.is_empty()))
                    .unwrap_or(&first);
                out.push_str(&chosen.text);
                at = last.end;
            }
            out.push_str(&text[at..]);
            (lang.clone(), out)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_become_one_text_per_language() {
        let text = r#"<p><span lang="nl" class="multilang">Hallo</span> <span class="multilang" lang="en">Hello</span>, world</p>"#;
        assert_eq!(
            split(text),
            vec![
                ("nl".to_owned(), "<p>Hallo, world</p>".to_owned()),
                ("en".to_owned(), "<p>Hello, world</p>".to_owned()),
            ]
        );
    }

    #[test]
    fn mlang_with_other_and_a_regional_code() {
        let text = "{mlang pt_br}Olá{mlang}{mlang other}Hello{mlang}!";
        assert_eq!(split(text), vec![("pt-br".to_owned(), "Olá!".to_owned())]);
    }

    #[test]
    fn plain_text_has_no_languages() {
        assert!(split("<p>multilang is a word here</p>").is_empty());
    }
}
