//! The decisions, per kernel, from what was read: pure Rust, no LLVM calls, so every branch is testable
//! on its own. [`crate::run_on_module`] reads the facts, calls [`plan_kernel`], then applies the result.

#![forbid(unsafe_code)]

use crate::config::{Config, Mode, MAX_REQUEST};
use crate::estimate::{Pressure, TooLarge};
use crate::facts::{KernelFacts, LdsFrom};
use crate::finding::{Finding, On, Subject, TupleAbort};
use crate::records::{Lookup, Records};
use serde::Serialize;
use wavebudget_model::targets::MAX_FLAT_WORKGROUP_SIZE;
use wavebudget_model::{parse_target, Budget, Limiter, Llvm, Options, Subtarget, WorkgroupSize};

/// Severity of a diagnostic, as LLVM's `DiagnosticSeverity`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Severity {
    /// Fails the compile.
    Error,
    /// `warning:` (`-Wbackend-plugin` in clang; `-Werror` makes it an error).
    Warning,
    /// `note:`.
    Note,
    /// `remark:` (opt prints it; clang shows it with `-Rremark-backend-plugin`).
    Remark,
}

/// One diagnostic: what it says ([`Finding`]) and, for a kernel's, which kernel on what ([`Subject`]).
/// Its text (`Display`) is the line LLVM prints: `amdgpu-occupancy-budget: kernel 'k' (gfx942): ...`; the
/// JSON gives `severity`, `message` (that line) and `kind` ([`Finding::kind`]).
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// How bad.
    pub severity: Severity,
    /// The kernel it is about, where it is about one.
    pub subject: Option<Subject>,
    /// What it says.
    pub finding: Finding,
}

impl Diagnostic {
    /// A diagnostic about the module (or an option), not one kernel.
    pub fn module(severity: Severity, finding: Finding) -> Diagnostic {
        Diagnostic { severity, subject: None, finding }
    }
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.subject {
            Some(s) => write!(f, "amdgpu-occupancy-budget: {s}: {}", self.finding),
            None => write!(f, "amdgpu-occupancy-budget: {}", self.finding),
        }
    }
}

impl Serialize for Diagnostic {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Diagnostic", 3)?;
        st.serialize_field("severity", &self.severity)?;
        st.serialize_field("message", &self.to_string())?;
        st.serialize_field("kind", self.finding.kind())?;
        st.end()
    }
}

/// Where the register counts compared with the budget came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum RegisterSource {
    /// A previous build's code object or `inspect --json`.
    Records,
    /// The IR estimate.
    Estimate,
}

/// The registers the spill check compares with the budget: a previous build's, in the shared kernel type,
/// or the IR estimate, as the model takes a kernel's usage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Registers {
    /// A previous build's code object, `inspect --json` or sweep baseline (`records=PATH`).
    Records(wavebudget_model::KernelResources),
    /// The IR estimate as the model takes a kernel: arch VGPRs and inline asm's AGPRs, SGPRs, LDS, launch.
    Estimate(wavebudget_model::Usage),
}

impl Registers {
    /// Where the counts come from.
    pub fn source(&self) -> RegisterSource {
        match self {
            Registers::Records(_) => RegisterSource::Records,
            Registers::Estimate(_) => RegisterSource::Estimate,
        }
    }

    /// Total vector registers (`.vgpr_count`) on `processor`.
    pub fn vgpr_count(&self, processor: &wavebudget_model::targets::Processor) -> u32 {
        match self {
            Registers::Records(r) => r.vgpr_count,
            Registers::Estimate(u) => match u.vgprs {
                wavebudget_model::Vgprs::Total(n) => n,
                wavebudget_model::Vgprs::Split { arch, agpr } => processor.total_vgprs(arch, agpr),
            },
        }
    }

    /// `.agpr_count`.
    pub fn agpr_count(&self) -> u32 {
        match self {
            Registers::Records(r) => r.agpr_count,
            Registers::Estimate(u) => match u.vgprs {
                wavebudget_model::Vgprs::Split { agpr, .. } => agpr,
                wavebudget_model::Vgprs::Total(_) => 0,
            },
        }
    }

    /// `.sgpr_count`.
    pub fn sgpr_count(&self) -> Option<u32> {
        match self {
            Registers::Records(r) => Some(r.sgpr_count),
            Registers::Estimate(u) => u.sgprs,
        }
    }
}

/// What happened to the attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Action {
    /// Nothing requested for this kernel.
    None,
    /// `"amdgpu-waves-per-eu"` set to the request.
    Set,
    /// Set to a clamped value.
    Clamped,
    /// Advise mode: what would be set, not set.
    Advised,
    /// The kernel keeps its own `"amdgpu-waves-per-eu"`.
    KeptOwn,
    /// Left untouched (see the warnings).
    Untouched,
}

/// The outcome for one kernel.
#[derive(Debug, Clone, Serialize)]
pub struct KernelPlan {
    /// Kernel name.
    pub name: String,
    /// Canonical target id, when known.
    pub target: Option<String>,
    /// Waves/SIMD asked for (module-wide or `"wavebudget-waves"`).
    pub requested: Option<u32>,
    /// Waves/SIMD the attribute carries (after clamping).
    pub waves: Option<u32>,
    /// What was done.
    pub action: Action,
    /// Attributes written (`mode=set` only), in order.
    pub set_attributes: Vec<(&'static str, String)>,
    /// The model's budget for `waves`, as the model gives it.
    pub budget: Option<Budget>,
    /// What the kernel may use at `waves` as LLVM will allocate it: the budget under the kernel's own
    /// `"amdgpu-num-vgpr"`/`"-num-sgpr"` where LLVM honours them, split by `"amdgpu-agpr-alloc"`.
    pub limits: Option<Limits>,
    /// Launch-size range used.
    pub workgroup: Option<WorkgroupSize>,
    /// Static LDS used.
    pub lds_bytes: Option<u32>,
    /// Counts compared with the budget.
    pub registers: Option<Registers>,
    /// VGPRs that will have to spill (records) or may (estimate).
    pub vgpr_excess: Option<u32>,
    /// Diagnostics, in order.
    pub diagnostics: Vec<Diagnostic>,
    /// `mode=auto`: the ladder the waves target was chosen from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ladder: Option<Vec<crate::records::Rung>>,
}

impl KernelPlan {
    /// Nothing decided yet.
    pub fn new(name: &str) -> KernelPlan {
        KernelPlan {
            name: name.to_string(),
            target: None,
            requested: None,
            waves: None,
            action: Action::None,
            set_attributes: Vec::new(),
            budget: None,
            limits: None,
            workgroup: None,
            lds_bytes: None,
            registers: None,
            vgpr_excess: None,
            diagnostics: Vec::new(),
            ladder: None,
        }
    }
}

/// The registers a kernel may use at its waves target, as the plan decides them from the model's
/// [`Budget`] (which it leaves as the model gave it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// Vector registers (arch VGPRs and AGPRs together where one file holds both).
    pub max_vgprs: u32,
    /// Architectural VGPRs.
    pub max_arch_vgprs: u32,
    /// AGPRs.
    pub max_agprs: u32,
    /// SGPRs (`.sgpr_count`); `None` where the model has no SGPR limit for W.
    pub max_sgprs: Option<u32>,
}

impl Limits {
    /// The model's own numbers, before the kernel's attributes.
    pub fn of(b: &Budget) -> Limits {
        Limits {
            max_vgprs: b.max_vgprs,
            max_arch_vgprs: b.max_arch_vgprs,
            max_agprs: b.max_agprs,
            max_sgprs: b.max_sgprs,
        }
    }
}

/// Registers few enough to call "a few" when a kernel is that far from one more wave.
pub const SHAVE_LIMIT: u32 = 8;

/// Parses `"amdgpu-waves-per-eu"`-style `"m[,n]"`.
fn parse_pair(s: &str) -> Option<(u32, Option<u32>)> {
    llvm_pair(s, true).ok()
}

/// An unsigned integer as LLVM's `StringRef::getAsInteger(0, unsigned&)` reads it after `trim()`:
/// `0x`/`0b`/`0o` prefixes, a leading `0` for octal, no sign, no overflow.
fn llvm_uint(s: &str) -> Option<u32> {
    let t = s.trim();
    let (digits, radix) = if let Some(r) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        (r, 16)
    } else if let Some(r) = t.strip_prefix("0b").or_else(|| t.strip_prefix("0B")) {
        (r, 2)
    } else if let Some(r) = t.strip_prefix("0o") {
        (r, 8)
    } else if t.len() > 1 && t.starts_with('0') {
        (&t[1..], 8)
    } else {
        (t, 10)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u32::from_str_radix(digits, radix).ok()
}

/// `"m,n"` as LLVM's `getIntegerPairAttribute` parses it: `Err("first")`/`Err("second")` names the
/// integer it cannot parse, which llc-22 reports as an error ("can't parse first integer attribute
/// amdgpu-waves-per-eu") and fails the compile. With `second_optional` (`amdgpu-waves-per-eu`) an
/// absent or empty second integer is `None`.
pub fn llvm_pair(s: &str, second_optional: bool) -> Result<(u32, Option<u32>), &'static str> {
    let (a, b) = match s.split_once(',') {
        Some((a, b)) => (a, Some(b)),
        None => (s, None),
    };
    let first = llvm_uint(a).ok_or("first")?;
    match b.map(str::trim) {
        Some(b) if !b.is_empty() => Ok((first, Some(llvm_uint(b).ok_or("second")?))),
        _ if second_optional => Ok((first, None)),
        _ => Err("second"),
    }
}

