//! Everything quizkit does with the file system: finding and reading a bank, writing output
//! atomically.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use quizkit_model::load::{CONFIG_FILE, Content, InputFile};
use quizkit_model::{Loaded, load};
use rayon::prelude::*;

/// Files larger than this are refused rather than read: no bank file needs more, and it keeps
/// memory bounded on hostile input.
pub const MAX_FILE_SIZE: u64 = 8 * 1024 * 1024;

/// Deepest folder level read below the bank root (a bank uses three).
const MAX_DEPTH: usize = 8;

/// A failure that is not about the content: a usage error or the disk. Exit code 2.
#[derive(Debug)]
pub struct Failure {
    /// What went wrong.
    pub message: String,
    /// What to do about it.
    pub help: Option<String>,
}

impl Failure {
    /// A failure with a message and no help.
    pub fn new(message: impl Into<String>) -> Self {
        Failure {
            message: message.into(),
            help: None,
        }
    }

    /// Adds help text.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// An I/O error at a path.
    pub fn io(what: &str, path: &Path, err: &io::Error) -> Self {
        Failure::new(format!("cannot {what} `{}`: {err}", path.display()))
    }
}

/// Finds the bank root: `path` (a folder with `quizkit.toml`, or that file), else
/// `./questions`, else the nearest folder with `quizkit.toml` from here upwards.
pub fn find_bank(path: Option<&Path>) -> Result<PathBuf, Failure> {
    if let Some(path) = path {
        if path.is_file() && path.file_name().is_some_and(|n| n == CONFIG_FILE) {
            let parent = path.parent().unwrap_or(Path::new("."));
            return Ok(if parent.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                parent.to_path_buf()
            });
        }
        if path.join(CONFIG_FILE).is_file() {
            return Ok(path.to_path_buf());
        }
        if !path.exists() {
            return Err(Failure::new(format!("`{}` does not exist", path.display()))
                .with_help("pass the folder that holds quizkit.toml"));
        }
        return Err(Failure::new(format!(
            "`{}` is not a bank: it has no {CONFIG_FILE}",
            path.display()
        ))
        .with_help("pass the folder that holds quizkit.toml, or create one there"));
    }
    let default = Path::new("questions");
    if default.join(CONFIG_FILE).is_file() {
        return Ok(default.to_path_buf());
    }
    let cwd = std::env::current_dir().map_err(|e| Failure::io("read", Path::new("."), &e))?;
    for dir in cwd.ancestors() {
        if dir.join(CONFIG_FILE).is_file() {
            return Ok(dir.to_path_buf());
        }
    }
    Err(
        Failure::new(format!("no bank found: neither ./questions/{CONFIG_FILE} nor a {CONFIG_FILE} in this folder or above"))
            .with_help("run quizkit inside a bank, or pass its folder: `quizkit lint path/to/bank`"),
    )
}

/// Finds every `.toml` entry below `root` and reads the files, in parallel.
pub fn read_bank(root: &Path) -> Result<Vec<InputFile>, Failure> {
    let canonical_root = root
        .canonicalize()
        .map_err(|e| Failure::io("read", root, &e))?;
    let mut found = Vec::new();
    walk(&canonical_root, root, "", 0, &mut found)?;
    Ok(found
        .into_par_iter()
        .map(|(rel, path, content)| InputFile {
            path: rel,
            content: content.unwrap_or_else(|| read_file(&path)),
        })
        .collect())
}

type Found = (String, PathBuf, Option<Content>);

