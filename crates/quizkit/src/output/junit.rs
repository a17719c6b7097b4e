//! `--format junit`: a JUnit XML report. Each question file is a test suite and each question
//! a test case that fails with one `<failure>` per finding; findings about a file as a whole
//! (it does not load, a bank-level statistic) go to a test case named after the file.

use std::collections::BTreeMap;

use quizkit_model::{Bank, Diagnostic, FileId};

use super::Findings;

/// Escapes text for XML content and attribute values, dropping characters XML 1.0 forbids.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\t' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

#[derive(Default)]
struct Suite<'a> {
    /// Test cases in order: name → findings.
    cases: Vec<(String, Vec<&'a Diagnostic>)>,
}

impl<'a> Suite<'a> {
    fn case(&mut self, name: &str) -> &mut Vec<&'a Diagnostic> {
        let at = match self.cases.iter().position(|(n, _)| n == name) {
            Some(at) => at,
            None => {
                self.cases.push((name.to_owned(), Vec::new()));
                self.cases.len() - 1
            }
        };
        &mut self.cases[at].1
    }
}

/// The findings as a JUnit XML document; `bank` supplies the passing questions.
pub fn render(findings: &Findings<'_>, bank: Option<&Bank>) -> String {
    let mut suites: BTreeMap<String, Suite<'_>> = BTreeMap::new();
    let path_of = |file: FileId| {
        findings
            .sources
            .get(file.0 as usize)
            .map(|s| findings.display_path(&s.path))
            .unwrap_or_default()
    };
    if let Some(bank) = bank {
        for (_, _, q) in bank.questions() {
            suites.entry(path_of(q.file)).or_default().case(&q.id.value);
        }
    }
    for d in findings.diagnostics {
        let path = findings.path_of(d);
        let suite = suites.entry(path.clone()).or_default();
        match &d.question {
            Some(q) => suite.case(q).push(d),
            None => suite.case(&path).push(d),
        }
    }
    let total: usize = suites.values().map(|s| s.cases.len()).sum();
    let failed: usize = suites
        .values()
        .map(|s| s.cases.iter().filter(|(_, f)| !f.is_empty()).count())
        .sum();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&format!(
        "<testsuites name=\"quizkit lint\" tests=\"{total}\" failures=\"{failed}\" errors=\"0\">\n"
    ));
    for (path, suite) in &suites {
        let failures = suite.cases.iter().filter(|(_, f)| !f.is_empty()).count();
        out.push_str(&format!(
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"0\">\n",
            escape(path),
            suite.cases.len()
        ));
        for (name, diagnostics) in &suite.cases {
            let attrs = format!(
                "classname=\"{}\" name=\"{}\" file=\"{}\"",
                escape(path),
                escape(name),
                escape(path)
            );
            if diagnostics.is_empty() {
                out.push_str(&format!("    <testcase {attrs}/>\n"));
                continue;
            }
            out.push_str(&format!("    <testcase {attrs}>\n"));
            for d in diagnostics {
                let ((line, col), _) = findings.positions(d);
                let mut body = format!(
                    "{path}:{line}:{col}: {} {} {}: {}",
                    d.severity.as_str(),
                    d.code,
                    d.name,
                    d.message
                );
                if let Some(help) = &d.help {
                    body.push_str(&format!("\nhelp: {help}"));
                }
                out.push_str(&format!(
                    "      <failure type=\"{} {}\" message=\"{}\">{}</failure>\n",
                    escape(d.code),
                    escape(d.name),
                    escape(&d.message),
                    escape(&body)
                ));
            }
            out.push_str("    </testcase>\n");
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_drops_control_characters() {
        assert_eq!(
            escape("a<b & \"c\" 'd'\u{1}"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;"
        );
    }
}
