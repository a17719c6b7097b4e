//! Everything quizkit does with the file system: finding and reading a bank, writing output
//! atomically.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

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
        let inside = path.canonicalize().ok().and_then(|full| {
            full.ancestors()
                .skip(1)
                .find(|d| d.join(CONFIG_FILE).is_file())
                .map(Path::to_path_buf)
        });
        if let Some(bank) = inside.filter(|_| path.is_file()) {
            return Err(Failure::new(format!(
                "`{}` is a file inside the bank at `{}`; quizkit checks a bank as a whole",
                path.display(),
                bank.display()
            ))
            .with_help(format!("pass the bank's folder: `{}`", bank.display())));
        }
        return Err(Failure::new(format!(
            "`{}` is not a bank: it has no {CONFIG_FILE}",
            path.display()
        ))
        .with_help(
            "pass the folder that holds quizkit.toml, or create one there (`quizkit new bank DIR`)",
        ));
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

/// A found entry with its modification time and size.
type Stamped = (String, PathBuf, Option<Content>, Option<SystemTime>, u64);

/// What [`read_bank_cached`] read: by path below the root, the file's modification time, size
/// and content.
#[derive(Debug, Default)]
pub struct ReadCache {
    entries: std::collections::HashMap<String, (Option<SystemTime>, u64, Content)>,
}

impl ReadCache {
    /// Every file read, as [`read_bank`] gives them.
    pub fn files(&self) -> Vec<InputFile> {
        let mut files: Vec<InputFile> = self
            .entries
            .iter()
            .map(|(path, (_, _, content))| InputFile {
                path: path.clone(),
                content: content.clone(),
            })
            .collect();
        files.sort_by(|a, b| a.path.cmp(&b.path));
        files
    }

    /// Stores files read again (path, content, modification time, size); the paths whose
    /// bytes differ from what the cache held.
    fn store(&mut self, fresh: Vec<(String, Content, Option<SystemTime>, u64)>) -> Vec<String> {
        let mut changed = Vec::new();
        for (rel, content, modified, len) in fresh {
            let same = match (self.entries.get(&rel), &content) {
                (Some((_, _, Content::Bytes(old))), Content::Bytes(new)) => old == new,
                _ => false,
            };
            if !same {
                changed.push(rel.clone());
            }
            self.entries.insert(rel, (modified, len, content));
        }
        changed
    }

    /// The file at `path` below the root, as read.
    pub fn file(&self, path: &str) -> Option<InputFile> {
        self.entries.get(path).map(|(_, _, content)| InputFile {
            path: path.to_owned(),
            content: content.clone(),
        })
    }
}

/// [`read_bank`] into `cache`, reading again only the files whose modification time or size
/// changed since the last call with the same cache (`quizkit preview` after an edit): the
/// paths that were added, changed or removed since that call (every path on the first call),
/// sorted. The files are then in the cache ([`ReadCache::files`]).
pub fn read_bank_cached(root: &Path, cache: &mut ReadCache) -> Result<Vec<String>, Failure> {
    let canonical_root = root
        .canonicalize()
        .map_err(|e| Failure::io("read", root, &e))?;
    let mut found = Vec::new();
    walk(&canonical_root, root, "", 0, &mut found)?;
    let stamped: Vec<Stamped> = found
        .into_par_iter()
        .map(|(rel, path, content)| {
            let meta = fs::metadata(&path).ok();
            let modified = meta.as_ref().and_then(|m| m.modified().ok());
            let len = meta.as_ref().map_or(0, fs::Metadata::len);
            (rel, path, content, modified, len)
        })
        .collect();
    // The files read again: new, or changed in time or size, or found unreadable.
    let fresh: Vec<(String, Content, Option<SystemTime>, u64)> = stamped
        .par_iter()
        .filter(|(rel, _, content, modified, len)| {
            let same = cache.entries.get(rel).is_some_and(|(m, l, _)| {
                content.is_none() && modified.is_some() && m == modified && l == len
            });
            !same
        })
        .map(|(rel, path, content, modified, len)| {
            let c = content.clone().unwrap_or_else(|| read_file(path));
            (rel.clone(), c, *modified, *len)
        })
        .collect();
    let mut changed = cache.store(fresh);
    if cache.entries.len() > stamped.len() {
        let seen: std::collections::HashSet<&str> =
            stamped.iter().map(|(rel, ..)| rel.as_str()).collect();
        let removed: Vec<String> = cache
            .entries
            .keys()
            .filter(|k| !seen.contains(k.as_str()))
            .cloned()
            .collect();
        for rel in removed {
            cache.entries.remove(&rel);
            changed.push(rel);
        }
    }
    changed.sort();
    Ok(changed)
}

