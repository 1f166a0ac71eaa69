; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; A kernel a few registers away from one more wave gets a note with the number. The records are the
; JSON `wavebudget inspect --json` writes (here written by hand: 132 VGPRs on gfx942 reach 3 waves,
; 128 would reach 4: 512 / 128 on gfx942's unified file, docs/occupancy-model.md).
; RUN: echo '{"code_objects":[{"processor":"gfx942","kernels":[{"name":"close","vgpr_count":132,"agpr_count":0,"sgpr_count":20},{"name":"far","vgpr_count":150,"agpr_count":0,"sgpr_count":20}]}]}' > %t.json
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=3;records=%t.json>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s
; CHECK: note: amdgpu-occupancy-budget: kernel 'close' (gfx942): 132 VGPRs reach 3 waves/SIMD; shaving 4 registers (to 128) would give 4
; CHECK-NOT: kernel 'far'

target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @close() #0 { ret void }
define amdgpu_kernel void @far() #0 { ret void }
attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "amdgpu-agpr-alloc"="0" }
