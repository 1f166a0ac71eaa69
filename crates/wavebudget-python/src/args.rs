//! A Python call's arguments, read once, here, each refused with a kind and a line naming the argument.
//!
//! The calls declare their Python signature once (`#[pyo3(signature = ...)]`, defaults included, which
//! `inspect.signature` and `help()` read) and read each argument with `#[pyo3(from_py_with = ...)]` by one
//! of the readers below, generic over the argument's name ([`n`]). A `FromPyObject` newtype cannot name
//! its argument: PyO3 prefixes only an exact `TypeError` with the name (`argument_extraction_error` in
//! `pyo3::impl_::extract_argument`), and a refusal here is `wavebudget.Error` (a `ValueError`) with its
//! `kind` and `argument`. The Python layer's own readings (a Triton kernel's metadata) call the same
//! readers through `_count`, `_text` and `_path`.

use crate::Kind;
use pyo3::prelude::*;

/// The name an argument's refusal gives.
pub(crate) trait Name {
    const NAME: &'static str;
}

macro_rules! names {
    ($($n:ident),* $(,)?) => {
        $(
            #[allow(non_camel_case_types)]
            pub(crate) struct $n;
            impl super::Name for $n {
                const NAME: &'static str = stringify!($n);
            }
        )*
        /// Every argument name the calls read: how a refusal names a flag in Python
        /// (`wavebudget_model::text::spell_arguments_as`).
        pub(crate) const ALL: &[&str] = &[$(stringify!($n)),*];
    };
}

/// The arguments' names, as the calls' signatures spell them.
pub(crate) mod n {
    names!(
        target,
        vgprs,
        agprs,
        sgprs,
        lds,
        wg_size,
        wave_size,
        cu_mode,
        llvm,
        dvgpr_block,
        grid,
        vgpr_count,
        waves,
        cus,
        all,
        path,
        kernel,
        device,
        kfd_root,
        dynamic_lds,
        output,
        details,
        title,
        dynamic_shared_mem,
        max_dynamic_shared_mem,
        block,
        inputs,
        regs,
        shared_mem,
        barriers,
        carveout,
        warps_per_sm,
        blocks_per_sm,
        num_warps,
        waves_per_eu,
        warp_size,
        shared,
        threads,
        preset,
        register_file_bytes,
        wave_width,
        register_bytes,
        granule,
        max_waves,
        partitions,
    );
}

/// `wavebudget.Error` of this kind about the argument `name`.
pub(crate) fn refuse(kind: Kind, name: &str, message: String) -> PyErr {
    let e = crate::refuse(kind, message);
    Python::with_gil(|py| {
        // Setting an attribute on a fresh exception cannot fail short of memory; the message stands alone.
        let _ = e.value(py).setattr("argument", name);
    });
    e
}

fn repr(v: &Bound<'_, PyAny>) -> String {
    v.repr().map_or_else(|_| "?".into(), |r| r.to_string())
}

/// A whole number from 0 to 4294967295 (what the model's counts hold) from any integer type (`int`, an
/// `int` subclass, a numpy integer: what `operator.index` takes); a bool and a float are refused.
pub(crate) fn read_count(v: &Bound<'_, PyAny>, name: &str) -> PyResult<u32> {
    if v.is_exact_instance_of::<pyo3::types::PyInt>() {
        if let Ok(n) = v.extract::<u32>() {
            return Ok(n);
        }
    }
    // Within u32 by the bound given.
    read_whole(v, name, u32::MAX.into()).map(|n| n as u32)
}

/// A whole number from 0 to `max` (a register file's bytes), read as [`read_count`] reads a count.
pub(crate) fn read_whole(v: &Bound<'_, PyAny>, name: &str, max: u64) -> PyResult<u64> {
    // The words are the model's, for every door (`NotACount`); the value as Python shows it.
    use wavebudget_model::text::NotACount;
    let arg = || name.to_string();
    let not_whole =
        || refuse(Kind::NotAWholeNumber, name, NotACount::NotWhole { arg: arg(), value: repr(v) }.to_string());
    if v.is_instance_of::<pyo3::types::PyBool>() {
        return Err(not_whole());
    }
    // SAFETY: `v` is a live object; PyNumber_Index returns a new reference or NULL with an error set.
    let index = unsafe { pyo3::ffi::PyNumber_Index(v.as_ptr()) };
    if index.is_null() {
        // No `__index__` (a TypeError) is not a whole number; anything else its `__index__` raised (an
        // interrupt, a MemoryError) is raised as it is.
        let e = PyErr::take(v.py()).unwrap_or_else(|| pyo3::exceptions::PyTypeError::new_err("no __index__"));
        return Err(if e.is_instance_of::<pyo3::exceptions::PyTypeError>(v.py()) { not_whole() } else { e });
    }
    // SAFETY: a new, owned reference from PyNumber_Index.
    let index = unsafe { Bound::from_owned_ptr(v.py(), index) };
    if let Some(n) = index.extract::<u64>().ok().filter(|&n| n <= max) {
        return Ok(n);
    }
    let value = index.to_string();
    let e = if index.lt(0)? {
        NotACount::Negative { arg: arg(), value }
    } else {
        NotACount::Over { arg: arg(), value, max }
    };
    Err(refuse(Kind::NotACount, name, e.to_string()))
}

