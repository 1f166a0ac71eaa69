//! What an evaluation says beside its numbers, one variant per kind with its data; the prose is only in
//! `Display` (and the JSON, which writes each note as its text). Tests and the Python layer match the
//! variant (Python: [`Note::kind`]), never the English.

use wavebudget_model::{ModelError, OccupancyNote};

/// A note on one kernel of `inspect`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum Note {
    /// LDS given at launch lowers the occupancy below what the code object alone allows.
    #[error("{dynamic_lds} bytes of LDS given at launch bind: {waves} waves/SIMD where the code object alone allows {alone}")]
    LaunchLdsBinds {
        /// Bytes given at launch.
        dynamic_lds: u32,
        /// Waves/SIMD with them.
        waves: u32,
        /// Waves/SIMD without them.
        alone: u32,
    },
    /// LLVM padded the descriptor below what the metadata's counts allow.
    #[error("the metadata counts alone allow {metadata} waves/SIMD; the padded descriptor caps it at {waves}")]
    PaddedDescriptorCaps {
        /// Waves/SIMD from the metadata's counts.
        metadata: u32,
        /// Waves/SIMD from the descriptor's.
        waves: u32,
    },
    /// LLVM padded the descriptor beyond the kernel's counts at no cost in waves: the answer uses the
    /// counts (with fewer resources LLVM would pad less). The report's charts say so.
    #[error("the descriptor allocates {vgprs} VGPRs and {sgprs} SGPRs where the kernel counts {vgpr_count} and {sgpr_count}: LLVM padded it to the {waves} waves/SIMD the kernel reaches anyway; the charts and the next step use the counts (with fewer resources LLVM pads less)")]
    PaddedAtNoCost {
        /// VGPRs the descriptor allocates.
        vgprs: u32,
        /// SGPRs the descriptor allocates (as the model counts them).
        sgprs: u32,
        /// `.vgpr_count`.
        vgpr_count: u32,
        /// `.sgpr_count`.
        sgpr_count: u32,
        /// Waves/SIMD either way.
        waves: u32,
    },
    /// The model refused the evaluation (a launch size the kernel cannot take, registers the target
    /// cannot address); `on` names the target where the refusal is not about the launch.
    #[error("{}", no_occupancy(.on.as_deref(), .error))]
    NoOccupancy {
        /// The target evaluated on (absent for a launch-size refusal, whose reason names the launch).
        on: Option<String>,
        /// The model's refusal.
        error: ModelError,
    },
    /// The target in `e_flags` is one the model refuses (GFX6/GFX7).
    #[error("{0}: no occupancy")]
    TargetRefused(ModelError),
    /// `e_flags` names a processor LLVM 22 does not know.
    #[error("processor {mach:#x} in e_flags is not one LLVM 22 knows: no occupancy")]
    UnknownProcessor {
        /// `EF_AMDGPU_MACH`.
        mach: u32,
    },
    /// No `.vgpr_count` and no descriptor to read registers from.
    #[error("no .vgpr_count in the metadata: no occupancy")]
    NoVgprCount,
    /// gfx12: whether the kernel was built for dynamic VGPRs is not in the code object.
    #[error("{processor} kernels may be built for dynamic VGPRs (\"amdgpu-dynamic-vgpr-block-size\"), which a code object does not record: the occupancy shown is without them; --dvgpr-block 16 or 32 evaluates a kernel built with them")]
    DynamicVgprUnrecorded {
        /// The processor evaluated on.
        processor: &'static str,
    },
    /// The kernel's wave size is one the evaluated processor does not run.
    #[error("{processor} does not run wave{wave}: evaluated as wave{evaluated}")]
    WaveSizeNotRun {
        /// The processor evaluated on.
        processor: &'static str,
        /// The kernel's wave size.
        wave: u32,
        /// The processor's default, used instead.
        evaluated: u32,
    },
    /// The descriptor encodes more or fewer VGPRs than `.vgpr_count` rounds to.
    #[error("descriptor encodes {encoded} VGPRs where .vgpr_count {vgpr_count} rounds to {expected}: {cause}")]
    DescriptorVgprs {
        /// VGPRs the descriptor encodes.
        encoded: u32,
        /// The metadata's `.vgpr_count`.
        vgpr_count: u32,
        /// What that count encodes as.
        expected: u32,
        /// Why they differ.
        cause: PadCause,
    },
    /// The descriptor encodes other SGPRs than `.sgpr_count` rounds to.
    #[error("descriptor encodes {encoded} SGPRs where .sgpr_count {sgpr_count} rounds to {expected}")]
    DescriptorSgprs {
        /// SGPRs the descriptor encodes.
        encoded: u32,
        /// The metadata's `.sgpr_count` (LLVM's fixed count on processors with the SGPR init bug).
        sgpr_count: u32,
        /// What that count encodes as.
        expected: u32,
    },
    /// `.reqd_workgroup_size` whose product does not fit a launch size (32 bits): no launch to evaluate.
    #[error(".reqd_workgroup_size {dims} multiplies to more than any launch size: no occupancy")]
    ReqdWorkgroupOverflow {
        /// The three sizes.
        dims: wavebudget_model::LaunchDims,
    },
    /// A metadata count more than the descriptor's field can encode (no rounding to compare with).
    #[error(
        "descriptor encodes {encoded} {what} where {field} {count} is more than a descriptor encodes ({max} at most)"
    )]
    DescriptorUnencodable {
        /// "VGPRs" or "SGPRs".
        what: &'static str,
        /// ".vgpr_count" or ".sgpr_count".
        field: &'static str,
        /// The metadata's count.
        count: u32,
        /// What the descriptor encodes.
        encoded: u32,
        /// The most the descriptor's field encodes on this processor and wave size.
        max: u32,
    },
    /// The descriptor's and the metadata's static LDS differ.
    #[error("descriptor group_segment_fixed_size {descriptor} differs from the metadata's {metadata}")]
    DescriptorLds {
        /// The descriptor's.
        descriptor: u32,
        /// The metadata's.
        metadata: u32,
    },
    /// The descriptor's and the metadata's scratch differ.
    #[error("descriptor private_segment_fixed_size {descriptor} differs from the metadata's {metadata}")]
    DescriptorScratch {
        /// The descriptor's.
        descriptor: u32,
        /// The metadata's.
        metadata: u32,
    },
    /// `.wavefront_size` and the descriptor's wave32 bit disagree.
    #[error(".wavefront_size {wavefront_size} but the descriptor's ENABLE_WAVEFRONT_SIZE32 is {}", *.wave32 as u8)]
    DescriptorWave {
        /// The metadata's.
        wavefront_size: u32,
        /// The descriptor's bit.
        wave32: bool,
    },
    /// No descriptor symbol for the kernel in the file.
    #[error("no kernel descriptor symbol {symbol} in this file")]
    NoDescriptor {
        /// The symbol the metadata names.
        symbol: String,
    },
    /// The metadata's name and descriptor symbol are not `NAME` and `NAME.kd`.
    #[error("the metadata names the kernel '{name}' but its descriptor symbol is '{symbol}' (LLVM always writes NAME.kd): the name or the symbol is corrupt")]
    SymbolMismatch {
        /// `.name`.
        name: String,
        /// `.symbol`.
        symbol: String,
    },
    /// The model's note on the evaluation.
    #[error(transparent)]
    Model(OccupancyNote),
    /// The amdgpu-occupancy-budget pass ran on the kernel.
    #[error("amdgpu-occupancy-budget set {waves} waves/SIMD (VGPR budget {vgpr_budget}) before code generation")]
    PassSet {
        /// Waves/SIMD it set.
        waves: u32,
        /// The VGPR budget it set.
        vgpr_budget: u32,
    },
    /// A sweep's unconstrained build: the model's waves differ from what LLVM reported for it.
    #[error("the model gives {model} waves/SIMD where LLVM reported {reported} for this build (a build with -mcumode or other target features the sweep does not record?)")]
    ModelDiffersFromBuild {
        /// The model's waves/SIMD.
        model: u32,
        /// LLVM's.
        reported: u32,
    },
    /// A sweep's unconstrained build has no counts (it failed): no occupancy.
    #[error("the unconstrained build has no counts (status {}): no occupancy", .status.as_str())]
    NoBaselineCounts {
        /// How the build ended.
        status: crate::ladder::Status,
    },
    /// A Triton cache entry's `.hsaco` without the `<name>.json` that gives its launch.
    #[error("no {json} beside it: Triton's launch size and shared memory are unknown; occupancy over the kernel's launch range without LDS given at launch")]
    NoTritonLaunch {
        /// The JSON's file name.
        json: String,
    },
}

