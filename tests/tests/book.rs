//! The book under `docs/`: one page per rule, generated from the rule's own documentation and
//! kept fresh, every page in the table of contents, and a build with mdBook (installed by
//! `scripts/tools.sh`) in which no internal link is broken.

use std::path::Path;

use quizkit_tests::links::check_site;
use quizkit_tests::{quizkit, run, temp_dir, tools_dir, workspace_root};

fn stdout_of(args: &[&str]) -> String {
    let out = run(quizkit().args(args));
    assert_eq!(out.status.code(), Some(0), "quizkit {args:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

const STALE: &str = "run `scripts/rule-pages.sh` to regenerate the rule pages";

#[test]
fn every_rule_has_its_generated_page_and_no_page_is_stale() {
    let dir = workspace_root().join("docs/src/rules");
    let summary = read(&workspace_root().join("docs/src/SUMMARY.md"));
    let mut expected = vec!["index.md".to_owned()];
    for rule in quizkit_lint::rules::ALL {
        let page = format!("{}.md", rule.name);
        let committed = read(&dir.join(&page));
        assert_eq!(
            committed,
            stdout_of(&["rule", rule.name]),
            "docs/src/rules/{page} is stale: {STALE}"
        );
        assert!(
            summary.contains(&format!("(rules/{page})")),
            "docs/src/SUMMARY.md does not list rules/{page}"
        );
        expected.push(page);
    }
    let index = read(&dir.join("index.md"));
    for line in stdout_of(&["rule", "--format", "markdown"]).lines().skip(2) {
        let code = &line[2..6];
        let name = line.split('`').nth(1).expect("a name in backquotes");
        let linked = line.replacen(
            &format!("| {code} |"),
            &format!("| [{code}]({name}.md) |"),
            1,
        );
        assert!(
            index.contains(&linked),
            "docs/src/rules/index.md is stale: {STALE}"
        );
    }
    let mut found: Vec<String> = std::fs::read_dir(&dir)
        .expect("docs/src/rules")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    expected.sort();
    assert_eq!(
        found, expected,
        "pages for rules that do not exist: {STALE}"
    );
}

#[test]
fn the_book_builds_with_mdbook_and_no_internal_link_is_broken() {
    let mdbook = tools_dir().join("mdbook/bin/mdbook");
    assert!(
        mdbook.is_file(),
        "mdBook is missing at {}: run `scripts/tools.sh`",
        mdbook.display()
    );
    let out_dir = temp_dir("book");
    let out = run(std::process::Command::new(&mdbook)
        .arg("build")
        .arg(workspace_root().join("docs"))
        .arg("--dest-dir")
        .arg(&out_dir));
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "mdbook build failed:\n{log}");
    assert!(
        !log.contains("WARN") && !log.contains("ERROR"),
        "mdbook build warned:\n{log}"
    );
    assert!(out_dir.join("rules/duplicate-options.html").is_file());
    let broken = check_site(&out_dir);
    assert!(broken.is_empty(), "broken links in the book: {broken:#?}");
}
