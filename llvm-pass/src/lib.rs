//! `amdgpu-occupancy-budget`: an LLVM 22 pass that turns "W waves per SIMD" into the right
//! `"amdgpu-waves-per-eu"` on every AMDGPU kernel, and says before code generation where that budget
//! will spill or where LLVM would silently ignore it.
//!
//! The pass proper. The plugin `libwavebudget_pass.so` (the root package, `wavebudget_pass`) is this crate
//! with its entry point and the in-process sweep for `mode=auto` (`wavebudget-sweep`, a crate above this
//! one since each of its levels is this pass's work, handed in as a [`LadderCompiler`]). The C++ shim
//! (`llvm-pass/shim.cpp`, compiled by this crate's build script) registers the pass with opt and clang
//! and forwards here (see [`ffi`]); a compiler that holds an `LLVMModuleRef` runs it through
//! `wavebudget_pass::run_on_module`.
//!
//! Modules:
//! - [`config`]: settings from pipeline parameters, `-wavebudget-*` options and `WAVEBUDGET_*`.
//! - [`facts`]: what is read per kernel (target, features, launch bounds, static LDS, attributes).
//! - [`estimate`]: peak register pressure from the IR, when there are no records.
//! - [`records`]: register counts of a previous build (code objects, bundles, `inspect --json`).
//! - [`plan`]: the decisions, pure Rust.
//! - [`nvptx`]: the same request for NVPTX kernels (`warps-per-sm=N`): `"nvvm.maxnreg"` from CUDA's rules.
//! - [`processor`]: which processor LLVM is handed, and whether the running LLVM knows it.

pub mod config;
pub mod error;
pub mod estimate;
pub mod facts;
pub mod ffi;
pub mod finding;
mod host_llvm;
pub mod ir;
pub mod llvm_facts;
pub mod nvptx;
pub mod plan;
pub mod processor;
pub mod records;

// The C API of the LLVM major this build is for (feature `llvm15`, `llvm19` or `llvm22`), as inkwell
// re-exports it; build.rs checks that exactly one is chosen.
pub use inkwell::llvm_sys;

/// The LLVM major this build runs in: the model follows its rules (occupancy, budgets, which
/// `amdgpu-waves-per-eu` values it accepts, the processors it knows).
#[cfg(feature = "llvm22")]
pub const LLVM: wavebudget_model::Llvm = wavebudget_model::Llvm::V22;
#[cfg(feature = "llvm19")]
pub const LLVM: wavebudget_model::Llvm = wavebudget_model::Llvm::V19;
#[cfg(feature = "llvm15")]
pub const LLVM: wavebudget_model::Llvm = wavebudget_model::Llvm::V15;

pub use config::{Config, Mode};
pub use error::Error;
pub use finding::{Finding, NoLadder, On, Subject};
pub use plan::{Action, Diagnostic, KernelPlan, Limits, RegisterSource, Registers, Severity};

use crate::llvm_sys::core::LLVMGetModuleContext;
use crate::llvm_sys::prelude::*;
use records::Records;

/// What compiles a module's kernels at every waves level for `mode=auto`: the in-process sweep
/// (`wavebudget_sweep::InProcess`). Each level of a sweep is this pass's own work, so the sweep is a crate
/// above this one, handed in by whoever runs the pass (the plugin's entry point, `wavebudget_pass::run`).
pub trait LadderCompiler: Sync {
    /// The sweep of `kernels` of `bitcode` (a module this process's LLVM wrote), with `fallback_target`
    /// the processor of the functions without `"target-cpu"` (the pass's `target=`).
    fn sweep(
        &self,
        bitcode: &[u8],
        kernels: &[String],
        fallback_target: Option<&str>,
    ) -> Result<wavebudget_ladder::Sweep, Error>;
}

/// The result of one run over a module.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct ModuleReport {
    /// One entry per `amdgpu_kernel` definition, in module order (empty for host modules).
    pub kernels: Vec<KernelPlan>,
    /// Diagnostics not tied to one kernel (an unreadable records file, a bad option).
    pub diagnostics: Vec<Diagnostic>,
    /// The IR was changed.
    pub changed: bool,
}

