//! The sweep's answer as one typed form: what `wavebudget sweep --json` writes (serde), and what the
//! report, the pass's `records=` and `tune`/`mode=auto` read back ([`Sweep::from_json`]), with the policy
//! that picks a waves target from a ladder ([`choose_rungs`]). The compiles themselves need LLVM and live
//! in `wavebudget-sweep`; everything about their results is here.

use serde::{Deserialize, Serialize};
use wavebudget_model::KernelResources;

/// How a level ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Status {
    /// Compiled.
    Ok,
    /// LLVM reported an error; see `error`.
    Failed,
    /// The pass did not set the attribute (LLVM 22 would ignore W here); see `warnings`.
    NotAccepted,
}

impl Status {
    /// The JSON spelling (`ok`, `failed`, `not-accepted`).
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Failed => "failed",
            Status::NotAccepted => "not-accepted",
        }
    }
}

/// One compile of one kernel.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Level {
    /// The waves target (absent for the baseline).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waves: Option<u32>,
    /// Outcome.
    pub status: Status,
    /// Arch VGPRs (llc's "VGPRs" remark).
    #[serde(default)]
    pub vgprs: Option<u32>,
    /// AGPRs ("AGPRs" remark).
    #[serde(default)]
    pub agprs: Option<u32>,
    /// The compiled kernel's resources (`.vgpr_count`, `.sgpr_count`, LDS, scratch, the descriptor, ...),
    /// the one type every reader carries; absent unless compiled (or unless every field is there: no
    /// count is taken by default). Flattened into the JSON.
    #[serde(flatten)]
    pub resources: Option<KernelResources>,
    /// `.vgpr_spill_count` (the resources hold the sum with SGPR spills).
    #[serde(default)]
    pub vgpr_spill_count: Option<u32>,
    /// `.sgpr_spill_count`.
    #[serde(default)]
    pub sgpr_spill_count: Option<u32>,
    /// "Occupancy [waves/SIMD]" reached.
    #[serde(default)]
    pub waves_per_simd: Option<u32>,
    /// LLVM's warnings for this compile (and the pass's, where it did not set the attribute).
    #[serde(default)]
    pub warnings: Vec<String>,
    /// Why it failed or was not compiled, when it was not (LLVM's words in [`LevelError::Llvm`]). In the
    /// JSON an object: `kind`, the variant's data, and `message` (its `Display`).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "tagged")]
    pub error: Option<LevelError>,
    /// What the budget did to the code: the compiled kernel's ISA signals (`wavebudget isa`'s, from the
    /// object disassembled in process); absent unless compiled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub isa: Option<wavebudget_isa::Signals>,
    /// The latency-hiding model's prediction for the compiled level (`wavebudget advise`'s, from the same
    /// instructions); absent unless compiled for a processor whose product has figures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub predicted: Option<Predicted>,
}

/// A level's predicted time, as `mode=auto` and `tune` weigh it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Predicted {
    /// The product whose figures were used (`MI300X`).
    pub product: String,
    /// Seconds per unit of the kernel's work (comparable between the levels of one kernel).
    pub seconds_per_work: f64,
    /// What binds (`matrix-latency`, `memory-latency`, `bandwidth`, `compute-peak`, `spills`, ...).
    pub cause: String,
    /// The binding term is not a latency: the waves and each wave's independent work cover it.
    pub latency_covered: bool,
    /// The matrix units' predicted busy share, where the kernel has matrix instructions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matrix_utilization: Option<f64>,
}

impl Level {
    /// A level with nothing measured yet.
    pub fn empty(waves: Option<u32>, status: Status) -> Level {
        Level {
            waves,
            status,
            vgprs: None,
            agprs: None,
            resources: None,
            vgpr_spill_count: None,
            sgpr_spill_count: None,
            waves_per_simd: None,
            warnings: Vec::new(),
            error: None,
            isa: None,
            predicted: None,
        }
    }

    /// The hot loop's instruction count, or the whole kernel's when it has no loop.
    pub fn loop_instructions(&self) -> Option<u32> {
        let isa = self.isa.as_ref()?;
        Some(isa.hot_loop.map_or(isa.instructions, |l| l.instructions))
    }

    /// VGPR + SGPR spills (`None` unless both counts are known), held at `u32::MAX`.
    pub fn spills(&self) -> Option<u32> {
        KernelResources::spill_sum(self.vgpr_spill_count, self.sgpr_spill_count)
            .map(|n| u32::try_from(n).unwrap_or(u32::MAX))
    }

    /// This level as `mode=auto` and [`choose`] weigh it (waves 0 for the baseline).
    pub fn rung(&self) -> Rung {
        Rung {
            waves: self.waves.unwrap_or(0),
            spills: if self.status == Status::Ok { self.spills() } else { None },
            accepted: self.status != Status::NotAccepted,
            loop_instructions: self.loop_instructions(),
            reached: if self.status == Status::Ok { self.waves_per_simd } else { None },
            predicted: self.predicted.as_ref().filter(|_| self.status == Status::Ok).map(|p| p.seconds_per_work),
            covered: self.predicted.as_ref().filter(|_| self.status == Status::Ok).map(|p| p.latency_covered),
        }
    }
}

