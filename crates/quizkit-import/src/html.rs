//! Moodle's text formats to quizkit's Markdown.
//!
//! HTML goes through [`htmd`] (a turndown-style converter on html5ever, so entities are
//! decoded and broken markup is read the way browsers read it), set up to write what
//! quizkit's Markdown renders back to the same HTML: emphasis, code, lists, links, tables,
//! line breaks, headings. What Markdown has no syntax for (`<sub>`, `<sup>`, `<u>`, `<kbd>`,
//! media players…) is kept as inline HTML, never dropped. MathJax's `\( … \)`, `\[ … \]` and
//! `$$ … $$` become quizkit's `$…$` and `$$…$$`, and a `$` of the text is escaped so it is
//! never read as math. Images attached to the question (`@@PLUGINFILE@@/name`) keep their
//! place as a Markdown image of that name; the bank cannot hold their bytes yet, which the
//! importer reports.
//!
//! Presentational wrappers (`<span style>`, `<div>`, `<font>`) are unwrapped: their text is
//! kept, their styling is not.

use std::sync::LazyLock;

use htmd::element_handler::{HandlerResult, Handlers};
use htmd::options::{BrStyle, BulletListMarker, Options};
use htmd::{Element, HtmlToMarkdown};
use markup5ever_rcdom::NodeData;
use regex::Regex;

/// The format a Moodle text is written in (its `format` attribute, or a GIFT `[…]` marker).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextFormat {
    /// `html`.
    Html,
    /// `moodle_auto_format` (GIFT `[moodle]`): HTML, where a line break is a break.
    MoodleAuto,
    /// `plain_text` and `wiki_like` (GIFT `[plain]`): text, shown as written.
    Plain,
    /// `markdown`.
    Markdown,
}

impl TextFormat {
    /// The format Moodle XML's `format` attribute names; Moodle reads anything else as HTML.
    pub fn from_moodle(name: &str) -> TextFormat {
        match name.trim() {
            "moodle_auto_format" => TextFormat::MoodleAuto,
            "plain_text" | "wiki_like" => TextFormat::Plain,
            "markdown" => TextFormat::Markdown,
            _ => TextFormat::Html,
        }
    }
}

/// A text converted to Markdown, and what the conversion could not carry as Markdown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Converted {
    /// The Markdown.
    pub markdown: String,
    /// The HTML elements kept inline (`sub`, `sup`…), each once, in order of appearance.
    pub kept_html: Vec<String>,
    /// The names of the attached files the text shows or links to (`@@PLUGINFILE@@/name`),
    /// as they appear in the Markdown.
    pub images: Vec<String>,
}

/// Markers for math while the text goes through the converter, which would escape TeX.
const MATH_OPEN: char = '\u{E000}';
const MATH_CLOSE: char = '\u{E001}';
const DISPLAY_OPEN: char = '\u{E002}';
const DISPLAY_CLOSE: char = '\u{E003}';

/// Elements Markdown has no syntax for, kept as inline HTML (attributes left out).
const KEPT_INLINE: &[&str] = &[
    "sub", "sup", "u", "ins", "mark", "kbd", "samp", "var", "small", "abbr", "q", "cite",
];

/// Media and embedded content, kept as HTML with their attributes: their addresses are the
/// content.
const KEPT_MEDIA: &[&str] = &[
    "video", "audio", "source", "iframe", "object", "embed", "track",
];

static CONVERTER: LazyLock<HtmlToMarkdown> = LazyLock::new(|| {
    let options = Options {
        br_style: BrStyle::Backslash,
        bullet_list_marker: BulletListMarker::Dash,
        ul_bullet_spacing: 1,
        ol_number_spacing: 1,
        ..Options::default()
    };
    HtmlToMarkdown::builder()
        .options(options)
        .skip_tags(vec!["script", "style", "head", "title", "template"])
        .add_handler(KEPT_INLINE.to_vec(), keep_inline)
        .add_handler(KEPT_MEDIA.to_vec(), keep_media)
        .add_handler(vec!["del", "s", "strike"], strikethrough)
        .add_handler(vec!["em", "i", "strong", "b"], emphasis)
        .add_handler(vec!["span"], math_span)
        .add_handler(vec!["img"], image)
        .build()
});

fn keep_inline(handlers: &dyn Handlers, element: Element) -> Option<HandlerResult> {
    let content = handlers.walk_children(element.node).content;
    let title = element
        .attrs
        .iter()
        .find(|a| &*a.name.local == "title" && element.tag == "abbr")
        .map(|a| format!(" title=\"{}\"", attr_escape(&a.value)))
        .unwrap_or_default();
    Some(format!("<{tag}{title}>{content}</{tag}>", tag = element.tag).into())
}

