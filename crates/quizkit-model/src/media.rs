//! Media: the image files a bank's texts point at.
//!
//! A Markdown image in any text (`![Roofline of an H100](roofline.svg)`) may name a file
//! relative to its question file's topic folder, or under the bank's `media/` folder. The
//! loader does no I/O: the CLI finds every [`image_links`] of the loaded bank, looks each one
//! up with [`resolve`], reads what it finds (inside the bank only) and stores it in
//! [`Bank::media`](crate::Bank::media). Lint and the exporters then ask
//! [`Bank::image`](crate::Bank::image) for a link's file.

use std::collections::BTreeMap;
use std::ops::Range;

use pulldown_cmark::{Event, Parser, Tag, TagEnd};

/// The folder under the bank root whose files any text may name by their path inside it.
pub const MEDIA_DIR: &str = "media";

/// An image type, known from the file's first bytes (never from its extension).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MediaType {
    /// PNG.
    Png,
    /// JPEG.
    Jpeg,
    /// GIF.
    Gif,
    /// WebP.
    Webp,
    /// SVG: active content, see the `unsafe-svg` lint rule.
    Svg,
}

impl MediaType {
    /// The type of `bytes`, from their magic bytes (for SVG: an XML text whose first element is
    /// `<svg`), or `None` for anything else.
    pub fn sniff(bytes: &[u8]) -> Option<MediaType> {
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(MediaType::Png)
        } else if bytes.starts_with(b"\xff\xd8\xff") {
            Some(MediaType::Jpeg)
        } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
            Some(MediaType::Gif)
        } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(MediaType::Webp)
        } else if is_svg(bytes) {
            Some(MediaType::Svg)
        } else {
            None
        }
    }

    /// The media type (`image/svg+xml`).
    pub fn mime(self) -> &'static str {
        match self {
            MediaType::Png => "image/png",
            MediaType::Jpeg => "image/jpeg",
            MediaType::Gif => "image/gif",
            MediaType::Webp => "image/webp",
            MediaType::Svg => "image/svg+xml",
        }
    }

    /// The usual file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            MediaType::Png => "png",
            MediaType::Jpeg => "jpg",
            MediaType::Gif => "gif",
            MediaType::Webp => "webp",
            MediaType::Svg => "svg",
        }
    }
}

/// True when `bytes` are UTF-8 text whose first element (after an optional byte order mark,
/// XML declaration, comments and doctype) is `<svg`.
fn is_svg(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(4096)];
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    // A cut in the middle of a character at 4096 bytes is fine: only the valid prefix is read.
    let text = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default(),
    };
    let mut rest = text.trim_start();
    loop {
        if let Some(after) = rest.strip_prefix("<?") {
            rest = after.split_once("?>").map_or("", |(_, r)| r).trim_start();
        } else if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.split_once("-->").map_or("", |(_, r)| r).trim_start();
        } else if let Some(after) = rest.strip_prefix("<!") {
            // A doctype's internal subset (`[<!ENTITY …>]`) holds `>`s of its own.
            let subset = match (after.find('['), after.find('>')) {
                (Some(open), Some(close)) if open < close => {
                    after[open..].find(']').map(|c| open + c)
                }
                _ => Some(0),
            };
            let after = subset.map_or("", |at| &after[at..]);
            rest = after.split_once('>').map_or("", |(_, r)| r).trim_start();
        } else {
            break;
        }
    }
    // The root element's name, with or without a namespace prefix (`<svg:svg`).
    let Some(tag) = rest.strip_prefix('<') else {
        return false;
    };
    let name = &tag[..tag
        .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
        .unwrap_or(0)];
    name.rsplit(':').next() == Some("svg")
}

/// What the CLI found at a media path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MediaContent {
    /// The file's bytes.
    Bytes(Vec<u8>),
    /// A file larger than the CLI reads at all; its size in bytes.
    TooLarge(u64),
    /// A path that exists but was not read, and why (a symlink out of the bank, a folder, an
    /// I/O error).
    Refused(String),
}

/// The bank's media: every file a text's image names that the CLI looked up, and the files
/// under `media/`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Media {
    /// By path relative to the bank root (`/`-separated): what was found there. A path that was
    /// looked up and does not exist has no entry.
    pub files: BTreeMap<String, MediaContent>,
    /// Every file under `media/`, by path relative to the bank root, sorted (for the
    /// `unused-media` rule).
    pub listed: Vec<String>,
}

/// A Markdown image in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageLink {
    /// The alt text, as plain text.
    pub alt: String,
    /// The destination as written, after Markdown's own unescaping.
    pub dest: String,
    /// The byte range of the destination in the Markdown text, or of the whole image when the
    /// destination is not written inside it (a reference-style image).
    pub range: Range<usize>,
}

