//! wavebudget's engine, without LLVM: what the command line, the Python package and the HTML report
//! all answer, as typed values. Nothing here formats for people (each type's `Display` aside) or parses
//! arguments; the CLI renders these values as text or JSON, Python converts them to its objects.
//!
//! - [`inspect`]: every kernel of every code object in files or bytes, evaluated by the model, with its
//!   descriptor diagnosis and notes ([`inspect::inspect`], [`inspect::inspect_bytes`]).
//! - [`advise`]: compiled configurations of one kernel ranked by the latency-hiding model
//!   (`wavebudget-advice`), each with its occupancy under the vendor's launch rule, checked against
//!   measured times where given.
//! - [`dispatch`]: a kernel of a file at a launch on a device (named, or read from a KFD topology).
//! - [`triton`]: Triton's cache (`<hash>/<name>.hsaco` with `<name>.json`) and its launch rule
//!   (`num_warps x warp_size` threads, `shared` bytes of LDS given at launch), and the answers about
//!   `waves_per_eu` and a compiled kernel at launch that Triton users ask.
//! - [`ladder`]: the sweep's answer (`Sweep`, its kernels' ladders and levels), written and read back in
//!   one typed form, and the policy that picks a waves target from a ladder.
//! - [`report`]: the HTML report's inputs (kernels of files and sweeps, or one configuration), each
//!   evaluated, with its counts, notes and measured ladder; the `wavebudget-report` crate draws the page.
//! - [`vendor`], [`misuse`], [`output`]: which launch options go with which vendor's binaries, the
//!   misuses every door shares, and writing an output.
//! - [`targets`]: every processor the model knows, with its parameters.
//! - [`suggest`]: the launch size whose waves stay resident most, per subtarget.
//! - [`nvidia`]: NVIDIA's `occupancy` and `budget` answers.
//! - [`Note`]: what a kernel's evaluation says beside its numbers, one variant per kind.

#![forbid(unsafe_code)]

use wavebudget_model::text::Arg;
pub mod advise;
pub mod dispatch;
#[cfg(feature = "write")]
pub mod embed;
pub mod generic;
pub mod inspect;
/// The sweep's answer and the policy that picks from a ladder: its own crate, which the pass plugin links
/// without the rest of the engine.
pub use wavebudget_ladder as ladder;
pub mod misuse;
mod note;
pub mod nvidia;
pub mod output;
pub mod report;
pub mod suggest;
pub mod targets;
pub mod triton;
pub mod vendor;

pub use note::{Note, PadCause};

