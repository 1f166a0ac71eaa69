; The register counts LLVM honours are in the budget (issue 48, point 2): "amdgpu-num-vgpr" and
; "amdgpu-num-sgpr" (clang's amdgpu_num_vgpr(N), amdgpu_num_sgpr(N)), taken as the LLVM the pass runs in
; takes them: N VGPRs (doubled on gfx90a, whose one file holds VGPRs and AGPRs) hold the kernel below its
; waves' budget, and the spill check uses that budget. llc, given the same attributes, spills where the pass
; says it may, and not in gfx90a's twin without them. A value the LLVM ignores says so; a malformed one fails
; every llc ("cannot parse integer attribute") and leaves the kernel alone.
; 160 floats live in a loop (40 <4 x float>); at 2 waves/SIMD gfx900 allows 128 VGPRs, gfx90a 256.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2>' -S %s -o %t.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=CHECK,M%llvm-major
; CHECK-DAG: note: amdgpu-occupancy-budget: kernel 'capped900' (gfx900): "amdgpu-num-vgpr"="64" holds the kernel to 64 VGPRs, below the 128 of 2 waves/SIMD: the budget is 64
; CHECK-DAG: warning: amdgpu-occupancy-budget: kernel 'capped900' (gfx900): estimated peak pressure of about {{[0-9]+}} VGPRs exceeds the budget of 64 for 2 waves/SIMD
; CHECK-DAG: note: amdgpu-occupancy-budget: kernel 'capped90a' (gfx90a): "amdgpu-num-vgpr"="64" holds the kernel to 128 VGPRs (VGPRs and AGPRs: LLVM doubles it where one file holds both), below the 256 of 2 waves/SIMD: the budget is 128
; CHECK-DAG: warning: amdgpu-occupancy-budget: kernel 'capped90a' (gfx90a): estimated peak pressure of about {{[0-9]+}} VGPRs exceeds the budget of 128 for 2 waves/SIMD
; CHECK-DAG: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="16" holds the kernel to 16 SGPRs (sgpr_count, VCC included), below the 108 of 2 waves/SIMD: the budget is 16
; M15-DAG: warning: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): estimated peak of about {{[0-9]+}} SGPRs (the 4 LLVM reserves included) exceeds the 16 LLVM allocates for 2 waves/SIMD
; M19-DAG: warning: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): estimated peak of about {{[0-9]+}} SGPRs (the 4 LLVM reserves included) exceeds the 16 LLVM allocates for 2 waves/SIMD
; M22-DAG: warning: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): estimated peak of about {{[0-9]+}} SGPRs (the 6 LLVM reserves included) exceeds the 16 LLVM allocates for 2 waves/SIMD
; CHECK-DAG: warning: amdgpu-occupancy-budget: kernel 'malformed' (gfx900): "amdgpu-num-vgpr"="6x4" is malformed: LLVM fails the compile with "error: cannot parse integer attribute amdgpu-num-vgpr"; kernel left untouched
; 300 on gfx900 at 2 waves (128): LLVM 22 clamps it to the waves' budget, 15 and 19 ignore it.
; M15-DAG: note: amdgpu-occupancy-budget: kernel 'over' (gfx900): "amdgpu-num-vgpr"="300" is outside 0..=128 for this waves target: LLVM 15 ignores it
; M19-DAG: note: amdgpu-occupancy-budget: kernel 'over' (gfx900): "amdgpu-num-vgpr"="300" is outside 0..=128 for this waves target: LLVM 19 ignores it
; Without the attribute, gfx900's 128 are still too few for 160 floats (llc spills there too), gfx90a's 256 are not.
; CHECK-DAG: warning: amdgpu-occupancy-budget: kernel 'free900' (gfx900): estimated peak pressure of about {{[0-9]+}} VGPRs exceeds the budget of 128 for 2 waves/SIMD
; M22-NOT: kernel 'over'
; RUN: sed -e '/@malformed/,/^}/d' -e '/"amdgpu-num-vgpr"="6x4"/d' %t.ll > %t.llc.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -pass-remarks-analysis=kernel-resource-usage -o /dev/null %t.llc.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LLC
; LLC-LABEL: Function Name: capped900
; LLC: VGPRs: 64
; LLC: VGPRs Spill: {{[1-9][0-9]*}}
; LLC-LABEL: Function Name: capped90a
; LLC: VGPRs Spill: {{[1-9][0-9]*}}
; LLC-LABEL: Function Name: free90a
; LLC: VGPRs Spill: 0
; LLC-LABEL: Function Name: sgpr16
; LLC: SGPRs Spill: {{[1-9][0-9]*}}
; At 10 waves/SIMD on gfx900 LLVM takes at most 64 (getMaxNumSGPRs(10): 80 less the trap handler's 16): 72 is
; ignored although 80 SGPRs keep 10 waves (llc-22 on a kernel of 80 uniform values: 54 SGPRs and 161 spilled
; with and without "72"; "48" holds it to 38 and 200 spilled).
; RUN: sed 's/"amdgpu-num-sgpr"="16"/"amdgpu-num-sgpr"="72"/' %s | opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=10>' -disable-output 2>&1 | FileCheck %s --check-prefix=SGPR72-%llvm-major
; SGPR72-15: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="72" is not above the 4 reserved SGPRs or is above the 64 of this waves target: LLVM ignores it
; SGPR72-19: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="72" is not above the 4 reserved SGPRs or is above the 64 of this waves target: LLVM ignores it
; SGPR72-22: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="72" is not above the 6 reserved SGPRs or is above the 64 of this waves target: LLVM ignores it
; The floor is getReservedNumSGPRs(MF): VCC, XNACK's where it is on or "any" (gfx900's default) and flat
; scratch's where the kernel has flat scratch init, which LLVM 22 gives every kernel without
; "amdgpu-no-flat-scratch-init" and LLVM 15 and 19 only a kernel with stack or calls. sgpr16 has neither:
; LLVM 22 takes 6 as the floor (llc-22 ignores "6": no SGPR spilled), 15 and 19 take 4 (llc-19 honours "6"
; and spills; llc-15 runs out of registers and aborts). "7" every LLVM honours, raised to what the kernel's
; preloaded SGPRs take (llc-22: 22 SGPRs for any value from 7 to 20), which the pass does not yet model.
; RUN: sed 's/"amdgpu-num-sgpr"="16"/"amdgpu-num-sgpr"="6"/' %s | opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2>' -disable-output 2>&1 | FileCheck %s --check-prefix=SGPR6-%llvm-major
; SGPR6-22: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="6" is not above the 6 reserved SGPRs or is above the 108 of this waves target: LLVM ignores it
; SGPR6-19: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="6" holds the kernel to 6 SGPRs
; SGPR6-15: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="6" holds the kernel to 6 SGPRs
; RUN: sed 's/"amdgpu-num-sgpr"="16"/"amdgpu-num-sgpr"="7"/' %s | opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2>' -disable-output 2>&1 | FileCheck %s --check-prefix=SGPR7
; SGPR7: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="7" holds the kernel to 7 SGPRs
; RUN: sed -e 's/"amdgpu-num-sgpr"="16"/"amdgpu-num-sgpr"="6"/' %t.llc.ll | (llc -mtriple=amdgcn-amd-amdhsa -pass-remarks-analysis=kernel-resource-usage -o /dev/null 2>&1 || true) \
; RUN:   | grep -A7 -e 'Name: sgpr16' -e 'LLVM ERROR' | FileCheck %s --check-prefix=LLC6-%llvm-major
; LLC6-22: SGPRs Spill: 0{{$}}
; LLC6-19: SGPRs Spill: {{[1-9][0-9]*}}
; LLC6-15: LLVM ERROR: no registers from class available to allocate
; The same kernel with an alloca: LLVM 15 and 19 give it flat scratch init, and ignore "6" too.
; RUN: sed -e 's/"amdgpu-num-sgpr"="16"/"amdgpu-num-sgpr"="6"/' -e '/^define amdgpu_kernel void @sgpr16/{n;s/^entry:/entry:\n  %frame = alloca [4 x i32], addrspace(5)\n  store volatile i32 %n, ptr addrspace(5) %frame/}' %s > %t.stack.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2>' -S %t.stack.ll -o %t.stack.out.ll 2>&1 | FileCheck %s --check-prefix=STACK6
; STACK6: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="6" is not above the 6 reserved SGPRs
; RUN: sed -e '/@malformed/,/^}/d' -e '/"amdgpu-num-vgpr"="6x4"/d' %t.stack.out.ll | llc -mtriple=amdgcn-amd-amdhsa -pass-remarks-analysis=kernel-resource-usage -o /dev/null 2>&1 \
; RUN:   | grep -A7 'Name: sgpr16' | FileCheck %s --check-prefix=LLCSTACK6
; LLCSTACK6: SGPRs Spill: 0{{$}}
; Flat scratch init only on amdhsa and mesa3d: on amdpal every LLVM takes 4 as the floor (llc-22 honours "6"
; and spills, llc-19 runs out of registers and aborts, llc-15 crashes); "amdgpu-stack-objects" (LLVM 15's and
; 19's own mark) gives it on amdhsa.
; RUN: sed -e 's/"amdgpu-num-sgpr"="16"/"amdgpu-num-sgpr"="6"/' -e 's/^target triple = .*/target triple = "amdgcn--amdpal"/' %s \
; RUN:   | opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2>' -disable-output 2>&1 | FileCheck %s --check-prefix=PAL6
; PAL6: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="6" holds the kernel to 6 SGPRs
; RUN: sed -e 's/"amdgpu-num-sgpr"="16"/"amdgpu-num-sgpr"="6"/' %t.llc.ll | (llc -mtriple=amdgcn--amdpal -pass-remarks-analysis=kernel-resource-usage -o /dev/null 2>&1 || true) \
; RUN:   | (grep -A7 -e 'Name: sgpr16' -e 'LLVM ERROR' || true) | FileCheck %s --allow-empty --check-prefix=LLCPAL6-%llvm-major
; LLCPAL6-22: SGPRs Spill: {{[1-9][0-9]*}}
; LLCPAL6-19: LLVM ERROR: no registers from class available to allocate
; LLCPAL6-15-NOT: SGPRs Spill: 0{{$}}
; RUN: sed -e 's/"amdgpu-num-sgpr"="16"/"amdgpu-num-sgpr"="6" "amdgpu-stack-objects"/' %s \
; RUN:   | opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2>' -disable-output 2>&1 | FileCheck %s --check-prefix=MARKED6
; MARKED6: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="6" is not above the 6 reserved SGPRs
; "+enable-flat-scratch" gives flat scratch init whatever else: every LLVM ignores "6" (no SGPR spilled).
; RUN: sed -e 's/"amdgpu-num-sgpr"="16"/"amdgpu-num-sgpr"="6" "amdgpu-no-flat-scratch-init" "target-features"="+enable-flat-scratch"/' %s \
; RUN:   | opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2>' -disable-output 2>&1 | FileCheck %s --check-prefix=EFS6
; EFS6: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="6" is not above the 6 reserved SGPRs
; RUN: sed -e 's/"amdgpu-num-sgpr"="16"/"amdgpu-num-sgpr"="6" "amdgpu-no-flat-scratch-init" "target-features"="+enable-flat-scratch"/' %t.llc.ll \
; RUN:   | llc -mtriple=amdgcn-amd-amdhsa -pass-remarks-analysis=kernel-resource-usage -o /dev/null 2>&1 | grep -A7 'Name: sgpr16' | FileCheck %s --check-prefix=LLCEFS6
; LLCEFS6: SGPRs Spill: 0{{$}}
; With a maximum of waves ("W,W", the exact parameter), LLVM also ignores a value under getMinNumSGPRs(W): at
; 8 waves/SIMD on gfx900 anything under 65 (the trap handler's SGPRs off 9 waves' share, plus one), so "40" is
; ignored there (llc: 46 SGPRs, none spilled) and held to without the maximum (llc spills).
; RUN: sed 's/"amdgpu-num-sgpr"="16"/"amdgpu-num-sgpr"="40"/' %s | opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=8;exact>' -S -o %t.exact.ll 2>&1 | FileCheck %s --check-prefix=EXACT40
; EXACT40: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="40" is not above the {{[46]}} reserved SGPRs, below the 65 LLVM takes as the least for at most 8 waves/SIMD ("amdgpu-waves-per-eu" with a maximum) or is above the 80 of this waves target: LLVM ignores it
; RUN: sed -e '/@malformed/,/^}/d' -e '/"amdgpu-num-vgpr"="6x4"/d' %t.exact.ll | llc -mtriple=amdgcn-amd-amdhsa -pass-remarks-analysis=kernel-resource-usage -o /dev/null 2>&1 \
; RUN:   | grep -A7 'Name: sgpr16' | FileCheck %s --check-prefix=LLCEXACT40
; LLCEXACT40: SGPRs Spill: 0{{$}}
; Without the trap handler (amdpal: LLVM turns it on by default only for amdhsa) the least is 81: "72" is
; ignored there (the model's test holds llc-15/19/22's boundaries on both triples).
; RUN: sed -e 's/"amdgpu-num-sgpr"="16"/"amdgpu-num-sgpr"="72"/' -e 's/^target triple = .*/target triple = "amdgcn-amd-amdpal"/' %s \
; RUN:   | opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=8;exact>' -disable-output 2>&1 | FileCheck %s --check-prefix=PAL72
; PAL72: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="72" is not above the 4 reserved SGPRs, below the 81 LLVM takes as the least for at most 8 waves/SIMD
; RUN: sed 's/"amdgpu-num-sgpr"="16"/"amdgpu-num-sgpr"="40"/' %s | opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=8>' -S -o %t.free40.ll 2>&1 | FileCheck %s --check-prefix=FREE40
; FREE40: note: amdgpu-occupancy-budget: kernel 'sgpr16' (gfx900): "amdgpu-num-sgpr"="40" holds the kernel to 40 SGPRs
; RUN: sed -e '/@malformed/,/^}/d' -e '/"amdgpu-num-vgpr"="6x4"/d' %t.free40.ll | llc -mtriple=amdgcn-amd-amdhsa -pass-remarks-analysis=kernel-resource-usage -o /dev/null 2>&1 \
; RUN:   | grep -A7 'Name: sgpr16' | FileCheck %s --check-prefix=LLCFREE40
; LLCFREE40: SGPRs Spill: {{[1-9][0-9]*}}
; The twin without the attribute gets no spill warning (a separate run: a NOT after a DAG group scans only past
; it); under LLVM 22, without "amdgpu-agpr-alloc", half the 256 is kept for AGPRs and the arch VGPRs over it
; live in AGPRs (llc-22 above: "VGPRs: 128", "AGPRs: 42", no spill), which a note says.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2>' -disable-output %s 2>&1 | FileCheck %s --check-prefixes=FREE,FREE%llvm-major
; FREE-NOT: warning: amdgpu-occupancy-budget: kernel 'free90a'
; FREE22: note: amdgpu-occupancy-budget: kernel 'free90a' (gfx90a): estimated {{[0-9]+}} arch VGPRs, over the 128 of the 256 VGPRs for 2 waves/SIMD {{.*}} of them would live in AGPRs as copies, not memory spills, while the 128 AGPRs hold every value copied there
; FREE15-NOT: kernel 'free90a'
; FREE19-NOT: kernel 'free90a'
; "amdgpu-num-vgpr"="0" is no cap under LLVM 15 and 19 (they read 0 as not given).
; RUN: sed 's/"amdgpu-num-vgpr"="64"/"amdgpu-num-vgpr"="0"/' %s | opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=2>' -disable-output 2>&1 | FileCheck %s --check-prefix=ZERO%llvm-major
; ZERO15-NOT: holds the kernel to 0 VGPRs
; ZERO19-NOT: holds the kernel to 0 VGPRs
; ZERO22: "amdgpu-num-vgpr"="0" holds the kernel to
; RUN: not llc -mtriple=amdgcn-amd-amdhsa -o /dev/null %t.ll 2>&1 | FileCheck %s --check-prefix=MALFORMED
; MALFORMED: error: {{.*}}parse integer attribute amdgpu-num-vgpr

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @capped900(ptr addrspace(1) %p, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %q0 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 0
  %a0 = load <4 x float>, ptr addrspace(1) %q0
  %q1 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 1
  %a1 = load <4 x float>, ptr addrspace(1) %q1
  %q2 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 2
  %a2 = load <4 x float>, ptr addrspace(1) %q2
  %q3 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 3
  %a3 = load <4 x float>, ptr addrspace(1) %q3
  %q4 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 4
  %a4 = load <4 x float>, ptr addrspace(1) %q4
  %q5 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 5
  %a5 = load <4 x float>, ptr addrspace(1) %q5
  %q6 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 6
  %a6 = load <4 x float>, ptr addrspace(1) %q6
  %q7 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 7
  %a7 = load <4 x float>, ptr addrspace(1) %q7
  %q8 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 8
  %a8 = load <4 x float>, ptr addrspace(1) %q8
  %q9 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 9
  %a9 = load <4 x float>, ptr addrspace(1) %q9
  %q10 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 10
  %a10 = load <4 x float>, ptr addrspace(1) %q10
  %q11 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 11
  %a11 = load <4 x float>, ptr addrspace(1) %q11
  %q12 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 12
  %a12 = load <4 x float>, ptr addrspace(1) %q12
  %q13 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 13
  %a13 = load <4 x float>, ptr addrspace(1) %q13
  %q14 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 14
  %a14 = load <4 x float>, ptr addrspace(1) %q14
  %q15 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 15
  %a15 = load <4 x float>, ptr addrspace(1) %q15
  %q16 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 16
  %a16 = load <4 x float>, ptr addrspace(1) %q16
  %q17 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 17
  %a17 = load <4 x float>, ptr addrspace(1) %q17
  %q18 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 18
  %a18 = load <4 x float>, ptr addrspace(1) %q18
  %q19 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 19
  %a19 = load <4 x float>, ptr addrspace(1) %q19
  %q20 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 20
  %a20 = load <4 x float>, ptr addrspace(1) %q20
  %q21 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 21
  %a21 = load <4 x float>, ptr addrspace(1) %q21
  %q22 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 22
  %a22 = load <4 x float>, ptr addrspace(1) %q22
  %q23 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 23
  %a23 = load <4 x float>, ptr addrspace(1) %q23
  %q24 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 24
  %a24 = load <4 x float>, ptr addrspace(1) %q24
  %q25 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 25
  %a25 = load <4 x float>, ptr addrspace(1) %q25
  %q26 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 26
  %a26 = load <4 x float>, ptr addrspace(1) %q26
  %q27 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 27
  %a27 = load <4 x float>, ptr addrspace(1) %q27
  %q28 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 28
  %a28 = load <4 x float>, ptr addrspace(1) %q28
  %q29 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 29
  %a29 = load <4 x float>, ptr addrspace(1) %q29
  %q30 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 30
  %a30 = load <4 x float>, ptr addrspace(1) %q30
  %q31 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 31
  %a31 = load <4 x float>, ptr addrspace(1) %q31
  %q32 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 32
  %a32 = load <4 x float>, ptr addrspace(1) %q32
  %q33 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 33
  %a33 = load <4 x float>, ptr addrspace(1) %q33
  %q34 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 34
  %a34 = load <4 x float>, ptr addrspace(1) %q34
  %q35 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 35
  %a35 = load <4 x float>, ptr addrspace(1) %q35
  %q36 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 36
  %a36 = load <4 x float>, ptr addrspace(1) %q36
  %q37 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 37
  %a37 = load <4 x float>, ptr addrspace(1) %q37
  %q38 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 38
  %a38 = load <4 x float>, ptr addrspace(1) %q38
  %q39 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 39
  %a39 = load <4 x float>, ptr addrspace(1) %q39
  br label %loop
loop:
  %i = phi i32 [0, %entry], [%i1, %loop]
  %x0 = phi <4 x float> [%a0, %entry], [%y0, %loop]
  %x1 = phi <4 x float> [%a1, %entry], [%y1, %loop]
  %x2 = phi <4 x float> [%a2, %entry], [%y2, %loop]
  %x3 = phi <4 x float> [%a3, %entry], [%y3, %loop]
  %x4 = phi <4 x float> [%a4, %entry], [%y4, %loop]
  %x5 = phi <4 x float> [%a5, %entry], [%y5, %loop]
  %x6 = phi <4 x float> [%a6, %entry], [%y6, %loop]
  %x7 = phi <4 x float> [%a7, %entry], [%y7, %loop]
  %x8 = phi <4 x float> [%a8, %entry], [%y8, %loop]
  %x9 = phi <4 x float> [%a9, %entry], [%y9, %loop]
  %x10 = phi <4 x float> [%a10, %entry], [%y10, %loop]
  %x11 = phi <4 x float> [%a11, %entry], [%y11, %loop]
  %x12 = phi <4 x float> [%a12, %entry], [%y12, %loop]
  %x13 = phi <4 x float> [%a13, %entry], [%y13, %loop]
  %x14 = phi <4 x float> [%a14, %entry], [%y14, %loop]
  %x15 = phi <4 x float> [%a15, %entry], [%y15, %loop]
  %x16 = phi <4 x float> [%a16, %entry], [%y16, %loop]
  %x17 = phi <4 x float> [%a17, %entry], [%y17, %loop]
  %x18 = phi <4 x float> [%a18, %entry], [%y18, %loop]
  %x19 = phi <4 x float> [%a19, %entry], [%y19, %loop]
  %x20 = phi <4 x float> [%a20, %entry], [%y20, %loop]
  %x21 = phi <4 x float> [%a21, %entry], [%y21, %loop]
  %x22 = phi <4 x float> [%a22, %entry], [%y22, %loop]
  %x23 = phi <4 x float> [%a23, %entry], [%y23, %loop]
  %x24 = phi <4 x float> [%a24, %entry], [%y24, %loop]
  %x25 = phi <4 x float> [%a25, %entry], [%y25, %loop]
  %x26 = phi <4 x float> [%a26, %entry], [%y26, %loop]
  %x27 = phi <4 x float> [%a27, %entry], [%y27, %loop]
  %x28 = phi <4 x float> [%a28, %entry], [%y28, %loop]
  %x29 = phi <4 x float> [%a29, %entry], [%y29, %loop]
  %x30 = phi <4 x float> [%a30, %entry], [%y30, %loop]
  %x31 = phi <4 x float> [%a31, %entry], [%y31, %loop]
  %x32 = phi <4 x float> [%a32, %entry], [%y32, %loop]
  %x33 = phi <4 x float> [%a33, %entry], [%y33, %loop]
  %x34 = phi <4 x float> [%a34, %entry], [%y34, %loop]
  %x35 = phi <4 x float> [%a35, %entry], [%y35, %loop]
  %x36 = phi <4 x float> [%a36, %entry], [%y36, %loop]
  %x37 = phi <4 x float> [%a37, %entry], [%y37, %loop]
  %x38 = phi <4 x float> [%a38, %entry], [%y38, %loop]
  %x39 = phi <4 x float> [%a39, %entry], [%y39, %loop]
  %y0 = fmul <4 x float> %x0, %x1
  %y1 = fmul <4 x float> %x1, %x2
  %y2 = fmul <4 x float> %x2, %x3
  %y3 = fmul <4 x float> %x3, %x4
  %y4 = fmul <4 x float> %x4, %x5
  %y5 = fmul <4 x float> %x5, %x6
  %y6 = fmul <4 x float> %x6, %x7
  %y7 = fmul <4 x float> %x7, %x8
  %y8 = fmul <4 x float> %x8, %x9
  %y9 = fmul <4 x float> %x9, %x10
  %y10 = fmul <4 x float> %x10, %x11
  %y11 = fmul <4 x float> %x11, %x12
  %y12 = fmul <4 x float> %x12, %x13
  %y13 = fmul <4 x float> %x13, %x14
  %y14 = fmul <4 x float> %x14, %x15
  %y15 = fmul <4 x float> %x15, %x16
  %y16 = fmul <4 x float> %x16, %x17
  %y17 = fmul <4 x float> %x17, %x18
  %y18 = fmul <4 x float> %x18, %x19
  %y19 = fmul <4 x float> %x19, %x20
  %y20 = fmul <4 x float> %x20, %x21
  %y21 = fmul <4 x float> %x21, %x22
  %y22 = fmul <4 x float> %x22, %x23
  %y23 = fmul <4 x float> %x23, %x24
  %y24 = fmul <4 x float> %x24, %x25
  %y25 = fmul <4 x float> %x25, %x26
  %y26 = fmul <4 x float> %x26, %x27
  %y27 = fmul <4 x float> %x27, %x28
  %y28 = fmul <4 x float> %x28, %x29
  %y29 = fmul <4 x float> %x29, %x30
  %y30 = fmul <4 x float> %x30, %x31
  %y31 = fmul <4 x float> %x31, %x32
  %y32 = fmul <4 x float> %x32, %x33
  %y33 = fmul <4 x float> %x33, %x34
  %y34 = fmul <4 x float> %x34, %x35
  %y35 = fmul <4 x float> %x35, %x36
  %y36 = fmul <4 x float> %x36, %x37
  %y37 = fmul <4 x float> %x37, %x38
  %y38 = fmul <4 x float> %x38, %x39
  %y39 = fmul <4 x float> %x39, %x0
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  store <4 x float> %y0, ptr addrspace(1) %q0
  store <4 x float> %y1, ptr addrspace(1) %q1
  store <4 x float> %y2, ptr addrspace(1) %q2
  store <4 x float> %y3, ptr addrspace(1) %q3
  store <4 x float> %y4, ptr addrspace(1) %q4
  store <4 x float> %y5, ptr addrspace(1) %q5
  store <4 x float> %y6, ptr addrspace(1) %q6
  store <4 x float> %y7, ptr addrspace(1) %q7
  store <4 x float> %y8, ptr addrspace(1) %q8
  store <4 x float> %y9, ptr addrspace(1) %q9
  store <4 x float> %y10, ptr addrspace(1) %q10
  store <4 x float> %y11, ptr addrspace(1) %q11
  store <4 x float> %y12, ptr addrspace(1) %q12
  store <4 x float> %y13, ptr addrspace(1) %q13
  store <4 x float> %y14, ptr addrspace(1) %q14
  store <4 x float> %y15, ptr addrspace(1) %q15
  store <4 x float> %y16, ptr addrspace(1) %q16
  store <4 x float> %y17, ptr addrspace(1) %q17
  store <4 x float> %y18, ptr addrspace(1) %q18
  store <4 x float> %y19, ptr addrspace(1) %q19
  store <4 x float> %y20, ptr addrspace(1) %q20
  store <4 x float> %y21, ptr addrspace(1) %q21
  store <4 x float> %y22, ptr addrspace(1) %q22
  store <4 x float> %y23, ptr addrspace(1) %q23
  store <4 x float> %y24, ptr addrspace(1) %q24
  store <4 x float> %y25, ptr addrspace(1) %q25
  store <4 x float> %y26, ptr addrspace(1) %q26
  store <4 x float> %y27, ptr addrspace(1) %q27
  store <4 x float> %y28, ptr addrspace(1) %q28
  store <4 x float> %y29, ptr addrspace(1) %q29
  store <4 x float> %y30, ptr addrspace(1) %q30
  store <4 x float> %y31, ptr addrspace(1) %q31
  store <4 x float> %y32, ptr addrspace(1) %q32
  store <4 x float> %y33, ptr addrspace(1) %q33
  store <4 x float> %y34, ptr addrspace(1) %q34
  store <4 x float> %y35, ptr addrspace(1) %q35
  store <4 x float> %y36, ptr addrspace(1) %q36
  store <4 x float> %y37, ptr addrspace(1) %q37
  store <4 x float> %y38, ptr addrspace(1) %q38
  store <4 x float> %y39, ptr addrspace(1) %q39
  ret void
}

define amdgpu_kernel void @free900(ptr addrspace(1) %p, i32 %n) #1 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %q0 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 0
  %a0 = load <4 x float>, ptr addrspace(1) %q0
  %q1 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 1
  %a1 = load <4 x float>, ptr addrspace(1) %q1
  %q2 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 2
  %a2 = load <4 x float>, ptr addrspace(1) %q2
  %q3 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 3
  %a3 = load <4 x float>, ptr addrspace(1) %q3
  %q4 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 4
  %a4 = load <4 x float>, ptr addrspace(1) %q4
  %q5 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 5
  %a5 = load <4 x float>, ptr addrspace(1) %q5
  %q6 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 6
  %a6 = load <4 x float>, ptr addrspace(1) %q6
  %q7 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 7
  %a7 = load <4 x float>, ptr addrspace(1) %q7
  %q8 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 8
  %a8 = load <4 x float>, ptr addrspace(1) %q8
  %q9 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 9
  %a9 = load <4 x float>, ptr addrspace(1) %q9
  %q10 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 10
  %a10 = load <4 x float>, ptr addrspace(1) %q10
  %q11 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 11
  %a11 = load <4 x float>, ptr addrspace(1) %q11
  %q12 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 12
  %a12 = load <4 x float>, ptr addrspace(1) %q12
  %q13 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 13
  %a13 = load <4 x float>, ptr addrspace(1) %q13
  %q14 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 14
  %a14 = load <4 x float>, ptr addrspace(1) %q14
  %q15 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 15
  %a15 = load <4 x float>, ptr addrspace(1) %q15
  %q16 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 16
  %a16 = load <4 x float>, ptr addrspace(1) %q16
  %q17 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 17
  %a17 = load <4 x float>, ptr addrspace(1) %q17
  %q18 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 18
  %a18 = load <4 x float>, ptr addrspace(1) %q18
  %q19 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 19
  %a19 = load <4 x float>, ptr addrspace(1) %q19
  %q20 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 20
  %a20 = load <4 x float>, ptr addrspace(1) %q20
  %q21 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 21
  %a21 = load <4 x float>, ptr addrspace(1) %q21
  %q22 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 22
  %a22 = load <4 x float>, ptr addrspace(1) %q22
  %q23 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 23
  %a23 = load <4 x float>, ptr addrspace(1) %q23
  %q24 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 24
  %a24 = load <4 x float>, ptr addrspace(1) %q24
  %q25 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 25
  %a25 = load <4 x float>, ptr addrspace(1) %q25
  %q26 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 26
  %a26 = load <4 x float>, ptr addrspace(1) %q26
  %q27 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 27
  %a27 = load <4 x float>, ptr addrspace(1) %q27
  %q28 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 28
  %a28 = load <4 x float>, ptr addrspace(1) %q28
  %q29 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 29
  %a29 = load <4 x float>, ptr addrspace(1) %q29
  %q30 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 30
  %a30 = load <4 x float>, ptr addrspace(1) %q30
  %q31 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 31
  %a31 = load <4 x float>, ptr addrspace(1) %q31
  %q32 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 32
  %a32 = load <4 x float>, ptr addrspace(1) %q32
  %q33 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 33
  %a33 = load <4 x float>, ptr addrspace(1) %q33
  %q34 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 34
  %a34 = load <4 x float>, ptr addrspace(1) %q34
  %q35 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 35
  %a35 = load <4 x float>, ptr addrspace(1) %q35
  %q36 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 36
  %a36 = load <4 x float>, ptr addrspace(1) %q36
  %q37 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 37
  %a37 = load <4 x float>, ptr addrspace(1) %q37
  %q38 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 38
  %a38 = load <4 x float>, ptr addrspace(1) %q38
  %q39 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 39
  %a39 = load <4 x float>, ptr addrspace(1) %q39
  br label %loop
loop:
  %i = phi i32 [0, %entry], [%i1, %loop]
  %x0 = phi <4 x float> [%a0, %entry], [%y0, %loop]
  %x1 = phi <4 x float> [%a1, %entry], [%y1, %loop]
  %x2 = phi <4 x float> [%a2, %entry], [%y2, %loop]
  %x3 = phi <4 x float> [%a3, %entry], [%y3, %loop]
  %x4 = phi <4 x float> [%a4, %entry], [%y4, %loop]
  %x5 = phi <4 x float> [%a5, %entry], [%y5, %loop]
  %x6 = phi <4 x float> [%a6, %entry], [%y6, %loop]
  %x7 = phi <4 x float> [%a7, %entry], [%y7, %loop]
  %x8 = phi <4 x float> [%a8, %entry], [%y8, %loop]
  %x9 = phi <4 x float> [%a9, %entry], [%y9, %loop]
  %x10 = phi <4 x float> [%a10, %entry], [%y10, %loop]
  %x11 = phi <4 x float> [%a11, %entry], [%y11, %loop]
  %x12 = phi <4 x float> [%a12, %entry], [%y12, %loop]
  %x13 = phi <4 x float> [%a13, %entry], [%y13, %loop]
  %x14 = phi <4 x float> [%a14, %entry], [%y14, %loop]
  %x15 = phi <4 x float> [%a15, %entry], [%y15, %loop]
  %x16 = phi <4 x float> [%a16, %entry], [%y16, %loop]
  %x17 = phi <4 x float> [%a17, %entry], [%y17, %loop]
  %x18 = phi <4 x float> [%a18, %entry], [%y18, %loop]
  %x19 = phi <4 x float> [%a19, %entry], [%y19, %loop]
  %x20 = phi <4 x float> [%a20, %entry], [%y20, %loop]
  %x21 = phi <4 x float> [%a21, %entry], [%y21, %loop]
  %x22 = phi <4 x float> [%a22, %entry], [%y22, %loop]
  %x23 = phi <4 x float> [%a23, %entry], [%y23, %loop]
  %x24 = phi <4 x float> [%a24, %entry], [%y24, %loop]
  %x25 = phi <4 x float> [%a25, %entry], [%y25, %loop]
  %x26 = phi <4 x float> [%a26, %entry], [%y26, %loop]
  %x27 = phi <4 x float> [%a27, %entry], [%y27, %loop]
  %x28 = phi <4 x float> [%a28, %entry], [%y28, %loop]
  %x29 = phi <4 x float> [%a29, %entry], [%y29, %loop]
  %x30 = phi <4 x float> [%a30, %entry], [%y30, %loop]
  %x31 = phi <4 x float> [%a31, %entry], [%y31, %loop]
  %x32 = phi <4 x float> [%a32, %entry], [%y32, %loop]
  %x33 = phi <4 x float> [%a33, %entry], [%y33, %loop]
  %x34 = phi <4 x float> [%a34, %entry], [%y34, %loop]
  %x35 = phi <4 x float> [%a35, %entry], [%y35, %loop]
  %x36 = phi <4 x float> [%a36, %entry], [%y36, %loop]
  %x37 = phi <4 x float> [%a37, %entry], [%y37, %loop]
  %x38 = phi <4 x float> [%a38, %entry], [%y38, %loop]
  %x39 = phi <4 x float> [%a39, %entry], [%y39, %loop]
  %y0 = fmul <4 x float> %x0, %x1
  %y1 = fmul <4 x float> %x1, %x2
  %y2 = fmul <4 x float> %x2, %x3
  %y3 = fmul <4 x float> %x3, %x4
  %y4 = fmul <4 x float> %x4, %x5
  %y5 = fmul <4 x float> %x5, %x6
  %y6 = fmul <4 x float> %x6, %x7
  %y7 = fmul <4 x float> %x7, %x8
  %y8 = fmul <4 x float> %x8, %x9
  %y9 = fmul <4 x float> %x9, %x10
  %y10 = fmul <4 x float> %x10, %x11
  %y11 = fmul <4 x float> %x11, %x12
  %y12 = fmul <4 x float> %x12, %x13
  %y13 = fmul <4 x float> %x13, %x14
  %y14 = fmul <4 x float> %x14, %x15
  %y15 = fmul <4 x float> %x15, %x16
  %y16 = fmul <4 x float> %x16, %x17
  %y17 = fmul <4 x float> %x17, %x18
  %y18 = fmul <4 x float> %x18, %x19
  %y19 = fmul <4 x float> %x19, %x20
  %y20 = fmul <4 x float> %x20, %x21
  %y21 = fmul <4 x float> %x21, %x22
  %y22 = fmul <4 x float> %x22, %x23
  %y23 = fmul <4 x float> %x23, %x24
  %y24 = fmul <4 x float> %x24, %x25
  %y25 = fmul <4 x float> %x25, %x26
  %y26 = fmul <4 x float> %x26, %x27
  %y27 = fmul <4 x float> %x27, %x28
  %y28 = fmul <4 x float> %x28, %x29
  %y29 = fmul <4 x float> %x29, %x30
  %y30 = fmul <4 x float> %x30, %x31
  %y31 = fmul <4 x float> %x31, %x32
  %y32 = fmul <4 x float> %x32, %x33
  %y33 = fmul <4 x float> %x33, %x34
  %y34 = fmul <4 x float> %x34, %x35
  %y35 = fmul <4 x float> %x35, %x36
  %y36 = fmul <4 x float> %x36, %x37
  %y37 = fmul <4 x float> %x37, %x38
  %y38 = fmul <4 x float> %x38, %x39
  %y39 = fmul <4 x float> %x39, %x0
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  store <4 x float> %y0, ptr addrspace(1) %q0
  store <4 x float> %y1, ptr addrspace(1) %q1
  store <4 x float> %y2, ptr addrspace(1) %q2
  store <4 x float> %y3, ptr addrspace(1) %q3
  store <4 x float> %y4, ptr addrspace(1) %q4
  store <4 x float> %y5, ptr addrspace(1) %q5
  store <4 x float> %y6, ptr addrspace(1) %q6
  store <4 x float> %y7, ptr addrspace(1) %q7
  store <4 x float> %y8, ptr addrspace(1) %q8
  store <4 x float> %y9, ptr addrspace(1) %q9
  store <4 x float> %y10, ptr addrspace(1) %q10
  store <4 x float> %y11, ptr addrspace(1) %q11
  store <4 x float> %y12, ptr addrspace(1) %q12
  store <4 x float> %y13, ptr addrspace(1) %q13
  store <4 x float> %y14, ptr addrspace(1) %q14
  store <4 x float> %y15, ptr addrspace(1) %q15
  store <4 x float> %y16, ptr addrspace(1) %q16
  store <4 x float> %y17, ptr addrspace(1) %q17
  store <4 x float> %y18, ptr addrspace(1) %q18
  store <4 x float> %y19, ptr addrspace(1) %q19
  store <4 x float> %y20, ptr addrspace(1) %q20
  store <4 x float> %y21, ptr addrspace(1) %q21
  store <4 x float> %y22, ptr addrspace(1) %q22
  store <4 x float> %y23, ptr addrspace(1) %q23
  store <4 x float> %y24, ptr addrspace(1) %q24
  store <4 x float> %y25, ptr addrspace(1) %q25
  store <4 x float> %y26, ptr addrspace(1) %q26
  store <4 x float> %y27, ptr addrspace(1) %q27
  store <4 x float> %y28, ptr addrspace(1) %q28
  store <4 x float> %y29, ptr addrspace(1) %q29
  store <4 x float> %y30, ptr addrspace(1) %q30
  store <4 x float> %y31, ptr addrspace(1) %q31
  store <4 x float> %y32, ptr addrspace(1) %q32
  store <4 x float> %y33, ptr addrspace(1) %q33
  store <4 x float> %y34, ptr addrspace(1) %q34
  store <4 x float> %y35, ptr addrspace(1) %q35
  store <4 x float> %y36, ptr addrspace(1) %q36
  store <4 x float> %y37, ptr addrspace(1) %q37
  store <4 x float> %y38, ptr addrspace(1) %q38
  store <4 x float> %y39, ptr addrspace(1) %q39
  ret void
}

