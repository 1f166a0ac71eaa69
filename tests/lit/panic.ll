; A panic inside the Rust side becomes one error diagnostic: opt exits 1 (not an abort, no backtrace,
; no "thread panicked" line) and writes nothing.
; RUN: env WAVEBUDGET_INTERNAL_PANIC_FOR_TESTING=1 RUST_BACKTRACE=1 not opt -load-pass-plugin=%plugin \
; RUN:   -passes='amdgpu-occupancy-budget<waves=4>' -S %s -o %t.out 2>&1 | FileCheck %s --implicit-check-not=panicked --implicit-check-not=backtrace
; CHECK: error: amdgpu-occupancy-budget: internal error (WAVEBUDGET_INTERNAL_PANIC_FOR_TESTING is set); the module was left unchanged. Please report it with the input.
; `not` fails on a crash (signal) as well as on success, so exit code 1 is what passes here:
; RUN: env WAVEBUDGET_INTERNAL_PANIC_FOR_TESTING=1 opt -load-pass-plugin=%plugin \
; RUN:   -passes='amdgpu-occupancy-budget<waves=4>' -S %s -o %t.out 2>/dev/null; test $? -eq 1

target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k() #0 { ret void }
attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