/// What to say at exit when `skipped` of the `pipelines` this process set up never took the pass, with
/// the -wavebudget-* options `options` given (`""`: none) and `args` the process's NUL-separated
/// arguments: a warning where something was asked (the options, else a `WAVEBUDGET_*` request in the
/// environment) and the arguments show an AMD SPIR-V compile (`clang -cc1 -triple spirv64-amd-...`, or a
/// driver given an `amdgcnspirv` offload arch), whose pipeline clang-22 disables; nothing otherwise
/// (clang -save-temps writes its first bitcode with -disable-llvm-passes and runs the pass in the step
/// that optimizes it). A driver given a response file (`@file`) shows no arguments here, and is not told.
pub fn pipelines_without_pass(options: &str, args: &[u8], skipped: u32, pipelines: u32) -> Option<Diagnostic> {
    let given = if options.is_empty() {
        let asked: Vec<String> =
            ["WAVEBUDGET_WAVES", "WAVEBUDGET_MODE", "WAVEBUDGET_WARPS_PER_SM", "WAVEBUDGET_BLOCKS_PER_SM"]
                .iter()
                .filter_map(|v| std::env::var(v).ok().filter(|x| !x.is_empty()).map(|x| format!("{v}={x}")))
                .collect();
        if asked.is_empty() {
            return None;
        }
        asked.join(" ")
    } else {
        format!("-wavebudget-* options ({})", options.replace(config::COMMAND_LINE_SEMICOLON, ";"))
    };
    (skipped > 0 && spirv_compile(args)).then(|| {
        let finding = Finding::SpirvWithoutPipeline { given, skipped, pipelines };
        Diagnostic::module(Severity::Warning, finding)
    })
}

/// An AMD SPIR-V triple (`spirv64-amd-amdhsa`); OpenCL's or SYCL's `spirv64-unknown-unknown` is not.
fn amd_spirv(triple: &[u8]) -> bool {
    triple.starts_with(b"spirv") && triple.windows(5).any(|w| w == b"-amd-")
}

/// Whether NUL-separated arguments compile for AMD SPIR-V: `-triple spirv64-amd-*` (a cc1 job of its
/// own), or an offload arch list (`--offload-arch=`, `--cuda-gpu-arch=`, or the value after either)
/// naming `amdgcnspirv`. Only these arguments are read, not file names that happen to contain the word.
fn spirv_compile(args: &[u8]) -> bool {
    let args: Vec<&[u8]> = args.split(|&b| b == 0).collect();
    let spirv_arch = |v: &[u8]| v.split(|&b| b == b',').any(|a| a == b"amdgcnspirv");
    args.iter().enumerate().any(|(i, &a)| {
        let next = args.get(i + 1).copied().unwrap_or_default();
        (a == b"-triple" && amd_spirv(next))
            || ((a == b"--offload-arch" || a == b"--cuda-gpu-arch") && spirv_arch(next))
            || a.strip_prefix(b"-triple=").is_some_and(amd_spirv)
            || a.strip_prefix(b"--offload-arch=").is_some_and(spirv_arch)
            || a.strip_prefix(b"--cuda-gpu-arch=").is_some_and(spirv_arch)
    })
}

/// Environment variable that makes the pass panic on a module with kernels, so the tests can show a
/// panic becomes an error diagnostic and never an abort of opt or clang.
pub const PANIC_FOR_TESTING: &str = "WAVEBUDGET_INTERNAL_PANIC_FOR_TESTING";

/// Runs the pass on a module: reads every kernel, decides, and (in `mode=set`) sets the attributes.
/// Does nothing on modules that are not `amdgcn` or have no kernels. Diagnostics are returned; the
/// plugin also hands them to LLVM (see [`emit`]).
///
/// `mode=auto` compiles the ladders the records do not give with `compiler`; without one, such a kernel
/// is told that it has none ([`NoLadder::NoCompiler`]).
///
/// # Safety
/// `module` must be a live module, not used by another thread during the call.
pub unsafe fn run_on_module(
    module: LLVMModuleRef,
    cfg: &Config,
    compiler: Option<&dyn LadderCompiler>,
) -> ModuleReport {
    // SAFETY: the contract above is `Module::from_raw`'s.
    run(unsafe { ir::Module::from_raw(module) }, cfg, compiler)
}

