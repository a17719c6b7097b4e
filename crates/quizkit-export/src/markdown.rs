//! Markdown to HTML, shared by every exporter.
//!
//! CommonMark with tables, strikethrough and `$…$` / `$$…$$` math. Raw HTML in a text is
//! escaped and shown as written, and a link or image whose address could run script
//! (`javascript:`, `vbscript:`, a `data:` link) is written as its text only: no text from a
//! question file can inject markup or script.

use pulldown_cmark::{CowStr, Event, Options as CmarkOptions, Parser, Tag, TagEnd, html};

/// How math is written out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Math {
    /// `\( … \)` and `\[ … \]`, for MathJax in Moodle and Anki.
    Delimiters,
    /// MathML Core, rendered here, so a page shows math without any script. Inline `style`
    /// attributes are left out (a strict Content-Security-Policy would refuse them), and LaTeX
    /// that does not parse is shown as written, as a code span.
    MathMl,
    /// Canvas's equation images (`<img class="equation_image" src="/equation_images/…">`), as
    /// Canvas's own equation editor and text2qti write them: Canvas renders the LaTeX.
    CanvasImages,
}

/// `tex` as the `<img>` Canvas renders math from: the address is Canvas's own
/// `/equation_images/` with the LaTeX percent-encoded (everything but `A-Za-z0-9-._~`), and
/// the LaTeX also as the title, the alt text (`LaTeX: …`) and `data-equation-content`.
pub fn canvas_equation(tex: &str) -> String {
    let mut url = String::with_capacity(tex.len() * 2);
    for b in tex.trim().bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            url.push(char::from(b));
        } else {
            url.push_str(&format!("%{b:02X}"));
        }
    }
    let mut escaped = String::with_capacity(tex.len() + 8);
    html::push_html(
        &mut escaped,
        std::iter::once(Event::Text(CowStr::from(tex.trim()))),
    );
    let escaped = escaped.replace('"', "&quot;");
    format!(
        "<img class=\"equation_image\" title=\"{escaped}\" src=\"/equation_images/{url}?scale=1\" alt=\"LaTeX: {escaped}\" data-equation-content=\"{escaped}\" data-ignore-a11y-check=\"\">"
    )
}

fn options() -> CmarkOptions {
    CmarkOptions::ENABLE_TABLES | CmarkOptions::ENABLE_STRIKETHROUGH | CmarkOptions::ENABLE_MATH
}

/// The Markdown events of `markdown`, parsed with the options every exporter uses, for
/// targets that write their own markup from them (QTI's XHTML subset).
pub fn parser(markdown: &str) -> Parser<'_> {
    Parser::new_ext(markdown, options())
}

/// True when a link (or, with `image`, an image) may point at `url`: relative addresses,
/// `http`, `https` and `mailto`, and for images `data:image/…`.
pub fn is_safe_url(url: &str, image: bool) -> bool {
    let cleaned: String = url
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect::<String>()
        .to_ascii_lowercase();
    let scheme_end =
        cleaned.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')));
    match scheme_end {
        Some(end) if cleaned[end..].starts_with(':') && end > 0 => {
            let scheme = &cleaned[..end];
            matches!(scheme, "http" | "https" | "mailto")
                || (image && scheme == "data" && cleaned.starts_with("data:image/"))
        }
        _ => true,
    }
}

/// What an image link becomes in a target's HTML when the target carries the file itself (see
/// [`to_html_with_images`]): `<img src alt width height loading>`. An empty `src` writes the
/// image's alt text instead (escaped, in brackets), for a target that cannot carry the file
/// and must not write a broken link ([`Img::alt_only`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Img {
    /// The address the target gives the file (`media/3f2a….svg`, `@@PLUGINFILE@@/x.png`),
    /// written as is: the caller makes it a safe relative address.
    pub src: String,
    /// The image's size in pixels, when known, for `width` and `height`.
    pub size: Option<(u32, u32)>,
    /// Whether to add `loading="lazy"`.
    pub lazy: bool,
}

impl Img {
    /// The image written as its alt text, `[alt]`, and no link.
    pub fn alt_only() -> Self {
        Img {
            src: String::new(),
            size: None,
            lazy: false,
        }
    }
}

/// Renders `markdown` to an HTML fragment.
pub fn to_html(markdown: &str, math: Math) -> String {
    to_html_with_images(markdown, math, &mut |_| None)
}

