//! `occupancy_batch`: the model's batch over numpy arrays of any integer dtype, read in place where numpy's
//! layout allows, and its answer class.

use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;

use crate::args::{self, n};
use crate::{engine_err, misuse, one_or_list, refuse, refuse_kind, Kind};

/// One input of `occupancy_batch` as the model's column takes it: one value for every cell, a numpy array of
/// the broadcast shape read in place (C-contiguous, any integer dtype: the model converts and range-checks
/// each value as it reads it), or the values of a broadcast or strided array copied into u32 in C order.
enum Held<'py> {
    Scalar(u32),
    Owned(Vec<u32>),
    U32(numpy::PyReadonlyArrayDyn<'py, u32>),
    I64(numpy::PyReadonlyArrayDyn<'py, i64>),
    I32(numpy::PyReadonlyArrayDyn<'py, i32>),
    U64(numpy::PyReadonlyArrayDyn<'py, u64>),
    U16(numpy::PyReadonlyArrayDyn<'py, u16>),
    I16(numpy::PyReadonlyArrayDyn<'py, i16>),
    U8(numpy::PyReadonlyArrayDyn<'py, u8>),
    I8(numpy::PyReadonlyArrayDyn<'py, i8>),
}

impl Held<'_> {
    fn column(&self) -> wavebudget_model::Column<'_> {
        use wavebudget_model::Column;
        // Held only when C-contiguous (`held_column`), so `as_slice` is Some.
        fn slice<'a, T: numpy::Element>(a: &'a numpy::PyReadonlyArrayDyn<'_, T>) -> &'a [T] {
            a.as_slice().unwrap_or_default()
        }
        match self {
            Held::Scalar(v) => Column::scalar(v),
            Held::Owned(v) => Column::values(v),
            Held::U32(a) => Column::of(slice(a)),
            Held::I64(a) => Column::of(slice(a)),
            Held::I32(a) => Column::of(slice(a)),
            Held::U64(a) => Column::of(slice(a)),
            Held::U16(a) => Column::of(slice(a)),
            Held::I16(a) => Column::of(slice(a)),
            Held::U8(a) => Column::of(slice(a)),
            Held::I8(a) => Column::of(slice(a)),
        }
    }
}

/// A numpy integer array as `occupancy_batch`'s column: read in place when it is C-contiguous with the
/// broadcast shape (the common case: no copy, no separate pass), otherwise as `owned_column` converts it.
fn held_column<'py>(name: &str, arr: &Bound<'py, numpy::PyUntypedArray>, shape: &[usize]) -> PyResult<Held<'py>> {
    use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
    let arr = &readable(arr)?;
    if arr.len() > 1 && arr.shape() == shape && arr.is_c_contiguous() {
        macro_rules! in_place {
            ($($t:ty => $v:ident),*) => {
                $(if let Ok(a) = arr.downcast::<PyArrayDyn<$t>>() {
                    if let Ok(ro) = a.try_readonly() {
                        return Ok(Held::$v(ro));
                    }
                })*
            };
        }
        in_place!(u32 => U32, i64 => I64, i32 => I32, u64 => U64, u16 => U16, i16 => I16, u8 => U8, i8 => I8);
    }
    Ok(match owned_column(name, arr, shape)? {
        Owned::Scalar(v) => Held::Scalar(v),
        Owned::Values(v) => Held::Owned(v),
    })
}

/// An array numpy's element views can read: itself where it is aligned and every stride a whole number of
/// elements, else numpy's own aligned, contiguous copy of it (a field of a packed record array has a byte
/// stride that is not one, an array made from a buffer at an odd offset is misaligned: read in place, the
/// first gives a neighbour's bytes and the second is undefined behaviour).
fn readable<'py>(arr: &Bound<'py, numpy::PyUntypedArray>) -> PyResult<Bound<'py, numpy::PyUntypedArray>> {
    use numpy::{PyArrayDescrMethods, PyUntypedArrayMethods};
    let itemsize = arr.dtype().itemsize() as isize;
    let aligned: bool = arr.getattr("flags")?.getattr("aligned")?.extract()?;
    if aligned && itemsize > 0 && arr.strides().iter().all(|s| s % itemsize == 0) {
        return Ok(arr.clone());
    }
    // A fresh array (numpy allocates it aligned); `ascontiguousarray` would hand back a misaligned one
    // that is already contiguous.
    let kwargs = pyo3::types::PyDict::new(arr.py());
    kwargs.set_item("copy", true)?;
    kwargs.set_item("order", "C")?;
    let copy = arr.py().import("numpy")?.call_method("array", (arr,), Some(&kwargs))?;
    Ok(copy.downcast_into::<numpy::PyUntypedArray>()?)
}

/// One input of `occupancy_batch` as u32: one value for every cell, or one per cell in C order of the
/// broadcast shape.
enum Owned {
    Scalar(u32),
    Values(Vec<u32>),
}

/// `(2, 5)` for a cell's flat index in `shape` (C order), as numpy writes an index.
fn multi_index(mut flat: usize, shape: &[usize]) -> String {
    let mut idx = vec![0usize; shape.len()];
    for (d, &len) in shape.iter().enumerate().rev() {
        if len > 0 {
            idx[d] = flat % len;
            flat /= len;
        }
    }
    match idx.as_slice() {
        [] => "()".to_string(),
        [i] => format!("[{i}]"),
        _ => format!("[{}]", idx.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")),
    }
}

/// A numpy integer array of any dtype, broadcast to `shape`, as u32 values (or one value when it holds one);
/// a negative value or one over u32 is refused naming the argument and the cell.
fn owned_column(name: &str, arr: &Bound<'_, numpy::PyUntypedArray>, shape: &[usize]) -> PyResult<Owned> {
    use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
    let arr = &readable(arr)?;
    fn convert<T>(name: &str, arr: &Bound<'_, PyArrayDyn<T>>, shape: &[usize]) -> PyResult<Owned>
    where
        T: numpy::Element + Copy + TryInto<u32> + std::fmt::Display + Default + PartialOrd,
    {
        let ro = arr.try_readonly().map_err(|e| refuse(Kind::NotReadable, format!("{name}: {e}")))?;
        let view = ro.as_array();
        // The value named by its index in the broadcast shape (in the argument's own shape when it holds
        // one value; no index for a number).
        let bad_at = |index: String, v: T| out_of_range(name, &index, v.to_string(), v < T::default());
        let bad = |i: usize, v: T| bad_at(multi_index(i, shape), v);
        if view.len() == 1 {
            let v = *view.iter().next().expect("one element");
            let index = if view.ndim() == 0 { String::new() } else { multi_index(0, view.shape()) };
            return v.try_into().map(Owned::Scalar).map_err(|_| bad_at(index, v));
        }
        let b = view
            .broadcast(shape)
            .ok_or_else(|| refuse(Kind::Broadcast, format!("{name}: does not broadcast to {shape:?}")))?;
        // Range first (a loop that vectorizes), then the conversion; the index only for the message.
        let in_range = |v: &T| (*v).try_into().is_ok();
        let out: Vec<u32> = match b.as_slice() {
            Some(slice) => {
                if let Some(i) = slice.iter().position(|v| !in_range(v)) {
                    return Err(bad(i, slice[i]));
                }
                slice.iter().map(|&v| v.try_into().unwrap_or(0)).collect()
            }
            None => {
                if let Some((i, &v)) = b.iter().enumerate().find(|(_, v)| !in_range(v)) {
                    return Err(bad(i, v));
                }
                b.iter().map(|&v| v.try_into().unwrap_or(0)).collect()
            }
        };
        Ok(Owned::Values(out))
    }
    macro_rules! try_dtypes {
        ($($t:ty),*) => {
            $(if let Ok(a) = arr.downcast::<PyArrayDyn<$t>>() {
                return convert(name, a, shape);
            })*
        };
    }
    try_dtypes!(u32, i64, i32, u64, u16, i16, u8, i8);
    Err(refuse(Kind::Dtype, format!("{name}: expected integers (any integer dtype), got dtype {}", arr.dtype())))
}

/// What the scalar call refuses before its own rules (the registers' form, the options, the target): a value
/// that is not a u32, in its argument order, then the launch range of a cell (`WorkgroupSize::validate`, the
/// scalar call's reading of `wg_size`); `None` where every value and launch range is one it takes. Asked only
/// when one of those rules refused: the launch sizes are copied to be read (refused as Python's MemoryError,
/// as the batch's answer is, where they are more than this machine's memory).
fn first_value_refusal(
    arrays: &[(&str, Bound<'_, numpy::PyUntypedArray>)],
    shape: &[usize],
) -> PyResult<Option<PyErr>> {
    // Read over each array's own values (or the launch pair's own broadcast), not over every cell: the
    // work is the input's size, however far numpy broadcasts it.
    for (name, arr) in arrays {
        if let Some(range) = range_refusal(if *name == "wg_max" { "wg_size" } else { name }, arr, shape)? {
            return Ok(Some(range));
        }
    }
    let column = |k: &str| arrays.iter().find(|(n, _)| *n == k).map(|(_, a)| a);
    let Some(lo) = column("wg_size") else { return Ok(None) };
    let py = lo.py();
    // The launch range per cell: (MIN, MAX) as their own broadcast, or one size for both.
    let pair = match column("wg_max") {
        Some(hi) => py.import("numpy")?.call_method1("broadcast_arrays", (lo, hi))?,
        None => pyo3::types::PyTuple::new(py, [lo, lo])?.into_any(),
    };
    let (lo, hi): (Bound<'_, numpy::PyUntypedArray>, Bound<'_, numpy::PyUntypedArray>) = pair.extract()?;
    let mut both = distinct(&[&lo, &hi])?;
    let (hi, lo) = (both.pop().expect("two"), both.pop().expect("two"));
    use numpy::ndarray::Dimension;
    use numpy::PyArrayMethods;
    let (lo, hi) = (as_i64(&lo)?, as_i64(&hi)?);
    let (lo, hi) = (lo.readonly(), hi.readonly());
    let (lo, hi) = (lo.as_array(), hi.as_array());
    let mut first: Option<(usize, wavebudget_model::ModelError)> = None;
    for ((idx, &min), &max) in lo.indexed_iter().zip(hi.iter()) {
        let size = wavebudget_model::WorkgroupSize { min: min as u32, max: max as u32 };
        if let Err(e) = size.validate() {
            let at = first_cell(idx.slice(), lo.shape(), shape);
            if first.as_ref().is_none_or(|(f, _)| at < *f) {
                first = Some((at, e));
            }
        }
    }
    Ok(first.map(|(i, e)| refuse_kind(e.kind(), format!("cell {}: {e}", multi_index(i, shape)))))
}

/// The refusal of a value of `arr` that is not a u32, named by its cell in `shape` (by its own index where
/// the array holds one value, none for a number), as the copying reader names it; over the array's own
/// values, so the work is the input's size however far it is broadcast.
fn range_refusal(name: &str, arr: &Bound<'_, numpy::PyUntypedArray>, shape: &[usize]) -> PyResult<Option<PyErr>> {
    use numpy::{PyArrayDescrMethods, PyUntypedArrayMethods};
    // Unsigned values read as u64 (an int64 would wrap those over 2^63), signed as i64.
    let (whole, arr) = (arr, &distinct(&[arr])?.remove(0));
    let found = if arr.dtype().kind() == b'u' {
        let a = arr.call_method1("astype", ("uint64",))?.downcast_into::<numpy::PyArrayDyn<u64>>()?;
        first_in_cells(&a, shape, |v| v > u64::from(u32::MAX)).map(|(i, v)| (i, v.to_string(), false))
    } else {
        first_in_cells(&as_i64(arr)?, shape, |v| u32::try_from(v).is_err()).map(|(i, v)| (i, v.to_string(), v < 0))
    };
    Ok(found.map(|(i, v, negative)| {
        let index = match (whole.len(), whole.ndim()) {
            (1, 0) => String::new(),
            (1, _) => multi_index(0, whole.shape()),
            _ => multi_index(i, shape),
        };
        out_of_range(name, &index, v, negative)
    }))
}

/// A cell's value that is not a count, in the model's words (`text::NotACount`), named `vgprs[1] = -6`.
fn out_of_range(name: &str, index: &str, value: String, negative: bool) -> PyErr {
    use wavebudget_model::text::NotACount;
    let arg = format!("{name}{index} =");
    let e = if negative {
        NotACount::Negative { arg, value }
    } else {
        NotACount::Over { arg, value, max: u32::MAX.into() }
    };
    refuse(Kind::NotACount, e.to_string())
}

/// Views of `arrays` (of one shape) without the dimensions every one of them repeats (numpy's broadcast
/// views have stride 0 there): each value read once, at the first cell it stands in.
fn distinct<'py>(arrays: &[&Bound<'py, numpy::PyUntypedArray>]) -> PyResult<Vec<Bound<'py, numpy::PyUntypedArray>>> {
    use numpy::PyUntypedArrayMethods;
    let Some(first) = arrays.first() else { return Ok(Vec::new()) };
    if first.ndim() == 0 {
        // One value (indexing with `()` would give numpy's scalar, not an array).
        return Ok(arrays.iter().map(|a| (*a).clone()).collect());
    }
    let py = first.py();
    let index: Vec<Bound<'py, pyo3::types::PySlice>> = (0..first.ndim())
        .map(|d| {
            if arrays.iter().all(|a| a.strides()[d] == 0) {
                pyo3::types::PySlice::new(py, 0, 1, 1)
            } else {
                pyo3::types::PySlice::full(py)
            }
        })
        .collect();
    let index = pyo3::types::PyTuple::new(py, index)?;
    arrays.iter().map(|a| Ok(a.get_item(&index)?.downcast_into::<numpy::PyUntypedArray>()?)).collect()
}

/// An integer array of any dtype as int64 (numpy's conversion; the values a batch takes fit it).
fn as_i64<'py>(arr: &Bound<'py, numpy::PyUntypedArray>) -> PyResult<Bound<'py, numpy::PyArrayDyn<i64>>> {
    Ok(arr.call_method1("astype", ("int64",))?.downcast_into::<numpy::PyArrayDyn<i64>>()?)
}

