//! Text helpers shared by rules: mapping offsets in a string value back to the TOML source,
//! words, Markdown-stripped text, normalization and numbers.

use std::borrow::Cow;
use std::hash::Hasher;
use std::ops::Range;

use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfkc_quick};

use crate::hash::FastHasher;
use crate::lanes::{HIGH, ascii_alnum, lanes_in};

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
}

/// `s` in lower case, borrowed when it has no upper-case letter.
pub(crate) fn lowercase(s: &str) -> Cow<'_, str> {
    if s.is_ascii() {
        // ASCII has no upper case outside `A`–`Z`, and those lower-case to `a`–`z`.
        if s.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(s.to_ascii_lowercase())
        } else {
            Cow::Borrowed(s)
        }
    } else if s.chars().any(char::is_uppercase) {
        Cow::Owned(s.to_lowercase())
    } else {
        Cow::Borrowed(s)
    }
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric()
}

fn is_apostrophe(c: char) -> bool {
    c == '\'' || c == '’'
}

/// The character of `text` at byte `i` (a char boundary) and its length in bytes; ASCII
/// without decoding. `None` at the end.
#[inline]
pub(crate) fn char_at(text: &str, i: usize) -> Option<(char, usize)> {
    match text.as_bytes().get(i) {
        None => None,
        Some(&b) if b.is_ascii() => Some((char::from(b), 1)),
        Some(_) => text[i..].chars().next().map(|c| (c, c.len_utf8())),
    }
}

/// The words and punctuation marks of a Markdown text, white space dropped.
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
    let mut out = Vec::with_capacity(text.len() / 4);
    let mut i = 0;
    while let Some((c, len)) = char_at(text, i) {
        if c.is_whitespace() {
            i += len;
            continue;
        }
        if is_word_char(c) {
            let end = word_end(text, i + len);
            out.push(Token {
                range: i..end,
                text: &text[i..end],
                lower: lowercase(&text[i..end]),
                word: true,
                code: in_code(i),
            });
            i = end;
        } else {
            let end = i + len;
            out.push(Token {
                range: i..end,
                text: &text[i..end],
                lower: Cow::Borrowed(&text[i..end]),
                word: false,
                code: in_code(i),
            });
            i = end;
        }
    }
    out
}

/// What a byte is to the word scanners, told by one lookup in [`BYTE_CLASS`].
const GAP: u8 = 0;
/// An ASCII letter or digit: part of a word.
const ALNUM: u8 = 1;
/// `` ` `` or `$`, which may open code or math ([`code_ranges`]).
const MARK: u8 = 2;
/// An apostrophe or a byte of a character that is not ASCII: the character decides.
const DECODE: u8 = 3;

/// [`GAP`], [`ALNUM`], [`MARK`] or [`DECODE`] for each byte.
const BYTE_CLASS: [u8; 256] = {
    let mut table = [GAP; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = if byte >= 0x80 || byte == b'\'' {
            DECODE
        } else if byte.is_ascii_alphanumeric() {
            ALNUM
        } else if byte == b'`' || byte == b'$' {
            MARK
        } else {
            GAP
        };
        b += 1;
    }
    table
};

/// The end of the word whose rest starts at byte `i` of `text`: the bytes up to the first
/// character that is neither a letter or digit nor an apostrophe with a letter after it.
#[inline]
fn word_end(text: &str, mut i: usize) -> usize {
    let bytes = text.as_bytes();
    loop {
        // ASCII letters and digits eight bytes at a time, then a byte at a time; other
        // characters one by one.
        while let Some(chunk) = bytes.get(i..i + 8) {
            let stop = !ascii_alnum(u64::from_le_bytes(chunk.try_into().unwrap_or_default()));
            if stop & HIGH != 0 {
                i += ((stop & HIGH).trailing_zeros() / 8) as usize;
                break;
            }
            i += 8;
        }
        while bytes
            .get(i)
            .is_some_and(|&b| BYTE_CLASS[usize::from(b)] == ALNUM)
        {
            i += 1;
        }
        if bytes
            .get(i)
            .is_none_or(|&b| BYTE_CLASS[usize::from(b)] != DECODE)
        {
            return i;
        }
        let Some((d, dlen)) = char_at(text, i) else {
            return i;
        };
        let inner_apostrophe =
            is_apostrophe(d) && char_at(text, i + dlen).is_some_and(|(e, _)| e.is_alphabetic());
        if !(is_word_char(d) || inner_apostrophe) {
            return i;
        }
        i += dlen;
    }
}

/// The byte ranges of the words of `text` outside code and math, in order: the ranges of the
/// [`tokens`] that are words and not code, found without building the tokens.
pub fn prose_words(text: &str) -> ProseWords<'_> {
    ProseWords {
        text,
        at: 0,
        code: Vec::new(),
        code_found: false,
        next_code: 0,
    }
}

/// The iterator of [`prose_words`].
#[derive(Debug, Clone)]
pub struct ProseWords<'a> {
    text: &'a str,
    /// Where the scan goes on.
    at: usize,
    /// [`code_ranges`] of the text, once a marker was seen: every code range starts at one,
    /// so words before the first marker are prose (and most texts have none).
    code: Vec<Range<usize>>,
    code_found: bool,
    /// The first code range that does not end before `at`.
    next_code: usize,
}

