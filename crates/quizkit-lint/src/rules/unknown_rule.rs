//! `unknown-rule` (A002): an `allow` entry or a `[lint]` setting names no rule.

use quizkit_model::suggest::did_you_mean;

use crate::rules::ALL;
use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule unknown-rule` prints.
pub const DOCS: &str = r#"## What it does
Finds rule names and codes that match no rule: in a question's `allow` list, and in
`select`, `extend_select`, `ignore` and `severity` of `[lint]` in `quizkit.toml`. It suggests
the closest rule name or code.

## Why is this bad?
A mistyped name does nothing: the finding it was meant to suppress is still reported, or the
rule meant to be switched off still runs, and the typo goes unnoticed.

## Example
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = ["32", "64", "128"]
allow = [{ rule = "missing-explanaton", reason = "Kept short on purpose for the warm-up round." }]
```

## Use instead
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = ["32", "64", "128"]
allow = [{ rule = "missing-explanation", reason = "Kept short on purpose for the warm-up round." }]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "A002",
    name: "unknown-rule",
    level: Level::Error,
    summary: "An `allow` entry or a `[lint]` setting names a rule that does not exist.",
    docs: DOCS,
    check: Check::Bank(check),
};

struct UnknownRule {
    name: String,
    suggestion: Option<&'static str>,
}

impl Violation for UnknownRule {
    fn message(&self) -> String {
        format!("no rule is called `{}`", self.name)
    }
    fn label(&self) -> Option<String> {
        Some("unknown rule".into())
    }
    fn help(&self) -> Option<String> {
        Some(match self.suggestion {
            Some(s) => format!("did you mean `{s}`? `quizkit rule` lists every rule"),
            None => "`quizkit rule` lists every rule with its code and name".into(),
        })
    }
}

fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    for &q in &cx.questions {
        for allow in &q.allow {
            let name = allow.rule.value.trim();
            if crate::rule(name).is_some() {
                continue;
            }
            let v = UnknownRule {
                name: name.to_owned(),
                suggestion: did_you_mean(name, ALL.iter().flat_map(|r| [r.name, r.code])),
            };
            out.push(Finding::on(q, allow.rule.span.clone(), &v));
        }
    }
    for unknown in &cx.selection.unknown {
        let v = UnknownRule {
            name: unknown.name.clone(),
            suggestion: unknown.suggestion,
        };
        out.push(Finding::new(cx.bank.config_file, unknown.span.clone(), &v));
    }
}
