//! Eight bytes tested at once, one in each lane of a `u64` (the first byte in the lowest): the
//! text scanners use these so that the many bytes that need nothing cost no branch each.

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

#[cfg(test)]
mod tests {
    use super::*;

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
