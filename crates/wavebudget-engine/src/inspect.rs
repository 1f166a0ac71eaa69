//! Every kernel of every code object in files or bytes, with its occupancy, the descriptor's diagnosis
//! and its notes: what `wavebudget inspect`, Python's `code_objects` and the report show.

use regex::Regex;
use serde::Serialize;
use wavebudget_codeobj::{
    CodeObject, ElfKind, Found, InputBudget, Kernel, KernelDescriptor, KernelMeta, Mapped, Value,
};
use wavebudget_model::{
    Evaluation, KernelResources, Launch, Limiter, OccupancyNote, Subtarget, TargetId, Usage, Vgprs, WorkgroupSize,
};

use crate::misuse::Misuse;
use crate::triton::{self, TritonLaunch};
use crate::{Error, Note, PadCause, Result};

/// The whole answer, as `--json` prints it.
#[derive(Debug, Serialize)]
pub struct Report {
    /// LDS bytes per workgroup given at launch (`--dynamic-lds`), counted on top of each kernel's
    /// `group_segment_fixed_size` in `waves_per_simd`; absent when 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dynamic_lds: Option<u32>,
    /// Code objects in file order.
    pub code_objects: Vec<CodeObjectReport>,
    /// NVIDIA cubins (bare, in CUDA fat binaries, or in host binaries' `.nv_fatbin`), in file order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cubins: Vec<CubinReport>,
    /// Bundle entries that are not AMDGPU code objects, and fat binary entries that are not cubins.
    pub skipped: Vec<Skipped>,
    /// Kernels read before `--kernel` filtered them (for the message when it matches none).
    #[serde(skip)]
    pub kernels_before_filter: usize,
    /// The dynamic-VGPR block asked for (`--dvgpr-block`), for the refusal where it applies to no input.
    #[serde(skip)]
    dvgpr_block: Option<u32>,
}

/// A bundle entry that was not read, and why.
#[derive(Debug, Serialize)]
pub struct Skipped {
    /// `<file>#<entry id>`.
    pub source: String,
    /// Why.
    pub reason: wavebudget_codeobj::SkipReason,
}

/// One code object.
#[derive(Debug, Serialize)]
pub struct CodeObjectReport {
    /// `<file>`, `<file>#<entry id>`, or `<file>#<bundle>:<entry id>` when the file holds several bundles.
    pub source: String,
    /// Index of the bundle the code object is in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bundle: Option<usize>,
    /// File offset of that bundle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bundle_offset: Option<u64>,
    /// Compression of that bundle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compression: Option<wavebudget_codeobj::Compression>,
    /// Processor from `e_flags`.
    pub processor: Option<&'static str>,
    /// `amdhsa.target`, or the target id built from `e_flags`.
    pub target_id: Option<String>,
    /// Code object version (4, 5, 6).
    pub code_object_version: Option<u32>,
    /// `relocatable`, `shared` or `executable`.
    pub elf_type: ElfKind,
    /// Raw `e_flags`.
    pub e_flags: u32,
    /// The target the occupancy columns are for (`--target`, else the code object's own).
    pub evaluated_on: Option<String>,
    /// Whether a dynamic-VGPR block applies on that target under the rules asked (the model's
    /// `Evaluation::dvgpr_applies`).
    #[serde(skip)]
    pub dvgpr_applies: bool,
    /// Top-level metadata keys this reader does not know.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata_extra: Option<Value<'static>>,
    /// The launch a Triton cache entry's `<name>.json` gives (`inspect DIR`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub launch: Option<TritonLaunch>,
    /// Kernels in metadata order (those matching `--kernel`).
    pub kernels: Vec<KernelReport>,
}

/// Descriptor view of a kernel's resources.
#[derive(Debug, Serialize)]
pub struct DescriptorReport {
    /// VGPRs the descriptor's `GRANULATED_WORKITEM_VGPR_COUNT` encodes (what the hardware allocates from);
    /// `None` where the code object's processor is not modelled (its encoding is not known).
    pub vgprs: Option<u32>,
    /// SGPRs its `GRANULATED_WAVEFRONT_SGPR_COUNT` encodes (`None` on GFX10+, where 128 are always allocated).
    pub sgprs: Option<u32>,
    /// First AGPR from `ACCUM_OFFSET` (gfx90a+).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_agpr: Option<u32>,
    /// Waves/SIMD from the descriptor's counts on the code object's own processor (what the hardware
    /// gets; lower than the metadata's when LLVM padded the descriptor).
    pub waves_per_simd: Option<u32>,
    /// The raw descriptor and its decoded fields.
    pub fields: KernelDescriptor,
}

/// One kernel.
#[derive(Debug, Serialize)]
pub struct KernelReport {
    /// Its metadata entry (without `.args`): `.name`, `.symbol` and the counts, which the JSON gives under
    /// the metadata's names (`vgpr_count`, `agpr_count`, `sgpr_count`, ...).
    #[serde(flatten, serialize_with = "metadata_json")]
    pub metadata: KernelMeta<'static>,
    /// Launch-size range the occupancy is for.
    pub workgroup_size: Option<WorkgroupSize>,
    /// LLVM 22's "Occupancy [waves/SIMD]": from the metadata counts, or from the descriptor's where LLVM
    /// padded it to cap occupancy.
    pub waves_per_simd: Option<u32>,
    /// The binding limiter: the first of `binding`.
    pub limiter: Option<Limiter>,
    /// Every limiter at `waves_per_simd` (several where they tie), in the model's order.
    pub binding: Option<Vec<Limiter>>,
    /// `waves_per_simd / max`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub occupancy: Option<f64>,
    /// Each limiter in waves/SIMD.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limits: Option<wavebudget_model::Limits>,
    /// The kernel descriptor, when its symbol is in the file.
    pub descriptor: Option<DescriptorReport>,
    /// Kernel metadata keys this reader does not know (vendor keys), as in the note.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata_extra: Option<Value<'static>>,
    /// What the amdgpu-occupancy-budget pass set for this kernel before code generation (its
    /// `.wavebudget.info` section), if it ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pass: Option<wavebudget_codeobj::PassInfo>,
    /// Things a person should read: descriptor/metadata disagreements, padding, unknown targets.
    pub notes: Vec<Note>,
    /// The subtarget and the model's full answer, for the report (not in the JSON: `waves_per_simd`,
    /// `limiter`, `binding` and `limits` above are its parts).
    #[serde(skip)]
    pub evaluation: Option<(Subtarget, wavebudget_model::Occupancy)>,
    /// Where LLVM padded the descriptor at no cost in waves ([`Padding::AtNoCost`]): the evaluation from
    /// the counts alone, which the report charts (not in the JSON).
    /// Boxed: it is rare, and a report without it stays small enough for the allocator's fast path.
    #[serde(skip)]
    pub at_no_cost: Option<Box<wavebudget_model::Occupancy>>,
    /// The resources the evaluation used (the descriptor's allocation on the kernel's own processor), to
    /// evaluate the kernel again at another launch without reading it again (not in the JSON).
    #[serde(skip)]
    pub resources: Option<KernelResources>,
}

