//! Property tests: nothing panics or hangs on any input, results are finite, a displayed
//! result reads back as the same quantity, and extraction only returns claims that parse.
//! These are the running guard that the fuzz targets in `fuzz/` extend.

use proptest::prelude::*;
use quizkit_quantity::{Error, Lang, MAX_LEN, Options, check, eval, extract_claims};
use std::time::{Duration, Instant};

/// Strings over the language's own alphabet, so most inputs get past the first token.
fn language_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "0", "1", "7", "9", "e", "E", ".", ",", "_", " ", "+", "-", "*", "/", "^", "(", ")",
            "×", "÷", "·", "−", "≈", "~", "=", "%", "±", "->", "to", "in", "µ", "K", "M", "B", "T",
            "G", "Gi", "s", "ms", "min", "max", "h", "Hz", "W", "J", "FLOP", "FLOPS", "TOPS",
            "param", "token", "bit", "bytes", "billion", "miljard", "²", "⁻", "\u{a0}", "€", "\n",
            "sqrt", "√", "mg", "kg", "mcg",
        ]),
        0..40,
    )
    .prop_map(|v| v.concat())
}

/// Prose-like text with numbers, units, operators, punctuation and Dutch/English words.
fn prose_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "7",
            "16",
            "3,5",
            "1.000",
            "1,000",
            "2:4",
            "30:1",
            "1:4",
            "¾",
            "2 3/4",
            "√",
            "√(",
            "mg/kg",
            "afgerond op één decimaal ",
            "op hele kWh ",
            "FP16",
            "H100",
            "7B",
            "2024-05-01",
            "2–5",
            " ",
            " ",
            "\n",
            "\n\n",
            "1. ",
            "- ",
            "× ",
            "* ",
            "/ ",
            "+ ",
            "= ",
            "≈ ",
            "~",
            "(",
            ")",
            ", ",
            ". ",
            "GB",
            "TB/s",
            "ms",
            "bytes",
            "miljard",
            "billion",
            "is ongeveer",
            "is about",
            "en",
            "de",
            "the",
            "min(",
            "$",
            "`",
            "**",
            "\\times",
            "{",
            "}",
            "²",
            "%",
        ]),
        0..60,
    )
    .prop_map(|v| v.concat())
}

