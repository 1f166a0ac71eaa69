//! wavebudget's HTML report as a library (`wavebudget report`, Python's `write_report`): one self-contained HTML page of what the model says about kernels (read from
//! binaries, Triton caches or a sweep's JSON) or about one configuration (the calculator view).
//!
//! The page is made in three layers: `curves` computes every number from the model, `charts` draws them
//! as SVG with plotters, and the minijinja template `report.html` lays out the page (summaries, the
//! filterable table, per-kernel detail with each chart's table). Nothing on the page is fetched: styles
//! and the small filtering script are inline.

mod charts;
mod curves;
mod error;
mod nvidia;

use curves::{Curve, LimiterBar, Mark, Step};
pub use error::{ReportError, ReportPart};
use serde::Serialize;
use std::collections::BTreeMap;
use wavebudget_engine::inspect::CudaLaunch;
use wavebudget_engine::misuse::Misuse;
use wavebudget_engine::output::{same_file, write_atomic};
use wavebudget_engine::report::{self, Entry, MeasuredRow};
use wavebudget_engine::vendor::{Flag, Given, NvidiaKernelSpec, Whose};
use wavebudget_model::{Limiter, Occupancy, Options, Subtarget};
use wavebudget_model::{Llvm, WorkgroupSize};

const TEMPLATE: &str = include_str!("report.html");
/// The head both pages include: the document's start, its title and the style they share.
const HEAD: &str = include_str!("head.html");

/// Kernels the report draws with charts unless `details` says otherwise.
pub const DEFAULT_DETAILS: usize = 100;

/// What a page is of, as values (the CLI's flags and Python's arguments, parsed): input files, or with
/// none, one configuration (AMD counts on `target`, or an NVIDIA kernel when `target` is NVIDIA's).
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// Inputs: code objects, bundles, HIP binaries, Triton caches, NVIDIA binaries, sweep JSON.
    pub files: Vec<String>,
    /// The HTML file to write (atomically; never over an input).
    pub output: String,
    /// Evaluate binaries on this target; for the calculator view, the target(s), comma separated.
    pub target: Option<String>,
    /// The launch size as given (`--wg-size`, `wg_size`): [`write`] holds it to its bounds.
    pub wg_size: Option<WorkgroupSize>,
    /// LDS bytes per workgroup given at launch.
    pub dynamic_lds: Option<u32>,
    /// Only kernels this regular expression keeps (the engine's `--kernel` meaning).
    pub kernel: Option<String>,
    /// The LLVM major whose rules to follow.
    pub llvm: Option<Llvm>,
    /// Kernels drawn with charts at most.
    pub details: usize,
    /// The page's title.
    pub title: Option<String>,
    /// Configuration: architectural VGPRs.
    pub vgprs: Option<u32>,
    /// Configuration: AGPRs.
    pub agprs: Option<u32>,
    /// Configuration: the unified VGPR count.
    pub vgpr_count: Option<u32>,
    /// Configuration: SGPRs.
    pub sgprs: Option<u32>,
    /// Configuration: LDS bytes.
    pub lds: Option<u32>,
    /// Configuration: wave size.
    pub wave_size: Option<u32>,
    /// Configuration: CU mode.
    pub cu_mode: bool,
    /// NVIDIA: the configuration's registers, kernel and budget, or binaries' launch.
    pub nvidia: NvidiaRequest,
}

/// The NVIDIA parts of a [`Request`].
#[derive(Clone, Copy, Debug, Default)]
pub struct NvidiaRequest {
    /// Registers per thread (a configuration).
    pub regs: Option<u32>,
    /// The kernel beside its registers: shared memory, the launch's dynamic shared memory and limit,
    /// barriers, carveout (for binaries, only the launch's dynamic shared memory and limit).
    pub spec: NvidiaKernelSpec,
    /// A budget's warps per SM (not a page's; refused).
    pub warps_per_sm: Option<u32>,
    /// A budget's blocks per SM (not a page's; refused).
    pub blocks_per_sm: Option<u32>,
}

/// The most kernels `--details` draws.
const MAX_DETAILS: usize = 1000;

#[derive(Serialize)]
struct Page {
    title: String,
    version: &'static str,
    inputs: Vec<String>,
    calculator: bool,
    kernel_count: usize,
    gpus: Vec<GpuSummary>,
    /// Every kernel's row as JSON (`{"gpus", "sources", "rows"}`), which the page's script turns into
    /// table rows as the filters ask: a library's tens of thousands of rows as HTML would take a browser
    /// minutes to lay out.
    table: String,
    details: Vec<Detail>,
    details_note: Option<String>,
    skipped: Vec<String>,
    limiters: Vec<&'static str>,
}

#[derive(Serialize)]
struct Count {
    label: String,
    count: u64,
}

