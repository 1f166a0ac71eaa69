//! The C ABI between the C++ shim and Rust: the plugin entry point, config handles, the run call, and
//! the two diagnostic helpers the shim provides. No panic crosses this boundary.

use crate::config::Config;
use crate::finding::Finding;
use crate::llvm_sys::core::LLVMGetModuleContext;
use crate::llvm_sys::prelude::*;
use crate::plan::{Action, Diagnostic, KernelPlan, RegisterSource, Severity};
use std::ffi::{c_char, c_int, c_void, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Mirror of `llvm::PassPluginLibraryInfo`: plugin API 2 in LLVM 22 (with `PreCodeGenCallback`), API 1
/// (four fields) before.
#[repr(C)]
pub struct PassPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    register_callbacks: *const c_void,
    #[cfg(feature = "llvm22")]
    pre_codegen_callback: *const c_void,
}

extern "C" {
    fn wb_fill_plugin_info(info: *mut PassPluginLibraryInfo) -> usize;
    fn wb_diagnose(ctx: LLVMContextRef, severity: c_int, msg: *const c_char, len: usize);
    fn wb_remark(
        f: LLVMValueRef,
        name: *const c_char,
        keys: *const *const c_char,
        vals: *const *const c_char,
        n: usize,
    );
    fn wb_remarks_wanted(f: LLVMValueRef) -> c_int;
    fn wb_llvm_major() -> u32;
}

/// The compiler `mode=auto` sweeps with, named once by the plugin's entry point before LLVM has the plugin's
/// callbacks (`wavebudget_pass::llvmGetPassPluginInfo`); unset, `mode=auto` says it has none.
static COMPILER: std::sync::OnceLock<&'static dyn crate::LadderCompiler> = std::sync::OnceLock::new();

/// What the entry point `opt -load-pass-plugin` and `clang -fpass-plugin` look up returns, with
/// `compiler` for `mode=auto`. The entry point itself is the plugin crate's (`llvmGetPassPluginInfo`
/// must be defined in Rust in the cdylib: a symbol defined only in the C++ static library is not
/// exported from it).
pub fn plugin_info(compiler: &'static dyn crate::LadderCompiler) -> PassPluginLibraryInfo {
    let _ = COMPILER.set(compiler);
    // Loaded into another major's opt or clang, the dynamic loader has put a second libLLVM (ours) beside
    // the host's, and registering our callbacks on the host's PassBuilder would corrupt it (15 and 19
    // share plugin API 1, so LLVM's own version check passes and the process later aborts). One line
    // naming both majors and exit 1, before anything of ours touches the host's LLVM.
    // SAFETY: a constant from the shim.
    let ours = unsafe { wb_llvm_major() };
    if let Some((host, path)) = crate::host_llvm::foreign_major(ours) {
        eprintln!(
            "error: libwavebudget_pass.so is built for LLVM {} and cannot run in this LLVM {host} ({path}); build it for {host}: scripts/build-pass.sh {host}",
            env!("WAVEBUDGET_LLVM_VERSION")
        );
        std::process::exit(1);
    }
    let mut info = PassPluginLibraryInfo {
        api_version: 0,
        plugin_name: std::ptr::null(),
        plugin_version: std::ptr::null(),
        register_callbacks: std::ptr::null(),
        #[cfg(feature = "llvm22")]
        pre_codegen_callback: std::ptr::null(),
    };
    // SAFETY: the shim writes the five fields of the struct it was given.
    let size = unsafe { wb_fill_plugin_info(&mut info) };
    if size != std::mem::size_of::<PassPluginLibraryInfo>() {
        eprintln!(
            "error: libwavebudget_pass.so: PassPluginLibraryInfo is {size} bytes in this LLVM, {} in the plugin; rebuild against this LLVM",
            std::mem::size_of::<PassPluginLibraryInfo>()
        );
        info.api_version = 0; // LLVM refuses it: "Wrong API version"
    }
    info
}

thread_local! {
    static IN_PASS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with panics caught and kept quiet: inside the pass a panic prints nothing of its own (no
/// "thread panicked", no backtrace in the host compiler's output) and becomes one error diagnostic.
/// Panics elsewhere in the process still reach the hook that was installed before ours.
fn quiet_catch<R>(f: impl FnOnce() -> R) -> std::thread::Result<R> {
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !IN_PASS.with(|c| c.get()) {
                previous(info);
            }
        }));
    });
    let was = IN_PASS.with(|c| c.replace(true));
    let r = catch_unwind(AssertUnwindSafe(f));
    IN_PASS.with(|c| c.set(was));
    r
}

