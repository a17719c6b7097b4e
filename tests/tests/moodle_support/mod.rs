//! Shared by the JSON, Moodle XML and GIFT export tests: loading a bank to compare against,
//! running `quizkit export`, the hostile bank, and reading Moodle's multilang spans.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use quizkit_export::markdown::{self, Math};
use quizkit_model::{Bank, Content, InputFile};
use quizkit_tests::{quizkit, run, workspace_root};

/// The bank in `dir`, loaded with quizkit's model (the reference the exports are compared to).
pub fn load_bank(dir: &Path) -> Bank {
    let mut files = Vec::new();
    walk(dir, "", &mut files);
    let loaded = quizkit_model::load(files);
    assert!(
        !loaded.has_errors(),
        "{} does not load: {:#?}",
        dir.display(),
        loaded.diagnostics
    );
    loaded.bank.expect("a bank")
}

fn walk(dir: &Path, rel: &str, out: &mut Vec<InputFile>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.is_dir() {
            walk(&path, &format!("{rel}{name}/"), out);
        } else if name.ends_with(".toml") {
            let bytes = std::fs::read(&path).expect("a readable file");
            out.push(InputFile {
                path: format!("{rel}{name}"),
                content: Content::Bytes(bytes),
            });
        }
    }
}

/// The shipped bank.
pub fn shipped_bank_dir() -> PathBuf {
    workspace_root().join("questions")
}

/// The exporters' small fixture bank.
pub fn fixture_bank_dir() -> PathBuf {
    workspace_root().join("crates/quizkit-export/tests/fixtures/small-bank")
}

/// Runs `quizkit export --to <target> [--lang <lang>] -o <out> <bank>`, asserts it succeeds,
/// and returns the file written and what was printed on stderr.
pub fn export(bank: &Path, target: &str, lang: Option<&str>, out: &Path) -> (Vec<u8>, String) {
    let mut cmd = quizkit();
    // `-v` lists the notes on what the target cannot carry, which the tests check.
    cmd.args(["-v", "export", "--to", target, "-o"]).arg(out);
    if let Some(lang) = lang {
        cmd.arg("--lang").arg(lang);
    }
    let output = run(cmd.arg(bank));
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(
        output.status.code(),
        Some(0),
        "quizkit export --to {target} failed:\n{stderr}"
    );
    let bytes =
        std::fs::read(out).unwrap_or_else(|e| panic!("no output at {}: {e}", out.display()));
    (bytes, stderr)
}

/// The bank's languages, or the one given.
pub fn languages(bank: &Bank, lang: Option<&str>) -> Vec<String> {
    match lang {
        None => vec![bank.config.default_language().to_owned()],
        Some("all") => bank.config.languages().map(str::to_owned).collect(),
        Some(l) => vec![l.to_owned()],
    }
}

/// Markdown as Moodle should show it: block HTML, math for MathJax, no trailing newline.
pub fn block_html(md: &str) -> String {
    markdown::to_html(md, Math::Delimiters)
        .trim_end()
        .to_owned()
}

/// Markdown as inline HTML (options and their feedback).
pub fn inline_html(md: &str) -> String {
    markdown::to_inline_html(md, Math::Delimiters)
        .trim_end()
        .to_owned()
}

/// How a target writes a Markdown image of a bank file.
#[derive(Debug, Clone, Copy)]
pub enum Images {
    /// Moodle XML: `<img src="@@PLUGINFILE@@/<file name, percent-encoded>" alt="…">` (its
    /// `width` and `height` are taken out of the export with [`without_sizes`]).
    Moodle,
    /// GIFT: the alt text in brackets.
    Gift,
}

/// The `<img>` a target writes for `dest`, or `None` for a web or `data:` address, which
/// stays as written.
fn image_as(images: Images, dest: &str) -> Option<markdown::Img> {
    let lower = dest.to_ascii_lowercase();
    if ["http://", "https://", "data:"]
        .iter()
        .any(|s| lower.starts_with(s))
    {
        return None;
    }
    Some(match images {
        Images::Gift => markdown::Img::alt_only(),
        Images::Moodle => {
            let name = dest.rsplit('/').next().unwrap_or(dest);
            let mut src = String::from("@@PLUGINFILE@@/");
            for b in name.bytes() {
                if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
                    src.push(char::from(b));
                } else {
                    src.push_str(&format!("%{b:02X}"));
                }
            }
            markdown::Img {
                src,
                size: None,
                lazy: false,
            }
        }
    })
}

