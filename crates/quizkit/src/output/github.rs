//! `--format github`: GitHub Actions workflow commands, which become annotations on the
//! pull request's files.
//!
//! One line per finding: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`.
//! Data escapes `%`, `\r` and `\n`; property values also escape `:` and `,`.

use quizkit_model::Severity;

use super::Findings;

/// Escapes the message part of a workflow command.
pub fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value of a workflow command.
pub fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// The findings as workflow commands, one per line.
pub fn render(findings: &Findings<'_>) -> String {
    let mut out = String::new();
    for d in findings.diagnostics {
        let command = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "notice",
        };
        let ((line, col), (end_line, end_col)) = findings.positions(d);
        let mut message = d.message.clone();
        if let Some(q) = &d.question {
            message.push_str(&format!(" (question `{q}`)"));
        }
        if let Some(help) = &d.help {
            message.push_str(&format!("\nhelp: {help}"));
        }
        let mut props = vec![format!("file={}", escape_property(&findings.path_of(d)))];
        if findings.source(d).is_some() {
            props.push(format!("line={line}"));
            props.push(format!("col={col}"));
            props.push(format!("endLine={end_line}"));
            // GitHub reads `endColumn` as inclusive on the last line.
            props.push(format!("endColumn={}", end_col.saturating_sub(1).max(col)));
        }
        props.push(format!(
            "title={}",
            escape_property(&format!("{} {}", d.code, d.name))
        ));
        out.push_str(&format!(
            "::{command} {}::{}\n",
            props.join(","),
            escape_data(&message)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_github_requires() {
        assert_eq!(escape_data("50% a\r\nb"), "50%25 a%0D%0Ab");
        assert_eq!(escape_property("a:b,c%"), "a%3Ab%2Cc%25");
    }
}
