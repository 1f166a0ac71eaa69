//! `wavebudget._native`: the package's calls, each a typed call of the model, the engine or the report
//! (no argv, no JSON text), its signature declared here (`#[pyo3(signature)]`), its arguments read by
//! [`args`], its answer a native object ([`answer`], `Occupancy`) or a record made from the engine's serde
//! form. A refusal raises `wavebudget.Error` with the CLI's one-line message (arguments spelled Python's
//! way) and its kind. No LLVM is linked, and no CLI crate.

use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;

mod answer;
mod args;
mod batch;
mod compiled;
use answer::answer;
use args::n;

/// `wavebudget.Error`, made here only: its type is private to this module (no other code of the crate can
/// raise one without a `kind`), and [`refuse_kind`] is the one way to make one.
mod refusal {
    use pyo3::prelude::*;

    mod exception {
        pyo3::create_exception!(
            _native,
            Error,
            pyo3::exceptions::PyValueError,
            "A refusal: the input named in the message is not usable."
        );
    }

    /// A refusal: `wavebudget.Error` with its one-line message and `kind`, the name of the refusal's
    /// variant (stable across releases), to match instead of the English.
    pub(crate) fn refuse_kind(kind: &'static str, message: String) -> PyErr {
        Python::with_gil(|py| {
            // One line for people, as the CLI prints it: control, bidi and invisible characters of the
            // input (a name with ESC or NUL in it) are spelled out, never raw.
            let e = exception::Error::new_err(wavebudget_model::text::printable(&message).into_owned());
            // Setting an attribute on a fresh exception cannot fail short of memory; the message stands alone.
            let _ = e.value(py).setattr("kind", kind);
            let _ = e.value(py).setattr("argument", py.None());
            e
        })
    }

    /// The exception type, for the module to export.
    pub(crate) fn error_type(py: Python<'_>) -> Bound<'_, pyo3::types::PyType> {
        py.get_type::<exception::Error>()
    }
}

use refusal::refuse_kind;

/// A handle's field as Python reads it: numbers and flags as they are, text as `str`, a limiter by its
/// name, `None` for an absent value.
trait Field {
    fn py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>>;
}

macro_rules! field_as_is {
    ($($t:ty),*) => {$(
        impl Field for $t {
            fn py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                self.into_bound_py_any(py)
            }
        }
    )*};
}
field_as_is!(u32, u64, f64, bool, String, &'static str);

impl Field for wavebudget_model::Limiter {
    fn py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.as_str().into_bound_py_any(py)
    }
}

impl Field for std::borrow::Cow<'_, str> {
    fn py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.as_ref().into_bound_py_any(py)
    }
}

impl<T: Field> Field for Option<T> {
    fn py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Some(v) => v.py(py),
            None => Ok(py.None().into_bound(py)),
        }
    }
}

impl<T: Field> Field for &[T] {
    fn py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let items = self.iter().map(|v| v.py(py)).collect::<PyResult<Vec<_>>>()?;
        Ok(pyo3::types::PyList::new(py, items)?.into_any())
    }
}

impl<T: Field> Field for Vec<T> {
    fn py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let items = self.iter().map(|v| v.py(py)).collect::<PyResult<Vec<_>>>()?;
        Ok(pyo3::types::PyList::new(py, items)?.into_any())
    }
}

/// `wavebudget.Occupancy`: one target's answer. The waves and the limiter are computed on the model's fast
/// path and read as attributes; the whole answer (notes, next step, hardware view: the `occupancy --json`
/// object) is made the first time another field is asked for.
#[pyclass(frozen, name = "Occupancy", module = "wavebudget")]
struct OccupancyResult {
    st: wavebudget_model::Subtarget,
    usage: wavebudget_model::Usage,
    waves_per_simd: u32,
    limiter: wavebudget_model::Limiter,
    /// The call's options, to make the same answer again (pickle, copy).
    wave_size: Option<u32>,
    cu_mode: bool,
    llvm: u32,
    dvgpr_block: u32,
    /// The whole answer as a dict with typed notes, made once.
    dict: pyo3::sync::GILOnceCell<Py<pyo3::types::PyDict>>,
}

/// The package's Python module (its `_wrap`, `_typed_notes`, `Record`), imported once.
fn package(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    static PACKAGE: pyo3::sync::GILOnceCell<Py<PyModule>> = pyo3::sync::GILOnceCell::new();
    Ok(PACKAGE.get_or_try_init(py, || py.import("wavebudget").map(Bound::unbind))?.bind(py))
}

impl OccupancyResult {
    /// The answer as `occupancy --json` writes it: a fresh dict, notes as text.
    fn json_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let o = self.st.occupancy(&self.usage).map_err(|e| model_err(&e))?;
        let d = to_py(py, &o)?.downcast_into::<pyo3::types::PyDict>()?;
        Ok(d)
    }

    fn dict<'py>(&self, py: Python<'py>) -> PyResult<&Bound<'py, pyo3::types::PyDict>> {
        Ok(self
            .dict
            .get_or_try_init(py, || -> PyResult<_> {
                let o = self.st.occupancy(&self.usage).map_err(|e| model_err(&e))?;
                let d = to_py(py, &o)?.downcast_into::<pyo3::types::PyDict>()?;
                d.set_item("note_kinds", o.notes.iter().map(|n| n.kind()).collect::<Vec<_>>())?;
                package(py)?.getattr("_typed_notes")?.call1((&d,))?;
                Ok(d.unbind())
            })?
            .bind(py))
    }
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
        self.st.fraction(self.waves_per_simd)
    }
    #[getter]
    fn target(&self) -> String {
        self.st.id().canonical()
    }
    /// The whole answer as a dict (the `occupancy --json` object), notes as `Note`s.
    #[getter]
    fn _d<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        self.dict(py).cloned()
    }
    /// Any other field of the answer (`binding`, `limits`, `allocated`, `next_step`, `notes`, ...).
    fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        if name.starts_with('_') {
            return Err(pyo3::exceptions::PyAttributeError::new_err(name.to_string()));
        }
        match self.dict(py)?.get_item(name)? {
            Some(v) => package(py)?.getattr("_wrap")?.call1((v,)),
            None => Err(pyo3::exceptions::PyAttributeError::new_err(format!("Occupancy has no field '{name}'"))),
        }
    }
    fn __setattr__(&self, _name: &str, _value: &Bound<'_, PyAny>) -> PyResult<()> {
        Err(pyo3::exceptions::PyAttributeError::new_err("Occupancy is read-only"))
    }
    fn __delattr__(&self, _name: &str) -> PyResult<()> {
        Err(pyo3::exceptions::PyAttributeError::new_err("Occupancy is read-only"))
    }
    fn __getitem__<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        // As a record's: any key, a missing one a KeyError (not a TypeError for a key that is no string).
        self.dict(py)?.get_item(key)?.ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(key.clone().unbind()))
    }
    fn __contains__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.dict(py)?.contains(key)
    }
    fn keys<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.dict(py)?.call_method0("keys")
    }
    fn __dir__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let names = pyo3::types::PySet::empty(py)?;
        for n in py.get_type::<OccupancyResult>().dir()? {
            names.add(n)?;
        }
        for k in slf.get().dict(py)?.keys() {
            names.add(k)?;
        }
        py.import("builtins")?.getattr("sorted")?.call1((names,))
    }
    /// The JSON object, as `wavebudget occupancy --json` prints it (a fresh copy).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        self.json_dict(py)
    }
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(theirs) = other.getattr("_d") else { return Ok(false) };
        if !(other.is_instance_of::<OccupancyResult>() || other.is_instance(&package(py)?.getattr("Record")?)?) {
            return Ok(false);
        }
        self.dict(py)?.eq(theirs)
    }
    fn __hash__(&self) -> PyResult<isize> {
        Err(pyo3::exceptions::PyTypeError::new_err("unhashable type: 'Occupancy'"))
    }
    fn __repr__(&self) -> String {
        format!(
            "Occupancy(target='{}', waves_per_simd={}, limiter='{}')",
            self.st.id().canonical(),
            self.waves_per_simd,
            self.limiter.as_str()
        )
    }
    /// Pickle and copy: the same call again.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let py = slf.py();
        let me = slf.get();
        let (arch, agpr, total) = match me.usage.vgprs {
            wavebudget_model::Vgprs::Split { arch, agpr } => (arch, agpr, None),
            wavebudget_model::Vgprs::Total(t) => (0, 0, Some(t)),
        };
        let args = (
            me.st.id().canonical(),
            arch,
            agpr,
            me.usage.sgprs.unwrap_or(0),
            me.usage.lds,
            (me.usage.workgroup.min, me.usage.workgroup.max),
            me.wave_size,
            me.cu_mode,
            me.llvm,
            total,
            me.dvgpr_block,
        );
        Ok((py.import("wavebudget._native")?.getattr("_restore_occupancy")?, args.into_pyobject(py)?.into_any()))
    }
}

/// The one answer `__reduce__` names: `occupancy` of one target with these plain values.
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the Python signature
#[pyo3(signature = (target, vgprs, agprs, sgprs, lds, wg_size, wave_size, cu_mode, llvm, vgpr_count, dvgpr_block = 0))]
fn _restore_occupancy(
    target: &str,
    vgprs: u32,
    agprs: u32,
    sgprs: u32,
    lds: u32,
    wg_size: (u32, u32),
    wave_size: Option<u32>,
    cu_mode: bool,
    llvm: u32,
    vgpr_count: Option<u32>,
    dvgpr_block: u32,
) -> PyResult<OccupancyResult> {
    let vgprs = match vgpr_count {
        Some(t) => wavebudget_model::Vgprs::Total(t),
        None => wavebudget_model::Vgprs::Split { arch: vgprs, agpr: agprs },
    };
    let workgroup =
        wavebudget_model::WorkgroupSize { min: wg_size.0, max: wg_size.1 }.validate().map_err(|e| model_err(&e))?;
    let usage = wavebudget_model::Usage { vgprs, sgprs: Some(sgprs), lds, workgroup };
    let mut out = evaluate(target, usage, Options { wave_size, cu_mode, llvm, dvgpr_block })?;
    out.pop().ok_or_else(|| refuse(Kind::EmptyTarget, "target is empty".into()))
}

/// Each target's answer for `usage`.
fn evaluate(target: &str, usage: wavebudget_model::Usage, o: Options) -> PyResult<Vec<OccupancyResult>> {
    let Options { wave_size, cu_mode, llvm, dvgpr_block } = o;
    with_subtargets(target, o, |sts| {
        sts.iter()
            .map(|st| {
                let checked = st.check(usage).map_err(|e| model_err(&e))?;
                let (waves, limits) = (checked.waves_per_simd(), checked.limits());
                Ok(OccupancyResult {
                    st: *st,
                    usage,
                    waves_per_simd: waves,
                    limiter: limits.limiter(waves, st.max_waves()),
                    wave_size,
                    cu_mode,
                    llvm,
                    dvgpr_block,
                    dict: pyo3::sync::GILOnceCell::new(),
                })
            })
            .collect()
    })
}

/// Subtargets by (target list, wave size, CU mode, LLVM major), parsed once per thread; a few entries
/// compared in place (no key allocated per call).
struct CacheEntry {
    target: String,
    options: Options,
    subtargets: Vec<wavebudget_model::Subtarget>,
}

/// A call's subtarget options as Python gives them (`llvm` a major, `dvgpr_block` 0 for none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Options {
    wave_size: Option<u32>,
    cu_mode: bool,
    llvm: u32,
    dvgpr_block: u32,
}

impl Options {
    /// A call's options: its LLVM major (the model's default where none is named) and dynamic-VGPR block.
    fn of(wave_size: Option<u32>, cu_mode: bool, llvm: Option<u32>, dvgpr_block: Option<u32>) -> Options {
        Options { wave_size, cu_mode, llvm: llvm.unwrap_or(DEFAULT_LLVM), dvgpr_block: dvgpr_block.unwrap_or(0) }
    }