define amdgpu_kernel void @capped90a(ptr addrspace(1) %p, i32 %n) #2 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %q0 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 0
  %a0 = load <4 x float>, ptr addrspace(1) %q0
  %q1 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 1
  %a1 = load <4 x float>, ptr addrspace(1) %q1
  %q2 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 2
  %a2 = load <4 x float>, ptr addrspace(1) %q2
  %q3 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 3
  %a3 = load <4 x float>, ptr addrspace(1) %q3
  %q4 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 4
  %a4 = load <4 x float>, ptr addrspace(1) %q4
  %q5 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 5
  %a5 = load <4 x float>, ptr addrspace(1) %q5
  %q6 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 6
  %a6 = load <4 x float>, ptr addrspace(1) %q6
  %q7 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 7
  %a7 = load <4 x float>, ptr addrspace(1) %q7
  %q8 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 8
  %a8 = load <4 x float>, ptr addrspace(1) %q8
  %q9 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 9
  %a9 = load <4 x float>, ptr addrspace(1) %q9
  %q10 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 10
  %a10 = load <4 x float>, ptr addrspace(1) %q10
  %q11 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 11
  %a11 = load <4 x float>, ptr addrspace(1) %q11
  %q12 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 12
  %a12 = load <4 x float>, ptr addrspace(1) %q12
  %q13 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 13
  %a13 = load <4 x float>, ptr addrspace(1) %q13
  %q14 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 14
  %a14 = load <4 x float>, ptr addrspace(1) %q14
  %q15 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 15
  %a15 = load <4 x float>, ptr addrspace(1) %q15
  %q16 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 16
  %a16 = load <4 x float>, ptr addrspace(1) %q16
  %q17 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 17
  %a17 = load <4 x float>, ptr addrspace(1) %q17
  %q18 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 18
  %a18 = load <4 x float>, ptr addrspace(1) %q18
  %q19 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 19
  %a19 = load <4 x float>, ptr addrspace(1) %q19
  %q20 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 20
  %a20 = load <4 x float>, ptr addrspace(1) %q20
  %q21 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 21
  %a21 = load <4 x float>, ptr addrspace(1) %q21
  %q22 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 22
  %a22 = load <4 x float>, ptr addrspace(1) %q22
  %q23 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 23
  %a23 = load <4 x float>, ptr addrspace(1) %q23
  %q24 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 24
  %a24 = load <4 x float>, ptr addrspace(1) %q24
  %q25 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 25
  %a25 = load <4 x float>, ptr addrspace(1) %q25
  %q26 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 26
  %a26 = load <4 x float>, ptr addrspace(1) %q26
  %q27 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 27
  %a27 = load <4 x float>, ptr addrspace(1) %q27
  %q28 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 28
  %a28 = load <4 x float>, ptr addrspace(1) %q28
  %q29 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 29
  %a29 = load <4 x float>, ptr addrspace(1) %q29
  %q30 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 30
  %a30 = load <4 x float>, ptr addrspace(1) %q30
  %q31 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 31
  %a31 = load <4 x float>, ptr addrspace(1) %q31
  %q32 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 32
  %a32 = load <4 x float>, ptr addrspace(1) %q32
  %q33 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 33
  %a33 = load <4 x float>, ptr addrspace(1) %q33
  %q34 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 34
  %a34 = load <4 x float>, ptr addrspace(1) %q34
  %q35 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 35
  %a35 = load <4 x float>, ptr addrspace(1) %q35
  %q36 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 36
  %a36 = load <4 x float>, ptr addrspace(1) %q36
  %q37 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 37
  %a37 = load <4 x float>, ptr addrspace(1) %q37
  %q38 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 38
  %a38 = load <4 x float>, ptr addrspace(1) %q38
  %q39 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 39
  %a39 = load <4 x float>, ptr addrspace(1) %q39
  br label %loop
