//! `media-too-large` (B009): an image file over the bank's size limit.

use quizkit_model::MediaContent;

use super::missing_media::{files, links};
use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule media-too-large` prints.
pub const DOCS: &str = r#"## What it does
Finds image files, named by a text's Markdown image, larger than the bank's limit:
`max_media_kib` in `[lint]` of `quizkit.toml`, in KiB, default 1024 (1 MiB). A file is reported
once, at the first image that names it. quizkit never reads a file over 32 MiB at all; such a
file is reported with its size.

## Why is this bad?
Every export carries every image: a large one makes the site slow to load on a phone, the Anki
package and the Moodle XML file large to send and import (Moodle's upload limit is often a few
MiB), and is rarely needed: a diagram is a few KB as SVG, a photo a few hundred KB as JPEG.

## Example
```toml
[[question]]
id = "roofline"
# roofline.png is a screenshot over the limit
stem = "Which region of this roofline is memory-bound? ![Roofline](roofline.png)"
answer = "A"
options = ["Left of the ridge point", "Right of the ridge point", "On the roof"]
```

## Use instead
```toml
[[question]]
id = "roofline"
# roofline.svg is the same diagram drawn as SVG, a few KB
stem = "Which region of this roofline is memory-bound? ![Roofline](roofline.svg)"
answer = "A"
options = ["Left of the ridge point", "Right of the ridge point", "On the roof"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "B009",
    name: "media-too-large",
    level: Level::Warning,
    summary: "An image file is larger than `max_media_kib` (default 1 MiB).",
    docs: DOCS,
    check: Check::Bank(check),
};

struct MediaTooLarge {
    path: String,
    size: u64,
    limit: u64,
}

/// A size for people: bytes, KiB or MiB.
fn size(bytes: u64) -> String {
    match bytes {
        0..1024 => format!("{bytes} bytes"),
        1024..1_048_576 => format!("{:.1} KiB", bytes as f64 / 1024.0),
        _ => format!("{:.1} MiB", bytes as f64 / 1_048_576.0),
    }
}

impl Violation for MediaTooLarge {
    fn message(&self) -> String {
        format!(
            "`{}` is {}, over the bank's limit of {}",
            self.path,
            size(self.size),
            size(self.limit)
        )
    }
    fn label(&self) -> Option<String> {
        Some("too large".into())
    }
    fn help(&self) -> Option<String> {
        Some("make it smaller (scale it down, compress it, or draw a diagram as SVG), or raise `max_media_kib` in `[lint]` of quizkit.toml".into())
    }
}

fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let limit = cx
        .bank
        .config
        .lint
        .max_media_kib
        .as_ref()
        .map_or(1024, |m| u64::from(m.value))
        * 1024;
    let links = links(cx);
    for (path, (content, link)) in files(links) {
        let size = match content {
            MediaContent::Bytes(bytes) => bytes.len() as u64,
            MediaContent::TooLarge(size) => *size,
            MediaContent::Refused(_) => continue,
        };
        if size > limit {
            let v = MediaTooLarge {
                path: path.to_owned(),
                size,
                limit,
            };
            out.extend(link.finding(cx, &v));
        }
    }
}
