//! The estimate of a kernel's peak register pressure (`wavebudget_estimate`, re-exported here), and the
//! reader that gives it a function's IR as plain data ([`Function`]): the only code of the estimate that
//! touches LLVM, and the only unsafe code.
//!
//! Every handle used here comes from the function given to [`read`], whose caller guarantees it is a
//! live function of a module no other thread uses while this runs; each `unsafe` block relies on that.
//! (`#![deny(unsafe_op_in_unsafe_fn)]`: every unsafe operation is in a block that says why it holds.)

#![deny(unsafe_op_in_unsafe_fn)]

pub use wavebudget_estimate::*;

use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMAtomicOrdering, LLVMOpcode, LLVMTypeKind};
use wavebudget_estimate::data::{Block, Call, CseKey, Function, Inst, Kind, Operand, Ty};

/// `f`'s body as plain data; `None` for a declaration (no blocks).
///
/// # Safety
/// `f` must be a live function of a module no other thread is using while this runs.
pub unsafe fn read(f: LLVMValueRef) -> Option<Function> {
    // SAFETY: `f` is live and unshared (this function's contract); the blocks and instructions listed are
    // its own, read before anything changes the module.
    let (blocks, insts, params) = unsafe {
        let blocks = ir::blocks(f);
        let insts: Vec<Vec<LLVMValueRef>> = blocks.iter().map(|b| ir::instructions(*b)).collect();
        let params: Vec<LLVMValueRef> = (0..LLVMCountParams(f)).map(|i| LLVMGetParam(f, i)).collect();
        (blocks, insts, params)
    };
    if blocks.is_empty() {
        return None;
    }
    let bindex: ir::PtrMap<LLVMBasicBlockRef, u32> =
        (0u32..).zip(blocks.iter().copied()).map(|(i, b)| (b, i)).collect();
    // Number the values: arguments, then every instruction with a result.
    let mut index: ir::PtrMap<LLVMValueRef, u32> = ir::PtrMap::default();
    let mut next = 0u32;
    let mut args = Vec::with_capacity(params.len());
    for &p in &params {
        index.insert(p, next);
        next += 1;
        // SAFETY: `p` is a parameter of `f`.
        args.push(unsafe { ty(LLVMTypeOf(p)) });
    }
    for &i in insts.iter().flatten() {
        // SAFETY: `i` is an instruction of `f`.
        if unsafe { LLVMGetTypeKind(LLVMTypeOf(i)) } != LLVMTypeKind::LLVMVoidTypeKind {
            index.insert(i, next);
            next += 1;
        }
    }
    let mut asm = AsmRegisters::default();
    let mut constants: ir::PtrMap<LLVMValueRef, u32> = ir::PtrMap::default();
    let mut out = Vec::with_capacity(blocks.len());
    for (b, bi) in blocks.iter().zip(&insts) {
        let mut block = Block { insts: Vec::with_capacity(bi.len()), succs: Vec::new() };
        for &i in bi {
            // SAFETY: `i` is an instruction of `f`; its operands, type and callee are `f`'s or constants.
            block.insts.push(unsafe { inst(i, &index, &bindex, &mut constants, &mut asm) });
        }
        // SAFETY: `b` is a block of `f`.
        block.succs = unsafe { ir::successors(*b) }.iter().filter_map(|s| bindex.get(s).copied()).collect();
        out.push(block);
    }
    Some(Function { args, blocks: out, asm })
}

/// [`value_lanes`] of `f` without reading its body into data: the lanes of its arguments' and results'
/// types (as [`read`] types them), or `None` where the bound does not hold (a
/// call of inline asm or of a matrix intrinsic, which the estimate counts beyond values; stricter than
/// [`value_lanes`], which looks at the asm's constraints and the intrinsic's operands). A walk over the
/// instructions with a few calls into LLVM each (type, opcode, next), where [`read`] and the estimate take
/// tens.
///
/// # Safety
/// `f` must be a live function of a module no other thread is using while this runs.
pub unsafe fn value_lanes_of(f: LLVMValueRef) -> Option<u32> {
    // SAFETY: the same contract.
    unsafe { scan(f, true).lanes }
}

