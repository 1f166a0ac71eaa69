; REQUIRES: llvm19+
; (under other majors: unsupported; gfx942 came in LLVM 19)
; Kernel arguments are loaded from the kernarg segment where the scheduler places them, not held from the
; kernel's start: 200 i32 arguments added in a chain need few SGPRs at once, and the pass does not warn of
; spills llc does not make (it did: "about 104 registers may spill", which fails -Werror builds). Used
; twice, far apart, they are all live at once, and the warning stands where llc spills. 100 pointer
; arguments read at constant offsets whose addresses are all computed first: the addresses are encoded in
; the loads, so the arguments are live from the loads, not from the addresses (the same false warning).
; Read 4 bytes below each (`below`), the addresses are SGPR pairs of their own (a scalar load encodes no
; negative offset), and the warning stands. And the warning compares with the SGPRs LLVM allocates at 8
; waves/SIMD (80, less the 6 it reserves: the trap handler takes 16 of the waves' 100), not with the 100:
; `reread` needs about 88 and llc-22 spills 13 at 74 (the pass said nothing, 88 being under 100).
; `lanes`: per-lane pointers on 57 arguments, read twice: each argument's SGPR pair is the pointer's
; uniform part (global `saddr`), live to its second read, where the estimate kept it only to the address.
; `same`: 60 pointers read twice at one address with no write between: llc's EarlyCSE makes the second read
; the first's value (60 scalar loads for 120), and the pass no longer warns of the 50 spills the pointers
; held to their second reads would make (llc-22: 72 SGPRs, none spilled); `stored`, with a store between
; that may write what they read, keeps every pointer to its second read, and llc spills.
; llc's own .sgpr_spill_count is the independent word on each.
; RUN: python3 %S/Inputs/many-arguments.py > %t.in.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=8>' -S %t.in.ll -o %t.out.ll 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not="kernel 'chain'" --implicit-check-not="kernel 'hoisted'" --implicit-check-not="kernel 'same'"
; CHECK: warning: amdgpu-occupancy-budget: kernel 'twice' (gfx942): estimated peak of about {{[0-9]+}} SGPRs (the 6 LLVM reserves included) exceeds the 80 LLVM allocates for 8 waves/SIMD
; CHECK: warning: amdgpu-occupancy-budget: kernel 'below' (gfx942): estimated peak of about {{[0-9]+}} SGPRs (the 6 LLVM reserves included) exceeds the 80 LLVM allocates for 8 waves/SIMD
; CHECK: warning: amdgpu-occupancy-budget: kernel 'reread' (gfx942): estimated peak of about {{[0-9]+}} SGPRs (the 6 LLVM reserves included) exceeds the 80 LLVM allocates for 8 waves/SIMD
; CHECK: warning: amdgpu-occupancy-budget: kernel 'lanes' (gfx942): estimated peak of about {{[0-9]+}} SGPRs (the 6 LLVM reserves included) exceeds the 80 LLVM allocates for 8 waves/SIMD
; CHECK: warning: amdgpu-occupancy-budget: kernel 'stored' (gfx942): estimated peak of about {{[0-9]+}} SGPRs (the 6 LLVM reserves included) exceeds the 80 LLVM allocates for 8 waves/SIMD
; RUN: llc -O2 -filetype=obj %t.out.ll -o %t.o
; RUN: llvm-readelf --notes %t.o | FileCheck %s --check-prefix=LLC
; LLC: .name: chain
; LLC: .sgpr_spill_count: 0
; LLC: .name: twice
; LLC: .sgpr_spill_count: {{[1-9][0-9]*}}
; LLC: .name: hoisted
; LLC: .sgpr_spill_count: 0
; LLC: .name: below
; LLC: .sgpr_spill_count: {{[1-9][0-9]*}}
; LLC: .name: reread
; LLC: .sgpr_spill_count: {{[1-9][0-9]*}}
; LLC: .name: lanes
; LLC: .sgpr_spill_count: {{[1-9][0-9]*}}
; LLC: .name: same
; LLC: .sgpr_spill_count: 0
; LLC: .name: stored
; LLC: .sgpr_spill_count: {{[1-9][0-9]*}}
