//! `libwavebudget_pass.so`, the `amdgpu-occupancy-budget` plugin for `opt -load-pass-plugin` and
//! `clang -fpass-plugin`: the pass proper (`wavebudget_pass_core`, re-exported here whole) with the
//! in-process sweep (`wavebudget_sweep`, as [`sweep`]) as its `mode=auto` compiler. This crate only joins
//! the two: its entry point hands LLVM the pass with the sweep, and [`run_on_module`] / [`run`] are the
//! pass's with the sweep, for a compiler that runs it in process.

pub use wavebudget_pass_core::*;
pub use wavebudget_sweep as sweep;

use wavebudget_pass_core::llvm_sys::prelude::LLVMModuleRef;

/// The entry point `opt -load-pass-plugin` and `clang -fpass-plugin` look up.
#[no_mangle]
pub extern "C" fn llvmGetPassPluginInfo() -> ffi::PassPluginLibraryInfo {
    ffi::plugin_info(&sweep::InProcess)
}

/// Runs the pass on a module, `mode=auto` compiling in process what the records do not give
/// ([`wavebudget_pass_core::run_on_module`] with the sweep).
///
/// # Safety
/// `module` must be a live module, not used by another thread during the call.
pub unsafe fn run_on_module(module: LLVMModuleRef, cfg: &Config) -> ModuleReport {
    // SAFETY: the contract above.
    unsafe { wavebudget_pass_core::run_on_module(module, cfg, Some(&sweep::InProcess)) }
}

/// [`run_on_module`] on a module handle of the safe IR layer.
pub fn run(module: ir::Module, cfg: &Config) -> ModuleReport {
    wavebudget_pass_core::run(module, cfg, Some(&sweep::InProcess))
}
