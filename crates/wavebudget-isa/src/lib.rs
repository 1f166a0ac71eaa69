//! ISA signals per kernel: what a register budget did to the code. Pure (no LLVM, no I/O): the input is
//! a kernel's instructions, from assembly text ([`parse_assembly`]: llc `-filetype=asm` output, Triton's
//! `.amdgcn`) or from a disassembler (`wavebudget-disasm`, over a code object's bytes), and the output is
//! [`Signals`]: counts by class, the waits that expose memory latency, the loops found from backward
//! branches with the innermost hot loop, AGPR<->VGPR copies and scratch (spill) traffic.
//!
//! What each signal means, and how to read a ladder with them: `docs/isa.md`.

#![forbid(unsafe_code)]

use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One instruction: its mnemonic and operand text, and where a branch goes (an index into the kernel's
/// instruction list), when it is a branch whose target is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instruction {
    /// `s_waitcnt`, `v_mfma_f32_32x32x8_f16`, ... (shared: a disassembler hands out the same decoded
    /// instruction many times).
    pub mnemonic: Arc<str>,
    /// The operands as printed (`vmcnt(0) lgkmcnt(0)`).
    pub operands: Arc<str>,
    /// For a branch: the index of the instruction it jumps to.
    pub target: Option<usize>,
}

impl Instruction {
    /// From one line of printed assembly (`s_waitcnt vmcnt(0)`), without a branch target.
    pub fn parse(text: &str) -> Option<Instruction> {
        let text = text.split("//").next().unwrap_or("").split(';').next().unwrap_or("").trim();
        if text.is_empty() {
            return None;
        }
        let (mnemonic, operands) = match text.find(char::is_whitespace) {
            Some(i) => (&text[..i], text[i..].trim()),
            None => (text, ""),
        };
        Some(Instruction { mnemonic: mnemonic.to_ascii_lowercase().into(), operands: operands.into(), target: None })
    }
}

/// The class an instruction counts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Class {
    /// `v_mfma*`, `v_smfmac*`, `v_wmma*`, `v_swmmac*`: the matrix cores.
    Matrix,
    /// Other `v_*`.
    Valu,
    /// `ds_*`: LDS.
    Lds,
    /// `buffer_*`, `tbuffer_*`, `global_*`, `flat_*`, `scratch_*`, `image_*`: vector memory.
    VectorMemory,
    /// `s_load*`, `s_buffer_load*`, `s_store*`, `s_buffer_store*`, `s_scratch_*`, `s_atomic*`, `s_dcache*`: scalar memory.
    ScalarMemory,
    /// `s_branch`, `s_cbranch_*`, `s_setpc*`, `s_swappc*`, `s_call*`.
    Branch,
    /// `s_waitcnt*`, `s_wait_*`.
    Wait,
    /// `s_nop`: hazard padding, or alignment fill in a code object; not counted as an instruction.
    Nop,
    /// Other `s_*`.
    Salu,
    /// Anything else (`exp`, `buffer_gl*_inv`, ...).
    Other,
}

/// The class of a mnemonic.
pub fn classify(m: &str) -> Class {
    let starts = |p: &[&str]| p.iter().any(|x| m.starts_with(x));
    if starts(&["v_mfma", "v_smfmac", "v_wmma", "v_swmmac"]) {
        Class::Matrix
    } else if m.starts_with("v_") {
        Class::Valu
    } else if m.starts_with("ds_") {
        Class::Lds
    } else if starts(&["buffer_", "tbuffer_", "global_", "flat_", "scratch_", "image_"]) {
        Class::VectorMemory
    } else if starts(&[
        "s_load",
        "s_buffer_load",
        "s_store",
        "s_buffer_store",
        "s_scratch_",
        "s_atomic",
        "s_buffer_atomic",
        "s_dcache",
    ]) {
        Class::ScalarMemory
    } else if starts(&["s_branch", "s_cbranch", "s_setpc", "s_swappc", "s_call"]) {
        Class::Branch
    } else if starts(&["s_waitcnt", "s_wait_"]) {
        Class::Wait
    } else if m == "s_nop" {
        Class::Nop
    } else if m.starts_with("s_") {
        Class::Salu
    } else {
        Class::Other
    }
}

/// Instruction counts by class (`s_nop` excluded everywhere).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    pub valu: u32,
    pub salu: u32,
    pub vector_memory: u32,
    pub scalar_memory: u32,
    pub lds: u32,
    pub matrix: u32,
    pub branches: u32,
    pub waits: u32,
    pub other: u32,
}