/// What LLVM's padding of a kernel's descriptor does to its occupancy: the model's rule
/// ([`Evaluation::padding`]).
pub use wavebudget_model::Padding;

/// The metadata keys an inspect kernel shows, in their order (`null` where the note has none; the
/// launch-size keys only where present).
fn metadata_json<S: serde::Serializer>(m: &KernelMeta<'static>, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(None)?;
    map.serialize_entry("name", &m.name)?;
    map.serialize_entry("symbol", &m.symbol)?;
    map.serialize_entry("vgpr_count", &m.vgpr_count)?;
    map.serialize_entry("agpr_count", &m.agpr_count)?;
    map.serialize_entry("sgpr_count", &m.sgpr_count)?;
    map.serialize_entry("vgpr_spill_count", &m.vgpr_spill_count)?;
    map.serialize_entry("sgpr_spill_count", &m.sgpr_spill_count)?;
    map.serialize_entry("group_segment_fixed_size", &m.group_segment_fixed_size)?;
    map.serialize_entry("private_segment_fixed_size", &m.private_segment_fixed_size)?;
    map.serialize_entry("wavefront_size", &m.wavefront_size)?;
    map.serialize_entry("max_flat_workgroup_size", &m.max_flat_workgroup_size)?;
    if let Some(r) = &m.reqd_workgroup_size {
        map.serialize_entry("reqd_workgroup_size", r)?;
    }
    if let Some(u) = &m.uses_dynamic_stack {
        map.serialize_entry("uses_dynamic_stack", u)?;
    }
    if let Some(w) = &m.workgroup_processor_mode {
        map.serialize_entry("workgroup_processor_mode", w)?;
    }
    map.end()
}

/// Options of one `inspect` run.
#[derive(Clone, Default)]
pub struct InspectOptions {
    /// Evaluate on this target instead of each code object's own.
    pub target: Option<TargetId>,
    /// Launch size instead of `.max_flat_workgroup_size`.
    pub wg_size: Option<WorkgroupSize>,
    /// Keep kernels whose name matches (or whose symbol the pattern is: [`kernel_selected`]).
    pub kernel: Option<Regex>,
    /// LDS bytes per workgroup given at launch, on top of the static LDS (`--dynamic-lds`; for a Triton
    /// cache entry without it, the entry's `shared`).
    pub dynamic_lds: Option<u32>,
    /// The LLVM major whose rules evaluate the kernels (`--llvm`).
    pub llvm: wavebudget_model::Llvm,
    /// gfx12's dynamic-VGPR block size the kernels were built with (`--dvgpr-block`): a code object does
    /// not record `"amdgpu-dynamic-vgpr-block-size"`, so only the user can say.
    pub dvgpr_block: Option<u32>,
    /// How cubins are launched, in CUDA's words.
    pub cuda: CudaLaunch,
}

/// A cubin's launch as CUDA users give it: the device, the dynamic shared memory, and the kernel's dynamic
/// shared memory limit.
#[derive(Clone, Copy, Default, Debug)]
pub struct CudaLaunch {
    /// Evaluate on this device or architecture (`sm_90`, `H200`) instead of the cubin's own.
    pub target: Option<wavebudget_model::nvidia::Target>,
    /// Dynamic shared memory at launch (`--dynamic-shared-mem`; else `--dynamic-lds`).
    pub dynamic_shared_mem: Option<u32>,
    /// `cudaFuncAttributeMaxDynamicSharedMemorySize` as set before the launch.
    pub max_dynamic: Option<MaxDynamic>,
}

/// The dynamic shared memory limit a launcher sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum MaxDynamic {
    /// This many bytes.
    Bytes(u32),
    /// The device's opt-in maximum less the kernel's static shared memory, as Triton's launcher sets it.
    DeviceMax,
}

impl MaxDynamic {
    /// `max`, or a whole number of bytes by the count rule (what `--max-dynamic-shared-mem` and Python
    /// take; `misuse::max_dynamic_text` has read a number's sign and range before): nothing trimmed, as no
    /// count is.
    pub fn parse(text: &str) -> Option<MaxDynamic> {
        match text {
            "max" => Some(MaxDynamic::DeviceMax),
            v => wavebudget_model::text::count_from_text("", v).ok().map(MaxDynamic::Bytes),
        }
    }

    /// The limit in bytes for a kernel of `static_shared` bytes of static shared memory on `arch`.
    pub fn bytes(self, arch: &wavebudget_model::nvidia::Arch, static_shared: u32) -> u32 {
        match self {
            MaxDynamic::Bytes(b) => b,
            MaxDynamic::DeviceMax => arch.shared_mem_per_block_optin().saturating_sub(static_shared),
        }
    }
}

/// What `inspect` reads: files named, or bytes in memory (named `<bytes>` in refusals).
#[derive(Clone, Copy, Debug)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: files or bytes")]
pub enum Inputs<'a> {
    /// Files, directories (Triton caches) and host binaries, by path.
    Files(&'a [String]),
    /// One binary in memory.
    Bytes(&'a [u8]),
}

/// The inspect question as every door asks it (the CLI's `inspect`, Python's `code_objects` and
/// `cubins`): its options as given, read and checked here in one order, so that each door gives the same
/// answer and, for a question wrong in several ways, the same refusal.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ask<'a> {
    /// `--target`: an AMD processor, or an NVIDIA architecture or product for cubins.
    pub target: Option<&'a str>,
    /// `--wg-size` as read (numbers, not yet held to bounds).
    pub wg_size: Option<WorkgroupSize>,
    /// `--kernel`'s pattern.
    pub kernel: Option<&'a str>,
    /// `--dynamic-lds`.
    pub dynamic_lds: Option<u32>,
    /// `--llvm`, read.
    pub llvm: Option<wavebudget_model::Llvm>,
    /// `--dvgpr-block`.
    pub dvgpr_block: Option<u32>,
    /// `--dynamic-shared-mem`.
    pub dynamic_shared_mem: Option<u32>,
    /// `--max-dynamic-shared-mem` as given: bytes or `max`.
    pub max_dynamic_shared_mem: Option<&'a str>,
}