    /// The model's options (an LLVM major it does not follow refused).
    fn model(self) -> PyResult<wavebudget_model::Options> {
        let llvm = wavebudget_model::Llvm::from_major(self.llvm).map_err(|e| model_err(&e))?;
        Ok(wavebudget_model::Options {
            wave_size: self.wave_size,
            cu_mode: self.cu_mode,
            dvgpr_block: self.dvgpr_block,
            llvm,
            vgprs_1_5x: None,
        })
    }
}

thread_local! {
    static SUBTARGETS: std::cell::RefCell<Vec<CacheEntry>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `wavebudget.occupancy(target, *, vgprs=0, ...)`: waves per SIMD for these resources, as `wavebudget
/// occupancy` computes them: one `Occupancy`, a list of them for several comma-separated targets.
///
/// `vgprs`/`agprs` are the architectural VGPRs and AGPRs as LLVM's remark gives them; `vgpr_count` instead
/// is the code object's unified `.vgpr_count` (AGPRs included: a Triton matmul's 289 is 256 + 33 AGPRs), as
/// `inspect` and Triton's `n_regs` give it. `sgprs` is `.sgpr_count`; `lds` bytes per workgroup, `wg_size`
/// the launch size (N, or (MIN, MAX) as LLVM's `amdgpu-flat-work-group-size`; default 1..1024). `llvm` is
/// the LLVM major whose rules apply (15, 19 or 22, the default: the compiler that builds the kernel;
/// docs/llvm-versions.md).
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the Python signature
#[pyo3(signature = (target, *, vgprs = None, agprs = None, sgprs = 0, lds = 0, wg_size = None, wave_size = None, cu_mode = false, llvm = None, vgpr_count = None, dvgpr_block = None))]
fn occupancy<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = "args::text::<n::target>")] target: String,
    #[pyo3(from_py_with = "args::opt_count::<n::vgprs>")] vgprs: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::agprs>")] agprs: Option<u32>,
    #[pyo3(from_py_with = "args::count::<n::sgprs>")] sgprs: u32,
    #[pyo3(from_py_with = "args::count::<n::lds>")] lds: u32,
    #[pyo3(from_py_with = "args::wg_pair::<n::wg_size>")] wg_size: Option<(u32, u32)>,
    #[pyo3(from_py_with = "args::opt_count::<n::wave_size>")] wave_size: Option<u32>,
    #[pyo3(from_py_with = "args::flag::<n::cu_mode>")] cu_mode: bool,
    #[pyo3(from_py_with = "args::opt_count::<n::llvm>")] llvm: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::vgpr_count>")] vgpr_count: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::dvgpr_block>")] dvgpr_block: Option<u32>,
) -> PyResult<Bound<'py, PyAny>> {
    // The launch range first, then the counts and the rest: the order every door reads them in.
    let workgroup = workgroup(wg_size)?.unwrap_or(wavebudget_model::WorkgroupSize::DEFAULT);
    // The registers as every door takes them (the engine's rule: one way of giving them, at least one).
    let vgprs = wavebudget_engine::misuse::vgprs(vgprs, agprs, vgpr_count, false).map_err(misuse)?;
    let options = Options::of(wave_size, cu_mode, llvm, dvgpr_block);
    options.model()?;
    let usage = wavebudget_model::Usage { vgprs, sgprs: Some(sgprs), lds, workgroup };
    let out = evaluate(&target, usage, options)?;
    one_or_list(py, out.into_iter().map(|o| Ok(Bound::new(py, o)?.into_any())))
}

/// `_target(target, wave_size=None)`: a target's vendor and the properties a Triton pruner needs, as the
/// engine reads them (no answer probed for them): `("nvidia", architecture, False)`, or `("amd",
/// processor, wgp_mode)` (whether the processor has WGPs, so that CU mode changes its code). One target,
/// not a list. A wave size an NVIDIA target does not have (a warp is 32 threads, Triton's CUDA launch rule:
/// `TritonLaunch::cuda`) is refused here, as the AMD processor's is by its subtarget.
#[pyfunction]
#[pyo3(signature = (target, wave_size = None))]
fn _target(
    #[pyo3(from_py_with = "args::text::<n::target>")] target: String,
    #[pyo3(from_py_with = "args::opt_count::<n::wave_size>")] wave_size: Option<u32>,
) -> PyResult<(&'static str, &'static str, bool)> {
    if let Some(nv) = wavebudget_engine::targets::nvidia_target(&target).map_err(engine_err)? {
        let warp = wavebudget_engine::triton::CUDA_WARP_SIZE;
        if let Some(w) = wave_size.filter(|&w| w != warp) {
            let message = format!("warp_size {w}: an NVIDIA warp is {warp} threads ('{target}')");
            return Err(args::refuse(Kind::WarpSize, "warp_size", message));
        }
        return Ok(("nvidia", nv.arch.name, false));
    }
    with_subtargets(&target, Options::of(wave_size, false, None, None), |sts| match sts {
        [st] => Ok(("amd", st.processor().name, st.processor().has_wgp_mode())),
        _ => Err(refuse(Kind::TargetList, format!("target '{target}': one target, not a list"))),
    })
}

/// How many dicts and lists a candidate may nest, itself included, at most: serde_json's limit, which a
/// candidates file's line is read with (its 128th nested array or object is "recursion limit exceeded").
const JSON_DEPTH: usize = 127;

/// A candidate dict with its values as a JSON file holds them: an integer no 64-bit integer holds is the
/// float JSON reads it as (`2**65` as `3.6893488147419103e+19`), so it is refused in the candidates file's
/// words ("is not a count") rather than the converter's; an integer of another type (numpy's) is its
/// value; NaN and the infinities, which JSON has no number for, are refused as a candidates file refuses
/// them (not JSON), never read as absent; dicts and lists within are read the same way, nested at most as
/// deep as a file's line may be.
fn as_json_numbers<'py>(v: &Bound<'py, PyAny>, depth: usize) -> PyResult<Bound<'py, PyAny>> {
    let py = v.py();
    let not_json = |why: String| refuse(Kind::NotACandidate, format!("not JSON: {why}"));
    let container = v.is_instance_of::<pyo3::types::PyDict>()
        || v.is_instance_of::<pyo3::types::PyList>()
        || v.is_instance_of::<pyo3::types::PyTuple>();
    // `depth` containers enclose this value.
    if container && depth >= JSON_DEPTH {
        return Err(not_json("recursion limit exceeded".into()));
    }
    if let Ok(d) = v.downcast::<pyo3::types::PyDict>() {
        let out = pyo3::types::PyDict::new(py);
        for (k, x) in d.iter() {
            out.set_item(k, as_json_numbers(&x, depth + 1)?)?;
        }
        return Ok(out.into_any());
    }
    // A list or a tuple (what JSON writes as an array) is one.
    if v.is_instance_of::<pyo3::types::PyList>() || v.is_instance_of::<pyo3::types::PyTuple>() {
        let items = v.try_iter()?.map(|x| as_json_numbers(&x?, depth + 1)).collect::<PyResult<Vec<_>>>()?;
        return Ok(pyo3::types::PyList::new(py, items)?.into_any());
    }
    if v.is_instance_of::<pyo3::types::PyBool>() || v.is_instance_of::<pyo3::types::PyString>() || v.is_none() {
        return Ok(v.clone());
    }
    if let Ok(f) = v.downcast::<pyo3::types::PyFloat>() {
        let x = f.value();
        if !x.is_finite() {
            return Err(not_json(format!("{} is not a number JSON holds", v.repr()?)));
        }
        return Ok(v.clone());
    }
    // An integer, Python's or another type's (`operator.index`: numpy's integers).
    let index = if v.is_exact_instance_of::<pyo3::types::PyInt>() {
        v.clone()
    } else {
        let Ok(index) = py.import("operator")?.getattr("index")?.call1((v,)) else {
            // Not a number: the record's reader refuses it by its field.
            return Ok(v.clone());
        };
        index
    };
    let wide = index.extract::<i64>().is_err() && index.extract::<u64>().is_err();
    if wide {
        // One no float holds either: what JSON's reader says of it.
        let f = index.extract::<f64>().map_err(|_| not_json("number out of range".into()))?;
        return Ok(f.into_pyobject(py)?.into_any());
    }
    Ok(index)
}

/// One answer as it is, several (a comma-separated target list) as a list.
fn one_or_list<'py>(
    py: Python<'py>,
    answers: impl Iterator<Item = PyResult<Bound<'py, PyAny>>>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut out = answers.collect::<PyResult<Vec<_>>>()?;
    if out.len() == 1 {
        Ok(out.pop().expect("one answer"))
    } else {
        Ok(pyo3::types::PyList::new(py, out)?.into_any())
    }
}

/// `f` of the subtargets of a target list with these options, parsed once per thread (the cache).
fn with_subtargets<T>(
    target: &str,
    options: Options,
    f: impl FnOnce(&[wavebudget_model::Subtarget]) -> PyResult<T>,
) -> PyResult<T> {
    SUBTARGETS.with(|cache| {
        let mut cache = cache.borrow_mut();
        let found = cache.iter().position(|e| e.target == target && e.options == options);
        let i = match found {
            Some(i) => i,
            None => {
                let subtargets =
                    wavebudget_engine::targets::subtargets(target, options.model()?).map_err(engine_err)?;
                if cache.len() >= 64 {
                    cache.remove(0);
                }
                cache.push(CacheEntry { target: target.to_string(), options, subtargets });
                cache.len() - 1
            }
        };
        f(&cache[i].subtargets)
    })
}

/// An engine or model answer as Python objects (dicts, lists, ints, strs: what the CLI's JSON holds),
/// made from its serde form directly, with no JSON text between.
fn to_py<'py, T: serde::Serialize>(py: Python<'py>, v: &T) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, v).map_err(|e| refuse(Kind::Internal, e.to_string()))
}

/// The kinds of the refusals the package makes itself, as `Error.kind` spells them (snake case). The
/// engine's and the model's refusals take their own variants' names; [`KINDS`] is every kind Python can
/// raise, which docs/python.md lists (`test_every_kind_a_refusal_can_carry_is_in_the_docs` in
/// tests/test_wavebudget.py holds the two to each other).
#[derive(Debug, Clone, Copy, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub(crate) enum Kind {
    // The extension's (an argument's value or type).
    Broadcast,
    Dims,
    Dtype,
    EmptyTarget,
    Internal,
    LdsCallable,
    NoCodeObjects,
    NoCubins,
    NoGrid,
    NoNumpy,
    GenericShape,
    NotABool,
    NotACandidate,
    NotACount,
    NotAPath,
    NotAString,
    NotAWholeNumber,
    NotReadable,
    NotTritonMetadata,
    NvidiaCubins,
    Ragged,
    TargetList,
    Threads,
    TooManyCells,
    WarpSize,
    WgSize,
}

/// The kinds of the refusals the Python modules make (`_refuse`, `cluster._Refusal`, which take only a
/// kind listed in `KINDS`): Triton's objects, the sweep's command.
#[derive(Debug, Clone, Copy, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
#[allow(dead_code, reason = "made in Python: the variants are only names here")]
enum PythonKind {
    NoCompile,
    CodeObjects,
    Sweep,
    CliOutput,
    Waves,
    NoInputs,
}