#[derive(Serialize)]
struct Listed {
    name: String,
    what: String,
    id: Option<usize>,
}

#[derive(Serialize)]
struct GpuSummary {
    gpu: String,
    kernels: usize,
    without_occupancy: usize,
    max_waves: u32,
    occupancy_svg: String,
    occupancy: Vec<Count>,
    limiter_svg: String,
    limiters: Vec<Count>,
    spilling: Vec<Listed>,
    spilling_total: usize,
    near: Vec<Listed>,
    near_total: usize,
}

/// One kernel's row, as a JSON array (names and sources repeat across rows, so they are indices):
/// id, name, GPU index, waves, maximum, limiter, VGPRs, AGPRs, SGPRs, LDS bytes, launch, spills, scratch
/// bytes, next step, one granule away (0/1), has charts (0/1), source index, the four limits in
/// waves/SIMD (VGPR, SGPR, LDS, workgroup) or null, the binding limiters, waves by the hardware's rule
/// or null, notes: what the row opens into on demand; the index of the input it came from.
#[derive(Serialize)]
struct Row(
    usize,
    String,
    usize,
    Option<u32>,
    Option<u32>,
    String,
    Option<u32>,
    Option<u32>,
    Option<u32>,
    Option<u32>,
    String,
    Option<u64>,
    Option<u32>,
    String,
    u8,
    u8,
    usize,
    Option<[u32; 4]>,
    String,
    Option<u32>,
    Vec<String>,
    usize,
);

#[derive(Serialize)]
struct Table<'a> {
    gpus: &'a [String],
    sources: &'a [String],
    /// Per input, the command that reports it as this page does, without `--kernel` and `-o`.
    commands: &'a [String],
    rows: &'a [Row],
}

/// A word for a POSIX shell: as is when it is plain, else in single quotes.
fn shell_word(s: &str) -> String {
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"/._-+:,=@%".contains(&b)) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// Per input, `wavebudget report INPUT` with the flags that decided this page's numbers.
fn commands(a: &Request) -> Vec<String> {
    let mut flags = String::new();
    for (flag, v) in [("--target", &a.target), ("--wg-size", &a.wg_size.map(|w| w.to_string()))] {
        if let Some(v) = v {
            flags.push_str(&format!(" {flag} {}", shell_word(v)));
        }
    }
    if let Some(d) = a.dynamic_lds {
        flags.push_str(&format!(" --dynamic-lds {d}"));
    }
    if let Some(l) = a.llvm {
        flags.push_str(&format!(" --llvm {}", l.major()));
    }
    a.files.iter().map(|f| format!("wavebudget report {}{flags}", shell_word(f))).collect()
}

/// JSON for a `<script type="application/json">`: every `<` as `\u003c` (the same JSON), so no name or
/// path can end the element early or open an HTML comment inside it; a bidirectional override or isolate
/// in a name is spelled out (`\u{202e}` as text), so the table cannot show a name reordered.
fn script_json<T: Serialize>(v: &T) -> Result<String, ReportError> {
    let s =
        serde_json::to_string(v).map_err(|e| ReportError::Part { part: ReportPart::Table, message: e.to_string() })?;
    let s = s.replace('<', "\\u003c");
    Ok(if s.chars().any(wavebudget_model::text::is_bidi_control) {
        // Inside a JSON string the spelled-out form needs its backslash escaped.
        s.chars()
            .map(|c| {
                if wavebudget_model::text::is_bidi_control(c) {
                    format!("\\\\u{{{:x}}}", c as u32)
                } else {
                    c.to_string()
                }
            })
            .collect()
    } else {
        s
    })
}

/// The templates' formatter: HTML-escaped as minijinja escapes it, with bidirectional overrides and isolates
/// spelled out in every string that is not already markup (the charts' SVG).
pub(crate) fn page_formatter(
    out: &mut minijinja::Output,
    state: &mut minijinja::State,
    value: &minijinja::Value,
) -> Result<(), minijinja::Error> {
    if let (Some(s), false) = (value.as_str(), value.is_safe()) {
        if let std::borrow::Cow::Owned(shown) = wavebudget_model::text::bidi_shown(s) {
            return minijinja::escape_formatter(out, state, &minijinja::Value::from(shown));
        }
    }
    minijinja::escape_formatter(out, state, value)
}

#[derive(Serialize)]
struct ChartView {
    title: &'static str,
    x_label: &'static str,
    svg: String,
    steps: Vec<Step>,
    point: Mark,
    next: Option<Mark>,
    rules_differ: bool,
}

