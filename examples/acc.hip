// 160 live fp32 accumulators per lane, 256 threads: a HIP kernel for the README's clang lines, built with
// Debian's ROCm 5.2 headers and device libraries (libamdhip64-dev, rocm-device-libs):
//   WAVEBUDGET_WAVES=4 clang-22 -x hip --offload-arch=gfx90a --rocm-path=/usr \
//     --hip-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode -O2 -c examples/acc.hip -fpass-plugin=$P
#include <hip/hip_runtime.h>
#define N 160
__global__ __launch_bounds__(256) void acc(float *out, const float *in, int n) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  float a[N];
#pragma unroll
  for (int j = 0; j < N; ++j) a[j] = 0.0f;
  for (int i = 0; i < n; ++i) {
    float x = in[i * 256 + id];
#pragma unroll
    for (int j = 0; j < N; ++j) a[j] = fmaf(x, a[j], (float)(j + 1));
  }
#pragma unroll
  for (int j = 0; j < N; ++j) out[j * 4096 + id] = a[j];
}
int main() {
  float *o = nullptr, *i = nullptr;
  hipLaunchKernelGGL(acc, dim3(1), dim3(256), 0, 0, o, i, 4);
  return 0;
}
