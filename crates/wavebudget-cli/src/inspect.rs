//! `wavebudget inspect`: every kernel of every code object in the given files, with its occupancy.

use regex::Regex;
use serde::Serialize;
use wavebudget_codeobj::{walk, CodeObject, ElfKind, Found, Kernel, KernelDescriptor, KernelMeta, Mapped, Value};
use wavebudget_model::{parse_target, Limiter, Options, Subtarget, TargetId, Usage, Vgprs, WorkgroupSize};

use crate::CliError;

/// The whole answer, as `--json` prints it.
#[derive(Debug, Serialize)]
pub struct Report {
    /// LDS bytes per workgroup given at launch (`--dynamic-lds`), counted on top of each kernel's
    /// `group_segment_fixed_size` in `waves_per_simd`; absent when 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dynamic_lds: Option<u32>,
    /// Code objects in file order.
    pub code_objects: Vec<CodeObjectReport>,
    /// Bundle entries that are not AMDGPU code objects.
    pub skipped: Vec<Skipped>,
    /// Kernels read before `--kernel` filtered them (for the message when it matches none).
    #[serde(skip)]
    pub kernels_before_filter: usize,
}

/// A bundle entry that was not read, and why.
#[derive(Debug, Serialize)]
pub struct Skipped {
    /// `<file>#<entry id>`.
    pub source: String,
    /// Why.
    pub reason: &'static str,
}

/// One code object.
#[derive(Debug, Serialize)]
pub struct CodeObjectReport {
    /// `<file>`, `<file>#<entry id>`, or `<file>#<bundle>:<entry id>` when the file holds several bundles.
    pub source: String,
    /// Index of the bundle the code object is in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bundle: Option<usize>,
    /// File offset of that bundle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bundle_offset: Option<u64>,
    /// Compression of that bundle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compression: Option<wavebudget_codeobj::Compression>,
    /// Processor from `e_flags`.
    pub processor: Option<&'static str>,
    /// `amdhsa.target`, or the target id built from `e_flags`.
    pub target_id: Option<String>,
    /// Code object version (4, 5, 6).
    pub code_object_version: Option<u32>,
    /// `relocatable`, `shared` or `executable`.
    pub elf_type: ElfKind,
    /// Raw `e_flags`.
    pub e_flags: u32,
    /// The target the occupancy columns are for (`--target`, else the code object's own).
    pub evaluated_on: Option<String>,
    /// Top-level metadata keys this reader does not know.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata_extra: Option<Value<'static>>,
    /// The launch a Triton cache entry's `<name>.json` gives (`inspect DIR`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub launch: Option<TritonLaunch>,
    /// Kernels in metadata order (those matching `--kernel`).
    pub kernels: Vec<KernelReport>,
}

/// What Triton's metadata JSON beside a cache entry's `.hsaco` says about its launch.
#[derive(Debug, Clone, Serialize)]
pub struct TritonLaunch {
    /// The `<name>.json` read.
    pub source: String,
    /// `shared`: LDS bytes per workgroup Triton allocates at launch.
    pub shared: u32,
    /// `num_warps * warp_size`: the launch size.
    pub wg_size: u32,
    /// `warp_size`: the wave size Triton launched with (32 or 64; the kernel's `.wavefront_size`).
    pub warp_size: u32,
    /// `waves_per_eu` as compiled (0: none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waves_per_eu: Option<u32>,
    /// What the command line's `--dynamic-lds` / `--wg-size` replaced (the occupancy columns use those).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub overridden: Vec<&'static str>,
}

/// The `.hsaco` files under `dir` (sorted, not following symlinked directories), each with the launch its
/// sibling `<name>.json` gives when there is one.
fn triton_cache(dir: &std::path::Path) -> Result<Vec<(std::path::PathBuf, Option<TritonLaunch>)>, CliError> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    walk_cache(dir, &mut seen, &mut out)?;
    Ok(out)
}

