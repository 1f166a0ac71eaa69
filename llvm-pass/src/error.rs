//! The pass crate's one error type: each message is one line naming the input and what was wrong, and
//! the underlying error is kept as the source.

use std::path::PathBuf;

/// What can go wrong in the pass crate (settings, records, the sweep's module).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A pipeline parameter, `-wavebudget-*` option or `WAVEBUDGET_*` variable that cannot be used.
    #[error("{0}")]
    Config(String),
    /// A records file the reader refused (code object, bundle, host binary).
    #[error("{}", records_message(.path, .source))]
    Records {
        /// The records file.
        path: PathBuf,
        /// The reader's error, naming the structure and offset.
        #[source]
        source: wavebudget_codeobj::Error,
    },
    /// A records file that is not what `wavebudget inspect --json` or `sweep --json` writes, or that
    /// holds no kernels.
    #[error("{}: {reason}", .path.display())]
    RecordsContent {
        /// The records file.
        path: PathBuf,
        /// What is missing or wrong.
        reason: String,
    },
    /// LLVM could not parse the module (its message, with the line and column).
    #[error("{0}")]
    Parse(String),
    /// A module the sweep cannot compile as a whole: no kernels, a triple that is not amdgcn, a kernel
    /// with no processor.
    #[error("{0}")]
    Module(String),
    /// The model refused a target.
    #[error(transparent)]
    Model(#[from] wavebudget_model::ModelError),
}

/// The reader's error after the path, which its I/O errors already name.
fn records_message(path: &std::path::Path, e: &wavebudget_codeobj::Error) -> String {
    match e {
        wavebudget_codeobj::Error::Io { .. } => e.to_string(),
        _ => format!("{}: {e}", path.display()),
    }
}