impl Iterator for ProseWords<'_> {
    type Item = Range<usize>;

    #[inline]
    fn next(&mut self) -> Option<Range<usize>> {
        let text = self.text;
        let bytes = text.as_bytes();
        loop {
            // White space and punctuation a byte at a time while ASCII.
            let (start, first) = loop {
                let b = *bytes.get(self.at)?;
                match BYTE_CLASS[usize::from(b)] {
                    ALNUM => break (self.at, 1),
                    GAP => self.at += 1,
                    MARK => {
                        if !self.code_found {
                            self.code = code_ranges(text);
                            self.code_found = true;
                        }
                        self.at += 1;
                    }
                    _ => {
                        let (c, len) = char_at(text, self.at)?;
                        if is_word_char(c) {
                            break (self.at, len);
                        }
                        self.at += len;
                    }
                }
            };
            self.at = word_end(text, start + first);
            // Words come in text order and the code ranges are ordered and disjoint.
            while self
                .code
                .get(self.next_code)
                .is_some_and(|r| r.end <= start)
            {
                self.next_code += 1;
            }
            if self
                .code
                .get(self.next_code)
                .is_none_or(|r| r.start > start)
            {
                return Some(start..self.at);
            }
        }
    }
}

/// Byte ranges of inline code (`` `…` ``), math (`$…$`) and fenced code blocks.
pub fn code_ranges(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    // From marker to marker: most texts have none, and those that have are mostly prose.
    let mut i = 0;
    while let Some(at) = find_byte(bytes, i, |b| (b == b'`') | (b == b'$') | (b == b'\\')) {
        i = at;
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

/// The text as a reader sees it: Markdown emphasis and code markers and link targets removed,
/// white space collapsed.
pub fn plain(markdown: &str) -> String {
    if markdown.is_ascii() {
        return plain_ascii(markdown);
    }
    let mut out = String::with_capacity(markdown.len());
    plain_chars_into(markdown, &mut out);
    out.truncate(out.trim_end().len());
    out
}

/// Writes [`plain`] of `markdown` to `out`, a character at a time, but for one trailing space.
fn plain_chars_into(markdown: &str, out: &mut impl PlainSink) {
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
                if out.last().is_some_and(|l| l != ' ') {
                    out.push(' ');
                }
            }
            c => out.push(c),
        }
        prev = Some(c);
    }
}

/// Where [`plain_ascii_into`] and [`plain_chars_into`] write: a string, or a count of what
/// would be written.
trait PlainSink {
    /// Appends a character.
    fn push(&mut self, c: char);
    /// The character last appended, if any.
    fn last(&self) -> Option<char>;
}

impl PlainSink for String {
    fn push(&mut self, c: char) {
        String::push(self, c);
    }
    fn last(&self) -> Option<char> {
        self.chars().next_back()
    }
}

/// The length in characters and the last character of a text not kept.
#[derive(Default)]
struct PlainCount {
    len: usize,
    last: Option<char>,
}

impl PlainSink for PlainCount {
    fn push(&mut self, c: char) {
        self.len += 1;
        self.last = Some(c);
    }
    fn last(&self) -> Option<char> {
        self.last
    }
}

/// [`plain`] of an ASCII text, a byte at a time: the same steps without decoding characters.
fn plain_ascii(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    plain_ascii_into(markdown, &mut out);
    // White space is written as one space, and only after something else.
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

/// Writes [`plain`] of the ASCII text `markdown` to `out`, but for one trailing space.
fn plain_ascii_into(markdown: &str, out: &mut impl PlainSink) {
    let bytes = markdown.as_bytes();
    let mut prev: Option<u8> = None;
    let mut i = 0;
    while let Some(&c) = bytes.get(i) {
        let next = bytes.get(i + 1).copied();
        match c {
            b'*' | b'`' | b'~' | b'[' => {}
            b'_' => {
                let inner = prev.is_some_and(|p| p.is_ascii_alphanumeric())
                    && next.is_some_and(|n| n.is_ascii_alphanumeric());
                if inner {
                    out.push('_');
                }
            }
            b']' if next == Some(b'(') => {
                // `[text](target)`: keep the text, drop the target.
                if let Some(close) = markdown[i..].find(')') {
                    i += close;
                }
            }
            // `char::is_whitespace` in ASCII, vertical tab included.
            b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' | b' ' => {
                if out.last().is_some_and(|l| l != ' ') {
                    out.push(' ');
                }
            }
            c => out.push(char::from(c)),
        }
        prev = Some(c);
        i += 1;
    }
}

/// True when [`plain`] leaves the ASCII text `markdown` as it is: no Markdown marker, and no
/// white space but single spaces between other characters.
fn plain_as_is(markdown: &str) -> bool {
    let bytes = markdown.as_bytes();
    // No early exit: a fold over every byte compiles to a few compares a byte, not a branch.
    let marked = bytes.iter().fold(false, |marked, &b| {
        marked
            | matches!(
                b,
                b'*' | b'`' | b'~' | b'[' | b']' | b'_' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r'
            )
    });
    !marked && !bytes.starts_with(b" ") && !bytes.ends_with(b" ") && !markdown.contains("  ")
}