/// [`read_bank_cached`] of some files only, which the cache already holds (paths below
/// `root`): the ones whose bytes changed, after reading again those whose time or size
/// changed. `None`, with the cache untouched, when one of them is not in the cache or no
/// longer a regular file there (a file added or removed): then the bank needs
/// [`read_bank_cached`]. For a watcher that names the files that changed.
pub fn reread_cached(root: &Path, cache: &mut ReadCache, paths: &[String]) -> Option<Vec<String>> {
    let mut fresh = Vec::new();
    for rel in paths {
        let (modified, len, _) = cache.entries.get(rel)?;
        let path = root.join(rel);
        let meta = fs::symlink_metadata(&path)
            .ok()
            .filter(fs::Metadata::is_file)?;
        let now = meta.modified().ok();
        if now.is_none() || now != *modified || meta.len() != *len {
            fresh.push((rel.clone(), read_file(&path), now, meta.len()));
        }
    }
    let mut changed = cache.store(fresh);
    changed.sort();
    changed.dedup();
    Some(changed)
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
    Ok((root.clone(), load_files(&root, files)))
}

/// Loads the files read from the bank at `root`, then reads the image files its texts name
/// into [`Bank::media`](quizkit_model::Bank::media): what every command loads through.
pub fn load_files(root: &Path, files: Vec<InputFile>) -> Loaded {
    with_media(root, load(files), "")
}

/// `loaded` with its bank's media read from `root` (see [`crate::media::read_media`]).
fn with_media(root: &Path, mut loaded: Loaded, prefix: &str) -> Loaded {
    if let Some(bank) = &mut loaded.bank {
        bank.media = crate::media::read_media(root, bank, prefix);
    }
    loaded
}

/// True when `path` is a question file standing alone: a `.toml` file other than
/// `quizkit.toml`, with no `quizkit.toml` in its folder or any folder above.
pub fn is_lone_file(path: &Path) -> bool {
    let is_question_file = path.is_file()
        && path.extension().is_some_and(|e| e == "toml")
        && path.file_name().is_some_and(|n| n != CONFIG_FILE);
    if !is_question_file {
        return false;
    }
    let Ok(full) = path.canonicalize() else {
        return false;
    };
    !full
        .ancestors()
        .skip(1)
        .any(|d| d.join(CONFIG_FILE).is_file())
}

/// The languages of a question file, in the order they first appear: the keys of every
/// localized text (`stem`, options, feedback, explanation) written as a table. Plain strings
/// say nothing, so a file without tables gets `["en"]`.
fn languages_of(text: &str) -> Vec<String> {
    fn add(value: &toml::Value, out: &mut Vec<String>) {
        if let toml::Value::Table(t) = value {
            for key in t.keys() {
                let is_code = (2..=8).contains(&key.len())
                    && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    && !["text", "feedback"].contains(&key.as_str());
                if is_code && !out.contains(key) {
                    out.push(key.clone());
                }
            }
        }
    }
    let mut out = Vec::new();
    if let Ok(table) = text.parse::<toml::Table>()
        && let Some(toml::Value::Array(questions)) = table.get("question")
    {
        for q in questions.iter().filter_map(toml::Value::as_table) {
            for key in ["stem", "explanation"] {
                if let Some(v) = q.get(key) {
                    add(v, &mut out);
                }
            }
            for option in q
                .get("options")
                .and_then(toml::Value::as_array)
                .into_iter()
                .flatten()
            {
                match option.as_table() {
                    Some(t) if t.contains_key("text") => {
                        for key in ["text", "feedback"] {
                            if let Some(v) = t.get(key) {
                                add(v, &mut out);
                            }
                        }
                    }
                    _ => add(option, &mut out),
                }
            }
        }
    }
    if out.is_empty() {
        out.push("en".into());
    }
    out
}