/// Renders `markdown` to an HTML fragment, asking `images` about each image's destination:
/// `Some` writes that [`Img`] with the image's alt text, `None` renders the link as written
/// (when its address is safe).
pub fn to_html_with_images(
    markdown: &str,
    math: Math,
    images: &mut dyn FnMut(&str) -> Option<Img>,
) -> String {
    // Raw HTML becomes text first, so that only the markup made here is markup.
    let events = Parser::new_ext(markdown, options()).map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        Event::InlineMath(tex) => match math {
            Math::Delimiters => Event::Text(CowStr::from(format!("\\({tex}\\)"))),
            Math::MathMl => mathml(&tex, false, false).map_or(Event::Code(tex), Event::InlineHtml),
            Math::CanvasImages => Event::InlineHtml(CowStr::from(canvas_equation(&tex))),
        },
        Event::DisplayMath(tex) => match math {
            Math::Delimiters => Event::Text(CowStr::from(format!("\\[{tex}\\]"))),
            Math::MathMl => mathml(&tex, true, false).map_or(Event::Code(tex), Event::InlineHtml),
            Math::CanvasImages => Event::InlineHtml(CowStr::from(canvas_equation(&tex))),
        },
        other => other,
    });
    // For each open link or image: whether its tags were dropped (unsafe, or replaced).
    let mut dropped: Vec<bool> = Vec::new();
    // The image being replaced: its `Img` and its alt text so far.
    let mut replacing: Option<(Img, String)> = None;
    let events = events.filter_map(|event| match event {
        _ if replacing.is_some() => match event {
            Event::End(TagEnd::Image) => {
                let (img, alt) = replacing.take()?;
                dropped.pop();
                Some(Event::InlineHtml(CowStr::from(img_tag(&img, &alt))))
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some((_, alt)) = replacing.as_mut() {
                    alt.push_str(&t);
                }
                None
            }
            _ => None,
        },
        Event::Start(Tag::Link { ref dest_url, .. }) => {
            let safe = is_safe_url(dest_url, false);
            dropped.push(!safe);
            safe.then_some(event)
        }
        Event::Start(Tag::Image { ref dest_url, .. }) => {
            if let Some(img) = images(dest_url) {
                dropped.push(true);
                replacing = Some((img, String::new()));
                return None;
            }
            let safe = is_safe_url(dest_url, true);
            dropped.push(!safe);
            safe.then_some(event)
        }
        Event::End(TagEnd::Link | TagEnd::Image) => {
            (!dropped.pop().unwrap_or(false)).then_some(event)
        }
        other => Some(other),
    });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, events);
    out
}

/// The `<img>` element of a replaced image: every value escaped for an attribute.
fn img_tag(img: &Img, alt: &str) -> String {
    let attr = |value: &str| {
        let mut out = String::with_capacity(value.len());
        html::push_html(&mut out, std::iter::once(Event::Text(CowStr::from(value))));
        out.replace('"', "&quot;")
    };
    if img.src.is_empty() {
        return format!("[{}]", attr(alt));
    }
    let mut tag = format!("<img src=\"{}\" alt=\"{}\"", attr(&img.src), attr(alt));
    if let Some((width, height)) = img.size {
        tag.push_str(&format!(" width=\"{width}\" height=\"{height}\""));
    }
    if img.lazy {
        tag.push_str(" loading=\"lazy\"");
    }
    tag.push('>');
    tag
}

/// `tex` as a MathML `<math>` element (MathML Core, no `style` attributes), or `None` when it
/// does not parse. With `xml`, the element declares the MathML namespace, as XML documents
/// (QTI) need.
pub fn mathml(tex: &str, display: bool, xml: bool) -> Option<CowStr<'static>> {
    use pulldown_latex::config::{DisplayMode, RenderConfig};
    let storage = pulldown_latex::Storage::new();
    let events: Vec<_> = pulldown_latex::Parser::new(tex, &storage).collect();
    let config = RenderConfig {
        display_mode: if display {
            DisplayMode::Block
        } else {
            DisplayMode::Inline
        },
        xml,
        ..RenderConfig::default()
    };
    // The renderer writes parse errors into the markup unescaped, so any error means the source.
    if events.iter().any(Result::is_err) {
        return None;
    }
    let mut out = String::new();
    pulldown_latex::push_mathml(&mut out, events.into_iter(), config).ok()?;
    Some(CowStr::from(without_style_attributes(&out)))
}

/// `markup` without ` style="…"` attributes. Only tags are searched: text in MathML output has
/// its `<` escaped, so every `<` opens a tag, and attribute values never hold `>` or `"`.
fn without_style_attributes(markup: &str) -> String {
    const STYLE: &str = " style=\"";
    let mut out = String::with_capacity(markup.len());
    let mut rest = markup;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('>').map_or(rest.len(), |c| open + c + 1);
        let mut tag = &rest[open..close];
        while let Some(at) = tag.find(STYLE) {
            out.push_str(&tag[..at]);
            let value_end = tag[at + STYLE.len()..]
                .find('"')
                .map_or(tag.len(), |e| at + STYLE.len() + e + 1);
            tag = &tag[value_end..];
        }
        out.push_str(tag);
        rest = &rest[close..];
    }
    out.push_str(rest);
    out
}

