#!/usr/bin/env bash
# The main job on the bundled example: compile examples/tile_kernel.ll with llc-22 for gfx942 and gfx950,
# show what LLVM reports, and what wavebudget says about the same kernel: the limiters, the binding one,
# the next step, and the register budget for 4 waves; then bundle both builds the way HIP ships them
# (clang-offload-bundler-22 --compress) and read the binary back with wavebudget inspect; finally let the
# amdgpu-occupancy-budget pass set a waves target on the IR, using the gfx942 build as records, and
# sweep the kernel across waves targets by in-process code generation.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-deps.sh
cargo build --release --locked -q -p wavebudget-cli -p wavebudget-pass
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
echo
echo "== wavebudget inspect: both builds in one compressed offload bundle, as a HIP binary carries them"
B="$LLVM_SYS_221_PREFIX/bin"
for cpu in gfx942 gfx950; do "$B/ld.lld" -shared "$tmp/$cpu.o" -o "$tmp/$cpu.so"; done
"$B/clang-offload-bundler" --compress --type=o \
  --targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx942,hipv4-amdgcn-amd-amdhsa--gfx950 \
  --input=/dev/null --input="$tmp/gfx942.so" --input="$tmp/gfx950.so" --output="$tmp/tile_kernel.bundle"
(cd "$tmp" && "$OLDPWD/$wb" inspect tile_kernel.bundle)
echo
echo "== the amdgpu-occupancy-budget pass (opt-22 -load-pass-plugin), with the gfx942 build as records"
plugin=target/release/libwavebudget_pass.so
echo "-- asking for 3 waves/SIMD: the 32 KiB LDS tile allows 2 at 256 threads, so LLVM would ignore it"
"$B/opt" -load-pass-plugin=$plugin -passes="amdgpu-occupancy-budget<waves=3;target=gfx942;records=$tmp/gfx942.o>" \
  -disable-output examples/tile_kernel.ll
echo "-- asking for 2 with the numbers as a remark, then llc-22 on the result"
"$B/opt" -load-pass-plugin=$plugin -passes="amdgpu-occupancy-budget<waves=2;exact;target=gfx942;records=$tmp/gfx942.o>" \
  -pass-remarks-analysis=amdgpu-occupancy-budget -S examples/tile_kernel.ll -o "$tmp/budget.ll" 2>&1 \
  | sed 's/^remark: <unknown>:0:0: */  /'
grep -o '"amdgpu-waves-per-eu"="[0-9,]*"' "$tmp/budget.ll" | sed 's/^/  attribute set: /'
"$B/llc" -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=null -pass-remarks-analysis=kernel-resource-usage \
  "$tmp/budget.ll" 2>&1 | grep -E "VGPRs:|Occupancy" | sed 's/^remark: <unknown>:0:0: */  llc-22: /'
echo
echo "== wavebudget sweep: the tile kernel compiled in process at W = 1..4 on gfx942 (LLVM 22's own codegen)"
$wb sweep examples/tile_kernel.ll --target gfx942 --waves 1..4
echo
echo "== wavebudget embed: the pass's build, linked, with occupancy data for runtimes; then dispatch on a captured MI300X"
"$B/llc" -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj "$tmp/budget.ll" -o "$tmp/budget.o"
"$B/ld.lld" -shared "$tmp/budget.o" -o "$tmp/budget.so"
(cd "$tmp" && "$OLDPWD/$wb" embed budget.so -o budget.wb.so)
"$B/llvm-readelf" --notes "$tmp/budget.wb.so" | grep -E "\.wavebudget\.|^  wavebudget" | sed 's/^ */  llvm-readelf-22: /'
mkdir -p "$tmp/kfd/nodes/1" && cp tests/fixtures/kfd/gfx942_mi300x.properties "$tmp/kfd/nodes/1/properties"
$wb dispatch "$tmp/budget.wb.so" --kernel tile_kernel --kfd-root "$tmp/kfd" --wg-size 256
