; REQUIRES: llvm22
; (under other majors: unsupported; llc-22's counts are what the test compares)
; A kernel that calls a function LLVM did not inline gets the callee's registers where they are more
; (llc-22 below: 64 VGPRs + 64 AGPRs and 4 waves/SIMD at a request of 8, a spill), which the estimate,
; reading the kernel's own code, does not see. The pass says so rather than letting "set at 8" stand
; alone; an indirect call gets the same warning (LLVM then counts the most of any function).
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=8>' -S %S/Inputs/calls-heavy.ll -o %t.ll 2>&1 \
; RUN:   | FileCheck %s
; CHECK: warning: amdgpu-occupancy-budget: kernel 'K' (gfx942): calls 'heavy' (not inlined): the register estimate covers the kernel's own code only
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.ll -filetype=null -pass-remarks-analysis=kernel-resource-usage 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LLC
; LLC: Function Name: K
; LLC: Occupancy [waves/SIMD]: 4
; RUN: sed -e 's/call float @heavy(/call float %fp(/' -e 's/^  %id = call i32/  %fp = load ptr, ptr addrspace(1) %out\n&/' %S/Inputs/calls-heavy.ll > %t.indirect.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=8>' -disable-output %t.indirect.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=INDIRECT
; INDIRECT: kernel 'K' (gfx942): makes an indirect call: the register estimate covers the kernel's own code only
