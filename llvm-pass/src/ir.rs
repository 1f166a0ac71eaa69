//! The pass's one door to LLVM's IR: typed handles over LLVM's C API (llvm-sys) and safe functions on
//! them, so that the code that reads facts, estimates pressure and plans (`facts`, `estimate`, `nvptx`,
//! `plan`) holds no `unsafe`.
//!
//! Why the functions here are safe (the audit, in one place):
//! - A handle ([`Module`], [`Value`], [`Block`], [`Type`]) is made from a raw LLVM pointer only by an
//!   `unsafe` constructor (`from_raw`, whose caller promises a live module no other thread uses while
//!   handles made from it are used, and that outlives them), or by a function here from another handle of
//!   the same module. LLVM keeps every value, block and type alive while its module and context live.
//! - Nothing safe here deletes IR: the two functions that do ([`Module::append_info_section`], which
//!   replaces the `.wavebudget.info` globals and `@llvm.compiler.used`, and
//!   [`Module::delete_unused_kernel`]) are `unsafe`, their callers promising that no handle of what they
//!   delete is used afterwards (handles are `Copy`: the type system cannot see it).
//! - LLVM's C API casts without checking (`unwrap<Function>`, `cast<User>`): every function here that
//!   needs a kind of value checks it first (`LLVMIsA*`, or the instruction's opcode) and answers `None`,
//!   `false` or nothing for another kind, so no input reaches a failing cast.
//! - Strings LLVM returns are copied at once (`String`, `Vec<u8>`); nothing borrowed outlives the call.

use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::target::{
    LLVMABIAlignmentOfType, LLVMABISizeOfType, LLVMCreateTargetData, LLVMDisposeTargetData, LLVMGetModuleDataLayout,
    LLVMPreferredAlignmentOfType, LLVMSizeOfTypeInBits, LLVMTargetDataRef,
};
use crate::llvm_sys::{LLVMAtomicOrdering, LLVMAttributeFunctionIndex, LLVMLinkage, LLVMOpcode};
use std::ffi::CStr;

pub use crate::llvm_sys::LLVMLinkage as Linkage;
pub use crate::llvm_sys::LLVMOpcode as Opcode;
pub use crate::llvm_sys::LLVMTypeKind as TypeKind;

/// `amdgpu_kernel` (`CallingConv::AMDGPU_KERNEL`).
pub const CC_AMDGPU_KERNEL: u32 = 91;
/// `spir_kernel` (`CallingConv::SPIR_KERNEL`): what clang emits for `--offload-arch=amdgcnspirv`.
pub const CC_SPIR_KERNEL: u32 = 76;
/// LLVM's `CallingConv::PTX_Kernel`.
pub const CC_PTX_KERNEL: u32 = 71;

/// A module the pass reads and edits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Module(LLVMModuleRef);

/// A value of a module: a function, a global, an instruction, an argument or a constant.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Value(LLVMValueRef);

/// A basic block of a function.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Block(LLVMBasicBlockRef);

/// A type (LLVM uniques types: the same handle is the same type).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Type(LLVMTypeRef);

/// A string LLVM returns as (pointer, length), owned (empty for a null pointer).
///
/// # Safety
/// `p` is null or points at `len` readable bytes.
unsafe fn owned(p: *const std::ffi::c_char, len: usize) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: the contract.
    String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(p as *const u8, len) }).into_owned()
}

/// A NUL-terminated string LLVM returns, owned (empty for a null pointer).
///
/// # Safety
/// `p` is null or a NUL-terminated string.
unsafe fn owned_c(p: *const std::ffi::c_char) -> String {
    if p.is_null() {
        String::new()
    } else {
        // SAFETY: the contract.
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }
}

/// A non-null value handle.
fn value(v: LLVMValueRef) -> Option<Value> {
    (!v.is_null()).then_some(Value(v))
}

impl Module {
    /// The handle of a module.
    ///
    /// # Safety
    /// `m` is a live module that no other thread uses while handles made from it are used, and that
    /// outlives them.
    pub unsafe fn from_raw(m: LLVMModuleRef) -> Module {
        Module(m)
    }

    /// The raw module, for LLVM's own passes the shim runs on it.
    pub fn as_raw(self) -> LLVMModuleRef {
        self.0
    }

    /// Functions, in order.
    pub fn functions(self) -> Vec<Value> {
        let mut out = Vec::new();
        // SAFETY: the module is live (the audit above); its functions are too.
        unsafe {
            let mut f = LLVMGetFirstFunction(self.0);
            while !f.is_null() {
                out.push(Value(f));
                f = LLVMGetNextFunction(f);
            }
        }
        out
    }

    /// Global variables, in order.
    pub fn globals(self) -> Vec<Value> {
        let mut out = Vec::new();
        // SAFETY: as `functions`.
        unsafe {
            let mut g = LLVMGetFirstGlobal(self.0);
            while !g.is_null() {
                out.push(Value(g));
                g = LLVMGetNextGlobal(g);
            }
        }
        out
    }

    /// The first defined `amdgpu_kernel`, if any.
    pub fn first_kernel(self) -> Option<Value> {
        self.functions().into_iter().find(|f| f.is_kernel())
    }

    /// The target triple.
    pub fn triple(self) -> String {
        // SAFETY: a live module; the string is copied at once.
        unsafe { owned_c(LLVMGetTarget(self.0)) }
    }

    /// The data layout string (empty when it has none).
    pub fn data_layout_text(self) -> String {
        // SAFETY: as `triple`.
        unsafe { owned_c(LLVMGetDataLayoutStr(self.0)) }
    }

    /// The module's data layout, or `layout` parsed where the module has none.
    pub fn data_layout_or(self, layout: &CStr) -> DataLayout {
        if self.data_layout_text().is_empty() {
            // SAFETY: `layout` is a NUL-terminated data layout string; the result is disposed on drop.
            DataLayout { raw: unsafe { LLVMCreateTargetData(layout.as_ptr()) }, owned: true }
        } else {
            // SAFETY: a live module; its data layout lives as long as it does.
            DataLayout { raw: unsafe { LLVMGetModuleDataLayout(self.0) }, owned: false }
        }
    }

