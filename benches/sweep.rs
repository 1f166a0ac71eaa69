//! The sweep's speed: a module of 60 kernels (vector and scalar accumulator loops, MFMA loops, LDS-tiled
//! loops) on gfx942, compiled unchanged and at W = 1..8, three ways in one run:
//! - `sweep`: in process, `--jobs` = the number of cores;
//! - `serial`: in process, one job at a time;
//! - `llc loop`: one `llc-22 -O2` process per level on the whole module (the attribute written into it),
//!   one after the other.
//!
//! Prints the times, the sweep's speed-up over the llc loop, and its parallel efficiency
//! (serial / (jobs x parallel)).
//!
//! Then the same three ways on small modules, where a process per compile weighs most (issue 55, point
//! 5: code generation runs in child processes, and each child now compiles a run of levels one after
//! the other rather than one level): three kernels of 32, 64 and 96 live floats at W = 1..8, and one
//! kernel of 64 with one job. Goal: the sweep at least 3x the llc loop on the three kernels.
//!
//! Run: `cargo bench -p wavebudget-pass --bench sweep` (not in CI).

use wavebudget_testkit::kernels;

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;
use wavebudget_pass::sweep::{sweep, SweepOptions};

fn llc() -> PathBuf {
    let prefix =
        std::env::var_os("LLVM_SYS_221_PREFIX").map(PathBuf::from).unwrap_or_else(|| "/usr/lib/llvm-22".into());
    prefix.join("bin/llc")
}

fn module(extra: &str) -> String {
    let mut body = String::new();
    for i in 0..30u32 {
        let n = 8 + i * 6; // 8..182 live floats
        body.push_str(&kernels::vector_acc(&format!("vacc{i}"), n, false));
    }
    for i in 0..10u32 {
        body.push_str(&kernels::vector_acc(&format!("lacc{i}"), 16 + i * 12, true));
    }
    for i in 0..10u32 {
        body.push_str(&kernels::scalar_acc(&format!("sacc{i}"), 10 + i * 12));
    }
    for i in 0..10u32 {
        body.push_str(&kernels::mfma(&format!("mfma{i}"), 1 + i));
    }
    gfx942_module(&body, extra)
}

/// `body`'s kernels in a gfx942 module whose attribute group ends with `extra`.
fn gfx942_module(body: &str, extra: &str) -> String {
    format!(
        "target triple = \"amdgcn-amd-amdhsa\"\n{body}\n{}attributes #0 = {{ \"target-cpu\"=\"gfx942\" \"amdgpu-flat-work-group-size\"=\"1,256\" \"amdgpu-agpr-alloc\"=\"0\"{extra} }}\n",
        kernels::DECLARATIONS
    )
}

/// One `llc-22 -O2` process per level (baseline, then each W written into the module) on `ir`; seconds.
fn llc_loop(ir_of: &dyn Fn(&str) -> String, waves: &[u32], dir: &std::path::Path) -> f64 {
    let t = Instant::now();
    for w in std::iter::once(None).chain(waves.iter().map(|&w| Some(w))) {
        let extra = w.map(|w| format!(" \"amdgpu-waves-per-eu\"=\"{w}\"")).unwrap_or_default();
        let file = dir.join(format!("w{}.ll", w.unwrap_or(0)));
        std::fs::write(&file, ir_of(&extra)).unwrap();
        let out = Command::new(llc())
            .args([
                "-O2",
                "-mtriple=amdgcn-amd-amdhsa",
                "-mcpu=gfx942",
                "-filetype=obj",
                "-pass-remarks-analysis=kernel-resource-usage",
            ])
            .arg(&file)
            .arg("-o")
            .arg(dir.join("out.o"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    t.elapsed().as_secs_f64()
}

/// A module of `<n x float>` accumulator kernels, one per entry of `sizes`, on gfx942.
fn small_module(sizes: &[u32], extra: &str) -> String {
    let body: String =
        sizes.iter().enumerate().map(|(i, &n)| kernels::vector_acc(&format!("k{i}"), n, false)).collect();
    gfx942_module(&body, extra)
}

/// The median of `runs` timings of `f`.
fn median(runs: usize, mut f: impl FnMut() -> f64) -> f64 {
    let mut t: Vec<f64> = (0..runs).map(|_| f()).collect();
    t.sort_by(|a, b| a.partial_cmp(b).unwrap());
    t[t.len() / 2]
}

fn small(cores: usize, dir: &std::path::Path) {
    let waves: Vec<u32> = (1..=8).collect();
    println!("\nsmall modules, gfx942, W = 1..8 and the baseline, median of 5 runs, {cores} cores:");
    println!("| module | llc-22 process per level | in process, sweep | speed-up |\n|---|---|---|---|");
    for (label, sizes, jobs) in [
        ("three kernels (32, 64, 96 floats)", &[32u32, 64, 96][..], cores),
        ("one kernel (64 floats), 1 job", &[64][..], 1),
    ] {
        let ir = small_module(sizes, "");
        let llc_t = median(5, || llc_loop(&|extra| small_module(sizes, extra), &waves, dir));
        let sweep_t = median(5, || {
            let t = Instant::now();
            sweep(ir.as_bytes(), "small.ll", &SweepOptions { waves: waves.clone(), jobs, ..SweepOptions::default() })
                .unwrap();
            t.elapsed().as_secs_f64()
        });
        println!("| {label} | {llc_t:.3} s | {sweep_t:.3} s ({jobs} jobs) | {:.2}x |", llc_t / sweep_t);
    }
}

fn main() {
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let waves: Vec<u32> = (1..=8).collect();
    let ir = module("");
    let dir = std::env::temp_dir().join(format!("wavebudget-sweep-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();

    let llc_loop = llc_loop(&module, &waves, &dir);

    let run = |jobs: usize| {
        let t = Instant::now();
        let s =
            sweep(ir.as_bytes(), "bench.ll", &SweepOptions { waves: waves.clone(), jobs, ..SweepOptions::default() })
                .unwrap();
        (t.elapsed().as_secs_f64(), s)
    };
    let (serial, s1) = run(1);
    let (parallel, s2) = run(cores);
    small(cores, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    let kernels = s1.kernels.len();
    let compiles = kernels * (waves.len() + 1);
    assert_eq!(
        serde_json::to_value(&s1).unwrap(),
        serde_json::to_value(&s2).unwrap(),
        "serial and parallel sweeps differ"
    );
    println!(
        "{kernels} kernels x {} levels (baseline + W=1..8) = {compiles} kernel compiles, gfx942, {cores} cores",
        waves.len() + 1
    );
    println!("| way | time | per kernel compile |\n|---|---|---|");
    println!(
        "| llc-22 process per level (9 runs, one after the other) | {llc_loop:.2} s | {:.1} ms |",
        llc_loop / compiles as f64 * 1e3
    );
    println!("| in process, serial (1 job) | {serial:.2} s | {:.1} ms |", serial / compiles as f64 * 1e3);
    println!("| in process, sweep ({cores} jobs) | {parallel:.2} s | {:.1} ms |", parallel / compiles as f64 * 1e3);
    println!(
        "speed-up over the llc loop: {:.2}x (goal 3x); parallel efficiency: {:.0}% (goal 80%)",
        llc_loop / parallel,
        serial / (cores as f64 * parallel) * 100.0
    );
}
