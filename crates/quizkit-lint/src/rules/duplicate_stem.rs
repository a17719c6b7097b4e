//! `duplicate-stem` (B003): two questions ask the same or nearly the same.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::hash_map::Entry;

use rayon::prelude::*;
use unicode_normalization::UnicodeNormalization;

use crate::hash::{FastMap, FastSet};
use crate::lanes::{BLOCK, HIGH, LANES, ascii_alnum, classify};
use crate::text::{NumberReader, char_at, find_byte, numbers};
use crate::{Check, Context, Finding, Gathered, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule duplicate-stem` prints.
pub const DOCS: &str = r#"## What it does
Finds questions whose stems are the same after normalizing case, Unicode and Markdown, or
nearly the same: a Jaccard similarity of at least 0.8 between their sets of word 3-shingles
(runs of three words), in any of the bank's languages. Near-duplicates whose numbers differ
("7B in FP16" vs "7B in INT4", "Which value…" with other figures) are deliberate variants and
are left alone. Candidates are found with a prefix-filtered inverted index over 32-bit
fingerprints of the shingles, so the rule stays linear-ish in the bank's size instead of
comparing every pair, and every pair found is confirmed on the shingles themselves.

## Why is this bad?
A learner meets the same question twice and the second one tests memory of the first; when
the keys differ, one of them is probably wrong. Duplicates also creep in when files are
merged.

## Example
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = ["32", "64", "128"]

[[question]]
id = "cache-line-size"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "A"
options = ["64", "256", "512"]
```

## Use instead
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = ["32", "64", "128"]

[[question]]
id = "cache-line-transfer"
stem = "What does a cache transfer between memory and the cache on a miss?"
answer = "A"
options = ["A whole line", "A single byte", "A whole page"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "B003",
    name: "duplicate-stem",
    level: Level::Warning,
    summary: "Two questions have the same or nearly the same stem (3-shingle Jaccard ≥ 0.8).",
    docs: DOCS,
    check: Check::Gather { gather, finish },
};

/// The Jaccard similarity of shingle sets from which two stems count as nearly the same.
pub const THRESHOLD: f64 = 0.8;

struct DuplicateStem {
    other: String,
    similarity: f64,
    lang: String,
}

impl Violation for DuplicateStem {
    fn message(&self) -> String {
        if self.similarity >= 1.0 {
            format!(
                "the stem is the same as that of `{}` (`{}`)",
                self.other, self.lang
            )
        } else {
            format!(
                "the stem is nearly the same as that of `{}` ({:.0}% of word triples shared, `{}`)",
                self.other,
                self.similarity * 100.0,
                self.lang
            )
        }
    }
    fn label(&self) -> Option<String> {
        Some(format!("same question as `{}`", self.other))
    }
    fn help(&self) -> Option<String> {
        Some("remove one of the two, or make them ask different things".into())
    }
}

/// A stem prepared for comparison.
struct Prepared<'s> {
    /// [`exact_key`] of its words as compared ([`exact_text`]), or `None` when there are none.
    exact: Option<u64>,
    /// The [`fingerprint`]s of its word 3-shingles, in text order, repeats included: the
    /// search numbers them (as places in its order) and drops the repeats.
    shingles: &'s [u32],
    /// [`number_key`] of its numbers.
    numbers: u64,
}

/// What [`prepare`] finds of a stem besides its shingles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Keys {
    /// [`Prepared::exact`].
    exact: Option<u64>,
    /// [`Prepared::numbers`].
    numbers: u64,
}

/// The buffers of [`prepare`], kept from one stem to the next.
#[derive(Default)]
struct Scratch {
    /// A word being folded.
    folded: String,
    /// A number being normalized.
    number: String,
    /// An ASCII stem followed by zeros, and the lanes of it that are not a letter or digit
    /// ([`ascii_word_hashes`]).
    padded: Vec<u8>,
    non: Vec<u64>,
    /// The hashes of the stem's words, in order.
    words: Vec<u64>,
}

/// Calls `f` with each word of `text` as written, in order: the words of
/// [`tokens`](crate::text::tokens) (a
/// letter or digit, then letters, digits and apostrophes with a letter after them), found
/// without building the tokens.
fn for_each_word(text: &str, mut f: impl FnMut(&str)) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some((c, len)) = char_at(text, i) {
        if !c.is_alphanumeric() {
            i += len;
            continue;
        }
        let mut end = i + len;
        // ASCII letters and digits a byte at a time; the general loop goes on from the first
        // other character.
        while bytes.get(end).is_some_and(u8::is_ascii_alphanumeric) {
            end += 1;
        }
        while let Some((d, dlen)) = char_at(text, end) {
            let inner_apostrophe = (d == '\'' || d == '’')
                && char_at(text, end + dlen).is_some_and(|(e, _)| e.is_alphabetic());
            if d.is_alphanumeric() || inner_apostrophe {
                end += dlen;
            } else {
                break;
            }
        }
        f(&text[i..end]);
        i = end;
    }
}