/// [`run_on_module`] on a module handle of the safe IR layer.
pub fn run(module: ir::Module, cfg: &Config, compiler: Option<&dyn LadderCompiler>) -> ModuleReport {
    let mut report = ModuleReport::default();
    let say = |report: &mut ModuleReport, severity, finding: Finding| {
        report.diagnostics.push(Diagnostic::module(severity, finding))
    };
    let triple = module.triple();
    if !cfg.unapplied_variables.is_empty() && module.functions().into_iter().any(|f| f.is_kernel() || f.is_ptx_kernel())
    {
        let finding = Finding::VariablesNotApplied { variables: cfg.unapplied_variables.clone() };
        say(&mut report, Severity::Warning, finding);
    }
    if nvptx_module(module, &triple) {
        nvptx::run_on_module(module, cfg, &mut report);
        return report;
    }
    let kernels: Vec<ir::Value> = module.functions().into_iter().filter(|f| f.is_kernel()).collect();
    if kernels.is_empty() {
        // SPIR-V kernels (HIP's --offload-arch=amdgcnspirv) are compiled for a processor only when they
        // are loaded: asked for waves or not, nothing can be set from here, and that is said.
        let spir = module.functions().into_iter().filter(|f| f.is_spir_kernel()).count();
        if spir > 0 && amd_spirv(triple.as_bytes()) {
            say(&mut report, Severity::Warning, Finding::SpirvKernels { kernels: spir, triple });
            return report;
        }
        // Host modules of a HIP build come here too: a remark, so -Werror builds stay clean.
        say(&mut report, Severity::Remark, Finding::NoKernels { triple });
        return report;
    }
    // A module without a triple (as LLVM's own tests are written, for llc -mtriple) is taken as
    // amdgcn-amd-amdhsa: only attributes are written, and they mean the same for every amdgcn OS.
    if !triple.is_empty() && !triple.starts_with("amdgcn") {
        say(&mut report, Severity::Warning, Finding::NotAmdgcn { kernels: kernels.len(), triple });
        return report;
    }
    let amd_request = cfg.waves.is_some() || cfg.mode == Mode::Auto;
    // Nothing asked module-wide: only a kernel's own "wavebudget-waves" can ask, and it is looked for
    // before any kernel is read (a plugin loaded into every compile of a build costs that much).
    if !amd_request && kernels.iter().all(|f| !f.has_str_attr("wavebudget-waves")) {
        let finding = Finding::NoWavesTarget {
            kernels: kernels.len(),
            named: cfg.named,
            empty_variables: cfg.empty_variables.iter().map(|v| v.to_string()).collect(),
            nvidia_options: cfg.warps_per_sm.is_some() || cfg.blocks_per_sm.is_some(),
        };
        say(&mut report, Severity::Warning, finding);
        return report;
    }
    if std::env::var_os(PANIC_FOR_TESTING).is_some() {
        panic!("{PANIC_FOR_TESTING} is set");
    }
    // What LLVM is asked and the ladders compiled for: the kernels without "target-cpu" at the processor
    // they are planned for (`plan::target_without_cpu`: target=, or what this compile generates them for;
    // none where the plan refuses them, which it says per kernel).
    let compiled = Config { target: plan::target_without_cpu(cfg).unwrap_or(None), ..cfg.clone() };
    // What each kernel says of itself (its attributes, LLVM's answers, the pass's earlier lines); what it
    // reaches is read right before its plan (`ModuleFacts::kernel`).
    let mut facts = facts::ModuleFacts::read(module, &compiled);
    report.kernels.reserve_exact(facts.len());
    let records = match &cfg.records {
        Some(path) => match Records::load(path) {
            Ok(r) => Some(r),
            Err(e) => {
                let finding =
                    Finding::RecordsUnreadable { path: path.display().to_string(), error: std::sync::Arc::new(e) };
                report.diagnostics.push(Diagnostic::module(Severity::Warning, finding));
                None
            }
        },
        None => None,
    };
    let ladders = match cfg.mode {
        Mode::Auto => Some(auto_ladders(module, &compiled, compiler, facts.own(), records.as_ref(), &mut report)),
        _ => None,
    };
    let mut memo = plan::Memo::default();
    for i in 0..facts.len() {
        // The kernel's facts, whole: an owned value nothing changes after this.
        let (f, k) = facts.kernel(i, cfg.bound_first);
        // The body is read into plain data once, on the first target that needs an estimate.
        let mut body: Option<Option<estimate::data::Function>> = None;
        let mut estimate = |id: &wavebudget_model::TargetId| {
            // No IR is changed before the plans are made: the body read is the kernel's as planned.
            match body.get_or_insert_with(|| estimate::read(f)) {
                Some(function) => estimate::estimate(function, id),
                None => Ok(estimate::Pressure::default()),
            }
        };
        let ladder = ladders.as_ref().map(|l| &l[i]);
        report.kernels.push(plan::plan(&k, cfg, ladder, records.as_ref(), &mut memo, &mut estimate));
    }
    // Apply: only after every decision was made, so a failure above leaves the IR as it was.
    let mut info = String::new();
    for ((f, _), plan) in facts.own().iter().zip(&report.kernels) {
        for (k, v) in &plan.set_attributes {
            f.set_str_attr(k, v);
            report.changed = true;
        }
        if let (false, Some(w), Some(b), Some(l)) =
            (plan.set_attributes.is_empty(), plan.waves, &plan.budget, &plan.limits)
        {
            // The line's format is the reader's own (`wavebudget_codeobj::PassInfo`).
            wavebudget_codeobj::PassInfo {
                kernel: plan.name.clone(),
                waves: w,
                vgpr_budget: l.max_vgprs,
                sgpr_budget: l.max_sgprs,
                workgroup: Some(b.workgroup),
                lds: Some(b.lds_bytes),
            }
            .write_line(&mut info);
        }
    }
    if !info.is_empty() {
        // SAFETY: the last use of the module's globals in this run: no handle of one is kept past here.
        unsafe { module.append_info_section(INFO_SECTION, INFO_GLOBAL, &info) };
    }
    report
}

