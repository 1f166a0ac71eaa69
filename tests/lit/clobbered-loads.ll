; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; A uniform load from global memory is scalar (SGPRs) where no write can come before it, and in VGPRs where
; one can: a store, an llvm.memset, a buffer store (intrinsics that write memory are writes). A load of less
; than a dword is a vector load whatever comes before it. 40 such values live through a loop, on gfx942:
; llc-22 gives `clean` 2 VGPRs and the others 40 (llvm-readelf's .vgpr_count, the independent word); the
; estimate says 0 and 41 (the estimate once counted every such load in VGPRs where the kernel wrote memory
; anywhere, and a first version of the scalar rule missed the intrinsics and the i16 loads).
; RUN: python3 %S/Inputs/clobbered-loads.py > %t.in.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -pass-remarks-analysis=amdgpu-occupancy-budget -S %t.in.ll -o %t.out.ll 2>&1 \
; RUN:   | FileCheck %s
; CHECK: kernel clean on gfx942: {{.*}}; estimated VGPRs {{[0-3]}}, SGPRs {{[4-5][0-9]}}
; CHECK: kernel stored on gfx942: {{.*}}; estimated VGPRs {{4[0-3]}}, SGPRs
; CHECK: kernel memset on gfx942: {{.*}}; estimated VGPRs {{4[0-3]}}, SGPRs
; CHECK: kernel buffer on gfx942: {{.*}}; estimated VGPRs {{4[0-3]}}, SGPRs
; CHECK: kernel halves on gfx942: {{.*}}; estimated VGPRs {{4[0-3]}}, SGPRs
; RUN: llc -O2 -filetype=obj %t.out.ll -o %t.o
; RUN: llvm-readelf --notes %t.o | FileCheck %s --check-prefix=LLC
; LLC: .name: clean
; LLC: .vgpr_count: {{[0-3]$}}
; LLC: .name: stored
; LLC: .vgpr_count: {{4[0-3]$}}
; LLC: .name: memset
; LLC: .vgpr_count: {{4[0-3]$}}
; LLC: .name: buffer
; LLC: .vgpr_count: {{4[0-3]$}}
; LLC: .name: halves
; LLC: .vgpr_count: {{4[0-3]$}}
