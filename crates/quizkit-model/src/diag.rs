//! Diagnostics as data: what is wrong, where, and what to do.

use std::ops::Range;

/// Index of a source file in [`Loaded::sources`](crate::Loaded::sources).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// A file of the bank as read: its path relative to the bank root (with `/`) and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// Path relative to the bank root, `/`-separated.
    pub path: String,
    /// The text (invalid UTF-8 replaced, so spans still point near the fault).
    pub text: String,
}

impl SourceFile {
    /// The 1-based line and column (in characters) of byte `offset`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(&self.text, offset.min(self.text.len()));
        let before = &self.text[..offset];
        let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        (line, column)
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Fails the run.
    Error,
    /// Should be fixed; fails the run only when asked to.
    Warning,
    /// For information.
    Info,
}

impl Severity {
    /// `error`, `warning` or `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// A secondary location that explains a finding ("first written here").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Related {
    /// The file.
    pub file: FileId,
    /// The byte range in that file.
    pub span: Range<usize>,
    /// What is there.
    pub message: String,
}

/// One finding of the loader or of a lint rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code: `S002` for the loader's findings, a rule's code for lint's.
    pub code: &'static str,
    /// Kebab-case name of the code (`unknown-key`, `duplicate-options`).
    pub name: &'static str,
    /// How serious it is.
    pub severity: Severity,
    /// What is wrong.
    pub message: String,
    /// The file, or `None` for a finding about the bank as a whole without a file.
    pub file: Option<FileId>,
    /// The byte range of the offending characters.
    pub span: Range<usize>,
    /// The label at the span, when it says more than the message.
    pub label: Option<String>,
    /// What to do about it.
    pub help: Option<String>,
    /// The id of the question concerned.
    pub question: Option<String>,
    /// Other places that explain the finding.
    pub related: Vec<Related>,
}

impl Diagnostic {
    /// A diagnostic with the required parts; add the rest with the builder methods.
    pub fn new(
        code: &'static str,
        name: &'static str,
        severity: Severity,
        file: FileId,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            code,
            name,
            severity,
            message: message.into(),
            file: Some(file),
            span,
            label: None,
            help: None,
            question: None,
            related: Vec::new(),
        }
    }

    /// Sets the label at the primary span.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Sets the help text.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Sets the question id.
    pub fn with_question(mut self, id: impl Into<String>) -> Self {
        self.question = Some(id.into());
        self
    }

    /// Adds a related location.
    pub fn with_related(
        mut self,
        file: FileId,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        self.related.push(Related {
            file,
            span,
            message: message.into(),
        });
        self
    }

    /// The order diagnostics are reported in: by file path, position, then code and message.
    pub fn sort_key<'a>(&'a self, sources: &'a [SourceFile]) -> impl Ord + 'a {
        let path = self
            .file
            .and_then(|f| sources.get(f.0 as usize))
            .map(|s| s.path.as_str());
        (
            path,
            (self.span.start, self.span.end),
            self.code,
            &self.message,
            &self.question,
        )
    }
}

/// Sorts diagnostics into their reporting order, which never depends on thread scheduling.
pub fn sort_diagnostics(diagnostics: &mut [Diagnostic], sources: &[SourceFile]) {
    diagnostics.sort_by(|a, b| a.sort_key(sources).cmp(&b.sort_key(sources)));
}
