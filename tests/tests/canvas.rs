//! `quizkit export --to canvas` against text2qti (PyPI), which writes Canvas's QTI 1.2 flavour
//! and is the reference: the same small quiz goes through both, and the two packages are
//! compared question by question, by structure (not bytes). Every `questestinterop` of both
//! validates against the QTI 1.2 XSD (`tests/schemas/qti/qtiv1p2`) with `xmllint --nonet`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use quizkit_export::{LangChoice, Options};
use quizkit_model::MediaContent;
use quizkit_tests::guard::{DEADLINE, run_bounded};
use quizkit_tests::hostile::{ended, text, write};
use quizkit_tests::{quizkit, temp_dir, tools_dir, workspace_root, xmllint, zip_entries};
use roxmltree::{Document, Node};

const ASI: &str = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2";
const CC: &str = "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1";
const META: &str = "http://canvas.instructure.com/xsd/cccv1p0";

/// The quiz as text2qti's input.
const TEXT2QTI: &str = "Quiz title: Geheugen

1.  Hoeveel geheugen nemen de gewichten in FP16 in?
... Elk gewicht kost 2 bytes.
a)  7 GB
... Nee: dat is 1 byte per gewicht.
*b) 14 GB
c)  28 GB

2.  Welke **twee** grootheden laten de KV-cache groeien?
... Keys en values per token.
[*] De contextlengte
[ ] De leersnelheid
... Nee: die bestaat alleen bij training.
[*] Het aantal lagen
[ ] De grootte van de vocabulaire

3.  Wat kost $y = Wx$ met $W$ van $m \\times n$?
*a) $2mn$ FLOPs
b)  $mn$ FLOPs
";

/// The same quiz as a bank.
fn bank(name: &str) -> PathBuf {
    let dir = temp_dir(&format!("canvas/{name}"));
    write(
        &dir,
        "quizkit.toml",
        b"id = \"canvas-test\"\nlanguages = [\"nl\"]\n",
    );
    write(&dir, "hw/category.toml", b"title = \"Hardware\"\n");
    write(&dir, "hw/mem/topic.toml", b"title = \"Geheugen\"\n");
    write(
        &dir,
        "hw/mem/q.toml",
        br#"
[[question]]
id = "fp16-weights"
stem = "Hoeveel geheugen nemen de gewichten in FP16 in?"
answer = "B"
explanation = "Elk gewicht kost 2 bytes."

[[question.options]]
text = "7 GB"
feedback = "Nee: dat is 1 byte per gewicht."

[[question.options]]
text = "14 GB"

[[question.options]]
text = "28 GB"

[[question]]
id = "kv-cache-grows"
stem = "Welke **twee** grootheden laten de KV-cache groeien?"
answer = ["A", "C"]
explanation = "Keys en values per token."

[[question.options]]
text = "De contextlengte"

[[question.options]]
text = "De leersnelheid"
feedback = "Nee: die bestaat alleen bij training."

[[question.options]]
text = "Het aantal lagen"

[[question.options]]
text = "De grootte van de vocabulaire"

[[question]]
id = "matvec-flops"
stem = 'Wat kost $y = Wx$ met $W$ van $m \times n$?'
answer = "A"
options = ["$2mn$ FLOPs", "$mn$ FLOPs"]
"#,
    );
    dir
}

/// The files of a zip; the XML ones as text (they must be UTF-8), images lossily.
fn unzip(zip: &Path) -> BTreeMap<String, String> {
    zip_entries(zip)
        .into_iter()
        .map(|(name, _, bytes)| {
            let text = if name.ends_with(".xml") || name.ends_with(".qti") {
                String::from_utf8(bytes).unwrap_or_else(|e| panic!("{name}: {e}"))
            } else {
                String::from_utf8_lossy(&bytes).into_owned()
            };
            (name, text)
        })
        .collect()
}

fn export(bank: &Path, args: &[&str]) -> BTreeMap<String, String> {
    let zip = bank.with_extension("zip");
    let out = run_bounded(
        quizkit()
            .arg("export")
            .arg(bank)
            .args(["--to", "canvas", "-o"])
            .arg(&zip)
            .args(args),
        DEADLINE,
    );
    ended(&out, &[0]);
    unzip(&zip)
}