loop:
  %i = phi i32 [0, %entry], [%i1, %loop]
  %x0 = phi <4 x float> [%a0, %entry], [%y0, %loop]
  %x1 = phi <4 x float> [%a1, %entry], [%y1, %loop]
  %x2 = phi <4 x float> [%a2, %entry], [%y2, %loop]
  %x3 = phi <4 x float> [%a3, %entry], [%y3, %loop]
  %x4 = phi <4 x float> [%a4, %entry], [%y4, %loop]
  %x5 = phi <4 x float> [%a5, %entry], [%y5, %loop]
  %x6 = phi <4 x float> [%a6, %entry], [%y6, %loop]
  %x7 = phi <4 x float> [%a7, %entry], [%y7, %loop]
  %x8 = phi <4 x float> [%a8, %entry], [%y8, %loop]
  %x9 = phi <4 x float> [%a9, %entry], [%y9, %loop]
  %x10 = phi <4 x float> [%a10, %entry], [%y10, %loop]
  %x11 = phi <4 x float> [%a11, %entry], [%y11, %loop]
  %x12 = phi <4 x float> [%a12, %entry], [%y12, %loop]
  %x13 = phi <4 x float> [%a13, %entry], [%y13, %loop]
  %x14 = phi <4 x float> [%a14, %entry], [%y14, %loop]
  %x15 = phi <4 x float> [%a15, %entry], [%y15, %loop]
  %x16 = phi <4 x float> [%a16, %entry], [%y16, %loop]
  %x17 = phi <4 x float> [%a17, %entry], [%y17, %loop]
  %x18 = phi <4 x float> [%a18, %entry], [%y18, %loop]
  %x19 = phi <4 x float> [%a19, %entry], [%y19, %loop]
  %x20 = phi <4 x float> [%a20, %entry], [%y20, %loop]
  %x21 = phi <4 x float> [%a21, %entry], [%y21, %loop]
  %x22 = phi <4 x float> [%a22, %entry], [%y22, %loop]
  %x23 = phi <4 x float> [%a23, %entry], [%y23, %loop]
  %x24 = phi <4 x float> [%a24, %entry], [%y24, %loop]
  %x25 = phi <4 x float> [%a25, %entry], [%y25, %loop]
  %x26 = phi <4 x float> [%a26, %entry], [%y26, %loop]
  %x27 = phi <4 x float> [%a27, %entry], [%y27, %loop]
  %x28 = phi <4 x float> [%a28, %entry], [%y28, %loop]
  %x29 = phi <4 x float> [%a29, %entry], [%y29, %loop]
  %x30 = phi <4 x float> [%a30, %entry], [%y30, %loop]
  %x31 = phi <4 x float> [%a31, %entry], [%y31, %loop]
  %x32 = phi <4 x float> [%a32, %entry], [%y32, %loop]
  %x33 = phi <4 x float> [%a33, %entry], [%y33, %loop]
  %x34 = phi <4 x float> [%a34, %entry], [%y34, %loop]
  %x35 = phi <4 x float> [%a35, %entry], [%y35, %loop]
  %x36 = phi <4 x float> [%a36, %entry], [%y36, %loop]
  %x37 = phi <4 x float> [%a37, %entry], [%y37, %loop]
  %x38 = phi <4 x float> [%a38, %entry], [%y38, %loop]
  %x39 = phi <4 x float> [%a39, %entry], [%y39, %loop]
  %y0 = fmul <4 x float> %x0, %x1
  %y1 = fmul <4 x float> %x1, %x2
  %y2 = fmul <4 x float> %x2, %x3
  %y3 = fmul <4 x float> %x3, %x4
  %y4 = fmul <4 x float> %x4, %x5
  %y5 = fmul <4 x float> %x5, %x6
  %y6 = fmul <4 x float> %x6, %x7
  %y7 = fmul <4 x float> %x7, %x8
  %y8 = fmul <4 x float> %x8, %x9
  %y9 = fmul <4 x float> %x9, %x10
  %y10 = fmul <4 x float> %x10, %x11
  %y11 = fmul <4 x float> %x11, %x12
  %y12 = fmul <4 x float> %x12, %x13
  %y13 = fmul <4 x float> %x13, %x14
  %y14 = fmul <4 x float> %x14, %x15
  %y15 = fmul <4 x float> %x15, %x16
  %y16 = fmul <4 x float> %x16, %x17
  %y17 = fmul <4 x float> %x17, %x18
  %y18 = fmul <4 x float> %x18, %x19
  %y19 = fmul <4 x float> %x19, %x20
  %y20 = fmul <4 x float> %x20, %x21
  %y21 = fmul <4 x float> %x21, %x22
  %y22 = fmul <4 x float> %x22, %x23
  %y23 = fmul <4 x float> %x23, %x24
  %y24 = fmul <4 x float> %x24, %x25
  %y25 = fmul <4 x float> %x25, %x26
  %y26 = fmul <4 x float> %x26, %x27
  %y27 = fmul <4 x float> %x27, %x28
  %y28 = fmul <4 x float> %x28, %x29
  %y29 = fmul <4 x float> %x29, %x30
  %y30 = fmul <4 x float> %x30, %x31
  %y31 = fmul <4 x float> %x31, %x32
  %y32 = fmul <4 x float> %x32, %x33
  %y33 = fmul <4 x float> %x33, %x34
  %y34 = fmul <4 x float> %x34, %x35
  %y35 = fmul <4 x float> %x35, %x36
  %y36 = fmul <4 x float> %x36, %x37
  %y37 = fmul <4 x float> %x37, %x38
  %y38 = fmul <4 x float> %x38, %x39
  %y39 = fmul <4 x float> %x39, %x0
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  store <4 x float> %y0, ptr addrspace(1) %q0
  store <4 x float> %y1, ptr addrspace(1) %q1
  store <4 x float> %y2, ptr addrspace(1) %q2
  store <4 x float> %y3, ptr addrspace(1) %q3
  store <4 x float> %y4, ptr addrspace(1) %q4
  store <4 x float> %y5, ptr addrspace(1) %q5
  store <4 x float> %y6, ptr addrspace(1) %q6
  store <4 x float> %y7, ptr addrspace(1) %q7
  store <4 x float> %y8, ptr addrspace(1) %q8
  store <4 x float> %y9, ptr addrspace(1) %q9
  store <4 x float> %y10, ptr addrspace(1) %q10
  store <4 x float> %y11, ptr addrspace(1) %q11
  store <4 x float> %y12, ptr addrspace(1) %q12
  store <4 x float> %y13, ptr addrspace(1) %q13
  store <4 x float> %y14, ptr addrspace(1) %q14
  store <4 x float> %y15, ptr addrspace(1) %q15
  store <4 x float> %y16, ptr addrspace(1) %q16
  store <4 x float> %y17, ptr addrspace(1) %q17
  store <4 x float> %y18, ptr addrspace(1) %q18
  store <4 x float> %y19, ptr addrspace(1) %q19
  store <4 x float> %y20, ptr addrspace(1) %q20
  store <4 x float> %y21, ptr addrspace(1) %q21
  store <4 x float> %y22, ptr addrspace(1) %q22
  store <4 x float> %y23, ptr addrspace(1) %q23
  store <4 x float> %y24, ptr addrspace(1) %q24
  store <4 x float> %y25, ptr addrspace(1) %q25
  store <4 x float> %y26, ptr addrspace(1) %q26
  store <4 x float> %y27, ptr addrspace(1) %q27
  store <4 x float> %y28, ptr addrspace(1) %q28
  store <4 x float> %y29, ptr addrspace(1) %q29
  store <4 x float> %y30, ptr addrspace(1) %q30
  store <4 x float> %y31, ptr addrspace(1) %q31
  store <4 x float> %y32, ptr addrspace(1) %q32
  store <4 x float> %y33, ptr addrspace(1) %q33
  store <4 x float> %y34, ptr addrspace(1) %q34
  store <4 x float> %y35, ptr addrspace(1) %q35
  store <4 x float> %y36, ptr addrspace(1) %q36
  store <4 x float> %y37, ptr addrspace(1) %q37
  store <4 x float> %y38, ptr addrspace(1) %q38
  store <4 x float> %y39, ptr addrspace(1) %q39
  ret void
}

