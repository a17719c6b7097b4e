//! `quizkit export --to qti` through the real binary, checked three ways:
//! - every item and test against the official QTI 2.1 XSD with libxml2's
//!   `xmllint --nonet --schema` (the schemas are in `tests/schemas/qti`), and the manifest's
//!   QTI metadata against its XSD (the Content Packaging and LOM schemas may not be shipped,
//!   so the manifest's structure is checked here, and by a real reader);
//! - what no XSD catches ([`rules`]): a declaration for every interaction, the correct response
//!   among the choices, unique choice identifiers, cardinality against `maxChoices`, declared
//!   feedback outcomes, every file the manifest names present and every package file named;
//! - a real QTI 2.1 engine, pyslet (`tests/py/qti_score.py`): it opens the package, reads the
//!   manifest and every item, and runs each item's response processing for every option; the
//!   scores and the feedback shown are compared with the bank question by question.
//!
//! The same check is run on packages broken on purpose, and must fail each one.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use quizkit_export::{LangChoice, Options};
use quizkit_model::MediaContent;
use quizkit_tests::guard::{DEADLINE, run_bounded};
use quizkit_tests::hostile::{ended, text, write};
use quizkit_tests::{quizkit, temp_dir, tools_python, workspace_root, xmllint, zip_entries};
use roxmltree::{Document, Node};
use serde_json::Value;

const QTI: &str = "http://www.imsglobal.org/xsd/imsqti_v2p1";
const CP: &str = "http://www.imsglobal.org/xsd/imscp_v1p1";
const LOM: &str = "http://ltsc.ieee.org/xsd/LOM";

/// A 10 KB option.
fn long_option() -> String {
    "lang antwoord ".repeat(730)
}

/// The test bank: two languages, two topics; single choice and multiple response, per-option
/// feedback, math, a table, an image by address, hostile text, a non-NCName id.
fn qti_bank(name: &str) -> PathBuf {
    let dir = temp_dir(&format!("qti/{name}"));
    write(
        &dir,
        "quizkit.toml",
        b"id = \"qti-test\"\ntitle.nl = \"QTI-proef\"\ntitle.en = \"QTI test\"\nlanguages = [\"nl\", \"en\"]\n",
    );
    write(
        &dir,
        "hw/category.toml",
        b"title.nl = \"Hardware\"\ntitle.en = \"Hardware\"\n",
    );
    write(
        &dir,
        "hw/mem/topic.toml",
        b"title.nl = \"Geheugen & <cache>\"\ntitle.en = \"Memory & <cache>\"\n",
    );
    write(
        &dir,
        "hw/par/topic.toml",
        b"title.nl = \"Parallellisme\"\ntitle.en = \"Parallelism\"\n",
    );
    let questions = format!(
        r#"
[[question]]
id = "fp16-weights"
stem.nl = "Hoeveel geheugen nemen de gewichten van 7B parameters in FP16 in?"
stem.en = "How much memory do the weights of 7B parameters take in FP16?"
answer = "B"
difficulty = "hard"
tags = ["memory", "fp16"]
explanation.nl = """Elk gewicht kost 2 bytes.

| a | b |
|:--|--:|
| 7e9 | 14 GB |

~~niet 7 GB~~, zie `code`."""
explanation.en = "Each weight takes 2 bytes."

[[question.options]]
text.nl = "7 GB"
text.en = "7 GB"
feedback.nl = "Nee: dat is 1 byte per gewicht."
feedback.en = "No: that is 1 byte per weight."

[[question.options]]
text.nl = "14 GB"
text.en = "14 GB"
feedback.nl = "Ja: 2 bytes per gewicht."
feedback.en = "Yes: 2 bytes per weight."

[[question.options]]
nl = "28 GB"
en = "28 GB"

[[question]]
id = "kv-cache-grows"
stem.nl = "Welke **twee** grootheden laten de KV-cache groeien?"
stem.en = "Which **two** quantities make the KV cache grow?"
answer = ["A", "C"]
explanation.nl = "Keys en values per token en per laag."
explanation.en = "Keys and values per token and per layer."

[[question.options]]
nl = "De contextlengte"
en = "The context length"

[[question.options]]
text.nl = "De leersnelheid"
text.en = "The learning rate"
feedback.nl = "Nee: die bestaat alleen bij training."
feedback.en = "No: that exists only in training."

[[question.options]]
nl = "Het aantal lagen"
en = "The number of layers"

[[question.options]]
nl = "De grootte van de vocabulaire"
en = "The size of the vocabulary"

[[question]]
id = "3-den-haag"
stem.nl = "Wat geeft `]]>` weer, met <script>alert(1)</script> en & & erbij? שלום עולם مرحبا"
stem.en = "What does `]]>` show, with <script>alert(1)</script> and & &amp; too? שלום עולם مرحبا"
answer = "A"
shuffle = false

[[question.options]]
nl = "Het einde van een CDATA-sectie: ]]>"
en = "The end of a CDATA section: ]]>"

[[question.options]]
text.nl = "{long}"
text.en = "{long}"
feedback.nl = "Nee: <script>x</script> ]]> &"
feedback.en = "No: <script>x</script> ]]> &"

[[question.options]]
nl = "Een tag als <b>vet</b>"
en = "A tag like <b>bold</b>"
"#,
        long = long_option()
    );
    write(&dir, "hw/mem/q.toml", questions.as_bytes());
    let par = r#"
[[question]]
id = "flops"
stem.nl = "Hoeveel FLOPs kost $y = Wx$ met $W \\in \\mathbb{R}^{m \\times n}$?\n\n$$\\sum_{i=1}^{m} 2n$$\n\n![een schema](https://example.org/schema.png)"
stem.en = "How many FLOPs does $y = Wx$ take with $W \\in \\mathbb{R}^{m \\times n}$?\n\n$$\\sum_{i=1}^{m} 2n$$\n\n![a diagram](https://example.org/schema.png)"
answer = "A"
explanation.nl = "Per uitvoer $n$ vermenigvuldigingen en $n$ optellingen."
explanation.en = "Per output $n$ multiplications and $n$ additions."
options = [
  {{ nl = "$2mn$", en = "$2mn$" }},
  {{ nl = "$mn$", en = "$mn$" }},
  {{ nl = "$m^2 n$", en = "$m^2 n$" }},
]

[[question]]
id = "all-keyed"
stem.nl = "Welke zijn waar?"
stem.en = "Which are true?"
answer = ["A", "B"]

[[question.options]]
nl = "Een"
en = "One"

[[question.options]]
nl = "Twee"
en = "Two"
"#
    .replace("{{", "{")
    .replace("}}", "}");
    write(&dir, "hw/par/q.toml", par.as_bytes());
    dir
}

