; Kernels for the reader's tests: compiled here by llc-22 for several processors (see tests/llvm_objects.rs).
; No target-cpu: the test passes -mcpu. Each kernel stresses one field of the metadata or the descriptor.
target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [4096 x float] poison, align 16

; Static LDS (16 KiB), a 256-wide launch bound and a barrier.
define amdgpu_kernel void @lds_tile(ptr addrspace(1) %a, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %tid
  %x = load float, ptr addrspace(1) %pa
  %pl = getelementptr [4096 x float], ptr addrspace(3) @tile, i32 0, i32 %tid
  store float %x, ptr addrspace(3) %pl
  call void @llvm.amdgcn.s.barrier()
  %o = xor i32 %tid, 1
  %po = getelementptr [4096 x float], ptr addrspace(3) @tile, i32 0, i32 %o
  %y = load float, ptr addrspace(3) %po
  %pout = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %y, ptr addrspace(1) %pout
  ret void
}

; Many live values: a loop carrying 128 accumulators per lane (real VGPR pressure).
define amdgpu_kernel void @accumulate(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %k) #1 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <128 x float> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %g = add i32 %i, %tid
  %p = getelementptr <128 x float>, ptr addrspace(1) %a, i32 %g
  %x = load <128 x float>, ptr addrspace(1) %p
  %acc.next = call <128 x float> @llvm.fma.v128f32(<128 x float> %acc, <128 x float> %x, <128 x float> %acc)
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %k
  br i1 %c, label %loop, label %exit
exit:
  %po = getelementptr <128 x float>, ptr addrspace(1) %out, i32 %tid
  store <128 x float> %acc.next, ptr addrspace(1) %po
  ret void
}

; The same pressure forced into 8 waves/SIMD: spills and scratch.
define amdgpu_kernel void @accumulate_spills(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %k) #2 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <128 x float> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %g = add i32 %i, %tid
  %p = getelementptr <128 x float>, ptr addrspace(1) %a, i32 %g
  %x = load <128 x float>, ptr addrspace(1) %p
  %acc.next = call <128 x float> @llvm.fma.v128f32(<128 x float> %acc, <128 x float> %x, <128 x float> %acc)
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %k
  br i1 %c, label %loop, label %exit
exit:
  %po = getelementptr <128 x float>, ptr addrspace(1) %out, i32 %tid
  store <128 x float> %acc.next, ptr addrspace(1) %po
  ret void
}

; A fixed launch size (!reqd_work_group_size) and an occupancy cap (max 2 waves/EU): LLVM pads the
; descriptor's VGPR count so the hardware cannot run more waves than asked.
define amdgpu_kernel void @reqd_capped(ptr addrspace(1) %out) #3 !reqd_work_group_size !0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %tid, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare <128 x float> @llvm.fma.v128f32(<128 x float>, <128 x float>, <128 x float>)

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
attributes #1 = { "amdgpu-flat-work-group-size"="1,128" }
attributes #2 = { "amdgpu-flat-work-group-size"="1,128" "amdgpu-waves-per-eu"="8,8" }
attributes #3 = { "amdgpu-flat-work-group-size"="64,64" "amdgpu-waves-per-eu"="1,2" }

!0 = !{i32 64, i32 1, i32 1}
