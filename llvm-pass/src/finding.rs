//! What the pass says, typed: one [`Finding`] variant per thing it says, with its numbers, the English
//! only in `Display`; and the [`Subject`] a diagnostic is about (a kernel, its target or launch). A
//! caller of [`crate::run_on_module`] matches variants (`Finding::kind` names them); LLVM gets the text.

use std::fmt;
use std::sync::Arc;

use wavebudget_ladder::{LevelError, ProcessorRefusal};
use wavebudget_model::nvidia::Want;
use wavebudget_model::{BlockReason, Llvm, ModelError};

/// The kernel a diagnostic is about, as the message names it: `kernel 'NAME' [demangled] (where)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subject {
    /// The kernel (function) name.
    pub kernel: String,
    /// Its C++ name, where it is Itanium-mangled.
    pub demangled: Option<String>,
    /// What it was evaluated on.
    pub on: Option<On>,
}

/// What a kernel was evaluated on, as the message says it after its name.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum On {
    /// An AMDGPU target id (or the `"target-cpu"` as written, before it was read), with the wave size
    /// and CU mode where the processor has a choice (GFX10+).
    Amd {
        /// The target.
        target: String,
        /// Wave size and CU mode, GFX10 and later.
        wave: Option<(u32, bool)>,
    },
    /// An NVIDIA architecture at a block size and static shared memory.
    Nvidia {
        /// `sm_XY`.
        arch: &'static str,
        /// Threads per block.
        block: u32,
        /// Static shared memory, bytes.
        shared: u32,
    },
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "kernel '{}'", self.kernel)?;
        if let Some(d) = &self.demangled {
            write!(f, " [{d}]")?;
        }
        match &self.on {
            None => Ok(()),
            Some(On::Amd { target, wave: None }) => write!(f, " ({target})"),
            Some(On::Amd { target, wave: Some((w, cu)) }) => {
                write!(f, " ({target}, wave{w}{})", if *cu { ", CU mode" } else { "" })
            }
            Some(On::Nvidia { arch, block, shared }) => {
                write!(f, " ({arch}, {block} threads/block, {shared} B static shared memory)")
            }
        }
    }
}

/// Why LLVM 15's register allocator may abort a compile at a budget: a loop-carried vector held in one
/// register tuple (`KernelFacts::wide_vector_phi`) and a budget of 32 VGPRs or fewer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TupleAbort {
    /// The vector's IR type.
    pub ty: String,
    /// Its VGPRs.
    pub dwords: u32,
    /// The VGPR budget.
    pub budget: u32,
}

impl fmt::Display for TupleAbort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "LLVM 15's register allocator can abort the compile (\"no registers from class available to allocate\") on a loop-carried {} ({} VGPRs in one register tuple) in a budget of {} VGPRs (LLVM 19 and 22 do not)",
            self.ty, self.dwords, self.budget
        )
    }
}

/// The `"amdgpu-waves-per-eu"` minimums an LLVM accepts (`None`: no value).
fn accepted_text(range: Option<(u32, u32)>) -> String {
    match range {
        Some((lo, top)) => format!("{lo} to {top}"),
        None => "no value".into(),
    }
}

fn joined(r: &[BlockReason]) -> String {
    r.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("; ")
}

fn clamp_hint(to: &Option<u32>) -> String {
    to.map(|w| format!(" (clamp moves it to {w})")).unwrap_or_default()
}

/// `"what"` of a malformed integer pair (LLVM's `getIntegerPairAttribute`): `first` or `second`.
pub type Which = &'static str;

/// A threads-per-block attribute (`"nvvm.reqntid"`, `"nvvm.maxntid"`) that is not a block size.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BlockProblem {
    /// Not `X[,Y[,Z]]` of whole numbers.
    #[error("'{0}' is not X[,Y[,Z]]")]
    NotDims(String),
    /// 0 threads, or more than a u32.
    #[error("'{0}' is not a block size of at least 1 thread")]
    NotASize(String),
}

