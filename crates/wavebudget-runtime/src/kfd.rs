//! The Linux KFD topology: `<root>/nodes/<N>/properties`, `key value` lines, one node per CPU or GPU.
//! The default root is `/sys/class/kfd/kfd/topology`; tests and tools point it at a capture.

use crate::{Device, DeviceNote, DeviceProblem, DeviceRefusal, DeviceSource, Error};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use wavebudget_model::{parse_target, Options, Subtarget};

/// Where the driver publishes the topology.
pub const DEFAULT_ROOT: &str = "/sys/class/kfd/kfd/topology";

/// Parses one `properties` file (`path` names it in errors): each `key value` line, the value as written
/// (checked where it is used, so an error can name the bad value). A key given twice is an error: which
/// line the driver meant cannot be known.
pub fn parse_properties(path: &Path, text: &str) -> Result<BTreeMap<String, String>, Error> {
    let mut out = BTreeMap::new();
    for (i, l) in text.lines().enumerate() {
        let Some((k, v)) = l.trim().split_once(char::is_whitespace) else { continue };
        if let Some(first) = out.insert(k.to_string(), v.trim().to_string()) {
            let problem =
                DeviceProblem::DuplicateKey { line: i + 1, key: k.to_string(), first, now: v.trim().to_string() };
            return Err(refused(path, problem));
        }
    }
    Ok(out)
}

/// [`Error::Device`] for `path`.
fn refused(path: &Path, problem: DeviceProblem) -> Error {
    Error::Device(Box::new(DeviceRefusal { path: path.display().to_string(), problem }))
}

/// Largest `properties` file read: the driver's are under 2 KB.
const MAX_PROPERTIES_BYTES: u64 = 64 << 10;

/// One node's `properties`: a regular file (sysfs attributes are), read up to [`MAX_PROPERTIES_BYTES`];
/// a FIFO, device or socket is refused by name before it is opened, and an oversized file after.
fn read_properties(path: &Path) -> Result<String, Error> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let io = |source| Error::Io { path: path.display().to_string(), what: "cannot read", source };
    let not_regular = || refused(path, DeviceProblem::NotRegularFile);
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(not_regular());
    }
    let f = std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path).map_err(io)?;
    if !f.metadata().map_err(io)?.is_file() {
        return Err(not_regular());
    }
    let mut bytes = Vec::new();
    f.take(MAX_PROPERTIES_BYTES + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > MAX_PROPERTIES_BYTES {
        return Err(refused(path, DeviceProblem::TooLarge { limit: MAX_PROPERTIES_BYTES }));
    }
    String::from_utf8(bytes).map_err(|_| refused(path, DeviceProblem::NotUtf8))
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
        let v = p.get(k).ok_or_else(|| refused(path, DeviceProblem::MissingKey { key: k.to_string() }))?;
        v.parse().map_err(|_| refused(path, DeviceProblem::NotANumber { key: k.to_string(), value: v.to_string() }))
    };
    let simds = get("simd_count")?;
    if simds == 0 {
        return Ok(None);
    }
    let version = get("gfx_target_version")?;
    let name = processor_name(version);
    let id = parse_target(&name)
        .map_err(|reason| refused(path, DeviceProblem::UnknownProcessor { version, name: name.clone(), reason }))?;
    let small = |k: &str, limit: u64| {
        let v = get(k)?;
        if v > limit {
            return Err(refused(path, DeviceProblem::OverLimit { key: k.to_string(), value: v, limit }));
        }
        Ok(v as u32)
    };
    let simd_per_cu = small("simd_per_cu", 64)?;
    if simd_per_cu == 0 {
        return Err(refused(path, DeviceProblem::NoSimdPerCu));
    }
    let wave_size = small("wave_front_size", 64)?;
    if wave_size != 32 && wave_size != 64 {
        return Err(refused(path, DeviceProblem::WaveSize(wave_size)));
    }
    if let [only] = id.processor.wave_sizes() {
        if wave_size != *only {
            return Err(refused(path, DeviceProblem::ProcessorWaveSize { wave_size, processor: name, runs: *only }));
        }
    }
    let max_waves = small("max_waves_per_simd", 64)?;
    let lds_kib = small("lds_size_in_kb", 1 << 20)?;
    let lds = lds_kib * 1024;
    // The driver counts SIMDs of whole CUs, in CU mode on GFX10+ (2 SIMDs; 4 on GFX9 and gfx1250).
    let cu_simds = id.processor.eus_per_cu(id.processor.has_wgp_mode());
    if simd_per_cu != cu_simds {
        return Err(refused(path, DeviceProblem::SimdsPerCu { simd_per_cu, processor: name, cu_simds }));
    }
    if simds % u64::from(simd_per_cu) != 0 {
        return Err(refused(path, DeviceProblem::PartialCu { simds, simd_per_cu }));
    }
    let compute_units = u32::try_from(simds / simd_per_cu as u64)
        .map_err(|_| refused(path, DeviceProblem::TooManyCus { simds, simd_per_cu }))?;
    let st = Subtarget::new(id, Options::default())?;
    let mut notes = Vec::new();
    if max_waves != st.max_waves() {
        notes.push(DeviceNote::MaxWaves { driver: max_waves, llvm: st.max_waves(), processor: name.to_string() });
    }
    // A workgroup's LDS on one CU (CU mode where the processor has WGP mode, whose WGP holds two CUs').
    let cu_lds =
        Subtarget::new(id, Options { cu_mode: id.processor.has_wgp_mode(), ..Options::default() })?.lds_per_workgroup();
    if lds != cu_lds {
        notes.push(DeviceNote::Lds { driver_kib: lds_kib, llvm_kib: cu_lds / 1024, processor: name.to_string() });
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
        let text = read_properties(&path)?;
        if let Some(d) = device_from_properties(n, &path, &parse_properties(&path, &text)?)? {
            out.push(d);
        }
    }
    Ok(out)
}