/// What llc-22 says of an attribute value it cannot parse.
fn unparsable(attribute: &'static str, value: &str, which: &'static str) -> Finding {
    Finding::Unparsable { attribute, value: value.to_string(), which }
}

/// The C++ source name of an Itanium-mangled symbol (`_Z3accPfPKfi` -> `acc(float*, float const*, int)`).
pub fn demangled(symbol: &str) -> Option<String> {
    if !symbol.starts_with("_Z") {
        return None;
    }
    cpp_demangle::Symbol::new(symbol).ok().and_then(|s| s.demangle().ok())
}

struct Ctx {
    plan: KernelPlan,
    on: Option<On>,
}

impl Ctx {
    fn diag(&mut self, severity: Severity, finding: Finding) {
        let subject =
            Subject { kernel: self.plan.name.clone(), demangled: demangled(&self.plan.name), on: self.on.clone() };
        self.plan.diagnostics.push(Diagnostic { severity, subject: Some(subject), finding });
    }
    fn warn(&mut self, finding: Finding) {
        self.diag(Severity::Warning, finding);
    }
    fn untouched(mut self, why: Finding) -> KernelPlan {
        self.warn(Finding::Untouched(Box::new(why)));
        self.plan.action = Action::Untouched;
        self.plan
    }
}

/// A plan that leaves the kernel untouched, with a warning.
pub fn untouched_plan(facts: &KernelFacts, why: Finding) -> KernelPlan {
    let c = Ctx {
        plan: KernelPlan { target: facts.target_cpu.clone(), ..KernelPlan::new(&facts.name) },
        on: facts.target_cpu.as_ref().map(|t| On::Amd { target: t.clone(), wave: None }),
    };
    c.untouched(why)
}

/// The processor the kernels without `"target-cpu"` are planned for: `target=` where this process does not
/// generate code (opt: a later compile takes its own `-mcpu`); where it does, the processor LLVM compiles
/// them for (`Config::compiles_for`, the target machine's), which `target=` may repeat but not contradict
/// (another processor, or xnack/sramecc set otherwise than the compile's features). `Err`: why such kernels
/// get no plan (LLVM compiles them for its default, for a processor the model has no figures for, or for
/// another one than `target=`).
pub fn target_without_cpu(cfg: &Config) -> Result<Option<String>, Finding> {
    let Some(compile) = &cfg.compiles_for else {
        return Ok(cfg.target.clone());
    };
    let cpu = &compile.cpu;
    // LLVM's own default where the compile names no processor (`AMDGPUTargetMachine`'s `getGPUOrDefault`).
    if cpu == "generic" || cpu == "generic-hsa" {
        return Err(Finding::CompilesForDefault { cpu: cpu.clone(), target: cfg.target.clone() });
    }
    // An alias LLVM takes (`fiji`) is its processor (gfx803), as the model reads it.
    let compiled = parse_target(cpu).map_err(|error| Finding::CompilesForUnmodelled { cpu: cpu.clone(), error })?;
    let Some(t) = &cfg.target else {
        return Ok(Some(compiled.processor.name.to_string()));
    };
    let (xnack, sramecc) = wavebudget_model::target_id::feature_settings(&compile.features);
    let differs = |a: Option<bool>, b: Option<bool>| matches!((a, b), (Some(a), Some(b)) if a != b);
    match parse_target(t) {
        Ok(id)
            if id.processor.name == compiled.processor.name
                && !differs(id.xnack, xnack)
                && !differs(id.sramecc, sramecc) =>
        {
            Ok(cfg.target.clone())
        }
        _ => Err(Finding::CompilesForOther {
            compiled: wavebudget_model::TargetId { xnack, sramecc, ..compiled }.canonical(),
            target: t.clone(),
        }),
    }
}

/// Decides what to do with one kernel, `mode=auto`'s choice of W included: with `ladder` (`mode=auto`'s,
/// for this kernel) and no `"wavebudget-waves"` of its own, the ladder decides W by the sweep's policy
/// (`cfg.max_spills`, `cfg.max_loop_growth`; `tune` takes the same `choose_rungs`), and the kernel is
/// planned at it; otherwise as [`plan_kernel`].
pub fn plan(
    facts: &KernelFacts,
    cfg: &Config,
    ladder: Option<&Result<crate::records::Ladder, crate::finding::NoLadder>>,
    records: Option<&Records>,
    memo: &mut Memo,
    estimate: &mut dyn FnMut(&wavebudget_model::TargetId) -> Result<Pressure, TooLarge>,
) -> KernelPlan {
    let Some(ladder) = ladder.filter(|_| facts.wavebudget_attr.is_none()) else {
        return plan_kernel(facts, cfg, records, memo, estimate);
    };
    // No ladder was compiled for a kernel the compile refuses (`target_without_cpu`): said as such.
    if let (None, Err(why)) = (&facts.target_cpu, target_without_cpu(cfg)) {
        return untouched_plan(facts, why);
    }
    let policy = wavebudget_ladder::Policy { max_spills: cfg.max_spills, max_loop_growth: cfg.max_loop_growth };
    let mut plan = match ladder {
        Ok(l) => match wavebudget_ladder::choose_rungs(l.baseline.as_ref(), &l.rungs, &policy) {
            wavebudget_ladder::Choice { waves: Some(w), .. } => {
                let c = Config { waves: Some(w), ..cfg.clone() };
                plan_kernel(facts, &c, records, memo, estimate)
            }
            c => untouched_plan(facts, auto_refusal(&l.rungs, &c.reason)),
        },
        Err(why) => untouched_plan(facts, Finding::AutoNoLadder(why.clone())),
    };
    plan.ladder = ladder.as_ref().ok().map(|l| l.rungs.clone());
    plan
}

/// Why `mode=auto` chose no level from a ladder: what the levels say, not a guess (the policy's reason
/// when some level compiled).
fn auto_refusal(rungs: &[crate::records::Rung], reason: &wavebudget_ladder::ChoiceReason) -> Finding {
    let (from, to) = match (rungs.first(), rungs.last()) {
        (Some(a), Some(b)) => (a.waves, b.waves),
        _ => return Finding::AutoNoLevels,
    };
    if rungs.iter().all(|r| !r.accepted) {
        return Finding::AutoAllIgnored { llvm_major: crate::processor::LLVM_MAJOR, from, to };
    }
    if rungs.iter().all(|r| r.spills.is_none()) {
        return Finding::AutoNoneCompiled { from, to };
    }
    Finding::AutoPolicy(reason.clone())
}

/// Decides what to do with one kernel. `estimate` is called only when the registers must be estimated.
///
/// The phases, each a function below: the request, the target, the launch bounds, the static LDS, the
/// kernel's own attribute, the budget (and whether LLVM 22 honours it), the attributes to write, and the
/// registers compared with the budget. A phase that leaves the kernel untouched returns why.
pub fn plan_kernel(
    facts: &KernelFacts,
    cfg: &Config,
    records: Option<&Records>,
    memo: &mut Memo,
    estimate: &mut dyn FnMut(&wavebudget_model::TargetId) -> Result<Pressure, TooLarge>,
) -> KernelPlan {
    let mut c = Ctx { plan: KernelPlan::new(&facts.name), on: None };
    macro_rules! phase {
        ($e:expr) => {
            match $e {
                Ok(v) => v,
                Err(why) => return c.untouched(why),
            }
        };
    }
    let Some((waves, per_kernel)) = phase!(request(facts, cfg)) else { return c.plan };
    c.plan.requested = Some(waves);
    let st = phase!(subtarget_of(&mut c, facts, cfg, memo));
    let agprs = phase!(agpr_alloc(facts, &st));
    let counts = phase!(register_attributes(facts));
    let (wg, set_flat) = phase!(launch_bounds(&mut c, facts, &st));
    let lds = phase!(static_lds(&mut c, facts, &st));
    if !per_kernel {
        match phase!(keeps_own_attribute(&mut c, facts, &st, lds, wg, waves, cfg.exact)) {
            Own::Absent => {}
            Own::Kept => return c.plan,
            // The kernel's own W is what LLVM will allocate for: the same register checks as for a W the
            // pass sets.
            Own::Honoured(m) => {
                if let Ok(b) = st.budget(m, wg, lds) {
                    let max = own_maximum(facts).unwrap_or(st.max_waves());
                    let l =
                        split_vectors(&st, agprs, honoured_counts(&mut c, &st, facts, counts, m, max, Limits::of(&b)));
                    if let Err(why) = leaves_vgprs(&st, facts, agprs, m, wg, &l)
                        .and_then(|()| capped_tuple_abort(facts, &st, counts, &l))
                    {
                        c.warn(why);
                    }
                    c.plan.waves = Some(m);
                    registers(&mut c, facts, cfg, records, estimate, &Decided { st: &st, w: m, l: &l, lds, wg });
                    c.plan.budget = Some(b);
                    c.plan.limits = Some(l);
                }
                return c.plan;
            }
        }
    }
    let (w, b, action) = phase!(budget(&mut c, facts, cfg, &st, waves, wg, lds));
    let capped =
        honoured_counts(&mut c, &st, facts, counts, w, if cfg.exact { w } else { st.max_waves() }, Limits::of(&b));
    let l = split_vectors(&st, agprs, capped);
    phase!(leaves_vgprs(&st, facts, agprs, w, wg, &l));
    phase!(capped_tuple_abort(facts, &st, counts, &l));
    launch_lds(&mut c, &st, cfg.dynamic_shared_mem.unwrap_or(0), lds, wg, w);
    write_attributes(&mut c, cfg, w, wg, set_flat, action);
    registers(&mut c, facts, cfg, records, estimate, &Decided { st: &st, w, l: &l, lds, wg });
    c.plan.budget = Some(b);
    c.plan.limits = Some(l);
    c.plan
}

