; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; The pass never does nothing without saying so, and never takes a target it cannot use.
;
; No waves target anywhere: a warning, IR unchanged.
; RUN: opt -load-pass-plugin=%plugin -passes=amdgpu-occupancy-budget -S %s -o %t.none.ll 2>&1 | FileCheck %s --check-prefix=NOWAVES
; RUN: opt -S %s -o %t.ref.ll
; RUN: diff %t.ref.ll %t.none.ll
; NOWAVES: warning: amdgpu-occupancy-budget: no waves target given: set waves=N, -wavebudget-waves=N or a kernel's "wavebudget-waves"; 2 kernel(s) left untouched
; At an extension point (opt's default<O0>, as clang), where the environment counts, it is named too, and an
; empty WAVEBUDGET_WAVES counts as unset, and the warning says it was empty.
; RUN: env WAVEBUDGET_WAVES= opt -load-pass-plugin=%plugin -passes='default<O0>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=EMPTY
; EMPTY: warning: amdgpu-occupancy-budget: no waves target given (WAVEBUDGET_WAVES set but empty): set waves=N, -wavebudget-waves=N, WAVEBUDGET_WAVES=N or a kernel's "wavebudget-waves"
;
; target= is checked when it is parsed, in each of its three spellings; the error is the first line opt prints.
; RUN: not opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2;target=gfx9999>' -disable-output %s 2> %t.badt
; RUN: head -n 1 %t.badt | FileCheck %s --check-prefix=BADT
; BADT: {{^}}error: amdgpu-occupancy-budget: parameter 'target' in 'amdgpu-occupancy-budget<waves=2;target=gfx9999>': unknown target 'gfx9999'
; RUN: not opt -load-pass-plugin=%plugin -passes=amdgpu-occupancy-budget -wavebudget-waves=2 -wavebudget-target=gfx940 -disable-output %s 2>&1 | FileCheck %s --check-prefix=BADCL
; BADCL: {{^}}error: amdgpu-occupancy-budget: parameter 'target' in the -wavebudget-* options: 'gfx940' was removed in LLVM 22
; RUN: env WAVEBUDGET_WAVES=2 WAVEBUDGET_TARGET=MI9000 opt -load-pass-plugin=%plugin -passes='default<O0>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BADENV
; BADENV: {{^}}warning: amdgpu-occupancy-budget: environment variable WAVEBUDGET_TARGET: unknown target 'MI9000'
;
; Product names and target ids work as target=; the kernel without "target-cpu" gets gfx942's budget.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2;target=MI300X>' -S %s 2>&1 | FileCheck %s --check-prefix=MI300X
; MI300X: define amdgpu_kernel void @no_cpu({{.*}}) #[[A:[0-9]+]]
; MI300X: define amdgpu_kernel void @unknown_cpu({{.*}}) #[[B:[0-9]+]]
; MI300X: attributes #[[A]] = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="2" }
; MI300X-NOT: amdgpu-waves-per-eu
;
; A "target-cpu" LLVM does not know: a warning for that kernel, never an abort, in set and auto modes.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2;target=gfx942>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; UNKNOWN: warning: amdgpu-occupancy-budget: kernel 'unknown_cpu': target-cpu "gfx9999": unknown target 'gfx9999'; did you mean 'gfx909'?; kernel left untouched
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto;target=gfx942>' -S %s 2>&1 | FileCheck %s --check-prefix=AUTO
; AUTO: warning: amdgpu-occupancy-budget: kernel 'unknown_cpu' (gfx9999): mode=auto: "target-cpu"="gfx9999": unknown target 'gfx9999'
; AUTO: attributes #[[A:[0-9]+]] = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="{{[0-9]+}}" }
; mode=auto without any target for a kernel that has no "target-cpu": that kernel is refused with the reason.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=AUTONONE
; AUTONONE: warning: amdgpu-occupancy-budget: kernel 'no_cpu': mode=auto: no "target-cpu" attribute and no target given (target=PROCESSOR, -wavebudget-target); kernel left untouched
;
; No triple at all (as LLVM's own tests are written, for llc -mtriple): taken as amdgcn-amd-amdhsa.
; RUN: sed -e '/^target triple/d' %s > %t.notriple.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2;target=gfx942>' -S %t.notriple.ll 2>/dev/null | FileCheck %s --check-prefix=MI300X
; An amdgpu_kernel in a module for another target: a warning saying why nothing was done.
; RUN: sed -e 's/^target triple.*/target triple = "x86_64-unknown-linux-gnu"/' %s > %t.x86.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2;target=gfx942>' -disable-output %t.x86.ll 2>&1 | FileCheck %s --check-prefix=X86
; X86: warning: amdgpu-occupancy-budget: 2 amdgpu_kernel function(s) in a module whose triple is 'x86_64-unknown-linux-gnu', not amdgcn; nothing done

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @no_cpu(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @unknown_cpu(ptr addrspace(1) %p) #1 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
attributes #1 = { "amdgpu-flat-work-group-size"="1,256" "target-cpu"="gfx9999" }
