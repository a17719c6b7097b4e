//! `quizkit-bench`: generate large banks and time every quizkit command against the floor.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use quizkit::fsio::Failure;
use quizkit_bench::generate::{self, Spec};
use quizkit_bench::rows::{self, Row};
use quizkit_bench::runner::{self, BankInfo, Config, Plan};

/// Generate large realistic banks, and time every quizkit command against the TOML-parse
/// floor of the same files.
#[derive(Debug, Parser)]
#[command(
    name = "quizkit-bench",
    after_help = "Examples:\n  quizkit-bench generate --questions 100000 --seed 1 -o target/bench/bank-100k\n  quizkit-bench run --questions 10000\n  quizkit-bench run --questions 100000 --speedup --linear-base 10000 --json target/bench/report.json"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Write a generated bank into a folder.
    Generate(GenerateArgs),
    /// Generate a bank (unless already there) and time every row on it.
    Run(RunArgs),
    /// Run one row once in this process and print its sample as JSON (used by `run`).
    #[command(hide = true)]
    Once(OnceArgs),
}

#[derive(Debug, Args)]
struct GenerateArgs {
    /// How many questions.
    #[arg(long, default_value_t = 10_000)]
    questions: usize,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The folder to write (replaced if a previous generation is there).
    #[arg(short, long)]
    output: PathBuf,
}

#[derive(Debug, Args)]
struct RunArgs {
    /// How many questions the bank has.
    #[arg(long, default_value_t = 10_000)]
    questions: usize,
    /// The generator's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Measure on this bank instead of a generated one.
    #[arg(long, conflicts_with_all = ["linear_base"])]
    bank: Option<PathBuf>,
    /// Where generated banks and export output go.
    #[arg(long, default_value = "target/bench")]
    dir: PathBuf,
    /// Repetitions of every row (medians are reported).
    #[arg(long, default_value_t = 5)]
    reps: usize,
    /// rayon threads for the main table (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Also run every row on one thread, for the parallel speed-up.
    #[arg(long)]
    speedup: bool,
    /// Also run every row on a bank of this many questions, for linearity in N.
    #[arg(long, value_name = "QUESTIONS")]
    linear_base: Option<usize>,
    /// Only these rows (comma-separated names; the floor always runs).
    #[arg(long, value_delimiter = ',')]
    rows: Vec<String>,
    /// Do not time the exports' disk write (a site of 100k questions is gigabytes of pages).
    #[arg(long)]
    no_write: bool,
    /// Also write the report as JSON here.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// No progress on standard error.
    #[arg(short, long)]
    quiet: bool,
}

#[derive(Debug, Args)]
struct OnceArgs {
    /// The row.
    #[arg(long)]
    row: String,
    /// Where exports write.
    #[arg(long, default_value = "target/bench/scratch")]
    scratch: PathBuf,
    /// Also write the export's files, timed apart.
    #[arg(long)]
    write: bool,
    /// The bank.
    bank: PathBuf,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Generate(args) => generate_cmd(&args),
        Command::Run(args) => run_cmd(&args),
        Command::Once(args) => once_cmd(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {}", err.message);
            if let Some(help) = err.help {
                eprintln!("  help: {help}");
            }
            ExitCode::from(2)
        }
    }
}

fn generate_cmd(args: &GenerateArgs) -> Result<(), Failure> {
    let spec = Spec::new(args.questions, args.seed);
    let summary = generate::write_bank(&spec, &args.output)
        .map_err(|e| Failure::io("generate into", &args.output, &e))?;
    eprintln!(
        "Generated {} questions ({} with checks, {} claims) in {} files, {:.1} MB, into {}.",
        summary.questions,
        summary.calc_questions,
        summary.checks,
        summary.files,
        summary.bytes as f64 / 1e6,
        args.output.display()
    );
    Ok(())
}

/// The generated bank of `questions` under `dir`, generated unless it is already there.
fn ensure_bank(dir: &Path, questions: usize, seed: u64, quiet: bool) -> Result<BankInfo, Failure> {
    let spec = Spec::new(questions, seed);
    let path = dir.join(format!("bank-{questions}-s{seed}"));
    if !generate::is_generated(&spec, &path) {
        if !quiet {
            eprintln!("Generating {questions} questions into {} …", path.display());
        }
        generate::write_bank(&spec, &path).map_err(|e| Failure::io("generate into", &path, &e))?;
    }
    bank_info(&path)
}

fn bank_info(path: &Path) -> Result<BankInfo, Failure> {
    let mut paths = Vec::new();
    rows::toml_paths(path, &mut paths).map_err(|e| Failure::io("read", path, &e))?;
    let bytes = rows::bank_bytes(path).map_err(|e| Failure::io("read", path, &e))?;
    let (_, loaded) = quizkit::fsio::load_bank(Some(path))?;
    Ok(BankInfo {
        path: path.to_path_buf(),
        questions: loaded.bank.as_ref().map_or(0, |b| b.question_count()),
        files: paths.len(),
        bytes,
    })
}

fn run_cmd(args: &RunArgs) -> Result<(), Failure> {
    let mut banks = vec![match &args.bank {
        Some(path) => bank_info(path)?,
        None => ensure_bank(&args.dir, args.questions, args.seed, args.quiet)?,
    }];
    if let Some(base) = args.linear_base {
        banks.push(ensure_bank(&args.dir, base, args.seed, args.quiet)?);
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let mut configs = vec![Config { bank: 0, threads }];
    if args.speedup && threads > 1 {
        configs.push(Config {
            bank: 0,
            threads: 1,
        });
    }
    if banks.len() > 1 {
        configs.push(Config { bank: 1, threads });
    }
    let mut selected = Row::all();
    if !args.rows.is_empty() {
        for name in &args.rows {
            if Row::from_name(name).is_none() {
                let names: Vec<String> = Row::all().iter().map(Row::name).collect();
                return Err(Failure::new(format!("unknown row `{name}`"))
                    .with_help(format!("the rows are {}", names.join(", "))));
            }
        }
        selected.retain(|r| *r == Row::Floor || args.rows.contains(&r.name()));
    }
    let exe = std::env::current_exe()
        .map_err(|e| Failure::new(format!("cannot find this program: {e}")))?;
    let plan = Plan {
        exe,
        banks,
        configs,
        rows: selected,
        reps: args.reps.max(1),
        scratch: args.dir.join("scratch"),
        write: !args.no_write,
    };
    let quiet = args.quiet;
    let results = runner::execute(plan, |line| {
        if !quiet {
            eprintln!("{line}");
        }
    })?;
    let text = results.markdown();
    std::io::stdout()
        .write_all(text.as_bytes())
        .map_err(|e| Failure::new(format!("cannot write to standard output: {e}")))?;
    if let Some(path) = &args.json {
        let json = serde_json::to_string_pretty(&results.json()).unwrap_or_default();
        quizkit::fsio::write_atomic(path, json.as_bytes())?;
    }
    Ok(())
}

fn once_cmd(args: &OnceArgs) -> Result<(), Failure> {
    let row = Row::from_name(&args.row)
        .ok_or_else(|| Failure::new(format!("unknown row `{}`", args.row)))?;
    let sample = rows::run(row, &args.bank, &args.scratch, args.write)?;
    let mut stdout = std::io::stdout();
    writeln!(stdout, "{}", runner::sample_to_json(row, &sample))
        .and_then(|()| stdout.flush())
        .map_err(|e| Failure::new(format!("cannot write to standard output: {e}")))?;
    // Exit without dropping what the row built, like a CLI that is done.
    std::process::exit(0)
}
