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

#[test]
fn prose_spellings_and_the_bit_byte_idiom_hold() {
    for claim in [
        "2 000 000 × 250 B = 500 MB",
        "2^14 = 16\u{202f}384",
        "10,000,000 * 8 bit = 10 MB",
        "1 500 B × 8 = 12 000 bit",
        "100 Mbit/s ÷ 8 = 12.5 MB/s",
    ] {
        let (code, out, err) = calc(claim);
        assert_eq!(code, Some(0), "{claim}: {out}{err}");
        assert!(out.starts_with("holds"), "{claim}: {out}");
    }
}

#[test]
fn a_slip_factor_fails_whatever_the_written_precision() {
    let (code, out, _) = calc("1 GB = 1 GiB");
    assert_eq!(code, Some(1), "{out}");
    assert_eq!(
        out,
        "fails: computed 0.931323 GiB, stated 1 GiB (the stated value is 1.0737× the computed one: GB and GiB mixed up?)\n"
    );
    let (code, out, _) = calc("100 Mbit/s ÷ 8 = 100 MB/s");
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("bits and bytes mixed up?"), "{out}");
}

#[test]
fn help_states_the_slip_rule_and_the_spellings() {
    let (code, out, _) = calc("--help");
    assert_eq!(code, Some(0));
    assert!(out.contains("whatever the written precision"), "{out}");
    assert!(out.contains("2 000 000"), "{out}");
    assert!(out.contains("1 GB = 1 GiB"), "{out}");
}
