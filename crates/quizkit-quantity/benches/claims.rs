//! Claim evaluations per second on one thread, and the ratio against fend-core checking
//! the same claims in the same run (`cargo bench -p quizkit-quantity`).
//!
//! fend has no claims; the fair equivalent is what a checker built on it would do: evaluate
//! both sides and their ratio in one query, `((lhs) / (rhs)) to unitless`, and compare with
//! 1. It also has no `min`, so the roofline claim is two queries there.

use quizkit_quantity::{Lang, Options, check, eval, extract_claims};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// A claim, and the fend queries that check it.
const CLAIMS: &[(&str, &[&str])] = &[
    (
        "7e9 * (4 + 4 + 4 + 4) B = 112 GB",
        &["((7e9 * (4 + 4 + 4 + 4) * B) / (112 * GB)) to unitless"],
    ),
    (
        "7e9 * 2 B = 14 GB",
        &["((7e9 * 2 * B) / (14 * GB)) to unitless"],
    ),
    (
        "7e9 * 0.5 B = 3.5 GB",
        &["((7e9 * 0.5 * B) / (3.5 * GB)) to unitless"],
    ),
    (
        "14 GB / (2 TB/s) = 7 ms",
        &["(((14 * GB) / (2 * (TB/s))) / (7 * ms)) to unitless"],
    ),
    (
        "min(100 TFLOPS, 10 FLOP/B * 2 TB/s) = 20 TFLOPS",
        &[
            "((100 * (TFLOP/s)) / (20 * (TFLOP/s))) to unitless",
            "(((10 * (FLOP/B)) * (2 * (TB/s))) / (20 * (TFLOP/s))) to unitless",
        ],
    ),
    (
        "2 * 4096 * 4096 * 4096 FLOP ≈ 137 GFLOP",
        &["((2 * 4096 * 4096 * 4096 * FLOP) / (137 * GFLOP)) to unitless"],
    ),
    (
        "6 * 7e9 * 2e12 FLOP ≈ 8.4e22 FLOP",
        &["((6 * 7e9 * 2e12 * FLOP) / (8.4e22 * FLOP)) to unitless"],
    ),
    (
        "7e9 * 16 bit = 112 GB",
        &["((7e9 * 16 * bits) / (112 * GB)) to unitless"],
    ),
];

const PROSE: &str = "Een model met 7 miljard (7B) parameters in FP32: 7 miljard × (4 + 4 + 4 + 4) \
bytes = 112 GB. In FP16 is dat 7B × 2 bytes = 14 GB, en in INT4 7 miljard × 0,5 byte ≈ 3,5 GB. \
De tijd per token is 14 GB / 2 TB/s ≈ 7 ms. Volgens het roofline-model: min(100 TFLOPS, \
10 FLOP/byte × 2 TB/s) = 20 TFLOPS. Bij 2:4-sparsity zijn twee van de vier gewichten 0; de H100 \
en W4A16 zijn voorbeelden, geen berekeningen. Training kost 6 × 7e9 param × 2e12 token × \
1 FLOP/param/token ≈ 8,4e22 FLOP.\n";

/// CPU time this thread has run, from `/proc/thread-self/schedstat` (nanoseconds); `None`
/// where that file does not exist. The machines here are shared, so wall time alone
/// measures the neighbours too.
fn thread_cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

/// Calls per second, by wall clock and (when it can be read) by this thread's CPU time.
struct Rate {
    wall: f64,
    cpu: Option<f64>,
}

impl Rate {
    /// The figure to report: per CPU second when known.
    fn best(&self) -> f64 {
        self.cpu.unwrap_or(self.wall)
    }
}

/// Run `f` over and over for at least `min`.
fn rate(min: Duration, per_round: usize, mut f: impl FnMut()) -> Rate {
    let cpu0 = thread_cpu_ns();
    let start = Instant::now();
    let mut rounds = 0u64;
    while start.elapsed() < min {
        f();
        rounds += 1;
    }
    let wall = start.elapsed().as_secs_f64();
    let calls = rounds as f64 * per_round as f64;
    let cpu = match (cpu0, thread_cpu_ns()) {
        (Some(a), Some(b)) if b > a => Some(calls / ((b - a) as f64 / 1e9)),
        _ => None,
    };
    Rate {
        wall: calls / wall,
        cpu,
    }
}

fn fend_context() -> fend_core::Context {
    let mut ctx = fend_core::Context::new();
    ctx.define_custom_unit_v1(
        "FLOP",
        "FLOP",
        "!",
        &fend_core::CustomUnitAttribute::AllowShortPrefix,
    );
    ctx
}

fn main() {
    let opts = Options::default();
    let quick = std::env::args().any(|a| a == "--quick");
    let min = Duration::from_millis(if quick { 200 } else { 2000 });

    // Sanity: the claims behave as the corpus says, and fend agrees on every ratio.
    for (claim, _) in CLAIMS {
        assert!(check(claim, &opts).is_ok(), "{claim}");
    }
    let mut ctx = fend_context();
    for (_, queries) in CLAIMS {
        for q in *queries {
            let r = fend_core::evaluate(q, &mut ctx).map(|r| r.get_main_result().to_string());
            assert!(r.is_ok(), "fend: {q}: {r:?}");
        }
    }

    let claims = rate(min, CLAIMS.len(), || {
        for (claim, _) in CLAIMS {
            let _ = black_box(check(black_box(claim), &opts));
        }
    });
    let one = rate(min, 1, || {
        let _ = black_box(check(black_box("7e9 * (4 + 4 + 4 + 4) B = 112 GB"), &opts));
    });
    let exprs = rate(min, 1, || {
        let _ = black_box(eval(black_box("7e9 * (4 + 4 + 4 + 4) B")));
    });
    let fend = rate(min, CLAIMS.len(), || {
        for (_, queries) in CLAIMS {
            for q in *queries {
                let _ = black_box(fend_core::evaluate(black_box(q), &mut ctx));
            }
        }
    });
    let prose = rate(min, 1, || {
        let _ = black_box(extract_claims(black_box(PROSE), Lang::Nl));
    });
    let found = extract_claims(PROSE, Lang::Nl).len();

    let row = |what: &str, r: &Rate, unit: &str| {
        let cpu = r.cpu.map_or("n/a".to_string(), |c| format!("{c:.0}"));
        println!(
            "  {what:<48} {:>12.0} {unit}/s wall  {cpu:>12} {unit}/s cpu  ({:.2} µs each)",
            r.wall,
            1e6 / r.best()
        );
    };
    println!("quizkit-quantity claims benchmark (one thread, {min:?} per figure)");
    row(
        &format!("check(), the {} bank claims in turn", CLAIMS.len()),
        &claims,
        "claims",
    );
    row(
        "check(\"7e9 * (4 + 4 + 4 + 4) B = 112 GB\")",
        &one,
        "claims",
    );
    row("eval(\"7e9 * (4 + 4 + 4 + 4) B\")", &exprs, "evals");
    row(
        "fend-core, the same claims as ratio queries",
        &fend,
        "claims",
    );
    row(
        &format!("extract_claims, {} B of Dutch prose", PROSE.len()),
        &prose,
        "texts",
    );
    println!(
        "  ratio quizkit-quantity / fend-core: {:.0}x (cpu), {:.0}x (wall)",
        claims.best() / fend.best(),
        claims.wall / fend.wall
    );
    println!(
        "  extract_claims finds {found} claims; {:.1} MB/s of prose",
        prose.best() * PROSE.len() as f64 / 1e6
    );
}