/// Every kind a refusal of the package can carry: the package's own ([`Kind`], [`PythonKind`]) and the variants of each
/// engine, model, runtime and report refusal it passes on (a variant that wraps another enum's refusal
/// takes that one's kind, and is not a kind of its own).
fn kinds() -> Vec<&'static str> {
    use strum::VariantNames;
    let wrappers = ["runtime", "model", "triton", "nvidia", "misuse", "flag", "engine", "output"];
    let enums: [&[&'static str]; 13] = [
        Kind::VARIANTS,
        PythonKind::VARIANTS,
        wavebudget_model::ModelError::VARIANTS,
        wavebudget_engine::vendor::FlagMisuse::VARIANTS,
        wavebudget_model::nvidia::NvRefusal::VARIANTS,
        wavebudget_engine::Error::VARIANTS,
        wavebudget_engine::misuse::Misuse::VARIANTS,
        wavebudget_engine::triton::Refusal::VARIANTS,
        wavebudget_engine::output::OutputError::VARIANTS,
        wavebudget_engine::ladder::MergeError::VARIANTS,
        wavebudget_runtime::Error::VARIANTS,
        wavebudget_report::ReportError::VARIANTS,
        wavebudget_engine::advise::Refusal::VARIANTS,
    ];
    let mut all: Vec<&'static str> =
        enums.iter().flat_map(|v| v.iter().copied()).filter(|k| !wrappers.contains(k)).collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// The LLVM major whose rules apply where a call names none: the model's default, as the CLI's.
const DEFAULT_LLVM: u32 = wavebudget_model::Llvm::DEFAULT.major();

/// A refusal of the extension's own kind.
fn refuse(kind: Kind, message: String) -> PyErr {
    refuse_kind(kind.into(), message)
}

fn model_err(e: &wavebudget_model::ModelError) -> PyErr {
    refuse_kind(e.kind(), e.to_string())
}

/// A misuse every door shares, in the engine's words and kind (`give either vgpr_count or vgprs/agprs`).
fn misuse(m: wavebudget_engine::misuse::Misuse) -> PyErr {
    refuse_kind(m.kind(), m.to_string())
}

fn engine_err(e: wavebudget_engine::Error) -> PyErr {
    refuse_kind(e.kind(), e.to_string())
}

/// `max_dynamic_shared_mem`: bytes or `"max"` (the engine's one reading), else the refusal naming it.
fn max_dynamic(v: Option<&str>) -> PyResult<Option<wavebudget_engine::inspect::MaxDynamic>> {
    wavebudget_engine::misuse::max_dynamic(v).map_err(misuse)
}

fn report_err(e: wavebudget_report::ReportError) -> PyErr {
    refuse_kind(e.kind(), e.to_string())
}

fn workgroup(wg: Option<(u32, u32)>) -> PyResult<Option<wavebudget_model::WorkgroupSize>> {
    wg.map(|(min, max)| wavebudget_model::WorkgroupSize { min, max }.validate()).transpose().map_err(|e| model_err(&e))
}

/// `wavebudget.budget(target, waves, *, ...)`: the largest VGPR, AGPR, SGPR and LDS counts that still allow
/// `waves` per SIMD, as `wavebudget budget` computes them; `.reachable` says whether the launch allows that
/// many at all. `llvm`: the LLVM major whose rules apply (15, 19 or 22, the default). One `Budget`, a list
/// of them for several comma-separated targets.
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the Python signature
#[pyo3(signature = (target, waves, *, wg_size = None, lds = 0, wave_size = None, cu_mode = false, llvm = None, dvgpr_block = None))]
fn budget<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = "args::text::<n::target>")] target: String,
    #[pyo3(from_py_with = "args::count::<n::waves>")] waves: u32,
    #[pyo3(from_py_with = "args::wg_pair::<n::wg_size>")] wg_size: Option<(u32, u32)>,
    #[pyo3(from_py_with = "args::count::<n::lds>")] lds: u32,
    #[pyo3(from_py_with = "args::opt_count::<n::wave_size>")] wave_size: Option<u32>,
    #[pyo3(from_py_with = "args::flag::<n::cu_mode>")] cu_mode: bool,
    #[pyo3(from_py_with = "args::opt_count::<n::llvm>")] llvm: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::dvgpr_block>")] dvgpr_block: Option<u32>,
) -> PyResult<Bound<'py, PyAny>> {
    let wg = workgroup(wg_size)?.unwrap_or(wavebudget_model::WorkgroupSize::DEFAULT);
    let handles = with_subtargets(&target, Options::of(wave_size, cu_mode, llvm, dvgpr_block), |sts| {
        sts.iter()
            .map(|st| {
                let b = st.budget(waves, wg, lds).map_err(|e| model_err(&e))?;
                Py::new(py, Budget::new(b))
            })
            .collect::<PyResult<Vec<_>>>()
    })?;
    one_or_list(py, handles.into_iter().map(|h| Ok(h.into_bound(py).into_any())))
}

answer! {
    /// `wavebudget.Budget`: the register, SGPR and LDS budget for a waves target (`max_vgprs`,
    /// `max_arch_vgprs`, `max_sgprs`, `max_lds_bytes`, `reachable`, `blocked_by`, `notes`, ...), the model's
    /// `Budget`.
    Budget("Budget", "wavebudget", b: wavebudget_model::Budget) [notes: b.notes] {
        target => b.target, processor => b.processor, wave_size => b.wave_size, cu_mode => b.cu_mode, waves => b.waves,
        lds_bytes => b.lds_bytes, max_vgprs => b.max_vgprs, max_arch_vgprs => b.max_arch_vgprs, max_agprs => b.max_agprs,
        max_sgprs => b.max_sgprs, llvm_sgpr_budget => b.llvm_sgpr_budget, max_lds_bytes => b.max_lds_bytes,
        hardware_max_lds_bytes => b.hardware_max_lds_bytes, vgpr_waves_at_budget => b.vgpr_waves_at_budget,
        reachable => b.reachable, exact_reachable => b.exact_reachable, exact_waves_per_simd => b.exact_waves_per_simd,
    }
    json_only: ["blocked_by"]
    // The `budget --json` object, each blocker's reason typed.
    json(py) {
        let d = with_note_kinds(py, b, b.notes.iter().map(|n| n.kind()))?;
        let blocked = d.get_item("blocked_by")?;
        for (i, x) in b.blocked_by.iter().enumerate() {
            blocked.get_item(i)?.set_item("reason_kind", x.reason.kind())?;
        }
        d
    }
}

/// A value's JSON object with its notes' kinds beside (`note_kinds`, which `_typed_notes` takes).
fn with_note_kinds<'py, T: serde::Serialize>(
    py: Python<'py>,
    value: &T,
    kinds: impl Iterator<Item = &'static str>,
) -> PyResult<Bound<'py, PyAny>> {
    let d = to_py(py, value)?;
    d.set_item("note_kinds", kinds.collect::<Vec<_>>())?;
    Ok(d)
}

/// Rank the compiled configurations of one kernel on one problem by the latency-hiding model, as
/// ``wavebudget advise --target T --json`` does: fastest first, each with ``relative_time`` (against the
/// fastest), ``cause`` (``matrix-latency``, ``memory-latency``, ``bandwidth``, ``compute-peak``,
/// ``spills``, ``tail``), ``seconds_per_work`` and ``work`` (its unit), ``terms``, ``matrix_cover`` and
/// ``memory_cover`` (>= 1: latency covered), ``matrix_utilization``, ``tail``, ``resident``,
/// ``waves_per_simd``, ``spills``, ``notes``; ``check`` where every candidate has ``measured``.
///
/// ``candidates``: dicts with the candidates file's fields (``name``, ``ir`` or ``asm`` as paths,
/// ``registers``, ``spills``, ``shared``, ``num_warps``, ``grid``; optionally ``kernel``, ``args``,
/// ``measured``, ``config``), or Triton ``CompiledKernel`` objects (``grid``: the workgroups launched, a
/// count or a tuple, here or per kernel as ``(kernel, grid)`` pairs), whose counts are read as the
/// command reads a cache entry's (its registers, spills and LDS at launch) and whose instructions
/// (NVPTX IR, else PTX; AMD's assembly) are handed over in process. ``target``: a product with figures
/// (``H200``, ``H100``, ``A100``, ``MI300X``, ``MI355X``).
#[pyfunction]
#[pyo3(signature = (target, candidates, *, grid = None, kernel = None))]
fn advise<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = "args::text::<n::target>")] target: String,
    candidates: &Bound<'py, PyAny>,
    grid: Option<Bound<'py, PyAny>>,
    #[pyo3(from_py_with = "args::opt_text::<n::kernel>")] kernel: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    use wavebudget_engine::advise::{self, Source};
    let advise_err = |e: advise::Refusal| refuse_kind(e.kind(), e.to_string());
    // The target first: one without figures is refused before any candidate is read; then the launch
    // given for every candidate, read (and a launch of none refused) as the command reads its --grid.
    advise::figures(&target).map_err(advise_err)?;
    let given_grid = grid.filter(|g| !g.is_none()).as_ref().map(grid_count).transpose()?;
    let mut out: Vec<advise::Record> = Vec::new();
    let items = candidates.try_iter().map_err(|_| {
        let ty = candidates.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string());
        refuse(Kind::NotACandidate, format!("candidates: a list of dicts or compiled Triton kernels, not {ty}"))
    })?;
    for (i, c) in items.enumerate() {
        let c = c?;
        if out.len() >= advise::MAX_CANDIDATES {
            let e = advise::Refusal::TooManyCandidates { file: "candidates".into(), limit: advise::MAX_CANDIDATES };
            return Err(advise_err(e));
        }
        if c.is_instance_of::<pyo3::types::PyDict>() {
            let c = as_json_numbers(&c, 0).map_err(|e| match e.value(py).getattr("kind").ok() {
                // Named with its candidate, as the candidates file's line is.
                Some(_) => refuse(Kind::NotACandidate, format!("candidates[{i}]: {}", e.value(py))),
                None => e,
            })?;
            let obj: advise::CandidateObject =
                pythonize::depythonize(&c).map_err(|e| refuse(Kind::NotACandidate, format!("candidates[{i}]: {e}")))?;
            let rec =
                obj.record().map_err(|problem| refuse(Kind::NotACandidate, format!("candidates[{i}]: {problem}")))?;
            out.extend(advise::for_kernel(rec, kernel.as_deref()));
            continue;
        }
        let pair = c.downcast::<pyo3::types::PyTuple>().ok().filter(|t| t.len() == 2);
        // A `(kernel, grid)` pair's own grid, else the call's.
        let (object, own_grid) = match pair {
            Some(t) => (t.get_item(0)?, Some(t.get_item(1)?).filter(|g| !g.is_none())),
            None => (c.clone(), None),
        };
        if !compiled::is_compiled(&object)? {
            let ty = object.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string());
            return Err(refuse(
                Kind::NotACandidate,
                format!("candidates[{i}]: a dict or a compiled Triton kernel, not {ty}"),
            ));
        }
        let k = compiled::Compiled::read(&object)?;
        let name = match k.metadata.getattr("name") {
            Ok(v) if !v.is_none() => Some(v.str()?.to_string()),
            _ => None,
        };
        let workgroups = match own_grid {
            Some(g) => Some(grid_count(&g)?),
            None => given_grid,
        };
        let Some(workgroups) = workgroups else {
            let label = name.as_deref().unwrap_or("kernel");
            return Err(refuse(
                Kind::NoGrid,
                format!("{label}: give grid= (the workgroups launched): a CompiledKernel does not know it"),
            ));
        };
        let source = match k.binary {
            compiled::Binary::Cubin => match k.text("llir")? {
                Some(ir) => Source::IrText(ir),
                None => k.text("ptx")?.map_or(Source::None, Source::AsmText),
            },
            compiled::Binary::Hsaco => k.text("amdgcn")?.map_or(Source::None, Source::AsmText),
        };
        let cubin = matches!(k.binary, compiled::Binary::Cubin);
        let rec = advise::compiled_record(name, k.file(), k.bytes(), cubin, k.launch.clone(), Some(workgroups), source)
            .map_err(advise_err)?;
        // `kernel` keeps a compiled kernel of that name only, as the command's `--kernel` keeps a binary's.
        let Some(mut rec) = advise::for_kernel(rec, kernel.as_deref()) else { continue };
        // Two compiled kernels of one name (a config's name is its kernel's) are told apart by position.
        if out.iter().any(|r| r.name == rec.name) {
            rec.name = format!("{}#{i}", rec.name);
        }
        out.push(rec);
    }
    // What a ranking takes, as the command's inputs are held to it: one kernel's configs, at least one.
    advise::one_kernel(&out, kernel.as_deref(), "candidates").map_err(advise_err)?;
    let a = py.allow_threads(|| advise::advise(&target, &out)).map_err(advise_err)?;
    Ok(Bound::new(py, Advice::new(a))?.into_any())
}