/// Depth first in path order; directories reached through symlinks are followed once each.
fn walk_cache(
    d: &std::path::Path,
    seen: &mut std::collections::HashSet<std::path::PathBuf>,
    out: &mut Vec<(std::path::PathBuf, Option<TritonLaunch>)>,
) -> Result<(), CliError> {
    let io = |e: std::io::Error| CliError::Usage(format!("{}: {e}", d.display()));
    if !seen.insert(std::fs::canonicalize(d).map_err(io)?) {
        return Ok(());
    }
    let mut entries: Vec<_> =
        std::fs::read_dir(d).map_err(io)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>().map_err(io)?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk_cache(&path, seen, out)?;
        } else if path.extension().is_some_and(|e| e == "hsaco") {
            // A cache holds regular files: a FIFO, socket or device here is refused by name, at once.
            crate::map_regular(&path)?;
            let json = path.with_extension("json");
            let launch = if json.symlink_metadata().is_ok() { Some(triton_launch(&json)?) } else { None };
            out.push((path, launch));
        }
    }
    Ok(())
}

/// Reads `shared`, `num_warps`, `warp_size` and `waves_per_eu` from Triton's metadata JSON.
fn triton_launch(json: &std::path::Path) -> Result<TritonLaunch, CliError> {
    let name = json.display().to_string();
    let mapped = crate::map_regular(json)?;
    let v: serde_json::Value = serde_json::from_slice(mapped.bytes())
        .map_err(|e| CliError::Usage(format!("{name}: not Triton's metadata JSON: {e}")))?;
    let field = |key: &str| -> Result<Option<u32>, CliError> {
        match v.get(key) {
            None => Ok(None),
            Some(x) => x
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .map(Some)
                .ok_or_else(|| CliError::Usage(format!("{name}: \"{key}\" is {x}, not a count"))),
        }
    };
    let need = |key: &str| {
        field(key)?.ok_or_else(|| CliError::Usage(format!("{name}: no \"{key}\" (Triton's metadata JSON has it)")))
    };
    let shared = need("shared")?;
    let num_warps = need("num_warps")?;
    // Older Triton writes the wave size only under "target".
    let warp_size = match field("warp_size")? {
        Some(w) => w,
        None => v
            .pointer("/target/warp_size")
            .and_then(|x| x.as_u64())
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| CliError::Usage(format!("{name}: no \"warp_size\" (Triton's metadata JSON has it)")))?,
    };
    if warp_size != 32 && warp_size != 64 {
        return Err(CliError::Usage(format!(
            "{name}: \"warp_size\" {warp_size}: an AMD wave has 32 or 64 lanes, so num_warps x warp_size is no launch size"
        )));
    }
    let wg_size = num_warps.checked_mul(warp_size).filter(|&n| n > 0).ok_or_else(|| {
        CliError::Usage(format!("{name}: num_warps {num_warps} x warp_size {warp_size} is no launch size"))
    })?;
    let waves_per_eu = field("waves_per_eu")?;
    Ok(TritonLaunch { source: name.clone(), shared, wg_size, warp_size, waves_per_eu, overridden: Vec::new() })
}

/// Descriptor view of a kernel's resources.
#[derive(Debug, Serialize)]
pub struct DescriptorReport {
    /// VGPRs the descriptor's `GRANULATED_WORKITEM_VGPR_COUNT` encodes (what the hardware allocates from);
    /// `None` where the code object's processor is not modelled (its encoding is not known).
    pub vgprs: Option<u32>,
    /// SGPRs its `GRANULATED_WAVEFRONT_SGPR_COUNT` encodes (`None` on GFX10+, where 128 are always allocated).
    pub sgprs: Option<u32>,
    /// First AGPR from `ACCUM_OFFSET` (gfx90a+).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_agpr: Option<u32>,
    /// Waves/SIMD from the descriptor's counts on the code object's own processor (what the hardware
    /// gets; lower than the metadata's when LLVM padded the descriptor).
    pub waves_per_simd: Option<u32>,
    /// The raw descriptor and its decoded fields.
    pub fields: KernelDescriptor,
}

