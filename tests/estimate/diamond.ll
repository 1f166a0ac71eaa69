; A divergent if/else joined by a phi. The condition %c is a divergent lane mask (2 SGPRs); the entry's
; end holds %out (2), %k (1) and %c (2): 5 SGPRs. VGPRs peak at 2 (%a2 or %b with %id on each side).
; EXPECT: gfx942 diamond vgprs=2 sgprs=5
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @diamond(ptr addrspace(1) %out, i32 %k) #0 {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %id, %k
  br i1 %c, label %then, label %else
then:
  %a = add i32 %id, 1
  %a2 = mul i32 %a, %a
  br label %join
else:
  %b = sub i32 %id, %k
  br label %join
join:
  %x = phi i32 [ %a2, %then ], [ %b, %else ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %x, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = { "target-cpu"="gfx942" }
