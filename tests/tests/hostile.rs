//! Hostile input through the real binary: every case ends in a clear diagnostic and exit 1
//! (content) or 2 (usage, I/O), never a panic, a hang or unbounded memory. Every run has a
//! deadline ([`DEADLINE`]); a run that exceeds it is killed and fails the test.

use std::fs;
use std::path::Path;

use quizkit_tests::guard::{DEADLINE, run_bounded};
use quizkit_tests::hostile::{
    CONFIG, QUESTION, bank, ended, finding, lint_human, lint_json, text, write,
};
use quizkit_tests::{quizkit, temp_dir};

/// `quizkit export --to json` into `out` must refuse a bank that does not load: exit 1, the
/// diagnostics on stderr, and nothing written.
fn export_refused(dir: &Path, code: &str) {
    let out_dir = dir.with_extension("out");
    let _ = fs::remove_dir_all(&out_dir);
    let target = out_dir.join("bank.json");
    let out = run_bounded(
        quizkit()
            .arg("export")
            .arg(dir)
            .args(["--to", "json", "-o"])
            .arg(&target),
        DEADLINE,
    );
    ended(&out, &[1]);
    let stderr = text(&out.stderr);
    assert!(stderr.contains(code), "{code} missing from:\n{stderr}");
    assert!(!target.exists(), "a bank with errors was exported");
}

/// Every target exports the bank: exit 0 and output written.
fn exports_cleanly(dir: &Path) {
    for target in quizkit_export::ALL {
        let out = dir.with_extension(format!("out-{}", target.name));
        let _ = fs::remove_dir_all(&out);
        let _ = fs::remove_file(&out);
        let result = run_bounded(
            quizkit()
                .arg("export")
                .arg(dir)
                .args(["--to", target.name, "-o"])
                .arg(&out),
            DEADLINE,
        );
        ended(&result, &[0]);
        assert!(out.exists(), "{}: nothing written", target.name);
    }
}

#[test]
fn invalid_utf8_points_at_the_byte() {
    let dir = bank("utf8");
    write(
        &dir,
        "c/t/q.toml",
        b"[[question]]\nid = \"x\"\nstem = \"caf\xe9\"\n",
    );
    let findings = lint_json(&dir, 1);
    let f = finding(&findings, "S005");
    assert_eq!(f["message"], "the file is not valid UTF-8");
    assert_eq!(f["start"]["line"], 3);
    assert_eq!(f["start"]["column"], 12);
    // The span covers the replacement character whole, never half of it.
    assert_eq!(f["end"], serde_json::json!({"line": 3, "column": 13}));
    assert!(
        f["path"]
            .as_str()
            .is_some_and(|p| p.ends_with("c/t/q.toml"))
    );
    export_refused(&dir, "S005");
}

#[test]
fn a_byte_order_mark_is_a_warning_and_the_file_still_loads() {
    let dir = bank("bom");
    let mut bytes = b"\xef\xbb\xbf".to_vec();
    bytes.extend_from_slice(QUESTION.replace("\"ok\"", "\"bom\"").as_bytes());
    write(&dir, "c/t/bom.toml", &bytes);
    let findings = lint_json(&dir, 0);
    let f = finding(&findings, "S008");
    assert_eq!(f["severity"], "warning");
    exports_cleanly(&dir);
    assert_eq!(f["start"], serde_json::json!({"line": 1, "column": 1}));
    let out = run_bounded(
        quizkit()
            .arg("lint")
            .arg(&dir)
            .args(["--error-on", "warning"]),
        DEADLINE,
    );
    ended(&out, &[1]);
}

