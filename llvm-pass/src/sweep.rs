//! The register-budget ladder by in-process code generation: every kernel compiled once unchanged and
//! once per waves target W with `"amdgpu-waves-per-eu"` set by this pass, through LLVM's own
//! `TargetMachine` for `amdgcn-amd-amdhsa` at `-O2` (what `llc -O2` runs, without an llc process).
//!
//! Each (kernel, level) is one job with its own `LLVMContext`: the module is parsed there, the other
//! kernels are dropped, and the result is read from the object's metadata note (through the reader crate)
//! and from LLVM's `kernel-resource-usage` remarks (enabled on that context only). Jobs run on `jobs`
//! threads. A job that fails (an LLVM error diagnostic, an emit failure) is reported as failed at its
//! level with LLVM's message; the rest of the sweep goes on.

use crate::config::{Config, Mode};
use crate::ir;
use crate::plan::Action;
use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetTriple};
use inkwell::OptimizationLevel;
use llvm_sys::core::{LLVMDeleteFunction, LLVMGetFirstUse};
use llvm_sys::prelude::*;
use serde::Serialize;
use std::ffi::{c_char, c_int, c_void};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

extern "C" {
    fn wb_set_sweep_handler(
        ctx: LLVMContextRef,
        cb: unsafe extern "C" fn(*mut c_void, c_int, *const c_char, usize, c_int),
        data: *mut c_void,
    );
}

/// What to sweep.
#[derive(Debug, Clone, Default)]
pub struct SweepOptions {
    /// Processor for every kernel (overrides `"target-cpu"`).
    pub target: Option<String>,
    /// Launch size for every kernel (`"amdgpu-flat-work-group-size"="N,N"`).
    pub wg_size: Option<u32>,
    /// Waves targets; empty = 1 to the target's maximum.
    pub waves: Vec<u32>,
    /// Worker threads (at least 1).
    pub jobs: usize,
}

/// How a level ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Compiled.
    Ok,
    /// LLVM reported an error; see `error`.
    Failed,
    /// The pass did not set the attribute (LLVM 22 would ignore W here); see `warnings`.
    NotAccepted,
}

/// One compile of one kernel.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Level {
    /// The waves target (absent for the baseline).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waves: Option<u32>,
    /// Outcome.
    pub status: Status,
    /// Arch VGPRs (llc's "VGPRs" remark).
    pub vgprs: Option<u32>,
    /// AGPRs ("AGPRs" remark).
    pub agprs: Option<u32>,
    /// `.vgpr_count`.
    pub vgpr_count: Option<u32>,
    /// `.sgpr_count`.
    pub sgpr_count: Option<u32>,
    /// `.vgpr_spill_count`.
    pub vgpr_spill_count: Option<u32>,
    /// `.sgpr_spill_count`.
    pub sgpr_spill_count: Option<u32>,
    /// `.private_segment_fixed_size`: scratch bytes per lane.
    pub private_segment_fixed_size: Option<u32>,
    /// "Occupancy [waves/SIMD]" reached.
    pub waves_per_simd: Option<u32>,
    /// LLVM's warnings for this compile (and the pass's, where it did not set the attribute).
    pub warnings: Vec<String>,
    /// LLVM's error, when failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Level {
    fn empty(waves: Option<u32>, status: Status) -> Level {
        Level {
            waves,
            status,
            vgprs: None,
            agprs: None,
            vgpr_count: None,
            sgpr_count: None,
            vgpr_spill_count: None,
            sgpr_spill_count: None,
            private_segment_fixed_size: None,
            waves_per_simd: None,
            warnings: Vec::new(),
            error: None,
        }
    }

    /// VGPR + SGPR spills (`None` unless compiled).
    pub fn spills(&self) -> Option<u32> {
        Some(self.vgpr_spill_count? + self.sgpr_spill_count?)
    }
}

/// One kernel's ladder.
#[derive(Debug, Clone, Serialize)]
pub struct KernelLadder {
    /// Kernel (symbol) name.
    pub name: String,
    /// Target id of the code object it was compiled into.
    pub target: String,
    /// Compiled unchanged.
    pub baseline: Level,
    /// One per waves target, ascending.
    pub levels: Vec<Level>,
}

