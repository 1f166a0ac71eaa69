//! `suggest`: the workgroup size whose waves stay resident most, per subtarget, as every door answers it
//! (the CLI renders it as text or JSON, Python as a dict; the C API's `wb_suggest_wg_size` renders `best`).

use serde::Serialize;
use wavebudget_model::{ModelError, Subtarget, Usage, Vgprs, WgChoice, WorkgroupSize};

/// What is asked: a kernel's registers, its launch range, and what the answer adds. Made by
/// [`Request::new`] only (its fields are the engine's), so every door reads a question in one order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    /// Its vector registers, as a total or arch + AGPRs (validated against the target, as `occupancy`).
    vgprs: Vgprs,
    /// Its SGPRs.
    sgprs: u32,
    /// The launch sizes it may take.
    range: WorkgroupSize,
    /// Compute units of the device, for `min_grid_size`.
    cus: Option<u32>,
    /// Every candidate size, not only the best.
    all: bool,
}

impl Request {
    /// The question as every door asks it, read in the order every door reads it, so that a call wrong in
    /// two ways is refused for the same problem everywhere: the launch range (`None`: 1 to 1024), then the
    /// registers as given (`--vgprs`/`--agprs` or `--vgpr-count`: [`crate::misuse::vgprs`]), then the
    /// device (a device of 0 compute units is refused).
    pub fn new(
        range: Option<WorkgroupSize>,
        vgprs: Option<u32>,
        agprs: Option<u32>,
        vgpr_count: Option<u32>,
        sgprs: u32,
        cus: Option<u32>,
        all: bool,
    ) -> crate::Result<Request> {
        let range = range.unwrap_or(WorkgroupSize::DEFAULT).validate()?;
        let vgprs = crate::misuse::vgprs(vgprs, agprs, vgpr_count, false)?;
        if cus == Some(0) {
            return Err(crate::misuse::Misuse::Cus.into());
        }
        Ok(Request { vgprs, sgprs, range, cus, all })
    }
}

/// The answer on one subtarget.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Suggested {
    /// The subtarget, canonical.
    pub target: String,
    /// The best size and what a launch of it gets.
    #[serde(flatten)]
    pub best: WgChoice,
    /// Workgroups that fill the device once: `cus` x `workgroups_per_cu`.
    pub min_grid_size: Option<u64>,
    /// Every candidate size, where asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<WgChoice>>,
}

/// The best launch size on `st`, `lds` giving the LDS bytes per workgroup of each size.
pub fn suggest(st: &Subtarget, req: &Request, lds: &mut dyn FnMut(u32) -> u64) -> Result<Suggested, ModelError> {
    let total = match req.vgprs {
        Vgprs::Total(t) => t,
        Vgprs::Split { arch, agpr } => {
            // The split is checked as `occupancy` checks it: AGPRs on a target without them, or more arch
            // VGPRs than it addresses, are refused rather than summed.
            st.validate(&Usage { vgprs: req.vgprs, sgprs: None, lds: 0, workgroup: WorkgroupSize::DEFAULT })?;
            st.total_vgprs(arch, agpr)
        }
    };
    let s = st.suggest_wg_size(total, req.sgprs, lds, req.range)?;
    Ok(Suggested {
        target: st.id().canonical(),
        best: s.best,
        min_grid_size: req.cus.map(|c| u64::from(c) * u64::from(s.best.workgroups_per_cu)),
        candidates: req.all.then_some(s.candidates),
    })
}
