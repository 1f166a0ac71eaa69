/* wavebudget.h: occupancy at dispatch time, from C.
 *
 * Open a binary (code object, offload bundle, or host executable/library with .hip_fatbin), describe the
 * device (by processor name, or from the Linux KFD topology), and ask how a launch of one kernel fits:
 * waves per SIMD, the limiter, resident workgroups per CU, and the persistent grid size.
 *
 * Link with -lwavebudget_runtime. Every function is safe to call with NULL where a pointer is optional;
 * errors return NULL (functions that return a handle) or a negative WB_ERR_* code (functions that return an
 * int) and write one line naming what was wrong into `err`, UTF-8, its control characters spelled out as
 * the CLI prints them (`\u{1b}`; truncated to `err_len` at a character's boundary, always NUL-terminated
 * when err_len > 0). Objects are independent; a wb_kernels or wb_device may be used
 * from several threads at once for queries. Nothing here aborts or prints.
 */
#ifndef WAVEBUDGET_H
#define WAVEBUDGET_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this API: raised when a function or a struct of this header changes. 2: the WB_ERR_*
 * codes, wb_occupancy and wb_budget. 3: wb_dispatch.resident_waves_per_simd (the struct grew: code built
 * against 2 must be rebuilt). 4: wb_suggest_wg_size and wb_wg_choice. 5: wb_occupancy_batch, wb_column and wb_batch_out.
 * 6: NVIDIA targets, wb_nv_occupancy, wb_nv_budget, wb_nv_kernel and wb_nv_occupancy_result.
 * 7: wb_nv_kernel.max_dynamic_shared_mem 0 is a limit of 0, as CUDA, the CLI and Python read it; the default
 * is WB_NV_MAX_DYNAMIC_DEFAULT (code built against 6 passing 0 for the default must pass the macro).
 * 8: WB_NV_MAX_DYNAMIC_OPTIN, the device's opt-in maximum (the CLI's --max-dynamic-shared-mem max); a
 * dispatch's kernel is a name, a symbol or a pattern matching one name, as the CLI and Python take it. */
#define WAVEBUDGET_API_VERSION 8

/* The error codes int-returning functions give (the message in `err` says the rest). */
#define WB_ERR_ARGUMENT -1 /* a NULL, non-UTF-8 or out-of-range argument */
#define WB_ERR_INPUT -2    /* a file or bytes the reader refused, or a KFD file that could not be read */
#define WB_ERR_KERNEL -3   /* the kernel is not in the file, not built for the device, or cannot take the launch */
#define WB_ERR_DEVICE -4   /* no usable device (a bad description, no GPU agent) */
#define WB_ERR_MODEL -5    /* a register count, LDS size or launch size out of range for the target */
#define WB_ERR_INTERNAL -6 /* a bug in libwavebudget_runtime, caught at the boundary */

typedef struct wb_kernels wb_kernels; /* every kernel of one binary */
typedef struct wb_device wb_device;   /* one GPU */

typedef struct wb_dispatch {
  uint32_t waves_per_simd;       /* LLVM 22's model at this launch size and LDS */
  const char *limiter;           /* "vgpr", "sgpr", "lds", "workgroup" or "max_waves"; static string */
  uint32_t workgroups_per_cu;    /* resident workgroups per CU (per WGP on GFX10+ in WGP mode) */
  uint32_t per_wgp;              /* 1 when workgroups_per_cu counts per WGP */
  uint32_t compute_units;        /* 0 when the device is known only by processor */
  uint32_t persistent_grid_size; /* CUs (WGPs) x workgroups_per_cu; 0 when compute_units is 0 */
  uint32_t workgroup_size;       /* the launch size used */
  uint32_t lds_bytes;            /* static + dynamic LDS per workgroup */
  uint32_t resident_waves_per_simd; /* waves resident per SIMD with workgroups_per_cu workgroups: what the
                                       hardware runs; below waves_per_simd where whole workgroups do not
                                       fill what LLVM's model counts, or where LDS rounded up to its
                                       allocation granule fits fewer workgroups */
} wb_dispatch;

/* The library's version, e.g. "0.1.0". */
const char *wb_version(void);

/* Reads every kernel of a file / of bytes in memory (the bytes are copied). */
wb_kernels *wb_kernels_open(const char *path, char *err, size_t err_len);
wb_kernels *wb_kernels_from_bytes(const void *data, size_t len, char *err, size_t err_len);
void wb_kernels_free(wb_kernels *kernels);
/* Number of kernels (one per kernel per code object). */
size_t wb_kernels_count(const wb_kernels *kernels);
/* Name of kernel i, or NULL past the end. Valid while `kernels` lives. */
const char *wb_kernels_name(const wb_kernels *kernels, size_t i);