/// The sweep's result: the JSON `wavebudget sweep --json` prints (and `records=` reads).
#[derive(Debug, Clone, Serialize)]
pub struct Sweep {
    /// Kernels in module order.
    pub kernels: Vec<KernelLadder>,
}

#[derive(Default)]
struct Collected {
    usage: Vec<String>,
    warnings: Vec<String>,
    errors: Vec<String>,
}

unsafe extern "C" fn collect(data: *mut c_void, severity: c_int, msg: *const c_char, len: usize, usage: c_int) {
    let c = &mut *(data as *mut Collected);
    let text = String::from_utf8_lossy(std::slice::from_raw_parts(msg.cast::<u8>(), len)).into_owned();
    match (severity, usage) {
        (_, 1) => c.usage.push(text),
        (0, _) => c.errors.push(text),
        (1, _) => c.warnings.push(text),
        _ => {}
    }
}

fn init() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| Target::initialize_amd_gpu(&InitializationConfig::default()));
}

/// The kernels of a module and their processors, or the parser's message (with the line).
pub fn kernels_of(ir_bytes: &[u8], name: &str) -> Result<Vec<(String, Option<String>)>, String> {
    let ctx = Context::create();
    let module = ctx
        .create_module_from_ir(MemoryBuffer::create_from_memory_range_copy(ir_bytes, name))
        .map_err(|e| e.to_string().trim_end().to_string())?;
    // SAFETY: the module is alive for the calls.
    let out = unsafe {
        ir::functions(module.as_mut_ptr())
            .into_iter()
            .filter(|f| ir::is_kernel(*f))
            .map(|f| (ir::name(f), ir::str_attr(f, "target-cpu")))
            .collect()
    };
    Ok(out)
}

/// Per-function `kernel-resource-usage` remark fields, from the remark sequence of one compile.
fn usage_for(usage: &[String], kernel: &str) -> std::collections::BTreeMap<String, String> {
    let mut out = std::collections::BTreeMap::new();
    let mut mine = false;
    for line in usage {
        let Some((k, v)) = line.trim().split_once(": ") else { continue };
        if k == "Function Name" {
            mine = v.trim() == kernel;
        } else if mine {
            out.insert(k.trim().to_string(), v.trim().to_string());
        }
    }
    out
}

