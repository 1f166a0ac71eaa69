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
