; Four halves loaded into a <4 x half>. gfx1100's d16 loads keep the other half of a VGPR, so two
; loaded halves share one: after the loads {id, a, b, c, d} is 1 + 2 VGPRs, and the peak is at %v1's
; inputs {id, v0, b, c, d}: 1 + 1 + 1.5 -> 4. gfx942 (SRAMECC: LLVM does not pack) holds each half in a
; VGPR: 1 + 4 = 5. The addresses are %id's register (a tile pointer and constant offsets from it).
; EXPECT: gfx942 d16 vgprs=5 sgprs=4
; EXPECT: gfx1100 d16 vgprs=4 sgprs=4
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @d16(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr half, ptr addrspace(1) %in, i32 %id
  %p1 = getelementptr i8, ptr addrspace(1) %p, i32 2
  %p2 = getelementptr i8, ptr addrspace(1) %p, i32 4
  %p3 = getelementptr i8, ptr addrspace(1) %p, i32 6
  %a = load half, ptr addrspace(1) %p
  %b = load half, ptr addrspace(1) %p1
  %c = load half, ptr addrspace(1) %p2
  %d = load half, ptr addrspace(1) %p3
  %v0 = insertelement <4 x half> poison, half %a, i32 0
  %v1 = insertelement <4 x half> %v0, half %b, i32 1
  %v2 = insertelement <4 x half> %v1, half %c, i32 2
  %v3 = insertelement <4 x half> %v2, half %d, i32 3
  %q = getelementptr <4 x half>, ptr addrspace(1) %out, i32 %id
  store <4 x half> %v3, ptr addrspace(1) %q
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = { "target-cpu"="gfx942" }