/// The section the pass writes what it decided into, one line per kernel; it survives llc and ld.lld, so
/// the code object carries the request and the budget (`wavebudget inspect` shows them).
pub const INFO_SECTION: &str = ".wavebudget.info";
const INFO_GLOBAL: &str = "__wavebudget_info";

/// `mode=auto`: each kernel's ladder, from a sweep's records or by compiling the module at every level
/// in process (`compiler`), in `facts` order; or why there is none.
fn auto_ladders(
    module: ir::Module,
    cfg: &Config,
    compiler: Option<&dyn LadderCompiler>,
    facts: &[(ir::Value, facts::KernelFacts)],
    records: Option<&Records>,
    report: &mut ModuleReport,
) -> Vec<Result<records::Ladder, NoLadder>> {
    let target = match cfg.target.as_deref().map(wavebudget_model::parse_target).transpose() {
        Ok(t) => t,
        Err(error) => {
            let target = cfg.target.clone().unwrap_or_default();
            return facts
                .iter()
                .map(|_| Err(NoLadder::Target { target: target.clone(), error: error.clone() }))
                .collect();
        }
    };
    // The processor each kernel compiles for ("target-cpu" first, then target=), or why none.
    let processors: Vec<Result<String, NoLadder>> = facts
        .iter()
        .map(|(_, k)| match &k.target_cpu {
            Some(cpu) => processor::processor_for(None, Some(cpu)).map_err(NoLadder::Processor),
            None if target.is_some() => processor::processor_for(target.as_ref(), None).map_err(NoLadder::Processor),
            None => Err(NoLadder::NoTarget),
        })
        .collect();
    // Each kernel's ladder from the records (`Ok(None)`: to be compiled), or why it has none.
    let found: Vec<Result<Option<records::Ladder>, NoLadder>> = facts
        .iter()
        .zip(processors)
        .map(|((_, k), p)| {
            let p = p?;
            let own = wavebudget_model::target_id::feature_settings(&k.target_features);
            Ok(records.and_then(|r| r.ladder(&k.name, &p, own)).cloned())
        })
        .collect();
    // Compile what the records do not cover and has a processor: the module as bitcode, swept on worker threads.
    let wanted: Vec<String> =
        facts.iter().zip(&found).filter(|(_, o)| matches!(o, Ok(None))).map(|((_, k), _)| k.name.clone()).collect();
    let mut out: Vec<Result<Option<records::Ladder>, NoLadder>> = found;
    if wanted.is_empty() {
        return finish(out);
    }
    let Some(compiler) = compiler else {
        let none = |slot: Result<Option<records::Ladder>, NoLadder>| slot.and_then(|l| l.ok_or(NoLadder::NoCompiler));
        return out.into_iter().map(none).collect();
    };
    let bytes = module.bitcode();
    match compiler.sweep(&bytes, &wanted, cfg.target.as_deref()) {
        Ok(s) => {
            for (slot, (_, k)) in out.iter_mut().zip(facts) {
                if !matches!(slot, Ok(None)) || !wanted.contains(&k.name) {
                    continue;
                }
                *slot = match s.kernels.iter().find(|l| l.name == k.name) {
                    Some(l) if l.baseline.status == wavebudget_ladder::Status::Failed && l.levels.is_empty() => {
                        Err(NoLadder::Compile(l.baseline.error.clone()))
                    }
                    Some(l) => Ok(Some(records::Ladder {
                        baseline: Some(l.baseline.rung()),
                        rungs: l
                            .levels
                            .iter()
                            .filter(|x| x.waves.is_some())
                            .map(wavebudget_ladder::Level::rung)
                            .collect(),
                    })),
                    None => Err(NoLadder::NotReached),
                };
            }
        }
        Err(e) => report
            .diagnostics
            .push(Diagnostic::module(Severity::Warning, Finding::AutoCompileFailed(std::sync::Arc::new(e)))),
    }
    finish(out)
}

