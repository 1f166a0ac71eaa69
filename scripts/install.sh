#!/usr/bin/env bash
# Installs wavebudget under PREFIX the way a system library is installed:
#   scripts/install.sh PREFIX [MAJOR ...]
#     PREFIX/bin/wavebudget                                  the CLI
#     PREFIX/lib/libwavebudget_runtime.so.0.1.0              the C runtime, SONAME libwavebudget_runtime.so.0.1,
#     PREFIX/lib/libwavebudget_runtime.so.0.1 -> ...0.1.0     with the two usual links
#     PREFIX/lib/libwavebudget_runtime.so -> ...0.1
#     PREFIX/include/wavebudget.h
#     PREFIX/lib/pkgconfig/wavebudget.pc                     pkg-config --cflags --libs wavebudget
#     PREFIX/lib/cmake/wavebudget/wavebudgetConfig.cmake     find_package(wavebudget): wavebudget::runtime
#     PREFIX/lib/cmake/wavebudget/wavebudgetConfigVersion.cmake
#     PREFIX/lib/cmake/wavebudget/debian-rocm.cmake     toolchain file: project(... LANGUAGES HIP) on Debian's ROCm
#     PREFIX/lib/wavebudget/libwavebudget_pass-llvmN.so      the pass plugin for each LLVM major N given
#                                                            (default: 22; 15 and 19 for clang-15/hipcc, clang-19)
# Everything installed is stripped (the release profile keeps line tables for profiling; installed copies do
# not need it). Release builds; LLVM N comes from scripts/build-pass.sh (Debian's llvm-N-dev, installed when
# missing), strip from binutils, and patchelf sets the runtime's SONAME on the installed copy. PREFIX must
# be a directory or not exist yet.
set -euo pipefail
if [ $# -lt 1 ] || [ -z "$1" ]; then
  echo "usage: scripts/install.sh PREFIX [MAJOR ...]   (MAJOR: 15, 19, 22; default 22)" >&2
  exit 1
fi
# A PREFIX that is a link to nothing, or passes through one (`link/`, `link/.`, `link/sub`, `link/../p`), is
# refused: installing would create the directory it names, which the caller did not ask for. Each prefix of
# PREFIX is looked at as written, component by component (`..` not collapsed: `link/../p` passes through
# `link`, as the install would).
case "$1" in /*) component=/ ;; *) component= ;; esac
IFS=/ read -r -a parts <<< "$1"
for part in ${parts[@]+"${parts[@]}"}; do
  [ -n "$part" ] || continue
  component="${component%/}${component:+/}$part"
  if [ -L "$component" ] && [ ! -e "$component" ]; then
    echo "error: $1: $component is a link to $(readlink "$component"), which does not exist; nothing was installed" >&2
    exit 1
  fi
done
# PREFIX as the caller meant it (relative to where they are), before moving to the checkout.
prefix=$(realpath -m "$1")
shift
cd "$(dirname "$(readlink -f "$0")")/.."
if [ -e "$prefix" ] && [ ! -d "$prefix" ]; then
  echo "error: $prefix: exists and is not a directory; nothing was installed" >&2
  exit 1
fi
# Nor may the nearest part of it that exists be anything but a directory (a file where PREFIX's parent goes).
existing=$prefix
while [ ! -e "$existing" ] && [ "$existing" != / ]; do
  existing=$(dirname "$existing")
done
if [ ! -d "$existing" ]; then
  echo "error: $existing: exists and is not a directory; nothing was installed" >&2
  exit 1
fi
# pkg-config splits its flags at spaces and reads `#` as a comment; CMake splits lists at `;`; a plugin path
# with a space, quote, $ or backslash cannot go into the flags `wavebudget pass-flags` prints: such a PREFIX
# is refused before anything is built.
case "$prefix" in
  *[[:space:]\"\'\$\\\`\#\;]*)
    echo "error: $prefix: a PREFIX with a space, quote, \$, backslash, backquote, # or ; cannot be used by pkg-config, CMake or in compiler flags; nothing was installed" >&2
    exit 1
    ;;
esac
majors=("$@")
[ ${#majors[@]} -gt 0 ] || majors=(22)
for m in "${majors[@]}"; do
  case "$m" in
    15 | 19 | 22) ;;
    *) echo "error: LLVM major '$m': the plugin builds for 15, 19 and 22; nothing was installed" >&2; exit 1 ;;
  esac
done
# What the build needs, and no more (scripts/ensure-deps.sh installs the test suite's tools): LLVM 22's
# development files (the CLI's sweep links it) and a C++ compiler for the plugin's shim; the plugin of
# another major brings its LLVM through scripts/build-pass.sh.
export LLVM_SYS_221_PREFIX="${LLVM_SYS_221_PREFIX:-/usr/lib/llvm-22}"
need=()
[ -x "$LLVM_SYS_221_PREFIX/bin/llvm-config" ] || need+=(llvm-22-dev)
command -v c++ >/dev/null || need+=(g++)
# The runtime's SONAME is set on the installed copy (the build stays the plain cdylib C users link from
# target/release).
command -v patchelf >/dev/null || need+=(patchelf)
source scripts/apt-install.sh
apt_install "the build's tools are missing (or set LLVM_SYS_221_PREFIX); nothing was installed" ${need[@]+"${need[@]}"} || exit 1
if ! command -v cargo >/dev/null; then
  echo "error: cargo not found: install Rust (rustup) first; nothing was installed" >&2
  exit 1
fi
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
# 0.y.z: a minor release may change the ABI, so the SONAME carries major.minor (1.y.z on: major only).
case "$version" in
  0.*) soversion=$(echo "$version" | cut -d. -f1-2) ;;
  *) soversion=$(echo "$version" | cut -d. -f1) ;;
esac
api=$(sed -n 's/^#define WAVEBUDGET_API_VERSION \([0-9]*\)$/\1/p' crates/wavebudget-capi/include/wavebudget.h)

# Build everything before touching PREFIX: a failed build installs nothing.
plugins=()
for m in "${majors[@]}"; do
  plugins+=("$(bash scripts/build-pass.sh "$m" | tail -1)")
done
# The CLI and the C library (wavebudget-capi's cdylib) in one build of target/release (the runtime and the
# engine below it are the CLI's dependencies, with the same features: nothing is built twice).
cargo build --release --locked -q -p wavebudget-cli -p wavebudget-capi
runtime=target/release/libwavebudget_runtime.so

# Stage, then move into PREFIX.
stage=$(mktemp -d "${TMPDIR:-/tmp}/wavebudget-install.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/lib/pkgconfig" "$stage/lib/cmake/wavebudget" "$stage/lib/wavebudget" "$stage/include"
install -m 755 target/release/wavebudget "$stage/bin/wavebudget"
install -m 755 "$runtime" "$stage/lib/libwavebudget_runtime.so.$version"
ln -s "libwavebudget_runtime.so.$version" "$stage/lib/libwavebudget_runtime.so.$soversion"
ln -s "libwavebudget_runtime.so.$soversion" "$stage/lib/libwavebudget_runtime.so"
install -m 644 crates/wavebudget-capi/include/wavebudget.h "$stage/include/wavebudget.h"
for i in "${!majors[@]}"; do
  install -m 755 "${plugins[$i]}" "$stage/lib/wavebudget/libwavebudget_pass-llvm${majors[$i]}.so"
done
strip "$stage/bin/wavebudget"
strip --strip-unneeded "$stage/lib/libwavebudget_runtime.so.$version" "$stage"/lib/wavebudget/*.so
patchelf --set-soname "libwavebudget_runtime.so.$soversion" "$stage/lib/libwavebudget_runtime.so.$version"

cat > "$stage/lib/pkgconfig/wavebudget.pc" <<EOF
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include
plugindir=\${prefix}/lib/wavebudget
api_version=$api

Name: wavebudget
Description: Occupancy at dispatch time on AMD GPUs: the wavebudget runtime (wavebudget.h)
Version: $version
Libs: -L\${libdir} -lwavebudget_runtime
Cflags: -I\${includedir}
EOF

sed -e "s/@VERSION@/$version/g" -e "s/@SOVERSION@/$soversion/g" -e "s/@API@/$api/g" \
  scripts/cmake/wavebudgetConfig.cmake.in > "$stage/lib/cmake/wavebudget/wavebudgetConfig.cmake"
sed -e "s/@VERSION@/$version/g" -e "s/@MAJOR@/${version%%.*}/g" -e "s/@MINOR@/$(echo "$version" | cut -d. -f2)/g" \
  scripts/cmake/wavebudgetConfigVersion.cmake.in \
  > "$stage/lib/cmake/wavebudget/wavebudgetConfigVersion.cmake"
install -m 644 scripts/cmake/debian-rocm.cmake "$stage/lib/cmake/wavebudget/debian-rocm.cmake"

# Nothing in PREFIX that is not a regular file or a link is replaced (a directory or FIFO where a file goes),
# and nothing but a directory (or a link to one) stands where a directory goes.
while IFS= read -r d; do
  dest="$prefix/${d#"$stage"/}"
  if { [ -e "$dest" ] && [ ! -d "$dest" ]; } || { [ -L "$dest" ] && [ ! -e "$dest" ]; }; then
    echo "error: $dest: exists and is not a directory; nothing was installed" >&2
    exit 1
  fi
done < <(find "$stage" -mindepth 1 -type d)
while IFS= read -r f; do
  dest="$prefix/${f#"$stage"/}"
  if [ -e "$dest" ] && [ ! -L "$dest" ] && [ ! -f "$dest" ]; then
    echo "error: $dest: exists and is not a regular file; nothing was installed" >&2
    exit 1
  fi
done < <(find "$stage" ! -type d)
# Each file goes in by rename: a link found where a file goes is replaced, never written through (the file it
# points to stays as it is), and a process running an installed copy keeps the one it mapped.
# The directories this install makes, listed so that a failed install removes them again (deepest first).
made=()
missing=()
d=$prefix
while [ ! -e "$d" ]; do
  missing=("$d" ${missing[@]+"${missing[@]}"})
  d=$(dirname "$d")
done
temps=()
trap 'rm -rf "$stage"; [ ${#temps[@]} -eq 0 ] || rm -f "${temps[@]}"; for ((i = ${#made[@]} - 1; i >= 0; i--)); do rmdir "${made[$i]}" 2>/dev/null || true; done' EXIT
for d in ${missing[@]+"${missing[@]}"}; do
  mkdir "$d"
  made+=("$d")
done
while IFS= read -r d; do
  dest="$prefix/${d#"$stage"/}"
  if [ ! -e "$dest" ]; then
    mkdir "$dest"
    made+=("$dest")
  fi
done < <(find "$stage" -mindepth 1 -type d | sort)
# Two steps, so an install is replaced whole or not at all: every file is first copied beside its
# destination under a fresh name of our own (mktemp: nothing there to write through); only when all are
# there (a full disk fails here, and the copies are removed with the directories made) does each go in by
# rename, which needs no space.
dests=()
while IFS= read -r f; do
  dest="$prefix/${f#"$stage"/}"
  tmp=$(mktemp "$(dirname "$dest")/.wavebudget-install.XXXXXX")
  temps+=("$tmp")
  if ! why=$(cp -P --preserve=mode --remove-destination "$f" "$tmp" 2>&1); then
    echo "error: $dest: could not be written (${why##*: }); nothing was installed" >&2
    exit 1
  fi
  dests+=("$dest")
done < <(find "$stage" ! -type d)
for i in "${!dests[@]}"; do
  mv -fT "${temps[$i]}" "${dests[$i]}"
done
temps=()
made=()
echo "installed wavebudget $version into $prefix (plugins for LLVM ${majors[*]})"
