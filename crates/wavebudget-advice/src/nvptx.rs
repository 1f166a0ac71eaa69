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
        let t = line.trim();
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
    let per_block: Vec<Signals> = blocks.iter().map(|b| read_lines(&b.lines, dialect, false)).collect();
    let weight = |a: usize, b: usize| {
        let flops: u64 =
            per_block[a..=b].iter().map(|s| s.matrix.iter().map(|m| m.flops * u64::from(m.count)).sum::<u64>()).sum();
        let bytes: u64 = per_block[a..=b].iter().map(|s| s.global_load_bytes + s.global_store_bytes).sum();
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
    let lines: Vec<&str> = blocks[range].iter().flat_map(|b| b.lines.iter().copied()).collect();
    let mut s = read_lines(&lines, dialect, true);
    s.hot_loop = hot_loop;
    if s.pipeline_depth == 0 {
        s.pipeline_depth = 1;
    }
    s
}

/// Read lines into signals (`chain`: also follow values to find dependent matrix chains).
fn read_lines(lines: &[&str], dialect: Dialect, chain: bool) -> Signals {
    let mut s = Signals::default();
    let mut wait: Option<u32> = None;
    let mut commits = 0u32;
    let mut async_copies = false;
    let mut depth: HashMap<&str, u32> = HashMap::new();
    let mut longest = 0u32;
    for line in lines {
        let code = match dialect {
            Dialect::Ir => line.split(", !dbg").next().unwrap_or(line),
            Dialect::Ptx => line.split("//").next().unwrap_or(line),
        };
        let t = code.trim();
        if t.is_empty() || t.starts_with(';') || t.starts_with('.') || t.starts_with("//") {
            continue;
        }
        s.instructions += 1;
        let mut matrix_here = 0u32;
        // Matrix instructions.
        for (pos, _) in t.match_indices("wgmma.mma_async") {
            if let Some(op) = wgmma(&t[pos..]) {
                s.add_matrix(op);
                matrix_here += 1;
            } else {
                s.note_unknown(format!("{} (a wgmma shape without a figure)", word(&t[pos..])));
            }
        }
        for pat in ["mma.sync.aligned.", "llvm.nvvm.mma.", "llvm.nvvm.wmma."] {
            for (pos, _) in t.match_indices(pat) {
                if t[pos..].starts_with("llvm.nvvm.wmma.") && !t[pos..].contains(".mma.") {
                    continue;
                }
                match warp_mma(&t[pos..]) {
                    Some(op) => {
                        s.add_matrix(op);
                        matrix_here += 1;
                    }
                    None => s.note_unknown(format!("{} (an mma shape without a figure)", word(&t[pos..]))),
                }
            }
        }
        // Asynchronous copies.
        for (pos, _) in t.match_indices("cp.async.") {
            let rest = &t[pos + 9..];
            if rest.starts_with("bulk") {
                s.note_unknown(
                    "cp.async.bulk (TMA): the bytes a copy moves are in its tensor map, not the instruction".into(),
                );
            } else if rest.starts_with("ca.shared.global") || rest.starts_with("cg.shared.global") {
                async_copies = true;
                if let Some(n) = copy_bytes(rest) {
                    s.global_load_bytes += n;
                }
            } else if rest.starts_with("wait.group(i32 ") || rest.starts_with("wait_group ") {
                let n = rest.split([' ', '(', ')']).filter_map(|w| w.trim_end_matches(';').parse::<u32>().ok()).next();
                wait = wait.max(n);
            } else if rest.starts_with("commit.group") || rest.starts_with("commit_group") {
                commits += 1;
            }
        }
        // Global and shared loads and stores.
        for (pos, _) in t.match_indices("ld.global") {
            s.global_load_bytes += ptx_access_bytes(&t[pos..]);
        }
        for (pos, _) in t.match_indices("st.global") {
            s.global_store_bytes += ptx_access_bytes(&t[pos..]);
        }
        for (pos, _) in t.match_indices("ld.shared") {
            s.shared_load_bytes += ptx_access_bytes(&t[pos..]);
        }
        for (pos, _) in t.match_indices("ldmatrix.sync.aligned.") {
            let r = &t[pos..];
            s.shared_load_bytes += if r.contains(".x4") {
                16
            } else if r.contains(".x2") {
                8
            } else {
                4
            };
        }
        if dialect == Dialect::Ir {
            if let Some((ty, space)) = ir_memory(t, "load ") {
                match space {
                    1 => s.global_load_bytes += ty,
                    3 => s.shared_load_bytes += ty,
                    _ => {}
                }
            }
            if let Some((ty, 1)) = ir_memory(t, "store ") {
                s.global_store_bytes += ty;
            }
            s.fp_ops += ir_fp_ops(t);
            s.transcendental_ops += ir_transcendentals(t);
        } else {
            let m = t.trim_start_matches(['@', '!']).split_whitespace();
            let op = m.clone().find(|w| !w.starts_with('%') && !w.starts_with('@')).unwrap_or("");
            let op = if t.starts_with('@') { t.split_whitespace().nth(1).unwrap_or("") } else { op };
            if ["fma.", "add.f", "sub.f", "mul.f", "max.f", "min.f", "neg.f"].iter().any(|p| op.starts_with(p)) {
                s.fp_ops += 1;
            }
            if ["ex2.", "lg2.", "rcp.", "rsqrt.", "sin.", "cos.", "tanh.", "sqrt.approx"]
                .iter()
                .any(|p| op.starts_with(p))
            {
                s.transcendental_ops += 1;
            }
        }
        if chain {
            let (defs, uses) = match dialect {
                Dialect::Ir => ir_defs_uses(t),
                Dialect::Ptx => ptx_defs_uses(t),
            };
            let is_phi = dialect == Dialect::Ir && t.contains("= phi ");
            let d = if is_phi {
                0
            } else {
                uses.iter().filter_map(|u| depth.get(u)).copied().max().unwrap_or(0) + matrix_here.min(1)
            };
            longest = longest.max(d);
            for v in defs {
                depth.insert(v, d);
            }
        }
    }
    if chain {
        s.matrix_chain = longest;
    }
    s.pipeline_depth = match (async_copies, wait) {
        (true, Some(n)) if commits > 0 => n / commits + 1,
        _ => 1,
    };
    s
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

fn ir_fp_ops(t: &str) -> u64 {
    let Some((_, rhs)) = t.split_once(" = ") else { return 0 };
    let rhs = rhs.trim_start();
    let op = rhs.split_whitespace().next().unwrap_or("");
    if matches!(op, "fadd" | "fsub" | "fmul" | "fdiv" | "fneg") {
        return ir_lanes(rhs);
    }
    if rhs.contains("@llvm.fma.")
        || rhs.contains("@llvm.fmuladd.")
        || rhs.contains("@llvm.maxnum.")
        || rhs.contains("@llvm.minnum.")
        || rhs.contains("@llvm.nvvm.fmax")
        || rhs.contains("@llvm.nvvm.fmin")
    {
        return ir_lanes(rhs);
    }
    0
}

fn ir_transcendentals(t: &str) -> u64 {
    let n = [
        "ex2.approx",
        "lg2.approx",
        "rcp.approx",
        "rsqrt.approx",
        "@llvm.exp2.",
        "@llvm.exp.",
        "@llvm.log",
        "@llvm.sin.",
        "@llvm.cos.",
        "@llvm.nvvm.ex2",
        "@llvm.nvvm.lg2",
        "@llvm.nvvm.rcp",
        "@llvm.nvvm.rsqrt",
        "@llvm.sqrt.",
        "tanh.approx",
    ]
    .iter()
    .map(|p| t.matches(p).count() as u64)
    .sum::<u64>();
    if n == 0 {
        return 0;
    }
    n * ir_lanes(t.split_once(" = ").map_or(t, |(_, r)| r))
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
    fn a_pipelined_loop() {
        let ir = r#"
define ptx_kernel void @k(ptr addrspace(1) %0) {
  br label %loop
loop:                                    ; preds = %loop, %1
  %a = phi float [ 0.0, %1 ], [ %r, %loop ]
  tail call void asm sideeffect "cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 0x10, $2;", "r,l,r"(ptr addrspace(3) %s, ptr addrspace(1) %0, i32 16)
  tail call void @llvm.nvvm.cp.async.commit.group()
  tail call void @llvm.nvvm.cp.async.wait.group(i32 2)
  %m = tail call { float } asm sideeffect "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0}", "=f"(float %a)
  %v = extractvalue { float } %m, 0
  %m2 = tail call { float } asm sideeffect "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {$0}", "=f"(float %v)
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
