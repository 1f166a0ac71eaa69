//! wavebudget's engine, without LLVM: what the command line, the Python package and the HTML report
//! all answer, as typed values. Nothing here formats for people (each type's `Display` aside) or parses
//! arguments; the CLI renders these values as text or JSON, Python converts them to its objects.
//!
//! - [`inspect`]: every kernel of every code object in files or bytes, evaluated by the model, with its
//!   descriptor diagnosis and notes ([`inspect::inspect`], [`inspect::inspect_bytes`]).
//! - [`triton`]: Triton's cache (`<hash>/<name>.hsaco` with `<name>.json`) and its launch rule
//!   (`num_warps x warp_size` threads, `shared` bytes of LDS given at launch), and the answers about
//!   `waves_per_eu` and a compiled kernel at launch that Triton users ask.
//! - [`ladder`]: the sweep's answer (`Sweep`, its kernels' ladders and levels), written and read back in
//!   one typed form, and the policy that picks a waves target from a ladder.
//! - [`Note`]: what a kernel's evaluation says beside its numbers, one variant per kind.

#![forbid(unsafe_code)]

pub mod inspect;
pub mod ladder;
mod note;
pub mod triton;

pub use note::{Note, PadCause};

/// Why the engine refused an input; one line each. New variants may be added.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The reader refused a file or bytes (`path` names it; the reader's message names the structure
    /// and the offset).
    #[error("{}", reader_message(.path, .source))]
    Reader {
        /// The file, or `<bytes>`.
        path: String,
        /// The reader's error.
        #[source]
        source: wavebudget_codeobj::Error,
    },
    /// A directory was given that holds no `.hsaco` file.
    #[error("{path}: is a directory without .hsaco files (a Triton cache directory holds <hash>/<name>.hsaco)")]
    NotATritonCache {
        /// The directory.
        path: String,
    },
    /// A directory of a Triton cache could not be listed.
    #[error("{path}: {source}")]
    Io {
        /// The directory.
        path: String,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// Triton's metadata JSON beside a `.hsaco` is not what Triton writes.
    #[error("{path}: {problem}")]
    TritonJson {
        /// The `<name>.json`.
        path: String,
        /// What is wrong in it.
        problem: triton::JsonProblem,
    },
    /// Triton's launch (its `warp_size`) and the kernel's wave size disagree.
    #[error("{json}: \"warp_size\" {warp_size} but kernel '{kernel}' in {file} is wave{wave}: num_warps x warp_size is not its launch size")]
    WarpSize {
        /// Where Triton's launch came from (the `<name>.json`, or `kernel.metadata`).
        json: String,
        /// Its `warp_size`.
        warp_size: u32,
        /// The kernel.
        kernel: String,
        /// The code object's file.
        file: String,
        /// The kernel's `.wavefront_size`.
        wave: u32,
    },
    /// A kernel filter that is not a regular expression.
    #[error("--kernel '{pattern}': not a regular expression: {why}")]
    KernelPattern {
        /// The pattern.
        pattern: String,
        /// The regex crate's reason, its last line.
        why: String,
    },
    /// A kernel filter that matches no kernel of the inputs.
    #[error("--kernel '{pattern}' matches none of the {total} kernel(s) in {inputs}")]
    NoKernelMatches {
        /// The pattern.
        pattern: String,
        /// Kernels the inputs hold.
        total: usize,
        /// The inputs, comma-separated.
        inputs: String,
    },
    /// The model refused the input (a target, a count, a launch).
    #[error(transparent)]
    Model(#[from] wavebudget_model::ModelError),
    /// A question about a Triton launch that has no answer (no kernel, several, no occupancy).
    #[error("{0}")]
    Triton(triton::Refusal),
}

/// A reader's refusal of `path`, naming it once (an I/O error names it already).
pub fn reader_message(path: &str, e: &wavebudget_codeobj::Error) -> String {
    match e {
        // The I/O error already names the path.
        wavebudget_codeobj::Error::Io { .. } => e.to_string(),
        _ => format!("{path}: {e}"),
    }
}

/// The engine's results.
pub type Result<T, E = Error> = std::result::Result<T, E>;