/// One kernel.
#[derive(Debug, Serialize)]
pub struct KernelReport {
    /// Its metadata entry (without `.args`): `.name`, `.symbol` and the counts, which the JSON gives under
    /// the metadata's names (`vgpr_count`, `agpr_count`, `sgpr_count`, ...).
    #[serde(flatten, serialize_with = "metadata_json")]
    pub metadata: KernelMeta<'static>,
    /// Launch-size range the occupancy is for.
    pub workgroup_size: Option<WorkgroupSize>,
    /// LLVM 22's "Occupancy [waves/SIMD]": from the metadata counts, or from the descriptor's where LLVM
    /// padded it to cap occupancy.
    pub waves_per_simd: Option<u32>,
    /// The binding limiter: the first of `binding`.
    pub limiter: Option<Limiter>,
    /// Every limiter at `waves_per_simd` (several where they tie), in the model's order.
    pub binding: Option<Vec<Limiter>>,
    /// `waves_per_simd / max`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub occupancy: Option<f64>,
    /// Each limiter in waves/SIMD.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limits: Option<wavebudget_model::Limits>,
    /// The kernel descriptor, when its symbol is in the file.
    pub descriptor: Option<DescriptorReport>,
    /// Kernel metadata keys this reader does not know (vendor keys), as in the note.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata_extra: Option<Value<'static>>,
    /// What the amdgpu-occupancy-budget pass set for this kernel before code generation (its
    /// `.wavebudget.info` section), if it ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pass: Option<wavebudget_codeobj::PassInfo>,
    /// Things a person should read: descriptor/metadata disagreements, padding, unknown targets.
    pub notes: Vec<String>,
    /// The subtarget and the model's full answer, for the report (not in the JSON: `waves_per_simd`,
    /// `limiter`, `binding` and `limits` above are its parts).
    #[serde(skip)]
    pub evaluation: Option<(Subtarget, wavebudget_model::Occupancy)>,
}

/// The metadata keys an inspect kernel shows, in their order (`null` where the note has none; the
/// launch-size keys only where present).
fn metadata_json<S: serde::Serializer>(m: &KernelMeta<'static>, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(None)?;
    map.serialize_entry("name", &m.name)?;
    map.serialize_entry("symbol", &m.symbol)?;
    map.serialize_entry("vgpr_count", &m.vgpr_count)?;
    map.serialize_entry("agpr_count", &m.agpr_count)?;
    map.serialize_entry("sgpr_count", &m.sgpr_count)?;
    map.serialize_entry("vgpr_spill_count", &m.vgpr_spill_count)?;
    map.serialize_entry("sgpr_spill_count", &m.sgpr_spill_count)?;
    map.serialize_entry("group_segment_fixed_size", &m.group_segment_fixed_size)?;
    map.serialize_entry("private_segment_fixed_size", &m.private_segment_fixed_size)?;
    map.serialize_entry("wavefront_size", &m.wavefront_size)?;
    map.serialize_entry("max_flat_workgroup_size", &m.max_flat_workgroup_size)?;
    if let Some(r) = &m.reqd_workgroup_size {
        map.serialize_entry("reqd_workgroup_size", r)?;
    }
    if let Some(u) = &m.uses_dynamic_stack {
        map.serialize_entry("uses_dynamic_stack", u)?;
    }
    if let Some(w) = &m.workgroup_processor_mode {
        map.serialize_entry("workgroup_processor_mode", w)?;
    }
    map.end()
}

