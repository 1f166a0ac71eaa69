//! The model's one error type: every variant is bad input from the caller, never a bug.

use thiserror::Error;

/// Bad input to the model. Messages name what was wrong and the limit it broke.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Error)]
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
    BadFeature { target: String, reason: String },
    /// A wave size the processor does not run.
    #[error("{target} has no wave{wave_size} mode (wave sizes: {supported})")]
    WaveSize { target: &'static str, wave_size: u32, supported: String },
    /// CU mode on a processor without WGPs.
    #[error("{target} has no CU/WGP mode switch (CU mode applies to GFX10, GFX11 and GFX12)")]
    CuMode { target: &'static str },
    /// Dynamic VGPRs on a processor without them, or a bad block size.
    #[error("{target}: {reason}")]
    DynamicVgpr { target: &'static str, reason: String },
    /// A register count over what the target can address.
    #[error("{count} {what} is more than {target} can address ({max} per wave{detail})")]
    TooManyRegisters { target: &'static str, what: &'static str, count: u32, max: u32, detail: &'static str },
    /// Static LDS over the per-workgroup maximum.
    #[error("{bytes} bytes of LDS is more than a workgroup can allocate on {target} ({max} bytes)")]
    LdsTooLarge { target: &'static str, bytes: u32, max: u32 },
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
    Generic(String),
}

impl ModelError {
    /// The variant's name in snake case, stable across releases: what Python's `Error.kind` gives, to
    /// match instead of the English.
    pub fn kind(&self) -> &'static str {
        match self {
            ModelError::UnknownTarget { .. } => "unknown_target",
            ModelError::RemovedTarget { .. } => "removed_target",
            ModelError::UnknownToLlvm { .. } => "unknown_to_llvm",
            ModelError::LlvmMajor { .. } => "llvm_major",
            ModelError::NotModelled { .. } => "not_modelled",
            ModelError::BadFeature { .. } => "bad_feature",
            ModelError::WaveSize { .. } => "wave_size",
            ModelError::CuMode { .. } => "cu_mode",
            ModelError::DynamicVgpr { .. } => "dynamic_vgpr",
            ModelError::TooManyRegisters { .. } => "too_many_registers",
            ModelError::LdsTooLarge { .. } => "lds_too_large",
            ModelError::Launch(_) => "launch",
            ModelError::WorkgroupSize(_) => "workgroup_size",
            ModelError::Waves { .. } => "waves",
            ModelError::NotACount { .. } => "not_a_count",
            ModelError::Generic(_) => "generic",
        }
    }
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
