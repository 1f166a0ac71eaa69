//! NVIDIA kernels read for the model: the NVPTX LLVM IR Triton hands to LLVM (PTX in inline assembly,
//! NVVM intrinsics, plain loads and stores) and PTX text. Both become blocks of lines; the hot loop is
//! found from backward branches and read line by line.

use crate::signals::{IssueGroup, MatrixOps, MatrixType, Signals};
use crate::AnalyzeError;
use std::collections::HashMap;

/// The text's dialect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dialect {
    Ir,
    Ptx,
}

struct Block<'a> {
    label: &'a str,
    lines: Vec<&'a str>,
    /// Labels this block branches to.
    succs: Vec<&'a str>,
}

/// One kernel of NVPTX LLVM IR: its name and signals. `kernel` picks one by name where the module holds
/// several (else the first `ptx_kernel`, or the only function with a body).
pub fn from_llvm_ir(text: &str, kernel: Option<&str>) -> Result<(String, Signals), AnalyzeError> {
    let (name, body) = ir_function(text, kernel)?;
    Ok((name, analyze(&ir_blocks(&body), Dialect::Ir)))
}

/// One kernel of PTX text (`.entry`): its name and signals.
pub fn from_ptx(text: &str, kernel: Option<&str>) -> Result<(String, Signals), AnalyzeError> {
    let (name, body) = ptx_entry(text, kernel)?;
    Ok((name, analyze(&ptx_blocks(&body), Dialect::Ptx)))
}

/// Does this text look like PTX (a `.version`/`.target` header or an `.entry`) rather than LLVM IR?
pub fn looks_like_ptx(text: &str) -> bool {
    text.lines().take(200).any(|l| {
        let t = l.trim_start();
        t.starts_with(".version") || t.starts_with(".target") || t.contains(".entry ")
    })
}

fn ir_function<'a>(text: &'a str, kernel: Option<&str>) -> Result<(String, Vec<&'a str>), AnalyzeError> {
    let mut functions: Vec<(String, bool, Vec<&str>)> = Vec::new();
    let mut current: Option<(String, bool, Vec<&str>)> = None;
    for line in text.lines() {
        if let Some((_, _, body)) = current.as_mut() {
            if line.starts_with('}') {
                functions.push(current.take().expect("open function"));
            } else {
                body.push(line);
            }
            continue;
        }
        if line.starts_with("define ") && line.trim_end().ends_with('{') {
            let name = line
                .split_once('@')
                .map(|(_, r)| r.split('(').next().unwrap_or(r))
                .map(|n| n.trim_matches('"').to_string())
                .unwrap_or_default();
            current = Some((name, line.contains("ptx_kernel"), Vec::new()));
        }
    }
    let annotated: Vec<String> = text
        .lines()
        .filter(|l| l.contains("!\"kernel\""))
        .filter_map(|l| l.split_once("ptr @").map(|(_, r)| r.split([',', ' ']).next().unwrap_or("").to_string()))
        .collect();
    pick(functions.into_iter().map(|(n, k, b)| (n.clone(), k || annotated.contains(&n), b)).collect(), kernel)
}

fn pick<'a>(
    functions: Vec<(String, bool, Vec<&'a str>)>,
    kernel: Option<&str>,
) -> Result<(String, Vec<&'a str>), AnalyzeError> {
    if let Some(want) = kernel {
        return functions
            .into_iter()
            .find(|(n, _, _)| n == want)
            .map(|(n, _, b)| (n, b))
            .ok_or_else(|| AnalyzeError::NoKernel { wanted: Some(want.to_string()) });
    }
    let kernels = functions.iter().filter(|(_, k, _)| *k).count();
    let chosen = if kernels > 0 {
        functions.into_iter().find(|(_, k, _)| *k)
    } else if functions.len() == 1 {
        functions.into_iter().next()
    } else {
        None
    };
    chosen.map(|(n, _, b)| (n, b)).ok_or(AnalyzeError::NoKernel { wanted: None })
}

