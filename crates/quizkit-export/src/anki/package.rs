//! The `.apkg` zip: `collection.anki2` and the `media` map, deflated, with fixed timestamps and
//! permissions so the same collection always gives the same bytes.

use std::io::{Cursor, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, System, ZipWriter};

/// The zip of a legacy Anki package holding `collection`. A bank carries no media files, so
/// the media map is empty (see `fields::report_images` for what happens to an image).
pub fn write(collection: &[u8]) -> zip::result::ZipResult<Vec<u8>> {
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
    zip.start_file("media", options)?;
    zip.write_all(b"{}")?;
    Ok(zip.finish()?.into_inner())
}