#[test]
fn every_c0_control_character_and_del_is_refused_where_it_stands() {
    let dir = bank("c0");
    // Raw control characters are not allowed in TOML strings or comments, except tab (and
    // CR as part of CRLF).
    for c in (0u8..0x20).chain([0x7f]) {
        if c == b'\t' || c == b'\n' {
            continue;
        }
        let mut file = b"[[question]]\nid = \"c\"\nstem = \"a".to_vec();
        file.push(c);
        file.extend_from_slice(b"b\"\nanswer = \"A\"\n");
        write(&dir, "c/t/q.toml", &file);
        let findings = lint_json(&dir, 1);
        let f = finding(&findings, "S001");
        assert_eq!(f["start"]["line"], 3, "0x{c:02x}: {f:#}");
        assert_eq!(f["start"]["column"], 10, "0x{c:02x}: {f:#}");
        // In a comment too.
        let mut file = b"# comment ".to_vec();
        file.push(c);
        file.extend_from_slice(b" x\n");
        file.extend_from_slice(QUESTION.as_bytes());
        write(&dir, "c/t/q.toml", &file);
        let findings = lint_json(&dir, 1);
        let f = finding(&findings, "S001");
        assert_eq!(f["start"]["line"], 1, "0x{c:02x} in a comment: {f:#}");
    }
    export_refused(&dir, "S001");
    // Escaped, they are fine in a string.
    write(
        &dir,
        "c/t/q.toml",
        QUESTION
            .replace(
                "Which colour is a clear sky?",
                "Which \\u0000\\u0001\\u001f\\u007f colour is a clear sky?",
            )
            .as_bytes(),
    );
    lint_json(&dir, 0);
}

#[test]
fn crlf_files_load_and_report_the_right_lines() {
    let dir = bank("crlf");
    write(
        &dir,
        "c/t/q.toml",
        QUESTION.replace('\n', "\r\n").as_bytes(),
    );
    lint_json(&dir, 0);
    exports_cleanly(&dir);
    let broken = QUESTION
        .replace("answer =", "anwser =")
        .replace('\n', "\r\n");
    write(&dir, "c/t/q.toml", broken.as_bytes());
    let findings = lint_json(&dir, 1);
    let f = finding(&findings, "S002");
    assert_eq!(f["start"], serde_json::json!({"line": 4, "column": 1}));
    assert_eq!(f["end"], serde_json::json!({"line": 4, "column": 7}));
}

#[test]
fn deep_nesting_is_refused_without_overflowing_the_stack() {
    let dir = bank("nesting");
    let depth = 100_000;
    for (name, value) in [
        (
            "arrays",
            format!("{}{}", "[".repeat(depth), "]".repeat(depth)),
        ),
        (
            "tables",
            format!("{}1{}", "{a=".repeat(depth), "}".repeat(depth)),
        ),
    ] {
        write(
            &dir,
            "c/t/q.toml",
            format!("[[question]]\nid = \"deep\"\nstem = \"s\"\ntags = {value}\n").as_bytes(),
        );
        let findings = lint_json(&dir, 1);
        let f = finding(&findings, "S001");
        assert_eq!(f["start"]["line"], 4, "{name}: {f:#}");
    }
    // Dotted keys and table headers nest too.
    let keys = vec!["a"; depth].join(".");
    for file in [format!("{keys} = 1\n"), format!("[{keys}]\n")] {
        write(&dir, "c/t/q.toml", file.as_bytes());
        let findings = lint_json(&dir, 1);
        finding(&findings, "S001");
    }
    export_refused(&dir, "S001");
}

#[test]
fn repeated_keys_and_tables_are_refused() {
    let dir = bank("repeated");
    let file = QUESTION.replace("answer = \"A\"\n", "answer = \"A\"\nanswer = \"B\"\n");
    write(&dir, "c/t/q.toml", file.as_bytes());
    let findings = lint_json(&dir, 1);
    let f = finding(&findings, "S001");
    assert_eq!(f["start"]["line"], 5, "{f:#}");
    // A dotted key and a table for the same text.
    let file = QUESTION.replace(
        "stem = \"Which colour is a clear sky?\"",
        "stem.en = \"a\"\nstem.en = \"b\"",
    );
    write(&dir, "c/t/q.toml", file.as_bytes());
    finding(&lint_json(&dir, 1), "S001");
    // A table twice in quizkit.toml.
    write(
        &dir,
        "quizkit.toml",
        format!("{CONFIG}[lint]\nmin_options = 3\n[lint]\nmin_options = 4\n").as_bytes(),
    );
    write(&dir, "c/t/q.toml", QUESTION.as_bytes());
    let findings = lint_json(&dir, 1);
    let f = finding(&findings, "S001");
    assert!(
        f["path"]
            .as_str()
            .is_some_and(|p| p.ends_with("quizkit.toml"))
    );
    // An option written both inline and as a table is a conflict, not a merge.
    let file = format!("{QUESTION}[[question.options]]\nen = \"late\"\n");
    write(&dir, "quizkit.toml", CONFIG.as_bytes());
    write(&dir, "c/t/q.toml", file.as_bytes());
    finding(&lint_json(&dir, 1), "S001");
    export_refused(&dir, "S001");
}

