//! Exporting a 100,000-question bank to Anki, side by side with genanki writing the same notes.
//!
//! ```sh
//! CARGO_TARGET_DIR=target/anki cargo bench -p quizkit-export --bench anki
//! ```
//!
//! Generates a bank (10 categories × 10 topics × 10 files × 100 questions, Markdown with code,
//! emphasis and math), loads it with `quizkit_model::load`, and times `anki::export` (Markdown
//! to HTML, the SQLite collection, the deflated zip), best of three. Then hands the very notes
//! of that package (fields as HTML, GUIDs, tags, decks, the note type) to genanki through
//! `tests/py/anki_bench.py`, which times genanki building and writing them, so genanki is
//! spared the Markdown. `QUIZKIT_BENCH_QUESTIONS` changes the size; `QUIZKIT_TOOLS` the Python
//! (default `target/tools`, set up by `scripts/tools.sh`; the script installs genanki there).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use quizkit_export::{LangChoice, Options, anki};
use quizkit_model::{Content, InputFile};
use rusqlite::{Connection, MAIN_DB};

fn question(i: usize) -> String {
    let key = ["A", "B", "C", "D"][i % 4];
    format!(
        r#"
[[question]]
id = "q-{i}"
stem = "Question {i}: which statement about **tensor core {t}** and `matmul_{i}` is correct when $n = {n}$?"
answer = "{key}"
difficulty = "{d}"
explanation = """The right option follows from the roofline model: a kernel with arithmetic intensity {n} FLOP/byte on a device with {t} TFLOPS is limited by {limit}.

The other options mix up bandwidth and compute, a common mistake in question {i}."""
tags = ["roofline", "topic-{t}"]

[[question.options]]
text = "Option A of question {i}: the kernel is limited by memory bandwidth"
feedback = "Not for this intensity."

[[question.options]]
text = "Option B of question {i}: the kernel is limited by compute"

[[question.options]]
text = "Option C of question {i}: the kernel runs at peak on any device"

[[question.options]]
text = "Option D of question {i}: the intensity does not matter"
"#,
        t = i % 97,
        n = i % 300 + 1,
        d = ["easy", "medium", "hard"][i % 3],
        limit = if i.is_multiple_of(2) {
            "bandwidth"
        } else {
            "compute"
        },
    )
}

/// The bank's files: 10 categories × 10 topics × 10 files, `count` questions in all.
fn bank_files(count: usize) -> Vec<InputFile> {
    let per_file = count.div_ceil(1000).max(1);
    let mut files = vec![InputFile {
        path: "quizkit.toml".into(),
        content: Content::Bytes(b"id = \"bench\"\nlanguages = [\"en\"]\n".to_vec()),
    }];
    let mut next = 0;
    for c in 0..10 {
        files.push(InputFile {
            path: format!("cat-{c}/category.toml"),
            content: Content::Bytes(format!("title = \"Category {c}\"\n").into_bytes()),
        });
        for t in 0..10 {
            files.push(InputFile {
                path: format!("cat-{c}/topic-{t}/topic.toml"),
                content: Content::Bytes(format!("title = \"Topic {c}.{t}\"\n").into_bytes()),
            });
            for f in 0..10 {
                let mut text = String::new();
                for _ in 0..per_file {
                    if next < count {
                        text.push_str(&question(next));
                        next += 1;
                    }
                }
                if !text.is_empty() {
                    files.push(InputFile {
                        path: format!("cat-{c}/topic-{t}/q{f:02}.toml"),
                        content: Content::Bytes(text.into_bytes()),
                    });
                }
            }
        }
    }
    files
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// The notes of `apkg` as genanki input: one JSON object per line, and the note type.
fn notes_for_genanki(apkg: &[u8], out: &Path) -> usize {
    let mut zip = zip::ZipArchive::new(Cursor::new(apkg)).expect("a zip");
    let mut collection = Vec::new();
    zip.by_name("collection.anki2")
        .expect("a collection")
        .read_to_end(&mut collection)
        .expect("read");
    let mut db = Connection::open_in_memory().expect("sqlite");
    db.deserialize_read_exact(MAIN_DB, Cursor::new(&collection), collection.len(), true)
        .expect("a database");
    let (models, decks): (String, String) = db
        .query_row("SELECT models, decks FROM col", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .expect("col");
    let decks: serde_json::Value = serde_json::from_str(&decks).expect("decks");
    let deck_names: BTreeMap<i64, String> = decks
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(_, d)| Some((d["id"].as_i64()?, d["name"].as_str()?.to_owned())))
        .collect();
    let mut lines = String::new();
    let mut stmt = db
        .prepare("SELECT n.guid, n.tags, n.flds, c.did FROM notes n JOIN cards c ON c.nid = n.id ORDER BY n.id")
        .expect("notes");
    let mut count = 0;
    let rows = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })
        .expect("rows");
    for row in rows {
        let (guid, tags, fields, did) = row.expect("a row");
        let note = serde_json::json!({
            "guid": guid,
            "tags": tags.split_whitespace().collect::<Vec<_>>(),
            "fields": fields.split('\u{1f}').collect::<Vec<_>>(),
            "deck": deck_names.get(&did),
            "deck_id": did,
        });
        writeln!(lines, "{note}").ok();
        count += 1;
    }
    std::fs::write(out.join("notes.jsonl"), lines).expect("write notes");
    std::fs::write(out.join("model.json"), models).expect("write model");
    count
}

