//! What a user sees: errors rendered by miette, with labels on the exact spans.

use miette::{GraphicalReportHandler, GraphicalTheme, NamedSource, Report};
use quizkit_quantity::{Options, check, eval};

fn render(src: &str, err: quizkit_quantity::Error) -> String {
    let report = Report::new(err).with_source_code(NamedSource::new("claim", src.to_string()));
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(80)
        .render_report(&mut out, report.as_ref())
        .unwrap_or_default();
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn dimension_mismatch_labels_both_sides() {
    let src = "14 GB / (2 TB/s) = 7 GB";
    let Err(e) = check(src, &Options::default()) else {
        panic!()
    };
    let shown = render(src, e);
    assert_eq!(
        shown,
        "quizkit::quantity::dimension_mismatch

  × cannot compare: left side is a time, right side an amount of information
   ╭─[claim:1:1]
 1 │ 14 GB / (2 TB/s) = 7 GB
   · ────────┬───────   ──┬─
   ·         │            ╰── an amount of information
   ·         ╰── a time
   ╰────"
    );
}

#[test]
fn adding_a_time_to_bytes_points_at_both() {
    let src = "2 GB + 5 ms";
    let Err(e) = eval(src) else { panic!() };
    let shown = render(src, e);
    assert!(
        shown.contains("cannot add: left side is an amount of information, right side a time"),
        "{shown}"
    );
    assert!(
        shown.contains(" 1 │ 2 GB + 5 ms\n   · ──┬─   ──┬─"),
        "{shown}"
    );
}

#[test]
fn unknown_unit_suggests_a_spelling() {
    let src = "7e9 * 2 gb";
    let Err(e) = eval(src) else { panic!() };
    let shown = render(src, e);
    assert!(shown.contains("unknown unit `gb`"), "{shown}");
    assert!(shown.contains("help: did you mean `GB`?"), "{shown}");
}

#[test]
fn a_glued_count_is_explained() {
    let src = "7B = 7 GB";
    let Err(e) = check(src, &Options::default()) else {
        panic!()
    };
    let shown = render(src, e);
    assert!(
        shown.contains("help: `7B` is read as a count, 7 billion; for a unit, write `7 B`"),
        "{shown}"
    );
}
