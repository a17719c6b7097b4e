//! Slugs: the ids and folder names quizkit derives from names and texts.

use unicode_normalization::UnicodeNormalization;

/// The longest slug made from a name or a text, in bytes: long enough to tell questions
/// apart, short enough for a file name and a URL.
pub const MAX_SLUG: usize = 48;

/// `text` as a quizkit id or folder name: lowercase ASCII letters and digits in groups joined
/// by single hyphens, accents taken off (`Élan vital` → `elan-vital`), at most [`MAX_SLUG`]
/// bytes, cut at a hyphen. Empty when `text` has no letter or digit that survives.
pub fn slug(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(MAX_SLUG + 8));
    let mut pending_hyphen = false;
    for c in text.nfkd() {
        let c = match c {
            'ß' => 's',
            'æ' | 'Æ' => 'a',
            'ø' | 'Ø' => 'o',
            'ł' | 'Ł' => 'l',
            c => c,
        };
        if c.is_ascii_alphanumeric() {
            if pending_hyphen && !out.is_empty() {
                out.push('-');
            }
            pending_hyphen = false;
            out.push(c.to_ascii_lowercase());
        } else if unicode_normalization::char::is_combining_mark(c) || c == '\'' || c == '’' {
            // Accents and apostrophes join the letters around them.
        } else {
            pending_hyphen = true;
        }
        if out.len() > MAX_SLUG + 16 {
            break;
        }
    }
    if out.len() > MAX_SLUG {
        let cut = &out[..MAX_SLUG];
        let cut = match cut.rfind('-') {
            Some(i) if i >= MAX_SLUG / 2 => &cut[..i],
            _ => cut.trim_end_matches('-'),
        };
        out = cut.to_owned();
    }
    out
}

/// True when `id` is valid as a quizkit id: `^[a-z0-9]+(-[a-z0-9]+)*$`.
pub fn is_valid_id(id: &str) -> bool {
    id.split('-').all(|part| {
        !part.is_empty()
            && part
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        assert_eq!(slug("Élan vital"), "elan-vital");
        assert_eq!(slug("  What's the  unit of R? "), "whats-the-unit-of-r");
        assert_eq!(slug("Straße / Øre"), "strase-ore");
        assert_eq!(slug("日本語"), "");
        let long = slug("one two three four five six seven eight nine ten eleven twelve");
        assert!(long.len() <= MAX_SLUG && is_valid_id(&long), "{long}");
        assert_eq!(long, "one-two-three-four-five-six-seven-eight-nine");
    }

    #[test]
    fn ids() {
        assert!(is_valid_id("nk-001"));
        assert!(!is_valid_id("NK 001"));
        assert!(!is_valid_id("a--b"));
        assert!(!is_valid_id(""));
    }
}
