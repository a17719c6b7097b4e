//! Markdown to HTML, shared by every exporter.
//!
//! CommonMark with tables, strikethrough and `$…$` / `$$…$$` math. Raw HTML in a text is
//! escaped and shown as written: no text from a question file can inject markup.

use pulldown_cmark::{CowStr, Event, Options as CmarkOptions, Parser, TagEnd, html};

/// How math is written out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Math {
    /// `\( … \)` and `\[ … \]`, for MathJax in Moodle and Anki.
    Delimiters,
}

fn options() -> CmarkOptions {
    CmarkOptions::ENABLE_TABLES | CmarkOptions::ENABLE_STRIKETHROUGH | CmarkOptions::ENABLE_MATH
}

/// Renders `markdown` to an HTML fragment.
pub fn to_html(markdown: &str, math: Math) -> String {
    let events = Parser::new_ext(markdown, options()).map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        Event::InlineMath(tex) => match math {
            Math::Delimiters => Event::Text(CowStr::from(format!("\\({tex}\\)"))),
        },
        Event::DisplayMath(tex) => match math {
            Math::Delimiters => Event::Text(CowStr::from(format!("\\[{tex}\\]"))),
        },
        other => other,
    });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, events);
    out
}

/// Renders `markdown` that is one paragraph to inline HTML, without the `<p>` around it.
pub fn to_inline_html(markdown: &str, math: Math) -> String {
    let html = to_html(markdown, math);
    let trimmed = html.trim_end();
    match trimmed
        .strip_prefix("<p>")
        .and_then(|s| s.strip_suffix("</p>"))
    {
        Some(inner) if !inner.contains("<p>") => inner.to_owned(),
        _ => html,
    }
}

/// The text of `markdown` without any markup, for targets that take plain text.
pub fn to_plain(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Text(t) | Event::Code(t) | Event::Html(t) | Event::InlineHtml(t) => {
                out.push_str(&t)
            }
            Event::InlineMath(t) => out.push_str(&t),
            Event::DisplayMath(t) => out.push_str(&t),
            Event::SoftBreak | Event::HardBreak => out.push(' '),
            Event::End(
                TagEnd::Paragraph
                | TagEnd::Item
                | TagEnd::Heading(_)
                | TagEnd::TableCell
                | TagEnd::CodeBlock,
            ) if !out.ends_with(' ') => out.push(' '),
            _ => {}
        }
    }
    out.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_html_is_escaped() {
        let html = to_html("a <script>alert(1)</script> b", Math::Delimiters);
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
    }

    #[test]
    fn math_gets_mathjax_delimiters() {
        assert_eq!(
            to_inline_html("$x^2$ and `y`", Math::Delimiters),
            "\\(x^2\\) and <code>y</code>"
        );
    }

    #[test]
    fn a_single_paragraph_renders_inline() {
        assert_eq!(
            to_inline_html("**GEEN** reden", Math::Delimiters),
            "<strong>GEEN</strong> reden"
        );
    }

    #[test]
    fn plain_text_drops_markup() {
        assert_eq!(
            to_plain("Een **vast** `2:4` patroon"),
            "Een vast 2:4 patroon"
        );
    }
}