/// text2qti's package for [`TEXT2QTI`]; HOME is a scratch folder, where it writes its config.
fn text2qti() -> BTreeMap<String, String> {
    text2qti_of("text2qti", TEXT2QTI, &[])
}

/// text2qti's package for the quiz `source`, with `files` beside it.
fn text2qti_of(name: &str, source: &str, files: &[(&str, &[u8])]) -> BTreeMap<String, String> {
    let dir = temp_dir(&format!("canvas/{name}"));
    write(&dir, "quiz.md", source.as_bytes());
    for (path, bytes) in files {
        write(&dir, path, bytes);
    }
    let out = run_bounded(
        Command::new(tools_dir().join("py/bin/text2qti"))
            .arg("--latex-render-url")
            .arg("/equation_images/")
            .arg(dir.join("quiz.md"))
            .env("HOME", &dir)
            .current_dir(&dir),
        DEADLINE,
    );
    assert!(
        out.status.success(),
        "text2qti failed (run `scripts/tools.sh`):\n{}",
        text(&out.stderr)
    );
    unzip(&dir.join("quiz.zip"))
}

/// Validates every `questestinterop` of `files` against the QTI 1.2 XSD.
fn validate(files: &BTreeMap<String, String>, name: &str) {
    let dir = temp_dir(&format!("canvas/validate-{name}"));
    let mut paths = Vec::new();
    for (path, xml) in files {
        if xml.contains("<questestinterop") {
            let file = dir.join(path.replace('/', "_"));
            fs::write(&file, xml).expect("write");
            paths.push(file);
        }
    }
    assert!(!paths.is_empty(), "{name}: no questestinterop");
    let xsd = workspace_root().join("tests/schemas/qti/qtiv1p2/ims_qtiasiv1p2.xsd");
    if let Err(e) = xmllint(&xsd, &paths) {
        panic!("{name}: {e}");
    }
}

fn kids<'a, 'i>(node: Node<'a, 'i>, ns: &str, name: &str) -> Vec<Node<'a, 'i>> {
    node.children()
        .filter(|c| c.has_tag_name((ns, name)))
        .collect()
}

fn first<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Node<'a, 'i> {
    node.descendants()
        .find(|c| c.has_tag_name((ASI, name)))
        .unwrap_or_else(|| panic!("no <{name}> in <{}>", node.tag_name().name()))
}

/// An HTML `mattext` as text: tags dropped, whitespace collapsed; equation images as their
/// LaTeX.
fn plain(mattext: Node) -> String {
    assert_eq!(mattext.attribute("texttype"), Some("text/html"));
    let html = mattext.text().unwrap_or("");
    let mut out = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('>').map_or(rest.len(), |c| open + c + 1);
        let tag = &rest[open..close];
        if let Some(at) = tag.find("data-equation-content=\"") {
            let v = &tag[at + 23..];
            out.push_str(&format!("${}$", &v[..v.find('"').unwrap_or(v.len())]));
        } else if tag.starts_with("<img ") {
            // A packaged image, as its alt text: the two tools name the files differently.
            out.push_str(&format!("![{}]", attribute(tag, "alt")));
        }
        rest = &rest[close..];
    }
    out.push_str(rest);
    let out = out
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The value of the attribute `name` in the HTML tag `tag`, as written.
fn attribute<'t>(tag: &'t str, name: &str) -> &'t str {
    let key = format!(" {name}=\"");
    tag.find(&key)
        .map(|at| {
            let v = &tag[at + key.len()..];
            &v[..v.find('"').unwrap_or(v.len())]
        })
        .unwrap_or("")
}

/// The structure of one item, independent of identifiers.
#[derive(Debug, PartialEq, Eq)]
struct Shape {
    question_type: String,
    points: String,
    cardinality: String,
    stem: String,
    options: Vec<String>,
    keyed: BTreeSet<usize>,
    /// Per option: the feedback shown when it is picked.
    feedback: Vec<Option<String>>,
    /// The neutral feedback, shown on any answer.
    general: Option<String>,
    /// The conditions in order: `continue` and what each does.
    conditions: Vec<String>,
}

