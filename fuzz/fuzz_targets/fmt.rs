//! Arbitrary bytes as each kind of bank file, through `quizkit fmt`'s formatter: no panic, an
//! error points inside the text, and a formatted text formats to itself and loads the same.
//! The body is shared with the stable corpus replay: `quizkit_tests::fuzz_bodies::fmt`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| quizkit_tests::fuzz_bodies::fmt(data));
