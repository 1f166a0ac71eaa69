//! AMD kernels read for the model: the isa crate's instructions (from `.amdgcn`/llc assembly or a
//! disassembled code object), the hot loop's MFMAs with the passes LLVM's scheduling model gives them
//! (SISchedule.td, ported as rules), its memory traffic, and one wave's iteration time along its
//! register dependences.

use crate::figures::AmdLatencies;
use crate::signals::{IssueGroup, MatrixOps, MatrixType, Signals};
use std::collections::HashMap;
use wavebudget_isa::{classify, Class, Instruction};

/// An MFMA's passes on a processor (gfx908, gfx90a, gfx942, gfx950), as LLVM's scheduling model for it
/// assigns them (SISchedule.td's `InstRW` regular expressions over the instruction's LLVM name, ported);
/// `None` for an instruction or processor the rules do not cover.
pub fn mfma_passes(mnemonic: &str, operands: &str, processor: &str) -> Option<u32> {
    let m = Mfma::parse(mnemonic)?;
    let gfx950 = processor == "gfx950";
    let gfx94x = matches!(processor, "gfx940" | "gfx941" | "gfx942" | "gfx950");
    if processor == "gfx908" {
        return match (m.sparse, m.m) {
            (false, 4) => Some(2),
            (false, 16) => Some(8),
            (false, 32) => Some(16),
            _ => None,
        };
    }
    if processor == "gfx90a" {
        return match (m.sparse, m.out, m.m) {
            (false, 'f' | 'i', 4) if m.out_bits == 32 => Some(2),
            (false, _, 16) if m.out_bits == 32 => Some(8),
            (false, _, 32) if m.out_bits == 32 => Some(16),
            (false, 'f', 4) if m.out_bits == 64 => Some(4),
            (false, 'f', 16) if m.out_bits == 64 => Some(8),
            _ => None,
        };
    }
    if !gfx94x {
        return None;
    }
    if m.sparse {
        return match m.m {
            16 => Some(4),
            32 => Some(8),
            _ => None,
        };
    }
    if m.out_bits == 64 {
        return match m.m {
            4 => Some(4),
            16 => Some(if gfx950 { 16 } else { 8 }),
            _ => None,
        };
    }
    if m.f8f6f4 {
        // `cbsz`/`blgp` 0 (E4M3) or 1 (E5M2): an FP8 operand takes twice the passes (SISchedule.td,
        // `PredIsF8_MFMA_SCALE`); absent modifiers are 0.
        let fp8 = f8f6f4_has_fp8(operands);
        return match (gfx950, m.m) {
            (true, 16) => Some(if fp8 { 8 } else { 4 }),
            (true, 32) => Some(if fp8 { 16 } else { 8 }),
            _ => None,
        };
    }
    match m.m {
        4 => Some(2),
        16 => match m.k {
            1 | 4 if !m.xf32 => Some(8),
            8 if m.xf32 => Some(4),
            16 | 32 => Some(4),
            64 if gfx950 => Some(4),
            _ => None,
        },
        32 => match m.k {
            1 | 2 => Some(16),
            4 if m.xf32 => Some(8),
            4 => Some(16),
            8 | 16 => Some(8),
            32 if gfx950 => Some(8),
            _ => None,
        },
        _ => None,
    }
}

/// Whether an `f8f6f4` MFMA has an FP8 operand: its `cbsz` or `blgp` format is 0 (E4M3) or 1 (E5M2),
/// absent modifiers being 0 (SISchedule.td, `PredIsF8_MFMA_SCALE`).
fn f8f6f4_has_fp8(operands: &str) -> bool {
    let format = |key: &str| -> u32 {
        operands
            .split_whitespace()
            .find_map(|w| w.strip_prefix(key))
            .and_then(|v| v.trim_start_matches(':').parse().ok())
            .unwrap_or(0)
    };
    format("cbsz") <= 1 || format("blgp") <= 1
}

/// The parts of an MFMA mnemonic the rules read.
struct Mfma {
    sparse: bool,
    out: char,
    out_bits: u32,
    m: u32,
    k: u32,
    xf32: bool,
    f8f6f4: bool,
    /// Operand type.
    ty: MatrixType,
    /// `_Nb`: blocks.
    blocks: u32,
}

