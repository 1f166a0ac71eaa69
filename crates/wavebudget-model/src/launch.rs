//! Occupancy at a fixed launch size from tables built once per subtarget: what a runtime asks at every
//! dispatch, answered with a few table reads and two divisions. Every entry is computed by the model's
//! own functions; [`LaunchTable::limits`] equals [`Subtarget::limits`] at a fixed launch size (tested
//! exhaustively below).

use crate::occupancy::{Limits, Usage, Vgprs};
use crate::subtarget::{Subtarget, WorkgroupSize};

/// Largest launch size.
pub const MAX_WORKGROUP: u32 = crate::targets::MAX_FLAT_WORKGROUP_SIZE;

/// Per-subtarget tables: by total VGPRs, by SGPRs, by launch size.
#[derive(Debug, Clone)]
pub struct LaunchTable {
    vgpr_waves: Vec<u8>,
    sgpr_waves: Vec<u8>,
    /// Per launch size: waves per workgroup, workgroups per CU by slots and barriers, and the
    /// workgroup limit in waves/SIMD with no LDS.
    waves_per_wg: Vec<u8>,
    max_wgs: Vec<u16>,
    workgroup_limit: Vec<u8>,
    /// `waves * eus_per_cu / waves_per_wg` for waves 0..=max_waves and waves_per_wg 1..=32 (row-major).
    wgs_by_waves: Vec<u16>,
    lds_per_cu: u32,
    lds_granule: u32,
    eus_per_cu: u32,
    max_waves: u32,
    sgpr_init_bug_count: Option<u32>,
}

/// Waves per workgroup covered by [`LaunchTable`]'s per-waves table (1024 / 32).
const MAX_WAVES_PER_WG: u32 = 32;

/// What a launch gets: the limits, the waves/SIMD LLVM reports, and the workgroups resident at once on
/// a CU (a WGP in WGP mode) with LDS allocated as the hardware does (rounded up to the granule).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resident {
    /// Each limiter in waves/SIMD.
    pub limits: Limits,
    /// Waves/SIMD (the minimum of the limits).
    pub waves_per_simd: u32,
    /// Resident workgroups per CU: by registers, by hardware LDS, by slots and barriers.
    pub workgroups_per_cu: u32,
    /// Waves resident per SIMD with `workgroups_per_cu` workgroups (their waves over the CU's SIMDs, the
    /// most any SIMD holds): the hardware's answer. Below `waves_per_simd` where whole workgroups do not
    /// fill what LLVM's model counts (a workgroup's waves do not divide the register limit) or where LDS
    /// rounded up to its granule fits fewer workgroups (LLVM's model leaves the granule out).
    pub resident_waves_per_simd: u32,
}

/// [`Subtarget::whole_workgroups`]: the resident workgroups, what each limit allows, and their waves.
pub(crate) struct WholeWorkgroups {
    pub(crate) workgroups: u32,
    pub(crate) by_regs: u32,
    pub(crate) by_lds: u32,
    pub(crate) waves_per_wg: u32,
    pub(crate) resident_waves: u32,
}

/// Waves per SIMD that `wgs` resident workgroups of `waves_per_wg` waves give over `eus` SIMDs.
#[inline]
fn resident_waves(wgs: u32, waves_per_wg: u32, eus: u32, max: u32) -> u32 {
    (wgs * waves_per_wg).div_ceil(eus.max(1)).min(max)
}

impl Subtarget {
    /// What a launch of exactly `wg` work-items with `lds` bytes gets, computed directly (the reference
    /// [`LaunchTable::resident`] is tested against): the limits, the waves/SIMD, and the resident
    /// workgroups per CU (a WGP in WGP mode): the minimum of the register limit in workgroups
    /// (`min(vgpr, sgpr) * EUs / waves per workgroup`), LDS as the hardware allocates it (rounded up to its
    /// granule, which LLVM's own model leaves out), and the slot/barrier limit. `None` where
    /// [`Subtarget::validate`] fails.
    pub fn resident(&self, vgprs: u32, sgprs: u32, lds: u32, wg: u32) -> Option<Resident> {
        let u = Usage { vgprs: Vgprs::Total(vgprs), sgprs: Some(sgprs), lds, workgroup: WorkgroupSize::fixed(wg) };
        self.validate(&u).ok()?;
        let limits = self.limits(&u);
        let whole = self.whole_workgroups(&limits, lds, wg);
        Some(Resident {
            limits,
            waves_per_simd: limits.lds.min(limits.sgpr).min(limits.vgpr),
            workgroups_per_cu: whole.workgroups,
            resident_waves_per_simd: whole.resident_waves,
        })
    }

