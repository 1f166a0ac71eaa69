; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; Records of a previous build: llc-22 compiles Inputs/pressure.ll (the same kernels) to a code object,
; and the pass compares each kernel's recorded .vgpr_count with the budget. acc160 needs 163 VGPRs
; (llc's count, independent of the pass), 35 over the 128 of 4 waves/SIMD on gfx942.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %S/Inputs/pressure.ll -o %t.o
; RUN: llvm-readelf --notes %t.o | FileCheck %s --check-prefix=NOTES
; NOTES: .name: acc160
; NOTES: .vgpr_count: 163
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;records=%t.o>' \
; RUN:   -disable-output %S/Inputs/pressure.ll 2>&1 | FileCheck %s --implicit-check-not=estimated
; CHECK-NOT: kernel 'acc40'
; CHECK-NOT: kernel 'acc124'
; CHECK: warning: amdgpu-occupancy-budget: kernel 'acc160' (gfx942): records show 163 VGPRs (vgpr_count) but 4 waves/SIMD allow 128: 35 registers will have to spill
;
; At 3 waves (168 VGPRs) acc160 fits and reaches 3; 163 - 128 = 35 is not "a few" registers. acc124's
; 128 VGPRs already reach 4, so nothing to shave for 5 (96) either.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=3;records=%t.o>' \
; RUN:   -disable-output %S/Inputs/pressure.ll 2>&1 | count 0
;
; The same records through `wavebudget inspect --json`, and in a compressed offload bundle.
; REQUIRES: wavebudget-cli
; RUN: %wavebudget inspect --json %t.o > %t.json
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;records=%t.json>' \
; RUN:   -disable-output %S/Inputs/pressure.ll 2>&1 | FileCheck %s
; RUN: clang-offload-bundler --type=o --targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx942 \
; RUN:   --input=/dev/null --input=%t.o --output=%t.bundle --compress
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;records=%t.bundle>' \
; RUN:   -disable-output %S/Inputs/pressure.ll 2>&1 | FileCheck %s
;
; Records for another processor are not used: the pass says so and estimates.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %S/Inputs/pressure.ll -o %t.90a.o
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;records=%t.90a.o>' \
; RUN:   -disable-output %S/Inputs/pressure.ll 2>&1 | FileCheck %s --check-prefix=OTHER
; OTHER: note: amdgpu-occupancy-budget: kernel 'acc40' (gfx942): the records have this kernel only for gfx90a; estimating instead
; OTHER: warning: amdgpu-occupancy-budget: kernel 'acc160' (gfx942): estimated peak pressure of about {{[0-9]+}} VGPRs exceeds the budget of 128
;
; An unreadable records file is a warning naming it, and the pass falls back to estimates.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;records=%t.missing>' \
; RUN:   -disable-output %S/Inputs/pressure.ll 2>&1 | FileCheck %s --check-prefix=MISSING
; MISSING: warning: amdgpu-occupancy-budget: records={{.*}}records.ll.tmp.missing: {{.*}}; estimating from the IR instead
; RUN: echo '{"code_objects": 3}' > %t.bad.json
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;records=%t.bad.json>' \
; RUN:   -disable-output %S/Inputs/pressure.ll 2>&1 | FileCheck %s --check-prefix=BADJSON
; BADJSON: warning: amdgpu-occupancy-budget: records={{.*}}bad.json: {{.*}}no "code_objects" or "kernels" array; estimating from the IR instead
;
; A record without .sgpr_count is not used as if it had 0: the pass says so and estimates.
; RUN: echo '{"code_objects": [{"processor": "gfx942", "kernels": [{"name": "acc160", "vgpr_count": 163}]}]}' > %t.nosgpr.json
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;records=%t.nosgpr.json>' \
; RUN:   -disable-output %S/Inputs/pressure.ll 2>&1 | FileCheck %s --check-prefix=NOSGPR
; NOSGPR: note: amdgpu-occupancy-budget: kernel 'acc160' (gfx942): the records have this kernel without .vgpr_count, .sgpr_count or a wave size; estimating instead
; NOSGPR: warning: amdgpu-occupancy-budget: kernel 'acc160' (gfx942): estimated peak pressure
;
; mode=advise: the same warnings, a line per kernel saying what set mode would write (so a kernel that
; fits is not passed over in silence), and the IR is unchanged (opt -S output equals opt without the pass).
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;records=%t.o;mode=advise>' \
; RUN:   -S %S/Inputs/pressure.ll -o %t.advised.ll 2>&1 | FileCheck %s --check-prefix=ADVISED --implicit-check-not=estimated
; ADVISED: remark: amdgpu-occupancy-budget: kernel 'acc40' (gfx942): 4 waves/SIMD: would set "amdgpu-waves-per-eu"="4" (mode=advise leaves the IR unchanged)
; ADVISED-NEXT: remark: amdgpu-occupancy-budget: kernel 'acc124' (gfx942): 4 waves/SIMD: would set "amdgpu-waves-per-eu"="4"
; ADVISED-NEXT: remark: amdgpu-occupancy-budget: kernel 'acc160' (gfx942): 4 waves/SIMD: would set "amdgpu-waves-per-eu"="4"
; ADVISED-NEXT: warning: amdgpu-occupancy-budget: kernel 'acc160' (gfx942): records show 163 VGPRs (vgpr_count) but 4 waves/SIMD allow 128: 35 registers will have to spill
; RUN: opt -S %S/Inputs/pressure.ll -o %t.plain.ll
; RUN: diff %t.plain.ll %t.advised.ll
