//! Inverse model: a waves/SIMD target -> register and LDS budgets, and whether LLVM 22 will honour it.

use crate::error::ModelError;
use crate::occupancy::Limiter;
use crate::subtarget::{Subtarget, WorkgroupSize};
use crate::targets::AgprFile;
use serde::Serialize;

/// Why a waves target cannot be had. The JSON gives `limiter` and `reason` (the sentence; Python's
/// `reason.kind` is the variant's name, [`BlockReason::kind`]).
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocker {
    /// The resource in the way.
    pub limiter: Limiter,
    /// What blocks it, with the numbers.
    pub reason: BlockReason,
}

impl Blocker {
    /// A blocker: the resource in the way and why.
    pub fn new(limiter: Limiter, reason: BlockReason) -> Blocker {
        Blocker { limiter, reason }
    }
}

impl Serialize for Blocker {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Blocker", 2)?;
        st.serialize_field("limiter", &self.limiter)?;
        st.serialize_field("reason", &self.reason.to_string())?;
        st.end()
    }
}

/// LLVM squeezing registers to a budget whose waves the launch size or LDS cannot give (LLVM 15 and 19
/// keep such a request; 22 drops it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Squeezed {
    /// The LLVM that squeezes.
    pub llvm: crate::Llvm,
    /// The waves whose budget it squeezes to.
    pub waves: u32,
}

impl std::fmt::Display for Squeezed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "; {} still squeezes registers to the budget of {} waves (spilling what does not fit) without gaining a wave",
            self.llvm, self.waves
        )
    }
}

/// What keeps a waves target from being had.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum BlockReason {
    /// The largest launch size needs more waves than asked: LLVM ignores `amdgpu-waves-per-eu` below that.
    #[error("a launch size of up to {max_threads} threads ({waves_per_workgroup} waves of {wave_size}) implies at least {min} waves/SIMD; {llvm} ignores amdgpu-waves-per-eu below that (set amdgpu-flat-work-group-size to the real launch size)")]
    BelowLaunchMinimum {
        /// The largest launch size.
        max_threads: u32,
        /// Its waves.
        waves_per_workgroup: u32,
        /// The wave size.
        wave_size: u32,
        /// The least waves/SIMD it implies.
        min: u32,
        /// The LLVM whose rule it is.
        llvm: crate::Llvm,
    },
    /// Workgroup slots and barriers at the launch size allow fewer waves.
    #[error("workgroup slots and barriers allow at most {waves} waves/SIMD at launch size {min_threads} to {max_threads}{}", squeezed.map(|s| s.to_string()).unwrap_or_default())]
    WorkgroupSlots {
        /// The most they allow.
        waves: u32,
        /// The launch size range.
        min_threads: u32,
        /// The launch size range.
        max_threads: u32,
        /// Where the request is kept and squeezed for.
        squeezed: Option<Squeezed>,
    },
    /// The LDS per workgroup allows fewer waves.
    #[error("{lds} bytes of LDS per workgroup allow at most {waves} waves/SIMD{}", squeezed.map(|s| s.to_string()).unwrap_or_default())]
    Lds {
        /// LDS bytes per workgroup.
        lds: u32,
        /// The most they allow.
        waves: u32,
        /// Where the request is kept and squeezed for.
        squeezed: Option<Squeezed>,
    },
    /// The SGPR init bug fixes the SGPRs LLVM allocates.
    #[error(
        "{processor} has the SGPR init bug: LLVM always allocates {sgprs} SGPRs, which allow at most {waves} waves"
    )]
    SgprInitBug {
        /// The processor.
        processor: &'static str,
        /// The SGPRs LLVM allocates.
        sgprs: u32,
        /// The waves they allow.
        waves: u32,
    },
    /// More waves than the processor runs.
    #[error("{processor} runs at most {max} waves per SIMD")]
    AboveMaximum {
        /// The processor.
        processor: &'static str,
        /// Its most waves per SIMD.
        max: u32,
    },
}

crate::kind_is_variant!(BlockReason);

