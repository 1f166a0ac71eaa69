//! An estimate of a kernel's peak register pressure from its IR, for when there are no records.
//!
//! Live SSA values at each instruction (backward liveness over the CFG, phi operands live out of their
//! incoming blocks), each costing its size in 32-bit lanes. Values that are provably the same in every
//! lane (uniform: kernel arguments, work-group ids, scalar loads from constant memory, arithmetic on
//! those) are counted as SGPRs; everything derived from the work-item id, from vector memory, or joined
//! under a divergent branch is counted as VGPRs. What the backend is known to do is modelled: LDS loads
//! (and the shuffles of what they loaded) and address arithmetic count from their first use, where the
//! scheduler moves them when registers are short; an address at an encodable offset from another, and
//! tile pointers built on one per-lane offset, share that register; two 16-bit loads share a VGPR where
//! d16 loads keep the other half; MFMA/WMMA fragments from LDS are charged one k-slice at a time. It is an
//! estimate: the backend's scheduler, rematerialization and folding move the real number (and do not
//! always reach the schedule modelled), which is why the pass says "estimated" and prefers records.
//! `docs/pass.md` gives its agreement with llc.
//!
//! Two parts: the pass (`llvm-pass/src/estimate.rs`) reads the IR into plain data ([`data::Function`];
//! the only unsafe code of the estimate), and [`estimate()`] here is a pure function of that data, with
//! fixture tests (`tests/estimate/` at the top, through the real reader) and a fuzz target whose oracle is
//! a brute-force liveness count ([`fuzzing`], `fuzz/fuzz_targets/estimate_liveness.rs`).

#![forbid(unsafe_code)]

pub(crate) mod analysis;
pub mod data;
pub mod fuzzing;

pub use analysis::MAX_LIVE_PAIRS;

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

/// A function too large to estimate in bounded memory: its liveness needs more than `limit` live
/// (value, block) pairs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// Values (arguments and instruction results).
    pub values: usize,
    /// Basic blocks.
    pub blocks: usize,
    /// The pairs the estimate may hold ([`MAX_LIVE_PAIRS`]).
    pub limit: usize,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "too large to estimate in bounded memory ({} values across {} blocks need over {} live value-block pairs)",
            self.values, self.blocks, self.limit
        )
    }
}

/// The matrix multiply-accumulate intrinsics (by name prefix): pure, and the ops the reader marks
/// [`data::Call::matrix`].
pub const MATRIX: &[&str] = &["llvm.amdgcn.mfma", "llvm.amdgcn.wmma", "llvm.amdgcn.smfmac", "llvm.amdgcn.swmmac"];

