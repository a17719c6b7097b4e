//! `quizkit lint`, `quizkit rule` and `quizkit build` end to end: every output format against
//! its real consumer (SARIF against the official schema with check-jsonschema, JUnit through
//! Python's XML parser), exit codes, and the build's all-or-nothing `dist/`.

use std::path::{Path, PathBuf};
use std::process::Output;

use quizkit_tests::{copy_tree, quizkit, run, temp_dir, tools_python, workspace_root};

/// A copy of the shipped bank with one error (two equal options) and one warning (a
/// negative stem without emphasis) added as an extra question file.
fn flawed_bank(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    copy_tree(&workspace_root().join("questions"), &dir);
    let extra = r#"[[question]]
id = "lint-cli-flawed"
stem.nl = "Welke van deze is geen cacheniveau, ook al zegt 50% \"ja\"?"
stem.en = "Which of these is not a cache level, even though 50% say \"yes\"?"
answer = "C"
explanation.nl = "L7 bestaat niet."
explanation.en = "There is no L7."
options = [{ nl = "L1", en = "L1" }, { nl = "L1", en = "L1" }, { nl = "L7", en = "L7" }]
"#;
    std::fs::write(
        dir.join("computersystemen/ai-hardware/99-lint-cli.toml"),
        extra,
    )
    .expect("write the extra question file");
    dir
}