/// `_advice_target(target)`: refuses, as `advise` does first, a target without advice's figures (what
/// `triton.perf_model` checks when it is made, not at the first autotune).
#[pyfunction]
fn _advice_target(#[pyo3(from_py_with = "args::text::<n::target>")] target: String) -> PyResult<()> {
    let e = |e: wavebudget_engine::advise::Refusal| refuse_kind(e.kind(), e.to_string());
    wavebudget_engine::advise::figures(&target).map(|_| ()).map_err(e)
}

/// A launch's workgroups: a count, or a grid's dimensions (a tuple or list of counts), multiplied, each a
/// whole number to 2^64 - 1 as the command's `--grid` and a candidate line's `grid` take; a launch of no
/// workgroups is the engine's refusal.
fn grid_count(g: &Bound<'_, PyAny>) -> PyResult<u64> {
    let dims: Vec<Bound<'_, PyAny>> =
        if g.is_instance_of::<pyo3::types::PyTuple>() || g.is_instance_of::<pyo3::types::PyList>() {
            g.try_iter()?.collect::<PyResult<_>>()?
        } else {
            vec![g.clone()]
        };
    let over = || {
        let shown = g.repr().map_or_else(|_| "?".into(), |r| r.to_string());
        refuse(Kind::NotACount, format!("grid {shown}: more than {} workgroups", u64::MAX))
    };
    let mut n: u64 = 1;
    for d in &dims {
        // Each dimension a whole number to 2^64 - 1 by the one reader, in its words (`--grid`'s).
        let dim = args::read_whole(d, <n::grid as args::Name>::NAME, u64::MAX)?;
        n = n.checked_mul(dim).ok_or_else(over)?;
    }
    if n == 0 {
        let e = wavebudget_engine::advise::Refusal::GridZero;
        return Err(refuse_kind(e.kind(), e.to_string()));
    }
    Ok(n)
}

answer! {
    /// `wavebudget.Advice`: the candidates ranked fastest first (`candidates`, each with `relative_time`,
    /// `cause`, `seconds_per_work`, ...), the `product` and `arch` whose figures were used, and `check`
    /// where every candidate has a measured time: the engine's advice, as `wavebudget advise --json`.
    Advice("Advice", "wavebudget", a: wavebudget_engine::advise::Advice) {
        product => a.product, arch => a.arch,
    }
    json_only: ["candidates", "check"]
    json(py) {
        to_py(py, a)?
    }
}

/// `wavebudget.triton.explain(target, *, num_warps, waves_per_eu, ...)`: what LLVM will do with
/// `waves_per_eu` for a kernel of `num_warps` warps, before compiling: an `Explanation`.
///
/// `ignored` is true when the code will be identical to `waves_per_eu=0`, with `reason`; `reachable`
/// whether LLVM can cap occupancy at exactly W waves/SIMD (it pads registers to do so); `max_vgprs` the
/// VGPRs LLVM allows at W; `launch_waves_per_simd` the waves the hardware can run at launch with `shared`
/// bytes of LDS and the launch size, registers aside; `unrunnable` when W is above that, so registers are
/// squeezed (and may spill) for waves that cannot run.
#[pyfunction]
#[pyo3(name = "explain", signature = (target, *, num_warps, waves_per_eu, warp_size = None, shared = 0))]
fn triton_explain<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = "args::text::<n::target>")] target: String,
    #[pyo3(from_py_with = "args::count::<n::num_warps>")] num_warps: u32,
    #[pyo3(from_py_with = "args::count::<n::waves_per_eu>")] waves_per_eu: u32,
    #[pyo3(from_py_with = "args::opt_count::<n::warp_size>")] warp_size: Option<u32>,
    #[pyo3(from_py_with = "args::count::<n::shared>")] shared: u32,
) -> PyResult<Bound<'py, PyAny>> {
    let e = with_subtargets(&target, Options::of(warp_size, false, None, None), |sts| match sts {
        [st] => wavebudget_engine::triton::explain(st, num_warps, waves_per_eu, shared).map_err(engine_err),
        _ => Err(refuse(Kind::TargetList, format!("target '{target}': one target, not a list"))),
    })?;
    Ok(Bound::new(py, Explanation::new(e))?.into_any())
}

answer! {
    /// `wavebudget.triton.Explanation`: what LLVM will do with a `waves_per_eu` (`ignored`, `reason`,
    /// `accepted_range`, `reachable`, `max_vgprs`, `launch_waves_per_simd`, `unrunnable`, `notes`), the
    /// engine's `Explanation`.
    Explanation("Explanation", "wavebudget.triton", e: wavebudget_engine::triton::Explanation) [notes: e.notes] {
        target => e.target, num_warps => e.num_warps, warp_size => e.warp_size, waves_per_eu => e.waves_per_eu,
        shared => e.shared, launch_waves_per_simd => e.launch_waves_per_simd, launch_limiter => e.launch_limiter,
        ignored => e.ignored, reachable => e.reachable, max_vgprs => e.max_vgprs, unrunnable => e.unrunnable,
    }
    json_only: ["launch_range", "accepted_range"]
    json(py) {
        let d = with_note_kinds(py, e, e.notes.iter().map(|n| n.kind()))?;
        d.set_item("reason_kind", e.reason.kind())?;
        d
    }
    /// The decision, a `Note` of its kind.
    #[getter]
    fn reason<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.held {
            answer::Held::Value(e) => package(py)?.getattr("Note")?.call1((e.reason.to_string(), e.reason.kind())),
            answer::Held::Json(d) => answer::json_field(py, d, "reason"),
        }
    }
}

/// Occupancy at launch of a compiled Triton kernel: a ``CompiledKernel`` (``triton.compile``'s result),
/// a cache entry directory, or its ``<name>.hsaco`` or ``<name>.cubin`` (with ``<name>.json`` beside it).
/// Launch LDS is Triton's ``shared``, the launch size ``num_warps * warp_size``: a ``KernelReport``.
///
/// An NVIDIA kernel (a CUDA ``CompiledKernel``, a cache entry with a ``.cubin``) gives its kernel record
/// as ``wavebudget.cubins`` reads it at Triton's launch (a ``CubinKernel``): ``num_warps`` x 32 threads,
/// ``shared`` bytes of dynamic shared memory, the limit raised to the device maximum as Triton's launcher
/// raises it; ``occupancy`` holds the blocks per SM, and ``occupancy["unlaunchable"]`` why an entry
/// cannot launch. Which vendor an entry is, the engine decides from its file
/// (`triton::entry_launch_report`); a compiled kernel is read by [`compiled::Compiled`].
#[pyfunction]
#[pyo3(signature = (kernel))]
fn launch_report<'py>(py: Python<'py>, kernel: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    use wavebudget_engine::triton::{self, EntryReport};
    let llvm = wavebudget_model::Llvm::default();
    let report = if compiled::is_compiled(kernel)? {
        let c = compiled::Compiled::read(kernel)?;
        let file = c.file();
        let (binary, data, launch) = c.into_parts();
        match binary {
            compiled::Binary::Hsaco => triton::launch_report(file, data.as_bytes(), launch, llvm).map(EntryReport::Amd),
            compiled::Binary::Cubin => triton::cuda_launch_report(file, data.as_bytes(), launch).map(EntryReport::Cuda),
        }
    } else {
        let path = args::read_os_path(kernel, "kernel")?;
        py.allow_threads(|| triton::entry_launch_report(&path, llvm))
    }
    .map_err(engine_err)?;
    Ok(match report {
        EntryReport::Amd(r) => Bound::new(py, KernelReport::new(r))?.into_any(),
        EntryReport::Cuda(k) => Bound::new(py, CubinKernel::new(k))?.into_any(),
    })
}

answer! {
    /// `wavebudget.triton.KernelReport`: a compiled Triton kernel at launch (`waves_per_simd`, `limiter`,
    /// `binding`, `llvm_waves_per_simd`, `shared`, `wg_size`, `next_wave`, `notes`), the engine's report.
    KernelReport("KernelReport", "wavebudget.triton", r: wavebudget_engine::triton::LaunchReport) [notes: r.notes] {
        name => r.name, target => r.target, shared => r.shared, num_warps => r.num_warps, warp_size => r.warp_size,
        wg_size => r.wg_size, waves_per_simd => r.waves_per_simd, limiter => r.limiter, binding => r.binding,
        llvm_waves_per_simd => r.llvm_waves_per_simd, vgpr_count => r.metadata.vgpr_count,
        agpr_count => r.metadata.agpr_count, sgpr_count => r.metadata.sgpr_count,
        vgpr_spill_count => r.metadata.vgpr_spill_count,
        sgpr_spill_count => r.metadata.sgpr_spill_count,
    }
    json_only: ["next_wave"]
    json(py) {
        with_note_kinds(py, r, r.notes.iter().map(|n| n.kind()))?
    }
}

/// `wavebudget.code_objects(path_or_bytes, *, ...)`: every code object in a file (code object, offload
/// bundle, HIP binary), in bytes (any buffer, read in C order), or in a Triton cache directory, with each
/// kernel's occupancy, as `wavebudget inspect --json`: a `CodeObjects` list of `CodeObject`.
///
/// `dynamic_lds` is LDS given at launch (HIP's dynamic shared memory, Triton's `shared`; a Triton cache
/// entry's own `shared` when not given), `wg_size` the launch size, `target` another processor to evaluate
/// on, `kernel` a regular expression on kernel names, `llvm` the LLVM major whose rules evaluate them (15,
/// 19 or 22, the default). `.skipped` lists the entries that are not AMDGPU code objects, `.cubins` the
/// NVIDIA cubins found beside them (`cubins()` reads those).
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the Python signature
#[pyo3(signature = (path_or_bytes, *, dynamic_lds = None, wg_size = None, target = None, kernel = None, llvm = None, dvgpr_block = None))]
fn code_objects<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = "args::path_or_bytes")] path_or_bytes: args::PathOrBytes<'py>,
    #[pyo3(from_py_with = "args::opt_count::<n::dynamic_lds>")] dynamic_lds: Option<u32>,
    #[pyo3(from_py_with = "args::wg_pair::<n::wg_size>")] wg_size: Option<(u32, u32)>,
    #[pyo3(from_py_with = "args::opt_text::<n::target>")] target: Option<String>,
    #[pyo3(from_py_with = "args::opt_text::<n::kernel>")] kernel: Option<String>,
    #[pyo3(from_py_with = "args::opt_count::<n::llvm>")] llvm: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::dvgpr_block>")] dvgpr_block: Option<u32>,
) -> PyResult<Bound<'py, PyAny>> {
    let (paths, data) = path_or_bytes.parts();
    use wavebudget_engine::inspect;
    let llvm = llvm.map(wavebudget_model::Llvm::from_major).transpose().map_err(|e| model_err(&e))?;
    // The engine's one inspect question, as the CLI's `inspect` asks it.
    let ask = inspect::Ask {
        target: target.as_deref(),
        wg_size: wg_size.map(|(min, max)| wavebudget_model::WorkgroupSize { min, max }),
        kernel: kernel.as_deref(),
        dynamic_lds,
        llvm,
        dvgpr_block,
        ..Default::default()
    };
    let (mut report, inputs) = ask_inspect(py, &paths, data, &ask)?;
    // Each code object and kernel stays the engine's typed report, read by the Python layer field by
    // field; its dict (the `inspect --json` object) is made only when asked for.
    let handles = std::mem::take(&mut report.code_objects)
        .into_iter()
        .map(|mut co| {
            let kernels = std::mem::take(&mut co.kernels)
                .into_iter()
                .map(|k| Py::new(py, Kernel::new(k)))
                .collect::<PyResult<Vec<_>>>()?;
            Py::new(py, CodeObject::new(CodeObjectValue { co, kernels }))
        })
        .collect::<PyResult<Vec<_>>>()?;
    if handles.is_empty() && !report.cubins.is_empty() {
        // NVIDIA binaries only: a list would be silently empty.
        let arches: std::collections::BTreeSet<&str> = report.cubins.iter().map(|c| c.arch.as_str()).collect();
        let arches = arches.into_iter().collect::<Vec<_>>().join(", ");
        return Err(refuse(
            Kind::NvidiaCubins,
            format!("{inputs} holds NVIDIA cubins ({arches}), no AMDGPU code objects: wavebudget.cubins() reads them"),
        ));
    }
    if handles.is_empty() && !report.skipped.is_empty() {
        // The CLI says so in text; a list would be silently empty.
        let reasons: Vec<String> = report.skipped.iter().map(|s| format!("{} ({})", s.source, s.reason)).collect();
        return Err(refuse(
            Kind::NoCodeObjects,
            format!("no AMDGPU code objects found in {inputs}: {}", reasons.join("; ")),
        ));
    }
    let found = package(py)?.getattr("CodeObjects")?.call1((handles,))?;
    set_skipped(py, &found, &report.skipped)?;
    // A host binary carrying both vendors' binaries: the NVIDIA ones beside, as `cubins()` gives them.
    let cubins = report.cubins.into_iter().map(|c| cubin(py, c)).collect::<PyResult<Vec<_>>>()?;
    found.setattr("cubins", cubins)?;
    Ok(found)
}

