//! A link checker for a built static site (the book): every relative `href` and `src` must name
//! a file of the site, and every `#fragment` an `id` in that file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

/// A link that leads nowhere: the page it is on, the link as written, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broken {
    /// The page, relative to the site's root.
    pub page: String,
    /// The link as written.
    pub link: String,
    /// What is missing.
    pub why: String,
}

/// Checks every `.html` page under `root`. External links (with a scheme such as `https:` or
/// `mailto:`) are not followed.
pub fn check_site(root: &Path) -> Vec<Broken> {
    let mut pages = BTreeMap::new();
    collect(root, root, &mut pages);
    let ids: BTreeMap<&PathBuf, BTreeSet<String>> = pages
        .iter()
        .map(|(path, html)| (path, ids_of(html)))
        .collect();
    let mut broken = Vec::new();
    for (page, html) in &pages {
        for link in links_of(html) {
            if let Some(why) = resolve(root, page, &link, &ids) {
                broken.push(Broken {
                    page: page.display().to_string(),
                    link,
                    why,
                });
            }
        }
    }
    broken
}

fn collect(root: &Path, dir: &Path, pages: &mut BTreeMap<PathBuf, String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, pages);
        } else if path.extension().is_some_and(|e| e == "html") {
            let html = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            let rel = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
            pages.insert(rel, html);
        }
    }
}

/// The values of every `href="…"` and `src="…"` attribute.
fn links_of(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in [" href=\"", " src=\""] {
        let mut rest = html;
        while let Some(at) = rest.find(attr) {
            rest = &rest[at + attr.len()..];
            if let Some(end) = rest.find('"') {
                out.push(rest[..end].replace("&amp;", "&"));
                rest = &rest[end..];
            }
        }
    }
    out
}

fn ids_of(html: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = html;
    while let Some(at) = rest.find(" id=\"") {
        rest = &rest[at + 5..];
        if let Some(end) = rest.find('"') {
            out.insert(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    out
}

fn resolve(
    root: &Path,
    page: &Path,
    link: &str,
    ids: &BTreeMap<&PathBuf, BTreeSet<String>>,
) -> Option<String> {
    let scheme = link.split_once(':').map(|(s, _)| s);
    if scheme.is_some_and(|s| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
    }) {
        return None;
    }
    let link = link.split('?').next().unwrap_or("");
    let (path, fragment) = match link.split_once('#') {
        Some((p, f)) => (p, Some(f)),
        None => (link, None),
    };
    let target = if path.is_empty() {
        page.to_path_buf()
    } else {
        // A path from the site's root (mdBook's 404 page links to `/`), or from the page's folder.
        let joined = match path.strip_prefix('/') {
            Some(from_root) => PathBuf::from(from_root),
            None => page.parent().unwrap_or(Path::new("")).join(path),
        };
        match normalize(&joined) {
            Some(p) => p,
            None => return Some("leads outside the site".to_owned()),
        }
    };
    let target = if path.ends_with('/') || target.as_os_str().is_empty() {
        target.join("index.html")
    } else {
        target
    };
    let on_disk = root.join(&target);
    if !on_disk.is_file() {
        return Some(format!("no file {}", target.display()));
    }
    match fragment {
        Some(f) if !f.is_empty() && target.extension().is_some_and(|e| e == "html") => {
            let known = ids.get(&target).is_some_and(|set| set.contains(f));
            (!known).then(|| format!("no id `{f}` in {}", target.display()))
        }
        _ => None,
    }
}

/// `a/./b/../c` → `a/c`; `None` when the path climbs above the root.
fn normalize(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::Normal(p) => out.push(p),
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(files: &[(&str, &str)]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("quizkit-links-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let file = dir.join(path);
            std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
            std::fs::write(file, text).expect("write");
        }
        dir
    }

    #[test]
    fn finds_missing_files_missing_ids_and_escapes_and_passes_good_links() {
        let root = site(&[
            (
                "index.html",
                r##"<a href="a/b.html#x">ok</a> <a href="/">root</a> <a href="/a/nowhere/">5</a> <a href="a/missing.html">1</a> <a href="#top">2</a> <a href="https://example.org/">ext</a> <img src="../../etc/passwd"> <span id="here"></span><a href="#here">ok</a>"##,
            ),
            (
                "a/b.html",
                r#"<h1 id="x">X</h1><a href="../index.html#nope">3</a><link href="style.css?v=1"><a href="c.html">4</a>"#,
            ),
            ("a/style.css", "body{}"),
        ]);
        let broken = check_site(&root);
        let found: Vec<(&str, &str)> = broken
            .iter()
            .map(|b| (b.page.as_str(), b.link.as_str()))
            .collect();
        assert_eq!(
            found,
            vec![
                ("a/b.html", "../index.html#nope"),
                ("a/b.html", "c.html"),
                ("index.html", "/a/nowhere/"),
                ("index.html", "a/missing.html"),
                ("index.html", "#top"),
                ("index.html", "../../etc/passwd"),
            ],
            "{broken:#?}"
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}
