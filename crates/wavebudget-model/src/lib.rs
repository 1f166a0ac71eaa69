//! wavebudget's occupancy model for AMD GPUs, exact against LLVM 22, 19 and 15 (each major's rules).
//!
//! Pure: no I/O, no LLVM, no file parsing. Every hardware number lives in [`targets`].
//!
//! Modules and entry points:
//! - [`targets`]: the target table ([`targets::PROCESSORS`]), one row per processor LLVM 22 accepts
//!   for compute, and the per-generation rules.
//! - [`target_id`]: [`parse_target`] turns `gfx942:sramecc+:xnack-`, `amdgcn-amd-amdhsa--gfx950`,
//!   bundle ids and product names (`MI300X`) into a [`TargetId`].
//! - [`subtarget`]: [`Subtarget::new`] configures a target (wave size, CU mode, dynamic VGPRs) and
//!   carries LLVM's formulas, one method per LLVM function.
//! - [`occupancy`]: the forward model, [`Subtarget::occupancy`] (full report) and
//!   [`Checked::waves_per_simd`] (fast path, on a usage [`Subtarget::check`] validated).
//! - [`budget`]: the inverse, [`Subtarget::budget`] and [`Subtarget::ladder`].
//! - [`kernel`]: [`KernelResources`], a compiled kernel's counts as every reader of a code object carries
//!   them, and [`Subtarget::evaluate`], the one evaluation of a kernel at a launch.
//! - [`evaluation`]: [`Evaluation`], where a door evaluates compiled kernels (target, LLVM, a wave size
//!   the processor does not run, the launch when none is named, LDS at launch).
//! - [`batch`]: [`Subtarget::evaluate_grid`] for autotuners.
//! - [`generic`]: the cross-vendor first-order form `O = floor(F / (R*W*w))`.
//! - [`nvidia`]: NVIDIA's occupancy as `cuda_occupancy.h` computes it (compute capability 7.0 to 12.1),
//!   its register budget, and the architecture and product tables.
//! - [`llvm`]: [`Llvm`], the LLVM major whose rules a [`Subtarget`] follows (15, 19 or 22, the default).
//! - [`error`]: [`ModelError`], the one error type.

#![forbid(unsafe_code)]

/// `kind()` for enums whose kind is each variant's name in snake case (what `strum::IntoStaticStr` with
/// `serialize_all = "snake_case"` derives beside the variants; a kind that differs is a
/// `#[strum(serialize = "...")]` on its variant): stable across releases, what Python's `Error.kind` and
/// JSON's `kind` give. One definition for every crate's refusals and notes.
#[macro_export]
macro_rules! kind_is_variant {
    ($($t:ty),+ $(,)?) => {$(
        impl $t {
            /// The variant's name in snake case, stable across releases (derived from the variants).
            pub fn kind(&self) -> &'static str {
                self.into()
            }
        }
    )+};
}

pub mod batch;
pub mod budget;
pub mod error;
pub mod evaluation;
pub mod generic;
pub mod kernel;
pub mod launch;
pub mod llvm;
pub mod notes;
pub mod nvidia;
pub mod occupancy;
pub mod subtarget;
pub mod suggest;
pub mod target_id;
pub mod targets;
pub mod text;

pub use batch::{CellError, CellsOut, Column, Columns, Grid, VgprColumns, CELLS_PER_THREAD};
pub use budget::{BlockReason, Blocker, Budget, Squeezed, WavesRange};
pub use error::{
    DvgprRefusal, FeatureRefusal, GenericRefusal, LaunchRefusal, ModelError, OutOfRange, WorkgroupRefusal,
};
pub use evaluation::{Evaluation, ForeignWave, Launch, OnSubtarget, Padding};
pub use kernel::{DescriptorCounts, KernelResources, LaunchDims};
pub use launch::{LaunchTable, Resident};
pub use llvm::Llvm;
pub use notes::{BudgetNote, OccupancyNote};
pub use occupancy::{Allocated, Checked, Hardware, Limiter, Limits, NextStep, Occupancy, Usage, Vgprs};
pub use subtarget::{dvgpr_block_refusal, Options, RegisterAllocation, Subtarget, WorkgroupSize};
pub use suggest::{Suggestion, WgChoice};
pub use target_id::{parse_target, target_id_of, TargetId};

/// Parse a target string and configure it in one step.
pub fn subtarget(target: &str, options: Options) -> Result<Subtarget, ModelError> {
    Subtarget::new(parse_target(target)?, options)
}
