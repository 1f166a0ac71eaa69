//! Forward model: a kernel's resources -> waves/SIMD, each limiter, the binding one, and the next step.

use crate::error::ModelError;
use crate::subtarget::{Subtarget, WorkgroupSize};
use crate::targets::AgprFile;
use serde::Serialize;

/// Vector registers as a kernel reports them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Vgprs {
    /// Architectural VGPRs and AGPRs as in LLVM's remarks ("VGPRs", "AGPRs").
    Split { arch: u32, agpr: u32 },
    /// The code object's unified `.vgpr_count`.
    Total(u32),
}

/// What a kernel uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Usage {
    /// Vector registers.
    pub vgprs: Vgprs,
    /// Total SGPRs as in `.sgpr_count` (extras included); `None` = not given.
    pub sgprs: Option<u32>,
    /// Static LDS bytes per workgroup (`.group_segment_fixed_size`).
    pub lds: u32,
    /// Launch size range.
    pub workgroup: WorkgroupSize,
}

/// A resource that limits occupancy.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Limiter {
    /// Vector registers (arch + AGPR).
    Vgpr,
    /// Scalar registers (GFX8/9).
    Sgpr,
    /// Static LDS.
    Lds,
    /// Workgroup slots and barriers at this launch size.
    Workgroup,
    /// Nothing binds below the hardware maximum.
    MaxWaves,
}

impl Limiter {
    /// The JSON/table name.
    pub fn as_str(self) -> &'static str {
        match self {
            Limiter::Vgpr => "vgpr",
            Limiter::Sgpr => "sgpr",
            Limiter::Lds => "lds",
            Limiter::Workgroup => "workgroup",
            Limiter::MaxWaves => "max_waves",
        }
    }

    /// Every limiter, in code order: `ALL[l.code()] == l`.
    pub const ALL: [Limiter; 5] = [Limiter::Vgpr, Limiter::Sgpr, Limiter::Lds, Limiter::Workgroup, Limiter::MaxWaves];

    /// A small number for arrays (the batch calls' limiter column): 0 vgpr, 1 sgpr, 2 lds, 3 workgroup,
    /// 4 max_waves. Stable: new limiters get new codes.
    pub fn code(self) -> u8 {
        match self {
            Limiter::Vgpr => 0,
            Limiter::Sgpr => 1,
            Limiter::Lds => 2,
            Limiter::Workgroup => 3,
            Limiter::MaxWaves => 4,
        }
    }

    /// The limiter of a [`Limiter::code`].
    pub fn from_code(code: u8) -> Option<Limiter> {
        Limiter::ALL.get(usize::from(code)).copied()
    }
}

/// Each limiter in waves/SIMD.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// `getNumWavesPerEUWithNumVGPRs(.vgpr_count)`.
    pub vgpr: u32,
    /// `getOccupancyWithNumSGPRs(.sgpr_count)` (the maximum on GFX10+).
    pub sgpr: u32,
    /// Workgroup/LDS limit with this kernel's LDS.
    pub lds: u32,
    /// Workgroup/LDS limit with no LDS: slots and barriers alone.
    pub workgroup: u32,
}

/// Resources after allocation-granule rounding.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Allocated {
    /// VGPRs allocated per wave (total vector registers rounded to the allocation granule).
    pub vgprs: u32,
    /// SGPRs allocated per wave.
    pub sgprs: u32,
    /// LDS allocated per workgroup (rounded to the hardware LDS granule).
    pub lds_bytes: u32,
}

/// What the hardware keeps resident: whole workgroups, with LDS rounded to its granule and the launch size
/// fixed at the range's maximum (LLVM's own count, [`Occupancy::waves_per_simd`], is per SIMD and leaves
/// both out).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Hardware {
    /// Waves resident per SIMD: the waves of `workgroups_per_cu` whole workgroups over the CU's SIMDs
    /// (the most any SIMD holds), as [`Subtarget::resident`] counts them for a dispatch. 0 where not one
    /// workgroup fits (its waves need more registers than a SIMD has).
    pub waves_per_simd: u32,
    /// Whole workgroups resident per CU (a WGP in WGP mode): the fewest by registers, by LDS (rounded to
    /// its granule) and by wave slots and barriers.
    pub workgroups_per_cu: u32,
    /// What bounds the resident workgroups (registers, LDS or slots); the hardware maximum where it is
    /// the full count.
    pub limiter: Limiter,
    /// LDS bytes used (rounded).
    pub lds_bytes: u32,
    /// Launch size used.
    pub workgroup_size: u32,
    /// Each limiter in waves/SIMD by this view (VGPRs and SGPRs as LLVM counts them; LDS and workgroup
    /// slots with the rounded LDS at the fixed launch size).
    pub limits: Limits,
}

