//! Advice: the compiled configurations of one kernel on one problem (JSON lines as a DSL compiler writes
//! them, or records handed over in process), each with its occupancy under the vendor's launch rule,
//! ranked by the advice crate's latency-hiding model; where measured times come with them, the ranking
//! checked against those (top-1 and top-3 gaps, Spearman, spilling configs against their uncapped twins).

use serde::Serialize;
use std::path::{Path, PathBuf};
use wavebudget_model::text::Arg;

use wavebudget_advice::{Candidate, Figures, Prediction, Vendor};
use wavebudget_model::{nvidia, Llvm, Subtarget, Usage, Vgprs, WorkgroupSize};

/// The most bytes a candidates file or one kernel's IR/assembly may have.
pub const MAX_TEXT_BYTES: u64 = 64 << 20;
/// The most candidates one ranking takes.
pub const MAX_CANDIDATES: usize = 100_000;
/// The instructions one ranking reads, over all its candidates (the input budget's 2 GiB).
pub const MAX_TOTAL_TEXT_BYTES: u64 = wavebudget_codeobj::DEFAULT_INPUT_BUDGET;

/// A kernel's instructions: a file (the IR as Triton hands it to LLVM, PTX, AMDGPU assembly) or its text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Source {
    /// LLVM IR in a file.
    IrFile(PathBuf),
    /// PTX or AMDGPU assembly in a file.
    AsmFile(PathBuf),
    /// LLVM IR text.
    IrText(String),
    /// PTX or AMDGPU assembly text.
    AsmText(String),
    /// Nothing to read (ranked by what is known).
    None,
}

/// One candidate as a DSL compiler knows it after compiling.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// The config's name.
    pub name: String,
    /// Its instructions.
    pub source: Source,
    /// The kernel to read, where the module holds several.
    pub kernel: Option<String>,
    /// Registers per thread (NVIDIA) or `.vgpr_count` (AMD, AGPRs included).
    pub registers: u32,
    /// Spilled 32-bit registers.
    pub spills: u32,
    /// Shared memory / LDS bytes at launch (Triton's `shared`).
    pub shared: u32,
    /// Warps (waves) per workgroup.
    pub num_warps: u32,
    /// Workgroups launched (`None`: unknown, as for a cache entry without `--grid`: the last wave's tail
    /// is not counted).
    pub grid: Option<u64>,
    /// Measured time (any unit, the same for every record), for the check.
    pub measured: Option<f64>,
    /// The config's parameters (as Triton's `Config.all_kwargs()`), for naming twins.
    pub config: Option<serde_json::Map<String, serde_json::Value>>,
    /// Its residency as the engine evaluated its binary at Triton's launch, where a binary gave the
    /// candidate (`None` for a candidate line, which carries counts only).
    pub evaluated: Option<Evaluated>,
}

/// An AMD code object's kernel as inspect evaluates it at Triton's launch (the one `Evaluation`: the
/// descriptor's allocation, where LLVM padded it to cap occupancy at an `amdgpu-waves-per-eu`, its SGPRs,
/// LDS at launch), on its own processor. Advice takes its residency where it ranks on that processor,
/// rather than deriving one again from the candidate's counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluated {
    /// The processor it was evaluated on (`gfx942`).
    pub processor: &'static str,
    /// Workgroups resident per CU at that launch.
    pub workgroups_per_cu: u32,
}

