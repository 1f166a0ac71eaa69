//! Code generation in a child process: LLVM ends the process on a fatal error ("Cannot select" for an
//! intrinsic the processor lacks, `report_fatal_error` anywhere in the backend) or a crash, and the
//! in-process sweep runs inside opt and clang (`mode=auto`) and inside `wavebudget sweep`. The rule is
//! never to abort them, so each compile phase runs in a `fork`ed child that sends its result back as
//! JSON over a pipe; when the child ends another way, the caller gets LLVM's fatal message (or how the
//! child ended) and goes on without the result.
//!
//! The child must leave the parent's files alone: LLVM's signal handlers and `report_fatal_error` remove
//! the files registered with `RemoveFileOnSignal` (opt's and clang's output, which the parent is still
//! writing), so the child restores the default action of every handled signal and installs its own
//! fatal-error handler, which reports and `_exit`s before LLVM's cleanup runs. Nothing in the child
//! flushes the parent's buffers (`_exit`, never `exit`), and it writes to no inherited descriptor but
//! its pipe.
//!
//! Fork from a thread with no other threads running the compiler: the child has only the forking
//! thread, and a lock another thread held at the fork stays held in the child (glibc's allocator is
//! prepared for fork; LLVM's own locks are held only while LLVM runs). The sweep forks before it starts
//! its workers; opt and clang run passes on one thread.

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::ffi::{c_char, CStr};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::atomic::{AtomicI32, Ordering};

/// The pipe the child's fatal-error handler writes to (-1 outside a child).
static FATAL_FD: AtomicI32 = AtomicI32::new(-1);

/// Tags of what a child sends: its result, or LLVM's fatal message.
const RESULT: u8 = b'R';
const FATAL: u8 = b'F';

/// How a child ended without a result: LLVM's fatal message, or the signal or status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aborted(pub String);

/// Writes all of `bytes` to `fd`, retrying on EINTR; gives up on any other error (the parent then sees
/// a short message and reports the child as ended without a result).
fn write_all(fd: i32, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        // SAFETY: (pointer, length) of a live slice.
        let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if n < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return;
        }
        bytes = &bytes[n as usize..];
    }
}

/// LLVM's fatal-error handler in a child: the reason to the parent, then `_exit` before LLVM removes
/// the parent's output files and aborts.
extern "C" fn on_fatal(reason: *const c_char) {
    let fd = FATAL_FD.load(Ordering::Relaxed);
    let text: &[u8] = if reason.is_null() {
        b"(no message)"
    } else {
        // SAFETY: LLVM passes a NUL-terminated string that lives for the call.
        unsafe { CStr::from_ptr(reason) }.to_bytes()
    };
    write_all(fd, &[FATAL]);
    write_all(fd, text);
    // SAFETY: ends this (child) process at once; nothing of the parent's is flushed or removed.
    unsafe { libc::_exit(70) };
}

/// In the child, right after the fork: default actions for the signals LLVM handles (a crash then
/// ends the child without LLVM's handlers, which would remove the parent's output files), no core
/// file, and [`on_fatal`] as LLVM's fatal-error handler.
fn child_setup(fd: i32) {
    FATAL_FD.store(fd, Ordering::Relaxed);
    for sig in 1..32 {
        if sig == libc::SIGKILL || sig == libc::SIGSTOP || sig == libc::SIGCHLD {
            continue;
        }
        // SAFETY: reads the current action into a zeroed struct that lives for the call.
        let mut old: libc::sigaction = unsafe { std::mem::zeroed() };
        // SAFETY: as above; a null new action only queries.
        if unsafe { libc::sigaction(sig, std::ptr::null(), &mut old) } != 0 || old.sa_sigaction == libc::SIG_IGN {
            continue;
        }
        // SAFETY: SIG_DFL for a valid signal number.
        unsafe { libc::signal(sig, libc::SIG_DFL) };
    }
    let none = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: a valid resource and a struct that lives for the call.
    unsafe { libc::setrlimit(libc::RLIMIT_CORE, &none) };
    // SAFETY: replaces whatever handler the host tool installed (clang installs one) with ours, in
    // this process only.
    unsafe {
        crate::llvm_sys::error_handling::LLVMResetFatalErrorHandler();
        crate::llvm_sys::error_handling::LLVMInstallFatalErrorHandler(Some(on_fatal));
    }
}

/// A started child: its pid and the read end of its pipe.
struct Child {
    pid: libc::pid_t,
    pipe: OwnedFd,
}

