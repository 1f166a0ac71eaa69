//! Triton on AMD: its cache (`<hash>/<name>.hsaco` with Triton's metadata `<name>.json` beside it) and its
//! launch rule, the one place either is written: a kernel launches with `num_warps x warp_size` threads
//! and `shared` bytes of LDS allocated at launch, on top of the code object's static LDS.

use serde::Serialize;
use std::path::{Path, PathBuf};

use crate::inspect::{self, CodeObjectReport, InspectOptions, Report};
use crate::{Error, Note, Result};
use wavebudget_codeobj::KernelMeta;
use wavebudget_model::{BudgetNote, Limiter, Llvm, Subtarget, Usage, Vgprs, WavesRange, WorkgroupSize};

/// What Triton's metadata JSON beside a cache entry's `.hsaco` says about its launch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TritonLaunch {
    /// The `<name>.json` read.
    pub source: String,
    /// `shared`: LDS bytes per workgroup Triton allocates at launch.
    pub shared: u32,
    /// `num_warps * warp_size`: the launch size.
    pub wg_size: u32,
    /// `warp_size`: the wave size Triton launched with (32 or 64; the kernel's `.wavefront_size`).
    pub warp_size: u32,
    /// `waves_per_eu` as compiled (0: none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub waves_per_eu: Option<u32>,
    /// The processor Triton compiled for (`target.arch`, or `arch` in older files), where the JSON says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arch: Option<String>,
    /// CUDA: the compute capability Triton compiled for (`target: {backend: cuda, arch: 90}`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cuda_arch: Option<u32>,
    /// What the caller's dynamic LDS / launch size replaced (the occupancy columns use those).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub overridden: Vec<&'static str>,
}

/// The threads of an NVIDIA warp, which Triton's CUDA backend launches `num_warps` of.
pub const CUDA_WARP_SIZE: u32 = 32;

/// Triton's launch size: `num_warps` warps of `warp_size` lanes (every door that turns a Triton config into
/// a workgroup size takes it here; 0 or an overflow is no launch size).
pub fn launch_size(num_warps: u32, warp_size: u32) -> Result<u32, JsonProblem> {
    num_warps.checked_mul(warp_size).filter(|&n| n > 0).ok_or(JsonProblem::NoLaunchSize { num_warps, warp_size })
}

impl TritonLaunch {
    /// Triton's launch rule: `num_warps` warps of `warp_size` lanes with `shared` bytes of LDS at launch.
    /// `source` names where the numbers came from, for the refusal of a wave size an AMD GPU does not
    /// run or a launch size that overflows.
    pub fn new(source: &str, shared: u32, num_warps: u32, warp_size: u32) -> Result<TritonLaunch, JsonProblem> {
        if warp_size != 32 && warp_size != 64 {
            return Err(JsonProblem::WarpSize { warp_size });
        }
        let wg_size = launch_size(num_warps, warp_size)?;
        Ok(TritonLaunch {
            source: source.to_string(),
            shared,
            wg_size,
            warp_size,
            waves_per_eu: None,
            arch: None,
            cuda_arch: None,
            overridden: Vec::new(),
        })
    }

    /// Triton's CUDA launch rule: `num_warps` warps of 32 threads with `shared` bytes of dynamic shared
    /// memory, on compute capability `arch` (what a CUDA `CompiledKernel`'s metadata gives: `target.arch`).
    pub fn cuda(source: &str, shared: u32, num_warps: u32, arch: u32) -> Result<TritonLaunch, JsonProblem> {
        Ok(TritonLaunch { cuda_arch: Some(arch), ..TritonLaunch::new(source, shared, num_warps, CUDA_WARP_SIZE)? })
    }

    /// The refusal of a code object built for another processor than the JSON's `arch` (the entry's
    /// files come from two compiles), or `None`. Product names and target ids are compared by processor.
    pub fn check_arch(&self, file: &str, processor: Option<&str>) -> Option<Error> {
        let (arch, own) = (self.arch.as_deref()?, processor?);
        let named = |t: &str| wavebudget_model::target_id_of(t).map(|id| id.processor.name);
        let json = named(arch).unwrap_or(arch.split(':').next().unwrap_or(arch));
        (json != named(own).unwrap_or(own)).then(|| Error::TritonArch {
            json: self.source.clone(),
            arch: arch.to_string(),
            file: file.to_string(),
            processor: own.to_string(),
        })
    }

