//! `wavebudget advise` checked on silicon (issue 54).
//!
//! H200: the 131 Triton configs of `tests/data/nvidia/h200/` (a copy of `../shared/fixtures/nvidia/h200/`;
//! its README and `nv_timing.py` say how the H200 timed them, twice) turned into candidates by
//! `scripts/h200-candidates.py`, ranked, and the ranking checked against the mean of the two runs. The
//! residency the engine computes under Triton's launch rule must equal the driver's blocks per SM for every
//! config. MI355X: the seed guide's `mfma_ilp` (tests/inputs/mfma_ilp.hip) compiled by clang-22 for gfx950
//! at ILP 1, 2, 4, 8, with dynamic LDS throttling it to 1..8 waves/SIMD; the predicted matrix throughput
//! against the guide's measurements.

#![allow(clippy::disallowed_methods, reason = "a test reads the JSON a command printed by key, to check each field")]

use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_wavebudget"))
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn advise(target: &str, file: &Path) -> serde_json::Value {
    let out = Command::new(bin()).args(["advise", "--target", target, "--json"]).arg(file).output().unwrap();
    assert!(out.status.success(), "advise {}: {}", file.display(), String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

fn h200_candidates() -> PathBuf {
    let dir = wavebudget_testkit::process::fresh_dir(Path::new(env!("CARGO_TARGET_TMPDIR")), "advise-h200");
    wavebudget_testkit::process::run_ok(
        Command::new("python3").arg(root().join("scripts/h200-candidates.py")).arg(&dir),
    );
    dir
}

/// Point 3 on the H200 set, group by group, with the numbers printed: what holds is asserted, and the
/// one criterion the model does not meet (the stencil's top-ranked config) is asserted at the value it
/// has, so a change either way is seen. docs/advice.md reports the table.
#[test]
fn the_h200_set_ranks_as_measured() {
    let dir = h200_candidates();
    let timing: serde_json::Value = serde_json::from_slice(
        &std::fs::read(root().join("crates/wavebudget-cli/tests/data/nvidia/h200/triton-timing.json")).unwrap(),
    )
    .unwrap();
    let driver: std::collections::HashMap<String, u64> = timing["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r.get("ms").is_some())
        .map(|r| {
            (r["llir"].as_str().unwrap().trim_end_matches(".ll").to_string(), r["blocks_per_sm"].as_u64().unwrap())
        })
        .collect();
    let mut seen = 0;
    for kind in ["matmul", "softmax", "stencil"] {
        let a = advise("H200", &dir.join(format!("{kind}.jsonl")));
        for c in a["candidates"].as_array().unwrap() {
            let name = c["name"].as_str().unwrap();
            assert_eq!(c["resident"].as_u64(), driver.get(name).copied(), "{name}: blocks per SM against the driver's");
            seen += 1;
        }
        let k = &a["check"];
        let (top1, top3) = (k["top1_gap"].as_f64().unwrap(), k["top3_gap"].as_f64().unwrap());
        let rho = k["spearman"].as_f64().unwrap();
        eprintln!(
            "{kind}: top-1 {:+.1}% (tied first: {}), top-3 {:+.1}%, Spearman {rho:.3}, spilling above twin {} of {}",
            top1 * 100.0,
            k["tied_first"],
            top3 * 100.0,
            k["twins_above"].as_array().unwrap().len(),
            k["twins"]
        );
        assert!(top3 <= 0.02, "{kind}: the best of the top three is {:+.1}% from the fastest", top3 * 100.0);
        assert!(k["twins_above"].as_array().unwrap().is_empty(), "{kind}: {}", k["twins_above"]);
        match kind {
            "matmul" => {
                assert!(rho >= 0.8, "matmul Spearman {rho}");
                assert_eq!(k["twins"], 5, "the five maxnreg configs that spill have an uncapped twin");
                assert!(top1 <= 0.08, "matmul top-1 {top1}");
            }
            "softmax" => assert!(top1 <= 0.05, "softmax top-1 {top1}"),
            // The model predicts the stencil's TAPS=8 configs equal (every one bound by HBM bandwidth at
            // the same bytes per element); the H200 runs 2 elements per thread 20% faster than 4 or more.
            _ => {
                assert!(top1 > 0.05, "the stencil's top-ranked config is now within 5% ({top1}): update docs/advice.md")
            }
        }
    }
    assert_eq!(seen, 131);
}

/// The guide's measurements (MI355X, `mfma_ilp`, PFLOPS): ILP=8 4.84 flat; ILP=1 3.47 at 1 wave/SIMD
/// (12% occupancy) and 4.54 from 2; ILP=2 4.65 and ILP=4 4.45 at 1 wave/SIMD. As fractions of the ILP=8
/// plateau, the model's predicted matrix utilization must be within 10 points of each.
#[test]
fn mfma_ilp_on_gfx950_follows_the_guide() {
    let dir = wavebudget_testkit::process::fresh_dir(Path::new(env!("CARGO_TARGET_TMPDIR")), "advise-mfma");
    let asm = dir.join("mfma_ilp.s");
    let clang = wavebudget_testkit::llvm::tool("clang");
    wavebudget_testkit::process::run_ok(
        Command::new(&clang)
            .args([
                "-x",
                "hip",
                "--offload-arch=gfx950",
                "--offload-device-only",
                "-nogpulib",
                "-nogpuinc",
                "-O3",
                "-S",
                "-o",
            ])
            .arg(&asm)
            .arg(root().join("tests/inputs/mfma_ilp.hip")),
    );
    let text = std::fs::read_to_string(&asm).unwrap();
    let plateau = 4.84;
    let mut curves = std::collections::BTreeMap::new();
    for ilp in [1u32, 2, 4, 8] {
        let kernel = format!("_Z8mfma_ilpILi{ilp}EEvPKDv8_iS2_Pfi");
        let total = text
            .split(&format!("{kernel}:"))
            .nth(1)
            .unwrap()
            .lines()
            .find_map(|l| l.trim().strip_prefix("; TotalNumVgprs: "))
            .unwrap()
            .parse::<u32>()
            .unwrap();
        let file = dir.join(format!("ilp{ilp}.jsonl"));
        let lines: Vec<String> = (1..=8)
            .map(|w| {
                serde_json::json!({"name": format!("w{w}"), "asm": "mfma_ilp.s", "kernel": kernel, "registers": total,
                    "shared": 160 * 1024 / w, "num_warps": 4, "grid": 256 * 64 * w})
                .to_string()
            })
            .collect();
        std::fs::write(&file, lines.join("\n")).unwrap();
        let a = advise("MI355X", &file);
        let mut curve: Vec<(f64, f64)> = a["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["waves_per_simd"].as_f64().unwrap(), c["matrix_utilization"].as_f64().unwrap()))
            .collect();
        curve.sort_by(|x, y| x.0.total_cmp(&y.0));
        curve.dedup_by(|x, y| x.0 == y.0);
        eprintln!(
            "ILP={ilp}: {}",
            curve.iter().map(|(w, u)| format!("{w} waves {:.0}%", u * 100.0)).collect::<Vec<_>>().join(", ")
        );
        curves.insert(ilp, curve);
    }
    let at = |ilp: u32, w: f64| curves[&ilp].iter().find(|c| c.0 == w).unwrap().1;
    let near = |got: f64, guide: f64, what: &str| {
        assert!(
            (got - guide / plateau).abs() <= 0.10,
            "{what}: predicted {:.0}%, the guide {:.0}%",
            got * 100.0,
            guide / plateau * 100.0
        )
    };
    for &(w, u) in &curves[&8] {
        assert!(u >= 0.95, "ILP=8 at {w} waves/SIMD: {u}");
    }
    near(at(1, 1.0), 3.47, "ILP=1, 1 wave/SIMD");
    assert!(at(1, 1.0) < at(1, 2.0), "ILP=1 rises with waves");
    for &(w, u) in curves[&1].iter().filter(|c| c.0 >= 2.0) {
        near(u, 4.54, &format!("ILP=1, {w} waves/SIMD"));
    }
    near(at(2, 1.0), 4.65, "ILP=2, 1 wave/SIMD");
    near(at(4, 1.0), 4.45, "ILP=4, 1 wave/SIMD");
}

/// The report draws the model's predicted throughput against waves from a sweep's levels, and its table's
/// `predicted` column is each level's throughput against the fastest, as the sweep's JSON gives the times.
#[test]
fn the_report_draws_predicted_throughput_against_waves() {
    let dir = wavebudget_testkit::process::fresh_dir(Path::new(env!("CARGO_TARGET_TMPDIR")), "advise-report");
    let sweep = Command::new(bin())
        .args(["sweep", "--target", "gfx942", "--json"])
        .arg(root().join("examples/mfma_tile.ll"))
        .output()
        .unwrap();
    assert!(sweep.status.success(), "{}", String::from_utf8_lossy(&sweep.stderr));
    std::fs::write(dir.join("sweep.json"), &sweep.stdout).unwrap();
    let json: serde_json::Value = serde_json::from_slice(&sweep.stdout).unwrap();
    let k = &json["kernels"][0];
    let levels: Vec<&serde_json::Value> =
        std::iter::once(&k["baseline"]).chain(k["levels"].as_array().unwrap()).collect();
    let times: Vec<f64> = levels.iter().map(|l| l["predicted"]["seconds_per_work"].as_f64().unwrap()).collect();
    assert_eq!(levels[0]["predicted"]["product"], "MI300X");
    let fastest = times.iter().copied().fold(f64::INFINITY, f64::min);
    wavebudget_testkit::process::run_ok(
        Command::new(bin()).arg("report").arg(dir.join("sweep.json")).arg("-o").arg(dir.join("r.html")),
    );
    let html = std::fs::read_to_string(dir.join("r.html")).unwrap();
    assert!(html.contains(r#"data-axis="predicted throughput""#));
    for (l, t) in levels.iter().zip(&times) {
        let cell =
            format!("<td>{:.2}</td><td class=\"text\">{}</td>", fastest / t, l["predicted"]["cause"].as_str().unwrap());
        assert!(html.contains(&cell), "{cell} not in the page");
    }
}

/// A Triton cache as input: each entry's launch from its JSON, its counts from its cubin (equal to the
/// driver's: nvidia_h200.rs), its PTX as instructions. The PTX reader's pipeline depth is each matmul
/// entry's `num_stages - 1` (its JSON, an independent record of what Triton built), its hot loop found
/// and its `wgmma`s or `mma.sync`s counted; a cache of several kernels is refused unless one is named.
#[test]
fn a_triton_cache_is_read_entry_by_entry() {
    let dir = wavebudget_testkit::process::fresh_dir(Path::new(env!("CARGO_TARGET_TMPDIR")), "advise-cache");
    let data = root().join("crates/wavebudget-cli/tests/data/nvidia/h200");
    wavebudget_testkit::process::run_ok(
        Command::new("tar").arg("xJf").arg(data.join("triton-cache.tar.xz")).arg("-C").arg(&dir),
    );
    let cache = dir.join("triton-cache");
    let out = Command::new(bin()).args(["advise", "--target", "H200"]).arg(&cache).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!((out.status.code(), err.lines().count()), (Some(1), 1), "{err}");
    assert!(err.contains("the inputs hold the kernels add_k, layernorm_k, matmul_k, softmax_k"), "{err}");
    let out = Command::new(bin())
        .args(["advise", "--target", "H200", "--json", "--kernel", "matmul_k", "--grid", "512"])
        .arg(&cache)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let a: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut checked = 0;
    for c in a["candidates"].as_array().unwrap() {
        let entry = cache.join(c["name"].as_str().unwrap().split('/').next().unwrap());
        let entry = std::fs::read_dir(&cache)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| {
                p.file_name().unwrap().to_string_lossy().starts_with(entry.file_name().unwrap().to_str().unwrap())
            })
            .unwrap();
        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(entry.join("matmul_k.json")).unwrap()).unwrap();
        if c["cause"] == "unlaunchable" {
            continue;
        }
        let s = &c["signals"];
        assert_eq!(s["hot_loop"], true, "{entry:?}");
        let m = s["matrix"][0]["instruction"].as_str().unwrap();
        assert!(m.starts_with("wgmma.mma_async") || m.starts_with("mma.sync.aligned"), "{s}");
        assert_eq!(s["pipeline_depth"].as_u64(), json["num_stages"].as_u64().map(|n| n - 1), "{entry:?}");
        checked += 1;
    }
    assert_eq!(checked, 14);
}

/// A candidate whose `num_warps` x warp size overflows a launch size is refused by one line naming it,
/// with Triton's launch rule's words (the one rule `explain` and Triton cache entries take too).
#[test]
fn a_candidate_without_a_launch_size_is_refused_by_name() {
    let dir = wavebudget_testkit::process::fresh_dir(Path::new(env!("CARGO_TARGET_TMPDIR")), "advise-launch");
    std::fs::write(
        dir.join("k.ptx"),
        ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\tret;\n}\n",
    )
    .unwrap();
    let line = |name: &str, warps: u64| {
        format!(
            "{{\"name\": \"{name}\", \"asm\": \"k.ptx\", \"registers\": 32, \"spills\": 0, \"shared\": 0, \"num_warps\": {warps}, \"grid\": 8}}\n"
        )
    };
    let file = dir.join("c.jsonl");
    // 2^27 warps of 32 lanes is 2^32 threads: one past u32.
    std::fs::write(&file, line("ok", 4) + &line("big", 1 << 27)).unwrap();
    let out = Command::new(bin()).args(["advise", "--target", "H200"]).arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: candidate 'big': num_warps 134217728 x warp_size 32 is no launch size\n"
    );
    std::fs::write(&file, line("ok", 4)).unwrap();
    assert_eq!(advise("H200", &file)["candidates"].as_array().map(Vec::len), Some(1));
}

/// Issue 56 point 1: advice's AMD residency is the one evaluation of the binary (inspect's at Triton's
/// launch), not a second reading of its counts. A kernel of 24 VGPRs built with `"amdgpu-waves-per-eu"`
/// `"2,2"` (what Triton's `waves_per_eu=2` writes): llc-22 pads its descriptor to cap it at 2 waves/SIMD.
/// Advice took its `.vgpr_count` as a configuration and predicted 8 waves/SIMD; it now predicts llc's 2,
/// as inspect does, and its unpadded twin 8 still.
#[test]
fn advice_on_a_code_object_takes_its_evaluation_padding_included() {
    let dir = wavebudget_testkit::process::fresh_dir(Path::new(env!("CARGO_TARGET_TMPDIR")), "advise-padded");
    for (name, waves_per_eu) in [("padded", Some(2)), ("twin", None)] {
        let attr = waves_per_eu.map_or(String::new(), |w| format!(" \"amdgpu-waves-per-eu\"=\"{w},{w}\""));
        let ir = format!(
            "define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 {{\n  %wi = call i32 @llvm.amdgcn.workitem.id.x()\n  \
             call void asm sideeffect \"\", \"~{{v23}}\"()\n  %q = getelementptr i32, ptr addrspace(1) %out, i32 %wi\n  \
             store i32 %wi, ptr addrspace(1) %q\n  ret void\n}}\ndeclare i32 @llvm.amdgcn.workitem.id.x()\n\
             attributes #0 = {{ \"amdgpu-flat-work-group-size\"=\"1,256\" \"amdgpu-agpr-alloc\"=\"0\"{attr} }}\n"
        );
        let llc = wavebudget_testkit::llvm::llc_compile(&ir, "gfx942", "", &format!("advise-{name}"));
        let remark = wavebudget_testkit::llvm::remark_u32(&llc.remarks["k"], "Occupancy [waves/SIMD]").unwrap();
        assert_eq!(remark, if waves_per_eu.is_some() { 2 } else { 8 }, "llc-22's remark");
        // A Triton cache entry of it: the code object, its assembly and Triton's launch (4 warps of 64).
        let entry = dir.join(name);
        std::fs::create_dir_all(&entry).unwrap();
        let ll = entry.join("k.ll");
        std::fs::write(&ll, &ir).unwrap();
        wavebudget_testkit::llvm::llc_file("gfx942", "obj", &ll, &entry.join("k.hsaco"));
        wavebudget_testkit::llvm::llc_file("gfx942", "asm", &ll, &entry.join("k.amdgcn"));
        std::fs::remove_file(&ll).unwrap();
        std::fs::write(
            entry.join("k.json"),
            r#"{"name": "k", "shared": 0, "num_warps": 4, "warp_size": 64, "target": {"backend": "hip", "arch": "gfx942", "warp_size": 64}}"#,
        )
        .unwrap();
        let out = Command::new(bin())
            .args(["advise", "--target", "MI300X", "--json", "--grid", "100000"])
            .arg(&entry)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let a: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let c = &a["candidates"][0];
        assert_eq!(c["waves_per_simd"].as_f64(), Some(f64::from(remark)), "{name}: {c}");
        // 256 threads are one wave per SIMD a workgroup: the workgroups per CU are the waves per SIMD.
        assert_eq!(c["resident"].as_u64(), Some(u64::from(remark)), "{name}: {c}");
    }
}