/// Why advice was refused: one line each.
#[derive(Debug, Clone, PartialEq, thiserror::Error, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum Refusal {
    /// A target naming nothing (`--target ''`), as every door's target reading refuses it.
    #[error("{} is empty", Arg("target"))]
    EmptyTarget,
    /// A kernel filter naming nothing (`--kernel ''`): no kernel has that name.
    #[error("{} is empty", Arg("kernel"))]
    EmptyKernel,
    /// The target names no product with figures.
    #[error("no figures for '{target}': advice needs a product's figures ({known}); an architecture alone does not say its SMs, clocks or bandwidth")]
    NoFigures {
        /// As given.
        target: String,
        /// The products that have figures.
        known: String,
    },
    /// An architecture with products that have figures: name one.
    #[error("'{target}' is an architecture: name the product whose figures to use ({products})")]
    NameAProduct {
        /// As given.
        target: String,
        /// The products of that architecture with figures.
        products: String,
    },
    /// A line of the candidates file that is not a candidate.
    #[error("{file}:{line}: {problem}")]
    CandidateLine {
        /// The file.
        file: String,
        /// 1-based.
        line: usize,
        /// What is wrong.
        problem: RecordProblem,
    },
    /// A file too large to read.
    #[error("{path}: {bytes} bytes, more than the {limit} a candidate's text may have")]
    TooLarge {
        /// The file.
        path: String,
        /// Its size.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
    /// A file that could not be read.
    #[error("{path}: {why}")]
    Unreadable {
        /// The file.
        path: String,
        /// The reason.
        why: String,
    },
    /// A kernel the reader cannot take.
    #[error("candidate '{name}': {why}")]
    CandidateKernel {
        /// The candidate.
        name: String,
        /// The reader's reason.
        why: String,
    },
    /// A vendor's code for the other vendor's target.
    #[error("candidate '{name}': {what} on {product}, an {vendor} target")]
    WrongVendor {
        /// The candidate.
        name: String,
        /// What was given.
        what: &'static str,
        /// The target's product.
        product: &'static str,
        /// Its vendor.
        vendor: &'static str,
    },
    /// Inputs holding several kernels, where a ranking is of one kernel's configs.
    #[error(
        "the inputs hold the kernels {kernels}: advice ranks the configs of one kernel (give {} NAME)",
        Arg("kernel")
    )]
    SeveralKernels {
        /// Their names.
        kernels: String,
    },
    /// Candidates whose instructions come to more than a ranking reads.
    #[error("the candidates' instructions come to {bytes} bytes, more than the {limit} a ranking reads (a file is read for each candidate that names it)")]
    TooMuchText {
        /// Their bytes.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
    /// A launch of no workgroups (`--grid 0`, Python's `grid=0`).
    #[error("{} 0: a launch has at least one workgroup", Arg("grid"))]
    GridZero,
    /// Two candidates of one name.
    #[error("two candidates named '{name}': names must tell the configs apart")]
    DuplicateName {
        /// The name.
        name: String,
    },
    /// No candidates.
    #[error("{file}: no candidates")]
    NoCandidates {
        /// The file.
        file: String,
    },
    /// More candidates than one ranking takes.
    #[error("{file}: more than {limit} candidates")]
    TooManyCandidates {
        /// The file.
        file: String,
        /// The limit.
        limit: usize,
    },
    /// A launch the occupancy model refuses.
    #[error("candidate '{name}': {why}")]
    CandidateLaunch {
        /// The candidate.
        name: String,
        /// The model's reason.
        why: String,
    },
}

wavebudget_model::kind_is_variant!(Refusal);

/// What is wrong with one candidate record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordProblem {
    /// Not JSON.
    #[error("not JSON: {0}")]
    NotJson(String),
    /// Not an object.
    #[error("expected a JSON object")]
    NotAnObject,
    /// A field the format does not have.
    #[error("unknown field \"{field}\" (fields: {})", RECORD_FIELDS.join(", "))]
    UnknownField {
        /// As written.
        field: String,
    },
    /// A field it needs.
    #[error("\"{0}\" is missing")]
    Missing(&'static str),
    /// A name or path given as the empty string.
    #[error("\"{0}\" is empty")]
    Empty(&'static str),
    /// A count that is not one.
    #[error("\"{field}\": {value} is not a count")]
    NotACount {
        /// The field.
        field: &'static str,
        /// As written.
        value: String,
    },
    /// A count over 4294967295.
    #[error("\"{0}\" is too large")]
    TooLarge(&'static str),
    /// A field that must be a string.
    #[error("\"{field}\": {value} is not a string")]
    NotAString {
        /// The field.
        field: &'static str,
        /// As written.
        value: String,
    },
    /// Both sources.
    #[error("give \"ir\" or \"asm\", not both")]
    BothSources,
    /// A count that must be at least 1.
    #[error("\"{0}\" 0: expected at least 1")]
    Zero(&'static str),
    /// A measured time that is not a positive finite number.
    #[error("\"measured\": {0} is not a time")]
    NotATime(String),
    /// A config that is not an object.
    #[error("\"config\": {0} is not an object")]
    ConfigNotAnObject(String),
}

/// The product's figures for a target name.
pub fn figures(target: &str) -> Result<&'static Figures, Refusal> {
    if crate::targets::names_nothing(target) {
        return Err(Refusal::EmptyTarget);
    }
    if let Some(f) = wavebudget_advice::for_product(target) {
        return Ok(f);
    }
    let products = wavebudget_advice::products_of(target);
    if !products.is_empty() {
        return Err(Refusal::NameAProduct { target: target.to_string(), products: products.join(", ") });
    }
    Err(Refusal::NoFigures {
        target: target.to_string(),
        known: wavebudget_advice::FIGURES.iter().map(|f| f.product).collect::<Vec<_>>().join(", "),
    })
}

/// One candidate in the answer: the prediction, with what was measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ranked {
    /// The model's answer.
    #[serde(flatten)]
    pub prediction: Prediction,
    /// The kernel read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kernel: Option<String>,
    /// The measured time, where given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub measured: Option<f64>,
    /// The config, where given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config: Option<serde_json::Map<String, serde_json::Value>>,
}

/// The ranking checked against measured times (every candidate measured).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Check {
    /// The fastest measured.
    pub fastest: String,
    /// Its time.
    pub fastest_measured: f64,
    /// The candidates ranked first together: equal in every key the ranking has (time, spills, memory
    /// cover), which the model cannot order.
    pub tied_first: Vec<String>,
    /// The top-ranked config's time over the fastest, less 1 (the slowest of those tied first).
    pub top1_gap: f64,
    /// The best of the top three over the fastest, less 1 (ties at the boundary taken at their worst).
    pub top3_gap: f64,
    /// Spearman's rank correlation of predicted and measured times.
    pub spearman: Option<f64>,
    /// Spilling configs with an uncapped twin (the same config without `maxnreg`): pairs checked.
    pub twins: usize,
    /// Those ranked above their twin: (spilling, twin).
    pub twins_above: Vec<(String, String)>,
}

