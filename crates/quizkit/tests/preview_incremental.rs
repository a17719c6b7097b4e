//! The preview's incremental rebuild can never drift from a full one: two rebuilders watch
//! the same bank through the same edits, one rebuilding incrementally (reload of the changed
//! files, lint of their topics, the pages they touch, then the bank-wide lint), the other
//! loading, linting and exporting the whole bank each time; their sites are equal byte for
//! byte, and so are their overlays once the bank-wide lint ran. And an edit changes only the
//! pages it should.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use quizkit::commands::preview::{BankLinter, Build, OverlayFinding, Rebuilder, SiteMap};

fn question(id: &str, stem: &str, related: &[&str]) -> String {
    let related = if related.is_empty() {
        String::new()
    } else {
        format!(
            "related = [{}]\n",
            related
                .iter()
                .map(|r| format!("\"{r}\""))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    format!(
        "[[question]]\nid = \"{id}\"\nstem.en = \"{stem}\"\nstem.nl = \"{stem} (nl)\"\nanswer = \"B\"\n\
         explanation.en = \"Because of how {id} works.\"\nexplanation.nl = \"Omdat {id} zo werkt.\"\n{related}\n\
         [[question.options]]\nen = \"The first answer for {id}\"\nnl = \"Het eerste antwoord voor {id}\"\n\n\
         [[question.options]]\nen = \"The second answer for {id}\"\nnl = \"Het tweede antwoord voor {id}\"\n\n\
         [[question.options]]\nen = \"The third answer for {id}\"\nnl = \"Het derde antwoord voor {id}\"\n\n"
    )
}

struct Bank {
    root: PathBuf,
}

impl Bank {
    fn new(name: &str) -> Bank {
        let root = std::env::temp_dir().join(format!(
            "quizkit-preview-incremental-{name}-{}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&root);
        let bank = Bank { root };
        bank.write(
            "quizkit.toml",
            "id = \"inc\"\nlanguages = [\"en\", \"nl\"]\ntitle.en = \"Incremental\"\ntitle.nl = \"Incrementeel\"\n",
        );
        for (c, topics) in [
            ("alpha", ["one", "two", "three"]),
            ("beta", ["four", "five", "six"]),
        ] {
            bank.write(
                &format!("{c}/category.toml"),
                &format!("title.en = \"Category {c}\"\ntitle.nl = \"Categorie {c}\"\n"),
            );
            for t in topics {
                bank.write(
                    &format!("{c}/{t}/topic.toml"),
                    &format!("title.en = \"Topic {t}\"\ntitle.nl = \"Onderwerp {t}\"\nsummary.en = \"All about {t}.\"\n"),
                );
                for file in ["01", "02"] {
                    let mut text = String::new();
                    for n in 0..3 {
                        let id = format!("{t}-{file}-{n}");
                        // Questions of `beta/four` name questions of `alpha/one` as related.
                        let related: &[&str] = if t == "four" {
                            &["one-01-1", "one-02-0"]
                        } else {
                            &[]
                        };
                        text.push_str(&question(
                            &id,
                            &format!("What does {t} {file} {n} do?"),
                            related,
                        ));
                    }
                    bank.write(&format!("{c}/{t}/{file}.toml"), &text);
                }
            }
        }
        bank
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.root.join(rel);
        fs::create_dir_all(path.parent().expect("folder")).expect("create folder");
        fs::write(path, text).expect("write");
    }

    fn read(&self, rel: &str) -> String {
        fs::read_to_string(self.root.join(rel)).expect("read")
    }

    fn edit(&self, rel: &str, from: &str, to: &str) {
        let text = self.read(rel);
        assert!(text.contains(from), "{rel} has no {from:?}");
        self.write(rel, &text.replacen(from, to, 1));
    }
}

impl Drop for Bank {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}

/// The incremental rebuilder with its bank-wide linter, the full one, and the sites each
/// showed, as the server holds them.
struct Pair {
    root: PathBuf,
    incremental: Rebuilder,
    linter: BankLinter,
    full: Rebuilder,
    site: SiteMap,
    full_site: SiteMap,
}

impl Pair {
    fn new(root: &Path) -> Pair {
        let mut incremental = Rebuilder::new(root);
        let mut full = Rebuilder::new(root);
        let a = incremental.rebuild().expect("first build");
        let b = full.rebuild_all().expect("first build");
        assert_eq!(a.findings, b.findings);
        let mut linter = BankLinter::default();
        linter.add(a.lint);
        let (mut site, mut full_site) = (SiteMap::new(), SiteMap::new());
        a.site.expect("a site").apply(&mut site);
        b.site.expect("a site").apply(&mut full_site);
        assert!(site == full_site);
        Pair {
            root: root.to_path_buf(),
            incremental,
            linter,
            full,
            site,
            full_site,
        }
    }

    /// Rebuilds both after an edit of the files at `paths` (below the root), the incremental
    /// one told of them as the watcher tells it: whether it was incremental, the pages that
    /// changed (added, removed or different), and the findings before the bank-wide lint.
    fn step(&mut self, paths: &[&str]) -> (bool, BTreeSet<String>, Vec<OverlayFinding>) {
        let named: Vec<PathBuf> = paths.iter().map(|p| self.root.join(p)).collect();
        let a: Build = self.incremental.rebuild_after(&named).expect("a rebuild");
        let b: Build = self.full.rebuild_all().expect("a rebuild");
        assert!(!b.incremental);
        assert_eq!(a.changed, b.changed);
        let early = a.findings.clone();
        self.linter.add(a.lint);
        let findings = match self.linter.run() {
            Some(linted) => self
                .incremental
                .linted(linted)
                .expect("the bank-wide lint of the last rebuild"),
            None => a.findings,
        };
        assert_eq!(findings, b.findings, "the overlays differ");
        let (has_a, has_b) = (a.site.is_some(), b.site.is_some());
        assert_eq!(has_a, has_b, "one site and not the other");
        let old = self.site.clone();
        if let (Some(x), Some(y)) = (a.site, b.site) {
            x.apply(&mut self.site);
            y.apply(&mut self.full_site);
        }
        let (x, y) = (&self.site, &self.full_site);
        let missing: Vec<&String> = y.keys().filter(|k| !x.contains_key(*k)).collect();
        let extra: Vec<&String> = x.keys().filter(|k| !y.contains_key(*k)).collect();
        let differ: Vec<&String> = x
            .iter()
            .filter(|(k, v)| y.get(*k).is_some_and(|w| w != *v))
            .map(|(k, _)| k)
            .collect();
        assert!(
            missing.is_empty() && extra.is_empty() && differ.is_empty(),
            "the incremental site is not the full one: missing {missing:?}, extra {extra:?}, different {differ:?}"
        );
        (a.incremental, changed_pages(&old, &self.site), early)
    }
}

fn changed_pages(old: &SiteMap, new: &SiteMap) -> BTreeSet<String> {
    old.keys()
        .chain(new.keys())
        .filter(|k| old.get(*k) != new.get(*k))
        .cloned()
        .collect()
}

fn in_folder<'a>(pages: &'a BTreeSet<String>, folder: &str) -> BTreeSet<&'a str> {
    pages
        .iter()
        .filter(|p| {
            p.split_once('/')
                .is_some_and(|(_, rest)| rest.starts_with(folder))
        })
        .map(String::as_str)
        .collect()
}

#[test]
fn incremental_rebuilds_equal_full_ones_and_touch_only_their_pages() {
    let bank = Bank::new("equal");
    let mut pair = Pair::new(&bank.root);

    // A stem edited: the topic's pages that show it, and the related page elsewhere; no count
    // changed, so no index page.
    bank.edit(
        "alpha/one/01.toml",
        "What does one 01 1 do?",
        "What, edited, does one 01 1 do?",
    );
    let (incremental, changed, _) = pair.step(&["alpha/one/01.toml"]);
    assert!(incremental);
    let outside: Vec<&String> = changed
        .iter()
        .filter(|p| !p.contains("/alpha/one/"))
        .collect();
    let related: BTreeSet<String> = ["en", "nl"]
        .iter()
        .flat_map(|l| {
            (0..3).flat_map(move |n| {
                ["01", "02"].map(|f| format!("{l}/beta/four/q/four-{f}-{n}.html"))
            })
        })
        .collect();
    assert!(
        outside.iter().all(|p| related.contains(*p)) && !outside.is_empty(),
        "pages outside the topic changed: {outside:?}"
    );
    for page in ["index.html", "practice.html", "q/one-01-1.html"] {
        let path = format!("en/alpha/one/{page}");
        assert!(
            changed.contains(&path),
            "{path} did not change: {changed:?}"
        );
    }
    // Only the English stem changed.
    assert!(changed.iter().all(|p| p.starts_with("en/")), "{changed:?}");
    assert!(!changed.contains("en/index.html"));
    assert!(!changed.contains("en/alpha/two/index.html"));

    // A question added: the count shows on the index, the category and its other topics.
    let added = question("one-02-new", "What does the new one do?", &[]);
    bank.write(
        "alpha/one/02.toml",
        &format!("{}{added}", bank.read("alpha/one/02.toml")),
    );
    let (incremental, changed, _) = pair.step(&["alpha/one/02.toml"]);
    assert!(incremental);
    for lang in ["en", "nl"] {
        for page in [
            format!("{lang}/index.html"),
            format!("{lang}/alpha/index.html"),
            format!("{lang}/alpha/two/index.html"),
            format!("{lang}/alpha/one/q/one-02-new.html"),
        ] {
            assert!(
                changed.contains(&page),
                "{page} did not change: {changed:?}"
            );
        }
        assert!(in_folder(&changed, "beta/five/").is_empty(), "{changed:?}");
    }

    // An id renamed that another topic names: its page goes, the new one comes, and the
    // related page that named it changes.
    bank.edit(
        "alpha/one/02.toml",
        "id = \"one-02-0\"",
        "id = \"one-02-zero\"",
    );
    let (incremental, changed, _) = pair.step(&["alpha/one/02.toml"]);
    assert!(incremental);
    assert!(changed.contains("en/alpha/one/q/one-02-0.html"));
    assert!(changed.contains("en/alpha/one/q/one-02-zero.html"));
    assert!(changed.contains("en/beta/four/q/four-01-0.html"));

    // A stem that duplicates one in another topic: the bank-wide lint finds it after the
    // reload, and the overlay then equals the full rebuild's.
    bank.edit(
        "alpha/one/01.toml",
        "What does one 01 0 do?",
        "What does five 01 0 do?",
    );
    let (incremental, _, early) = pair.step(&["alpha/one/01.toml"]);
    assert!(incremental);
    assert!(early.iter().all(|f| f.code != "B003"), "{early:?}");

    // Two files of two topics at once.
    bank.edit(
        "alpha/two/01.toml",
        "What does two 01 0 do?",
        "What does two 01 0 really do?",
    );
    bank.edit(
        "beta/six/02.toml",
        "What does six 02 2 do?",
        "What does six 02 2 really do?",
    );
    assert!(
        pair.step(&[
            "alpha/two/01.toml",
            "beta/six/02.toml",
            "beta/six/.02.toml.swp"
        ])
        .0
    );

    // Lost events name the root: the bank is walked, and the edit still found in place.
    bank.edit(
        "beta/five/01.toml",
        "What does five 01 1 do?",
        "What does five 01 1 still do?",
    );
    assert!(pair.step(&[""]).0);

    // A broken file keeps the last site; fixing it rebuilds.
    bank.edit("alpha/one/01.toml", "[[question]]", "[[question]");
    let (_, changed, findings) = pair.step(&["alpha/one/01.toml"]);
    assert!(changed.is_empty());
    assert!(findings.iter().any(|f| f.code == "S001"), "{findings:?}");
    bank.edit("alpha/one/01.toml", "[[question]", "[[question]]");
    pair.step(&["alpha/one/01.toml"]);
    bank.edit("alpha/one/01.toml", "edited", "edited again");
    assert!(
        pair.step(&["alpha/one/01.toml"]).0,
        "after the fix, rebuilds are incremental again"
    );

    // A file added, a topic's metadata, a file removed: whole rebuilds, still equal.
    bank.write(
        "alpha/one/03.toml",
        &question("one-03-0", "What does one 03 0 do?", &[]),
    );
    assert!(!pair.step(&["alpha/one/03.toml"]).0);
    bank.edit("alpha/one/topic.toml", "Topic one", "Topic one, renamed");
    assert!(!pair.step(&["alpha/one/topic.toml"]).0);
    fs::remove_file(bank.root.join("alpha/one/03.toml")).expect("remove");
    assert!(!pair.step(&["alpha/one/03.toml"]).0);
    // A folder moved away: the watcher names the folder only.
    let away = bank.root.with_extension("six");
    fs::rename(bank.root.join("beta/six"), &away).expect("move");
    assert!(!pair.step(&["beta/six"]).0);
    let _ = fs::remove_dir_all(&away);
    bank.edit("alpha/one/02.toml", "new one", "newer one");
    assert!(pair.step(&["alpha/one/02.toml"]).0);
}
