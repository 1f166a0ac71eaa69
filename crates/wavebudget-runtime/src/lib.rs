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
//! Kernels come from each code object's embedded table where `embed` wrote one (held against the
//! metadata beside it: [`Error::TableContradicts`]), else from its `NT_AMDGPU_METADATA` note through the
//! reader crate. The C API (`include/wavebudget.h`, `libwavebudget_runtime.so`) is the `wavebudget-capi` crate,
//! above the engine.

pub mod batch;
pub mod fuzzing;
pub mod hsa;
pub mod kfd;

use serde::Serialize;
use std::path::Path;
use wavebudget_codeobj::table::{Record, Table};
use wavebudget_codeobj::{walk, CodeObject, Found, Mapped};
pub use wavebudget_model::KernelResources;
use wavebudget_model::{
    parse_target, Evaluation, LaunchTable, Limiter, Options, Subtarget, TargetId, Usage, Vgprs, WorkgroupSize,
};

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
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum Error {
    /// A code object, bundle or binary the reader refused (its error kept as the source).
    #[error("{}", read_message(.path, .source))]
    #[strum(serialize = "reader")]
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
    /// An embedded kernel table that its code object's metadata contradicts (stale or edited): which
    /// count to trust cannot be known, so neither is used.
    #[error("kernel '{kernel}': the embedded kernel table says {field} {table}, the metadata {metadata}: the table is stale or edited (run `wavebudget embed` on the compiler's output again)")]
    TableContradicts {
        /// The kernel.
        kernel: String,
        /// The metadata's name of the count.
        field: &'static str,
        /// The table's value.
        table: String,
        /// The metadata's value.
        metadata: String,
    },
    /// A device description is unusable: the file and what is wrong with it.
    #[error("{0}")]
    Device(Box<DeviceRefusal>),
    /// The kernel is not in the file, or cannot take this launch on this device.
    #[error("{0}")]
    Kernel(KernelRefusal),
    /// The model rejected the combination (launch size, LDS, ...).
    #[error(transparent)]
    Model(#[from] wavebudget_model::ModelError),
}

/// Why a device description was refused ([`Error::Device`]): the file, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {problem}")]
pub struct DeviceRefusal {
    /// The KFD `properties` file.
    pub path: String,
    /// What is wrong with it.
    pub problem: DeviceProblem,
}

/// What is wrong with a KFD `properties` file (the text is only in `Display`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DeviceProblem {
    /// A key given twice: which line the driver meant cannot be known.
    #[error("line {line}: '{key}' again (first '{first}', now '{now}'): a key is given once")]
    DuplicateKey { line: usize, key: String, first: String, now: String },
    /// A FIFO, device or socket.
    #[error("not a regular file (a FIFO, device or socket): it is not read")]
    NotRegularFile,
    /// Larger than any properties file the driver writes.
    #[error("over {limit} bytes: not a KFD properties file")]
    TooLarge { limit: u64 },
    /// Not UTF-8.
    #[error("not UTF-8 text")]
    NotUtf8,
    /// A key the description needs is missing.
    #[error("no '{key}' line")]
    MissingKey { key: String },
    /// A value that is not one unsigned integer.
    #[error("{key} '{value}' is not a whole number (one unsigned integer)")]
    NotANumber { key: String, value: String },
    /// `gfx_target_version` names no processor the model knows.
    #[error("gfx_target_version {version} ({name}): {reason}")]
    UnknownProcessor { version: u64, name: String, reason: wavebudget_model::ModelError },
    /// A value over what any device has.
    #[error("{key} {value} is over {limit}")]
    OverLimit { key: String, value: u64, limit: u64 },
    /// `simd_per_cu 0`.
    #[error("simd_per_cu is 0")]
    NoSimdPerCu,
    /// A wave size other than 32 or 64.
    #[error("wave_front_size {0} is neither 32 nor 64")]
    WaveSize(u32),
    /// A wave size the processor does not run (wave32 on GFX9).
    #[error("wave_front_size {wave_size}, but {processor} runs wave{} only", runs)]
    ProcessorWaveSize { wave_size: u32, processor: String, runs: u32 },
    /// SIMDs per CU other than the processor's.
    #[error("simd_per_cu {simd_per_cu}, but a {processor} CU has {cu_simds} SIMDs")]
    SimdsPerCu { simd_per_cu: u32, processor: String, cu_simds: u32 },
    /// SIMDs that are not whole CUs.
    #[error("simd_count {simds} is not a whole number of CUs of {simd_per_cu} SIMDs")]
    PartialCu { simds: u64, simd_per_cu: u32 },
    /// More CUs than a count holds.
    #[error("{simds} SIMDs / {simd_per_cu} per CU is not a CU count")]
    TooManyCus { simds: u64, simd_per_cu: u32 },
}

