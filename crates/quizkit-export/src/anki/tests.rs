//! The exporter against the fixture bank in `tests/fixtures/anki-bank`: a text manifest of
//! the package (zip entries and SQLite rows) as a snapshot, reproducibility, and how times and
//! languages reach the package. The real Anki's view is tested in `tests/tests/anki.rs`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{Cursor, Read};
use std::path::Path;

use quizkit_model::{Bank, Content, InputFile};
use rusqlite::{Connection, MAIN_DB};
use serde_json::Value;

use super::notetype::{FIELDS, NOTETYPE_MOD};
use super::{deck_name_part, export};
use crate::{LangChoice, Options};

fn fixture() -> Bank {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/anki-bank");
    let mut files = Vec::new();
    let mut dirs = vec![(root, String::new())];
    while let Some((dir, rel)) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("fixture folder").flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.path().is_dir() {
                dirs.push((entry.path(), format!("{rel}{name}/")));
            } else if name.ends_with(".toml") {
                files.push(InputFile {
                    path: format!("{rel}{name}"),
                    content: Content::Bytes(std::fs::read(entry.path()).expect("fixture file")),
                });
            }
        }
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    let loaded = quizkit_model::load(files);
    assert!(!loaded.has_errors(), "{:#?}", loaded.diagnostics);
    loaded.bank.expect("the fixture bank")
}

fn options(lang: LangChoice) -> Options {
    Options {
        lang,
        timestamp: 1_800_000_000,
        changed: BTreeMap::from([("kv-cache-grows".to_owned(), 1_799_000_000)]),
        preview: false,
        embed_media: false,
    }
}

fn package(bank: &Bank, options: &Options) -> Vec<u8> {
    let output = export(bank, options).expect("export");
    assert_eq!(output.files.len(), 1);
    assert_eq!(output.files[0].path, "deck.apkg");
    output
        .files
        .into_iter()
        .next()
        .map(|f| f.bytes)
        .unwrap_or_default()
}

/// The zip's entries, and the collection inside it as a database.
fn open(apkg: &[u8]) -> (Vec<(String, String)>, Connection) {
    let mut zip = zip::ZipArchive::new(Cursor::new(apkg)).expect("a zip");
    let mut entries = Vec::new();
    let mut collection = Vec::new();
    for i in 0..zip.len() {
        let mut file = zip.by_index(i).expect("an entry");
        let name = file.name().expect("a UTF-8 name").into_owned();
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).expect("entry bytes");
        let description = format!(
            "{:?}, {} bytes, modified {}, mode {:o}",
            file.compression(),
            bytes.len(),
            file.last_modified()
                .map(|t| t.to_string())
                .unwrap_or_default(),
            file.unix_mode().unwrap_or(0)
        );
        let description = if name == "media" {
            format!("{description}: {}", String::from_utf8_lossy(&bytes))
        } else {
            description
        };
        if name == "collection.anki2" {
            collection = bytes;
        }
        entries.push((name, description));
    }
    let mut db = Connection::open_in_memory().expect("sqlite");
    db.deserialize_read_exact(MAIN_DB, Cursor::new(&collection), collection.len(), true)
        .expect("collection.anki2 is a SQLite database");
    (entries, db)
}

/// Long template texts as their size and hash: their content is pinned by the note type's
/// fingerprint test, and the card's behaviour by the browser test.
fn summarize_templates(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                if matches!(key.as_str(), "qfmt" | "afmt" | "css" | "latexPre") {
                    if let Value::String(text) = v {
                        let hash = sha1_smol::Sha1::from(text.as_bytes()).digest().to_string();
                        *v = Value::String(format!("<{} bytes, sha1 {}>", text.len(), &hash[..12]));
                    }
                } else {
                    summarize_templates(v);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(summarize_templates),
        _ => {}
    }
}

