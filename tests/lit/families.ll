; REQUIRES: llvm22
; (under other majors: unsupported; gfx950 and the other processors LLVM 19 lacks)
; Every target family, wave32/wave64 and CU mode: the budget the pass computes for W=8 equals R_max(8)
; (docs/occupancy-model.md; crates/wavebudget-model/tests/llc_budget.rs checks R_max against llc-22's allocator).
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=8>' \
; RUN:   -pass-remarks-analysis=amdgpu-occupancy-budget -disable-output %s 2>&1 | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=8>' -S %s \
; RUN:   | FileCheck %s --check-prefix=IR

target triple = "amdgcn-amd-amdhsa"

; CHECK: kernel k900 on gfx900: requested 8 waves/SIMD, set at 8; budget VGPRs 32 (arch 32, AGPR 0), SGPRs 100,
define amdgpu_kernel void @k900() #0 { ret void }
; CHECK: kernel k906 on gfx906: requested 8 waves/SIMD, set at 8; budget VGPRs 32 (arch 32, AGPR 0)
define amdgpu_kernel void @k906() #1 { ret void }
; gfx908: separate AGPR file, each up to the budget.
; CHECK: kernel k908 on gfx908: requested 8 waves/SIMD, set at 8; budget VGPRs 32 (arch 32, AGPR 32)
define amdgpu_kernel void @k908() #2 { ret void }
; gfx90a, gfx942, gfx950: one file; without "amdgpu-agpr-alloc" LLVM 22 keeps half of it for AGPRs
; (GCNSubtarget::getMaxNumVectorRegs; llc-22 on such a kernel: "VGPRs: 32", "AGPRs: 32"), with "0" none.
; CHECK: kernel k90a on gfx90a: requested 8 waves/SIMD, set at 8; budget VGPRs 64 (arch 32, AGPR 32)
define amdgpu_kernel void @k90a() #3 { ret void }
; CHECK: kernel k942 on gfx942: requested 8 waves/SIMD, set at 8; budget VGPRs 64 (arch 32, AGPR 32)
define amdgpu_kernel void @k942() #4 { ret void }
; CHECK: kernel k950 on gfx950: requested 8 waves/SIMD, set at 8; budget VGPRs 64 (arch 32, AGPR 32)
define amdgpu_kernel void @k950() #5 { ret void }
; CHECK: kernel k1010 on gfx1010: requested 8 waves/SIMD, set at 8; budget VGPRs 128
define amdgpu_kernel void @k1010() #6 { ret void }
; CHECK: kernel k1030 on gfx1030: requested 8 waves/SIMD, set at 8; budget VGPRs 128
define amdgpu_kernel void @k1030() #7 { ret void }
; CHECK: kernel k1030w64 on gfx1030: requested 8 waves/SIMD, set at 8; budget VGPRs 64
define amdgpu_kernel void @k1030w64() #8 { ret void }
; CHECK: kernel k1100 on gfx1100: requested 8 waves/SIMD, set at 8; budget VGPRs 192
define amdgpu_kernel void @k1100() #9 { ret void }
; CHECK: kernel k1100w64 on gfx1100: requested 8 waves/SIMD, set at 8; budget VGPRs 96
define amdgpu_kernel void @k1100w64() #10 { ret void }
; CU mode: a workgroup's 8 waves (256 threads of wave32) spread over the 2 SIMDs of a CU rather than the
; 4 of a WGP, so the smallest waves/SIMD LLVM accepts is 4 instead of 2 (reference §2.6 and §1a).
; CHECK: kernel k1100cu on gfx1100: requested 8 waves/SIMD, set at 8; budget VGPRs 192 {{.*}} LLVM accepts 4..16
define amdgpu_kernel void @k1100cu() #11 { ret void }
; CHECK: kernel k1102 on gfx1102: requested 8 waves/SIMD, set at 8; budget VGPRs 128
define amdgpu_kernel void @k1102() #12 { ret void }
; CHECK: kernel k1200 on gfx1200: requested 8 waves/SIMD, set at 8; budget VGPRs 192
define amdgpu_kernel void @k1200() #13 { ret void }
; CHECK: kernel k1201w64 on gfx1201: requested 8 waves/SIMD, set at 8; budget VGPRs 96
define amdgpu_kernel void @k1201w64() #14 { ret void }
; gfx1250: 1024 VGPRs per lane, granule 16.
; CHECK: kernel k1250 on gfx1250: requested 8 waves/SIMD, set at 8; budget VGPRs 128
define amdgpu_kernel void @k1250() #15 { ret void }
; CHECK: kernel k1100wgp on gfx1100: {{.*}} LLVM accepts 2..16
define amdgpu_kernel void @k1100wgp() #16 { ret void }

; CHECK: kernel k942agpr0 on gfx942: requested 8 waves/SIMD, set at 8; budget VGPRs 64 (arch 64, AGPR 0)
define amdgpu_kernel void @k942agpr0() #17 { ret void }
; IR: attributes #0 = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="8" "target-cpu"="gfx900" }
; IR: attributes #11 = { "amdgpu-flat-work-group-size"="256,256" "amdgpu-waves-per-eu"="8" "target-cpu"="gfx1100" "target-features"="+cumode" }

attributes #0 = { "target-cpu"="gfx900" "amdgpu-flat-work-group-size"="1,256" }
attributes #1 = { "target-cpu"="gfx906" "amdgpu-flat-work-group-size"="1,256" }
attributes #2 = { "target-cpu"="gfx908" "amdgpu-flat-work-group-size"="1,256" }
attributes #3 = { "target-cpu"="gfx90a" "amdgpu-flat-work-group-size"="1,256" }
attributes #4 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
attributes #5 = { "target-cpu"="gfx950" "amdgpu-flat-work-group-size"="1,256" }
attributes #6 = { "target-cpu"="gfx1010" "amdgpu-flat-work-group-size"="1,256" }
attributes #7 = { "target-cpu"="gfx1030" "amdgpu-flat-work-group-size"="1,256" }
attributes #8 = { "target-cpu"="gfx1030" "target-features"="+wavefrontsize64" "amdgpu-flat-work-group-size"="1,256" }
attributes #9 = { "target-cpu"="gfx1100" "amdgpu-flat-work-group-size"="1,256" }
attributes #10 = { "target-cpu"="gfx1100" "target-features"="+wavefrontsize64" "amdgpu-flat-work-group-size"="1,256" }
attributes #11 = { "target-cpu"="gfx1100" "target-features"="+cumode" "amdgpu-flat-work-group-size"="256,256" }
attributes #12 = { "target-cpu"="gfx1102" "amdgpu-flat-work-group-size"="1,256" }
attributes #13 = { "target-cpu"="gfx1200" "amdgpu-flat-work-group-size"="1,256" }
attributes #14 = { "target-cpu"="gfx1201" "target-features"="+wavefrontsize64" "amdgpu-flat-work-group-size"="1,256" }
attributes #15 = { "target-cpu"="gfx1250" "amdgpu-flat-work-group-size"="1,256" }
attributes #16 = { "target-cpu"="gfx1100" "amdgpu-flat-work-group-size"="256,256" }
attributes #17 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" "amdgpu-agpr-alloc"="0" }