/// `wavebudget.cubins(path_or_bytes, *, ...)`: every NVIDIA cubin in a file (a cubin, a fat binary, an
/// executable or library carrying them), in `bytes`, or in a Triton NVIDIA cache directory, with each
/// kernel's facts as the driver reads them (static shared memory without the per-block reserve, local
/// memory, named barriers) and CUDA's occupancy at a launch, as `wavebudget inspect --json`'s `cubins`.
/// `block`: threads per block (default the kernel's launch bounds, or a cache entry's `num_warps` x 32);
/// `dynamic_shared_mem`: bytes at launch (a cache entry's `shared` when not given);
/// `max_dynamic_shared_mem`: the kernel's limit, bytes or `"max"` (the device's opt-in maximum less the
/// static, as Triton's launcher sets it; the default for a cache entry); `target`: another device or
/// architecture (`"H200"`, `"sm_90"`).
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the Python signature
#[pyo3(signature = (path_or_bytes, *, target = None, block = None, dynamic_shared_mem = None, max_dynamic_shared_mem = None, kernel = None))]
fn cubins<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = "args::path_or_bytes")] path_or_bytes: args::PathOrBytes<'py>,
    #[pyo3(from_py_with = "args::opt_text::<n::target>")] target: Option<String>,
    #[pyo3(from_py_with = "args::opt_count::<n::block>")] block: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::dynamic_shared_mem>")] dynamic_shared_mem: Option<u32>,
    #[pyo3(from_py_with = "args::max_dynamic::<n::max_dynamic_shared_mem>")] max_dynamic_shared_mem: Option<String>,
    #[pyo3(from_py_with = "args::opt_text::<n::kernel>")] kernel: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let (paths, data) = path_or_bytes.parts();
    use wavebudget_engine::inspect;
    // The engine's one inspect question, as the CLI's `inspect` asks it (a block is its `--wg-size`).
    let ask = inspect::Ask {
        target: target.as_deref(),
        wg_size: block.map(wavebudget_model::WorkgroupSize::fixed),
        kernel: kernel.as_deref(),
        dynamic_shared_mem,
        max_dynamic_shared_mem: max_dynamic_shared_mem.as_deref(),
        ..Default::default()
    };
    let (report, inputs) = ask_inspect(py, &paths, data, &ask)?;
    if report.cubins.is_empty() {
        let what: Vec<String> = report.skipped.iter().map(|s| format!("{} ({})", s.source, s.reason)).collect();
        let found = if report.code_objects.is_empty() {
            ""
        } else {
            "; it holds AMD code objects: wavebudget.code_objects() reads them"
        };
        return Err(refuse(
            Kind::NoCubins,
            format!(
                "no NVIDIA cubins found in {inputs}{found}{}",
                if what.is_empty() { String::new() } else { format!(": {}", what.join("; ")) }
            ),
        ));
    }
    if let Some(e) = report.cuda_launch_refusal() {
        return Err(nv_err(e.clone()));
    }
    let cubins = report.cubins.into_iter().map(|c| cubin(py, c)).collect::<PyResult<Vec<_>>>()?;
    let found = package(py)?.getattr("Cubins")?.call1((cubins,))?;
    set_skipped(py, &found, &report.skipped)?;
    Ok(found)
}

/// The engine's inspect question of a path (read with the GIL released) or of bytes in memory (read where
/// they lie, other buffers as their copy: `args::path_or_bytes`), and the inputs as refusals name them.
fn ask_inspect(
    py: Python<'_>,
    paths: &[String],
    data: Option<&[u8]>,
    ask: &wavebudget_engine::inspect::Ask<'_>,
) -> PyResult<(wavebudget_engine::inspect::Report, String)> {
    use wavebudget_engine::inspect::{ask as inspect, Inputs};
    let (report, inputs) = match data {
        Some(bytes) => (inspect(Inputs::Bytes(bytes), ask), "<bytes>".to_string()),
        None => (py.allow_threads(|| inspect(Inputs::Files(paths), ask)), paths.join(", ")),
    };
    Ok((report.map_err(engine_err)?, inputs))
}

/// `found.skipped`: the entries the walk passed over, each a `Record` of `source` and `reason` (a
/// `Note`), as the CLI's `inspect` lists them; left as the class's empty default where there are none.
fn set_skipped<'py>(
    py: Python<'py>,
    found: &Bound<'py, PyAny>,
    skipped: &[wavebudget_engine::inspect::Skipped],
) -> PyResult<()> {
    if skipped.is_empty() {
        return Ok(());
    }
    let package = package(py)?;
    let (record, note) = (package.getattr("Record")?, package.getattr("Note")?);
    let skipped = skipped
        .iter()
        .map(|s| {
            let d = pyo3::types::PyDict::new(py);
            d.set_item("source", &s.source)?;
            d.set_item("reason", note.call1((s.reason.to_string(), s.reason.kind()))?)?;
            record.call1((d,))
        })
        .collect::<PyResult<Vec<_>>>()?;
    found.setattr("skipped", skipped)
}

/// A cubin's report as its answer, each kernel its own.
fn cubin(py: Python<'_>, mut c: wavebudget_engine::inspect::CubinReport) -> PyResult<Py<Cubin>> {
    let kernels = std::mem::take(&mut c.kernels)
        .into_iter()
        .map(|k| Py::new(py, CubinKernel::new(k)))
        .collect::<PyResult<Vec<_>>>()?;
    Py::new(py, Cubin::new(CubinValue { c, kernels }))
}

/// A cubin's report without its kernels, and its kernels as answers.
pub(crate) struct CubinValue {
    c: wavebudget_engine::inspect::CubinReport,
    kernels: Vec<Py<CubinKernel>>,
}

answer! {
    /// `wavebudget.Cubin`: one NVIDIA cubin (`source`, `arch`, `e_flags`, `evaluated_on`, where it was found,
    /// `kernels`), the engine's report of it, as `inspect --json`'s `cubins`.
    Cubin("Cubin", "wavebudget", c: CubinValue) {
        source => c.c.source, arch => c.c.arch, e_flags => c.c.e_flags, evaluated_on => c.c.evaluated_on,
    }
    json_only: ["fatbin_offset", "entry", "compression"]
    // The cubin's `inspect --json` object, each kernel's its own (made once, shared with it).
    json(py) {
        let d = to_py(py, &c.c)?;
        let kernels = c.kernels.iter().map(|k| k.get().made(py).cloned()).collect::<PyResult<Vec<_>>>()?;
        d.set_item("kernels", kernels)?;
        d
    }
    /// The kernels, in symbol-table order.
    #[getter]
    fn kernels<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        answer::nested(py, &self.held, |c| &c.kernels, "kernels", CubinKernel::from_json)
    }
}

answer! {
    /// `wavebudget.CubinKernel`: one kernel of a cubin (what the cubin says: `regs`, `shared_mem`,
    /// `local_mem`, `barriers`, launch bounds; `block`, and CUDA's `occupancy` there or `no_occupancy`), the
    /// engine's report of it.
    CubinKernel("CubinKernel", "wavebudget", k: wavebudget_engine::inspect::CubinKernelReport) {
        name => k.kernel.name, regs => k.kernel.regs, shared_mem => k.kernel.shared_mem,
        shared_section => k.kernel.shared_section, reserved_shared => k.kernel.reserved_shared,
        local_mem => k.kernel.local_mem, barriers => k.kernel.barriers, stack => k.kernel.stack,
        frame => k.kernel.frame, param_bank => k.kernel.param_bank, maxreg => k.kernel.maxreg, block => k.block,
    }
    json_only: ["max_threads", "reqntid", "occupancy", "no_occupancy"]
    json(py) {
        to_py(py, k)?
    }
}

answer! {
    /// `wavebudget.Kernel`: one kernel of a code object, the metadata's counts (`vgpr_count`, `agpr_count`,
    /// `sgpr_count`, `group_segment_fixed_size`, ...), `descriptor`, `waves_per_simd`, `limiter`, `notes`:
    /// the engine's report of it.
    Kernel("Kernel", "wavebudget", k: wavebudget_engine::inspect::KernelReport) [notes: k.notes] {
        name => k.metadata.name, symbol => k.metadata.symbol, vgpr_count => k.metadata.vgpr_count,
        agpr_count => k.metadata.agpr_count, sgpr_count => k.metadata.sgpr_count,
        vgpr_spill_count => k.metadata.vgpr_spill_count,
        sgpr_spill_count => k.metadata.sgpr_spill_count,
        group_segment_fixed_size => k.metadata.group_segment_fixed_size,
        private_segment_fixed_size => k.metadata.private_segment_fixed_size, wavefront_size => k.metadata.wavefront_size,
        max_flat_workgroup_size => k.metadata.max_flat_workgroup_size, waves_per_simd => k.waves_per_simd,
        limiter => k.limiter, binding => k.binding,
    }
    json_only: ["descriptor"]
    json(py) {
        with_note_kinds(py, k, k.notes.iter().map(|n| n.kind()))?
    }
}

/// A code object's report without its kernels, and its kernels as answers.
pub(crate) struct CodeObjectValue {
    co: wavebudget_engine::inspect::CodeObjectReport,
    kernels: Vec<Py<Kernel>>,
}

answer! {
    /// `wavebudget.CodeObject`: one code object (`source`, `target_id`, `processor`, `launch` for a Triton
    /// cache entry, `kernels`), the engine's report of it.
    CodeObject("CodeObject", "wavebudget", c: CodeObjectValue) {
        source => c.co.source, processor => c.co.processor, target_id => c.co.target_id,
        code_object_version => c.co.code_object_version, e_flags => c.co.e_flags, evaluated_on => c.co.evaluated_on,
    }
    json_only: []
    // The code object's `inspect --json` object, each kernel's its own (made once, shared with it).
    json(py) {
        let d = to_py(py, &c.co)?;
        let kernels = c.kernels.iter().map(|k| k.get().made(py).cloned()).collect::<PyResult<Vec<_>>>()?;
        d.set_item("kernels", kernels)?;
        d
    }
    /// The kernels, in metadata order.
    #[getter]
    fn kernels<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        answer::nested(py, &self.held, |c| &c.kernels, "kernels", Kernel::from_json)
    }
    /// `relocatable`, `shared` or `executable`.
    #[getter]
    fn elf_type<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.held {
            answer::Held::Value(c) => to_py(py, &c.co.elf_type),
            answer::Held::Json(d) => answer::json_field(py, d, "elf_type"),
        }
    }
    /// The launch a Triton cache entry's JSON gave (`shared`, `wg_size`, ...); None otherwise.
    #[getter]
    fn launch<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.made(py)?.get_item("launch")? {
            Some(l) => package(py)?.getattr("Record")?.call1((l,)),
            None => Ok(py.None().into_bound(py)),
        }
    }
}

/// `suggest_wg_size`'s `lds`: bytes, or a callable of the workgroup size giving them.
enum Lds<'py> {
    Bytes(u32),
    Of(Bound<'py, PyAny>),
}