/// The `"amdgpu-waves-per-eu"` minimums LLVM 22 accepts at this launch size and LDS.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WavesRange {
    /// Smallest accepted minimum (implied by the largest launch size).
    pub min: u32,
    /// Largest accepted minimum (workgroup slots, barriers and LDS).
    pub max: u32,
}

/// Budgets for W waves/SIMD.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Budget {
    /// Canonical target id.
    pub target: String,
    /// Processor name.
    pub processor: &'static str,
    /// Wave size used.
    pub wave_size: u32,
    /// CU mode in effect.
    pub cu_mode: bool,
    /// The LLVM major whose rules this budget follows (its number in JSON).
    pub llvm: crate::Llvm,
    /// The requested waves/SIMD.
    pub waves: u32,
    /// Launch size range assumed.
    pub workgroup: WorkgroupSize,
    /// Static LDS assumed for the LDS-related checks.
    pub lds_bytes: u32,
    /// R_max(W): total vector registers (arch + AGPR on gfx90a/gfx942/gfx950) that keep W.
    pub max_vgprs: u32,
    /// Architectural VGPRs alone (<= 256 where AGPRs exist).
    pub max_arch_vgprs: u32,
    /// AGPRs alone (0 without AGPRs). On gfx90a+ `alignTo(arch, 4) + agpr <= max_vgprs` must also hold.
    pub max_agprs: u32,
    /// Largest `.sgpr_count` (extras included) that keeps W; `null` when SGPRs make W impossible.
    pub max_sgprs: Option<u32>,
    /// SGPR budget LLVM's register allocator gets for W (before reserved registers).
    pub llvm_sgpr_budget: u32,
    /// Largest static LDS per workgroup that keeps W at this launch size (LLVM's model); `null` when the
    /// launch size alone rules W out.
    pub max_lds_bytes: Option<u32>,
    /// Same with the hardware's LDS granule and the launch size fixed at its maximum.
    pub hardware_max_lds_bytes: Option<u32>,
    /// Waves/SIMD the VGPR budget itself gives (>= W; more where the granule skips a step).
    pub vgpr_waves_at_budget: u32,
    /// LLVM 22 honours `"amdgpu-waves-per-eu"="W"` here and W can be reached.
    pub reachable: bool,
    /// `"amdgpu-waves-per-eu"="W,W"` caps occupancy at exactly W here (for a kernel within the budget):
    /// LLVM accepts W and can pad the descriptor to it, or LDS and the launch size hold the kernel at W.
    /// Padding cannot go past the registers a wave can address, so on gfx11/gfx12 wave32, for one, no
    /// padding holds a kernel below 5 waves/SIMD.
    pub exact_reachable: bool,
    /// The occupancy `"W,W"` gives a kernel within the budget: W when `exact_reachable`; above W where
    /// the padding cannot go lower; the launch-size and LDS limit where LLVM ignores the attribute.
    pub exact_waves_per_simd: u32,
    /// What makes W unreachable.
    pub blocked_by: Vec<Blocker>,
    /// Accepted range of the attribute's minimum at this launch size and LDS.
    pub accepted_range: WavesRange,
    /// Notes for a person.
    pub notes: Vec<crate::BudgetNote>,
}