/// The answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Advice {
    /// The product whose figures were used.
    pub product: &'static str,
    /// Its architecture.
    pub arch: &'static str,
    /// Fastest first.
    pub candidates: Vec<Ranked>,
    /// Against measured times, where every candidate has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<Check>,
}

/// Read a candidates file: one JSON object per line (`name`, `ir` or `asm`, `registers`, `spills`,
/// `shared`, `num_warps`, `grid`; optionally `kernel`, `args`, `measured`, `config`). Paths are relative
/// to the file's directory.
pub fn read_candidates(path: &Path) -> Result<Vec<Record>, Refusal> {
    let file = path.display().to_string();
    let text = read_text(path)?;
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        if out.len() >= MAX_CANDIDATES {
            return Err(Refusal::TooManyCandidates { file, limit: MAX_CANDIDATES });
        }
        let v: serde_json::Value = serde_json::from_str(line).map_err(|e| Refusal::CandidateLine {
            file: file.clone(),
            line: i + 1,
            problem: RecordProblem::NotJson(e.to_string()),
        })?;
        let rec = record_of(&v, Some(&base)).map_err(|problem| Refusal::CandidateLine {
            file: file.clone(),
            line: i + 1,
            problem,
        })?;
        out.push(rec);
    }
    if out.is_empty() {
        return Err(Refusal::NoCandidates { file });
    }
    Ok(out)
}

/// The fields a record may have.
pub const RECORD_FIELDS: &[&str] = &[
    "name",
    "ir",
    "asm",
    "kernel",
    "registers",
    "spills",
    "shared",
    "num_warps",
    "grid",
    "args",
    "measured",
    "config",
];

/// One candidate as a caller hands it over in memory (Python's dict, read by serde): a JSON object, whose
/// fields [`record_of`] reads as a JSONL line's. The object stays opaque, so a door reads a candidate here
/// and never as JSON text of its own.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(transparent)]
pub struct CandidateObject(serde_json::Value);

impl CandidateObject {
    /// The record of a candidate handed over in memory (`ir`/`asm` paths as a JSONL line's, relative to the
    /// working directory; Python hands the texts of compiled kernels over beside it).
    pub fn record(&self) -> Result<Record, RecordProblem> {
        record_of(&self.0, Some(Path::new("")))
    }
}

/// A record from one JSON object (`base`: the directory paths are relative to; `None`: `ir`/`asm` hold
/// the text itself, as Python hands it over).
#[expect(
    clippy::disallowed_methods,
    reason = "a candidate line has no type of ours: each field is read, and refused, by its name"
)]
pub fn record_of(v: &serde_json::Value, base: Option<&Path>) -> Result<Record, RecordProblem> {
    use serde_json::Value;
    let obj = v.as_object().ok_or(RecordProblem::NotAnObject)?;
    if let Some(k) = obj.keys().find(|k| !RECORD_FIELDS.contains(&k.as_str())) {
        return Err(RecordProblem::UnknownField { field: k.clone() });
    }
    let field = |key: &str| RECORD_FIELDS.iter().copied().find(|f| *f == key).expect("a listed field");
    let count = |key: &str, default: Option<u64>| -> Result<u64, RecordProblem> {
        match obj.get(key) {
            None | Some(Value::Null) => default.ok_or(RecordProblem::Missing(field(key))),
            Some(x) => x.as_u64().ok_or_else(|| RecordProblem::NotACount { field: field(key), value: x.to_string() }),
        }
    };
    let small = |key: &str, default: Option<u64>| -> Result<u32, RecordProblem> {
        u32::try_from(count(key, default)?).map_err(|_| RecordProblem::TooLarge(field(key)))
    };
    let text = |key: &str| -> Result<Option<&str>, RecordProblem> {
        match obj.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(x) => Err(RecordProblem::NotAString { field: field(key), value: x.to_string() }),
        }
    };
    // A name, a kernel or a path of nothing names nothing: said as such, not read as absent or as a
    // directory.
    let named = |field: &'static str| match text(field)? {
        Some("") => Err(RecordProblem::Empty(field)),
        t => Ok(t),
    };
    let name = named("name")?.ok_or(RecordProblem::Missing("name"))?.to_string();
    let kernel = named("kernel")?.map(str::to_string);
    let source = match (named("ir")?, named("asm")?) {
        (Some(_), Some(_)) => return Err(RecordProblem::BothSources),
        (Some(p), None) => match base {
            Some(b) => Source::IrFile(b.join(p)),
            None => Source::IrText(p.to_string()),
        },
        (None, Some(p)) => match base {
            Some(b) => Source::AsmFile(b.join(p)),
            None => Source::AsmText(p.to_string()),
        },
        (None, None) => Source::None,
    };
    let num_warps = small("num_warps", None)?;
    if num_warps == 0 {
        return Err(RecordProblem::Zero("num_warps"));
    }
    let grid = count("grid", None)?;
    if grid == 0 {
        return Err(RecordProblem::Zero("grid"));
    }
    let grid = Some(grid);
    let measured = match obj.get("measured") {
        None | Some(Value::Null) => None,
        Some(x) => Some(
            x.as_f64().filter(|t| t.is_finite() && *t > 0.0).ok_or_else(|| RecordProblem::NotATime(x.to_string()))?,
        ),
    };
    let config = match obj.get("config") {
        None | Some(Value::Null) => None,
        Some(Value::Object(m)) => Some(m.clone()),
        Some(x) => return Err(RecordProblem::ConfigNotAnObject(x.to_string())),
    };
    Ok(Record {
        name,
        source,
        kernel,
        registers: small("registers", None)?,
        spills: small("spills", Some(0))?,
        shared: small("shared", Some(0))?,
        num_warps,
        grid,
        measured,
        config,
        evaluated: None,
    })
}

