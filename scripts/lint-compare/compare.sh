#!/bin/bash
# Rebuilds the release binary, records what it says about every comparison bank and diffs that
# with the records of an earlier binary (run.sh OLD_BINARY target/cmp/before, once).
# Run from the repository root after setup-banks.sh.
set -e
cargo build --release -p quizkit -q
scripts/lint-compare/run.sh "$PWD/target/release/quizkit" target/cmp/after
if diff -r target/cmp/before target/cmp/after > target/cmp/diff.txt; then
  echo "IDENTICAL ($(ls target/cmp/after | wc -l) files)"
else
  echo "DIFFERENT:"; head -50 target/cmp/diff.txt; exit 1
fi