/// Everything the pass says.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum Finding {
    // ----- the module -----
    /// No kernels (host modules of a HIP build come here too).
    #[error("no amdgpu_kernel functions in {}; nothing to do", if triple.is_empty() { "this module (no triple)".to_string() } else { format!("this '{triple}' module") })]
    NoKernels {
        /// The module's triple ("" when it has none).
        triple: String,
    },
    /// Kernels in a module for another target.
    #[error("{kernels} amdgpu_kernel function(s) in a module whose triple is '{triple}', not amdgcn; nothing done")]
    NotAmdgcn {
        /// How many.
        kernels: usize,
        /// The triple.
        triple: String,
    },
    /// AMD SPIR-V kernels: their processor is chosen when the SPIR-V is loaded, so no budget can be set.
    #[error("{kernels} spir_kernel function(s) in this '{triple}' module: SPIR-V (--offload-arch=amdgcnspirv) is compiled for its processor when it is loaded, after this pass; nothing done (build for a processor, e.g. --offload-arch=gfx942, to set a budget)")]
    SpirvKernels {
        /// How many.
        kernels: usize,
        /// The triple.
        triple: String,
    },
    /// An AMD SPIR-V compile whose pipeline never took the pass (clang-22 runs none for amdgcnspirv),
    /// with a request given: said at exit.
    #[error("{given} given, but {skipped} of the {pipelines} optimization pipeline(s) of this compile never ran the pass: clang runs none for SPIR-V (--offload-arch=amdgcnspirv, -disable-llvm-passes), which is compiled for its processor when it is loaded; nothing done there (build for a processor, e.g. --offload-arch=gfx942, to set a budget)")]
    SpirvWithoutPipeline {
        /// What was asked: the -wavebudget-* options, or the `WAVEBUDGET_*` variables.
        given: String,
        /// Pipelines that never took the pass.
        skipped: u32,
        /// Pipelines set up.
        pipelines: u32,
    },
    /// No waves target anywhere.
    #[error("no waves target given{}{}: set waves=N, -wavebudget-waves=N{} or a kernel's \"wavebudget-waves\"; {kernels} kernel(s) left untouched",
        if empty_variables.is_empty() { String::new() } else { format!(" ({} set but empty)", empty_variables.join(", ")) },
        if *nvidia_options { " (warps-per-sm and blocks-per-sm are for NVPTX kernels)" } else { "" },
        if *named { "" } else { ", WAVEBUDGET_WAVES=N" })]
    NoWavesTarget {
        /// Kernels left.
        kernels: usize,
        /// The pass is named in the pipeline (the environment does not configure it).
        named: bool,
        /// `WAVEBUDGET_*` variables set to "".
        empty_variables: Vec<String>,
        /// warps-per-sm or blocks-per-sm was given.
        nvidia_options: bool,
    },
    /// `records=` could not be read.
    #[error("records={path}: {error}; estimating from the IR instead")]
    RecordsUnreadable {
        /// The path.
        path: String,
        /// Why.
        error: Arc<crate::Error>,
    },
    /// `mode=auto` could not compile the module.
    #[error("mode=auto could not compile the module: {0}")]
    AutoCompileFailed(Arc<crate::Error>),
    /// A bad option or variable: nothing done.
    #[error("{0}; nothing done (the module is left as it came)")]
    ConfigRefused(Arc<crate::Error>),
    /// `WAVEBUDGET_*` variables set where the pass is named in the pipeline, which takes its parameters and
    /// the `-wavebudget-*` options only.
    #[error("{} in the environment {} not applied: the pass named in the pipeline takes its parameters and the -wavebudget-* options; the environment configures the instance clang, opt's default<ON> or an LTO link adds",
        variables.join(" "), if variables.len() == 1 { "is" } else { "are" })]
    VariablesNotApplied {
        /// `NAME=value` of each.
        variables: Vec<String>,
    },
    /// A panic caught at the plugin boundary.
    #[error("internal error ({0}); the module was left unchanged. Please report it with the input.")]
    Internal(String),
    /// No `ptx_kernel` functions.
    #[error("no ptx_kernel functions in this '{triple}' module; nothing to do")]
    NoPtxKernels {
        /// The triple.
        triple: String,
    },
    /// NVPTX kernels under an LLVM 15 or 19 plugin.
    #[error("{kernels} ptx_kernel function(s) in this '{triple}' module: NVPTX kernels need the LLVM 22 plugin (before 22 the register cap is !nvvm.annotations, which this pass does not write); nothing done")]
    NvptxNeedsLlvm22 {
        /// How many.
        kernels: usize,
        /// The triple.
        triple: String,
    },
    /// No warps target for NVPTX kernels (`waves_given`: an AMD request was).
    #[error("{}; {kernels} ptx_kernel(s) left untouched", if *waves_given {
        "waves=N is waves per SIMD, an AMD request; NVPTX kernels take warps-per-sm=N or blocks-per-sm=N"
    } else {
        "no warps target given: set warps-per-sm=N or blocks-per-sm=N (-wavebudget-warps-per-sm=N, WAVEBUDGET_WARPS_PER_SM=N)"
    })]
    NoWarpsTarget {
        /// Kernels left.
        kernels: usize,
        /// waves=N was given.
        waves_given: bool,
    },
    /// `mode=auto` on NVPTX kernels.
    #[error("mode=auto compiles AMDGPU kernels only; {kernels} ptx_kernel(s) left untouched")]
    AutoIsAmdOnly {
        /// Kernels left.
        kernels: usize,
    },

    // ----- a kernel left untouched -----
    /// What follows left the kernel untouched.
    #[error("{0}; kernel left untouched")]
    Untouched(Box<Finding>),

    // ----- NVPTX kernels -----
    /// No `"target-cpu"` and no `target=`.
    #[error("no \"target-cpu\" and no target=sm_XY to say which GPU")]
    NoNvidiaTarget,
    /// A `"target-cpu"` the NVIDIA model does not know.
    #[error("'{cpu}' is not an NVIDIA architecture the model knows ({})", known.join(", "))]
    UnknownNvidiaArch {
        /// What was given.
        cpu: String,
        /// The architectures it knows.
        known: Vec<&'static str>,
    },
    /// No `__launch_bounds__`.
    #[error("no block size (no __launch_bounds__: \"nvvm.maxntid\" or \"nvvm.reqntid\"), and the register budget depends on it")]
    NoBlockSize,
    /// A launch bound that is not a block size.
    #[error("\"{attribute}\"={problem}")]
    BadBlockSize {
        /// `nvvm.reqntid` or `nvvm.maxntid`.
        attribute: &'static str,
        /// What is wrong with it.
        problem: BlockProblem,
    },
    /// The NVIDIA model has no budget for the request.
    #[error("{0}")]
    NvidiaRefused(wavebudget_model::nvidia::NvRefusal),
    /// A malformed `"nvvm.maxnreg"`.
    #[error("malformed \"nvvm.maxnreg\"=\"{0}\"")]
    MalformedMaxnreg(String),
    /// The kernel's own `"nvvm.maxnreg"` already keeps the request.
    #[error("{want} needs at most {max_regs} registers per thread; keeps its own \"nvvm.maxnreg\"=\"{own}\"")]
    KeepsOwnMaxnreg {
        /// The request.
        want: Want,
        /// The budget.
        max_regs: u32,
        /// The kernel's own cap.
        own: u32,
    },
    /// The kernel's own `"nvvm.maxnreg"` allows fewer than asked and is replaced.
    #[error("its \"nvvm.maxnreg\"=\"{own}\" allows fewer than {want}; {} by {max_regs}", if *advise { "would be replaced" } else { "replaced" })]
    ReplacesMaxnreg {
        /// The kernel's own cap.
        own: u32,
        /// The request.
        want: Want,
        /// The budget.
        max_regs: u32,
        /// `mode=advise`.
        advise: bool,
    },
    /// `"nvvm.maxnreg"` set (or, in advise mode, what would be).
    #[error("{want} needs at most {max_regs} registers per thread; {} \"nvvm.maxnreg\"=\"{max_regs}\" ({blocks} blocks, {warps} warps per SM; ptxas -v reports any spills)", if *advise { "would set" } else { "set" })]
    SetMaxnreg {
        /// The request.
        want: Want,
        /// The budget.
        max_regs: u32,
        /// Blocks per SM at it.
        blocks: u32,
        /// Warps per SM at it.
        warps: u32,
        /// `mode=advise`.
        advise: bool,
    },

    // ----- AMDGPU kernels: the request and the target -----
    /// A malformed `"wavebudget-waves"`.
    #[error("malformed \"wavebudget-waves\"=\"{value}\": wants a whole number of waves per SIMD from 1 to {max}")]
    MalformedRequest {
        /// As written.
        value: String,
        /// The largest request.
        max: u32,
    },
    /// No `"target-cpu"` and no `target=`.
    #[error("no \"target-cpu\" attribute and no target given (target=PROCESSOR, -wavebudget-target)")]
    NoTarget,
    /// A `target=` (the pass's setting, for kernels without `"target-cpu"`) the model refuses.
    #[error("target=\"{target}\" (the pass's setting; the kernel has no \"target-cpu\"): {error}")]
    TargetSettingRefused {
        /// As given.
        target: String,
        /// Why.
        error: ModelError,
    },
    /// A `target=` naming an NVIDIA GPU for an AMDGPU kernel.
    #[error("target=\"{target}\" names an NVIDIA GPU, and this is an AMDGPU kernel (amdgpu_kernel, amdgcn): give an AMD processor (target=gfx942, or a product name such as MI300X)")]
    TargetSettingNvidia {
        /// As given.
        target: String,
    },
    /// A `"target-cpu"` the model refuses.
    #[error("target-cpu \"{cpu}\": {error}")]
    TargetRefused {
        /// As written (with its xnack/sramecc features).
        cpu: String,
        /// Why.
        error: ModelError,
    },
    /// A `"target-cpu"` the model reads (a product name, another case, a target ID) but LLVM does not
    /// take as a processor: LLVM compiles the function for a generic processor.
    #[error(
        "\"target-cpu\"=\"{cpu}\" is not a processor name LLVM takes (it compiles the kernel for a generic processor): write \"target-cpu\"=\"{processor}\"{features}"
    )]
    TargetCpuNotLlvmName {
        /// As written.
        cpu: String,
        /// The processor it names.
        processor: &'static str,
        /// The target ID's feature settings as LLVM takes them (`"target-features"`), if any.
        features: String,
    },
    /// `"target-features"` the model refuses.
    #[error("{0}")]
    FeaturesRefused(ModelError),
    /// A malformed `"amdgpu-dynamic-vgpr-block-size"`.
    #[error("malformed \"amdgpu-dynamic-vgpr-block-size\"=\"{0}\"")]
    MalformedDynamicVgpr(String),
    /// A target and features the model refuses together.
    #[error("{cpu} with features \"{features}\": {error}")]
    SubtargetRefused {
        /// `"target-cpu"`.
        cpu: String,
        /// `"target-features"`.
        features: String,
        /// Why.
        error: ModelError,
    },

    // ----- launch bounds and LDS -----
    /// `"amdgpu-flat-work-group-size"` that LLVM ignores.
    #[error("\"amdgpu-flat-work-group-size\"=\"{value}\" is not a range within 1 to 1024: {llvm} ignores it without a word and assumes 1,1024")]
    FlatRangeIgnored {
        /// As written.
        value: String,
        /// The LLVM that ignores it.
        llvm: Llvm,
    },
    /// An integer pair LLVM fails the compile on.
    #[error("\"{attribute}\"=\"{value}\" is malformed: llc-22 fails the compile with \"error: can't parse {which} integer attribute {attribute}\"")]
    Unparsable {
        /// The attribute.
        attribute: &'static str,
        /// As written.
        value: String,
        /// `first` or `second`.
        which: Which,
    },
    /// LDS given at launch keeps the kernel below the waves set.
    #[error("{dynamic} bytes of LDS at launch (dynamic-shared-mem) make {total} per workgroup: {}", match allows { Some(a) => format!("{a} waves/SIMD at most, below the {waves} set (LLVM decides with the static LDS alone)"), None => format!("more than a workgroup can allocate ({max}): the launch fails") })]
    LaunchLdsBinds {
        /// Bytes at launch.
        dynamic: u32,
        /// Static and dynamic.
        total: u64,
        /// The waves set.
        waves: u32,
        /// The waves the total allows (`None`: over the workgroup maximum).
        allows: Option<u32>,
        /// LDS a workgroup can allocate.
        max: u32,
    },
    /// Settings only AMDGPU kernels read, given for an NVPTX module.
    #[error("{} appl{} to AMDGPU kernels only; this module's kernels are NVPTX (warps-per-sm, blocks-per-sm, dynamic-shared-mem and target=sm_XY apply here): ignored", settings.join(", "), if settings.len() == 1 { "ies" } else { "y" })]
    AmdSettingsOnNvptx {
        /// The settings given.
        settings: Vec<&'static str>,
    },
    /// A register count LLVM fails the compile on.
    #[error("\"{attribute}\"=\"{value}\" is malformed: LLVM fails the compile with \"error: cannot parse integer attribute {attribute}\"")]
    UnparsableCount {
        /// The attribute.
        attribute: &'static str,
        /// As written.
        value: String,
    },
    /// `"amdgpu-num-vgpr"` lowers the VGPR budget.
    #[error("\"amdgpu-num-vgpr\"=\"{value}\" holds the kernel to {budget} VGPRs{}, below the {of} of {waves} waves/SIMD: the budget is {budget}", if *unified { " (VGPRs and AGPRs: LLVM doubles it where one file holds both)" } else { "" })]
    NumVgprCaps {
        /// As written.
        value: u32,
        /// The budget LLVM allocates with.
        budget: u32,
        /// The waves target.
        waves: u32,
        /// One file for VGPRs and AGPRs.
        unified: bool,
        /// The budget of the waves target alone.
        of: u32,
    },
    /// `"amdgpu-num-vgpr"` that the LLVM 15 or 19 the pass runs in ignores.
    #[error("\"amdgpu-num-vgpr\"=\"{value}\"{} is outside {min}..={max} for this waves target: {llvm} ignores it", if *unified { " (doubled: one file holds VGPRs and AGPRs)" } else { "" })]
    NumVgprIgnored {
        /// As written.
        value: u32,
        /// The LLVM major.
        llvm: Llvm,
        /// `getMinNumVGPRs` of the maximum waves.
        min: u32,
        /// The budget of the waves target.
        max: u32,
        /// One file for VGPRs and AGPRs.
        unified: bool,
    },
    /// `"amdgpu-num-sgpr"` lowers the SGPR budget.
    #[error("\"amdgpu-num-sgpr\"=\"{value}\" holds the kernel to {value} SGPRs (sgpr_count, VCC included), below the {of} of {waves} waves/SIMD: the budget is {value}")]
    NumSgprCaps {
        /// As written.
        value: u32,
        /// The waves target.
        waves: u32,
        /// The budget of the waves target alone.
        of: u32,
    },
    /// `"amdgpu-num-sgpr"` that LLVM ignores.
    #[error("\"amdgpu-num-sgpr\"=\"{value}\" is not above the {reserved} reserved SGPRs{} or is above the {} of this waves target: LLVM ignores it", below.map_or(String::new(), |(min, w)| format!(", below the {min} LLVM takes as the least for at most {w} waves/SIMD (\"amdgpu-waves-per-eu\" with a maximum)")), max.map_or("-".to_string(), |m| m.to_string()))]
    NumSgprIgnored {
        /// As written.
        value: u32,
        /// VCC, flat scratch, XNACK.
        reserved: u32,
        /// `getMinNumSGPRs` of the kernel's maximum waves, and that maximum, where it is above 0.
        below: Option<(u32, u32)>,
        /// The budget of the waves target.
        max: Option<u32>,
    },
    /// No `"target-cpu"`, in a compile that names no processor: LLVM generates the kernel for its default.
    #[error("no \"target-cpu\", and this compile names no processor (clang's -mcpu or --offload-arch, lld's -plugin-opt=mcpu=): LLVM generates the kernel for its default '{cpu}'{}; give the compile the processor", target.as_ref().map(|t| format!(", not target={t}")).unwrap_or_default())]
    CompilesForDefault {
        /// The target machine's processor.
        cpu: String,
        /// The pass's `target=`, if given.
        target: Option<String>,
    },
    /// No `"target-cpu"`, in a compile for a processor the model has no figures for.
    #[error(
        "no \"target-cpu\": this compile generates the kernel for '{cpu}' (its target machine's processor): {error}"
    )]
    CompilesForUnmodelled {
        /// The target machine's processor.
        cpu: String,
        /// The model's refusal of it.
        error: wavebudget_model::ModelError,
    },
    /// No `"target-cpu"`, and `target=` names another processor (or xnack/sramecc setting) than the one
    /// this compile generates for.
    #[error("no \"target-cpu\": this compile generates the kernel for {compiled} (its target machine's processor and features), not target={target}")]
    CompilesForOther {
        /// The target machine's processor, with the xnack/sramecc its features set.
        compiled: String,
        /// The pass's `target=`.
        target: String,
    },
    /// `!reqd_work_group_size` of no size LLVM takes.
    #[error("malformed !reqd_work_group_size (wants 1 to 1024 threads)")]
    MalformedReqdWorkGroupSize,
    /// `!reqd_work_group_size` of other than three operands, which LLVM does not read as a launch size.
    #[error("!reqd_work_group_size has {operands} operand(s): LLVM reads a launch size only from three (x, y, z) and assumes 1..1024 threads; give three, or \"amdgpu-flat-work-group-size\"")]
    ReqdWorkGroupSizeNotThree {
        /// How many it has.
        operands: usize,
    },
    /// No launch bounds: LLVM assumes 1024 threads.
    #[error("no launch bounds: LLVM assumes up to 1024 threads per workgroup, which forces a budget of at least {waves} waves/SIMD ({vgprs} VGPRs); set \"amdgpu-flat-work-group-size\" (__launch_bounds__ in HIP, reqd_work_group_size in OpenCL) to the real launch size")]
    NoLaunchBounds {
        /// The least waves 1024 threads imply.
        waves: u32,
        /// Their VGPR budget.
        vgprs: u32,
    },
    /// A malformed `"amdgpu-lds-size"`.
    #[error("malformed \"amdgpu-lds-size\"=\"{0}\"")]
    MalformedLdsSize(String),
    /// More static LDS than a workgroup has.
    #[error("{lds} bytes of static LDS exceed the {max} bytes a workgroup may use on {processor}")]
    StaticLdsTooLarge {
        /// Bytes reached.
        lds: u64,
        /// Bytes a workgroup has.
        max: u32,
        /// The processor.
        processor: &'static str,
    },
    /// Indirect calls: every address-taken function's LDS counts.
    #[error("the kernel makes indirect calls: the LDS of every address-taken function ({}) is counted, as LLVM's LDS lowering allocates it for such a kernel ({lds} bytes in all)",
        if functions.is_empty() { "none".to_string() } else { functions.iter().map(|f| format!("@{f}")).collect::<Vec<_>>().join(", ") })]
    IndirectCallLds {
        /// The address-taken functions that reach LDS.
        functions: Vec<String>,
        /// LDS bytes in all.
        lds: u32,
    },
    /// LLVM's module-LDS lowering could not be asked for the kernel's static LDS.
    #[error("{}", match .0 {
        crate::llvm_facts::NotLowered::MixedAbsolute => "the module mixes LDS variables with and without absolute addresses: LLVM's LDS lowering stops the compile (\"module cannot mix absolute and non-absolute LDS GVs\"), so there is no static LDS to plan with",
        crate::llvm_facts::NotLowered::StrategyGiven => "-amdgpu-lower-module-lds-strategy was given: LLVM's LDS lowering under a strategy other than its default can stop the process, so it is not run here and the static LDS is not known",
        crate::llvm_facts::NotLowered::Unavailable => "this LLVM could not run its module-LDS lowering (no AMDGPU target): the static LDS is not known",
    })]
    LdsNotLowered(crate::llvm_facts::NotLowered),
    /// An unnamed kernel that allocates LDS: LLVM's lowering stops the compile.
    #[error("an unnamed kernel cannot use LDS variables: LLVM's LDS lowering stops the compile (\"anonymous kernels cannot use LDS variables\")")]
    UnnamedKernelLds,
    /// LDS addresses reached through a constant table: llc may fold the loads and allocate the variables.
    #[error("reads LDS addresses from {}: llc -O2 may fold such a load into the variable's address and allocate the variable then, up to {bytes} bytes more than the {lds} bytes of static LDS planned with here; the waves target stands only if they fit",
        tables.iter().map(|t| format!("@{} ({})", t.table, t.variables.iter().map(|v| format!("@{v}")).collect::<Vec<_>>().join(", "))).collect::<Vec<_>>().join(", "))]
    LdsThroughTable {
        /// The tables and the LDS variables each holds.
        tables: Vec<crate::facts::LdsTable>,
        /// The static LDS planned with.
        lds: u32,
        /// The most bytes the folded variables may add.
        bytes: u64,
    },

    // ----- the kernel's own "amdgpu-waves-per-eu" -----
    /// A maximum of 0, which LLVM 19 divides by.
    #[error("keeps its own \"amdgpu-waves-per-eu\"=\"{own}\": a maximum of 0 makes LLVM 19 divide by zero (getMinNumVGPRs(0)) and crash in code generation; write \"{min}\"")]
    OwnZeroMaxLlvm19 {
        /// As written.
        own: String,
        /// Its minimum.
        min: u32,
    },
    /// A maximum of 0, which LLVM 15 reads as a cap of 0 waves.
    #[error("keeps its own \"amdgpu-waves-per-eu\"=\"{own}\": LLVM 15 reads a maximum of 0 as a cap of 0 waves: it pads the kernel to {vgprs} VGPRs ({waves} waves/SIMD), and its scheduler divides by zero on kernels with code; write \"{min}\"")]
    OwnZeroMaxLlvm15 {
        /// As written.
        own: String,
        /// VGPRs it pads to.
        vgprs: u32,
        /// Waves they give.
        waves: u32,
        /// Its minimum.
        min: u32,
    },
    /// The kernel's own attribute, which LLVM ignores here.
    #[error("keeps its own \"amdgpu-waves-per-eu\"=\"{own}\", which {llvm} ignores here (it accepts a minimum of {lo} to {hi} at launch size {wg_min} to {wg_max} with {lds} bytes of LDS)")]
    OwnIgnored {
        /// As written.
        own: String,
        /// The LLVM.
        llvm: Llvm,
        /// Accepted minimums.
        lo: u32,
        /// Accepted minimums.
        hi: u32,
        /// Launch size range.
        wg_min: u32,
        /// Launch size range.
        wg_max: u32,
        /// Static LDS.
        lds: u32,
    },
    /// The kernel's own attribute asks for other waves than the module-wide request, which is therefore
    /// not applied to it.
    #[error("keeps its own \"amdgpu-waves-per-eu\"=\"{own}\"; the request for {requested} waves/SIMD is not applied to it (its \"wavebudget-waves\" attribute would be)")]
    OwnOverRequest {
        /// As written.
        own: String,
        /// The module-wide request.
        requested: u32,
    },
    /// The kernel's own attribute is the request, and `exact` asks for its cap too.
    #[error("its own \"amdgpu-waves-per-eu\"=\"{own}\" asks for the request's {waves} waves/SIMD; exact makes it \"{waves},{waves}\"")]
    OwnMadeExact {
        /// As written.
        own: String,
        /// The request.
        waves: u32,
    },
    /// The kernel's own attribute, at which LLVM 15 may abort.
    #[error("keeps its own \"amdgpu-waves-per-eu\"=\"{own}\": {why}{}", write.map(|w| format!("; write \"{w}\"")).unwrap_or_default())]
    OwnTupleAbort {
        /// As written.
        own: String,
        /// Why.
        why: TupleAbort,
        /// A request that does not abort, where one is accepted.
        write: Option<u32>,
    },

    // ----- the budget -----
    /// The model refuses the budget.
    #[error("{0}")]
    BudgetRefused(ModelError),
    /// The request cannot be had; clamped into what the LLVM accepts.
    #[error("{waves} waves/SIMD cannot be had: {}; {llvm} accepts {} here; clamped to {to}", joined(.reasons), accepted_text(*.accepted))]
    Clamped {
        /// The request.
        waves: u32,
        /// What blocks it.
        reasons: Vec<BlockReason>,
        /// The LLVM.
        llvm: Llvm,
        /// The minimums it accepts.
        accepted: Option<(u32, u32)>,
        /// The waves set.
        to: u32,
    },
    /// The request cannot be had and is not set (`ignored`: the LLVM would drop it silently).
    #[error("{waves} waves/SIMD cannot be had: {}{}{}", joined(.reasons),
        if *ignored { format!("; {llvm} accepts {} here and would silently ignore \"amdgpu-waves-per-eu\"=\"{waves}\"", accepted_text(*.accepted)) } else { String::new() },
        clamp_hint(.clamp_to))]
    CannotBeHad {
        /// The request.
        waves: u32,
        /// What blocks it.
        reasons: Vec<BlockReason>,
        /// The LLVM.
        llvm: Llvm,
        /// The minimums it accepts.
        accepted: Option<(u32, u32)>,
        /// Outside them: LLVM drops the attribute.
        ignored: bool,
        /// Where `clamp` would move it.
        clamp_to: Option<u32>,
    },
    /// LLVM 15 may abort at the request: clamped below it.
    #[error("{waves} waves/SIMD: {why}; clamped to {to}")]
    TupleClamped {
        /// The request.
        waves: u32,
        /// Why.
        why: TupleAbort,
        /// The waves set.
        to: u32,
    },
    /// LLVM 15 may abort at the request: not set.
    #[error("{waves} waves/SIMD not set: {why}{}", clamp_hint(.clamp_to))]
    TupleNotSet {
        /// The request.
        waves: u32,
        /// Why.
        why: TupleAbort,
        /// Where `clamp` would move it.
        clamp_to: Option<u32>,
    },
    /// The SGPRs keep the waves out of reach (set all the same).
    #[error("{waves} waves/SIMD cannot be reached: {reason}")]
    SgprUnreachable {
        /// The request.
        waves: u32,
        /// Why.
        reason: BlockReason,
    },
    /// `exact` cannot cap occupancy at the request.
    #[error("exact: \"{waves},{waves}\" cannot cap occupancy at {waves} here: LLVM pads the descriptor to at most {vgprs} VGPRs, so the kernel will run at {runs_at} waves/SIMD; the budget for {waves} still applies")]
    ExactCannotCap {
        /// The request.
        waves: u32,
        /// The most VGPRs LLVM pads to.
        vgprs: u32,
        /// The waves the kernel runs at.
        runs_at: u32,
    },
    /// Advise mode: `!reqd_work_group_size` without the attribute.
    #[error("!reqd_work_group_size fixes {threads} threads but \"amdgpu-flat-work-group-size\" is missing, so LLVM assumes 1..1024; mode=set writes \"{value}\"")]
    ReqdWithoutFlat {
        /// Threads it fixes.
        threads: u32,
        /// What set mode writes.
        value: String,
    },
    /// Advise mode: what set mode would write, so a kernel that fits is not passed over without a word.
    #[error("{waves} waves/SIMD: would set \"amdgpu-waves-per-eu\"=\"{value}\" (mode=advise leaves the IR unchanged)")]
    WouldSetWaves {
        /// The waves target.
        waves: u32,
        /// The attribute's value.
        value: String,
    },

    // ----- registers -----
    /// The records have the kernel without counts.
    #[error("the records have this kernel without .vgpr_count, .sgpr_count or a wave size; estimating instead")]
    RecordsWithoutCounts,
    /// The records have the kernel for other processors only.
    #[error("the records have this kernel only for {}; estimating instead", .0.join(", "))]
    RecordsOtherTargets(Vec<String>),
    /// The kernel calls functions LLVM did not inline (or makes an indirect call): their registers are
    /// the kernel's where they are more, and the estimate reads the kernel's own code only.
    #[error("{}: the register estimate covers the kernel's own code only, and LLVM gives the kernel the registers of what it calls where they are more{}, so it may spill or reach fewer waves than said here (records=PATH gives exact counts)",
        match (callee, indirect) { (Some(c), true) => format!("calls '{c}' (not inlined) and makes an indirect call"), (Some(c), false) => format!("calls '{c}' (not inlined)"), (None, _) => "makes an indirect call".to_string() },
        if *indirect { " (for an indirect call, the most of any function in the module)" } else { "" })]
    CallsNotEstimated {
        /// The first function with a body it calls directly.
        callee: Option<String>,
        /// It makes an indirect call.
        indirect: bool,
    },
    /// The kernel reaches a function only declared in this module.
    #[error("calls '{callee}', which is only declared in this module (a -fgpu-rdc build before its device link): LLVM gives the kernel that function's registers and LDS where they are more once it is linked, and they are not seen here, so {waves} waves/SIMD holds only if '{callee}' fits the budget ({budget} VGPRs); load the plugin into the device link (lld --load-pass-plugin) to check the linked kernel")]
    CallsDeclared {
        /// The declared function.
        callee: String,
        /// The waves set.
        waves: u32,
        /// The VGPR budget.
        budget: u32,
    },
    /// Irreducible control flow: no estimate.
    #[error("has irreducible control flow, which llc makes structured first (new blocks, and registers that carry the way to go), so its registers are not what the IR shows: no spill check for {waves} waves/SIMD; records=PATH (a build's counts) or `wavebudget sweep` give its registers")]
    IrreducibleNotEstimated {
        /// The waves set.
        waves: u32,
    },
    /// The records have the kernel more than once for this processor, with different counts.
    #[error("the records have this kernel more than once for this processor, with different counts ({}): no one build's; estimating instead", .0.join("; "))]
    RecordsConflict(Vec<String>),
    /// The records have the kernel built for the other wave size.
    #[error("the records have this kernel built for wave{recorded}, and it is compiled for wave{now} here: not its counts; estimating instead")]
    RecordsOtherWaveSize {
        /// The record's wave size.
        recorded: u32,
        /// The kernel's here.
        now: u32,
    },
    /// The kernel is not in the records.
    #[error("not in the records; estimating instead")]
    NotInRecords,
    /// The kernel is too large to estimate: no spill check.
    #[error("{too_large}: no spill check for {waves} waves/SIMD; records=PATH (a build's counts) or `wavebudget sweep` give its registers")]
    TooLargeToEstimate {
        /// How large.
        too_large: wavebudget_estimate::TooLarge,
        /// The waves set.
        waves: u32,
    },
    /// Inline asm names more registers than the budget.
    #[error("inline asm names registers up to {} ({total} VGPRs), over the budget of {budget} for {waves} waves/SIMD; LLVM cannot spill them, {}",
        match (vgprs, agprs) { (v, 0) => format!("v{}", v - 1), (0, a) => format!("a{}", a - 1), (v, a) => format!("v{} and a{}", v - 1, a - 1) },
        match gets {
            Some(g) => format!("so the kernel will get {g} waves/SIMD, not {waves}"),
            None => "reserves those past the budget and does not preserve them across the asm (it warns so), and the kernel's waves follow LLVM's own count of them, which for AGPRs named only by asm is not this total (llc-22: the larger of the two files): check llc's occupancy".to_string(),
        })]
    AsmOverBudget {
        /// Arch VGPRs asm names (the highest plus one).
        vgprs: u32,
        /// AGPRs asm names (the highest plus one).
        agprs: u32,
        /// Their total.
        total: u32,
        /// The VGPR budget.
        budget: u32,
        /// The waves set.
        waves: u32,
        /// The waves the kernel will get, where LLVM counts the registers as the model does (not for
        /// AGPRs named by asm in a unified file: llc-22 gives `~{v127},~{a127}` 128 registers on gfx942).
        gets: Option<u32>,
    },
    /// Inline asm names arch VGPRs past what the AGPR split leaves, the whole within the budget: LLVM
    /// reserves them (llc-22: "inline asm clobber list contains reserved registers").
    #[error("inline asm names registers up to v{}, past the {split} of the {budget} VGPRs for {waves} waves/SIMD that {} leaves beside AGPRs: LLVM reserves them and does not preserve them across the asm (it warns that the clobber list contains reserved registers){}",
        vgprs - 1,
        match agpr_alloc { Some(a) => format!("\"amdgpu-agpr-alloc\"=\"{a}\""), None => "LLVM 22 without \"amdgpu-agpr-alloc\"".to_string() },
        if *names_agprs { "" } else { "; \"amdgpu-agpr-alloc\"=\"0\" leaves them all to arch VGPRs where no AGPR is named" })]
    AsmPastSplit {
        /// Arch VGPRs asm names (the highest plus one).
        vgprs: u32,
        /// Arch VGPRs LLVM's split leaves.
        split: u32,
        /// The whole VGPR budget.
        budget: u32,
        /// The waves set.
        waves: u32,
        /// The attribute as written (`None`: absent, LLVM 22's default half).
        agpr_alloc: Option<String>,
        /// The asm names AGPRs too.
        names_agprs: bool,
    },
    /// gfx908: an estimate over the arch budget but within both files: AGPR copies.
    #[error("estimated peak pressure of about {estimate} registers exceeds the {budget} arch VGPRs of {waves} waves/SIMD; about {} of them would live in the {agprs} AGPRs as copies, not memory spills, if the estimate holds (llc-22 spills a few where its count nears both files' {}; records=PATH gives exact counts)", estimate - budget, budget + agprs)]
    AgprCopies {
        /// The estimate.
        estimate: u32,
        /// The arch VGPR budget.
        budget: u32,
        /// The AGPR budget (gfx908's separate file).
        agprs: u32,
        /// The waves set.
        waves: u32,
    },
    /// Recorded VGPRs over the budget.
    #[error("records show {vgpr_count} VGPRs (vgpr_count) but {waves} waves/SIMD allow {budget}: {} registers will have to spill", vgpr_count - budget)]
    RecordsVgprSpill {
        /// Recorded.
        vgpr_count: u32,
        /// The waves set.
        waves: u32,
        /// The budget.
        budget: u32,
    },
    /// Estimated VGPRs over the budget.
    #[error("estimated peak pressure of about {estimate} VGPRs exceeds the budget of {budget} for {waves} waves/SIMD: about {} registers may spill (estimated from the IR; records=PATH gives exact counts)", estimate - budget)]
    EstimateVgprSpill {
        /// The estimate.
        estimate: u32,
        /// The waves set.
        waves: u32,
        /// The budget.
        budget: u32,
    },
    /// Estimated SGPRs (with VCC) over the budget (GFX8/9, where SGPRs bound the waves).
    #[error("estimated peak of about {estimate} SGPRs (the {reserved} LLVM reserves included) exceeds the {budget} LLVM allocates for {waves} waves/SIMD: about {} registers may spill (estimated from the IR; records=PATH gives exact counts)", estimate - budget)]
    EstimateSgprSpill {
        /// The estimate, the reserved SGPRs included.
        estimate: u32,
        /// SGPRs LLVM reserves (VCC; XNACK's and flat scratch's on GFX8/9).
        reserved: u32,
        /// The waves set.
        waves: u32,
        /// The budget.
        budget: u32,
    },
    /// Recorded SGPRs over the budget.
    #[error("records show {sgpr_count} SGPRs (sgpr_count) but {waves} waves/SIMD allow {budget}: {} registers will have to spill", sgpr_count - budget)]
    RecordsSgprSpill {
        /// Recorded.
        sgpr_count: u32,
        /// The waves set.
        waves: u32,
        /// The budget.
        budget: u32,
    },
    /// The architectural VGPRs are over what `"amdgpu-agpr-alloc"` (or LLVM 22's default half) leaves,
    /// the whole count within the budget: the rest live in AGPRs (copies, not memory spills; measured with
    /// llc-22 on gfx90a, `tests/pass_claims.rs`).
    #[error("{} {arch} arch VGPRs, over the {split} of the {budget} VGPRs for {waves} waves/SIMD that {} leaves beside AGPRs: {} of them would live in AGPRs as copies, not memory spills, while the {} AGPRs hold every value copied there",
        match from { crate::plan::RegisterSource::Records => "the records have", crate::plan::RegisterSource::Estimate => "estimated" },
        match agpr_alloc { Some(a) => format!("\"amdgpu-agpr-alloc\"=\"{a}\""), None => "LLVM 22 without \"amdgpu-agpr-alloc\" (half kept for AGPRs; clang -O adds \"amdgpu-agpr-alloc\"=\"0\" where no AGPR is named)".to_string() },
        arch - split, budget - split)]
    ArchOverSplit {
        /// Arch VGPRs recorded or estimated.
        arch: u32,
        /// Arch VGPRs LLVM's split leaves.
        split: u32,
        /// The whole VGPR budget.
        budget: u32,
        /// The waves set.
        waves: u32,
        /// The attribute as written (`None`: absent, LLVM 22's default half).
        agpr_alloc: Option<String>,
        /// Where the count came from.
        from: crate::plan::RegisterSource,
    },
    /// `"amdgpu-agpr-alloc"` leaves no architectural VGPR at W.
    #[error("at {waves} waves/SIMD {} leaves 0 of the {budget} VGPRs for architectural VGPRs: llc-22 cannot allocate (\"no registers from class available to allocate\"){}",
        match agpr_alloc { Some(a) => format!("\"amdgpu-agpr-alloc\"=\"{a}\""), None => "LLVM 22's default split".to_string() },
        if *as_written { "; nor can it as the kernel is written, without a waves target (the budget its launch bounds allow is split the same way)" } else { "" })]
    AgprAllocLeavesNoVgprs {
        /// The waves.
        waves: u32,
        /// The whole VGPR budget.
        budget: u32,
        /// The attribute as written.
        agpr_alloc: Option<String>,
        /// The kernel as written (no waves target) is split the same way: it does not compile at all.
        as_written: bool,
    },
    /// LLVM's subtarget for the kernel has no wave size on (LLVM 15, where a string turns both off).
    #[error("\"target-features\"=\"{features}\" leaves LLVM {llvm_major} no wave size (both wavefrontsize32 and wavefrontsize64 off): it generates wave32 code against wave64 register budgets, and a budget set here may not compile; name one wave size")]
    NoWaveSize {
        /// The features as written.
        features: String,
        /// The LLVM major.
        llvm_major: u32,
    },
    /// `"amdgpu-num-vgpr"` holds the kernel to a budget at which LLVM 15's allocator aborts.
    #[error("\"amdgpu-num-vgpr\"=\"{value}\": {why}; the kernel aborts LLVM 15 at any waves target, so none is set")]
    NumVgprTupleAbort {
        /// As written.
        value: u32,
        /// Why.
        why: TupleAbort,
    },
    /// A few registers from one more wave.
    #[error("{vgpr_count} VGPRs reach {now} waves/SIMD; shaving {} registers (to {to}) would give {}", vgpr_count - to, now + 1)]
    Shave {
        /// Recorded.
        vgpr_count: u32,
        /// Waves now.
        now: u32,
        /// The count for one more wave.
        to: u32,
    },

    // ----- mode=auto -----
    /// The ladder has no levels.
    #[error("mode=auto: the ladder has no levels")]
    AutoNoLevels,
    /// LLVM ignores the attribute at every level.
    #[error("mode=auto: LLVM {llvm_major} ignores \"amdgpu-waves-per-eu\" at every level ({from} to {to}) with this launch size and LDS")]
    AutoAllIgnored {
        /// The LLVM major that compiled the ladder.
        llvm_major: u32,
        /// The levels' range.
        from: u32,
        /// The levels' range.
        to: u32,
    },
    /// No level compiled.
    #[error("mode=auto: no level ({from} to {to}) compiled (wavebudget sweep shows LLVM's messages)")]
    AutoNoneCompiled {
        /// The levels' range.
        from: u32,
        /// The levels' range.
        to: u32,
    },
    /// The policy chose no level.
    #[error("mode=auto: {0}")]
    AutoPolicy(wavebudget_ladder::ChoiceReason),
    /// No ladder for the kernel (the target's refusal, or LLVM's message from compiling it).
    #[error("mode=auto: {0}")]
    AutoNoLadder(NoLadder),
}

