//! The model's one error type: every variant is bad input from the caller, never a bug.

use thiserror::Error;

/// Bad input to the model. Messages name what was wrong and the limit it broke.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Error, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum ModelError {
    /// No processor, alias or product of that name.
    #[error("unknown target '{name}'{}", suggest(.suggestions))]
    UnknownTarget { name: String, suggestions: Vec<String> },
    /// A processor LLVM removed.
    #[error("'{name}' was removed in LLVM 22 (llc-22 treats it as an unknown processor and computes with a generic subtarget), and the model holds only the processors LLVM 22 knows, under every major's rules; use '{replacement}'")]
    RemovedTarget { name: String, replacement: &'static str },
    /// A processor the chosen LLVM major does not know.
    #[error("{target} is not known to LLVM {llvm} (it came in LLVM {since})")]
    UnknownToLlvm { target: &'static str, llvm: u32, since: u32 },
    /// An LLVM major the model has no rules for.
    #[error("LLVM {major} is not one the model follows: 15, 19 or 22 (docs/llvm-versions.md)")]
    LlvmMajor { major: u32 },
    /// GFX6/7.
    #[error("'{name}' (GFX6/GFX7) is not modelled: wavebudget covers GFX8 and later")]
    NotModelled { name: String },
    /// A `:feature+` suffix that is not xnack or sramecc, or that the processor lacks.
    #[error("target '{target}': {reason}")]
    BadFeature { target: String, reason: FeatureRefusal },
    /// A wave size the processor does not run.
    #[error("{target} has no wave{wave_size} mode (wave sizes: {supported})")]
    WaveSize { target: &'static str, wave_size: u32, supported: String },
    /// `"target-features"` asking for both wave sizes (LLVM refuses that: exactly one).
    #[error("\"target-features\"=\"{features}\" asks for both +wavefrontsize32 and +wavefrontsize64, which LLVM refuses (it must be exactly one)")]
    BothWaveSizes { features: String },
    /// CU mode on a processor without WGPs.
    #[error("{target} has no CU/WGP mode switch (CU mode applies to GFX10, GFX11 and GFX12)")]
    CuMode { target: &'static str },
    /// Dynamic VGPRs on a processor without them, or a bad block size.
    #[error("{target}: {reason}")]
    DynamicVgpr { target: &'static str, reason: DvgprRefusal },
    /// A register count over what the target can address.
    #[error("{count} {what} is more than {target} can address ({max} per wave{detail})")]
    TooManyRegisters { target: &'static str, what: &'static str, count: u32, max: u32, detail: &'static str },
    /// Static LDS over the per-workgroup maximum.
    #[error("{bytes} bytes of LDS is more than a workgroup can allocate on {target} ({max} bytes)")]
    LdsTooLarge { target: &'static str, bytes: u64, max: u32 },
    /// A launch a compiled kernel cannot take (over its `.max_flat_workgroup_size`, not its
    /// `.reqd_workgroup_size`, more LDS than a workgroup has), or no launch size that fits.
    #[error("{0}")]
    Launch(LaunchRefusal),
    /// A workgroup size outside 1 to 1024 or a range with min > max.
    #[error("workgroup size {0}")]
    WorkgroupSize(WorkgroupRefusal),
    /// A waves target of 0 or above the hardware maximum.
    #[error("{waves} waves per SIMD is outside 1 to {max} on {target}")]
    Waves { target: &'static str, waves: u32, max: u32 },
    /// A batch column's value that is not a count (negative, or over 4294967295), named by its column.
    #[error("{what} = {value}")]
    NotACount { what: &'static str, value: OutOfRange },
    /// Generic (cross-vendor) parameters that make no sense.
    #[error("generic model: {0}")]
    Generic(GenericRefusal),
    /// A batch call's buffer whose length is not the batch's.
    #[error("{what} holds {len} cells, the batch has {cells}")]
    Shape { what: &'static str, len: usize, cells: usize },
    /// The columnar bounds refused cells the cell-by-cell model takes: a defect in the model, reported
    /// rather than answered.
    #[error("internal: the columnar bounds refused cells {from}..{to}, which the model takes")]
    BoundsDisagree { from: usize, to: usize },
}

crate::kind_is_variant!(ModelError);

/// Why a `:feature+`/`:feature-` suffix of a target id is refused.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FeatureRefusal {
    /// Neither `+` nor `-` at its end.
    #[error("feature '{feature}' must end in '+' or '-' (e.g. xnack-)")]
    NoSign { feature: String },
    /// Not xnack or sramecc.
    #[error("unknown target feature '{feature}' (target ids carry only xnack and sramecc)")]
    Unknown { feature: String },
    /// The processor does not have it.
    #[error("{processor} does not support {feature}")]
    Unsupported { processor: &'static str, feature: &'static str },
    /// Given twice.
    #[error("feature '{feature}' given twice")]
    Twice { feature: &'static str },
}

/// Why dynamic-VGPR mode cannot be modelled as asked.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum DvgprRefusal {
    /// Not a gfx12 processor, or an LLVM major before 22.
    #[error("dynamic-VGPR mode exists only on gfx12 (gfx1200, gfx1201, gfx12-generic) in LLVM 22 ({llvm} ignores \"amdgpu-dynamic-vgpr-block-size\")")]
    NotAvailable { llvm: crate::Llvm },
    /// A block size other than 16 or 32.
    #[error("dynamic-VGPR block size {block} is not 16 or 32")]
    BlockSize { block: u32 },
    /// Wave64.
    #[error("dynamic-VGPR mode is wave32 only")]
    Wave64,
}

/// Why the generic (cross-vendor) form's parameters or request are refused.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum GenericRefusal {
    /// A register file, wave width or register size of 0.
    #[error("the register file bytes, the wave width and the register bytes must all be at least 1")]
    ZeroParameter,
    /// A granule of 0.
    #[error("the granule must be at least 1")]
    ZeroGranule,
    /// Partitions of 0, or a number that does not divide the register file's bytes.
    #[error("{partitions} partitions: the partitions must be at least 1 and divide the register file bytes evenly")]
    Partitions { partitions: u32 },
    /// A waves target of 0.
    #[error("0 waves: a waves target is at least 1")]
    ZeroWaves,
    /// A waves target over the cap.
    #[error("{waves} waves is over the maximum of {max} waves")]
    OverMaxWaves { waves: u32, max: u32 },
    /// Fewer registers per wave than one granule.
    #[error(
        "{waves} waves leave less than one granule ({granule} registers per lane) per wave: at most {fits} waves fit"
    )]
    BelowGranule { waves: u32, granule: u32, fits: u64 },
}

/// Why a launch cannot be evaluated for a kernel, or why no launch size fits.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LaunchRefusal {
    /// Over the kernel's `.max_flat_workgroup_size`.
    #[error("launch size {max} is over the kernel's .max_flat_workgroup_size {max_flat}: it cannot be launched so")]
    OverMaxFlat { max: u32, max_flat: u32 },
    /// Not the kernel's `.reqd_workgroup_size`.
    #[error("launch size {min} to {max} is not the kernel's .reqd_workgroup_size ({required} threads): it cannot be launched so")]
    NotRequired { min: u32, max: u32, required: u32 },
    /// Static LDS and LDS given at launch past what a workgroup can allocate.
    #[error("{static_lds} bytes of static LDS and {dynamic_lds} given at launch make {total}, more than a workgroup can allocate on {target} ({max} bytes)")]
    LdsAtLaunch { static_lds: u32, dynamic_lds: u32, total: u64, target: &'static str, max: u32 },
    /// No launch of this many work-items fits.
    #[error("no launch of {wg_size} work-items fits on {target}")]
    NoFit { wg_size: u32, target: &'static str },
    /// No multiple of the wave size in the range.
    #[error("no multiple of the wave size ({wave}) lies in the launch range {min} to {max}")]
    NoWaveMultiple { wave: u32, min: u32, max: u32 },
}

/// Why a workgroup size or range is not one.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum WorkgroupRefusal {
    /// 0.
    #[error("must be at least 1")]
    Zero,
    /// Over the maximum flat workgroup size.
    #[error("{size} is over the maximum flat workgroup size {max}")]
    OverMax { size: u32, max: u32 },
    /// A range with its minimum above its maximum.
    #[error("range {min},{max} has its minimum above its maximum")]
    MinAboveMax { min: u32, max: u32 },
}

/// A value that is not a count: negative, or over 4294967295 (u32).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum OutOfRange {
    /// Below zero.
    #[error("{0}: expected a whole number, not a negative one")]
    Negative(i64),
    /// Over `u32::MAX`.
    #[error("{0}: over 4294967295")]
    Over(u64),
}

impl OutOfRange {
    /// `value`'s reason, or `None` when it is a u32.
    pub fn of(value: i128) -> Option<OutOfRange> {
        if value < 0 {
            Some(OutOfRange::Negative(i64::try_from(value).unwrap_or(i64::MIN)))
        } else if value > i128::from(u32::MAX) {
            Some(OutOfRange::Over(u64::try_from(value).unwrap_or(u64::MAX)))
        } else {
            None
        }
    }
}

fn suggest(s: &[String]) -> String {
    if s.is_empty() {
        "; run 'wavebudget targets' for the list".to_string()
    } else {
        format!("; did you mean {}?", s.iter().map(|x| format!("'{x}'")).collect::<Vec<_>>().join(", "))
    }
}
