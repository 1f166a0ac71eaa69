// A -fgpu-rdc translation unit whose kernel calls a device function of another (tests/inputs/rdc_helper.hip):
// tests/plugin_majors.rs builds the two with Debian's hipcc and the LLVM 15 plugin, before and at the device link.
#include <hip/hip_runtime.h>
extern __device__ float heavy(float x, int n);
__global__ __launch_bounds__(256) void k(float *out, const float *in, int n) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  out[id] = heavy(in[id], n);
}
int main() { return 0; }
