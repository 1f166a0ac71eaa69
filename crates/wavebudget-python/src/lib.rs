//! `wavebudget._native`: the CLI's commands, called in process. Each returns the CLI's `--json` output
//! (or its text) for the Python layer to turn into objects; a refusal raises `wavebudget.Error` with the
//! CLI's one-line message. No LLVM is linked: the CLI is built without its `llvm` feature.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(_native, Error, PyValueError, "A refusal: the input named in the message is not usable.");

/// Runs `wavebudget <args>` and returns what it prints; a refusal raises `Error` with its message.
#[pyfunction]
fn run(py: Python<'_>, args: Vec<String>) -> PyResult<String> {
    let argv = std::iter::once("wavebudget".to_string()).chain(args);
    // The model and the reader hold no Python state: let other threads run meanwhile.
    py.allow_threads(|| wavebudget_cli::run(argv)).map_err(|e| Error::new_err(e.to_string()))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("Error", m.py().get_type::<Error>())?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
