//! The one place where text becomes markup: HTML escaping, URL path segments, and JSON that
//! is safe inside a `<script type="application/json">` data block.

use std::borrow::Cow;
use std::fmt::Write as _;

/// `text` with `& < > " '` replaced by character references, safe in element content and in
/// quoted attribute values.
pub fn esc(text: &str) -> Cow<'_, str> {
    if !text.contains(['&', '<', '>', '"', '\'']) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// One path segment of a relative URL: everything but unreserved characters percent-encoded,
/// so a folder name can never end the attribute, add a query or leave the site.
pub fn url_segment(segment: &str) -> Cow<'_, str> {
    let unreserved = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~');
    if segment.bytes().all(unreserved) {
        return Cow::Borrowed(segment);
    }
    let mut out = String::with_capacity(segment.len() * 3);
    for b in segment.bytes() {
        if unreserved(b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    Cow::Owned(out)
}

/// The relative URL from the page at `from` to the file at `to`, both paths from the site root
/// split into segments (the last one the file name).
pub fn relative_url(from: &[&str], to: &[&str]) -> String {
    let from_dirs = &from[..from.len().saturating_sub(1)];
    let to_dirs = &to[..to.len().saturating_sub(1)];
    let common = from_dirs
        .iter()
        .zip(to_dirs)
        .take_while(|(a, b)| a == b)
        .count();
    let ups = from_dirs.len() - common;
    let rest = &to[common..];
    let mut url = String::with_capacity(ups * 3 + rest.iter().map(|s| s.len() + 1).sum::<usize>());
    for _ in 0..ups {
        url.push_str("../");
    }
    for (i, segment) in rest.iter().enumerate() {
        if i > 0 {
            url.push('/');
        }
        url.push_str(&url_segment(segment));
    }
    url
}

/// `value` as JSON for a `<script type="application/json">` block: `<`, `>` and `&` are written
/// as `\u003c`, `\u003e` and `\u0026`, so no text can close the element or open a comment.
pub fn script_json<T: serde::Serialize>(value: &T) -> Result<String, serde_json::Error> {
    let json = serde_json::to_string(value)?;
    // These characters can occur only inside JSON strings, where the escapes mean the same.
    if !json.contains(['<', '>', '&']) {
        return Ok(json);
    }
    let mut out = String::with_capacity(json.len() + json.len() / 8);
    let mut rest = json.as_str();
    while let Some(at) = rest.find(['<', '>', '&']) {
        out.push_str(&rest[..at]);
        out.push_str(match rest.as_bytes()[at] {
            b'<' => "\\u003c",
            b'>' => "\\u003e",
            _ => "\\u0026",
        });
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_are_escaped() {
        assert_eq!(
            esc(r#"<img src=x onerror="alert('1')">&"#),
            "&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;"
        );
        assert!(matches!(esc("plain text"), Cow::Borrowed(_)));
    }

    #[test]
    fn url_segments_cannot_leave_the_path() {
        assert_eq!(url_segment("ai-hardware"), "ai-hardware");
        assert_eq!(url_segment("a b?c#\"d"), "a%20b%3Fc%23%22d");
        assert_eq!(url_segment("één"), "%C3%A9%C3%A9n");
    }

    #[test]
    fn relative_urls_climb_only_as_far_as_needed() {
        let question = ["nl", "cat", "topic", "q", "x.html"];
        assert_eq!(
            relative_url(&question, &["nl", "cat", "topic", "index.html"]),
            "../index.html"
        );
        assert_eq!(
            relative_url(&question, &["nl", "cat", "topic", "q", "y.html"]),
            "y.html"
        );
        assert_eq!(
            relative_url(&question, &["en", "cat", "topic", "q", "x.html"]),
            "../../../../en/cat/topic/q/x.html"
        );
        assert_eq!(
            relative_url(&["index.html"], &["assets", "style.css"]),
            "assets/style.css"
        );
    }

    #[test]
    fn json_cannot_close_its_script_element() {
        let json = script_json(&["</script><!-- & -->"]).expect("json");
        assert_eq!(json, r#"["\u003c/script\u003e\u003c!-- \u0026 --\u003e"]"#);
        let back: Vec<String> = serde_json::from_str(&json).expect("parses");
        assert_eq!(back, ["</script><!-- & -->"]);
    }
}
