//! The report's inputs: every kernel (or configuration) the HTML report shows, evaluated by the model,
//! with its counts, notes and, for a sweep, its measured ladder. The page itself (charts, layout) is the
//! CLI's rendering of these values; Python's `write_report` and `wavebudget report` build them here.

use regex::Regex;
use serde::Serialize;
use wavebudget_codeobj::KernelMeta;
use wavebudget_model::targets::MAX_FLAT_WORKGROUP_SIZE;
use wavebudget_model::{
    parse_target, Evaluation, KernelResources, Launch, Llvm, Occupancy, Options, Subtarget, TargetId, Usage, Vgprs,
    WorkgroupSize,
};

use crate::inspect::{self, InspectOptions, Padding};
use crate::ladder::{Level, Sweep};
use crate::{Error, Note, Result, SweepProblem};

/// One kernel (or configuration) of the report, before the page lays it out.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The kernel's name (a configuration's: its counts).
    pub name: String,
    /// The code object's source, the sweep file, or `command line`.
    pub source: String,
    /// The target it is evaluated on (canonical id), or what is known of it.
    pub gpu: String,
    /// The model's answer and the subtarget that gave it; `None` where there is none (the notes say why).
    pub eval: Option<(Subtarget, Occupancy)>,
    /// The largest launch size the kernel takes.
    pub max_launch: u32,
    /// Which input it came from (an index into the inputs).
    pub input: usize,
    /// Its counts under the metadata's names: the code object's entry, a sweep's baseline, or the
    /// configuration's (`None` where the source has no such count).
    pub meta: KernelMeta<'static>,
    /// VGPR + SGPR spills, summed without overflow ([`KernelResources::spill_sum`]).
    pub spills: Option<u64>,
    /// What the evaluation says beside its numbers.
    pub notes: Vec<Note>,
    /// A sweep's compiles: the unconstrained build first, then each waves target.
    pub measured: Option<Vec<MeasuredRow>>,
}

/// One compile of a sweep, as the page shows it.
#[derive(Debug, Clone, Serialize)]
pub struct MeasuredRow {
    /// "unconstrained" or the waves target.
    pub target: String,
    /// The waves target (`None`: the unconstrained build).
    pub waves: Option<u32>,
    /// `ok`, `failed`, `not-accepted`.
    pub status: String,
    /// Architectural VGPRs LLVM reported.
    pub vgprs: Option<u32>,
    /// AGPRs LLVM reported.
    pub agprs: Option<u32>,
    /// The level's kernel (`.vgpr_count`, `.sgpr_count`, ...), where it compiled.
    pub resources: Option<KernelResources>,
    /// VGPR + SGPR spills.
    pub spills: Option<u64>,
    /// Scratch bytes per work-item.
    pub scratch: Option<u32>,
    /// Waves/SIMD LLVM reported.
    pub waves_per_simd: Option<u32>,
    /// The model's R_max at this waves target (what the budget allowed).
    pub r_max: Option<u32>,
    /// Instructions of the kernel.
    pub instructions: Option<u64>,
    /// The hot loop's instructions; `None` also when the kernel has no loop (`instructions` is then set).
    pub loop_instructions: Option<u64>,
    /// `s_waitcnt vmcnt(0)` count.
    pub vmcnt0: Option<u64>,
    /// `s_waitcnt lgkmcnt(0)` count.
    pub lgkmcnt0: Option<u64>,
    /// Scratch loads and stores.
    pub scratch_ops: Option<u64>,
    /// The latency-hiding model's predicted throughput against the kernel's fastest level (1.0: the
    /// fastest; 0.5: twice its time), where the level compiled and its processor's product has figures.
    pub predicted_throughput: Option<f64>,
    /// What binds the level's predicted time (`matrix-latency`, `bandwidth`, ...).
    pub bound_by: Option<String>,
    /// `v_accvgpr_read/write` copies.
    pub accvgpr_copies: Option<u64>,
    /// LLVM's warnings, or its error where the level failed.
    pub warnings: String,
}

