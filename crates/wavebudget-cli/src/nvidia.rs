//! `occupancy`, `budget` and `targets --nvidia` for NVIDIA targets: the arguments in CUDA's terms and the
//! text for people; every number comes from `wavebudget_model::nvidia`.

use crate::args::{BudgetArgs, NvidiaArgs, OccupancyArgs};
use crate::{to_json, CliError, UsageError};
use wavebudget_engine::nvidia::Levels;
use wavebudget_engine::vendor::Question;
use wavebudget_model::nvidia::{Arch, Kernel, Occupancy, Target};

/// The NVIDIA target `--target` names, if it names one; a name that looks NVIDIA's but is not modelled
/// (or a list with one in it) is refused.
pub(crate) fn block_size(wg: Option<&str>) -> Result<u32, CliError> {
    use wavebudget_engine::misuse::Misuse;
    let s = wg.ok_or(UsageError::from(Misuse::NoBlockSize))?;
    // The text, then the engine's rule for a CUDA block (one size; 0 the model's refusal), as the report
    // applies it.
    let wg = block_text(s)?;
    Ok(wavebudget_engine::misuse::block(Some(wg), || s.to_string()).map_err(UsageError::from)?)
}

/// An NVIDIA `--wg-size`'s text: `N`, or `MIN,MAX` as every --wg-size is read (Python's `(64, 64)` is the
/// same); a size that is no count refused as one (Python's `block=-1` alike), any other text as no block.
pub(crate) fn block_text(s: &str) -> Result<wavebudget_model::WorkgroupSize, UsageError> {
    use wavebudget_engine::misuse::Misuse;
    crate::parse_workgroup_text(s).map_err(|e| match e {
        CliError::Usage(UsageError::Count(c)) => UsageError::Count(c),
        _ => UsageError::from(Misuse::BlockSize { value: s.to_string() }),
    })
}

/// The kernel the NVIDIA flags describe (the runtime's defaults where a flag is not given: 1 barrier, no
/// carveout preference, the default dynamic limit).
pub(crate) fn kernel(n: &NvidiaArgs, arch: &Arch, regs: u32, block: u32) -> Result<Kernel, CliError> {
    Ok(n.spec()?.kernel(arch, regs, block))
}

pub(crate) fn heading(t: &Target) -> String {
    wavebudget_engine::targets::nvidia_heading(t)
}

fn limit_text(v: Option<u32>) -> String {
    v.map_or("-".into(), |b| b.to_string())
}

fn occupancy_text(t: &Target, k: &Kernel, o: &Occupancy, grid_blocks: Option<u64>) -> String {
    let mut s = format!(
        "{}: {} registers/thread, {} threads/block, {} B static + {} B dynamic shared memory\n",
        heading(t),
        k.regs,
        k.block,
        k.shared_mem,
        k.dynamic_shared_mem
    );
    if let Some(why) = &o.unlaunchable {
        s.push_str(&format!("  cannot launch: {why}\n"));
        return s;
    }
    let limiters: Vec<&str> = o.binding().map(|l| l.name()).collect();
    s.push_str(&format!(
        "  blocks per SM: {}   warps per SM: {} of {} ({:.0}%)   limiter: {}\n",
        o.blocks_per_sm,
        o.warps_per_sm,
        o.max_warps_per_sm,
        100.0 * o.fraction(),
        limiters.join(", ")
    ));
    s.push_str(&format!(
        "  blocks per SM by limiter: regs {}, shared_mem {}, warps {}, blocks {}, barriers {}\n",
        limit_text(o.limits.regs),
        limit_text(o.limits.shared_mem),
        o.limits.warps,
        o.limits.blocks,
        limit_text(o.limits.barriers)
    ));
    s.push_str(&format!(
        "  per block: {} registers, {} B shared memory ({} B reserved by the driver); SM shared memory {} B\n",
        o.allocated_regs_per_block,
        o.allocated_shared_mem_per_block,
        t.arch.reserved_shared_mem_per_block,
        o.shared_mem_per_sm
    ));
    if let Some(blocks) = grid_blocks {
        s.push_str(&format!("  grid that fills the device once: {blocks} blocks\n"));
    }
    s
}