/// Reads `inputs` as `ask` says: the launch size, the target, the kernel pattern and the dynamic limit are
/// read first (in that order: the launch size first, as every question reads it), then the inputs; an
/// option for the other vendor's binaries than those the inputs hold is refused
/// ([`LaunchOptions::check`]), and a pattern that keeps no kernel.
pub fn ask(inputs: Inputs<'_>, ask: &Ask<'_>) -> Result<Report> {
    use crate::vendor::{Drawn, LaunchOptions, VendorTarget};
    let wg_size = ask.wg_size.map(WorkgroupSize::validate).transpose()?;
    let target = VendorTarget::parse(ask.target)?;
    let kernel = ask.kernel.map(kernel_filter).transpose()?;
    let max_dynamic = crate::misuse::max_dynamic(ask.max_dynamic_shared_mem)?;
    let opts = InspectOptions {
        target: target.amd(),
        wg_size,
        kernel: kernel.clone(),
        dynamic_lds: ask.dynamic_lds,
        llvm: ask.llvm.unwrap_or_default(),
        dvgpr_block: ask.dvgpr_block,
        cuda: CudaLaunch { target: target.nvidia(), dynamic_shared_mem: ask.dynamic_shared_mem, max_dynamic },
    };
    let (report, named) = match inputs {
        Inputs::Files(files) => (inspect(files, &opts)?, files.join(", ")),
        Inputs::Bytes(bytes) => (inspect_bytes("<bytes>", bytes, None, &opts)?, "<bytes>".to_string()),
    };
    let drawn = match (report.cubins.is_empty(), report.code_objects.is_empty()) {
        (false, true) => Drawn::Cubins,
        (true, false) => Drawn::CodeObjects { beside: false },
        (false, false) => Drawn::Both,
        (true, true) => Drawn::Neither,
    };
    let wg_text = wg_size.map(|w| w.to_string());
    LaunchOptions {
        target,
        llvm: ask.llvm.is_some(),
        dvgpr_block: ask.dvgpr_block.is_some(),
        dynamic_lds: ask.dynamic_lds.is_some(),
        dynamic_shared_mem: ask.dynamic_shared_mem.is_some(),
        max_dynamic_shared_mem: ask.max_dynamic_shared_mem.is_some(),
        wg_size: wg_text.as_deref().zip(wg_size),
    }
    .check(drawn, &report.cubins)?;
    report.matched(kernel.as_ref(), &named)
}

/// A kernel filter: a regular expression (unanchored, like grep) matched against a kernel's name and
/// symbol, the same wherever a filter is taken.
/// Whether `--kernel`'s `re` keeps a kernel: its name matches, or the pattern is exactly its symbol
/// (`NAME.kd`). Not a match on the symbol: every symbol ends in `.kd`, so `--kernel k` would keep them all.
pub fn kernel_selected(re: &Regex, name: &str, symbol: &str) -> bool {
    re.is_match(name) || re.as_str() == symbol
}

pub fn kernel_filter(pattern: &str) -> Result<Regex> {
    Regex::new(pattern).map_err(|e| {
        let why = e.to_string();
        let why = why.lines().last().unwrap_or("not a regular expression").trim().trim_start_matches("error: ");
        Error::KernelPattern { pattern: pattern.to_string(), why: why.to_string() }
    })
}

impl Report {
    /// A dynamic shared memory limit the driver would refuse to set for one of the cubins' kernels: the
    /// launch fails, so it is the answer (one line), not a column of refusals.
    pub fn cuda_launch_refusal(&self) -> Option<&wavebudget_model::nvidia::NvRefusal> {
        cuda_launch_refusal(&self.cubins)
    }

    /// The refusal of a filter that kept no kernel of `inputs`, or of a dynamic-VGPR block asked for where
    /// no input is evaluated on a processor it applies to (it would change nothing), else the report.
    pub fn matched(self, filter: Option<&Regex>, inputs: &str) -> Result<Report> {
        if let Some(value) = self.dvgpr_block.filter(|_| !self.code_objects.iter().any(|c| c.dvgpr_applies)) {
            return Err(Misuse::DvgprBlock {
                value,
                why: "it applies to gfx12 kernels with dynamic VGPRs (gfx1200, gfx1201); the inputs are evaluated on none",
            }
            .into());
        }
        match filter {
            Some(re)
                if self.code_objects.iter().all(|c| c.kernels.is_empty())
                    && self.cubins.iter().all(|c| c.kernels.is_empty()) =>
            {
                Err(Error::NoKernelMatches {
                    pattern: re.as_str().to_string(),
                    total: self.kernels_before_filter,
                    inputs: inputs.to_string(),
                })
            }
            _ => Ok(self),
        }
    }
}

impl Report {
    /// No kernels yet, with the launch's dynamic LDS of `opts`.
    fn empty(opts: &InspectOptions) -> Report {
        Report {
            code_objects: Vec::new(),
            cubins: Vec::new(),
            skipped: Vec::new(),
            dynamic_lds: opts.dynamic_lds,
            kernels_before_filter: 0,
            dvgpr_block: opts.dvgpr_block,
        }
    }
}

impl InspectOptions {
    /// The refusal of a dynamic-VGPR block the model cannot apply under any input (the model's rule,
    /// `dvgpr_block_refusal`: an LLVM major before 22, a block other than 16 or 32 VGPRs), in the words
    /// of the flag.
    fn dvgpr_refusal(&self) -> Option<Misuse> {
        use wavebudget_model::DvgprRefusal;
        let value = self.dvgpr_block?;
        let why = match wavebudget_model::dvgpr_block_refusal(value, self.llvm)? {
            DvgprRefusal::NotAvailable { .. } => "dynamic VGPRs are LLVM 22's; --llvm names an earlier major",
            _ => "a dynamic-VGPR block is 16 or 32 VGPRs",
        };
        Some(Misuse::DvgprBlock { value, why })
    }
}

/// Reads every file and builds the report. The input budget is the command's: what the files'
/// compressed bundles and fat binary entries decompress to is summed over all of them.
pub fn inspect(files: &[String], opts: &InspectOptions) -> Result<Report> {
    inspect_within(files, opts, &command_budget(files)?)
}

/// The input budget in force for a command over `files` (the refusal of a bad setting names the first).
pub fn command_budget(files: &[String]) -> Result<InputBudget> {
    InputBudget::from_env().map_err(|e| Error::Reader { path: files.first().cloned().unwrap_or_default(), source: e })
}

/// [`inspect`] within a budget the caller's command shares over more than these files (the report's
/// inputs, read one at a time).
pub fn inspect_within(files: &[String], opts: &InspectOptions, budget: &InputBudget) -> Result<Report> {
    if let Some(m) = opts.dvgpr_refusal() {
        return Err(m.into());
    }
    let mut report = Report::empty(opts);
    for input in files {
        let path = std::path::Path::new(input);
        if let Some(meta) = std::fs::metadata(path).ok().filter(|m| m.is_dir()) {
            let entries = triton::cache_entries_of(path, Some(meta))?;
            if entries.is_empty() {
                return Err(Error::NotATritonCache { path: input.clone() });
            }
            for (hsaco, launch) in entries {
                read_entry(&hsaco, launch, true, opts, budget, &mut report)?;
            }
        } else if let Some(launch) = beside(path)? {
            // A cache entry's code object named alone: Triton's launch beside it still applies.
            read_entry(path, Some(launch), false, opts, budget, &mut report)?;
        } else {
            let mapped = Mapped::open(path).map_err(|e| Error::Reader { path: input.clone(), source: e })?;
            read_bytes(input, mapped.bytes(), None, opts, budget, &mut report)?;
        }
    }
    Ok(report)
}