/// Waits for a counter to reach 0: global-memory latency exposed (`vmcnt0`) and LDS/scalar-memory latency
/// exposed (`lgkmcnt0`). One wait that zeroes both counts once in each.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waits {
    pub vmcnt0: u32,
    pub lgkmcnt0: u32,
}

/// A loop: the instructions from a backward branch's target to the branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Loop {
    /// Position of the first instruction (the branch target) and of the backward branch, counting the
    /// kernel's instructions from 0 without `s_nop`.
    pub start: usize,
    pub end: usize,
    /// Instructions in the loop body (`s_nop` excluded).
    pub instructions: u32,
    pub waitcnt: Waits,
    pub matrix: u32,
    pub vector_memory: u32,
    pub lds: u32,
}

/// The signals of one kernel.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signals {
    /// Instructions of the function body (`s_nop` excluded: alignment fill in a code object is not in
    /// the assembly text, and hazard padding is not work).
    pub instructions: u32,
    pub counts: Counts,
    pub waitcnt: Waits,
    /// Every loop, in program order of their starts.
    pub loops: Vec<Loop>,
    /// The innermost loop (no loop inside it) with the most instructions; None without a loop.
    pub hot_loop: Option<Loop>,
    /// `v_accvgpr_read/write/mov`: AGPR<->VGPR copies.
    pub accvgpr_copies: u32,
    /// Scratch traffic: `scratch_*` loads and stores, and `buffer_*` loads and stores through the private
    /// segment buffer (`s[0:3]`, or the quad LLVM copies it to: LLVM's spill slots without flat scratch).
    pub scratch_ops: u32,
}

/// (vmcnt reaches 0, lgkmcnt reaches 0) for a wait instruction. GFX12's split counters map onto them:
/// `s_wait_loadcnt 0` is vmcnt(0); `s_wait_dscnt 0` and `s_wait_kmcnt 0` are lgkmcnt(0) (LDS and scalar
/// memory, which GFX9-11's lgkmcnt both covered); `s_wait_loadcnt_dscnt 0` both.
pub fn wait_zeroes(ins: &Instruction) -> (bool, bool) {
    if !ins.mnemonic.starts_with("s_wait") {
        return (false, false);
    }
    let ops = ins.operands.replace(' ', "");
    let zero = |s: &str| {
        let v = s.trim();
        v == "0" || v == "0x0" || v == "0x00" || v == "0x0000"
    };
    match &*ins.mnemonic {
        "s_waitcnt" => {
            if ops.contains('(') {
                (ops.contains("vmcnt(0)"), ops.contains("lgkmcnt(0)"))
            } else {
                // A raw immediate: 0 zeroes every counter.
                (zero(&ops), zero(&ops))
            }
        }
        "s_wait_loadcnt" => (zero(&ops), false),
        "s_wait_dscnt" | "s_wait_kmcnt" => (false, zero(&ops)),
        "s_wait_loadcnt_dscnt" => (zero(&ops), zero(&ops)),
        _ => (false, false),
    }
}

/// The SGPR quads holding the private segment buffer: `s[0:3]` (its user SGPRs, first when present) and
/// the quads LLVM copies it to (`s_mov_b64 s[20:21], s[0:1]` makes `s[20:23]`).
fn scratch_resources(code: &[Instruction]) -> Vec<String> {
    let mut quads = vec!["s[0:3]".to_string()];
    for ins in code {
        if &*ins.mnemonic != "s_mov_b64" {
            continue;
        }
        let ops: Vec<&str> = ins.operands.split(',').map(str::trim).collect();
        if ops.len() == 2 && ops[1] == "s[0:1]" {
            if let Some(lo) =
                ops[0].strip_prefix("s[").and_then(|r| r.split(':').next()).and_then(|n| n.parse::<u32>().ok())
            {
                quads.push(format!("s[{lo}:{}]", lo + 3));
            }
        }
    }
    quads
}

fn is_scratch(ins: &Instruction, resources: &[String]) -> bool {
    let m = &*ins.mnemonic;
    let mem = m.contains("load") || m.contains("store");
    (m.starts_with("scratch_") && mem)
        || (m.starts_with("buffer_") && mem && ins.operands.split(',').any(|o| resources.iter().any(|r| r == o.trim())))
}

