; REQUIRES: llvm22
; (under other majors: unsupported; gfx950 (came in LLVM 22))
; Analysis remarks named amdgpu-occupancy-budget carry the numbers, printed with
; -pass-remarks-analysis and written to -pass-remarks-output YAML with one key per number.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output %s \
; RUN:   -pass-remarks-output=%t.yaml 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output %s \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget 2>&1 | FileCheck %s
; No remark unless asked:
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output %s \
; RUN:   -pass-remarks-analysis=other-pass 2>&1 | count 0

; CHECK: remark: <unknown>:0:0: kernel tile on gfx950: requested 4 waves/SIMD, set at 4; budget VGPRs 128 (arch 64, AGPR 64), SGPRs 108, LDS 40960 bytes; LLVM accepts 1..8; launch 256..256, static LDS 8192 bytes; estimated VGPRs {{[0-9]+}}, SGPRs {{[0-9]+}}

; YAML: --- !Analysis
; YAML-NEXT: Pass: amdgpu-occupancy-budget
; YAML-NEXT: Name: Budget
; YAML-NEXT: Function: tile
; YAML-NEXT: Args:
; YAML: - Kernel: tile
; YAML: - Target: gfx950
; YAML: - Requested: '4'
; YAML: - Action: set
; YAML: - Waves: '4'
; YAML: - MaxVGPRs: '128'
; YAML: - MaxLDS: '40960'
; YAML: - WorkgroupMax: '256'
; YAML: - LDS: '8192'

target triple = "amdgcn-amd-amdhsa"
@buf = internal addrspace(3) global [2048 x float] poison, align 16
define amdgpu_kernel void @tile(ptr addrspace(1) %out) #0 {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @buf, i32 %id
  store float 1.0, ptr addrspace(3) %p
  %v = load float, ptr addrspace(3) %p
  store float %v, ptr addrspace(1) %out
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = { "target-cpu"="gfx950" "amdgpu-flat-work-group-size"="256,256" }
