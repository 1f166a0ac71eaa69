//! clap definitions of the subcommands, in the vocabulary of llvm-readelf and LLVM's remarks.

use clap::{Args, Parser, Subcommand};
use wavebudget_engine::vendor::{Flag, Given};

/// Occupancy and register budgets for AMD GPUs, exact against LLVM 22.
#[derive(Debug, Parser)]
#[command(name = "wavebudget", version = crate::version_text(), about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the target table: every processor LLVM 22 accepts for compute.
    Targets {
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// The NVIDIA table instead: every compute capability modelled and the products by name.
        #[arg(long)]
        nvidia: bool,
    },
    /// Waves/SIMD for a kernel's registers, LDS and launch size: each limiter, the binding one, the next step.
    Occupancy(OccupancyArgs),
    /// The inverse: register, SGPR and LDS budgets for a waves/SIMD target.
    Budget(BudgetArgs),
    /// Read code objects (.o, .hsaco, offload bundles, HIP executables and libraries): every kernel's
    /// registers, spills, LDS, descriptor and occupancy.
    Inspect(InspectArgs),
    /// The register-budget ladder: compile every kernel of an LLVM IR module in process, unchanged and at
    /// each waves target (amdgpu-waves-per-eu set by the amdgpu-occupancy-budget pass), and report what
    /// each budget costs: registers, spills, scratch and the occupancy reached.
    Sweep(SweepCmdArgs),
    /// Sweep, then set each kernel's amdgpu-waves-per-eu to the waves target the latency-hiding model picks
    /// (the lowest W whose waves cover the hot loop's latency; without figures for the processor, the
    /// highest W) among the levels without spills (or
    /// with at most --max-spills) and write the module.
    Tune(TuneArgs),
    /// The GPUs of this machine (or of a captured KFD topology) and their parameters.
    Device(DeviceArgs),
    /// The launch size to use (what cudaOccupancyMaxPotentialBlockSize answers on NVIDIA): of the
    /// multiples of the wave size in the kernel's range, the one with the most waves resident per SIMD
    /// (ties to the largest), and the grid that fills the device once.
    Suggest(SuggestArgs),
    /// Occupancy of one kernel of a binary on a device: waves/SIMD, limiter, resident workgroups per CU and
    /// the persistent grid size.
    Dispatch(DispatchArgs),
    /// Put occupancy data into every code object of a file (a code object, an offload bundle, or a host
    /// binary with .hip_fatbin): .wavebudget.* keys in each kernel's metadata and a compact kernel table
    /// note for runtimes. Writes OUT atomically; never modifies IN; embedding twice equals once.
    Embed(EmbedArgs),
    /// The flags that load the amdgpu-occupancy-budget plugin into a compiler and ask for W waves,
    /// spelled for that compiler's LLVM major (15, 19 or 22: `--cc` is run with `--version`).
    PassFlags(PassFlagsArgs),
    /// What a register budget did to the code, per kernel: instructions by class, the waits that expose
    /// memory latency (vmcnt(0), lgkmcnt(0)), loops and the hot loop, AGPR copies, scratch traffic. Reads
    /// assembly text (llc -filetype=asm, Triton's .amdgcn) and, disassembled in process, code objects,
    /// bundles and HIP binaries. --compare A B: the deltas between two builds of a kernel.
    Isa(IsaArgs),
    /// One self-contained HTML page (no network, scripts or fonts fetched): per GPU, occupancy and
    /// limiter histograms, the kernels that spill and those one granule from another wave, a filterable
    /// table; per kernel, the limiters, occupancy vs VGPRs, LDS and launch size (LLVM's rule and the
    /// hardware's), the budget ladder and, from sweep JSON, the measured ladder. Inputs as `inspect`
    /// takes them, and `wavebudget sweep --json` output; or no input and --target T --vgprs N: the
    /// calculator view of one configuration.
    Report(ReportArgs),
    /// Rank the compiled configurations of one kernel on one problem by the latency-hiding model: the
    /// predicted time against the fastest, the cause that binds (matrix or memory latency, bandwidth,
    /// compute peak, spills, the last wave's tail), occupancy and coverage. Input: JSON lines, one
    /// candidate each (`name`, `ir` or `asm`, `registers`, `spills`, `shared`, `num_warps`, `grid`; with
    /// `measured` on every line, the ranking is checked against it). docs/advice.md
    Advise(AdviseArgs),
}

