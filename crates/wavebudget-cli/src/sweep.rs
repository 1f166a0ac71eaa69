//! `wavebudget sweep` and `wavebudget tune`: the ladder by in-process code generation (`wavebudget-sweep`
//! does the compiling; this file reads arguments and formats).

use crate::args::{SweepArgs, SweepCmdArgs, TuneArgs};
use crate::usage::Compiled;
use crate::{CliError, UsageError};
use std::fmt::Write as _;
use std::path::Path;
use wavebudget_model::text::printable;
use wavebudget_sweep::{
    Choice, Level, LevelError, PlannedKernel, Policy, ProcessorRefusal, Status, Sweep, SweepOptions,
};

fn options(a: &SweepArgs) -> Result<SweepOptions, CliError> {
    if let Some(t) = &a.target {
        wavebudget_model::parse_target(t)?;
    }
    let wg_size = a.wg_size.as_deref().map(|s| crate::parse_workgroup(Some(s))).transpose()?;
    if a.jobs == Some(0) {
        return Err(UsageError::ZeroJobs.into());
    }
    Ok(SweepOptions {
        target: a.target.clone(),
        wg_size: wg_size.map(|w| (w.min, w.max)),
        waves: a
            .waves
            .as_deref()
            .map(wavebudget_engine::misuse::sweep_levels)
            .transpose()
            .map_err(UsageError::from)?
            .unwrap_or_default(),
        jobs: a.jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)),
        only: None,
        fallback_target: None,
        no_baseline: false,
        // A user's file: read first in a child, which malformed bitcode may end.
        written_by_llvm: false,
    })
}

/// The module's bytes; a code object, bundle or other binary is refused with what to use instead.
fn read(path: &str) -> Result<Vec<u8>, CliError> {
    let bytes = crate::read_input(path)?;
    let what = if bytes.starts_with(b"\x7fELF") {
        Some(Compiled::Elf)
    } else if bytes.starts_with(b"__CLANG_OFFLOAD_BUNDLE__") || bytes.starts_with(b"CCOB") {
        Some(Compiled::Bundle)
    } else {
        None
    };
    if let Some(what) = what {
        return Err(UsageError::NotIr { path: path.to_string(), what }.into());
    }
    Ok(bytes)
}

/// The sweep, or an error when no kernel could be compiled at all (every one refused before LLVM saw
/// it: a processor LLVM or the model does not know), naming each kernel and why.
fn run_sweep(bytes: &[u8], file: &str, opts: &SweepOptions) -> Result<Sweep, CliError> {
    let s = wavebudget_sweep::sweep(bytes, file, opts).map_err(CliError::Llvm)?;
    refuse_uncompiled(&s, file)?;
    Ok(s)
}

fn refuse_uncompiled(s: &Sweep, file: &str) -> Result<(), CliError> {
    let refused: Vec<(String, ProcessorRefusal)> = s
        .kernels
        .iter()
        .filter_map(|k| match &k.baseline.error {
            Some(LevelError::NotCompiled { refusal }) => Some((k.name.clone(), refusal.clone())),
            _ => None,
        })
        .collect();
    if refused.len() == s.kernels.len() {
        return Err(UsageError::NoCompilableKernel { file: file.to_string(), refused }.into());
    }
    Ok(())
}

fn cell(v: Option<u32>) -> String {
    v.map(|x| x.to_string()).unwrap_or_else(|| "-".into())
}