fn ptx_entry<'a>(text: &'a str, kernel: Option<&str>) -> Result<(String, Vec<&'a str>), AnalyzeError> {
    let mut functions: Vec<(String, bool, Vec<&str>)> = Vec::new();
    let mut header: Option<(String, bool)> = None;
    let mut depth = 0usize;
    let mut body: Vec<&str> = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        if depth == 0 {
            if let Some(rest) =
                t.split_once(".entry ").map(|(_, r)| r).or_else(|| t.split_once(".func ").map(|(_, r)| r))
            {
                let name = rest.split(['(', ' ']).next().unwrap_or("").to_string();
                header = Some((name, t.contains(".entry ")));
            }
            if t.starts_with('{') && header.is_some() {
                depth = 1;
                body.clear();
            }
            continue;
        }
        depth += t.matches('{').count();
        depth = depth.saturating_sub(t.matches('}').count());
        if depth == 0 {
            if let Some((n, e)) = header.take() {
                functions.push((n, e, std::mem::take(&mut body)));
            }
        } else {
            body.push(line);
        }
    }
    pick(functions, kernel)
}

/// IR blocks: the entry, then one per label line (`name:`, `"name":`).
fn ir_blocks<'a>(body: &[&'a str]) -> Vec<Block<'a>> {
    let mut blocks = vec![Block { label: "", lines: Vec::new(), succs: Vec::new() }];
    for line in body {
        if let Some(label) = ir_label(line) {
            blocks.push(Block { label, lines: Vec::new(), succs: Vec::new() });
            continue;
        }
        let t = line.trim_start();
        let b = blocks.last_mut().expect("a block");
        if t.starts_with("br ") || t.starts_with("switch ") || t.starts_with("callbr ") || t.starts_with("indirectbr ")
        {
            let mut rest = t;
            while let Some(i) = rest.find("label %") {
                rest = &rest[i + 7..];
                let end = rest.find([',', ' ', ']']).unwrap_or(rest.len());
                b.succs.push(rest[..end].trim_matches('"'));
            }
        }
        b.lines.push(line);
    }
    blocks
}

fn ir_label(line: &str) -> Option<&str> {
    if line.starts_with([' ', '\t', ';']) || line.is_empty() {
        return None;
    }
    let head = line.split(';').next().unwrap_or("").trim_end();
    let label = head.strip_suffix(':')?;
    (!label.contains(' ') || label.starts_with('"')).then(|| label.trim_matches('"'))
}

/// PTX blocks: the entry, then one per label (`$L__BB0_2:`).
fn ptx_blocks<'a>(body: &[&'a str]) -> Vec<Block<'a>> {
    let mut blocks = vec![Block { label: "", lines: Vec::new(), succs: Vec::new() }];
    for line in body {
        // A label may carry a comment (`$L__BB0_3:   // =>This Inner Loop Header`).
        let t = line.split_once("//").map_or(*line, |(c, _)| c).trim();
        if let Some(label) = t.strip_suffix(':').filter(|l| !l.contains(' ') && !l.is_empty()) {
            blocks.push(Block { label, lines: Vec::new(), succs: Vec::new() });
            continue;
        }
        let b = blocks.last_mut().expect("a block");
        let is_bra = t.split_whitespace().any(|w| w == "bra" || w.starts_with("bra."));
        if is_bra {
            if let Some(target) = t.trim_end_matches(';').split_whitespace().last() {
                b.succs.push(target.trim_end_matches(';'));
            }
        }
        b.lines.push(line);
    }
    blocks
}

/// What a run of lines holds, before the pipeline depth is settled (blocks are tallied once and summed
/// over a loop's range).
#[derive(Default, Clone)]
struct Tally {
    s: Signals,
    wait: Option<u32>,
    commits: u32,
    async_copies: bool,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        let (a, b) = (&mut self.s, &o.s);
        for m in &b.matrix {
            a.add_matrix(m.clone());
        }
        a.global_load_bytes += b.global_load_bytes;
        a.global_store_bytes += b.global_store_bytes;
        a.shared_load_bytes += b.shared_load_bytes;
        a.fp_ops += b.fp_ops;
        a.transcendental_ops += b.transcendental_ops;
        a.instructions += b.instructions;
        for u in &b.unknown {
            a.note_unknown(u.clone());
        }
        self.wait = self.wait.max(o.wait);
        self.commits += o.commits;
        self.async_copies |= o.async_copies;
    }

    fn flops(&self) -> u64 {
        self.s.matrix.iter().map(|m| m.flops * u64::from(m.count)).sum()
    }
}

