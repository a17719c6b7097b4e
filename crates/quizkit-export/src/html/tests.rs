use super::*;
use crate::test_bank as bank;

const CONFIG: &str = r#"
id = "demo"
title.nl = "Demo"
title.en = "Demo"
languages = ["nl", "en"]
"#;

const TOPIC: &str = r#"
title.nl = "Rekenen"
title.en = "Arithmetic"
summary.nl = "Over **sommen**."
summary.en = "On **sums**."
key_points = [{ nl = "Tel op.", en = "Add up." }]
"#;

fn question(id: &str, stem: &str, related: &str) -> String {
    format!(
        r#"
[[question]]
id = "{id}"
stem.nl = '{stem}'
stem.en = '{stem}'
answer = "B"
explanation.nl = "Omdat $x^2$."
explanation.en = "Because $x^2$."
related = [{related}]
[[question.options]]
nl = "een"
en = "one"
[[question.options]]
text.nl = "twee"
text.en = "two"
[[question.options]]
text.nl = "drie"
text.en = "three"
feedback.nl = "Nee, te veel."
feedback.en = "No, too many."
"#
    )
}

fn demo_bank(stem_of_first: &str) -> Bank {
    let questions = [
        question("q-one", stem_of_first, "\"q-three\""),
        question("q-two", "Hoeveel is 1 + 1?", ""),
        question("q-three", "Wat is `2`?", ""),
    ]
    .concat();
    bank(&[
        ("quizkit.toml", CONFIG),
        (
            "rekenen/category.toml",
            "title.nl = \"Rekenen\"\ntitle.en = \"Maths\"",
        ),
        ("rekenen/sommen/topic.toml", TOPIC),
        ("rekenen/sommen/q.toml", &questions),
    ])
}

fn page<'o>(output: &'o Output, path: &str) -> &'o str {
    let file = output
        .files
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("no {path} in {:?}", paths(output)));
    std::str::from_utf8(&file.bytes).expect("utf-8")
}

fn paths(output: &Output) -> Vec<&str> {
    output.files.iter().map(|f| f.path.as_str()).collect()
}

fn export_all(bank: &Bank) -> Output {
    export(bank, &Options::default()).expect("exports")
}

#[test]
fn the_site_has_every_page_in_every_language() {
    let output = export_all(&demo_bank("Hoeveel is 1 + 0?"));
    let mut expected = vec![
        "assets/icon.svg",
        "assets/practice.js",
        "assets/site.js",
        "assets/style.css",
        "index.html",
    ];
    for lang in ["en", "nl"] {
        for page in [
            "index.html",
            "rekenen/index.html",
            "rekenen/sommen/index.html",
            "rekenen/sommen/practice.html",
            "rekenen/sommen/q/q-one.html",
            "rekenen/sommen/q/q-three.html",
            "rekenen/sommen/q/q-two.html",
        ] {
            expected.push(Box::leak(format!("{lang}/{page}").into_boxed_str()));
        }
    }
    expected.sort_unstable();
    assert_eq!(paths(&output), expected);
    assert!(output.warnings.is_empty(), "{:?}", output.warnings);
    for file in output.files.iter().filter(|f| f.path.ends_with(".html")) {
        let html = std::str::from_utf8(&file.bytes).expect("utf-8");
        let lang = if file.path.starts_with("en/") {
            "en"
        } else {
            "nl"
        };
        assert!(
            html.starts_with(&format!("<!DOCTYPE html>\n<html lang=\"{lang}\">")),
            "{}",
            file.path
        );
        assert!(html.contains(CSP), "{}", file.path);
        assert!(!html.contains("style="), "{}", file.path);
        assert!(!html.contains("://"), "{}: no absolute URL", file.path);
    }
}

#[test]
fn the_same_bank_gives_the_same_bytes() {
    let bank = demo_bank("Hoeveel is 1 + 0?");
    assert_eq!(export_all(&bank), export_all(&bank));
}

