"""Runs the `run:` steps of a composite action (action.yml) the way a GitHub runner does, for
quizkit's action tests, so the action's own shell code is what gets tested.

    python run_action.py ACTION_DIR CONTEXT_JSON

CONTEXT_JSON gives `github` (action_ref, action_repository), `runner` (temp, os, arch),
`inputs` (the rest come from the action's defaults) and `outputs_of_uses` (the outputs a `uses:`
step reports, by step id, e.g. a cache miss). What it does, like the runner: `${{ a.b }}`
lookups in `env`, `with` and `if` (only `X == 'v'` and `X != 'v'` conditions; anything else is
an error), each `run:` with `bash --noprofile --norc -eo pipefail`, GITHUB_OUTPUT and
GITHUB_PATH files read back after each step, the step's output printed as it comes. A `uses:`
step is not run (that is the other action's business): it is printed as `::skipped uses X::`.
Stops at the first failing step, with its exit code. Prints a last line
`::result::{JSON}` with every step's outputs and the action's outputs.
"""

import json
import os
import re
import subprocess
import sys

from ruamel.yaml import YAML

EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def lookup(context, path):
    value = context
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            # As on GitHub, an output a step did not set is empty; a misspelt context is not.
            if path.startswith("steps.") and ".outputs." in path:
                return ""
            raise SystemExit(f"run_action.py: unknown context value `{path}`")
        value = value[part]
    return value


def substitute(text, context):
    return EXPR.sub(lambda m: str(lookup(context, m.group(1))), str(text))


def condition(text, context):
    m = re.fullmatch(r"\s*([\w.-]+)\s*(==|!=)\s*'([^']*)'\s*", EXPR.sub(r"\1", text))
    if not m:
        raise SystemExit(f"run_action.py: cannot evaluate the condition `{text}`")
    value = str(lookup(context, m.group(1)))
    return (value == m.group(3)) == (m.group(2) == "==")


def read_pairs(path):
    pairs = {}
    with open(path) as f:
        for line in f.read().splitlines():
            if "=" in line:
                name, value = line.split("=", 1)
                pairs[name] = value
    return pairs


def main():
    action_dir, given = sys.argv[1], json.loads(sys.argv[2])
    action = YAML(typ="safe").load(open(os.path.join(action_dir, "action.yml")))
    inputs = {k: str(v.get("default", "")) for k, v in (action.get("inputs") or {}).items()}
    inputs.update(given.get("inputs", {}))
    github = {"action_path": action_dir, "action_ref": "", "action_repository": ""}
    github.update(given.get("github", {}))
    runner = given["runner"]
    context = {"github": github, "runner": runner, "inputs": inputs, "steps": {}}
    path_file = os.path.join(runner["temp"], "github-path")
    open(path_file, "w").close()

    for index, step in enumerate(action["runs"]["steps"]):
        step_id = step.get("id", f"step{index}")
        if "if" in step and not condition(step["if"], context):
            print(f"::skipped {step.get('name', step_id)}::", flush=True)
            context["steps"][step_id] = {"outputs": {}}
            continue
        if "uses" in step:
            print(f"::skipped uses {step['uses']}::", flush=True)
            for value in (step.get("with") or {}).values():
                substitute(value, context)
            outputs = given.get("outputs_of_uses", {}).get(step_id, {})
            context["steps"][step_id] = {"outputs": outputs}
            continue
        if step.get("shell") != "bash":
            raise SystemExit(f"run_action.py: step {step_id} has no `shell: bash`")
        output_file = os.path.join(runner["temp"], f"github-output-{index}")
        open(output_file, "w").close()
        env = dict(os.environ)
        with open(path_file) as f:
            added = [line for line in f.read().splitlines() if line]
        env["PATH"] = os.pathsep.join(list(reversed(added)) + [env.get("PATH", "")])
        env.update(
            GITHUB_OUTPUT=output_file,
            GITHUB_PATH=path_file,
            GITHUB_ACTION_PATH=action_dir,
            RUNNER_TEMP=runner["temp"],
            RUNNER_OS=runner["os"],
            RUNNER_ARCH=runner["arch"],
        )
        for name, value in (step.get("env") or {}).items():
            env[name] = substitute(value, context)
        script = os.path.join(runner["temp"], f"step-{index}.sh")
        with open(script, "w") as f:
            f.write(step["run"])
        print(f"::step {step.get('name', step_id)}::", flush=True)
        code = subprocess.call(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], env=env)
        context["steps"][step_id] = {"outputs": read_pairs(output_file)}
        if code != 0:
            print(f"::failed {step.get('name', step_id)} with {code}::", flush=True)
            sys.exit(code)

    outputs = {k: substitute(v["value"], context) for k, v in (action.get("outputs") or {}).items()}
    steps = {k: v["outputs"] for k, v in context["steps"].items()}
    print("::result::" + json.dumps({"steps": steps, "outputs": outputs}), flush=True)


if __name__ == "__main__":
    main()
