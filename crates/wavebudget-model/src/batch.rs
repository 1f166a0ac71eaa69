//! Batch evaluation over a grid of (VGPRs x LDS x launch size) for autotuners.
//!
//! The limiters are separable: VGPR waves depend only on the VGPR count, the workgroup/LDS limit only on
//! (LDS, launch size), and SGPRs are fixed per grid. So the grid costs one VGPR row, one (LDS x size)
//! plane and a `min` per cell, instead of the whole model per cell.

use crate::error::ModelError;
use crate::occupancy::{Limits, Usage, Vgprs};
use crate::subtarget::{Subtarget, WorkgroupSize};

/// A grid request: every combination of the three axes, all at fixed-size launches.
#[derive(Debug, Clone, Copy)]
pub struct Grid<'a> {
    /// Total vector register counts (`.vgpr_count`).
    pub vgprs: &'a [u32],
    /// Static LDS sizes in bytes.
    pub lds: &'a [u32],
    /// Launch sizes (each a fixed workgroup size).
    pub workgroup_sizes: &'a [u32],
    /// `.sgpr_count` for every cell (`None` = not limiting).
    pub sgprs: Option<u32>,
}

impl Grid<'_> {
    /// Number of cells.
    pub fn len(&self) -> usize {
        self.vgprs.len() * self.lds.len() * self.workgroup_sizes.len()
    }

    /// True when an axis is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Index of a cell in the output: launch size outermost, VGPRs innermost.
    pub fn index(&self, wg_i: usize, lds_i: usize, vgpr_i: usize) -> usize {
        (wg_i * self.lds.len() + lds_i) * self.vgprs.len() + vgpr_i
    }
}

impl Subtarget {
    /// Fill `out` (length `grid.len()`, layout [`Grid::index`]) with waves/SIMD as LLVM 22 reports them.
    /// `scratch` is reused between calls to avoid allocation.
    pub fn evaluate_grid(&self, grid: &Grid<'_>, out: &mut [u8], scratch: &mut Vec<u8>) -> Result<(), ModelError> {
        if out.len() != grid.len() {
            return Err(ModelError::Generic(format!("output holds {} cells, grid has {}", out.len(), grid.len())));
        }
        // Validate each axis value once.
        for &v in grid.vgprs {
            self.validate(&Usage {
                vgprs: Vgprs::Total(v),
                sgprs: grid.sgprs,
                lds: 0,
                workgroup: WorkgroupSize::fixed(1),
            })?;
        }
        for &l in grid.lds {
            self.validate(&Usage { vgprs: Vgprs::Total(0), sgprs: None, lds: l, workgroup: WorkgroupSize::fixed(1) })?;
        }
        for &w in grid.workgroup_sizes {
            WorkgroupSize::fixed(w).validate()?;
        }
        let sgpr = self.sgpr_waves(self.effective_sgprs(grid.sgprs.unwrap_or(0)).max(1));
        scratch.clear();
        scratch.extend(grid.vgprs.iter().map(|&v| self.vgpr_waves(v.max(1)).min(sgpr) as u8));
        let row = &scratch[..];
        let n = grid.vgprs.len();
        if n == 0 {
            return Ok(());
        }
        let mut chunks = out.chunks_exact_mut(n);
        for &w in grid.workgroup_sizes {
            for &l in grid.lds {
                let cap = self.workgroup_occupancy(l, WorkgroupSize::fixed(w)).1 as u8;
                let Some(dst) = chunks.next() else { return Ok(()) };
                for (d, &r) in dst.iter_mut().zip(row) {
                    *d = r.min(cap);
                }
            }
        }
        Ok(())
    }
}

/// One input column of [`Subtarget::evaluate_columns`]: `len` values, or one value for every cell (numpy's
/// broadcasting of a scalar). Element `i` is `data[i & mask]`: no branch per cell.
#[derive(Debug, Clone, Copy)]
pub struct Column<'a> {
    data: &'a [u32],
    mask: usize,
}

impl<'a> Column<'a> {
    /// The same value in every cell.
    pub fn scalar(value: &'a u32) -> Self {
        Column { data: std::slice::from_ref(value), mask: 0 }
    }

    /// One value per cell (its length must be the columns' length).
    pub fn values(data: &'a [u32]) -> Self {
        Column { data, mask: usize::MAX }
    }

