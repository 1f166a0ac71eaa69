//! Occupancy at dispatch time: how many workgroups of a kernel fit on a compute unit of the device that
//! is actually there, and the persistent grid that fills it.
//!
//! - [`Device`]: a GPU's parameters, from a processor name ([`Device::from_target`]), from the Linux
//!   KFD topology ([`kfd::devices`], root directory overridable), or from the HSA runtime loaded with
//!   dlopen ([`hsa::devices`], which says why when there is no GPU agent).
//! - [`KernelInfo`]: a kernel's resources, read from a code object, an offload bundle or a host binary
//!   ([`Kernels::open`], [`Kernels::from_bytes`]), looked up by name or symbol.
//! - [`dispatch`]: waves/SIMD and limiter on that device, resident workgroups per CU, and the persistent
//!   grid size for a launch size and dynamic LDS.
//!
//! - [`Embedded`] and [`PreparedDevice`]: the allocation-free dispatch path over the kernel table `embed`
//!   writes; [`choose_variant`] picks among builds of a kernel by policy.
//!
//! Kernels come from each code object's embedded table where `embed` wrote one, else from its
//! `NT_AMDGPU_METADATA` note through the reader crate. The C API is [`capi`] (`include/wavebudget.h`).

pub mod batch;
pub mod capi;
pub mod fuzzing;
pub mod hsa;
pub mod kfd;

use serde::Serialize;
use std::path::Path;
use wavebudget_codeobj::table::{Record, Table};
use wavebudget_codeobj::{walk, CodeObject, Found, Mapped};
pub use wavebudget_model::KernelResources;
use wavebudget_model::{parse_target, LaunchTable, Limiter, Options, Subtarget, TargetId, Usage, Vgprs, WorkgroupSize};

/// The reader's error after the path, which its I/O errors already name.
fn read_message(path: &str, e: &wavebudget_codeobj::Error) -> String {
    match e {
        wavebudget_codeobj::Error::Io { .. } => e.to_string(),
        _ => format!("{path}: {e}"),
    }
}

/// What can go wrong; each message names the input and what was wrong with it.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A code object, bundle or binary the reader refused (its error kept as the source).
    #[error("{}", read_message(.path, .source))]
    Read {
        /// The file (or `<bytes>`, `<code object>` for memory).
        path: String,
        /// What the reader found wrong, naming the structure and offset.
        #[source]
        source: wavebudget_codeobj::Error,
    },
    /// A file of the system (the KFD topology) that could not be read.
    #[error("{path}: {what}: {source}")]
    Io {
        /// The file or directory.
        path: String,
        /// What it was read for.
        what: &'static str,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// A code object without the kernel table `wavebudget embed` writes.
    #[error("{0}: no wavebudget kernel table note: run `wavebudget embed` on it")]
    NoTable(String),
    /// A device description is unusable.
    #[error("{0}")]
    Device(String),
    /// The kernel is not in the file.
    #[error("{0}")]
    Kernel(String),
    /// The model rejected the combination (launch size, LDS, ...).
    #[error(transparent)]
    Model(#[from] wavebudget_model::ModelError),
}

impl Error {
    /// The variant's name in snake case, stable across releases (the model's own for its refusals).
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Read { .. } => "reader",
            Error::Io { .. } => "io",
            Error::NoTable(_) => "no_table",
            Error::Device(_) => "device",
            Error::Kernel(_) => "kernel",
            Error::Model(e) => e.kind(),
        }
    }
}

/// Where a device's description came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum DeviceSource {
    /// A processor name given by the user.
    Target,
    /// A KFD topology node.
    Kfd { node: u32, properties: String },
    /// An HSA runtime agent (its index in `hsa_iterate_agents` order).
    Hsa { agent: u32 },
}