/// Options of one `inspect` run.
#[derive(Clone)]
pub struct InspectOptions {
    /// Evaluate on this target instead of each code object's own.
    pub target: Option<TargetId>,
    /// Launch size instead of `.max_flat_workgroup_size`.
    pub wg_size: Option<WorkgroupSize>,
    /// Keep kernels whose name or symbol matches.
    pub kernel: Option<Regex>,
    /// LDS bytes per workgroup given at launch, on top of the static LDS (`--dynamic-lds`; for a Triton
    /// cache entry without it, the entry's `shared`).
    pub dynamic_lds: Option<u32>,
    /// The LLVM major whose rules evaluate the kernels (`--llvm`).
    pub llvm: wavebudget_model::Llvm,
}

/// Reads every file and builds the report.
pub fn inspect(files: &[String], opts: &InspectOptions) -> Result<Report, CliError> {
    let mut report = Report {
        code_objects: Vec::new(),
        skipped: Vec::new(),
        dynamic_lds: opts.dynamic_lds,
        kernels_before_filter: 0,
    };
    for input in files {
        let path = std::path::Path::new(input);
        if path.is_dir() {
            let entries = triton_cache(path)?;
            if entries.is_empty() {
                return Err(CliError::Usage(format!(
                    "{input}: is a directory without .hsaco files (a Triton cache directory holds <hash>/<name>.hsaco)"
                )));
            }
            for (hsaco, mut launch) in entries {
                if let Some(l) = launch.as_mut() {
                    if opts.dynamic_lds.is_some() {
                        l.overridden.push("shared");
                    }
                    if opts.wg_size.is_some() {
                        l.overridden.push("wg_size");
                    }
                }
                let eff = InspectOptions {
                    wg_size: opts.wg_size.or(launch.as_ref().map(|l| WorkgroupSize::fixed(l.wg_size))),
                    dynamic_lds: opts.dynamic_lds.or(launch.as_ref().map(|l| l.shared)),
                    ..opts.clone()
                };
                let (no_json, first) = (launch.is_none(), report.code_objects.len());
                read_one(&hsaco.display().to_string(), launch, &eff, &mut report)?;
                if no_json {
                    // Occupancy from the code object alone: say what it leaves out.
                    let json = hsaco.with_extension("json");
                    for k in report.code_objects[first..].iter_mut().flat_map(|co| co.kernels.iter_mut()) {
                        k.notes.push(format!(
                            "no {} beside it: Triton's launch size and shared memory are unknown; occupancy over the kernel's launch range without LDS given at launch",
                            json.file_name().map_or("<name>.json".into(), |n| n.to_string_lossy())
                        ));
                    }
                }
            }
        } else {
            read_one(input, None, opts, &mut report)?;
        }
    }
    Ok(report)
}

