//! Words and punctuation marks of a Markdown text, and where its code and math are.

use std::borrow::Cow;
use std::ops::Range;

/// A word or a punctuation mark of a text, with its byte range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token<'a> {
    /// Byte range in the text.
    pub range: Range<usize>,
    /// The characters as written.
    pub text: &'a str,
    /// The characters in lower case (borrowed when they already are).
    pub lower: Cow<'a, str>,
    /// True for a word (letters, digits, inner apostrophes), false for a punctuation mark.
    pub word: bool,
    /// True when inside inline code, math or a code block, where prose rules do not look.
    pub code: bool,
}

impl Token<'_> {
    /// True when every letter of the token is upper case and it has at least two letters.
    pub fn is_shouted(&self) -> bool {
        let letters = self.text.chars().filter(|c| c.is_alphabetic()).count();
        letters >= 2 && !self.text.chars().any(char::is_lowercase)
    }

    /// True for a word of the prose: a word outside code and math.
    pub fn is_prose_word(&self) -> bool {
        self.word && !self.code
    }
}

/// `s` in lower case, borrowed when it has no upper-case letter.
pub fn lowercase(s: &str) -> Cow<'_, str> {
    if s.is_ascii() {
        if s.bytes().any(|b| b.is_ascii_uppercase()) {
            return Cow::Owned(s.to_ascii_lowercase());
        }
    } else if s.chars().any(char::is_uppercase) {
        return Cow::Owned(s.to_lowercase());
    }
    Cow::Borrowed(s)
}

fn is_apostrophe(c: char) -> bool {
    c == '\'' || c == '’'
}

/// The end of the word that starts at byte `start` of `text`: a letter or digit, then letters,
/// digits and apostrophes with a letter after them.
fn word_end(text: &str, start: usize) -> usize {
    let mut i = start;
    loop {
        // ASCII letters and digits byte by byte, any other character as a character.
        i += text.as_bytes()[i..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
        let mut rest = text[i..].chars();
        let Some(c) = rest.next() else {
            return i;
        };
        let inner_apostrophe =
            is_apostrophe(c) && rest.next().is_some_and(|next| next.is_alphabetic());
        if !(c.is_alphanumeric() || inner_apostrophe) {
            return i;
        }
        i += c.len_utf8();
    }
}

/// The byte ranges of the words and punctuation marks of a text, white space dropped, each
/// with true for a word: a letter or digit, then letters, digits and apostrophes with a letter
/// after them. Any other character is a mark of its own. Code and math are included.
pub fn pieces(text: &str) -> impl Iterator<Item = (Range<usize>, bool)> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        let (start, c) = text[i..].char_indices().find(|(_, c)| !c.is_whitespace())?;
        let start = i + start;
        let word = c.is_alphanumeric();
        i = if word {
            word_end(text, start)
        } else {
            start + c.len_utf8()
        };
        Some((start..i, word))
    })
}

/// The words of a text, as [`tokens`] finds them (code and math included), as written.
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    pieces(text)
        .filter(|(_, word)| *word)
        .map(|(range, _)| &text[range])
}

/// The words and punctuation marks of a Markdown text ([`pieces`]).
pub fn tokens(text: &str) -> Vec<Token<'_>> {
    let code = code_ranges(text);
    // Tokens come in text order and the code ranges are ordered and disjoint: sweep them.
    let mut next_code = 0;
    let mut in_code = |i: usize| {
        while code.get(next_code).is_some_and(|r| r.end <= i) {
            next_code += 1;
        }
        code.get(next_code).is_some_and(|r| r.start <= i)
    };
    pieces(text)
        .map(|(range, word)| {
            let piece = &text[range.clone()];
            Token {
                code: in_code(range.start),
                range,
                text: piece,
                lower: if word {
                    lowercase(piece)
                } else {
                    Cow::Borrowed(piece)
                },
                word,
            }
        })
        .collect()
}

/// Byte ranges of inline code (`` `…` ``), math (`$…$`) and fenced code blocks: from a run of
/// backticks or dollars to the next run just like it. A backslash escapes the next byte.
pub fn code_ranges(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(at) = memchr::memchr3(b'`', b'$', b'\\', &bytes[i.min(bytes.len())..]) {
        i += at;
        let b = bytes[i];
        if b == b'\\' {
            i += 2;
            continue;
        }
        let mut run = 1;
        while i + run < bytes.len() && bytes[i + run] == b {
            run += 1;
        }
        let fence = &text[i..i + run];
        if let Some(rel) = text[i + run..].find(fence) {
            let end = i + run + rel + run;
            out.push(i..end);
            i = end;
            continue;
        }
        i += run;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn tokens_keep_apostrophes_and_mark_code() {
        let toks = tokens("It isn't `not` **NIET**.");
        let words: Vec<(&str, bool)> = toks
            .iter()
            .filter(|t| t.word)
            .map(|t| (t.text, t.code))
            .collect();
        assert_eq!(
            words,
            [
                ("It", false),
                ("isn't", false),
                ("not", true),
                ("NIET", false)
            ]
        );
    }

    #[test]
    fn code_ranges_pair_runs_and_skip_escapes() {
        let text = "a `b` $c$ \\`d ``e`f`` $$ g";
        let ranges: Vec<&str> = code_ranges(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(ranges, ["`b`", "$c$", "``e`f``"]);
        // A backslash at the very end escapes nothing and ends the scan.
        assert!(code_ranges("x \\").is_empty());
    }

    /// Texts of the characters the tokenizer treats specially.
    fn texts() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "a", "Z", "0", " ", "\n", "'", "’", "`", "$", "\\", "é", "É", "ß", "Σ", "\u{301}", "K",
            "中", ".", "*", "GPU's", "it's", "'s", "x86",
        ]);
        prop::collection::vec(pieces, 0..24).prop_map(|p| p.concat())
    }

    proptest! {
        /// The tokens cover every character that is not white space, in order, each word
        /// a run of letters, digits and inner apostrophes, and nothing else.
        #[test]
        fn tokens_cover_the_text(text in texts()) {
            let toks = tokens(&text);
            let mut at = 0;
            for t in &toks {
                prop_assert!(text[at..t.range.start].chars().all(char::is_whitespace));
                prop_assert_eq!(&text[t.range.clone()], t.text);
                prop_assert_eq!(t.lower.as_ref(), t.text.to_lowercase());
                let first = t.text.chars().next().unwrap_or(' ');
                prop_assert_eq!(t.word, first.is_alphanumeric());
                if !t.word {
                    prop_assert_eq!(t.text.chars().count(), 1);
                }
                at = t.range.end;
            }
            prop_assert!(text[at..].chars().all(char::is_whitespace));
            let word_tokens: Vec<&str> = toks.iter().filter(|t| t.word).map(|t| t.text).collect();
            prop_assert_eq!(words(&text).collect::<Vec<_>>(), word_tokens);
        }
    }
}
