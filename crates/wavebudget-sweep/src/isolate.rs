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
// The pool frames its own pipe words (an item index, a result length) between a parent and the children
// it forked from the same binary; no input's bytes pass through here (clippy.toml keeps decoding bytes to
// the reader crate).
#![allow(clippy::disallowed_methods)]

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
        inkwell::llvm_sys::error_handling::LLVMResetFatalErrorHandler();
        inkwell::llvm_sys::error_handling::LLVMInstallFatalErrorHandler(Some(on_fatal));
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
    let status = reap(child.pid);
    if read.is_err() {
        return Err(Aborted(ended(status)));
    }
    match bytes.split_first() {
        Some((&RESULT, json)) if libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0 => {
            serde_json::from_slice(json).map_err(|e| Aborted(format!("the compile's result did not read back: {e}")))
        }
        Some((&FATAL, text)) => Err(Aborted(String::from_utf8_lossy(text).trim_end().to_string())),
        _ => Err(Aborted(ended(status))),
    }
}

/// `f` in a child process: its result, or how LLVM ended the child.
pub fn isolated<R: Serialize + DeserializeOwned>(f: impl FnOnce() -> R) -> Result<R, Aborted> {
    finish(start(f)?)
}

/// `f` over `items` in a pool of at most `jobs` child processes, each compiling item after item as the
/// parent hands them out (one at a time, in `items`' order, to whichever child is free): results in
/// order. A child pays the fork's page faults and LLVM's per-process setup (the target machine and its
/// register tables) once for all its items, and the work stays balanced whatever each item costs. A
/// child that ends while on an item (LLVM's fatal error, a crash) costs that item, which gets how it
/// ended, and a new child takes its place; no abort reaches the caller. (A fork per item cost a sweep of
/// three small kernels a third of its time; `benches/sweep.rs`.)
pub fn isolated_pool<T, R: Serialize + DeserializeOwned>(
    items: &[T],
    jobs: usize,
    f: &dyn Fn(&T) -> R,
) -> Vec<Result<R, Aborted>> {
    let mut out: Vec<Option<Result<R, Aborted>>> = (0..items.len()).map(|_| None).collect();
    let mut next = 0usize;
    // The children: command pipe (we write item numbers), result pipe, pid, the item it is on, bytes read.
    struct Worker {
        pid: libc::pid_t,
        to: Option<OwnedFd>,
        from: OwnedFd,
        on: Option<usize>,
        bytes: Vec<u8>,
    }
    let mut workers: Vec<Worker> = Vec::new();
    loop {
        // Start workers while there is work for them.
        while workers.len() < jobs.max(1) && next < items.len() {
            match start_worker(items, f) {
                Ok((pid, to, from)) => workers.push(Worker { pid, to: Some(to), from, on: None, bytes: Vec::new() }),
                Err(e) => {
                    out[next] = Some(Err(e));
                    next += 1;
                }
            }
        }
        // Hand a free worker the next item; one with nothing left to do is told so (its pipe closed).
        for w in workers.iter_mut().filter(|w| w.on.is_none()) {
            if next < items.len() {
                let sent =
                    w.to.as_ref().is_some_and(|to| write_all_checked(to.as_raw_fd(), &(next as u64).to_le_bytes()));
                if sent {
                    w.on = Some(next);
                    next += 1;
                    continue;
                }
            }
            w.to = None;
        }
        if workers.is_empty() {
            break;
        }
        let mut fds: Vec<libc::pollfd> =
            workers.iter().map(|w| libc::pollfd { fd: w.from.as_raw_fd(), events: libc::POLLIN, revents: 0 }).collect();
        // SAFETY: `fds` holds `fds.len()` initialized entries for the call.
        if unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, -1) } < 0 {
            continue; // EINTR: poll again
        }
        let mut gone = Vec::new();
        for (i, p) in fds.iter().enumerate() {
            if p.revents == 0 {
                continue;
            }
            let mut buf = [0u8; 65536];
            // SAFETY: reads into a live buffer of its length from our own pipe.
            let got = unsafe { libc::read(p.fd, buf.as_mut_ptr().cast(), buf.len()) };
            let w = &mut workers[i];
            if got > 0 {
                w.bytes.extend_from_slice(&buf[..got as usize]);
                // A whole result frees the worker for the next item.
                while let Some((value, used)) = take_frame::<R>(&w.bytes) {
                    let item = w.on.take().expect("a result answers the item handed out");
                    out[item] = Some(value.map_err(Aborted));
                    w.bytes.drain(..used);
                }
            } else if got == 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                gone.push(i);
            }
        }
        for i in gone.into_iter().rev() {
            let w = workers.swap_remove(i);
            drop(w.to);
            let status = reap(w.pid);
            if let Some(item) = w.on {
                // It ended on an item: what it said of it (LLVM's fatal message), or how it ended.
                let why = match w.bytes.split_first() {
                    Some((&FATAL, text)) => String::from_utf8_lossy(text).trim_end().to_string(),
                    _ => ended(status),
                };
                out[item] = Some(Err(Aborted(why)));
            }
        }
    }
    out.into_iter().map(|r| r.unwrap_or_else(|| Err(Aborted("not compiled".into())))).collect()
}

