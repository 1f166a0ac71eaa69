; REQUIRES: llvm22
; The pass on NVPTX IR as Triton hands it to LLVM (issue 47, point 4): no target triple, ptx_kernel
; functions, "nvvm.reqntid", dynamic shared memory as an external [0 x i8] global. It is NVPTX; with
; target=sm_90 (or a product) the pass acts. Shaped like tests/data/nvidia/h200's 017_matmul.ll (Triton 3.6,
; 128x128x64, 4 warps, 3 stages, launched with 98,304 bytes of dynamic shared memory: the H200 driver
; answers 2 blocks/SM whatever the registers). dynamic-shared-mem=98304 (pipeline, -mllvm or
; WAVEBUDGET_DYNAMIC_SHARED_MEM) gives that launch: 16 warps per SM is out of reach (2 x 4 warps), so no
; register cap is set (on the H200, capping that kernel at 128 registers spilled 120 and ran 5.7x slower).
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<target=sm_90;warps-per-sm=16>' -pass-remarks-analysis=amdgpu-occupancy-budget -S %s -o %t.nodyn.ll 2>&1 | FileCheck %s --check-prefix=NODYN
; NODYN: remark: {{.*}}kernel 'matmul_k' (sm_90, 128 threads/block, 0 B static shared memory): 16 warps per SM needs at most 128 registers per thread
; RUN: FileCheck %s --check-prefix=CAPPED < %t.nodyn.ll
; CAPPED: "nvvm.maxnreg"="128"
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<target=H200;warps-per-sm=16;dynamic-shared-mem=98304>' -S %s -o %t.dyn.ll 2>&1 | FileCheck %s --check-prefix=DYN
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<target=sm_90;warps-per-sm=16>' -wavebudget-dynamic-shared-mem=98304 -S %s -o %t.dyn2.ll 2>&1 | FileCheck %s --check-prefix=DYN
; RUN: env WAVEBUDGET_DYNAMIC_SHARED_MEM=98304 WAVEBUDGET_TARGET=sm_90 WAVEBUDGET_WARPS_PER_SM=16 opt -load-pass-plugin=%plugin -passes='default<O0>' -S %s -o %t.dyn3.ll 2>&1 | FileCheck %s --check-prefix=DYN
; DYN: warning: amdgpu-occupancy-budget: kernel 'matmul_k': 16 warps per SM at 128 threads per block on sm_90 is out of reach at any register count: shared_mem allows 2 blocks per SM (8 warps); kernel left untouched
; RUN: FileCheck %s --check-prefix=UNCAPPED < %t.dyn.ll
; UNCAPPED-NOT: nvvm.maxnreg
; 8 warps per SM (2 blocks) is within reach: the cap for it.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<target=sm_90;warps-per-sm=8;dynamic-shared-mem=98304>' -pass-remarks-analysis=amdgpu-occupancy-budget -disable-output %s 2>&1 | FileCheck %s --check-prefix=EIGHT
; EIGHT: remark: {{.*}}kernel 'matmul_k' (sm_90, 128 threads/block, 0 B static shared memory): 8 warps per SM needs at most 255 registers per thread
; A kernel's own "nvvm.maxnreg"="0" is no cap (LLVM writes no .maxnreg for it): not kept, the pass sets one.
; RUN: sed 's/"nvvm.reqntid"="128"/& "nvvm.maxnreg"="0"/' %s > %t.zero.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<target=sm_90;warps-per-sm=16>' -S %t.zero.ll -o - 2>&1 | FileCheck %s --check-prefix=ZERO
; ZERO: "nvvm.maxnreg"="128"
; Settings only AMDGPU kernels read are said, not dropped.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<target=sm_90;warps-per-sm=16;waves=4;exact>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=AMD
; AMD: warning: amdgpu-occupancy-budget: waves, exact apply to AMDGPU kernels only; this module's kernels are NVPTX (warps-per-sm, blocks-per-sm, dynamic-shared-mem and target=sm_XY apply here): ignored
; Without a target the pass says what is missing, as for a module with a triple.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<warps-per-sm=16>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=NOTARGET
; NOTARGET: warning: amdgpu-occupancy-budget: kernel 'matmul_k': no "target-cpu" and no target=sm_XY to say which GPU; kernel left untouched

target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

@global_smem = external addrspace(3) global [0 x i8], align 16

define ptx_kernel void @matmul_k(ptr addrspace(1) %a, ptr addrspace(1) %c) #0 {
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %a, i32 %tid
  %v = load float, ptr addrspace(1) %p
  %s = getelementptr float, ptr addrspace(3) @global_smem, i32 %tid
  store float %v, ptr addrspace(3) %s
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %w = load float, ptr addrspace(3) %s
  %q = getelementptr float, ptr addrspace(1) %c, i32 %tid
  store float %w, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { nounwind "nvvm.reqntid"="128" }
