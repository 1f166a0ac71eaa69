//! The register-budget ladder by in-process code generation: every kernel compiled once unchanged and
//! once per waves target W with `"amdgpu-waves-per-eu"` set by this pass, through LLVM's own
//! `TargetMachine` for `amdgcn-amd-amdhsa` at `-O2` (what `llc -O2` runs, without an llc process).
//!
//! Each (kernel, level) is one job with its own `LLVMContext`: the module is parsed there, the other
//! kernels are dropped, and the result is read from the object's metadata note (through the reader crate)
//! and from LLVM's `kernel-resource-usage` remarks (enabled on that context only). Jobs run on `jobs`
//! threads. A job that fails (an LLVM error diagnostic, an emit failure) is reported as failed at its
//! level with LLVM's message; the rest of the sweep goes on.

pub mod isolate;

use inkwell::context::Context;
use inkwell::llvm_sys::prelude::*;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::targets::{CodeModel, FileType, RelocMode, Target, TargetTriple};
use inkwell::OptimizationLevel;
use std::ffi::{c_char, c_int, c_void};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use wavebudget_pass_core::config::{Config, Mode};
use wavebudget_pass_core::error::ModuleProblem;
use wavebudget_pass_core::ir;
use wavebudget_pass_core::plan::Action;
use wavebudget_pass_core::Error;

extern "C" {
    fn wb_set_sweep_handler(
        ctx: LLVMContextRef,
        cb: unsafe extern "C" fn(*mut c_void, c_int, *const c_char, usize, c_int),
        data: *mut c_void,
    );
}

/// The pass's `mode=auto` compiler: the sweep, in process, of the kernels the records do not cover, on
/// every core (the plugin's entry point and `wavebudget_pass::run_on_module` hand it to the pass).
#[derive(Debug, Clone, Copy, Default)]
pub struct InProcess;

impl wavebudget_pass_core::LadderCompiler for InProcess {
    fn sweep(&self, bitcode: &[u8], kernels: &[String], fallback_target: Option<&str>) -> Result<Sweep, Error> {
        let opts = SweepOptions {
            fallback_target: fallback_target.map(str::to_string),
            jobs: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
            only: Some(kernels.to_vec()),
            written_by_llvm: true,
            ..SweepOptions::default()
        };
        sweep(bitcode, "module", &opts)
    }
}

/// What to sweep.
#[derive(Debug, Clone, Default)]
pub struct SweepOptions {
    /// Processor for every kernel (overrides `"target-cpu"`), in any spelling the model accepts
    /// (`gfx942`, `MI300X`, `gfx942:xnack-`, `amdgcn-amd-amdhsa--gfx950`, a bundle entry id): LLVM is
    /// handed the processor's name and the id's feature settings.
    pub target: Option<String>,
    /// Processor for the functions without `"target-cpu"` only (the pass's `target=`), same spellings.
    pub fallback_target: Option<String>,
    /// Launch-size range for every kernel (`"amdgpu-flat-work-group-size"="MIN,MAX"`).
    pub wg_size: Option<(u32, u32)>,
    /// Waves targets; empty = 1 to the target's maximum.
    pub waves: Vec<u32>,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// Sweep only these kernels (`None`: every kernel).
    pub only: Option<Vec<String>>,
    /// Leave the baseline (the unconstrained build) out: a shard of a distributed sweep whose baseline
    /// another shard compiles. Its ladder's baseline is a failed level with [`LevelError::NoBaseline`].
    pub no_baseline: bool,
    /// The bytes are a module this process's LLVM wrote itself (`mode=auto`): read in process. Anything
    /// else (a user's file) is read first in a child (`isolate`), since malformed bitcode can end the
    /// reading process ("LLVM ERROR: out of memory", an abort).
    pub written_by_llvm: bool,
}

pub use wavebudget_pass_core::processor::{llvm_knows_processor, processor_for, LLVM_MAJOR};

// The sweep's result types and the choosing policy are the engine's (LLVM-free, serde both ways): the
// report, `records=` and Python read back the form written here.
pub use wavebudget_ladder::{
    choose, choose_rungs, merge, Choice, ChoiceReason, KernelLadder, Level, LevelError, PlannedKernel, Policy,
    Predicted, ProcessorRefusal, Status, Sweep,
};

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
    wavebudget_pass_core::processor::init_amdgpu();
}

/// Kernel names with the processor each is compiled for, or why it is not compiled.
type KernelList = Vec<(String, Result<String, ProcessorRefusal>)>;

/// Each kernel's IR instructions, in `KernelList`'s order.
type Sizes = Vec<u64>;