/// The signals of one kernel's instructions.
pub fn signals(code: &[Instruction]) -> Signals {
    let mut s = Signals::default();
    let tally = |ins: &Instruction, c: &mut Counts, w: &mut Waits| -> bool {
        let class = classify(&ins.mnemonic);
        match class {
            Class::Nop => return false,
            Class::Matrix => c.matrix += 1,
            Class::Valu => c.valu += 1,
            Class::Lds => c.lds += 1,
            Class::VectorMemory => c.vector_memory += 1,
            Class::ScalarMemory => c.scalar_memory += 1,
            Class::Branch => c.branches += 1,
            Class::Wait => c.waits += 1,
            Class::Salu => c.salu += 1,
            Class::Other => c.other += 1,
        }
        let (vm, lgkm) = wait_zeroes(ins);
        w.vmcnt0 += u32::from(vm);
        w.lgkmcnt0 += u32::from(lgkm);
        true
    };
    let resources = scratch_resources(code);
    for ins in code {
        if tally(ins, &mut s.counts, &mut s.waitcnt) {
            s.instructions += 1;
            s.accvgpr_copies += u32::from(ins.mnemonic.starts_with("v_accvgpr_"));
            s.scratch_ops += u32::from(is_scratch(ins, &resources));
        }
    }
    // Positions count instructions without `s_nop`, so alignment fill does not move them. Running totals
    // of what a loop reports make each loop's body a difference of two rows: linear in the code and the
    // loops, however many loops share a body.
    let mut position = Vec::with_capacity(code.len());
    let mut running = Vec::with_capacity(code.len() + 1);
    let (mut c, mut w, mut n) = (Counts::default(), Waits::default(), 0u32);
    running.push(Totals::default());
    for ins in code {
        position.push(n as usize);
        n += u32::from(tally(ins, &mut c, &mut w));
        running.push(Totals {
            n,
            vmcnt0: w.vmcnt0,
            lgkmcnt0: w.lgkmcnt0,
            matrix: c.matrix,
            vector_memory: c.vector_memory,
            lds: c.lds,
        });
    }
    for (i, ins) in code.iter().enumerate() {
        let Some(t) = ins.target else { continue };
        if t > i || classify(&ins.mnemonic) != Class::Branch {
            continue;
        }
        let (a, b) = (&running[t], &running[i + 1]);
        s.loops.push(Loop {
            start: position[t],
            end: position[i],
            instructions: b.n - a.n,
            waitcnt: Waits { vmcnt0: b.vmcnt0 - a.vmcnt0, lgkmcnt0: b.lgkmcnt0 - a.lgkmcnt0 },
            matrix: b.matrix - a.matrix,
            vector_memory: b.vector_memory - a.vector_memory,
            lds: b.lds - a.lds,
        });
    }
    s.loops.sort_by_key(|l| (l.start, l.end));
    let inner = innermost(&s.loops);
    s.hot_loop = s
        .loops
        .iter()
        .zip(inner)
        .filter_map(|(l, inner)| inner.then_some(l))
        .max_by_key(|l| (l.instructions, std::cmp::Reverse(l.start)))
        .copied();
    s
}

/// What [`signals`] counts up to an instruction, for loop bodies by difference.
#[derive(Default)]
struct Totals {
    n: u32,
    vmcnt0: u32,
    lgkmcnt0: u32,
    matrix: u32,
    vector_memory: u32,
    lds: u32,
}

/// Whether each loop (sorted by start, then end) is innermost: no other loop lies within it. A loop holds
/// another exactly when one with the same start ends earlier, or one starting later ends no later: only
/// the first of a start group can be innermost, compared with the least end of every later start. Linear
/// after the sort.
fn innermost(loops: &[Loop]) -> Vec<bool> {
    let n = loops.len();
    let mut least_end_after = vec![usize::MAX; n + 1];
    for i in (0..n).rev() {
        least_end_after[i] = least_end_after[i + 1].min(loops[i].end);
    }
    let mut out = vec![false; n];
    let mut i = 0;
    while i < n {
        let mut j = i + 1;
        while j < n && loops[j].start == loops[i].start {
            j += 1;
        }
        out[i] = least_end_after[j] > loops[i].end;
        i = j;
    }
    out
}

/// A kernel's instructions from assembly text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsmFunction {
    pub name: String,
    pub code: Vec<Instruction>,
}

/// Bad assembly text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A branch to a label the function does not define.
    #[error("line {line}: {mnemonic} to '{label}', which {function} does not define")]
    UnknownLabel { line: usize, mnemonic: String, label: String, function: String },
    /// No function in the text.
    #[error("no kernel or function found (expected llc -filetype=asm output or a Triton .amdgcn file)")]
    Empty,
    /// A function without the `.Lfunc_endN:` label LLVM ends every function with: the text was cut (a
    /// partial copy, a truncated file), and its counts would be those of a fragment.
    #[error("line {line}: {function} has no end (.Lfunc_endN:) before {next}: the text is cut short")]
    Unterminated {
        /// Where the function begins.
        line: usize,
        /// The function.
        function: String,
        /// What came instead: the next function, or the end of the text.
        next: String,
    },
}

