//! NVIDIA occupancy, exactly as CUDA computes it: blocks and warps resident per SM for a kernel's registers
//! per thread, shared memory and block size, on compute capability 7.0 to 12.1, and its inverse (the
//! largest register count per thread for a warps- or blocks-per-SM target).
//!
//! The rules are those of `cuda_occupancy.h` (CUDA 13.5, PyPI `nvidia-cuda-runtime` 13.5.37; the same
//! header `cudaOccupancyMaxActiveBlocksPerMultiprocessor` is built from), one function here per limiter
//! there: registers allocated per warp in 256-register units within 4 sub-partitions of 16K, warps per
//! SM, the per-SM block slots, shared memory (driver-reserved bytes per block from 8.0, the allocation
//! granule, the L1/shared carveout rounded up to a size the SM has, the per-block and opt-in limits) and
//! named block barriers (9.0 and later). The header's virtual-resource limit (13.x, sm_100 on) binds only
//! for kernels that declare virtual resources, which the CUDA runtime's conversion sets to none; it is not
//! modelled. Shared-memory sizes are exact below 2^31 bytes, where the header's `int` casts hold. `tests/cuda_occupancy.rs` compares every answer with the header
//! compiled by g++ on a dense grid of every architecture here, and `tests/h100_capture.rs` with residency
//! counted on a real H100.
//!
//! Per-architecture figures (threads and blocks per SM, shared memory per SM, reserved bytes per block,
//! the opt-in maximum) are NVIDIA's own, from CCCL's `cuda/__device/arch_traits.h` (NVIDIA/cccl at
//! 571f2fc, August 2026), which follows the CUDA C++ Programming Guide's table "Technical Specifications
//! per Compute Capability"; SM counts of products from NVIDIA's datasheets and architecture whitepapers
//! (each product row names its source).
//!
//! Pure: no I/O, no CUDA.

use serde::Serialize;
use thiserror::Error;

/// Named barriers a block may use (PTX ISA: `bar.sync` takes barriers 0 to 15).
pub const MAX_BARRIERS_PER_BLOCK: u32 = 16;
/// 32-bit registers per SM and per block on every architecture here (64K).
pub const REGS_PER_SM: u32 = 65_536;
/// Threads per warp.
pub const WARP_SIZE: u32 = 32;
/// Threads per block at most.
pub const MAX_THREADS_PER_BLOCK: u32 = 1024;
/// Static shared memory a block may declare, and dynamic shared memory without opting in (48 KiB).
pub const SHARED_MEM_PER_BLOCK: u32 = 49_152;
/// Registers are allocated per warp in units of this many (8 per thread).
pub const REG_ALLOCATION_UNIT: u32 = 256;
/// Register-file sub-partitions per SM; a warp's registers lie within one.
pub const SUB_PARTITIONS: u32 = 4;
/// What `cuda_occupancy.h` lets a thread hold before it calls the kernel unlaunchable (256; ptxas itself
/// allocates at most 255, the budget's ceiling).
pub const MAX_REGS_PER_THREAD: u32 = 256;
/// The most registers ptxas gives a thread.
pub const PTXAS_MAX_REGS: u32 = 255;
/// The most warps (64) and blocks (32) per SM any architecture of [`ARCHS`] holds: the largest request a
/// setting can make before a kernel's architecture is known (held to the table by a unit test).
pub const MAX_WARPS_PER_SM_ANY: u32 = 64;
/// See [`MAX_WARPS_PER_SM_ANY`].
pub const MAX_BLOCKS_PER_SM_ANY: u32 = 32;

/// One compute capability.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Arch {
    /// `sm_XY`.
    pub name: &'static str,
    /// Architecture family.
    pub family: &'static str,
    /// Compute capability major.
    pub major: u32,
    /// Compute capability minor.
    pub minor: u32,
    /// Resident threads per SM at most (`maxThreadsPerMultiProcessor`).
    pub max_threads_per_sm: u32,
    /// Resident blocks per SM at most (`maxBlocksPerMultiProcessor`).
    pub max_blocks_per_sm: u32,
    /// Shared memory per SM with the largest carveout (`sharedMemPerMultiprocessor`).
    pub shared_mem_per_sm: u32,
    /// Shared memory the driver reserves per block (`reservedSharedMemPerBlock`, 1 KiB from 8.0).
    pub reserved_shared_mem_per_block: u32,
    /// Shared-memory carveouts the SM can be configured to, KiB, ascending.
    carveouts_kib: &'static [u32],
    /// Named barriers available per block slot (2 or 1): block barriers per SM = this x block slots.
    barriers_per_block_slot: u32,
}

const VOLTA_CARVEOUTS: &[u32] = &[0, 8, 16, 32, 64, 96];
const TURING_CARVEOUTS: &[u32] = &[32, 64];
const GA100_CARVEOUTS: &[u32] = &[0, 8, 16, 32, 64, 100, 132, 164];
const GA10X_CARVEOUTS: &[u32] = &[0, 8, 16, 32, 64, 100];
const HOPPER_CARVEOUTS: &[u32] = &[0, 8, 16, 32, 64, 100, 132, 164, 196, 228];