fn row(out: &mut String, label: &str, l: &Level, fastest: Option<f64>) {
    let spills = format!("{}/{}", cell(l.vgpr_spill_count), cell(l.sgpr_spill_count));
    let hot = l.isa.as_ref().and_then(|i| i.hot_loop);
    // The model's time against the kernel's fastest predicted level, and what binds.
    let (time, cause) = match (&l.predicted, fastest) {
        (Some(p), Some(f)) if l.status == Status::Ok => (format!("{:.2}x", p.seconds_per_work / f), p.cause.clone()),
        _ => ("-".to_string(), "-".to_string()),
    };
    let _ = write!(
        out,
        "  {label:>8}  {:>5} {:>5} {:>6} {:>5} {:>9} {:>7} {:>6} {:>5} {:>4} {:>6} {time:>6} {cause:<15}",
        cell(l.vgprs),
        cell(l.agprs),
        cell(l.resources.map(|r| r.vgpr_count)),
        cell(l.resources.map(|r| r.sgpr_count)),
        spills,
        cell(l.resources.map(|r| r.private_segment_fixed_size)),
        cell(l.waves_per_simd),
        cell(l.loop_instructions()),
        cell(hot.map(|h| h.waitcnt.vmcnt0)),
        cell(hot.map(|h| h.waitcnt.lgkmcnt0))
    );
    match l.status {
        Status::Ok => {}
        Status::Failed => {
            let error = l.error.as_ref().map(ToString::to_string).unwrap_or_default();
            let _ = write!(out, "  FAILED: {}", printable(&error));
        }
        Status::NotAccepted => {
            // The pass refused to set it (LLVM would ignore it, or it cannot be had): its reason follows.
            let _ = write!(out, "  refused: not set, as the pass says below");
        }
    }
    out.push('\n');
    // LLVM's and the pass's warnings quote kernel names and paths: escaped like the names above.
    for w in &l.warnings {
        let _ = writeln!(out, "            {}", printable(w));
    }
}

fn render(s: &Sweep, chosen: Option<&[(String, Choice)]>) -> String {
    let mut out = String::new();
    for (i, k) in s.kernels.iter().enumerate() {
        let _ = write!(out, "{}", printable(&k.name));
        if !k.target.is_empty() {
            let _ = write!(out, " ({})", printable(&k.target));
        }
        if let Some(m) = &k.module {
            let _ = write!(out, " in {}", printable(m));
        }
        out.push('\n');
        let _ = writeln!(
            out,
            "  {:>8}  {:>5} {:>5} {:>6} {:>5} {:>9} {:>7} {:>6} {:>5} {:>4} {:>6} {:>6} {:<15}",
            "waves",
            "VGPR",
            "AGPR",
            "vgpr#",
            "SGPR",
            "spill v/s",
            "scratch",
            "occ",
            "loop",
            "vm0",
            "lgkm0",
            "pred",
            "bound by"
        );
        let fastest = std::iter::once(&k.baseline)
            .chain(&k.levels)
            .filter(|l| l.status == Status::Ok)
            .filter_map(|l| l.predicted.as_ref().map(|p| p.seconds_per_work))
            .reduce(f64::min);
        row(&mut out, "baseline", &k.baseline, fastest);
        for l in &k.levels {
            row(&mut out, &cell(l.waves), l, fastest);
        }
        if let Some(p) = std::iter::once(&k.baseline).chain(&k.levels).find_map(|l| l.predicted.as_ref()) {
            let _ = writeln!(
                out,
                "  pred: the latency-hiding model's time against the fastest level ({}'s figures; wavebudget advise)",
                p.product
            );
        }
        if let Some(c) = chosen {
            match c[i].1.waves {
                Some(w) => {
                    let _ = writeln!(out, "  chosen: amdgpu-waves-per-eu=\"{w}\" ({})", c[i].1.reason);
                }
                None => {
                    let _ = writeln!(out, "  chosen: none ({}); left unchanged", printable(&c[i].1.reason.to_string()));
                }
            }
        }
    }
    out
}

/// An input that could not be swept: the file, the `--kernel` patterns it was filtered by, the error.
struct FileError {
    file: String,
    kernel: Option<String>,
    error: CliError,
}

/// Why `sweep` did not answer for every input: a refusal of the command itself (its options), of its one
/// input, or some inputs' errors beside the answer for the rest.
enum Fail {
    Command(Box<CliError>),
    File(Box<FileError>),
    Partial { output: String, errors: Vec<FileError> },
}