struct Handle {
    /// The configuration, or why there is none (shared with the warning each module gets).
    cfg: Result<Config, std::sync::Arc<crate::Error>>,
}

unsafe fn str_from(p: *const c_char, len: usize) -> String {
    if p.is_null() || len == 0 {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len)).into_owned()
}

fn into_c(s: String) -> *mut c_char {
    CString::new(s.replace('\0', " ")).map(CString::into_raw).unwrap_or(std::ptr::null_mut())
}

/// # Safety
/// Pointers are (ptr, len) pairs from the shim; `err` is writable.
#[no_mangle]
pub unsafe extern "C" fn wb_rust_configure(
    params: *const c_char,
    params_len: usize,
    from_pipeline: c_int,
    cl: *const c_char,
    cl_len: usize,
    err: *mut *mut c_char,
) -> *mut c_void {
    let r = quiet_catch(|| {
        let params = str_from(params, params_len);
        let cl = str_from(cl, cl_len);
        let env = |k: &str| std::env::var(k).ok();
        // A variable that is not UTF-8 is named, not taken as unset.
        let not_utf8 = crate::config::env_vars().into_iter().find_map(|var| match std::env::var(&var) {
            Err(std::env::VarError::NotUnicode(v)) => Some(crate::error::ConfigProblem::NotUtf8 {
                var,
                shown: wavebudget_model::text::printable(&v.to_string_lossy()).to_string(),
            }),
            _ => None,
        });
        let cfg = match not_utf8 {
            Some(e) => Err(crate::Error::Config(e)),
            None => Config::layered((from_pipeline != 0).then_some(params.as_str()), &cl, &env),
        };
        match cfg {
            Err(e) if from_pipeline != 0 => Err(e),
            cfg => Ok(Box::into_raw(Box::new(Handle { cfg: cfg.map_err(std::sync::Arc::new) })).cast::<c_void>()),
        }
    });
    match r {
        Ok(Ok(h)) => h,
        Ok(Err(e)) => {
            if !err.is_null() {
                // A value as given (a path, a target) may hold controls or invisible characters: one line.
                *err = into_c(wavebudget_model::text::printable(&e.to_string()).into_owned());
            }
            std::ptr::null_mut()
        }
        Err(_) => {
            if !err.is_null() {
                *err = into_c("internal error while reading the parameters".into());
            }
            std::ptr::null_mut()
        }
    }
}

/// # Safety
/// `cfg` is a handle from `wb_rust_configure`.
#[no_mangle]
pub unsafe extern "C" fn wb_rust_print_params(cfg: *const c_void) -> *mut c_char {
    let h = &*(cfg as *const Handle);
    into_c(h.cfg.as_ref().map(Config::to_params).unwrap_or_default())
}

/// # Safety
/// `cfg` is a handle from `wb_rust_configure`, `module` a live module, `compiles_for` (ptr, len) readable.
#[no_mangle]
pub unsafe extern "C" fn wb_rust_run(
    cfg: *const c_void,
    module: LLVMModuleRef,
    compiles_for: *const c_char,
    compiles_for_len: usize,
) -> c_int {
    let h = &*(cfg as *const Handle);
    // The target machine's processor and features, where this process generates code with them.
    let compiles_for = match compiles_for_len {
        0 => None,
        _ if !crate::processor::host_generates_code() => None,
        n => {
            let text = String::from_utf8_lossy(std::slice::from_raw_parts(compiles_for.cast::<u8>(), n)).into_owned();
            let (cpu, features) = text.split_once('\0').unwrap_or((&text, ""));
            Some(crate::config::CompileTarget { cpu: cpu.to_string(), features: features.to_string() })
        }
    };
    let r = quiet_catch(|| match &h.cfg {
        Ok(cfg) => {
            // No remark of ours wanted: nothing shows an estimate's numbers, so a kernel that cannot spill
            // need not be estimated (`Config::bound_first`). Remarks are wanted for all functions or none.
            let first_kernel = crate::ir::Module::from_raw(module).first_kernel();
            let quiet = first_kernel.is_some_and(|f| wb_remarks_wanted(f.as_raw()) == 0);
            let cfg = crate::Config { bound_first: quiet, compiles_for: compiles_for.clone(), ..cfg.clone() };
            let cfg = &cfg;
            let report = crate::run_on_module(module, cfg, COMPILER.get().copied());
            crate::emit(module, &report);
            report.changed
        }
        Err(e) => {
            // A bad -wavebudget-* option or WAVEBUDGET_* variable: said where it matters, and nothing done.
            // A warning, not an error: opt and clang have opened their output by now, and an error would
            // leave it truncated; this way they write the module as it came.
            let has_kernels =
                crate::ir::Module::from_raw(module).functions().into_iter().any(|f| f.is_kernel() || f.is_ptx_kernel());
            if has_kernels {
                diagnose(
                    LLVMGetModuleContext(module),
                    &Diagnostic::module(Severity::Warning, Finding::ConfigRefused(std::sync::Arc::clone(e))),
                );
            }
            false
        }
    });
    match r {
        Ok(changed) => changed as c_int,
        Err(payload) => {
            let what = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("unknown panic");
            diagnose(
                LLVMGetModuleContext(module),
                &Diagnostic::module(Severity::Error, Finding::Internal(what.to_string())),
            );
            0
        }
    }
}

