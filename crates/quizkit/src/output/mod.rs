//! Rendering diagnostics for people and for machines.

use std::path::Path;

use quizkit_model::{Diagnostic, SourceFile};

pub mod github;
pub mod human;
pub mod json;
pub mod junit;
pub mod sarif;
pub mod statistics;

/// Diagnostics with what is needed to render them: the files they point into and the bank root.
#[derive(Debug, Clone, Copy)]
pub struct Findings<'a> {
    /// The bank root as the user named it, prefixed to every path.
    pub root: &'a Path,
    /// The bank's files, indexed by `FileId`.
    pub sources: &'a [SourceFile],
    /// The diagnostics, sorted.
    pub diagnostics: &'a [Diagnostic],
}

impl<'a> Findings<'a> {
    /// The file a diagnostic points into.
    pub fn source(&self, d: &Diagnostic) -> Option<&'a SourceFile> {
        d.file.and_then(|f| self.sources.get(f.0 as usize))
    }

    /// The path of a bank file as the user would type it: the root joined with the file.
    pub fn display_path(&self, rel: &str) -> String {
        let root = self.root.to_string_lossy();
        if root.is_empty() || root == "." {
            rel.to_owned()
        } else {
            format!("{}/{rel}", root.trim_end_matches('/'))
        }
    }

    /// The path a diagnostic points into, or the bank root.
    pub fn path_of(&self, d: &Diagnostic) -> String {
        match self.source(d) {
            Some(source) => self.display_path(&source.path),
            None => self.root.to_string_lossy().into_owned(),
        }
    }

    /// The 1-based (line, column) of a diagnostic's start and end.
    pub fn positions(&self, d: &Diagnostic) -> ((usize, usize), (usize, usize)) {
        match self.source(d) {
            Some(s) => (s.line_col(d.span.start), s.line_col(d.span.end)),
            None => ((1, 1), (1, 1)),
        }
    }
}
