//! The sweep's answer as one typed form: what `wavebudget sweep --json` writes (serde), and what the
//! report, the pass's `records=` and `tune`/`mode=auto` read back ([`Sweep::from_json`]), with the policy
//! that picks a waves target from a ladder ([`choose_rungs`]). The compiles themselves need LLVM and live
//! in the pass crate; everything about their results is here.

use serde::{Deserialize, Serialize};
use wavebudget_model::KernelResources;

/// How a level ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Compiled.
    Ok,
    /// LLVM reported an error; see `error`.
    Failed,
    /// The pass did not set the attribute (LLVM 22 would ignore W here); see `warnings`.
    NotAccepted,
}

impl Status {
    /// The JSON spelling (`ok`, `failed`, `not-accepted`).
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Failed => "failed",
            Status::NotAccepted => "not-accepted",
        }
    }
}

/// One compile of one kernel.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Level {
    /// The waves target (absent for the baseline).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waves: Option<u32>,
    /// Outcome.
    pub status: Status,
    /// Arch VGPRs (llc's "VGPRs" remark).
    #[serde(default)]
    pub vgprs: Option<u32>,
    /// AGPRs ("AGPRs" remark).
    #[serde(default)]
    pub agprs: Option<u32>,
    /// The compiled kernel's resources (`.vgpr_count`, `.sgpr_count`, LDS, scratch, the descriptor, ...),
    /// the one type every reader carries; absent unless compiled (or unless every field is there: no
    /// count is taken by default). Flattened into the JSON.
    #[serde(flatten)]
    pub resources: Option<KernelResources>,
    /// `.vgpr_spill_count` (the resources hold the sum with SGPR spills).
    #[serde(default)]
    pub vgpr_spill_count: Option<u32>,
    /// `.sgpr_spill_count`.
    #[serde(default)]
    pub sgpr_spill_count: Option<u32>,
    /// "Occupancy [waves/SIMD]" reached.
    #[serde(default)]
    pub waves_per_simd: Option<u32>,
    /// LLVM's warnings for this compile (and the pass's, where it did not set the attribute).
    #[serde(default)]
    pub warnings: Vec<String>,
    /// LLVM's error, when failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// What the budget did to the code: the compiled kernel's ISA signals (`wavebudget isa`'s, from the
    /// object disassembled in process); absent unless compiled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub isa: Option<wavebudget_isa::Signals>,
}

impl Level {
    /// A level with nothing measured yet.
    pub fn empty(waves: Option<u32>, status: Status) -> Level {
        Level {
            waves,
            status,
            vgprs: None,
            agprs: None,
            resources: None,
            vgpr_spill_count: None,
            sgpr_spill_count: None,
            waves_per_simd: None,
            warnings: Vec::new(),
            error: None,
            isa: None,
        }
    }

    /// The hot loop's instruction count, or the whole kernel's when it has no loop.
    pub fn loop_instructions(&self) -> Option<u32> {
        let isa = self.isa.as_ref()?;
        Some(isa.hot_loop.map_or(isa.instructions, |l| l.instructions))
    }

    /// VGPR + SGPR spills (`None` unless both counts are known), held at `u32::MAX`.
    pub fn spills(&self) -> Option<u32> {
        KernelResources::spill_sum(self.vgpr_spill_count, self.sgpr_spill_count)
            .map(|n| u32::try_from(n).unwrap_or(u32::MAX))
    }

    /// This level as `mode=auto` and [`choose`] weigh it (waves 0 for the baseline).
    pub fn rung(&self) -> Rung {
        Rung {
            waves: self.waves.unwrap_or(0),
            spills: if self.status == Status::Ok { self.spills() } else { None },
            accepted: self.status != Status::NotAccepted,
            loop_instructions: self.loop_instructions(),
        }
    }
}

