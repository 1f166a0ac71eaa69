//! `wavebudget isa` against independent counts: llc-22 compiles a corpus (the bundled tile kernel, an MFMA
//! GEMM tile with AGPRs at two waves targets, nested loops with LDS) for gfx90a, gfx942, gfx950, gfx1100 and
//! gfx1201 (GFX12's split wait counters) to assembly and to an object. The signals from the object
//! (disassembled in process) must equal those from the text, and the text's must equal a count made here with
//! plain regular expressions over llc's own output: its `; N-byte Folded Spill/Reload` annotations for
//! scratch traffic, backward branches to labels for loops. Triton's `.amdgcn`/`.hsaco` pairs of
//! examples/triton-cache must agree the same way.

use regex::Regex;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use wavebudget_testkit::llvm::llc_file;

fn isa_json(path: &Path) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_wavebudget")).args(["isa", "--json"]).arg(path).output().unwrap();
    assert!(out.status.success(), "isa {}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn kernels(v: &Value) -> Vec<Value> {
    v["code_objects"].as_array().unwrap().iter().flat_map(|c| c["kernels"].as_array().unwrap().clone()).collect()
}

/// The counts made without wavebudget-isa: over one function's lines of llc's assembly.
struct TextCount {
    instructions: u64,
    vmcnt0: u64,
    lgkmcnt0: u64,
    matrix: u64,
    accvgpr: u64,
    scratch: u64,
    loops: u64,
}

fn count_text(asm: &str, name: &str) -> TextCount {
    let start = asm.find(&format!("\n{name}:")).expect("function label");
    let end = start + asm[start..].find(".Lfunc_end").expect("function end");
    let body = &asm[start..end];
    let ins = Regex::new(r"^\s+([a-z][a-z0-9_]*)").unwrap();
    let label = Regex::new(r"^(\.L[A-Za-z0-9_$.]+):").unwrap();
    let branch = Regex::new(r"^\s+s_c?branch[a-z0-9_]*\s+(\.L[A-Za-z0-9_$.]+)").unwrap();
    let mut c = TextCount { instructions: 0, vmcnt0: 0, lgkmcnt0: 0, matrix: 0, accvgpr: 0, scratch: 0, loops: 0 };
    let mut seen_labels = std::collections::HashSet::new();
    for line in body.lines() {
        if let Some(l) = label.captures(line) {
            seen_labels.insert(l[1].to_string());
            continue;
        }
        let Some(m) = ins.captures(line) else { continue };
        let mnemonic = &m[1];
        if mnemonic == "s_nop" {
            continue;
        }
        c.instructions += 1;
        let code = line.split(';').next().unwrap();
        let zero = |s: &str| code.contains(s);
        if mnemonic == "s_waitcnt" {
            c.vmcnt0 += u64::from(zero("vmcnt(0)"));
            c.lgkmcnt0 += u64::from(zero("lgkmcnt(0)"));
        }
        if mnemonic == "s_wait_loadcnt" || mnemonic == "s_wait_loadcnt_dscnt" {
            c.vmcnt0 += u64::from(code.trim_end().ends_with(" 0x0"));
        }
        if mnemonic == "s_wait_dscnt" || mnemonic == "s_wait_kmcnt" || mnemonic == "s_wait_loadcnt_dscnt" {
            c.lgkmcnt0 += u64::from(code.trim_end().ends_with(" 0x0"));
        }
        c.matrix += u64::from(["v_mfma", "v_wmma", "v_smfmac", "v_swmmac"].iter().any(|p| mnemonic.starts_with(p)));
        c.accvgpr += u64::from(mnemonic.starts_with("v_accvgpr_"));
        c.scratch += u64::from(line.contains("Folded Spill") || line.contains("Folded Reload"));
        if let Some(b) = branch.captures(line) {
            c.loops += u64::from(seen_labels.contains(&b[1]));
        }
    }
    c
}

fn inputs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inputs")
}

