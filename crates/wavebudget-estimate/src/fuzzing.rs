//! The estimate's liveness against a brute-force count, on small random CFGs: the fuzz target
//! (`fuzz/fuzz_targets/estimate_liveness.rs`) and `cargo test` (over many seeds) run [`check_liveness`].
//!
//! The function built from the bytes has only what the estimate counts as it is: every value is a
//! 32-bit result of a divergent intrinsic call or a phi of at least one such result (one VGPR each, none
//! folded, sunk or shared), operands and branch conditions drawn from all values (so uses need not be
//! dominated by their definitions, as in unreachable code), any edges between blocks. The oracle
//! ([`brute_force_peak`]) knows nothing of the estimate's dataflow: a value is live before an instruction
//! when some path from there reaches a use of it without passing its definition; the peak is the most
//! values live at any point, counting a value defined and never used at its definition.

use crate::data::{Block, Call, Function, Inst, Kind, Operand, Ty};

/// A divergent source: every call of it is a new per-lane value.
const SOURCE: &str = "llvm.amdgcn.workitem.id.x";

/// Reads bytes as a stream of small numbers (0 once they run out).
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn below(&mut self, n: usize) -> usize {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b as usize % n.max(1)
            }
            None => 0,
        }
    }
}

/// A random function of 1-6 blocks from `bytes` (see the module documentation).
pub fn random_function(bytes: &[u8]) -> Function {
    let mut r = Bytes(bytes);
    let nb = 1 + r.below(6);
    // Edges first; then per block its phis (none without a predecessor: a phi takes one value per
    // incoming edge) and calls; then the values are numbered (no arguments).
    let succs: Vec<Vec<u32>> = (0..nb).map(|_| (0..r.below(3)).map(|_| r.below(nb) as u32).collect()).collect();
    let preds: Vec<Vec<u32>> =
        (0..nb as u32).map(|b| (0..nb as u32).filter(|&p| succs[p as usize].contains(&b)).collect()).collect();
    let mut shapes: Vec<(usize, usize)> =
        (0..nb).map(|b| (if preds[b].is_empty() { 0 } else { r.below(3) }, r.below(5))).collect();
    if shapes.iter().all(|&(_, c)| c == 0) {
        // No call to make a phi divergent: no phis either.
        shapes.iter_mut().for_each(|s| s.0 = 0);
    }
    let total: usize = shapes.iter().map(|&(p, c)| p + c).sum::<usize>();
    let mut calls: Vec<u32> = Vec::new();
    let mut n = 0u32;
    for &(p, c) in &shapes {
        n += p as u32;
        calls.extend(n..n + c as u32);
        n += c as u32;
    }
    let value =
        |r: &mut Bytes<'_>| if total == 0 { Operand::Constant(0) } else { Operand::Value(r.below(total) as u32) };
    let i32_ty = Ty::int(32);
    let mut blocks: Vec<Block> = Vec::with_capacity(nb);
    for (b, &(phis, ncalls)) in shapes.iter().enumerate() {
        let mut insts = Vec::new();
        for _ in 0..phis {
            // One value per incoming edge, the first always a call's result (so the phi is divergent).
            let operands = (0..preds[b].len())
                .map(|k| if k == 0 { Operand::Value(calls[r.below(calls.len())]) } else { value(&mut r) })
                .collect();
            insts.push(Inst { kind: Kind::Phi { blocks: preds[b].clone() }, ty: Some(i32_ty), operands, cse: None });
        }
        for _ in 0..ncalls {
            let operands: Vec<Operand> = (0..r.below(3)).map(|_| value(&mut r)).chain([Operand::Constant(1)]).collect();
            insts.push(Inst { kind: Kind::Call(Call::to(SOURCE)), ty: Some(i32_ty), operands, cse: None });
        }
        let conditional = succs[b].len() == 2 && r.below(2) == 1;
        let mut operands = Vec::new();
        if conditional {
            operands.push(value(&mut r));
        }
        operands.extend(succs[b].iter().map(|_| Operand::Other));
        insts.push(Inst { kind: Kind::Br { conditional }, ty: None, operands, cse: None });
        blocks.push(Block { insts, succs: succs[b].clone() });
    }
    Function { args: Vec::new(), blocks, asm: Default::default() }
}

