//! `unsafe-svg` (Q010): an SVG image with scripts, event handlers or outside references.

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use quizkit_model::{MediaContent, MediaType};

use super::missing_media::{files, links};
use crate::{Check, Context, Finding, Level, Rule, Violation};

/// What `quizkit rule unsafe-svg` prints.
pub const DOCS: &str = r#"## What it does
Reads every SVG image a text names (as XML, never expanding entities) and finds active content
and outside references: `<script>`, event-handler attributes (`onload`, `onclick`, any `on…`),
`<foreignObject>`, `<iframe>`, `<embed>`, `<object>` and `<handler>`, animations that set an
`href` or a handler, `href`, `xlink:href` and `src` values and CSS `url(…)` that point anywhere
but a `#fragment` of the file or a `data:image/` URI (other than SVG), `@import` in a style
sheet (or a CSS escape, which can hide one), an `xml-stylesheet` instruction, a DOCTYPE that declares entities, references to
entities other than XML's own, and XML that is not well-formed (it cannot be checked). A file is
reported once, at the first image that names it.

## Why is this bad?
An SVG is a program as much as a picture: opened from the site, or inlined by a tool, its
script runs with the page's rights, and its outside references leak the learner's visit to
another server. Entity declarations can expand a small file into gigabytes. A diagram needs
none of it.

## Example
```toml
[[question]]
id = "roofline"
stem = "Which region of this roofline is memory-bound? ![Roofline](tracked.svg)"
answer = "A"
options = ["Left of the ridge point", "Right of the ridge point", "On the roof"]
```
where `tracked.svg` is
```xml
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" onload="track()">
  <image href="https://example.org/logo.png" width="20" height="20"/>
  <text x="30" y="30">Roofline</text>
</svg>
```

## Use instead
```toml
[[question]]
id = "roofline"
stem = "Which region of this roofline is memory-bound? ![Roofline](roofline.svg)"
answer = "A"
options = ["Left of the ridge point", "Right of the ridge point", "On the roof"]
```
where `roofline.svg` is
```xml
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">
  <text x="30" y="30">Roofline</text>
</svg>
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "Q010",
    name: "unsafe-svg",
    level: Level::Error,
    summary: "An SVG image holds scripts, event handlers or outside references.",
    docs: DOCS,
    check: Check::Bank(check),
};

struct UnsafeSvg {
    path: String,
    found: Vec<String>,
}

impl Violation for UnsafeSvg {
    fn message(&self) -> String {
        format!(
            "`{}` is unsafe SVG: it holds {}",
            self.path,
            self.found.join(", ")
        )
    }
    fn label(&self) -> Option<String> {
        Some("unsafe SVG".into())
    }
    fn help(&self) -> Option<String> {
        Some("remove them: an image needs no script, handlers or outside references (embed a picture as a `data:image/` URI, point `href` at a `#fragment` of the file)".into())
    }
}

/// Elements that run script or embed other documents.
const ACTIVE: &[&str] = &[
    "script",
    "foreignobject",
    "iframe",
    "embed",
    "object",
    "handler",
];

/// Elements that animate another attribute of their target.
const ANIMATIONS: &[&str] = &["set", "animate", "animatetransform", "animatemotion"];

/// True when a reference stays inside the file: a `#fragment`, or a raster `data:image/` URI.
fn stays_inside(value: &str) -> bool {
    let v = value.trim().to_ascii_lowercase();
    v.starts_with('#') || (v.starts_with("data:image/") && !v.starts_with("data:image/svg"))
}

/// What is unsafe in a CSS text (a `style` attribute or element, or any attribute that may
/// hold `url(…)`).
fn css(text: &str, found: &mut Vec<String>) {
    let lower = text.to_ascii_lowercase();
    if lower.contains("@import") {
        found.push("a style sheet `@import`".into());
    }
    if text.contains('\\') {
        found.push("a CSS escape (it can hide a `url(` or an `@import`)".into());
    }
    for (at, _) in lower.match_indices("url(") {
        let inner = &text[at + 4..];
        let inner = &inner[..inner.find(')').unwrap_or(inner.len())];
        if !stays_inside(inner.trim().trim_matches(['"', '\''])) {
            found.push(format!("`url({})` pointing outside the file", inner.trim()));
        }
    }
}

