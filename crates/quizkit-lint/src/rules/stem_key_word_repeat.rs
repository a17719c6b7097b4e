//! `stem-key-word-repeat` (F012): the key repeats a word of the stem that no distractor has.

use std::ops::Range;

use quizkit_model::index_letter;

use crate::lanes::{BLOCK, HIGH, LANES, blocks, classify};
use crate::lexicon::{Lexicon, StemIds};
use crate::text::prose_words;
use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule stem-key-word-repeat` prints.
pub const DOCS: &str = r#"## What it does
Finds single-choice questions where the key shares a content word with the stem that no
distractor shares, in every one of the bank's languages that quizkit has a lexicon for. Words
are compared by their Snowball stem (so "caches" matches "cache", "gewichten" matches
"gewicht"); stop words, words under four letters, numbers and code are ignored.

## Why is this bad?
A "clang association": the learner matches the word in the stem to the word in the option
and picks the key without knowing why it is right (Haladyna, Downing and Rodriguez, guideline
28b). Requiring the cue in every language keeps the rule to cues that come from the content,
not from one translation's choice of words.

## Example
```toml
[[question]]
id = "write-back"
stem = "What does a write-back cache do with a modified line?"
answer = "C"
options = [
  "It sends each store to main memory at once",
  "It discards it",
  "It writes the modified data back when the line is evicted",
]
```

## Use instead
```toml
[[question]]
id = "write-back"
stem = "What does a write-back cache do with a modified line?"
answer = "C"
options = [
  "It sends each store to main memory at once",
  "It discards it",
  "It keeps it until eviction, then stores it in memory",
]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F012",
    name: "stem-key-word-repeat",
    level: Level::Warning,
    summary: "The key repeats a content word of the stem that no distractor has.",
    docs: DOCS,
    check: Check::Question(check),
};

struct StemKeyWordRepeat {
    key: usize,
    word: String,
    lang: String,
}

impl Violation for StemKeyWordRepeat {
    fn message(&self) -> String {
        format!(
            "the key (option {}) repeats \"{}\" from the stem, and no distractor does (`{}`)",
            index_letter(self.key),
            self.word,
            self.lang
        )
    }
    fn label(&self) -> Option<String> {
        Some("also in the stem".into())
    }
    fn help(&self) -> Option<String> {
        Some("reword the key, or use the word in a distractor too, so that matching words does not give the answer away".into())
    }
}

/// True when `word` (as written, not empty) is long enough and has a letter: four characters
/// or more, one of them alphabetic. Numbers and short words are never a cue.
#[inline]
fn has_content_shape(word: &str) -> bool {
    let bytes = word.as_bytes();
    // A character takes at least one byte; four ASCII bytes are four characters.
    let long = match bytes.first_chunk::<4>() {
        None => return false,
        Some(head) => u32::from_le_bytes(*head) & 0x8080_8080 == 0 || word.chars().count() >= 4,
    };
    // Most words start with an ASCII letter.
    long && (bytes[0].is_ascii_alphabetic() || word.chars().any(char::is_alphabetic))
}

/// The first two bytes of the Snowball stem (Dutch or English) of a word that has the shape of
/// a content word ([`has_content_shape`]), known without stemming: the word's own first two
/// bytes in lower case, as `b0 << 8 | b1`. `None` where the stem may not start with them: when
/// the first is not an ASCII letter or digit or the second not ASCII, and for a few short
/// English words.
///
/// Why the stem keeps them, for a word of four characters or more, in lower case, whose first
/// two bytes are ASCII (rust-stemmers 1.2, so Snowball's `dutch` and `english`;
/// `stems_keep_their_head` tests it over many words):
///
/// - Dutch: the prelude only strips accents (from characters that are not ASCII) and marks
///   some `y` and `i` as `Y` and `I`, which the postlude puts back. Every ending the algorithm
///   removes or replaces lies in R1 or R2, and R1 starts at byte 3 or later. What is left after
///   a removal, three bytes or more, may lose its last letter (undoubling `kk`, `dd`, `tt`),
///   and the final undoubling of a vowel (`CVVD` to `CVD`) removes the second of two vowels
///   after a consonant, so byte 2 or later. Bytes 0 and 1 stay.
/// - English (Porter2): the word does not start with the apostrophe the prelude removes; a
///   `y` marked `Y` is put back; step 1c turns `y` into `i` only after a consonant that is not
///   the first letter, so at byte 2 or later; steps 2 to 5 work in R1 or R2, which start at
///   byte 2 or later. Steps 0, 1a and 1b do not wait for R1: step 0 removes a final `'s` (a
///   final `'` is not part of a word here) and leaves two bytes or more of a word of four
///   characters; step 1a turns `sses` into `ss` and `ies`/`ied` into `ie` or `i` (keeping the
///   letter and the `i` before), or removes a final `s` that has two letters or more before
///   it. Step 1b then removes `ed`, `edly`, `ing`, `ingly` after a part with a vowel: a part
///   of two letters or more keeps its first two (undoubling a final `bb`…`tt` needs a vowel
///   before the pair), but a part of one vowel is a stem of one letter (`aing`, `ieds` and
///   `aing's` stem to `a`, `i`, `a`): the word starts with a vowel and `ed` or `ing`. And the
///   exceptional forms `dying`, `lying` and `tying` stem to `die`, `lie`, `tie`. Those two
///   kinds get `None` (taking `y` as a vowel, and any word with `ying` after its first letter,
///   to be safe).
///
/// So two words whose heads are both known and differ have different stems.
///
/// `word` may go on past the word (a plain text's word of four bytes or more, and the rest of
/// the text: [`plain_shaped`]): past its second byte, only letters are matched, which would
/// be the word's.
#[inline(always)]
fn stem_head(word: &[u8]) -> Option<u16> {
    let [b0, b1, ..] = *word else {
        return None;
    };
    if !b0.is_ascii_alphanumeric() || !b1.is_ascii() {
        return None;
    }
    // An ASCII letter, digit or apostrophe (what the second byte of a word may be) in lower
    // case: digits and the apostrophe have the bit already.
    let head = u16::from_be_bytes([b0, b1]) | 0x2020;
    // The words step 1b or an exceptional form may cut short (see above): a vowel and then
    // `ed` or `ing`, or a letter and then `ying`.
    let vowel = matches!(b0 | 0x20, b'a' | b'e' | b'i' | b'o' | b'u' | b'y');
    let second = b1 | 0x20;
    if (second == b'y' || vowel && matches!(second, b'e' | b'i')) && cut_short(word) {
        return None;
    }
    Some(head)
}