/// The signals of the hot loop (the loop with the most matrix work, else the most global traffic;
/// ties: the innermost), or of the whole kernel without a loop.
fn analyze(blocks: &[Block<'_>], dialect: Dialect) -> Signals {
    let index: HashMap<&str, usize> = blocks.iter().enumerate().map(|(i, b)| (b.label, i)).collect();
    let mut latch: HashMap<usize, usize> = HashMap::new();
    for (k, b) in blocks.iter().enumerate() {
        for s in &b.succs {
            if let Some(&j) = index.get(s) {
                if j <= k {
                    let e = latch.entry(j).or_insert(k);
                    *e = (*e).max(k);
                }
            }
        }
    }
    let per_block: Vec<Tally> = blocks
        .iter()
        .map(|b| {
            let mut t = Tally::default();
            for line in &b.lines {
                tally_line(line, dialect, &mut t);
            }
            t
        })
        .collect();
    let weight = |a: usize, b: usize| {
        let flops: u64 = per_block[a..=b].iter().map(Tally::flops).sum();
        let bytes: u64 = per_block[a..=b].iter().map(|t| t.s.global_load_bytes + t.s.global_store_bytes).sum();
        (flops, bytes)
    };
    let hot = latch.iter().map(|(&j, &k)| (j, k)).max_by(|&(a0, a1), &(b0, b1)| {
        let (wa, wb) = (weight(a0, a1), weight(b0, b1));
        wa.cmp(&wb).then((b1 - b0).cmp(&(a1 - a0))).then(b0.cmp(&a0))
    });
    let (range, hot_loop) = match hot {
        Some((j, k)) => (j..=k, true),
        None => (0..=blocks.len() - 1, false),
    };
    let mut t = Tally::default();
    for b in &per_block[range.clone()] {
        t.add(b);
    }
    let mut s = t.s;
    s.hot_loop = hot_loop;
    s.pipeline_depth = match (t.async_copies, t.wait) {
        (true, Some(n)) if t.commits > 0 => n / t.commits + 1,
        _ => 1,
    };
    // The dependent chain matters where warps issue the matrix instructions (`mma.sync`): a `wgmma` chain
    // in one warpgroup already runs at the SM's rate. Followed only then: it reads every operand.
    if s.matrix.iter().any(|m| m.group == IssueGroup::Warp) {
        s.matrix_chain = chain(blocks[range].iter().flat_map(|b| b.lines.iter().copied()), dialect);
    }
    s
}

/// The code of a line: without its debug location (IR) or comment (PTX), trimmed; `None` for a line
/// that is not an instruction.
fn code_of(line: &str, dialect: Dialect) -> Option<&str> {
    let code = match dialect {
        Dialect::Ir => line.split_once(", !dbg").map_or(line, |(c, _)| c),
        Dialect::Ptx => line.split_once("//").map_or(line, |(c, _)| c),
    };
    let t = code.trim();
    (!(t.is_empty() || t.starts_with(';') || t.starts_with('.') || t.starts_with("//"))).then_some(t)
}

/// The PTX a line holds: an IR line's inline assembly string, or the PTX line itself.
fn ptx_of(t: &str, dialect: Dialect) -> Option<&str> {
    match dialect {
        Dialect::Ptx => Some(t),
        Dialect::Ir => {
            let i = t.find(" asm ")?;
            let rest = &t[i..];
            let q = rest.find('"')?;
            let body = &rest[q + 1..];
            Some(body.split_once('"').map_or(body, |(b, _)| b))
        }
    }
}

/// Count one line into a tally.
fn tally_line(line: &str, dialect: Dialect, tally: &mut Tally) {
    let Some(t) = code_of(line, dialect) else { return };
    let s = &mut tally.s;
    s.instructions += 1;
    if let Some(ptx) = ptx_of(t, dialect) {
        read_ptx(ptx, tally);
    }
    if dialect == Dialect::Ir {
        read_ir(t, tally);
    }
}

/// PTX text (a line, or an inline assembly string): matrix instructions, copies, loads and stores,
/// arithmetic.
fn read_ptx(ptx: &str, tally: &mut Tally) {
    let s = &mut tally.s;
    for (pos, _) in ptx.match_indices("wgmma.mma_async") {
        match wgmma(&ptx[pos..]) {
            Some(op) => s.add_matrix(op),
            None => s.note_unknown(format!("{} (a wgmma shape without a figure)", word(&ptx[pos..]))),
        }
    }
    for (pos, _) in ptx.match_indices("mma.sync.aligned.") {
        match warp_mma(&ptx[pos..]) {
            Some(op) => s.add_matrix(op),
            None => s.note_unknown(format!("{} (an mma shape without a figure)", word(&ptx[pos..]))),
        }
    }
    for (pos, _) in ptx.match_indices("cp.async.") {
        copy(&ptx[pos + 9..], tally);
    }
    let s = &mut tally.s;
    for (pos, _) in ptx.match_indices("ld.global") {
        s.global_load_bytes += ptx_access_bytes(&ptx[pos..]);
    }
    for (pos, _) in ptx.match_indices("st.global") {
        s.global_store_bytes += ptx_access_bytes(&ptx[pos..]);
    }
    for (pos, _) in ptx.match_indices("ld.shared") {
        s.shared_load_bytes += ptx_access_bytes(&ptx[pos..]);
    }
    for (pos, _) in ptx.match_indices("ldmatrix.sync.aligned.") {
        s.shared_load_bytes += ldmatrix_bytes(&ptx[pos..]);
    }
    for instr in ptx.split([';', '\n']) {
        let i = instr.trim();
        // A guarded instruction (`@%p1 ex2.approx.f32 ...`): the opcode is the second word.
        let mut words = i.split_whitespace();
        let op = if i.starts_with('@') { words.nth(1) } else { words.next() }.unwrap_or("");
        if ["fma.", "add.f", "sub.f", "mul.f", "max.f", "min.f", "neg.f"].iter().any(|p| op.starts_with(p)) {
            s.fp_ops += 1;
        }
        if ["ex2.", "lg2.", "rcp.", "rsqrt.", "sin.", "cos.", "tanh.", "sqrt.approx"].iter().any(|p| op.starts_with(p))
        {
            s.transcendental_ops += 1;
        }
    }
}

/// `cp.async.` and what follows: a copy's bytes, a wait's groups, a commit.
fn copy(rest: &str, tally: &mut Tally) {
    if rest.starts_with("bulk") {
        tally.s.note_unknown(
            "cp.async.bulk (TMA): the bytes a copy moves are in its tensor map, not the instruction".into(),
        );
    } else if rest.starts_with("ca.shared.global") || rest.starts_with("cg.shared.global") {
        tally.async_copies = true;
        if let Some(n) = copy_bytes(rest) {
            tally.s.global_load_bytes += n;
        }
    } else if let Some(arg) = rest.strip_prefix("wait.group(i32 ").or_else(|| rest.strip_prefix("wait_group")) {
        // `wait_group 2;` (PTX, a space or a tab before the count) or `wait.group(i32 2)` (NVVM).
        let n = arg.trim_start().split([')', ';', ' ', '\t']).next().and_then(|w| w.parse::<u32>().ok());
        tally.wait = tally.wait.max(n);
    } else if rest.starts_with("commit.group") || rest.starts_with("commit_group") {
        tally.commits += 1;
    }
}

fn ldmatrix_bytes(r: &str) -> u64 {
    let w = word(r);
    if w.contains(".x4") {
        16
    } else if w.contains(".x2") {
        8
    } else {
        4
    }
}

/// An IR instruction outside inline assembly: NVVM intrinsics, loads and stores, FP arithmetic.
fn read_ir(t: &str, tally: &mut Tally) {
    let rhs = t.split_once(" = ").map_or(t, |(_, r)| r).trim_start();
    let op = rhs.split_whitespace().next().unwrap_or("");
    match op {
        "load" => {
            if let Some((bytes, space)) = ir_memory(t, "load ") {
                match space {
                    1 => tally.s.global_load_bytes += bytes,
                    3 => tally.s.shared_load_bytes += bytes,
                    _ => {}
                }
            }
            return;
        }
        "store" => {
            if let Some((bytes, 1)) = ir_memory(t, "store ") {
                tally.s.global_store_bytes += bytes;
            }
            return;
        }
        "fadd" | "fsub" | "fmul" | "fdiv" | "fneg" => {
            tally.s.fp_ops += ir_lanes(rhs);
            return;
        }
        _ => {}
    }
    // Calls: the callee's name decides.
    let Some(at) = rhs.find(" @") else { return };
    let callee = rhs[at + 2..].split('(').next().unwrap_or("");
    if let Some(nvvm) = callee.strip_prefix("llvm.nvvm.") {
        if nvvm.starts_with("mma.") || nvvm.starts_with("wmma.") && nvvm.contains(".mma.") {
            match warp_mma(&format!("llvm.nvvm.{nvvm}")) {
                Some(op) => tally.s.add_matrix(op),
                None => tally.s.note_unknown(format!("llvm.nvvm.{nvvm} (an mma shape without a figure)")),
            }
        } else if let Some(rest) = nvvm.strip_prefix("cp.async.") {
            copy(&format!("{rest}{}", &rhs[at + 2 + callee.len()..]), tally);
        } else if nvvm.starts_with("ldmatrix.sync.aligned.") {
            tally.s.shared_load_bytes += ldmatrix_bytes(nvvm);
        } else if ["ex2", "lg2", "rcp", "rsqrt", "sin", "cos", "tanh"].iter().any(|p| nvvm.starts_with(p)) {
            tally.s.transcendental_ops += ir_lanes(rhs);
        } else if nvvm.starts_with("fma") || nvvm.starts_with("fmax") || nvvm.starts_with("fmin") {
            tally.s.fp_ops += ir_lanes(rhs);
        }
    } else if let Some(llvm) = callee.strip_prefix("llvm.") {
        if ["fma.", "fmuladd.", "maxnum.", "minnum."].iter().any(|p| llvm.starts_with(p)) {
            tally.s.fp_ops += ir_lanes(rhs);
        } else if ["exp2.", "exp.", "log", "sin.", "cos.", "sqrt."].iter().any(|p| llvm.starts_with(p)) {
            tally.s.transcendental_ops += ir_lanes(rhs);
        }
    }
}

/// The longest chain of matrix instructions in the lines where each takes an earlier one's result
/// (through any instructions between them; a phi starts afresh: the previous iteration's value).
fn chain<'a>(lines: impl Iterator<Item = &'a str>, dialect: Dialect) -> u32 {
    let mut depth: HashMap<&str, u32> = HashMap::new();
    let mut longest = 0u32;
    for line in lines {
        let Some(t) = code_of(line, dialect) else { continue };
        let is_matrix = ptx_of(t, dialect)
            .is_some_and(|p| p.contains("mma.sync.aligned.") || p.contains("wgmma.mma_async"))
            || t.contains("@llvm.nvvm.mma.")
            || t.contains("@llvm.nvvm.wmma.");
        let (defs, uses) = match dialect {
            Dialect::Ir => ir_defs_uses(t),
            Dialect::Ptx => ptx_defs_uses(t),
        };
        let d = if dialect == Dialect::Ir && t.contains("= phi ") {
            0
        } else {
            uses.iter().filter_map(|u| depth.get(u)).copied().max().unwrap_or(0) + u32::from(is_matrix)
        };
        longest = longest.max(d);
        for v in defs {
            depth.insert(v, d);
        }
    }
    longest
}