/// What one walk over a function's instructions gives: [`value_lanes_of`]'s bound (when asked for) and
/// its calls (`facts::Lds` reads them for the static LDS a kernel reaches).
pub struct Scan {
    /// [`value_lanes_of`], when asked for.
    pub lanes: Option<u32>,
    /// The direct callees with a body (a declaration, an intrinsic mostly, reaches no LDS and calls
    /// nothing), in order, and whether it makes an indirect call (not inline asm).
    pub calls: (Vec<LLVMValueRef>, bool),
    /// It calls something other than an intrinsic: a function, a declaration, inline asm, or through a
    /// pointer (LLVM 15's LDS lowering gives such a kernel its module struct).
    pub calls_anything: bool,
    /// The direct callees that are only declared here and are not intrinsics (a `-fgpu-rdc` module before
    /// its device link), in order.
    pub declared: Vec<LLVMValueRef>,
}

/// One walk over `f`'s instructions for its calls and, with `lanes`, the lanes bound of [`value_lanes_of`]
/// (one walk where the plan needs both: the pass reads each kernel's calls for its static LDS).
///
/// # Safety
/// `f` must be a live function of a module no other thread is using while this runs.
pub unsafe fn scan(f: LLVMValueRef, lanes: bool) -> Scan {
    // SAFETY: `f` is live and unshared (this function's contract); its parameters, blocks, instructions,
    // their types and callees are live values and types of the same module.
    unsafe {
        let mut bound = lanes.then_some(0u32);
        let mut callees = Vec::new();
        let mut indirect = false;
        let mut calls_anything = false;
        let mut declared = Vec::new();
        // A declaration has no blocks: its arguments' lanes, and no calls.
        if let Some(n) = bound.as_mut() {
            for p in 0..LLVMCountParams(f) {
                *n += ir::lanes(LLVMTypeOf(LLVMGetParam(f, p)));
            }
        }
        let mut b = LLVMGetFirstBasicBlock(f);
        while !b.is_null() {
            let mut i = LLVMGetFirstInstruction(b);
            while !i.is_null() {
                if let Some(n) = bound.as_mut() {
                    // A void value (a store, a branch) is 0 lanes.
                    *n = n.saturating_add(ir::lanes(LLVMTypeOf(i)));
                }
                if ir::is_call(i) {
                    match ir::called_function(i) {
                        Some(c) => {
                            calls_anything |= !ir::name_starts_with(c, &["llvm."]);
                            if bound.is_some() && ir::name_starts_with(c, MATRIX) {
                                bound = None;
                            }
                            if LLVMIsDeclaration(c) == 0 {
                                callees.push(c);
                            } else if !ir::name_starts_with(c, &["llvm."]) && !declared.contains(&c) {
                                declared.push(c);
                            }
                        }
                        None => {
                            calls_anything = true;
                            let called = LLVMGetCalledValue(i);
                            if !called.is_null() && !LLVMIsAInlineAsm(called).is_null() {
                                bound = None;
                            } else {
                                indirect = true;
                            }
                        }
                    }
                }
                i = LLVMGetNextInstruction(i);
            }
            b = LLVMGetNextBasicBlock(b);
        }
        Scan { lanes: bound, calls: (callees, indirect), calls_anything, declared }
    }
}

/// A type as [`Ty`].
///
/// # Safety
/// `t` must be a live type.
unsafe fn ty(t: LLVMTypeRef) -> Ty {
    // SAFETY: `t` is live (the contract); element types of vectors are too.
    unsafe {
        let bits = ir::bits(t);
        let kind = LLVMGetTypeKind(t);
        let vector = matches!(kind, LLVMTypeKind::LLVMVectorTypeKind | LLVMTypeKind::LLVMScalableVectorTypeKind);
        Ty {
            bits,
            elem_bits: if vector { ir::bits(LLVMGetElementType(t)) } else { bits },
            mask: kind == LLVMTypeKind::LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 1,
            space: (kind == LLVMTypeKind::LLVMPointerTypeKind).then(|| LLVMGetPointerAddressSpace(t)),
        }
    }
}

