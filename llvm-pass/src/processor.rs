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