/// Why a kernel has no answer ([`Error::Kernel`]); the text is only in `Display`.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum KernelRefusal {
    /// The file names the kernel but has no AMDGPU metadata for it.
    #[error(
        "kernel '{name}' has no AMDGPU metadata in this file (no .vgpr_count, LDS or launch bounds): no occupancy"
    )]
    NoMetadata { name: String },
    /// No kernel of that name; `kernels` are the file's.
    #[error("no kernel named '{name}' (kernels: {})", kernels.join(", "))]
    NotFound { name: String, kernels: Vec<String> },
    /// The kernel is built for other processors than the device's.
    #[error("kernel '{name}' is built for {}, not for the device's {device}", built_for.join(", "))]
    OtherProcessor { name: String, built_for: Vec<String>, device: String },
    /// Built for the device's processor, but every build sets xnack or sramecc otherwise than the device
    /// (the loader would not load them on it).
    #[error("kernel '{name}' is built for {}, which the device {device} does not load (xnack/sramecc differ)", built_for.join(", "))]
    OtherFeatures { name: String, built_for: Vec<String>, device: String },
    /// Several builds for the device's processor differ in a setting the device does not say: which one
    /// the loader takes depends on it.
    #[error("kernel '{name}' is built for {}: which one the device loads depends on its {feature} setting, which {device} does not give (name the device with it, e.g. {device}:{feature}+)", built_for.join(", "))]
    AmbiguousBuild { name: String, built_for: Vec<String>, device: String, feature: &'static str },
    /// The device runs no kernels of this wave size.
    #[error("{processor} does not run wave{wave_size} kernels")]
    WaveSize { processor: String, wave_size: u32 },
    /// The launch size is outside the kernel's own bounds.
    #[error("launch size {0} does not fit the kernel")]
    LaunchSize(u32),
    /// The launch the kernel refuses, as the model says it.
    #[error("kernel '{kernel}': {reason}")]
    Launch { kernel: String, reason: wavebudget_model::LaunchRefusal },
    /// Register counts (and launch size, where given) past what the processor addresses.
    #[error("{}{vgprs} VGPRs / {sgprs} SGPRs{} are outside what {processor} addresses",
        kernel.as_ref().map(|k| format!("kernel '{k}': ")).unwrap_or_default(),
        launch.map(|w| format!(" / launch size {w}")).unwrap_or_default())]
    Unaddressable { kernel: Option<String>, vgprs: u32, sgprs: u32, launch: Option<u32>, processor: String },
    /// No candidate of `choose_variant` fits the device; why each was skipped.
    #[error("no variant fits {processor}: {}", if skipped.is_empty() { "no candidates".to_string() } else { skipped.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ") })]
    NoVariant { processor: String, skipped: Vec<Skipped> },
}

/// A candidate `choose_variant` did not take.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Skipped {
    /// Built for another processor.
    #[error("{name} ({processor})")]
    OtherProcessor { name: String, processor: String },
    /// Built for the device's processor with an xnack or sramecc setting the device does not have.
    #[error("{name} ({target}: xnack/sramecc differ from the device's)")]
    OtherFeatures { name: String, target: String },
    /// Its dispatch on the device was refused.
    #[error("{name}: {error}")]
    Refused { name: String, error: Box<Error> },
}

impl Error {
    /// The variant's name in snake case, stable across releases (the model's own for its refusals).
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Model(e) => e.kind(),
            other => other.into(),
        }
    }
}

/// Where a device's description came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
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
    pub notes: Vec<DeviceNote>,
}

