//! The `wavebudget` command line: argument parsing, and the only place output is formatted for people.
//!
//! Entry point: [`run`] takes the argument vector and returns the text to print or a [`CliError`]
//! (one line; the binary prints it and exits 1). Modules:
//! - `args`: clap definitions of the subcommands.
//! - `render`: tables for people (JSON comes straight from the model's serde types).
//! - `report`: `wavebudget report`'s flags as the `wavebudget-report` crate's request.

mod advise;
mod args;
mod embed;
mod isa;
mod nvidia;
mod passflags;
mod render;
mod report;
mod runtime;
#[cfg(feature = "llvm")]
mod sweep;
mod usage;

use args::{BudgetArgs, Cli, Command, GenericArgs, InspectArgs, OccupancyArgs, SuggestArgs, TargetArgs};
pub use args::{NvidiaArgs, ReportArgs, ResourceArgs};
use serde::Serialize;
use thiserror::Error;
pub use usage::{Compiled, UsageError};
use wavebudget_engine::inspect;
pub use wavebudget_engine::output::NotRegular;
use wavebudget_engine::vendor::{ConfigurationModel, Given};
use wavebudget_model::generic::GenericParams;
use wavebudget_model::{ModelError, Options, Subtarget, Usage, Vgprs, WorkgroupSize};