impl Mfma {
    fn parse(mnemonic: &str) -> Option<Mfma> {
        let s = mnemonic.to_ascii_lowercase();
        let (sparse, rest) = if let Some(r) = s.strip_prefix("v_smfmac_") {
            (true, r)
        } else if let Some(r) = s.strip_prefix("v_mfma_scale_") {
            (false, r)
        } else {
            (false, s.strip_prefix("v_mfma_")?)
        };
        let rest = rest.split("_e64").next().unwrap_or(rest);
        let (out, rest) = rest.split_once('_')?;
        let out_ch = out.chars().next()?;
        let out_bits: u32 = out[1..].parse().ok()?;
        let (m, rest) = rest.split_once('x')?;
        let (_n, rest) = rest.split_once('x')?;
        let k_digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let tail = &rest[k_digits.len()..];
        let k: u32 = k_digits.parse().ok()?;
        let m: u32 = m.parse().ok()?;
        let blocks = tail.split('_').find_map(|p| p.strip_suffix('b').and_then(|n| n.parse::<u32>().ok())).unwrap_or(1);
        let xf32 = tail.contains("xf32");
        let f8f6f4 = tail.contains("f8f6f4");
        let ty = if f8f6f4 || tail.contains("fp8") || tail.contains("bf8") {
            MatrixType::F8
        } else if xf32 {
            MatrixType::Tf32
        } else if tail.contains("i8") {
            MatrixType::I8
        } else if tail.contains("f64") {
            MatrixType::F64
        } else if tail.contains("f16") {
            MatrixType::F16
        } else {
            MatrixType::F32
        };
        Some(Mfma { sparse, out: out_ch, out_bits, m, k, xf32, f8f6f4, ty, blocks })
    }
}

/// FLOPs of one MFMA for the wave (2 x M x N x K x blocks; sparse: the dense equivalent).
fn mfma_flops(mnemonic: &str) -> Option<u64> {
    let s = mnemonic.to_ascii_lowercase();
    let mfma = Mfma::parse(&s)?;
    let shape = s.split('_').find(|p| p.matches('x').count() == 2 && p.starts_with(|c: char| c.is_ascii_digit()))?;
    let mut dims = shape.split('x');
    let m: u64 = dims.next()?.parse().ok()?;
    let n: u64 = dims.next()?.parse().ok()?;
    let k: u64 = dims.next()?.chars().take_while(char::is_ascii_digit).collect::<String>().parse().ok()?;
    let mut blocks = u64::from(mfma.blocks);
    // Multi-block shapes named without `_Nb` (gfx908/gfx90a spelling), per AMD's Matrix Instruction
    // Calculator: 4x4 shapes are 16 blocks; 16x16x1/x4 (not f32 x4) 4 blocks; 32x32x1/x2 bf16/x4 (not
    // xf32/f32) 2 blocks.
    if mfma.blocks == 1 && !s.contains("_1k") {
        let f32_in = mfma.ty == MatrixType::F32;
        blocks = match (m, k) {
            (4, _) if mfma.out_bits == 32 => 16,
            (4, 4) if mfma.out_bits == 64 => 4,
            (16, 1) => 4,
            (16, 4) if !f32_in => 4,
            (32, 1) => 2,
            (32, 2) if !f32_in => 2,
            (32, 4) if !f32_in && !mfma.xf32 => 2,
            _ => 1,
        };
    }
    Some(2 * m * n * k * blocks)
}

/// Bytes one lane moves with a memory instruction (`global_load_dwordx4`: 16; `buffer_load_ubyte`: 1).
fn lane_bytes(m: &str) -> u64 {
    if let Some(i) = m.find("dwordx") {
        return 4 * m[i + 6..].chars().take_while(char::is_ascii_digit).collect::<String>().parse::<u64>().unwrap_or(1);
    }
    for (pat, b) in [
        ("_b128", 16),
        ("_b96", 12),
        ("_b64", 8),
        ("_b32", 4),
        ("_b16", 2),
        ("_b8", 1),
        ("_u16", 2),
        ("_i16", 2),
        ("_u8", 1),
        ("_i8", 1),
    ] {
        if m.contains(pat) {
            return b;
        }
    }
    if m.contains("dword") {
        4
    } else if m.contains("short") {
        2
    } else if m.contains("byte") {
        1
    } else {
        4
    }
}