/// Where each value is defined: (block, position).
fn defs(f: &Function) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (b, block) in f.blocks.iter().enumerate() {
        for (k, inst) in block.insts.iter().enumerate() {
            if inst.ty.is_some() {
                out.push((b, k));
            }
        }
    }
    out
}

/// Whether value `x` (defined at `def`) is live just before instruction `k` of block `b` (`k` = the
/// block's length: at its end, after the terminator): some path from there reaches a use of `x` without
/// passing its definition. A phi uses its value at the end of the incoming block; phis are defined at
/// the top of their block.
fn live_at(f: &Function, x: usize, def: (usize, usize), b: usize, k: usize) -> bool {
    let me = Operand::Value(x as u32);
    let is_phi = |i: &Inst| matches!(i.kind, Kind::Phi { .. });
    // From position `k` of block `b` down: a use first means live, the definition first means not.
    let scan = |b: usize, from: usize| -> Option<bool> {
        for (j, inst) in f.blocks[b].insts.iter().enumerate().skip(from) {
            if !is_phi(inst) && inst.operands.contains(&me) {
                return Some(true);
            }
            if def == (b, j) {
                return Some(false);
            }
        }
        None
    };
    // At the end of block `b`: a phi of a successor takes `x` from `b`.
    let phi_use_from = |b: usize| {
        f.blocks[b].succs.iter().any(|&s| {
            f.blocks[s as usize].insts.iter().any(|i| match &i.kind {
                Kind::Phi { blocks } => i.operands.iter().zip(blocks).any(|(&o, &p)| o == me && p as usize == b),
                _ => false,
            })
        })
    };
    let mut seen = vec![false; f.blocks.len()];
    let mut stack = vec![(b, k)];
    while let Some((b, k)) = stack.pop() {
        match scan(b, k) {
            Some(live) if live => return true,
            Some(_) => continue,
            None => {}
        }
        if phi_use_from(b) {
            return true;
        }
        for &s in &f.blocks[b].succs {
            let s = s as usize;
            // Entering `s` at its top: a phi of `s` defining `x` ends the path.
            let first = f.blocks[s].insts.iter().take_while(|i| is_phi(i)).count();
            if def.0 == s && def.1 < first {
                continue;
            }
            if !seen[s] {
                seen[s] = true;
                stack.push((s, first));
            }
        }
    }
    false
}

/// The most values live at once, by [`live_at`] at every point the estimate looks at: each block's end,
/// before each non-phi instruction, and at each definition whose value is dead right after it (it still
/// needs a register there).
pub fn brute_force_peak(f: &Function) -> u32 {
    let defs = defs(f);
    let live = |b: usize, k: usize| (0..defs.len()).filter(|&x| live_at(f, x, defs[x], b, k)).count() as u32;
    let mut peak = 0;
    for (b, block) in f.blocks.iter().enumerate() {
        let n = block.insts.len();
        let first = block.insts.iter().take_while(|i| matches!(i.kind, Kind::Phi { .. })).count();
        peak = peak.max(live(b, n));
        for k in first..n {
            peak = peak.max(live(b, k));
        }
        for (x, &(db, dk)) in defs.iter().enumerate() {
            if db != b {
                continue;
            }
            // Right after its definition (a phi's: below the phis, where the block's code starts).
            let after = if dk < first { first } else { dk + 1 };
            let dead = !live_at(f, x, defs[x], b, after);
            if dead {
                peak = peak.max(live(b, after) + 1);
            }
        }
    }
    peak
}

/// Builds a function from `bytes` and checks the estimate's VGPR peak against [`brute_force_peak`]
/// (and no SGPRs: every value is divergent). Panics on a difference, as a fuzz finding.
pub fn check_liveness(bytes: &[u8]) {
    let f = random_function(bytes);
    let got = crate::analysis::estimate(&f, false, false).expect("a small function is never too large");
    let want = brute_force_peak(&f);
    assert_eq!((got.vgprs, got.sgprs), (want, 0), "estimate vs brute force on {f:#?}");
    let bound = crate::value_lanes(&f).expect("no matrix op or inline asm");
    assert!(got.vgprs <= bound, "estimate {} over the value bound {bound} on {f:#?}", got.vgprs);
}