/// How far each resource is from the next step.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct NextStep {
    /// Target of the "gain" half: `waves_per_simd + 1`, or `None` at the maximum.
    pub next_waves: Option<u32>,
    /// The occupancy the kernel reaches after giving up everything below (at least `next_waves`; more
    /// where a limiter moves in steps of several waves, as LDS does in wave64 CU mode); `None` when the
    /// next wave cannot be had by giving up registers or LDS.
    pub reaches: Option<u32>,
    /// VGPRs to give up for one more wave (0 = VGPRs are not in the way; `None` = at maximum).
    pub vgprs_to_gain: Option<u32>,
    /// SGPRs to give up for one more wave (`None` = impossible or at maximum).
    pub sgprs_to_gain: Option<u32>,
    /// LDS bytes to give up for one more wave (`None` = impossible or at maximum).
    pub lds_bytes_to_gain: Option<u32>,
    /// Limiters that giving up registers or LDS cannot move (launch size, hardware maximum).
    pub also_blocked_by: Vec<Limiter>,
    /// VGPRs that can be added before losing a wave.
    pub vgpr_headroom: u32,
    /// SGPRs that can be added before losing a wave.
    pub sgpr_headroom: u32,
    /// LDS bytes that can be added before losing a wave.
    pub lds_headroom: u32,
}

/// The forward model's answer for one kernel on one target.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Occupancy {
    /// Canonical target id.
    pub target: String,
    /// Processor name.
    pub processor: &'static str,
    /// Wave size used.
    pub wave_size: u32,
    /// CU mode in effect.
    pub cu_mode: bool,
    /// What LLVM 22 reports as "Occupancy [waves/SIMD]".
    pub waves_per_simd: u32,
    /// `getMaxWavesPerEU`.
    pub max_waves_per_simd: u32,
    /// `waves_per_simd / max_waves_per_simd`.
    pub occupancy: f64,
    /// The binding limiter (first of `binding`).
    pub limiter: Limiter,
    /// Every limiter at the minimum.
    pub binding: Vec<Limiter>,
    /// Each limiter in waves/SIMD.
    pub limits: Limits,
    /// Total vector registers (`.vgpr_count`).
    pub vgpr_count: u32,
    /// Total SGPRs used by the model (after the SGPR-init-bug fix-up).
    pub sgpr_count: u32,
    /// Static LDS bytes.
    pub lds_bytes: u32,
    /// Launch size range.
    pub workgroup: WorkgroupSize,
    /// Allocations after rounding.
    pub allocated: Allocated,
    /// Hardware view (LDS granule, fixed launch size).
    pub hardware: Hardware,
    /// Give-up / headroom numbers.
    pub next_step: NextStep,
    /// Remarks a person should read (padding, ignored inputs, ...).
    pub notes: Vec<crate::OccupancyNote>,
}

/// A [`Usage`] [`Subtarget::check`] has validated for one subtarget: the input of the fast paths.
#[derive(Debug, Clone, Copy)]
pub struct Checked<'s> {
    st: &'s Subtarget,
    usage: Usage,
}

impl Checked<'_> {
    /// "Occupancy [waves/SIMD]" exactly as the subtarget's LLVM reports it. The fast path: no allocation,
    /// no report, no validation (done once by [`Subtarget::check`]).
    #[inline]
    pub fn waves_per_simd(&self) -> u32 {
        self.st.waves_per_simd(&self.usage)
    }

    /// Each limiter in waves/SIMD (no allocation).
    pub fn limits(&self) -> Limits {
        self.st.limits(&self.usage)
    }

    /// The usage it holds.
    pub fn usage(&self) -> &Usage {
        &self.usage
    }
}

/// Waves per SIMD from the three terms that bound it: the one rule ([`Limits::waves`] and the fast path).
#[inline(always)]
fn waves_from(vgpr: u32, sgpr: u32, lds: u32) -> u32 {
    lds.min(sgpr).min(vgpr)
}