    /// The module's own data layout (LLVM's defaults where it names none).
    pub fn data_layout(self) -> DataLayout {
        // SAFETY: as `data_layout_or`.
        DataLayout { raw: unsafe { LLVMGetModuleDataLayout(self.0) }, owned: false }
    }

    /// The module as bitcode.
    pub fn bitcode(self) -> Vec<u8> {
        // SAFETY: a live module; the buffer LLVM writes is copied and disposed.
        unsafe {
            let buf = crate::llvm_sys::bit_writer::LLVMWriteBitcodeToMemoryBuffer(self.0);
            if buf.is_null() {
                return Vec::new();
            }
            let start = LLVMGetBufferStart(buf).cast::<u8>();
            let bytes = if start.is_null() {
                Vec::new()
            } else {
                std::slice::from_raw_parts(start, LLVMGetBufferSize(buf)).to_vec()
            };
            LLVMDisposeMemoryBuffer(buf);
            bytes
        }
    }

    /// Deletes kernel `f` when nothing uses it; whether it did.
    ///
    /// # Safety
    /// No handle of `f`, of its blocks, instructions or arguments is used after this returns true.
    pub unsafe fn delete_unused_kernel(self, f: Value) -> bool {
        if !f.is_kernel() || f.module() != Some(self) || !f.users().is_empty() {
            return false;
        }
        // SAFETY: `f` is a function of this module with no use; the caller keeps no handle of it.
        unsafe { LLVMDeleteFunction(f.0) };
        true
    }

    /// Appends `text` to a constant byte array global `name` placed in `section` (created if missing),
    /// and keeps it alive through `@llvm.compiler.used` so no later pass drops it.
    ///
    /// # Safety
    /// No handle of a global in `section` or of `@llvm.compiler.used` (both replaced here) is used after
    /// this returns.
    pub unsafe fn append_info_section(self, section: &str, name: &str, text: &str) {
        let Ok(cname) = std::ffi::CString::new(name) else { return };
        let Ok(csec) = std::ffi::CString::new(section) else { return };
        let mut bytes: Vec<u8> = Vec::new();
        // Every global in the section (a linked module holds one per module the pass ran on, renamed
        // `name.1`, ...): their lines of kernels this run does not write again are kept, in one global.
        let key = |l: &str| l.split_whitespace().next().map(str::to_string);
        let new_keys: Vec<Option<String>> = text.lines().map(key).collect();
        for (old, old_bytes) in self.info_sections(section) {
            let old_text = String::from_utf8_lossy(&old_bytes).into_owned();
            for l in old_text.lines().filter(|l| !l.is_empty() && !new_keys.contains(&key(l))) {
                bytes.extend_from_slice(l.as_bytes());
                bytes.push(b'\n');
            }
            // SAFETY: `old` is a global of this module in the pass's own section, of which the caller
            // keeps no handle (this function's contract); it leaves llvm.compiler.used first.
            unsafe {
                remove_from_compiler_used(self.0, old.0);
                LLVMDeleteGlobal(old.0);
            }
        }
        bytes.extend_from_slice(text.as_bytes());
        // SAFETY: a live module; the constant, global and list are made in its context.
        unsafe {
            let ctx = LLVMGetModuleContext(self.0);
            let init = const_string(ctx, &bytes);
            let g = LLVMAddGlobal(self.0, LLVMTypeOf(init), cname.as_ptr());
            LLVMSetInitializer(g, init);
            LLVMSetGlobalConstant(g, 1);
            LLVMSetLinkage(g, LLVMLinkage::LLVMInternalLinkage);
            LLVMSetSection(g, csec.as_ptr());
            LLVMSetAlignment(g, 1);
            add_to_compiler_used(self.0, g);
        }
    }

    /// The bytes of each global in `section` whose initializer is a constant string.
    pub fn read_info_sections(self, section: &str) -> Vec<Vec<u8>> {
        self.info_sections(section).into_iter().map(|(_, bytes)| bytes).collect()
    }

    fn info_sections(self, section: &str) -> Vec<(Value, Vec<u8>)> {
        let mut out = Vec::new();
        for g in self.globals() {
            // SAFETY: `g` is a global variable of this module; its section and initializer are read and
            // the bytes copied at once.
            unsafe {
                let sec = LLVMGetSection(g.0);
                if sec.is_null() || CStr::from_ptr(sec).to_bytes() != section.as_bytes() {
                    continue;
                }
                let init = LLVMGetInitializer(g.0);
                if init.is_null() || LLVMIsAConstantDataSequential(init).is_null() || LLVMIsConstantString(init) == 0 {
                    continue;
                }
                let mut len = 0usize;
                let p = LLVMGetAsString(init, &mut len);
                if p.is_null() {
                    continue;
                }
                out.push((g, std::slice::from_raw_parts(p.cast::<u8>(), len).to_vec()));
            }
        }
        out
    }
}

/// A module's data layout, for the sizes and alignments of types.
pub struct DataLayout {
    raw: LLVMTargetDataRef,
    owned: bool,
}

impl Drop for DataLayout {
    fn drop(&mut self) {
        if self.owned {
            // SAFETY: made by `LLVMCreateTargetData` in `data_layout_or`, disposed once.
            unsafe { LLVMDisposeTargetData(self.raw) }
        }
    }
}

impl DataLayout {
    /// `DataLayout::getTypeAllocSize`.
    pub fn alloc_size(&self, t: Type) -> u64 {
        // SAFETY: a live data layout and type (the audit); sized types only (`Type::is_sized`).
        if t.is_sized() {
            unsafe { LLVMABISizeOfType(self.raw, t.0) }
        } else {
            0
        }
    }

    /// The type's size in bits.
    pub fn size_in_bits(&self, t: Type) -> u64 {
        // SAFETY: as `alloc_size`.
        if t.is_sized() {
            unsafe { LLVMSizeOfTypeInBits(self.raw, t.0) }
        } else {
            0
        }
    }

