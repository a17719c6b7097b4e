//! The number rules on a bank they were not written with: `tests/corpora/numbers`, 80 correct
//! bilingual questions written independently from a brief (see its README).
//!
//! - Precision: `quizkit lint` reports nothing from the number rules on it.
//! - Recall: errors planted into its explanations' claims (the stated result ×10, ×8, ÷1000,
//!   a decimal prefix for a binary one or the other way round, a wrong operand) are found, each
//!   mutant linted on its own, with the slip's hint where one applies.
//!
//! The places to plant errors are found by this file's own reading of the text (a relation
//! followed by a number, in the language's way of writing numbers), not by quizkit's.

use std::ops::Range;

use quizkit_lint::{Selection, lint};
use quizkit_model::load::{InputFile, load};
use quizkit_tests::{quizkit, run, workspace_root};

/// The rules about numbers.
const NUMBER_RULES: [&str; 10] = [
    "claim-syntax",
    "claim-dimension-mismatch",
    "claim-mismatch",
    "key-contradicts-claim",
    "inline-claim-mismatch",
    "unchecked-claim",
    "percentage-factor-mismatch",
    "magnitude-mismatch",
    "translation-numbers-differ",
    "numerically-equal-options",
];

/// The rules that check a claim's arithmetic: what must find a planted error.
const CLAIM_RULES: [&str; 3] = ["N004", "N005", "N006"];

fn corpus_root() -> std::path::PathBuf {
    workspace_root().join("tests/corpora/numbers")
}

/// The corpus's files: (path inside the bank, text), sorted by path.
fn corpus_files() -> Vec<(String, String)> {
    let root = corpus_root();
    let mut out = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a corpus directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "toml") {
                let rel = path.strip_prefix(&root).expect("under the root");
                let rel = rel.to_string_lossy().replace('\\', "/");
                out.push((rel, std::fs::read_to_string(&path).expect("a TOML file")));
            }
        }
    }
    out.sort();
    assert!(
        out.len() >= 10,
        "the corpus is missing: {} files",
        out.len()
    );
    out
}

/// The number rules' findings on the bank made of `files`: (code, question, help, file path,
/// byte span).
type Found = (String, String, String, String, Range<usize>);

fn lint_numbers(files: &[(String, String)]) -> Vec<Found> {
    let inputs = files
        .iter()
        .map(|(path, text)| InputFile::text(path.clone(), text))
        .collect();
    let loaded = load(inputs);
    assert!(
        loaded.diagnostics.is_empty(),
        "the corpus must load: {:?}",
        loaded.diagnostics
    );
    let bank = loaded.bank.as_ref().expect("a bank");
    lint(bank, &loaded.sources, &Selection::only(&NUMBER_RULES))
        .into_iter()
        .map(|d| {
            let path = d
                .file
                .map(|f| loaded.sources[f.0 as usize].path.clone())
                .unwrap_or_default();
            (
                d.code.to_string(),
                d.question.unwrap_or_default(),
                d.help.unwrap_or_default(),
                path,
                d.span,
            )
        })
        .collect()
}

/// Findings the corpus's text deserves, though its README calls every statement correct
/// (question, rule, why). Each must still fire.
const DESERVED: [(&str, &str); 1] = [
    // `2^24 ≈ 16,7 miljoen`: 16 777 216 cut off, not rounded (16,8 miljoen).
    ("ipv4-address-space", "N005"),
];

#[test]
fn the_independent_corpus_lints_clean_of_number_findings() {
    let out = run(quizkit()
        .arg("lint")
        .arg(corpus_root())
        .args(["--format", "json"]));
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json output");
    let numbers: Vec<&serde_json::Value> = findings
        .as_array()
        .expect("an array")
        .iter()
        .filter(|f| {
            f["code"]
                .as_str()
                .is_some_and(|c| c.starts_with('N') || c == "T002" || c == "K004")
        })
        .collect();
    let deserved = |f: &serde_json::Value| {
        DESERVED
            .iter()
            .any(|&(id, code)| f["question"] == id && f["code"] == code)
    };
    for (id, code) in DESERVED {
        assert!(
            numbers
                .iter()
                .any(|f| f["question"] == id && f["code"] == code),
            "{id} no longer has a {code} finding: remove it from DESERVED"
        );
    }
    let numbers: Vec<_> = numbers.into_iter().filter(|f| !deserved(f)).collect();
    assert!(numbers.is_empty(), "{numbers:#?}");
    let files = corpus_files();
    let questions: usize = files
        .iter()
        .map(|(_, t)| t.matches("[[question]]").count())
        .sum();
    let claims = sites(&files).len();
    println!(
        "precision: 0 number findings on {questions} questions ({claims} stated results in their explanations) but the {} the text deserves",
        DESERVED.len()
    );
}

