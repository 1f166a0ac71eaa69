//! What the report draws, computed from the model and nothing else: occupancy as a step function of one
//! resource with the others held at the kernel's values, under LLVM's rule and the hardware's (LDS rounded
//! to its granule, the launch size fixed at the range's maximum), the kernel's point and its next step.
//!
//! Every number here comes from [`Subtarget::occupancy`] at the value it is drawn at: a step is the run of
//! values over which both rules give the same waves, found by bisection where occupancy cannot rise with
//! the resource (VGPRs, LDS bytes) and by evaluating every value where it can (launch size).

use serde::Serialize;
use wavebudget_model::{Occupancy, Subtarget, Usage, Vgprs, WorkgroupSize};

/// One run of the x axis over which both rules give the same waves/SIMD.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub(crate) struct Step {
    /// First and last x of the run (inclusive).
    pub from: u32,
    pub to: u32,
    /// Waves/SIMD by LLVM's rule.
    pub llvm: u32,
    /// Waves/SIMD by the hardware's rule.
    pub hardware: u32,
}

/// A point on a chart, with what it says.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Mark {
    pub x: u32,
    pub waves: u32,
    pub label: String,
}

/// Which resource a curve varies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Axis {
    Vgprs,
    LdsBytes,
    WorkgroupSize,
    /// NVIDIA: registers per thread.
    Regs,
    /// NVIDIA: shared memory bytes per block.
    SharedMem,
    /// NVIDIA: threads per block.
    BlockSize,
}

impl Axis {
    /// The axis title, with its unit.
    pub fn label(self) -> &'static str {
        match self {
            Axis::Vgprs => "VGPRs per lane (arch + AGPR, allocated)",
            Axis::LdsBytes => "LDS bytes per workgroup",
            Axis::WorkgroupSize => "workgroup size (threads)",
            Axis::Regs => "registers per thread",
            Axis::SharedMem => "shared memory bytes per block (static + dynamic, opt-in limit raised)",
            Axis::BlockSize => "threads per block",
        }
    }

    /// The y axis: AMD's waves per SIMD, NVIDIA's warps per SM.
    pub fn y_label(self) -> &'static str {
        match self {
            Axis::Vgprs | Axis::LdsBytes | Axis::WorkgroupSize => "waves per SIMD",
            Axis::Regs | Axis::SharedMem | Axis::BlockSize => "warps per SM",
        }
    }

    /// The chart's title.
    pub fn title(self) -> &'static str {
        match self {
            Axis::Vgprs => "Occupancy vs VGPRs",
            Axis::LdsBytes => "Occupancy vs LDS bytes per workgroup",
            Axis::WorkgroupSize => "Occupancy vs workgroup size",
            Axis::Regs => "Warps per SM vs registers per thread",
            Axis::SharedMem => "Warps per SM vs shared memory per block",
            Axis::BlockSize => "Warps per SM vs threads per block",
        }
    }
}

/// Occupancy as a function of one resource.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Curve {
    pub axis: Axis,
    pub x_max: u32,
    pub steps: Vec<Step>,
    /// The kernel.
    pub point: Mark,
    /// Where giving up this resource takes the kernel (absent when this resource is not what binds, or
    /// there is no next wave).
    pub next: Option<Mark>,
    /// Whether the two rules differ anywhere on this axis.
    pub rules_differ: bool,
}

/// Both rules' waves/SIMD for a usage; `None` where the model refuses it.
fn waves(st: &Subtarget, u: &Usage) -> Option<(u32, u32)> {
    st.occupancy(u).ok().map(|o| (o.waves_per_simd, o.hardware.waves_per_simd))
}

/// The usage the model evaluated for a kernel: the registers it allocates, its LDS and launch size.
pub(crate) fn usage_of(o: &Occupancy) -> Usage {
    Usage { vgprs: Vgprs::Total(o.vgpr_count), sgprs: Some(o.sgpr_count), lds: o.lds_bytes, workgroup: o.workgroup }
}

/// Runs of `f` over `lo..=hi` where `f` cannot rise with x: each run found by bisection.
fn monotone_steps(lo: u32, hi: u32, f: &dyn Fn(u32) -> Option<(u32, u32)>) -> Vec<Step> {
    let mut out = Vec::new();
    let mut x = lo;
    while x <= hi {
        let v = f(x);
        let (mut a, mut b) = (x, hi);
        while a < b {
            let m = a + (b - a).div_ceil(2);
            if f(m) == v {
                a = m;
            } else {
                b = m - 1;
            }
        }
        if let Some((llvm, hardware)) = v {
            out.push(Step { from: x, to: a, llvm, hardware });
        }
        if a == hi {
            break;
        }
        x = a + 1;
    }
    out
}