#[derive(Serialize)]
struct Detail {
    id: usize,
    name: String,
    source: String,
    gpu: String,
    llvm: String,
    waves: u32,
    max_waves: u32,
    percent: String,
    limiter: String,
    binding: String,
    hardware_waves: u32,
    hardware_limiter: &'static str,
    limiter_svg: String,
    bars: Vec<LimiterBar>,
    charts: Vec<ChartView>,
    /// The budget ladder at the kernel's LDS and launch size (the page marks the kernel's row).
    ladder: Vec<wavebudget_model::Budget>,
    measured: Option<Vec<MeasuredRow>>,
    /// The measured ladder drawn (VGPRs used against R_max per waves target).
    measured_svg: Option<String>,
    /// The latency-hiding model's predicted throughput against waves, where the sweep has predictions.
    predicted_svg: Option<String>,
    next: String,
    near: Option<String>,
    notes: Vec<String>,
}

impl Request {
    /// The flags this request gives, as `wavebudget report` lists them: the one mapping of its fields to
    /// the flags whose owners ([`Flag::whose`]) say which page takes each.
    pub fn given(&self) -> Given {
        use Flag::*;
        let (n, spec) = (&self.nvidia, &self.nvidia.spec);
        Given::new(
            [
                (Target, self.target.is_some()),
                (WgSize, self.wg_size.is_some()),
                (Kernel, self.kernel.is_some()),
                (DynamicLds, self.dynamic_lds.is_some()),
                (Llvm, self.llvm.is_some()),
                (Vgprs, self.vgprs.is_some()),
                (Agprs, self.agprs.is_some()),
                (VgprCount, self.vgpr_count.is_some()),
                (Sgprs, self.sgprs.is_some()),
                (Lds, self.lds.is_some()),
                (WaveSize, self.wave_size.is_some()),
                (CuMode, self.cu_mode),
                (Regs, n.regs.is_some()),
                (SharedMem, spec.shared_mem.is_some()),
                (DynamicSharedMem, spec.dynamic_shared_mem.is_some()),
                (MaxDynamicSharedMem, spec.max_dynamic.is_some()),
                (Barriers, spec.barriers.is_some()),
                (Carveout, spec.carveout.is_some()),
                (WarpsPerSm, n.warps_per_sm.is_some()),
                (BlocksPerSm, n.blocks_per_sm.is_some()),
            ]
            .into_iter()
            .filter_map(|(flag, given)| given.then_some(flag)),
        )
    }
}

/// Whether `whose` describes an AMD configuration (the calculator view's counts and mode).
fn amd_configuration(whose: Whose) -> bool {
    matches!(whose, Whose::AmdCount { .. } | Whose::AmdMode)
}

/// Writes the page `a` asks for to `a.output` and returns the line `wavebudget report` prints.
pub fn write(a: &Request) -> Result<String, ReportError> {
    let given = a.given();
    if a.details > MAX_DETAILS {
        return Err(ReportError::TooManyDetails { details: a.details, max: MAX_DETAILS });
    }
    let calculator = a.files.is_empty();
    // One configuration's model, read by the engine's one reading of its target (the NVIDIA target where it
    // names one).
    use wavebudget_engine::vendor::ConfigurationModel;
    let (model, nvidia) = match (calculator, a.target.as_deref()) {
        (true, Some(target)) => {
            let (model, nvidia) = ConfigurationModel::read(target)?;
            (Some(model), nvidia)
        }
        _ => (None, None),
    };
    if let Some(ConfigurationModel::Generic(_)) = model {
        return Err(ReportError::Generic);
    }
    // The launch size as every door hands it over, read but not yet held to bounds: one NVIDIA
    // configuration's is a CUDA block (any size: one over the device's maximum is its page's "cannot
    // launch"; 0 the model's refusal); every other a launch range, held to its bounds here.
    if let Some(wg) = a.wg_size.filter(|_| nvidia.is_none()) {
        wg.validate()?;
    }
    if let Some(model) = model {
        // One configuration on a named target: the engine's one rule for which vendor's flags go with it,
        // as `occupancy` and `budget` apply it.
        model.refuse_foreign(&given)?;
        if let Some(t) = nvidia {
            return nvidia::page(a, t, &given);
        }
    }
    // With files, the launch's NVIDIA words (--dynamic-shared-mem, --max-dynamic-shared-mem, an NVIDIA
    // --target) apply to their cubins; the rest of a configuration comes from each cubin. An AMD
    // configuration takes none of them.
    let nvidia_here = |w| match w {
        Whose::NvidiaKernel | Whose::NvidiaBudget => false,
        Whose::NvidiaLaunch => !calculator,
        _ => true,
    };
    if let Some(flag) = given.first_whose(|w| !nvidia_here(w)) {
        return Err(ReportError::NvidiaFlagWithFiles { flag, files: !calculator });
    }
    let output = std::path::Path::new(&a.output);
    let (entries, skipped) = if calculator {
        if given.first_whose(amd_configuration).is_none() && a.target.is_none() {
            return Err(ReportError::ReportOfNothing);
        }
        if a.kernel.is_some() {
            return Err(ReportError::KernelWithoutFiles);
        }
        if a.dynamic_lds.is_some() {
            return Err(ReportError::DynamicLdsWithoutFiles);
        }
        (calculator_entries(a)?, Vec::new())
    } else {
        if let Some(flag) = given.first_whose(amd_configuration) {
            return Err(ReportError::ConfigurationFlagWithFiles { flag });
        }
        for f in &a.files {
            if same_file(std::path::Path::new(f), output) {
                return Err(Misuse::OutputIsInput { output: a.output.clone(), input: f.clone() }.into());
            }
            if inside(output, std::path::Path::new(f)) {
                return Err(ReportError::OutputInsideInput { output: a.output.clone(), input: f.clone() });
            }
        }
        let inputs = file_entries(a)?;
        if inputs.entries.is_empty() {
            return nvidia::binaries(a, &inputs.cubins, inputs.skipped);
        }
        (inputs.entries, inputs.skipped)
    };
    let title = a.title.clone().unwrap_or_else(|| {
        if calculator {
            format!("wavebudget: occupancy of one configuration on {}", a.target.as_deref().unwrap_or(""))
        } else {
            format!("wavebudget occupancy report: {}", a.files.join(", "))
        }
    });
    let page = build_page(title, a, calculator, entries, skipped)?;
    let html = render(&page)?;
    write_atomic(output, html.as_bytes(), None)?;
    let detail = if page.details.len() == page.kernel_count {
        String::new()
    } else {
        format!(", charts for {}", page.details.len())
    };
    Ok(format!(
        "{}: {} kernel(s) on {} GPU(s){detail}, {} bytes\n",
        a.output,
        page.kernel_count,
        page.gpus.len(),
        html.len()
    ))
}