impl<E: Into<CliError>> From<E> for Fail {
    fn from(e: E) -> Fail {
        Fail::Command(Box::new(e.into()))
    }
}

/// `wavebudget sweep`: the answer, its errors written as `--error-format` asks (a line of text each, or
/// one JSON object each with its kind, file and kernel, which the distributed sweep's driver reads).
pub(crate) fn sweep_cmd(c: &SweepCmdArgs) -> Result<String, CliError> {
    use crate::args::ErrorFormat;
    let typed = |e: FileError| crate::TypedError::of(&e.error, Some(&e.file), e.kernel.as_deref());
    match (c.error_format, sweep_files(c)) {
        (_, Ok(out)) => Ok(out),
        (ErrorFormat::Text, Err(Fail::Command(e))) => Err(*e),
        (ErrorFormat::Text, Err(Fail::File(e))) => Err(e.error),
        (ErrorFormat::Text, Err(Fail::Partial { output, errors })) => {
            Err(CliError::Partial { output, errors: errors.into_iter().map(|e| e.error.to_string()).collect() })
        }
        (ErrorFormat::Json, Err(Fail::Command(e))) => {
            Err(CliError::Typed { output: String::new(), errors: vec![crate::TypedError::of(&e, None, None)] })
        }
        (ErrorFormat::Json, Err(Fail::File(e))) => {
            Err(CliError::Typed { output: String::new(), errors: vec![typed(*e)] })
        }
        (ErrorFormat::Json, Err(Fail::Partial { output, errors })) => {
            Err(CliError::Typed { output, errors: errors.into_iter().map(typed).collect() })
        }
    }
}

fn sweep_files(c: &SweepCmdArgs) -> Result<String, Fail> {
    let a = &c.sweep;
    let mut opts = options(a)?;
    if !c.kernel.is_empty() {
        let [file] = a.files.as_slice() else {
            return Err(UsageError::KernelNeedsOneFile.into());
        };
        // --kernel means what it means on every command: a regular expression on the name, or exactly
        // the symbol; the module's kernels it keeps are swept, and one that keeps none is refused.
        use wavebudget_engine::inspect::{kernel_filter, kernel_selected};
        let filters = c.kernel.iter().map(|p| kernel_filter(p)).collect::<Result<Vec<_>, _>>()?;
        let about = |error: CliError| {
            Fail::File(Box::new(FileError { file: file.clone(), kernel: Some(c.kernel.join(", ")), error }))
        };
        let planned =
            read(file).and_then(|b| wavebudget_sweep::plan(&b, file, &opts).map_err(CliError::Llvm)).map_err(about)?;
        let names: Vec<String> = planned
            .iter()
            .map(|k| k.name.clone())
            .filter(|n| filters.iter().any(|re| kernel_selected(re, n, &format!("{n}.kd"))))
            .collect();
        if names.is_empty() {
            return Err(about(
                wavebudget_engine::Error::NoKernelMatches {
                    pattern: c.kernel.join(", "),
                    total: planned.len(),
                    inputs: file.clone(),
                }
                .into(),
            ));
        }
        opts.only = Some(names);
    }
    opts.no_baseline = c.no_baseline;
    // The ladder never replaces what it reads (directly, through a link, or any of several inputs).
    if let Some(output) = &c.output {
        if let Some(input) = a.files.iter().find(|f| crate::same_file(Path::new(f), Path::new(output))) {
            return Err(wavebudget_engine::misuse::Misuse::OutputIsInput {
                output: output.clone(),
                input: input.clone(),
            }
            .into());
        }
    }
    let kernel = (!c.kernel.is_empty()).then(|| c.kernel.join(", "));
    if c.plan {
        return plan(a, &opts, c.output.as_deref(), kernel);
    }
    let mut driver_failed = false;
    let (s, errors) = if let Some(address) = &a.ray {
        if !c.kernel.is_empty() || c.no_baseline {
            return Err(UsageError::RayWithKernel.into());
        }
        let (s, failed) = ray_sweep(a, address)?;
        driver_failed = failed;
        (s, Vec::new())
    } else {
        let mut all = Sweep { kernels: Vec::new() };
        let mut errors = Vec::new();
        for file in &a.files {
            match read(file).and_then(|bytes| run_sweep(&bytes, file, &opts)) {
                // Of several modules, each kernel says its own (two may have a kernel of one name).
                Ok(s) => all.kernels.extend(s.kernels.into_iter().map(|mut k| {
                    if a.files.len() > 1 {
                        k.module = Some(file.clone());
                    }
                    k
                })),
                // One module of several that cannot be swept does not stop the others.
                Err(error) if a.files.len() > 1 => errors.push(FileError { file: file.clone(), kernel: None, error }),
                Err(error) => {
                    return Err(Fail::File(Box::new(FileError { file: file.clone(), kernel: kernel.clone(), error })))
                }
            }
        }
        (all, errors)
    };
    let text = if a.json || c.output.is_some() {
        serde_json::to_string_pretty(&s).expect("serializable") + "\n"
    } else {
        render(&s, None)
    };
    let out = match &c.output {
        Some(path) if !s.kernels.is_empty() || (errors.is_empty() && !driver_failed) => {
            crate::write_atomic(Path::new(path), text.as_bytes(), None)?;
            String::new()
        }
        Some(_) => String::new(),
        None => text,
    };
    if !errors.is_empty() || driver_failed {
        return Err(Fail::Partial { output: out, errors });
    }
    Ok(out)
}

