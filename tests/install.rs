//! `scripts/install.sh`, one case a test: what it refuses before anything is built or made, and how it
//! replaces an install (whole or not at all, never writing through a link, never replacing what is not a
//! regular file). The install docs/rocm-build.md runs, and what is built against it, is
//! `tests/rocm_build.rs`'s. The cases that install share the release build with it (cargo's lock: whichever
//! runs first builds, the others wait for it).

use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wb-install-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `scripts/install.sh PREFIX 22` run from `cwd`.
fn install(prefix: &Path, cwd: &Path) -> Output {
    Command::new("bash")
        .arg(root().join("scripts/install.sh"))
        .arg(prefix)
        .arg("22")
        .current_dir(cwd)
        .output()
        .expect("run bash")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A refusal: exit status 1, one line on stderr holding `says`, nothing on stdout.
fn refused(out: &Output, says: &str) {
    let err = stderr(out);
    assert_eq!((out.status.code(), err.lines().count()), (Some(1), 1), "{err}");
    assert!(err.contains(says), "{err}");
    assert!(out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stdout));
}

fn installed(out: &Output) {
    assert!(out.status.success(), "install failed:\n{}", stderr(out));
}

/// Every file and link under `dir` with its modification time, sorted.
fn tree(dir: &Path) -> Vec<(PathBuf, std::time::SystemTime)> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let meta = p.symlink_metadata().unwrap();
            if meta.is_dir() {
                todo.push(p);
            } else {
                out.push((p, meta.modified().unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// pkg-config splits flags at spaces and reads `#` as a comment, CMake splits lists at `;`, and the flags
/// `wavebudget pass-flags` prints cannot quote: such a PREFIX is refused in one line before anything is
/// built or made (issue 56 added `#` and `;`).
#[test]
fn a_prefix_pkg_config_cmake_or_flags_cannot_carry_is_refused_before_anything_is_made() {
    let home = scratch("chars");
    for bad in ["with space", "pre#fix", "pre;fix", "pre$fix", "pre'fix", "pre\"fix", "pre\\fix", "pre`fix"] {
        let out = install(&home.join(bad), &home);
        refused(&out, "cannot be used by pkg-config, CMake or in compiler flags; nothing was installed");
        assert!(!home.join(bad).exists(), "{bad}: made");
    }
}

/// A PREFIX that is a file is refused, and the file keeps its bytes.
#[test]
fn a_prefix_that_is_a_file_is_refused_and_kept() {
    let home = scratch("file");
    std::fs::write(home.join("a-file"), "x").unwrap();
    refused(&install(&home.join("a-file"), &home), "exists and is not a directory; nothing was installed");
    assert_eq!(std::fs::read(home.join("a-file")).unwrap(), b"x");
}

/// A PREFIX that is a link to nothing is refused: installing would make the directory it names, which the
/// caller did not ask for (issue 56).
#[test]
fn a_prefix_that_links_to_nothing_is_refused_and_its_target_not_made() {
    let home = scratch("dangling");
    std::os::unix::fs::symlink(home.join("nowhere"), home.join("dangling")).unwrap();
    refused(&install(&home.join("dangling"), &home), "which does not exist; nothing was installed");
    assert!(!home.join("nowhere").exists());
}

/// The same through the link: a PREFIX that passes through a link to nothing (`link/`, `link/.`,
/// `link/sub`) made the directory the link names, and installed there (the audit of issue 56).
#[test]
fn a_prefix_through_a_link_to_nothing_is_refused_and_nothing_is_made() {
    let home = scratch("through");
    std::os::unix::fs::symlink(home.join("nowhere"), home.join("dangling")).unwrap();
    for through in ["dangling/", "dangling/.", "dangling/sub", "dangling/sub/deeper/", "dangling/../p", "./dangling/"] {
        let out = install(Path::new(through), &home);
        refused(&out, "dangling is a link to");
        assert!(stderr(&out).contains("which does not exist; nothing was installed"), "{through}: {}", stderr(&out));
        assert!(!home.join("nowhere").exists(), "{through}: made the link's target");
    }
    // As an absolute path too.
    refused(&install(&home.join("dangling/../q"), &home), "dangling is a link to");
}

/// A file where a parent of PREFIX goes ended in mkdir's raw error after the whole build: the nearest
/// part of PREFIX that exists must be a directory, refused otherwise before anything is built.
#[test]
fn a_file_where_a_parent_of_prefix_goes_is_refused_before_anything_is_built() {
    let home = scratch("parent-file");
    std::fs::write(home.join("a-file"), "x").unwrap();
    let out = install(&home.join("a-file/sub/prefix"), &home);
    refused(&out, "a-file: exists and is not a directory; nothing was installed");
    assert_eq!(std::fs::read(home.join("a-file")).unwrap(), b"x");
}

/// Where the install needs a directory (`PREFIX/lib`), a file, a FIFO or a link to nothing is refused in
/// one line before anything is written, each left as it was.
#[test]
fn a_file_where_a_directory_goes_is_refused_and_nothing_is_installed() {
    let home = scratch("not-a-dir");
    for (name, make) in [("file", "touch"), ("fifo", "mkfifo"), ("dangling", "")] {
        let prefix = home.join(name);
        std::fs::create_dir_all(&prefix).unwrap();
        let lib = prefix.join("lib");
        if make.is_empty() {
            std::os::unix::fs::symlink(home.join("nowhere"), &lib).unwrap();
        } else {
            assert!(Command::new(make).arg(&lib).status().unwrap().success());
        }
        let out = install(&prefix, &home);
        refused(&out, "lib: exists and is not a directory; nothing was installed");
        assert_eq!(tree(&prefix).len(), 1, "{name}: something was installed");
        assert!(!home.join("nowhere").exists());
    }
}

/// A relative PREFIX is the caller's (where they run it from), not the checkout's; a link found where a
/// file goes is replaced, never written through: the file it points to keeps its bytes and the installed
/// header is a file again.
#[test]
fn a_relative_prefix_is_the_callers_and_a_link_in_it_is_replaced_not_written_through() {
    let home = scratch("relative");
    installed(&install(Path::new("rel"), &home));
    assert!(home.join("rel/lib/libwavebudget_runtime.so.0.1.0").is_file(), "relative PREFIX");
    assert!(!root().join("rel").exists(), "a relative PREFIX installed into the checkout");

    std::fs::write(home.join("victim.h"), "keep").unwrap();
    let header = home.join("rel/include/wavebudget.h");
    std::fs::remove_file(&header).unwrap();
    std::os::unix::fs::symlink(home.join("victim.h"), &header).unwrap();
    installed(&install(Path::new("rel"), &home));
    assert_eq!(std::fs::read_to_string(home.join("victim.h")).unwrap(), "keep", "install wrote through a link");
    assert!(header.symlink_metadata().unwrap().file_type().is_file(), "the header is not a file again");
    assert_eq!(
        std::fs::read(&header).unwrap(),
        std::fs::read(root().join("crates/wavebudget-capi/include/wavebudget.h")).unwrap()
    );
}

/// What is not a regular file or a link where a file goes (a directory, a FIFO) is never replaced: the
/// install is refused in one line, and nothing of it is in PREFIX (the FIFO is not opened: a write to it
/// would block).
#[test]
fn a_directory_or_fifo_where_a_file_goes_is_refused_and_nothing_is_installed() {
    let home = scratch("special");
    for (name, make) in [("dir", "mkdir"), ("fifo", "mkfifo")] {
        let prefix = home.join(name);
        std::fs::create_dir_all(prefix.join("include")).unwrap();
        let header = prefix.join("include/wavebudget.h");
        assert!(Command::new(make).arg(&header).status().unwrap().success());
        let out = install(&prefix, &home);
        refused(&out, "include/wavebudget.h: exists and is not a regular file; nothing was installed");
        let t = header.symlink_metadata().unwrap().file_type();
        assert!(if name == "dir" { t.is_dir() } else { t.is_fifo() }, "{name}: replaced");
        assert_eq!(tree(&prefix).len(), usize::from(name == "fifo"), "{name}: something was installed");
    }
}

/// An install is replaced whole or not at all: on a file system with room for one install and not two (a
/// tmpfs of 1.5 installs), the second install fails with one line (ENOSPC) and leaves the first as it was,
/// no copy behind. Mounting needs root, as `scripts/test.sh` runs.
#[test]
fn an_install_that_does_not_fit_leaves_the_one_before_whole() {
    let home = scratch("enospc");
    installed(&install(&home.join("sized"), &home));
    let size: u64 = tree(&home.join("sized")).iter().map(|(f, _)| f.symlink_metadata().unwrap().len()).sum();
    let small = home.join("small");
    std::fs::create_dir_all(&small).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", &format!("size={}", size * 3 / 2 + (1 << 20))])
        .arg("tmpfs")
        .arg(&small)
        .status()
        .unwrap();
    assert!(mounted.success(), "mount a tmpfs (the test runs as root, as scripts/test.sh does)");
    let first = install(&small, &home);
    let before = tree(&small);
    let second = install(&small, &home);
    let after = tree(&small);
    let _ = Command::new("umount").arg(&small).status();
    installed(&first);
    assert_eq!(second.status.code(), Some(1), "a second install fit in {size} x 1.5 bytes: {}", stderr(&second));
    assert!(
        stderr(&second)
            .lines()
            .any(|l| l.contains("could not be written (No space left on device); nothing was installed")),
        "{}",
        stderr(&second)
    );
    assert_eq!(before, after, "the first install changed, or a copy was left behind");
    // A first install that does not fit leaves nothing behind: not the directories it made either.
    let tiny = home.join("tiny");
    std::fs::create_dir_all(&tiny).unwrap();
    let mounted = Command::new("mount").args(["-t", "tmpfs", "-o", "size=1m", "tmpfs"]).arg(&tiny).status().unwrap();
    assert!(mounted.success());
    let failed = install(&tiny.join("new/prefix"), &home);
    let left: Vec<_> = std::fs::read_dir(&tiny).unwrap().map(|e| e.unwrap().path()).collect();
    let _ = Command::new("umount").arg(&tiny).status();
    assert_eq!(failed.status.code(), Some(1), "{}", stderr(&failed));
    assert!(stderr(&failed).contains("No space left on device"), "{}", stderr(&failed));
    assert!(left.is_empty(), "a failed first install left {left:?}");
}
