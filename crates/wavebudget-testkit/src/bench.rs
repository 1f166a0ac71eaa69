//! Helpers for the benches that compare wavebudget with LLVM's tools on a real ROCm library: one process's
//! wall time and peak RSS (wait4), LLVM 22's tools, and Debian's librocsparse0 (downloaded once into
//! target/debs).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Wall time and peak RSS of the processes a pipeline ran.
#[derive(Default)]
pub struct Cost {
    pub wall: Duration,
    pub peak_rss_kb: i64,
    pub processes: usize,
    pub failures: usize,
}

/// Runs one process, stdout to a file or /dev/null, and adds its wall time and peak RSS (wait4) to `cost`.
pub fn run(cost: &mut Cost, cmd: &mut Command, stdout: Option<&Path>) -> bool {
    cmd.stdout(match stdout {
        Some(p) => Stdio::from(std::fs::File::create(p).unwrap()),
        None => Stdio::null(),
    })
    .stderr(Stdio::null());
    let start = Instant::now();
    // Reaped by wait4 below (std's wait() gives no rusage), which clippy cannot see.
    #[allow(clippy::zombie_processes)]
    let child = cmd.spawn().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    let mut status = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 on our own child with valid out-pointers.
    let r = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(r, child.id() as i32, "wait4 failed");
    cost.wall += start.elapsed();
    cost.peak_rss_kb = cost.peak_rss_kb.max(usage.ru_maxrss);
    cost.processes += 1;
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    if !ok {
        cost.failures += 1;
    }
    ok
}

pub fn llvm(name: &str) -> PathBuf {
    let prefix =
        std::env::var_os("LLVM_SYS_221_PREFIX").map_or_else(|| PathBuf::from("/usr/lib/llvm-22"), PathBuf::from);
    prefix.join("bin").join(name)
}

pub fn librocsparse() -> PathBuf {
    let cache = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/debs");
    std::fs::create_dir_all(&cache).unwrap();
    let lib = cache.join("librocsparse0/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1");
    if !lib.exists() {
        let ok = Command::new("apt-get")
            .args(["download", "librocsparse0"])
            .current_dir(&cache)
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            let _ = Command::new("apt-get").args(["update", "-qq"]).status();
            assert!(Command::new("apt-get")
                .args(["download", "librocsparse0"])
                .current_dir(&cache)
                .status()
                .unwrap()
                .success());
        }
        let deb = std::fs::read_dir(&cache)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.to_string_lossy().contains("librocsparse0_"))
            .unwrap();
        assert!(Command::new("dpkg").arg("-x").arg(&deb).arg(cache.join("librocsparse0")).status().unwrap().success());
    }
    lib
}

/// A bench's setup against librocsparse: the library (downloaded once), a fresh scratch directory
/// target/NAME, the release `wavebudget` (built now), and the library in the page cache for everyone (the
/// first reader would otherwise pay for the disk) through a small buffer: children are spawned with
/// CLONE_VM, and Linux charges the parent's peak RSS at that moment to each child's ru_maxrss, so the bench
/// process must stay small until every run is measured. Returns (library, scratch, wavebudget).
pub fn rocsparse_setup(name: &str) -> (PathBuf, PathBuf, PathBuf) {
    let lib = librocsparse();
    let target = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target");
    let scratch = target.join(name);
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    assert!(
        Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["build", "--release", "-q", "-p", "wavebudget-cli"])
            .status()
            .unwrap()
            .success(),
        "build the release binary"
    );
    {
        use std::io::Read;
        let mut f = std::fs::File::open(&lib).unwrap();
        let mut buf = vec![0u8; 1 << 20];
        while f.read(&mut buf).unwrap() > 0 {}
    }
    (lib, scratch, target.join("release/wavebudget"))
}
