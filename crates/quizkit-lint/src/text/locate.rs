//! Mapping byte offsets in a string value back to the TOML source it was read from.

use std::ops::Range;

/// The span in `source` of bytes `range` of the string value `value`, which was read from the
/// TOML string at `span`. Falls back to `span` when the raw text cannot be mapped to the value
/// (an escape it does not know, normalized line endings, a plain string resolved elsewhere).
pub fn locate(source: &str, span: &Range<usize>, value: &str, range: Range<usize>) -> Range<usize> {
    let mapped = source
        .get(span.clone())
        .and_then(|raw| raw_offsets(raw, value))
        .and_then(|map| {
            let start = *map.get(range.start)?;
            // The end maps to just after the last byte of the range.
            let end = if range.end > range.start {
                let last = range.end - 1;
                let last_raw = *map.get(last)?;
                let next_raw = *map.get(range.end)?;
                // An escape spans from its backslash to the next value byte's raw offset.
                next_raw.max(last_raw + 1)
            } else {
                start
            };
            Some(span.start + start..span.start + end)
        });
    mapped.unwrap_or_else(|| span.clone())
}

/// For each byte of `value` (and one past its end), the byte offset in `raw` (a TOML string
/// literal with its quotes) where it was written; `None` when `raw` does not spell `value`.
pub fn raw_offsets(raw: &str, value: &str) -> Option<Vec<usize>> {
    let (delim, basic) = if raw.starts_with("\"\"\"") {
        (3, true)
    } else if raw.starts_with("'''") {
        (3, false)
    } else if raw.starts_with('"') {
        (1, true)
    } else if raw.starts_with('\'') {
        (1, false)
    } else {
        return None;
    };
    if raw.len() < 2 * delim {
        return None;
    }
    let mut start = delim;
    let end = raw.len() - delim;
    if delim == 3 {
        if raw[start..].starts_with("\r\n") {
            start += 2;
        } else if raw[start..].starts_with('\n') {
            start += 1;
        }
    }
    let body = raw.get(start..end)?;
    let mut out = String::with_capacity(value.len());
    let mut map = Vec::with_capacity(value.len() + 1);
    if !basic {
        if body != value {
            return None;
        }
        map.extend((0..=body.len()).map(|i| start + i));
        return Some(map);
    }
    let bytes = body.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            let ch = body[i..].chars().next()?;
            for k in 0..ch.len_utf8() {
                map.push(start + i + k);
            }
            out.push(ch);
            i += ch.len_utf8();
            continue;
        }
        let at = start + i;
        let next = *bytes.get(i + 1)?;
        let (decoded, len) = match next {
            b'b' => (Some('\u{8}'), 2),
            b't' => (Some('\t'), 2),
            b'n' => (Some('\n'), 2),
            b'f' => (Some('\u{c}'), 2),
            b'r' => (Some('\r'), 2),
            b'e' => (Some('\u{1b}'), 2),
            b'"' => (Some('"'), 2),
            b'\\' => (Some('\\'), 2),
            b'x' | b'u' | b'U' => {
                let digits = match next {
                    b'x' => 2,
                    b'u' => 4,
                    _ => 8,
                };
                let hex = body.get(i + 2..i + 2 + digits)?;
                let code = u32::from_str_radix(hex, 16).ok()?;
                (Some(char::from_u32(code)?), 2 + digits)
            }
            b' ' | b'\t' | b'\r' | b'\n' if delim == 3 => {
                // A line-ending backslash: it and all white space after it vanish.
                let mut j = i + 1;
                while j < bytes.len() && matches!(bytes[j], b' ' | b'\t' | b'\r' | b'\n') {
                    j += 1;
                }
                (None, j - i)
            }
            _ => return None,
        };
        if let Some(ch) = decoded {
            for _ in 0..ch.len_utf8() {
                map.push(at);
            }
            out.push(ch);
        }
        i += len;
    }
    map.push(start + bytes.len());
    (out == value).then_some(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_map_through_escapes() {
        let raw = r#""a \"quoted\" wörd \u00e9 end""#;
        let value = "a \"quoted\" wörd é end";
        let map = raw_offsets(raw, value).expect("maps");
        let word = value.find("wörd").unwrap_or_default();
        assert_eq!(&raw[map[word]..map[word + "wörd".len()]], "wörd");
        let e = value.find('é').unwrap_or_default();
        assert_eq!(&raw[map[e]..map[e + 2]], "\\u00e9");
        let span = 10..10 + raw.len();
        let source = format!("{}{raw}", " ".repeat(10));
        let r = locate(&source, &span, value, e..e + 2);
        assert_eq!(&source[r], "\\u00e9");
    }

    #[test]
    fn offsets_of_multiline_and_literal_strings() {
        let raw = "\"\"\"\nline one\nline two\"\"\"";
        let map = raw_offsets(raw, "line one\nline two").expect("maps");
        assert_eq!(&raw[map[5]..map[8]], "one");
        assert!(raw_offsets("'C:\\path'", "C:\\path").is_some());
        assert!(raw_offsets("\"different\"", "other").is_none());
        let continued = "\"\"\"a \\\n   b\"\"\"";
        let map = raw_offsets(continued, "a b").expect("line-ending backslash");
        assert_eq!(&continued[map[2]..map[3]], "b");
    }
}