/// One kernel's ladder.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct KernelLadder {
    /// Kernel (symbol) name.
    pub name: String,
    /// Target id of the code object it was compiled into (empty: the sweep found no processor for it).
    pub target: String,
    /// Compiled unchanged.
    pub baseline: Level,
    /// One per waves target, ascending.
    pub levels: Vec<Level>,
    /// The module it came from, in a sweep of several (two modules may each have a kernel of one name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub module: Option<String>,
}

/// The sweep's result: the JSON `wavebudget sweep --json` prints (and `records=` and the report read).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Sweep {
    /// Kernels in module order.
    pub kernels: Vec<KernelLadder>,
}

impl Sweep {
    /// A sweep read back from its JSON; the error is one line naming where (`kernels[0].levels[2]:
    /// missing field `status` at line 1 column 80`).
    pub fn from_json(bytes: &[u8]) -> Result<Sweep, String> {
        // Read as the type first: serde's message then has the line and column.
        let de = &mut serde_json::Deserializer::from_slice(bytes);
        let sweep = serde_path_to_error::deserialize(de).map_err(path_message)?;
        let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        resources_complete(&value)?;
        Ok(sweep)
    }

    /// [`Sweep::from_json`] of a document already parsed.
    pub fn from_value(value: &serde_json::Value) -> Result<Sweep, String> {
        resources_complete(value)?;
        serde_path_to_error::deserialize(value).map_err(path_message)
    }
}

/// The compiled kernel's resources are flattened into a level, and serde reads a flattened `Option` that
/// fails to parse as absent: a level with `"spills": "abc"` would read as not compiled. A level that
/// carries any of their fields must carry all of them, well formed; the first that does not is named.
#[expect(
    clippy::disallowed_methods,
    reason = "the typed reading's own check: it walks the document serde reads, to name the first level that is not whole"
)]
fn resources_complete(value: &serde_json::Value) -> Result<(), String> {
    let fields = resource_fields();
    let Some(kernels) = value.get("kernels").and_then(|k| k.as_array()) else { return Ok(()) };
    for (i, k) in kernels.iter().enumerate() {
        let levels = k.get("levels").and_then(|l| l.as_array()).map(|l| l.iter().enumerate());
        let all = k
            .get("baseline")
            .map(|b| ("baseline".to_string(), b))
            .into_iter()
            .chain(levels.into_iter().flatten().map(|(j, l)| (format!("levels[{j}]"), l)));
        for (at, level) in all {
            let Some(obj) = level.as_object() else { continue };
            if fields.iter().any(|f| obj.contains_key(*f)) {
                serde_path_to_error::deserialize::<_, wavebudget_model::KernelResources>(level)
                    .map_err(|e| format!("kernels[{i}].{at}: the compiled kernel's resources: {}", path_message(e)))?;
            }
        }
    }
    Ok(())
}

/// `KernelResources`' fields as serde writes them (`tests::resource_fields_are_the_types`).
fn resource_fields() -> &'static [&'static str] {
    &[
        "vgpr_count",
        "agpr_count",
        "sgpr_count",
        "group_segment_fixed_size",
        "private_segment_fixed_size",
        "wavefront_size",
        "max_flat_workgroup_size",
        "reqd_workgroup_size",
        "spills",
        "descriptor",
        "workgroup_processor_mode",
    ]
}

/// One kernel of a module as a sweep would compile it, before any compile (`wavebudget sweep --plan`):
/// what a distributed sweep splits into shards (kernels x levels, the largest first) and merges back.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct PlannedKernel {
    /// Kernel (symbol) name.
    pub name: String,
    /// The processor it would be compiled for (empty: none; `error` says why, and the sweep reports
    /// it as not compiled).
    pub target: String,
    /// The waves targets it would be compiled at, ascending (the baseline comes on top).
    pub levels: Vec<u32>,
    /// Its IR instructions (the kernel's own body): the weight a shard planner balances.
    pub instructions: u64,
    /// Why it would not be compiled, when it would not. In the JSON an object: `kind`, the variant's data,
    /// and `message`.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "tagged")]
    pub error: Option<ProcessorRefusal>,
}

