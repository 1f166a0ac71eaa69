//! The pass's one error type (the sweep's too): each message is one line naming the input and what was wrong, and
//! the underlying error is kept as the source.

use std::path::PathBuf;

/// What can go wrong in the pass crate (settings, records, the sweep's module).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum Error {
    /// A pipeline parameter, `-wavebudget-*` option or `WAVEBUDGET_*` variable that cannot be used.
    #[error(transparent)]
    Config(#[from] ConfigProblem),
    /// A records file the reader refused (code object, bundle, host binary).
    #[error("{}", records_message(.path, .source))]
    Records {
        /// The records file.
        path: PathBuf,
        /// The reader's error, naming the structure and offset.
        #[source]
        source: wavebudget_codeobj::Error,
    },
    /// A records file that is not what `wavebudget inspect --json` or `sweep --json` writes, or that
    /// holds no kernels.
    #[error("{}: {problem}", .path.display())]
    RecordsContent {
        /// The records file.
        path: PathBuf,
        /// What is missing or wrong.
        problem: RecordsProblem,
    },
    /// LLVM could not parse the module (its message, with the line and column).
    #[error("{0}")]
    Parse(String),
    /// A module the sweep cannot compile as a whole: no kernels, a triple that is not amdgcn, a kernel
    /// with no processor.
    #[error(transparent)]
    Module(#[from] ModuleProblem),
    /// The model refused a target.
    #[error(transparent)]
    Model(#[from] wavebudget_model::ModelError),
}

impl Error {
    /// The variant's name in snake case (a setting's or module's problem by its own), stable across
    /// releases: what Python's `Error.kind` gives.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Config(p) => p.kind(),
            Error::RecordsContent { problem, .. } => problem.kind(),
            Error::Module(p) => p.kind(),
            Error::Model(e) => e.kind(),
            other => other.into(),
        }
    }
}

/// Where a layer of settings comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Origin {
    /// The pass's pipeline parameters, as written between the brackets.
    Pipeline(String),
    /// Parameters given in process ([`crate::Config::from_params`]).
    Params,
    /// The `-wavebudget-*` command-line options.
    CommandLine,
    /// The `WAVEBUDGET_*` environment variables.
    Environment,
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Pipeline(p) => write!(f, "'amdgpu-occupancy-budget<{p}>'"),
            Origin::Params => f.write_str("amdgpu-occupancy-budget<...>"),
            Origin::CommandLine => f.write_str("the -wavebudget-* options"),
            Origin::Environment => f.write_str("the environment (WAVEBUDGET_WARPS_PER_SM, WAVEBUDGET_BLOCKS_PER_SM)"),
        }
    }
}

/// One setting: a parameter of a layer, or an environment variable.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Setting {
    /// `key` in the parameters (or options) of `origin`.
    Param {
        /// The parameter's name.
        key: &'static str,
        /// Where it was given.
        origin: Origin,
    },
    /// An environment variable.
    Var(String),
}

impl std::fmt::Display for Setting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Setting::Param { key, origin } => write!(f, "parameter '{key}' in {origin}"),
            Setting::Var(v) => write!(f, "environment variable {v}"),
        }
    }
}

/// What a setting takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Takes {
    /// Waves per SIMD from 1 to `max`.
    WavesPerSimd {
        /// The most.
        max: u32,
    },
    /// Warps per SM from 1 to `max`.
    WarpsPerSm {
        /// The most.
        max: u32,
    },
    /// Blocks per SM from 1 to `max`.
    BlocksPerSm {
        /// The most.
        max: u32,
    },
    /// A boolean.
    Bool,
    /// `set`, `advise` or `auto`.
    Mode,
    /// A whole number.
    Count,
    /// A whole number of percent.
    Percent,
    /// A whole number of bytes.
    Bytes,
}

impl std::fmt::Display for Takes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Takes::WavesPerSimd { max } => write!(f, "a whole number of waves per SIMD from 1 to {max}"),
            Takes::WarpsPerSm { max } => write!(f, "a whole number of warps per SM from 1 to {max}"),
            Takes::BlocksPerSm { max } => write!(f, "a whole number of blocks per SM from 1 to {max}"),
            Takes::Bool => f.write_str("1/0, true/false, yes/no or on/off"),
            Takes::Mode => f.write_str("set, advise or auto"),
            Takes::Count => f.write_str("a whole number"),
            Takes::Percent => f.write_str("a whole number of percent"),
            Takes::Bytes => f.write_str("a whole number of bytes"),
        }
    }
}

