//! The latency-hiding model: per candidate, the time one SM/CU takes for a round (each resident
//! workgroup doing one iteration of its hot loop) as the largest of what its resources need, the rounds
//! a grid takes with its last partial wave, and the time per unit of the problem's work, so configs of
//! one kernel on one problem compare without knowing the problem's size.
//!
//! Little's Law decides coverage: matrix latency is covered when the independent matrix instructions in
//! flight (resident waves x chains per wave) reach latency x issue rate; memory latency when the bytes
//! in flight (resident workgroups x pipeline depth x bytes per iteration) reach latency x bandwidth.

use crate::figures::{Figures, Vendor};
use crate::signals::{IssueGroup, MatrixType, Signals};
use serde::Serialize;

/// One compiled configuration, as the doors hand it over.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Candidate {
    /// The config's name (a Triton config, a file).
    pub name: String,
    /// What its instructions say; `None` where none were read (a cubin alone).
    pub signals: Option<Signals>,
    /// Threads per workgroup (block).
    pub threads: u32,
    /// Threads per wave (32 on NVIDIA).
    pub wave_size: u32,
    /// Workgroups launched; `None` where unknown (a compiler's sweep): the last wave's tail is not counted.
    pub grid: Option<u64>,
    /// Workgroups resident per SM/CU, from the occupancy model (0: none fits).
    pub resident: u32,
    /// Spilled 32-bit registers per thread (NVIDIA: Triton's `n_spills`, ptxas's spill bytes / 4; AMD:
    /// `.vgpr_spill_count` + `.sgpr_spill_count`).
    pub spills: u32,
}

/// What binds a candidate's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, strum::IntoStaticStr, strum::VariantNames)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
#[non_exhaustive]
pub enum Cause {
    /// Too few independent matrix instructions in flight for the matrix unit's latency.
    MatrixLatency,
    /// Too few bytes in flight for the memory's latency (a shallow pipeline, few workgroups).
    MemoryLatency,
    /// The memory's bandwidth (HBM, or L2 for operand tiles).
    Bandwidth,
    /// An execution unit at its peak rate (matrix, FP32, transcendental, issue).
    ComputePeak,
    /// Spill traffic is most of the bytes that bind.
    Spills,
    /// The last partial wave of workgroups leaves a third or more of the time's SMs/CUs idle.
    Tail,
    /// Nothing was read to predict from.
    Unknown,
    /// Not one workgroup fits on an SM/CU.
    Unlaunchable,
}

impl Cause {
    /// The kebab-case name.
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// Why a prediction is partial, per candidate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error, strum::IntoStaticStr)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum Note {
    /// No loop: the whole kernel is the unit of work.
    #[error("no loop found: the whole kernel is read as one iteration")]
    NoHotLoop,
    /// No instructions were read.
    #[error("no instructions read: ranked by spills and residency only, no time predicted")]
    NoInstructions,
    /// An instruction without a figure.
    #[error("not modelled: {what}")]
    NotModelled { what: String },
    /// The target has no L2 bandwidth figure.
    #[error("{product} has no L2 bandwidth figure: operand tiles are bounded by latency and HBM only")]
    NoL2Figure { product: &'static str },
    /// The target has no rate for a matrix operand type.
    #[error("{product} has no matrix rate for {ty:?} operands: those instructions are left out")]
    NoMatrixRate { product: &'static str, ty: MatrixType },
    /// The candidates do different work per iteration (one has matrix instructions, another none).
    #[error("its hot loop does a different kind of work than the others' ({work}): its time is not comparable")]
    WorkNotComparable { work: &'static str },
    /// Spills assumed once per iteration.
    #[error("{spills} spilled registers counted as one store and one load each per iteration")]
    SpillsAssumed { spills: u32 },
}

/// The seconds each resource needs for one round on one SM/CU.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Terms {
    /// Matrix instructions at the unit's rate, slowed where their latency is not covered.
    pub matrix: f64,
    /// FP32, transcendental and issue.
    pub vector: f64,
    /// Bytes at the bandwidth (with spill traffic).
    pub bandwidth: f64,
    /// One workgroup's critical path: memory latency over the pipeline's depth (NVIDIA), one wave's
    /// dependences (AMD).
    pub latency: f64,
}

/// The model's answer for one candidate.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Prediction {
    pub name: String,
    /// Time against the fastest predicted candidate (1.0); `None` where no time is predicted.
    pub relative_time: Option<f64>,
    /// What binds.
    pub cause: Cause,
    /// Predicted seconds per unit of `work`: comparable between configs of one kernel on one problem
    /// (what a perf model returns), not a time of the whole kernel (the loop's trip count is not read).
    #[serde(rename = "seconds_per_work")]
    pub time_per_work: Option<f64>,
    /// The unit: `matrix_flop` (the hot loop's matrix work), `byte` (its global traffic), `launch` (a
    /// kernel without a loop: the whole grid once).
    pub work: &'static str,
    /// Seconds per round on one SM/CU, by resource.
    pub terms: Terms,
    /// Independent matrix instructions in flight / (latency x issue rate); >= 1 is covered.
    pub matrix_cover: Option<f64>,
    /// Bytes in flight / (latency x bandwidth); >= 1 is covered.
    pub memory_cover: Option<f64>,
    /// The matrix units' predicted busy share in a full round (matrix work at the peak rate over the
    /// round's time): the throughput the model predicts against the peak.
    pub matrix_utilization: Option<f64>,
    /// Share of the time the last partial wave leaves SMs/CUs idle.
    pub tail: f64,
    /// Workgroups resident per SM/CU.
    pub resident: u32,
    /// Waves (warps) resident per SIMD (SM sub-partition).
    pub waves_per_simd: f64,
    /// Spilled registers.
    pub spills: u32,
    /// What the model could not tell.
    pub notes: Vec<Note>,
    /// What it read from the instructions (the hot loop's, per thread or wave).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signals: Option<Signals>,
}

/// The work one iteration of a workgroup does, which the problem conserves across configs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Work {
    MatrixFlops,
    Bytes,
    Kernel,
}