/// A GPU as the runtime sees it.
#[derive(Debug, Clone, Serialize)]
pub struct Device {
    /// Target id (`gfx942`).
    #[serde(serialize_with = "ser_target")]
    pub target: TargetId,
    /// Compute units (`simd_count / simd_per_cu` on KFD); `None` when only the processor is known.
    pub compute_units: Option<u32>,
    /// SIMDs per CU as the driver counts them.
    pub simd_per_cu: u32,
    /// Default wave size.
    pub wave_size: u32,
    /// Waves per SIMD the hardware runs at most.
    pub max_waves_per_simd: u32,
    /// LDS per CU in bytes as the driver reports it.
    pub lds_bytes_per_cu: u32,
    /// Where this came from.
    pub source: DeviceSource,
    /// Differences between what the driver reports and LLVM's model of the processor.
    pub notes: Vec<String>,
}

fn ser_target<S: serde::Serializer>(t: &TargetId, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&t.canonical())
}

impl Device {
    /// A device known only by its processor (`gfx942`, `MI300X`, `gfx90a:xnack-`): no CU count.
    pub fn from_target(target: &str) -> Result<Device, Error> {
        let id = parse_target(target)?;
        let st = Subtarget::new(id, Options::default())?;
        Ok(Device {
            target: id,
            compute_units: None,
            // A CU is the block LLVM's CU mode describes (2 SIMDs on GFX10-12, 4 elsewhere).
            simd_per_cu: if st.processor().generation.is_gfx10_plus() {
                Subtarget::new(id, Options { cu_mode: true, ..Options::default() })?.eus_per_cu()
            } else {
                st.eus_per_cu()
            },
            wave_size: st.wave_size(),
            max_waves_per_simd: st.max_waves(),
            lds_bytes_per_cu: st.lds_per_workgroup(),
            source: DeviceSource::Target,
            notes: Vec::new(),
        })
    }
}

/// One kernel of a file: its names, the code object it came from, and its resources (the one type every
/// reader of a code object carries, [`KernelResources`]).
#[derive(Debug, Clone, Serialize)]
pub struct KernelInfo {
    /// `.name`.
    pub name: String,
    /// `.symbol`.
    pub symbol: String,
    /// Target id of the code object it came from.
    pub target: String,
    /// Processor of that code object.
    pub processor: String,
    /// Its counts, from the embedded table or the metadata and descriptor.
    #[serde(flatten)]
    pub resources: KernelResources,
}

/// Every kernel of a file.
#[derive(Debug, Clone, Default)]
pub struct Kernels {
    /// In file order (in a code object read from its table: in the table's hash order).
    pub kernels: Vec<KernelInfo>,
    /// Code objects read from an embedded kernel table rather than their metadata.
    pub from_tables: usize,
    /// Kernels found only by their descriptor symbol, with no metadata (no `.vgpr_count`, LDS or launch
    /// bounds): named so a lookup can say why there is no answer, never evaluated with made-up counts.
    pub without_metadata: Vec<String>,
}

/// The kernel table of one code object in memory, read in place: what a runtime keeps per loaded code
/// object. Opening checks the table once; lookups are binary searches that allocate nothing.
#[derive(Debug, Clone, Copy)]
pub struct Embedded<'a> {
    /// The table.
    pub table: Table<'a>,
}

impl<'a> Embedded<'a> {
    /// The table `wavebudget embed` put into `code_object` (an AMDGPU ELF file in memory).
    pub fn from_code_object(code_object: &'a [u8]) -> Result<Embedded<'a>, Error> {
        let read = |source| Error::Read { path: "<code object>".into(), source };
        let bytes = wavebudget_codeobj::embedded_table(code_object)
            .map_err(read)?
            .ok_or_else(|| Error::NoTable("<code object>".into()))?;
        Ok(Embedded { table: Table::parse(bytes).map_err(read)? })
    }

    /// The kernel named `name` (its `.name`, or its `.symbol` ending in `.kd`).
    #[inline]
    pub fn find(&self, name: &str) -> Option<Record<'a>> {
        if let Some(r) = self.table.find_first(name) {
            return Some(r);
        }
        let base = name.strip_suffix(".kd")?;
        self.table.find(base).find(|r| r.symbol() == name)
    }
}