/// Phase 1, the request: the kernel's own `"wavebudget-waves"` beats the module-wide one. `None`: nothing asked.
fn request(facts: &KernelFacts, cfg: &Config) -> Result<Option<(u32, bool)>, Finding> {
    // 1. The request: the kernel's own "wavebudget-waves" beats the module-wide one.
    Ok(Some(match &facts.wavebudget_attr {
        Some(s) => match s.trim().parse::<u32>() {
            Ok(n) if (1..=MAX_REQUEST).contains(&n) => (n, true),
            _ => return Err(Finding::MalformedRequest { value: s.clone(), max: MAX_REQUEST }),
        },
        None => match cfg.waves {
            Some(w) => (w, false),
            None => return Ok(None),
        },
    }))
}

/// What [`plan_kernel`] keeps from one kernel to the next of a module: the target the last kernel's
/// `"target-cpu"` (or `target=`), `"target-features"` and dynamic-VGPR block gave, or why they give none.
/// The kernels of a module mostly share them; the answer depends on nothing else, so it is the same
/// answer, read once.
#[derive(Default)]
pub struct Memo {
    target: Option<(TargetKey, TargetAnswer)>,
}

/// A subtarget with its canonical name, or why there is none.
type TargetAnswer = Result<(Subtarget, String), Finding>;

#[derive(PartialEq)]
struct TargetKey {
    cpu: Option<String>,
    /// The cpu is the IR's `"target-cpu"` (LLVM's exact names only), not `target=`.
    from_ir: bool,
    features: String,
    dvgpr: Option<String>,
    subtarget: Option<crate::llvm_facts::SubtargetFeatures>,
}

/// Phase 2, the target: `"target-cpu"` (or `target=`) with the xnack/sramecc/wave64/CU-mode features and the
/// dynamic-VGPR block.
fn subtarget_of(c: &mut Ctx, facts: &KernelFacts, cfg: &Config, memo: &mut Memo) -> Result<Subtarget, Finding> {
    // 2. The target: "target-cpu", else the processor the kernels without it are planned for.
    let without_cpu = match facts.target_cpu {
        Some(_) => None,
        None => target_without_cpu(cfg)?,
    };
    let cpu = facts.target_cpu.as_ref().or(without_cpu.as_ref());
    // Only LLVM 22 knows "amdgpu-dynamic-vgpr-block-size"; earlier majors ignore it.
    let dvgpr = facts.dvgpr_attr.as_ref().filter(|_| crate::LLVM == wavebudget_model::Llvm::V22);
    let from_ir = facts.target_cpu.is_some();
    let same = |k: &TargetKey| {
        k.cpu.as_ref() == cpu
            && k.from_ir == from_ir
            && k.features == facts.target_features
            && k.dvgpr.as_ref() == dvgpr
            && k.subtarget == facts.subtarget
    };
    let (st, target) = match &memo.target {
        Some((key, answer)) if same(key) => answer.clone()?,
        _ => {
            let answer = target_of(cpu, from_ir, &facts.target_features, dvgpr, facts.subtarget);
            let key = TargetKey {
                cpu: cpu.cloned(),
                from_ir,
                features: facts.target_features.clone(),
                dvgpr: dvgpr.cloned(),
                subtarget: facts.subtarget,
            };
            memo.target = Some((key, answer.clone()));
            answer?
        }
    };
    c.on = Some(On::Amd {
        target: target.clone(),
        wave: st.processor().generation.is_gfx10_plus().then(|| (st.wave_size(), st.cu_mode())),
    });
    c.plan.target = Some(target);
    Ok(st)
}

/// The subtarget of a `"target-cpu"`, its features and dynamic-VGPR block, with its canonical name. The
/// wave size, CU mode and VGPR file are LLVM's own subtarget's (`llvm`, as `facts::llvm_subtarget` asked
/// it), else the model's reading of the string, which is held to LLVM's (`tests/pass_claims.rs`).
fn target_of(
    cpu: Option<&String>,
    from_ir: bool,
    features: &str,
    dvgpr: Option<&String>,
    llvm: Option<crate::llvm_facts::SubtargetFeatures>,
) -> TargetAnswer {
    let Some(cpu) = cpu else {
        return Err(Finding::NoTarget);
    };
    // `+xnack`/`-xnack` and `+sramecc`/`-sramecc` in the features become the target ID's settings, the
    // last setting of each winning, as LLVM's target ID reads the string
    // (`AMDGPUTargetID::setTargetIDFromFeaturesString`).
    let mut id_text = cpu.clone();
    let (xnack, sramecc) = wavebudget_model::target_id::feature_settings(features);
    for (feat, on) in [("xnack", xnack), ("sramecc", sramecc)] {
        if let Some(on) = on {
            id_text.push(':');
            id_text.push_str(feat);
            id_text.push_str(if on { "+" } else { "-" });
        }
    }
    let id = match parse_target(&id_text) {
        Ok(id) => id,
        // The name came from `target=`, not from the kernel: the refusal names the setting.
        Err(_) if !from_ir && wavebudget_model::nvidia::parse_target(cpu).is_some() => {
            return Err(Finding::TargetSettingNvidia { target: cpu.clone() })
        }
        Err(error) if !from_ir => return Err(Finding::TargetSettingRefused { target: cpu.clone(), error }),
        Err(error) => return Err(Finding::TargetRefused { cpu: cpu.clone(), error }),
    };
    // The attribute is what LLVM compiles for, and LLVM takes only its own processor names, exactly
    // (`target=` is ours and takes any spelling the model reads).
    if from_ir && id.processor.name != cpu.as_str() {
        let features: Vec<String> = [("xnack", id.xnack), ("sramecc", id.sramecc)]
            .into_iter()
            .filter_map(|(f, on)| on.map(|on| format!("{}{f}", if on { '+' } else { '-' })))
            .collect();
        let features = if features.is_empty() || !cpu.contains(':') {
            String::new()
        } else {
            format!(" with \"target-features\"=\"{}\"", features.join(","))
        };
        return Err(Finding::TargetCpuNotLlvmName { cpu: cpu.clone(), processor: id.processor.name, features });
    }
    let read = match llvm {
        Some(f) if f.wave32 && f.wave64 => {
            return Err(Finding::FeaturesRefused(wavebudget_model::ModelError::BothWaveSizes {
                features: features.to_string(),
            }))
        }
        Some(f) if !f.wave32 && !f.wave64 => {
            return Err(Finding::NoWaveSize { features: features.to_string(), llvm_major: crate::LLVM.major() })
        }
        Some(f) => Options {
            wave_size: if f.wave64 { Some(64) } else { f.wave32.then_some(32) },
            cu_mode: f.cu_mode,
            vgprs_1_5x: f.vgprs_1_5x,
            ..Options::default()
        },
        None => Options::try_for_processor(features, id.processor).map_err(Finding::FeaturesRefused)?,
    };
    let mut opts = Options { llvm: crate::LLVM, ..read };
    // CU mode is a GFX10+ switch; LLVM takes `+cumode` elsewhere and it changes nothing there.
    if !id.processor.generation.is_gfx10_plus() {
        opts.cu_mode = false;
    }
    if let Some(d) = dvgpr {
        match d.trim().parse::<u32>() {
            Ok(n) => opts.dvgpr_block = n,
            Err(_) => return Err(Finding::MalformedDynamicVgpr(d.clone())),
        }
    }
    match Subtarget::new(id, opts) {
        Ok(st) => Ok((st, st.id().canonical())),
        Err(error) => Err(Finding::SubtargetRefused { cpu: cpu.clone(), features: features.to_string(), error }),
    }
}

/// Phase 2b: `"amdgpu-agpr-alloc"`, which LLVM 22 parses on the processors with one VGPR/AGPR file
/// (gfx90a, gfx942, gfx950) and fails the compile on where it is malformed; elsewhere, and in LLVM 19
/// and 15, nothing reads it (checked against llc-22 and llc-19: `tests/lit/malformed-attrs.ll`). Its
/// `min[,max]` where LLVM reads it.
fn agpr_alloc(facts: &KernelFacts, st: &Subtarget) -> Result<Option<(u32, Option<u32>)>, Finding> {
    let unified = st.processor().agpr_file == wavebudget_model::targets::AgprFile::Unified;
    match &facts.agpr_alloc_attr {
        Some(v) if unified && st.llvm() >= Llvm::V22 => {
            llvm_pair(v, true).map(Some).map_err(|which| unparsable("amdgpu-agpr-alloc", v, which))
        }
        _ => Ok(None),
    }
}

