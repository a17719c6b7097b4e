//! Placeholder, replaced by the claims benchmark.
fn main() {}