impl Subtarget {
    /// Budgets for `waves` waves/SIMD at a launch size range and static LDS.
    pub fn budget(&self, waves: u32, wg: WorkgroupSize, lds: u32) -> Result<Budget, ModelError> {
        let name = self.processor().name;
        if waves == 0 || waves > self.max_waves() {
            return Err(ModelError::Waves { target: name, waves, max: self.max_waves() });
        }
        wg.validate()?;
        if lds > self.lds_per_workgroup() {
            return Err(ModelError::LdsTooLarge { target: name, bytes: u64::from(lds), max: self.lds_per_workgroup() });
        }
        let (lo, hi) = self.accepted_waves_range(lds, wg);
        let mut blocked_by = Vec::new();
        if waves < lo {
            blocked_by.push(Blocker {
                limiter: Limiter::Workgroup,
                reason: BlockReason::BelowLaunchMinimum {
                    max_threads: wg.max,
                    waves_per_workgroup: wg.max.div_ceil(self.wave_size()),
                    wave_size: self.wave_size(),
                    min: lo,
                    llvm: self.llvm(),
                },
            });
        }
        let limit = self.workgroup_occupancy(lds, wg).1;
        if waves > hi || waves > limit {
            // LLVM 22 drops such a W; 15 and 19 keep it, squeeze registers to its budget and spill for
            // waves the launch size or LDS cannot give.
            // (LLVM 22's dropping is said by `accepted_range`, which callers print beside the reason.)
            let squeezed = (waves <= hi).then_some(Squeezed { llvm: self.llvm(), waves });
            let wg_only = self.workgroup_occupancy(0, wg).1;
            if wg_only < waves {
                blocked_by.push(Blocker {
                    limiter: Limiter::Workgroup,
                    reason: BlockReason::WorkgroupSlots {
                        waves: wg_only,
                        min_threads: wg.min,
                        max_threads: wg.max,
                        squeezed,
                    },
                });
            } else {
                blocked_by
                    .push(Blocker { limiter: Limiter::Lds, reason: BlockReason::Lds { lds, waves: limit, squeezed } });
            }
        }
        let max_sgprs = self.max_sgprs_for_waves(waves);
        if max_sgprs.is_none() {
            blocked_by.push(Blocker {
                limiter: Limiter::Sgpr,
                reason: BlockReason::SgprInitBug {
                    processor: name,
                    sgprs: crate::targets::FIXED_SGPRS_FOR_INIT_BUG,
                    waves: self.sgpr_waves(crate::targets::FIXED_SGPRS_FOR_INIT_BUG),
                },
            });
        }
        let max_vgprs = self.max_vgprs_for_waves(waves);
        let (max_arch, max_agpr) = match self.processor().agpr_file {
            AgprFile::None => (max_vgprs, 0),
            _ => (max_vgprs.min(self.max_arch_vgprs()), max_vgprs.min(self.max_agprs())),
        };
        let max_lds = self.max_lds_for_waves(waves, wg);
        let hw_wg = WorkgroupSize::fixed(wg.max);
        let hw_lds = self.max_lds_for_waves(waves, hw_wg).map(|m| self.lds_granule_floor(m));
        let mut notes = Vec::new();
        if self.processor().agpr_file == AgprFile::Unified && self.llvm() == crate::Llvm::V22 {
            notes.push(crate::BudgetNote::AgprHalf { arch_vgprs: max_vgprs / 2 });
        }
        if self.processor().agpr_file == AgprFile::Unified && self.llvm() < crate::Llvm::V22 {
            notes.push(crate::BudgetNote::AgprWhole { llvm: self.llvm(), arch_vgprs: max_vgprs / 2 });
        }
        let exact = self.exact_cap(waves, wg, lds);
        if exact != waves {
            notes.push(if waves < lo || waves > hi || waves > limit {
                let kept = !(self.llvm() == crate::Llvm::V22 || waves < lo);
                crate::BudgetNote::LaunchLeaves { waves, exact, kept }
            } else {
                let padded_vgprs = if self.llvm() == crate::Llvm::V22 {
                    self.vgpr().addressable.min(self.max_vgprs_for_waves(waves))
                } else {
                    self.min_vgprs_for_waves(waves)
                };
                crate::BudgetNote::CannotCap { waves, padded_vgprs, exact }
            });
        }
        if self.vgpr_waves(max_vgprs) > waves {
            notes.push(crate::BudgetNote::NoExactVgprs { waves, max_vgprs, gives: self.vgpr_waves(max_vgprs) });
        }
        Ok(Budget {
            target: self.id().canonical(),
            processor: name,
            wave_size: self.wave_size(),
            cu_mode: self.cu_mode(),
            llvm: self.llvm(),
            waves,
            workgroup: wg,
            lds_bytes: lds,
            max_vgprs,
            max_arch_vgprs: max_arch,
            max_agprs: max_agpr,
            max_sgprs,
            llvm_sgpr_budget: self.llvm_sgpr_budget(waves, true),
            max_lds_bytes: max_lds,
            hardware_max_lds_bytes: hw_lds,
            vgpr_waves_at_budget: self.vgpr_waves(max_vgprs),
            reachable: blocked_by.is_empty(),
            exact_reachable: exact == waves,
            exact_waves_per_simd: exact,
            blocked_by,
            accepted_range: WavesRange { min: lo, max: hi },
            notes,
        })
    }

