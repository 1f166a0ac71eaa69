// The device function tests/inputs/rdc_main.hip calls across translation units (-fgpu-rdc): 120 live floats.
#include <hip/hip_runtime.h>
#define N 120
__device__ float heavy(float x, int n) {
  float a[N];
#pragma unroll
  for (int j = 0; j < N; ++j) a[j] = x * j;
  for (int i = 0; i < n; ++i) {
#pragma unroll
    for (int j = 0; j < N; ++j) a[j] = fmaf(x, a[j], (float)(j + 1));
  }
  float s = 0.f;
#pragma unroll
  for (int j = 0; j < N; ++j) s += a[j];
  return s;
}