/// Settings the pass cannot use, each naming the setting and where it was given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum ConfigProblem {
    /// A value the setting does not take.
    #[error("{setting} wants {takes}, got '{value}'")]
    #[strum(serialize = "setting_value")]
    Value {
        /// The setting.
        setting: Setting,
        /// What it takes.
        takes: Takes,
        /// What was given.
        value: String,
    },
    /// A processor the model does not know.
    #[error("{setting}: {source}")]
    #[strum(serialize = "setting_target")]
    Target {
        /// The setting.
        setting: Setting,
        /// The model's refusal.
        #[source]
        source: Box<wavebudget_model::ModelError>,
    },
    /// A parameter given twice in one layer.
    #[error("parameter '{key}' given twice in {origin}")]
    #[strum(serialize = "setting_twice")]
    Twice {
        /// The parameter.
        key: String,
        /// The layer.
        origin: Origin,
    },
    /// A parameter without its value.
    #[error("parameter '{key}' needs a value ({key}=...) in {origin}")]
    #[strum(serialize = "setting_needs_value")]
    NeedsValue {
        /// The parameter.
        key: &'static str,
        /// The layer.
        origin: Origin,
    },
    /// A flag parameter given a value.
    #[error("parameter '{key}' takes no value in {origin}")]
    #[strum(serialize = "setting_takes_no_value")]
    TakesNoValue {
        /// The parameter.
        key: &'static str,
        /// The layer.
        origin: Origin,
    },
    /// A parameter the pass does not have.
    #[error("unknown parameter '{key}' in {origin} ({})", crate::config::expected())]
    #[strum(serialize = "unknown_setting")]
    Unknown {
        /// What was given.
        key: String,
        /// The layer.
        origin: Origin,
    },
    /// Warps and blocks per SM in one layer.
    #[error("warps-per-sm and blocks-per-sm both given in {origin}: give one")]
    BothPerSm {
        /// The layer.
        origin: Origin,
    },
    /// An environment variable that is not UTF-8.
    #[error("environment variable {var} is not UTF-8 ('{shown}')")]
    NotUtf8 {
        /// The variable.
        var: String,
        /// Its value, lossily, with control characters escaped.
        shown: String,
    },
}

wavebudget_model::kind_is_variant!(ConfigProblem);

/// What makes a records file unusable (after its path).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum RecordsProblem {
    /// Not JSON (serde's message, with the line and column).
    #[error("not valid JSON: {0}")]
    #[strum(serialize = "records_not_json")]
    NotJson(String),
    /// JSON with a `"kernels"` array that is not a sweep's output (the sweep reader's message).
    #[error("{0}")]
    #[strum(serialize = "records_not_a_sweep")]
    NotASweep(String),
    /// JSON of neither form.
    #[error(
        "neither `wavebudget inspect --json` nor `wavebudget sweep --json` output: no \"code_objects\" or \"kernels\" array"
    )]
    #[strum(serialize = "records_neither_form")]
    NeitherForm,
    /// JSON with a `"code_objects"` array that is not `inspect --json`'s output (the reader's message,
    /// with the path: `code_objects[0]: missing field `processor``).
    #[error("{0}")]
    #[strum(serialize = "records_not_inspect")]
    NotInspect(String),
    /// A sweep kernel whose target the model refuses.
    #[error("kernels[{index}]: target \"{target}\": {source}")]
    #[strum(serialize = "records_target")]
    Target {
        /// The kernel's index.
        index: usize,
        /// Its target.
        target: String,
        /// The model's refusal.
        #[source]
        source: Box<wavebudget_model::ModelError>,
    },
    /// JSON with no kernels.
    #[error("no kernels in the JSON")]
    #[strum(serialize = "records_no_kernels_in_json")]
    NoKernelsInJson,
    /// A binary with no AMDGPU kernels.
    #[error("no AMDGPU kernels found")]
    #[strum(serialize = "records_no_kernels")]
    NoKernels,
}

wavebudget_model::kind_is_variant!(RecordsProblem);

