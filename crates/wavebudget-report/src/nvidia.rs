//! NVIDIA pages: the calculator view (`report --target H100 --regs 40 --wg-size 256`) and the kernels of
//! NVIDIA binaries at their launch (`report k.cubin`, a Triton NVIDIA cache): the answer with each
//! limiter, and warps per SM as a step function of registers, shared memory and block size with the others
//! held, every point from `wavebudget_model::nvidia` (CUDA's rules).

use super::charts;
use super::curves::{Axis, Curve, Mark, Step};
use crate::{ReportError, ReportPart, Request};
use serde::Serialize;
use wavebudget_engine::inspect::CubinReport;
use wavebudget_engine::misuse::Misuse;
use wavebudget_engine::vendor::{Given, Question};
use wavebudget_model::nvidia::{Kernel, Limiter, Target, MAX_THREADS_PER_BLOCK, PTXAS_MAX_REGS};

const TEMPLATE: &str = include_str!("nvidia.html");

/// One chart's axis, its runs, the kernel's x, the axis's end, whether less of it gains, and its unit.
type AxisRuns = (Axis, Vec<Step>, u32, u32, bool, &'static str);

#[derive(Serialize)]
struct Limit {
    name: &'static str,
    blocks: String,
    binding: bool,
}

#[derive(Serialize)]
struct ChartOut {
    title: &'static str,
    x_label: &'static str,
    svg: String,
    point: Mark,
    next: Option<Mark>,
    steps: Vec<Step>,
}

/// One kernel at its launch: the answer, each limiter and the three charts.
#[derive(Serialize)]
struct KernelView {
    /// The kernel's name and the cubin it is in (none for the calculator's configuration).
    name: Option<String>,
    source: Option<String>,
    target: String,
    regs: u32,
    block: u32,
    shared_mem: u32,
    dynamic_shared_mem: u32,
    unlaunchable: Option<String>,
    blocks_per_sm: u32,
    warps_per_sm: u32,
    max_warps_per_sm: u32,
    percent: String,
    grid: Option<u64>,
    limits: Vec<Limit>,
    allocated_regs: u32,
    allocated_shared: u64,
    reserved: u32,
    granule: u32,
    sm_shared: u64,
    charts: Vec<ChartOut>,
}

/// One row of a binaries page's table: every kernel read, with its answer or why it has none.
#[derive(Serialize)]
struct Row {
    name: String,
    source: String,
    arch: String,
    regs: Option<u32>,
    shared_mem: u64,
    local_mem: u64,
    barriers: u32,
    block: Option<u32>,
    dynamic_shared_mem: Option<u32>,
    blocks_per_sm: Option<u32>,
    warps_per_sm: Option<u32>,
    limiter: String,
    /// Why it has no occupancy, or cannot launch.
    why: Option<String>,
    /// Its index among the kernels drawn with charts.
    detail: Option<usize>,
}

#[derive(Serialize)]
struct Page {
    title: String,
    version: &'static str,
    /// The configuration's line (calculator), or the inputs' (binaries).
    subtitle: String,
    rows: Vec<Row>,
    skipped: Vec<String>,
    kernels: Vec<KernelView>,
}

/// Runs of equal warps per SM over `lo..=hi`, every value evaluated (at most the opt-in shared memory's
/// 232,448 bytes, tens of milliseconds).
fn steps(lo: u32, hi: u32, f: &dyn Fn(u32) -> u32) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    for x in lo..=hi {
        let w = f(x);
        match out.last_mut() {
            Some(s) if s.llvm == w => s.to = x,
            _ => out.push(Step { from: x, to: x, llvm: w, hardware: w }),
        }
    }
    out
}

/// The nearest x in the direction that gains (`down`: smaller x) where warps per SM rise above `w`.
fn next(steps: &[Step], x: u32, w: u32, down: bool, unit: &str) -> Option<Mark> {
    let better = |s: &&Step| s.llvm > w;
    let found = if down {
        steps.iter().rev().filter(|s| s.to < x).find(better).map(|s| (s.to, s.llvm))
    } else {
        steps.iter().filter(|s| s.from > x).find(better).map(|s| (s.from, s.llvm))
    };
    found.map(|(x, w)| Mark { x, waves: w, label: format!("{x} {unit}: {w} warps per SM") })
}

