//! `quizkit stats`: where a bank stands: questions per category, topic, tag and difficulty,
//! language coverage, the spread of the key letters, option counts, questions with checks, and
//! lint's findings per rule.

use std::collections::BTreeMap;
use std::io::Write;

use clap::{Args, ValueEnum};
use quizkit_model::{Bank, Difficulty, LocalizedText, Question, index_letter};
use serde_json::{Value, json};

use crate::cli::{BankArg, GlobalArgs};
use crate::commands::lint::check;
use crate::fsio::Failure;
use crate::output;
use crate::{EXIT_CONTENT, EXIT_OK};

/// Arguments of `quizkit stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The bank to count.
    #[command(flatten)]
    pub bank: BankArg,
    /// How to print the counts: tables for the terminal, JSON for scripts, Markdown for a pull
    /// request comment.
    #[arg(long, value_enum, default_value_t = StatsFormat::Human)]
    pub format: StatsFormat,
}

/// Output formats of `quizkit stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// Aligned tables.
    Human,
    /// One JSON object.
    Json,
    /// Markdown tables.
    Markdown,
}

/// The counts of a bank, each list in a fixed order (bank order, or most first then by name),
/// so the output is the same for the same bank.
#[derive(Debug, Clone, PartialEq)]
pub struct Stats {
    /// Every question.
    pub questions: usize,
    /// The bank's languages, the default first.
    pub languages: Vec<String>,
    /// (category slug, questions), in bank order.
    pub categories: Vec<(String, usize)>,
    /// (`category/topic`, questions), in bank order.
    pub topics: Vec<(String, usize)>,
    /// (tag, questions), most first.
    pub tags: Vec<(String, usize)>,
    /// (easy | medium | hard | unset, questions).
    pub difficulty: Vec<(String, usize)>,
    /// (language, questions whose stem, options and explanation are all written in it).
    pub coverage: Vec<(String, usize)>,
    /// (key letter, questions whose key names it), A first.
    pub keys: Vec<(String, usize)>,
    /// Questions whose key names more than one option.
    pub multiple_response: usize,
    /// (number of options, questions with that many), fewest first.
    pub options: Vec<(usize, usize)>,
    /// Questions with at least one `checks` claim.
    pub with_checks: usize,
    /// `checks` claims in all.
    pub checks: usize,
    /// (code, rule, severity, findings), most first: lint's findings, the loader's included.
    pub findings: Vec<(usize, &'static str, &'static str, &'static str)>,
}

/// A table: its title, the three column headers, the rows.
type Table = (&'static str, [&'static str; 3], Vec<[String; 3]>);

/// How many tags the tables show; JSON has every tag.
pub const SHOWN_TAGS: usize = 15;

/// True when `text` has a version in `lang`.
fn has(text: &LocalizedText, lang: &str) -> bool {
    text.entry(lang).is_some()
}

/// True when every text of `q` a learner sees is written in `lang`.
fn covered(q: &Question, lang: &str) -> bool {
    has(&q.stem, lang)
        && q.options
            .iter()
            .all(|o| has(&o.text, lang) && o.feedback.as_ref().is_none_or(|f| has(f, lang)))
        && q.explanation.as_ref().is_none_or(|e| has(e, lang))
}

fn most_first(counts: BTreeMap<String, usize>) -> Vec<(String, usize)> {
    let mut rows: Vec<(String, usize)> = counts.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    rows
}