/// Whether `output` is an existing file inside the directory `dir` (a Triton cache's `.hsaco` or
/// `.json`: input the report reads).
fn inside(output: &std::path::Path, dir: &std::path::Path) -> bool {
    match (std::fs::canonicalize(output), std::fs::canonicalize(dir)) {
        (Ok(o), Ok(d)) => dir.is_dir() && o.starts_with(&d),
        _ => false,
    }
}

/// The calculator view's one configuration, on each target of `--target`.
fn calculator_entries(a: &Request) -> Result<Vec<Entry>, ReportError> {
    let target = a.target.as_deref().ok_or(ReportError::NoTarget)?;
    let vgprs = wavebudget_engine::misuse::vgprs(a.vgprs, a.agprs, a.vgpr_count, true)?;
    let workgroup = a.wg_size.unwrap_or(WorkgroupSize::DEFAULT);
    let usage = wavebudget_model::Usage { vgprs, sgprs: a.sgprs, lds: a.lds.unwrap_or(0), workgroup };
    let opts =
        Options { wave_size: a.wave_size, cu_mode: a.cu_mode, llvm: a.llvm.unwrap_or_default(), ..Options::default() };
    Ok(report::configuration(target, usage, a.sgprs, opts)?)
}

/// The kernels of the input files (AMD's drawn; NVIDIA's when there are no AMD kernels), and what the walk
/// of the binaries skipped. The vendor flags are checked against what the inputs hold, as inspect checks
/// them.
fn file_entries(a: &Request) -> Result<report::Inputs, ReportError> {
    let target = wavebudget_engine::vendor::VendorTarget::parse(a.target.as_deref())?;
    let wg_size = a.wg_size;
    let wg_text = wg_size.map(|w| w.to_string());
    let opts = report::FileOptions {
        target: target.amd(),
        wg_size,
        dynamic_lds: a.dynamic_lds,
        kernel: a.kernel.as_deref().map(wavebudget_engine::inspect::kernel_filter).transpose()?,
        llvm: a.llvm,
        cuda: CudaLaunch {
            target: target.nvidia(),
            dynamic_shared_mem: a.nvidia.spec.dynamic_shared_mem,
            max_dynamic: a.nvidia.spec.max_dynamic,
        },
    };
    let inputs = report::files(&a.files, &opts)?;
    let drawn = match inputs.entries.is_empty() {
        true => wavebudget_engine::vendor::Drawn::Cubins,
        false => wavebudget_engine::vendor::Drawn::CodeObjects { beside: !inputs.cubins.is_empty() },
    };
    wavebudget_engine::vendor::LaunchOptions {
        target,
        llvm: a.llvm.is_some(),
        dvgpr_block: false,
        dynamic_lds: a.dynamic_lds.is_some(),
        dynamic_shared_mem: a.nvidia.spec.dynamic_shared_mem.is_some(),
        max_dynamic_shared_mem: a.nvidia.spec.max_dynamic.is_some(),
        wg_size: wg_text.as_deref().zip(wg_size),
    }
    .check(drawn, inputs.cubins.iter())?;
    Ok(inputs)
}