    /// The workgroups of exactly `wg` work-items with `lds` bytes resident at once on a CU (a WGP in WGP
    /// mode), whole: by the register limits of `limits` (`min(vgpr, sgpr) * EUs / waves per workgroup`), by
    /// LDS as the hardware allocates it (rounded up to its granule), by slots and barriers; and the waves
    /// that many put on a SIMD. The one rule [`Subtarget::resident`] and the occupancy's hardware view use.
    pub(crate) fn whole_workgroups(&self, limits: &Limits, lds: u32, wg: u32) -> WholeWorkgroups {
        let waves_per_wg = wg.div_ceil(self.wave_size());
        let by_regs = limits.vgpr.min(limits.sgpr) * self.eus_per_cu() / waves_per_wg;
        let by_lds = if lds == 0 { u32::MAX } else { self.lds_per_cu() / self.lds_allocated(lds) };
        let workgroups = by_regs.min(by_lds).min(self.max_workgroups_per_cu(wg));
        WholeWorkgroups {
            workgroups,
            by_regs,
            by_lds,
            waves_per_wg,
            resident_waves: resident_waves(workgroups, waves_per_wg, self.eus_per_cu(), self.max_waves()),
        }
    }

    /// The tables behind [`LaunchTable::limits`] for this subtarget.
    pub fn launch_table(&self) -> LaunchTable {
        let vgprs = self.max_total_vgprs();
        let sgprs = self.processor().max_sgpr_count();
        let sizes = 0..=MAX_WORKGROUP;
        LaunchTable {
            vgpr_waves: (0..=vgprs).map(|v| self.vgpr_waves(v.max(1)) as u8).collect(),
            sgpr_waves: (0..=sgprs).map(|s| self.sgpr_waves(s.max(1)) as u8).collect(),
            waves_per_wg: sizes.clone().map(|w| w.div_ceil(self.wave_size()) as u8).collect(),
            max_wgs: sizes.clone().map(|w| self.max_workgroups_per_cu(w.max(1)) as u16).collect(),
            workgroup_limit: sizes
                .map(|w| self.workgroup_occupancy(0, WorkgroupSize::fixed(w.max(1))).1 as u8)
                .collect(),
            wgs_by_waves: (0..=self.max_waves())
                .flat_map(|w| (1..=MAX_WAVES_PER_WG).map(move |n| (w, n)))
                .map(|(w, n)| (w * self.eus_per_cu() / n) as u16)
                .collect(),
            lds_per_cu: self.lds_per_cu(),
            lds_granule: self.lds_granule(),
            eus_per_cu: self.eus_per_cu(),
            max_waves: self.max_waves(),
            sgpr_init_bug_count: self.processor().sgpr_init_bug.then(|| self.effective_sgprs(0)),
        }
    }
}

impl LaunchTable {
    /// [`Subtarget::limits`] for `vgprs` total vector registers, `sgprs`, `lds` bytes and a launch of
    /// exactly `wg` work-items. `None` when a count is outside what the subtarget addresses or `wg` is
    /// not in 1..=1024 (where [`Subtarget::validate`] would fail).
    #[inline]
    pub fn limits(&self, vgprs: u32, sgprs: u32, lds: u32, wg: u32) -> Option<Limits> {
        let sgprs = self.sgpr_init_bug_count.unwrap_or(sgprs);
        let vgpr = *self.vgpr_waves.get(vgprs as usize)? as u32;
        let sgpr = *self.sgpr_waves.get(sgprs as usize)? as u32;
        if wg == 0 {
            return None;
        }
        let (waves_per_wg, max_wgs, workgroup) = (
            *self.waves_per_wg.get(wg as usize)? as u32,
            self.max_wgs[wg as usize] as u32,
            self.workgroup_limit[wg as usize] as u32,
        );
        // `workgroup_occupancy` with min == max: no range adjustment. Only min(slots, LDS) matters, so the
        // division happens only when LDS is what limits.
        let wgs = if lds as u64 * max_wgs as u64 <= self.lds_per_cu as u64 { max_wgs } else { self.lds_per_cu / lds };
        let lds_limit =
            if wgs == 0 { 1 } else { (waves_per_wg * wgs).div_ceil(self.eus_per_cu).clamp(1, self.max_waves) };
        Some(Limits { vgpr, sgpr, lds: lds_limit, workgroup })
    }

    /// [`LaunchTable::limits`], the waves/SIMD, and the resident workgroups per CU: by the register
    /// limit (`min(vgpr, sgpr) * EUs / waves per workgroup`), by LDS as the hardware allocates it, and by
    /// slots and barriers. No allocation; divisions only where LDS binds.
    #[inline]
    pub fn resident(&self, vgprs: u32, sgprs: u32, lds: u32, wg: u32) -> Option<Resident> {
        let limits = self.limits(vgprs, sgprs, lds, wg)?;
        let (waves_per_wg, per_slots) = self.workgroup(wg)?;
        let regs = limits.vgpr.min(limits.sgpr);
        let per_regs = match self.wgs_by_waves.get((regs * MAX_WAVES_PER_WG + waves_per_wg - 1) as usize) {
            Some(&n) if waves_per_wg <= MAX_WAVES_PER_WG => n as u32,
            _ => regs * self.eus_per_cu / waves_per_wg,
        };
        let m = per_regs.min(per_slots);
        let g = self.lds_granule.max(1);
        let allocated = if g.is_power_of_two() { (lds + g - 1) & !(g - 1) } else { lds.div_ceil(g) * g };
        let workgroups_per_cu = if lds == 0 || allocated as u64 * m as u64 <= self.lds_per_cu as u64 {
            m
        } else {
            self.lds_per_cu / allocated
        };
        Some(Resident {
            limits,
            waves_per_simd: limits.lds.min(limits.sgpr).min(limits.vgpr),
            workgroups_per_cu,
            resident_waves_per_simd: resident_waves(workgroups_per_cu, waves_per_wg, self.eus_per_cu, self.max_waves),
        })
    }