#[allow(clippy::too_many_arguments)] // one row of the table, in its column order
const fn arch(
    name: &'static str,
    family: &'static str,
    (major, minor): (u32, u32),
    max_threads_per_sm: u32,
    max_blocks_per_sm: u32,
    shared_kib: u32,
    carveouts_kib: &'static [u32],
    barriers_per_block_slot: u32,
) -> Arch {
    Arch {
        name,
        family,
        major,
        minor,
        max_threads_per_sm,
        max_blocks_per_sm,
        shared_mem_per_sm: shared_kib * 1024,
        reserved_shared_mem_per_block: if major >= 8 { 1024 } else { 0 },
        carveouts_kib,
        barriers_per_block_slot,
    }
}

/// Every compute capability modelled: those CCCL's `arch_traits.h` describes from 7.0 on, and two it
/// does not name: 7.2 (Jetson Xavier), whose per-SM figures the CUDA C++ Programming Guide's table gives as
/// 7.0's, and 10.1, CUDA 12.8-12.9's name for what CUDA 13 calls 11.0 (Jetson Thor), with 11.0's figures.
/// 10.7, which `cuda_occupancy.h` 13.5 also knows, has no published per-SM figures and is refused.
pub static ARCHS: &[Arch] = &[
    arch("sm_70", "Volta", (7, 0), 2048, 32, 96, VOLTA_CARVEOUTS, 2),
    arch("sm_72", "Volta", (7, 2), 2048, 32, 96, VOLTA_CARVEOUTS, 2),
    arch("sm_75", "Turing", (7, 5), 1024, 16, 64, TURING_CARVEOUTS, 2),
    arch("sm_80", "Ampere", (8, 0), 2048, 32, 164, GA100_CARVEOUTS, 2),
    arch("sm_86", "Ampere", (8, 6), 1536, 16, 100, GA10X_CARVEOUTS, 1),
    arch("sm_87", "Ampere", (8, 7), 1536, 16, 164, GA100_CARVEOUTS, 1),
    arch("sm_88", "Ampere", (8, 8), 1536, 16, 100, GA10X_CARVEOUTS, 1),
    arch("sm_89", "Ada", (8, 9), 1536, 24, 100, GA10X_CARVEOUTS, 1),
    arch("sm_90", "Hopper", (9, 0), 2048, 32, 228, HOPPER_CARVEOUTS, 2),
    arch("sm_100", "Blackwell", (10, 0), 2048, 32, 228, HOPPER_CARVEOUTS, 2),
    arch("sm_103", "Blackwell", (10, 3), 2048, 32, 228, HOPPER_CARVEOUTS, 1),
    arch("sm_101", "Blackwell", (10, 1), 1536, 24, 228, HOPPER_CARVEOUTS, 1),
    arch("sm_110", "Blackwell", (11, 0), 1536, 24, 228, HOPPER_CARVEOUTS, 1),
    arch("sm_120", "Blackwell", (12, 0), 1536, 24, 100, GA10X_CARVEOUTS, 1),
    arch("sm_121", "Blackwell", (12, 1), 1536, 24, 100, GA10X_CARVEOUTS, 1),
];

/// A product: an architecture and its SM count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Product {
    /// NVIDIA's name for it.
    pub name: &'static str,
    /// Other spellings accepted (compared without case, spaces or dashes).
    #[serde(skip)]
    pub aliases: &'static [&'static str],
    /// Its compute capability (`sm_XY`).
    pub arch: &'static str,
    /// Streaming multiprocessors.
    pub sms: u32,
    /// Where the SM count comes from.
    pub source: &'static str,
}

const fn product(
    name: &'static str,
    aliases: &'static [&'static str],
    arch: &'static str,
    sms: u32,
    source: &'static str,
) -> Product {
    Product { name, aliases, arch, sms, source }
}