    /// The type's ABI alignment.
    pub fn abi_align(&self, t: Type) -> u64 {
        // SAFETY: as `alloc_size`.
        if t.is_sized() {
            u64::from(unsafe { LLVMABIAlignmentOfType(self.raw, t.0) })
        } else {
            1
        }
    }

    /// The type's preferred alignment.
    pub fn preferred_align(&self, t: Type) -> u64 {
        // SAFETY: as `alloc_size`.
        if t.is_sized() {
            u64::from(unsafe { LLVMPreferredAlignmentOfType(self.raw, t.0) })
        } else {
            1
        }
    }
}

impl Value {
    /// The handle of a value.
    ///
    /// # Safety
    /// `v` is a live, non-null value of a module as [`Module::from_raw`] requires.
    pub unsafe fn from_raw(v: LLVMValueRef) -> Value {
        Value(v)
    }

    /// The raw value, for the shim's diagnostics.
    pub fn as_raw(self) -> LLVMValueRef {
        self.0
    }

    /// A number naming the value (its address: LLVM uniques constants and globals), for keys.
    pub fn id(self) -> u64 {
        self.0 as usize as u64
    }

    // Kinds. Each `LLVMIsA*` takes any value (a `dyn_cast`), so these are the checks the rest rely on.

    /// A function.
    pub fn is_function(self) -> bool {
        // SAFETY: a live value; `LLVMIsAFunction` accepts any value.
        !unsafe { LLVMIsAFunction(self.0) }.is_null()
    }

    /// A global variable.
    pub fn is_global_variable(self) -> bool {
        // SAFETY: as `is_function`.
        !unsafe { LLVMIsAGlobalVariable(self.0) }.is_null()
    }

    /// A global value (function, variable, alias).
    pub fn is_global_value(self) -> bool {
        // SAFETY: as `is_function`.
        !unsafe { LLVMIsAGlobalValue(self.0) }.is_null()
    }

    /// An instruction.
    pub fn is_instruction(self) -> bool {
        // SAFETY: as `is_function`.
        !unsafe { LLVMIsAInstruction(self.0) }.is_null()
    }

    /// A constant.
    pub fn is_constant(self) -> bool {
        // SAFETY: as `is_function`.
        !unsafe { LLVMIsAConstant(self.0) }.is_null()
    }

    /// An integer constant.
    pub fn is_constant_int(self) -> bool {
        // SAFETY: as `is_function`.
        !unsafe { LLVMIsAConstantInt(self.0) }.is_null()
    }

    /// Inline assembly.
    pub fn is_inline_asm(self) -> bool {
        // SAFETY: as `is_function`.
        !unsafe { LLVMIsAInlineAsm(self.0) }.is_null()
    }

    /// A phi.
    pub fn is_phi(self) -> bool {
        // SAFETY: as `is_function`.
        !unsafe { LLVMIsAPHINode(self.0) }.is_null()
    }

    /// `undef` or `poison`.
    pub fn is_undef_or_poison(self) -> bool {
        // SAFETY: as `is_function` (`LLVMIsUndef` is an `isa`).
        unsafe { LLVMIsUndef(self.0) != 0 || !LLVMIsAPoisonValue(self.0).is_null() }
    }

    fn is_user(self) -> bool {
        // SAFETY: as `is_function`.
        !unsafe { LLVMIsAUser(self.0) }.is_null()
    }

    /// The value's type.
    pub fn ty(self) -> Type {
        // SAFETY: every value has a type.
        Type(unsafe { LLVMTypeOf(self.0) })
    }

    /// The name (empty if unnamed).
    pub fn name(self) -> String {
        let mut len = 0usize;
        // SAFETY: any value has a (possibly empty) name; it is copied at once.
        unsafe { owned(LLVMGetValueName2(self.0, &mut len), len) }
    }

    /// The name's bytes (empty if unnamed).
    pub fn name_bytes(self) -> Vec<u8> {
        let mut len = 0usize;
        // SAFETY: any value has a (possibly empty) name; the bytes are copied at once.
        unsafe {
            let p = LLVMGetValueName2(self.0, &mut len);
            if p.is_null() {
                Vec::new()
            } else {
                std::slice::from_raw_parts(p.cast::<u8>(), len).to_vec()
            }
        }
    }

    /// Whether the name starts with one of `prefixes` (no copy of the name).
    pub fn name_starts_with(self, prefixes: &[&str]) -> bool {
        let mut len = 0usize;
        // SAFETY: as `name_bytes`; the slice is read before the call returns.
        unsafe {
            let p = LLVMGetValueName2(self.0, &mut len);
            if p.is_null() {
                return false;
            }
            let name = std::slice::from_raw_parts(p.cast::<u8>(), len);
            prefixes.iter().any(|x| name.starts_with(x.as_bytes()))
        }
    }

    /// Operands of a user (none for another value).
    pub fn operands(self) -> Vec<Value> {
        if !self.is_user() {
            return Vec::new();
        }
        // SAFETY: a live user; each index is below its operand count.
        unsafe {
            let n = LLVMGetNumOperands(self.0).max(0) as u32;
            (0..n).filter_map(|i| value(LLVMGetOperand(self.0, i))).collect()
        }
    }

    /// Operand `i` of a user, if it has one.
    pub fn operand(self, i: u32) -> Option<Value> {
        if !self.is_user() {
            return None;
        }
        // SAFETY: a live user, `i` checked against its operand count.
        unsafe {
            if i >= LLVMGetNumOperands(self.0).max(0) as u32 {
                return None;
            }
            value(LLVMGetOperand(self.0, i))
        }
    }

    /// The number of operands of a user (0 for another value).
    pub fn operand_count(self) -> u32 {
        if !self.is_user() {
            return 0;
        }
        // SAFETY: a live user.
        unsafe { LLVMGetNumOperands(self.0).max(0) as u32 }
    }

    /// The values that use this one.
    pub fn users(self) -> Vec<Value> {
        let mut out = Vec::new();
        // SAFETY: a live value; each use is live while the module is.
        unsafe {
            let mut u = LLVMGetFirstUse(self.0);
            while !u.is_null() {
                if let Some(v) = value(LLVMGetUser(u)) {
                    out.push(v);
                }
                u = LLVMGetNextUse(u);
            }
        }
        out
    }

