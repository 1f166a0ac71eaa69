//! `wavebudget pass-flags`: the flags that load the amdgpu-occupancy-budget plugin into a given compiler
//! and ask it for W waves, spelled for that compiler's LLVM major (which the user need not know: clang
//! before 22 parses `-mllvm` before it loads `-fpass-plugin`, so the plugin must be loaded early with
//! `-Xclang -load`), and every option given to the compiler proper with `-Xclang -mllvm` whatever the
//! major: a plain `-mllvm` also reaches HIP's device link, where lld rejects an option of a plugin it does
//! not load (clang-22 through CMake's HIP language: "lld: Unknown command line argument
//! '-wavebudget-waves=4'").

use crate::args::PassFlagsArgs;
use crate::{CliError, UsageError};
use std::path::{Path, PathBuf};

/// The LLVM major of a clang (or a wrapper such as hipcc) from its `--version` text: "clang version N.".
pub fn clang_major(version_text: &str) -> Option<u32> {
    let rest = version_text.split("clang version ").nth(1)?;
    let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    rest[..end].parse().ok()
}

/// Where `scripts/build-pass.sh N` puts the plugin, next to this `wavebudget` (target/<profile>/):
/// target/<profile>/libwavebudget_pass.so for 22, target/llvmN/release/ for 15 and 19.
fn default_plugin(major: u32) -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?;
    Some(if major == 22 {
        dir.join("libwavebudget_pass.so")
    } else {
        dir.parent()?.join(format!("llvm{major}/release/libwavebudget_pass.so"))
    })
}

/// The flags, one line: the plugin loaded, then each `-wavebudget-*` option (`waves`, and `mode` and
/// `records` when given) in the spelling the major takes.
pub fn flags(major: u32, plugin: &Path, waves: u32, mode: Option<&str>, records: Option<&Path>) -> String {
    let p = plugin.display();
    let mllvm = "-Xclang -mllvm -Xclang";
    let load =
        if major >= 22 { format!("-fpass-plugin={p}") } else { format!("-fpass-plugin={p} -Xclang -load -Xclang {p}") };
    let mut out = format!("{load} {mllvm} -wavebudget-waves={waves}");
    if let Some(m) = mode {
        out.push_str(&format!(" {mllvm} -wavebudget-mode={m}"));
    }
    if let Some(r) = records {
        out.push_str(&format!(" {mllvm} -wavebudget-records={}", r.display()));
    }
    out
}

pub fn pass_flags_cmd(a: &PassFlagsArgs) -> Result<String, CliError> {
    if a.waves == 0 {
        return Err(UsageError::ZeroWaves.into());
    }
    // The pass's own bound (`wavebudget_pass_core::config::MAX_REQUEST`; this binary may be built without
    // the pass): past it the compile would stop on the flag.
    if a.waves > wavebudget_model::targets::MAX_WAVES_PER_EU_ANY {
        return Err(UsageError::WavesOverMax { waves: a.waves }.into());
    }
    let text = version_text(&a.cc)?;
    let major = clang_major(&text).ok_or_else(|| CliError::Usage(UsageError::NotClang { cc: a.cc.clone() }))?;
    wavebudget_model::Llvm::from_major(major)
        .map_err(|_| CliError::Usage(UsageError::UnsupportedLlvm { cc: a.cc.clone(), major }))?;
    let plugin = match &a.plugin {
        Some(p) => PathBuf::from(p),
        None => default_plugin(major).ok_or(UsageError::NoExecutablePath)?,
    };
    if !plugin.is_file() {
        return Err(UsageError::NoPlugin { plugin: plugin.display().to_string(), major }.into());
    }
    // The plugin runs only in the compiler of its own major: flags for another would fail the build.
    let shown = plugin.display().to_string();
    let mapped = crate::map_regular(&plugin)?;
    let needed =
        wavebudget_codeobj::needed_libraries(mapped.bytes()).map_err(|e| CliError::Reader(shown.clone(), e))?;
    match needed.iter().find_map(|l| llvm_major_of(l).map(|m| (m, l))) {
        Some((m, _)) if m == major => {}
        Some((m, lib)) => {
            return Err(UsageError::PluginLlvmMismatch {
                plugin: shown,
                built: m,
                lib: lib.clone(),
                cc: a.cc.clone(),
                major,
            }
            .into())
        }
        None => return Err(UsageError::NotOurPlugin { plugin: shown }.into()),
    }
    if let Some(m) = a.mode.as_deref().filter(|m| !["set", "advise", "auto"].contains(m)) {
        return Err(UsageError::Mode { value: m.to_string() }.into());
    }
    // The pass reads the records when it runs; a path that is not a regular file now would only become a
    // warning in every compile, so it is refused here.
    let records = match &a.records {
        Some(r) => {
            let path =
                std::path::absolute(r).map_err(|source| CliError::Io { context: format!("--records {r}"), source })?;
            if !path.is_file() {
                return Err(UsageError::RecordsNotFile { path: r.clone() }.into());
            }
            Some(path)
        }
        None => None,
    };
    let plain = |what: &'static str, p: &Path| {
        let text = p.display().to_string();
        if text.chars().any(|c| c.is_whitespace() || "'\"$\\`".contains(c)) {
            return Err(UsageError::UnsplittablePath { what, path: text });
        }
        Ok(())
    };
    plain("--plugin", &plugin)?;
    if let Some(r) = &records {
        plain("--records", r)?;
    }
    Ok(format!("{}\n", flags(major, &plugin, a.waves, a.mode.as_deref(), records.as_deref())))
}

