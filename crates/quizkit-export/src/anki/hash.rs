//! The identifiers and checksums Anki expects: genanki-compatible GUIDs, and the `sfld`/`csum`
//! columns computed the way Anki computes them.

use sha2::{Digest, Sha256};

const BASE91: &[u8; 91] =
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~";

/// The first 8 bytes of the SHA-256 of `parts` joined with `__`, as a big-endian number.
pub fn hash64(parts: &[&str]) -> u64 {
    let mut hasher = Sha256::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            hasher.update(b"__");
        }
        hasher.update(part.as_bytes());
    }
    let digest = hasher.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first)
}

/// A note GUID from stable parts, exactly as genanki's `guid_for(*parts)` computes it: base91
/// of the first 8 bytes of the SHA-256 of the parts joined with `__`.
pub fn guid_for(parts: &[&str]) -> String {
    let mut n = hash64(parts);
    let mut out = Vec::with_capacity(10);
    while n > 0 {
        out.push(BASE91[(n % 91) as usize]);
        n /= 91;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// A positive id below 2^52 (safe as a JSON number everywhere) from stable parts.
pub fn id_for(parts: &[&str]) -> i64 {
    // 2^40 keeps the ids clear of Anki's small built-in ids (the Default deck is 1).
    ((hash64(parts) >> 12) | (1 << 40)) as i64
}

/// The `csum` column: the first 4 bytes of the SHA-1 of the stripped first field.
pub fn checksum(stripped_first_field: &str) -> i64 {
    let digest = sha1_smol::Sha1::from(stripped_first_field.as_bytes()).digest();
    let bytes = digest.bytes();
    i64::from(u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
}

/// Anki's `strip_html_preserving_media_filenames`: media tags become their file name between
/// spaces, comments, `style` and `script` elements and all other tags are removed, and entities
/// are decoded (with a non-breaking space as a space).
pub fn strip_html(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let lower = html.to_ascii_lowercase();
    let mut i = 0;
    while let Some(offset) = html[i..].find('<') {
        let start = i + offset;
        out.push_str(&html[i..start]);
        let rest = &lower[start..];
        let skip_to = if rest.starts_with("<!--") {
            rest.find("-->").map(|e| start + e + 3)
        } else if let Some(name) = ["style", "script"].iter().find(|n| opens(rest, n)) {
            let close = format!("</{name}");
            rest.find(&close)
                .and_then(|e| lower[start + e..].find('>').map(|g| start + e + g + 1))
        } else {
            rest.find('>').map(|e| {
                let tag = &html[start..start + e + 1];
                if let Some(file) = media_file(tag) {
                    out.push(' ');
                    out.push_str(file);
                    out.push(' ');
                }
                start + e + 1
            })
        };
        match skip_to {
            Some(next) => i = next,
            None => {
                // An unclosed `<` is text, as in Anki's non-greedy pattern that needs a `>`.
                out.push('<');
                i = start + 1;
            }
        }
    }
    out.push_str(&html[i..]);
    if out.contains('&') {
        decode_entities(&out).replace('\u{a0}', " ")
    } else {
        out
    }
}

fn opens(lower_rest: &str, name: &str) -> bool {
    lower_rest[1..].starts_with(name)
        && lower_rest[1 + name.len()..]
            .chars()
            .next()
            .is_some_and(|c| c == '>' || c.is_ascii_whitespace())
}

/// The file named by an `img`, `audio`, `video`, `object` or `source` tag's `src` or `data`.
fn media_file(tag: &str) -> Option<&str> {
    let lower = tag.to_ascii_lowercase();
    let name_end = lower[1..]
        .find(|c: char| !c.is_ascii_alphanumeric())
        .map_or(lower.len(), |e| e + 1);
    if !["img", "audio", "video", "object", "source"].contains(&&lower[1..name_end]) {
        return None;
    }
    for attr in ["src", "data"] {
        let mut from = name_end;
        while let Some(pos) = lower[from..].find(attr) {
            let at = from + pos;
            from = at + attr.len();
            if !lower[..at].ends_with(|c: char| c.is_ascii_whitespace()) {
                continue;
            }
            let after = lower[from..].trim_start();
            let Some(value) = after.strip_prefix('=') else {
                continue;
            };
            let value_start = tag.len() - value.trim_start().len();
            let value = &tag[value_start..];
            return match value.chars().next() {
                Some(q @ ('"' | '\'')) => value[1..].find(q).map(|e| &value[1..1 + e]),
                _ => Some(&value[..value.find([' ', '>']).unwrap_or(value.len())]),
            }
            .filter(|v| !v.is_empty());
        }
    }
    None
}

fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let decoded = rest.find(';').filter(|&e| e <= 10).and_then(|end| {
            let name = &rest[1..end];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some('\u{a0}'),
                _ => name.strip_prefix('#').and_then(|num| {
                    let code = match num.strip_prefix(['x', 'X']) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok(),
                        None => num.parse().ok(),
                    };
                    code.and_then(char::from_u32)
                }),
            };
            c.map(|c| (c, end))
        });
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guids_match_genanki() {
        // genanki.guid_for("quizkit", "kennisquiz", "training-vs-inference"); the benchmark
        // script checks every GUID of a whole bank against genanki itself.
        assert_eq!(
            guid_for(&["quizkit", "kennisquiz", "training-vs-inference"]),
            "NJ!5lWj)mc"
        );
    }

    #[test]
    fn checksum_and_strip_match_ankis_vectors() {
        // Test vectors verified against Anki (shared/reference/anki.md §4.3).
        for (html, stripped, csum) in [
            ("<b>Wat is een TPU?</b>", "Wat is een TPU?", 3_583_093_220),
            ("AT&amp;T&nbsp;x", "AT&T x", 3_785_999_711),
            ("plain", "plain", 1_757_703_812),
            ("x<br><img src=\"a b.png\">y", "x a b.png y", 2_152_320_864),
        ] {
            assert_eq!(strip_html(html), stripped, "{html}");
            assert_eq!(checksum(stripped), csum, "{html}");
        }
    }

    #[test]
    fn strip_removes_scripts_styles_and_comments() {
        assert_eq!(
            strip_html("a<script>if (x < 1) y();</script>b<style>p>q{}</style>c<!-- <i> -->d"),
            "abcd"
        );
        assert_eq!(strip_html("1 < 2 &lt; 3 &#x41;&#66;"), "1 < 2 < 3 AB");
        assert_eq!(strip_html("<audio src='s.mp3'>"), " s.mp3 ");
    }

    #[test]
    fn ids_are_positive_and_below_2_pow_52() {
        let id = id_for(&["deck", "x"]);
        assert!((1 << 40..1 << 52).contains(&id), "{id}");
    }
}