/// The Triton launch in the `<name>.json` beside a `.hsaco` or `.cubin` named alone, where there is one.
fn beside(path: &std::path::Path) -> Result<Option<TritonLaunch>> {
    if !path.extension().is_some_and(|e| e == "hsaco" || e == "cubin") {
        return Ok(None);
    }
    let json = path.with_extension("json");
    if json.symlink_metadata().is_err() {
        return Ok(None);
    }
    triton::read_launch(&json).map(Some)
}

/// One Triton cache entry's code object (`.hsaco`) or cubin with its launch: Triton's launch rule where
/// the options give none. `in_cache`: found by walking a cache directory, where a missing `<name>.json`
/// is said. A CUDA launch whose warp size is not 32, or whose architecture is not the cubin's, is refused
/// (the entry's files come from two compiles), as an AMD entry's are.
fn read_entry(
    hsaco: &std::path::Path,
    launch: Option<TritonLaunch>,
    in_cache: bool,
    opts: &InspectOptions,
    budget: &InputBudget,
    report: &mut Report,
) -> Result<()> {
    let entry = Entry {
        file: hsaco.display().to_string(),
        json: hsaco.with_extension("json").display().to_string(),
        cubin: triton::is_cubin(hsaco),
        in_cache,
    };
    let mapped = triton::map_regular(hsaco)?;
    read_entry_bytes(&entry, mapped.bytes(), launch, opts, budget, report)
}

/// A Triton kernel's code object as [`read_entry`] reads it: its name in messages, the JSON its launch is
/// (or would be) read from, whether it is a cubin, and whether a cache walk found it.
struct Entry {
    file: String,
    json: String,
    cubin: bool,
    in_cache: bool,
}

/// A Triton kernel's binary in memory (a compiled kernel's, `name` in messages; `cubin`: NVIDIA's, else
/// AMD's code object) at Triton's `launch`, by the rule a cache entry's file is read with: the launch held
/// to the binary (its wave size, its architecture) and applied where the options give none.
pub fn binary_at_launch(name: &str, bytes: &[u8], cubin: bool, launch: TritonLaunch) -> Result<Report> {
    let opts = InspectOptions::default();
    let budget = InputBudget::from_env().map_err(|e| Error::Reader { path: name.to_string(), source: e })?;
    let entry = Entry { file: name.to_string(), json: launch.source.clone(), cubin, in_cache: false };
    let mut report = Report::empty(&opts);
    read_entry_bytes(&entry, bytes, Some(launch), &opts, &budget, &mut report)?;
    Ok(report)
}

fn read_entry_bytes(
    entry: &Entry,
    bytes: &[u8],
    mut launch: Option<TritonLaunch>,
    opts: &InspectOptions,
    budget: &InputBudget,
    report: &mut Report,
) -> Result<()> {
    if let Some(l) = launch.as_mut() {
        if opts.dynamic_lds.is_some() {
            l.overridden.push("shared");
        }
        if opts.wg_size.is_some() {
            l.overridden.push("wg_size");
        }
    }
    let cubin = entry.cubin;
    let eff = if cubin {
        // Triton's CUDA launcher: num_warps x 32 threads, `shared` bytes of dynamic shared memory,
        // and the kernel's dynamic limit raised to the device's opt-in maximum.
        let device = launch
            .as_ref()
            .and_then(|l| l.cuda_arch)
            .and_then(|a| wavebudget_model::nvidia::parse_target(&format!("sm_{a}")));
        InspectOptions {
            wg_size: opts.wg_size.or(launch.as_ref().map(|l| WorkgroupSize::fixed(l.wg_size))),
            cuda: CudaLaunch {
                target: opts.cuda.target.or(device),
                dynamic_shared_mem: opts.cuda.dynamic_shared_mem.or(launch.as_ref().map(|l| l.shared)),
                max_dynamic: opts.cuda.max_dynamic.or(Some(MaxDynamic::DeviceMax)),
            },
            ..opts.clone()
        }
    } else {
        InspectOptions {
            wg_size: opts.wg_size.or(launch.as_ref().map(|l| WorkgroupSize::fixed(l.wg_size))),
            dynamic_lds: opts.dynamic_lds.or(launch.as_ref().map(|l| l.shared)),
            ..opts.clone()
        }
    };
    // A code object without Triton's launch beside it is said (a cubin's table has no notes).
    let (no_json, first, first_cubin) =
        (launch.is_none() && entry.in_cache && !cubin, report.code_objects.len(), report.cubins.len());
    let launch_missing = launch.is_none();
    let (file, json) = (entry.file.clone(), std::path::Path::new(&entry.json));
    let checked = if cubin { launch.clone() } else { None };
    read_bytes(&file, bytes, launch, &eff, budget, report)?;
    if let Some(l) = checked {
        for c in &report.cubins[first_cubin..] {
            let kernel = c.kernels.first().map_or(String::new(), |k| k.kernel.name.clone());
            if l.warp_size != 32 {
                return Err(Error::WarpSize {
                    json: json.display().to_string(),
                    warp_size: l.warp_size,
                    kernel,
                    file: file.clone(),
                    wave: 32,
                });
            }
            let own = c.arch.trim_start_matches("sm_").trim_end_matches(['a', 'f']);
            if let Some(a) = l.cuda_arch.filter(|a| a.to_string() != own) {
                return Err(Error::TritonArch {
                    json: json.display().to_string(),
                    arch: a.to_string(),
                    file: file.clone(),
                    processor: c.arch.clone(),
                });
            }
        }
    }
    if cubin && entry.in_cache && launch_missing && opts.cuda.dynamic_shared_mem.is_none() {
        // A cubin's occupancy without Triton's `shared` would be a number for a launch nobody makes (the
        // shared memory is what binds a Triton kernel as often as not): none, and why, as AMD's entry says.
        let name = json.file_name().map_or("<name>.json".into(), |n| n.to_string_lossy().into_owned());
        for k in report.cubins[first_cubin..].iter_mut().flat_map(|c| c.kernels.iter_mut()) {
            if k.no_occupancy.is_none() {
                (k.occupancy, k.launch) = (None, None);
                k.no_occupancy = Some(NoOccupancy::NoTritonLaunch { json: name.clone() });
            }
        }
    }
    if no_json {
        // Occupancy from the code object alone: say what it leaves out.
        let name = json.file_name().map_or("<name>.json".into(), |n| n.to_string_lossy().into_owned());
        for k in report.code_objects[first..].iter_mut().flat_map(|co| co.kernels.iter_mut()) {
            k.notes.push(Note::NoTritonLaunch { json: name.clone() });
        }
    }
    Ok(())
}

