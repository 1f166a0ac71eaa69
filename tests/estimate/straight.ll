; Straight-line code: the values live at once, by hand. Walking up from the store: {s2, id} (p is a tile
; pointer, a uniform base plus %id, so its register is %id's), then {id, s1, c}, then {id, c, a, b}: 4
; VGPRs. %out (a 64-bit uniform pointer) is 2 SGPRs, live until %p.
; EXPECT: gfx942 straight vgprs=4 sgprs=2
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @straight(ptr addrspace(1) %out) #0 {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a = add i32 %id, 1
  %b = add i32 %id, 2
  %c = add i32 %id, 3
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %s2, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = { "target-cpu"="gfx942" }