/// One kernel's ladder.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct KernelLadder {
    /// Kernel (symbol) name.
    pub name: String,
    /// Target id of the code object it was compiled into (empty: the sweep found no processor for it).
    pub target: String,
    /// Compiled unchanged.
    pub baseline: Level,
    /// One per waves target, ascending.
    pub levels: Vec<Level>,
}

/// The sweep's result: the JSON `wavebudget sweep --json` prints (and `records=` and the report read).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Sweep {
    /// Kernels in module order.
    pub kernels: Vec<KernelLadder>,
}

impl Sweep {
    /// A sweep read back from its JSON; the error is one line naming where (`kernels[0].levels[2]:
    /// missing field `status` at line 1 column 80`).
    pub fn from_json(bytes: &[u8]) -> Result<Sweep, String> {
        let de = &mut serde_json::Deserializer::from_slice(bytes);
        serde_path_to_error::deserialize(de).map_err(path_message)
    }

    /// [`Sweep::from_json`] of a document already parsed.
    pub fn from_value(value: &serde_json::Value) -> Result<Sweep, String> {
        serde_path_to_error::deserialize(value).map_err(path_message)
    }
}

/// One kernel of a module as a sweep would compile it, before any compile (`wavebudget sweep --plan`):
/// what a distributed sweep splits into shards (kernels x levels, the largest first) and merges back.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct PlannedKernel {
    /// Kernel (symbol) name.
    pub name: String,
    /// The processor it would be compiled for (empty: none; `error` says why, and the sweep reports
    /// it as not compiled).
    pub target: String,
    /// The waves targets it would be compiled at, ascending (the baseline comes on top).
    pub levels: Vec<u32>,
    /// Its IR instructions (the kernel's own body): the weight a shard planner balances.
    pub instructions: u64,
    /// Why it would not be compiled, when it would not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Merges the ladders of shards of one module's sweep (each a sweep of some of its kernels at some of
/// their levels, the baseline in exactly one) into the ladder of the whole module, kernels in `plan`'s
/// order, levels ascending: what `sweep` gives on one machine. The target id of the code object (any
/// compiled level's) beats the processor name, as in the one-machine sweep. Errors name the kernel and
/// the level a shard left out or gave twice.
pub fn merge(plan: &[PlannedKernel], shards: &[Sweep]) -> Result<Sweep, String> {
    if let Some(k) = shards.iter().flat_map(|s| s.kernels.iter()).find(|k| !plan.iter().any(|p| p.name == k.name)) {
        return Err(format!("kernel '{}': a shard compiled it, the plan has no such kernel", k.name));
    }
    let mut out = Vec::with_capacity(plan.len());
    for p in plan {
        let parts: Vec<&KernelLadder> =
            shards.iter().flat_map(|s| s.kernels.iter()).filter(|k| k.name == p.name).collect();
        let mut baseline = None;
        let mut levels: Vec<Level> = Vec::new();
        let mut target = p.target.clone();
        for k in &parts {
            if k.target.contains("--") && !target.contains("--") {
                target = k.target.clone();
            }
            if k.baseline.error.as_deref() != Some(NO_BASELINE) && baseline.replace(k.baseline.clone()).is_some() {
                return Err(format!("kernel '{}': two shards compiled its baseline", p.name));
            }
            levels.extend(k.levels.iter().cloned());
        }
        levels.sort_by_key(|l| l.waves);
        if let Some(w) = levels.windows(2).find(|w| w[0].waves == w[1].waves) {
            return Err(format!("kernel '{}': two shards compiled W={:?}", p.name, w[0].waves));
        }
        let got: Vec<u32> = levels.iter().filter_map(|l| l.waves).collect();
        if p.error.is_none() && got != p.levels {
            return Err(format!("kernel '{}': shards gave levels {got:?}, the plan has {:?}", p.name, p.levels));
        }
        let baseline = match (baseline, &p.error) {
            (Some(b), _) => b,
            (None, Some(e)) => {
                let mut b = Level::empty(None, Status::Failed);
                b.error = Some(format!("not compiled: {e}"));
                b
            }
            (None, None) => return Err(format!("kernel '{}': no shard compiled its baseline", p.name)),
        };
        if p.error.is_some() {
            target = String::new();
        }
        out.push(KernelLadder { name: p.name.clone(), target, baseline, levels });
    }
    Ok(Sweep { kernels: out })
}

