//! The model's columnar batch ([`Subtarget::evaluate_columns`]) at the CPU's width: the model crate forbids
//! unsafe code and is compiled for the baseline (SSE2 on x86-64), so the one call that needs a CPU feature
//! check lives here, for the C API's `wb_occupancy_batch` and Python's `occupancy_batch`.
//!
//! On x86-64 with AVX2 the same loop (`evaluate_columns` is `#[inline(always)]`) is compiled inside a
//! function built for AVX2 and chosen at run time; the answers are the same code's, so the same (the
//! model's tests check the baseline build cell by cell against the scalar model, Python's tests check the
//! build this machine picks).

use wavebudget_model::{CellError, CellsOut, Columns, Subtarget};

/// [`Subtarget::evaluate_columns`] compiled for the widest vectors this CPU runs.
pub fn evaluate_columns(st: &Subtarget, cols: &Columns<'_>, out: &mut CellsOut<'_>) -> Result<(), CellError> {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU runs AVX2 (checked just above), which is all that calling a function built with
        // `#[target_feature(enable = "avx2")]` requires.
        return unsafe { evaluate_columns_avx2(st, cols, out) };
    }
    st.evaluate_columns(cols, out)
}

/// [`evaluate_columns`] on up to `threads` threads, as [`Subtarget::evaluate_columns_on`].
pub fn evaluate_columns_on(
    st: &Subtarget,
    threads: usize,
    cols: &Columns<'_>,
    out: CellsOut<'_>,
) -> Result<(), CellError> {
    st.evaluate_columns_on_with(threads, cols, out, evaluate_columns)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn evaluate_columns_avx2(st: &Subtarget, cols: &Columns<'_>, out: &mut CellsOut<'_>) -> Result<(), CellError> {
    st.evaluate_columns(cols, out)
}