    /// `num_warps`: the launch size in warps.
    pub fn num_warps(&self) -> u32 {
        self.wg_size / self.warp_size
    }

    /// The refusal of a kernel whose wave size is not Triton's `warp_size` (then `num_warps x
    /// warp_size` is not its launch size), or `None`.
    pub fn check_wave(&self, kernel: &str, file: &str, wave: Option<u32>) -> Option<Error> {
        wave.filter(|&w| w != self.warp_size).map(|wave| Error::WarpSize {
            json: self.source.clone(),
            warp_size: self.warp_size,
            kernel: kernel.to_string(),
            file: file.to_string(),
            wave,
        })
    }
}

/// What is wrong with Triton's metadata JSON (or with a launch given as its numbers).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JsonProblem {
    /// Not JSON at all.
    #[error("not Triton's metadata JSON: {0}")]
    NotJson(String),
    /// A key Triton always writes is absent.
    #[error("no \"{0}\" (Triton's metadata JSON has it)")]
    Missing(&'static str),
    /// A key is not a count (a whole number that fits 32 bits).
    #[error("\"{key}\" is {value}, not a count")]
    NotACount {
        /// The key.
        key: &'static str,
        /// Its JSON text.
        value: String,
    },
    /// A wave size AMD GPUs do not run.
    #[error("\"warp_size\" {warp_size}: an AMD wave has 32 or 64 lanes, so num_warps x warp_size is no launch size")]
    WarpSize {
        /// The `warp_size`.
        warp_size: u32,
    },
    /// `num_warps x warp_size` is 0 or overflows.
    #[error("num_warps {num_warps} x warp_size {warp_size} is no launch size")]
    NoLaunchSize {
        /// `num_warps`.
        num_warps: u32,
        /// `warp_size`.
        warp_size: u32,
    },
}

/// The `.hsaco` (AMD) and `.cubin` (NVIDIA) files under `dir` (sorted, not following symlinked directories
/// twice), each with the launch its sibling `<name>.json` gives when there is one.
pub fn cache_entries(dir: &Path) -> Result<Vec<(PathBuf, Option<TritonLaunch>)>> {
    cache_entries_of(dir, None)
}

/// [`cache_entries`] of a directory whose metadata the caller has already read.
pub(crate) fn cache_entries_of(
    dir: &Path,
    meta: Option<std::fs::Metadata>,
) -> Result<Vec<(PathBuf, Option<TritonLaunch>)>> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    walk_cache(dir, meta, &mut seen, &mut out)?;
    Ok(out)
}

/// Depth first in path order; directories (each known by its device and inode) are walked once each,
/// however many symlinks reach them.
fn walk_cache(
    d: &Path,
    meta: Option<std::fs::Metadata>,
    seen: &mut std::collections::HashSet<(u64, u64)>,
    out: &mut Vec<(PathBuf, Option<TritonLaunch>)>,
) -> Result<()> {
    use std::os::unix::fs::MetadataExt;
    let io = |e: std::io::Error| Error::Io { path: d.display().to_string(), source: e };
    let meta = match meta {
        Some(m) => m,
        None => std::fs::metadata(d).map_err(io)?,
    };
    if !seen.insert((meta.dev(), meta.ino())) {
        return Ok(());
    }
    let mut entries: Vec<_> = std::fs::read_dir(d)
        .map_err(io)?
        .map(|e| e.map(|e| (e.path(), e.file_type().ok())))
        .collect::<Result<_, _>>()
        .map_err(io)?;
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (path, kind) in entries {
        // The directory's own word for its entries' types, but for symlinks (followed, as a path is) and
        // where it has none.
        let is_dir = match kind {
            Some(k) if !k.is_symlink() => k.is_dir(),
            _ => path.is_dir(),
        };
        if is_dir {
            walk_cache(&path, None, seen, out)?;
        } else if path.extension().is_some_and(|e| e == "hsaco" || e == "cubin") {
            // A cache holds regular files: a FIFO, socket or device here is refused by name, at once.
            check_regular(&path)?;
            let launch = launch_beside(&path.with_extension("json"))?;
            out.push((path, launch));
        }
    }
    Ok(())
}

