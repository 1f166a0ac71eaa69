//! A kernel's machine code as instructions, disassembled in process with LLVM's AMDGPU disassembler (the
//! C API's `LLVMDisasmInstruction`), for `wavebudget isa`. Branch targets come from the printed SOPP
//! immediate (`target = pc + 4 + simm16 * 4`), so loops are found as in assembly text.

use crate::llvm_sys::disassembler::{LLVMCreateDisasmCPUFeatures, LLVMDisasmDispose, LLVMDisasmInstruction};
use inkwell::targets::{InitializationConfig, Target};
use std::ffi::CString;
use wavebudget_isa::{classify, Class, Instruction};

extern "C" {
    // In libLLVM for every AMDGPU build; llvm-sys declares no AMDGPU disassembler initializer.
    fn LLVMInitializeAMDGPUDisassembler();
}

/// LLVM's AMDGPU disassembler for one processor and feature set; made once and used for many kernels
/// (making one costs far more than disassembling a small kernel).
pub struct Disassembler {
    dc: crate::llvm_sys::disassembler::LLVMDisasmContextRef,
}

// SAFETY: the context is used by one thread at a time (&mut self), and LLVM's disassembler context has no
// thread affinity.
unsafe impl Send for Disassembler {}

impl Drop for Disassembler {
    fn drop(&mut self) {
        // SAFETY: created by LLVMCreateDisasmCPUFeatures, disposed once.
        unsafe { LLVMDisasmDispose(self.dc) };
    }
}

impl Disassembler {
    /// For `cpu` with `features` (`+wavefrontsize64`, ...).
    pub fn new(cpu: &str, features: &str) -> Result<Disassembler, String> {
        static INIT: std::sync::Once = std::sync::Once::new();
        INIT.call_once(|| {
            Target::initialize_amd_gpu(&InitializationConfig {
                asm_parser: false,
                asm_printer: true,
                base: true,
                disassembler: true,
                info: true,
                machine_code: true,
            });
            // SAFETY: LLVM's registration function, once; inkwell's initialize_amd_gpu leaves it out.
            unsafe { LLVMInitializeAMDGPUDisassembler() };
        });
        let cpu_c = CString::new(cpu).map_err(|_| format!("processor name '{cpu}' has a NUL byte"))?;
        let features_c = CString::new(features).map_err(|_| format!("features '{features}' have a NUL byte"))?;
        // SAFETY: valid C strings; no callbacks.
        let dc = unsafe {
            LLVMCreateDisasmCPUFeatures(
                c"amdgcn-amd-amdhsa".as_ptr(),
                cpu_c.as_ptr(),
                features_c.as_ptr(),
                std::ptr::null_mut(),
                0,
                None,
                None,
            )
        };
        if dc.is_null() {
            return Err(format!("LLVM has no AMDGPU disassembler for {cpu}"));
        }
        Ok(Disassembler { dc })
    }

    /// The instructions of `code`, loaded at `address`. Bytes the disassembler cannot decode become one
    /// `<unknown>` instruction per dword.
    pub fn disassemble(&mut self, code: &[u8], address: u64) -> Vec<Instruction> {
        let mut bytes = code.to_vec();
        let mut out = Vec::with_capacity(code.len() / 6);
        // Addresses ascend with the index: a branch target is found by binary search.
        let mut starts: Vec<u64> = Vec::with_capacity(code.len() / 6);
        let mut branch_targets = Vec::new();
        let mut text = vec![0 as std::ffi::c_char; 512];
        let mut at = 0usize;
        while at < bytes.len() {
            let pc = address + at as u64;
            // SAFETY: the slice from `at` is in bounds; `text` is a writable buffer of the size given.
            let size = unsafe {
                LLVMDisasmInstruction(
                    self.dc,
                    bytes.as_mut_ptr().add(at),
                    (bytes.len() - at) as u64,
                    pc,
                    text.as_mut_ptr(),
                    text.len(),
                )
            };
            starts.push(pc);
            if size == 0 {
                out.push(Instruction { mnemonic: "<unknown>".into(), operands: String::new(), target: None });
                at += 4;
                continue;
            }
            // SAFETY: LLVM wrote a NUL-terminated string into `text`.
            let line = unsafe { std::ffi::CStr::from_ptr(text.as_ptr()) }.to_string_lossy();
            let ins = Instruction::parse(&line).unwrap_or(Instruction {
                mnemonic: "<unknown>".into(),
                operands: line.to_string(),
                target: None,
            });
            if classify(&ins.mnemonic) == Class::Branch
                && !ins.mnemonic.starts_with("s_setpc")
                && !ins.mnemonic.starts_with("s_swappc")
            {
                // The printer writes a branch's simm16 as its 16 bits unsigned (`s_cbranch_scc1 64870`).
                let first = ins.operands.split([',', ' ']).find(|w| !w.is_empty()).unwrap_or("");
                if let Ok(raw) = first.parse::<u16>() {
                    let words = i64::from(raw as i16);
                    branch_targets.push((out.len(), (pc as i64 + 4 + words * 4) as u64));
                }
            }
            out.push(ins);
            at += size;
        }
        for (i, target) in branch_targets {
            out[i].target = starts.binary_search(&target).ok();
        }
        out
    }
}