/// Merges the ladders of shards of one module's sweep (each a sweep of some of its kernels at some of
/// their levels, the baseline in exactly one) into the ladder of the whole module, kernels in `plan`'s
/// order, levels ascending: what `sweep` gives on one machine. The target id of the code object (any
/// compiled level's) beats the processor name, as in the one-machine sweep. Errors name the kernel and
/// the level a shard left out or gave twice.
pub fn merge(plan: &[PlannedKernel], shards: &[Sweep]) -> Result<Sweep, MergeError> {
    if let Some(k) = shards.iter().flat_map(|s| s.kernels.iter()).find(|k| !plan.iter().any(|p| p.name == k.name)) {
        return Err(MergeError::NotPlanned { kernel: k.name.clone() });
    }
    let mut out = Vec::with_capacity(plan.len());
    for p in plan {
        let parts: Vec<&KernelLadder> =
            shards.iter().flat_map(|s| s.kernels.iter()).filter(|k| k.name == p.name).collect();
        let mut baseline = None;
        let mut levels: Vec<Level> = Vec::new();
        let mut target = p.target.clone();
        for k in &parts {
            if k.target.contains("--") && !target.contains("--") {
                target = k.target.clone();
            }
            if !matches!(k.baseline.error, Some(LevelError::NoBaseline))
                && baseline.replace(k.baseline.clone()).is_some()
            {
                return Err(MergeError::TwoBaselines { kernel: p.name.clone() });
            }
            levels.extend(k.levels.iter().cloned());
        }
        levels.sort_by_key(|l| l.waves);
        if let Some(w) = levels.windows(2).find(|w| w[0].waves == w[1].waves) {
            return Err(MergeError::TwoLevels { kernel: p.name.clone(), waves: w[0].waves });
        }
        let got: Vec<u32> = levels.iter().filter_map(|l| l.waves).collect();
        if p.error.is_none() && got != p.levels {
            return Err(MergeError::Levels { kernel: p.name.clone(), got, planned: p.levels.clone() });
        }
        let baseline = match (baseline, &p.error) {
            (Some(b), _) => b,
            (None, Some(e)) => {
                let mut b = Level::empty(None, Status::Failed);
                b.error = Some(LevelError::NotCompiled { refusal: e.clone() });
                b
            }
            (None, None) => return Err(MergeError::NoBaseline { kernel: p.name.clone() }),
        };
        if p.error.is_some() {
            target = String::new();
        }
        out.push(KernelLadder { name: p.name.clone(), target, baseline, levels, module: None });
    }
    Ok(Sweep { kernels: out })
}

/// Why the shards of a distributed sweep do not make the planned ladder.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum MergeError {
    /// A shard holds a kernel the plan does not.
    #[error("kernel '{kernel}': a shard compiled it, the plan has no such kernel")]
    NotPlanned {
        /// The kernel.
        kernel: String,
    },
    /// Two shards compiled the kernel's baseline.
    #[error("kernel '{kernel}': two shards compiled its baseline")]
    TwoBaselines {
        /// The kernel.
        kernel: String,
    },
    /// Two shards compiled the same level.
    #[error("kernel '{kernel}': two shards compiled W={waves:?}")]
    TwoLevels {
        /// The kernel.
        kernel: String,
        /// The level.
        waves: Option<u32>,
    },
    /// The shards' levels are not the plan's.
    #[error("kernel '{kernel}': shards gave levels {got:?}, the plan has {planned:?}")]
    Levels {
        /// The kernel.
        kernel: String,
        /// The levels the shards gave.
        got: Vec<u32>,
        /// The plan's.
        planned: Vec<u32>,
    },
    /// No shard compiled the kernel's baseline.
    #[error("kernel '{kernel}': no shard compiled its baseline")]
    NoBaseline {
        /// The kernel.
        kernel: String,
    },
}

wavebudget_model::kind_is_variant!(MergeError);

/// Why a level failed or was not compiled. LLVM's own messages are data ([`LevelError::Llvm`]); what the
/// sweep says itself is a variant, its words only in `Display`.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum LevelError {
    /// LLVM reported errors compiling it (its error diagnostics, then the emit failure), in its words.
    #[error("{}", .messages.join("; "))]
    Llvm {
        /// LLVM's messages, in order.
        messages: Vec<String>,
    },
    /// LLVM wrote a code object the reader refused (the reader's words).
    #[error("reading the code object LLVM wrote: {reason}")]
    CodeObject {
        /// The reader's refusal.
        reason: String,
    },
    /// LLVM gave no AMDGPU target machine for the processor.
    #[error("no AMDGPU target machine for processor '{processor}'")]
    NoTargetMachine {
        /// The processor asked for.
        processor: String,
    },
    /// The kernel has no processor to compile for: nothing was compiled.
    #[error("not compiled: {refusal}")]
    NotCompiled {
        /// Why.
        refusal: ProcessorRefusal,
    },
    /// The baseline of a shard told not to compile it (`sweep --no-baseline`); [`merge`] takes the
    /// baseline from the one shard that compiled it.
    #[error("not compiled: --no-baseline (a shard of a distributed sweep; its baseline is in another)")]
    NoBaseline,
    /// The compile panicked (a defect of ours; the worker caught it and the sweep went on).
    #[error("internal error while compiling")]
    Internal,
    /// LLVM ended the process compiling it (a fatal error such as "Cannot select", or a crash): the
    /// compile ran in a child process, so the sweep (and opt or clang around `mode=auto`) went on.
    #[error("LLVM aborted compiling it: {reason}")]
    Aborted {
        /// LLVM's fatal message, or how the child process ended.
        reason: String,
    },
    /// An error as text, read from a sweep JSON written before errors were typed.
    #[error("{text}")]
    Recorded {
        /// The text.
        text: String,
    },
}

wavebudget_model::kind_is_variant!(LevelError);