/// The page of one NVIDIA configuration: `given` holds its launch and its kernel's own flags only.
pub(crate) fn page(a: &Request, t: Target, given: &Given) -> Result<String, ReportError> {
    Question::Page.refuse_unasked_nvidia(t.arch.name, given).map_err(wavebudget_engine::Error::from)?;
    let n = &a.nvidia;
    let regs = n.regs.ok_or(Misuse::NoRegs { configuration: true })?;
    let block = wavebudget_engine::misuse::block(a.wg_size, || a.wg_size.map(|w| w.to_string()).unwrap_or_default())?;
    let k = n.spec.kernel(t.arch, regs, block);
    let v = view(&t, k, MAX_THREADS_PER_BLOCK, None, None)?;
    let target = v.target.clone();
    let page = Page {
        title: a.title.clone().unwrap_or_else(|| format!("wavebudget: occupancy of one configuration on {target}")),
        version: env!("CARGO_PKG_VERSION"),
        subtitle: format!(
            "{target}: {regs} registers per thread, {block} threads per block, {} B static + {} B dynamic shared memory.",
            k.shared_mem, k.dynamic_shared_mem
        ),
        rows: Vec::new(),
        skipped: Vec::new(),
        kernels: vec![v],
    };
    let html = render(&page)?;
    wavebudget_engine::output::write_atomic(std::path::Path::new(&a.output), html.as_bytes(), None)?;
    Ok(format!("{}: one configuration on {target}, {} bytes\n", a.output, html.len()))
}

/// The page of NVIDIA binaries' kernels (cubins, fat binaries, executables, a Triton NVIDIA cache), each at
/// its launch as `inspect` evaluates it: a table of every kernel, and charts for the first `--details`
/// that have an answer.
pub(crate) fn binaries(a: &Request, cubins: &[CubinReport], skipped: Vec<String>) -> Result<String, ReportError> {
    let mut rows = Vec::new();
    let mut kernels = Vec::new();
    for c in cubins {
        for k in &c.kernels {
            let o = k.occupancy.as_ref();
            let detail = match (c.evaluated.as_ref(), k.launch, o) {
                (Some(t), Some(launch), Some(_)) if kernels.len() < a.details => {
                    // A kernel's `.maxntid` bounds its blocks (the driver's most threads per block for it).
                    let device = MAX_THREADS_PER_BLOCK;
                    let max_block = k.kernel.maxntid_threads().map_or(device, |m| m.min(device));
                    kernels.push(view(t, launch, max_block, Some(k.kernel.name.clone()), Some(c.source.clone()))?);
                    Some(kernels.len() - 1)
                }
                _ => None,
            };
            let why = k
                .no_occupancy
                .as_ref()
                .map(ToString::to_string)
                .or_else(|| o.and_then(|o| o.unlaunchable.as_ref()).map(|u| format!("cannot launch: {u}")));
            rows.push(Row {
                name: k.kernel.name.clone(),
                source: c.source.clone(),
                // Where it was evaluated: none for a cubin the target cannot load or the model lacks.
                arch: match (&k.no_occupancy, c.evaluated_on) {
                    (Some(wavebudget_engine::inspect::NoOccupancy::CannotLoad { .. }), _) | (_, None) => String::new(),
                    (_, Some(on)) => on.to_string(),
                },
                regs: k.kernel.regs,
                shared_mem: k.kernel.shared_mem,
                local_mem: k.kernel.local_mem,
                barriers: k.kernel.barriers,
                block: k.block,
                dynamic_shared_mem: k.launch.map(|l| l.dynamic_shared_mem),
                blocks_per_sm: o.map(|o| o.blocks_per_sm),
                warps_per_sm: o.map(|o| o.warps_per_sm),
                limiter: o
                    .filter(|o| o.unlaunchable.is_none())
                    .map(|o| o.binding().map(|l| l.name()).collect::<Vec<_>>().join(", "))
                    .unwrap_or_default(),
                why,
                detail,
            });
        }
    }
    let drawn =
        if kernels.len() == rows.len() { String::new() } else { format!("; charts for {} (--details)", kernels.len()) };
    let page = Page {
        title: a.title.clone().unwrap_or_else(|| format!("wavebudget occupancy report: {}", a.files.join(", "))),
        version: env!("CARGO_PKG_VERSION"),
        subtitle: format!("{} NVIDIA kernel(s) at their launch{drawn}.", rows.len()),
        rows,
        skipped,
        kernels,
    };
    let html = render(&page)?;
    wavebudget_engine::output::write_atomic(std::path::Path::new(&a.output), html.as_bytes(), None)?;
    Ok(format!("{}: {} NVIDIA kernel(s){drawn}, {} bytes\n", a.output, page.rows.len(), html.len()))
}

fn render(page: &Page) -> Result<String, ReportError> {
    // A kernel without an answer shows empty cells, not "none".
    super::render_page("nvidia.html", TEMPLATE, page, |out, state, value| match value.is_none() {
        true => Ok(()),
        false => super::page_formatter(out, state, value),
    })
}