/// How a language writes numbers, for this file's own reading.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Lang {
    Nl,
    En,
}

impl Lang {
    fn decimal(self) -> char {
        if self == Lang::Nl { ',' } else { '.' }
    }
    fn group(self) -> char {
        if self == Lang::Nl { '.' } else { ',' }
    }
}

/// A place to plant an error: a number stated after `=` or `≈` in an explanation.
#[derive(Debug, Clone)]
struct Site {
    file: usize,
    /// The explanation's string value in the file.
    value: Range<usize>,
    /// The stated number.
    number: Range<usize>,
    /// Its value.
    amount: f64,
    /// The unit word after it, if any.
    unit: Range<usize>,
    /// The nearest operand before the relation, if it is a number: its range and value.
    operand: Option<(Range<usize>, f64)>,
    lang: Lang,
}

const SPACES: [char; 4] = [' ', '\u{a0}', '\u{2009}', '\u{202f}'];

/// The number at byte `i` of `s` (a digit, with nothing alphanumeric or `.`/`,` glued before
/// it), written the way `lang` writes it: its end and value, or `None` when it is no plain
/// number (an address, a version, a ratio).
fn number_at(s: &str, i: usize, lang: Lang) -> Option<(usize, f64)> {
    let b: Vec<char> = s[i..].chars().collect();
    let mut k = 0;
    let mut digits = String::new();
    while k < b.len() && b[k].is_ascii_digit() {
        digits.push(b[k]);
        k += 1;
    }
    if digits.is_empty() {
        return None;
    }
    let three = |k: usize| {
        k + 3 <= b.len()
            && b[k..k + 3].iter().all(char::is_ascii_digit)
            && b.get(k + 3).is_none_or(|c| !c.is_ascii_digit())
    };
    if digits.len() <= 3 && digits != "0" {
        let sep = b.get(k).copied();
        if let Some(sep) = sep.filter(|c| SPACES.contains(c) || *c == lang.group()) {
            while b.get(k) == Some(&sep) && three(k + 1) {
                digits.extend(&b[k + 1..k + 4]);
                k += 4;
            }
        }
    }
    if b.get(k) == Some(&lang.decimal()) && b.get(k + 1).is_some_and(char::is_ascii_digit) {
        digits.push('.');
        k += 1;
        while k < b.len() && b[k].is_ascii_digit() {
            digits.push(b[k]);
            k += 1;
        }
    }
    // Glued to more: `192.168.1.70`, `2:4`, `4-bit`, `2^14`, `11–18`.
    if b.get(k).is_some_and(|c| ".,:–-".contains(*c))
        && b.get(k + 1).is_some_and(char::is_ascii_alphanumeric)
        || b.get(k) == Some(&'^')
    {
        return None;
    }
    let end = i + b[..k].iter().map(|c| c.len_utf8()).sum::<usize>();
    Some((end, digits.parse().ok()?))
}

/// The explanations' stated results.
fn sites(files: &[(String, String)]) -> Vec<Site> {
    let mut out = Vec::new();
    for (f, (_, text)) in files.iter().enumerate() {
        let mut line_start = 0;
        for line in text.split_inclusive('\n') {
            let lang = if line.starts_with("explanation.nl = \"\"\"") {
                Some(Lang::Nl)
            } else if line.starts_with("explanation.en = \"\"\"") {
                Some(Lang::En)
            } else {
                None
            };
            if let Some(lang) = lang {
                let open = line_start + "explanation.nl = \"\"\"".len();
                let close = line_start + line.rfind("\"\"\"").expect("a closing quote");
                sites_in(text, open..close, f, lang, &mut out);
            }
            line_start += line.len();
        }
    }
    out
}