/// A failure the user must fix; the message is one line. The variants tell the kinds apart (and keep
/// the underlying error as the source): bad arguments, input the model or a reader refused, a file
/// the system would not read or write, and LLVM's own failures.
#[derive(Debug, Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum CliError {
    /// Arguments that do not go together or a value of the wrong shape: which, with the values named.
    #[error(transparent)]
    Usage(#[from] UsageError),
    /// LLVM's disassembler could not be made for a code object's processor.
    #[cfg(feature = "llvm")]
    #[error("{file}: {error}")]
    Disassembler {
        /// The input.
        file: String,
        /// Why.
        error: wavebudget_disasm::DisasmError,
    },
    /// An interrupt or a termination stopped the command before it wrote anything (`sweep --ray`).
    #[error("interrupted; nothing written")]
    Interrupted,
    /// The HTML report refused the request or could not be made (the report crate's error).
    #[error(transparent)]
    Report(#[from] wavebudget_report::ReportError),
    /// The model rejected the input.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// The NVIDIA model rejected the input.
    #[error(transparent)]
    Nvidia(#[from] wavebudget_model::nvidia::NvRefusal),
    /// A file could not be read (the path, then the reader's message naming structure and offset).
    #[error("{}", wavebudget_engine::reader_message(.0, .1))]
    Reader(String, #[source] wavebudget_codeobj::Error),
    /// The runtime refused a device or a dispatch (its error names the input).
    #[error(transparent)]
    Runtime(#[from] wavebudget_runtime::Error),
    /// An output not written (a link loop, not a regular file, the system's refusal).
    #[error(transparent)]
    Output(#[from] wavebudget_engine::output::OutputError),
    /// A file the system would not read or write.
    #[error("{context}: {source}")]
    Io {
        /// `PATH: cannot read`, `-o PATH: cannot write`.
        context: String,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// LLVM could not parse the module, or the module cannot be compiled as a whole (`sweep`, `tune`):
    /// the pass crate's error, whose variants tell a parse error from a module without targets.
    /// The engine refused an input (a code object, a Triton cache entry).
    #[error(transparent)]
    Engine(#[from] wavebudget_engine::Error),
    /// Advice refused its input (no figures for the target, a candidate it cannot read).
    #[error(transparent)]
    Advise(#[from] wavebudget_engine::advise::Refusal),
    #[cfg(feature = "llvm")]
    #[error(transparent)]
    Llvm(#[from] wavebudget_pass_core::Error),
    /// Some inputs could not be done and the rest were (a sweep of several modules): `output` is the
    /// answer for the rest (printed on stdout), each of `errors` one line naming its input; exit 1.
    #[error("{}", errors.join("; "))]
    Partial {
        /// The answer for the inputs that were done.
        output: String,
        /// One line per input that was not.
        errors: Vec<String>,
    },
    /// As `Partial`, the errors typed (`--error-format json`): each written as one JSON object a line.
    #[error("{}", errors.iter().map(|e| e.message.as_str()).collect::<Vec<_>>().join("; "))]
    Typed {
        /// The answer for the inputs that were done (may be empty).
        output: String,
        /// Each error with its kind, its input and kernel where it has them.
        errors: Vec<TypedError>,
    },
}

/// An error as a program reads it (`--error-format json`): the kind (as `CliError::kind`), the input it
/// is about (none for the command's own refusals: options, the command), the kernel filter it is about,
/// and the line a person reads.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct TypedError {
    /// `CliError::kind` of the error.
    pub kind: &'static str,
    /// The input file it is about, as given.
    pub file: Option<String>,
    /// The kernel (or `--kernel` pattern) it is about.
    pub kernel: Option<String>,
    /// The message, one line, control characters spelled out as in the text form (`file` is as given).
    pub message: String,
}

impl TypedError {
    /// `e` about `file` (and `kernel`).
    pub fn of(e: &CliError, file: Option<&str>, kernel: Option<&str>) -> TypedError {
        TypedError {
            kind: e.kind(),
            file: file.map(str::to_string),
            kernel: kernel.map(str::to_string),
            // For people, as the text form shows it: control characters and escapes spelled out.
            message: wavebudget_model::text::printable(&e.to_string()).into_owned(),
        }
    }
}

impl From<wavebudget_engine::misuse::Misuse> for CliError {
    fn from(m: wavebudget_engine::misuse::Misuse) -> CliError {
        CliError::Usage(m.into())
    }
}

impl CliError {
    /// The variant's name in snake case, stable across releases (the engine's, the model's or the
    /// runtime's own for their refusals): what Python's `Error.kind` gives.
    pub fn kind(&self) -> &'static str {
        match self {
            CliError::Usage(e) => e.kind(),
            CliError::Report(e) => e.kind(),
            CliError::Model(e) => e.kind(),
            CliError::Nvidia(e) => e.kind(),
            CliError::Runtime(e) => e.kind(),
            CliError::Output(e) => e.kind(),
            CliError::Engine(e) => e.kind(),
            CliError::Advise(e) => e.kind(),
            #[cfg(feature = "llvm")]
            CliError::Llvm(e) => e.kind(),
            other => other.into(),
        }
    }
}

/// `--version`: the version and the LLVM the sweep compiles with (`0.1.0 (LLVM 22)`), which a distributed
/// sweep checks on every node; `(without LLVM)` in a build without the `llvm` feature.
pub fn version_text() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| {
        #[cfg(feature = "llvm")]
        let llvm = format!("LLVM {}", wavebudget_pass_core::LLVM.major());
        #[cfg(not(feature = "llvm"))]
        let llvm = "without LLVM".to_string();
        format!("{} ({llvm})", env!("CARGO_PKG_VERSION"))
    })
}

/// Run the CLI on an argument vector (program name first). Returns the text for stdout.
pub fn run<I, T>(args: I) -> Result<String, CliError>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let args: Vec<T> = args.into_iter().collect();
    // `sweep --error-format json` writes every error as a JSON object, those of its arguments too (which
    // clap refuses before the command is known): read from the words as given.
    let words: Vec<String> =
        args.iter().map(|a| Into::<std::ffi::OsString>::into(a.clone()).to_string_lossy().into_owned()).collect();
    let json_errors = words.get(1).is_some_and(|w| w == "sweep")
        && (words.iter().any(|w| w == "--error-format=json")
            || words.windows(2).any(|w| w[0] == "--error-format" && w[1] == "json"));
    let mut cmd = <Cli as clap::CommandFactory>::command();
    let parsed = cmd.try_get_matches_from_mut(args).and_then(|m| {
        let cli = <Cli as clap::FromArgMatches>::from_arg_matches(&m)
            .map_err(|e| e.format(&mut <Cli as clap::CommandFactory>::command()))?;
        Ok((cli, m))
    });
    let cli = match parsed {
        Ok((mut cli, m)) => {
            if let Some((name, sub)) = m.subcommand() {
                let given = args::given(cmd.find_subcommand(name).expect("the parsed subcommand"), sub);
                match &mut cli.command {
                    Command::Occupancy(a) => a.given = given,
                    Command::Budget(a) => a.given = given,
                    _ => {}
                }
            }
            cli
        }
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Ok(e.render().to_string()),
                _ => {
                    // A count flag's value that is no count: the model's refusal, naming the flag as clap
                    // records it (`--vgprs <VGPRS>`); any other, clap's own first line.
                    let count = std::error::Error::source(&e)
                        .and_then(|s| s.downcast_ref::<wavebudget_model::text::NotACount>());
                    let flag = match e.get(clap::error::ContextKind::InvalidArg) {
                        Some(clap::error::ContextValue::String(a)) => a.split_whitespace().next().map(str::to_string),
                        _ => None,
                    };
                    // Where several values are no count, the first in the one order every door reads them
                    // in, not the first typed.
                    let os: Vec<std::ffi::OsString> = words.iter().map(std::ffi::OsString::from).collect();
                    let first = count.and(args::first_bad_count(&cmd, &os));
                    let (count, flag) = match &first {
                        Some((f, c)) => (Some(c), Some(f.clone())),
                        None => (count, flag),
                    };
                    let e = CliError::Usage(match (count, flag) {
                        (Some(c), Some(flag)) => UsageError::Count(c.clone().named(&flag)),
                        _ => UsageError::Arguments(clap_message(&e.render().to_string())),
                    });
                    if json_errors {
                        let errors = vec![TypedError::of(&e, None, None)];
                        return Err(CliError::Typed { output: String::new(), errors });
                    }
                    Err(e)
                }
            };
        }
    };
    match cli.command {
        Command::Targets { json, nvidia: true } => Ok(nvidia::targets(json)),
        Command::Targets { json, nvidia: false } => targets(json),
        Command::Occupancy(a) => occupancy(&a),
        Command::Budget(a) => budget(&a),
        Command::Inspect(a) => inspect_cmd(&a),
        #[cfg(feature = "llvm")]
        Command::Sweep(a) => sweep::sweep_cmd(&a),
        #[cfg(feature = "llvm")]
        Command::Tune(a) => sweep::tune_cmd(&a),
        #[cfg(not(feature = "llvm"))]
        Command::Sweep(_) | Command::Tune(_) => Err(UsageError::WithoutLlvm.into()),
        Command::Device(a) => runtime::device_cmd(&a),
        Command::Suggest(a) => suggest(&a),
        Command::Dispatch(a) => runtime::dispatch_cmd(&a),
        Command::Embed(a) => embed::embed_cmd(&a),
        Command::PassFlags(a) => passflags::pass_flags_cmd(&a),
        Command::Isa(a) => isa::isa_cmd(&a),
        Command::Report(a) => report::report_cmd(&a),
        Command::Advise(a) => advise::advise_cmd(&a),
    }
}

/// clap's message on one line: every line before its usage block (so the missing argument is named),
/// without its own "error: " (the binary adds one) and without the tips.
fn clap_message(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("tip:"))
        .collect();
    let joined = lines.join(" ");
    let joined = joined.trim_start_matches("error: ").to_string();
    if joined.is_empty() {
        "bad arguments".into()
    } else {
        joined
    }
}

fn inspect_cmd(a: &InspectArgs) -> Result<String, CliError> {
    // The engine's one inspect question (as Python's `code_objects` and `cubins` ask it): the CLI reads
    // the launch size's text and renders the report.
    let wg_size = a.eval.wg_size.as_deref().map(parse_workgroup_text).transpose()?;
    let report = inspect::ask(
        inspect::Inputs::Files(&a.files),
        &inspect::Ask {
            target: a.eval.target.as_deref(),
            wg_size,
            kernel: a.eval.kernel.as_deref(),
            dynamic_lds: a.eval.dynamic_lds,
            llvm: args::llvm(a.eval.llvm)?,
            dvgpr_block: a.dvgpr_block,
            dynamic_shared_mem: a.cuda.dynamic_shared_mem,
            max_dynamic_shared_mem: a.cuda.max_dynamic_shared_mem.as_deref(),
        },
    )?;
    Ok(if a.json { to_json(&report) } else { render::inspect_text(&report) })
}

/// A whole input file (LLVM IR for sweep and tune), read through pipes too (up to the input budget);
/// directories, devices, sockets and named pipes are refused at once.
#[cfg(feature = "llvm")]
pub(crate) fn read_input(path: &str) -> Result<Vec<u8>, CliError> {
    let mapped = wavebudget_codeobj::Mapped::open(std::path::Path::new(path))
        .map_err(|e| CliError::Reader(path.to_string(), e))?;
    Ok(mapped.bytes().to_vec())
}

/// A regular file's bytes, mapped: for inputs named as files (sweep JSON, Triton's metadata), where a
/// pipe, a device or a named pipe is refused at once rather than read without end or waited on.
pub(crate) fn map_regular(path: &std::path::Path) -> Result<wavebudget_codeobj::Mapped, CliError> {
    wavebudget_codeobj::Mapped::open_regular(path).map_err(|e| CliError::Reader(path.display().to_string(), e))
}

/// `--kernel`: a regular expression (unanchored, like grep) matched against a kernel's name and symbol,
/// the same in every subcommand that takes it.
pub(crate) fn kernel_regex(r: &str) -> Result<regex::Regex, CliError> {
    Ok(inspect::kernel_filter(r)?)
}

fn to_json<T: Serialize + ?Sized>(v: &T) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    s.push('\n');
    s
}