/// What a device description says that LLVM's model of its processor does not; its text (what JSON
/// holds) is its `Display`, [`DeviceNote::kind`] its name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum DeviceNote {
    /// The driver's waves per SIMD differ from LLVM's for the processor (the driver's are used).
    #[error("the driver reports {driver} waves per SIMD; LLVM 22 models {llvm} for {processor}")]
    MaxWaves {
        /// What the driver reports.
        driver: u32,
        /// What LLVM 22 models.
        llvm: u32,
        /// The processor.
        processor: String,
    },
    /// The driver's LDS per CU differs from what LLVM gives a workgroup on the processor's CU (LLVM's is
    /// what the occupancy model uses).
    #[error("the driver reports {driver_kib} KiB of LDS per CU; LLVM 22 models {llvm_kib} KiB for {processor} (the model's is used)")]
    Lds {
        /// What the driver reports, KiB.
        driver_kib: u32,
        /// What LLVM 22 models, KiB.
        llvm_kib: u32,
        /// The processor.
        processor: String,
    },
}

wavebudget_model::kind_is_variant!(DeviceNote);

impl Serialize for DeviceNote {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
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
    /// The xnack and sramecc settings of `target` (`None`: unset, "any"), read once with the kernels: what
    /// a dispatch's choice of a build compares with the device's.
    #[serde(skip)]
    settings: [Option<bool>; 2],
}

impl KernelInfo {
    /// A kernel of a code object whose target ID is `target` (its settings read as the model reads a
    /// target ID).
    pub fn new(name: String, symbol: String, target: String, processor: String, resources: KernelResources) -> Self {
        let settings = feature_settings(&target);
        KernelInfo { name, symbol, target, processor, resources, settings }
    }
}

/// Every kernel of a file.
#[derive(Debug, Clone, Default)]
pub struct Kernels {
    /// In file order (in a code object read from its table: in the table's hash order).
    pub kernels: Vec<KernelInfo>,
    /// Code objects whose kernels were read from an embedded kernel table (checked against their metadata).
    pub from_tables: usize,
    /// Kernels found only by their descriptor symbol, with no metadata (no `.vgpr_count`, LDS or launch
    /// bounds): named so a lookup can say why there is no answer, never evaluated with made-up counts.
    pub without_metadata: Vec<String>,
}

