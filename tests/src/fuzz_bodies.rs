//! The bodies of the fuzz targets in `fuzz/`, shared with `tests/fuzz_corpus.rs`, which replays
//! the committed corpus through them on stable Rust.
//!
//! Each body takes the fuzzer's bytes, runs quizkit's real code on them and panics when an
//! invariant breaks. Beyond "no panic", they check what every caller relies on: diagnostics
//! point inside their file on character boundaries and render (human and JSON) without
//! failing; loading, linting and exporting give the same result twice; exporters write only
//! relative paths inside their output, emit JSON and XML that parse, and never pass authored
//! raw HTML through to a page.

use std::path::Path;

use arbitrary::Unstructured;
use quizkit::output::{self, Findings};
use quizkit_export::{LangChoice, Options};
use quizkit_model::load::{CATEGORY_FILE, CONFIG_FILE, Content, InputFile, TOPIC_FILE};
use quizkit_model::{Diagnostic, Loaded, SourceFile, load};

/// A fuzz target's body: it takes the fuzzer's bytes and panics when an invariant breaks.
pub type Body = fn(&[u8]);

/// Every fuzz target: its name (the file under `fuzz/fuzz_targets/` and the folder under
/// `fuzz/corpus/`) and its body.
pub const TARGETS: &[(&str, Body)] = &[
    ("load_question_file", load_question_file),
    ("load_config", load_config),
    ("export", export),
    ("lint", lint),
    ("import_moodle", import_moodle),
    ("import_gift", import_gift),
    ("import_aiken", import_aiken),
    ("import_csv", import_csv),
    ("fmt", fmt),
];

const CONFIG: &str = "id = \"fuzz\"\nlanguages = [\"nl\", \"en\"]\n";
const QUESTION: &str = "[[question]]\nid = \"q\"\nstem = { nl = \"Vraag\", en = \"Question\" }\nanswer = \"A\"\noptions = [{ nl = \"Ja\", en = \"Yes\" }, { nl = \"Nee\", en = \"No\" }]\n";

fn bytes(path: &str, data: &[u8]) -> InputFile {
    InputFile {
        path: path.to_owned(),
        content: Content::Bytes(data.to_vec()),
    }
}

/// Arbitrary bytes as a question file in an otherwise valid bank.
pub fn load_question_file(data: &[u8]) {
    let files = vec![
        bytes(CONFIG_FILE, CONFIG.as_bytes()),
        bytes(&format!("c/{CATEGORY_FILE}"), b"title = \"C\"\n"),
        bytes(&format!("c/t/{TOPIC_FILE}"), b"title = \"T\"\n"),
        bytes("c/t/fuzz.toml", data),
    ];
    check_load(files);
}

/// Arbitrary bytes as `quizkit.toml` of a bank with one valid question.
pub fn load_config(data: &[u8]) {
    let files = vec![
        bytes(CONFIG_FILE, data),
        bytes("c/t/q.toml", QUESTION.as_bytes()),
    ];
    if let Some(bank) = check_load(files).bank {
        let _ = bank.title("nl");
        let _ = bank.config.default_language();
    }
}