/// A `str` (that UTF-8 can hold: not a lone surrogate), the empty one included.
pub(crate) fn read_text(v: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    if let Ok(s) = v.downcast::<pyo3::types::PyString>() {
        let Ok(s) = s.to_cow() else {
            return Err(refuse(Kind::NotAString, name, format!("{name} {}: not text UTF-8 can hold", repr(v))));
        };
        // Any string, the empty one included, as the CLI takes it: what it means is the engine's (an empty
        // target is refused as `Error::EmptyTarget`, an empty kernel pattern matches every kernel).
        return Ok(s.into_owned());
    }
    Err(refuse(Kind::NotAString, name, format!("{name} {}: expected a string", repr(v))))
}

/// `True` or `False` (not a number, not numpy's bool).
pub(crate) fn read_flag(v: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    match v.downcast_exact::<pyo3::types::PyBool>() {
        Ok(b) => Ok(b.is_true()),
        Err(_) => Err(refuse(Kind::NotABool, name, format!("{name} {}: expected True or False", repr(v)))),
    }
}

/// A path as Python's file functions take it: `str`, `bytes` or `os.PathLike` of either, decoded as the
/// file system does (`os.fsdecode`: a name that is not UTF-8 keeps its bytes as surrogates); anything else
/// is refused naming its type (not its value: an array's repr can run to megabytes).
fn fsdecode<'py>(v: &Bound<'py, PyAny>, name: &str) -> PyResult<Bound<'py, pyo3::types::PyString>> {
    if let Ok(s) = v.downcast_exact::<pyo3::types::PyString>() {
        return Ok(s.clone());
    }
    let py = v.py();
    match py.import("os")?.getattr("fsdecode")?.call1((v,)) {
        Ok(s) => Ok(s.downcast_into()?),
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) => {
            let ty = v.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string());
            Err(refuse(Kind::NotAPath, name, format!("{name}: expected a path (str, bytes or os.PathLike), got {ty}")))
        }
        Err(e) => Err(e),
    }
}

/// A path as the file system names it, any bytes included (what `dispatch` opens).
pub(crate) fn read_os_path(v: &Bound<'_, PyAny>, name: &str) -> PyResult<std::path::PathBuf> {
    // A str with surrogates encodes back to the file's own bytes (PyUnicode_EncodeFSDefault).
    fsdecode(v, name)?.extract()
}

/// A path as text, for the readers that name their inputs in their answers (`source`): one that is not
/// UTF-8 is refused naming it, not raised as Python's UnicodeEncodeError.
pub(crate) fn read_path(v: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    let s = fsdecode(v, name)?;
    match s.to_cow() {
        Ok(text) => Ok(text.into_owned()),
        Err(_) => {
            Err(refuse(Kind::NotAPath, name, format!("{name} {}: a path that is not UTF-8; rename it", repr(&s))))
        }
    }
}

/// A launch size: N, `(MIN, MAX)` or `[MIN, MAX]` of whole numbers, as `(MIN, MAX)`; None is None.
pub(crate) fn read_wg_pair(v: &Bound<'_, PyAny>, name: &str) -> PyResult<Option<(u32, u32)>> {
    if v.is_none() {
        return Ok(None);
    }
    let items = if let Ok(t) = v.downcast::<pyo3::types::PyTuple>() {
        Some(t.iter().collect::<Vec<_>>())
    } else if let Ok(l) = v.downcast::<pyo3::types::PyList>() {
        Some(l.iter().collect::<Vec<_>>())
    } else {
        None
    };
    match items.as_deref() {
        None => read_count(v, name).map(|n| Some((n, n))),
        Some([lo, hi]) => Ok(Some((read_count(lo, name)?, read_count(hi, name)?))),
        Some(_) => Err(refuse(Kind::WgSize, name, format!("{name} {}: expected N or (MIN, MAX)", repr(v)))),
    }
}