    // Functions.

    /// A function's calling convention (`None` for another value).
    fn call_conv(self) -> Option<u32> {
        // SAFETY: a function (checked).
        self.is_function().then(|| unsafe { LLVMGetFunctionCallConv(self.0) })
    }

    /// A declaration: a global value without a body or initializer (`false` for another value).
    pub fn is_declaration(self) -> bool {
        // SAFETY: a global value (checked).
        self.is_global_value() && unsafe { LLVMIsDeclaration(self.0) } != 0
    }

    /// A defined `amdgpu_kernel` function.
    pub fn is_kernel(self) -> bool {
        self.call_conv() == Some(CC_AMDGPU_KERNEL) && !self.is_declaration()
    }

    /// A defined `spir_kernel` function.
    pub fn is_spir_kernel(self) -> bool {
        self.call_conv() == Some(CC_SPIR_KERNEL) && !self.is_declaration()
    }

    /// A defined `ptx_kernel` function.
    pub fn is_ptx_kernel(self) -> bool {
        self.call_conv() == Some(CC_PTX_KERNEL) && !self.is_declaration()
    }

    /// A function's parameters (none for another value).
    pub fn params(self) -> Vec<Value> {
        if !self.is_function() {
            return Vec::new();
        }
        // SAFETY: a function (checked); each index is below its parameter count.
        unsafe { (0..LLVMCountParams(self.0)).filter_map(|i| value(LLVMGetParam(self.0, i))).collect() }
    }

    /// A function's basic blocks, read as they are iterated (none for a declaration or another value).
    pub fn iter_blocks(self) -> impl Iterator<Item = Block> {
        // SAFETY: a function (checked); its first block (or null).
        let first = if self.is_function() { unsafe { LLVMGetFirstBasicBlock(self.0) } } else { std::ptr::null_mut() };
        std::iter::successors((!first.is_null()).then_some(Block(first)), |b| {
            // SAFETY: a live block of this function; its next (or null).
            let next = unsafe { LLVMGetNextBasicBlock(b.0) };
            (!next.is_null()).then_some(Block(next))
        })
    }

    /// A function's basic blocks (none for a declaration or another value).
    pub fn blocks(self) -> Vec<Block> {
        let mut out = Vec::new();
        if !self.is_function() {
            return out;
        }
        // SAFETY: a function (checked); its blocks are live.
        unsafe {
            let mut b = LLVMGetFirstBasicBlock(self.0);
            while !b.is_null() {
                out.push(Block(b));
                b = LLVMGetNextBasicBlock(b);
            }
        }
        out
    }

    /// A string function attribute's value (`None` where absent, or for another value).
    pub fn str_attr(self, key: &str) -> Option<String> {
        if !self.is_function() {
            return None;
        }
        // SAFETY: a function (checked); `key` is passed with its length; the value is copied at once.
        unsafe {
            let a = LLVMGetStringAttributeAtIndex(
                self.0,
                LLVMAttributeFunctionIndex,
                key.as_ptr().cast(),
                key.len() as u32,
            );
            if a.is_null() {
                return None;
            }
            let mut len = 0u32;
            let p = LLVMGetStringAttributeValue(a, &mut len);
            Some(owned(p, len as usize))
        }
    }

    /// Whether a function has a string attribute `key` (its value not read).
    pub fn has_str_attr(self, key: &str) -> bool {
        // SAFETY: a function (checked); `key` is passed with its length.
        self.is_function()
            && !unsafe {
                LLVMGetStringAttributeAtIndex(self.0, LLVMAttributeFunctionIndex, key.as_ptr().cast(), key.len() as u32)
            }
            .is_null()
    }