/// Like [`write_all`], saying whether every byte went (a worker that ended has closed its end).
fn write_all_checked(fd: i32, mut bytes: &[u8]) -> bool {
    while !bytes.is_empty() {
        // SAFETY: (pointer, length) of a live slice.
        let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if n < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return false;
        }
        bytes = &bytes[n as usize..];
    }
    true
}

/// One whole frame at the start of `bytes`, and its length: a result (`RESULT`, 8 bytes of length, the
/// JSON), or a result that did not read back (as an error's text). `None` until the frame is complete.
fn take_frame<R: DeserializeOwned>(bytes: &[u8]) -> Option<(Result<R, String>, usize)> {
    let (&tag, tail) = bytes.split_first()?;
    if tag != RESULT || tail.len() < 8 {
        return None;
    }
    let len = u64::from_le_bytes(tail[..8].try_into().expect("8 bytes")) as usize;
    let json = tail.get(8..8 + len)?;
    let value = serde_json::from_slice(json).map_err(|e| format!("the compile's result did not read back: {e}"));
    Some((value, 9 + len))
}

/// Forks a worker: it reads item numbers from its command pipe until that closes, runs `f` on each and
/// sends its result framed; its fatal-error handler writes to the result pipe.
fn start_worker<T, R: Serialize>(items: &[T], f: &dyn Fn(&T) -> R) -> Result<(libc::pid_t, OwnedFd, OwnedFd), Aborted> {
    let pipe = || -> Result<(OwnedFd, OwnedFd), Aborted> {
        let mut fds = [0i32; 2];
        // SAFETY: `fds` has room for the two descriptors.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return Err(Aborted(format!("no pipe for the compile's process: {}", std::io::Error::last_os_error())));
        }
        // SAFETY: both descriptors were just created and are owned here.
        Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
    };
    let (cmd_read, cmd_write) = pipe()?;
    let (res_read, res_write) = pipe()?;
    // SAFETY: the child runs only the loop below, and leaves with `_exit`.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(Aborted(format!("no process for the compile: {}", std::io::Error::last_os_error())));
    }
    if pid == 0 {
        drop(cmd_write);
        drop(res_read);
        let (cmd, fd) = (cmd_read.as_raw_fd(), res_write.as_raw_fd());
        child_setup(fd);
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| loop {
            let mut word = [0u8; 8];
            let mut have = 0;
            while have < word.len() {
                // SAFETY: reads into the live rest of `word`.
                let n = unsafe { libc::read(cmd, word[have..].as_mut_ptr().cast(), word.len() - have) };
                if n == 0 {
                    return; // no more work
                }
                if n < 0 {
                    if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                        continue;
                    }
                    return;
                }
                have += n as usize;
            }
            let Some(item) = items.get(u64::from_le_bytes(word) as usize) else { return };
            match serde_json::to_vec(&f(item)) {
                Ok(json) => send_framed(fd, &json),
                Err(_) => {
                    write_all(fd, &[FATAL]);
                    write_all(fd, b"internal error in the compile's process");
                    // SAFETY: ends the child; the parent takes the item as failed.
                    unsafe { libc::_exit(71) };
                }
            }
        }));
        if ran.is_err() {
            write_all(fd, &[FATAL]);
            write_all(fd, b"internal error in the compile's process");
            // SAFETY: as above.
            unsafe { libc::_exit(71) };
        }
        // SAFETY: ends the child; the parent reads to the end of its pipe.
        unsafe { libc::_exit(0) };
    }
    drop(cmd_read);
    drop(res_write);
    Ok((pid, cmd_write, res_read))
}

