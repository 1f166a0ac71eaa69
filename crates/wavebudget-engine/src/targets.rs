//! Every processor the model knows, with its parameters: what `wavebudget targets` and Python's
//! `targets()` list.

use serde::Serialize;
use wavebudget_model::targets::{AgprFile, PROCESSORS};
use wavebudget_model::{Options, Subtarget, TargetId};

use crate::{Error, Result};

/// Whether a target list names nothing (empty, or only commas and spaces): [`Error::EmptyTarget`] in every
/// door, where the list is read.
pub fn names_nothing(list: &str) -> bool {
    list.split(',').all(|n| n.trim().is_empty())
}

/// The subtargets of a comma-separated target list (`gfx942,MI300X`; spaces around names ignored) with
/// `options`: how every door reads a target list.
pub fn subtargets(list: &str, options: Options) -> Result<Vec<Subtarget>> {
    if names_nothing(list) {
        return Err(Error::EmptyTarget);
    }
    let names: Vec<&str> = list.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    // An NVIDIA name here is a request this door does not answer: say where it is answered.
    if let Some(n) = names.iter().find(|n| wavebudget_model::nvidia::parse_target(n).is_some()) {
        if wavebudget_model::target_id_of(n).is_none() {
            return Err(Error::NvidiaTargetHere { name: n.to_string() });
        }
    }
    Ok(names.iter().map(|n| wavebudget_model::subtarget(n, options)).collect::<Result<_, _>>()?)
}

/// The NVIDIA target a target list names, if it names one (`sm_90`, `H100`): how every door tells an NVIDIA
/// request from an AMD one. A name that looks NVIDIA's (`sm_`, `compute_`, `nvidia`) but is not modelled,
/// or a list with an NVIDIA target among others, is refused; so is a list that names nothing (empty, or
/// only commas and spaces), in every door's words ([`Error::EmptyTarget`], as [`subtargets`] refuses it).
pub fn nvidia_target(list: &str) -> Result<Option<wavebudget_model::nvidia::Target>> {
    use wavebudget_model::nvidia;
    if names_nothing(list) {
        return Err(Error::EmptyTarget);
    }
    let names: Vec<&str> = list.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    let found: Vec<Option<nvidia::Target>> = names.iter().map(|n| nvidia::parse_target(n)).collect();
    if !names.iter().zip(&found).any(|(n, t)| t.is_some() || nvidia::looks_nvidia(n)) {
        return Ok(None);
    }
    if names.len() != 1 {
        return Err(Error::NvidiaTargetList { list: list.to_string() });
    }
    match found[0] {
        Some(t) => Ok(Some(t)),
        None => Err(Error::UnknownNvidiaTarget {
            name: names[0].to_string(),
            known: nvidia::ARCHS.iter().map(|a| a.name).collect::<Vec<_>>().join(", "),
        }),
    }
}

/// The NVIDIA target `name` names, where only an NVIDIA target is answered (Python's `wavebudget.nvidia`,
/// the C API's `wb_nv_*`): [`nvidia_target`]'s reading, and an AMD or unknown name refused.
pub fn nvidia_only(name: &str) -> Result<wavebudget_model::nvidia::Target> {
    nvidia_target(name)?.ok_or_else(|| Error::NotNvidiaTarget { name: name.to_string() })
}

/// One row of `wavebudget targets`.
#[derive(Debug, Serialize)]
pub struct TargetRow {
    /// The processor (`gfx942`).
    pub name: &'static str,
    /// Its generation (`GFX9`, ...).
    pub generation: &'static str,
    /// LLVM's family name.
    pub family: &'static str,
    /// A generic processor (`gfx9-generic`, ...).
    pub generic: bool,
    /// Wave sizes it runs.
    pub wave_sizes: &'static [u32],
    /// The wave size LLVM compiles for by default.
    pub default_wave_size: u32,
    /// Waves per SIMD at most.
    pub max_waves_per_simd: u32,
    /// SIMDs per CU.
    pub simds_per_cu: u32,
    /// Whether it has the WGP/CU mode switch.
    pub wgp_mode: bool,
    /// VGPRs per SIMD lane at the default wave size.
    pub vgprs_total: u32,
    /// Their allocation granule.
    pub vgpr_granule: u32,
    /// VGPRs one wave can address.
    pub vgprs_addressable: u32,
    /// VGPRs per lane in wave64 on a wave32 processor.
    pub vgprs_total_wave64: Option<u32>,
    /// Their granule in wave64.
    pub vgpr_granule_wave64: Option<u32>,
    /// Its AGPR file.
    pub agprs: AgprFile,
    /// Whether SGPRs limit occupancy.
    pub sgprs_limit_occupancy: bool,
    /// LDS bytes a workgroup can allocate.
    pub lds_per_workgroup: u32,
    /// LDS bytes per CU.
    pub lds_per_cu: u32,
    /// LDS allocation granule in bytes.
    pub lds_granule: u32,
    /// Whether it has dynamic VGPRs.
    pub dynamic_vgpr: bool,
    /// Whether it takes the xnack feature.
    pub xnack: bool,
    /// Whether it takes the sramecc feature.
    pub sramecc: bool,
    /// Product names that resolve to it.
    pub products: &'static [&'static str],
}