fn walk(
    canonical_root: &Path,
    dir: &Path,
    rel: &str,
    depth: usize,
    out: &mut Vec<Found>,
) -> Result<(), Failure> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) if depth == 0 => return Err(Failure::io("read", dir, &err)),
        Err(err) => {
            out.push((
                rel.trim_end_matches('/').to_owned(),
                dir.to_path_buf(),
                Some(Content::Unreadable(format!(
                    "cannot list this folder: {err}"
                ))),
            ));
            return Ok(());
        }
    };
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| Failure::io("read", dir, &e))?;
        names.push(entry.file_name());
    }
    names.sort();
    for name in names {
        let Some(name_str) = name.to_str() else {
            continue;
        };
        if name_str.starts_with('.') {
            continue;
        }
        let path = dir.join(&name);
        let rel_path = format!("{rel}{name_str}");
        let is_toml = name_str.ends_with(".toml");
        let Ok(link_meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        if link_meta.file_type().is_symlink() {
            match path.canonicalize() {
                Ok(target) if !target.starts_with(canonical_root) => {
                    if is_toml || target.is_dir() {
                        out.push((rel_path, path, Some(Content::Unreadable("it is a symbolic link to outside the bank; quizkit never reads outside the bank".into()))));
                    }
                    continue;
                }
                Ok(target) if target.is_dir() => {
                    out.push((
                        rel_path,
                        path,
                        Some(Content::Unreadable(
                            "it is a symbolic link to a folder; quizkit does not follow those"
                                .into(),
                        )),
                    ));
                    continue;
                }
                Ok(_) => {}
                Err(err) => {
                    if is_toml {
                        out.push((
                            rel_path,
                            path,
                            Some(Content::Unreadable(format!("broken symbolic link: {err}"))),
                        ));
                    }
                    continue;
                }
            }
        }
        let is_dir = path.is_dir();
        if is_dir && is_toml {
            out.push((rel_path, path, Some(Content::Directory)));
        } else if is_dir {
            if depth + 1 < MAX_DEPTH {
                walk(
                    canonical_root,
                    &path,
                    &format!("{rel_path}/"),
                    depth + 1,
                    out,
                )?;
            }
        } else if is_toml {
            out.push((rel_path, path, None));
        }
    }
    Ok(())
}

/// Reads one file as a bank file: regular files only, at most [`MAX_FILE_SIZE`] bytes.
pub fn read_file(path: &Path) -> Content {
    // Opening a FIFO blocks until something writes to it, and a device may never end: read
    // regular files only.
    match fs::metadata(path) {
        Ok(meta) if !meta.is_file() => {
            return Content::Unreadable(
                "it is not a regular file (a FIFO, socket or device); quizkit reads only regular files"
                    .into(),
            );
        }
        Err(err) => return Content::Unreadable(err.to_string()),
        Ok(_) => {}
    }
    let file = match fs::File::open(path) {
        Ok(file) => file,
        Err(err) => return Content::Unreadable(err.to_string()),
    };
    let size = match file.metadata() {
        Ok(meta) if meta.len() > MAX_FILE_SIZE => {
            return Content::Unreadable(format!(
                "it is {} MiB; bank files are limited to {} MiB",
                meta.len() / (1024 * 1024),
                MAX_FILE_SIZE / (1024 * 1024)
            ));
        }
        Err(err) => return Content::Unreadable(err.to_string()),
        Ok(meta) => meta.len(),
    };
    // Sized from the start: the text is kept for diagnostics as long as the bank, and
    // `read_to_end` on a `Take` would otherwise grow the buffer by doubling, up to twice the
    // file's size.
    let mut bytes = Vec::with_capacity(size as usize);
    match io::Read::read_to_end(&mut io::Read::take(file, MAX_FILE_SIZE + 1), &mut bytes) {
        Ok(_) => Content::Bytes(bytes),
        Err(err) => Content::Unreadable(err.to_string()),
    }
}

/// Finds, reads and loads a bank.
pub fn load_bank(path: Option<&Path>) -> Result<(PathBuf, Loaded), Failure> {
    let root = find_bank(path)?;
    let files = read_bank(&root)?;
    Ok((root, load(files)))
}

/// Writes `bytes` to `path` atomically: to a temporary file beside it, then a rename, so a
/// failure leaves any previous file as it was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir).map_err(|e| Failure::io("create folder", dir, &e))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.quizkit-tmp-{}", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        Failure::io("write", path, &e)
    })
}

