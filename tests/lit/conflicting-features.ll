; "target-features" asking for both wave sizes: llc-22 refuses the kernel ("must specify exactly one of
; wavefrontsize32 and wavefrontsize64"); the pass used to take the last (wave64) and set a budget for it.
; Now a warning naming the features, and the kernel is left as it was.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -S %s -o %t.ll 2>&1 | FileCheck %s
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -S %s 2>/dev/null | FileCheck %s --check-prefix=ONE

target triple = "amdgcn-amd-amdhsa"

; CHECK: warning: amdgpu-occupancy-budget: kernel 'both': "target-features"="+wavefrontsize32,+wavefrontsize64" asks for both +wavefrontsize32 and +wavefrontsize64, which LLVM refuses (it must be exactly one); kernel left untouched
; IR: attributes #0 = { "amdgpu-flat-work-group-size"="1,256" "target-cpu"="gfx1100" "target-features"="+wavefrontsize32,+wavefrontsize64" }
; One wave size is fine: the budget is set.
; ONE: attributes #1 = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="4" "target-cpu"="gfx1100" "target-features"="+wavefrontsize64" }
define amdgpu_kernel void @both() #0 {
  ret void
}
define amdgpu_kernel void @one() #1 {
  ret void
}
attributes #0 = { "target-cpu"="gfx1100" "target-features"="+wavefrontsize32,+wavefrontsize64" "amdgpu-flat-work-group-size"="1,256" }
attributes #1 = { "target-cpu"="gfx1100" "target-features"="+wavefrontsize64" "amdgpu-flat-work-group-size"="1,256" }
