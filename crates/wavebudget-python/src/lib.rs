//! `wavebudget._native`: the CLI's commands, called in process. `run` returns the CLI's `--json` output
//! (or its text) for the Python layer to turn into objects; `occupancy` is a typed call of the model (no
//! argv, no JSON), its answer a native object read field by field. A refusal raises `wavebudget.Error` with
//! the CLI's one-line message. No LLVM is linked: the CLI is built without its `llvm` feature.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(_native, Error, PyValueError, "A refusal: the input named in the message is not usable.");
create_exception!(
    _native,
    NotPlain,
    pyo3::exceptions::PyException,
    "An argument the typed call does not take as it is (not a plain int, str or bool in range): the \
     Python layer then takes the CLI's path, whose checks and messages are the package's."
);

/// A plain `int` in 0..=u32::MAX (exactly `int`: not bool, not a numpy integer), else `NotPlain`.
fn plain_u32(v: &Bound<'_, PyAny>) -> PyResult<u32> {
    if v.is_exact_instance_of::<pyo3::types::PyInt>() {
        if let Ok(n) = v.extract::<u32>() {
            return Ok(n);
        }
    }
    Err(NotPlain::new_err(()))
}

/// Runs `wavebudget <args>` and returns what it prints; a refusal raises `Error` with its message.
#[pyfunction]
fn run(py: Python<'_>, args: Vec<String>) -> PyResult<String> {
    let argv = std::iter::once("wavebudget".to_string()).chain(args);
    // The model and the reader hold no Python state: let other threads run meanwhile.
    py.allow_threads(|| wavebudget_cli::run(argv)).map_err(|e| Error::new_err(e.to_string()))
}

/// One target's occupancy answer: the waves and the limiter computed on the model's fast path; the whole
/// answer (notes, next step, hardware view) only when its JSON is asked for.
#[pyclass(frozen, module = "wavebudget._native")]
struct OccupancyResult {
    st: wavebudget_model::Subtarget,
    usage: wavebudget_model::Usage,
    waves_per_simd: u32,
    limiter: wavebudget_model::Limiter,
}

#[pymethods]
impl OccupancyResult {
    #[getter]
    fn waves_per_simd(&self) -> u32 {
        self.waves_per_simd
    }
    #[getter]
    fn max_waves_per_simd(&self) -> u32 {
        self.st.max_waves()
    }
    #[getter]
    fn limiter(&self) -> &'static str {
        self.limiter.as_str()
    }
    #[getter]
    fn occupancy(&self) -> f64 {
        f64::from(self.waves_per_simd) / f64::from(self.st.max_waves())
    }
    #[getter]
    fn target(&self) -> String {
        self.st.id().canonical()
    }
    /// The whole answer as `wavebudget occupancy --json` prints it.
    fn json(&self) -> PyResult<String> {
        let o = self.st.occupancy(&self.usage).map_err(|e| Error::new_err(e.to_string()))?;
        Ok(serde_json::to_string(&o).expect("an occupancy answer serializes"))
    }
}

/// Subtargets by (target list, wave size, CU mode, LLVM major), parsed once per thread; a few entries
/// compared in place (no key allocated per call).
struct CacheEntry {
    target: String,
    wave_size: Option<u32>,
    cu_mode: bool,
    llvm: u32,
    subtargets: Vec<wavebudget_model::Subtarget>,
}

thread_local! {
    static SUBTARGETS: std::cell::RefCell<Vec<CacheEntry>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `occupancy(target, ...)` of the model, typed, with the Python function's own arguments; any argument
/// not plain raises `NotPlain` (the caller falls back to the CLI's path).
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the Python signature
#[pyo3(signature = (target, vgprs, agprs, sgprs, lds, wg_size, wave_size, cu_mode, llvm))]
fn occupancy(
    target: &Bound<'_, PyAny>,
    vgprs: &Bound<'_, PyAny>,
    agprs: &Bound<'_, PyAny>,
    sgprs: &Bound<'_, PyAny>,
    lds: &Bound<'_, PyAny>,
    wg_size: &Bound<'_, PyAny>,
    wave_size: &Bound<'_, PyAny>,
    cu_mode: &Bound<'_, PyAny>,
    llvm: &Bound<'_, PyAny>,
) -> PyResult<Vec<OccupancyResult>> {
    let not_plain = || NotPlain::new_err(());
    let target = target.downcast_exact::<pyo3::types::PyString>().map_err(|_| not_plain())?.to_cow()?;
    let target: &str = &target;
    if target.is_empty() {
        return Err(not_plain());
    }
    let (vgprs, agprs, sgprs, lds) = (plain_u32(vgprs)?, plain_u32(agprs)?, Some(plain_u32(sgprs)?), plain_u32(lds)?);
    let (wg_min, wg_max) = if wg_size.is_none() {
        (1, 1024)
    } else if let Ok(t) = wg_size.downcast_exact::<pyo3::types::PyTuple>() {
        if t.len() != 2 {
            return Err(not_plain());
        }
        (plain_u32(&t.get_item(0)?)?, plain_u32(&t.get_item(1)?)?)
    } else {
        let n = plain_u32(wg_size)?;
        (n, n)
    };
    let wave_size = if wave_size.is_none() { None } else { Some(plain_u32(wave_size)?) };
    if wave_size.is_some_and(|w| w != 32 && w != 64) {
        return Err(not_plain());
    }
    let cu_mode = cu_mode.downcast_exact::<pyo3::types::PyBool>().map_err(|_| not_plain())?.is_true();
    let llvm = if llvm.is_none() { 22 } else { plain_u32(llvm)? };
    if ![15, 19, 22].contains(&llvm) {
        return Err(not_plain());
    }
    let err = |e: String| Error::new_err(e);
    let workgroup =
        wavebudget_model::WorkgroupSize { min: wg_min, max: wg_max }.validate().map_err(|e| err(e.to_string()))?;
    let usage = wavebudget_model::Usage {
        vgprs: wavebudget_model::Vgprs::Split { arch: vgprs, agpr: agprs },
        sgprs,
        lds,
        workgroup,
    };
    SUBTARGETS.with(|cache| {
        let mut cache = cache.borrow_mut();
        let found = cache
            .iter()
            .position(|e| e.target == target && e.wave_size == wave_size && e.cu_mode == cu_mode && e.llvm == llvm);
        let i = match found {
            Some(i) => i,
            None => {
                let major = wavebudget_model::Llvm::from_major(llvm).map_err(|e| err(e.to_string()))?;
                let options = wavebudget_model::Options { wave_size, cu_mode, dvgpr_block: 0, llvm: major };
                let subtargets = wavebudget_cli::subtargets_for(target, options).map_err(|e| err(e.to_string()))?;
                if cache.len() >= 64 {
                    cache.remove(0);
                }
                cache.push(CacheEntry { target: target.to_string(), wave_size, cu_mode, llvm, subtargets });
                cache.len() - 1
            }
        };
        cache[i]
            .subtargets
            .iter()
            .map(|st| {
                let checked = st.check(usage).map_err(|e| err(e.to_string()))?;
                let (waves, limits) = (checked.waves_per_simd(), checked.limits());
                Ok(OccupancyResult {
                    st: *st,
                    usage,
                    waves_per_simd: waves,
                    limiter: limits.limiter(waves, st.max_waves()),
                })
            })
            .collect()
    })
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("Error", m.py().get_type::<Error>())?;
    m.add("NotPlain", m.py().get_type::<NotPlain>())?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(occupancy, m)?)?;
    m.add_class::<OccupancyResult>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
