; LDS addresses at constant offsets from %base (ds_read's offset field) need no register: %p1 and %p2
; are %base's. The first load moves down to its use (the scheduler's move): at the fadd {id, x1, x2},
; then {id, x2, base}: 3 VGPRs (5 if %p1 and %p2 had registers of their own and %x1 stayed up).
; EXPECT: gfx942 lds_fold vgprs=3 sgprs=2
target triple = "amdgcn-amd-amdhsa"
@tile = internal addrspace(3) global [256 x float] poison
define amdgpu_kernel void @lds_fold(ptr addrspace(1) %out) #0 {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %base = getelementptr float, ptr addrspace(3) @tile, i32 %id
  %p1 = getelementptr i8, ptr addrspace(3) %base, i32 256
  %p2 = getelementptr i8, ptr addrspace(3) %base, i32 512
  %x1 = load float, ptr addrspace(3) %p1
  %x2 = load float, ptr addrspace(3) %p2
  %s = fadd float %x1, %x2
  %q = getelementptr float, ptr addrspace(1) %out, i32 %id
  store float %s, ptr addrspace(1) %q
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = { "target-cpu"="gfx942" }