/// Compiles one kernel of the module at one level.
fn compile(ir_bytes: &[u8], source: &str, kernel: &str, waves: Option<u32>, opts: &SweepOptions) -> (String, Level) {
    let mut collected = Box::<Collected>::default();
    let ctx = Context::create();
    // SAFETY: `collected` outlives the context (declared before it, so dropped after).
    unsafe { wb_set_sweep_handler(ctx.raw(), collect, (&mut *collected as *mut Collected).cast()) };
    let module = match ctx.create_module_from_ir(MemoryBuffer::create_from_memory_range_copy(ir_bytes, source)) {
        Ok(m) => m,
        Err(e) => {
            let mut l = Level::empty(waves, Status::Failed);
            l.error = Some(e.to_string());
            return (String::new(), l);
        }
    };
    let m = module.as_mut_ptr();
    // SAFETY: `m` is alive; functions are deleted only when nothing uses them.
    let cpu = unsafe {
        for f in ir::functions(m) {
            if ir::is_kernel(f) && ir::name(f) != kernel && LLVMGetFirstUse(f).is_null() {
                LLVMDeleteFunction(f);
            }
        }
        for f in ir::functions(m) {
            if let Some(t) = &opts.target {
                if llvm_sys::core::LLVMIsDeclaration(f) == 0 {
                    ir::set_str_attr(f, "target-cpu", t);
                }
            }
            if let (Some(n), true) = (opts.wg_size, ir::is_kernel(f)) {
                ir::set_str_attr(f, "amdgpu-flat-work-group-size", &format!("{n},{n}"));
            }
        }
        ir::functions(m)
            .into_iter()
            .find(|f| ir::name(*f) == kernel)
            .and_then(|f| ir::str_attr(f, "target-cpu"))
            .or_else(|| opts.target.clone())
            .unwrap_or_default()
    };
    let mut level = Level::empty(waves, Status::Ok);
    if let Some(w) = waves {
        let cfg = Config { waves: Some(w), mode: Mode::Set, ..Config::default() };
        // SAFETY: `m` is alive and only this thread uses it.
        let report = unsafe { crate::run_on_module(m, &cfg) };
        if let Some(p) = report.kernels.iter().find(|p| p.name == kernel) {
            if !matches!(p.action, Action::Set) {
                level.status = Status::NotAccepted;
                level.warnings = p.diagnostics.iter().map(|d| d.message.clone()).collect();
                return (cpu, level);
            }
        }
    }
    init();
    let triple = TargetTriple::create("amdgcn-amd-amdhsa");
    let tm = Target::from_triple(&triple).ok().and_then(|t| {
        t.create_target_machine(&triple, &cpu, "", OptimizationLevel::Default, RelocMode::PIC, CodeModel::Default)
    });
    let Some(tm) = tm else {
        level.status = Status::Failed;
        level.error = Some(format!("no AMDGPU target machine for processor '{cpu}'"));
        return (cpu, level);
    };
    let emitted = tm.write_to_memory_buffer(&module, FileType::Object);
    drop(module);
    level.warnings.extend(collected.warnings.drain(..));
    if !collected.errors.is_empty() || emitted.is_err() {
        level.status = Status::Failed;
        let mut msgs: Vec<String> = collected.errors.drain(..).collect();
        if let Err(e) = &emitted {
            msgs.push(e.to_string());
        }
        level.error = Some(msgs.join("; "));
        return (cpu, level);
    }
    let obj = emitted.expect("checked");
    let mut target = cpu.clone();
    match wavebudget_codeobj::CodeObject::parse(obj.as_slice()) {
        Ok(co) => {
            if let Some(t) = co.target_id() {
                target = t;
            }
            if let Some(k) = co.kernels.iter().find(|k| k.meta.name == kernel) {
                level.vgpr_count = k.meta.vgpr_count;
                level.sgpr_count = k.meta.sgpr_count;
                level.vgpr_spill_count = k.meta.vgpr_spill_count;
                level.sgpr_spill_count = k.meta.sgpr_spill_count;
                level.private_segment_fixed_size = k.meta.private_segment_fixed_size;
            }
        }
        Err(e) => {
            level.status = Status::Failed;
            level.error = Some(format!("reading the code object LLVM wrote: {e}"));
        }
    }
    let usage = usage_for(&collected.usage, kernel);
    let num = |k: &str| usage.get(k).and_then(|v| v.parse().ok());
    level.vgprs = num("VGPRs");
    level.agprs = num("AGPRs");
    level.waves_per_simd = num("Occupancy [waves/SIMD]");
    (target, level)
}

