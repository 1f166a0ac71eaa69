//! Test helpers shared by wavebudget's tests and benches, in one dev-only crate (no `#[path]` includes):
//!
//! - [`llvm`]: the LLVM 22 tools (`tool`, `llc_version`), `kernel-resource-usage` remarks and
//!   `llvm-readelf --notes` parsing, `llc_compile`, `parallel_map`.
//! - [`kernels`]: the real-pressure kernel generators (the one copy: vector, scalar and MFMA accumulators).
//! - [`nvidia`]: `cuda_occupancy.h` compiled into an oracle, and `ptxas`, fetched from PyPI.
//! - [`plugin`]: where the freshly built `libwavebudget_pass.so` is, and the plugin for another LLVM major.
//! - [`process`]: `run_ok` (a command that must succeed) and `fresh_dir` (an emptied scratch directory).
//! - [`bench`]: a process's wall time and peak RSS, LLVM's tools, Debian's librocsparse0 for the benches.

pub mod bench;
pub mod kernels;
pub mod llvm;
pub mod nvidia;
pub mod plugin;
pub mod process;
