//! The estimate proper: a pure function of [`Function`]. See the crate's documentation for what it
//! models; each step here says which rule it is.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::data::CseKey;

use crate::data::{Function, Inst, Kind, Operand, Ty};
use crate::{Pressure, TooLarge, MATRIX, PURE};

/// Live (value, block) pairs the liveness may hold: past this the kernel is too large to estimate in
/// bounded memory (64 MiB of live-out lists) and is left to the records or the sweep.
pub const MAX_LIVE_PAIRS: usize = 1 << 24;

/// Values one pointer walk (`offset_from_uniform_base`) visits at most; a longer chain of GEPs and phis is
/// not taken for a tile pointer (Triton's are a few steps), which keeps the walks linear in the function.
const MAX_POINTER_WALK: usize = 1024;

/// A value's cost: VGPR space in halves of a 32-bit lane (two 16-bit loads share one VGPR, loaded into
/// its low and high halves), SGPRs in lanes.
#[derive(Debug, Clone, Copy)]
struct Val {
    vgpr_halves: u32,
    sgpr_lanes: u32,
}

/// The liveness walk's state across registers. Stamps: block b has register x live in (out) when
/// `in_stamp[b]` (`out_stamp[b]`) is x + 1, so nothing is cleared between registers.
struct LiveWalk {
    in_stamp: Vec<u32>,
    out_stamp: Vec<u32>,
    live_out: Vec<Vec<u32>>,
    /// Blocks the register is newly live into, whose predecessors it is live out of.
    work: Vec<u32>,
    /// (register, block) pairs recorded live out.
    pairs: usize,
}

impl LiveWalk {
    /// The register `stamp - 1` live into block `b`: queued once.
    fn live_in(&mut self, b: u32, stamp: u32) {
        if self.in_stamp[b as usize] != stamp {
            self.in_stamp[b as usize] = stamp;
            self.work.push(b);
        }
    }

    /// The register `stamp - 1` live out of block `b`: recorded once, and live into `b` unless `b`
    /// defines it.
    fn live_out(&mut self, b: u32, stamp: u32, defined_in_b: bool) {
        if self.out_stamp[b as usize] == stamp {
            return;
        }
        self.out_stamp[b as usize] = stamp;
        self.live_out[b as usize].push(stamp - 1);
        self.pairs += 1;
        if !defined_in_b {
            self.live_in(b, stamp);
        }
    }
}

const DIVERGENT: bool = true;
const UNIFORM: bool = false;

/// Intrinsics by name prefix, and whether each result is divergent (a lane's own: work-item ids, memory
/// reads, lane shuffles) or uniform (one value for the wave: workgroup ids, `readfirstlane`, `s_`
/// intrinsics, ballots). The first prefix that matches decides; another intrinsic is divergent where an
/// operand is.
const INTRINSIC_DIVERGENCE: &[(&str, bool)] = &[
    ("llvm.amdgcn.workitem.id", DIVERGENT),
    ("llvm.amdgcn.mbcnt", DIVERGENT),
    ("llvm.amdgcn.ds.", DIVERGENT),
    ("llvm.amdgcn.global.atomic", DIVERGENT),
    ("llvm.amdgcn.raw.", DIVERGENT),
    ("llvm.amdgcn.struct.", DIVERGENT),
    ("llvm.amdgcn.image.", DIVERGENT),
    ("llvm.amdgcn.buffer.", DIVERGENT),
    ("llvm.amdgcn.mov.dpp", DIVERGENT),
    ("llvm.amdgcn.update.dpp", DIVERGENT),
    ("llvm.amdgcn.permlane", DIVERGENT),
    ("llvm.amdgcn.global.load", DIVERGENT),
    ("llvm.amdgcn.workgroup.id", UNIFORM),
    ("llvm.amdgcn.readfirstlane", UNIFORM),
    ("llvm.amdgcn.readlane", UNIFORM),
    ("llvm.amdgcn.s.", UNIFORM),
    ("llvm.amdgcn.dispatch.ptr", UNIFORM),
    ("llvm.amdgcn.kernarg.segment.ptr", UNIFORM),
    ("llvm.amdgcn.implicitarg.ptr", UNIFORM),
    ("llvm.amdgcn.queue.ptr", UNIFORM),
    ("llvm.amdgcn.dispatch.id", UNIFORM),
    ("llvm.amdgcn.ballot", UNIFORM),
    ("llvm.amdgcn.icmp", UNIFORM),
    ("llvm.amdgcn.fcmp", UNIFORM),
];

fn intrinsic_divergence(name: &str) -> Option<bool> {
    INTRINSIC_DIVERGENCE.iter().find(|(prefix, _)| name.starts_with(prefix)).map(|&(_, divergent)| divergent)
}

/// Estimates the peak pressure of a function: number the values, find the divergent ones, cost each in
/// VGPR or SGPR lanes, compute liveness, and walk each block backwards for the peak. `d16_packs`: two
/// 16-bit loads share a VGPR (the target keeps the other half on d16 loads). Time and memory are linear
/// in the function plus its live (value, block) pairs, refused past [`MAX_LIVE_PAIRS`].
pub fn estimate(f: &Function, d16_packs: bool, scalar_sub_dword: bool) -> Result<Pressure, TooLarge> {
    if f.blocks.is_empty() {
        return Ok(Pressure::default());
    }
    let mut fun = Numbered::new(f);
    fun.scalar_sub_dword = scalar_sub_dword;
    let divergent = fun.divergence();
    fun.share_pointer_offsets(&divergent);
    let mut cost = fun.costs(&divergent, d16_packs);
    let fragments = fun.matrix_fragments(&mut cost);
    let live_out = fun.live_out()?;
    let mut peak = fun.peak(&cost, &live_out, &fragments);
    peak.asm = f.asm;
    Ok(peak)
}

/// Where an instruction is: (block, position).
type Loc = (u32, u32);

