//! A compiled kernel's resources, as every reader of a code object knows them, and the one evaluation
//! that turns them and a launch into occupancy.
//!
//! [`KernelResources`] is what `inspect`, `embed`'s kernel table, `dispatch` and the C API, the pass's
//! records and the sweep all carry for a kernel; [`Subtarget::evaluate`] is the one place where the rules
//! that are not plain arithmetic live: the launch the kernel can take, and the registers the hardware
//! allocates when LLVM padded the descriptor ([`Subtarget::allocation`]).

use crate::error::{LaunchRefusal, ModelError};
use crate::occupancy::{Occupancy, Usage, Vgprs};
use crate::subtarget::{Subtarget, WorkgroupSize};
use serde::{Deserialize, Serialize};

/// The registers a kernel descriptor allocates (`GRANULATED_WORKITEM_VGPR_COUNT`,
/// `GRANULATED_WAVEFRONT_SGPR_COUNT`), decoded on the code object's own processor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DescriptorCounts {
    /// VGPRs allocated per wave (arch + AGPR on gfx90a+).
    pub vgprs: u32,
    /// SGPRs allocated per wave; `None` on GFX10+, where the descriptor does not encode them.
    pub sgprs: Option<u32>,
}

/// A kernel's launch dimensions `[x, y, z]`: AMD's `.reqd_workgroup_size`, a cubin's `.reqntid` and
/// `.maxntid`, NVVM's `"nvvm.reqntid"`. The dimensions are private: their one product is
/// [`LaunchDims::threads`], so no other code multiplies them out (three places did, with different answers
/// for an overflow). They are shown through `Display` (`[x, y, z]`) and serialized as the metadata's array.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LaunchDims([u32; 3]);

impl LaunchDims {
    /// The dimensions `[x, y, z]`.
    pub const fn new(dims: [u32; 3]) -> LaunchDims {
        LaunchDims(dims)
    }

    /// One to three dimensions as a launch attribute lists them (`"nvvm.reqntid"="128"` is `[128, 1, 1]`);
    /// `None` for none or more than three.
    pub fn from_list(dims: &[u32]) -> Option<LaunchDims> {
        match *dims {
            [x] => Some(LaunchDims([x, 1, 1])),
            [x, y] => Some(LaunchDims([x, y, 1])),
            [x, y, z] => Some(LaunchDims([x, y, z])),
            _ => None,
        }
    }

    /// The threads of a workgroup (a CUDA block) so shaped, `x * y * z`; `None` where the product
    /// overflows 32 bits.
    pub fn threads(self) -> Option<u32> {
        let [x, y, z] = self.0;
        x.checked_mul(y)?.checked_mul(z)
    }
}

impl std::fmt::Display for LaunchDims {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [x, y, z] = self.0;
        write!(f, "[{x}, {y}, {z}]")
    }
}

/// One kernel's resources, under the AMDGPU metadata's names (read back from `wavebudget sweep --json`,
/// which flattens them into each level, by deserializing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct KernelResources {
    /// `.vgpr_count`: arch VGPRs, plus AGPRs on gfx90a/gfx942/gfx950 (`alignTo(arch, 4) + agpr`).
    pub vgpr_count: u32,
    /// `.agpr_count` (0 where there are none).
    pub agpr_count: u32,
    /// `.sgpr_count`, the extra VCC/XNACK/flat-scratch SGPRs included.
    pub sgpr_count: u32,
    /// `.group_segment_fixed_size`: static LDS bytes per workgroup.
    pub group_segment_fixed_size: u32,
    /// `.private_segment_fixed_size`: scratch bytes per lane.
    pub private_segment_fixed_size: u32,
    /// `.wavefront_size` (or the descriptor's `ENABLE_WAVEFRONT_SIZE32` where the metadata has none).
    pub wavefront_size: u32,
    /// `.max_flat_workgroup_size`.
    pub max_flat_workgroup_size: u32,
    /// `.reqd_workgroup_size` as a thread count (x * y * z), where the kernel fixes it.
    pub reqd_workgroup_size: Option<u32>,
    /// `.vgpr_spill_count` + `.sgpr_spill_count` ([`KernelResources::spill_sum`], held at `u32::MAX`);
    /// 0 where the metadata lacks either (LLVM writes both), since the embedded table has no "unknown".
    pub spills: u32,
    /// What the kernel descriptor allocates, where the descriptor was read on the kernel's own processor.
    pub descriptor: Option<DescriptorCounts>,
    /// `.workgroup_processor_mode` (or, where the metadata has none, the descriptor's `WGP_MODE` bit) on a
    /// processor with WGP mode (GFX10-12): `Some(false)` is a kernel built for CU mode (`-mcumode`), whose
    /// workgroups share one CU's LDS and SIMDs. `None` elsewhere, and where neither says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workgroup_processor_mode: Option<bool>,
}

