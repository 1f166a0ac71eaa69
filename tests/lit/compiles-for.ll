; REQUIRES: clang
; A kernel without "target-cpu" is compiled for the processor of the compile's target machine (clang's
; -mcpu/--offload-arch, LLVM's default where none is given), not for the pass's target=. Where the pass runs
; inside the compile (clang, lld), it plans for that processor, and refuses, in one line, a target= that
; names another one or a compile for LLVM's default; opt writes IR for a later compile, so target= stands.
; The code object's own amdhsa.target (llvm-readelf) is the independent word on what was compiled.
;
; No -mcpu: LLVM compiles the kernel for its default processor (gfx700's ISA), so target=gfx90a's plan would
; be false; the kernel is left as it is, said once.
; RUN: clang -target amdgcn-amd-amdhsa -nogpulib -O2 -x ir %s -c -o %t.default.o %pass-load %mllvm -wavebudget-waves=2 \
; RUN:   %mllvm -wavebudget-target=gfx90a 2>&1 | FileCheck %s --check-prefix=DEFAULT
; DEFAULT: warning: amdgpu-occupancy-budget: kernel 'k': no "target-cpu", and this compile names no processor (-mcpu, --offload-arch): LLVM generates the kernel for its default 'generic-hsa', not target=gfx90a; give the compile the processor; kernel left untouched
; RUN: llvm-readelf --notes %t.default.o | FileCheck %s --check-prefix=GFX700
; GFX700: amdhsa.target: amdgcn-amd-amdhsa--gfx700
;
; -mcpu=gfx908 with target=gfx90a: compiled for gfx908, and target= contradicts it.
; RUN: clang -target amdgcn-amd-amdhsa -mcpu=gfx908 -nogpulib -O2 -x ir %s -c -o %t.other.o %pass-load \
; RUN:   %mllvm -wavebudget-waves=2 %mllvm -wavebudget-target=gfx90a 2>&1 | FileCheck %s --check-prefix=OTHER
; OTHER: warning: amdgpu-occupancy-budget: kernel 'k': no "target-cpu": this compile generates the kernel for gfx908 (its -mcpu or --offload-arch), not target=gfx90a; kernel left untouched
; RUN: llvm-readelf --notes %t.other.o | FileCheck %s --check-prefix=GFX908
; GFX908: amdhsa.target: amdgcn-amd-amdhsa--gfx908
;
; -mcpu=gfx908 alone (or with target=gfx908): the pass plans for gfx908, what the compile generates.
; RUN: clang -target amdgcn-amd-amdhsa -mcpu=gfx908 -nogpulib -O2 -x ir %s -S -emit-llvm -o - %pass-load \
; RUN:   %mllvm -wavebudget-waves=2 2>&1 | FileCheck %s --check-prefix=SET
; RUN: clang -target amdgcn-amd-amdhsa -mcpu=gfx908 -nogpulib -O2 -x ir %s -S -emit-llvm -o - %pass-load \
; RUN:   %mllvm -wavebudget-waves=2 %mllvm -wavebudget-target=gfx908 2>&1 | FileCheck %s --check-prefix=SET
; SET: attributes #0 = {{.*}}"amdgpu-waves-per-eu"="2"
;
; opt: target= names the processor of the compile that follows, as before.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2;target=gfx90a>' -S %s -o - \
; RUN:   | FileCheck %s --check-prefix=SET

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {
  store float 1.0, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "amdgpu-flat-work-group-size"="256,256" }