define amdgpu_kernel void @free90a(ptr addrspace(1) %p, i32 %n) #3 {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %q0 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 0
  %a0 = load <4 x float>, ptr addrspace(1) %q0
  %q1 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 1
  %a1 = load <4 x float>, ptr addrspace(1) %q1
  %q2 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 2
  %a2 = load <4 x float>, ptr addrspace(1) %q2
  %q3 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 3
  %a3 = load <4 x float>, ptr addrspace(1) %q3
  %q4 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 4
  %a4 = load <4 x float>, ptr addrspace(1) %q4
  %q5 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 5
  %a5 = load <4 x float>, ptr addrspace(1) %q5
  %q6 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 6
  %a6 = load <4 x float>, ptr addrspace(1) %q6
  %q7 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 7
  %a7 = load <4 x float>, ptr addrspace(1) %q7
  %q8 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 8
  %a8 = load <4 x float>, ptr addrspace(1) %q8
  %q9 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 9
  %a9 = load <4 x float>, ptr addrspace(1) %q9
  %q10 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 10
  %a10 = load <4 x float>, ptr addrspace(1) %q10
  %q11 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 11
  %a11 = load <4 x float>, ptr addrspace(1) %q11
  %q12 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 12
  %a12 = load <4 x float>, ptr addrspace(1) %q12
  %q13 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 13
  %a13 = load <4 x float>, ptr addrspace(1) %q13
  %q14 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 14
  %a14 = load <4 x float>, ptr addrspace(1) %q14
  %q15 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 15
  %a15 = load <4 x float>, ptr addrspace(1) %q15
  %q16 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 16
  %a16 = load <4 x float>, ptr addrspace(1) %q16
  %q17 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 17
  %a17 = load <4 x float>, ptr addrspace(1) %q17
  %q18 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 18
  %a18 = load <4 x float>, ptr addrspace(1) %q18
  %q19 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 19
  %a19 = load <4 x float>, ptr addrspace(1) %q19
  %q20 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 20
  %a20 = load <4 x float>, ptr addrspace(1) %q20
  %q21 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 21
  %a21 = load <4 x float>, ptr addrspace(1) %q21
  %q22 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 22
  %a22 = load <4 x float>, ptr addrspace(1) %q22
  %q23 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 23
  %a23 = load <4 x float>, ptr addrspace(1) %q23
  %q24 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 24
  %a24 = load <4 x float>, ptr addrspace(1) %q24
  %q25 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 25
  %a25 = load <4 x float>, ptr addrspace(1) %q25
  %q26 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 26
  %a26 = load <4 x float>, ptr addrspace(1) %q26
  %q27 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 27
  %a27 = load <4 x float>, ptr addrspace(1) %q27
  %q28 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 28
  %a28 = load <4 x float>, ptr addrspace(1) %q28
  %q29 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 29
  %a29 = load <4 x float>, ptr addrspace(1) %q29
  %q30 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 30
  %a30 = load <4 x float>, ptr addrspace(1) %q30
  %q31 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 31
  %a31 = load <4 x float>, ptr addrspace(1) %q31
  %q32 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 32
  %a32 = load <4 x float>, ptr addrspace(1) %q32
  %q33 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 33
  %a33 = load <4 x float>, ptr addrspace(1) %q33
  %q34 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 34
  %a34 = load <4 x float>, ptr addrspace(1) %q34
  %q35 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 35
  %a35 = load <4 x float>, ptr addrspace(1) %q35
  %q36 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 36
  %a36 = load <4 x float>, ptr addrspace(1) %q36
  %q37 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 37
  %a37 = load <4 x float>, ptr addrspace(1) %q37
  %q38 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 38
  %a38 = load <4 x float>, ptr addrspace(1) %q38
  %q39 = getelementptr <4 x float>, ptr addrspace(1) %p, i32 %tid, i32 39
  %a39 = load <4 x float>, ptr addrspace(1) %q39
  br label %loop