/// Loads a lone question file (see [`is_lone_file`]) as a bank of one topic: a `quizkit.toml`
/// is made up for it (its id the file's name, its languages those the file uses), the file is
/// placed in a category and topic named after it, and the findings point at the file as the
/// user named it. Findings about the bank as a whole point at the file's start. Returns the
/// root (the file's folder), what was loaded, and a note for the user saying how the file was
/// taken and how to make it a full bank.
pub fn load_lone_file(path: &Path) -> Result<(PathBuf, Loaded, String), Failure> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = name.trim_end_matches(".toml");
    let mut slug: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    if !slug.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        slug.insert_str(0, "bank");
    }
    let content = read_file(path);
    let text = match &content {
        Content::Bytes(bytes) => String::from_utf8_lossy(bytes).into_owned(),
        _ => String::new(),
    };
    let languages = languages_of(&text);
    let config = format!(
        "id = \"{slug}\"\nlanguages = [{}]\n",
        languages
            .iter()
            .map(|l| format!("\"{l}\""))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let placed = format!("{slug}/{slug}/{name}");
    let mut loaded = load(vec![
        InputFile {
            path: CONFIG_FILE.into(),
            content: Content::Bytes(config.into_bytes()),
        },
        InputFile {
            path: placed.clone(),
            content,
        },
    ]);
    let file = loaded
        .sources
        .iter()
        .position(|s| s.path == placed)
        .map(|i| quizkit_model::FileId(i as u32));
    let config_file = loaded
        .sources
        .iter()
        .position(|s| s.path == CONFIG_FILE)
        .map(|i| quizkit_model::FileId(i as u32));
    if let Some(source) = file.and_then(|f| loaded.sources.get_mut(f.0 as usize)) {
        source.path = name.clone();
    }
    for d in &mut loaded.diagnostics {
        if d.file.is_some() && d.file == config_file {
            d.file = file;
            d.span = 0..0;
        }
    }
    let root = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // The file's images sit beside it, not in the made-up topic folder.
    let loaded = with_media(&root, loaded, &format!("{slug}/{slug}/"));
    let note = format!(
        "note: `{}` has no {CONFIG_FILE} in its folder or above: checked as a bank of one topic in {}.\n  help: to make it a full bank, run `quizkit new bank DIR` and move the file into a topic folder of DIR (DIR/<category>/<topic>/{name})",
        path.display(),
        languages.join(", ")
    );
    Ok((root, loaded, note))
}

/// Writes `bytes` to `path` atomically: to a temporary file beside it, then a rename, so a
/// failure leaves any previous file as it was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let tmp = temp_beside(path)?;
    let result = (|| {
        write_synced(&tmp, bytes)?;
        fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        Failure::io("write", path, &e)
    })
}

/// A temporary file's path beside `path`, whose folder is created if missing.
fn temp_beside(path: &Path) -> Result<PathBuf, Failure> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir).map_err(|e| Failure::io("create folder", dir, &e))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(dir.join(format!(".{name}.quizkit-tmp-{}", std::process::id())))
}

/// Writes `bytes` to a new file at `path` and waits until they are on the disk.
fn write_synced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = fs::File::create(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// Writes `bytes` to `path`, which must not exist: to a temporary file beside it, then a hard
/// link in its place, which fails rather than replace a file that appeared meanwhile. Creates
/// the folders on the way.
pub fn write_new(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let tmp = temp_beside(path)?;
    let result = write_synced(&tmp, bytes).and_then(|()| fs::hard_link(&tmp, path));
    let _ = fs::remove_file(&tmp);
    result.map_err(|e| {
        if e.kind() == io::ErrorKind::AlreadyExists {
            Failure::new(format!("`{}` already exists", path.display())).with_help(
                "quizkit new never overwrites a file: choose another name, or move it away",
            )
        } else {
            Failure::io("write", path, &e)
        }
    })
}

/// Writes a set of files as the folder `dir`, atomically as a whole: everything goes into a
/// temporary folder beside it first, which then replaces `dir`. On failure `dir` is untouched.
///
/// A file whose bytes equal the file of the same path in the previous `dir` is not written
/// again: it enters the staging folder as a hard link to the previous file (see
/// [`stage_files`]).
pub fn write_dir_atomic<P, B>(dir: &Path, files: &[(P, B)]) -> Result<Staged, Failure>
where
    P: AsRef<str> + Sync,
    B: AsRef<[u8]> + Sync,
{
    write_dir_staged(dir, files, dir)
}

/// [`write_dir_atomic`] with the unchanged files linked from `previous`, which need not be
/// `dir`: `quizkit build` stages its whole output folder, and links from the one it replaces.
pub fn write_dir_staged<P, B>(
    dir: &Path,
    files: &[(P, B)],
    previous: &Path,
) -> Result<Staged, Failure>
where
    P: AsRef<str> + Sync,
    B: AsRef<[u8]> + Sync,
{
    let staged = staging_dir(dir)?;
    let result = stage_files(&staged, files, Some(previous)).and_then(|counts| {
        replace_dir(&staged, dir)?;
        Ok(counts)
    });
    if result.is_err() {
        let _ = fs::remove_dir_all(&staged);
    }
    result
}

/// What [`stage_files`] did: files written anew, and files linked to the previous output
/// because their bytes had not changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Staged {
    /// Files written.
    pub written: usize,
    /// Files linked from the previous output.
    pub linked: usize,
}