/// Why a descriptor encodes more VGPRs than the metadata counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PadCause {
    /// LLVM padded to cap occupancy (an `amdgpu-waves-per-eu` maximum), at these waves.
    #[error("LLVM padded it to cap occupancy at {0} waves/SIMD (an amdgpu-waves-per-eu maximum)")]
    WavesPerEuMax(u32),
    /// LLVM padded up to what the launch size allows anyway.
    #[error("LLVM padded it to the {0} waves/SIMD the launch size allows")]
    LaunchSize(u32),
    /// LLVM padded up to what the static LDS allows anyway.
    #[error("LLVM padded it to the {waves} waves/SIMD that {lds} bytes of LDS allow")]
    Lds {
        /// Waves/SIMD the LDS allows.
        waves: u32,
        /// Static LDS bytes.
        lds: u32,
    },
    /// Padded, with no launch size or target to say why.
    #[error("LLVM padded it to cap occupancy")]
    Unknown,
    /// The descriptor allocates fewer than the metadata counts.
    #[error("the descriptor allocates fewer registers than the metadata counts")]
    FewerThanMetadata,
}

fn no_occupancy(on: Option<&str>, e: &ModelError) -> String {
    match on {
        Some(t) => format!("no occupancy on {t}: {e}"),
        None => format!("{e}; no occupancy"),
    }
}

impl Note {
    /// The variant's name in snake case, stable across releases: what Python's `Note.kind` gives.
    pub fn kind(&self) -> &'static str {
        match self {
            Note::Model(n) => n.kind(),
            other => other.into(),
        }
    }
}

/// Written as its text: the JSON's `notes` are what a person reads (and what the CLI printed before
/// they were typed).
impl serde::Serialize for Note {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
