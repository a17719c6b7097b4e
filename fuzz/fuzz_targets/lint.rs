//! A generated bank through the lint engine, with the bank's selection and with every rule:
//! no panic, the same findings twice, spans inside their files.
//! The body is shared with the stable corpus replay: `quizkit_tests::fuzz_bodies::lint`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| quizkit_tests::fuzz_bodies::lint(data));
