//! The generic first-order model's answers to `occupancy` and `budget` (`--target generic`), as typed values
//! made once: the register file's shape read (a preset, each figure given overriding it), the levels a
//! budget asks, and the answer every door renders. Every number is `wavebudget_model::generic`'s.

use crate::misuse::Misuse;
use serde::Serialize;
use wavebudget_model::generic::{GenericOccupancy, GenericParams, SCOPE};

/// The register file's shape as given: a preset, and each figure (which overrides the preset's).
#[derive(Debug, Clone, Copy, Default)]
#[allow(clippy::exhaustive_structs, reason = "the flags of the generic form, each optional")]
pub struct Shape<'a> {
    /// `--preset`.
    pub preset: Option<&'a str>,
    /// Register file bytes (F).
    pub register_file_bytes: Option<u64>,
    /// Lanes per wave (W).
    pub wave_width: Option<u32>,
    /// Bytes per register per lane (w).
    pub register_bytes: Option<u32>,
    /// The allocation granule.
    pub granule: Option<u32>,
    /// The cap on resident waves.
    pub max_waves: Option<u32>,
    /// Sub-partitions of the register file.
    pub partitions: Option<u32>,
}

impl Shape<'_> {
    /// The parameters: the preset's (or the first-order form of F, W and w, all three needed), each figure
    /// given in its place, held to the model's bounds.
    pub fn params(&self) -> crate::Result<GenericParams> {
        let base = match self.preset {
            Some(name) => {
                wavebudget_model::generic::preset(name)
                    .ok_or_else(|| Misuse::UnknownPreset { name: name.to_string() })?
                    .params
            }
            None => {
                let (Some(f), Some(w), Some(b)) = (self.register_file_bytes, self.wave_width, self.register_bytes)
                else {
                    return Err(Misuse::GenericIncomplete.into());
                };
                GenericParams::first_order(f, w, b)
            }
        };
        let p = GenericParams {
            register_file_bytes: self.register_file_bytes.unwrap_or(base.register_file_bytes),
            wave_width: self.wave_width.unwrap_or(base.wave_width),
            register_bytes: self.register_bytes.unwrap_or(base.register_bytes),
            granule: self.granule.unwrap_or(base.granule),
            max_waves: self.max_waves.unwrap_or(base.max_waves),
            partitions: self.partitions.unwrap_or(base.partitions),
        };
        Ok(p.validate()?)
    }
}

/// `occupancy --target generic`'s answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct OccupancyAnswer {
    /// `generic`.
    pub target: &'static str,
    /// The register file's shape.
    pub params: GenericParams,
    /// What the model counts.
    pub scope: &'static str,
    /// The waves for the registers asked about.
    #[serde(flatten)]
    pub result: GenericOccupancy,
}

/// The generic model's occupancy at `registers` per lane (refused where none are given).
pub fn occupancy(params: GenericParams, registers: Option<u32>) -> crate::Result<OccupancyAnswer> {
    let registers = registers.ok_or(Misuse::GenericNoVgprs)?;
    Ok(OccupancyAnswer { target: "generic", params, scope: SCOPE, result: params.occupancy(registers) })
}

/// The most levels `--all` lists (each a line, or a JSON object).
pub const MAX_LEVELS: u64 = 65536;

/// Which waves a generic budget is asked for (and an AMD budget: its `--all` is the ladder).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Levels {
    /// One.
    One(u32),
    /// Every level from 1 to the cap (or to what one register allows, at most 256).
    Every,
}

impl Levels {
    /// What a door was given, the one rule of every door for the AMD and generic budgets: exactly one of
    /// `waves` and `all` (a door that has no `all` passes `false`).
    pub fn from_given(all: bool, waves: Option<u32>) -> Result<Levels, Misuse> {
        match (all, waves) {
            (true, None) => Ok(Levels::Every),
            (false, Some(w)) => Ok(Levels::One(w)),
            (false, None) => Err(Misuse::NoWaves),
            (true, Some(_)) => Err(Misuse::WavesAndAll),
        }
    }
}

/// One level of a generic budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BudgetLevel {
    /// The waves asked for.
    pub waves: u32,
    /// The most registers per lane that keep them (R_max).
    pub max_registers: u64,
}

/// `budget --target generic`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BudgetAnswer {
    /// `generic`.
    pub target: &'static str,
    /// The register file's shape.
    pub params: GenericParams,
    /// What the model counts.
    pub scope: &'static str,
    /// One budget per level asked, in order.
    pub levels: Vec<BudgetLevel>,
}

/// The generic model's register budget at each level asked.
pub fn budget(params: GenericParams, levels: Levels) -> crate::Result<BudgetAnswer> {
    let wants: Vec<u32> = match levels {
        Levels::One(w) => vec![w],
        Levels::Every => {
            // The levels that fit: to the cap where one is set, never past what one register allows (the
            // model refuses those), at most 256 where no cap is set; more than MAX_LEVELS is refused.
            let fits = params.occupancy(1).waves;
            let top = if params.max_waves != 0 { u64::from(params.max_waves).min(fits) } else { fits.min(256) };
            if top > MAX_LEVELS {
                return Err(Misuse::TooManyLevels { levels: top, max: MAX_LEVELS }.into());
            }
            (1..=top.max(1) as u32).collect()
        }
    };
    let levels = wants
        .into_iter()
        .map(|waves| params.max_registers(waves).map(|max_registers| BudgetLevel { waves, max_registers }))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(BudgetAnswer { target: "generic", params, scope: SCOPE, levels })
}
