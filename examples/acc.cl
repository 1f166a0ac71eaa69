// 160 live fp32 accumulators per lane, 256 threads: an OpenCL kernel for the README's clang line
//   clang-22 -x cl -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -c examples/acc.cl -fpass-plugin=$P -mllvm -wavebudget-waves=4
// (-nogpulib: Debian's clang-22 ships no OpenCL device library; this kernel needs none).
__attribute__((reqd_work_group_size(256, 1, 1)))
kernel void acc(global float *out, global const float *in, int n) {
  int id = __builtin_amdgcn_workitem_id_x();
  float a[160];
#pragma unroll
  for (int j = 0; j < 160; ++j) a[j] = 0.0f;
  for (int i = 0; i < n; ++i) {
    float x = in[i * 256 + id];
#pragma unroll
    for (int j = 0; j < 160; ++j) a[j] = __builtin_fmaf(x, a[j], (float)(j + 1));
  }
#pragma unroll
  for (int j = 0; j < 160; ++j) out[j * 4096 + id] = a[j];
}
