//! Devices from the HSA runtime, loaded with `dlopen("libhsa-runtime64.so.1")` when asked (Debian package
//! `libhsa-runtime64-1`): every GPU agent's name, CU count, SIMDs per CU, wave size and waves per CU.
//! Without the library, or when `hsa_init` fails, or when it reports no GPU agent (a machine without an
//! AMD GPU), the answer is `Err` with the reason, so a caller can fall back to KFD or a processor name.

use crate::{Device, DeviceSource};
use libloading::{Library, Symbol};
use std::ffi::{c_char, c_void, CStr};
use wavebudget_model::{parse_target, Options, Subtarget};

/// The library name the ROCm runtime installs.
pub const LIBRARY: &str = "libhsa-runtime64.so.1";

#[repr(C)]
#[derive(Clone, Copy)]
struct Agent {
    handle: u64,
}

const HSA_STATUS_SUCCESS: u32 = 0;
const HSA_AGENT_INFO_NAME: u32 = 0;
const HSA_AGENT_INFO_WAVEFRONT_SIZE: u32 = 6;
const HSA_AGENT_INFO_DEVICE: u32 = 17;
const HSA_DEVICE_TYPE_GPU: u32 = 1;
const HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT: u32 = 0xA002;
const HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU: u32 = 0xA00A;
const HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU: u32 = 0xA00B;

type InitFn = unsafe extern "C" fn() -> u32;
type IterFn = unsafe extern "C" fn(unsafe extern "C" fn(Agent, *mut c_void) -> u32, *mut c_void) -> u32;
type InfoFn = unsafe extern "C" fn(Agent, u32, *mut c_void) -> u32;
type StatusFn = unsafe extern "C" fn(u32, *mut *const c_char) -> u32;

unsafe extern "C" fn collect(agent: Agent, data: *mut c_void) -> u32 {
    (*(data as *mut Vec<Agent>)).push(agent);
    HSA_STATUS_SUCCESS
}

fn status_text(lib: &Library, s: u32) -> String {
    // SAFETY: the symbol has this signature in every HSA runtime; the string is static in the library.
    unsafe {
        let f: Result<Symbol<StatusFn>, _> = lib.get(b"hsa_status_string\0");
        let mut p: *const c_char = std::ptr::null();
        match f {
            Ok(f) if f(s, &mut p) == HSA_STATUS_SUCCESS && !p.is_null() => {
                format!("{:#x} ({})", s, CStr::from_ptr(p).to_string_lossy())
            }
            _ => format!("{s:#x}"),
        }
    }
}

/// Why the HSA runtime gives no device.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum HsaError {
    /// The library cannot be loaded (the loader's words: not installed, ...).
    #[error("{LIBRARY} cannot be loaded: {reason}")]
    Load {
        /// `dlopen`'s message.
        reason: String,
    },
    /// The library lacks a function every HSA runtime has.
    #[error("{LIBRARY} has no {symbol}")]
    MissingSymbol {
        /// The function.
        symbol: &'static str,
    },
    /// `hsa_init` failed (no AMD GPU driver or device, as a rule).
    #[error("hsa_init failed with {status} (no AMD GPU driver or device?)")]
    Init {
        /// The status, in hex with the runtime's own text for it.
        status: String,
    },
    /// No agent is a GPU the model knows.
    #[error("the HSA runtime reports no usable GPU agent ({agents} agents in all){}", .problems.iter().map(|p| format!("; {p}")).collect::<String>())]
    NoGpu {
        /// Agents of every kind.
        agents: usize,
        /// What went wrong on the way.
        problems: Vec<AgentProblem>,
    },
}

/// Something that kept agents from being read.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AgentProblem {
    /// `hsa_iterate_agents` failed.
    #[error("hsa_iterate_agents failed with {status}")]
    Iterate {
        /// The status, as in [`HsaError::Init`].
        status: String,
    },
    /// A GPU agent whose name the model refuses.
    #[error("agent {index} ({name}): {error}")]
    Target {
        /// The agent's index.
        index: usize,
        /// Its name.
        name: String,
        /// The model's refusal.
        error: wavebudget_model::ModelError,
    },
}