/// The `error` of the baseline a shard was told not to compile (`sweep --no-baseline`); [`merge`]
/// takes the baseline from the one shard that compiled it.
pub const NO_BASELINE: &str =
    "not compiled: --no-baseline (a shard of a distributed sweep; its baseline is in another)";

/// `kernels[0].levels[1]: <what serde says>` (no path for an error at the top).
fn path_message(e: serde_path_to_error::Error<serde_json::Error>) -> String {
    let path = e.path().to_string();
    if path == "." {
        e.into_inner().to_string()
    } else {
        format!("{path}: {}", e.into_inner())
    }
}

/// One level of a ladder as `mode=auto` needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rung {
    /// The waves target.
    pub waves: u32,
    /// VGPR + SGPR spills (`None`: the level did not compile or was not accepted).
    pub spills: Option<u32>,
    /// LLVM accepts `"amdgpu-waves-per-eu"`=W here (false: the pass did not set it, LLVM would ignore it).
    pub accepted: bool,
    /// The hot loop's instructions (the whole kernel's without a loop), from the level's `isa`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loop_instructions: Option<u32>,
}

/// How `tune` and `mode=auto` pick a waves target from a kernel's ladder.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Policy {
    /// Spills (VGPR + SGPR) a chosen level may have.
    pub max_spills: u32,
    /// With `Some(p)`: the hot loop (the whole kernel without a loop) may grow by at most p% over the
    /// unconstrained build's.
    pub max_loop_growth: Option<u32>,
}

/// What [`choose`] picked and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The waves target chosen, if any.
    pub waves: Option<u32>,
    /// Why (one line for people in `Display`).
    pub reason: ChoiceReason,
}

/// Why the policy chose a level, or none.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceReason {
    /// The highest W within the spills (and the hot loop's growth: unconstrained, chosen, the limit in %).
    #[error("the highest W with at most {max_spills} spills{}", growth.map(|(b, x, p)| format!(", hot loop {b} -> {x} instructions (at most +{p}%)")).unwrap_or_default())]
    Highest {
        /// `max-spills`.
        max_spills: u32,
        /// The hot loop's instructions unconstrained and at the level, and the growth allowed.
        growth: Option<(u32, u32, u32)>,
    },
    /// Levels within the spills, none within the hot loop's growth.
    #[error("no level within max-spills={max_spills} keeps the hot loop within +{max_growth}% of the unconstrained build's {}", base.map_or("-".to_string(), |b| b.to_string()))]
    LoopGrowth {
        /// `max-spills`.
        max_spills: u32,
        /// `max-loop-growth`.
        max_growth: u32,
        /// The unconstrained build's hot loop, where known.
        base: Option<u32>,
    },
    /// Every level spills more than allowed: the one with the fewest, fewer than unconstrained.
    #[error("every level spills more than {max_spills}; the fewest spills: {spills} at W={waves} (unconstrained: {unconstrained})")]
    FewestSpills {
        /// `max-spills`.
        max_spills: u32,
        /// Its spills.
        spills: u32,
        /// Its W.
        waves: u32,
        /// The unconstrained build's.
        unconstrained: u32,
    },
    /// Every level spills more than allowed and no fewer than unconstrained.
    #[error("every level that compiled spills more than max-spills={max_spills} (fewest: {spills} at W={waves}), and no fewer than the unconstrained build ({})", unconstrained.map_or("-".to_string(), |b| b.to_string()))]
    TooManySpills {
        /// `max-spills`.
        max_spills: u32,
        /// The fewest.
        spills: u32,
        /// At W.
        waves: u32,
        /// The unconstrained build's, where it compiled.
        unconstrained: Option<u32>,
    },
    /// No level compiled.
    #[error("no level compiled")]
    NoneCompiled,
}