impl Stats {
    /// Counts `bank`, with the findings `diagnostics` of lint and the loader.
    pub fn of(bank: &Bank, diagnostics: &[quizkit_model::Diagnostic]) -> Stats {
        let languages: Vec<String> = bank.config.languages().map(str::to_owned).collect();
        let mut tags = BTreeMap::new();
        let mut difficulty = [0usize; 4];
        let mut coverage = vec![0usize; languages.len()];
        let mut keys = BTreeMap::new();
        let mut options = BTreeMap::new();
        let (mut multiple_response, mut with_checks, mut checks) = (0, 0, 0);
        for (_, _, q) in bank.questions() {
            for tag in &q.tags {
                *tags.entry(tag.value.clone()).or_insert(0) += 1;
            }
            difficulty[match q.difficulty.as_ref().map(|d| d.value) {
                Some(Difficulty::Easy) => 0,
                Some(Difficulty::Medium) => 1,
                Some(Difficulty::Hard) => 2,
                None => 3,
            }] += 1;
            for (n, lang) in coverage.iter_mut().zip(&languages) {
                *n += usize::from(covered(q, lang));
            }
            for i in q.key_indices() {
                *keys.entry(i).or_insert(0) += 1;
            }
            multiple_response += usize::from(q.is_multiple_response());
            *options.entry(q.options.len()).or_insert(0) += 1;
            with_checks += usize::from(!q.checks.is_empty());
            checks += q.checks.len();
        }
        let most_options = options.keys().max().copied().unwrap_or(0);
        Stats {
            questions: bank.question_count(),
            categories: bank
                .categories
                .iter()
                .map(|c| {
                    (
                        c.slug.clone(),
                        c.topics.iter().map(|t| t.questions.len()).sum(),
                    )
                })
                .collect(),
            topics: bank
                .topics()
                .map(|(c, t)| (format!("{}/{}", c.slug, t.slug), t.questions.len()))
                .collect(),
            tags: most_first(tags),
            difficulty: ["easy", "medium", "hard", "unset"]
                .iter()
                .zip(difficulty)
                .map(|(name, n)| ((*name).to_owned(), n))
                .collect(),
            coverage: languages.iter().cloned().zip(coverage).collect(),
            languages,
            keys: (0..most_options)
                .chain(keys.keys().copied().filter(|&i| i >= most_options))
                .map(|i| {
                    (
                        index_letter(i).to_string(),
                        keys.get(&i).copied().unwrap_or(0),
                    )
                })
                .collect(),
            multiple_response,
            options: options.into_iter().collect(),
            with_checks,
            checks,
            findings: output::statistics::counts(diagnostics),
        }
    }

    /// The tables as (title, header, rows), in print order; the tags cut to the [`SHOWN_TAGS`]
    /// most used, with a last row saying how many more there are.
    fn tables(&self) -> Vec<Table> {
        let share = |n: usize| {
            if self.questions == 0 {
                "–".to_owned()
            } else {
                format!("{:.0}%", 100.0 * n as f64 / self.questions as f64)
            }
        };
        let rows = |list: &[(String, usize)]| -> Vec<[String; 3]> {
            list.iter()
                .map(|(name, n)| [name.clone(), n.to_string(), share(*n)])
                .collect()
        };
        let mut tables = vec![
            (
                "Categories",
                ["category", "questions", "share"],
                rows(&self.categories),
            ),
            (
                "Topics",
                ["topic", "questions", "share"],
                rows(&self.topics),
            ),
            (
                "Difficulty",
                ["difficulty", "questions", "share"],
                rows(&self.difficulty),
            ),
            (
                "Language coverage (stem, options, feedback and explanation all written)",
                ["language", "questions", "share"],
                rows(&self.coverage),
            ),
            (
                "Key letters",
                ["key", "questions", "share"],
                rows(&self.keys),
            ),
            (
                "Options per question",
                ["options", "questions", "share"],
                self.options
                    .iter()
                    .map(|(k, n)| [k.to_string(), n.to_string(), share(*n)])
                    .collect(),
            ),
            ("Tags", ["tag", "questions", "share"], {
                let mut shown = rows(&self.tags[..self.tags.len().min(SHOWN_TAGS)]);
                if self.tags.len() > SHOWN_TAGS {
                    shown.push([
                        format!(
                            "… {} more (--format json lists them all)",
                            self.tags.len() - SHOWN_TAGS
                        ),
                        String::new(),
                        String::new(),
                    ]);
                }
                shown
            }),
        ];
        tables.push((
            "Findings per rule",
            ["rule", "severity", "findings"],
            self.findings
                .iter()
                .map(|(n, code, name, severity)| {
                    [
                        format!("{code} {name}"),
                        (*severity).to_owned(),
                        n.to_string(),
                    ]
                })
                .collect(),
        ));
        tables
    }

    fn headline(&self) -> String {
        let counted =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        format!(
            "{} in {} and {}; languages {}; {} multiple-response; {} with checks ({}); {}.",
            counted(self.questions, "question", "questions"),
            counted(self.categories.len(), "category", "categories"),
            counted(self.topics.len(), "topic", "topics"),
            self.languages.join(", "),
            self.multiple_response,
            self.with_checks,
            counted(self.checks, "claim", "claims"),
            counted(
                self.findings.iter().map(|f| f.0).sum::<usize>(),
                "finding",
                "findings"
            )
        )
    }

