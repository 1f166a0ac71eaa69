; REQUIRES: llvm19+
; REQUIRES: wavebudget-cli
; (under LLVM 15: unsupported; gfx942 came in LLVM 19)
; .wavebudget.info is one line per kernel, and a kernel's name may hold a newline or a space (IR allows any
; byte in a quoted name): the name is written with such bytes as %XX, so "x\nkernel=victim" cannot forge a
; line for the kernel 'victim' (which the pass set at 4 waves, not 1), and inspect reads the name back.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' %s -o %t.bc
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.bc -o %t.o
; RUN: ld.lld -shared %t.o -o %t.so
; RUN: llvm-readelf -p .wavebudget.info %t.so | FileCheck %s --check-prefix=SECTION
; SECTION: kernel=x%0Akernel=victim waves=1
; SECTION: kernel=a%20b%25c waves=4
; SECTION: kernel=victim waves=4
; RUN: %wavebudget inspect --json %t.so | FileCheck %s --check-prefix=JSON
; JSON: "pass": {
; JSON-NEXT: "kernel": "x\nkernel=victim",
; JSON-NEXT: "waves": 1,
; JSON: "pass": {
; JSON-NEXT: "kernel": "a b%c",
; JSON-NEXT: "waves": 4,
; JSON: "pass": {
; JSON-NEXT: "kernel": "victim",
; JSON-NEXT: "waves": 4,

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @"x\0Akernel=victim"() #1 {
  ret void
}

define amdgpu_kernel void @"a b%c"() #0 {
  ret void
}

define amdgpu_kernel void @victim() #0 {
  ret void
}

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,64" }
attributes #1 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,64" "wavebudget-waves"="1" }
