//! Arbitrary bytes as a CSV file through its importer, then the bank assembled from it: no panic, the same
//! result twice, diagnostics inside the file, and a bank that loads without a load error.
//! The body is shared with the stable corpus replay: `quizkit_tests::fuzz_bodies::import_csv`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| quizkit_tests::fuzz_bodies::import_csv(data));