/// What is unsafe in one element's name and attributes.
fn element(e: &BytesStart<'_>, found: &mut Vec<String>) {
    let name = String::from_utf8_lossy(e.local_name().as_ref()).to_ascii_lowercase();
    if ACTIVE.contains(&name.as_str()) {
        found.push(format!("the element `<{name}>`"));
    }
    for attr in e.attributes().with_checks(false) {
        let Ok(attr) = attr else {
            found.push("an attribute that is not well-formed".into());
            continue;
        };
        let key = String::from_utf8_lossy(attr.key.local_name().as_ref()).to_ascii_lowercase();
        let Ok(value) = attr.unescape_value() else {
            found.push(format!("an entity in the `{key}` attribute"));
            continue;
        };
        if key.starts_with("on") {
            found.push(format!("an event handler `{key}`"));
        } else if matches!(key.as_str(), "href" | "src") && !stays_inside(&value) {
            let shown: String = value.trim().chars().take(60).collect();
            found.push(format!("`{key}=\"{shown}\"` pointing outside the file"));
        } else if key == "attributename" && ANIMATIONS.contains(&name.as_str()) {
            let target = value.trim().to_ascii_lowercase();
            let target = target.rsplit(':').next().unwrap_or_default();
            if target.starts_with("on") || target == "href" {
                found.push(format!("an animation that sets `{target}`"));
            }
        }
        css(&value, found);
    }
}

/// Everything unsafe in an SVG file, in the order found, each kind once.
pub(crate) fn findings(bytes: &[u8]) -> Vec<String> {
    let mut reader = Reader::from_reader(bytes);
    let mut found = Vec::new();
    // The text of the style element being read, character references resolved.
    let mut style: Option<String> = None;
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf) {
            Ok(Event::Start(e)) => {
                if e.local_name().as_ref().eq_ignore_ascii_case(b"style") {
                    style = Some(String::new());
                }
                element(&e, &mut found);
            }
            Ok(Event::Empty(e)) => element(&e, &mut found),
            Ok(Event::End(_)) => {
                if let Some(text) = style.take() {
                    css(&text, &mut found);
                }
            }
            Ok(Event::Text(t)) => style
                .iter_mut()
                .for_each(|s| s.push_str(&String::from_utf8_lossy(&t))),
            Ok(Event::CData(t)) => style
                .iter_mut()
                .for_each(|s| s.push_str(&String::from_utf8_lossy(&t))),
            Ok(Event::GeneralRef(r)) => match r.resolve_char_ref() {
                Ok(Some(c)) => style.iter_mut().for_each(|s| s.push(c)),
                _ => {
                    let name = String::from_utf8_lossy(&r);
                    if !["amp", "lt", "gt", "quot", "apos"].contains(&name.as_ref()) {
                        found.push(format!("a reference to the entity `&{name};`"));
                    }
                }
            },
            Ok(Event::DocType(d)) => {
                let text = String::from_utf8_lossy(&d).to_ascii_uppercase();
                if text.contains("<!ENTITY") || text.contains('[') {
                    found.push("a DOCTYPE that declares entities".into());
                }
            }
            Ok(Event::PI(pi)) if pi.target().eq_ignore_ascii_case(b"xml-stylesheet") => {
                found.push("an `xml-stylesheet` instruction".into());
            }
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(err) => {
                let at = reader.error_position();
                found.push(format!(
                    "XML that is not well-formed at byte {at} ({err}), so it cannot be checked"
                ));
                break;
            }
        }
        buf.clear();
    }
    let mut seen = std::collections::BTreeSet::new();
    found.retain(|f| seen.insert(f.clone()));
    found
}

fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let links = links(cx);
    for (path, (content, link)) in files(links) {
        let MediaContent::Bytes(bytes) = content else {
            continue;
        };
        if MediaType::sniff(bytes) != Some(MediaType::Svg) {
            continue;
        }
        let found = findings(bytes);
        if !found.is_empty() {
            let v = UnsafeSvg {
                path: path.to_owned(),
                found,
            };
            out.extend(link.finding(cx, &v));
        }
    }
}
