//! The pass's settings and where they come from.
//!
//! One rule: each setting comes from the first layer that gives it, and the layers are those of the
//! command that runs the pass. An instance named in the pipeline text
//! (`amdgpu-occupancy-budget<waves=4;exact;records=PATH;mode=advise;clamp;target=gfx942>`) takes its
//! parameters, then the `-wavebudget-*` options of the same command line: what the user wrote for that
//! run. The environment (`WAVEBUDGET_WAVES=4`, ...) is for the instance an extension point adds (clang,
//! hipcc, opt's `default<ON>`, an LTO link), whose command line a build may not let one change: options,
//! then the environment. A `WAVEBUDGET_*` variable set where a named instance runs is not applied, and
//! the pass says so. A kernel's own `"wavebudget-waves"="N"` attribute overrides the waves for that
//! kernel. `-print-pipeline-passes` prints the settings in effect, which parse back to the same.

use crate::error::{ConfigProblem, Origin, Setting, Takes};
use std::path::PathBuf;

/// What the pass does with what it finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Mode {
    /// Set `"amdgpu-waves-per-eu"` (and launch bounds from `!reqd_work_group_size`) and diagnose.
    #[default]
    Set,
    /// Diagnostics and remarks only; the IR is left unchanged.
    Advise,
    /// Per kernel, the W the latency-hiding model picks among the levels with no spills (at most
    /// `max_spills`; without figures for the processor, the highest such W), from a sweep's records or by
    /// compiling the kernel at every level in process; then as `set`.
    Auto,
}

impl Mode {
    fn parse(s: &str) -> Option<Mode> {
        match s {
            "set" => Some(Mode::Set),
            "advise" => Some(Mode::Advise),
            "auto" => Some(Mode::Auto),
            _ => None,
        }
    }

    /// The pipeline spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Set => "set",
            Mode::Advise => "advise",
            Mode::Auto => "auto",
        }
    }
}

/// Largest waves/SIMD any AMD target runs (gfx10.1: 20): the model's table.
pub const MAX_REQUEST: u32 = wavebudget_model::targets::MAX_WAVES_PER_EU_ANY;

/// The most warps and blocks any NVIDIA SM holds: the model's table.
const MAX_WARPS_PER_SM: u32 = wavebudget_model::nvidia::MAX_WARPS_PER_SM_ANY;
const MAX_BLOCKS_PER_SM: u32 = wavebudget_model::nvidia::MAX_BLOCKS_PER_SM_ANY;

/// What a setting's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Value {
    /// No value: present or `no-` (a boolean in the environment and on the command line).
    Flag,
    /// What [`Takes`] says, written as `placeholder` in the docs and the option's help.
    Takes(Takes, &'static str),
    /// A file.
    Path,
    /// A processor, AMD or NVIDIA, in any spelling the model takes.
    Target,
}

/// One setting of the pass, declared once: the pipeline parameter `key`, from which the `-wavebudget-KEY`
/// option (registered by the shim from this table), the `WAVEBUDGET_KEY` variable, the printed pipeline
/// and docs/pass.md's settings table (checked by `the_docs_table_is_the_settings_table` below) all follow.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// The pipeline parameter.
    pub key: &'static str,
    /// What it takes.
    pub value: Value,
    /// The option's one-line help.
    pub help: &'static str,
}

impl Spec {
    /// The command-line option, without its dash (`wavebudget-waves`).
    pub fn option(&self) -> String {
        format!("wavebudget-{}", self.key)
    }

    /// The environment variable (`WAVEBUDGET_WAVES`).
    pub fn variable(&self) -> String {
        format!("WAVEBUDGET_{}", self.key.to_ascii_uppercase().replace('-', "_"))
    }

    /// What a value placeholder reads in the docs (`N`, `PATH`, ...), none for a flag.
    pub fn placeholder(&self) -> Option<&'static str> {
        match self.value {
            Value::Flag => None,
            Value::Takes(_, p) => Some(p),
            Value::Path => Some("PATH"),
            Value::Target => Some("PROCESSOR"),
        }
    }
}