/// Products by name: SM counts from NVIDIA's published specifications.
pub static PRODUCTS: &[Product] = &[
    product("Tesla V100", &["V100", "V100 SXM2"], "sm_70", 80, "NVIDIA Tesla V100 GPU Architecture whitepaper"),
    product(
        "Jetson AGX Xavier",
        &["Xavier"],
        "sm_72",
        8,
        "NVIDIA Jetson AGX Xavier datasheet (512 CUDA cores, 64 per SM)",
    ),
    product("Tesla T4", &["T4"], "sm_75", 40, "NVIDIA Turing GPU Architecture whitepaper (TU104 in T4)"),
    product("GeForce RTX 2080 Ti", &["RTX 2080 Ti"], "sm_75", 68, "NVIDIA Turing GPU Architecture whitepaper"),
    product("A100", &["A100 SXM4", "A100 PCIe"], "sm_80", 108, "NVIDIA A100 Tensor Core GPU Architecture whitepaper"),
    product("A30", &[], "sm_80", 56, "NVIDIA A30 datasheet"),
    product("A10", &[], "sm_86", 72, "NVIDIA A10 datasheet"),
    product("A40", &[], "sm_86", 84, "NVIDIA A40 datasheet"),
    product("GeForce RTX 3090", &["RTX 3090"], "sm_86", 82, "NVIDIA Ampere GA102 GPU Architecture whitepaper"),
    product("Jetson AGX Orin", &["Orin"], "sm_87", 16, "NVIDIA Jetson AGX Orin Series Technical Brief"),
    product("L4", &[], "sm_89", 58, "NVIDIA L4 datasheet"),
    product("L40S", &[], "sm_89", 142, "NVIDIA L40S datasheet"),
    product("GeForce RTX 4090", &["RTX 4090"], "sm_89", 128, "NVIDIA Ada GPU Architecture whitepaper"),
    product(
        "H100",
        &["H100 SXM", "H100 SXM5", "H100 80GB HBM3"],
        "sm_90",
        132,
        "NVIDIA H100 Tensor Core GPU Architecture whitepaper; multiProcessorCount of the H100 in tests/data/nvidia",
    ),
    product("H100 PCIe", &[], "sm_90", 114, "NVIDIA H100 Tensor Core GPU Architecture whitepaper"),
    product("H200", &["H200 SXM"], "sm_90", 132, "NVIDIA H200 datasheet (the H100's GH100 configuration)"),
    product("GH200", &[], "sm_90", 132, "NVIDIA Grace Hopper Superchip Architecture whitepaper"),
    product("B200", &[], "sm_100", 148, "NVIDIA Blackwell Architecture Technical Brief"),
    product("Jetson AGX Thor", &["Thor"], "sm_110", 20, "NVIDIA Jetson Thor datasheet (2560 CUDA cores, 128 per SM)"),
    product("GeForce RTX 5090", &["RTX 5090"], "sm_120", 170, "NVIDIA RTX Blackwell GPU Architecture whitepaper"),
    product("DGX Spark", &["GB10"], "sm_121", 48, "NVIDIA DGX Spark datasheet (GB10, 6144 CUDA cores)"),
];

/// An NVIDIA target: an architecture, and the product when one was named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Target {
    /// The architecture.
    pub arch: &'static Arch,
    /// The product, when the target was named by one.
    pub product: Option<&'static Product>,
}

impl Target {
    /// SMs of the product (none for a bare `sm_XY`).
    pub fn sms(&self) -> Option<u32> {
        self.product.map(|p| p.sms)
    }
}

fn squash(s: &str) -> String {
    s.chars().filter(|c| !matches!(c, ' ' | '-' | '_')).flat_map(char::to_lowercase).collect()
}

/// Find an NVIDIA target: `sm_90`, `sm_90a`, `compute_90`, `9.0`, or a product name (`H100`, `RTX 4090`,
/// `NVIDIA H100 80GB HBM3`). `None` when it names none of them (an AMD target, say).
pub fn parse_target(name: &str) -> Option<Target> {
    let t = name.trim();
    let lower = t.to_ascii_lowercase();
    let digits = lower
        .strip_prefix("sm_")
        .or_else(|| lower.strip_prefix("compute_"))
        .map(|d| d.trim_end_matches(['a', 'f']))
        .map(str::to_string)
        .or_else(|| {
            let (maj, min) = lower.split_once('.')?;
            (maj.bytes().all(|b| b.is_ascii_digit()) && min.len() == 1 && min.bytes().all(|b| b.is_ascii_digit()))
                .then(|| format!("{maj}{min}"))
        });
    if let Some(d) = digits {
        let want = format!("sm_{d}");
        return ARCHS.iter().find(|a| a.name == want).map(|arch| Target { arch, product: None });
    }
    let key = squash(lower.strip_prefix("nvidia").unwrap_or(&lower));
    let key = key.strip_prefix("geforce").map(str::to_string).unwrap_or(key);
    let product = PRODUCTS.iter().find(|p| {
        let names = std::iter::once(p.name).chain(p.aliases.iter().copied());
        names.map(squash).any(|n| n == key || n.strip_prefix("geforce") == Some(key.as_str()))
    })?;
    let arch = ARCHS.iter().find(|a| a.name == product.arch)?;
    Some(Target { arch, product: Some(product) })
}

/// Does the name look like an NVIDIA target at all (so a failed lookup is refused as NVIDIA's)?
pub fn looks_nvidia(name: &str) -> bool {
    let l = name.trim().to_ascii_lowercase();
    l.starts_with("sm_") || l.starts_with("compute_") || l.starts_with("nvidia") || l.starts_with("nvptx")
}

/// The L1/shared split asked for: CUDA's `cudaFuncAttributePreferredSharedMemoryCarveout`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Carveout {
    /// No preference: the most shared memory the SM has.
    #[default]
    Default,
    /// This percentage of the largest shared memory (0 to 100), rounded up to a size the SM has.
    Percent(u32),
}

/// A kernel at a launch: what `cudaFuncGetAttributes` and the launch give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Kernel {
    /// Registers per thread (`numRegs`, ptxas `-v`'s "Used N registers").
    pub regs: u32,
    /// Threads per block.
    pub block: u32,
    /// Static shared memory (`sharedSizeBytes`).
    pub shared_mem: u32,
    /// Dynamic shared memory given at launch.
    pub dynamic_shared_mem: u32,
    /// The kernel's dynamic shared memory limit (`cudaFuncAttributeMaxDynamicSharedMemorySize`); `None`:
    /// the default, 48 KiB less the static shared memory.
    pub max_dynamic_shared_mem: Option<u32>,
    /// Named block barriers the kernel uses (the runtime assumes 1).
    pub barriers: u32,
    /// The shared-memory carveout preference.
    pub carveout: Carveout,
}