/// Every binding limiter, in the order reports list them; an iterator so the fast path allocates nothing.
fn binding_iter(limits: &Limits, waves: u32, max: u32) -> impl Iterator<Item = Limiter> {
    let at_max = waves >= max;
    let candidates = [
        (at_max, Limiter::MaxWaves),
        (!at_max && limits.vgpr == waves, Limiter::Vgpr),
        (!at_max && limits.sgpr == waves, Limiter::Sgpr),
        (!at_max && limits.lds == waves && limits.lds < limits.workgroup, Limiter::Lds),
        (!at_max && limits.workgroup == waves, Limiter::Workgroup),
    ];
    candidates.into_iter().filter(|(on, _)| *on).map(|(_, l)| l)
}

fn binding(limits: &Limits, waves: u32, max: u32) -> Vec<Limiter> {
    binding_iter(limits, waves, max).collect()
}

impl Subtarget {
    /// Validate a usage against what the target can address: the launch size first (as every door reads
    /// it first, before the counts: one cell of a batch with two problems is refused for the one a
    /// scalar call names), then the registers and the LDS.
    #[inline]
    pub fn validate(&self, u: &Usage) -> Result<(), ModelError> {
        u.workgroup.validate()?;
        let name = self.processor().name;
        let too_many =
            |what, count, max, detail| ModelError::TooManyRegisters { target: name, what, count, max, detail };
        match u.vgprs {
            Vgprs::Split { arch, agpr } => {
                if arch > self.max_arch_vgprs() {
                    return Err(too_many("architectural VGPRs", arch, self.max_arch_vgprs(), ""));
                }
                if agpr > 0 && self.processor().agpr_file == AgprFile::None {
                    return Err(too_many("AGPRs", agpr, 0, "; only gfx908, gfx90a, gfx942 and gfx950 have AGPRs"));
                }
                if agpr > self.max_agprs() {
                    return Err(too_many("AGPRs", agpr, self.max_agprs(), ""));
                }
                let total = self.total_vgprs(arch, agpr);
                if total > self.max_total_vgprs() {
                    return Err(too_many(
                        "total vector registers",
                        total,
                        self.max_total_vgprs(),
                        ", arch aligned to 4 + AGPRs",
                    ));
                }
            }
            Vgprs::Total(t) => {
                if t > self.max_total_vgprs() {
                    return Err(too_many("total vector registers (.vgpr_count)", t, self.max_total_vgprs(), ""));
                }
            }
        }
        if let Some(s) = u.sgprs {
            let max = self.processor().max_sgpr_count();
            if s > max {
                return Err(too_many("SGPRs", s, max, ", extra VCC/XNACK/flat-scratch SGPRs included"));
            }
        }
        if u.lds > self.lds_per_workgroup() {
            return Err(ModelError::LdsTooLarge {
                target: name,
                bytes: u64::from(u.lds),
                max: self.lds_per_workgroup(),
            });
        }
        Ok(())
    }

    /// Total vector registers of a usage.
    pub fn usage_total_vgprs(&self, v: Vgprs) -> u32 {
        match v {
            Vgprs::Split { arch, agpr } => self.total_vgprs(arch, agpr),
            Vgprs::Total(t) => t,
        }
    }

