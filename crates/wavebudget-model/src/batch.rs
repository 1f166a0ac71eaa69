//! Batch evaluation over a grid of (VGPRs x LDS x launch size) for autotuners.
//!
//! The limiters are separable: VGPR waves depend only on the VGPR count, the workgroup/LDS limit only on
//! (LDS, launch size), and SGPRs are fixed per grid. So the grid costs one VGPR row, one (LDS x size)
//! plane and a `min` per cell, instead of the whole model per cell.

use crate::error::ModelError;
#[cfg(debug_assertions)]
use crate::occupancy::Limits;
use crate::occupancy::{Limiter, Usage, Vgprs};
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
            return Err(ModelError::Shape { what: "output", len: out.len(), cells: grid.len() });
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
/// broadcasting of a scalar). The values are any integer type (numpy's dtypes), read in place: a value that
/// is not a u32 (negative, or over 4294967295) refuses its cell.
#[derive(Debug, Clone, Copy)]
pub struct Column<'a> {
    data: Data<'a>,
    scalar: bool,
}

/// A column's values in the caller's integer type.
#[derive(Debug, Clone, Copy)]
enum Data<'a> {
    U32(&'a [u32]),
    I64(&'a [i64]),
    U64(&'a [u64]),
    I32(&'a [i32]),
    U16(&'a [u16]),
    I16(&'a [i16]),
    U8(&'a [u8]),
    I8(&'a [i8]),
}

/// Applies `$body` to a [`Data`]'s slice, whatever its type.
macro_rules! with_slice {
    ($data:expr, $s:ident => $body:expr) => {
        match $data {
            Data::U32($s) => $body,
            Data::I64($s) => $body,
            Data::U64($s) => $body,
            Data::I32($s) => $body,
            Data::U16($s) => $body,
            Data::I16($s) => $body,
            Data::U8($s) => $body,
            Data::I8($s) => $body,
        }
    };
}

/// An integer type a [`Column`] reads in place.
pub trait ColumnValue: Copy + Into<i128> + sealed::Sealed {
    #[doc(hidden)]
    fn slice(values: &[Self]) -> Column<'_>;
}

mod sealed {
    pub trait Sealed {}
}

macro_rules! column_value {
    ($($t:ty => $v:ident),*) => {
        $(
            impl sealed::Sealed for $t {}
            impl ColumnValue for $t {
                fn slice(values: &[Self]) -> Column<'_> {
                    Column { data: Data::$v(values), scalar: false }
                }
            }
        )*
    };
}
column_value!(u32 => U32, i64 => I64, u64 => U64, i32 => I32, u16 => U16, i16 => I16, u8 => U8, i8 => I8);

/// A value as the model's u32, or `u32::MAX` (which every bound refuses) when it is not one.
#[inline(always)]
fn to_u32<T: Copy + TryInto<u32>>(v: T) -> u32 {
    v.try_into().unwrap_or(u32::MAX)
}

impl<'a> Column<'a> {
    /// The same value in every cell.
    pub fn scalar(value: &'a u32) -> Self {
        Column { data: Data::U32(std::slice::from_ref(value)), scalar: true }
    }

    /// One value per cell (its length must be the columns' length).
    pub fn values(data: &'a [u32]) -> Self {
        Column { data: Data::U32(data), scalar: false }
    }

    /// One value per cell in any integer type (numpy's dtypes), read in place.
    pub fn of<T: ColumnValue>(data: &'a [T]) -> Self {
        T::slice(data)
    }

    /// One value of any integer type for every cell.
    pub fn scalar_of<T: ColumnValue>(value: &'a T) -> Self {
        Column { scalar: true, ..T::slice(std::slice::from_ref(value)) }
    }

    /// Cell `i`'s value as given.
    fn raw(&self, i: usize) -> i128 {
        let i = if self.scalar { 0 } else { i };
        with_slice!(self.data, s => s[i].into())
    }

    /// Cell `i` as the model's u32 (`u32::MAX` when the value is not one).
    fn at(&self, i: usize) -> u32 {
        u32::try_from(self.raw(i)).unwrap_or(u32::MAX)
    }

    /// The value of a scalar column.
    fn scalar_value(&self) -> Option<u32> {
        self.scalar.then(|| self.at(0))
    }

    /// Cells `base..base + len` (a scalar column stays itself).
    fn range(&self, base: usize, len: usize) -> Self {
        if self.scalar {
            return *self;
        }
        let data = match self.data {
            Data::U32(s) => Data::U32(&s[base..base + len]),
            Data::I64(s) => Data::I64(&s[base..base + len]),
            Data::U64(s) => Data::U64(&s[base..base + len]),
            Data::I32(s) => Data::I32(&s[base..base + len]),
            Data::U16(s) => Data::U16(&s[base..base + len]),
            Data::I16(s) => Data::I16(&s[base..base + len]),
            Data::U8(s) => Data::U8(&s[base..base + len]),
            Data::I8(s) => Data::I8(&s[base..base + len]),
        };
        Column { data, scalar: false }
    }

    /// Cells `base..base + out.len()` into `out`, as u32 (`u32::MAX` for a value that is not one).
    #[inline(always)] // compiled with its caller's CPU features (see `evaluate_columns`)
    fn copy_to(&self, base: usize, out: &mut [u32]) {
        if self.scalar {
            out.fill(self.at(0));
            return;
        }
        with_slice!(self.data, s => {
            let len = out.len();
            for (o, &v) in out.iter_mut().zip(&s[base..base + len]) {
                *o = to_u32(v);
            }
        })
    }

    /// The same values as `other`: the same number, or the same slice.
    fn same(&self, other: &Column<'_>) -> bool {
        fn eq<T>(a: &[T], b: &[T]) -> bool {
            std::ptr::eq(a, b)
        }
        match (self.scalar, other.scalar) {
            (true, true) => self.at(0) == other.at(0),
            (false, false) => match (self.data, other.data) {
                (Data::U32(a), Data::U32(b)) => eq(a, b),
                (Data::I64(a), Data::I64(b)) => eq(a, b),
                (Data::U64(a), Data::U64(b)) => eq(a, b),
                (Data::I32(a), Data::I32(b)) => eq(a, b),
                (Data::U16(a), Data::U16(b)) => eq(a, b),
                (Data::I16(a), Data::I16(b)) => eq(a, b),
                (Data::U8(a), Data::U8(b)) => eq(a, b),
                (Data::I8(a), Data::I8(b)) => eq(a, b),
                _ => false,
            },
            _ => false,
        }
    }

    fn fits(&self, len: usize) -> bool {
        let n = self.cells();
        self.scalar && n == 1 || n == len
    }

    fn cells(&self) -> usize {
        with_slice!(self.data, s => s.len())
    }
}

/// Vector registers per cell: as LLVM's remarks give them (architectural VGPRs and AGPRs), or the code
/// object's unified `.vgpr_count`.
#[derive(Debug, Clone, Copy)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
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

/// `floor(lds_per_cu / max(lds, 1))` (`Subtarget::workgroups_by_lds` before its cap) in f64 operations that
/// vectorize: no integer division and no saturating float-to-int cast. The quotient `q` is within half an ULP,
/// and its floor is exact for any two u32: `a/b` is at least `1/b` from the next integer `k+1`, and the
/// rounding error is under `(k+1) * 2^-53`, smaller since `b * (k+1) <= a + b < 2^33`. `q + 2^52 - 2^52`
/// rounds `q` (< 2^32) to the nearest integer, one less where that rounded up; adding 2^52 again puts the
/// integer in the low bits of the f64's mantissa.
#[inline(always)]
fn workgroups_by_lds(lds_per_cu: f64, lds: u32) -> u32 {
    const TWO_52: f64 = 4_503_599_627_370_496.0;
    let q = lds_per_cu / f64::from(lds.max(1));
    let nearest = (q + TWO_52) - TWO_52;
    let floor = nearest - if nearest > q { 1.0 } else { 0.0 };
    (floor + TWO_52).to_bits() as u32
}

/// Cell `i` of `cols` as the scalar model's usage (a value that is not a u32 as `u32::MAX`).
fn usage_at(cols: &Columns<'_>, i: usize) -> Usage {
    let vgprs = match cols.vgprs {
        VgprColumns::Split { arch, agpr } => Vgprs::Split { arch: arch.at(i), agpr: agpr.at(i) },
        VgprColumns::Total(t) => Vgprs::Total(t.at(i)),
    };
    Usage {
        vgprs,
        sgprs: Some(cols.sgprs.at(i)),
        lds: cols.lds.at(i),
        workgroup: WorkgroupSize { min: cols.wg_min.at(i), max: cols.wg_max.at(i) },
    }
}

impl Subtarget {
    /// [`Subtarget::evaluate_columns`] on up to `threads` threads (scoped; at least [`CELLS_PER_THREAD`]
    /// cells each), for large batches. The answer and the refusal (the lowest refused cell) are the
    /// same as on one thread.
    pub fn evaluate_columns_on(&self, threads: usize, cols: &Columns<'_>, out: CellsOut<'_>) -> Result<(), CellError> {
        self.evaluate_columns_on_with(threads, cols, out, Subtarget::evaluate_columns)
    }

    /// [`Subtarget::evaluate_columns_on`] with each thread's part evaluated by `eval`: the same loop compiled
    /// for more of the CPU (`wavebudget_runtime::batch` passes [`Subtarget::evaluate_columns`] built with
    /// AVX2 where the CPU has it).
    pub fn evaluate_columns_on_with<F>(
        &self,
        threads: usize,
        cols: &Columns<'_>,
        out: CellsOut<'_>,
        eval: F,
    ) -> Result<(), CellError>
    where
        F: Fn(&Subtarget, &Columns<'_>, &mut CellsOut<'_>) -> Result<(), CellError> + Sync,
    {
        let eval = &eval;
        let n = cols.len;
        let threads = threads.clamp(1, n.div_ceil(CELLS_PER_THREAD).max(1));
        if threads == 1 {
            let mut out = out;
            return eval(self, cols, &mut out);
        }
        if [&out.waves_per_simd, &out.limiter, &out.vgpr, &out.sgpr, &out.lds, &out.workgroup]
            .iter()
            .any(|o| o.len() != n)
        {
            let mut out = out;
            return eval(self, cols, &mut out); // refuses the shapes, naming them
        }
        let per = n.div_ceil(threads);
        let results: Vec<Result<(), CellError>> =
            std::thread::scope(|scope| {
                let mut rest = out;
                let mut handles = Vec::with_capacity(threads);
                let mut base = 0;
                while base < n {
                    let len = per.min(n - base);
                    let (mut mine, tail) = rest.split_at(len);
                    rest = tail;
                    let part = cols.range(base, len);
                    handles.push(scope.spawn(move || {
                        eval(self, &part, &mut mine).map_err(|e| CellError { index: base + e.index, ..e })
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
    #[inline(always)] // so a caller compiled for more of the CPU (AVX2) compiles the loop that way
    pub fn evaluate_columns(&self, cols: &Columns<'_>, out: &mut CellsOut<'_>) -> Result<(), CellError> {
        let n = cols.len;
        let shape_error =
            |what: &'static str, len: usize| CellError { index: 0, error: ModelError::Shape { what, len, cells: n } };
        let inputs = [("sgprs", cols.sgprs), ("lds", cols.lds), ("wg_min", cols.wg_min), ("wg_max", cols.wg_max)];
        for (what, c) in inputs {
            if !c.fits(n) {
                return Err(shape_error(what, c.cells()));
            }
        }
        match cols.vgprs {
            VgprColumns::Split { arch, .. } if !arch.fits(n) => return Err(shape_error("vgprs", arch.cells())),
            VgprColumns::Split { agpr, .. } if !agpr.fits(n) => return Err(shape_error("agprs", agpr.cells())),
            VgprColumns::Total(t) if !t.fits(n) => return Err(shape_error("vgpr_count", t.cells())),
            _ => {}
        }
        let outs = [&out.waves_per_simd, &out.limiter, &out.vgpr, &out.sgpr, &out.lds, &out.workgroup];
        if let Some(o) = outs.iter().find(|o| o.len() != n) {
            return Err(shape_error("an output", o.len()));
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
        // The register terms by count, built whole (a few hundred entries).
        let vgpr_table: Vec<u8> = (0..=max_total).map(|t| self.vgpr_waves(t.max(1)) as u8).collect();
        let sgpr_table: Vec<u8> =
            (0..=max_sgpr).map(|s| self.sgpr_waves(self.effective_sgprs(s).max(1)) as u8).collect();
        let cap = self.workgroup_cap();
        // One launch size (or range) for every cell, the common case: the LDS term is a function of the
        // workgroups the LDS allows alone (at most `cap` + 1 values) and the workgroup term a constant, both
        // computed here. Otherwise the term of a fixed size is indexed by (workgroups by LDS, the size's
        // waves) and filled on first use (0 = not yet computed; every term is at least 1); a range is
        // memoised for runs of equal cells.
        let one_launch = match (cols.wg_min.scalar_value(), cols.wg_max.scalar_value()) {
            (Some(lo), Some(hi)) if lo >= 1 && lo <= hi && hi <= max_wg => Some(WorkgroupSize { min: lo, max: hi }),
            _ => None,
        };
        let lds_table: Vec<u8> = match one_launch {
            Some(wg) => (0..=cap).map(|k| self.workgroup_occupancy_by(k, wg).1 as u8).collect(),
            None => Vec::new(),
        };
        let wg_const = one_launch.map_or(0, |wg| self.workgroup_occupancy_by(cap, wg).1 as u8);
        // That LDS term by LDS size without a division: the workgroups the LDS allows are at least t exactly
        // when lds <= floor(LDS per CU / t), so the term is its value at 0 workgroups plus, for each t where
        // the table steps, the step when lds is within t's threshold (a handful of compares per cell).
        let lds_steps: Vec<(u32, u8)> = (1..lds_table.len())
            .filter(|&t| lds_table[t] != lds_table[t - 1])
            .map(|t| (self.llvm_lds_per_cu() / t as u32, lds_table[t].wrapping_sub(lds_table[t - 1])))
            .collect();
        let shift = self.wave_size().trailing_zeros();
        debug_assert!(self.wave_size().is_power_of_two());
        let per_n = ((max_wg >> shift) + 1) as usize;
        let mut wg_table = if one_launch.is_some() { Vec::new() } else { vec![0u8; (cap as usize + 1) * per_n] };
        // A fixed launch size per cell given as one column for both ends (numpy's `wg_size=` array): the
        // range check is moot and the column is read once.
        let same_wg = cols.wg_min.same(&cols.wg_max);
        // Fixed sizes per cell in a batch large enough: the whole (workgroups by LDS x waves per workgroup)
        // table up front, so the look-ups are plain loads.
        let full_table: Option<Vec<u8>> = (one_launch.is_none() && same_wg && n >= 1 << 14).then(|| {
            (0..=cap)
                .flat_map(|k| {
                    (0..per_n as u32).map(move |w| {
                        let size = (w << shift).clamp(1, max_wg);
                        self.workgroup_occupancy_by(k, WorkgroupSize::fixed(size)).1 as u8
                    })
                })
                .collect()
        });
        let mut range_memo: Option<((u32, u32, u32), u32)> = None;
        let mut wg_term = |k: u32, lo: u32, hi: u32| -> u8 {
            if lo == hi {
                let slot = &mut wg_table[k as usize * per_n + ((hi + (1 << shift) - 1) >> shift) as usize];
                if *slot == 0 {
                    *slot = self.workgroup_occupancy_by(k, WorkgroupSize::fixed(hi)).1 as u8;
                }
                *slot
            } else {
                match range_memo {
                    Some((key, v)) if key == (k, lo, hi) => v as u8,
                    _ => {
                        let v = self.workgroup_occupancy_by(k, WorkgroupSize { min: lo, max: hi }).1;
                        range_memo = Some(((k, lo, hi), v));
                        v as u8
                    }
                }
            }
        };
        let lds_per_cu = f64::from(self.llvm_lds_per_cu());
        let max = max as u8;
        // Chunks of cells. Each column that varies is read into a local u32 buffer per chunk (converted from
        // the caller's type); a scalar column is filled once and checked once. The bounds, the VGPR totals,
        // the LDS quotient, the table look-ups, the minimum and the limiter are each a loop the compiler
        // vectorizes.
        const CHUNK: usize = 1024;
        let (arch_col, agpr_col, split) = match cols.vgprs {
            VgprColumns::Split { arch, agpr } => (arch, agpr, true),
            VgprColumns::Total(t) => (t, Column::scalar(&0), false),
        };
        let ins = [arch_col, agpr_col, cols.sgprs, cols.lds, cols.wg_min, cols.wg_max];
        let mut bufs = [[0u32; CHUNK]; 6];
        for (c, buf) in ins.iter().zip(bufs.iter_mut()) {
            if c.scalar {
                c.copy_to(0, buf);
            }
        }
        // The VGPR total is the architectural count when no cell has AGPRs.
        let no_agprs = agpr_col.scalar_value() == Some(0);
        let mut total = [0u32; CHUNK];
        let mut kbuf = [0u32; CHUNK];
        let mut wbuf = [0u32; CHUNK];
        let top = |c: &[u32]| c.iter().fold(0u32, |a, &b| a.max(b));
        let bottom = |c: &[u32]| c.iter().fold(u32::MAX, |a, &b| a.min(b));
        let mut base = 0;
        let mut first = true;
        while base < n {
            let m = CHUNK.min(n - base);
            // Columns read this chunk: the varying ones, and every one on the first.
            let fresh = |i: usize| first || !ins[i].scalar;
            for (i, (c, buf)) in ins.iter().zip(bufs.iter_mut()).enumerate() {
                if !(c.scalar || i == 5 && same_wg) {
                    c.copy_to(base, &mut buf[..m]);
                }
            }
            let [arch, agpr, sgprs, lds, lo, hi] = &bufs;
            let (arch, agpr, sgprs, lds, lo) = (&arch[..m], &agpr[..m], &sgprs[..m], &lds[..m], &lo[..m]);
            let hi = if same_wg { lo } else { &hi[..m] };
            let total = &mut total[..m];
            let kbuf = &mut kbuf[..m];
            let mut refused = false;
            if split {
                refused |= fresh(0) && top(arch) > max_arch;
                refused |= fresh(1) && top(agpr) > max_agpr;
            } else {
                refused |= fresh(0) && top(arch) > max_total;
            }
            refused |= fresh(2) && top(sgprs) > max_sgpr;
            refused |= fresh(3) && top(lds) > max_lds;
            refused |= fresh(4) && bottom(lo) < 1;
            refused |= fresh(5) && top(hi) > max_wg;
            if !same_wg && (fresh(4) || fresh(5)) {
                refused |= lo.iter().zip(hi.iter()).fold(0u32, |a, (l, h)| a | u32::from(l > h)) != 0;
            }
            let total: &[u32] = if split && !no_agprs && (fresh(0) || fresh(1)) {
                for j in 0..m {
                    // Within the bounds (or refused below), so the total is small: no saturation reached.
                    total[j] = self.total_vgprs(arch[j].min(1 << 16), agpr[j].min(1 << 16));
                }
                refused |= top(total) > max_total;
                total
            } else if split && !no_agprs {
                total // both scalar: computed on the first chunk
            } else {
                arch
            };
            #[cfg(debug_assertions)]
            for j in 0..m {
                let ok = self.refusal(cols, base + j).is_none();
                debug_assert!(refused || ok, "cell {}: the bounds take what the model refuses", base + j);
            }
            if refused {
                let found = (0..m).find_map(|j| self.refusal(cols, base + j));
                return Err(found.unwrap_or_else(|| CellError {
                    index: base,
                    error: ModelError::BoundsDisagree { from: base, to: base + m },
                }));
            }
            if one_launch.is_none() && fresh(3) {
                for j in 0..m {
                    kbuf[j] = workgroups_by_lds(lds_per_cu, lds[j]).min(cap);
                }
            }
            // The four terms straight into the caller's outputs.
            let end = base + m;
            let (tv, ts) = (&mut out.vgpr[base..end], &mut out.sgpr[base..end]);
            let (tl, tw) = (&mut out.lds[base..end], &mut out.workgroup[base..end]);
            let look = |table: &[u8], at: &[u32], to: &mut [u8], scalar: bool| {
                if scalar {
                    to.fill(table[(at[0] as usize).min(table.len() - 1)]);
                } else {
                    for (t, &i) in to.iter_mut().zip(at.iter()) {
                        *t = table[(i as usize).min(table.len() - 1)];
                    }
                }
            };
            look(&vgpr_table, total, tv, arch_col.scalar && agpr_col.scalar);
            look(&sgpr_table, sgprs, ts, cols.sgprs.scalar);
            if one_launch.is_some() {
                if cols.lds.scalar {
                    tl.fill(lds_table[self.workgroups_by_lds(lds[0]) as usize]);
                } else {
                    tl.fill(lds_table[0]);
                    for &(threshold, step) in &lds_steps {
                        for j in 0..m {
                            tl[j] = tl[j].wrapping_add(step & 0u8.wrapping_sub(u8::from(lds[j] <= threshold)));
                        }
                    }
                }
                tw.fill(wg_const);
                #[cfg(debug_assertions)]
                for j in 0..m {
                    debug_assert_eq!(tl[j], lds_table[self.workgroups_by_lds(lds[j]) as usize], "LDS {}", lds[j]);
                }
            } else if let Some(full) = &full_table {
                // Fixed sizes per cell: both terms by the size's waves from the whole table.
                let waves_of = &mut wbuf[..m];
                for j in 0..m {
                    waves_of[j] = (hi[j] + (1 << shift) - 1) >> shift;
                }
                let last = full.len() - 1;
                for j in 0..m {
                    tl[j] = full[(kbuf[j] as usize * per_n + waves_of[j] as usize).min(last)];
                }
                for j in 0..m {
                    tw[j] = full[(cap as usize * per_n + waves_of[j] as usize).min(last)];
                }
            } else {
                for j in 0..m {
                    debug_assert_eq!(kbuf[j], self.workgroups_by_lds(lds[j]));
                    tl[j] = wg_term(kbuf[j], lo[j], hi[j]);
                    tw[j] = wg_term(cap, lo[j], hi[j]);
                }
            }
            first = false;
            // Waves and the binding limiter as `Limits::waves` and `Limits::limiter` (the first of max_waves,
            // vgpr, sgpr, lds, workgroup), without branches.
            let waves_out = &mut out.waves_per_simd[base..end];
            let limiter_out = &mut out.limiter[base..end];
            for j in 0..m {
                let (v, s, l, w) = (tv[j], ts[j], tl[j], tw[j]);
                let waves = l.min(s).min(v);
                let mut code = Limiter::MaxWaves.code();
                code = if w == waves { Limiter::Workgroup.code() } else { code };
                code = if l == waves && l < w { Limiter::Lds.code() } else { code };
                code = if s == waves { Limiter::Sgpr.code() } else { code };
                code = if v == waves { Limiter::Vgpr.code() } else { code };
                code = if waves >= max { Limiter::MaxWaves.code() } else { code };
                waves_out[j] = waves;
                limiter_out[j] = code;
            }
            #[cfg(debug_assertions)]
            for j in 0..m {
                let limits = Limits {
                    vgpr: u32::from(tv[j]),
                    sgpr: u32::from(ts[j]),
                    lds: u32::from(tl[j]),
                    workgroup: u32::from(tw[j]),
                };
                debug_assert_eq!(limits, self.check_limits(cols, base + j), "cell {}", base + j);
                debug_assert_eq!(u32::from(waves_out[j]), limits.waves());
                debug_assert_eq!(limiter_out[j], limits.limiter(limits.waves(), u32::from(max)).code());
            }
            base = end;
        }
        Ok(())
    }

    /// Why cell `i` of `cols` is refused, if it is: a value that is not a u32, named by its column, or the
    /// model's own refusal of the cell's usage.
    fn refusal(&self, cols: &Columns<'_>, i: usize) -> Option<CellError> {
        let mut named = match cols.vgprs {
            VgprColumns::Split { arch, agpr } => vec![("vgprs", arch), ("agprs", agpr)],
            VgprColumns::Total(t) => vec![("vgpr_count", t)],
        };
        named.extend([("sgprs", cols.sgprs), ("lds", cols.lds), ("wg_min", cols.wg_min), ("wg_max", cols.wg_max)]);
        for (what, c) in named {
            if let Some(value) = crate::error::OutOfRange::of(c.raw(i)) {
                return Some(CellError { index: i, error: ModelError::NotACount { what, value } });
            }
        }
        let usage = usage_at(cols, i);
        self.validate(&usage).err().map(|error| CellError { index: i, error })
    }

    /// The scalar model's limits of cell `i` (a debug build checks every cell against them).
    #[cfg(debug_assertions)]
    fn check_limits(&self, cols: &Columns<'_>, i: usize) -> Limits {
        self.limits(&usage_at(cols, i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Limiter, Options};

    /// Columns of other integer types, scalar and varying in every combination, a batch large enough for the
    /// whole-table path, and launch ranges given as one pair of numbers: every cell equals the scalar
    /// model's check; a value that is not a u32 is refused naming its column.
    #[test]
    fn typed_and_scalar_columns_equal_the_scalar_model() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |m: u32| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % u64::from(m)) as u32
        };
        let n = (1 << 14) + 77;
        for name in ["gfx90a", "gfx942", "gfx1100", "gfx906"] {
            for llvm in [crate::Llvm::V15, crate::Llvm::V19, crate::Llvm::V22] {
                let id = crate::parse_target(name).unwrap();
                let Ok(st) = Subtarget::new(id, Options { llvm, ..Options::default() }) else { continue };
                let arch: Vec<i64> = (0..n).map(|_| i64::from(next(st.max_arch_vgprs() / 2 + 1))).collect();
                let agpr: Vec<u16> = (0..n).map(|_| next(st.max_agprs() / 2 + 1) as u16).collect();
                let sgprs: Vec<i32> = (0..n).map(|_| next(st.processor().max_sgpr_count() + 1) as i32).collect();
                let lds: Vec<u64> = (0..n).map(|_| u64::from(next(st.lds_per_workgroup() + 1))).collect();
                let wg: Vec<u16> = (0..n).map(|_| (next(1024) + 1) as u16).collect();
                let (a0, g0, s0, l0, w0, w1) = (arch[1], 0u16, sgprs[2], lds[3], 256u16, 640u16);
                for mask in 0..32u32 {
                    let pick = |bit: u32| mask & (1 << bit) != 0;
                    let arch_c = if pick(0) { Column::scalar_of(&a0) } else { Column::of(&arch) };
                    let agpr_c = if pick(1) { Column::scalar_of(&g0) } else { Column::of(&agpr) };
                    let sgpr_c = if pick(2) { Column::scalar_of(&s0) } else { Column::of(&sgprs) };
                    let lds_c = if pick(3) { Column::scalar_of(&l0) } else { Column::of(&lds) };
                    // A scalar range (one pair of numbers), or fixed sizes per cell.
                    let (lo_c, hi_c) = if pick(4) {
                        (Column::scalar_of(&w0), Column::scalar_of(&w1))
                    } else {
                        (Column::of(&wg), Column::of(&wg))
                    };
                    let cols = Columns {
                        len: n,
                        vgprs: VgprColumns::Split { arch: arch_c, agpr: agpr_c },
                        sgprs: sgpr_c,
                        lds: lds_c,
                        wg_min: lo_c,
                        wg_max: hi_c,
                    };
                    let mut bufs = vec![vec![0u8; n]; 6];
                    let [w, l, v, s, d, g] = &mut bufs[..] else { unreachable!() };
                    let mut out = CellsOut { waves_per_simd: w, limiter: l, vgpr: v, sgpr: s, lds: d, workgroup: g };
                    let result = st.evaluate_columns(&cols, &mut out);
                    for i in 0..n {
                        let u = Usage {
                            vgprs: Vgprs::Split { arch: arch_c.at(i), agpr: agpr_c.at(i) },
                            sgprs: Some(sgpr_c.at(i)),
                            lds: lds_c.at(i),
                            workgroup: WorkgroupSize { min: lo_c.at(i), max: hi_c.at(i) },
                        };
                        match st.check(u) {
                            Err(e) => {
                                assert_eq!(result.clone().unwrap_err(), CellError { index: i, error: e }, "{name}");
                                break;
                            }
                            Ok(c) => {
                                assert!(result.is_ok(), "{name} {mask}: {result:?}");
                                let (waves, limits) = (c.waves_per_simd(), c.limits());
                                let got: Vec<u32> = bufs.iter().map(|b| u32::from(b[i])).collect();
                                let code = u32::from(limits.limiter(waves, st.max_waves()).code());
                                let want = [waves, code, limits.vgpr, limits.sgpr, limits.lds, limits.workgroup];
                                assert_eq!(got, want, "{name} {llvm:?} mask {mask} cell {i}: {u:?}");
                            }
                        }
                    }
                }
                // A negative LDS size in cell 5, and an over-u32 VGPR count: named by column and value.
                let mut bad = lds.iter().map(|&l| l as i64).collect::<Vec<i64>>();
                bad[5] = -6;
                let cols = Columns {
                    len: n,
                    vgprs: VgprColumns::Total(Column::of(&arch)),
                    sgprs: Column::of(&sgprs),
                    lds: Column::of(&bad),
                    wg_min: Column::of(&wg),
                    wg_max: Column::of(&wg),
                };
                let mut bufs = vec![vec![0u8; n]; 6];
                let [w, l, v, s, d, g] = &mut bufs[..] else { unreachable!() };
                let mut out = CellsOut { waves_per_simd: w, limiter: l, vgpr: v, sgpr: s, lds: d, workgroup: g };
                let e = st.evaluate_columns(&cols, &mut out).unwrap_err();
                assert_eq!(e.to_string(), "cell 5: lds = -6: expected a whole number, not a negative one");
                let huge = [1i64 << 33];
                let cols = Columns { vgprs: VgprColumns::Total(Column::scalar_of(&huge[0])), ..cols };
                let e = st.evaluate_columns(&cols, &mut out).unwrap_err();
                assert_eq!(e.to_string(), "cell 0: vgpr_count = 8589934592: over 4294967295");
            }
        }
    }

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