/// What the report is asked for about input files.
#[derive(Debug, Clone, Default)]
pub struct FileOptions {
    /// Evaluate binaries on this target (not a sweep's kernels: they were compiled for their own).
    pub target: Option<TargetId>,
    /// The launch size (default: each kernel's range).
    pub wg_size: Option<WorkgroupSize>,
    /// LDS bytes per workgroup given at launch, on top of each kernel's static LDS.
    pub dynamic_lds: Option<u32>,
    /// Only kernels whose name matches (or whose symbol the pattern is).
    pub kernel: Option<Regex>,
    /// The LLVM major whose rules evaluate binaries (a sweep's levels: the LLVM that ran it).
    pub llvm: Option<Llvm>,
    /// NVIDIA cubins' launch, as `inspect` takes it (a Triton cache entry's own launch otherwise).
    pub cuda: crate::inspect::CudaLaunch,
}

/// The kernels of input files, and what the walk of the binaries skipped (entries for other devices).
#[derive(Debug, Clone)]
pub struct Inputs {
    /// The kernels, input by input, in file order.
    pub entries: Vec<Entry>,
    /// `<source>: <reason>` of each bundle entry that is not an AMDGPU code object.
    pub skipped: Vec<String>,
    /// NVIDIA cubins with their kernels at the launch, as `inspect` evaluates them (the page draws them
    /// when the inputs hold no AMD kernel; beside AMD kernels they are listed as skipped).
    pub cubins: Vec<crate::inspect::CubinReport>,
}

/// A sweep option the report refuses, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SweepOption {
    /// `--target`: a sweep's kernels were compiled for their own targets.
    Target,
    /// `--llvm`: a sweep's levels were compiled by the LLVM that ran it.
    Llvm,
}

impl std::fmt::Display for SweepOption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use wavebudget_model::text::Arg;
        match self {
            SweepOption::Target => {
                write!(f, "{} applies to binaries; a sweep's kernels were compiled for their own targets", Arg("target"))
            }
            SweepOption::Llvm => write!(
                f,
                "{} applies to binaries; a sweep's levels were compiled by the LLVM that ran it, whose rules evaluate them",
                Arg("llvm")
            ),
        }
    }
}

/// One configuration (the calculator view) on each target of a comma-separated list.
pub fn configuration(targets: &str, usage: Usage, sgprs: Option<u32>, options: Options) -> Result<Vec<Entry>> {
    crate::targets::subtargets(targets, options)?
        .into_iter()
        .map(|st| {
            let o = st.occupancy(&usage)?;
            let (arch, agpr) = match usage.vgprs {
                Vgprs::Split { arch, agpr } => (Some(arch), Some(agpr)),
                Vgprs::Total(_) => (None, None),
            };
            Ok(Entry {
                name: match arch {
                    Some(v) => format!("{v} VGPRs, {} AGPRs, {} LDS bytes", agpr.unwrap_or(0), usage.lds),
                    None => format!("{} VGPRs, {} LDS bytes", o.vgpr_count, usage.lds),
                },
                source: "command line".into(),
                gpu: o.target.clone(),
                max_launch: MAX_FLAT_WORKGROUP_SIZE,
                input: 0,
                meta: KernelMeta {
                    vgpr_count: Some(o.vgpr_count),
                    agpr_count: agpr,
                    sgpr_count: sgprs,
                    group_segment_fixed_size: Some(usage.lds),
                    ..KernelMeta::default()
                },
                spills: None,
                notes: o.notes.iter().cloned().map(Note::Model).collect(),
                measured: None,
                eval: Some((st, o)),
            })
        })
        .collect()
}

/// Whether a file is JSON (a sweep's output) rather than a binary or a directory.
fn is_json(path: &str) -> Result<bool> {
    let p = std::path::Path::new(path);
    if p.is_dir() {
        return Ok(false);
    }
    let mapped = crate::triton::map_regular(p)?;
    Ok(mapped.bytes().iter().take(64).find(|b| !b.is_ascii_whitespace()) == Some(&b'{'))
}