impl KernelResources {
    /// The launch sizes a kernel's metadata allows: its `.reqd_workgroup_size` (`x * y * z`; `None` when
    /// the product overflows, a note no LLVM writes), else 1 to `.max_flat_workgroup_size`, else LLVM's
    /// default range. The one rule for it: inspect, the reader's `resources` (whose `launch_range` gives
    /// the same) and the report all take it.
    pub fn launch_of(reqd: Option<LaunchDims>, max_flat: Option<u32>) -> Option<WorkgroupSize> {
        match (reqd, max_flat) {
            (Some(dims), _) => dims.threads().map(WorkgroupSize::fixed),
            (None, Some(max)) => Some(WorkgroupSize { min: 1, max }),
            (None, None) => Some(WorkgroupSize::DEFAULT),
        }
    }

    /// VGPR + SGPR spills when both counts are known (one missing is not a 0: there is no sum), without
    /// overflow. The one rule for it: the reader's `resources`, the sweep's levels and the report take it.
    pub fn spill_sum(vgpr: Option<u32>, sgpr: Option<u32>) -> Option<u64> {
        vgpr.zip(sgpr).map(|(v, s)| u64::from(v) + u64::from(s))
    }

    /// The launch sizes the kernel takes: its `.reqd_workgroup_size`, else 1 to `.max_flat_workgroup_size`
    /// (what LLVM computes its occupancy remark over).
    pub fn launch_range(&self) -> WorkgroupSize {
        match self.reqd_workgroup_size {
            Some(n) => WorkgroupSize::fixed(n),
            None => WorkgroupSize { min: 1, max: self.max_flat_workgroup_size },
        }
    }

    /// The one size a dispatch launches the kernel with when the caller names none: its
    /// `.reqd_workgroup_size`, else its `.max_flat_workgroup_size` (the top of [`Self::launch_range`]).
    /// The runtime's `dispatch` (Rust and C) takes it; a kernel whose required size is below its maximum is
    /// launched at the required size, as `inspect` evaluates it.
    pub fn default_launch_size(&self) -> u32 {
        self.launch_range().max
    }

    /// The same kernel without its descriptor's counts: for evaluating it on a processor other than its
    /// own, where the descriptor's encoding means nothing, and for comparing with its padding. Private to
    /// the model: the doors take [`crate::Evaluation::resources_from`] and [`crate::Evaluation::padding`].
    pub(crate) fn without_descriptor(self) -> KernelResources {
        KernelResources { descriptor: None, ..self }
    }

    /// Whether the kernel runs in CU mode on `p`: built for it (`.workgroup_processor_mode` false) on a
    /// processor that has the switch. The one rule for it: inspect, embed, dispatch and the C API take it.
    pub fn cu_mode(&self, p: &crate::targets::Processor) -> bool {
        p.cu_mode(self.workgroup_processor_mode)
    }