impl Kernel {
    /// A kernel of `regs` registers per thread launched with `block` threads, nothing else.
    pub const fn new(regs: u32, block: u32) -> Self {
        Kernel {
            regs,
            block,
            shared_mem: 0,
            dynamic_shared_mem: 0,
            max_dynamic_shared_mem: None,
            barriers: 1,
            carveout: Carveout::Default,
        }
    }

    fn max_dynamic(&self) -> u32 {
        self.max_dynamic_shared_mem.unwrap_or(SHARED_MEM_PER_BLOCK.saturating_sub(self.shared_mem))
    }
}

/// What limits resident blocks, in CUDA's words (`cudaOccLimitingFactor`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Limiter {
    /// Warps per SM.
    Warps,
    /// Registers.
    Regs,
    /// Shared memory.
    SharedMem,
    /// Block slots per SM.
    Blocks,
    /// Named block barriers.
    Barriers,
}

impl Limiter {
    /// The name as printed and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Limiter::Warps => "warps",
            Limiter::Regs => "regs",
            Limiter::SharedMem => "shared_mem",
            Limiter::Blocks => "blocks",
            Limiter::Barriers => "barriers",
        }
    }
}

/// Blocks per SM each limiter allows (`None`: that resource does not limit, CUDA's INT_MAX).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// From warps per SM.
    pub warps: u32,
    /// From registers.
    pub regs: Option<u32>,
    /// From shared memory.
    pub shared_mem: Option<u32>,
    /// From the block slots.
    pub blocks: u32,
    /// From named barriers.
    pub barriers: Option<u32>,
}

/// Why a kernel cannot be resident at all: the first limiter at 0 and what it needed.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Unlaunchable {
    /// More threads than a block may have.
    #[error("{block} threads is more than a block may have ({max})")]
    BlockSize { block: u32, max: u32 },
    /// More registers per thread than the hardware allocates, or than one block may hold.
    #[error("{regs} registers per thread x {block} threads needs {needed} registers per block; a block may hold {max} (and a thread at most {per_thread})")]
    Regs { regs: u32, block: u32, needed: u32, max: u32, per_thread: u32 },
    /// Dynamic shared memory over the kernel's limit.
    #[error("{dynamic} bytes of dynamic shared memory is over the kernel's limit of {limit} (raise it with cudaFuncAttributeMaxDynamicSharedMemorySize, up to {optin})")]
    DynamicSharedMem { dynamic: u32, limit: u32, optin: u32 },
    /// More named barriers per block than the SM has for one block.
    #[error(
        "{barriers} named barriers per block: the SM has {available} for all its blocks ({per_slot} per block slot)"
    )]
    Barriers { barriers: u32, available: u32, per_slot: u32 },
    /// Shared memory per block over the per-block maximum.
    #[error("{allocated} bytes of shared memory per block (static, dynamic and {reserved} reserved by the driver, in {granule}-byte units) is more than a block may have ({max})")]
    SharedMem { allocated: u64, reserved: u32, granule: u32, max: u64 },
}

/// The occupancy of a kernel at a launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Occupancy {
    /// The architecture.
    pub arch: &'static str,
    /// Blocks resident per SM.
    pub blocks_per_sm: u32,
    /// Warps resident per SM (blocks x warps per block).
    pub warps_per_sm: u32,
    /// Warps an SM holds at most.
    pub max_warps_per_sm: u32,
    /// Blocks per SM each limiter allows.
    pub limits: Limits,
    /// The limiters at the minimum (as CUDA's `limitingFactors`, except where named barriers bind below
    /// every other limiter: CUDA then also keeps the others' flags, this lists the barriers alone).
    #[serde(serialize_with = "ser_limiters")]
    pub limiters: [Option<Limiter>; 5],
    /// Registers allocated to a block.
    pub allocated_regs_per_block: u32,
    /// Shared memory allocated to a block, with the reserved bytes, in allocation units.
    pub allocated_shared_mem_per_block: u64,
    /// Shared memory the SM is configured with for this kernel (the carveout, rounded up to a size it has).
    pub shared_mem_per_sm: u64,
    /// Why no block fits, when none does.
    pub unlaunchable: Option<Unlaunchable>,
}

fn ser_limiters<S: serde::Serializer>(l: &[Option<Limiter>; 5], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(l.iter().flatten())
}

impl Occupancy {
    /// The binding limiters in order.
    pub fn binding(&self) -> impl Iterator<Item = Limiter> + '_ {
        self.limiters.iter().flatten().copied()
    }

    /// Warps per SM as a fraction of the most an SM holds (what the CUDA calculator calls occupancy).
    pub fn fraction(&self) -> f64 {
        f64::from(self.warps_per_sm) / f64::from(self.max_warps_per_sm)
    }
}

