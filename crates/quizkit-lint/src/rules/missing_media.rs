//! `missing-media` (Q008): an image link that finds no file in the bank. Also the image links
//! every media rule looks at.

use std::collections::BTreeMap;

use quizkit_model::media::{ImageLink, image_links};
use quizkit_model::suggest::did_you_mean;
use quizkit_model::{LangText, Lookup, MediaContent, TextRef};

use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule missing-media` prints.
pub const DOCS: &str = r#"## What it does
Finds Markdown images (`![alt](file)`) in any text whose file is not in the bank: not in the
topic folder of the question file (where a link is looked up first), not under the bank's
`media/` folder (where it is looked up next), outside the bank (an absolute path, or `..` past
the bank's root), or refused (a symbolic link out of the bank, a folder). Web addresses and
`data:` URLs are not bank files and are not checked.

## Why is this bad?
Every export would show a broken image, or none: the learner misses the diagram the question
is about.

## Example
```toml
[[question]]
id = "roofline"
stem = "Which region of this roofline is memory-bound? ![Roofline](../../plots/roofline.svg)"
answer = "A"
options = ["Left of the ridge point", "Right of the ridge point", "On the roof"]
```

## Use instead
```toml
[[question]]
id = "roofline"
stem = "Which region of this roofline is memory-bound? ![Roofline](roofline.svg)"
answer = "A"
options = ["Left of the ridge point", "Right of the ridge point", "On the roof"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "Q008",
    name: "missing-media",
    level: Level::Error,
    summary: "An image links a file that is not in the bank.",
    docs: DOCS,
    check: Check::Bank(check),
};

/// An image link of the bank, with where it is written and what it finds.
#[derive(Debug)]
pub(crate) struct Link<'a> {
    /// The text it is in.
    pub text: TextRef<'a>,
    /// The language version it is in.
    pub entry: &'a LangText,
    /// The image.
    pub image: ImageLink,
    /// What the bank's media has for it.
    pub lookup: Lookup<'a>,
}

impl Link<'_> {
    /// A finding at the link's destination, on its question when it is in one.
    pub fn finding(&self, cx: &Context<'_>, v: &impl Violation) -> Option<Finding> {
        let file = self.text.file?;
        let span = cx.locate(file, &self.entry.text, self.image.range.clone());
        let mut f = Finding::new(file, span, v);
        f.question = self.text.question;
        Some(f)
    }
}

/// Every image link of the bank, in bank order: found on the first call, kept in `cx` for the
/// other media rules.
pub(crate) fn links<'c, 'a>(cx: &'c Context<'a>) -> &'c [Link<'a>] {
    cx.image_links.get_or_init(|| {
        let mut out = Vec::new();
        for text in cx.bank.texts() {
            // Made only for a text with an image: most have none.
            let mut dir = None;
            for entry in &text.text.entries {
                for image in image_links(&entry.text.value) {
                    let dir = dir.get_or_insert_with(|| text.dir());
                    let lookup = cx.bank.media.lookup(dir, &image.dest);
                    out.push(Link {
                        text,
                        entry,
                        image,
                        lookup,
                    });
                }
            }
        }
        out
    })
}

/// Each file the links find, with its content and the first link that names it (by file and
/// position): the media rules report a file once, there.
pub(crate) fn files<'l, 'a>(
    links: &'l [Link<'a>],
) -> BTreeMap<&'a str, (&'a MediaContent, &'l Link<'a>)> {
    let at = |l: &Link<'_>| (l.text.file, l.entry.text.span.start + l.image.range.start);
    let mut out: BTreeMap<&'a str, (&'a MediaContent, &'l Link<'a>)> = BTreeMap::new();
    for link in links {
        if let Lookup::Found { path, content } = link.lookup {
            let first = out.entry(path).or_insert((content, link));
            if at(link) < at(first.1) {
                first.1 = link;
            }
        }
    }
    out
}

enum MissingMedia {
    NotFound {
        dest: String,
        dir: String,
        suggestion: Option<String>,
    },
    Outside {
        dest: String,
    },
    Refused {
        dest: String,
        path: String,
        why: String,
    },
}

impl Violation for MissingMedia {
    fn message(&self) -> String {
        match self {
            Self::NotFound { dest, dir, .. } => {
                format!("the image `{dest}` is neither in `{dir}/` nor in `media/`")
            }
            Self::Outside { dest } => format!("the image `{dest}` is outside the bank"),
            Self::Refused { dest, path, why } => {
                format!("the image `{dest}` (`{path}`) is not read: {why}")
            }
        }
    }
    fn label(&self) -> Option<String> {
        Some(
            match self {
                Self::NotFound { .. } => "not found",
                Self::Outside { .. } => "outside the bank",
                Self::Refused { .. } => "refused",
            }
            .into(),
        )
    }
    fn help(&self) -> Option<String> {
        Some(match self {
            Self::NotFound {
                suggestion: Some(s),
                ..
            } => format!("did you mean `{s}`?"),
            Self::NotFound { dest, .. } if dest.starts_with("media/") => format!(
                "a link names a file of `media/` by its path inside it: write `{}`",
                &dest["media/".len()..]
            ),
            Self::NotFound { .. } => "add the file beside the question file or under the bank's `media/` folder, or correct the name (a name with spaces is written `<my plot.png>` or `my%20plot.png`)".into(),
            Self::Outside { .. } => "copy the file into the bank (beside the question file, or under `media/`) and link it by a relative path".into(),
            Self::Refused { .. } => "put a regular image file there, inside the bank".into(),
        })
    }
}

fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let listed: Vec<&str> = cx
        .bank
        .media
        .listed
        .iter()
        .map(|p| p.strip_prefix("media/").unwrap_or(p))
        .collect();
    for link in links(cx) {
        let dest = link.image.dest.clone();
        let v = match link.lookup {
            Lookup::Outside => MissingMedia::Outside { dest },
            Lookup::Missing => MissingMedia::NotFound {
                suggestion: did_you_mean(&dest, listed.iter().copied()).map(str::to_owned),
                dir: link.text.dir(),
                dest,
            },
            Lookup::Found {
                path,
                content: MediaContent::Refused(why),
            } => MissingMedia::Refused {
                dest,
                path: path.to_owned(),
                why: why.clone(),
            },
            Lookup::External | Lookup::Found { .. } => continue,
        };
        out.extend(link.finding(cx, &v));
    }
}
