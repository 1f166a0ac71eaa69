//! Where a door evaluates a compiled kernel: the one place that decides the target's subtarget for the
//! kernel (its wave size, or the processor's default where the processor does not run it; its WGP or CU
//! mode), the launch when none is named, and LDS given at launch. Inspect, the report, embed, `isa`, the
//! runtime's `dispatch` and the pass's sweep each make an [`Evaluation`] and ask it; what differs between
//! them is a field they set, not a rule they write.

use crate::error::ModelError;
use crate::kernel::KernelResources;
use crate::occupancy::Occupancy;
use crate::subtarget::{Subtarget, WorkgroupSize};
use crate::target_id::TargetId;
use crate::Llvm;

/// What an evaluation does with a kernel whose wave size the processor does not run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum ForeignWave {
    /// Evaluate it at the processor's default wave size, and say so ([`OnSubtarget::wave_not_run`]):
    /// reading a code object built for another processor (inspect, the report, embed, `isa`).
    AtDefault,
    /// Refuse it: the kernel is to run here (the runtime's `dispatch`, the pass's own compile).
    Refuse,
}

/// The launch an evaluation takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Launch {
    /// The kernel's own launch range ([`KernelResources::launch_range`]): what its metadata allows.
    OwnRange,
    /// One size, the kernel's [`KernelResources::default_launch_size`]: what a dispatch that names none
    /// launches (the top of its own range, so the same occupancy as [`Launch::OwnRange`]).
    OwnDefault,
    /// The size the caller names.
    Given(WorkgroupSize),
}

impl Launch {
    /// `Given(size)` where a size is named, else `otherwise`.
    pub fn named_or(size: Option<WorkgroupSize>, otherwise: Launch) -> Launch {
        size.map_or(otherwise, Launch::Given)
    }

    /// The workgroup size this launch is for `k`.
    pub fn of(self, k: &KernelResources) -> WorkgroupSize {
        match self {
            Launch::OwnRange => k.launch_range(),
            Launch::OwnDefault => WorkgroupSize::fixed(k.default_launch_size()),
            Launch::Given(wg) => wg,
        }
    }
}

/// What LLVM's padding of a kernel's descriptor does to its occupancy: the evaluation with the
/// descriptor's allocation (as LLVM's remark counts it on the kernel's own processor) against the counts
/// alone ([`Evaluation::padding`]). The one rule for inspect's note and the report's charts.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Padding {
    /// No descriptor, or it allocates what the counts give.
    None,
    /// The padding costs waves (an `amdgpu-waves-per-eu` maximum): the counts alone allow `metadata`
    /// waves/SIMD. What the descriptor allocates is what runs.
    Caps {
        /// Waves/SIMD from the counts alone.
        metadata: u32,
    },
    /// The descriptor allocates more than the counts at the same waves (LLVM pads up to the occupancy
    /// the kernel reaches anyway): the evaluation from the counts, which say what the kernel needs.
    AtNoCost(Box<Occupancy>),
}

/// A target, an LLVM major's rules and a launch: what a door evaluates compiled kernels at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Evaluation {
    /// The target the kernels are evaluated on.
    pub target: TargetId,
    /// Whose rules.
    pub llvm: Llvm,
    /// A wave size the processor does not run.
    pub foreign_wave: ForeignWave,
    /// The launch.
    pub launch: Launch,
    /// LDS bytes given at launch, on top of each kernel's static LDS.
    pub dynamic_lds: u32,
    /// The dynamic-VGPR block the kernels were built with (`"amdgpu-dynamic-vgpr-block-size"`), where the
    /// caller says: a code object does not record it. It applies where the processor allocates VGPRs
    /// dynamically under these rules (gfx12, LLVM 22); elsewhere it is ignored.
    pub dvgpr_block: Option<u32>,
}

/// The subtarget a kernel is evaluated on, and the wave size it was built for where the processor does
/// not run that one (evaluated at the default instead).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OnSubtarget {
    /// The subtarget.
    pub subtarget: Subtarget,
    /// The kernel's wave size, where [`ForeignWave::AtDefault`] evaluated it at the processor's default.
    pub wave_not_run: Option<u32>,
}

