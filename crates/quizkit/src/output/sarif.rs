//! `--format sarif`: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.
//!
//! One run whose `tool.driver.rules` lists every lint rule and every loader code, so each
//! result's `ruleId`/`ruleIndex` resolves. Locations are relative URIs as paths are printed
//! (run quizkit from the repository root for code scanning), with regions in Unicode code
//! points (`columnKind`), end columns exclusive.

use quizkit_lint::rules::ALL;
use quizkit_model::{Diagnostic, Severity, load};
use serde_json::{Value, json};

use super::Findings;

/// Where SARIF readers find the schema of this document.
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// Percent-encodes what may not stand in a URI path (RFC 3986), keeping `/`.
pub fn uri_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        let keep = b.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=:@".contains(&b);
        if keep {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The rule descriptors: the lint rules, then the loader's codes.
fn rules() -> Vec<(String, Value)> {
    let mut rules: Vec<(String, Value)> = ALL
        .iter()
        .map(|r| {
            let level = r.level.severity().map_or("none", level);
            (
                r.code.to_owned(),
                json!({
                    "id": r.code,
                    "name": r.name,
                    "shortDescription": { "text": r.summary },
                    "fullDescription": { "text": r.summary },
                    "help": { "text": r.docs, "markdown": r.docs },
                    "defaultConfiguration": { "level": level, "enabled": r.level.severity().is_some() },
                    "properties": { "tags": [r.group()] },
                }),
            )
        })
        .collect();
    for (code, name, meaning) in load::CODES {
        rules.push((
            (*code).to_owned(),
            json!({
                "id": code,
                "name": name,
                "shortDescription": { "text": meaning },
                "fullDescription": { "text": meaning },
                "defaultConfiguration": { "level": "error" },
                "properties": { "tags": ["load"] },
            }),
        ));
    }
    rules
}

/// A stable fingerprint of a finding that survives edits elsewhere in the file: FNV-1a over
/// the code, path, question and message.
fn fingerprint(findings: &Findings<'_>, d: &Diagnostic) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let path = findings.path_of(d);
    let question = d.question.as_deref().unwrap_or("");
    for part in [d.code, path.as_str(), question, d.message.as_str()] {
        for b in part.bytes().chain([0]) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

fn region(start: (usize, usize), end: (usize, usize)) -> Value {
    json!({
        "startLine": start.0,
        "startColumn": start.1,
        "endLine": end.0,
        "endColumn": end.1,
    })
}

/// The findings as a SARIF 2.1.0 log, pretty-printed, with a trailing newline.
pub fn render(findings: &Findings<'_>) -> String {
    let rules = rules();
    let results: Vec<Value> = findings
        .diagnostics
        .iter()
        .map(|d| {
            let index = rules.iter().position(|(id, _)| id == d.code);
            let (start, end) = findings.positions(d);
            let mut message = d.message.clone();
            if let Some(q) = &d.question {
                message.push_str(&format!(" (question `{q}`)"));
            }
            if let Some(help) = &d.help {
                message.push_str(&format!("\nhelp: {help}"));
            }
            let mut physical = json!({
                "artifactLocation": { "uri": uri_path(&findings.path_of(d)) },
            });
            if findings.source(d).is_some() {
                physical["region"] = region(start, end);
            }
            let related: Vec<Value> = d
                .related
                .iter()
                .enumerate()
                .filter_map(|(i, r)| {
                    let source = findings.sources.get(r.file.0 as usize)?;
                    Some(json!({
                        "id": i,
                        "message": { "text": r.message },
                        "physicalLocation": {
                            "artifactLocation": { "uri": uri_path(&findings.display_path(&source.path)) },
                            "region": region(source.line_col(r.span.start), source.line_col(r.span.end)),
                        },
                    }))
                })
                .collect();
            let mut result = json!({
                "ruleId": d.code,
                "level": level(d.severity),
                "message": { "text": message },
                "locations": [{ "physicalLocation": physical }],
                "partialFingerprints": { "quizkitFinding/v1": fingerprint(findings, d) },
            });
            if let Some(index) = index {
                result["ruleIndex"] = json!(index);
            }
            if !related.is_empty() {
                result["relatedLocations"] = json!(related);
            }
            if let Some(q) = &d.question {
                result["properties"] = json!({ "question": q, "rule": d.name });
            } else {
                result["properties"] = json!({ "rule": d.name });
            }
            result
        })
        .collect();
    let log = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "quizkit",
                    "version": env!("CARGO_PKG_VERSION"),
                    "semanticVersion": env!("CARGO_PKG_VERSION"),
                    "rules": rules.into_iter().map(|(_, r)| r).collect::<Vec<_>>(),
                }
            },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    });
    let mut out = serde_json::to_string_pretty(&log).unwrap_or_else(|_| "{}".into());
    out.push('\n');
    out
}
