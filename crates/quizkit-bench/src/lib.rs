//! quizkit's benchmarks.
//!
//! - [`generate`]: a realistic bank of any size from a seed (20 categories × 50 topics, Dutch
//!   and English, the text lengths of the shipped bank, one question in ten a calculation with
//!   `checks`), written so that it lints clean.
//! - [`rows`]: the measured commands, each run once in this process: the floor (read and
//!   parse every file into a `toml::Table`, in parallel, nothing else), `quizkit`'s loader,
//!   lint, every export target, claim evaluation.
//! - [`runner`]: runs the rows as child processes, interleaved, and reports medians as ratios
//!   to the floor of the same run, with peak memory, parallel speed-up and linearity in N.
//!
//! The `quizkit-bench` binary puts them together; `BENCHMARKS.md` at the repository root has
//! the method and the figures.

pub mod generate;
pub mod rng;
pub mod rows;
pub mod runner;
pub mod words;
