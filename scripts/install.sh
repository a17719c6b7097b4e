#!/bin/sh
# Installs quizkit from the project's GitHub releases, without a Rust toolchain: picks the
# build for this OS and CPU, checks it against the release's SHA-256 checksum file, and puts
# the binary into a folder on PATH.
#
#   curl -fsSL https://github.com/quizkit/quizkit/releases/latest/download/install.sh | sh
#
# Settings (environment variables):
#   QUIZKIT_VERSION       the release tag to install, e.g. v0.1.0 (default: the latest release)
#   QUIZKIT_INSTALL_DIR   where the binary goes (default: $HOME/.local/bin)
#   QUIZKIT_REPO          the GitHub repository, owner/name (default: quizkit/quizkit)
#   QUIZKIT_RELEASES_URL  where releases are downloaded from (default:
#                         https://github.com/$QUIZKIT_REPO/releases); the project's tests point
#                         it at a local folder laid out the same way (file://...)
# Options: --print-target prints the release build this machine gets and exits; --help.
set -eu

repo=${QUIZKIT_REPO:-quizkit/quizkit}
releases=${QUIZKIT_RELEASES_URL:-https://github.com/$repo/releases}
version=${QUIZKIT_VERSION:-latest}
install_dir=${QUIZKIT_INSTALL_DIR:-${HOME:-}/.local/bin}

say() { printf 'install.sh: %s\n' "$*" >&2; }
fail() {
  say "error: $*"
  exit 1
}

# The Rust target triple of the release build for this machine.
detect_target() {
  os=$(uname -s)
  cpu=$(uname -m)
  case "$cpu" in
    x86_64 | amd64) cpu=x86_64 ;;
    aarch64 | arm64) cpu=aarch64 ;;
    *) fail "no release build for the CPU '$cpu'; build from source: cargo install quizkit" ;;
  esac
  case "$os" in
    Linux) echo "$cpu-unknown-linux-musl" ;;
    Darwin)
      # A shell under Rosetta reports x86_64 on Apple silicon: take the native build.
      if [ "$cpu" = x86_64 ] && [ "$(sysctl -n hw.optional.arm64 2>/dev/null || true)" = 1 ]; then
        cpu=aarch64
      fi
      echo "$cpu-apple-darwin"
      ;;
    MINGW* | MSYS* | CYGWIN* | Windows_NT)
      [ "$cpu" = x86_64 ] || fail "no release build for Windows on '$cpu'; build from source: cargo install quizkit"
      echo "x86_64-pc-windows-msvc"
      ;;
    *) fail "no release build for the OS '$os'; build from source: cargo install quizkit" ;;
  esac
}

# download URL FILE
download() {
  if command -v curl >/dev/null 2>&1; then
    curl --fail --silent --show-error --location --proto '=https,file' --proto-redir '=https' \
      --retry 3 --output "$2" "$1"
  elif command -v wget >/dev/null 2>&1; then
    wget --quiet --https-only --output-document="$2" "$1"
  else
    fail "neither curl nor wget is installed: install one of them"
  fi
}

# The SHA-256 of a file, in lower-case hex.
sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d' ' -f1
  else
    fail "neither sha256sum nor shasum is installed: cannot check the download"
  fi
}

# The checksum the release's checksum file gives for an asset ("HASH  NAME" lines).
expected_sha256() {
  awk -v name="$2" '{ file = $2; sub(/^\*/, "", file); if (file == name) { print tolower($1); exit } }' "$1"
}

case "${1:-}" in
  --print-target)
    detect_target
    exit 0
    ;;
  -h | --help)
    cat <<'USAGE'
Installs quizkit from its GitHub releases: sh install.sh [--print-target | --help]
  QUIZKIT_VERSION      the release tag to install, e.g. v0.1.0 (default: the latest release)
  QUIZKIT_INSTALL_DIR  where the binary goes (default: $HOME/.local/bin)
  QUIZKIT_REPO         the GitHub repository, owner/name (default: quizkit/quizkit)
  QUIZKIT_RELEASES_URL where releases are downloaded from (default: its GitHub releases)
USAGE
    exit 0
    ;;
  "") ;;
  *) fail "unknown option '$1' (try --help)" ;;
esac

target=$(detect_target)
exe=quizkit
case "$target" in *windows*) exe=quizkit.exe ;; esac
asset="quizkit-$target.tar.gz"
sums="quizkit-$target.sha256"
if [ "$version" = latest ]; then
  base="$releases/latest/download"
else
  base="$releases/download/$version"
fi

tmp=$(mktemp -d 2>/dev/null || mktemp -d -t quizkit)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

say "downloading $asset ($version) from $base"
download "$base/$asset" "$tmp/$asset" || fail "cannot download $base/$asset: is there a release $version with a build for $target?"
download "$base/$sums" "$tmp/$sums" || fail "cannot download the checksum file $base/$sums"
want=$(expected_sha256 "$tmp/$sums" "$asset")
[ -n "$want" ] || fail "$sums does not list $asset"
got=$(sha256_of "$tmp/$asset")
[ "$got" = "$want" ] || fail "checksum mismatch for $asset: expected $want, got $got; nothing was installed"

mkdir -p "$tmp/unpacked"
tar -xzf "$tmp/$asset" -C "$tmp/unpacked" || fail "cannot unpack $asset"
[ -f "$tmp/unpacked/$exe" ] || fail "$asset holds no $exe"

# Copy beside the destination, then rename: an existing quizkit is replaced whole or not at all.
mkdir -p "$install_dir" || fail "cannot create $install_dir (set QUIZKIT_INSTALL_DIR)"
cp "$tmp/unpacked/$exe" "$install_dir/.$exe.partial" || fail "cannot write to $install_dir (set QUIZKIT_INSTALL_DIR)"
chmod 755 "$install_dir/.$exe.partial"
mv -f "$install_dir/.$exe.partial" "$install_dir/$exe"

installed=$("$install_dir/$exe" --version) || fail "the installed $install_dir/$exe does not run"
say "installed $installed to $install_dir/$exe"
case ":${PATH:-}:" in
  *":$install_dir:"*) ;;
  *) say "$install_dir is not on PATH: add it, e.g. export PATH=\"$install_dir:\$PATH\"" ;;
esac