fn launch_text(o: &Occupancy) -> String {
    if o.workgroup.min == o.workgroup.max {
        o.workgroup.max.to_string()
    } else {
        format!("{}..{}", o.workgroup.min, o.workgroup.max)
    }
}

/// The next step in words: what to give up for one more wave, or why there is none.
fn next_text(o: &Occupancy) -> String {
    let n = &o.next_step;
    let Some(next) = n.next_waves else { return "at the maximum".into() };
    let mut give = Vec::new();
    if let Some(v) = n.vgprs_to_gain.filter(|&v| v > 0) {
        give.push(format!("{v} VGPRs"));
    }
    if let Some(s) = n.sgprs_to_gain.filter(|&s| s > 0) {
        give.push(format!("{s} SGPRs"));
    }
    if let Some(l) = n.lds_bytes_to_gain.filter(|&l| l > 0) {
        give.push(format!("{l} LDS bytes"));
    }
    let blocked: Vec<&str> = n
        .also_blocked_by
        .iter()
        .map(|l| match l {
            Limiter::Workgroup => "the launch size",
            Limiter::Sgpr => "SGPRs",
            Limiter::MaxWaves => "the maximum",
            _ => "another limit",
        })
        .collect();
    match (n.reaches, give.is_empty()) {
        (Some(r), false) => format!("give up {} for {r} waves", give.join(" + ")),
        _ if !blocked.is_empty() => format!("{next} waves blocked by {}", blocked.join(" and ")),
        _ => format!("{next} waves cannot be had by giving up registers or LDS"),
    }
}

fn limiter_name(l: Limiter) -> &'static str {
    match l {
        Limiter::Vgpr => "VGPRs",
        Limiter::Sgpr => "SGPRs",
        Limiter::Lds => "LDS",
        Limiter::Workgroup => "workgroup slots",
        Limiter::MaxWaves => "the maximum",
        _ => "other",
    }
}

const LIMITER_ORDER: [Limiter; 5] = [Limiter::Vgpr, Limiter::Sgpr, Limiter::Lds, Limiter::Workgroup, Limiter::MaxWaves];

/// Which kernels get charts when there are more than `limit`: those that spill (most first), then those
/// one granule from another wave, then the lowest occupancy.
fn chosen_for_detail(entries: &[Entry], near: &[Option<String>], limit: usize) -> Vec<bool> {
    if entries.len() <= limit {
        return entries.iter().map(|e| e.eval.is_some()).collect();
    }
    let mut order: Vec<usize> = (0..entries.len()).filter(|&i| entries[i].eval.is_some()).collect();
    order.sort_by_key(|&i| {
        let e = &entries[i];
        let spills = e.spills.unwrap_or(0);
        let waves = e.eval.as_ref().map_or(u32::MAX, |(_, o)| o.waves_per_simd);
        (spills == 0, std::cmp::Reverse(spills), near[i].is_none(), waves, i)
    });
    let mut chosen = vec![false; entries.len()];
    for &i in order.iter().take(limit) {
        chosen[i] = true;
    }
    chosen
}

