#!/usr/bin/env bash
# Builds libwavebudget_pass.so for LLVM N (15, 19 or 22) and prints its path as the last line.
#   scripts/build-pass.sh 22   ->  target/release/libwavebudget_pass.so        (what `cargo build --release` builds)
#   scripts/build-pass.sh 19   ->  target/llvm19/release/libwavebudget_pass.so
#   scripts/build-pass.sh 15   ->  target/llvm15/release/libwavebudget_pass.so
# A plugin runs only in the opt/clang of the major it was built for (another major refuses it with one
# line). LLVM N comes from $LLVM_SYS_<N><minor>_PREFIX if set, else /usr/lib/llvm-N, installed from Debian's
# packages (llvm-N-dev) when missing.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
major="${1:-}"
case "$major" in
  15) var=LLVM_SYS_150_PREFIX ;;
  19) var=LLVM_SYS_191_PREFIX ;;
  22) var=LLVM_SYS_221_PREFIX ;;
  *) echo "usage: scripts/build-pass.sh N   (N = 15, 19 or 22: the LLVM major of the opt/clang that loads the plugin)" >&2; exit 1 ;;
esac
prefix="${!var:-/usr/lib/llvm-$major}"
if [ ! -x "$prefix/bin/llvm-config" ]; then
  source "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"
  apt_install "LLVM $major not found at $prefix (or set $var)" "llvm-$major-dev" || exit 1
fi
if ! command -v cargo >/dev/null; then
  echo "error: cargo not found: install Rust (rustup) first" >&2
  exit 1
fi
export "$var=$prefix"
if [ "$major" = 22 ]; then
  # The workspace's default build (the plugin, the CLI, the runtime), not the plugin alone: a build that
  # selects other packages unifies other features of their dependencies (the code-object writer), and
  # each switch between the two rebuilt the plugin, the engine and the CLI.
  cargo build --release --locked -q
  dir=target/release
else
  # Its own target directory, so the 22 build (and cargo's cache of it) stays where it is.
  cargo build --release --locked -q -p wavebudget-pass --no-default-features --features "llvm$major" \
    --target-dir "target/llvm$major"
  dir="target/llvm$major/release"
fi
echo "$PWD/$dir/libwavebudget_pass.so"