loop:
  %i = phi i32 [0, %entry], [%i1, %loop]
  %x0 = phi <4 x float> [%a0, %entry], [%y0, %loop]
  %x1 = phi <4 x float> [%a1, %entry], [%y1, %loop]
  %x2 = phi <4 x float> [%a2, %entry], [%y2, %loop]
  %x3 = phi <4 x float> [%a3, %entry], [%y3, %loop]
  %x4 = phi <4 x float> [%a4, %entry], [%y4, %loop]
  %x5 = phi <4 x float> [%a5, %entry], [%y5, %loop]
  %x6 = phi <4 x float> [%a6, %entry], [%y6, %loop]
  %x7 = phi <4 x float> [%a7, %entry], [%y7, %loop]
  %x8 = phi <4 x float> [%a8, %entry], [%y8, %loop]
  %x9 = phi <4 x float> [%a9, %entry], [%y9, %loop]
  %x10 = phi <4 x float> [%a10, %entry], [%y10, %loop]
  %x11 = phi <4 x float> [%a11, %entry], [%y11, %loop]
  %x12 = phi <4 x float> [%a12, %entry], [%y12, %loop]
  %x13 = phi <4 x float> [%a13, %entry], [%y13, %loop]
  %x14 = phi <4 x float> [%a14, %entry], [%y14, %loop]
  %x15 = phi <4 x float> [%a15, %entry], [%y15, %loop]
  %x16 = phi <4 x float> [%a16, %entry], [%y16, %loop]
  %x17 = phi <4 x float> [%a17, %entry], [%y17, %loop]
  %x18 = phi <4 x float> [%a18, %entry], [%y18, %loop]
  %x19 = phi <4 x float> [%a19, %entry], [%y19, %loop]
  %x20 = phi <4 x float> [%a20, %entry], [%y20, %loop]
  %x21 = phi <4 x float> [%a21, %entry], [%y21, %loop]
  %x22 = phi <4 x float> [%a22, %entry], [%y22, %loop]
  %x23 = phi <4 x float> [%a23, %entry], [%y23, %loop]
  %x24 = phi <4 x float> [%a24, %entry], [%y24, %loop]
  %x25 = phi <4 x float> [%a25, %entry], [%y25, %loop]
  %x26 = phi <4 x float> [%a26, %entry], [%y26, %loop]
  %x27 = phi <4 x float> [%a27, %entry], [%y27, %loop]
  %x28 = phi <4 x float> [%a28, %entry], [%y28, %loop]
  %x29 = phi <4 x float> [%a29, %entry], [%y29, %loop]
  %x30 = phi <4 x float> [%a30, %entry], [%y30, %loop]
  %x31 = phi <4 x float> [%a31, %entry], [%y31, %loop]
  %x32 = phi <4 x float> [%a32, %entry], [%y32, %loop]
  %x33 = phi <4 x float> [%a33, %entry], [%y33, %loop]
  %x34 = phi <4 x float> [%a34, %entry], [%y34, %loop]
  %x35 = phi <4 x float> [%a35, %entry], [%y35, %loop]
  %x36 = phi <4 x float> [%a36, %entry], [%y36, %loop]
  %x37 = phi <4 x float> [%a37, %entry], [%y37, %loop]
  %x38 = phi <4 x float> [%a38, %entry], [%y38, %loop]
  %x39 = phi <4 x float> [%a39, %entry], [%y39, %loop]
  %y0 = fmul <4 x float> %x0, %x1
  %y1 = fmul <4 x float> %x1, %x2
  %y2 = fmul <4 x float> %x2, %x3
  %y3 = fmul <4 x float> %x3, %x4
  %y4 = fmul <4 x float> %x4, %x5
  %y5 = fmul <4 x float> %x5, %x6
  %y6 = fmul <4 x float> %x6, %x7
  %y7 = fmul <4 x float> %x7, %x8
  %y8 = fmul <4 x float> %x8, %x9
  %y9 = fmul <4 x float> %x9, %x10
  %y10 = fmul <4 x float> %x10, %x11
  %y11 = fmul <4 x float> %x11, %x12
  %y12 = fmul <4 x float> %x12, %x13
  %y13 = fmul <4 x float> %x13, %x14
  %y14 = fmul <4 x float> %x14, %x15
  %y15 = fmul <4 x float> %x15, %x16
  %y16 = fmul <4 x float> %x16, %x17
  %y17 = fmul <4 x float> %x17, %x18
  %y18 = fmul <4 x float> %x18, %x19
  %y19 = fmul <4 x float> %x19, %x20
  %y20 = fmul <4 x float> %x20, %x21
  %y21 = fmul <4 x float> %x21, %x22
  %y22 = fmul <4 x float> %x22, %x23
  %y23 = fmul <4 x float> %x23, %x24
  %y24 = fmul <4 x float> %x24, %x25
  %y25 = fmul <4 x float> %x25, %x26
  %y26 = fmul <4 x float> %x26, %x27
  %y27 = fmul <4 x float> %x27, %x28
  %y28 = fmul <4 x float> %x28, %x29
  %y29 = fmul <4 x float> %x29, %x30
  %y30 = fmul <4 x float> %x30, %x31
  %y31 = fmul <4 x float> %x31, %x32
  %y32 = fmul <4 x float> %x32, %x33
  %y33 = fmul <4 x float> %x33, %x34
  %y34 = fmul <4 x float> %x34, %x35
  %y35 = fmul <4 x float> %x35, %x36
  %y36 = fmul <4 x float> %x36, %x37
  %y37 = fmul <4 x float> %x37, %x38
  %y38 = fmul <4 x float> %x38, %x39
  %y39 = fmul <4 x float> %x39, %x0
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  store <4 x float> %y0, ptr addrspace(1) %q0
  store <4 x float> %y1, ptr addrspace(1) %q1
  store <4 x float> %y2, ptr addrspace(1) %q2
  store <4 x float> %y3, ptr addrspace(1) %q3
  store <4 x float> %y4, ptr addrspace(1) %q4
  store <4 x float> %y5, ptr addrspace(1) %q5
  store <4 x float> %y6, ptr addrspace(1) %q6
  store <4 x float> %y7, ptr addrspace(1) %q7
  store <4 x float> %y8, ptr addrspace(1) %q8
  store <4 x float> %y9, ptr addrspace(1) %q9
  store <4 x float> %y10, ptr addrspace(1) %q10
  store <4 x float> %y11, ptr addrspace(1) %q11
  store <4 x float> %y12, ptr addrspace(1) %q12
  store <4 x float> %y13, ptr addrspace(1) %q13
  store <4 x float> %y14, ptr addrspace(1) %q14
  store <4 x float> %y15, ptr addrspace(1) %q15
  store <4 x float> %y16, ptr addrspace(1) %q16
  store <4 x float> %y17, ptr addrspace(1) %q17
  store <4 x float> %y18, ptr addrspace(1) %q18
  store <4 x float> %y19, ptr addrspace(1) %q19
  store <4 x float> %y20, ptr addrspace(1) %q20
  store <4 x float> %y21, ptr addrspace(1) %q21
  store <4 x float> %y22, ptr addrspace(1) %q22
  store <4 x float> %y23, ptr addrspace(1) %q23
  store <4 x float> %y24, ptr addrspace(1) %q24
  store <4 x float> %y25, ptr addrspace(1) %q25
  store <4 x float> %y26, ptr addrspace(1) %q26
  store <4 x float> %y27, ptr addrspace(1) %q27
  store <4 x float> %y28, ptr addrspace(1) %q28
  store <4 x float> %y29, ptr addrspace(1) %q29
  store <4 x float> %y30, ptr addrspace(1) %q30
  store <4 x float> %y31, ptr addrspace(1) %q31
  store <4 x float> %y32, ptr addrspace(1) %q32
  store <4 x float> %y33, ptr addrspace(1) %q33
  store <4 x float> %y34, ptr addrspace(1) %q34
  store <4 x float> %y35, ptr addrspace(1) %q35
  store <4 x float> %y36, ptr addrspace(1) %q36
  store <4 x float> %y37, ptr addrspace(1) %q37
  store <4 x float> %y38, ptr addrspace(1) %q38
  store <4 x float> %y39, ptr addrspace(1) %q39
  ret void
}

