//! `wavebudget sweep` against llc-22: for a corpus of real-pressure kernels (accumulator loops, MFMA
//! loops, LDS-tiled loops, scalar accumulators) on gfx908, gfx90a, gfx942, gfx950 and gfx1100 at three
//! launch sizes, every field of every level equals what llc-22 reports for the same module with
//! `"amdgpu-waves-per-eu"="W"` written into it by hand: arch VGPRs, AGPRs and occupancy from its
//! `kernel-resource-usage` remarks, the counts and scratch from `llvm-readelf --notes`. Where the sweep
//! reports a level as not accepted (the pass would not write an attribute LLVM 22 drops), llc's build with
//! the attribute must equal its build without it: LLVM did drop it.

#![allow(clippy::disallowed_methods, reason = "a test reads the JSON a command printed by key, to check each field")]

use wavebudget_testkit::kernels;
use wavebudget_testkit::llvm as common;

use common::{llc_compile, parallel_map, remark_u32};
use std::process::Command;

struct Case {
    cpu: &'static str,
    mfma: bool,
    waves: &'static [u32],
}

const CASES: &[Case] = &[
    Case { cpu: "gfx908", mfma: true, waves: &[1, 2, 4, 6, 8] },
    Case { cpu: "gfx90a", mfma: true, waves: &[1, 2, 3, 4, 8] },
    Case { cpu: "gfx942", mfma: true, waves: &[1, 2, 3, 4, 6, 8] },
    Case { cpu: "gfx950", mfma: true, waves: &[2, 4, 5, 8] },
    Case { cpu: "gfx1100", mfma: false, waves: &[4, 8, 12, 16] },
];

/// The module: kernels plus attribute group #0 with `extra` attributes.
fn module(c: &Case, extra: &str) -> String {
    let mut body = String::new();
    for n in [40, 100, 160] {
        body.push_str(&kernels::vector_acc(&format!("vacc{n}"), n, false));
    }
    body.push_str(&kernels::vector_acc("lacc64", 64, true));
    body.push_str(&kernels::scalar_acc("sacc80", 80));
    if c.mfma {
        for k in [3, 8] {
            body.push_str(&kernels::mfma(&format!("mfma{k}"), k));
        }
    }
    format!(
        "target triple = \"amdgcn-amd-amdhsa\"\n{body}\n{}attributes #0 = {{ \"target-cpu\"=\"{}\" \"amdgpu-agpr-alloc\"=\"0\"{extra} }}\n",
        kernels::DECLARATIONS,
        c.cpu
    )
}

fn num(v: &serde_json::Value, k: &str) -> Option<u32> {
    v.get(k).and_then(|x| x.as_u64()).map(|x| x as u32)
}