/// This process's CPU time (user + system), from `/proc/self/stat` (Linux), in seconds.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit(')').next().unwrap_or_default();
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line (0-based 11 and 12 after the name),
    // in clock ticks of 1/100 s on Linux.
    let ticks: f64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<f64>().ok())
        .sum();
    ticks / 100.0
}

/// The fastest of `runs` runs: its wall time, its CPU time, and the value of the last run.
fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, f64, T) {
    let mut best = (Duration::MAX, 0.0);
    let mut last = None;
    for _ in 0..runs {
        let (start, cpu) = (Instant::now(), cpu_seconds());
        let value = f();
        let run = (start.elapsed(), cpu_seconds() - cpu);
        if run.0 < best.0 {
            best = run;
        }
        last = Some(value);
    }
    (best.0, best.1, last.expect("at least one run"))
}

fn main() {
    let count: usize = std::env::var("QUIZKIT_BENCH_QUESTIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let out = workspace_root().join("target/bench-anki");
    std::fs::create_dir_all(&out).expect("output folder");

    let files = bank_files(count);
    let start = Instant::now();
    let loaded = quizkit_model::load(files);
    let load_time = start.elapsed();
    assert!(!loaded.has_errors(), "{:#?}", &loaded.diagnostics[..1]);
    let bank = loaded.bank.expect("a bank");
    assert_eq!(bank.question_count(), count);

    let options = Options {
        lang: LangChoice::Default,
        timestamp: 1_796_000_000,
        ..Options::default()
    };
    let (export_time, export_cpu, output) =
        best_of(3, || anki::export(&bank, &options).expect("export"));
    let apkg = &output.files[0].bytes;
    std::fs::write(out.join("quizkit.apkg"), apkg).expect("write");
    let notes = notes_for_genanki(apkg, &out);
    assert_eq!(notes, count);

    println!("{count} questions, 4 options each");
    println!(
        "quizkit load (TOML to Bank):      {:>7.3} s",
        load_time.as_secs_f64()
    );
    println!(
        "quizkit anki::export (best of 3): {:>7.3} s wall, {:>7.3} s CPU  {:>6.1} MB",
        export_time.as_secs_f64(),
        export_cpu,
        apkg.len() as f64 / 1e6
    );

    let tools = std::env::var_os("QUIZKIT_TOOLS")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target/tools"));
    let python = tools.join("py/bin/python");
    let result = Command::new(&python)
        .arg(workspace_root().join("tests/py/anki_bench.py"))
        .arg(&out)
        .output();
    let genanki: serde_json::Value = match result {
        Ok(o) if o.status.success() => serde_json::from_slice(&o.stdout).expect("JSON"),
        Ok(o) => panic!(
            "tests/py/anki_bench.py failed:\n{}",
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(e) => panic!(
            "cannot run {} ({e}): run scripts/tools.sh first",
            python.display()
        ),
    };
    let total = genanki["total_s"].as_f64().unwrap_or(f64::NAN);
    let total_cpu = genanki["total_cpu_s"].as_f64().unwrap_or(f64::NAN);
    println!(
        "genanki {} build + write (best of {}): {:>7.3} s wall, {:>7.3} s CPU  {:>6.1} MB  (build {:.3} s, write {:.3} s)",
        genanki["version"].as_str().unwrap_or("?"),
        genanki["runs"],
        total,
        total_cpu,
        genanki["size"].as_f64().unwrap_or(0.0) / 1e6,
        genanki["build_s"].as_f64().unwrap_or(f64::NAN),
        genanki["write_s"].as_f64().unwrap_or(f64::NAN),
    );
    println!(
        "quizkit is {:.1}x faster than genanki in wall time, {:.1}x in CPU time (same notes, GUIDs {})",
        total / export_time.as_secs_f64(),
        total_cpu / export_cpu,
        if genanki["guids_match"] == true {
            "identical to genanki.guid_for"
        } else {
            "DIFFERENT from genanki.guid_for"
        }
    );
}