/// Why W cannot be set where the split ([`split_vectors`]) leaves no architectural VGPR: llc-22 stops the
/// compile there.
fn leaves_vgprs(
    st: &Subtarget,
    facts: &KernelFacts,
    agprs: Option<(u32, Option<u32>)>,
    w: u32,
    wg: WorkgroupSize,
    l: &Limits,
) -> Result<(), Finding> {
    if l.max_arch_vgprs == 0 {
        // Without a waves target LLVM allocates for the fewest waves the launch bounds allow.
        let lowest = st.waves_per_eu_for_workgroup(wg.max).max(1);
        let as_written = st.vector_split(st.max_vgprs_for_waves(lowest), agprs).0 == 0;
        let agpr_alloc = facts.agpr_alloc_attr.clone();
        return Err(Finding::AgprAllocLeavesNoVgprs { waves: w, budget: l.max_vgprs, agpr_alloc, as_written });
    }
    Ok(())
}

/// `l`'s vector registers split between architectural VGPRs and AGPRs as LLVM's allocator makes it for the
/// kernel (`Subtarget::vector_split`: `"amdgpu-agpr-alloc"`, or LLVM 22's default half).
fn split_vectors(st: &Subtarget, agprs: Option<(u32, Option<u32>)>, l: Limits) -> Limits {
    let (arch, agpr) = st.vector_split(l.max_vgprs, agprs);
    Limits { max_arch_vgprs: arch, max_agprs: agpr, ..l }
}

/// LLVM 15's allocator abort (`llvm15_tuple_limit`) where `"amdgpu-num-vgpr"` holds the budget at or below
/// the tuple's 32 VGPRs whatever W is: nothing the pass sets avoids it.
fn capped_tuple_abort(facts: &KernelFacts, st: &Subtarget, counts: RegisterCounts, l: &Limits) -> Result<(), Finding> {
    const TUPLE_SAFE_VGPRS: u32 = 32;
    let (Some((dwords, ty)), Some(value)) = (facts.wide_vector_phi.as_ref(), counts.vgprs) else { return Ok(()) };
    let budget = l.max_arch_vgprs.min(l.max_vgprs);
    if st.llvm() != Llvm::V15 || budget > TUPLE_SAFE_VGPRS {
        return Ok(());
    }
    Err(Finding::NumVgprTupleAbort { value, why: TupleAbort { ty: ty.to_string(), dwords: *dwords, budget } })
}

/// `"amdgpu-num-vgpr"` and `"amdgpu-num-sgpr"`, which every LLVM here fails the compile on where they are
/// not an integer ("cannot parse integer attribute", checked with llc-15, -19 and -22).
#[derive(Debug, Clone, Copy, Default)]
struct RegisterCounts {
    vgprs: Option<u32>,
    sgprs: Option<u32>,
}

fn register_attributes(facts: &KernelFacts) -> Result<RegisterCounts, Finding> {
    let read = |attribute: &'static str, v: &Option<String>| -> Result<Option<u32>, Finding> {
        match v {
            None => Ok(None),
            Some(text) => {
                llvm_uint(text).map(Some).ok_or_else(|| Finding::UnparsableCount { attribute, value: text.clone() })
            }
        }
    };
    Ok(RegisterCounts {
        vgprs: read("amdgpu-num-vgpr", &facts.num_vgpr_attr)?,
        sgprs: read("amdgpu-num-sgpr", &facts.num_sgpr_attr)?,
    })
}

/// The maximum of the kernel's own `"amdgpu-waves-per-eu"="m,n"`, where it gives one.
fn own_maximum(facts: &KernelFacts) -> Option<u32> {
    facts.waves_attr.as_deref().and_then(|a| llvm_pair(a, true).ok()).and_then(|(_, n)| n).filter(|&n| n > 0)
}

/// The limits `l` (the model's budget) for W = `first` (and at most `second` waves) under the kernel's `"amdgpu-num-vgpr"` and
/// `"amdgpu-num-sgpr"`, as the LLVM it runs in takes them (`getMaxNumVGPRs(F)`, `getMaxNumSGPRs(F)`):
/// - VGPRs: N, doubled where one file holds VGPRs and AGPRs (gfx90a, gfx942, gfx950). LLVM 22 clamps it
///   into `getMinNumVGPRs(second)..=getMaxNumVGPRs(first)`; 15 and 19 ignore a value above the maximum or
///   below that minimum.
/// - SGPRs (the count with VCC, flat scratch and XNACK's, as `.sgpr_count`): ignored at or below the
///   reserved ones ([`reserved_sgprs`]), above W's maximum, or under a waves maximum's least (both with
///   the trap handler's SGPRs off where LLVM's trap-handler feature is on).
///
/// A count that lowers the budget says so in a note, and the spill checks use it.
fn honoured_counts(
    c: &mut Ctx,
    st: &Subtarget,
    facts: &KernelFacts,
    counts: RegisterCounts,
    first: u32,
    second: u32,
    l: Limits,
) -> Limits {
    let (reserved, trap_handler) = (reserved_sgprs(st, facts), facts.trap_handler);
    let mut l = l;
    let unified = st.processor().agpr_file == wavebudget_model::targets::AgprFile::Unified;
    // LLVM 15 and 19 read 0 as not given (`if (Requested && ...)`); 22 clamps it like any other value.
    let vgprs = counts.vgprs.filter(|&n| n != 0 || st.llvm() >= Llvm::V22);
    if let Some(n) = vgprs {
        let max = l.max_vgprs;
        let min = st.min_vgprs_for_waves(second);
        let doubled = if unified { n.saturating_mul(2) } else { n };
        let taken = if st.llvm() >= Llvm::V22 {
            // LLVM 22 doubles only a value other than the default (the maximum).
            let r = if n != max && unified { doubled } else { n };
            Some(r.max(min).min(max))
        } else {
            (doubled <= max && doubled >= min).then_some(doubled)
        };
        match taken {
            Some(r) if r < max => {
                c.diag(Severity::Note, Finding::NumVgprCaps { value: n, budget: r, waves: first, unified, of: max });
                l.max_vgprs = r;
                l.max_arch_vgprs = l.max_arch_vgprs.min(r);
            }
            Some(_) => {}
            None => c.diag(Severity::Note, Finding::NumVgprIgnored { value: n, llvm: st.llvm(), min, max, unified }),
        }
    }
    if let Some(n) = counts.sgprs {
        // LLVM ignores a value above getMaxNumSGPRs(W, Addressable=false) (GFX8/9: the trap handler's
        // SGPRs off W's share, to the granule), which can be below the `.sgpr_count` W allows.
        let requestable = st.llvm_max_requestable_sgprs(first, trap_handler);
        // Below getMinNumSGPRs of the kernel's maximum waves LLVM ignores it too (GFX8/9 with a maximum
        // under the processor's: "8,8" on gfx900 ignores any value under 65 on amdhsa, 81 without the trap
        // handler; llc-22 on 40 allocates 46).
        let least = st.llvm_min_sgprs_for_waves(second, trap_handler);
        match l.max_sgprs {
            Some(max) if n > reserved && n <= requestable && n >= least => {
                if n < max {
                    c.diag(Severity::Note, Finding::NumSgprCaps { value: n, waves: first, of: max });
                    l.max_sgprs = Some(n);
                }
            }
            max => c.diag(
                Severity::Note,
                Finding::NumSgprIgnored {
                    value: n,
                    reserved,
                    below: (n < least).then_some((least, second)),
                    max: max.map(|m| m.min(requestable)),
                },
            ),
        }
    }
    l
}

/// LDS given at launch (`dynamic-shared-mem=`): LLVM decides with the static LDS alone (its accepted range,
/// its budget), so the plan does too; where the launch's LDS then keeps the kernel below W, that is said.
fn launch_lds(c: &mut Ctx, st: &Subtarget, dynamic: u32, lds: u32, wg: WorkgroupSize, w: u32) {
    if dynamic == 0 {
        return;
    }
    let total = u64::from(lds) + u64::from(dynamic);
    // What the hardware allows: LLVM 22's LDS term (15's is its own approximation) on the LDS as allocated.
    let hw = st.with_llvm_22();
    let allows = u32::try_from(total)
        .ok()
        .filter(|&t| t <= st.lds_per_workgroup())
        .map(|t| hw.workgroup_occupancy(hw.lds_allocated(t), wg).1);
    if allows.is_none_or(|a| a < w) {
        c.warn(Finding::LaunchLdsBinds { dynamic, total, waves: w, allows, max: st.lds_per_workgroup() });
    }
}