/* A device by processor or product name ("gfx942", "gfx90a:xnack-", "MI300X"): no CU count. */
wb_device *wb_device_from_target(const char *target, char *err, size_t err_len);
/* The GPU nodes of a KFD topology root (NULL: /sys/class/kfd/kfd/topology). Writes up to `cap` devices
 * into `out` and returns how many GPUs there are, or a WB_ERR_* code. */
long wb_devices_from_kfd(const char *root, wb_device **out, size_t cap, char *err, size_t err_len);
/* The GPU agents of the HSA runtime, loaded with dlopen("libhsa-runtime64.so.1"). Returns how many GPUs
 * there are, or WB_ERR_DEVICE with the reason in `err` (library missing, hsa_init failed, no GPU agent): fall back to
 * wb_devices_from_kfd or wb_device_from_target then. */
long wb_devices_from_hsa(wb_device **out, size_t cap, char *err, size_t err_len);
void wb_device_free(wb_device *device);
/* Target id of a device ("gfx942"); valid while `device` lives. */
const char *wb_device_target(const wb_device *device);
/* Compute units, 0 if unknown. */
uint32_t wb_device_compute_units(const wb_device *device);

/* How a launch of `kernel` (its name or symbol; else, as `wavebudget dispatch` and Python take it, a regular
 * expression matching one kernel name) with `workgroup_size` threads (0: the kernel's own launch, its
 * .reqd_workgroup_size, else a launch of its .max_flat_workgroup_size: the top of the range inspect evaluates
 * without a launch size, which can hold one wave more where the range's bottom is smaller) and `dynamic_lds` bytes
 * fits on `device`. Returns 0, or a WB_ERR_* code with `err` set. */
int wb_dispatch_query(const wb_kernels *kernels, const char *kernel, const wb_device *device,
                      uint32_t workgroup_size, uint32_t dynamic_lds, wb_dispatch *out, char *err,
                      size_t err_len);

/* Policies for wb_choose_variant. */
#define WB_POLICY_MOST_WAVES_WITHOUT_SPILLS 0 /* most resident waves among spill-free ones, else fewest spills */
#define WB_POLICY_FEWEST_SPILLS 1
#define WB_POLICY_FOR_PROCESSOR 2            /* the first built for the device's processor */

/* Picks among the variants `names[0..n]` (kernel names or symbols in `kernels`) the best for a launch on
 * `device`; writes its index into `*chosen` and its answer into `*out`. Each name is read, and its build
 * taken, as wb_dispatch_query reads and takes it (a name or symbol, else a pattern matching one kernel name;
 * the build by processor, xnack and sramecc); a name with no build the device takes is skipped, one that
 * names no kernel is refused as wb_dispatch_query refuses it. Returns 0, or a WB_ERR_* code with `err` set. */
int wb_choose_variant(const wb_kernels *kernels, const char *const *names, size_t n, const wb_device *device,
                      uint32_t workgroup_size, uint32_t dynamic_lds, int policy, size_t *chosen,
                      wb_dispatch *out, char *err, size_t err_len);

/* Compile time, for compilers (XLA, IREE, rocMLIR, DSLs): the model alone, no binary. `target` is any
 * spelling wavebudget takes ("gfx942", "gfx90a:xnack-", "amdgcn-amd-amdhsa--gfx950", "MI300X"), at its
 * default wave size. The launch size range is wg_min..wg_max threads (0, 0: LLVM's default 1..1024). */

typedef struct wb_occupancy_result {
  uint32_t waves_per_simd;     /* LLVM 22's "Occupancy [waves/SIMD]" */
  const char *limiter;         /* the binding limiter (the first where several tie); static string */
  uint32_t max_waves_per_simd; /* the target's maximum */
  uint32_t vgpr_waves;         /* each limiter in waves/SIMD */
  uint32_t sgpr_waves;
  uint32_t lds_waves;
  uint32_t workgroup_waves;
  uint32_t vgprs_to_gain;      /* VGPRs to give up for one more wave (0: VGPRs are not in the way) */
  uint32_t next_waves;         /* what giving up the registers and LDS above reaches; 0 when it cannot */
} wb_occupancy_result;

/* Occupancy of a kernel using `vgprs` architectural VGPRs, `agprs` AGPRs, `sgprs` SGPRs (.sgpr_count, 0: not
 * counted) and `lds_bytes` of static LDS. Returns 0, or a WB_ERR_* code with `err` set. */