impl Kernels {
    /// Reads a code object, an offload bundle (compressed or not) or a host ELF with `.hip_fatbin`.
    pub fn open(path: &Path) -> Result<Kernels, Error> {
        let read = |source| Error::Read { path: path.display().to_string(), source };
        let m = Mapped::open(path).map_err(read)?;
        Kernels::from_bytes(m.bytes()).map_err(|e| match e {
            Error::Read { source, .. } => read(source),
            e => e,
        })
    }

    /// The same from bytes in memory. A code object `wavebudget embed` has written is read from its
    /// kernel table note; others from their `NT_AMDGPU_METADATA` note.
    pub fn from_bytes(bytes: &[u8]) -> Result<Kernels, Error> {
        let mut out = Kernels::default();
        walk(bytes, &mut |found| {
            if let Found::CodeObject(_, data) = found {
                if let Some(table) = wavebudget_codeobj::embedded_table(data)? {
                    let t = Table::parse(table)?;
                    let target = wavebudget_codeobj::header_target_id(data)?.unwrap_or_default();
                    for i in 0..t.len() {
                        let r = t.at(i);
                        out.kernels.push(KernelInfo {
                            name: r.name().into(),
                            symbol: r.symbol().into(),
                            target: target.clone(),
                            processor: r.processor().into(),
                            resources: r.resources(),
                        });
                    }
                    out.from_tables += 1;
                    return Ok(());
                }
                let co = CodeObject::parse(data)?;
                let target = co.target_id().unwrap_or_default();
                let processor = co.flags.processor.unwrap_or("unknown").to_string();
                let proc_info = co.flags.processor.and_then(wavebudget_model::targets::processor);
                for k in &co.kernels {
                    let Some(resources) = k.resources(proc_info) else {
                        out.without_metadata.push(k.meta.name.to_string());
                        continue;
                    };
                    out.kernels.push(KernelInfo {
                        name: k.meta.name.to_string(),
                        symbol: k.meta.symbol.to_string(),
                        target: target.clone(),
                        processor: processor.clone(),
                        resources,
                    });
                }
            }
            Ok(())
        })
        .map_err(|source| Error::Read { path: "<bytes>".into(), source })?;
        Ok(out)
    }

    /// The kernels named `name` (by `.name` or `.symbol`), one per code object.
    pub fn find(&self, name: &str) -> Vec<&KernelInfo> {
        self.kernels.iter().filter(|k| k.name == name || k.symbol == name).collect()
    }

    /// [`Kernels::for_device`] without allocating when the kernel is there (the dispatch path; only a
    /// miss builds its error).
    #[inline]
    pub fn lookup(&self, name: &str, device: &Device) -> Result<&KernelInfo, Error> {
        let proc = device.target.processor.name;
        match self.kernels.iter().find(|k| (k.name == name || k.symbol == name) && k.processor == proc) {
            Some(k) => Ok(k),
            None => self.for_device(name, device),
        }
    }

    /// The kernel `name` built for `device`'s processor.
    pub fn for_device(&self, name: &str, device: &Device) -> Result<&KernelInfo, Error> {
        let all = self.find(name);
        if all.is_empty()
            && self
                .without_metadata
                .iter()
                .any(|k| k == name || k.strip_suffix(".kd") == Some(name) || format!("{k}.kd") == name)
        {
            return Err(Error::Kernel(format!(
                "kernel '{name}' has no AMDGPU metadata in this file (no .vgpr_count, LDS or launch bounds): no occupancy"
            )));
        }
        if all.is_empty() {
            let mut names: Vec<&str> = self.kernels.iter().map(|k| k.name.as_str()).collect();
            names.sort_unstable();
            names.dedup();
            return Err(Error::Kernel(format!("no kernel named '{name}' (kernels: {})", names.join(", "))));
        }
        let proc = device.target.processor.name;
        all.iter().copied().find(|k| k.processor == proc).ok_or_else(|| {
            Error::Kernel(format!(
                "kernel '{name}' is built for {}, not for the device's {proc}",
                all.iter().map(|k| k.processor.as_str()).collect::<Vec<_>>().join(", ")
            ))
        })
    }
}