/// The first cell (C order of `shape`) whose value `bad` refuses, and the value: over the array's own
/// values, each at the first cell numpy broadcasts it to.
fn first_in_cells<T: numpy::Element + Copy>(
    arr: &Bound<'_, numpy::PyArrayDyn<T>>,
    shape: &[usize],
    bad: impl Fn(T) -> bool,
) -> Option<(usize, T)> {
    use numpy::ndarray::Dimension;
    use numpy::{PyArrayMethods, PyUntypedArrayMethods};
    let ro = arr.readonly();
    let view = ro.as_array();
    let own = arr.shape().to_vec();
    view.indexed_iter()
        .filter(|(_, &v)| bad(v))
        .map(|(idx, &v)| (first_cell(idx.slice(), &own, shape), v))
        .min_by_key(|(at, _)| *at)
}

/// The flat index (C order of `shape`) of the first cell an element at `idx` of an array of shape `own`
/// broadcasts to: 0 along every dimension it is broadcast over.
fn first_cell(idx: &[usize], own: &[usize], shape: &[usize]) -> usize {
    let offset = shape.len() - own.len();
    shape.iter().enumerate().fold(0, |flat, (d, &len)| {
        let i = if d < offset || own[d - offset] == 1 { 0 } else { idx[d - offset] };
        flat * len + i
    })
}