/// Runs the sweep. `ir_bytes` is LLVM IR text or bitcode; `source` names it in messages. Fails only
/// when the module cannot be parsed (the parser's message, with the line) or has no kernels.
pub fn sweep(ir_bytes: &[u8], source: &str, opts: &SweepOptions) -> Result<Sweep, String> {
    let kernels = kernels_of(ir_bytes, source)?;
    if kernels.is_empty() {
        return Err(format!("{source}: no amdgpu_kernel functions"));
    }
    // Levels per kernel: the requested ones, or 1..=max waves of its processor.
    let mut jobs: Vec<(usize, Option<u32>)> = Vec::new();
    for (i, (_, cpu)) in kernels.iter().enumerate() {
        jobs.push((i, None));
        let waves = if opts.waves.is_empty() {
            let cpu = opts.target.clone().or_else(|| cpu.clone()).unwrap_or_default();
            let max = wavebudget_model::subtarget(&cpu, wavebudget_model::Options::default()).map(|s| s.max_waves).unwrap_or(8);
            (1..=max).collect()
        } else {
            opts.waves.clone()
        };
        jobs.extend(waves.into_iter().map(|w| (i, Some(w))));
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<(String, Level)>>> = Mutex::new(vec![None; jobs.len()]);
    std::thread::scope(|s| {
        for _ in 0..opts.jobs.max(1).min(jobs.len()) {
            s.spawn(|| loop {
                let j = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(k, w)) = jobs.get(j) else { break };
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| compile(ir_bytes, source, &kernels[k].0, w, opts)))
                    .unwrap_or_else(|_| {
                        let mut l = Level::empty(w, Status::Failed);
                        l.error = Some("internal error while compiling".into());
                        (String::new(), l)
                    });
                results.lock().unwrap()[j] = Some(r);
            });
        }
    });
    let results = results.into_inner().unwrap();
    let mut ladders: Vec<KernelLadder> = kernels
        .iter()
        .map(|(name, _)| KernelLadder { name: name.clone(), target: String::new(), baseline: Level::empty(None, Status::Failed), levels: Vec::new() })
        .collect();
    for ((k, w), r) in jobs.iter().zip(results) {
        let (target, level) = r.expect("every job ran");
        let ladder = &mut ladders[*k];
        if ladder.target.is_empty() || w.is_none() {
            if !target.is_empty() {
                ladder.target = target;
            }
        }
        match w {
            None => ladder.baseline = level,
            Some(_) => ladder.levels.push(level),
        }
    }
    Ok(Sweep { kernels: ladders })
}

/// The highest waves target with at most `max_spills` spills (VGPR + SGPR) among compiled levels.
pub fn choose(ladder: &KernelLadder, max_spills: u32) -> Option<u32> {
    ladder
        .levels
        .iter()
        .filter(|l| l.status == Status::Ok && l.spills().is_some_and(|s| s <= max_spills))
        .filter_map(|l| l.waves)
        .max()
}

/// A tuned module: the sweep, the waves chosen per kernel, and the module with them set.
#[derive(Debug, Clone)]
pub struct Tuned {
    /// The ladder behind the choice.
    pub sweep: Sweep,
    /// Per kernel, the highest W with at most `max_spills` spills (`None`: no level qualified).
    pub chosen: Vec<(String, Option<u32>)>,
    /// The module with `"amdgpu-waves-per-eu"="W"` on each chosen kernel (and the sweep's target and
    /// launch-size overrides), as IR text or bitcode.
    pub module: Vec<u8>,
}

/// Sweeps, picks the highest W per kernel with at most `max_spills` spills, and writes it into the module.
pub fn tune(ir_bytes: &[u8], source: &str, opts: &SweepOptions, max_spills: u32, bitcode: bool) -> Result<Tuned, String> {
    let sweep = sweep(ir_bytes, source, opts)?;
    let chosen: Vec<(String, Option<u32>)> = sweep.kernels.iter().map(|k| (k.name.clone(), choose(k, max_spills))).collect();
    let ctx = Context::create();
    let module = ctx
        .create_module_from_ir(MemoryBuffer::create_from_memory_range_copy(ir_bytes, source))
        .map_err(|e| e.to_string())?;
    // SAFETY: the module is alive and used by this thread only.
    unsafe {
        for f in ir::functions(module.as_mut_ptr()) {
            if let Some(t) = &opts.target {
                if llvm_sys::core::LLVMIsDeclaration(f) == 0 {
                    ir::set_str_attr(f, "target-cpu", t);
                }
            }
            if !ir::is_kernel(f) {
                continue;
            }
            if let Some(n) = opts.wg_size {
                ir::set_str_attr(f, "amdgpu-flat-work-group-size", &format!("{n},{n}"));
            }
            let name = ir::name(f);
            if let Some((_, Some(w))) = chosen.iter().find(|(k, _)| *k == name) {
                ir::set_str_attr(f, "amdgpu-waves-per-eu", &w.to_string());
            }
        }
    }
    let out = if bitcode { module.write_bitcode_to_memory().as_slice().to_vec() } else { module.print_to_string().to_bytes().to_vec() };
    Ok(Tuned { sweep, chosen, module: out })
}