fn keep_media(handlers: &dyn Handlers, element: Element) -> Option<HandlerResult> {
    let content = handlers.walk_children(element.node).content;
    let mut out = format!("<{}", element.tag);
    for a in element.attrs {
        out.push_str(&format!(
            " {}=\"{}\"",
            &*a.name.local,
            attr_escape(&a.value)
        ));
    }
    out.push('>');
    out.push_str(content.trim());
    if !matches!(element.tag, "source" | "track" | "embed") {
        out.push_str(&format!("</{}>", element.tag));
    }
    Some(out.into())
}

fn strikethrough(handlers: &dyn Handlers, element: Element) -> Option<HandlerResult> {
    let content = handlers.walk_children(element.node).content;
    let content = content.trim();
    if content.is_empty() {
        return Some(String::new().into());
    }
    Some(format!("~~{content}~~").into())
}

/// Emphasis as `*…*` and strong emphasis as `**…**`, the white space at its ends kept
/// outside, as the converter writes them; but `_…_` and `__…__` for every other one of
/// emphasized elements that touch (`<i>coli</i><b>(bakteria)</b>`, where Moodle dropped the
/// space between them), whose markers would otherwise run together (`*coli***(bakteria)**`)
/// and show as asterisks.
fn emphasis(handlers: &dyn Handlers, element: Element) -> Option<HandlerResult> {
    let content = handlers.walk_children(element.node).content;
    let trimmed = content.trim_start();
    let leading = &content[..content.len() - trimmed.len()];
    let inner = trimmed.trim_end();
    let trailing = &trimmed[inner.len()..];
    if inner.is_empty() {
        // As the converter's own handler: an element with only white space leaves nothing.
        return None;
    }
    let strong = matches!(element.tag, "strong" | "b");
    let marker = match (strong, touching_emphasis_before(element.node) % 2 == 1) {
        (false, false) => "*",
        (false, true) => "_",
        (true, false) => "**",
        (true, true) => "__",
    };
    Some(format!("{leading}{marker}{inner}{marker}{trailing}").into())
}

/// How many emphasized elements come right before `node` among its siblings, each touching
/// the next, with no text between.
fn touching_emphasis_before(node: &htmd::Node) -> usize {
    let Some(parent) = node.parent.take() else {
        return 0;
    };
    node.parent.set(Some(parent.clone()));
    let Some(parent) = parent.upgrade() else {
        return 0;
    };
    let siblings = parent.children.borrow();
    let Some(at) = siblings.iter().position(|s| std::ptr::eq(s.as_ref(), node)) else {
        return 0;
    };
    siblings[..at]
        .iter()
        .rev()
        .take_while(|s| {
            matches!(&s.data, NodeData::Element { name, .. }
                if matches!(&*name.local, "em" | "i" | "strong" | "b"))
        })
        .count()
}

fn math_span(handlers: &dyn Handlers, element: Element) -> Option<HandlerResult> {
    let class = element
        .attrs
        .iter()
        .find(|a| &*a.name.local == "class")
        .map(|a| a.value.to_string());
    let (open, close) = match class.as_deref() {
        Some("quizkit-math-inline") => (MATH_OPEN, MATH_CLOSE),
        Some("quizkit-math-display") => (DISPLAY_OPEN, DISPLAY_CLOSE),
        _ => return handlers.fallback(element),
    };
    let tex = text_content(element.node);
    Some(format!("{open}{}{close}", tex.trim()).into())
}

fn text_content(node: &htmd::Node) -> String {
    let mut out = String::new();
    push_text_content(node, &mut out);
    out
}

fn push_text_content(node: &htmd::Node, out: &mut String) {
    if let NodeData::Text { contents } = &node.data {
        out.push_str(&contents.borrow());
    }
    for child in node.children.borrow().iter() {
        push_text_content(child, out);
    }
}

fn image(handlers: &dyn Handlers, element: Element) -> Option<HandlerResult> {
    let src = element
        .attrs
        .iter()
        .find(|a| &*a.name.local == "src")
        .map(|a| a.value.to_string())?;
    let Some(name) = src.strip_prefix("@@PLUGINFILE@@/") else {
        return handlers.fallback(element);
    };
    let alt = element
        .attrs
        .iter()
        .find(|a| &*a.name.local == "alt")
        .map(|a| a.value.replace(['[', ']', '\n'], " "))
        .unwrap_or_default();
    Some(format!("![{}]({})", alt.trim(), attachment_name(name)).into())
}