/// Why a kernel has no processor the sweep (or `mode=auto`) can compile it for.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum ProcessorRefusal {
    /// Neither `"target-cpu"` nor a target given.
    #[error("no \"target-cpu\" attribute and no target given")]
    NoTarget,
    /// The model refuses the kernel's `"target-cpu"` (unknown, removed, GFX6/7, ...).
    #[error("\"target-cpu\"=\"{cpu}\": {reason}")]
    TargetCpu {
        /// The attribute's value.
        cpu: String,
        /// The model's refusal, in its words.
        reason: String,
    },
    /// `"target-cpu"` is an alias or product name, which LLVM would not take as a processor.
    #[error(
        "\"target-cpu\"=\"{cpu}\" is not a processor name LLVM takes (it means {processor}; give --target {processor})"
    )]
    NotLlvmName {
        /// The attribute's value.
        cpu: String,
        /// The processor it names.
        processor: String,
    },
    /// The LLVM this process runs does not know the processor (it would compile for a generic CPU).
    #[error("LLVM {llvm} does not know the processor '{processor}'")]
    UnknownToLlvm {
        /// The running LLVM's major.
        llvm: u32,
        /// The processor.
        processor: String,
    },
    /// The LLVM this process runs has no AMDGPU target.
    #[error("this LLVM has no AMDGPU target")]
    NoAmdgpuTarget,
}

wavebudget_model::kind_is_variant!(ProcessorRefusal);

/// The JSON form of the typed errors above: the variant's tagged form with its `message` (`Display`)
/// beside it, for people and for readers that only print. Read back from the tagged form (`message` is
/// ignored), or from a plain string (a sweep written before errors were typed) as
/// [`LevelError::Recorded`].
mod tagged {
    use serde::de::{self, DeserializeOwned};
    use serde::{Deserializer, Serialize, Serializer};
    use std::fmt;

    pub fn serialize<T: Serialize + fmt::Display, S: Serializer>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct WithMessage<'a, T> {
            #[serde(flatten)]
            value: &'a T,
            message: String,
        }
        v.as_ref().map(|value| WithMessage { value, message: value.to_string() }).serialize(s)
    }

    /// What a plain string becomes (`None`: a string is refused).
    pub trait FromText: Sized {
        fn from_text(text: String) -> Option<Self>;
    }
    impl FromText for super::LevelError {
        fn from_text(text: String) -> Option<Self> {
            // A shard written before errors were typed said `--no-baseline` in this sentence; `merge`
            // must still know that baseline for one not compiled, not for a second one.
            if text == super::LevelError::NoBaseline.to_string() {
                return Some(super::LevelError::NoBaseline);
            }
            Some(super::LevelError::Recorded { text })
        }
    }
    impl FromText for super::ProcessorRefusal {
        fn from_text(_: String) -> Option<Self> {
            None
        }
    }

    pub fn deserialize<'de, T: DeserializeOwned + FromText, D: Deserializer<'de>>(d: D) -> Result<Option<T>, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: DeserializeOwned + FromText> de::Visitor<'de> for V<T> {
            type Value = Option<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an error object with its `kind`")
            }
            fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
                Ok(None)
            }
            fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
                Ok(None)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
                d.deserialize_any(self)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                T::from_text(v.to_string())
                    .map(Some)
                    .ok_or_else(|| de::Error::invalid_type(de::Unexpected::Str(v), &self))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                T::deserialize(de::value::MapAccessDeserializer::new(map)).map(Some)
            }
        }
        d.deserialize_option(V(std::marker::PhantomData))
    }
}

/// `kernels[0].levels[1]: <what serde says>` (no path for an error at the top).
/// `value` read as `T`, the error naming the path of what is wrong (`code_objects[0].kernels[2]: missing
/// field `name``): the pass's `records=` reads `inspect --json` this way, through the reader crate's
/// `KernelMeta` (the type whose fields the report writes).
pub fn read_typed<T: serde::de::DeserializeOwned>(value: &serde_json::Value) -> Result<T, String> {
    serde_path_to_error::deserialize(value).map_err(path_message)
}

fn path_message(e: serde_path_to_error::Error<serde_json::Error>) -> String {
    let path = e.path().to_string();
    if path == "." {
        e.into_inner().to_string()
    } else {
        format!("{path}: {}", e.into_inner())
    }
}

/// One level of a ladder as `mode=auto` needs it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rung {
    /// The waves target.
    pub waves: u32,
    /// VGPR + SGPR spills (`None`: the level did not compile or was not accepted).
    pub spills: Option<u32>,
    /// LLVM accepts `"amdgpu-waves-per-eu"`=W here (false: the pass did not set it, LLVM would ignore it).
    pub accepted: bool,
    /// The hot loop's instructions (the whole kernel's without a loop), from the level's `isa`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loop_instructions: Option<u32>,
    /// "Occupancy [waves/SIMD]" LLVM reached at this level (`None`: not reported, as in ladders written
    /// before it was kept). Below `waves`, LLVM did not meet the target ("failed to meet occupancy target").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reached: Option<u32>,
    /// The model's predicted seconds per unit of work at this level (`None`: no figures, not compiled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub predicted: Option<f64>,
    /// The model says the level's waves cover its latency.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub covered: Option<bool>,
}

impl Rung {
    /// LLVM met the waves target here: it reached at least W (or did not say).
    pub fn met(&self) -> bool {
        self.reached.is_none_or(|r| r >= self.waves)
    }
}

