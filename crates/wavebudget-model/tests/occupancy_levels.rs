//! LLVM's own occupancy test, offline: `llvm/test/CodeGen/AMDGPU/occupancy-levels.ll` checks llc's
//! `; Occupancy:` for ~40 tiny kernels (VGPRs or SGPRs clobbered, LDS arrays, launch-size and waves-per-eu
//! ranges) on 23 configurations LLVM 22 has. `tests/data/occupancy_levels.tsv` holds upstream's
//! expectations (transcribed in `scripts/gen-occupancy-levels.py`) beside the counts and occupancy llc-22
//! reports for an equivalent kernel of ours; the model, given only those counts and the kernel's
//! attributes, must give llc-22's number on every row, which is upstream's wherever LLVM 22 agrees with it.
//! `WAVEBUDGET_BLESS=1` remakes the file with llc-22 first (as cranelift's `CRANELIFT_TEST_BLESS`).

use wavebudget_model::{subtarget, Options, Usage, Vgprs, WorkgroupSize};

/// Rows where llvm-project main expects another number than LLVM 22 gives (checked with llc-22 when the
/// file was made): main counts gfx900 SGPRs differently for 88 and 100 SGPRs, and gives gfx1250 a
/// different LDS rule. The model follows LLVM 22 on them.
const UPSTREAM_AFTER_22: &[(&str, &str)] = &[
    ("gfx900", "used_88_sgprs"),
    ("gfx900", "used_100_sgprs"),
    ("gfx1250", "used_lds_8252_max_group_size_64"),
    ("gfx1250", "used_lds_8252_max_group_size_32"),
];

#[test]
fn model_reproduces_llvm_occupancy_levels_without_llc() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    if std::env::var_os("WAVEBUDGET_BLESS").is_some() {
        let status =
            std::process::Command::new("python3").arg(root.join("scripts/gen-occupancy-levels.py")).status().unwrap();
        assert!(status.success(), "scripts/gen-occupancy-levels.py failed");
    }
    let text = std::fs::read_to_string(root.join("crates/wavebudget-model/tests/data/occupancy_levels.tsv")).unwrap();
    let (mut rows, mut upstream_checked, mut wrong, mut differ) = (0, 0, Vec::new(), Vec::new());
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let [cpu, mattr, kernel, wg_max, wpe, vgprs, agprs, sgprs, lds, llc22, upstream] = f[..] else {
            panic!("bad row: {line}")
        };
        let n = |s: &str| -> u32 { s.parse().unwrap_or_else(|_| panic!("{s:?} in {line}")) };
        let st = subtarget(cpu, Options::from_target_features(if mattr == "-" { "" } else { mattr })).unwrap();
        let workgroup = WorkgroupSize { min: 1, max: n(wg_max) };
        let usage = Usage {
            vgprs: Vgprs::Split { arch: n(vgprs), agpr: n(agprs) },
            sgprs: Some(n(sgprs)),
            lds: n(lds),
            workgroup,
        };
        let mut got = st.occupancy(&usage).unwrap().waves_per_simd;
        if let Some((_, max)) = wpe.split_once(',') {
            got = got.min(st.exact_cap(n(max), workgroup, n(lds)));
        }
        if got != n(llc22) {
            wrong.push(format!("{cpu} {mattr} {kernel}: llc-22 {llc22}, model {got}"));
        }
        if upstream != "-" {
            upstream_checked += 1;
            if upstream != llc22 {
                differ.push((cpu, kernel));
            }
        }
        rows += 1;
    }
    assert_eq!(rows, 920, "the golden file lost rows (WAVEBUDGET_BLESS=1 remakes it with llc-22)");
    assert_eq!(upstream_checked, 844, "rows carrying upstream's expectation");
    assert!(wrong.is_empty(), "{} of {rows} rows differ from llc-22:\n{}", wrong.len(), wrong.join("\n"));
    assert_eq!(differ, UPSTREAM_AFTER_22, "rows where upstream's expectation is not LLVM 22's");
}

/// `tests/lit/model-llc-points.test` offline: the lit runner checks the CLI's output against llc-22's
/// occupancy; this reads the same RUN and check lines and evaluates the model directly, so `cargo test -p
/// wavebudget-model` checks the AGPR, dynamic-VGPR and CU-mode points without FileCheck or the CLI.
#[test]
fn model_reproduces_the_lit_llc_points_without_the_cli() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("tests/lit/model-llc-points.test")).unwrap();
    let mut checked = 0;
    for run in text.lines().filter_map(|l| l.strip_prefix("RUN: %wavebudget occupancy ")) {
        let (args, check) = run.split_once(" | FileCheck %s --check-prefix=").expect("a FileCheck pipe");
        let want = text
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{check}: Occupancy [waves/SIMD] ")))
            .and_then(|rest| rest.strip_suffix(" of"))
            .unwrap_or_else(|| panic!("no check line for {check}"));
        let words: Vec<&str> = args.split_whitespace().collect();
        let flag = |f: &str| words.iter().position(|w| *w == f).map(|i| words[i + 1]);
        let n = |f: &str| flag(f).map(|v| v.parse::<u32>().unwrap_or_else(|_| panic!("{f} {v} in {run}")));
        let mut opts =
            Options { wave_size: n("--wave-size"), cu_mode: words.contains(&"--cu-mode"), ..Options::default() };
        if let Some(b) = n("--dvgpr-block") {
            opts.dvgpr_block = b;
        }
        let st = subtarget(flag("-t").expect("-t"), opts).unwrap();
        let wg = n("--wg-size").map_or(WorkgroupSize::DEFAULT, WorkgroupSize::fixed);
        let u = Usage {
            vgprs: Vgprs::Split { arch: n("--vgprs").unwrap(), agpr: n("--agprs").unwrap_or(0) },
            sgprs: n("--sgprs"),
            lds: n("--lds").unwrap_or(0),
            workgroup: wg,
        };
        let got = st.check(u).unwrap_or_else(|e| panic!("{check}: {e}")).waves_per_simd();
        assert_eq!(got.to_string(), want, "{check}: {run}");
        checked += 1;
    }
    assert_eq!(checked, 42, "points in tests/lit/model-llc-points.test");
}