/// The name of an attached file as the bank would keep it: the last part of its path,
/// percent-decoded, with nothing that could climb out of a folder (`../../x` → `x`), no
/// control characters, none of `( ) < > " : * ? | %` or a space (each made `-`, so the name
/// is also a plain Markdown link destination), no leading or trailing dots, no name Windows
/// reserves (`con.png` → `_con.png`), and at most 100 characters.
pub fn attachment_name(raw: &str) -> String {
    let decoded = quizkit_model::media::percent_decode(raw).unwrap_or_else(|| raw.to_owned());
    let last = decoded
        .rsplit(['/', '\\'])
        .find(|p| !p.trim().is_empty() && *p != "." && *p != "..")
        .unwrap_or("file");
    let cleaned: String = last
        .chars()
        .map(|c| {
            if c.is_control()
                || c.is_whitespace()
                || matches!(c, '(' | ')' | '<' | '>' | '"' | ':' | '*' | '?' | '|' | '%')
            {
                '-'
            } else {
                c
            }
        })
        .collect();
    let mut cleaned = cleaned.trim_matches('.').to_owned();
    if cleaned.chars().count() > 100 {
        // Keep the extension: the last 100 characters hold it.
        let skip = cleaned.chars().count() - 100;
        cleaned = cleaned.chars().skip(skip).collect();
        cleaned = cleaned.trim_start_matches('.').to_owned();
    }
    let stem = cleaned.split('.').next().unwrap_or("").to_ascii_lowercase();
    const RESERVED: &[&str] = &["con", "prn", "aux", "nul"];
    let reserved = RESERVED.contains(&stem.as_str())
        || (stem.len() == 4
            && (stem.starts_with("com") || stem.starts_with("lpt"))
            && stem.as_bytes()[3].is_ascii_digit());
    if cleaned.is_empty() {
        "file".to_owned()
    } else if reserved {
        format!("_{cleaned}")
    } else {
        cleaned
    }
}

fn attr_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('"', "&quot;")
}

static INLINE_MATH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?s)\\\((.+?)\\\)").expect("inline math"));
static DISPLAY_MATH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?s)\\\[(.+?)\\\]|\$\$(.+?)\$\$").expect("display math"));
static KEPT_TAG: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?:^|[^\\])<([a-z][a-z0-9]*)").expect("kept tag"));
static PLUGINFILE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)\b(src|href)\s*=\s*["']@@PLUGINFILE@@/([^"']*)["']"#)
        .expect("pluginfile reference")
});

/// Converts a text in `format` to Markdown.
pub fn to_markdown(text: &str, format: TextFormat) -> Converted {
    match format {
        TextFormat::Markdown => Converted {
            markdown: text.trim().to_owned(),
            ..Converted::default()
        },
        TextFormat::Html => html_to_markdown(text),
        TextFormat::MoodleAuto => html_to_markdown(&text.trim().replace('\n', "<br>\n")),
        TextFormat::Plain => html_to_markdown(&escape_html(text.trim()).replace('\n', "<br>\n")),
    }
}

/// HTML to Markdown.
pub fn html_to_markdown(html: &str) -> Converted {
    if let Some(plain) = fast_path(html) {
        return Converted {
            markdown: plain,
            ..Converted::default()
        };
    }
    let mut images: Vec<String> = Vec::new();
    for c in PLUGINFILE.captures_iter(html) {
        if let Some(m) = c.get(2) {
            let name = attachment_name(m.as_str());
            if !images.contains(&name) {
                images.push(name);
            }
        }
    }
    // Links to attached files point at the file by name, as images do.
    let html = PLUGINFILE.replace_all(html, |c: &regex::Captures| {
        let attr = c.get(1).map_or("src", |m| m.as_str());
        let name = c.get(2).map_or("", |m| m.as_str());
        if attr.eq_ignore_ascii_case("href") {
            format!("{attr}=\"{}\"", attr_escape(&attachment_name(name)))
        } else {
            c[0].to_owned()
        }
    });
    let with_math = mark_math(&html);
    let markdown = CONVERTER.convert(&with_math).unwrap_or_else(|_| {
        // html5ever reads any input; the converter fails only on I/O, which a string has not.
        escape_html(&html)
    });
    let markdown = finish(&markdown);
    let mut kept_html = Vec::new();
    for caps in KEPT_TAG.captures_iter(&markdown) {
        if let Some(tag) = caps.get(1) {
            let tag = tag.as_str().to_owned();
            if !kept_html.contains(&tag) {
                kept_html.push(tag);
            }
        }
    }
    Converted {
        markdown,
        kept_html,
        images,
    }
}