    #[inline(always)]
    fn at(&self, i: usize) -> u32 {
        self.data[i & self.mask]
    }

    /// Cells `base..base + len` (a scalar column stays itself).
    fn range(&self, base: usize, len: usize) -> Self {
        if self.mask == 0 {
            *self
        } else {
            Column { data: &self.data[base..base + len], mask: usize::MAX }
        }
    }

    /// Cells `base..base + out.len()` into `out`.
    #[inline]
    fn copy_to(&self, base: usize, out: &mut [u32]) {
        if self.mask == 0 {
            out.fill(self.data[0]);
        } else {
            out.copy_from_slice(&self.data[base..base + out.len()]);
        }
    }

    fn fits(&self, len: usize) -> bool {
        self.mask == 0 && self.data.len() == 1 || self.data.len() == len
    }
}

/// Vector registers per cell: as LLVM's remarks give them (architectural VGPRs and AGPRs), or the code
/// object's unified `.vgpr_count`.
#[derive(Debug, Clone, Copy)]
pub enum VgprColumns<'a> {
    /// Architectural VGPRs and AGPRs.
    Split { arch: Column<'a>, agpr: Column<'a> },
    /// `.vgpr_count`.
    Total(Column<'a>),
}

/// The inputs of a columnar evaluation: one value per cell in each column, or one for all.
#[derive(Debug, Clone, Copy)]
pub struct Columns<'a> {
    /// Number of cells.
    pub len: usize,
    /// Vector registers.
    pub vgprs: VgprColumns<'a>,
    /// `.sgpr_count`.
    pub sgprs: Column<'a>,
    /// Static LDS bytes per workgroup.
    pub lds: Column<'a>,
    /// The launch size range's smallest size.
    pub wg_min: Column<'a>,
    /// The launch size range's largest size (equal to `wg_min` for a fixed launch).
    pub wg_max: Column<'a>,
}

/// The outputs of a columnar evaluation, each `len` long: waves per SIMD, the limiter's code
/// ([`Limiter::code`](crate::Limiter::code)) and each limiter's waves ([`Limits`](crate::Limits)).
#[derive(Debug)]
pub struct CellsOut<'a> {
    /// Waves per SIMD, as [`Checked::waves_per_simd`](crate::Checked::waves_per_simd).
    pub waves_per_simd: &'a mut [u8],
    /// [`Limiter::code`](crate::Limiter::code) of the binding limiter.
    pub limiter: &'a mut [u8],
    /// `Limits::vgpr`.
    pub vgpr: &'a mut [u8],
    /// `Limits::sgpr`.
    pub sgpr: &'a mut [u8],
    /// `Limits::lds`.
    pub lds: &'a mut [u8],
    /// `Limits::workgroup`.
    pub workgroup: &'a mut [u8],
}

/// A cell a columnar evaluation refused: its index and the model's refusal of its usage.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cell {index}: {error}")]
pub struct CellError {
    /// The cell's index (C order of the broadcast shape).
    pub index: usize,
    /// Why.
    pub error: ModelError,
}

impl Columns<'_> {
    /// Cells `base..base + len` of every column.
    fn range(&self, base: usize, len: usize) -> Self {
        Columns {
            len,
            vgprs: match self.vgprs {
                VgprColumns::Split { arch, agpr } => {
                    VgprColumns::Split { arch: arch.range(base, len), agpr: agpr.range(base, len) }
                }
                VgprColumns::Total(t) => VgprColumns::Total(t.range(base, len)),
            },
            sgprs: self.sgprs.range(base, len),
            lds: self.lds.range(base, len),
            wg_min: self.wg_min.range(base, len),
            wg_max: self.wg_max.range(base, len),
        }
    }
}

impl CellsOut<'_> {
    /// Splits off the first `len` cells of every output.
    fn split_at(self, len: usize) -> (Self, Self) {
        let (w0, w1) = self.waves_per_simd.split_at_mut(len);
        let (l0, l1) = self.limiter.split_at_mut(len);
        let (v0, v1) = self.vgpr.split_at_mut(len);
        let (s0, s1) = self.sgpr.split_at_mut(len);
        let (d0, d1) = self.lds.split_at_mut(len);
        let (g0, g1) = self.workgroup.split_at_mut(len);
        (
            CellsOut { waves_per_simd: w0, limiter: l0, vgpr: v0, sgpr: s0, lds: d0, workgroup: g0 },
            CellsOut { waves_per_simd: w1, limiter: l1, vgpr: v1, sgpr: s1, lds: d1, workgroup: g1 },
        )
    }
}

