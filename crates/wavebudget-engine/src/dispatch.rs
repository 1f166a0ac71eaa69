//! A kernel of a file at a launch on a device: the device named or read from a KFD topology, the kernel
//! named or matched, and the runtime's answer. What `wavebudget dispatch` prints and Python's `dispatch`
//! returns.

use std::path::Path;
use wavebudget_model::WorkgroupSize;
use wavebudget_runtime::{kfd, Device, Dispatch, Kernels};

use crate::{Error, Result};

/// Where the device comes from.
#[derive(Debug, Clone, Copy)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum DeviceFrom<'a> {
    /// A processor or product name (no CU count, so no persistent grid size).
    Name(&'a str),
    /// A KFD topology root: its first GPU node.
    KfdRoot(&'a Path),
}

/// A dispatch question as every door reads it, in one order: the launch size first (`None`: the kernel's
/// own), then where the device comes from (a name, else a KFD root; neither is refused, `give` spelling
/// the two as the door takes them: `--device PROCESSOR or --kfd-root DIR`, `device=PROCESSOR or
/// kfd_root=DIR`).
pub fn question<'a>(
    wg: Option<WorkgroupSize>,
    name: Option<&'a str>,
    kfd_root: Option<&'a Path>,
    give: &'static str,
) -> Result<(Option<WorkgroupSize>, DeviceFrom<'a>)> {
    let wg = wg.map(WorkgroupSize::validate).transpose()?;
    let from = match (name, kfd_root) {
        (Some(t), _) => DeviceFrom::Name(t),
        (None, Some(root)) => DeviceFrom::KfdRoot(root),
        (None, None) => return Err(crate::misuse::Misuse::NoDevice { give }.into()),
    };
    Ok((wg, from))
}

/// The device.
pub fn device(from: DeviceFrom<'_>) -> Result<Device> {
    match from {
        DeviceFrom::Name(t) if t.trim().is_empty() => Err(Error::EmptyDevice),
        DeviceFrom::Name(t) => Ok(Device::from_target(t)?),
        DeviceFrom::KfdRoot(root) => {
            kfd::devices(root)?.into_iter().next().ok_or_else(|| Error::NoGpuNode { root: root.display().to_string() })
        }
    }
}

/// A kernel's exact name or symbol, else a regular expression that must match exactly one kernel name.
pub fn resolve_kernel(kernels: &Kernels, pattern: &str) -> Result<String> {
    if !kernels.find(pattern).is_empty() || kernels.without_metadata.iter().any(|k| k == pattern) {
        return Ok(pattern.to_string());
    }
    let re = crate::inspect::kernel_filter(pattern)?;
    let mut names: Vec<&str> = kernels
        .kernels
        .iter()
        .filter(|k| crate::inspect::kernel_selected(&re, &k.name, &k.symbol))
        .map(|k| k.name.as_str())
        .collect();
    names.sort_unstable();
    names.dedup();
    match names.as_slice() {
        [one] => Ok(one.to_string()),
        [] => {
            let mut all: Vec<String> = kernels.kernels.iter().map(|k| k.name.clone()).collect();
            all.sort_unstable();
            all.dedup();
            Err(Error::KernelNotFound { pattern: pattern.to_string(), kernels: all })
        }
        many => Err(Error::KernelAmbiguous {
            pattern: pattern.to_string(),
            matches: many.iter().map(|s| s.to_string()).collect(),
        }),
    }
}

/// `kernel` of the file at `path` (code object, offload bundle, host binary) launched with `wg_size`
/// threads (one size; default the kernel's `.reqd_workgroup_size`, else its `.max_flat_workgroup_size`) and `dynamic_lds` bytes on
/// `device`.
pub fn dispatch_file(
    path: &Path,
    kernel: &str,
    device: &Device,
    wg_size: Option<WorkgroupSize>,
    dynamic_lds: u32,
) -> Result<Dispatch> {
    if path.is_dir() {
        return Err(Error::IsADirectory { path: path.display().to_string() });
    }
    let wg = match wg_size {
        Some(w) if w.min != w.max => return Err(Error::DispatchRange { min: w.min, max: w.max }),
        w => w.map(|w| w.max),
    };
    let kernels = Kernels::open(path)?;
    let k = kernels.for_device(&resolve_kernel(&kernels, kernel)?, device)?;
    Ok(wavebudget_runtime::dispatch(k, device, wg, dynamic_lds)?)
}
