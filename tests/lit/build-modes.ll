; The pass acts in every pipeline a ROCm or Triton build runs (issue 55, point 2), or says why not: opt's
; default, the thin- and full-LTO pre-link pipelines and the ThinLTO backend (at the optimizer-last point),
; and the full-LTO link (lto<ON>: a HIP -fgpu-rdc device link with ld.lld --load-pass-plugin), where it
; runs at the link's end. Here through the environment, as an extension point is configured.
; RUN: env WAVEBUDGET_WAVES=4 opt -load-pass-plugin=%plugin -passes='default<O2>' -S %s -o - | FileCheck %s --check-prefix=SET4
; RUN: env WAVEBUDGET_WAVES=4 opt -load-pass-plugin=%plugin -passes='default<O0>' -S %s -o - | FileCheck %s --check-prefix=SET4
; RUN: env WAVEBUDGET_WAVES=4 opt -load-pass-plugin=%plugin -passes='thinlto-pre-link<O2>' -S %s -o - | FileCheck %s --check-prefix=SET4
; RUN: env WAVEBUDGET_WAVES=4 opt -load-pass-plugin=%plugin -passes='thinlto<O2>' -S %s -o - | FileCheck %s --check-prefix=SET4
; RUN: env WAVEBUDGET_WAVES=4 opt -load-pass-plugin=%plugin -passes='lto-pre-link<O2>' -S %s -o - | FileCheck %s --check-prefix=SET4
; RUN: env WAVEBUDGET_WAVES=4 opt -load-pass-plugin=%plugin -passes='lto<O2>' -S %s -o - | FileCheck %s --check-prefix=SET4
; RUN: env WAVEBUDGET_WAVES=4 opt -load-pass-plugin=%plugin -passes='lto<O0>' -S %s -o - | FileCheck %s --check-prefix=SET4
; SET4: "amdgpu-waves-per-eu"="4"
;
; A kernel an earlier run set (the pre-link compile) is the pass's own, known by its .wavebudget.info line:
; the link plans it again with the link's request, and its line is replaced, not doubled.
; RUN: env WAVEBUDGET_WAVES=4 opt -load-pass-plugin=%plugin -passes='lto-pre-link<O2>' %s -o %t.pre.bc
; RUN: env WAVEBUDGET_WAVES=6 opt -load-pass-plugin=%plugin -passes='lto<O2>' -S %t.pre.bc -o %t.link.ll 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=LINK < %t.link.ll
; LINK: c"kernel=k waves=6 vgpr_budget=
; LINK-NOT: waves=4
; LINK: "amdgpu-waves-per-eu"="6"
; A kernel's own attribute (no info line) is still its own: kept, with the warning that it asks for other waves.
; RUN: sed 's/"amdgpu-flat-work-group-size"="1,256"/& "amdgpu-waves-per-eu"="4"/' %s > %t.own.ll
; RUN: env WAVEBUDGET_WAVES=6 opt -load-pass-plugin=%plugin -passes='lto<O2>' -S %t.own.ll -o - 2>&1 | FileCheck %s --check-prefix=OWN
; OWN: warning: amdgpu-occupancy-budget: kernel 'k' (gfx90a): keeps its own "amdgpu-waves-per-eu"="4"; the request for 6 waves/SIMD is not applied to it
; Its own W equal to the request, and exact asked: "W,W", said in a note.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;exact>' -S %t.own.ll -o - 2>&1 | FileCheck %s --check-prefix=EXACT
; EXACT: note: amdgpu-occupancy-budget: kernel 'k' (gfx90a): its own "amdgpu-waves-per-eu"="4" asks for the request's 4 waves/SIMD; exact makes it "4,4"
; EXACT: "amdgpu-waves-per-eu"="4,4"
;
; The plugin loaded twice from two paths: the second copy registers nothing (LLVM would end the process on
; its options, registered twice), and the pass runs once.
; RUN: cp %plugin %t.copy.so
; RUN: env WAVEBUDGET_WAVES=4 opt -load-pass-plugin=%plugin -load-pass-plugin=%t.copy.so -passes='default<O2>' -S %s -o %t.twice.ll 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=SET4 < %t.twice.ll
; RUN: opt -load-pass-plugin=%plugin -load-pass-plugin=%t.copy.so -passes='amdgpu-occupancy-budget<waves=4>' -wavebudget-exact -S %s -o - | FileCheck %s --check-prefix=TWICE
; TWICE: "amdgpu-waves-per-eu"="4,4"

target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {
  store float 1.0, ptr addrspace(1) %p
  ret void
}
attributes #0 = { "target-cpu"="gfx90a" "amdgpu-flat-work-group-size"="1,256" "amdgpu-agpr-alloc"="0" }