/// Every setting, in the order the printed pipeline gives them.
pub const SETTINGS: [Spec; 11] = [
    Spec {
        key: "waves",
        value: Value::Takes(Takes::WavesPerSimd { max: MAX_REQUEST }, "N"),
        help: "Requested waves per SIMD for every kernel",
    },
    Spec { key: "exact", value: Value::Flag, help: "Emit \"W,W\" (also cap occupancy at W)" },
    Spec {
        key: "records",
        value: Value::Path,
        help: "Code object, bundle, host binary or `wavebudget inspect --json` output of a previous build: register counts per kernel",
    },
    Spec {
        key: "mode",
        value: Value::Takes(Takes::Mode, "set|advise|auto"),
        help: "set (default), advise (diagnostics only) or auto (pick W by compiling)",
    },
    Spec {
        key: "max-spills",
        value: Value::Takes(Takes::Count, "N"),
        help: "mode=auto: spills the chosen waves target may have",
    },
    Spec {
        key: "max-loop-growth",
        value: Value::Takes(Takes::Percent, "PCT"),
        help: "mode=auto: percent the chosen level's hot loop may grow",
    },
    Spec { key: "clamp", value: Value::Flag, help: "Move an unreachable request to the nearest value LLVM accepts" },
    Spec {
        key: "target",
        value: Value::Target,
        help: "Processor for kernels without a \"target-cpu\" attribute (AMD or NVIDIA, any spelling)",
    },
    Spec {
        key: "warps-per-sm",
        value: Value::Takes(Takes::WarpsPerSm { max: MAX_WARPS_PER_SM }, "N"),
        help: "NVPTX kernels: warps per SM to keep (sets nvvm.maxnreg)",
    },
    Spec {
        key: "blocks-per-sm",
        value: Value::Takes(Takes::BlocksPerSm { max: MAX_BLOCKS_PER_SM }, "N"),
        help: "NVPTX kernels: blocks per SM to keep (sets nvvm.maxnreg)",
    },
    Spec {
        key: "dynamic-shared-mem",
        value: Value::Takes(Takes::Bytes, "BYTES"),
        help: "Shared memory (NVPTX) or LDS (AMDGPU) per block given at launch, in bytes",
    },
];

/// The settings of one pass instance.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Config {
    /// Requested waves per SIMD for every kernel (`None`: only kernels with `"wavebudget-waves"`).
    pub waves: Option<u32>,
    /// Emit `"W,W"`: also cap occupancy at W (LLVM pads the descriptor).
    pub exact: bool,
    /// Register counts of a previous build.
    pub records: Option<PathBuf>,
    /// Set or advise.
    pub mode: Mode,
    /// Move an unreachable request to the nearest value LLVM 22 accepts instead of leaving the kernel.
    pub clamp: bool,
    /// Processor for kernels without `"target-cpu"` (an AMD processor, or an NVIDIA `sm_XY` / product).
    pub target: Option<String>,
    /// NVPTX kernels: the warps per SM to keep (`warps-per-sm=N`).
    pub warps_per_sm: Option<u32>,
    /// NVPTX kernels: the blocks per SM to keep (`blocks-per-sm=N`), when no warps are asked for.
    pub blocks_per_sm: Option<u32>,
    /// Shared memory (NVPTX) or LDS (AMDGPU) per block given at launch (`dynamic-shared-mem=BYTES`), which a
    /// DSL compiler knows before it calls LLVM: it counts beside the static, and on NVPTX the kernel's
    /// dynamic limit is taken as raised to the device's opt-in maximum, as Triton's launcher raises it.
    pub dynamic_shared_mem: Option<u32>,
    /// `mode=auto`: spills (VGPR + SGPR) the chosen level may have.
    pub max_spills: u32,
    /// `mode=auto`: how much longer (percent) the chosen level's hot loop may be than the unconstrained
    /// build's (`None`: not weighed).
    pub max_loop_growth: Option<u32>,
    /// `WAVEBUDGET_*` variables that were set but empty (they count as unset; the pass says so when
    /// that leaves it nothing to do).
    pub empty_variables: Vec<String>,
    /// The instance is named in the pipeline (configured by its parameters and the options alone).
    pub named: bool,
    /// `WAVEBUDGET_*` variables set (not empty) where the instance is named in the pipeline, which does
    /// not read the environment: the pass says they are not applied.
    pub unapplied_variables: Vec<String>,
    /// Nothing will show an estimate's numbers (the plugin sets this when no remark of the pass is
    /// wanted): a kernel whose values fit the budget all at once (`estimate::value_lanes_of`) cannot
    /// spill, and is not estimated. `false` (every estimate made, as in process and in the sweep)
    /// unless the plugin sets it; not a parameter.
    pub bound_first: bool,
    /// What this process generates code for, where it does (clang compiling to an object or assembly,
    /// lld's LTO; not opt, not clang -emit-llvm): the target machine's processor and features, which LLVM
    /// compiles every function without `"target-cpu"` (`"target-features"`) for. Set by the plugin for
    /// each pipeline; not a parameter.
    pub compiles_for: Option<CompileTarget>,
}

