; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; Requests LLVM 22 would silently drop (reference §2.6): the pass warns with the reason and the accepted
; range and leaves the kernel alone; with `clamp` it moves the request into the range.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2>' -S %s 2>%t.err \
; RUN:   | FileCheck %s --check-prefix=IR
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2;clamp>' -S %s 2>%t.err \
; RUN:   | FileCheck %s --check-prefix=CLAMP
; RUN: FileCheck %s --check-prefix=CLAMPWARN < %t.err
; LDS above what W allows, and W above the hardware maximum.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=5>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=LDS,LDS%llvm-major
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=10>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MAX
; -Werror-like behaviour in opt is not a thing; the warning does not fail the run:
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=10>' -disable-output %s

target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [8192 x float] poison, align 16

; 1024 threads of wave64 = 16 waves over 4 SIMDs: at least 4 waves/SIMD.
; WARN: warning: amdgpu-occupancy-budget: kernel 'big_wg' (gfx942): 2 waves/SIMD cannot be had: a launch size of up to 1024 threads (16 waves of 64) implies at least 4 waves/SIMD; {{.*}} LLVM [[LLVM_MAJOR]] accepts 4 to 8 here and would silently ignore "amdgpu-waves-per-eu"="2" (clamp moves it to 4); kernel left untouched
; IR: define amdgpu_kernel void @big_wg() #0
; IR: attributes #0 = { "amdgpu-flat-work-group-size"="1024,1024" "target-cpu"="gfx942" }
; CLAMPWARN: kernel 'big_wg' (gfx942): 2 waves/SIMD cannot be had: {{.*}}; LLVM [[LLVM_MAJOR]] accepts 4 to 8 here; clamped to 4
; CLAMP: attributes #0 = { "amdgpu-flat-work-group-size"="1024,1024" "amdgpu-waves-per-eu"="4" "target-cpu"="gfx942" }
define amdgpu_kernel void @big_wg() #0 { ret void }

; 32 KiB of LDS at 256 threads: 2 workgroups of 4 waves per 4 SIMDs -> at most 2 waves/SIMD.
; LDS: warning: amdgpu-occupancy-budget: kernel 'lds_heavy' (gfx942): 5 waves/SIMD cannot be had: 32768 bytes of LDS per workgroup allow at most 2 waves/SIMD
; LDS22-SAME: ; LLVM 22 accepts 1 to 2 here
; LLVM 19 keeps a W that LDS rules out and spills for it:
; LDS19-SAME: ; LLVM 19 still squeezes registers to the budget of 5 waves (spilling what does not fit) without gaining a wave (clamp moves it to 2); kernel left untouched
define amdgpu_kernel void @lds_heavy(ptr addrspace(1) %out) #1 {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(3) @tile, i32 %id
  %v = load float, ptr addrspace(3) %p
  store float %v, ptr addrspace(1) %out
  ret void
}
; MAX: warning: amdgpu-occupancy-budget: kernel 'big_wg' (gfx942): 10 waves/SIMD cannot be had: gfx942 runs at most 8 waves per SIMD; LLVM [[LLVM_MAJOR]] accepts 4 to 8 here

declare i32 @llvm.amdgcn.workitem.id.x()
attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1024,1024" }
attributes #1 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="256,256" }
