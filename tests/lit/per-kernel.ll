; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; A kernel's own "wavebudget-waves" (what a DSL compiler sets) overrides the module-wide request, and
; works with no module-wide request at all. A kernel's own "amdgpu-waves-per-eu" is kept, with a warning
; when LLVM 22 would ignore it.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; RUN: opt -load-pass-plugin=%plugin -passes=amdgpu-occupancy-budget -S %s 2>&1 | FileCheck %s --check-prefix=NOMODULE

target triple = "amdgcn-amd-amdhsa"

; CHECK: define amdgpu_kernel void @dsl() #0
; CHECK: define amdgpu_kernel void @plain() #1
; CHECK: define amdgpu_kernel void @own() #2
; CHECK: define amdgpu_kernel void @own_ignored() #3
define amdgpu_kernel void @dsl() #0 { ret void }
define amdgpu_kernel void @plain() #1 { ret void }
define amdgpu_kernel void @own() #2 { ret void }
; WARN: warning: amdgpu-occupancy-budget: kernel 'own_ignored' (gfx942): keeps its own "amdgpu-waves-per-eu"="2", which LLVM [[LLVM_MAJOR]] ignores here (it accepts a minimum of 4 to 8 at launch size 1 to 1024
define amdgpu_kernel void @own_ignored() #3 { ret void }

; CHECK: attributes #0 = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="2" "target-cpu"="gfx942" "wavebudget-waves"="2" }
; CHECK: attributes #1 = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="4" "target-cpu"="gfx942" }
; CHECK: attributes #2 = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="6" "target-cpu"="gfx942" }
; CHECK: attributes #3 = { "amdgpu-flat-work-group-size"="1,1024" "amdgpu-waves-per-eu"="2" "target-cpu"="gfx942" }

; NOMODULE-NOT: warning
; NOMODULE: attributes #0 = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="2" "target-cpu"="gfx942" "wavebudget-waves"="2" }
; NOMODULE: attributes #1 = { "amdgpu-flat-work-group-size"="1,256" "target-cpu"="gfx942" }

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "wavebudget-waves"="2" }
attributes #1 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
attributes #2 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="6" }
attributes #3 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,1024" "amdgpu-waves-per-eu"="2" }