impl Evaluation {
    /// Reading a code object: `target` under `llvm`, a foreign wave size at the default, each kernel at its
    /// own launch range, no LDS at launch.
    pub fn reading(target: TargetId, llvm: Llvm) -> Evaluation {
        Evaluation {
            target,
            llvm,
            foreign_wave: ForeignWave::AtDefault,
            launch: Launch::OwnRange,
            dynamic_lds: 0,
            dvgpr_block: None,
        }
    }

    /// Dispatching on the device that is there: a foreign wave size refused, the launch named or the
    /// kernel's default size, `dynamic_lds` at launch, the default LLVM's rules.
    pub fn dispatching(target: TargetId, wg_size: Option<u32>, dynamic_lds: u32) -> Evaluation {
        Evaluation {
            target,
            llvm: Llvm::default(),
            foreign_wave: ForeignWave::Refuse,
            launch: Launch::named_or(wg_size.map(WorkgroupSize::fixed), Launch::OwnDefault),
            dynamic_lds,
            dvgpr_block: None,
        }
    }

    /// Whether the processor allocates VGPRs dynamically under these rules (gfx12, LLVM 22) and no block
    /// was given: the kernels are evaluated without dynamic VGPRs, which the file cannot confirm.
    pub fn dvgpr_unrecorded(&self) -> bool {
        self.dvgpr_applies() && self.dvgpr_block.is_none()
    }

    /// Whether these rules allocate VGPRs dynamically on this processor (gfx12, LLVM 22): where a
    /// dynamic-VGPR block applies at all.
    pub fn dvgpr_applies(&self) -> bool {
        self.target.processor.dynamic_vgpr && self.llvm >= Llvm::V22
    }

    /// The subtarget for a kernel of wave size `wave` (`None`: not known, the default) and WGP or CU mode
    /// `wgp_mode` ([`crate::targets::Processor::cu_mode`]).
    pub fn subtarget(&self, wave: Option<u32>, wgp_mode: Option<bool>) -> Result<OnSubtarget, ModelError> {
        let wave_not_run = self.wave_not_run(wave);
        let wave = if wave_not_run.is_some() { None } else { wave };
        let subtarget = Subtarget::new(
            self.target,
            crate::Options {
                wave_size: wave,
                cu_mode: self.target.processor.cu_mode(wgp_mode),
                llvm: self.llvm,
                dvgpr_block: self.dvgpr_block.filter(|_| self.dvgpr_applies()).unwrap_or(0),
                ..crate::Options::default()
            },
        )?;
        Ok(OnSubtarget { subtarget, wave_not_run })
    }

    /// `wave`, where this evaluation takes a kernel of that wave size at the processor's default instead.
    pub fn wave_not_run(&self, wave: Option<u32>) -> Option<u32> {
        match self.foreign_wave {
            ForeignWave::AtDefault => wave.filter(|&w| self.target.processor.runs_wave(Some(w)).is_none()),
            ForeignWave::Refuse => None,
        }
    }

    /// [`Evaluation::subtarget`] for a kernel's resources.
    pub fn subtarget_of(&self, k: &KernelResources) -> Result<OnSubtarget, ModelError> {
        self.subtarget(Some(k.wavefront_size), k.workgroup_processor_mode)
    }

    /// The kernel's occupancy on `st` at this evaluation's launch ([`Subtarget::evaluate`]).
    pub fn occupancy_on(&self, st: &Subtarget, k: &KernelResources) -> Result<Occupancy, ModelError> {
        st.evaluate(k, Some(self.launch.of(k)), self.dynamic_lds)
    }

    /// The resources a kernel read on `own` (its code object's processor, where known) is evaluated with
    /// here: on its own processor the registers its descriptor allocates count (LLVM's remark reports
    /// them); on another, where the descriptor's encoding means nothing, only the metadata's counts.
    pub fn resources_from(&self, k: KernelResources, own: Option<&TargetId>) -> KernelResources {
        if self.on_own_processor(own) {
            k
        } else {
            k.without_descriptor()
        }
    }

