//! Loads a bank folder for the exporter tests (the tests read files; the exporters never do).

use std::path::Path;

use quizkit_model::{Bank, Content, InputFile};

/// The bank in `dir`, which must load without errors.
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

/// The fixture bank next to these tests.
pub fn fixture_bank() -> Bank {
    load_bank(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/small-bank"))
}
