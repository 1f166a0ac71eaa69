//! The Linux KFD topology: `<root>/nodes/<N>/properties`, `key value` lines, one node per CPU or GPU.
//! The default root is `/sys/class/kfd/kfd/topology`; tests and tools point it at a capture.

use crate::{Device, DeviceSource, Error};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use wavebudget_model::{parse_target, Options, Subtarget};

/// Where the driver publishes the topology.
pub const DEFAULT_ROOT: &str = "/sys/class/kfd/kfd/topology";

/// Parses one `properties` file: each `key value` line, the value as written (checked where it is used,
/// so an error can name the bad value).
pub fn parse_properties(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter_map(|l| {
            let (k, v) = l.trim().split_once(char::is_whitespace)?;
            Some((k.to_string(), v.trim().to_string()))
        })
        .collect()
}

/// `gfx_target_version` (major * 10000 + minor * 100 + stepping) as a processor name: 90402 -> gfx942,
/// 90010 -> gfx90a, 110000 -> gfx1100.
pub fn processor_name(gfx_target_version: u64) -> String {
    let (major, minor, stepping) =
        (gfx_target_version / 10000, gfx_target_version / 100 % 100, gfx_target_version % 100);
    format!("gfx{major}{minor:x}{stepping:x}")
}

/// The GPU described by one node's properties (`None` for a CPU node: `simd_count 0`).
pub fn device_from_properties(node: u32, path: &Path, p: &BTreeMap<String, String>) -> Result<Option<Device>, Error> {
    let get = |k: &str| -> Result<u64, Error> {
        let v = p.get(k).ok_or_else(|| Error::Device(format!("{}: no '{k}' line", path.display())))?;
        v.parse().map_err(|_| {
            Error::Device(format!("{}: {k} '{v}' is not a whole number (one unsigned integer)", path.display()))
        })
    };
    let simds = get("simd_count")?;
    if simds == 0 {
        return Ok(None);
    }
    let version = get("gfx_target_version")?;
    let name = processor_name(version);
    let id = parse_target(&name)
        .map_err(|e| Error::Device(format!("{}: gfx_target_version {version} ({name}): {e}", path.display())))?;
    let small = |k: &str, limit: u64| {
        let v = get(k)?;
        if v > limit {
            return Err(Error::Device(format!("{}: {k} {v} is over {limit}", path.display())));
        }
        Ok(v as u32)
    };
    let simd_per_cu = small("simd_per_cu", 64)?;
    if simd_per_cu == 0 {
        return Err(Error::Device(format!("{}: simd_per_cu is 0", path.display())));
    }
    let wave_size = small("wave_front_size", 64)?;
    if wave_size != 32 && wave_size != 64 {
        return Err(Error::Device(format!("{}: wave_front_size {wave_size} is neither 32 nor 64", path.display())));
    }
    let max_waves = small("max_waves_per_simd", 64)?;
    let lds = small("lds_size_in_kb", 1 << 20)? * 1024;
    let compute_units = u32::try_from(simds / simd_per_cu as u64).map_err(|_| {
        Error::Device(format!("{}: {simds} SIMDs / {simd_per_cu} per CU is not a CU count", path.display()))
    })?;
    let st = Subtarget::new(id, Options::default())?;
    let mut notes = Vec::new();
    if max_waves != st.max_waves() {
        notes.push(format!(
            "the driver reports {max_waves} waves per SIMD; LLVM 22 models {} for {name}",
            st.max_waves()
        ));
    }
    Ok(Some(Device {
        target: id,
        compute_units: Some(compute_units),
        simd_per_cu,
        wave_size,
        max_waves_per_simd: max_waves,
        lds_bytes_per_cu: lds,
        source: DeviceSource::Kfd { node, properties: path.display().to_string() },
        notes,
    }))
}

/// Every GPU node under `root` (`nodes/<N>/properties`), in node order.
pub fn devices(root: &Path) -> Result<Vec<Device>, Error> {
    let nodes = root.join("nodes");
    let entries = std::fs::read_dir(&nodes).map_err(|source| Error::Io {
        path: nodes.display().to_string(),
        what: "no KFD topology here",
        source,
    })?;
    let mut found: Vec<(u32, PathBuf)> = Vec::new();
    for e in entries.flatten() {
        if let Some(n) = e.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) {
            found.push((n, e.path().join("properties")));
        }
    }
    found.sort();
    let mut out = Vec::new();
    for (n, path) in found {
        let text = std::fs::read_to_string(&path).map_err(|source| Error::Io {
            path: path.display().to_string(),
            what: "cannot read",
            source,
        })?;
        if let Some(d) = device_from_properties(n, &path, &parse_properties(&text))? {
            out.push(d);
        }
    }
    Ok(out)
}
