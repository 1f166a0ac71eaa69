//! The launch size to use: what CUDA's `cudaOccupancyMaxPotentialBlockSize` answers for NVIDIA, for a
//! compiled AMD kernel: every workgroup size that is a multiple of the wave size within the kernel's flat
//! range, evaluated at that fixed size (LDS may depend on it), and the one whose waves the hardware keeps
//! resident per SIMD are most, ties to the larger; with the grid that fills the device once.

use crate::error::{LaunchRefusal, ModelError};
use crate::occupancy::Limiter;
use crate::subtarget::{Subtarget, WorkgroupSize};
use serde::Serialize;

/// One workgroup size and what a launch of it gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WgChoice {
    /// Work-items per workgroup (a multiple of the wave size).
    pub wg_size: u32,
    /// LDS bytes per workgroup at this size.
    pub lds: u32,
    /// LLVM's waves/SIMD at this fixed launch size.
    pub waves_per_simd: u32,
    /// The binding limiter of `waves_per_simd`.
    pub limiter: Limiter,
    /// Workgroups resident at once per CU (per WGP on GFX10+ in WGP mode), LDS rounded to its granule.
    pub workgroups_per_cu: u32,
    /// Waves the hardware keeps resident per SIMD with those workgroups: what the choice maximises.
    pub resident_waves_per_simd: u32,
}

/// The answer: the chosen size and every size considered, smallest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    pub best: WgChoice,
    pub candidates: Vec<WgChoice>,
}

impl Subtarget {
    /// The workgroup size with the most waves resident per SIMD (then the most waves by LLVM's count),
    /// ties to the largest, among the multiples of the wave size in `range` (a kernel's
    /// `"amdgpu-flat-work-group-size"`), for a kernel of `vgprs` total VGPRs (`.vgpr_count`) and `sgprs`
    /// SGPRs whose LDS per workgroup is `lds(wg_size)` (static LDS plus what the launch gives). Sizes whose
    /// LDS a workgroup cannot allocate are skipped; none left is an error that says why.
    pub fn suggest_wg_size(
        &self,
        vgprs: u32,
        sgprs: u32,
        lds: &mut dyn FnMut(u32) -> u64,
        range: WorkgroupSize,
    ) -> Result<Suggestion, ModelError> {
        let range = range.validate()?;
        let wave = self.wave_size();
        let first = range.min.div_ceil(wave).max(1) * wave;
        let mut candidates = Vec::new();
        let mut last_error = None;
        let mut wg = first;
        while wg <= range.max {
            let asked = lds(wg);
            let fits = u32::try_from(asked).ok().filter(|&b| b <= self.lds_per_workgroup());
            let Some(bytes) = fits else {
                last_error = Some(ModelError::LdsTooLarge {
                    target: self.processor().name,
                    bytes: asked,
                    max: self.lds_per_workgroup(),
                });
                wg += wave;
                continue;
            };
            match self.resident(vgprs, sgprs, bytes, wg) {
                Some(r) => candidates.push(WgChoice {
                    wg_size: wg,
                    lds: bytes,
                    waves_per_simd: r.waves_per_simd,
                    limiter: r.limits.limiter(r.waves_per_simd, self.max_waves()),
                    workgroups_per_cu: r.workgroups_per_cu,
                    resident_waves_per_simd: r.resident_waves_per_simd,
                }),
                // The same validation `occupancy` gives its reason with.
                None => {
                    let u = crate::Usage {
                        vgprs: crate::Vgprs::Total(vgprs),
                        sgprs: Some(sgprs),
                        lds: bytes,
                        workgroup: WorkgroupSize::fixed(wg),
                    };
                    return Err(self.validate(&u).err().unwrap_or(ModelError::Launch(LaunchRefusal::NoFit {
                        wg_size: wg,
                        target: self.processor().name,
                    })));
                }
            }
            wg += wave;
        }
        let best = candidates
            .iter()
            .copied()
            .max_by_key(|c| (c.resident_waves_per_simd, c.waves_per_simd, c.wg_size))
            .ok_or_else(|| {
                last_error.unwrap_or(ModelError::Launch(LaunchRefusal::NoWaveMultiple {
                    wave,
                    min: range.min,
                    max: range.max,
                }))
            })?;
        Ok(Suggestion { best, candidates })
    }
}

#[cfg(test)]
mod tests {
    use crate::{subtarget, Options, WorkgroupSize};

    /// Each candidate equals `resident` at its size, and the best is the maximum by the stated order.
    #[test]
    fn the_best_is_the_maximum_of_every_candidate() {
        for target in ["gfx90a", "gfx942", "gfx1100", "gfx1201", "gfx906"] {
            let st = subtarget(target, Options::default()).unwrap();
            for (vgprs, sgprs, lds_per_item) in [(32, 20, 0), (96, 40, 16), (200, 90, 64), (256, 102, 0)] {
                let lds = |wg: u32| 1024 + lds_per_item * wg;
                let s = st.suggest_wg_size(vgprs, sgprs, &mut |wg| u64::from(lds(wg)), WorkgroupSize::DEFAULT).unwrap();
                let mut wg = st.wave_size();
                let mut expect = None;
                for c in &s.candidates {
                    assert_eq!(c.wg_size, wg);
                    let r = st.resident(vgprs, sgprs, lds(wg), wg).unwrap();
                    assert_eq!(
                        (c.waves_per_simd, c.resident_waves_per_simd),
                        (r.waves_per_simd, r.resident_waves_per_simd)
                    );
                    let key = (c.resident_waves_per_simd, c.waves_per_simd, c.wg_size);
                    if expect.is_none_or(|e| key >= e) {
                        expect = Some(key);
                    }
                    wg += st.wave_size();
                }
                assert_eq!(Some((s.best.resident_waves_per_simd, s.best.waves_per_simd, s.best.wg_size)), expect);
            }
        }
    }

    #[test]
    fn the_range_and_lds_bound_the_choice() {
        let st = subtarget("gfx942", Options::default()).unwrap();
        let s = st.suggest_wg_size(64, 30, &mut |_| 0, WorkgroupSize { min: 100, max: 300 }).unwrap();
        assert_eq!(s.candidates.iter().map(|c| c.wg_size).collect::<Vec<_>>(), vec![128, 192, 256]);
        // 256 bytes per work-item: 1024 work-items would need 256 KiB; only sizes up to 256 fit 64 KiB.
        let s = st.suggest_wg_size(64, 30, &mut |wg| u64::from(256 * wg), WorkgroupSize::DEFAULT).unwrap();
        assert!(s.candidates.iter().all(|c| c.lds <= 65536) && s.candidates.len() == 4);
        let e = st.suggest_wg_size(64, 30, &mut |_| 1 << 20, WorkgroupSize::DEFAULT).unwrap_err();
        assert!(e.to_string().contains("LDS"), "{e}");
        let e = st.suggest_wg_size(64, 30, &mut |_| 0, WorkgroupSize { min: 1, max: 32 }).unwrap_err();
        assert!(e.to_string().contains("no multiple of the wave size (64)"), "{e}");
    }
}