fn manifest(apkg: &[u8]) -> String {
    let (entries, db) = open(apkg);
    let mut out = String::new();
    writeln!(out, "zip entries:").ok();
    for (name, description) in entries {
        writeln!(out, "  {name}: {description}").ok();
    }
    let tables: Vec<String> = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .expect("tables");
    writeln!(out, "tables: {}", tables.join(", ")).ok();
    db.query_row(
        "SELECT id, crt, mod, scm, ver, dty, usn, ls, conf, models, decks, dconf, tags FROM col",
        [],
        |r| {
            writeln!(
                out,
                "col: id={} crt={} mod={} scm={} ver={} dty={} usn={} ls={} conf={} dconf={} tags={}",
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, i64>(4)?,
                r.get::<_, i64>(5)?,
                r.get::<_, i64>(6)?,
                r.get::<_, i64>(7)?,
                r.get::<_, String>(8)?,
                r.get::<_, String>(11)?,
                r.get::<_, String>(12)?,
            )
            .ok();
            for (name, column) in [("models", 9), ("decks", 10)] {
                let mut json: Value =
                    serde_json::from_str(&r.get::<_, String>(column)?).expect("JSON");
                summarize_templates(&mut json);
                writeln!(out, "col.{name}:").ok();
                for (id, object) in json.as_object().into_iter().flatten() {
                    writeln!(out, "  {id}:").ok();
                    for (key, value) in object.as_object().into_iter().flatten() {
                        match value {
                            Value::Array(items) if key == "flds" || key == "tmpls" => {
                                writeln!(out, "    {key}:").ok();
                                for item in items {
                                    writeln!(out, "      {item}").ok();
                                }
                            }
                            _ => {
                                writeln!(out, "    {key}: {value}").ok();
                            }
                        }
                    }
                }
            }
            Ok(())
        },
    )
    .expect("the col row");
    let mut notes = db
        .prepare("SELECT id, guid, mid, mod, usn, tags, flds, sfld, csum, flags, data FROM notes ORDER BY id")
        .expect("notes");
    let rows = notes
        .query_map([], |r| {
            let mut text = format!(
                "note id={} guid={} mid={} mod={} usn={} flags={} data={:?}\n  tags={:?}\n  sfld={:?}\n  csum={}\n",
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, i64>(4)?,
                r.get::<_, i64>(9)?,
                r.get::<_, String>(10)?,
                r.get::<_, String>(5)?,
                r.get::<_, String>(7)?,
                r.get::<_, i64>(8)?,
            );
            let fields = r.get::<_, String>(6)?;
            for (value, (name, _, _)) in fields.split('\u{1f}').zip(FIELDS) {
                writeln!(text, "  {name}: {value:?}").ok();
            }
            Ok(text)
        })
        .expect("note rows");
    for row in rows {
        out.push_str(&row.expect("a note"));
    }
    let mut cards = db
        .prepare("SELECT id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, reps, lapses, left, odue, odid, flags, data FROM cards ORDER BY id")
        .expect("cards");
    let rows = cards
        .query_map([], |r| {
            let mut text = String::from("card");
            for (i, name) in [
                "id", "nid", "did", "ord", "mod", "usn", "type", "queue", "due", "ivl", "factor",
                "reps", "lapses", "left", "odue", "odid", "flags",
            ]
            .iter()
            .enumerate()
            {
                write!(text, " {name}={}", r.get::<_, i64>(i)?).ok();
            }
            write!(text, " data={:?}", r.get::<_, String>(17)?).ok();
            Ok(text)
        })
        .expect("card rows");
    for row in rows {
        writeln!(out, "{}", row.expect("a card")).ok();
    }
    for table in ["revlog", "graves"] {
        let count: i64 = db
            .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
            .expect("count");
        writeln!(out, "{table}: {count} rows").ok();
    }
    out
}

#[test]
fn package_manifest() {
    let bank = fixture();
    insta::assert_snapshot!(manifest(&package(&bank, &options(LangChoice::Default))));
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let bank = fixture();
    let options = options(LangChoice::Default);
    assert_eq!(package(&bank, &options), package(&bank, &options));
}

#[test]
fn a_note_changes_when_its_question_changed() {
    let bank = fixture();
    let before = options(LangChoice::Default);
    let mut after = before.clone();
    after.changed.insert("fp16-weights".into(), 1_801_000_000);
    let mods = |options: &Options| -> BTreeMap<String, i64> {
        let (_, db) = open(&package(&bank, options));
        let mut stmt = db.prepare("SELECT flds, mod FROM notes").expect("notes");
        stmt.query_map([], |r| {
            let fields: String = r.get(0)?;
            let id = fields.split('\u{1f}').next().unwrap_or("").to_owned();
            Ok((id, r.get(1)?))
        })
        .and_then(|rows| rows.collect())
        .expect("rows")
    };
    let (before, after) = (mods(&before), mods(&after));
    assert_eq!(before["kv-cache-grows"], 1_799_000_000);
    assert_eq!(
        before["raw-markup"], 1_800_000_000,
        "the fallback: the timestamp"
    );
    assert_eq!(after["fp16-weights"], 1_801_000_000);
    for id in ["kv-cache-grows", "raw-markup"] {
        assert_eq!(before[id], after[id], "{id} did not change");
    }
}

#[test]
fn a_note_is_never_older_than_its_note_type() {
    let bank = fixture();
    let options = Options {
        lang: LangChoice::Default,
        timestamp: 0,
        changed: BTreeMap::from([("fp16-weights".to_owned(), 1_000_000_000)]),
        preview: false,
        embed_media: false,
    };
    let (_, db) = open(&package(&bank, &options));
    let oldest: i64 = db
        .query_row("SELECT min(mod) FROM notes", [], |r| r.get(0))
        .expect("min");
    assert_eq!(oldest, NOTETYPE_MOD);
}

