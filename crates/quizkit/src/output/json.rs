//! `--format json`: one object per finding. A stable interface: fields are only ever added.

use serde_json::{Value, json};

use super::Findings;

/// The findings as a JSON array, pretty-printed, with a trailing newline.
pub fn render(findings: &Findings<'_>) -> String {
    let items: Vec<Value> = findings
        .diagnostics
        .iter()
        .map(|d| {
            let ((line, column), (end_line, end_column)) = findings.positions(d);
            let related: Vec<Value> = d
                .related
                .iter()
                .filter_map(|r| {
                    let source = findings.sources.get(r.file.0 as usize)?;
                    let (line, column) = source.line_col(r.span.start);
                    let (end_line, end_column) = source.line_col(r.span.end);
                    Some(json!({
                        "path": findings.display_path(&source.path),
                        "start": { "line": line, "column": column },
                        "end": { "line": end_line, "column": end_column },
                        "message": r.message,
                    }))
                })
                .collect();
            json!({
                "code": d.code,
                "rule": d.name,
                "severity": d.severity.as_str(),
                "message": d.message,
                "path": findings.path_of(d),
                "question": d.question,
                "start": { "line": line, "column": column },
                "end": { "line": end_line, "column": end_column },
                "help": d.help,
                "related": related,
            })
        })
        .collect();
    let mut out = serde_json::to_string_pretty(&items).unwrap_or_else(|_| "[]".into());
    out.push('\n');
    out
}