/// [`map_regular`]'s refusal of what is not a regular file, without reading it.
fn check_regular(path: &Path) -> Result<()> {
    wavebudget_codeobj::Mapped::check_regular(path)
        .map_err(|e| Error::Reader { path: path.display().to_string(), source: e })
}

/// A regular file's bytes, mapped (a pipe, device or socket is refused at once, not waited on).
pub(crate) fn map_regular(path: &Path) -> Result<wavebudget_codeobj::Mapped> {
    wavebudget_codeobj::Mapped::open_regular(path)
        .map_err(|e| Error::Reader { path: path.display().to_string(), source: e })
}

/// The launch in the `<name>.json` beside a `.hsaco`: `None` where there is none (nothing of that name, not
/// even a dangling link), its refusal where it is there but unreadable or not Triton's. Read first and
/// looked for only when the read fails: one system call fewer for the file that is there.
fn launch_beside(json: &Path) -> Result<Option<TritonLaunch>> {
    match read_launch(json) {
        Ok(launch) => Ok(Some(launch)),
        Err(_) if json.symlink_metadata().is_err() => Ok(None),
        Err(e) => Err(e),
    }
}

/// Reads `shared`, `num_warps`, `warp_size` and `waves_per_eu` from Triton's metadata JSON file.
pub fn read_launch(json: &Path) -> Result<TritonLaunch> {
    let name = json.display().to_string();
    let mapped = map_regular(json)?;
    parse_launch(&name, mapped.bytes()).map_err(|problem| Error::TritonJson { path: name, problem })
}

/// [`read_launch`] of the JSON's bytes; `source` names them in the launch.
#[expect(
    clippy::disallowed_methods,
    reason = "Triton's metadata JSON has no type of ours: a few keys are read, each refused by name where it is not what Triton writes"
)]
pub fn parse_launch(source: &str, bytes: &[u8]) -> Result<TritonLaunch, JsonProblem> {
    let v: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| JsonProblem::NotJson(e.to_string()))?;
    let field = |key: &'static str| -> Result<Option<u32>, JsonProblem> {
        match v.get(key) {
            None => Ok(None),
            Some(x) => x
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .map(Some)
                .ok_or_else(|| JsonProblem::NotACount { key, value: x.to_string() }),
        }
    };
    let need = |key: &'static str| field(key)?.ok_or(JsonProblem::Missing(key));
    let shared = need("shared")?;
    let num_warps = need("num_warps")?;
    // Older Triton writes the wave size only under "target".
    let warp_size = match field("warp_size")? {
        Some(w) => w,
        None => v
            .pointer("/target/warp_size")
            .and_then(|x| x.as_u64())
            .and_then(|n| u32::try_from(n).ok())
            .ok_or(JsonProblem::Missing("warp_size"))?,
    };
    let mut launch = TritonLaunch::new(source, shared, num_warps, warp_size)?;
    launch.waves_per_eu = field("waves_per_eu")?;
    // A string on AMD (`"gfx942"`); CUDA's JSON writes a number (90), which names no AMD processor.
    launch.arch = v.pointer("/target/arch").or_else(|| v.get("arch")).and_then(|a| a.as_str()).map(str::to_string);
    if v.pointer("/target/backend").and_then(|b| b.as_str()) == Some("cuda") {
        launch.cuda_arch = v.pointer("/target/arch").and_then(|a| a.as_u64()).and_then(|n| u32::try_from(n).ok());
    }
    Ok(launch)
}