#[test]
fn the_language_picks_texts_decks_and_guids() {
    let bank = fixture();
    let decks_and_guids = |lang: &str| {
        let (_, db) = open(&package(&bank, &options(LangChoice::One(lang.into()))));
        let decks: String = db
            .query_row("SELECT decks FROM col", [], |r| r.get(0))
            .expect("decks");
        let decks: Value = serde_json::from_str(&decks).expect("JSON");
        let mut names: Vec<String> = decks
            .as_object()
            .map(|m| {
                m.values()
                    .map(|d| d["name"].as_str().unwrap_or("").to_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        let mut stmt = db
            .prepare("SELECT guid FROM notes ORDER BY id")
            .expect("guids");
        let guids: Vec<String> = stmt
            .query_map([], |r| r.get(0))
            .and_then(|rows| rows.collect())
            .expect("guids");
        (names, guids)
    };
    let (en_decks, en_guids) = decks_and_guids("en");
    let (nl_decks, nl_guids) = decks_and_guids("nl");
    assert_eq!(
        en_decks,
        ["Basics", "Basics::Compute : FLOPs", "Basics::Memory"]
    );
    assert_eq!(
        nl_decks,
        ["Basis", "Basis::Geheugen", "Basis::Rekenen : FLOPs"]
    );
    assert!(en_guids.iter().all(|g| !nl_guids.contains(g)));
    assert_eq!(en_guids, decks_and_guids("en").1, "stable");
}

#[test]
fn all_languages_at_once_is_refused() {
    let err = export(&fixture(), &options(LangChoice::All)).expect_err("one language only");
    assert!(err.message.contains("--lang"), "{err}");
}

#[test]
fn an_image_the_deck_cannot_hold_is_reported() {
    let output = export(&fixture(), &options(LangChoice::Default)).expect("export");
    assert_eq!(output.warnings.len(), 1, "{:?}", output.warnings);
    assert_eq!(output.warnings[0].question.as_deref(), Some("raw-markup"));
    assert!(output.warnings[0].message.contains("figs/roofline.png"));
}

#[test]
fn deck_name_parts_never_add_levels() {
    assert_eq!(deck_name_part("A :: B", "s"), "A : B");
    assert_eq!(deck_name_part(" ", "slug"), "slug");
}

#[test]
fn bank_images_travel_in_the_media_map_under_content_hashed_names() {
    use crate::media::testing;
    let bank = testing::bank();
    let output = export(&bank, &options(LangChoice::Default)).expect("export");
    let apkg = &output.files[0].bytes;
    let mut zip = zip::ZipArchive::new(Cursor::new(&apkg[..])).expect("a zip");
    let read = |zip: &mut zip::ZipArchive<Cursor<&[u8]>>, name: &str| {
        let mut bytes = Vec::new();
        zip.by_name(name)
            .expect("the member")
            .read_to_end(&mut bytes)
            .expect("its bytes");
        bytes
    };
    let map: BTreeMap<String, String> =
        serde_json::from_slice(&read(&mut zip, "media")).expect("the media map");
    assert_eq!(map.len(), 2, "{map:?}");
    let mut names = BTreeMap::new();
    for (member, name) in &map {
        names.insert(read(&mut zip, member), name.clone());
        assert!(
            name.len() == 20 && name[..16].bytes().all(|b| b.is_ascii_hexdigit()),
            "{name}"
        );
    }
    let svg = &names[testing::SVG.as_bytes()];
    let png = &names[testing::PNG];
    assert!(svg.ends_with(".svg") && png.ends_with(".png"));
    let (_, db) = open(apkg);
    let fields: String = db
        .query_row("SELECT flds FROM notes WHERE flds LIKE 'q-img%'", [], |r| {
            r.get(0)
        })
        .expect("the note");
    assert!(
        fields.contains(&format!(
            "<img src=\"{svg}\" alt=\"A blue bar\" width=\"40\" height=\"20\">"
        )),
        "{fields}"
    );
    // The option and the explanation both show the PNG; the package holds it once.
    assert_eq!(
        fields.matches(&format!("<img src=\"{png}\"")).count(),
        2,
        "{fields}"
    );
    assert!(!fields.contains("loading="), "{fields}");
    let missing: Vec<_> = output
        .warnings
        .iter()
        .filter(|w| w.message.contains("`missing.png`"))
        .collect();
    assert_eq!(missing.len(), 1, "{:?}", output.warnings);
    assert_eq!(missing[0].question.as_deref(), Some("q-img"));
    // The same bank gives the same bytes.
    assert_eq!(
        export(&bank, &options(LangChoice::Default)).expect("export"),
        output
    );
}