/// Renders `markdown` that is one paragraph to inline HTML, without the `<p>` around it.
pub fn to_inline_html(markdown: &str, math: Math) -> String {
    to_inline_html_with_images(markdown, math, &mut |_| None)
}

/// [`to_inline_html`], asking `images` about each image as [`to_html_with_images`] does.
pub fn to_inline_html_with_images(
    markdown: &str,
    math: Math,
    images: &mut dyn FnMut(&str) -> Option<Img>,
) -> String {
    let mut html = to_html_with_images(markdown, math, images);
    let inline = inline_range(&html);
    html.truncate(inline.end);
    html.replace_range(..inline.start, "");
    html
}

/// Where the inline HTML of a rendered fragment lies in it: inside the `<p>…</p>` when the
/// fragment is one paragraph, else all of it. [`to_inline_html`] keeps just this range.
pub fn inline_range(html: &str) -> std::ops::Range<usize> {
    let trimmed = html.trim_end();
    match trimmed
        .strip_prefix("<p>")
        .and_then(|s| s.strip_suffix("</p>"))
    {
        Some(inner) if !inner.contains("<p>") => 3..3 + inner.len(),
        _ => 0..html.len(),
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
    fn links_that_could_run_script_keep_only_their_text() {
        for url in [
            "javascript:alert(1)",
            " JavaScript:alert(1)",
            "java\tscript:x",
            "vbscript:x",
            "data:text/html,x",
        ] {
            let html = to_html(
                &format!("[click]({url}) and ![img]({url})"),
                Math::Delimiters,
            );
            assert!(
                !html.contains("href") && !html.contains("<img"),
                "{url}: {html}"
            );
            assert!(
                html.contains("click") && html.contains("img"),
                "{url}: {html}"
            );
        }
        let html = to_html(
            "[a](https://example.org/x) [b](../q/x.html) ![c](data:image/png;base64,AA==)",
            Math::Delimiters,
        );
        assert!(html.contains("href=\"https://example.org/x\""), "{html}");
        assert!(html.contains("href=\"../q/x.html\""), "{html}");
        assert!(
            html.contains("<img src=\"data:image/png;base64,AA==\""),
            "{html}"
        );
    }

    #[test]
    fn a_replaced_image_keeps_its_alt_text_and_escapes_everything() {
        let html = to_html_with_images(
            "![A *\"roofline\"* <plot>](roofline.svg) and ![x](https://example.org/y.png)",
            Math::MathMl,
            &mut |dest| {
                (dest == "roofline.svg").then(|| Img {
                    src: "media/ab&c.svg".into(),
                    size: Some((640, 360)),
                    lazy: true,
                })
            },
        );
        assert_eq!(
            html,
            "<p><img src=\"media/ab&amp;c.svg\" alt=\"A &quot;roofline&quot; &lt;plot&gt;\" width=\"640\" height=\"360\" loading=\"lazy\"> and <img src=\"https://example.org/y.png\" alt=\"x\" /></p>\n"
        );
    }

    #[test]
    fn an_image_without_a_source_is_its_alt_text() {
        let html =
            to_inline_html_with_images("See ![A <plot>](a.svg).", Math::Delimiters, &mut |_| {
                Some(Img::alt_only())
            });
        assert_eq!(html, "See [A &lt;plot&gt;].");
    }

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
    fn math_renders_as_mathml_without_inline_styles() {
        let html = to_inline_html(r"$\color{red}{x^2} \hspace{-1em} y$ and `z`", Math::MathMl);
        assert!(html.starts_with("<math"), "{html}");
        assert!(html.contains("<msup>"), "{html}");
        assert!(!html.contains("style="), "{html}");
        assert!(html.ends_with(" and <code>z</code>"), "{html}");
        let block = to_html("$$\\sum_j x_j$$", Math::MathMl);
        assert!(block.contains("display=\"block\""), "{block}");
    }

    #[test]
    fn math_that_does_not_parse_is_escaped_source() {
        let html = to_inline_html(r"$\unknowncommand{a < b}$", Math::MathMl);
        assert_eq!(html, r#"<code>\unknowncommand{a &lt; b}</code>"#);
        let text = to_inline_html(r"$\text{<script>x</script>}$", Math::MathMl);
        assert!(!text.contains("<script"), "{text}");
    }

    #[test]
    fn math_becomes_canvas_equation_images() {
        assert_eq!(
            to_inline_html(r"$x^2 < \frac{a}{b}$", Math::CanvasImages),
            r#"<img class="equation_image" title="x^2 &lt; \frac{a}{b}" src="/equation_images/x%5E2%20%3C%20%5Cfrac%7Ba%7D%7Bb%7D?scale=1" alt="LaTeX: x^2 &lt; \frac{a}{b}" data-equation-content="x^2 &lt; \frac{a}{b}" data-ignore-a11y-check="">"#
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