/// Phase 3, launch bounds: the attribute, else `!reqd_work_group_size` (which set mode writes as the attribute),
/// else LLVM's default 1 to 1024 with a warning.
fn launch_bounds(c: &mut Ctx, facts: &KernelFacts, st: &Subtarget) -> Result<(WorkgroupSize, Option<String>), Finding> {
    // 3. Launch bounds.
    let mut set_flat = None;
    let wg = match &facts.flat_wg_attr {
        Some(s) => match llvm_pair(s, false) {
            Ok((a, Some(b))) if (WorkgroupSize { min: a, max: b }).validate().is_ok() => {
                WorkgroupSize { min: a, max: b }
            }
            Ok(_) => return Err(Finding::FlatRangeIgnored { value: s.clone(), llvm: crate::LLVM }),
            Err(which) => return Err(unparsable("amdgpu-flat-work-group-size", s, which)),
        },
        None => match &facts.reqd_wg {
            // LLVM's AMDGPU passes read the node only with three operands (`getReqdWorkGroupSize`,
            // AMDGPULowerKernelAttributes, the metadata streamer): another count is no launch size.
            Some(dims) if dims.len() != 3 => {
                return Err(Finding::ReqdWorkGroupSizeNotThree { operands: dims.len() });
            }
            Some(dims) => match WorkgroupSize::required(dims) {
                Some(w) => {
                    set_flat = Some(format!("{},{}", w.max, w.max));
                    w
                }
                None => return Err(Finding::MalformedReqdWorkGroupSize),
            },
            None => {
                let lo = st.waves_per_eu_for_workgroup(MAX_FLAT_WORKGROUP_SIZE);
                c.warn(Finding::NoLaunchBounds { waves: lo, vgprs: st.max_vgprs_for_waves(lo) });
                WorkgroupSize::DEFAULT
            }
        },
    };
    c.plan.workgroup = Some(wg);
    Ok((wg, set_flat))
}

/// Phase 4, static LDS: what the kernel reaches (and `"amdgpu-lds-size"` where LLVM's lowering already ran).
fn static_lds(c: &mut Ctx, facts: &KernelFacts, st: &Subtarget) -> Result<u32, Finding> {
    // 4. Static LDS: what LLVM's code generation will read, as LLVM's own lowering left it (19, 22), or the
    // port's layout (15, which reads no "amdgpu-lds-size").
    let lds = match facts.lds_from {
        LdsFrom::Llvm => {
            let size = match &facts.lds_attr {
                Some(a) => match parse_pair(a) {
                    Some((n, _)) => u64::from(n),
                    None => return Err(Finding::MalformedLdsSize(a.clone())),
                },
                None => 0,
            };
            // Instruction selection pads it to the dynamic LDS the kernel names (`setDynLDSAlign`).
            let g = facts.lds_dynamic_align.max(1);
            size.div_ceil(g) * g
        }
        LdsFrom::Layout => facts.static_lds,
        LdsFrom::Unknown(why) => return Err(Finding::LdsNotLowered(why)),
    };
    if lds > 0 && facts.name.is_empty() {
        return Err(Finding::UnnamedKernelLds);
    }
    if lds > st.lds_per_workgroup() as u64 {
        return Err(Finding::StaticLdsTooLarge { lds, max: st.lds_per_workgroup(), processor: st.processor().name });
    }
    let lds = lds as u32;
    c.plan.lds_bytes = Some(lds);
    if facts.indirect_calls {
        c.diag(
            Severity::Note,
            Finding::IndirectCallLds {
                functions: facts.indirect_lds_functions.iter().map(|f| f.to_string()).collect(),
                lds,
            },
        );
    }
    if !facts.lds_tables.is_empty() {
        let bytes = facts.lds_tables.iter().map(|t| t.bytes).sum();
        c.warn(Finding::LdsThroughTable { tables: facts.lds_tables.clone(), lds, bytes });
    }
    Ok(lds)
}

/// What a kernel's own `"amdgpu-waves-per-eu"` means for the plan.
enum Own {
    /// It has none.
    Absent,
    /// It keeps its own, which LLVM ignores or may abort on (said in a warning).
    Kept,
    /// It keeps its own, which LLVM honours: its minimum is the W LLVM allocates for.
    Honoured(u32),
}

/// The kernel's own `"amdgpu-waves-per-eu"` stays (unless the kernel asked wavebudget itself), with a
/// warning where the LLVM it runs in ignores it, or where it asks for other waves than `waves` (the
/// request is then not applied, and says so).
fn keeps_own_attribute(
    c: &mut Ctx,
    facts: &KernelFacts,
    st: &Subtarget,
    lds: u32,
    wg: WorkgroupSize,
    waves: u32,
    exact: bool,
) -> Result<Own, Finding> {
    let (lo, hi) = st.accepted_waves_range(lds, wg);
    if let Some(own) = &facts.waves_attr {
        let (m, n) = llvm_pair(own, true).map_err(|which| unparsable("amdgpu-waves-per-eu", own, which))?;
        // The kernel's own W is the request, and `exact` asks for "W,W": the request refines it, and is
        // planned (and written) as any other.
        if exact && m == waves && n != Some(waves) {
            c.diag(Severity::Note, Finding::OwnMadeExact { own: own.clone(), waves });
            return Ok(Own::Absent);
        }
        // A maximum of 0 passes LLVM 15's and 19's order check (`second && first > second`): 15 pads the
        // kernel to every register it may address, 19 divides by it (getMinNumVGPRs(0)) and crashes.
        let zero_max = n == Some(0) && m != 0 && m >= lo && m <= hi && st.llvm() < Llvm::V22;
        let n = n.unwrap_or(st.max_waves());
        let ignored = m == 0 || m < lo || m > hi || (m > n && !zero_max) || n > st.max_waves();
        let own = own.clone();
        let mut honoured = None;
        if zero_max {
            c.warn(if st.llvm() == Llvm::V19 {
                Finding::OwnZeroMaxLlvm19 { own, min: m }
            } else {
                let pad = st.max_vgprs_for_waves(1); // min(alignDown(total / 1, granule) + 1, addressable)
                Finding::OwnZeroMaxLlvm15 { own, vgprs: pad, waves: st.vgpr_waves(pad), min: m }
            });
        } else if ignored {
            c.warn(Finding::OwnIgnored { own, llvm: st.llvm(), lo, hi, wg_min: wg.min, wg_max: wg.max, lds });
        } else if let Some((lower, why)) =
            st.budget(m, wg, lds).ok().and_then(|b| llvm15_tuple_limit(facts, st, m, &b, wg, lds))
        {
            c.warn(Finding::OwnTupleAbort { own, why, write: (lower >= lo).then_some(lower) });
        } else {
            if m != waves {
                c.warn(Finding::OwnOverRequest { own, requested: waves });
            }
            honoured = Some(m);
        }
        c.plan.action = Action::KeptOwn;
        return Ok(honoured.map_or(Own::Kept, Own::Honoured));
    }
    Ok(Own::Absent)
}

/// Phase 5, the budget for W, and whether the LLVM it runs in will honour it (clamped into the accepted range with `clamp`).
fn budget(
    c: &mut Ctx,
    facts: &KernelFacts,
    cfg: &Config,
    st: &Subtarget,
    waves: u32,
    wg: WorkgroupSize,
    lds: u32,
) -> Result<(u32, Budget, Action), Finding> {
    let (lo, hi) = st.accepted_waves_range(lds, wg);
    let mut w = waves;
    // Over the hardware maximum: the model's budget is the maximum's, and the request's being above it is
    // one more reason LLVM drops it (and clamp moves it into the accepted range).
    let mut b = st.budget(w.min(st.max_waves()), wg, lds).map_err(Finding::BudgetRefused)?;
    let above = (waves > st.max_waves()).then(|| {
        wavebudget_model::Blocker::new(
            Limiter::MaxWaves,
            wavebudget_model::BlockReason::AboveMaximum { processor: st.processor().name, max: st.max_waves() },
        )
    });
    let mut action = Action::Set;
    let range_blockers: Vec<_> =
        above.iter().chain(b.blocked_by.iter().filter(|x| x.limiter != Limiter::Sgpr)).collect();
    if !range_blockers.is_empty() {
        let reasons: Vec<_> = range_blockers.iter().map(|x| x.reason.clone()).collect();
        let top = hi.min(st.max_waves());
        let accepted = (lo <= top).then_some((lo, top));
        // LLVM 22 drops a W outside lo..top; 15 and 19 drop only a W below lo (or above the maximum) and
        // keep one that LDS or the launch size rules out, spilling for it: the W worth clamping to is the
        // highest that still gains a wave.
        let ignored = waves < lo || waves > top;
        let gain_top = top.min(st.workgroup_occupancy(lds, wg).1);
        let llvm = st.llvm();
        if cfg.clamp && lo <= gain_top {
            w = waves.clamp(lo, gain_top);
            c.warn(Finding::Clamped { waves, reasons, llvm, accepted, to: w });
            b = match st.budget(w, wg, lds) {
                Ok(b) => b,
                Err(e) => return Err(Finding::BudgetRefused(e)),
            };
            action = Action::Clamped;
        } else {
            c.plan.budget = Some(b);
            let clamp_to = (lo <= gain_top).then(|| waves.clamp(lo, gain_top));
            return Err(Finding::CannotBeHad { waves, reasons, llvm, accepted, ignored, clamp_to });
        }
    }
    if let Some((lower, why)) = llvm15_tuple_limit(facts, st, w, &b, wg, lds) {
        if cfg.clamp && lower >= lo {
            c.warn(Finding::TupleClamped { waves: w, why, to: lower });
            w = lower;
            b = st.budget(w, wg, lds).map_err(Finding::BudgetRefused)?;
            action = Action::Clamped;
        } else {
            c.plan.budget = Some(b);
            return Err(Finding::TupleNotSet { waves: w, why, clamp_to: (lower >= lo).then_some(lower) });
        }
    }
    for x in b.blocked_by.iter().filter(|x| x.limiter == Limiter::Sgpr) {
        c.warn(Finding::SgprUnreachable { waves: w, reason: x.reason.clone() });
    }
    c.plan.waves = Some(w);
    if cfg.exact && !b.exact_reachable {
        c.warn(Finding::ExactCannotCap {
            waves: w,
            vgprs: if st.llvm() == wavebudget_model::Llvm::V22 {
                st.vgpr().addressable.min(st.max_vgprs_for_waves(w))
            } else {
                st.min_vgprs_for_waves(w)
            },
            runs_at: b.exact_waves_per_simd,
        });
    }
    Ok((w, b, action))
}