/// Every processor LLVM 22 knows that the model covers, in the model's order.
pub fn rows() -> Vec<TargetRow> {
    PROCESSORS
        .iter()
        .filter_map(|p| {
            let id = TargetId { processor: p, xnack: None, sramecc: None };
            let st = Subtarget::new(id, Options::default()).ok()?;
            let w64 = (p.default_wave_size() == 32 && p.wave_sizes().contains(&64))
                .then(|| Subtarget::new(id, Options { wave_size: Some(64), ..Options::default() }).ok())
                .flatten();
            Some(TargetRow {
                name: p.name,
                generation: p.generation.label(),
                family: p.family,
                generic: p.generic,
                wave_sizes: p.wave_sizes(),
                default_wave_size: p.default_wave_size(),
                max_waves_per_simd: st.max_waves(),
                simds_per_cu: st.eus_per_cu(),
                wgp_mode: p.has_wgp_mode(),
                vgprs_total: st.vgpr().total,
                vgpr_granule: st.vgpr().granule,
                vgprs_addressable: st.vgpr().addressable,
                vgprs_total_wave64: w64.map(|s| s.vgpr().total),
                vgpr_granule_wave64: w64.map(|s| s.vgpr().granule),
                agprs: p.agpr_file,
                sgprs_limit_occupancy: p.sgprs_limit_occupancy(),
                lds_per_workgroup: p.lds_per_workgroup,
                lds_per_cu: st.lds_per_cu(),
                lds_granule: p.lds_granule,
                dynamic_vgpr: p.dynamic_vgpr,
                xnack: p.xnack,
                sramecc: p.sramecc,
                products: p.products,
            })
        })
        .collect()
}

/// `targets --nvidia` and Python's `nvidia.targets()`: every compute capability the NVIDIA model has (its
/// table's figures and those derived from them), and the products by name.
#[derive(Debug, Clone, Serialize)]
pub struct NvidiaTargets {
    /// The architectures, in the model's order.
    pub archs: Vec<NvidiaArchRow>,
    /// The products, with their SM counts and sources.
    pub products: &'static [wavebudget_model::nvidia::Product],
}

/// One compute capability with the figures derived from its table.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct NvidiaArchRow {
    /// The table's row.
    #[serde(flatten)]
    pub arch: &'static wavebudget_model::nvidia::Arch,
    /// Warps per SM at most.
    pub max_warps_per_sm: u32,
    /// Shared memory a block may opt in to.
    pub shared_mem_per_block_optin: u32,
    /// The shared memory allocation granule.
    pub shared_mem_granule: u32,
}

/// Every NVIDIA architecture and product the model knows: the one list the CLI and Python render.
pub fn nvidia_rows() -> NvidiaTargets {
    use wavebudget_model::nvidia::{ARCHS, PRODUCTS};
    let archs = ARCHS
        .iter()
        .map(|a| NvidiaArchRow {
            arch: a,
            max_warps_per_sm: a.max_warps_per_sm(),
            shared_mem_per_block_optin: a.shared_mem_per_block_optin(),
            shared_mem_granule: a.shared_mem_granule(),
        })
        .collect();
    NvidiaTargets { archs, products: PRODUCTS }
}

/// An NVIDIA target as a heading: `H100 (sm_90, Hopper, 132 SMs)`, or `sm_90 (Hopper)`.
pub fn nvidia_heading(t: &wavebudget_model::nvidia::Target) -> String {
    match t.product {
        Some(p) => format!("{} ({}, {}, {} SMs)", p.name, t.arch.name, t.arch.family, p.sms),
        None => format!("{} ({})", t.arch.name, t.arch.family),
    }
}