/// The module as bitcode with the sweep's overrides applied (target, launch size, and the
/// `amdgcn-amd-amdhsa` triple and data layout where the module has no triple), and its kernels with
/// their processors; or the parser's message (with the line).
fn prepare(ir_bytes: &[u8], name: &str, opts: &SweepOptions) -> Result<(Vec<u8>, KernelList, Sizes), Error> {
    let parse = |t: &Option<String>| t.as_deref().map(wavebudget_model::parse_target).transpose();
    let (target, fallback) = (parse(&opts.target)?, parse(&opts.fallback_target)?);
    if !opts.written_by_llvm {
        readable(ir_bytes, name)?;
    }
    let ctx = Context::create();
    let module = ctx
        .create_module_from_ir(MemoryBuffer::create_from_memory_range_copy(ir_bytes, name))
        // LLVM's message is "file:line:col: error: what", then the source line and a caret.
        .map_err(|e| Error::Parse(ir::parse_error_line(&e.to_string())))?;
    // SAFETY: the module is alive (owned here) and used by this thread only.
    let m = unsafe { ir::Module::from_raw(module.as_mut_ptr()) };
    let (kernels, sizes): (KernelList, Sizes) = {
        let fs: Vec<ir::Value> = m.functions().into_iter().filter(|f| f.is_kernel()).collect();
        if fs.is_empty() {
            return Err(ModuleProblem::NoKernels { module: name.to_string() }.into());
        }
        let triple = m.triple();
        if !triple.is_empty() && !triple.starts_with("amdgcn") {
            return Err(ModuleProblem::Triple { module: name.to_string(), triple }.into());
        }
        let own: Vec<Option<String>> = fs.iter().map(|f| f.str_attr("target-cpu")).collect();
        apply_overrides(m, opts, target.as_ref(), fallback.as_ref());
        fs.iter()
            .zip(own)
            .map(|(&f, own)| {
                let kname = f.name();
                let id = target.as_ref().or(if own.is_none() { fallback.as_ref() } else { None });
                let cpu = processor_for(id, own.as_deref());
                let size = f.blocks().into_iter().map(|b| b.instructions().len() as u64).sum::<u64>();
                ((kname, cpu), size)
            })
            .filter(|((k, _), _)| opts.only.as_ref().is_none_or(|o| o.contains(k)))
            .unzip()
    };
    if let Some(only) = &opts.only {
        if let Some(missing) = only.iter().find(|o| !kernels.iter().any(|(k, _)| k == *o)) {
            return Err(ModuleProblem::NoSuchKernel { module: name.to_string(), kernel: missing.clone() }.into());
        }
    }
    if let Some((k, _)) = kernels.iter().find(|(_, c)| matches!(c, Err(ProcessorRefusal::NoTarget))) {
        return Err(ModuleProblem::NoProcessor { module: name.to_string(), kernel: k.clone() }.into());
    }
    // The sweep compiles for amdgcn-amd-amdhsa (whose code objects carry the metadata it reads); a
    // module without a triple (as LLVM's own tests are written, for llc -mtriple) gets it and its data layout.
    if m.triple() != TRIPLE {
        if let Some(cpu) = kernels.iter().find_map(|(_, c)| c.as_ref().ok()) {
            with_target_machine(cpu, |tm| {
                module.set_triple(&TargetTriple::create(TRIPLE));
                if m.data_layout_text().is_empty() {
                    module.set_data_layout(&tm.get_target_data().get_data_layout());
                }
            });
        }
    }
    Ok((module.write_bitcode_to_memory().as_slice().to_vec(), kernels, sizes))
}

const TRIPLE: &str = "amdgcn-amd-amdhsa";

/// `--target` (its processor, and the target id's xnack/sramecc settings) on every defined function, the
/// fallback target on those without `"target-cpu"`, `--wg-size` on every kernel.
fn apply_overrides(
    m: ir::Module,
    opts: &SweepOptions,
    target: Option<&wavebudget_model::TargetId>,
    fallback: Option<&wavebudget_model::TargetId>,
) {
    for f in m.functions() {
        let id = target.or(fallback.filter(|_| f.str_attr("target-cpu").is_none()));
        if let Some(id) = id {
            if !f.is_declaration() {
                f.set_str_attr("target-cpu", id.processor.name);
                let old = f.str_attr("target-features").unwrap_or_default();
                let features = with_id_features(&old, id);
                if features != old {
                    f.set_str_attr("target-features", &features);
                }
            }
        }
        if let (Some((lo, hi)), true) = (opts.wg_size, f.is_kernel()) {
            f.set_str_attr("amdgpu-flat-work-group-size", &format!("{lo},{hi}"));
        }
    }
}