/// Every image in `markdown`, in order.
pub fn image_links(markdown: &str) -> Vec<ImageLink> {
    if !markdown.contains("![") {
        return Vec::new();
    }
    let mut links = Vec::new();
    // (dest, whole range, alt so far) of the images open at this point.
    let mut open: Vec<(String, Range<usize>, String)> = Vec::new();
    for (event, range) in Parser::new(markdown).into_offset_iter() {
        match event {
            Event::Start(Tag::Image { dest_url, .. }) => {
                open.push((dest_url.into_string(), range, String::new()));
            }
            Event::End(TagEnd::Image) => {
                if let Some((dest, whole, alt)) = open.pop() {
                    let range = dest_range(markdown, &whole, &dest);
                    links.push(ImageLink { alt, dest, range });
                }
            }
            Event::Text(text) | Event::Code(text) | Event::InlineMath(text) => {
                if let Some((_, _, alt)) = open.last_mut() {
                    alt.push_str(&text);
                }
            }
            _ => {}
        }
    }
    links
}

/// Where `dest` is written inside the image at `whole`: the last occurrence (the alt text comes
/// first and may hold the same characters), or the whole image.
fn dest_range(markdown: &str, whole: &Range<usize>, dest: &str) -> Range<usize> {
    let image = markdown.get(whole.clone()).unwrap_or_default();
    match image.rfind(dest) {
        Some(at) if !dest.is_empty() => whole.start + at..whole.start + at + dest.len(),
        _ => whole.clone(),
    }
}

/// Where an image link's destination points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    /// A URL with a scheme (`https:`, `data:`) or a network path (`//host/x`): not a bank file.
    External,
    /// An absolute path, or one that climbs out of the bank root with `..`.
    Outside,
    /// A bank file: the paths to try, in order, relative to the bank root (the topic folder
    /// first, then `media/`).
    Local(Vec<String>),
}

/// Where `dest`, written in a text of the topic folder `topic_dir` (`category/topic`), points.
/// Percent-escapes are decoded (`my%20plot.png` names `my plot.png`).
pub fn resolve(topic_dir: &str, dest: &str) -> Resolution {
    let dest = dest.trim();
    if dest.starts_with("//") || has_scheme(dest) {
        return Resolution::External;
    }
    let decoded = percent_decode(dest).unwrap_or_else(|| dest.to_owned());
    let is_absolute = decoded.starts_with('/')
        || decoded.starts_with('\\')
        || decoded.as_bytes().get(1) == Some(&b':');
    if decoded.is_empty() || is_absolute {
        return Resolution::Outside;
    }
    let mut candidates = Vec::new();
    for base in [topic_dir, MEDIA_DIR] {
        match normalize(base, &decoded) {
            Some(path) if !candidates.contains(&path) => candidates.push(path),
            Some(_) => {}
            None if candidates.is_empty() => return Resolution::Outside,
            None => {}
        }
    }
    Resolution::Local(candidates)
}

/// True when `dest` starts with a URL scheme (`https:`, `data:`): letters, then digits, `+`,
/// `-` or `.`, then a colon. A one-letter scheme is a Windows drive (`C:`), not a scheme.
fn has_scheme(dest: &str) -> bool {
    let Some((scheme, _)) = dest.split_once(':') else {
        return false;
    };
    scheme.len() > 1
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// A link target or URL path with its `%XX` escapes decoded (two hex digits each); `None`
/// when the decoded bytes are not UTF-8.
pub fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h).unwrap_or(0) * 16 + hex(l).unwrap_or(0)) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// `base/rel` with `.` and `..` folded, `/`-separated, or `None` when it climbs above the root.
fn normalize(base: &str, rel: &str) -> Option<String> {
    let mut parts: Vec<&str> = Vec::new();
    for part in base.split('/').chain(rel.split(['/', '\\'])) {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            part => parts.push(part),
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

/// What a text's image link finds in the bank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup<'a> {
    /// Not a bank file (an `https:` or `data:` URL).
    External,
    /// An absolute path or one out of the bank root.
    Outside,
    /// No file at any of the paths tried.
    Missing,
    /// A file found at `path` (relative to the bank root).
    Found {
        /// The path relative to the bank root.
        path: &'a str,
        /// What the CLI found there.
        content: &'a MediaContent,
    },
}

impl Media {
    /// What `dest`, written in a text of the topic folder `topic_dir`, finds.
    pub fn lookup<'a>(&'a self, topic_dir: &str, dest: &str) -> Lookup<'a> {
        match resolve(topic_dir, dest) {
            Resolution::External => Lookup::External,
            Resolution::Outside => Lookup::Outside,
            Resolution::Local(candidates) => candidates
                .iter()
                .find_map(|c| self.files.get_key_value(c.as_str()))
                .map_or(Lookup::Missing, |(path, content)| Lookup::Found {
                    path,
                    content,
                }),
        }
    }
}

