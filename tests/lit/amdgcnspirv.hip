// REQUIRES: clang, llvm19+
// (clang before 19 has no --offload-arch=amdgcnspirv)
// HIP built for SPIR-V is compiled for its processor only when it is loaded, after the pass: nothing can
// be set, and that is said. clang-22 runs no optimization pipeline for it (-disable-llvm-passes), so the
// pass never sees the kernel: the plugin counts the pipelines it was registered with that never took the
// pass and says so when clang exits, where its arguments show a SPIR-V compile; clang-19 runs the
// pipeline and the pass names the spir_kernel itself.
// RUN: clang -x hip --offload-arch=amdgcnspirv -nogpuinc -nogpulib --cuda-device-only -O2 %pass-load %mllvm -wavebudget-waves=4 -S -emit-llvm %s -o %t.spv.ll 2>%t.spv.err
// RUN: FileCheck %s --check-prefix=CLANG%llvm-major --implicit-check-not=warning: < %t.spv.err
// CLANG22: {{^}}warning: amdgpu-occupancy-budget: -wavebudget-* options (waves=4) given, but 1 of the 1 optimization pipeline(s) of this compile never ran the pass: clang runs none for SPIR-V (--offload-arch=amdgcnspirv, -disable-llvm-passes), which is compiled for its processor when it is loaded; nothing done there (build for a processor, e.g. --offload-arch=gfx942, to set a budget){{$}}
// CLANG19: {{^}}warning: amdgpu-occupancy-budget: 1 spir_kernel function(s) in this 'spirv64-amd-amdhsa' module: SPIR-V (--offload-arch=amdgcnspirv) is compiled for its processor when it is loaded, after this pass; nothing done
// RUN: grep -c 'spir_kernel void @k' %t.spv.ll | FileCheck %s --check-prefix=ONE
// RUN: not grep amdgpu-waves-per-eu %t.spv.ll
// ONE: 1
//
// The same source for a processor: the pass runs, sets the budget, and nothing more is said.
// RUN: clang -x hip --offload-arch=gfx942 -nogpuinc -nogpulib --cuda-device-only -O2 %pass-load %mllvm -wavebudget-waves=4 -S -emit-llvm %s -o %t.gfx.ll 2>%t.gfx.err
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not=warning < %t.gfx.err
// QUIET-NOT: amdgpu-occupancy-budget
// RUN: grep -c '"amdgpu-waves-per-eu"="4"' %t.gfx.ll | FileCheck %s --check-prefix=ONE
//
// Host and device in one clang: with more than one job clang runs each cc1 in a process of its own, and
// the SPIR-V device's, whose pipeline never takes the pass, says so from its own -triple.
// RUN: clang -x hip --offload-arch=amdgcnspirv -nogpuinc -nogpulib -O2 %pass-load %mllvm -wavebudget-waves=4 -S -emit-llvm %s -o %t.both.ll 2>%t.both.err || true
// RUN: FileCheck %s --check-prefix=BOTH%llvm-major < %t.both.err
// BOTH22: {{^}}warning: amdgpu-occupancy-budget: -wavebudget-* options (waves=4) given, but 1 of the 1 optimization pipeline(s) of this compile never ran the pass
// BOTH19: warning: amdgpu-occupancy-budget: 1 spir_kernel function(s) in this 'spirv64-amd-amdhsa' module
//
// The SPIR-V module given to the pass itself (opt): a warning that nothing can be set there.
// RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output %t.spv.ll 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: warning: amdgpu-occupancy-budget: 1 spir_kernel function(s) in this 'spirv64-amd-amdhsa' module: SPIR-V (--offload-arch=amdgcnspirv) is compiled for its processor when it is loaded, after this pass; nothing done (build for a processor, e.g. --offload-arch=gfx942, to set a budget)
//
// A request from the environment only (WAVEBUDGET_WAVES) is said the same way; OpenCL's SPIR-V
// (spirv64-unknown-unknown) is not AMD's: the pass's remark that it has no amdgpu_kernel, as before.
// RUN: env WAVEBUDGET_WAVES=3 clang -x hip --offload-arch=amdgcnspirv -nogpuinc -nogpulib --cuda-device-only -O2 %pass-load -S -emit-llvm %s -o %t.env.ll 2>&1 | FileCheck %s --check-prefix=ENV%llvm-major
// ENV22: {{^}}warning: amdgpu-occupancy-budget: WAVEBUDGET_WAVES=3 given, but 1 of the 1 optimization pipeline(s) of this compile never ran the pass
// ENV19: {{^}}warning: amdgpu-occupancy-budget: 1 spir_kernel function(s) in this 'spirv64-amd-amdhsa' module
// RUN: sed -e 's/^target triple = "spirv64-amd-amdhsa"/target triple = "spirv64-unknown-unknown"/' %t.spv.ll > %t.ocl.ll
// RUN: grep -c '^target triple = "spirv64-unknown-unknown"' %t.ocl.ll | FileCheck %s --check-prefix=ONE
// RUN: opt -load-pass-plugin=%plugin -passes='amdgpu-occupancy-budget<waves=4>' -disable-output %t.ocl.ll 2>&1 | FileCheck %s --check-prefix=OCL --implicit-check-not=warning
// OCL: remark: amdgpu-occupancy-budget: no amdgpu_kernel functions in this 'spirv64-unknown-unknown' module; nothing to do
//
// Out of clang, a pipeline without the pass says nothing (opt's user chose it; the arguments name no
// SPIR-V compile), whatever the module.
// RUN: opt -load-pass-plugin=%plugin -passes=verify -wavebudget-waves=4 -disable-output %t.spv.ll 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not=warning
// RUN: opt -load-pass-plugin=%plugin -passes=verify -wavebudget-waves=4 -disable-output %t.gfx.ll 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not=warning
//
// clang -save-temps runs each step in a process of its own: the first (bitcode, -disable-llvm-passes) has
// no pass and says nothing, the second optimizes it and runs the pass: the first step's bitcode has no
// attribute, the output has it. For SPIR-V the first step's own arguments (-triple spirv64-amd-amdhsa)
// name it, and it says so.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && clang -x hip --offload-arch=gfx942 -nogpuinc -nogpulib --cuda-device-only -O2 -save-temps %pass-load %mllvm -wavebudget-waves=4 -S -emit-llvm %s -o %t.st.ll 2>%t.st.err
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not=warning < %t.st.err
// RUN: llvm-dis %t.dir/amdgcnspirv-hip-amdgcn-amd-amdhsa-gfx942.tmp.bc -o - | not grep amdgpu-waves-per-eu
// RUN: grep -c '"amdgpu-waves-per-eu"="4"' %t.st.ll | FileCheck %s --check-prefix=ONE
// RUN: cd %t.dir && clang -x hip --offload-arch=amdgcnspirv -nogpuinc -nogpulib --cuda-device-only -O2 -save-temps %pass-load %mllvm -wavebudget-waves=4 -S -emit-llvm %s -o %t.stspv.ll 2>&1 | FileCheck %s --check-prefix=CLANG%llvm-major

#define __global__ __attribute__((global))
extern "C" __global__ void k(float *p) { p[0] = 1.0f; }
