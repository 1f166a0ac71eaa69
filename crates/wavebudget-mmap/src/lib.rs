//! A file's bytes, read-only: memory-mapped when it is a regular file (so a 1 GB ROCm library costs
//! address space, not memory; one of 64 KiB or less is read, which costs less), read to its end, up to a given number of bytes, when it is a pipe reached
//! through a link (`/dev/stdin`, `<(...)`). Everything else is refused at once with a reason, before any
//! read: directories, devices (`/dev/zero` would be read forever, a terminal waits for typing), sockets,
//! and named pipes (a FIFO on a file system blocks its reader until a writer comes). It holds the one
//! `unsafe` block wavebudget's readers need (the map), so that the reader crate itself can be
//! `#![forbid(unsafe_code)]`.
//!
//! Entry points: [`Mapped::open`] (regular files and pipes), [`Mapped::open_regular`] (regular files
//! only), then [`Mapped::bytes`].

use std::fs::{File, FileType};
use std::io::{Error, ErrorKind, Read};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

/// Files up to this size are read into memory rather than mapped.
const READ_BELOW: u64 = 64 * 1024;

/// A file's bytes (empty files give an empty slice).
pub struct Mapped {
    data: Data,
}

enum Data {
    Empty,
    Map(memmap2::Mmap),
    /// A pipe: read to its end.
    Read(Vec<u8>),
}

/// Why a file of this type is not read, or `None` for a regular file or a pipe.
fn refused(t: FileType) -> Option<&'static str> {
    if t.is_dir() {
        Some("is a directory")
    } else if t.is_char_device() {
        Some("is a character device (a terminal, /dev/zero, ...), not a regular file: it is not read")
    } else if t.is_block_device() {
        Some("is a block device, not a regular file: it is not read")
    } else if t.is_socket() {
        Some("is a socket, not a regular file: it is not read")
    } else {
        None
    }
}

fn invalid(reason: impl Into<String>) -> Error {
    Error::new(ErrorKind::InvalidInput, reason.into())
}

/// What `path` names is a regular file (following links), or why it is not read.
fn regular_by_name(path: &Path) -> std::io::Result<()> {
    let meta = std::fs::metadata(path)?;
    if let Some(why) = refused(meta.file_type()) {
        return Err(invalid(why));
    }
    if !meta.is_file() {
        return Err(invalid("is a pipe, not a regular file: it is not read"));
    }
    Ok(())
}

/// Refuses `path` unless it is a regular file this process may open, as [`Mapped::open_regular`] does,
/// without reading it: for a walk that names what it will read (in its order) before reading it.
pub fn check_regular(path: &Path) -> std::io::Result<()> {
    regular_by_name(path)?;
    // Opened (not read) so that one it may not read is refused here, as opening it later would be.
    std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path).map(drop)
}

impl Mapped {
    /// Maps `path` when it is a regular file; reads a pipe reached through a link (`/dev/stdin`,
    /// `/dev/fd/N`, `<(...)`) to its end, refusing one that gives more than `max_pipe_bytes`. Directories,
    /// devices, sockets and named pipes are refused without being opened.
    pub fn open(path: &Path, max_pipe_bytes: u64) -> std::io::Result<Mapped> {
        // A FIFO named on a file system blocks its reader until a writer opens it (forever, if none does).
        if std::fs::symlink_metadata(path)?.file_type().is_fifo() {
            return Err(invalid(
                "is a named pipe (FIFO), not a regular file: it is not read (pipe the bytes to /dev/stdin instead)",
            ));
        }
        let meta = std::fs::metadata(path)?;
        if let Some(why) = refused(meta.file_type()) {
            return Err(invalid(why));
        }
        // Non-blocking, so that a path swapped for a FIFO between the check and the open cannot block us.
        let mut file = std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path)?;
        let meta = file.metadata()?;
        if let Some(why) = refused(meta.file_type()) {
            return Err(invalid(why));
        }
        if !meta.is_file() {
            let bytes = read_pipe(&mut file, max_pipe_bytes)?;
            return Ok(Mapped { data: if bytes.is_empty() { Data::Empty } else { Data::Read(bytes) } });
        }
        Self::map(&file, meta.len())
    }

    /// Maps `path`, which must be a regular file: for inputs found by name (a records file, a Triton cache
    /// directory's entries), where a pipe or device is never meant.
    pub fn open_regular(path: &Path) -> std::io::Result<Mapped> {
        regular_by_name(path)?;
        let file = std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path)?;
        let meta = file.metadata()?;
        if !meta.is_file() {
            return Err(invalid("is not a regular file: it is not read"));
        }
        Self::map(&file, meta.len())
    }

    fn map(file: &File, len: u64) -> std::io::Result<Mapped> {
        if len == 0 {
            return Ok(Mapped { data: Data::Empty });
        }
        if len <= READ_BELOW {
            // One read costs less than a map's setup, page faults and unmap for a small file (a Triton
            // cache entry's .hsaco and JSON); at most `len` bytes, whatever the file does meanwhile.
            let mut out = Vec::with_capacity(len as usize);
            file.take(len).read_to_end(&mut out)?;
            return Ok(Mapped { data: Data::Read(out) });
        }
        // SAFETY: the map is read-only and private to this process; a file truncated by another process
        // while mapped can still fault, the usual caveat of every mmap-based reader (llvm-readelf included).
        let map = unsafe { memmap2::Mmap::map(file) }?;
        Ok(Mapped { data: Data::Map(map) })
    }

    /// The file's bytes.
    pub fn bytes(&self) -> &[u8] {
        match &self.data {
            Data::Empty => &[],
            Data::Map(m) => m,
            Data::Read(v) => v,
        }
    }
}