/// A function's values, numbered, with what the analysis looks up.
struct Numbered<'f> {
    f: &'f Function,
    /// Each value's type.
    tys: Vec<Ty>,
    /// Each value's instruction (`None`: an argument).
    loc: Vec<Option<Loc>>,
    /// Per block, per instruction: its value, if it has a result.
    id: Vec<Vec<Option<usize>>>,
    /// Each value's users, one entry per use.
    users: Vec<Vec<Loc>>,
    /// Each block's predecessors.
    preds: Vec<Vec<u32>>,
    /// Per block, whether a write to memory (a store, an atomic, a call of a function that may) can come
    /// before its first instruction: the block is reached from a block that writes (a loop's own write
    /// included). A load from global memory after a write may differ between lanes' iterations; one with
    /// no write before it on any path is what LLVM's uniform-values annotation marks unclobbered.
    written_before: Vec<bool>,
    /// Per block, the index of its first write to memory, if any.
    first_write: Vec<Option<u32>>,
    /// The target loads uniform values of less than a dword into SGPRs (`crate::scalar_sub_dword_loads`).
    scalar_sub_dword: bool,
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
    /// Values the backend's CSE merges into a dominating copy (`dominating_duplicates`): their
    /// instructions are gone, so they use nothing; their uses are the copy's.
    merged: Vec<bool>,
    /// Addresses folded into their base's register (`folded_address_base`): no instruction reads the
    /// base there; the memory instructions that use them do.
    folded: Vec<bool>,
    /// A per-lane pointer's uniform part, where it is one kernel argument (`share_pointer_offsets`):
    /// read wherever the pointer is.
    tile_base: Vec<Option<usize>>,
}

