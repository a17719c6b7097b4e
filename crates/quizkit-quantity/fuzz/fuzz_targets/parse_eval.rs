//! Any input: `eval` and `check` return, never panic, and what they return is finite.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quizkit_quantity::{Options, check, eval};

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(q) = eval(src) {
        assert!(q.value().is_finite());
        let _ = q.to_string();
    }
    if let Ok(o) = check(src, &Options::default()) {
        assert!(o.computed.value().is_finite() && o.expected.value().is_finite());
        let _ = (o.to_string(), o.hint().map(|h| h.to_string()));
    }
});
