//! The reader's one error type: what was wrong, in which structure, at which offset.

use std::fmt;

/// Everything the reader can fail with. Every variant is bad input except [`Error::Io`] (the file could not
/// be read); the reader has no "bug" variant because it never panics and never asserts on input.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The bytes break the format: `structure` is what was being read, `offset` where, counted from the
    /// start of the innermost container; `within` names the containers and where they start.
    #[error("{}{structure} at offset {offset:#x}: {detail}", Within(within))]
    Malformed {
        /// Enclosing containers, outermost first ("offload bundle at 0x3000", "entry hipv4-...--gfx90a at 0x1000").
        within: Vec<String>,
        /// The structure being read ("AMDGPU metadata note", "offload bundle entry 2", ...).
        structure: &'static str,
        /// Byte offset of that structure.
        offset: u64,
        /// What was wrong with it.
        detail: String,
    },
    /// Well-formed input the reader does not handle (a compression method it does not know, ...).
    #[error("{}{structure} at offset {offset:#x}: unsupported: {detail}", Within(within))]
    Unsupported {
        /// Enclosing containers, outermost first.
        within: Vec<String>,
        /// The structure being read.
        structure: &'static str,
        /// Byte offset of that structure.
        offset: u64,
        /// What is not supported.
        detail: String,
    },
    /// Reading the input would hold more bytes than the input budget allows (the sizes its compressed
    /// bundles claim, summed over the command's inputs), refused before anything is decompressed.
    #[error(
        "{}{structure} at offset {offset:#x}: {detail}, over the input budget of {budget} bytes (set {} to raise it)",
        Within(within),
        crate::INPUT_BUDGET_ENV
    )]
    OverBudget {
        /// Enclosing containers, outermost first.
        within: Vec<String>,
        /// The structure whose size passes the budget.
        structure: &'static str,
        /// Byte offset of that structure.
        offset: u64,
        /// What it would take.
        detail: String,
        /// The budget in force.
        budget: u64,
    },
    /// The input budget's setting is not a byte count.
    #[error("{}={value:?}: not a byte count (an integer, optionally with K, M or G)", crate::INPUT_BUDGET_ENV)]
    BadBudget {
        /// The variable's value.
        value: String,
    },
    /// The input file could not be opened or mapped.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path as given.
        path: String,
        /// The OS error.
        source: std::io::Error,
    },
}

/// The MessagePack decoder's boxed errors, where a caller's `?` meets them.
impl From<Box<Error>> for Error {
    fn from(e: Box<Error>) -> Error {
        *e
    }
}

struct Within<'a>(&'a [String]);

impl fmt::Display for Within<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for w in self.0 {
            write!(f, "{w}: ")?;
        }
        Ok(())
    }
}

impl Error {
    /// A [`Error::Malformed`] for `structure` at `offset`.
    pub(crate) fn malformed(structure: &'static str, offset: u64, detail: impl Into<String>) -> Self {
        Error::Malformed { within: Vec::new(), structure, offset, detail: detail.into() }
    }

    /// A [`Error::Unsupported`] for `structure` at `offset`.
    pub(crate) fn unsupported(structure: &'static str, offset: u64, detail: impl Into<String>) -> Self {
        Error::Unsupported { within: Vec::new(), structure, offset, detail: detail.into() }
    }

    /// Places an error from a nested container: `label` names the container and where it starts.
    pub fn within(mut self, label: impl Into<String>) -> Self {
        match &mut self {
            Error::Malformed { within, .. } | Error::Unsupported { within, .. } | Error::OverBudget { within, .. } => {
                within.insert(0, label.into())
            }
            Error::Io { .. } | Error::BadBudget { .. } => {}
        }
        self
    }

    /// The structure named by the error, if it is about the input's bytes.
    pub fn structure(&self) -> Option<&'static str> {
        match self {
            Error::Malformed { structure, .. }
            | Error::Unsupported { structure, .. }
            | Error::OverBudget { structure, .. } => Some(structure),
            Error::Io { .. } | Error::BadBudget { .. } => None,
        }
    }
}

/// Result with the reader's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
