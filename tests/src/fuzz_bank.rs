//! Structure-aware input for the fuzz targets: a small bank written as TOML text, decided by
//! arbitrary bytes.
//!
//! Random bytes rarely make a TOML file that loads, so the exporters and the lint engine would
//! hardly ever run. [`bank_files`] instead reads the bytes as decisions (how many questions,
//! which key, which text) and writes files that load most of the time, with texts drawn from
//! fragments that are hostile to one target or another: Markdown images pointing outside the
//! bank, raw HTML, CDATA terminators, GIFT and Anki control characters, control characters,
//! right-to-left marks, math, tables.

use arbitrary::{Result, Unstructured};
use quizkit_model::load::{CATEGORY_FILE, CONFIG_FILE, Content, InputFile, TOPIC_FILE};

/// Fragments texts are built from, each troublesome for some target.
const FRAGMENTS: &[&str] = &[
    "plain words",
    "**bold** and _emphasis_",
    "`code` and ```\nfenced\n```",
    "$x^2 + \\frac{a}{b}$",
    "$$\\sum_{i=1}^{n} i$$",
    "$unclosed",
    "\\(inline\\) \\[display\\]",
    "![passwd](../../etc/passwd)",
    "![abs](/etc/hostname)",
    "![local](media/figure.png)",
    "![remote](https://example.com/x.png)",
    "[link](javascript:alert(1))",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "</textarea></div><b>",
    "| a | b |\n|---|---|\n| 1 | 2 |",
    "> quoted\n> text",
    "- item\n- item\n  1. nested",
    "# Heading\n\nparagraph",
    "line\\\nbreak",
    "\n\n",
    "&amp; &lt; &#0; &#x110000;",
    "& < > \" '",
    "]]>",
    "<![CDATA[",
    "<!-- comment -->",
    "<?xml version=\"1.0\"?>",
    "~ = # { } : \\",
    "::title::",
    "%50%",
    "// not a comment",
    "{{c1::cloze}} {{Front}}",
    "\u{1f}field\u{1f}separator",
    "[sound:x.mp3]",
    "7e9 * 16 B = 112 GB",
    "2,5 GB/s ≈ 3 TB",
    "é ß Ω 日本語 😀",
    "\u{202e}reversed\u{202c}",
    "zero\u{200b}width\u{feff}",
    "\u{0}nul",
    "\u{1}\u{2}\u{8}\u{b}\u{c}\u{1b}[31m",
    "\r\n",
    "\r",
    "\t",
    "\u{7f}\u{85}\u{2028}\u{2029}",
    "\u{fffe}\u{ffff}",
    "\u{10ffff}",
    "",
    " ",
];

/// Names for folders and ids: well-formed ones, clashing ones and odd ones.
const NAMES: &[&str] = &[
    "a",
    "b",
    "computersystemen",
    "ai-hardware",
    "q1",
    "q-2",
    "with space",
    "ünïcode",
    "日本",
    "a::b",
    "<x>",
    "a&b",
    "CON",
    "x.html",
    "index",
    "UPPER",
    "-",
    "",
    "../up",
    "a/b",
    "..",
    "%2e%2e",
];

/// Languages the bank may list.
const LANGS: &[&str] = &["nl", "en", "de", "fr", "zh-Hant", "x", ""];

/// Rule names for `allow` entries and `[lint]`.
const RULES: &[&str] = &["K001", "K", "duplicate-options", "no-such-rule", ""];