    /// The occupancy `"amdgpu-waves-per-eu"="W,W"` gives a kernel within W's budget (LLVM 22's
    /// `getEffectiveWavesPerEU`, then the padding of `getSIProgramInfo`): the launch-size and LDS limit
    /// D2 where W is not accepted (outside D1..D2), else `min(D2, V(W))` with V(W) the occupancy of the
    /// largest VGPR count W allows, the level the padding (`getMinNumVGPRs`) can hold a kernel at.
    /// SGPR padding (GFX9) never lowers it further; the SGPR init bug (gfx802/gfx805: 96 SGPRs, 8 waves)
    /// does. Checked with llc-22 on 1,158 target x launch x LDS x W cases (`tests/lit/exact-cap.ll` holds a
    /// sample), and with llc-15, llc-19 and llc-22 on every W of every processor (`tests/llc_occupancy.rs`).
    pub fn exact_cap(&self, waves: u32, wg: WorkgroupSize, lds: u32) -> u32 {
        // With the SGPR init bug every kernel has 96 SGPRs (8 waves), whatever W asks.
        let sgpr_cap = self.sgpr_waves(self.effective_sgprs(1));
        let (lo, hi) = self.accepted_waves_range(lds, wg);
        let limit = self.workgroup_occupancy(lds, wg).1;
        let cap = if waves < lo || waves > hi {
            limit
        } else if self.llvm() < crate::Llvm::V22 {
            // LLVM 15 and 19 pad to getMinNumVGPRs (15's may sit below W's step) and keep a W that LDS
            // or the launch size rules out; SGPR padding never lowers the cap further.
            limit.min(self.vgpr_waves(self.min_vgprs_for_waves(waves).max(1)))
        } else {
            hi.min(self.vgpr_waves(self.max_vgprs_for_waves(waves)))
        };
        cap.min(sgpr_cap)
    }

