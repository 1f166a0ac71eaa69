; A kernel whose name holds a newline and a colour escape (IR allows any byte in a quoted name): the
; pass's warnings show it escaped, one line each, so it cannot forge a "note:" line or colour the terminal.
; (llc-19 and llc-22 compile this kernel; llc-15 crashes on it, SIGSEGV in its function pass manager.)
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=11>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s
; The analysis remark (opt -pass-remarks-analysis) shows the name escaped too:
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget %s 2>&1 | FileCheck %s --check-prefix=REMARK
; REMARK-NOT: {{^}}note: forged
; REMARK: remark: {{.*}}kernel k\nnote: forged\u{1b}[31m on gfx900: requested 4 waves/SIMD
; REMARK-NOT: {{^}}note: forged

target triple = "amdgcn-amd-amdhsa"

; CHECK-NOT: {{^}}note: forged
; CHECK: {{^}}warning: amdgpu-occupancy-budget: kernel 'k\nnote: forged\u{1b}[31m' (gfx900): no launch bounds
; CHECK-NOT: {{^}}note: forged
; CHECK: {{^}}warning: amdgpu-occupancy-budget: kernel 'k\nnote: forged\u{1b}[31m' (gfx900): 11 waves/SIMD cannot be had
; CHECK-NOT: {{^}}note: forged
define amdgpu_kernel void @"k\0Anote: forged\1B[31m"() "target-cpu"="gfx900" {
  ret void
}