    /// Whether this evaluation's target runs the code of the processor `own` (a code object's): that
    /// processor, or a member of its generic family ([`crate::targets::runs_on`]: the loader runs a
    /// `gfx9-4-generic` build on gfx950 as it is). There its kernels' descriptors mean what they encode:
    /// the hardware allocates the registers the descriptor gives, as the runtime's dispatch counts them.
    pub fn on_own_processor(&self, own: Option<&TargetId>) -> bool {
        own.is_some_and(|id| crate::targets::runs_on(id.processor.name, self.target.processor.name))
    }

    /// [`Padding`] of `k`, evaluated on `st` as `o` at this evaluation's launch.
    pub fn padding(&self, st: &Subtarget, k: &KernelResources, o: &Occupancy) -> Padding {
        let Some(d) = k.descriptor else { return Padding::None };
        // A descriptor the model does not count as padded is evaluated as the counts alone: nothing to
        // compare.
        let a = st.allocation(k.vgpr_count, k.sgpr_count, Some((d.vgprs, d.sgprs)));
        if !a.vgprs_padded && !a.sgprs_padded {
            return Padding::None;
        }
        let Ok(plain) = self.occupancy_on(st, &k.without_descriptor()) else { return Padding::None };
        if plain.waves_per_simd > o.waves_per_simd {
            Padding::Caps { metadata: plain.waves_per_simd }
        } else if plain.waves_per_simd == o.waves_per_simd
            && (o.vgpr_count > plain.vgpr_count || o.sgpr_count > plain.sgpr_count)
        {
            Padding::AtNoCost(Box::new(plain))
        } else {
            Padding::None
        }
    }

    /// The kernel's subtarget and occupancy.
    pub fn evaluate(&self, k: &KernelResources) -> Result<(OnSubtarget, Occupancy), ModelError> {
        let on = self.subtarget_of(k)?;
        let o = self.occupancy_on(&on.subtarget, k)?;
        Ok((on, o))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_target;

    fn kernel(wave: u32, max_flat: u32, reqd: Option<u32>) -> KernelResources {
        KernelResources {
            vgpr_count: 64,
            agpr_count: 0,
            sgpr_count: 32,
            group_segment_fixed_size: 16384,
            private_segment_fixed_size: 0,
            wavefront_size: wave,
            max_flat_workgroup_size: max_flat,
            reqd_workgroup_size: reqd,
            spills: 0,
            descriptor: None,
            workgroup_processor_mode: None,
        }
    }

    #[test]
    fn a_foreign_wave_is_read_at_the_default_or_refused() {
        let gfx942 = parse_target("gfx942").unwrap();
        let k = kernel(32, 256, None);
        let (on, _) = Evaluation::reading(gfx942, Llvm::V22).evaluate(&k).unwrap();
        assert_eq!((on.subtarget.wave_size(), on.wave_not_run), (64, Some(32)));
        assert!(Evaluation::dispatching(gfx942, None, 0).evaluate(&k).is_err());
        let k64 = kernel(64, 256, None);
        let (on, _) = Evaluation::reading(gfx942, Llvm::V22).evaluate(&k64).unwrap();
        assert_eq!(on.wave_not_run, None);
    }

    /// A dispatch naming no size and a read of the kernel give one answer, a required size included.
    #[test]
    fn the_default_launch_and_the_own_range_agree() {
        for target in ["gfx942", "gfx1100", "gfx90a", "gfx1201"] {
            let id = parse_target(target).unwrap();
            for k in [kernel(64, 256, None), kernel(64, 1024, Some(128)), kernel(64, 64, None), kernel(64, 1024, None)]
            {
                let read = Evaluation::reading(id, Llvm::default()).evaluate(&k).map(|(_, o)| o.waves_per_simd);
                let dispatched = Evaluation::dispatching(id, None, 0).evaluate(&k).map(|(_, o)| o.waves_per_simd);
                assert_eq!(read, dispatched, "{target} {k:?}");
            }
        }
    }
}
