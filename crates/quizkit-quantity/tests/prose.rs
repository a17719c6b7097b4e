//! Claim extraction from prose: what must be found (and how it is normalized and judged),
//! and what must not be mistaken for a claim.

use quizkit_quantity::{HintKind, Lang, Options, Verdict, extract_claims};

fn exprs(text: &str, lang: Lang) -> Vec<String> {
    extract_claims(text, lang)
        .into_iter()
        .map(|c| c.expr)
        .collect()
}

/// (language, text, the normalized claims found, in order).
const FOUND: &[(Lang, &str, &[&str])] = &[
    // The examples of the issue.
    (
        Lang::Nl,
        "Dus 7 miljard × 16 bytes = 112 GB.",
        &["7 miljard * 16 bytes = 112 GB"],
    ),
    // A share of a number multiplies it.
    (
        Lang::En,
        "10 % of 14 GB = 1.4 GB",
        &["10% * 14 GB = 1.4 GB"],
    ),
    (
        Lang::Nl,
        "14 GB / 2 TB/s ≈ 7 ms per token.",
        &["14 GB / 2 TB/s ≈ 7 ms"],
    ),
    (
        Lang::En,
        "2 × 7B × 2 bytes = 28 GB",
        &["2 * 7B * 2 bytes = 28 GB"],
    ),
    (
        Lang::En,
        "So 7 billion × 16 bytes = 112 GB in total.",
        &["7 billion * 16 bytes = 112 GB"],
    ),
    (
        Lang::Nl,
        "100 TFLOPS en 2 TB/s … 10 FLOP/byte × 2 TB/s = 20 TFLOPS",
        &["10 FLOP/byte * 2 TB/s = 20 TFLOPS"],
    ),
    // Dutch and English number formats.
    (
        Lang::Nl,
        "7 miljard × 0,5 byte ≈ 3,5 GB",
        &["7 miljard * 0.5 byte ≈ 3.5 GB"],
    ),
    (Lang::Nl, "1.000 × 2 = 2.000", &["1000 * 2 = 2000"]),
    (
        Lang::En,
        "1,000 × 1,000 = 1,000,000",
        &["1000 * 1000 = 1000000"],
    ),
    (Lang::Nl, "3.5 × 2 = 7", &["3.5 * 2 = 7"]),
    // Relation words and marks.
    (
        Lang::Nl,
        "7e9 × 2 B is ongeveer 14 GB",
        &["7e9 * 2 B ≈ 14 GB"],
    ),
    (Lang::Nl, "7e9 × 2 B = circa 14 GB", &["7e9 * 2 B ≈ 14 GB"]),
    (
        Lang::En,
        "10 FLOP/B × 2 TB/s is about 20 TFLOPS",
        &["10 FLOP/B * 2 TB/s ≈ 20 TFLOPS"],
    ),
    (Lang::En, "7e9 × 2 B = ~14 GB", &["7e9 * 2 B ≈ 14 GB"]),
    (Lang::En, "3 times 4 = 12", &["3 * 4 = 12"]),
    (Lang::Nl, "12 gedeeld door 4 = 3", &["12 / 4 = 3"]),
    // Functions, powers, superscripts, percentages.
    (
        Lang::Nl,
        "Volgens het roofline-model: min(100 TFLOPS, 10 FLOP/byte × 2 TB/s) = 20 TFLOPS.",
        &["min(100 TFLOPS, 10 FLOP/byte * 2 TB/s) = 20 TFLOPS"],
    ),
    (
        Lang::Nl,
        "2 × 4096³ FLOP ≈ 137 GFLOP",
        &["2 * 4096^3 FLOP ≈ 137 GFLOP"],
    ),
    (Lang::En, "50% × 14 GB = 7 GB", &["50% * 14 GB = 7 GB"]),
    // Markdown and LaTeX around the claim.
    (
        Lang::En,
        "**7 × 2 = 14** and `3 × 3 = 9`",
        &["7 * 2 = 14", "3 * 3 = 9"],
    ),
    (
        Lang::En,
        "$7 \\times 10^9 \\cdot 2 = 1.4 \\times 10^{10}$",
        &["7 * 10^9 * 2 = 1.4 * 10^10"],
    ),
    // Asides and list markers stay out.
    (
        Lang::Nl,
        "7B × 2 bytes (FP16) = 14 GB",
        &["7B * 2 bytes = 14 GB"],
    ),
    (Lang::Nl, "= 28 GB (2 bytes per parameter)", &[]),
    (
        Lang::Nl,
        "2 × 7B × 2 bytes = 28 GB (2 bytes per parameter)",
        &["2 * 7B * 2 bytes = 28 GB"],
    ),
    (
        Lang::En,
        "1. 7 × 2 = 14\n2) 3 × 4 = 12\n- 5 × 5 = 25",
        &["7 * 2 = 14", "3 * 4 = 12", "5 * 5 = 25"],
    ),
    (Lang::En, "In 2023 7 × 2 = 14", &["7 * 2 = 14"]),
    // A run that goes on to the next line is cut where the claim parses.
    (
        Lang::En,
        "6 × 7e9 × 2e12 ≈ 8.4e22 FLOP\n6 × 2 = 12",
        &["(6 * 7e9 * 2e12) FLOP ≈ 8.4e22 FLOP", "6 * 2 = 12"],
    ),
    // A word between a number and `×` names what the number counts.
    (
        Lang::En,
        "The KV cache takes 2 × 32 layers × 4096 × 2 bytes = 512 KiB per token.",
        &["2 * 32 * 4096 * 2 bytes = 512 KiB"],
    ),
    (
        Lang::Nl,
        "10 000 000 rijen × 200 B = 2 000 000 000 B = 2 GB.",
        &["10000000 * 200 B = 2000000000 B", "2000000000 B = 2 GB"],
    ),
    // Electric units, lengths.
    (
        Lang::Nl,
        "P = U × I = 230 V × 10 A = 2 300 W, en 2 000 mAh = 2 Ah = 2 A × 3 600 s = 7 200 C.",
        &[
            "230 V * 10 A = 2300 W",
            "2000 mAh = 2 Ah",
            "2 A * 3600 s = 2 Ah",
            "2 A * 3600 s = 7200 C",
        ],
    ),
    (
        Lang::En,
        "One way: 6,000 km ÷ 200,000 km/s = 0.03 s = 30 ms.",
        &["6000 km / 200000 km/s = 0.03 s", "0.03 s = 30 ms"],
    ),
    // Chains: each step is checked against the step before.
    (
        Lang::Nl,
        "7e9 × 16 B = 112e9 B = 112 GB",
        &["7e9 * 16 B = 112e9 B", "112e9 B = 112 GB"],
    ),
    // The value first, the computation after.
    (
        Lang::Nl,
        "Geheugen: 14 GB = 7 miljard × 2 bytes",
        &["7 miljard * 2 bytes = 14 GB"],
    ),
    // The unit on one side only: implied on the other.
    (
        Lang::Nl,
        "4 + 4 + 4 + 4 = 16 bytes",
        &["(4 + 4 + 4 + 4) B = 16 bytes"],
    ),
    (
        Lang::Nl,
        "2 × 7 miljard = 14 miljard FLOP",
        &["(2 * 7 miljard) FLOP = 14 miljard FLOP"],
    ),
    (Lang::Nl, "7 × 16 = 112 GB", &["(7 * 16) GB = 112 GB"]),
    (
        Lang::Nl,
        "7 miljard × 2 bytes = 14 miljard",
        &["7 miljard * 2 bytes = (14 miljard) B"],
    ),
];

