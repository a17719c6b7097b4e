#!/bin/sh
# Runs quizkit for the hooks in .pre-commit-hooks.yaml, with the hook's arguments. pre-commit
# runs it from its clone of this repository at the hook's `rev`; the quizkit it runs lives in
# that clone: the release build of the version in Cargo.toml, installed on first use by
# scripts/install.sh (checked against the release's checksum), or, when that fails (no
# release build for this machine, no network), built from the clone's sources with cargo.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
root="$here/target/pre-commit"
find_exe() {
  for exe in "$root/bin/quizkit" "$root/bin/quizkit.exe"; do
    if [ -x "$exe" ]; then
      echo "$exe"
      return 0
    fi
  done
  return 1
}
if ! exe=$(find_exe); then
  version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$here/Cargo.toml" | head -n 1)
  if ! QUIZKIT_VERSION="v$version" QUIZKIT_INSTALL_DIR="$root/bin" sh "$here/scripts/install.sh"; then
    echo "quizkit hook: no release build of quizkit v$version to install: building it from source" >&2
    command -v cargo >/dev/null 2>&1 ||
      { echo "quizkit hook: cargo is missing too: install Rust (rustup), or quizkit itself" >&2; exit 1; }
    cargo install --locked --quiet --path "$here/crates/quizkit" --root "$root"
  fi
  exe=$(find_exe)
fi
exec "$exe" "$@"