/// [`for_each_word`] for an ASCII text, byte by byte: there every character is a byte and
/// `’` cannot occur. What [`ascii_word_hashes`] is tested against.
#[cfg(test)]
fn for_each_ascii_word(text: &[u8], mut f: impl FnMut(&[u8])) {
    let mut i = 0;
    while i < text.len() {
        if !text[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while let Some(&d) = text.get(end) {
            if d.is_ascii_alphanumeric() {
                end += 1;
            } else if d == b'\'' && text.get(end + 1).is_some_and(u8::is_ascii_alphabetic) {
                end += 2;
            } else {
                break;
            }
        }
        f(&text[i..end]);
        i = end;
    }
}

/// An eight-byte read of `bytes` at `at`, the first byte in the lowest lane.
fn load(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(
        bytes[at..at + 8]
            .try_into()
            .expect("the padding holds eight bytes"),
    )
}

/// Sets bit 5 of every lane: a word's bytes in lower case ([`ascii_word_hashes`]).
const LOWER: u64 = LANES * 0x20;

/// Sets `words` to the [`ascii_word_hash`] of each word of the ASCII `text`
/// ([`for_each_ascii_word`]), in order. `padded` holds the text followed by zeros, so that
/// every eight-byte read is in bounds and a word ends before the first zero; `non` holds, for
/// each [`BLOCK`] bytes of it, a bit for each byte that is not a letter or digit ([`classify`],
/// found for all of them in one loop).
///
/// A word starts where a letter or digit follows another byte; it ends at the first byte
/// after that which is not a letter or digit, found in the start's block and the next one at
/// once. A word of up to seven bytes is then the eight bytes read at its start, masked: one
/// read and one hash step. Longer words go on eight bytes at a time ([`long_word_hash`]), and
/// the rare word that an apostrophe with a letter after it joins to the next is read byte by
/// byte ([`joined_word_hash`]); the starts inside it are skipped.
///
/// A word holds only letters, digits and apostrophes, and of these setting bit 5 (`0x20`)
/// changes only the capitals, into lower case: so a word's bytes with that bit set are its
/// bytes in lower case ([`ascii_lower`](crate::lanes::ascii_lower)) at the cost of one `or`.
///
/// The hashes go into a list rather than to a callback: the loop then keeps its state in
/// registers, and the shingles and keys are made from the list in loops of their own.
///
/// Returns the [`number_key`] of `text` in any language when it is found on the way
/// ([`AsciiNumbers`]), `None` when only the reader can tell.
// Not inlined into `prepare`: on its own the loop keeps more of its state in registers
// (callgrind: B003 151.8 -> 148.0 M instructions, with the three others below).
#[inline(never)]
fn ascii_word_hashes(
    text: &[u8],
    padded: &mut Vec<u8>,
    non: &mut Vec<u64>,
    words: &mut Vec<u64>,
) -> Option<u64> {
    // The block that holds the byte after the text is read too (a last word ends there), and
    // the one after it for the words that reach into it.
    let blocks = text.len() / BLOCK + 1;
    padded.clear();
    padded.extend_from_slice(text);
    padded.resize((blocks + 1) * BLOCK, 0);
    let bytes = &padded[..];
    non.clear();
    let (whole, _) = bytes.as_chunks::<BLOCK>();
    non.extend(whole.iter().map(|block| !classify(block).alnum));
    words.clear();
    // A word and the byte after it take two bytes or more.
    words.resize(text.len() / 2 + 1, 0);
    let (out, mut n) = (&mut words[..], 0);
    let mut numbers = AsciiNumbers::default();
    // Where the last word ended (a start before it is inside a joined word), and the bytes of
    // the block before.
    let (mut next, mut before) = (0, !0u64);
    for (c, (&here, &after)) in non.iter().zip(&non[1..]).enumerate() {
        let mut starts = !here & (here << 1 | before >> 63);
        before = here;
        while starts != 0 {
            let bit = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            let i = BLOCK * c + bit;
            if i < next {
                continue;
            }
            let x = load(bytes, i);
            if (x as u8).is_ascii_digit() {
                numbers.word_at(bytes, i);
            }
            // The bytes from the start on that are not a letter or digit, in this block and
            // the next (shifted in two steps, as a shift by 64 is not one).
            let ends = here >> bit | (after << 1) << (63 - bit);
            let len = ends.trailing_zeros() as usize;
            let (h, end) = if len < 8 && (x >> (8 * len)) as u8 != b'\'' {
                let word = (x | LOWER) & ((1u64 << (8 * len)) - 1);
                (fx_add(WORD_SEED, word), i + len)
            } else if len >= 8 {
                long_word_hash(bytes, i, fx_add(WORD_SEED, x | LOWER))
            } else {
                joined_word_hash(bytes, i)
            };
            out[n] = h;
            n += 1;
            next = end;
        }
    }
    words.truncate(n);
    numbers.key(text)
}

/// The hash and the end of the word at `i` of `bytes` ([`ascii_word_hashes`]), which is longer
/// than eight bytes: `h` is the hash of its first eight.
// Not inlined: one word in six is long, and its loop would take registers from the main one.
#[inline(never)]
fn long_word_hash(bytes: &[u8], i: usize, mut h: u64) -> (u64, usize) {
    let mut from = i + 8;
    loop {
        let x = load(bytes, from);
        let ends = !ascii_alnum(x) & HIGH;
        if ends == 0 {
            h = fx_add(h, x | LOWER);
            from += 8;
            continue;
        }
        let len = ends.trailing_zeros() as usize / 8;
        if (x >> (8 * len)) as u8 == b'\'' {
            return joined_word_hash(bytes, i);
        }
        let tail = (x | LOWER) & ((1u64 << (8 * len)) - 1);
        return (fx_add(h, tail), from + len);
    }
}

/// The hash and the end of the word at `i` of `bytes` ([`ascii_word_hashes`]) when it may hold
/// an apostrophe, read byte by byte.
#[cold]
fn joined_word_hash(bytes: &[u8], i: usize) -> (u64, usize) {
    let mut end = i + 1;
    loop {
        let d = bytes[end];
        if d.is_ascii_alphanumeric() {
            end += 1;
        } else if d == b'\'' && bytes[end + 1].is_ascii_alphabetic() {
            end += 2;
        } else {
            break;
        }
    }
    let mut h = WORD_SEED;
    let mut from = i;
    while from + 8 <= end {
        h = fx_add(h, load(bytes, from) | LOWER);
        from += 8;
    }
    let tail = (load(bytes, from) | LOWER) & ((1u64 << (8 * (end - from))) - 1);
    (fx_add(h, tail), end)
}

/// The numbers of an ASCII text, read from the words that start with a digit as
/// [`ascii_word_hashes`] meets them: in most stems the numbers are plain integers
/// (`16 requests`, `64 KB`, `7B`), and then [`NumberReader`] finds exactly those words'
/// leading digits, so their [`number_key`] needs no second pass over the text.
///
/// The cases the reader reads otherwise are left to it: a digit after `.` or `,` after a
/// digit (a fraction or thousands group, in either language's separators), and a code
/// marker (`` ` ``, `$`) anywhere in a text with numbers. Otherwise the reader's numbers are
/// the words that start with a digit and have no `_` before them (a letter cannot come
/// before a word), their values the leading digits without leading zeros; the digits it
/// skips (inside a word, or after `_` in the rest of an identifier it steps over) are in
/// words that start with a letter or have `_` before them.
#[derive(Default)]
struct AsciiNumbers {
    /// The key of the numbers so far.
    key: u64,
    /// Whether there is a number.
    any: bool,
    /// Whether the text has a number that only the reader reads right.
    unusual: bool,
}

impl AsciiNumbers {
    /// Reads the word that starts with a digit at `i` of `bytes` (the text followed by zeros).
    fn word_at(&mut self, bytes: &[u8], i: usize) {
        if i >= 2 && matches!(bytes[i - 1], b'.' | b',') && bytes[i - 2].is_ascii_digit() {
            self.unusual = true;
            return;
        }
        if i > 0 && bytes[i - 1] == b'_' {
            return;
        }
        // The zeros after the text end the digits.
        let end = i + bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        let value = match bytes[i..end].iter().position(|&b| b != b'0') {
            Some(first) => &bytes[i + first..end],
            None => b"0",
        };
        self.key = self.key.wrapping_add(fmix(word_hash(value)));
        self.any = true;
    }

    /// The [`number_key`] of `text`, or `None` when the reader must find it.
    fn key(&self, text: &[u8]) -> Option<u64> {
        let marked = || find_byte(text, 0, |b| (b == b'`') | (b == b'$')).is_some();
        (!self.unusual && (!self.any || !marked())).then_some(self.key)
    }
}

/// Appends `word` as the rule compares it: in lower case, and in NFKC when that is not ASCII.
fn push_folded(out: &mut String, word: &str) {
    if word.is_ascii() {
        let at = out.len();
        out.push_str(word);
        out[at..].make_ascii_lowercase();
        return;
    }
    let lower: Cow<'_, str> = if word.chars().any(char::is_uppercase) {
        Cow::Owned(word.to_lowercase())
    } else {
        Cow::Borrowed(word)
    };
    if lower.is_ascii() {
        out.push_str(&lower);
    } else {
        out.extend(lower.nfkc());
    }
}

/// The words of `stem` as the rule compares them, lower case and in NFKC, joined by single
/// spaces: what two exact duplicates share. Built only to confirm a match of [`exact_key`].
fn exact_text(stem: &str) -> String {
    let mut exact = String::with_capacity(stem.len());
    let mut first = true;
    for_each_word(stem, |word| {
        if !std::mem::take(&mut first) {
            exact.push(' ');
        }
        push_folded(&mut exact, word);
    });
    exact
}

/// One step of FxHash's multiply-rotate.
fn fx_add(h: u64, w: u64) -> u64 {
    (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
}

/// Where [`hash_words_of`] starts: any constant serves.
const WORD_SEED: u64 = 0x2545_f491_4f6c_dd1d;

/// The hash of a folded word: FxHash's multiply-rotate over its bytes, eight at a time
/// (each passed through `map`), then the last few (none when the length is a multiple of
/// eight), gathered with shifts (copying them into a buffer and reading that back stalls on
/// store forwarding) and zero above them. A word holds no zero byte, so the last piece tells
/// how many bytes it holds and the length needs no step of its own: a word of up to seven
/// bytes costs one step.
fn hash_words_of(word: &[u8], map: impl Fn(u64) -> u64) -> u64 {
    let mut chunks = word.chunks_exact(8);
    let mut h = WORD_SEED;
    for chunk in &mut chunks {
        h = fx_add(
            h,
            map(u64::from_le_bytes(chunk.try_into().expect("eight bytes"))),
        );
    }
    let tail = chunks
        .remainder()
        .iter()
        .enumerate()
        .fold(0, |w, (k, &b)| w | u64::from(b) << (8 * k));
    fx_add(h, map(tail))
}

/// The hash of a folded word.
fn word_hash(word: &[u8]) -> u64 {
    hash_words_of(word, |w| w)
}

/// [`word_hash`] of an ASCII word in lower case, without copying it.
#[cfg(test)]
fn ascii_word_hash(word: &[u8]) -> u64 {
    hash_words_of(word, crate::lanes::ascii_lower)
}

/// Murmur3's finalizer: every bit of `h` reaches every bit of the result.
fn fmix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// The hash of a shingle, from the hashes of its three words. It ends in a multiplication,
/// whose top bits depend on every bit before it: those are the bits the search's table is
/// indexed by ([`Search::slots`]), so no finalizer is needed.
fn shingle_hash(words: &[u64]) -> u64 {
    words.iter().fold(0u64, |h, &w| fx_add(h, w))
}

/// What the search compares of a shingle: the top half of its [`shingle_hash`]. Half the
/// memory of the hashes (20 MB less on the 100k bank) and half the table.
///
/// Two different shingles may share a fingerprint. Between two stems that only adds to their
/// overlap, so the search finds every pair it would find on the hashes, and perhaps a few
/// more, which [`confirmed`] drops. Only two shingles of one stem sharing a fingerprint could
/// hide a pair, and a stem of 25 shingles has about one chance in 14 million of that (a pair
/// that is the same text is found by its [`exact_key`] anyway).
fn fingerprint(shingle: u64) -> u32 {
    (shingle >> 32) as u32
}

/// The word 3-shingles of the words hashed in `words`, in text order.
fn shingles_of(words: &[u64]) -> impl Iterator<Item = u64> + '_ {
    words
        .iter()
        .zip(&words[1.min(words.len())..])
        .zip(&words[2.min(words.len())..])
        .map(|((&a, &b), &c)| shingle_hash(&[a, b, c]))
}