fn word(s: &str) -> &str {
    s.split(|c: char| c.is_whitespace() || c == '"' || c == '(' || c == ',').next().unwrap_or(s)
}

/// `m64n256k16` -> (64, 256, 16).
fn shape(s: &str) -> Option<(u64, u64, u64)> {
    let i = s.match_indices(".m").map(|(i, _)| i).find(|&i| s[i + 2..].starts_with(|c: char| c.is_ascii_digit()))?;
    let r = &s[i + 2..];
    let (m, r) = r.split_once('n')?;
    let (n, r) = r.split_once('k')?;
    let k: String = r.chars().take_while(char::is_ascii_digit).collect();
    Some((m.parse().ok()?, n.parse().ok()?, k.parse().ok()?))
}

fn operand_type(parts: &str) -> MatrixType {
    if parts.contains("e4m3") || parts.contains("e5m2") {
        MatrixType::F8
    } else if parts.contains("tf32") {
        MatrixType::Tf32
    } else if parts.contains(".s8") || parts.contains(".u8") || parts.contains(".s4") || parts.contains(".u4") {
        MatrixType::I8
    } else if parts.contains(".f64") {
        MatrixType::F64
    } else {
        MatrixType::F16
    }
}

/// `wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16` (dense; FLOPs per warpgroup).
fn wgmma(s: &str) -> Option<MatrixOps> {
    let w = word(s);
    if w.contains(".sp.") {
        return None;
    }
    let (m, n, k) = shape(w)?;
    if m != 64 || n == 0 || n > 256 || n % 8 != 0 {
        return None;
    }
    let after = &w[w.find(&format!("k{k}"))? + 1 + k.to_string().len()..];
    // `.dtype.atype.btype`: the operand types are the second and third.
    let ab: String = after.split('.').skip(2).collect::<Vec<_>>().join(".");
    Some(MatrixOps {
        instruction: w.to_string(),
        ty: operand_type(&format!(".{ab}")),
        flops: 2 * m * n * k,
        count: 1,
        passes: None,
        group: IssueGroup::Warpgroup,
    })
}