/// The Markdown of a text that is plain words in at most one paragraph, without the
/// converter: most texts of a large export are such, and the converter builds a document
/// for each. Gives exactly what the converter gives (a test holds it to that).
fn fast_path(html: &str) -> Option<String> {
    let trimmed = html.trim();
    let inner = trimmed
        .strip_prefix("<p>")
        .and_then(|s| s.strip_suffix("</p>"))
        .unwrap_or(trimmed);
    let first = inner.chars().next()?;
    if first.is_ascii_digit() || matches!(first, '=' | '~' | '>' | '-' | '+' | '#') {
        return None;
    }
    let plain = inner.bytes().all(|b| {
        !matches!(
            b,
            b'<' | b'>' | b'&' | b'\\' | b'*' | b'_' | b'`' | b'[' | b']' | b'$' | b'~' | b'|'
        ) && (b >= b' ' || b == b'\n' || b == b'\t')
    });
    if !plain || inner.contains('\u{a0}') {
        return None;
    }
    Some(inner.split_ascii_whitespace().collect::<Vec<_>>().join(" "))
}

/// MathJax delimiters wrapped in spans the converter hands to [`math_span`].
fn mark_math(html: &str) -> String {
    if !html.contains("\\(") && !html.contains("\\[") && !html.contains("$$") {
        return html.to_owned();
    }
    let display = DISPLAY_MATH.replace_all(html, |c: &regex::Captures| {
        let tex = c.get(1).or_else(|| c.get(2)).map_or("", |m| m.as_str());
        format!("<span class=\"quizkit-math-display\">{tex}</span>")
    });
    INLINE_MATH
        .replace_all(&display, "<span class=\"quizkit-math-inline\">$1</span>")
        .into_owned()
}

/// The converter's output made quizkit Markdown: a `$` of the text escaped (outside code),
/// math markers made `$`, blank lines collapsed, no whitespace at the ends.
fn finish(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len() + 8);
    let mut in_fence = false;
    for (i, line) in markdown.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let t = line.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            in_fence = !in_fence;
            out.push_str(line);
            continue;
        }
        if in_fence {
            out.push_str(line);
            continue;
        }
        let mut ticks = 0usize;
        let mut open_ticks = 0usize;
        for c in line.chars() {
            if c == '`' {
                ticks += 1;
                out.push(c);
                continue;
            }
            if ticks > 0 {
                if open_ticks == 0 {
                    open_ticks = ticks;
                } else if open_ticks == ticks {
                    open_ticks = 0;
                }
                ticks = 0;
            }
            match c {
                '$' if open_ticks == 0 => out.push_str("\\$"),
                MATH_OPEN | MATH_CLOSE => out.push('$'),
                DISPLAY_OPEN | DISPLAY_CLOSE => out.push_str("$$"),
                c => out.push(c),
            }
        }
    }
    let mut collapsed = String::with_capacity(out.len());
    let mut newlines = 0;
    for c in out.trim().chars() {
        if c == '\n' {
            newlines += 1;
            if newlines > 2 {
                continue;
            }
        } else {
            newlines = 0;
        }
        collapsed.push(c);
    }
    drop_breaks_before_blocks_end(&collapsed)
}

/// `markdown` without the hard line breaks (`\` at the end of a line) that end a paragraph:
/// Word and Moodle's Atto editor write `<br>` before `</p>`, which Markdown would show as a
/// backslash.
fn drop_breaks_before_blocks_end(markdown: &str) -> String {
    let lines: Vec<&str> = markdown.split('\n').collect();
    let mut out = String::with_capacity(markdown.len());
    for (i, line) in lines.iter().enumerate() {
        let ends_block = lines.get(i + 1).is_none_or(|next| next.trim().is_empty());
        match line.strip_suffix('\\') {
            Some(kept) if ends_block && !kept.ends_with('\\') => out.push_str(kept.trim_end()),
            _ => out.push_str(line),
        }
        if i + 1 < lines.len() {
            out.push('\n');
        }
    }
    out
}