/// One instruction, its inline asm's named registers added to `asm`, its constants numbered in
/// `constants` (LLVM uniques constants, so the same handle is the same constant).
///
/// # Safety
/// `i` must be a live instruction of the function `index` and `bindex` number.
unsafe fn inst(
    i: LLVMValueRef,
    index: &ir::PtrMap<LLVMValueRef, u32>,
    bindex: &ir::PtrMap<LLVMBasicBlockRef, u32>,
    constants: &mut ir::PtrMap<LLVMValueRef, u32>,
    asm: &mut AsmRegisters,
) -> Inst {
    // SAFETY: `i` is live (the contract): its operands, incoming blocks, type, mask and callee are live
    // values, blocks and types of the same module.
    unsafe {
        let operands = ir::operands(i)
            .map(|o| match index.get(&o) {
                Some(&n) => Operand::Value(n),
                None if !LLVMIsAConstant(o).is_null() => {
                    let next = constants.len() as u32;
                    Operand::Constant(*constants.entry(o).or_insert(next))
                }
                None => Operand::Other,
            })
            .collect();
        let t = LLVMTypeOf(i);
        let result = (LLVMGetTypeKind(t) != LLVMTypeKind::LLVMVoidTypeKind).then(|| ty(t));
        let simple = |l: LLVMValueRef| {
            LLVMGetVolatile(l) == 0 && LLVMGetOrdering(l) == LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
        };
        let kind = match LLVMGetInstructionOpcode(i) {
            LLVMOpcode::LLVMPHI => Kind::Phi {
                blocks: (0..LLVMCountIncoming(i))
                    .map(|k| bindex.get(&LLVMGetIncomingBlock(i, k)).copied().unwrap_or(u32::MAX))
                    .collect(),
            },
            LLVMOpcode::LLVMLoad => {
                Kind::Load { space: LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(i, 0))), simple: simple(i) }
            }
            LLVMOpcode::LLVMStore => Kind::Store,
            LLVMOpcode::LLVMAtomicRMW => Kind::AtomicRmw,
            LLVMOpcode::LLVMAtomicCmpXchg => Kind::CmpXchg,
            LLVMOpcode::LLVMFence => Kind::Fence,
            op @ (LLVMOpcode::LLVMCall | LLVMOpcode::LLVMInvoke | LLVMOpcode::LLVMCallBr) => {
                let called = LLVMGetCalledValue(i);
                if !called.is_null() && !LLVMIsAInlineAsm(called).is_null() {
                    asm.add_constraints(&ir::inline_asm_constraints(called));
                }
                Kind::Call(Call {
                    callee: ir::called_function(i).map(|c| ir::name(c)),
                    matrix: is_matrix_op(i),
                    callbr: op == LLVMOpcode::LLVMCallBr,
                })
            }
            LLVMOpcode::LLVMGetElementPtr => Kind::Gep { offset: gep_offset(i) },
            LLVMOpcode::LLVMShuffleVector => {
                let undef = LLVMGetUndefMaskElem();
                Kind::ShuffleVector {
                    mask: (0..LLVMGetNumMaskElements(i))
                        .map(|k| Some(LLVMGetMaskValue(i, k)).filter(|&x| x != undef))
                        .collect(),
                }
            }
            LLVMOpcode::LLVMInsertElement => {
                let base = LLVMGetOperand(i, 0);
                Kind::InsertElement { onto_undef: LLVMIsUndef(base) != 0 || !LLVMIsAPoisonValue(base).is_null() }
            }
            LLVMOpcode::LLVMExtractElement => Kind::ExtractElement,
            LLVMOpcode::LLVMBitCast => Kind::BitCast,
            LLVMOpcode::LLVMBr => Kind::Br { conditional: LLVMIsConditional(i) != 0 },
            LLVMOpcode::LLVMSwitch => Kind::Switch,
            _ => Kind::Other,
        };
        Inst { kind, ty: result, operands, cse: cse_key(i) }
    }
}