wavebudget_model::kind_is_variant!(HsaError);

/// The GPU agents the HSA runtime reports, or why there are none.
pub fn devices() -> Result<Vec<Device>, HsaError> {
    // SAFETY: loading the ROCm runtime runs its initializers; it is the library HSA programs load.
    let lib = unsafe { Library::new(LIBRARY) }.map_err(|e| HsaError::Load { reason: e.to_string() })?;
    // SAFETY: the signatures are HSA's (hsa.h, hsa_ext_amd.h); agents are used only between init and
    // shut_down, and every out-pointer has the size the attribute writes.
    unsafe {
        let sym = |symbol: &'static str| HsaError::MissingSymbol { symbol };
        let init: Symbol<InitFn> = lib.get(b"hsa_init\0").map_err(|_| sym("hsa_init"))?;
        let shut: Symbol<InitFn> = lib.get(b"hsa_shut_down\0").map_err(|_| sym("hsa_shut_down"))?;
        let iter: Symbol<IterFn> = lib.get(b"hsa_iterate_agents\0").map_err(|_| sym("hsa_iterate_agents"))?;
        let info: Symbol<InfoFn> = lib.get(b"hsa_agent_get_info\0").map_err(|_| sym("hsa_agent_get_info"))?;
        let s = init();
        if s != HSA_STATUS_SUCCESS {
            return Err(HsaError::Init { status: status_text(&lib, s) });
        }
        let mut agents: Vec<Agent> = Vec::new();
        let s = iter(collect, (&mut agents as *mut Vec<Agent>).cast());
        let mut out = Vec::new();
        let mut problems = Vec::new();
        if s != HSA_STATUS_SUCCESS {
            problems.push(AgentProblem::Iterate { status: status_text(&lib, s) });
        }
        for (i, a) in agents.iter().enumerate() {
            let mut kind = 0u32;
            if info(*a, HSA_AGENT_INFO_DEVICE, (&mut kind as *mut u32).cast()) != HSA_STATUS_SUCCESS
                || kind != HSA_DEVICE_TYPE_GPU
            {
                continue;
            }
            let mut name = [0u8; 64];
            let mut wave = 0u32;
            let mut cus = 0u32;
            let mut simds = 0u32;
            let mut waves_per_cu = 0u32;
            info(*a, HSA_AGENT_INFO_NAME, name.as_mut_ptr().cast());
            info(*a, HSA_AGENT_INFO_WAVEFRONT_SIZE, (&mut wave as *mut u32).cast());
            info(*a, HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT, (&mut cus as *mut u32).cast());
            info(*a, HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU, (&mut simds as *mut u32).cast());
            info(*a, HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU, (&mut waves_per_cu as *mut u32).cast());
            let name = CStr::from_bytes_until_nul(&name).map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
            let id = match parse_target(&name) {
                Ok(id) => id,
                Err(error) => {
                    problems.push(AgentProblem::Target { index: i, name, error });
                    continue;
                }
            };
            let Ok(st) = Subtarget::new(id, Options::default()) else { continue };
            out.push(Device {
                target: id,
                compute_units: (cus > 0).then_some(cus),
                simd_per_cu: simds.max(1),
                wave_size: if wave > 0 { wave } else { st.wave_size() },
                max_waves_per_simd: waves_per_cu.checked_div(simds).unwrap_or(st.max_waves()),
                lds_bytes_per_cu: st.lds_per_workgroup(),
                source: DeviceSource::Hsa { agent: i as u32 },
                notes: Vec::new(),
            });
        }
        shut();
        if out.is_empty() {
            return Err(HsaError::NoGpu { agents: agents.len(), problems });
        }
        Ok(out)
    }
}