define amdgpu_kernel void @sgpr16(ptr addrspace(4) %p, ptr addrspace(1) %out, i32 %n) #4 {
entry:
  %g0 = getelementptr i32, ptr addrspace(4) %p, i32 0
  %u0 = load i32, ptr addrspace(4) %g0
  %g1 = getelementptr i32, ptr addrspace(4) %p, i32 7
  %u1 = load i32, ptr addrspace(4) %g1
  %g2 = getelementptr i32, ptr addrspace(4) %p, i32 14
  %u2 = load i32, ptr addrspace(4) %g2
  %g3 = getelementptr i32, ptr addrspace(4) %p, i32 21
  %u3 = load i32, ptr addrspace(4) %g3
  %g4 = getelementptr i32, ptr addrspace(4) %p, i32 28
  %u4 = load i32, ptr addrspace(4) %g4
  %g5 = getelementptr i32, ptr addrspace(4) %p, i32 35
  %u5 = load i32, ptr addrspace(4) %g5
  %g6 = getelementptr i32, ptr addrspace(4) %p, i32 42
  %u6 = load i32, ptr addrspace(4) %g6
  %g7 = getelementptr i32, ptr addrspace(4) %p, i32 49
  %u7 = load i32, ptr addrspace(4) %g7
  %g8 = getelementptr i32, ptr addrspace(4) %p, i32 56
  %u8 = load i32, ptr addrspace(4) %g8
  %g9 = getelementptr i32, ptr addrspace(4) %p, i32 63
  %u9 = load i32, ptr addrspace(4) %g9
  %g10 = getelementptr i32, ptr addrspace(4) %p, i32 70
  %u10 = load i32, ptr addrspace(4) %g10
  %g11 = getelementptr i32, ptr addrspace(4) %p, i32 77
  %u11 = load i32, ptr addrspace(4) %g11
  %g12 = getelementptr i32, ptr addrspace(4) %p, i32 84
  %u12 = load i32, ptr addrspace(4) %g12
  %g13 = getelementptr i32, ptr addrspace(4) %p, i32 91
  %u13 = load i32, ptr addrspace(4) %g13
  %g14 = getelementptr i32, ptr addrspace(4) %p, i32 98
  %u14 = load i32, ptr addrspace(4) %g14
  %g15 = getelementptr i32, ptr addrspace(4) %p, i32 105
  %u15 = load i32, ptr addrspace(4) %g15
  %g16 = getelementptr i32, ptr addrspace(4) %p, i32 112
  %u16 = load i32, ptr addrspace(4) %g16
  %g17 = getelementptr i32, ptr addrspace(4) %p, i32 119
  %u17 = load i32, ptr addrspace(4) %g17
  %g18 = getelementptr i32, ptr addrspace(4) %p, i32 126
  %u18 = load i32, ptr addrspace(4) %g18
  %g19 = getelementptr i32, ptr addrspace(4) %p, i32 133
  %u19 = load i32, ptr addrspace(4) %g19
  br label %loop