fn build_page(
    title: String,
    a: &Request,
    calculator: bool,
    entries: Vec<Entry>,
    skipped: Vec<String>,
) -> Result<Page, ReportError> {
    let near: Vec<Option<String>> =
        entries.iter().map(|e| e.eval.as_ref().and_then(|(st, o)| curves::one_granule_away(st, o))).collect();
    let chosen = chosen_for_detail(&entries, &near, a.details);
    let mut rows = Vec::with_capacity(entries.len());
    let (mut gpu_names, mut sources): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    let index = |list: &mut Vec<String>, v: &str| match list.iter().rposition(|x| x == v) {
        Some(i) => i,
        None => {
            list.push(v.to_string());
            list.len() - 1
        }
    };
    let mut details = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        let o = e.eval.as_ref().map(|(_, o)| o);
        rows.push(Row(
            i,
            e.name.clone(),
            index(&mut gpu_names, &e.gpu),
            o.map(|o| o.waves_per_simd),
            o.map(|o| o.max_waves_per_simd),
            o.map_or("none".into(), |o| o.binding.iter().map(|l| l.as_str()).collect::<Vec<_>>().join("+")),
            e.meta.vgpr_count,
            e.meta.agpr_count,
            e.meta.sgpr_count,
            // What a workgroup gets: static LDS plus what the launch gives (Triton's `shared`, --dynamic-lds).
            o.map(|o| o.lds_bytes).or(e.meta.group_segment_fixed_size),
            o.map_or(String::new(), launch_text),
            e.spills,
            e.meta.private_segment_fixed_size,
            o.map_or_else(|| e.notes.first().map(ToString::to_string).unwrap_or_default(), next_text),
            u8::from(near[i].is_some()),
            u8::from(chosen[i]),
            index(&mut sources, &e.source),
            o.map(|o| [o.limits.vgpr, o.limits.sgpr, o.limits.lds, o.limits.workgroup]),
            o.map_or(String::new(), |o| o.binding.iter().map(|l| limiter_name(*l)).collect::<Vec<_>>().join(", ")),
            o.map(|o| o.hardware.waves_per_simd),
            e.notes.iter().map(ToString::to_string).collect(),
            e.input,
        ));
        if chosen[i] {
            if let Some((st, o)) = &e.eval {
                details.push(detail(i, e, st, o, near[i].clone())?);
            }
        }
    }
    // Summaries per GPU, in the order GPUs first appear.
    let mut order: Vec<String> = Vec::new();
    let mut by_gpu: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, e) in entries.iter().enumerate() {
        if !by_gpu.contains_key(&e.gpu) {
            order.push(e.gpu.clone());
        }
        by_gpu.entry(e.gpu.clone()).or_default().push(i);
    }
    let mut gpus = Vec::new();
    for gpu in order {
        let idx = &by_gpu[&gpu];
        gpus.push(gpu_summary(&gpu, idx, &entries, &near, &chosen)?);
    }
    let details_note = (details.len() < entries.len()).then(|| {
        if entries.len() > a.details {
            format!(
                "Charts for {} of {} kernels (--details {}): those that spill, most first, then those one allocation granule from another wave, then the lowest occupancy. `wavebudget report FILE --kernel REGEX -o OUT.html` draws any other.",
                details.len(),
                entries.len(),
                a.details
            )
        } else {
            "Kernels without an occupancy (the table's next-step column says why) have no charts.".into()
        }
    });
    Ok(Page {
        title,
        version: env!("CARGO_PKG_VERSION"),
        inputs: a.files.clone(),
        calculator,
        kernel_count: entries.len(),
        gpus,
        table: script_json(&Table { gpus: &gpu_names, sources: &sources, commands: &commands(a), rows: &rows })?,
        details,
        details_note,
        skipped,
        limiters: LIMITER_ORDER.iter().map(|l| l.as_str()).collect(),
    })
}

fn gpu_summary(
    gpu: &str,
    idx: &[usize],
    entries: &[Entry],
    near: &[Option<String>],
    chosen: &[bool],
) -> Result<GpuSummary, ReportError> {
    let evaluated: Vec<&Occupancy> = idx.iter().filter_map(|&i| entries[i].eval.as_ref().map(|(_, o)| o)).collect();
    let max_waves = evaluated.iter().map(|o| o.max_waves_per_simd).max().unwrap_or(0);
    let mut occ = vec![0u64; max_waves as usize + 1];
    let mut lim = [0u64; LIMITER_ORDER.len()];
    for o in &evaluated {
        occ[o.waves_per_simd.min(max_waves) as usize] += 1;
        if let Some(p) = LIMITER_ORDER.iter().position(|l| *l == o.limiter) {
            lim[p] += 1;
        }
    }
    let occ_labels: Vec<String> = (0..=max_waves).map(|w| w.to_string()).collect();
    let lim_labels: Vec<String> = LIMITER_ORDER.iter().map(|l| limiter_name(*l).to_string()).collect();
    let occupancy_svg = if evaluated.is_empty() {
        String::new()
    } else {
        charts::count_chart("waves per SIMD", &occ_labels, &occ).map_err(chart_err)?
    };
    let limiter_svg = if evaluated.is_empty() {
        String::new()
    } else {
        charts::count_chart("binding limiter", &lim_labels, &lim).map_err(chart_err)?
    };
    let mut spilling: Vec<(u64, usize)> =
        idx.iter().filter_map(|&i| entries[i].spills.filter(|&s| s > 0).map(|s| (s, i))).collect();
    spilling.sort_by_key(|&(s, i)| (std::cmp::Reverse(s), i));
    let near_list: Vec<usize> = idx.iter().copied().filter(|&i| near[i].is_some()).collect();
    const LISTED: usize = 12;
    Ok(GpuSummary {
        gpu: gpu.to_string(),
        kernels: idx.len(),
        without_occupancy: idx.len() - evaluated.len(),
        max_waves,
        occupancy_svg,
        occupancy: occ_labels.into_iter().zip(occ).map(|(label, count)| Count { label, count }).collect(),
        limiter_svg,
        limiters: lim_labels.into_iter().zip(lim).map(|(label, count)| Count { label, count }).collect(),
        spilling_total: spilling.len(),
        spilling: spilling
            .iter()
            .take(LISTED)
            .map(|&(s, i)| Listed {
                name: entries[i].name.clone(),
                what: format!("{s} spills"),
                id: chosen[i].then_some(i),
            })
            .collect(),
        near_total: near_list.len(),
        near: near_list
            .iter()
            .take(LISTED)
            .map(|&i| Listed {
                name: entries[i].name.clone(),
                what: near[i].clone().unwrap_or_default(),
                id: chosen[i].then_some(i),
            })
            .collect(),
    })
}