#[test]
fn the_topic_page_offers_the_practice_modes_with_a_time_estimate() {
    let output = export_all(&demo_bank("Hoeveel is 1 + 0?"));
    let topic = page(&output, "nl/rekenen/sommen/index.html");
    assert!(topic.contains("<strong>Oefen 3 vragen</strong>"), "{topic}");
    assert!(topic.contains("Willekeurige vragen uit dit onderwerp · ongeveer 2 minuten"));
    assert!(topic.contains("href=\"practice.html#weak\""));
    assert!(topic.contains("<h2>Rekenen: kernpunten</h2>"));
    assert!(topic.contains("<h2>Alle vragen over Rekenen (3)</h2>"));
    assert!(topic.contains(
        "<li data-qid=\"q-three\"><a href=\"q/q-three.html\">Wat is <code>2</code>?</a></li>"
    ));
    assert!(topic.contains("<div class=\"lead\"><p>Over <strong>sommen</strong>.</p>"));
    let en = page(&output, "en/rekenen/sommen/index.html");
    assert!(en.contains("<strong>Practise 3 questions</strong>"));
    assert!(en.contains("about 2 minutes"));
}

#[test]
fn the_language_switch_leads_to_the_same_page() {
    let output = export_all(&demo_bank("Hoeveel is 1 + 0?"));
    let question = page(&output, "nl/rekenen/sommen/q/q-two.html");
    assert!(
        question.contains(
            "<a href=\"../../../../en/rekenen/sommen/q/q-two.html\" hreflang=\"en\" lang=\"en\">English</a>"
        ),
        "{question}"
    );
    assert!(question.contains("<a href=\"q-two.html\" aria-current=\"page\">Nederlands</a>"));
    let root = page(&output, "index.html");
    assert!(root.contains("href=\"nl/index.html\""));
    assert!(root.contains("href=\"en/index.html\""));
}

#[test]
fn the_question_page_reveals_the_answer_without_script() {
    let output = export_all(&demo_bank("Hoeveel is 1 + 0?"));
    let html = page(&output, "nl/rekenen/sommen/q/q-one.html");
    assert!(
        html.contains("<h1 class=\"stem\">Hoeveel is 1 + 0?</h1>"),
        "{html}"
    );
    assert!(html.contains(
        "<li><span class=\"letter\">B</span> <span class=\"option-text\">twee</span></li>"
    ));
    assert!(html.contains("<summary>Antwoord en toelichting tonen</summary>"));
    assert!(html.contains("<p class=\"key\"><strong>Antwoord: B.</strong> twee</p>"));
    assert!(html.contains("<math"), "math is MathML: {html}");
    assert!(html.contains("<dt>C</dt><dd id=\"feedback-2\">Nee, te veel.</dd>"));
    assert!(html.contains("data-wrong=\"Niet juist. Het juiste antwoord is B.\""));
    assert!(html.contains("href=\"../practice.html#all\">Dit onderwerp oefenen</a>"));
    assert!(html.contains(">Naar de onderwerppagina</a>"));
    let more = &html[html
        .find("Meer vragen over Rekenen")
        .expect("more questions")..];
    assert!(
        more.contains("href=\"q-three.html\""),
        "related first: {more}"
    );
    assert!(
        !more.contains("href=\"q-two.html\""),
        "only the related: {more}"
    );
    let two = page(&output, "nl/rekenen/sommen/q/q-two.html");
    let more = &two[two
        .find("Meer vragen over Rekenen")
        .expect("more questions")..];
    let three = more.find("q-three.html").expect("next");
    let one = more.find("q-one.html").expect("then wrap around");
    assert!(three < one, "{more}");
}

#[test]
fn hostile_text_is_shown_as_text() {
    let hostile = "<script>alert(1)</script><img src=x onerror=alert(2)></script><!--";
    let output = export_all(&demo_bank(hostile));
    for file in output.files.iter().filter(|f| f.path.ends_with(".html")) {
        let html = std::str::from_utf8(&file.bytes).expect("utf-8");
        assert!(!html.contains("<script>"), "{}", file.path);
        assert!(!html.contains("<img"), "{}", file.path);
        assert!(!html.contains("<!--"), "{}", file.path);
        assert_eq!(
            html.matches("</script>").count(),
            html.matches("<script ").count(),
            "{}",
            file.path
        );
    }
    let question = page(&output, "nl/rekenen/sommen/q/q-one.html");
    assert!(
        question.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{question}"
    );
    let practice = page(&output, "en/rekenen/sommen/practice.html");
    let start = practice.find("id=\"practice-data\">").expect("data block") + 19;
    let end = start + practice[start..].find("</script>").expect("end");
    let data: serde_json::Value = serde_json::from_str(&practice[start..end]).expect("json");
    assert_eq!(
        data["questions"][0]["stem"],
        "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&lt;/script&gt;&lt;!--"
    );
    assert_eq!(data["questions"][0]["key"], serde_json::json!([1]));
    assert_eq!(data["questions"][0]["url"], "q/q-one.html");
    assert_eq!(data["storageKey"], "quizkit:demo:rekenen/sommen");
    assert_eq!(data["strings"]["correct"], "Correct!");
}