/// The kernels of the input files (code objects, bundles, HIP binaries, Triton cache directories, sweep
/// JSON), each evaluated by the model.
pub fn files(files: &[String], opts: &FileOptions) -> Result<Inputs> {
    let llvm = opts.llvm.unwrap_or_default();
    let mut entries = Vec::new();
    let mut binaries = Vec::new();
    let mut before_filter = 0usize;
    for (input, f) in files.iter().enumerate() {
        if is_json(f)? {
            let refused = |option| Err(Error::SweepOption { path: f.clone(), option });
            if opts.target.is_some() {
                return refused(SweepOption::Target);
            }
            if opts.llvm.is_some() {
                return refused(SweepOption::Llvm);
            }
            let (found, total) = sweep_entries(f, input, opts, llvm)?;
            before_filter += total;
            entries.extend(found);
        } else {
            binaries.push((input, f.clone()));
        }
    }
    let mut skipped = Vec::new();
    let mut cubins = Vec::new();
    // One input at a time, so each code object's input (for the command that draws its charts) is known;
    // the input budget is the command's, over all of them.
    let binary_files: Vec<String> = binaries.iter().map(|(_, f)| f.clone()).collect();
    let budget = inspect::command_budget(&binary_files)?;
    for (input, file) in binaries {
        let report = inspect::inspect_within(
            std::slice::from_ref(&file),
            &InspectOptions {
                target: opts.target,
                wg_size: opts.wg_size,
                kernel: opts.kernel.clone(),
                dynamic_lds: opts.dynamic_lds,
                llvm,
                cuda: opts.cuda,
                ..InspectOptions::default()
            },
            &budget,
        )?;
        before_filter += report.kernels_before_filter;
        for s in &report.skipped {
            skipped.push(format!("{}: {}", s.source, s.reason));
        }
        cubins.extend(report.cubins);
        for co in report.code_objects {
            let gpu = co.evaluated_on.clone().or(co.target_id.clone()).unwrap_or_else(|| "unknown processor".into());
            for k in co.kernels {
                let mut notes = k.notes;
                let eval = k.evaluation.map(|(st, o)| {
                    let padded = k.at_no_cost.map_or(Padding::None, Padding::AtNoCost);
                    (st, unpadded(o, padded, k.metadata.vgpr_count, k.metadata.sgpr_count, &mut notes))
                });
                entries.push(Entry {
                    input,
                    gpu: eval.as_ref().map_or(gpu.clone(), |(_, o)| o.target.clone()),
                    // The kernel's own largest launch (not the asked launch size): the chart spans what it
                    // can take.
                    max_launch: KernelResources::launch_of(
                        k.metadata.reqd_workgroup_size,
                        k.metadata.max_flat_workgroup_size,
                    )
                    .map_or(MAX_FLAT_WORKGROUP_SIZE, |w| w.max),
                    spills: KernelResources::spill_sum(k.metadata.vgpr_spill_count, k.metadata.sgpr_spill_count),
                    notes,
                    measured: None,
                    eval,
                    name: k.metadata.name.to_string(),
                    meta: k.metadata,
                    source: co.source.clone(),
                });
            }
        }
    }
    let nvidia_kernels: usize = cubins.iter().map(|c| c.kernels.len()).sum();
    if !entries.is_empty() {
        // One page draws one vendor's kernels: beside AMD kernels, each cubin is a line of its own.
        for c in cubins.iter().filter(|c| !c.kernels.is_empty()) {
            skipped.push(format!(
                "{}: an NVIDIA cubin ({}, {} kernels): not drawn, a page draws one vendor's kernels; `wavebudget inspect` shows them",
                c.source,
                c.arch,
                c.kernels.len()
            ));
        }
    } else if nvidia_kernels > 0 {
        return Ok(Inputs { entries, skipped, cubins });
    }
    if let (Some(re), true) = (&opts.kernel, entries.is_empty()) {
        return Err(Error::NoKernelMatches {
            pattern: re.as_str().to_string(),
            total: before_filter,
            inputs: files.join(", "),
        });
    }
    if entries.is_empty() {
        return Err(Error::NoKernels { inputs: files.join(", ") });
    }
    Ok(Inputs { entries, skipped, cubins })
}

