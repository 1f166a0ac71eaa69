//! Triton's `CompiledKernel` (what `triton.compile` and `kernel.warmup` give), read duck-typed: its `asm`
//! (the binary under `"hsaco"` or `"cubin"`, the instructions under `"amdgcn"`, `"llir"`, `"ptx"`) and its
//! `metadata` (`shared`, `num_warps`, and `warp_size` or `target.arch`). What the engine is handed is its
//! bytes and Triton's launch; every rule over them (the launch size, the vendor's launch, the counts a
//! candidate takes) is the engine's.

use pyo3::prelude::*;
use wavebudget_engine::triton::TritonLaunch;

use crate::args::read_count;
use crate::{engine_err, refuse, Kind};

/// Which binary a compiled kernel carries.
pub(crate) enum Binary {
    /// AMD's code object.
    Hsaco,
    /// NVIDIA's cubin.
    Cubin,
}

/// A compiled Triton kernel as the engine takes it.
pub(crate) struct Compiled<'py> {
    pub(crate) binary: Binary,
    /// The binary as Python holds it (not copied: `bytes` are read in place).
    data: Bound<'py, pyo3::types::PyBytes>,
    pub(crate) launch: TritonLaunch,
    pub(crate) asm: Bound<'py, PyAny>,
    pub(crate) metadata: Bound<'py, PyAny>,
}

/// Whether `v` is a compiled kernel (has `asm` and `metadata`), not a path.
pub(crate) fn is_compiled(v: &Bound<'_, PyAny>) -> PyResult<bool> {
    let py = v.py();
    Ok(v.hasattr(pyo3::intern!(py, "asm"))? && v.hasattr(pyo3::intern!(py, "metadata"))?)
}

/// Where the metadata names it in messages.
const WHAT: &str = "kernel.metadata";

impl<'py> Compiled<'py> {
    /// Reads a compiled kernel: its binary (an `hsaco` where there is one, else a `cubin`) and Triton's
    /// launch from its metadata (a field missing: not Triton's metadata; a value: a count, named).
    pub(crate) fn read(kernel: &Bound<'py, PyAny>) -> PyResult<Compiled<'py>> {
        // Names interned once per process: a call is a few attribute reads, not a few string allocations.
        let py = kernel.py();
        let asm = kernel.getattr(pyo3::intern!(py, "asm"))?;
        let metadata = kernel.getattr(pyo3::intern!(py, "metadata"))?;
        let holds = |key: &Bound<'py, pyo3::types::PyString>| asm.contains(key).unwrap_or(false);
        let (hsaco, cubin) = (pyo3::intern!(py, "hsaco"), pyo3::intern!(py, "cubin"));
        let binary = if holds(hsaco) {
            Binary::Hsaco
        } else if holds(cubin) {
            Binary::Cubin
        } else {
            return Err(refuse(
                Kind::NotTritonMetadata,
                "kernel.asm holds neither an hsaco nor a cubin: not a compiled Triton kernel".into(),
            ));
        };
        // Triton's launch (the engine's rule): AMD's warp size is the metadata's; NVIDIA's the architecture.
        let fields: [&str; 3] = match binary {
            Binary::Hsaco => ["shared", "num_warps", "warp_size"],
            Binary::Cubin => ["shared", "num_warps", "target.arch"],
        };
        let third: &[&Bound<'py, pyo3::types::PyString>] = match binary {
            Binary::Hsaco => &[pyo3::intern!(py, "warp_size")],
            Binary::Cubin => &[pyo3::intern!(py, "target"), pyo3::intern!(py, "arch")],
        };
        let paths: [&[&Bound<'py, pyo3::types::PyString>]; 3] =
            [&[pyo3::intern!(py, "shared")], &[pyo3::intern!(py, "num_warps")], third];
        let mut values = Vec::with_capacity(3);
        let mut missing = Vec::new();
        for (f, path) in fields.into_iter().zip(paths) {
            // A field that is not there (AttributeError) is named; anything else its property raised is
            // raised as it is.
            let mut v = Some(metadata.clone());
            for part in path {
                v = match v.map(|o| o.getattr(*part)).transpose() {
                    Ok(v) => v,
                    Err(e) if e.is_instance_of::<pyo3::exceptions::PyAttributeError>(py) => None,
                    Err(e) => return Err(e),
                };
            }
            match v {
                Some(v) => values.push(v),
                None => missing.push(f),
            }
        }
        if !missing.is_empty() {
            let ty = metadata.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string());
            return Err(refuse(
                Kind::NotTritonMetadata,
                format!("{WHAT} ({ty}) has no {}: not a compiled Triton kernel's metadata", missing.join(", ")),
            ));
        }
        let count = |i: usize| read_count(&values[i], &format!("{WHAT}.{}", fields[i]));
        let (shared, num_warps, third) = (count(0)?, count(1)?, count(2)?);
        let launch = match binary {
            Binary::Hsaco => TritonLaunch::new(WHAT, shared, num_warps, third),
            Binary::Cubin => TritonLaunch::cuda(WHAT, shared, num_warps, third),
        }
        .map_err(|problem| engine_err(wavebudget_engine::Error::TritonJson { path: WHAT.into(), problem }))?;
        let key = match binary {
            Binary::Hsaco => hsaco,
            Binary::Cubin => cubin,
        };
        let data = buffer_bytes(&asm.get_item(key)?)?;
        Ok(Compiled { binary, data, launch, asm, metadata })
    }

    /// The binary's bytes.
    pub(crate) fn bytes(&self) -> &[u8] {
        self.data.as_bytes()
    }

    /// Its binary, the object holding its bytes, and Triton's launch (taken, not copied).
    pub(crate) fn into_parts(self) -> (Binary, Bound<'py, pyo3::types::PyBytes>, TritonLaunch) {
        (self.binary, self.data, self.launch)
    }

    /// The name in messages of its binary.
    pub(crate) fn file(&self) -> &'static str {
        match self.binary {
            Binary::Hsaco => "the compiled kernel's hsaco",
            Binary::Cubin => "the compiled kernel's cubin",
        }
    }

    /// `asm[key]` as text, where it holds some (an empty one is none).
    pub(crate) fn text(&self, key: &str) -> PyResult<Option<String>> {
        if !self.asm.contains(key).unwrap_or(false) {
            return Ok(None);
        }
        let v = self.asm.get_item(key)?;
        if v.is_none() {
            return Ok(None);
        }
        // Text as Triton gives it (a `str`); anything else is refused by name, not read as its repr.
        let s = crate::args::read_text(&v, &format!("kernel.asm[{key:?}]"))?;
        Ok(Some(s).filter(|s| !s.is_empty()))
    }
}

/// A binary's bytes: `bytes` as they are (no copy), any other buffer copied in C order.
fn buffer_bytes<'py>(v: &Bound<'py, PyAny>) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    if let Ok(b) = v.downcast::<pyo3::types::PyBytes>() {
        return Ok(b.clone());
    }
    let view = v.py().import("builtins")?.getattr("memoryview")?.call1((v,))?;
    Ok(view.call_method0("tobytes")?.downcast_into::<pyo3::types::PyBytes>()?)
}
