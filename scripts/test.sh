#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs LLVM 22 if missing, then runs every test, including the
# comparisons against llc-22 (several hundred generated kernels, a few minutes at most on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-deps.sh
"$LLVM_SYS_221_PREFIX/bin/llc" --version | grep -m1 "LLVM version"
# Formatting and lints are part of the suite: a tree that does not pass them does not pass.
cargo fmt --all --check
mkdir -p target
# Debug builds without incremental compilation's caches, which a suite run from a clean clone never reuses
# (measured: the workspace's test build 62 s instead of 79 s on 2 cores); set CARGO_INCREMENTAL=1 to keep them.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
# The plugin's LLVM 15 and 19 builds, where the tests and the README's commands take them from.
scripts/build-pass.sh 15 >/dev/null
scripts/build-pass.sh 19 >/dev/null
# The tests: with cargo-nextest where it is installed (each test its own process, tests of different
# binaries side by side: while one waits on llc, Chromium or cargo, another runs), `cargo test` otherwise;
# the same tests either way (the workspace has no doctests, which nextest does not run).
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --locked "$@"
else
  cargo test --workspace --locked "$@"
fi
# The lints: clippy (check mode) for the workspace's every target and for the plugin's LLVM 15 and 19 halves
# (its cfg(feature) code), in a target directory of their own, at the lowest priority beside the Python
# package's install and tests, which leave about one core idle (the Rust tests before them keep both busy);
# their verdict is read at the end, where a lint fails the suite as it always did. (The builds the tests
# run are plain rustc's, as a user's are.)
nice -n 19 bash -c '
  set -e
  cargo clippy --workspace --all-targets --locked --target-dir target/clippy -- -D warnings
  LLVM_SYS_150_PREFIX=/usr/lib/llvm-15 cargo clippy --locked -p wavebudget-pass --no-default-features \
    --features llvm15 --target-dir target/clippy -- -D warnings
  LLVM_SYS_191_PREFIX=/usr/lib/llvm-19 cargo clippy --locked -p wavebudget-pass --no-default-features \
    --features llvm19 --target-dir target/clippy -- -D warnings
' > target/clippy.log 2>&1 &
lint=$!
trap 'kill "$lint" 2>/dev/null || true' EXIT
# The Python package as a user installs it: pip builds it from source (maturin from PyPI) into a venv,
# then its tests run against llc-22, Triton's output and the CLI (target/debug/wavebudget, built above).
# Triton 3.9.0 (a 286 MB wheel) lets a handful of them compile real Triton kernels for gfx942; Ray 2.60.0
# (the `ray` extra) runs the sweep on a local cluster that tests/test_sweep_ray.py starts. The extension
# is built in cargo's dev profile here (the same code, with overflow checks on; 23 s instead of 50 s on
# 2 cores): no test times it, and the benchmarks in crates/wavebudget-python/benches/ say to install the
# release build a user gets.
# The C library (a cdylib, which no test build makes on its own), for Python's test of every door.
cargo build --locked -q -p wavebudget-capi
python3 -m venv target/pyvenv
target/pyvenv/bin/pip install -q --disable-pip-version-check pytest numpy triton==3.9.0 ray==2.60.0
target/pyvenv/bin/pip install -q --disable-pip-version-check --config-settings=build-args="--profile dev" \
  ./crates/wavebudget-python
target/pyvenv/bin/python -m pytest -q crates/wavebudget-python/tests
# The lints' verdict.
if ! wait "$lint"; then
  cat target/clippy.log >&2
  echo "error: clippy found the problems above" >&2
  exit 1
fi
# A clippy.toml rule that names nothing (or not a function) is only a warning of clippy's configuration,
# pointing into the clippy.toml, not of the code: a renamed function would silently leave its rule
# unchecked.
if grep -q -- '--> .*clippy\.toml:' target/clippy.log; then
  grep -B1 -A3 -- '--> .*clippy\.toml:' target/clippy.log >&2
  echo "error: a clippy.toml rule does not name a function" >&2
  exit 1
fi
echo "clippy: no warnings (workspace, all targets; the plugin for LLVM 15 and 19)"