/// One target's batch answer: its canonical name, its maximum, and the six columns (waves per SIMD, the
/// limiter's code, the VGPR, SGPR, LDS and workgroup terms), each an array of the broadcast shape.
type BatchAnswer<'py> = (String, u32, [Bound<'py, numpy::PyArrayDyn<u8>>; 6], Bound<'py, numpy::PyArray1<f64>>);

/// `wavebudget.occupancy_batch(target, *, ...)`: `occupancy` over numpy arrays, every argument an integer
/// array of any dtype (or a number), broadcast together as numpy broadcasts (`numpy.broadcast_shapes`);
/// the answer (`OccupancyBatch`, a list of them for several comma-separated targets) holds arrays of that
/// shape, every cell equal to `occupancy(...)` of its values.
///
/// `vgpr_count` (the code object's unified count, AGPRs included) is given instead of `vgprs`/`agprs`.
/// `wg_size` is a fixed launch size per cell, or `(MIN, MAX)` (each an array or a number) as LLVM's
/// `amdgpu-flat-work-group-size` (default: the range 1..1024, as `occupancy`). A cell the model refuses
/// (over a register or LDS limit) refuses the call, naming the cell. `threads`: at most this many threads
/// (default: every core; batches under 65,536 cells take one). Needs numpy.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
// the Python signature
// The arrays' defaults (the number 0) have no Rust literal of their type: the text signature is written out
// (test_the_native_stub_declares_the_functions_as_they_are holds it to the `.pyi`).
#[pyo3(
    signature = (target, *, vgprs = None, agprs = None, sgprs = None, lds = None, wg_size = None, vgpr_count = None, wave_size = None, cu_mode = false, llvm = None, threads = None, dvgpr_block = None),
    text_signature = "(target, *, vgprs=None, agprs=None, sgprs=0, lds=0, wg_size=None, vgpr_count=None, wave_size=None, cu_mode=False, llvm=None, threads=None, dvgpr_block=None)"
)]
pub(crate) fn occupancy_batch<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = "args::text::<n::target>")] target: String,
    vgprs: Option<Bound<'py, PyAny>>,
    agprs: Option<Bound<'py, PyAny>>,
    #[pyo3(from_py_with = "args::batch_arg")] sgprs: Option<Bound<'py, PyAny>>,
    #[pyo3(from_py_with = "args::batch_arg")] lds: Option<Bound<'py, PyAny>>,
    wg_size: Option<Bound<'py, PyAny>>,
    vgpr_count: Option<Bound<'py, PyAny>>,
    // The count options are read in the body, after the arrays before them in the scalar call's order.
    wave_size: Option<Bound<'py, PyAny>>,
    #[pyo3(from_py_with = "args::flag::<n::cu_mode>")] cu_mode: bool,
    llvm: Option<Bound<'py, PyAny>>,
    #[pyo3(from_py_with = "args::opt_count::<n::threads>")] threads: Option<u32>,
    dvgpr_block: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let Ok(np) = py.import("numpy") else {
        return Err(refuse(Kind::NoNumpy, "occupancy_batch needs numpy (pip install numpy)".into()));
    };
    if threads == Some(0) {
        return Err(refuse(Kind::Threads, "threads 0: expected at least 1".into()));
    }
    let zero = 0u32.into_pyobject(py)?.into_any();
    let given = |v: Option<Bound<'py, PyAny>>| v.unwrap_or_else(|| zero.clone());
    let (sgprs, lds) = (given(sgprs), given(lds));
    // The arguments in the order the scalar call reads them (its signature's), each read as numpy reads
    // it: every one given, so that a value out of range is named as `occupancy` names it.
    let mut named: Vec<(&str, Bound<'py, PyAny>)> = Vec::new();
    named.extend([vgprs.clone().map(|v| ("vgprs", v)), agprs.clone().map(|a| ("agprs", a))].into_iter().flatten());
    named.extend([("sgprs", sgprs), ("lds", lds)]);
    // A launch size that is no pair is refused after the values read before it (as the scalar call reads it).
    let mut wg_shape = None;
    match wg_size {
        Some(w) if w.is_instance_of::<pyo3::types::PyTuple>() => {
            let t = w.downcast_into::<pyo3::types::PyTuple>()?;
            if t.len() == 2 {
                named.extend([("wg_size", t.get_item(0)?), ("wg_max", t.get_item(1)?)]);
            } else {
                let message = format!("wg_size: expected sizes or (MIN, MAX), got a tuple of {}", t.len());
                wg_shape = Some(args::refuse(Kind::WgSize, "wg_size", message));
            }
        }
        Some(w) => named.push(("wg_size", w)),
        None => {}
    }
    named.extend(vgpr_count.clone().map(|t| ("vgpr_count", t)));
    let arrays = named
        .into_iter()
        .map(|(k, v)| Ok((k, args::int_array(&np, if k == "wg_max" { "wg_size" } else { k }, &v)?)))
        .collect::<PyResult<Vec<_>>>()?;
    let shapes = || {
        let each: Vec<String> = arrays
            .iter()
            .map(|(k, a)| {
                format!("{k} {}", a.getattr("shape").and_then(|s| s.repr()).map_or("?".into(), |r| r.to_string()))
            })
            .collect();
        each.join(", ")
    };
    let shape_of: Vec<Bound<'py, PyAny>> = arrays.iter().map(|(_, a)| a.getattr("shape")).collect::<PyResult<_>>()?;
    let shape = match np.call_method1("broadcast_shapes", pyo3::types::PyTuple::new(py, shape_of)?) {
        Ok(s) => s,
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyValueError>(py) => {
            return Err(refuse(Kind::Broadcast, format!("the arrays do not broadcast together: {}", shapes())));
        }
        Err(e) => return Err(e),
    };
    let dims: Vec<usize> = shape.extract()?;
    let cells: u128 = dims.iter().map(|&d| d as u128).product();
    if cells > args::MAX_BATCH_CELLS {
        return Err(refuse(
            Kind::TooManyCells,
            format!(
                "the arrays broadcast to {}, {cells} cells; at most {} ({})",
                shape.repr()?,
                args::MAX_BATCH_CELLS,
                shapes()
            ),
        ));
    }
    // The count options, as the scalar call reads them after its arrays: a value out of range in an array
    // read before an option (`vgprs`..`wg_size`; `vgpr_count` too before `dvgpr_block`) is named first.
    let earlier = |e: PyErr, through: &str| -> PyErr {
        let order = ["vgprs", "agprs", "sgprs", "lds", "wg_size", "wg_max", "vgpr_count"];
        let last = order.iter().position(|n| *n == through).unwrap_or(order.len() - 1);
        for (name, arr) in arrays.iter().filter(|(n, _)| order[..=last].contains(n)) {
            match range_refusal(if *name == "wg_max" { "wg_size" } else { name }, arr, &dims) {
                Ok(Some(range)) => return range,
                Ok(None) => {}
                Err(other) => return other,
            }
        }
        e
    };
    if let Some(e) = wg_shape {
        return Err(earlier(e, "lds"));
    }
    let read = |v: &Option<Bound<'py, PyAny>>, f: fn(&Bound<'py, PyAny>) -> PyResult<Option<u32>>| {
        v.as_ref().map(f).transpose().map(Option::flatten)
    };
    let wave_size = read(&wave_size, args::opt_count::<n::wave_size>).map_err(|e| earlier(e, "wg_max"))?;
    let llvm = read(&llvm, args::opt_count::<n::llvm>).map_err(|e| earlier(e, "wg_max"))?;
    let dvgpr_block = read(&dvgpr_block, args::opt_count::<n::dvgpr_block>).map_err(|e| earlier(e, "vgpr_count"))?;
    // The call's own rules, in the scalar call's order: the registers given one way (the engine's rule, on
    // which arguments are given: an array of zeros is a count given, as `vgprs=0` is in `occupancy`), the
    // options, the target. The scalar call reads its values and the launch range before these: where one
    // refuses, a value out of range or a cell's launch range is named first, as `occupancy` names it.
    let present = |v: &Option<Bound<'py, PyAny>>| v.as_ref().map(|_| 0);
    let call = wavebudget_engine::misuse::vgprs(present(&vgprs), present(&agprs), present(&vgpr_count), false)
        .map_err(misuse)
        .and_then(|_| crate::Options::of(wave_size, cu_mode, llvm, dvgpr_block).model())
        .and_then(|o| wavebudget_engine::targets::subtargets(&target, o).map_err(engine_err));
    let subtargets = match call {
        Ok(s) => s,
        Err(e) => return Err(first_value_refusal(&arrays, &dims)?.unwrap_or(e)),
    };
    let get = |k: &str| arrays.iter().find(|(n, _)| *n == k).map(|(_, a)| a);
    let zero = np.call_method1("zeros", ((), np.getattr("uint32")?))?.downcast_into::<numpy::PyUntypedArray>()?;
    let out = batch_columns(
        py,
        &subtargets,
        dims,
        get("vgprs").unwrap_or(&zero),
        get("agprs").unwrap_or(&zero),
        get("vgpr_count"),
        get("sgprs").unwrap_or(&zero),
        get("lds").unwrap_or(&zero),
        get("wg_size"),
        get("wg_max"),
        threads.map(|t| t as usize),
    )?;
    one_or_list(
        py,
        out.into_iter().map(|(target, max_waves_per_simd, arrays, fractions)| {
            let (arrays, fractions) = (arrays.map(Bound::unbind), fractions.unbind());
            Ok(Bound::new(py, OccupancyBatch { target, max_waves_per_simd, arrays, fractions })?.into_any())
        }),
    )
}