/// Bad input to the NVIDIA model (a kernel that does not fit is an answer, [`Unlaunchable`], not this).
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Error, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum NvRefusal {
    /// A block of 0 threads.
    #[error("a block has at least 1 thread")]
    ZeroBlock,
    /// A carveout over 100%.
    #[error("a shared-memory carveout is a percentage, 0 to 100 (not {0})")]
    Carveout(u32),
    /// A dynamic shared memory limit the driver refuses to set (`cudaFuncSetAttribute` fails above the
    /// opt-in maximum less the kernel's static shared memory, and a launch at it fails).
    #[error("a dynamic shared memory limit of {limit} bytes is over what {arch} lets a kernel with {static_shared} bytes of static shared memory set ({max}: {optin} per block, opt-in, less the static)")]
    MaxDynamicOverOptin { arch: &'static str, limit: u32, static_shared: u32, max: u32, optin: u32 },
    /// More named barriers than a block has (PTX: `bar.sync` 0 to 15).
    #[error("{0} named barriers: a block has at most {MAX_BARRIERS_PER_BLOCK} (bar.sync 0 to 15)")]
    TooManyBarriers(u32),
    /// A warps target of 0 or over the SM's.
    #[error("{warps} warps per SM is outside 1 to {max} on {arch}")]
    Warps { arch: &'static str, warps: u32, max: u32 },
    /// A blocks target of 0 or over the SM's.
    #[error("{blocks} blocks per SM is outside 1 to {max} on {arch}")]
    Blocks { arch: &'static str, blocks: u32, max: u32 },
    /// The kernel cannot launch at any register count (its block, shared memory or barriers).
    #[error("{want} on {arch}: the kernel cannot launch at any register count: {why}")]
    Unlaunchable { arch: &'static str, want: String, why: Unlaunchable },
    /// No register count reaches the target: another limiter is below it at any count.
    #[error("{want} on {arch} is out of reach at any register count: {limiter} allows {allows} blocks per SM ({warps} warps)")]
    OutOfReach { arch: &'static str, want: String, limiter: &'static str, allows: u32, warps: u32 },
}

crate::kind_is_variant!(NvRefusal);

fn round_up(x: u64, unit: u64) -> u64 {
    x.div_ceil(unit) * unit
}

impl Arch {
    /// Warps per SM at most.
    pub const fn max_warps_per_sm(&self) -> u32 {
        self.max_threads_per_sm / WARP_SIZE
    }

    /// Dynamic shared memory a block may opt into (`sharedMemPerBlockOptin`).
    pub const fn shared_mem_per_block_optin(&self) -> u32 {
        self.shared_mem_per_sm - self.reserved_shared_mem_per_block
    }

    /// Shared memory is allocated to a block in units of this many bytes.
    pub const fn shared_mem_granule(&self) -> u32 {
        if self.major >= 8 {
            128
        } else {
            256
        }
    }

    /// The smallest carveout the SM has at or above `bytes` (`cudaOccAlignUpShmemSizeVoltaPlus`).
    fn align_carveout(&self, bytes: u64) -> Option<u64> {
        self.carveouts_kib.iter().map(|&k| u64::from(k) * 1024).find(|&c| c >= bytes)
    }

    /// Shared memory per SM the carveout preference asks for (`cudaOccSMemPreferenceVoltaPlus`).
    fn preferred_shared_mem(&self, carveout: Carveout) -> Option<u64> {
        let full = u64::from(self.shared_mem_per_sm);
        match carveout {
            Carveout::Default => self.align_carveout(full),
            Carveout::Percent(p) => self.align_carveout(u64::from(p) * full / 100),
        }
    }

    /// Blocks per SM for `kernel` (`cudaOccMaxActiveBlocksPerMultiprocessor`).
    pub fn occupancy(&'static self, kernel: &Kernel) -> Result<Occupancy, NvRefusal> {
        if kernel.block == 0 {
            return Err(NvRefusal::ZeroBlock);
        }
        if let Carveout::Percent(p) = kernel.carveout {
            if p > 100 {
                return Err(NvRefusal::Carveout(p));
            }
        }
        if kernel.barriers > MAX_BARRIERS_PER_BLOCK {
            return Err(NvRefusal::TooManyBarriers(kernel.barriers));
        }
        if let Some(limit) = kernel.max_dynamic_shared_mem {
            let optin = self.shared_mem_per_block_optin();
            let max = optin.saturating_sub(kernel.shared_mem);
            if limit > max {
                return Err(NvRefusal::MaxDynamicOverOptin {
                    arch: self.name,
                    limit,
                    static_shared: kernel.shared_mem,
                    max,
                    optin,
                });
            }
        }
        let mut unlaunchable = None;
        let warps_per_block = kernel.block.div_ceil(WARP_SIZE);

        // Registers (cudaOccMaxBlocksPerSMRegsLimit).
        let regs_per_warp = u64::from(kernel.regs) * u64::from(WARP_SIZE);
        let regs_alloc_warp = round_up(regs_per_warp, u64::from(REG_ALLOCATION_UNIT));
        let regs_per_block = regs_alloc_warp.saturating_mul(u64::from(warps_per_block));
        let regs_assumed =
            regs_alloc_warp.saturating_mul(round_up(u64::from(warps_per_block), u64::from(SUB_PARTITIONS)));
        let regs_limit = if regs_assumed > u64::from(REGS_PER_SM)
            || regs_per_block > u64::from(REGS_PER_SM)
            || kernel.regs > MAX_REGS_PER_THREAD
        {
            unlaunchable.get_or_insert(Unlaunchable::Regs {
                regs: kernel.regs,
                block: kernel.block,
                needed: u32::try_from(regs_assumed).unwrap_or(u32::MAX),
                max: REGS_PER_SM,
                per_thread: MAX_REGS_PER_THREAD,
            });
            Some(0)
        } else {
            // 0 registers: registers do not limit (CUDA's INT_MAX).
            u64::from(REGS_PER_SM / SUB_PARTITIONS)
                .checked_div(regs_alloc_warp)
                .map(|per_partition| (per_partition * u64::from(SUB_PARTITIONS) / u64::from(warps_per_block)) as u32)
        };

        // Warps (cudaOccMaxBlocksPerSMWarpsLimit).
        let warps_limit = if kernel.block > MAX_THREADS_PER_BLOCK {
            unlaunchable = Some(Unlaunchable::BlockSize { block: kernel.block, max: MAX_THREADS_PER_BLOCK });
            0
        } else {
            self.max_warps_per_sm() / warps_per_block
        };

        // Shared memory (cudaOccMaxBlocksPerSMSmemLimit), as the runtime calls it: the opt-in limit config.
        let granule = u64::from(self.shared_mem_granule());
        let static_smem = u64::from(kernel.shared_mem) + u64::from(self.reserved_shared_mem_per_block);
        let allocated = round_up(static_smem + u64::from(kernel.dynamic_shared_mem), granule);
        let max_usage = static_smem + u64::from(kernel.max_dynamic());
        let per_block_limit = if max_usage > u64::from(SHARED_MEM_PER_BLOCK) {
            u64::from(self.shared_mem_per_block_optin())
        } else {
            u64::from(SHARED_MEM_PER_BLOCK)
        } + u64::from(self.reserved_shared_mem_per_block);
        let preferred = self.preferred_shared_mem(kernel.carveout).unwrap_or(u64::from(self.shared_mem_per_sm));
        let mut sm_shared = preferred;
        let smem_limit = if kernel.dynamic_shared_mem > kernel.max_dynamic() {
            unlaunchable.get_or_insert(Unlaunchable::DynamicSharedMem {
                dynamic: kernel.dynamic_shared_mem,
                limit: kernel.max_dynamic(),
                optin: self.shared_mem_per_block_optin().saturating_sub(kernel.shared_mem),
            });
            Some(0)
        } else if allocated > per_block_limit {
            unlaunchable.get_or_insert(Unlaunchable::SharedMem {
                allocated,
                reserved: self.reserved_shared_mem_per_block,
                granule: self.shared_mem_granule(),
                max: per_block_limit,
            });
            Some(0)
        } else {
            if preferred < allocated {
                // The driver raises the carveout to the smallest size that holds one block.
                sm_shared = self.align_carveout(allocated).unwrap_or(allocated);
            }
            // No shared memory at all: it does not limit (CUDA's INT_MAX).
            sm_shared.checked_div(allocated).map(|b| b as u32)
        };

        let blocks_limit = self.max_blocks_per_sm;
        let mut limit = [regs_limit, smem_limit, Some(warps_limit), Some(blocks_limit)]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(blocks_limit);
        let mut limiters = [None; 5];
        let order = [
            (Limiter::Warps, Some(warps_limit)),
            (Limiter::Regs, regs_limit),
            (Limiter::SharedMem, smem_limit),
            (Limiter::Blocks, Some(blocks_limit)),
        ];
        for (i, (l, v)) in order.iter().enumerate() {
            if *v == Some(limit) {
                limiters[i] = Some(*l);
            }
        }
        // Named barriers (cudaOccMaxBlocksPerSMBlockBarrierLimit), from 9.0.
        let barriers_limit = if self.major >= 9 && kernel.barriers > 0 {
            let available = self.barriers_per_block_slot * blocks_limit;
            let b = available / kernel.barriers;
            if b == 0 {
                unlaunchable.get_or_insert(Unlaunchable::Barriers {
                    barriers: kernel.barriers,
                    available,
                    per_slot: self.barriers_per_block_slot,
                });
            }
            if b < limit {
                limiters = [None; 5];
            }
            limit = limit.min(b);
            if b == limit {
                limiters[4] = Some(Limiter::Barriers);
            }
            Some(b)
        } else {
            None
        };
        Ok(Occupancy {
            arch: self.name,
            blocks_per_sm: limit,
            warps_per_sm: limit * warps_per_block,
            max_warps_per_sm: self.max_warps_per_sm(),
            limits: Limits {
                warps: warps_limit,
                regs: regs_limit,
                shared_mem: smem_limit,
                blocks: blocks_limit,
                barriers: barriers_limit,
            },
            limiters,
            allocated_regs_per_block: u32::try_from(regs_per_block).unwrap_or(u32::MAX),
            allocated_shared_mem_per_block: allocated,
            shared_mem_per_sm: sm_shared,
            unlaunchable: if limit == 0 { unlaunchable } else { None },
        })
    }
}

/// What a register budget asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Want {
    /// At least this many warps resident per SM.
    WarpsPerSm(u32),
    /// At least this many blocks resident per SM.
    BlocksPerSm(u32),
}

impl std::fmt::Display for Want {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Want::WarpsPerSm(w) => write!(f, "{w} warps per SM"),
            Want::BlocksPerSm(b) => write!(f, "{b} blocks per SM"),
        }
    }
}

/// The register budget for a target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Budget {
    /// The largest register count per thread that reaches the target (a multiple of 8, or 255).
    pub max_regs: u32,
    /// The occupancy at that count.
    pub occupancy: Occupancy,
    /// The register count `above` is at: one more than `max_regs` (allocated as the next unit), none at
    /// ptxas's 255 or where no count above fits.
    pub above_regs: Option<u32>,
    /// What the next register (one allocation unit more) costs: the occupancy there, if any register
    /// count above fits.
    pub above: Option<Occupancy>,
}