fn sites_in(text: &str, value: Range<usize>, file: usize, lang: Lang, out: &mut Vec<Site>) {
    let s = &text[value.clone()];
    for (rel_at, rel) in s.char_indices().filter(|(_, c)| *c == '=' || *c == '≈') {
        let mut i = rel_at + rel.len_utf8();
        while s[i..].starts_with(SPACES) {
            i += s[i..].chars().next().map_or(1, char::len_utf8);
        }
        if !s[i..].starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let Some((end, amount)) = number_at(s, i, lang) else {
            continue;
        };
        // A claim computes before its relation: a digit or `)` ends the text before it, or
        // a unit that follows a digit.
        let before = s[..rel_at].trim_end_matches(SPACES);
        let last_word_start = before
            .char_indices()
            .rfind(|(_, c)| SPACES.contains(c))
            .map_or(0, |(p, c)| p + c.len_utf8());
        let word = &before[last_word_start..];
        let computes = before.ends_with(|c: char| c.is_ascii_digit() || c == ')')
            || (word.chars().all(|c| c.is_alphabetic() || c == '/')
                && before[..last_word_start]
                    .trim_end_matches(SPACES)
                    .ends_with(|c: char| c.is_ascii_digit()));
        if !computes || amount == 0.0 {
            continue;
        }
        // The unit after the number.
        let mut u = end;
        if s[u..].starts_with(SPACES) {
            u += s[u..].chars().next().map_or(1, char::len_utf8);
        }
        let unit_len = s[u..]
            .find(|c: char| !(c.is_alphabetic() || c == '/'))
            .unwrap_or(s.len() - u);
        let unit = if unit_len > 0 {
            u..u + unit_len
        } else {
            end..end
        };
        // A stated result, not the start of another computation (`= 128 + 64`).
        let after = s[unit.end..].trim_start_matches(SPACES);
        if after.starts_with(['+', '−', '-', '×', '÷', '/', '*', '^', '·']) {
            continue;
        }
        // The nearest operand: the last number that ends before the relation.
        let mut operand = None;
        let mut j = 0;
        while j < rel_at {
            let c = s[j..].chars().next().map_or(' ', |c| c);
            let glued = s[..j]
                .chars()
                .next_back()
                .is_some_and(|p| p.is_alphanumeric() || ".,".contains(p));
            if c.is_ascii_digit() && !glued {
                match number_at(s, j, lang) {
                    Some((e, v)) => {
                        if e <= rel_at && v != 0.0 {
                            operand = Some((j..e, v));
                        }
                        j = e.max(j + 1);
                    }
                    None => {
                        // Skip the rest of what is no plain number.
                        j += 1;
                        while s[j..]
                            .starts_with(|c: char| c.is_ascii_alphanumeric() || ".,:".contains(c))
                        {
                            j += 1;
                        }
                    }
                }
                continue;
            }
            j += c.len_utf8();
        }
        let shift = |r: Range<usize>| value.start + r.start..value.start + r.end;
        out.push(Site {
            file,
            value: value.clone(),
            number: shift(i..end),
            amount,
            unit: shift(unit),
            operand: operand.map(|(r, v)| (shift(r), v)),
            lang,
        });
    }
}

