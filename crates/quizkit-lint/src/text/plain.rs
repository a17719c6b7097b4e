//! The text as a reader sees it, and the normalized form options are compared in.

use std::borrow::Cow;

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfkc_quick};

/// The text as a reader sees it: Markdown emphasis and code markers and link targets removed,
/// white space collapsed.
pub fn plain(markdown: &str) -> String {
    if is_plain(markdown) {
        markdown.to_owned()
    } else {
        strip(markdown)
    }
}

/// [`plain`], character by character.
fn strip(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let mut prev: Option<char> = None;
    let mut chars = markdown.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let next = chars.peek().map(|&(_, d)| d);
        match c {
            '*' | '`' | '~' | '[' => {}
            '_' => {
                let inner = prev.is_some_and(char::is_alphanumeric)
                    && next.is_some_and(char::is_alphanumeric);
                if inner {
                    out.push(c);
                }
            }
            ']' if next == Some('(') => {
                // `[text](target)`: keep the text, drop the target.
                if let Some(close) = markdown[i..].find(')') {
                    while chars.next_if(|&(j, _)| j <= i + close).is_some() {}
                }
            }
            c if c.is_whitespace() => {
                if out.chars().next_back().is_some_and(|l| l != ' ') {
                    out.push(' ');
                }
            }
            c => out.push(c),
        }
        prev = Some(c);
    }
    out.truncate(out.trim_end().len());
    out
}

/// True when [`plain`] returns `text` as it is: no Markdown marker (`*`, a backtick, `~`, `[`,
/// `]`, `_`), no control character, no white space but single spaces between words. Most
/// texts of a bank are so.
fn is_plain(text: &str) -> bool {
    let bytes = text.as_bytes();
    let marker = |b: &u8| *b < b' ' || matches!(b, b'*' | b'`' | b'~' | b'[' | b']' | b'_');
    !bytes.iter().any(marker)
        && bytes.first() != Some(&b' ')
        && bytes.last() != Some(&b' ')
        && memchr::memmem::find(bytes, b"  ").is_none()
        && (text.is_ascii() || !text.chars().any(|c| c != ' ' && c.is_whitespace()))
}

/// The length of a text as read, in characters (Markdown markers not counted).
pub fn plain_len(markdown: &str) -> usize {
    if is_plain(markdown) {
        markdown.chars().count()
    } else {
        strip(markdown).chars().count()
    }
}

/// A text normalized for comparing options: Unicode compatibility forms (NFKC), case,
/// typographic quotes and dashes, Markdown markers, white space, punctuation at the end or
/// around the whole text, and the marks `, ; : . ! ?` that end a word inside it ("units, and"
/// is "units and"). Punctuation inside a word or number is kept, so `1.5` and `15`, `1,5` and
/// `15` or `C++` and `C` stay apart.
pub fn normalize(markdown: &str) -> String {
    normalize_plain(&plain(markdown))
}

/// The marks [`normalize_plain`] drops at the end of a word.
fn sentence_mark(c: char) -> bool {
    matches!(c, ',' | ';' | ':' | '.' | '!' | '?')
}

/// [`normalize`] of a text already made [`plain`].
pub fn normalize_plain(plain: &str) -> String {
    // ASCII is unchanged by NFKC, its only upper case is `A`–`Z` (lowered below), and none of
    // the quotes and dashes folded is ASCII.
    let folded: Cow<'_, str> = if plain.is_ascii() {
        Cow::Borrowed(plain)
    } else {
        Cow::Owned(fold(plain))
    };
    // Punctuation standing alone ("word ." vs "word.") joins the word before it.
    let mut joined = String::with_capacity(folded.len());
    for (i, w) in folded.split_whitespace().enumerate() {
        if i > 0 && !w.chars().all(|c| c.is_ascii_punctuation()) {
            joined.push(' ');
        }
        let at = joined.len();
        joined.push_str(w);
        joined[at..].make_ascii_lowercase();
        // A mark that ends a word between words ("units, and", "units , and"): punctuation
        // of the sentence, not of the word.
        let kept = joined.trim_end_matches(sentence_mark).len();
        joined.truncate(kept);
    }
    let edge = |c: char| ".,;:!?'\"()".contains(c);
    let kept = joined.trim_matches(edge).trim();
    if kept.len() == joined.len() {
        joined
    } else {
        kept.to_owned()
    }
}

/// Compatibility forms (NFKC), lower case, and typographic quotes and dashes folded. Most
/// texts are already in NFKC, which a quick check tells without normalizing.
fn fold(plain: &str) -> String {
    if is_nfkc_quick(plain.chars()) == IsNormalized::Yes {
        plain
            .chars()
            .flat_map(char::to_lowercase)
            .map(fold_char)
            .collect()
    } else {
        plain
            .nfkc()
            .flat_map(char::to_lowercase)
            .map(fold_char)
            .collect()
    }
}

/// A typographic quote or dash as its ASCII counterpart; other characters as they are.
fn fold_char(c: char) -> char {
    match c {
        '‘' | '’' | '‚' | '′' => '\'',
        '“' | '”' | '„' | '″' | '«' | '»' => '"',
        '‐' | '‑' | '‒' | '–' | '—' | '−' => '-',
        c => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// A text [`is_plain`] passes is one that stripping leaves as it is; folding skips
        /// NFKC only where it would change nothing.
        #[test]
        fn shortcuts_change_nothing(text in prop_oneof![
            "[a-zA-Zé ,.\u{a0}\u{fb01}’-]{0,12}",
            "[a-zA-Zé ,.*_`~\\[\\]()\t\u{a0}\u{fb01}’-]{0,12}",
        ]) {
            if is_plain(&text) {
                prop_assert_eq!(strip(&text), text.clone());
            }
            let full: String =
                text.nfkc().flat_map(char::to_lowercase).map(fold_char).collect();
            prop_assert_eq!(fold(&text), full);
        }
    }

    #[test]
    fn plain_drops_markdown_markers_and_link_targets() {
        assert_eq!(
            plain("**Bold** and `code`, a [link](https://x.y) and snake_case _em_"),
            "Bold and code, a link and snake_case em"
        );
        assert_eq!(plain("  two\n\n lines  "), "two lines");
        assert_eq!(plain_len("**één**  twee"), 8);
    }

    #[test]
    fn normalize_keeps_inner_punctuation() {
        assert_eq!(normalize("**Eén** “optie”."), normalize("eén \"optie\""));
        assert_ne!(normalize("1.5 GB"), normalize("15 GB"));
        assert_ne!(normalize("C++"), normalize("C"));
        assert_eq!(normalize("ﬁle  name"), normalize("File name"));
    }
}