/// A step of [`exact_key`]: the next piece of the text between spaces.
fn exact_step(h: u64, piece: u64) -> u64 {
    (h.rotate_left(7) ^ piece).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A hash of an [`exact_text`] (`None` when it is empty), from the [`word_hash`]es of its
/// pieces between spaces: a function of the text alone, however its words were found (a
/// folded word may hold a space: NFKC turns some ligatures into several words).
#[cfg(test)]
fn exact_key(exact: &str) -> Option<u64> {
    (!exact.is_empty()).then(|| {
        fmix(
            exact
                .split(' ')
                .fold(0, |h, piece| exact_step(h, word_hash(piece.as_bytes()))),
        )
    })
}

/// Prepares `stem` in `lang`: appends its shingles' fingerprints ([`Prepared::shingles`]) to
/// `shingles` and returns its keys.
fn prepare(lang: &str, stem: &str, scratch: &mut Scratch, shingles: &mut Vec<u32>) -> Keys {
    let keys = hash_words(lang, stem, scratch);
    shingles.extend(shingles_of(&scratch.words).map(fingerprint));
    keys
}

/// The hashes of the word 3-shingles of `stem` in `lang`, sorted, each once: what
/// [`confirmed`] compares.
fn shingle_set(lang: &str, stem: &str, scratch: &mut Scratch) -> Vec<u64> {
    hash_words(lang, stem, scratch);
    let mut set: Vec<u64> = shingles_of(&scratch.words).collect();
    set.sort_unstable();
    set.dedup();
    set
}

/// Hashes the words of `stem` in `lang` into `scratch.words` and returns the stem's keys.
// Not inlined into the chunk loop, for the same reason as `ascii_word_hashes`.
#[inline(never)]
fn hash_words(lang: &str, stem: &str, scratch: &mut Scratch) -> Keys {
    let Scratch {
        folded,
        number,
        padded,
        non,
        words,
    } = scratch;
    let (exact, empty, numbers);
    if stem.is_ascii() {
        numbers = ascii_word_hashes(stem.as_bytes(), padded, non, words);
        exact = words.iter().fold(0, |h, &w| exact_step(h, w));
        empty = words.is_empty();
    } else {
        words.clear();
        // The exact key and the length of the exact text, as the words come.
        let (mut key, mut len) = (0, 0);
        for_each_word(stem, |word| {
            folded.clear();
            push_folded(folded, word);
            let h = word_hash(folded.as_bytes());
            words.push(h);
            if folded.contains(' ') {
                for piece in folded.split(' ') {
                    key = exact_step(key, word_hash(piece.as_bytes()));
                }
            } else {
                key = exact_step(key, h);
            }
            len += folded.len();
        });
        exact = key;
        // The spaces between the words count too.
        empty = len + words.len().saturating_sub(1) == 0;
        numbers = None;
    }
    Keys {
        exact: (!empty).then(|| fmix(exact)),
        numbers: numbers.unwrap_or_else(|| number_key(lang, stem, number)),
    }
}

/// The stems of a chunk of questions, in every language.
struct Chunk {
    /// Their shingles' fingerprints, one stem after the other.
    shingles: Vec<u32>,
    /// By language, in question order: the question's index, its stem's keys and where its
    /// shingles start and end in `shingles`.
    stems: Vec<Vec<(usize, Keys, [u32; 2])>>,
}

/// Prepares the stems of `questions` in `languages`, all the languages of a question at once,
/// so that each question is read once.
fn prepare_chunk(
    languages: &[&str],
    questions: &[QuestionRef<'_>],
    scratch: &mut Scratch,
) -> Chunk {
    // The texts are looked up first, for the whole chunk: a question, its stem's entries and
    // their texts lie all over memory, each load waiting for the one before, and preparing a
    // stem takes too long for the next question's loads to start meanwhile. In this tight loop
    // the loads of many questions are in flight at once.
    let texts: Vec<(usize, usize, &str)> = questions
        .iter()
        .flat_map(|q| {
            languages
                .iter()
                .enumerate()
                .filter_map(move |(l, &lang)| q.stem.get(lang).map(|s| (l, q.index, s)))
        })
        .collect();
    let mut chunk = Chunk {
        shingles: Vec::with_capacity(texts.iter().map(|t| t.2.len() / 6).sum()),
        stems: vec![Vec::with_capacity(questions.len()); languages.len()],
    };
    let at = |shingles: &Vec<u32>| u32::try_from(shingles.len()).expect("a chunk is small");
    for &(l, q, text) in &texts {
        let start = at(&chunk.shingles);
        let keys = prepare(languages[l], text, scratch, &mut chunk.shingles);
        chunk.stems[l].push((q, keys, [start, at(&chunk.shingles)]));
    }
    chunk
}

/// A key for the numbers of `text` in `lang` ([`numbers`]): the same for two texts whose
/// numbers, sorted, are the same (a sum of hashes of their values, so the order does not
/// matter), found without building them; `value` takes each number's canonical form in turn.
fn number_key(lang: &str, text: &str, value: &mut String) -> u64 {
    let mut reader = NumberReader::new(lang, text);
    let mut key = 0u64;
    while reader.next_into(value).is_some() {
        key = key.wrapping_add(fmix(word_hash(value.as_bytes())));
    }
    key
}

/// Whether two texts in `lang` have the same numbers, sorted: what [`number_key`] stands for.
fn same_numbers(lang: &str, a: &str, b: &str) -> bool {
    let sorted = |text: &str| {
        let mut values: Vec<String> = numbers(lang, text).into_iter().map(|n| n.value).collect();
        values.sort_unstable();
        values
    };
    sorted(a) == sorted(b)
}

/// The similarity of stems `a` and `b` in `lang` on their shingles themselves, when it
/// reaches [`THRESHOLD`]: a pair the search found on [`fingerprint`]s is kept only then, and
/// reported with this similarity.
fn confirmed(lang: &str, a: &str, b: &str, scratch: &mut Scratch) -> Option<f64> {
    let a = shingle_set(lang, a, scratch);
    let b = shingle_set(lang, b, scratch);
    Some(jaccard(&a, &b)).filter(|&similarity| similarity >= THRESHOLD)
}

/// The Jaccard similarity of two sorted sets, from a plain merge.
fn jaccard<T: Ord>(a: &[T], b: &[T]) -> f64 {
    let (mut i, mut j, mut both) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        let (x, y) = (&a[i], &b[j]);
        both += usize::from(x == y);
        i += usize::from(x <= y);
        j += usize::from(y <= x);
    }
    let union = a.len() + b.len() - both;
    if union == 0 {
        0.0
    } else {
        both as f64 / union as f64
    }
}

/// Pairs (first, later) of question indices whose stems are exact duplicates ([`exact_text`]),
/// `first` the first stem with that text, in the order of the later one.
///
/// The stems are matched by [`Prepared::exact`] and every match is confirmed on the texts;
/// should two different texts ever share a key, the texts themselves are compared instead.
fn exact_pairs<'a>(
    stems: &[(usize, Prepared)],
    text: &impl Fn(usize) -> &'a str,
) -> Vec<(usize, usize)> {
    // Made at its full size, as the stems are: growing, it asked for twice the memory.
    let mut first: FastMap<u64, usize> =
        FastMap::with_capacity_and_hasher(stems.len(), Default::default());
    let mut pairs = Vec::new();
    for (q, p) in stems {
        let Some(key) = p.exact else {
            continue;
        };
        match first.entry(key) {
            Entry::Occupied(seen) => {
                let f = *seen.get();
                if exact_text(text(f)) != exact_text(text(*q)) {
                    return exact_pairs_by_text(stems, text);
                }
                pairs.push((f, *q));
            }
            Entry::Vacant(slot) => {
                slot.insert(*q);
            }
        }
    }
    pairs
}

/// [`exact_pairs`] from the texts themselves.
fn exact_pairs_by_text<'a>(
    stems: &[(usize, Prepared)],
    text: &impl Fn(usize) -> &'a str,
) -> Vec<(usize, usize)> {
    let mut first: FastMap<String, usize> = FastMap::default();
    let mut pairs = Vec::new();
    for (q, _) in stems {
        let exact = exact_text(text(*q));
        if exact.is_empty() {
            continue;
        }
        match first.entry(exact) {
            Entry::Occupied(seen) => pairs.push((*seen.get(), *q)),
            Entry::Vacant(slot) => {
                slot.insert(*q);
            }
        }
    }
    pairs
}

