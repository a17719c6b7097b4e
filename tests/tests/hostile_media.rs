//! Media references that point outside the bank (`../../secret`, absolute paths) in Markdown
//! images: no export reads them. Exporters never touch the disk, so what is checked is the
//! output: the file's content is in no target's output (inside the `.apkg` zip too), and each
//! target either refuses the bank naming the reference (exit 2), warns naming it, or carries
//! the Markdown source as written without resolving it.

use std::fs;
use std::io::Read;
use std::path::Path;

use quizkit_tests::guard::{DEADLINE, run_bounded};
use quizkit_tests::hostile::{QUESTION, bank, ended, text, write};
use quizkit_tests::quizkit;

const SECRET: &str = "OUTSIDE-THE-BANK-5d1c";

/// Every output file's bytes, with zip archives (the `.apkg`) unpacked.
fn output_bytes(path: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            stack.extend(
                fs::read_dir(&p)
                    .into_iter()
                    .flatten()
                    .flatten()
                    .map(|e| e.path()),
            );
            continue;
        }
        let bytes = fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let name = p.display().to_string();
        if bytes.starts_with(b"PK\x03\x04") {
            let mut zip = zip::ZipArchive::new(std::io::Cursor::new(&bytes))
                .unwrap_or_else(|e| panic!("{name}: not a zip: {e}"));
            for i in 0..zip.len() {
                let mut entry = zip.by_index(i).unwrap_or_else(|e| panic!("{name}: {e}"));
                let mut content = Vec::new();
                entry
                    .read_to_end(&mut content)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                out.push((format!("{name}!{i}"), content));
            }
        }
        out.push((name, bytes));
    }
    out
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

#[test]
fn images_pointing_outside_the_bank_are_never_read() {
    let dir = bank("media");
    let secret = dir.with_extension("secret.txt");
    fs::write(&secret, SECRET).expect("write secret");
    let relative = "../../../media.secret.txt";
    assert!(
        dir.join("c/t").join(relative).is_file(),
        "the relative reference must reach the secret"
    );
    let absolute = secret.display().to_string();
    let references = [
        relative.to_owned(),
        absolute.clone(),
        "/etc/passwd".to_owned(),
    ];
    let stem = format!(
        "Which colour is a clear sky? ![rel]({relative}) ![abs]({absolute}) ![passwd](/etc/passwd)"
    );
    write(
        &dir,
        "c/t/q.toml",
        QUESTION
            .replace("Which colour is a clear sky?", &stem)
            .as_bytes(),
    );
    let passwd = fs::read_to_string("/etc/passwd").unwrap_or_default();
    let passwd_line = passwd.lines().next().unwrap_or(SECRET).to_owned();
    assert!(!quizkit_export::ALL.is_empty(), "no export target");
    for target in quizkit_export::ALL {
        let out = dir.with_extension(format!("out-{}", target.name));
        let _ = fs::remove_dir_all(&out);
        let _ = fs::remove_file(&out);
        let result = run_bounded(
            quizkit()
                .arg("export")
                .arg(&dir)
                .args(["--to", target.name, "-o"])
                .arg(&out),
            DEADLINE,
        );
        ended(&result, &[0, 2]);
        let stderr = text(&result.stderr);
        let squashed: String = stderr
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '│')
            .collect();
        if result.status.code() == Some(2) {
            assert!(
                references.iter().any(|r| squashed.contains(r.as_str())),
                "{}: refused without naming the reference:\n{stderr}",
                target.name
            );
            assert!(!out.exists(), "{}: refused but wrote output", target.name);
            continue;
        }
        let files = output_bytes(&out);
        assert!(!files.is_empty(), "{}: nothing written", target.name);
        for (name, bytes) in &files {
            assert!(
                !contains(bytes, SECRET),
                "{}: {name} holds the file outside the bank",
                target.name
            );
            assert!(
                !contains(bytes, &passwd_line),
                "{}: {name} holds /etc/passwd",
                target.name
            );
        }
        let source_carried = files
            .iter()
            .any(|(_, b)| contains(b, &format!("![rel]({relative})")));
        for reference in &references {
            assert!(
                source_carried || squashed.contains(reference.as_str()),
                "{}: exported without a warning naming `{reference}` (and not as Markdown source):\n{stderr}",
                target.name
            );
        }
    }
    // Lint reads only the bank's .toml files: the referenced files are never opened.
    let out = run_bounded(quizkit().arg("lint").arg(&dir), DEADLINE);
    ended(&out, &[0, 1]);
    assert!(!text(&out.stdout).contains(SECRET) && !text(&out.stderr).contains(SECRET));
}
