; Values by their lanes: an i64 is 2 VGPRs (%w, %m), a splat of one float 1 (%v), a vector built by one
; insertelement from poison 1 (%v0). At the first store {v, id, m}: 1 + 1 + 2 = 4 VGPRs; uniform %out and
; %n are 2 SGPRs each, both live at the top.
; EXPECT: gfx942 wide vgprs=4 sgprs=4
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @wide(ptr addrspace(1) %out, i64 %n) #0 {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %w = zext i32 %id to i64
  %m = mul i64 %w, %n
  %f = uitofp i32 %id to float
  %v0 = insertelement <4 x float> poison, float %f, i32 0
  %v = shufflevector <4 x float> %v0, <4 x float> poison, <4 x i32> zeroinitializer
  %p = getelementptr i64, ptr addrspace(1) %out, i64 %m
  store i64 %m, ptr addrspace(1) %p
  %q = getelementptr <4 x float>, ptr addrspace(1) %out, i32 %id
  store <4 x float> %v, ptr addrspace(1) %q
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = { "target-cpu"="gfx942" }