/// Reads one file's code objects into `report`.
fn read_one(
    file: &str,
    launch: Option<TritonLaunch>,
    opts: &InspectOptions,
    report: &mut Report,
) -> Result<(), CliError> {
    let mapped = Mapped::open(std::path::Path::new(file)).map_err(|e| CliError::Reader(file.to_string(), e))?;
    let bytes = mapped.bytes();
    // Sources are numbered by bundle only when the file holds several: known after the walk.
    let mut pending: Vec<(wavebudget_codeobj::Source, CodeObjectReport)> = Vec::new();
    let mut skipped: Vec<(wavebudget_codeobj::Source, &'static str)> = Vec::new();
    let summary = walk(bytes, &mut |found| {
        match found {
            Found::CodeObject(src, co) => {
                let co = CodeObject::parse(co)?;
                report.kernels_before_filter += co.kernels.len();
                pending.push((src.clone(), code_object_report(src, &co, opts)));
            }
            Found::Skipped(src, reason) => skipped.push((src.clone(), reason)),
        }
        Ok(())
    })
    .map_err(|e| CliError::Reader(file.to_string(), e))?;
    for (src, mut co) in pending {
        co.source = format!("{file}{}", src.suffix(summary.bundles));
        // Triton's launch is num_warps x warp_size: a warp_size other than the kernel's wave size is a
        // launch the JSON gets wrong.
        if let Some(l) = &launch {
            if let Some(k) = co.kernels.iter().find(|k| k.metadata.wavefront_size.is_some_and(|w| w != l.warp_size)) {
                return Err(CliError::Usage(format!(
                    "{}: \"warp_size\" {} but kernel '{}' in {file} is wave{}: num_warps x warp_size is not its launch size",
                    l.source,
                    l.warp_size,
                    k.metadata.name,
                    k.metadata.wavefront_size.unwrap_or(0)
                )));
            }
        }
        co.launch = launch.clone();
        report.code_objects.push(co);
    }
    for (src, reason) in skipped {
        report.skipped.push(Skipped { source: format!("{file}{}", src.suffix(summary.bundles)), reason });
    }
    Ok(())
}

fn code_object_report(
    src: &wavebudget_codeobj::Source,
    co: &CodeObject<'_>,
    opts: &InspectOptions,
) -> CodeObjectReport {
    let own = co.flags.target_id().and_then(|t| parse_target(&t).ok());
    let eval = opts.target.or(own);
    let kernels = co
        .kernels
        .iter()
        .filter(|k| opts.kernel.as_ref().is_none_or(|re| re.is_match(&k.meta.name) || re.is_match(&k.meta.symbol)))
        .map(|k| kernel_report(k, co, own.as_ref(), eval.as_ref(), opts))
        .collect();
    let extra = co.metadata.as_ref().and_then(|m| extra_value(&m.extra));
    CodeObjectReport {
        source: String::new(),
        bundle: src.bundle,
        bundle_offset: src.bundle_offset,
        compression: src.compression,
        processor: co.flags.processor,
        target_id: co.target_id(),
        code_object_version: co.version,
        elf_type: co.kind,
        e_flags: co.e_flags,
        evaluated_on: eval.as_ref().map(TargetId::canonical),
        metadata_extra: extra,
        launch: None,
        kernels,
    }
}

pub(crate) fn kernel_report(
    k: &Kernel<'_>,
    co: &CodeObject<'_>,
    own: Option<&TargetId>,
    eval: Option<&TargetId>,
    opts: &InspectOptions,
) -> KernelReport {
    let m = &k.meta;
    let mut notes = Vec::new();
    let wave = m.wavefront_size.or(k.descriptor.map(|d| if d.wavefront_size32 { 32 } else { 64 }));
    let workgroup = opts.wg_size.or_else(|| own_launch(m.reqd_workgroup_size, m.max_flat_workgroup_size));
    // The code object's own subtarget, for the descriptor's encoding.
    let own_st = own.and_then(|id| subtarget_for(id, wave, m.workgroup_processor_mode, opts.llvm, &mut Vec::new()));
    let eval_st = match eval {
        Some(id) => subtarget_for(id, wave, m.workgroup_processor_mode, opts.llvm, &mut notes),
        None => {
            // A processor e_flags names but the model refuses (GFX6/GFX7: not modelled) says why.
            notes.push(match co.flags.target_id().map(|t| parse_target(&t)) {
                Some(Err(e)) => format!("{e}: no occupancy"),
                _ => format!("processor {:#x} in e_flags is not one LLVM 22 knows: no occupancy", co.flags.mach),
            });
            None
        }
    };
    let dynamic_lds = opts.dynamic_lds.unwrap_or(0);
    let usage = |vgprs: u32, sgprs: Option<u32>| {
        Some(Usage {
            vgprs: Vgprs::Total(vgprs),
            sgprs,
            // What the hardware allocates per workgroup: the static LDS and what the launch adds.
            lds: m.group_segment_fixed_size.unwrap_or(0).saturating_add(dynamic_lds),
            workgroup: workgroup?,
        })
    };
    // The kernel's resources (the descriptor decoded on its own processor) and the model's one
    // evaluation, as embed and dispatch do: on the code object's own processor the registers the
    // descriptor allocates count (LLVM's remark reports them); on another target only the metadata's.
    let same_target = own.zip(eval).is_some_and(|(a, b)| a.processor.name == b.processor.name);
    let resources = k.resources(own.map(|id| id.processor));
    let mut result = None;
    match (&eval_st, resources) {
        (Some(st), Some(res)) => {
            let evaluated = if same_target { res } else { res.without_descriptor() };
            match st.evaluate(&evaluated, opts.wg_size, dynamic_lds) {
                Ok(o) => {
                    if dynamic_lds > 0 && o.binding.contains(&Limiter::Lds) {
                        if let Ok(alone) = st.evaluate(&evaluated, opts.wg_size, 0) {
                            if alone.waves_per_simd > o.waves_per_simd {
                                notes.push(format!(
                                    "{dynamic_lds} bytes of LDS given at launch bind: {} waves/SIMD where the code object alone allows {}",
                                    o.waves_per_simd, alone.waves_per_simd
                                ));
                            }
                        }
                    }
                    if evaluated.descriptor.is_some() {
                        if let Ok(plain) = st.evaluate(&evaluated.without_descriptor(), opts.wg_size, dynamic_lds) {
                            if plain.waves_per_simd > o.waves_per_simd {
                                notes.push(format!(
                                    "the metadata counts alone allow {} waves/SIMD; the padded descriptor caps it at {}",
                                    plain.waves_per_simd, o.waves_per_simd
                                ));
                            }
                        }
                    }
                    result = Some(o);
                }
                Err(wavebudget_model::ModelError::Launch { reason }) => notes.push(format!("{reason}; no occupancy")),
                Err(e) => notes.push(format!("no occupancy on {}: {e}", st.id().canonical())),
            }
        }
        (_, None) if m.vgpr_count.is_none() => notes.push("no .vgpr_count in the metadata: no occupancy".into()),
        _ => {}
    }
    let pad_cause = |padded_waves: u32| -> String {
        let (Some(st), Some(wg)) = (&eval_st, workgroup) else {
            return "LLVM padded it to cap occupancy".into();
        };
        let lds = m.group_segment_fixed_size.unwrap_or(0);
        let (_, with_lds) = st.workgroup_occupancy(lds, wg);
        let (_, launch_only) = st.workgroup_occupancy(0, wg);
        if padded_waves < with_lds {
            format!("LLVM padded it to cap occupancy at {padded_waves} waves/SIMD (an amdgpu-waves-per-eu maximum)")
        } else if launch_only == with_lds {
            format!("LLVM padded it to the {with_lds} waves/SIMD the launch size allows")
        } else {
            format!("LLVM padded it to the {with_lds} waves/SIMD that {lds} bytes of LDS allow")
        }
    };
    let descriptor = k.descriptor.map(|d| {
        descriptor_report(
            d,
            k,
            own_st.as_ref(),
            eval_st.as_ref().filter(|_| same_target),
            &usage,
            &pad_cause,
            &mut notes,
        )
    });
    if k.descriptor.is_none() {
        notes.push(format!("no kernel descriptor symbol {} in this file", m.symbol));
    }
    if m.symbol.strip_suffix(".kd") != Some(&*m.name) {
        notes.push(format!(
            "the metadata names the kernel '{}' but its descriptor symbol is '{}' (LLVM always writes NAME.kd): the name or the symbol is corrupt",
            m.name, m.symbol
        ));
    }
    let extra = extra_value(&m.extra);
    let evaluation = eval_st.zip(result.clone());
    KernelReport {
        metadata: m.without_args(),
        workgroup_size: workgroup,
        waves_per_simd: result.as_ref().map(|o| o.waves_per_simd),
        limiter: result.as_ref().map(|o| o.limiter),
        binding: result.as_ref().map(|o| o.binding.clone()),
        occupancy: result.as_ref().map(|o| o.occupancy),
        limits: result.as_ref().map(|o| o.limits),
        descriptor,
        metadata_extra: extra,
        pass: co.pass_info.iter().find(|p| p.kernel == m.name).cloned(),
        notes: {
            if let Some(o) = &result {
                // With the launch size taken from the metadata, the model's "range" caveat would repeat on
                // every kernel; the docs and `--wg-size` cover it.
                notes.extend(
                    o.notes
                        .iter()
                        .filter(|n| opts.wg_size.is_some() || !n.starts_with("launch size is a range"))
                        .cloned(),
                );
            }
            if let Some(p) = co.pass_info.iter().find(|p| p.kernel == m.name) {
                notes.push(format!(
                    "amdgpu-occupancy-budget set {} waves/SIMD (VGPR budget {}) before code generation",
                    p.waves, p.vgpr_budget
                ));
            }
            notes
        },
        evaluation,
    }
}

/// The launch sizes a kernel takes by its metadata: its `.reqd_workgroup_size` (`None` when the product
/// overflows), else 1 to `.max_flat_workgroup_size`, else LLVM's default range.
pub(crate) fn own_launch(reqd: Option<[u32; 3]>, max_flat: Option<u32>) -> Option<WorkgroupSize> {
    match (reqd, max_flat) {
        (Some([x, y, z]), _) => x.checked_mul(y).and_then(|v| v.checked_mul(z)).map(WorkgroupSize::fixed),
        (None, Some(max)) => Some(WorkgroupSize { min: 1, max }),
        (None, None) => Some(WorkgroupSize::DEFAULT),
    }
}

/// Unknown metadata keys as one owned map for the report, `None` when there are none.
fn extra_value(extra: &[(std::borrow::Cow<'_, str>, Value<'_>)]) -> Option<Value<'static>> {
    (!extra.is_empty()).then(|| {
        Value::Map(extra.iter().map(|(k, v)| (Value::Str(k.to_string().into()), v.clone().into_owned())).collect())
    })
}

