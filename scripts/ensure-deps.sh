#!/usr/bin/env bash
# Install what wavebudget needs on Debian 12 when it is missing: LLVM 22 (llc, opt, clang, lld, FileCheck,
# llvm-readelf, clang-offload-bundler) and LLVM 15 and 19 from Debian's packages, hipcc, ROCm's HIP headers and device libraries, g++, Chromium (for the HTML report's tests). Rust itself is assumed (rustup).
set -euo pipefail

LLVM_PREFIX="${LLVM_SYS_221_PREFIX:-/usr/lib/llvm-22}"
need=()
[ -x "$LLVM_PREFIX/bin/llc" ] && [ -x "$LLVM_PREFIX/bin/llvm-readelf" ] || need+=(llvm-22)
[ -x "$LLVM_PREFIX/bin/llvm-config" ] || need+=(llvm-22-dev)
[ -x "$LLVM_PREFIX/bin/FileCheck" ] || need+=(llvm-22-tools)
[ -x "$LLVM_PREFIX/bin/clang" ] || need+=(clang-22)
[ -x "$LLVM_PREFIX/bin/ld.lld" ] || need+=(lld-22)
# LLVM 15 and 19 beside 22: the plugin is built for each (scripts/build-pass.sh N), and the model's
# per-major rules are tested against llc-15 and llc-19 as against llc-22.
for m in 15 19; do
  [ -x "/usr/lib/llvm-$m/bin/llc" ] || need+=("llvm-$m")
  [ -x "/usr/lib/llvm-$m/bin/llvm-config" ] || need+=("llvm-$m-dev")
  [ -x "/usr/lib/llvm-$m/bin/clang" ] || need+=("clang-$m")
  [ -x "/usr/lib/llvm-$m/bin/ld.lld" ] || need+=("lld-$m")
done
# Debian's hipcc (ROCm 5.2, driving clang-15): the real ROCm build the LLVM 15 plugin is tested in.
command -v hipcc >/dev/null || need+=(hipcc)
# ROCm 5.2's HIP headers and device libraries (Debian packages), for the clang -fpass-plugin HIP tests.
[ -f /usr/include/hip/hip_runtime.h ] || need+=(libamdhip64-dev)
[ -f /usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ocml.bc ] || need+=(rocm-device-libs)
# The HSA runtime, which the runtime crate dlopens (on a machine without a GPU it reports why there is none).
[ -f /usr/lib/x86_64-linux-gnu/libhsa-runtime64.so.1 ] || need+=(libhsa-runtime64-1)
# ROCm 5.2's code object manager (libamd-comgr2 + header): the embed test reads embedded metadata with it.
[ -f /usr/include/amd_comgr.h ] && [ -f /usr/lib/x86_64-linux-gnu/libamd_comgr.so ] || need+=(libamd-comgr-dev)
# A real ROCm library the README inspects (and tests/inspect_llvm.rs reads).
[ -f /usr/lib/x86_64-linux-gnu/librocrand.so.1.1 ] || need+=(librocrand1)
# CMake, Make and pkg-config: docs/rocm-build.md's projects build against an installed prefix.
command -v cmake >/dev/null || need+=(cmake)
command -v make >/dev/null || need+=(make)
command -v pkg-config >/dev/null || need+=(pkg-config)
# Headless Chromium: the HTML report's tests load every kind of report in a real browser.
command -v chromium >/dev/null || need+=(chromium)
# python3 for the fixture scripts of the lit tests (corrupting bytes, hand-made zlib bundles).
command -v python3 >/dev/null || need+=(python3)
# venv and pip for the Python package's tests (Debian splits them from python3).
python3 -c 'import ensurepip, venv' 2>/dev/null || need+=(python3-venv python3-pip)
# A C++ compiler for the plugin's shim (build.rs).
command -v c++ >/dev/null || need+=(g++)
# patchelf: scripts/install.sh sets the installed runtime's SONAME with it (tests/rocm_build.rs installs).
command -v patchelf >/dev/null || need+=(patchelf)

source "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"
apt_install "test tools are missing (LLVM 22 looked for at $LLVM_PREFIX; or set LLVM_SYS_221_PREFIX)" ${need[@]+"${need[@]}"} || exit 1
if ! command -v cargo >/dev/null; then
  echo "error: cargo not found: install Rust (rustup) first" >&2
  exit 1
fi
export LLVM_SYS_221_PREFIX="$LLVM_PREFIX"