/// Text with numbers, operators or `=` that holds no arithmetic claim.
const NOT_CLAIMS: &[(Lang, &str)] = &[
    (Lang::Nl, "Bij 2:4-sparsity zijn er 2 van 4 gewichten 0."),
    (
        Lang::En,
        "The H100 and W4A16 are names, FP16 (2 bytes) is a format.",
    ),
    (Lang::En, "Ratio 2:4 = 50% sparsity. W4A16 = 4-bit weights."),
    (
        Lang::En,
        "See section 2.3 = \"Memory\". Version 1.2.3 = latest.",
    ),
    (
        Lang::En,
        "On 2024-05-01 = release date; 12.05.2024 = another.",
    ),
    (Lang::Nl, "Op 12.05.2024 = versie 1.2.3 × 2."),
    (Lang::En, "Ranges like 2–5 GB = typical, 2-5 GB too."),
    (Lang::En, "GPT-4 × 2 = 8 is not arithmetic."),
    (
        Lang::En,
        "Score = 3/4. E = mc^2. y = 3x + 2. f(x) = 2x + 1.",
    ),
    (Lang::Nl, "n = 4096, batchgrootte = 1, x = 2 × y."),
    (Lang::En, "1. First point = important\n2. Second point"),
    (Lang::En, "It is 2 × faster = good."),
    (Lang::En, "2,5 × 2 = 5 is not English."),
    (Lang::Nl, "De 7B-modellen zijn 2× zo snel = beter."),
    (Lang::En, "if a == b and c >= 2 * d: x => y"),
    (
        Lang::Nl,
        "Een model met 7 miljard (7B) parameters in FP32 (4 bytes).",
    ),
    (Lang::En, "O(n^2) = cost; 24/7 = always."),
    // An operator joins words to the claim: the computation goes on past the words.
    (Lang::En, "So 2 × 7 GB = 14 GB × the number of GPUs."),
];