fn lint(bank: &Path, args: &[&str]) -> Output {
    run(quizkit().arg("lint").arg(bank).args(args))
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn json_is_the_documented_stable_shape() {
    let bank = flawed_bank("lint-json");
    let out = lint(&bank, &["--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json output");
    let items = findings.as_array().expect("an array");
    let dup = items
        .iter()
        .find(|f| f["code"] == "K001")
        .expect("a duplicate-options finding");
    for key in [
        "code", "rule", "severity", "message", "path", "question", "start", "end", "help",
        "related",
    ] {
        assert!(dup.get(key).is_some(), "`{key}` missing in {dup}");
    }
    assert_eq!(dup["rule"], "duplicate-options");
    assert_eq!(dup["severity"], "error");
    assert_eq!(dup["question"], "lint-cli-flawed");
    assert!(
        dup["path"]
            .as_str()
            .is_some_and(|p| p.ends_with("99-lint-cli.toml"))
    );
    assert_eq!(dup["start"]["line"], 8);
    assert_eq!(dup["related"][0]["message"], "option A");
    let negative = items
        .iter()
        .find(|f| f["code"] == "F019")
        .expect("a negative-stem finding");
    // The label sits on the word itself: "geen" at columns 30-33 of line 3.
    assert_eq!(
        negative["start"],
        serde_json::json!({ "line": 3, "column": 30 })
    );
    assert_eq!(
        negative["end"],
        serde_json::json!({ "line": 3, "column": 34 })
    );
}

/// Validates `file` against the vendored SARIF schema with Python's `jsonschema` (Draft 4,
/// formats checked); `Err` holds the validator's complaint.
fn validate_sarif(file: &Path) -> Result<(), String> {
    let schema = workspace_root().join("tests/schemas/sarif-schema-2.1.0.json");
    let script = r#"
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
log = json.load(open(sys.argv[2]))
v = jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
errors = sorted(v.iter_errors(log), key=lambda e: list(e.path))
for e in errors[:5]:
    print(list(e.path), e.message)
sys.exit(1 if errors else 0)
"#;
    let out = run(std::process::Command::new(tools_python())
        .args(["-c", script])
        .arg(&schema)
        .arg(file));
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{}{}",
            stdout(&out),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

#[test]
fn sarif_validates_against_the_official_schema() {
    let bank = flawed_bank("lint-sarif");
    // Run from the bank's folder, as CI runs from the repository root: URIs are relative.
    let out = run(quizkit().current_dir(bank.parent().expect("parent")).args([
        "lint",
        "lint-sarif",
        "--format",
        "sarif",
    ]));
    assert_eq!(out.status.code(), Some(1));
    let file = bank.join("quizkit.sarif");
    std::fs::write(&file, &out.stdout).expect("write sarif");
    if let Err(complaint) = validate_sarif(&file) {
        panic!("the SARIF does not validate:\n{complaint}");
    }
    // The validator is not vacuous: a level SARIF does not know is refused.
    let broken = String::from_utf8_lossy(&out.stdout).replacen(
        "\"level\": \"error\"",
        "\"level\": \"fatal\"",
        1,
    );
    let broken_file = bank.join("broken.sarif");
    std::fs::write(&broken_file, broken).expect("write broken sarif");
    assert!(
        validate_sarif(&broken_file).is_err(),
        "an invalid level must be refused"
    );
    // What GitHub code scanning needs beyond the schema: rules for every ruleId, and relative
    // locations with a region.
    let log: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let run0 = &log["runs"][0];
    let rules = run0["tool"]["driver"]["rules"].as_array().expect("rules");
    let results = run0["results"].as_array().expect("results");
    assert!(!results.is_empty());
    for r in results {
        let index = r["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[index]["id"], r["ruleId"]);
        assert!(["error", "warning", "note"].contains(&r["level"].as_str().unwrap_or("")));
        let location = &r["locations"][0]["physicalLocation"];
        let uri = location["artifactLocation"]["uri"].as_str().expect("uri");
        assert!(
            uri.starts_with("lint-sarif/") && !uri.contains("://"),
            "{uri} is not relative"
        );
        assert!(
            location["region"]["startLine"]
                .as_u64()
                .is_some_and(|l| l >= 1)
        );
    }
}

#[test]
fn github_annotations_escape_their_properties_and_data() {
    let bank = flawed_bank("lint-github");
    let out = lint(&bank, &["--format", "github"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let line = text
        .lines()
        .find(|l| l.starts_with("::error ") && l.contains("title=K001 duplicate-options"))
        .unwrap_or_else(|| panic!("no K001 annotation in:\n{text}"));
    assert!(line.contains(",line=8,col="), "{line}");
    assert!(
        line.contains("%0Ahelp: "),
        "the help goes on its own line: {line}"
    );
    let warning = text
        .lines()
        .find(|l| l.starts_with("::warning ") && l.contains("F019"))
        .unwrap_or_else(|| panic!("no F019 annotation in:\n{text}"));
    assert!(
        warning.contains("line=3,col=30,endLine=3,endColumn=33"),
        "{warning}"
    );
    for l in text.lines() {
        let (props, _) = l
            .split_once("::")
            .map(|(_, rest)| rest)
            .and_then(|r| r.split_once("::"))
            .unwrap_or_default();
        let file = props.split(',').find_map(|p| {
            p.strip_prefix("error file=")
                .or_else(|| p.strip_prefix("warning file="))
        });
        assert!(
            file.is_some_and(|f| !f.contains(':')),
            "unescaped property in {l}"
        );
    }
}

#[test]
fn junit_is_well_formed_with_a_failure_per_finding() {
    let bank = flawed_bank("lint-junit");
    let out = lint(&bank, &["--format", "junit"]);
    assert_eq!(out.status.code(), Some(1));
    let file = bank.join("report.xml");
    std::fs::write(&file, &out.stdout).expect("write junit");
    let script = r#"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "testsuites", root.tag
cases = root.findall("./testsuite/testcase")
failures = root.findall("./testsuite/testcase/failure")
print(len(cases), len(failures), root.get("tests"), root.get("failures"))
"#;
    let parsed = run(std::process::Command::new(tools_python())
        .args(["-c", script])
        .arg(&file));
    assert!(
        parsed.status.success(),
        "{}",
        String::from_utf8_lossy(&parsed.stderr)
    );
    let counts: Vec<usize> = stdout(&parsed)
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect();
    let findings: serde_json::Value =
        serde_json::from_slice(&lint(&bank, &["--format", "json"]).stdout).expect("json");
    let n_findings = findings.as_array().map_or(0, Vec::len);
    assert_eq!(counts[1], n_findings, "one <failure> per finding");
    assert_eq!(counts[0], counts[2], "`tests` counts the test cases");
    assert!(counts[0] > 50, "a test case per question: {counts:?}");
}

#[test]
fn a_file_that_does_not_load_does_not_make_links_to_it_findings() {
    let dir = temp_dir("lint-unloaded");
    copy_tree(&workspace_root().join("questions"), &dir);
    let file = dir.join("computersystemen/ai-hardware/01-training-en-geheugen.toml");
    let text = std::fs::read_to_string(&file).expect("question file");
    std::fs::write(&file, text.replacen("answer = ", "anwser = ", 1)).expect("write");
    let out = lint(&dir, &["--format", "json"]);
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let codes: Vec<&str> = findings
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| f["code"].as_str())
        .collect();
    assert!(codes.contains(&"S002"), "{codes:?}");
    assert!(
        !codes.contains(&"Q006"),
        "links into the file that did not load are not findings: {codes:?}"
    );
}

#[test]
fn exit_codes_follow_the_worst_finding() {
    let bank = flawed_bank("lint-exit");
    assert_eq!(lint(&bank, &[]).status.code(), Some(1));
    // Ignoring the error leaves warnings: exit 0, unless warnings fail the run.
    std::fs::write(
        bank.join("quizkit.toml"),
        "id = \"kennisquiz\"\nlanguages = [\"nl\", \"en\"]\n[lint]\nignore = [\"duplicate-options\"]\n",
    )
    .expect("write config");
    let out = lint(&bank, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("0 errors"), "{}", stdout(&out));
    assert_eq!(
        lint(&bank, &["--error-on", "warning"]).status.code(),
        Some(1)
    );
    assert_eq!(
        lint(&bank, &["--statistics", "--format", "sarif"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        run(quizkit().args(["lint", "no/such/bank"])).status.code(),
        Some(2)
    );
}

#[test]
fn config_selects_relevels_and_reports_unknown_rules() {
    let bank = flawed_bank("lint-config");
    std::fs::write(
        bank.join("quizkit.toml"),
        "id = \"kennisquiz\"\nlanguages = [\"nl\", \"en\"]\n[lint]\nselect = [\"K\", \"F019\", \"duplicate-optoins\"]\nseverity = { F019 = \"error\" }\n",
    )
    .expect("write config");
    let out = lint(&bank, &["--statistics", "--format", "json"]);
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let codes: Vec<(&str, &str)> = stats
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| {
            (
                s["code"].as_str().unwrap_or(""),
                s["severity"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert!(codes.contains(&("K001", "error")), "{codes:?}");
    assert!(codes.contains(&("F019", "error")), "{codes:?}");
    assert!(
        codes
            .iter()
            .all(|(c, _)| c.starts_with('K') || *c == "F019" || c.starts_with('A')),
        "{codes:?}"
    );
    let out = lint(&bank, &["--format", "json"]);
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let unknown = findings
        .as_array()
        .into_iter()
        .flatten()
        .find(|f| f["code"] == "A002")
        .expect("the mistyped selector is reported");
    assert_eq!(
        unknown["help"],
        "did you mean `duplicate-options`? `quizkit rule` lists every rule"
    );
    assert!(
        unknown["path"]
            .as_str()
            .is_some_and(|p| p.ends_with("quizkit.toml"))
    );
}

#[test]
fn rule_prints_the_same_docs_as_the_rule_file() {
    let out = run(quizkit().args(["rule", "duplicate-options"]));
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.starts_with("# K001 duplicate-options\n"), "{text}");
    let rule = quizkit_lint::rule("K001").expect("K001");
    assert!(
        text.ends_with(rule.docs),
        "the printed docs are the rule file's DOCS"
    );
    let list = stdout(&run(quizkit().arg("rule")));
    assert_eq!(list.lines().count(), quizkit_lint::rules::ALL.len());
    let out = run(quizkit().args(["rule", "duplicate-option"]));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `duplicate-options`?"));
}

#[test]
fn build_refuses_errors_and_never_leaves_half_a_dist() {
    let bank = flawed_bank("build-refuses");
    let dist = bank.parent().expect("parent").join("build-refuses-dist");
    let _ = std::fs::remove_dir_all(&dist);
    std::fs::create_dir_all(&dist).expect("dist");
    std::fs::write(dist.join("previous.txt"), "the last good build").expect("marker");
    let build = |extra: &[&str]| {
        run(quizkit()
            .arg("build")
            .arg(&bank)
            .arg("-o")
            .arg(&dist)
            .args(extra))
    };
    let out = build(&[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Not built: lint found 1 error"));
    assert!(
        dist.join("previous.txt").is_file(),
        "a refused build leaves dist/ alone"
    );

    // A target that does not exist fails before anything is written.
    std::fs::write(
        bank.join("quizkit.toml"),
        "id = \"kennisquiz\"\nlanguages = [\"nl\", \"en\"]\n[export]\ntargets = [\"jsno\"]\n",
    )
    .expect("write config");
    let out = build(&["--force"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `json`?"));
    assert!(dist.join("previous.txt").is_file());

    // Forced past the lint error, it replaces dist/ as a whole with the configured targets.
    std::fs::write(
        bank.join("quizkit.toml"),
        "id = \"kennisquiz\"\nlanguages = [\"nl\", \"en\"]\n[export]\ntargets = [\"json\"]\n",
    )
    .expect("write config");
    let out = build(&["--force"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !dist.join("previous.txt").exists(),
        "dist/ is replaced, not merged"
    );
    let entries: Vec<String> = std::fs::read_dir(&dist)
        .expect("dist")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(entries.len(), 1, "only the json target: {entries:?}");
    let leftovers: Vec<String> = std::fs::read_dir(bank.parent().expect("parent"))
        .expect("parent")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("quizkit-stage") || n.contains("quizkit-old"))
        .collect();
    assert!(
        leftovers.is_empty(),
        "staging folders left behind: {leftovers:?}"
    );
}

/// A bank of one question whose stem shows an image from outside, which the HTML site cannot
/// load: something the author can fix, among things the targets cannot carry.
fn one_question_bank(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    let files = [
        (
            "quizkit.toml",
            "id = \"one\"\ntitle = \"One\"\nlanguages = [\"en\"]\n",
        ),
        ("t/category.toml", "title = \"Computers\"\n"),
        ("t/a/topic.toml", "title = \"Caches\"\n"),
        (
            "t/a/01.toml",
            r#"[[question]]
id = "cache-purpose"
stem = "Why do processors have caches, as in ![a chip](https://example.org/chip.png)?"
answer = "A"
difficulty = "easy"
explanation = "Main memory is far slower than the core."
options = [
  "To keep recently used data close to the core",
  "To keep the operating system's files at hand",
  "To spread the heat of the cores over the chip",
]
"#,
        ),
    ];
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("folders");
        std::fs::write(path, text).expect("write a bank file");
    }
    dir
}

#[test]
fn one_question_is_counted_in_the_singular() {
    let bank = one_question_bank("one-question");
    let out = lint(&bank, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(stdout(&out), "All checks passed: 1 question.\n");

    let dist = bank.join("dist");
    let out = run(quizkit().arg("build").arg(&bank).arg("-o").arg(&dist));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains(" from 1 question (7 targets):"), "{stderr}");

    let out = run(quizkit()
        .args(["export", "--to", "json", "-o"])
        .arg(bank.join("bank.json"))
        .arg(&bank));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("Exported 1 question to "), "{stderr}");
}

#[test]
fn build_notes_what_targets_cannot_carry_in_one_line_and_warns_of_what_the_author_can_fix() {
    let bank = one_question_bank("build-notes");
    let build = |extra: &[&str]| {
        let out = run(quizkit()
            .arg("build")
            .arg(&bank)
            .arg("-o")
            .arg(bank.join("dist"))
            .args(extra));
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let stderr = build(&[]);
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .collect();
    assert_eq!(
        warnings,
        [
            "warning: html: question `cache-purpose`: the image `https://example.org/chip.png` will not show on the site, which loads nothing from outside itself; put the file in the bank or embed it as a data: URL"
        ],
        "{stderr}"
    );
    let notes: Vec<&str> = stderr.lines().filter(|l| l.starts_with("note:")).collect();
    assert_eq!(
        notes,
        ["note: 3 notes on what the targets cannot carry (moodle 1, gift 2); -v lists them"],
        "{stderr}"
    );

    let stderr = build(&["-v"]);
    let notes: Vec<&str> = stderr.lines().filter(|l| l.starts_with("note:")).collect();
    assert_eq!(
        notes,
        [
            "note: moodle: Moodle XML has no field for a question's difficulty; left out of 1 question(s) (the json and html exports keep it)",
            "note: gift: GIFT cannot set the answer numbering: Moodle numbers the options with its site default (a., b., c.) instead of A, B, C",
            "note: gift: GIFT has no field for a question's difficulty; left out of 1 question(s) (the json and html exports keep it)",
            "note: 3 notes on what the targets cannot carry (moodle 1, gift 2)",
        ],
        "{stderr}"
    );
    assert!(
        stderr.contains("warning: html: question `cache-purpose`"),
        "{stderr}"
    );

    // The shipped bank has nothing its author could fix: no warning, one line of notes.
    let dist = bank.join("shipped-dist");
    let out = run(quizkit()
        .arg("build")
        .arg(workspace_root().join("questions"))
        .arg("-o")
        .arg(&dist));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("warning"), "{stderr}");
    assert!(
        stderr.contains(
            "note: 13 notes on what the targets cannot carry (moodle 3, gift 6, qti 2, canvas 2); -v lists them"
        ),
        "{stderr}"
    );
}