    /// Waves in a workgroup of `wg` work-items, and workgroups per CU allowed by wave slots and barriers
    /// ([`Subtarget::max_workgroups_per_cu`]); `None` outside 1..=1024.
    #[inline]
    pub fn workgroup(&self, wg: u32) -> Option<(u32, u32)> {
        if wg == 0 {
            return None;
        }
        Some((*self.waves_per_wg.get(wg as usize)? as u32, self.max_wgs[wg as usize] as u32))
    }

    /// The subtarget's maximum waves/SIMD.
    pub fn max_waves(&self) -> u32 {
        self.max_waves
    }
}

#[cfg(test)]
mod tests {
    use crate::{subtarget, Options, Usage, Vgprs, WorkgroupSize};

    #[test]
    fn equals_the_model_at_every_fixed_launch_size() {
        for (target, wave) in [
            ("gfx942", None),
            ("gfx90a", None),
            ("gfx906", None),
            ("gfx803", None),
            ("gfx1100", Some(32)),
            ("gfx1100", Some(64)),
            ("gfx1201", None),
            ("gfx1250", None),
        ] {
            let st = subtarget(target, Options { wave_size: wave, ..Options::default() }).unwrap();
            let t = st.launch_table();
            let lds_values: Vec<u32> =
                (0..=st.lds_per_workgroup()).step_by(1536).chain([1, 100, st.lds_per_workgroup()]).collect();
            for wg in 1..=1024u32 {
                for &lds in &lds_values {
                    for (vgprs, sgprs) in [
                        (1, 1),
                        (24, 30),
                        (64, 102),
                        (129, 96),
                        (st.max_total_vgprs(), st.processor().max_sgpr_count()),
                    ] {
                        let u = Usage {
                            vgprs: Vgprs::Total(vgprs),
                            sgprs: Some(sgprs),
                            lds,
                            workgroup: WorkgroupSize::fixed(wg),
                        };
                        st.validate(&u).unwrap();
                        assert_eq!(
                            t.limits(vgprs, sgprs, lds, wg),
                            Some(st.limits(&u)),
                            "{target} wave{wave:?} wg {wg} lds {lds} v {vgprs} s {sgprs}"
                        );
                    }
                }
            }
            for v in 0..=st.max_total_vgprs() {
                let u = Usage { vgprs: Vgprs::Total(v), sgprs: Some(10), lds: 0, workgroup: WorkgroupSize::fixed(64) };
                assert_eq!(t.limits(v, 10, 0, 64).unwrap().vgpr, st.limits(&u).vgpr, "{target} v {v}");
            }
            for s in 0..=st.processor().max_sgpr_count() {
                let u = Usage { vgprs: Vgprs::Total(8), sgprs: Some(s), lds: 0, workgroup: WorkgroupSize::fixed(64) };
                assert_eq!(t.limits(8, s, 0, 64).unwrap().sgpr, st.limits(&u).sgpr, "{target} s {s}");
            }
            // Resident workgroups: the table against the direct computation.
            for wg in (1..=1024u32).step_by(7).chain([64, 256, 1024]) {
                for &lds in &lds_values {
                    for (vgprs, sgprs) in [(1, 1), (40, 30), (96, 80), (256, 102), (st.max_total_vgprs(), 20)] {
                        let want = st.resident(vgprs, sgprs, lds, wg).unwrap();
                        let u = Usage {
                            vgprs: Vgprs::Total(vgprs),
                            sgprs: Some(sgprs),
                            lds,
                            workgroup: WorkgroupSize::fixed(wg),
                        };
                        assert_eq!(want.waves_per_simd, st.waves_per_simd(&u));
                        assert_eq!(
                            t.resident(vgprs, sgprs, lds, wg),
                            Some(want),
                            "{target} wg {wg} lds {lds} v {vgprs}"
                        );
                    }
                }
            }
            assert_eq!(t.limits(st.max_total_vgprs() + 1, 1, 0, 64), None);
            assert_eq!(t.limits(1, 1, 0, 0), None);
            assert_eq!(t.limits(1, 1, 0, 1025), None);
        }
    }
}
