#!/usr/bin/env bash
# Fuzz the reader: seeds made here by the real LLVM 22 tools, then each cargo-fuzz target for SECONDS
# (default 600). Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
# (targets: elf_note metadata bundle file table topology rewrite estimate_liveness cuda; cuda's seeds come
# from tests/inspect_cuda.rs's inputs: WAVEBUDGET_KEEP_CUDA_INPUTS=DIR keeps them)
# Needs cargo-fuzz (cargo install cargo-fuzz); runs on stable Rust through RUSTC_BOOTSTRAP=1.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-deps.sh
B="$LLVM_SYS_221_PREFIX/bin"
secs="${1:-600}"; shift || true
targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=(elf_note metadata bundle file table topology rewrite estimate_liveness cuda)

seeds=fuzz/seeds
if [ -f "$seeds/file/two.bundles" ] && [ -d "$seeds/rewrite" ] && [ -z "${FUZZ_RESEED:-}" ]; then
  echo "seeds already in $seeds (FUZZ_RESEED=1 remakes them)" >&2
else
rm -rf "$seeds"; mkdir -p "$seeds"/{elf_note,metadata,bundle,file,table,topology,rewrite}
cargo build -q -p wavebudget-cli
wb=target/debug/wavebudget
ll=crates/wavebudget-codeobj/tests/inputs/kernels.ll
hip=crates/wavebudget-codeobj/tests/inputs/kernels.hip
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# note_desc SECTION_BYTES NAME TYPE OUT: the descriptor of the note NAME/TYPE in a dumped note section.
note_desc() {
  python3 - "$@" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read(); at = 0
while at + 12 <= len(d):
    namesz, descsz, typ = struct.unpack_from('<III', d, at); at += 12
    name = d[at:at + namesz]; at += (namesz + 3) & ~3
    desc = d[at:at + descsz]; at += (descsz + 3) & ~3
    if name.rstrip(b'\0') == sys.argv[2].encode() and typ == int(sys.argv[3]):
        open(sys.argv[4], 'wb').write(desc)
PY
}
for cpu in gfx900 gfx90a gfx942 gfx1100 gfx1201; do
  "$B/llc" -mtriple=amdgcn-amd-amdhsa -mcpu=$cpu -filetype=obj -o "$tmp/$cpu.o" "$ll"
  "$B/ld.lld" -shared -o "$tmp/$cpu.so" "$tmp/$cpu.o"
  cp "$tmp/$cpu.o" "$tmp/$cpu.so" "$seeds/elf_note/"
  # The metadata note's descriptor alone, cut out of the note section by its header.
  "$B/llvm-objcopy" --dump-section .note="$tmp/$cpu.note" "$tmp/$cpu.o" "$tmp/junk"
  note_desc "$tmp/$cpu.note" AMDGPU 32 "$seeds/metadata/$cpu.msgpack"
  # The kernel table: embed, then the 'wavebudget' note's descriptor.
  "$wb" embed "$tmp/$cpu.so" -o "$tmp/$cpu.e.so" >/dev/null
  "$B/llvm-objcopy" --dump-section .note="$tmp/$cpu.e.note" "$tmp/$cpu.e.so" "$tmp/junk"
  note_desc "$tmp/$cpu.e.note" wavebudget 22338 "$seeds/table/$cpu.wbkt"
done
cp tests/fixtures/kfd/*.properties "$seeds/topology/"
targets_list=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx90a,hipv4-amdgcn-amd-amdhsa--gfx1100
ins=(--input=/dev/null --input="$tmp/gfx90a.so" --input="$tmp/gfx1100.so")
"$B/clang-offload-bundler" --type=o --targets=$targets_list "${ins[@]}" --output="$seeds/bundle/plain.bundle"
"$B/clang-offload-bundler" --compress --type=o --targets=$targets_list "${ins[@]}" --output="$seeds/bundle/zstd-v3.bundle"
COMPRESSED_BUNDLE_FORMAT_VERSION=2 "$B/clang-offload-bundler" --compress --type=o --targets=$targets_list "${ins[@]}" --output="$seeds/bundle/zstd-v2.bundle"
"$B/clang" -x hip --offload-arch=gfx90a --offload-arch=gfx1100 -nogpuinc -nogpulib -no-hip-rt -O2 -fPIC -shared -o "$seeds/file/hip.so" "$hip"
cp "$seeds"/bundle/* "$seeds"/elf_note/*.so "$seeds/file/"
cat "$seeds/bundle/plain.bundle" "$seeds/bundle/zstd-v2.bundle" > "$seeds/file/two.bundles"
cp "$seeds"/file/* "$seeds/rewrite/"
fi
# The NVIDIA reader's seeds: the cubins, fat binaries and host library tests/inspect_cuda.rs builds with
# ptxas, nvFatbin and clang (NVIDIA's tools from PyPI, scripts/nvidia-tools.sh).
if [ ! -d "$seeds/cuda" ]; then
  WAVEBUDGET_KEEP_CUDA_INPUTS="$PWD/$seeds/cuda" cargo test -q -p wavebudget-cli --test inspect_cuda >/dev/null
fi

cd fuzz
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "seeds/$t"
  echo "== $t: ${secs}s" >&2
  RUSTC_BOOTSTRAP=1 cargo fuzz run -O "$t" "corpus/$t" "seeds/$t" -- \
    -max_total_time="$secs" -max_len=131072 -rss_limit_mb=2048 -timeout=10 -print_final_stats=1
done