/// [`inspect`] of bytes in memory (a code object, an offload bundle, a HIP binary): `name` stands for
/// the file in sources and messages (`<bytes>`, `<bytes>#<entry id>`). `launch` is a Triton launch
/// whose `shared` and size apply where `opts` gives none.
pub fn inspect_bytes(name: &str, bytes: &[u8], launch: Option<TritonLaunch>, opts: &InspectOptions) -> Result<Report> {
    if let Some(m) = opts.dvgpr_refusal() {
        return Err(m.into());
    }
    let mut report = Report::empty(opts);
    let eff = InspectOptions {
        wg_size: opts.wg_size.or(launch.as_ref().map(|l| WorkgroupSize::fixed(l.wg_size))),
        dynamic_lds: opts.dynamic_lds.or(launch.as_ref().map(|l| l.shared)),
        ..opts.clone()
    };
    let budget = InputBudget::from_env().map_err(|e| Error::Reader { path: name.to_string(), source: e })?;
    read_bytes(name, bytes, launch, &eff, &budget, &mut report)?;
    Ok(report)
}

/// Reads the code objects in one file's bytes into `report`.
fn read_bytes(
    file: &str,
    bytes: &[u8],
    launch: Option<TritonLaunch>,
    opts: &InspectOptions,
    budget: &InputBudget,
    report: &mut Report,
) -> Result<()> {
    if is_cuda(bytes) {
        return read_cuda(file, bytes, opts, budget, report);
    }
    // A host binary carrying both vendors' binaries (.hip_fatbin and .nv_fatbin): both are read.
    if !wavebudget_codeobj::is_amdgpu_elf(bytes) && wavebudget_codeobj::cuda::has_nv_fatbin(bytes) {
        read_cuda(file, bytes, opts, budget, report)?;
    }
    // Sources are numbered by bundle only when the file holds several: known after the walk.
    let mut pending: Vec<(wavebudget_codeobj::Source, CodeObjectReport)> = Vec::new();
    let mut skipped: Vec<(wavebudget_codeobj::Source, wavebudget_codeobj::SkipReason)> = Vec::new();
    let summary = wavebudget_codeobj::walk_with(bytes, budget, &mut |found| {
        match found {
            Found::CodeObject(src, co) => {
                let co = CodeObject::parse(co)?;
                report.kernels_before_filter += co.kernels.len();
                pending.push((src.clone(), code_object_report(src, &co, opts)));
            }
            Found::Skipped(src, reason) => skipped.push((src.clone(), reason)),
        }
        Ok(())
    })
    .map_err(|e| Error::Reader { path: file.to_string(), source: e })?;
    for (src, mut co) in pending {
        co.source = format!("{file}{}", src.suffix(summary.bundles));
        // Triton's launch is num_warps x warp_size: a warp_size other than the kernel's wave size is a
        // launch the JSON gets wrong. And the code object is for the processor the JSON names.
        if let Some(l) = &launch {
            if let Some(e) =
                co.kernels.iter().find_map(|k| l.check_wave(&k.metadata.name, file, k.metadata.wavefront_size))
            {
                return Err(e);
            }
            if let Some(e) = l.check_arch(file, co.processor) {
                return Err(e);
            }
        }
        co.launch = launch.clone();
        report.code_objects.push(co);
    }
    for (src, reason) in skipped {
        report.skipped.push(Skipped { source: format!("{file}{}", src.suffix(summary.bundles)), reason });
    }
    Ok(())
}

/// A cubin, a CUDA fat binary, or a host ELF with `.nv_fatbin` and no `.hip_fatbin`.
fn is_cuda(bytes: &[u8]) -> bool {
    use wavebudget_codeobj::cuda;
    cuda::is_cubin(bytes)
        || cuda::is_fatbin(bytes)
        || (!wavebudget_codeobj::is_amdgpu_elf(bytes)
            && cuda::has_nv_fatbin(bytes)
            && !wavebudget_codeobj::has_hip_fatbin(bytes))
}

/// The refusal that fails the launch of these cubins' kernels (a dynamic shared memory limit above the
/// device's opt-in maximum, which the driver refuses to set), if any.
pub fn cuda_launch_refusal<'a>(
    cubins: impl IntoIterator<Item = &'a CubinReport>,
) -> Option<&'a wavebudget_model::nvidia::NvRefusal> {
    cubins.into_iter().flat_map(|c| &c.kernels).find_map(|k| match &k.no_occupancy {
        Some(NoOccupancy::Refused(e @ wavebudget_model::nvidia::NvRefusal::MaxDynamicOverOptin { .. })) => Some(e),
        _ => None,
    })
}

/// One NVIDIA cubin.
#[derive(Debug, Clone, Serialize)]
pub struct CubinReport {
    /// `<file>`, or `<file>#<entry>` for a fat binary's entry.
    pub source: String,
    /// Where it was found.
    #[serde(flatten)]
    pub found: wavebudget_codeobj::cuda::CudaSource,
    /// `sm_XY` from `e_flags`.
    pub arch: String,
    /// Raw `e_flags`.
    pub e_flags: u32,
    /// The architecture the occupancy columns are for (none when the model does not know it).
    pub evaluated_on: Option<&'static str>,
    /// The device or architecture the kernels were evaluated on (`evaluated_on` is its architecture).
    #[serde(skip)]
    pub evaluated: Option<wavebudget_model::nvidia::Target>,
    /// Its kernels.
    pub kernels: Vec<CubinKernelReport>,
}

/// One kernel of a cubin, with its occupancy at a block size.
#[derive(Debug, Clone, Serialize)]
pub struct CubinKernelReport {
    /// What the cubin says (`regs`, `shared_mem`, `local_mem`, `stack`, launch bounds).
    #[serde(flatten)]
    pub kernel: wavebudget_codeobj::cuda::CubinKernel,
    /// Threads per block the occupancy is for: `--wg-size`, else `.reqntid`, else `.maxntid`.
    pub block: Option<u32>,
    /// CUDA's occupancy at that block size with `--dynamic-lds` bytes of dynamic shared memory.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub occupancy: Option<wavebudget_model::nvidia::Occupancy>,
    /// Why there is no occupancy.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_occupancy: Option<NoOccupancy>,
    /// The kernel as the model took it (registers, block, shared memory, the launch's limit, barriers),
    /// where the cubin gave what it needs.
    #[serde(skip)]
    pub launch: Option<wavebudget_model::nvidia::Kernel>,
}