/// Registers an operand names: `v5` -> [v5], `v[2:9]` -> v2..v9, `a[0:3]`, `s[4:5]`.
fn registers(op: &str, out: &mut Vec<String>) {
    let op = op.trim().trim_start_matches('-').trim_start_matches('|').trim_end_matches('|');
    let kind = match op.chars().next() {
        Some(c @ ('v' | 'a' | 's')) => c,
        _ => {
            if matches!(op, "vcc" | "exec" | "scc" | "m0" | "vcc_lo" | "vcc_hi" | "exec_lo" | "exec_hi") {
                out.push(op.trim_end_matches("_lo").trim_end_matches("_hi").to_string());
            }
            return;
        }
    };
    let rest = &op[1..];
    if let Some(range) = rest.strip_prefix('[').and_then(|r| r.split(']').next()) {
        if let Some((a, b)) = range.split_once(':') {
            if let (Ok(a), Ok(b)) = (a.trim().parse::<u32>(), b.trim().parse::<u32>()) {
                for r in a..=b.min(a + 255) {
                    out.push(format!("{kind}{r}"));
                }
            }
        }
    } else if let Ok(n) = rest.parse::<u32>() {
        out.push(format!("{kind}{n}"));
    }
}

/// (defs, uses) of an instruction by register names.
fn defs_uses(ins: &Instruction) -> (Vec<String>, Vec<String>) {
    let m = &*ins.mnemonic;
    let ops: Vec<&str> = ins.operands.split(',').map(str::trim).collect();
    let mut defs = Vec::new();
    let mut uses = Vec::new();
    let store = m.contains("store")
        || m.starts_with("s_cbranch")
        || m.starts_with("s_branch")
        || m.starts_with("s_wait")
        || m == "s_nop"
        || m.starts_with("s_barrier")
        || m.starts_with("s_cmp")
        || m.starts_with("ds_write");
    let first_is_def = !store && !ops.first().is_none_or(|o| o.is_empty());
    for (i, op) in ops.iter().enumerate() {
        // Modifiers after a space (`offset:16`, `cbsz:0`) are not registers.
        let op = op.split_whitespace().next().unwrap_or("");
        if i == 0 && first_is_def {
            registers(op, &mut defs);
        } else {
            registers(op, &mut uses);
        }
    }
    if m.starts_with("s_cmp") || m.starts_with("v_cmp") {
        defs.push(if m.starts_with("s_") { "scc".into() } else { "vcc".into() });
    }
    if m.starts_with("s_cbranch_scc") {
        uses.push("scc".into());
    }
    if m.starts_with("s_cbranch_vcc") {
        uses.push("vcc".into());
    }
    if m.starts_with("s_add") || m.starts_with("s_sub") || m.starts_with("s_and") || m.starts_with("s_or") {
        defs.push("scc".into());
    }
    (defs, uses)
}

/// What one instruction costs a wave: (issue clocks, result latency, matrix pipe clocks).
fn cost(ins: &Instruction, lat: &AmdLatencies, passes: Option<u32>) -> (f64, f64, f64) {
    let m = &*ins.mnemonic;
    let valu = lat.valu_clk.value;
    match classify(m) {
        Class::Matrix => {
            let n = passes.unwrap_or(8);
            let p = f64::from(n) * lat.pass_clk.value;
            let wait = lat.xdl_result_wait.iter().find(|(k, _)| *k == n).map_or(0, |(_, w)| *w);
            (valu, p + f64::from(wait), p)
        }
        Class::Valu => {
            let trans =
                ["v_exp", "v_log", "v_rcp", "v_rsq", "v_sqrt", "v_sin", "v_cos"].iter().any(|t| m.starts_with(t));
            if trans {
                (valu, lat.trans_clk.value, 0.0)
            } else {
                (valu, valu, 0.0)
            }
        }
        Class::VectorMemory => (valu, lat.vmem_clk.value, 0.0),
        Class::Lds => (valu, lat.lds_clk.value, 0.0),
        Class::ScalarMemory => (1.0, lat.smem_clk.value, 0.0),
        Class::Nop => {
            let n: f64 = ins.operands.trim().parse::<u32>().map_or(1.0, |n| f64::from(n + 1));
            (n, 0.0, 0.0)
        }
        _ => (1.0, valu, 0.0),
    }
}

