//! A kernel's machine code as instructions, disassembled in process with LLVM's AMDGPU disassembler (the
//! C API's `LLVMDisasmInstruction`), for `wavebudget isa`. Branch targets come from the printed SOPP
//! immediate (`target = pc + 4 + simm16 * 4`), so loops are found as in assembly text.
//!
//! LLVM's decoder is a function of the bytes it may read for one instruction (at most 8 to 20, by
//! processor) and of nothing else, so a disassembler remembers what LLVM made of each window of bytes and
//! decodes a window it has seen once only: on Debian's librocsparse four instructions in five are found in
//! the memo, and the output is byte for byte the same (`tests/memo.rs` checks it against LLVM
//! decoding every instruction).

use inkwell::llvm_sys::disassembler::{LLVMCreateDisasmCPUFeatures, LLVMDisasmDispose, LLVMDisasmInstruction};
use inkwell::targets::{InitializationConfig, Target};
use std::ffi::CString;
use std::sync::Arc;
use wavebudget_isa::{classify, Class, Instruction};

extern "C" {
    // In libLLVM for every AMDGPU build; llvm-sys declares no AMDGPU disassembler initializer.
    fn LLVMInitializeAMDGPUDisassembler();
}

/// LLVM's AMDGPU disassembler for one processor and feature set; made once and used for many kernels
/// (making one costs far more than disassembling a small kernel).
pub struct Disassembler {
    dc: inkwell::llvm_sys::disassembler::LLVMDisasmContextRef,
    /// The most bytes LLVM's decoder reads for one instruction on this processor.
    window: usize,
    /// What LLVM made of each window of bytes seen so far: the decoder is a function of the bytes it may
    /// read (at most `window`) and nothing else, so one decode per distinct window is the same as one per
    /// instruction. Libraries repeat their instructions: most of a library's instructions are found here.
    memo: std::collections::HashMap<Window, Decoded>,
    /// The mnemonics and operand texts in `memo`, each once: a window holds the next instruction's first
    /// bytes too, so one instruction's text is in many windows.
    texts: std::collections::HashSet<Arc<str>>,
    /// Off: every instruction is decoded by LLVM from all the bytes left and at its address (the reference
    /// the memo is tested against).
    remember: bool,
}

/// Up to `MAX_WINDOW` bytes and how many of them are the input's (fewer at the end of a kernel).
type Window = ([u8; MAX_WINDOW], u8);

/// LLVM's longest AMDGPU instruction: an NSA image instruction on GFX10+ (`AMDGPUMCAsmInfo::getMaxInstLength`).
const MAX_WINDOW: usize = 20;

/// Windows remembered per disassembler before the memo starts again (about 100 MB at most).
const MEMO_LIMIT: usize = 1 << 16;

/// One decode: the instruction's text, its size in bytes (0: LLVM could not decode it), and for a branch,
/// its SOPP offset in dwords.
struct Decoded {
    mnemonic: Arc<str>,
    operands: Arc<str>,
    size: u8,
    branch_words: Option<i16>,
}

/// The most bytes LLVM's decoder reads for one instruction of `cpu` (`AMDGPUMCAsmInfo::getMaxInstLength`,
/// LLVM 15-22): 8 up to GFX9, 16 on gfx950 (VOP3PX), 20 from GFX10 (NSA images; 12 without them, as the
/// 64-bit encoding with a literal). A window larger than LLVM's only makes fewer windows repeat.
fn max_instruction_bytes(cpu: &str) -> usize {
    // Every GFX6-9 processor LLVM 22 knows but gfx950; anything else (newer, generic) gets the largest.
    const EIGHT: &[&str] = &["900", "902", "904", "906", "908", "909", "90a", "90c", "940", "941", "942"];
    match cpu.strip_prefix("gfx") {
        Some(n) if n.len() == 3 && (n.starts_with(['6', '7', '8']) || EIGHT.contains(&n)) => 8,
        _ => MAX_WINDOW,
    }
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

/// Why no disassembler was made.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DisasmError {
    /// A processor name with a NUL byte, which LLVM's C API cannot take.
    #[error("processor name '{0}' has a NUL byte")]
    NulInProcessor(String),
    /// Features with a NUL byte.
    #[error("features '{0}' have a NUL byte")]
    NulInFeatures(String),
    /// LLVM made no disassembler for the processor (it does not know it).
    #[error("LLVM has no AMDGPU disassembler for {cpu}")]
    NoDisassembler {
        /// The processor.
        cpu: String,
    },
    /// A processor before GFX8 (or none): LLVM's AMDGPU disassembler ends the process on one ("LLVM ERROR:
    /// Disassembly not yet supported for subtarget").
    #[error("LLVM's AMDGPU disassembler reads GFX8 and later; {} is not one of them", if cpu.is_empty() { "a code object that names no processor (e_flags 0)".to_string() } else { format!("'{cpu}'") })]
    Unsupported {
        /// The processor.
        cpu: String,
    },
}