#[test]
fn claims_are_found_and_normalized() {
    let mut failures = Vec::new();
    for (lang, text, want) in FOUND {
        let got = exprs(text, *lang);
        if got != *want {
            failures.push(format!("{text:?}\n  want {want:?}\n  got  {got:?}"));
        }
    }
    assert!(failures.is_empty(), "\n{}\n", failures.join("\n"));
}

#[test]
fn ordinary_text_is_not_a_claim() {
    let mut failures = Vec::new();
    for (lang, text) in NOT_CLAIMS {
        let got = exprs(text, *lang);
        if !got.is_empty() {
            failures.push(format!("{text:?}: {got:?}"));
        }
    }
    assert!(failures.is_empty(), "\n{}\n", failures.join("\n"));
}

#[test]
fn verdicts_tell_wrong_from_unevaluable() {
    let text = "Zo is 7 miljard × 16 bytes = 112 GB, maar 7 miljard × 16 bit = 112 GB \
                en 14 GB / 2 TB/s = 7 GB.";
    let claims = extract_claims(text, Lang::Nl);
    assert_eq!(claims.len(), 3);
    let opts = Options::default();
    assert!(matches!(claims[0].evaluate(&opts), Verdict::Holds(_)));
    let Verdict::Wrong(o) = claims[1].evaluate(&opts) else {
        panic!("{:?}", claims[1].evaluate(&opts))
    };
    assert_eq!(o.hint().map(|h| h.kind), Some(HintKind::BitsVsBytes));
    let Verdict::Unevaluable(e) = claims[2].evaluate(&opts) else {
        panic!("{:?}", claims[2].evaluate(&opts))
    };
    assert_eq!(
        e.to_string(),
        "cannot compare: left side is a time, right side an amount of information"
    );
}

#[test]
fn spans_point_into_the_text() {
    let text = "Zo is 7 miljard × 16 bytes = 112 MB, dat klopt niet.";
    let c = &extract_claims(text, Lang::Nl)[0];
    assert_eq!(&text[c.span.clone()], "7 miljard × 16 bytes = 112 MB");
    let Verdict::Wrong(o) = c.evaluate(&Options::default()) else {
        panic!()
    };
    let at = |text: &'static str, s: miette::SourceSpan| &text[s.offset()..s.offset() + s.len()];
    assert_eq!(at(text, o.computed_span), "7 miljard × 16 bytes");
    assert_eq!(at(text, o.expected_span), "112 MB");

    let text = "En 14 GB / 2 TB/s = 7 GB.";
    let c = &extract_claims(text, Lang::Nl)[0];
    let Verdict::Unevaluable(quizkit_quantity::Error::DimensionMismatch {
        left_span,
        right_span,
        ..
    }) = c.evaluate(&Options::default())
    else {
        panic!()
    };
    assert_eq!(at(text, left_span), "14 GB / 2 TB/s");
    assert_eq!(at(text, right_span), "7 GB");
}

/// What a claim found in a text gives: `holds`, `fails`, `fails <hint>`, `unchecked`.
fn verdicts(text: &str, lang: Lang) -> Vec<String> {
    let opts = Options::default();
    extract_claims(text, lang)
        .iter()
        .map(|c| match c.evaluate(&opts) {
            Verdict::Holds(_) => "holds".to_string(),
            Verdict::Wrong(o) => match o.hint().map(|h| h.kind) {
                Some(HintKind::BitsVsBytes) => "fails bits-vs-bytes".into(),
                Some(HintKind::BinaryPrefix { .. }) => "fails binary-prefix".into(),
                Some(HintKind::PrefixSlip { .. }) => "fails prefix-slip".into(),
                Some(HintKind::FactorTwo) => "fails factor-two".into(),
                None => "fails".into(),
            },
            Verdict::Unevaluable(_) => "unchecked".into(),
        })
        .collect()
}

