//! NVIDIA's answers to `occupancy` and `budget`, as typed values made once: the CLI renders them as text or
//! JSON, Python as dicts (adding what it renders: the occupancy fraction, the reason in words). Every number
//! is `wavebudget_model::nvidia`'s.

use serde::Serialize;
use wavebudget_model::nvidia::{Budget, Kernel, NvRefusal, Occupancy, Target, Want};

/// The target as every NVIDIA answer names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TargetFields {
    /// `sm_XY`.
    pub target: &'static str,
    /// The architecture's family.
    pub family: &'static str,
    /// The product named, if one was.
    pub product: Option<&'static str>,
    /// Its SMs, where a product was named.
    pub sms: Option<u32>,
}

impl From<&Target> for TargetFields {
    fn from(t: &Target) -> Self {
        TargetFields { target: t.arch.name, family: t.arch.family, product: t.product.map(|p| p.name), sms: t.sms() }
    }
}

/// A kernel's occupancy on a target.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct OccupancyAnswer {
    /// The target.
    #[serde(flatten)]
    pub target: TargetFields,
    /// The kernel at its launch.
    pub kernel: Kernel,
    /// Blocks and warps per SM, limits and limiters.
    #[serde(flatten)]
    pub occupancy: Occupancy,
    /// Blocks that fill the product's SMs once (none where no product is named or no block fits).
    pub grid_blocks: Option<u64>,
}

/// `kernel`'s occupancy on `t`.
pub fn occupancy(t: &Target, kernel: Kernel) -> Result<OccupancyAnswer, NvRefusal> {
    let o = t.arch.occupancy(&kernel)?;
    let grid_blocks = t.sms().filter(|_| o.blocks_per_sm > 0).map(|s| u64::from(s) * u64::from(o.blocks_per_sm));
    Ok(OccupancyAnswer { target: TargetFields::from(t), kernel, occupancy: o, grid_blocks })
}

/// One register budget: what was asked and the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BudgetLevel {
    /// The warps or blocks per SM asked for.
    pub want: Want,
    /// The most registers per thread that reach it, and what they give.
    #[serde(flatten)]
    pub budget: Budget,
}

/// Register budgets of a kernel on a target, one per level asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BudgetAnswer {
    /// The target.
    #[serde(flatten)]
    pub target: TargetFields,
    /// The kernel (its registers 0: the budget's question).
    pub kernel: Kernel,
    /// One budget per level asked, in order.
    pub levels: Vec<BudgetLevel>,
}

/// `kernel`'s register budget on `t` for each of `wants`.
pub fn budget(t: &Target, kernel: Kernel, wants: &[Want]) -> Result<BudgetAnswer, NvRefusal> {
    let levels = wants
        .iter()
        .map(|&want| t.arch.budget(&kernel, want).map(|budget| BudgetLevel { want, budget }))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(BudgetAnswer { target: TargetFields::from(t), kernel, levels })
}