fn targets(json: bool) -> Result<String, CliError> {
    let rows = wavebudget_engine::targets::rows();
    Ok(if json { to_json(&rows) } else { render::targets_table(&rows) })
}

pub(crate) fn parse_workgroup(s: Option<&str>) -> Result<WorkgroupSize, CliError> {
    let Some(s) = s else { return Ok(WorkgroupSize::DEFAULT) };
    Ok(parse_workgroup_text(s)?.validate()?)
}

/// `N` or `MIN,MAX` as numbers, not yet held to a launch's bounds (the engine's one reading of the text).
pub(crate) fn parse_workgroup_text(s: &str) -> Result<WorkgroupSize, CliError> {
    use wavebudget_engine::misuse::WorkgroupTextError;
    wavebudget_engine::misuse::workgroup_text(s).map_err(|e| match e {
        WorkgroupTextError::Count(c) => UsageError::Count(c).into(),
        WorkgroupTextError::Misuse(m) => UsageError::Misuse(m).into(),
    })
}

fn options(t: &TargetArgs) -> Result<Options, CliError> {
    Ok(Options {
        wave_size: t.wave_size,
        cu_mode: t.cu_mode,
        dvgpr_block: t.dvgpr_block.unwrap_or(0),
        llvm: args::llvm(t.llvm)?.unwrap_or_default(),
        vgprs_1_5x: None,
    })
}