/// Exports `bank` to `qti.zip` beside it with `args`; the path of the package.
fn export(bank: &Path, args: &[&str]) -> PathBuf {
    let zip = bank.with_extension(format!("{}.zip", args.join("-").replace(' ', "")));
    let _ = fs::remove_file(&zip);
    let out = run_bounded(
        quizkit()
            .arg("export")
            .arg(bank)
            .args(["--to", "qti", "-o"])
            .arg(&zip)
            .args(args)
            .env("SOURCE_DATE_EPOCH", "1800000000"),
        DEADLINE,
    );
    ended(&out, &[0]);
    zip
}

/// The files of a zip, by path, checking each entry's date is the SOURCE_DATE_EPOCH's.
fn unzip(zip: &Path) -> BTreeMap<String, Vec<u8>> {
    zip_entries(zip)
        .into_iter()
        .map(|(name, date, bytes)| {
            assert_eq!(
                date,
                (2027, 1, 15, 8, 0),
                "{name}: the zip date is not SOURCE_DATE_EPOCH's"
            );
            (name, bytes)
        })
        .collect()
}

/// The package's files written under a fresh folder.
fn extract(files: &BTreeMap<String, Vec<u8>>, name: &str) -> PathBuf {
    let dir = temp_dir(&format!("qti/pkg-{name}"));
    for (path, bytes) in files {
        assert!(
            !path.starts_with('/') && !path.split('/').any(|s| s == ".."),
            "{path}"
        );
        write(&dir, path, bytes);
    }
    dir
}

fn schemas() -> PathBuf {
    workspace_root().join("tests/schemas/qti")
}

fn children<'a, 'i>(
    node: Node<'a, 'i>,
    ns: &str,
    name: &'a str,
) -> impl Iterator<Item = Node<'a, 'i>> {
    node.children()
        .filter(move |c| c.tag_name().namespace() == Some(ns) && c.tag_name().name() == name)
}

fn descendants<'a, 'i>(node: Node<'a, 'i>, name: &'a str) -> impl Iterator<Item = Node<'a, 'i>> {
    node.descendants()
        .filter(move |c| c.tag_name().namespace() == Some(QTI) && c.tag_name().name() == name)
}

