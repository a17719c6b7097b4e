//! Human output: one miette report per finding, with the label on the exact characters.

use std::fmt;
use std::io::Write;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    SourceCode, SourceSpan, SpanContents,
};
use quizkit_model::{Diagnostic, Severity, SourceFile};

use super::Findings;
use crate::cli::GlobalArgs;
use crate::fsio::Failure;

/// Width reports are wrapped at.
pub const WIDTH: usize = 100;

/// A file's text under the name the user knows it by.
struct Named<'a> {
    name: String,
    text: &'a str,
}

impl SourceCode for Named<'_> {
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        let contents = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            contents.data(),
            *contents.span(),
            contents.line(),
            contents.column(),
            contents.line_count(),
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
    fn new(findings: &Findings<'a>, d: &'a Diagnostic) -> Self {
        let source = findings.source(d).map(|s: &SourceFile| Named {
            name: findings.display_path(&s.path),
            text: &s.text,
        });
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
                        source: Some(Named {
                            name: findings.display_path(&other.path),
                            text: &other.text,
                        }),
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

/// Renders every finding to a string, one report each.
pub fn render(findings: &Findings<'_>, color: bool, width: usize) -> String {
    let handler = handler(color, width);
    let mut out = String::new();
    for d in findings.diagnostics {
        let report = Report::new(findings, d);
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

/// Prints a failure (usage or I/O) on standard error.
pub fn print_error(global: &GlobalArgs, failure: &Failure) {
    let d = Diagnostic {
        code: "",
        name: "",
        severity: Severity::Error,
        message: failure.message.clone(),
        file: None,
        span: 0..0,
        label: None,
        help: failure.help.clone(),
        question: None,
        related: Vec::new(),
    };
    let mut out = String::new();
    let report = Report {
        diagnostic: &d,
        source: None,
        code: "error".into(),
        labels: Vec::new(),
        related: Vec::new(),
        message: d.message.clone(),
    };
    let _ = handler(global.color_stderr(), WIDTH).render_report(&mut out, &report);
    let _ = std::io::stderr().write_all(out.as_bytes());
}
