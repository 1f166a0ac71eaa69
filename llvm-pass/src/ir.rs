//! Thin helpers over LLVM's C API (llvm-sys) for reading and editing the IR the pass sees.
//!
//! Every function here is `unsafe`: the caller guarantees the references are live LLVM objects of the
//! kind named. Nothing here frees a module or a value it did not create.

use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMAttributeFunctionIndex, LLVMOpcode, LLVMTypeKind};
use std::ffi::CStr;

/// `amdgpu_kernel` (`CallingConv::AMDGPU_KERNEL`).
pub const CC_AMDGPU_KERNEL: u32 = 91;
/// `spir_kernel` (`CallingConv::SPIR_KERNEL`): what clang emits for `--offload-arch=amdgcnspirv`.
pub const CC_SPIR_KERNEL: u32 = 76;

/// A string LLVM returns as (pointer, length), owned (empty for a null pointer).
unsafe fn owned(p: *const std::ffi::c_char, len: usize) -> String {
    if p.is_null() {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
}

/// A NUL-terminated string LLVM returns, owned (empty for a null pointer).
unsafe fn owned_c(p: *const std::ffi::c_char) -> String {
    if p.is_null() {
        String::new()
    } else {
        CStr::from_ptr(p).to_string_lossy().into_owned()
    }
}

/// A value's name (empty if unnamed).
pub unsafe fn name(v: LLVMValueRef) -> String {
    let mut len = 0usize;
    owned(LLVMGetValueName2(v, &mut len), len)
}

/// Whether `v`'s name starts with one of `prefixes` (no copy of the name).
pub unsafe fn name_starts_with(v: LLVMValueRef, prefixes: &[&str]) -> bool {
    let mut len = 0usize;
    let p = LLVMGetValueName2(v, &mut len);
    if p.is_null() {
        return false;
    }
    let name = std::slice::from_raw_parts(p.cast::<u8>(), len);
    prefixes.iter().any(|x| name.starts_with(x.as_bytes()))
}

/// A string function attribute's value.
pub unsafe fn str_attr(f: LLVMValueRef, key: &str) -> Option<String> {
    let a = LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, key.as_ptr().cast(), key.len() as u32);
    if a.is_null() {
        return None;
    }
    let mut len = 0u32;
    let p = LLVMGetStringAttributeValue(a, &mut len);
    if p.is_null() {
        return Some(String::new());
    }
    Some(String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len as usize)).into_owned())
}

/// Whether the function has a string attribute `key` (its value not read).
pub unsafe fn has_str_attr(f: LLVMValueRef, key: &str) -> bool {
    !LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, key.as_ptr().cast(), key.len() as u32).is_null()
}

/// Sets (replaces) a string function attribute.
pub unsafe fn set_str_attr(f: LLVMValueRef, key: &str, value: &str) {
    let ctx = LLVMGetTypeContext(LLVMTypeOf(f));
    LLVMRemoveStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, key.as_ptr().cast(), key.len() as u32);
    let a = LLVMCreateStringAttribute(
        ctx,
        key.as_ptr().cast(),
        key.len() as u32,
        value.as_ptr().cast(),
        value.len() as u32,
    );
    LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, a);
}

/// The module's target triple.
pub unsafe fn triple(m: LLVMModuleRef) -> String {
    owned_c(LLVMGetTarget(m))
}

/// The constraint string of an inline-asm callee (`"=v,~{v200}"`).
pub unsafe fn inline_asm_constraints(asm: LLVMValueRef) -> String {
    let mut len = 0usize;
    #[cfg(feature = "llvm15")]
    let text = wb_inline_asm_constraints(asm, &mut len);
    #[cfg(not(feature = "llvm15"))]
    let text = LLVMGetInlineAsmConstraintString(asm, &mut len);
    owned(text, len)
}

#[cfg(feature = "llvm15")]
extern "C" {
    // The shim's stand-in for LLVMGetInlineAsmConstraintString, which LLVM 15's C API lacks.
    fn wb_inline_asm_constraints(asm: LLVMValueRef, len: *mut usize) -> *const std::ffi::c_char;
}

/// The module's data layout string (empty when it has none).
pub unsafe fn data_layout(m: LLVMModuleRef) -> String {
    owned_c(LLVMGetDataLayoutStr(m))
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

/// The identifier of the module `f` belongs to (the input file opt or clang was given), if any.
///
/// # Safety
/// `f` must be a live function.
pub unsafe fn module_identifier(f: LLVMValueRef) -> Option<String> {
    let m = LLVMGetGlobalParent(f);
    if m.is_null() {
        return None;
    }
    let mut len = 0usize;
    let p = LLVMGetModuleIdentifier(m, &mut len);
    if p.is_null() || len == 0 {
        return None;
    }
    Some(String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len)).into_owned())
}

