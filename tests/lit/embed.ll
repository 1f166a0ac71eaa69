; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; What the pass set before code generation reaches the metadata through `wavebudget embed`: the
; requested waves and VGPR budget (from the .wavebudget.info section that survives llc and ld.lld),
; next to the occupancy on the code object's own processor, and the kernel table note.
; R_max for 4 waves on gfx942 is 512 / 4 = 128 (docs/occupancy-model.md, LLVM's getMaxNumVGPRs).
; REQUIRES: wavebudget-cli
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' %S/Inputs/pressure.ll -o %t.bc
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.bc -o %t.o
; RUN: ld.lld -shared %t.o -o %t.so
; RUN: %wavebudget embed %t.so -o %t.e.so | FileCheck %s --check-prefix=SAID
; SAID: 3 kernel(s) in 1 code object(s)
; RUN: llvm-readelf --notes %t.e.so | FileCheck %s
; CHECK: .symbol: acc40.kd
; CHECK: .wavebudget.limiter:
; CHECK-NEXT: .wavebudget.requested_waves: 4
; CHECK-NEXT: .wavebudget.version: 1
; CHECK-NEXT: .wavebudget.vgpr_budget: 128
; CHECK-NEXT: .wavebudget.waves_per_simd:
; CHECK: .symbol: acc124.kd
; CHECK: .wavebudget.requested_waves: 4
; CHECK: .symbol: acc160.kd
; CHECK: .wavebudget.requested_waves: 4
; CHECK: wavebudget {{.*}} Unknown note type: (0x00005742)
; The occupancy the pass asked for is reached: every kernel's waves_per_simd is at least 4.
; RUN: llvm-readelf --notes %t.e.so | FileCheck %s --check-prefix=REACHED --implicit-check-not='waves_per_simd: {{[0-3]$}}'
; REACHED: .wavebudget.waves_per_simd:
; Without the pass, only the occupancy keys:
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %S/Inputs/pressure.ll -o %t.plain.o
; RUN: %wavebudget embed %t.plain.o -o %t.plain.e.o
; RUN: llvm-readelf --notes %t.plain.e.o | FileCheck %s --check-prefix=PLAIN --implicit-check-not=requested_waves
; PLAIN: .wavebudget.version: 1