    /// Why the kernel cannot be launched at `wg` (over its `.max_flat_workgroup_size`, or not its
    /// `.reqd_workgroup_size`), or `None`. The one rule for it: [`Subtarget::evaluate`] and the runtime's
    /// allocation-free dispatch take it.
    pub fn launch_refusal(&self, wg: WorkgroupSize) -> Option<LaunchRefusal> {
        if wg.max > self.max_flat_workgroup_size {
            return Some(LaunchRefusal::OverMaxFlat { max: wg.max, max_flat: self.max_flat_workgroup_size });
        }
        match self.reqd_workgroup_size {
            Some(n) if wg.min != n || wg.max != n => {
                Some(LaunchRefusal::NotRequired { min: wg.min, max: wg.max, required: n })
            }
            _ => None,
        }
    }
}

impl Subtarget {
    /// The one evaluation of a compiled kernel: occupancy at `launch` (default: the kernel's own launch
    /// range) with `dynamic_lds` bytes of LDS given at launch on top of its static LDS, from the registers
    /// the hardware allocates ([`Subtarget::allocation`]: the descriptor's where LLVM padded it).
    /// A launch the kernel cannot take is an error.
    pub fn evaluate(
        &self,
        k: &KernelResources,
        launch: Option<WorkgroupSize>,
        dynamic_lds: u32,
    ) -> Result<Occupancy, ModelError> {
        let u = self.kernel_usage(k, launch, dynamic_lds)?;
        self.occupancy(&u)
    }

    /// [`Subtarget::evaluate`]'s waves per SIMD alone (the same refusals), without the rest of the
    /// answer: no limiter list, notes or target text, so nothing is allocated.
    pub fn evaluate_waves(
        &self,
        k: &KernelResources,
        launch: Option<WorkgroupSize>,
        dynamic_lds: u32,
    ) -> Result<u32, ModelError> {
        Ok(self.check(self.kernel_usage(k, launch, dynamic_lds)?)?.waves_per_simd())
    }

