//! The pass's settings and where they come from.
//!
//! Three layers, the first that sets a value wins: the pipeline text
//! (`amdgpu-occupancy-budget<waves=4;exact;records=PATH;mode=advise;clamp;target=gfx942>`), then the
//! `-wavebudget-*` command-line options (`-mllvm -wavebudget-waves=4` in clang), then the environment
//! (`WAVEBUDGET_WAVES=4`, ...). A kernel's own `"wavebudget-waves"="N"` attribute overrides the waves of
//! all three for that kernel.

use crate::error::{ConfigProblem, Origin, Setting, Takes};
use std::fmt::Write as _;
use std::path::PathBuf;

/// What the pass does with what it finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Set `"amdgpu-waves-per-eu"` (and launch bounds from `!reqd_work_group_size`) and diagnose.
    #[default]
    Set,
    /// Diagnostics and remarks only; the IR is left unchanged.
    Advise,
    /// Per kernel, the highest W with no spills (at most `max_spills`), from a sweep's records or by
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

/// Largest waves/SIMD any AMD target runs (gfx10.1: 20).
pub const MAX_REQUEST: u32 = 20;

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
    /// Nothing will show an estimate's numbers (the plugin sets this when no remark of the pass is
    /// wanted): a kernel whose values fit the budget all at once (`estimate::value_lanes_of`) cannot
    /// spill, and is not estimated. `false` (every estimate made, as in process and in the sweep)
    /// unless the plugin sets it; not a parameter.
    pub bound_first: bool,
}

/// One layer: only what it sets.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Layer {
    waves: Option<u32>,
    exact: Option<bool>,
    records: Option<PathBuf>,
    mode: Option<Mode>,
    clamp: Option<bool>,
    target: Option<String>,
    max_spills: Option<u32>,
    max_loop_growth: Option<u32>,
    warps_per_sm: Option<u32>,
    blocks_per_sm: Option<u32>,
    dynamic_shared_mem: Option<u32>,
}

/// The parameters the pass takes, named when an unknown one is given.
pub(crate) const EXPECTED: &str = "expected waves=N, exact, records=PATH, mode=set|advise|auto, max-spills=N, max-loop-growth=PCT, clamp, target=PROCESSOR, warps-per-sm=N, blocks-per-sm=N, dynamic-shared-mem=BYTES";

/// The most warps (64) and blocks (32) any NVIDIA SM holds.
const MAX_WARPS_PER_SM: u32 = 64;
const MAX_BLOCKS_PER_SM: u32 = 32;

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

/// The parameters the pipeline syntax takes, by name (the flags and their `no-` forms included).
const KEYS: [&str; 13] = [
    "waves",
    "dynamic-shared-mem",
    "records",
    "warps-per-sm",
    "blocks-per-sm",
    "target",
    "max-spills",
    "max-loop-growth",
    "mode",
    "exact",
    "no-exact",
    "clamp",
    "no-clamp",
];

/// Parses the pipeline-parameter syntax (also used for the command-line layer). `origin` names the
/// source in errors.
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
        let unknown = || ConfigProblem::Unknown { key: given.to_string(), origin: origin.clone() };
        let key: &'static str = KEYS.iter().find(|k| **k == given).ok_or_else(unknown)?;
        let name = key.strip_prefix("no-").unwrap_or(key);
        if seen.contains(&name) {
            return Err(ConfigProblem::Twice { key: name.to_string(), origin: origin.clone() });
        }
        seen.push(name);
        let setting = Setting::Param { key, origin: origin.clone() };
        let need = || -> Result<&str, ConfigProblem> {
            value.filter(|v| !v.is_empty()).ok_or_else(|| ConfigProblem::NeedsValue { key, origin: origin.clone() })
        };
        let flag = |v: Option<&str>| -> Result<(), ConfigProblem> {
            match v {
                None => Ok(()),
                Some(_) => Err(ConfigProblem::TakesNoValue { key, origin: origin.clone() }),
            }
        };
        match key {
            "waves" => l.waves = Some(parse_count(need()?, &setting, Takes::WavesPerSimd { max: MAX_REQUEST })?),
            "records" => l.records = Some(PathBuf::from(need()?)),
            "warps-per-sm" => {
                l.warps_per_sm = Some(parse_count(need()?, &setting, Takes::WarpsPerSm { max: MAX_WARPS_PER_SM })?)
            }
            "blocks-per-sm" => {
                l.blocks_per_sm = Some(parse_count(need()?, &setting, Takes::BlocksPerSm { max: MAX_BLOCKS_PER_SM })?)
            }
            "target" => l.target = Some(parse_target(need()?, &setting)?),
            "dynamic-shared-mem" => {
                let v = need()?;
                l.dynamic_shared_mem = Some(v.trim().parse().map_err(|_| value_problem(&setting, Takes::Bytes, v))?);
            }
            "max-spills" => {
                let v = need()?;
                l.max_spills = Some(v.parse().map_err(|_| value_problem(&setting, Takes::Count, v))?);
            }
            "max-loop-growth" => {
                let v = need()?;
                l.max_loop_growth = Some(v.parse().map_err(|_| value_problem(&setting, Takes::Percent, v))?);
            }
            "mode" => {
                let v = need()?;
                l.mode = Some(Mode::parse(v).ok_or_else(|| value_problem(&setting, Takes::Mode, v))?);
            }
            "exact" | "no-exact" => {
                flag(value)?;
                l.exact = Some(key == "exact");
            }
            "clamp" | "no-clamp" => {
                flag(value)?;
                l.clamp = Some(key == "clamp");
            }
            _ => return Err(unknown()),
        }
    }
    one_nvidia_request(&l, origin)?;
    Ok(l)
}