/// A length-prefixed result of a worker: `RESULT`, 8 bytes of length (little endian), the JSON.
fn send_framed(fd: i32, json: &[u8]) {
    write_all(fd, &[RESULT]);
    write_all(fd, &(json.len() as u64).to_le_bytes());
    write_all(fd, json);
}

/// Waits for our own child and returns its status.
fn reap(pid: libc::pid_t) -> i32 {
    let mut status = 0;
    loop {
        // SAFETY: waits for our own child; `status` lives for the call.
        let r = unsafe { libc::waitpid(pid, &mut status, 0) };
        if r >= 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            break;
        }
    }
    status
}

/// How a child ended, in words.
fn ended(status: i32) -> String {
    if libc::WIFSIGNALED(status) {
        let sig = libc::WTERMSIG(status);
        // SAFETY: strsignal returns a static or thread-local string for any number.
        let name = unsafe { CStr::from_ptr(libc::strsignal(sig)) }.to_string_lossy().into_owned();
        format!("the compile's process ended by signal {sig} ({name})")
    } else {
        format!("the compile's process ended with status {}", libc::WEXITSTATUS(status))
    }
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

    /// A pool of workers: every result in order, more than a pipe's buffer of them, a few processes for
    /// many items; an item that ends its worker (LLVM's fatal error, a crash) gets how it ended, and the
    /// rest still run, in a new worker.
    #[test]
    fn a_pool_runs_many_items_in_few_children_and_goes_on_past_an_abort() {
        let items: Vec<u32> = (0..40).collect();
        let parent = std::process::id();
        let r = isolated_pool(&items, 2, &|&i| -> (u32, u32) {
            match i {
                11 => on_fatal(c"LLVM ERROR: eleven".as_ptr()),
                // SAFETY: ends the child with SIGABRT, as LLVM's abort() would.
                3 => unsafe { libc::abort() },
                _ => {}
            }
            (i, std::process::id())
        });
        assert_eq!(r.len(), 40);
        let Err(Aborted(why)) = &r[3] else { panic!("{:?}", r[3]) };
        assert!(why.contains("signal 6"), "{why}");
        assert_eq!(r[11], Err(Aborted("LLVM ERROR: eleven".into())));
        let ok: Vec<(u32, u32)> =
            r.iter().enumerate().filter(|(i, _)| *i != 3 && *i != 11).map(|(_, x)| *x.as_ref().unwrap()).collect();
        assert!(ok.iter().zip((0..40).filter(|i| *i != 3 && *i != 11)).all(|(v, i)| v.0 == i));
        // Few processes for the items (2 at the start, one more for each abort), none of them this one.
        let pids: std::collections::BTreeSet<u32> = ok.iter().map(|v| v.1).collect();
        assert!(pids.len() <= 4 && !pids.contains(&parent), "{pids:?}");
        let many = isolated_pool(&(0..3000u32).collect::<Vec<_>>(), 2, &|&i| vec![i; 64]);
        assert!(many.iter().enumerate().all(|(i, v)| v.as_ref().is_ok_and(|v| v[0] == i as u32)));
        assert!(isolated_pool(&Vec::<u32>::new(), 2, &|&i| i).is_empty());
    }
}
