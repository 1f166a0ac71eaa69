//! What the pass adds to `opt-22 -passes='default<O2>'` and to `clang-22 -O2` on a HIP file.
//!
//! opt: generated modules of 500, 1,000 and 2,000 kernels (`testkit::kernels::vector_acc` loops of 8 to
//! 24 accumulators over an LDS tile, gfx942, launch bounds set). For each size, in one run, interleaved:
//! `opt -passes=default<O2>` without the plugin; with the plugin loaded but nothing requested (the cost of
//! loading it); with `-wavebudget-waves=4` (the pass runs at the optimizer-last extension point, as in
//! clang, and estimates every kernel); and without the plugin on the same module with the pass's
//! `"amdgpu-waves-per-eu"="4"` written by hand. clang: `examples/acc.hip` compiled for gfx90a (host and
//! device, as the README does) without the plugin, with `-fpass-plugin` alone, with it and
//! `WAVEBUDGET_WAVES=4`, and without it on a copy whose kernels carry `amdgpu_waves_per_eu(4)` by hand.
//! The last variant separates what the pass costs from what its attribute makes LLVM do: alone acc.hip
//! takes 166 VGPRs; at 4 waves it has 128 and llc-22 spills 148 (its kernel-resource-usage remarks), work
//! the backend does for the attribute whoever wrote it ("added over the attribute by hand").
//!
//! Timed in `--runs` (default 7) rounds, each running the four variants back to back in an order that
//! rotates from round to round, both in CPU seconds of the child (user + system,
//! `getrusage(RUSAGE_CHILDREN)`; in a parallel build every core is busy, so CPU is the cost that counts)
//! and in wall seconds. The seconds printed are medians; each change is the median of the changes within
//! a round (a variant against the baseline of its own round, which removes a slow drift of the machine)
//! with a distribution-free 95% interval for that median, and the last column says whether the interval
//! shows the added CPU, the added wall and the CPU added over the attribute by hand to be at most 1%
//! ("not resolved" where the interval straddles it: more runs, or a quieter machine). The pass's own time
//! from LLVM's `-time-passes` is printed beside (it shows how the pass grows with kernels).
//!
//! Run: `cargo bench -p wavebudget-pass --bench pass_overhead` (release plugin; not part of CI).
//! Options after `--`: `--cores N` pins every child to the first N CPUs (sched_setaffinity), so one
//! machine gives the 2-core and the all-core figures side by side; `--runs N`; `--sizes 500,1000`;
//! `--no-clang`; `--write DIR` writes the modules to DIR and stops (for a profiler); `--parallel` runs
//! as a parallel build does: each round starts one job per CPU (the first `--cores N`, or all) at once,
//! each pinned to its own CPU, the variants rotated over the CPUs from round to round, and each job's
//! CPU and wall seconds are its own (`wait4`): every variant runs under the same load, the rotation spreads
//! a slow period of the machine (a VM's neighbours, clock changes) over the variants (it does not remove
//! it), and the changes are paired by CPU, which removes the CPUs' differences (each variant's mean on
//! a CPU against the baseline's on the same CPU; the median over CPUs, its interval from 6 CPUs up); `--runs` is then the
//! number of rounds (a multiple of 4 visits each CPU with each variant equally). `--instructions` counts
//! instead of timing: each variant runs once under valgrind's cachegrind (`--cache-sim=yes
//! --trace-children=yes`, so clang's subprocesses count too), which gives the instructions executed (the
//! same on every run and every machine with this build: the figure a VM's noise does not move) and the
//! misses of its simulated caches; and once more under callgrind collecting only inside the pass
//! (`--toggle-collect=wb_rust_run`) for the pass's own instructions. Needs `valgrind`. Environment: `WAVEBUDGET_PLUGIN` (the plugin to load; default the release build),
//! `LLVM_SYS_221_PREFIX` (where `bin/opt` and `bin/clang` are; default /usr/lib/llvm-22),
//! `WAVEBUDGET_HIP_FILE` (the HIP file; default the checkout's examples/acc.hip), `WAVEBUDGET_HIP_FLAGS` (replaces the ROCm flags `--rocm-path=/usr --hip-device-lib-path=...`).

use wavebudget_testkit::{kernels, plugin as support};

use std::fmt::Write as _;
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

