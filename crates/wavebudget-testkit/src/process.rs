//! Running a command a test expects to succeed, and a fresh scratch directory.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `cmd`, panicking with its stderr unless it succeeds.
pub fn run_ok(cmd: &mut Command) -> Output {
    let out = cmd.output().unwrap_or_else(|e| panic!("run {cmd:?}: {e}"));
    assert!(out.status.success(), "{cmd:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    out
}

/// `base/name`, emptied and created (a test's `CARGO_TARGET_TMPDIR` as `base`: one directory per test).
pub fn fresh_dir(base: &Path, name: &str) -> PathBuf {
    let d = base.join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// How a command given a ceiling ended.
#[derive(Debug)]
pub struct Bounded {
    /// Exit code (`None`: killed by a signal, or by the ceiling).
    pub code: Option<i32>,
    /// Killed at the time ceiling.
    pub timed_out: bool,
    pub stdout: String,
    pub stderr: String,
    pub wall: std::time::Duration,
    /// Peak RSS of the process (wait4's ru_maxrss), in KiB.
    pub peak_rss_kb: i64,
}

/// Runs `cmd` (stdin from /dev/null unless set), killing it after `limit`; returns how it ended, its
/// output and its peak RSS. For tests that guard a class of input with a generous ceiling.
pub fn run_bounded(cmd: &mut Command, limit: std::time::Duration) -> Bounded {
    use std::process::Stdio;
    let dir = std::env::temp_dir().join(format!("wavebudget-bounded-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let (out_path, err_path) = (dir.join(format!("{n}.out")), dir.join(format!("{n}.err")));
    cmd.stdout(Stdio::from(std::fs::File::create(&out_path).unwrap()))
        .stderr(Stdio::from(std::fs::File::create(&err_path).unwrap()));
    let start = std::time::Instant::now();
    // Reaped by wait4 below (std's wait() gives no rusage), which clippy cannot see.
    #[allow(clippy::zombie_processes)]
    let mut child = cmd.spawn().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    let (mut status, mut timed_out) = (0, false);
    // SAFETY: a zeroed rusage is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: wait4 on our own child with valid out-pointers.
        let r = unsafe { libc::wait4(child.id() as i32, &mut status, libc::WNOHANG, &mut usage) };
        if r == child.id() as i32 {
            break;
        }
        assert_eq!(r, 0, "wait4 failed");
        if start.elapsed() > limit && !timed_out {
            timed_out = true;
            let _ = child.kill();
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let wall = start.elapsed();
    let code = (libc::WIFEXITED(status) && !timed_out).then(|| libc::WEXITSTATUS(status));
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
    let b = Bounded {
        code,
        timed_out,
        stdout: read(&out_path),
        stderr: read(&err_path),
        wall,
        peak_rss_kb: usage.ru_maxrss,
    };
    let _ = std::fs::remove_file(&out_path);
    let _ = std::fs::remove_file(&err_path);
    b
}