/// Arbitrary bytes as each kind of bank file, formatted: the formatter returns; an error points
/// inside the text; a formatted text formats to itself and loads, in a bank, to the same
/// values and the same diagnostic codes as the input (a byte order mark's warning aside, since
/// formatting drops the mark).
pub fn fmt(data: &[u8]) {
    use quizkit_model::ClearSpans;
    use quizkit_model::format::{FileKind, format};
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let place = |kind: FileKind, file: &str| -> Vec<InputFile> {
        let (config, category, topic, questions) = match kind {
            FileKind::Config => (file, "title = \"C\"\n", "title = \"T\"\n", QUESTION),
            FileKind::Category => (CONFIG, file, "title = \"T\"\n", QUESTION),
            FileKind::Topic => (CONFIG, "title = \"C\"\n", file, QUESTION),
            FileKind::Questions => (CONFIG, "title = \"C\"\n", "title = \"T\"\n", file),
        };
        vec![
            bytes(CONFIG_FILE, config.as_bytes()),
            bytes(&format!("c/{CATEGORY_FILE}"), category.as_bytes()),
            bytes(&format!("c/t/{TOPIC_FILE}"), topic.as_bytes()),
            bytes("c/t/q.toml", questions.as_bytes()),
        ]
    };
    let summary = |loaded: &Loaded| {
        let mut codes: Vec<&str> = loaded
            .diagnostics
            .iter()
            .map(|d| d.code)
            .filter(|c| *c != "S008")
            .collect();
        codes.sort_unstable();
        // Compared as printed, so that a `nan` read twice is the same value.
        let bank = format!("{:?}", loaded.bank.clone().map(ClearSpans::without_spans));
        (codes, bank)
    };
    for kind in [
        FileKind::Questions,
        FileKind::Topic,
        FileKind::Category,
        FileKind::Config,
    ] {
        match format(kind, text) {
            Ok(out) => {
                let again = format(kind, &out).unwrap_or_else(|d| {
                    panic!(
                        "{kind:?}: the formatted text does not format: {}\n{out}",
                        d.message
                    )
                });
                assert_eq!(again, out, "{kind:?}: formatting is not idempotent");
                let before = load(place(kind, text));
                let after = load(place(kind, &out));
                assert!(
                    summary(&before) == summary(&after),
                    "{kind:?}: formatting changed what the file loads to:\n{text}\n---\n{out}"
                );
            }
            Err(d) => {
                let sources = [SourceFile {
                    path: "q.toml".into(),
                    text: text.to_owned(),
                }];
                let d = Diagnostic {
                    file: Some(quizkit_model::FileId(0)),
                    ..*d
                };
                check_diagnostics(&sources, std::slice::from_ref(&d));
                render(&sources, std::slice::from_ref(&d));
            }
        }
    }
}

/// A generated bank (see [`crate::fuzz_bank`]), loaded, and when it loads without errors,
/// exported to every target in [`quizkit_export::ALL`], as `quizkit export` would.
pub fn export(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(files) = crate::fuzz_bank::bank_files(&mut u) else {
        return;
    };
    let lang = match u.int_in_range(0..=3u8).unwrap_or(0) {
        0 => LangChoice::Default,
        1 => LangChoice::All,
        2 => LangChoice::One("en".to_owned()),
        _ => LangChoice::One("xx".to_owned()),
    };
    let timestamp = match u.int_in_range(0..=3u8).unwrap_or(0) {
        0 => 0,
        1 => 1_700_000_000,
        _ => u.arbitrary().unwrap_or(-1),
    };
    let loaded = check_load(files);
    let Some(bank) = loaded.bank.as_ref().filter(|_| !loaded.has_errors()) else {
        return;
    };
    let mut options = Options {
        lang,
        timestamp,
        ..Options::default()
    };
    for (_, _, q) in bank.questions() {
        if let Ok(t) = u.arbitrary::<i64>() {
            options.changed.insert(q.id.value.clone(), t);
        }
    }
    for target in quizkit_export::ALL {
        let first = (target.export)(bank, &options);
        let second = (target.export)(bank, &options);
        assert_eq!(first, second, "{}: two runs differ", target.name);
        let Ok(output) = first else {
            continue;
        };
        let single = target.layout == quizkit_export::Layout::File;
        assert!(
            !single || output.files.len() == 1,
            "{}: a single-file target made {} files",
            target.name,
            output.files.len()
        );
        for file in &output.files {
            check_output_file(target.name, single, &file.path, &file.bytes);
        }
    }
}

/// A generated bank (see [`crate::fuzz_bank`]), loaded and linted with the bank's own `[lint]`
/// selection and with every rule, as `quizkit lint` does.
pub fn lint(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(files) = crate::fuzz_bank::bank_files(&mut u) else {
        return;
    };
    let loaded = check_load(files);
    let Some(bank) = &loaded.bank else {
        return;
    };
    let every: Vec<&str> = quizkit_lint::rules::ALL.iter().map(|r| r.code).collect();
    for selection in [
        quizkit_lint::Selection::from_config(&bank.config.lint),
        quizkit_lint::Selection::only(&every),
    ] {
        let first = quizkit_lint::lint(bank, &loaded.sources, &selection);
        let second = quizkit_lint::lint(bank, &loaded.sources, &selection);
        assert_eq!(first, second, "two lint runs differ");
        check_diagnostics(&loaded.sources, &first);
        let mut all = loaded.diagnostics.clone();
        all.extend(first);
        quizkit_model::sort_diagnostics(&mut all, &loaded.sources);
        render(&loaded.sources, &all);
    }
}