/// Cells per thread below which [`Subtarget::evaluate_columns_on`] does not split the work.
pub const CELLS_PER_THREAD: usize = 1 << 16;

impl Subtarget {
    /// [`Subtarget::evaluate_columns`] on up to `threads` threads (scoped; at least [`CELLS_PER_THREAD`]
    /// cells each), for large batches. The answer and the refusal (the lowest refused cell) are the
    /// same as on one thread.
    pub fn evaluate_columns_on(&self, threads: usize, cols: &Columns<'_>, out: CellsOut<'_>) -> Result<(), CellError> {
        let n = cols.len;
        let threads = threads.clamp(1, n.div_ceil(CELLS_PER_THREAD).max(1));
        if threads == 1 {
            let mut out = out;
            return self.evaluate_columns(cols, &mut out);
        }
        if [&out.waves_per_simd, &out.limiter, &out.vgpr, &out.sgpr, &out.lds, &out.workgroup]
            .iter()
            .any(|o| o.len() != n)
        {
            let mut out = out;
            return self.evaluate_columns(cols, &mut out); // refuses the shapes, naming them
        }
        let per = n.div_ceil(threads);
        let results: Vec<Result<(), CellError>> = std::thread::scope(|scope| {
            let mut rest = out;
            let mut handles = Vec::with_capacity(threads);
            let mut base = 0;
            while base < n {
                let len = per.min(n - base);
                let (mut mine, tail) = rest.split_at(len);
                rest = tail;
                let part = cols.range(base, len);
                handles.push(scope.spawn(move || {
                    self.evaluate_columns(&part, &mut mine).map_err(|e| CellError { index: base + e.index, ..e })
                }));
                base += len;
            }
            handles.into_iter().map(|h| h.join().expect("a batch thread does not panic")).collect()
        });
        // The threads hold cells in order: the first refusal is the lowest cell refused.
        results.into_iter().find(Result::is_err).unwrap_or(Ok(()))
    }