/// `"target-features"` with the target id's xnack/sramecc settings in place of the module's.
fn with_id_features(features: &str, id: &wavebudget_model::TargetId) -> String {
    let mut out: Vec<String> = features
        .split(',')
        .filter(|f| !f.is_empty())
        .filter(|f| {
            let name = f.trim_start_matches(['+', '-']);
            !((name == "xnack" && id.xnack.is_some()) || (name == "sramecc" && id.sramecc.is_some()))
        })
        .map(str::to_string)
        .collect();
    for (name, v) in [("xnack", id.xnack), ("sramecc", id.sramecc)] {
        if let Some(on) = v {
            out.push(format!("{}{name}", if on { '+' } else { '-' }));
        }
    }
    out.join(",")
}

/// The module reduced to some of its kernels (the others deleted, unless something uses them), as bitcode.
fn split(bitcode: &[u8], keep: &[&str]) -> Result<Vec<u8>, LevelError> {
    let ctx = Context::create();
    let module = ctx
        .create_module_from_ir(MemoryBuffer::create_from_memory_range_copy(bitcode, "split"))
        .map_err(|e| LevelError::Llvm { messages: vec![e.to_string()] })?;
    // SAFETY: the module is alive (owned here) and used by this thread only.
    let m = unsafe { ir::Module::from_raw(module.as_mut_ptr()) };
    for f in m.functions() {
        if f.is_kernel() && !keep.contains(&f.name().as_str()) {
            // Deleted only when nothing uses it.
            // SAFETY: `f` is not used again: the loop moves on to the next function of the list.
            unsafe { m.delete_unused_kernel(f) };
        }
    }
    Ok(module.write_bitcode_to_memory().as_slice().to_vec())
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

/// Compiles the kernels `names` of a module (bitcode holding at least them) at one level: the pass sets
/// `"amdgpu-waves-per-eu"="W"` (when `waves` is given), LLVM's TargetMachine emits an object, and each
/// kernel's numbers come from its metadata and remarks. `Err` carries LLVM's error messages; the
/// caller then compiles the kernels one by one to tell which one failed.
fn compile(bitcode: &[u8], names: &[&str], waves: Option<u32>) -> Result<Vec<(String, Level)>, LevelError> {
    let mut collected = Box::<Collected>::default();
    let ctx = Context::create();
    // SAFETY: `collected` outlives the context (declared before it, so dropped after).
    unsafe { wb_set_sweep_handler(ctx.raw(), collect, (&mut *collected as *mut Collected).cast()) };
    let module = ctx
        .create_module_from_ir(MemoryBuffer::create_from_memory_range_copy(bitcode, "sweep"))
        .map_err(|e| LevelError::Llvm { messages: vec![e.to_string()] })?;
    // SAFETY: the module is alive (owned here) and used by this thread only.
    let m = unsafe { ir::Module::from_raw(module.as_mut_ptr()) };
    let cpu = m.first_kernel().and_then(|f| f.str_attr("target-cpu")).unwrap_or_default();
    let mut levels: Vec<(String, Level)> =
        names.iter().map(|_| (cpu.clone(), Level::empty(waves, Status::Ok))).collect();
    if let Some(w) = waves {
        let cfg = Config { waves: Some(w), mode: Mode::Set, ..Config::default() };
        let report = wavebudget_pass_core::run(m, &cfg, None);
        for (i, name) in names.iter().enumerate() {
            if let Some(p) = report.kernels.iter().find(|p| p.name == *name) {
                if !matches!(p.action, Action::Set) {
                    levels[i].1.status = Status::NotAccepted;
                    levels[i].1.warnings = p.diagnostics.iter().map(|d| d.to_string()).collect();
                }
            }
        }
        if levels.iter().all(|(_, l)| l.status == Status::NotAccepted) {
            return Ok(levels);
        }
    }
    let emitted = with_target_machine(&cpu, |tm| tm.write_to_memory_buffer(&module, FileType::Object))
        .ok_or_else(|| LevelError::NoTargetMachine { processor: cpu.clone() })?;
    drop(module);
    if !collected.errors.is_empty() || emitted.is_err() {
        let mut messages: Vec<String> = collected.errors.drain(..).collect();
        if let Err(e) = &emitted {
            messages.push(e.to_string());
        }
        return Err(LevelError::Llvm { messages });
    }
    let obj = emitted.expect("checked");
    let co = wavebudget_codeobj::CodeObject::parse(obj.as_slice())
        .map_err(|e| LevelError::CodeObject { reason: e.to_string() })?;
    let target = co.target_id().unwrap_or(cpu);
    let mut disassemblers: Vec<(&str, wavebudget_disasm::Disassembler)> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let (t, level) = &mut levels[i];
        *t = target.clone();
        if level.status == Status::NotAccepted {
            continue;
        }
        // LLVM's warnings name the function they are about; a chunk of one kernel takes all of them.
        level.warnings = collected
            .warnings
            .iter()
            .filter(|w| names.len() == 1 || w.contains(&format!("'{name}'")) || w.contains(&format!(" {name}:")))
            .cloned()
            .collect();
        if let Some(k) = co.kernels.iter().find(|k| k.meta.name == *name) {
            let processor = co.flags.processor.and_then(wavebudget_model::targets::processor);
            level.resources = k.resources(processor);
            level.vgpr_spill_count = k.meta.vgpr_spill_count;
            level.sgpr_spill_count = k.meta.sgpr_spill_count;
            if let (Some(code), Some(cpu)) = (k.code, co.flags.processor) {
                let wave64 =
                    k.meta.wavefront_size == Some(64) && processor.is_some_and(|p| p.generation.is_gfx10_plus());
                let features = if wave64 { "+wavefrontsize64" } else { "" };
                // One disassembler per wave size for the whole chunk, not one per kernel.
                let d = match disassemblers.iter().position(|(f, _)| *f == features) {
                    Some(d) => Ok(d),
                    None => wavebudget_disasm::Disassembler::new(cpu, features).map(|d| {
                        disassemblers.push((features, d));
                        disassemblers.len() - 1
                    }),
                };
                match d {
                    Ok(d) => {
                        let ins = disassemblers[d].1.disassemble(code.bytes, code.address);
                        level.isa = Some(wavebudget_isa::signals(&ins));
                        level.predicted = predicted(cpu, &target, &ins, level);
                    }
                    Err(e) => level.warnings.push(format!("no ISA signals: {e}")),
                }
            }
        }
        let usage = usage_for(&collected.usage, name);
        let num = |k: &str| usage.get(k).and_then(|v| v.parse().ok());
        level.vgprs = num("VGPRs");
        level.agprs = num("AGPRs");
        level.waves_per_simd = num("Occupancy [waves/SIMD]");
    }
    Ok(levels)
}