/// The batch over numpy integer arrays (their kinds and broadcast shape checked) in, six uint8 arrays of that
/// shape per target out; every cell equals the scalar `occupancy`.
#[allow(clippy::too_many_arguments)]
fn batch_columns<'py>(
    py: Python<'py>,
    subtargets: &[wavebudget_model::Subtarget],
    shape: Vec<usize>,
    vgprs: &Bound<'py, numpy::PyUntypedArray>,
    agprs: &Bound<'py, numpy::PyUntypedArray>,
    vgpr_count: Option<&Bound<'py, numpy::PyUntypedArray>>,
    sgprs: &Bound<'py, numpy::PyUntypedArray>,
    lds: &Bound<'py, numpy::PyUntypedArray>,
    wg_min: Option<&Bound<'py, numpy::PyUntypedArray>>,
    wg_max: Option<&Bound<'py, numpy::PyUntypedArray>>,
    threads: Option<usize>,
) -> PyResult<Vec<BatchAnswer<'py>>> {
    use numpy::{IntoPyArray, PyArrayMethods};
    use wavebudget_model::{CellsOut, Columns, VgprColumns};
    let n: usize = shape.iter().product();
    // Six answer bytes a cell per target, and at most six arguments copied into 4-byte columns (a broadcast or
    // strided one): more than this machine's memory is Python's MemoryError before anything is copied or
    // computed (an allocation Linux grants lazily would otherwise be killed, or abort half-way).
    let need = (n as u128) * (6 * subtargets.len() as u128 + 6 * 4);
    if need > physical_memory() {
        return Err(pyo3::exceptions::PyMemoryError::new_err(format!(
            "occupancy_batch: {n} cells on {} target(s) need {need} bytes of answers, more than this machine's memory",
            subtargets.len()
        )));
    }
    let vgpr_cols = match vgpr_count {
        Some(t) => (held_column("vgpr_count", t, &shape)?, None),
        None => (held_column("vgprs", vgprs, &shape)?, Some(held_column("agprs", agprs, &shape)?)),
    };
    let sgprs_held = held_column("sgprs", sgprs, &shape)?;
    let lds_held = held_column("lds", lds, &shape)?;
    // No launch size: LLVM's default range (WorkgroupSize::DEFAULT); one array: fixed sizes; two: (MIN, MAX).
    let (wg_min_held, wg_max_held) = match (wg_min, wg_max) {
        (Some(lo), Some(hi)) => (held_column("wg_size", lo, &shape)?, Some(held_column("wg_size", hi, &shape)?)),
        (Some(w), None) => (held_column("wg_size", w, &shape)?, None),
        _ => {
            let d = wavebudget_model::WorkgroupSize::DEFAULT;
            (Held::Scalar(d.min), Some(Held::Scalar(d.max)))
        }
    };
    let wg_max_ref = wg_max_held.as_ref().unwrap_or(&wg_min_held);
    let in_place = [
        Some(&vgpr_cols.0),
        vgpr_cols.1.as_ref(),
        Some(&sgprs_held),
        Some(&lds_held),
        Some(&wg_min_held),
        Some(wg_max_ref),
    ]
    .into_iter()
    .flatten()
    .any(|h| !matches!(h, Held::Scalar(_) | Held::Owned(_)));
    let cols = Columns {
        len: n,
        vgprs: match &vgpr_cols {
            (t, None) => VgprColumns::Total(t.column()),
            (arch, Some(agpr)) => VgprColumns::Split { arch: arch.column(), agpr: agpr.column() },
        },
        sgprs: sgprs_held.column(),
        lds: lds_held.column(),
        wg_min: wg_min_held.column(),
        wg_max: wg_max_ref.column(),
    };
    // A refused cell: a value that is not a u32 in any argument is named first, in argument order, as the
    // copying path names it (the arrays read in place were not checked ahead); then the model's refusal.
    let refusal = |e: wavebudget_model::CellError| -> PyErr {
        let mut named: Vec<(&str, &Bound<'py, numpy::PyUntypedArray>)> = match vgpr_count {
            Some(_) => vec![],
            None => vec![("vgprs", vgprs), ("agprs", agprs)],
        };
        named.extend([("sgprs", sgprs), ("lds", lds)]);
        named.extend(wg_min.into_iter().chain(wg_max).map(|w| ("wg_size", w)));
        named.extend(vgpr_count.map(|t| ("vgpr_count", t)));
        for (name, arr) in named {
            match range_refusal(name, arr, &shape) {
                Ok(Some(range)) => return range,
                Ok(None) => {}
                Err(other) => return other,
            }
        }
        refuse_kind(e.error.kind(), format!("cell {}: {}", multi_index(e.index, &shape), e.error))
    };
    let mut answers = Vec::with_capacity(subtargets.len());
    for st in subtargets {
        // The answer's memory is had before any work, or refused as Python's MemoryError (never an abort).
        let mut bufs: [Vec<u8>; 6] = Default::default();
        for b in &mut bufs {
            b.try_reserve_exact(n).map_err(|_| {
                pyo3::exceptions::PyMemoryError::new_err(format!(
                    "occupancy_batch: {n} cells need {} bytes of answers per target",
                    n.saturating_mul(6)
                ))
            })?;
            b.resize(n, 0);
        }
        let compute = move || {
            let mut bufs = bufs;
            let [w, l, v, s, d, g] = &mut bufs;
            let out = CellsOut { waves_per_simd: w, limiter: l, vgpr: v, sgpr: s, lds: d, workgroup: g };
            let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            wavebudget_runtime::batch::evaluate_columns_on(st, threads, &cols, out).map(|()| bufs)
        };
        // Arrays read in place stay the caller's: the GIL is held while they are read, so no Python thread
        // writes them meanwhile (the batch's own threads need no GIL). Copied columns free the GIL.
        let computed = if in_place { compute() } else { py.allow_threads(compute) };
        let bufs = computed.map_err(refusal)?;
        let arrays = bufs.map(|b| b.into_pyarray(py).reshape(shape.clone()).expect("n cells reshape to shape"));
        // Each possible waves per SIMD as the model's fraction (`Subtarget::fraction`), for `occupancy()`.
        let fractions = (0..=st.max_waves()).map(|w| st.fraction(w)).collect::<Vec<f64>>().into_pyarray(py);
        answers.push((st.id().canonical(), st.max_waves(), arrays, fractions));
    }
    Ok(answers)
}