    /// Sets (replaces) a function's string attribute; nothing for another value.
    pub fn set_str_attr(self, key: &str, value: &str) {
        if !self.is_function() {
            return;
        }
        // SAFETY: a function (checked); the attribute is made in its context, key and value passed with
        // their lengths.
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(self.0));
            LLVMRemoveStringAttributeAtIndex(self.0, LLVMAttributeFunctionIndex, key.as_ptr().cast(), key.len() as u32);
            let a = LLVMCreateStringAttribute(
                ctx,
                key.as_ptr().cast(),
                key.len() as u32,
                value.as_ptr().cast(),
                value.len() as u32,
            );
            LLVMAddAttributeAtIndex(self.0, LLVMAttributeFunctionIndex, a);
        }
    }

    /// Integer operands of a function's metadata node of `kind` (e.g. `!reqd_work_group_size`).
    pub fn function_md_ints(self, kind: &str) -> Option<Vec<Option<u64>>> {
        if !self.is_function() {
            return None;
        }
        // SAFETY: a function (checked); the metadata entries are copied by LLVM and disposed here; each
        // node's operands are read into a buffer of their count.
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(self.0));
            let kind_id = LLVMGetMDKindIDInContext(ctx, kind.as_ptr().cast(), kind.len() as u32);
            let mut n = 0usize;
            let entries = LLVMGlobalCopyAllMetadata(self.0, &mut n);
            if entries.is_null() {
                return None;
            }
            let mut out = None;
            for i in 0..n as u32 {
                if LLVMValueMetadataEntriesGetKind(entries, i) != kind_id {
                    continue;
                }
                let md = LLVMValueMetadataEntriesGetMetadata(entries, i);
                let v = LLVMMetadataAsValue(ctx, md);
                let count = LLVMGetMDNodeNumOperands(v) as usize;
                let mut ops = vec![std::ptr::null_mut(); count];
                LLVMGetMDNodeOperands(v, ops.as_mut_ptr());
                out = Some(
                    ops.into_iter()
                        .map(|o| {
                            // An integer of at most 64 bits (`getZExtValue` asserts on wider ones).
                            let int = !o.is_null() && !LLVMIsAConstantInt(o).is_null();
                            let ty = if int { Some(Type(LLVMTypeOf(o))) } else { None };
                            ty.and_then(Type::int_width).filter(|&w| w <= 64).map(|_| LLVMConstIntGetZExtValue(o))
                        })
                        .collect(),
                );
            }
            LLVMDisposeValueMetadataEntries(entries);
            out
        }
    }

    /// The module a global value belongs to.
    pub fn module(self) -> Option<Module> {
        if !self.is_global_value() {
            return None;
        }
        // SAFETY: a global value (checked).
        let m = unsafe { LLVMGetGlobalParent(self.0) };
        (!m.is_null()).then_some(Module(m))
    }

    /// The identifier of the module a global value belongs to (the input file opt or clang was given).
    pub fn module_identifier(self) -> Option<String> {
        let m = self.module()?;
        let mut len = 0usize;
        // SAFETY: a live module; the identifier is copied at once.
        let id = unsafe { owned(LLVMGetModuleIdentifier(m.0, &mut len), len) };
        (!id.is_empty()).then_some(id)
    }

    // Globals.

    /// A global variable's initializer (`None` without one, or for another value).
    pub fn initializer(self) -> Option<Value> {
        // SAFETY: a global variable (checked).
        self.is_global_variable().then(|| value(unsafe { LLVMGetInitializer(self.0) })).flatten()
    }

    /// A global value's value type (what it holds, or the function type).
    pub fn value_type(self) -> Option<Type> {
        // SAFETY: a global value (checked).
        self.is_global_value().then(|| Type(unsafe { LLVMGlobalGetValueType(self.0) }))
    }

    /// A global object's declared alignment (0: none; 0 for another value).
    pub fn alignment(self) -> u64 {
        // SAFETY: a global object (checked; `LLVMGetAlignment` takes global objects and memory
        // instructions, not aliases).
        if !unsafe { LLVMIsAGlobalObject(self.0) }.is_null() {
            u64::from(unsafe { LLVMGetAlignment(self.0) })
        } else {
            0
        }
    }

    /// A global value's linkage.
    pub fn linkage(self) -> Option<Linkage> {
        // SAFETY: a global value (checked).
        self.is_global_value().then(|| unsafe { LLVMGetLinkage(self.0) })
    }

    /// An `addrspace(3)` (LDS, or NVPTX's `.shared`) global.
    pub fn is_lds(self) -> bool {
        self.is_global_value() && self.ty().address_space() == Some(3)
    }

    // Instructions: each checked to be one once (`as_instruction`), then asked as `Instruction`.

    /// The value as an instruction, where it is one.
    pub fn as_instruction(self) -> Option<Instruction> {
        self.is_instruction().then_some(Instruction(self.0))
    }

    /// An instruction's opcode (`None` for another value).
    pub fn opcode(self) -> Option<Opcode> {
        self.as_instruction().map(Instruction::opcode)
    }

    /// A call, invoke or callbr.
    pub fn is_call(self) -> bool {
        self.as_instruction().is_some_and(Instruction::is_call)
    }

    /// What a call calls (`None` for another value).
    pub fn called_value(self) -> Option<Value> {
        self.as_instruction().and_then(Instruction::called_value)
    }

    /// The function a call calls directly (through pointer casts), if any.
    pub fn called_function(self) -> Option<Value> {
        self.as_instruction().and_then(Instruction::called_function)
    }

    /// The constraint string of inline assembly (`"=v,~{v200}"`; empty for another value).
    pub fn inline_asm_constraints(self) -> String {
        if !self.is_inline_asm() {
            return String::new();
        }
        let mut len = 0usize;
        // SAFETY: inline asm (checked); the string is copied at once.
        unsafe {
            #[cfg(feature = "llvm15")]
            let text = wb_inline_asm_constraints(self.0, &mut len);
            #[cfg(not(feature = "llvm15"))]
            let text = LLVMGetInlineAsmConstraintString(self.0, &mut len);
            owned(text, len)
        }
    }

    /// An integer constant's value, sign-extended (`None` for another value or one over 64 bits).
    pub fn const_sext(self) -> Option<i64> {
        // SAFETY: an integer constant (checked) of at most 64 bits.
        (self.is_constant_int() && self.ty().int_width().is_some_and(|w| w <= 64))
            .then(|| unsafe { LLVMConstIntGetSExtValue(self.0) })
    }

    /// The function an instruction is in.
    pub fn parent_function(self) -> Option<Value> {
        let i = self.as_instruction()?;
        // SAFETY: an instruction (checked); its block, where it has one, belongs to a function.
        unsafe {
            let b = LLVMGetInstructionParent(i.0);
            if b.is_null() {
                return None;
            }
            value(LLVMGetBasicBlockParent(b))
        }
    }
}

/// An instruction: a [`Value`] known to be one (made by [`Block::instructions`], [`Block::phis`] or
/// [`Value::as_instruction`]), so its questions need no check of the kind of value, only of the opcode
/// where LLVM's C API casts to one kind of instruction.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Instruction(LLVMValueRef);

impl Instruction {
    /// The instruction as a value (its result, where it has one).
    pub fn value(self) -> Value {
        Value(self.0)
    }

    /// Its type (void for an instruction without a result).
    pub fn ty(self) -> Type {
        // SAFETY: every value has a type.
        Type(unsafe { LLVMTypeOf(self.0) })
    }

    /// Its opcode.
    pub fn opcode(self) -> Opcode {
        // SAFETY: an instruction (its type's invariant).
        unsafe { LLVMGetInstructionOpcode(self.0) }
    }

    /// Its operands (an instruction is a user), read as they are iterated.
    pub fn operands(self) -> impl Iterator<Item = Value> {
        // SAFETY: an instruction is a user; each index is below its operand count.
        let n = unsafe { LLVMGetNumOperands(self.0) }.max(0) as u32;
        // SAFETY: as above.
        (0..n).filter_map(move |i| value(unsafe { LLVMGetOperand(self.0, i) }))
    }

    /// Operand `i`, if it has one.
    pub fn operand(self, i: u32) -> Option<Value> {
        // SAFETY: a user; `i` checked against its operand count.
        unsafe { (i < LLVMGetNumOperands(self.0).max(0) as u32).then(|| value(LLVMGetOperand(self.0, i))).flatten() }
    }

