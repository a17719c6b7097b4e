//! Eight bytes tested at once, one in each lane of a `u64` (the first byte in the lowest): the
//! text scanners use these so that the many bytes that need nothing cost no branch each. And
//! [`classify`], sixty-four bytes at once into a bit each, with SSE2 where the target has it.

/// A one in each lane: times a byte, that byte in every lane.
pub(crate) const LANES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each lane.
pub(crate) const HIGH: u64 = LANES * 0x80;

/// The high bit of each lane of `x` whose byte is in `lo..=hi`, two ASCII bytes with `lo > 0`:
/// no carry crosses into the next lane, since the high bits are cleared before the sums (each
/// sum stays below 256), and bytes that are not ASCII are never in range.
pub(crate) fn lanes_in(x: u64, lo: u8, hi: u8) -> u64 {
    let low = x & !HIGH;
    let at_least_lo = low + LANES * u64::from(0x80 - lo);
    let above_hi = low + LANES * u64::from(0x7f - hi);
    at_least_lo & !above_hi & !x & HIGH
}

/// The high bit of each lane of `x` whose byte is `b`.
pub(crate) fn lanes_eq(x: u64, b: u8) -> u64 {
    let y = x ^ (LANES * u64::from(b));
    !(((y & !HIGH) + !HIGH) | y) & HIGH
}

/// The high bit of each lane of `x` whose byte is an ASCII letter or digit.
pub(crate) fn ascii_alnum(x: u64) -> u64 {
    lanes_in(x, b'0', b'9') | lanes_in(x | (LANES * 0x20), b'a', b'z')
}

/// `x` with its ASCII capitals in lower case and every other byte as it is.
pub(crate) fn ascii_lower(x: u64) -> u64 {
    x | (lanes_in(x, b'A', b'Z') >> 2)
}

/// The bytes [`classify`] takes at once.
pub(crate) const BLOCK: usize = 64;

/// What [`classify`] tells of each byte of a block: one bit for each byte, the first byte's in
/// the lowest bit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Classes {
    /// ASCII letters and digits.
    pub(crate) alnum: u64,
    /// Apostrophes (`'`).
    pub(crate) apostrophes: u64,
    /// Bytes that are not ASCII.
    pub(crate) high: u64,
}

/// The [`Classes`] of the bytes of `block`: sixteen bytes to an instruction with SSE2, which
/// every x86-64 has, against eight at a time in a `u64` ([`ascii_alnum`], about thirty
/// instructions a block of eight).
#[inline(always)]
pub(crate) fn classify(block: &[u8; BLOCK]) -> Classes {
    #[cfg(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse2"
    ))]
    {
        sse2::classify(block)
    }
    #[cfg(not(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse2"
    )))]
    {
        classify_bytewise(block)
    }
}

/// The blocks of `bytes` for [`classify`], in order. The last one, where the text does not
/// fill it, is copied into `tail` with zeros after the text: they are no word's, so a word
/// there ends in that block.
pub(crate) fn blocks<'a>(
    bytes: &'a [u8],
    tail: &'a mut [u8; BLOCK],
) -> impl Iterator<Item = &'a [u8; BLOCK]> {
    let (whole, rest) = bytes.as_chunks::<BLOCK>();
    tail[..rest.len()].copy_from_slice(rest);
    tail[rest.len()..].fill(0);
    whole.iter().chain((!rest.is_empty()).then_some(&*tail))
}

/// [`classify`] a byte at a time: where the target has no SSE2, and the reference for it.
#[cfg(any(
    test,
    not(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse2"
    ))
))]
fn classify_bytewise(block: &[u8; BLOCK]) -> Classes {
    let mut classes = Classes::default();
    for (i, &b) in block.iter().enumerate() {
        classes.alnum |= u64::from(b.is_ascii_alphanumeric()) << i;
        classes.apostrophes |= u64::from(b == b'\'') << i;
        classes.high |= u64::from(!b.is_ascii()) << i;
    }
    classes
}

#[cfg(all(
    any(target_arch = "x86", target_arch = "x86_64"),
    target_feature = "sse2"
))]
mod sse2 {
    use safe_arch::{
        bitor_m128i, cmp_eq_mask_i8_m128i, load_unaligned_m128i, m128i, min_u8_m128i,
        move_mask_i8_m128i, set_splat_i8_m128i, sub_i8_m128i,
    };

    use super::{BLOCK, Classes};

    /// Every byte of `b` as an `i8`, in each lane.
    fn splat(b: u8) -> m128i {
        set_splat_i8_m128i(i8::from_ne_bytes([b]))
    }

    /// All ones in each lane of `x` whose byte is in `lo..=lo + span`: the byte minus `lo`
    /// (wrapping) is at most `span` when its minimum with `span` is itself.
    fn in_range(x: m128i, lo: u8, span: u8) -> m128i {
        let from_lo = sub_i8_m128i(x, splat(lo));
        cmp_eq_mask_i8_m128i(min_u8_m128i(from_lo, splat(span)), from_lo)
    }

    /// The high bit of each lane of `x` as sixteen bits.
    fn bits(x: m128i) -> u64 {
        u64::from(move_mask_i8_m128i(x) as u16)
    }

    /// [`super::classify`] with SSE2.
    #[inline(always)]
    pub(super) fn classify(block: &[u8; BLOCK]) -> Classes {
        let mut classes = Classes::default();
        let (chunks, _) = block.as_chunks::<16>();
        for (i, chunk) in chunks.iter().enumerate() {
            let x = load_unaligned_m128i(chunk);
            let alnum = bitor_m128i(
                in_range(x, b'0', 9),
                in_range(bitor_m128i(x, splat(0x20)), b'a', 25),
            );
            let at = 16 * i;
            classes.alnum |= bits(alnum) << at;
            classes.apostrophes |= bits(cmp_eq_mask_i8_m128i(x, splat(b'\''))) << at;
            classes.high |= bits(x) << at;
        }
        classes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`classify`] agrees with [`classify_bytewise`] for every byte in every place of a block.
    #[test]
    fn classify_every_byte_everywhere() {
        for b in 0..=255u8 {
            for at in 0..BLOCK {
                // The other bytes on both sides of each range's edges, and of the apostrophe.
                let mut block: [u8; BLOCK] = std::array::from_fn(|i| {
                    [b'@', b'[', b'/', b':', b'`', b'{', 0x80, 0xff, b'&', b'('][i % 10]
                });
                block[at] = b;
                assert_eq!(classify(&block), classify_bytewise(&block), "{b} at {at}");
            }
        }
    }

    #[test]
    fn every_byte_in_every_lane() {
        for b in 0..=255u8 {
            for lane in 0..8 {
                // The other lanes hold bytes on both sides of each range's edges.
                let mut bytes = [b'@', b'[', b'/', b':', b'`', b'{', 0x80, 0xff];
                bytes[lane] = b;
                let x = u64::from_le_bytes(bytes);
                let bit = |mask: u64| mask >> (8 * lane + 7) & 1 == 1;
                assert_eq!(bit(lanes_in(x, b'A', b'Z')), b.is_ascii_uppercase(), "{b}");
                assert!(bit(lanes_eq(x, b)), "{b}");
                assert!(!bit(lanes_eq(x, b.wrapping_add(1))), "{b}");
                assert_eq!(bit(ascii_alnum(x)), b.is_ascii_alphanumeric(), "{b}");
                let mut lower = bytes;
                lower.make_ascii_lowercase();
                assert_eq!(ascii_lower(x), u64::from_le_bytes(lower), "{b}");
            }
        }
    }
}