/// `--plan`: what each file's sweep would compile, as JSON (what a distributed sweep shards), printed or
/// written to `-o`. Of several files, one that cannot be planned is named and the others are planned, as
/// in a sweep.
fn plan(a: &SweepArgs, opts: &SweepOptions, output: Option<&str>, kernel: Option<String>) -> Result<String, Fail> {
    #[derive(serde::Serialize)]
    struct File<'a> {
        file: &'a str,
        kernels: Vec<PlannedKernel>,
    }
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for file in &a.files {
        let planned = read(file).and_then(|bytes| wavebudget_sweep::plan(&bytes, file, opts).map_err(CliError::Llvm));
        match planned {
            Ok(kernels) => files.push(File { file, kernels }),
            Err(error) if a.files.len() > 1 => errors.push(FileError { file: file.clone(), kernel: None, error }),
            Err(error) => {
                return Err(Fail::File(Box::new(FileError { file: file.clone(), kernel: kernel.clone(), error })))
            }
        }
    }
    let text = serde_json::to_string_pretty(&serde_json::json!({ "files": files })).expect("serializable") + "\n";
    let out = match output {
        Some(path) if !files.is_empty() => {
            crate::write_atomic(Path::new(path), text.as_bytes(), None)?;
            String::new()
        }
        Some(_) => String::new(),
        None => text,
    };
    if !errors.is_empty() {
        return Err(Fail::Partial { output: out, errors });
    }
    Ok(out)
}