    /// Validates `u` for this subtarget once ([`Subtarget::validate`]); the fast paths take the result, so
    /// no usage reaches them unchecked, nor checked against another subtarget.
    #[inline]
    pub fn check(&self, u: Usage) -> Result<Checked<'_>, ModelError> {
        self.validate(&u)?;
        Ok(Checked { st: self, usage: u })
    }

    /// Each limiter in waves/SIMD for a validated usage (no allocation).
    pub(crate) fn limits(&self, u: &Usage) -> Limits {
        Limits {
            lds: self.workgroup_occupancy(u.lds, u.workgroup).1,
            workgroup: self.workgroup_occupancy(0, u.workgroup).1,
            ..self.register_limits(u)
        }
    }

    /// The register terms of [`Subtarget::limits`] (`lds` and `workgroup` left at 0).
    #[inline]
    fn register_limits(&self, u: &Usage) -> Limits {
        let total = self.usage_total_vgprs(u.vgprs);
        let sgprs = self.effective_sgprs(u.sgprs.unwrap_or(0));
        Limits { vgpr: self.vgpr_waves(total.max(1)), sgpr: self.sgpr_waves(sgprs.max(1)), lds: 0, workgroup: 0 }
    }

    /// "Occupancy [waves/SIMD]" for a validated usage (reached through [`Checked::waves_per_simd`]).
    #[inline]
    pub(crate) fn waves_per_simd(&self, u: &Usage) -> u32 {
        let r = self.register_limits(u);
        waves_from(r.vgpr, r.sgpr, self.workgroup_occupancy(u.lds, u.workgroup).1)
    }

    /// The full forward model with limiters, allocations, hardware view and next step.
    pub fn occupancy(&self, u: &Usage) -> Result<Occupancy, ModelError> {
        self.validate(u)?;
        let limits = self.limits(u);
        let waves = limits.lds.min(limits.sgpr).min(limits.vgpr);
        let binding = binding(&limits, waves, self.max_waves());
        let total = self.usage_total_vgprs(u.vgprs);
        let sgprs = self.effective_sgprs(u.sgprs.unwrap_or(0));

        let hw_wg = WorkgroupSize::fixed(u.workgroup.max);
        let hw_lds = self.lds_allocated(u.lds);
        let hw = self.with_llvm_22();
        let hw_limits = Limits {
            lds: hw.workgroup_occupancy(hw_lds, hw_wg).1,
            workgroup: hw.workgroup_occupancy(0, hw_wg).1,
            ..limits
        };
        // Whole workgroups, as a dispatch counts them (`Subtarget::resident`).
        let whole = self.whole_workgroups(&limits, u.lds, hw_wg.max);
        let (workgroups_per_cu, waves_per_wg, hw_waves) = (whole.workgroups, whole.waves_per_wg, whole.resident_waves);
        let hw_limiter = if hw_waves >= self.max_waves() {
            Limiter::MaxWaves
        } else if workgroups_per_cu == whole.by_regs {
            if limits.vgpr <= limits.sgpr {
                Limiter::Vgpr
            } else {
                Limiter::Sgpr
            }
        } else if workgroups_per_cu == whole.by_lds {
            Limiter::Lds
        } else {
            Limiter::Workgroup
        };
        let hardware = Hardware {
            waves_per_simd: hw_waves,
            workgroups_per_cu,
            limiter: hw_limiter,
            lds_bytes: hw_lds,
            workgroup_size: hw_wg.max,
            limits: hw_limits,
        };

        let mut notes = Vec::new();
        if let (Some(s), true) = (u.sgprs, self.processor().sgpr_init_bug) {
            if s != sgprs {
                notes.push(crate::OccupancyNote::SgprInitBug {
                    processor: self.processor().name,
                    reported: sgprs,
                    given: s,
                });
            }
        }
        if u.workgroup.min != u.workgroup.max {
            notes.push(crate::OccupancyNote::LaunchRange { min: u.workgroup.min, max: u.workgroup.max });
        }
        if hw_lds != u.lds && hardware.waves_per_simd != waves && hardware.limiter == Limiter::Lds {
            notes.push(crate::OccupancyNote::LdsGranule { granule: self.lds_granule(), allocated: hw_lds });
        }
        if matches!(hardware.limiter, Limiter::Vgpr | Limiter::Sgpr) && hardware.waves_per_simd < waves {
            notes.push(crate::OccupancyNote::WholeWorkgroups {
                waves_per_workgroup: waves_per_wg,
                workgroups: workgroups_per_cu,
                resident: hardware.waves_per_simd,
                llvm: waves,
            });
        }
        if let Vgprs::Split { arch, agpr } = u.vgprs {
            if self.processor().agpr_file == AgprFile::Unified && agpr > 0 && arch % 4 != 0 {
                notes.push(crate::OccupancyNote::AgprAlignment { arch, agpr, total });
            }
        }

        let next_step = self.next_step(u, &limits, waves, total, sgprs);
        Ok(Occupancy {
            target: self.id().canonical(),
            processor: self.processor().name,
            wave_size: self.wave_size(),
            cu_mode: self.cu_mode(),
            waves_per_simd: waves,
            max_waves_per_simd: self.max_waves(),
            occupancy: self.fraction(waves),
            limiter: binding.first().copied().unwrap_or(Limiter::MaxWaves),
            binding,
            limits,
            vgpr_count: total,
            sgpr_count: sgprs,
            lds_bytes: u.lds,
            workgroup: u.workgroup,
            allocated: Allocated {
                vgprs: self.vgprs_allocated(total),
                sgprs: self.sgprs_allocated(sgprs),
                lds_bytes: hw_lds,
            },
            hardware,
            next_step,
            notes,
        })
    }

    fn next_step(&self, u: &Usage, limits: &Limits, waves: u32, total: u32, sgprs: u32) -> NextStep {
        let mut n = NextStep {
            vgpr_headroom: self.max_vgprs_for_waves(waves).min(self.max_total_vgprs()).saturating_sub(total),
            sgpr_headroom: self.max_sgprs_for_waves(waves).map_or(0, |m| m.saturating_sub(sgprs)),
            lds_headroom: self.max_lds_for_waves(waves, u.workgroup).map_or(0, |m| m.saturating_sub(u.lds)),
            ..NextStep::default()
        };
        if self.processor().sgpr_init_bug {
            n.sgpr_headroom = 0;
        }
        if waves >= self.max_waves() {
            n.also_blocked_by.push(Limiter::MaxWaves);
            return n;
        }
        let next = waves + 1;
        n.next_waves = Some(next);
        n.vgprs_to_gain =
            Some(if limits.vgpr >= next { 0 } else { total.saturating_sub(self.max_vgprs_for_waves(next)) });
        n.sgprs_to_gain = if limits.sgpr >= next {
            Some(0)
        } else {
            self.max_sgprs_for_waves(next).filter(|_| !self.processor().sgpr_init_bug).map(|m| sgprs.saturating_sub(m))
        };
        if limits.workgroup < next {
            n.also_blocked_by.push(Limiter::Workgroup);
            n.lds_bytes_to_gain = None;
        } else {
            n.lds_bytes_to_gain = if limits.lds >= next {
                Some(0)
            } else {
                self.max_lds_for_waves(next, u.workgroup).map(|m| u.lds.saturating_sub(m))
            };
        }
        if n.sgprs_to_gain.is_none() {
            n.also_blocked_by.push(Limiter::Sgpr);
        }
        if let (Some(v), Some(s), Some(l)) = (n.vgprs_to_gain, n.sgprs_to_gain, n.lds_bytes_to_gain) {
            // Only the limits a give-up moves are computed again.
            let lds = if l == 0 { limits.lds } else { self.workgroup_occupancy(u.lds - l, u.workgroup).1 };
            let sgpr = if s == 0 { limits.sgpr } else { self.sgpr_waves((sgprs - s).max(1)) };
            let vgpr = if v == 0 { limits.vgpr } else { self.vgpr_waves((total - v).max(1)) };
            n.reaches = Some(lds.min(sgpr).min(vgpr));
        }
        n
    }
}