/// Candidates from inputs: JSON-lines files (`.jsonl`, `.json`), Triton cache directories (each entry's
/// launch from its `<name>.json`, its registers and spills from its cubin or code object, its PTX or
/// AMDGPU assembly beside them as instructions), and cubins or code objects named alone (their counts;
/// instructions where a `.ptx` or `.amdgcn` of the same name lies beside). `grid`: the workgroups each
/// entry launches, where the inputs do not say (a cache entry does not).
pub fn read_inputs(paths: &[String], grid: Option<u64>, kernel: Option<&str>) -> Result<Vec<Record>, Refusal> {
    if grid == Some(0) {
        return Err(Refusal::GridZero);
    }
    let mut out = Vec::new();
    // One input budget over every binary the command reads.
    let budget = crate::inspect::command_budget(paths)
        .map_err(|e| Refusal::Unreadable { path: paths.first().cloned().unwrap_or_default(), why: e.to_string() })?;
    for p in paths {
        let path = Path::new(p);
        if path.is_dir() {
            let entries = crate::triton::cache_entries(path)
                .map_err(|e| Refusal::Unreadable { path: p.clone(), why: e.to_string() })?;
            if entries.is_empty() {
                return Err(Refusal::Unreadable {
                    path: p.clone(),
                    why: "no Triton cache entry (<hash>/<name>.cubin or .hsaco)".into(),
                });
            }
            for (bin, launch) in entries {
                out.extend(for_kernel(entry_record(&bin, launch, grid, &budget)?, kernel));
            }
        } else if path.extension().is_some_and(|e| e == "cubin" || e == "hsaco" || e == "o" || e == "co") {
            let launch = crate::triton::read_launch(&path.with_extension("json")).ok();
            out.extend(for_kernel(entry_record(path, launch, grid, &budget)?, kernel));
        } else {
            out.extend(read_candidates(path)?.into_iter().filter_map(|r| for_kernel(r, kernel)));
        }
        if out.len() > MAX_CANDIDATES {
            return Err(Refusal::TooManyCandidates { file: p.clone(), limit: MAX_CANDIDATES });
        }
    }
    one_kernel(&out, kernel, &paths.join(", "))?;
    Ok(out)
}

/// A candidate as a ranking of `kernel` takes it (the one rule of every door's `kernel`): one of another
/// kernel is left out; one that names none (a candidates line without `"kernel"`) is read for `kernel`, so
/// a module without it is refused, never ranked as another kernel.
pub fn for_kernel(mut r: Record, kernel: Option<&str>) -> Option<Record> {
    if let Some(k) = kernel {
        match r.kernel.as_deref() {
            None => r.kernel = Some(k.to_string()),
            Some(own) if own != k => return None,
            Some(_) => {}
        }
    }
    Some(r)
}

/// What a ranking takes, whichever door gathered its candidates (`inputs` names them in the refusal): at
/// least one candidate, and one kernel's configs as the candidates name them (unless `kernel` names the
/// one to rank); [`advise`] holds the kernels its reading finds to the same.
pub fn one_kernel(records: &[Record], kernel: Option<&str>, inputs: &str) -> Result<(), Refusal> {
    if kernel == Some("") {
        return Err(Refusal::EmptyKernel);
    }
    let mut names: Vec<&str> = records.iter().filter_map(|r| r.kernel.as_deref()).collect();
    names.sort_unstable();
    names.dedup();
    if names.len() > 1 && kernel.is_none() {
        return Err(Refusal::SeveralKernels { kernels: names.join(", ") });
    }
    if records.is_empty() {
        return Err(Refusal::NoCandidates { file: inputs.to_string() });
    }
    Ok(())
}