/// A subtarget for `id` with the kernel's wave size (when the target runs it) and WGP/CU mode.
pub(crate) fn subtarget_for(
    id: &TargetId,
    wave: Option<u32>,
    wgp_mode: Option<bool>,
    llvm: wavebudget_model::Llvm,
    notes: &mut Vec<String>,
) -> Option<Subtarget> {
    let p = id.processor;
    let wave_size = match wave {
        Some(w) if p.wave_sizes().contains(&w) => Some(w),
        Some(w) => {
            notes.push(format!("{} does not run wave{w}: evaluated as wave{}", p.name, p.default_wave_size()));
            None
        }
        None => None,
    };
    let cu_mode = p.has_wgp_mode() && wgp_mode == Some(false);
    match Subtarget::new(*id, Options { wave_size, cu_mode, llvm, ..Options::default() }) {
        Ok(st) => Some(st),
        Err(e) => {
            notes.push(format!("no occupancy on {}: {e}", id.canonical()));
            None
        }
    }
}

fn descriptor_report(
    d: KernelDescriptor,
    k: &Kernel<'_>,
    own: Option<&Subtarget>,
    eval: Option<&Subtarget>,
    usage: &dyn Fn(u32, Option<u32>) -> Option<Usage>,
    pad_cause: &dyn Fn(u32) -> String,
    notes: &mut Vec<String>,
) -> DescriptorReport {
    let m = &k.meta;
    let mut out =
        DescriptorReport { vgprs: None, sgprs: None, first_agpr: d.first_agpr(), waves_per_simd: None, fields: d };
    let Some(st) = own else { return out };
    let p = st.processor();
    let enc = p.vgpr_encoding_granule(st.wave_size());
    let (vgprs, sgprs) = d.allocated(p, st.wave_size());
    (out.vgprs, out.sgprs) = (Some(vgprs), sgprs);
    if let Some(v) = m.vgpr_count {
        let expected = v.max(1).div_ceil(enc) * enc;
        if vgprs != expected {
            notes.push(format!(
                "descriptor encodes {} VGPRs where .vgpr_count {v} rounds to {expected}: {}",
                vgprs,
                if vgprs > expected {
                    pad_cause(st.vgpr_waves(vgprs.min(st.max_total_vgprs())))
                } else {
                    "the descriptor allocates fewer registers than the metadata counts".to_string()
                }
            ));
        }
    }
    if let (Some(s), Some(g), Some(ds)) = (m.sgpr_count, p.sgpr_encoding_granule(), out.sgprs) {
        let s = if p.sgpr_init_bug { wavebudget_model::targets::FIXED_SGPRS_FOR_INIT_BUG } else { s };
        let expected = s.max(1).div_ceil(g) * g;
        if ds != expected {
            notes.push(format!("descriptor encodes {ds} SGPRs where .sgpr_count {s} rounds to {expected}"));
        }
    }
    if let Some(lds) = m.group_segment_fixed_size.filter(|&l| l != d.group_segment_fixed_size) {
        notes.push(format!(
            "descriptor group_segment_fixed_size {} differs from the metadata's {lds}",
            d.group_segment_fixed_size
        ));
    }
    if let Some(ps) = m.private_segment_fixed_size.filter(|&s| s != d.private_segment_fixed_size) {
        notes.push(format!(
            "descriptor private_segment_fixed_size {} differs from the metadata's {ps}",
            d.private_segment_fixed_size
        ));
    }
    if let Some(w) = m.wavefront_size.filter(|&w| (w == 32) != d.wavefront_size32) {
        notes.push(format!(
            ".wavefront_size {w} but the descriptor's ENABLE_WAVEFRONT_SIZE32 is {}",
            d.wavefront_size32 as u8
        ));
    }
    if let Some(st) = eval {
        out.waves_per_simd = descriptor_waves(st, m.vgpr_count, m.sgpr_count, (vgprs, out.sgprs), usage);
    }
    out
}

