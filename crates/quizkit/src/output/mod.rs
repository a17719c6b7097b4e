//! Rendering diagnostics for people and for machines.

pub mod github;
pub mod human;
pub mod json;
pub mod junit;
pub mod sarif;
pub mod statistics;

pub use quizkit_model::render::Findings;