fn detail(id: usize, e: &Entry, st: &Subtarget, o: &Occupancy, near: Option<String>) -> Result<Detail, ReportError> {
    let llvm_label = format!("{} rule", st.llvm());
    let bars: Vec<LimiterBar> = curves::limiter_bars(o, e.meta.vgpr_count, e.meta.sgpr_count);
    let limiter_svg = charts::limiter_chart(&bars, o.max_waves_per_simd).map_err(chart_err)?;
    let charts = curves::curves(st, o, e.max_launch)
        .into_iter()
        .map(|c: Curve| {
            Ok(ChartView {
                title: c.axis.title(),
                x_label: c.axis.label(),
                svg: charts::step_chart(&c, o.max_waves_per_simd, &llvm_label).map_err(chart_err)?,
                steps: c.steps,
                point: c.point,
                next: c.next,
                rules_differ: c.rules_differ,
            })
        })
        .collect::<Result<Vec<_>, ReportError>>()?;
    let ladder = st.ladder(o.workgroup, o.lds_bytes)?;
    Ok(Detail {
        id,
        name: e.name.clone(),
        source: e.source.clone(),
        gpu: o.target.clone(),
        llvm: st.llvm().to_string(),
        waves: o.waves_per_simd,
        max_waves: o.max_waves_per_simd,
        percent: format!("{:.0}", o.occupancy * 100.0),
        limiter: limiter_name(o.limiter).into(),
        binding: o.binding.iter().map(|l| limiter_name(*l)).collect::<Vec<_>>().join(", "),
        hardware_waves: o.hardware.waves_per_simd,
        hardware_limiter: limiter_name(o.hardware.limiter),
        limiter_svg,
        bars,
        charts,
        ladder,
        measured_svg: e.measured.as_deref().map(measured_svg).transpose().map_err(chart_err)?,
        predicted_svg: e.measured.as_deref().and_then(predicted_svg).transpose().map_err(chart_err)?,
        measured: e.measured.clone(),
        next: next_text(o),
        near,
        notes: e.notes.iter().map(ToString::to_string).collect(),
    })
}

/// A chart the report could not draw (plotters' message, naming the chart).
fn chart_err(e: charts::DrawError) -> ReportError {
    ReportError::Part { part: ReportPart::Chart, message: e.to_string() }
}

fn measured_svg(rows: &[MeasuredRow]) -> Result<String, charts::DrawError> {
    let levels: Vec<charts::Measured> = rows
        .iter()
        .filter_map(|m| {
            let vgpr_count = m.resources.map(|r| r.vgpr_count);
            Some(charts::Measured { waves: m.waves?, vgpr_count, r_max: m.r_max, spills: m.spills })
        })
        .collect();
    let unconstrained = rows.iter().find(|m| m.waves.is_none()).and_then(|m| m.resources.map(|r| r.vgpr_count));
    charts::measured_chart(&levels, unconstrained)
}

/// The predicted throughput of each compiled level against the waves/SIMD it reached (`None`: no level
/// has a prediction).
fn predicted_svg(rows: &[MeasuredRow]) -> Option<Result<String, charts::DrawError>> {
    let points: Vec<charts::Predicted> = rows
        .iter()
        .filter_map(|m| {
            Some(charts::Predicted {
                target: m.waves,
                waves_per_simd: m.waves_per_simd?,
                throughput: m.predicted_throughput?,
                spills: m.spills.unwrap_or(0),
            })
        })
        .collect();
    (!points.is_empty()).then(|| charts::predicted_chart(&points))
}

fn render(page: &Page) -> Result<String, ReportError> {
    render_page("report.html", TEMPLATE, page, page_formatter)
}