#[test]
fn a_folder_named_like_a_question_file_is_reported() {
    let dir = bank("folder-toml");
    fs::create_dir_all(dir.join("c/t/more.toml")).expect("create folder");
    write(&dir, "c/t/more.toml/inner.toml", QUESTION.as_bytes());
    let findings = lint_json(&dir, 1);
    let f = finding(&findings, "S006");
    assert!(
        f["message"]
            .as_str()
            .is_some_and(|m| m.contains("more.toml") && m.contains("folder")),
        "{f:#}"
    );
    export_refused(&dir, "S006");
}

#[test]
fn paths_with_spaces_and_non_ascii_names_load_and_are_named_exactly() {
    let dir = temp_dir("hostile/names");
    write(&dir, "quizkit.toml", CONFIG.as_bytes());
    write(
        &dir,
        "café au lait/category.toml",
        b"title = \"Caf\xc3\xa9\"\n",
    );
    write(
        &dir,
        "café au lait/topic één/topic.toml",
        b"title = \"T\"\n",
    );
    write(
        &dir,
        "café au lait/topic één/vraag één.toml",
        QUESTION.as_bytes(),
    );
    write(
        &dir,
        "café au lait/topic één/日本 😀.toml",
        QUESTION.replace("\"ok\"", "\"ok2\"").as_bytes(),
    );
    lint_json(&dir, 0);
    exports_cleanly(&dir);
    let broken = QUESTION
        .replace("\"ok\"", "\"ok3\"")
        .replace("answer", "anwser");
    write(
        &dir,
        "café au lait/topic één/日本 😀.toml",
        broken.as_bytes(),
    );
    let f = finding(&lint_json(&dir, 1), "S002").clone();
    let path = f["path"].as_str().unwrap_or_default();
    assert!(
        path.ends_with("café au lait/topic één/日本 😀.toml"),
        "{path}"
    );
    let human = lint_human(&dir, 1);
    assert!(
        human.contains("café au lait/topic één/日本 😀.toml:4:1"),
        "{human}"
    );
}

#[test]
fn files_whose_names_differ_only_in_case_are_refused() {
    // On a case-insensitive file system (macOS, Windows) a checkout keeps only one of them,
    // silently dropping questions: lint refuses the bank on every system.
    let dir = bank("case");
    write(
        &dir,
        "c/t/Q.toml",
        QUESTION.replace("\"ok\"", "\"upper\"").as_bytes(),
    );
    let findings = lint_json(&dir, 1);
    let f = finding(&findings, "S010");
    let message = f["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("c/t/Q.toml") && message.contains("c/t/q.toml"),
        "{f:#}"
    );
    // Folders too: `C/t/q.toml` and `c/t/q.toml` are one path there.
    let dir = bank("case-folder");
    write(
        &dir,
        "C/t/q.toml",
        QUESTION.replace("\"ok\"", "\"x\"").as_bytes(),
    );
    finding(&lint_json(&dir, 1), "S010");
    export_refused(&dir, "S010");
}