/// Why a cubin's kernel has no occupancy in the report; its text (what JSON holds) is its `Display`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum NoOccupancy {
    /// An architecture the NVIDIA model does not have.
    #[error("the model does not know this architecture")]
    UnknownArch,
    /// No block size: neither `--wg-size` nor the cubin's launch bounds.
    // Not a refusal: a cubin kernel's "why" in the answer and the page, the same in every door.
    // Door-neutral: the CLI takes the block as `--wg-size`, Python's `cubins()` as `block`.
    #[error("no launch bounds in the cubin and no block size given")]
    NoBlockSize,
    /// No register count in the cubin's `.nv.info`.
    #[error("no register count in the cubin")]
    NoRegisterCount,
    /// The model refused the kernel at that block size (a block of 0 threads).
    #[error("{0}")]
    Refused(wavebudget_model::nvidia::NvRefusal),
    /// The device cannot load this cubin (SASS runs on its own major, at the same or a later minor; an
    /// `a` build only on its own architecture).
    #[error("a {cubin} cubin does not load on {device}")]
    CannotLoad {
        /// The cubin's architecture.
        cubin: String,
        /// The device's.
        device: &'static str,
    },
    /// A block over the kernel's `.maxntid`: the driver's `CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK` is
    /// that bound ("the maximum number of threads per block, beyond which a launch of the function would
    /// fail"; the H200 driver reports 256 for `__launch_bounds__(256)`, tests/data/nvidia/h200). A
    /// `.reqntid` is no such bound to the driver (it reports 1,024 for Triton's `.reqntid 32` kernels and
    /// answers their occupancy at other blocks), and is not refused.
    #[error(
        "a block of {block} threads is over the kernel's .maxntid {max} (the driver's most threads per block for it)"
    )]
    OverMaxntid {
        /// The block asked for.
        block: u32,
        /// `.maxntid`'s threads.
        max: u32,
    },
    /// A cubin of a Triton cache entry without its `<name>.json`: Triton's launch (its dynamic shared
    /// memory, often what binds) is unknown, and no dynamic shared memory was given in its place
    /// (`--dynamic-shared-mem`; the block is the kernel's `.maxntid`, which Triton sets).
    #[error(
        "no {json} beside it: Triton's launch (its shared memory) is unknown; give {} BYTES",
        wavebudget_model::text::Arg("dynamic-shared-mem")
    )]
    NoTritonLaunch {
        /// The JSON file's name.
        json: String,
    },
}

impl NoOccupancy {
    /// The variant's name in snake case, stable across releases.
    pub fn kind(&self) -> &'static str {
        match self {
            NoOccupancy::Refused(e) => e.kind(),
            other => other.into(),
        }
    }
}

