; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; What the pass decided before code generation survives llc-22 and ld.lld-22 into the code object: a
; `.wavebudget.info` section, one line per kernel it set, which `wavebudget inspect` reads back.
; REQUIRES: wavebudget-cli
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' %S/Inputs/pressure.ll -o %t.bc
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.bc -o %t.o
; RUN: ld.lld -shared %t.o -o %t.so
; RUN: llvm-readelf -p .wavebudget.info %t.so | FileCheck %s --check-prefix=SECTION
; SECTION: kernel=acc40 waves=4 vgpr_budget=128 sgpr_budget=108 wg=1,256 lds=0
; SECTION: kernel=acc124 waves=4 vgpr_budget=128
; RUN: %wavebudget inspect --json %t.so | FileCheck %s --check-prefix=JSON
; JSON: "name": "acc160"
; JSON: "pass": {
; JSON-NEXT: "kernel": "acc160",
; JSON-NEXT: "waves": 4,
; JSON-NEXT: "vgpr_budget": 128
; In an offload bundle too, and in the relocatable object:
; RUN: clang-offload-bundler --type=o --targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx942 \
; RUN:   --input=/dev/null --input=%t.so --output=%t.bundle --compress
; RUN: %wavebudget inspect %t.bundle | FileCheck %s --check-prefix=TEXT
; RUN: %wavebudget inspect %t.o | FileCheck %s --check-prefix=TEXT
; TEXT: note: acc40: amdgpu-occupancy-budget set 4 waves/SIMD (VGPR budget 128) before code generation
; The pass leaves the metadata note as LLVM wrote it: the same kernels, nothing else in their maps.
; RUN: llvm-readelf --notes %t.so | FileCheck %s --check-prefix=NOTES --implicit-check-not=wavebudget
; NOTES: .name: acc40
; Advise mode writes nothing:
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;mode=advise>' -S %S/Inputs/pressure.ll 2>/dev/null \
; RUN:   | FileCheck %s --check-prefix=ADVISE
; ADVISE-NOT: wavebudget.info
