//! The `collection.anki2` SQLite database (schema version 11), built in memory and returned
//! as bytes.
//!
//! SQLite writes the same file for the same statements in the same order, so the bytes depend
//! only on the rows: no clock, no file, no randomness.

use rusqlite::{Connection, MAIN_DB, params};
use serde_json::{Map, Value, json};

use super::notetype::{NOTETYPE_ID, model_json};

/// The five tables of a legacy collection. Indexes are left out: the importer reads every
/// row anyway, and they would only make the package larger.
const SCHEMA: &str = "
CREATE TABLE col (
    id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
    ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL,
    conf text NOT NULL, models text NOT NULL, decks text NOT NULL, dconf text NOT NULL,
    tags text NOT NULL
);
CREATE TABLE notes (
    id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
    usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL,
    csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL
);
CREATE TABLE cards (
    id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
    mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL,
    due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL,
    lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL,
    flags integer NOT NULL, data text NOT NULL
);
CREATE TABLE revlog (
    id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
    ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL,
    time integer NOT NULL, type integer NOT NULL
);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
";

/// A deck of the package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    /// Its id in the package (Anki matches decks by name).
    pub id: i64,
    /// The full name, with `::` between levels.
    pub name: String,
    /// The description shown on the deck's overview (HTML).
    pub description: String,
}

/// One note and its card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteRow {
    /// Note id, also used as the card id.
    pub id: i64,
    /// The GUID.
    pub guid: String,
    /// Seconds: when the note last changed.
    pub modified: i64,
    /// Tags as Anki stores them: space-separated with a space on either side.
    pub tags: String,
    /// Fields joined with `\x1f`.
    pub fields: String,
    /// The stripped sort field.
    pub sort_field: String,
    /// The checksum of the stripped first field.
    pub checksum: i64,
    /// The card's deck.
    pub deck: i64,
    /// The card's position among new cards.
    pub due: i64,
}

/// The collection as a SQLite file, handed as bytes to `write`, whose result it returns.
pub fn build<R>(
    notes: Vec<NoteRow>,
    decks: &[Deck],
    time: i64,
    write: impl FnOnce(&[u8]) -> R,
) -> rusqlite::Result<R> {
    let mut db = Connection::open_in_memory()?;
    // 16 KiB pages: a note row of one to two KiB leaves little of a page unused (with 4 KiB
    // pages the file is half as large again). Every SQLite since 2010 reads them.
    db.execute_batch(
        "PRAGMA page_size = 16384; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;",
    )?;
    db.execute_batch(SCHEMA)?;
    let tx = db.transaction()?;
    let mut decks_json = Map::new();
    for deck in decks {
        decks_json.insert(deck.id.to_string(), deck_json(deck, time));
    }
    let mut models = Map::new();
    models.insert(NOTETYPE_ID.to_string(), model_json());
    tx.execute(
        "INSERT INTO col VALUES (1, ?1, ?2, ?2, 11, 0, 0, 0, '{}', ?3, ?4, '{}', '{}')",
        params![
            time,
            time.saturating_mul(1000),
            Value::Object(models).to_string(),
            Value::Object(decks_json).to_string()
        ],
    )?;
    {
        let mut note =
            tx.prepare("INSERT INTO notes VALUES (?1, ?2, ?3, ?4, -1, ?5, ?6, ?7, ?8, 0, '')")?;
        let mut card = tx.prepare(
            "INSERT INTO cards VALUES (?1, ?1, ?2, 0, ?3, -1, 0, 0, ?4, 0, 0, 0, 0, 0, 0, 0, 0, '')",
        )?;
        for n in &notes {
            note.execute(params![
                n.id,
                n.guid,
                NOTETYPE_ID,
                n.modified,
                n.tags,
                n.fields,
                n.sort_field,
                n.checksum
            ])?;
            card.execute(params![n.id, n.deck, n.modified, n.due])?;
        }
    }
    tx.commit()?;
    // The rows are in the database now; the serialized database is handed to `write` where
    // it lies, not copied.
    drop(notes);
    Ok(write(&db.serialize(MAIN_DB)?))
}

fn deck_json(deck: &Deck, time: i64) -> Value {
    json!({
        "id": deck.id,
        "name": deck.name,
        "desc": deck.description,
        "mod": time,
        "usn": -1,
        "collapsed": false,
        "browserCollapsed": false,
        "dyn": 0,
        "conf": 1,
        "extendNew": 0,
        "extendRev": 0,
        "newToday": [0, 0],
        "revToday": [0, 0],
        "lrnToday": [0, 0],
        "timeToday": [0, 0],
    })
}