/// `from_py_with` readers: each the reader above with the argument's name.
pub(crate) fn count<N: Name>(v: &Bound<'_, PyAny>) -> PyResult<u32> {
    read_count(v, N::NAME)
}

pub(crate) fn opt_count<N: Name>(v: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
    if v.is_none() {
        Ok(None)
    } else {
        read_count(v, N::NAME).map(Some)
    }
}

pub(crate) fn opt_whole_u64<N: Name>(v: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if v.is_none() {
        Ok(None)
    } else {
        read_whole(v, N::NAME, u64::MAX).map(Some)
    }
}

pub(crate) fn text<N: Name>(v: &Bound<'_, PyAny>) -> PyResult<String> {
    read_text(v, N::NAME)
}

pub(crate) fn opt_text<N: Name>(v: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if v.is_none() {
        Ok(None)
    } else {
        read_text(v, N::NAME).map(Some)
    }
}

pub(crate) fn flag<N: Name>(v: &Bound<'_, PyAny>) -> PyResult<bool> {
    read_flag(v, N::NAME)
}

pub(crate) fn path<N: Name>(v: &Bound<'_, PyAny>) -> PyResult<String> {
    read_path(v, N::NAME)
}

pub(crate) fn os_path<N: Name>(v: &Bound<'_, PyAny>) -> PyResult<std::path::PathBuf> {
    read_os_path(v, N::NAME)
}

pub(crate) fn opt_os_path<N: Name>(v: &Bound<'_, PyAny>) -> PyResult<Option<std::path::PathBuf>> {
    if v.is_none() {
        Ok(None)
    } else {
        read_os_path(v, N::NAME).map(Some)
    }
}

pub(crate) fn wg_pair<N: Name>(v: &Bound<'_, PyAny>) -> PyResult<Option<(u32, u32)>> {
    read_wg_pair(v, N::NAME)
}

/// A file to read, or bytes in memory: `path_or_bytes`.
pub(crate) enum PathOrBytes<'py> {
    Path(String),
    Bytes(Bound<'py, pyo3::types::PyBytes>),
}

impl PathOrBytes<'_> {
    /// The paths to read (one or none) and the bytes (or none).
    pub(crate) fn parts(&self) -> (Vec<String>, Option<&[u8]>) {
        match self {
            PathOrBytes::Path(p) => (vec![p.clone()], None),
            PathOrBytes::Bytes(b) => (Vec::new(), Some(b.as_bytes())),
        }
    }
}

/// `path_or_bytes`: a path (`str` or `os.PathLike`), `bytes` as they are, or any other buffer (bytearray,
/// memoryview, array.array, numpy) as its bytes in C order, which also serves a non-contiguous view.
pub(crate) fn path_or_bytes<'py>(v: &Bound<'py, PyAny>) -> PyResult<PathOrBytes<'py>> {
    let py = v.py();
    if let Ok(b) = v.downcast_exact::<pyo3::types::PyBytes>() {
        return Ok(PathOrBytes::Bytes(b.clone()));
    }
    if v.is_instance_of::<pyo3::types::PyString>() || v.is_instance(&py.import("os")?.getattr("PathLike")?)? {
        return read_path(v, "path_or_bytes").map(PathOrBytes::Path);
    }
    let view = py.import("builtins")?.getattr("memoryview")?.call1((v,)).map_err(|e| {
        if !e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) {
            return e;
        }
        let ty = v.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string());
        refuse(
            Kind::NotAPath,
            "path_or_bytes",
            format!("path_or_bytes: expected a path (str or os.PathLike) or bytes-like data, got {ty}"),
        )
    })?;
    Ok(PathOrBytes::Bytes(view.call_method0("tobytes")?.downcast_into()?))
}

/// `max_dynamic_shared_mem`: bytes, or `"max"` (the device's opt-in maximum less the static), as the text
/// the engine reads (`MaxDynamic::parse`); None is None.
pub(crate) fn max_dynamic<N: Name>(v: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if v.is_none() {
        return Ok(None);
    }
    // A string is the engine's to read as the command line's text (a count, `max`, or refused in every
    // door's words); a number is a count.
    if v.is_instance_of::<pyo3::types::PyString>() {
        let text = read_text(v, N::NAME)?;
        return wavebudget_engine::misuse::max_dynamic_text(N::NAME, &text)
            .map(Some)
            // Only a negative number or one over 32 bits is refused here (the rest is text for the engine).
            .map_err(|e| refuse(Kind::NotACount, N::NAME, e.to_string()));
    }
    read_count(v, N::NAME).map(|n| Some(n.to_string()))
}