/// Why the engine refused an input; one line each. New variants may be added.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum Error {
    /// The reader refused a file or bytes (`path` names it; the reader's message names the structure
    /// and the offset).
    #[error("{}", reader_message(.path, .source))]
    Reader {
        /// The file, or `<bytes>`.
        path: String,
        /// The reader's error.
        #[source]
        source: wavebudget_codeobj::Error,
    },
    /// A directory was given that holds no `.hsaco` or `.cubin` file.
    #[error("{path}: is a directory without .hsaco or .cubin files (a Triton cache directory holds <hash>/<name>.hsaco on AMD, <hash>/<name>.cubin on NVIDIA)")]
    NotATritonCache {
        /// The directory.
        path: String,
    },
    /// A directory of a Triton cache could not be listed.
    #[error("{path}: {source}")]
    Io {
        /// The directory.
        path: String,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// Triton's metadata JSON beside a `.hsaco` is not what Triton writes.
    #[error("{path}: {problem}")]
    TritonJson {
        /// The `<name>.json`.
        path: String,
        /// What is wrong in it.
        problem: triton::JsonProblem,
    },
    /// Triton's launch (its `warp_size`) and the kernel's wave size disagree.
    #[error("{json}: \"warp_size\" {warp_size} but kernel '{kernel}' in {file} is wave{wave}: num_warps x warp_size is not its launch size")]
    WarpSize {
        /// Where Triton's launch came from (the `<name>.json`, or `kernel.metadata`).
        json: String,
        /// Its `warp_size`.
        warp_size: u32,
        /// The kernel.
        kernel: String,
        /// The code object's file.
        file: String,
        /// The kernel's `.wavefront_size`.
        wave: u32,
    },
    /// Triton's JSON names another processor than the code object beside it is built for.
    #[error("{json}: \"arch\" {arch} but {file} is built for {processor}: the entry's files come from two compiles")]
    TritonArch {
        /// The `<name>.json`.
        json: String,
        /// Its `arch`.
        arch: String,
        /// The code object's file.
        file: String,
        /// The code object's processor.
        processor: String,
    },
    /// A kernel filter that is not a regular expression.
    #[error("{} '{pattern}': not a regular expression: {why}", Arg("kernel"))]
    KernelPattern {
        /// The pattern.
        pattern: String,
        /// The regex crate's reason, its last line.
        why: String,
    },
    /// A kernel filter that matches no kernel of the inputs.
    #[error("{} '{pattern}' matches none of the {total} kernel(s) in {inputs}", Arg("kernel"))]
    NoKernelMatches {
        /// The pattern.
        pattern: String,
        /// Kernels the inputs hold.
        total: usize,
        /// The inputs, comma-separated.
        inputs: String,
    },
    /// Input files that hold no kernel.
    #[error("{inputs}: no kernels to report")]
    NoKernels {
        /// The inputs, comma-separated.
        inputs: String,
    },
    /// A target list with no target in it (`--target ''`, `target=","`).
    #[error("{} is empty", Arg("target"))]
    EmptyTarget,
    /// A device named by nothing (`--device ''`).
    #[error("{} is empty", Arg("device"))]
    EmptyDevice,
    /// A target list holding an NVIDIA target among others.
    #[error(
        "{} '{list}': give one NVIDIA target at a time (its kernel is given in registers per thread, not VGPRs)",
        Arg("target")
    )]
    NvidiaTargetList {
        /// The list as given.
        list: String,
    },
    /// An NVIDIA target where only AMD targets are answered (suggest, Python's AMD calls).
    #[error("'{name}' is an NVIDIA target; this takes AMD targets (NVIDIA targets: occupancy and budget with --regs, the report's calculator view, targets --nvidia, inspect of CUDA binaries, Python's wavebudget.nvidia, C's wb_nv_occupancy and wb_nv_budget; docs/nvidia.md)")]
    #[strum(serialize = "nvidia_target")]
    NvidiaTargetHere {
        /// The name as given.
        name: String,
    },
    /// A name that looks NVIDIA's but is not an architecture or product the model knows.
    #[error("unknown NVIDIA target '{name}' (modelled: {known}; `wavebudget targets --nvidia` lists the products)")]
    #[strum(serialize = "unknown_target")]
    UnknownNvidiaTarget {
        /// The name as given.
        name: String,
        /// The architectures modelled.
        known: String,
    },
    /// A name where only an NVIDIA target is answered (Python's `wavebudget.nvidia`, the C API's `wb_nv_*`)
    /// that is not one.
    #[error("'{name}' is not an NVIDIA target (an architecture sm_XY, or a product name such as H100)")]
    #[strum(serialize = "unknown_target")]
    NotNvidiaTarget {
        /// The name as given.
        name: String,
    },
    /// A file that starts as JSON but is not a sweep's output.
    #[error("{path}: not `wavebudget sweep --json` output: {problem}")]
    NotASweep {
        /// The file.
        path: String,
        /// Where and what is wrong.
        problem: SweepProblem,
    },
    /// A sweep's kernel for a target the model refuses.
    #[error("{path}: kernels[{index}] target '{target}': {error}")]
    SweepTarget {
        /// The file.
        path: String,
        /// The kernel's index.
        index: usize,
        /// Its target.
        target: String,
        /// The model's refusal.
        error: wavebudget_model::ModelError,
    },
    /// An option that does not apply to a sweep's kernels.
    #[error("{path}: {option}")]
    SweepOption {
        /// The file.
        path: String,
        /// The option and why.
        option: report::SweepOption,
    },
    /// A KFD topology root without a GPU node.
    #[error("{} {root}: no GPU node", Arg("kfd-root"))]
    NoGpuNode {
        /// The root.
        root: String,
    },
    /// A directory where a file was expected.
    #[error("{path}: is a directory")]
    IsADirectory {
        /// The path.
        path: String,
    },
    /// A kernel name or pattern that matches no kernel of the file.
    #[error("{} '{pattern}' matches no kernel (kernels: {})", Arg("kernel"), .kernels.join(", "))]
    KernelNotFound {
        /// The name or pattern.
        pattern: String,
        /// The file's kernels.
        kernels: Vec<String>,
    },
    /// A pattern that matches several kernels where one is needed.
    #[error("{} '{pattern}' matches {} kernels ({}); dispatch needs one", Arg("kernel"), .matches.len(), .matches.join(", "))]
    KernelAmbiguous {
        /// The pattern.
        pattern: String,
        /// The kernels it matches.
        matches: Vec<String>,
    },
    /// A launch range where a dispatch has one size.
    #[error("{} {min},{max}: a dispatch has one launch size (give N)", Arg("wg-size"))]
    DispatchRange {
        /// The range's minimum.
        min: u32,
        /// Its maximum.
        max: u32,
    },
    /// The runtime refused a device or a kernel.
    #[error(transparent)]
    Runtime(#[from] wavebudget_runtime::Error),
    /// The model refused the input (a target, a count, a launch).
    #[error(transparent)]
    Model(#[from] wavebudget_model::ModelError),
    /// A question about a Triton launch that has no answer (no kernel, several, no occupancy).
    #[error("{0}")]
    Triton(triton::Refusal),
    /// An AMD-only option where every input read is an NVIDIA cubin.
    #[error("{option} applies to AMD code objects; the inputs hold NVIDIA cubins only{}", instead.map(|(flag, what)| format!(" (for a cubin: {flag}{what})")).unwrap_or_default())]
    #[strum(serialize = "amd_flag_on_cubins")]
    AmdOptionOnCubins {
        /// The option.
        option: vendor::Flag,
        /// The option that says it for a cubin, where one does, and what it takes.
        instead: Option<(vendor::Flag, &'static str)>,
    },
    /// An NVIDIA-only option where no input holds a cubin (or, in a report, where the page draws the
    /// inputs' AMD code objects and lists their cubins beside them).
    #[error("{option} applies to NVIDIA cubins; {}", if *beside { "the page draws the inputs' AMD code objects (report the NVIDIA binaries on their own)" } else { "the inputs hold AMD code objects only" })]
    #[strum(serialize = "nvidia_flag_on_code_objects")]
    NvidiaOptionOnCodeObjects {
        /// The option.
        option: vendor::Flag,
        /// Whether the inputs hold cubins too, beside the AMD code objects drawn.
        beside: bool,
    },
    /// A launch range where a CUDA block has one size.
    #[error("{} '{value}': a CUDA block has one size; give one number for the cubins", Arg("wg-size"))]
    BlockRange {
        /// As given.
        value: String,
    },
    /// The NVIDIA model refused the launch (a dynamic shared memory limit over the device's opt-in
    /// maximum, which the driver refuses to set) or a budget level.
    #[error(transparent)]
    Nvidia(wavebudget_model::nvidia::NvRefusal),
    /// Every blocks-per-SM level asked of an NVIDIA kernel that launches at no register count.
    #[error("{arch} at {block} threads per block: the kernel cannot launch at any register count: {why}")]
    NeverLaunches {
        /// The NVIDIA architecture.
        arch: &'static str,
        /// Threads per block.
        block: u32,
        /// The model's reason.
        why: wavebudget_model::nvidia::Unlaunchable,
    },
    /// A misuse of the request itself (a flag where it cannot apply).
    #[error(transparent)]
    Misuse(#[from] misuse::Misuse),
    /// A flag the model answering a configuration does not take.
    #[error(transparent)]
    Flag(#[from] vendor::FlagMisuse),
}

/// What makes a JSON file not a sweep's output ([`Error::NotASweep`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SweepProblem {
    /// The JSON does not have the sweep's shape: serde's path and message.
    #[error("{0}")]
    Shape(String),
    /// A level whose `"waves"` is missing or not a waves target of the kernel's processor.
    #[error("kernels[{kernel}].levels[{level}]: \"waves\" {} is not a waves target of {processor} (1 to {max})", waves.map_or("missing".to_string(), |w| w.to_string()))]
    Waves {
        /// The kernel's index in the file.
        kernel: usize,
        /// The level's index in its ladder.
        level: usize,
        /// What the level says (`None`: no `"waves"`).
        waves: Option<u32>,
        /// The kernel's processor.
        processor: String,
        /// Its largest waves target.
        max: u32,
    },
    /// A compiled level (or the baseline) whose `"waves_per_simd"` is more than the processor runs.
    #[error("kernels[{kernel}].{level}: \"waves_per_simd\" {occupancy} is more than {processor} runs (at most {max} waves/SIMD)")]
    Occupancy {
        /// The kernel's index in the file.
        kernel: usize,
        /// `baseline` or `levels[J]`.
        level: String,
        /// What the level says.
        occupancy: u32,
        /// The kernel's processor.
        processor: String,
        /// Its most waves per SIMD.
        max: u32,
    },
}

impl Error {
    /// The variant's name in snake case, stable across releases (the model's or the runtime's own for
    /// their refusals): what Python's `Error.kind` gives, to match instead of the English.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Runtime(e) => e.kind(),
            Error::Model(e) => e.kind(),
            Error::Triton(r) => r.kind(),
            Error::Nvidia(e) => e.kind(),
            Error::Misuse(m) => m.kind(),
            Error::Flag(f) => f.kind(),
            other => other.into(),
        }
    }
}

/// A reader's refusal of `path`, naming it once (an I/O error names it already).
pub fn reader_message(path: &str, e: &wavebudget_codeobj::Error) -> String {
    match e {
        // The I/O error already names the path.
        wavebudget_codeobj::Error::Io { .. } => e.to_string(),
        _ => format!("{path}: {e}"),
    }
}

/// The engine's results.
pub type Result<T, E = Error> = std::result::Result<T, E>;