/// The ladders found, a kernel still without one marked as in a module that could not be compiled.
fn finish(found: Vec<Result<Option<records::Ladder>, NoLadder>>) -> Vec<Result<records::Ladder, NoLadder>> {
    found.into_iter().map(|f| f.and_then(|l| l.ok_or(NoLadder::ModuleNotCompiled))).collect()
}

/// An NVPTX module: by its triple, or, in a module without one (Triton hands its NVPTX IR to LLVM so), by
/// its `ptx_kernel` functions where it has no `amdgpu_kernel` one.
///
/// # Safety
fn nvptx_module(module: ir::Module, triple: &str) -> bool {
    triple.starts_with("nvptx")
        || (triple.is_empty() && {
            let fs = module.functions();
            fs.iter().any(|f| f.is_ptx_kernel()) && fs.iter().all(|f| !f.is_kernel())
        })
}

/// Hands a report's diagnostics to the module's `LLVMContext` (warnings as `DiagnosticInfoGeneric`,
/// so clang shows them under `-Wbackend-plugin` and `-Werror` works) and emits one analysis remark
/// named `amdgpu-occupancy-budget` per kernel with the numbers (`-pass-remarks-analysis=`,
/// `-pass-remarks-output=`).
///
/// # Safety
/// `module` must be the live module the report is for.
pub unsafe fn emit(module: LLVMModuleRef, report: &ModuleReport) {
    // SAFETY: the contract (a live module); its context lives as long as it does.
    let (m, ctx) = unsafe { (ir::Module::from_raw(module), LLVMGetModuleContext(module)) };
    for d in &report.diagnostics {
        ffi::diagnose(ctx, d);
    }
    // NVPTX kernels' plans say what they did in their diagnostics; the structured remark is AMD's.
    let nvptx = nvptx_module(m, &m.triple());
    let is_kernel = |f: &ir::Value| if nvptx { f.is_ptx_kernel() } else { f.is_kernel() };
    let kernels: Vec<ir::Value> = m.functions().into_iter().filter(is_kernel).collect();
    for (f, plan) in kernels.iter().zip(&report.kernels) {
        debug_assert_eq!(f.name(), plan.name);
        for d in &plan.diagnostics {
            ffi::diagnose(ctx, d);
        }
        if plan.action != Action::None && !nvptx {
            ffi::remark(f.as_raw(), plan);
        }
    }
}