fn measured_row(l: &Level, st: Option<&Subtarget>) -> MeasuredRow {
    let isa = l.isa.as_ref();
    let hot = isa.and_then(|i| i.hot_loop);
    MeasuredRow {
        target: l.waves.map_or("unconstrained".into(), |w| w.to_string()),
        waves: l.waves,
        status: l.status.as_str().to_string(),
        vgprs: l.vgprs,
        agprs: l.agprs,
        resources: l.resources,
        spills: KernelResources::spill_sum(l.vgpr_spill_count, l.sgpr_spill_count),
        scratch: l.resources.map(|r| r.private_segment_fixed_size),
        waves_per_simd: l.waves_per_simd,
        // The budget ladder's R_max (`Budget::max_vgprs`) for this waves target.
        r_max: l.waves.zip(st).map(|(w, st)| st.max_vgprs_for_waves(w)),
        instructions: isa.map(|i| u64::from(i.instructions)),
        loop_instructions: hot.map(|h| u64::from(h.instructions)),
        vmcnt0: isa.map(|i| u64::from(i.waitcnt.vmcnt0)),
        lgkmcnt0: isa.map(|i| u64::from(i.waitcnt.lgkmcnt0)),
        scratch_ops: isa.map(|i| u64::from(i.scratch_ops)),
        // Against the fastest level: set by the caller, which sees them all.
        predicted_throughput: l
            .predicted
            .as_ref()
            .filter(|_| l.status == wavebudget_ladder::Status::Ok)
            .map(|p| p.seconds_per_work),
        bound_by: l.predicted.as_ref().filter(|_| l.status == wavebudget_ladder::Status::Ok).map(|p| p.cause.clone()),
        accvgpr_copies: isa.map(|i| u64::from(i.accvgpr_copies)),
        warnings: if l.warnings.is_empty() {
            l.error.as_ref().map(ToString::to_string).unwrap_or_default()
        } else {
            l.warnings.join("; ")
        },
    }
}

