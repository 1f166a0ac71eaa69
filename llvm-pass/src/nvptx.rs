//! The pass on NVPTX modules (`nvptx64-nvidia-cuda`, from clang CUDA or Triton's NVIDIA path): for a
//! requested warps (or blocks) per SM at a kernel's block size, the largest register count per thread
//! that keeps it (`wavebudget_model::nvidia`, CUDA's own rules), set as `"nvvm.maxnreg"`, which LLVM 22
//! passes to PTX as `.maxnreg` and ptxas obeys. Kernels are `ptx_kernel` functions (what LLVM 22 makes of
//! `!nvvm.annotations` too); the block size is their `"nvvm.reqntid"` or `"nvvm.maxntid"`
//! (`__launch_bounds__`); static shared memory the addrspace(3) globals they reach. LLVM 22 only: before
//! it, launch bounds and the register cap travel as `!nvvm.annotations`, which this pass does not write.
//! The IR is read and written through the pass's safe IR layer ([`crate::ir`]): no `unsafe` here.

#![forbid(unsafe_code)]

use crate::config::{Config, Mode};
use crate::facts;
use crate::finding::{BlockProblem, Finding, On, Subject};
use crate::ir::{Module, Value};
use crate::plan::{Action, Diagnostic, KernelPlan, Severity};
use crate::ModuleReport;
use wavebudget_model::nvidia::{self, Kernel, Want};

/// Threads per block from `"nvvm.reqntid"` / `"nvvm.maxntid"` (`"X"`, `"X,Y"` or `"X,Y,Z"`).
fn block_of(attr: &str) -> Result<u32, BlockProblem> {
    let mut dims = Vec::new();
    for d in attr.split(',') {
        let v: u64 = d.trim().parse().map_err(|_| BlockProblem::NotDims(attr.to_string()))?;
        // A dimension past 32 bits is a parsed number but no launch size.
        dims.push(u32::try_from(v).map_err(|_| BlockProblem::NotASize(attr.to_string()))?);
    }
    let dims = wavebudget_model::LaunchDims::from_list(&dims).ok_or_else(|| BlockProblem::NotDims(attr.to_string()))?;
    match dims.threads() {
        Some(b) if b >= 1 => Ok(b),
        _ => Err(BlockProblem::NotASize(attr.to_string())),
    }
}

/// A diagnostic about kernel `plan.name` (NVPTX names are shown as they are), on `on`.
fn say(plan: &mut KernelPlan, severity: Severity, on: Option<On>, finding: Finding) {
    let subject = Subject { kernel: plan.name.clone(), demangled: None, on };
    plan.diagnostics.push(Diagnostic { severity, subject: Some(subject), finding });
}

/// Runs the pass on an NVPTX module's kernels.
pub fn run_on_module(module: Module, cfg: &Config, report: &mut ModuleReport) {
    let kernels: Vec<Value> = module.functions().into_iter().filter(|f| f.is_ptx_kernel()).collect();
    let triple = module.triple();
    let top = |report: &mut ModuleReport, severity, finding: Finding| {
        report.diagnostics.push(Diagnostic::module(severity, finding))
    };
    if kernels.is_empty() {
        top(report, Severity::Remark, Finding::NoPtxKernels { triple });
        return;
    }
    if !cfg!(feature = "llvm22") {
        top(report, Severity::Warning, Finding::NvptxNeedsLlvm22 { kernels: kernels.len(), triple });
        return;
    }
    let want = match (cfg.warps_per_sm, cfg.blocks_per_sm) {
        (Some(w), _) => Want::WarpsPerSm(w),
        (None, Some(b)) => Want::BlocksPerSm(b),
        (None, None) => {
            let finding = Finding::NoWarpsTarget { kernels: kernels.len(), waves_given: cfg.waves.is_some() };
            top(report, Severity::Warning, finding);
            return;
        }
    };
    if cfg.mode == Mode::Auto {
        top(report, Severity::Warning, Finding::AutoIsAmdOnly { kernels: kernels.len() });
        return;
    }
    // Settings only AMDGPU kernels read are said, never silently dropped.
    let amd_only: Vec<&'static str> = [
        ("waves", cfg.waves.is_some()),
        ("exact", cfg.exact),
        ("clamp", cfg.clamp),
        ("records", cfg.records.is_some()),
        ("max-spills", cfg.max_spills != 0),
        ("max-loop-growth", cfg.max_loop_growth.is_some()),
    ]
    .into_iter()
    .filter_map(|(k, given)| given.then_some(k))
    .collect();
    if !amd_only.is_empty() {
        top(report, Severity::Warning, Finding::AmdSettingsOnNvptx { settings: amd_only });
    }
    let mut lds = facts::Lds::nvptx(module);
    for &f in &kernels {
        let mut k = facts::read_kernel(f, None);
        lds.fill(f, &mut k);
        report.kernels.push(plan_kernel(f, &k, cfg, want));
    }
    // Apply: only after every decision was made.
    for (&f, plan) in kernels.iter().zip(&report.kernels) {
        for (key, v) in &plan.set_attributes {
            f.set_str_attr(key, v);
            report.changed = true;
        }
    }
}

