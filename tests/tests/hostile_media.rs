//! Media references that point outside the bank (`../../secret`, absolute paths) in Markdown
//! images: no export reads them. Exporters never touch the disk, so what is checked is the
//! output: the file's content is in no target's output (inside the `.apkg` zip too), and each
//! target either refuses the bank naming the reference (exit 2), warns naming it, or carries
//! the Markdown source as written without resolving it. The CLI's reading of the images that
//! texts name (`quizkit::media`) is checked directly: what it reads, refuses and measures.

use std::fs;
use std::io::Read;
use std::path::Path;

use quizkit_model::MediaContent;
use quizkit_tests::guard::{DEADLINE, run_bounded};
use quizkit_tests::hostile::{QUESTION, bank, ended, lint_json, text, write};
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
    // Lint reads the images the texts name inside the bank only: these are never opened.
    let out = run_bounded(quizkit().arg("lint").arg(&dir), DEADLINE);
    ended(&out, &[0, 1]);
    assert!(!text(&out.stdout).contains(SECRET) && !text(&out.stderr).contains(SECRET));
}

/// The media the CLI reads for the bank at `dir`, after every load.
fn media_of(dir: &Path) -> quizkit_model::Media {
    let (_, loaded) = quizkit::fsio::load_bank(Some(dir)).expect("the bank is found");
    loaded.bank.expect("the bank loads").media
}

/// The bank of [`bank`] with `links` in its stem.
fn bank_with_stem(name: &str, links: &str) -> std::path::PathBuf {
    let dir = bank(name);
    let stem = format!("Which colour is a clear sky? {links}");
    let question = QUESTION.replace("Which colour is a clear sky?", &stem.replace('"', "\\\""));
    write(&dir, "c/t/q.toml", question.as_bytes());
    dir
}

#[test]
fn the_cli_reads_named_images_inside_the_bank_once_and_nothing_outside() {
    let dir = bank_with_stem(
        "media-read",
        "![a](plot.svg) ![again](plot.svg) ![shared](shared.png) ![up](../../../media-read.secret.txt) \
         ![abs](/etc/passwd) ![gone](nowhere.png) ![web](https://example.org/x.png)",
    );
    fs::write(dir.with_extension("secret.txt"), SECRET).expect("write secret");
    write(
        &dir,
        "c/t/plot.svg",
        b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    );
    write(&dir, "media/shared.png", b"\x89PNG\r\n\x1a\n");
    write(&dir, "media/unused.gif", b"GIF89a");
    write(&dir, "media/deeper/also.png", b"\x89PNG\r\n\x1a\n");
    write(&dir, "media/.hidden.png", b"x");
    write(
        &dir,
        "c/category.toml",
        b"title = \"C\"\ndescription = \"![c](cat.gif)\"\n",
    );
    write(&dir, "c/cat.gif", b"GIF89a");
    write(
        &dir,
        "c/t/topic.toml",
        b"title = \"T\"\nkey_points = [\"![k](deeper/also.png)\"]\n",
    );
    let media = media_of(&dir);
    let files: Vec<(&str, &MediaContent)> =
        media.files.iter().map(|(k, v)| (k.as_str(), v)).collect();
    assert_eq!(
        files,
        [
            ("c/cat.gif", &MediaContent::Bytes(b"GIF89a".to_vec())),
            (
                "c/t/plot.svg",
                &MediaContent::Bytes(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec())
            ),
            (
                "media/deeper/also.png",
                &MediaContent::Bytes(b"\x89PNG\r\n\x1a\n".to_vec())
            ),
            (
                "media/shared.png",
                &MediaContent::Bytes(b"\x89PNG\r\n\x1a\n".to_vec())
            ),
        ]
    );
    assert_eq!(
        media.listed,
        [
            "media/deeper/also.png",
            "media/shared.png",
            "media/unused.gif"
        ]
    );
}

#[test]
fn a_symlink_out_of_the_bank_a_folder_and_a_dangling_link_are_refused_unread() {
    let dir = bank_with_stem(
        "media-links",
        "![out](out.png) ![via](via/secret.png) ![folder](folder.png) ![dangling](dangling.png) ![in](in.png)",
    );
    let secret = dir.with_extension("secret.png");
    fs::write(&secret, SECRET).expect("write secret");
    let outside_dir = dir.with_extension("outside");
    fs::create_dir_all(&outside_dir).expect("outside folder");
    fs::write(outside_dir.join("secret.png"), SECRET).expect("write secret");
    let t = dir.join("c/t");
    std::os::unix::fs::symlink(&secret, t.join("out.png")).expect("symlink");
    std::os::unix::fs::symlink(&outside_dir, t.join("via")).expect("symlink");
    std::os::unix::fs::symlink(t.join("nothing.png"), t.join("dangling.png")).expect("symlink");
    fs::create_dir_all(t.join("folder.png")).expect("folder");
    write(&dir, "media/real.png", b"\x89PNG\r\n\x1a\n");
    std::os::unix::fs::symlink(dir.join("media/real.png"), t.join("in.png")).expect("symlink");
    let media = media_of(&dir);
    let refused = |path: &str| match media.files.get(path) {
        Some(MediaContent::Refused(why)) => why.clone(),
        other => panic!("{path}: not refused: {other:?}"),
    };
    assert!(refused("c/t/out.png").contains("outside the bank"));
    assert!(refused("c/t/via/secret.png").contains("outside the bank"));
    assert!(refused("c/t/folder.png").contains("folder"));
    assert!(refused("c/t/dangling.png").contains("symbolic link to nothing"));
    // A link that stays inside the bank is read.
    assert_eq!(
        media.files.get("c/t/in.png"),
        Some(&MediaContent::Bytes(b"\x89PNG\r\n\x1a\n".to_vec()))
    );
    for content in media.files.values() {
        if let MediaContent::Bytes(bytes) = content {
            assert!(!contains(bytes, SECRET), "read a file outside the bank");
        }
    }
}