/// This machine's physical memory in bytes (`u128::MAX` where it cannot be read).
fn physical_memory() -> u128 {
    let text = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|v| v.trim().strip_suffix("kB"))
        .and_then(|v| v.trim().parse::<u128>().ok())
        .map_or(u128::MAX, |kb| kb * 1024)
}

/// The limiter names by code (the model's `Limiter::ALL` in `Limiter::code` order): `LIMITERS`, into which
/// `OccupancyBatch.limiter` indexes.
pub(crate) fn limiter_names() -> Vec<&'static str> {
    wavebudget_model::Limiter::ALL.iter().map(|l| l.as_str()).collect()
}

/// `occupancy_batch`'s answer for one target: numpy arrays of the inputs' broadcast shape, every cell equal
/// to `occupancy(...)` of its values. `waves_per_simd` (uint8), `limiter` (uint8 codes into `LIMITERS`),
/// `limits` (each limiter's waves, one array each).
#[pyclass(frozen, module = "wavebudget")]
pub(crate) struct OccupancyBatch {
    /// The target's canonical name.
    #[pyo3(get)]
    target: String,
    /// The target's most waves per SIMD (`occupancy()`'s denominator).
    #[pyo3(get)]
    max_waves_per_simd: u32,
    /// Waves per SIMD, the limiter's code, and the VGPR, SGPR, LDS and workgroup terms.
    arrays: [Py<numpy::PyArrayDyn<u8>>; 6],
    /// The model's occupancy fraction of each waves per SIMD from 0 to the maximum (`occupancy()`).
    fractions: Py<numpy::PyArray1<f64>>,
}

