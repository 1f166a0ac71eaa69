; REQUIRES: llvm15
; (under other majors: unsupported; the LLVM 15 half of zero-max.ll, on a processor 15 knows)
; "amdgpu-waves-per-eu"="W,0" under LLVM 15: the order check lets a maximum of 0 through; getMinNumVGPRs(0)
; pads the kernel to every VGPR it may address (llc-15 reports 1 wave on gfx900 for a kernel without code),
; and the machine scheduler crashes on a kernel with code.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WARN
; WARN: warning: amdgpu-occupancy-budget: kernel 'zero_max' (gfx900): keeps its own "amdgpu-waves-per-eu"="4,0": LLVM 15 reads a maximum of 0 as a cap of 0 waves: it pads the kernel to 256 VGPRs (1 waves/SIMD), and its scheduler divides by zero on kernels with code; write "4"
; RUN: grep -v 'store i32' %s > %t.nocode.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -filetype=obj %t.nocode.ll -o %t.o -pass-remarks-analysis=kernel-resource-usage 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LLC
; LLC: Occupancy [waves/SIMD]: 1
; RUN: not --crash llc -mtriple=amdgcn-amd-amdhsa -filetype=obj %s -o %t.o 2>&1 | FileCheck %s --check-prefix=CRASH
; CRASH: Running pass 'Machine Instruction Scheduler' on function '@zero_max'

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @zero_max(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="gfx900" "amdgpu-flat-work-group-size"="64,64" "amdgpu-waves-per-eu"="4,0" }
