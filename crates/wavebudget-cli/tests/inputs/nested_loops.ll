; Two nested loops over global memory with an LDS exchange in the inner one: the inner loop is the hot loop.
target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [256 x float] poison, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @nested(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n, i32 %m) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %outer

outer:
  %j = phi i32 [ 0, %entry ], [ %j.next, %outer.latch ]
  %acc.o = phi float [ 0.0, %entry ], [ %acc.i.lcssa, %outer.latch ]
  br label %inner

inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]
  %acc = phi float [ %acc.o, %outer ], [ %acc.next, %inner ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %v = load float, ptr addrspace(1) %p
  %l = getelementptr [256 x float], ptr addrspace(3) @tile, i32 0, i32 %tid
  store float %v, ptr addrspace(3) %l
  call void @llvm.amdgcn.s.barrier()
  %x = xor i32 %tid, 1
  %l2 = getelementptr [256 x float], ptr addrspace(3) @tile, i32 0, i32 %x
  %w = load float, ptr addrspace(3) %l2
  %acc.next = call float @llvm.fma.f32(float %v, float %w, float %acc)
  %i.next = add i32 %i, 64
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %inner, label %outer.latch

outer.latch:
  %acc.i.lcssa = phi float [ %acc.next, %inner ]
  %j.next = add i32 %j, 1
  %c2 = icmp slt i32 %j.next, %m
  br i1 %c2, label %outer, label %exit

exit:
  %po = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %acc.i.lcssa, ptr addrspace(1) %po
  ret void
}

declare float @llvm.fma.f32(float, float, float)

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
