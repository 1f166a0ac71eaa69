// CUDA's occupancy calculator (cuda_occupancy.h, host-only) answering the queries of
// tests/cuda_occupancy.rs: compiled with g++ against the header from PyPI's nvidia-cuda-runtime wheel.
//   stdin:  "A major minor maxThreadsPerSM sharedMemPerSM optin reserved" starts an architecture;
//           "K regs block static dynamic maxDynamic barriers carveout" asks about a kernel on it
//           (carveout -1: no preference).
//   stdout: per K, "status blocks limitingFactors regs smem warps blocks barriers allocRegs allocSmem",
//           with INT_MAX printed as -1.
#include <climits>
#include <cstdio>
#include <cstring>
#include "cuda_occupancy.h"

static long long m(int v) { return v == INT_MAX ? -1 : v; }

int main() {
  cudaOccDeviceProp prop;
  char kind;
  while (std::scanf(" %c", &kind) == 1) {
    if (kind == 'A') {
      long long shm, optin, reserved;
      std::scanf("%d %d %d %lld %lld %lld", &prop.computeMajor, &prop.computeMinor,
                 &prop.maxThreadsPerMultiprocessor, &shm, &optin, &reserved);
      prop.maxThreadsPerBlock = 1024;
      prop.regsPerBlock = 65536;
      prop.regsPerMultiprocessor = 65536;
      prop.warpSize = 32;
      prop.sharedMemPerBlock = 49152;
      prop.sharedMemPerMultiprocessor = (size_t)shm;
      prop.numSms = 1;
      prop.sharedMemPerBlockOptin = (size_t)optin;
      prop.reservedSharedMemPerBlock = (size_t)reserved;
      continue;
    }
    int regs, block, barriers, carveout;
    long long stat, dyn, maxdyn;
    std::scanf("%d %d %lld %lld %lld %d %d", &regs, &block, &stat, &dyn, &maxdyn, &barriers, &carveout);
    cudaOccFuncAttributes attr;
    attr.maxThreadsPerBlock = INT_MAX;
    attr.numRegs = regs;
    attr.sharedSizeBytes = (size_t)stat;
    attr.partitionedGCConfig = PARTITIONED_GC_OFF;
    attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;  // as cudaOccupancyMaxActiveBlocksPerMultiprocessor sets it
    attr.maxDynamicSharedSizeBytes = (size_t)maxdyn;
    attr.numBlockBarriers = barriers;
    cudaOccDeviceState state;
    state.carveoutConfig = carveout;
    cudaOccResult r;
    std::memset(&r, 0, sizeof r);
    cudaOccError e = cudaOccMaxActiveBlocksPerMultiprocessor(&r, &prop, &attr, &state, block, (size_t)dyn);
    std::printf("%d %d %u %lld %lld %lld %lld %lld %d %zu\n", (int)e, r.activeBlocksPerMultiprocessor,
                r.limitingFactors, m(r.blockLimitRegs), m(r.blockLimitSharedMem), m(r.blockLimitWarps),
                m(r.blockLimitBlocks), m(r.blockLimitBarriers), r.allocatedRegistersPerBlock,
                r.allocatedSharedMemPerBlock);
  }
  return 0;
}