#[test]
fn one_language_can_be_exported_alone() {
    let bank = demo_bank("Hoeveel is 1 + 0?");
    let options = Options {
        lang: LangChoice::One("en".into()),
        ..Options::default()
    };
    let output = export(&bank, &options).expect("exports");
    assert!(paths(&output).iter().all(|p| !p.starts_with("nl/")));
    assert!(page(&output, "en/index.html").contains("<h1>Demo</h1>"));
    let options = Options {
        lang: LangChoice::One("fr".into()),
        ..Options::default()
    };
    assert!(export(&bank, &options).is_err());
}

#[test]
fn a_language_without_strings_uses_english_and_says_so() {
    let bank = bank(&[
        ("quizkit.toml", "id = \"x\"\nlanguages = [\"de\"]"),
        (
            "k/t/q.toml",
            "[[question]]\nid = \"a\"\nstem = \"Was?\"\nanswer = \"A\"\noptions = [\"ja\", \"nein\"]",
        ),
    ]);
    let output = export_all(&bank);
    assert_eq!(output.warnings.len(), 1, "{:?}", output.warnings);
    assert!(output.warnings[0].message.contains("`de`"));
    let html = page(&output, "de/k/t/q/a.html");
    assert!(html.contains("<html lang=\"de\">"));
    assert!(html.contains("Show answer and explanation"));
}

#[test]
fn a_question_without_a_key_is_left_out_of_practice() {
    let bank = bank(&[
        ("quizkit.toml", "id = \"x\"\nlanguages = [\"en\"]"),
        (
            "k/t/q.toml",
            "[[question]]\nid = \"a\"\nstem = \"What?\"\noptions = [\"this\", \"that\"]",
        ),
    ]);
    let output = export_all(&bank);
    assert_eq!(output.warnings.len(), 1, "{:?}", output.warnings);
    assert_eq!(output.warnings[0].question.as_deref(), Some("a"));
    assert!(page(&output, "en/k/t/practice.html").contains("\"questions\":[]"));
    assert!(!page(&output, "en/k/t/q/a.html").contains("class=\"key\""));
}

#[test]
fn folder_names_are_encoded_in_links() {
    let bank = bank(&[
        ("quizkit.toml", "id = \"x\"\nlanguages = [\"en\"]"),
        (
            "a b/c\"d/q.toml",
            "[[question]]\nid = \"a\"\nstem = \"What?\"\nanswer = \"A\"\noptions = [\"this\", \"that\"]",
        ),
    ]);
    let output = export_all(&bank);
    let index = page(&output, "en/index.html");
    assert!(index.contains("href=\"a%20b/c%22d/index.html\""), "{index}");
    assert!(page(&output, "en/a b/c\"d/q/a.html").contains("<h1 class=\"stem\">What?</h1>"));
}

#[test]
fn markdown_tables_code_and_math_render_and_foreign_images_are_reported() {
    let bank = bank(&[
        ("quizkit.toml", "id = \"x\"\nlanguages = [\"en\"]"),
        (
            "k/t/q.toml",
            r#"
[[question]]
id = "a"
stem = "Which?"
answer = "A"
options = ["this", "that"]
explanation = """
| n | $n^2$ |
|---|---|
| 3 | 9 |

```
let x = 1 < 2;
```

![chart](https://example.com/chart.png) ![dot](data:image/png;base64,AAAA)
"""
"#,
        ),
    ]);
    let output = export_all(&bank);
    let html = page(&output, "en/k/t/q/a.html");
    assert!(html.contains("<table>"), "{html}");
    assert!(html.contains("<th><math"), "{html}");
    assert!(html.contains("<pre><code>let x = 1 &lt; 2;"), "{html}");
    assert_eq!(output.warnings.len(), 1, "{:?}", output.warnings);
    assert!(
        output.warnings[0]
            .message
            .contains("`https://example.com/chart.png`")
    );
}