/// One compiled kernel file as a candidate: its counts from the reader, Triton's launch where its JSON
/// gives it, its instructions from the `.ptx` (NVIDIA) or `.amdgcn` (AMD) of the same name.
fn entry_record(
    bin: &Path,
    launch: Option<crate::triton::TritonLaunch>,
    grid: Option<u64>,
    budget: &wavebudget_codeobj::InputBudget,
) -> Result<Record, Refusal> {
    let file = bin.display().to_string();
    let unreadable = |why: String| Refusal::Unreadable { path: file.clone(), why };
    let report =
        crate::inspect::inspect_within(std::slice::from_ref(&file), &crate::inspect::InspectOptions::default(), budget)
            .map_err(|e| unreadable(reader_words(e)))?;
    let counts = Counts::of(&report, &file)?;
    let entry_name = bin.parent().and_then(|d| d.file_name()).map(|n| n.to_string_lossy().into_owned());
    let asm = [bin.with_extension("ptx"), bin.with_extension("amdgcn")].into_iter().find(|p| p.is_file());
    let Some(launch) = launch else {
        return Err(unreadable(
            "no Triton launch beside it (<name>.json): give the candidate as a JSON line with num_warps and shared"
                .into(),
        ));
    };
    let name = match entry_name {
        Some(e) if e.len() > 8 => format!("{}/{}", &e[..8], counts.kernel),
        _ => counts.kernel.clone(),
    };
    Ok(counts.record(name, asm.map_or(Source::None, Source::AsmFile), &launch, grid))
}

/// A compiled Triton kernel handed over in process (Python's `CompiledKernel`): its binary's `bytes`
/// (`file` in messages; `cubin`: NVIDIA's), Triton's `launch` from its metadata, its instructions
/// `source`, named `name` (else by its kernel). Read as [`read_inputs`] reads a cache entry's file: the
/// launch held to the binary, one rule for the registers, the spills and the LDS at launch, whichever
/// door hands the kernel over.
pub fn compiled_record(
    name: Option<String>,
    file: &str,
    bytes: &[u8],
    cubin: bool,
    launch: crate::triton::TritonLaunch,
    grid: Option<u64>,
    source: Source,
) -> Result<Record, Refusal> {
    let unreadable = |why: String| Refusal::Unreadable { path: file.to_string(), why };
    let report = crate::inspect::binary_at_launch(file, bytes, cubin, launch.clone())
        .map_err(|e| unreadable(reader_words(e)))?;
    let counts = Counts::of(&report, file)?;
    let name = name.unwrap_or_else(|| counts.kernel.clone());
    Ok(counts.record(name, source, &launch, grid))
}

/// The reader's words for a binary it could not read (the refusal names the file once).
fn reader_words(e: crate::Error) -> String {
    match e {
        crate::Error::Reader { source, .. } => source.to_string(),
        e => e.to_string(),
    }
}

/// What a candidate takes from its compiled kernel: the kernel's name, its registers, its spills and its
/// static LDS.
struct Counts {
    kernel: String,
    registers: u32,
    spills: u32,
    static_lds: u32,
    evaluated: Option<Evaluated>,
}

impl Counts {
    /// The first kernel of a binary's report: a cubin's (`regs`; Triton's `n_spills`, the local memory
    /// bytes per thread over 4) or a code object's (`.vgpr_count`; the model's spill sum); `file` names the
    /// binary in the refusal.
    fn of(report: &crate::inspect::Report, file: &str) -> Result<Counts, Refusal> {
        let unreadable = |why: &str| Refusal::Unreadable { path: file.to_string(), why: why.to_string() };
        if let Some(c) = report.cubins.first() {
            let k = c.kernels.first().ok_or_else(|| unreadable("no kernel in the cubin"))?;
            let registers = k.kernel.regs.ok_or_else(|| unreadable("no register count in the cubin"))?;
            let spills = u32::try_from(k.kernel.local_mem / 4).unwrap_or(u32::MAX);
            Ok(Counts { kernel: k.kernel.name.clone(), registers, spills, static_lds: 0, evaluated: None })
        } else if let Some(k) = report.code_objects.first().and_then(|co| co.kernels.first()) {
            let m = &k.metadata;
            let registers = m.vgpr_count.ok_or_else(|| unreadable("no .vgpr_count in the code object"))?;
            // The model's spill sum (both counts known), else none recorded.
            let spills = wavebudget_model::KernelResources::spill_sum(m.vgpr_spill_count, m.sgpr_spill_count)
                .map_or(0, |n| u32::try_from(n).unwrap_or(u32::MAX));
            Ok(Counts {
                kernel: m.name.to_string(),
                registers,
                spills,
                static_lds: m.group_segment_fixed_size.unwrap_or(0),
                evaluated: k.evaluation.as_ref().map(|(st, o)| Evaluated {
                    processor: st.processor().name,
                    workgroups_per_cu: o.hardware.workgroups_per_cu,
                }),
            })
        } else {
            Err(unreadable("no kernel"))
        }
    }