/// A compiled level's prediction by the latency-hiding model, where the processor's product has figures
/// (one product: the model refuses to guess between two): its instructions, its occupancy from its
/// resources at its own launch range, no grid.
fn predicted(cpu: &str, target: &str, ins: &[wavebudget_isa::Instruction], level: &Level) -> Option<Predicted> {
    let products = wavebudget_advice::products_of(cpu);
    let [product] = products.as_slice() else { return None };
    let fig = wavebudget_advice::for_product(product)?;
    let lat = fig.amd_latencies?;
    let r = level.resources.as_ref()?;
    let id = wavebudget_model::parse_target(target).ok()?;
    // The level was compiled for this target: a wave size it does not run is no level to predict.
    let evaluation = wavebudget_model::Evaluation {
        foreign_wave: wavebudget_model::ForeignWave::Refuse,
        ..wavebudget_model::Evaluation::reading(id, wavebudget_pass_core::LLVM)
    };
    let (_, occ) = evaluation.evaluate(r).ok()?;
    let candidate = wavebudget_advice::Candidate {
        name: String::new(),
        signals: Some(wavebudget_advice::amdgpu::signals(ins, fig.arch, &lat)),
        threads: occ.hardware.workgroup_size,
        wave_size: r.wavefront_size,
        grid: None,
        resident: occ.hardware.workgroups_per_cu,
        spills: level.spills().unwrap_or(0),
    };
    let p = wavebudget_advice::predict(fig, &candidate);
    Some(Predicted {
        product: fig.product.to_string(),
        seconds_per_work: p.time_per_work?,
        cause: p.cause.as_str().to_string(),
        latency_covered: p.latency_covered(),
        matrix_utilization: p.matrix_utilization,
    })
}