/// The child's exit status, with SIGINT and SIGTERM sent to this process passed on to it meanwhile (the
/// previous handlers restored after).
fn forwarding_signals(child: &mut std::process::Child) -> std::io::Result<(std::process::ExitStatus, bool)> {
    use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
    static CHILD: AtomicI32 = AtomicI32::new(0);
    static SIGNALLED: AtomicBool = AtomicBool::new(false);
    extern "C" fn forward(sig: libc::c_int) {
        SIGNALLED.store(true, Ordering::SeqCst);
        let pid = CHILD.load(Ordering::SeqCst);
        if pid > 0 {
            // SAFETY: kill is async-signal-safe; the pid is our child's, not yet reaped.
            unsafe { libc::kill(pid, sig) };
        }
    }
    CHILD.store(child.id() as i32, Ordering::SeqCst);
    let handler = forward as extern "C" fn(libc::c_int) as libc::sighandler_t;
    // SAFETY: installing a handler that only calls kill; the old ones are restored below.
    let old: Vec<(libc::c_int, libc::sighandler_t)> =
        [libc::SIGINT, libc::SIGTERM].iter().map(|&sig| (sig, unsafe { libc::signal(sig, handler) })).collect();
    SIGNALLED.store(false, Ordering::SeqCst);
    let status = child.wait();
    CHILD.store(0, Ordering::SeqCst);
    for (sig, h) in old {
        // SAFETY: restoring the handler signal() returned.
        unsafe { libc::signal(sig, h) };
    }
    Ok((status?, SIGNALLED.load(Ordering::SeqCst)))
}

/// Runs the sweep on a Ray cluster through the Python package's driver (`wavebudget.cluster`), which
/// shards the files' kernels x levels over the cluster's workers, each running this command on a shard,
/// and merges the shards into the one-machine ladder. Its progress and its errors (one line per file
/// that could not be swept) go to this process's stderr; the ladder comes back in a temporary file.
/// Returns the ladder and whether some file failed (the driver already named each on stderr).
fn ray_sweep(a: &SweepArgs, address: &str) -> Result<(Sweep, bool), CliError> {
    let python = std::env::var_os("WAVEBUDGET_PYTHON").unwrap_or_else(|| "python3".into());
    let exe = std::env::current_exe()
        .map_err(|e| CliError::Io { context: "--ray: cannot find this program's path".into(), source: e })?;
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let tmp = std::env::temp_dir().join(format!(".wavebudget-ray-{}-{nanos}.json", std::process::id()));
    // Removed however this function returns.
    struct Remove<'a>(&'a Path);
    impl Drop for Remove<'_> {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(self.0);
        }
    }
    let _remove = Remove(&tmp);
    const BOOT: &str = "import sys\ntry:\n    import wavebudget.cluster as c\nexcept ImportError as e:\n    print(f\"error: --ray needs the wavebudget Python package with Ray (pip install 'wavebudget[ray]'): {e}\", file=sys.stderr)\n    sys.exit(2)\nsys.exit(c.main(sys.argv[1:]))\n";
    let mut cmd = std::process::Command::new(&python);
    cmd.args(["-c", BOOT, "--address", address, "--cli"]).arg(&exe).arg("--write").arg(&tmp);
    if let Some(t) = &a.target {
        cmd.args(["--target", t]);
    }
    if let Some(w) = &a.wg_size {
        cmd.args(["--wg-size", w]);
    }
    if let Some(w) = &a.waves {
        cmd.args(["--waves", w]);
    }
    if a.json {
        cmd.arg("--quiet");
    }
    cmd.arg("--").args(&a.files);
    // SAFETY: the closure runs in the child between fork and exec and makes one system call: the driver
    // is ended (SIGTERM, which it takes as an interrupt) if this process dies first.
    unsafe {
        use std::os::unix::process::CommandExt as _;
        cmd.pre_exec(|| {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().map_err(|e| CliError::Io {
        context: format!(
            "--ray: cannot run {} (set WAVEBUDGET_PYTHON to the Python with wavebudget[ray])",
            python.to_string_lossy()
        ),
        source: e,
    })?;
    // An interrupt or a termination of this process goes to the driver, which cancels its shards and
    // writes nothing; this process waits for it and removes its temporary file (Ctrl-C on a terminal
    // reaches both already; `kill -INT` of this process alone, or a supervisor's SIGTERM, did not).
    let (status, signalled) = forwarding_signals(&mut child)
        .map_err(|e| CliError::Io { context: "--ray: waiting for the driver".into(), source: e })?;
    if signalled {
        // Interrupted or terminated: nothing is written, whatever the driver managed before it stopped
        // (it says nothing itself; Ray, stopping, has been seen to abort the driver with a crash report).
        // On a terminal the line starts below the driver's progress line.
        use std::io::IsTerminal as _;
        if std::io::stderr().is_terminal() {
            eprintln!();
        }
        return Err(CliError::Interrupted);
    }
    let code = status.code();
    if code == Some(1) && !tmp.exists() {
        // The driver says some module failed but wrote no ladder: it failed itself (its line is above).
        return Err(CliError::Partial { output: String::new(), errors: Vec::new() });
    }
    match code {
        Some(0) | Some(1) => {
            let bytes = std::fs::read(&tmp)
                .map_err(|e| CliError::Io { context: "--ray: the driver's ladder".into(), source: e })?;
            #[expect(
                clippy::disallowed_methods,
                reason = "the one sweep the CLI reads: the ladder --ray's driver merged"
            )]
            let s = Sweep::from_json(&bytes).map_err(|message| UsageError::RayLadder { message })?;
            // Exit 1: some file could not be swept; the driver named each on stderr.
            Ok((s, code == Some(1)))
        }
        None => {
            use std::os::unix::process::ExitStatusExt as _;
            Err(UsageError::RaySignal { signal: status.signal().unwrap_or(0) }.into())
        }
        // The driver printed its one line (a missing Ray, an unreachable cluster, a node without LLVM,
        // an interrupt); nothing is written.
        _ => Err(CliError::Partial { output: String::new(), errors: Vec::new() }),
    }
}

