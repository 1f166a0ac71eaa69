// REQUIRES: clang
// clang's build modes (issue 55, point 2): the plugin given twice from two paths (-fpass-plugin twice, as
// two build layers each add it) is harmless, the second copy registering nothing; -flto and -flto=thin
// compiles (the pre-link pipelines) run the pass at the optimizer-last point, and the full-LTO link
// (opt's lto<O2>, what ld.lld --load-pass-plugin runs) plans the kernel again with the linked module.
// RUN: cp %plugin %t.copy.so
// RUN: env WAVEBUDGET_WAVES=3 clang -x cl -cl-std=CL2.0 -nogpulib -target amdgcn-amd-amdhsa -mcpu=gfx90a -O2 \
// RUN:   -fpass-plugin=%plugin -fpass-plugin=%t.copy.so -emit-llvm -S %s -o %t.twice.ll 2>&1 | count 0
// RUN: FileCheck %s < %t.twice.ll
// CHECK: "amdgpu-waves-per-eu"="3"
// RUN: env WAVEBUDGET_WAVES=3 clang -x cl -cl-std=CL2.0 -nogpulib -target amdgcn-amd-amdhsa -mcpu=gfx90a -O2 -flto \
// RUN:   -fpass-plugin=%plugin -c %s -o %t.full.bc
// RUN: llvm-dis %t.full.bc -o - | FileCheck %s
// RUN: env WAVEBUDGET_WAVES=3 clang -x cl -cl-std=CL2.0 -nogpulib -target amdgcn-amd-amdhsa -mcpu=gfx90a -O2 -flto=thin \
// RUN:   -fpass-plugin=%plugin -c %s -o %t.thin.bc
// RUN: llvm-dis %t.thin.bc -o - | FileCheck %s
// RUN: env WAVEBUDGET_WAVES=5 opt -load-pass-plugin=%plugin -passes='lto<O2>' -S %t.full.bc -o - | FileCheck %s --check-prefix=LINK
// LINK: "amdgpu-waves-per-eu"="5"

__kernel void __attribute__((reqd_work_group_size(64, 1, 1))) scale(__global float *p, float s) {
  p[__builtin_amdgcn_workitem_id_x()] *= s;
}