int wb_occupancy(const char *target, uint32_t vgprs, uint32_t agprs, uint32_t sgprs, uint32_t lds_bytes,
                 uint32_t wg_min, uint32_t wg_max, wb_occupancy_result *out, char *err, size_t err_len);

typedef struct wb_budget_result {
  uint32_t max_vgprs;            /* R_max(W): total vector registers that keep W */
  uint32_t max_arch_vgprs;       /* architectural VGPRs alone */
  uint32_t max_agprs;            /* AGPRs alone (0 without AGPRs) */
  uint32_t max_sgprs;            /* largest .sgpr_count that keeps W; 0 when SGPRs make W impossible */
  uint32_t max_lds_bytes;        /* largest static LDS that keeps W; valid when has_max_lds_bytes */
  uint32_t has_max_lds_bytes;    /* 0 when the launch size alone rules W out */
  uint32_t reachable;            /* 1: LLVM 22 honours "amdgpu-waves-per-eu"="W" here and W can be had */
  uint32_t exact_reachable;      /* 1: "W,W" caps occupancy at exactly W here */
  uint32_t exact_waves_per_simd; /* what "W,W" caps occupancy at */
  uint32_t accepted_min;         /* the amdgpu-waves-per-eu minimums LLVM 22 accepts here */
  uint32_t accepted_max;
} wb_budget_result;

/* The register, SGPR and LDS budget for `waves` waves/SIMD at a launch size range and static LDS. Returns 0,
 * or a WB_ERR_* code with `err` set (WB_ERR_MODEL for a waves target outside 1..max). */
int wb_budget(const char *target, uint32_t waves, uint32_t wg_min, uint32_t wg_max, uint32_t lds_bytes,
              wb_budget_result *out, char *err, size_t err_len);

typedef struct wb_wg_choice {
  uint32_t wg_size;                 /* the workgroup size to launch (a multiple of the wave size) */
  uint32_t lds_bytes;               /* LDS per workgroup at that size */
  uint32_t waves_per_simd;          /* LLVM 22's waves/SIMD at that fixed size */
  const char *limiter;              /* its binding limiter; static string */
  uint32_t workgroups_per_cu;       /* resident per CU (per WGP on GFX10+ in WGP mode): x CUs fills the device once */
  uint32_t resident_waves_per_simd; /* what the hardware keeps resident: what the choice maximises */
} wb_wg_choice;

/* LDS bytes per workgroup of `wg_size` work-items (shared memory that grows with the workgroup). */
typedef uint32_t (*wb_lds_fn)(uint32_t wg_size, void *user);

/* The launch size to use, as cudaOccupancyMaxPotentialBlockSize answers on NVIDIA: of the multiples of the
 * wave size in wg_min..wg_max (0, 0: 1..1024), the one with the most waves resident per SIMD, then the most by
 * LLVM's count, ties to the largest, for a kernel of `vgpr_count` (.vgpr_count) and `sgpr_count` registers
 * whose LDS is `lds_fn(size, user)`, or `lds_bytes` when lds_fn is NULL. Returns 0, or a WB_ERR_* code with
 * `err` set (WB_ERR_MODEL when no size fits). */
int wb_suggest_wg_size(const char *target, uint32_t vgpr_count, uint32_t sgpr_count, uint32_t lds_bytes,
                       wb_lds_fn lds_fn, void *user, uint32_t wg_min, uint32_t wg_max, wb_wg_choice *out,
                       char *err, size_t err_len);

/* Batches, for autotuners and compilers pruning many configurations: one column per input, each `len` 0
 * (every cell 0), 1 (one value for every cell) or `n` (one value per cell); `values` aligned as a uint32_t
 * array is (one off a 4-byte boundary, into a packed struct, is refused with WB_ERR_ARGUMENT). */
typedef struct wb_column {
  const uint32_t *values;
  size_t len;
} wb_column;

/* Where the answers go: each array NULL (not wanted) or `n` bytes. `limiter` holds codes: 0 vgpr, 1 sgpr,
 * 2 lds, 3 workgroup, 4 max_waves. */
typedef struct wb_batch_out {
  uint8_t *waves_per_simd;  /* LLVM 22's "Occupancy [waves/SIMD]", as wb_occupancy */
  uint8_t *limiter;
  uint8_t *vgpr_waves;      /* each limiter in waves/SIMD */
  uint8_t *sgpr_waves;
  uint8_t *lds_waves;
  uint8_t *workgroup_waves;
} wb_batch_out;