/// The processor and features of the target machine a compile generates code with.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CompileTarget {
    /// Its processor, as LLVM names it (its default, `generic-hsa` or `generic`, where the compile names none).
    pub cpu: String,
    /// Its feature string (`+wavefrontsize64,+xnack`; empty where none was given).
    pub features: String,
}

/// A setting's value as parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Parsed {
    Bool(bool),
    Count(u32),
    Mode(Mode),
    Text(String),
    Path(PathBuf),
}

/// One layer: only what it sets, by [`Spec::key`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Layer(Vec<(&'static str, Parsed)>);

impl Layer {
    fn get(&self, key: &str) -> Option<&Parsed> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }
}

/// The parameters the pass takes, named when an unknown one is given (`expected waves=N, exact, ...`).
pub(crate) fn expected() -> String {
    let items: Vec<String> = SETTINGS
        .iter()
        .map(|s| match s.placeholder() {
            Some(p) => format!("{}={p}", s.key),
            None => s.key.to_string(),
        })
        .collect();
    format!("expected {}", items.join(", "))
}

/// A whole number in `1..=max` (per the `takes` it is checked against), or the refusal naming `setting`.
fn parse_count(v: &str, setting: &Setting, takes: Takes) -> Result<u32, ConfigProblem> {
    let max = match takes {
        Takes::WavesPerSimd { max } | Takes::WarpsPerSm { max } | Takes::BlocksPerSm { max } => max,
        _ => u32::MAX,
    };
    match v.trim().parse::<u32>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(value_problem(setting, takes, v)),
    }
}

fn value_problem(setting: &Setting, takes: Takes, v: &str) -> ConfigProblem {
    ConfigProblem::Value { setting: setting.clone(), takes, value: v.to_string() }
}

/// A processor in any spelling the model accepts, checked now so that a typo is blamed on the
/// parameter, not later on a kernel's `"target-cpu"`.
fn parse_target(v: &str, setting: &Setting) -> Result<String, ConfigProblem> {
    if wavebudget_model::nvidia::parse_target(v.trim()).is_none() {
        wavebudget_model::parse_target(v.trim())
            .map_err(|e| ConfigProblem::Target { setting: setting.clone(), source: Box::new(e) })?;
    }
    Ok(v.trim().to_string())
}

/// A boolean setting: 1/0, true/false, yes/no or on/off, any case (the set docs/pass.md gives); anything
/// else is refused with that set named.
fn parse_bool(v: &str, setting: &Setting) -> Result<bool, ConfigProblem> {
    match v.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" | "" => Ok(false),
        _ => Err(value_problem(setting, Takes::Bool, v)),
    }
}

/// A value of `spec` read from `v`, or the refusal naming `setting`.
fn parse_value(spec: &Spec, v: &str, setting: &Setting) -> Result<Parsed, ConfigProblem> {
    Ok(match spec.value {
        Value::Flag => Parsed::Bool(parse_bool(v, setting)?),
        Value::Path => Parsed::Path(PathBuf::from(v)),
        Value::Target => Parsed::Text(parse_target(v, setting)?),
        Value::Takes(Takes::Mode, _) => {
            Parsed::Mode(Mode::parse(v.trim()).ok_or_else(|| value_problem(setting, Takes::Mode, v))?)
        }
        Value::Takes(t @ (Takes::WavesPerSimd { .. } | Takes::WarpsPerSm { .. } | Takes::BlocksPerSm { .. }), _) => {
            Parsed::Count(parse_count(v, setting, t)?)
        }
        Value::Takes(t, _) => Parsed::Count(v.trim().parse().map_err(|_| value_problem(setting, t, v))?),
    })
}

