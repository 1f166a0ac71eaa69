; tune and mode=auto choose by the occupancy a level reaches (issue 48, point 5). Inline asm that names
; v200 fixes 201 VGPRs: LLVM reaches 2 waves/SIMD at every W from 2 and says "failed to meet occupancy
; target" above it, with no spills anywhere. A level LLVM did not meet is not a level reached: the choice is
; 2, and llc on the result reaches what was set.
; REQUIRES: wavebudget-cli
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto>' -S %s \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget -o %t.auto.ll 2>%t.remarks
; RUN: FileCheck %s --check-prefix=LADDER < %t.remarks
; LADDER: kernel asm_v200 ladder (waves: spills): 1: 0 2: 0 3: 0 (reached 2) 4: 0 (reached 2) {{.*}} 8: 0 (reached 2); chosen 2
; RUN: FileCheck %s --check-prefix=ATTR < %t.auto.ll
; ATTR: "amdgpu-waves-per-eu"="2"
; RUN: llc -mtriple=amdgcn-amd-amdhsa -o /dev/null -pass-remarks-analysis=kernel-resource-usage %t.auto.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LLC
; LLC-NOT: failed to meet occupancy target
; LLC: Occupancy [waves/SIMD]: 2
; The CLI's tune, compiling with the CLI's in-process LLVM 22:
; RUN: %wavebudget tune %s -o %t.tuned.ll | FileCheck %s --check-prefix=TUNE
; TUNE: chosen: amdgpu-waves-per-eu="2" (the highest W with at most 0 spills)
; RUN: FileCheck %s --check-prefix=ATTR < %t.tuned.ll

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @asm_v200(ptr addrspace(1) %p) #0 {
  %v = load float, ptr addrspace(1) %p
  %r = call float asm sideeffect "v_mov_b32 $0, $1", "=v,v,~{v200}"(float %v)
  store float %r, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="gfx90a" "amdgpu-flat-work-group-size"="1,256" "amdgpu-agpr-alloc"="0" }