/// Writes `s` as a TOML basic string.
pub fn toml_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn pick<'a>(u: &mut Unstructured<'_>, items: &[&'a str]) -> Result<&'a str> {
    u.choose(items).copied()
}

/// A text: a few fragments, sometimes with arbitrary characters between them.
fn text(u: &mut Unstructured<'_>) -> Result<String> {
    let mut out = String::new();
    for _ in 0..u.int_in_range(0..=4)? {
        if u.ratio(1, 4)? {
            let s: &str = u.arbitrary()?;
            out.push_str(&s.chars().take(24).collect::<String>());
        } else {
            out.push_str(pick(u, FRAGMENTS)?);
        }
    }
    Ok(out)
}

/// A name: mostly from [`NAMES`], sometimes arbitrary.
fn name(u: &mut Unstructured<'_>) -> Result<String> {
    if u.ratio(1, 8)? {
        let s: &str = u.arbitrary()?;
        Ok(s.chars().take(16).collect())
    } else {
        Ok(pick(u, NAMES)?.to_owned())
    }
}

/// A folder name that a file system can hold and the bank walker reads: not empty, no `/`,
/// no NUL, not starting with a dot.
fn folder(u: &mut Unstructured<'_>) -> Result<String> {
    let n = name(u)?;
    let n: String = n.chars().filter(|&c| c != '/' && c != '\0').collect();
    Ok(if n.is_empty() || n.starts_with('.') {
        format!("f{n}")
    } else {
        n
    })
}

/// `key = text` for a localized text: a plain string, a table per language, or dotted keys.
fn localized(
    u: &mut Unstructured<'_>,
    key: &str,
    langs: &[String],
    out: &mut String,
) -> Result<()> {
    match u.int_in_range(0..=3)? {
        0 => out.push_str(&format!("{key} = {}\n", toml_string(&text(u)?))),
        1 => {
            out.push_str(&format!("{key} = {{ "));
            let mut first = true;
            for lang in langs {
                if u.ratio(1, 64)? {
                    continue;
                }
                if !first {
                    out.push_str(", ");
                }
                first = false;
                out.push_str(&format!(
                    "{} = {}",
                    toml_string(lang),
                    toml_string(&text(u)?)
                ));
            }
            out.push_str(" }\n");
        }
        _ => {
            for lang in langs {
                if u.ratio(1, 64)? {
                    continue;
                }
                out.push_str(&format!(
                    "{key}.{} = {}\n",
                    toml_string(lang),
                    toml_string(&text(u)?)
                ));
            }
            if u.ratio(1, 64)? {
                out.push_str(&format!("{key}.xx = {}\n", toml_string(&text(u)?)));
            }
        }
    }
    Ok(())
}

fn string_list(u: &mut Unstructured<'_>, max: u32) -> Result<String> {
    let mut items = Vec::new();
    for _ in 0..u.int_in_range(0..=max)? {
        items.push(toml_string(&name(u)?));
    }
    Ok(format!("[{}]", items.join(", ")))
}

fn answer(u: &mut Unstructured<'_>, options: u32) -> Result<String> {
    let letter = |u: &mut Unstructured<'_>| -> Result<String> {
        Ok(match u.int_in_range(0..=7)? {
            0 => "Z".to_owned(),
            1 => "a".to_owned(),
            2 => String::new(),
            3 => "AB".to_owned(),
            _ => {
                let i = u.int_in_range(0..=options.max(1) - 1)?;
                char::from(b'A' + (i % 26) as u8).to_string()
            }
        })
    };
    Ok(if u.ratio(1, 4)? {
        let mut items = Vec::new();
        for _ in 0..u.int_in_range(0..=4)? {
            items.push(toml_string(&letter(u)?));
        }
        format!("[{}]", items.join(", "))
    } else {
        toml_string(&letter(u)?)
    })
}

fn question(u: &mut Unstructured<'_>, langs: &[String], ids: &mut Vec<String>) -> Result<String> {
    let mut out = String::from("[[question]]\n");
    let id = if !ids.is_empty() && u.ratio(1, 16)? {
        u.choose(ids)?.clone()
    } else if u.ratio(3, 4)? {
        format!("q{}", ids.len())
    } else {
        name(u)?
    };
    ids.push(id.clone());
    out.push_str(&format!("id = {}\n", toml_string(&id)));
    localized(u, "stem", langs, &mut out)?;
    let options: u32 = if u.ratio(1, 16)? {
        u.int_in_range(0..=40)?
    } else {
        u.int_in_range(2..=5)?
    };
    if u.ratio(15, 16)? {
        out.push_str(&format!("answer = {}\n", answer(u, options)?));
    }
    if u.arbitrary()? {
        localized(u, "explanation", langs, &mut out)?;
    }
    if u.arbitrary()? {
        out.push_str(&format!("tags = {}\n", string_list(u, 3)?));
    }
    if u.ratio(1, 4)? {
        out.push_str(&format!(
            "difficulty = {}\n",
            toml_string(pick(u, &["easy", "medium", "hard"])?)
        ));
    }
    if u.ratio(1, 4)? {
        let mut related = Vec::new();
        for _ in 0..u.int_in_range(0..=2)? {
            related.push(toml_string(&if ids.is_empty() || u.ratio(1, 4)? {
                name(u)?
            } else {
                u.choose(ids)?.clone()
            }));
        }
        out.push_str(&format!("related = [{}]\n", related.join(", ")));
    }
    if u.ratio(1, 4)? {
        let mut checks = Vec::new();
        for _ in 0..u.int_in_range(0..=2)? {
            checks.push(toml_string(&text(u)?));
        }
        out.push_str(&format!("checks = [{}]\n", checks.join(", ")));
    }
    if u.ratio(1, 8)? {
        out.push_str(&format!(
            "allow = [{{ rule = {}, reason = {} }}]\n",
            toml_string(pick(u, RULES)?),
            toml_string(&text(u)?)
        ));
    }
    if u.ratio(1, 8)? {
        out.push_str(&format!("shuffle = {}\n", u.arbitrary::<bool>()?));
    }
    if u.ratio(1, 4)? {
        let mut items = Vec::new();
        for _ in 0..options {
            items.push(toml_string(&text(u)?));
        }
        out.push_str(&format!("options = [{}]\n", items.join(", ")));
    } else {
        for _ in 0..options {
            out.push_str("[[question.options]]\n");
            if u.ratio(1, 4)? {
                localized(u, "text", langs, &mut out)?;
                localized(u, "feedback", langs, &mut out)?;
            } else {
                for lang in langs {
                    out.push_str(&format!(
                        "{} = {}\n",
                        toml_string(lang),
                        toml_string(&text(u)?)
                    ));
                }
            }
        }
    }
    Ok(out)
}