/// For a word that starts with a vowel and `e` or `i`, or has `y` after its first letter:
/// true when it starts with a vowel and `ed` or `ing`, or has `ying` after its first letter
/// (see [`stem_head`]).
#[cold]
fn cut_short(word: &[u8]) -> bool {
    let starts = |part: &[u8]| {
        word.get(1..1 + part.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(part))
    };
    let vowel = matches!(word[0] | 0x20, b'a' | b'e' | b'i' | b'o' | b'u' | b'y');
    starts(b"ying") || vowel && (starts(b"ed") || starts(b"ing"))
}

/// A word of a text with the shape of a content word ([`has_content_shape`]), and what tells
/// without a lookup that two such words have different stems.
#[derive(Clone, Copy, Default, Debug, PartialEq)]
struct Shaped {
    start: usize,
    /// Its end, or 0 where it is not worked out yet: for a word of a text that [`is_plain`],
    /// which ends where its run of ASCII letters and digits does ([`Shaped::range`]). Most
    /// words are only told apart by their heads, and never need it.
    end: usize,
    /// [`StemIds::initial_bits`].
    initial: u64,
    /// [`stem_head`].
    head: Option<u16>,
}

impl Shaped {
    /// The word's range in `text`, the text it was found in.
    #[inline]
    fn range(&self, text: &str) -> Range<usize> {
        let end = if self.end != 0 {
            self.end
        } else {
            run_end(text.as_bytes(), self.start)
        };
        self.start..end
    }
}