/// The length of a text as read, in characters (Markdown markers not counted).
pub fn plain_len(markdown: &str) -> usize {
    let mut count = PlainCount::default();
    if !markdown.is_ascii() {
        plain_chars_into(markdown, &mut count);
    } else if plain_as_is(markdown) {
        return markdown.len();
    } else {
        plain_ascii_into(markdown, &mut count);
    }
    // White space is written as one space, and only after something else.
    count.len - usize::from(count.last == Some(' '))
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
    // ASCII is unchanged by NFKC, its only upper case is `A`–`Z`, and none of the quotes and
    // dashes folded below is ASCII.
    let folded: Cow<'_, str> = if plain.is_ascii() {
        // Lower-cased word by word below.
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

/// A fingerprint of [`normalize`]`(markdown)` worked out without building it: texts whose
/// normalized forms are equal have equal fingerprints, so texts with different fingerprints
/// are different options. It hashes the letters and digits of the normalized text, which are
/// those of `markdown` folded one character at a time, in order: [`plain`] and
/// [`normalize_plain`] drop or replace only other characters, lower case and the quote and
/// dash folding go character by character, and NFKC leaves the text as it is when every
/// character is in NFKC on its own and combines with none (a combining class of 0).
///
/// `None` when that does not hold, or the text has a link (`](`), whose target [`plain`]
/// drops with its letters.
pub fn normalized_fingerprint(markdown: &str) -> Option<u64> {
    if markdown.contains("](") {
        return None;
    }
    let mut letters = LetterHash::default();
    if markdown.is_ascii() {
        for &b in markdown.as_bytes() {
            letters.byte(b);
        }
        return Some(letters.finish());
    }
    for c in markdown.chars() {
        if c.is_ascii() {
            letters.byte(c as u8);
            continue;
        }
        let alone = canonical_combining_class(c) == 0
            && is_nfkc_quick(std::iter::once(c)) == IsNormalized::Yes;
        if !alone {
            return None;
        }
        for l in c.to_lowercase().map(fold_char) {
            if l.is_alphanumeric() {
                letters.char(l);
            }
        }
    }
    Some(letters.finish())
}

/// The first eight letters and digits of [`normalize`]'s result, lower case, packed a byte
/// each (zeros after a shorter text), read from the start of the text without normalizing
/// it; `None` when that cannot be told from the bytes alone: a character that is not ASCII or
/// a `]` (a link target may follow) before the eighth letter, or either of them after it and
/// before the next letter or digit (a combining mark changes the letter before it, even across
/// markup that `plain` drops).
///
/// Two texts that normalize alike have the same prefix, so options with different prefixes
/// differ: most options of a question tell apart in their first words.
pub fn normalized_prefix(markdown: &str) -> Option<u64> {
    let mut prefix = 0u64;
    let mut count = 0;
    let mut bytes = markdown.bytes();
    while count < 8 {
        let Some(b) = bytes.next() else {
            return Some(prefix);
        };
        if !b.is_ascii() || b == b']' {
            return None;
        }
        if b.is_ascii_alphanumeric() {
            prefix |= u64::from(b.to_ascii_lowercase()) << (8 * count);
            count += 1;
        }
    }
    // The markup `plain` drops can stand between the eighth letter and a combining mark that
    // changes it ("w~\u{301}" is "ẃ", and so is "w](x)\u{301}", a link target dropped): a
    // character that is not ASCII, or a `]`, before the next letter or digit may belong to it.
    for b in bytes {
        if !b.is_ascii() || b == b']' {
            return None;
        }
        if b.is_ascii_alphanumeric() {
            break;
        }
    }
    Some(prefix)
}

/// The hash of a sequence of letters and digits, fed as UTF-8 bytes; ASCII other than letters
/// and digits is skipped, and `A`–`Z` count as `a`–`z`. Each byte adds a value of its own, once
/// plainly and once weighted by its place: no branch per byte, and the order counts.
#[derive(Default)]
struct LetterHash {
    sum: u64,
    weighted: u64,
    count: u64,
}

/// [`LetterHash`]'s value of each byte: 0 for ASCII other than letters and digits, the same for
/// a letter in either case, and a distinct odd value otherwise.
const LETTER_VALUES: [u64; 256] = letter_values();

const fn letter_values() -> [u64; 256] {
    let mut values = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if !byte.is_ascii() || byte.is_ascii_alphanumeric() {
            // SplitMix64 of the lower-case byte.
            let mut z = (byte.to_ascii_lowercase() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            values[b] = (z ^ (z >> 31)) | 1;
        }
        b += 1;
    }
    values
}

impl LetterHash {
    fn byte(&mut self, b: u8) {
        let value = LETTER_VALUES[usize::from(b)];
        self.count += u64::from(value != 0);
        self.sum = self.sum.wrapping_add(value);
        self.weighted = self.weighted.wrapping_add(value.wrapping_mul(self.count));
    }

    fn char(&mut self, c: char) {
        let mut buf = [0; 4];
        for &b in c.encode_utf8(&mut buf).as_bytes() {
            self.byte(b);
        }
    }

    fn finish(self) -> u64 {
        let mut hasher = FastHasher::default();
        hasher.write_u64(self.sum);
        hasher.write_u64(self.weighted);
        hasher.write_u64(self.count);
        hasher.finish()
    }
}

/// Compatibility forms (NFKC), lower case, and typographic quotes and dashes folded.
fn fold(plain: &str) -> String {
    plain
        .nfkc()
        .flat_map(char::to_lowercase)
        .map(fold_char)
        .collect()
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

/// A number as written in a text, normalized so that `3,5` (Dutch) and `3.5` (English), or
/// `1.000` (Dutch) and `1,000` or `1000` (English), compare equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Number {
    /// Byte range in the text.
    pub range: Range<usize>,
    /// Canonical form: digits, and a `.` before the fraction if any (`3.5`, `1000`).
    pub value: String,
}

/// The numbers of a prose text in `lang`: digit groups that do not stand inside a word or an
/// identifier (`FP16`, `H100`, `W4A16`, `e9` in `7e9` are not numbers of the prose), with the
/// language's decimal and thousands separators. Numbers in code and math are skipped.
pub fn numbers(lang: &str, text: &str) -> Vec<Number> {
    let mut reader = NumberReader::new(lang, text);
    let mut value = String::new();
    let mut out = Vec::new();
    while let Some(range) = reader.next_into(&mut value) {
        out.push(Number {
            range,
            value: value.clone(),
        });
    }
    out
}

/// [`numbers`] one at a time, each value written into a buffer the caller keeps, so that
/// comparing the numbers of two texts allocates nothing.
#[derive(Debug)]
pub struct NumberReader<'t> {
    text: &'t str,
    decimal: u8,
    group: u8,
    /// Where the search for the next digit goes on.
    at: usize,
    /// Bytes before this hold no code marker (`` ` ``, `$`), as far as the reader has looked;
    /// `None` once the code ranges are worked out.
    unmarked: Option<usize>,
    /// The [`code_ranges`] of the text, worked out at the first number with a code marker
    /// before it (empty until then): most texts have none.
    code: Vec<Range<usize>>,
    /// The first code range that may still hold a number (numbers come in text order).
    next_code: usize,
}