thread_local! {
    /// The target machines this thread made, one per processor: a sweep compiles one chunk's levels one
    /// after the other in one process, and the target machine (with the subtargets it keeps per function
    /// features and their register tables) is the same for all of them.
    static TARGET_MACHINES: std::cell::RefCell<Vec<(String, inkwell::targets::TargetMachine)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// `f` with this thread's AMDGPU target machine for `cpu` (made on first use), or `None` where LLVM
/// cannot make one.
fn with_target_machine<R>(cpu: &str, f: impl FnOnce(&inkwell::targets::TargetMachine) -> R) -> Option<R> {
    TARGET_MACHINES.with(|cell| {
        let mut tms = cell.borrow_mut();
        if !tms.iter().any(|(c, _)| c == cpu) {
            init();
            let triple = TargetTriple::create(TRIPLE);
            let tm = Target::from_triple(&triple).ok().and_then(|t| {
                t.create_target_machine(
                    &triple,
                    cpu,
                    "",
                    OptimizationLevel::Default,
                    RelocMode::PIC,
                    CodeModel::Default,
                )
            })?;
            tms.push((cpu.to_string(), tm));
        }
        let (_, tm) = tms.iter().find(|(c, _)| c == cpu).expect("just made");
        Some(f(tm))
    })
}

/// One (chunk, level) compiled in a child: each kernel's level, or how the child ended.
type Compiled = Result<Vec<(String, Level)>, crate::isolate::Aborted>;

/// A level that failed with `e` (no processor to report).
fn failed(waves: Option<u32>, e: &LevelError) -> (String, Level) {
    let mut l = Level::empty(waves, Status::Failed);
    l.error = Some(e.clone());
    (String::new(), l)
}

/// One kernel of a chunk's module at one level (the chunk reduced to it), or its failure.
fn compile_one(part: &[u8], kernel: &str, waves: Option<u32>) -> (String, Level) {
    let one = [kernel];
    match split(part, &one).and_then(|b| compile(&b, &one, waves)) {
        Ok(mut v) => v.remove(0),
        Err(e) => failed(waves, &e),
    }
}

/// `f` over `items` on `jobs` threads, results in order. A panic in `f` is caught and becomes `failed`.
fn par_map<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    f: &(dyn Fn(&T) -> R + Sync),
    failed: &(dyn Fn(&T) -> R + Sync),
) -> Vec<R> {
    let one =
        |item: &T| std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(item))).unwrap_or_else(|_| failed(item));
    // One worker runs on this thread: no thread is started. This runs in a forked child (`isolate`), and
    // a thread started there can wait forever on a lock of Rust's runtime that another thread of the
    // parent held at the fork (seen: a Ray shard, `--jobs 1`, stuck in std's thread start).
    if jobs.max(1).min(items.len()) <= 1 {
        return items.iter().map(one).collect();
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1).min(items.len().max(1)) {
            s.spawn(|| loop {
                let j = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(j) else { break };
                let r = one(item);
                results.lock().unwrap()[j] = Some(r);
            });
        }
    });
    results.into_inner().unwrap().into_iter().map(|r| r.expect("every job ran")).collect()
}

/// The waves targets a kernel for `cpu` is compiled at: `opts.waves`, or 1 to the target's maximum.
fn levels_for(cpu: &str, opts: &SweepOptions) -> Vec<u32> {
    if !opts.waves.is_empty() {
        return opts.waves.clone();
    }
    let max = wavebudget_model::subtarget(
        cpu,
        wavebudget_model::Options { llvm: wavebudget_pass_core::LLVM, ..Default::default() },
    )
    .map(|s| s.max_waves())
    .unwrap_or(8);
    (1..=max).collect()
}

/// Whether LLVM reads `ir_bytes` as a module, tried in a child process: LLVM's reader ends the process
/// on some malformed bitcode (a record claiming gigabytes: "LLVM ERROR: out of memory", then an abort),
/// which must end neither `wavebudget sweep`, `tune` nor the caller of this library. The parser's own
/// message (with the line) for a module it refuses; how the child ended for one that ended it.
fn readable(ir_bytes: &[u8], name: &str) -> Result<(), Error> {
    let read = || {
        // In the child: LLVM's out-of-memory handler writes its own lines to stderr before it aborts; the
        // parent says what happened in one.
        // SAFETY: opens /dev/null and puts it in place of this (child) process's stderr; nothing else.
        unsafe {
            let null = libc::open(c"/dev/null".as_ptr(), libc::O_WRONLY);
            if null >= 0 {
                libc::dup2(null, 2);
                libc::close(null);
            }
        }
        let ctx = Context::create();
        ctx.create_module_from_ir(MemoryBuffer::create_from_memory_range_copy(ir_bytes, name))
            .map(|_| ())
            .map_err(|e| ir::parse_error_line(&e.to_string()))
    };
    match crate::isolate::isolated(read) {
        Ok(Ok(())) => Ok(()),
        Ok(Err(line)) => Err(Error::Parse(line)),
        Err(crate::isolate::Aborted(reason)) => {
            Err(Error::Parse(format!("{name}: not a module LLVM can read (reading it ended LLVM's process: {reason})")))
        }
    }
}

