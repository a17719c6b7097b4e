//! The crate's error type.

use miette::{Diagnostic, SourceSpan};
use std::borrow::Cow;

/// Why an expression or claim could not be evaluated.
///
/// Every span is a byte range into the string that was parsed; shift it with
/// [`Error::offset`] (or [`Error::map_spans`]) to point into the file the string came from.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Diagnostic)]
#[non_exhaustive]
pub enum Error {
    /// The text is not an expression of the language.
    #[error("{message}")]
    #[diagnostic(code(quizkit::quantity::syntax))]
    Syntax {
        /// What is wrong.
        message: Cow<'static, str>,
        /// Where.
        #[label("{label}")]
        span: SourceSpan,
        /// The label text.
        label: Cow<'static, str>,
        /// What to do about it.
        #[help]
        help: Option<Cow<'static, str>>,
    },

    /// A word in a unit position that is not a unit.
    #[error("unknown unit `{name}`")]
    #[diagnostic(code(quizkit::quantity::unknown_unit))]
    UnknownUnit {
        /// The word as written.
        name: String,
        /// Where.
        #[label("not a unit")]
        span: SourceSpan,
        /// "did you mean …", when a unit is spelled close to it.
        #[help]
        help: Option<String>,
    },

    /// Two quantities of different dimensions were added, compared or converted.
    #[error("cannot {op}: left side is {left}, right side {right}")]
    #[diagnostic(code(quizkit::quantity::dimension_mismatch))]
    DimensionMismatch {
        /// What was attempted: "add", "subtract", "compare", "convert", "take the minimum of".
        op: &'static str,
        /// The left side's dimension in words ("a time").
        left: Cow<'static, str>,
        /// The right side's dimension in words ("an amount of information").
        right: Cow<'static, str>,
        /// The left operand.
        #[label("{left}")]
        left_span: SourceSpan,
        /// The right operand.
        #[label("{right}")]
        right_span: SourceSpan,
        /// The left side is a product no quantity is named for, the right side times a unit a
        /// factor of the computation is written in (`5,5 h × 0,5 l = 2,75 l`): the writer
        /// most likely left out a "per" (half a litre per hour).
        per_left_out: bool,
        /// What to do about it.
        #[help]
        help: Option<Cow<'static, str>>,
    },

    /// A power whose exponent has a unit, is not a whole number while the base has a unit, or
    /// makes a unit's exponent absurd (`B^1000`).
    #[error("{message}")]
    #[diagnostic(code(quizkit::quantity::invalid_power))]
    InvalidPower {
        /// What is wrong.
        message: Cow<'static, str>,
        /// The exponent.
        #[label("this exponent")]
        span: SourceSpan,
    },

    /// A number or result too large for a 64-bit float: `1e999`, `2^2^2^2^2^2`.
    #[error("number too large")]
    #[diagnostic(
        code(quizkit::quantity::overflow),
        help("results must stay below about 1.8e308")
    )]
    Overflow {
        /// The literal or operation that overflowed.
        #[label("this overflows")]
        span: SourceSpan,
    },

    /// Division by zero.
    #[error("division by zero")]
    #[diagnostic(code(quizkit::quantity::division_by_zero))]
    DivisionByZero {
        /// The divisor.
        #[label("this is zero")]
        span: SourceSpan,
    },

    /// A result that is not a number: `(-8)^0.5`, `0^0.5 - ...`.
    #[error("the result is undefined")]
    #[diagnostic(code(quizkit::quantity::undefined))]
    Undefined {
        /// The operation.
        #[label("undefined here")]
        span: SourceSpan,
    },

    /// The input is longer than [`crate::MAX_LEN`] bytes.
    #[error("expression too long: {len} bytes, the limit is {max}")]
    #[diagnostic(code(quizkit::quantity::too_long))]
    TooLong {
        /// The input's length in bytes.
        len: usize,
        /// The limit.
        max: usize,
        /// The part past the limit.
        #[label("past the limit")]
        span: SourceSpan,
    },

    /// Parentheses, signs or powers nested deeper than [`crate::MAX_DEPTH`].
    #[error("expression nested too deeply")]
    #[diagnostic(code(quizkit::quantity::too_deep))]
    TooDeep {
        /// Where the limit was reached.
        #[label("nesting limit reached here")]
        span: SourceSpan,
    },

    /// [`crate::check`] was given an expression without `=` or `≈`.
    #[error("not a claim: expected `=` or `≈` after the expression")]
    #[diagnostic(
        code(quizkit::quantity::not_a_claim),
        help("a claim is `expression = value` or `expression ≈ value`, e.g. `7e9 * 2 B = 14 GB`")
    )]
    NotAClaim {
        /// Where the relation was expected.
        #[label("expected `=` or `≈` here")]
        span: SourceSpan,
    },
}

impl Error {
    /// Shift every span by `by` bytes, e.g. to the string's offset in a TOML file.
    #[must_use]
    pub fn offset(self, by: usize) -> Error {
        self.map_spans(|s| SourceSpan::new((s.offset() + by).into(), s.len()))
    }

    /// Rewrite every span with `f`.
    #[must_use]
    pub fn map_spans(mut self, f: impl Fn(SourceSpan) -> SourceSpan) -> Error {
        match &mut self {
            Error::Syntax { span, .. }
            | Error::UnknownUnit { span, .. }
            | Error::InvalidPower { span, .. }
            | Error::Overflow { span }
            | Error::DivisionByZero { span }
            | Error::Undefined { span }
            | Error::TooLong { span, .. }
            | Error::TooDeep { span }
            | Error::NotAClaim { span } => *span = f(*span),
            Error::DimensionMismatch {
                left_span,
                right_span,
                ..
            } => {
                *left_span = f(*left_span);
                *right_span = f(*right_span);
            }
        }
        self
    }

    /// The main span: where the problem is (for a dimension mismatch, the left operand).
    pub fn span(&self) -> SourceSpan {
        match self {
            Error::Syntax { span, .. }
            | Error::UnknownUnit { span, .. }
            | Error::InvalidPower { span, .. }
            | Error::Overflow { span }
            | Error::DivisionByZero { span }
            | Error::Undefined { span }
            | Error::TooLong { span, .. }
            | Error::TooDeep { span }
            | Error::NotAClaim { span } => *span,
            Error::DimensionMismatch { left_span, .. } => *left_span,
        }
    }

    pub(crate) fn syntax(
        message: impl Into<Cow<'static, str>>,
        label: impl Into<Cow<'static, str>>,
        start: u32,
        end: u32,
    ) -> Error {
        Error::Syntax {
            message: message.into(),
            span: span(start, end),
            label: label.into(),
            help: None,
        }
    }

    pub(crate) fn with_help(mut self, text: impl Into<Cow<'static, str>>) -> Error {
        match &mut self {
            Error::Syntax { help, .. } | Error::DimensionMismatch { help, .. } => {
                *help = Some(text.into());
            }
            _ => {}
        }
        self
    }
}

pub(crate) fn span(start: u32, end: u32) -> SourceSpan {
    SourceSpan::new((start as usize).into(), end.saturating_sub(start) as usize)
}
