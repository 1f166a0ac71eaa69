//! An estimate of a kernel's peak register pressure from its IR, for when there are no records.
//!
//! Live SSA values at each instruction (classic backward liveness over the CFG, phi operands live out of
//! their incoming blocks), each costing its size in 32-bit lanes. Values that are provably the same in
//! every lane (uniform: kernel arguments, work-group ids, scalar loads from constant memory, arithmetic
//! on those) are counted as SGPRs; everything derived from the work-item id, from vector memory, or
//! joined under a divergent branch is counted as VGPRs. What the backend is known to do is modelled:
//! LDS loads (and the shuffles of what they loaded) and address arithmetic count from their first use,
//! where the scheduler moves them when registers are short; an address at an encodable offset from
//! another, and tile pointers built on one per-lane offset, share that register; two 16-bit loads share a
//! VGPR where d16 loads keep the other half; MFMA/WMMA fragments from LDS are charged one k-slice at a
//! time. It is an estimate: the backend's scheduler, rematerialization and folding move the real number
//! (and do not always reach the schedule modelled), which is why the pass says "estimated" and prefers
//! records. `docs/pass.md` gives its agreement with llc-22.

use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use wavebudget_model::targets::Generation;
use wavebudget_model::TargetId;

/// Estimated peak pressure of one function.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct Pressure {
    /// Peak vector registers (32-bit lanes of divergent values live at once).
    pub vgprs: u32,
    /// Peak scalar registers (uniform values and lane masks).
    pub sgprs: u32,
    /// Registers inline assembly names (`"~{v200}"`, `"={v[8:11]}"`): one past the highest VGPR,
    /// AGPR and SGPR index. The allocator cannot move or spill them, so they bound the count from below.
    pub asm: AsmRegisters,
}

/// Registers named by inline assembly in a function's constraint strings (0: none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct AsmRegisters {
    /// One past the highest `v` register named.
    pub vgprs: u32,
    /// One past the highest `a` register named.
    pub agprs: u32,
    /// One past the highest `s` register named.
    pub sgprs: u32,
}

impl AsmRegisters {
    /// Reads one constraint string (`"=v,~{v200},~{s[4:7]},{a3}"`).
    pub fn add_constraints(&mut self, constraints: &str) {
        for part in constraints.split(',') {
            let Some(inner) = part.split_once('{').and_then(|(_, r)| r.strip_suffix('}')) else { continue };
            let mut chars = inner.chars();
            let slot = match chars.next() {
                Some('v') => &mut self.vgprs,
                Some('a') => &mut self.agprs,
                Some('s') => &mut self.sgprs,
                _ => continue,
            };
            let rest = chars.as_str();
            // "200" or "[200:203]": the highest index counts.
            let last = match rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
                Some(range) => range.split_once(':').map(|(_, b)| b).unwrap_or(range),
                None => rest,
            };
            if let Ok(n) = last.trim().parse::<u32>() {
                *slot = (*slot).max(n.saturating_add(1));
            }
        }
    }
}

/// A value's cost: VGPR space in halves of a 32-bit lane (two 16-bit loads share one VGPR, loaded into
/// its low and high halves), SGPRs in lanes.
struct Val {
    vgpr_halves: u32,
    sgpr_lanes: u32,
}

fn is_uniform_intrinsic(name: &str) -> bool {
    const UNIFORM: &[&str] = &[
        "llvm.amdgcn.workgroup.id",
        "llvm.amdgcn.readfirstlane",
        "llvm.amdgcn.readlane",
        "llvm.amdgcn.s.",
        "llvm.amdgcn.dispatch.ptr",
        "llvm.amdgcn.kernarg.segment.ptr",
        "llvm.amdgcn.implicitarg.ptr",
        "llvm.amdgcn.queue.ptr",
        "llvm.amdgcn.dispatch.id",
        "llvm.amdgcn.ballot",
        "llvm.amdgcn.icmp",
        "llvm.amdgcn.fcmp",
    ];
    UNIFORM.iter().any(|p| name.starts_with(p))
}

fn is_divergent_source(name: &str) -> bool {
    const SOURCES: &[&str] = &[
        "llvm.amdgcn.workitem.id",
        "llvm.amdgcn.mbcnt",
        "llvm.amdgcn.ds.",
        "llvm.amdgcn.global.atomic",
        "llvm.amdgcn.raw.",
        "llvm.amdgcn.struct.",
        "llvm.amdgcn.image.",
        "llvm.amdgcn.buffer.",
        "llvm.amdgcn.mov.dpp",
        "llvm.amdgcn.update.dpp",
        "llvm.amdgcn.permlane",
        "llvm.amdgcn.global.load",
    ];
    SOURCES.iter().any(|p| name.starts_with(p))
}

/// A function's values, numbered: arguments, then every instruction with a result, by block.
struct Numbered {
    blocks: Vec<LLVMBasicBlockRef>,
    bindex: ir::PtrMap<LLVMBasicBlockRef, usize>,
    insts: Vec<Vec<LLVMValueRef>>,
    index: ir::PtrMap<LLVMValueRef, usize>,
    vals: Vec<LLVMValueRef>,
    /// The function stores to memory or calls something that may (a load from global memory may then
    /// differ between lanes' iterations).
    writes_memory: bool,
    /// Registers its inline assembly names.
    asm: AsmRegisters,
    /// The value each value's register is: itself, or for an address that is its base plus a constant
    /// the instructions encode (`gep i8, ptr addrspace(3) %p, i32 2048` used only as a load or store
    /// address), its base's. Such an address needs no register of its own: its uses keep the base live.
    /// A per-lane tile pointer's is its per-lane offset's (see `share_pointer_offsets`).
    rep: Vec<usize>,
    /// The value each value's register is directly (one step of `rep`), if not itself.
    direct: Vec<Option<usize>>,
    /// Divergent global pointers that are a uniform base plus per-lane offsets (one VGPR each under
    /// global `saddr`; see `share_pointer_offsets`).
    tile_pointer: Vec<bool>,
}