/// One kernel's decision; nothing is written here.
fn plan_kernel(f: Value, k: &facts::KernelFacts, cfg: &Config, want: Want) -> KernelPlan {
    let mut plan = KernelPlan::new(&k.name);
    let untouched = |mut plan: KernelPlan, why: Finding| {
        say(&mut plan, Severity::Warning, None, Finding::Untouched(Box::new(why)));
        plan.action = Action::Untouched;
        plan
    };
    let cpu = k.target_cpu.clone().filter(|c| !c.is_empty()).or_else(|| cfg.target.clone());
    let Some(cpu) = cpu else {
        return untouched(plan, Finding::NoNvidiaTarget);
    };
    let Some(target) = nvidia::parse_target(&cpu) else {
        let known = nvidia::ARCHS.iter().map(|a| a.name).collect();
        return untouched(plan, Finding::UnknownNvidiaArch { cpu, known });
    };
    plan.target = Some(target.arch.name.to_string());
    let bounds = f.str_attr("nvvm.reqntid").map(|v| ("nvvm.reqntid", v));
    let Some((which, text)) = bounds.or_else(|| f.str_attr("nvvm.maxntid").map(|v| ("nvvm.maxntid", v))) else {
        return untouched(plan, Finding::NoBlockSize);
    };
    let block = match block_of(&text) {
        Ok(b) => b,
        Err(problem) => return untouched(plan, Finding::BadBlockSize { attribute: which, problem }),
    };
    let shared = u32::try_from(k.static_lds).unwrap_or(u32::MAX);
    // Dynamic shared memory at launch (what the DSL compiler knows), with the kernel's limit raised to the
    // device's opt-in maximum as Triton's launcher raises it: shared memory may bind below any register
    // count, and then no cap is set (it would only add spills).
    let dynamic = cfg.dynamic_shared_mem.unwrap_or(0);
    let kernel = Kernel {
        shared_mem: shared,
        dynamic_shared_mem: dynamic,
        max_dynamic_shared_mem: cfg
            .dynamic_shared_mem
            .map(|_| target.arch.shared_mem_per_block_optin().saturating_sub(shared)),
        ..Kernel::new(0, block)
    };
    let budget = match target.arch.budget(&kernel, want) {
        Ok(b) => b,
        Err(e) => return untouched(plan, Finding::NvidiaRefused(e)),
    };
    let r = budget.max_regs;
    let at = Some(On::Nvidia { arch: target.arch.name, block, shared });
    let own = f.str_attr("nvvm.maxnreg");
    match own.as_deref().map(|s| s.trim().parse::<u32>()) {
        // "0" is no cap (LLVM writes no .maxnreg for it): nothing of the kernel's own to keep.
        Some(Ok(0)) => {}
        Some(Ok(mine)) if mine <= r => {
            plan.action = Action::KeptOwn;
            say(&mut plan, Severity::Remark, at, Finding::KeepsOwnMaxnreg { want, max_regs: r, own: mine });
            return plan;
        }
        Some(Ok(mine)) => {
            let advise = cfg.mode == Mode::Advise;
            say(&mut plan, Severity::Warning, None, Finding::ReplacesMaxnreg { own: mine, want, max_regs: r, advise })
        }
        Some(Err(_)) => {
            return untouched(plan, Finding::MalformedMaxnreg(own.unwrap_or_default()));
        }
        None => {}
    }
    let action = match cfg.mode {
        Mode::Advise => Action::Advised,
        _ => Action::Set,
    };
    if action == Action::Set {
        plan.set_attributes.push(("nvvm.maxnreg", r.to_string()));
    }
    plan.action = action;
    let finding = Finding::SetMaxnreg {
        want,
        max_regs: r,
        blocks: budget.occupancy.blocks_per_sm,
        warps: budget.occupancy.warps_per_sm,
        advise: action == Action::Advised,
    };
    say(&mut plan, Severity::Remark, at, finding);
    plan
}

#[cfg(test)]
mod tests {
    use super::block_of;

    #[test]
    fn block_sizes() {
        assert_eq!(block_of("256"), Ok(256));
        assert_eq!(block_of("0"), Err(super::BlockProblem::NotASize("0".into())));
        assert_eq!(block_of("x"), Err(super::BlockProblem::NotDims("x".into())));
        assert_eq!(block_of("32,4"), Ok(128));
        assert_eq!(block_of("8, 8, 2"), Ok(128));
        assert!(block_of("0").is_err());
        assert!(block_of("x").is_err());
        assert!(block_of("65536,65536").is_err());
        assert_eq!(block_of("4294967296"), Err(super::BlockProblem::NotASize("4294967296".into())));
        // NVVM's launch attributes have at most three dimensions.
        assert_eq!(block_of("1,1,1,1"), Err(super::BlockProblem::NotDims("1,1,1,1".into())));
    }
}