    /// The whole ladder W = 1..=max.
    pub fn ladder(&self, wg: WorkgroupSize, lds: u32) -> Result<Vec<Budget>, ModelError> {
        (1..=self.max_waves()).map(|w| self.budget(w, wg, lds)).collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::{subtarget, BlockReason, Options, Squeezed, WorkgroupSize};

    /// R_max(W) is exactly the inverse of the forward VGPR formula, on every processor and wave size: the
    /// largest count that reaches W, held within what a wave addresses. (The ladders llc 22.1.8 gave are
    /// `tests/lit/budget-ladders.test`; `tests/llc_budget.rs` checks budgets against llc itself.)
    #[test]
    fn r_max_is_the_inverse_of_the_vgpr_formula() {
        let mut checked = 0;
        for p in crate::targets::PROCESSORS {
            for wave_size in [None, Some(64)] {
                let Ok(st) = subtarget(p.name, Options { wave_size, ..Options::default() }) else { continue };
                for w in 1..=st.max_waves() {
                    let r = st.max_vgprs_for_waves(w);
                    assert!(st.vgpr_waves(r) >= w, "{} W={w}: R_max {r} gives {}", p.name, st.vgpr_waves(r));
                    if r < st.vgpr().addressable {
                        assert!(st.vgpr_waves(r + 1) < w, "{} W={w}: R_max+1 still reaches W", p.name);
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 500, "{checked} ladder steps");
    }

    #[test]
    fn padding_matches_llc_descriptors() {
        // §3.3 / §2.5: descriptor VGPR padding LLVM applies for a maximum of W waves.
        let pad = |t: &str, o: Options, w| subtarget(t, o).unwrap().min_vgprs_for_waves(w);
        assert_eq!(pad("gfx942", Options::default(), 4), 97);
        assert_eq!(pad("gfx942", Options::default(), 3), 129);
        assert_eq!(pad("gfx942", Options::default(), 2), 169);
        assert_eq!(pad("gfx942", Options::default(), 6), 73);
        assert_eq!(pad("gfx900", Options::default(), 4), 49);
        assert_eq!(pad("gfx900", Options::default(), 8), 29);
        assert_eq!(pad("gfx1250", Options::default(), 8), 113);
        assert_eq!(pad("gfx1100", Options::default(), 4), 241);
        assert_eq!(pad("gfx1100", Options { wave_size: Some(64), ..Options::default() }, 4), 145);
    }

    #[test]
    fn reachability() {
        let st = subtarget("gfx942", Options::default()).unwrap();
        // WG 1024 implies 4 waves: W=2 is dropped by LLVM 22.
        let b = st.budget(2, WorkgroupSize::fixed(1024), 0).unwrap();
        assert!(!b.reachable);
        assert_eq!((b.accepted_range.min, b.accepted_range.max), (4, 8));
        assert_eq!(b.blocked_by[0].limiter, crate::Limiter::Workgroup);
        // 1024 threads are 16 waves of 64: 4 per SIMD at least, below which LLVM 22 drops the request.
        assert_eq!(
            b.blocked_by[0].reason,
            BlockReason::BelowLaunchMinimum {
                max_threads: 1024,
                waves_per_workgroup: 16,
                wave_size: 64,
                min: 4,
                llvm: crate::Llvm::V22
            }
        );
        // 32 KiB LDS at WG 256 caps at 2: W=5 is dropped (the "5,8" case of §2.6).
        let b = st.budget(5, WorkgroupSize::fixed(256), 32768).unwrap();
        assert!(!b.reachable);
        assert_eq!(b.blocked_by[0].limiter, crate::Limiter::Lds);
        assert_eq!(b.blocked_by[0].reason, BlockReason::Lds { lds: 32768, waves: 2, squeezed: None });
        assert_eq!(b.accepted_range.max, 2);
        // Under LLVM 19 the same W is kept (within the accepted minimums there) and squeezed for.
        let st19 = subtarget("gfx942", Options { llvm: crate::Llvm::V19, ..Options::default() }).unwrap();
        let b = st19.budget(5, WorkgroupSize::fixed(256), 32768).unwrap();
        let squeezed = Some(Squeezed { llvm: crate::Llvm::V19, waves: 5 });
        assert_eq!(
            b.blocked_by[0].reason,
            BlockReason::Lds { lds: 32768, waves: 2, squeezed },
            "{:?}",
            b.accepted_range
        );
        // W=10 is over the hardware maximum: refused like 0.
        assert!(st.budget(10, WorkgroupSize::fixed(256), 0).is_err());
        assert!(st.budget(0, WorkgroupSize::fixed(256), 0).is_err());
        // W=4 at 256 threads: 128 VGPRs, all LDS for two... max LDS for 4 waves = 64K / 4 WGs.
        let b = st.budget(4, WorkgroupSize::fixed(256), 0).unwrap();
        assert!(b.reachable);
        assert_eq!((b.max_vgprs, b.max_arch_vgprs, b.max_agprs), (128, 128, 128));
        assert_eq!(b.max_lds_bytes, Some(16384));
        assert_eq!(b.max_sgprs, Some(108));
        // gfx900 SGPR steps: 80 / 88 / 100 (§1b).
        let st = subtarget("gfx900", Options::default()).unwrap();
        let s: Vec<_> = (7..=10).map(|w| st.max_sgprs_for_waves(w)).collect();
        assert_eq!(s, vec![Some(108), Some(100), Some(88), Some(80)]);
        // gfx802 cannot exceed 8 waves: the init bug fixes 96 SGPRs.
        let st = subtarget("gfx802", Options::default()).unwrap();
        let b = st.budget(9, WorkgroupSize::fixed(64), 0).unwrap();
        assert_eq!(b.blocked_by[0].limiter, crate::Limiter::Sgpr);
        assert_eq!(
            b.blocked_by[0].reason,
            BlockReason::SgprInitBug { processor: "gfx802", sgprs: 96, waves: st.sgpr_waves(96) }
        );
        assert_eq!(st.max_waves(), 10);
    }
}