#[inline]
fn set(bs: &mut [u64], k: usize) {
    bs[k / 64] |= 1 << (k % 64);
}

#[inline]
fn get(bs: &[u64], k: usize) -> bool {
    bs[k / 64] >> (k % 64) & 1 == 1
}

/// Estimates the peak pressure of a defined function: number the values, find the divergent ones,
/// cost each in VGPR or SGPR lanes, compute liveness, and walk each block backwards for the peak.
///
/// The target decides what the backend can pack: two 16-bit loads share a VGPR where d16 loads keep the
/// other half (GFX9 on, except where SRAMECC is on or "any": LLVM's `d16PreservesUnusedBits`; a target id
/// with `sramecc-` packs).
///
/// # Safety
/// `f` must be a live function of a module no other thread is using.
pub unsafe fn estimate(f: LLVMValueRef, target: &TargetId) -> Pressure {
    let Some(mut fun) = Numbered::read(f) else { return Pressure::default() };
    let divergent = fun.divergence();
    fun.share_pointer_offsets(&divergent);
    let p = target.processor;
    let d16_packs = p.generation != Generation::Gfx8 && !(p.sramecc && target.sramecc != Some(false));
    let mut cost = fun.costs(&divergent, d16_packs);
    let fragments = fun.matrix_fragments(&mut cost);
    let live_out = fun.live_out();
    let mut peak = fun.peak(&cost, &live_out, &fragments);
    peak.asm = fun.asm;
    peak
}

impl Numbered {
    /// `None` for a declaration (no blocks).
    unsafe fn read(f: LLVMValueRef) -> Option<Numbered> {
        let blocks = ir::blocks(f);
        if blocks.is_empty() {
            return None;
        }
        let bindex: ir::PtrMap<LLVMBasicBlockRef, usize> = blocks.iter().enumerate().map(|(i, b)| (*b, i)).collect();
        let insts: Vec<Vec<LLVMValueRef>> = blocks.iter().map(|b| ir::instructions(*b)).collect();
        // Number the values: arguments, then every instruction with a result.
        let mut index: ir::PtrMap<LLVMValueRef, usize> = ir::PtrMap::default();
        let mut vals: Vec<LLVMValueRef> = Vec::new();
        for i in 0..LLVMCountParams(f) {
            let p = LLVMGetParam(f, i);
            index.insert(p, vals.len());
            vals.push(p);
        }
        let mut writes_memory = false;
        let mut asm = AsmRegisters::default();
        for bi in &insts {
            for &i in bi {
                if ir::is_call(i) {
                    let callee = LLVMGetCalledValue(i);
                    if !callee.is_null() && !LLVMIsAInlineAsm(callee).is_null() {
                        asm.add_constraints(&ir::inline_asm_constraints(callee));
                    }
                }
                match LLVMGetInstructionOpcode(i) {
                    LLVMOpcode::LLVMStore | LLVMOpcode::LLVMAtomicRMW | LLVMOpcode::LLVMAtomicCmpXchg => {
                        writes_memory = true
                    }
                    LLVMOpcode::LLVMCall | LLVMOpcode::LLVMInvoke => {
                        let intrinsic =
                            ir::called_function(i).map(|c| ir::name(c).starts_with("llvm.")).unwrap_or(false);
                        if !intrinsic {
                            writes_memory = true;
                        }
                    }
                    _ => {}
                }
                if LLVMGetTypeKind(LLVMTypeOf(i)) != crate::llvm_sys::LLVMTypeKind::LLVMVoidTypeKind {
                    index.insert(i, vals.len());
                    vals.push(i);
                }
            }
        }
        let direct: Vec<Option<usize>> =
            vals.iter().map(|&v| folded_address_base(v).and_then(|b| index.get(&b).copied())).collect();
        let rep = resolve(&direct);
        let tile_pointer = vec![false; vals.len()];
        Some(Numbered { blocks, bindex, insts, index, vals, writes_memory, asm, direct, rep, tile_pointer })
    }