/// Functions of a module, in order.
pub unsafe fn functions(m: LLVMModuleRef) -> Vec<LLVMValueRef> {
    let mut out = Vec::new();
    let mut f = LLVMGetFirstFunction(m);
    while !f.is_null() {
        out.push(f);
        f = LLVMGetNextFunction(f);
    }
    out
}

/// Global variables of a module, in order.
pub unsafe fn globals(m: LLVMModuleRef) -> Vec<LLVMValueRef> {
    let mut out = Vec::new();
    let mut g = LLVMGetFirstGlobal(m);
    while !g.is_null() {
        out.push(g);
        g = LLVMGetNextGlobal(g);
    }
    out
}

/// An `addrspace(3)` (LDS, or NVPTX's `.shared`) global.
pub unsafe fn is_lds(g: LLVMValueRef) -> bool {
    LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 3
}

/// The module's first defined `amdgpu_kernel` function, if any.
pub unsafe fn first_kernel(m: LLVMModuleRef) -> Option<LLVMValueRef> {
    let mut f = LLVMGetFirstFunction(m);
    while !f.is_null() && !is_kernel(f) {
        f = LLVMGetNextFunction(f);
    }
    (!f.is_null()).then_some(f)
}

/// A defined `amdgpu_kernel` function.
pub unsafe fn is_kernel(f: LLVMValueRef) -> bool {
    LLVMGetFunctionCallConv(f) == CC_AMDGPU_KERNEL && LLVMIsDeclaration(f) == 0
}

/// A defined `spir_kernel` function.
pub unsafe fn is_spir_kernel(f: LLVMValueRef) -> bool {
    LLVMGetFunctionCallConv(f) == CC_SPIR_KERNEL && LLVMIsDeclaration(f) == 0
}

/// Basic blocks of a function.
pub unsafe fn blocks(f: LLVMValueRef) -> Vec<LLVMBasicBlockRef> {
    let mut out = Vec::new();
    let mut b = LLVMGetFirstBasicBlock(f);
    while !b.is_null() {
        out.push(b);
        b = LLVMGetNextBasicBlock(b);
    }
    out
}

/// Instructions of a block.
pub unsafe fn instructions(b: LLVMBasicBlockRef) -> Vec<LLVMValueRef> {
    let mut out = Vec::new();
    let mut i = LLVMGetFirstInstruction(b);
    while !i.is_null() {
        out.push(i);
        i = LLVMGetNextInstruction(i);
    }
    out
}

/// Operands of a user.
pub unsafe fn operands(v: LLVMValueRef) -> impl Iterator<Item = LLVMValueRef> {
    let n = LLVMGetNumOperands(v).max(0) as u32;
    (0..n).map(move |i| LLVMGetOperand(v, i))
}

/// Users of a value.
pub unsafe fn users(v: LLVMValueRef) -> Vec<LLVMValueRef> {
    let mut out = Vec::new();
    let mut u = LLVMGetFirstUse(v);
    while !u.is_null() {
        out.push(LLVMGetUser(u));
        u = LLVMGetNextUse(u);
    }
    out
}

/// Successor blocks of a block's terminator.
pub unsafe fn successors(b: LLVMBasicBlockRef) -> Vec<LLVMBasicBlockRef> {
    let t = LLVMGetBasicBlockTerminator(b);
    if t.is_null() {
        return Vec::new();
    }
    (0..LLVMGetNumSuccessors(t)).map(|i| LLVMGetSuccessor(t, i)).collect()
}

/// The function a call calls directly (through pointer casts), if any.
pub unsafe fn called_function(call: LLVMValueRef) -> Option<LLVMValueRef> {
    let mut c = LLVMGetCalledValue(call);
    while !c.is_null() && !LLVMIsAConstantExpr(c).is_null() && LLVMGetConstOpcode(c) == LLVMOpcode::LLVMBitCast {
        c = LLVMGetOperand(c, 0);
    }
    (!c.is_null() && !LLVMIsAFunction(c).is_null()).then_some(c)
}

/// Is this a call or invoke?
pub unsafe fn is_call(i: LLVMValueRef) -> bool {
    matches!(LLVMGetInstructionOpcode(i), LLVMOpcode::LLVMCall | LLVMOpcode::LLVMInvoke | LLVMOpcode::LLVMCallBr)
}