impl<'py> Lds<'py> {
    fn read(v: &Bound<'py, PyAny>) -> PyResult<Self> {
        if v.is_callable() {
            Ok(Lds::Of(v.clone()))
        } else {
            args::count::<n::lds>(v).map(Lds::Bytes)
        }
    }
}

/// `wavebudget.suggest_wg_size(target, *, ...)`: the workgroup size (a multiple of the wave size, within
/// `wg_size`, the kernel's flat range; default 1..1024) whose waves the hardware keeps resident per SIMD are
/// most, ties to the largest, as CUDA's `cudaOccupancyMaxPotentialBlockSize` answers for NVIDIA (`wavebudget
/// suggest`). `lds` is the LDS bytes per workgroup, or a callable of the workgroup size giving them (static
/// plus what the launch adds); its exception, or a value that is not a whole number in range, is raised as
/// it is. `cus`: compute units of the device, for `min_grid_size`. One `WgSuggestion`, a list of them for
/// several comma-separated targets.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
// the Python signature
// `lds` is a count or a callable, read in the body; its default (`Lds::Bytes(0)`) has no Python literal, so
// the text signature is written out (test_the_native_stub_declares_the_functions_as_they_are holds it to the `.pyi`).
#[pyo3(
    signature = (target, *, vgprs = None, agprs = None, vgpr_count = None, sgprs = 0, lds = Lds::Bytes(0), wg_size = None, cus = None, wave_size = None, cu_mode = false, llvm = None, all = false, dvgpr_block = None),
    text_signature = "(target, *, vgprs=None, agprs=None, vgpr_count=None, sgprs=0, lds=0, wg_size=None, cus=None, wave_size=None, cu_mode=False, llvm=None, all=False, dvgpr_block=None)"
)]
fn suggest_wg_size<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = "args::text::<n::target>")] target: String,
    #[pyo3(from_py_with = "args::opt_count::<n::vgprs>")] vgprs: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::agprs>")] agprs: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::vgpr_count>")] vgpr_count: Option<u32>,
    #[pyo3(from_py_with = "args::count::<n::sgprs>")] sgprs: u32,
    #[pyo3(from_py_with = "Lds::read")] lds: Lds<'py>,
    #[pyo3(from_py_with = "args::wg_pair::<n::wg_size>")] wg_size: Option<(u32, u32)>,
    #[pyo3(from_py_with = "args::opt_count::<n::cus>")] cus: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::wave_size>")] wave_size: Option<u32>,
    #[pyo3(from_py_with = "args::flag::<n::cu_mode>")] cu_mode: bool,
    #[pyo3(from_py_with = "args::opt_count::<n::llvm>")] llvm: Option<u32>,
    #[pyo3(from_py_with = "args::flag::<n::all>")] all: bool,
    #[pyo3(from_py_with = "args::opt_count::<n::dvgpr_block>")] dvgpr_block: Option<u32>,
) -> PyResult<Bound<'py, PyAny>> {
    // The launch range, then the counts and the device (the engine's order for every door), then the
    // target: a call wrong in two ways is refused alike in every door.
    let range = wg_size.map(|(min, max)| wavebudget_model::WorkgroupSize { min, max });
    let req = wavebudget_engine::suggest::Request::new(range, vgprs, agprs, vgpr_count, sgprs, cus, all)
        .map_err(engine_err)?;
    let (fixed, lds) = match lds {
        Lds::Bytes(n) => (Some(n), py.None().into_bound(py)),
        Lds::Of(f) => (None, f),
    };
    let options = Options::of(wave_size, cu_mode, llvm, dvgpr_block).model()?;
    let mut answers = Vec::new();
    for st in wavebudget_engine::targets::subtargets(&target, options).map_err(engine_err)? {
        // The callable's first failure, raised once the model is done (the model's callback cannot fail).
        let mut failure: Option<PyErr> = None;
        let mut lds_of = |wg: u32| -> u64 {
            if let Some(v) = fixed {
                return u64::from(v);
            }
            if failure.is_some() {
                return u64::MAX;
            }
            let got = lds.call1((wg,)).and_then(|v| {
                if v.is_instance_of::<pyo3::types::PyBool>() {
                    return Err(refuse(Kind::LdsCallable, format!("lds({wg}) returned {v}: expected a whole number")));
                }
                let n = v.call_method0("__index__").map_err(|_| {
                    refuse(
                        Kind::LdsCallable,
                        format!(
                            "lds({wg}) returned {}: expected a whole number",
                            v.repr().map_or_else(|_| "?".into(), |r| r.to_string())
                        ),
                    )
                })?;
                // Any count: past what a workgroup allocates is the model's refusal, with the bytes as
                // they are (the CLI's --lds-per-item reaches it the same way).
                n.extract::<u64>().map_err(|_| {
                    refuse(
                        Kind::LdsCallable,
                        format!("lds({wg}) returned {n}: expected a whole number of bytes from 0 to {}", u64::MAX),
                    )
                })
            });
            got.unwrap_or_else(|e| {
                failure = Some(e);
                u64::MAX
            })
        };
        let s = wavebudget_engine::suggest::suggest(&st, &req, &mut lds_of);
        if let Some(e) = failure {
            return Err(e);
        }
        let s = s.map_err(|e| model_err(&e))?;
        answers.push(Bound::new(py, WgSuggestion::new(s)).map(Bound::into_any));
    }
    one_or_list(py, answers.into_iter())
}

/// `merge_ladders(plan, shards)`: the ladders of a distributed sweep's shards (each `sweep --json` of
/// some kernels at some levels) merged into one module's ladder, kernels in the plan's order (one file's
/// `sweep --plan` kernels, as dicts): the engine's `ladder::merge`, the rule the one-machine sweep
/// follows. The shards as their commands print them (`Sweep::from_json`), a dict out.
#[pyfunction]
fn merge_ladders<'py>(py: Python<'py>, plan: &Bound<'py, PyAny>, shards: Vec<String>) -> PyResult<Bound<'py, PyAny>> {
    use wavebudget_engine::ladder::{merge, PlannedKernel, Sweep};
    let plan: Vec<PlannedKernel> =
        pythonize::depythonize(plan).map_err(|e| refuse(Kind::Internal, format!("a sweep plan: {e}")))?;
    let shards = shards
        .iter()
        .map(|s| Sweep::from_json(s.as_bytes()).map_err(|e| refuse(Kind::Internal, format!("a shard's ladder: {e}"))))
        .collect::<PyResult<Vec<_>>>()?;
    to_py(py, &merge(&plan, &shards).map_err(|e| refuse_kind(e.kind(), e.to_string()))?)
}

/// `targets()`: every processor the model knows, each a [`Target`] (the `targets --json` fields).
#[pyfunction]
fn targets(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let rows = wavebudget_engine::targets::rows().into_iter().map(|t| Py::new(py, Target::new(t)));
    Ok(pyo3::types::PyList::new(py, rows.collect::<PyResult<Vec<_>>>()?)?.into_any())
}

answer! {
    /// `wavebudget.Target`: a processor LLVM 22 knows (`name`, `generation`, `wave_sizes`,
    /// `max_waves_per_simd`, ...), the engine's `TargetRow`.
    Target("Target", "wavebudget", t: wavebudget_engine::targets::TargetRow) {
        name => t.name, generation => t.generation, family => t.family, generic => t.generic,
        wave_sizes => t.wave_sizes, default_wave_size => t.default_wave_size,
        max_waves_per_simd => t.max_waves_per_simd, simds_per_cu => t.simds_per_cu, wgp_mode => t.wgp_mode,
        vgprs_total => t.vgprs_total, vgpr_granule => t.vgpr_granule, vgprs_addressable => t.vgprs_addressable,
        vgprs_total_wave64 => t.vgprs_total_wave64, vgpr_granule_wave64 => t.vgpr_granule_wave64,
        sgprs_limit_occupancy => t.sgprs_limit_occupancy, lds_per_workgroup => t.lds_per_workgroup,
        lds_per_cu => t.lds_per_cu, lds_granule => t.lds_granule, dynamic_vgpr => t.dynamic_vgpr,
        xnack => t.xnack, sramecc => t.sramecc, products => t.products,
    }
    json_only: ["agprs"]
    json(py) { to_py(py, t)? }
}

answer! {
    /// `wavebudget.Dispatch`: occupancy of one kernel at one launch on one device (`waves_per_simd`,
    /// `limiter`, `workgroups_per_cu`, `persistent_grid_size`, ...), the runtime's `Dispatch`.
    Dispatch("Dispatch", "wavebudget", d: wavebudget_runtime::Dispatch) {
        kernel => d.kernel, target => d.target, workgroup_size => d.workgroup_size, lds_bytes => d.lds_bytes,
        waves_per_simd => d.waves_per_simd, limiter => d.limiter, binding => d.binding,
        workgroups_per_cu => d.workgroups_per_cu, resident_waves_per_simd => d.resident_waves_per_simd,
        unit => d.unit, compute_units => d.compute_units, persistent_grid_size => d.persistent_grid_size,
    }
    json_only: []
    json(py) { to_py(py, d)? }
}

answer! {
    /// `wavebudget.WgSuggestion`: the launch size to use (`wg_size`, `lds` at that size, `waves_per_simd`
    /// and `limiter` at that fixed size, `workgroups_per_cu`, `resident_waves_per_simd`, `min_grid_size`,
    /// and with `all=True` `candidates`), the engine's `Suggested`.
    WgSuggestion("WgSuggestion", "wavebudget", s: wavebudget_engine::suggest::Suggested) {
        target => s.target, wg_size => s.best.wg_size, lds => s.best.lds, waves_per_simd => s.best.waves_per_simd,
        limiter => s.best.limiter, workgroups_per_cu => s.best.workgroups_per_cu,
        resident_waves_per_simd => s.best.resident_waves_per_simd, min_grid_size => s.min_grid_size,
    }
    json_only: ["candidates"]
    json(py) { to_py(py, s)? }
}

answer! {
    /// `wavebudget.nvidia.NvOccupancy`: one kernel at one launch (`blocks_per_sm`, `warps_per_sm`,
    /// `max_warps_per_sm`, `occupancy` (warps as a fraction of the SM's), `limiters`, `limits`,
    /// `allocated_regs_per_block`, `allocated_shared_mem_per_block`, `unlaunchable`, `grid_blocks`), the
    /// engine's `OccupancyAnswer`.
    NvOccupancy("NvOccupancy", "wavebudget.nvidia", v: wavebudget_engine::nvidia::OccupancyAnswer) {
        target => v.target.target, family => v.target.family, product => v.target.product,
        sms => v.target.sms, arch => v.occupancy.arch,
        blocks_per_sm => v.occupancy.blocks_per_sm, warps_per_sm => v.occupancy.warps_per_sm,
        max_warps_per_sm => v.occupancy.max_warps_per_sm,
        allocated_regs_per_block => v.occupancy.allocated_regs_per_block,
        allocated_shared_mem_per_block => v.occupancy.allocated_shared_mem_per_block,
        shared_mem_per_sm => v.occupancy.shared_mem_per_sm, grid_blocks => v.grid_blocks,
        occupancy => v.fraction,
    }
    json_only: ["kernel", "limits", "limiters", "unlaunchable", "unlaunchable_reason"]
    json(py) { to_py(py, v)? }
}

/// One NVIDIA register budget: the engine's answer, one level asked.
pub(crate) struct NvBudgetValue {
    answer: wavebudget_engine::nvidia::BudgetAnswer,
}