#[derive(Debug, Args)]
pub struct AdviseArgs {
    /// The candidates: JSON-lines files, Triton cache directories (each entry's launch JSON, its cubin's or
    /// code object's counts, its .ptx or .amdgcn as instructions), cubins or code objects.
    #[arg(required = true)]
    pub inputs: Vec<String>,
    /// Workgroups each candidate from a cache entry, cubin or code object launches (a JSON line says its
    /// own); without it their last wave's tail is not counted.
    #[arg(long, value_parser = whole_u64, allow_negative_numbers = true)]
    pub grid: Option<u64>,
    /// The kernel whose configs to rank, where cache entries or binaries hold several (its symbol).
    #[arg(long)]
    pub kernel: Option<String>,
    /// The product whose figures to use: H200, H100, A100, MI300X, MI355X.
    #[arg(long, short = 't')]
    pub target: String,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Rows to print (every candidate is ranked): the first N.
    #[arg(long, value_parser = count_usize, allow_negative_numbers = true)]
    pub top: Option<usize>,
}

/// Kernels `report` draws with charts unless `--details` says otherwise.
pub const DEFAULT_DETAILS: usize = wavebudget_report::DEFAULT_DETAILS;

#[derive(Debug, Args)]
pub struct ReportArgs {
    /// Inputs: code objects, offload bundles, HIP binaries, Triton cache directories, sweep JSON. None: the
    /// configuration given by --target, --vgprs, ...
    pub files: Vec<String>,
    /// The HTML file to write (atomically; never over an input).
    #[arg(long, short = 'o', required = true)]
    pub output: String,
    #[command(flatten)]
    pub eval: EvaluationArgs,
    /// Kernels drawn with charts at most; above it, those that spill, then those one granule from
    /// another wave, then the lowest occupancy (every kernel is in the table).
    #[arg(long, value_parser = count_usize, allow_negative_numbers = true, default_value_t = DEFAULT_DETAILS)]
    pub details: usize,
    /// The page's title.
    #[arg(long)]
    pub title: Option<String>,
    /// The configuration (calculator view).
    #[command(flatten)]
    pub resources: ResourceArgs,
    /// Configuration: wave size (GFX10+ default 32).
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub wave_size: Option<u32>,
    /// Configuration: CU mode instead of WGP mode (GFX10-12).
    #[arg(long)]
    pub cu_mode: bool,
    /// NVIDIA configuration (--target sm_90 or a product): the kernel in CUDA's terms.
    #[command(flatten)]
    pub nvidia: NvidiaArgs,
}

#[derive(Debug, Args)]
pub struct IsaArgs {
    /// Inputs: assembly text, code objects, offload bundles, HIP binaries.
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Only kernels whose name matches this regular expression (or whose symbol, NAME.kd, it is).
    #[arg(long)]
    pub kernel: Option<String>,
    /// Two inputs, A then B: the deltas for each kernel in both (or the one kernel of each).
    #[arg(long)]
    pub compare: bool,
    /// The LLVM major whose rules give a binary's occupancy (15, 19 or 22, the default): the compiler that
    /// built it. Assembly text carries its compiler's own `; Occupancy` line instead.
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub llvm: Option<u32>,
}

#[derive(Debug, Args)]
pub struct PassFlagsArgs {
    /// The compiler: clang, clang++-19, hipcc, /opt/rocm/llvm/bin/clang, ...
    #[arg(long)]
    pub cc: String,
    /// Waves per SIMD to ask for.
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub waves: u32,
    /// The plugin [default: where scripts/build-pass.sh N puts it, next to this wavebudget].
    #[arg(long)]
    pub plugin: Option<String>,
    /// The pass's mode: set (the default), advise or auto.
    #[arg(long)]
    pub mode: Option<String>,
    /// Records for the pass (a sweep's --json output): exact counts instead of the estimate.
    #[arg(long)]
    pub records: Option<String>,
}