/// Well-formed expressions over the whole grammar (dimensions may clash: that is an error,
/// not a panic).
fn expression() -> impl Strategy<Value = String> {
    let number = prop::sample::select(vec![
        "0",
        "1",
        "2",
        "7",
        "3.5",
        ".5",
        "7e9",
        "1e-3",
        "1_000",
        "4096",
        "7B",
        "4K",
        "1e300",
        "0.001",
        "2 billion",
        "3 miljard",
    ]);
    let unit = prop::sample::select(vec![
        "", "B", "GB", "GiB", "bit", "Mbit", "s", "ms", "µs", "min", "h", "FLOP", "TFLOPS", "TOPS",
        "TB/s", "FLOP/B", "B/param", "param", "tokens", "W", "kWh", "J", "GHz", "%",
    ]);
    let leaf = (number, unit).prop_map(|(n, u)| {
        if u.is_empty() {
            n.to_string()
        } else {
            format!("{n} {u}")
        }
    });
    leaf.prop_recursive(5, 40, 3, |inner| {
        let op = prop::sample::select(vec!["+", "-", "*", "/", "×", "÷", "−", "·"]);
        prop_oneof![
            (inner.clone(), op, inner.clone()).prop_map(|(a, o, b)| format!("{a} {o} {b}")),
            inner.clone().prop_map(|a| format!("({a})")),
            inner.clone().prop_map(|a| format!("-{a}")),
            (inner.clone(), -4i32..6).prop_map(|(a, n)| format!("({a})^{n}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("min({a}, {b})")),
            (inner.clone(), inner).prop_map(|(a, b)| format!("max({a}, {b})")),
        ]
    })
}

fn must_not_hang(start: Instant, what: &str) -> Result<(), TestCaseError> {
    prop_assert!(
        start.elapsed() < Duration::from_secs(2),
        "took {:?}: {what}",
        start.elapsed()
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn any_string_is_safe_to_evaluate(src in any::<String>()) {
        let t = Instant::now();
        if let Ok(q) = eval(&src) {
            prop_assert!(q.value().is_finite());
        }
        let _ = check(&src, &Options::default());
        must_not_hang(t, &src)?;
    }

    #[test]
    fn language_soup_is_safe(src in language_soup()) {
        let t = Instant::now();
        if let Ok(q) = eval(&src) {
            prop_assert!(q.value().is_finite());
            let _ = q.to_string();
        }
        if let Ok(o) = check(&src, &Options::default()) {
            prop_assert!(o.computed.value().is_finite() && o.expected.value().is_finite());
            let _ = (o.to_string(), o.hint().map(|h| h.to_string()));
        }
        must_not_hang(t, &src)?;
    }

    #[test]
    fn well_formed_expressions_evaluate_or_explain(src in expression()) {
        let t = Instant::now();
        match eval(&src) {
            Ok(q) => {
                prop_assert!(q.value().is_finite());
                // What we display reads back as the same quantity (to the digits shown).
                let shown = q.to_string();
                let back = eval(&shown).map_err(|e| TestCaseError::fail(format!("`{shown}` from `{src}`: {e}")))?;
                prop_assert_eq!(back.dim(), q.dim(), "`{}` from `{}`", shown, src);
                let tol = 1e-5 * q.value().abs().max(1e-300);
                prop_assert!((back.value() - q.value()).abs() <= tol, "`{}` from `{}`", shown, src);
            }
            Err(e) => {
                // A well-formed expression fails only for reasons of meaning, with a span
                // inside the source.
                prop_assert!(!matches!(e, Error::Syntax { .. } | Error::UnknownUnit { .. }), "{src}: {e:?}");
                let s = e.span();
                prop_assert!(s.offset() + s.len() <= src.len(), "{src}: {e:?}");
            }
        }
        must_not_hang(t, &src)?;
    }

    #[test]
    fn claims_of_well_formed_sides_check(a in expression(), b in expression(), approx in any::<bool>()) {
        let src = format!("{a} {} {b}", if approx { "≈" } else { "=" });
        match check(&src, &Options::default()) {
            Ok(o) => prop_assert!(o.computed.value().is_finite()),
            Err(e) => prop_assert!(!matches!(e, Error::Syntax { .. } | Error::NotAClaim { .. }), "{src}: {e:?}"),
        }
    }

    #[test]
    fn extraction_is_safe_and_sound(text in prose_soup()) {
        let t = Instant::now();
        for lang in [Lang::Nl, Lang::En] {
            for c in extract_claims(&text, lang) {
                prop_assert!(c.span.start < c.span.end && c.span.end <= text.len());
                prop_assert!(text.is_char_boundary(c.span.start) && text.is_char_boundary(c.span.end));
                let checked = c.check(&Options::default());
                prop_assert!(!matches!(checked, Err(Error::Syntax { .. })), "{}", c.expr);
                if let Err(e) = checked {
                    let s = e.span();
                    prop_assert!(s.offset() + s.len() <= text.len());
                }
            }
        }
        must_not_hang(t, &text)?;
    }

    #[test]
    fn extraction_of_any_text_is_safe(text in any::<String>()) {
        for lang in [Lang::Nl, Lang::En] {
            for c in extract_claims(&text, lang) {
                prop_assert!(c.span.end <= text.len());
            }
        }
    }
}

#[test]
fn bounded_inputs_are_refused_quickly() {
    let t = Instant::now();
    let long = "1+".repeat(MAX_LEN);
    assert!(matches!(eval(&long), Err(Error::TooLong { .. })));
    let deep = format!("{}1{}", "(".repeat(1000), ")".repeat(1000));
    assert!(matches!(eval(&deep), Err(Error::TooDeep { .. })));
    let signs = "-".repeat(2000) + "1";
    assert!(matches!(eval(&signs), Err(Error::TooDeep { .. })));
    let powers = "2^".repeat(1000) + "2";
    assert!(matches!(eval(&powers), Err(Error::TooDeep { .. })));
    assert!(matches!(eval("2^2^2^2^2^2"), Err(Error::Overflow { .. })));
    assert!(matches!(eval("1e999999"), Err(Error::Overflow { .. })));
    let big_text = "7 × 16 bytes = 112 GB en ".repeat(20_000);
    let claims = extract_claims(&big_text, Lang::Nl);
    assert_eq!(claims.len(), 20_000);
    // Hostile text: long runs of expression tokens around many relations.
    for hostile in [
        "1 ".repeat(50_000) + "= 2",
        "1 = ".repeat(30_000),
        "1 2 = 3 4 = ".repeat(10_000),
        "(".repeat(50_000) + "1 + 1 = 2",
        "min(".repeat(20_000),
        "× 1 = 1 ".repeat(20_000),
        "- ".repeat(50_000) + "1 + 1 = 2",
        "a".to_string() + &"-".repeat(100_000),
        " ".repeat(100_000) + &"* ".repeat(10_000),
    ] {
        let s = Instant::now();
        let _ = extract_claims(&hostile, Lang::En);
        // Linear: well under a second in release, a few in debug; quadratic would be minutes.
        assert!(s.elapsed() < Duration::from_secs(10), "{:?}", s.elapsed());
    }
    assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
}
