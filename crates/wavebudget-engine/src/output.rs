//! Writing an answer to a file, the one way every door writes (the CLI's `-o`, the HTML report, Python's
//! `write_report`): atomically, only over a regular file, never over an input.

use wavebudget_model::text::Arg;

/// What an output path is that wavebudget does not write over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotRegular {
    /// A directory.
    Directory,
    /// A device, pipe or socket.
    Special,
}

impl std::fmt::Display for NotRegular {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NotRegular::Directory => "a directory",
            NotRegular::Special => "not a regular file (a device, pipe or socket)",
        })
    }
}

/// Why an output was not written; nothing was, and an existing file is intact.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum OutputError {
    /// A chain of symbolic links that does not end in a file.
    #[error(
        "{} {output}: symbolic links that do not end in a file after {hops} hops (a loop); nothing written",
        Arg("output")
    )]
    #[strum(serialize = "output_link_loop")]
    LinkLoop {
        /// The output as given.
        output: String,
        /// How many links were followed.
        hops: u32,
    },
    /// An output that is not a regular file.
    #[error("{} {output}: is {what}; wavebudget writes only regular files", Arg("output"))]
    #[strum(serialize = "output_not_regular")]
    NotRegular {
        /// The output as given.
        output: String,
        /// What it is.
        what: NotRegular,
    },
    /// The system would not read the link or write the file.
    #[error("{context}: {source}")]
    Io {
        /// `-o PATH: cannot write`.
        context: String,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
}

wavebudget_model::kind_is_variant!(OutputError);

/// Links followed at most (Linux's own limit).
const MAX_LINK_HOPS: usize = 40;

/// Whether an output names standard output: `-`, as every door takes it (`-o -`).
pub fn is_stdout(output: &std::path::Path) -> bool {
    output.as_os_str() == "-"
}

/// Writes `bytes` to `output` atomically: a temporary file beside it, renamed over it, so a failure
/// leaves no partial file and an existing output intact. `mode`: permissions to give it (the input's).
///
/// Only regular files are written. An output that is a symlink writes the file it points to (the link
/// stays a link); one that is a device, a pipe or a socket (`/dev/null`) is refused, so that running as
/// root never replaces a device node with a file.
pub fn write_atomic(
    output: &std::path::Path,
    bytes: &[u8],
    mode: Option<std::fs::Permissions>,
) -> Result<(), OutputError> {
    // `-` is standard output, whatever the door (a file named `-` is `./-`).
    if is_stdout(output) {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        return out
            .write_all(bytes)
            .and_then(|_| out.flush())
            .map_err(|source| OutputError::Io { context: format!("{} -: standard output", Arg("output")), source });
    }
    let shown = output.display().to_string();
    // Follow the chain of links to the file it ends at (which may not exist yet). A chain that does not
    // end (a loop) is refused: renaming over its last link would replace a link with a file.
    let mut target = output.to_path_buf();
    let mut hops = 0;
    while std::fs::symlink_metadata(&target).is_ok_and(|m| m.file_type().is_symlink()) {
        hops += 1;
        if hops > MAX_LINK_HOPS {
            return Err(OutputError::LinkLoop { output: shown, hops: MAX_LINK_HOPS as u32 });
        }
        let link = std::fs::read_link(&target).map_err(|source| OutputError::Io {
            context: format!("{} {shown}: cannot read the link", Arg("output")),
            source,
        })?;
        target = target.parent().unwrap_or(std::path::Path::new(".")).join(link);
    }
    if let Ok(m) = std::fs::metadata(&target) {
        if !m.file_type().is_file() {
            let what = if m.is_dir() { NotRegular::Directory } else { NotRegular::Special };
            return Err(OutputError::NotRegular { output: shown, what });
        }
    }
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    let tmp = dir.join(format!(
        ".{}.wavebudget-{}",
        target.file_name().and_then(|n| n.to_str()).unwrap_or("out"),
        std::process::id()
    ));
    let result = std::fs::write(&tmp, bytes)
        .and_then(|_| match mode {
            Some(m) => std::fs::set_permissions(&tmp, m),
            None => Ok(()),
        })
        .and_then(|_| std::fs::rename(&tmp, &target));
    result.map_err(|source| {
        let _ = std::fs::remove_file(&tmp);
        OutputError::Io { context: format!("{} {shown}: cannot write", Arg("output")), source }
    })
}

/// `a` and `b` name the same existing file (through links, `..`, or hard links: same device and inode).
pub fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}