fn llvm_bin(tool: &str) -> PathBuf {
    let prefix =
        std::env::var_os("LLVM_SYS_221_PREFIX").map(PathBuf::from).unwrap_or_else(|| "/usr/lib/llvm-22".into());
    prefix.join("bin").join(tool)
}

/// `kernels` LDS-tiled accumulator loops of 8 to 24 floats (`testkit::kernels::vector_acc`); with
/// `by_hand`, each already carrying the `"amdgpu-waves-per-eu"="4"` the pass writes for
/// `-wavebudget-waves=4` (the baseline for what the pass costs beyond what its attribute makes LLVM do).
fn module(kernels: usize, by_hand: bool) -> String {
    let hand = if by_hand { " \"amdgpu-waves-per-eu\"=\"4\"" } else { "" };
    kernels::module(
        (0..kernels).map(|i| kernels::vector_acc(&format!("k{i}"), 8 + (i as u32 % 5) * 4, true)),
        &format!("\"target-cpu\"=\"gfx942\" \"amdgpu-flat-work-group-size\"=\"1,256\"{hand}"),
    )
}

/// CPU seconds (user + system) used by all waited-for children so far.
fn children_cpu() -> f64 {
    // SAFETY: getrusage writes the struct it is given, which lives for the call.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: as above; RUSAGE_CHILDREN is a valid `who`.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut ru) };
    let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    tv(ru.ru_utime) + tv(ru.ru_stime)
}

struct Opts {
    cores: Option<usize>,
    runs: usize,
    sizes: Vec<usize>,
    clang: bool,
    write: Option<PathBuf>,
    parallel: bool,
    instructions: bool,
}

fn opts() -> Opts {
    let mut o = Opts {
        cores: None,
        runs: 7,
        sizes: vec![500, 1000, 2000],
        clang: true,
        write: None,
        parallel: false,
        instructions: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().unwrap_or_else(|| panic!("{name} needs a value"));
        match a.as_str() {
            "--cores" => o.cores = Some(value("--cores").parse().expect("--cores N")),
            "--runs" => o.runs = value("--runs").parse().expect("--runs N"),
            "--sizes" => {
                o.sizes = value("--sizes")
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(|s| s.parse().expect("--sizes 500,1000"))
                    .collect()
            }
            "--parallel" => o.parallel = true,
            "--instructions" => o.instructions = true,
            "--no-clang" => o.clang = false,
            "--write" => o.write = Some(value("--write").into()),
            // cargo bench passes `--bench`; other harness flags are not ours.
            _ => {}
        }
    }
    o
}

