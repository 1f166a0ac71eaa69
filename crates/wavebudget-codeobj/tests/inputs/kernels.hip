// HIP source for the reader's host-binary tests, compiled by clang-22 without ROCm headers
// (-nogpuinc -nogpulib): a shared library whose .hip_fatbin holds one bundle per offload arch.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __launch_bounds__(n) __attribute__((amdgpu_flat_work_group_size(1, n)))

// What clang's host-side launch stubs call (as in clang's own test header Inputs/cuda.h).
typedef unsigned long size_t;
struct dim3 {
  unsigned x, y, z;
  __host__ __device__ dim3(unsigned x, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};
typedef struct hipStream *hipStream_t;
extern "C" int hipLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shared, hipStream_t stream);
extern "C" int __hipPushCallConfiguration(dim3 grid, dim3 block, size_t shared = 0, hipStream_t stream = 0);


__global__ __launch_bounds__(256) void scale(float *x, float a) {
  unsigned i = __builtin_amdgcn_workitem_id_x();
  x[i] *= a;
}

__global__ __launch_bounds__(128) void stencil(const float *in, float *out) {
  __shared__ float tile[1024];
  unsigned i = __builtin_amdgcn_workitem_id_x();
  tile[i] = in[i];
  __builtin_amdgcn_s_barrier();
  out[i] = tile[(i + 1) % 128] + tile[i];
}

__global__ void reduce_rows(const double *in, double *out, int n) {
  double acc[24] = {};
  unsigned t = __builtin_amdgcn_workitem_id_x();
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < 24; ++j)
      acc[j] += in[(k * 24 + j) * 64 + t] * acc[(j + 1) % 24] + 1.0;
  double s = 0;
  for (int j = 0; j < 24; ++j) s += acc[j];
  out[t] = s;
}
