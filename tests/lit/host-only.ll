; Modules without amdgpu_kernel functions are left exactly as they were, with nothing printed: a host
; module (as clang -x hip compiles for x86_64), and a device module holding only a library function.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -S %s 2>%t.err -o %t.out.ll
; RUN: count 0 < %t.err
; RUN: opt -S %s -o %t.ref.ll
; RUN: diff %t.ref.ll %t.out.ll
; RUN: sed -e 's/x86_64-unknown-linux-gnu/amdgcn-amd-amdhsa/' -e 's/^target datalayout.*//' %s > %t.dev.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -S %t.dev.ll 2>%t.err -o %t.devout.ll
; RUN: count 0 < %t.err
; RUN: opt -S %t.dev.ll -o %t.devref.ll
; RUN: diff %t.devref.ll %t.devout.ll

target triple = "x86_64-unknown-linux-gnu"

define void @host_stub(ptr %p) #0 {
  store i32 1, ptr %p
  ret void
}
attributes #0 = { "target-cpu"="x86-64" }