/// The end of the run of ASCII letters and digits that starts at `start` of a text that
/// [`is_plain`]: eight bytes at a time ([`plain_alnum`]), the last few one at a time.
#[inline]
fn run_end(bytes: &[u8], start: usize) -> usize {
    let mut at = start;
    while let Some(block) = bytes.get(at..at + 8) {
        let x = u64::from_le_bytes(block.try_into().unwrap_or_default());
        let other = !plain_alnum(x) & HIGH;
        if other != 0 {
            return at + (other.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    bytes
        .get(at..)
        .and_then(|rest| rest.iter().position(|b| !b.is_ascii_alphanumeric()))
        .map_or(bytes.len(), |len| at + len)
}

/// True when `text` has no byte that [`prose_words`] looks at more closely: none that is not
/// ASCII, no apostrophe, no `` ` `` or `$` (which may open code or math). Its words are then
/// the maximal runs of ASCII letters and digits ([`each_long_run`]). Most texts are so.
fn is_plain(text: &str) -> bool {
    // No early exit: a fold over every byte compiles to a few compares per sixteen bytes.
    !text.bytes().fold(false, |special, b| {
        special | (b >= 0x80) | (b == b'\'') | (b == b'`') | (b == b'$')
    })
}

/// The high bit of each lane of `x` whose byte is an ASCII letter or digit, for bytes that
/// are all ASCII ([`ascii_alnum`] with the tests that bytes that are not ASCII need left
/// out: no lane's sum then carries into the next). Other bytes give some answer, without a
/// panic (the sums wrap).
#[inline(always)]
fn plain_alnum(x: u64) -> u64 {
    let add = |x: u64, b: u8| x.wrapping_add(LANES * u64::from(b));
    let letters = x | (LANES * 0x20);
    let digit = add(x, 0x80 - b'0') & !add(x, 0x7f - b'9');
    let letter = add(letters, 0x80 - b'a') & !add(letters, 0x7f - b'z');
    (digit | letter) & HIGH
}

/// Calls `f` with the start of each maximal run of ASCII letters and digits of `bytes` that
/// is four bytes or longer, in order, until it returns false; false then. For a text that
/// [`is_plain`], those are the [`prose_words`] with four characters or more: the only ones
/// that may be content words ([`has_content_shape`]).
///
/// A [`BLOCK`] of bytes at a time ([`classify`]), each block with the next in view: a run
/// that starts in a block is long when its next three bytes are letters or digits too, which
/// the two blocks tell without a step for any word, so that short words and the ends of words
/// cost nothing.
#[inline]
fn each_long_run(bytes: &[u8], mut f: impl FnMut(usize) -> bool) -> bool {
    let mut tail = [0; BLOCK];
    let mut blocks = blocks(bytes, &mut tail).map(|block| classify(block).alnum);
    // 1 when the block before ended inside a run.
    let mut carry = 0u64;
    let mut at = 0;
    let mut mask = blocks.next().unwrap_or(0);
    loop {
        let next = blocks.next();
        let after = next.unwrap_or(0);
        let starts = mask & !((mask << 1) | carry);
        // The bytes whose next one, two and three bytes are letters or digits too, from this
        // block and the next.
        let mut long = starts
            & ((mask >> 1) | (after << 63))
            & ((mask >> 2) | (after << 62))
            & ((mask >> 3) | (after << 61));
        while long != 0 {
            if !f(at + long.trailing_zeros() as usize) {
                return false;
            }
            long &= long - 1;
        }
        if next.is_none() {
            return true;
        }
        carry = mask >> 63;
        mask = after;
        at += BLOCK;
    }
}

/// Calls `f` with each word of `text` that has the shape of a content word, in order, until it
/// returns false; false then. Whether a word is a stop word, and its stem, are left to a
/// lookup that [`Heads`] often shows to be needless.
#[inline]
fn each_shaped(text: &str, mut f: impl FnMut(Shaped) -> bool) -> bool {
    if is_plain(text) {
        let bytes = text.as_bytes();
        return each_long_run(bytes, |start| match plain_shaped(bytes, start) {
            Some(w) => f(w),
            None => true,
        });
    }
    prose_words(text).all(|range| {
        // Many words have fewer than four bytes, so fewer than four characters.
        if range.len() < 4 {
            return true;
        }
        let word = &text[range.clone()];
        if !has_content_shape(word) {
            return true;
        }
        f(Shaped {
            start: range.start,
            end: range.end,
            initial: StemIds::initial_bits(word),
            head: stem_head(word.as_bytes()),
        })
    })
}

/// The [`Shaped`] word that starts at `start` of a text that [`is_plain`], a run of four
/// ASCII letters or digits or more ([`each_long_run`]), if it has a letter: what
/// [`each_shaped`] works out for any text, told from ASCII bytes, where a byte is a character.
/// Its end is left to [`Shaped::range`] but for a word that starts with a digit.
#[inline(always)]
fn plain_shaped(bytes: &[u8], start: usize) -> Option<Shaped> {
    // The run and what follows it: [`stem_head`] only looks at letters (which are the run's)
    // after the second byte.
    let rest = bytes.get(start..)?;
    let [b0, b1, ..] = *rest else {
        return None;
    };
    // Most words start with a letter: a letter or digit above `9`.
    let end = if b0 > b'9' {
        0
    } else {
        let end = run_end(bytes, start);
        if !bytes[start..end].iter().any(u8::is_ascii_alphabetic) {
            return None;
        }
        end
    };
    // [`stem_head`] for a word of ASCII letters and digits: its first two bytes, unless it
    // may be cut short, which [`MAY_BE_CUT`] tells for most words in one test.
    let cut = MAY_BE_CUT[usize::from(b0 & 0x7f)] >> ((b1 | 0x20) & 31) & 1 != 0;
    let head = if cut && cut_short(rest) {
        None
    } else {
        Some(u16::from_be_bytes([b0, b1]) | 0x2020)
    };
    Some(Shaped {
        start,
        end,
        initial: initial_bit(b0),
        head,
    })
}

/// For the first byte of a word (an ASCII letter or digit), the bits `b & 31` of the second
/// bytes `b` after which [`stem_head`] asks [`cut_short`]: `y` after any, `e` and `i` after a
/// vowel. Digits share their low bits with letters, so a few words are asked that need not
/// be ([`cut_short`] then says no).
const MAY_BE_CUT: [u32; 128] = {
    let mut table = [0; 128];
    let mut b = 0;
    while b < 128 {
        let lower = (b as u8) | 0x20;
        let mut bits = 1 << (b'y' & 31);
        if matches!(lower, b'a' | b'e' | b'i' | b'o' | b'u' | b'y') {
            bits |= (1 << (b'e' & 31)) | (1 << (b'i' & 31));
        }
        table[b] = bits;
        b += 1;
    }
    table
};

/// [`StemIds::initial_bits`] of a word that starts with the ASCII letter or digit `b`.
#[inline(always)]
fn initial_bit(b: u8) -> u64 {
    1 << INITIAL_BIT[usize::from(b & 0x7f)]
}

/// The bit of [`StemIds::initial_bits`] of a word by its first byte, an ASCII letter or digit
/// (one load rather than a test and two sums).
const INITIAL_BIT: [u8; 128] = {
    let mut table = [0; 128];
    let mut b = 0;
    while b < 128 {
        let byte = b as u8;
        table[b] = match byte {
            b'0'..=b'9' => 26 + byte - b'0',
            _ => (byte | 0x20).wrapping_sub(b'a') & 31,
        };
        b += 1;
    }
    table
};

/// What some words' stems start with, as far as [`Shaped`] tells: a filter that never rules
/// out a word whose stem one of them has.
///
/// Two words with the same stem have stems with the same first two bytes, and share an
/// initial bit ([`StemIds::initial_bits`]). So when both heads are known they are equal, and
/// their slot is set; when either is unknown, the initials meet.
#[derive(Default)]
struct Heads {
    /// A bit for each known head, by [`Heads::slot`].
    known: [u64; 4],
    /// The initial bits of the words whose head is unknown.
    unknown: u64,
    /// The initial bits of all the words.
    initials: u64,
}

impl Heads {
    /// Where a head goes in [`Heads::known`]: 256 slots, a few heads to each.
    #[inline]
    fn slot(head: u16) -> (usize, u64) {
        let h = usize::from(head.wrapping_mul(0x9e37) >> 8);
        ((h >> 6) & 3, 1 << (h & 63))
    }

    #[inline]
    fn insert(&mut self, w: &Shaped) {
        self.initials |= w.initial;
        match w.head {
            Some(head) => {
                let (at, bit) = Heads::slot(head);
                self.known[at] |= bit;
            }
            None => self.unknown |= w.initial,
        }
    }

    /// False when no word inserted has the stem of `w`.
    #[inline]
    fn may_have(&self, w: &Shaped) -> bool {
        match w.head {
            Some(head) => {
                let (at, bit) = Heads::slot(head);
                self.known[at] & bit != 0 || self.unknown & w.initial != 0
            }
            None => self.initials & w.initial != 0,
        }
    }
}

/// How many words of the key [`cue_in`] keeps on the stack: more than most keys have.
const KEY_WORDS: usize = 16;

/// How many stems of the stem's words [`cue_in`] keeps on the stack: more than most stems
/// share with their key.
const STEM_HITS: usize = 8;

/// A content word of the key, and what the other texts say about its stem.
#[derive(Clone, Copy, Default)]
struct KeyWord {
    id: u32,
    word: Shaped,
    /// The first word of the stem with the same stem: its start and end.
    in_stem: (usize, usize),
    /// True when a distractor has a word with the same stem.
    in_distractor: bool,
}

/// A cue: the word as written in the key, its range there, and its range in the stem.
type Cue = (String, Range<usize>, Range<usize>);

/// Up to `N` items on the stack, then on the heap: what [`cue_in`] keeps of a text, which
/// mostly fits.
struct Kept<T, const N: usize> {
    stacked: [T; N],
    len: usize,
    heaped: Vec<T>,
}

impl<T: Copy + Default, const N: usize> Kept<T, N> {
    fn new() -> Self {
        Kept {
            stacked: [T::default(); N],
            len: 0,
            heaped: Vec::new(),
        }
    }

    #[inline]
    fn push(&mut self, item: T) {
        match self.stacked.get_mut(self.len) {
            Some(slot) => *slot = item,
            None => {
                if self.heaped.is_empty() {
                    self.heaped.extend_from_slice(&self.stacked);
                }
                self.heaped.push(item);
            }
        }
        self.len += 1;
    }

    fn as_mut_slice(&mut self) -> &mut [T] {
        if self.len <= N {
            &mut self.stacked[..self.len]
        } else {
            &mut self.heaped
        }
    }
}

/// The first content word of `key` (in text order) whose stem a word of `stem` has and no
/// word of the `distractors` has, with the first such word of the stem.
///
/// Words are looked up ([`StemIds::word_id`]) only where a match is still possible ([`Heads`]):
/// the key, short, is scanned first and its words kept; then a word of the stem is looked up
/// only if a key word may have its stem, a key word only if one of those stem words that are
/// content words may, and a word of a distractor only if a key word still in question may.
/// Most questions end after one scan of the key and one of the stem, with few lookups and
/// nothing kept of the stem.
fn cue_in<'d>(
    ids: &mut StemIds,
    stem: &str,
    key: &str,
    distractors: impl IntoIterator<Item = &'d str>,
) -> Option<Cue> {
    let mut key_heads = Heads::default();
    let mut key_words: Kept<Shaped, KEY_WORDS> = Kept::new();
    each_shaped(key, |w| {
        key_heads.insert(&w);
        key_words.push(w);
        true
    });
    if key_words.len == 0 {
        return None;
    }
    // The stems of the stem's words that a key word may have, each with its first word.
    let mut hits: Kept<(u32, usize, usize), STEM_HITS> = Kept::new();
    let mut hit_heads = Heads::default();
    each_shaped(stem, |s| {
        // The test alone here, so that this is inlined into the scan.
        if key_heads.may_have(&s) {
            stem_hit(ids, stem, &s, &mut hits, &mut hit_heads);
        }
        true
    });
    if hits.len == 0 {
        return None;
    }
    let hits = hits.as_mut_slice();
    // The key words whose stem the stem has, in text order.
    let mut words: Kept<KeyWord, KEY_WORDS> = Kept::new();
    for &w in key_words.as_mut_slice().iter() {
        if !hit_heads.may_have(&w) {
            continue;
        }
        let Some(id) = ids.word_id(&key[w.range(key)]) else {
            continue;
        };
        if let Some(&(_, start, end)) = hits.iter().find(|h| h.0 == id) {
            words.push(KeyWord {
                id,
                word: w,
                in_stem: (start, end),
                in_distractor: false,
            });
        }
    }
    let words = words.as_mut_slice();
    // Key words that are in the stem and in no distractor seen so far.
    let mut open = words.len();
    let mut open_heads = Heads::default();
    for w in words.iter() {
        open_heads.insert(&w.word);
    }
    for d in distractors {
        if open == 0 {
            return None;
        }
        each_shaped(d, |s| {
            if !open_heads.may_have(&s) {
                return true;
            }
            let Some(id) = ids.word_id(&d[s.range(d)]) else {
                return true;
            };
            for w in words.iter_mut().filter(|w| w.id == id && !w.in_distractor) {
                w.in_distractor = true;
                open -= 1;
            }
            open != 0
        });
    }
    let w = words.iter().find(|w| !w.in_distractor)?;
    let range = w.word.range(key);
    let (start, end) = w.in_stem;
    Some((key[range.clone()].to_owned(), range, start..end))
}

/// Looks up the word `s` of `stem`, and keeps its stem in `hits` (and its head in `heads`)
/// if it is a content word whose stem is not there yet.
#[inline(never)]
fn stem_hit(
    ids: &mut StemIds,
    stem: &str,
    s: &Shaped,
    hits: &mut Kept<(u32, usize, usize), STEM_HITS>,
    heads: &mut Heads,
) {
    let range = s.range(stem);
    if let Some(id) = ids.word_id(&stem[range.clone()])
        && !hits.as_mut_slice().iter().any(|h| h.0 == id)
    {
        hits.push((id, range.start, range.end));
        heads.insert(s);
    }
}

/// The first cue word of the key in `lang`: in the stem and the key, in no distractor. `None`
/// when a text is missing in `lang`, `Some(None)` when there is no cue.
fn cue(
    lexicon: &Lexicon,
    q: &quizkit_model::Question,
    key: usize,
    lang: &str,
) -> Option<Option<Cue>> {
    let stem = q.stem.get(lang)?;
    let key_text = q.options.get(key)?.text.get(lang)?;
    if !q.options.iter().all(|o| o.text.entry(lang).is_some()) {
        return None;
    }
    // Most questions need no distractor: they are looked up again only then.
    let distractors = q
        .options
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != key)
        .filter_map(|(_, o)| o.text.get(lang));
    Some(lexicon.with_stem_ids(|ids| cue_in(ids, stem, key_text, distractors)))
}

// The texts are scanned here ([`prose_words`]) rather than taken as the analysis's tokens:
// on a clean bank this rule would be the first and often the only one to ask for the tokens
// of stems and options, which cost more to build than the whole rule does now.
fn check(cx: &Context<'_>, q: QuestionRef<'_>, _: &Analysis<'_>, out: &mut Vec<Finding>) {
    let Some(key) = Context::single_key(q.question) else {
        return;
    };
    let mut first = None;
    for lang in cx.languages() {
        let Some(lexicon) = cx.lexicon(lang) else {
            continue;
        };
        match cue(lexicon, q.question, key, lang) {
            // The text is missing in this language: another rule reports that.
            None => continue,
            Some(None) => return,
            Some(Some(found)) => {
                if first.is_none() {
                    first = Some((lang, found));
                }
            }
        }
    }
    let Some((lang, (word, range, in_stem))) = first else {
        return;
    };
    let (Some(key_entry), Some(stem_entry)) = (q.options[key].text.entry(lang), q.stem.entry(lang))
    else {
        return;
    };
    let v = StemKeyWordRepeat {
        key,
        word,
        lang: lang.to_owned(),
    };
    out.push(
        Finding::on(q, cx.locate(q.file, &key_entry.text, range), &v).with_related(
            q.file,
            cx.locate(q.file, &stem_entry.text, in_stem),
            "in the stem",
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::FastSet;
    use crate::testing::xorshift;
    use crate::text::tokens;

    /// Texts of every length up to a few blocks, of letters, digits, white space and
    /// punctuation, and where `special` of the bytes and characters that make a text not
    /// plain too.
    fn generated_texts(special: bool) -> Vec<String> {
        let mut pieces = vec![
            "a",
            "Z",
            "q",
            "0",
            "9",
            "ab",
            "word",
            "Words",
            "x86",
            "1024",
            " ",
            " ",
            "  ",
            "\n",
            "\t",
            ".",
            ",",
            "-",
            "_",
            "*",
            "[",
            "]",
            "(",
            ")",
            "/",
            "\\",
            "@",
            "{",
            "~",
            "\0",
            "\x7f",
            "sleutelafleidingsfunctie",
            // Heads that may be cut short ([`stem_head`]).
            "aing",
            "Eed",
            "dying",
            "yY",
            "oie",
        ];
        if special {
            pieces.extend([
                "'", "GPU's", "it's", "'s", "`", "`code`", "$", "$x$", "é", "één", "naïve", "µs",
                "’", "ß", "Σ", "\u{301}", "K", "中文",
            ]);
        }
        let mut state = 0x853c_49e6_748f_ea9b_u64;
        let mut next = move |n: usize| (xorshift(&mut state) % n as u64) as usize;
        let mut texts = vec![String::new()];
        for i in 0..20_000 {
            let mut t = String::new();
            for _ in 0..next(2 + i % 40) {
                t.push_str(pieces[next(pieces.len())]);
            }
            texts.push(t);
        }
        texts
    }

    /// The starts [`each_long_run`] finds, and the words [`each_shaped`] finds with their
    /// ends worked out.
    fn quick_words(text: &str) -> (Vec<usize>, Vec<Shaped>) {
        let mut starts = Vec::new();
        assert!(each_long_run(text.as_bytes(), |start| {
            starts.push(start);
            true
        }));
        let mut shaped = Vec::new();
        assert!(each_shaped(text, |w| {
            let range = w.range(text);
            shaped.push(Shaped {
                end: range.end,
                ..w
            });
            true
        }));
        (starts, shaped)
    }

    /// [`each_long_run`] finds the starts of the words of four bytes or more that
    /// [`prose_words`] finds in a plain text, and [`each_shaped`] those of four characters or
    /// more that have a letter, in any text, with their ends, initial bits and heads; and both
    /// stop when told to.
    #[test]
    fn quick_words_are_prose_words() {
        let mut plain = 0;
        for special in [false, true] {
            for text in generated_texts(special) {
                let expected: Vec<Range<usize>> = prose_words(&text).collect();
                let (starts, shaped) = quick_words(&text);
                if is_plain(&text) {
                    plain += 1;
                    let long: Vec<usize> = expected
                        .iter()
                        .filter(|r| r.len() >= 4)
                        .map(|r| r.start)
                        .collect();
                    assert_eq!(starts, long, "{text:?}");
                    for r in &expected {
                        assert_eq!(run_end(text.as_bytes(), r.start), r.end, "{text:?}");
                    }
                    // Stopped at the second start.
                    let mut seen = Vec::new();
                    let done = each_long_run(text.as_bytes(), |start| {
                        seen.push(start);
                        seen.len() < 2
                    });
                    assert_eq!(done, long.len() < 2, "{text:?}");
                    assert_eq!(seen, long[..long.len().min(2)], "{text:?}");
                }
                let expected: Vec<Shaped> = expected
                    .into_iter()
                    .filter(|r| has_content_shape(&text[r.clone()]))
                    .map(|r| Shaped {
                        start: r.start,
                        end: r.end,
                        initial: StemIds::initial_bits(&text[r.clone()]),
                        head: stem_head(text[r].as_bytes()),
                    })
                    .collect();
                assert_eq!(shaped, expected, "{text:?}");
                // Stopped at the second word.
                let mut seen = Vec::new();
                let done = each_shaped(&text, |w| {
                    seen.push(w.start);
                    seen.len() < 2
                });
                assert_eq!(done, expected.len() < 2, "{text:?}");
                let first: Vec<usize> = expected.iter().take(2).map(|w| w.start).collect();
                assert_eq!(seen, first, "{text:?}");
            }
        }
        assert!(plain > 20_000, "few plain texts: {plain}");
    }

    /// [`plain_alnum`] is [`ascii_alnum`] on every ASCII byte in every lane.
    #[test]
    fn plain_alnum_is_ascii_alnum() {
        for b in 0..0x80u8 {
            for lane in 0..8 {
                // The other lanes hold bytes on both sides of each range's edges.
                let mut bytes = [b'@', b'[', b'/', b':', b'`', b'{', 0x7f, 0];
                bytes[lane] = b;
                let x = u64::from_le_bytes(bytes);
                assert_eq!(plain_alnum(x), crate::lanes::ascii_alnum(x), "{b}");
            }
        }
    }

    /// [`is_plain`] is true exactly for texts without a byte that is not ASCII, an apostrophe,
    /// a `` ` `` or a `$`.
    #[test]
    fn plain_texts() {
        let mut special = 0;
        for text in generated_texts(true) {
            let expected = !text.chars().any(|c| !c.is_ascii() || "'`$".contains(c));
            special += usize::from(!expected);
            assert_eq!(is_plain(&text), expected, "{text:?}");
        }
        assert!(special > 5_000, "few special texts: {special}");
    }

    /// The content words of a text as the rule first found them: from the tokens, each looked
    /// up.
    fn reference_words(ids: &mut StemIds, text: &str) -> Vec<(u32, Range<usize>)> {
        tokens(text)
            .iter()
            .filter(|t| {
                t.word
                    && !t.code
                    && t.text.chars().count() >= 4
                    && t.text.chars().any(char::is_alphabetic)
            })
            .filter_map(|t| Some((ids.content_id(&t.lower)?, t.range.clone())))
            .collect()
    }

    /// [`cue_in`] as the rule first computed it: every word of every text stemmed, then the
    /// sets compared.
    fn reference_cue(
        ids: &mut StemIds,
        stem: &str,
        key: &str,
        distractors: &[&str],
    ) -> Option<Cue> {
        let key_words = reference_words(ids, key);
        let stem_words = reference_words(ids, stem);
        let stems: FastSet<u32> = stem_words.iter().map(|&(s, _)| s).collect();
        let mut distractor_words: FastSet<u32> = FastSet::default();
        for d in distractors {
            distractor_words.extend(reference_words(ids, d).into_iter().map(|(s, _)| s));
        }
        key_words
            .into_iter()
            .find(|(s, _)| stems.contains(s) && !distractor_words.contains(s))
            .map(|(s, range)| {
                let in_stem = stem_words
                    .iter()
                    .find(|(t, _)| *t == s)
                    .map_or(0..0, |(_, r)| r.clone());
                (key[range.clone()].to_owned(), range, in_stem)
            })
    }

    /// Stems, keys and distractors drawn from a small vocabulary of words that stem alike
    /// (and some that do not), stop words, short words, numbers, capitals, code and letters
    /// that are not ASCII: the rule's cue is the reference's on every one.
    #[test]
    fn cue_is_the_reference_cue() {
        let pieces = [
            "cache",
            "caches",
            "Cached",
            "CACHING",
            "cachet",
            "write",
            "writes",
            "writing",
            "memory",
            "memories",
            "Memorie",
            "line",
            "lines",
            "lijnen",
            "gewicht",
            "gewichten",
            "Gewicht",
            "schijf",
            "schijven",
            "the",
            "The",
            "which",
            "welke",
            "deze",
            "door",
            "een",
            "de",
            "is",
            "a",
            "of",
            "die",
            "dying",
            "dies",
            "1024",
            "x86",
            "2fa",
            "één",
            "Één",
            "über",
            "éen",
            "GPU's",
            "gpu",
            "it's",
            "`cache`",
            "$line$",
            "**cache**",
            "Straße",
            "strasse",
            "ΣΊΣΥΦΟΣ",
            "naïve",
            "naive",
            "sleutelafleidingsfunctie",
            "sleutelafleidingsfuncties",
            "data",
            "Data",
            "datum",
            "daten",
            "dying",
            "dies",
            "died",
            "Lying",
            "lies",
            "aing",
            "aedly",
            "Oingly",
            "eing",
            "skies",
            "sky",
        ];
        let glue = [" ", " ", ", ", ". ", "? ", "\n", "-", "'"];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: usize| (xorshift(&mut state) % n as u64) as usize;
        let mut text = |words: usize| {
            let mut t = String::new();
            for _ in 0..1 + next(words) {
                t.push_str(pieces[next(pieces.len())]);
                t.push_str(glue[next(glue.len())]);
            }
            t
        };
        let mut cues = 0;
        for l in Lexicon::all().unwrap_or_default() {
            for i in 0..10_000 {
                // Some long stems.
                let stem = text(if i % 8 == 0 { 150 } else { 12 });
                // And keys with more words than `cue_in` keeps on the stack.
                let key = text(if i % 8 == 0 { 60 } else { 6 });
                let distractors: Vec<String> = (0..3).map(|_| text(6)).collect();
                let distractors: Vec<&str> = distractors.iter().map(String::as_str).collect();
                let (fast, reference) = l.with_stem_ids(|ids| {
                    (
                        cue_in(ids, &stem, &key, distractors.iter().copied()),
                        reference_cue(ids, &stem, &key, &distractors),
                    )
                });
                cues += usize::from(reference.is_some());
                assert_eq!(fast, reference, "{stem:?} {key:?} {distractors:?}");
            }
        }
        assert!(cues > 2_000, "the generator rarely builds a cue: {cues}");
    }

    /// The texts of the shipped bank and of the lint fixtures, by question: for each language
    /// (`""` where a text is not translated), the stem and the options.
    fn fixture_questions() -> Vec<(String, Vec<String>)> {
        fn texts(v: &toml::Value) -> Vec<(String, String)> {
            match v {
                toml::Value::String(s) => vec![(String::new(), s.clone())],
                toml::Value::Table(t) => t
                    .iter()
                    .filter_map(|(lang, v)| Some((lang.clone(), v.as_str()?.to_owned())))
                    .collect(),
                _ => Vec::new(),
            }
        }
        fn walk(dir: &std::path::Path, out: &mut Vec<(String, Vec<String>)>) {
            let Ok(entries) = std::fs::read_dir(dir) else {
                return;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, out);
                    continue;
                }
                let Ok(source) = std::fs::read_to_string(&path) else {
                    continue;
                };
                let Ok(file) = source.parse::<toml::Table>() else {
                    continue;
                };
                let Some(questions) = file.get("question").and_then(|q| q.as_array()) else {
                    continue;
                };
                for q in questions {
                    let (Some(stem), Some(options)) =
                        (q.get("stem"), q.get("options").and_then(|o| o.as_array()))
                    else {
                        continue;
                    };
                    for (lang, stem) in texts(stem) {
                        let options: Vec<String> = options
                            .iter()
                            .flat_map(texts)
                            .filter(|(l, _)| *l == lang)
                            .map(|(_, text)| text)
                            .collect();
                        out.push((stem, options));
                    }
                }
            }
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut out = Vec::new();
        walk(&root.join("../../questions"), &mut out);
        walk(&root.join("tests/fixtures"), &mut out);
        out
    }

    /// The words of the fixture texts and some made up: short words with the endings that
    /// the stemmers remove or change, in lower and upper case.
    fn head_test_words() -> Vec<String> {
        let mut words: FastSet<String> = FastSet::default();
        for (stem, options) in fixture_questions() {
            for text in std::iter::once(&stem).chain(&options) {
                words.extend(prose_words(text).map(|r| text[r].to_owned()));
            }
        }
        let starts = [
            "a", "e", "i", "o", "u", "y", "Y", "d", "l", "t", "s", "sk", "x", "2", "ab", "ee",
            "ie", "ye", "yy", "aa", "ij", "o'", "ge", "be", "ka", "ma", "zee", "dy", "ly", "ty",
            "cr", "st", "gen", "com", "ars",
        ];
        let middles = [
            "", "a", "e", "i", "y", "s", "b", "bb", "kk", "dd", "tt", "aa", "ee", "oo", "uu", "n",
            "ss", "l", "ll", "t", "ic", "at", "iz", "v", "z",
        ];
        let endings = [
            "", "s", "'s", "es", "ies", "ied", "sses", "ss", "us", "ed", "eed", "edly", "eedly",
            "ing", "ingly", "ying", "y", "ly", "li", "e", "en", "ene", "se", "heid", "heden",
            "end", "ig", "lijk", "baar", "bar", "ational", "tional", "ation", "ator", "ness",
            "ful", "al", "ment", "ement", "ize", "ise", "er", "ous", "ive",
        ];
        for a in starts {
            for b in middles {
                for c in endings {
                    for word in [format!("{a}{b}{c}"), format!("{a}{b}{c}").to_uppercase()] {
                        words.insert(word);
                    }
                }
            }
        }
        let letters = b"aeiouysdngltbkr'";
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..100_000 {
            let len = 4 + xorshift(&mut state) % 6;
            let word: Vec<u8> = (0..len)
                .map(|_| letters[(xorshift(&mut state) % letters.len() as u64) as usize])
                .collect();
            words.insert(String::from_utf8(word).unwrap_or_default());
        }
        // Only what the rule may take for a content word.
        words
            .into_iter()
            .filter(|w| has_content_shape(w) && prose_words(w).eq(std::iter::once(0..w.len())))
            .collect()
    }

    /// What [`stem_head`] rests on: where it gives a head, the word's stem starts with it, in
    /// both languages; and where it gives none for a word of ASCII, that is needed for some.
    #[test]
    fn stems_keep_their_head() {
        let words = head_test_words();
        assert!(words.len() > 100_000, "{}", words.len());
        let mut needed = 0;
        for l in Lexicon::all().unwrap_or_default() {
            for word in &words {
                let stem = l.stem(&crate::text::lowercase(word));
                match stem_head(word.as_bytes()) {
                    Some(head) => assert!(
                        stem.as_bytes().starts_with(&head.to_be_bytes()),
                        "{word:?} stems to {stem:?} ({})",
                        l.lang
                    ),
                    None if word.is_ascii() => {
                        let lower = word.to_ascii_lowercase();
                        needed += usize::from(!stem.starts_with(&lower[..2]));
                    }
                    None => {}
                }
            }
        }
        assert!(needed >= 6, "the exceptions are never needed: {needed}");
    }

    /// [`cue_in`] is the reference on the texts of every question of the shipped bank and the
    /// fixtures, with each option in turn as the key, and on texts made of their words.
    #[test]
    fn cue_is_the_reference_cue_on_fixture_texts() {
        let questions = fixture_questions();
        assert!(questions.len() > 100, "{}", questions.len());
        let mut words: Vec<String> = Vec::new();
        let mut cues = 0;
        for l in Lexicon::all().unwrap_or_default() {
            for (stem, options) in &questions {
                words.extend(prose_words(stem).map(|r| stem[r].to_owned()));
                for key in 0..options.len() {
                    let distractors: Vec<&str> = (0..options.len())
                        .filter(|&i| i != key)
                        .map(|i| options[i].as_str())
                        .collect();
                    let (fast, reference) = l.with_stem_ids(|ids| {
                        (
                            cue_in(ids, stem, &options[key], distractors.iter().copied()),
                            reference_cue(ids, stem, &options[key], &distractors),
                        )
                    });
                    cues += usize::from(reference.is_some());
                    assert_eq!(fast, reference, "{stem:?} {key} {options:?}");
                }
            }
        }
        assert!(cues > 50, "the fixtures rarely have a cue: {cues}");
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: usize| (xorshift(&mut state) % n as u64) as usize;
        let mut text = |words: &[String], n: usize| {
            let mut t = String::new();
            for _ in 0..1 + next(n) {
                t.push_str(&words[next(words.len())]);
                t.push(' ');
            }
            t
        };
        let mut made = 0;
        for l in Lexicon::all().unwrap_or_default() {
            for _ in 0..5_000 {
                // A small vocabulary for each question, so that words meet.
                let vocabulary: Vec<String> = (0..12).map(|_| text(&words, 1)).collect();
                let stem = text(&vocabulary, 12);
                let key = text(&vocabulary, 6);
                let distractors: Vec<String> = (0..3).map(|_| text(&vocabulary, 6)).collect();
                let distractors: Vec<&str> = distractors.iter().map(String::as_str).collect();
                let (fast, reference) = l.with_stem_ids(|ids| {
                    (
                        cue_in(ids, &stem, &key, distractors.iter().copied()),
                        reference_cue(ids, &stem, &key, &distractors),
                    )
                });
                made += usize::from(reference.is_some());
                assert_eq!(fast, reference, "{stem:?} {key:?} {distractors:?}");
            }
        }
        assert!(made > 200, "the generator rarely builds a cue: {made}");
    }
}
