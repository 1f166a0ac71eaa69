//! Which processor LLVM is handed for a kernel, and whether the LLVM this process runs knows it: asked
//! before anything is compiled for it (`mode=auto` and the sweep), since a processor LLVM does not know
//! would be compiled for a generic CPU, and instruction selection can then abort the process.

use inkwell::targets::{InitializationConfig, Target};
use std::ffi::{c_char, c_int};

pub use wavebudget_ladder::ProcessorRefusal;

extern "C" {
    fn wb_processor_known(cpu: *const c_char, len: usize) -> c_int;
}

/// The LLVM major this crate is built against (what messages name).
pub const LLVM_MAJOR: u32 = crate::LLVM.major();

/// Registers LLVM's AMDGPU target (its subtargets, its code generator) once per process.
pub fn init_amdgpu() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| Target::initialize_amd_gpu(&InitializationConfig::default()));
}

/// Whether the LLVM this process runs knows `cpu` as an `amdgcn` processor (`None`: no AMDGPU
/// target is registered).
pub fn llvm_knows_processor(cpu: &str) -> Option<bool> {
    init_amdgpu();
    // SAFETY: (pointer, length) of a live string; the shim copies nothing.
    match unsafe { wb_processor_known(cpu.as_ptr().cast(), cpu.len()) } {
        1 => Some(true),
        0 => Some(false),
        _ => None,
    }
}

/// The processor name LLVM is handed for a kernel: the override's, else its `"target-cpu"`, refused
/// with the reason when the model or the running LLVM does not know it.
pub fn processor_for(
    target: Option<&wavebudget_model::TargetId>,
    target_cpu: Option<&str>,
) -> Result<String, ProcessorRefusal> {
    let name = match (target, target_cpu) {
        (Some(id), _) => id.processor.name.to_string(),
        (None, Some(cpu)) => {
            let id = wavebudget_model::parse_target(cpu)
                .map_err(|e| ProcessorRefusal::TargetCpu { cpu: cpu.to_string(), reason: e.to_string() })?;
            if id.processor.name != cpu {
                return Err(ProcessorRefusal::NotLlvmName {
                    cpu: cpu.to_string(),
                    processor: id.processor.name.to_string(),
                });
            }
            id.processor.name.to_string()
        }
        (None, None) => return Err(ProcessorRefusal::NoTarget),
    };
    match llvm_knows_processor(&name) {
        Some(true) => Ok(name),
        Some(false) => Err(ProcessorRefusal::UnknownToLlvm { llvm: LLVM_MAJOR, processor: name }),
        None => Err(ProcessorRefusal::NoAmdgpuTarget),
    }
}

/// Whether this process generates code from the module the pass runs on, so that its target machine's
/// processor is what the kernels without `"target-cpu"` are compiled for: a linker (lld's LTO), or clang
/// compiling to an object or assembly. Not opt (its output is IR a later compile takes with its own
/// `-mcpu`), not clang writing IR (`-emit-llvm`, `-flto`, a `-fgpu-rdc` device compile), and not a host
/// this cannot tell (no `/proc`, another program embedding LLVM): there `target=` names the processor.
/// Read once per process: its executable and arguments do not change.
pub fn host_generates_code() -> bool {
    static ANSWER: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ANSWER.get_or_init(|| {
        let Ok(exe) = std::env::current_exe() else {
            return false;
        };
        let exe = exe.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let args: Vec<String> = std::env::args_os().map(|a| a.to_string_lossy().into_owned()).collect();
        generates_code(&exe, &args)
    })
}

/// [`host_generates_code`] of an executable's file name and its arguments.
pub fn generates_code(exe: &str, args: &[String]) -> bool {
    if exe.contains("lld") {
        return true;
    }
    if !exe.contains("clang") {
        return false;
    }
    // clang's driver (its cc1 runs in process) or a cc1 job: IR out where any of these is given.
    let writes_ir = |a: &str| {
        matches!(a, "-emit-llvm" | "-emit-llvm-bc" | "-emit-llvm-only" | "-flto" | "-fgpu-rdc" | "-foffload-lto")
            || a.starts_with("-flto=")
            || a.starts_with("-foffload-lto=")
    };
    !args.iter().skip(1).any(|a| writes_ir(a))
}

#[cfg(test)]
mod host_tests {
    use super::generates_code;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn code_is_generated_by_clang_to_objects_and_by_lld_only() {
        assert!(generates_code("clang", &args(&["clang", "-c", "k.cl"])));
        assert!(generates_code("clang-22", &args(&["clang", "-x", "ir", "-S", "k.ll"])));
        assert!(generates_code("ld.lld", &args(&["ld.lld", "-plugin-opt=mcpu=gfx90a"])));
        assert!(!generates_code("clang", &args(&["clang", "-S", "-emit-llvm", "k.cl"])));
        assert!(!generates_code("clang", &args(&["clang", "-c", "-flto=thin", "k.cl"])));
        assert!(!generates_code("clang++", &args(&["clang++", "-x", "hip", "-fgpu-rdc", "-c", "k.hip"])));
        assert!(!generates_code("opt", &args(&["opt", "-passes=default<O2>"])));
        assert!(!generates_code("python3", &args(&["python3", "triton_compile.py"])));
    }
}