#[derive(Debug, Args)]
pub struct EmbedArgs {
    /// Input: code object (.o or linked), offload bundle (compressed or not), or host ELF with .hip_fatbin.
    pub file: String,
    /// Output file (written atomically, never over the input).
    #[arg(long, short = 'o', required = true)]
    pub output: String,
}

#[derive(Debug, Args)]
pub struct DeviceArgs {
    /// KFD topology root (default /sys/class/kfd/kfd/topology): a directory with nodes/<N>/properties.
    #[arg(long, conflicts_with = "hsa")]
    pub kfd_root: Option<String>,
    /// Ask the HSA runtime (dlopen libhsa-runtime64.so.1) instead of reading the KFD topology.
    #[arg(long)]
    pub hsa: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct DispatchArgs {
    /// Code object, offload bundle or host binary with .hip_fatbin.
    pub file: String,
    /// The kernel: its name or symbol, or a regular expression matching exactly one kernel.
    #[arg(long, required = true)]
    pub kernel: String,
    /// The device by processor (gfx942, MI300X); no CU count, so no persistent grid size.
    #[arg(long, conflicts_with = "kfd_root")]
    pub device: Option<String>,
    /// The device from a KFD topology root (its first GPU node).
    #[arg(long)]
    pub kfd_root: Option<String>,
    /// Launch size, N (or N,N: the syntax of the other subcommands; a dispatch has one size). Default:
    /// the kernel's .reqd_workgroup_size, else its .max_flat_workgroup_size.
    #[arg(long, value_parser = wg_size_text, allow_hyphen_values = true)]
    pub wg_size: Option<String>,
    /// Dynamic LDS bytes per workgroup, on top of the kernel's static LDS.
    #[arg(long, value_parser = count, allow_negative_numbers = true, default_value_t = 0)]
    pub dynamic_lds: u32,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct SweepArgs {
    /// LLVM IR modules for amdgcn-amd-amdhsa: text (.ll) or bitcode (.bc); `tune` takes one.
    #[arg(required = true, value_name = "FILES")]
    pub files: Vec<String>,
    /// Processor for every kernel (default: each kernel's "target-cpu").
    #[arg(long, short = 't')]
    pub target: Option<String>,
    /// Launch size for every kernel: N or MIN,MAX (sets "amdgpu-flat-work-group-size"="MIN,MAX").
    #[arg(long, allow_hyphen_values = true)]
    pub wg_size: Option<String>,
    /// Waves targets: a range (1..8), a list (2,4,6) or one value (default: 1 to the target's maximum).
    #[arg(long)]
    pub waves: Option<String>,
    /// Compiles in parallel (default: the number of cores).
    #[arg(long, value_parser = count_usize, allow_negative_numbers = true, short = 'j')]
    pub jobs: Option<usize>,
    /// Print JSON (also what the pass reads back as records=).
    #[arg(long)]
    pub json: bool,
    /// Compile on a Ray cluster (ADDRESS: host:port, ray://host:port, or auto): the same ladder, in
    /// shards over the cluster's workers; needs the Python package with Ray (pip install 'wavebudget[ray]')
    /// and this command with LLVM 22 on every node (docs/sweep.md).
    #[arg(long, value_name = "ADDRESS")]
    pub ray: Option<String>,
}

#[derive(Debug, Args)]
pub struct SweepCmdArgs {
    #[command(flatten)]
    pub sweep: SweepArgs,
    /// Write the ladder to FILE (atomically; nothing is written when the sweep stops early) instead of
    /// printing it.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<String>,
    /// Only kernels whose name matches this regular expression (or whose symbol, NAME.kd, it is), as
    /// every command's --kernel (repeatable: a kernel any of them keeps; one input file).
    #[arg(long, value_name = "NAME")]
    pub kernel: Vec<String>,
    /// Print what would be compiled (per file: kernels, processor, levels, IR size) as JSON, and stop.
    #[arg(long)]
    pub plan: bool,
    /// Leave the unconstrained build out (a shard of a distributed sweep).
    #[arg(long, hide = true)]
    pub no_baseline: bool,
    /// How errors are written on stderr: `text` (a line each, `error: ...`) or `json` (an object a line:
    /// `kind`, `file`, `kernel`, `message`; what a distributed sweep's driver reads).
    #[arg(long, value_enum, default_value_t = ErrorFormat::Text)]
    pub error_format: ErrorFormat,
}

/// `--error-format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ErrorFormat {
    /// `error: ` and the message, a line each.
    Text,
    /// One JSON object a line (`TypedError`).
    Json,
}

#[derive(Debug, Args)]
pub struct TuneArgs {
    #[command(flatten)]
    pub sweep: SweepArgs,
    /// Output module (.ll: text, .bc: bitcode); written atomically, never over the input.
    #[arg(long, short = 'o', required = true)]
    pub output: String,
    /// Spills (VGPR + SGPR) a chosen level may have. When every level spills more, the level with the
    /// fewest spills is chosen if it has fewer than the unconstrained build.
    #[arg(long, value_parser = count, allow_negative_numbers = true, default_value_t = 0)]
    pub max_spills: u32,
    /// Also keep the hot loop (the whole kernel without a loop) within PCT% more instructions than the
    /// unconstrained build's: the highest W that does not lengthen the loop the waves must hide.
    #[arg(long, value_parser = count, allow_negative_numbers = true, value_name = "PCT")]
    pub max_loop_growth: Option<u32>,
}

#[derive(Debug, Args)]
pub struct InspectArgs {
    /// Files: code objects, offload bundles (compressed or not), host ELF binaries with .hip_fatbin; or a
    /// Triton cache directory (each <name>.hsaco with the launch its <name>.json gives).
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub eval: EvaluationArgs,
    /// gfx12: the dynamic-VGPR block size (16 or 32) the kernels were built with
    /// ("amdgpu-dynamic-vgpr-block-size"), which a code object does not record.
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub dvgpr_block: Option<u32>,
    #[command(flatten)]
    pub cuda: CudaLaunchArgs,
}

/// An NVIDIA launch's dynamic shared memory: `inspect`'s for cubins, and part of an NVIDIA kernel's flags.
#[derive(Debug, Args, Default)]
pub struct CudaLaunchArgs {
    /// NVIDIA: dynamic shared memory bytes per block given at launch [default: 0; inspect and report of a
    /// Triton cache entry: its `shared`].
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub dynamic_shared_mem: Option<u32>,
    /// NVIDIA: the kernel's dynamic shared memory limit (cudaFuncAttributeMaxDynamicSharedMemorySize):
    /// bytes, or `max` for the device's opt-in maximum less the static shared memory, as Triton's launcher
    /// sets it [default: CUDA's 48 KiB less the static shared memory; inspect and report of a Triton cache
    /// entry: max].
    #[arg(long, value_parser = bytes_or_max, allow_negative_numbers = true)]
    pub max_dynamic_shared_mem: Option<String>,
}

/// How input binaries are evaluated: the flags `inspect` and `report` share, with one meaning.
#[derive(Debug, Args)]
pub struct EvaluationArgs {
    /// Evaluate occupancy on this target instead of each code object's own processor: an AMD processor for
    /// code objects (gfx942, MI300X), an NVIDIA architecture or product for cubins (sm_90, H200); for the
    /// report's calculator view (no inputs), the target(s), comma separated.
    #[arg(long, short = 't')]
    pub target: Option<String>,
    /// Launch size N, or MIN,MAX (default: 1 to the kernel's .max_flat_workgroup_size, or its
    /// .reqd_workgroup_size; 1,1024 for a configuration); for a cubin the block size, one number.
    #[arg(long, allow_hyphen_values = true)]
    pub wg_size: Option<String>,
    /// Only kernels whose name matches this regular expression (or whose symbol, NAME.kd, it is).
    #[arg(long)]
    pub kernel: Option<String>,
    /// LDS bytes per workgroup given at launch (HIP's dynamic shared memory, Triton's `shared`), on top
    /// of each kernel's static LDS [default: 0; for a Triton cache entry, its `shared`].
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub dynamic_lds: Option<u32>,
    /// The LLVM major whose rules to follow: 22 (default), 19 or 15, as the compiler that builds the kernel
    /// (`clang --version`; Debian's hipcc is 15, ROCm 6.x's is 19-based).
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub llvm: Option<u32>,
}

#[derive(Debug, Args)]
pub struct TargetArgs {
    /// Target(s), comma separated: gfx942, gfx90a:xnack-, amdgcn-amd-amdhsa--gfx950, MI300X, "RX 7900 XTX", or
    /// generic; or one NVIDIA target: sm_90, H100, "RTX 4090" (`targets --nvidia` lists them).
    #[arg(long, short = 't')]
    pub target: String,
    /// Wave size (GFX10+ default 32).
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub wave_size: Option<u32>,
    /// CU mode instead of WGP mode (GFX10-12; -mcumode).
    #[arg(long)]
    pub cu_mode: bool,
    /// gfx12 dynamic-VGPR block size (16 or 32), as "amdgpu-dynamic-vgpr-block-size".
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub dvgpr_block: Option<u32>,
    /// The LLVM major whose rules to follow: 22 (default), 19 or 15, as the compiler that builds the kernel
    /// (`clang --version`; Debian's hipcc is 15, ROCm 6.x's is 19-based).
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub llvm: Option<u32>,
}

#[derive(Debug, Args, Default)]
pub struct GenericArgs {
    /// generic: register file bytes (F).
    #[arg(long, value_parser = whole_u64, allow_negative_numbers = true)]
    pub register_file_bytes: Option<u64>,
    /// generic: lanes per wave (W).
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub wave_width: Option<u32>,
    /// generic: bytes per register per lane (w).
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub register_bytes: Option<u32>,
    /// generic: register allocation granule.
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub granule: Option<u32>,
    /// generic: cap on resident waves.
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub max_waves: Option<u32>,
    /// generic: sub-partitions of the register file, each wave's registers within one (NVIDIA SM: 4).
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub partitions: Option<u32>,
    /// generic: start from a preset (ampere, rdna3, xe-hpg, m1); other generic flags override it.
    #[arg(long)]
    pub preset: Option<String>,
}

/// A kernel's resources as `occupancy` and `report`'s calculator view take them.
#[derive(Debug, Args)]
pub struct ResourceArgs {
    /// Architectural VGPRs (LLVM's "VGPRs" remark); for `occupancy --target generic`, registers per lane.
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub vgprs: Option<u32>,
    /// Accumulation VGPRs (LLVM's "AGPRs" remark; gfx908/gfx90a/gfx942/gfx950).
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub agprs: Option<u32>,
    /// The code object's unified .vgpr_count instead of --vgprs/--agprs.
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub vgpr_count: Option<u32>,
    /// Total SGPRs as in .sgpr_count (VCC/XNACK/flat-scratch extras included).
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub sgprs: Option<u32>,
    /// Static LDS bytes per workgroup (.group_segment_fixed_size).
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub lds: Option<u32>,
}

#[derive(Debug, Args)]
pub struct OccupancyArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    #[command(flatten)]
    pub resources: ResourceArgs,
    /// Launch size N, or MIN,MAX as in "amdgpu-flat-work-group-size" (default 1,1024 like LLVM).
    #[arg(long, value_parser = wg_size_text, allow_hyphen_values = true)]
    pub wg_size: Option<String>,
    /// Print JSON (an object; an array for several targets).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub generic: GenericArgs,
    #[command(flatten)]
    pub nvidia: NvidiaArgs,
    /// The vendor flags given, as the parser saw them (`run` fills it).
    #[arg(skip)]
    pub given: Given,
}

