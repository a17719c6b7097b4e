//! A zip of in-memory files with fixed metadata, for the package targets (QTI, Canvas): every
//! entry dated [`crate::Options::timestamp`] (in UTC; zip has no time zone), mode 0644,
//! deflated at the fastest level, in the order given, so the same files always give the same bytes.

use std::io::{Cursor, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, System, ZipArchive, ZipWriter};

use crate::Error;

fn fail(what: &str) -> impl Fn(zip::result::ZipError) -> Error + '_ {
    move |e| Error {
        question: None,
        message: format!("cannot write the {what} zip: {e}"),
    }
}

/// `files` (path, bytes) zipped, each entry stamped with `timestamp` (seconds since the Unix
/// epoch, clamped to the years 1980 to 2107 that a zip date can hold). `what` names the
/// package in an error.
pub(crate) fn zip(files: &[(&str, &[u8])], timestamp: i64, what: &str) -> Result<Vec<u8>, Error> {
    let pieces: Vec<(&str, Vec<&[u8]>)> = files.iter().map(|(p, b)| (*p, vec![*b])).collect();
    zip_pieces(&pieces, timestamp, what)
}

/// Like [`zip`], each file given as pieces written one after the other, so that a large file
/// made in parts (the QTI manifest) is never copied into one buffer.
pub(crate) fn zip_pieces(
    files: &[(&str, Vec<&[u8]>)],
    timestamp: i64,
    what: &str,
) -> Result<Vec<u8>, Error> {
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        // The fastest level: XML deflates well at any level, and a package of 100,000 items
        // would spend most of its export time in a higher one.
        .compression_level(Some(1))
        .last_modified_time(dos_time(timestamp))
        .system(System::Unix)
        .unix_permissions(0o644);
    let size: usize = files
        .iter()
        .flat_map(|(_, pieces)| pieces.iter().map(|p| p.len()))
        .sum();
    // XML deflates to a third or half of its size: room for that, so the buffer rarely grows.
    let mut zip = ZipWriter::new(Cursor::new(Vec::with_capacity(size / 2 + 1024)));
    for (path, pieces) in files {
        zip.start_file(*path, options).map_err(fail(what))?;
        for bytes in pieces {
            zip.write_all(bytes).map_err(|e| fail(what)(e.into()))?;
        }
    }
    Ok(zip.finish().map_err(fail(what))?.into_inner())
}

/// The zips in `parts` as one zip, their entries in order, copied without deflating them
/// again, so that the parts can be deflated in parallel. The same parts give the same bytes.
/// `entries` is about how many entries they hold, to make room for the central directory.
pub(crate) fn concat(parts: Vec<Vec<u8>>, entries: usize, what: &str) -> Result<Vec<u8>, Error> {
    // The parts' own central directories are not copied; the new one takes 46 bytes and the
    // name per entry, which 128 bytes covers for the paths the packages use.
    let size = parts.iter().map(Vec::len).sum::<usize>() + entries * 128 + 1024;
    let mut zip = ZipWriter::new(Cursor::new(Vec::with_capacity(size)));
    // Each part is dropped as soon as it is copied.
    for part in parts {
        let archive = ZipArchive::new(Cursor::new(part.as_slice())).map_err(fail(what))?;
        zip.merge_archive(archive).map_err(fail(what))?;
    }
    Ok(zip.finish().map_err(fail(what))?.into_inner())
}

/// The zip date and time of a Unix time, in UTC.
fn dos_time(timestamp: i64) -> DateTime {
    // 1980-01-01 and 2107-12-31 23:59:58, the first and last times a zip entry can carry.
    let t = timestamp.clamp(315_532_800, 4_354_819_198);
    let (days, secs) = (t.div_euclid(86_400), t.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    let (h, m, s) = (secs / 3600, secs % 3600 / 60, secs % 60);
    DateTime::from_date_and_time(
        year as u16,
        month as u8,
        day as u8,
        h as u8,
        m as u8,
        s as u8,
    )
    .unwrap_or_default()
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unix_times_become_utc_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        let t = dos_time(1_800_000_000); // 2027-01-15 08:00:00 UTC
        assert_eq!(
            (
                t.year(),
                t.month(),
                t.day(),
                t.hour(),
                t.minute(),
                t.second()
            ),
            (2027, 1, 15, 8, 0, 0)
        );
        assert_eq!(dos_time(0), DateTime::default());
        assert_eq!(dos_time(-5), DateTime::default());
        assert_eq!(dos_time(i64::MAX).year(), 2107);
    }
}