/// Runs of `f` over `lo..=hi`, evaluated at every x.
fn scanned_steps(lo: u32, hi: u32, f: &dyn Fn(u32) -> Option<(u32, u32)>) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    for x in lo..=hi {
        let Some((llvm, hardware)) = f(x) else { continue };
        match out.last_mut() {
            Some(s) if s.to + 1 == x && s.llvm == llvm && s.hardware == hardware => s.to = x,
            _ => out.push(Step { from: x, to: x, llvm, hardware }),
        }
    }
    out
}

fn at(steps: &[Step], x: u32) -> Option<&Step> {
    steps.iter().find(|s| s.from <= x && x <= s.to)
}

/// The next-step mark for giving up `give` of a resource at `x`: where that lands on the LLVM curve.
fn next_mark(steps: &[Step], x: u32, give: Option<u32>, waves: u32, unit: &str) -> Option<Mark> {
    let give = give.filter(|&g| g > 0 && g <= x)?;
    let to = x - give;
    let s = at(steps, to)?;
    let label = if s.llvm > waves {
        format!("give up {give} {unit}: {} waves", s.llvm)
    } else {
        format!("give up {give} {unit}: still {} (another limiter binds)", s.llvm)
    };
    Some(Mark { x: to, waves: s.llvm, label })
}

/// The three curves of a kernel: VGPRs, LDS bytes and launch size. `max_launch`: the largest launch size
/// the kernel takes (its `.max_flat_workgroup_size`; 1024 for a configuration).
pub(crate) fn curves(st: &Subtarget, o: &Occupancy, max_launch: u32) -> Vec<Curve> {
    let u = usage_of(o);
    let rules_differ = |s: &[Step]| s.iter().any(|s| s.llvm != s.hardware);

    // VGPRs and LDS bytes: occupancy cannot rise with either, so runs are found by bisection.
    let monotone = |axis: Axis,
                    lo: u32,
                    hi: u32,
                    at_x: u32,
                    give: Option<u32>,
                    unit: &str,
                    f: &dyn Fn(u32) -> Option<(u32, u32)>| {
        let steps = monotone_steps(lo, hi, f);
        Curve {
            axis,
            x_max: hi,
            point: Mark {
                x: at_x,
                waves: o.waves_per_simd,
                label: format!("{at_x} {unit}: {} waves", o.waves_per_simd),
            },
            next: next_mark(&steps, at_x, give, o.waves_per_simd, unit),
            rules_differ: rules_differ(&steps),
            steps,
        }
    };
    let vmax = st.max_total_vgprs().max(o.vgpr_count);
    let vgpr = monotone(Axis::Vgprs, 1, vmax, o.vgpr_count, o.next_step.vgprs_to_gain, "VGPRs", &|x| {
        waves(st, &Usage { vgprs: Vgprs::Total(x), ..u })
    });
    let lmax = st.lds_per_workgroup().max(o.lds_bytes);
    let lds = monotone(Axis::LdsBytes, 0, lmax, o.lds_bytes, o.next_step.lds_bytes_to_gain, "bytes", &|x| {
        waves(st, &Usage { lds: x, ..u })
    });

    // Launch sizes: each one fixed, so LLVM's rule is evaluated at that size (the kernel's own point is
    // its largest launch, which the hardware column of every report uses).
    let wmax = max_launch.clamp(1, wavebudget_model::targets::MAX_FLAT_WORKGROUP_SIZE);
    let f = |x: u32| waves(st, &Usage { workgroup: WorkgroupSize::fixed(x), ..u });
    let steps = scanned_steps(1, wmax, &f);
    let launch = o.workgroup.max.min(wmax);
    // A fixed launch is the kernel's point; for a range, the chart's point is its largest launch, and the
    // label says that LLVM's figure is the best case over the range (a different number where it is).
    let range = o.workgroup.min != o.workgroup.max;
    let point = at(&steps, launch).map_or(
        Mark { x: launch, waves: o.waves_per_simd, label: format!("launch {launch}") },
        |s| {
            let label = if range && s.llvm != o.waves_per_simd {
                format!(
                    "launch {launch}: {} waves (LLVM's {} is its best case over {}..{})",
                    s.llvm, o.waves_per_simd, o.workgroup.min, o.workgroup.max
                )
            } else {
                format!("launch {launch}: {} waves", s.llvm)
            };
            Mark { x: launch, waves: s.llvm, label }
        },
    );
    let wg =
        Curve { axis: Axis::WorkgroupSize, x_max: wmax, point, next: None, rules_differ: rules_differ(&steps), steps };
    vec![vgpr, lds, wg]
}

/// Each limiter in waves/SIMD by both rules (the hardware's LDS and launch terms differ).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct LimiterBar {
    pub name: &'static str,
    /// What the kernel uses of it.
    pub uses: String,
    pub llvm: u32,
    pub hardware: u32,
    pub binding: bool,
}