/// What an NVIDIA kernel holds, in CUDA's terms (`--target sm_90`, `--target H100`, ...); its block size is
/// `--wg-size N`.
#[derive(Debug, Args, Default)]
pub struct NvidiaArgs {
    /// NVIDIA: registers per thread (ptxas -v's "Used N registers", cudaFuncAttributes.numRegs).
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub regs: Option<u32>,
    /// NVIDIA: static shared memory bytes per block (cudaFuncAttributes.sharedSizeBytes).
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub shared_mem: Option<u32>,
    #[command(flatten)]
    pub launch: CudaLaunchArgs,
    /// NVIDIA: named block barriers the kernel uses (default 1, as the CUDA runtime assumes).
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub barriers: Option<u32>,
    /// NVIDIA: the shared-memory carveout preference, percent (cudaFuncAttributePreferredSharedMemoryCarveout).
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub carveout: Option<u32>,
    /// NVIDIA budget: the warps per SM to reach.
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub warps_per_sm: Option<u32>,
    /// NVIDIA budget: the blocks per SM to reach.
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub blocks_per_sm: Option<u32>,
}

/// `--max-dynamic-shared-mem`: bytes or `max`, the one reading of every command that takes it.
pub fn max_dynamic(value: Option<&str>) -> Result<Option<wavebudget_engine::inspect::MaxDynamic>, crate::UsageError> {
    Ok(wavebudget_engine::misuse::max_dynamic(value)?)
}

