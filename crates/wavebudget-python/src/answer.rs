//! The answer classes (`Kernel`, `CodeObject`, `Cubin`, `CubinKernel`, `Advice`, `Budget`, `Dispatch`,
//! `WgSuggestion`, `Target`, `triton.Explanation`, `triton.KernelReport`, `nvidia.NvOccupancy`,
//! `nvidia.NvBudget`, `nvidia.NvTargets`): each a native
//! class over the engine's or the model's typed value, its fields declared once, by [`answer!`].
//!
//! A field every JSON object of the class holds is a getter reading the value directly
//! ([`crate::Field`]); the class's `_FIELDS` lists them. Any other field (`blocked_by`, `descriptor`,
//! `next_wave`, ...), `to_dict()`, `==`, `dir()` and pickle use the JSON object (the CLI's `--json` object,
//! each note a `Note` of its kind), made the first time one of them is asked for. An answer rebuilt from
//! its JSON object (pickle, copy) holds that object and reads every field from it. `_native.pyi` gives the
//! fields' types (a test holds the stub's fields to `_FIELDS` and `_JSON_ONLY`).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySet, PyTuple};

/// What an answer holds: the typed value, or the JSON object it was rebuilt from.
pub(crate) enum Held<T> {
    Value(T),
    Json(Py<PyDict>),
}

/// The package's helpers and classes the answers are made with.
fn helper<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    crate::package(py)?.getattr(name)
}

/// The JSON object of a value: a fresh dict, notes as `Note`s of their kinds (`_typed_notes` takes the
/// `note_kinds` and `reason_kind` keys the value's `json` writes beside the texts).
pub(crate) fn typed<'py>(py: Python<'py>, d: Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    Ok(helper(py, "_typed_notes")?.call1((d,))?.downcast_into::<PyDict>()?)
}

/// A field of a rebuilt answer: from its JSON object, wrapped as a record reads it (a fresh list or
/// record each read); a JSON object without it (one a caller made) has no such field, as a record has not.
pub(crate) fn json_field<'py>(py: Python<'py>, d: &Py<PyDict>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    match d.bind(py).get_item(name)? {
        Some(v) => helper(py, "_wrap")?.call1((v,)),
        None => Err(pyo3::exceptions::PyAttributeError::new_err(format!("no field '{name}'"))),
    }
}

/// A container answer's nested answers (a code object's or a cubin's `kernels`): the value's own, shared,
/// or each rebuilt from the JSON object's `key` list (none where it has none).
pub(crate) fn nested<'py, V, T>(
    py: Python<'py>,
    held: &Held<V>,
    own: impl Fn(&V) -> &Vec<Py<T>>,
    key: &str,
    rebuild: impl Fn(Bound<'py, PyDict>) -> T,
) -> PyResult<Bound<'py, PyAny>>
where
    T: pyo3::PyClass,
    pyo3::PyClassInitializer<T>: From<T>,
{
    let items: Vec<Py<T>> = match held {
        Held::Value(v) => own(v).iter().map(|k| k.clone_ref(py)).collect(),
        Held::Json(d) => match d.bind(py).get_item(key)? {
            Some(list) => {
                list.try_iter()?.map(|k| Py::new(py, rebuild(k?.downcast_into()?))).collect::<PyResult<_>>()?
            }
            None => Vec::new(),
        },
    };
    Ok(PyList::new(py, items)?.into_any())
}

/// The protocol every answer class shares, over its JSON object (`made`).
pub(crate) fn getattr<'py>(
    py: Python<'py>,
    class: &str,
    made: &Bound<'py, PyDict>,
    name: &str,
) -> PyResult<Bound<'py, PyAny>> {
    if name.starts_with('_') {
        // Private and dunder names are not fields (copy and pickle probe them).
        return Err(pyo3::exceptions::PyAttributeError::new_err(name.to_string()));
    }
    match made.get_item(name)? {
        Some(v) => helper(py, "_wrap")?.call1((v,)),
        None => Err(pyo3::exceptions::PyAttributeError::new_err(format!("{class} has no field '{name}'"))),
    }
}