/// Pairs (earlier, later) of question indices with similar stems in `lang`, and their
/// similarity; `text` gives a question's stem.
fn similar_pairs<'a>(
    lang: &str,
    stems: &[(usize, Prepared)],
    text: impl Fn(usize) -> &'a str + Sync,
) -> Vec<(usize, usize, f64)> {
    // Exact duplicates, including stems too short for shingles.
    let exact = exact_pairs(stems, &text);
    let mut pairs: Vec<(usize, usize, f64)> = exact.iter().map(|&(a, b)| (a, b, 1.0)).collect();
    let exact_pairs: FastSet<(usize, usize)> = exact.into_iter().collect();
    // Near duplicates are only reported between stems with the same numbers, so each group of
    // stems with equal numbers is searched on its own: no candidate from another group is
    // generated only to be thrown away, and the group's maps are small. The groups are those
    // of the number keys, in the order of their first stem; a pair whose numbers differ after
    // all (two sets of numbers with one key) is dropped below.
    // Most groups hold one stem: rather than a list for each, the stems' positions are laid
    // out group after group in one list (a counting sort, positions ascending in each), and
    // only the groups of two or more are searched.
    let mut group_of: FastMap<u64, u32> = FastMap::default();
    let (mut of_stem, mut sizes) = (Vec::with_capacity(stems.len()), Vec::new());
    for (_, p) in stems {
        let g = *group_of.entry(p.numbers).or_insert_with(|| {
            sizes.push(0usize);
            (sizes.len() - 1) as u32
        });
        sizes[g as usize] += 1;
        of_stem.push(g);
    }
    let mut starts = Vec::with_capacity(sizes.len() + 1);
    starts.push(0);
    for &n in &sizes {
        starts.push(starts[starts.len() - 1] + n);
    }
    let mut fill = starts[..sizes.len()].to_vec();
    let mut members = vec![0u32; stems.len()];
    for (pos, &g) in of_stem.iter().enumerate() {
        members[fill[g as usize]] = pos as u32;
        fill[g as usize] += 1;
    }
    let groups: Vec<&[u32]> = starts
        .windows(2)
        .map(|w| &members[w[0]..w[1]])
        .filter(|group| group.len() >= 2)
        .collect();
    // The groups are independent: searched in parallel, each into its own list, and the
    // lists joined in the groups' order, so the pairs do not depend on scheduling.
    let found: Vec<Vec<(usize, usize, f64)>> = groups
        .par_iter()
        .with_min_len(8)
        .map_init(
            || (Search::default(), Scratch::default()),
            |(search, scratch), group| {
                let mut found = Vec::new();
                search.near_pairs(stems, group, &exact_pairs, &mut found);
                found.retain_mut(|(a, b, similarity)| {
                    let (a, b) = (text(*a), text(*b));
                    match confirmed(lang, a, b, scratch) {
                        Some(exact) if same_numbers(lang, a, b) => {
                            *similarity = exact;
                            true
                        }
                        _ => false,
                    }
                });
                found
            },
        )
        .collect();
    pairs.extend(found.into_iter().flatten());
    pairs
}

/// The buffers of [`Search::near_pairs`], kept from one group to the next.
#[derive(Default)]
struct Search {
    /// The group's shingles, numbered in the order first seen: an open-addressing table with
    /// linear probing from the top bits of a shingle's [`fingerprint`] (they are well mixed),
    /// the fingerprint and the number side by side in one slot, so that a probe loads one
    /// cache line (the number is [`EMPTY`] in a free slot).
    slots: Vec<(u32, u32)>,
    /// The slots of `slots` in use: freed for the next group, so that the table is cleared in
    /// the time the group took to fill it, whatever its size.
    used: Vec<u32>,
    /// By shingle number: how many stems of the group have it, then (after a counting sort)
    /// its place in the order of prefix filtering, rarest first; and the last stem (position
    /// in the group) that had it, so that a shingle a stem repeats counts once. Side by side,
    /// as the numbering pass reads and writes both.
    count: Vec<(u32, u32)>,
    /// Where each count starts in that order.
    bucket: Vec<u32>,
    /// The stems' shingles, each once, one stem after the other: their numbers in text
    /// order, then their places in the order (still in text order).
    tokens: Vec<u32>,
    /// Where each stem's tokens start in `tokens` (by position in the group), and the end.
    starts: Vec<u32>,
    /// By place: the [`Search::stamp`] of the last probe that had the token, so that a
    /// candidate's overlap with the probe is counted with a look-up per token, without
    /// sorting either set.
    mark: Vec<u32>,
    /// The stamp of the probe being verified; never reused, so `mark` is never cleared
    /// (only when the stamps run out).
    stamp: u32,
    /// By position in the group: how many of the stem's tokens only it has (they come first
    /// in its order), and where in `heads` its other prefix tokens start (and the end).
    lead: Vec<u32>,
    head: Vec<u32>,
    /// The prefix tokens of the stems that other stems of the group have too, sorted, one
    /// stem after the other.
    heads: Vec<u32>,
    /// The smallest tokens of the stem being read, sorted.
    pick: Vec<u32>,
    /// The positions in the group of the stems that can have a near duplicate, smallest stem
    /// first (ties in group order).
    by_size: Vec<u32>,
    /// The inverted index of the stems' prefixes, one list per token, each list in
    /// processing order: `(rank of the stem in by_size, position of the token in the stem)`.
    /// The list of token `t` is `postings[list[t]..list[t + 1]]`, filled up to `fill[t]`;
    /// entries before `skip[t]` are of stems too small for every stem still to come.
    postings: Vec<(u32, u32)>,
    list: Vec<u32>,
    fill: Vec<u32>,
    skip: Vec<u32>,
    /// Per stem (rank in by_size): the shared prefix tokens counted so far with the stem being
    /// probed, or [`DEAD`] when the positional filter ruled the pair out.
    overlap: Vec<u32>,
    /// The stems whose `overlap` the probe touched.
    touched: Vec<u32>,
    /// [`min_overlap`] by the sum of the two sizes.
    alpha: Vec<u32>,
    /// [`prefix_len`] by size.
    prefix: Vec<u32>,
    /// The group's pairs as `(later position, earlier position, similarity)`.
    found: Vec<(u32, u32, f64)>,
}

/// The number in a free slot of [`Search::slots`].
const EMPTY: u32 = u32::MAX;

/// An `overlap` that the positional filter ruled out.
const DEAD: u32 = u32::MAX;

/// Whether two stems that share `both` shingles and have `sum` between them pass: exactly the
/// test of the search, `both / union ≥ THRESHOLD` in `f64` with `union = sum − both`.
fn passes(both: usize, sum: usize) -> bool {
    let union = sum - both;
    union != 0 && both as f64 / union as f64 >= THRESHOLD
}

/// The least overlap with which two stems whose sizes add up to `sum` can pass ([`passes`]),
/// or more than `sum` when none can.
///
/// In real numbers, o / (sum − o) ≥ t ⟺ o ≥ t/(1+t)·sum, so α = ⌈t/(1+t)·sum⌉; the estimate is
/// corrected with the `f64` test itself, which is monotone in `o` (a correctly rounded
/// division is), so the filters below never drop a pair the test would accept.
fn min_overlap(sum: usize) -> usize {
    let mut o = ((THRESHOLD / (1.0 + THRESHOLD)) * sum as f64).ceil() as usize;
    o = o.min(sum);
    while o > 0 && passes(o - 1, sum) {
        o -= 1;
    }
    while o <= sum && !passes(o, sum) {
        o += 1;
    }
    o
}

/// How many of the first shingles of a stem with `len` of them (in the order of prefix
/// filtering) another stem with Jaccard ≥ [`THRESHOLD`] shares at least one of: `len −
/// ⌈t·len⌉ + 1`.
fn prefix_len(len: usize) -> usize {
    len - (THRESHOLD * len as f64).ceil() as usize + 1
}

impl Search {
    /// [`min_overlap`] of `sum`, from a table.
    fn alpha(alpha: &mut Vec<u32>, sum: usize) -> usize {
        if alpha.len() <= sum {
            let from = alpha.len();
            alpha.extend((from..=sum).map(|s| min_overlap(s) as u32));
        }
        alpha[sum] as usize
    }

    /// How many of the first tokens of a stem with `len` of them are indexed: `len − α(2·len)
    /// + 1`, the prefix that a pair with a stem at least as large must share a token in
    /// (α grows with the sum of the sizes, see [`Search::near_pairs`]).
    fn indexed(alpha: &mut Vec<u32>, len: usize) -> usize {
        len + 1 - Self::alpha(alpha, 2 * len)
    }

    /// [`prefix_len`] of `len`, from a table.
    fn prefix(prefix: &mut Vec<u32>, len: usize) -> usize {
        if prefix.len() <= len {
            let from = prefix.len();
            prefix.extend((from..=len).map(|l| prefix_len(l) as u32));
        }
        prefix[len] as usize
    }

