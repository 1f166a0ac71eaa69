; Every kernel gets the same checks (issue 48, point 3), each against what llc does with the kernel:
; - an estimated SGPR overflow warns as a VGPR one does (gfx900, where SGPRs bound the waves): 80 uniform
;   values live in a loop are over the 80 SGPRs of 10 waves/SIMD, and llc spills SGPRs there; 20 are not,
;   and llc spills none;
; - a kernel whose own "amdgpu-waves-per-eu" equals the request is spill-checked at its own W, as its
;   twin, which asks the pass for 4 itself, is (160 floats live in a loop, 40 <4 x float>, at 4 waves/SIMD on gfx900: 64 VGPRs);
; (llc -o /dev/null: llc-15 crashes printing the remark with -filetype=null.)
; - target= naming an NVIDIA GPU on AMDGPU IR names target=, not a "target-cpu" the kernel lacks.
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=10>' -S %s -o %t10.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=TEN,TEN%llvm-major
; (LLVM 22 gives the kernel flat scratch init, as it does every kernel without "amdgpu-no-flat-scratch-init".)
; TEN15: warning: amdgpu-occupancy-budget: kernel 'uniform80' (gfx900): estimated peak of about {{[0-9]+}} SGPRs (the 4 LLVM reserves included) exceeds the 64 LLVM allocates for 10 waves/SIMD
; TEN19: warning: amdgpu-occupancy-budget: kernel 'uniform80' (gfx900): estimated peak of about {{[0-9]+}} SGPRs (the 4 LLVM reserves included) exceeds the 64 LLVM allocates for 10 waves/SIMD
; TEN22: warning: amdgpu-occupancy-budget: kernel 'uniform80' (gfx900): estimated peak of about {{[0-9]+}} SGPRs (the 6 LLVM reserves included) exceeds the 64 LLVM allocates for 10 waves/SIMD
; TEN-NOT: kernel 'uniform20'
; RUN: llc -mtriple=amdgcn-amd-amdhsa -pass-remarks-analysis=kernel-resource-usage -o /dev/null %t10.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LLC10
; LLC10-LABEL: Function Name: uniform80
; LLC10: SGPRs Spill: {{[1-9][0-9]*}}
; LLC10-LABEL: Function Name: uniform20
; LLC10: SGPRs Spill: 0
; On amdpal LLVM has no trap handler by default: its allocator gets 80 SGPRs at 10 waves/SIMD, not 64, and
; the check compares with that (llc spills there too).
; RUN: sed 's/^target triple = .*/target triple = "amdgcn-amd-amdpal"/' %s \
; RUN:   | opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=10>' -S -o %t10pal.ll 2>&1 | FileCheck %s --check-prefix=PAL10
; PAL10: warning: amdgpu-occupancy-budget: kernel 'uniform80' (gfx900): estimated peak of about {{[0-9]+}} SGPRs (the 4 LLVM reserves included) exceeds the 80 LLVM allocates for 10 waves/SIMD
; RUN: llc -mtriple=amdgcn-amd-amdpal -pass-remarks-analysis=kernel-resource-usage -o /dev/null %t10pal.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LLC10
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -S %s -o %t4.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=FOUR
; FOUR-DAG: warning: amdgpu-occupancy-budget: kernel 'own4' (gfx900): estimated peak pressure of about {{[0-9]+}} VGPRs exceeds the budget of 64 for 4 waves/SIMD
; FOUR-DAG: warning: amdgpu-occupancy-budget: kernel 'twin' (gfx900): estimated peak pressure of about {{[0-9]+}} VGPRs exceeds the budget of 64 for 4 waves/SIMD
; RUN: llc -mtriple=amdgcn-amd-amdhsa -pass-remarks-analysis=kernel-resource-usage -o /dev/null %t4.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LLC4
; LLC4-LABEL: Function Name: own4
; LLC4: VGPRs Spill: {{[1-9][0-9]*}}
; LLC4-LABEL: Function Name: twin
; LLC4: VGPRs Spill: {{[1-9][0-9]*}}
; LDS given at launch (dynamic-shared-mem=) leaves LLVM's decisions on the static LDS, and says where the
; launch keeps the kernel below W (gfx900: 40,000 bytes let one 4-wave workgroup in per CU, 1 wave/SIMD).
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;dynamic-shared-mem=40000>' -S %s -o %t-dyn.ll 2>&1 | FileCheck %s --check-prefix=DYN
; DYN: warning: amdgpu-occupancy-budget: kernel 'uniform20' (gfx900): 40000 bytes of LDS at launch (dynamic-shared-mem) make 40000 per workgroup: 1 waves/SIMD at most, below the 4 set (LLVM decides with the static LDS alone)
; RUN: FileCheck %s --check-prefix=DYNSET < %t-dyn.ll
; DYNSET: "amdgpu-waves-per-eu"="4"
; RUN: sed 's/"target-cpu"="gfx900" //' %s > %t-nocpu.ll
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4;target=H100>' -disable-output \
; RUN:   %t-nocpu.ll 2>&1 | FileCheck %s --check-prefix=NV
; NV: warning: amdgpu-occupancy-budget: kernel 'own4': target="H100" names an NVIDIA GPU, and this is an AMDGPU kernel (amdgpu_kernel, amdgcn): give an AMD processor (target=gfx942, or a product name such as MI300X); kernel left untouched
; NV-NOT: target-cpu

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @uniform80(ptr addrspace(4) %p, ptr addrspace(1) %out, i32 %n) #0 {
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
  %g20 = getelementptr i32, ptr addrspace(4) %p, i32 140
  %u20 = load i32, ptr addrspace(4) %g20
  %g21 = getelementptr i32, ptr addrspace(4) %p, i32 147
  %u21 = load i32, ptr addrspace(4) %g21
  %g22 = getelementptr i32, ptr addrspace(4) %p, i32 154
  %u22 = load i32, ptr addrspace(4) %g22
  %g23 = getelementptr i32, ptr addrspace(4) %p, i32 161
  %u23 = load i32, ptr addrspace(4) %g23
  %g24 = getelementptr i32, ptr addrspace(4) %p, i32 168
  %u24 = load i32, ptr addrspace(4) %g24
  %g25 = getelementptr i32, ptr addrspace(4) %p, i32 175
  %u25 = load i32, ptr addrspace(4) %g25
  %g26 = getelementptr i32, ptr addrspace(4) %p, i32 182
  %u26 = load i32, ptr addrspace(4) %g26
  %g27 = getelementptr i32, ptr addrspace(4) %p, i32 189
  %u27 = load i32, ptr addrspace(4) %g27
  %g28 = getelementptr i32, ptr addrspace(4) %p, i32 196
  %u28 = load i32, ptr addrspace(4) %g28
  %g29 = getelementptr i32, ptr addrspace(4) %p, i32 203
  %u29 = load i32, ptr addrspace(4) %g29
  %g30 = getelementptr i32, ptr addrspace(4) %p, i32 210
  %u30 = load i32, ptr addrspace(4) %g30
  %g31 = getelementptr i32, ptr addrspace(4) %p, i32 217
  %u31 = load i32, ptr addrspace(4) %g31
  %g32 = getelementptr i32, ptr addrspace(4) %p, i32 224
  %u32 = load i32, ptr addrspace(4) %g32
  %g33 = getelementptr i32, ptr addrspace(4) %p, i32 231
  %u33 = load i32, ptr addrspace(4) %g33
  %g34 = getelementptr i32, ptr addrspace(4) %p, i32 238
  %u34 = load i32, ptr addrspace(4) %g34
  %g35 = getelementptr i32, ptr addrspace(4) %p, i32 245
  %u35 = load i32, ptr addrspace(4) %g35
  %g36 = getelementptr i32, ptr addrspace(4) %p, i32 252
  %u36 = load i32, ptr addrspace(4) %g36
  %g37 = getelementptr i32, ptr addrspace(4) %p, i32 259
  %u37 = load i32, ptr addrspace(4) %g37
  %g38 = getelementptr i32, ptr addrspace(4) %p, i32 266
  %u38 = load i32, ptr addrspace(4) %g38
  %g39 = getelementptr i32, ptr addrspace(4) %p, i32 273
  %u39 = load i32, ptr addrspace(4) %g39
  %g40 = getelementptr i32, ptr addrspace(4) %p, i32 280
  %u40 = load i32, ptr addrspace(4) %g40
  %g41 = getelementptr i32, ptr addrspace(4) %p, i32 287
  %u41 = load i32, ptr addrspace(4) %g41
  %g42 = getelementptr i32, ptr addrspace(4) %p, i32 294
  %u42 = load i32, ptr addrspace(4) %g42
  %g43 = getelementptr i32, ptr addrspace(4) %p, i32 301
  %u43 = load i32, ptr addrspace(4) %g43
  %g44 = getelementptr i32, ptr addrspace(4) %p, i32 308
  %u44 = load i32, ptr addrspace(4) %g44
  %g45 = getelementptr i32, ptr addrspace(4) %p, i32 315
  %u45 = load i32, ptr addrspace(4) %g45
  %g46 = getelementptr i32, ptr addrspace(4) %p, i32 322
  %u46 = load i32, ptr addrspace(4) %g46
  %g47 = getelementptr i32, ptr addrspace(4) %p, i32 329
  %u47 = load i32, ptr addrspace(4) %g47
  %g48 = getelementptr i32, ptr addrspace(4) %p, i32 336
  %u48 = load i32, ptr addrspace(4) %g48
  %g49 = getelementptr i32, ptr addrspace(4) %p, i32 343
  %u49 = load i32, ptr addrspace(4) %g49
  %g50 = getelementptr i32, ptr addrspace(4) %p, i32 350
  %u50 = load i32, ptr addrspace(4) %g50
  %g51 = getelementptr i32, ptr addrspace(4) %p, i32 357
  %u51 = load i32, ptr addrspace(4) %g51
  %g52 = getelementptr i32, ptr addrspace(4) %p, i32 364
  %u52 = load i32, ptr addrspace(4) %g52
  %g53 = getelementptr i32, ptr addrspace(4) %p, i32 371
  %u53 = load i32, ptr addrspace(4) %g53
  %g54 = getelementptr i32, ptr addrspace(4) %p, i32 378
  %u54 = load i32, ptr addrspace(4) %g54
  %g55 = getelementptr i32, ptr addrspace(4) %p, i32 385
  %u55 = load i32, ptr addrspace(4) %g55
  %g56 = getelementptr i32, ptr addrspace(4) %p, i32 392
  %u56 = load i32, ptr addrspace(4) %g56
  %g57 = getelementptr i32, ptr addrspace(4) %p, i32 399
  %u57 = load i32, ptr addrspace(4) %g57
  %g58 = getelementptr i32, ptr addrspace(4) %p, i32 406
  %u58 = load i32, ptr addrspace(4) %g58
  %g59 = getelementptr i32, ptr addrspace(4) %p, i32 413
  %u59 = load i32, ptr addrspace(4) %g59
  %g60 = getelementptr i32, ptr addrspace(4) %p, i32 420
  %u60 = load i32, ptr addrspace(4) %g60
  %g61 = getelementptr i32, ptr addrspace(4) %p, i32 427
  %u61 = load i32, ptr addrspace(4) %g61
  %g62 = getelementptr i32, ptr addrspace(4) %p, i32 434
  %u62 = load i32, ptr addrspace(4) %g62
  %g63 = getelementptr i32, ptr addrspace(4) %p, i32 441
  %u63 = load i32, ptr addrspace(4) %g63
  %g64 = getelementptr i32, ptr addrspace(4) %p, i32 448
  %u64 = load i32, ptr addrspace(4) %g64
  %g65 = getelementptr i32, ptr addrspace(4) %p, i32 455
  %u65 = load i32, ptr addrspace(4) %g65
  %g66 = getelementptr i32, ptr addrspace(4) %p, i32 462
  %u66 = load i32, ptr addrspace(4) %g66
  %g67 = getelementptr i32, ptr addrspace(4) %p, i32 469
  %u67 = load i32, ptr addrspace(4) %g67
  %g68 = getelementptr i32, ptr addrspace(4) %p, i32 476
  %u68 = load i32, ptr addrspace(4) %g68
  %g69 = getelementptr i32, ptr addrspace(4) %p, i32 483
  %u69 = load i32, ptr addrspace(4) %g69
  %g70 = getelementptr i32, ptr addrspace(4) %p, i32 490
  %u70 = load i32, ptr addrspace(4) %g70
  %g71 = getelementptr i32, ptr addrspace(4) %p, i32 497
  %u71 = load i32, ptr addrspace(4) %g71
  %g72 = getelementptr i32, ptr addrspace(4) %p, i32 504
  %u72 = load i32, ptr addrspace(4) %g72
  %g73 = getelementptr i32, ptr addrspace(4) %p, i32 511
  %u73 = load i32, ptr addrspace(4) %g73
  %g74 = getelementptr i32, ptr addrspace(4) %p, i32 518
  %u74 = load i32, ptr addrspace(4) %g74
  %g75 = getelementptr i32, ptr addrspace(4) %p, i32 525
  %u75 = load i32, ptr addrspace(4) %g75
  %g76 = getelementptr i32, ptr addrspace(4) %p, i32 532
  %u76 = load i32, ptr addrspace(4) %g76
  %g77 = getelementptr i32, ptr addrspace(4) %p, i32 539
  %u77 = load i32, ptr addrspace(4) %g77
  %g78 = getelementptr i32, ptr addrspace(4) %p, i32 546
  %u78 = load i32, ptr addrspace(4) %g78
  %g79 = getelementptr i32, ptr addrspace(4) %p, i32 553
  %u79 = load i32, ptr addrspace(4) %g79
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
  %m20 = mul i32 %u20, %i
  %x20 = xor i32 %x19, %m20
  %m21 = mul i32 %u21, %i
  %x21 = xor i32 %x20, %m21
  %m22 = mul i32 %u22, %i
  %x22 = xor i32 %x21, %m22
  %m23 = mul i32 %u23, %i
  %x23 = xor i32 %x22, %m23
  %m24 = mul i32 %u24, %i
  %x24 = xor i32 %x23, %m24
  %m25 = mul i32 %u25, %i
  %x25 = xor i32 %x24, %m25
  %m26 = mul i32 %u26, %i
  %x26 = xor i32 %x25, %m26
  %m27 = mul i32 %u27, %i
  %x27 = xor i32 %x26, %m27
  %m28 = mul i32 %u28, %i
  %x28 = xor i32 %x27, %m28
  %m29 = mul i32 %u29, %i
  %x29 = xor i32 %x28, %m29
  %m30 = mul i32 %u30, %i
  %x30 = xor i32 %x29, %m30
  %m31 = mul i32 %u31, %i
  %x31 = xor i32 %x30, %m31
  %m32 = mul i32 %u32, %i
  %x32 = xor i32 %x31, %m32
  %m33 = mul i32 %u33, %i
  %x33 = xor i32 %x32, %m33
  %m34 = mul i32 %u34, %i
  %x34 = xor i32 %x33, %m34
  %m35 = mul i32 %u35, %i
  %x35 = xor i32 %x34, %m35
  %m36 = mul i32 %u36, %i
  %x36 = xor i32 %x35, %m36
  %m37 = mul i32 %u37, %i
  %x37 = xor i32 %x36, %m37
  %m38 = mul i32 %u38, %i
  %x38 = xor i32 %x37, %m38
  %m39 = mul i32 %u39, %i
  %x39 = xor i32 %x38, %m39
  %m40 = mul i32 %u40, %i
  %x40 = xor i32 %x39, %m40
  %m41 = mul i32 %u41, %i
  %x41 = xor i32 %x40, %m41
  %m42 = mul i32 %u42, %i
  %x42 = xor i32 %x41, %m42
  %m43 = mul i32 %u43, %i
  %x43 = xor i32 %x42, %m43
  %m44 = mul i32 %u44, %i
  %x44 = xor i32 %x43, %m44
  %m45 = mul i32 %u45, %i
  %x45 = xor i32 %x44, %m45
  %m46 = mul i32 %u46, %i
  %x46 = xor i32 %x45, %m46
  %m47 = mul i32 %u47, %i
  %x47 = xor i32 %x46, %m47
  %m48 = mul i32 %u48, %i
  %x48 = xor i32 %x47, %m48
  %m49 = mul i32 %u49, %i
  %x49 = xor i32 %x48, %m49
  %m50 = mul i32 %u50, %i
  %x50 = xor i32 %x49, %m50
  %m51 = mul i32 %u51, %i
  %x51 = xor i32 %x50, %m51
  %m52 = mul i32 %u52, %i
  %x52 = xor i32 %x51, %m52
  %m53 = mul i32 %u53, %i
  %x53 = xor i32 %x52, %m53
  %m54 = mul i32 %u54, %i
  %x54 = xor i32 %x53, %m54
  %m55 = mul i32 %u55, %i
  %x55 = xor i32 %x54, %m55
  %m56 = mul i32 %u56, %i
  %x56 = xor i32 %x55, %m56
  %m57 = mul i32 %u57, %i
  %x57 = xor i32 %x56, %m57
  %m58 = mul i32 %u58, %i
  %x58 = xor i32 %x57, %m58
  %m59 = mul i32 %u59, %i
  %x59 = xor i32 %x58, %m59
  %m60 = mul i32 %u60, %i
  %x60 = xor i32 %x59, %m60
  %m61 = mul i32 %u61, %i
  %x61 = xor i32 %x60, %m61
  %m62 = mul i32 %u62, %i
  %x62 = xor i32 %x61, %m62
  %m63 = mul i32 %u63, %i
  %x63 = xor i32 %x62, %m63
  %m64 = mul i32 %u64, %i
  %x64 = xor i32 %x63, %m64
  %m65 = mul i32 %u65, %i
  %x65 = xor i32 %x64, %m65
  %m66 = mul i32 %u66, %i
  %x66 = xor i32 %x65, %m66
  %m67 = mul i32 %u67, %i
  %x67 = xor i32 %x66, %m67
  %m68 = mul i32 %u68, %i
  %x68 = xor i32 %x67, %m68
  %m69 = mul i32 %u69, %i
  %x69 = xor i32 %x68, %m69
  %m70 = mul i32 %u70, %i
  %x70 = xor i32 %x69, %m70
  %m71 = mul i32 %u71, %i
  %x71 = xor i32 %x70, %m71
  %m72 = mul i32 %u72, %i
  %x72 = xor i32 %x71, %m72
  %m73 = mul i32 %u73, %i
  %x73 = xor i32 %x72, %m73
  %m74 = mul i32 %u74, %i
  %x74 = xor i32 %x73, %m74
  %m75 = mul i32 %u75, %i
  %x75 = xor i32 %x74, %m75
  %m76 = mul i32 %u76, %i
  %x76 = xor i32 %x75, %m76
  %m77 = mul i32 %u77, %i
  %x77 = xor i32 %x76, %m77
  %m78 = mul i32 %u78, %i
  %x78 = xor i32 %x77, %m78
  %m79 = mul i32 %u79, %i
  %x79 = xor i32 %x78, %m79
  %accN = add i32 %x79, 1
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  store i32 %accN, ptr addrspace(1) %out
  ret void
}
define amdgpu_kernel void @uniform20(ptr addrspace(4) %p, ptr addrspace(1) %out, i32 %n) #0 {
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
define amdgpu_kernel void @own4(ptr addrspace(1) %p, i32 %n) #1 {
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

define amdgpu_kernel void @twin(ptr addrspace(1) %p, i32 %n) #2 {
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

attributes #0 = { "target-cpu"="gfx900" "amdgpu-flat-work-group-size"="1,256" }
attributes #1 = { "target-cpu"="gfx900" "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="4" }
attributes #2 = { "target-cpu"="gfx900" "amdgpu-flat-work-group-size"="1,256" "wavebudget-waves"="4" }
