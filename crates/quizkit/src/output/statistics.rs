//! `--statistics`: how many findings each rule has, most first.

use std::collections::BTreeMap;

use quizkit_model::Diagnostic;
use serde_json::{Value, json};

/// (count, code, name, severity) per rule, most findings first, then by code.
pub(crate) fn counts(
    diagnostics: &[Diagnostic],
) -> Vec<(usize, &'static str, &'static str, &'static str)> {
    let mut by_rule: BTreeMap<(&'static str, &'static str, &'static str), usize> = BTreeMap::new();
    for d in diagnostics {
        *by_rule
            .entry((d.code, d.name, d.severity.as_str()))
            .or_default() += 1;
    }
    let mut rows: Vec<_> = by_rule
        .into_iter()
        .map(|((code, name, severity), n)| (n, code, name, severity))
        .collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)).then(a.3.cmp(b.3)));
    rows
}

/// One line per rule: count, code, name and severity, aligned.
pub fn render_text(diagnostics: &[Diagnostic]) -> String {
    let rows = counts(diagnostics);
    let width = rows
        .iter()
        .map(|r| r.0.to_string().len())
        .max()
        .unwrap_or(1);
    let name_width = rows.iter().map(|r| r.2.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (n, code, name, severity) in rows {
        out.push_str(&format!(
            "{n:>width$}  {code}  {name:<name_width$}  {severity}\n"
        ));
    }
    if diagnostics.is_empty() {
        out.push_str("No findings.\n");
    }
    out
}

/// A JSON array of `{code, rule, severity, count}`, most findings first.
pub fn render_json(diagnostics: &[Diagnostic]) -> String {
    let items: Vec<Value> = counts(diagnostics)
        .into_iter()
        .map(|(n, code, name, severity)| {
            json!({ "code": code, "rule": name, "severity": severity, "count": n })
        })
        .collect();
    let mut out = serde_json::to_string_pretty(&items).unwrap_or_else(|_| "[]".into());
    out.push('\n');
    out
}
