//! Facts asked of the LLVM the plugin runs in, rather than ported: the subtarget LLVM builds for a
//! processor and a feature string (which features end up on: wave size, CU mode, the 1.5x VGPR file), and
//! the static LDS its own module-LDS lowering gives each kernel. The C++ shim reaches both through public
//! interfaces (`TargetMachine::getSubtargetImpl`, the `PassBuilder` the AMDGPU target registers its passes
//! with); `docs/pass.md` ("What the pass asks LLVM") says which facts are still ported and why.

use crate::llvm_sys::prelude::*;
use std::ffi::{c_char, c_int, c_uint, c_void};

extern "C" {
    fn wb_subtarget_features(
        cpu: *const c_char,
        cpu_len: usize,
        fs: *const c_char,
        fs_len: usize,
        names: *const c_char,
        count: c_uint,
        on: *mut u64,
    ) -> c_int;
    fn wb_lowered_lds(
        m: LLVMModuleRef,
        cb: extern "C" fn(*mut c_void, *const c_char, usize, *const c_char, usize, c_int, u64),
        data: *mut c_void,
    ) -> c_int;
}

/// The features of LLVM's subtarget for one processor and feature string that the model follows, as
/// LLVM resolved them (the last setting of a feature winning, implied features on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SubtargetFeatures {
    /// `wavefrontsize32` is on.
    pub wave32: bool,
    /// `wavefrontsize64` is on.
    pub wave64: bool,
    /// `cumode` is on.
    pub cu_mode: bool,
    /// `allocate1_5xvgprs` is on (`None` under LLVM 15, which has no such feature).
    pub vgprs_1_5x: Option<bool>,
}

/// The feature names asked about, in bit order; LLVM 15 does not know the last (asking it would print
/// LLVM's "not a recognized feature" warning).
const NAMES: [&str; 4] = ["wavefrontsize32", "wavefrontsize64", "cumode", "allocate1_5xvgprs"];

/// LLVM's subtarget for `cpu` (an LLVM processor name) with `features` (a `"target-features"` string), or
/// `None` where this LLVM has no AMDGPU target or does not know the processor.
pub fn subtarget(cpu: &str, features: &str) -> Option<SubtargetFeatures> {
    let asked = if crate::LLVM == wavebudget_model::Llvm::V15 { &NAMES[..3] } else { &NAMES[..] };
    let mut names = Vec::new();
    for n in asked {
        names.extend_from_slice(n.as_bytes());
        names.push(0);
    }
    let mut on = 0u64;
    // SAFETY: (pointer, length) pairs of live strings, `names` holds `asked.len()` NUL-terminated names and
    // `on` is writable; the shim holds its own lock.
    let ok = unsafe {
        wb_subtarget_features(
            cpu.as_ptr().cast(),
            cpu.len(),
            features.as_ptr().cast(),
            features.len(),
            names.as_ptr().cast(),
            asked.len() as c_uint,
            &mut on,
        )
    };
    let bit = |i: usize| on & (1 << i) != 0;
    (ok == 1).then(|| SubtargetFeatures {
        wave32: bit(0),
        wave64: bit(1),
        cu_mode: bit(2),
        vgprs_1_5x: (asked.len() > 3).then(|| bit(3)),
    })
}

/// What LLVM's module-LDS lowering left on one defined `amdgpu_kernel`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KernelLds {
    /// Its `"amdgpu-lds-size"` (`None`: none, the kernel allocates no LDS).
    pub attribute: Option<String>,
    /// The largest alignment of the dynamic LDS its own code names (1: none), to which instruction
    /// selection pads the static size (`AMDGPUMachineFunction::setDynLDSAlign`).
    pub dynamic_align: u64,
}

/// What LLVM's module-LDS lowering left on each defined `amdgpu_kernel`, in module order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LoweredLds {
    /// One entry per kernel, in the order `ir::Module::functions` lists them.
    pub kernels: Vec<KernelLds>,
}

/// Why LLVM's lowering gave no sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum NotLowered {
    /// This LLVM has no AMDGPU target, or the pass could not be built.
    Unavailable,
    /// The module mixes LDS variables with and without absolute addresses, which stops LLVM's lowering
    /// (and llc): "module cannot mix absolute and non-absolute LDS GVs".
    MixedAbsolute,
    /// `-amdgpu-lower-module-lds-strategy` was given: a strategy that stops the process on some modules
    /// the default handles, so the lowering is not run here.
    StrategyGiven,
}

extern "C" fn collect(
    data: *mut c_void,
    _name: *const c_char,
    _len: usize,
    v: *const c_char,
    vlen: usize,
    has: c_int,
    dynamic_align: u64,
) {
    // SAFETY: `data` is the `Vec` `lowered_lds` passed, alive for the call; `v` points at `vlen` bytes.
    let out = unsafe { &mut *data.cast::<Vec<KernelLds>>() };
    let attribute = (has != 0).then(|| {
        // SAFETY: as above.
        let bytes = if v.is_null() { &[][..] } else { unsafe { std::slice::from_raw_parts(v.cast::<u8>(), vlen) } };
        String::from_utf8_lossy(bytes).into_owned()
    });
    out.push(KernelLds { attribute, dynamic_align });
}

/// LLVM's module-LDS lowering (what llc runs before instruction selection) on a clone of `m` laid out with
/// the target's data layout, where it cannot stop the process (the shim names unnamed kernels in the
/// clone, and runs nothing on a module that mixes absolute and other LDS variables or under a strategy
/// given on the command line).
pub fn lowered_lds(m: crate::ir::Module) -> Result<LoweredLds, NotLowered> {
    let mut kernels: Vec<KernelLds> = Vec::new();
    // SAFETY: a module of the safe IR layer is live and unshared (its audit); the shim reads it and
    // lowers a clone; `collect` receives `kernels` only for the call's duration.
    let ok = unsafe { wb_lowered_lds(m.as_raw(), collect, (&mut kernels as *mut Vec<KernelLds>).cast()) };
    match ok {
        1 => Ok(LoweredLds { kernels }),
        2 => Err(NotLowered::MixedAbsolute),
        3 => Err(NotLowered::StrategyGiven),
        _ => Err(NotLowered::Unavailable),
    }
}