/// One kernel on `t` at its launch `k`: the answer, each limiter, and warps per SM along registers, shared
/// memory and block size with the others held.
/// `max_block`: the most threads a block of the kernel may have (its `.maxntid`, else the device's
/// `MAX_THREADS_PER_BLOCK`),
/// where the block-size axis ends.
fn view(
    t: &Target,
    k: Kernel,
    max_block: u32,
    name: Option<String>,
    source: Option<String>,
) -> Result<KernelView, ReportError> {
    let arch = t.arch;
    let (regs, block) = (k.regs, k.block);
    let o = arch.occupancy(&k)?;
    let warps = |k: &Kernel| arch.occupancy(k).map(|o| o.warps_per_sm).unwrap_or(0);
    let max = arch.max_warps_per_sm();
    // Registers 0..=255 at this block and shared memory; block sizes 1..=max_block; shared memory (static plus
    // dynamic, as one dynamic size with the opt-in limit raised) 0..=the opt-in maximum.
    let total_shared = k.shared_mem.saturating_add(k.dynamic_shared_mem);
    let optin = arch.shared_mem_per_block_optin();
    let granule = arch.shared_mem_granule();
    let shared_kernel =
        |bytes: u32| Kernel { shared_mem: 0, dynamic_shared_mem: bytes, max_dynamic_shared_mem: Some(optin), ..k };
    // Per chart: the axis, its runs, the kernel's x, the axis's end, whether fewer gains, the unit.
    let axes: [AxisRuns; 3] = [
        (
            Axis::Regs,
            steps(0, PTXAS_MAX_REGS, &|r| warps(&Kernel { regs: r, ..k })),
            regs,
            PTXAS_MAX_REGS,
            true,
            "registers",
        ),
        (Axis::SharedMem, steps(0, optin, &|b| warps(&shared_kernel(b))), total_shared, optin, true, "bytes"),
        (
            Axis::BlockSize,
            steps(1, max_block, &|b| warps(&Kernel { block: b, ..k })),
            block,
            max_block,
            false,
            "threads",
        ),
    ];
    let mut charts_out = Vec::new();
    for (axis, st, x, x_max, down, unit) in axes {
        // The point is the configuration's own answer: where it cannot launch (dynamic shared memory over
        // a limit not raised) it is 0, below the curve, which assumes the opt-in limit raised.
        let here = o.warps_per_sm;
        let point = Mark { x: x.min(x_max), waves: here, label: format!("{x} {unit}: {here} warps per SM") };
        // No next step for a configuration that cannot launch: the page says why instead.
        let nx = if o.unlaunchable.is_none()
            && o.binding().any(|l| match axis {
                Axis::Regs => l == Limiter::Regs,
                Axis::SharedMem => l == Limiter::SharedMem,
                _ => matches!(l, Limiter::Warps | Limiter::Blocks),
            }) {
            next(&st, x, here, down, unit)
        } else {
            None
        };
        let curve = Curve { axis, x_max, steps: st, point: point.clone(), next: nx.clone(), rules_differ: false };
        let svg = charts::step_chart(&curve, max, "CUDA's rule")
            .map_err(|e| ReportError::Part { part: ReportPart::Chart, message: e.to_string() })?;
        charts_out.push(ChartOut {
            title: axis.title(),
            x_label: axis.label(),
            svg,
            point,
            next: nx,
            steps: curve.steps,
        });
    }
    let binding: Vec<Limiter> = o.binding().collect();
    let limit = |name: Limiter, v: Option<u32>| Limit {
        name: name.name(),
        blocks: v.map_or("no limit".into(), |b| b.to_string()),
        binding: binding.contains(&name),
    };
    let limits = vec![
        limit(Limiter::Regs, o.limits.regs),
        limit(Limiter::SharedMem, o.limits.shared_mem),
        limit(Limiter::Warps, Some(o.limits.warps)),
        limit(Limiter::Blocks, Some(o.limits.blocks)),
        limit(Limiter::Barriers, o.limits.barriers),
    ];
    Ok(KernelView {
        name,
        source,
        target: wavebudget_engine::targets::nvidia_heading(t),
        regs,
        block,
        shared_mem: k.shared_mem,
        dynamic_shared_mem: k.dynamic_shared_mem,
        unlaunchable: o.unlaunchable.map(|u| u.to_string()),
        blocks_per_sm: o.blocks_per_sm,
        warps_per_sm: o.warps_per_sm,
        max_warps_per_sm: o.max_warps_per_sm,
        percent: format!("{:.0}", 100.0 * o.fraction()),
        grid: t.sms().filter(|_| o.blocks_per_sm > 0).map(|s| u64::from(s) * u64::from(o.blocks_per_sm)),
        limits,
        allocated_regs: o.allocated_regs_per_block,
        allocated_shared: o.allocated_shared_mem_per_block,
        reserved: arch.reserved_shared_mem_per_block,
        granule,
        sm_shared: o.shared_mem_per_sm,
        charts: charts_out,
    })
}