/// # Safety
/// `cfg` is a handle from `wb_rust_configure`, freed once.
#[no_mangle]
pub unsafe extern "C" fn wb_rust_free_config(cfg: *mut c_void) {
    if !cfg.is_null() {
        drop(Box::from_raw(cfg as *mut Handle));
    }
}

/// # Safety
/// `cl` points to `cl_len` bytes, `args` to `args_len`.
#[no_mangle]
pub unsafe extern "C" fn wb_rust_pipelines_without_pass(
    cl: *const c_char,
    cl_len: usize,
    args: *const c_char,
    args_len: usize,
    skipped: u32,
    pipelines: u32,
) -> *mut c_char {
    let line = quiet_catch(|| {
        let options = str_from(cl, cl_len);
        let args = if args.is_null() { &[][..] } else { std::slice::from_raw_parts(args.cast::<u8>(), args_len) };
        crate::pipelines_without_pass(&options, args, skipped, pipelines)
            .map(|d| format!("warning: {}", wavebudget_model::text::printable(&d.to_string())))
            .unwrap_or_default()
    });
    into_c(line.unwrap_or_default())
}

/// The settings for the shim to register as `-wavebudget-*` options (config.rs `SETTINGS`): per setting
/// its option name, its help, its value's placeholder and `1` for a flag or `0`, each NUL-terminated;
/// `*len` the whole length.
///
/// # Safety
/// `len` is writable. The bytes are static: never freed.
#[no_mangle]
pub unsafe extern "C" fn wb_rust_settings(len: *mut usize) -> *const c_char {
    static TABLE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let t = TABLE.get_or_init(|| {
        let mut out = Vec::new();
        for s in &crate::config::SETTINGS {
            let flag = s.value == crate::config::Value::Flag;
            for field in [s.option().as_str(), s.help, s.placeholder().unwrap_or("bool"), if flag { "1" } else { "0" }]
            {
                out.extend_from_slice(field.as_bytes());
                out.push(0);
            }
        }
        out
    });
    if !len.is_null() {
        *len = t.len();
    }
    t.as_ptr().cast()
}

/// # Safety
/// `s` came from this library.
#[no_mangle]
pub unsafe extern "C" fn wb_rust_free_string(s: *mut c_char) {
    if !s.is_null() {
        drop(CString::from_raw(s));
    }
}

pub(crate) unsafe fn diagnose(ctx: LLVMContextRef, d: &Diagnostic) {
    let sev = match d.severity {
        Severity::Error => 0,
        Severity::Warning => 1,
        Severity::Note => 3,
        Severity::Remark => 2,
    };
    // Kernel names come from the IR: a newline or an escape sequence in one must not forge a line or
    // reach the terminal as a control sequence. Every diagnostic is one line, shown through `printable`.
    let message = wavebudget_model::text::printable(&d.to_string()).into_owned();
    wb_diagnose(ctx, sev, message.as_ptr().cast(), message.len());
}

