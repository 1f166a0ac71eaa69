//! NVIDIA's answers to `occupancy` and `budget`, as typed values made once (the occupancy fraction and the
//! reason in words included): the CLI renders them as text or JSON, Python as its answer classes over the
//! same JSON, C as its structs. Every number is `wavebudget_model::nvidia`'s.

use crate::misuse::Misuse;
use crate::Error;
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
    /// The warps as a fraction of the SM's (`occupancy` in JSON, as the AMD answer's).
    #[serde(rename = "occupancy")]
    pub fraction: f64,
    /// Why no block fits, in words (`occupancy.unlaunchable`'s text; none where one does).
    #[serde(serialize_with = "as_text")]
    pub unlaunchable_reason: Option<wavebudget_model::nvidia::Unlaunchable>,
}

/// An unlaunchable kernel's reason as its text.
fn as_text<S: serde::Serializer>(u: &Option<wavebudget_model::nvidia::Unlaunchable>, s: S) -> Result<S::Ok, S::Error> {
    match u {
        Some(u) => s.collect_str(u),
        None => s.serialize_none(),
    }
}

/// `kernel`'s occupancy on `t`.
pub fn occupancy(t: &Target, kernel: Kernel) -> Result<OccupancyAnswer, NvRefusal> {
    let o = t.arch.occupancy(&kernel)?;
    let grid_blocks = t.sms().filter(|_| o.blocks_per_sm > 0).map(|s| u64::from(s) * u64::from(o.blocks_per_sm));
    Ok(OccupancyAnswer {
        target: TargetFields::from(t),
        kernel,
        occupancy: o,
        grid_blocks,
        fraction: o.fraction(),
        unlaunchable_reason: o.unlaunchable,
    })
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

/// What an NVIDIA budget is asked for: one level, or every blocks-per-SM level the block allows at the
/// fewest registers (the CLI's `budget --all`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Levels {
    /// One level.
    One(Want),
    /// Every blocks-per-SM level from 1 to what the kernel reaches at 0 registers.
    EveryBlocksPerSm,
}

impl Levels {
    /// What a door was given, the one rule of every door: exactly one of `every`, `warps_per_sm` and
    /// `blocks_per_sm` (a door without `every` passes `false`); `give` spells them as the door does.
    pub fn from_given(
        every: bool,
        warps_per_sm: Option<u32>,
        blocks_per_sm: Option<u32>,
        give: &'static str,
    ) -> Result<Levels, Misuse> {
        match (every, warps_per_sm, blocks_per_sm) {
            (true, None, None) => Ok(Levels::EveryBlocksPerSm),
            (false, Some(w), None) => Ok(Levels::One(Want::WarpsPerSm(w))),
            (false, None, Some(b)) => Ok(Levels::One(Want::BlocksPerSm(b))),
            _ => Err(Misuse::NoNvidiaWant { give }),
        }
    }
}

/// `kernel`'s register budget on `t` for each level asked, in order; every blocks-per-SM level is refused
/// for a kernel that cannot launch at any register count.
pub fn budget(t: &Target, kernel: Kernel, levels: Levels) -> crate::Result<BudgetAnswer> {
    let wants: Vec<Want> = match levels {
        Levels::One(want) => vec![want],
        Levels::EveryBlocksPerSm => {
            let floor = t.arch.occupancy(&kernel).map_err(Error::Nvidia)?;
            if let Some(why) = floor.unlaunchable {
                return Err(Error::NeverLaunches { arch: t.arch.name, block: kernel.block, why });
            }
            (1..=floor.blocks_per_sm).map(Want::BlocksPerSm).collect()
        }
    };
    let levels = wants
        .iter()
        .map(|&want| t.arch.budget(&kernel, want).map(|budget| BudgetLevel { want, budget }))
        .collect::<Result<Vec<_>, _>>()
        .map_err(Error::Nvidia)?;
    Ok(BudgetAnswer { target: TargetFields::from(t), kernel, levels })
}