/// Forks a child that runs `f` and sends its result; `Err` when the fork (or the pipe) fails.
fn start<R: Serialize>(f: impl FnOnce() -> R) -> Result<Child, Aborted> {
    let mut fds = [0i32; 2];
    // SAFETY: `fds` has room for the two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(Aborted(format!("no pipe for the compile's process: {}", std::io::Error::last_os_error())));
    }
    // SAFETY: both descriptors were just created and are owned here.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    // SAFETY: the child runs only `f` and the code below, and leaves with `_exit`.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(Aborted(format!("no process for the compile: {}", std::io::Error::last_os_error())));
    }
    if pid == 0 {
        drop(read);
        let fd = write.as_raw_fd();
        child_setup(fd);
        let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
        match out.ok().and_then(|r| serde_json::to_vec(&r).ok()) {
            Some(json) => {
                write_all(fd, &[RESULT]);
                write_all(fd, &json);
                // SAFETY: ends the child; the parent reads to the end of the pipe.
                unsafe { libc::_exit(0) };
            }
            None => {
                write_all(fd, &[FATAL]);
                write_all(fd, b"internal error in the compile's process");
                // SAFETY: as above.
                unsafe { libc::_exit(71) };
            }
        }
    }
    drop(write);
    Ok(Child { pid, pipe: read })
}

/// Reads a child's pipe to its end, reaps it, and decodes what it sent.
fn finish<R: DeserializeOwned>(child: Child) -> Result<R, Aborted> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    let mut file = std::fs::File::from(child.pipe);
    let read = file.read_to_end(&mut bytes);
    let mut status = 0;
    loop {
        // SAFETY: waits for our own child; `status` lives for the call.
        let r = unsafe { libc::waitpid(child.pid, &mut status, 0) };
        if r >= 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            break;
        }
    }
    let ended = || {
        if libc::WIFSIGNALED(status) {
            let sig = libc::WTERMSIG(status);
            // SAFETY: strsignal returns a static or thread-local string for any number.
            let name = unsafe { CStr::from_ptr(libc::strsignal(sig)) }.to_string_lossy().into_owned();
            format!("the compile's process ended by signal {sig} ({name})")
        } else {
            format!("the compile's process ended with status {}", libc::WEXITSTATUS(status))
        }
    };
    if read.is_err() {
        return Err(Aborted(ended()));
    }
    match bytes.split_first() {
        Some((&RESULT, json)) if libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0 => {
            serde_json::from_slice(json).map_err(|e| Aborted(format!("the compile's result did not read back: {e}")))
        }
        Some((&FATAL, text)) => Err(Aborted(String::from_utf8_lossy(text).trim_end().to_string())),
        _ => Err(Aborted(ended())),
    }
}

/// `f` in a child process: its result, or how LLVM ended the child.
pub fn isolated<R: Serialize + DeserializeOwned>(f: impl FnOnce() -> R) -> Result<R, Aborted> {
    finish(start(f)?)
}

/// `f` over `items`, each in its own child process, at most `jobs` at a time (started from this
/// thread, which starts no other); results in order.
pub fn isolated_each<T, R: Serialize + DeserializeOwned>(
    items: &[T],
    jobs: usize,
    f: &dyn Fn(&T) -> R,
) -> Vec<Result<R, Aborted>> {
    let mut out: Vec<Result<R, Aborted>> = Vec::with_capacity(items.len());
    let mut running: std::collections::VecDeque<Result<Child, Aborted>> = Default::default();
    let mut next = 0;
    while out.len() < items.len() {
        while next < items.len() && running.len() < jobs.max(1) {
            let item = &items[next];
            running.push_back(start(|| f(item)));
            next += 1;
        }
        // The oldest first: a child blocked on its full pipe waits for its turn, and each finishes.
        let child = running.pop_front().expect("a child runs while results are missing");
        out.push(child.and_then(finish));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_and_a_fatal_error_ends_only_the_child() {
        assert_eq!(isolated(|| vec![1u32, 2, 3]), Ok(vec![1, 2, 3]));
        // LLVM's report_fatal_error path, through the handler the child installs.
        let fatal = isolated(|| {
            on_fatal(c"Cannot select: intrinsic %llvm.x".as_ptr());
            0u32
        });
        assert_eq!(fatal, Err(Aborted("Cannot select: intrinsic %llvm.x".into())));
        // A crash: the default action, no LLVM handler, and the parent goes on.
        let crash = isolated(|| -> u32 {
            // SAFETY: ends the child with SIGABRT, as LLVM's abort() would.
            unsafe { libc::abort() }
        });
        let Err(Aborted(why)) = crash else { panic!("{crash:?}") };
        assert!(why.contains("signal 6"), "{why}");
        // More than a pipe's buffer of result, several children at once, in order.
        let items: Vec<usize> = (0..9).collect();
        let big = isolated_each(&items, 3, &|&i| vec![i as u8; 200_000 + i]);
        for (i, r) in big.iter().enumerate() {
            let v = r.as_ref().expect("a result");
            assert_eq!((v.len(), v[0]), (200_000 + i, i as u8));
        }
    }
}