    /// The number of operands.
    pub fn operand_count(self) -> u32 {
        // SAFETY: a user.
        unsafe { LLVMGetNumOperands(self.0).max(0) as u32 }
    }

    /// A call, invoke or callbr.
    pub fn is_call(self) -> bool {
        matches!(self.opcode(), Opcode::LLVMCall | Opcode::LLVMInvoke | Opcode::LLVMCallBr)
    }

    /// What a call calls (`None` for another instruction).
    pub fn called_value(self) -> Option<Value> {
        // SAFETY: a call-like instruction (checked by opcode: a `CallBase`).
        self.is_call().then(|| value(unsafe { LLVMGetCalledValue(self.0) })).flatten()
    }

    /// The function a call calls directly (through pointer casts), if any.
    pub fn called_function(self) -> Option<Value> {
        let mut c = self.called_value()?;
        // SAFETY: `c` is live; `LLVMGetConstOpcode` is asked of constant expressions only (checked).
        unsafe {
            while !LLVMIsAConstantExpr(c.0).is_null() && LLVMGetConstOpcode(c.0) == LLVMOpcode::LLVMBitCast {
                c = c.operand(0)?;
            }
        }
        c.is_function().then_some(c)
    }

    /// The number of a call's argument operands (0 for another instruction).
    pub fn arg_count(self) -> u32 {
        // SAFETY: a call-like instruction (checked).
        if self.is_call() {
            unsafe { LLVMGetNumArgOperands(self.0) }
        } else {
            0
        }
    }

    /// Whether the instruction carries metadata of `kind` (`invariant.load`).
    pub fn has_metadata(self, kind: &str) -> bool {
        // SAFETY: an instruction (its type's invariant); the kind's ID is the context's, made if new.
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(self.0));
            let id = LLVMGetMDKindIDInContext(ctx, kind.as_ptr().cast(), kind.len() as u32);
            !LLVMGetMetadata(self.0, id).is_null()
        }
    }

    /// A load or store that is neither volatile nor atomic (`false` for another instruction).
    pub fn is_simple_memory_op(self) -> bool {
        if !matches!(self.opcode(), Opcode::LLVMLoad | Opcode::LLVMStore) {
            return false;
        }
        // SAFETY: a load or store (checked by opcode).
        unsafe {
            LLVMGetVolatile(self.0) == 0 && LLVMGetOrdering(self.0) == LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
        }
    }

    /// A phi's incoming blocks, in order (none for another instruction).
    pub fn incoming_blocks(self) -> Vec<Block> {
        if self.opcode() != Opcode::LLVMPHI {
            return Vec::new();
        }
        // SAFETY: a phi (checked); each index is below its incoming count.
        unsafe { (0..LLVMCountIncoming(self.0)).map(|k| Block(LLVMGetIncomingBlock(self.0, k))).collect() }
    }

    /// A shufflevector's mask, `None` for an undefined element (empty for another instruction).
    pub fn shuffle_mask(self) -> Vec<Option<i32>> {
        if self.opcode() != Opcode::LLVMShuffleVector {
            return Vec::new();
        }
        // SAFETY: a shufflevector (checked); each index is below its mask length.
        unsafe {
            let undef = LLVMGetUndefMaskElem();
            (0..LLVMGetNumMaskElements(self.0))
                .map(|k| Some(LLVMGetMaskValue(self.0, k)).filter(|&x| x != undef))
                .collect()
        }
    }

    /// A conditional branch (`false` for another instruction).
    pub fn is_conditional_branch(self) -> bool {
        // SAFETY: a branch (checked by opcode).
        self.opcode() == Opcode::LLVMBr && unsafe { LLVMIsConditional(self.0) } != 0
    }

    /// An integer or float comparison's predicate, as a number (`None` for another instruction).
    pub fn cmp_predicate(self) -> Option<u64> {
        // SAFETY: an icmp or fcmp (checked by opcode).
        match self.opcode() {
            Opcode::LLVMICmp => Some(unsafe { LLVMGetICmpPredicate(self.0) } as u64),
            Opcode::LLVMFCmp => Some(unsafe { LLVMGetFCmpPredicate(self.0) } as u64),
            _ => None,
        }
    }

    /// A `getelementptr`'s source element type (`None` for another instruction).
    pub fn gep_source_type(self) -> Option<Type> {
        // SAFETY: a GEP instruction (checked by opcode).
        (self.opcode() == Opcode::LLVMGetElementPtr).then(|| Type(unsafe { LLVMGetGEPSourceElementType(self.0) }))
    }
}

impl Block {
    /// The block's instructions, in order.
    pub fn instructions(self) -> Vec<Instruction> {
        let mut out = Vec::new();
        // SAFETY: a live block; its instructions are live.
        unsafe {
            let mut i = LLVMGetFirstInstruction(self.0);
            while !i.is_null() {
                out.push(Instruction(i));
                i = LLVMGetNextInstruction(i);
            }
        }
        out
    }

    /// The block's instructions, in order, read as they are iterated (no list made: the walks over every
    /// instruction of a kernel take this).
    pub fn iter_instructions(self) -> impl Iterator<Item = Instruction> {
        // SAFETY: a live block; its first instruction (or null).
        let first = unsafe { LLVMGetFirstInstruction(self.0) };
        std::iter::successors((!first.is_null()).then_some(Instruction(first)), |i| {
            // SAFETY: a live instruction of this block; its next (or null).
            let next = unsafe { LLVMGetNextInstruction(i.0) };
            (!next.is_null()).then_some(Instruction(next))
        })
    }

    /// The block's leading phis.
    pub fn phis(self) -> Vec<Instruction> {
        let mut out = Vec::new();
        // SAFETY: as `instructions`.
        unsafe {
            let mut i = LLVMGetFirstInstruction(self.0);
            while !i.is_null() && !LLVMIsAPHINode(i).is_null() {
                out.push(Instruction(i));
                i = LLVMGetNextInstruction(i);
            }
        }
        out
    }

