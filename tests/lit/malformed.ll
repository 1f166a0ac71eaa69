; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; Unknown processors and malformed attributes get a warning naming them; the kernel is left untouched
; and the others are still handled.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err

target triple = "amdgcn-amd-amdhsa"

; WARN-DAG: warning: amdgpu-occupancy-budget: kernel 'removed': target-cpu "gfx940": 'gfx940' was removed in LLVM 22 {{.*}}; use 'gfx942'; kernel left untouched
; WARN-DAG: warning: amdgpu-occupancy-budget: kernel 'typo': target-cpu "gfx9420": {{.*}}; kernel left untouched
; WARN-DAG: warning: amdgpu-occupancy-budget: kernel 'bad_wg' (gfx942): "amdgpu-flat-work-group-size"="256,64" is not a range within 1 to 1024: LLVM [[LLVM_MAJOR]] ignores it without a word and assumes 1,1024; kernel left untouched
; WARN-DAG: warning: amdgpu-occupancy-budget: kernel 'bad_wg2' (gfx942): "amdgpu-flat-work-group-size"="lots" is malformed: llc-22 fails the compile with "error: can't parse first integer attribute amdgpu-flat-work-group-size"; kernel left untouched
; WARN-DAG: warning: amdgpu-occupancy-budget: kernel 'bad_dsl': malformed "wavebudget-waves"="0": wants a whole number of waves per SIMD from 1 to 20; kernel left untouched
; WARN-DAG: warning: amdgpu-occupancy-budget: kernel 'no_cpu': no "target-cpu" attribute and no target given (target=PROCESSOR, -wavebudget-target); kernel left untouched
; WARN-DAG: warning: amdgpu-occupancy-budget: kernel 'w64_1250': gfx1250 with features "+wavefrontsize64": {{.*}}; kernel left untouched
define amdgpu_kernel void @removed() #0 { ret void }
define amdgpu_kernel void @typo() #1 { ret void }
define amdgpu_kernel void @bad_wg() #2 { ret void }
define amdgpu_kernel void @bad_wg2() #3 { ret void }
define amdgpu_kernel void @bad_dsl() #4 { ret void }
define amdgpu_kernel void @no_cpu() { ret void }
define amdgpu_kernel void @w64_1250() #6 { ret void }
define amdgpu_kernel void @good() #5 { ret void }

; CHECK: attributes #0 = { "target-cpu"="gfx940" }
; CHECK: attributes #1 = { "target-cpu"="gfx9420" }
; CHECK: attributes #2 = { "amdgpu-flat-work-group-size"="256,64" "target-cpu"="gfx942" }
; CHECK: attributes #3 = { "amdgpu-flat-work-group-size"="lots" "target-cpu"="gfx942" }
; CHECK: attributes #4 = { "amdgpu-flat-work-group-size"="1,256" "target-cpu"="gfx942" "wavebudget-waves"="0" }
; CHECK: attributes #5 = { "target-cpu"="gfx1250" "target-features"="+wavefrontsize64" }
; CHECK: attributes #6 = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="4" "target-cpu"="gfx942" }

attributes #0 = { "target-cpu"="gfx940" }
attributes #1 = { "target-cpu"="gfx9420" }
attributes #2 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="256,64" }
attributes #3 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="lots" }
attributes #4 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "wavebudget-waves"="0" }
attributes #5 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
attributes #6 = { "target-cpu"="gfx1250" "target-features"="+wavefrontsize64" }
