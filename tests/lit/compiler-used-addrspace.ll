; REQUIRES: llvm19+
; (under LLVM 15: unsupported; gfx942 came in LLVM 19)
; An input whose @llvm.compiler.used holds `ptr addrspace(1)` entries (in an addrspace(1) list): the pass
; adds its info section's global to the list and keeps the input's entries, cast to `ptr` as LLVM's
; appendToCompilerUsed writes them, so the array is of one type and llc reads the output (it refused
; "array element #1 is not of type" when the pass mixed the two; a helper's audit).
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -S %s -o %t.ll
; RUN: FileCheck %s --input-file=%t.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=null %t.ll
; CHECK: @llvm.compiler.used = appending {{.*}}global [2 x ptr] [ptr addrspacecast (ptr addrspace(1) @x to ptr),
; CHECK: "amdgpu-waves-per-eu"="4"
target triple = "amdgcn-amd-amdhsa"
@x = addrspace(1) global i32 0
@llvm.compiler.used = appending addrspace(1) global [1 x ptr addrspace(1)] [ptr addrspace(1) @x], section "llvm.metadata"
define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  ret void
}
attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