/// A question about a Triton launch without an answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum Refusal {
    /// `num_warps` 0.
    #[error("num_warps 0: expected at least 1")]
    NoWarps,
    /// A cache entry (or a compiled kernel's hsaco) holds other than one code object.
    #[error("{what}: a Triton cache entry holds one code object; found {found}")]
    CodeObjects {
        /// The entry, the `.hsaco` or `the compiled kernel's hsaco`.
        what: String,
        /// How many it holds.
        found: usize,
    },
    /// A `.hsaco` without the `<name>.json` beside it.
    #[error("{hsaco}: no <name>.json beside it: Triton's launch is unknown")]
    NoLaunch {
        /// The `.hsaco`.
        hsaco: String,
    },
    /// A code object with other than one kernel.
    #[error("{code_object}: {found} kernels where Triton writes one")]
    Kernels {
        /// The code object.
        code_object: String,
        /// How many kernels it holds.
        found: usize,
    },
    /// The kernel has no occupancy at its launch.
    #[error("{kernel}: no occupancy at launch: {}", join(.notes))]
    NoOccupancy {
        /// The kernel.
        kernel: String,
        /// Why (the kernel's notes).
        notes: Vec<Note>,
    },
}

wavebudget_model::kind_is_variant!(Refusal);

fn join(notes: &[Note]) -> String {
    notes.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

/// What LLVM does with `waves_per_eu=W` on a Triton kernel of `num_warps` warps, before compiling
/// ([`explain`]). Triton writes `"amdgpu-flat-work-group-size"="1,<num_warps * warp_size>"` and, for
/// W > 0, `"amdgpu-waves-per-eu"="W,W"`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The target, canonical.
    pub target: String,
    /// Warps per workgroup.
    pub num_warps: u32,
    /// Lanes per warp (the wave size).
    pub warp_size: u32,
    /// W.
    pub waves_per_eu: u32,
    /// LDS bytes Triton allocates at launch.
    pub shared: u32,
    /// The launch range Triton writes (1 to `num_warps * warp_size`).
    pub launch_range: WorkgroupSize,
    /// Waves/SIMD the hardware runs at launch with `shared` and the launch size, registers aside.
    pub launch_waves_per_simd: u32,
    /// What binds those.
    pub launch_limiter: Limiter,
    /// The attribute's accepted range at this launch range (absent where W is 0 or above the maximum).
    pub accepted_range: Option<WavesRange>,
    /// The code will be identical to `waves_per_eu=0`.
    pub ignored: bool,
    /// Why, as a variant.
    pub reason: Decision,
    /// Whether LLVM can cap occupancy at exactly W (it pads registers to do so); absent when ignored.
    pub reachable: Option<bool>,
    /// The VGPRs LLVM allows at W; absent when ignored.
    pub max_vgprs: Option<u32>,
    /// W is above the waves the launch allows: registers are squeezed for waves that cannot run.
    pub unrunnable: bool,
    /// The budget's notes, then why W cannot run.
    pub notes: Vec<ExplainNote>,
}

/// What LLVM does with `"amdgpu-waves-per-eu"="W,W"` and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum Decision {
    /// W = 0: no attribute.
    #[error("waves_per_eu=0 sets no amdgpu-waves-per-eu: LLVM's default")]
    NoRequest,
    /// W above the target's maximum.
    #[error("{target} runs at most {max} waves/SIMD: LLVM ignores \"{waves},{waves}\"")]
    AboveTarget {
        /// The target.
        target: &'static str,
        /// Its maximum waves/SIMD.
        max: u32,
        /// W.
        waves: u32,
    },
    /// W below what the largest workgroup of the range implies.
    #[error("a workgroup of up to {wg_size} threads ({num_warps} warps of {warp_size}) needs at least {min} waves/SIMD: LLVM ignores \"{waves},{waves}\" below that")]
    BelowRange {
        /// The largest launch size.
        wg_size: u32,
        /// Warps.
        num_warps: u32,
        /// Lanes per warp.
        warp_size: u32,
        /// The accepted minimum.
        min: u32,
        /// W.
        waves: u32,
    },
    /// W above what the launch range allows.
    #[error("the launch range 1..{wg_size} allows at most {max} waves/SIMD: LLVM ignores \"{waves},{waves}\"")]
    AboveRange {
        /// The largest launch size.
        wg_size: u32,
        /// The accepted maximum.
        max: u32,
        /// W.
        waves: u32,
    },
    /// LLVM accepts W.
    #[error("LLVM accepts \"{waves},{waves}\" (range {min}..{max}) and budgets {max_vgprs} VGPRs")]
    Accepted {
        /// W.
        waves: u32,
        /// The accepted range's minimum.
        min: u32,
        /// Its maximum.
        max: u32,
        /// The VGPR budget at W.
        max_vgprs: u32,
    },
}