    /// Successor blocks of the block's terminator.
    pub fn successors(self) -> Vec<Block> {
        // SAFETY: a live block; its terminator (if any) has `LLVMGetNumSuccessors` successors.
        unsafe {
            let t = LLVMGetBasicBlockTerminator(self.0);
            if t.is_null() {
                return Vec::new();
            }
            (0..LLVMGetNumSuccessors(t)).map(|i| Block(LLVMGetSuccessor(t, i))).collect()
        }
    }
}

impl Type {
    /// The type's kind.
    pub fn kind(self) -> TypeKind {
        // SAFETY: a live type.
        unsafe { LLVMGetTypeKind(self.0) }
    }

    /// A number naming the type (LLVM uniques types), for keys.
    pub fn id(self) -> u64 {
        self.0 as usize as u64
    }

    /// A vector's, array's element type (`None` for another type).
    pub fn element(self) -> Option<Type> {
        // SAFETY: a sequential type (checked; `LLVMGetElementType` casts to one).
        matches!(
            self.kind(),
            TypeKind::LLVMVectorTypeKind | TypeKind::LLVMScalableVectorTypeKind | TypeKind::LLVMArrayTypeKind
        )
        .then(|| Type(unsafe { LLVMGetElementType(self.0) }))
    }

    /// An integer type's width (`None` for another type).
    pub fn int_width(self) -> Option<u32> {
        // SAFETY: an integer type (checked).
        (self.kind() == TypeKind::LLVMIntegerTypeKind).then(|| unsafe { LLVMGetIntTypeWidth(self.0) })
    }

    /// A pointer type's address space (`None` for another type).
    pub fn address_space(self) -> Option<u32> {
        // SAFETY: a pointer type (checked).
        (self.kind() == TypeKind::LLVMPointerTypeKind).then(|| unsafe { LLVMGetPointerAddressSpace(self.0) })
    }

    /// Whether the type has a size (`DataLayout` asks only of those).
    pub fn is_sized(self) -> bool {
        // SAFETY: a live type.
        unsafe { LLVMTypeIsSized(self.0) != 0 }
    }

    /// LLVM's spelling of the type (`<24 x float>`).
    pub fn text(self) -> String {
        // SAFETY: a live type; the string LLVM makes is copied and disposed.
        unsafe {
            let p = LLVMPrintTypeToString(self.0);
            let text = owned_c(p);
            LLVMDisposeMessage(p);
            text
        }
    }

    /// 32-bit register lanes a value of this type occupies.
    pub fn lanes(self) -> u32 {
        self.bits().div_ceil(32)
    }

    /// Bits of a first-class type as the backend holds it (pointers by address space).
    pub fn bits(self) -> u32 {
        let t = self.0;
        // SAFETY: a live type; each call in an arm is one its kind takes (the kind is read once and
        // matched: this runs for every value the estimate reads).
        unsafe {
            match LLVMGetTypeKind(t) {
                TypeKind::LLVMIntegerTypeKind => LLVMGetIntTypeWidth(t),
                TypeKind::LLVMHalfTypeKind | TypeKind::LLVMBFloatTypeKind => 16,
                TypeKind::LLVMFloatTypeKind => 32,
                TypeKind::LLVMDoubleTypeKind => 64,
                TypeKind::LLVMPointerTypeKind => match LLVMGetPointerAddressSpace(t) {
                    2 | 3 | 5 | 6 => 32,
                    7 => 160,
                    8 => 128,
                    _ => 64,
                },
                TypeKind::LLVMVectorTypeKind | TypeKind::LLVMScalableVectorTypeKind => {
                    // Sub-dword elements pack (<2 x half> is one register); i1 vectors are masks.
                    Type(LLVMGetElementType(t)).bits().saturating_mul(LLVMGetVectorSize(t))
                }
                TypeKind::LLVMArrayTypeKind => {
                    let n = array_length(t).min(u32::MAX as u64) as u32;
                    Type(LLVMGetElementType(t)).lanes().saturating_mul(n).saturating_mul(32)
                }
                TypeKind::LLVMStructTypeKind => {
                    let n = LLVMCountStructElementTypes(t);
                    (0..n).map(|i| Type(LLVMStructGetTypeAtIndex(t, i)).lanes() * 32).sum()
                }
                _ => 0,
            }
        }
    }
}

#[cfg(feature = "llvm15")]
extern "C" {
    // The shim's stand-in for LLVMGetInlineAsmConstraintString, which LLVM 15's C API lacks.
    fn wb_inline_asm_constraints(asm: LLVMValueRef, len: *mut usize) -> *const std::ffi::c_char;
}

/// An LLVM parser message (`file:line:col: error: what`, then the source line and a caret, or a reader's
/// message over several lines) as one line: without LLVM's own `error: ` (the caller's one prefix is the
/// only one), the source line it points at quoted after `at`, further lines joined with `; `, nothing cut.
pub fn parse_error_line(message: &str) -> String {
    let mut lines = message.lines().map(str::trim_end).filter(|l| !l.trim().is_empty());
    let first = lines.next().unwrap_or("cannot parse").replacen(": error: ", ": ", 1);
    let first = first.strip_prefix("error: ").map(str::to_string).unwrap_or(first);
    let rest: Vec<&str> = lines.collect();
    // A caret line (spaces and one `^`) points into the line before it: that line is the source.
    let caret = |l: &str| {
        l.trim() == "^" || (l.trim_start().starts_with('^') && l.trim().chars().all(|c| c == '^' || c == '~'))
    };
    let mut out = first;
    let mut i = 0;
    while i < rest.len() {
        if rest.get(i + 1).is_some_and(|l| caret(l)) {
            out.push_str(&format!(" (at `{}`)", rest[i].trim()));
            i += 2;
        } else {
            if !caret(rest[i]) {
                out.push_str("; ");
                out.push_str(rest[i].trim());
            }
            i += 1;
        }
    }
    out
}

/// A hasher for maps keyed by LLVM object pointers: one multiply instead of SipHash (these keys are
/// addresses chosen by LLVM's allocator, not by a user, so there is nothing to defend against).
#[derive(Default, Clone, Copy)]
pub struct PtrHasher(u64);

impl std::hash::Hasher for PtrHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_usize(&mut self, n: usize) {
        self.0 = (self.0 ^ n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(26);
    }
}

