//! A bank whose texts show image files (`tests/fixtures/media-bank`: an SVG beside the question
//! file named `diagram één #1.svg`, with a space, `#` and non-ASCII letters, and two PNGs under
//! `media/`), exported by the real binary and read by the real programs on the other side: the
//! `anki` package imports the deck and holds the files in its media folder, once, also after a
//! second import; Chromium loads every image of the site under its Content-Security-Policy and
//! axe-core stays clean; the Moodle XML parsed back holds each file in each field that shows
//! it; the JSON validates with and without the files' bytes; the GIFT export says it left the
//! images out.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use quizkit_tests::{quizkit, run, temp_dir, tools_dir, tools_node, workspace_root};
use serde_json::Value;

fn bank() -> PathBuf {
    workspace_root().join("tests/fixtures/media-bank")
}

/// The fixture's image files: (path in the bank, bytes).
fn images() -> Vec<(&'static str, Vec<u8>)> {
    ["c/t/diagram één #1.svg", "media/dot.png", "media/red.png"]
        .into_iter()
        .map(|p| (p, std::fs::read(bank().join(p)).expect("a fixture image")))
        .collect()
}

/// `quizkit [-v] export --to TARGET -o OUT BANK EXTRA...`, which must succeed; its output.
fn export(bank: &Path, target: &str, out: &Path, extra: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = quizkit();
    cmd.args(["-v", "export", "--to", target, "-o"])
        .arg(out)
        .arg(bank)
        .args(extra);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let output = run(&mut cmd);
    assert!(
        output.status.success(),
        "quizkit export --to {target} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest as _;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

use quizkit_tests::anki_import as anki;

#[test]
fn anki_holds_each_image_once_in_its_media_folder_also_after_a_second_import() {
    let dir = temp_dir("media-anki");
    let deck = dir.join("deck.apkg");
    export(
        &bank(),
        "anki",
        &deck,
        &[],
        &[("SOURCE_DATE_EPOCH", "1800000000")],
    );
    let col = dir.join("collection.anki2");
    let first = anki(
        &col,
        &[
            "--import",
            &deck.to_string_lossy(),
            "--state",
            "--media",
            "--check",
        ],
    );
    assert_eq!(
        first["imports"][0]["new"].as_array().map(Vec::len),
        Some(2),
        "{first}"
    );
    assert_eq!(first["problems"], serde_json::json!([]), "Check Database");
    assert_eq!(
        first["media_check"],
        serde_json::json!({"missing": [], "unused": []}),
        "Check Media"
    );
    let media = first["media"].as_array().expect("the media folder");
    assert_eq!(media.len(), 3, "one file per image: {media:?}");
    let notes = first["state"]["notes"].as_array().expect("notes");
    let fields: String = notes
        .iter()
        .flat_map(|n| n["fields"].as_object().into_iter().flatten())
        .filter_map(|(_, v)| v.as_str())
        .collect();
    for (path, bytes) in images() {
        let sha = sha256_hex(&bytes);
        let file = media
            .iter()
            .find(|m| m["sha256"] == sha.as_str())
            .unwrap_or_else(|| panic!("{path} is not in Anki's media folder: {media:?}"));
        let name = file["name"].as_str().unwrap_or_default();
        assert_eq!(file["size"], bytes.len(), "{path}");
        assert!(name.starts_with(&sha[..16]), "{path}: named {name}");
        assert!(
            fields.contains(&format!("<img src=\"{name}\"")),
            "{path}: no field shows {name}"
        );
    }

    // The same images again, with every note updated (a later export time and an edited stem):
    // Anki matches the files by name and checksum and adds none.
    let edited = dir.join("bank");
    quizkit_tests::copy_tree(&bank(), &edited);
    let questions = edited.join("c/t/q.toml");
    let text = std::fs::read_to_string(&questions).expect("q.toml");
    std::fs::write(
        &questions,
        text.replace("the longer one?", "the longest one?"),
    )
    .expect("edit");
    let again = dir.join("again.apkg");
    export(
        &edited,
        "anki",
        &again,
        &[],
        &[("SOURCE_DATE_EPOCH", "1800100000")],
    );
    let second = anki(
        &col,
        &["--import", &again.to_string_lossy(), "--media", "--check"],
    );
    let log = &second["imports"][0];
    assert!(
        log["updated"].as_array().is_some_and(|u| !u.is_empty()),
        "the edited note is updated: {log}"
    );
    assert_eq!(
        second["media"], first["media"],
        "no duplicate media after a second import"
    );
    assert_eq!(second["problems"], serde_json::json!([]), "Check Database");
}

/// Chromium and the Nu Html Checker each want both cores: one of them at a time.
static HEAVY: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs a browser script from `tests/js/html/`, one browser at a time.
fn node(script: &str, args: &[&std::ffi::OsStr]) -> String {
    let _guard = HEAVY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    quizkit_tests::html_script(script, args)
}

#[test]
fn chromium_loads_every_image_of_the_site_and_axe_stays_clean() {
    let site = temp_dir("media-html").join("site");
    export(&bank(), "html", &site, &[], &[]);
    // Each image once, under its content-hashed name, with its own bytes.
    let mut names = Vec::new();
    for (path, bytes) in images() {
        let sha = sha256_hex(&bytes);
        let ext = path.rsplit('.').next().unwrap_or_default();
        let name = format!("media/{}.{ext}", &sha[..16]);
        assert_eq!(
            std::fs::read(site.join(&name)).ok().as_deref(),
            Some(&bytes[..]),
            "{path} as {name}"
        );
        names.push(name);
    }
    let listed = std::fs::read_dir(site.join("media"))
        .expect("media/")
        .count();
    assert_eq!(listed, names.len(), "one file per image");
    let page = std::fs::read_to_string(site.join("nl/c/t/q/which-bar.html")).expect("page");
    assert!(
        page.contains("alt=\"Twee balken van verschillende lengte, boven elkaar\" width=\"120\" height=\"60\" loading=\"lazy\""),
        "{page}"
    );
    let out = node(
        "images.cjs",
        &[
            site.as_os_str(),
            "8".as_ref(),
            "en/c/t/q/which-bar.html".as_ref(),
            "nl/c/t/q/which-bar.html".as_ref(),
            "en/c/t/practice.html#all".as_ref(),
        ],
    );
    assert!(out.contains("axe clean"), "{out}");
    // The pages and the SVG are valid for the Nu Html Checker.
    let jar = tools_dir().join("node/node_modules/vnu-jar/build/dist/vnu.jar");
    assert!(
        jar.is_file(),
        "vnu.jar is missing at {}: run scripts/tools.sh",
        jar.display()
    );
    let _guard = HEAVY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let checked = run(Command::new("java")
        .arg("-jar")
        .arg(&jar)
        .args(["--errors-only", "--also-check-svg"])
        .arg(site.join("en/c/t/q/which-bar.html"))
        .arg(site.join("nl/c/t/q/which-bar.html"))
        .arg(site.join("en/c/t/practice.html"))
        .arg(site.join(&names[0])));
    assert!(
        checked.status.success(),
        "the Nu Html Checker reports errors:\n{}",
        String::from_utf8_lossy(&checked.stderr)
    );
}

#[test]
fn an_svg_with_script_shows_as_an_image_and_runs_nothing() {
    let dir = temp_dir("media-svg-script");
    let hostile = dir.join("bank");
    quizkit_tests::copy_tree(&bank(), &hostile);
    std::fs::write(
        hostile.join("c/t/diagram één #1.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"60\" onload=\"alert(1)\">\
         <script>alert(2)</script><rect width=\"120\" height=\"60\" fill=\"#2a5db0\"/></svg>\n",
    )
    .expect("write");
    let site = dir.join("site");
    // Lint refuses such an SVG (unsafe-svg); export writes what it is given, as an <img>.
    export(&hostile, "html", &site, &[], &[]);
    let out = node(
        "images.cjs",
        &[
            site.as_os_str(),
            "4".as_ref(),
            "en/c/t/q/which-bar.html".as_ref(),
        ],
    );
    assert!(out.contains("axe clean"), "{out}");
}

/// The `<file>`s of one field element: (name, bytes decoded by Python's strict base64).
fn files_of(node: roxmltree::Node) -> Vec<(String, String)> {
    node.children()
        .filter(|c| c.has_tag_name("file"))
        .map(|f| {
            assert_eq!(f.attribute("path"), Some("/"));
            assert_eq!(f.attribute("encoding"), Some("base64"));
            (
                f.attribute("name").unwrap_or_default().to_owned(),
                f.text().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

/// `data` decoded as strict base64 (RFC 4648 with padding, nothing else allowed).
fn strict_base64(data: &str) -> Vec<u8> {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD
        .decode(data)
        .unwrap_or_else(|e| panic!("not strict base64 ({e}): {data}"))
}

#[test]
fn moodle_xml_holds_each_file_once_in_each_field_that_shows_it() {
    let dir = temp_dir("media-moodle");
    let file = dir.join("moodle.xml");
    let output = export(&bank(), "moodle", &file, &[], &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("image"), "{stderr}");
    let xml = std::fs::read_to_string(&file).expect("moodle.xml");
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let question = doc
        .descendants()
        .find(|n| {
            n.has_tag_name("question")
                && n.children()
                    .any(|c| c.has_tag_name("idnumber") && c.text() == Some("which-bar"))
        })
        .expect("the question");
    let bytes: std::collections::BTreeMap<&str, Vec<u8>> = images()
        .into_iter()
        .map(|(p, b)| (p.rsplit('/').next().unwrap_or(p), b))
        .collect();
    let child = |name: &str| {
        question
            .children()
            .find(|c| c.has_tag_name(name))
            .expect("the field")
    };
    let text_of = |node: roxmltree::Node| -> String {
        node.children()
            .find(|c| c.has_tag_name("text"))
            .and_then(|t| t.text())
            .unwrap_or_default()
            .to_owned()
    };
    let answers: Vec<_> = question
        .children()
        .filter(|c| c.has_tag_name("answer"))
        .collect();
    let expected = [
        (
            child("questiontext"),
            "diagram één #1.svg",
            "diagram%20%C3%A9%C3%A9n%20%231.svg",
        ),
        (child("generalfeedback"), "dot.png", "dot.png"),
        (answers[0], "dot.png", "dot.png"),
        (answers[1], "red.png", "red.png"),
    ];
    for (node, name, encoded) in expected {
        let files = files_of(node);
        assert_eq!(files.len(), 1, "{name}: {files:?}");
        assert_eq!(files[0].0, name);
        assert_eq!(strict_base64(&files[0].1), bytes[name], "{name}");
        let text = text_of(node);
        assert_eq!(
            text.matches(&format!("src=\"@@PLUGINFILE@@/{encoded}\""))
                .count(),
            1,
            "{text}"
        );
    }
    assert!(files_of(answers[2]).is_empty());
}

#[test]
fn gift_says_it_left_the_images_out() {
    let dir = temp_dir("media-gift");
    let file = dir.join("gift.txt");
    let output = export(&bank(), "gift", &file, &[], &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("GIFT cannot carry image files"))
        .collect();
    assert_eq!(
        lines.len(),
        1,
        "one line for the one question with images:\n{stderr}"
    );
    assert!(lines[0].contains("`which-bar`"), "{}", lines[0]);
    let gift = std::fs::read_to_string(&file).expect("gift.txt");
    assert!(!gift.contains("<img"), "{gift}");
    assert!(
        gift.contains("[Two bars of different lengths, one above the other]"),
        "{gift}"
    );
    // Without -v the note is counted.
    let quiet = run(quizkit()
        .args(["export", "--to", "gift", "-o"])
        .arg(dir.join("quiet.txt"))
        .arg(bank()));
    assert!(
        String::from_utf8_lossy(&quiet.stderr).contains("gift"),
        "{}",
        String::from_utf8_lossy(&quiet.stderr)
    );
}

fn validate_json(document: &Path) {
    let schema = workspace_root().join("schema/export.schema.json");
    for (name, out) in [
        (
            "ajv",
            run(tools_node()
                .arg(workspace_root().join("tests/js/validate-export.cjs"))
                .arg(&schema)
                .arg(document)),
        ),
        (
            "check-jsonschema",
            run(Command::new(tools_dir().join("py/bin/check-jsonschema"))
                .arg("--schemafile")
                .arg(&schema)
                .arg(document)),
        ),
    ] {
        assert!(
            out.status.success(),
            "{name} rejects {}:\n{}{}",
            document.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn json_lists_each_texts_media_and_embeds_them_on_request() {
    let dir = temp_dir("media-json");
    let listed = dir.join("listed.json");
    let embedded = dir.join("embedded.json");
    export(&bank(), "json", &listed, &[], &[]);
    export(&bank(), "json", &embedded, &["--embed-media"], &[]);
    validate_json(&listed);
    validate_json(&embedded);
    let read = |p: &Path| -> Value {
        serde_json::from_slice(&std::fs::read(p).expect("json")).expect("JSON")
    };
    let (listed, embedded) = (read(&listed), read(&embedded));
    let q = &listed["categories"][0]["topics"][0]["questions"][0];
    let stem = &q["stem"]["nl"]["media"][0];
    let (_, svg) = &images()[0];
    assert_eq!(stem["path"], "c/t/diagram één #1.svg");
    assert_eq!(stem["dest"], "diagram één #1.svg");
    assert_eq!(stem["media_type"], "image/svg+xml");
    assert_eq!(stem["size"], svg.len());
    assert_eq!(stem["sha256"], sha256_hex(svg).as_str());
    assert!(stem.get("data").is_none());
    let data =
        embedded["categories"][0]["topics"][0]["questions"][0]["options"][1]["text"]["en"]["media"]
            [0]["data"]
            .as_str()
            .expect("data");
    assert_eq!(strict_base64(data), images()[2].1, "red.png");
    // A schema that must be able to fail: a wrong hash is refused.
    let mut broken = embedded.clone();
    broken["categories"][0]["topics"][0]["questions"][0]["stem"]["en"]["media"][0]["sha256"] =
        "not hex".into();
    let file = dir.join("broken.json");
    std::fs::write(&file, serde_json::to_vec(&broken).expect("JSON")).expect("write");
    let out = run(Command::new(tools_dir().join("py/bin/check-jsonschema"))
        .arg("--schemafile")
        .arg(workspace_root().join("schema/export.schema.json"))
        .arg(&file));
    assert!(
        !out.status.success(),
        "check-jsonschema accepts a broken sha256"
    );
}

#[test]
fn a_rewritten_site_swaps_a_changed_image_and_keeps_the_others() {
    let dir = temp_dir("media-html-rewrite");
    let edited = dir.join("bank");
    quizkit_tests::copy_tree(&bank(), &edited);
    let site = dir.join("site");
    export(&edited, "html", &site, &[], &[]);
    let names = |site: &Path| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(site.join("media"))
            .expect("media/")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let before = names(&site);
    let svg = edited.join("c/t/diagram één #1.svg");
    let text = std::fs::read_to_string(&svg).expect("svg");
    std::fs::write(&svg, text.replace("#2a5db0", "#1b4f9c")).expect("edit");
    let output = export(&edited, "html", &site, &[], &[]);
    let after = names(&site);
    assert_eq!(after.len(), 3, "{after:?}");
    let kept: Vec<&String> = after.iter().filter(|n| before.contains(n)).collect();
    assert_eq!(kept.len(), 2, "the PNGs stay: {before:?} → {after:?}");
    let new_svg = after.iter().find(|n| n.ends_with(".svg")).expect("the SVG");
    assert!(!before.contains(new_svg), "the changed SVG has a new name");
    let page = std::fs::read_to_string(site.join("en/c/t/q/which-bar.html")).expect("page");
    assert!(page.contains(&format!("media/{new_svg}\"")), "{page}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        format!("{stdout}{stderr}").contains("unchanged"),
        "the rewrite keeps unchanged files: {stdout}{stderr}"
    );
}