/// The page `name` (`template`, which includes `head.html`, the pages' one head) made from `page`, its
/// values shown by `formatter`.
pub(crate) fn render_page(
    name: &'static str,
    template: &'static str,
    page: &impl Serialize,
    formatter: impl Fn(&mut minijinja::Output, &mut minijinja::State, &minijinja::Value) -> Result<(), minijinja::Error>
        + Send
        + Sync
        + 'static,
) -> Result<String, ReportError> {
    let mut env = minijinja::Environment::new();
    env.set_formatter(formatter);
    for (name, template) in [("head.html", HEAD), (name, template)] {
        env.add_template(name, template)
            .map_err(|e| ReportError::Part { part: ReportPart::Template, message: e.to_string() })?;
    }
    env.get_template(name)
        .and_then(|t| t.render(minijinja::Value::from(minijinja::value::Serde(page))))
        .map_err(|e| ReportError::Part { part: ReportPart::Page, message: e.to_string() })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_missing_spill_count_is_no_sum() {
        assert_eq!(wavebudget_model::KernelResources::spill_sum(Some(2), Some(3)), Some(5));
        assert_eq!(wavebudget_model::KernelResources::spill_sum(Some(2), None), None);
        assert_eq!(wavebudget_model::KernelResources::spill_sum(None, Some(3)), None);
    }

    use super::*;
    use wavebudget_codeobj::KernelMeta;
    use wavebudget_model::targets::PROCESSORS;
    use wavebudget_model::{Llvm, Usage, Vgprs, WorkgroupSize};

    /// A name that would end the script element or open a comment stays data: no `<` reaches the page,
    /// and the JSON reads back the same.
    /// A right-to-left override in a name reaches neither the table's data nor the page as itself.
    #[test]
    fn bidi_overrides_are_spelled_out() {
        let name = "k\u{202e}lanigiro";
        let j = script_json(&[name]).unwrap();
        assert!(!j.contains('\u{202e}'), "{j}");
        assert_eq!(serde_json::from_str::<Vec<String>>(&j).unwrap(), vec!["k\\u{202e}lanigiro".to_string()]);
        let mut env = minijinja::Environment::new();
        env.set_formatter(page_formatter);
        let html = env.render_str("<b>{{ n }}</b>", minijinja::context! { n => name }).unwrap();
        assert_eq!(html, "<b>k\\u{202e}lanigiro</b>");
    }

    #[test]
    fn table_json_cannot_leave_its_script_element() {
        let name = "k</script><!--<script>alert(1)</script>";
        let j = script_json(&[name]).unwrap();
        assert!(!j.contains('<'), "{j}");
        assert_eq!(serde_json::from_str::<Vec<String>>(&j).unwrap(), vec![name.to_string()]);
    }

    /// Every processor, wave size and LLVM major the model knows, at a small, a middling and the largest
    /// kernel: every chart is drawn, every axis covered by its runs without a gap, and every point and
    /// next step sits on its curve.
    #[test]
    fn every_target_draws_and_its_runs_cover_the_axes() {
        for p in PROCESSORS {
            for &ws in p.wave_sizes() {
                for llvm in [Llvm::V15, Llvm::V19, Llvm::V22] {
                    let Ok(st) = Subtarget::new(
                        wavebudget_model::parse_target(p.name).unwrap(),
                        Options { wave_size: Some(ws), llvm, ..Options::default() },
                    ) else {
                        continue;
                    };
                    for (v, lds, wg) in
                        [(1, 0, WorkgroupSize::DEFAULT), (97, 7000, WorkgroupSize::fixed(256))].into_iter().chain(
                            std::iter::once((st.max_total_vgprs(), st.lds_per_workgroup(), WorkgroupSize::fixed(1024))),
                        )
                    {
                        let u = Usage { vgprs: Vgprs::Total(v), sgprs: Some(30), lds, workgroup: wg };
                        let o = st.occupancy(&u).unwrap();
                        let e = Entry {
                            input: 0,
                            name: "k".into(),
                            source: "test".into(),
                            gpu: o.target.clone(),
                            eval: None,
                            max_launch: 1024,
                            meta: KernelMeta {
                                vgpr_count: Some(v),
                                sgpr_count: Some(30),
                                group_segment_fixed_size: Some(lds),
                                ..KernelMeta::default()
                            },
                            spills: None,
                            notes: Vec::new(),
                            measured: None,
                        };
                        let d = detail(0, &e, &st, &o, None).unwrap_or_else(|e| panic!("{}: {e}", p.name));
                        for c in &d.charts {
                            let what = format!("{} wave{ws} {llvm} {v} VGPRs {lds} LDS: {}", p.name, c.title);
                            assert!(c.svg.starts_with("<svg"), "{what}");
                            for w in c.steps.windows(2) {
                                assert_eq!(w[0].to + 1, w[1].from, "{what}: a gap");
                            }
                            let on =
                                |m: &Mark| c.steps.iter().any(|s| s.from <= m.x && m.x <= s.to && s.llvm == m.waves);
                            assert!(on(&c.point), "{what}: the point {:?} is off the curve", c.point);
                            if let Some(n) = &c.next {
                                assert!(on(n), "{what}: the next step {n:?} is off the curve");
                                // Where this resource binds alone, giving it up must gain a wave.
                                let alone = match c.title {
                                    "Occupancy vs VGPRs" => o.binding == [wavebudget_model::Limiter::Vgpr],
                                    _ => o.binding == [wavebudget_model::Limiter::Lds],
                                };
                                assert!(!alone || n.waves > o.waves_per_simd, "{what}: {n:?} gains nothing");
                                assert!(n.x < c.point.x, "{what}: the next step {n:?} gives nothing up");
                            }
                        }
                    }
                }
            }
        }
    }
}