#[test]
fn only_the_preview_option_makes_pages_load_the_preview_script() {
    let bank = demo_bank("Hoeveel is 1 + 0?");
    let published = export_all(&bank);
    let preview = export(
        &bank,
        &Options {
            preview: true,
            ..Options::default()
        },
    )
    .expect("exports");
    assert!(
        published
            .files
            .iter()
            .all(|f| !String::from_utf8_lossy(&f.bytes).contains("preview.js")),
        "the published site names the preview script"
    );
    assert_eq!(
        paths(&preview),
        paths(&published),
        "the preview adds or drops files"
    );
    for file in preview.files.iter().filter(|f| f.path.ends_with(".html")) {
        let html = String::from_utf8_lossy(&file.bytes);
        let depth = file.path.matches('/').count();
        let src = format!(
            "<script src=\"{}assets/preview.js\" defer></script>",
            "../".repeat(depth)
        );
        assert!(html.contains(&src), "{}: no {src}", file.path);
    }
}

#[test]
fn bank_images_are_copied_under_content_hashed_names_and_shown_as_img() {
    use crate::media::testing;
    let bank = testing::bank();
    let output = export_all(&bank);
    let media: Vec<&File> = output
        .files
        .iter()
        .filter(|f| f.path.starts_with("media/"))
        .collect();
    // Two files, each once, although dot.png is linked twice.
    assert_eq!(media.len(), 2, "{:?}", paths(&output));
    let name_of = |bytes: &[u8]| {
        let file = media.iter().find(|f| f.bytes == bytes).expect("the file");
        file.path.clone()
    };
    let svg = name_of(testing::SVG.as_bytes());
    let png = name_of(testing::PNG);
    assert!(
        svg.ends_with(".svg") && svg.len() == "media/".len() + 16 + 4,
        "{svg}"
    );
    assert!(png.ends_with(".png"), "{png}");
    let question = page(&output, "en/c/t/q/q-img.html");
    assert!(
        question.contains(&format!(
            "<img src=\"../../../../{svg}\" alt=\"A blue bar\" width=\"40\" height=\"20\" loading=\"lazy\">"
        )),
        "{question}"
    );
    assert!(
        question.contains(&format!(
            "<img src=\"../../../../{png}\" alt=\"A dot\" width=\"2\" height=\"2\" loading=\"lazy\">"
        )),
        "{question}"
    );
    // The practice page is one folder higher.
    let practice = page(&output, "en/c/t/practice.html");
    assert!(
        practice.contains(&format!("src=\\\"../../../{png}\\\"")),
        "{practice}"
    );
    assert!(!practice.contains("../../../../media"), "{practice}");
    // The topic's list shows the stem as plain text.
    let topic = page(&output, "en/c/t/index.html");
    assert!(!topic.contains("<img"), "{topic}");
    // The missing file: a warning, never silence.
    let missing: Vec<&Warning> = output
        .warnings
        .iter()
        .filter(|w| w.message.contains("`missing.png`"))
        .collect();
    assert_eq!(missing.len(), 1, "{:?}", output.warnings);
    assert_eq!(missing[0].question.as_deref(), Some("q-img"));
    assert_eq!(missing[0].kind, Kind::Fixable);
    // The same images give the same names: re-exporting changes nothing.
    assert_eq!(export_all(&bank), output);
}

#[test]
fn a_changed_image_gets_a_new_name() {
    use crate::media::testing;
    let bank = testing::bank();
    let mut changed = bank.clone();
    changed.media.files.insert(
        "c/t/diagram één #1.svg".into(),
        quizkit_model::MediaContent::Bytes(testing::SVG.replace("#36c", "#c36").into_bytes()),
    );
    let names = |bank: &Bank| -> Vec<String> {
        export_all(bank)
            .files
            .into_iter()
            .filter(|f| f.path.ends_with(".svg") && f.path.starts_with("media/"))
            .map(|f| f.path)
            .collect()
    };
    assert_ne!(names(&bank), names(&changed));
}
