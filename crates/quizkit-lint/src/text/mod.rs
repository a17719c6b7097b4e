//! Text helpers shared by rules: offsets in a string value mapped back to the TOML source
//! ([`locate`]), words ([`tokens`]), Markdown-stripped and normalized text ([`plain`],
//! [`normalize`]) and numbers ([`numbers`]).

mod locate;
mod numbers;
mod plain;
mod tokens;

pub use locate::{locate, raw_offsets};
pub use numbers::{Number, numbers, outside_code};
pub use plain::{normalize, normalize_plain, plain, plain_len};
pub use tokens::{Token, code_ranges, lowercase, pieces, tokens, words};
