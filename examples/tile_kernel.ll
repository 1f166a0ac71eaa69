; A tiled kernel in the shape of a GEMM inner loop: 256 threads, a 32 KiB LDS tile, and 96 live fp32
; accumulators per lane. Bundled example for scripts/example.sh; compile with
;   llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -pass-remarks-analysis=kernel-resource-usage tile_kernel.ll
target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [8192 x float] poison, align 16

define amdgpu_kernel void @tile_kernel(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %k) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <96 x float> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %g = add i32 %i, %tid
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %g
  %x = load float, ptr addrspace(1) %pa
  %slot = and i32 %g, 8191
  %pl = getelementptr [8192 x float], ptr addrspace(3) @tile, i32 0, i32 %slot
  store float %x, ptr addrspace(3) %pl
  call void @llvm.amdgcn.s.barrier()
  %other = xor i32 %slot, 1
  %po = getelementptr [8192 x float], ptr addrspace(3) @tile, i32 0, i32 %other
  %y = load float, ptr addrspace(3) %po
  %yv = insertelement <96 x float> poison, float %y, i64 0
  %ys = shufflevector <96 x float> %yv, <96 x float> poison, <96 x i32> zeroinitializer
  %acc.next = call <96 x float> @llvm.fma.v96f32(<96 x float> %acc, <96 x float> %ys, <96 x float> %acc)
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %k
  br i1 %c, label %loop, label %exit
exit:
  %po2 = getelementptr <96 x float>, ptr addrspace(1) %out, i32 %tid
  store <96 x float> %acc.next, ptr addrspace(1) %po2
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare <96 x float> @llvm.fma.v96f32(<96 x float>, <96 x float>, <96 x float>)

attributes #0 = { "amdgpu-flat-work-group-size"="256,256" "amdgpu-agpr-alloc"="0" }
