//! Misuses of the questions every door asks (the CLI's flags, Python's arguments, the report's request):
//! counts that do not go together, a launch an NVIDIA question cannot take, an output over an input.
//! Declared once; the CLI's `UsageError` and the report's error carry them, with these kinds.

use wavebudget_model::text::Arg;
use wavebudget_model::Vgprs;

/// A misuse shared by several doors; the English only in `Display`, [`Misuse::kind`] its name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum Misuse {
    /// An NVIDIA block size that is not one whole number of threads (a range; 0 is the model's refusal).
    #[error("{} '{value}': an NVIDIA block size is one whole number of threads, at least 1", Arg("wg-size"))]
    BlockSize {
        /// What was given.
        value: String,
    },
    /// No block size for an NVIDIA question.
    #[error("give the block size: {} N (threads per block)", Arg("wg-size"))]
    NoBlockSize,
    /// No registers per thread for an NVIDIA question.
    #[error("{}", if *.configuration { format!("one NVIDIA configuration needs {} N", Arg("regs")) } else { format!("give {} (registers per thread)", Arg("regs")) })]
    NoRegs {
        /// Asked for the report's one configuration.
        configuration: bool,
    },
    /// A `--preset` the generic form does not have.
    #[error("unknown {} '{name}' (presets: {})", Arg("preset"), wavebudget_model::generic::PRESETS.iter().map(|p| p.name).collect::<Vec<_>>().join(", "))]
    UnknownPreset {
        /// What was given.
        name: String,
    },
    /// `--target generic` without the register file's shape.
    #[error(
        "{} generic needs {}, {} and {} (or {})",
        Arg("target"),
        Arg("register-file-bytes"),
        Arg("wave-width"),
        Arg("register-bytes"),
        Arg("preset")
    )]
    GenericIncomplete,
    /// `--all` for a generic register file whose cap lets more levels fit than a budget lists.
    #[error("{} would list {levels} levels; at most {max}: give {} W", Arg("all"), Arg("waves"))]
    TooManyLevels {
        /// The levels that fit.
        levels: u64,
        /// The most listed.
        max: u64,
    },
    /// A sweep's waves targets that are not a range, a list or a number, each from 1 to the most any AMD
    /// processor runs ([`sweep_levels`]).
    #[error(
        "{} '{value}': want a range (1..8), a list (2,4,6) or a number, each from 1 to {}",
        Arg("waves"),
        wavebudget_model::targets::MAX_WAVES_PER_EU_ANY
    )]
    WavesSpec {
        /// What was given.
        value: String,
    },
    /// A launch size given as text that is not `N` or `MIN,MAX` ([`workgroup_text`]).
    #[error("{} '{value}': expected N or MIN,MAX (whole numbers)", Arg("wg-size"))]
    WgSize {
        /// What was given.
        value: String,
    },
    /// A budget asked for no level: neither `--waves` nor `--all`.
    #[error("give {} W or {}", Arg("waves"), Arg("all"))]
    NoWaves,
    /// A budget asked for one level and for every level.
    #[error("give {} W or {}, not both", Arg("waves"), Arg("all"))]
    WavesAndAll,
    /// No registers per lane for the generic form.
    #[error("{} (registers per lane) is required", Arg("vgprs"))]
    GenericNoVgprs,
    /// `--vgpr-count` with `--vgprs` or `--agprs`.
    #[error("give either {} or {}/{}, not both", Arg("vgpr-count"), Arg("vgprs"), Arg("agprs"))]
    VgprCountAndSplit,
    /// `--agprs` without `--vgprs`.
    #[error("{} needs {} (architectural VGPRs)", Arg("agprs"), Arg("vgprs"))]
    AgprsWithoutVgprs,
    /// No VGPR count at all.
    #[error("{} {} N (or {} N)", if *.configuration { "one configuration needs" } else { "give" }, Arg("vgprs"), Arg("vgpr-count"))]
    NoVgprs {
        /// Asked for the report's one configuration.
        configuration: bool,
    },
    /// A dynamic shared memory limit that is neither bytes nor `max`.
    #[error(
        "{} '{value}': bytes, or max (the device's opt-in maximum less the static shared memory)",
        Arg("max-dynamic-shared-mem")
    )]
    MaxDynamicValue {
        /// As given.
        value: String,
    },
    /// A device of no compute units (`--cus 0`, `cus=0`).
    #[error("{} 0: a device has at least one compute unit", Arg("cus"))]
    Cus,
    /// A device question without a device; `give` spells the ways to give one as the door takes them.
    #[error("give the device: {give}")]
    NoDevice {
        /// `--device PROCESSOR or --kfd-root DIR`, `device=PROCESSOR or kfd_root=DIR`.
        give: &'static str,
    },
    /// An NVIDIA budget without one of the warps or blocks per SM to reach (or with both); `give` spells
    /// them as the door does ([`crate::nvidia::Levels::from_given`]).
    #[error("give one of {give}")]
    NoNvidiaWant {
        /// `--warps-per-sm W, --blocks-per-sm N or --all`, `warps_per_sm or blocks_per_sm`, C's.
        give: &'static str,
    },
    /// A dynamic-VGPR block (`--dvgpr-block`) where it cannot apply: `why`.
    #[error("{} {value}: {why}", Arg("dvgpr-block"))]
    DvgprBlock {
        /// As given.
        value: u32,
        /// Why it does not apply.
        why: &'static str,
    },
    /// An output that is one of the inputs.
    #[error("{} {output}: is the input {input}; wavebudget never writes over an input", Arg("output"))]
    OutputIsInput {
        /// The output as given.
        output: String,
        /// The input it is.
        input: String,
    },
}

