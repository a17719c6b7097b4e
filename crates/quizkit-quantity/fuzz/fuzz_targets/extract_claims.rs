//! Any text: extraction returns spans inside the text, and every claim it returns parses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quizkit_quantity::{Error, Lang, Options, extract_claims};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for lang in [Lang::Nl, Lang::En] {
        for c in extract_claims(text, lang) {
            assert!(c.span.end <= text.len() && text.is_char_boundary(c.span.start));
            let checked = c.check(&Options::default());
            assert!(!matches!(checked, Err(Error::Syntax { .. })), "{}", c.expr);
        }
    }
});
