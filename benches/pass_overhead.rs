//! What the pass adds to `opt-22 -passes='default<O2>'`, on generated modules of 500, 1,000 and 2,000
//! kernels (`testkit::kernels::vector_acc` loops of 8 to 24 accumulators over an LDS tile, gfx942, launch
//! bounds set).
//!
//! For each size, in one run: the wall time of `opt -passes='default<O2>'` without the plugin; with the
//! plugin loaded but nothing requested (the cost of loading it); with `-wavebudget-waves=4` (the pass runs
//! at the optimizer-last extension point, as in clang, and estimates every kernel); the difference in
//! percent; and the pass's own time from LLVM's `-time-passes`, which shows how it grows with kernels.
//! Each timing is the median of 7 interleaved runs, in CPU seconds of the opt process (user + system,
//! from `getrusage(RUSAGE_CHILDREN)`), which other load on the machine disturbs far less than wall time.
//!
//! Run: `cargo bench -p wavebudget-pass --bench pass_overhead` (release plugin; not part of CI).

use wavebudget_testkit::{kernels, plugin as support};

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn opt() -> PathBuf {
    let prefix =
        std::env::var_os("LLVM_SYS_221_PREFIX").map(PathBuf::from).unwrap_or_else(|| "/usr/lib/llvm-22".into());
    prefix.join("bin/opt")
}

/// `kernels` LDS-tiled accumulator loops of 8 to 24 floats (`testkit::kernels::vector_acc`).
fn module(kernels: usize) -> String {
    kernels::module(
        (0..kernels).map(|i| kernels::vector_acc(&format!("k{i}"), 8 + (i as u32 % 5) * 4, true)),
        "\"target-cpu\"=\"gfx942\" \"amdgpu-flat-work-group-size\"=\"1,256\"",
    )
}

/// CPU seconds (user + system) used by all waited-for children so far.
fn children_cpu() -> f64 {
    // SAFETY: getrusage writes the struct it is given.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut ru) };
    let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    tv(ru.ru_utime) + tv(ru.ru_stime)
}

fn time(args: &[String], input: &Path) -> (f64, String) {
    let before = children_cpu();
    let out = Command::new(opt()).args(args).arg(input).args(["-o", "/dev/null"]).output().expect("run opt");
    let secs = children_cpu() - before;
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "opt {args:?} failed:\n{err}");
    (secs, err)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

/// The pass's own wall time from `-time-passes` output.
fn pass_seconds(report: &str) -> f64 {
    report
        .lines()
        .find(|l| l.contains("AMDGPUOccupancyBudgetPass"))
        .and_then(|l| {
            // "   0.0123 (  0.1%)   0.0010 (...)   0.0133 (  0.1%)   0.0135 (  0.1%)  AMDGPUOccupancyBudgetPass"
            let nums: Vec<f64> = l.split_whitespace().filter_map(|w| w.parse().ok()).collect();
            nums.last().copied()
        })
        .expect("AMDGPUOccupancyBudgetPass in -time-passes output")
}

fn main() {
    let plugin = support::plugin();
    let dir = std::env::temp_dir().join(format!("wavebudget-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let runs = 7;
    let mut table = String::from(
        "| kernels | opt default<O2> | plugin loaded, no request | + -wavebudget-waves=4 | added | pass alone (-time-passes) | per kernel |\n|---|---|---|---|---|---|---|\n",
    );
    for kernels in [500usize, 1000, 2000] {
        let input = dir.join(format!("m{kernels}.ll"));
        std::fs::write(&input, module(kernels)).unwrap();
        let base_args = vec!["-passes=default<O2>".to_string()];
        let with_args = vec![
            format!("-load-pass-plugin={}", plugin.display()),
            "-passes=default<O2>".to_string(),
            "-wavebudget-waves=4".to_string(),
        ];
        let loaded_args = vec![format!("-load-pass-plugin={}", plugin.display()), "-passes=default<O2>".to_string()];
        let mut base = Vec::new();
        let mut loaded = Vec::new();
        let mut with = Vec::new();
        for _ in 0..runs {
            base.push(time(&base_args, &input).0);
            loaded.push(time(&loaded_args, &input).0);
            with.push(time(&with_args, &input).0);
        }
        let mut own = Vec::new();
        for _ in 0..runs {
            let mut a = with_args.clone();
            a.push("-time-passes".into());
            own.push(pass_seconds(&time(&a, &input).1));
        }
        let (b, l, w, p) = (median(base), median(loaded), median(with), median(own));
        let _ = writeln!(
            table,
            "| {kernels} | {b:.3} s | {l:.3} s | {w:.3} s | {:+.2}% | {:.4} s ({:.2}% of O2) | {:.1} µs |",
            (w - b) / b * 100.0,
            p,
            p / b * 100.0,
            p / kernels as f64 * 1e6
        );
    }
    println!("{table}");
    println!("plugin: {}", plugin.display());
    let _ = std::fs::remove_dir_all(&dir);
}