wavebudget_model::kind_is_variant!(Misuse);

/// A kernel's VGPRs from the three ways of giving them: `--vgprs` (architectural) with `--agprs`, or
/// `--vgpr-count` (the unified total); `configuration`: asked for the report's one configuration.
pub fn vgprs(
    vgprs: Option<u32>,
    agprs: Option<u32>,
    vgpr_count: Option<u32>,
    configuration: bool,
) -> Result<Vgprs, Misuse> {
    match (vgprs, agprs, vgpr_count) {
        (None, None, Some(total)) => Ok(Vgprs::Total(total)),
        (Some(_), _, Some(_)) | (_, Some(_), Some(_)) => Err(Misuse::VgprCountAndSplit),
        (Some(arch), agpr, None) => Ok(Vgprs::Split { arch, agpr: agpr.unwrap_or(0) }),
        (None, Some(_), None) => Err(Misuse::AgprsWithoutVgprs),
        (None, None, None) => Err(Misuse::NoVgprs { configuration }),
    }
}

/// An NVIDIA block: one size of at least one thread; `given`: the launch size as the user spelled it.
pub fn block(wg: Option<wavebudget_model::WorkgroupSize>, given: impl FnOnce() -> String) -> Result<u32, Misuse> {
    match wg {
        None => Err(Misuse::NoBlockSize),
        // 0 is the model's to refuse (`NvRefusal::ZeroBlock`), as Python's and C's block of 0 is.
        Some(w) if w.min == w.max => Ok(w.max),
        Some(_) => Err(Misuse::BlockSize { value: given() }),
    }
}

/// A dynamic shared memory limit's text as every door reads it first (`--max-dynamic-shared-mem -1`,
/// Python's `max_dynamic_shared_mem="-1"`): a number is a count by the one rule (`-0` and `+1000` are 0 and
/// 1000; a negative one, or one over 32 bits, is refused as a count, `arg` named); the rest (`max`, or what is
/// neither) is kept for [`max_dynamic`].
pub fn max_dynamic_text(arg: &str, text: &str) -> Result<String, wavebudget_model::text::NotACount> {
    use wavebudget_model::text::{count_from_text, NotACount};
    match count_from_text(arg, text) {
        Ok(n) => Ok(n.to_string()),
        Err(NotACount::NotWhole { .. }) => Ok(text.to_string()),
        Err(e) => Err(e),
    }
}

/// A dynamic shared memory limit as every door takes it, as text (`--max-dynamic-shared-mem`, Python's
/// `max_dynamic_shared_mem`, a whole number given as its digits): bytes or `max`, else refused.
pub fn max_dynamic(value: Option<&str>) -> Result<Option<crate::inspect::MaxDynamic>, Misuse> {
    value
        .map(|v| crate::inspect::MaxDynamic::parse(v).ok_or_else(|| Misuse::MaxDynamicValue { value: v.to_string() }))
        .transpose()
}

/// A sweep's waves targets, as the CLI's `--waves` and Python's `sweep(waves=)` give them: a range
/// (`1..8`, `1..=8`), a list (`2,4,6`) or a number, each from 1 to the most any AMD processor runs;
/// sorted, without repeats.
pub fn sweep_levels(text: &str) -> Result<Vec<u32>, Misuse> {
    let bad = || Misuse::WavesSpec { value: text.to_string() };
    let num = |t: &str| {
        t.trim()
            .parse::<u32>()
            .ok()
            .filter(|w| (1..=wavebudget_model::targets::MAX_WAVES_PER_EU_ANY).contains(w))
            .ok_or_else(bad)
    };
    let mut v: Vec<u32> = if let Some((a, b)) = text.split_once("..") {
        let (a, b) = (num(a)?, num(b.trim_start_matches('='))?);
        if a > b {
            return Err(bad());
        }
        (a..=b).collect()
    } else {
        text.split(',').map(num).collect::<Result<_, _>>()?
    };
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

/// Why a launch size's text is refused ([`workgroup_text`]): a size that is a number but no count, in the
/// count's words, or text that is not `N` or `MIN,MAX`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum WorkgroupTextError {
    /// A size that is no count (negative, over 32 bits).
    #[error(transparent)]
    Count(#[from] wavebudget_model::text::NotACount),
    /// Not `N` or `MIN,MAX`.
    #[error(transparent)]
    Misuse(#[from] Misuse),
}

/// A launch size given as text, as every door that takes one as text reads it (the CLI's `--wg-size`,
/// Python's `sweep(wg_size="64,256")`): `N` or `MIN,MAX`, each size a count by the one rule (a negative
/// one, or one over 32 bits, refused as a count); not yet held to a launch's bounds.
pub fn workgroup_text(text: &str) -> Result<wavebudget_model::WorkgroupSize, WorkgroupTextError> {
    use wavebudget_model::text::{count_from_text, NotACount};
    let num = |x: &str| {
        count_from_text(&Arg("wg-size").to_string(), x.trim()).map_err(|e| match e {
            NotACount::NotWhole { .. } => WorkgroupTextError::Misuse(Misuse::WgSize { value: text.to_string() }),
            e => WorkgroupTextError::Count(e),
        })
    };
    Ok(match text.split_once(',') {
        Some((a, b)) => wavebudget_model::WorkgroupSize { min: num(a)?, max: num(b)? },
        None => wavebudget_model::WorkgroupSize::fixed(num(text)?),
    })
}
