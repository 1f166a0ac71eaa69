; REQUIRES: llvm22
; (under other majors: unsupported; the ladder's numbers are LLVM 22's code generation)
; mode=auto weighs what a budget does to the code, as tune does: on the MFMA tile of examples/mfma_tile.ll
; (gfx942) the levels W=4..8 spill and lengthen the hot loop (146 instructions unconstrained; 160, 199, 220,
; 226, 223). The latency-hiding model (MI300X's figures) predicts W=1 fastest, its latency covered (W=2, 3
; reorder the loop and are 0.3% slower; W=4..8 slower still), so allowing spills changes nothing: W=1.
; Where the processor has no figures (gfx90a) the policy is the spills and the loop's growth: allowing
; spills, the highest W wins; with max-loop-growth=PCT the highest W whose hot loop grows by at most PCT%
; does. wavebudget sweep prints the same ladder, and llc-22 confirms the W=5 loop.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto;max-spills=200;target=gfx942>' \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget -disable-output %s 2>&1 | FileCheck %s --check-prefix=SPILLS
; SPILLS: kernel mfma_tile ladder (waves: spills, predicted time against the fastest level): 1: 0, 1.00x 2: 0, 1.00x 3: 0, 1.00x 4: 17, 1.10x 5: 89, 1.68x 6: 93, 2.17x 7: 110, 2.83x 8: 130, 2.67x; chosen 1
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto;max-spills=200;max-loop-growth=10;target=gfx942>' \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget -disable-output %s 2>&1 | FileCheck %s --check-prefix=TEN
; TEN: chosen 1
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto;max-spills=200;max-loop-growth=0;target=gfx942>' \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget -disable-output %s 2>&1 | FileCheck %s --check-prefix=ZERO
; ZERO: chosen 1
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto;max-spills=200;target=gfx942>' -wavebudget-max-loop-growth=40 \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget -disable-output %s 2>&1 | FileCheck %s --check-prefix=FORTY
; FORTY: chosen 1
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto;max-spills=200;target=gfx90a>' \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget -disable-output %s 2>&1 | FileCheck %s --check-prefix=NOFIG
; NOFIG: kernel mfma_tile ladder (waves: spills): {{.*}}; chosen 8
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto;max-spills=200;max-loop-growth=0;target=gfx90a>' \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget -disable-output %s 2>&1 | FileCheck %s --check-prefix=NOFIG0
; NOFIG0: kernel mfma_tile ladder (waves: spills): {{.*}}; chosen {{[1-8]}}
; RUN: sed -e 's/"amdgpu-flat-work-group-size"="1,256"/& "amdgpu-waves-per-eu"="5"/' %s > %t.w5.ll
; RUN: llc -O2 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=asm %t.w5.ll -o %t.w5.s
; RUN: %wavebudget isa --json %t.w5.s | FileCheck %s --check-prefix=ISA5
; ISA5: "hot_loop": {
; ISA5: "instructions": 199,
target triple = "amdgcn-amd-amdhsa"

declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half>, <4 x half>, <16 x float>, i32, i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()

; A GEMM tile: four 32x32 accumulators (64 AGPR-capable values) over K in a loop of global loads.
define amdgpu_kernel void @mfma_tile(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, i32 %k) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc0 = phi <16 x float> [ zeroinitializer, %entry ], [ %r0, %loop ]
  %acc1 = phi <16 x float> [ zeroinitializer, %entry ], [ %r1, %loop ]
  %acc2 = phi <16 x float> [ zeroinitializer, %entry ], [ %r2, %loop ]
  %acc3 = phi <16 x float> [ zeroinitializer, %entry ], [ %r3, %loop ]
  %off = add i32 %i, %tid
  %pa = getelementptr <4 x half>, ptr addrspace(1) %a, i32 %off
  %pb = getelementptr <4 x half>, ptr addrspace(1) %b, i32 %off
  %va = load <4 x half>, ptr addrspace(1) %pa
  %vb = load <4 x half>, ptr addrspace(1) %pb
  %pa2 = getelementptr <4 x half>, ptr addrspace(1) %pa, i32 64
  %va2 = load <4 x half>, ptr addrspace(1) %pa2
  %r0 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %va, <4 x half> %vb, <16 x float> %acc0, i32 0, i32 0, i32 0)
  %r1 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %va2, <4 x half> %vb, <16 x float> %acc1, i32 0, i32 0, i32 0)
  %r2 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %va, <4 x half> %va2, <16 x float> %acc2, i32 0, i32 0, i32 0)
  %r3 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %vb, <4 x half> %va2, <16 x float> %acc3, i32 0, i32 0, i32 0)
  %i.next = add i32 %i, 256
  %done = icmp sge i32 %i.next, %k
  br i1 %done, label %exit, label %loop

exit:
  %pc = getelementptr <16 x float>, ptr addrspace(1) %c, i32 %tid
  store <16 x float> %r0, ptr addrspace(1) %pc
  %pc1 = getelementptr <16 x float>, ptr addrspace(1) %pc, i32 256
  store <16 x float> %r1, ptr addrspace(1) %pc1
  %pc2 = getelementptr <16 x float>, ptr addrspace(1) %pc, i32 512
  store <16 x float> %r2, ptr addrspace(1) %pc2
  %pc3 = getelementptr <16 x float>, ptr addrspace(1) %pc, i32 768
  store <16 x float> %r3, ptr addrspace(1) %pc3
  ret void
}

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