/// `HashMap` keyed by LLVM handles.
pub type PtrMap<K, V> = std::collections::HashMap<K, V, std::hash::BuildHasherDefault<PtrHasher>>;
/// `HashSet` of LLVM handles.
pub type PtrSet<K> = std::collections::HashSet<K, std::hash::BuildHasherDefault<PtrHasher>>;

// The edits of `append_info_section` on raw handles (none of them leaves this module).

unsafe fn compiler_used_elements(m: LLVMModuleRef) -> (LLVMValueRef, Vec<LLVMValueRef>) {
    // SAFETY: the caller's live module; the list's initializer is a constant array (a user).
    unsafe {
        let used = LLVMGetNamedGlobal(m, c"llvm.compiler.used".as_ptr());
        let mut elems = Vec::new();
        if !used.is_null() {
            let init = LLVMGetInitializer(used);
            if !init.is_null() && !LLVMIsAUser(init).is_null() {
                for i in 0..LLVMGetNumOperands(init).max(0) as u32 {
                    elems.push(LLVMGetOperand(init, i));
                }
            }
        }
        (used, elems)
    }
}

unsafe fn set_compiler_used(m: LLVMModuleRef, old: LLVMValueRef, elems: &mut [LLVMValueRef]) {
    // SAFETY: the caller's live module and its list (or null).
    unsafe {
        if !old.is_null() {
            LLVMDeleteGlobal(old);
        }
        if elems.is_empty() {
            return;
        }
        let ctx = LLVMGetModuleContext(m);
        let ptr = LLVMPointerTypeInContext(ctx, 0);
        // Every entry a `ptr` in address space 0, as LLVM's `appendToCompilerUsed` writes the list: a list
        // the input made of `ptr addrspace(1)` entries keeps them, cast, so the array stays one type.
        for e in elems.iter_mut() {
            let ty = LLVMTypeOf(*e);
            if LLVMGetTypeKind(ty) == TypeKind::LLVMPointerTypeKind && LLVMGetPointerAddressSpace(ty) != 0 {
                *e = LLVMConstAddrSpaceCast(*e, ptr);
            }
        }
        let arr = const_array(ptr, elems);
        let g = LLVMAddGlobal(m, LLVMTypeOf(arr), c"llvm.compiler.used".as_ptr());
        LLVMSetInitializer(g, arr);
        LLVMSetLinkage(g, LLVMLinkage::LLVMAppendingLinkage);
        LLVMSetSection(g, c"llvm.metadata".as_ptr());
    }
}

unsafe fn add_to_compiler_used(m: LLVMModuleRef, g: LLVMValueRef) {
    // SAFETY: the caller's live module and global.
    unsafe {
        let (old, mut elems) = compiler_used_elements(m);
        let ctx = LLVMGetModuleContext(m);
        // Entries are `ptr` in address space 0; an address-space-1 global needs a cast.
        let as0 = LLVMPointerTypeInContext(ctx, 0);
        let e = if LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 0 { g } else { LLVMConstAddrSpaceCast(g, as0) };
        elems.push(e);
        set_compiler_used(m, old, &mut elems);
    }
}

unsafe fn remove_from_compiler_used(m: LLVMModuleRef, g: LLVMValueRef) {
    // SAFETY: the caller's live module and global; the list's elements are constants (users).
    unsafe {
        let (old, elems) = compiler_used_elements(m);
        if old.is_null() {
            return;
        }
        let mut kept: Vec<LLVMValueRef> = elems
            .into_iter()
            .filter(|&e| {
                let base = if !LLVMIsAConstantExpr(e).is_null() { LLVMGetOperand(e, 0) } else { e };
                base != g
            })
            .collect();
        set_compiler_used(m, old, &mut kept);
    }
}

// LLVM 15's C API lacks the 64-bit-length forms (LLVMGetArrayLength2 and LLVMConstArray2 came in 17,
// LLVMConstStringInContext2 in 19); these three pick the form the LLVM of this build has.

unsafe fn array_length(ty: LLVMTypeRef) -> u64 {
    // SAFETY: the caller's array type.
    #[cfg(feature = "llvm15")]
    return u64::from(unsafe { LLVMGetArrayLength(ty) });
    #[cfg(not(feature = "llvm15"))]
    return unsafe { LLVMGetArrayLength2(ty) };
}

unsafe fn const_string(ctx: LLVMContextRef, bytes: &[u8]) -> LLVMValueRef {
    // SAFETY: the caller's live context; `bytes` passed with its length.
    #[cfg(feature = "llvm15")]
    return unsafe {
        LLVMConstStringInContext(ctx, bytes.as_ptr().cast(), u32::try_from(bytes.len()).unwrap_or(u32::MAX), 1)
    };
    #[cfg(not(feature = "llvm15"))]
    return unsafe { LLVMConstStringInContext2(ctx, bytes.as_ptr().cast(), bytes.len(), 1) };
}

unsafe fn const_array(elem: LLVMTypeRef, elems: &mut [LLVMValueRef]) -> LLVMValueRef {
    // SAFETY: the caller's live type and constants, passed with their count.
    #[cfg(feature = "llvm15")]
    return unsafe { LLVMConstArray(elem, elems.as_mut_ptr(), u32::try_from(elems.len()).unwrap_or(u32::MAX)) };
    #[cfg(not(feature = "llvm15"))]
    return unsafe { LLVMConstArray2(elem, elems.as_mut_ptr(), elems.len() as u64) };
}

#[cfg(test)]
mod tests {
    use super::parse_error_line;

    /// LLVM's parser messages (as llc-22 prints them) become one line with nothing cut.
    #[test]
    fn parser_messages_are_one_line_with_their_source() {
        let m = "x.ll:3:14: error: expected type\n  %x = add i32 %y,\n             ^\n";
        assert_eq!(parse_error_line(m), "x.ll:3:14: expected type (at `%x = add i32 %y,`)");
        assert_eq!(
            parse_error_line("error: Invalid bitcode signature\nmore detail"),
            "Invalid bitcode signature; more detail"
        );
        assert_eq!(parse_error_line(""), "cannot parse");
    }
}