#[pymethods]
impl OccupancyBatch {
    /// The answer made again from its parts (what pickling calls).
    #[new]
    fn new(
        target: String,
        max_waves_per_simd: u32,
        arrays: [Py<numpy::PyArrayDyn<u8>>; 6],
        fractions: Py<numpy::PyArray1<f64>>,
    ) -> Self {
        OccupancyBatch { target, max_waves_per_simd, arrays, fractions }
    }

    /// Waves per SIMD of each cell (uint8).
    #[getter]
    fn waves_per_simd(&self, py: Python<'_>) -> Py<numpy::PyArrayDyn<u8>> {
        self.arrays[0].clone_ref(py)
    }

    /// The limiter of each cell as its code into `LIMITERS` (uint8).
    #[getter]
    fn limiter(&self, py: Python<'_>) -> Py<numpy::PyArrayDyn<u8>> {
        self.arrays[1].clone_ref(py)
    }

    /// Each limiter's waves per SIMD, one array each (as the scalar answer's `limits`).
    #[getter]
    fn limits(&self, py: Python<'_>) -> PyResult<Py<BatchLimits>> {
        let [vgpr, sgpr, lds, workgroup] = [2, 3, 4, 5].map(|i| self.arrays[i].clone_ref(py));
        Py::new(py, BatchLimits { vgpr, sgpr, lds, workgroup })
    }