/// `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`, `llvm.nvvm.mma.m16n8k16.row.col.bf16`,
/// `llvm.nvvm.wmma.m16n16k16.mma.row.row.f32.f32` (FLOPs per warp).
fn warp_mma(s: &str) -> Option<MatrixOps> {
    let w = word(s);
    if w.contains(".sp") {
        return None;
    }
    let (m, n, k) = shape(w)?;
    let valid = matches!(
        (m, n, k),
        (16, 8, 8)
            | (16, 8, 16)
            | (16, 8, 32)
            | (16, 8, 4)
            | (8, 8, 4)
            | (16, 16, 16)
            | (32, 8, 16)
            | (8, 32, 16)
            | (16, 16, 8)
            | (16, 8, 64)
    );
    if !valid {
        return None;
    }
    let rest = &w[w.find(&format!("k{k}"))?..];
    Some(MatrixOps {
        instruction: w.to_string(),
        ty: operand_type(rest),
        flops: 2 * m * n * k,
        count: 1,
        passes: None,
        group: IssueGroup::Warp,
    })
}

/// Bytes of `cp.async.cg.shared.global [..], [..], 0x10, ...` or `llvm.nvvm.cp.async.cg.shared.global.16`.
fn copy_bytes(rest: &str) -> Option<u64> {
    let after = rest.split_once("shared.global")?.1;
    if let Some(num) = after.strip_prefix('.') {
        let n: String = num.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(v) = n.parse() {
            return Some(v);
        }
    }
    // The operand after the second `]`.
    let mut parts = after.splitn(3, ']');
    parts.next()?;
    parts.next()?;
    let size = parts.next()?.trim_start_matches([',', ' ']).split([',', ';', ' ']).next()?.trim();
    let v = if let Some(h) = size.strip_prefix("0x") { u64::from_str_radix(h, 16).ok()? } else { size.parse().ok()? };
    Some(v)
}

