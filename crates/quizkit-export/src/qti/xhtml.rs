//! Markdown to the XHTML subset QTI 2.1 allows in an item body, written from the Markdown
//! events of [`crate::markdown::parser`] (the same parse as every other target).
//!
//! QTI 2.1's XHTML differs from what the HTML exporters write: no `style` or `title`
//! attributes, no `del`, no `start` on `ol`, a `tbody` in every table, an `alt` on every
//! `img`, and MathML in its own namespace. So:
//! - strikethrough becomes `<span class="strikethrough">`;
//! - a table is one `tbody` whose first row holds the header cells (`th`), and column
//!   alignment is dropped;
//! - an ordered list starts at 1;
//! - math is MathML with its namespace, or the LaTeX source as `<code>` when it does not parse;
//! - raw HTML in a text is escaped and shown as written, and links or images whose address
//!   could run script keep only their text (as [`crate::markdown`] does);
//! - an image the package carries gets the address and size the caller gives
//!   ([`crate::markdown::Img`]).

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Tag, TagEnd};

use crate::markdown::{self, Img, is_safe_url};

/// What an image destination becomes: `Some` for a file the package carries.
pub(crate) type Images<'f> = dyn FnMut(&str) -> Option<Img> + 'f;

/// `markdown` as block-level XHTML (paragraphs, lists, tables), for the stem, feedback and
/// the explanation; `images` is asked about each image's destination.
pub(crate) fn block(markdown_text: &str, images: &mut Images<'_>) -> String {
    let mut out = String::new();
    block_into(&mut out, markdown_text, images);
    out
}

/// [`block`], appended to `out` (an item being written) instead of a string of its own.
pub(crate) fn block_into(out: &mut String, markdown_text: &str, images: &mut Images<'_>) {
    let start = out.len();
    let mut w = Writer {
        out,
        links: Vec::new(),
        image: None,
        in_head: false,
        images,
    };
    for event in markdown::parser(&normalize_newlines(markdown_text)) {
        w.event(event);
    }
    let end = start + out[start..].trim_end().len();
    out.truncate(end);
}

/// `markdown` as the content of a choice: inline XHTML without the paragraph when the text is
/// one paragraph, else blocks (a `simpleChoice` holds either). Inline content with math is
/// wrapped in a `span`: the XSD allows `math` right in a choice, but engines that take the
/// choice's children to be XHTML flow (pyslet) refuse a foreign element there.
pub(crate) fn flow(markdown_text: &str, images: &mut Images<'_>) -> String {
    let mut html = block(markdown_text, images);
    let inline = markdown::inline_range(&html);
    if inline.len() == html.len() {
        return html;
    }
    html.truncate(inline.end);
    html.replace_range(..inline.start, "");
    if html.contains("<math ") {
        html.insert_str(0, "<span>");
        html.push_str("</span>");
    }
    html
}

/// `\r\n` and a lone `\r` become `\n`, as any XML parser would make them anyway.
fn normalize_newlines(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains('\r') {
        std::borrow::Cow::Owned(s.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

/// `s` escaped for XML character data and attribute values.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    push_escaped(&mut out, s);
    out
}

fn push_escaped(out: &mut String, s: &str) {
    // Runs without a special character are copied whole; the four are ASCII, so every cut
    // falls on a character boundary.
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        out.push_str(entity);
        start = i + 1;
    }
    out.push_str(&s[start..]);
}

struct Writer<'o, 'f, 'g> {
    out: &'o mut String,
    /// For each open link or image: whether it was dropped as unsafe.
    links: Vec<bool>,
    /// While inside an image: its address and size, and the alt text so far.
    image: Option<(Img, String)>,
    /// Inside a table's header row.
    in_head: bool,
    images: &'f mut Images<'g>,
}

