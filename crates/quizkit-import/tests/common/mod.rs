//! What the two import corpus tests share: texts compared as a reader sees them.

use std::sync::LazyLock;

use quizkit_export::markdown::{Math, to_html};
use quizkit_model::LocalizedText;
use regex::Regex;

/// A regular expression the tests write.
pub fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("{pattern}: {e}"))
}

static TAG: LazyLock<Regex> = LazyLock::new(|| re(r"<[^>]*>"));

/// Tags inside a line of text (`H<sub>2</sub>O`, `<strong>edelgassen</strong>?`): taken off
/// without a space, as a browser shows them; every other tag ends a word.
static INLINE_TAG: LazyLock<Regex> = LazyLock::new(|| {
    re(r"</?(?:a|b|code|del|em|i|ins|mark|s|small|span|strong|sub|sup|u)\b[^>]*>")
});

/// Text as a reader sees it: one language of multilang markup, no tags, the common entities
/// decoded, whitespace collapsed.
pub fn plain(text: &str, lang: &str) -> String {
    let span = re(r#"(?s)<span lang="([a-z]+)" class="multilang">(.*?)</span>"#);
    let mlang = re(r"(?s)\{mlang ([a-z]+)\}(.*?)\{mlang\}");
    let mut t = text.to_owned();
    for r in [&span, &mlang] {
        t = r
            .replace_all(&t, |c: &regex::Captures| {
                if &c[1] == lang {
                    c[2].to_owned()
                } else {
                    String::new()
                }
            })
            .into_owned();
    }
    let t = INLINE_TAG.replace_all(&t, "");
    let t = TAG.replace_all(&t, " ");
    let t = t
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An imported text as a reader sees it. HTML kept inline (`<sub>`) is shown as written by
/// quizkit's exports (the import reports it); its tags are taken off here as the sheet's are.
pub fn imported_text(text: Option<&LocalizedText>, lang: &str) -> String {
    text.map(|t| {
        let html = numbered(&to_html(t.get_or_first(lang), Math::Delimiters));
        plain(&plain(&html, lang), lang)
    })
    .unwrap_or_default()
}

/// `html` with the items of each numbered list numbered as a browser shows them (`1. `), so
/// that its plain text reads as the page does.
fn numbered(html: &str) -> String {
    let list = re(r#"(?s)<ol(?: start="(\d+)")?>(.*?)</ol>"#);
    list.replace_all(html, |c: &regex::Captures| {
        let start: usize = c.get(1).map_or(1, |m| m.as_str().parse().unwrap_or(1));
        let mut items = c[2].split("<li>");
        let before = items.next().unwrap_or_default().to_owned();
        items.enumerate().fold(before, |out, (i, item)| {
            format!("{out}<li>{}. {item}", start + i)
        })
    })
    .into_owned()
}