fn shapes(files: &BTreeMap<String, String>) -> Vec<Shape> {
    let mut out = Vec::new();
    for xml in files.values().filter(|x| x.contains("<questestinterop")) {
        let doc = Document::parse(xml).expect("well-formed");
        for item in doc.descendants().filter(|n| n.has_tag_name((ASI, "item"))) {
            let field = |label: &str| {
                item.descendants()
                    .filter(|n| n.has_tag_name((ASI, "qtimetadatafield")))
                    .find(|f| first(*f, "fieldlabel").text() == Some(label))
                    .and_then(|f| first(f, "fieldentry").text())
                    .unwrap_or("")
                    .to_owned()
            };
            let lid = first(item, "response_lid");
            let labels: Vec<Node> = lid
                .descendants()
                .filter(|n| n.has_tag_name((ASI, "response_label")))
                .collect();
            let idents: Vec<&str> = labels.iter().filter_map(|l| l.attribute("ident")).collect();
            let original: Vec<String> = field("original_answer_ids")
                .split(',')
                .map(str::to_owned)
                .collect();
            assert_eq!(original, idents, "original_answer_ids are the labels");
            let position = |ident: &str| {
                idents
                    .iter()
                    .position(|i| *i == ident)
                    .unwrap_or_else(|| panic!("{ident} is no response_label"))
            };
            let feedbacks: BTreeMap<&str, String> = kids(item, ASI, "itemfeedback")
                .into_iter()
                .map(|f| {
                    (
                        f.attribute("ident").unwrap_or(""),
                        plain(first(f, "mattext")),
                    )
                })
                .collect();
            let mut keyed = BTreeSet::new();
            let mut feedback = vec![None; labels.len()];
            let mut general = None;
            let mut conditions = Vec::new();
            for c in item
                .descendants()
                .filter(|n| n.has_tag_name((ASI, "respcondition")))
            {
                let var = first(c, "conditionvar");
                let shown = c
                    .children()
                    .find(|n| n.has_tag_name((ASI, "displayfeedback")))
                    .and_then(|d| d.attribute("linkrefid"));
                let sets = c.children().find(|n| n.has_tag_name((ASI, "setvar")));
                let what = if var.children().any(|n| n.has_tag_name((ASI, "other"))) {
                    general = shown.map(|s| feedbacks[s].clone());
                    "any answer: feedback"
                } else if let Some(setvar) = sets {
                    assert_eq!(setvar.text(), Some("100"), "the key scores 100");
                    for v in var
                        .descendants()
                        .filter(|n| n.has_tag_name((ASI, "varequal")))
                    {
                        let negated = v.parent().is_some_and(|p| p.has_tag_name((ASI, "not")));
                        if !negated {
                            keyed.insert(position(v.text().unwrap_or("")));
                        }
                    }
                    "the key: SCORE 100"
                } else {
                    let v = first(var, "varequal");
                    let p = position(v.text().unwrap_or(""));
                    feedback[p] = shown.map(|s| feedbacks[s].clone());
                    "one option: its feedback"
                };
                conditions.push(format!("{} {what}", c.attribute("continue").unwrap_or("")));
            }
            out.push(Shape {
                question_type: field("question_type"),
                points: field("points_possible"),
                cardinality: lid.attribute("rcardinality").unwrap_or("").to_owned(),
                stem: plain(first(first(item, "presentation"), "mattext")),
                options: labels.iter().map(|l| plain(first(*l, "mattext"))).collect(),
                keyed,
                feedback,
                general,
                conditions,
            });
        }
    }
    out
}

