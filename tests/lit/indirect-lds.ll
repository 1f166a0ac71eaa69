; REQUIRES: llvm22
; (under other majors: unsupported; the LDS LLVM 22's lowering gives indirect calls (llc-19 and llc-15 allocate it differently; the pass follows 22's rule))
; What the IR estimate cannot see from the kernel's own code, it still counts as LLVM will.
;
; 1. LDS behind an indirect call: LLVM's LDS lowering gives a kernel that makes an indirect call the LDS of
;    every address-taken function. 48,000 bytes on gfx942 leave 1 wave/SIMD (llc-22 below), so 4 is refused.
; RUN: sed -n '/^; LDS-BEGIN/,/^; LDS-END/p' %s > %t.lds.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -pass-remarks-analysis=kernel-resource-usage -filetype=null %t.lds.ll 2>&1 | FileCheck %s --check-prefix=LLCLDS
; With an indirect call llc prints occupancy as an expression resolved at link time,
; occupancy(MaxWaves, Granule, TotalVGPRs, Generation, InitOcc, SGPRs, VGPRs): the minimum of InitOcc (the
; LDS and workgroup limit, here 1) and the register limits, so 1.
; LLCLDS: Occupancy [waves/SIMD]: occupancy(8, 8, 512, 8, 1,
; LLCLDS: LDS Size [bytes/block]: 48000
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output %t.lds.ll 2>&1 | FileCheck %s --check-prefix=PASSLDS
; PASSLDS: note: amdgpu-occupancy-budget: kernel 'via_pointer' (gfx942): the kernel makes indirect calls: the LDS of every address-taken function (@big_lds) is counted, as LLVM's LDS lowering allocates it for such a kernel (48000 bytes in all)
; PASSLDS: warning: amdgpu-occupancy-budget: kernel 'via_pointer' (gfx942): 4 waves/SIMD cannot be had: 48000 bytes of LDS per workgroup allow at most 1 waves/SIMD
;
; 2. Registers named by inline asm: the allocator cannot spill them. "~{v200}" with 6 waves asked on gfx942
;    (budget 80): llc-22 reaches 2 and says it missed the target; the pass says so before.
; RUN: sed -n '/^; ASM-BEGIN/,/^; ASM-END/p' %s > %t.asm.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=6>' -S %t.asm.ll -o %t.asm.out.ll 2>&1 | FileCheck %s --check-prefix=PASSASM
; PASSASM: warning: amdgpu-occupancy-budget: kernel 'clobbers' (gfx942): inline asm names registers up to v200 (201 VGPRs), over the budget of 80 for 6 waves/SIMD; LLVM cannot spill them, so the kernel will get 2 waves/SIMD, not 6
; PASSASM-NOT: may spill
; PASSASM: warning: amdgpu-occupancy-budget: kernel 'both' (gfx942): inline asm names registers up to v127 and a127 (256 VGPRs), over the budget of 80 for 6 waves/SIMD; LLVM cannot spill them, reserves those past the budget and does not preserve them across the asm (it warns so), and the kernel's waves follow LLVM's own count of them, which for AGPRs named only by asm is not this total (llc-22: the larger of the two files): check llc's occupancy
; RUN: llc -pass-remarks-analysis=kernel-resource-usage -filetype=null %t.asm.out.ll 2>&1 | FileCheck %s --check-prefix=LLCASM
; LLCASM: warning: {{.*}}failed to meet occupancy target given by 'amdgpu-waves-per-eu' in 'clobbers': desired occupancy was 6, final occupancy is 2
; LLCASM: VGPRs: 201
; LLCASM: Occupancy [waves/SIMD]: 2
; The sum, 256, would be 2 waves (what the pass said); llc-22 gives 4.
; LLCASM: failed to meet occupancy target given by 'amdgpu-waves-per-eu' in 'both': desired occupancy was 6, final occupancy is 4
; LLCASM: inline asm clobber list contains reserved registers: v127, a127
; LLCASM: Function Name: both
; LLCASM: VGPRs: 128
; LLCASM: AGPRs: 128
; LLCASM: Occupancy [waves/SIMD]: 4

; LDS-BEGIN
target triple = "amdgcn-amd-amdhsa"
@big = internal addrspace(3) global [12000 x i32] poison, align 4
@table = internal addrspace(1) global ptr @big_lds
define amdgpu_kernel void @via_pointer(ptr addrspace(1) %out, i32 %i) #0 {
  %f = load ptr, ptr addrspace(1) @table
  call void %f(i32 %i)
  store i32 0, ptr addrspace(1) %out
  ret void
}
define void @big_lds(i32 %i) #0 {
  %p = getelementptr [12000 x i32], ptr addrspace(3) @big, i32 0, i32 %i
  store i32 1, ptr addrspace(3) %p
  ret void
}
attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
; LDS-END

; ASM-BEGIN
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @clobbers(ptr addrspace(1) %out) #0 {
  call void asm sideeffect "; uses v200", "~{v200}"()
  store i32 0, ptr addrspace(1) %out
  ret void
}
; Arch VGPRs and AGPRs named by asm in gfx942's unified file: llc-22 counts the larger of the two files,
; not their sum, so no number of waves is told.
define amdgpu_kernel void @both(ptr addrspace(1) %out) #1 {
  call void asm sideeffect "; uses v127 and a127", "~{v127},~{a127}"()
  store i32 0, ptr addrspace(1) %out
  ret void
}
attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "amdgpu-agpr-alloc"="0" }
attributes #1 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
; ASM-END
