//! `image-without-alt` (Q011): an image with empty alt text.

use super::missing_media::links;
use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule image-without-alt` prints.
pub const DOCS: &str = r#"## What it does
Finds Markdown images whose alt text, between the brackets of `![alt](file)`, is empty or only
white space, in any text and any language.

## Why is this bad?
A learner who uses a screen reader hears nothing where the image is, and a learner whose image
did not load sees nothing. Every export writes the alt text as the image's `alt`; Moodle's
accessibility checker flags an image without one.

## Example
```toml
[[question]]
id = "roofline"
stem = "Which region of this roofline is memory-bound? ![](roofline.svg)"
answer = "A"
options = ["Left of the ridge point", "Right of the ridge point", "On the roof"]
```

## Use instead
```toml
[[question]]
id = "roofline"
stem = "Which region of this roofline is memory-bound? ![Roofline: performance rises with arithmetic intensity up to the ridge point, then stays flat](roofline.svg)"
answer = "A"
options = ["Left of the ridge point", "Right of the ridge point", "On the roof"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "Q011",
    name: "image-without-alt",
    level: Level::Warning,
    summary: "An image has no alt text.",
    docs: DOCS,
    check: Check::Bank(check),
};

struct ImageWithoutAlt {
    dest: String,
    lang: String,
}

impl Violation for ImageWithoutAlt {
    fn message(&self) -> String {
        format!(
            "the image `{}` has no alt text in `{}`",
            self.dest, self.lang
        )
    }
    fn label(&self) -> Option<String> {
        Some("no alt text".into())
    }
    fn help(&self) -> Option<String> {
        Some(format!(
            "say what the image shows between the brackets, in `{}`: `![what it shows]({})`",
            self.lang, self.dest
        ))
    }
}

fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    for link in links(cx) {
        if link.image.alt.trim().is_empty() {
            let v = ImageWithoutAlt {
                dest: link.image.dest.clone(),
                lang: link.entry.lang.value.clone(),
            };
            out.extend(link.finding(cx, &v));
        }
    }
}
