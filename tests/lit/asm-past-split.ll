; REQUIRES: llvm22
; (LLVM 22 keeps half of a gfx90a/gfx942 budget for AGPRs where "amdgpu-agpr-alloc" is absent; earlier
; majors split by what instruction selection used, and reserve nothing here.)
; A register inline asm names past that split is not copied into AGPRs, as values are: LLVM reserves it,
; and the asm's clobber is not preserved (llc-22 warns so). The pass said such a kernel's "101 arch VGPRs"
; would live in AGPRs as copies; it says what llc-22 does. With "amdgpu-agpr-alloc"="0" the split is gone,
; and both are silent.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -S %s -o %t.ll 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not="kernel 'no_split'" --implicit-check-not="AGPRs as copies"
; CHECK: warning: amdgpu-occupancy-budget: kernel 'split' (gfx942): inline asm names registers up to v100, past the 64 of the 128 VGPRs for 4 waves/SIMD that LLVM 22 without "amdgpu-agpr-alloc" leaves beside AGPRs: LLVM reserves them and does not preserve them across the asm (it warns that the clobber list contains reserved registers); "amdgpu-agpr-alloc"="0" leaves them all to arch VGPRs where no AGPR is named
; RUN: llc -filetype=null %t.ll 2>&1 | FileCheck %s --check-prefix=LLC --implicit-check-not=warning
; LLC: warning: inline asm clobber list contains reserved registers: v100

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @split(ptr addrspace(1) %out) #0 {
  call void asm sideeffect "; uses v100", "~{v100}"()
  store i32 0, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @no_split(ptr addrspace(1) %out) #1 {
  call void asm sideeffect "; uses v100", "~{v100}"()
  store i32 0, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
attributes #1 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "amdgpu-agpr-alloc"="0" }