    /// Aligned tables for the terminal.
    pub fn render_human(&self) -> String {
        let mut out = self.headline();
        out.push('\n');
        for (title, header, rows) in self.tables() {
            out.push_str(&format!("\n{title}\n"));
            if rows.is_empty() {
                out.push_str("  none\n");
                continue;
            }
            // A row without a count (the "… more tags" line) does not widen the column.
            let w0 = rows
                .iter()
                .filter(|r| !r[1].is_empty())
                .map(|r| r[0].chars().count())
                .chain([header[0].len()])
                .max()
                .unwrap_or(0);
            let w1 = rows
                .iter()
                .map(|r| r[1].len())
                .chain([header[1].len()])
                .max()
                .unwrap_or(0);
            let w2 = rows
                .iter()
                .map(|r| r[2].len())
                .chain([header[2].len()])
                .max()
                .unwrap_or(0);
            let line = |a: &str, b: &str, c: &str| {
                let pad = w0.saturating_sub(a.chars().count());
                let line = format!("  {a}{}  {b:>w1$}  {c:>w2$}", " ".repeat(pad));
                format!("{}\n", line.trim_end())
            };
            out.push_str(&line(header[0], header[1], header[2]));
            for r in &rows {
                out.push_str(&line(&r[0], &r[1], &r[2]));
            }
        }
        out
    }

    /// Markdown, for a pull request comment.
    pub fn render_markdown(&self) -> String {
        let mut out = format!("**{}**\n", self.headline());
        let cell = |s: &str| s.replace('|', "\\|");
        for (title, header, rows) in self.tables() {
            out.push_str(&format!("\n### {title}\n\n"));
            if rows.is_empty() {
                out.push_str("None.\n");
                continue;
            }
            out.push_str(&format!(
                "| {} | {} | {} |\n|---|---:|---:|\n",
                header[0], header[1], header[2]
            ));
            for r in &rows {
                out.push_str(&format!(
                    "| {} | {} | {} |\n",
                    cell(&r[0]),
                    cell(&r[1]),
                    cell(&r[2])
                ));
            }
        }
        out
    }

    /// One JSON object (a stable interface for scripts).
    pub fn to_json(&self) -> Value {
        let list = |l: &[(String, usize)], key: &str| -> Vec<Value> {
            l.iter()
                .map(|(name, n)| json!({ key: name, "questions": n }))
                .collect()
        };
        json!({
            "questions": self.questions,
            "languages": self.languages,
            "categories": list(&self.categories, "category"),
            "topics": list(&self.topics, "topic"),
            "tags": list(&self.tags, "tag"),
            "difficulty": self.difficulty.iter().map(|(k, n)| (k.clone(), json!(n))).collect::<serde_json::Map<_, _>>(),
            "coverage": self.coverage.iter().map(|(k, n)| (k.clone(), json!(n))).collect::<serde_json::Map<_, _>>(),
            "keys": self.keys.iter().map(|(k, n)| (k.clone(), json!(n))).collect::<serde_json::Map<_, _>>(),
            "multiple_response": self.multiple_response,
            "options": self.options.iter().map(|(k, n)| json!({ "options": k, "questions": n })).collect::<Vec<_>>(),
            "with_checks": self.with_checks,
            "checks": self.checks,
            "findings": self.findings.iter().map(|(n, code, name, severity)| json!({ "code": code, "rule": name, "severity": severity, "count": n })).collect::<Vec<_>>(),
        })
    }
}

/// Runs `quizkit stats`.
pub fn run(global: &GlobalArgs, args: &StatsArgs) -> Result<u8, Failure> {
    let checked = super::kept_until_exit(check(args.bank.path.as_deref())?);
    let Some(bank) = checked.loaded.bank.as_ref() else {
        let text = output::human::render(
            &checked.findings(),
            global.color_stderr(),
            output::human::WIDTH,
        );
        let _ = std::io::stderr().write_all(text.as_bytes());
        eprintln!(
            "No statistics: the bank's quizkit.toml does not load. Fix the errors above first."
        );
        return Ok(EXIT_CONTENT);
    };
    let stats = Stats::of(bank, &checked.diagnostics);
    let text = match args.format {
        StatsFormat::Human => stats.render_human(),
        StatsFormat::Markdown => stats.render_markdown(),
        StatsFormat::Json => {
            let mut s = serde_json::to_string_pretty(&stats.to_json()).unwrap_or_default();
            s.push('\n');
            s
        }
    };
    std::io::stdout()
        .write_all(text.as_bytes())
        .map_err(|e| Failure::new(format!("cannot write to standard output: {e}")))?;
    Ok(EXIT_OK)
}