impl Arch {
    /// The largest register count per thread (up to ptxas's 255) at which `kernel` (its `regs` ignored)
    /// reaches `want`; refused when no count does, naming the limiter that stands in the way.
    pub fn budget(&'static self, kernel: &Kernel, want: Want) -> Result<Budget, NvRefusal> {
        let warps_per_block = kernel.block.max(1).div_ceil(WARP_SIZE);
        match want {
            Want::WarpsPerSm(w) if w == 0 || w > self.max_warps_per_sm() => {
                return Err(NvRefusal::Warps { arch: self.name, warps: w, max: self.max_warps_per_sm() });
            }
            Want::BlocksPerSm(b) if b == 0 || b > self.max_blocks_per_sm => {
                return Err(NvRefusal::Blocks { arch: self.name, blocks: b, max: self.max_blocks_per_sm });
            }
            _ => {}
        }
        let reaches = |o: &Occupancy| match want {
            Want::WarpsPerSm(w) => o.warps_per_sm >= w,
            Want::BlocksPerSm(b) => o.blocks_per_sm >= b,
        };
        let at = |regs| self.occupancy(&Kernel { regs, ..*kernel });
        // Occupancy does not grow with registers, so the answer is the last count that reaches.
        let floor = at(0)?;
        if let Some(why) = floor.unlaunchable {
            return Err(NvRefusal::Unlaunchable {
                arch: self.name,
                want: format!("{want} at {} threads per block", kernel.block),
                why,
            });
        }
        if !reaches(&floor) {
            let limiter = floor.binding().find(|l| *l != Limiter::Regs).unwrap_or(Limiter::Warps);
            return Err(NvRefusal::OutOfReach {
                arch: self.name,
                want: format!("{want} at {} threads per block", kernel.block),
                limiter: limiter.name(),
                allows: floor.blocks_per_sm,
                warps: floor.blocks_per_sm * warps_per_block,
            });
        }
        let (mut lo, mut hi) = (0u32, PTXAS_MAX_REGS);
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if reaches(&at(mid)?) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        // One register more: the next allocation unit (`lo` is a multiple of it below 255).
        let above_regs = (lo < PTXAS_MAX_REGS).then_some(lo + 1);
        let above = above_regs.map(&at).transpose()?.filter(|o| o.blocks_per_sm > 0);
        Ok(Budget { max_regs: lo, occupancy: at(lo)?, above_regs: above_regs.filter(|_| above.is_some()), above })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_warps_and_blocks_any_sm_holds_are_the_tables() {
        assert_eq!(ARCHS.iter().map(|a| a.max_warps_per_sm()).max(), Some(MAX_WARPS_PER_SM_ANY));
        assert_eq!(ARCHS.iter().map(|a| a.max_blocks_per_sm).max(), Some(MAX_BLOCKS_PER_SM_ANY));
    }

    fn h100() -> &'static Arch {
        parse_target("H100").unwrap().arch
    }