/// The kernels of a `wavebudget sweep --json` file, each evaluated from its unconstrained build, with its
/// measured ladder; and how many kernels the file holds.
fn sweep_entries(path: &str, input: usize, opts: &FileOptions, llvm: Llvm) -> Result<(Vec<Entry>, usize)> {
    let mapped = crate::triton::map_regular(std::path::Path::new(path))?;
    let not_sweep = |problem: SweepProblem| Error::NotASweep { path: path.to_string(), problem };
    let sweep = Sweep::from_json(mapped.bytes()).map_err(|e| not_sweep(SweepProblem::Shape(e)))?;
    let (wg, dynamic_lds) = (opts.wg_size, opts.dynamic_lds.unwrap_or(0));
    let mut out = Vec::new();
    for (i, k) in sweep.kernels.iter().enumerate() {
        let (name, target, base, levels) = (k.name.as_str(), k.target.as_str(), &k.baseline, &k.levels);
        if opts.kernel.as_ref().is_some_and(|re| !crate::inspect::kernel_selected(re, name, &format!("{name}.kd"))) {
            continue;
        }
        let mut notes = Vec::new();
        let res = base.resources;
        let id = parse_target(target).map_err(|error| Error::SweepTarget {
            path: path.to_string(),
            index: i,
            target: target.to_string(),
            error,
        })?;
        let evaluation =
            Evaluation { launch: Launch::named_or(wg, Launch::OwnRange), dynamic_lds, ..Evaluation::reading(id, llvm) };
        let st = inspect::subtarget_for(
            &evaluation,
            res.map(|r| r.wavefront_size),
            res.and_then(|r| r.workgroup_processor_mode),
            &mut notes,
        );
        let mut eval = None;
        match (&st, &res) {
            (Some(st), Some(r)) => match evaluation.occupancy_on(st, r) {
                Ok(o) => {
                    if let Some(reported) =
                        base.waves_per_simd.filter(|&w| wg.is_none() && dynamic_lds == 0 && w != o.waves_per_simd)
                    {
                        notes.push(Note::ModelDiffersFromBuild { model: o.waves_per_simd, reported });
                    }
                    eval = Some((*st, o));
                }
                Err(error) => notes.push(Note::NoOccupancy { on: None, error }),
            },
            (_, None) => notes.push(Note::NoBaselineCounts { status: base.status }),
            _ => {}
        }
        let max = st.as_ref().map_or(id.processor.max_waves_per_eu(), Subtarget::max_waves);
        let measured_levels = std::iter::once(("baseline".to_string(), base))
            .chain(levels.iter().enumerate().map(|(j, l)| (format!("levels[{j}]"), l)));
        for (level, l) in measured_levels {
            if let Some(occupancy) = l.waves_per_simd.filter(|&o| o > max) {
                return Err(not_sweep(SweepProblem::Occupancy {
                    kernel: i,
                    level,
                    occupancy,
                    processor: id.processor.name.to_string(),
                    max,
                }));
            }
        }
        for (j, l) in levels.iter().enumerate() {
            match l.waves {
                Some(w) if (1..=max).contains(&w) => {}
                w => {
                    return Err(not_sweep(SweepProblem::Waves {
                        kernel: i,
                        level: j,
                        waves: w,
                        processor: id.processor.name.to_string(),
                        max,
                    }))
                }
            }
        }
        let eval = eval.map(|(st, o)| {
            let padded = res.map_or(Padding::None, |r| evaluation.padding(&st, &r, &o));
            let o = unpadded(o, padded, res.map(|r| r.vgpr_count), res.map(|r| r.sgpr_count), &mut notes);
            (st, o)
        });
        let mut measured = vec![measured_row(base, st.as_ref())];
        measured.extend(levels.iter().map(|l| measured_row(l, st.as_ref())));
        // Seconds per unit of work -> throughput against the fastest level.
        let fastest = measured.iter().filter_map(|m| m.predicted_throughput).reduce(f64::min);
        for m in &mut measured {
            m.predicted_throughput = m.predicted_throughput.zip(fastest).map(|(t, f)| f / t);
        }
        out.push(Entry {
            input,
            name: name.to_string(),
            source: path.to_string(),
            gpu: eval.as_ref().map_or(id.canonical(), |(_, o): &(Subtarget, Occupancy)| o.target.clone()),
            max_launch: res.map_or(MAX_FLAT_WORKGROUP_SIZE, |r| r.launch_range().max),
            meta: KernelMeta {
                vgpr_count: res.map(|r| r.vgpr_count),
                agpr_count: res.map(|r| r.agpr_count),
                sgpr_count: res.map(|r| r.sgpr_count),
                group_segment_fixed_size: res.map(|r| r.group_segment_fixed_size),
                private_segment_fixed_size: res.map(|r| r.private_segment_fixed_size),
                ..KernelMeta::default()
            },
            spills: KernelResources::spill_sum(base.vgpr_spill_count, base.sgpr_spill_count),
            notes,
            measured: Some(measured),
            eval,
        });
    }
    Ok((out, sweep.kernels.len()))
}