fn subtargets(t: &TargetArgs) -> Result<Vec<Subtarget>, CliError> {
    Ok(wavebudget_engine::targets::subtargets(&t.target, options(t)?)?)
}

fn is_generic(t: &TargetArgs) -> bool {
    wavebudget_engine::vendor::names_generic(&t.target)
}

fn generic_params(g: &GenericArgs) -> Result<GenericParams, CliError> {
    let shape = wavebudget_engine::generic::Shape {
        preset: g.preset.as_deref(),
        register_file_bytes: g.register_file_bytes,
        wave_width: g.wave_width,
        register_bytes: g.register_bytes,
        granule: g.granule,
        max_waves: g.max_waves,
        partitions: g.partitions,
    };
    Ok(shape.params()?)
}

/// Refuses a flag the model `target` names does not take, as `occupancy` and `budget` do before any
/// other reading: the engine's one rule ([`ConfigurationModel::refuse_foreign`]).
fn refuse_other_models_flags(model: ConfigurationModel<'_>, given: &Given) -> Result<(), CliError> {
    Ok(model.refuse_foreign(given)?)
}

/// The model `t` names for a configuration: NVIDIA's (with its target), generic or AMD.
fn configuration_model(
    t: &TargetArgs,
) -> Result<(ConfigurationModel<'_>, Option<wavebudget_model::nvidia::Target>), CliError> {
    Ok(ConfigurationModel::read(&t.target)?)
}