    /// The usage [`Subtarget::evaluate`] evaluates, or its refusal of the launch.
    fn kernel_usage(
        &self,
        k: &KernelResources,
        launch: Option<WorkgroupSize>,
        dynamic_lds: u32,
    ) -> Result<Usage, ModelError> {
        let wg = launch.unwrap_or_else(|| k.launch_range()).validate()?;
        if let Some(reason) = k.launch_refusal(wg) {
            return Err(ModelError::Launch(reason));
        }
        // Static and launch LDS together past what a workgroup can allocate: the refusal states the true
        // total (a saturating sum would state u32::MAX).
        let total = u64::from(k.group_segment_fixed_size) + u64::from(dynamic_lds);
        if dynamic_lds > 0 && total > u64::from(self.lds_per_workgroup()) {
            return Err(ModelError::Launch(LaunchRefusal::LdsAtLaunch {
                static_lds: k.group_segment_fixed_size,
                dynamic_lds,
                total,
                target: self.processor().name,
                max: self.lds_per_workgroup(),
            }));
        }
        let a = self.allocation(k.vgpr_count, k.sgpr_count, k.descriptor.map(|d| (d.vgprs, d.sgprs)));
        Ok(Usage {
            vgprs: Vgprs::Total(a.vgprs),
            sgprs: Some(a.sgprs),
            lds: k.group_segment_fixed_size + dynamic_lds, // within lds_per_workgroup (checked above) or no launch LDS
            workgroup: wg,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{subtarget, Limiter, Options};

    #[test]
    fn the_launch_range_and_spill_sum_rules() {
        // LLVM's AMDGPU default without launch bounds is "amdgpu-flat-work-group-size"="1,1024".
        assert_eq!(KernelResources::launch_of(None, None), Some(WorkgroupSize { min: 1, max: 1024 }));
        assert_eq!(KernelResources::launch_of(None, Some(256)), Some(WorkgroupSize { min: 1, max: 256 }));
        // A required size fixes the launch, whatever the maximum says.
        assert_eq!(
            KernelResources::launch_of(Some(LaunchDims::new([16, 4, 2])), Some(1024)),
            Some(WorkgroupSize::fixed(128))
        );
        // A product no u32 holds is a corrupt note: no range, not the maximum's range instead.
        assert_eq!(KernelResources::launch_of(Some(LaunchDims::new([65536, 65536, 1])), Some(256)), None);
        // The dimensions show and serialize as the metadata's array; a list of one or two is padded with 1.
        let d = LaunchDims::from_list(&[64, 2]).unwrap();
        assert_eq!((d.to_string(), d.threads()), ("[64, 2, 1]".to_string(), Some(128)));
        assert_eq!(serde_json::to_string(&d).unwrap(), "[64,2,1]");
        assert_eq!(serde_json::from_str::<LaunchDims>("[64,2,1]").unwrap(), d);
        assert_eq!((LaunchDims::from_list(&[]), LaunchDims::from_list(&[1, 1, 1, 1])), (None, None));
        assert_eq!(LaunchDims::new([u32::MAX, 2, 1]).threads(), None);
        assert_eq!(KernelResources::spill_sum(Some(2), Some(3)), Some(5));
        assert_eq!(KernelResources::spill_sum(Some(u32::MAX), Some(u32::MAX)), Some(2 * u64::from(u32::MAX)));
        assert_eq!(KernelResources::spill_sum(Some(2), None), None);
        assert_eq!(KernelResources::spill_sum(None, Some(3)), None);
    }

    fn kernel(vgprs: u32, lds: u32, descriptor: Option<DescriptorCounts>) -> KernelResources {
        KernelResources {
            vgpr_count: vgprs,
            agpr_count: 0,
            sgpr_count: 13,
            group_segment_fixed_size: lds,
            private_segment_fixed_size: 0,
            wavefront_size: 64,
            max_flat_workgroup_size: 256,
            reqd_workgroup_size: None,
            spills: 0,
            descriptor,
            workgroup_processor_mode: None,
        }
    }

    /// The bundled example on gfx942 (`tests/lit/inspect-agrees.test` has llc-22's side): 102 VGPRs and
    /// 32 KiB of LDS, the descriptor padded to 176 VGPRs: VGPRs and LDS tie at 2.
    #[test]
    fn a_padded_descriptor_sets_the_registers_and_ties_are_listed() {
        let st = subtarget("gfx942", Options::default()).unwrap();
        let padded = kernel(102, 32768, Some(DescriptorCounts { vgprs: 176, sgprs: Some(104) }));
        let o = st.evaluate(&padded, Some(WorkgroupSize::fixed(256)), 0).unwrap();
        assert_eq!(o.waves_per_simd, 2);
        assert_eq!(o.binding, vec![Limiter::Vgpr, Limiter::Lds]);
        let plain = st.evaluate(&padded.without_descriptor(), Some(WorkgroupSize::fixed(256)), 0).unwrap();
        assert_eq!((plain.waves_per_simd, plain.limiter), (2, Limiter::Lds));
    }

    #[test]
    fn launches_the_kernel_cannot_take_are_errors() {
        let st = subtarget("gfx942", Options::default()).unwrap();
        let k = kernel(32, 0, None);
        assert!(st.evaluate(&k, Some(WorkgroupSize::fixed(512)), 0).is_err());
        let fixed = KernelResources { reqd_workgroup_size: Some(128), ..k };
        assert!(st.evaluate(&fixed, Some(WorkgroupSize::fixed(64)), 0).is_err());
        assert_eq!(st.evaluate(&fixed, None, 0).unwrap().workgroup, WorkgroupSize::fixed(128));
        // Launch-time LDS counts on top of the static LDS.
        assert_eq!(st.evaluate(&k, Some(WorkgroupSize::fixed(256)), 65536).unwrap().waves_per_simd, 1);
    }
}