/// Pins the child `cmd` will start to the CPUs `cpus`.
fn pin(cmd: &mut Command, cpus: std::ops::Range<usize>) {
    // SAFETY: the closure runs in the child between fork and exec and calls only async-signal-safe
    // functions (CPU_ZERO/CPU_SET touch the local set; sched_setaffinity is a system call).
    unsafe {
        cmd.pre_exec(move || {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_ZERO(&mut set);
            for c in cpus.clone() {
                libc::CPU_SET(c, &mut set);
            }
            if libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
    };
}

/// One child run: (CPU seconds, wall seconds, stderr). Pinned to the first `cores` CPUs when asked.
fn time(mut cmd: Command, cores: Option<usize>) -> (f64, f64, String) {
    if let Some(n) = cores {
        pin(&mut cmd, 0..n);
    }
    let before = children_cpu();
    let start = Instant::now();
    let out = cmd.output().expect("run the compiler");
    let wall = start.elapsed().as_secs_f64();
    let cpu = children_cpu() - before;
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{cmd:?} failed:\n{err}");
    (cpu, wall, err)
}

/// The median (the mean of the two middle values for an even count).
fn median(mut v: Vec<f64>) -> f64 {
    assert!(!v.is_empty(), "no sample: give --runs of at least the number of variants (4)");
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
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

/// `--parallel`: `rounds` rounds of one job per CPU started at once, job `j` of round `r` pinned to CPU
/// `j` and running variant `(j + r) % variants`; each job's own CPU seconds (`wait4`'s rusage: the
/// child and the children it waited for) and wall seconds (start to reaping). Medians per variant.
fn measure_parallel(variants: &[&dyn Fn() -> Command], rounds: usize, cpus: usize) -> Measured {
    let mut cpu = vec![Vec::new(); variants.len()];
    let mut wall = vec![Vec::new(); variants.len()];
    // (CPU, variant) -> that variant's CPU and wall seconds on that CPU.
    let mut by_cpu: std::collections::HashMap<(usize, usize), Vec<(f64, f64)>> = Default::default();
    for round in 0..=rounds {
        let start = Instant::now();
        let mut running = std::collections::HashMap::new();
        for j in 0..cpus {
            let which = (j + round) % variants.len();
            let mut cmd = variants[which]();
            let err = std::env::temp_dir().join(format!("wavebudget-bench-{}-job{j}.err", std::process::id()));
            cmd.stdout(std::process::Stdio::null()).stderr(std::fs::File::create(&err).expect("job's stderr file"));
            pin(&mut cmd, j..j + 1);
            let child = cmd.spawn().expect("start the compiler");
            running.insert(child.id() as libc::pid_t, (j, which, child, err));
        }
        while !running.is_empty() {
            let mut status = 0;
            // SAFETY: an all-zero rusage is a valid value; wait4 writes it and `status`, both live
            // for the call.
            let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
            // SAFETY: as above; -1 waits for any child of this process.
            let pid = unsafe { libc::wait4(-1, &mut status, 0, &mut ru) };
            assert!(pid > 0, "wait4: {}", std::io::Error::last_os_error());
            let Some((j, which, child, err)) = running.remove(&pid) else { continue };
            // The child is reaped; forget it without a second wait.
            std::mem::forget(child);
            let text = std::fs::read_to_string(&err).unwrap_or_default();
            let _ = std::fs::remove_file(&err);
            if !(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0) {
                // Leave no job running on the CPUs the next measurement uses.
                for (_, (_, _, mut other, err)) in running.drain() {
                    let _ = other.kill();
                    let _ = other.wait();
                    let _ = std::fs::remove_file(err);
                }
                panic!("a compiler job (variant {which}) failed (wait status {status}):\n{text}");
            }
            // Round 0 is unmeasured: page cache, dynamic loader.
            if round > 0 {
                let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
                let (c, w) = (tv(ru.ru_utime) + tv(ru.ru_stime), start.elapsed().as_secs_f64());
                cpu[which].push(c);
                wall[which].push(w);
                by_cpu.entry((j, which)).or_default().push((c, w));
            }
        }
    }
    // Paired by CPU: a VM's CPUs differ in speed, and each variant visits each CPU, so each variant is
    // compared on each CPU (its mean there against the other's mean there).
    let mean = |v: &[(f64, f64)]| {
        let n = v.len() as f64;
        (v.iter().map(|s| s.0).sum::<f64>() / n, v.iter().map(|s| s.1).sum::<f64>() / n)
    };
    let per_cpu: Vec<[(f64, f64); 4]> = (0..cpus)
        .filter_map(|j| {
            let at = |which: usize| by_cpu.get(&(j, which)).map(|v| mean(v));
            Some([at(0)?, at(1)?, at(2)?, at(3)?])
        })
        .collect();
    measured(cpu, wall, &per_cpu)
}

/// Medians of (CPU, wall) seconds per variant, and the changes the table reports as samples, each one
/// measured under the same conditions as its own baseline: without `--parallel` one sample per round
/// (the variants of a round run back to back), with it one per CPU (each variant's mean on a CPU against
/// the baseline's mean on that CPU).
struct Measured {
    medians: Vec<(f64, f64)>,
    /// Percent changes of the variant with the request against the baseline: CPU, wall.
    with_cpu: Vec<f64>,
    with_wall: Vec<f64>,
    /// Percent CPU change of the plugin loaded without a request against the baseline (the noise floor).
    loaded_cpu: Vec<f64>,
    /// Percent CPU change of the variant with the request against the attribute written by hand.
    over_hand_cpu: Vec<f64>,
}

/// [`Measured`] from each variant's CPU and wall seconds and from samples (CPU, wall) of variants 0
/// (baseline), 1 (loaded), 2 (with the request) and 3 (by hand) taken under the same conditions.
fn measured(cpu: Vec<Vec<f64>>, wall: Vec<Vec<f64>>, samples: &[[(f64, f64); 4]]) -> Measured {
    let mut m = Measured {
        medians: cpu.into_iter().zip(wall).map(|(c, w)| (median(c), median(w))).collect(),
        with_cpu: Vec::new(),
        with_wall: Vec::new(),
        loaded_cpu: Vec::new(),
        over_hand_cpu: Vec::new(),
    };
    for [b, l, w, h] in samples {
        m.with_cpu.push(pct(w.0, b.0));
        m.with_wall.push(pct(w.1, b.1));
        m.loaded_cpu.push(pct(l.0, b.0));
        m.over_hand_cpu.push(pct(w.0, h.0));
    }
    m
}

/// Medians of CPU and wall seconds for each of `variants`, run interleaved `runs` times (or, with
/// `parallel`, in `runs` rounds of one job per CPU).
fn measure(variants: &[&dyn Fn() -> Command], runs: usize, cores: Option<usize>, parallel: bool) -> Measured {
    if parallel {
        let online = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        return measure_parallel(variants, runs, cores.unwrap_or(online));
    }
    let mut cpu = vec![Vec::new(); variants.len()];
    let mut wall = vec![Vec::new(); variants.len()];
    let mut rounds = Vec::new();
    // One unmeasured round first: page cache, dynamic loader.
    for v in variants {
        time(v(), cores);
    }
    for r in 0..runs {
        // The order rotates from round to round, so no variant always runs first (or right after another).
        let mut round = [(0.0, 0.0); 4];
        for k in 0..variants.len() {
            let i = (k + r) % variants.len();
            let (c, w, _) = time(variants[i](), cores);
            cpu[i].push(c);
            wall[i].push(w);
            round[i] = (c, w);
        }
        rounds.push(round);
    }
    measured(cpu, wall, &rounds)
}

fn pct(with: f64, base: f64) -> f64 {
    (with - base) / base * 100.0
}

/// A percent change as the median of its samples with a distribution-free 95% confidence interval for
/// that median: the order statistics x(k) and x(n+1-k) for the largest k with P(Binomial(n, 1/2) < k)
/// at most 2.5%, which cover the median with at least 95% whatever the distribution of the samples
/// (they are taken as independent: each is paired with its own baseline, which removes a slow drift of
/// the machine, not a fast one). No interval below 6 samples.
struct Change {
    median: f64,
    interval: Option<(f64, f64)>,
}

/// The k of [`Change`]'s interval for n samples (0: none).
fn interval_rank(n: usize) -> usize {
    let ln_half_n = n as f64 * 0.5f64.ln();
    // ln C(n, i), and P(B <= i) summed term by term (in logarithms, so any n).
    let (mut ln_choose, mut below, mut k) = (0.0f64, 0.0f64, 0);
    for i in 0..n / 2 {
        below += (ln_choose + ln_half_n).exp();
        if below > 0.025 {
            break;
        }
        k = i + 1;
        ln_choose += ((n - i) as f64).ln() - ((i + 1) as f64).ln();
    }
    k
}

fn change(mut v: Vec<f64>) -> Change {
    v.sort_by(f64::total_cmp);
    let (n, k) = (v.len(), interval_rank(v.len()));
    let interval = (k > 0).then(|| (v[k - 1], v[n - k]));
    Change { median: median(v), interval }
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.interval {
            Some((lo, hi)) => write!(f, "{:+.2}% [{lo:+.2}, {hi:+.2}]", self.median),
            None => write!(f, "{:+.2}% (no interval: under 6 samples)", self.median),
        }
    }
}

impl Change {
    /// Whether the change is at most `limit` percent, as far as its interval tells.
    fn at_most(&self, limit: f64) -> &'static str {
        match self.interval {
            None => "too few samples",
            Some((_, hi)) if hi <= limit => "yes",
            Some((lo, _)) if lo > limit => "no",
            Some(_) => "not resolved",
        }
    }
}

/// One table row: the medians of the seconds of the baseline and of the variant with the request, and
/// the changes as medians of paired samples with their intervals ([`Measured`]); the last column says
/// whether the added CPU, the added wall and the CPU added over the attribute by hand are shown to be at
/// most 1%.
fn row(table: &mut String, label: &str, m: &Measured, alone: &str) {
    let ((bc, bw), (wc, ww)) = (m.medians[0], m.medians[2]);
    let (with_cpu, with_wall, loaded_cpu, over_hand) = (
        change(m.with_cpu.clone()),
        change(m.with_wall.clone()),
        change(m.loaded_cpu.clone()),
        change(m.over_hand_cpu.clone()),
    );
    let line = format!(
        "| {label} | {bc:.3} s | {wc:.3} s | {with_cpu} | {bw:.3} s | {ww:.3} s | {with_wall} | {over_hand} | {loaded_cpu} | {alone} | CPU {}; wall {}; over by hand {} |",
        with_cpu.at_most(1.0),
        with_wall.at_most(1.0),
        over_hand.at_most(1.0),
    );
    // Each row as it is measured (stderr), the table at the end (stdout).
    eprintln!("{line}");
    let _ = writeln!(table, "{line}");
}

/// What cachegrind counted for one run, its children included: instructions, and the misses of its
/// simulated first-level caches (instruction and data) and last-level cache.
#[derive(Default, Clone, Copy)]
struct Counts {
    ir: u64,
    l1: u64,
    ll: u64,
}

impl Counts {
    /// KCachegrind's cycle estimate without branch simulation: Ir + 10 x L1 misses + 100 x LL misses.
    fn cycles(&self) -> u64 {
        self.ir + 10 * self.l1 + 100 * self.ll
    }
}

/// `cmd` run under valgrind with `tool` arguments (same arguments, environment and directory).
fn under_valgrind(cmd: &Command, tool: &[String]) -> Command {
    let mut v = Command::new("valgrind");
    v.arg("-q").args(tool).arg(cmd.get_program()).args(cmd.get_args());
    for (k, val) in cmd.get_envs() {
        match val {
            Some(x) => v.env(k, x),
            None => v.env_remove(k),
        };
    }
    if let Some(d) = cmd.get_current_dir() {
        v.current_dir(d);
    }
    v
}

/// Runs `cmd` under `tool` writing `dir/<tag>.<pid>` per process, and sums each file's `summary:` line
/// by its `events:` names.
fn valgrind_counts(cmd: &Command, dir: &Path, tag: &str, tool: &[&str]) -> std::collections::HashMap<String, u64> {
    let mut args: Vec<String> = tool.iter().map(|s| s.to_string()).collect();
    args.push("--trace-children=yes".into());
    args.push(format!(
        "--{}-out-file={}",
        tool[0].trim_start_matches("--tool="),
        dir.join(format!("{tag}.%p")).display()
    ));
    let out = under_valgrind(cmd, &args)
        .output()
        .unwrap_or_else(|e| panic!("--instructions runs valgrind (apt-get install valgrind): {e}"));
    assert!(out.status.success(), "{cmd:?} under valgrind failed:\n{}", String::from_utf8_lossy(&out.stderr));
    let mut sum = std::collections::HashMap::new();
    for entry in std::fs::read_dir(dir).expect("read the bench directory") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !name.starts_with(&format!("{tag}.")) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read valgrind's output");
        let _ = std::fs::remove_file(&path);
        let line = |key: &str| {
            text.lines().find_map(|l| l.strip_prefix(key)).map(|l| l.split_whitespace().collect::<Vec<_>>())
        };
        let (Some(events), Some(values)) = (line("events: "), line("summary: ")) else { continue };
        for (e, v) in events.iter().zip(values) {
            *sum.entry(e.to_string()).or_insert(0) += v.parse::<u64>().expect("a count");
        }
    }
    sum
}