/// The first field of a kernel where its embedded table and its metadata disagree: every field the table
/// gives a dispatch (the counts, the spills, what the descriptor allocates, the required size and the
/// WGP/CU mode; the last two only where the record is long enough to hold them: tables of 64-byte records
/// predate them).
fn table_contradicts(
    kernel: &str,
    record: &wavebudget_codeobj::table::Record<'_>,
    table: &wavebudget_model::KernelResources,
    meta: &wavebudget_model::KernelResources,
) -> Option<Error> {
    let counts = [
        (".vgpr_count", table.vgpr_count, meta.vgpr_count),
        (".agpr_count", table.agpr_count, meta.agpr_count),
        (".sgpr_count", table.sgpr_count, meta.sgpr_count),
        (".group_segment_fixed_size", table.group_segment_fixed_size, meta.group_segment_fixed_size),
        (".private_segment_fixed_size", table.private_segment_fixed_size, meta.private_segment_fixed_size),
        (".wavefront_size", table.wavefront_size, meta.wavefront_size),
        (".max_flat_workgroup_size", table.max_flat_workgroup_size, meta.max_flat_workgroup_size),
        (".vgpr_spill_count + .sgpr_spill_count", table.spills, meta.spills),
    ];
    let differs = |field: &'static str, t: String, m: String| Error::TableContradicts {
        kernel: kernel.to_string(),
        field,
        table: t,
        metadata: m,
    };
    if let Some(&(field, t, m)) = counts.iter().find(|(_, t, m)| t != m) {
        return Some(differs(field, t.to_string(), m.to_string()));
    }
    let shown = |v: Option<String>| v.unwrap_or_else(|| "none".into());
    let descriptor = |d: Option<wavebudget_model::DescriptorCounts>| {
        shown(d.map(|d| match d.sgprs {
            Some(s) => format!("{} VGPRs, {s} SGPRs", d.vgprs),
            None => format!("{} VGPRs", d.vgprs),
        }))
    };
    if table.descriptor != meta.descriptor {
        return Some(differs("the descriptor's allocation", descriptor(table.descriptor), descriptor(meta.descriptor)));
    }
    let reqd = (table.reqd_workgroup_size, meta.reqd_workgroup_size);
    if record.has_reqd_workgroup_size() && reqd.0 != reqd.1 {
        let threads = |n: Option<u32>| shown(n.map(|n| n.to_string()));
        return Some(differs(".reqd_workgroup_size", threads(reqd.0), threads(reqd.1)));
    }
    let mode = (table.workgroup_processor_mode, meta.workgroup_processor_mode);
    if record.has_workgroup_processor_mode() && mode.0 != mode.1 {
        let named = |m: Option<bool>| shown(m.map(|wgp| if wgp { "WGP" } else { "CU" }.to_string()));
        return Some(differs(".workgroup_processor_mode", named(mode.0), named(mode.1)));
    }
    None
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
        let mut contradicted = None;
        walk(bytes, &mut |found| {
            if let Found::CodeObject(_, data) = found {
                if let Some(table) = wavebudget_codeobj::embedded_table(data)? {
                    let t = Table::parse(table)?;
                    let target = wavebudget_codeobj::header_target_id(data)?.unwrap_or_default();
                    // The metadata beside the table, where the code object has it (read once, by name): a
                    // table it contradicts is not trusted (inspect reads the metadata).
                    let parsed = CodeObject::parse(data).ok();
                    // The processor the ELF header names, which the table's records repeat (a dispatch
                    // finds a kernel's build by it).
                    let header_processor = parsed.as_ref().and_then(|co| co.flags.processor);
                    let meta = parsed.filter(|co| !co.kernels.is_empty()).map(|co| {
                        let p = co.flags.processor.and_then(wavebudget_model::targets::processor);
                        let by_name: std::collections::HashMap<String, Option<KernelResources>> =
                            co.kernels.iter().map(|k| (k.meta.name.to_string(), k.resources(p))).collect();
                        by_name
                    });
                    for i in 0..t.len() {
                        let r = t.at(i);
                        let resources = r.resources();
                        let processor =
                            header_processor.filter(|&p| p != r.processor()).map(|p| Error::TableContradicts {
                                kernel: r.name().into(),
                                field: "the processor",
                                table: r.processor().into(),
                                metadata: format!("{p} (the ELF header's)"),
                            });
                        let contradiction = processor.or_else(|| match meta.as_ref().map(|m| m.get(r.name())) {
                            // No metadata to hold it against, or a kernel the metadata gives no counts.
                            None | Some(Some(None)) => None,
                            Some(Some(Some(m))) => table_contradicts(r.name(), &r, &resources, m),
                            Some(None) => Some(Error::TableContradicts {
                                kernel: r.name().into(),
                                field: ".name",
                                table: r.name().into(),
                                metadata: "no such kernel".into(),
                            }),
                        });
                        if let Some(e) = contradiction {
                            contradicted.get_or_insert(e);
                        }
                        out.kernels.push(KernelInfo::new(
                            r.name().into(),
                            r.symbol().into(),
                            target.clone(),
                            r.processor().into(),
                            resources,
                        ));
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
                    out.kernels.push(KernelInfo::new(
                        k.meta.name.to_string(),
                        k.meta.symbol.to_string(),
                        target.clone(),
                        processor.clone(),
                        resources,
                    ));
                }
            }
            Ok(())
        })
        .map_err(|source| Error::Read { path: "<bytes>".into(), source })?;
        match contradicted {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }

    /// The kernels named `name` (by `.name` or `.symbol`), one per code object.
    pub fn find(&self, name: &str) -> Vec<&KernelInfo> {
        self.kernels.iter().filter(|k| k.name == name || k.symbol == name).collect()
    }

    /// The build of kernel `name` (by `.name` or `.symbol`) that a dispatch on `device` takes, as the
    /// loader takes it: a build for the device's processor, else one for a generic processor whose family
    /// holds it; of those, the builds the device loads (a build that sets xnack or sramecc loads only on
    /// a device with the same setting, one that leaves it unset on either), the most specific. Found
    /// without allocating; only a refusal allocates (no such kernel, no build for the processor, none the
    /// device loads, or equally specific builds that differ in a setting the device does not give).
    #[inline]
    pub fn lookup(&self, name: &str, device: &Device) -> Result<&KernelInfo, Error> {
        self.lookup_among(&self.kernels, name, device)
    }

    /// [`Kernels::lookup`] where the caller has narrowed the kernels to look at (`candidates`: a subset
    /// of these kernels holding every one named `name`, as the C API's hash index gives): the one rule of
    /// both lookups.
    #[inline]
    pub fn lookup_among<'a, I>(&'a self, candidates: I, name: &str, device: &Device) -> Result<&'a KernelInfo, Error>
    where
        I: IntoIterator<Item = &'a KernelInfo>,
        I::IntoIter: Clone,
    {
        choose_build(candidates.into_iter(), name, device).ok_or_else(|| self.refusal(name, device))
    }

    /// The kernel `name` built for `device`'s processor: [`Kernels::lookup`].
    pub fn for_device(&self, name: &str, device: &Device) -> Result<&KernelInfo, Error> {
        self.lookup(name, device)
    }

    /// Why [`choose_build`] found no build of `name` for `device`, in the order it looks: no kernel of that
    /// name (or one without metadata), none for the device's processor or its generic family, none the
    /// device loads, or equally specific builds that differ in a setting the device does not give.
    fn refusal(&self, name: &str, device: &Device) -> Error {
        let all = self.find(name);
        if all.is_empty() {
            let no_metadata =
                |k: &String| k == name || k.strip_suffix(".kd") == Some(name) || format!("{k}.kd") == name;
            if self.without_metadata.iter().any(no_metadata) {
                return Error::Kernel(KernelRefusal::NoMetadata { name: name.to_string() });
            }
            let mut names: Vec<&str> = self.kernels.iter().map(|k| k.name.as_str()).collect();
            names.sort_unstable();
            names.dedup();
            let kernels = names.into_iter().map(str::to_string).collect();
            return Error::Kernel(KernelRefusal::NotFound { name: name.to_string(), kernels });
        }
        let proc = device.target.processor.name;
        let own = all.iter().any(|k| k.processor == proc);
        let same: Vec<&KernelInfo> = all.iter().copied().filter(|k| in_tier(k, proc, own)).collect();
        if same.is_empty() {
            return Error::Kernel(KernelRefusal::OtherProcessor {
                name: name.to_string(),
                built_for: all.iter().map(|k| k.processor.clone()).collect(),
                device: proc.to_string(),
            });
        }
        let loadable: Vec<&KernelInfo> = same.iter().copied().filter(|k| loads(k, device)).collect();
        if loadable.is_empty() {
            return Error::Kernel(KernelRefusal::OtherFeatures {
                name: name.to_string(),
                built_for: same.iter().map(|k| k.target.clone()).collect(),
                device: device.target.canonical(),
            });
        }
        let best = loadable.iter().map(|k| specificity(k, device)).max().unwrap_or(0);
        let top: Vec<&KernelInfo> = loadable.into_iter().filter(|k| specificity(k, device) == best).collect();
        // What is left: equally specific builds that differ in a setting (the one the refusal names).
        let i = (0..2).find(|&i| top.iter().any(|k| k.settings[i] != top[0].settings[i])).unwrap_or(0);
        Error::Kernel(KernelRefusal::AmbiguousBuild {
            name: name.to_string(),
            built_for: top.iter().map(|k| k.target.clone()).collect(),
            device: device.target.canonical(),
            feature: ["xnack", "sramecc"][i],
        })
    }
}