/// Intrinsics (by name prefix) that neither read nor write memory: loads move across them, and the
/// backend's CSE merges identical calls.
pub const PURE: &[&str] = &[
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

/// Intrinsics (by name prefix) that write no memory, besides [`PURE`] and [`MATRIX`]: a uniform global
/// load after one of them is still unclobbered (checked with llc-22: a barrier lets a later load stay
/// scalar; `s.sleep`, `s.waitcnt` and `s.setprio`, which have side effects, do not, and are not here).
/// Any other call (another `llvm.` intrinsic, `llvm.memset`, a buffer store, a function, inline asm, an
/// indirect call) is taken as a write, as LLVM's clobber walk does for what may write.
pub const WRITES_NO_MEMORY: &[&str] = &[
    "llvm.amdgcn.s.barrier",
    "llvm.amdgcn.wave.barrier",
    "llvm.amdgcn.sched.",
    "llvm.amdgcn.readfirstlane",
    "llvm.amdgcn.readlane",
    "llvm.amdgcn.writelane",
    "llvm.amdgcn.mbcnt.",
    "llvm.amdgcn.ballot.",
    "llvm.amdgcn.ds.bpermute",
    "llvm.amdgcn.ds.permute",
    "llvm.amdgcn.ds.swizzle",
    "llvm.amdgcn.update.dpp",
    "llvm.amdgcn.mov.dpp",
    "llvm.amdgcn.permlane",
    "llvm.amdgcn.kernarg.segment.ptr",
    "llvm.amdgcn.implicitarg.ptr",
    "llvm.amdgcn.dispatch.ptr",
    "llvm.amdgcn.rcp.",
    "llvm.amdgcn.rsq.",
    "llvm.amdgcn.exp2.",
    "llvm.amdgcn.log.",
    "llvm.amdgcn.fdot",
    "llvm.amdgcn.sdot",
    "llvm.amdgcn.udot",
    "llvm.amdgcn.cvt.",
    "llvm.lifetime.",
    "llvm.assume",
    "llvm.dbg.",
    "llvm.sqrt.",
    "llvm.exp.",
    "llvm.log.",
    "llvm.log2.",
    "llvm.sin.",
    "llvm.cos.",
    "llvm.floor.",
    "llvm.ceil.",
    "llvm.trunc.",
    "llvm.round.",
    "llvm.rint.",
    "llvm.copysign.",
    "llvm.minimum.",
    "llvm.maximum.",
    "llvm.abs.",
    "llvm.ctpop.",
    "llvm.ctlz.",
    "llvm.cttz.",
    "llvm.fshl.",
    "llvm.fshr.",
];

/// Whether a call of `callee` (`None`: an indirect call or inline asm) may write memory.
pub fn call_writes_memory(callee: Option<&str>) -> bool {
    callee.is_none_or(|name| {
        ![PURE, MATRIX, WRITES_NO_MEMORY].iter().any(|list| list.iter().any(|p| name.starts_with(p)))
    })
}

/// Whether two 16-bit loads share a VGPR on `target`: LLVM's d16 loads keep the other half from GFX9 on,
/// except where SRAMECC is on or "any" (`d16PreservesUnusedBits`; a target id with `sramecc-` packs).
pub fn d16_packs(target: &TargetId) -> bool {
    let p = target.processor;
    p.generation != Generation::Gfx8 && !(p.sramecc && target.sramecc != Some(false))
}

/// The peak pressure of `f` on `target` (see the module documentation).
pub fn estimate(f: &data::Function, target: &TargetId) -> Result<Pressure, TooLarge> {
    analysis::estimate(f, d16_packs(target), scalar_sub_dword_loads(target))
}

/// Whether `target` loads a uniform value of less than a dword from memory into SGPRs (`s_load_u8`,
/// `s_load_i16`...: GFX12 on, llc-22 on gfx1200); elsewhere such a load is a vector load.
pub fn scalar_sub_dword_loads(target: &TargetId) -> bool {
    matches!(target.processor.generation, Generation::Gfx12 | Generation::Gfx12_5)
}

/// Whether `f`'s control flow is irreducible: a cycle entered at more than one block (a retreating edge of
/// a depth-first walk from the entry whose target does not dominate its source). The estimate's liveness
/// is over the IR's CFG as it is; llc first makes such a CFG structured (duplicating blocks, adding flow
/// blocks and the registers that carry which way to go), so its registers are not the estimate's, and the
/// pass makes no spill check from it. Blocks the entry does not reach are left out, as llc drops them.
pub fn irreducible(f: &data::Function) -> bool {
    let n = f.blocks.len();
    if n == 0 {
        return false;
    }
    // Depth-first order from the entry, iteratively (a function may have many blocks).
    let succs = |b: usize| f.blocks[b].succs.iter().map(|&s| s as usize).filter(move |&s| s < n);
    let mut order = Vec::with_capacity(n); // reverse postorder, built reversed
    let mut state = vec![0u8; n]; // 0 unseen, 1 on the stack, 2 done
    let mut retreating: Vec<(usize, usize)> = Vec::new();
    let mut stack: Vec<(usize, Vec<usize>)> = vec![(0, succs(0).collect())];
    state[0] = 1;
    while let Some((b, rest)) = stack.last_mut() {
        let b = *b;
        match rest.pop() {
            Some(s) => match state[s] {
                0 => {
                    state[s] = 1;
                    let next: Vec<usize> = succs(s).collect();
                    stack.push((s, next));
                }
                1 => retreating.push((b, s)),
                _ => {}
            },
            None => {
                state[b] = 2;
                order.push(b);
                stack.pop();
            }
        }
    }
    if retreating.is_empty() {
        return false;
    }
    order.reverse();
    // Dominators (Cooper, Harvey and Kennedy's iteration over reverse postorder).
    let mut rpo = vec![usize::MAX; n];
    for (i, &b) in order.iter().enumerate() {
        rpo[b] = i;
    }
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &b in &order {
        for s in succs(b) {
            preds[s].push(b);
        }
    }
    let mut idom = vec![usize::MAX; n];
    idom[0] = 0;
    let intersect = |idom: &[usize], mut a: usize, mut b: usize| {
        while a != b {
            while rpo[a] > rpo[b] {
                a = idom[a];
            }
            while rpo[b] > rpo[a] {
                b = idom[b];
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().skip(1) {
            let mut new = usize::MAX;
            for &p in &preds[b] {
                if idom[p] == usize::MAX {
                    continue;
                }
                new = if new == usize::MAX { p } else { intersect(&idom, p, new) };
            }
            if new != usize::MAX && idom[b] != new {
                idom[b] = new;
                changed = true;
            }
        }
    }
    let dominates = |a: usize, mut b: usize| loop {
        if a == b {
            return true;
        }
        if b == 0 || idom[b] == usize::MAX {
            return false;
        }
        b = idom[b];
    };
    retreating.iter().any(|&(from, to)| !dominates(to, from))
}

/// The most VGPRs [`estimate`] can give `f` on any target: every argument and result in registers of its
/// own at once, each the lanes of its type (the estimate costs a value at most that, and counts each live
/// value once). `None` where the estimate adds registers that are not values: matrix ops' fragments and
/// registers inline assembly names. A kernel whose bound fits a budget cannot spill under it, so the
/// pass need not estimate it when no remark shows the number (`wavebudget_pass_core::Config::bound_first`).
pub fn value_lanes(f: &data::Function) -> Option<u32> {
    if f.asm != AsmRegisters::default() {
        return None;
    }
    let mut lanes: u32 = f.args.iter().map(data::Ty::lanes).sum();
    for inst in f.blocks.iter().flat_map(|b| &b.insts) {
        if matches!(&inst.kind, data::Kind::Call(c) if c.matrix) {
            return None;
        }
        lanes = lanes.saturating_add(inst.ty.map_or(0, |t| t.lanes()));
    }
    Some(lanes)
}

#[cfg(test)]
mod tests {
    /// A CFG of empty blocks with these successors.
    fn cfg(succs: &[&[u32]]) -> crate::data::Function {
        crate::data::Function {
            blocks: succs.iter().map(|s| crate::data::Block { insts: Vec::new(), succs: s.to_vec() }).collect(),
            ..Default::default()
        }
    }

    #[test]
    fn irreducible_loops_are_told_from_natural_ones() {
        // Straight line, a diamond, a natural loop (1 <-> 2 entered at 1), nested natural loops.
        assert!(!super::irreducible(&cfg(&[&[1], &[2], &[]])));
        assert!(!super::irreducible(&cfg(&[&[1, 2], &[3], &[3], &[]])));
        assert!(!super::irreducible(&cfg(&[&[1], &[2], &[1, 3], &[]])));
        assert!(!super::irreducible(&cfg(&[&[1], &[2], &[2, 3], &[1, 4], &[]])));
        // The classic irreducible loop: 1 <-> 2, entered at both from 0.
        assert!(super::irreducible(&cfg(&[&[1, 2], &[2], &[1, 3], &[]])));
        // The same behind a natural loop's header, and a self loop (natural).
        assert!(super::irreducible(&cfg(&[&[1], &[2, 3], &[3, 4], &[2], &[1, 5], &[]])));
        assert!(!super::irreducible(&cfg(&[&[0, 1], &[]])));
        // An irreducible cycle the entry does not reach is not the kernel's.
        assert!(!super::irreducible(&cfg(&[&[3], &[2], &[1], &[]])));
    }

    /// The liveness against the brute-force oracle on many random CFGs (the fuzz target's check, from a
    /// fixed generator so a failure reproduces).
    #[test]
    fn liveness_matches_brute_force_on_random_cfgs() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            let bytes: Vec<u8> = (0..96)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state as u8
                })
                .collect();
            crate::fuzzing::check_liveness(&bytes);
        }
    }
}