/// LLVM 15's register allocator aborts the compile ("LLVM ERROR: no registers from class available to
/// allocate") when a loop carries a vector it holds in 32-register tuples (`KernelFacts::wide_vector_phi`
/// says which) and the VGPR budget is 32. Measured with llc-15: on gfx803, gfx900 and gfx908 at 8 to 10
/// waves/SIMD and on gfx1030 and gfx1100 in wave64 at 16, vectors of 20, 24, 32 and 64 floats abort, and
/// at 7 waves on gfx908 (36 VGPRs) they compile; llc-19 and llc-22 compile them all
/// (`tests/plugin_majors.rs::llvm15_tuple_abort_is_refused_not_written`). Where it applies: the highest W
/// below `w` whose budget is over 32 VGPRs (0 if none), and why.
fn llvm15_tuple_limit(
    facts: &KernelFacts,
    st: &Subtarget,
    w: u32,
    b: &Budget,
    wg: WorkgroupSize,
    lds: u32,
) -> Option<(u32, TupleAbort)> {
    const TUPLE_SAFE_VGPRS: u32 = 32;
    let (dwords, ty) = facts.wide_vector_phi.as_ref()?;
    if st.llvm() != Llvm::V15 || b.max_arch_vgprs.min(b.max_vgprs) > TUPLE_SAFE_VGPRS {
        return None;
    }
    let lower = (1..w)
        .rev()
        .find(|&v| st.budget(v, wg, lds).is_ok_and(|x| x.max_arch_vgprs.min(x.max_vgprs) > TUPLE_SAFE_VGPRS))
        .unwrap_or(0);
    Some((lower, TupleAbort { ty: ty.to_string(), dwords: *dwords, budget: b.max_arch_vgprs.min(b.max_vgprs) }))
}

/// The attributes to write (`mode=set` and `auto`): `"amdgpu-waves-per-eu"`, and the launch bounds that
/// `!reqd_work_group_size` fixes where the attribute is missing; in `advise` mode, a note instead.
fn write_attributes(
    c: &mut Ctx,
    cfg: &Config,
    w: u32,
    wg: WorkgroupSize,
    mut set_flat: Option<String>,
    mut action: Action,
) {
    let value = if cfg.exact { format!("{w},{w}") } else { w.to_string() };
    match cfg.mode {
        Mode::Set | Mode::Auto => {
            if let Some(f) = set_flat.take() {
                c.plan.set_attributes.push(("amdgpu-flat-work-group-size", f));
            }
            c.plan.set_attributes.push(("amdgpu-waves-per-eu", value));
        }
        Mode::Advise => {
            // As NVPTX's advice: one line per kernel that would be written, printed by opt and under
            // clang's -Rremark-backend-plugin, beside the analysis remark's numbers.
            c.diag(Severity::Remark, Finding::WouldSetWaves { waves: w, value });
            action = Action::Advised;
        }
    }
    if let Some(f) = set_flat {
        // Advise mode: say what set mode would do.
        c.diag(Severity::Note, Finding::ReqdWithoutFlat { threads: wg.max, value: f });
    }
    c.plan.action = action;
}

/// The SGPRs, reserved ones included, LLVM's allocator may use for W waves/SIMD: the budget (the waves'
/// share, or `"amdgpu-num-sgpr"`), and no more than `getMaxNumSGPRs` gives, the trap handler's SGPRs off
/// where its feature is on (amdhsa, GFX8/9: 80 at 8 waves/SIMD, where the waves allow 100; llc-22's
/// `.sgpr_count` never passed 74 there on gfx90a and gfx942, nor 102 at 4 or 6).
fn sgpr_room(st: &Subtarget, facts: &KernelFacts, l: &Limits, w: u32) -> u32 {
    l.max_sgprs.unwrap_or(u32::MAX).min(st.llvm_sgpr_budget(w, facts.trap_handler))
}

/// `getReservedNumSGPRs(MF)`, the SGPRs LLVM keeps from its allocator and the floor of `"amdgpu-num-sgpr"`,
/// with flat scratch init as the LLVM the pass runs in gives it to a kernel (`SIMachineFunctionInfo`; the
/// model adds architected flat scratch's): on amdhsa or mesa3d, under LLVM 22 unless
/// `"amdgpu-no-flat-scratch-init"` is on it (which the AMDGPU attributor adds, in an LTO link: clang-22 -O2
/// without it gives every kernel flat scratch init), under 15 and 19 where it has stack or calls; and
/// always with `"+enable-flat-scratch"`. On gfx900 (XNACK "any") llc-22 ignores `"amdgpu-num-sgpr"="6"`,
/// llc-15 and 19 honour it unless the kernel has an `alloca` or a call (`tests/lit/num-registers.ll`).
/// Under 15 and 19 the stack and calls are llc's after its own inlining and alloca promotion, which the
/// IR here may not show yet: an `alloca` llc promotes or an `alwaysinline` callee counts here, not there.
fn reserved_sgprs(st: &Subtarget, facts: &KernelFacts) -> u32 {
    let wanted = if st.llvm() >= Llvm::V22 { !facts.no_flat_scratch_init_attr } else { facts.stack_or_calls };
    let flat_scratch_init = facts.enable_flat_scratch || (facts.hsa_or_mesa && wanted);
    st.llvm_reserved_sgprs(flat_scratch_init)
}

/// What the earlier phases decided, for the register checks.
struct Decided<'a> {
    st: &'a Subtarget,
    w: u32,
    l: &'a Limits,
    lds: u32,
    wg: WorkgroupSize,
}