impl ResourceArgs {
    /// The usage these give at `workgroup`; `needs` begins the refusal when no VGPR count is given.
    pub(crate) fn usage(&self, workgroup: WorkgroupSize, configuration: bool) -> Result<Usage, CliError> {
        let vgprs = vgprs_arg(self.vgprs, self.agprs, self.vgpr_count, configuration)?;
        Ok(Usage { vgprs, sgprs: self.sgprs, lds: self.lds.unwrap_or(0), workgroup })
    }
}

fn occupancy(a: &OccupancyArgs) -> Result<String, CliError> {
    let (model, nvidia) = configuration_model(&a.target)?;
    refuse_other_models_flags(model, &a.given)?;
    if let Some(t) = nvidia {
        return nvidia::occupancy(a, t);
    }
    if is_generic(&a.target) {
        let answer = wavebudget_engine::generic::occupancy(generic_params(&a.generic)?, a.resources.vgprs)?;
        return Ok(if a.json { to_json(&answer) } else { render::generic_occupancy(&answer.params, &answer.result) });
    }
    let usage = a.resources.usage(parse_workgroup(a.wg_size.as_deref())?, false)?;
    let results = subtargets(&a.target)?.iter().map(|st| st.occupancy(&usage)).collect::<Result<Vec<_>, _>>()?;
    Ok(match (a.json, results.len()) {
        (true, 1) => to_json(&results[0]),
        (true, _) => to_json(&results),
        (false, _) => render::occupancy_table(&results),
    })
}

/// `suggest`: the launch size with the most resident waves, and the grid that fills the device once.
fn suggest(a: &SuggestArgs) -> Result<String, CliError> {
    if is_generic(&a.target) {
        return Err(UsageError::SuggestGeneric.into());
    }
    // The launch range, then the counts, then the device: the order every door reads them in (the engine's).
    let range = a.wg_size.as_deref().map(parse_workgroup_text).transpose()?;
    let r = &a.resources;
    let req = wavebudget_engine::suggest::Request::new(
        range,
        r.vgprs,
        r.agprs,
        r.vgpr_count,
        r.sgprs.unwrap_or(0),
        a.cus,
        a.all,
    )?;
    let (static_lds, per_item) = (u64::from(r.lds.unwrap_or(0)), u64::from(a.lds_per_item));
    // Exact in u64 (a u32 count and a u32 per item times a launch size of at most 1024): the model refuses
    // what no workgroup can allocate with the bytes as they are.
    let mut lds = |wg: u32| static_lds + per_item * u64::from(wg);
    let outs = subtargets(&a.target)?
        .iter()
        .map(|st| wavebudget_engine::suggest::suggest(st, &req, &mut lds))
        .collect::<Result<Vec<_>, _>>()?;
    if a.json {
        return Ok(if outs.len() == 1 { to_json(&outs[0]) } else { to_json(&outs) });
    }
    let mut text = String::new();
    for o in &outs {
        let b = &o.best;
        text.push_str(&format!(
            "{}: workgroup size {} ({} bytes of LDS): {} waves/SIMD resident ({} by LLVM's count, limiter {}), {} workgroups per CU; {}\n",
            o.target,
            b.wg_size,
            b.lds,
            b.resident_waves_per_simd,
            b.waves_per_simd,
            b.limiter.as_str(),
            b.workgroups_per_cu,
            match o.min_grid_size {
                Some(g) => format!("a grid of {g} workgroups fills the device once"),
                None => format!("{} workgroups per CU fill it once (--cus N gives the grid)", b.workgroups_per_cu),
            }
        ));
        for c in o.candidates.iter().flatten() {
            text.push_str(&format!(
                "  {:>5}  lds {:>6}  waves {:>2} (LLVM {:>2}, {})  workgroups/CU {:>2}\n",
                c.wg_size,
                c.lds,
                c.resident_waves_per_simd,
                c.waves_per_simd,
                c.limiter.as_str(),
                c.workgroups_per_cu
            ));
        }
    }
    Ok(text)
}

