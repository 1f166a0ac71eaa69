//! How far below the occupancy ceiling to stop: a latency-hiding model that ranks compiled configurations
//! of one kernel by predicted time, with the cause that binds each. Pure: no LLVM, no I/O.
//!
//! - [`figures`]: one table per product (SMs/CUs, clock, matrix rates, bandwidths, latencies), each
//!   figure with its source.
//! - [`nvptx`]: NVIDIA kernels from the NVPTX LLVM IR Triton hands to LLVM, or from PTX.
//! - [`amdgpu`]: AMD kernels from the isa crate's instructions (assembly text or a disassembled code
//!   object), with MFMA passes from LLVM's scheduling model.
//! - [`signals`]: what those readers hand the model.
//! - [`model`]: [`Candidate`] -> [`Prediction`]; [`rank`].
//!
//! The model and each figure's source: `docs/advice.md`.

#![forbid(unsafe_code)]

pub mod amdgpu;
pub mod figures;
pub mod model;
pub mod nvptx;
pub mod signals;

pub use figures::{for_product, products_of, Figures, Vendor, FIGURES};
pub use model::{predict, rank, Candidate, Cause, Note, Prediction, Terms};
pub use signals::{IssueGroup, MatrixOps, MatrixType, Signals};

/// A kernel the readers cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum AnalyzeError {
    /// No kernel function (or not the one named).
    #[error("{}", match wanted { Some(k) => format!("no kernel named {k}"), None => "no kernel function (ptx_kernel, .entry, or a single definition)".to_string() })]
    NoKernel { wanted: Option<String> },
}

wavebudget_model::kind_is_variant!(AnalyzeError);

#[cfg(test)]
mod docs {
    /// docs/advice.md's figures table is `figures::markdown_rows()`: every figure and its source.
    #[test]
    fn the_docs_table_is_the_figures_table() {
        let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/advice.md")).unwrap();
        for row in crate::figures::markdown_rows() {
            assert!(docs.contains(&row), "docs/advice.md lacks the row:\n{row}\n(print them: cargo test -p wavebudget-advice -- --nocapture print_rows)");
        }
    }

    #[test]
    fn print_rows() {
        for row in crate::figures::markdown_rows() {
            println!("{row}");
        }
    }
}
