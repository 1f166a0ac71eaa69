; REQUIRES: llvm15
; (under other majors: unsupported; gfx942 is unknown to LLVM 15 only)
; A processor the running LLVM does not know is refused per kernel, in mode=set and in mode=auto (which
; would otherwise compile for LLVM's generic processor and may abort in instruction selection); a processor
; it knows goes through the in-process ladder of that LLVM, and its llc confirms the occupancy chosen.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto>' \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s --check-prefix=AUTO < %t.err
; AUTO: warning: amdgpu-occupancy-budget: kernel 'on942' (gfx942): mode=auto: LLVM 15 does not know the processor 'gfx942'; kernel left untouched
; AUTO: remark: <unknown>:0:0: kernel on1100 ladder (waves: spills): {{.*}}; chosen 16
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; IR: attributes #0 = { "amdgpu-flat-work-group-size"="1,256" "target-cpu"="gfx942" }
; IR: attributes #1 = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="16" "target-cpu"="gfx1100" }
; RUN: sed -e '/^define amdgpu_kernel void @on942/,/^}/d' %t.ll > %t.1100.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -filetype=obj %t.1100.ll -o %t.o -pass-remarks-analysis=kernel-resource-usage 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LLC
; LLC: Occupancy [waves/SIMD]: 16
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SET
; SET: warning: amdgpu-occupancy-budget: kernel 'on942': gfx942 with features "": gfx942 is not known to LLVM 15 (it came in LLVM 19); kernel left untouched

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @on942(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @on1100(ptr addrspace(1) %p) #1 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
attributes #1 = { "target-cpu"="gfx1100" "amdgpu-flat-work-group-size"="1,256" }