/// Loads `files` twice (the result must not change), checks and renders the diagnostics.
fn check_load(files: Vec<InputFile>) -> Loaded {
    let mut reversed = files.clone();
    reversed.reverse();
    let loaded = load(files);
    let again = load(reversed);
    assert_eq!(
        loaded.diagnostics, again.diagnostics,
        "loading the same files twice gave different diagnostics"
    );
    assert_eq!(loaded.sources, again.sources);
    check_diagnostics(&loaded.sources, &loaded.diagnostics);
    render(&loaded.sources, &loaded.diagnostics);
    loaded
}

fn check_span(sources: &[SourceFile], file: quizkit_model::FileId, span: &std::ops::Range<usize>) {
    let Some(source) = sources.get(file.0 as usize) else {
        panic!(
            "a diagnostic points into file {} of {}",
            file.0,
            sources.len()
        );
    };
    let text = &source.text;
    assert!(
        span.start <= span.end && span.end <= text.len(),
        "span {span:?} outside `{}` ({} bytes)",
        source.path,
        text.len()
    );
    assert!(
        text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
        "span {span:?} splits a character in `{}`",
        source.path
    );
}

/// Every diagnostic and related location points inside its file, on character boundaries,
/// and has a code, a name and a message.
pub fn check_diagnostics(sources: &[SourceFile], diagnostics: &[Diagnostic]) {
    for d in diagnostics {
        assert!(
            !d.code.is_empty() && !d.name.is_empty() && !d.message.is_empty(),
            "{d:?}"
        );
        if let Some(file) = d.file {
            check_span(sources, file, &d.span);
        }
        for r in &d.related {
            check_span(sources, r.file, &r.span);
        }
    }
    let mut sorted = diagnostics.to_vec();
    quizkit_model::sort_diagnostics(&mut sorted, sources);
    assert!(sorted == diagnostics, "diagnostics are not sorted");
}

/// Renders the diagnostics as `quizkit lint` does, for people and as JSON.
fn render(sources: &[SourceFile], diagnostics: &[Diagnostic]) {
    let findings = Findings {
        root: Path::new("bank"),
        sources,
        diagnostics,
    };
    let human = output::human::render(&findings, false, output::human::WIDTH);
    for d in diagnostics {
        assert!(human.contains(d.code), "{} missing from:\n{human}", d.code);
    }
    let json = output::json::render(&findings);
    let parsed: serde_json::Value = match serde_json::from_str(&json) {
        Ok(v) => v,
        Err(e) => panic!("lint's JSON does not parse: {e}\n{json}"),
    };
    assert_eq!(
        parsed.as_array().map(Vec::len),
        Some(diagnostics.len()),
        "{json}"
    );
}

/// Authored raw HTML that must reach a page only escaped.
const RAW_HTML: &[&str] = &[
    "<script>alert(1)",
    "<img src=x onerror",
    "</textarea></div>",
];