pub(crate) fn tune_cmd(a: &TuneArgs) -> Result<String, CliError> {
    let opts = options(&a.sweep)?;
    let [file] = a.sweep.files.as_slice() else {
        return Err(UsageError::TuneOneFile.into());
    };
    let input = Path::new(file);
    let output = Path::new(&a.output);
    if crate::same_file(output, input) {
        return Err(UsageError::OverwritesInput { output: a.output.clone() }.into());
    }
    let bytes = read(file)?;
    // Bitcode for a `.bc` output in any case (`-o tuned.BC` too), as the extension says; text otherwise.
    let bitcode = output.extension().is_some_and(|e| e.eq_ignore_ascii_case("bc"));
    let policy = Policy { max_spills: a.max_spills, max_loop_growth: a.max_loop_growth };
    let t = match &a.sweep.ray {
        Some(address) => {
            let (s, failed) = ray_sweep(&a.sweep, address)?;
            if failed {
                return Err(CliError::Partial { output: String::new(), errors: Vec::new() });
            }
            wavebudget_sweep::tune_from(&bytes, file, &opts, &policy, bitcode, s)
        }
        None => wavebudget_sweep::tune(&bytes, file, &opts, &policy, bitcode),
    }
    .map_err(CliError::Llvm)?;
    refuse_uncompiled(&t.sweep, file)?;
    crate::write_atomic(output, &t.module, None)?;
    if a.sweep.json {
        #[derive(serde::Serialize)]
        struct Out<'a> {
            kernels: &'a [wavebudget_sweep::KernelLadder],
            chosen: Vec<serde_json::Value>,
            output: &'a str,
        }
        let chosen = t
            .chosen
            .iter()
            .map(|(k, c)| serde_json::json!({"name": k, "waves": c.waves, "reason": c.reason.to_string()}))
            .collect();
        let text = serde_json::to_string_pretty(&Out { kernels: &t.sweep.kernels, chosen, output: &a.output })
            .expect("serializable")
            + "\n";
        Ok(crate::summary_beside(&a.output, text))
    } else {
        let written = if wavebudget_engine::output::is_stdout(output) { "standard output" } else { &a.output };
        Ok(crate::summary_beside(&a.output, render(&t.sweep, Some(&t.chosen)) + &format!("wrote {written}\n")))
    }
}