/// Cachegrind's counts of one run of `cmd`, its children included.
fn counted(cmd: &Command, dir: &Path, tag: &str) -> Counts {
    let c = valgrind_counts(cmd, dir, tag, &["--tool=cachegrind", "--cache-sim=yes"]);
    let get = |k: &str| c.get(k).copied().unwrap_or(0);
    Counts { ir: get("Ir"), l1: get("I1mr") + get("D1mr") + get("D1mw"), ll: get("ILmr") + get("DLmr") + get("DLmw") }
}

/// Instructions executed inside the pass (`wb_rust_run`, the plugin's entry from the C++ pass) in one run.
fn pass_instructions(cmd: &Command, dir: &Path) -> u64 {
    let c = valgrind_counts(cmd, dir, "pass", &["--tool=callgrind", "--toggle-collect=wb_rust_run"]);
    c.get("Ir").copied().unwrap_or(0)
}

/// One row of the `--instructions` table from (baseline, loaded without a request, with the request, the
/// attribute by hand).
fn counted_row(table: &mut String, label: &str, c: &[Counts], pass: u64, units: usize) {
    let (b, l, w, h) = (c[0], c[1], c[2], c[3]);
    let pctu = |x: u64, y: u64| (x as f64 - y as f64) / y as f64 * 100.0;
    let line = format!(
        "| {label} | {:.1} M | {:.1} M | {:+.2}% | {:+.2}% | {:+.2}% | {:.2}% ({:.1}K per kernel) | {:+.2}% / {:+.2}% |",
        b.ir as f64 / 1e6,
        w.ir as f64 / 1e6,
        pctu(w.ir, b.ir),
        pctu(w.ir, h.ir),
        pctu(l.ir, b.ir),
        pass as f64 / b.ir as f64 * 100.0,
        pass as f64 / units as f64 / 1e3,
        pctu(w.cycles(), b.cycles()),
        pctu(w.cycles(), h.cycles()),
    );
    eprintln!("{line}");
    let _ = writeln!(table, "{line}");
}