/// How `tune` and `mode=auto` pick a waves target from a kernel's ladder.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Policy {
    /// Spills (VGPR + SGPR) a chosen level may have.
    pub max_spills: u32,
    /// With `Some(p)`: the hot loop (the whole kernel without a loop) may grow by at most p% over the
    /// unconstrained build's.
    pub max_loop_growth: Option<u32>,
}

/// What [`choose`] picked and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The waves target chosen, if any.
    pub waves: Option<u32>,
    /// Why (one line for people in `Display`).
    pub reason: ChoiceReason,
}

/// Why the policy chose a level, or none.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, thiserror::Error, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum ChoiceReason {
    /// The latency-hiding model's choice among the levels within the spills: the lowest W whose latency
    /// is covered, or (none covered) the fastest predicted.
    #[error("{}; at most {max_spills} spills; predicted {relative:.2}x the fastest level's time", if *covered { "the lowest W whose waves cover the latency (the model)" } else { "no level covers the latency: the fastest predicted (the model)" })]
    Predicted {
        /// `max-spills`.
        max_spills: u32,
        /// The level covers its latency.
        covered: bool,
        /// Its predicted time over the fastest level's.
        relative: f64,
    },
    /// The highest W within the spills (and the hot loop's growth: unconstrained, chosen, the limit in %).
    #[error("the highest W with at most {max_spills} spills{}", growth.map(|(b, x, p)| format!(", hot loop {b} -> {x} instructions (at most +{p}%)")).unwrap_or_default())]
    Highest {
        /// `max-spills`.
        max_spills: u32,
        /// The hot loop's instructions unconstrained and at the level, and the growth allowed.
        growth: Option<(u32, u32, u32)>,
    },
    /// Levels within the spills, none within the hot loop's growth.
    #[error("no level within max-spills={max_spills} keeps the hot loop within +{max_growth}% of the unconstrained build's {}", base.map_or("-".to_string(), |b| b.to_string()))]
    LoopGrowth {
        /// `max-spills`.
        max_spills: u32,
        /// `max-loop-growth`.
        max_growth: u32,
        /// The unconstrained build's hot loop, where known.
        base: Option<u32>,
    },
    /// Every level spills more than allowed: the one with the fewest, fewer than unconstrained.
    #[error("every level spills more than {max_spills}; the fewest spills: {spills} at W={waves}{} (unconstrained: {unconstrained})", reached.map(|r| format!(", where LLVM reaches {r} waves/SIMD")).unwrap_or_default())]
    FewestSpills {
        /// The occupancy LLVM reaches at that level, where below its W (not met).
        reached: Option<u32>,
        /// `max-spills`.
        max_spills: u32,
        /// Its spills.
        spills: u32,
        /// Its W.
        waves: u32,
        /// The unconstrained build's.
        unconstrained: u32,
    },
    /// Every level spills more than allowed and no fewer than unconstrained.
    #[error("every level that compiled spills more than max-spills={max_spills} (fewest: {spills} at W={waves}), and no fewer than the unconstrained build ({})", unconstrained.map_or("-".to_string(), |b| b.to_string()))]
    TooManySpills {
        /// `max-spills`.
        max_spills: u32,
        /// The fewest.
        spills: u32,
        /// At W.
        waves: u32,
        /// The unconstrained build's, where it compiled.
        unconstrained: Option<u32>,
    },
    /// Levels compiled, and LLVM met none of their waves targets.
    #[error("LLVM met no level's waves target (\"failed to meet occupancy target\"){}", reached.map(|r| format!("; the most it reached is {r} waves/SIMD")).unwrap_or_default())]
    NoneMet {
        /// The highest occupancy any compiled level reached.
        reached: Option<u32>,
    },
    /// No level compiled.
    #[error("no level compiled")]
    NoneCompiled,
}

wavebudget_model::kind_is_variant!(ChoiceReason);

/// [`choose_rungs`] on a sweep's ladder.
pub fn choose(ladder: &KernelLadder, policy: &Policy) -> Choice {
    let rungs: Vec<_> = ladder.levels.iter().filter(|l| l.waves.is_some()).map(Level::rung).collect();
    choose_rungs(Some(&ladder.baseline.rung()), &rungs, policy)
}