impl<'f> Numbered<'f> {
    fn new(f: &'f Function) -> Numbered<'f> {
        let mut tys = f.args.clone();
        let mut loc: Vec<Option<Loc>> = vec![None; f.args.len()];
        let mut id = Vec::with_capacity(f.blocks.len());
        for (b, block) in (0u32..).zip(&f.blocks) {
            let mut ids = Vec::with_capacity(block.insts.len());
            for (k, inst) in (0u32..).zip(&block.insts) {
                ids.push(inst.ty.map(|t| {
                    tys.push(t);
                    loc.push(Some((b, k)));
                    tys.len() - 1
                }));
            }
            id.push(ids);
        }
        let n = tys.len();
        let mut users: Vec<Vec<Loc>> = vec![Vec::new(); n];
        let mut first_write: Vec<Option<u32>> = vec![None; f.blocks.len()];
        for (b, block) in (0u32..).zip(&f.blocks) {
            for (k, inst) in (0u32..).zip(&block.insts) {
                for o in &inst.operands {
                    if let Operand::Value(x) = *o {
                        if let Some(u) = users.get_mut(x as usize) {
                            u.push((b, k));
                        }
                    }
                }
                // A write to LDS or private memory is no write to global memory (LLVM's AMDGPU alias
                // analysis: the address spaces do not alias; llc-22 keeps the loads scalar).
                let global = |space: u32| !matches!(space, 3 | 5);
                let writes = match &inst.kind {
                    Kind::Store { space } | Kind::AtomicRmw { space } | Kind::CmpXchg { space } => global(*space),
                    Kind::Load { simple, .. } => !simple,
                    Kind::Call(c) => crate::call_writes_memory(c.callee.as_deref()),
                    _ => false,
                };
                if writes && first_write[b as usize].is_none() {
                    first_write[b as usize] = Some(k);
                }
            }
        }
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); f.blocks.len()];
        for (b, block) in (0u32..).zip(&f.blocks) {
            for &s in &block.succs {
                if let Some(p) = preds.get_mut(s as usize) {
                    p.push(b);
                }
            }
        }
        // The blocks a write reaches along one edge or more (a worklist over successors: each block once).
        let mut written_before = vec![false; f.blocks.len()];
        let mut work: Vec<u32> = (0u32..).zip(&first_write).filter(|(_, w)| w.is_some()).map(|(b, _)| b).collect();
        while let Some(b) = work.pop() {
            for &s in &f.blocks[b as usize].succs {
                if let Some(seen) = written_before.get_mut(s as usize) {
                    if !*seen {
                        *seen = true;
                        work.push(s);
                    }
                }
            }
        }
        let mut fun = Numbered {
            f,
            tys,
            loc,
            id,
            users,
            preds,
            written_before,
            first_write,
            scalar_sub_dword: false,
            rep: Vec::new(),
            direct: Vec::new(),
            tile_pointer: vec![false; n],
            merged: vec![false; n],
            folded: vec![false; n],
            tile_base: vec![None; n],
        };
        // An address folded into its base's register, else a value the backend's CSE merges with a
        // dominating one: that one's register (and the merged instruction, gone, uses nothing).
        let same = fun.dominating_duplicates();
        fun.merged = same.iter().map(Option::is_some).collect();
        if fun.merged.iter().any(|&m| m) {
            let gone = |u: &Loc| fun.id[u.0 as usize][u.1 as usize].is_some_and(|x| fun.merged[x]);
            let mut users = std::mem::take(&mut fun.users);
            users.iter_mut().for_each(|us| us.retain(|u| !gone(u)));
            fun.users = users;
        }
        let folded: Vec<Option<usize>> = (0..n).map(|v| fun.folded_address_base(v)).collect();
        fun.folded = folded.iter().map(Option::is_some).collect();
        fun.direct = folded.into_iter().zip(&same).map(|(f, s)| f.or(*s)).collect();
        fun.rep = resolve(&fun.direct);
        fun
    }

    fn n(&self) -> usize {
        self.tys.len()
    }

    /// Whether the instruction at (b, k) is merged into a dominating copy (and so gone).
    fn gone(&self, b: usize, k: usize) -> bool {
        self.id[b][k].is_some_and(|x| self.merged[x])
    }

    fn at(&self, (b, k): Loc) -> &'f Inst {
        &self.f.blocks[b as usize].insts[k as usize]
    }

    /// Value `v`'s instruction (`None` for an argument).
    fn inst_of(&self, v: usize) -> Option<&'f Inst> {
        self.loc[v].map(|l| self.at(l))
    }

    /// The numbered value an operand is.
    fn value(&self, o: Operand) -> Option<usize> {
        match o {
            Operand::Value(x) if (x as usize) < self.n() => Some(x as usize),
            _ => None,
        }
    }

    /// Position of an operand's instruction when it is in block `b`.
    fn pos_in(&self, b: usize, o: Operand) -> Option<usize> {
        self.value(o).and_then(|x| self.loc[x]).filter(|l| l.0 as usize == b).map(|l| l.1 as usize)
    }

    /// The numbered value whose register `o` is (see `rep`).
    fn slot(&self, o: Operand) -> Option<usize> {
        self.value(o).map(|x| self.rep[x])
    }

    /// The registers an operand reads: its own ([`Numbered::slot`]) and, for a per-lane pointer on a
    /// kernel argument, the argument's (`tile_base`).
    fn slots(&self, o: Operand) -> impl Iterator<Item = usize> + '_ {
        let base = self.value(o).and_then(|x| self.tile_base[x]).map(|b| self.rep[b]);
        self.slot(o).into_iter().chain(base)
    }

    /// For each value, an identical computation that dominates it (LLVM's codegen runs EarlyCSE/GVN and
    /// MachineCSE, so the two are one register), if any: pure instructions ([`Inst::cse`]) of the same
    /// key, kind and operands (operands compared after this merging), in a dominating block or earlier
    /// in the same one. clang-15's pipeline leaves such copies (a rotated loop's exit block redoing the
    /// last iteration's FMAs), which without this count twice.
    fn dominating_duplicates(&self) -> Vec<Option<usize>> {
        use std::hash::{Hash, Hasher};
        let n = self.n();
        let mut same: Vec<Option<usize>> = vec![None; n];
        let blocks = &self.f.blocks;
        let Some(dom) = Dominators::new(blocks, &self.preds) else { return same };
        let canon = |same: &[Option<usize>], x: usize| same[x].unwrap_or(x);
        // Each computation seen so far, by the hash of (key, kind, operands with merged values replaced
        // by their copies); entries of one hash chain back through `prev`, and equality is checked on
        // the entries themselves, so a collision never merges two computations. Operands live in one
        // arena (no allocation per instruction).
        struct Seen {
            key: CseKey,
            at: (u32, u32),
            x: usize,
            ops: (usize, usize),
            prev: usize,
            /// The writes to memory in its block before it (a load that memory may change is the same
            /// value only in its block with none between: EarlyCSE's generations, kept to one block).
            writes: u32,
        }
        let mut arena: Vec<Operand> = Vec::new();
        let mut entries: Vec<Seen> = Vec::new();
        let mut last: HashMap<u64, usize> = HashMap::default();
        for &b in &dom.rpo {
            let mut writes = 0u32;
            for (k, inst) in blocks[b as usize].insts.iter().enumerate() {
                if may_write_memory(inst) {
                    writes += 1;
                    continue;
                }
                let (Some(key), Some(x)) = (inst.cse, self.id[b as usize][k]) else { continue };
                let changeable_load = matches!(inst.kind, Kind::Load { .. }) && key.extra == 0;
                if inst.operands.iter().any(|o| matches!(o, Operand::Other)) {
                    continue;
                }
                let start = arena.len();
                arena.extend(inst.operands.iter().map(|&o| match self.value(o) {
                    Some(y) => Operand::Value(canon(&same, y) as u32),
                    None => o,
                }));
                let ops = &arena[start..];
                let mut h = rustc_hash::FxHasher::default();
                (key, &inst.kind, ops).hash(&mut h);
                let h = h.finish();
                let head = last.get(&h).copied().unwrap_or(usize::MAX);
                // The latest few of the same computation (a hostile kernel's long lists stay bounded).
                let mut leader = None;
                let (mut e, mut looked) = (head, 0);
                while e != usize::MAX && looked < 8 {
                    let s = &entries[e];
                    let (cb, ck) = s.at;
                    if s.key == key
                        && &arena[s.ops.0..s.ops.0 + s.ops.1] == ops
                        && blocks[cb as usize].insts[ck as usize].kind == inst.kind
                    {
                        looked += 1;
                        let same_memory = !changeable_load || (cb == b && s.writes == writes);
                        if same_memory && ((cb == b && (ck as usize) < k) || (cb != b && dom.dominates(cb, b))) {
                            leader = Some(s.x);
                            break;
                        }
                    }
                    e = s.prev;
                }
                match leader {
                    Some(v) => {
                        same[x] = Some(v);
                        arena.truncate(start);
                    }
                    None => {
                        entries.push(Seen {
                            key,
                            at: (b, k as u32),
                            x,
                            ops: (start, arena.len() - start),
                            prev: head,
                            writes,
                        });
                        last.insert(h, entries.len() - 1);
                    }
                }
            }
        }
        same
    }

    /// The base of an LDS or global address that is that base plus a constant byte offset the memory
    /// instructions encode (ds_read/ds_write: 0..65535; global: -4096..4095), used only as the address
    /// of loads and stores.
    fn folded_address_base(&self, v: usize) -> Option<usize> {
        let inst = self.inst_of(v)?;
        let (Kind::Gep { offset: Some(offset) }, Some(space)) = (&inst.kind, self.tys[v].space) else { return None };
        let base = inst.operands.first().and_then(|&o| self.value(o));
        let fits = match space {
            3 => (0..65536).contains(offset),
            // A kernel argument's pointer is uniform: its loads may be scalar (`s_load`), whose offset
            // llc-22 does not encode below 0 (it adds the offset into a new SGPR pair, live from the
            // address to its loads: 49 pointer arguments at -4 bytes, their addresses first, spill 40
            // SGPRs at 8 waves/SIMD on gfx942).
            1 if base.is_some_and(|b| b < self.f.args.len()) => (0..4096).contains(offset),
            1 => (-4096..4096).contains(offset),
            _ => false,
        };
        let me = Operand::Value(v as u32);
        let only_addresses = self.users[v].iter().all(|&u| {
            let user = self.at(u);
            match user.kind {
                Kind::Load { .. } => true,
                // The address of a store, not the value stored.
                Kind::Store { .. } => user.operands.get(1) == Some(&me) && user.operands.first() != Some(&me),
                _ => false,
            }
        });
        if fits && only_addresses {
            base
        } else {
            None
        }
    }

    /// Which values differ between lanes, to a fixed point.
    fn divergence(&self) -> Vec<bool> {
        let f = self.f;
        let mut divergent = vec![false; self.n()];
        let is_div = |o: Operand, div: &[bool]| self.value(o).is_some_and(|x| div[x]);
        let block_divergent_branch = |b: u32, div: &[bool]| -> bool {
            let Some(t) = f.blocks.get(b as usize).and_then(|blk| blk.insts.last()) else { return false };
            match t.kind {
                Kind::Br { conditional: true } | Kind::Switch => t.operands.first().is_some_and(|&c| is_div(c, div)),
                _ => false,
            }
        };
        // Phis in loops see their back edges on the next round.
        for _round in 0..16 {
            let mut changed = false;
            for (b, block) in f.blocks.iter().enumerate() {
                for (k, inst) in block.insts.iter().enumerate() {
                    let Some(vi) = self.id[b][k] else { continue };
                    if divergent[vi] {
                        continue;
                    }
                    let any_op = |skip_last: bool| {
                        let end = if skip_last { inst.operands.len().saturating_sub(1) } else { inst.operands.len() };
                        inst.operands[..end].iter().any(|&o| is_div(o, &divergent))
                    };
                    let d = match &inst.kind {
                        Kind::Call(c) if !c.callbr => match c.callee.as_deref() {
                            Some(name) => match intrinsic_divergence(name) {
                                Some(divergent) => divergent,
                                None if name.starts_with("llvm.") => any_op(true),
                                None => true,
                            },
                            None => true,
                        },
                        Kind::Load { space, .. } => {
                            inst.operands.first().is_some_and(|&p| is_div(p, &divergent))
                                || match space {
                                    4 | 6 => false,
                                    // A scalar load reads a dword or more (sub-dword ones are vector
                                    // loads: llc-22 on gfx942 and gfx90a).
                                    0 | 1 => {
                                        (self.tys[vi].bits < 32 && !self.scalar_sub_dword)
                                            || self.written_before[b]
                                            || self.first_write[b].is_some_and(|w| (w as usize) < k)
                                    }
                                    _ => true,
                                }
                        }
                        Kind::AtomicRmw { .. } | Kind::CmpXchg { .. } => true,
                        Kind::Phi { blocks } => inst
                            .operands
                            .iter()
                            .zip(blocks)
                            .any(|(&o, &pb)| is_div(o, &divergent) || block_divergent_branch(pb, &divergent)),
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
    fn costs(&self, divergent: &[bool], d16_packs: bool) -> Vec<Val> {
        let n = self.n();
        // Lanes each value really occupies: a splat is one element; a vector built by insertelement from
        // poison holds only the elements inserted so far.
        let mut lanes_of: Vec<u32> = Vec::with_capacity(n);
        for v in 0..n {
            let ty = self.tys[v];
            let full = ty.lanes();
            let l = match self.inst_of(v).map(|i| (&i.kind, i)) {
                Some((Kind::ShuffleVector { mask }, _)) => {
                    let first = mask.iter().flatten().next().copied();
                    let splat = mask.iter().all(|m| m.is_none() || *m == first);
                    if splat {
                        ty.elem_lanes()
                    } else {
                        full
                    }
                }
                Some((Kind::InsertElement { onto_undef }, inst)) => {
                    let before = if *onto_undef {
                        0
                    } else {
                        inst.operands
                            .first()
                            .and_then(|&b| self.value(b))
                            .map(|b| lanes_of.get(b).copied().unwrap_or(full))
                            .unwrap_or(full)
                    };
                    (before + ty.elem_lanes()).min(full)
                }
                _ => full,
            };
            lanes_of.push(l);
        }
        (0..n)
            .map(|k| {
                let lanes = lanes_of[k];
                if self.tys[k].mask {
                    Val { vgpr_halves: 0, sgpr_lanes: if divergent[k] { 2 } else { 1 } }
                } else if self.tile_pointer[k] {
                    // A global pointer that is a uniform base plus per-lane offsets: the backend addresses
                    // it as an SGPR pair plus a 32-bit VGPR offset (global saddr), one VGPR, not two.
                    Val { vgpr_halves: 2, sgpr_lanes: 0 }
                } else if divergent[k] && d16_packs && lanes == 1 && self.is_16_bit_load(k) {
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

    /// A 16-bit value straight from a load (`half`, `i16`, `<1 x half>`, or a shuffle or bitcast that only
    /// moves that one element) that goes into a vector of 16-bit elements. The d16 loads (gfx9 on) put it
    /// in either half of a VGPR, and the backend loads two such values into one register when they end up
    /// in one vector (Triton's tiles); a 16-bit value used on its own keeps a VGPR.
    fn is_16_bit_load(&self, v: usize) -> bool {
        let into_vector = self.users[v].iter().any(|&u| {
            let user = self.at(u);
            matches!(user.kind, Kind::ShuffleVector { .. } | Kind::InsertElement { .. })
                && user.ty.is_some_and(|t| t.elem_bits == 16)
        });
        if !into_vector {
            return false;
        }
        let mut x = v;
        for _ in 0..8 {
            let Some(inst) = self.inst_of(x) else { return false };
            let operand0 = inst.operands.first().and_then(|&o| self.value(o));
            match &inst.kind {
                Kind::Load { simple, .. } => return self.tys[x].bits == 16 && *simple,
                Kind::ShuffleVector { mask } => {
                    // Only element 0 of the first operand, once, the rest poison. (An operand that is not
                    // an instruction ends the walk: not a load.)
                    let picked: Vec<i32> = mask.iter().flatten().copied().collect();
                    match operand0 {
                        Some(y) if picked == [0] && self.tys[y].bits == 16 => x = y,
                        _ => return false,
                    }
                }
                Kind::BitCast if self.tys[x].bits == 16 => match operand0 {
                    Some(y) => x = y,
                    None => return false,
                },
                _ => return false,
            }
        }
        false
    }

    /// Global pointers that are a uniform base plus one per-lane offset, through GEPs and phis (Triton's
    /// tile pointers, one per element a lane loads, each advanced by a uniform stride in the K loop):
    /// the backend keeps the uniform parts in SGPRs and the one offset in VGPRs, shared by every pointer
    /// built on it (loop strength reduction rewrites the phis as one induction variable), so each such
    /// pointer's register is its offset's.
    fn share_pointer_offsets(&mut self, divergent: &[bool]) {
        let mut changed = false;
        for k in 0..self.n() {
            if !divergent[k] {
                continue;
            }
            let Some(walk) = self.offset_from_uniform_base(k, divergent) else { continue };
            self.tile_pointer[k] = true;
            // One kernel argument as its uniform part: its SGPR pair is the address's too (global
            // `saddr`), live to the pointer's loads and stores.
            if let [b] = walk.bases[..] {
                self.tile_base[k] = (b < self.f.args.len()).then_some(b);
            }
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
    fn offset_from_uniform_base(&self, v: usize, divergent: &[bool]) -> Option<PointerWalk> {
        if self.tys[v].space != Some(1) {
            return None;
        }
        let uniform = |x: Operand| self.value(x).is_none_or(|xi| !divergent[xi]);
        let mut stack = vec![Operand::Value(v as u32)];
        let mut seen: HashSet<usize> = HashSet::default();
        let mut found_uniform = false;
        let mut walk = PointerWalk { offsets: Vec::new(), strict: true, bases: Vec::new() };
        while let Some(x) = stack.pop() {
            if uniform(x) {
                // A constant, a global, or a uniform value.
                found_uniform = true;
                if let Some(xi) = self.value(x).filter(|xi| !walk.bases.contains(xi)) {
                    walk.bases.push(xi);
                }
                continue;
            }
            let xi = self.value(x)?;
            if !seen.insert(xi) {
                continue;
            }
            if seen.len() > MAX_POINTER_WALK {
                return None;
            }
            let inst = self.inst_of(xi)?;
            match &inst.kind {
                Kind::Gep { .. } => {
                    let base = *inst.operands.first()?;
                    stack.push(base);
                    for &o in &inst.operands[1..] {
                        if let Some(oi) = self.value(o).filter(|&oi| divergent[oi]) {
                            // The per-lane offset is added to a uniform base, not to a pointer that
                            // already has one (which would accumulate it).
                            walk.strict &= uniform(base);
                            if !walk.offsets.contains(&oi) {
                                walk.offsets.push(oi);
                            }
                        }
                    }
                }
                Kind::Phi { .. } => {
                    for &inc in &inst.operands {
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

    /// Live-out values of each block (each once), by the uses' paths back to their definitions: the work
    /// and the memory are the live (value, block) pairs, refused past [`MAX_LIVE_PAIRS`]. The same sets as
    /// backward dataflow over the CFG (phi operands live out of their incoming blocks, phi results not
    /// live into their block).
    fn live_out(&self) -> Result<Vec<Vec<u32>>, TooLarge> {
        let (n, nb) = (self.n(), self.f.blocks.len());
        // Each register's uses: (block, position, from a phi in a successor).
        let mut uses: Vec<Vec<(u32, u32, bool)>> = vec![Vec::new(); n];
        for (b, block) in (0u32..).zip(&self.f.blocks) {
            for (k, inst) in (0u32..).zip(&block.insts) {
                if self.gone(b as usize, k as usize) {
                    continue;
                }
                if let Kind::Phi { blocks } = &inst.kind {
                    for (&o, &pb) in inst.operands.iter().zip(blocks) {
                        if (pb as usize) < nb {
                            for x in self.slots(o) {
                                uses[x].push((pb, 0, true));
                            }
                        }
                    }
                } else {
                    for &o in &inst.operands {
                        for x in self.slots(o) {
                            uses[x].push((b, k, false));
                        }
                    }
                }
            }
        }
        let too_large = || TooLarge { values: n, blocks: nb, limit: MAX_LIVE_PAIRS };
        let mut w = LiveWalk {
            in_stamp: vec![0; nb],
            out_stamp: vec![0; nb],
            live_out: vec![Vec::new(); nb],
            work: Vec::new(),
            pairs: 0,
        };
        for (x, xuses) in uses.iter().enumerate() {
            if xuses.is_empty() {
                continue;
            }
            let stamp = x as u32 + 1;
            let def = self.loc[x];
            let def_block = def.map(|d| d.0);
            for &(b, k, phi) in xuses {
                if phi {
                    w.live_out(b, stamp, def_block == Some(b));
                } else if def.is_none_or(|(db, dk)| db != b || dk >= k) {
                    // Not defined above the use in its block: live into the block.
                    w.live_in(b, stamp);
                }
            }
            while let Some(b) = w.work.pop() {
                for &q in &self.preds[b as usize] {
                    w.live_out(q, stamp, def_block == Some(q));
                }
                if w.pairs > MAX_LIVE_PAIRS {
                    return Err(too_large());
                }
            }
            if w.pairs > MAX_LIVE_PAIRS {
                return Err(too_large());
            }
        }
        Ok(w.live_out)
    }

    /// Which instructions of block `b` are values made only from its LDS loads (the loads, and shuffles,
    /// element moves and bitcasts of them).
    fn lds_chain(&self, b: usize) -> Vec<bool> {
        let insts = &self.f.blocks[b].insts;
        let mut chain = vec![false; insts.len()];
        for (k, inst) in insts.iter().enumerate() {
            chain[k] = match inst.kind {
                Kind::Load { space: 3, simple } => simple,
                Kind::ShuffleVector { .. } | Kind::ExtractElement | Kind::InsertElement { .. } | Kind::BitCast => {
                    let mut from_chain = false;
                    let all = inst.operands.iter().all(|&o| {
                        if matches!(o, Operand::Constant(_)) {
                            return true;
                        }
                        let c = self.pos_in(b, o).is_some_and(|p| chain[p]);
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

    /// Users of the instruction at (b, k) (none when it has no result).
    fn users_at(&self, b: usize, k: usize) -> &[Loc] {
        self.id[b][k].map_or(&[], |x| &self.users[x])
    }

    /// Position of a user when it is in block `b`.
    fn user_pos(b: usize, u: Loc) -> Option<usize> {
        (u.0 as usize == b).then_some(u.1 as usize)
    }

    /// LDS loads the backend's scheduler moves down to their first use when registers are short, with the
    /// shuffles that only rearrange what they loaded (`shufflevector`, `extractelement`, `insertelement`,
    /// `bitcast` of such values): each moves to just before its first user (or where that user moved),
    /// when all its users are later in its block and not phis, and for a load when nothing before that
    /// point may write memory (a store, a fence, a call that is not a pure arithmetic or matrix
    /// intrinsic). Where each moves, by position in block `b`. (Triton's matmuls load every fragment of
    /// a K step from LDS before the first MFMA/WMMA; llc interleaves them, so counting them all live at
    /// once overstates the pressure.)
    ///
    /// Address arithmetic (`getelementptr`) moves the same way, when every register it reads is read
    /// again later anyway (Triton's epilogue builds all of a tile's store pointers from a few row and
    /// column offsets before the first store; llc forms each next to its store).
    fn sunk_lds_loads(&self, b: usize, live_out: &dyn Fn(usize) -> bool) -> HashMap<usize, usize> {
        let insts = &self.f.blocks[b].insts;
        let chain = self.lds_chain(b);
        let next_write = next_writes(insts);
        // A shuffle moves only with what it rearranges: if one of its chain operands stays (a store in
        // the way, an earlier user), moving it would keep that wider value live instead. Such a shuffle
        // is pinned, and the moves are worked out again until none is.
        let mut pinned = vec![false; insts.len()];
        let mut to = loop {
            let mut to: HashMap<usize, usize> = HashMap::default();
            for k in (0..insts.len()).rev() {
                if !chain[k] || pinned[k] || self.gone(b, k) {
                    continue;
                }
                let mut first = usize::MAX;
                let mut ok = true;
                for &u in self.users_at(b, k) {
                    match Self::user_pos(b, u) {
                        Some(p) if p > k && !matches!(self.at(u).kind, Kind::Phi { .. }) => {
                            first = first.min(to.get(&p).copied().unwrap_or(p))
                        }
                        _ => ok = false,
                    }
                }
                if !ok || first == usize::MAX || first == k + 1 {
                    continue;
                }
                if matches!(insts[k].kind, Kind::Load { .. }) && next_write[k + 1] < first {
                    continue;
                }
                to.insert(k, first);
            }
            let mut changed = false;
            for (&k, &t) in &to {
                if matches!(insts[k].kind, Kind::Load { .. }) {
                    continue;
                }
                let stays = insts[k]
                    .operands
                    .iter()
                    .any(|&o| self.pos_in(b, o).is_some_and(|p| chain[p] && to.get(&p) != Some(&t)));
                if stays {
                    pinned[k] = true;
                    changed = true;
                }
            }
            if !changed {
                break to;
            }
        };
        self.sink_addresses(b, live_out, &mut to);
        to
    }

    /// Adds to `to` the GEPs of block `b` that move down to their first user: all users later in the
    /// block and not phis, the GEP its own register (not folded or shared), and each register it reads
    /// read again later (by a later instruction, or live out of the block), so that moving it lengthens
    /// a live range only past that register's last other use. Later GEPs first, so a chain of GEPs moves
    /// together.
    fn sink_addresses(&self, b: usize, live_out: &dyn Fn(usize) -> bool, to: &mut HashMap<usize, usize>) {
        let insts = &self.f.blocks[b].insts;
        // The last position in the block that reads each register (where it stands in the IR: moves only
        // go down, so this is a lower bound).
        let mut last_read: HashMap<usize, usize> = HashMap::default();
        for (p, inst) in insts.iter().enumerate() {
            if matches!(inst.kind, Kind::Phi { .. }) || self.gone(b, p) {
                continue;
            }
            for &o in &inst.operands {
                if let Some(r) = self.slot(o) {
                    last_read.insert(r, p);
                }
            }
        }
        for k in (0..insts.len()).rev() {
            if !matches!(insts[k].kind, Kind::Gep { .. }) || to.contains_key(&k) {
                continue;
            }
            if self.id[b][k].is_none_or(|x| self.rep[x] != x) {
                continue;
            }
            let mut first = usize::MAX;
            for &u in self.users_at(b, k) {
                let at = Self::user_pos(b, u).map(|p| to.get(&p).copied().unwrap_or(p));
                match at {
                    Some(p) if p > k && !matches!(self.at(u).kind, Kind::Phi { .. }) => first = first.min(p),
                    _ => first = 0,
                }
            }
            if first == usize::MAX || first <= k + 1 {
                continue;
            }
            let needed_later = insts[k].operands.iter().all(|&o| {
                let Some(r) = self.slot(o) else { return true };
                live_out(r) || last_read.get(&r).is_some_and(|&p| p > k)
            });
            if needed_later {
                to.insert(k, first);
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
    fn matrix_fragments(&self, cost: &mut [Val]) -> Vec<Option<Fragments>> {
        let is_matrix = |u: Loc| matches!(&self.at(u).kind, Kind::Call(c) if c.matrix);
        let mut out = Vec::with_capacity(self.f.blocks.len());
        for (b, block) in self.f.blocks.iter().enumerate() {
            let insts = &block.insts;
            let here = |k: usize| (b as u32, k as u32);
            let ops: Vec<usize> = (0..insts.len()).filter(|&k| is_matrix(here(k))).collect();
            let (Some(&first), Some(&last)) = (ops.first(), ops.last()) else {
                out.push(None);
                continue;
            };
            let chain = self.lds_chain(b);
            let next_write = next_writes(insts);
            // Fragments: chain values whose every user is a matrix op's A or B operand, or (for what they
            // are made of) another fragment; loads with no memory write before the last matrix op.
            let mut fragment = vec![false; insts.len()];
            for k in (0..insts.len()).rev() {
                let Some(x) = self.id[b][k].filter(|&x| chain[k] && self.rep[x] == x) else { continue };
                if matches!(insts[k].kind, Kind::Load { .. }) && next_write[k + 1] <= last {
                    continue;
                }
                let me = Operand::Value(x as u32);
                let users = &self.users[x];
                fragment[k] = !users.is_empty()
                    && users.iter().all(|&u| match Self::user_pos(b, u) {
                        Some(p) if is_matrix(u) => {
                            p > k && self.at(u).operands.iter().enumerate().all(|(n, &o)| o != me || n < 2)
                        }
                        Some(p) => p > k && fragment[p],
                        None => false,
                    });
            }
            // A fragment is made only of fragments: one made of a load that stays where it is (a write in
            // the way) or of a value with other users is live from where it is made.
            loop {
                let mut changed = false;
                for k in 0..insts.len() {
                    if fragment[k]
                        && insts[k]
                            .operands
                            .iter()
                            .any(|&o| self.pos_in(b, o).is_some_and(|p| chain[p] && !fragment[p]))
                    {
                        fragment[k] = false;
                        changed = true;
                    }
                }
                for k in (0..insts.len()).rev() {
                    if fragment[k]
                        && self
                            .users_at(b, k)
                            .iter()
                            .any(|&u| !is_matrix(u) && Self::user_pos(b, u).is_none_or(|p| !fragment[p]))
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
            let mut depth: HashMap<usize, usize> = HashMap::default();
            let mut slices: Vec<[Vec<(usize, u32)>; 2]> = Vec::new();
            for &k in &ops {
                let operands = &insts[k].operands;
                let acc = operands.get(2).and_then(|&o| self.pos_in(b, o));
                let d = acc.and_then(|p| depth.get(&p)).map_or(0, |d| d + 1);
                depth.insert(k, d);
                if slices.len() <= d {
                    slices.resize_with(d + 1, Default::default);
                }
                for (side, seen) in slices[d].iter_mut().enumerate() {
                    let Some(&o) = operands.get(side) else { continue };
                    if let (Some(p), Some(x)) = (self.pos_in(b, o), self.value(o)) {
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
            for (&is_fragment, &x) in fragment.iter().zip(&self.id[b]) {
                if let (true, Some(x)) = (is_fragment, x) {
                    cost[x].vgpr_halves = 0;
                }
            }
            out.push(Some(Fragments { first, last, halves: bound }));
        }
        out
    }

    /// Walks each block backwards from its live-out set and keeps the peak.
    fn peak(&self, cost: &[Val], live_out: &[Vec<u32>], fragments: &[Option<Fragments>]) -> Pressure {
        let mut peak = Pressure::default();
        // `mark[x] == epoch`: x is live at this point of block `epoch - 1`'s walk.
        let mut mark = vec![0u32; self.n()];
        for (b, block) in self.f.blocks.iter().enumerate() {
            let epoch = b as u32 + 1;
            let (mut v, mut s) = (0u32, 0u32);
            for &x in &live_out[b] {
                mark[x as usize] = epoch;
                v += cost[x as usize].vgpr_halves;
                s += cost[x as usize].sgpr_lanes;
            }
            let sunk = {
                let mark = &mark;
                self.sunk_lds_loads(b, &|r| mark[r] == epoch)
            };
            // Where the entry block's walk (upwards) ends each argument's range (see `argument_starts`),
            // latest first.
            let mut starts = if b == 0 { self.argument_starts(&sunk) } else { Vec::new() };
            starts.sort_unstable_by_key(|&(p, x)| (std::cmp::Reverse(p), x));
            let mut started = 0;
            let mut note = |v: u32, s: u32| {
                peak.vgprs = peak.vgprs.max(v.div_ceil(2));
                peak.sgprs = peak.sgprs.max(s);
            };
            note(v, s);
            // The arguments whose range starts at or below `at`: not live above it.
            let mut start_here = |at: usize, mark: &mut [u32], v: &mut u32, s: &mut u32| {
                while let Some(&(_, x)) = starts.get(started).filter(|&&(p, _)| p >= at) {
                    started += 1;
                    if mark[x] == epoch {
                        mark[x] = 0;
                        *v -= cost[x].vgpr_halves;
                        *s -= cost[x].sgpr_lanes;
                    }
                }
            };
            // Arguments the entry block does not use: loaded at its end, at the latest.
            start_here(block.insts.len(), &mut mark, &mut v, &mut s);
            let extra_at = |k: usize| fragments[b].as_ref().map_or(0, |f| f.extra_at(k));
            // `o` is live above here: marks it and adds its lanes.
            let use_operands = |operands: &[Operand], mark: &mut [u32], v: &mut u32, s: &mut u32| {
                for &o in operands {
                    for x in self.slots(o) {
                        if mark[x] != epoch {
                            mark[x] = epoch;
                            *v += cost[x].vgpr_halves;
                            *s += cost[x].sgpr_lanes;
                        }
                    }
                }
            };
            // The moved values by where they move to, later ones first (the walk is backwards).
            let mut arriving: Vec<(usize, usize)> = sunk.iter().map(|(&l, &p)| (p, l)).collect();
            arriving.sort_unstable_by_key(|&(p, l)| (std::cmp::Reverse(p), std::cmp::Reverse(l)));
            let mut next = 0;
            for (k, inst) in block.insts.iter().enumerate().rev() {
                if sunk.contains_key(&k) || self.gone(b, k) {
                    // Accounted for where it moved to; or merged into a dominating copy.
                    continue;
                }
                let is_phi = matches!(inst.kind, Kind::Phi { .. });
                if let Some(x) = self.id[b][k].filter(|&x| self.rep[x] == x) {
                    if mark[x] != epoch {
                        // Defined but dead right away: it still needs a register at its definition.
                        note(v + cost[x].vgpr_halves + extra_at(k), s + cost[x].sgpr_lanes);
                    } else if !is_phi {
                        mark[x] = 0;
                        v -= cost[x].vgpr_halves;
                        s -= cost[x].sgpr_lanes;
                    }
                }
                if is_phi {
                    continue;
                }
                // An address folded into its base's register is no instruction: its users read the base
                // (`rep`), and the base is live from where they are, not from here.
                if !self.id[b][k].is_some_and(|x| self.folded[x]) {
                    use_operands(&inst.operands, &mut mark, &mut v, &mut s);
                }
                note(v + extra_at(k), s);
                // Values moved to just before this instruction: defined here, their operands live above.
                while next < arriving.len() && arriving[next].0 == k {
                    let l = arriving[next].1;
                    next += 1;
                    if let Some(x) = self.id[b][l].map(|x| self.rep[x]) {
                        if mark[x] == epoch {
                            mark[x] = 0;
                            v -= cost[x].vgpr_halves;
                            s -= cost[x].sgpr_lanes;
                        }
                    }
                    use_operands(&block.insts[l].operands, &mut mark, &mut v, &mut s);
                    note(v + extra_at(k), s);
                }
                // Arguments first used here: loaded just above, so not live further up.
                start_here(k, &mut mark, &mut v, &mut s);
            }
        }
        peak
    }

    /// Where, in the entry block, each argument's register starts: (position, argument), the first use
    /// there of any argument loaded with it (where a sunk load is used, where it moved to), or the
    /// block's length for arguments used only in later blocks. A kernel's arguments are not in registers
    /// at its start: LLVM loads them from the kernarg segment (`AMDGPULowerKernelArguments`: invariant
    /// scalar loads, which `SILoadStoreOptimizer` merges up to 16 dwords of adjacent offsets, and the
    /// scheduler may place anywhere in the entry block), and where registers are short it places them by
    /// their uses: llc-22 gives a gfx942 kernel summing 200 `i32` arguments in a chain 68 SGPRs and no
    /// spill at 8 waves/SIMD (its allocator gets 80), where all of them live from the start would be 204
    /// (`tests/lit/many-arguments.ll`). Arguments are taken as laid out in the kernarg segment (each at its
    /// size's alignment, up to 8 bytes) in windows of 16 dwords, each loaded at once.
    fn argument_starts(&self, sunk: &HashMap<usize, usize>) -> Vec<(usize, usize)> {
        let nargs = self.f.args.len();
        let Some(block) = self.f.blocks.first() else {
            return Vec::new();
        };
        let mut first: Vec<usize> = vec![block.insts.len(); nargs];
        for (l, inst) in block.insts.iter().enumerate() {
            // Merged into a dominating copy, or an address folded into its base's register: its users'
            // positions are the base's uses.
            if self.gone(0, l) || self.id[0][l].is_some_and(|x| self.folded[x]) {
                continue;
            }
            let at = sunk.get(&l).copied().unwrap_or(l);
            for &o in &inst.operands {
                for x in self.slots(o).filter(|&x| x < nargs) {
                    first[x] = first[x].min(at);
                }
            }
        }
        // Each argument's window of the kernarg segment, and the window's first use.
        let mut offset = 0u32;
        let window: Vec<u32> = self
            .f
            .args
            .iter()
            .map(|t| {
                let lanes = t.lanes();
                offset = offset.next_multiple_of(lanes.clamp(1, 2));
                let w = offset / 16;
                offset += lanes;
                w
            })
            .collect();
        let mut window_first = vec![block.insts.len(); window.last().map_or(0, |&w| w as usize + 1)];
        for (x, &w) in window.iter().enumerate() {
            window_first[w as usize] = window_first[w as usize].min(first[x]);
        }
        (0..nargs).filter(|&x| self.rep[x] == x).map(|x| (window_first[window[x] as usize], x)).collect()
    }
}

/// What `offset_from_uniform_base` found on the way from a pointer to its uniform base.
struct PointerWalk {
    /// The divergent GEP indices (numbered values), without repeats.
    offsets: Vec<usize>,
    /// Every such index is added to a uniform base, and no phi on the way joins a uniform value: the
    /// pointer is exactly a uniform base plus those offsets (plus uniform steps).
    strict: bool,
    /// The uniform values (not constants) the walk reached, without repeats.
    bases: Vec<usize>,
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

/// For each position of a block (and one past its end), the first instruction at or after it that may
/// write memory (the block's length if none).
fn next_writes(insts: &[Inst]) -> Vec<usize> {
    let mut next_write = vec![insts.len(); insts.len() + 1];
    for k in (0..insts.len()).rev() {
        next_write[k] = if may_write_memory(&insts[k]) { k } else { next_write[k + 1] };
    }
    next_write
}

/// Whether an instruction may write memory or order it (a store, an atomic, a fence, a volatile or atomic
/// load, a call other than a pure arithmetic or matrix intrinsic): loads are not moved across it.
fn may_write_memory(i: &Inst) -> bool {
    match &i.kind {
        Kind::Store { .. } | Kind::AtomicRmw { .. } | Kind::CmpXchg { .. } | Kind::Fence => true,
        // Ordered loads order memory too.
        Kind::Load { simple, .. } => !simple,
        Kind::Call(c) => !c.callee.as_deref().is_some_and(|n| MATRIX.iter().chain(PURE).any(|p| n.starts_with(p))),
        _ => false,
    }
}

/// Follows each value's chain of `direct` registers to its end, each value once (a cycle, which only
/// unreachable code can hold, ends where it closes).
fn resolve(direct: &[Option<usize>]) -> Vec<usize> {
    const UNSEEN: usize = usize::MAX;
    const ON_PATH: usize = usize::MAX - 1;
    let mut rep = vec![UNSEEN; direct.len()];
    let mut path = Vec::new();
    for k in 0..direct.len() {
        let mut r = k;
        while rep[r] == UNSEEN {
            match direct[r] {
                Some(b) if b != r && b < direct.len() => {
                    rep[r] = ON_PATH;
                    path.push(r);
                    r = b;
                }
                _ => break,
            }
        }
        let end = match rep[r] {
            UNSEEN => {
                rep[r] = r;
                r
            }
            ON_PATH => r,
            done => done,
        };
        for p in path.drain(..) {
            rep[p] = end;
        }
        if rep[r] == ON_PATH {
            rep[r] = end;
        }
    }
    rep
}

/// Dominators of the blocks reachable from the entry (Cooper, Harvey and Kennedy's iteration over the
/// reverse postorder), with pre/post numbers of the dominator tree for O(1) queries.
struct Dominators {
    /// Reachable blocks in reverse postorder.
    rpo: Vec<u32>,
    /// Preorder and postorder numbers in the dominator tree (`u32::MAX`: unreachable).
    pre: Vec<u32>,
    post: Vec<u32>,
}

impl Dominators {
    fn new(blocks: &[crate::data::Block], preds: &[Vec<u32>]) -> Option<Dominators> {
        let nb = blocks.len();
        if nb == 0 {
            return None;
        }
        // Postorder by an explicit stack (no recursion on deep CFGs).
        let mut order = vec![u32::MAX; nb];
        let mut post: Vec<u32> = Vec::with_capacity(nb);
        let mut visited = vec![false; nb];
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        visited[0] = true;
        while let Some(&mut (b, ref mut next)) = stack.last_mut() {
            let succs = &blocks[b as usize].succs;
            if let Some(&s) = succs.get(*next) {
                *next += 1;
                if (s as usize) < nb && !visited[s as usize] {
                    visited[s as usize] = true;
                    stack.push((s, 0));
                }
            } else {
                order[b as usize] = post.len() as u32;
                post.push(b);
                stack.pop();
            }
        }
        let rpo: Vec<u32> = post.iter().rev().copied().collect();
        let mut idom = vec![u32::MAX; nb];
        idom[0] = 0;
        let intersect = |idom: &[u32], mut a: u32, mut b: u32| {
            while a != b {
                while order[a as usize] < order[b as usize] {
                    a = idom[a as usize];
                }
                while order[b as usize] < order[a as usize] {
                    b = idom[b as usize];
                }
            }
            a
        };
        loop {
            let mut changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new = u32::MAX;
                for &p in &preds[b as usize] {
                    if idom[p as usize] == u32::MAX {
                        continue;
                    }
                    new = if new == u32::MAX { p } else { intersect(&idom, p, new) };
                }
                if new != u32::MAX && idom[b as usize] != new {
                    idom[b as usize] = new;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // The tree's pre/post numbers.
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); nb];
        for &b in rpo.iter().skip(1) {
            if idom[b as usize] != u32::MAX {
                children[idom[b as usize] as usize].push(b);
            }
        }
        let (mut pre, mut postn) = (vec![u32::MAX; nb], vec![u32::MAX; nb]);
        let mut clock = 0u32;
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        pre[0] = 0;
        while let Some(&mut (b, ref mut next)) = stack.last_mut() {
            if let Some(&c) = children[b as usize].get(*next) {
                *next += 1;
                clock += 1;
                pre[c as usize] = clock;
                stack.push((c, 0));
            } else {
                clock += 1;
                postn[b as usize] = clock;
                stack.pop();
            }
        }
        Some(Dominators { rpo, pre, post: postn })
    }

    /// Whether block `a` dominates block `b` (both reachable).
    fn dominates(&self, a: u32, b: u32) -> bool {
        let (a, b) = (a as usize, b as usize);
        self.pre[a] != u32::MAX && self.pre[b] != u32::MAX && self.pre[a] <= self.pre[b] && self.post[b] <= self.post[a]
    }
}