#[cfg(test)]
mod auto_tests {
    use super::*;
    use inkwell::context::Context;
    use inkwell::memory_buffer::MemoryBuffer;

    /// `mode=auto` run on the pass proper alone, with no records: no ladder is invented and nothing is
    /// set; the kernel is told that this caller compiles none (the plugin and `wavebudget_pass::run` hand
    /// the pass the sweep, which tests/lit/auto-*.ll run).
    #[test]
    fn auto_without_a_compiler_says_so_and_sets_nothing() {
        let ir = r#"
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  ret void
}
attributes #0 = { "target-cpu"="gfx942" }
"#;
        let ctx = Context::create();
        let buf = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "k.ll");
        let module = ctx.create_module_from_ir(buf).unwrap();
        // SAFETY: a live module this thread owns.
        let m = unsafe { ir::Module::from_raw(module.as_mut_ptr()) };
        let report = run(m, &Config { mode: Mode::Auto, ..Config::default() }, None);
        assert!(!report.changed);
        let plan = &report.kernels[0];
        assert!(plan.set_attributes.is_empty(), "{plan:?}");
        let told =
            plan.diagnostics.iter().any(|d| matches!(d.finding.reason(), Finding::AutoNoLadder(NoLadder::NoCompiler)));
        assert!(told, "{:?}", plan.diagnostics);
        let f = m.functions().into_iter().find(|f| f.name() == "k").unwrap();
        assert!(!f.has_str_attr("amdgpu-waves-per-eu"));
    }
}

#[cfg(test)]
mod spirv_tests {
    use super::spirv_compile;

    fn args(a: &[&str]) -> Vec<u8> {
        a.join("\0").into_bytes()
    }

    /// Arguments as `clang -###` prints them for a HIP compile (cc1 jobs) and as a user types them.
    #[test]
    fn spirv_compiles_are_told_by_their_arguments_only() {
        assert!(spirv_compile(&args(&["clang", "-cc1", "-triple", "spirv64-amd-amdhsa", "-emit-llvm-bc"])));
        assert!(spirv_compile(&args(&["clang", "-x", "hip", "--offload-arch=amdgcnspirv", "k.hip"])));
        assert!(spirv_compile(&args(&["clang", "--offload-arch=gfx942,amdgcnspirv", "k.hip"])));
        assert!(spirv_compile(&args(&["clang", "--offload-arch", "amdgcnspirv", "k.hip"])));
        assert!(spirv_compile(&args(&["clang", "--cuda-gpu-arch=amdgcnspirv", "k.hip"])));
        // A file named for it, another processor, an amdgcn or a non-AMD SPIR-V cc1 job is not.
        assert!(!spirv_compile(&args(&["clang", "-cc1", "-triple", "spirv64-unknown-unknown", "k.cl"])));
        assert!(!spirv_compile(&args(&["clang", "-cc1", "-triple", "amdgcn-amd-amdhsa", "amdgcnspirv.hip"])));
        assert!(!spirv_compile(&args(&["clang", "--offload-arch=gfx942", "-main-file-name", "amdgcnspirv.hip"])));
        assert!(!spirv_compile(&args(&["clang", "--offload-arch=amdgcnspirvx", "k.hip"])));
        assert!(!spirv_compile(&args(&["clang", "-triple"])));
        assert!(!spirv_compile(b""));
    }
}
