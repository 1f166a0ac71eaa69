//! `wavebudget isa --json` over Debian's librocsparse0 (1.3 GB, ~88k kernels) against LLVM 22's tools on
//! the same file, in the same run: `llvm-objdump-22 --offloading` to extract the code objects, then
//! `llvm-objdump-22 -d` on each and a count of the same signals over its text (instructions without
//! s_nop, `vmcnt(0)` and `lgkmcnt(0)` waits, MFMA/WMMA), the way people script it. Prints wall time, peak
//! RSS and the totals each side counted. Not run in CI (it downloads 94 MB and takes minutes):
//!   cargo bench -p wavebudget-cli --bench isa_rocsparse

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;
use wavebudget_testkit::bench::{llvm, rocsparse_setup, run, Cost};

#[derive(Default, Debug, PartialEq, Eq)]
struct Totals {
    instructions: u64,
    vmcnt0: u64,
    lgkmcnt0: u64,
    matrix: u64,
}

/// The signals over `llvm-objdump -d` text: every instruction line of every function.
fn count_objdump(text: &str, t: &mut Totals) {
    for line in text.lines() {
        let Some(rest) = line.strip_prefix('\t') else { continue };
        let code = rest.split("//").next().unwrap_or("").trim();
        let mnemonic = code.split_whitespace().next().unwrap_or("");
        if mnemonic.is_empty() || mnemonic == "s_nop" || !mnemonic.starts_with(|c: char| c.is_ascii_lowercase()) {
            continue;
        }
        t.instructions += 1;
        if mnemonic == "s_waitcnt" {
            t.vmcnt0 += u64::from(code.contains("vmcnt(0)"));
            t.lgkmcnt0 += u64::from(code.contains("lgkmcnt(0)"));
        }
        t.matrix += u64::from(["v_mfma", "v_wmma", "v_smfmac", "v_swmmac"].iter().any(|p| mnemonic.starts_with(p)));
    }
}

fn main() {
    let (lib, scratch, exe) = rocsparse_setup("bench-isa-rocsparse");
    let size = std::fs::metadata(&lib).unwrap().len();

    let json = scratch.join("isa.json");
    let mut ours = Cost::default();
    assert!(run(&mut ours, Command::new(&exe).args(["isa", "--json"]).arg(&lib), Some(&json)));

    let mut od = Cost::default();
    let dir = scratch.join("objdump");
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(&lib, dir.join("lib.so")).unwrap();
    run(&mut od, Command::new(llvm("llvm-objdump")).arg("--offloading").arg("lib.so").current_dir(&dir), None);
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().contains("amdgcn"))
        .collect();
    entries.sort();
    let text = scratch.join("d.txt");
    let mut theirs = Totals::default();
    for e in &entries {
        if run(&mut od, Command::new(llvm("llvm-objdump")).args(["-d", "--no-show-raw-insn"]).arg(e), Some(&text)) {
            let start = Instant::now();
            count_objdump(&std::fs::read_to_string(&text).unwrap_or_default(), &mut theirs);
            od.wall += start.elapsed();
        }
    }
    let _ = std::fs::remove_dir_all(&dir);

    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let mut mine = Totals::default();
    let mut kernels = 0u64;
    for co in report["code_objects"].as_array().unwrap() {
        for k in co["kernels"].as_array().unwrap() {
            kernels += 1;
            mine.instructions += k["instructions"].as_u64().unwrap();
            mine.vmcnt0 += k["waitcnt"]["vmcnt0"].as_u64().unwrap();
            mine.lgkmcnt0 += k["waitcnt"]["lgkmcnt0"].as_u64().unwrap();
            mine.matrix += k["counts"]["matrix"].as_u64().unwrap();
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    println!("librocsparse.so.0.1: {:.0} MB, {kernels} kernels, {} code objects", size as f64 / 1e6, entries.len());
    println!(
        "{:<46} {:>8} {:>10} {:>6} {:>13} {:>10} {:>10} {:>8}",
        "pipeline", "wall s", "peak RSS", "procs", "instructions", "vmcnt(0)", "lgkmcnt(0)", "MFMA"
    );
    let row = |name: &str, c: &Cost, t: &Totals| {
        println!(
            "{name:<46} {:>8.2} {:>7.0} MB {:>6} {:>13} {:>10} {:>10} {:>8}",
            c.wall.as_secs_f64(),
            c.peak_rss_kb as f64 / 1024.0,
            c.processes,
            t.instructions,
            t.vmcnt0,
            t.lgkmcnt0,
            t.matrix
        );
    };
    row("wavebudget isa --json", &ours, &mine);
    row("llvm-objdump --offloading, -d + text count", &od, &theirs);
    println!("speed-up: {:.1}x", od.wall.as_secs_f64() / ours.wall.as_secs_f64());
}