/// Bytes of one PTX access (`ld.global.v4.b32`, `st.global.b16`, `ld.shared.v2.f32`) per thread.
fn ptx_access_bytes(s: &str) -> u64 {
    let w = word(s);
    let mut lanes = 1u64;
    let mut bits = 0u64;
    for part in w.split('.') {
        if let Some(v) = part.strip_prefix('v').and_then(|v| v.parse::<u64>().ok()) {
            lanes = v;
        }
        let ty = part.trim_start_matches(['b', 'u', 's', 'f']);
        if part.len() > 1 && part.len() <= 4 && matches!(part.as_bytes()[0], b'b' | b'u' | b's' | b'f') {
            if let Ok(b) = ty.parse::<u64>() {
                if matches!(b, 8 | 16 | 32 | 64 | 128) {
                    bits = b;
                }
            }
        }
    }
    lanes * bits / 8
}

/// An IR `load <ty>, ptr addrspace(N)` / `store <ty> %v, ptr addrspace(N)`: (bytes, address space).
fn ir_memory(t: &str, what: &str) -> Option<(u64, u32)> {
    let i = t.find(what)?;
    let before = &t[..i];
    if !(before.is_empty() || before.ends_with("= ") || before.ends_with("volatile ") || before.trim().is_empty()) {
        return None;
    }
    let rest = &t[i + what.len()..];
    let rest = rest.strip_prefix("volatile ").unwrap_or(rest);
    let space = match rest.find("ptr addrspace(") {
        Some(p) => rest[p + 14..].split(')').next()?.parse().ok()?,
        None => 0,
    };
    Some((ir_type_bytes(rest)?, space))
}

