#!/usr/bin/env bash
# Writes one book page per lint rule from the rule's own documentation (`quizkit rule NAME`),
# and the rules' index from `quizkit rule --format markdown`. tests/tests/book.rs fails when the
# committed pages differ from what this writes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
cargo build --quiet -p quizkit
bin="$root/target/debug/quizkit"
out="$root/docs/src/rules"
rm -f "$out"/*.md
{
  echo "# Rules"
  echo
  echo "Every rule \`quizkit lint\` runs, generated from \`quizkit rule --format markdown\`. Groups: Q"
  echo "structure, K key, T translation, N numbers, F item-writing flaws (numbered after the 19-flaw"
  echo "rubric), B bank statistics, A suppressions. Default \`off\` rules run only when selected."
  echo
  "$bin" rule --format markdown | sed -E 's/^\| ([A-Z][0-9]{3}) \| `([a-z0-9-]+)` \|/| [\1](\2.md) | `\2` |/'
} > "$out/index.md"
"$bin" rule | while read -r code name _; do
  "$bin" rule "$name" > "$out/$name.md"
done
# The table of contents lists every rule page under the rule index.
summary="$root/docs/src/SUMMARY.md"
pages=$("$bin" rule | while read -r code name _; do echo "  - [$code $name](rules/$name.md)"; done)
awk -v pages="$pages" '
  skip && /^  - \[/ { next }
  { skip = 0; print }
  $0 == "- [Rule index](rules/index.md)" { print pages; skip = 1 }
' "$summary" > "$summary.new"
mv "$summary.new" "$summary"