impl<'t> NumberReader<'t> {
    /// A reader of the numbers of `text`, written the way `lang` writes them.
    pub fn new(lang: &str, text: &'t str) -> Self {
        let (decimal, group) = separators(lang);
        NumberReader {
            text,
            decimal,
            group,
            at: 0,
            unmarked: Some(0),
            code: Vec::new(),
            next_code: 0,
        }
    }

    /// The byte range of the next number, with its canonical value ([`Number::value`])
    /// written into `value` (cleared first); `None` after the last one.
    pub fn next_into(&mut self, value: &mut String) -> Option<Range<usize>> {
        let text = self.text;
        let bytes = text.as_bytes();
        loop {
            // Only digits are looked for (one test a byte instead of three). A number is in
            // code only if a code marker comes before it: markers are looked for up to each
            // number, and the code ranges worked out at the first one, so that most texts,
            // which have none, are read once for digits and up to their last number for
            // markers.
            let start = find_digit(bytes, self.at)?;
            if let Some(from) = self.unmarked {
                // `|`, not `||`: a test that branches is not vectorized.
                if find_byte(&bytes[..start], from, |b| (b == b'`') | (b == b'$')).is_some() {
                    self.code = code_ranges(text);
                    self.unmarked = None;
                } else {
                    self.unmarked = Some(start);
                }
            }
            let number = NumberAt::read(text, start, self.decimal, self.group);
            let code = &self.code;
            while code.get(self.next_code).is_some_and(|r| r.end <= start) {
                self.next_code += 1;
            }
            let in_code = code.get(self.next_code).is_some_and(|r| r.start <= start);
            self.at = number.next;
            if number.in_word || in_code {
                continue;
            }
            value.clear();
            number.value(text, |piece| value.push_str(piece));
            return Some(start..number.end);
        }
    }
}

/// The decimal separator and the thousands separator of `lang`.
fn separators(lang: &str) -> (u8, u8) {
    if lang.starts_with("en") {
        (b'.', b',')
    } else {
        (b',', b'.')
    }
}

/// A number read at a digit: where its parts are, before its canonical value is written.
struct NumberAt {
    /// Where its digits start.
    start: usize,
    /// The end of its first run of digits.
    first_end: usize,
    /// The end of its thousands groups (`first_end` when it has none): a separator and three
    /// digits each.
    groups_end: usize,
    /// Its fraction's digits, trailing zeros left out (empty when there are only zeros).
    fraction: Range<usize>,
    /// Its end.
    end: usize,
    /// Where the search for the next number goes on: past the rest of an identifier such as
    /// `W4A16`.
    next: usize,
    /// A letter or `_` stands right before it (`FP16`, `e9`): not a number of the prose.
    in_word: bool,
}

impl NumberAt {
    /// The number whose first digit is at byte `start` of `text`.
    #[inline]
    fn read(text: &str, start: usize, decimal: u8, group: u8) -> NumberAt {
        let bytes = text.as_bytes();
        let in_word = match start.checked_sub(1).map(|p| bytes[p]) {
            None => false,
            Some(b) if b.is_ascii() => b.is_ascii_alphabetic() || b == b'_',
            Some(_) => text[..start]
                .chars()
                .next_back()
                .is_some_and(char::is_alphabetic),
        };
        let digits_end = |mut j: usize| {
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            j
        };
        let first_end = digits_end(start);
        let mut end = first_end;
        // Thousands groups: a separator followed by exactly three digits.
        while bytes.get(end) == Some(&group) && digits_end(end + 1) == end + 4 {
            end += 4;
        }
        let groups_end = end;
        let mut fraction = end..end;
        // A fraction: the decimal separator, or the other one when it cannot be a group.
        if let Some(&sep) = bytes.get(end) {
            let next = digits_end(end + 1);
            if next > end + 1 && (sep == decimal || (sep == group && next != end + 4)) {
                let mut last = next;
                while last > end + 1 && bytes[last - 1] == b'0' {
                    last -= 1;
                }
                fraction = end + 1..last;
                end = next;
            }
        }
        let mut next = end;
        while bytes
            .get(next)
            .is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_')
        {
            next += 1;
        }
        NumberAt {
            start,
            first_end,
            groups_end,
            fraction,
            end,
            next,
            in_word,
        }
    }

    /// Hands the canonical value ([`Number::value`]) of the number, read in `text`, to `push`
    /// piece by piece: its digits without group separators or leading zeros (`0` when they
    /// are all zeros), then a `.` and the fraction if it has one.
    #[inline]
    fn value(&self, text: &str, mut push: impl FnMut(&str)) {
        let mut leading = true;
        let mut digits = |piece: &str| {
            let piece = if leading {
                piece.trim_start_matches('0')
            } else {
                piece
            };
            if !piece.is_empty() {
                leading = false;
                push(piece);
            }
        };
        digits(&text[self.start..self.first_end]);
        for group in (self.first_end..self.groups_end).step_by(4) {
            digits(&text[group + 1..group + 4]);
        }
        if leading {
            push("0");
        }
        if !self.fraction.is_empty() {
            push(".");
            push(&text[self.fraction.clone()]);
        }
    }
}