/// The innermost loop with the most MFMAs (else the most instructions): (first, last) instruction
/// indices, or the whole kernel.
fn hot_range(code: &[Instruction]) -> Option<(usize, usize)> {
    let mut loops: Vec<(usize, usize)> = code
        .iter()
        .enumerate()
        .filter_map(|(i, ins)| {
            ins.target.filter(|&t| t <= i && classify(&ins.mnemonic) == Class::Branch).map(|t| (t, i))
        })
        .collect();
    loops.sort_unstable();
    let inner: Vec<(usize, usize)> = loops
        .iter()
        .copied()
        .filter(|&(a, b)| !loops.iter().any(|&(c, d)| (c, d) != (a, b) && c >= a && d <= b))
        .collect();
    let matrix = |(a, b): (usize, usize)| code[a..=b].iter().filter(|i| classify(&i.mnemonic) == Class::Matrix).count();
    inner.into_iter().max_by_key(|&r| (matrix(r), r.1 - r.0, std::cmp::Reverse(r.0)))
}

/// One kernel's signals on an AMD processor with LLVM's latencies.
pub fn signals(code: &[Instruction], processor: &str, lat: &AmdLatencies) -> Signals {
    let mut s = Signals::default();
    let (range, hot) = match hot_range(code) {
        Some((a, b)) => ((a, b), true),
        None => ((0, code.len().saturating_sub(1)), false),
    };
    s.hot_loop = hot;
    s.pipeline_depth = 1;
    let body = if code.is_empty() { &code[..0] } else { &code[range.0..=range.1] };
    let scratch = wavebudget_isa::signals(body).scratch_ops;
    s.scratch_ops = scratch;
    let mut issue = 0.0;
    for ins in body {
        let m = &*ins.mnemonic;
        let class = classify(m);
        if class != Class::Nop {
            s.instructions += 1;
        }
        match class {
            Class::Matrix => {
                let passes = mfma_passes(m, &ins.operands, processor);
                match (passes, mfma_flops(m), Mfma::parse(m)) {
                    (Some(p), Some(flops), Some(mf)) => s.add_matrix(MatrixOps {
                        instruction: m.to_string(),
                        ty: if mf.f8f6f4 && !f8f6f4_has_fp8(&ins.operands) { MatrixType::F6F4 } else { mf.ty },
                        flops,
                        count: 1,
                        passes: Some(p),
                        group: IssueGroup::Wave,
                    }),
                    _ => s.note_unknown(format!("{m} (no pass count for {processor} in LLVM's scheduling model)")),
                }
            }
            Class::VectorMemory if !m.starts_with("scratch_") => {
                let b = lane_bytes(m);
                if m.contains("load") {
                    s.global_load_bytes += b;
                } else if m.contains("store") {
                    s.global_store_bytes += b;
                }
            }
            Class::Lds if m.contains("read") || m.contains("load") => s.shared_load_bytes += lane_bytes(m),
            Class::Valu => {
                if ["v_exp", "v_log", "v_rcp", "v_rsq", "v_sqrt", "v_sin", "v_cos"].iter().any(|t| m.starts_with(t)) {
                    s.transcendental_ops += 1;
                } else if m.contains("_f32") || m.contains("_f16") {
                    s.fp_ops += if m.starts_with("v_pk_") { 2 } else { 1 };
                }
            }
            _ => {}
        }
        issue += cost(ins, lat, None).0;
    }
    s.issue_cycles = Some(issue);
    s.chain_cycles = Some(iteration_time(body, processor, lat, hot));
    s.matrix_chain = matrix_chain(body);
    s
}