/// Text pieces and named arguments of one remark.
#[derive(Default)]
struct RemarkText(Vec<(Option<&'static str>, String)>);

impl RemarkText {
    fn t(&mut self, s: &str) -> &mut Self {
        self.0.push((None, s.to_string()));
        self
    }
    fn a(&mut self, key: &'static str, v: impl ToString) -> &mut Self {
        self.0.push((Some(key), v.to_string()));
        self
    }
}

fn opt(v: Option<u32>) -> String {
    v.map(|x| x.to_string()).unwrap_or_else(|| "-".into())
}

/// One analysis remark with the numbers for a kernel; each number is a named argument in the YAML.
pub(crate) unsafe fn remark(f: LLVMValueRef, p: &KernelPlan) {
    if wb_remarks_wanted(f) == 0 {
        return;
    }
    let mut r = RemarkText::default();
    r.t("kernel ").a("Kernel", &p.name);
    if let Some(target) = &p.target {
        r.t(" on ").a("Target", target);
    }
    let action = match p.action {
        Action::None => "none",
        Action::Set => "set",
        Action::Clamped => "clamped",
        Action::Advised => "advised",
        Action::KeptOwn => "kept-own",
        Action::Untouched => "untouched",
    };
    r.t(": requested ").a("Requested", opt(p.requested)).t(" waves/SIMD, ").a("Action", action);
    if let Some(w) = p.waves {
        r.t(" at ").a("Waves", w);
    }
    if let Some(b) = &p.budget {
        // The plan's limits where it decided them (the kernel's own counts, the AGPR split), else the model's.
        let l = p.limits.unwrap_or_else(|| crate::plan::Limits::of(b));
        r.t("; budget VGPRs ").a("MaxVGPRs", l.max_vgprs);
        r.t(" (arch ").a("MaxArchVGPRs", l.max_arch_vgprs).t(", AGPR ").a("MaxAGPRs", l.max_agprs);
        r.t("), SGPRs ").a("MaxSGPRs", opt(l.max_sgprs)).t(", LDS ").a("MaxLDS", opt(b.max_lds_bytes));
        r.t(" bytes; LLVM accepts ")
            .a("AcceptedMin", b.accepted_range.min)
            .t("..")
            .a("AcceptedMax", b.accepted_range.max);
    }
    if let Some(wg) = p.workgroup {
        r.t("; launch ").a("WorkgroupMin", wg.min).t("..").a("WorkgroupMax", wg.max);
    }
    if let Some(l) = p.lds_bytes {
        r.t(", static LDS ").a("LDS", l).t(" bytes");
    }
    // The plan sets its registers only once it has a target, so the count is always there.
    let target = p.target.as_deref().and_then(|t| wavebudget_model::parse_target(t).ok());
    if let (Some(g), Some(t)) = (&p.registers, target) {
        r.t(match g.source() {
            RegisterSource::Records => "; recorded VGPRs ",
            RegisterSource::Estimate => "; estimated VGPRs ",
        });
        r.a("VGPRs", g.vgpr_count(t.processor));
        if let Some(s) = g.sgpr_count() {
            r.t(", SGPRs ").a("SGPRs", s);
        }
    }
    send_remark(f, c"Budget", &r);
    if let Some(ladder) = &p.ladder {
        let mut l = RemarkText::default();
        let fastest = ladder.iter().filter_map(|r| r.predicted).reduce(f64::min);
        let predicted = fastest.is_some();
        l.t("kernel ").a("Kernel", &p.name).t(if predicted {
            " ladder (waves: spills, predicted time against the fastest level):"
        } else {
            " ladder (waves: spills):"
        });
        for rung in ladder {
            l.t(" ").a("Waves", rung.waves).t(": ");
            // A level the pass refused to set (LLVM would ignore it, or cannot compile it) is not a
            // compile that failed: each is named for what it is.
            match rung.spills {
                Some(n) => l.a("Spills", n),
                None if !rung.accepted => l.a("Spills", "refused"),
                None => l.a("Spills", "failed"),
            };
            // A level LLVM did not meet says what it reached instead.
            if let Some(reached) = rung.reached.filter(|_| !rung.met()) {
                l.t(" (reached ").a("Reached", reached).t(")");
            }
            if let (Some(t), Some(f)) = (rung.predicted, fastest) {
                l.t(", ").a("Predicted", format!("{:.2}x", t / f));
            }
        }
        l.t("; chosen ").a("Chosen", opt(p.waves));
        send_remark(f, c"Ladder", &l);
    }
}

unsafe fn send_remark(f: LLVMValueRef, name: &std::ffi::CStr, r: &RemarkText) {
    let keys: Vec<Option<CString>> = r.0.iter().map(|(k, _)| k.and_then(|k| CString::new(k).ok())).collect();
    // A kernel's name may hold a newline or an escape sequence: the remark is a line on a terminal too.
    let vals: Vec<CString> =
        r.0.iter()
            .map(|(_, v)| {
                CString::new(wavebudget_model::text::printable(&v.replace('\0', " ")).as_ref()).unwrap_or_default()
            })
            .collect();
    let kp: Vec<*const c_char> = keys.iter().map(|k| k.as_ref().map_or(std::ptr::null(), |k| k.as_ptr())).collect();
    let vp: Vec<*const c_char> = vals.iter().map(|v| v.as_ptr()).collect();
    wb_remark(f, name.as_ptr(), kp.as_ptr(), vp.as_ptr(), kp.len());
}
