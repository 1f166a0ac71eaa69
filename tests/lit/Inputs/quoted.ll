; A kernel whose name is not a plain identifier (llc quotes it in assembly), beside one that is.
define amdgpu_kernel void @"k name"(ptr addrspace(1) %p) {
  %v = load float, ptr addrspace(1) %p
  %w = fmul float %v, %v
  store float %w, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @plain(ptr addrspace(1) %p) {
  store float 1.0, ptr addrspace(1) %p
  ret void
}