/// One wave's clocks per iteration, issuing in order with each instruction waiting for its operands
/// (LLVM's latencies), the matrix pipe and `s_waitcnt`: the body run three times, the last run timed
/// (loop-carried dependences settle after the first).
fn iteration_time(body: &[Instruction], processor: &str, lat: &AmdLatencies, looped: bool) -> f64 {
    let mut ready: HashMap<String, f64> = HashMap::new();
    let mut t = 0.0f64;
    let mut pipe_free = 0.0f64;
    let mut vm: Vec<f64> = Vec::new();
    let mut lgkm: Vec<f64> = Vec::new();
    let runs = if looped { 3 } else { 1 };
    let mut marks = Vec::new();
    for _ in 0..runs {
        for ins in body {
            let m = &*ins.mnemonic;
            let class = classify(m);
            let passes = if class == Class::Matrix { mfma_passes(m, &ins.operands, processor) } else { None };
            let (issue, latency, pipe) = cost(ins, lat, passes);
            let (defs, uses) = defs_uses(ins);
            let mut start = t;
            for u in &uses {
                if let Some(&r) = ready.get(u) {
                    start = start.max(r);
                }
            }
            if class == Class::Wait {
                let ops = ins.operands.replace(' ', "");
                let count = |key: &str| -> Option<usize> {
                    let i = ops.find(key)?;
                    ops[i + key.len()..].split(')').next()?.parse().ok()
                };
                let wait_for = |q: &mut Vec<f64>, n: Option<usize>, start: &mut f64| {
                    if let Some(n) = n {
                        while q.len() > n {
                            *start = start.max(q.remove(0));
                        }
                    }
                };
                let all = m == "s_waitcnt" && !ops.contains('(');
                wait_for(&mut vm, if all { Some(0) } else { count("vmcnt(") }, &mut start);
                wait_for(&mut lgkm, if all { Some(0) } else { count("lgkmcnt(") }, &mut start);
            }
            if class == Class::Matrix {
                start = start.max(pipe_free);
                pipe_free = start + pipe;
            }
            let done = start + latency;
            match class {
                Class::VectorMemory => vm.push(done),
                Class::Lds | Class::ScalarMemory => lgkm.push(done),
                _ => {}
            }
            for d in defs {
                // A load's registers are ready when it completes (its wait, or this, says so).
                ready.insert(d, done);
            }
            t = start + issue;
        }
        marks.push(t.max(pipe_free));
    }
    match marks.as_slice() {
        [.., a, b] => b - a,
        [a] => *a,
        [] => 0.0,
    }
}

/// The longest chain of MFMAs in the body where each reads an earlier one's result (through any
/// instructions between them).
fn matrix_chain(body: &[Instruction]) -> u32 {
    let mut depth: HashMap<String, u32> = HashMap::new();
    let mut longest = 0;
    for ins in body {
        let (defs, uses) = defs_uses(ins);
        let is_matrix = classify(&ins.mnemonic) == Class::Matrix;
        let d = uses.iter().filter_map(|u| depth.get(u)).copied().max().unwrap_or(0) + u32::from(is_matrix);
        longest = longest.max(d);
        for r in defs {
            depth.insert(r, d);
        }
    }
    longest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_follow_llvms_rules() {
        for (m, ops, p, want) in [
            ("v_mfma_f32_32x32x8_f16", "", "gfx942", Some(8)),
            ("v_mfma_f32_16x16x16_f16", "", "gfx942", Some(4)),
            ("v_mfma_f32_32x32x8f16", "", "gfx90a", Some(16)),
            ("v_mfma_f32_16x16x16f16", "", "gfx90a", Some(8)),
            ("v_mfma_f32_32x32x2_f32", "", "gfx942", Some(16)),
            ("v_mfma_f32_16x16x4_f32", "", "gfx942", Some(8)),
            ("v_mfma_f32_32x32x4_xf32", "", "gfx942", Some(8)),
            ("v_mfma_f32_16x16x32_fp8_fp8", "", "gfx942", Some(4)),
            ("v_mfma_f32_16x16x128_f8f6f4", "a[0:3], v[0:7], v[8:15], a[0:3]", "gfx950", Some(8)),
            ("v_mfma_f32_16x16x128_f8f6f4", "a[0:3], v[0:7], v[8:15], a[0:3] cbsz:4 blgp:4", "gfx950", Some(4)),
            ("v_mfma_f32_32x32x64_f8f6f4", "", "gfx950", Some(16)),
            ("v_mfma_f64_16x16x4_f64", "", "gfx950", Some(16)),
            ("v_mfma_f64_16x16x4_f64", "", "gfx942", Some(8)),
            ("v_mfma_f32_32x32x16_f16", "", "gfx950", Some(8)),
            ("v_smfmac_f32_32x32x16_f16", "", "gfx942", Some(8)),
        ] {
            assert_eq!(mfma_passes(m, ops, p), want, "{m} on {p}");
        }
        assert_eq!(mfma_flops("v_mfma_f32_32x32x8_f16"), Some(2 * 32 * 32 * 8));
        assert_eq!(mfma_flops("v_mfma_f32_32x32x4_2b_f16"), Some(2 * 32 * 32 * 4 * 2));
        assert_eq!(mfma_flops("v_mfma_f32_32x32x4f16"), Some(2 * 32 * 32 * 4 * 2));
    }
}