    /// Every cell of `cols` evaluated as [`Subtarget::check`] then [`Checked::limits`](crate::Checked::limits)
    /// would, into `out`. The first cell the model refuses stops it (what was written is then partial: the
    /// caller discards it). The workgroup/LDS term, the costly one, is computed once per run of equal
    /// (LDS, launch size) cells.
    pub fn evaluate_columns(&self, cols: &Columns<'_>, out: &mut CellsOut<'_>) -> Result<(), CellError> {
        let n = cols.len;
        let shape_error = |what: &str| CellError {
            index: 0,
            error: ModelError::Generic(format!("columnar evaluation: {what} does not hold {n} cells")),
        };
        let inputs = [("sgprs", cols.sgprs), ("lds", cols.lds), ("wg_min", cols.wg_min), ("wg_max", cols.wg_max)];
        for (what, c) in inputs {
            if !c.fits(n) {
                return Err(shape_error(what));
            }
        }
        match cols.vgprs {
            VgprColumns::Split { arch, agpr } if !arch.fits(n) || !agpr.fits(n) => return Err(shape_error("vgprs")),
            VgprColumns::Total(t) if !t.fits(n) => return Err(shape_error("vgpr_count")),
            _ => {}
        }
        let outs = [&out.waves_per_simd, &out.limiter, &out.vgpr, &out.sgpr, &out.lds, &out.workgroup];
        if outs.iter().any(|o| o.len() != n) {
            return Err(shape_error("an output"));
        }
        let max = self.max_waves();
        // What `validate` accepts, as bounds compared per cell; a cell outside them is refused by
        // `validate` itself, so the message is the model's (a debug build checks the two agree).
        let max_arch = self.max_arch_vgprs();
        let max_agpr = if self.processor().agpr_file == crate::targets::AgprFile::None { 0 } else { self.max_agprs() };
        let max_total = self.max_total_vgprs();
        let max_sgpr = self.processor().max_sgpr_count();
        let max_lds = self.lds_per_workgroup();
        let max_wg = crate::targets::MAX_FLAT_WORKGROUP_SIZE;
        // The register terms by count, built whole (a few hundred entries). The workgroup/LDS term of a
        // fixed launch size depends on the LDS only through `workgroups_by_lds` and on the size only
        // through its waves (`ceil(size / wave size)`): its table is indexed by those two and filled on
        // first use (0 = not yet computed; every term is at least 1).
        let vgpr_table: Vec<u8> = (0..=max_total).map(|t| self.vgpr_waves(t.max(1)) as u8).collect();
        let sgpr_table: Vec<u8> =
            (0..=max_sgpr).map(|s| self.sgpr_waves(self.effective_sgprs(s).max(1)) as u8).collect();
        let shift = self.wave_size().trailing_zeros();
        debug_assert!(self.wave_size().is_power_of_two());
        let per_n = ((max_wg >> shift) + 1) as usize;
        let cap = self.workgroup_cap();
        let mut wg_table = vec![0u8; (cap as usize + 1) * per_n];
        let mut range_memo: Option<((u32, u32, u32), u32)> = None;
        let mut wg_term = |k: u32, lo: u32, hi: u32| -> u32 {
            if lo == hi {
                let slot = &mut wg_table[k as usize * per_n + ((hi + (1 << shift) - 1) >> shift) as usize];
                if *slot == 0 {
                    *slot = self.workgroup_occupancy_by(k, WorkgroupSize::fixed(hi)).1 as u8;
                }
                u32::from(*slot)
            } else {
                match range_memo {
                    Some((key, v)) if key == (k, lo, hi) => v,
                    _ => {
                        let v = self.workgroup_occupancy_by(k, WorkgroupSize { min: lo, max: hi }).1;
                        range_memo = Some(((k, lo, hi), v));
                        v
                    }
                }
            }
        };
        let lds_per_cu = f64::from(self.llvm_lds_per_cu());
        // Chunks of cells, each column copied into a local buffer (a scalar column filled), so the bounds,
        // the VGPR totals and the LDS quotient are loops the compiler vectorizes; the table look-ups follow.
        const CHUNK: usize = 512;
        let mut bufs = [[0u32; CHUNK]; 6];
        let mut kbuf = [0u32; CHUNK];
        let mut base = 0;
        while base < n {
            let m = CHUNK.min(n - base);
            let [arch, agpr, sgprs, lds, lo, hi] = &mut bufs;
            let (arch, agpr, sgprs, lds, lo, hi) =
                (&mut arch[..m], &mut agpr[..m], &mut sgprs[..m], &mut lds[..m], &mut lo[..m], &mut hi[..m]);
            let split = match cols.vgprs {
                VgprColumns::Split { arch: a, agpr: g } => {
                    a.copy_to(base, arch);
                    g.copy_to(base, agpr);
                    true
                }
                VgprColumns::Total(t) => {
                    t.copy_to(base, arch);
                    agpr.fill(0);
                    false
                }
            };
            cols.sgprs.copy_to(base, sgprs);
            cols.lds.copy_to(base, lds);
            cols.wg_min.copy_to(base, lo);
            cols.wg_max.copy_to(base, hi);
            // `arch` becomes the total; `agpr` the cell's validity (1 = refused).
            let mut refused = 0u32;
            for j in 0..m {
                let (a, g) = (arch[j], agpr[j]);
                let total = if split { self.total_vgprs(a, g) } else { a };
                let split_ok = !split | ((a <= max_arch) & (g <= max_agpr));
                let ok = split_ok
                    & (total <= max_total)
                    & (sgprs[j] <= max_sgpr)
                    & (lds[j] <= max_lds)
                    & (lo[j] >= 1)
                    & (lo[j] <= hi[j])
                    & (hi[j] <= max_wg);
                refused |= u32::from(!ok);
                arch[j] = if ok { total } else { a };
                agpr[j] = if ok { 0 } else { 1 };
                // `workgroups_by_lds` in f64, which vectorizes. Its floor is exact for any two u32: a/b is
                // at least 1/b from the next integer q+1, and the rounding error is under (q+1) * 2^-53,
                // smaller since b * (q+1) <= a + b < 2^33 (a debug build checks every cell).
                kbuf[j] = ((lds_per_cu / f64::from(lds[j].max(1))) as u32).min(cap);
            }
            if refused != 0 {
                let j = agpr.iter().position(|&r| r != 0).expect("a refused cell");
                let i = base + j;
                let vgprs = match cols.vgprs {
                    VgprColumns::Split { arch, agpr } => Vgprs::Split { arch: arch.at(i), agpr: agpr.at(i) },
                    VgprColumns::Total(t) => Vgprs::Total(t.at(i)),
                };
                let usage = Usage {
                    vgprs,
                    sgprs: Some(sgprs[j]),
                    lds: lds[j],
                    workgroup: WorkgroupSize { min: lo[j], max: hi[j] },
                };
                let error = self.validate(&usage).err().unwrap_or_else(|| {
                    ModelError::Generic(format!("columnar bounds refused a usage the model takes: {usage:?}"))
                });
                return Err(CellError { index: i, error });
            }
            for j in 0..m {
                let i = base + j;
                debug_assert_eq!(kbuf[j], self.workgroups_by_lds(lds[j]));
                let limits = Limits {
                    vgpr: u32::from(vgpr_table[arch[j] as usize]),
                    sgpr: u32::from(sgpr_table[sgprs[j] as usize]),
                    lds: wg_term(kbuf[j], lo[j], hi[j]),
                    workgroup: wg_term(cap, lo[j], hi[j]),
                };
                let waves = limits.waves();
                out.waves_per_simd[i] = waves as u8;
                out.limiter[i] = limits.limiter(waves, max).code();
                out.vgpr[i] = limits.vgpr as u8;
                out.sgpr[i] = limits.sgpr as u8;
                out.lds[i] = limits.lds as u8;
                out.workgroup[i] = limits.workgroup as u8;
            }
            base += m;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Limiter, Options};

    /// Random cells through the columns equal the scalar model's check, waves and limiter, scalar and
    /// per-cell columns mixed.
    #[test]
    fn columns_equal_the_scalar_model() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move |m: u32| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % u64::from(m)) as u32
        };
        for name in ["gfx906", "gfx90a", "gfx942", "gfx1100", "gfx1201", "fiji"] {
            for llvm in [crate::Llvm::V15, crate::Llvm::V19, crate::Llvm::V22] {
                let id = crate::parse_target(name).unwrap();
                let Ok(st) = Subtarget::new(id, Options { llvm, ..Options::default() }) else { continue };
                let n = 3000;
                // In range mostly (so most cells are evaluated), with one refused cell in the second pass.
                let mut arch: Vec<u32> = (0..n).map(|_| next(st.max_arch_vgprs() + 1)).collect();
                let agpr: Vec<u32> = (0..n)
                    .map(|i| {
                        let a = next(st.max_agprs() + 1);
                        if st.total_vgprs(arch[i], a) > st.max_total_vgprs() {
                            0
                        } else {
                            a
                        }
                    })
                    .collect();
                let sgprs: Vec<u32> = (0..n).map(|_| next(st.processor().max_sgpr_count() + 1)).collect();
                // Small LDS sizes often (the workgroup term binds), any size up to the limit otherwise.
                let lds: Vec<u32> =
                    (0..n).map(|i| if i % 3 == 0 { next(4096) } else { next(st.lds_per_workgroup() + 1) }).collect();
                let wg: Vec<u32> = (0..n).map(|_| next(1024) + 1).collect();
                let fixed = 256u32;
                // Launch size ranges (as LLVM's flat-work-group-size), in runs so the memo is hit and missed.
                let wg_lo: Vec<u32> =
                    wg.iter().enumerate().map(|(i, &w)| if i % 7 < 4 { w } else { w.div_ceil(2) }).collect();
                for (pass, scalar_wg) in [(0, false), (1, true), (2, false), (3, false)] {
                    if pass == 3 {
                        arch[n / 2 + 17] = st.max_arch_vgprs() + 1;
                    }
                    let wg_col = if scalar_wg { Column::scalar(&fixed) } else { Column::values(&wg) };
                    let lo_col = if pass == 2 { Column::values(&wg_lo) } else { wg_col };
                    let cols = Columns {
                        len: n,
                        vgprs: VgprColumns::Split { arch: Column::values(&arch), agpr: Column::values(&agpr) },
                        sgprs: Column::values(&sgprs),
                        lds: Column::values(&lds),
                        wg_min: lo_col,
                        wg_max: wg_col,
                    };
                    let mut bufs = vec![vec![0u8; n]; 6];
                    let [w, l, v, s, d, g] = &mut bufs[..] else { unreachable!() };
                    let mut out = CellsOut { waves_per_simd: w, limiter: l, vgpr: v, sgpr: s, lds: d, workgroup: g };
                    // Refused cells stop the run: evaluate the accepted prefix and compare the refusal.
                    let result = st.evaluate_columns(&cols, &mut out);
                    let stop = match &result {
                        Ok(()) => n,
                        Err(e) => e.index,
                    };
                    for i in 0..n {
                        let size = if scalar_wg { fixed } else { wg[i] };
                        let lo = if pass == 2 { wg_lo[i] } else { size };
                        let u = Usage {
                            vgprs: Vgprs::Split { arch: arch[i], agpr: agpr[i] },
                            sgprs: Some(sgprs[i]),
                            lds: lds[i],
                            workgroup: WorkgroupSize { min: lo, max: size },
                        };
                        match st.check(u) {
                            Err(e) => {
                                assert_eq!(result.clone().unwrap_err(), CellError { index: i, error: e });
                                break;
                            }
                            // A refused run's outputs are partial (the caller discards them).
                            Ok(_) if result.is_err() => assert!(i < stop),
                            Ok(c) => {
                                let (waves, limits) = (c.waves_per_simd(), c.limits());
                                assert_eq!(bufs[0][i] as u32, waves, "{name} {u:?}");
                                assert_eq!(bufs[1][i], limits.limiter(waves, st.max_waves()).code(), "{name} {u:?}");
                                let got: Vec<u32> = bufs[2..].iter().map(|b| b[i] as u32).collect();
                                assert_eq!(got, [limits.vgpr, limits.sgpr, limits.lds, limits.workgroup]);
                            }
                        }
                    }
                    assert_eq!(stop == n, pass < 3, "{name}: stopped at {stop}");
                    if result.is_ok() {
                        assert!(bufs[1].iter().all(|&c| Limiter::from_code(c).is_some()));
                    }
                }
            }
        }
    }

    /// On several threads: the same cells, and the same (lowest) refused cell.
    #[test]
    fn threads_answer_as_one() {
        let st = Subtarget::new(crate::parse_target("gfx90a").unwrap(), Options::default()).unwrap();
        let n = 3 * CELLS_PER_THREAD + 5;
        let mut v: Vec<u32> = (0..n).map(|i| (i * 7919 % 257) as u32).collect();
        let l: Vec<u32> = (0..n).map(|i| (i * 104_729 % 65_537) as u32).collect();
        let w: Vec<u32> = (0..n).map(|i| (i % 16 + 1) as u32 * 64).collect();
        let (zero, s40) = (0u32, 40u32);
        for refuse in [None, Some(2 * CELLS_PER_THREAD + 3)] {
            if let Some(i) = refuse {
                v[i] = 600;
                v[n - 1] = 601;
            }
            let cols = Columns {
                len: n,
                vgprs: VgprColumns::Split { arch: Column::values(&v), agpr: Column::scalar(&zero) },
                sgprs: Column::scalar(&s40),
                lds: Column::values(&l),
                wg_min: Column::values(&w),
                wg_max: Column::values(&w),
            };
            let run = |threads: usize| {
                let mut b: [Vec<u8>; 6] = std::array::from_fn(|_| vec![0u8; n]);
                let [a, b1, c, d, e, f] = &mut b;
                let out = CellsOut { waves_per_simd: a, limiter: b1, vgpr: c, sgpr: d, lds: e, workgroup: f };
                (st.evaluate_columns_on(threads, &cols, out), b)
            };
            let (one, one_out) = run(1);
            let (four, four_out) = run(4);
            assert_eq!(one, four);
            assert_eq!(one.as_ref().err().map(|e| e.index), refuse);
            if refuse.is_none() {
                assert_eq!(one_out, four_out);
            }
        }
    }
}