fn check_output_file(target: &str, single: bool, path: &str, bytes: &[u8]) {
    assert!(
        single
            || (!path.is_empty()
                && !path.starts_with('/')
                && !path.contains('\0')
                && path
                    .split('/')
                    .all(|p| !p.is_empty() && p != "." && p != "..")),
        "{target}: unsafe output path `{path}`"
    );
    let name = if single { target } else { path };
    if (name == "json" || name.ends_with(".json"))
        && let Err(e) = serde_json::from_slice::<serde_json::Value>(bytes)
    {
        panic!("{target}: `{path}` is not JSON: {e}");
    }
    if name == "moodle" || name.ends_with(".xml") || name.ends_with(".svg") {
        let text = match std::str::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => panic!("{target}: `{path}` is not UTF-8: {e}"),
        };
        let doc = match roxmltree::Document::parse(text) {
            Ok(doc) => doc,
            Err(e) => panic!("{target}: `{path}` is not well-formed XML: {e}"),
        };
        // Moodle reads the texts marked `format="html"` as HTML: authored HTML must arrive
        // escaped there too. (Category names are plain text.)
        for node in doc
            .descendants()
            .filter(|n| n.attribute("format") == Some("html"))
            .flat_map(|n| n.descendants())
            .filter(|n| n.is_text())
        {
            let text = node.text().unwrap_or_default();
            for raw in RAW_HTML {
                assert!(
                    !text.contains(raw),
                    "{target}: `{path}` passes authored HTML `{raw}` through unescaped"
                );
            }
        }
    }
    if name.ends_with(".html") {
        let text = String::from_utf8_lossy(bytes);
        for raw in RAW_HTML {
            assert!(
                !text.contains(raw),
                "{target}: `{path}` passes authored HTML `{raw}` through unescaped"
            );
        }
    }
}

/// Arbitrary bytes as a Moodle XML file to import.
pub fn import_moodle(data: &[u8]) {
    check_import("moodle", data);
}

/// Arbitrary bytes as a GIFT file to import.
pub fn import_gift(data: &[u8]) {
    check_import("gift", data);
}

/// Arbitrary bytes as an Aiken file to import.
pub fn import_aiken(data: &[u8]) {
    check_import("aiken", data);
}

/// Arbitrary bytes as a CSV file to import.
pub fn import_csv(data: &[u8]) {
    check_import("csv", data);
}

/// Imports `data` as `format` twice (the same result), checks and renders the diagnostics,
/// and when the file could be read, assembles a bank from it whose files are all inside the
/// bank and load without a load error.
fn check_import(format: &str, data: &[u8]) {
    let Some(format) = quizkit_import::format(format) else {
        panic!("no importer `{format}`");
    };
    let options = quizkit_import::Options::default();
    let parsed = (format.import)(data.to_vec(), &options);
    let again = (format.import)(data.to_vec(), &options);
    assert_eq!(
        format!("{parsed:?}"),
        format!("{again:?}"),
        "two imports differ"
    );
    let sources = vec![SourceFile {
        path: "input".to_owned(),
        text: parsed.text.clone(),
    }];
    let mut diagnostics = parsed.diagnostics.clone();
    quizkit_model::sort_diagnostics(&mut diagnostics, &sources);
    check_diagnostics(&sources, &diagnostics);
    render(&sources, &diagnostics);
    for skipped in &parsed.skipped {
        assert!(
            skipped.span.end <= parsed.text.len(),
            "a skipped question outside the file: {skipped:?}"
        );
    }
    if parsed.failed() {
        assert!(parsed.items.is_empty(), "a failed import kept questions");
        return;
    }
    let new = quizkit_import::NewBank {
        id: "fuzz".to_owned(),
        title: "Fuzz".to_owned(),
    };
    let mut parsed = [parsed];
    let assembled = match quizkit_import::assemble(&mut parsed, None, &new, &options) {
        Ok(a) => a,
        Err(r) => panic!("a new bank refused: {}", r.message),
    };
    let mut files = Vec::new();
    for (path, text) in &assembled.files {
        assert!(
            !path.starts_with('/')
                && !path
                    .split('/')
                    .any(|p| p.is_empty() || p == "." || p == ".."),
            "an imported file outside the bank: {path}"
        );
        if path.ends_with(".toml") {
            files.push(bytes(path, text.as_bytes()));
        }
    }
    let loaded = load(files);
    let errors: Vec<&Diagnostic> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity == quizkit_model::Severity::Error)
        .collect();
    assert!(
        errors.is_empty() && loaded.bank.is_some(),
        "the imported bank does not load: {errors:#?}"
    );
    let bank = loaded.bank.as_ref().map_or(0, |b| b.question_count());
    assert_eq!(
        bank, assembled.summary.imported,
        "questions lost on the way to disk"
    );
}
