//! Arbitrary bytes as `quizkit.toml`: the loader never panics, and its diagnostics point inside
//! the file and render.
//! The body is shared with the stable corpus replay: `quizkit_tests::fuzz_bodies::load_config`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| quizkit_tests::fuzz_bodies::load_config(data));
