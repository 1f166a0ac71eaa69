; An accumulator loop with a uniform trip count. Live out of the loop block: %i.next and %n, %in and %out
; (uniform: 1 + 1 + 2 + 2 SGPRs) and %acc.next and %id (2 VGPRs); the uniform compare adds 1 SGPR at the
; branch (7), and at the fadd %acc and %x join %id (3 VGPRs).
; EXPECT: gfx942 loop vgprs=3 sgprs=7
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @loop(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %idx = add i32 %i, %id
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %acc.next = fadd float %acc, %x
  %i.next = add i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit
exit:
  %q = getelementptr float, ptr addrspace(1) %out, i32 %id
  store float %acc.next, ptr addrspace(1) %q
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = { "target-cpu"="gfx942" }