/// The LLVM major of a libLLVM soname: `libLLVM.so.22.1` (LLVM 17 and later), `libLLVM-15.so.1` (before).
pub fn llvm_major_of(soname: &str) -> Option<u32> {
    let rest = soname.strip_prefix("libLLVM.so.").or_else(|| soname.strip_prefix("libLLVM-"))?;
    let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    rest[..end].parse().ok()
}

/// How long `--cc --version` may take before it is given up on (a compiler answers in milliseconds).
const VERSION_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// `CC --version`'s standard output, within [`VERSION_TIMEOUT`]: a command that does not answer (a script
/// that waits) is killed and named, never waited on without end. It runs in its own process group, which
/// is killed once it exits or times out, so a process it left in the background holding its output
/// cannot keep the answer waiting either; the output is awaited within the same bound.
fn version_text(cc: &str) -> Result<String, CliError> {
    use std::io::Read;
    use std::os::unix::process::CommandExt as _;
    use std::process::Stdio;
    let mut child = std::process::Command::new(cc)
        .arg("--version")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .map_err(|source| CliError::Io { context: format!("--cc {cc}: cannot run it"), source })?;
    let group = child.id() as libc::pid_t;
    // SAFETY: signals the process group this function started (its id is the child's pid).
    let kill_group = || unsafe {
        libc::kill(-group, libc::SIGKILL);
    };
    let no_answer =
        || -> CliError { UsageError::CcNoAnswer { cc: cc.to_string(), seconds: VERSION_TIMEOUT.as_secs() }.into() };
    // Read on a thread so a full pipe cannot stall the wait; 1 MiB is far more than any version text.
    let mut stdout = child.stdout.take().expect("piped");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = (&mut stdout).take(1 << 20).read_to_end(&mut buf);
        let _ = tx.send(buf);
    });
    let start = std::time::Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() < VERSION_TIMEOUT => std::thread::sleep(std::time::Duration::from_millis(10)),
            _ => {
                kill_group();
                let _ = child.wait();
                return Err(no_answer());
            }
        }
    }
    // The compiler has answered; what it left behind in its group goes with it.
    kill_group();
    let left = VERSION_TIMEOUT.saturating_sub(start.elapsed()).max(std::time::Duration::from_secs(1));
    let bytes = rx.recv_timeout(left).map_err(|_| no_answer())?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn majors_from_version_text() {
        assert_eq!(clang_major("HIP version: 5.2.21153-0\nDebian clang version 15.0.6\nTarget: x86_64"), Some(15));
        assert_eq!(clang_major("Ubuntu clang version 22.1.8 (++20260101)\n"), Some(22));
        assert_eq!(
            clang_major("AMD clang version 19.0.0git (https://github.com/RadeonOpenCompute/llvm-project)"),
            Some(19)
        );
        assert_eq!(clang_major("gcc (Debian 12.2.0-14) 12.2.0\n"), None);
    }

    /// Each option in the spelling pass-flags' module comment gives for the major.
    #[test]
    fn options_spelled_per_major() {
        let (p, r) = (Path::new("/p.so"), Path::new("/r.json"));
        assert_eq!(
            flags(22, p, 4, Some("advise"), Some(r)),
            "-fpass-plugin=/p.so -Xclang -mllvm -Xclang -wavebudget-waves=4 -Xclang -mllvm -Xclang -wavebudget-mode=advise -Xclang -mllvm -Xclang -wavebudget-records=/r.json"
        );
        assert_eq!(
            flags(15, p, 4, None, Some(r)),
            "-fpass-plugin=/p.so -Xclang -load -Xclang /p.so -Xclang -mllvm -Xclang -wavebudget-waves=4 -Xclang -mllvm -Xclang -wavebudget-records=/r.json"
        );
    }
}