answer! {
    /// `wavebudget.nvidia.NvBudget`: the engine's `BudgetAnswer` of one level, as `wavebudget budget --target
    /// sm_XY --json` (`kernel`, `levels`), with that level's fields read directly: `want`, `max_regs` (the
    /// largest registers per thread that reach it), `occupancy` there, and `above` (the occupancy one
    /// allocation unit higher).
    NvBudget("NvBudget", "wavebudget.nvidia", v: NvBudgetValue) {
        target => v.answer.target.target, family => v.answer.target.family, product => v.answer.target.product,
        sms => v.answer.target.sms,
    }
    json_only: ["kernel", "levels"]
    json(py) { to_py(py, &v.answer)? }
    /// The largest registers per thread that reach the level (read from the answer's one level, so that a
    /// copied or unpickled answer, which holds only its JSON, has it too).
    #[getter]
    fn max_regs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.level_field(py, "max_regs")
    }
    /// What was asked: `warps_per_sm` or `blocks_per_sm`.
    #[getter]
    fn want<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.level_field(py, "want")
    }
    /// The occupancy at `max_regs`.
    #[getter]
    fn occupancy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.level_field(py, "occupancy")
    }
    /// The occupancy one allocation unit above `max_regs` (None at ptxas's 255).
    #[getter]
    fn above<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.level_field(py, "above")
    }
}

impl NvBudget {
    /// A field of the one level (`levels[0]`), as a record where it is an object.
    fn level_field<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        let level = self.made(py)?.get_item("levels")?.map(|l| l.get_item(0)).transpose()?;
        match level.map(|l| l.get_item(key)).transpose()? {
            Some(v) if v.is_instance_of::<pyo3::types::PyDict>() => package(py)?.getattr("Record")?.call1((v,)),
            Some(v) => Ok(v),
            None => Ok(py.None().into_bound(py)),
        }
    }
}

/// `wavebudget.dispatch(path, kernel, *, ...)`: occupancy of `kernel` in a code object at a launch on a
/// device (`device`: a product or processor name; or `kfd_root`: a KFD topology root), as `wavebudget
/// dispatch --json`: a `Dispatch`.
#[pyfunction]
#[pyo3(signature = (path, kernel, *, device = None, kfd_root = None, wg_size = None, dynamic_lds = 0))]
fn dispatch<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = "args::os_path::<n::path>")] path: std::path::PathBuf,
    #[pyo3(from_py_with = "args::text::<n::kernel>")] kernel: String,
    #[pyo3(from_py_with = "args::opt_text::<n::device>")] device: Option<String>,
    #[pyo3(from_py_with = "args::opt_os_path::<n::kfd_root>")] kfd_root: Option<std::path::PathBuf>,
    #[pyo3(from_py_with = "args::wg_pair::<n::wg_size>")] wg_size: Option<(u32, u32)>,
    #[pyo3(from_py_with = "args::count::<n::dynamic_lds>")] dynamic_lds: u32,
) -> PyResult<Bound<'py, PyAny>> {
    use wavebudget_engine::dispatch;
    // The launch size, then the device: the engine's order for every door.
    let wg = wg_size.map(|(min, max)| wavebudget_model::WorkgroupSize { min, max });
    let give = "device=PROCESSOR or kfd_root=DIR";
    let (wg, from) = dispatch::question(wg, device.as_deref(), kfd_root.as_deref(), give).map_err(engine_err)?;
    let d = py
        .allow_threads(|| {
            let device = dispatch::device(from)?;
            dispatch::dispatch_file(&path, &kernel, &device, wg, dynamic_lds)
        })
        .map_err(engine_err)?;
    Ok(Bound::new(py, Dispatch::new(d))?.into_any())
}

/// `wavebudget.write_report(*inputs, output, ...)`: write the HTML report of `wavebudget report` to
/// `output` and return its path.
///
/// `inputs`: code objects, offload bundles, HIP binaries, Triton cache directories, `wavebudget sweep
/// --json` files; with none, `target` and `vgprs` (or `vgpr_count`) give one configuration (the calculator
/// view), or an NVIDIA `target` with `regs`, `wg_size` (the block) and optionally `shared_mem`,
/// `dynamic_shared_mem`, `max_dynamic_shared_mem`, `barriers`, `carveout` (CUDA's terms). NVIDIA binaries (cubins, fat binaries, executables, a Triton NVIDIA cache) are drawn at their
/// launch: `dynamic_shared_mem` bytes, the limit `max_dynamic_shared_mem` (bytes or `"max"`, the device's
/// opt-in maximum as Triton's launcher sets it). The other arguments are the CLI's flags (docs/report.md).
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the Python signature
#[pyo3(signature = (*inputs, output, target = None, wg_size = None, dynamic_lds = None, kernel = None, llvm = None, details = None, title = None, vgprs = None, agprs = None, vgpr_count = None, sgprs = None, lds = None, wave_size = None, cu_mode = false, dynamic_shared_mem = None, max_dynamic_shared_mem = None, regs = None, shared_mem = None, barriers = None, carveout = None))]
fn write_report(
    py: Python<'_>,
    inputs: &Bound<'_, pyo3::types::PyTuple>,
    #[pyo3(from_py_with = "args::path::<n::output>")] output: String,
    #[pyo3(from_py_with = "args::opt_text::<n::target>")] target: Option<String>,
    #[pyo3(from_py_with = "args::wg_pair::<n::wg_size>")] wg_size: Option<(u32, u32)>,
    #[pyo3(from_py_with = "args::opt_count::<n::dynamic_lds>")] dynamic_lds: Option<u32>,
    #[pyo3(from_py_with = "args::opt_text::<n::kernel>")] kernel: Option<String>,
    #[pyo3(from_py_with = "args::opt_count::<n::llvm>")] llvm: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::details>")] details: Option<u32>,
    #[pyo3(from_py_with = "args::opt_text::<n::title>")] title: Option<String>,
    #[pyo3(from_py_with = "args::opt_count::<n::vgprs>")] vgprs: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::agprs>")] agprs: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::vgpr_count>")] vgpr_count: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::sgprs>")] sgprs: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::lds>")] lds: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::wave_size>")] wave_size: Option<u32>,
    #[pyo3(from_py_with = "args::flag::<n::cu_mode>")] cu_mode: bool,
    #[pyo3(from_py_with = "args::opt_count::<n::dynamic_shared_mem>")] dynamic_shared_mem: Option<u32>,
    #[pyo3(from_py_with = "args::max_dynamic::<n::max_dynamic_shared_mem>")] max_dynamic_shared_mem: Option<String>,
    #[pyo3(from_py_with = "args::opt_count::<n::regs>")] regs: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::shared_mem>")] shared_mem: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::barriers>")] barriers: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::carveout>")] carveout: Option<u32>,
) -> PyResult<String> {
    let inputs = inputs.iter().map(|i| args::path::<n::inputs>(&i)).collect::<PyResult<Vec<_>>>()?;
    let llvm = llvm.map(wavebudget_model::Llvm::from_major).transpose().map_err(|e| model_err(&e))?;
    let max_dynamic = max_dynamic(max_dynamic_shared_mem.as_deref())?;
    // The report's own request, typed: no argument vector, no text between.
    let request = wavebudget_report::Request {
        files: inputs,
        output: output.clone(),
        target,
        // As the CLI's `--wg-size` reaches the report: read, not yet held to a vendor's bounds (an NVIDIA
        // block of 2048 is a page saying it cannot launch, an AMD launch of 2048 a refusal).
        wg_size: wg_size.map(|(min, max)| wavebudget_model::WorkgroupSize { min, max }),
        dynamic_lds,
        kernel,
        llvm,
        details: details.map_or(wavebudget_report::DEFAULT_DETAILS, |d| d as usize),
        title,
        vgprs,
        agprs,
        vgpr_count,
        sgprs,
        lds,
        wave_size,
        cu_mode,
        nvidia: wavebudget_report::NvidiaRequest {
            regs,
            spec: wavebudget_engine::vendor::NvidiaKernelSpec {
                shared_mem,
                dynamic_shared_mem,
                max_dynamic,
                barriers,
                carveout,
            },
            ..Default::default()
        },
    };
    py.allow_threads(|| wavebudget_report::write(&request)).map_err(report_err)?;
    Ok(output)
}

/// An NVIDIA target by name (the engine's reading, as the CLI's), or the refusal naming it.
fn nv_target(name: &str) -> PyResult<wavebudget_model::nvidia::Target> {
    wavebudget_engine::targets::nvidia_only(name).map_err(engine_err)
}

fn nv_err(e: wavebudget_model::nvidia::NvRefusal) -> PyErr {
    refuse_kind(e.kind(), e.to_string())
}

/// `nvidia.occupancy`'s and `nvidia.budget`'s kernel beside its registers and block: static shared memory,
/// dynamic shared memory at launch, its limit in bytes, barriers, carveout.
/// What is not given is `None`: the engine's defaults apply (`NvidiaKernelSpec::kernel`), as for the CLI.
fn nv_spec(
    shared_mem: Option<u32>,
    dynamic_shared_mem: Option<u32>,
    max_dynamic: Option<wavebudget_engine::inspect::MaxDynamic>,
    barriers: Option<u32>,
    carveout: Option<u32>,
) -> wavebudget_engine::vendor::NvidiaKernelSpec {
    wavebudget_engine::vendor::NvidiaKernelSpec { shared_mem, dynamic_shared_mem, max_dynamic, barriers, carveout }
}

/// `wavebudget.nvidia.occupancy(target, *, regs, block, ...)`: blocks and warps per SM of a kernel of
/// `regs` registers per thread launched with `block` threads, as `cuda_occupancy.h` computes them (the
/// names of `wavebudget occupancy --target sm_XY --json`). `max_dynamic_shared_mem`: the kernel's
/// `cudaFuncAttributeMaxDynamicSharedMemorySize`, bytes or `"max"` (the device's opt-in maximum less
/// `shared_mem`; default 48 KiB less `shared_mem`); `carveout`: the preferred shared-memory carveout,
/// percent. An `NvOccupancy`.
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the Python signature
#[pyo3(signature = (target, *, regs, block, shared_mem = None, dynamic_shared_mem = None, max_dynamic_shared_mem = None, barriers = None, carveout = None))]
fn nv_occupancy<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = "args::text::<n::target>")] target: String,
    #[pyo3(from_py_with = "args::count::<n::regs>")] regs: u32,
    #[pyo3(from_py_with = "args::count::<n::block>")] block: u32,
    #[pyo3(from_py_with = "args::opt_count::<n::shared_mem>")] shared_mem: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::dynamic_shared_mem>")] dynamic_shared_mem: Option<u32>,
    #[pyo3(from_py_with = "args::max_dynamic::<n::max_dynamic_shared_mem>")] max_dynamic_shared_mem: Option<String>,
    #[pyo3(from_py_with = "args::opt_count::<n::barriers>")] barriers: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::carveout>")] carveout: Option<u32>,
) -> PyResult<Bound<'py, PyAny>> {
    let t = nv_target(&target)?;
    let max_dynamic = max_dynamic(max_dynamic_shared_mem.as_deref())?;
    let spec = nv_spec(shared_mem, dynamic_shared_mem, max_dynamic, barriers, carveout);
    let k = spec.kernel(t.arch, regs, block);
    let answer = wavebudget_engine::nvidia::occupancy(&t, k).map_err(nv_err)?;
    Ok(Bound::new(py, NvOccupancy::new(answer))?.into_any())
}

/// `wavebudget.nvidia.budget(target, *, block, ...)`: the largest registers per thread (up to ptxas's 255)
/// at which a kernel launched with `block` threads keeps `warps_per_sm` warps (or `blocks_per_sm` blocks)
/// resident per SM; refused, naming the limiter, when no register count reaches it. An `NvBudget`.
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the Python signature
#[pyo3(signature = (target, *, block, warps_per_sm = None, blocks_per_sm = None, shared_mem = None, dynamic_shared_mem = None, max_dynamic_shared_mem = None, barriers = None, carveout = None))]
fn nv_budget<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = "args::text::<n::target>")] target: String,
    #[pyo3(from_py_with = "args::count::<n::block>")] block: u32,
    #[pyo3(from_py_with = "args::opt_count::<n::warps_per_sm>")] warps_per_sm: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::blocks_per_sm>")] blocks_per_sm: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::shared_mem>")] shared_mem: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::dynamic_shared_mem>")] dynamic_shared_mem: Option<u32>,
    #[pyo3(from_py_with = "args::max_dynamic::<n::max_dynamic_shared_mem>")] max_dynamic_shared_mem: Option<String>,
    #[pyo3(from_py_with = "args::opt_count::<n::barriers>")] barriers: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::carveout>")] carveout: Option<u32>,
) -> PyResult<Bound<'py, PyAny>> {
    use wavebudget_engine::nvidia::Levels;
    let t = nv_target(&target)?;
    // The kernel's launch before the level asked, as the CLI reads them.
    let max_dynamic = max_dynamic(max_dynamic_shared_mem.as_deref())?;
    let levels =
        Levels::from_given(false, warps_per_sm, blocks_per_sm, "warps_per_sm or blocks_per_sm").map_err(misuse)?;
    let spec = nv_spec(shared_mem, dynamic_shared_mem, max_dynamic, barriers, carveout);
    let k = spec.kernel(t.arch, 0, block);
    let budget = wavebudget_engine::nvidia::budget(&t, k, levels).map_err(engine_err)?;
    // One level asked.
    Ok(Bound::new(py, NvBudget::new(NvBudgetValue { answer: budget }))?.into_any())
}

