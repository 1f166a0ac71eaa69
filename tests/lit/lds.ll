; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; Static LDS as LLVM counts it: the addrspace(3) globals a kernel reaches, directly or through calls,
; sized with the module's DataLayout and aligned. The numbers the pass prints are checked against
; llc-22's own "LDS Size [bytes/block]" for the same kernels.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2>' -disable-output %s \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget 2>&1 | FileCheck %s --check-prefix=PASS
; RUN: llc -mtriple=amdgcn-amd-amdhsa -filetype=null %s -pass-remarks-analysis=kernel-resource-usage 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LLC

target triple = "amdgcn-amd-amdhsa"

@a = internal addrspace(3) global [3 x i8] poison, align 1
@b = internal addrspace(3) global [10 x double] poison, align 8
@c = internal addrspace(3) global [5 x i32] poison, align 16
@d = internal addrspace(3) global [1000 x float] poison, align 4
@dyn = external addrspace(3) global [0 x i32], align 4

; direct: @c (20 bytes, align 16) at 0, @b (80, align 8) at 24, and @a (3 bytes) in the gap at 20: 104
; PASS: kernel direct on gfx942: {{.*}} static LDS 104 bytes
; LLC: Function Name: direct
; LLC: LDS Size [bytes/block]: 104
define amdgpu_kernel void @direct(i32 %i) #0 {
  %pa = getelementptr i8, ptr addrspace(3) @a, i32 %i
  store i8 1, ptr addrspace(3) %pa
  %pb = getelementptr double, ptr addrspace(3) @b, i32 %i
  store double 1.0, ptr addrspace(3) %pb
  %pc = getelementptr i32, ptr addrspace(3) @c, i32 %i
  store i32 1, ptr addrspace(3) %pc
  ret void
}

; through a call (not inlined): @d's 4000 bytes
; PASS: kernel via_call on gfx942: {{.*}} static LDS 4000 bytes
; LLC: Function Name: via_call
; LLC: LDS Size [bytes/block]: 4000
define amdgpu_kernel void @via_call(i32 %i) #0 {
  call void @helper(i32 %i)
  ret void
}
define internal void @helper(i32 %i) noinline {
  %pd = getelementptr float, ptr addrspace(3) @d, i32 %i
  store float 1.0, ptr addrspace(3) %pd
  ret void
}

; dynamic LDS (extern, zero-sized) is not counted, as in LLVM's occupancy model
; PASS: kernel dynamic on gfx942: {{.*}} static LDS 0 bytes
; LLC: Function Name: dynamic
; LLC: LDS Size [bytes/block]: 0
define amdgpu_kernel void @dynamic(i32 %i) #0 {
  %p = getelementptr i32, ptr addrspace(3) @dyn, i32 %i
  store i32 1, ptr addrspace(3) %p
  ret void
}

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
