//! Helpers shared by quizkit's end-to-end tests.
