//! Bytes to text: UTF-8 (a byte order mark dropped), UTF-16 with its byte order mark (Excel's
//! "Unicode text"), or Windows-1252 where the format allows it, with line endings made `\n`.

use quizkit_model::{Diagnostic, Severity};

use crate::{Options, diag};

/// What to do with bytes that are not UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fallback {
    /// Refuse them (Moodle XML, which declares its encoding and is UTF-8 in practice).
    Refuse,
    /// Read them as Windows-1252, with a warning (GIFT, Aiken and CSV, which old Windows
    /// programs save so).
    Windows1252,
}

/// The text of `bytes`, and a diagnostic about how it was read: an error when it cannot be,
/// in which case the text is the lossy decoding, for the error to point into. UTF-8 without
/// carriage returns becomes the text without a copy: a large export is held once.
pub(crate) fn text(
    mut bytes: Vec<u8>,
    fallback: Fallback,
    what: &str,
    options: &Options,
) -> (String, Option<Diagnostic>) {
    if let Some(text) = utf16(&bytes) {
        return (normalize_newlines(&text), None);
    }
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    match String::from_utf8(bytes) {
        Ok(text) if !text.contains('\r') => (text, None),
        Ok(text) => (normalize_newlines(&text), None),
        Err(err) => {
            let at = err.utf8_error().valid_up_to();
            let bytes = err.into_bytes();
            let bytes = bytes.as_slice();
            match fallback {
                Fallback::Windows1252 => {
                    let (decoded, _, _) = encoding_rs::WINDOWS_1252.decode(bytes);
                    let text = normalize_newlines(&decoded);
                    let start = text
                        .char_indices()
                        .nth(String::from_utf8_lossy(&bytes[..at]).chars().count())
                        .map_or(0, |(i, _)| i);
                    let end = text[start..]
                        .chars()
                        .next()
                        .map_or(start, |c| start + c.len_utf8());
                    let d = diag(
                        "I006",
                        Severity::Warning,
                        options,
                        start..end,
                        format!("the {what} is not UTF-8; read it as Windows-1252"),
                    )
                    .with_label("the first byte that is not UTF-8")
                    .with_help("check the accented letters and quotes of the imported texts; save the file as UTF-8 to be sure");
                    (text, Some(d))
                }
                Fallback::Refuse => {
                    let text = normalize_newlines(&String::from_utf8_lossy(bytes));
                    let prefix = normalize_newlines(&String::from_utf8_lossy(&bytes[..at]));
                    let start = prefix.len();
                    let end = start + char::REPLACEMENT_CHARACTER.len_utf8();
                    let d = diag(
                        "I001",
                        Severity::Error,
                        options,
                        start..end.min(text.len()),
                        format!("the {what} is not valid UTF-8"),
                    )
                    .with_label("invalid byte here")
                    .with_help("save the file as UTF-8 (Moodle refuses other encodings too)");
                    (text, Some(d))
                }
            }
        }
    }
}

/// `\r\n` and a lone `\r` made `\n`.
/// The text of `bytes` when they start with a UTF-16 byte order mark (`FF FE`, little-endian,
/// as Excel saves "Unicode text"; `FE FF`, big-endian), the mark dropped; `None` otherwise.
/// An unpaired surrogate becomes U+FFFD.
pub(crate) fn utf16(bytes: &[u8]) -> Option<String> {
    let encoding = match bytes {
        [0xFF, 0xFE, ..] => encoding_rs::UTF_16LE,
        [0xFE, 0xFF, ..] => encoding_rs::UTF_16BE,
        _ => return None,
    };
    let (text, _) = encoding.decode_with_bom_removal(bytes);
    Some(text.into_owned())
}

/// `bytes` as text to look at, not to import: UTF-16 after its byte order mark, else UTF-8
/// with an invalid sequence as U+FFFD.
pub(crate) fn lossy(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match utf16(bytes) {
        Some(text) => std::borrow::Cow::Owned(text),
        None => String::from_utf8_lossy(bytes),
    }
}

pub(crate) fn normalize_newlines(s: &str) -> String {
    if s.contains('\r') {
        s.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        s.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_1252_is_converted_with_a_warning_at_the_first_foreign_byte() {
        let (text, d) = text(
            b"caf\xe9 \x93quoted\x94\r\n".to_vec(),
            Fallback::Windows1252,
            "file",
            &Options::default(),
        );
        assert_eq!(text, "café “quoted”\n");
        let d = d.expect("a warning");
        assert_eq!(d.severity, Severity::Warning);
        assert_eq!(&text[d.span.clone()], "é");
    }

    #[test]
    fn invalid_utf8_is_refused_at_the_byte() {
        let (text, d) = text(
            b"ab\ncd\xff".to_vec(),
            Fallback::Refuse,
            "file",
            &Options::default(),
        );
        let d = d.expect("an error");
        assert_eq!(d.severity, Severity::Error);
        assert_eq!(d.span.start, 5);
        assert_eq!(&text[d.span.clone()], "\u{fffd}");
    }

    #[test]
    fn utf16_with_its_mark_is_read() {
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("id\t€ 5\r\n".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain("Köppen".encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        let o = Options::default();
        assert_eq!(
            text(le, Fallback::Windows1252, "file", &o),
            ("id\t€ 5\n".into(), None)
        );
        assert_eq!(
            text(be, Fallback::Refuse, "file", &o),
            ("Köppen".into(), None)
        );
    }

    #[test]
    fn a_bom_is_dropped() {
        let (text, d) = text(
            b"\xEF\xBB\xBFx".to_vec(),
            Fallback::Refuse,
            "file",
            &Options::default(),
        );
        assert_eq!((text.as_str(), d), ("x", None));
    }
}