/// `occupancy --target sm_90 --regs N --wg-size B ...`.
pub(crate) fn occupancy(a: &OccupancyArgs, t: Target) -> Result<String, CliError> {
    Question::Occupancy.refuse_unasked_nvidia(t.arch.name, &a.given).map_err(wavebudget_engine::Error::from)?;
    let regs =
        a.nvidia.regs.ok_or(UsageError::from(wavebudget_engine::misuse::Misuse::NoRegs { configuration: false }))?;
    let k = kernel(&a.nvidia, t.arch, regs, block_size(a.wg_size.as_deref())?)?;
    let answer = wavebudget_engine::nvidia::occupancy(&t, k)?;
    if a.json {
        return Ok(to_json(&answer));
    }
    Ok(occupancy_text(&t, &answer.kernel, &answer.occupancy, answer.grid_blocks))
}

/// `budget --target H100 --wg-size B --warps-per-sm W` (or `--blocks-per-sm N`, or `--all`).
pub(crate) fn budget(a: &BudgetArgs, t: Target) -> Result<String, CliError> {
    Question::Budget.refuse_unasked_nvidia(t.arch.name, &a.given).map_err(wavebudget_engine::Error::from)?;
    let block = block_size(a.wg_size.as_deref())?;
    let k = kernel(&a.nvidia, t.arch, 0, block)?;
    let give = "--warps-per-sm W, --blocks-per-sm N or --all";
    let levels =
        Levels::from_given(a.all, a.nvidia.warps_per_sm, a.nvidia.blocks_per_sm, give).map_err(UsageError::from)?;
    let answer = wavebudget_engine::nvidia::budget(&t, k, levels)?;
    if a.json {
        return Ok(to_json(&answer));
    }
    let mut s = format!(
        "{}: {} threads/block, {} B static + {} B dynamic shared memory\n",
        heading(&t),
        block,
        k.shared_mem,
        k.dynamic_shared_mem
    );
    for wavebudget_engine::nvidia::BudgetLevel { want: w, budget: b } in &answer.levels {
        s.push_str(&format!(
            "  {w}: at most {} registers/thread ({} blocks, {} warps per SM)",
            b.max_regs, b.occupancy.blocks_per_sm, b.occupancy.warps_per_sm
        ));
        if let (Some(regs), Some(up)) = (b.above_regs, &b.above) {
            s.push_str(&format!("; {regs} registers give {} warps", up.warps_per_sm));
        }
        s.push('\n');
    }
    Ok(s)
}

/// `targets --nvidia`: the engine's list, rendered.
pub(crate) fn targets(json: bool) -> String {
    let rows = wavebudget_engine::targets::nvidia_rows();
    if json {
        return to_json(&rows);
    }
    let mut s = String::from("arch    family     warps/SM  blocks/SM  shared/SM  opt-in/block  reserved/block\n");
    for r in &rows.archs {
        s.push_str(&format!(
            "{:<7} {:<10} {:>8}  {:>9}  {:>9}  {:>12}  {:>14}\n",
            r.arch.name,
            r.arch.family,
            r.max_warps_per_sm,
            r.arch.max_blocks_per_sm,
            r.arch.shared_mem_per_sm,
            r.shared_mem_per_block_optin,
            r.arch.reserved_shared_mem_per_block
        ));
    }
    s.push_str("\nproduct               arch     SMs\n");
    for p in rows.products {
        s.push_str(&format!("{:<21} {:<7} {:>4}\n", p.name, p.arch, p.sms));
    }
    s.push_str("\nAll: 64K registers per SM in 4 sub-partitions, allocated per warp in 256-register units; 48 KiB static shared memory per block.\n");
    s
}