pub(crate) fn dir<'py>(slf: &Bound<'py, PyAny>, made: &Bound<'py, PyDict>) -> PyResult<Bound<'py, PyAny>> {
    let py = slf.py();
    let names = PySet::empty(py)?;
    for n in slf.get_type().dir()? {
        names.add(n)?;
    }
    for k in made.keys() {
        names.add(k)?;
    }
    py.import("builtins")?.getattr("sorted")?.call1((names,))
}

/// `==`: the same class (or a record) with the same JSON object.
pub(crate) fn eq(slf: &Bound<'_, PyAny>, made: &Bound<'_, PyDict>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
    let py = slf.py();
    if !(other.get_type().is(&slf.get_type()) || other.is_instance(&helper(py, "Record")?)?) {
        return Ok(false);
    }
    let Ok(theirs) = other.getattr("_d") else { return Ok(false) };
    made.eq(theirs)
}

/// `Class(name=..., target=..., ...)` of the fields people look for first, where the answer has them.
pub(crate) fn repr(class: &str, made: &Bound<'_, PyDict>) -> PyResult<String> {
    let mut parts = Vec::new();
    for k in ["name", "kernel", "target", "arch", "waves_per_simd", "limiter", "waves", "max_vgprs"] {
        if let Some(v) = made.get_item(k)? {
            parts.push(format!("{k}={}", v.repr()?));
        }
    }
    Ok(format!("{class}({})", parts.join(", ")))
}

pub(crate) fn reduce<'py>(slf: &Bound<'py, PyAny>, made: &Bound<'py, PyDict>) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(slf.py(), [slf.get_type().into_any(), PyTuple::new(slf.py(), [made.clone()])?.into_any()])
}

pub(crate) fn to_dict<'py>(py: Python<'py>, made: &Bound<'py, PyDict>) -> PyResult<Bound<'py, PyAny>> {
    helper(py, "_plain")?.call1((made,))
}

/// Notes (each text and kind) as `Note`s.
pub(crate) fn notes<'py>(
    py: Python<'py>,
    notes: impl Iterator<Item = (String, &'static str)>,
) -> PyResult<Bound<'py, PyList>> {
    let note = helper(py, "Note")?;
    PyList::new(py, notes.map(|(text, kind)| note.call1((text, kind))).collect::<PyResult<Vec<_>>>()?)
}

