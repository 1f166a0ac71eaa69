; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; "amdgpu-waves-per-eu"="W,0": LLVM 22 drops it (0 is below the minimum), LLVM 19 passes it to
; getMinNumVGPRs(0) and crashes. The pass keeps a kernel's own attribute, and says what the LLVM it runs in
; will do with it; that LLVM's llc confirms.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WARN%llvm-major
; WARN22: warning: amdgpu-occupancy-budget: kernel 'zero_max' (gfx942): keeps its own "amdgpu-waves-per-eu"="4,0", which LLVM 22 ignores here
; WARN19: warning: amdgpu-occupancy-budget: kernel 'zero_max' (gfx942): keeps its own "amdgpu-waves-per-eu"="4,0": a maximum of 0 makes LLVM 19 divide by zero (getMinNumVGPRs(0)) and crash in code generation; write "4"
; RUN: llc -mtriple=amdgcn-amd-amdhsa -filetype=obj %s -o %t.o -pass-remarks-analysis=kernel-resource-usage > %t.llc 2>&1; echo "exit $?" >> %t.llc
; RUN: FileCheck %s --check-prefix=LLC%llvm-major < %t.llc
; LLC22: Occupancy [waves/SIMD]: 8
; LLC22: exit 0
; LLC19: PLEASE submit a bug report
; LLC19-NOT: exit 0

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @zero_max(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="64,64" "amdgpu-waves-per-eu"="4,0" }