/// The manifest's resources as (type, the shape of its files, dependency types).
fn resources(files: &BTreeMap<String, String>) -> Vec<(String, Vec<String>, Vec<String>)> {
    let doc = Document::parse(&files["imsmanifest.xml"]).expect("manifest");
    let root = doc.root_element();
    assert!(root.has_tag_name((CC, "manifest")), "the CC 1.1 namespace");
    let all: Vec<Node> = root
        .descendants()
        .filter(|n| n.has_tag_name((CC, "resource")))
        .collect();
    let type_of = |id: &str| {
        all.iter()
            .find(|r| r.attribute("identifier") == Some(id))
            .and_then(|r| r.attribute("type"))
            .unwrap_or("missing")
            .to_owned()
    };
    all.iter()
        .map(|r| {
            if r.attribute("type") == Some("webcontent") {
                // An image: the two tools name the files differently.
                for f in kids(*r, CC, "file") {
                    let href = f.attribute("href").unwrap_or("");
                    assert!(files.contains_key(href), "{href} is not in the zip");
                }
                return ("webcontent".to_owned(), vec!["<image>".to_owned()], vec![]);
            }
            let files_of: Vec<String> = kids(*r, CC, "file")
                .iter()
                .map(|f| {
                    let href = f.attribute("href").unwrap_or("");
                    assert!(
                        files.contains_key(href),
                        "the manifest names {href}, which is not in the zip"
                    );
                    let (folder, name) = href.split_once('/').unwrap_or(("", href));
                    if name == format!("{folder}.xml") {
                        "<quiz>/<quiz>.xml".to_owned()
                    } else {
                        format!("<quiz>/{name}")
                    }
                })
                .collect();
            let deps = kids(*r, CC, "dependency")
                .iter()
                .map(|d| type_of(d.attribute("identifierref").unwrap_or("")))
                .collect();
            (r.attribute("type").unwrap_or("").to_owned(), files_of, deps)
        })
        .collect()
}

/// The element names of `assessment_meta.xml`, nested ones as `parent/child`.
fn meta_fields(files: &BTreeMap<String, String>) -> BTreeSet<String> {
    let (_, xml) = files
        .iter()
        .find(|(p, _)| p.ends_with("/assessment_meta.xml"))
        .expect("assessment_meta.xml");
    let doc = Document::parse(xml).expect("meta");
    assert!(doc.root_element().has_tag_name((META, "quiz")));
    doc.root_element()
        .descendants()
        .filter(Node::is_element)
        .map(|n| {
            let parent = n
                .parent_element()
                .map(|p| p.tag_name().name())
                .unwrap_or("");
            format!("{parent}/{}", n.tag_name().name())
        })
        .collect()
}

#[test]
fn the_package_has_text2qtis_structure_question_by_question() {
    let ours = export(&bank("compare"), &[]);
    let theirs = text2qti();
    validate(&ours, "quizkit");
    validate(&theirs, "text2qti");
    let (a, b) = (shapes(&ours), shapes(&theirs));
    assert_eq!(a.len(), 3);
    assert_eq!(a.len(), b.len());
    for (i, (a, b)) in a.iter().zip(&b).enumerate() {
        assert_eq!(a, b, "question {}", i + 1);
    }
    assert_eq!(resources(&ours), resources(&theirs));
    assert_eq!(meta_fields(&ours), meta_fields(&theirs));
    // The quiz's points are its questions', and the file names follow Canvas's layout.
    let meta = ours
        .iter()
        .find(|(p, _)| p.ends_with("assessment_meta.xml"))
        .map(|(_, x)| x.as_str())
        .unwrap_or("");
    assert!(
        meta.contains("<points_possible>3.0</points_possible>"),
        "{meta}"
    );
    assert!(meta.contains("<title>Geheugen</title>"), "{meta}");
}

#[test]
fn hostile_text_survives_and_every_language_is_a_quiz() {
    let dir = bank("hostile");
    write(
        &dir,
        "quizkit.toml",
        b"id = \"canvas-test\"\nlanguages = [\"nl\", \"en\"]\n",
    );
    let long = "lang ".repeat(2100);
    write(
        &dir,
        "hw/mem/q.toml",
        format!(
            "[[question]]\nid = \"hostile\"\nstem.nl = \"Wat doet `]]>` met <script>alert(1)</script> & שלום?\"\nstem.en = \"What does `]]>` do with <script>alert(1)</script> & שלום?\"\nanswer = \"A\"\noptions = [{{ nl = \"]]> &amp; <b>\", en = \"]]> &amp; <b>\" }}, {{ nl = \"{long}\", en = \"{long}\" }}]\n"
        )
        .as_bytes(),
    );
    let files = export(&dir, &["--lang", "all"]);
    validate(&files, "hostile");
    let quizzes: Vec<&String> = files
        .keys()
        .filter(|p| {
            p.ends_with(".xml") && !p.ends_with("assessment_meta.xml") && *p != "imsmanifest.xml"
        })
        .collect();
    assert_eq!(quizzes.len(), 2, "a quiz per language: {quizzes:?}");
    let shapes = shapes(&files);
    assert_eq!(shapes.len(), 2);
    let stems: BTreeSet<&str> = shapes.iter().map(|s| s.stem.as_str()).collect();
    assert_eq!(
        stems,
        BTreeSet::from([
            "Wat doet ]]> met <script>alert(1)</script> & שלום?",
            "What does ]]> do with <script>alert(1)</script> & שלום?"
        ])
    );
    for shape in &shapes {
        assert_eq!(shape.options, ["]]> & <b>", long.trim()]);
    }
    for xml in files.values() {
        let doc = Document::parse(xml).expect("well-formed");
        for m in doc
            .descendants()
            .filter(|n| n.has_tag_name((ASI, "mattext")))
        {
            assert!(
                !m.text().unwrap_or("").contains("<script"),
                "raw HTML reached Canvas: {:?}",
                m.text()
            );
        }
    }
}