/* wb_occupancy for `n` cells: cell i uses vgprs[i] architectural VGPRs, agprs[i] AGPRs, sgprs[i] SGPRs,
 * lds_bytes[i] of static LDS and the launch size range wg_min[i]..wg_max[i] (wg_max of len 0: fixed sizes
 * wg_min; both len 0: 1..1024). An output left NULL is not kept (it takes no memory per cell); `n` is at
 * most 2^32 (WB_ERR_ARGUMENT above). Returns 0, or a WB_ERR_* code with `err` set; for a cell the model
 * refuses (WB_ERR_MODEL), its index in `bad_cell` (when not NULL) and the outputs are partial. */
int wb_occupancy_batch(const char *target, size_t n, wb_column vgprs, wb_column agprs, wb_column sgprs,
                       wb_column lds_bytes, wb_column wg_min, wb_column wg_max, const wb_batch_out *out,
                       size_t *bad_cell, char *err, size_t err_len);

/* NVIDIA targets (docs/nvidia.md): "sm_90", "sm_90a", "9.0" or a product name ("H100", "RTX 4090"), with
 * CUDA's occupancy rules (cuda_occupancy.h). A kernel at a launch, in CUDA's terms: */
#define WB_NV_MAX_DYNAMIC_DEFAULT 0xFFFFFFFFu /* wb_nv_kernel.max_dynamic_shared_mem: the runtime's default */
#define WB_NV_MAX_DYNAMIC_OPTIN 0xFFFFFFFEu   /* the device's opt-in maximum less shared_mem ("max") */
typedef struct wb_nv_kernel {
  uint32_t regs;                   /* registers per thread (cudaFuncAttributes.numRegs) */
  uint32_t block;                  /* threads per block */
  uint32_t shared_mem;             /* static shared memory bytes (sharedSizeBytes) */
  uint32_t dynamic_shared_mem;     /* dynamic shared memory bytes given at launch */
  uint32_t max_dynamic_shared_mem; /* cudaFuncAttributeMaxDynamicSharedMemorySize in bytes (0 is 0);
                                      WB_NV_MAX_DYNAMIC_DEFAULT: the default (48 KiB less shared_mem);
                                      WB_NV_MAX_DYNAMIC_OPTIN: the device's opt-in maximum less it */
  uint32_t barriers;               /* named block barriers (the CUDA runtime assumes 1) */
  int32_t carveout;                /* preferred shared-memory carveout in percent; -1: no preference */
} wb_nv_kernel;

typedef struct wb_nv_occupancy_result {
  uint32_t blocks_per_sm;        /* cudaOccupancyMaxActiveBlocksPerMultiprocessor's answer */
  uint32_t warps_per_sm;         /* blocks x warps per block */
  uint32_t max_warps_per_sm;     /* the SM's maximum */
  const char *limiter;           /* the first binding limiter: "warps", "regs", "shared_mem", "blocks",
                                    "barriers"; static string */
  uint32_t regs_blocks;          /* blocks per SM each limiter allows; UINT32_MAX where it does not limit */
  uint32_t shared_mem_blocks;
  uint32_t warps_blocks;
  uint32_t blocks_blocks;
  uint32_t barriers_blocks;
  uint32_t allocated_regs_per_block;
  uint64_t allocated_shared_mem_per_block; /* with the driver's reserved bytes, in allocation units */
  uint32_t sms;                  /* the product's SMs; 0 for a bare sm_XY */
} wb_nv_occupancy_result;

/* Blocks and warps per SM of `kernel` on an NVIDIA target. A kernel that cannot launch at all (too many
 * registers for the block, shared memory over its limit, too many barriers) is not an error: blocks_per_sm
 * is 0 and `err` (when not NULL) says why; otherwise `err` is set to "". Returns 0, or a WB_ERR_* code with
 * `err` set. */
int wb_nv_occupancy(const char *target, const wb_nv_kernel *kernel, wb_nv_occupancy_result *out, char *err,
                    size_t err_len);

/* The largest registers per thread (up to ptxas's 255) at which `kernel` (its regs ignored) keeps
 * `warps_per_sm` warps per SM, or `blocks_per_sm` blocks (give one, the other 0); `out` the
 * occupancy there. Returns 0, or WB_ERR_MODEL with `err` naming the limiter when no count reaches it. */
int wb_nv_budget(const char *target, const wb_nv_kernel *kernel, uint32_t warps_per_sm, uint32_t blocks_per_sm,
                 uint32_t *max_regs, wb_nv_occupancy_result *out, char *err, size_t err_len);

#ifdef __cplusplus
}
#endif
#endif /* WAVEBUDGET_H */