    #[test]
    fn names() {
        assert_eq!(parse_target("sm_90a").unwrap().arch.name, "sm_90");
        assert_eq!(parse_target("9.0").unwrap().arch.name, "sm_90");
        assert_eq!(parse_target("compute_89").unwrap().arch.name, "sm_89");
        assert_eq!(parse_target("NVIDIA H100 80GB HBM3").unwrap().product.unwrap().sms, 132);
        assert_eq!(parse_target("rtx-4090").unwrap().product.unwrap().name, "GeForce RTX 4090");
        assert_eq!(parse_target("NVIDIA GeForce RTX 4090").unwrap().arch.name, "sm_89");
        assert!(parse_target("sm_72").is_some());
        assert!(parse_target("sm_107").is_none());
        assert!(parse_target("gfx942").is_none());
        assert!(parse_target("MI300X").is_none());
        assert!(looks_nvidia("sm_72"));
        for p in PRODUCTS {
            assert!(ARCHS.iter().any(|a| a.name == p.arch), "{}", p.name);
        }
    }

    /// Worked by hand from the header's rules: 33 registers -> 40 per thread allocated (1280 per warp),
    /// 12 warps per 16K sub-partition, 48 warps per SM: 12 blocks of 4 warps (the H100 runs 48 warps).
    #[test]
    fn h100_by_hand() {
        let o = h100().occupancy(&Kernel::new(33, 128)).unwrap();
        assert_eq!((o.blocks_per_sm, o.warps_per_sm), (12, 48));
        assert_eq!(o.binding().collect::<Vec<_>>(), [Limiter::Regs]);
        assert_eq!(o.allocated_regs_per_block, 1280 * 4);
        // The header takes up to 256 registers per thread; 257 cannot launch.
        let o = h100().occupancy(&Kernel::new(257, 32)).unwrap();
        assert_eq!(o.blocks_per_sm, 0);
        assert!(matches!(o.unlaunchable, Some(Unlaunchable::Regs { .. })));
        // 16 KiB dynamic: 16 + 1024 + 16384 -> 17536 bytes per block, 233472 / 17536 = 13.
        let k = Kernel { shared_mem: 16, dynamic_shared_mem: 16384, ..Kernel::new(32, 128) };
        let o = h100().occupancy(&k).unwrap();
        assert_eq!(o.blocks_per_sm, 13);
        assert_eq!(o.binding().collect::<Vec<_>>(), [Limiter::SharedMem]);
        // Over the default 48 KiB without opting in: unlaunchable, and says how to opt in.
        let k = Kernel { dynamic_shared_mem: 65536, ..Kernel::new(32, 128) };
        let o = h100().occupancy(&k).unwrap();
        assert!(matches!(o.unlaunchable, Some(Unlaunchable::DynamicSharedMem { limit: 49152, .. })), "{o:?}");
    }

