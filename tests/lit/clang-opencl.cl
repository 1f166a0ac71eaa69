// REQUIRES: llvm19+
// (under other majors: unsupported; gfx942 came in LLVM 19)
// clang -fpass-plugin runs the pass at the optimizer-last extension point at every -O level, with
// -mllvm options (%pass-load and %mllvm spell them for the major: before 22 clang parses -mllvm before it
// loads -fpass-plugin, so the plugin is also loaded early and the option given with -Xclang); warnings are -Wbackend-plugin (so -Werror fails the build), remarks are -Rpass-analysis.
// REQUIRES: clang
// RUN: for O in 0 1 2 3 s z; do \
// RUN:   clang -x cl -cl-std=CL2.0 -nogpulib -target amdgcn-amd-amdhsa -mcpu=gfx942 -O$O %pass-load \
// RUN:     %mllvm -wavebudget-waves=3 -emit-llvm -S %s -o - | FileCheck %s || exit 1; done
// CHECK: define {{.*}}amdgpu_kernel void @scale({{.*}}) {{.*}}#[[A:[0-9]+]]
// CHECK: attributes #[[A]] = {{.*}}"amdgpu-flat-work-group-size"="64,64"{{.*}}"amdgpu-waves-per-eu"="3"
//
// RUN: clang -x cl -cl-std=CL2.0 -nogpulib -target amdgcn-amd-amdhsa -mcpu=gfx942 -O2 %pass-load \
// RUN:   %mllvm -wavebudget-waves=10 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: warning: amdgpu-occupancy-budget: kernel 'scale' (gfx942): 10 waves/SIMD cannot be had: gfx942 runs at most 8 waves per SIMD{{.*}} [-Wbackend-plugin]
// RUN: not clang -x cl -cl-std=CL2.0 -nogpulib -target amdgcn-amd-amdhsa -mcpu=gfx942 -O2 %pass-load \
// RUN:   %mllvm -wavebudget-waves=10 -Werror -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WERROR
// WERROR: error: amdgpu-occupancy-budget: kernel 'scale' {{.*}} [-Werror,-Wbackend-plugin]
// RUN: clang -x cl -cl-std=CL2.0 -nogpulib -target amdgcn-amd-amdhsa -mcpu=gfx942 -O2 %pass-load \
// RUN:   %mllvm -wavebudget-waves=10 -Wno-backend-plugin -c %s -o %t.o 2>&1 | count 0
// RUN: clang -x cl -cl-std=CL2.0 -nogpulib -target amdgcn-amd-amdhsa -mcpu=gfx942 -O2 %pass-load \
// RUN:   %mllvm -wavebudget-waves=4 -Rpass-analysis=amdgpu-occupancy-budget -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: kernel scale on gfx942: requested 4 waves/SIMD, set at 4; budget VGPRs 128 {{.*}}launch 64..64{{.*}} [-Rpass-analysis=amdgpu-occupancy-budget]
// The environment works where -mllvm cannot reach (e.g. build systems):
// RUN: env WAVEBUDGET_WAVES=5 clang -x cl -cl-std=CL2.0 -nogpulib -target amdgcn-amd-amdhsa -mcpu=gfx942 -O2 \
// RUN:   %pass-load -emit-llvm -S %s -o - | FileCheck %s --check-prefix=ENV
// ENV: "amdgpu-waves-per-eu"="5"
// A bad option is one warning naming it, and the plugin does nothing: the object is the build without it
// (an error reported this late left opt's output truncated; clang and opt behave alike now).
// RUN: clang -x cl -cl-std=CL2.0 -nogpulib -target amdgcn-amd-amdhsa -mcpu=gfx942 -O2 %pass-load \
// RUN:   %mllvm -wavebudget-mode=loud -emit-llvm -S %s -o %t.bad.ll 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: warning: amdgpu-occupancy-budget: parameter 'mode' in the -wavebudget-* options wants set, advise or auto, got 'loud'; nothing done (the module is left as it came)
// RUN: FileCheck %s --check-prefix=NONE < %t.bad.ll
// Without a request the plugin changes nothing:
// RUN: clang -x cl -cl-std=CL2.0 -nogpulib -target amdgcn-amd-amdhsa -mcpu=gfx942 -O2 %pass-load \
// RUN:   -emit-llvm -S %s -o - | FileCheck %s --check-prefix=NONE
// NONE-NOT: amdgpu-waves-per-eu
// A host C compile with the plugin loaded is untouched and silent.
// RUN: echo 'int f(int x) { return x + 1; }' > %t.c
// RUN: clang -O2 %pass-load %mllvm -wavebudget-waves=4 -c %t.c -o %t.host.o 2>&1 | count 0

__attribute__((reqd_work_group_size(64, 1, 1)))
kernel void scale(global float *out, global const float *in, float s) {
  int id = __builtin_amdgcn_workitem_id_x();
  out[id] = in[id] * s;
}