/// `s` with `&`, `<` and `>` escaped for HTML.
pub(crate) fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// Plain text of an HTML fragment (a question name, a category name): tags removed as
/// Moodle's `PARAM_TEXT` removes them, entities decoded, whitespace collapsed.
pub fn plain_text(html: &str) -> String {
    if !html.contains(['<', '&']) {
        return html.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    let text = match CONVERTER.html_to_tree(html) {
        Ok(tree) => text_content(&tree),
        Err(_) => html.to_owned(),
    };
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn md(html: &str) -> String {
        html_to_markdown(html).markdown
    }

    #[test]
    fn emphasis_code_lists_links_and_breaks() {
        assert_eq!(
            md("<p>A <em>b</em> <strong>c</strong> <code>d_e</code></p>"),
            "A *b* **c** `d_e`"
        );
        assert_eq!(md("<ul><li>one</li><li>two</li></ul>"), "- one\n- two");
        assert_eq!(md("<ol><li>one</li><li>two</li></ol>"), "1. one\n2. two");
        assert_eq!(
            md("<p><a href=\"https://example.org/\">here</a></p>"),
            "[here](https://example.org/)"
        );
        assert_eq!(md("<p>a<br>b</p>"), "a\\\nb");
        assert_eq!(md("<p>a<br></p>"), "a");
        assert_eq!(md("<p>a<br></p><p>b<br></p>"), "a\n\nb");
        assert_eq!(md("<p>a \\</p>"), "a \\\\");
        assert_eq!(md("<p>one</p>\n<p>two</p>"), "one\n\ntwo");
    }

    #[test]
    fn emphasized_elements_that_touch_keep_their_markers_apart() {
        assert_eq!(
            md(
                "<p><i>Escherichia coli</i><b>(bakteria)</b> and <em>a</em><strong>b</strong><em>c</em></p>"
            ),
            "*Escherichia coli*__(bakteria)__ and *a*__b__*c*"
        );
        // Apart, or with text between, they keep the usual markers.
        assert_eq!(
            md("<p><i>a</i> <b>b</b>, <b> c </b>x</p>"),
            "*a* **b**, **c** x"
        );
    }

    #[test]
    fn math_becomes_dollars_and_a_dollar_of_the_text_is_escaped() {
        assert_eq!(
            md("<p>\\(x^{2} &lt; y_1\\) costs $5</p>"),
            "$x^{2} < y_1$ costs \\$5"
        );
        assert_eq!(md("<p>\\[E = mc^2\\]</p>"), "$$E = mc^2$$");
        assert_eq!(md("<p>$$a_b$$</p>"), "$$a_b$$");
        assert_eq!(md("<p><code>$HOME</code></p>"), "`$HOME`");
    }

    #[test]
    fn what_markdown_cannot_hold_is_kept_inline() {
        let c = html_to_markdown("<p>H<sub>2</sub>O and x<sup>2</sup> <del>old</del></p>");
        assert_eq!(c.markdown, "H<sub>2</sub>O and x<sup>2</sup> ~~old~~");
        assert_eq!(c.kept_html, vec!["sub", "sup"]);
    }

    #[test]
    fn entities_are_decoded_and_markup_characters_of_the_text_escaped() {
        assert_eq!(
            md("<p>a &amp; b &lt;c&gt; &eacute; &#937; 2*3</p>"),
            "a & b \\<c> é Ω 2\\*3"
        );
    }

    #[test]
    fn attached_images_keep_their_place_by_name() {
        let c = html_to_markdown(
            "<p>See <img src=\"@@PLUGINFILE@@/..%2F..%2Fx.png\" alt=\"a dot\"></p>",
        );
        assert_eq!(c.markdown, "See ![a dot](x.png)");
        assert_eq!(c.images, vec!["x.png"]);
    }

    #[test]
    fn the_fast_path_gives_what_the_converter_gives() {
        let samples = [
            "<p>Which statement about the cache is correct?</p>",
            "Plain words, with commas; and (parentheses) 'quotes' \"double\" ok?",
            "<p>  spaced   out\n words  </p>",
            "<p>Ünïcödé — dashes – and “quotes”</p>",
            "A trailing period.",
            "x / y % z: @ ^ ! ?",
        ];
        for s in samples {
            let fast = fast_path(s).expect("takes the fast path");
            let slow = finish(&CONVERTER.convert(s).expect("converts"));
            assert_eq!(fast, slow, "{s:?}");
        }
        for s in ["1. item", "<p>a</p><p>b</p>", "a_b", "- x", "a &amp; b"] {
            assert!(fast_path(s).is_none(), "{s:?}");
        }
    }

    #[test]
    fn plain_text_strips_tags_and_decodes() {
        assert_eq!(plain_text("<b>x</b> &amp;  y"), "x & y");
    }
}
