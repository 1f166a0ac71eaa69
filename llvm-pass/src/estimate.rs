//! The estimate of a kernel's peak register pressure (`wavebudget_estimate`, re-exported here), and the
//! reader that gives it a function's IR as plain data ([`Function`]), through the pass's safe IR layer
//! ([`crate::ir`]): no `unsafe` here.

#![forbid(unsafe_code)]

pub use wavebudget_estimate::*;

use crate::ir::{self, Block as IrBlock, Instruction, Opcode, Type, TypeKind, Value};
use wavebudget_estimate::data::{Block, Call, CseKey, Function, Inst, Kind, Operand, Ty};

/// `f`'s body as plain data; `None` for a declaration (no blocks).
pub fn read(f: Value) -> Option<Function> {
    let blocks = f.blocks();
    if blocks.is_empty() {
        return None;
    }
    let insts: Vec<Vec<Instruction>> = blocks.iter().map(|b| b.instructions()).collect();
    let params = f.params();
    let bindex: ir::PtrMap<IrBlock, u32> = (0u32..).zip(blocks.iter().copied()).map(|(i, b)| (b, i)).collect();
    // Number the values: arguments, then every instruction with a result.
    let mut index: ir::PtrMap<Value, u32> = ir::PtrMap::default();
    let mut next = 0u32;
    let mut args = Vec::with_capacity(params.len());
    for &p in &params {
        index.insert(p, next);
        next += 1;
        args.push(ty(p.ty()));
    }
    for &i in insts.iter().flatten() {
        if i.ty().kind() != TypeKind::LLVMVoidTypeKind {
            index.insert(i.value(), next);
            next += 1;
        }
    }
    let mut asm = AsmRegisters::default();
    let mut constants: ir::PtrMap<Value, u32> = ir::PtrMap::default();
    let mut out = Vec::with_capacity(blocks.len());
    for (b, bi) in blocks.iter().zip(&insts) {
        let mut block = Block { insts: Vec::with_capacity(bi.len()), succs: Vec::new() };
        for &i in bi {
            block.insts.push(inst(i, &index, &bindex, &mut constants, &mut asm));
        }
        block.succs = b.successors().iter().filter_map(|s| bindex.get(s).copied()).collect();
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
pub fn value_lanes_of(f: Value) -> Option<u32> {
    scan(f, true).lanes
}

/// What one walk over a function's instructions gives: [`value_lanes_of`]'s bound (when asked for) and
/// its calls (`facts::Lds` reads them for the static LDS a kernel reaches).
pub struct Scan {
    /// [`value_lanes_of`], when asked for.
    pub lanes: Option<u32>,
    /// The direct callees with a body (a declaration, an intrinsic mostly, reaches no LDS and calls
    /// nothing), in order, and whether it makes an indirect call (not inline asm).
    pub calls: (Vec<Value>, bool),
    /// It calls something other than an intrinsic: a function, a declaration, inline asm, or through a
    /// pointer (LLVM 15's LDS lowering gives such a kernel its module struct).
    pub calls_anything: bool,
    /// It has an `alloca` or calls a function (direct or not; not an intrinsic, not inline asm): what
    /// LLVM 15 and 19 give flat scratch init for (their "amdgpu-stack-objects" and "amdgpu-calls", which
    /// llc's kernel-features pass sets; llc-15 and 19 on a gfx900 kernel reserve 6 SGPRs with either and
    /// 4 with inline asm alone).
    pub stack_or_calls: bool,
    /// The direct callees that are only declared here and are not intrinsics (a `-fgpu-rdc` module before
    /// its device link), in order.
    pub declared: Vec<Value>,
}

/// One walk over `f`'s instructions for its calls and, with `lanes`, the lanes bound of [`value_lanes_of`]
/// (one walk where the plan needs both: the pass reads each kernel's calls for its static LDS).
pub fn scan(f: Value, lanes: bool) -> Scan {
    let mut bound = lanes.then_some(0u32);
    let mut callees = Vec::new();
    let mut indirect = false;
    let mut calls_anything = false;
    let mut stack_or_calls = false;
    let mut declared = Vec::new();
    // A declaration has no blocks: its arguments' lanes, and no calls.
    if let Some(n) = bound.as_mut() {
        for p in f.params() {
            *n += p.ty().lanes();
        }
    }
    for b in f.iter_blocks() {
        for i in b.iter_instructions() {
            if let Some(n) = bound.as_mut() {
                // A void value (a store, a branch) is 0 lanes.
                *n = n.saturating_add(i.ty().lanes());
            }
            if i.opcode() == Opcode::LLVMAlloca {
                stack_or_calls = true;
            }
            if !i.is_call() {
                continue;
            }
            match i.called_function() {
                Some(c) => {
                    calls_anything |= !c.name_starts_with(&["llvm."]);
                    stack_or_calls |= !c.name_starts_with(&["llvm."]);
                    if bound.is_some() && c.name_starts_with(MATRIX) {
                        bound = None;
                    }
                    if !c.is_declaration() {
                        callees.push(c);
                    } else if !c.name_starts_with(&["llvm."]) && !declared.contains(&c) {
                        declared.push(c);
                    }
                }
                None => {
                    calls_anything = true;
                    if i.called_value().is_some_and(Value::is_inline_asm) {
                        bound = None;
                    } else {
                        indirect = true;
                        stack_or_calls = true;
                    }
                }
            }
        }
    }
    Scan { lanes: bound, calls: (callees, indirect), calls_anything, stack_or_calls, declared }
}

/// A type as [`Ty`].
fn ty(t: Type) -> Ty {
    let bits = t.bits();
    let kind = t.kind();
    let vector = matches!(kind, TypeKind::LLVMVectorTypeKind | TypeKind::LLVMScalableVectorTypeKind);
    Ty {
        bits,
        elem_bits: if vector { t.element().map_or(0, Type::bits) } else { bits },
        mask: t.int_width() == Some(1),
        space: t.address_space(),
    }
}

/// One instruction, its inline asm's named registers added to `asm`, its constants numbered in
/// `constants` (LLVM uniques constants, so the same handle is the same constant).
fn inst(
    i: Instruction,
    index: &ir::PtrMap<Value, u32>,
    bindex: &ir::PtrMap<IrBlock, u32>,
    constants: &mut ir::PtrMap<Value, u32>,
    asm: &mut AsmRegisters,
) -> Inst {
    let operands = i
        .operands()
        .map(|o| match index.get(&o) {
            Some(&n) => Operand::Value(n),
            None if o.is_constant() => {
                let next = constants.len() as u32;
                Operand::Constant(*constants.entry(o).or_insert(next))
            }
            None => Operand::Other,
        })
        .collect();
    let t = i.ty();
    let result = (t.kind() != TypeKind::LLVMVoidTypeKind).then(|| ty(t));
    let kind = match i.opcode() {
        Opcode::LLVMPHI => Kind::Phi {
            blocks: i.incoming_blocks().iter().map(|b| bindex.get(b).copied().unwrap_or(u32::MAX)).collect(),
        },
        Opcode::LLVMLoad => Kind::Load {
            space: i.operand(0).and_then(|p| p.ty().address_space()).unwrap_or(0),
            simple: i.is_simple_memory_op(),
        },
        Opcode::LLVMStore => Kind::Store { space: i.operand(1).and_then(|p| p.ty().address_space()).unwrap_or(0) },
        Opcode::LLVMAtomicRMW => {
            Kind::AtomicRmw { space: i.operand(0).and_then(|p| p.ty().address_space()).unwrap_or(0) }
        }
        Opcode::LLVMAtomicCmpXchg => {
            Kind::CmpXchg { space: i.operand(0).and_then(|p| p.ty().address_space()).unwrap_or(0) }
        }
        Opcode::LLVMFence => Kind::Fence,
        op @ (Opcode::LLVMCall | Opcode::LLVMInvoke | Opcode::LLVMCallBr) => {
            if let Some(called) = i.called_value().filter(|c| c.is_inline_asm()) {
                asm.add_constraints(&called.inline_asm_constraints());
            }
            Kind::Call(Call {
                callee: i.called_function().map(Value::name),
                matrix: is_matrix_op(i),
                callbr: op == Opcode::LLVMCallBr,
            })
        }
        Opcode::LLVMGetElementPtr => Kind::Gep { offset: gep_offset(i) },
        Opcode::LLVMShuffleVector => Kind::ShuffleVector { mask: i.shuffle_mask() },
        Opcode::LLVMInsertElement => {
            Kind::InsertElement { onto_undef: i.operand(0).is_some_and(Value::is_undef_or_poison) }
        }
        Opcode::LLVMExtractElement => Kind::ExtractElement,
        Opcode::LLVMBitCast => Kind::BitCast,
        Opcode::LLVMBr => Kind::Br { conditional: i.is_conditional_branch() },
        Opcode::LLVMSwitch => Kind::Switch,
        _ => Kind::Other,
    };
    Inst { kind, ty: result, operands, cse: cse_key(i) }
}

/// What makes `i` the computation it is, for an instruction the backend's CSE may merge (see
/// [`Inst::cse`]); types and callees by their (uniqued) handles.
fn cse_key(i: Instruction) -> Option<CseKey> {
    use Opcode::*;
    let op = i.opcode();
    let extra = match op {
        LLVMAdd | LLVMFAdd | LLVMSub | LLVMFSub | LLVMMul | LLVMFMul | LLVMUDiv | LLVMSDiv | LLVMFDiv | LLVMURem
        | LLVMSRem | LLVMFRem | LLVMShl | LLVMLShr | LLVMAShr | LLVMAnd | LLVMOr | LLVMXor | LLVMFNeg | LLVMTrunc
        | LLVMZExt | LLVMSExt | LLVMFPToUI | LLVMFPToSI | LLVMUIToFP | LLVMSIToFP | LLVMFPTrunc | LLVMFPExt
        | LLVMPtrToInt | LLVMIntToPtr | LLVMBitCast | LLVMAddrSpaceCast | LLVMSelect | LLVMExtractElement
        | LLVMInsertElement | LLVMShuffleVector => 0,
        LLVMICmp | LLVMFCmp => i.cmp_predicate()?,
        LLVMGetElementPtr => i.gep_source_type()?.id(),
        // A load llc's EarlyCSE and MachineCSE may merge with an earlier one of the same address: always
        // where it cannot change (`!invariant.load`, the constant address space), else with no write
        // between them (the estimate asks that of `extra` 0).
        LLVMLoad if i.is_simple_memory_op() => {
            let constant = i.operand(0).and_then(|p| p.ty().address_space()) == Some(4);
            u64::from(constant || i.has_metadata("invariant.load"))
        }
        LLVMCall => {
            let callee = i.called_function()?;
            if !callee.name_starts_with(MATRIX) && !callee.name_starts_with(PURE) {
                return None;
            }
            callee.id()
        }
        _ => return None,
    };
    Some(CseKey { opcode: op as u32, ty: i.ty().id(), extra })
}

/// The constant byte offset of a GEP with one constant integer index over an element type of whole
/// bytes.
fn gep_offset(v: Instruction) -> Option<i64> {
    if v.operand_count() != 2 {
        return None;
    }
    let idx = v.operand(1)?.const_sext()?;
    let elem_bits = v.gep_source_type()?.bits();
    if elem_bits == 0 || elem_bits % 8 != 0 {
        return None;
    }
    idx.checked_mul(i64::from(elem_bits / 8))
}

/// A matrix multiply-accumulate intrinsic laid out as (A, B, C, ...): MFMA, WMMA and their sparse forms
/// whose operands 0 and 1 are the A and B fragments (vectors or floats, not the `i1` sign flags of the
/// integer WMMA forms) and operand 2 the accumulator, of the result's type.
fn is_matrix_op(i: Instruction) -> bool {
    if !i.called_function().is_some_and(|c| c.name_starts_with(MATRIX)) || i.arg_count() < 3 {
        return false;
    }
    let fragment = |k: u32| {
        i.operand(k).is_some_and(|o| {
            let t = o.ty();
            t.bits() > 1 && t.kind() != TypeKind::LLVMPointerTypeKind
        })
    };
    fragment(0) && fragment(1) && i.operand(2).is_some_and(|o| o.ty() == i.ty())
}