fn config(u: &mut Unstructured<'_>) -> Result<(String, Vec<String>)> {
    let mut langs: Vec<String> = Vec::new();
    for _ in 0..u.int_in_range(1..=3)? {
        langs.push(pick(u, LANGS)?.to_owned());
    }
    let listed = langs
        .iter()
        .map(|l| toml_string(l))
        .collect::<Vec<_>>()
        .join(", ");
    // Texts are written once per distinct language; the list itself may repeat one.
    let mut seen = Vec::new();
    langs.retain(|l| {
        let first = !seen.contains(l);
        seen.push(l.clone());
        first
    });
    let mut out = format!("id = {}\nlanguages = [{listed}]\n", toml_string(&name(u)?));
    if u.arbitrary()? {
        localized(u, "title", &langs, &mut out)?;
    }
    if u.ratio(1, 4)? {
        out.push_str(&format!("shuffle = {}\n", u.arbitrary::<bool>()?));
    }
    if u.ratio(1, 4)? {
        out.push_str(&format!(
            "[lint]\nmin_options = {}\nignore = [{}]\n",
            u.int_in_range(0..=6)?,
            toml_string(pick(u, RULES)?)
        ));
    }
    if u.ratio(1, 4)? {
        out.push_str(&format!(
            "[export]\nbase_url = {}\n",
            toml_string(pick(
                u,
                &["https://example.com/quiz/", "", "javascript:alert(1)", "/x"]
            )?)
        ));
    }
    Ok((out, langs))
}

fn meta(u: &mut Unstructured<'_>, langs: &[String], topic: bool) -> Result<String> {
    let mut out = String::new();
    if u.ratio(3, 4)? {
        localized(u, "title", langs, &mut out)?;
    }
    if topic {
        if u.arbitrary()? {
            localized(u, "summary", langs, &mut out)?;
        }
        for _ in 0..u.int_in_range(0..=3)? {
            out.push_str("[[key_points]]\n");
            for lang in langs {
                out.push_str(&format!(
                    "{} = {}\n",
                    toml_string(lang),
                    toml_string(&text(u)?)
                ));
            }
        }
    } else if u.arbitrary()? {
        localized(u, "description", langs, &mut out)?;
    }
    if u.ratio(1, 2)? {
        let order: i64 = if u.ratio(1, 8)? {
            u.arbitrary()?
        } else {
            u.int_in_range(0..=3)?
        };
        // Keys after a table header would belong to it: put `order` first.
        out = format!("order = {order}\n{out}");
    }
    Ok(out)
}

/// The files of a small bank, decided by `u`: `quizkit.toml`, one or two categories with one
/// or two topics each, a few question files. Most load; some have one error or another.
pub fn bank_files(u: &mut Unstructured<'_>) -> Result<Vec<InputFile>> {
    let mut files = Vec::new();
    let mut add = |path: String, text: String| {
        files.push(InputFile {
            path,
            content: Content::Bytes(text.into_bytes()),
        });
    };
    let (config_text, langs) = config(u)?;
    add(CONFIG_FILE.to_owned(), config_text);
    let mut ids = Vec::new();
    // A folder holds each name once: the bank walker never hands the loader a path twice.
    let mut used = Vec::new();
    let mut unique = |parent: &str, mut name: String| {
        while used.contains(&format!("{parent}/{name}")) {
            name.push('2');
        }
        used.push(format!("{parent}/{name}"));
        name
    };
    for _ in 0..u.int_in_range(1..=2)? {
        let category = unique("", folder(u)?);
        if u.ratio(3, 4)? {
            add(
                format!("{category}/{CATEGORY_FILE}"),
                meta(u, &langs, false)?,
            );
        }
        for _ in 0..u.int_in_range(1..=2)? {
            let topic = unique(&category, folder(u)?);
            if u.ratio(3, 4)? {
                add(
                    format!("{category}/{topic}/{TOPIC_FILE}"),
                    meta(u, &langs, true)?,
                );
            }
            for f in 0..u.int_in_range(1..=2)? {
                let mut text = String::new();
                for _ in 0..u.int_in_range(0..=3)? {
                    text.push_str(&question(u, &langs, &mut ids)?);
                }
                add(format!("{category}/{topic}/{f}.toml"), text);
            }
        }
    }
    Ok(files)
}