#[test]
fn object_and_text_agree_and_equal_a_count_over_llc_output() {
    let dir = std::env::temp_dir().join(format!("wb-isa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tile = std::fs::read_to_string(repo.join("examples/tile_kernel.ll")).unwrap();
    let mfma = std::fs::read_to_string(repo.join("examples/mfma_tile.ll")).unwrap();
    let nested = std::fs::read_to_string(inputs().join("nested_loops.ll")).unwrap();
    let with_waves = |ir: &str, w: u32| {
        ir.replace(
            "\"amdgpu-flat-work-group-size\"=\"1,256\"",
            &format!("\"amdgpu-flat-work-group-size\"=\"1,256\" \"amdgpu-waves-per-eu\"=\"{w}\""),
        )
    };
    let mut corpus: Vec<(String, String, &str)> = Vec::new();
    for cpu in ["gfx90a", "gfx942", "gfx950", "gfx1100", "gfx1201"] {
        corpus.push((format!("tile-{cpu}"), tile.clone(), cpu));
        corpus.push((format!("nested-{cpu}"), nested.clone(), cpu));
    }
    for cpu in ["gfx90a", "gfx942", "gfx950"] {
        for w in [1, 8] {
            corpus.push((format!("mfma-{cpu}-w{w}"), with_waves(&mfma, w), cpu));
        }
    }
    let (mut loops, mut scratch, mut matrix, mut acc, mut gfx12_waits) = (0, 0, 0, 0, 0);
    for (tag, ir, cpu) in &corpus {
        let ll = dir.join(format!("{tag}.ll"));
        std::fs::write(&ll, ir).unwrap();
        let (s, o) = (dir.join(format!("{tag}.s")), dir.join(format!("{tag}.o")));
        for (kind, out) in [("asm", &s), ("obj", &o)] {
            llc_file(cpu, kind, &ll, out);
        }
        let (from_text, from_object) = (kernels(&isa_json(&s)), kernels(&isa_json(&o)));
        assert_eq!(from_text, from_object, "{tag}: assembly and code object disagree");
        let asm = std::fs::read_to_string(&s).unwrap();
        for k in &from_text {
            let name = k["name"].as_str().unwrap();
            let c = count_text(&asm, name);
            let got = |key: &str| k[key].as_u64().unwrap();
            assert_eq!(got("instructions"), c.instructions, "{tag} {name}: instructions");
            assert_eq!(k["waitcnt"]["vmcnt0"].as_u64().unwrap(), c.vmcnt0, "{tag} {name}: vmcnt(0)");
            assert_eq!(k["waitcnt"]["lgkmcnt0"].as_u64().unwrap(), c.lgkmcnt0, "{tag} {name}: lgkmcnt(0)");
            assert_eq!(k["counts"]["matrix"].as_u64().unwrap(), c.matrix, "{tag} {name}: MFMA/WMMA");
            assert_eq!(got("accvgpr_copies"), c.accvgpr, "{tag} {name}: AGPR copies");
            assert_eq!(got("scratch_ops"), c.scratch, "{tag} {name}: scratch ops (llc's Spill/Reload notes)");
            assert_eq!(k["loops"].as_array().unwrap().len() as u64, c.loops, "{tag} {name}: loops");
            loops += c.loops;
            scratch += c.scratch;
            matrix += c.matrix;
            acc += c.accvgpr;
            if cpu.starts_with("gfx12") {
                gfx12_waits += c.vmcnt0 + c.lgkmcnt0;
            }
        }
    }
    // The corpus exercises what it claims to.
    assert!(
        loops >= 20 && scratch > 0 && matrix > 0 && acc > 0 && gfx12_waits > 0,
        "{loops} {scratch} {matrix} {acc} {gfx12_waits}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn tritons_assembly_and_code_object_agree() {
    let cache = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/triton-cache");
    let mut pairs = 0;
    for entry in std::fs::read_dir(&cache).unwrap() {
        let dir = entry.unwrap().path();
        for f in std::fs::read_dir(&dir).unwrap() {
            let p = f.unwrap().path();
            if p.extension().is_some_and(|e| e == "amdgcn") {
                let hsaco = p.with_extension("hsaco");
                let text = kernels(&isa_json(&p));
                assert_eq!(text, kernels(&isa_json(&hsaco)), "{}", p.display());
                let asm = std::fs::read_to_string(&p).unwrap();
                for k in &text {
                    let c = count_text(&asm, k["name"].as_str().unwrap());
                    assert_eq!(k["instructions"].as_u64().unwrap(), c.instructions, "{}", p.display());
                    assert_eq!(k["waitcnt"]["lgkmcnt0"].as_u64().unwrap(), c.lgkmcnt0, "{}", p.display());
                }
                pairs += 1;
            }
        }
    }
    assert!(pairs >= 2, "{pairs} Triton pairs");
}

/// Assembly cut short (a partial copy, a truncated download) is refused, not counted as a fragment:
/// Triton's own `.amdgcn` files cut at every line inside a kernel (from its label to LLVM's
/// `.Lfunc_endN:`), and llc-22's two-kernel output cut inside its second kernel. One line, exit 1.
#[test]
fn assembly_cut_inside_a_kernel_is_refused() {
    let cache = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/triton-cache");
    let mut cuts = 0;
    for entry in std::fs::read_dir(&cache).unwrap() {
        for f in std::fs::read_dir(entry.unwrap().path()).unwrap() {
            let p = f.unwrap().path();
            if p.extension().is_none_or(|e| e != "amdgcn") {
                continue;
            }
            let asm = std::fs::read_to_string(&p).unwrap();
            let lines: Vec<&str> = asm.lines().collect();
            let name = kernels(&isa_json(&p))[0]["name"].as_str().unwrap().to_string();
            let start = lines.iter().position(|l| l.starts_with(&format!("{name}:"))).unwrap();
            let end = lines.iter().position(|l| l.starts_with(".Lfunc_end")).unwrap();
            for cut in start + 1..end {
                let err = wavebudget_isa::parse_assembly(&lines[..cut].join("\n")).unwrap_err().to_string();
                assert!(err.contains(&format!("{name} has no end")), "{} cut at {cut}: {err}", p.display());
                cuts += 1;
            }
            assert!(wavebudget_isa::parse_assembly(&lines[..=end].join("\n")).is_ok());
        }
    }
    assert!(cuts > 200, "{cuts} cuts");

    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("isa-cut");
    std::fs::create_dir_all(&dir).unwrap();
    let ll = dir.join("two.ll");
    std::fs::write(
        &ll,
        "define amdgpu_kernel void @first(ptr addrspace(1) %p) {\n  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n\
         define amdgpu_kernel void @second(ptr addrspace(1) %p) {\n  store i32 2, ptr addrspace(1) %p\n  ret void\n}\n",
    )
    .unwrap();
    let s = dir.join("two.s");
    llc_file("gfx942", "asm", &ll, &s);
    let asm = std::fs::read_to_string(&s).unwrap();
    let cut_at = asm.find("\nsecond:").unwrap() + 200;
    let cut = dir.join("two-cut.s");
    std::fs::write(&cut, &asm[..cut_at]).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_wavebudget")).arg("isa").arg(&cut).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(out.stdout.is_empty() && err.lines().count() == 1, "{err}");
    assert!(err.contains("second has no end (.Lfunc_endN:) before the end of the text"), "{err}");
    assert_eq!(kernels(&isa_json(&s)).len(), 2);
}