/// The policy `tune` and `mode=auto` share. Where every level that compiled within the spills has a
/// prediction from the latency-hiding model: the lowest W whose latency the model says is covered (more
/// waves than that buy nothing and cost registers; the higher W predicted exactly as fast, the same code,
/// is written for it), else the fastest predicted (ties: the higher W).
/// Otherwise, by spills alone: the highest waves target among compiled levels that LLVM met
/// (the occupancy it reached is at least W: a level where LLVM says "failed to meet occupancy target" is
/// not a level reached, and is never chosen as the highest) with at most `max_spills` spills (and, with
/// `max_loop_growth`, a hot loop within that growth over the unconstrained build's). When every level
/// spills more, the level with the fewest spills if it has fewer than the unconstrained build (ties: the
/// lower W; a level not met may win here, at the occupancy it reached), else none.
pub fn choose_rungs(baseline: Option<&Rung>, rungs: &[Rung], policy: &Policy) -> Choice {
    let all_compiled = || rungs.iter().filter(|r| r.accepted && r.spills.is_some());
    let compiled = || all_compiled().filter(|r| r.met());
    let base_loop = baseline.and_then(|b| b.loop_instructions);
    let within_growth = |r: &Rung| match (policy.max_loop_growth, base_loop, r.loop_instructions) {
        (None, _, _) => true,
        (Some(p), Some(b), Some(x)) => u64::from(x) * 100 <= u64::from(b) * (100 + u64::from(p)),
        (Some(_), _, _) => false,
    };
    let pool: Vec<&Rung> =
        compiled().filter(|r| r.spills.is_some_and(|s| s <= policy.max_spills) && within_growth(r)).collect();
    if !pool.is_empty() && pool.iter().all(|r| r.predicted.is_some()) {
        let time = |r: &Rung| r.predicted.unwrap_or(f64::INFINITY);
        let fastest = pool.iter().map(|r| time(r)).fold(f64::INFINITY, f64::min);
        // The lowest covered W; levels predicted exactly as fast (the same code: LLVM met the lower target
        // with the registers of the higher) are one choice, written as the highest of them.
        let covered = pool.iter().filter(|r| r.covered == Some(true)).min_by_key(|r| r.waves).map(|low| {
            let same = |r: &&&Rung| (time(r) - time(low)).abs() <= 1e-9 * time(low);
            *pool.iter().filter(|r| r.covered == Some(true)).filter(same).max_by_key(|r| r.waves).unwrap_or(low)
        });
        let (r, covered) = match covered {
            Some(r) => (r, true),
            None => (
                *pool.iter().min_by(|a, b| time(a).total_cmp(&time(b)).then(b.waves.cmp(&a.waves))).expect("not empty"),
                false,
            ),
        };
        return Choice {
            waves: Some(r.waves),
            reason: ChoiceReason::Predicted { max_spills: policy.max_spills, covered, relative: time(r) / fastest },
        };
    }
    let best = pool.iter().max_by_key(|r| r.waves).copied();
    if let Some(r) = best {
        let growth = match (policy.max_loop_growth, base_loop, r.loop_instructions) {
            (Some(p), Some(b), Some(x)) => Some((b, x, p)),
            _ => None,
        };
        return Choice {
            waves: Some(r.waves),
            reason: ChoiceReason::Highest { max_spills: policy.max_spills, growth },
        };
    }
    if compiled().any(|r| r.spills.is_some_and(|s| s <= policy.max_spills)) {
        return Choice {
            waves: None,
            reason: ChoiceReason::LoopGrowth {
                max_spills: policy.max_spills,
                max_growth: policy.max_loop_growth.unwrap_or(0),
                base: base_loop,
            },
        };
    }
    // Every level spills more than allowed: the fewest spills, if fewer than without a target (a level LLVM
    // did not meet counts here: the attribute still changes what the allocator does, at the occupancy the
    // level reached).
    let fewest = all_compiled().filter_map(|r| Some((r.spills?, r.waves))).min();
    let not_met_at = |w: u32| rungs.iter().find(|r| r.waves == w).filter(|r| !r.met()).and_then(|r| r.reached);
    match (fewest, baseline.and_then(|b| b.spills)) {
        (Some((s, w)), Some(b)) if s < b => Choice {
            waves: Some(w),
            reason: ChoiceReason::FewestSpills {
                max_spills: policy.max_spills,
                spills: s,
                waves: w,
                unconstrained: b,
                reached: not_met_at(w),
            },
        },
        (Some(_), _) if compiled().next().is_none() => Choice {
            waves: None,
            reason: ChoiceReason::NoneMet { reached: all_compiled().filter_map(|r| r.reached).max() },
        },
        (Some((s, w)), b) => Choice {
            waves: None,
            reason: ChoiceReason::TooManySpills {
                max_spills: policy.max_spills,
                spills: s,
                waves: w,
                unconstrained: b,
            },
        },
        (None, _) => Choice { waves: None, reason: ChoiceReason::NoneCompiled },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn predicted_rung(waves: u32, spills: u32, predicted: f64, covered: bool) -> Rung {
        Rung {
            waves,
            spills: Some(spills),
            accepted: true,
            loop_instructions: None,
            reached: None,
            predicted: Some(predicted),
            covered: Some(covered),
        }
    }

    /// With predictions: the lowest covered W (raised to the highest W predicted exactly as fast), else
    /// the fastest; levels over max-spills are not candidates however fast they are predicted.
    #[test]
    fn the_model_picks_the_lowest_covered_level() {
        let p = Policy::default();
        let ladder = [
            predicted_rung(1, 0, 2.0, false),
            predicted_rung(2, 0, 1.0, true),
            predicted_rung(3, 0, 1.0, true),
            predicted_rung(4, 0, 0.9, true),
        ];
        let c = choose_rungs(None, &ladder, &p);
        assert_eq!(c.waves, Some(3));
        assert!(matches!(c.reason, ChoiceReason::Predicted { covered: true, .. }), "{:?}", c.reason);
        let none_covered =
            [predicted_rung(1, 0, 2.0, false), predicted_rung(2, 0, 1.5, false), predicted_rung(3, 0, 1.5, false)];
        let c = choose_rungs(None, &none_covered, &p);
        assert_eq!(c.waves, Some(3));
        assert!(matches!(c.reason, ChoiceReason::Predicted { covered: false, .. }));
        let spilling = [predicted_rung(1, 0, 2.0, false), predicted_rung(2, 5, 1.0, true)];
        assert_eq!(choose_rungs(None, &spilling, &p).waves, Some(1));
        assert_eq!(choose_rungs(None, &spilling, &Policy { max_spills: 5, max_loop_growth: None }).waves, Some(2));
        // One level without a prediction: the spills-only policy, the highest W.
        let mixed = [
            predicted_rung(1, 0, 2.0, true),
            Rung { predicted: None, covered: None, ..predicted_rung(2, 0, 0.0, false) },
        ];
        assert_eq!(choose_rungs(None, &mixed, &p).waves, Some(2));
    }

    /// The fields `resources_complete` looks for are the ones a `KernelResources` is written with (a
    /// field added to the type without the list would let a malformed one read as "not compiled").
    #[test]
    fn resource_fields_are_the_types() {
        let r = wavebudget_model::KernelResources {
            vgpr_count: 0,
            agpr_count: 0,
            sgpr_count: 0,
            group_segment_fixed_size: 0,
            private_segment_fixed_size: 0,
            wavefront_size: 64,
            max_flat_workgroup_size: 256,
            reqd_workgroup_size: None,
            spills: 0,
            descriptor: None,
            workgroup_processor_mode: Some(false),
        };
        let json = serde_json::to_value(r).unwrap();
        let mut written: Vec<&str> = json.as_object().unwrap().keys().map(String::as_str).collect();
        written.sort_unstable();
        let mut listed = resource_fields().to_vec();
        listed.sort_unstable();
        assert_eq!(written, listed);
    }

    fn rung(waves: u32, spills: Option<u32>, loop_instructions: Option<u32>) -> Rung {
        Rung { waves, spills, accepted: true, loop_instructions, reached: None, predicted: None, covered: None }
    }

    /// A level LLVM did not meet (it reached fewer waves than W) is not chosen, however few its spills:
    /// the shape of a kernel whose inline asm names v200 (llc-22 reaches 2 waves at every W from 2).
    #[test]
    fn a_level_not_met_is_not_chosen() {
        let base = Rung { reached: Some(2), ..rung(0, Some(0), None) };
        let ladder: Vec<Rung> =
            (1..=8).map(|w| Rung { reached: Some(if w == 1 { 1 } else { 2 }), ..rung(w, Some(0), None) }).collect();
        let c = choose_rungs(Some(&base), &ladder, &Policy::default());
        assert_eq!(c.waves, Some(2), "{}", c.reason);
        // Granules that skip a step: W=3 reaching 4 is met.
        let skip =
            [Rung { reached: Some(4), ..rung(3, Some(0), None) }, Rung { reached: Some(3), ..rung(4, Some(0), None) }];
        assert_eq!(choose_rungs(Some(&base), &skip, &Policy::default()).waves, Some(3));
        // None met: none chosen, and the reason says what was reached.
        let none = [Rung { reached: Some(1), ..rung(2, Some(0), None) }];
        let c = choose_rungs(Some(&base), &none, &Policy::default());
        assert_eq!((c.waves, c.reason.kind()), (None, "none_met"));
        assert!(c.reason.to_string().contains("the most it reached is 1"), "{}", c.reason);
    }

    /// The policy as documented: the highest W within max-spills (and the loop growth); else the fewest
    /// spills if fewer than the unconstrained build's; levels not accepted or not compiled never chosen.
    #[test]
    fn the_policy_picks_as_documented() {
        let base = rung(0, Some(0), Some(100));
        let ladder = [rung(1, Some(0), Some(100)), rung(2, Some(0), Some(108)), rung(3, Some(4), Some(130))];
        let pick = |max_spills, max_loop_growth, rungs: &[Rung], base: &Rung| {
            choose_rungs(Some(base), rungs, &Policy { max_spills, max_loop_growth }).waves
        };
        assert_eq!(pick(0, None, &ladder, &base), Some(2));
        assert_eq!(pick(4, None, &ladder, &base), Some(3));
        // +8% allowed: W=2's 108 instructions are in, W=3's 130 not.
        assert_eq!(pick(10, Some(8), &ladder, &base), Some(2));
        assert_eq!(pick(10, Some(7), &ladder, &base), Some(1));
        // Every level spills: the fewest, if fewer than unconstrained.
        let spilling = [rung(1, Some(9), None), rung(2, Some(5), None), rung(3, Some(5), None)];
        assert_eq!(pick(0, None, &spilling, &rung(0, Some(7), None)), Some(2));
        assert_eq!(pick(0, None, &spilling, &rung(0, Some(5), None)), None);
        // Not accepted or not compiled: never chosen.
        let odd = [Rung { accepted: false, ..rung(4, Some(0), None) }, rung(3, None, None), rung(2, Some(0), None)];
        assert_eq!(pick(0, None, &odd, &base), Some(2));
        assert_eq!(choose_rungs(None, &[], &Policy::default()).reason, ChoiceReason::NoneCompiled);
    }

    /// `Status::as_str` is serde's spelling (the report prints one, the JSON the other).
    #[test]
    fn a_status_reads_as_its_json() {
        for s in [Status::Ok, Status::Failed, Status::NotAccepted] {
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
    }

    /// A level's rung: the spill sum only when it compiled; waves 0 for the baseline.
    #[test]
    fn a_level_weighs_as_its_status_says() {
        let mut l = Level::empty(Some(3), Status::Ok);
        l.vgpr_spill_count = Some(u32::MAX);
        l.sgpr_spill_count = Some(2);
        l.waves_per_simd = Some(2);
        assert_eq!(
            l.rung(),
            Rung {
                waves: 3,
                spills: Some(u32::MAX),
                accepted: true,
                loop_instructions: None,
                reached: Some(2),
                predicted: None,
                covered: None
            }
        );
        assert!(!l.rung().met());
        l.status = Status::Failed;
        assert_eq!(l.rung().spills, None);
        l.status = Status::NotAccepted;
        assert!(!l.rung().accepted);
        assert_eq!(Level::empty(None, Status::Ok).rung().waves, 0);
    }

    /// A baseline with only its status has no resources (no count taken by default); one with every
    /// resource field has them; a truncated document is named by where it stops.
    #[test]
    fn partial_levels_read_as_what_they_hold() {
        let s = Sweep::from_json(
            br#"{"kernels": [{"name": "k", "target": "gfx942", "baseline": {"status": "ok"}, "levels": []}]}"#,
        )
        .unwrap();
        assert_eq!(s.kernels[0].baseline.resources, None);
        let full = br#"{"kernels": [{"name": "k", "target": "gfx942", "levels": [], "baseline": {"status": "ok",
            "vgpr_count": 40, "agpr_count": 0, "sgpr_count": 20, "group_segment_fixed_size": 0,
            "private_segment_fixed_size": 0, "wavefront_size": 64, "max_flat_workgroup_size": 256, "spills": 0}}]}"#;
        let s = Sweep::from_json(full).unwrap();
        assert_eq!(s.kernels[0].baseline.resources.map(|r| r.vgpr_count), Some(40));
        let e = Sweep::from_json(br#"{"kernels": [{"name": "k""#).unwrap_err();
        assert!(e.starts_with("kernels[0]") && e.contains("EOF"), "{e}");
    }

    /// Errors are written as their variant (`kind` and data) with the message beside it, and read back
    /// to the same variant; a plain string (a sweep written before errors were typed) reads as
    /// `Recorded`, and a planned kernel's refusal must be an object.
    #[test]
    fn errors_round_trip_through_the_json() {
        let errors = [
            LevelError::Llvm { messages: vec!["a".into(), "b".into()] },
            LevelError::CodeObject { reason: "r".into() },
            LevelError::NoTargetMachine { processor: "gfx942".into() },
            LevelError::NotCompiled {
                refusal: ProcessorRefusal::UnknownToLlvm { llvm: 15, processor: "gfx942".into() },
            },
            LevelError::NotCompiled { refusal: ProcessorRefusal::NoTarget },
            LevelError::NoBaseline,
            LevelError::Internal,
            LevelError::Aborted { reason: "Cannot select: intrinsic %llvm.amdgcn.mfma.f32.32x32x1f32".into() },
            LevelError::Recorded { text: "old".into() },
        ];
        for e in errors {
            let mut l = Level::empty(Some(2), Status::Failed);
            l.error = Some(e.clone());
            let json = serde_json::to_value(&l).unwrap();
            assert_eq!(json["error"]["kind"], e.kind(), "{json}");
            assert_eq!(json["error"]["message"], e.to_string(), "{json}");
            let back: Level = serde_json::from_value(json.clone()).unwrap();
            assert_eq!(back.error.as_ref(), Some(&e), "{json}");
        }
        let nested =
            serde_json::to_value(LevelError::NotCompiled { refusal: ProcessorRefusal::NoAmdgpuTarget }).unwrap();
        assert_eq!(nested["refusal"]["kind"], "no_amdgpu_target");
        // A shard's skipped baseline as the sweep wrote it before (a string): still the skipped baseline.
        let old_shard = serde_json::json!({"status": "failed", "error":
            "not compiled: --no-baseline (a shard of a distributed sweep; its baseline is in another)"});
        let back: Level = serde_json::from_value(old_shard).unwrap();
        assert_eq!(back.error, Some(LevelError::NoBaseline));
        let old = serde_json::json!({"waves": 3, "status": "failed", "error": "LLVM ERROR: x"});
        let back: Level = serde_json::from_value(old).unwrap();
        assert_eq!(back.error, Some(LevelError::Recorded { text: "LLVM ERROR: x".into() }));
        let none: Level = serde_json::from_value(serde_json::json!({"status": "ok", "error": null})).unwrap();
        assert_eq!(none.error, None);
        let plan = serde_json::json!({"name": "k", "target": "", "levels": [], "instructions": 1, "error": "x"});
        let e = serde_json::from_value::<PlannedKernel>(plan).unwrap_err().to_string();
        assert!(e.contains("an error object with its `kind`"), "{e}");
        let bad = serde_json::json!({"status": "failed", "error": {"kind": "nonsense"}});
        let e = serde_json::from_value::<Level>(bad).unwrap_err().to_string();
        assert!(e.contains("unknown variant `nonsense`"), "{e}");
    }
}