/// What [`sweep`] would compile, without compiling: each kernel (module order) with its processor, its
/// levels and its size; the same refusals as `sweep` for a module that cannot be swept at all.
pub fn plan(ir_bytes: &[u8], source: &str, opts: &SweepOptions) -> Result<Vec<PlannedKernel>, Error> {
    let (_, kernels, sizes) = prepare(ir_bytes, source, opts)?;
    Ok(kernels
        .into_iter()
        .zip(sizes)
        .map(|((name, cpu), instructions)| match cpu {
            Ok(cpu) => PlannedKernel { name, levels: levels_for(&cpu, opts), target: cpu, instructions, error: None },
            Err(e) => PlannedKernel { name, target: String::new(), levels: Vec::new(), instructions, error: Some(e) },
        })
        .collect())
}

/// Runs the sweep. `ir_bytes` is LLVM IR text or bitcode; `source` names it in messages. Fails only
/// when the module cannot be parsed (the parser's message, with the line) or has no kernels.
///
/// Kernels with the same levels are grouped in chunks (about four per worker) so each job compiles a
/// module of a few kernels: the per-module cost of code generation is shared and the workers stay
/// balanced. A chunk that fails is compiled again kernel by kernel, so LLVM's error lands on the
/// kernel that caused it and the others still get their numbers.
pub fn sweep(ir_bytes: &[u8], source: &str, opts: &SweepOptions) -> Result<Sweep, Error> {
    let (bitcode, kernels, _) = prepare(ir_bytes, source, opts)?;
    let jobs = opts.jobs.max(1);
    let waves_of = |cpu: &str| levels_for(cpu, opts);
    // Chunks of consecutive kernels with the same processor and levels; kernels that cannot be compiled
    // (a processor LLVM or the model does not know) get no chunk. Every chunk pays code generation's
    // per-module cost at every level (about 20 ms on gfx942: three kernels compiled one module each took
    // twice the CPU of the three in one module), so the work is split by levels first: kernels are split
    // into more chunks only where the levels alone cannot give each worker two runs of its own.
    let levels_per_kernel = kernels
        .iter()
        .filter_map(|(_, cpu)| cpu.as_ref().ok())
        .map(|cpu| waves_of(cpu).len() + usize::from(!opts.no_baseline))
        .max()
        .unwrap_or(1)
        .max(1);
    let kernel_chunks = (jobs * 2).div_ceil(levels_per_kernel).clamp(1, kernels.len().max(1));
    let per_chunk = kernels.len().div_ceil(kernel_chunks).max(1);
    let mut chunks: Vec<(Vec<usize>, Vec<u32>, &str)> = Vec::new();
    for (i, (_, cpu)) in kernels.iter().enumerate() {
        let Ok(cpu) = cpu else { continue };
        let w = waves_of(cpu);
        match chunks.last_mut() {
            Some((ks, lw, c)) if *lw == w && c == cpu && ks.len() < per_chunk => ks.push(i),
            _ => chunks.push((vec![i], w, cpu)),
        }
    }
    let names = |ks: &[usize]| ks.iter().map(|&i| kernels[i].0.as_str()).collect::<Vec<_>>();
    let parts: Vec<Result<Vec<u8>, LevelError>> =
        par_map(&chunks, jobs, &|(ks, _, _)| split(&bitcode, &names(ks)), &|_| Err(LevelError::Internal));
    let mut work: Vec<(usize, Option<u32>)> = Vec::new();
    for (c, (_, waves, _)) in chunks.iter().enumerate() {
        if !opts.no_baseline {
            work.push((c, None));
        }
        work.extend(waves.iter().map(|&w| (c, Some(w))));
    }
    // One chunk at one level: the chunk compiled at once, or kernel by kernel when that fails.
    let run = |&(c, w): &(usize, Option<u32>)| -> Vec<(String, Level)> {
        let ks = &chunks[c].0;
        let part = match &parts[c] {
            Ok(p) => p,
            Err(e) => return ks.iter().map(|_| failed(w, e)).collect(),
        };
        match compile(part, &names(ks), w) {
            Ok(levels) => levels,
            Err(e) if ks.len() == 1 => vec![failed(w, &e)],
            Err(_) => ks.iter().map(|&k| compile_one(part, &kernels[k].0, w)).collect(),
        }
    };
    // Code generation runs in child processes (`isolate`): LLVM ends the process on a fatal error or a
    // crash, which must end neither opt, clang nor this sweep. `jobs` children compile level after level
    // as they are handed out, each on the one thread a forked child has: no child starts a thread, so none
    // can wait on a lock another thread of this process held at the fork (a Python or Ray host has threads
    // of its own). A child pays the fork's page faults and LLVM's setup (the target machine, its register
    // tables) once for all its levels. A level that ends its child has its chunk compiled again kernel by
    // kernel, each in its own child, so the abort lands on the kernel and level that caused it and the
    // others still get their numbers; a new child takes the ended one's place.
    // The (chunk, level) compiles go to a pool of `jobs` workers, the costliest first (high W, which
    // spills, then lower, the baseline last), so that none is left with a long one at the end.
    let mut order: Vec<usize> = (0..work.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(work[i].1.unwrap_or(0)), i));
    let ordered = crate::isolate::isolated_pool(&order, jobs, &|&i: &usize| run(&work[i]));
    let mut whole: Vec<Option<Compiled>> = (0..work.len()).map(|_| None).collect();
    for (&i, r) in order.iter().zip(ordered) {
        whole[i] = Some(r);
    }
    let whole: Vec<Compiled> = whole.into_iter().map(|r| r.expect("every level ran")).collect();
    let mut results: Vec<Vec<(String, Level)>> = Vec::with_capacity(work.len());
    for (r, &(c, w)) in whole.into_iter().zip(&work) {
        match r {
            Ok(levels) => results.push(levels),
            Err(_) => {
                let one = |&k: &usize| match &parts[c] {
                    Ok(part) => compile_one(part, &kernels[k].0, w),
                    Err(e) => failed(w, e),
                };
                let each = crate::isolate::isolated_each(&chunks[c].0, jobs, &one);
                results.push(
                    each.into_iter()
                        .map(|r| {
                            r.unwrap_or_else(|crate::isolate::Aborted(reason)| {
                                failed(w, &LevelError::Aborted { reason })
                            })
                        })
                        .collect(),
                );
            }
        }
    }
    let mut ladders: Vec<KernelLadder> = kernels
        .iter()
        .map(|(name, cpu)| {
            let mut baseline = Level::empty(None, Status::Failed);
            if let Err(e) = cpu {
                baseline.error = Some(LevelError::NotCompiled { refusal: e.clone() });
            } else if opts.no_baseline {
                baseline.error = Some(LevelError::NoBaseline);
            }
            KernelLadder {
                name: name.clone(),
                target: cpu.clone().unwrap_or_default(),
                baseline,
                levels: Vec::new(),
                module: None,
            }
        })
        .collect();
    for ((c, w), levels) in work.iter().zip(results) {
        for (&k, (target, level)) in chunks[*c].0.iter().zip(levels) {
            let ladder = &mut ladders[k];
            // The code object's target id (from any compiled level) beats the "target-cpu" text.
            if target.contains("--") && !ladder.target.contains("--") {
                ladder.target = target;
            }
            match w {
                None => ladder.baseline = level,
                Some(_) => ladder.levels.push(level),
            }
        }
    }
    Ok(Sweep { kernels: ladders })
}