/// `_count(name, v)`: the count reader for the Python layer's own readings.
#[pyfunction]
pub(crate) fn _count(name: &str, v: &Bound<'_, PyAny>) -> PyResult<u32> {
    read_count(v, name)
}

/// `_sweep_levels(text)`: a sweep's waves targets by the engine's one reading (the CLI's `--waves`), refused in
/// Python's names (`waves '0': want a range ...`).
#[pyfunction]
pub(crate) fn _sweep_levels(text: &str) -> PyResult<Vec<u32>> {
    wavebudget_engine::misuse::sweep_levels(text).map_err(|m| crate::refuse_kind(m.kind(), m.to_string()))
}

/// `_workgroup_text(text)`: a launch size given as text (`"64,256"`) by the engine's one reading (the CLI's
/// `--wg-size`) and held to a launch's bounds as the command holds it, as (MIN, MAX), refused in Python's
/// names.
#[pyfunction]
pub(crate) fn _workgroup_text(text: &str) -> PyResult<(u32, u32)> {
    use wavebudget_engine::misuse::WorkgroupTextError;
    match wavebudget_engine::misuse::workgroup_text(text) {
        Ok(wg) => {
            let wg = wg.validate().map_err(|e| crate::refuse_kind(e.kind(), e.to_string()))?;
            Ok((wg.min, wg.max))
        }
        Err(WorkgroupTextError::Count(c)) => Err(crate::refuse_kind(c.kind(), c.to_string())),
        Err(WorkgroupTextError::Misuse(m)) => Err(crate::refuse_kind(m.kind(), m.to_string())),
    }
}

/// `_text(name, v)`: the text reader for the Python layer's own readings.
#[pyfunction]
pub(crate) fn _text(name: &str, v: &Bound<'_, PyAny>) -> PyResult<String> {
    read_text(v, name)
}

/// `_path(v, name="path")`: the path reader for the Python layer's own readings.
#[pyfunction]
#[pyo3(signature = (v, name = "path"))]
pub(crate) fn _path<'py>(v: &Bound<'py, PyAny>, name: &str) -> PyResult<Bound<'py, pyo3::types::PyString>> {
    fsdecode(v, name)
}

/// Dimensions an argument of `occupancy_batch` may have (numpy's own limit is 64).
pub(crate) const MAX_BATCH_DIMS: usize = 32;
/// Cells a batch may have: six answer bytes each per target, allocated before any work; a larger broadcast
/// (a view of a few bytes can name 10**10 cells) is refused before anything is computed.
pub(crate) const MAX_BATCH_CELLS: u128 = 1 << 32;

/// An argument of `occupancy_batch` as numpy reads it (`numpy.asarray`): an integer array of any dtype, in
/// this machine's byte order; anything else is refused naming it.
pub(crate) fn int_array<'py>(
    np: &Bound<'py, PyModule>,
    name: &str,
    v: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, numpy::PyUntypedArray>> {
    let py = v.py();
    if v.is_none() {
        return Err(refuse(Kind::Dtype, name, format!("{name} None: expected integers")));
    }
    let mut a = match np.call_method1("asarray", (v,)) {
        Ok(a) => a,
        // A ragged list ("inhomogeneous shape"): numpy's words name the dimension.
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyValueError>(py) => {
            let why = e.value(py).to_string();
            return Err(refuse(Kind::Ragged, name, format!("{name}: not a rectangular array of integers ({why})")));
        }
        Err(e) => return Err(e),
    };
    let dtype = a.getattr("dtype")?;
    let kind: String = dtype.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        let message = format!("{name}: expected integers (any integer dtype), got dtype {dtype}");
        return Err(refuse(Kind::Dtype, name, message));
    }
    let ndim: usize = a.getattr("ndim")?.extract()?;
    if ndim > MAX_BATCH_DIMS {
        return Err(refuse(Kind::Dims, name, format!("{name}: {ndim} dimensions; at most {MAX_BATCH_DIMS}")));
    }
    if !dtype.getattr("isnative")?.extract::<bool>()? {
        // Big-endian integers are integers: read in this machine's byte order.
        a = a.call_method1("astype", (dtype.call_method1("newbyteorder", ("=",))?,))?;
    }
    Ok(a.downcast_into()?)
}

/// `occupancy_batch`'s `sgprs` and `lds`, read as a number or an array later, in the order refusals name
/// them; a `None` given is kept to be refused as not integers (the argument's absence is the number 0).
pub(crate) fn batch_arg<'py>(v: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
    Ok(Some(v.clone()))
}