/// The text of a node, whitespace collapsed.
fn flat(node: Node) -> String {
    let text: String = node
        .descendants()
        .filter(Node::is_text)
        .filter_map(|t| t.text())
        .collect();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What no XSD catches, in one item document.
fn item_rules(path: &str, xml: &str, problems: &mut Vec<String>) {
    let doc = match Document::parse(xml) {
        Ok(d) => d,
        Err(e) => return problems.push(format!("{path}: not well-formed: {e}")),
    };
    let item = doc.root_element();
    let declarations: BTreeMap<&str, Node> = children(item, QTI, "responseDeclaration")
        .filter_map(|d| Some((d.attribute("identifier")?, d)))
        .collect();
    let outcomes: BTreeSet<&str> = children(item, QTI, "outcomeDeclaration")
        .filter_map(|d| d.attribute("identifier"))
        .collect();
    for interaction in descendants(item, "choiceInteraction") {
        let response = interaction.attribute("responseIdentifier").unwrap_or("");
        let Some(decl) = declarations.get(response) else {
            problems.push(format!("{path}: no responseDeclaration for `{response}`"));
            continue;
        };
        let choices: Vec<&str> = descendants(interaction, "simpleChoice")
            .filter_map(|c| c.attribute("identifier"))
            .collect();
        let unique: BTreeSet<&str> = choices.iter().copied().collect();
        if unique.len() != choices.len() {
            problems.push(format!(
                "{path}: two choices share an identifier: {choices:?}"
            ));
        }
        for value in descendants(*decl, "correctResponse").flat_map(|c| descendants(c, "value")) {
            let v = value.text().unwrap_or("");
            if !unique.contains(v) {
                problems.push(format!(
                    "{path}: the correct response `{v}` names no choice"
                ));
            }
        }
        for entry in descendants(*decl, "mapEntry") {
            let k = entry.attribute("mapKey").unwrap_or("");
            if !unique.contains(k) {
                problems.push(format!("{path}: the mapping's `{k}` names no choice"));
            }
        }
        let max: i64 = interaction
            .attribute("maxChoices")
            .and_then(|m| m.parse().ok())
            .unwrap_or(1);
        match decl.attribute("cardinality") {
            Some("single") if max != 1 => problems.push(format!(
                "{path}: maxChoices {max} on a response of cardinality single"
            )),
            Some("multiple") if max == 1 => problems.push(format!(
                "{path}: maxChoices 1 on a response of cardinality multiple"
            )),
            Some("single" | "multiple") => {}
            other => problems.push(format!("{path}: cardinality {other:?}")),
        }
    }
    for feedback in children(item, QTI, "modalFeedback") {
        let outcome = feedback.attribute("outcomeIdentifier").unwrap_or("");
        if !outcomes.contains(outcome) {
            problems.push(format!(
                "{path}: modalFeedback for the undeclared outcome `{outcome}`"
            ));
        }
    }
    if descendants(item, "choiceInteraction").next().is_none() {
        problems.push(format!("{path}: no choiceInteraction"));
    }
}

/// Every image an item shows from the package is a file of the item's resource (the CP way
/// of saying the item needs it), found from the item's folder.
fn image_rules(href: &str, xml: &str, files: &[&str], problems: &mut Vec<String>) {
    let Ok(doc) = Document::parse(xml) else {
        return;
    };
    let base = Path::new(href).parent().unwrap_or(Path::new(""));
    for img in descendants(doc.root_element(), "img") {
        let src = img.attribute("src").unwrap_or("");
        if src.contains("://") || src.starts_with("data:") {
            continue;
        }
        let resolved = normalize(&base.join(src));
        if !files.contains(&resolved.as_str()) {
            problems.push(format!(
                "{href}: the image {src} is no file of its resource"
            ));
        }
    }
}

/// What no XSD catches, in the whole package folder: every item's rules, and the manifest's
/// structure (resources, files, dependencies, LOM).
fn rules(dir: &Path) -> Result<(), String> {
    let mut problems = Vec::new();
    let mut on_disk = BTreeSet::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).expect("read_dir").flatten() {
            if entry.path().is_dir() {
                stack.push(entry.path());
            } else {
                let rel = entry
                    .path()
                    .strip_prefix(dir)
                    .expect("inside")
                    .to_string_lossy()
                    .replace('\\', "/");
                on_disk.insert(rel);
            }
        }
    }
    let manifest = fs::read_to_string(dir.join("imsmanifest.xml"))
        .map_err(|e| format!("imsmanifest.xml: {e}"))?;
    let doc = Document::parse(&manifest).map_err(|e| format!("imsmanifest.xml: {e}"))?;
    let root = doc.root_element();
    if root.tag_name().namespace() != Some(CP) || root.tag_name().name() != "manifest" {
        problems.push("imsmanifest.xml: the root is not an IMS CP manifest".to_owned());
    }
    let order: Vec<&str> = root
        .children()
        .filter(Node::is_element)
        .map(|c| c.tag_name().name())
        .collect();
    if order != ["metadata", "organizations", "resources"] {
        problems.push(format!("imsmanifest.xml: the manifest holds {order:?}"));
    }
    let resources: Vec<Node> = root
        .children()
        .filter(|c| c.has_tag_name((CP, "resources")))
        .flat_map(|r| children(r, CP, "resource"))
        .collect();
    let ids: BTreeSet<&str> = resources
        .iter()
        .filter_map(|r| r.attribute("identifier"))
        .collect();
    if ids.len() != resources.len() {
        problems.push("imsmanifest.xml: two resources share an identifier".to_owned());
    }
    let mut listed = BTreeSet::from(["imsmanifest.xml".to_owned()]);
    for r in &resources {
        let id = r.attribute("identifier").unwrap_or("");
        let href = r.attribute("href").unwrap_or("");
        let files: Vec<&str> = children(*r, CP, "file")
            .filter_map(|f| f.attribute("href"))
            .collect();
        if !files.contains(&href) {
            problems.push(format!(
                "resource {id}: its href {href} is not among its files"
            ));
        }
        for f in &files {
            if !on_disk.contains(*f) {
                problems.push(format!("resource {id}: the file {f} is not in the package"));
            }
            listed.insert((*f).to_owned());
        }
        for d in children(*r, CP, "dependency") {
            let to = d.attribute("identifierref").unwrap_or("");
            if !ids.contains(to) {
                problems.push(format!(
                    "resource {id}: depends on {to}, which is no resource"
                ));
            }
        }
        let Ok(xml) = fs::read_to_string(dir.join(href)) else {
            continue;
        };
        match r.attribute("type") {
            Some("imsqti_item_xmlv2p1") => {
                item_rules(href, &xml, &mut problems);
                image_rules(href, &xml, &files, &mut problems);
                let lom: Vec<Node> = r
                    .descendants()
                    .filter(|n| n.has_tag_name((LOM, "lom")))
                    .collect();
                let entry = lom
                    .first()
                    .and_then(|l| l.descendants().find(|n| n.has_tag_name((LOM, "entry"))))
                    .and_then(|e| e.text());
                if lom.len() != 1 || entry.is_none_or(str::is_empty) {
                    problems.push(format!("resource {id}: no LOM with the question id"));
                }
                let general: Vec<&str> = lom
                    .first()
                    .and_then(|l| l.children().find(|n| n.has_tag_name((LOM, "general"))))
                    .map(|g| {
                        g.children()
                            .filter(Node::is_element)
                            .map(|c| c.tag_name().name())
                            .collect()
                    })
                    .unwrap_or_default();
                if general
                    .iter()
                    .any(|n| !["identifier", "title", "language", "keyword"].contains(n))
                {
                    problems.push(format!("resource {id}: LOM general holds {general:?}"));
                }
            }
            Some("imsqti_test_xmlv2p1") => {
                let Ok(test) = Document::parse(&xml) else {
                    problems.push(format!("{href}: not well-formed"));
                    continue;
                };
                let base = Path::new(href).parent().unwrap_or(Path::new(""));
                for item_ref in descendants(test.root_element(), "assessmentItemRef") {
                    let target = item_ref.attribute("href").unwrap_or("");
                    let resolved = normalize(&base.join(target));
                    if !resources
                        .iter()
                        .any(|o| o.attribute("href") == Some(resolved.as_str()))
                    {
                        problems.push(format!("{href}: {target} is no item of the manifest"));
                    }
                    let dep = format!("R-{}", item_ref.attribute("identifier").unwrap_or(""));
                    if !children(*r, CP, "dependency")
                        .any(|d| d.attribute("identifierref") == Some(dep.as_str()))
                    {
                        problems.push(format!("resource {id}: no dependency on {dep}"));
                    }
                }
            }
            other => problems.push(format!("resource {id}: type {other:?}")),
        }
    }
    for f in on_disk.difference(&listed) {
        problems.push(format!(
            "the package holds {f}, which the manifest does not list"
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// `a/b/../c` as `a/c`.
fn normalize(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for c in path.components() {
        match c {
            std::path::Component::ParentDir => {
                parts.pop();
            }
            std::path::Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
            _ => {}
        }
    }
    parts.join("/")
}

/// pyslet's reading and scoring of the package (a zip or a folder), as JSON.
fn pyslet(package: &Path) -> Result<Value, String> {
    let out = run_bounded(
        Command::new(tools_python())
            .arg(workspace_root().join("tests/py/qti_score.py"))
            .arg(package),
        DEADLINE,
    );
    if !out.status.success() {
        return Err(format!("pyslet: {}", text(&out.stderr)));
    }
    serde_json::from_slice(&out.stdout).map_err(|e| format!("pyslet printed no JSON: {e}"))
}

/// The whole check of an extracted package: the XSDs, the rules, pyslet.
fn check(dir: &Path) -> Result<Value, String> {
    let mut qti_files = Vec::new();
    for sub in ["items", "tests"] {
        for entry in fs::read_dir(dir.join(sub))
            .map_err(|e| format!("{sub}: {e}"))?
            .flatten()
        {
            qti_files.push(entry.path());
        }
    }
    qti_files.sort();
    xmllint(&schemas().join("qtiv2p1/imsqti_v2p1.xsd"), &qti_files)?;
    // The manifest's QTI metadata, each as a document of its own against its XSD.
    let manifest = fs::read_to_string(dir.join("imsmanifest.xml")).map_err(|e| e.to_string())?;
    let meta_dir = dir.with_extension("qti-metadata");
    let _ = fs::remove_dir_all(&meta_dir);
    let mut metas = Vec::new();
    for (i, piece) in manifest.split("<qtiMetadata ").skip(1).enumerate() {
        let body = piece.split("</qtiMetadata>").next().unwrap_or("");
        let path = meta_dir.join(format!("{i}.xml"));
        write(
            &meta_dir,
            &format!("{i}.xml"),
            format!("<qtiMetadata {body}</qtiMetadata>").as_bytes(),
        );
        metas.push(path);
    }
    xmllint(&schemas().join("qtiv2p1/imsqti_metadata_v2p1.xsd"), &metas)?;
    rules(dir)?;
    pyslet(dir)
}

/// The questions of the bank as the test knows them: id → (keys, option feedback present,
/// explanation present).
struct Expected {
    keys: Vec<usize>,
    multiple: bool,
    options: usize,
    feedback: Vec<Option<&'static str>>,
    explanation: bool,
}

fn expected() -> BTreeMap<&'static str, Expected> {
    let e = |keys: &[usize], multiple, options, feedback: &[Option<&'static str>], explanation| {
        Expected {
            keys: keys.to_vec(),
            multiple,
            options,
            feedback: feedback.to_vec(),
            explanation,
        }
    };
    BTreeMap::from([
        (
            "fp16-weights",
            e(
                &[1],
                false,
                3,
                &[
                    Some("Nee: dat is 1 byte per gewicht."),
                    Some("Ja: 2 bytes per gewicht."),
                    None,
                ],
                true,
            ),
        ),
        (
            "kv-cache-grows",
            e(
                &[0, 2],
                true,
                4,
                &[
                    None,
                    Some("Nee: die bestaat alleen bij training."),
                    None,
                    None,
                ],
                true,
            ),
        ),
        (
            "3-den-haag",
            e(
                &[0],
                false,
                3,
                &[None, Some("Nee: <script>x</script> ]]> &"), None],
                false,
            ),
        ),
        ("flops", e(&[0], false, 3, &[None, None, None], true)),
        ("all-keyed", e(&[0, 1], true, 2, &[None, None], false)),
    ])
}

fn choice(i: usize) -> String {
    format!("choice_{}", char::from(b'a' + i as u8))
}

/// pyslet's scores and feedback for every Dutch item against the bank.
fn compare_with_bank(report: &Value, files: &BTreeMap<String, Vec<u8>>) {
    let expected = expected();
    let manifest = std::str::from_utf8(&files["imsmanifest.xml"]).expect("UTF-8");
    let manifest = Document::parse(manifest).expect("manifest");
    // Item href → question id, from the LOM.
    let ids: BTreeMap<String, String> = manifest
        .descendants()
        .filter(|n| {
            n.has_tag_name((CP, "resource")) && n.attribute("type") == Some("imsqti_item_xmlv2p1")
        })
        .map(|r| {
            let entry = r
                .descendants()
                .find(|n| n.has_tag_name((LOM, "entry")))
                .and_then(|e| e.text())
                .unwrap_or("");
            (
                r.attribute("href").unwrap_or("").to_owned(),
                entry.to_owned(),
            )
        })
        .collect();
    let items = report["items"].as_array().expect("items");
    let mut seen = BTreeSet::new();
    for item in items {
        let href = item["href"].as_str().expect("href");
        let xml = std::str::from_utf8(&files[href]).expect("UTF-8");
        let doc = Document::parse(xml).expect("item");
        let lang = doc
            .root_element()
            .attribute(("http://www.w3.org/XML/1998/namespace", "lang"));
        if lang != Some("nl") {
            continue;
        }
        let id = ids[href].as_str();
        let want = expected
            .get(id)
            .unwrap_or_else(|| panic!("{href}: unknown question {id}"));
        seen.insert(id);
        let choices: Vec<String> = (0..want.options).map(choice).collect();
        assert_eq!(item["choices"], serde_json::json!(choices), "{id}: choices");
        let keys: Vec<String> = want.keys.iter().map(|&k| choice(k)).collect();
        assert_eq!(item["correct"], serde_json::json!(keys), "{id}: key");
        assert_eq!(
            item["cardinality"],
            if want.multiple { "multiple" } else { "single" },
            "{id}"
        );
        assert_eq!(
            item["max_choices"],
            if want.multiple { 0 } else { 1 },
            "{id}: maxChoices"
        );
        assert_eq!(item["shuffle"], id != "3-den-haag", "{id}: shuffle");
        let feedback_text = |ident: &str| {
            children(doc.root_element(), QTI, "modalFeedback")
                .find(|f| f.attribute("identifier") == Some(ident))
                .map(flat)
        };
        let k = want.keys.len() as f64;
        let wrong = (want.options - want.keys.len()) as f64;
        for result in item["results"].as_array().expect("results") {
            let response: Vec<&str> = result["response"]
                .as_array()
                .expect("response")
                .iter()
                .filter_map(Value::as_str)
                .collect();
            let score = result["score"].as_f64().expect("a score");
            let picked: Vec<usize> = response
                .iter()
                .map(|r| choices.iter().position(|c| c == r).expect("a choice"))
                .collect();
            let want_score = if want.multiple {
                let raw: f64 = picked
                    .iter()
                    .map(|p| {
                        if want.keys.contains(p) {
                            1.0 / k
                        } else {
                            -1.0 / wrong
                        }
                    })
                    .sum();
                raw.clamp(0.0, 1.0)
            } else if picked.len() == 1 && want.keys.contains(&picked[0]) {
                1.0
            } else {
                0.0
            };
            assert!(
                (score - want_score).abs() < 1e-6,
                "{id}: {response:?} scored {score}, expected {want_score}"
            );
            if picked == want.keys {
                assert_eq!(score, 1.0, "{id}: the key scores full marks exactly");
            }
            let mut want_feedback: Vec<String> = picked
                .iter()
                .filter(|&&p| want.feedback[p].is_some())
                .map(|&p| choice(p))
                .collect();
            if want.explanation {
                want_feedback.push("EXPLANATION".into());
            }
            want_feedback.sort();
            // The identifiers FEEDBACK holds that have a modalFeedback: what the candidate sees.
            let shown: Vec<String> = result["feedback"]
                .as_array()
                .expect("feedback")
                .iter()
                .filter_map(Value::as_str)
                .filter(|f| feedback_text(f).is_some())
                .map(str::to_owned)
                .collect();
            assert_eq!(
                shown, want_feedback,
                "{id}: {response:?}: the feedback shown"
            );
            for p in &picked {
                if let Some(text) = want.feedback[*p] {
                    assert_eq!(
                        feedback_text(&choice(*p)).as_deref(),
                        Some(text),
                        "{id}: the feedback of {}",
                        choice(*p)
                    );
                }
            }
            // pyslet's HTML 4 preview knows no MathML and fails on a multiple response
            // without a default (its bug, `None` is not iterable); every other body renders.
            if id != "flops" && !want.multiple {
                assert_eq!(
                    result["render_error"],
                    Value::Null,
                    "{id}: pyslet could not render the body"
                );
            }
        }
    }
    assert_eq!(seen.len(), expected.len(), "items seen: {seen:?}");
}

#[test]
fn every_item_validates_and_pyslet_scores_every_option() {
    let bank = qti_bank("valid");
    let zip = export(&bank, &["--lang", "nl"]);
    let files = unzip(&zip);
    for (path, bytes) in &files {
        let xml = std::str::from_utf8(bytes).unwrap_or_else(|_| panic!("{path}: not UTF-8"));
        assert!(!xml.contains("@@"), "{path}: @@ in the package");
        assert!(
            !xml.chars()
                .any(|c| (c < ' ' && !matches!(c, '\t' | '\n' | '\r'))
                    || matches!(c, '\u{FFFE}' | '\u{FFFF}')),
            "{path}: a character XML forbids"
        );
    }
    let dir = extract(&files, "valid");
    let report = check(&dir).unwrap_or_else(|e| panic!("the package fails its check:\n{e}"));
    compare_with_bank(&report, &files);
    // pyslet reads the zip itself too, as an LMS would.
    let from_zip = pyslet(&zip).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(from_zip["items"], report["items"]);

    // The tests: one per topic, in topic order, with their items.
    let tests: Vec<&String> = files.keys().filter(|p| p.starts_with("tests/")).collect();
    assert_eq!(tests.len(), 2, "{tests:?}");
    let mem =
        std::str::from_utf8(&files["tests/test-hw-mem.xml"]).expect("the memory topic's test");
    let mem = Document::parse(mem).expect("test");
    assert_eq!(
        mem.root_element().attribute("title"),
        Some("Geheugen & <cache>")
    );
    let refs: Vec<&str> = descendants(mem.root_element(), "assessmentItemRef")
        .filter_map(|r| r.attribute("identifier"))
        .collect();
    assert_eq!(refs[..2], ["fp16-weights", "kv-cache-grows"]);
    assert!(refs[2].starts_with("_3-den-haag_"), "{refs:?}");

    // Hostile text survives as text; nothing became markup.
    let hostile = files
        .iter()
        .find(|(p, _)| p.starts_with("items/_3-den-haag_"))
        .map(|(_, b)| std::str::from_utf8(b).expect("UTF-8"))
        .expect("the hostile item");
    let doc = Document::parse(hostile).expect("hostile item");
    let item = doc.root_element();
    assert_eq!(item.attribute("label"), Some("3-den-haag"));
    assert_eq!(
        item.attribute(("http://www.w3.org/XML/1998/namespace", "lang")),
        Some("nl")
    );
    assert!(
        !item
            .descendants()
            .any(|n| n.tag_name().name() == "script" || n.tag_name().name() == "b")
    );
    let body = flat(descendants(item, "itemBody").next().expect("body"));
    assert!(
        body.contains("]]> weer, met <script>alert(1)</script> en & & erbij? שלום עולם مرحبا"),
        "{body}"
    );
    let long: Vec<String> = descendants(item, "simpleChoice").map(flat).collect();
    assert_eq!(long[1], long_option().trim());
    assert_eq!(long[2], "Een tag als <b>vet</b>");

    // Math is MathML, the table and the image are XHTML.
    let flops = std::str::from_utf8(&files["items/flops.xml"]).expect("UTF-8");
    assert!(
        flops.contains("<math display=\"block\" xmlns=\"http://www.w3.org/1998/Math/MathML\">"),
        "{flops}"
    );
    assert!(
        flops.contains("<img src=\"https://example.org/schema.png\" alt=\"een schema\"/>"),
        "{flops}"
    );
    let fp16 = std::str::from_utf8(&files["items/fp16-weights.xml"]).expect("UTF-8");
    assert!(fp16.contains("<tr><th>a</th><th>b</th></tr>"), "{fp16}");

    // LOM: the tags and the difficulty.
    let manifest = std::str::from_utf8(&files["imsmanifest.xml"]).expect("UTF-8");
    assert!(
        manifest.contains("<string language=\"nl\">fp16</string>"),
        "{manifest}"
    );
    assert!(manifest.contains("<value>difficult</value>"), "{manifest}");
}

#[test]
fn every_language_is_a_set_of_items_and_tests_of_its_own() {
    let bank = qti_bank("all");
    let zip = export(&bank, &["--lang", "all"]);
    let files = unzip(&zip);
    let dir = extract(&files, "all");
    let report = check(&dir).unwrap_or_else(|e| panic!("the package fails its check:\n{e}"));
    compare_with_bank(&report, &files);
    for lang in ["nl", "en"] {
        let item = std::str::from_utf8(&files[&format!("items/fp16-weights.{lang}.xml")])
            .expect("an item per language");
        assert!(item.contains(&format!("xml:lang=\"{lang}\"")), "{item}");
        assert!(files.contains_key(&format!("tests/test-hw-mem.{lang}.xml")));
    }
    let en = std::str::from_utf8(&files["tests/test-hw-par.en.xml"]).expect("UTF-8");
    assert!(en.contains("title=\"Parallelism (en)\""), "{en}");
    assert_eq!(report["items"].as_array().map(Vec::len), Some(10));
}

/// The check must fail on a package broken in each way the issue names, and in the ways only
/// the rules catch.
#[test]
fn a_broken_package_fails_the_check() {
    let bank = qti_bank("broken");
    let files = unzip(&export(&bank, &["--lang", "nl"]));
    let item = "items/fp16-weights.xml";
    let breaks: [(&str, &str, &str, &str, &str); 6] = [
        (
            "correct-names-no-choice",
            item,
            "<value>choice_b</value>",
            "<value>choice_x</value>",
            "names no choice",
        ),
        (
            "not-an-ncname",
            item,
            "identifier=\"choice_a\">",
            "identifier=\"1c\">",
            "xmllint",
        ),
        (
            "missing-file",
            "imsmanifest.xml",
            "<file href=\"items/flops.xml\"/>",
            "<file href=\"items/flops.xml\"/>\n      <file href=\"items/gone.png\"/>",
            "items/gone.png is not in the package",
        ),
        (
            "duplicate-choice",
            item,
            "identifier=\"choice_c\">",
            "identifier=\"choice_a\">",
            "share an identifier",
        ),
        (
            "max-choices",
            item,
            "maxChoices=\"1\"",
            "maxChoices=\"2\"",
            "cardinality single",
        ),
        (
            "no-declaration",
            item,
            "responseIdentifier=\"RESPONSE\"",
            "responseIdentifier=\"ANSWER\"",
            "no responseDeclaration",
        ),
    ];
    for (name, path, from, to, why) in breaks {
        let mut broken = files.clone();
        let original = std::str::from_utf8(&broken[path])
            .expect("UTF-8")
            .to_owned();
        assert!(original.contains(from), "{name}: {from} not in {path}");
        broken.insert(path.to_owned(), original.replacen(from, to, 1).into_bytes());
        let dir = extract(&broken, name);
        match check(&dir) {
            Ok(_) => panic!("{name}: the broken package passed the check"),
            Err(e) => assert!(e.contains(why), "{name}: failed, but not for `{why}`:\n{e}"),
        }
    }
    // And the unbroken package passes the very same check.
    check(&extract(&files, "unbroken")).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn build_writes_both_packages_when_the_bank_names_them() {
    let bank = qti_bank("build");
    write(
        &bank,
        "quizkit.toml",
        b"id = \"qti-test\"\nlanguages = [\"nl\", \"en\"]\n[export]\ntargets = [\"qti\", \"canvas\"]\n",
    );
    let dist = bank.with_extension("dist");
    let out = run_bounded(
        quizkit()
            .arg("build")
            .arg(&bank)
            .args(["--force", "-o"])
            .arg(&dist),
        DEADLINE,
    );
    ended(&out, &[0]);
    let canvas = unzip_any(&dist.join("canvas.zip"));
    assert!(canvas.contains("imsmanifest.xml"), "{canvas:?}");
    let built: Vec<String> = fs::read_dir(&dist)
        .expect("dist")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(built.len(), 2, "only the targets named: {built:?}");
    let files = unzip_any(&dist.join("qti.zip"));
    assert!(
        files.contains("imsmanifest.xml") && files.contains("items/flops.xml"),
        "{files:?}"
    );
}

fn unzip_any(zip: &Path) -> BTreeSet<String> {
    zip_entries(zip)
        .into_iter()
        .map(|(name, _, _)| name)
        .collect()
}

/// A character XML forbids is refused with the question named, and nothing is written.
#[test]
fn a_forbidden_character_is_refused_by_both_targets() {
    let bank = qti_bank("forbidden");
    write(
        &bank,
        "hw/par/q.toml",
        b"[[question]]\nid = \"bell\"\nstem.nl = \"Een \\u0007 bel?\"\nstem.en = \"A \\u0007 bell?\"\nanswer = \"A\"\noptions = [{ nl = \"Ja\", en = \"Yes\" }, { nl = \"Nee\", en = \"No\" }]\n",
    );
    for target in ["qti", "canvas"] {
        let zip = bank.with_extension(format!("{target}.zip"));
        let out = run_bounded(
            quizkit()
                .arg("export")
                .arg(&bank)
                .args(["--to", target, "-o"])
                .arg(&zip),
            DEADLINE,
        );
        ended(&out, &[2]);
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("bell") && stderr.contains("U+0007"),
            "{target}: {stderr}"
        );
        assert!(
            !zip.exists(),
            "{target}: refused but wrote {}",
            zip.display()
        );
    }
}

/// The QTI bank with images: a PNG in the flops topic folder, the same bytes under `media/`
/// for another topic, and an SVG under `media/`, read into the bank's media as the CLI does.
fn bank_with_images(name: &str) -> quizkit_model::Bank {
    let dir = qti_bank(name);
    let edit = |path: &str, from: &str, to: &str| {
        let text = fs::read_to_string(dir.join(path)).expect("the bank file");
        assert!(text.contains(from), "{from} not in {path}");
        write(&dir, path, text.replacen(from, to, 1).as_bytes());
    };
    edit(
        "hw/par/q.toml",
        "![een schema](https://example.org/schema.png)",
        "![een schema](https://example.org/schema.png)\\n\\n![een roofline](roofline.png)",
    );
    edit(
        "hw/mem/q.toml",
        "Elk gewicht kost 2 bytes.\n",
        "Elk gewicht kost 2 bytes. ![dezelfde roofline](roofline-copy.png)\n",
    );
    edit(
        "hw/mem/q.toml",
        "stem.nl = \"Welke **twee** grootheden laten de KV-cache groeien?\"",
        "stem.nl = \"Welke **twee** grootheden laten de KV-cache groeien? ![schema](diagram.svg)\"",
    );
    // In a single-choice body too, which pyslet also renders.
    edit("hw/mem/q.toml", "مرحبا\"", "مرحبا ![schema](diagram.svg)\"");
    let (_, loaded) = quizkit::fsio::load_bank(Some(&dir)).expect("the bank loads");
    let mut bank = loaded.bank.expect("a bank");
    let media = workspace_root().join("tests/media");
    let png = fs::read(media.join("roofline.png")).expect("the test PNG");
    let svg = fs::read(media.join("diagram.svg")).expect("the test SVG");
    for (path, bytes) in [
        ("hw/par/roofline.png", &png),
        ("media/roofline-copy.png", &png),
        ("media/diagram.svg", &svg),
    ] {
        bank.media
            .files
            .insert(path.into(), MediaContent::Bytes(bytes.clone()));
    }
    bank
}

/// The package of `bank` in Dutch, written beside the other test packages.
fn export_in_process(bank: &quizkit_model::Bank, name: &str) -> PathBuf {
    let options = Options {
        lang: LangChoice::One("nl".into()),
        timestamp: 1_800_000_000,
        ..Options::default()
    };
    let out = quizkit_export::qti::export(bank, &options).expect("the bank exports");
    let zip = temp_dir(&format!("qti/{name}-zip")).join("qti.zip");
    fs::write(&zip, &out.files[0].bytes).expect("write the package");
    zip
}

#[test]
fn each_image_is_packaged_once_and_every_item_lists_and_finds_it() {
    let bank = bank_with_images("images");
    let zip = export_in_process(&bank, "images");
    let files = unzip(&zip);
    let media: Vec<&String> = files.keys().filter(|p| p.starts_with("media/")).collect();
    // Two files: the PNG (both links, one file) and the SVG, named by their bytes.
    assert_eq!(media.len(), 2, "{media:?}");
    let png = media.iter().find(|p| p.ends_with(".png")).expect("the PNG");
    assert_eq!(png.len(), "media/".len() + 16 + ".png".len(), "{png}");
    assert_eq!(
        files[png.as_str()],
        fs::read(workspace_root().join("tests/media/roofline.png")).expect("PNG")
    );
    let flops = std::str::from_utf8(&files["items/flops.xml"]).expect("UTF-8");
    assert!(
        flops.contains(&format!(
            "<img src=\"../{png}\" alt=\"een roofline\" width=\"4\" height=\"3\"/>"
        )),
        "{flops}"
    );
    let kv = std::str::from_utf8(&files["items/kv-cache-grows.xml"]).expect("UTF-8");
    assert!(
        kv.contains("width=\"120\" height=\"80\"/>"),
        "the SVG's size: {kv}"
    );
    // The XSDs, the rules (every image a file of its item's resource, every file listed and
    // present) and pyslet, which reads and scores the items with images.
    let dir = extract(&files, "images");
    let report = check(&dir).unwrap_or_else(|e| panic!("the package fails its check:\n{e}"));
    compare_with_bank(&report, &files);
    let from_zip = pyslet(&zip).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(from_zip["items"], report["items"]);
    let listing = |href: &str| -> Vec<String> {
        report["resources"]
            .as_array()
            .expect("resources")
            .iter()
            .find(|r| r["href"] == href)
            .map(|r| {
                r["files"]
                    .as_array()
                    .expect("files")
                    .iter()
                    .filter_map(|f| f.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(
        listing("items/flops.xml"),
        ["items/flops.xml", png.as_str()]
    );
    assert_eq!(
        listing("items/fp16-weights.xml"),
        ["items/fp16-weights.xml", png.as_str()]
    );
    // The same check fails when an item's image is not listed, or not there.
    let manifest = std::str::from_utf8(&files["imsmanifest.xml"]).expect("UTF-8");
    let line = format!("      <file href=\"{png}\"/>\n");
    let mut unlisted = files.clone();
    unlisted.insert(
        "imsmanifest.xml".into(),
        manifest.replace(&line, "").into_bytes(),
    );
    let e = check(&extract(&unlisted, "images-unlisted")).expect_err("an unlisted image");
    assert!(e.contains("is no file of its resource"), "{e}");
    assert!(e.contains("which the manifest does not list"), "{e}");
    let mut gone = files.clone();
    gone.remove(png.as_str());
    let e = check(&extract(&gone, "images-gone")).expect_err("a missing image");
    assert!(e.contains("is not in the package"), "{e}");
    // The same bank gives the same bytes.
    assert_eq!(
        fs::read(&zip).expect("zip"),
        fs::read(export_in_process(&bank, "images-again")).expect("zip")
    );
}

#[test]
fn an_image_link_to_no_file_is_refused_with_the_question_named() {
    let mut bank = bank_with_images("images-missing");
    bank.media.files.remove("media/diagram.svg");
    let options = Options {
        lang: LangChoice::One("nl".into()),
        ..Options::default()
    };
    for export in [quizkit_export::qti::export, quizkit_export::canvas::export] {
        let err = export(&bank, &options).expect_err("a broken picture is refused");
        assert_eq!(err.question.as_deref(), Some("kv-cache-grows"));
        assert!(
            err.message.contains("`diagram.svg`") && err.message.contains("no such file"),
            "{}",
            err.message
        );
    }
}