/// [`block_html`] with the bank's images as `images` writes them.
pub fn block_html_as(md: &str, images: Images) -> String {
    markdown::to_html_with_images(md, Math::Delimiters, &mut |d| image_as(images, d))
        .trim_end()
        .to_owned()
}

/// [`inline_html`] with the bank's images as `images` writes them.
pub fn inline_html_as(md: &str, images: Images) -> String {
    markdown::to_inline_html_with_images(md, Math::Delimiters, &mut |d| image_as(images, d))
        .trim_end()
        .to_owned()
}

/// `html` without the ` width="…" height="…"` of its images.
pub fn without_sizes(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(" width=\"") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 8..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let tail = &after[digits..];
        match tail.strip_prefix("\" height=\"") {
            Some(h) if digits > 0 => {
                let hd = h.bytes().take_while(u8::is_ascii_digit).count();
                rest = h[hd..].strip_prefix('"').unwrap_or(&h[hd..]);
            }
            _ => {
                out.push_str(" width=\"");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Markdown as one line of plain text (names).
pub fn plain_line(md: &str) -> String {
    markdown::to_plain(md)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text per language: `s` itself for one language; for several, the contents of the
/// multilang spans, which must be exactly one per language, in order, with nothing between.
pub fn per_language(s: &str, langs: &[String]) -> Vec<String> {
    if langs.len() == 1 {
        return vec![s.to_owned()];
    }
    if s.is_empty() {
        return vec![String::new(); langs.len()];
    }
    let mut rest = s;
    let mut out = Vec::new();
    for lang in langs {
        let open = format!("<span lang=\"{lang}\" class=\"multilang\">");
        rest = rest
            .strip_prefix(open.as_str())
            .unwrap_or_else(|| panic!("expected a multilang span for {lang} at: {rest:.120}"));
        let end = rest
            .find("</span>")
            .unwrap_or_else(|| panic!("an unclosed multilang span for {lang}"));
        out.push(rest[..end].to_owned());
        rest = &rest[end + "</span>".len()..];
    }
    assert!(
        rest.is_empty(),
        "text after the multilang spans: {rest:.120}"
    );
    out
}

/// Splits a category path as Moodle's `split_category_path` does: on single `/`, `//` back to
/// `/`, names trimmed.
pub fn split_category_path(path: &str) -> Vec<String> {
    let mut names = vec![String::new()];
    let chars: Vec<char> = path.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '/' {
            if chars.get(i + 1) == Some(&'/') {
                names.last_mut().expect("a name").push('/');
                i += 2;
                continue;
            }
            names.push(String::new());
        } else {
            names.last_mut().expect("a name").push(chars[i]);
        }
        i += 1;
    }
    names.into_iter().map(|n| n.trim().to_owned()).collect()
}

/// Moodle's grade list (`question_bank::fraction_options_full`), as fractions.
pub const MOODLE_GRADES: &[f64] = &[
    1.0, 0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25, 0.2,
    0.1666667, 0.1428571, 0.125, 0.1111111, 0.1, 0.05, 0.0,
];

/// True when a percentage is on Moodle's list (positive or negative) within its 1e-5 tolerance
/// on the fraction.
pub fn on_moodle_list(percent: f64) -> bool {
    let f = percent / 100.0;
    MOODLE_GRADES.iter().any(|g| (g - f.abs()).abs() < 1e-5)
}

/// A TOML basic string holding `s` exactly, control characters as `\uXXXX`.
pub fn toml_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 || c == '\u{7F}' => {
                out.push_str(&format!("\\u{:04X}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A 10 KB option text.
pub fn long_option(lang: &str) -> String {
    let word = if lang == "ar" { "طويل " } else { "long " };
    let mut s = String::from("A ");
    while s.len() < 10 * 1024 {
        s.push_str(word);
    }
    s.trim_end().to_owned()
}

/// Writes a bank in English and Arabic whose texts hold everything that breaks naive
/// exporters: `]]>`, `<script>`, `&` and entities, Markdown-escaped HTML, right-to-left text
/// and a right-to-left override, emoji, every GIFT special character, `####` and `%50%`
/// inside texts, math with braces, a 10 KB option, and a category title with `/`. `extra` is
/// put at the end of the first stem (e.g. a control character).
pub fn write_hostile_bank(dir: &Path, extra: &str) {
    let write = |rel: &str, text: String| {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("create folder");
        std::fs::write(&path, text).expect("write");
    };
    write(
        "quizkit.toml",
        "id = \"hostile\"\ntitle.en = \"Hostile & bank\"\ntitle.ar = \"بنك عدائي\"\nlanguages = [\"en\", \"ar\"]\n".into(),
    );
    write(
        "evil/category.toml",
        "title.en = \"I/O & co\"\ntitle.ar = \"الإدخال/الإخراج\"\ndescription.en = \"A ]]> in CDATA & <b>tags</b>\"\ndescription.ar = \"وصف\"\n".into(),
    );
    write(
        "evil/texts/topic.toml",
        "title.en = \"Texts: ]]> & \\\"quotes\\\" /slash/\"\ntitle.ar = \"نصوص\"\nsummary.en = \"Summary with {braces} and ~tilde~.\"\nsummary.ar = \"ملخص\"\n[[key_points]]\nen = \"Key point: 1 = 1 # not a comment\"\nar = \"نقطة\"\n".into(),
    );
    let stem_en = format!(
        "Does `]]>` end CDATA? <script>alert('x')</script> & &amp; &lt; \u{202E}evil\u{202C} 🧠🚀 $x^{{2}}$ ~ = # {{ }} : \\ [plain] end{extra}"
    );
    let stem_ar = "هل ينهي `]]>` قسم CDATA؟ <script>alert('x')</script> & 🧠 مرحبا بالعالم";
    let questions = format!(
        r#"[[question]]
id = "cdata-and-script"
stem.en = {stem_en}
stem.ar = {stem_ar}
answer = "A"
explanation.en = {expl_en}
explanation.ar = {expl_ar}
tags = ["hostile", "rtl"]

[[question.options]]
text.en = "Yes ]]> ]]]]><![CDATA[>"
text.ar = "نعم ]]>"
feedback.en = {fb_en}
feedback.ar = "صحيح ✅"

[[question.options]]
en = "No <b>bold</b> &nbsp; &#0;"
ar = "لا"

[[question.options]]
en = {long_en}
ar = {long_ar}

[[question]]
id = "multi-rtl"
stem.en = "Pick **three**: `{{` and `}}` and `\\(`"
stem.ar = "اختر **ثلاثة**"
answer = ["A", "B", "D"]
shuffle = false
explanation.en = "Three of five."
explanation.ar = "ثلاثة من خمسة"

[[question.options]]
en = "one = 1"
ar = "واحد"

[[question.options]]
en = "two ~ 2"
ar = "اثنان"

[[question.options]]
en = "three # 3"
ar = "ثلاثة"

[[question.options]]
en = "four {{4}}"
ar = "أربعة"

[[question.options]]
text.en = "five : 5"
text.ar = "خمسة"
feedback.en = "%50% is not a weight here"
feedback.ar = "لا"
"#,
        stem_en = toml_str(&stem_en),
        stem_ar = toml_str(stem_ar),
        expl_en = toml_str(
            "#### not general feedback\n\n~%50% = {} \\ :: and ]]]]><![CDATA[> and\n\n```\ncode { }\n  indented\n```"
        ),
        expl_ar = toml_str("الشرح ]]>"),
        fb_en = toml_str("Right: `]]>` is split. {#} ~ = \\n"),
        long_en = toml_str(&long_option("en")),
        long_ar = toml_str(&long_option("ar")),
    );
    write("evil/texts/questions.toml", questions);
}
