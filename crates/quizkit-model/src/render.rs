//! Rendering diagnostics for people: one miette report per finding, with the label on the
//! exact characters, the way `quizkit lint` prints them.
//!
//! Pure: it renders to a string. Each file's line index is built once per rendering, so that
//! a report finds the lines around its span without reading the file from its start.

use std::fmt;
use std::path::Path;
use std::sync::OnceLock;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    SourceCode, SourceSpan, SpanContents,
};

use crate::{Diagnostic, Severity, SourceFile};

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

/// Where the lines of a text start, as miette counts lines: after each `\n`, `\r\n` or lone
/// `\r`.
#[derive(Debug)]
struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    starts.push(i + 2);
                    i += 2;
                    continue;
                }
                b'\r' | b'\n' => starts.push(i + 1),
                _ => {}
            }
            i += 1;
        }
        LineIndex { starts }
    }

    /// The 0-based line that byte `offset` is on.
    fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }
}

/// A file's text under the name the user knows it by, with its line index (built on first
/// use, once for all the reports into the file).
struct Named<'a> {
    name: String,
    text: &'a str,
    lines: &'a OnceLock<LineIndex>,
}

impl SourceCode for Named<'_> {
    /// What `str`'s `read_span` gives, read from a few lines before the span rather than from
    /// the start of the text: miette's scan there starts at a line start at least
    /// `context_lines_before + 1` lines up, where it finds the same lines, and its line
    /// numbers and offsets are shifted back.
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        // miette 7.6 slices out of range (a panic) for a span that starts past the end of an
        // empty text; a span that starts past the end is out of bounds whatever the text.
        if span.offset() > self.text.len() {
            return Err(MietteError::OutOfBounds);
        }
        let lines = self.lines.get_or_init(|| LineIndex::new(self.text));
        let line = lines.line_of(span.offset().min(self.text.len()));
        let from_line = line.saturating_sub(context_lines_before + 1);
        let base = lines.starts[from_line];
        let shifted = SourceSpan::new((span.offset().saturating_sub(base)).into(), span.len());
        let window = &self.text[base..];
        let contents = window.read_span(&shifted, context_lines_before, context_lines_after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            contents.data(),
            SourceSpan::new(
                (contents.span().offset() + base).into(),
                contents.span().len(),
            ),
            contents.line() + from_line,
            contents.column(),
            contents.line_count() + from_line,
        )))
    }
}

/// One finding, as miette sees it.
struct Report<'a> {
    diagnostic: &'a Diagnostic,
    source: Option<Named<'a>>,
    code: String,
    labels: Vec<LabeledSpan>,
    related: Vec<Report<'a>>,
    message: String,
}

impl<'a> Report<'a> {
    fn new(findings: &Findings<'a>, lines: &'a [OnceLock<LineIndex>], d: &'a Diagnostic) -> Self {
        let named = |file: usize, s: &'a SourceFile| Named {
            name: findings.display_path(&s.path),
            text: &s.text,
            lines: &lines[file],
        };
        let source = d
            .file
            .and_then(|f| Some((f.0 as usize, findings.sources.get(f.0 as usize)?)))
            .map(|(file, s)| named(file, s));
        let clamp = |span: &std::ops::Range<usize>, len: usize| {
            let start = span.start.min(len);
            let end = span.end.clamp(start, len);
            SourceSpan::from(start..end)
        };
        let len = source.as_ref().map_or(0, |s| s.text.len());
        let mut labels = Vec::new();
        let mut related = Vec::new();
        if source.is_some() {
            labels.push(LabeledSpan::new_primary_with_span(
                Some(d.label.clone().unwrap_or_else(|| d.message.clone())),
                clamp(&d.span, len),
            ));
            for r in &d.related {
                if Some(r.file) == d.file {
                    labels.push(LabeledSpan::new_with_span(
                        Some(r.message.clone()),
                        clamp(&r.span, len),
                    ));
                } else if let Some(other) = findings.sources.get(r.file.0 as usize) {
                    let other_len = other.text.len();
                    related.push(Report {
                        diagnostic: d,
                        source: Some(named(r.file.0 as usize, other)),
                        code: String::new(),
                        labels: vec![LabeledSpan::new_primary_with_span(
                            Some(r.message.clone()),
                            clamp(&r.span, other_len),
                        )],
                        related: Vec::new(),
                        message: r.message.clone(),
                    });
                }
            }
        }
        let message = match &d.question {
            Some(id) => format!("{} (question `{id}`)", d.message),
            None => d.message.clone(),
        };
        Report {
            diagnostic: d,
            source,
            code: format!("{} {}", d.code, d.name),
            labels,
            related,
            message,
        }
    }
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        (!self.code.is_empty()).then(|| Box::new(&self.code) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diagnostic.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Info => miette::Severity::Advice,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        if self.code.is_empty() {
            return None;
        }
        self.diagnostic
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        (!self.labels.is_empty())
            .then(|| Box::new(self.labels.iter().cloned()) as Box<dyn Iterator<Item = LabeledSpan>>)
    }

    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn miette::Diagnostic> + 'b>> {
        (!self.related.is_empty()).then(|| {
            Box::new(self.related.iter().map(|r| r as &dyn miette::Diagnostic))
                as Box<dyn Iterator<Item = &'b dyn miette::Diagnostic>>
        })
    }
}

