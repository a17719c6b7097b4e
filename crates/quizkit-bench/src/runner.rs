//! Running the rows as child processes, interleaved, and reducing them to medians and ratios.
//!
//! Each measurement is a fresh process (`quizkit-bench once …`), so that peak memory is the
//! row's own, rayon's pool has the size asked for (`RAYON_NUM_THREADS`), and no row warms
//! caches or the allocator for the next. The repetitions are interleaved (floor, load, …,
//! floor, load, …) so that a burst of load on a shared machine hits every row alike, and every
//! figure is a ratio to the floor of the same repetition. Each repetition starts one row
//! further along (load, …, floor; then …): on a virtual machine the host may charge a process
//! for the memory the one before it freed, and in a fixed order that charge fell on one row
//! nearly every time.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use quizkit::fsio::Failure;
use serde_json::{Value, json};

use crate::rows::{Row, Sample};

/// A bank to measure on.
#[derive(Debug, Clone)]
pub struct BankInfo {
    /// Its folder.
    pub path: PathBuf,
    /// Its questions.
    pub questions: usize,
    /// Its `.toml` files.
    pub files: usize,
    /// Their size on disk, in bytes.
    pub bytes: u64,
}

/// One setting the rows run under: a bank and a thread count.
#[derive(Debug, Clone)]
pub struct Config {
    /// Index into [`Plan::banks`].
    pub bank: usize,
    /// rayon threads.
    pub threads: usize,
}

/// What to run.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The `quizkit-bench` binary that runs `once`.
    pub exe: PathBuf,
    /// The banks; the first is the one the main table is about.
    pub banks: Vec<BankInfo>,
    /// The settings; the first is the main one.
    pub configs: Vec<Config>,
    /// The rows, the floor first.
    pub rows: Vec<Row>,
    /// Repetitions of every (setting, row).
    pub reps: usize,
    /// Where exports write.
    pub scratch: PathBuf,
    /// Whether to time the exports' disk write (once, in the first repetition).
    pub write: bool,
}

/// Every sample, by setting and row.
#[derive(Debug, Clone)]
pub struct Results {
    /// The plan that was run.
    pub plan: Plan,
    /// `samples[config][row][rep]`.
    pub samples: Vec<Vec<Vec<Sample>>>,
}