/// Phase 6, registers: recorded, else estimated; the spill warnings, the notes on AGPR copies and on a few
/// registers from one more wave.
fn registers(
    c: &mut Ctx,
    facts: &KernelFacts,
    cfg: &Config,
    records: Option<&Records>,
    estimate: &mut dyn FnMut(&wavebudget_model::TargetId) -> Result<Pressure, TooLarge>,
    d: &Decided<'_>,
) {
    let (st, w, l, lds, wg) = (d.st, d.w, d.l, d.lds, d.wg);
    let mut from_records = None;
    if let Some(recs) = records {
        let id = st.id();
        match recs.find(&facts.name, facts.module.as_deref(), st.processor().name, id.xnack, id.sramecc) {
            Lookup::Found(r) => {
                from_records = r.registers;
                match from_records {
                    None => c.diag(Severity::Note, Finding::RecordsWithoutCounts),
                    // Counts of a build for the other wave size are not this kernel's (registers are
                    // per lane, and LLVM allocates them differently for wave32).
                    Some(Registers::Records(k)) if k.wavefront_size != st.wave_size() => {
                        c.diag(
                            Severity::Note,
                            Finding::RecordsOtherWaveSize { recorded: k.wavefront_size, now: st.wave_size() },
                        );
                        from_records = None;
                    }
                    Some(_) => {}
                }
            }
            Lookup::Elsewhere(others) => c.diag(Severity::Note, Finding::RecordsOtherTargets(others)),
            Lookup::Missing => c.diag(Severity::Note, Finding::NotInRecords),
            Lookup::Conflict(counts) => c.diag(Severity::Note, Finding::RecordsConflict(counts)),
        }
    }
    let unified = st.processor().agpr_file == wavebudget_model::targets::AgprFile::Unified;
    let separate = st.processor().agpr_file == wavebudget_model::targets::AgprFile::Separate;
    let mut asm = crate::estimate::AsmRegisters::default();
    // The estimate reads the kernel's own code: what it calls (not inlined) is said, whatever follows.
    if from_records.is_none() && (facts.first_callee.is_some() || facts.makes_indirect_call) {
        c.warn(Finding::CallsNotEstimated { callee: facts.first_callee.clone(), indirect: facts.makes_indirect_call });
    }
    // A function only declared here (records of a linked build include what it uses).
    if let (None, Some(callee)) = (&from_records, &facts.declared_callee) {
        c.warn(Finding::CallsDeclared { callee: callee.clone(), waves: w, budget: l.max_vgprs });
    }
    // Irreducible control flow: llc's structurizer changes the code the estimate would read.
    if from_records.is_none() && facts.irreducible {
        c.warn(Finding::IrreducibleNotEstimated { waves: w });
        return;
    }
    // Nothing shows the estimate and every value of the kernel fits the budget at once: it cannot spill,
    // and there is nothing to say about its registers (`Config::bound_first`).
    // Every value at once bounds the SGPRs too, where they bound the waves (GFX8/9); twice the lanes, as a
    // divergent condition takes a 64-bit lane mask.
    // What LLVM's allocator gets for SGPRs, and what it reserves of it (the estimate's spill check below).
    let (sgpr_room, reserved_sgprs) = (sgpr_room(st, facts, l, w), reserved_sgprs(st, facts));
    let sgprs_fit = |lanes: u32| {
        (!st.processor().sgprs_limit_occupancy() && facts.num_sgpr_attr.is_none())
            || (l.max_sgprs.is_some() && 2 * lanes + reserved_sgprs <= sgpr_room)
    };
    let fits = |lanes: u32| {
        st.processor().total_vgprs(lanes, 0) <= l.max_vgprs && lanes <= l.max_arch_vgprs && sgprs_fit(lanes)
    };
    if from_records.is_none() && cfg.bound_first && facts.value_lanes.is_some_and(fits) {
        return;
    }
    let regs = match from_records {
        Some(r) => r,
        None => match estimate(&st.id()) {
            Ok(p) => {
                asm = p.asm;
                Registers::Estimate(wavebudget_model::Usage {
                    vgprs: wavebudget_model::Vgprs::Split { arch: p.vgprs.max(p.asm.vgprs), agpr: p.asm.agprs },
                    sgprs: Some(p.sgprs.max(p.asm.sgprs)),
                    lds,
                    workgroup: wg,
                })
            }
            Err(too_large) => {
                // No number is better than a made-up one: the waves are set, the spill check is not made.
                c.warn(Finding::TooLargeToEstimate { too_large, waves: w });
                return;
            }
        },
    };
    c.plan.registers = Some(regs);
    let (vgpr_count, source) = (regs.vgpr_count(st.processor()), regs.source());
    // Registers inline asm names are fixed: the allocator cannot spill them to meet the budget, so LLVM
    // misses the waves target instead ("failed to meet occupancy target").
    let asm_total = st.total_vgprs(asm.vgprs, asm.agprs);
    let asm_binds = asm_total > l.max_vgprs;
    if asm_binds {
        c.warn(Finding::AsmOverBudget {
            vgprs: asm.vgprs,
            agprs: asm.agprs,
            total: asm_total,
            budget: l.max_vgprs,
            waves: w,
            gets: (!unified || asm.agprs == 0).then(|| st.vgpr_waves(asm_total)),
        });
    }
    // gfx908: values over the arch budget are first copied into the (separate, equally sized) AGPR file
    // with v_accvgpr_write/read; memory spills start only past both files. An estimate cannot tell arch
    // values from MFMA accumulators, so it is compared with the two files together.
    if asm_binds {
        // Said above; the rest of the count can be spilled around the fixed registers.
    } else if separate
        && source == RegisterSource::Estimate
        && vgpr_count > l.max_vgprs
        && vgpr_count <= l.max_vgprs + l.max_agprs
    {
        c.diag(
            Severity::Note,
            Finding::AgprCopies { estimate: vgpr_count, budget: l.max_vgprs, agprs: l.max_agprs, waves: w },
        );
    } else if vgpr_count > l.max_vgprs {
        let excess = vgpr_count - l.max_vgprs;
        c.plan.vgpr_excess = Some(excess);
        c.warn(match source {
            RegisterSource::Records => Finding::RecordsVgprSpill { vgpr_count, waves: w, budget: l.max_vgprs },
            RegisterSource::Estimate => {
                Finding::EstimateVgprSpill { estimate: vgpr_count, waves: w, budget: l.max_vgprs }
            }
        });
    }
    // SGPRs, as VGPRs: a record's `.sgpr_count` (extras included) against the waves' budget; the estimate,
    // with the SGPRs LLVM reserves, against what its allocator gets (`sgpr_room`).
    match (source, regs.sgpr_count(), l.max_sgprs) {
        (RegisterSource::Records, Some(s), Some(max_s)) if s > max_s => {
            c.warn(Finding::RecordsSgprSpill { sgpr_count: s, waves: w, budget: max_s });
        }
        (RegisterSource::Estimate, Some(s), Some(_))
            if (st.processor().sgprs_limit_occupancy() || facts.num_sgpr_attr.is_some())
                && s + reserved_sgprs > sgpr_room =>
        {
            c.warn(Finding::EstimateSgprSpill {
                estimate: s + reserved_sgprs,
                reserved: reserved_sgprs,
                waves: w,
                budget: sgpr_room,
            });
        }
        _ => {}
    }
    // The architectural part over what the AGPR split leaves (LLVM 22 on gfx90a/942/950), where the
    // whole count fits.
    let arch = match regs {
        Registers::Records(r) => r.vgpr_count.saturating_sub(r.agpr_count),
        Registers::Estimate(u) => match u.vgprs {
            wavebudget_model::Vgprs::Split { arch, .. } => arch,
            wavebudget_model::Vgprs::Total(n) => n,
        },
    };
    if unified && !asm_binds && asm.vgprs > l.max_arch_vgprs {
        // Registers asm names are not copied into AGPRs: past the split, LLVM reserves them.
        c.warn(Finding::AsmPastSplit {
            vgprs: asm.vgprs,
            split: l.max_arch_vgprs,
            budget: l.max_vgprs,
            waves: w,
            agpr_alloc: facts.agpr_alloc_attr.clone(),
            names_agprs: asm.agprs > 0,
        });
    } else if unified && !asm_binds && vgpr_count <= l.max_vgprs && arch > l.max_arch_vgprs {
        c.diag(
            Severity::Note,
            Finding::ArchOverSplit {
                arch,
                split: l.max_arch_vgprs,
                budget: l.max_vgprs,
                waves: w,
                agpr_alloc: facts.agpr_alloc_attr.clone(),
                from: source,
            },
        );
    }
    if source == RegisterSource::Records {
        // One more wave for a few registers?
        if vgpr_count <= l.max_vgprs {
            let other = st.workgroup_occupancy(lds, wg).1.min(st.sgpr_waves(regs.sgpr_count().unwrap_or(0)));
            let now = st.vgpr_waves(vgpr_count).min(other);
            let next = now + 1;
            if st.vgpr_waves(vgpr_count) == now && next <= other && !(cfg.exact && next > w) {
                let r_next = st.max_vgprs_for_waves(next);
                if st.vgpr_waves(r_next) >= next && vgpr_count > r_next && vgpr_count - r_next <= SHAVE_LIMIT {
                    c.diag(Severity::Note, Finding::Shave { vgpr_count, now, to: r_next });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::Records;

    /// A kernel as clang -O writes it: LLVM 22's attributor has added `"amdgpu-agpr-alloc"="0"` (no
    /// AGPR named), so the whole budget is for architectural VGPRs.
    fn facts(name: &str, cpu: &str, wg: Option<&str>) -> KernelFacts {
        KernelFacts {
            name: name.into(),
            target_cpu: Some(cpu.into()),
            flat_wg_attr: wg.map(str::to_string),
            agpr_alloc_attr: Some("0".into()),
            ..KernelFacts::default()
        }
    }

    fn cfg(p: &str) -> Config {
        Config::from_params(p).unwrap()
    }

    fn no_estimate(_: &wavebudget_model::TargetId) -> Result<Pressure, TooLarge> {
        panic!("estimate not expected")
    }

    /// Kernels planned one after another with one `Memo` get the plans each gets with a fresh one: the
    /// memo answers only for the same target-cpu, features and dynamic-VGPR block, refusals included.
    #[test]
    fn a_memo_changes_no_plan() {
        let mut kernels = Vec::new();
        for (cpu, features, dvgpr) in [
            (Some("gfx942"), "", None),
            (Some("gfx942"), "", None),
            (Some("gfx942"), "+xnack,-sramecc", None),
            (Some("gfx942"), "", None),
            (Some("gfx1100"), "+wavefrontsize64", None),
            (Some("gfx1100"), "", None),
            (Some("gfx1100"), "", Some("32")),
            (Some("gfx1100"), "", Some("x")),
            (Some("gfx90a"), "+xnack,+xnack", None),
            (Some("gfx90a"), "+xnack", None),
            (Some("gfx1100"), "+xnack", None),
            (Some("gfx9000"), "", None),
            (None, "", None),
            (Some("gfx90a"), "+xnack", None),
            (Some("gfx942"), "", None),
        ] {
            let mut f = facts(&format!("k{}", kernels.len()), "", Some("1,256"));
            f.target_cpu = cpu.map(str::to_string);
            f.target_features = features.into();
            f.dvgpr_attr = dvgpr.map(str::to_string);
            kernels.push(f);
        }
        let mut est = |_: &wavebudget_model::TargetId| Ok(Pressure { vgprs: 60, sgprs: 20, ..Pressure::default() });
        for c in [cfg("waves=4"), cfg("waves=4;target=gfx90a"), cfg("waves=2;clamp")] {
            let mut memo = Memo::default();
            for k in &kernels {
                let shared = plan_kernel(k, &c, None, &mut memo, &mut est);
                let fresh = plan_kernel(k, &c, None, &mut Memo::default(), &mut est);
                assert_eq!(format!("{shared:?}"), format!("{fresh:?}"), "{}", k.name);
            }
        }
    }

    #[test]
    fn hip_names_are_shown_demangled() {
        let p = plan_kernel(
            &facts("_Z3accPfPKfi", "gfx942", Some("256,1")),
            &cfg("waves=4"),
            None,
            &mut Memo::default(),
            &mut no_estimate,
        );
        let d = &p.diagnostics[0];
        let subject = d.subject.as_ref().expect("a kernel's diagnostic");
        assert_eq!(subject.demangled.as_deref(), Some("acc(float*, float const*, int)"));
        let m = d.to_string();
        assert!(m.contains("kernel '_Z3accPfPKfi' [acc(float*, float const*, int)] (gfx942)"), "{m}");
        assert_eq!(demangled("plain_c_name"), None);
    }

    /// Issue 56: the plan leaves the model's budget as the model gave it; a kernel's own
    /// `"amdgpu-num-vgpr"` (honoured by LLVM 22 here) caps the plan's limits, which the checks and the
    /// remark use, and the AGPR split is the limits' too.
    #[test]
    fn an_honoured_count_caps_the_limits_not_the_models_budget() {
        let mut est = |_: &wavebudget_model::TargetId| Ok(Pressure { vgprs: 40, sgprs: 20, ..Pressure::default() });
        let mut f = facts("k", "gfx1100", Some("1,256"));
        f.num_vgpr_attr = Some("64".into());
        let p = plan_kernel(&f, &cfg("waves=4"), None, &mut Memo::default(), &mut est);
        assert_eq!(p.action, Action::Set);
        let model = wavebudget_model::subtarget("gfx1100", wavebudget_model::Options::default())
            .unwrap()
            .budget(4, WorkgroupSize { min: 1, max: 256 }, 0)
            .unwrap();
        assert_eq!(p.budget.as_ref(), Some(&model));
        assert!(model.max_vgprs > 64, "{model:?}");
        let l = p.limits.unwrap();
        assert_eq!((l.max_vgprs, l.max_arch_vgprs, l.max_agprs), (64, 64, 0));
        assert!(p.diagnostics.iter().any(|d| matches!(d.finding, Finding::NumVgprCaps { budget: 64, .. })));
    }

    #[test]
    fn sets_the_attribute_with_the_model_budget() {
        let mut est = |_: &wavebudget_model::TargetId| Ok(Pressure { vgprs: 100, sgprs: 20, ..Pressure::default() });
        let p =
            plan_kernel(&facts("k", "gfx942", Some("1,256")), &cfg("waves=4"), None, &mut Memo::default(), &mut est);
        assert_eq!(p.action, Action::Set);
        assert_eq!(p.set_attributes, vec![("amdgpu-waves-per-eu", "4".to_string())]);
        assert_eq!(p.budget.as_ref().unwrap().max_vgprs, 128);
        assert_eq!(p.limits.unwrap().max_vgprs, 128);
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        let p = plan_kernel(
            &facts("k", "gfx942", Some("1,256")),
            &cfg("waves=4;exact"),
            None,
            &mut Memo::default(),
            &mut est,
        );
        assert_eq!(p.set_attributes[0].1, "4,4");
    }

    #[test]
    fn below_the_launch_size_minimum_is_left_or_clamped() {
        // 1024 threads of wave64 on 4 SIMDs imply 4 waves/SIMD (reference §2.6).
        let f = facts("k", "gfx942", Some("1024,1024"));
        let p = plan_kernel(&f, &cfg("waves=2"), None, &mut Memo::default(), &mut no_estimate);
        assert_eq!(p.action, Action::Untouched);
        assert!(p.set_attributes.is_empty());
        match p.diagnostics[0].finding.reason() {
            Finding::CannotBeHad { waves: 2, accepted: Some((4, 8)), ignored: true, reasons, .. } => {
                assert!(matches!(reasons[..], [wavebudget_model::BlockReason::BelowLaunchMinimum { min: 4, .. }]))
            }
            other => panic!("{other:?}"),
        }
        let mut est = |_: &wavebudget_model::TargetId| Ok(Pressure::default());
        let p = plan_kernel(&f, &cfg("waves=2;clamp"), None, &mut Memo::default(), &mut est);
        assert_eq!((p.action, p.waves), (Action::Clamped, Some(4)));
        assert_eq!(p.set_attributes[0].1, "4");
    }

    #[test]
    fn lds_and_hardware_maximum() {
        let mut f = facts("k", "gfx942", Some("256,256"));
        f.lds_attr = Some("32768".into());
        let p = plan_kernel(&f, &cfg("waves=5"), None, &mut Memo::default(), &mut no_estimate);
        assert_eq!(p.action, Action::Untouched);
        let Finding::CannotBeHad { reasons, .. } = p.diagnostics[0].finding.reason() else {
            panic!("{:?}", p.diagnostics)
        };
        assert!(
            matches!(reasons[..], [wavebudget_model::BlockReason::Lds { lds: 32768, waves: 2, .. }]),
            "{reasons:?}"
        );
        let p = plan_kernel(
            &facts("k", "gfx942", Some("64,64")),
            &cfg("waves=10"),
            None,
            &mut Memo::default(),
            &mut no_estimate,
        );
        let Finding::CannotBeHad { reasons, .. } = p.diagnostics[0].finding.reason() else {
            panic!("{:?}", p.diagnostics)
        };
        assert!(matches!(reasons[0], wavebudget_model::BlockReason::AboveMaximum { max: 8, .. }), "{reasons:?}");
    }

    #[test]
    fn attribute_integers_parse_as_llvm_reads_them() {
        assert_eq!(llvm_pair(" 4 , 4 ", true), Ok((4, Some(4))));
        assert_eq!(llvm_pair("0x4,010", true), Ok((4, Some(8))));
        assert_eq!(llvm_pair("4,", true), Ok((4, None)));
        assert_eq!(llvm_pair("4,", false), Err("second"));
        assert_eq!(llvm_pair("256", false), Err("second"));
        assert_eq!(llvm_pair("1,2,3", true), Err("second"));
        assert_eq!(llvm_pair("-1", true), Err("first"));
        assert_eq!(llvm_pair("", true), Err("first"));
        assert_eq!(llvm_pair("4294967300,4", true), Err("first"));
    }

    #[test]
    fn malformed_and_unknown_leave_the_kernel() {
        let p = plan_kernel(
            &facts("k", "gfx940", Some("1,256")),
            &cfg("waves=4"),
            None,
            &mut Memo::default(),
            &mut no_estimate,
        );
        assert_eq!(p.action, Action::Untouched);
        assert!(
            matches!(p.diagnostics[0].finding.reason(), Finding::TargetRefused { cpu, .. } if cpu == "gfx940"),
            "{:?}",
            p.diagnostics
        );
        let p = plan_kernel(
            &facts("k", "gfx942", Some("256,1")),
            &cfg("waves=4"),
            None,
            &mut Memo::default(),
            &mut no_estimate,
        );
        assert!(
            matches!(p.diagnostics[0].finding.reason(), Finding::FlatRangeIgnored { value, .. } if value == "256,1"),
            "{:?}",
            p.diagnostics
        );
        let mut f = facts("k", "gfx942", Some("1,256"));
        f.wavebudget_attr = Some("four".into());
        let p = plan_kernel(&f, &cfg(""), None, &mut Memo::default(), &mut no_estimate);
        assert!(
            matches!(p.diagnostics[0].finding.reason(), Finding::MalformedRequest { value, .. } if value == "four"),
            "{:?}",
            p.diagnostics
        );
        let mut f = facts("k", "gfx1250", Some("1,256"));
        f.target_features = "+wavefrontsize64".into();
        let p = plan_kernel(&f, &cfg("waves=4"), None, &mut Memo::default(), &mut no_estimate);
        assert_eq!(p.action, Action::Untouched);
        assert_eq!(p.diagnostics[0].finding.kind(), "subtarget_refused", "{:?}", p.diagnostics);
    }

    #[test]
    fn records_give_spill_warnings_and_shave_notes() {
        let json = br#"{"code_objects":[{"processor":"gfx942","kernels":[
            {"name":"big","vgpr_count":164,"agpr_count":0,"sgpr_count":20},
            {"name":"close","vgpr_count":132,"agpr_count":0,"sgpr_count":20}]}]}"#;
        let recs = Records::from_json(json).unwrap();
        let mut f = facts("big", "gfx942", Some("1,256"));
        f.agpr_alloc_attr = Some("0".into());
        let p = plan_kernel(&f, &cfg("waves=4"), Some(&recs), &mut Memo::default(), &mut no_estimate);
        assert!(
            matches!(p.diagnostics[0].finding, Finding::RecordsVgprSpill { vgpr_count: 164, waves: 4, budget: 128 }),
            "{:?}",
            p.diagnostics
        );
        assert_eq!(p.vgpr_excess, Some(36));
        let m = p.diagnostics[0].to_string();
        assert!(m.contains("'big' (gfx942)") && m.contains("36 registers will have to spill"), "{m}");
        // 132 VGPRs at W=3 fits (168) and reaches 3; 128 would give 4: shave 4.
        let mut f = facts("close", "gfx942", Some("1,256"));
        f.agpr_alloc_attr = Some("0".into());
        let p = plan_kernel(&f, &cfg("waves=3"), Some(&recs), &mut Memo::default(), &mut no_estimate);
        assert_eq!(p.diagnostics.len(), 1, "{:?}", p.diagnostics);
        assert!(
            matches!(p.diagnostics[0].finding, Finding::Shave { vgpr_count: 132, now: 3, to: 128 }),
            "{:?}",
            p.diagnostics
        );
    }
}