/// Bytes of the IR type at the start of `s` (`<4 x i32>`, `float`, `half`, `i64`).
fn ir_type_bytes(s: &str) -> Option<u64> {
    let s = s.trim_start();
    if let Some(v) = s.strip_prefix('<') {
        let (n, rest) = v.split_once(" x ")?;
        return Some(n.trim().parse::<u64>().ok()? * ir_type_bytes(rest)?);
    }
    let ty = s.split([' ', ',', '>']).next()?;
    Some(match ty {
        "half" | "bfloat" | "i16" => 2,
        "float" | "i32" => 4,
        "double" | "i64" | "ptr" => 8,
        "i8" => 1,
        "i1" => 1,
        "i128" | "fp128" => 16,
        _ => return None,
    })
}

fn ir_lanes(t: &str) -> u64 {
    match t.find('<') {
        Some(i) => t[i + 1..].split(" x ").next().and_then(|n| n.trim().parse().ok()).unwrap_or(1),
        None => 1,
    }
}

/// `%x = op %a, %b` -> ([x], [a, b]).
fn ir_defs_uses(t: &str) -> (Vec<&str>, Vec<&str>) {
    let (lhs, rhs) = match t.split_once(" = ") {
        Some((l, r)) if l.trim_start().starts_with('%') => (Some(l.trim()), r),
        _ => (None, t),
    };
    let mut uses = Vec::new();
    let mut rest = rhs;
    while let Some(i) = rest.find('%') {
        let before = &rest[..i];
        rest = &rest[i + 1..];
        let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '$')).unwrap_or(rest.len());
        if !before.ends_with("label ") && end > 0 {
            uses.push(&rest[..end]);
        }
    }
    (lhs.map(|l| vec![l.trim_start_matches('%')]).unwrap_or_default(), uses)
}

/// `op dst, src, ...;` (a `{...}` first operand: several results).
fn ptx_defs_uses(t: &str) -> (Vec<&str>, Vec<&str>) {
    let t = t.trim_end_matches(';');
    let body = if t.starts_with('@') { t.split_once(char::is_whitespace).map_or("", |(_, r)| r).trim() } else { t };
    let Some((op, ops)) = body.split_once(char::is_whitespace) else { return (Vec::new(), Vec::new()) };
    let ops = ops.trim();
    if op.starts_with("st.") || op.starts_with("bra") || op.starts_with("bar") || op.starts_with("cp.async") {
        return (Vec::new(), reg_tokens(ops));
    }
    let (first, rest) = if let Some(stripped) = ops.strip_prefix('{') {
        match stripped.split_once('}') {
            Some((a, b)) => (a, b),
            None => (stripped, ""),
        }
    } else {
        match ops.split_once(',') {
            Some((a, b)) => (a, b),
            None => (ops, ""),
        }
    };
    (reg_tokens(first), reg_tokens(rest))
}

