//! The descriptor-versus-metadata rule on every processor family and LLVM major: a kernel descriptor
//! holds its register counts in encoding granules (8 SGPRs on GFX8/9: 99 encodes as 104; 4, 8 or 16
//! VGPRs), and LLVM pads it beyond that only to hold a kernel at its maximum waves per EU. `inspect
//! --llvm N` must give llc-N's own "Occupancy [waves/SIMD]" on kernels with every SGPR count from s60 to
//! s101, VGPR counts on, under and over each encoding and allocation granule, AGPR splits, and `"W,W"`
//! kernels LLVM pads; it must note padding only where llc padded (the `"W,W"` kernels), and the waves it
//! derives from the descriptor must be llc's too. (`agree.rs` runs the same probes through embed,
//! dispatch and the pass's records under LLVM 22.)

use std::path::{Path, PathBuf};
use std::process::Command;
use wavebudget_model::{subtarget, Llvm, Options};
use wavebudget_testkit::kernels::{granule_probes, probes_module, Probe};
use wavebudget_testkit::llvm::{llvm_bin_for, parallel_map, parse_remarks, remark_u32, LlcTarget, ONE_PER_FAMILY};
use wavebudget_testkit::process::fresh_dir;

fn compile(major: u32, c: &LlcTarget, probes: &[Probe], dir: &Path) -> (PathBuf, String) {
    let tag = format!("{}{}-{major}", c.cpu, c.mattr.replace(['+', '-', ','], "_"));
    let ll = dir.join(format!("{tag}.ll"));
    let obj = dir.join(format!("{tag}.o"));
    std::fs::write(&ll, probes_module(probes)).unwrap();
    let mut cmd = Command::new(llvm_bin_for(major).join("llc"));
    cmd.args(["-mtriple=amdgcn-amd-amdhsa", &format!("-mcpu={}", c.cpu), "-filetype=obj"])
        .arg("-pass-remarks-analysis=kernel-resource-usage");
    if !c.mattr.is_empty() {
        cmd.arg(format!("-mattr={}", c.mattr));
    }
    let out = cmd.arg(&ll).arg("-o").arg(&obj).output().expect("run llc");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "llc-{major} {tag}: {stderr}");
    (obj, stderr)
}

fn check_major(llvm: Llvm) {
    let major = llvm.major();
    let dir = fresh_dir(Path::new(env!("CARGO_TARGET_TMPDIR")), &format!("granules-{major}"));
    let jobs: Vec<(&LlcTarget, Vec<Probe>)> = ONE_PER_FAMILY
        .iter()
        .filter_map(|c| {
            let st = subtarget(c.cpu, Options { llvm, ..c.options(0) }).ok()?;
            Some((c, granule_probes(&st)))
        })
        .collect();
    assert!(jobs.len() >= 10, "LLVM {major}: only {} processors", jobs.len());
    let compiled = parallel_map(&jobs, |(c, probes)| compile(major, c, probes, &dir));
    let (mut checked, mut padded_seen, mut failures) = (0, 0, Vec::new());
    for ((c, probes), (obj, stderr)) in jobs.iter().zip(&compiled) {
        let remarks = parse_remarks(stderr);
        let json = wavebudget_cli::run([
            "wavebudget",
            "inspect",
            "--json",
            "--llvm",
            &major.to_string(),
            &obj.display().to_string(),
        ])
        .unwrap_or_else(|e| panic!("inspect {}: {e}", obj.display()));
        let report: serde_json::Value = serde_json::from_str(&json).unwrap();
        let kernels = report["code_objects"][0]["kernels"].as_array().expect("kernels");
        assert_eq!(kernels.len(), probes.len(), "{} {}: kernels read", c.cpu, c.mattr);
        for (probe, k) in probes.iter().zip(kernels) {
            let name = k["name"].as_str().unwrap();
            assert_eq!(name, probe.name);
            let llc = remarks.get(name).and_then(|r| remark_u32(r, "Occupancy [waves/SIMD]")).expect("llc's remark");
            let what = format!("llc-{major} -mcpu={} -mattr={} {probe:?}", c.cpu, c.mattr);
            let notes: Vec<&str> =
                k["notes"].as_array().map_or(vec![], |n| n.iter().filter_map(|s| s.as_str()).collect());
            let says_padded = notes.iter().any(|n| n.contains("padded"));
            if k["waves_per_simd"].as_u64() != Some(u64::from(llc)) {
                failures.push(format!("{what}: inspect {} vs llc {llc} ({notes:?})", k["waves_per_simd"]));
            }
            if let Some(d) = k["descriptor"]["waves_per_simd"].as_u64() {
                if d != u64::from(llc) {
                    failures.push(format!("{what}: descriptor.waves_per_simd {d} vs llc {llc}"));
                }
            }
            // Without a waves-per-eu maximum and with the default launch range LLVM pads nothing.
            if probe.waves_per_eu.is_none() && says_padded {
                failures.push(format!("{what}: a padding note where llc padded nothing: {notes:?}"));
            }
            padded_seen += usize::from(says_padded);
            checked += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} kernels disagree with llc-{major}:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The padded path is exercised, not only the rounding one.
    assert!(padded_seen > 20, "LLVM {major}: only {padded_seen} padded kernels");
    println!("LLVM {major}: {checked} kernels on {} configurations agree with llc ({padded_seen} padded)", jobs.len());
}

#[test]
fn descriptor_rounding_is_not_padding_under_llvm22() {
    check_major(Llvm::V22);
}

#[test]
fn descriptor_rounding_is_not_padding_under_llvm19() {
    check_major(Llvm::V19);
}

#[test]
fn descriptor_rounding_is_not_padding_under_llvm15() {
    check_major(Llvm::V15);
}