impl Writer<'_, '_, '_> {
    fn event(&mut self, event: Event<'_>) {
        if let Some((_, alt)) = &mut self.image {
            match event {
                Event::End(TagEnd::Image) => {
                    let Some((img, alt)) = self.image.take() else {
                        return;
                    };
                    self.out.push_str("<img src=\"");
                    push_escaped(self.out, &img.src);
                    self.out.push_str("\" alt=\"");
                    push_escaped(self.out, alt.trim());
                    if let Some((width, height)) = img.size {
                        self.out
                            .push_str(&format!("\" width=\"{width}\" height=\"{height}"));
                    }
                    self.out.push_str("\"/>");
                }
                Event::Text(t)
                | Event::Code(t)
                | Event::InlineMath(t)
                | Event::DisplayMath(t)
                | Event::Html(t)
                | Event::InlineHtml(t) => alt.push_str(&t),
                Event::SoftBreak | Event::HardBreak => alt.push(' '),
                _ => {}
            }
            return;
        }
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(t) | Event::Html(t) | Event::InlineHtml(t) => push_escaped(self.out, &t),
            Event::Code(t) => {
                self.out.push_str("<code>");
                push_escaped(self.out, &t);
                self.out.push_str("</code>");
            }
            Event::InlineMath(tex) => self.math(&tex, false),
            Event::DisplayMath(tex) => self.math(&tex, true),
            Event::SoftBreak => self.out.push('\n'),
            Event::HardBreak => self.out.push_str("<br/>\n"),
            Event::Rule => self.out.push_str("<hr/>\n"),
            // Footnotes and task lists are not enabled in quizkit's Markdown.
            Event::FootnoteReference(t) => push_escaped(self.out, &t),
            Event::TaskListMarker(_) => {}
        }
    }

    fn math(&mut self, tex: &str, display: bool) {
        match markdown::mathml(tex, display, true) {
            Some(m) => self.out.push_str(&m),
            None => {
                self.out.push_str("<code>");
                push_escaped(self.out, tex);
                self.out.push_str("</code>");
            }
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        let o = &mut self.out;
        match tag {
            Tag::Paragraph => o.push_str("<p>"),
            Tag::Heading { level, .. } => {
                o.push_str("<h");
                o.push_str(heading(level));
                o.push('>');
            }
            Tag::BlockQuote(_) => o.push_str("<blockquote>\n"),
            Tag::CodeBlock(kind) => {
                o.push_str("<pre>");
                if let CodeBlockKind::Fenced(lang) = kind
                    && !lang.trim().is_empty()
                {
                    // Kept as a class, as the HTML targets keep it; QTI allows `class`.
                    let class: String = lang
                        .split_whitespace()
                        .next()
                        .unwrap_or_default()
                        .to_owned();
                    o.push_str("<code class=\"language-");
                    push_escaped(o, &class);
                    o.push_str("\">");
                } else {
                    o.push_str("<code>");
                }
            }
            Tag::List(Some(_)) => o.push_str("<ol>\n"),
            Tag::List(None) => o.push_str("<ul>\n"),
            Tag::Item => o.push_str("<li>"),
            Tag::Table(_) => o.push_str("<table>\n<tbody>\n"),
            Tag::TableHead => {
                self.in_head = true;
                o.push_str("<tr>");
            }
            Tag::TableRow => o.push_str("<tr>"),
            Tag::TableCell => o.push_str(if self.in_head { "<th>" } else { "<td>" }),
            Tag::Emphasis => o.push_str("<em>"),
            Tag::Strong => o.push_str("<strong>"),
            Tag::Strikethrough => o.push_str("<span class=\"strikethrough\">"),
            Tag::Link { dest_url, .. } => {
                let safe = is_safe_url(&dest_url, false);
                self.links.push(!safe);
                if safe {
                    o.push_str("<a href=\"");
                    push_escaped(o, &dest_url);
                    o.push_str("\">");
                }
            }
            Tag::Image { dest_url, .. } => {
                if let Some(img) = (self.images)(&dest_url) {
                    self.image = Some((img, String::new()));
                } else if is_safe_url(&dest_url, true) {
                    let img = Img {
                        src: dest_url.into_string(),
                        size: None,
                        lazy: false,
                    };
                    self.image = Some((img, String::new()));
                } else {
                    // Only the alt text is kept: the events up to the image's end are text.
                    self.links.push(true);
                }
            }
            // Not enabled in quizkit's Markdown; their content is kept as plain flow.
            Tag::HtmlBlock
            | Tag::FootnoteDefinition(_)
            | Tag::DefinitionList
            | Tag::DefinitionListTitle
            | Tag::DefinitionListDefinition
            | Tag::Superscript
            | Tag::Subscript
            | Tag::MetadataBlock(_) => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        let o = &mut self.out;
        match tag {
            TagEnd::Paragraph => o.push_str("</p>\n"),
            TagEnd::Heading(level) => {
                o.push_str("</h");
                o.push_str(heading(level));
                o.push_str(">\n");
            }
            TagEnd::BlockQuote(_) => o.push_str("</blockquote>\n"),
            TagEnd::CodeBlock => o.push_str("</code></pre>\n"),
            TagEnd::List(true) => o.push_str("</ol>\n"),
            TagEnd::List(false) => o.push_str("</ul>\n"),
            TagEnd::Item => o.push_str("</li>\n"),
            TagEnd::Table => o.push_str("</tbody>\n</table>\n"),
            TagEnd::TableHead => {
                self.in_head = false;
                o.push_str("</tr>\n");
            }
            TagEnd::TableRow => o.push_str("</tr>\n"),
            TagEnd::TableCell => o.push_str(if self.in_head { "</th>" } else { "</td>" }),
            TagEnd::Emphasis => o.push_str("</em>"),
            TagEnd::Strong => o.push_str("</strong>"),
            TagEnd::Strikethrough => o.push_str("</span>"),
            TagEnd::Link | TagEnd::Image => {
                if !self.links.pop().unwrap_or(false) {
                    o.push_str("</a>");
                }
            }
            TagEnd::HtmlBlock
            | TagEnd::FootnoteDefinition
            | TagEnd::DefinitionList
            | TagEnd::DefinitionListTitle
            | TagEnd::DefinitionListDefinition
            | TagEnd::Superscript
            | TagEnd::Subscript
            | TagEnd::MetadataBlock(_) => {}
        }
    }
}

fn heading(level: HeadingLevel) -> &'static str {
    match level {
        HeadingLevel::H1 => "1",
        HeadingLevel::H2 => "2",
        HeadingLevel::H3 => "3",
        HeadingLevel::H4 => "4",
        HeadingLevel::H5 => "5",
        HeadingLevel::H6 => "6",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_and_inline_markup() {
        assert_eq!(
            block("Een **vast** `2:4` *patroon* & <b>x</b>", &mut |_| None),
            "<p>Een <strong>vast</strong> <code>2:4</code> <em>patroon</em> &amp; &lt;b&gt;x&lt;/b&gt;</p>"
        );
        assert_eq!(
            flow("**GEEN** reden", &mut |_| None),
            "<strong>GEEN</strong> reden"
        );
        assert_eq!(flow("a\n\nb", &mut |_| None), "<p>a</p>\n<p>b</p>");
    }

    #[test]
    fn tables_have_a_tbody_and_no_style() {
        let html = block("| a | b |\n|:--|--:|\n| 1 | 2 |", &mut |_| None);
        assert_eq!(
            html,
            "<table>\n<tbody>\n<tr><th>a</th><th>b</th></tr>\n<tr><td>1</td><td>2</td></tr>\n</tbody>\n</table>"
        );
    }

    #[test]
    fn qti_has_no_del_start_or_title() {
        let html = block(
            "~~weg~~ [a](https://x.org \"t\") ![pic *x*](https://x.org/p.png \"t\")\n\n3. drie",
            &mut |_| None,
        );
        assert!(
            html.contains("<span class=\"strikethrough\">weg</span>"),
            "{html}"
        );
        assert!(html.contains("<a href=\"https://x.org\">a</a>"), "{html}");
        assert!(
            html.contains("<img src=\"https://x.org/p.png\" alt=\"pic x\"/>"),
            "{html}"
        );
        assert!(html.contains("<ol>\n<li>drie</li>"), "{html}");
        assert!(
            !html.contains("title=") && !html.contains("start="),
            "{html}"
        );
    }

    #[test]
    fn unsafe_addresses_keep_their_text_only() {
        let html = block(
            "[click](javascript:alert(1)) ![img](javascript:x)",
            &mut |_| None,
        );
        assert_eq!(html, "<p>click img</p>");
    }

    #[test]
    fn a_carried_image_gets_its_package_address_and_size() {
        let html = flow(
            "![a \"plot\" & more](plot.png) ![web](https://x.org/p.png)",
            &mut |dest| {
                (dest == "plot.png").then(|| Img {
                    src: "../media/0123456789abcdef.png".into(),
                    size: Some((640, 360)),
                    lazy: false,
                })
            },
        );
        assert_eq!(
            html,
            "<img src=\"../media/0123456789abcdef.png\" alt=\"a &quot;plot&quot; &amp; more\" width=\"640\" height=\"360\"/> <img src=\"https://x.org/p.png\" alt=\"web\"/>"
        );
    }

    #[test]
    fn math_is_namespaced_mathml_or_code() {
        let html = flow("$x^2$", &mut |_| None);
        assert!(
            html.starts_with(
                "<span><math display=\"inline\" xmlns=\"http://www.w3.org/1998/Math/MathML\">"
            ),
            "{html}"
        );
        assert!(!html.contains("style="), "{html}");
        assert_eq!(
            flow(r"$\nope{a<b}$", &mut |_| None),
            r"<code>\nope{a&lt;b}</code>"
        );
        assert!(
            block("$x$", &mut |_| None).starts_with("<p><math "),
            "{}",
            block("$x$", &mut |_| None)
        );
    }

    #[test]
    fn cdata_ends_and_quotes_are_escaped() {
        assert_eq!(flow("a ]]> \"b\"", &mut |_| None), "a ]]&gt; &quot;b&quot;");
    }
}