loop:
  %i = phi i32 [0, %entry], [%i1, %loop]
  %acc0 = phi i32 [0, %entry], [%accN, %loop]
  %m0 = mul i32 %u0, %i
  %x0 = xor i32 %acc0, %m0
  %m1 = mul i32 %u1, %i
  %x1 = xor i32 %x0, %m1
  %m2 = mul i32 %u2, %i
  %x2 = xor i32 %x1, %m2
  %m3 = mul i32 %u3, %i
  %x3 = xor i32 %x2, %m3
  %m4 = mul i32 %u4, %i
  %x4 = xor i32 %x3, %m4
  %m5 = mul i32 %u5, %i
  %x5 = xor i32 %x4, %m5
  %m6 = mul i32 %u6, %i
  %x6 = xor i32 %x5, %m6
  %m7 = mul i32 %u7, %i
  %x7 = xor i32 %x6, %m7
  %m8 = mul i32 %u8, %i
  %x8 = xor i32 %x7, %m8
  %m9 = mul i32 %u9, %i
  %x9 = xor i32 %x8, %m9
  %m10 = mul i32 %u10, %i
  %x10 = xor i32 %x9, %m10
  %m11 = mul i32 %u11, %i
  %x11 = xor i32 %x10, %m11
  %m12 = mul i32 %u12, %i
  %x12 = xor i32 %x11, %m12
  %m13 = mul i32 %u13, %i
  %x13 = xor i32 %x12, %m13
  %m14 = mul i32 %u14, %i
  %x14 = xor i32 %x13, %m14
  %m15 = mul i32 %u15, %i
  %x15 = xor i32 %x14, %m15
  %m16 = mul i32 %u16, %i
  %x16 = xor i32 %x15, %m16
  %m17 = mul i32 %u17, %i
  %x17 = xor i32 %x16, %m17
  %m18 = mul i32 %u18, %i
  %x18 = xor i32 %x17, %m18
  %m19 = mul i32 %u19, %i
  %x19 = xor i32 %x18, %m19
  %accN = add i32 %x19, 1
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  store i32 %accN, ptr addrspace(1) %out
  ret void
}
define amdgpu_kernel void @malformed(ptr addrspace(1) %p) #5 {
  store float 1.0, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @over(ptr addrspace(1) %p) #6 {
  store float 1.0, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="gfx900" "amdgpu-flat-work-group-size"="1,256" "amdgpu-num-vgpr"="64" }
attributes #1 = { "target-cpu"="gfx900" "amdgpu-flat-work-group-size"="1,256" }
attributes #2 = { "target-cpu"="gfx90a" "amdgpu-flat-work-group-size"="1,256" "amdgpu-num-vgpr"="64" }
attributes #3 = { "target-cpu"="gfx90a" "amdgpu-flat-work-group-size"="1,256" }
attributes #4 = { "target-cpu"="gfx900" "amdgpu-flat-work-group-size"="1,256" "amdgpu-num-sgpr"="16" }
attributes #5 = { "target-cpu"="gfx900" "amdgpu-flat-work-group-size"="1,256" "amdgpu-num-vgpr"="6x4" }
attributes #6 = { "target-cpu"="gfx900" "amdgpu-flat-work-group-size"="1,256" "amdgpu-num-vgpr"="300" }