/// Every packaged image of `files`: each `<img>` that is no equation names, under Canvas's
/// `$IMS-CC-FILEBASE$`, a file of the zip that the manifest lists as a `webcontent` resource.
/// Returns the files the images name.
fn packaged_images(files: &BTreeMap<String, String>) -> BTreeSet<String> {
    let manifest = Document::parse(&files["imsmanifest.xml"]).expect("manifest");
    let webcontent: BTreeSet<&str> = manifest
        .descendants()
        .filter(|n| n.has_tag_name((CC, "resource")) && n.attribute("type") == Some("webcontent"))
        .filter_map(|r| r.attribute("href"))
        .collect();
    let mut named = BTreeSet::new();
    for xml in files.values().filter(|x| x.contains("<questestinterop")) {
        let doc = Document::parse(xml).expect("well-formed");
        for m in doc
            .descendants()
            .filter(|n| n.has_tag_name((ASI, "mattext")))
        {
            let html = m.text().unwrap_or("");
            for tag in html.split('<').skip(1).filter(|t| t.starts_with("img ")) {
                let tag = format!("<{tag}");
                if tag.contains("equation_image") {
                    continue;
                }
                let src = attribute(&tag, "src");
                let path = src
                    .strip_prefix("%24IMS-CC-FILEBASE%24/")
                    .unwrap_or_else(|| panic!("{src}: not under $IMS-CC-FILEBASE$"));
                assert!(files.contains_key(path), "{path} is not in the zip");
                assert!(
                    webcontent.contains(path),
                    "{path} is no webcontent resource"
                );
                named.insert(path.to_owned());
            }
        }
    }
    named
}

/// The compare bank with a PNG in the first question's stem, read into its media.
fn bank_with_image(name: &str) -> quizkit_model::Bank {
    let dir = bank(name);
    let path = dir.join("hw/mem/q.toml");
    let text = fs::read_to_string(&path).expect("q.toml");
    let stem = "stem = \"Hoeveel geheugen nemen de gewichten in FP16 in?\"";
    assert!(text.contains(stem));
    fs::write(
        &path,
        text.replacen(
            stem,
            "stem = \"Hoeveel geheugen nemen de gewichten in FP16 in? ![een roofline](roofline.png)\"",
            1,
        ),
    )
    .expect("write");
    let (_, loaded) = quizkit::fsio::load_bank(Some(&dir)).expect("the bank loads");
    let mut bank = loaded.bank.expect("a bank");
    bank.media
        .files
        .insert("hw/mem/roofline.png".into(), MediaContent::Bytes(png()));
    bank
}

fn png() -> Vec<u8> {
    fs::read(workspace_root().join("tests/media/roofline.png")).expect("the test PNG")
}

/// The package of `bank`, exported in process (the CLI reads no media yet).
fn export_in_process(
    bank: &quizkit_model::Bank,
    name: &str,
    banks: bool,
) -> BTreeMap<String, String> {
    let options = Options {
        lang: LangChoice::Default,
        canvas_banks: banks,
        ..Options::default()
    };
    let out = quizkit_export::canvas::export(bank, &options).expect("the bank exports");
    let zip = temp_dir(&format!("canvas/{name}-zip")).join("canvas.zip");
    fs::write(&zip, &out.files[0].bytes).expect("write");
    unzip(&zip)
}