/// `x` written the way `lang` writes it, without thousands separators.
fn write(x: f64, lang: Lang) -> String {
    let s = format!("{:.10}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.replace('.', &lang.decimal().to_string())
}

/// The decimal unit for a binary one and the other way round (`GB` and `GiB`), if the word is
/// one.
fn other_prefix(unit: &str) -> Option<String> {
    for p in ["k", "K", "M", "G", "T", "P"] {
        if let Some(rest) = unit.strip_prefix(&format!("{p}i")) {
            if rest.starts_with('B') {
                let p = if p == "K" { "k" } else { p };
                return Some(format!("{p}{rest}"));
            }
        } else if let Some(rest) = unit.strip_prefix(p)
            && rest.starts_with('B')
        {
            let p = if p == "k" { "K" } else { p };
            return Some(format!("{p}i{rest}"));
        }
    }
    None
}

/// Whether the unit word is one of information (bytes or bits, with a prefix or not).
fn is_information(unit: &str) -> bool {
    let u = unit.split('/').next().unwrap_or("");
    let u = ["k", "K", "M", "G", "T", "P", "E"]
        .iter()
        .find_map(|p| u.strip_prefix(p))
        .map_or(u, |rest| rest.strip_prefix('i').unwrap_or(rest));
    matches!(u, "B" | "bit" | "bits" | "byte" | "bytes" | "b" | "bps")
}

/// A planted error: what the text becomes, and the hint expected (a piece of the help text).
struct Mutant {
    kind: &'static str,
    at: Range<usize>,
    with: String,
    hint: Option<&'static str>,
}

fn mutants(site: &Site, text: &str) -> Vec<Mutant> {
    let unit = &text[site.unit.clone()];
    let info = is_information(unit);
    let mut out = vec![
        Mutant {
            kind: "result ×10",
            at: site.number.clone(),
            with: write(site.amount * 10.0, site.lang),
            hint: None,
        },
        Mutant {
            kind: "result ×8",
            at: site.number.clone(),
            with: write(site.amount * 8.0, site.lang),
            hint: info.then_some("bits and bytes"),
        },
        Mutant {
            kind: "result ÷1000",
            at: site.number.clone(),
            with: write(site.amount / 1000.0, site.lang),
            hint: Some("prefix slip"),
        },
    ];
    if let Some(other) = other_prefix(unit) {
        out.push(Mutant {
            kind: "GB for GiB",
            at: site.unit.clone(),
            with: other,
            hint: Some("iB mixed up"),
        });
    }
    if let Some((r, v)) = &site.operand {
        out.push(Mutant {
            kind: "wrong operand",
            at: r.clone(),
            with: write(v * 3.0, site.lang),
            hint: None,
        });
    }
    out
}

#[test]
fn planted_errors_in_the_independent_corpus_are_found() {
    let files = corpus_files();
    let sites = sites(&files);
    assert!(sites.len() >= 100, "only {} sites", sites.len());
    let mut total = 0;
    let mut found = 0;
    let mut with_hint = 0;
    let mut hint_expected = 0;
    let mut missed = Vec::new();
    let mut by_kind: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    for site in &sites {
        let text = &files[site.file].1;
        for m in mutants(site, text) {
            let mut changed = files.clone();
            let mut t = text.clone();
            t.replace_range(m.at.clone(), &m.with);
            let shift = m.with.len() as isize - m.at.len() as isize;
            let value = site.value.start..(site.value.end as isize + shift) as usize;
            changed[site.file].1 = t;
            let findings = lint_numbers(&changed);
            let path = &changed[site.file].0;
            let hits: Vec<&Found> = findings
                .iter()
                .filter(|(code, _, _, p, span)| {
                    CLAIM_RULES.contains(&code.as_str())
                        && p == path
                        && span.start < value.end
                        && value.start < span.end
                })
                .collect();
            total += 1;
            let entry = by_kind.entry(m.kind).or_default();
            entry.0 += 1;
            let context = &changed[site.file].1[value.clone()];
            if hits.is_empty() {
                missed.push(format!(
                    "{}: {:?} -> {:?} in {context:?}",
                    m.kind,
                    &text[m.at.clone()],
                    m.with
                ));
                continue;
            }
            found += 1;
            entry.1 += 1;
            if let Some(h) = m.hint {
                hint_expected += 1;
                if hits.iter().any(|f| f.2.contains(h)) {
                    with_hint += 1;
                } else {
                    missed.push(format!(
                        "{} (found, hint `{h}` missing: {:?}): {:?} -> {:?} in {context:?}",
                        m.kind,
                        hits.iter().map(|f| &f.2).collect::<Vec<_>>(),
                        &text[m.at.clone()],
                        m.with
                    ));
                }
            }
        }
    }
    let recall = found as f64 / total as f64;
    let hinted = with_hint as f64 / hint_expected.max(1) as f64;
    println!(
        "recall: {found} of {total} planted errors found ({:.1}%), {with_hint} of {hint_expected} with the right hint ({:.1}%), at {} sites",
        100.0 * recall,
        100.0 * hinted,
        sites.len()
    );
    for (kind, (n, f)) in &by_kind {
        println!("  {kind}: {f} of {n}");
    }
    for m in &missed {
        println!("  missed: {m}");
    }
    assert!(recall >= 0.95, "recall {recall:.3}");
    assert!(hinted >= 0.95, "hints {hinted:.3}");
}