    /// The candidate: Triton's launch (its warps, and its `shared` on top of the static LDS).
    fn record(self, name: String, source: Source, launch: &crate::triton::TritonLaunch, grid: Option<u64>) -> Record {
        Record {
            name,
            source,
            kernel: Some(self.kernel),
            registers: self.registers,
            spills: self.spills,
            shared: launch.shared.saturating_add(self.static_lds),
            num_warps: launch.num_warps(),
            grid,
            measured: None,
            config: None,
            evaluated: self.evaluated,
        }
    }
}

fn read_text(path: &Path) -> Result<String, Refusal> {
    with_text(path, str::to_string)
}

/// `f` of a regular file's text, read in place (mapped, not copied).
fn with_text<R>(path: &Path, f: impl FnOnce(&str) -> R) -> Result<R, Refusal> {
    let name = || path.display().to_string();
    let mapped = wavebudget_codeobj::Mapped::open_regular(path)
        .map_err(|e| Refusal::Unreadable { path: name(), why: e.to_string() })?;
    let bytes = mapped.bytes();
    if bytes.len() as u64 > MAX_TEXT_BYTES {
        return Err(Refusal::TooLarge { path: name(), bytes: bytes.len() as u64, limit: MAX_TEXT_BYTES });
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|e| Refusal::Unreadable { path: name(), why: format!("not UTF-8 text ({e})") })?;
    Ok(f(text))
}

/// Rank the records on a target's figures.
pub fn advise(target: &str, records: &[Record]) -> Result<Advice, Refusal> {
    let fig = figures(target)?;
    let mut seen = std::collections::HashSet::new();
    if let Some(r) = records.iter().find(|r| !seen.insert(r.name.as_str())) {
        return Err(Refusal::DuplicateName { name: r.name.clone() });
    }
    // What the candidates' instructions come to, before any is read: each file is at most MAX_TEXT_BYTES,
    // and one file named by every candidate is read for each.
    let text_bytes = records
        .iter()
        .map(|r| match &r.source {
            Source::None => 0,
            Source::IrFile(p) | Source::AsmFile(p) => std::fs::metadata(p).map_or(0, |m| m.len()),
            Source::IrText(t) | Source::AsmText(t) => t.len() as u64,
        })
        .fold(0u64, u64::saturating_add);
    if text_bytes > MAX_TOTAL_TEXT_BYTES {
        return Err(Refusal::TooMuchText { bytes: text_bytes, limit: MAX_TOTAL_TEXT_BYTES });
    }
    // Each candidate's instructions read on its own: on every core, in order of the records.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 16);
    let chunk = records.len().div_ceil(threads).max(1);
    let read: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = records
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(|r| read_signals(fig, r)).collect::<Vec<_>>()))
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("a reader thread")).collect()
    });
    let mut candidates = Vec::with_capacity(records.len());
    let mut kernels = Vec::with_capacity(records.len());
    for (r, got) in records.iter().zip(read) {
        let (kernel, signals) = got?;
        let wave = match fig.vendor {
            Vendor::Nvidia => 32,
            Vendor::Amd => 64,
        };
        let threads = crate::triton::launch_size(r.num_warps, wave)
            .map_err(|p| Refusal::CandidateLaunch { name: r.name.clone(), why: p.to_string() })?;
        // A binary's own evaluation where it ranks on the binary's processor (the descriptor's padding and
        // its SGPRs included); else the candidate's counts as a configuration.
        let resident = match &r.evaluated {
            Some(e) if fig.vendor == Vendor::Amd && e.processor == fig.arch && e.workgroups_per_cu > 0 => {
                e.workgroups_per_cu
            }
            _ => resident(fig, r, threads)?,
        };
        kernels.push(kernel);
        candidates.push(Candidate {
            name: r.name.clone(),
            signals,
            threads,
            wave_size: wave,
            grid: r.grid,
            resident,
            spills: r.spills,
        });
    }
    // One kernel's configs, as their instructions name them (a candidates line need not say its kernel).
    let mut read_names: Vec<&str> = kernels.iter().flatten().map(String::as_str).collect();
    read_names.sort_unstable();
    read_names.dedup();
    if read_names.len() > 1 {
        return Err(Refusal::SeveralKernels { kernels: read_names.join(", ") });
    }
    let preds = wavebudget_advice::rank(fig, &candidates);
    let index: std::collections::HashMap<&str, usize> =
        records.iter().enumerate().map(|(i, r)| (r.name.as_str(), i)).collect();
    let by_name = |name: &str| index.get(name).copied();
    let mut ranked = Vec::with_capacity(preds.len());
    for p in preds {
        let i = by_name(&p.name);
        ranked.push(Ranked {
            kernel: i.and_then(|i| kernels[i].clone()),
            measured: i.and_then(|i| records[i].measured),
            config: i.and_then(|i| records[i].config.clone()),
            prediction: p,
        });
    }
    let check = (!ranked.is_empty() && ranked.iter().all(|r| r.measured.is_some())).then(|| check(&ranked));
    Ok(Advice { product: fig.product, arch: fig.arch, candidates: ranked, check })
}