/// The canonical values of the [`numbers`] of `text` in `lang`, in order, each followed by a
/// space, appended to `out`: what comparing the numbers of two texts needs, with no string
/// built per number. Every digit of `text` is in `digits` (`0..text.len()` when the caller
/// knows no better; the [`Operands`](quizkit_quantity::Operands) of the text tell, and most of
/// a text is before its first number or after its last). Digits are looked for alone, and
/// code markers once, before the last number: most texts have none, and then no number is in
/// code.
pub(crate) fn number_values_into(lang: &str, text: &str, digits: Range<usize>, out: &mut Vec<u8>) {
    let (decimal, group) = separators(lang);
    let bytes = text.as_bytes();
    // Digits are looked for up to the end of `digits`; a number found there is read in all of
    // the text (the letters of `16GB` may go on past it).
    let within = &bytes[..digits.end];
    let mark = out.len();
    let mut at = digits.start;
    let mut last = None;
    while at < within.len()
        && let Some(start) = find_digit(within, at)
    {
        let number = NumberAt::read(text, start, decimal, group);
        at = number.next;
        last = Some(start);
        if !number.in_word {
            number.value(text, |piece| out.extend_from_slice(piece.as_bytes()));
            out.push(b' ');
        }
    }
    // A number is in code only if a code marker comes before it: if one does, the reader,
    // which works out the code, reads them again.
    if let Some(last) = last
        && find_byte(&bytes[..last], 0, |b| (b == b'`') | (b == b'$')).is_some()
    {
        out.truncate(mark);
        let mut reader = NumberReader::new(lang, text);
        let mut value = String::new();
        while reader.next_into(&mut value).is_some() {
            out.extend_from_slice(value.as_bytes());
            out.push(b' ');
        }
    }
}

/// True when `text` has an ASCII digit; a block at a time ([`find_byte`], which tests short
/// texts, most options, in fewer instructions than [`find_digit`]).
pub(crate) fn has_digit(text: &str) -> bool {
    find_byte(text.as_bytes(), 0, |b| b.is_ascii_digit()).is_some()
}

/// The first ASCII digit of `bytes` from `from` on, as [`find_byte`] finds it but faster: the
/// digit test alone vectorizes into fewer instructions, the last 64 bytes of a text are
/// tested as one block, and the digit in a block that has one is found eight bytes at a time
/// ([`lanes_in`]) rather than a byte at a time.
#[inline]
pub(crate) fn find_digit(bytes: &[u8], from: usize) -> Option<usize> {
    let any = |block: &[u8]| {
        block
            .iter()
            .fold(0, |any, &b| any | u8::from(b.is_ascii_digit()))
            != 0
    };
    // Readers mostly start at a digit (the first operand of a text, see
    // `quizkit_quantity::Operands`): told at once, without a block.
    if bytes.get(from).is_some_and(u8::is_ascii_digit) {
        return Some(from);
    }
    let mut i = from;
    while bytes.get(i..i + 64).is_some_and(|block| !any(block)) {
        i += 64;
    }
    // Fewer than 64 bytes left: the last 64 of the text, which hold them, as one more block.
    if i + 64 > bytes.len()
        && let Some(last) = bytes.len().checked_sub(64).map(|start| &bytes[start..])
        && !any(last)
    {
        return None;
    }
    loop {
        let word = match bytes.get(i..i + 8) {
            Some(word) => u64::from_le_bytes(word.try_into().ok()?),
            // The last few bytes, with zeros (not digits) after them: shifted down from the
            // text's last eight bytes, or put together a byte at a time from a shorter text
            // (a copy into a zeroed word calls `memcpy`).
            None => match bytes.len().checked_sub(8) {
                Some(last) if i < bytes.len() => {
                    let word = u64::from_le_bytes(bytes[last..].try_into().ok()?);
                    word >> (8 * (i - last))
                }
                _ => bytes
                    .get(i..)?
                    .iter()
                    .rev()
                    .fold(0, |word, &b| word << 8 | u64::from(b)),
            },
        };
        let digits = lanes_in(word, b'0', b'9');
        if digits != 0 {
            return Some(i + (digits.trailing_zeros() / 8) as usize);
        }
        i += 8;
        if i >= bytes.len() {
            return None;
        }
    }
}

/// The bytes of `hits`, each 0 or 1, as the bits of a `u64` (byte `i` to bit `i`); `N` is at
/// most 64 and a multiple of 8. Eight bytes at a time: the multiplication moves byte `i` of a
/// `u64` to bit `56 + i`, with no carries between them.
#[inline(always)]
pub(crate) fn byte_bits<const N: usize>(hits: &[u8; N]) -> u64 {
    let mut mask = 0;
    for (g, eight) in hits.chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
        mask |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * g);
    }
    mask
}

