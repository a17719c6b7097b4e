//! Reading the image files a bank's texts name: the I/O half of [`quizkit_model::media`].
//!
//! After every load the CLI finds each image link of every text ([`Bank::texts`]), resolves
//! it (the topic folder first, then `media/`) and reads the first candidate that exists, with
//! the walk policy of the bank's own files: inside the bank root only (a symbolic link that
//! leads out is refused, never read), the size taken before reading (a file over
//! [`MAX_MEDIA_SIZE`] is never read), regular files only. Each file is read once however many
//! texts name it. The files under `media/` are listed for the `unused-media` rule.

use std::collections::BTreeSet;
use std::fs;
use std::io::Read;
use std::path::Path;

use quizkit_model::media::{MEDIA_DIR, Resolution, image_links, resolve};
use quizkit_model::{Bank, Media, MediaContent};
use rayon::prelude::*;

/// Image files larger than this are not read at all (lint reports them as too large): far
/// above any sensible image, and it keeps memory bounded on hostile input.
pub const MAX_MEDIA_SIZE: u64 = 32 * 1024 * 1024;

/// Deepest folder level listed below `media/`.
const MAX_DEPTH: usize = 8;

/// Reads the media of `bank`, whose root folder is `root`. A path of the bank is found on the
/// disk at `root` joined with the path after `prefix` (empty for a bank; a lone question file's
/// made-up `category/topic/` for it, since its images sit beside it).
pub fn read_media(root: &Path, bank: &Bank, prefix: &str) -> Media {
    let Ok(canonical_root) = root.canonicalize() else {
        return Media::default();
    };
    let disk = |path: &str| root.join(path.strip_prefix(prefix).unwrap_or(path));
    let mut wanted: BTreeSet<Vec<String>> = BTreeSet::new();
    for text in bank.texts() {
        // Made only for a text with an image: most have none.
        let mut dir = None;
        for entry in &text.text.entries {
            for link in image_links(&entry.text.value) {
                let dir = dir.get_or_insert_with(|| text.dir());
                if let Resolution::Local(candidates) = resolve(dir, &link.dest) {
                    wanted.insert(candidates);
                }
            }
        }
    }
    // The first candidate of each link that exists (a look at the entry, no read), then each
    // found path read once.
    let found: BTreeSet<String> = wanted
        .into_par_iter()
        .filter_map(|candidates| {
            candidates
                .into_iter()
                .find(|path| fs::symlink_metadata(disk(path)).is_ok())
        })
        .collect();
    let files = found
        .into_par_iter()
        .map(|path| {
            let content = read_one(&canonical_root, &disk(&path));
            (path, content)
        })
        .collect();
    let mut listed = Vec::new();
    list(&root.join(MEDIA_DIR), MEDIA_DIR, 0, &mut listed);
    listed.sort();
    Media { files, listed }
}

/// Reads one image file with the bank's walk policy.
fn read_one(canonical_root: &Path, path: &Path) -> MediaContent {
    let refused = |why: &str| MediaContent::Refused(why.to_owned());
    let target = match path.canonicalize() {
        Ok(target) => target,
        Err(err) => {
            let is_link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
            return if is_link {
                refused("it is a symbolic link to nothing")
            } else {
                MediaContent::Refused(format!("cannot read it: {err}"))
            };
        }
    };
    if !target.starts_with(canonical_root) {
        return refused(
            "it is a symbolic link to outside the bank; quizkit never reads outside the bank",
        );
    }
    let meta = match fs::metadata(&target) {
        Ok(meta) => meta,
        Err(err) => return MediaContent::Refused(format!("cannot read it: {err}")),
    };
    if meta.is_dir() {
        return refused("it is a folder, not an image file");
    }
    if !meta.is_file() {
        return refused(
            "it is not a regular file (a FIFO, socket or device); quizkit reads only regular files",
        );
    }
    if meta.len() > MAX_MEDIA_SIZE {
        return MediaContent::TooLarge(meta.len());
    }
    let file = match fs::File::open(&target) {
        Ok(file) => file,
        Err(err) => return MediaContent::Refused(format!("cannot read it: {err}")),
    };
    // The file may have grown since the look above: never read more than the cap.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    match file.take(MAX_MEDIA_SIZE + 1).read_to_end(&mut bytes) {
        Ok(n) if n as u64 > MAX_MEDIA_SIZE => MediaContent::TooLarge(n as u64),
        Ok(_) => MediaContent::Bytes(bytes),
        Err(err) => MediaContent::Refused(format!("cannot read it: {err}")),
    }
}

/// Adds the files below `dir` (the bank path `rel`) to `out`, without following symbolic
/// links and skipping hidden names, as the bank's walk does.
fn list(dir: &Path, rel: &str, depth: usize, out: &mut Vec<String>) {
    let is_dir = fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir());
    let Some(entries) = is_dir.then(|| fs::read_dir(dir).ok()).flatten() else {
        return;
    };
    for entry in entries.flatten() {
        let Some(name) = entry.file_name().to_str().map(str::to_owned) else {
            continue;
        };
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if name.starts_with('.') {
            continue;
        }
        let path = format!("{rel}/{name}");
        if kind.is_dir() {
            if depth + 1 < MAX_DEPTH {
                list(&entry.path(), &path, depth + 1, out);
            }
        } else {
            out.push(path);
        }
    }
}
