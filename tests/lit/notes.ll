; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; The remaining diagnostics, each on a kernel made to trigger it.
; RUN: echo '{"code_objects":[{"processor":"gfx900","kernels":[{"name":"sgpr_heavy","vgpr_count":20,"sgpr_count":90}]},{"processor":"gfx942","kernels":[{"name":"no_agpr_alloc","vgpr_count":100,"agpr_count":0,"sgpr_count":20}]}]}' > %t.json
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=9;records=%t.json>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SGPR
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;records=%t.json>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=FOUR,FOUR%llvm-major

target triple = "amdgcn-amd-amdhsa"

; GFX9 SGPR table (reference §1b): 9 waves need at most 88 SGPRs; 90 are recorded.
; SGPR: warning: amdgpu-occupancy-budget: kernel 'sgpr_heavy' (gfx900): records show 90 SGPRs (sgpr_count) but 9 waves/SIMD allow 88: 2 registers will have to spill
define amdgpu_kernel void @sgpr_heavy() #0 { ret void }

; gfx90a+ without "amdgpu-agpr-alloc": LLVM 22 keeps half of the 128 for AGPRs (GCNSubtarget::getMaxNumVectorRegs),
; and the 36 arch VGPRs over it live in AGPRs, not memory (llc-22 on gfx90a: a kernel of 82 VGPRs at 5 waves/SIMD
; without the attribute gets "VGPRs: 48", "AGPRs: 34", "VGPRs Spill: 0"). LLVM 19 splits by what instruction
; selection used, so the pass says nothing there.
; FOUR22: note: amdgpu-occupancy-budget: kernel 'no_agpr_alloc' (gfx942): the records have 100 arch VGPRs, over the 64 of the 128 VGPRs for 4 waves/SIMD that LLVM 22 without "amdgpu-agpr-alloc" (half kept for AGPRs; clang -O adds "amdgpu-agpr-alloc"="0" where no AGPR is named) leaves beside AGPRs: 36 of them would live in AGPRs as copies, not memory spills, while the 64 AGPRs hold every value copied there
; FOUR19-NOT: kernel 'no_agpr_alloc' (gfx942): {{.*}}AGPRs
define amdgpu_kernel void @no_agpr_alloc() #1 { ret void }

; gfx908 (separate AGPR file): an estimate over the arch budget but within both files is a note about
; AGPR copies, not a spill warning. 72 live floats against 64 arch VGPRs at 4 waves.
; FOUR: note: amdgpu-occupancy-budget: kernel 'copies908' (gfx908): estimated peak pressure of about {{[0-9]+}} registers exceeds the 64 arch VGPRs of 4 waves/SIMD; about {{[0-9]+}} of them would live in the 64 AGPRs as copies, not memory spills, if the estimate holds (llc-22 spills a few where its count nears both files' 128; records=PATH gives exact counts)
define amdgpu_kernel void @copies908(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #2 {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <72 x float> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %idx = add i32 %i, %id
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %x0 = insertelement <72 x float> poison, float %x, i32 0
  %xv = shufflevector <72 x float> %x0, <72 x float> poison, <72 x i32> zeroinitializer
  %acc.next = fadd <72 x float> %acc, %xv
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %q = getelementptr <72 x float>, ptr addrspace(1) %out, i32 %id
  store <72 x float> %acc.next, ptr addrspace(1) %q
  ret void
}

; A kernel that makes an indirect call gets the LDS of every address-taken function (LLVM's LDS lowering
; allocates it for such a kernel); a note says so. indirect-lds.ll checks the count against llc-22.
@lds = internal addrspace(3) global [64 x i32] poison, align 4
@fp = internal addrspace(1) global ptr @uses_lds
; FOUR: note: amdgpu-occupancy-budget: kernel 'indirect' (gfx942): the kernel makes indirect calls: the LDS of every address-taken function (@uses_lds) is counted, as LLVM's LDS lowering allocates it for such a kernel (256 bytes in all)
define amdgpu_kernel void @indirect(i32 %i) #1 {
  %p = getelementptr i32, ptr addrspace(3) @lds, i32 %i
  store i32 0, ptr addrspace(3) %p
  %f = load ptr, ptr addrspace(1) @fp
  call void %f(i32 %i)
  ret void
}
define void @uses_lds(i32 %i) {
  %p = getelementptr i32, ptr addrspace(3) @lds, i32 %i
  store i32 1, ptr addrspace(3) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = { "target-cpu"="gfx900" "amdgpu-flat-work-group-size"="1,64" }
attributes #1 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
attributes #2 = { "target-cpu"="gfx908" "amdgpu-flat-work-group-size"="1,256" }