/// A tuned module: the sweep, the waves chosen per kernel, and the module with them set.
#[derive(Debug, Clone)]
pub struct Tuned {
    /// The ladder behind the choice.
    pub sweep: Sweep,
    /// Per kernel, the choice and why (`Policy`).
    pub chosen: Vec<(String, Choice)>,
    /// The module with `"amdgpu-waves-per-eu"="W"` on each chosen kernel (and the sweep's target and
    /// launch-size overrides), as IR text or bitcode.
    pub module: Vec<u8>,
}

/// Sweeps, picks a W per kernel by `policy`, and writes it into the module.
pub fn tune(
    ir_bytes: &[u8],
    source: &str,
    opts: &SweepOptions,
    policy: &Policy,
    bitcode: bool,
) -> Result<Tuned, Error> {
    let sweep = sweep(ir_bytes, source, opts)?;
    tune_from(ir_bytes, source, opts, policy, bitcode, sweep)
}

/// [`tune`] with the ladder already swept (by a distributed sweep of the same module and options).
pub fn tune_from(
    ir_bytes: &[u8],
    source: &str,
    opts: &SweepOptions,
    policy: &Policy,
    bitcode: bool,
    sweep: Sweep,
) -> Result<Tuned, Error> {
    let chosen: Vec<(String, Choice)> = sweep.kernels.iter().map(|k| (k.name.clone(), choose(k, policy))).collect();
    let ctx = Context::create();
    let module = ctx
        .create_module_from_ir(MemoryBuffer::create_from_memory_range_copy(ir_bytes, source))
        .map_err(|e| Error::Parse(ir::parse_error_line(&e.to_string())))?;
    // SAFETY: the module is alive (owned here) and used by this thread only.
    let m = unsafe { ir::Module::from_raw(module.as_mut_ptr()) };
    {
        let parse = |t: &Option<String>| t.as_deref().and_then(|t| wavebudget_model::parse_target(t).ok());
        apply_overrides(m, opts, parse(&opts.target).as_ref(), parse(&opts.fallback_target).as_ref());
        for f in m.functions() {
            if !f.is_kernel() {
                continue;
            }
            let name = f.name();
            if let Some((_, Choice { waves: Some(w), .. })) = chosen.iter().find(|(k, _)| *k == name) {
                // The launch bounds each swept level was compiled with: the pass writes the size
                // `!reqd_work_group_size` fixes where the attribute is missing (LLVM 22's budget ignores the
                // metadata and would assume 1024 threads, and drop a W above what those allow).
                if !f.has_str_attr("amdgpu-flat-work-group-size") {
                    let dims = f.function_md_ints("reqd_work_group_size");
                    if let Some(w) = dims.as_deref().and_then(wavebudget_model::WorkgroupSize::required) {
                        f.set_str_attr("amdgpu-flat-work-group-size", &format!("{},{}", w.max, w.max));
                    }
                }
                f.set_str_attr("amdgpu-waves-per-eu", &w.to_string());
            }
        }
    }
    let out = if bitcode {
        module.write_bitcode_to_memory().as_slice().to_vec()
    } else {
        module.print_to_string().to_bytes().to_vec()
    };
    Ok(Tuned { sweep, chosen, module: out })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compiled level with these spills, occupancy and hot-loop length.
    fn level(waves: Option<u32>, spills: u32, occ: u32, hot: u32) -> Level {
        let mut l = Level::empty(waves, Status::Ok);
        l.vgpr_spill_count = Some(spills);
        l.sgpr_spill_count = Some(0);
        l.waves_per_simd = Some(occ);
        let hot_loop = wavebudget_isa::Loop {
            start: 0,
            end: hot as usize,
            instructions: hot,
            waitcnt: Default::default(),
            matrix: 0,
            vector_memory: 0,
            lds: 0,
        };
        l.isa =
            Some(wavebudget_isa::Signals { instructions: hot + 10, hot_loop: Some(hot_loop), ..Default::default() });
        l
    }

    /// A ladder from (W, spills, occupancy, hot-loop length) rows, the baseline (W = None) first.
    fn ladder(rows: &[(Option<u32>, u32, u32, u32)]) -> KernelLadder {
        let mut levels = rows.iter().map(|&(w, spills, occ, hot)| level(w, spills, occ, hot));
        let baseline = levels.next().expect("a baseline row");
        KernelLadder { name: "k".into(), target: String::new(), baseline, levels: levels.collect(), module: None }
    }

    #[test]
    fn every_level_spills_the_fewest_spills_win_when_fewer_than_without_a_target() {
        // The gfx1100 attention case of issue 16: W=4 cuts spills from 80 to 51 at the same waves.
        // W = 1..3 change nothing; W = 4 cuts spills.
        let rows: Vec<_> = std::iter::once((None, 80, 2, 100))
            .chain((1..=3).map(|w| (Some(w), 80, 2, 100)))
            .chain([(Some(4), 51, 2, 100)])
            .collect();
        let l = ladder(&rows);
        let c = choose(&l, &Policy::default());
        assert_eq!(c.waves, Some(4), "{}", c.reason);
        // No level beats the unconstrained build: none.
        let l = ladder(&[(None, 40, 2, 100), (Some(1), 40, 2, 100), (Some(2), 60, 2, 100)]);
        assert_eq!(choose(&l, &Policy::default()).waves, None);
    }

    #[test]
    fn loop_growth_bounds_the_choice() {
        let l = ladder(&[
            (None, 0, 2, 100),
            (Some(2), 0, 2, 100),
            (Some(3), 0, 3, 105),
            (Some(4), 0, 4, 130),
            (Some(5), 3, 5, 140),
        ]);
        assert_eq!(choose(&l, &Policy::default()).waves, Some(4));
        assert_eq!(choose(&l, &Policy { max_spills: 0, max_loop_growth: Some(10) }).waves, Some(3));
        assert_eq!(choose(&l, &Policy { max_spills: 0, max_loop_growth: Some(30) }).waves, Some(4));
        assert_eq!(choose(&l, &Policy { max_spills: 5, max_loop_growth: Some(0) }).waves, Some(2));
    }
}