/// Checks that `rel` is a relative path inside the output folder: no `..`, no empty part, not
/// absolute.
fn check_relative(rel: &str) -> Result<(), Failure> {
    if rel.starts_with('/') || rel.split('/').any(|part| part == ".." || part.is_empty()) {
        return Err(Failure::new(format!(
            "refusing to write outside the output folder: `{rel}`"
        )));
    }
    Ok(())
}

/// Writes `files` into the empty folder `staged`. A file whose path exists in `previous` as a
/// regular file with the same bytes is hard-linked from there instead of written: a rebuild
/// after a small edit then creates new inodes only for what changed, and removing the previous
/// folder after the swap frees nothing but names (on ext4, allocating and freeing tens of
/// thousands of inodes per build was most of a rebuild's time). Where linking fails (a file
/// system without hard links), the file is written. Every path is checked before anything is
/// written.
pub fn stage_files<P, B>(
    staged: &Path,
    files: &[(P, B)],
    previous: Option<&Path>,
) -> Result<Staged, Failure>
where
    P: AsRef<str> + Sync,
    B: AsRef<[u8]> + Sync,
{
    for (rel, _) in files {
        check_relative(rel.as_ref())?;
    }
    let mut folders: BTreeSet<PathBuf> = BTreeSet::new();
    for (rel, _) in files {
        let mut at = rel.as_ref();
        while let Some((dir, _)) = at.rsplit_once('/') {
            if !folders.insert(staged.join(dir)) {
                break;
            }
            at = dir;
        }
    }
    let folders: Vec<PathBuf> = folders.into_iter().collect();
    // Shallowest first, each depth in parallel: a site has thousands of folders.
    for level in by_depth(&folders) {
        level
            .par_iter()
            .try_for_each(|path| match fs::create_dir(path) {
                Err(e) if e.kind() != io::ErrorKind::AlreadyExists => {
                    Err(Failure::io("create folder", path, &e))
                }
                _ => Ok(()),
            })?;
    }
    let linked: Vec<bool> = files
        .par_iter()
        .map(|(rel, bytes)| {
            let (rel, bytes) = (rel.as_ref(), bytes.as_ref());
            let path = staged.join(rel);
            if let Some(old) = previous.map(|p| p.join(rel))
                && same_bytes(&old, bytes)
                && fs::hard_link(&old, &path).is_ok()
            {
                return Ok(true);
            }
            fs::write(&path, bytes).map_err(|e| Failure::io("write", &path, &e))?;
            Ok(false)
        })
        .collect::<Result<_, Failure>>()?;
    let linked = linked.iter().filter(|l| **l).count();
    Ok(Staged {
        written: files.len() - linked,
        linked,
    })
}

/// `paths` grouped by their number of components, fewest first.
fn by_depth(paths: &[PathBuf]) -> Vec<Vec<&Path>> {
    let mut levels: BTreeMap<usize, Vec<&Path>> = BTreeMap::new();
    for p in paths {
        levels.entry(p.components().count()).or_default().push(p);
    }
    levels.into_values().collect()
}

/// True when `path` is a regular file (not a link) holding exactly `bytes`.
fn same_bytes(path: &Path, bytes: &[u8]) -> bool {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_file() && meta.len() == bytes.len() as u64 => {}
        _ => return false,
    }
    fs::read(path).is_ok_and(|old| old == bytes)
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
        remove_tree(&old);
    }
    Ok(())
}