wavebudget_model::kind_is_variant!(Decision);

/// A note of [`Explanation`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum ExplainNote {
    /// The budget's note.
    #[error(transparent)]
    Budget(BudgetNote),
    /// W is above the waves the launch allows.
    #[error("at launch {} allows {launch} waves/SIMD{}: registers are squeezed to {waves} waves that cannot run", .limiter.as_str(), if *.limiter == Limiter::Lds { format!(" ({shared} bytes of shared)") } else { String::new() })]
    Unrunnable {
        /// What binds at launch.
        limiter: Limiter,
        /// Waves/SIMD at launch.
        launch: u32,
        /// `shared` bytes.
        shared: u32,
        /// W.
        waves: u32,
    },
}

impl ExplainNote {
    /// The variant's name in snake case, stable across releases.
    pub fn kind(&self) -> &'static str {
        match self {
            ExplainNote::Budget(n) => n.kind(),
            other => other.into(),
        }
    }
}

macro_rules! as_text {
    ($($t:ty),*) => {$(
        /// Written as its text.
        impl Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
    )*};
}
as_text!(Decision, ExplainNote, Refusal);

/// What LLVM will do with `waves_per_eu` for a kernel of `num_warps` warps on `st` (whose wave size is
/// the warp size), with `shared` bytes of LDS at launch, before compiling.
pub fn explain(st: &Subtarget, num_warps: u32, waves_per_eu: u32, shared: u32) -> Result<Explanation> {
    if num_warps == 0 {
        return Err(Error::Triton(Refusal::NoWarps));
    }
    let warp = st.wave_size();
    let wg = launch_size(num_warps, warp).map_err(|problem| Error::TritonJson { path: "num_warps".into(), problem })?;
    let launch_wg = WorkgroupSize::fixed(wg).validate()?;
    let usage = Usage { vgprs: Vgprs::Total(0), sgprs: Some(0), lds: shared, workgroup: launch_wg };
    let checked = st.check(usage)?;
    let (launch_waves, limits) = (checked.waves_per_simd(), checked.limits());
    let mut out = Explanation {
        target: st.id().canonical(),
        num_warps,
        warp_size: warp,
        waves_per_eu,
        shared,
        launch_range: WorkgroupSize { min: 1, max: wg },
        launch_waves_per_simd: launch_waves,
        launch_limiter: limits.limiter(launch_waves, st.max_waves()),
        accepted_range: None,
        ignored: false,
        reason: Decision::NoRequest,
        reachable: None,
        max_vgprs: None,
        unrunnable: false,
        notes: Vec::new(),
    };
    let w = waves_per_eu;
    if w == 0 {
        return Ok(out);
    }
    if w > st.max_waves() {
        out.ignored = true;
        out.reason = Decision::AboveTarget { target: st.processor().name, max: st.max_waves(), waves: w };
        return Ok(out);
    }
    let b = st.budget(w, WorkgroupSize { min: 1, max: wg }, 0)?;
    let (lo, hi) = (b.accepted_range.min, b.accepted_range.max);
    out.accepted_range = Some(b.accepted_range);
    if w < lo {
        out.ignored = true;
        out.reason = Decision::BelowRange { wg_size: wg, num_warps, warp_size: warp, min: lo, waves: w };
        return Ok(out);
    }
    if w > hi {
        out.ignored = true;
        out.reason = Decision::AboveRange { wg_size: wg, max: hi, waves: w };
        return Ok(out);
    }
    out.reachable = Some(b.exact_reachable);
    out.max_vgprs = Some(b.max_vgprs);
    out.reason = Decision::Accepted { waves: w, min: lo, max: hi, max_vgprs: b.max_vgprs };
    out.notes = b.notes.into_iter().map(ExplainNote::Budget).collect();
    if w > launch_waves {
        out.unrunnable = true;
        out.notes.push(ExplainNote::Unrunnable { limiter: out.launch_limiter, launch: launch_waves, shared, waves: w });
    }
    Ok(out)
}