/// Integer operands of a function's metadata node of `kind` (e.g. `!reqd_work_group_size`).
pub unsafe fn function_md_ints(f: LLVMValueRef, kind: &str) -> Option<Vec<Option<u64>>> {
    let ctx = LLVMGetTypeContext(LLVMTypeOf(f));
    let kind_id = LLVMGetMDKindIDInContext(ctx, kind.as_ptr().cast(), kind.len() as u32);
    let mut n = 0usize;
    let entries = LLVMGlobalCopyAllMetadata(f, &mut n);
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
                .map(|o| (!o.is_null() && !LLVMIsAConstantInt(o).is_null()).then(|| LLVMConstIntGetZExtValue(o)))
                .collect(),
        );
    }
    LLVMDisposeValueMetadataEntries(entries);
    out
}

/// LLVM's spelling of a type (`<24 x float>`).
pub unsafe fn type_text(ty: LLVMTypeRef) -> String {
    let p = LLVMPrintTypeToString(ty);
    let text = owned_c(p);
    LLVMDisposeMessage(p);
    text
}

/// 32-bit register lanes a value of this type occupies, and whether it is a lane mask (`i1`).
pub unsafe fn lanes(ty: LLVMTypeRef) -> u32 {
    bits(ty).div_ceil(32)
}

/// Bits of a first-class type as the backend holds it (pointers by address space).
pub unsafe fn bits(ty: LLVMTypeRef) -> u32 {
    match LLVMGetTypeKind(ty) {
        LLVMTypeKind::LLVMIntegerTypeKind => LLVMGetIntTypeWidth(ty),
        LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMBFloatTypeKind => 16,
        LLVMTypeKind::LLVMFloatTypeKind => 32,
        LLVMTypeKind::LLVMDoubleTypeKind => 64,
        LLVMTypeKind::LLVMPointerTypeKind => match LLVMGetPointerAddressSpace(ty) {
            2 | 3 | 5 | 6 => 32,
            7 => 160,
            8 => 128,
            _ => 64,
        },
        LLVMTypeKind::LLVMVectorTypeKind | LLVMTypeKind::LLVMScalableVectorTypeKind => {
            let e = LLVMGetElementType(ty);
            let n = LLVMGetVectorSize(ty);
            let eb = bits(e);
            // Sub-dword elements pack (<2 x half> is one register); i1 vectors are masks.
            eb.saturating_mul(n)
        }
        LLVMTypeKind::LLVMArrayTypeKind => {
            let n = array_length(ty).min(u32::MAX as u64) as u32;
            lanes(LLVMGetElementType(ty)).saturating_mul(n).saturating_mul(32)
        }
        LLVMTypeKind::LLVMStructTypeKind => {
            let n = LLVMCountStructElementTypes(ty);
            (0..n).map(|i| lanes(LLVMStructGetTypeAtIndex(ty, i)) * 32).sum()
        }
        _ => 0,
    }
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

/// `HashMap` keyed by LLVM pointers.
pub type PtrMap<K, V> = std::collections::HashMap<K, V, std::hash::BuildHasherDefault<PtrHasher>>;
/// `HashSet` of LLVM pointers.
pub type PtrSet<K> = std::collections::HashSet<K, std::hash::BuildHasherDefault<PtrHasher>>;

/// Appends `text` to a constant byte array global `name` placed in `section` (created if missing), and
/// keeps it alive through `@llvm.compiler.used` so no later pass drops it.
pub unsafe fn append_info_section(m: LLVMModuleRef, section: &str, name: &str, text: &str) {
    let ctx = LLVMGetModuleContext(m);
    let cname = std::ffi::CString::new(name).expect("no NUL");
    let mut bytes: Vec<u8> = Vec::new();
    // Every global in the section (a linked module holds one per module the pass ran on, renamed
    // `name.1`, ...): their lines of kernels this run does not write again are kept, in one global.
    let key = |l: &str| l.split_whitespace().next().map(str::to_string);
    let new_keys: Vec<Option<String>> = text.lines().map(key).collect();
    for (old, old_bytes) in info_sections(m, section) {
        let old_text = String::from_utf8_lossy(&old_bytes).into_owned();
        for l in old_text.lines().filter(|l| !l.is_empty() && !new_keys.contains(&key(l))) {
            bytes.extend_from_slice(l.as_bytes());
            bytes.push(b'\n');
        }
        // Replace the old global: drop it from llvm.compiler.used first.
        remove_from_compiler_used(m, old);
        LLVMDeleteGlobal(old);
    }
    bytes.extend_from_slice(text.as_bytes());
    let init = const_string(ctx, &bytes);
    let g = LLVMAddGlobal(m, LLVMTypeOf(init), cname.as_ptr());
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, crate::llvm_sys::LLVMLinkage::LLVMInternalLinkage);
    let csec = std::ffi::CString::new(section).expect("no NUL");
    LLVMSetSection(g, csec.as_ptr());
    LLVMSetAlignment(g, 1);
    add_to_compiler_used(m, g);
}

