; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; A uniform load from global memory is scalar (SGPRs) where no write can come before it, and in VGPRs where
; one can: a store, an llvm.memset, a buffer store, an s.sleep (intrinsics with side effects are writes);
; an LDS store with its fences and barrier is none (the address spaces do not alias). A load of less than a
; dword is a vector load before GFX12 whatever comes before it, and scalar on gfx1200. 40 such values live
; through a loop: llc-22 gives `clean`, `lds` and `halves12` 2 VGPRs and the others 40 (llvm-readelf's
; .vgpr_count, the independent word); the estimate says 0 and 41 (it once counted every such load in VGPRs
; where the kernel wrote memory anywhere; reviews of the scalar rule found the intrinsics, the LDS writes,
; the i16 loads and gfx12 each answered wrong).
; RUN: python3 %S/Inputs/clobbered-loads.py > %t.in.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -pass-remarks-analysis=amdgpu-occupancy-budget -S %t.in.ll -o %t.out.ll 2>&1 \
; RUN:   | FileCheck %s
; CHECK: kernel clean on gfx942: {{.*}}; estimated VGPRs {{[0-3]}}, SGPRs {{[4-5][0-9]}}
; CHECK: kernel stored on gfx942: {{.*}}; estimated VGPRs {{4[0-3]}}, SGPRs
; CHECK: kernel memset on gfx942: {{.*}}; estimated VGPRs {{4[0-3]}}, SGPRs
; CHECK: kernel buffer on gfx942: {{.*}}; estimated VGPRs {{4[0-3]}}, SGPRs
; CHECK: kernel lds on gfx942: {{.*}}; estimated VGPRs {{[0-3]}}, SGPRs {{[4-5][0-9]}}
; CHECK: kernel sleep on gfx942: {{.*}}; estimated VGPRs {{4[0-3]}}, SGPRs
; CHECK: kernel halves on gfx942: {{.*}}; estimated VGPRs {{4[0-3]}}, SGPRs
; CHECK: kernel halves12 on gfx1200: {{.*}}; estimated VGPRs {{[0-3]}}, SGPRs {{[4-5][0-9]}}
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
; LLC: .name: lds
; LLC: .vgpr_count: {{[0-3]$}}
; LLC: .name: sleep
; LLC: .vgpr_count: {{4[0-3]$}}
; LLC: .name: halves
; LLC: .vgpr_count: {{4[0-3]$}}
; LLC: .name: halves12
; LLC: .vgpr_count: {{[0-3]$}}