fn handler(color: bool, width: usize) -> GraphicalReportHandler {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    GraphicalReportHandler::new_themed(theme)
        .with_width(width)
        .with_links(false)
}

/// Renders every finding to a string, one report each, wrapped at `width` columns.
pub fn render(findings: &Findings<'_>, color: bool, width: usize) -> String {
    let handler = handler(color, width);
    let lines: Vec<OnceLock<LineIndex>> =
        findings.sources.iter().map(|_| OnceLock::new()).collect();
    let mut out = String::new();
    for d in findings.diagnostics {
        let report = Report::new(findings, &lines, d);
        let _ = handler.render_report(&mut out, &report);
        out.push('\n');
    }
    out
}

/// A count and a noun that takes `s` in the plural: `1 question`, `2 questions`.
pub fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// One line that counts the findings by severity.
pub fn summary(diagnostics: &[Diagnostic]) -> String {
    let count = |s| diagnostics.iter().filter(|d| d.severity == s).count();
    let (errors, warnings, infos) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info),
    );
    format!(
        "Found {}, {} and {}.",
        plural(errors, "error"),
        plural(warnings, "warning"),
        plural(infos, "note")
    )
}

/// Renders a failure that points at no file (a usage or I/O error) as a report of its own.
pub fn render_failure(message: &str, help: Option<&str>, color: bool, width: usize) -> String {
    let d = Diagnostic {
        code: "",
        name: "",
        severity: Severity::Error,
        message: message.to_owned(),
        file: None,
        span: 0..0,
        label: None,
        help: help.map(str::to_owned),
        question: None,
        related: Vec::new(),
    };
    let report = Report {
        diagnostic: &d,
        source: None,
        code: "error".into(),
        labels: Vec::new(),
        related: Vec::new(),
        message: d.message.clone(),
    };
    let mut out = String::new();
    let _ = handler(color, width).render_report(&mut out, &report);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Texts of lines of every kind of ending, and spans anywhere in them.
    fn texts_and_spans() -> impl Strategy<Value = (String, usize, usize, usize, usize)> {
        let piece = prop::sample::select(vec!["a", "bc", "é", " ", "\n", "\r\n", "\r", "\n\n"]);
        prop::collection::vec(piece, 0..40).prop_flat_map(|pieces| {
            let text = pieces.concat();
            let len = text.len();
            (Just(text), 0..=len + 2, 0..=len + 2, 0..4usize, 0..4usize)
        })
    }

    #[test]
    fn a_span_past_the_end_of_an_empty_text_is_out_of_bounds_not_a_panic() {
        let lines = OnceLock::new();
        let named = Named {
            name: "f".into(),
            text: "",
            lines: &lines,
        };
        assert!(
            named
                .read_span(&SourceSpan::new(1.into(), 0), 0, 0)
                .is_err()
        );
    }

    proptest! {
        /// The report's source read from a few lines up is what miette reads from the start.
        #[test]
        fn windowed_spans_are_miettes((text, offset, len, before, after) in texts_and_spans()) {
            let lines = OnceLock::new();
            let named = Named { name: "f".into(), text: &text, lines: &lines };
            let span = SourceSpan::new(offset.into(), len);
            let ours = named.read_span(&span, before, after);
            if offset > text.len() {
                // miette itself may panic here (an empty text); ours is out of bounds.
                prop_assert!(ours.is_err());
                return Ok(());
            }
            let theirs = text.as_str().read_span(&span, before, after);
            match (ours, theirs) {
                (Ok(ours), Ok(theirs)) => {
                    prop_assert_eq!(ours.data(), theirs.data());
                    prop_assert_eq!(ours.span(), theirs.span());
                    prop_assert_eq!(ours.line(), theirs.line());
                    prop_assert_eq!(ours.column(), theirs.column());
                    prop_assert_eq!(ours.line_count(), theirs.line_count());
                    prop_assert_eq!(ours.name(), Some("f"));
                }
                (Err(_), Err(_)) => {}
                (ours, theirs) => prop_assert!(false, "{:?} vs {:?}", ours.is_ok(), theirs.is_ok()),
            }
        }
    }

    #[test]
    fn summary_counts_by_severity() {
        assert_eq!(summary(&[]), "Found 0 errors, 0 warnings and 0 notes.");
    }
}
