; Launch bounds: the attribute, !reqd_work_group_size (which LLVM 22's budget ignores, so set mode also
; writes the matching "amdgpu-flat-work-group-size"), or LLVM's default 1..1024 with a warning.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2>' -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2;mode=advise>' -S %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ADVISE

target triple = "amdgcn-amd-amdhsa"

; CHECK: define amdgpu_kernel void @reqd() #0
; CHECK: define amdgpu_kernel void @none() #1
define amdgpu_kernel void @reqd() #0 !reqd_work_group_size !0 { ret void }
; 1..1024 implies 4 waves/SIMD on gfx90a: 2 cannot be had, and the warning says why.
; WARN: warning: amdgpu-occupancy-budget: kernel 'none' (gfx90a): no launch bounds: LLVM assumes up to 1024 threads per workgroup, which forces a budget of at least 4 waves/SIMD (128 VGPRs)
; WARN: warning: amdgpu-occupancy-budget: kernel 'none' (gfx90a): 2 waves/SIMD cannot be had
define amdgpu_kernel void @none() #0 { ret void }
; Two operands: LLVM reads the node only with three (llc-22 gives this kernel TIDIG_COMP_CNT 2, the
; default's, where @reqd gets 1), so it is no launch size and the kernel is left as it is, with the reason.
; WARN: warning: amdgpu-occupancy-budget: kernel 'two' (gfx90a): !reqd_work_group_size has 2 operand(s): LLVM reads a launch size only from three (x, y, z) and assumes 1..1024 threads; give three, or "amdgpu-flat-work-group-size"
; CHECK: define amdgpu_kernel void @two() #1
define amdgpu_kernel void @two() #0 !reqd_work_group_size !1 { ret void }
; CHECK: attributes #0 = { "amdgpu-flat-work-group-size"="128,128" "amdgpu-waves-per-eu"="2" "target-cpu"="gfx90a" }
; CHECK: attributes #1 = { "target-cpu"="gfx90a" }
; mode=advise says what set mode would write for a kernel that fits, never nothing:
; ADVISE: remark: amdgpu-occupancy-budget: kernel 'reqd' (gfx90a): 2 waves/SIMD: would set "amdgpu-waves-per-eu"="2" (mode=advise leaves the IR unchanged)
; ADVISE: note: amdgpu-occupancy-budget: kernel 'reqd' (gfx90a): !reqd_work_group_size fixes 128 threads but "amdgpu-flat-work-group-size" is missing, so LLVM assumes 1..1024; mode=set writes "128,128"
; ADVISE: attributes #0 = { "target-cpu"="gfx90a" }

attributes #0 = { "target-cpu"="gfx90a" }
!0 = !{i32 64, i32 2, i32 1}
!1 = !{i32 64, i32 2}