/// A layer asks for warps or blocks per SM, not both.
fn one_nvidia_request(l: &Layer, origin: &Origin) -> Result<(), ConfigProblem> {
    if l.warps_per_sm.is_some() && l.blocks_per_sm.is_some() {
        return Err(ConfigProblem::BothPerSm { origin: origin.clone() });
    }
    Ok(())
}

/// The variables the environment layer reads.
pub const ENV_VARS: [&str; 11] = [
    "WAVEBUDGET_WAVES",
    "WAVEBUDGET_DYNAMIC_SHARED_MEM",
    "WAVEBUDGET_WARPS_PER_SM",
    "WAVEBUDGET_BLOCKS_PER_SM",
    "WAVEBUDGET_RECORDS",
    "WAVEBUDGET_MODE",
    "WAVEBUDGET_EXACT",
    "WAVEBUDGET_CLAMP",
    "WAVEBUDGET_TARGET",
    "WAVEBUDGET_MAX_SPILLS",
    "WAVEBUDGET_MAX_LOOP_GROWTH",
];

/// The environment layer: the variables of [`ENV_VARS`]. Empty variables count as unset.
fn env_layer(get: &dyn Fn(&str) -> Option<String>) -> Result<Layer, ConfigProblem> {
    let var = |k: &str| get(k).filter(|v| !v.is_empty());
    let mut l = Layer::default();
    if let Some(v) = var("WAVEBUDGET_WAVES") {
        let s = Setting::Var("WAVEBUDGET_WAVES");
        l.waves = Some(parse_count(&v, &s, Takes::WavesPerSimd { max: MAX_REQUEST })?);
    }
    if let Some(v) = var("WAVEBUDGET_DYNAMIC_SHARED_MEM") {
        let s = Setting::Var("WAVEBUDGET_DYNAMIC_SHARED_MEM");
        l.dynamic_shared_mem = Some(v.trim().parse().map_err(|_| value_problem(&s, Takes::Bytes, &v))?);
    }
    if let Some(v) = var("WAVEBUDGET_WARPS_PER_SM") {
        let s = Setting::Var("WAVEBUDGET_WARPS_PER_SM");
        l.warps_per_sm = Some(parse_count(&v, &s, Takes::WarpsPerSm { max: MAX_WARPS_PER_SM })?);
    }
    if let Some(v) = var("WAVEBUDGET_BLOCKS_PER_SM") {
        let s = Setting::Var("WAVEBUDGET_BLOCKS_PER_SM");
        l.blocks_per_sm = Some(parse_count(&v, &s, Takes::BlocksPerSm { max: MAX_BLOCKS_PER_SM })?);
    }
    one_nvidia_request(&l, &Origin::Environment)?;
    if let Some(v) = var("WAVEBUDGET_RECORDS") {
        l.records = Some(PathBuf::from(v));
    }
    if let Some(v) = var("WAVEBUDGET_MODE") {
        let s = Setting::Var("WAVEBUDGET_MODE");
        l.mode = Some(Mode::parse(&v).ok_or_else(|| value_problem(&s, Takes::Mode, &v))?);
    }
    if let Some(v) = var("WAVEBUDGET_EXACT") {
        l.exact = Some(parse_bool(&v, &Setting::Var("WAVEBUDGET_EXACT"))?);
    }
    if let Some(v) = var("WAVEBUDGET_CLAMP") {
        l.clamp = Some(parse_bool(&v, &Setting::Var("WAVEBUDGET_CLAMP"))?);
    }
    if let Some(v) = var("WAVEBUDGET_TARGET") {
        l.target = Some(parse_target(&v, &Setting::Var("WAVEBUDGET_TARGET"))?);
    }
    if let Some(v) = var("WAVEBUDGET_MAX_LOOP_GROWTH") {
        let s = Setting::Var("WAVEBUDGET_MAX_LOOP_GROWTH");
        l.max_loop_growth = Some(v.trim().parse().map_err(|_| value_problem(&s, Takes::Percent, &v))?);
    }
    if let Some(v) = var("WAVEBUDGET_MAX_SPILLS") {
        let s = Setting::Var("WAVEBUDGET_MAX_SPILLS");
        l.max_spills = Some(v.trim().parse().map_err(|_| value_problem(&s, Takes::Count, &v))?);
    }
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
        layers.push(env_layer(get)?);
        let mut cfg = Config::merge(&layers);
        cfg.empty_variables =
            ENV_VARS.iter().filter(|k| get(k).is_some_and(|v| v.is_empty())).map(|k| k.to_string()).collect();
        Ok(cfg)
    }

    fn merge(layers: &[Layer]) -> Config {
        let first = |f: &dyn Fn(&Layer) -> bool| layers.iter().position(f);
        let pick = |f: &dyn Fn(&Layer) -> bool| first(f).map(|i| &layers[i]);
        Config {
            waves: pick(&|l| l.waves.is_some()).and_then(|l| l.waves),
            exact: pick(&|l| l.exact.is_some()).and_then(|l| l.exact).unwrap_or(false),
            records: pick(&|l| l.records.is_some()).and_then(|l| l.records.clone()),
            mode: pick(&|l| l.mode.is_some()).and_then(|l| l.mode).unwrap_or_default(),
            clamp: pick(&|l| l.clamp.is_some()).and_then(|l| l.clamp).unwrap_or(false),
            target: pick(&|l| l.target.is_some()).and_then(|l| l.target.clone()),
            max_spills: pick(&|l| l.max_spills.is_some()).and_then(|l| l.max_spills).unwrap_or(0),
            max_loop_growth: pick(&|l| l.max_loop_growth.is_some()).and_then(|l| l.max_loop_growth),
            // One NVIDIA request, from the highest layer that gives one (warps or blocks).
            warps_per_sm: pick(&|l| l.warps_per_sm.is_some() || l.blocks_per_sm.is_some()).and_then(|l| l.warps_per_sm),
            blocks_per_sm: pick(&|l| l.warps_per_sm.is_some() || l.blocks_per_sm.is_some())
                .and_then(|l| l.blocks_per_sm),
            dynamic_shared_mem: pick(&|l| l.dynamic_shared_mem.is_some()).and_then(|l| l.dynamic_shared_mem),
            empty_variables: Vec::new(),
            bound_first: false,
        }
    }

    /// The pipeline parameters that rebuild this config (what `-print-pipeline-passes` shows).
    pub fn to_params(&self) -> String {
        let mut s = String::new();
        let mut add = |p: &str| {
            if !s.is_empty() {
                s.push(';');
            }
            s.push_str(p);
        };
        if let Some(w) = self.waves {
            add(&format!("waves={w}"));
        }
        if self.exact {
            add("exact");
        }
        if let Some(r) = &self.records {
            let mut t = String::new();
            let _ = write!(t, "records={}", r.display());
            add(&t);
        }
        if self.mode != Mode::Set {
            add(&format!("mode={}", self.mode.as_str()));
        }
        if self.max_spills != 0 {
            add(&format!("max-spills={}", self.max_spills));
        }
        if let Some(p) = self.max_loop_growth {
            add(&format!("max-loop-growth={p}"));
        }
        if self.clamp {
            add("clamp");
        }
        if let Some(t) = &self.target {
            add(&format!("target={t}"));
        }
        if let Some(w) = self.warps_per_sm {
            add(&format!("warps-per-sm={w}"));
        }
        if let Some(b) = self.blocks_per_sm {
            add(&format!("blocks-per-sm={b}"));
        }
        if let Some(d) = self.dynamic_shared_mem {
            add(&format!("dynamic-shared-mem={d}"));
        }
        s
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
        for k in KEYS {
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

    #[test]
    fn every_variable_the_environment_layer_reads_is_listed() {
        // A variable read but not in ENV_VARS would escape the not-UTF-8 check and the empty-variable note.
        let read = std::cell::RefCell::new(Vec::new());
        let get = |k: &str| {
            read.borrow_mut().push(k.to_string());
            None
        };
        Config::layered(None, "", &get).unwrap();
        for k in read.borrow().iter() {
            assert!(ENV_VARS.contains(&k.as_str()), "{k} is read but not in ENV_VARS");
        }
        for k in ENV_VARS {
            assert!(read.borrow().iter().any(|r| r == k), "{k} is listed but never read");
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
        let c = Config::layered(Some("waves=5"), "waves=6;exact", &env).unwrap();
        assert_eq!((c.waves, c.exact, c.mode, c.clamp), (Some(5), true, Mode::Advise, true));
        let c = Config::layered(None, "", &env).unwrap();
        assert_eq!(c.waves, Some(3));
        let c = Config::layered(None, "no-clamp", &env).unwrap();
        assert!(!c.clamp);
        let c = Config::layered(None, "", &no_env).unwrap();
        assert!(!c.is_active());
        let bad = |k: &str| (k == "WAVEBUDGET_WAVES").then(|| "many".to_string());
        let e = Config::layered(None, "", &bad).unwrap_err().to_string();
        assert!(e.contains("WAVEBUDGET_WAVES") && e.contains("many"), "{e}");
    }
}