/// The answer for one launch.
#[derive(Debug, Clone, Serialize)]
pub struct Dispatch {
    /// Kernel name.
    pub kernel: String,
    /// Device target id.
    pub target: String,
    /// Launch size.
    pub workgroup_size: u32,
    /// Static + dynamic LDS per workgroup.
    pub lds_bytes: u32,
    /// Waves/SIMD the launch reaches (LLVM 22's model at this fixed launch size and LDS).
    pub waves_per_simd: u32,
    /// The binding limiter: the first of `binding`.
    pub limiter: Limiter,
    /// Every limiter at `waves_per_simd` (several where they tie), in the model's order.
    pub binding: Vec<Limiter>,
    /// Workgroups resident at once per CU (per WGP on GFX10+ in WGP mode; see `unit`).
    pub workgroups_per_cu: u32,
    /// Waves resident per SIMD with those workgroups: what the hardware runs. Below `waves_per_simd`
    /// where whole workgroups do not fill what LLVM's model counts, or where LDS rounded up to its
    /// allocation granule fits fewer workgroups.
    pub resident_waves_per_simd: u32,
    /// What `workgroups_per_cu` counts per: "CU" or "WGP".
    pub unit: &'static str,
    /// Compute units of the device (`None` when only the processor is known).
    pub compute_units: Option<u32>,
    /// Workgroups that fill the device once: units x `workgroups_per_cu`.
    pub persistent_grid_size: Option<u32>,
}

/// A device with its model built once (wave32 and wave64 where the processor runs them): what a
/// runtime keeps per device, so a dispatch query allocates nothing.
#[derive(Debug, Clone)]
pub struct PreparedDevice {
    /// The device.
    pub device: Device,
    wave32: Option<Prepared>,
    wave64: Option<Prepared>,
}

#[derive(Debug, Clone)]
struct Prepared {
    st: Subtarget,
    table: LaunchTable,
    /// The device's compute units counted in the model's "CU" (a WGP in WGP mode).
    units: Option<u32>,
    wgp: bool,
}

/// The answer for one launch, without names: `Copy`, allocation-free.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DispatchData {
    /// Launch size used.
    pub workgroup_size: u32,
    /// Static + dynamic LDS per workgroup.
    pub lds_bytes: u32,
    /// Waves/SIMD the launch reaches (LLVM 22's model at this fixed launch size and LDS).
    pub waves_per_simd: u32,
    /// The binding limiter.
    pub limiter: Limiter,
    /// Workgroups resident at once per CU (per WGP when `wgp`).
    pub workgroups_per_cu: u32,
    /// Waves resident per SIMD with those workgroups (see [`Dispatch::resident_waves_per_simd`]).
    pub resident_waves_per_simd: u32,
    /// `workgroups_per_cu` counts per WGP (GFX10+ in WGP mode), not per CU.
    pub wgp: bool,
    /// Units x `workgroups_per_cu`, when the device's CU count is known.
    pub persistent_grid_size: Option<u32>,
}

impl PreparedDevice {
    /// Builds the model of `device` once.
    pub fn new(device: Device) -> Result<PreparedDevice, Error> {
        let st = |w: u32| {
            Subtarget::new(device.target, Options { wave_size: Some(w), ..Options::default() }).ok().map(|st| {
                let (wgp, units) = units(&device, &st);
                Prepared { table: st.launch_table(), st, units, wgp }
            })
        };
        let (wave32, wave64) = (st(32), st(64));
        if wave32.is_none() && wave64.is_none() {
            Subtarget::new(device.target, Options::default())?;
        }
        Ok(PreparedDevice { device, wave32, wave64 })
    }