/// Why `mode=auto` has no ladder (no records and no in-process sweep) for a kernel.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum NoLadder {
    /// The model refuses `target=`.
    #[error("target={target}: {error}")]
    Target {
        /// As given.
        target: String,
        /// The model's refusal.
        error: ModelError,
    },
    /// Neither `"target-cpu"` nor `target=`.
    #[error("{} (target=PROCESSOR, -wavebudget-target)", ProcessorRefusal::NoTarget)]
    NoTarget,
    /// No processor to compile the kernel for.
    #[error("{0}")]
    Processor(ProcessorRefusal),
    /// Its baseline and every level failed (the baseline's error: LLVM's words, or why not compiled).
    #[error("{}", .0.as_ref().map_or_else(|| "the kernel did not compile".to_string(), ToString::to_string))]
    Compile(Option<LevelError>),
    /// The sweep's answer has no ladder for it.
    #[error("the sweep did not reach this kernel")]
    NotReached,
    /// The module could not be swept at all (the module's own warning says why).
    #[error("the module could not be compiled")]
    ModuleNotCompiled,
    /// The pass was run without an in-process compiler (the pass proper alone, not the plugin nor
    /// `wavebudget_pass::run`) and the records give no ladder.
    #[error("no ladder in the records, and this caller of the pass compiles none in process (records=PATH from `wavebudget sweep --json` gives one)")]
    NoCompiler,
}

wavebudget_model::kind_is_variant!(NoLadder);

impl Finding {
    /// The variant's name in snake case, stable across releases (an untouched kernel's is its reason's).
    pub fn kind(&self) -> &'static str {
        match self {
            Finding::Untouched(why) => why.kind(),
            other => other.into(),
        }
    }

    /// The finding without the [`Finding::Untouched`] wrapper.
    pub fn reason(&self) -> &Finding {
        match self {
            Finding::Untouched(why) => why.reason(),
            other => other,
        }
    }
}