/// Reads a non-blocking pipe to its end (waiting while its writer has written nothing yet), at most
/// `max` bytes.
fn read_pipe(file: &mut File, max: u64) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match file.read(&mut buf) {
            Ok(0) => return Ok(out),
            Ok(n) => {
                if out.len() as u64 + n as u64 > max {
                    return Err(invalid(format!(
                        "the pipe gives more than {max} bytes, the input budget (WAVEBUDGET_INPUT_BUDGET raises it)"
                    )));
                }
                out.extend_from_slice(&buf[..n]);
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock => std::thread::sleep(std::time::Duration::from_millis(2)),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_directories_and_empty_files() {
        let dir = std::env::temp_dir().join(format!("wavebudget-mmap-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("bytes");
        std::fs::write(&f, b"abc").unwrap();
        assert_eq!(Mapped::open(&f, 10).unwrap().bytes(), b"abc");
        assert_eq!(Mapped::open_regular(&f).unwrap().bytes(), b"abc");
        let e = dir.join("empty");
        std::fs::write(&e, b"").unwrap();
        assert!(Mapped::open(&e, 10).unwrap().bytes().is_empty());
        assert_eq!(Mapped::open(&dir, 10).err().map(|e| e.kind()), Some(ErrorKind::InvalidInput));
        assert!(Mapped::open(&dir.join("missing"), 10).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[cfg(test)]
mod special {
    use super::*;
    use std::process::{Command, Stdio};

    fn refusal(r: std::io::Result<Mapped>) -> String {
        r.err().expect("refused").to_string()
    }

    #[test]
    fn devices_sockets_and_named_pipes_are_refused_unread() {
        assert!(refusal(Mapped::open(Path::new("/dev/zero"), 1 << 20)).contains("character device"));
        assert!(refusal(Mapped::open_regular(Path::new("/dev/zero"))).contains("character device"));
        let dir = std::env::temp_dir().join(format!("wavebudget-mmap-special-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("fifo");
        let _ = std::fs::remove_file(&fifo);
        assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        // No writer: opening it blocking would wait forever.
        assert!(refusal(Mapped::open(&fifo, 1 << 20)).contains("named pipe"));
        assert!(refusal(Mapped::open_regular(&fifo)).contains("not a regular file"));
        let sock = dir.join("sock");
        let _ = std::fs::remove_file(&sock);
        let _listener = std::os::unix::net::UnixListener::bind(&sock).unwrap();
        assert!(refusal(Mapped::open(&sock, 1 << 20)).contains("socket"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_pipe_is_read_to_its_end_within_the_budget() {
        // The child's stdout is a pipe; /proc/PID/fd/1 reaches it through a link, as /dev/stdin does.
        let mut child = Command::new("sh")
            .args(["-c", "printf abcdef; sleep 0.2; printf ghi"])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let fd = {
            use std::os::fd::AsRawFd;
            child.stdout.as_ref().unwrap().as_raw_fd()
        };
        let link = std::path::PathBuf::from(format!("/proc/self/fd/{fd}"));
        assert_eq!(Mapped::open(&link, 100).unwrap().bytes(), b"abcdefghi");
        child.wait().unwrap();
        let mut child =
            Command::new("sh").args(["-c", "head -c 100000 /dev/zero"]).stdout(Stdio::piped()).spawn().unwrap();
        let fd = {
            use std::os::fd::AsRawFd;
            child.stdout.as_ref().unwrap().as_raw_fd()
        };
        let link = std::path::PathBuf::from(format!("/proc/self/fd/{fd}"));
        assert!(refusal(Mapped::open(&link, 1000)).contains("more than 1000 bytes"));
        let _ = child.kill();
        let _ = child.wait();
    }
}