/// Runs `once` for one row in a child process and reads its sample.
pub fn run_child(
    exe: &Path,
    row: Row,
    bank: &Path,
    threads: usize,
    scratch: &Path,
    write: bool,
) -> Result<Sample, Failure> {
    let mut cmd = Command::new(exe);
    cmd.arg("once")
        .arg("--row")
        .arg(row.name())
        .arg("--scratch")
        .arg(scratch)
        .arg(bank)
        .env("RAYON_NUM_THREADS", threads.to_string());
    if write {
        cmd.arg("--write");
    }
    let out = cmd
        .output()
        .map_err(|e| Failure::new(format!("cannot run {}: {e}", exe.display())))?;
    if !out.status.success() {
        return Err(Failure::new(format!(
            "`{} once --row {}` failed ({}): {}",
            exe.display(),
            row.name(),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    let line = String::from_utf8_lossy(&out.stdout);
    let value: Value = serde_json::from_str(line.trim())
        .map_err(|e| Failure::new(format!("unreadable sample from `once`: {e}: {line}")))?;
    sample_from_json(&value)
        .ok_or_else(|| Failure::new(format!("incomplete sample from `once`: {line}")))
}

/// A sample as `once` prints it.
pub fn sample_to_json(row: Row, s: &Sample) -> Value {
    json!({
        "row": row.name(),
        "elapsed_ns": s.elapsed.as_nanos() as u64,
        "cpu_ns": s.cpu.map(|c| c.as_nanos() as u64),
        "write_ns": s.write.map(|w| w.as_nanos() as u64),
        "peak_rss": s.peak_rss,
        "items": s.items,
        "bytes": s.bytes,
        "threads": s.threads,
    })
}

fn sample_from_json(v: &Value) -> Option<Sample> {
    Some(Sample {
        elapsed: Duration::from_nanos(v.get("elapsed_ns")?.as_u64()?),
        cpu: v
            .get("cpu_ns")
            .and_then(Value::as_u64)
            .map(Duration::from_nanos),
        write: v
            .get("write_ns")
            .and_then(Value::as_u64)
            .map(Duration::from_nanos),
        peak_rss: v.get("peak_rss").and_then(Value::as_u64),
        items: v.get("items")?.as_u64()?,
        bytes: v.get("bytes").and_then(Value::as_u64).unwrap_or(0),
        threads: v.get("threads")?.as_u64()? as usize,
    })
}

/// Runs the plan: one untimed floor per bank to warm the page cache, then `reps` rounds of
/// every setting and row in turn, each round's rows starting one further along than the last
/// round's. `progress` hears about every measurement.
pub fn execute(plan: Plan, mut progress: impl FnMut(&str)) -> Result<Results, Failure> {
    for bank in &plan.banks {
        run_child(&plan.exe, Row::Floor, &bank.path, 1, &plan.scratch, false)?;
    }
    let mut samples =
        vec![vec![Vec::with_capacity(plan.reps); plan.rows.len()]; plan.configs.len()];
    for rep in 0..plan.reps {
        for (ci, config) in plan.configs.iter().enumerate() {
            let bank = &plan.banks[config.bank];
            for ri in round_order(rep, plan.rows.len()) {
                let row = plan.rows[ri];
                // The disk write is measured once, in the first repetition of the main setting:
                // it is not part of the ratios, and a site of 100k pages takes long to write.
                let write = plan.write && rep == 0 && ci == 0;
                let s = run_child(
                    &plan.exe,
                    row,
                    &bank.path,
                    config.threads,
                    &plan.scratch,
                    write,
                )?;
                progress(&format!(
                    "rep {}/{} {} questions, {} thread{}: {:<14} {:>9.1} ms",
                    rep + 1,
                    plan.reps,
                    bank.questions,
                    config.threads,
                    if config.threads == 1 { "" } else { "s" },
                    row.name(),
                    ms(s.elapsed)
                ));
                samples[ci][ri].push(s);
            }
        }
    }
    Ok(Results { plan, samples })
}

/// The order of the `rows` rows in repetition `rep`: each repetition one row further along than
/// the one before, so that over `rows` repetitions every row runs once in every place.
fn round_order(rep: usize, rows: usize) -> impl Iterator<Item = usize> {
    (0..rows).map(move |k| (rep + k) % rows)
}

/// The median of some numbers (the mean of the middle two for an even count).
pub fn median(values: &[f64]) -> f64 {
    let mut v: Vec<f64> = values.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The figures of one row under one setting.
#[derive(Debug, Clone)]
pub struct Figures {
    /// Median wall-clock time, ms.
    pub median_ms: f64,
    /// Median over repetitions of (this row ÷ the floor of the same repetition), wall clock.
    pub ratio: f64,
    /// Median CPU time of all threads, ms, where reported.
    pub cpu_ms: Option<f64>,
    /// Median over repetitions of the CPU-time ratio to the floor.
    pub cpu_ratio: Option<f64>,
    /// Largest peak RSS over the repetitions, bytes.
    pub peak_rss: Option<u64>,
    /// Median write time, ms, for exports.
    pub write_ms: Option<f64>,
    /// What the row counted (the last repetition's count).
    pub items: u64,
    /// Bytes the row scanned (claim prose).
    pub bytes: u64,
    /// Every wall-clock time, ms, in run order.
    pub times_ms: Vec<f64>,
}

fn some_median(values: Vec<f64>) -> Option<f64> {
    (!values.is_empty()).then(|| median(&values))
}

fn ratio_cell(r: Option<f64>) -> String {
    r.map_or("–".into(), |r| format!("{r:.2}×"))
}

fn ms_cell(v: Option<f64>) -> String {
    v.map_or("–".into(), |v| format!("{v:.1} ms"))
}

impl Results {
    /// The figures of row `ri` under setting `ci`.
    pub fn figures(&self, ci: usize, ri: usize) -> Figures {
        let samples = &self.samples[ci][ri];
        let floor = &self.samples[ci][0];
        let times_ms: Vec<f64> = samples.iter().map(|s| ms(s.elapsed)).collect();
        let ratios: Vec<f64> = samples
            .iter()
            .zip(floor)
            .map(|(s, f)| s.elapsed.as_secs_f64() / f.elapsed.as_secs_f64())
            .collect();
        let cpu_ratios: Vec<f64> = samples
            .iter()
            .zip(floor)
            .filter_map(|(s, f)| Some(s.cpu?.as_secs_f64() / f.cpu?.as_secs_f64()))
            .collect();
        Figures {
            median_ms: median(&times_ms),
            ratio: median(&ratios),
            cpu_ms: some_median(samples.iter().filter_map(|s| s.cpu.map(ms)).collect()),
            cpu_ratio: some_median(cpu_ratios),
            peak_rss: samples.iter().filter_map(|s| s.peak_rss).max(),
            write_ms: some_median(samples.iter().filter_map(|s| s.write.map(ms)).collect()),
            items: samples.last().map_or(0, |s| s.items),
            bytes: samples.last().map_or(0, |s| s.bytes),
            times_ms,
        }
    }

    /// The setting with this bank and thread count.
    fn config(&self, bank: usize, threads: usize) -> Option<usize> {
        self.plan
            .configs
            .iter()
            .position(|c| c.bank == bank && c.threads == threads)
    }

    fn command_rows(&self) -> impl Iterator<Item = (usize, &Row)> {
        self.plan
            .rows
            .iter()
            .enumerate()
            .filter(|(_, r)| r.is_command())
    }

    /// The report in Markdown: the main table, the claim rates, then speed-up and linearity
    /// when measured.
    pub fn markdown(&self) -> String {
        let plan = &self.plan;
        let main = &plan.configs[0];
        let bank = &plan.banks[main.bank];
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let mut out = format!(
            "Bank: {} questions in {} files, {:.1} MB on disk. {} thread{}, {} repetition{}, interleaved; medians; × floor is the median of the per-repetition ratios.\n\n",
            bank.questions,
            bank.files,
            bank.bytes as f64 / 1e6,
            main.threads,
            plural(main.threads),
            plan.reps,
            plural(plan.reps),
        );
        out.push_str("| row | what it does | wall | × floor | CPU | × floor (CPU) | peak RSS | RSS ÷ bank size | disk write |\n");
        out.push_str("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (ri, row) in self.command_rows() {
            let f = self.figures(0, ri);
            out.push_str(&format!(
                "| {} | {} | {:.1} ms | {:.2}× | {} | {} | {} | {} | {} |\n",
                row.name(),
                row.describe(),
                f.median_ms,
                f.ratio,
                ms_cell(f.cpu_ms),
                ratio_cell(f.cpu_ratio),
                f.peak_rss
                    .map_or("–".into(), |b| format!("{:.0} MB", b as f64 / 1e6)),
                f.peak_rss.map_or("–".into(), |b| format!(
                    "{:.2}×",
                    b as f64 / bank.bytes as f64
                )),
                ms_cell(f.write_ms),
            ));
        }

        let claim_rows: Vec<(usize, &Row)> = plan
            .rows
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.is_command())
            .collect();
        if !claim_rows.is_empty() {
            out.push_str("\nClaims, one thread, the bank loaded beforehand (not timed).\n\n| row | what it does | claims | CPU | claims per CPU second | claims per wall second | text per CPU second |\n|---|---|---:|---:|---:|---:|---:|\n");
            for (ri, row) in claim_rows {
                let f = self.figures(0, ri);
                let cpu_s = f.cpu_ms.map(|c| c / 1000.0);
                out.push_str(&format!(
                    "| {} | {} | {} | {} | {} | {:.0} | {} |\n",
                    row.name(),
                    row.describe(),
                    f.items,
                    ms_cell(f.cpu_ms),
                    cpu_s.map_or("–".into(), |c| format!("{:.0}", f.items as f64 / c)),
                    f.items as f64 / (f.median_ms / 1000.0),
                    match (cpu_s, f.bytes) {
                        (Some(c), b) if b > 0 => format!("{:.1} MB", b as f64 / 1e6 / c),
                        _ => "–".into(),
                    },
                ));
            }
        }

        if let (Some(one), true) = (self.config(main.bank, 1), main.threads > 1) {
            out.push_str(&format!(
                "\nParallel speed-up, {} questions: wall clock on 1 thread ÷ on {}; \"cores used\" is CPU ÷ wall of the {}-thread run.\n\n| row | 1 thread | {} threads | speed-up | cores used |\n|---|---:|---:|---:|---:|\n",
                bank.questions, main.threads, main.threads, main.threads
            ));
            for (ri, row) in self.command_rows() {
                let a = self.figures(one, ri);
                let b = self.figures(0, ri);
                out.push_str(&format!(
                    "| {} | {:.1} ms | {:.1} ms | {:.2}× | {} |\n",
                    row.name(),
                    a.median_ms,
                    b.median_ms,
                    a.median_ms / b.median_ms,
                    b.cpu_ms
                        .map_or("–".into(), |c| format!("{:.2}", c / b.median_ms)),
                ));
            }
        }

        for (bi, small) in plan.banks.iter().enumerate().skip(1) {
            let Some(ci) = self.config(bi, main.threads) else {
                continue;
            };
            let k = bank.questions as f64 / small.questions as f64;
            out.push_str(&format!(
                "\nLinearity: {} questions against {k:.0} × {} questions, {} thread{}; 1.00 is linear.\n\n| row | {} questions | {} questions | wall ÷ ({k:.0} × smaller) | CPU ÷ ({k:.0} × smaller) |\n|---|---:|---:|---:|---:|\n",
                bank.questions,
                small.questions,
                main.threads,
                plural(main.threads),
                small.questions,
                bank.questions
            ));
            for (ri, row) in self.command_rows() {
                let a = self.figures(ci, ri);
                let b = self.figures(0, ri);
                out.push_str(&format!(
                    "| {} | {:.1} ms | {:.1} ms | {:.2} | {} |\n",
                    row.name(),
                    a.median_ms,
                    b.median_ms,
                    b.median_ms / (k * a.median_ms),
                    match (a.cpu_ms, b.cpu_ms) {
                        (Some(x), Some(y)) => format!("{:.2}", y / (k * x)),
                        _ => "–".into(),
                    },
                ));
            }
        }
        out
    }

    /// The report as JSON: the banks, and per setting and row the figures and every sample.
    pub fn json(&self) -> Value {
        let plan = &self.plan;
        let banks: Vec<Value> = plan
            .banks
            .iter()
            .map(|b| {
                json!({
                    "path": b.path.display().to_string(),
                    "questions": b.questions,
                    "files": b.files,
                    "bytes": b.bytes,
                })
            })
            .collect();
        let mut rows = Vec::new();
        for (ci, config) in plan.configs.iter().enumerate() {
            for (ri, row) in plan.rows.iter().enumerate() {
                let f = self.figures(ci, ri);
                rows.push(json!({
                    "row": row.name(),
                    "bank": config.bank,
                    "threads": config.threads,
                    "median_ms": f.median_ms,
                    "ratio_to_floor": f.ratio,
                    "cpu_ms": f.cpu_ms,
                    "cpu_ratio_to_floor": f.cpu_ratio,
                    "peak_rss": f.peak_rss,
                    "write_ms": f.write_ms,
                    "items": f.items,
                    "bytes": f.bytes,
                    "times_ms": f.times_ms,
                }));
            }
        }
        json!({ "reps": plan.reps, "banks": banks, "rows": rows })
    }
}

#[cfg(test)]
mod tests {
    use super::{median, round_order};

    /// Over as many repetitions as there are rows, every row runs once in every place, and
    /// each repetition runs every row once.
    #[test]
    fn every_row_in_every_place() {
        for rows in 1..6 {
            let orders: Vec<Vec<usize>> = (0..rows)
                .map(|rep| round_order(rep, rows).collect())
                .collect();
            for order in &orders {
                let mut sorted = order.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..rows).collect::<Vec<_>>());
            }
            for place in 0..rows {
                let mut at: Vec<usize> = orders.iter().map(|o| o[place]).collect();
                at.sort_unstable();
                assert_eq!(
                    at,
                    (0..rows).collect::<Vec<_>>(),
                    "{rows} rows, place {place}"
                );
            }
            assert_eq!(
                orders[0],
                (0..rows).collect::<Vec<_>>(),
                "the first repetition in order"
            );
        }
    }

    #[test]
    fn medians() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert!(median(&[]).is_nan());
    }
}
