//! A function as the estimate reads it: plain data, no LLVM handles. The pass's reader builds it from the
//! IR; the fuzz target builds it directly.

use crate::AsmRegisters;

/// A function's body: its arguments' types and its blocks, in LLVM's order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Function {
    /// Types of the arguments, values `0..args.len()`.
    pub args: Vec<Ty>,
    /// The blocks; block 0 is the entry.
    pub blocks: Vec<Block>,
    /// Registers its inline assembly names.
    pub asm: AsmRegisters,
}

/// A basic block.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Block {
    /// Its instructions, terminator last.
    pub insts: Vec<Inst>,
    /// Successor blocks (indices into [`Function::blocks`]), as the terminator lists them.
    pub succs: Vec<u32>,
}

/// One instruction. Values are numbered: the arguments, then every instruction with a result, block by
/// block in order ([`Operand::Value`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Inst {
    /// What it is, as far as the estimate cares.
    pub kind: Kind,
    /// For an instruction without side effects that the backend's CSE may merge with an identical one
    /// (arithmetic, compares, casts, GEPs, vector element moves, pure intrinsic calls): what besides its
    /// kind and operands makes it that instruction (LLVM's opcode, predicate, types, callee). `None`
    /// for anything else.
    pub cse: Option<CseKey>,
    /// The result's type; `None` for an instruction without one (`store`, `br`, a `void` call).
    pub ty: Option<Ty>,
    /// LLVM's operand list (a call's callee last; a phi's incoming values; a branch's condition first).
    pub operands: Vec<Operand>,
}

/// What makes two pure instructions with equal kinds and operands the same computation (see
/// [`Inst::cse`]): identities the reader gives, equal exactly when LLVM's are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CseKey {
    /// LLVM's opcode.
    pub opcode: u32,
    /// The result type.
    pub ty: u64,
    /// The compare predicate, a GEP's source element type, a call's callee, or for a load 1 where its
    /// memory cannot change (`!invariant.load`, constant memory) and 0 where it may (then only merged
    /// with an earlier load of its block with no write between) (0 if none).
    pub extra: u64,
}

/// An operand: a numbered value, a constant (including globals and functions), or anything else (a block,
/// inline assembly, metadata).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Operand {
    /// Argument or instruction result number `n`.
    Value(u32),
    /// A constant, numbered by identity (equal numbers: the same constant).
    Constant(u32),
    /// Neither.
    Other,
}

/// A first-class type as the backend holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ty {
    /// Bits (pointers by address space; sub-dword vector elements packed).
    pub bits: u32,
    /// Bits of one element of a vector (the type's own bits otherwise).
    pub elem_bits: u32,
    /// A lane mask: `i1`.
    pub mask: bool,
    /// A pointer's address space (not a vector of pointers).
    pub space: Option<u32>,
}

impl Ty {
    /// 32-bit register lanes.
    pub fn lanes(&self) -> u32 {
        self.bits.div_ceil(32)
    }

    /// 32-bit register lanes of one element.
    pub fn elem_lanes(&self) -> u32 {
        self.elem_bits.div_ceil(32)
    }

    /// A scalar type of `bits` that is not a pointer or a mask.
    pub fn int(bits: u32) -> Ty {
        Ty { bits, elem_bits: bits, mask: bits == 1, space: None }
    }
}

/// What an instruction is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Kind {
    /// A phi; `blocks[k]` is the block operand `k` comes from.
    Phi { blocks: Vec<u32> },
    /// A load from address space `space`; `simple` when neither volatile nor atomic.
    Load { space: u32, simple: bool },
    /// A store (operands: the value, the address) to address space `space`.
    Store { space: u32 },
    /// `atomicrmw` on address space `space`.
    AtomicRmw { space: u32 },
    /// `cmpxchg` on address space `space`.
    CmpXchg { space: u32 },
    /// `fence`.
    Fence,
    /// A call, invoke or callbr.
    Call(Call),
    /// A `getelementptr`; `offset` the constant byte offset when it has one constant integer index over
    /// an element type of whole bytes.
    Gep { offset: Option<i64> },
    /// `shufflevector`, its mask (`None`: an undefined element).
    ShuffleVector { mask: Vec<Option<i32>> },
    /// `insertelement`; `onto_undef` when the vector it inserts into is undef or poison.
    InsertElement { onto_undef: bool },
    /// `extractelement`.
    ExtractElement,
    /// `bitcast`.
    BitCast,
    /// `br`: conditional ones have the condition as operand 0.
    Br { conditional: bool },
    /// `switch`: the condition is operand 0.
    Switch,
    /// Anything else.
    Other,
}

/// A call's callee, as far as the estimate cares.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Call {
    /// The function called directly (through pointer casts); `None` for an indirect call or inline asm.
    pub callee: Option<String>,
    /// An MFMA/WMMA intrinsic ([`crate::MATRIX`]) laid out as (A, B, C, ...): A and B fragments that are
    /// not pointers or `i1`, C of the result's type.
    pub matrix: bool,
    /// `callbr` (not a call for divergence or for the function's memory writes).
    pub callbr: bool,
}

impl Call {
    /// A direct call of `name`.
    pub fn to(name: &str) -> Call {
        Call { callee: Some(name.to_string()), ..Call::default() }
    }
}