/// The waves the descriptor's registers give, by the model's one rule ([`Subtarget::allocation`]) with
/// the metadata's counts. A count the metadata lacks is any in the descriptor's last encoding granule:
/// the waves are given only where every count in it gives the same (99 and 104 SGPRs do not).
fn descriptor_waves(
    st: &Subtarget,
    vgpr_count: Option<u32>,
    sgpr_count: Option<u32>,
    (dv, ds): (u32, Option<u32>),
    usage: &dyn Fn(u32, Option<u32>) -> Option<Usage>,
) -> Option<u32> {
    let p = st.processor();
    let venc = p.vgpr_encoding_granule(st.wave_size());
    let lowest = |encoded: u32, g: u32| encoded.saturating_sub(g - 1).max(1);
    let waves_at = |v: Option<u32>, s: Option<u32>| -> Option<u32> {
        let a = st.allocation(v.unwrap_or(lowest(dv, venc)), s.unwrap_or(0), Some((dv, ds)));
        let sgprs = match (ds, s) {
            (Some(_), _) | (None, Some(_)) => Some(a.sgprs),
            (None, None) => None,
        };
        st.occupancy(&usage(a.vgprs, sgprs)?).ok().map(|o| o.waves_per_simd)
    };
    let sgpr_granule = p.sgpr_encoding_granule().unwrap_or(1);
    let s_range = match (sgpr_count, ds) {
        (Some(s), _) => (Some(s), Some(s)),
        (None, Some(ds)) => (Some(lowest(ds, sgpr_granule)), Some(ds)),
        (None, None) => (None, None),
    };
    let v_range = match vgpr_count {
        Some(v) => (Some(v), Some(v)),
        None => (Some(lowest(dv, venc)), Some(dv)),
    };
    let lo = waves_at(v_range.0, s_range.0)?;
    (waves_at(v_range.1, s_range.1)? == lo).then_some(lo)
}