impl Serialize for NoOccupancy {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

fn read_cuda(file: &str, bytes: &[u8], opts: &InspectOptions, budget: &InputBudget, report: &mut Report) -> Result<()> {
    use wavebudget_codeobj::cuda::{self, CudaFound};
    let mut found = Vec::new();
    cuda::walk_cuda(bytes, budget, &mut |f| {
        match f {
            CudaFound::Cubin(src, b) => {
                let c = cuda::parse_cubin(&b).map_err(|e| match src.entry {
                    Some(i) => e.within(format!("fat binary entry {i} (a cubin)")),
                    None => e,
                })?;
                report.kernels_before_filter += c.kernels.len();
                found.push((src, c));
            }
            CudaFound::Skipped(src, reason) => {
                report.skipped.push(Skipped { source: format!("{file}{}", src.suffix()), reason })
            }
        }
        Ok(())
    })
    .map_err(|e| Error::Reader { path: file.to_string(), source: e })?;
    for (src, c) in found {
        let target = opts.cuda.target.or_else(|| wavebudget_model::nvidia::parse_target(&format!("sm_{}", c.sm)));
        let kernels = c
            .kernels
            .iter()
            // A cubin kernel's symbol is its name (no descriptor symbol beside it).
            .filter(|k| opts.kernel.as_ref().is_none_or(|re| kernel_selected(re, &k.name, &k.name)))
            .map(|k| {
                let block = opts.wg_size.map(|w| w.max).or(k.reqntid_threads()).or(k.maxntid_threads());
                let loads = |t: &wavebudget_model::nvidia::Target| {
                    let (maj, min) = (c.sm / 10, c.sm % 10);
                    t.arch.major == maj && if c.arch_specific { t.arch.minor == min } else { t.arch.minor >= min }
                };
                // The kernel's `.maxntid`, against a block given for it.
                let bounds = block.and_then(|b| match k.maxntid_threads() {
                    Some(max) if b > max => Some(NoOccupancy::OverMaxntid { block: b, max }),
                    _ => None,
                });
                let (occupancy, no_occupancy, launch) = match (target, block, k.regs) {
                    (None, ..) => (None, Some(NoOccupancy::UnknownArch), None),
                    (Some(t), ..) if !loads(&t) => {
                        (None, Some(NoOccupancy::CannotLoad { cubin: c.arch(), device: t.arch.name }), None)
                    }
                    (_, None, _) => (None, Some(NoOccupancy::NoBlockSize), None),
                    (_, _, None) => (None, Some(NoOccupancy::NoRegisterCount), None),
                    (Some(t), Some(block), Some(regs)) => {
                        let shared_mem = u32::try_from(k.shared_mem).unwrap_or(u32::MAX);
                        let max_dynamic_shared_mem = opts.cuda.max_dynamic.map(|m| m.bytes(t.arch, shared_mem));
                        let kernel = wavebudget_model::nvidia::Kernel {
                            shared_mem,
                            dynamic_shared_mem: opts.cuda.dynamic_shared_mem.unwrap_or(0),
                            max_dynamic_shared_mem,
                            barriers: k.barriers,
                            ..wavebudget_model::nvidia::Kernel::new(regs, block)
                        };
                        match t.arch.occupancy(&kernel) {
                            Ok(o) => (Some(o), None, Some(kernel)),
                            Err(e) => (None, Some(NoOccupancy::Refused(e)), Some(kernel)),
                        }
                    }
                };
                // Past the model's answer (a limit over the device's, which the driver refuses to set
                // whatever the block, stays the command's refusal): a block the kernel cannot launch with.
                let (occupancy, no_occupancy, launch) = match (bounds, &no_occupancy) {
                    (Some(b), None) => (None, Some(b), None),
                    _ => (occupancy, no_occupancy, launch),
                };
                CubinKernelReport { kernel: k.clone(), block, occupancy, no_occupancy, launch }
            })
            .collect();
        report.cubins.push(CubinReport {
            source: format!("{file}{}", src.suffix()),
            arch: c.arch(),
            e_flags: c.e_flags,
            evaluated_on: target.map(|t| t.arch.name),
            evaluated: target,
            found: src,
            kernels,
        });
    }
    Ok(())
}

fn code_object_report(
    src: &wavebudget_codeobj::Source,
    co: &CodeObject<'_>,
    opts: &InspectOptions,
) -> CodeObjectReport {
    let own = co.flags.target().and_then(Result::ok);
    let eval = opts.target.or(own);
    let kernels = co
        .kernels
        .iter()
        .filter(|k| opts.kernel.as_ref().is_none_or(|re| kernel_selected(re, &k.meta.name, &k.meta.symbol)))
        .map(|k| kernel_report(k, co, own.as_ref(), eval.as_ref(), opts))
        .collect();
    let extra = co.metadata.as_ref().and_then(|m| extra_value(&m.extra));
    CodeObjectReport {
        source: String::new(),
        bundle: src.bundle,
        bundle_offset: src.bundle_offset,
        compression: src.compression,
        processor: co.flags.processor,
        target_id: co.target_id(),
        code_object_version: co.version,
        elf_type: co.kind,
        e_flags: co.e_flags,
        evaluated_on: eval.as_ref().map(TargetId::canonical),
        dvgpr_applies: eval.is_some_and(|id| Evaluation::reading(id, opts.llvm).dvgpr_applies()),
        metadata_extra: extra,
        launch: None,
        kernels,
    }
}

pub fn kernel_report(
    k: &Kernel<'_>,
    co: &CodeObject<'_>,
    own: Option<&TargetId>,
    eval: Option<&TargetId>,
    opts: &InspectOptions,
) -> KernelReport {
    let m = &k.meta;
    let mut notes = Vec::new();
    let wave = m.wavefront_size.or(k.descriptor.map(|d| if d.wavefront_size32 { 32 } else { 64 }));
    let workgroup =
        opts.wg_size.or_else(|| KernelResources::launch_of(m.reqd_workgroup_size, m.max_flat_workgroup_size));
    if let (None, Some(dims)) = (workgroup, m.reqd_workgroup_size) {
        notes.push(Note::ReqdWorkgroupOverflow { dims });
    }
    // WGP or CU mode: the metadata's, else the descriptor's bit (code object V4 has no metadata key).
    let wgp_mode = m.wgp_mode(k.descriptor.as_ref(), own.map(|id| id.processor));
    // The code object's own subtarget, for the descriptor's encoding.
    let own_st =
        own.and_then(|id| subtarget_for(&Evaluation::reading(*id, opts.llvm), wave, wgp_mode, &mut Vec::new()));
    let dynamic_lds = opts.dynamic_lds.unwrap_or(0);
    // The one evaluation on the target asked: its launch, LDS at launch, gfx12's dynamic-VGPR block.
    let evaluation = eval.map(|id| Evaluation {
        launch: Launch::named_or(opts.wg_size, Launch::OwnRange),
        dynamic_lds,
        dvgpr_block: opts.dvgpr_block,
        ..Evaluation::reading(*id, opts.llvm)
    });
    let eval_st = match &evaluation {
        Some(evaluation) => subtarget_for(evaluation, wave, wgp_mode, &mut notes).inspect(|st| {
            // gfx12's dynamic VGPRs without the block the kernels were built with: the file cannot say.
            if evaluation.dvgpr_unrecorded() {
                notes.push(Note::DynamicVgprUnrecorded { processor: st.processor().name });
            }
        }),
        None => {
            // A processor e_flags names but the model refuses (GFX6/GFX7: not modelled) says why.
            notes.push(match co.flags.target() {
                Some(Err(e)) => Note::TargetRefused(e),
                _ => Note::UnknownProcessor { mach: co.flags.mach },
            });
            None
        }
    };
    let usage = |vgprs: u32, sgprs: Option<u32>| {
        Some(Usage {
            vgprs: Vgprs::Total(vgprs),
            sgprs,
            // What the hardware allocates per workgroup: the static LDS and what the launch adds.
            lds: m.group_segment_fixed_size.unwrap_or(0).saturating_add(dynamic_lds),
            workgroup: workgroup?,
        })
    };
    // The kernel's resources (the descriptor decoded on its own processor) and the model's one
    // evaluation, as embed and dispatch do: where the target runs the code object's code (its own
    // processor, or a member of its generic family) the registers the descriptor allocates count (LLVM's
    // remark reports them); on another target only the metadata's.
    let same_target = evaluation.as_ref().is_some_and(|e| e.on_own_processor(own));
    let resources = k.resources(own.map(|id| id.processor));
    let mut result = None;
    let mut at_no_cost = None;
    let mut used = None;
    match (evaluation.as_ref().zip(eval_st.as_ref()), resources) {
        (Some((evaluation, st)), Some(res)) => {
            let evaluated = evaluation.resources_from(res, own);
            used = Some(evaluated);
            match evaluation.occupancy_on(st, &evaluated) {
                Ok(o) => {
                    if dynamic_lds > 0 && o.binding.contains(&Limiter::Lds) {
                        if let Ok(alone) = st.evaluate_waves(&evaluated, opts.wg_size, 0) {
                            if alone > o.waves_per_simd {
                                notes.push(Note::LaunchLdsBinds { dynamic_lds, waves: o.waves_per_simd, alone });
                            }
                        }
                    }
                    match evaluation.padding(st, &evaluated, &o) {
                        Padding::Caps { metadata } => {
                            notes.push(Note::PaddedDescriptorCaps { metadata, waves: o.waves_per_simd })
                        }
                        Padding::AtNoCost(plain) => at_no_cost = Some(plain),
                        Padding::None => {}
                    }
                    result = Some(o);
                }
                Err(e @ wavebudget_model::ModelError::Launch(_)) => {
                    notes.push(Note::NoOccupancy { on: None, error: e })
                }
                Err(e) => notes.push(Note::NoOccupancy { on: Some(st.id().canonical()), error: e }),
            }
        }
        (_, None) if m.vgpr_count.is_none() => notes.push(Note::NoVgprCount),
        _ => {}
    }
    // Why LLVM padded the descriptor is a fact of the compile: the kernel's own processor and launch
    // range, never the --target or --wg-size this question is asked with.
    let own_workgroup = KernelResources::launch_of(m.reqd_workgroup_size, m.max_flat_workgroup_size);
    let pad_cause = |padded_waves: u32| -> PadCause {
        let (Some(st), Some(wg)) = (&own_st, own_workgroup) else {
            return PadCause::Unknown;
        };
        let lds = m.group_segment_fixed_size.unwrap_or(0);
        let (_, with_lds) = st.workgroup_occupancy(lds, wg);
        let (_, launch_only) = st.workgroup_occupancy(0, wg);
        if padded_waves < with_lds {
            PadCause::WavesPerEuMax(padded_waves)
        } else if launch_only == with_lds {
            PadCause::LaunchSize(with_lds)
        } else {
            PadCause::Lds { waves: with_lds, lds }
        }
    };
    let descriptor = k.descriptor.map(|d| {
        descriptor_report(
            d,
            k,
            own_st.as_ref(),
            eval_st.as_ref().filter(|_| same_target),
            &usage,
            &pad_cause,
            &mut notes,
        )
    });
    if k.descriptor.is_none() {
        notes.push(Note::NoDescriptor { symbol: m.symbol.to_string() });
    }
    if m.symbol.strip_suffix(".kd") != Some(&*m.name) {
        notes.push(Note::SymbolMismatch { name: m.name.to_string(), symbol: m.symbol.to_string() });
    }
    let extra = extra_value(&m.extra);
    if let Some(o) = &result {
        // With the launch size taken from the metadata, the model's "range" caveat would repeat on every
        // kernel; the docs and `--wg-size` cover it.
        notes.extend(
            o.notes
                .iter()
                .filter(|n| opts.wg_size.is_some() || !matches!(n, OccupancyNote::LaunchRange { .. }))
                .cloned()
                .map(Note::Model),
        );
    }
    let pass = co.pass_info.iter().find(|p| p.kernel == m.name).cloned();
    if let Some(p) = &pass {
        notes.push(Note::PassSet { waves: p.waves, vgpr_budget: p.vgpr_budget });
    }
    KernelReport {
        metadata: m.without_args(),
        workgroup_size: workgroup,
        waves_per_simd: result.as_ref().map(|o| o.waves_per_simd),
        limiter: result.as_ref().map(|o| o.limiter),
        binding: result.as_ref().map(|o| o.binding.clone()),
        occupancy: result.as_ref().map(|o| o.occupancy),
        limits: result.as_ref().map(|o| o.limits),
        descriptor,
        metadata_extra: extra,
        pass,
        notes,
        // The evaluation itself, moved (not copied) into the report.
        evaluation: eval_st.zip(result),
        at_no_cost,
        resources: used,
    }
}

/// Unknown metadata keys as one owned map for the report, `None` when there are none.
fn extra_value(extra: &[(std::borrow::Cow<'_, str>, Value<'_>)]) -> Option<Value<'static>> {
    (!extra.is_empty()).then(|| {
        Value::Map(extra.iter().map(|(k, v)| (Value::Str(k.to_string().into()), v.clone().into_owned())).collect())
    })
}