/// The globals in `section` whose initializer is a constant string, with its bytes.
pub unsafe fn info_sections(m: LLVMModuleRef, section: &str) -> Vec<(LLVMValueRef, Vec<u8>)> {
    let mut out = Vec::new();
    for g in globals(m) {
        let sec = LLVMGetSection(g);
        if sec.is_null() || std::ffi::CStr::from_ptr(sec).to_bytes() != section.as_bytes() {
            continue;
        }
        let init = LLVMGetInitializer(g);
        if init.is_null() || LLVMIsConstantString(init) == 0 {
            continue;
        }
        let mut len = 0usize;
        let p = LLVMGetAsString(init, &mut len);
        out.push((g, std::slice::from_raw_parts(p.cast::<u8>(), len).to_vec()));
    }
    out
}

unsafe fn compiler_used_elements(m: LLVMModuleRef) -> (LLVMValueRef, Vec<LLVMValueRef>) {
    let used = LLVMGetNamedGlobal(m, c"llvm.compiler.used".as_ptr());
    let mut elems = Vec::new();
    if !used.is_null() {
        let init = LLVMGetInitializer(used);
        if !init.is_null() {
            for i in 0..LLVMGetNumOperands(init).max(0) as u32 {
                elems.push(LLVMGetOperand(init, i));
            }
        }
    }
    (used, elems)
}

unsafe fn set_compiler_used(m: LLVMModuleRef, old: LLVMValueRef, elems: &mut [LLVMValueRef]) {
    if !old.is_null() {
        LLVMDeleteGlobal(old);
    }
    if elems.is_empty() {
        return;
    }
    let ctx = LLVMGetModuleContext(m);
    let ptr = LLVMPointerTypeInContext(ctx, 0);
    let arr = const_array(ptr, elems);
    let g = LLVMAddGlobal(m, LLVMTypeOf(arr), c"llvm.compiler.used".as_ptr());
    LLVMSetInitializer(g, arr);
    LLVMSetLinkage(g, crate::llvm_sys::LLVMLinkage::LLVMAppendingLinkage);
    LLVMSetSection(g, c"llvm.metadata".as_ptr());
}

unsafe fn add_to_compiler_used(m: LLVMModuleRef, g: LLVMValueRef) {
    let (old, mut elems) = compiler_used_elements(m);
    let ctx = LLVMGetModuleContext(m);
    // Entries are `ptr` in address space 0; an address-space-1 global needs a cast.
    let as0 = LLVMPointerTypeInContext(ctx, 0);
    let e = if LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 0 { g } else { LLVMConstAddrSpaceCast(g, as0) };
    elems.push(e);
    set_compiler_used(m, old, &mut elems);
}

unsafe fn remove_from_compiler_used(m: LLVMModuleRef, g: LLVMValueRef) {
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

// LLVM 15's C API lacks the 64-bit-length forms (LLVMGetArrayLength2 and LLVMConstArray2 came in 17,
// LLVMConstStringInContext2 in 19); these three pick the form the LLVM of this build has.

unsafe fn array_length(ty: LLVMTypeRef) -> u64 {
    #[cfg(feature = "llvm15")]
    return u64::from(LLVMGetArrayLength(ty));
    #[cfg(not(feature = "llvm15"))]
    return LLVMGetArrayLength2(ty);
}

unsafe fn const_string(ctx: LLVMContextRef, bytes: &[u8]) -> LLVMValueRef {
    #[cfg(feature = "llvm15")]
    return LLVMConstStringInContext(
        ctx,
        bytes.as_ptr().cast(),
        u32::try_from(bytes.len()).expect("section under 4 GiB"),
        1,
    );
    #[cfg(not(feature = "llvm15"))]
    return LLVMConstStringInContext2(ctx, bytes.as_ptr().cast(), bytes.len(), 1);
}

unsafe fn const_array(elem: LLVMTypeRef, elems: &mut [LLVMValueRef]) -> LLVMValueRef {
    #[cfg(feature = "llvm15")]
    return LLVMConstArray(elem, elems.as_mut_ptr(), u32::try_from(elems.len()).expect("under 4G elements"));
    #[cfg(not(feature = "llvm15"))]
    return LLVMConstArray2(elem, elems.as_mut_ptr(), elems.len() as u64);
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
