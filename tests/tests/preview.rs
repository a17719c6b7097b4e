//! `quizkit preview` over loopback: the site is served from memory with the preview script,
//! only to its own host; a save rebuilds it and the event stream says so; a bank that stops
//! loading keeps the server and the last site, with the error in the state; and in Chromium
//! (`tests/js/preview/live.cjs`), an edited stem appears without a reload, a broken file shows
//! the overlay at the right line, and fixing it takes the overlay away. Every wait is bounded,
//! and the server is killed when the test ends, passed or failed.

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use quizkit_tests::guard::{DEADLINE, run_bounded};
use quizkit_tests::hostile::{ended, text};
use quizkit_tests::{quizkit, temp_dir, tools_node, workspace_root};

/// How long any one wait on the server may take.
const WAIT: Duration = Duration::from_secs(20);

/// A running `quizkit preview`, killed on drop.
struct Preview {
    child: Child,
    port: u16,
}

impl Drop for Preview {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Preview {
    fn start(bank: &Path) -> Preview {
        Preview::start_with(bank, &[], &[])
    }

    /// [`Preview::start`] with more arguments and environment variables.
    fn start_with(bank: &Path, args: &[&str], env: &[(&str, &Path)]) -> Preview {
        let mut command = quizkit();
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command
            .arg("preview")
            .arg(bank)
            .args(["--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start quizkit preview");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let mut preview = Preview { child, port: 0 };
        let line = rx.recv_timeout(WAIT).unwrap_or_default();
        let port = line
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok());
        preview.port = port.unwrap_or_else(|| panic!("no address in the first line: {line:?}"));
        preview
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// GET `path` with `host` as the Host header: (status, body).
    fn get_as(&self, path: &str, host: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream.set_read_timeout(Some(WAIT)).expect("timeout");
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        )
        .expect("request");
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        let response = text(&response);
        let status = response
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = response
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_owned())
            .unwrap_or_default();
        (status, body)
    }

    fn get(&self, path: &str) -> (u16, String) {
        self.get_as(path, &format!("127.0.0.1:{}", self.port))
    }