impl NvidiaArgs {
    /// The kernel these flags describe beside its registers and block.
    pub fn spec(&self) -> Result<wavebudget_engine::vendor::NvidiaKernelSpec, crate::UsageError> {
        Ok(wavebudget_engine::vendor::NvidiaKernelSpec {
            shared_mem: self.shared_mem,
            dynamic_shared_mem: self.launch.dynamic_shared_mem,
            max_dynamic: max_dynamic(self.launch.max_dynamic_shared_mem.as_deref())?,
            barriers: self.barriers,
            carveout: self.carveout,
        })
    }
}

#[derive(Debug, Args)]
pub struct SuggestArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    #[command(flatten)]
    pub resources: ResourceArgs,
    /// LDS bytes per work-item on top of --lds (shared memory that grows with the workgroup).
    #[arg(long, value_parser = count, allow_negative_numbers = true, default_value_t = 0)]
    pub lds_per_item: u32,
    /// The kernel's range, MIN,MAX as in "amdgpu-flat-work-group-size" (default 1,1024).
    #[arg(long, value_parser = wg_size_text, allow_hyphen_values = true)]
    pub wg_size: Option<String>,
    /// Compute units of the device (per the model's "CU": WGPs on GFX10+ in WGP mode count as one), for
    /// the grid that fills it once. Without it the grid is given per CU.
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub cus: Option<u32>,
    /// Every size considered, not only the choice.
    #[arg(long)]
    pub all: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct BudgetArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    /// Target waves per SIMD.
    #[arg(long, value_parser = count, allow_negative_numbers = true, short = 'w')]
    pub waves: Option<u32>,
    /// Print the whole ladder W = 1..max.
    #[arg(long)]
    pub all: bool,
    /// Launch size N, or MIN,MAX (default 1,1024 like LLVM).
    #[arg(long, value_parser = wg_size_text, allow_hyphen_values = true)]
    pub wg_size: Option<String>,
    /// Static LDS bytes per workgroup the kernel already uses.
    #[arg(long, value_parser = count, allow_negative_numbers = true)]
    pub lds: Option<u32>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub generic: GenericArgs,
    #[command(flatten)]
    pub nvidia: NvidiaArgs,
    /// The vendor flags given, as the parser saw them (`run` fills it).
    #[arg(skip)]
    pub given: Given,
}