impl Disassembler {
    /// For `cpu` with `features` (`+wavefrontsize64`, ...).
    pub fn new(cpu: &str, features: &str) -> Result<Disassembler, DisasmError> {
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
        // Every processor the model reads is GFX8 or later; one it does not (GFX6/7, a code object with no
        // processor in e_flags) would end this process inside LLVM.
        if wavebudget_model::parse_target(cpu).is_err() {
            return Err(DisasmError::Unsupported { cpu: cpu.to_string() });
        }
        let cpu_c = CString::new(cpu).map_err(|_| DisasmError::NulInProcessor(cpu.to_string()))?;
        let features_c = CString::new(features).map_err(|_| DisasmError::NulInFeatures(features.to_string()))?;
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
            return Err(DisasmError::NoDisassembler { cpu: cpu.to_string() });
        }
        // A feature other than the wave size may add longer encodings (`+nsa-encoding`, `+gfx950-insts`):
        // then the largest window.
        let wave_size_only =
            features.split(',').all(|f| f.is_empty() || f.trim_start_matches(['+', '-']).starts_with("wavefrontsize"));
        Ok(Disassembler {
            dc,
            window: if wave_size_only { max_instruction_bytes(cpu) } else { MAX_WINDOW },
            memo: Default::default(),
            texts: Default::default(),
            remember: true,
        })
    }

    /// The instructions of `code`, loaded at `address`. Bytes the disassembler cannot decode become one
    /// `<unknown>` instruction per dword.
    pub fn disassemble(&mut self, code: &[u8], address: u64) -> Vec<Instruction> {
        let mut out = Vec::with_capacity(code.len() / 6);
        // Addresses ascend with the index: a branch target is found by binary search.
        let mut starts: Vec<u64> = Vec::with_capacity(code.len() / 6);
        let mut branch_targets = Vec::new();
        let mut at = 0usize;
        while at < code.len() {
            let pc = address + at as u64;
            let n = (code.len() - at).min(self.window);
            let mut key: Window = ([0; MAX_WINDOW], n as u8);
            key.0[..n].copy_from_slice(&code[at..at + n]);
            starts.push(pc);
            // LLVM is never given fewer bytes than it may read: near the end of the code the window is
            // padded with zeros, and an instruction longer than the bytes left is not decoded. (LLVM 22
            // crashes on a literal operand cut off by the end of its buffer: `0xff 0x02 0x00 0x7e`,
            // `v_mov_b32 v0, <literal>` without its literal, kills llvm-mc too.)
            let fresh;
            let d = match self.memo.get(&key) {
                Some(d) => d,
                None if !self.remember => {
                    let bytes = if n < self.window { &key.0[..self.window] } else { &code[at..] };
                    fresh = self.decode(bytes, pc);
                    &fresh
                }
                None => {
                    let d = self.decode(&key.0[..self.window], 0);
                    if self.memo.len() >= MEMO_LIMIT {
                        self.memo.clear();
                        self.texts.clear();
                    }
                    self.memo.entry(key).or_insert(d)
                }
            };
            if d.size == 0 || usize::from(d.size) > n {
                out.push(Instruction { mnemonic: "<unknown>".into(), operands: "".into(), target: None });
                at += 4;
                continue;
            }
            if let Some(words) = d.branch_words {
                branch_targets.push((out.len(), (pc as i64 + 4 + i64::from(words) * 4) as u64));
            }
            out.push(Instruction { mnemonic: d.mnemonic.clone(), operands: d.operands.clone(), target: None });
            at += usize::from(d.size);
        }
        for (i, target) in branch_targets {
            out[i].target = starts.binary_search(&target).ok();
        }
        out
    }

    /// Without the memo, every instruction decoded by LLVM from all the bytes left, at its address: the
    /// reference the memo is tested against (`tests/memo.rs`).
    pub fn without_memo(mut self) -> Disassembler {
        self.remember = false;
        self
    }

    /// One instruction from the start of `window` (the bytes LLVM may read), through LLVM's C API.
    fn decode(&mut self, window: &[u8], pc: u64) -> Decoded {
        let mut text = [0 as std::ffi::c_char; 512];
        // SAFETY: `window` is readable for the length given, and LLVM only reads it (the C API's pointer is
        // not const, the decoder's ArrayRef is); `text` is a writable buffer of its size.
        // Without a symbolizer the printer writes a branch's raw immediate, so the address changes nothing
        // (the memo decodes at 0).
        let size = unsafe {
            LLVMDisasmInstruction(
                self.dc,
                window.as_ptr().cast_mut(),
                window.len() as u64,
                pc,
                text.as_mut_ptr(),
                text.len(),
            )
        };
        if size == 0 {
            return Decoded { mnemonic: "<unknown>".into(), operands: "".into(), size: 0, branch_words: None };
        }
        // SAFETY: LLVM wrote a NUL-terminated string into `text`.
        let line = unsafe { std::ffi::CStr::from_ptr(text.as_ptr()) }.to_string_lossy();
        let ins = Instruction::parse(&line).unwrap_or(Instruction {
            mnemonic: "<unknown>".into(),
            operands: line.as_ref().into(),
            target: None,
        });
        let mut branch_words = None;
        if classify(&ins.mnemonic) == Class::Branch
            && !ins.mnemonic.starts_with("s_setpc")
            && !ins.mnemonic.starts_with("s_swappc")
        {
            // The printer writes a branch's simm16 as its 16 bits unsigned (`s_cbranch_scc1 64870`).
            let first = ins.operands.split([',', ' ']).find(|w| !w.is_empty()).unwrap_or("");
            if let Ok(raw) = first.parse::<u16>() {
                branch_words = Some(raw as i16);
            }
        }
        let remember = self.remember;
        let mut intern = |t: Arc<str>| match self.texts.get(&t) {
            Some(known) => known.clone(),
            None if remember => {
                self.texts.insert(t.clone());
                t
            }
            None => t,
        };
        // An instruction is at most MAX_WINDOW bytes.
        Decoded { mnemonic: intern(ins.mnemonic), operands: intern(ins.operands), size: size as u8, branch_words }
    }
}