/// A function being read: its name, its instructions with their line and branch label, its labels, and
/// the line it begins on.
type Pending = (String, Vec<(usize, Instruction, Option<String>)>, std::collections::HashMap<String, usize>, usize);

/// A symbol as assembly writes it, unquoted: llc quotes a name that is not a plain identifier
/// (`"k name":`, `.type "k name",@function`) and escapes `"` and `\\` in it (and control bytes as octal).
pub fn unquote_symbol(s: &str) -> std::borrow::Cow<'_, str> {
    let Some(inner) = s.strip_prefix('"').and_then(|r| r.strip_suffix('"')) else {
        return std::borrow::Cow::Borrowed(s);
    };
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some(d @ '0'..='7') => {
                // Up to three octal digits.
                let mut v = d.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(x) => {
                            v = v * 8 + x;
                            chars.next();
                        }
                        None => break,
                    }
                }
                out.push(char::from_u32(v).unwrap_or('\u{fffd}'));
            }
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The functions of assembly text as llc prints it (`.type NAME,@function`, `NAME:`, ..., `.Lfunc_endN:`),
/// each with its instructions and the branch targets resolved from its labels. A quoted name is given
/// unquoted ([`unquote_symbol`]), as the object's symbol table names it.
pub fn parse_assembly(text: &str) -> Result<Vec<AsmFunction>, Error> {
    let functions: std::collections::BTreeSet<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix(".type"))
        .filter_map(|rest| {
            let (name, kind) = rest.trim().split_once(',')?;
            kind.trim().trim_start_matches(['@', '%']).eq("function").then_some(name.trim())
        })
        .collect();
    let mut out = Vec::new();
    let mut current: Option<Pending> = None;
    let finish = |cur: Pending, out: &mut Vec<AsmFunction>| -> Result<(), Error> {
        let (name, body, labels, _) = cur;
        let mut code = Vec::with_capacity(body.len());
        for (line, mut ins, label) in body {
            if let Some(l) = label {
                match labels.get(&l) {
                    Some(&t) => ins.target = Some(t),
                    None if l.starts_with(".L") => {
                        return Err(Error::UnknownLabel {
                            line,
                            mnemonic: ins.mnemonic.to_string(),
                            label: l,
                            function: name,
                        })
                    }
                    None => {} // a call or a jump to another function
                }
            }
            code.push(ins);
        }
        out.push(AsmFunction { name: unquote_symbol(&name).into_owned(), code });
        Ok(())
    };
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split(';').next().unwrap_or("").split("//").next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(label) = line.strip_suffix(':') {
            if functions.contains(label) {
                if let Some((function, _, _, line)) = current.take() {
                    return Err(Error::Unterminated { line, function, next: format!("{label} (line {})", n + 1) });
                }
                current = Some((label.to_string(), Vec::new(), Default::default(), n + 1));
            } else if label.starts_with(".Lfunc_end") {
                if let Some(cur) = current.take() {
                    finish(cur, &mut out)?;
                }
            } else if let Some((_, body, labels, _)) = current.as_mut() {
                labels.insert(label.to_string(), body.len());
            }
            continue;
        }
        if line.starts_with('.') {
            continue;
        }
        let Some((_, body, _, _)) = current.as_mut() else { continue };
        let Some(ins) = Instruction::parse(line) else { continue };
        let label = (classify(&ins.mnemonic) == Class::Branch)
            .then(|| ins.operands.split([',', ' ']).find(|w| !w.is_empty()).map(str::to_string))
            .flatten();
        body.push((n + 1, ins, label));
    }
    if let Some((function, _, _, line)) = current.take() {
        return Err(Error::Unterminated { line, function, next: "the end of the text".into() });
    }
    if out.is_empty() {
        return Err(Error::Empty);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ins(s: &str) -> Instruction {
        Instruction::parse(s).unwrap()
    }

    #[test]
    fn waits_by_counter() {
        assert_eq!(wait_zeroes(&ins("s_waitcnt vmcnt(0) lgkmcnt(0)")), (true, true));
        assert_eq!(wait_zeroes(&ins("s_waitcnt vmcnt(0)")), (true, false));
        assert_eq!(wait_zeroes(&ins("s_waitcnt lgkmcnt(0)")), (false, true));
        assert_eq!(wait_zeroes(&ins("s_waitcnt vmcnt(10)")), (false, false));
        assert_eq!(wait_zeroes(&ins("s_waitcnt 0")), (true, true));
        assert_eq!(wait_zeroes(&ins("s_wait_loadcnt 0x0")), (true, false));
        assert_eq!(wait_zeroes(&ins("s_wait_dscnt 0x0")), (false, true));
        assert_eq!(wait_zeroes(&ins("s_wait_loadcnt_dscnt 0x0")), (true, true));
        assert_eq!(wait_zeroes(&ins("s_wait_loadcnt 0x1")), (false, false));
        assert_eq!(wait_zeroes(&ins("s_waitcnt_vscnt null, 0x0")), (false, false));
    }

    #[test]
    fn loops_from_labels() {
        let text = "\t.type\tk,@function\nk:\n\ts_load_dwordx2 s[0:1], s[4:5], 0x0\n.LBB0_1:\n\tglobal_load_dword v1, v0, s[0:1]\n\ts_waitcnt vmcnt(0)\n.LBB0_2:\n\tv_add_f32_e32 v2, v1, v2\n\ts_cbranch_scc1 .LBB0_2\n\ts_cbranch_vccnz .LBB0_1\n\ts_endpgm\n.Lfunc_end0:\n";
        let f = parse_assembly(text).unwrap();
        assert_eq!(f.len(), 1);
        let s = signals(&f[0].code);
        assert_eq!(s.instructions, 7);
        assert_eq!(s.loops.len(), 2);
        let hot = s.hot_loop.unwrap();
        assert_eq!((hot.start, hot.end, hot.instructions), (3, 4, 2));
        assert_eq!(s.waitcnt, Waits { vmcnt0: 1, lgkmcnt0: 0 });
    }
}

