//! `wavebudget suggest` against llc-22: for a kernel of given VGPRs, SGPRs and LDS growing with the
//! workgroup, every candidate size's waves/SIMD is llc's own "Occupancy [waves/SIMD]" for the same kernel
//! compiled at that fixed size (`"amdgpu-flat-work-group-size"="N,N"`), and the choice is the candidate
//! with the most resident waves, ties to the largest.

use std::fmt::Write as _;
use wavebudget_testkit::llvm::{llc_compile, remark_u32};

fn suggest(args: &[&str]) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wavebudget")).args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn every_candidate_is_llcs_occupancy_at_that_size() {
    for (cpu, mattr, arch, sgpr_index, lds, per_item) in [
        ("gfx942", "", 96u32, 40u32, 4096u32, 32u32),
        ("gfx90a", "", 150, 20, 0, 48),
        ("gfx1100", "", 64, 30, 8192, 16),
        ("gfx1100", "+wavefrontsize64", 100, 30, 0, 64),
        ("gfx906", "-xnack", 40, 90, 2048, 8),
    ] {
        let mut args = vec!["suggest", "--target", cpu, "--all", "--json"];
        if mattr.contains("wavefrontsize64") {
            args.extend(["--wave-size", "64"]);
        }
        // The kernel's own counts as llc reports them (one compile at the default range).
        let probe = format!(
            "define amdgpu_kernel void @k() {{\n  call void asm sideeffect \"\", \"~{{v{}}}\"()\n  call void asm sideeffect \"\", \"~{{s{sgpr_index}}}\"()\n  ret void\n}}\n",
            arch - 1
        );
        let c = llc_compile(&probe, cpu, mattr, &format!("suggest-probe-{cpu}"));
        let sgprs = remark_u32(&c.remarks["k"], "TotalSGPRs").unwrap().to_string();
        let (vgprs, lds_s, per_s) = (arch.to_string(), lds.to_string(), per_item.to_string());
        args.extend(["--vgprs", &vgprs, "--sgprs", &sgprs, "--lds", &lds_s, "--lds-per-item", &per_s]);
        let v = suggest(&args);
        let candidates = v["candidates"].as_array().unwrap();
        assert!(candidates.len() > 1, "{v}");
        // One kernel per candidate size, its LDS the candidate's, fixed at that size.
        let mut ir = String::new();
        for (i, c) in candidates.iter().enumerate() {
            let bytes = c["lds"].as_u64().unwrap();
            if bytes > 0 {
                let _ = writeln!(ir, "@lds{i} = internal addrspace(3) global [{bytes} x i8] poison, align 4");
            }
        }
        for (i, c) in candidates.iter().enumerate() {
            let _ = writeln!(ir, "define amdgpu_kernel void @k{i}() #{i} {{");
            let _ = writeln!(ir, "  call void asm sideeffect \"\", \"~{{v{}}}\"()", arch - 1);
            let _ = writeln!(ir, "  call void asm sideeffect \"\", \"~{{s{sgpr_index}}}\"()");
            if c["lds"].as_u64().unwrap() > 0 {
                let _ = writeln!(ir, "  store volatile i8 1, ptr addrspace(3) @lds{i}");
            }
            let _ = writeln!(ir, "  ret void\n}}");
        }
        for (i, c) in candidates.iter().enumerate() {
            let wg = c["wg_size"].as_u64().unwrap();
            let _ = writeln!(ir, "attributes #{i} = {{ nounwind \"amdgpu-flat-work-group-size\"=\"{wg},{wg}\" }}");
        }
        let compiled = llc_compile(&ir, cpu, mattr, &format!("suggest-{cpu}{}", mattr.replace(['+', '-'], "_")));
        for (i, c) in candidates.iter().enumerate() {
            let r = &compiled.remarks[&format!("k{i}")];
            assert_eq!(
                c["waves_per_simd"].as_u64().map(|w| w as u32),
                remark_u32(r, "Occupancy [waves/SIMD]"),
                "{cpu}{mattr} at {}: {c}",
                c["wg_size"]
            );
        }
        let best = candidates
            .iter()
            .max_by_key(|c| {
                (c["resident_waves_per_simd"].as_u64(), c["waves_per_simd"].as_u64(), c["wg_size"].as_u64())
            })
            .unwrap();
        assert_eq!(v["wg_size"], best["wg_size"], "{cpu}: the choice");
    }
}

/// A register split the target cannot hold is refused by `suggest` with `occupancy`'s line, not summed
/// into a total and answered (it was: AGPRs on gfx1100 gave 16 waves, 300 arch VGPRs on gfx942 1 wave).
/// llc agrees there is no such kernel: a clobber of a31 on gfx1100 or of v299 on gfx942 does not compile
/// to those counts.
#[test]
fn a_split_the_target_cannot_hold_is_refused_as_occupancy_refuses_it() {
    let run = |cmd: &str, target: &str, vgprs: &str, agprs: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_wavebudget"))
            .args([cmd, "--target", target, "--vgprs", vgprs, "--agprs", agprs])
            .output()
            .unwrap()
    };
    for (target, vgprs, agprs) in [("gfx1100", "64", "32"), ("gfx942", "300", "32"), ("gfx90a", "64", "300")] {
        let s = run("suggest", target, vgprs, agprs);
        let o = run("occupancy", target, vgprs, agprs);
        assert_eq!(s.status.code(), Some(1), "{target} {vgprs}+{agprs}: {}", String::from_utf8_lossy(&s.stdout));
        assert!(s.stdout.is_empty());
        let line = String::from_utf8_lossy(&s.stderr);
        assert_eq!(line.lines().count(), 1, "{line}");
        assert_eq!(line, String::from_utf8_lossy(&o.stderr), "{target}: suggest and occupancy refuse alike");
    }
    // What the model refuses, llc cannot compile either: the registers are not there.
    for (cpu, reg) in [("gfx1100", "a31"), ("gfx942", "v299")] {
        let ir = format!(
            "define amdgpu_kernel void @k() {{\n  call void asm sideeffect \"\", \"~{{{reg}}}\"()\n  ret void\n}}\n"
        );
        let c = wavebudget_testkit::llvm::llc_compile(&ir, cpu, "", &format!("suggest-split-{cpu}"));
        let r = &c.remarks["k"];
        assert!(
            remark_u32(r, "VGPRs").unwrap() < 256 && remark_u32(r, "AGPRs").unwrap_or(0) == 0,
            "{cpu} {reg}: {r:?}"
        );
    }
}
