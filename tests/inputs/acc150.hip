// 150 live floats per thread: about 164 VGPRs on gfx90a at -O3 (3 waves/SIMD), more than the 128 a
// budget of 4 waves allows. tests/plugin_majors.rs builds it with Debian's hipcc and the LLVM 15 plugin.
#include <hip/hip_runtime.h>
__global__ void __launch_bounds__(256) acc(float *out, const float *in, int n) {
  float a[150];
  int t = threadIdx.x + blockIdx.x * blockDim.x;
#pragma unroll
  for (int i = 0; i < 150; ++i) a[i] = in[t + i * n];
  float s = 0;
#pragma unroll
  for (int k = 0; k < 8; ++k)
#pragma unroll
    for (int i = 0; i < 150; ++i) s += a[i] * a[(i + k) % 150];
  out[t] = s;
}
