//! quizkit's lint engine and its rule catalogue.
//!
//! A rule is one file in [`rules`]: its documentation (the same text `quizkit rule NAME`
//! prints), a struct whose fields make the message, and a plain check function over one
//! question or over the whole bank. [`rules::ALL`] lists them. [`lint`] runs the rules a
//! [`Selection`] enables, in parallel, applies the questions' `allow` lists, and returns
//! [`Diagnostic`](quizkit_model::Diagnostic)s sorted so that the output never depends on thread scheduling.
//!
//! The engine does no I/O: it takes a loaded bank and its source files and returns data.

mod analysis;
mod context;
mod engine;
pub mod lexicon;
mod quantities;
mod selection;
pub mod stats;
pub mod text;

pub mod rules;

use std::ops::Range;

pub use analysis::{Analysis, Text};
pub use context::{AllowUse, Context, Field, QuestionRef};
pub use engine::lint;
pub use selection::{Selection, UnknownSelector, check_selector};

use quizkit_model::{FileId, Related, Severity};

/// A rule's default level: a severity, or off until selected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Enabled; findings are errors.
    Error,
    /// Enabled; findings are warnings.
    Warning,
    /// Enabled; findings are notes.
    Info,
    /// Runs only when selected in `[lint]`.
    Off,
}

impl Level {
    /// The severity of findings at this level, or `None` when off.
    pub fn severity(self) -> Option<Severity> {
        match self {
            Level::Error => Some(Severity::Error),
            Level::Warning => Some(Severity::Warning),
            Level::Info => Some(Severity::Info),
            Level::Off => None,
        }
    }

    /// `error`, `warning`, `info` or `off`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Info => "info",
            Level::Off => "off",
        }
    }
}

/// What a rule looks at.
#[derive(Debug, Clone, Copy)]
pub enum Check {
    /// One question at a time; questions are checked in parallel.
    Question(fn(&Context<'_>, QuestionRef<'_>, &Analysis<'_>, &mut Vec<Finding>)),
    /// The whole bank at once.
    Bank(fn(&Context<'_>, &mut Vec<Finding>)),
    /// The questions' `allow` entries, after every other rule ran and was suppressed.
    Allows(fn(&Context<'_>, &[AllowUse<'_>], &mut Vec<Finding>)),
}

/// A lint rule.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    /// Stable code: a group letter and three digits (`K001`).
    pub code: &'static str,
    /// Stable kebab-case name (`duplicate-options`), named for the bad pattern.
    pub name: &'static str,
    /// The level it runs at unless configured otherwise.
    pub level: Level,
    /// One line: what it finds.
    pub summary: &'static str,
    /// Its documentation, in Markdown under the headings "What it does", "Why is this bad?",
    /// "Example" and "Use instead".
    pub docs: &'static str,
    /// The check.
    pub check: Check,
}

impl Rule {
    /// The group the rule belongs to, from the letter of its code.
    pub fn group(&self) -> &'static str {
        rules::group_of(self.code)
    }

    /// True when `name` is this rule's code or name.
    pub fn is_named(&self, name: &str) -> bool {
        self.code.eq_ignore_ascii_case(name) || self.name == name
    }
}

/// The rule with this code or name.
pub fn rule(name: &str) -> Option<&'static Rule> {
    rules::ALL.iter().find(|r| r.is_named(name))
}

/// What a finding says: a rule's violation struct turns its fields into the message.
pub trait Violation {
    /// What is wrong.
    fn message(&self) -> String;
    /// The label at the span, when it says more than the message.
    fn label(&self) -> Option<String> {
        None
    }
    /// What to do about it.
    fn help(&self) -> Option<String> {
        None
    }
}

/// One finding of a rule, before the engine gives it the rule's code and severity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The file.
    pub file: FileId,
    /// The byte range of the offending characters in the file.
    pub span: Range<usize>,
    /// What is wrong.
    pub message: String,
    /// The label at the span.
    pub label: Option<String>,
    /// What to do.
    pub help: Option<String>,
    /// The index of the question concerned in [`Context::questions`].
    pub question: Option<usize>,
    /// Other places that explain the finding.
    pub related: Vec<Related>,
}

impl Finding {
    /// A finding at `span` of `file`, worded by `violation`.
    pub fn new(file: FileId, span: Range<usize>, violation: &impl Violation) -> Self {
        Finding {
            file,
            span,
            message: violation.message(),
            label: violation.label(),
            help: violation.help(),
            question: None,
            related: Vec::new(),
        }
    }

    /// A finding about question `q`, at `span` of its file.
    pub fn on(q: QuestionRef<'_>, span: Range<usize>, violation: &impl Violation) -> Self {
        Finding {
            question: Some(q.index),
            ..Finding::new(q.question.file, span, violation)
        }
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
}

#[cfg(test)]
mod testing;
