; REQUIRES: llvm22
; REQUIRES: wavebudget-cli
; (under other majors: unsupported; the plugin under test compiles the ladder with its own LLVM)
; LLVM ends the process on a fatal error: here "Cannot select" for an MFMA intrinsic on gfx1100, which has
; no MFMA (llc-22 itself aborts on this kernel, below). mode=auto and `wavebudget sweep` compile in process,
; inside opt or clang; the compile runs in a child process, so opt goes on: it warns, leaves the kernel as
; it came and writes its output (which LLVM's fatal-error cleanup would have removed from a child that ran
; it), and the sweep names LLVM's message at each level.
; RUN: not --crash llc -mtriple=amdgcn-amd-amdhsa -filetype=null %s 2>&1 | FileCheck %s --check-prefix=LLC
; LLC: LLVM ERROR: Cannot select: intrinsic %llvm.amdgcn.mfma.f32.32x32x1f32
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<mode=auto>' -S %s -o %t.ll 2>&1 | FileCheck %s
; CHECK: warning: amdgpu-occupancy-budget: kernel 'm' (gfx1100): mode=auto: no level (1 to 16) compiled
; CHECK-NOT: LLVM ERROR
; RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=amdgpu-waves-per-eu < %t.ll
; OUT: define amdgpu_kernel void @m(
; RUN: %wavebudget sweep %s --waves 2,4 | FileCheck %s --check-prefix=SWEEP
; SWEEP: baseline {{.*}} FAILED: LLVM aborted compiling it: Cannot select: intrinsic %llvm.amdgcn.mfma.f32.32x32x1f32
; SWEEP: 2 {{.*}} FAILED: LLVM aborted compiling it: Cannot select
; SWEEP: 4 {{.*}} FAILED: LLVM aborted compiling it: Cannot select
; RUN: %wavebudget sweep --json %s --waves 2 | FileCheck %s --check-prefix=JSON
; JSON: "kind": "aborted",
; JSON-NEXT: "reason": "Cannot select: intrinsic %llvm.amdgcn.mfma.f32.32x32x1f32",
; A kernel of the same module that compiles keeps its numbers (each kernel and level in its own process
; once one aborted):
; RUN: sed -e 's/^;OK //' %s > %t.two.ll
; RUN: %wavebudget sweep %t.two.ll --waves 2 | FileCheck %s --check-prefix=TWO
; TWO: fine (amdgcn-amd-amdhsa--gfx1100)
; TWO-NEXT: waves
; TWO-NEXT: baseline {{[0-9]+}} - {{[0-9]+}} {{[0-9]+}} 0/0
; TWO-NEXT: 2 {{[0-9]+}} - {{[0-9]+}} {{[0-9]+}} 0/0

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @m(ptr addrspace(1) %o, float %a, float %b) #0 {
  %r = call <32 x float> @llvm.amdgcn.mfma.f32.32x32x1f32(float %a, float %b, <32 x float> zeroinitializer, i32 0, i32 0, i32 0)
  store <32 x float> %r, ptr addrspace(1) %o
  ret void
}
;OK define amdgpu_kernel void @fine(ptr addrspace(1) %o, float %a) #0 {
;OK   store float %a, ptr addrspace(1) %o
;OK   ret void
;OK }

declare <32 x float> @llvm.amdgcn.mfma.f32.32x32x1f32(float, float, <32 x float>, i32, i32, i32)

attributes #0 = { "target-cpu"="gfx1100" "amdgpu-flat-work-group-size"="1,256" }
