; REQUIRES: wavebudget-cli, llvm22
; (under other majors: unsupported; the CLI's disassembler is LLVM 22's)
; --kernel is a regular expression on kernel names, the same on every command and for a code object as
; for llc's assembly: every symbol is NAME.kd, so a match on symbols would keep every kernel for `k` or
; `kd$`. The exact symbol still names its kernel; a pattern that keeps nothing is refused with exit 1.
; llc's own symbol table is the independent side: two kernels, alpha and beta, and their .kd symbols.
; RUN: llc -O2 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %s -o %t.o
; RUN: llc -O2 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %s -o %t.s
; RUN: llvm-readelf --symbols %t.o | FileCheck %s --check-prefix=SYMS
; SYMS-DAG: 64 OBJECT GLOBAL DEFAULT {{[0-9]+}} alpha.kd
; SYMS-DAG: 64 OBJECT GLOBAL DEFAULT {{[0-9]+}} beta.kd
;
; RUN: %wavebudget inspect %t.o --kernel a | FileCheck %s --check-prefix=BOTH
; RUN: %wavebudget inspect %t.o --kernel '^al' | FileCheck %s --check-prefix=ALPHA --implicit-check-not=beta
; RUN: %wavebudget inspect %t.o --kernel 'beta.kd' | FileCheck %s --check-prefix=BETA --implicit-check-not=alpha
; BOTH-DAG: alpha
; BOTH-DAG: beta
; ALPHA: alpha
; BETA: beta
; RUN: not %wavebudget inspect %t.o --kernel 'kd$' 2>&1 | FileCheck %s --check-prefix=NONE
; NONE: {{^}}error: --kernel 'kd$' matches none of the 2 kernel(s) in {{.*}}{{$}}
;
; RUN: %wavebudget isa %t.o --kernel '^al' | FileCheck %s --check-prefix=ISA --implicit-check-not=beta
; RUN: %wavebudget isa %t.s --kernel '^al' | FileCheck %s --check-prefix=ISA --implicit-check-not=beta
; ISA: 1 kernel(s)
; ISA: alpha
; The exact symbol names its kernel in the text as in the object.
; RUN: %wavebudget isa %t.o --kernel 'beta.kd' | FileCheck %s --check-prefix=ISAB --implicit-check-not=alpha
; RUN: %wavebudget isa %t.s --kernel 'beta.kd' | FileCheck %s --check-prefix=ISAB --implicit-check-not=alpha
; ISAB: 1 kernel(s)
; ISAB: beta
; RUN: not %wavebudget isa %t.o --kernel 'kd$' 2>&1 | FileCheck %s --check-prefix=ISANONE
; RUN: not %wavebudget isa %t.s --kernel 'kd$' 2>&1 | FileCheck %s --check-prefix=ISANONE
; ISANONE: {{^}}error: --kernel 'kd$' matches none of the 2 kernel(s) in {{.*}}{{$}}
;
; dispatch takes one kernel: `.kd$` no longer matches both (it matched every symbol before).
; RUN: not %wavebudget dispatch %t.o --kernel 'kd$' --device gfx942 2>&1 | FileCheck %s --check-prefix=DNONE
; DNONE: {{^}}error: {{.*}}kd${{.*}}
; RUN: %wavebudget dispatch %t.o --kernel 'beta.kd' --device gfx942 | FileCheck %s --check-prefix=DBETA
; DBETA: beta on gfx942
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @alpha(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @beta(ptr addrspace(1) %p) #0 {
  store i32 2, ptr addrspace(1) %p
  ret void
}

attributes #0 = { nounwind "amdgpu-flat-work-group-size"="1,256" }