impl ChoiceReason {
    /// The variant's name in snake case, stable across releases.
    pub fn kind(&self) -> &'static str {
        match self {
            ChoiceReason::Highest { .. } => "highest",
            ChoiceReason::LoopGrowth { .. } => "loop_growth",
            ChoiceReason::FewestSpills { .. } => "fewest_spills",
            ChoiceReason::TooManySpills { .. } => "too_many_spills",
            ChoiceReason::NoneCompiled => "none_compiled",
        }
    }
}

/// [`choose_rungs`] on a sweep's ladder.
pub fn choose(ladder: &KernelLadder, policy: &Policy) -> Choice {
    let rungs: Vec<_> = ladder.levels.iter().filter(|l| l.waves.is_some()).map(Level::rung).collect();
    choose_rungs(Some(&ladder.baseline.rung()), &rungs, policy)
}

/// The policy `tune` and `mode=auto` share: the highest waves target among compiled levels with at most
/// `max_spills` spills (and, with `max_loop_growth`, a hot loop within that growth over the unconstrained
/// build's). When every compiled level spills more, the level with the fewest spills if it has fewer than
/// the unconstrained build (ties: the lower W), else none.
pub fn choose_rungs(baseline: Option<&Rung>, rungs: &[Rung], policy: &Policy) -> Choice {
    let compiled = || rungs.iter().filter(|r| r.accepted && r.spills.is_some());
    let base_loop = baseline.and_then(|b| b.loop_instructions);
    let within_growth = |r: &Rung| match (policy.max_loop_growth, base_loop, r.loop_instructions) {
        (None, _, _) => true,
        (Some(p), Some(b), Some(x)) => u64::from(x) * 100 <= u64::from(b) * (100 + u64::from(p)),
        (Some(_), _, _) => false,
    };
    let best = compiled()
        .filter(|r| r.spills.is_some_and(|s| s <= policy.max_spills) && within_growth(r))
        .max_by_key(|r| r.waves);
    if let Some(r) = best {
        let growth = match (policy.max_loop_growth, base_loop, r.loop_instructions) {
            (Some(p), Some(b), Some(x)) => Some((b, x, p)),
            _ => None,
        };
        return Choice {
            waves: Some(r.waves),
            reason: ChoiceReason::Highest { max_spills: policy.max_spills, growth },
        };
    }
    if compiled().any(|r| r.spills.is_some_and(|s| s <= policy.max_spills)) {
        return Choice {
            waves: None,
            reason: ChoiceReason::LoopGrowth {
                max_spills: policy.max_spills,
                max_growth: policy.max_loop_growth.unwrap_or(0),
                base: base_loop,
            },
        };
    }
    // Every level spills more than allowed: the fewest spills, if fewer than without a target.
    let fewest = compiled().filter_map(|r| Some((r.spills?, r.waves))).min();
    match (fewest, baseline.and_then(|b| b.spills)) {
        (Some((s, w)), Some(b)) if s < b => Choice {
            waves: Some(w),
            reason: ChoiceReason::FewestSpills { max_spills: policy.max_spills, spills: s, waves: w, unconstrained: b },
        },
        (Some((s, w)), b) => Choice {
            waves: None,
            reason: ChoiceReason::TooManySpills {
                max_spills: policy.max_spills,
                spills: s,
                waves: w,
                unconstrained: b,
            },
        },
        (None, _) => Choice { waves: None, reason: ChoiceReason::NoneCompiled },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rung(waves: u32, spills: Option<u32>, loop_instructions: Option<u32>) -> Rung {
        Rung { waves, spills, accepted: true, loop_instructions }
    }

    /// The policy as documented: the highest W within max-spills (and the loop growth); else the fewest
    /// spills if fewer than the unconstrained build's; levels not accepted or not compiled never chosen.
    #[test]
    fn the_policy_picks_as_documented() {
        let base = rung(0, Some(0), Some(100));
        let ladder = [rung(1, Some(0), Some(100)), rung(2, Some(0), Some(108)), rung(3, Some(4), Some(130))];
        let pick = |max_spills, max_loop_growth, rungs: &[Rung], base: &Rung| {
            choose_rungs(Some(base), rungs, &Policy { max_spills, max_loop_growth }).waves
        };
        assert_eq!(pick(0, None, &ladder, &base), Some(2));
        assert_eq!(pick(4, None, &ladder, &base), Some(3));
        // +8% allowed: W=2's 108 instructions are in, W=3's 130 not.
        assert_eq!(pick(10, Some(8), &ladder, &base), Some(2));
        assert_eq!(pick(10, Some(7), &ladder, &base), Some(1));
        // Every level spills: the fewest, if fewer than unconstrained.
        let spilling = [rung(1, Some(9), None), rung(2, Some(5), None), rung(3, Some(5), None)];
        assert_eq!(pick(0, None, &spilling, &rung(0, Some(7), None)), Some(2));
        assert_eq!(pick(0, None, &spilling, &rung(0, Some(5), None)), None);
        // Not accepted or not compiled: never chosen.
        let odd = [Rung { accepted: false, ..rung(4, Some(0), None) }, rung(3, None, None), rung(2, Some(0), None)];
        assert_eq!(pick(0, None, &odd, &base), Some(2));
        assert_eq!(choose_rungs(None, &[], &Policy::default()).reason, ChoiceReason::NoneCompiled);
    }

    /// `Status::as_str` is serde's spelling (the report prints one, the JSON the other).
    #[test]
    fn a_status_reads_as_its_json() {
        for s in [Status::Ok, Status::Failed, Status::NotAccepted] {
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
    }

    /// A level's rung: the spill sum only when it compiled; waves 0 for the baseline.
    #[test]
    fn a_level_weighs_as_its_status_says() {
        let mut l = Level::empty(Some(3), Status::Ok);
        l.vgpr_spill_count = Some(u32::MAX);
        l.sgpr_spill_count = Some(2);
        assert_eq!(l.rung(), Rung { waves: 3, spills: Some(u32::MAX), accepted: true, loop_instructions: None });
        l.status = Status::Failed;
        assert_eq!(l.rung().spills, None);
        l.status = Status::NotAccepted;
        assert!(!l.rung().accepted);
        assert_eq!(Level::empty(None, Status::Ok).rung().waves, 0);
    }

    /// A baseline with only its status has no resources (no count taken by default); one with every
    /// resource field has them; a truncated document is named by where it stops.
    #[test]
    fn partial_levels_read_as_what_they_hold() {
        let s = Sweep::from_json(
            br#"{"kernels": [{"name": "k", "target": "gfx942", "baseline": {"status": "ok"}, "levels": []}]}"#,
        )
        .unwrap();
        assert_eq!(s.kernels[0].baseline.resources, None);
        let full = br#"{"kernels": [{"name": "k", "target": "gfx942", "levels": [], "baseline": {"status": "ok",
            "vgpr_count": 40, "agpr_count": 0, "sgpr_count": 20, "group_segment_fixed_size": 0,
            "private_segment_fixed_size": 0, "wavefront_size": 64, "max_flat_workgroup_size": 256, "spills": 0}}]}"#;
        let s = Sweep::from_json(full).unwrap();
        assert_eq!(s.kernels[0].baseline.resources.map(|r| r.vgpr_count), Some(40));
        let e = Sweep::from_json(br#"{"kernels": [{"name": "k""#).unwrap_err();
        assert!(e.starts_with("kernels[0]") && e.contains("EOF"), "{e}");
    }
}
