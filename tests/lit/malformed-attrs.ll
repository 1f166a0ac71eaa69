; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; Attribute values LLVM 22 cannot parse are reported as what llc-22 does with them: it fails the
; compile. Values it parses but does not accept are reported as ignored. The llc runs below are the
; independent source for both.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PASS
; PASS-DAG: warning: amdgpu-occupancy-budget: kernel 'wpe_text' (gfx942): "amdgpu-waves-per-eu"="abc" is malformed: llc-22 fails the compile with "error: can't parse first integer attribute amdgpu-waves-per-eu"; kernel left untouched
; PASS-DAG: warning: amdgpu-occupancy-budget: kernel 'wpe_three' (gfx942): "amdgpu-waves-per-eu"="1,2,3" is malformed: llc-22 fails the compile with "error: can't parse second integer attribute amdgpu-waves-per-eu"; kernel left untouched
; PASS-DAG: warning: amdgpu-occupancy-budget: kernel 'wg_one' (gfx942): "amdgpu-flat-work-group-size"="256" is malformed: llc-22 fails the compile with "error: can't parse second integer attribute amdgpu-flat-work-group-size"; kernel left untouched
; PASS-DAG: warning: amdgpu-occupancy-budget: kernel 'wpe_backwards' (gfx942): keeps its own "amdgpu-waves-per-eu"="4,2", which LLVM [[LLVM_MAJOR]] ignores here
;
; llc-22 on each kernel alone (the same attributes):
; RUN: sed -n -e '/^attributes/p' -e '/@wpe_text/p' %s > %t.1.ll
; RUN: not llc -mtriple=amdgcn-amd-amdhsa -filetype=null %t.1.ll 2>&1 | FileCheck %s --check-prefix=LLC1
; LLC1: error: can't parse first integer attribute amdgpu-waves-per-eu
; RUN: sed -n -e '/^attributes/p' -e '/@wpe_three/p' %s > %t.2.ll
; RUN: not llc -mtriple=amdgcn-amd-amdhsa -filetype=null %t.2.ll 2>&1 | FileCheck %s --check-prefix=LLC2
; LLC2: error: can't parse second integer attribute amdgpu-waves-per-eu
; RUN: sed -n -e '/^attributes/p' -e '/@wg_one/p' %s > %t.3.ll
; RUN: not llc -mtriple=amdgcn-amd-amdhsa -filetype=null %t.3.ll 2>&1 | FileCheck %s --check-prefix=LLC3
; LLC3: error: can't parse second integer attribute amdgpu-flat-work-group-size
; A backwards pair parses and is dropped without an error: llc warns only that occupancy 4 was not met
; (the budget of 4 waves was never applied).
; RUN: sed -n -e '/^attributes/p' -e '/@wpe_backwards/p' %s > %t.4.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -filetype=null %t.4.ll 2>&1 | FileCheck %s --check-prefix=LLC4 --allow-empty
; LLC4-NOT: error:
;
; "amdgpu-agpr-alloc" is parsed by LLVM 22 on the processors with one VGPR/AGPR file (gfx90a, gfx942,
; gfx950) only, with its second integer optional; elsewhere, and by LLVM 19, it is not read at all.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=AGPR%llvm-major
; AGPR22: warning: amdgpu-occupancy-budget: kernel 'agpr_text' (gfx942): "amdgpu-agpr-alloc"="abc" is malformed: llc-22 fails the compile with "error: can't parse first integer attribute amdgpu-agpr-alloc"; kernel left untouched
; AGPR22-NOT: kernel 'agpr_{{(908|open)}}'
; AGPR19-NOT: agpr_
; RUN: sed -n -e '/^attributes/p' -e '/@agpr_text/p' %s > %t.5.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -filetype=null %t.5.ll > %t.5.out 2>&1 || echo "llc failed" >> %t.5.out
; RUN: FileCheck %s --check-prefix=LLC5-%llvm-major --allow-empty < %t.5.out
; LLC5-22: error: can't parse first integer attribute amdgpu-agpr-alloc
; LLC5-22: llc failed
; LLC5-19-NOT: {{error|llc failed|Stack dump}}
; RUN: sed -n -e '/^attributes/p' -e '/@agpr_908/p' -e '/@agpr_open/p' %s > %t.6.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -filetype=null %t.6.ll 2>&1 | FileCheck %s --check-prefix=LLC6 --allow-empty
; LLC6-NOT: error:

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @wpe_text(ptr addrspace(1) %p) #0 { store i32 1, ptr addrspace(1) %p ret void }
define amdgpu_kernel void @wpe_three(ptr addrspace(1) %p) #1 { store i32 1, ptr addrspace(1) %p ret void }
define amdgpu_kernel void @wg_one(ptr addrspace(1) %p) #2 { store i32 1, ptr addrspace(1) %p ret void }
define amdgpu_kernel void @wpe_backwards(ptr addrspace(1) %p) #3 { store i32 1, ptr addrspace(1) %p ret void }
define amdgpu_kernel void @agpr_text(ptr addrspace(1) %p) #4 { store i32 1, ptr addrspace(1) %p ret void }
define amdgpu_kernel void @agpr_908(ptr addrspace(1) %p) #5 { store i32 1, ptr addrspace(1) %p ret void }
define amdgpu_kernel void @agpr_open(ptr addrspace(1) %p) #6 { store i32 1, ptr addrspace(1) %p ret void }

attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="abc" }
attributes #1 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="1,2,3" }
attributes #2 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="256" }
attributes #3 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="4,2" }
attributes #4 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "amdgpu-agpr-alloc"="abc" }
attributes #5 = { "target-cpu"="gfx908" "amdgpu-flat-work-group-size"="1,256" "amdgpu-agpr-alloc"="abc" }
attributes #6 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "amdgpu-agpr-alloc"="4," }
