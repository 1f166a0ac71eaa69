; Modules without amdgpu_kernel functions are left exactly as they were, and the pass says so in one
; remark (a remark, not a warning: clang shows it only under -Rremark-backend-plugin, so the host half of a
; -Werror HIP build stays clean): a host module (as clang -x hip compiles for x86_64), and a device module
; holding only a library function.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -S %s 2>%t.err -o %t.out.ll
; RUN: FileCheck --check-prefix=HOST --implicit-check-not=warning --implicit-check-not=error %s < %t.err
; RUN: opt -S %s -o %t.ref.ll
; RUN: diff %t.ref.ll %t.out.ll
; RUN: sed -e 's/x86_64-unknown-linux-gnu/amdgcn-amd-amdhsa/' -e 's/^target datalayout.*//' %s > %t.dev.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -S %t.dev.ll 2>%t.err -o %t.devout.ll
; RUN: FileCheck --check-prefix=DEV --implicit-check-not=warning --implicit-check-not=error %s < %t.err
; RUN: opt -S %t.dev.ll -o %t.devref.ll
; RUN: diff %t.devref.ll %t.devout.ll

; HOST: remark: amdgpu-occupancy-budget: no amdgpu_kernel functions in this 'x86_64-unknown-linux-gnu' module; nothing to do
; DEV: remark: amdgpu-occupancy-budget: no amdgpu_kernel functions in this 'amdgcn-amd-amdhsa' module; nothing to do

target triple = "x86_64-unknown-linux-gnu"

define void @host_stub(ptr %p) #0 {
  store i32 1, ptr %p
  ret void
}
attributes #0 = { "target-cpu"="x86-64" }
