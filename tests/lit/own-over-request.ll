; REQUIRES: llvm19+
; (under LLVM 15: unsupported; gfx942 came in LLVM 19)
; A kernel's own "amdgpu-waves-per-eu" (from __attribute__((amdgpu_waves_per_eu)), Triton's waves_per_eu, or
; an earlier run of the pass) is kept. Where it asks for other waves than the module-wide request, the
; request is not applied to that kernel, and the pass says so rather than doing nothing silently; where it
; asks for the same (the pass run twice), there is nothing to say. A kernel's "wavebudget-waves" wins.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2>' -S %s -o %t.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=TWO
; TWO: warning: amdgpu-occupancy-budget: kernel 'own4' (gfx942): keeps its own "amdgpu-waves-per-eu"="4"; the request for 2 waves/SIMD is not applied to it (its "wavebudget-waves" attribute would be)
; TWO-NOT: kernel 'asked'
; RUN: FileCheck %s --check-prefix=OUT < %t.ll
; OUT: attributes #0 = { {{.*}}"amdgpu-waves-per-eu"="4"
; OUT: attributes #1 = { {{.*}}"amdgpu-waves-per-eu"="2"
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output %s 2>&1 \
; RUN:   | count 0

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @own4(ptr addrspace(1) %p) #0 {
  store float 1.0, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @asked(ptr addrspace(1) %p) #1 {
  store float 1.0, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="4" }
attributes #1 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="4" "wavebudget-waves"="2" }