/// A compiled Triton kernel at launch ([`launch_report`]).
#[derive(Debug, Clone, Serialize)]
pub struct LaunchReport {
    /// The kernel.
    pub name: String,
    /// The target evaluated on (the code object's own, canonical).
    pub target: String,
    /// LDS bytes Triton allocates at launch.
    pub shared: u32,
    /// Warps per workgroup.
    pub num_warps: u32,
    /// Lanes per warp.
    pub warp_size: u32,
    /// `num_warps * warp_size`.
    pub wg_size: u32,
    /// Waves/SIMD at this launch.
    pub waves_per_simd: u32,
    /// What binds them (the first of `binding`).
    pub limiter: Limiter,
    /// Every limiter at `waves_per_simd`.
    pub binding: Vec<Limiter>,
    /// Waves/SIMD of the code object alone: LLVM's `; Occupancy`, without Triton's launch.
    pub llvm_waves_per_simd: Option<u32>,
    /// The kernel's metadata entry (without `.args`), whose register and spill counts the JSON gives
    /// under the metadata's names (`vgpr_count`, `agpr_count`, `sgpr_count`, `vgpr_spill_count`,
    /// `sgpr_spill_count`).
    #[serde(flatten, serialize_with = "counts_json")]
    pub metadata: KernelMeta<'static>,
    /// The budget for one more wave and what blocks it (absent at the target's maximum).
    pub next_wave: Option<NextWave>,
    /// The kernel's notes.
    pub notes: Vec<Note>,
}

/// The budget for one more wave than a kernel gets at launch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NextWave {
    /// Waves/SIMD asked for.
    pub waves: u32,
    /// The limiters below it, by name.
    pub blocked_by: Vec<Limiter>,
    /// Whether the launch allows that many at all.
    pub reachable: bool,
    /// The VGPRs that allow it.
    pub max_vgprs: u32,
    /// The SGPRs that allow it.
    pub max_sgprs: Option<u32>,
    /// The LDS bytes that allow it, in the hardware's granule (Triton's `shared` is allocated at launch).
    pub max_lds_bytes: Option<u32>,
    /// The kernel's LDS at launch: static plus `shared`.
    pub lds_bytes: u32,
}

/// A compiled Triton kernel (its `hsaco` bytes, named `name` in messages) at Triton's `launch`.
pub fn launch_report(name: &str, hsaco: &[u8], launch: TritonLaunch, llvm: Llvm) -> Result<LaunchReport> {
    let opts = InspectOptions { llvm, ..InspectOptions::default() };
    let at_launch = inspect::inspect_bytes(name, hsaco, Some(launch.clone()), &opts)?;
    report_of(name, at_launch, &launch)
}

/// A Triton cache entry's one code object (`.hsaco` or `.cubin`) and its launch: the entry's directory
/// (one code object), or the code object itself with the `<name>.json` beside it; refused without the
/// JSON, since Triton's launch is then unknown.
fn entry_at(path: &Path) -> Result<(PathBuf, TritonLaunch)> {
    // The directory's metadata read once: `is_dir` here, its (device, inode) in the walk.
    let (file, launch) = if let Some(meta) = std::fs::metadata(path).ok().filter(|m| m.is_dir()) {
        let mut entries = cache_entries_of(path, Some(meta))?;
        if entries.is_empty() {
            return Err(Error::NotATritonCache { path: path.display().to_string() });
        }
        if entries.len() != 1 {
            let what = path.display().to_string();
            return Err(Error::Triton(Refusal::CodeObjects { what, found: entries.len() }));
        }
        entries.remove(0)
    } else {
        (path.to_path_buf(), launch_beside(&path.with_extension("json"))?)
    };
    match launch {
        Some(launch) => Ok((file, launch)),
        None => Err(Error::Triton(Refusal::NoLaunch { hsaco: file.display().to_string() })),
    }
}

