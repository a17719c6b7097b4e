//! Moodle's grade list, and the check its import makes of every answer weight.
//!
//! Moodle 4.5's `qformat_default::importprocess` matches each answer fraction of a Moodle XML
//! or GIFT question against `question_bank::fraction_options_full()`: 0, 100%, the fractions
//! p/q for q ≤ 6, the tenths, 1/7 to 1/10 and 1/20, and their negatives. A fraction that is not
//! within 0.00001 of one of them (`match_grade_options(…, 'error')`, the form's default) makes
//! Moodle skip the question with "Grades (0.333) do not match grade options", and with "Stop on
//! error" (the default) import nothing from the file. A converter that rounds a third to
//! `33.3` or `33.33` writes such a file. quizkit keeps which answers are right, not their
//! weights, so the question is imported as its author meant it, and the weight reported
//! (`unmatched-grade`, I009) for a user who also imports the file into Moodle.

use std::ops::Range;

use quizkit_model::{Diagnostic, Severity};

use crate::{Options, diag};

/// The positive grades of `question_bank::fraction_options_full()` besides 0 and 1, as Moodle
/// writes them (to 7 decimals).
const GRADES: [f64; 19] = [
    0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25, 0.2, 0.1666667,
    0.1428571, 0.125, 0.1111111, 0.1, 0.05,
];

/// Whether Moodle's import accepts the fraction `weight` (1 = 100%): within 0.00001 of one of
/// its grades, or of 0, 1 or a grade's negative.
pub(crate) fn is_moodle_grade(weight: f64) -> bool {
    let w = weight.abs();
    [0.0, 1.0]
        .iter()
        .chain(GRADES.iter())
        .any(|g| (w - g).abs() < 0.00001)
}

/// A number to 7 decimals, as PHP shows a fraction (`0.333`, not `0.33299999999999996`).
fn rounded(value: f64) -> f64 {
    (value * 10_000_000.0).round() / 10_000_000.0
}

/// A weight as a percentage, as a file writes it (`33.3%`, not `33.300000000000004%`).
fn percent(weight: f64) -> String {
    format!("{}%", rounded(weight * 100.0))
}

/// The warning for a question whose answer weights (fractions, 1 = 100%) Moodle's import
/// refuses, or `None` when every weight is one of Moodle's grades. `span` is where the label
/// points: the first such answer where the format has one, else the question.
pub(crate) fn unmatched(
    weights: &[f64],
    options: &Options,
    span: Range<usize>,
    name: &str,
) -> Option<Diagnostic> {
    let bad: Vec<f64> = weights
        .iter()
        .copied()
        .filter(|&w| !is_moodle_grade(w))
        .collect();
    if bad.is_empty() {
        return None;
    }
    let mut shown: Vec<String> = Vec::new();
    for w in &bad {
        let p = percent(*w);
        if !shown.contains(&p) {
            shown.push(p);
        }
    }
    let fractions: Vec<String> = bad.iter().map(|w| rounded(*w).to_string()).collect();
    let (weight, are) = if shown.len() == 1 {
        ("weight", "is")
    } else {
        ("weights", "are")
    };
    Some(
        diag(
            "I009",
            Severity::Warning,
            options,
            span,
            format!(
                "question `{name}`: the answer {weight} {} {are} not among Moodle's grades, so \
                 Moodle's import refuses the whole file (\"Grades ({}) do not match grade \
                 options\"); quizkit keeps which answers are right, not their weights",
                shown.join(", "),
                fractions.join(", ")
            ),
        )
        .with_label(format!("{} answer(s) weighted so", bad.len()))
        .with_help(
            "if the file is also imported into Moodle, give each answer one of Moodle's grades \
             (33.33333 for a third, 16.66667 for a sixth, 14.28571 for a seventh) or set \
             \"Match grades\" to \"Nearest grade if not listed\"",
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moodle_grades_are_matched_within_its_tolerance() {
        for w in [0.0, 1.0, -1.0, 0.5, 0.25, 0.2, 0.1, 0.05, -0.05, 0.125] {
            assert!(is_moodle_grade(w), "{w}");
        }
        // Moodle's exporter writes 33.33333; `33.333` is within 0.00001 of it too.
        assert!(is_moodle_grade(0.3333333));
        assert!(is_moodle_grade(0.33333));
        assert!(is_moodle_grade(-0.6666667));
        assert!(is_moodle_grade(0.1428571));
        // A third rounded by a converter, and weights no list holds.
        for w in [0.333, 0.3333, 0.33, 0.15, 0.35, 1.5, -0.45] {
            assert!(!is_moodle_grade(w), "{w}");
        }
    }

    #[test]
    fn a_weight_moodle_refuses_is_reported_once_with_moodles_words() {
        let o = Options::default();
        assert!(unmatched(&[1.0, 0.0, 0.3333333, -0.5], &o, 0..1, "Q").is_none());
        let d = unmatched(&[0.333, 0.333, 0.333, 0.0, 0.0], &o, 4..9, "Krajská města")
            .expect("a warning");
        assert_eq!((d.code, d.severity), ("I009", Severity::Warning));
        assert_eq!(d.name, "unmatched-grade");
        assert!(
            d.message.contains("the answer weight 33.3% is not among"),
            "{}",
            d.message
        );
        assert!(
            d.message.contains("Grades (0.333, 0.333, 0.333)"),
            "{}",
            d.message
        );
        assert_eq!(d.span, 4..9);
        let d = unmatched(&[0.3333, 0.15, 0.0], &o, 0..1, "Q").expect("a warning");
        assert!(
            d.message.contains("weights 33.33%, 15% are not"),
            "{}",
            d.message
        );
    }
}