/// The build of kernel `name` (by `.name` or `.symbol`) among `candidates` that a dispatch on `device`
/// takes, without allocating: the one rule for Rust's and C's lookups. A build for the device's processor,
/// else one for a generic processor whose family holds it (the loader takes the specific build first);
/// of those, the builds the device loads ([`loads`]: a build that sets xnack or sramecc loads only on a
/// device with the same setting, one that leaves it unset on either), the most specific. None where there
/// is no such build, or where equally specific builds differ in a setting (which one loads depends on
/// what the device does not give).
#[inline]
fn choose_build<'a>(
    candidates: impl Iterator<Item = &'a KernelInfo> + Clone,
    name: &str,
    device: &Device,
) -> Option<&'a KernelInfo> {
    let proc = device.target.processor.name;
    let named = candidates.filter(move |k| k.name == name || k.symbol == name);
    // The usual case, one build for the device's processor that it loads: taken in one pass.
    let mut own = named.clone().filter(|k| k.processor == proc);
    let first = own.next();
    if let (Some(k), None) = (first, own.next()) {
        if loads(k, device) {
            return Some(k);
        }
    }
    // Of the builds `in_tier`, those the device loads, the most specific, and none where an equally
    // specific one differs from it in a setting.
    let own = first.is_some();
    let mut best: Option<(usize, &KernelInfo, bool)> = None;
    for k in named.filter(|k| in_tier(k, proc, own) && loads(k, device)) {
        let s = specificity(k, device);
        match &mut best {
            Some((b, first, ambiguous)) if s == *b => *ambiguous |= k.settings != first.settings,
            Some((b, ..)) if s < *b => {}
            _ => best = Some((s, k, false)),
        }
    }
    match best {
        Some((_, k, false)) => Some(k),
        _ => None,
    }
}