fn reg_tokens(s: &str) -> Vec<&str> {
    s.split(|c: char| !(c.is_alphanumeric() || c == '%' || c == '_'))
        .filter(|w| w.starts_with('%') && w.len() > 1)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_and_bytes() {
        let op = wgmma("wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {$0}").unwrap();
        assert_eq!((op.flops, op.ty), (2 * 64 * 256 * 16, MatrixType::F16));
        let op = wgmma("wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {").unwrap();
        assert_eq!(op.ty, MatrixType::F8);
        assert_eq!(copy_bytes("cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 0x10, $2;"), Some(16));
        assert_eq!(copy_bytes("ca.shared.global [%r1], [%rd2], 4;"), Some(4));
        assert_eq!(copy_bytes("cg.shared.global.16(ptr"), Some(16));
        assert_eq!(ptx_access_bytes("ld.global.L1::evict_last.v4.b32 { $0 }"), 16);
        assert_eq!(ptx_access_bytes("st.global.b16 [ $1 ]"), 2);
        assert_eq!(ir_memory("%5 = load <4 x i32>, ptr addrspace(1) %4, align 16", "load "), Some((16, 1)));
        assert_eq!(ir_memory("store float %x, ptr addrspace(3) %p, align 4", "store "), Some((4, 3)));
    }

    #[test]
    fn a_ptx_loop_with_commented_labels() {
        let ptx = r#"
.version 8.7
.target sm_90a
.visible .entry k(
	.param .u64 k_param_0
)
.maxntid 128, 1, 1
{
	.reg .pred 	%p<3>;
	bra.uni 	$L__BB0_3;
$L__BB0_3:                              // =>This Inner Loop Header: Depth=1
	cp.async.cg.shared.global [ %r1 + 0 ], [ %rd1 + 0 ], 0x10, %r2;
	cp.async.commit_group;
	cp.async.wait_group 	1;
	wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%f1, %f2}, %rd3, %rd4, p, 1, 1, 0, 1;
	@%p1 bra 	$L__BB0_3;
	ret;
}
"#;
        let (name, s) = from_ptx(ptx, None).unwrap();
        assert_eq!(name, "k");
        assert!(s.hot_loop);
        assert_eq!((s.matrix_count(), s.global_load_bytes, s.pipeline_depth), (1, 16, 2));
    }

    #[test]
    fn a_pipelined_loop() {
        let ir = r#"
define ptx_kernel void @k(ptr addrspace(1) %0) {
  br label %loop
loop:                                    ; preds = %loop, %1
  %a = phi float [ 0.0, %1 ], [ %r, %loop ]
  tail call void asm sideeffect "cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 0x10, $2;", "r,l,r"(ptr addrspace(3) %s, ptr addrspace(1) %0, i32 16)
  tail call void @llvm.nvvm.cp.async.commit.group()
  tail call void @llvm.nvvm.cp.async.wait.group(i32 2)
  %m = tail call { float } asm sideeffect "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0}", "=f"(float %a)
  %v = extractvalue { float } %m, 0
  %m2 = tail call { float } asm sideeffect "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0}", "=f"(float %v)
  %r = extractvalue { float } %m2, 0
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
"#;
        let (name, s) = from_llvm_ir(ir, None).unwrap();
        assert_eq!(name, "k");
        assert!(s.hot_loop);
        assert_eq!(s.matrix_count(), 2);
        assert_eq!(s.matrix_chain, 2);
        assert_eq!(s.global_load_bytes, 16);
        assert_eq!(s.pipeline_depth, 3);
    }
}