/// The vendor flags given on the command line of `sub` (the subcommand as `matches` parsed it), in the
/// order its help lists them: the parser's own record of what was typed, read once for every command.
pub fn given(sub: &clap::Command, matches: &clap::ArgMatches) -> Given {
    Given::new(sub.get_arguments().filter_map(|arg| {
        let typed = matches.value_source(arg.get_id().as_str()) == Some(clap::parser::ValueSource::CommandLine);
        arg.get_long().filter(|_| typed).and_then(Flag::from_long)
    }))
}

/// `--llvm`'s major (read as a count by clap) as the model's `Llvm`, where the command reads it: after
/// the values, as Python's calls convert their `llvm` (`Llvm::from_major`, refused in the model's words).
pub fn llvm(major: Option<u32>) -> Result<Option<wavebudget_model::Llvm>, wavebudget_model::ModelError> {
    major.map(wavebudget_model::Llvm::from_major).transpose()
}

/// A count flag's value, read as every door reads a count (`wavebudget_model::text::count_from_text`): a
/// whole number from 0 to 4294967295, else refused in the model's words and kind (Python's `vgprs=-1` and
/// the command line's `--vgprs -1` are the same refusal; clap's own parser said "unexpected argument '-1'
/// found", or "invalid digit found in string"). clap names the flag afterwards (`run`'s error handling).
pub(crate) fn count(text: &str) -> Result<u32, wavebudget_model::text::NotACount> {
    wavebudget_model::text::count_from_text("", text)
}