/// Whether build `k` is among those a device's processor `proc` looks at: the builds for `proc` where
/// there is one (`own`), else those for a generic processor whose family holds it (the loader takes the
/// specific build first).
#[inline]
fn in_tier(k: &KernelInfo, proc: &str, own: bool) -> bool {
    if own {
        k.processor == proc
    } else {
        wavebudget_model::targets::runs_on(&k.processor, proc)
    }
}

/// How many of xnack and sramecc a build sets that the device gives too: the loader takes the most
/// specific of the builds that load.
#[inline]
fn specificity(k: &KernelInfo, device: &Device) -> usize {
    let dev = [device.target.xnack, device.target.sramecc];
    k.settings.iter().zip(dev).filter(|(f, d)| f.is_some() && d.is_some()).count()
}

/// Whether build `k` (for the device's processor or its family) loads on `device`: each xnack/sramecc
/// setting the build makes is the device's, or the device does not say it.
#[inline]
fn loads(k: &KernelInfo, device: &Device) -> bool {
    let dev = [device.target.xnack, device.target.sramecc];
    k.settings.iter().zip(dev).all(|(f, d)| f.is_none() || d.is_none() || *f == d)
}

/// The xnack and sramecc settings of a target ID (`amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-`, or the
/// processor with its settings), as the model reads a target ID: `None` where it leaves one unset ("any"),
/// or where it is no target ID the model reads (it then says nothing of either).
fn feature_settings(target: &str) -> [Option<bool>; 2] {
    wavebudget_model::target_id_of(target).map_or([None, None], |id| [id.xnack, id.sramecc])
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

/// A device with its model built once (wave32 and wave64 where the processor runs them, in WGP and CU
/// mode where it has the switch): what a runtime keeps per device, so a dispatch query allocates nothing.
#[derive(Debug, Clone)]
pub struct PreparedDevice {
    /// The device.
    pub device: Device,
    wave32: Option<Prepared>,
    wave64: Option<Prepared>,
    /// The same in CU mode, for kernels built for it (`-mcumode`), on GFX10-12.
    wave32_cu: Option<Prepared>,
    wave64_cu: Option<Prepared>,
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
        // The subtargets a dispatch evaluates kernels on (`Evaluation::dispatching`'s), one per wave size
        // and mode a kernel can be built for: CU mode is a kernel's `.workgroup_processor_mode` false.
        let dispatching = Evaluation::dispatching(device.target, None, 0);
        let st = |w: u32, cu_mode: bool| {
            if cu_mode && !device.target.processor.has_wgp_mode() {
                return None;
            }
            dispatching.subtarget(Some(w), cu_mode.then_some(false)).ok().map(|on| {
                let st = on.subtarget;
                let (wgp, units) = units(&device, &st);
                Prepared { table: st.launch_table(), st, units, wgp }
            })
        };
        let (wave32, wave64) = (st(32, false), st(64, false));
        if wave32.is_none() && wave64.is_none() {
            Subtarget::new(device.target, Options::default())?;
        }
        let (wave32_cu, wave64_cu) = (st(32, true), st(64, true));
        Ok(PreparedDevice { device, wave32, wave64, wave32_cu, wave64_cu })
    }

    /// Occupancy of a kernel with `res` launched with `wg_size` threads (default:
    /// [`KernelResources::default_launch_size`]) and
    /// `dynamic_lds` bytes. Allocates only to report an error.
    #[inline]
    pub fn dispatch(
        &self,
        res: &KernelResources,
        wg_size: Option<u32>,
        dynamic_lds: u32,
    ) -> Result<DispatchData, Error> {
        let Prepared { st, table, units, wgp } =
            match (res.wavefront_size, res.cu_mode(self.device.target.processor)) {
                (32, false) => self.wave32.as_ref(),
                (64, false) => self.wave64.as_ref(),
                (32, true) => self.wave32_cu.as_ref(),
                (64, true) => self.wave64_cu.as_ref(),
                _ => None,
            }
            .ok_or_else(|| {
                Error::Kernel(KernelRefusal::WaveSize {
                    processor: self.device.target.processor.name.to_string(),
                    wave_size: res.wavefront_size,
                })
            })?;
        // The model's launch check (Subtarget::evaluate's), without its allocation; its refusal, in the
        // model's words, from the evaluation itself.
        let evaluation = Evaluation::dispatching(self.device.target, wg_size, dynamic_lds);
        let wg = evaluation.launch.of(res).max;
        if res.launch_refusal(WorkgroupSize::fixed(wg)).is_some() {
            return Err(evaluation
                .occupancy_on(st, res)
                .err()
                .map_or_else(|| Error::Kernel(KernelRefusal::LaunchSize(wg)), Error::from));
        }
        let lds = res.group_segment_fixed_size.saturating_add(dynamic_lds);
        let (vgprs, sgprs) = allocated(res, st);
        let found = if lds <= st.lds_per_workgroup() { table.resident(vgprs, sgprs, lds, wg) } else { None };
        let Some(r) = found else {
            // Out of range: the model says what, as the evaluation words it for every door (static and launch
            // LDS apart, where the two together are past a workgroup's).
            if let Err(e) = evaluation.occupancy_on(st, res) {
                return Err(Error::from(e));
            }
            let usage = Usage {
                vgprs: Vgprs::Total(res.vgpr_count),
                sgprs: Some(res.sgpr_count),
                lds,
                workgroup: WorkgroupSize::fixed(wg),
            };
            st.validate(&usage)?;
            return Err(Error::Kernel(KernelRefusal::Unaddressable {
                kernel: None,
                vgprs,
                sgprs,
                launch: Some(wg),
                processor: st.processor().name.to_string(),
            }));
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
    // A wave size the device does not run is refused, not evaluated at its default.
    let evaluation = Evaluation::dispatching(device.target, wg_size, dynamic_lds);
    let st = evaluation.subtarget_of(res)?.subtarget;
    let wg = evaluation.launch.of(res).max;
    // The one evaluation: the launch the kernel takes, the registers its descriptor allocates.
    evaluation.occupancy_on(&st, res).map_err(|e| match e {
        wavebudget_model::ModelError::Launch(reason) => {
            Error::Kernel(KernelRefusal::Launch { kernel: kernel.name.clone(), reason })
        }
        e => Error::from(e),
    })?;
    let lds = res.group_segment_fixed_size.saturating_add(dynamic_lds);
    let (vgprs, sgprs) = allocated(res, &st);
    let r = st.resident(vgprs, sgprs, lds, wg).ok_or_else(|| {
        Error::Kernel(KernelRefusal::Unaddressable {
            kernel: Some(kernel.name.clone()),
            vgprs,
            sgprs,
            launch: None,
            processor: st.processor().name.to_string(),
        })
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
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
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
    choose_among(candidates.iter().map(|k| Ok(*k)), device, wg_size, dynamic_lds, policy)
}

impl Kernels {
    /// [`choose_variant`] among the kernels named `names` (one candidate per name, in order): each
    /// name's build is the one a dispatch of that name takes ([`Kernels::lookup`]: the loader's choice
    /// by processor, xnack and sramecc); a name with no build the device takes is skipped with the
    /// lookup's refusal, and a name no kernel has is refused.
    pub fn choose_variant(
        &self,
        names: &[&str],
        device: &Device,
        wg_size: Option<u32>,
        dynamic_lds: u32,
        policy: Policy,
    ) -> Result<Choice, Error> {
        let mut picks = Vec::with_capacity(names.len());
        for &name in names {
            picks.push(match self.lookup(name, device) {
                Ok(k) => Ok(k),
                Err(e @ Error::Kernel(KernelRefusal::NotFound { .. } | KernelRefusal::NoMetadata { .. })) => {
                    return Err(e)
                }
                Err(error) => Err(Skipped::Refused { name: name.to_string(), error: Box::new(error) }),
            });
        }
        choose_among(picks, device, wg_size, dynamic_lds, policy)
    }
}

/// [`choose_variant`] over candidates some of which were skipped before (by their lookup).
fn choose_among<'a>(
    candidates: impl IntoIterator<Item = Result<&'a KernelInfo, Skipped>>,
    device: &Device,
    wg_size: Option<u32>,
    dynamic_lds: u32,
    policy: Policy,
) -> Result<Choice, Error> {
    let proc = device.target.processor.name;
    let mut scored: Vec<(usize, Dispatch, u32, u32)> = Vec::new();
    let mut skipped = Vec::new();
    for (i, k) in candidates.into_iter().enumerate() {
        let k = match k {
            Ok(k) => k,
            Err(s) => {
                skipped.push(s);
                continue;
            }
        };
        if !wavebudget_model::targets::runs_on(&k.processor, proc) {
            skipped.push(Skipped::OtherProcessor { name: k.name.clone(), processor: k.processor.clone() });
            continue;
        }
        if !loads(k, device) {
            skipped.push(Skipped::OtherFeatures { name: k.name.clone(), target: k.target.clone() });
            continue;
        }
        match dispatch(k, device, wg_size, dynamic_lds) {
            Ok(d) => scored.push((i, d, k.resources.spills, k.resources.vgpr_count)),
            Err(e) => skipped.push(Skipped::Refused { name: k.name.clone(), error: Box::new(e) }),
        }
        if policy == Policy::ForProcessor {
            break;
        }
    }
    // Waves are the resident ones (whole workgroups, LDS at the hardware's granule): what the device runs,
    // which LLVM's waves per SIMD can exceed.
    let fewest_spills =
        || scored.iter().min_by_key(|(_, d, spills, _)| (*spills, std::cmp::Reverse(d.resident_waves_per_simd)));
    let best = match policy {
        Policy::ForProcessor => scored.first(),
        Policy::FewestSpills => fewest_spills(),
        Policy::MostWavesWithoutSpills => scored
            .iter()
            .filter(|(_, _, spills, _)| *spills == 0)
            .max_by_key(|(_, d, _, vgprs)| (d.resident_waves_per_simd, std::cmp::Reverse(*vgprs)))
            .or_else(fewest_spills),
    };
    best.map(|(i, d, _, _)| Choice { index: *i, dispatch: d.clone() })
        .ok_or_else(|| Error::Kernel(KernelRefusal::NoVariant { processor: proc.to_string(), skipped }))
}

#[cfg(test)]
mod feature_settings_tests {
    /// The settings a target ID spells, in either order, with or without the triple; none where it spells
    /// none (the model's reading replaced a hand-written one here: the same answers).
    #[test]
    fn a_target_ids_settings_are_what_it_spells() {
        assert_eq!(super::feature_settings("amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-"), [Some(false), Some(true)]);
        assert_eq!(super::feature_settings("gfx90a:xnack+"), [Some(true), None]);
        assert_eq!(super::feature_settings("gfx908:sramecc-"), [None, Some(false)]);
        assert_eq!(super::feature_settings("amdgcn-amd-amdhsa--gfx1100"), [None, None]);
    }
}