/// An answer class: with `Class("Name", "module", value: Type) [notes: path] { field => path, ... }
/// json_only: [...] json(py) { ... } methods...`, the frozen pyclass holding a [`Held`] value, its getters and
/// `_FIELDS`, `notes` where it has notes, the JSON object made by the `json` body (a dict with
/// `note_kinds` and `reason_kind` beside the texts, typed by `_typed_notes`), the record protocol, and the
/// methods written after it. `json_only` lists the fields read from the JSON object alone (`_JSON_ONLY`).
macro_rules! answer {
    (
        $(#[$attr:meta])*
        $class:ident($name:literal, $module:literal, $v:ident: $ty:ty) $([notes: $($notes:ident).+])?
        { $($field:ident => $($path:ident).+),* $(,)? }
        json_only: [$($json_only:literal),* $(,)?]
        json($py:ident) $json:block
        $($methods:tt)*
    ) => {
        $(#[$attr])*
        #[pyclass(frozen, weakref, subclass, name = $name, module = $module)]
        pub(crate) struct $class {
            held: $crate::answer::Held<$ty>,
            made: pyo3::sync::GILOnceCell<Py<pyo3::types::PyDict>>,
        }

        impl $class {
            pub(crate) fn new($v: $ty) -> Self {
                $class { held: $crate::answer::Held::Value($v), made: pyo3::sync::GILOnceCell::new() }
            }

            /// The JSON object, typed notes: made once (rebuilt answers hold it).
            fn made<'py>(&self, py: Python<'py>) -> PyResult<&Bound<'py, pyo3::types::PyDict>> {
                let d = match &self.held {
                    $crate::answer::Held::Json(d) => d,
                    $crate::answer::Held::Value($v) => self.made.get_or_try_init(py, || -> PyResult<_> {
                        let $py = py;
                        let d: Bound<'_, PyAny> = $json;
                        Ok($crate::answer::typed(py, d)?.unbind())
                    })?,
                };
                Ok(d.bind(py))
            }
        }

        #[pymethods]
        impl $class {
            /// An answer rebuilt from its JSON object (pickle, copy).
            #[new]
            fn from_json(d: Bound<'_, pyo3::types::PyDict>) -> Self {
                $class { held: $crate::answer::Held::Json(d.unbind()), made: pyo3::sync::GILOnceCell::new() }
            }
            /// The fields read from the value directly.
            #[classattr]
            #[pyo3(name = "_FIELDS")]
            fn fields(py: Python<'_>) -> PyResult<Py<pyo3::types::PyTuple>> {
                let names: &[&str] = &[$(stringify!($field)),*];
                Ok(pyo3::types::PyTuple::new(py, names)?.unbind())
            }
            /// The fields read from the JSON object alone.
            #[classattr]
            #[pyo3(name = "_JSON_ONLY")]
            fn json_only(py: Python<'_>) -> PyResult<Py<pyo3::types::PyTuple>> {
                let names: &[&str] = &[$($json_only),*];
                Ok(pyo3::types::PyTuple::new(py, names)?.unbind())
            }
            $(
                #[getter]
                fn $field<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                    match &self.held {
                        $crate::answer::Held::Value($v) => $crate::Field::py(&$($path).+, py),
                        $crate::answer::Held::Json(d) => $crate::answer::json_field(py, d, stringify!($field)),
                    }
                }
            )*
            $(
                /// The notes, each a `Note` of its kind.
                #[getter]
                fn notes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                    match &self.held {
                        $crate::answer::Held::Value($v) => {
                            let each = $($notes).+.iter().map(|n| (n.to_string(), n.kind()));
                            Ok($crate::answer::notes(py, each)?.into_any())
                        }
                        $crate::answer::Held::Json(d) => $crate::answer::json_field(py, d, "notes"),
                    }
                }
            )?
            /// The JSON object (typed notes).
            #[getter]
            fn _d<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
                self.made(py).cloned()
            }
            /// Whether the JSON object is made (or the answer was rebuilt from it).
            #[getter]
            fn _made(&self, py: Python<'_>) -> bool {
                matches!(self.held, $crate::answer::Held::Json(_)) || self.made.get(py).is_some()
            }
            /// Any other field of the answer.
            fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
                $crate::answer::getattr(py, $name, self.made(py)?, name)
            }
            fn __setattr__(&self, _name: &str, _value: &Bound<'_, PyAny>) -> PyResult<()> {
                Err(pyo3::exceptions::PyAttributeError::new_err(concat!($name, " is read-only")))
            }
            fn __delattr__(&self, _name: &str) -> PyResult<()> {
                Err(pyo3::exceptions::PyAttributeError::new_err(concat!($name, " is read-only")))
            }
            fn __getitem__<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
                self.made(py)?.get_item(key)?.ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(key.clone().unbind()))
            }
            fn __contains__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<bool> {
                self.made(py)?.contains(key)
            }
            fn keys<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                self.made(py)?.call_method0("keys")
            }
            fn __dir__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
                $crate::answer::dir(slf.as_any(), slf.get().made(slf.py())?)
            }
            /// The JSON object, as `wavebudget ... --json` prints it (a deep copy, notes as text).
            fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                $crate::answer::to_dict(py, self.made(py)?)
            }
            fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
                $crate::answer::eq(slf.as_any(), slf.get().made(slf.py())?, other)
            }
            fn __hash__(&self) -> PyResult<isize> {
                Err(pyo3::exceptions::PyTypeError::new_err(concat!("unhashable type: '", $name, "'")))
            }
            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                $crate::answer::repr($name, self.made(py)?)
            }
            /// Pickle and copy: the JSON object.
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
                $crate::answer::reduce(slf.as_any(), slf.get().made(slf.py())?)
            }
            $($methods)*
        }
    };
}

pub(crate) use answer;