/// `--wg-size`'s text, kept as typed: a size in it that is a number but no count (negative, over 32 bits)
/// is refused here by the one rule for counts, in the same turn as every other count flag (so two bad
/// values are refused in [`value_order`], not in the order typed); text that is no `N` or `MIN,MAX` at all
/// is worded later, per vendor, where the size is read.
pub(crate) fn wg_size_text(text: &str) -> Result<String, wavebudget_model::text::NotACount> {
    use wavebudget_engine::misuse::{workgroup_text, WorkgroupTextError};
    match workgroup_text(text) {
        Err(WorkgroupTextError::Count(e)) => Err(e),
        // Read again, and worded, where the size is read (`parse_workgroup_text`, NVIDIA's block).
        Ok(_) | Err(WorkgroupTextError::Misuse(_)) => Ok(text.to_string()),
    }
}

/// The order a subcommand's values are refused in when several are malformed: the order Python's call
/// for the same question reads its arguments in (its signature's), so every door names the same one;
/// value flags not listed follow in help order. The AMD and NVIDIA calls of one subcommand share a list
/// (each vendor's flags in its call's order). `test_doors.py` holds the CLI and Python to it.
pub(crate) fn value_order(subcommand: &str) -> Vec<&'static str> {
    // The NVIDIA calls' memory arguments and the AMD calls' options, in the same order in each call.
    const NVIDIA_MEMORY: &[&str] =
        &["shared-mem", "dynamic-shared-mem", "max-dynamic-shared-mem", "barriers", "carveout"];
    const AMD_OPTIONS: &[&str] = &["wave-size", "cu-mode", "llvm"];
    let parts: [&[&'static str]; 4] = match subcommand {
        "occupancy" => [
            &["vgprs", "agprs", "sgprs", "lds", "regs", "wg-size"],
            NVIDIA_MEMORY,
            AMD_OPTIONS,
            &["vgpr-count", "dvgpr-block"],
        ],
        "budget" => [
            &["waves", "wg-size", "warps-per-sm", "blocks-per-sm", "lds"],
            NVIDIA_MEMORY,
            AMD_OPTIONS,
            &["dvgpr-block"],
        ],
        "suggest" => {
            [&["vgprs", "agprs", "vgpr-count", "sgprs", "lds", "wg-size", "cus"], &[], AMD_OPTIONS, &["dvgpr-block"]]
        }
        "dispatch" => [&["wg-size", "dynamic-lds"], &[], &[], &[]],
        _ => [&[], &[], &[], &[]],
    };
    parts.concat()
}

/// Whether a word after its `-` is a number as clap takes one for a flag that allows negative numbers:
/// clap_lex 1.x's `is_number` (digits; one `.` before any exponent, not first; one `e`/`E`, not first,
/// not last).
fn looks_like_a_number(text: &str) -> bool {
    let (mut dot, mut exp) = (false, None);
    for (i, c) in text.bytes().enumerate() {
        match c {
            b'0'..=b'9' => {}
            b'.' if !dot && exp.is_none() && i > 0 => dot = true,
            b'e' | b'E' if exp.is_none() && i > 0 => exp = Some(i),
            _ => return false,
        }
    }
    exp.is_none_or(|i| i + 1 != text.len())
}