/// What makes `i` the computation it is, for an instruction the backend's CSE may merge (see
/// [`Inst::cse`]); types and callees by their (uniqued) handles.
///
/// # Safety
/// `i` must be a live instruction.
unsafe fn cse_key(i: LLVMValueRef) -> Option<CseKey> {
    use LLVMOpcode::*;
    // SAFETY: `i` is live (the contract); its type, predicate, source type and callee are live.
    unsafe {
        let op = LLVMGetInstructionOpcode(i);
        let extra = match op {
            LLVMAdd | LLVMFAdd | LLVMSub | LLVMFSub | LLVMMul | LLVMFMul | LLVMUDiv | LLVMSDiv | LLVMFDiv
            | LLVMURem | LLVMSRem | LLVMFRem | LLVMShl | LLVMLShr | LLVMAShr | LLVMAnd | LLVMOr | LLVMXor
            | LLVMFNeg | LLVMTrunc | LLVMZExt | LLVMSExt | LLVMFPToUI | LLVMFPToSI | LLVMUIToFP | LLVMSIToFP
            | LLVMFPTrunc | LLVMFPExt | LLVMPtrToInt | LLVMIntToPtr | LLVMBitCast | LLVMAddrSpaceCast | LLVMSelect
            | LLVMExtractElement | LLVMInsertElement | LLVMShuffleVector => 0,
            LLVMICmp => LLVMGetICmpPredicate(i) as u64,
            LLVMFCmp => LLVMGetFCmpPredicate(i) as u64,
            LLVMGetElementPtr => LLVMGetGEPSourceElementType(i) as usize as u64,
            LLVMCall => {
                let callee = ir::called_function(i)?;
                if !ir::name_starts_with(callee, MATRIX) && !ir::name_starts_with(callee, PURE) {
                    return None;
                }
                callee as usize as u64
            }
            _ => return None,
        };
        Some(CseKey { opcode: op as u32, ty: LLVMTypeOf(i) as usize as u64, extra })
    }
}

/// The constant byte offset of a GEP with one constant integer index over an element type of whole
/// bytes.
///
/// # Safety
/// `v` must be a live `getelementptr`.
unsafe fn gep_offset(v: LLVMValueRef) -> Option<i64> {
    // SAFETY: `v` is a live GEP (the contract); its operands and source element type are live.
    unsafe {
        if LLVMGetNumOperands(v) != 2 {
            return None;
        }
        let idx = LLVMGetOperand(v, 1);
        if LLVMIsAConstantInt(idx).is_null() {
            return None;
        }
        let elem_bits = ir::bits(LLVMGetGEPSourceElementType(v));
        if elem_bits == 0 || elem_bits % 8 != 0 {
            return None;
        }
        LLVMConstIntGetSExtValue(idx).checked_mul(i64::from(elem_bits / 8))
    }
}

/// A matrix multiply-accumulate intrinsic laid out as (A, B, C, ...): MFMA, WMMA and their sparse forms
/// whose operands 0 and 1 are the A and B fragments (vectors or floats, not the `i1` sign flags of the
/// integer WMMA forms) and operand 2 the accumulator, of the result's type.
///
/// # Safety
/// `i` must be a live call.
unsafe fn is_matrix_op(i: LLVMValueRef) -> bool {
    // SAFETY: `i` is a live call (the contract); its operands and their types are live.
    unsafe {
        if !ir::called_function(i).is_some_and(|c| ir::name_starts_with(c, MATRIX)) || LLVMGetNumArgOperands(i) < 3 {
            return false;
        }
        let fragment = |k: u32| {
            let t = LLVMTypeOf(LLVMGetOperand(i, k));
            ir::bits(t) > 1 && LLVMGetTypeKind(t) != LLVMTypeKind::LLVMPointerTypeKind
        };
        fragment(0) && fragment(1) && LLVMTypeOf(LLVMGetOperand(i, 2)) == LLVMTypeOf(i)
    }
}