/// The vector registers of one configuration from `--vgprs`/`--agprs` or `--vgpr-count` (the same rule in
/// `occupancy` and `report`); `configuration`: asked for the report's one configuration (the refusal says so).
pub(crate) fn vgprs_arg(
    vgprs: Option<u32>,
    agprs: Option<u32>,
    vgpr_count: Option<u32>,
    configuration: bool,
) -> Result<Vgprs, CliError> {
    Ok(wavebudget_engine::misuse::vgprs(vgprs, agprs, vgpr_count, configuration).map_err(UsageError::from)?)
}

fn budget(a: &BudgetArgs) -> Result<String, CliError> {
    let (model, nvidia) = configuration_model(&a.target)?;
    refuse_other_models_flags(model, &a.given)?;
    if let Some(t) = nvidia {
        return nvidia::budget(a, t);
    }
    if is_generic(&a.target) {
        // The shape, then the levels: Python's order (the shape is its first argument).
        let params = generic_params(&a.generic)?;
        let levels = wavebudget_engine::generic::Levels::from_given(a.all, a.waves).map_err(UsageError::from)?;
        let answer = wavebudget_engine::generic::budget(params, levels)?;
        if a.json {
            return Ok(to_json(&answer));
        }
        let mut s = render::generic_header(&answer.params);
        for r in &answer.levels {
            s.push_str(&format!("  {:>3} waves: R_max = {} registers/lane\n", r.waves, r.max_registers));
        }
        s.push_str(&format!("  ({})\n", answer.scope));
        return Ok(s);
    }
    let wg = parse_workgroup(a.wg_size.as_deref())?;
    let lds = a.lds.unwrap_or(0);
    let sts = subtargets(&a.target)?;
    use wavebudget_engine::generic::Levels;
    let w = match Levels::from_given(a.all, a.waves).map_err(UsageError::from)? {
        Levels::One(w) => w,
        _ => {
            let ladders = sts.iter().map(|st| st.ladder(wg, lds)).collect::<Result<Vec<_>, _>>()?;
            return Ok(match (a.json, ladders.len()) {
                (true, 1) => to_json(&ladders[0]),
                (true, _) => to_json(&ladders),
                (false, _) => ladders.iter().map(|l| render::ladder_table(l)).collect::<Vec<_>>().join("\n"),
            });
        }
    };
    let budgets = sts.iter().map(|st| st.budget(w, wg, lds)).collect::<Result<Vec<_>, _>>()?;
    Ok(match (a.json, budgets.len()) {
        (true, 1) => to_json(&budgets[0]),
        (true, _) => to_json(&budgets),
        (false, _) => budgets.iter().map(render::budget_text).collect::<Vec<_>>().join("\n"),
    })
}

pub(crate) use wavebudget_engine::output::{same_file, write_atomic};

/// What a command that wrote `output` prints: its summary, on standard output, or on standard error
/// where the output itself went to standard output (`-o -`), so the two never mix.
pub(crate) fn summary_beside(output: &str, summary: String) -> String {
    if wavebudget_engine::output::is_stdout(std::path::Path::new(output)) {
        eprint!("{}", wavebudget_model::text::printable_lines(&summary));
        String::new()
    } else {
        summary
    }
}