fn read_signals(fig: &Figures, r: &Record) -> Result<(Option<String>, Option<wavebudget_advice::Signals>), Refusal> {
    match &r.source {
        Source::None => Ok((None, None)),
        Source::IrFile(p) => with_text(p, |t| signals_of(fig, r, t, true))?,
        Source::AsmFile(p) => with_text(p, |t| signals_of(fig, r, t, false))?,
        Source::IrText(t) => signals_of(fig, r, t, true),
        Source::AsmText(t) => signals_of(fig, r, t, false),
    }
}

type Read = Result<(Option<String>, Option<wavebudget_advice::Signals>), Refusal>;

fn signals_of(fig: &Figures, r: &Record, text: &str, ir: bool) -> Read {
    let kernel = r.kernel.as_deref();
    let bad = |why: String| Refusal::CandidateKernel { name: r.name.clone(), why };
    let wrong = |what: &'static str| Refusal::WrongVendor {
        name: r.name.clone(),
        what,
        product: fig.product,
        vendor: match fig.vendor {
            Vendor::Nvidia => "NVIDIA",
            Vendor::Amd => "AMD",
        },
    };
    let amd_text = !ir && !wavebudget_advice::nvptx::looks_like_ptx(text);
    match fig.vendor {
        Vendor::Nvidia => {
            if amd_text {
                return Err(wrong("AMDGPU assembly"));
            }
            if ir && (text.contains("target triple = \"amdgcn") || text.contains("amdgpu_kernel")) {
                return Err(wrong("AMDGPU LLVM IR"));
            }
            let got = if ir {
                wavebudget_advice::nvptx::from_llvm_ir(text, kernel)
            } else {
                wavebudget_advice::nvptx::from_ptx(text, kernel)
            };
            let (name, s) = got.map_err(|e| bad(e.to_string()))?;
            Ok((Some(name), Some(s)))
        }
        Vendor::Amd => {
            if ir {
                return Err(bad(
                    "AMD candidates are read from their assembly (\"asm\": Triton's .amdgcn, llc -filetype=asm): the hot loop's MFMAs and waits are decided by LLVM's code generation".into(),
                ));
            }
            if !amd_text {
                return Err(wrong("PTX"));
            }
            let funcs = wavebudget_isa::parse_assembly(text).map_err(|e| bad(e.to_string()))?;
            let f = match kernel {
                Some(k) => funcs.iter().find(|f| f.name == k),
                None => funcs.first(),
            }
            .ok_or_else(|| {
                bad(kernel.map_or("no kernel in the assembly".into(), |k| format!("no kernel named {k}")))
            })?;
            let lat = fig.amd_latencies.expect("AMD figures carry LLVM's latencies");
            Ok((Some(f.name.clone()), Some(wavebudget_advice::amdgpu::signals(&f.code, fig.arch, &lat))))
        }
    }
}

/// Workgroups resident per SM/CU: NVIDIA's occupancy with Triton's launch (shared memory dynamic, the
/// kernel opted into the device's maximum), AMD's hardware residency with LDS at launch.
fn resident(fig: &Figures, r: &Record, threads: u32) -> Result<u32, Refusal> {
    let launch = |why: String| Refusal::CandidateLaunch { name: r.name.clone(), why };
    match fig.vendor {
        Vendor::Nvidia => {
            let t = nvidia::parse_target(fig.product)
                .ok_or_else(|| launch(format!("{} has no NVIDIA model", fig.product)))?;
            let kernel = nvidia::Kernel {
                dynamic_shared_mem: r.shared,
                max_dynamic_shared_mem: Some(t.arch.shared_mem_per_block_optin()),
                ..nvidia::Kernel::new(r.registers, threads)
            };
            match t.arch.occupancy(&kernel) {
                Ok(o) => Ok(o.blocks_per_sm),
                Err(e) => Err(launch(e.to_string())),
            }
        }
        Vendor::Amd => {
            let id = wavebudget_model::parse_target(fig.arch).map_err(|e| launch(e.to_string()))?;
            let st = Subtarget::for_kernel(id, Some(64), None, Llvm::V22).map_err(|e| launch(e.to_string()))?;
            let usage = Usage {
                vgprs: Vgprs::Total(r.registers),
                sgprs: None,
                lds: r.shared,
                workgroup: WorkgroupSize::fixed(threads),
            };
            match st.occupancy(&usage) {
                Ok(o) => Ok(o.hardware.workgroups_per_cu),
                Err(e) => Err(launch(e.to_string())),
            }
        }
    }
}