    /// Inputs no compiler writes: no panic, no wrapped count, and a reason wherever no block fits.
    #[test]
    fn extreme_inputs_are_answered() {
        let o = h100().occupancy(&Kernel::new(u32::MAX, u32::MAX)).unwrap();
        assert_eq!(o.blocks_per_sm, 0);
        assert_eq!(o.allocated_regs_per_block, u32::MAX);
        assert!(o.unlaunchable.is_some());
        // More named barriers than a block has (PTX's 16, bar.sync 0 to 15) is refused; 16 (bar.sync 15) bind:
        // 2 per block slot x 32 slots on sm_90 is 64, 4 blocks (the H200 driver's answer at 32 threads).
        let k = Kernel { barriers: 17, ..Kernel::new(32, 32) };
        assert_eq!(h100().occupancy(&k).unwrap_err(), NvRefusal::TooManyBarriers(17));
        let o = h100().occupancy(&Kernel { barriers: 16, ..Kernel::new(32, 32) }).unwrap();
        assert_eq!(o.blocks_per_sm, 4);
        // A dynamic limit above the opt-in maximum less the static size is refused, as the driver refuses to
        // set it: 232,448 on sm_90, less 1,000 static.
        let over = Kernel { shared_mem: 1000, max_dynamic_shared_mem: Some(231_449), ..Kernel::new(32, 128) };
        let e = h100().occupancy(&over).unwrap_err();
        assert!(matches!(e, NvRefusal::MaxDynamicOverOptin { max: 231_448, .. }), "{e}");
        let at = Kernel { max_dynamic_shared_mem: Some(231_448), ..over };
        assert!(h100().occupancy(&at).is_ok());
        // A budget for a kernel that cannot launch says why, not "0 blocks".
        let e = h100().budget(&Kernel::new(0, 2048), Want::WarpsPerSm(8)).unwrap_err();
        assert!(matches!(e, NvRefusal::Unlaunchable { why: Unlaunchable::BlockSize { block: 2048, .. }, .. }), "{e}");
        assert!(e
            .to_string()
            .contains("cannot launch at any register count: 2048 threads is more than a block may have (1024)"));
    }

    #[test]
    fn budget_is_the_last_count_that_reaches() {
        for want in [Want::WarpsPerSm(8), Want::WarpsPerSm(32), Want::WarpsPerSm(64), Want::BlocksPerSm(3)] {
            for block in [32, 96, 128, 256, 1024] {
                let k = Kernel::new(0, block);
                match h100().budget(&k, want) {
                    Ok(b) => {
                        let ok = |o: &Occupancy| match want {
                            Want::WarpsPerSm(w) => o.warps_per_sm >= w,
                            Want::BlocksPerSm(n) => o.blocks_per_sm >= n,
                        };
                        assert!(ok(&b.occupancy));
                        for r in b.max_regs + 1..=PTXAS_MAX_REGS {
                            assert!(!ok(&h100().occupancy(&Kernel::new(r, block)).unwrap()), "{want} {block} {r}");
                        }
                    }
                    Err(NvRefusal::OutOfReach { .. }) => {
                        assert!(!match want {
                            Want::WarpsPerSm(w) => h100().occupancy(&k).unwrap().warps_per_sm >= w,
                            Want::BlocksPerSm(n) => h100().occupancy(&k).unwrap().blocks_per_sm >= n,
                        });
                    }
                    Err(e) => panic!("{e}"),
                }
            }
        }
        assert!(h100().budget(&Kernel::new(0, 128), Want::WarpsPerSm(65)).is_err());
    }
}
