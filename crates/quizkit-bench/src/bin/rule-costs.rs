//! Where lint's time goes, rule by rule: loads a bank, then runs every enabled rule on one
//! thread and prints the time each took, beside the load's.
//!
//! ```sh
//! cargo run --release -p quizkit-bench --bin rule-costs -- target/bench/bank-10000-s1
//! ```
//!
//! Question rules share one [`Analysis`] per question, as in `quizkit lint`, so a rule's time
//! includes the pieces of the analysis it is the first to ask for (tokens, plain text, claims):
//! the order of the catalogue decides who pays for them. Bank rules are timed one by one.
//! Times are the thread's CPU time, not the clock's, so that other processes on a shared machine
//! do not inflate them; they are still single runs, a profiling aid, not a benchmark.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use cpu_time::ThreadTime;

use quizkit_lint::lexicon::Stems;
use quizkit_lint::{Analysis, Check, Context, Selection};

fn main() -> ExitCode {
    let Some(bank) = std::env::args().nth(1) else {
        eprintln!("usage: rule-costs BANK");
        return ExitCode::from(2);
    };
    let start = Instant::now();
    let loaded = match quizkit::fsio::load_bank(Some(Path::new(&bank))) {
        Ok((_, loaded)) => loaded,
        Err(e) => {
            eprintln!("cannot load {bank}: {e:?}");
            return ExitCode::FAILURE;
        }
    };
    let load = start.elapsed();
    let Some(model) = loaded.bank.as_ref() else {
        eprintln!("{bank} has no quizkit.toml");
        return ExitCode::FAILURE;
    };
    let selection = Selection::from_config(&model.config.lint);
    let cx = Context::new(model, &loaded.sources, &selection);

    // Rules that are parallel inside (B003) get one thread too, so that each time is CPU.
    let one = match rayon::ThreadPoolBuilder::new().num_threads(1).build() {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("cannot start a thread pool: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (costs, analysis_new, findings) = one.install(|| time_rules(&cx, &selection));
    let rules: Duration = costs.iter().sum::<Duration>() + analysis_new;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{} questions; load ({} threads) {:.1} ms; rules (1 thread) {:.1} ms; findings {}",
        cx.questions.len(),
        rayon::current_num_threads(),
        ms(load),
        ms(rules),
        findings
    );
    let mut rows: Vec<(Duration, &str, &str)> = costs
        .iter()
        .zip(&selection.enabled)
        .map(|(d, (rule, _))| (*d, rule.code, rule.name))
        .collect();
    rows.push((analysis_new, "", "(Analysis::new)"));
    rows.sort_by_key(|row| std::cmp::Reverse(row.0));
    for (cost, code, name) in rows {
        println!(
            "{:>9.1} ms {:>5.1}%  {code:4} {name}",
            ms(cost),
            100.0 * cost.as_secs_f64() / rules.as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}

/// Questions whose analyses are kept at once while the rules take turns over them, so that a
/// turn is long against the CPU clock's cost.
const CHUNK: usize = 64;

/// Each enabled rule's CPU time over the whole bank, the CPU time spent building the
/// per-question analyses, and the findings.
///
/// The rules take turns over a chunk of questions, in the catalogue's order: the first rule to
/// ask for a piece of a question's analysis pays for it.
fn time_rules(cx: &Context<'_>, selection: &Selection) -> (Vec<Duration>, Duration, usize) {
    let mut costs = vec![Duration::ZERO; selection.enabled.len()];
    let mut analysis_new = Duration::ZERO;
    let mut findings = Vec::new();
    let stems = Stems::default();
    for chunk in cx.questions.chunks(CHUNK) {
        let start = ThreadTime::now();
        let analyses: Vec<Analysis<'_>> = chunk
            .iter()
            .map(|q| Analysis::new(q.question, &stems))
            .collect();
        analysis_new += start.elapsed();
        for (cost, (rule, _)) in costs.iter_mut().zip(&selection.enabled) {
            if let Check::Question(check) = rule.check {
                let start = ThreadTime::now();
                for (&q, analysis) in chunk.iter().zip(&analyses) {
                    check(cx, q, analysis, &mut findings);
                }
                *cost += start.elapsed();
            }
        }
        let start = ThreadTime::now();
        drop(analyses);
        analysis_new += start.elapsed();
    }
    for (cost, (rule, _)) in costs.iter_mut().zip(&selection.enabled) {
        if let Check::Bank(check) = rule.check {
            let start = ThreadTime::now();
            check(cx, &mut findings);
            *cost += start.elapsed();
        }
    }
    (costs, analysis_new, findings.len())
}