/// A Triton cache entry at Triton's launch, as its file is: an AMD kernel's report, or an NVIDIA kernel as
/// `inspect` reads its cubin.
#[derive(Debug, Clone)]
#[allow(clippy::exhaustive_enums, reason = "a closed set, one per vendor: its users match every variant")]
pub enum EntryReport {
    /// A `.hsaco`'s kernel ([`launch_report`]).
    Amd(LaunchReport),
    /// A `.cubin`'s kernel ([`cuda_launch_report`]); without the JSON, Triton's launch is unknown and
    /// refused as an AMD entry's is ([`Refusal::NoLaunch`]).
    Cuda(inspect::CubinKernelReport),
}

/// A Triton cache entry of either vendor at Triton's launch: its directory (one `.hsaco` or `.cubin`), or
/// the file itself, with the `<name>.json` beside it. Which vendor is the entry's file's (a `.cubin` is
/// NVIDIA's, as a cache walk and `inspect` take it); a directory holding both is two entries, refused.
pub fn entry_launch_report(path: &Path, llvm: Llvm) -> Result<EntryReport> {
    let (file, launch) = entry_at(path)?;
    let mapped = map_regular(&file)?;
    let name = file.display().to_string();
    if is_cubin(&file) {
        cuda_launch_report(&name, mapped.bytes(), launch).map(EntryReport::Cuda)
    } else {
        launch_report(&name, mapped.bytes(), launch, llvm).map(EntryReport::Amd)
    }
}

/// Whether a cache entry's file is an NVIDIA cubin (by its name, as Triton writes it).
pub(crate) fn is_cubin(file: &Path) -> bool {
    file.extension().is_some_and(|e| e == "cubin")
}

/// A compiled Triton NVIDIA kernel (its cubin's bytes, named `name` in messages) at Triton's `launch`
/// (Triton's CUDA launcher: `num_warps` x 32 threads, `shared` bytes of dynamic shared memory, the limit
/// raised to the device's opt-in maximum, on the architecture it was compiled for): its one kernel as
/// `inspect` reads it. Other than one cubin of one kernel is refused ([`Refusal::CodeObjects`],
/// [`Refusal::Kernels`]).
pub fn cuda_launch_report(name: &str, cubin: &[u8], launch: TritonLaunch) -> Result<inspect::CubinKernelReport> {
    let mut report = inspect::binary_at_launch(name, cubin, true, launch)?;
    if report.cubins.len() != 1 || !report.code_objects.is_empty() {
        let found = report.cubins.len() + report.code_objects.len();
        return Err(Error::Triton(Refusal::CodeObjects { what: name.to_string(), found }));
    }
    let mut kernels = report.cubins.remove(0).kernels;
    if kernels.len() != 1 {
        return Err(Error::Triton(Refusal::Kernels { code_object: name.to_string(), found: kernels.len() }));
    }
    Ok(kernels.remove(0))
}

/// The register and spill counts of a kernel's metadata, under the metadata's names.
fn counts_json<S: serde::Serializer>(m: &KernelMeta<'static>, s: S) -> std::result::Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(None)?;
    map.serialize_entry("vgpr_count", &m.vgpr_count)?;
    map.serialize_entry("agpr_count", &m.agpr_count)?;
    map.serialize_entry("sgpr_count", &m.sgpr_count)?;
    map.serialize_entry("vgpr_spill_count", &m.vgpr_spill_count)?;
    map.serialize_entry("sgpr_spill_count", &m.sgpr_spill_count)?;
    map.end()
}

