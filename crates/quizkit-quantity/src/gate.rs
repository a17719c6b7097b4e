//! A quick test that rules most words out of a small, fixed set of words.

/// Word lengths told apart; longer words share the last slot.
const LENGTHS: usize = 32;

/// For a fixed set of words, a bit for the first and one for the last byte of the words of
/// each length (bytes taken modulo 64, so `B` and `b` differ). A word whose length has no bit
/// for its first or last byte is not in the set; one that passes may still not be, and must
/// be compared. Lookups in prose see ordinary words far more often than set members, and
/// this sends almost all of them away in a few instructions, where comparing them with every
/// member would cost dozens.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WordGate {
    first: [u64; LENGTHS],
    last: [u64; LENGTHS],
}

impl WordGate {
    /// The gate of the empty set.
    pub(crate) const EMPTY: WordGate = WordGate {
        first: [0; LENGTHS],
        last: [0; LENGTHS],
    };

    /// The gate of this set and `words`. Empty words are never members.
    pub(crate) const fn with(mut self, words: &[&str]) -> WordGate {
        let mut i = 0;
        while i < words.len() {
            self.add(words[i]);
            i += 1;
        }
        self
    }

    /// The gate of this set and the words that are the keys of `table`.
    pub(crate) const fn with_keys<T>(mut self, table: &[(&str, T)]) -> WordGate {
        let mut i = 0;
        while i < table.len() {
            self.add(table[i].0);
            i += 1;
        }
        self
    }

    const fn add(&mut self, word: &str) {
        let w = word.as_bytes();
        if !w.is_empty() {
            let len = slot(w.len());
            self.first[len] |= bit(w[0]);
            self.last[len] |= bit(w[w.len() - 1]);
        }
    }

    /// False when `word` (its UTF-8) is not in the set; true when it may be.
    pub(crate) fn may_contain(&self, word: &[u8]) -> bool {
        let w = word;
        let (Some(&first), Some(&last)) = (w.first(), w.last()) else {
            return false;
        };
        let len = slot(w.len());
        self.first[len] & bit(first) != 0 && self.last[len] & bit(last) != 0
    }
}

const fn slot(len: usize) -> usize {
    if len < LENGTHS { len } else { LENGTHS - 1 }
}

const fn bit(b: u8) -> u64 {
    1 << (b & 63)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_pass_and_most_others_do_not() {
        let words = [
            "B",
            "byte",
            "bytes",
            "ongeveer",
            "zo'n",
            "a-very-long-word-of-more-than-32-bytes",
        ];
        let gate = WordGate::EMPTY
            .with(&words[..3])
            .with_keys(&words[3..].iter().map(|w| (*w, ())).collect::<Vec<_>>());
        for w in words {
            assert!(gate.may_contain(w.as_bytes()), "{w}");
        }
        assert!(gate.may_contain(b"a-very-long-word-of-even-more-than-32-bytes"));
        for w in ["", "b", "the", "bytez", "Byte", "ongeveeR", "zon", "by"] {
            assert!(!gate.may_contain(w.as_bytes()), "{w}");
        }
    }
}
