//! A file's bytes, read-only: memory-mapped when it is a regular file (so a 1 GB ROCm library costs
//! address space, not memory), read to its end when it is a pipe or another special file that cannot be
//! mapped (`/dev/stdin`, `<(...)`). It holds the one `unsafe` block wavebudget's readers need (the map),
//! so that the reader crate itself can be `#![forbid(unsafe_code)]`.
//!
//! Entry point: [`Mapped::open`], then [`Mapped::bytes`].

use std::fs::File;
use std::io::{Error, ErrorKind, Read};
use std::path::Path;

/// A file's bytes (empty files give an empty slice).
pub struct Mapped {
    data: Data,
}

enum Data {
    Empty,
    Map(memmap2::Mmap),
    /// A pipe, a terminal or another special file: read to its end.
    Read(Vec<u8>),
}

impl Mapped {
    /// Maps `path` when it is a regular file; reads any other file but a directory to its end.
    pub fn open(path: &Path) -> std::io::Result<Mapped> {
        let mut file = File::open(path)?;
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Err(Error::new(ErrorKind::InvalidInput, "is a directory"));
        }
        if !meta.is_file() {
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes)?;
            return Ok(Mapped { data: if bytes.is_empty() { Data::Empty } else { Data::Read(bytes) } });
        }
        if meta.len() == 0 {
            return Ok(Mapped { data: Data::Empty });
        }
        // SAFETY: the map is read-only and private to this process; a file truncated by another process
        // while mapped can still fault, the usual caveat of every mmap-based reader (llvm-readelf included).
        let map = unsafe { memmap2::Mmap::map(&file) }?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_directories_and_empty_files() {
        let dir = std::env::temp_dir().join(format!("wavebudget-mmap-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("bytes");
        std::fs::write(&f, b"abc").unwrap();
        assert_eq!(Mapped::open(&f).unwrap().bytes(), b"abc");
        let e = dir.join("empty");
        std::fs::write(&e, b"").unwrap();
        assert!(Mapped::open(&e).unwrap().bytes().is_empty());
        assert_eq!(Mapped::open(&dir).err().map(|e| e.kind()), Some(ErrorKind::InvalidInput));
        assert!(Mapped::open(&dir.join("missing")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