    /// Occupancy of a kernel with `res` launched with `wg_size` threads (default: its maximum) and
    /// `dynamic_lds` bytes. Allocates only to report an error.
    #[inline]
    pub fn dispatch(
        &self,
        res: &KernelResources,
        wg_size: Option<u32>,
        dynamic_lds: u32,
    ) -> Result<DispatchData, Error> {
        let Prepared { st, table, units, wgp } = match res.wavefront_size {
            32 => self.wave32.as_ref(),
            64 => self.wave64.as_ref(),
            _ => None,
        }
        .ok_or_else(|| {
            Error::Kernel(format!(
                "{} does not run wave{} kernels",
                self.device.target.processor.name, res.wavefront_size
            ))
        })?;
        // The launch check of Subtarget::evaluate, without its allocation.
        let wg = wg_size.unwrap_or(res.max_flat_workgroup_size);
        if wg > res.max_flat_workgroup_size || res.reqd_workgroup_size.is_some_and(|n| n != wg) {
            return Err(st
                .evaluate(res, Some(WorkgroupSize::fixed(wg)), dynamic_lds)
                .err()
                .map_or_else(|| Error::Kernel(format!("launch size {wg} does not fit the kernel")), Error::from));
        }
        let lds = res.group_segment_fixed_size.saturating_add(dynamic_lds);
        let (vgprs, sgprs) = allocated(res, st);
        let found = if lds <= st.lds_per_workgroup() { table.resident(vgprs, sgprs, lds, wg) } else { None };
        let Some(r) = found else {
            // Out of range: the model says what.
            let usage = Usage {
                vgprs: Vgprs::Total(res.vgpr_count),
                sgprs: Some(res.sgpr_count),
                lds,
                workgroup: WorkgroupSize::fixed(wg),
            };
            st.validate(&usage)?;
            return Err(Error::Kernel(format!(
                "{vgprs} VGPRs / {sgprs} SGPRs / launch size {wg} are outside what {} addresses",
                st.processor().name
            )));
        };
        let (waves, wgs, limits) = (r.waves_per_simd, r.workgroups_per_cu, r.limits);
        Ok(DispatchData {
            workgroup_size: wg,
            lds_bytes: lds,
            waves_per_simd: waves,
            limiter: limits.limiter(waves, st.max_waves()),
            workgroups_per_cu: wgs,
            resident_waves_per_simd: r.resident_waves_per_simd,
            wgp: *wgp,
            persistent_grid_size: units.map(|u| u.saturating_mul(wgs)),
        })
    }
}

/// Occupancy of `kernel` launched with `wg_size` threads and `dynamic_lds` bytes on `device`: the named
/// report, computed directly by the model. [`PreparedDevice::dispatch`] gives the same numbers from tables
/// built once per device, without allocating.
pub fn dispatch(
    kernel: &KernelInfo,
    device: &Device,
    wg_size: Option<u32>,
    dynamic_lds: u32,
) -> Result<Dispatch, Error> {
    let res = &kernel.resources;
    let named = |m: String| Error::Kernel(format!("kernel '{}': {m}", kernel.name));
    let st = Subtarget::new(device.target, Options { wave_size: Some(res.wavefront_size), ..Options::default() })?;
    let wg = wg_size.unwrap_or(res.max_flat_workgroup_size);
    // The one evaluation: the launch the kernel takes, the registers its descriptor allocates.
    st.evaluate(res, Some(WorkgroupSize::fixed(wg)), dynamic_lds).map_err(|e| match e {
        wavebudget_model::ModelError::Launch(reason) => named(reason.to_string()),
        e => Error::from(e),
    })?;
    let lds = res.group_segment_fixed_size.saturating_add(dynamic_lds);
    let (vgprs, sgprs) = allocated(res, &st);
    let r = st.resident(vgprs, sgprs, lds, wg).ok_or_else(|| {
        named(format!("{vgprs} VGPRs / {sgprs} SGPRs are outside what {} addresses", st.processor().name))
    })?;
    let (wgp, units) = units(device, &st);
    Ok(Dispatch {
        kernel: kernel.name.clone(),
        target: device.target.canonical(),
        workgroup_size: wg,
        lds_bytes: lds,
        waves_per_simd: r.waves_per_simd,
        limiter: r.limits.limiter(r.waves_per_simd, st.max_waves()),
        binding: r.limits.binding(r.waves_per_simd, st.max_waves()),
        workgroups_per_cu: r.workgroups_per_cu,
        resident_waves_per_simd: r.resident_waves_per_simd,
        unit: if wgp { "WGP" } else { "CU" },
        compute_units: device.compute_units,
        persistent_grid_size: units.map(|u| u.saturating_mul(r.workgroups_per_cu)),
    })
}

