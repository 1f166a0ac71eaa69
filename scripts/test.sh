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
# The plugin's code for LLVM 15 and 19 (its cfg(feature) halves) is linted too, in the target directories
# and the release profile scripts/build-pass.sh builds them with: the shim's C++ (build.rs) and the
# proc-macros are built once, for the lint and for the tests' plugins.
LLVM_SYS_150_PREFIX=/usr/lib/llvm-15 cargo clippy --release --locked -p wavebudget-pass --no-default-features \
  --features llvm15 --target-dir target/llvm15 -- -D warnings
LLVM_SYS_191_PREFIX=/usr/lib/llvm-19 cargo clippy --release --locked -p wavebudget-pass --no-default-features \
  --features llvm19 --target-dir target/llvm19 -- -D warnings
cargo test --workspace --locked "$@"
# The Python package as a user installs it: pip builds it from source (maturin from PyPI) into a venv,
# then its tests run against llc-22, Triton's output and the CLI (target/debug/wavebudget, built above).
# Triton 3.9.0 (a 286 MB wheel) lets a handful of them compile real Triton kernels for gfx942; Ray 2.60.0
# (the `ray` extra) runs the sweep on a local cluster that tests/test_sweep_ray.py starts.
python3 -m venv target/pyvenv
target/pyvenv/bin/pip install -q --disable-pip-version-check pytest numpy triton==3.9.0 ray==2.60.0 ./crates/wavebudget-python
target/pyvenv/bin/python -m pytest -q crates/wavebudget-python/tests
