//! `unsupported-media` (Q009): an image file that is not PNG, JPEG, GIF, WebP or SVG.

use quizkit_model::{MediaContent, MediaType};

use super::missing_media::{files, links};
use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule unsupported-media` prints.
pub const DOCS: &str = r#"## What it does
Finds image files, named by a text's Markdown image, whose bytes are not a PNG, JPEG, GIF, WebP
or SVG image, whatever the file's name says: the type is read from the file's first bytes. A
file is reported once, at the first image that names it.

## Why is this bad?
Those five types are what every target carries: browsers, Anki and Moodle show them. Anything
else (a TIFF, a PDF, a text file renamed to `.png`) is a broken image in every export.

## Example
```toml
[[question]]
id = "pipeline"
# pipeline.png is a PDF renamed
stem = "Which stage stalls in this schedule? ![Five-stage pipeline schedule](pipeline.png)"
answer = "B"
options = ["Fetch", "Memory", "Write-back"]
```

## Use instead
```toml
[[question]]
id = "pipeline"
# the schedule exported as SVG instead
stem = "Which stage stalls in this schedule? ![Five-stage pipeline schedule](pipeline.svg)"
answer = "B"
options = ["Fetch", "Memory", "Write-back"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "Q009",
    name: "unsupported-media",
    level: Level::Error,
    summary: "An image file is not a PNG, JPEG, GIF, WebP or SVG image.",
    docs: DOCS,
    check: Check::Bank(check),
};

struct UnsupportedMedia {
    path: String,
    /// The image type its extension claims, when it claims one.
    claimed: Option<&'static str>,
}

impl Violation for UnsupportedMedia {
    fn message(&self) -> String {
        match self.claimed {
            Some(ext) => format!(
                "`{}` is named `.{ext}` but its bytes are not a {} image",
                self.path,
                ext.to_uppercase()
            ),
            None => format!("`{}` is not a PNG, JPEG, GIF, WebP or SVG image", self.path),
        }
    }
    fn label(&self) -> Option<String> {
        Some("unsupported type".into())
    }
    fn help(&self) -> Option<String> {
        Some("convert it to PNG, JPEG, GIF, WebP or SVG: every target shows those".into())
    }
}

/// The image type a file name's extension claims.
fn claimed(path: &str) -> Option<&'static str> {
    let ext = path.rsplit_once('.')?.1.to_ascii_lowercase();
    ["png", "jpg", "jpeg", "gif", "webp", "svg"]
        .into_iter()
        .find(|e| *e == ext)
}

fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let links = links(cx);
    for (path, (content, link)) in files(links) {
        if let MediaContent::Bytes(bytes) = content
            && MediaType::sniff(bytes).is_none()
        {
            let v = UnsupportedMedia {
                path: path.to_owned(),
                claimed: claimed(path),
            };
            out.extend(link.finding(cx, &v));
        }
    }
}