/// Removes the folder `dir` and everything in it, as far as it can: the files in parallel,
/// then the folders, deepest first. On ext4 on a busy disk, unlinking the 24,000 names of a
/// site one after the other took 15 s of waiting where eight at a time took under one; the
/// CPU time is the same. Symbolic links are removed, never followed.
pub fn remove_tree(dir: &Path) {
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            match entry.file_type() {
                Ok(t) if t.is_dir() => stack.push(entry.path()),
                _ => files.push(entry.path()),
            }
        }
        dirs.push(d);
    }
    files.par_iter().for_each(|f| {
        let _ = fs::remove_file(f);
    });
    // Deepest first, each depth in parallel.
    for level in by_depth(&dirs).iter().rev() {
        level.par_iter().for_each(|d| {
            let _ = fs::remove_dir(d);
        });
    }
    if dir.exists() {
        let _ = fs::remove_dir_all(dir);
    }
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

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("quizkit-fsio-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    fn inode(path: &Path) -> u64 {
        std::os::unix::fs::MetadataExt::ino(&fs::metadata(path).expect("metadata"))
    }

    #[test]
    fn a_rewrite_links_unchanged_files_and_writes_only_the_changed_ones() {
        let dir = scratch("relink");
        let site = dir.join("site");
        let first = vec![
            ("index.html", b"index".as_slice()),
            ("a/one.html", b"one"),
            ("a/two.html", b"two"),
            ("gone.html", b"gone"),
        ];
        assert_eq!(
            write_dir_atomic(&site, &first).expect("first"),
            Staged {
                written: 4,
                linked: 0
            }
        );
        let (index, one, two) = (
            inode(&site.join("index.html")),
            inode(&site.join("a/one.html")),
            inode(&site.join("a/two.html")),
        );
        let second = vec![
            ("index.html", b"index".as_slice()),
            ("a/one.html", b"one, edited"),
            ("a/two.html", b"two"),
            ("b/new.html", b"new"),
        ];
        let staged = write_dir_atomic(&site, &second).expect("second");
        let listing: Vec<String> = fs::read_dir(&dir)
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        let result = (
            staged,
            inode(&site.join("index.html")) == index,
            inode(&site.join("a/one.html")) == one,
            inode(&site.join("a/two.html")) == two,
            fs::read(site.join("a/one.html")).expect("read"),
            site.join("gone.html").exists(),
            fs::read(site.join("b/new.html")).expect("read"),
            listing,
        );
        let _ = fs::remove_dir_all(&dir);
        assert_eq!(
            result,
            (
                Staged {
                    written: 2,
                    linked: 2
                },
                true,
                false,
                true,
                b"one, edited".to_vec(),
                false,
                b"new".to_vec(),
                vec!["site".to_owned()],
            )
        );
    }

    #[test]
    fn rereading_named_files_sees_their_changes_and_refuses_what_the_cache_lacks() {
        let dir = scratch("reread");
        fs::create_dir_all(dir.join("c/t")).expect("bank");
        fs::write(dir.join("quizkit.toml"), "id = \"b\"\n").expect("write");
        fs::write(dir.join("c/t/q.toml"), "one\n").expect("write");
        let mut cache = ReadCache::default();
        let first = read_bank_cached(&dir, &mut cache).expect("read");
        fs::write(dir.join("c/t/q.toml"), "one, edited\n").expect("edit");
        let edited = reread_cached(&dir, &mut cache, &["c/t/q.toml".to_owned()]);
        let content = cache.file("c/t/q.toml").map(|f| f.content);
        let same = reread_cached(&dir, &mut cache, &["c/t/q.toml".to_owned()]);
        fs::write(dir.join("c/t/new.toml"), "new\n").expect("new");
        let new = reread_cached(&dir, &mut cache, &["c/t/new.toml".to_owned()]);
        fs::remove_file(dir.join("c/t/q.toml")).expect("remove");
        let gone = reread_cached(&dir, &mut cache, &["c/t/q.toml".to_owned()]);
        let walked = read_bank_cached(&dir, &mut cache).expect("read");
        let _ = fs::remove_dir_all(&dir);
        assert_eq!(
            first,
            vec!["c/t/q.toml".to_owned(), "quizkit.toml".to_owned()]
        );
        assert_eq!(edited, Some(vec!["c/t/q.toml".to_owned()]));
        assert!(matches!(content, Some(Content::Bytes(b)) if b == b"one, edited\n"));
        assert_eq!(same, Some(Vec::new()));
        assert_eq!((new, gone), (None, None));
        assert_eq!(
            walked,
            vec!["c/t/new.toml".to_owned(), "c/t/q.toml".to_owned()]
        );
    }

    #[test]
    fn a_symbolic_link_in_the_previous_output_is_never_linked_or_followed() {
        let dir = scratch("symlink");
        let site = dir.join("site");
        fs::create_dir_all(&site).expect("site");
        fs::write(dir.join("outside.html"), b"same").expect("outside");
        std::os::unix::fs::symlink(dir.join("outside.html"), site.join("page.html"))
            .expect("symlink");
        let staged = write_dir_atomic(&site, &[("page.html", b"same".as_slice())]).expect("write");
        let meta = fs::symlink_metadata(site.join("page.html")).expect("metadata");
        let _ = fs::remove_dir_all(&dir);
        assert_eq!(
            staged,
            Staged {
                written: 1,
                linked: 0
            }
        );
        assert!(meta.is_file() && !meta.file_type().is_symlink());
    }
}