/// The first value of `words` (the command line, program name first) that its flag's parser refuses as
/// no count, in [`value_order`]: (the flag as `--long`, the refusal). clap stops at the first it meets in
/// the order typed; this reads every value typed, so the refusal does not depend on that order.
pub(crate) fn first_bad_count(
    cli: &clap::Command,
    words: &[std::ffi::OsString],
) -> Option<(String, wavebudget_model::text::NotACount)> {
    let name = words.get(1)?.to_str()?;
    let sub = cli.find_subcommand(name)?;
    let takes_value = |a: &&clap::Arg| a.get_action().takes_values();
    // Each value typed, with its flag: `--long V`, `--long=V`, `-s V`, `-sV`; `--` ends the flags.
    let mut typed: Vec<(&clap::Arg, std::ffi::OsString)> = Vec::new();
    let mut rest = words[2..].iter();
    while let Some(w) = rest.next() {
        let Some(w) = w.to_str() else { continue };
        if w == "--" {
            break;
        }
        let (arg, inline) = if let Some(long) = w.strip_prefix("--") {
            let (long, inline) = long.split_once('=').map_or((long, None), |(l, v)| (l, Some(v)));
            (sub.get_arguments().filter(takes_value).find(|a| a.get_long() == Some(long)), inline)
        } else if let Some(short) = w.strip_prefix('-').and_then(|s| s.chars().next()) {
            // `-w4`, `-w=4` (clap drops the `=`), or `-w 4`.
            let inline =
                w.get(1 + short.len_utf8()..).filter(|v| !v.is_empty()).map(|v| v.strip_prefix('=').unwrap_or(v));
            (sub.get_arguments().filter(takes_value).find(|a| a.get_short() == Some(short)), inline)
        } else {
            (None, None)
        };
        let Some(arg) = arg else { continue };
        let value = match inline {
            Some(v) => std::ffi::OsString::from(v),
            None => {
                // The next word, as clap takes it: a word that starts with '-' only where the flag takes
                // hyphen values, or a negative number where it takes those (else the flag has no value
                // here, and clap refuses that in its own words).
                let Some(next) = rest.as_slice().first() else { break };
                let text = next.to_string_lossy();
                let number = text.strip_prefix('-').is_some_and(looks_like_a_number);
                let hyphen = text.starts_with('-') && text != "-";
                if hyphen && !arg.is_allow_hyphen_values_set() && !(number && arg.is_allow_negative_numbers_set()) {
                    continue;
                }
                rest.next();
                next.clone()
            }
        };
        typed.push((arg, value));
    }
    let order = value_order(name);
    let rank = |a: &clap::Arg| a.get_long().and_then(|l| order.iter().position(|o| *o == l)).unwrap_or(order.len());
    // A stable sort: the listed flags in the list's order, the others in help order (as typed within one).
    let position = |a: &clap::Arg| sub.get_arguments().position(|b| b.get_id() == a.get_id()).unwrap_or(usize::MAX);
    typed.sort_by_key(|(a, _)| (rank(a), position(a)));
    typed.into_iter().find_map(|(arg, value)| {
        // The flag's own parser, through clap: the subcommand with this one value (a missing required
        // flag is refused after the values are parsed, so a value's refusal comes first).
        let flag = format!("--{}", arg.get_long()?);
        let mut one = std::ffi::OsString::from(format!("{flag}="));
        one.push(&value);
        let e = cli.clone().try_get_matches_from([words[0].clone(), words[1].clone(), one]).err()?;
        let refusal = std::error::Error::source(&e)?.downcast_ref::<wavebudget_model::text::NotACount>()?.clone();
        Some((flag, refusal))
    })
}

/// `--max-dynamic-shared-mem`'s text, by the engine's one reading (`misuse::max_dynamic_text`; clap names
/// the flag afterwards).
pub(crate) fn bytes_or_max(text: &str) -> Result<String, wavebudget_model::text::NotACount> {
    wavebudget_engine::misuse::max_dynamic_text("", text)
}

/// A `usize` flag's value (how many kernels to draw, rows to print, jobs to run): a count by the one rule.
pub(crate) fn count_usize(text: &str) -> Result<usize, wavebudget_model::text::NotACount> {
    count(text).map(|v| v as usize)
}

/// A `u64` flag's value (a grid's blocks, a register file's bytes): a whole number by the one rule.
pub(crate) fn whole_u64(text: &str) -> Result<u64, wavebudget_model::text::NotACount> {
    wavebudget_model::text::whole_from_text("", text, u64::MAX)
}