    /// The inputs' broadcast shape (a tuple, as numpy's).
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.arrays[0].bind(py).getattr("shape")
    }

    /// The limiter of each cell by name (a numpy array of str).
    fn limiter_names<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let names = py.import("numpy")?.call_method1("array", (limiter_names(),))?;
        names.get_item(self.arrays[1].bind(py))
    }

    /// Waves per SIMD over the target's maximum (float64): each cell the model's fraction
    /// (`Subtarget::fraction`, the scalar answer's `occupancy`), looked up by its waves.
    fn occupancy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.fractions.bind(py).call_method1("take", (self.arrays[0].bind(py),))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let me = slf.get();
        let arrays: Vec<_> = me.arrays.iter().map(|a| a.clone_ref(slf.py())).collect();
        let fractions = me.fractions.clone_ref(slf.py());
        (slf.get_type(), (me.target.clone(), me.max_waves_per_simd, arrays, fractions)).into_bound_py_any(slf.py())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "OccupancyBatch(target={}, shape={})",
            self.target.as_str().into_pyobject(py)?.repr()?,
            self.shape(py)?.repr()?
        ))
    }
}

/// Each limiter's waves per SIMD in a batch, one array each: `vgpr`, `sgpr`, `lds`, `workgroup` (as the
/// scalar answer's `limits`).
#[pyclass(frozen, module = "wavebudget")]
pub(crate) struct BatchLimits {
    #[pyo3(get)]
    vgpr: Py<numpy::PyArrayDyn<u8>>,
    #[pyo3(get)]
    sgpr: Py<numpy::PyArrayDyn<u8>>,
    #[pyo3(get)]
    lds: Py<numpy::PyArrayDyn<u8>>,
    #[pyo3(get)]
    workgroup: Py<numpy::PyArrayDyn<u8>>,
}

#[pymethods]
impl BatchLimits {
    /// The four arrays again (what pickling and copying call).
    #[new]
    fn new(
        vgpr: Py<numpy::PyArrayDyn<u8>>,
        sgpr: Py<numpy::PyArrayDyn<u8>>,
        lds: Py<numpy::PyArrayDyn<u8>>,
        workgroup: Py<numpy::PyArrayDyn<u8>>,
    ) -> Self {
        BatchLimits { vgpr, sgpr, lds, workgroup }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let me = slf.get();
        let py = slf.py();
        let arrays = (me.vgpr.clone_ref(py), me.sgpr.clone_ref(py), me.lds.clone_ref(py), me.workgroup.clone_ref(py));
        (slf.get_type(), arrays).into_bound_py_any(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("BatchLimits(shape={})", self.vgpr.bind(py).getattr("shape")?.repr()?))
    }
}