/// `vgpr_count`/`sgpr_count`: what the kernel's metadata (or the command line) says, where it differs
/// from what the model counted (a padded descriptor; SGPRs not given).
pub(crate) fn limiter_bars(o: &Occupancy, vgpr_count: Option<u32>, sgpr_count: Option<u32>) -> Vec<LimiterBar> {
    use wavebudget_model::Limiter;
    let hw = &o.hardware.limits;
    let launch = if o.workgroup.min == o.workgroup.max {
        format!("{} threads", o.workgroup.max)
    } else {
        format!("{} to {} threads", o.workgroup.min, o.workgroup.max)
    };
    vec![
        LimiterBar {
            name: "VGPRs",
            uses: match vgpr_count {
                Some(v) if v != o.vgpr_count => {
                    format!("{} allocated by the descriptor (.vgpr_count {v})", o.vgpr_count)
                }
                _ => format!("{} (allocated {})", o.vgpr_count, o.allocated.vgprs),
            },
            llvm: o.limits.vgpr,
            hardware: hw.vgpr,
            binding: o.binding.contains(&Limiter::Vgpr),
        },
        LimiterBar {
            name: "SGPRs",
            uses: match sgpr_count {
                None => "not given".into(),
                Some(_) => format!("{} (allocated {})", o.sgpr_count, o.allocated.sgprs),
            },
            llvm: o.limits.sgpr,
            hardware: hw.sgpr,
            binding: o.binding.contains(&Limiter::Sgpr),
        },
        LimiterBar {
            name: "LDS",
            uses: format!("{} bytes (allocated {})", o.lds_bytes, o.allocated.lds_bytes),
            llvm: o.limits.lds,
            hardware: hw.lds,
            binding: o.binding.contains(&Limiter::Lds),
        },
        LimiterBar {
            name: "Workgroup slots",
            uses: launch,
            llvm: o.limits.workgroup,
            hardware: hw.workgroup,
            binding: o.binding.contains(&Limiter::Workgroup),
        },
    ]
}

/// Whether giving up at most one allocation granule of one resource gives the kernel another wave.
pub(crate) fn one_granule_away(st: &Subtarget, o: &Occupancy) -> Option<String> {
    let n = &o.next_step;
    let next = n.next_waves?;
    let l = &o.limits;
    let fits = |give: Option<u32>, granule: u32, others_allow: bool| {
        give.filter(|&g| g > 0 && g <= granule && others_allow).map(|g| (g, granule))
    };
    if let Some((g, gr)) = fits(n.vgprs_to_gain, st.vgpr().granule, l.sgpr >= next && l.lds >= next) {
        return Some(format!("{g} VGPRs (granule {gr})"));
    }
    if let Some((g, gr)) = fits(n.lds_bytes_to_gain, st.lds_granule(), l.sgpr >= next && l.vgpr >= next) {
        return Some(format!("{g} LDS bytes (granule {gr})"));
    }
    // SGPRs limit occupancy on GFX8/9 only, allocated there in blocks of 16 (`sgprs_allocated`).
    if st.processor().sgprs_limit_occupancy() {
        let granule = wavebudget_model::targets::GFX8_9_SGPR_GRANULE;
        if let Some((g, gr)) = fits(n.sgprs_to_gain, granule, l.vgpr >= next && l.lds >= next) {
            return Some(format!("{g} SGPRs (granule {gr})"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use wavebudget_model::{subtarget, Options};

    /// Bisection finds the same runs as evaluating every value, on targets whose LDS and VGPR rules differ.
    #[test]
    fn bisection_equals_scanning() {
        for (t, ws, wg) in
            [("gfx942", None, 256), ("gfx1100", Some(64), 256), ("gfx950", None, 1024), ("gfx803", None, 64)]
        {
            let st = subtarget(t, Options { wave_size: ws, ..Options::default() }).unwrap();
            let u = Usage {
                vgprs: Vgprs::Total(70),
                sgprs: Some(40),
                lds: 5000,
                workgroup: WorkgroupSize { min: 1, max: wg },
            };
            let fv = |x: u32| waves(&st, &Usage { vgprs: Vgprs::Total(x), ..u });
            assert_eq!(
                monotone_steps(1, st.max_total_vgprs(), &fv),
                scanned_steps(1, st.max_total_vgprs(), &fv),
                "{t}"
            );
            let fl = |x: u32| waves(&st, &Usage { lds: x, ..u });
            let hi = st.lds_per_workgroup();
            assert_eq!(monotone_steps(0, hi, &fl), scanned_steps(0, hi, &fl), "{t}");
        }
    }
}
