//! The pieces of quizkit's canonical TOML layout, shared by the writer ([`crate::write`]) and
//! the formatter ([`crate::format`]) so that both print a value the same way.
//!
//! - Keys are bare when they can be (`A-Za-z0-9_-`), else basic strings.
//! - Strings are basic strings (`"…"`), except that a string holding a backslash is a literal
//!   string (`'…'`) when it can be one, so that LaTeX and Markdown escapes read as written
//!   (`'$\exp(x)$'`, not `"$\\exp(x)$"`). A long text (an explanation, a key point) or any text
//!   holding a line break is a multi-line string (`"""…"""`, or `'''…'''` by the same rule)
//!   with its line breaks as written. The quoting follows from the value alone.
//! - A text in several languages is written as dotted keys, one line per language
//!   (`stem.nl = "…"`), in the order written.
//! - Arrays are written on one line, except arrays of tables (`[[question.options]]`) and
//!   arrays of two or more inline tables, long texts or commented elements, which take one
//!   element per line, indented by two spaces, with a trailing comma.

/// The `#:schema` line (without its line break) naming `target`.
pub(crate) fn schema_line(target: &str) -> String {
    let target = target.trim();
    if target.is_empty() {
        "#:schema".to_owned()
    } else {
        format!("#:schema {target}")
    }
}

/// Appends `key`, quoted when it cannot be bare.
pub(crate) fn push_key(out: &mut String, key: &str) {
    let bare = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if bare {
        out.push_str(key);
    } else {
        push_escaped(out, key);
    }
}

/// Appends a dotted key path (`stem.nl`), each part quoted as it needs.
pub(crate) fn push_path(out: &mut String, path: &[&str]) {
    for (i, part) in path.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        push_key(out, part);
    }
}

/// Appends `s` as a TOML string: multi-line when `long` or when it holds a line break.
pub(crate) fn push_string(out: &mut String, s: &str, long: bool) {
    if long || s.contains('\n') {
        push_multiline(out, s);
    } else {
        push_basic(out, s);
    }
}

/// The escape of a character that a basic string cannot hold as itself.
fn escape(c: char) -> Option<&'static str> {
    Some(match c {
        '\\' => "\\\\",
        '\u{8}' => "\\b",
        '\t' => "\\t",
        '\u{c}' => "\\f",
        '\r' => "\\r",
        _ => return None,
    })
}

fn push_control(out: &mut String, c: char) {
    out.push_str(&format!("\\u{:04X}", c as u32));
}

fn is_control(c: char) -> bool {
    (c < ' ' && c != '\n') || c == '\u{7f}'
}

/// Whether `s` can be written as a literal string, which has no escapes: no control character
/// but tab (and line breaks, when multi-line), and no quote that would end it.
fn literal_ok(s: &str, multiline: bool) -> bool {
    let controls_ok = s
        .chars()
        .all(|c| !is_control(c) || c == '\t' || (multiline && c == '\n'))
        && !s.contains('\r');
    controls_ok
        && if multiline {
            !s.contains("'''") && !s.ends_with('\'') && !s.starts_with('\n')
        } else {
            !s.contains('\'') && !s.contains('\n')
        }
}

/// A one-line string: `'…'` when it holds a backslash and can be literal, else `"…"`.
pub(crate) fn push_basic(out: &mut String, s: &str) {
    if s.contains('\\') && literal_ok(s, false) {
        out.push('\'');
        out.push_str(s);
        out.push('\'');
    } else {
        push_escaped(out, s);
    }
}

/// `"…"`, escaping quotes, backslashes, line breaks and control characters.
fn push_escaped(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            c => match escape(c) {
                Some(e) => out.push_str(e),
                None if is_control(c) => push_control(out, c),
                None => out.push(c),
            },
        }
    }
    out.push('"');
}

/// `"""…"""` with line breaks as written. A quote is escaped only where it would otherwise
/// touch another quote or the closing delimiter, so `"""` never appears inside; a leading line
/// break is doubled, because TOML drops the one right after the opening delimiter.
pub(crate) fn push_multiline(out: &mut String, s: &str) {
    if s.contains('\\') && literal_ok(s, true) {
        out.push_str("'''");
        out.push_str(s);
        out.push_str("'''");
        return;
    }
    out.push_str("\"\"\"");
    if s.starts_with('\n') {
        out.push('\n');
    }
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if matches!(chars.peek(), Some('"') | None) => out.push_str("\\\""),
            '"' | '\n' => out.push(c),
            c => match escape(c) {
                Some(e) => out.push_str(e),
                None if is_control(c) => push_control(out, c),
                None => out.push(c),
            },
        }
    }
    out.push_str("\"\"\"");
}

/// `[\"a\", \"b\"]`: strings on one line.
pub(crate) fn push_string_array<'a>(out: &mut String, items: impl IntoIterator<Item = &'a str>) {
    out.push('[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        push_basic(out, item);
    }
    out.push(']');
}

/// A float as TOML writes it, read back to the same value: `0.1`, `1.0`, `1e300`, `inf`, `nan`.
pub(crate) fn float_repr(x: f64) -> String {
    if x.is_nan() {
        if x.is_sign_negative() { "-nan" } else { "nan" }.to_owned()
    } else if x.is_infinite() {
        if x < 0.0 { "-inf" } else { "inf" }.to_owned()
    } else {
        // Debug prints the shortest digits that read back to `x`, always with a `.` or an
        // exponent, which is what TOML needs to read a float.
        format!("{x:?}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(s: &str) -> String {
        let doc: toml::Table = toml::from_str(&format!("v = {s}")).expect(s);
        doc["v"].as_str().expect("a string").to_owned()
    }

    #[test]
    fn strings_read_back_as_written() {
        for s in [
            "",
            "plain",
            "\"",
            "\"\"",
            "\"\"\"",
            "a\"",
            "\na",
            "\n\n",
            "a\nb\"",
            "tab\there",
            "back\\slash\\",
            "cr\r\nlf",
            "bell\u{7}del\u{7f}",
            "line end \\\nnext",
            "$\\exp(x)$",
            "$\\exp(x)$ isn't",
            "\\'",
            "\\\n",
            "\n\\",
            "a\\'''b",
            "\\\t",
        ] {
            let mut basic = String::new();
            push_basic(&mut basic, s);
            assert_eq!(parsed(&basic), s, "{basic}");
            let mut multi = String::new();
            push_multiline(&mut multi, s);
            assert_eq!(parsed(&multi), s, "{multi}");
        }
    }

    #[test]
    fn floats_read_back_as_written() {
        for x in [
            0.1,
            1.0,
            -0.0,
            1e300,
            5e-324,
            f64::INFINITY,
            f64::NEG_INFINITY,
            123456.75,
        ] {
            let doc: toml::Table = toml::from_str(&format!("v = {}", float_repr(x))).expect("TOML");
            let y = doc["v"].as_float().expect("a float");
            assert_eq!(y.to_bits(), x.to_bits(), "{x}");
        }
    }

    #[test]
    fn keys_are_bare_when_they_can_be() {
        let mut out = String::new();
        push_path(&mut out, &["stem", "zh-Hant", "a b", ""]);
        assert_eq!(out, "stem.zh-Hant.\"a b\".\"\"");
    }
}