/// A module the sweep cannot compile as a whole.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum ModuleProblem {
    /// No `amdgpu_kernel` function.
    #[error("{module}: no amdgpu_kernel functions")]
    #[strum(serialize = "module_no_kernels")]
    NoKernels {
        /// The module's name.
        module: String,
    },
    /// A triple that is not amdgcn.
    #[error("{module}: the module's triple is '{triple}', not amdgcn-amd-amdhsa")]
    #[strum(serialize = "module_triple")]
    Triple {
        /// The module's name.
        module: String,
        /// Its triple.
        triple: String,
    },
    /// A kernel asked for (`--kernel`) that the module does not have.
    #[error("{module}: no amdgpu_kernel function named '{kernel}'")]
    #[strum(serialize = "module_no_such_kernel")]
    NoSuchKernel {
        /// The module's name.
        module: String,
        /// The name asked for.
        kernel: String,
    },
    /// A kernel without `"target-cpu"` and no `--target`.
    #[error(
        "{module}: kernel '{kernel}' has no \"target-cpu\" attribute: give the processor with --target (gfx942, MI300X, gfx1100, ...)"
    )]
    #[strum(serialize = "module_no_processor")]
    NoProcessor {
        /// The module's name.
        module: String,
        /// The kernel.
        kernel: String,
    },
}

wavebudget_model::kind_is_variant!(ModuleProblem);

/// The reader's error after the path, which its I/O errors already name.
fn records_message(path: &std::path::Path, e: &wavebudget_codeobj::Error) -> String {
    match e {
        wavebudget_codeobj::Error::Io { .. } => e.to_string(),
        _ => format!("{}: {e}", path.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds a pass error gives (through `Error::kind`, then the CLI's and Python's) are distinct,
    /// here and from the model's, the engine's and the CLI's own names they sit beside.
    #[test]
    fn kinds_are_distinct() {
        let model = || Box::new(wavebudget_model::parse_target("gfx9999").unwrap_err());
        let setting = Setting::Var("WAVEBUDGET_WAVES".into());
        let o = || Origin::Params;
        let all: Vec<Error> = vec![
            ConfigProblem::Value { setting: setting.clone(), takes: Takes::Count, value: "x".into() }.into(),
            ConfigProblem::Target { setting, source: model() }.into(),
            ConfigProblem::Twice { key: "waves".into(), origin: o() }.into(),
            ConfigProblem::NeedsValue { key: "waves", origin: o() }.into(),
            ConfigProblem::TakesNoValue { key: "exact", origin: o() }.into(),
            ConfigProblem::Unknown { key: "x".into(), origin: o() }.into(),
            ConfigProblem::BothPerSm { origin: o() }.into(),
            ConfigProblem::NotUtf8 { var: "WAVEBUDGET_WAVES".into(), shown: "x".into() }.into(),
            ModuleProblem::NoKernels { module: "m".into() }.into(),
            ModuleProblem::Triple { module: "m".into(), triple: "x86_64".into() }.into(),
            ModuleProblem::NoSuchKernel { module: "m".into(), kernel: "k".into() }.into(),
            ModuleProblem::NoProcessor { module: "m".into(), kernel: "k".into() }.into(),
            Error::Parse("p".into()),
        ];
        let records = [
            RecordsProblem::NotJson("x".into()),
            RecordsProblem::NotASweep("x".into()),
            RecordsProblem::NeitherForm,
            RecordsProblem::NotInspect("x".into()),
            RecordsProblem::Target { index: 0, target: "gfx9999".into(), source: model() },
            RecordsProblem::NoKernelsInJson,
            RecordsProblem::NoKernels,
        ];
        let mut kinds: Vec<&str> = all.iter().map(Error::kind).collect();
        kinds.extend(records.iter().map(RecordsProblem::kind));
        let mut seen = std::collections::BTreeSet::new();
        for k in &kinds {
            assert!(seen.insert(*k), "{k} twice");
            assert!(k.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'), "{k}");
        }
        // The names the engine and the model use for their own refusals of the same things.
        for theirs in ["no_kernels", "not_a_sweep", "unknown_target", "target", "missing"] {
            assert!(!seen.contains(theirs), "{theirs} is another crate's kind");
        }
    }
}