impl Limits {
    /// The first binding limiter at `waves` (as [`Occupancy::limiter`] picks it), without allocating:
    /// `max_waves` at the target's maximum, else VGPR, SGPR, LDS, workgroup in that order.
    /// Waves per SIMD these limits allow: the VGPR, SGPR and LDS terms' minimum (the workgroup term is the
    /// LDS term's floor, with no LDS).
    pub fn waves(&self) -> u32 {
        waves_from(self.vgpr, self.sgpr, self.lds)
    }

    /// The binding limiter at `waves` (of at most `max`).
    pub fn limiter(&self, waves: u32, max: u32) -> Limiter {
        binding_iter(self, waves, max).next().unwrap_or(Limiter::MaxWaves)
    }

    /// Every limiter at `waves`, in the documented order (`max_waves`, `vgpr`, `sgpr`, `lds`,
    /// `workgroup`); the first is [`Limits::limiter`].
    pub fn binding(&self, waves: u32, max: u32) -> Vec<Limiter> {
        binding(self, waves, max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{subtarget, Options};

    /// gfx1250 addresses 1024 VGPRs; llc ignores inline-asm clobbers from v256 on, so these three points
    /// (measured with llc 22.1.8 when the table was made) are not in `tests/lit/model-llc-points.test`.
    #[test]
    fn gfx1250_beyond_256_vgprs() {
        let st = subtarget("gfx1250", Options::default()).unwrap();
        for (arch, llc) in [(304, 3), (404, 2), (604, 1)] {
            let u = Usage {
                vgprs: Vgprs::Split { arch, agpr: 0 },
                sgprs: Some(6),
                lds: 0,
                workgroup: WorkgroupSize::fixed(32),
            };
            assert_eq!(st.occupancy(&u).unwrap().waves_per_simd, llc, "{arch} VGPRs");
        }
    }

    fn report(target: &str, vgprs: Vgprs, sgprs: u32, lds: u32, wg: u32) -> Occupancy {
        let st = subtarget(target, Options::default()).unwrap();
        st.occupancy(&Usage { vgprs, sgprs: Some(sgprs), lds, workgroup: WorkgroupSize::fixed(wg) }).unwrap()
    }

    /// The guide's worked examples (issue 2, item 7).
    #[test]
    fn guide_examples() {
        let a = report("gfx942", Vgprs::Split { arch: 128, agpr: 0 }, 50, 32768, 256);
        assert_eq!((a.waves_per_simd, a.limiter), (2, Limiter::Lds));
        let b = report("gfx950", Vgprs::Split { arch: 128, agpr: 0 }, 50, 32768, 256);
        assert_eq!((b.waves_per_simd, b.limiter), (4, Limiter::Vgpr));
        for (v, w) in [(100, 4), (96, 5)] {
            assert_eq!(report("gfx950", Vgprs::Split { arch: v, agpr: 0 }, 50, 0, 256).waves_per_simd, w, "{v} VGPRs");
        }
        let c = report("gfx950", Vgprs::Split { arch: 252, agpr: 246 }, 50, 0, 256);
        assert_eq!((c.vgpr_count, c.waves_per_simd), (498, 1));
        assert_eq!(report("gfx950", Vgprs::Total(498), 50, 0, 256).waves_per_simd, 1);
        assert_eq!(report("gfx950", Vgprs::Total(202), 50, 0, 256).waves_per_simd, 2);
        assert_eq!(report("gfx950", Vgprs::Total(294), 50, 0, 256).waves_per_simd, 1);
    }

    /// The hardware view counts whole workgroups (issue 48, point 6). gfx942 (4 SIMDs a CU, 512 VGPRs a
    /// lane per SIMD, granule 8): 90 VGPRs allocate 96, so a SIMD holds 5 waves (LLVM's count); a 1024-thread
    /// workgroup is 16 waves, 4 a SIMD, and a second would need 8: one workgroup, 4 waves/SIMD resident.
    /// 200 VGPRs (2 waves a SIMD) hold no 16-wave workgroup at all: 0. Every door reads the same figure as a
    /// dispatch does ([`Subtarget::resident`]).
    #[test]
    fn the_hardware_view_counts_whole_workgroups() {
        let st = subtarget("gfx942", Options::default()).unwrap();
        for (vgprs, lds, wg, llvm, resident, wgs, limiter) in [
            (90, 20000, 1024, 5, 4, 1, Limiter::Vgpr),
            (200, 0, 1024, 2, 0, 0, Limiter::Vgpr),
            (90, 20000, 256, 3, 3, 3, Limiter::Lds),
            (32, 40000, 256, 1, 1, 1, Limiter::Lds),
            (32, 0, 64, 8, 8, 32, Limiter::MaxWaves),
        ] {
            let u = Usage { vgprs: Vgprs::Total(vgprs), sgprs: Some(20), lds, workgroup: WorkgroupSize::fixed(wg) };
            let o = st.occupancy(&u).unwrap();
            let h = o.hardware;
            assert_eq!(
                (o.waves_per_simd, h.waves_per_simd, h.workgroups_per_cu, h.limiter),
                (llvm, resident, wgs, limiter),
                "{vgprs} VGPRs, {lds} B, {wg} threads"
            );
            let r = st.resident(vgprs, 20, lds, wg).unwrap();
            assert_eq!((r.resident_waves_per_simd, r.workgroups_per_cu), (h.waves_per_simd, h.workgroups_per_cu));
        }
    }

    #[test]
    fn limiters_and_next_step() {
        // 100 VGPRs on gfx942: 104 allocated, 4 waves; 96 gives 5 (give up 4), 128 still gives 4 (add 28).
        let o = report("gfx942", Vgprs::Split { arch: 100, agpr: 0 }, 20, 0, 256);
        assert_eq!(o.allocated.vgprs, 104);
        assert_eq!(o.limiter, Limiter::Vgpr);
        assert_eq!(o.next_step.vgprs_to_gain, Some(4));
        assert_eq!(o.next_step.vgpr_headroom, 28);
        // L7: LLVM ignores the LDS granule (3 waves), the hardware does not (2).
        let o = report("gfx942", Vgprs::Split { arch: 1, agpr: 0 }, 6, 21845, 256);
        assert_eq!((o.waves_per_simd, o.hardware.waves_per_simd, o.allocated.lds_bytes), (3, 2, 22016));
        assert_eq!(o.limiter, Limiter::Lds);
        // 32 KiB: 2 waves; 21845 bytes (64K/3) gives 3: give up 32768 - 21845.
        let o = report("gfx942", Vgprs::Split { arch: 1, agpr: 0 }, 6, 32768, 256);
        assert_eq!(o.next_step.lds_bytes_to_gain, Some(32768 - 21845));
        assert_eq!(o.next_step.lds_headroom, 0);
        // WG 768 on gfx942 caps at 6 waves: no register change helps.
        let o = report("gfx942", Vgprs::Split { arch: 1, agpr: 0 }, 6, 0, 768);
        assert_eq!(o.limiter, Limiter::Workgroup);
        assert_eq!(o.next_step.also_blocked_by, vec![Limiter::Workgroup]);
        // Nothing binds.
        let o = report("gfx942", Vgprs::Split { arch: 8, agpr: 0 }, 6, 0, 256);
        assert_eq!(o.limiter, Limiter::MaxWaves);
        assert_eq!(o.occupancy, 1.0);
        // SGPR-bound on gfx900 (S1) and the SGPR init bug on gfx802.
        let o = report("gfx900", Vgprs::Split { arch: 1, agpr: 0 }, 81, 0, 64);
        assert_eq!((o.limiter, o.next_step.sgprs_to_gain), (Limiter::Sgpr, Some(1)));
        let o = report("gfx802", Vgprs::Split { arch: 1, agpr: 0 }, 10, 0, 64);
        assert_eq!((o.waves_per_simd, o.sgpr_count, o.limiter), (8, 96, Limiter::Sgpr));
    }

    #[test]
    fn bad_input() {
        let st = subtarget("gfx942", Options::default()).unwrap();
        let u = |arch, agpr, sgprs, lds, wg: WorkgroupSize| Usage {
            vgprs: Vgprs::Split { arch, agpr },
            sgprs,
            lds,
            workgroup: wg,
        };
        let f = WorkgroupSize::fixed(256);
        for (usage, frag) in [
            (u(257, 0, None, 0, f), "257 architectural VGPRs is more than gfx942 can address (256"),
            (u(256, 257, None, 0, f), "257 AGPRs"),
            (u(256, 256, Some(200), 0, f), "200 SGPRs"),
            (
                u(1, 0, None, 65537, f),
                "65537 bytes of LDS is more than a workgroup can allocate on gfx942 (65536 bytes)",
            ),
            (u(1, 0, None, 0, WorkgroupSize::fixed(1025)), "1025 is over the maximum flat workgroup size 1024"),
            (u(1, 0, None, 0, WorkgroupSize { min: 300, max: 200 }), "minimum above its maximum"),
            (u(1, 0, None, 0, WorkgroupSize::fixed(0)), "at least 1"),
        ] {
            let e = st.occupancy(&usage).unwrap_err().to_string();
            assert!(e.contains(frag), "'{e}' lacks '{frag}'");
        }
        let e =
            subtarget("gfx1100", Options::default()).unwrap().occupancy(&u(1, 4, None, 0, f)).unwrap_err().to_string();
        assert!(e.contains("only gfx908, gfx90a, gfx942 and gfx950 have AGPRs"), "{e}");
        let e = subtarget("gfx942", Options { wave_size: Some(32), ..Options::default() }).unwrap_err().to_string();
        assert_eq!(e, "gfx942 has no wave32 mode (wave sizes: wave64)");
        let e = subtarget("gfx1250", Options { wave_size: Some(64), ..Options::default() }).unwrap_err().to_string();
        assert!(e.contains("no wave64 mode"), "{e}");
        assert!(subtarget("gfx90a", Options { cu_mode: true, ..Options::default() }).is_err());
        assert!(subtarget("gfx1100", Options { dvgpr_block: 16, ..Options::default() }).is_err());
        assert!(subtarget("gfx1200", Options { dvgpr_block: 24, ..Options::default() }).is_err());
    }
}
