; REQUIRES: llvm22
; The pass on NVPTX kernels (clang CUDA, Triton's NVIDIA path): warps-per-sm=W at the kernel's block size
; ("nvvm.maxntid"/"nvvm.reqntid") sets "nvvm.maxnreg" to the largest register count that keeps W, by
; CUDA's rules. The budgets are the H100 capture's (crates/wavebudget-model/tests/data/nvidia: residency
; counted on the GPU): at 256 threads, 48 warps per SM hold at 40 registers (41 gives 40 warps), 2 blocks
; at 128 (136 gives 1). tests/pass_nvptx.rs compiles the result with llc-22 and ptxas.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<warps-per-sm=48>' -pass-remarks-analysis=amdgpu-occupancy-budget -S %s -o %t.ll 2>&1 | FileCheck %s
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=PTX
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<blocks-per-sm=2>' -pass-remarks-analysis=amdgpu-occupancy-budget -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BLOCKS
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WAVES
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<warps-per-sm=48;mode=advise>' -pass-remarks-analysis=amdgpu-occupancy-budget -S %s 2>&1 | FileCheck %s --check-prefix=ADVISE
; RUN: env WAVEBUDGET_WARPS_PER_SM=16 opt -load-pass-plugin=%plugin -passes='default<O0>' -wavebudget-blocks-per-sm=2 -pass-remarks-analysis=amdgpu-occupancy-budget -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BLOCKS
; RUN: env WAVEBUDGET_WARPS_PER_SM=65 opt -load-pass-plugin=%plugin -passes='default<O0>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BADENV

target triple = "nvptx64-nvidia-cuda"

; CHECK: remark: {{.*}}kernel 'h256' (sm_90, 256 threads/block, 0 B static shared memory): 48 warps per SM needs at most 40 registers per thread; set "nvvm.maxnreg"="40" (6 blocks, 48 warps per SM; ptxas -v reports any spills)
; CHECK: warning: amdgpu-occupancy-budget: kernel 'nobounds': no block size (no __launch_bounds__: "nvvm.maxntid" or "nvvm.reqntid"), and the register budget depends on it; kernel left untouched
; CHECK: warning: amdgpu-occupancy-budget: kernel 'nocpu': no "target-cpu" and no target=sm_XY to say which GPU; kernel left untouched
; CHECK: warning: amdgpu-occupancy-budget: kernel 'unknown': 'sm_107' is not an NVIDIA architecture the model knows (sm_70, sm_72, sm_75,
; CHECK: warning: amdgpu-occupancy-budget: kernel 'tiny': 48 warps per SM at 32 threads per block on sm_90 is out of reach at any register count: blocks allows 32 blocks per SM (32 warps)
; CHECK: warning: amdgpu-occupancy-budget: kernel 'smem': 48 warps per SM at 256 threads per block on sm_90 is out of reach at any register count: shared_mem allows 4 blocks per SM (32 warps)
; CHECK: remark: {{.*}}kernel 'mine' (sm_90, 256 threads/block, 0 B static shared memory): 48 warps per SM needs at most 40 registers per thread; keeps its own "nvvm.maxnreg"="32"
; CHECK: warning: amdgpu-occupancy-budget: kernel 'loose': its "nvvm.maxnreg"="64" allows fewer than 48 warps per SM; replaced by 40

; IR: define ptx_kernel void @h256() #[[H:[0-9]+]]
; IR: define ptx_kernel void @nobounds() #[[N:[0-9]+]]
; IR-DAG: attributes #[[H]] = { "nvvm.maxnreg"="40" "nvvm.maxntid"="256" "target-cpu"="sm_90" }
; IR-DAG: attributes #[[N]] = { "target-cpu"="sm_90" }
; PTX: .entry h256(
; PTX: .maxnreg 40

; BLOCKS: kernel 'h256' (sm_90, 256 threads/block, 0 B static shared memory): 2 blocks per SM needs at most 128 registers per thread
; WAVES: warning: amdgpu-occupancy-budget: waves=N is waves per SIMD, an AMD request; NVPTX kernels take warps-per-sm=N or blocks-per-sm=N; 8 ptx_kernel(s) left untouched
; ADVISE: kernel 'h256' {{.*}}; would set "nvvm.maxnreg"="40"
; ADVISE: kernel 'loose': its "nvvm.maxnreg"="64" allows fewer than 48 warps per SM; would be replaced by 40
; ADVISE-NOT: attributes {{.*}}"nvvm.maxnreg"="40"
; BADENV: environment variable WAVEBUDGET_WARPS_PER_SM wants a whole number of warps per SM from 1 to 64, got '65'

define ptx_kernel void @h256() #0 {
  ret void
}
define ptx_kernel void @nobounds() #1 {
  ret void
}
define ptx_kernel void @nocpu() #2 {
  ret void
}
define ptx_kernel void @unknown() #3 {
  ret void
}
define ptx_kernel void @tiny() #4 {
  ret void
}
@tile = internal addrspace(3) global [12288 x float] undef, align 4
define ptx_kernel void @smem() #0 {
  %p = getelementptr [12288 x float], ptr addrspace(3) @tile, i32 0, i32 0
  store volatile float 1.0, ptr addrspace(3) %p
  ret void
}
define ptx_kernel void @mine() #5 {
  ret void
}
define ptx_kernel void @loose() #6 {
  ret void
}
attributes #0 = { "nvvm.maxntid"="256" "target-cpu"="sm_90" }
attributes #1 = { "target-cpu"="sm_90" }
attributes #2 = { "nvvm.maxntid"="256" }
attributes #3 = { "nvvm.maxntid"="256" "target-cpu"="sm_107" }
attributes #4 = { "nvvm.reqntid"="32,1,1" "target-cpu"="sm_90" }
attributes #5 = { "nvvm.maxnreg"="32" "nvvm.maxntid"="256" "target-cpu"="sm_90" }
attributes #6 = { "nvvm.maxnreg"="64" "nvvm.maxntid"="256" "target-cpu"="sm_90" }
