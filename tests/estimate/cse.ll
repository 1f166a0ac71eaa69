; A copy of a computation that dominates it is the same register: llc's CSE merges %a2 into %a, so %a2
; needs none and no longer reads %x. Live out of the entry: {a, b, id} (3 VGPRs) and %out; without the
; merge %x would be live into %then as well (4). SGPRs peak at the top: %in, %out (2 each) and %n.
; EXPECT: gfx942 cse vgprs=3 sgprs=5
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @cse(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %id
  %x = load float, ptr addrspace(1) %p
  %a = fmul float %x, 2.0
  %b = fmul float %x, 3.0
  %c = icmp slt i32 %id, %n
  br i1 %c, label %then, label %exit
then:
  %a2 = fmul float %x, 2.0
  %s = fadd float %a2, %b
  br label %exit
exit:
  %r = phi float [ %s, %then ], [ %a, %entry ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %id
  store float %r, ptr addrspace(1) %q
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = { "target-cpu"="gfx942" }
