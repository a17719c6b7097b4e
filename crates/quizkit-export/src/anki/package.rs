//! The `.apkg` zip: `collection.anki2` and the `media` map, deflated, with fixed timestamps and
//! permissions so the same collection always gives the same bytes.

use std::collections::BTreeMap;
use std::io::{Cursor, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, System, ZipWriter};

/// The zip of a legacy Anki package holding `collection` and the `media` files (by the name
/// the fields use): the map `{"0": name, ...}` and each file's bytes as the member `0`, `1`,
/// in the order of the names.
pub fn write(
    collection: &[u8],
    media: &BTreeMap<String, &[u8]>,
) -> zip::result::ZipResult<Vec<u8>> {
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        // The fastest level: it deflates the collection about tenfold already, and a higher
        // level costs more time than the few megabytes it saves are worth.
        .compression_level(Some(1))
        .last_modified_time(DateTime::default())
        .system(System::Unix)
        .unix_permissions(0o644);
    let mut zip = ZipWriter::new(Cursor::new(Vec::with_capacity(collection.len() / 4)));
    zip.start_file("collection.anki2", options)?;
    zip.write_all(collection)?;
    let map: serde_json::Map<String, serde_json::Value> = media
        .keys()
        .enumerate()
        .map(|(i, name)| (i.to_string(), serde_json::Value::from(name.as_str())))
        .collect();
    zip.start_file("media", options)?;
    zip.write_all(serde_json::Value::Object(map).to_string().as_bytes())?;
    for (i, bytes) in media.values().enumerate() {
        zip.start_file(i.to_string(), options)?;
        zip.write_all(bytes)?;
    }
    Ok(zip.finish()?.into_inner())
}