    fn state(&self) -> serde_json::Value {
        let (status, body) = self.get("/_quizkit/state");
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).expect("state is JSON")
    }

    /// Polls the state until `done` holds, for at most [`WAIT`].
    fn wait_for(&self, what: &str, done: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
        let start = Instant::now();
        loop {
            let state = self.state();
            if done(&state) {
                return state;
            }
            assert!(start.elapsed() < WAIT, "{what}: still {state}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

fn new_bank(name: &str) -> PathBuf {
    let dir = temp_dir(&format!("preview/{name}"));
    let out = run_bounded(
        quizkit()
            .current_dir(&dir)
            .args(["new", "bank", "b", "--lang", "en,nl"]),
        DEADLINE,
    );
    ended(&out, &[0]);
    dir.join("b")
}

const QUESTION_PAGE: &str = "en/getting-started/first-topic/q/bank-languages.html";

fn question_file(bank: &Path) -> PathBuf {
    bank.join("getting-started/first-topic/01-questions.toml")
}

#[test]
fn open_starts_the_browser_named_by_browser_with_the_preview_url() {
    let bank = new_bank("open");
    let dir = bank.parent().expect("folder").to_path_buf();
    let opened = dir.join("opened.txt");
    let browser = dir.join("browser.sh");
    // A browser that writes down what it was asked to open.
    fs::write(
        &browser,
        format!(
            "#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}.tmp' && mv '{0}.tmp' '{0}'\n",
            opened.display()
        ),
    )
    .expect("browser script");
    let mut permissions = fs::metadata(&browser).expect("metadata").permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    fs::set_permissions(&browser, permissions).expect("chmod");
    let preview = Preview::start_with(&bank, &["--open"], &[("BROWSER", &browser)]);
    let start = Instant::now();
    while !opened.exists() {
        assert!(
            start.elapsed() < WAIT,
            "the browser was not started within {WAIT:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let args = fs::read_to_string(&opened).expect("opened");
    assert_eq!(args, format!("{}\n", preview.url()));
    // The page it was sent to is there.
    assert_eq!(preview.get("/").0, 200);
}

#[test]
fn the_site_is_served_from_memory_with_the_preview_script_to_its_own_host_only() {
    let bank = new_bank("serve");
    let preview = Preview::start(&bank);
    let (status, page) = preview.get(&format!("/{QUESTION_PAGE}"));
    assert_eq!(status, 200);
    assert!(
        page.contains("Which file of a bank lists its languages?"),
        "{page}"
    );
    assert!(
        page.contains("<script src=\"../../../../assets/preview.js\" defer></script>"),
        "{page}"
    );
    assert!(page.contains("script-src 'self'"), "the page lost its CSP");
    let (status, script) = preview.get("/assets/preview.js");
    assert_eq!(status, 200);
    assert!(script.contains("/_quizkit/events"));
    let (status, root) = preview.get("/");
    assert_eq!(status, 200);
    assert!(root.contains("en/index.html"), "{root}");
    let (status, missing) = preview.get("/en/nothing.html");
    assert_eq!(status, 404);
    assert!(
        missing.contains("/assets/preview.js"),
        "the 404 page does not reload itself"
    );
    let (status, _) = preview.get("/../quizkit.toml");
    assert_eq!(status, 404, "a path out of the site is answered");
    let (status, _) = preview.get_as("/index.html", "attacker.example");
    assert_eq!(
        status, 403,
        "a page of another host name may read the preview"
    );
    // Nothing is written: the bank holds only what `quizkit new` made.
    assert!(!bank.join("site").exists() && !bank.join("dist").exists());
}

#[test]
fn a_save_rebuilds_and_a_bank_that_stops_loading_keeps_the_server() {
    let bank = new_bank("rebuild");
    let preview = Preview::start(&bank);
    let first = preview.wait_for("the first build", |s| s["site"] == 1);
    assert_eq!(first["findings"], serde_json::json!([]));
    let file = question_file(&bank);
    let original = fs::read_to_string(&file).expect("read");
    let edited = original.replace("lists its languages?", "names its languages?");
    fs::write(&file, &edited).expect("edit");
    preview.wait_for("the rebuild after an edit", |s| s["site"] == 2);
    let (_, page) = preview.get(&format!("/{QUESTION_PAGE}"));
    assert!(
        page.contains("Which file of a bank names its languages?"),
        "{page}"
    );

    // quizkit.toml broken: no bank at all. The server stays, with the last site and the error.
    let config = bank.join("quizkit.toml");
    let good = fs::read_to_string(&config).expect("config");
    fs::write(&config, good.replace("languages = [", "languages = [[")).expect("break");
    let broken = preview.wait_for("the error of quizkit.toml", |s| {
        s["findings"].as_array().is_some_and(|f| !f.is_empty())
    });
    let finding = &broken["findings"][0];
    assert_eq!(finding["severity"], "error", "{broken}");
    assert!(
        finding["file"]
            .as_str()
            .unwrap_or_default()
            .ends_with("quizkit.toml"),
        "{broken}"
    );
    assert!(finding["line"].as_u64().unwrap_or(0) > 0, "{broken}");
    assert_eq!(broken["site"], 2, "the last good site was dropped");
    let (status, page) = preview.get(&format!("/{QUESTION_PAGE}"));
    assert_eq!(status, 200);
    assert!(page.contains("names its languages?"));

    // A lint finding in the edited file shows, and goes when fixed.
    fs::write(&config, &good).expect("fix");
    let bad_key = edited.replace("answer = \"A\"", "answer = \"D\"");
    fs::write(&file, &bad_key).expect("wrong key");
    let linted = preview.wait_for("the lint finding", |s| {
        s["findings"]
            .as_array()
            .is_some_and(|f| f.iter().any(|f| f["code"] == "Q002"))
    });
    let line = bad_key
        .lines()
        .position(|l| l.starts_with("answer = "))
        .map(|i| i + 1);
    let q002 = linted["findings"]
        .as_array()
        .and_then(|f| f.iter().find(|f| f["code"] == "Q002"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(q002["line"].as_u64().map(|l| l as usize), line, "{linted}");
    fs::write(&file, &edited).expect("fix the key");
    preview.wait_for("the overlay emptied", |s| {
        s["findings"] == serde_json::json!([])
    });
}

#[test]
fn an_image_written_beside_the_questions_or_under_media_rebuilds_but_an_editor_file_does_not() {
    let bank = new_bank("media");
    let preview = Preview::start(&bank);
    preview.wait_for("the first build", |s| s["site"] == 1);
    // The smallest PNG: its signature and an IHDR chunk are enough for a file event.
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0";
    fs::write(bank.join("getting-started/first-topic/figure.png"), png).expect("image");
    preview.wait_for("the rebuild after an image beside the questions", |s| {
        s["site"] == 2
    });
    fs::create_dir_all(bank.join("media")).expect("media");
    fs::write(bank.join("media/diagram.png"), png).expect("image");
    preview.wait_for("the rebuild after an image under media/", |s| {
        s["site"] == 3
    });
    // A swap file and a backup are not the bank's.
    fs::write(
        bank.join("getting-started/first-topic/.01-questions.toml.swp"),
        b"x",
    )
    .expect("swap file");
    fs::write(
        bank.join("getting-started/first-topic/01-questions.toml~"),
        b"x",
    )
    .expect("backup");
    std::thread::sleep(Duration::from_millis(600));
    assert_eq!(
        preview.state()["site"],
        3,
        "an editor's file rebuilt the site"
    );
}

#[test]
fn the_event_stream_sends_the_state_and_every_change() {
    let bank = new_bank("events");
    let preview = Preview::start(&bank);
    preview.wait_for("the first build", |s| s["site"] == 1);
    let mut stream = TcpStream::connect(("127.0.0.1", preview.port)).expect("connect");
    stream.set_read_timeout(Some(WAIT)).expect("timeout");
    write!(
        stream,
        "GET /_quizkit/events HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n",
        preview.port
    )
    .expect("request");
    let mut reader = BufReader::new(stream);
    let mut data = Vec::new();
    let mut next_state = |data: &mut Vec<String>| {
        let start = Instant::now();
        loop {
            let mut line = String::new();
            let n = reader.read_line(&mut line).expect("read the stream");
            assert!(n > 0 && start.elapsed() < WAIT, "the stream ended");
            if let Some(json) = line.strip_prefix("data: ") {
                data.push(json.trim().to_owned());
                return;
            }
        }
    };
    next_state(&mut data);
    let file = question_file(&bank);
    let original = fs::read_to_string(&file).expect("read");
    fs::write(&file, original.replace("lists its", "names its")).expect("edit");
    next_state(&mut data);
    let states: Vec<serde_json::Value> = data
        .iter()
        .map(|d| serde_json::from_str(d).expect("JSON"))
        .collect();
    assert_eq!(states[0]["site"], 1, "{data:?}");
    assert_eq!(states[1]["site"], 2, "{data:?}");
}

#[test]
fn chromium_shows_an_edit_live_and_the_overlay_at_the_broken_line() {
    let bank = new_bank("browser");
    let preview = Preview::start(&bank);
    preview.wait_for("the first build", |s| s["site"] == 1);
    let script = workspace_root().join("tests/js/preview/live.cjs");
    let file = question_file(&bank);
    let out = run_bounded(
        tools_node()
            .arg(&script)
            .arg(preview.url())
            .arg(QUESTION_PAGE)
            .arg(&file),
        Duration::from_secs(90),
    );
    assert!(
        out.status.success(),
        "live.cjs failed:\n{}\n{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}

#[test]
fn the_preview_serves_the_images_and_rebuilds_when_one_changes() {
    let bank = temp_dir("preview/media").join("bank");
    quizkit_tests::copy_tree(&workspace_root().join("tests/fixtures/media-bank"), &bank);
    let preview = Preview::start(&bank);
    preview.wait_for("the first build", |s| s["site"] == 1);
    let page = "/en/c/t/q/which-bar.html";
    // The address of the SVG's <img>: `../../../../media/<hash>.svg`.
    let src = |html: &str| -> String {
        let start = html.find("src=\"../../../../media/").expect("an <img>") + 5;
        let end = start + html[start..].find(".svg\"").expect("the SVG's <img>") + 4;
        html[start..end].to_owned()
    };
    let (_, html) = preview.get(page);
    let first = src(&html);
    let served = |src: &str| {
        let path = format!("/{}", src.trim_start_matches("../"));
        preview.get(&path)
    };
    let (status, svg) = served(&first);
    assert_eq!(status, 200, "{first}");
    assert!(svg.contains("#2a5db0"), "{svg}");
    // Only the image changes: the site is rebuilt, under a new name.
    let file = bank.join("c/t/diagram één #1.svg");
    let original = fs::read_to_string(&file).expect("svg");
    fs::write(&file, original.replace("#2a5db0", "#1b4f9c")).expect("edit the image");
    preview.wait_for("the rebuild after an image edit", |s| s["site"] == 2);
    let (_, html) = preview.get(page);
    let second = src(&html);
    assert_ne!(first, second, "a changed image keeps its name");
    let (status, svg) = served(&second);
    assert_eq!(status, 200, "{second}");
    assert!(svg.contains("#1b4f9c"), "{svg}");
    assert_eq!(served(&first).0, 404, "the old image is still served");
}
