// The seed's mfma_ilp microbenchmark (ROCm blog "Occupancy Math on the AMD MI355X GPU (CDNA4)", section
// "Hiding Arithmetic Latency with Fewer Waves"; MIT, (c) 2026 AMD), compiled without the HIP headers
// (-nogpuinc): the few HIP names it uses are defined here as the headers define them.
#define __global__ __attribute__((global))
#define __launch_bounds__(n) __attribute__((amdgpu_flat_work_group_size(1, n)))
#define __shared__ __attribute__((shared))
struct { __attribute__((device)) unsigned get_x() const { return __builtin_amdgcn_workitem_id_x(); } __declspec(property(get = get_x)) unsigned x; } static const __attribute__((device)) threadIdx;

typedef float v4f __attribute__((ext_vector_type(4)));
typedef int   v8i __attribute__((ext_vector_type(8)));

template <int ILP>                              // ILP = the parallelism knob
__global__ void __launch_bounds__(256)
mfma_ilp(const v8i* A, const v8i* B, float* out, int iters) {
    extern __shared__ char throttle[];          // reserved LDS = the occupancy dial
    int lane = threadIdx.x & 63;
    v8i a[ILP], b = B[lane];
    v4f acc[ILP];
    #pragma unroll
    for (int i = 0; i < ILP; ++i) {             // distinct A -> chains stay independent
        a[i]   = A[(lane + 7 * i) & 63];
        acc[i] = v4f{0, 0, 0, 0};
    }
    for (int t = 0; t < iters; ++t)
        #pragma unroll
        for (int i = 0; i < ILP; ++i)           // ILP independent MFMAs in flight
            acc[i] = __builtin_amdgcn_mfma_scale_f32_16x16x128_f8f6f4(
                         a[i], b, acc[i], 0, 0, 0, 0, 0, 0);  // MXFP8 scaled MFMA
    float s = 0;                                // sink so the loop isn't optimized away
    #pragma unroll
    for (int i = 0; i < ILP; ++i) s += acc[i][0];
    if (s == -1.f) out[0] = s;
}
template __global__ void mfma_ilp<1>(const v8i*, const v8i*, float*, int);
template __global__ void mfma_ilp<2>(const v8i*, const v8i*, float*, int);
template __global__ void mfma_ilp<4>(const v8i*, const v8i*, float*, int);
template __global__ void mfma_ilp<8>(const v8i*, const v8i*, float*, int);