/// Writes a set of files as the folder `dir`, atomically as a whole: everything goes into a
/// temporary folder beside it first, which then replaces `dir`. On failure `dir` is untouched.
pub fn write_dir_atomic(dir: &Path, files: &[(String, Vec<u8>)]) -> Result<(), Failure> {
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    fs::create_dir_all(parent).map_err(|e| Failure::io("create folder", parent, &e))?;
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let pid = std::process::id();
    let tmp = parent.join(format!(".{name}.quizkit-tmp-{pid}"));
    let old = parent.join(format!(".{name}.quizkit-old-{pid}"));
    let _ = fs::remove_dir_all(&tmp);
    let staged = (|| -> Result<(), Failure> {
        for (rel, bytes) in files {
            if rel.split('/').any(|part| part == ".." || part.is_empty()) || rel.starts_with('/') {
                return Err(Failure::new(format!(
                    "refusing to write outside the output folder: `{rel}`"
                )));
            }
            let path = tmp.join(rel);
            if let Some(p) = path.parent() {
                fs::create_dir_all(p).map_err(|e| Failure::io("create folder", p, &e))?;
            }
            fs::write(&path, bytes).map_err(|e| Failure::io("write", &path, &e))?;
        }
        Ok(())
    })();
    if let Err(err) = staged {
        let _ = fs::remove_dir_all(&tmp);
        return Err(err);
    }
    let had_old = dir.exists();
    if had_old {
        fs::rename(dir, &old).map_err(|e| {
            let _ = fs::remove_dir_all(&tmp);
            Failure::io("replace", dir, &e)
        })?;
    }
    if let Err(err) = fs::rename(&tmp, dir) {
        if had_old {
            let _ = fs::rename(&old, dir);
        }
        let _ = fs::remove_dir_all(&tmp);
        return Err(Failure::io("replace", dir, &err));
    }
    if had_old {
        let _ = fs::remove_dir_all(&old);
    }
    Ok(())
}

/// A fresh, empty staging folder beside `dir` for building its next content; remove it, or
/// move it in with [`replace_dir`].
pub fn staging_dir(dir: &Path) -> Result<PathBuf, Failure> {
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let staged = parent.join(format!(".{name}.quizkit-stage-{}", std::process::id()));
    let _ = fs::remove_dir_all(&staged);
    fs::create_dir_all(&staged).map_err(|e| Failure::io("create folder", &staged, &e))?;
    Ok(staged)
}

/// Replaces the folder `dir` by the folder `staged` (on the same file system) as nearly
/// atomically as the file system allows: the old folder is moved aside, the new one renamed
/// into place, then the old one removed. On failure `dir` keeps its old content.
pub fn replace_dir(staged: &Path, dir: &Path) -> Result<(), Failure> {
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let old = parent.join(format!(".{name}.quizkit-old-{}", std::process::id()));
    let _ = fs::remove_dir_all(&old);
    let had_old = dir.exists();
    if had_old {
        fs::rename(dir, &old).map_err(|e| Failure::io("replace", dir, &e))?;
    }
    if let Err(err) = fs::rename(staged, dir) {
        if had_old {
            let _ = fs::rename(&old, dir);
        }
        return Err(Failure::io("replace", dir, &err));
    }
    if had_old {
        let _ = fs::remove_dir_all(&old);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_into_a_buffer_of_its_own_size() {
        let dir = std::env::temp_dir().join(format!("quizkit-fsio-test-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp folder");
        let path = dir.join("q.toml");
        let text = "x = 1\n".repeat(20_000);
        fs::write(&path, &text).expect("write");
        let content = read_file(&path);
        let _ = fs::remove_dir_all(&dir);
        match content {
            Content::Bytes(bytes) => {
                assert_eq!(bytes, text.as_bytes());
                assert_eq!(bytes.capacity(), text.len());
            }
            other => panic!("not read: {other:?}"),
        }
    }
}
