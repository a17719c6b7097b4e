//! What the tests share: the tests that compare a fast path with its reference over generated
//! texts draw their pieces with one small deterministic generator.

/// Advances a xorshift64 state (never 0) and returns the new value.
pub(crate) fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}
