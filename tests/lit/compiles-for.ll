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
; DEFAULT: warning: amdgpu-occupancy-budget: kernel 'k': no "target-cpu", and this compile names no processor (clang's -mcpu or --offload-arch, lld's -plugin-opt=mcpu=): LLVM generates the kernel for its default 'generic-hsa', not target=gfx90a; give the compile the processor; kernel left untouched
; RUN: llvm-readelf --notes %t.default.o | FileCheck %s --check-prefix=GFX700
; GFX700: amdhsa.target: amdgcn-amd-amdhsa--gfx700
;
; -mcpu=gfx908 with target=gfx90a: compiled for gfx908, and target= contradicts it.
; RUN: clang -target amdgcn-amd-amdhsa -mcpu=gfx908 -nogpulib -O2 -x ir %s -c -o %t.other.o %pass-load \
; RUN:   %mllvm -wavebudget-waves=2 %mllvm -wavebudget-target=gfx90a 2>&1 | FileCheck %s --check-prefix=OTHER
; OTHER: warning: amdgpu-occupancy-budget: kernel 'k': no "target-cpu": this compile generates the kernel for gfx908 (its target machine's processor and features), not target=gfx90a; kernel left untouched
; RUN: llvm-readelf --notes %t.other.o | FileCheck %s --check-prefix=GFX908
; GFX908: amdhsa.target: amdgcn-amd-amdhsa--gfx908
;
; A processor the model has no figures for is named as such, not as LLVM's default; an xnack setting of
; target= that the compile's features contradict is another target.
; RUN: clang -target amdgcn-amd-amdhsa -mcpu=gfx700 -nogpulib -O2 -x ir %s -c -o %t.700.o %pass-load \
; RUN:   %mllvm -wavebudget-waves=2 2>&1 | FileCheck %s --check-prefix=GFX7
; GFX7: warning: amdgpu-occupancy-budget: kernel 'k': no "target-cpu": this compile generates the kernel for 'gfx700' (its target machine's processor): 'gfx700' (GFX6/GFX7) is not modelled
; RUN: clang -target amdgcn-amd-amdhsa -mcpu=gfx90a:xnack+ -nogpulib -O2 -x ir %s -c -o %t.xnack.o %pass-load \
; RUN:   %mllvm -wavebudget-waves=2 %mllvm -wavebudget-target=gfx90a:xnack- 2>&1 | FileCheck %s --check-prefix=XNACK
; XNACK: warning: amdgpu-occupancy-budget: kernel 'k': no "target-cpu": this compile generates the kernel for gfx90a:xnack+ (its target machine's processor and features), not target=gfx90a:xnack-
; RUN: llvm-readelf --notes %t.xnack.o | FileCheck %s --check-prefix=XNACKOBJ
; XNACKOBJ: amdhsa.target: {{'?}}amdgcn-amd-amdhsa--gfx90a:xnack+
;
; -mcpu=gfx908 alone (or with target=gfx908): the pass plans for gfx908, what the compile generates.
; RUN: clang -target amdgcn-amd-amdhsa -mcpu=gfx908 -nogpulib -O2 -x ir %s -c -o %t.set.o %pass-load \
; RUN:   %mllvm -wavebudget-waves=2 -Rpass-analysis=amdgpu-occupancy-budget 2>&1 | FileCheck %s --check-prefix=SET
; RUN: clang -target amdgcn-amd-amdhsa -mcpu=gfx908 -nogpulib -O2 -x ir %s -c -o %t.set.o %pass-load \
; RUN:   %mllvm -wavebudget-waves=2 %mllvm -wavebudget-target=gfx908 -Rpass-analysis=amdgpu-occupancy-budget 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SET
; SET: remark: {{.*}}kernel k on gfx908: requested 2 waves/SIMD, set at 2
;
; The compile's features too, where the kernel has no "target-features": -mwavefrontsize64 makes gfx1100
; wave64 (the object's .wavefront_size), and the plan is wave64's.
; RUN: clang -target amdgcn-amd-amdhsa -mcpu=gfx1100 -mwavefrontsize64 -nogpulib -O2 -x ir %s -c -o %t.w64.o \
; RUN:   %pass-load %mllvm -wavebudget-waves=17 2>&1 | FileCheck %s --check-prefix=W64
; W64: warning: amdgpu-occupancy-budget: kernel 'k' (gfx1100, wave64): 17 waves/SIMD cannot be had
; RUN: llvm-readelf --notes %t.w64.o | FileCheck %s --check-prefix=W64OBJ
; W64OBJ: .wavefront_size: 64
;
; A kernel that asks for nothing is not spoken of, whatever the compile (here one for LLVM's default).
; RUN: echo 'target triple = "amdgcn-amd-amdhsa"' > %t.two.ll
; RUN: sed -n -e 's/@k(/@plain(/' -e 's/ #0 {/ #1 {/' -e '/^define/,/^}/p' %s >> %t.two.ll
; RUN: sed '/^target triple/d' %s >> %t.two.ll
; RUN: echo 'attributes #1 = { "amdgpu-flat-work-group-size"="256,256" "wavebudget-waves"="2" }' >> %t.two.ll
; RUN: clang -target amdgcn-amd-amdhsa -nogpulib -O2 -x ir %t.two.ll -c -o %t.two.o %pass-load 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ASKED --implicit-check-not="kernel 'k'"
; ASKED: warning: amdgpu-occupancy-budget: kernel 'plain': no "target-cpu", and this compile names no processor
;
; Where the compile writes IR (-emit-llvm), a later one generates the code: target= stands, as in opt.
; RUN: clang -target amdgcn-amd-amdhsa -nogpulib -O2 -x ir %s -S -emit-llvm -o - %pass-load \
; RUN:   %mllvm -wavebudget-waves=2 %mllvm -wavebudget-target=gfx90a | FileCheck %s --check-prefix=IR
; IR: attributes #0 = {{.*}}"amdgpu-waves-per-eu"="2"
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2;target=gfx90a>' -S %s -o - \
; RUN:   | FileCheck %s --check-prefix=IR

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {
  store float 1.0, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "amdgpu-flat-work-group-size"="256,256" }
