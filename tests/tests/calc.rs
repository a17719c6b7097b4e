//! `quizkit calc` through the real binary: values, claims, exit codes and error spans.

use quizkit_tests::{quizkit, run};

fn calc(expr: &str) -> (Option<i32>, String, String) {
    let out = run(quizkit().arg("calc").arg(expr));
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn evaluates_with_the_best_prefix_or_the_asked_unit() {
    assert_eq!(
        calc("7e9 * 16 B -> GB"),
        (Some(0), "112 GB\n".into(), String::new())
    );
    assert_eq!(calc("14 GB / (2 TB/s)").1, "7 ms\n");
}

#[test]
fn a_true_claim_exits_0_and_a_false_one_exits_1_with_a_hint() {
    let (code, out, _) = calc("14 GB / (2 TB/s) = 7 ms");
    assert_eq!(code, Some(0));
    assert!(out.starts_with("holds"), "{out}");
    let (code, out, _) = calc("7e9 * 16 bit = 112 GB");
    assert_eq!(code, Some(1));
    assert!(out.contains("bits and bytes"), "{out}");
}

#[test]
fn a_dimension_mismatch_exits_2_pointing_at_both_sides() {
    let (code, out, err) = calc("14 GB / (2 TB/s) = 7 GB");
    assert_eq!(code, Some(2));
    assert!(out.is_empty());
    assert!(err.contains("left side is a time"), "{err}");
    assert!(err.contains("14 GB / (2 TB/s) = 7 GB"), "{err}");
}
