#!/usr/bin/env bash
# The main job on the bundled example: compile examples/tile_kernel.ll with llc-22 for gfx942 and gfx950,
# show what LLVM reports, and what wavebudget says about the same kernel: the limiters, the binding one,
# the next step, and the register budget for 4 waves.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-deps.sh
cargo build --release --locked -q -p wavebudget-cli
wb=target/release/wavebudget
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for cpu in gfx942 gfx950; do
  "$LLVM_SYS_221_PREFIX/bin/llc" -O2 -mtriple=amdgcn-amd-amdhsa -mcpu=$cpu -filetype=obj \
    -pass-remarks-analysis=kernel-resource-usage examples/tile_kernel.ll -o "$tmp/$cpu.o" 2> "$tmp/$cpu.remarks"
  echo "== llc-22 -mcpu=$cpu: kernel-resource-usage remarks"
  grep -E "VGPRs:|AGPRs:|TotalSGPRs:|LDS Size|Occupancy" "$tmp/$cpu.remarks" | sed 's/^remark: <unknown>:0:0: */  /'
done

num() { grep -m1 "$2:" "$1" | grep -oE '[0-9]+$'; }
r="$tmp/gfx942.remarks"
echo
echo "== wavebudget occupancy with the counts llc reported (gfx942 build), on gfx942 and gfx950"
$wb occupancy --target gfx942,gfx950 --vgprs "$(num "$r" ' VGPRs')" --agprs "$(num "$r" AGPRs)" \
  --sgprs "$(num "$r" TotalSGPRs)" --lds "$(num "$r" 'LDS Size \[bytes/block\]')" --wg-size 256
echo
echo "== wavebudget budget: what 4 waves/SIMD costs on gfx942 at 256 threads"
$wb budget --target gfx942 --waves 4 --wg-size 256 --lds "$(num "$r" 'LDS Size \[bytes/block\]')"
