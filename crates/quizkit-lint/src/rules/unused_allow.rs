//! `unused-allow` (A001): an `allow` entry that suppresses nothing.

use crate::{AllowUse, Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule unused-allow` prints.
pub const DOCS: &str = r#"## What it does
Finds `allow` entries of a question whose rule runs but finds nothing on that question, so
the entry suppresses nothing. Entries for rules that are not enabled are left alone (they may
be enabled elsewhere), and entries that name no rule are `unknown-rule`'s.

## Why is this bad?
A stale suppression hides the next real finding of that rule on the question, and its reason
no longer explains anything. Remove it once the content is fixed.

## Example
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
explanation = "Current x86 processors move memory in 64-byte lines."
options = ["32", "64", "128"]
allow = [{ rule = "missing-explanation", reason = "Written before explanations were required." }]
```

## Use instead
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
explanation = "Current x86 processors move memory in 64-byte lines."
options = ["32", "64", "128"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "A001",
    name: "unused-allow",
    level: Level::Warning,
    summary: "An `allow` entry suppresses nothing.",
    docs: DOCS,
    check: Check::Allows(check),
};

struct UnusedAllow {
    rule: &'static str,
    code: &'static str,
}

impl Violation for UnusedAllow {
    fn message(&self) -> String {
        format!(
            "`{}` ({}) finds nothing on this question, so this allow suppresses nothing",
            self.rule, self.code
        )
    }
    fn label(&self) -> Option<String> {
        Some("unused".into())
    }
    fn help(&self) -> Option<String> {
        Some("remove this entry from `allow`".into())
    }
}

fn check(_: &Context<'_>, allows: &[AllowUse<'_>], out: &mut Vec<Finding>) {
    for a in allows {
        let Some(rule) = a.rule else {
            continue;
        };
        if a.enabled && !a.used {
            let v = UnusedAllow {
                rule: rule.name,
                code: rule.code,
            };
            out.push(Finding::on(a.question, a.allow.rule.span.clone(), &v));
        }
    }
}
