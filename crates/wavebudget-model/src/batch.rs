//! Batch evaluation over a grid of (VGPRs x LDS x launch size) for autotuners.
//!
//! The limiters are separable: VGPR waves depend only on the VGPR count, the workgroup/LDS limit only on
//! (LDS, launch size), and SGPRs are fixed per grid. So the grid costs one VGPR row, one (LDS x size)
//! plane and a `min` per cell, instead of the whole model per cell.

use crate::error::ModelError;
use crate::occupancy::{Usage, Vgprs};
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
