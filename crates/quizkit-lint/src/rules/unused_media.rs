//! `unused-media` (B010): a file under `media/` that no text names.

use std::collections::BTreeSet;

use quizkit_model::Lookup;

use super::missing_media::links;
use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule unused-media` prints.
pub const DOCS: &str = r#"## What it does
Lists the files under the bank's `media/` folder that no text's Markdown image finds (a link
finds the file beside its question file first, then the one under `media/`). The finding
points at the bank's `id` in `quizkit.toml`.

## Why is this bad?
An unused file is usually a leftover: an image whose question was removed, or one whose link
is misspelled and so shows nowhere. It makes the bank larger for nothing.

## Example
```toml
# media/ holds roofline.svg and roofline-a100.png; only roofline.svg is linked
[[question]]
id = "roofline"
stem = "Which region of this roofline is memory-bound? ![Roofline of an H100](roofline.svg)"
answer = "A"
options = ["Left of the ridge point", "Right of the ridge point", "On the roof"]
```

## Use instead
```toml
# roofline-a100.png linked where it helps (or deleted from media/)
[[question]]
id = "roofline"
stem = "Which region of this roofline is memory-bound? ![Roofline of an H100](roofline.svg)"
answer = "A"
explanation = "Left of the ridge point. For comparison: ![Roofline of an A100](roofline-a100.png)"
options = ["Left of the ridge point", "Right of the ridge point", "On the roof"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "B010",
    name: "unused-media",
    level: Level::Info,
    summary: "A file under `media/` is named by no text.",
    docs: DOCS,
    check: Check::Bank(check),
};

struct UnusedMedia {
    path: String,
}

impl Violation for UnusedMedia {
    fn message(&self) -> String {
        format!("`{}` is not used by any text", self.path)
    }
    fn label(&self) -> Option<String> {
        Some("a file of this bank's `media/` folder".into())
    }
    fn help(&self) -> Option<String> {
        Some("link it from a text (`![what it shows](name)`), or delete it".into())
    }
}

fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let used: BTreeSet<&str> = links(cx)
        .iter()
        .filter_map(|link| match link.lookup {
            Lookup::Found { path, .. } => Some(path),
            _ => None,
        })
        .collect();
    for path in &cx.bank.media.listed {
        if !used.contains(path.as_str()) {
            let v = UnusedMedia { path: path.clone() };
            out.push(Finding::new(
                cx.bank.config_file,
                cx.bank.config.id.span.clone(),
                &v,
            ));
        }
    }
}