/// What the hardware allocates (the model's rule, shared with `inspect` and `embed`).
#[inline]
fn allocated(res: &KernelResources, st: &Subtarget) -> (u32, u32) {
    let a = st.allocation(res.vgpr_count, res.sgpr_count, res.descriptor.map(|d| (d.vgprs, d.sgprs)));
    (a.vgprs, a.sgprs)
}

/// Whether the model's "CU" is a WGP here (GFX10+ in WGP mode), and the device's compute units counted in
/// that unit.
fn units(device: &Device, st: &Subtarget) -> (bool, Option<u32>) {
    let wgp = st.processor().generation.is_gfx10_plus() && !st.cu_mode() && st.eus_per_cu() > device.simd_per_cu;
    let units =
        device.compute_units.map(|cus| (cus as u64 * device.simd_per_cu as u64 / st.eus_per_cu().max(1) as u64) as u32);
    (wgp, units)
}

/// How to pick among variants of a kernel (the same kernel compiled for different waves targets,
/// launch bounds or processors).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Policy {
    /// The most resident waves per SIMD among variants without spills (ties: fewer VGPRs); if every
    /// variant spills, the fewest spills.
    MostWavesWithoutSpills,
    /// The fewest spills (ties: more resident waves).
    FewestSpills,
    /// A variant built for the device's processor (the first, in file order).
    ForProcessor,
}

/// The chosen variant and why.
#[derive(Debug, Clone, Serialize)]
pub struct Choice {
    /// Index into the candidates.
    pub index: usize,
    /// Its dispatch answer on the device.
    pub dispatch: Dispatch,
}

/// Picks the best of `candidates` for a launch on `device` by `policy`. Candidates built for another
/// processor are skipped, except that [`Policy::ForProcessor`] only looks at the processor.
pub fn choose_variant(
    candidates: &[&KernelInfo],
    device: &Device,
    wg_size: Option<u32>,
    dynamic_lds: u32,
    policy: Policy,
) -> Result<Choice, Error> {
    let proc = device.target.processor.name;
    let mut scored: Vec<(usize, Dispatch, u32, u32)> = Vec::new();
    let mut skipped = Vec::new();
    for (i, k) in candidates.iter().enumerate() {
        if k.processor != proc {
            skipped.push(format!("{} ({})", k.name, k.processor));
            continue;
        }
        match dispatch(k, device, wg_size, dynamic_lds) {
            Ok(d) => scored.push((i, d, k.resources.spills, k.resources.vgpr_count)),
            Err(e) => skipped.push(format!("{}: {e}", k.name)),
        }
        if policy == Policy::ForProcessor {
            break;
        }
    }
    let best = match policy {
        Policy::ForProcessor => scored.first(),
        Policy::FewestSpills => {
            scored.iter().min_by_key(|(_, d, spills, _)| (*spills, std::cmp::Reverse(d.waves_per_simd)))
        }
        Policy::MostWavesWithoutSpills => scored
            .iter()
            .filter(|(_, _, spills, _)| *spills == 0)
            .max_by_key(|(_, d, _, vgprs)| (d.waves_per_simd, std::cmp::Reverse(*vgprs)))
            .or_else(|| scored.iter().min_by_key(|(_, d, spills, _)| (*spills, std::cmp::Reverse(d.waves_per_simd)))),
    };
    best.map(|(i, d, _, _)| Choice { index: *i, dispatch: d.clone() }).ok_or_else(|| {
        Error::Kernel(format!(
            "no variant fits {proc}: {}",
            if skipped.is_empty() { "no candidates".into() } else { skipped.join("; ") }
        ))
    })
}
