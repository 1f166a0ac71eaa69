#!/usr/bin/env bash
# NVIDIA's own tools for the NVIDIA tests, from PyPI (no GPU, no CUDA install): the occupancy calculator
# header cuda_occupancy.h (nvidia-cuda-runtime 13.5.37, CUDA 13.5), ptxas (nvidia-cuda-nvcc-cu12
# 12.9.86, a 40 MB wheel), cuobjdump (nvidia-cuda-cuobjdump 13.5.37) and the fat binary library nvFatbin
# (nvidia-nvfatbin-cu12 12.9.82). Idempotent; prints the directory that holds them (DIR/VERSION/FILE). Pinned so
# a test's oracle does not move under it.
#   bash scripts/nvidia-tools.sh [DIR]      (default: target/nvidia)
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-target/nvidia}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
fetch() { # fetch PACKAGE==VERSION MEMBER: unpack one file of the wheel under $dir/VERSION
  local spec="$1" member="$2" version="${1#*==}"
  local out="$dir/$version/$(basename "$member")"
  [ -f "$out" ] && return 0
  local tmp
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' RETURN
  if ! python3 -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
    --platform manylinux2014_x86_64 "$spec" -d "$tmp" >"$tmp/log" 2>&1; then
    echo "error: could not download $spec from PyPI (needed by the NVIDIA tests): $(tail -1 "$tmp/log")" >&2
    return 1
  fi
  mkdir -p "$dir/$version"
  python3 - "$tmp" "$member" "$out" <<'PY'
import glob, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/*.whl")[0]
with zipfile.ZipFile(wheel) as z, open(sys.argv[3] + ".part", "wb") as f:
    f.write(z.read(sys.argv[2]))
PY
  chmod "${3:-644}" "$out.part"
  mv "$out.part" "$out"
}
fetch nvidia-cuda-runtime==13.5.37 nvidia/cu13/include/cuda_occupancy.h
fetch nvidia-cuda-nvcc-cu12==12.9.86 nvidia/cuda_nvcc/bin/ptxas 755
fetch nvidia-cuda-cuobjdump==13.5.37 nvidia/cu13/bin/cuobjdump 755
fetch nvidia-nvfatbin-cu12==12.9.82 nvidia/nvfatbin/include/nvFatbin.h
fetch nvidia-nvfatbin-cu12==12.9.82 nvidia/nvfatbin/lib/libnvfatbin.so.12 755
echo "$dir"