/// Each class of issue 28, in both languages, written right and written wrong: (language,
/// text, the claims' expressions, their verdicts).
const CLASSES: &[(Lang, &str, &[&str], &[&str])] = &[
    // Thousands with a space, a narrow no-break space, a thin space.
    (
        Lang::Nl,
        "Dus 2 000 000 × 250 B = 500 MB.",
        &["2000000 * 250 B = 500 MB"],
        &["holds"],
    ),
    (
        Lang::En,
        "So 2 000 000 × 250 B = 500 MB.",
        &["2000000 * 250 B = 500 MB"],
        &["holds"],
    ),
    (
        Lang::Nl,
        "Dus 2 000 000 × 250 B = 500 GB.",
        &["2000000 * 250 B = 500 GB"],
        &["fails prefix-slip"],
    ),
    (
        Lang::Nl,
        "2^14 = 16\u{202f}384 adressen",
        &["2^14 = 16384"],
        &["holds"],
    ),
    (
        Lang::En,
        "2^14 = 16\u{2009}384 addresses",
        &["2^14 = 16384"],
        &["holds"],
    ),
    (
        Lang::En,
        "2^14 = 16\u{2009}386 addresses",
        &["2^14 = 16386"],
        &["fails"],
    ),
    // Thousands with a dot (Dutch) and a comma (English).
    (
        Lang::Nl,
        "2.000.000 × 250 B = 500 MB",
        &["2000000 * 250 B = 500 MB"],
        &["holds"],
    ),
    (
        Lang::En,
        "2,000,000 × 250 B = 500 MB",
        &["2000000 * 250 B = 500 MB"],
        &["holds"],
    ),
    (
        Lang::En,
        "2,000,000 × 250 B = 500 MiB",
        &["2000000 * 250 B = 500 MiB"],
        &["fails binary-prefix"],
    ),
    // The bits-and-bytes idiom.
    (
        Lang::Nl,
        "100 Mbit/s ÷ 8 = 12,5 MB/s",
        &["100 Mbit/s / 8 = 12.5 MB/s"],
        &["holds"],
    ),
    (
        Lang::En,
        "100 Mbit/s ÷ 8 = 12.5 MB/s",
        &["100 Mbit/s / 8 = 12.5 MB/s"],
        &["holds"],
    ),
    (
        Lang::Nl,
        "40 Mbit ÷ 8 = 5 MB",
        &["40 Mbit / 8 = 5 MB"],
        &["holds"],
    ),
    (
        Lang::En,
        "1 500 B × 8 = 12 000 bit",
        &["1500 B * 8 = 12000 bit"],
        &["holds"],
    ),
    (
        Lang::Nl,
        "1 500 B × 8 = 12 000 bit",
        &["1500 B * 8 = 12000 bit"],
        &["holds"],
    ),
    (
        Lang::Nl,
        "100 Mbit/s ÷ 8 = 100 MB/s",
        &["100 Mbit/s / 8 = 100 MB/s"],
        &["fails bits-vs-bytes"],
    ),
    (
        Lang::En,
        "100 Mbit/s ÷ 8 = 12.5 MiB/s",
        &["100 Mbit/s / 8 = 12.5 MiB/s"],
        &["fails binary-prefix"],
    ),
    (
        Lang::Nl,
        "4.000 s ÷ 60 ≈ 66,7 minuten",
        &["4000 s / 60 ≈ 66.7 minuten"],
        &["holds"],
    ),
    (
        Lang::En,
        "4,000 s ÷ 60 ≈ 667 minutes",
        &["4000 s / 60 ≈ 667 minutes"],
        &["fails"],
    ),
    // Chains: each step against the step before; a step that goes on states its value.
    (
        Lang::Nl,
        "250 MB = 250 × 8 = 2000 Mbit",
        &["(250 * 8) Mbit = 2000 Mbit", "250 MB = 2000 Mbit"],
        &["holds", "holds"],
    ),
    (
        Lang::En,
        "250 MB = 250 × 8 = 2500 Mbit",
        &["(250 * 8) Mbit = 2500 Mbit", "250 MB = 2500 Mbit"],
        &["fails", "fails"],
    ),
    (
        Lang::En,
        "1,250 × 8 = 10,000 bit ÷ 100 Mbit/s = 0.1 ms",
        &[
            "(1250 * 8) bit = 10000 bit",
            "10000 bit / 100 Mbit/s = 0.1 ms",
        ],
        &["holds", "holds"],
    ),
    (
        Lang::Nl,
        "1.250 × 8 = 10.000 bit ÷ 100 Mbit/s = 0,1 ms",
        &[
            "(1250 * 8) bit = 10000 bit",
            "10000 bit / 100 Mbit/s = 0.1 ms",
        ],
        &["holds", "holds"],
    ),
    (
        Lang::Nl,
        "1.250 × 8 = 10.000 bit ÷ 100 Mbit/s = 1 ms",
        &[
            "(1250 * 8) bit = 10000 bit",
            "10000 bit / 100 Mbit/s = 1 ms",
        ],
        &["holds", "fails"],
    ),
    (
        Lang::Nl,
        "60 × 4 × 365 = 87 600 Wh = 87,6 kWh",
        &["(60 * 4 * 365) Wh = 87600 Wh", "87600 Wh = 87.6 kWh"],
        &["holds", "holds"],
    ),
    (
        Lang::En,
        "60 × 4 × 365 = 87,600 Wh = 87.6 MWh",
        &["(60 * 4 * 365) Wh = 87600 Wh", "87600 Wh = 87.6 MWh"],
        &["holds", "fails prefix-slip"],
    ),
    // Things that are no quantity: addresses, masks, versions, bit patterns.
    (
        Lang::Nl,
        "Het adres 192.168.10.64/27 met masker 255.255.255.224: 2^(32 − 27) = 32 adressen.",
        &["2^(32 - 27) = 32"],
        &["holds"],
    ),
    (
        Lang::En,
        "The octet 11000000 = 128 + 64 = 192 in TLS 1.3 and USB 3.0.",
        &["128 + 64 = 192"],
        &["holds"],
    ),
    // Ranges: checked at both ends when both sides have one; a range on one side only is no
    // claim (it cannot be told which end is meant).
    (
        Lang::Nl,
        "Heen en terug: 2 × 30–40 ms = 60–80 ms.",
        &["2 * 30 ms = 60 ms", "2 * 40 ms = 80 ms"],
        &["holds", "holds"],
    ),
    (
        Lang::En,
        "There and back: 2 × 30–40 ms = 60–90 ms.",
        &["2 * 30 ms = 60 ms", "2 * 40 ms = 90 ms"],
        &["holds", "fails"],
    ),
    (Lang::En, "So 2 × 35 ms ≈ 70–80 ms in practice.", &[], &[]),
    // A count per second, named in words, in a computation of a rate.
    (
        Lang::Nl,
        "IOPS × blokgrootte = 100 000 × 4 096 B = 409 600 000 B/s",
        &["(100000 * 4096 B) / s = 409600000 B/s"],
        &["holds"],
    ),
    (
        Lang::En,
        "IOPS × block size = 100 000 × 4 096 B = 409 600 000 MB/s",
        &["(100000 * 4096 B) / s = 409600000 MB/s"],
        &["fails prefix-slip"],
    ),
];

#[test]
fn every_class_of_prose_numbers_reads_alike_in_both_languages() {
    let mut failures = Vec::new();
    for (lang, text, want, verdict) in CLASSES {
        let got = exprs(text, *lang);
        let judged = verdicts(text, *lang);
        if got != *want || judged != *verdict {
            failures.push(format!(
                "{text:?}\n  want {want:?} {verdict:?}\n  got  {got:?} {judged:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}\n", failures.join("\n"));
}

#[test]
fn implied_units_are_reported() {
    let c = &extract_claims("4 + 4 + 4 + 4 = 16 bytes", Lang::Nl)[0];
    assert_eq!(c.implied_unit.as_deref(), Some("B"));
    let c = &extract_claims("7 × 16 bytes = 112 bytes", Lang::Nl)[0];
    assert_eq!(c.implied_unit, None);
}