/// An image's size in pixels, from its header (for SVG: the root's `width` and `height`, else
/// its `viewBox`), or `None` when it cannot be told.
pub fn dimensions(media_type: MediaType, bytes: &[u8]) -> Option<(u32, u32)> {
    match media_type {
        MediaType::Svg => svg_dimensions(bytes),
        _ => imagesize::blob_size(bytes)
            .ok()
            .and_then(|s| Some((u32::try_from(s.width).ok()?, u32::try_from(s.height).ok()?)))
            .filter(|&(w, h)| w > 0 && h > 0),
    }
}

/// The size of an SVG from the attributes of its root element.
fn svg_dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    let text = std::str::from_utf8(&bytes[..bytes.len().min(8192)]).ok()?;
    let start = text.find("<svg")?;
    let tag = &text[start..start + text[start..].find('>')?];
    let attr = |name: &str| -> Option<&str> {
        let mut rest = tag;
        loop {
            let at = rest.find(name)?;
            let before = rest[..at].chars().next_back();
            let after = rest[at + name.len()..].trim_start();
            rest = &rest[at + name.len()..];
            if before.is_some_and(char::is_whitespace)
                && let Some(value) = after.strip_prefix('=')
            {
                let value = value.trim_start();
                let quote = value.chars().next().filter(|q| *q == '"' || *q == '\'')?;
                return value[1..].split(quote).next();
            }
        }
    };
    let pixels = |v: &str| -> Option<u32> {
        let v = v.trim().strip_suffix("px").unwrap_or(v.trim());
        let n: f64 = v.parse().ok()?;
        (1.0..100_000.0).contains(&n).then(|| n.round() as u32)
    };
    if let (Some(w), Some(h)) = (
        attr("width").and_then(pixels),
        attr("height").and_then(pixels),
    ) {
        return Some((w, h));
    }
    let view_box: Vec<f64> = attr("viewBox")?
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    match view_box[..] {
        [_, _, w, h] => Some((pixels(&w.to_string())?, pixels(&h.to_string())?)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_come_from_magic_bytes() {
        assert_eq!(
            MediaType::sniff(b"\x89PNG\r\n\x1a\nrest"),
            Some(MediaType::Png)
        );
        assert_eq!(MediaType::sniff(b"\xff\xd8\xff\xe0"), Some(MediaType::Jpeg));
        assert_eq!(MediaType::sniff(b"GIF89a..."), Some(MediaType::Gif));
        assert_eq!(
            MediaType::sniff(b"RIFF\0\0\0\0WEBPVP8 "),
            Some(MediaType::Webp)
        );
        assert_eq!(
            MediaType::sniff(b"\xef\xbb\xbf<?xml version=\"1.0\"?>\n<!-- c -->\n<svg xmlns=\"\">"),
            Some(MediaType::Svg)
        );
        assert_eq!(
            MediaType::sniff(b"<!DOCTYPE svg [ <!ENTITY a \"x\"> ]>\n<svg>"),
            Some(MediaType::Svg)
        );
        assert_eq!(
            MediaType::sniff(b"<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\"/>"),
            Some(MediaType::Svg)
        );
        assert_eq!(MediaType::sniff(b"<svgfoo>"), None);
        assert_eq!(MediaType::sniff(b"<svg"), None);
        assert_eq!(MediaType::sniff(b"<html><svg>"), None);
        assert_eq!(MediaType::sniff(b"root:x:0:0:root"), None);
        assert_eq!(MediaType::sniff(b""), None);
    }

    #[test]
    fn image_links_give_alt_dest_and_the_exact_characters() {
        let md = "See ![Roofline *plot*](roofline.svg \"t\") and ![](b.png).";
        let links = image_links(md);
        assert_eq!(links.len(), 2);
        assert_eq!(links[0].alt, "Roofline plot");
        assert_eq!(links[0].dest, "roofline.svg");
        assert_eq!(&md[links[0].range.clone()], "roofline.svg");
        assert_eq!(links[1].alt, "");
        assert_eq!(&md[links[1].range.clone()], "b.png");
        assert!(image_links("no images [a](b.png)").is_empty());
    }

    #[test]
    fn a_reference_image_points_at_its_whole_text() {
        let md = "![x][r]\n\n[r]: far/away.png";
        let links = image_links(md);
        assert_eq!(links[0].dest, "far/away.png");
        assert_eq!(&md[links[0].range.clone()], "![x][r]");
    }

    #[test]
    fn percent_escapes_are_two_hex_digits_of_utf_8() {
        assert_eq!(
            percent_decode("a%20b%C3%A9.png").as_deref(),
            Some("a bé.png")
        );
        // Not an escape: kept as written.
        for s in ["%+f", "%4", "%zz", "100%"] {
            assert_eq!(percent_decode(s).as_deref(), Some(s));
        }
        assert_eq!(percent_decode("%FF.png"), None);
    }

    #[test]
    fn resolution_stays_inside_the_bank() {
        let local = |v: &[&str]| Resolution::Local(v.iter().map(|s| s.to_string()).collect());
        assert_eq!(
            resolve("hw/gpu", "roofline.svg"),
            local(&["hw/gpu/roofline.svg", "media/roofline.svg"])
        );
        assert_eq!(
            resolve("hw/gpu", "../shared/a%20b.png"),
            local(&["hw/shared/a b.png", "shared/a b.png"])
        );
        assert_eq!(
            resolve("hw/gpu", "../../../etc/passwd"),
            Resolution::Outside
        );
        assert_eq!(resolve("hw/gpu", "/etc/passwd"), Resolution::Outside);
        assert_eq!(resolve("hw/gpu", "C:\\x.png"), Resolution::Outside);
        assert_eq!(
            resolve("hw/gpu", "https://example.org/x.png"),
            Resolution::External
        );
        assert_eq!(
            resolve("hw/gpu", "data:image/png;base64,AA=="),
            Resolution::External
        );
        assert_eq!(resolve("hw/gpu", "//cdn/x.png"), Resolution::External);
    }

    #[test]
    fn lookup_tries_the_topic_folder_then_media() {
        let mut media = Media::default();
        media
            .files
            .insert("media/a.png".into(), MediaContent::Bytes(b"x".to_vec()));
        assert!(matches!(
            media.lookup("c/t", "a.png"),
            Lookup::Found {
                path: "media/a.png",
                ..
            }
        ));
        assert_eq!(media.lookup("c/t", "b.png"), Lookup::Missing);
        assert_eq!(media.lookup("c/t", "../../../a.png"), Lookup::Outside);
    }

    #[test]
    fn svg_size_comes_from_width_height_or_view_box() {
        let svg = |s: &str| dimensions(MediaType::Svg, s.as_bytes());
        assert_eq!(svg("<svg width=\"640\" height='360px'>"), Some((640, 360)));
        assert_eq!(
            svg("<svg stroke-width=\"2\" viewBox=\"0 0 800 450\">"),
            Some((800, 450))
        );
        assert_eq!(svg("<svg width=\"100%\">"), None);
    }

    #[test]
    fn raster_size_comes_from_the_header() {
        // A 1×1 GIF.
        let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;";
        assert_eq!(dimensions(MediaType::Gif, gif), Some((1, 1)));
        assert_eq!(dimensions(MediaType::Png, b"\x89PNG\r\n\x1a\n"), None);
    }

    mod never_panics {
        use super::*;
        use proptest::prelude::*;

        /// Markdown and paths made of the pieces that matter here.
        fn texts() -> impl Strategy<Value = String> {
            let piece = prop::sample::select(vec![
                "![",
                "]",
                "(",
                ")",
                "<",
                ">",
                "a",
                "é",
                "..",
                "/",
                "\\",
                "%",
                "%2",
                "%20",
                "%ff",
                ":",
                "C:",
                "https:",
                "#",
                " ",
                "\n",
                "[r]",
                "[r]: x",
                "`",
                "<svg",
                "width=\"",
                "viewBox=\"0 0 ",
                "9",
                "\"",
            ]);
            prop::collection::vec(piece, 0..30).prop_map(|p| p.concat())
        }

        proptest! {
            /// Every image range lies on character boundaries of its text.
            #[test]
            fn image_links_give_valid_ranges(text in texts()) {
                for link in image_links(&text) {
                    prop_assert!(text.get(link.range.clone()).is_some());
                }
            }

            /// A resolved path never leaves the bank: no `..`, no empty part, not absolute.
            #[test]
            fn resolved_paths_stay_in_the_bank(dest in texts(), dir in texts()) {
                if let Resolution::Local(candidates) = resolve(&dir, &dest) {
                    for path in candidates {
                        prop_assert!(!path.starts_with('/'));
                        prop_assert!(path.split('/').all(|p| !p.is_empty() && p != ".." && p != "."));
                    }
                }
            }

            /// Sniffing and sizing take any bytes.
            #[test]
            fn any_bytes_are_sniffed_and_sized(bytes in prop::collection::vec(any::<u8>(), 0..64), text in texts()) {
                MediaType::sniff(&bytes);
                MediaType::sniff(text.as_bytes());
                for t in [MediaType::Png, MediaType::Jpeg, MediaType::Gif, MediaType::Webp, MediaType::Svg] {
                    dimensions(t, &bytes);
                    dimensions(t, text.as_bytes());
                }
            }
        }
    }
}