    /// Near-duplicate pairs (earlier, later, similarity) among the stems at positions `group`
    /// (ascending) of `stems`, all with the same numbers, that are not exact duplicates; in
    /// the order of the later stem, then the earlier one.
    ///
    /// AllPairs with prefix filtering: a stem's shingles are ordered rarest first (within the
    /// group, ties in the order first seen); two sets with Jaccard ≥ t share a shingle among the
    /// first [`prefix_len`] of each, whatever the order, as long as both use the same one.
    /// The shingles only one stem of the group has come first in that order and no pair
    /// shares them: they are neither indexed nor probed, and a stem whose prefix holds nothing
    /// else cannot match at all. So of each stem only the rest of its prefix is picked (its
    /// smallest shared shingles, sorted), not its whole set sorted.
    ///
    /// Only a shorter prefix of each stem is indexed (PPJoin's "mid-prefix"): the stems are
    /// probed smallest first, so a stem `y` in the index meets only probes `x` with |x| ≥ |y|,
    /// which need an overlap of at least α(|x| + |y|) ≥ α(2|y|) ([`min_overlap`] grows with the
    /// sum). Two sets sharing at least α tokens share one among the first `len − α + 1` of
    /// each (the first shared token in the order cannot come later), so for `y` the first
    /// |y| − α(2|y|) + 1 serve ([`Search::indexed`]; 4 of 28 shingles instead of 6), and the
    /// probe reads its whole prefix. On the 100k bank that cuts the posting entries read
    /// from 2.0 to 0.8 million per language.
    ///
    /// The candidates are exactly the pairs that share a prefix shingle; of them, two exact
    /// filters (PPJoin) drop those that cannot pass before the sets are merged:
    ///
    /// - length: with overlap o ≤ min(|a|, |b|), a pair can only pass when α(|a| + |b|) ≤
    ///   min(|a|, |b|) ([`min_overlap`]; in real numbers t·|a| ≤ |b| ≤ |a|/t). The stems are
    ///   probed smallest first, so every indexed stem is at most as large as the probe, and
    ///   one too small for a probe is too small for every later (larger) one: it leaves the
    ///   front of the posting lists for good.
    /// - position: the tokens of both stems are in the same order, so when the probe's token
    ///   at position i is the indexed stem's token at position j, the tokens they share
    ///   before it are exactly the matches counted so far (all of the other stem's tokens
    ///   before j are in its indexed prefix or only it has them, all of the probe's before i
    ///   were probed or only it has them), and at most 1 + min(|a| − i − 1, |b| − j − 1)
    ///   more can follow. When that cannot reach α the pair is dropped.
    ///
    /// The survivors' overlaps are counted in full, a look-up per token of the candidate in
    /// the marks of the probe's, stopping once the overlap cannot reach α.
    // Not inlined into the parallel loop over the groups, for its registers.
    #[inline(never)]
    fn near_pairs(
        &mut self,
        stems: &[(usize, Prepared)],
        group: &[u32],
        exact_pairs: &FastSet<(usize, usize)>,
        pairs: &mut Vec<(usize, usize, f64)>,
    ) {
        if group.len() < 2 {
            return;
        }
        let Search {
            slots: table,
            used,
            count,
            bucket,
            tokens,
            starts,
            mark,
            stamp,
            lead,
            head,
            heads,
            pick,
            by_size,
            postings,
            list,
            fill,
            skip,
            overlap,
            touched,
            alpha,
            prefix,
            found,
        } = self;
        // Number the group's shingles, count the stems that have each, and keep each stem's
        // shingles once. The stems' shingles lie all over memory (they were made in question
        // order): a first pass reads a word of every cache line of them, loads that do not
        // wait for one another, so that the pass below does not wait for each in turn.
        let (mut occurrences, mut touch) = (0, 0u32);
        for &pos in group {
            let shingles = &stems[pos as usize].1.shingles;
            occurrences += shingles.len();
            touch ^= shingles.iter().step_by(16).fold(0, |t, &s| t ^ s);
        }
        std::hint::black_box(touch);
        let slots = (2 * occurrences).next_power_of_two().max(16);
        let (shift, mask) = (32 - slots.trailing_zeros(), slots - 1);
        for &slot in used.iter() {
            table[slot as usize].1 = EMPTY;
        }
        used.clear();
        if table.len() < slots {
            table.resize(slots, (0, EMPTY));
        }
        count.clear();
        tokens.clear();
        starts.clear();
        // Slots masked into a table of exactly `slots` entries need no bounds checks.
        let table = &mut table[..=mask];
        for (at, &pos) in group.iter().enumerate() {
            starts.push(tokens.len() as u32);
            for &s in stems[pos as usize].1.shingles {
                let mut slot = (s >> shift) as usize & mask;
                let id = loop {
                    let (key, id) = table[slot];
                    if id == EMPTY {
                        let fresh = count.len() as u32;
                        table[slot] = (s, fresh);
                        used.push(slot as u32);
                        count.push((0, u32::MAX));
                        break fresh;
                    }
                    if key == s {
                        break id;
                    }
                    slot = (slot + 1) & mask;
                };
                let (seen, last) = &mut count[id as usize];
                if *last != at as u32 {
                    *last = at as u32;
                    *seen += 1;
                    tokens.push(id);
                }
            }
        }
        starts.push(tokens.len() as u32);
        // The group's order: rarest first, ties in the order first seen (any one order serves,
        // as long as every stem uses it); a counting sort, as the counts are small.
        let distinct = count.len();
        let most = count.iter().map(|&(c, _)| c).max().unwrap_or(0) as usize;
        bucket.clear();
        bucket.resize(most + 2, 0);
        for &(c, _) in count.iter() {
            bucket[c as usize + 1] += 1;
        }
        for c in 1..bucket.len() {
            bucket[c] += bucket[c - 1];
        }
        // The places below `unique` are the shingles only one stem of the group has.
        let unique = bucket.get(2).copied().unwrap_or(0);
        for (c, _) in count.iter_mut() {
            let slot = &mut bucket[*c as usize];
            *c = *slot;
            *slot += 1;
        }
        // Each stem's tokens as places, and the shared tokens of its prefix.
        list.clear();
        list.resize(distinct + 1, 0);
        lead.clear();
        head.clear();
        heads.clear();
        by_size.clear();
        for at in 0..group.len() {
            head.push(heads.len() as u32);
            let x = &mut tokens[starts[at] as usize..starts[at + 1] as usize];
            let want = Self::prefix(prefix, x.len());
            // The unique tokens come first in the stem's order: its prefix is `only` of them,
            // then the smallest shared ones. Once it holds only unique ones the stem is out.
            let mut only = 0;
            pick.clear();
            for t in x.iter_mut() {
                *t = count[*t as usize].0;
                if *t < unique {
                    only += 1;
                    if only == want {
                        break;
                    }
                    pick.truncate(want - only);
                    continue;
                }
                let keep = want - only;
                if pick.len() == keep {
                    if *t >= pick[keep - 1] {
                        continue;
                    }
                    pick.pop();
                }
                let mut k = pick.len();
                pick.push(*t);
                while k > 0 && pick[k - 1] > *t {
                    pick[k] = pick[k - 1];
                    k -= 1;
                }
                pick[k] = *t;
            }
            lead.push(only as u32);
            if x.is_empty() || only == want {
                continue;
            }
            let shared = &pick[..];
            // Only the shared tokens of its shorter indexing prefix go into the index.
            let indexed = Self::indexed(alpha, x.len()).saturating_sub(only);
            for &t in &shared[..indexed.min(shared.len())] {
                list[t as usize + 1] += 1;
            }
            heads.extend_from_slice(shared);
            by_size.push(at as u32);
        }
        head.push(heads.len() as u32);
        if by_size.len() < 2 {
            return;
        }
        for t in 1..list.len() {
            list[t] += list[t - 1];
        }
        postings.clear();
        postings.resize(list[distinct] as usize, (0, 0));
        fill.clear();
        fill.extend_from_slice(&list[..distinct]);
        skip.clear();
        skip.extend_from_slice(&list[..distinct]);
        if mark.len() < distinct {
            mark.resize(distinct, 0);
        }

        let size = |at: u32| (starts[at as usize + 1] - starts[at as usize]) as usize;
        by_size.sort_by_key(|&at| size(at));
        overlap.clear();
        overlap.resize(by_size.len(), 0);
        found.clear();
        for (rank, &at) in by_size.iter().enumerate() {
            let lx = size(at);
            let only = lead[at as usize] as usize;
            let shared = head[at as usize] as usize..head[at as usize + 1] as usize;
            touched.clear();
            for (k, &t) in heads[shared.clone()].iter().enumerate() {
                let (i, t) = (only + k, t as usize);
                // Length filter: drop the list's stems too small for this probe, and so for
                // every later one.
                let (mut from, end) = (skip[t] as usize, fill[t] as usize);
                while from < end {
                    let ly = size(by_size[postings[from].0 as usize]);
                    if Self::alpha(alpha, lx + ly) <= ly {
                        break;
                    }
                    from += 1;
                }
                skip[t] = from as u32;
                for &(y, j) in &postings[from..end] {
                    let seen = &mut overlap[y as usize];
                    if *seen == DEAD {
                        continue;
                    }
                    if *seen == 0 {
                        touched.push(y);
                    }
                    let ly = size(by_size[y as usize]);
                    let need = Self::alpha(alpha, lx + ly);
                    let bound = *seen as usize + 1 + (lx - i - 1).min(ly - j as usize - 1);
                    if bound >= need {
                        *seen += 1;
                    } else {
                        *seen = DEAD;
                    }
                }
            }
            let stem_tokens =
                |at: u32| &tokens[starts[at as usize] as usize..starts[at as usize + 1] as usize];
            // The probe's tokens are marked once it has a candidate left to verify.
            let mut marked = false;
            for &y in touched.iter() {
                let seen = std::mem::take(&mut overlap[y as usize]);
                if seen == DEAD {
                    continue;
                }
                if !std::mem::replace(&mut marked, true) {
                    if *stamp == u32::MAX {
                        mark.fill(0);
                        *stamp = 0;
                    }
                    *stamp += 1;
                    for &t in stem_tokens(at) {
                        mark[t as usize] = *stamp;
                    }
                }
                let other = by_size[y as usize];
                let ys = stem_tokens(other);
                let need = Self::alpha(alpha, lx + ys.len());
                let Some(both) = marked_at_least(ys, mark, *stamp, need) else {
                    continue;
                };
                let (earlier, later) = (at.min(other), at.max(other));
                let (eq, lq) = (
                    stems[group[earlier as usize] as usize].0,
                    stems[group[later as usize] as usize].0,
                );
                if exact_pairs.contains(&(eq, lq)) {
                    continue;
                }
                let union = lx + ys.len() - both;
                let similarity = both as f64 / union as f64;
                if similarity >= THRESHOLD {
                    found.push((later, earlier, similarity));
                }
            }
            let indexed = Self::indexed(alpha, lx).saturating_sub(only);
            for (k, &t) in heads[shared].iter().take(indexed).enumerate() {
                let slot = &mut fill[t as usize];
                postings[*slot as usize] = (rank as u32, (only + k) as u32);
                *slot += 1;
            }
        }
        found.sort_unstable_by_key(|&(later, earlier, _)| (later, earlier));
        pairs.extend(found.iter().map(|&(later, earlier, similarity)| {
            (
                stems[group[earlier as usize] as usize].0,
                stems[group[later as usize] as usize].0,
                similarity,
            )
        }));
    }
}