answer! {
    /// `wavebudget.generic.GenericOccupancy`: the first-order model's waves for a register count (`waves`,
    /// `registers`, `allocated_registers`, `capped`, the `params` used and its `scope`), the engine's
    /// answer, as `wavebudget occupancy --target generic --json`.
    GenericOccupancy("GenericOccupancy", "wavebudget.generic", v: wavebudget_engine::generic::OccupancyAnswer) {
        target => v.target, scope => v.scope, registers => v.result.registers,
        allocated_registers => v.result.allocated_registers, waves => v.result.waves, capped => v.result.capped,
    }
    json_only: ["params"]
    json(py) { to_py(py, v)? }
}

answer! {
    /// `wavebudget.generic.GenericBudget`: the first-order model's register budget per level asked
    /// (`levels`: `waves`, `max_registers`), the engine's answer, as `wavebudget budget --target generic
    /// --json`.
    GenericBudget("GenericBudget", "wavebudget.generic", v: wavebudget_engine::generic::BudgetAnswer) {
        target => v.target, scope => v.scope,
    }
    json_only: ["params", "levels"]
    json(py) { to_py(py, v)? }
}

answer! {
    /// `wavebudget.generic.GenericShape`: a register file's shape for the first-order model (the figures of
    /// `--preset` and `--register-file-bytes` ... as `occupancy --target generic --json` prints them under
    /// `params`).
    GenericShape("GenericShape", "wavebudget.generic", v: wavebudget_model::generic::GenericParams) {
        register_file_bytes => v.register_file_bytes, wave_width => v.wave_width, register_bytes => v.register_bytes,
        granule => v.granule, max_waves => v.max_waves, partitions => v.partitions,
    }
    json_only: []
    json(py) { to_py(py, v)? }
}

/// `wavebudget.generic.shape(preset=None, *, ...)`: a register file's shape, a preset's (`"ampere"`,
/// `"rdna3"`, `"xe-hpg"`, `"m1"`) with each figure given in its place, or the figures alone
/// (`register_file_bytes`, `wave_width` and `register_bytes`; `granule`, `max_waves`, `partitions`
/// optional), read and refused as the command's generic flags are. A `GenericShape`.
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the Python signature
#[pyo3(signature = (preset = None, *, register_file_bytes = None, wave_width = None, register_bytes = None, granule = None, max_waves = None, partitions = None))]
fn gen_shape<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = "args::opt_text::<n::preset>")] preset: Option<String>,
    #[pyo3(from_py_with = "args::opt_whole_u64::<n::register_file_bytes>")] register_file_bytes: Option<u64>,
    #[pyo3(from_py_with = "args::opt_count::<n::wave_width>")] wave_width: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::register_bytes>")] register_bytes: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::granule>")] granule: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::max_waves>")] max_waves: Option<u32>,
    #[pyo3(from_py_with = "args::opt_count::<n::partitions>")] partitions: Option<u32>,
) -> PyResult<Bound<'py, PyAny>> {
    use wavebudget_engine::generic::Shape;
    let preset = preset.as_deref();
    let shape = Shape { preset, register_file_bytes, wave_width, register_bytes, granule, max_waves, partitions };
    Ok(Bound::new(py, GenericShape::new(shape.params().map_err(engine_err)?))?.into_any())
}

/// A generic call's `shape`: a `GenericShape` (its figures read back, as a copied one holds them), or a
/// preset's name.
fn shape_arg(v: &Bound<'_, PyAny>) -> PyResult<wavebudget_model::generic::GenericParams> {
    use wavebudget_engine::generic::Shape;
    if v.is_instance_of::<pyo3::types::PyString>() {
        let name = args::read_text(v, "shape")?;
        return Shape { preset: Some(&name), ..Shape::default() }.params().map_err(engine_err);
    }
    if !v.is_instance_of::<GenericShape>() {
        let ty = v.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string());
        let message = format!("shape: a GenericShape (wavebudget.generic.shape(...)) or a preset's name, not {ty}");
        return Err(args::refuse(Kind::GenericShape, "shape", message));
    }
    let count = |k: &str| v.getattr(k)?.extract::<u32>();
    wavebudget_model::generic::GenericParams {
        register_file_bytes: v.getattr("register_file_bytes")?.extract()?,
        wave_width: count("wave_width")?,
        register_bytes: count("register_bytes")?,
        granule: count("granule")?,
        max_waves: count("max_waves")?,
        partitions: count("partitions")?,
    }
    .validate()
    .map_err(|e| model_err(&e))
}

/// `wavebudget.generic.occupancy(shape, *, vgprs)`: the first-order model's waves for `vgprs` registers per
/// lane in `shape` (a `GenericShape`, or a preset's name), as `wavebudget occupancy --target generic`. A
/// `GenericOccupancy`.
#[pyfunction]
#[pyo3(signature = (shape, *, vgprs = None))]
fn gen_occupancy<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = "shape_arg")] shape: wavebudget_model::generic::GenericParams,
    #[pyo3(from_py_with = "args::opt_count::<n::vgprs>")] vgprs: Option<u32>,
) -> PyResult<Bound<'py, PyAny>> {
    let answer = wavebudget_engine::generic::occupancy(shape, vgprs).map_err(engine_err)?;
    Ok(Bound::new(py, GenericOccupancy::new(answer))?.into_any())
}

/// `wavebudget.generic.budget(shape, waves=None, *, all=False)`: the most registers per lane that keep
/// `waves` resident (every level with `all=True`) in `shape`, as `wavebudget budget --target generic`. A
/// `GenericBudget`.
#[pyfunction]
#[pyo3(signature = (shape, waves = None, *, all = false))]
fn gen_budget<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = "shape_arg")] shape: wavebudget_model::generic::GenericParams,
    #[pyo3(from_py_with = "args::opt_count::<n::waves>")] waves: Option<u32>,
    #[pyo3(from_py_with = "args::flag::<n::all>")] all: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let levels = wavebudget_engine::generic::Levels::from_given(all, waves).map_err(misuse)?;
    let answer = wavebudget_engine::generic::budget(shape, levels).map_err(engine_err)?;
    Ok(Bound::new(py, GenericBudget::new(answer))?.into_any())
}

/// `nvidia.targets()`: the architectures and products modelled, the engine's list.
#[pyfunction]
fn nv_targets(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    Ok(Bound::new(py, NvTargets::new(wavebudget_engine::targets::nvidia_rows()))?.into_any())
}

answer! {
    /// `wavebudget.nvidia.NvTargets`: `archs` (each compute capability's figures) and `products` (by name,
    /// with their SM counts and sources), as `wavebudget targets --nvidia --json`.
    NvTargets("NvTargets", "wavebudget.nvidia", t: wavebudget_engine::targets::NvidiaTargets) {}
    json_only: ["archs", "products"]
    json(py) {
        to_py(py, t)?
    }
}

/// `_printable(text)`: the text with control, bidi and invisible characters spelled out (the model's
/// `text::printable`, the CLI's rule), for the refusals the Python layer words itself.
#[pyfunction]
fn _printable(text: &str) -> String {
    wavebudget_model::text::printable(text).into_owned()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // Refusals name arguments as Python's (`wg_size`, not `--wg-size`): worded so when they are made.
    wavebudget_model::text::spell_arguments_as(n::ALL);
    m.add("Error", refusal::error_type(m.py()))?;
    // The most registers ptxas gives a thread (a `maxnreg` above it compiles as it): the model's constant.
    m.add("PTXAS_MAX_REGS", wavebudget_model::nvidia::PTXAS_MAX_REGS)?;
    m.add("KINDS", pyo3::types::PyTuple::new(m.py(), kinds())?)?;
    m.add_function(wrap_pyfunction!(_printable, m)?)?;
    m.add_function(wrap_pyfunction!(args::_count, m)?)?;
    m.add_function(wrap_pyfunction!(args::_sweep_levels, m)?)?;
    m.add_function(wrap_pyfunction!(args::_workgroup_text, m)?)?;
    m.add_function(wrap_pyfunction!(args::_text, m)?)?;
    m.add_function(wrap_pyfunction!(args::_path, m)?)?;
    m.add_function(wrap_pyfunction!(occupancy, m)?)?;
    m.add_function(wrap_pyfunction!(advise, m)?)?;
    m.add_function(wrap_pyfunction!(_advice_target, m)?)?;
    m.add_function(wrap_pyfunction!(_restore_occupancy, m)?)?;
    m.add_function(wrap_pyfunction!(batch::occupancy_batch, m)?)?;
    m.add_function(wrap_pyfunction!(suggest_wg_size, m)?)?;
    m.add_function(wrap_pyfunction!(budget, m)?)?;
    m.add_function(wrap_pyfunction!(targets, m)?)?;
    m.add_function(wrap_pyfunction!(dispatch, m)?)?;
    m.add_function(wrap_pyfunction!(write_report, m)?)?;
    m.add_function(wrap_pyfunction!(code_objects, m)?)?;
    m.add_function(wrap_pyfunction!(_target, m)?)?;
    m.add_function(wrap_pyfunction!(cubins, m)?)?;
    m.add_function(wrap_pyfunction!(triton_explain, m)?)?;
    m.add_function(wrap_pyfunction!(launch_report, m)?)?;
    m.add_function(wrap_pyfunction!(nv_occupancy, m)?)?;
    m.add_function(wrap_pyfunction!(nv_budget, m)?)?;
    m.add_function(wrap_pyfunction!(nv_targets, m)?)?;
    m.add_function(wrap_pyfunction!(merge_ladders, m)?)?;
    m.add_class::<OccupancyResult>()?;
    m.add_class::<Kernel>()?;
    m.add_class::<CodeObject>()?;
    m.add_class::<Cubin>()?;
    m.add_class::<CubinKernel>()?;
    m.add_class::<KernelReport>()?;
    m.add_class::<Budget>()?;
    m.add_class::<Explanation>()?;
    m.add_class::<Target>()?;
    m.add_class::<Dispatch>()?;
    m.add_class::<WgSuggestion>()?;
    m.add_class::<NvOccupancy>()?;
    m.add_class::<NvBudget>()?;
    m.add_class::<NvTargets>()?;
    m.add_class::<Advice>()?;
    m.add_class::<batch::OccupancyBatch>()?;
    m.add_class::<GenericOccupancy>()?;
    m.add_class::<GenericBudget>()?;
    m.add_class::<GenericShape>()?;
    m.add_function(wrap_pyfunction!(gen_shape, m)?)?;
    m.add_function(wrap_pyfunction!(gen_occupancy, m)?)?;
    m.add_function(wrap_pyfunction!(gen_budget, m)?)?;
    m.add_class::<batch::BatchLimits>()?;
    m.add("LIMITERS", pyo3::types::PyTuple::new(m.py(), batch::limiter_names())?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // Whether this extension was built without optimisation (cargo's dev profile, as scripts/test.sh
    // installs it): the benchmarks refuse to time such a build.
    m.add("DEBUG_BUILD", cfg!(debug_assertions))?;
    Ok(())
}