/// A subtarget for `id` with the kernel's wave size (when the target runs it) and WGP/CU mode.
pub(crate) fn subtarget_for(
    evaluation: &Evaluation,
    wave: Option<u32>,
    wgp_mode: Option<bool>,
    notes: &mut Vec<Note>,
) -> Option<Subtarget> {
    let p = evaluation.target.processor;
    // A wave size the processor does not run: evaluated at its default, and said.
    if let Some(w) = evaluation.wave_not_run(wave) {
        notes.push(Note::WaveSizeNotRun { processor: p.name, wave: w, evaluated: p.default_wave_size() });
    }
    match evaluation.subtarget(wave, wgp_mode) {
        Ok(on) => Some(on.subtarget),
        Err(e) => {
            notes.push(Note::NoOccupancy { on: Some(evaluation.target.canonical()), error: e });
            None
        }
    }
}

fn descriptor_report(
    d: KernelDescriptor,
    k: &Kernel<'_>,
    own: Option<&Subtarget>,
    eval: Option<&Subtarget>,
    usage: &dyn Fn(u32, Option<u32>) -> Option<Usage>,
    pad_cause: &dyn Fn(u32) -> PadCause,
    notes: &mut Vec<Note>,
) -> DescriptorReport {
    let m = &k.meta;
    let mut out =
        DescriptorReport { vgprs: None, sgprs: None, first_agpr: d.first_agpr(), waves_per_simd: None, fields: d };
    let Some(st) = own else { return out };
    let p = st.processor();
    let enc = p.vgpr_encoding_granule(st.wave_size());
    let (vgprs, sgprs) = d.allocated(p, st.wave_size());
    (out.vgprs, out.sgprs) = (Some(vgprs), sgprs);
    // The descriptor's fields hold at most 64 VGPR and 16 SGPR granules (6 and 4 bits, count - 1).
    if let Some(v) = m.vgpr_count.filter(|&v| v.max(1).div_ceil(enc) > 64) {
        notes.push(Note::DescriptorUnencodable {
            what: "VGPRs",
            field: ".vgpr_count",
            count: v,
            encoded: vgprs,
            max: 64 * enc,
        });
    } else if let Some(v) = m.vgpr_count {
        let expected = v.max(1).div_ceil(enc) * enc;
        if vgprs != expected {
            notes.push(Note::DescriptorVgprs {
                encoded: vgprs,
                vgpr_count: v,
                expected,
                cause: if vgprs > expected {
                    pad_cause(st.vgpr_waves(vgprs.min(st.max_total_vgprs())))
                } else {
                    PadCause::FewerThanMetadata
                },
            });
        }
    }
    if let (Some(s), Some(g), Some(ds)) = (m.sgpr_count, p.sgpr_encoding_granule(), out.sgprs) {
        let s = if p.sgpr_init_bug { wavebudget_model::targets::FIXED_SGPRS_FOR_INIT_BUG } else { s };
        if s.max(1).div_ceil(g) > 16 {
            notes.push(Note::DescriptorUnencodable {
                what: "SGPRs",
                field: ".sgpr_count",
                count: s,
                encoded: ds,
                max: 16 * g,
            });
        } else {
            let expected = s.max(1).div_ceil(g) * g;
            if ds != expected {
                notes.push(Note::DescriptorSgprs { encoded: ds, sgpr_count: s, expected });
            }
        }
    }
    if let Some(lds) = m.group_segment_fixed_size.filter(|&l| l != d.group_segment_fixed_size) {
        notes.push(Note::DescriptorLds { descriptor: d.group_segment_fixed_size, metadata: lds });
    }
    if let Some(ps) = m.private_segment_fixed_size.filter(|&s| s != d.private_segment_fixed_size) {
        notes.push(Note::DescriptorScratch { descriptor: d.private_segment_fixed_size, metadata: ps });
    }
    if let Some(w) = m.wavefront_size.filter(|&w| (w == 32) != d.wavefront_size32) {
        notes.push(Note::DescriptorWave { wavefront_size: w, wave32: d.wavefront_size32 });
    }
    if let Some(st) = eval {
        out.waves_per_simd = descriptor_waves(st, m.vgpr_count, m.sgpr_count, (vgprs, out.sgprs), usage);
    }
    out
}

/// The waves the descriptor's registers give, by the model's one rule ([`Subtarget::allocation`]) with
/// the metadata's counts. A count the metadata lacks is any in the descriptor's last encoding granule:
/// the waves are given only where every count in it gives the same (99 and 104 SGPRs do not).
fn descriptor_waves(
    st: &Subtarget,
    vgpr_count: Option<u32>,
    sgpr_count: Option<u32>,
    (dv, ds): (u32, Option<u32>),
    usage: &dyn Fn(u32, Option<u32>) -> Option<Usage>,
) -> Option<u32> {
    let p = st.processor();
    let venc = p.vgpr_encoding_granule(st.wave_size());
    let lowest = |encoded: u32, g: u32| encoded.saturating_sub(g - 1).max(1);
    let waves_at = |v: Option<u32>, s: Option<u32>| -> Option<u32> {
        let a = st.allocation(v.unwrap_or(lowest(dv, venc)), s.unwrap_or(0), Some((dv, ds)));
        let sgprs = match (ds, s) {
            (Some(_), _) | (None, Some(_)) => Some(a.sgprs),
            (None, None) => None,
        };
        st.check(usage(a.vgprs, sgprs)?).ok().map(|c| c.waves_per_simd())
    };
    let sgpr_granule = p.sgpr_encoding_granule().unwrap_or(1);
    let s_range = match (sgpr_count, ds) {
        (Some(s), _) => (Some(s), Some(s)),
        (None, Some(ds)) => (Some(lowest(ds, sgpr_granule)), Some(ds)),
        (None, None) => (None, None),
    };
    let v_range = match vgpr_count {
        Some(v) => (Some(v), Some(v)),
        None => (Some(lowest(dv, venc)), Some(dv)),
    };
    let lo = waves_at(v_range.0, s_range.0)?;
    (waves_at(v_range.1, s_range.1)? == lo).then_some(lo)
}