    /// Which values differ between lanes, to a fixed point.
    unsafe fn divergence(&self) -> Vec<bool> {
        let (index, insts, n) = (&self.index, &self.insts, self.vals.len());
        // Divergence, to a fixed point (phis in loops see their back edges on the next round).
        let mut divergent = vec![false; n];
        let block_divergent_branch = |b: LLVMBasicBlockRef, div: &[bool]| -> bool {
            let t = LLVMGetBasicBlockTerminator(b);
            if t.is_null() {
                return false;
            }
            match LLVMGetInstructionOpcode(t) {
                LLVMOpcode::LLVMBr if LLVMIsConditional(t) != 0 => {
                    index.get(&LLVMGetCondition(t)).map(|&c| div[c]).unwrap_or(false)
                }
                LLVMOpcode::LLVMSwitch => index.get(&LLVMGetOperand(t, 0)).map(|&c| div[c]).unwrap_or(false),
                _ => false,
            }
        };
        for _round in 0..16 {
            let mut changed = false;
            for bi in insts.iter() {
                for &i in bi {
                    let Some(&vi) = index.get(&i) else { continue };
                    if divergent[vi] {
                        continue;
                    }
                    let any_op = |skip_last: bool| {
                        let n = LLVMGetNumOperands(i).max(0) as u32;
                        let end = if skip_last { n.saturating_sub(1) } else { n };
                        (0..end).any(|k| index.get(&LLVMGetOperand(i, k)).map(|&x| divergent[x]).unwrap_or(false))
                    };
                    let d = match LLVMGetInstructionOpcode(i) {
                        LLVMOpcode::LLVMCall | LLVMOpcode::LLVMInvoke => match ir::called_function(i) {
                            Some(c) => {
                                let name = ir::name(c);
                                if is_divergent_source(&name) {
                                    true
                                } else if is_uniform_intrinsic(&name) {
                                    false
                                } else if name.starts_with("llvm.") {
                                    any_op(true)
                                } else {
                                    true
                                }
                            }
                            None => true,
                        },
                        LLVMOpcode::LLVMLoad => {
                            let ptr = LLVMGetOperand(i, 0);
                            let addr_div = index.get(&ptr).map(|&x| divergent[x]).unwrap_or(false);
                            let space = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
                            addr_div
                                || match space {
                                    4 | 6 => false,
                                    0 | 1 => self.writes_memory,
                                    _ => true,
                                }
                        }
                        LLVMOpcode::LLVMAtomicRMW | LLVMOpcode::LLVMAtomicCmpXchg => true,
                        LLVMOpcode::LLVMPHI => {
                            let mut d = false;
                            for k in 0..LLVMCountIncoming(i) {
                                let v = LLVMGetIncomingValue(i, k);
                                d |= index.get(&v).map(|&x| divergent[x]).unwrap_or(false);
                                d |= block_divergent_branch(LLVMGetIncomingBlock(i, k), &divergent);
                            }
                            d
                        }
                        _ => any_op(false),
                    };
                    if d {
                        divergent[vi] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        divergent
    }

    /// Each value's cost in VGPR and SGPR lanes.
    unsafe fn costs(&self, divergent: &[bool], d16_packs: bool) -> Vec<Val> {
        let (index, vals, n) = (&self.index, &self.vals, self.vals.len());
        // Lanes each value really occupies: a splat is one element; a vector built by insertelement from
        // poison holds only the elements inserted so far.
        let mut lanes_of: Vec<u32> = Vec::with_capacity(n);
        for &v in vals.iter() {
            let ty = LLVMTypeOf(v);
            let full = ir::lanes(ty);
            let l = if LLVMIsAInstruction(v).is_null() {
                full
            } else {
                match LLVMGetInstructionOpcode(v) {
                    LLVMOpcode::LLVMShuffleVector => {
                        let m = LLVMGetNumMaskElements(v);
                        let undef = LLVMGetUndefMaskElem();
                        let first = (0..m).map(|k| LLVMGetMaskValue(v, k)).find(|&x| x != undef);
                        let splat = (0..m).all(|k| {
                            let x = LLVMGetMaskValue(v, k);
                            x == undef || Some(x) == first
                        });
                        if splat {
                            ir::lanes(LLVMGetElementType(ty))
                        } else {
                            full
                        }
                    }
                    LLVMOpcode::LLVMInsertElement => {
                        let base = LLVMGetOperand(v, 0);
                        let elem = ir::lanes(LLVMGetElementType(ty));
                        let before = if LLVMIsUndef(base) != 0 || !LLVMIsAPoisonValue(base).is_null() {
                            0
                        } else {
                            index.get(&base).map(|&b| lanes_of.get(b).copied().unwrap_or(full)).unwrap_or(full)
                        };
                        (before + elem).min(full)
                    }
                    _ => full,
                }
            };
            lanes_of.push(l);
        }
        vals.iter()
            .enumerate()
            .map(|(k, &v)| {
                let ty = LLVMTypeOf(v);
                let lanes = lanes_of[k];
                let is_mask = LLVMGetTypeKind(ty) == crate::llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind
                    && LLVMGetIntTypeWidth(ty) == 1;
                if is_mask {
                    Val { vgpr_halves: 0, sgpr_lanes: if divergent[k] { 2 } else { 1 } }
                } else if self.tile_pointer[k] {
                    // A global pointer that is a uniform base plus per-lane offsets: the backend addresses
                    // it as an SGPR pair plus a 32-bit VGPR offset (global saddr), one VGPR, not two.
                    Val { vgpr_halves: 2, sgpr_lanes: 0 }
                } else if divergent[k] && d16_packs && lanes == 1 && is_16_bit_load(v) {
                    // Two 16-bit loads share a VGPR (the d16 loads write its low or its high half).
                    Val { vgpr_halves: 1, sgpr_lanes: 0 }
                } else if divergent[k] {
                    Val { vgpr_halves: 2 * lanes, sgpr_lanes: 0 }
                } else {
                    Val { vgpr_halves: 0, sgpr_lanes: lanes }
                }
            })
            .collect()
    }

    /// Global pointers that are a uniform base plus one per-lane offset, through GEPs and phis (Triton's
    /// tile pointers, one per element a lane loads, each advanced by a uniform stride in the K loop):
    /// the backend keeps the uniform parts in SGPRs and the one offset in VGPRs, shared by every pointer
    /// built on it (loop strength reduction rewrites the phis as one induction variable), so each such
    /// pointer's register is its offset's.
    unsafe fn share_pointer_offsets(&mut self, divergent: &[bool]) {
        let mut changed = false;
        for k in 0..self.vals.len() {
            if !divergent[k] {
                continue;
            }
            let Some(walk) = self.offset_from_uniform_base(self.vals[k], divergent) else { continue };
            self.tile_pointer[k] = true;
            if self.direct[k].is_some() || !walk.strict {
                continue;
            }
            if let [offset] = walk.offsets[..] {
                if offset != k {
                    self.direct[k] = Some(offset);
                    changed = true;
                }
            }
        }
        if changed {
            self.rep = resolve(&self.direct);
        }
    }

    /// A 64-bit global pointer reached from a uniform pointer only through GEPs and phis (the shape of
    /// Triton's per-lane tile pointers advanced in a loop): `Some` with the divergent GEP indices on the
    /// way (the per-lane offsets), numbered and without repeats.
    unsafe fn offset_from_uniform_base(&self, v: LLVMValueRef, divergent: &[bool]) -> Option<PointerWalk> {
        let ty = LLVMTypeOf(v);
        if LLVMGetTypeKind(ty) != crate::llvm_sys::LLVMTypeKind::LLVMPointerTypeKind
            || LLVMGetPointerAddressSpace(ty) != 1
        {
            return None;
        }
        let uniform = |x: LLVMValueRef| self.index.get(&x).is_none_or(|&xi| !divergent[xi]);
        let mut stack = vec![v];
        let mut seen: ir::PtrSet<LLVMValueRef> = ir::PtrSet::default();
        let mut found_uniform = false;
        let mut walk = PointerWalk { offsets: Vec::new(), strict: true };
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            if uniform(x) {
                // A constant, a global, or a uniform value.
                found_uniform = true;
                continue;
            }
            if LLVMIsAInstruction(x).is_null() {
                return None;
            }
            match LLVMGetInstructionOpcode(x) {
                LLVMOpcode::LLVMGetElementPtr => {
                    let base = LLVMGetOperand(x, 0);
                    stack.push(base);
                    for o in ir::operands(x).skip(1) {
                        if let Some(&oi) = self.index.get(&o).filter(|&&oi| divergent[oi]) {
                            // The per-lane offset is added to a uniform base, not to a pointer that
                            // already has one (which would accumulate it).
                            walk.strict &= uniform(base);
                            if !walk.offsets.contains(&oi) {
                                walk.offsets.push(oi);
                            }
                        }
                    }
                }
                LLVMOpcode::LLVMPHI => {
                    for k in 0..LLVMCountIncoming(x) {
                        let inc = LLVMGetIncomingValue(x, k);
                        // A phi that joins the bare uniform base with an offset one is not base + offset.
                        walk.strict &= !uniform(inc);
                        stack.push(inc);
                    }
                }
                _ => return None,
            }
        }
        found_uniform.then_some(walk)
    }

    /// The numbered value whose register `v` is (see `rep`).
    fn slot(&self, v: LLVMValueRef) -> Option<usize> {
        self.index.get(&v).map(|&x| self.rep[x])
    }

    /// Live-out sets per block (bitsets over the numbered values).
    unsafe fn live_out(&self) -> Vec<Vec<u64>> {
        let (index, insts, blocks, bindex) = (&self.index, &self.insts, &self.blocks, &self.bindex);
        let n = self.vals.len();
        // Liveness with bitsets.
        let words = n.div_ceil(64);
        let nb = blocks.len();
        let mut uses = vec![vec![0u64; words]; nb];
        let mut defs = vec![vec![0u64; words]; nb];
        let mut phi_out = vec![vec![0u64; words]; nb]; // values phis in successors take from this block
        for (b, bi) in insts.iter().enumerate() {
            for &i in bi {
                if LLVMGetInstructionOpcode(i) == LLVMOpcode::LLVMPHI {
                    for k in 0..LLVMCountIncoming(i) {
                        let v = LLVMGetIncomingValue(i, k);
                        if let (Some(x), Some(&pb)) = (self.slot(v), bindex.get(&LLVMGetIncomingBlock(i, k))) {
                            set(&mut phi_out[pb], x);
                        }
                    }
                } else {
                    for o in ir::operands(i) {
                        if let Some(x) = self.slot(o) {
                            if !get(&defs[b], x) {
                                set(&mut uses[b], x);
                            }
                        }
                    }
                }
                if let Some(&x) = index.get(&i).filter(|&&x| self.rep[x] == x) {
                    set(&mut defs[b], x);
                }
            }
        }
        let succs: Vec<Vec<usize>> =
            blocks.iter().map(|b| ir::successors(*b).iter().filter_map(|s| bindex.get(s).copied()).collect()).collect();
        let phi_defs: Vec<Vec<u64>> =
            insts.iter().map(|bi| (0..words).map(|w| phi_defs_word(bi, index, w)).collect()).collect();
        let mut live_in = vec![vec![0u64; words]; nb];
        let mut live_out = vec![vec![0u64; words]; nb];
        loop {
            let mut changed = false;
            for b in (0..nb).rev() {
                let mut out = phi_out[b].clone();
                for &s in &succs[b] {
                    for w in 0..words {
                        // Phi results are defined at the top of s: not live into it from b.
                        out[w] |= live_in[s][w] & !phi_defs[s][w];
                    }
                }
                let mut inn = uses[b].clone();
                for w in 0..words {
                    inn[w] |= out[w] & !defs[b][w];
                }
                if out != live_out[b] || inn != live_in[b] {
                    live_out[b] = out;
                    live_in[b] = inn;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }

        live_out
    }

    /// LDS loads the backend's scheduler moves down to their first use when registers are short, with the
    /// shuffles that only rearrange what they loaded (`shufflevector`, `extractelement`, `insertelement`,
    /// `bitcast` of such values): each moves to just before its first user (or where that user moved),
    /// when all its users are later in its block and not phis, and for a load when nothing before that
    /// point may write memory (a store, a fence, a call that is not a pure arithmetic or matrix
    /// intrinsic). Per block, where each moves. (Triton's matmuls load every fragment of a K step from
    /// LDS before the first MFMA/WMMA; llc interleaves them, so counting them all live at once
    /// overstates the pressure.)
    ///
    /// Address arithmetic (`getelementptr`) moves the same way, when every register it reads is read
    /// again later anyway (Triton's epilogue builds all of a tile's store pointers from a few row and
    /// column offsets before the first store; llc forms each next to its store).
    unsafe fn sunk_lds_loads(&self, live_out: &[Vec<u64>]) -> Vec<ir::PtrMap<LLVMValueRef, usize>> {
        let mut out = Vec::with_capacity(self.insts.len());
        for (b, bi) in self.insts.iter().enumerate() {
            let pos: ir::PtrMap<LLVMValueRef, usize> = bi.iter().enumerate().map(|(k, &i)| (i, k)).collect();
            let chain = lds_chain(bi, &pos);
            let next_write = next_writes(bi);
            // A shuffle moves only with what it rearranges: if one of its chain operands stays (a store
            // in the way, an earlier user), moving it would keep that wider value live instead. Such a
            // shuffle is pinned, and the moves are worked out again until none is.
            let mut pinned = vec![false; bi.len()];
            let to = loop {
                let mut to: ir::PtrMap<LLVMValueRef, usize> = ir::PtrMap::default();
                for (k, &i) in bi.iter().enumerate().rev() {
                    if !chain[k] || pinned[k] {
                        continue;
                    }
                    let mut first = usize::MAX;
                    let mut ok = true;
                    for u in ir::users(i) {
                        match pos.get(&u) {
                            Some(&p) if p > k && LLVMGetInstructionOpcode(u) != LLVMOpcode::LLVMPHI => {
                                first = first.min(to.get(&u).copied().unwrap_or(p))
                            }
                            _ => ok = false,
                        }
                    }
                    if !ok || first == usize::MAX || first == k + 1 {
                        continue;
                    }
                    if LLVMGetInstructionOpcode(i) == LLVMOpcode::LLVMLoad && next_write[k + 1] < first {
                        continue;
                    }
                    to.insert(i, first);
                }
                let mut changed = false;
                for (&i, &t) in &to {
                    if LLVMGetInstructionOpcode(i) == LLVMOpcode::LLVMLoad {
                        continue;
                    }
                    let stays =
                        ir::operands(i).any(|o| pos.get(&o).is_some_and(|&p| chain[p] && to.get(&o) != Some(&t)));
                    if stays {
                        pinned[pos[&i]] = true;
                        changed = true;
                    }
                }
                if !changed {
                    break to;
                }
            };
            let mut to = to;
            self.sink_addresses(bi, &pos, &live_out[b], &mut to);
            out.push(to);
        }
        out
    }

    /// Adds to `to` the GEPs of block `bi` that move down to their first user: all users later in the
    /// block and not phis, the GEP its own register (not folded or shared), and each register it reads
    /// read again later (by a later instruction, or live out of the block), so that moving it lengthens
    /// a live range only past that register's last other use. Later GEPs first, so a chain of GEPs moves
    /// together.
    unsafe fn sink_addresses(
        &self,
        bi: &[LLVMValueRef],
        pos: &ir::PtrMap<LLVMValueRef, usize>,
        live_out: &[u64],
        to: &mut ir::PtrMap<LLVMValueRef, usize>,
    ) {
        let at = |u: LLVMValueRef, to: &ir::PtrMap<LLVMValueRef, usize>| to.get(&u).or(pos.get(&u)).copied();
        // The last position in the block that reads each register (where it stands in the IR: moves
        // only go down, so this is a lower bound).
        let mut last_read: ir::PtrMap<usize, usize> = ir::PtrMap::default();
        for (p, &i) in bi.iter().enumerate() {
            if LLVMGetInstructionOpcode(i) == LLVMOpcode::LLVMPHI {
                continue;
            }
            for o in ir::operands(i) {
                if let Some(r) = self.slot(o) {
                    last_read.insert(r, p);
                }
            }
        }
        for (k, &i) in bi.iter().enumerate().rev() {
            if LLVMGetInstructionOpcode(i) != LLVMOpcode::LLVMGetElementPtr || to.contains_key(&i) {
                continue;
            }
            if self.index.get(&i).is_none_or(|&x| self.rep[x] != x) {
                continue;
            }
            let mut first = usize::MAX;
            for u in ir::users(i) {
                match at(u, to) {
                    Some(p) if p > k && LLVMGetInstructionOpcode(u) != LLVMOpcode::LLVMPHI => first = first.min(p),
                    _ => first = 0,
                }
            }
            if first == usize::MAX || first <= k + 1 {
                continue;
            }
            let needed_later = ir::operands(i).all(|o| {
                let Some(r) = self.slot(o) else { return true };
                get(live_out, r) || last_read.get(&r).is_some_and(|&p| p > k)
            });
            if needed_later {
                to.insert(i, first);
            }
        }
    }

    /// The A and B fragments of a block's matrix ops, when the scheduler may order those ops to keep few
    /// of them live. Triton issues a K step's MFMA/WMMA ops tile by tile (every k of tile (m, n), then
    /// the next tile), so each fragment loaded from LDS is used across the whole step; llc runs them
    /// k-slice by k-slice (all ops at chain depth 0, then depth 1, ...) and loads the fragments of one
    /// side as it goes: at most min(a * A + B, b * B + A) fragment registers are live in a slice of a
    /// distinct A and b distinct B fragments. Such fragments (values made only from this block's LDS
    /// loads, used only as matrix operands, no memory write between the load and the last matrix op)
    /// are charged that bound over the span of the block's matrix ops instead of their own lanes, which
    /// this sets to zero in `cost`.
    unsafe fn matrix_fragments(&self, cost: &mut [Val]) -> Vec<Option<Fragments>> {
        let mut out = Vec::with_capacity(self.insts.len());
        for bi in &self.insts {
            let pos: ir::PtrMap<LLVMValueRef, usize> = bi.iter().enumerate().map(|(k, &i)| (i, k)).collect();
            let ops: Vec<usize> = (0..bi.len()).filter(|&k| is_matrix_op(bi[k])).collect();
            let (Some(&first), Some(&last)) = (ops.first(), ops.last()) else {
                out.push(None);
                continue;
            };
            let chain = lds_chain(bi, &pos);
            let next_write = next_writes(bi);
            // Fragments: chain values whose every user is a matrix op's A or B operand, or (for what
            // they are made of) another fragment; loads with no memory write before the last matrix op.
            let mut fragment = vec![false; bi.len()];
            for k in (0..bi.len()).rev() {
                let i = bi[k];
                if !chain[k] || self.index.get(&i).is_none_or(|&x| self.rep[x] != x) {
                    continue;
                }
                if LLVMGetInstructionOpcode(i) == LLVMOpcode::LLVMLoad && next_write[k + 1] <= last {
                    continue;
                }
                let users = ir::users(i);
                fragment[k] = !users.is_empty()
                    && users.iter().all(|&u| match pos.get(&u) {
                        Some(&p) if is_matrix_op(u) => {
                            p > k && ir::operands(u).enumerate().all(|(n, o)| o != i || n < 2)
                        }
                        Some(&p) => p > k && fragment[p],
                        None => false,
                    });
            }
            // A fragment is made only of fragments: one made of a load that stays where it is (a write
            // in the way) or of a value with other users is live from where it is made.
            loop {
                let mut changed = false;
                for k in 0..bi.len() {
                    if fragment[k]
                        && ir::operands(bi[k]).any(|o| pos.get(&o).is_some_and(|&p| chain[p] && !fragment[p]))
                    {
                        fragment[k] = false;
                        changed = true;
                    }
                }
                for k in (0..bi.len()).rev() {
                    if fragment[k]
                        && ir::users(bi[k])
                            .iter()
                            .any(|u| !is_matrix_op(*u) && pos.get(u).is_none_or(|&p| !fragment[p]))
                    {
                        fragment[k] = false;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            // Chain depth of each matrix op (0 when its accumulator is not another matrix op of this
            // block), and per depth the distinct fragments on each side with their size in halves.
            let mut depth: ir::PtrMap<LLVMValueRef, usize> = ir::PtrMap::default();
            let mut slices: Vec<[Vec<(usize, u32)>; 2]> = Vec::new();
            for &k in &ops {
                let i = bi[k];
                let d = depth.get(&LLVMGetOperand(i, 2)).map_or(0, |d| d + 1);
                depth.insert(i, d);
                if slices.len() <= d {
                    slices.resize_with(d + 1, Default::default);
                }
                for (side, seen) in (0u32..).zip(slices[d].iter_mut()) {
                    let o = LLVMGetOperand(i, side);
                    if let (Some(&p), Some(&x)) = (pos.get(&o), self.index.get(&o)) {
                        if fragment[p] && !seen.iter().any(|&(q, _)| q == p) {
                            seen.push((p, cost[x].vgpr_halves));
                        }
                    }
                }
            }
            let bound = slices
                .iter()
                .map(|[a, b]| {
                    let sum = |v: &[(usize, u32)]| v.iter().map(|&(_, c)| c).sum::<u32>();
                    let max = |v: &[(usize, u32)]| v.iter().map(|&(_, c)| c).max().unwrap_or(0);
                    match (a.is_empty(), b.is_empty()) {
                        (true, true) => 0,
                        // One side streams, one fragment at a time; the other side is counted as it is.
                        (false, true) => max(a),
                        (true, false) => max(b),
                        (false, false) => (sum(a) + max(b)).min(sum(b) + max(a)),
                    }
                })
                .max()
                .unwrap_or(0);
            for (k, &i) in bi.iter().enumerate() {
                if fragment[k] {
                    cost[self.index[&i]].vgpr_halves = 0;
                }
            }
            out.push(Some(Fragments { first, last, halves: bound }));
        }
        out
    }

    /// `i`'s operands are live above it: adds those not live yet to `live` and their lanes to `v`/`s`.
    unsafe fn use_operands(&self, i: LLVMValueRef, cost: &[Val], live: &mut [u64], v: &mut u32, s: &mut u32) {
        for o in ir::operands(i) {
            if let Some(x) = self.slot(o) {
                if !get(live, x) {
                    set(live, x);
                    *v += cost[x].vgpr_halves;
                    *s += cost[x].sgpr_lanes;
                }
            }
        }
    }

    /// Walks each block backwards from its live-out set and keeps the peak.
    unsafe fn peak(&self, cost: &[Val], live_out: &[Vec<u64>], fragments: &[Option<Fragments>]) -> Pressure {
        let (index, insts) = (&self.index, &self.insts);
        let sunk = self.sunk_lds_loads(live_out);
        let words = self.vals.len().div_ceil(64);
        let nb = self.blocks.len();
        // Walk each block backwards from its live-out set and keep the peak.
        let mut peak = Pressure::default();
        let mut live = vec![0u64; words];
        for b in 0..nb {
            live.copy_from_slice(&live_out[b]);
            let (mut v, mut s) = (0u32, 0u32);
            for (k, c) in cost.iter().enumerate() {
                if get(&live, k) {
                    v += c.vgpr_halves;
                    s += c.sgpr_lanes;
                }
            }
            let mut note = |v: u32, s: u32| {
                peak.vgprs = peak.vgprs.max(v.div_ceil(2));
                peak.sgprs = peak.sgprs.max(s);
            };

            note(v, s);
            // The moved values by where they move to, later ones first (the walk is backwards).
            let order: ir::PtrMap<LLVMValueRef, usize> = insts[b].iter().enumerate().map(|(k, &i)| (i, k)).collect();
            let mut arriving: Vec<(usize, LLVMValueRef)> = sunk[b].iter().map(|(&l, &p)| (p, l)).collect();
            arriving.sort_unstable_by_key(|&(p, l)| (std::cmp::Reverse(p), std::cmp::Reverse(order[&l])));
            let mut next = 0;
            for (k, &i) in insts[b].iter().enumerate().rev() {
                if sunk[b].contains_key(&i) {
                    // Accounted for where it moved to.
                    continue;
                }
                let is_phi = LLVMGetInstructionOpcode(i) == LLVMOpcode::LLVMPHI;
                if let Some(&x) = index.get(&i).filter(|&&x| self.rep[x] == x) {
                    if !get(&live, x) {
                        // Defined but dead right away: it still needs a register at its definition.
                        let extra = fragments[b].as_ref().map_or(0, |f| f.extra_at(k));
                        note(v + cost[x].vgpr_halves + extra, s + cost[x].sgpr_lanes);
                    } else if !is_phi {
                        live[x / 64] &= !(1 << (x % 64));
                        v -= cost[x].vgpr_halves;
                        s -= cost[x].sgpr_lanes;
                    }
                }
                if is_phi {
                    continue;
                }
                self.use_operands(i, cost, &mut live, &mut v, &mut s);
                let extra = fragments[b].as_ref().map_or(0, |f| f.extra_at(k));
                note(v + extra, s);
                // Loads moved to just before this instruction: defined here, their addresses live above.
                while next < arriving.len() && arriving[next].0 == k {
                    let l = arriving[next].1;
                    next += 1;
                    if let Some(x) = self.slot(l) {
                        if get(&live, x) {
                            live[x / 64] &= !(1 << (x % 64));
                            v -= cost[x].vgpr_halves;
                            s -= cost[x].sgpr_lanes;
                        }
                    }
                    self.use_operands(l, cost, &mut live, &mut v, &mut s);
                    note(v + fragments[b].as_ref().map_or(0, |f| f.extra_at(k)), s);
                }
            }
        }
        peak
    }
}

/// What `offset_from_uniform_base` found on the way from a pointer to its uniform base.
struct PointerWalk {
    /// The divergent GEP indices (numbered values), without repeats.
    offsets: Vec<usize>,
    /// Every such index is added to a uniform base, and no phi on the way joins a uniform value: the
    /// pointer is exactly a uniform base plus those offsets (plus uniform steps).
    strict: bool,
}

/// The fragment registers a block's matrix ops keep live (see `Numbered::matrix_fragments`).
struct Fragments {
    /// Positions of the block's first and last matrix op.
    first: usize,
    last: usize,
    /// Halves of a VGPR live for fragments between them.
    halves: u32,
}

impl Fragments {
    fn extra_at(&self, k: usize) -> u32 {
        if (self.first..=self.last).contains(&k) {
            self.halves
        } else {
            0
        }
    }
}

/// Which instructions of a block are values made only from its LDS loads (the loads, and shuffles,
/// element moves and bitcasts of them).
unsafe fn lds_chain(bi: &[LLVMValueRef], pos: &ir::PtrMap<LLVMValueRef, usize>) -> Vec<bool> {
    let mut chain = vec![false; bi.len()];
    for (k, &i) in bi.iter().enumerate() {
        chain[k] = match LLVMGetInstructionOpcode(i) {
            LLVMOpcode::LLVMLoad => {
                LLVMGetVolatile(i) == 0
                    && LLVMGetOrdering(i) == crate::llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
                    && LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(i, 0))) == 3
            }
            LLVMOpcode::LLVMShuffleVector
            | LLVMOpcode::LLVMExtractElement
            | LLVMOpcode::LLVMInsertElement
            | LLVMOpcode::LLVMBitCast => {
                let mut from_chain = false;
                let all = ir::operands(i).all(|o| {
                    if !LLVMIsAConstant(o).is_null() {
                        return true;
                    }
                    let c = pos.get(&o).is_some_and(|&p| chain[p]);
                    from_chain |= c;
                    c
                });
                all && from_chain
            }
            _ => false,
        };
    }
    chain
}

/// For each position of a block (and one past its end), the first instruction at or after it that may
/// write memory (the block's length if none).
unsafe fn next_writes(bi: &[LLVMValueRef]) -> Vec<usize> {
    let mut next_write = vec![bi.len(); bi.len() + 1];
    for k in (0..bi.len()).rev() {
        next_write[k] = if may_write_memory(bi[k]) { k } else { next_write[k + 1] };
    }
    next_write
}

/// The matrix multiply-accumulate intrinsics (by name prefix): pure, and the ops `is_matrix_op` reads.
const MATRIX: &[&str] = &["llvm.amdgcn.mfma", "llvm.amdgcn.wmma", "llvm.amdgcn.smfmac", "llvm.amdgcn.swmmac"];

/// A matrix multiply-accumulate intrinsic laid out as (A, B, C, ...): MFMA, WMMA and their sparse forms
/// whose operands 0 and 1 are the A and B fragments (vectors or floats, not the `i1` sign flags of the
/// integer WMMA forms) and operand 2 the accumulator, of the result's type.
unsafe fn is_matrix_op(i: LLVMValueRef) -> bool {
    if !ir::is_call(i)
        || !ir::called_function(i).is_some_and(|c| MATRIX.iter().any(|p| ir::name(c).starts_with(p)))
        || LLVMGetNumArgOperands(i) < 3
    {
        return false;
    }
    let fragment = |k: u32| {
        let t = LLVMTypeOf(LLVMGetOperand(i, k));
        ir::bits(t) > 1 && LLVMGetTypeKind(t) != crate::llvm_sys::LLVMTypeKind::LLVMPointerTypeKind
    };
    fragment(0) && fragment(1) && LLVMTypeOf(LLVMGetOperand(i, 2)) == LLVMTypeOf(i)
}

/// Whether an instruction may write memory or order it (a store, an atomic, a fence, a volatile or atomic
/// load, a call other than a pure arithmetic or matrix intrinsic): loads are not moved across it.
unsafe fn may_write_memory(i: LLVMValueRef) -> bool {
    const PURE: &[&str] = &[
        "llvm.fma.",
        "llvm.fmuladd.",
        "llvm.maxnum.",
        "llvm.minnum.",
        "llvm.exp2.",
        "llvm.fabs.",
        "llvm.smax.",
        "llvm.smin.",
        "llvm.umax.",
        "llvm.umin.",
        "llvm.amdgcn.workitem.id.",
        "llvm.amdgcn.workgroup.id.",
    ];
    match LLVMGetInstructionOpcode(i) {
        LLVMOpcode::LLVMStore | LLVMOpcode::LLVMAtomicRMW | LLVMOpcode::LLVMAtomicCmpXchg | LLVMOpcode::LLVMFence => {
            true
        }
        // Ordered loads order memory too.
        LLVMOpcode::LLVMLoad => {
            LLVMGetVolatile(i) != 0
                || LLVMGetOrdering(i) != crate::llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
        }
        LLVMOpcode::LLVMCall | LLVMOpcode::LLVMInvoke | LLVMOpcode::LLVMCallBr => {
            !ir::called_function(i).is_some_and(|c| MATRIX.iter().chain(PURE).any(|p| ir::name(c).starts_with(p)))
        }
        _ => false,
    }
}

/// Follows each value's chain of `direct` registers to its end (bounded: unreachable code may hold a GEP
/// of itself).
fn resolve(direct: &[Option<usize>]) -> Vec<usize> {
    (0..direct.len())
        .map(|k| {
            let mut r = k;
            for _ in 0..direct.len() {
                match direct[r] {
                    Some(b) if b != r => r = b,
                    _ => break,
                }
            }
            r
        })
        .collect()
}

/// A 16-bit value straight from a load (`half`, `i16`, `<1 x half>`, or a shuffle or bitcast that only
/// moves that one element) that goes into a vector of 16-bit elements. The d16 loads (gfx9 on) put it in
/// either half of a VGPR, and the backend loads two such values into one register when they end up in
/// one vector (Triton's tiles); a 16-bit value used on its own keeps a VGPR.
unsafe fn is_16_bit_load(v: LLVMValueRef) -> bool {
    let into_vector = ir::users(v).into_iter().any(|u| {
        matches!(LLVMGetInstructionOpcode(u), LLVMOpcode::LLVMShuffleVector | LLVMOpcode::LLVMInsertElement)
            && ir::bits(LLVMGetElementType(LLVMTypeOf(u))) == 16
    });
    if !into_vector {
        return false;
    }
    let mut x = v;
    for _ in 0..8 {
        if LLVMIsAInstruction(x).is_null() {
            return false;
        }
        match LLVMGetInstructionOpcode(x) {
            LLVMOpcode::LLVMLoad => {
                return ir::bits(LLVMTypeOf(x)) == 16
                    && LLVMGetVolatile(x) == 0
                    && LLVMGetOrdering(x) == crate::llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
            }
            LLVMOpcode::LLVMShuffleVector => {
                // Only element 0 of the first operand, once, the rest poison.
                let m = LLVMGetNumMaskElements(x);
                let undef = LLVMGetUndefMaskElem();
                let picked: Vec<i32> = (0..m).map(|k| LLVMGetMaskValue(x, k)).filter(|&e| e != undef).collect();
                if picked != [0] || ir::bits(LLVMTypeOf(LLVMGetOperand(x, 0))) != 16 {
                    return false;
                }
                x = LLVMGetOperand(x, 0);
            }
            LLVMOpcode::LLVMBitCast if ir::bits(LLVMTypeOf(x)) == 16 => x = LLVMGetOperand(x, 0),
            _ => return false,
        }
    }
    false
}

/// The base of an LDS or global address that is that base plus a constant byte offset the memory
/// instructions encode (ds_read/ds_write: 0..65535; global: -4096..4095), used only as the address of
/// loads and stores.
unsafe fn folded_address_base(v: LLVMValueRef) -> Option<LLVMValueRef> {
    if LLVMIsAInstruction(v).is_null() || LLVMGetInstructionOpcode(v) != LLVMOpcode::LLVMGetElementPtr {
        return None;
    }
    let ty = LLVMTypeOf(v);
    if LLVMGetTypeKind(ty) != crate::llvm_sys::LLVMTypeKind::LLVMPointerTypeKind || LLVMGetNumOperands(v) != 2 {
        return None;
    }
    let space = LLVMGetPointerAddressSpace(ty);
    let idx = LLVMGetOperand(v, 1);
    if LLVMIsAConstantInt(idx).is_null() {
        return None;
    }
    let elem_bits = ir::bits(LLVMGetGEPSourceElementType(v));
    if elem_bits == 0 || elem_bits % 8 != 0 {
        return None;
    }
    let offset = LLVMConstIntGetSExtValue(idx).checked_mul(i64::from(elem_bits / 8))?;
    let fits = match space {
        3 => (0..65536).contains(&offset),
        1 => (-4096..4096).contains(&offset),
        _ => false,
    };
    let only_addresses = ir::users(v).into_iter().all(|u| match LLVMGetInstructionOpcode(u) {
        LLVMOpcode::LLVMLoad => true,
        // The address of a store, not the value stored.
        LLVMOpcode::LLVMStore => LLVMGetOperand(u, 1) == v && LLVMGetOperand(u, 0) != v,
        _ => false,
    });
    (fits && only_addresses).then(|| LLVMGetOperand(v, 0))
}

/// The bits of `word` that are phi results of a block.
unsafe fn phi_defs_word(insts: &[LLVMValueRef], index: &ir::PtrMap<LLVMValueRef, usize>, word: usize) -> u64 {
    let mut m = 0u64;
    for &i in insts {
        if LLVMGetInstructionOpcode(i) != LLVMOpcode::LLVMPHI {
            break;
        }
        if let Some(&x) = index.get(&i) {
            if x / 64 == word {
                m |= 1 << (x % 64);
            }
        }
    }
    m
}