/// Measured against predicted, ties at their worst.
#[expect(clippy::disallowed_methods, reason = "a candidate's config is the caller's own object: only maxnreg is named")]
fn check(ranked: &[Ranked]) -> Check {
    let m = |r: &Ranked| r.measured.expect("every candidate measured");
    let (fi, fastest) =
        ranked.iter().enumerate().min_by(|a, b| m(a.1).total_cmp(&m(b.1))).map(|(i, r)| (i, m(r))).expect("candidates");
    let t = |r: &Ranked| r.prediction.relative_time;
    let same = |a: &Ranked, b: &Ranked| match (t(a), t(b)) {
        (Some(x), Some(y)) => {
            (x - y).abs() <= 1e-9 * x.max(y)
                && a.prediction.spills == b.prediction.spills
                && a.prediction.memory_cover == b.prediction.memory_cover
        }
        _ => false,
    };
    // Tie groups in ranked order.
    let mut groups: Vec<Vec<&Ranked>> = Vec::new();
    for r in ranked {
        match groups.last_mut() {
            Some(g) if same(g[0], r) => g.push(r),
            _ => groups.push(vec![r]),
        }
    }
    let worst_top = |k: usize| -> f64 {
        let mut chosen: Vec<f64> = Vec::new();
        for g in &groups {
            let room = k - chosen.len();
            if room == 0 {
                break;
            }
            let mut times: Vec<f64> = g.iter().map(|r| m(r)).collect();
            times.sort_by(|a, b| b.total_cmp(a));
            chosen.extend(times.into_iter().take(room.min(g.len())));
        }
        chosen.into_iter().fold(f64::INFINITY, f64::min)
    };
    let spearman = {
        let pred: Vec<f64> = ranked.iter().map(|r| t(r).unwrap_or(f64::INFINITY)).collect();
        let meas: Vec<f64> = ranked.iter().map(m).collect();
        spearman(&pred, &meas)
    };
    let mut twins = 0;
    let mut above = Vec::new();
    for (i, r) in ranked.iter().enumerate() {
        let Some(cfg) = &r.config else { continue };
        if r.prediction.spills == 0 || cfg.get("maxnreg").is_none_or(serde_json::Value::is_null) {
            continue;
        }
        let twin = ranked.iter().position(|o| {
            o.config.as_ref().is_some_and(|oc| {
                oc.get("maxnreg").is_none_or(serde_json::Value::is_null)
                    && oc.iter().filter(|(k, _)| *k != "maxnreg").all(|(k, v)| cfg.get(k) == Some(v))
                    && cfg.iter().filter(|(k, _)| *k != "maxnreg").all(|(k, v)| oc.get(k) == Some(v))
            })
        });
        if let Some(j) = twin {
            twins += 1;
            if i < j {
                above.push((r.prediction.name.clone(), ranked[j].prediction.name.clone()));
            }
        }
    }
    Check {
        fastest: ranked[fi].prediction.name.clone(),
        fastest_measured: fastest,
        tied_first: groups[0].iter().map(|r| r.prediction.name.clone()).collect(),
        top1_gap: worst_top(1) / fastest - 1.0,
        top3_gap: worst_top(3) / fastest - 1.0,
        spearman,
        twins,
        twins_above: above,
    }
}

/// Spearman's rho with average ranks for ties; `None` under 3 values or without spread.
pub fn spearman(a: &[f64], b: &[f64]) -> Option<f64> {
    if a.len() < 3 || a.len() != b.len() {
        return None;
    }
    let ra = ranks(a);
    let rb = ranks(b);
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    (va > 0.0 && vb > 0.0).then(|| cov / (va * vb).sqrt())
}

fn ranks(v: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..v.len()).collect();
    idx.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
    let mut out = vec![0.0; v.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && v[idx[j + 1]] == v[idx[i]] {
            j += 1;
        }
        for &k in &idx[i..=j] {
            out[k] = (i + j) as f64 / 2.0;
        }
        i = j + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spearman_of_known_orders() {
        assert_eq!(spearman(&[1.0, 2.0, 3.0, 4.0], &[10.0, 20.0, 30.0, 40.0]), Some(1.0));
        assert_eq!(spearman(&[1.0, 2.0, 3.0, 4.0], &[4.0, 3.0, 2.0, 1.0]), Some(-1.0));
        assert_eq!(spearman(&[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0]), None);
    }

    #[test]
    fn records_refuse_what_they_do_not_know() {
        let v = serde_json::json!({"name": "a", "registers": 32, "num_warps": 4, "grid": 8, "grids": 9});
        assert!(record_of(&v, None).unwrap_err().to_string().contains("unknown field \"grids\""));
        let v = serde_json::json!({"name": "a", "registers": 32, "num_warps": 0, "grid": 8});
        assert!(record_of(&v, None).unwrap_err().to_string().contains("num_warps"));
    }
}