#[test]
fn an_image_is_packaged_as_text2qti_packages_one() {
    let ours = export_in_process(&bank_with_image("image"), "image", false);
    let source = TEXT2QTI.replacen(
        "in FP16 in?",
        "in FP16 in? ![een roofline](roofline.png)",
        1,
    );
    let theirs = text2qti_of("text2qti-image", &source, &[("roofline.png", &png())]);
    validate(&ours, "quizkit-image");
    validate(&theirs, "text2qti-image");
    let (a, b) = (shapes(&ours), shapes(&theirs));
    assert!(a[0].stem.ends_with("![een roofline]"), "{}", a[0].stem);
    assert_eq!(a, b);
    assert_eq!(resources(&ours), resources(&theirs));
    let ours_named = packaged_images(&ours);
    assert_eq!(packaged_images(&theirs).len(), 1);
    assert_eq!(ours_named.len(), 1);
    let file = ours_named.first().expect("one image");
    assert!(
        file.starts_with("media/") && file.ends_with(".png"),
        "{file}"
    );
    assert_eq!(
        ours[file].as_bytes(),
        String::from_utf8_lossy(&png()).as_bytes()
    );
    // With its size, which text2qti leaves out.
    let quiz = ours
        .values()
        .find(|x| x.contains("<questestinterop"))
        .expect("the quiz");
    assert!(
        quiz.contains("alt=&quot;een roofline&quot; width=&quot;4&quot; height=&quot;3&quot;"),
        "{quiz}"
    );
}

#[test]
fn canvas_banks_writes_a_question_bank_per_topic() {
    let dir = bank("banks");
    // A second topic, so that each becomes a bank of its own.
    write(&dir, "hw/par/topic.toml", b"title = \"Parallellisme\"\n");
    write(
        &dir,
        "hw/par/q.toml",
        b"[[question]]\nid = \"threads\"\nstem = \"Hoeveel threads telt een warp?\"\nanswer = \"B\"\noptions = [\"16\", \"32\", \"64\"]\n",
    );
    let quizzes = export(&dir, &[]);
    let banks = export(&dir, &["--canvas-banks"]);
    validate(&banks, "banks");
    // The same items, in banks now.
    assert_eq!(shapes(&banks), shapes(&quizzes));
    let paths: Vec<&String> = banks.keys().collect();
    assert_eq!(
        paths,
        [
            "imsmanifest.xml",
            "non_cc_assessments/quizkit_bank_hw_mem.xml.qti",
            "non_cc_assessments/quizkit_bank_hw_par.xml.qti",
        ],
        "a bank file per topic, as Canvas exports banks, and no quiz settings"
    );
    let resources = resources(&banks);
    assert_eq!(resources.len(), 2);
    for (kind, files, deps) in &resources {
        assert_eq!(kind, "imsqti_xmlv1p2");
        assert_eq!(files.len(), 1);
        assert!(deps.is_empty());
    }
    let doc = Document::parse(&banks["non_cc_assessments/quizkit_bank_hw_mem.xml.qti"])
        .expect("the bank");
    let root = doc.root_element();
    let objectbank = kids(root, ASI, "objectbank");
    assert_eq!(objectbank.len(), 1, "one objectbank, no assessment");
    assert_eq!(
        objectbank[0].attribute("ident"),
        Some("quizkit_bank_hw_mem")
    );
    let field = first(objectbank[0], "qtimetadatafield");
    assert_eq!(first(field, "fieldlabel").text(), Some("bank_title"));
    assert_eq!(first(field, "fieldentry").text(), Some("Geheugen"));
    assert_eq!(kids(objectbank[0], ASI, "item").len(), 3);
    // `[export] canvas_banks = true` in quizkit.toml does the same for every export.
    write(
        &dir,
        "quizkit.toml",
        b"id = \"canvas-test\"\nlanguages = [\"nl\"]\n\n[export]\ncanvas_banks = true\n",
    );
    assert_eq!(export(&dir, &[]), banks);
}

#[test]
fn images_in_banks_are_packaged_too() {
    let files = export_in_process(&bank_with_image("bank-image"), "bank-image", true);
    validate(&files, "bank-image");
    assert_eq!(packaged_images(&files).len(), 1);
}