#[test]
fn sweep_equals_llc() {
    let dir = std::env::temp_dir().join(format!("wavebudget-sweep-llc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut jobs = Vec::new();
    for ci in 0..CASES.len() {
        for wg in [64u32, 256, 1024] {
            jobs.push((ci, wg));
        }
    }
    let failures: Vec<Vec<String>> = parallel_map(&jobs, |&(ci, wg)| {
        let c = &CASES[ci];
        // The sweep gets the launch size from --wg-size; llc's copies have it written in.
        let input = dir.join(format!("{}-{wg}.ll", c.cpu));
        std::fs::write(&input, module(c, "")).unwrap();
        let waves = c.waves.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        let out = Command::new(env!("CARGO_BIN_EXE_wavebudget"))
            .arg("sweep")
            .arg(&input)
            .args(["--wg-size", &wg.to_string(), "--waves", &waves, "--jobs", "1", "--json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "sweep {}: {}", input.display(), String::from_utf8_lossy(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let mut bad = Vec::new();
        let flat = format!(" \"amdgpu-flat-work-group-size\"=\"{wg},{wg}\"");
        let mut baseline_llc = None;
        let mut levels: Vec<Option<u32>> = vec![None];
        levels.extend(c.waves.iter().map(|&w| Some(w)));
        for w in levels {
            let extra = match w {
                Some(w) => format!("{flat} \"amdgpu-waves-per-eu\"=\"{w}\""),
                None => flat.clone(),
            };
            let llc = llc_compile(&module(c, &extra), c.cpu, "", &format!("{}-{wg}-{}", c.cpu, w.unwrap_or(0)));
            // The level's ISA signals against `wavebudget isa` of llc's assembly for the same build (whose
            // counts tests/isa_llc.rs checks against llc's text).
            let asm_isa = {
                let (ll, s) = (
                    dir.join(format!("{}-{wg}-{}.ll", c.cpu, w.unwrap_or(0))),
                    dir.join(format!("{}-{wg}-{}.s", c.cpu, w.unwrap_or(0))),
                );
                std::fs::write(&ll, module(c, &extra)).unwrap();
                wavebudget_testkit::llvm::llc_file(c.cpu, "asm", &ll, &s);
                let out =
                    Command::new(env!("CARGO_BIN_EXE_wavebudget")).args(["isa", "--json"]).arg(&s).output().unwrap();
                assert!(out.status.success(), "isa {}", String::from_utf8_lossy(&out.stderr));
                let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                v["code_objects"][0]["kernels"].as_array().unwrap().clone()
            };
            for k in json["kernels"].as_array().unwrap() {
                let name = k["name"].as_str().unwrap();
                let level = match w {
                    None => &k["baseline"],
                    Some(w) => k["levels"].as_array().unwrap().iter().find(|l| num(l, "waves") == Some(w)).unwrap(),
                };
                let what = format!("{} wg={wg} {name} W={w:?}", c.cpu);
                if level["status"] == "not-accepted" {
                    let base: &common::Compiled = baseline_llc.as_ref().expect("baseline first");
                    if base.notes[name] != llc.notes[name] || base.remarks[name] != llc.remarks[name] {
                        bad.push(format!(
                            "{what}: the sweep says LLVM ignores W here, but llc's build changed with it"
                        ));
                    }
                    continue;
                }
                if level["status"] != "ok" {
                    bad.push(format!("{what}: sweep status {} ({})", level["status"], level));
                    continue;
                }
                let r = &llc.remarks[name];
                let notes = &llc.notes[name];
                let note = |k: &str| notes.get(k).and_then(|v| v.parse::<u32>().ok());
                let expect = [
                    ("vgprs", remark_u32(r, "VGPRs")),
                    ("agprs", remark_u32(r, "AGPRs")),
                    ("waves_per_simd", remark_u32(r, "Occupancy [waves/SIMD]")),
                    ("vgpr_count", note(".vgpr_count")),
                    ("sgpr_count", note(".sgpr_count")),
                    ("vgpr_spill_count", note(".vgpr_spill_count")),
                    ("sgpr_spill_count", note(".sgpr_spill_count")),
                    ("private_segment_fixed_size", note(".private_segment_fixed_size")),
                ];
                for (field, want) in expect {
                    if num(level, field) != want {
                        bad.push(format!("{what}: {field} sweep {:?}, llc {want:?}", num(level, field)));
                    }
                }
                let mut from_asm =
                    asm_isa.iter().find(|k| k["name"] == name).cloned().expect("kernel in llc's assembly");
                for key in ["name", "vgpr_count", "waves_per_simd"] {
                    from_asm.as_object_mut().unwrap().remove(key);
                }
                if level["isa"] != from_asm {
                    bad.push(format!("{what}: isa sweep {}, llc's assembly {from_asm}", level["isa"]));
                }
            }
            if w.is_none() {
                baseline_llc = Some(llc);
            }
        }
        bad
    });
    let _ = std::fs::remove_dir_all(&dir);
    let failures: Vec<String> = failures.into_iter().flatten().collect();
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
}