#[test]
fn ids_and_language_codes_that_could_break_out_of_a_path_are_refused() {
    // Ids and language codes become file and folder names in the exports (the site's
    // `en/…/q/<id>.html`): the loader holds them to what the schema says.
    let dir = bank("ids");
    for id in [
        "../x", "a/b", "", "..", "Upper", "a b", "a--b", "-a", "café",
    ] {
        write(
            &dir,
            "c/t/q.toml",
            QUESTION.replace("\"ok\"", &format!("\"{id}\"")).as_bytes(),
        );
        let findings = lint_json(&dir, 1);
        let f = finding(&findings, "S004");
        assert_eq!(
            f["start"],
            serde_json::json!({"line": 2, "column": 6}),
            "{id:?}: {f:#}"
        );
        assert!(
            f["message"]
                .as_str()
                .is_some_and(|m| m.contains("question id")),
            "{id:?}: {f:#}"
        );
    }
    export_refused(&dir, "S004");
    write(&dir, "c/t/q.toml", QUESTION.as_bytes());
    for lang in ["", "../en", "EN", "e", "en_GB", "en/x"] {
        write(
            &dir,
            "quizkit.toml",
            format!("id = \"hostile\"\nlanguages = [\"en\", \"{lang}\"]\n").as_bytes(),
        );
        let findings = lint_json(&dir, 1);
        let f = finding(&findings, "S004");
        assert!(
            f["path"]
                .as_str()
                .is_some_and(|p| p.ends_with("quizkit.toml"))
                && f["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("language code")),
            "{lang:?}: {f:#}"
        );
    }
    export_refused(&dir, "S004");
    for (id, lang) in [("../bank", "en"), ("Bank", "en")] {
        write(
            &dir,
            "quizkit.toml",
            format!("id = \"{id}\"\nlanguages = [\"{lang}\"]\n").as_bytes(),
        );
        finding(&lint_json(&dir, 1), "S004");
    }
    write(
        &dir,
        "quizkit.toml",
        b"id = \"b2\"\nlanguages = [\"nl\", \"zh-Hant\"]\n",
    );
    let findings = lint_json(&dir, 1);
    assert!(
        !findings.iter().any(|f| f["code"] == "S004"),
        "valid codes refused: {findings:#?}"
    );
}

#[test]
fn extreme_source_date_epochs_export_without_a_panic() {
    // SOURCE_DATE_EPOCH is input too: the Anki export overflowed on i64::MAX (found by
    // fuzzing).
    let dir = bank("epoch");
    for epoch in [i64::MAX, i64::MIN, -1, 0, 253_402_300_800] {
        for target in quizkit_export::ALL {
            let out = dir.with_extension(format!("out-{}", target.name));
            let result = run_bounded(
                quizkit()
                    .env("SOURCE_DATE_EPOCH", epoch.to_string())
                    .arg("export")
                    .arg(&dir)
                    .args(["--to", target.name, "-o"])
                    .arg(&out),
                DEADLINE,
            );
            ended(&result, &[0, 2]);
        }
    }
}

#[cfg(unix)]
mod unix {
    use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};

    use super::*;

    /// True when running as root, where file permissions do not stop reads.
    fn is_root(dir: &Path) -> bool {
        fs::metadata(dir).map(|m| m.uid() == 0).unwrap_or(false)
    }

    /// Makes a FIFO with `mkfifo`: opening one for reading blocks until a writer comes, so a
    /// reader that opens it hangs.
    fn mkfifo(path: &Path) {
        let out = quizkit_tests::run(std::process::Command::new("mkfifo").arg(path));
        assert!(
            out.status.success(),
            "mkfifo {}: {}",
            path.display(),
            text(&out.stderr)
        );
    }

    #[test]
    fn a_symlink_loop_is_reported_not_followed() {
        let dir = bank("symlink-loop");
        symlink("loop.toml", dir.join("c/t/loop.toml")).expect("symlink");
        symlink("b.toml", dir.join("c/t/a.toml")).expect("symlink");
        symlink("a.toml", dir.join("c/t/b.toml")).expect("symlink");
        // A folder link back up the tree: followed, it would recurse without end.
        symlink("..", dir.join("c/t/up")).expect("symlink");
        let findings = lint_json(&dir, 1);
        for name in ["loop.toml", "a.toml", "b.toml"] {
            assert!(
                findings.iter().any(|f| f["code"] == "S005"
                    && f["path"].as_str().is_some_and(|p| p.ends_with(name))),
                "no S005 for {name}: {findings:#?}"
            );
        }
        assert!(
            findings.iter().any(|f| f["code"] == "S005"
                && f["message"].as_str().is_some_and(|m| m.contains("c/t/up"))),
            "no S005 for the folder link: {findings:#?}"
        );
        export_refused(&dir, "S005");
    }

    #[test]
    fn a_symlink_to_outside_the_bank_is_never_read() {
        let dir = bank("symlink-outside");
        let secret = dir.with_extension("secret.toml");
        fs::write(
            &secret,
            QUESTION.replace("Which colour is a clear sky?", "OUTSIDE-SECRET-7f3a"),
        )
        .expect("write secret");
        symlink(&secret, dir.join("c/t/leak.toml")).expect("symlink");
        symlink(dir.with_extension("secret.toml"), dir.join("c/t/leak-dir")).expect("symlink");
        let outside_folder = dir.with_extension("folder");
        write(
            &outside_folder,
            "t/q.toml",
            QUESTION
                .replace("Which colour is a clear sky?", "OUTSIDE-SECRET-7f3a")
                .as_bytes(),
        );
        symlink(&outside_folder, dir.join("linked-category")).expect("symlink");
        let out = run_bounded(
            quizkit().arg("lint").arg(&dir).args(["--format", "json"]),
            DEADLINE,
        );
        ended(&out, &[1]);
        assert!(
            !text(&out.stdout).contains("OUTSIDE-SECRET"),
            "{}",
            text(&out.stdout)
        );
        let findings: Vec<serde_json::Value> =
            serde_json::from_slice(&out.stdout).expect("json findings");
        let f = finding(&findings, "S005");
        assert!(
            f["message"]
                .as_str()
                .is_some_and(|m| m.contains("outside the bank")),
            "{f:#}"
        );
        assert!(
            findings.iter().any(|f| f["message"]
                .as_str()
                .is_some_and(|m| m.contains("linked-category") && m.contains("outside the bank"))),
            "no finding for the linked folder: {findings:#?}"
        );
        export_refused(&dir, "S005");
    }

    #[test]
    fn a_fifo_named_like_a_question_file_does_not_hang() {
        let dir = bank("fifo");
        mkfifo(&dir.join("c/t/pipe.toml"));
        let f = finding(&lint_json(&dir, 1), "S005").clone();
        assert!(
            f["path"].as_str().is_some_and(|p| p.ends_with("pipe.toml")),
            "{f:#}"
        );
        assert!(
            f["message"]
                .as_str()
                .is_some_and(|m| m.contains("not a regular file")),
            "{f:#}"
        );
        export_refused(&dir, "S005");
    }

    #[test]
    fn a_dangling_symlink_is_unreadable() {
        let dir = bank("dangling");
        symlink("gone.toml", dir.join("c/t/dangling.toml")).expect("symlink");
        let f = finding(&lint_json(&dir, 1), "S005").clone();
        assert!(
            f["path"]
                .as_str()
                .is_some_and(|p| p.ends_with("dangling.toml")),
            "{f:#}"
        );
        export_refused(&dir, "S005");
    }

    #[test]
    fn an_unreadable_file_and_folder_are_reported() {
        let dir = bank("unreadable");
        write(
            &dir,
            "c/t/locked.toml",
            QUESTION.replace("\"ok\"", "\"locked\"").as_bytes(),
        );
        write(
            &dir,
            "c/locked/q.toml",
            QUESTION.replace("\"ok\"", "\"in-locked\"").as_bytes(),
        );
        if is_root(&dir) {
            // Permissions do not stop root: a FIFO and a dangling link (above) stand in for
            // the unreadable file, and a folder link for the folder quizkit will not read.
            eprintln!(
                "running as root: mode 000 does not stop reads; using a FIFO and a folder link"
            );
            fs::remove_file(dir.join("c/t/locked.toml")).expect("remove");
            mkfifo(&dir.join("c/t/locked.toml"));
            symlink("t", dir.join("c/linked")).expect("symlink");
            let findings = lint_json(&dir, 1);
            let f = finding(&findings, "S005");
            assert!(
                f["path"]
                    .as_str()
                    .is_some_and(|p| p.ends_with("c/linked") || p.ends_with("locked.toml")),
                "{f:#}"
            );
            assert!(
                findings
                    .iter()
                    .any(|f| f["message"].as_str().is_some_and(
                        |m| m.contains("c/linked") && m.contains("symbolic link to a folder")
                    )),
                "{findings:#?}"
            );
            return;
        }
        fs::set_permissions(
            dir.join("c/t/locked.toml"),
            fs::Permissions::from_mode(0o000),
        )
        .expect("chmod");
        fs::set_permissions(dir.join("c/locked"), fs::Permissions::from_mode(0o000))
            .expect("chmod");
        let findings = lint_json(&dir, 1);
        fs::set_permissions(dir.join("c/locked"), fs::Permissions::from_mode(0o755))
            .expect("chmod");
        assert!(
            findings.iter().any(|f| f["code"] == "S005"
                && f["path"]
                    .as_str()
                    .is_some_and(|p| p.ends_with("locked.toml"))),
            "{findings:#?}"
        );
        assert!(
            findings.iter().any(|f| f["code"] == "S005"
                && f["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("cannot list this folder"))),
            "{findings:#?}"
        );
    }
}
