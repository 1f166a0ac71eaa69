#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs LLVM 22 if missing, then runs every test, including the
# comparisons against llc-22 (several hundred generated kernels, a few minutes at most on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-deps.sh
"$LLVM_SYS_221_PREFIX/bin/llc" --version | grep -m1 "LLVM version"
# Formatting and lints are part of the suite: a tree that does not pass them does not pass.
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo test --workspace --locked "$@"