fn report_of(name: &str, at_launch: Report, launch: &TritonLaunch) -> Result<LaunchReport> {
    let one = |r: Report| -> Result<CodeObjectReport> {
        let found = r.code_objects.len();
        let mut cos = r.code_objects;
        match cos.pop() {
            Some(co) if found == 1 => Ok(co),
            _ => Err(Error::Triton(Refusal::CodeObjects { what: name.to_string(), found })),
        }
    };
    let mut co = one(at_launch)?;
    if co.kernels.len() != 1 {
        return Err(Error::Triton(Refusal::Kernels { code_object: co.source, found: co.kernels.len() }));
    }
    let mut k = co.kernels.remove(0);
    let Some((st, o)) = k.evaluation.take() else {
        return Err(Error::Triton(Refusal::NoOccupancy { kernel: k.metadata.name.to_string(), notes: k.notes }));
    };
    let w = o.waves_per_simd;
    let m = &k.metadata;
    let next_wave = if w < st.max_waves() {
        let b = st.budget(w + 1, WorkgroupSize::fixed(launch.wg_size), 0)?;
        let l = o.limits;
        let mut blocked_by: Vec<Limiter> = [
            (Limiter::Vgpr, l.vgpr),
            (Limiter::Sgpr, l.sgpr),
            (Limiter::Lds, l.lds),
            (Limiter::Workgroup, l.workgroup),
        ]
        .into_iter()
        .filter(|&(_, waves)| waves < w + 1)
        .map(|(limiter, _)| limiter)
        .collect();
        blocked_by.sort_by_key(|l| l.as_str());
        Some(NextWave {
            waves: w + 1,
            blocked_by,
            reachable: b.reachable,
            max_vgprs: b.max_vgprs,
            max_sgprs: b.max_sgprs,
            max_lds_bytes: b.hardware_max_lds_bytes,
            lds_bytes: m.group_segment_fixed_size.unwrap_or(0).saturating_add(launch.shared),
        })
    } else {
        None
    };
    Ok(LaunchReport {
        name: m.name.to_string(),
        target: st.id().canonical(),
        shared: launch.shared,
        num_warps: launch.num_warps(),
        warp_size: launch.warp_size,
        wg_size: launch.wg_size,
        waves_per_simd: w,
        limiter: o.limiter,
        binding: o.binding,
        // The code object alone (its own launch range, no LDS given at launch): LLVM's own number.
        llvm_waves_per_simd: k.resources.and_then(|r| st.evaluate_waves(&r, None, 0).ok()),
        next_wave,
        metadata: k.metadata,
        notes: k.notes,
    })
}

#[cfg(test)]
mod tests {
    use super::{launch_beside, read_launch};
    use crate::Error;

    /// `launch_beside` reads first and looks only when the read fails: nothing there is no launch; a
    /// dangling link, a directory or a JSON that is not Triton's is that file's refusal, as when it looked
    /// first (`symlink_metadata` before the read).
    #[test]
    fn launch_beside_is_look_then_read() {
        let d = std::env::temp_dir().join(format!("wavebudget-launch-beside-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        let entry = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/triton-cache/2Z3CXQIZ3URV3B673ZA27C3KV4UDPY4B4OAUK53RC7JDWNSXOA5Q/transpose.json"
        );
        let looked_first = |p: &std::path::Path| -> Result<Option<(u32, u32)>, String> {
            if p.symlink_metadata().is_ok() {
                read_launch(p).map(|l| Some((l.shared, l.wg_size))).map_err(|e| e.to_string())
            } else {
                Ok(None)
            }
        };
        let ours = |p: &std::path::Path| -> Result<Option<(u32, u32)>, String> {
            launch_beside(p).map(|l| l.map(|l| (l.shared, l.wg_size))).map_err(|e: Error| e.to_string())
        };
        let cases = ["missing.json", "real.json", "dangling.json", "dir.json", "bad.json"];
        std::os::unix::fs::symlink(entry, d.join("real.json")).unwrap();
        std::os::unix::fs::symlink("/nonexistent/wavebudget", d.join("dangling.json")).unwrap();
        std::fs::create_dir(d.join("dir.json")).unwrap();
        std::fs::write(d.join("bad.json"), b"{\"shared\": -1}").unwrap();
        for name in cases {
            let p = d.join(name);
            assert_eq!(ours(&p), looked_first(&p), "{name}");
        }
        assert_eq!(ours(&d.join("missing.json")), Ok(None));
        assert!(ours(&d.join("real.json")).unwrap().is_some());
        assert!(ours(&d.join("dangling.json")).is_err());
        assert!(ours(&d.join("dir.json")).is_err());
        assert!(ours(&d.join("bad.json")).is_err());
        std::fs::remove_dir_all(&d).unwrap();
    }
}
