; exact ("W,W") caps occupancy by padding the descriptor, which cannot pass the registers a wave can
; address: on gfx1100 wave32 no padding holds a kernel below 5 waves/SIMD (LLVM 15, which budgets 128 VGPRs on
; GFX11: 8). The pass says so for the LLVM it runs in instead of reporting the cap as set, and that LLVM's
; llc confirms it on the pass's output (an object: llc-15's -filetype=null crashes in its assembly
; printer); wave64 can be capped at 4.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;exact;target=gfx1100>' -S %s -o %t.w32.ll 2>&1 | FileCheck %s --check-prefixes=W32,W32-%llvm-major
; W32: warning: amdgpu-occupancy-budget: kernel 'k' (gfx1100, wave32): exact: "4,4" cannot cap occupancy at 4 here: LLVM pads the descriptor to at most
; W32-22-SAME: 256 VGPRs, so the kernel will run at 5 waves/SIMD; the budget for 4 still applies
; W32-19-SAME: 241 VGPRs, so the kernel will run at 5 waves/SIMD; the budget for 4 still applies
; W32-15-SAME: 128 VGPRs, so the kernel will run at 8 waves/SIMD; the budget for 4 still applies
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -pass-remarks-analysis=kernel-resource-usage -filetype=obj %t.w32.ll -o %t.w32.o 2>&1 | FileCheck %s --check-prefix=LLC32-%llvm-major
; LLC32-22: Occupancy [waves/SIMD]: 5
; LLC32-19: Occupancy [waves/SIMD]: 5
; LLC32-15: Occupancy [waves/SIMD]: 8
; RUN: sed -e 's/"amdgpu-flat-work-group-size"="64,64"/"amdgpu-flat-work-group-size"="64,64" "target-features"="+wavefrontsize64"/' %s > %t.w64in.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;exact;target=gfx1100>' -S %t.w64in.ll -o %t.w64.ll 2>&1 | count 0
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -pass-remarks-analysis=kernel-resource-usage -filetype=obj %t.w64.ll -o %t.w64.o 2>&1 | FileCheck %s --check-prefix=LLC64
; LLC64: Occupancy [waves/SIMD]: 4

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "amdgpu-flat-work-group-size"="64,64" }