impl Work {
    fn unit(self) -> &'static str {
        match self {
            Work::MatrixFlops => "matrix_flop",
            Work::Bytes => "byte",
            Work::Kernel => "launch",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Work::MatrixFlops => "matrix FLOPs",
            Work::Bytes => "global bytes",
            Work::Kernel => "the whole kernel, once",
        }
    }
}

fn work_of(s: &Signals) -> Work {
    if !s.hot_loop {
        Work::Kernel
    } else if s.matrix_count() > 0 {
        Work::MatrixFlops
    } else {
        Work::Bytes
    }
}

impl Prediction {
    /// The binding term is not a latency: the waves and the independent work in each cover it.
    pub fn latency_covered(&self) -> bool {
        !matches!(self.cause, Cause::MatrixLatency | Cause::MemoryLatency)
    }
}

/// Predict every candidate and rank them fastest first (ties: fewer spills, then more latency slack
/// (the larger memory cover: real latency grows under load, and the candidate with more bytes in flight
/// keeps up longer), then more resident threads, then the order given). Candidates without a prediction follow, by spills and residency.
pub fn rank(fig: &Figures, candidates: &[Candidate]) -> Vec<Prediction> {
    let mut preds: Vec<Prediction> = candidates.iter().map(|c| predict(fig, c)).collect();
    // The kind of work most candidates do sets the unit; the others are flagged.
    let kinds: Vec<Option<Work>> = candidates.iter().map(|c| c.signals.as_ref().map(work_of)).collect();
    let majority = [Work::MatrixFlops, Work::Bytes, Work::Kernel]
        .into_iter()
        .max_by_key(|w| kinds.iter().filter(|k| **k == Some(*w)).count());
    for (p, k) in preds.iter_mut().zip(&kinds) {
        if let (Some(k), Some(m)) = (k, majority) {
            if *k != m {
                p.notes.push(Note::WorkNotComparable { work: k.name() });
                p.time_per_work = None;
            }
        }
    }
    let best = preds.iter().filter_map(|p| p.time_per_work).fold(f64::INFINITY, f64::min);
    for p in &mut preds {
        p.relative_time = p.time_per_work.map(|t| t / best);
    }
    let mut order: Vec<usize> = (0..preds.len()).collect();
    let threads = |i: usize| u64::from(candidates[i].resident) * u64::from(candidates[i].threads);
    order.sort_by(|&a, &b| {
        let (pa, pb) = (&preds[a], &preds[b]);
        let time = match (pa.time_per_work, pb.time_per_work) {
            (Some(x), Some(y)) if (x - y).abs() <= 1e-9 * x.max(y) => std::cmp::Ordering::Equal,
            (Some(x), Some(y)) => x.total_cmp(&y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        };
        let cover = |p: &Prediction| p.memory_cover.unwrap_or(0.0);
        time.then(pa.spills.cmp(&pb.spills))
            .then(cover(pb).total_cmp(&cover(pa)))
            .then(threads(b).cmp(&threads(a)))
            .then(a.cmp(&b))
    });
    let mut slots: Vec<Option<Prediction>> = preds.into_iter().map(Some).collect();
    order.into_iter().map(|i| slots[i].take().expect("each once")).collect()
}

/// One candidate's prediction (its `relative_time` is set by [`rank`]).
pub fn predict(fig: &Figures, c: &Candidate) -> Prediction {
    let wave = c.wave_size.max(1);
    let waves_per_wg = c.threads.div_ceil(wave);
    let waves_per_simd = f64::from(c.resident) * f64::from(waves_per_wg) / 4.0;
    let mut p = Prediction {
        name: c.name.clone(),
        relative_time: None,
        cause: Cause::Unknown,
        time_per_work: None,
        work: "launch",
        terms: Terms::default(),
        matrix_cover: None,
        memory_cover: None,
        matrix_utilization: None,
        tail: 0.0,
        resident: c.resident,
        waves_per_simd,
        spills: c.spills,
        notes: Vec::new(),
        signals: c.signals.clone(),
    };
    if c.resident == 0 {
        p.cause = Cause::Unlaunchable;
        return p;
    }
    let Some(s) = &c.signals else {
        p.notes.push(Note::NoInstructions);
        return p;
    };
    if !s.hot_loop {
        p.notes.push(Note::NoHotLoop);
    }
    for u in &s.unknown {
        p.notes.push(Note::NotModelled { what: u.clone() });
    }
    let clock = fig.clock_hz.value;
    let threads = f64::from(c.threads);
    let r = f64::from(c.resident);
    let work = work_of(s);
    p.work = work.unit();
    let matrix_loop = work == Work::MatrixFlops;
    let bw = match (matrix_loop, fig.l2_per_unit()) {
        (true, Some(l2)) => l2,
        (true, None) => {
            p.notes.push(Note::NoL2Figure { product: fig.product });
            fig.dram_per_unit()
        }
        (false, _) => fig.dram_per_unit(),
    };
    let load = s.global_load_bytes as f64 * threads;
    let store = s.global_store_bytes as f64 * threads;
    // Spills: NVIDIA's are not in the IR; each spilled register is taken as stored and reloaded once
    // per iteration. AMD's scratch instructions are in the code.
    let spill = match fig.vendor {
        Vendor::Nvidia if c.spills > 0 => {
            p.notes.push(Note::SpillsAssumed { spills: c.spills });
            f64::from(c.spills) * 8.0 * threads
        }
        Vendor::Nvidia => 0.0,
        Vendor::Amd => f64::from(s.scratch_ops) * 4.0 * threads,
    };
    p.terms.bandwidth = r * (load + store + spill) / bw;
    let latency = fig.dram_latency_ns.value * 1e-9;
    let depth = f64::from(s.pipeline_depth.max(1));
    if load > 0.0 {
        p.memory_cover = Some(r * depth * load / (latency * bw));
    }
    let mut matrix_peak = 0.0;
    let mut flops_wg = 0.0;
    match fig.vendor {
        Vendor::Nvidia => {
            let warps = f64::from(waves_per_wg);
            let warpgroups = (warps / 4.0).floor().max(1.0);
            let mut cover = f64::INFINITY;
            for m in &s.matrix {
                let per_wg = match m.group {
                    IssueGroup::Warpgroup => warpgroups,
                    IssueGroup::Warp | IssueGroup::Wave => warps,
                };
                let flops = m.flops as f64 * f64::from(m.count) * per_wg;
                flops_wg += flops;
                let Some(rate) = fig.matrix_rate(m.ty) else {
                    let note = Note::NoMatrixRate { product: fig.product, ty: m.ty };
                    if !p.notes.contains(&note) {
                        p.notes.push(note);
                    }
                    continue;
                };
                matrix_peak += r * flops / (rate.value * clock);
                match m.group {
                    IssueGroup::Warpgroup => {
                        if fig.matrix_timing.wgmma_latency_is_issue.is_some() {
                            cover = cover.min(r * warpgroups);
                        }
                    }
                    _ => {
                        if let Some(lat) = fig.matrix_timing.mma_sync_latency_clk {
                            let chains = f64::from(s.matrix_count()) / f64::from(s.matrix_chain.max(1));
                            let in_flight = r * warps / 4.0 * chains;
                            let issue = m.flops as f64 / (rate.value / 4.0);
                            cover = cover.min(in_flight * issue / lat.value);
                        }
                    }
                }
            }
            if cover.is_finite() {
                p.matrix_cover = Some(cover);
                p.terms.matrix = matrix_peak / cover.min(1.0);
            } else {
                p.terms.matrix = matrix_peak;
            }
            let vector = r * threads * s.fp_ops as f64 / (fig.fp32_lanes_per_clk.value * clock);
            let trans = r * threads * s.transcendental_ops as f64 / (fig.transcendental_per_clk.value * clock);
            p.terms.vector = vector.max(trans);
            if load > 0.0 {
                p.terms.latency = (latency + load / bw) / depth;
            }
        }
        Vendor::Amd => {
            let pass = fig.amd_latencies.map_or(4.0, |l| l.pass_clk.value);
            let pipe: f64 = s.matrix.iter().map(|m| f64::from(m.passes.unwrap_or(0) * m.count) * pass).sum();
            for m in &s.matrix {
                flops_wg += m.flops as f64 * f64::from(m.count) * f64::from(waves_per_wg);
            }
            matrix_peak = waves_per_simd * pipe / clock;
            p.terms.matrix = matrix_peak;
            let issue = s.issue_cycles.unwrap_or(0.0);
            let vector = r * threads * s.fp_ops as f64 / (fig.fp32_lanes_per_clk.value * clock);
            let trans = r * threads * s.transcendental_ops as f64 / (fig.transcendental_per_clk.value * clock);
            p.terms.vector = (waves_per_simd * issue / clock).max(vector).max(trans);
            let chain = s.chain_cycles.unwrap_or(0.0);
            p.terms.latency = chain / clock;
            if pipe > 0.0 && chain > 0.0 {
                p.matrix_cover = Some(waves_per_simd * pipe / chain);
            }
        }
    }
    let round = p.terms.matrix.max(p.terms.vector).max(p.terms.bandwidth).max(p.terms.latency);
    if matrix_peak > 0.0 && round > 0.0 {
        p.matrix_utilization = Some(matrix_peak / round);
    }
    // The grid in waves of resident workgroups; the last one partial. Without a grid, one full wave.
    let units = fig.units.value as u64;
    let per_wave = u64::from(c.resident) * units;
    let grid = c.grid.unwrap_or(per_wave);
    let (full, rest) = (grid / per_wave, grid % per_wave);
    let last = if rest == 0 {
        0.0
    } else {
        let r_last = rest.div_ceil(units) as f64;
        round_at(&p.terms, r_last / r)
    };
    let total = full as f64 * round + last;
    let ideal = grid as f64 / per_wave as f64 * round;
    p.tail = if total > 0.0 { (total - ideal).max(0.0) / total } else { 0.0 };
    let per_work = match work {
        Work::MatrixFlops if flops_wg > 0.0 => grid as f64 * flops_wg,
        Work::Bytes if load + store > 0.0 => grid as f64 * (load + store),
        _ => 1.0,
    };
    p.time_per_work = (total > 0.0).then_some(total / per_work);
    p.cause = if p.tail >= 1.0 / 3.0 {
        Cause::Tail
    } else if round == p.terms.bandwidth && round > 0.0 {
        if spill > 0.5 * (load + store + spill) {
            Cause::Spills
        } else {
            Cause::Bandwidth
        }
    } else if round == p.terms.matrix && round > 0.0 {
        if p.matrix_cover.is_some_and(|c| c < 1.0) && fig.vendor == Vendor::Nvidia {
            Cause::MatrixLatency
        } else {
            Cause::ComputePeak
        }
    } else if round == p.terms.latency && round > 0.0 {
        match fig.vendor {
            Vendor::Nvidia => Cause::MemoryLatency,
            Vendor::Amd => {
                if s.matrix_count() > 0 && s.global_load_bytes == 0 {
                    Cause::MatrixLatency
                } else {
                    Cause::MemoryLatency
                }
            }
        }
    } else if round == p.terms.vector && round > 0.0 {
        Cause::ComputePeak
    } else {
        Cause::Unknown
    };
    p
}

/// A round's time with a fraction of the resident workgroups (the last partial wave): throughput terms
/// scale with the workgroups, a workgroup's own latency does not.
fn round_at(t: &Terms, share: f64) -> f64 {
    let share = share.clamp(0.0, 1.0);
    (t.matrix * share).max(t.vector * share).max(t.bandwidth * share).max(t.latency)
}
