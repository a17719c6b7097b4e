//! A generated bank through every exporter in `quizkit_export::ALL`: no panic, the same bytes
//! twice, safe paths, JSON and XML that parse, authored HTML escaped.
//! The body is shared with the stable corpus replay: `quizkit_tests::fuzz_bodies::export`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| quizkit_tests::fuzz_bodies::export(data));
