; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; REQUIRES: wavebudget-cli
; sweep and tune never compile for LLVM's default processor: the target comes from "target-cpu" or
; --target (any spelling the model accepts), is checked against LLVM 22 before it is compiled for, and
; a kernel whose processor cannot be used is reported with the reason; nothing aborts.
;
; No "target-cpu" and no --target: one error naming --target, exit 1; tune writes nothing.
; RUN: not %wavebudget sweep %s --waves 2 2>&1 | FileCheck %s --check-prefix=NOTARGET
; RUN: rm -f %t.tuned.ll && not %wavebudget tune %s --waves 2 -o %t.tuned.ll 2>&1 | FileCheck %s --check-prefix=NOTARGET
; RUN: not test -e %t.tuned.ll
; NOTARGET: error: {{.*}}sweep-targets.ll: kernel 'plain' has no "target-cpu" attribute: give the processor with --target (gfx942, MI300X, gfx1100, ...)
;
; Product names, target ids, triples: LLVM is handed the processor, and the numbers are llc-22's.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -pass-remarks-analysis=kernel-resource-usage -filetype=null %s 2>&1 | FileCheck %s --check-prefix=LLC
; LLC: remark: {{.*}} Function Name: plain
; LLC: remark: {{.*}} VGPRs: [[V:[0-9]+]]
; LLC: remark: {{.*}} Occupancy [waves/SIMD]: 8
; RUN: %wavebudget sweep %s --target MI300X --waves 2 --json | FileCheck %s --check-prefix=MI300X
; MI300X: "name": "plain",
; MI300X-NEXT: "target": "amdgcn-amd-amdhsa--gfx942",
; MI300X: "waves_per_simd": 8,
; RUN: %wavebudget sweep %s --target gfx942:xnack- --waves 2 | FileCheck %s --check-prefix=XNACK
; XNACK: plain (amdgcn-amd-amdhsa--gfx942:xnack-)
; RUN: %wavebudget sweep %s --target amdgcn-amd-amdhsa--gfx950 --waves 2 | FileCheck %s --check-prefix=TRIPLE
; TRIPLE: plain (amdgcn-amd-amdhsa--gfx950)
;
; A module without a triple (LLVM's own tests, run with -mtriple) is compiled as amdgcn-amd-amdhsa.
; RUN: sed -e '/^target triple/d' %s > %t.notriple.ll
; RUN: %wavebudget sweep %t.notriple.ll --target gfx90a --waves 2 | FileCheck %s --check-prefix=NOTRIPLE
; NOTRIPLE: plain (amdgcn-amd-amdhsa--gfx90a
; A module for another target is refused.
; RUN: sed -e 's/^target triple.*/target triple = "x86_64-unknown-linux-gnu"/' %s > %t.x86.ll
; RUN: not %wavebudget sweep %t.x86.ll --target gfx90a 2>&1 | FileCheck %s --check-prefix=X86
; X86: error: {{.*}}: the module's triple is 'x86_64-unknown-linux-gnu', not amdgcn-amd-amdhsa
;
; Unknown and removed processors in "target-cpu": the kernel is reported with the reason; when no kernel
; can be compiled, that is an error.
; RUN: sed -e 's/^attributes #\([01]\) = {/attributes #\1 = { "target-cpu"="gfx9999"/' %s > %t.9999.ll
; RUN: not %wavebudget sweep %t.9999.ll --waves 2 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; UNKNOWN: error: {{.*}}: no kernel can be compiled: plain: not compiled: "target-cpu"="gfx9999": unknown target 'gfx9999'; did you mean 'gfx909'?
; RUN: sed -e 's/^attributes #\([01]\) = {/attributes #\1 = { "target-cpu"="gfx940"/' %s > %t.940.ll
; RUN: not %wavebudget tune %t.940.ll --waves 2 -o %t.940.out.ll 2>&1 | FileCheck %s --check-prefix=REMOVED
; RUN: not test -e %t.940.out.ll
; REMOVED: error: {{.*}}: no kernel can be compiled: plain: not compiled: "target-cpu"="gfx940": 'gfx940' was removed in LLVM 22
; RUN: sed -e 's/^attributes #1 = {/attributes #1 = { "target-cpu"="gfx9999"/' -e 's/^attributes #0 = {/attributes #0 = { "target-cpu"="gfx1100"/' %s > %t.mixed.ll
; RUN: %wavebudget sweep %t.mixed.ll --waves 2 | FileCheck %s --check-prefix=MIXED
; MIXED: plain (amdgcn-amd-amdhsa--gfx1100)
; MIXED: other{{$}}
; MIXED-NEXT: waves
; MIXED-NEXT: baseline {{.*}} FAILED: not compiled: "target-cpu"="gfx9999": unknown target 'gfx9999'
; A product name in "target-cpu" is not a processor LLVM takes: refused with the name to use.
; RUN: sed -e 's/^attributes #\([01]\) = {/attributes #\1 = { "target-cpu"="MI300X"/' %s > %t.product.ll
; RUN: not %wavebudget sweep %t.product.ll --waves 2 2>&1 | FileCheck %s --check-prefix=PRODUCT
; PRODUCT: "target-cpu"="MI300X" is not a processor name LLVM takes (it means gfx942; give --target gfx942)
;
; A code object is not IR: sweep says to use inspect.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %s -o %t.o
; RUN: not %wavebudget sweep %t.o 2>&1 | FileCheck %s --check-prefix=OBJ
; OBJ: error: {{.*}}.o: is an ELF file (a code object or a binary); sweep and tune compile LLVM IR (.ll or .bc). To read a compiled kernel use: wavebudget inspect {{.*}}.o
; A parse error has one prefix and names the line.
; RUN: echo 'define amdgpu_kernel void @k( {' > %t.bad.ll
; RUN: not %wavebudget sweep %t.bad.ll --target gfx942 2>&1 | FileCheck %s --check-prefix=PARSE
; PARSE: {{^}}error: {{.*}}bad.ll:{{[0-9]+}}:{{[0-9]+}}: expected type{{$}}
; PARSE-NOT: error: error
; --wg-size takes N or MIN,MAX here too.
; RUN: %wavebudget sweep %s --target gfx942 --waves 2 --wg-size 64,256 | FileCheck %s --check-prefix=RANGE
; RUN: not %wavebudget sweep %s --target gfx942 --wg-size 256,64 2>&1 | FileCheck %s --check-prefix=BADRANGE
; RANGE: plain (amdgcn-amd-amdhsa--gfx942)
; BADRANGE: error: {{.*}}256{{.*}}64

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @plain(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @other(ptr addrspace(1) %p) #1 {
  store i32 2, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
attributes #1 = { "amdgpu-flat-work-group-size"="1,256" }