#[test]
fn a_200_mb_image_is_measured_and_never_read() {
    let dir = bank_with_stem("media-huge", "![huge](huge.png)");
    let file = fs::File::create(dir.join("c/t/huge.png")).expect("create");
    // Sparse: costs no disk.
    file.set_len(200 * 1024 * 1024).expect("set_len");
    let media = media_of(&dir);
    // The size from `stat`: a read would have stopped at the cap, one byte over it.
    assert_eq!(
        media.files.get("c/t/huge.png"),
        Some(&MediaContent::TooLarge(200 * 1024 * 1024))
    );
}

#[test]
fn names_with_spaces_hash_signs_and_accents_work_as_commonmark_writes_them() {
    let name = "plot #1 é.png";
    // CommonMark: a destination with spaces is written in `<…>`, or percent-encoded; `#`
    // and non-ASCII letters may be written as they are.
    let dir = bank_with_stem(
        "media-names",
        "![angle](<plot #1 é.png>) ![escaped](plot%20%231%20%C3%A9.png) ![raw](raw#é.png)",
    );
    write(&dir, &format!("c/t/{name}"), b"GIF89a");
    write(&dir, "media/raw#é.png", b"GIF89a");
    let media = media_of(&dir);
    let keys: Vec<&str> = media.files.keys().map(String::as_str).collect();
    assert_eq!(keys, ["c/t/plot #1 é.png", "media/raw#é.png"]);
    let (_, loaded) = quizkit::fsio::load_bank(Some(&dir)).expect("found");
    let bank = loaded.bank.expect("loads");
    let (c, t, q) = bank.questions().next().expect("a question");
    for link in quizkit_model::media::image_links(&q.stem.entries[0].text.value) {
        assert!(
            matches!(
                bank.image(c, t, &link.dest),
                quizkit_model::Lookup::Found { .. }
            ),
            "{} is not found",
            link.dest
        );
    }
}

#[test]
fn a_lone_question_file_finds_the_images_beside_it() {
    let dir = quizkit_tests::temp_dir("hostile/media-lone");
    let question = QUESTION.replace(
        "Which colour is a clear sky?",
        "Which colour is a clear sky? ![sky](sky.png) ![shared](shared.png)",
    );
    write(&dir, "lone.toml", question.as_bytes());
    write(&dir, "sky.png", b"\x89PNG\r\n\x1a\n");
    write(&dir, "media/shared.png", b"GIF89a");
    let file = dir.join("lone.toml");
    assert!(quizkit::fsio::is_lone_file(&file));
    let (_, loaded, _) = quizkit::fsio::load_lone_file(&file).expect("loads");
    let bank = loaded.bank.expect("a bank");
    let (c, t, _) = bank.questions().next().expect("a question");
    for dest in ["sky.png", "shared.png"] {
        assert!(
            matches!(bank.image(c, t, dest), quizkit_model::Lookup::Found { .. }),
            "{dest}: {:?}",
            bank.media
        );
    }
}

#[test]
fn lint_names_each_hostile_image_with_what_is_wrong() {
    let dir = bank_with_stem(
        "media-lint",
        "![out](out.png) ![huge](huge.png) ![lies](photo.png) ![svg](active.svg) ![](plot.gif) \
         ![up](../../../etc/passwd) ![abs](/etc/passwd)",
    );
    let secret = dir.with_extension("secret.png");
    fs::write(&secret, SECRET).expect("write secret");
    std::os::unix::fs::symlink(&secret, dir.join("c/t/out.png")).expect("symlink");
    fs::File::create(dir.join("c/t/huge.png"))
        .and_then(|f| f.set_len(200 * 1024 * 1024))
        .expect("sparse file");
    write(&dir, "c/t/photo.png", b"%PDF-1.4 not an image");
    write(
        &dir,
        "c/t/active.svg",
        b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"><script>alert(2)</script></svg>",
    );
    write(&dir, "c/t/plot.gif", b"GIF89a");
    write(&dir, "media/left-over.png", b"\x89PNG\r\n\x1a\n");
    let findings = lint_json(&dir, 1);
    let messages = |code: &str| -> Vec<String> {
        findings
            .iter()
            .filter(|f| f["code"] == code)
            .map(|f| f["message"].as_str().unwrap_or_default().to_owned())
            .collect()
    };
    let missing = messages("Q008");
    assert_eq!(missing.len(), 3, "{missing:?}");
    assert!(missing[0].contains("out.png") && missing[0].contains("outside the bank"));
    assert!(missing[1].contains("../../../etc/passwd") && missing[1].contains("outside"));
    assert!(missing[2].contains("`/etc/passwd`") && missing[2].contains("outside"));
    assert_eq!(
        messages("B009"),
        ["`c/t/huge.png` is 200.0 MiB, over the bank's limit of 1.0 MiB"]
    );
    assert_eq!(
        messages("Q009"),
        ["`c/t/photo.png` is named `.png` but its bytes are not a PNG image"]
    );
    let unsafe_svg = messages("Q010");
    assert!(
        unsafe_svg.len() == 1
            && unsafe_svg[0].contains("`onload`")
            && unsafe_svg[0].contains("`<script>`"),
        "{unsafe_svg:?}"
    );
    assert_eq!(messages("Q011").len(), 1);
    assert_eq!(
        messages("B010"),
        ["`media/left-over.png` is not used by any text"]
    );
    let all = serde_json::to_string(&findings).unwrap_or_default();
    assert!(!all.contains(SECRET), "lint read the file outside the bank");
}