/// A kernel whose descriptor LLVM padded beyond its counts at no cost in waves (the engine's one rule,
/// [`inspect::padding`]): its charts and next step come from the counts it needs, since with fewer
/// resources LLVM would pad less; the note says so. Where the padding costs waves (an
/// `amdgpu-waves-per-eu` maximum), what the descriptor allocates is what runs, and stays.
fn unpadded(
    o: Occupancy,
    padding: Padding,
    vgpr_count: Option<u32>,
    sgpr_count: Option<u32>,
    notes: &mut Vec<Note>,
) -> Occupancy {
    let (Padding::AtNoCost(plain), Some(v), Some(s)) = (padding, vgpr_count, sgpr_count) else { return o };
    notes.push(Note::PaddedAtNoCost {
        vgprs: o.vgpr_count,
        sgprs: o.sgpr_count,
        vgpr_count: v,
        sgpr_count: s,
        waves: o.waves_per_simd,
    });
    *plain
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sweep level whose waves the processor cannot have is refused as the variant, with its data.
    #[test]
    fn a_level_out_of_range_is_the_waves_variant() {
        let dir = std::env::temp_dir().join(format!("wavebudget-report-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("huge.json");
        std::fs::write(
            &path,
            r#"{"kernels": [{"name": "k", "target": "gfx942", "baseline": {"status": "ok"}, "levels": [{"waves": 9, "status": "ok"}]}]}"#,
        )
        .unwrap();
        let opts = FileOptions::default();
        let e = files(&[path.display().to_string()], &opts).unwrap_err();
        let _ = std::fs::remove_dir_all(&dir);
        match e {
            Error::NotASweep {
                problem: SweepProblem::Waves { kernel: 0, level: 0, waves: Some(9), processor, max: 8 },
                ..
            } => {
                assert_eq!(processor, "gfx942")
            }
            e => panic!("not the waves variant: {e:?}"),
        }
    }

    /// A measured occupancy over what the processor runs (gfx942: 8 waves/SIMD, AMD's CDNA3 ISA guide and
    /// llc-22's maximum) is refused, in the baseline as in a level, not drawn as 99 waves.
    #[test]
    fn an_occupancy_over_the_processors_maximum_is_refused() {
        let dir = std::env::temp_dir().join(format!("wavebudget-report-occ-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, json, level) in [
            (
                "base.json",
                r#"{"kernels": [{"name": "k", "target": "gfx942", "baseline": {"status": "ok", "waves_per_simd": 99}, "levels": []}]}"#,
                "baseline",
            ),
            (
                "level.json",
                r#"{"kernels": [{"name": "k", "target": "gfx942", "baseline": {"status": "ok"}, "levels": [{"waves": 2, "status": "ok", "waves_per_simd": 9}]}]}"#,
                "levels[0]",
            ),
        ] {
            let path = dir.join(name);
            std::fs::write(&path, json).unwrap();
            let e = files(&[path.display().to_string()], &FileOptions::default()).unwrap_err();
            match &e {
                Error::NotASweep { problem: SweepProblem::Occupancy { kernel: 0, level: l, max: 8, .. }, .. } => {
                    assert_eq!(l, level)
                }
                e => panic!("not the occupancy variant: {e:?}"),
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A level whose flattened resources do not parse (a string or a negative where a count goes) is
    /// refused, naming the level and the field, not read as a level without counts.
    #[test]
    fn malformed_resources_are_refused_not_dropped() {
        let dir = std::env::temp_dir().join(format!("wavebudget-report-res-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let full = r#""vgpr_count": 102, "agpr_count": 0, "sgpr_count": 13, "group_segment_fixed_size": 0, "private_segment_fixed_size": 0, "wavefront_size": 64, "max_flat_workgroup_size": 256"#;
        for (name, extra, field) in [
            ("str.json", r#""spills": "abc""#, "spills"),
            ("neg.json", r#""spills": -3"#, "spills"),
            ("missing.json", r#""descriptor": null"#, "spills"),
        ] {
            let json = format!(
                r#"{{"kernels": [{{"name": "k", "target": "gfx942", "baseline": {{"status": "ok", {full}, {extra}}}, "levels": []}}]}}"#
            );
            let path = dir.join(name);
            std::fs::write(&path, json).unwrap();
            let e = files(&[path.display().to_string()], &FileOptions::default()).unwrap_err();
            match &e {
                Error::NotASweep { problem: SweepProblem::Shape(text), .. } => {
                    assert!(text.starts_with("kernels[0].baseline: the compiled kernel's resources"), "{text}");
                    assert!(text.contains(field), "{text}");
                }
                e => panic!("{name}: not refused as malformed: {e:?}"),
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
