//! The model's notes beside its numbers: one variant per kind with its data, the prose only in `Display`
//! (the JSON writes each as its text). Callers match the variant, never the English.

use crate::Llvm;

/// A note on an occupancy ([`crate::Occupancy::notes`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum OccupancyNote {
    /// A processor with the SGPR init bug: LLVM reports a fixed SGPR count, whatever is given.
    #[error("{processor} has the SGPR init bug: LLVM always reports {reported} SGPRs, whatever the kernel uses ({given} given)")]
    SgprInitBug {
        /// The processor.
        processor: &'static str,
        /// The count LLVM reports.
        reported: u32,
        /// The count given.
        given: u32,
    },
    /// The launch size is a range: LLVM's number is the best case over it.
    #[error("launch size is a range ({min} to {max}): LLVM reports the best case over the range; the hardware column uses {max}")]
    LaunchRange {
        /// Smallest launch size.
        min: u32,
        /// Largest.
        max: u32,
    },
    /// LLVM ignores the LDS allocation granule, and the hardware's waves differ for it.
    #[error("LLVM ignores the {granule}-byte LDS allocation granule; the hardware allocates {allocated} bytes")]
    LdsGranule {
        /// The granule in bytes.
        granule: u32,
        /// What the hardware allocates.
        allocated: u32,
    },
    /// The hardware keeps whole workgroups: their waves over the CU's SIMDs hold fewer waves than LLVM's
    /// per-SIMD count.
    #[error("the hardware keeps whole workgroups: {workgroups} workgroup(s) of {waves_per_workgroup} waves fit the registers of a CU, {resident} waves/SIMD resident where LLVM counts {llvm}")]
    WholeWorkgroups {
        /// Waves in one workgroup.
        waves_per_workgroup: u32,
        /// Workgroups resident per CU.
        workgroups: u32,
        /// Waves resident per SIMD.
        resident: u32,
        /// LLVM's count.
        llvm: u32,
    },
    /// AGPRs in a unified file start at the arch count rounded up to 4.
    #[error("AGPRs start at the arch count rounded up to 4: {arch} + {agpr} counts as {total}")]
    AgprAlignment {
        /// Arch VGPRs.
        arch: u32,
        /// AGPRs.
        agpr: u32,
        /// What the two count as.
        total: u32,
    },
}

crate::kind_is_variant!(OccupancyNote);

/// A note on a budget ([`crate::Budget::notes`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum BudgetNote {
    /// LLVM 22 reserves half the unified file for AGPRs unless `"amdgpu-agpr-alloc"` says otherwise.
    #[error("without \"amdgpu-agpr-alloc\" LLVM reserves half the budget for AGPRs ({arch_vgprs} arch VGPRs); clang -O adds \"amdgpu-agpr-alloc\"=\"0\" when no AGPRs are needed")]
    AgprHalf {
        /// Arch VGPRs left.
        arch_vgprs: u32,
    },
    /// Before LLVM 22, the whole budget goes to arch VGPRs unless the kernel uses AGPRs.
    #[error("{llvm} gives the whole budget to arch VGPRs (up to 256) unless the kernel uses AGPRs (inline asm naming them, MFMA results in AGPRs, calls); then half each ({arch_vgprs} arch VGPRs)")]
    AgprWhole {
        /// The LLVM major.
        llvm: Llvm,
        /// Arch VGPRs when AGPRs are used.
        arch_vgprs: u32,
    },
    /// `"W,W"` is ignored (or kept without effect): the launch size and LDS leave other waves.
    #[error("\"{waves},{waves}\" {}: the launch size and LDS leave {exact} waves/SIMD", if *.kept { format!("is kept but cannot give {waves}") } else { "is ignored here as well".to_string() })]
    LaunchLeaves {
        /// W.
        waves: u32,
        /// Waves/SIMD the launch and LDS leave.
        exact: u32,
        /// LLVM keeps the attribute (before LLVM 22, above the range) but it has no effect.
        kept: bool,
    },
    /// LLVM's padding cannot cap occupancy at W.
    #[error("\"{waves},{waves}\" cannot cap occupancy at {waves}: LLVM pads the descriptor to at most {padded_vgprs} VGPRs, which leave {exact} waves/SIMD")]
    CannotCap {
        /// W.
        waves: u32,
        /// The most VGPRs LLVM pads to.
        padded_vgprs: u32,
        /// Waves/SIMD that leaves.
        exact: u32,
    },
    /// No VGPR count gives exactly W waves.
    #[error("no VGPR count gives exactly {waves} waves: {max_vgprs} VGPRs give {gives}")]
    NoExactVgprs {
        /// W.
        waves: u32,
        /// The budget.
        max_vgprs: u32,
        /// Waves/SIMD the budget gives.
        gives: u32,
    },
}

crate::kind_is_variant!(BudgetNote);

/// Written as its text.
impl serde::Serialize for OccupancyNote {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Written as its text.
impl serde::Serialize for BudgetNote {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