/// Parses the pipeline-parameter syntax (also used for the command-line layer, where a flag may carry a
/// boolean: `exact=false`, as `-wavebudget-exact=false` gives it). `origin` names the source in errors.
fn parse_layer(text: &str, origin: &Origin) -> Result<Layer, ConfigProblem> {
    let mut l = Layer::default();
    let mut seen: Vec<&str> = Vec::new();
    for item in text.split(';') {
        if item.is_empty() {
            continue;
        }
        let (given, value) = match item.split_once('=') {
            Some((k, v)) => (k, Some(v)),
            None => (item, None),
        };
        // The shim passes an option value's own ';' as U+001F (COMMAND_LINE_SEMICOLON), so that a value
        // cannot start another setting.
        let unescaped = match origin {
            Origin::CommandLine => value.map(|v| v.replace(COMMAND_LINE_SEMICOLON, ";")),
            // Pipeline text: a value's `%XX` is the byte XX (how `to_params` writes the characters the
            // pipeline syntax would split at).
            _ => value.map(percent_decoded),
        };
        let value = unescaped.as_deref();
        let unknown = || ConfigProblem::Unknown { key: given.to_string(), origin: origin.clone() };
        let negated = given.strip_prefix("no-");
        let spec = SETTINGS
            .iter()
            .find(|s| s.key == given || (s.value == Value::Flag && negated == Some(s.key)))
            .ok_or_else(unknown)?;
        // The name as given (`no-exact`), for the messages that quote it.
        let key: &'static str = if negated.is_some() {
            NEGATED.iter().find(|n| n.strip_prefix("no-") == Some(spec.key)).copied().ok_or_else(unknown)?
        } else {
            spec.key
        };
        if seen.contains(&spec.key) {
            return Err(ConfigProblem::Twice { key: spec.key.to_string(), origin: origin.clone() });
        }
        seen.push(spec.key);
        let setting = Setting::Param { key: spec.key, origin: origin.clone() };
        let parsed = match (spec.value, value) {
            (Value::Flag, None) => Parsed::Bool(negated.is_none()),
            (Value::Flag, Some(v)) if *origin == Origin::CommandLine && negated.is_none() => {
                Parsed::Bool(parse_bool(v, &setting)?)
            }
            (Value::Flag, Some(_)) => return Err(ConfigProblem::TakesNoValue { key, origin: origin.clone() }),
            (_, v) => {
                let v = v
                    .filter(|v| !v.is_empty())
                    .ok_or_else(|| ConfigProblem::NeedsValue { key, origin: origin.clone() })?;
                parse_value(spec, v, &setting)?
            }
        };
        l.0.push((spec.key, parsed));
    }
    one_nvidia_request(&l, origin)?;
    Ok(l)
}

/// The characters of a value that the pipeline syntax would read as its own (LLVM splits the pipeline at
/// `,`, `(` and `)`, nests at `<` and `>`; the pass splits its parameters at `;`), `%` itself, and
/// controls: [`Config::to_params`] writes each as `%XX`, and the pipeline layer reads `%XX` back.
fn needs_percent(c: char) -> bool {
    matches!(c, ',' | ';' | '<' | '>' | '(' | ')' | '%') || c.is_control()
}

