#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs LLVM 22 if missing, then runs every test, including the
# comparisons against llc-22 (several hundred generated kernels, a few minutes at most on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-deps.sh
"$LLVM_SYS_221_PREFIX/bin/llc" --version | grep -m1 "LLVM version"
# Formatting and lints are part of the suite: a tree that does not pass them does not pass.
cargo fmt --all --check
# The lints are built once, with the code the tests run: every cargo build of this script and of the tests
# it starts runs clippy-driver on the workspace's crates (cargo's RUSTC_WORKSPACE_WRAPPER, as `cargo clippy`
# sets it) with warnings as errors, so a lint fails the build the tests need, and no separate check pass
# compiles the tree again. (Dependencies are not linted: cargo caps their lints.)
RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)"
export RUSTC_WORKSPACE_WRAPPER
export RUSTFLAGS="${RUSTFLAGS:+$RUSTFLAGS }-D warnings"
# Every target of the workspace (lib, binaries, tests, examples, benchmarks) in the test profile, linted.
cargo test --workspace --all-targets --locked --no-run
# The plugin's LLVM 15 and 19 halves (its cfg(feature) code), built and linted where the tests and the
# README's commands take them from (scripts/build-pass.sh: release, target/llvm15 and target/llvm19).
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
# The Python package as a user installs it: pip builds it from source (maturin from PyPI) into a venv,
# then its tests run against llc-22, Triton's output and the CLI (target/debug/wavebudget, built above).
# Triton 3.9.0 (a 286 MB wheel) lets a handful of them compile real Triton kernels for gfx942; Ray 2.60.0
# (the `ray` extra) runs the sweep on a local cluster that tests/test_sweep_ray.py starts. The extension
# is built in cargo's dev profile here (the same code, with overflow checks on; 23 s instead of 50 s on
# 2 cores): no test times it, and the benchmarks in crates/wavebudget-python/benches/ say to install the
# release build a user gets.
python3 -m venv target/pyvenv
target/pyvenv/bin/pip install -q --disable-pip-version-check pytest numpy triton==3.9.0 ray==2.60.0
target/pyvenv/bin/pip install -q --disable-pip-version-check --config-settings=build-args="--profile dev" \
  ./crates/wavebudget-python
target/pyvenv/bin/python -m pytest -q crates/wavebudget-python/tests
