//! The calculator view for an NVIDIA target (`report --target H100 --regs 40 --wg-size 256`): the answer
//! with each limiter, and warps per SM as a step function of registers, shared memory and block size with
//! the others held, every point from `wavebudget_model::nvidia` (CUDA's rules).

use super::charts;
use super::curves::{Axis, Curve, Mark, Step};
use crate::args::ReportArgs;
use crate::usage::ReportPart;
use crate::{CliError, UsageError};
use serde::Serialize;
use wavebudget_model::nvidia::{Kernel, Limiter, Target, PTXAS_MAX_REGS};

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

#[derive(Serialize)]
struct Page {
    title: String,
    version: &'static str,
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

pub(crate) fn page(a: &ReportArgs, t: Target) -> Result<String, CliError> {
    let amd = [
        ("--vgprs", a.resources.vgprs.is_some()),
        ("--agprs", a.resources.agprs.is_some()),
        ("--vgpr-count", a.resources.vgpr_count.is_some()),
        ("--sgprs", a.resources.sgprs.is_some()),
        ("--lds", a.resources.lds.is_some()),
        ("--wave-size", a.wave_size.is_some()),
        ("--cu-mode", a.cu_mode),
        ("--llvm", a.llvm.is_some()),
        ("--dynamic-lds", a.dynamic_lds.is_some()),
        ("--kernel", a.kernel.is_some()),
        ("--warps-per-sm", a.nvidia.warps_per_sm.is_some()),
        ("--blocks-per-sm", a.nvidia.blocks_per_sm.is_some()),
    ];
    if let Some((f, _)) = amd.iter().find(|(_, set)| *set) {
        return Err(UsageError::NotNvidiaFlag { flag: f }.into());
    }
    let n = &a.nvidia;
    let regs = n.regs.ok_or(UsageError::NoRegs { configuration: true })?;
    let block = crate::nvidia::block_size(a.wg_size.as_deref())?;
    let k = crate::nvidia::kernel(n, regs, block);
    let arch = t.arch;
    let o = arch.occupancy(&k)?;
    let warps = |k: &Kernel| arch.occupancy(k).map(|o| o.warps_per_sm).unwrap_or(0);
    let max = arch.max_warps_per_sm();
    // Registers 0..=255 at this block and shared memory; block sizes 1..=1024; shared memory (static plus
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
        (Axis::BlockSize, steps(1, 1024, &|b| warps(&Kernel { block: b, ..k })), block, 1024, false, "threads"),
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
            .map_err(|e| CliError::Report { part: ReportPart::Chart, message: e.to_string() })?;
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
    let target = crate::nvidia::heading(&t);
    let page = Page {
        title: a.title.clone().unwrap_or_else(|| format!("wavebudget: occupancy of one configuration on {target}")),
        version: env!("CARGO_PKG_VERSION"),
        target,
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
    };
    let mut env = minijinja::Environment::new();
    env.set_auto_escape_callback(|_| minijinja::AutoEscape::Html);
    env.set_formatter(super::page_formatter);
    env.add_template("nvidia.html", TEMPLATE)
        .map_err(|e| CliError::Report { part: ReportPart::Template, message: e.to_string() })?;
    let html = env
        .get_template("nvidia.html")
        .and_then(|t| t.render(minijinja::Value::from(minijinja::value::Serde(&page))))
        .map_err(|e| CliError::Report { part: ReportPart::Page, message: e.to_string() })?;
    crate::write_atomic(std::path::Path::new(&a.output), html.as_bytes(), None)?;
    Ok(format!("{}: one configuration on {}, {} bytes\n", a.output, page.target, html.len()))
}