fn percent_encoded(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        if needs_percent(c) {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `%XX` (two hex digits) as the byte XX; any other `%` as it is.
fn percent_decoded(v: &str) -> String {
    let b = v.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |x: u8| (x as char).to_digit(16);
        match (b[i], b.get(i + 1).copied().and_then(hex), b.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (x, _, _) => {
                out.push(x);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// How the shim writes a ';' inside a `-wavebudget-*` option's value in the command-line layer's text.
pub const COMMAND_LINE_SEMICOLON: char = '\u{1f}';

/// The `no-` forms of the flags, as static names for the messages that quote them.
const NEGATED: [&str; 2] = ["no-exact", "no-clamp"];

/// A layer asks for warps or blocks per SM, not both.
fn one_nvidia_request(l: &Layer, origin: &Origin) -> Result<(), ConfigProblem> {
    if l.get("warps-per-sm").is_some() && l.get("blocks-per-sm").is_some() {
        return Err(ConfigProblem::BothPerSm { origin: origin.clone() });
    }
    Ok(())
}

/// The variables the environment layer reads: [`Spec::variable`] of every setting.
pub fn env_vars() -> Vec<String> {
    SETTINGS.iter().map(Spec::variable).collect()
}

/// The environment layer: each setting's variable. Empty variables count as unset; booleans take
/// 1/0, true/false, yes/no or on/off.
fn env_layer(get: &dyn Fn(&str) -> Option<String>) -> Result<Layer, ConfigProblem> {
    let mut l = Layer::default();
    for spec in &SETTINGS {
        let name = spec.variable();
        if let Some(v) = get(&name).filter(|v| !v.is_empty()) {
            let parsed = parse_value(spec, &v, &Setting::Var(name))?;
            l.0.push((spec.key, parsed));
        }
    }
    one_nvidia_request(&l, &Origin::Environment)?;
    Ok(l)
}

impl Config {
    /// Parses pipeline parameters alone (no command line, no environment), as a DSL compiler calling
    /// the pass in process would.
    pub fn from_params(params: &str) -> Result<Config, crate::Error> {
        Ok(Config::merge(&[parse_layer(params, &Origin::Params)?]))
    }

    /// Builds the config the plugin uses: pipeline parameters (`None` for the clang extension-point
    /// instance), then the command-line options (in pipeline syntax, built by the C++ shim), then the
    /// environment as read by `get`.
    pub fn layered(
        params: Option<&str>,
        command_line: &str,
        get: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, crate::Error> {
        Ok(Config::layers(params, command_line, get)?)
    }

    fn layers(
        params: Option<&str>,
        command_line: &str,
        get: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigProblem> {
        let mut layers = Vec::new();
        if let Some(p) = params {
            layers.push(parse_layer(p, &Origin::Pipeline(p.to_string()))?);
        }
        layers.push(parse_layer(command_line, &Origin::CommandLine)?);
        // The environment configures the extension-point instance only (the module doc).
        if params.is_none() {
            layers.push(env_layer(get)?);
        }
        let mut cfg = Config::merge(&layers);
        if params.is_none() {
            cfg.empty_variables = env_vars().into_iter().filter(|k| get(k).is_some_and(|v| v.is_empty())).collect();
        } else {
            cfg.named = true;
            cfg.unapplied_variables = env_vars()
                .into_iter()
                .filter_map(|k| get(&k).filter(|v| !v.is_empty()).map(|v| format!("{k}={v}")))
                .collect();
        }
        Ok(cfg)
    }

    fn merge(layers: &[Layer]) -> Config {
        // Each setting from the first layer that gives it; one NVIDIA request (warps or blocks) from the
        // highest layer that gives one.
        let first = |key: &str| layers.iter().find_map(|l| l.get(key));
        let count = |key: &str| match first(key) {
            Some(Parsed::Count(n)) => Some(*n),
            _ => None,
        };
        let flag = |key: &str| matches!(first(key), Some(Parsed::Bool(true)));
        let per_sm = layers.iter().find(|l| l.get("warps-per-sm").is_some() || l.get("blocks-per-sm").is_some());
        let per_sm_count = |key: &str| match per_sm.and_then(|l| l.get(key)) {
            Some(Parsed::Count(n)) => Some(*n),
            _ => None,
        };
        Config {
            waves: count("waves"),
            exact: flag("exact"),
            records: match first("records") {
                Some(Parsed::Path(p)) => Some(p.clone()),
                _ => None,
            },
            mode: match first("mode") {
                Some(Parsed::Mode(m)) => *m,
                _ => Mode::default(),
            },
            clamp: flag("clamp"),
            target: match first("target") {
                Some(Parsed::Text(t)) => Some(t.clone()),
                _ => None,
            },
            max_spills: count("max-spills").unwrap_or(0),
            max_loop_growth: count("max-loop-growth"),
            warps_per_sm: per_sm_count("warps-per-sm"),
            blocks_per_sm: per_sm_count("blocks-per-sm"),
            dynamic_shared_mem: count("dynamic-shared-mem"),
            empty_variables: Vec::new(),
            named: false,
            unapplied_variables: Vec::new(),
            bound_first: false,
            compiles_for: None,
        }
    }

    /// The pipeline parameters that rebuild this config (what `-print-pipeline-passes` shows), in the
    /// table's order; defaults are left out.
    pub fn to_params(&self) -> String {
        let items: Vec<String> = SETTINGS
            .iter()
            .filter_map(|spec| {
                let value = match spec.key {
                    "waves" => self.waves.map(|w| w.to_string()),
                    "exact" => self.exact.then(String::new),
                    "records" => self.records.as_ref().map(|r| percent_encoded(&r.display().to_string())),
                    "mode" => (self.mode != Mode::Set).then(|| self.mode.as_str().to_string()),
                    "max-spills" => (self.max_spills != 0).then(|| self.max_spills.to_string()),
                    "max-loop-growth" => self.max_loop_growth.map(|p| p.to_string()),
                    "clamp" => self.clamp.then(String::new),
                    "target" => self.target.as_deref().map(percent_encoded),
                    "warps-per-sm" => self.warps_per_sm.map(|w| w.to_string()),
                    "blocks-per-sm" => self.blocks_per_sm.map(|b| b.to_string()),
                    "dynamic-shared-mem" => self.dynamic_shared_mem.map(|d| d.to_string()),
                    _ => None,
                }?;
                Some(if spec.value == Value::Flag { spec.key.to_string() } else { format!("{}={value}", spec.key) })
            })
            .collect();
        items.join(";")
    }

    /// Anything asked of the pass at all (otherwise it only acts on `"wavebudget-waves"` kernels).
    pub fn is_active(&self) -> bool {
        self.waves.is_some() || self.mode == Mode::Auto || self.warps_per_sm.is_some() || self.blocks_per_sm.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_env(_: &str) -> Option<String> {
        None
    }

    /// A value holding what the pipeline syntax splits at is printed `%XX` and read back as it was.
    #[test]
    fn values_the_pipeline_would_split_round_trip() {
        for path in ["/tmp/a,b.o", "/tmp/a;b>c(d)%41.o", "/tmp/plain.o", "/tmp/ü n.o"] {
            let c = Config { records: Some(path.into()), waves: Some(4), ..Config::default() };
            let text = c.to_params();
            assert!(!text.contains(',') && !text.contains('>') && !text.contains('('), "{text}");
            assert_eq!(Config::from_params(&text).unwrap().records.unwrap().display().to_string(), path, "{text}");
        }
        assert_eq!(
            Config::from_params("records=/tmp/a%2Cb.o").unwrap().records.unwrap().display().to_string(),
            "/tmp/a,b.o"
        );
    }

    #[test]
    fn params_round_trip() {
        for p in [
            "waves=4",
            "waves=4;exact",
            "waves=8;exact;records=/tmp/x.o;mode=advise;clamp;target=gfx942",
            "mode=auto;max-spills=4",
            "target=H100;warps-per-sm=48",
            "mode=advise;target=sm_90;blocks-per-sm=3",
            "",
        ] {
            let c = Config::from_params(p).unwrap();
            assert_eq!(c.to_params(), p);
        }
    }

    #[test]
    fn one_nvidia_request_from_the_highest_layer() {
        let env = |k: &str| (k == "WAVEBUDGET_WARPS_PER_SM").then(|| "16".to_string());
        let c = Config::layered(Some("blocks-per-sm=3"), "", &env).unwrap();
        assert_eq!((c.warps_per_sm, c.blocks_per_sm), (None, Some(3)));
        let c = Config::layered(None, "", &env).unwrap();
        assert_eq!((c.warps_per_sm, c.blocks_per_sm), (Some(16), None));
        let e = Config::from_params("warps-per-sm=8;blocks-per-sm=2").unwrap_err();
        assert!(matches!(e, crate::Error::Config(ConfigProblem::BothPerSm { origin: Origin::Params })), "{e}");
        let e = Config::layered(None, "", &|k: &str| k.ends_with("_PER_SM").then(|| "2".to_string())).unwrap_err();
        assert!(matches!(e, crate::Error::Config(ConfigProblem::BothPerSm { origin: Origin::Environment })), "{e}");
    }

    fn problem(params: &str) -> ConfigProblem {
        match Config::from_params(params) {
            Err(crate::Error::Config(p)) => p,
            r => panic!("{params}: {r:?}"),
        }
    }

    fn param(key: &'static str) -> Setting {
        Setting::Param { key, origin: Origin::Params }
    }

    #[test]
    fn nvidia_requests_are_counted_per_sm() {
        assert!(Config::from_params("warps-per-sm=64").unwrap().is_active());
        assert_eq!(
            problem("warps-per-sm=65"),
            ConfigProblem::Value {
                setting: param("warps-per-sm"),
                takes: Takes::WarpsPerSm { max: 64 },
                value: "65".into()
            }
        );
        // The whole line, once: the setting, what it takes, what was given.
        assert_eq!(
            problem("warps-per-sm=65").to_string(),
            "parameter 'warps-per-sm' in amdgpu-occupancy-budget<...> wants a whole number of warps per SM from 1 to 64, got '65'"
        );
        assert_eq!(
            problem("blocks-per-sm=0"),
            ConfigProblem::Value {
                setting: param("blocks-per-sm"),
                takes: Takes::BlocksPerSm { max: 32 },
                value: "0".into()
            }
        );
        let p = problem("target=sm_107");
        assert!(matches!(&p, ConfigProblem::Target { setting, .. } if *setting == param("target")), "{p}");
        assert!(p.to_string().contains("unknown target 'sm_107'"), "{p}");
    }

    #[test]
    fn bad_parameters_name_the_parameter() {
        assert_eq!(problem("wavs=4"), ConfigProblem::Unknown { key: "wavs".into(), origin: Origin::Params });
        let waves = |v: &str| ConfigProblem::Value {
            setting: param("waves"),
            takes: Takes::WavesPerSimd { max: MAX_REQUEST },
            value: v.into(),
        };
        assert_eq!(problem("waves=0"), waves("0"));
        assert_eq!(problem("waves=21"), waves("21"));
        assert_eq!(MAX_REQUEST, 20);
        assert_eq!(
            problem("mode=fast"),
            ConfigProblem::Value { setting: param("mode"), takes: Takes::Mode, value: "fast".into() }
        );
        assert_eq!(
            problem("max-spills=x"),
            ConfigProblem::Value { setting: param("max-spills"), takes: Takes::Count, value: "x".into() }
        );
        assert_eq!(
            problem("max-loop-growth=1.5"),
            ConfigProblem::Value { setting: param("max-loop-growth"), takes: Takes::Percent, value: "1.5".into() }
        );
        assert_eq!(problem("exact=1"), ConfigProblem::TakesNoValue { key: "exact", origin: Origin::Params });
        assert_eq!(problem("no-clamp=1"), ConfigProblem::TakesNoValue { key: "no-clamp", origin: Origin::Params });
        assert_eq!(problem("records"), ConfigProblem::NeedsValue { key: "records", origin: Origin::Params });
        assert_eq!(problem("waves=2;waves=3"), ConfigProblem::Twice { key: "waves".into(), origin: Origin::Params });
        assert_eq!(problem("clamp;no-clamp"), ConfigProblem::Twice { key: "clamp".into(), origin: Origin::Params });
        // Every parameter of the list is taken.
        for k in SETTINGS.iter().map(|s| s.key).chain(NEGATED) {
            let p = match k {
                "waves" | "warps-per-sm" | "blocks-per-sm" | "max-spills" | "max-loop-growth"
                | "dynamic-shared-mem" => {
                    format!("{k}=1")
                }
                "records" => "records=/x".into(),
                "target" => "target=gfx942".into(),
                "mode" => "mode=advise".into(),
                _ => k.to_string(),
            };
            Config::from_params(&p).unwrap_or_else(|e| panic!("{p}: {e}"));
        }
    }

    /// docs/pass.md's settings table: its first three columns are the table's, row by row (the pipeline
    /// parameter, the option, the variable), so the docs cannot name a setting the pass does not take.
    #[test]
    fn the_docs_table_is_the_settings_table() {
        let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/pass.md")).unwrap();
        let start = docs.find("| pipeline parameter |").expect("the settings table");
        let rows: Vec<&str> = docs[start..].lines().skip(2).take_while(|l| l.starts_with('|')).collect();
        assert_eq!(rows.len(), SETTINGS.len(), "{rows:#?}");
        for (row, spec) in rows.iter().zip(&SETTINGS) {
            let md = |s: String| s.replace('|', "\\|");
            let (param, option, var) = match spec.placeholder() {
                Some(p) => (
                    format!("`{}={}`", spec.key, md(p.into())),
                    format!("`-{}={}`", spec.option(), md(p.into())),
                    format!("`{}`", spec.variable()),
                ),
                None => {
                    (format!("`{}`", spec.key), format!("`-{}`", spec.option()), format!("`{}=1`", spec.variable()))
                }
            };
            let want = format!("| {param} | {option} | {var} |");
            assert!(row.starts_with(&want), "docs/pass.md row\n{row}\nshould start\n{want}");
        }
    }

    /// `NEGATED` holds exactly the `no-` form of each flag of the table: a flag added without it would
    /// take no `no-` form, one left after its flag would name nothing.
    #[test]
    fn each_flag_has_its_no_form() {
        let flags: Vec<String> =
            SETTINGS.iter().filter(|s| s.value == Value::Flag).map(|s| format!("no-{}", s.key)).collect();
        assert_eq!(flags, NEGATED);
    }

    #[test]
    fn every_variable_the_environment_layer_reads_is_listed() {
        // A variable read but not in env_vars() would escape the not-UTF-8 check and the empty-variable note.
        let read = std::cell::RefCell::new(Vec::new());
        let get = |k: &str| {
            read.borrow_mut().push(k.to_string());
            None
        };
        Config::layered(None, "", &get).unwrap();
        for k in read.borrow().iter() {
            assert!(env_vars().contains(k), "{k} is read but not in env_vars()");
        }
        for k in env_vars() {
            assert!(read.borrow().contains(&k), "{k} is listed but never read");
        }
    }

    #[test]
    fn layers_first_wins() {
        let env = |k: &str| match k {
            "WAVEBUDGET_WAVES" => Some("3".to_string()),
            "WAVEBUDGET_MODE" => Some("advise".to_string()),
            "WAVEBUDGET_CLAMP" => Some("1".to_string()),
            _ => None,
        };
        // Named in the pipeline: its parameters, then the options; the environment is not read (an ambient
        // WAVEBUDGET_MODE=advise cannot turn the pipeline's waves=5 into nothing), and it is said.
        let c = Config::layered(Some("waves=5"), "waves=6;exact", &env).unwrap();
        assert_eq!((c.waves, c.exact, c.mode, c.clamp), (Some(5), true, Mode::Set, false));
        assert_eq!(c.unapplied_variables, ["WAVEBUDGET_WAVES=3", "WAVEBUDGET_MODE=advise", "WAVEBUDGET_CLAMP=1"]);
        // At an extension point: the options, then the environment.
        let c = Config::layered(None, "exact", &env).unwrap();
        assert_eq!((c.waves, c.exact, c.mode, c.clamp), (Some(3), true, Mode::Advise, true));
        assert!(c.unapplied_variables.is_empty());
        let c = Config::layered(None, "", &env).unwrap();
        assert_eq!(c.waves, Some(3));
        let c = Config::layered(None, "no-clamp", &env).unwrap();
        assert!(!c.clamp);
        // The options give a flag's value as `-wavebudget-clamp=false` does (the shim passes `clamp=false`);
        // the pipeline text takes no value for it.
        let c = Config::layered(None, "clamp=false", &env).unwrap();
        assert!(!c.clamp);
        // An option's value with a ';' of its own (as the shim passes it) is one value, not two settings.
        let c = Config::layered(None, "records=/a\u{1f}b.o", &no_env).unwrap();
        assert_eq!(c.records, Some(PathBuf::from("/a;b.o")));
        let e = Config::layered(None, "waves=4\u{1f}exact", &no_env).unwrap_err().to_string();
        assert!(e.contains("got '4;exact'"), "{e}");
        let c = Config::layered(None, "exact=yes", &no_env).unwrap();
        assert!(c.exact);
        let e = Config::layered(None, "exact=maybe", &no_env).unwrap_err().to_string();
        assert!(e.contains("parameter 'exact' in the -wavebudget-* options") && e.contains("maybe"), "{e}");
        assert_eq!(problem("exact=true"), ConfigProblem::TakesNoValue { key: "exact", origin: Origin::Params });
        let c = Config::layered(None, "", &no_env).unwrap();
        assert!(!c.is_active());
        let bad = |k: &str| (k == "WAVEBUDGET_WAVES").then(|| "many".to_string());
        let e = Config::layered(None, "", &bad).unwrap_err().to_string();
        assert!(e.contains("WAVEBUDGET_WAVES") && e.contains("many"), "{e}");
    }
}