#[cfg(test)]
mod linear {
    use super::*;

    /// The loops and the hot loop as first written: each body tallied instruction by instruction, and a
    /// loop innermost when no other lies within it (quadratic, and plainly right).
    fn brute(code: &[Instruction]) -> (Vec<Loop>, Option<Loop>) {
        let mut position = Vec::new();
        let mut p = 0;
        for ins in code {
            position.push(p);
            p += usize::from(classify(&ins.mnemonic) != Class::Nop);
        }
        let mut loops = Vec::new();
        for (i, ins) in code.iter().enumerate() {
            let Some(t) = ins.target else { continue };
            if t > i || classify(&ins.mnemonic) != Class::Branch {
                continue;
            }
            let body = &code[t..=i];
            let count = |f: &dyn Fn(&Instruction) -> bool| body.iter().filter(|b| f(b)).count() as u32;
            loops.push(Loop {
                start: position[t],
                end: position[i],
                instructions: count(&|b| classify(&b.mnemonic) != Class::Nop),
                waitcnt: Waits { vmcnt0: count(&|b| wait_zeroes(b).0), lgkmcnt0: count(&|b| wait_zeroes(b).1) },
                matrix: count(&|b| classify(&b.mnemonic) == Class::Matrix),
                vector_memory: count(&|b| classify(&b.mnemonic) == Class::VectorMemory),
                lds: count(&|b| classify(&b.mnemonic) == Class::Lds),
            });
        }
        loops.sort_by_key(|l| (l.start, l.end));
        let inner = |l: &Loop| !loops.iter().any(|o| o != l && o.start >= l.start && o.end <= l.end);
        let hot =
            loops.iter().filter(|l| inner(l)).max_by_key(|l| (l.instructions, std::cmp::Reverse(l.start))).copied();
        (loops, hot)
    }

    #[test]
    fn loops_and_the_hot_loop_equal_the_quadratic_definition() {
        let kinds = [
            "v_add_f32_e32 v1, v1, v2",
            "s_nop 0",
            "s_waitcnt vmcnt(0)",
            "s_waitcnt lgkmcnt(0)",
            "global_load_dword v1, v[2:3], off",
            "ds_read_b32 v1, v2",
            "v_mfma_f32_32x32x2f32 a[0:15], v1, v2, a[0:15]",
            "s_add_u32 s0, s0, 1",
        ];
        let mut seed = 0x1234_5678_u64;
        let mut next = |m: usize| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((seed >> 33) as usize) % m
        };
        for _ in 0..2000 {
            let len = 1 + next(40);
            let code: Vec<Instruction> = (0..len)
                .map(|i| {
                    if next(4) == 0 {
                        let mut b = Instruction::parse("s_cbranch_scc1 .L").unwrap();
                        b.target = Some(if next(5) == 0 { i + 1 + next(3) } else { next(i + 1) });
                        b
                    } else {
                        Instruction::parse(kinds[next(kinds.len())]).unwrap()
                    }
                })
                .collect();
            let s = signals(&code);
            assert_eq!((s.loops.clone(), s.hot_loop), brute(&code), "{code:?}");
        }
    }
}