fn main() {
    // The ranks of the published tables of confidence intervals for a median (binomial, 95%, two-sided;
    // e.g. Conover, Practical Nonparametric Statistics, table A3): n = 6 gives x(1)..x(6), 10 x(2)..x(9),
    // 20 x(6)..x(15), 50 x(18)..x(33), 100 x(40)..x(61).
    for (n, k) in [(5, 0), (6, 1), (10, 2), (20, 6), (50, 18), (100, 40)] {
        assert_eq!(interval_rank(n), k, "the median's interval for {n} samples");
    }
    let o = opts();
    if let Some(dir) = &o.write {
        // The modules alone, for a profiler: `--write DIR` writes DIR/m<size>.ll and stops.
        std::fs::create_dir_all(dir).unwrap();
        for &k in &o.sizes {
            std::fs::write(dir.join(format!("m{k}.ll")), module(k, false)).unwrap();
        }
        return;
    }
    let plugin = std::env::var_os("WAVEBUDGET_PLUGIN").map(PathBuf::from).unwrap_or_else(support::plugin);
    let dir = std::env::temp_dir().join(format!("wavebudget-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let online = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let cores = o.cores.map(|n| n.min(online));
    println!(
        "cores: {} of {online}; {}; plugin: {}",
        cores.map_or("all".to_string(), |n| n.to_string()),
        if o.instructions {
            "each variant once under valgrind (instructions and simulated caches; --cores, --runs unused)".to_string()
        } else if o.parallel {
            format!("{} rounds of one job per core at once (median per variant)", o.runs)
        } else {
            format!("runs: {} (median, interleaved)", o.runs)
        },
        plugin.display()
    );
    let mut table = String::from(if o.instructions {
        "| input | baseline instructions | + pass | added instructions | added over the attribute by hand | plugin loaded, no request | pass alone (its instructions) | added estimated cycles (over baseline / by hand) |\n|---|---|---|---|---|---|---|---|\n"
    } else {
        "| input | baseline CPU | + pass CPU | added CPU [95% interval] | baseline wall | + pass wall | added wall [95% interval] | added CPU over the attribute by hand [95% interval] | plugin loaded, no request (CPU) [95% interval] | pass alone (-time-passes) | at most 1%? |\n|---|---|---|---|---|---|---|---|---|---|---|\n"
    });
    for &kernels in &o.sizes {
        let input = dir.join(format!("m{kernels}.ll"));
        std::fs::write(&input, module(kernels, false)).unwrap();
        let input_by_hand = dir.join(format!("m{kernels}-by-hand.ll"));
        std::fs::write(&input_by_hand, module(kernels, true)).unwrap();
        let opt = |input: &Path, extra: &[String]| {
            let mut c = Command::new(llvm_bin("opt"));
            c.args(extra).arg("-passes=default<O2>").arg(input).args(["-o", "/dev/null"]);
            c
        };
        let load = format!("-load-pass-plugin={}", plugin.display());
        let base = || opt(&input, &[]);
        let loaded = || opt(&input, std::slice::from_ref(&load));
        let with = || opt(&input, &[load.clone(), "-wavebudget-waves=4".into()]);
        let by_hand = || opt(&input_by_hand, &[]);
        let variants: [&dyn Fn() -> Command; 4] = [&base, &loaded, &with, &by_hand];
        if o.instructions {
            let c: Vec<Counts> = variants.iter().map(|v| counted(&v(), &dir, "cg")).collect();
            counted_row(
                &mut table,
                &format!("opt -O2, {kernels} kernels"),
                &c,
                pass_instructions(&with(), &dir),
                kernels,
            );
            continue;
        }
        let m = measure(&variants, o.runs, cores, o.parallel);
        let own = median(
            (0..o.runs)
                .map(|_| {
                    let mut c = with();
                    c.arg("-time-passes");
                    pass_seconds(&time(c, cores).2)
                })
                .collect(),
        );
        let alone =
            format!("{own:.4} s ({:.2}%; {:.1} µs/kernel)", own / m.medians[0].0 * 100.0, own / kernels as f64 * 1e6);
        row(&mut table, &format!("opt -O2, {kernels} kernels"), &m, &alone);
    }
    if o.clang {
        // WAVEBUDGET_HIP_FILE: the HIP file where the checkout is not where this bench was built.
        let hip = std::env::var_os("WAVEBUDGET_HIP_FILE")
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/acc.hip"));
        let rocm = std::env::var("WAVEBUDGET_HIP_FLAGS").unwrap_or_else(|_| {
            "--rocm-path=/usr --hip-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode".into()
        });
        // The same source with each kernel's `amdgpu_waves_per_eu(4)` written by hand: LLVM then does for
        // the attribute what it does for the pass's (at W=4 acc.hip spills), without the pass. Its own
        // directory is searched for its quoted includes.
        let source = std::fs::read_to_string(&hip).expect("read the HIP file");
        assert!(source.contains("__global__"), "{}: no __global__ kernel to write the attribute on", hip.display());
        let hip_by_hand = dir.join("by-hand.hip");
        std::fs::write(
            &hip_by_hand,
            source.replace("__global__", "__global__ __attribute__((amdgpu_waves_per_eu(4)))"),
        )
        .expect("write the HIP file with the attribute by hand");
        // Every variant gets it, so the four commands differ only in what each variant changes.
        let hip_dir = hip.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
        // Each job its own object: `--parallel` runs several at once.
        let job = std::sync::atomic::AtomicUsize::new(0);
        let clang_on = |file: &Path, plugin: Option<&Path>, waves: bool| {
            let n = job.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let mut c = Command::new(llvm_bin("clang"));
            c.args(["-x", "hip", "--offload-arch=gfx90a"]).args(rocm.split_whitespace()).arg("-I").arg(&hip_dir);
            c.args(["-mcode-object-version=5", "-D__AMDGCN_WAVEFRONT_SIZE=64", "-O2", "-c"]).arg(file);
            c.arg("-o").arg(dir.join(format!("acc_hip{n}.o"))).env_remove("WAVEBUDGET_WAVES");
            if let Some(p) = plugin {
                c.arg(format!("-fpass-plugin={}", p.display()));
            }
            if waves {
                c.env("WAVEBUDGET_WAVES", "4");
            }
            c
        };
        let base = || clang_on(&hip, None, false);
        let loaded = || clang_on(&hip, Some(&plugin), false);
        let with = || clang_on(&hip, Some(&plugin), true);
        let by_hand = || clang_on(&hip_by_hand, None, false);
        let variants: [&dyn Fn() -> Command; 4] = [&base, &loaded, &with, &by_hand];
        if o.instructions {
            let c: Vec<Counts> = variants.iter().map(|v| counted(&v(), &dir, "cg")).collect();
            // One kernel in acc.hip.
            counted_row(
                &mut table,
                "clang -O2, examples/acc.hip (host + gfx90a)",
                &c,
                pass_instructions(&with(), &dir),
                1,
            );
        } else {
            let m = measure(&variants, o.runs, cores, o.parallel);
            row(&mut table, "clang -O2, examples/acc.hip (host + gfx90a)", &m, "");
        }
    }
    println!("{table}");
    let _ = std::fs::remove_dir_all(&dir);
}