/// How many of `tokens` (without repeats) are marked with `stamp` in `mark`, or `None` once it
/// is clear that fewer than `need` are: the overlap of `tokens` with the set that was marked,
/// in any order.
fn marked_at_least(tokens: &[u32], mark: &[u32], stamp: u32, need: usize) -> Option<usize> {
    // Each token that is not marked spends one of the misses the overlap can afford.
    let mut spare = tokens.len().checked_sub(need)?;
    let mut both = 0;
    for &t in tokens {
        if mark[t as usize] == stamp {
            both += 1;
        } else if spare == 0 {
            return None;
        } else {
            spare -= 1;
        }
    }
    Some(both)
}

/// The number of elements two sorted lists without repeats share, or `None` once it is clear
/// that it is less than `need`: what [`marked_at_least`] is tested against.
#[cfg(test)]
fn overlap_at_least(a: &[u32], b: &[u32], need: usize) -> Option<usize> {
    let (mut i, mut j, mut both) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        if both + (a.len() - i).min(b.len() - j) < need {
            return None;
        }
        let (x, y) = (a[i], b[j]);
        both += usize::from(x == y);
        i += usize::from(x <= y);
        j += usize::from(y <= x);
    }
    (both >= need).then_some(both)
}

/// Prepares the stems of a run of questions (words, shingles, numbers), which needs no other
/// stem: the engine calls it in parallel, right after the question rules read the run.
fn gather(cx: &Context<'_>, questions: &[QuestionRef<'_>]) -> Gathered {
    thread_local! {
        /// The buffers of `prepare`, kept from one run to the next.
        static SCRATCH: RefCell<Scratch> = RefCell::default();
    }
    let languages: Vec<&str> = cx.languages().collect();
    let chunk = SCRATCH.with_borrow_mut(|scratch| prepare_chunk(&languages, questions, scratch));
    Box::new(chunk)
}