/// The first byte of `bytes` from `from` on for which `hit` holds. Blocks of 64, then 16
/// bytes are tested without an early exit, which compiles to vector compares; a plain
/// `position` goes a byte at a time, and long explanations and most options have no digit
/// or code marker at all.
#[inline]
pub(crate) fn find_byte(bytes: &[u8], from: usize, hit: impl Fn(u8) -> bool) -> Option<usize> {
    // Or-ed as bytes, not as `bool`s: LLVM vectorizes the one and not always the other.
    let any = |block: &[u8]| block.iter().fold(0, |any, &b| any | u8::from(hit(b))) != 0;
    let mut i = from;
    while bytes.get(i..i + 64).is_some_and(|block| !any(block)) {
        i += 64;
    }
    while bytes.get(i..i + 16).is_some_and(|block| !any(block)) {
        i += 16;
    }
    // Fewer than 16 bytes left: the last 16 of the text, which hold them, as one more block.
    if i + 16 > bytes.len()
        && let Some(last) = bytes.len().checked_sub(16).map(|start| &bytes[start..])
        && !any(last)
    {
        return None;
    }
    bytes.get(i..)?.iter().position(|&b| hit(b)).map(|p| i + p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::xorshift;

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

    /// The eight-at-a-time test against the byte-wise one, for every byte at every place
    /// beside neighbours of every kind.
    #[test]
    fn ascii_alnum_bytes_tests_each_byte() {
        for b in 0..=255u8 {
            for at in 0..8 {
                for fill in [0u8, b'a', b'Z', b'0', b' ', 0x7f, 0x80, 0xff] {
                    let mut chunk = [fill; 8];
                    chunk[at] = b;
                    let found = ascii_alnum(u64::from_le_bytes(chunk));
                    for (k, &c) in chunk.iter().enumerate() {
                        let bit = found >> (8 * k + 7) & 1 == 1;
                        assert_eq!(bit, c.is_ascii_alphanumeric(), "{chunk:?} at {k}");
                    }
                    assert_eq!(found & !HIGH, 0);
                }
            }
        }
    }

    /// The words outside code as the tokenizer's rule states them, a character at a time: a
    /// letter or digit, then letters, digits and apostrophes with a letter after them. The
    /// scanners share [`word_end`]; this does not.
    fn reference_prose_words(text: &str) -> Vec<Range<usize>> {
        let code = code_ranges(text);
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let mut out = Vec::new();
        let mut k = 0;
        while k < chars.len() {
            if !chars[k].1.is_alphanumeric() {
                k += 1;
                continue;
            }
            let start = chars[k].0;
            k += 1;
            while let Some(&(_, c)) = chars.get(k) {
                let apostrophe = (c == '\'' || c == '’')
                    && chars.get(k + 1).is_some_and(|&(_, d)| d.is_alphabetic());
                if !(c.is_alphanumeric() || apostrophe) {
                    break;
                }
                k += 1;
            }
            let end = chars.get(k).map_or(text.len(), |&(i, _)| i);
            if !code.iter().any(|r| r.contains(&start)) {
                out.push(start..end);
            }
        }
        out
    }

    /// [`prose_words`] against the tokens it stands for, on texts built from the characters
    /// at the edges of words and code.
    #[test]
    fn prose_words_are_the_prose_word_tokens() {
        let pieces = [
            "a",
            "Bc",
            "z9",
            "7",
            " ",
            "\n",
            "'",
            "’",
            "-",
            ".",
            "?",
            "É",
            "é",
            "ß",
            "Σ",
            "ﬁ",
            "Ａ",
            "①",
            "²",
            "İ",
            "\u{301}",
            "\u{a0}",
            "`",
            "``",
            "$",
            "\\",
            "*",
            "_",
            "word",
            "it's",
            "Zebra09az",
            "AZ@[`{/:",
            "longerwordthan8",
            "x\u{7f}y",
        ];
        // A fixed xorshift sequence: the same texts on every run.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move |n: usize| (xorshift(&mut state) % n as u64) as usize;
        let mut words = 0;
        for _ in 0..20_000 {
            let mut text = String::new();
            for _ in 0..next(16) {
                text.push_str(pieces[next(pieces.len())]);
            }
            let expected: Vec<Range<usize>> = tokens(&text)
                .into_iter()
                .filter(|t| t.word && !t.code)
                .map(|t| t.range)
                .collect();
            words += expected.len();
            assert_eq!(prose_words(&text).collect::<Vec<_>>(), expected, "{text:?}");
            assert_eq!(reference_prose_words(&text), expected, "{text:?}");
        }
        assert!(
            words > 20_000,
            "the generator rarely builds a word: {words}"
        );
    }

    #[test]
    fn plain_drops_markdown_markers_and_link_targets() {
        assert_eq!(
            plain("**Bold** and `code`, a [link](https://x.y) and snake_case _em_"),
            "Bold and code, a link and snake_case em"
        );
        assert_eq!(plain("  two\n\n lines  "), "two lines");
    }

    /// [`plain_len`], which takes an ASCII text without markers or runs of white space as it
    /// is, against the length of [`plain_ascii`] on every text of up to six bytes over a
    /// letter, a space and the bytes it looks for (markers in the first three only): the
    /// random texts below seldom hold two spaces and no marker.
    #[test]
    fn plain_len_of_every_short_text() {
        let alphabet = b"a *`~[]_\t\n\x0b\x0c\r";
        let mut texts = vec![String::new()];
        for _ in 0..7 {
            let mut longer = Vec::new();
            for text in &texts {
                assert_eq!(plain_len(text), plain_ascii(text).len(), "{text:?}");
                for &b in alphabet
                    .iter()
                    .filter(|&&b| b == b'a' || b == b' ' || text.len() < 3)
                {
                    longer.push(format!("{text}{}", char::from(b)));
                }
            }
            texts = longer;
        }
    }

    /// The byte-wise [`plain_ascii`] against the general path, on ASCII built from the
    /// characters `plain` treats specially.
    #[test]
    fn plain_of_ascii_is_plain_of_chars() {
        // A trailing `·` (not ASCII, not a letter, not white space) forces the general path.
        let general = |markdown: &str| plain(&format!("{markdown}·")).replace('·', "");
        let pieces = [
            "*", "`", "~", "[", "]", "(", ")", "_", "a", "Z", "0", " ", "\t", "\n", "\x0b", "\x0c",
            "\r", "](x)", ".", "](",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..20_000 {
            let mut text = String::new();
            // Drawn anew for every text: an empty text must not leave the state where it was.
            xorshift(&mut state);
            for _ in 0..(state % 12) {
                xorshift(&mut state);
                text.push_str(pieces[(state % 20) as usize]);
            }
            assert_eq!(plain_ascii(&text), general(&text).trim_end(), "{text:?}");
            assert_eq!(plain_len(&text), plain_ascii(&text).len(), "{text:?}");
            for wide in [format!("{text}·"), format!("·{text}")] {
                assert_eq!(plain_len(&wide), plain(&wide).chars().count(), "{wide:?}");
            }
        }
    }

    #[test]
    fn normalize_keeps_inner_punctuation() {
        assert_eq!(normalize("**Eén** “optie”."), normalize("eén \"optie\""));
        assert_ne!(normalize("1.5 GB"), normalize("15 GB"));
        assert_ne!(normalize("C++"), normalize("C"));
        assert_eq!(
            normalize("data flows between units, and is reused"),
            normalize("DATA flows between units and is reused.")
        );
        assert_eq!(normalize("units ; and"), normalize("units and"));
        assert_ne!(normalize("1,5 GB"), normalize("15 GB"));
        assert_ne!(normalize("1, 5"), normalize("15"));
        assert_eq!(normalize("ﬁle  name"), normalize("File name"));
    }

    /// The fingerprint is that of the letters and digits of [`normalize`]'s result, on texts
    /// built from the characters `plain` and `normalize` treat specially.
    #[test]
    fn prefix_follows_normalize() {
        let pieces = [
            "*", "`", "~", "[", "]", "(", ")", "_", "a", "Z", "0", " ", "\t", ".", ",", "?", "'",
            "Ab", "cD9", "](x)", "-", "  ", "é", "É", "’", "ﬁ", "İ", "\u{301}", "ß", "\u{212A}",
            "Ａ", "xyzw", "Q7",
        ];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut checked = 0;
        for _ in 0..40_000 {
            let mut text = String::new();
            // Drawn anew for every text: an empty text must not leave the state where it was.
            xorshift(&mut state);
            for _ in 0..(state % 16) {
                xorshift(&mut state);
                text.push_str(pieces[(state % pieces.len() as u64) as usize]);
            }
            let Some(prefix) = normalized_prefix(&text) else {
                continue;
            };
            let first: Vec<char> = normalize(&text)
                .chars()
                .filter(|c| c.is_alphanumeric())
                .take(8)
                .collect();
            assert!(first.iter().all(char::is_ascii), "{text:?}");
            let expected = first
                .iter()
                .enumerate()
                .fold(0, |p, (i, &c)| p | (c as u64) << (8 * i));
            assert_eq!(prefix, expected, "{text:?}");
            checked += 1;
        }
        // About one text in five has no character that sends it to the slow path.
        assert!(checked > 5_000, "{checked}");
        assert_eq!(normalized_prefix("**DRAM**."), normalized_prefix("dram"));
        // The mark joins the eighth letter once `plain` drops the markup between them.
        for markup in ["~", "**", "](x)", "](x \"t\")"] {
            let text = format!("abcdefgw{markup}\u{301}");
            assert!(normalize(&text).ends_with('ẃ'), "{text:?}");
            assert_eq!(normalized_prefix(&text), None, "{text:?}");
        }
        assert_ne!(normalized_prefix("1.5 GB"), normalized_prefix("2 GB"));
        assert_eq!(normalized_prefix("abcdefgh\u{301}"), None);
    }

    #[test]
    fn fingerprint_follows_normalize() {
        let pieces = [
            "*", "`", "~", "[", "]", "(", ")", "_", "a", "Z", "0", " ", "\t", "\n", "\r", ".", ",",
            "?", "'", "\"", "Ab", "cD9", "](x)", "-", "  ", "é", "É", "ĳ", "’", "“", "—", "ﬁ", "İ",
            "\u{301}", "µ", "ß", "Σ", "\u{a0}", "²", "\u{212A}", "Ａ", "ñ", "ö",
        ];
        let reference = |text: &str| {
            let mut letters = LetterHash::default();
            normalize(text)
                .chars()
                .filter(|c| c.is_alphanumeric())
                .for_each(|c| letters.char(c));
            letters.finish()
        };
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut checked = 0;
        for _ in 0..40_000 {
            let mut text = String::new();
            // Drawn anew for every text: an empty text must not leave the state where it was.
            xorshift(&mut state);
            for _ in 0..(state % 14) {
                xorshift(&mut state);
                text.push_str(pieces[(state % pieces.len() as u64) as usize]);
            }
            if let Some(fingerprint) = normalized_fingerprint(&text) {
                assert_eq!(fingerprint, reference(&text), "{text:?}");
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked}");
        assert_eq!(
            normalized_fingerprint("**Eén** “optie”."),
            normalized_fingerprint("eén \"optie\"")
        );
        assert_eq!(
            normalized_fingerprint("**DRAM**."),
            normalized_fingerprint("dram")
        );
        assert_ne!(
            normalized_fingerprint("1.5 GB"),
            normalized_fingerprint("2 GB")
        );
        assert_eq!(normalized_fingerprint("ﬁle"), None);
    }

    #[test]
    fn numbers_follow_the_language() {
        let nl: Vec<String> = numbers("nl", "3,5 GB en 1.000 tokens, FP16 en W4A16, 7e9, 0,50")
            .into_iter()
            .map(|n| n.value)
            .collect();
        let en: Vec<String> = numbers("en", "3.5 GB and 1,000 tokens, FP16 and W4A16, 7e9, 0.5")
            .into_iter()
            .map(|n| n.value)
            .collect();
        assert_eq!(nl, ["3.5", "1000", "7", "0.5"]);
        assert_eq!(nl, en);
        let plain: Vec<String> = numbers("en", "1000 and 2:4 and 12.5%")
            .into_iter()
            .map(|n| n.value)
            .collect();
        assert_eq!(plain, ["1000", "2", "4", "12.5"]);
    }

    /// The straightforward [`code_ranges`], a byte at a time.
    fn reference_code_ranges(text: &str) -> Vec<Range<usize>> {
        let mut out = Vec::new();
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b == b'`' || b == b'$' {
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
                continue;
            }
            if b == b'\\' {
                i += 2;
                continue;
            }
            i += 1;
        }
        out
    }

    /// The straightforward [`numbers`] this module had before [`NumberReader`]: code ranges
    /// worked out for every text with a digit, digits found a byte at a time.
    fn reference_numbers(lang: &str, text: &str) -> Vec<Number> {
        let (decimal, group) = if lang.starts_with("en") {
            (b'.', b',')
        } else {
            (b',', b'.')
        };
        let bytes = text.as_bytes();
        let Some(first_digit) = bytes.iter().position(u8::is_ascii_digit) else {
            return Vec::new();
        };
        let code = reference_code_ranges(text);
        // Numbers come in text order and the code ranges are ordered and disjoint: sweep them.
        let mut next_code = 0;
        let mut out = Vec::new();
        let mut i = first_digit;
        while i < bytes.len() {
            if !bytes[i].is_ascii_digit() {
                i += 1;
                continue;
            }
            let start = i;
            let preceded_by_letter = text[..start]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphabetic() || c == '_');
            let digits_end = |mut j: usize| {
                while j < bytes.len() && bytes[j].is_ascii_digit() {
                    j += 1;
                }
                j
            };
            let mut end = digits_end(i);
            let mut value = text[start..end].to_owned();
            // Thousands groups: a separator followed by exactly three digits.
            loop {
                let sep = bytes.get(end).copied();
                let next = digits_end(end + 1);
                if sep == Some(group) && next == end + 4 {
                    value.push_str(&text[end + 1..next]);
                    end = next;
                } else {
                    break;
                }
            }
            // A fraction: the decimal separator, or the other one when it cannot be a group.
            if let Some(&sep) = bytes.get(end) {
                let next = digits_end(end + 1);
                if next > end + 1 && (sep == decimal || (sep == group && next != end + 4)) {
                    let fraction = text[end + 1..next].trim_end_matches('0');
                    if !fraction.is_empty() {
                        value.push('.');
                        value.push_str(fraction);
                    }
                    end = next;
                }
            }
            while code.get(next_code).is_some_and(|r| r.end <= start) {
                next_code += 1;
            }
            let in_code = code.get(next_code).is_some_and(|r| r.start <= start);
            if !preceded_by_letter && !in_code {
                // No leading zeros, but one before the point: `007` is `7`, `00.5` is `0.5`, `00` is `0`.
                let zeros = value.len() - value.trim_start_matches('0').len();
                value.drain(..zeros);
                if value.is_empty() || value.starts_with('.') {
                    value.insert(0, '0');
                }
                out.push(Number {
                    range: start..end,
                    value,
                });
            }
            // Skip the rest of an identifier such as `W4A16`.
            i = end;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
        }
        out
    }

    /// [`numbers`] (lazy code ranges, digits found a block at a time) and [`code_ranges`]
    /// against the references, on texts built from what numbers are made of and what hides
    /// them; long runs of prose make the blocks count.
    #[test]
    fn numbers_reader_follows_the_reference() {
        let pieces = [
            "0",
            "1",
            "7",
            "00",
            "000",
            "12",
            "1234",
            ".",
            ",",
            " ",
            "a",
            "e",
            "W",
            "_",
            "é",
            "µ",
            "`",
            "``",
            "$",
            "$$",
            "\\",
            "-",
            "%",
            "3,5",
            "1.000",
            "0,50",
            "1,000.50",
            "0.0",
            "000,5",
            "FP16",
            "x²",
            "(",
            "\n",
            "abcdefghijklmnopq",
            "                ",
            "a long run of prose without a single digit or marker in it, longer than a block: ",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || xorshift(&mut state);
        let mut found = 0;
        let mut values = Vec::new();
        for _ in 0..60_000 {
            let mut text = String::new();
            for _ in 0..next() % 24 {
                text.push_str(pieces[(next() % pieces.len() as u64) as usize]);
            }
            assert_eq!(code_ranges(&text), reference_code_ranges(&text), "{text:?}");
            for lang in ["en", "nl"] {
                let expected = reference_numbers(lang, &text);
                found += expected.len();
                assert_eq!(numbers(lang, &text), expected, "{lang} {text:?}");
                // The values alone, in one pass: each followed by a space.
                let joined: String = expected.iter().map(|n| n.value.clone() + " ").collect();
                values.clear();
                number_values_into(lang, &text, 0..text.len(), &mut values);
                assert_eq!(String::from_utf8_lossy(&values), joined, "{lang} {text:?}");
                // And between the text's operands alone, as the rules call it.
                values.clear();
                if let Some(operands) = quizkit_quantity::Operands::of(&text) {
                    let digits = operands.first()..operands.last() + 1;
                    number_values_into(lang, &text, digits, &mut values);
                }
                assert_eq!(String::from_utf8_lossy(&values), joined, "{lang} {text:?}");
            }
        }
        assert!(found > 100_000, "{found}");
    }

    /// [`find_byte`] and [`find_digit`] are `position` from `from` on, for every start in
    /// texts of every length up to a few blocks, with no, one or two hits anywhere, and
    /// bytes on both sides of the digits' range around them.
    #[test]
    fn find_byte_is_position() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || xorshift(&mut state);
        for len in 0..200 {
            for _ in 0..20 {
                let mut bytes = vec![b'a'; len];
                for _ in 0..next() % 3 {
                    if len > 0 {
                        bytes[(next() % len as u64) as usize] = b'7';
                    }
                }
                for _ in 0..next() % 4 {
                    if len > 0 {
                        let near = [b'/', b':', b'0', b'9', 0x80, 0xb0, 0xff, 0];
                        bytes[(next() % len as u64) as usize] = near[(next() % 8) as usize];
                    }
                }
                for from in 0..=len + 1 {
                    let expected = bytes
                        .get(from..)
                        .and_then(|rest| rest.iter().position(u8::is_ascii_digit))
                        .map(|p| from + p);
                    assert_eq!(
                        find_byte(&bytes, from, |b| b.is_ascii_digit()),
                        expected,
                        "{len} {from} {bytes:?}"
                    );
                    assert_eq!(find_digit(&bytes, from), expected, "{len} {from} {bytes:?}");
                }
            }
        }
    }
}