/// Searches the prepared stems of every run, in order, for duplicates.
fn finish(cx: &Context<'_>, parts: Vec<Gathered>, out: &mut Vec<Finding>) {
    let languages: Vec<&str> = cx.languages().collect();
    let chunks: Vec<Box<Chunk>> = parts
        .into_iter()
        .map(|part| part.downcast().expect("duplicate-stem gathers chunks"))
        .collect();
    // The languages are searched in parallel, their pairs reported in the configured order.
    let found: Vec<Vec<(usize, usize, f64)>> = languages
        .par_iter()
        .enumerate()
        .map(|(l, &lang)| {
            // Made at its full size: collected from the chunks, it grew by doubling, and on
            // the 100k bank the buffers it outgrew were 8 MB of memory the host had to provide.
            let mut stems = Vec::with_capacity(chunks.iter().map(|c| c.stems[l].len()).sum());
            stems.extend(chunks.iter().flat_map(|chunk| {
                chunk.stems[l].iter().map(|&(q, keys, [start, end])| {
                    let shingles = &chunk.shingles[start as usize..end as usize];
                    let Keys { exact, numbers } = keys;
                    (
                        q,
                        Prepared {
                            exact,
                            shingles,
                            numbers,
                        },
                    )
                })
            }));
            similar_pairs(lang, &stems, |q| {
                cx.questions[q].stem.get(lang).unwrap_or_default()
            })
        })
        .collect();
    let mut reported = FastSet::default();
    for (&lang, pairs) in languages.iter().zip(found) {
        for (first, second, similarity) in pairs {
            if !reported.insert((first, second)) {
                continue;
            }
            let (a, b) = (cx.questions[first], cx.questions[second]);
            let (Some(a_entry), Some(b_entry)) = (a.stem.entry(lang), b.stem.entry(lang)) else {
                continue;
            };
            let v = DuplicateStem {
                other: a.id.value.clone(),
                similarity,
                lang: lang.to_owned(),
            };
            out.push(Finding::on(b, b_entry.text.span.clone(), &v).with_related(
                a.file,
                a_entry.text.span.clone(),
                format!("the stem of `{}`", a.id.value),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::tokens;

    /// What `prepare` compared before it had its own word scanner: the words of `tokens`,
    /// lower case, NFKC when not ASCII, joined by spaces.
    fn exact_reference(stem: &str) -> String {
        let words: Vec<Cow<'_, str>> = tokens(stem)
            .into_iter()
            .filter(|t| t.word)
            .map(|t| {
                if t.lower.is_ascii() {
                    t.lower
                } else {
                    Cow::Owned(t.lower.nfkc().collect())
                }
            })
            .collect();
        words.join(" ")
    }

    /// What `prepare` computed before it kept no text and no numbers: the words folded into
    /// one string, hashed from it, and the numbers of [`numbers`], sorted.
    fn prepare_reference(lang: &str, stem: &str) -> (String, Vec<u64>, Vec<String>) {
        let mut words = Vec::new();
        for_each_word(stem, |word| {
            let mut folded = String::new();
            push_folded(&mut folded, word);
            words.push(word_hash(folded.as_bytes()));
        });
        let mut shingles: Vec<u64> = words.windows(3).map(shingle_hash).collect();
        shingles.sort_unstable();
        shingles.dedup();
        let mut nums: Vec<String> = numbers(lang, stem).into_iter().map(|n| n.value).collect();
        nums.sort();
        (exact_text(stem), shingles, nums)
    }

    /// Checks `prepare` on `stem` against [`prepare_reference`], in both kinds of language.
    fn check_prepare(stem: &str) {
        let mut scratch = Scratch::default();
        for lang in ["en", "nl"] {
            let (exact, shingles, nums) = prepare_reference(lang, stem);
            let mut shingles_found = Vec::new();
            let p = prepare(lang, stem, &mut scratch, &mut shingles_found);
            assert_eq!(p.exact, exact_key(&exact), "{stem:?}");
            let mut sorted = shingles_found;
            sorted.sort_unstable();
            sorted.dedup();
            let mut fingerprints: Vec<u32> = shingles.iter().map(|&s| fingerprint(s)).collect();
            fingerprints.sort_unstable();
            fingerprints.dedup();
            assert_eq!(sorted, fingerprints, "{stem:?}");
            assert_eq!(shingle_set(lang, stem, &mut scratch), shingles, "{stem:?}");
            let key = nums
                .iter()
                .fold(0u64, |k, v| k.wrapping_add(fmix(word_hash(v.as_bytes()))));
            assert_eq!(p.numbers, key, "{lang} {stem:?} {nums:?}");
        }
    }

    /// `n` texts of up to 31 pieces of `parts`, drawn by a fixed pseudo-random sequence (an
    /// LCG): the same texts on every run.
    fn generated_texts(parts: &[&str], n: usize, seed: u64) -> Vec<String> {
        let mut state = seed;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            state
        };
        (0..n)
            .map(|_| {
                let len = next() >> 59;
                (0..len)
                    .map(|_| parts[(next() >> 33) as usize % parts.len()])
                    .collect()
            })
            .collect()
    }

    #[test]
    fn prepare_follows_the_reference_on_ascii_text() {
        const PARTS: &[&str] = &[
            "a", "B", "z", "Zq", "7", " ", "\n", "'", "-", ".", ",", "?", "`", "*", "$", "_", "\\",
            "How", "many", "BYTES", "x86", "FP16", "'s", "don't", "@", "[", "{", "~",
        ];
        for stem in generated_texts(PARTS, 20_000, 0x9e37_79b9_7f4a_7c15) {
            check_prepare(&stem);
        }
    }

    #[test]
    fn ascii_word_hashes_follow_the_byte_scanner() {
        const PARTS: &[&str] = &[
            "a",
            "B",
            "z",
            "Zq",
            "7",
            " ",
            " ",
            "'",
            "'",
            "-",
            "?",
            "`",
            "@",
            "[",
            "{",
            "~",
            "\0",
            "How",
            "many",
            "BYTES",
            "x86",
            "'s",
            "don't",
            "abcdefg",
            "ABCDEFGH",
            "0123456789",
            "ABCDEFGHIJ'klmnopqrstu",
            "abcdefgh'",
            "x'y",
            "LongWordLongWord",
        ];
        let (mut padded, mut non) = (Vec::new(), Vec::new());
        for stem in generated_texts(PARTS, 30_000, 0x5851_f42d_4c95_7f2d) {
            let mut expected = Vec::new();
            for_each_ascii_word(stem.as_bytes(), |word| {
                expected.push(ascii_word_hash(word));
            });
            let mut found = Vec::new();
            let _ = ascii_word_hashes(stem.as_bytes(), &mut padded, &mut non, &mut found);
            assert_eq!(found, expected, "{stem:?}");
        }
    }

    #[test]
    fn number_key_follows_numbers() {
        const PARTS: &[&str] = &[
            "1", "0", "5", "007", "250", "000", "3", ",", ".", ",", ".", " ", "x", "é", "_", "`",
            "$", "\\", "a", "W4A16", "1.000", "3,5", "0,0", "ß",
        ];
        for stem in generated_texts(PARTS, 30_000, 0x2545_f491_4f6c_dd1d) {
            check_prepare(&stem);
        }
    }

    /// The number key found with the words of an ASCII stem is the reader's in both kinds of
    /// language, on texts full of what the reader reads otherwise: separators between
    /// digits, `_` before and after them, letters around them, leading zeros, apostrophes and
    /// code markers. Many texts take the fast path, most of them with numbers, or the test would prove
    /// little.
    #[test]
    fn ascii_number_key_is_the_readers() {
        // Plain words and spaces are most of the pieces: the unusual ones are each rare
        // enough that many texts have none.
        const PARTS: &[&str] = &[
            "1", "0", "5", "007", "250", "000", "3", ",", ".", " ", " ", " ", " ", " ", " ", " ",
            " ", " ", "x", "_", "`", "$", "a", "B", "the", "cores", "64 KB", "at 16", "load", "7B",
            "W4A16", "1.000", "3,5", "0,0", "'", "'s", "e9", "-", "?", "1e9", "x86", "FP16", "2x",
            "is", "Which", "of", "many", "per",
        ];
        let (mut padded, mut non, mut words) = (Vec::new(), Vec::new(), Vec::new());
        let mut value = String::new();
        let (mut fast, mut with_numbers) = (0, 0);
        let texts = generated_texts(PARTS, 40_000, 0x1405_7b7e_f767_814f);
        for stem in &texts {
            let Some(key) = ascii_word_hashes(stem.as_bytes(), &mut padded, &mut non, &mut words)
            else {
                continue;
            };
            fast += 1;
            with_numbers += usize::from(key != 0);
            for lang in ["en", "nl"] {
                assert_eq!(key, number_key(lang, stem, &mut value), "{lang} {stem:?}");
            }
        }
        assert!(fast > texts.len() / 4, "{fast} of {}", texts.len());
        assert!(with_numbers > fast / 2, "{with_numbers} of {fast}");
    }

    #[test]
    fn exact_pairs_survive_a_shared_key() {
        let texts = [
            "Wat is dit?",
            "wat is DIT",
            "Wat is dat?",
            "",
            "wat is dat",
            "?",
        ];
        let stems = |keys: &[Option<u64>]| -> Vec<(usize, Prepared)> {
            keys.iter()
                .enumerate()
                .map(|(q, &exact)| {
                    let shingles: &[u32] = &[];
                    (
                        q,
                        Prepared {
                            exact,
                            shingles,
                            numbers: 0,
                        },
                    )
                })
                .collect()
        };
        let text = |q: usize| texts[q];
        let expected = vec![(0, 1), (2, 4)];
        // The real keys, and keys that all collide.
        let real: Vec<Option<u64>> = texts.iter().map(|t| exact_key(&exact_text(t))).collect();
        assert_eq!(exact_pairs(&stems(&real), &text), expected);
        let same: Vec<Option<u64>> = real.iter().map(|k| k.map(|_| 7)).collect();
        assert_eq!(exact_pairs(&stems(&same), &text), expected);
        assert_eq!(exact_pairs_by_text(&stems(&real), &text), expected);
    }

    #[test]
    fn words_are_the_words_of_tokens() {
        for stem in [
            "",
            "   ",
            "How many bytes does a typical x86 cache line hold?",
            "Wat is de kans op een conflict bij 240 gebruikers?",
            "Don't stop; it's O'Neil's 'quoted' word’s end’ and ' alone",
            "ÉÉN Straße ΣΊΣΥΦΟΣ ﬁle ＡＢＣ①²³ x²",
            "**Bold** `code` $x^2$ 1.000,5 3,5 GB e.g. FP16/INT4",
            "naïve café CAFÉ Kelvin K Å",
            "a'b 'c d' e’’f g'1",
        ] {
            assert_eq!(exact_text(stem), exact_reference(stem), "{stem:?}");
            check_prepare(stem);
        }
    }

    #[test]
    fn words_match_tokens_on_any_text() {
        const PARTS: &[&str] = &[
            "a", "B", "z", "7", " ", "\n", "'", "’", "-", ".", ",", "?", "É", "é", "ß", "Σ", "ς",
            "ﬁ", "Ａ", "①", "²", "İ", "\u{301}", "\u{a0}", "`", "*", "$", "_",
        ];
        // A fixed pseudo-random sequence (an LCG): the same texts on every run.
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..20_000 {
            let mut stem = String::new();
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            for _ in 0..(state >> 59) {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                stem.push_str(PARTS[(state >> 33) as usize % PARTS.len()]);
            }
            assert_eq!(exact_text(&stem), exact_reference(&stem), "{stem:?}");
            check_prepare(&stem);
        }
    }

    /// Stem sets drawn from a small vocabulary of shingles, many of them copies of others
    /// with a few shingles changed, so that pairs fall on both sides of the threshold.
    fn generated_sets(seed: u64, n: usize) -> Vec<(usize, Prepared<'static>)> {
        let mut state = seed;
        let mut next = |m: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % m
        };
        let mut sets: Vec<Vec<u32>> = Vec::new();
        for _ in 0..n {
            let mut set: Vec<u32> = if !sets.is_empty() && next(3) > 0 {
                let mut set = sets[next(sets.len() as u64) as usize].clone();
                for _ in 0..next(4) {
                    match next(3) {
                        0 if !set.is_empty() => {
                            set.remove(next(set.len() as u64) as usize);
                        }
                        1 if !set.is_empty() => {
                            let at = next(set.len() as u64) as usize;
                            set[at] = fingerprint(fmix(next(300)));
                        }
                        _ => set.push(fingerprint(fmix(next(300)))),
                    }
                }
                set
            } else {
                (0..next(30))
                    .map(|_| fingerprint(fmix(next(300))))
                    .collect()
            };
            set.sort_unstable();
            set.dedup();
            sets.push(set);
        }
        sets.into_iter()
            .enumerate()
            .map(|(q, shingles)| {
                (
                    q * 2 + 1,
                    Prepared {
                        exact: Some(q as u64),
                        // Test sets live as long as the test run.
                        shingles: shingles.leak(),
                        numbers: 0,
                    },
                )
            })
            .collect()
    }

    #[test]
    fn search_finds_what_all_pairs_find() {
        let mut near = 0;
        for seed in 0..40u64 {
            let stems = generated_sets(seed, 50 + 10 * seed as usize);
            let group: Vec<u32> = (0..stems.len() as u32).collect();
            // The search takes shingles in text order, with repeats: give it each set
            // reversed, its first shingle twice.
            let scrambled: Vec<(usize, Prepared)> = stems
                .iter()
                .map(|(q, p)| {
                    let mut shingles: Vec<u32> = p.shingles.iter().rev().copied().collect();
                    shingles.extend(p.shingles.first());
                    let (exact, numbers) = (p.exact, p.numbers);
                    (
                        *q,
                        Prepared {
                            exact,
                            shingles: shingles.leak(),
                            numbers,
                        },
                    )
                })
                .collect();
            let mut found = Vec::new();
            Search::default().near_pairs(&scrambled, &group, &FastSet::default(), &mut found);
            let mut expected = Vec::new();
            for (b, (q, p)) in stems.iter().enumerate() {
                for (oq, op) in &stems[..b] {
                    let similarity = jaccard(op.shingles, p.shingles);
                    if similarity >= THRESHOLD {
                        expected.push((*oq, *q, similarity));
                    }
                }
            }
            near += expected.iter().filter(|p| p.2 < 1.0).count();
            assert_eq!(found, expected, "seed {seed}");
        }
        // The sets do exercise the search: thousands of pairs that are similar, not equal.
        assert!(near > 5_000, "{near}");
    }

    /// Stem texts drawn from a small vocabulary with a few numbers, many of them copies of
    /// earlier ones with a few words replaced, inserted or dropped, a number changed, or the
    /// case and punctuation changed: pairs fall on both sides of the threshold, in the same
    /// and in different number groups, and some are exact duplicates.
    fn edited_stems(seed: u64, n: usize) -> Vec<String> {
        const WORDS: &[&str] = &[
            "how",
            "many",
            "bytes",
            "does",
            "a",
            "cache",
            "line",
            "hold",
            "which",
            "value",
            "fits",
            "the",
            "measurement",
            "best",
            "of",
            "in",
            "x86",
            "FP16",
            "don't",
            "page",
            "size",
            "when",
            "is",
            "DMA",
            "7",
            "250",
            "1,000",
            "3.5",
        ];
        let mut state = seed;
        let mut next = |m: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize % m
        };
        let mut stems: Vec<Vec<&str>> = Vec::new();
        let mut texts = Vec::new();
        for _ in 0..n {
            let words = if !stems.is_empty() && next(4) > 0 {
                let mut words = stems[next(stems.len())].clone();
                for _ in 0..next(3) {
                    let at = next(words.len() + 1);
                    match next(3) {
                        0 if at < words.len() => words[at] = WORDS[next(WORDS.len())],
                        1 if at < words.len() => {
                            words.remove(at);
                        }
                        _ => words.insert(at, WORDS[next(WORDS.len())]),
                    }
                }
                words
            } else {
                (0..next(26)).map(|_| WORDS[next(WORDS.len())]).collect()
            };
            let mut text = words.join(if next(5) == 0 { ", " } else { " " });
            if next(4) == 0 {
                text = text.to_uppercase();
            }
            text.push('?');
            texts.push(text);
            stems.push(words);
        }
        texts
    }

    #[test]
    fn similar_pairs_are_all_the_similar_pairs() {
        let mut near = 0;
        for seed in 0..12u64 {
            let texts = edited_stems(seed, 400);
            for lang in ["en", "nl"] {
                let mut scratch = Scratch::default();
                let prepared: Vec<(Keys, Vec<u32>)> = texts
                    .iter()
                    .map(|t| {
                        let mut shingles = Vec::new();
                        (prepare(lang, t, &mut scratch, &mut shingles), shingles)
                    })
                    .collect();
                let stems: Vec<(usize, Prepared)> = prepared
                    .iter()
                    .enumerate()
                    .map(|(q, (keys, shingles))| {
                        let Keys { exact, numbers } = *keys;
                        (
                            q,
                            Prepared {
                                exact,
                                shingles,
                                numbers,
                            },
                        )
                    })
                    .collect();
                let mut found = similar_pairs(lang, &stems, |q| texts[q].as_str());
                found.sort_by_key(|a| (a.0, a.1));
                // All pairs, the straightforward way: the first stem with an exact text pairs
                // with each later one; any other pair with the same numbers whose shingle sets
                // are similar enough is a near duplicate.
                let exact: Vec<String> = texts.iter().map(|t| exact_text(t)).collect();
                let sets: Vec<Vec<u64>> =
                    texts.iter().map(|t| prepare_reference(lang, t).1).collect();
                let mut expected = Vec::new();
                for b in 0..texts.len() {
                    let first = (0..b).find(|&a| !exact[b].is_empty() && exact[a] == exact[b]);
                    for a in 0..b {
                        if Some(a) == first {
                            expected.push((a, b, 1.0));
                            continue;
                        }
                        let similarity = jaccard(&sets[a], &sets[b]);
                        if similarity >= THRESHOLD && same_numbers(lang, &texts[a], &texts[b]) {
                            near += usize::from(similarity < 1.0);
                            expected.push((a, b, similarity));
                        }
                    }
                }
                expected.sort_by_key(|a| (a.0, a.1));
                assert_eq!(found, expected, "seed {seed} {lang}");
            }
        }
        // The texts do exercise the search: many pairs that are similar, not equal.
        assert!(near > 1_000, "{near}");
    }

    /// A pair the search finds on fingerprints is reported only when the shingles themselves
    /// are similar enough, and with their similarity: here the fingerprints of three stems
    /// are made to collide, as different shingles' fingerprints may.
    #[test]
    fn fingerprint_matches_are_confirmed_on_the_shingles() {
        let words: Vec<String> = (0..20).map(|i| format!("word{i}")).collect();
        let base = words.join(" ");
        // One word more: 18 of 19 shingles shared with `base`.
        let longer = format!("{base} extra");
        // No shingle shared with `base`.
        let other: Vec<String> = (0..20).map(|i| format!("other{i}")).collect();
        let other = other.join(" ");
        let texts = [base.as_str(), longer.as_str(), other.as_str()];
        let mut scratch = Scratch::default();
        let mut fingerprints = Vec::new();
        let keys = prepare("en", &base, &mut scratch, &mut fingerprints);
        let stems: Vec<(usize, Prepared)> = texts
            .iter()
            .enumerate()
            .map(|(q, text)| {
                let exact = exact_key(&exact_text(text));
                let prepared = Prepared {
                    exact,
                    shingles: &fingerprints,
                    numbers: keys.numbers,
                };
                (q, prepared)
            })
            .collect();
        let found = similar_pairs("en", &stems, |q| texts[q]);
        assert_eq!(found, vec![(0, 1, 18.0 / 19.0)]);
    }

    #[test]
    fn min_overlap_is_the_least_that_passes() {
        for sum in 0..2000 {
            let alpha = min_overlap(sum);
            assert!(alpha > sum || passes(alpha, sum), "{sum}");
            assert!(alpha == 0 || !passes(alpha - 1, sum), "{sum}");
        }
    }

    #[test]
    fn min_overlap_grows_with_the_sum() {
        // What the shorter indexing prefix relies on: a larger partner never needs less. (A
        // sum of 1, an empty stem beside one of a shingle, passes with no overlap at all, but
        // empty stems are never searched.)
        for sum in 3..4000 {
            assert!(min_overlap(sum) >= min_overlap(sum - 1), "{sum}");
        }
        let mut alpha = Vec::new();
        for len in 1..2000 {
            let indexed = Search::indexed(&mut alpha, len);
            assert!((1..=prefix_len(len)).contains(&indexed), "{len}");
        }
    }

    #[test]
    fn marked_overlap_is_the_merged_overlap() {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |m: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % m
        };
        let mut mark = vec![0u32; 40];
        let mut passed = 0;
        for stamp in 1..20_000u32 {
            // Two sets of up to 30 tokens out of 40, most of them alike.
            let a: Vec<u32> = (0..40).filter(|_| next(4) > 0).map(|t| t as u32).collect();
            let mut b: Vec<u32> = a.iter().copied().filter(|_| next(8) > 0).collect();
            b.extend((0..40).filter(|t| !a.contains(t) && next(6) == 0));
            for &t in &a {
                mark[t as usize] = stamp;
            }
            let need = next(b.len() as u64 + 3) as usize;
            let mut sorted = b.clone();
            sorted.sort_unstable();
            // `b` as scrambled as a stem's tokens in text order.
            b.reverse();
            let third = b.len() / 3;
            b.rotate_left(third);
            let expected = overlap_at_least(&a, &sorted, need);
            assert_eq!(
                marked_at_least(&b, &mark, stamp, need),
                expected,
                "{a:?} {b:?} {need}"
            );
            passed += usize::from(expected.is_some());
        }
        assert!(passed > 2_000, "{passed}");
    }

    #[test]
    fn jaccard_counts_the_shared_shingles() {
        assert_eq!(jaccard(&[1, 2, 3, 4], &[2, 3, 4, 5]), 3.0 / 5.0);
        assert_eq!(jaccard(&[1, 2, 3], &[1, 2, 3]), 1.0);
        assert_eq!(jaccard::<u64>(&[], &[]), 0.0);
        assert_eq!(jaccard(&[1], &[]), 0.0);
        assert_eq!(jaccard(&[1, 5, 9], &[2, 5, 7, 9, 11]), 2.0 / 6.0);
    }
}
