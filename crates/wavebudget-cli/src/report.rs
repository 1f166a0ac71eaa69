//! `wavebudget report`: its flags as the `wavebudget-report` crate's typed request (the launch size and
//! the dynamic shared memory limit parsed here, as every command parses them); the page is the crate's.

use crate::args::ReportArgs;
use crate::{parse_workgroup, CliError};

/// `wavebudget report`.
pub(crate) fn report_cmd(a: &ReportArgs) -> Result<String, CliError> {
    let request = wavebudget_report::Request {
        files: a.files.clone(),
        output: a.output.clone(),
        target: a.target.clone(),
        wg_size: a.wg_size.as_deref().map(|s| parse_workgroup(Some(s))).transpose()?,
        dynamic_lds: a.dynamic_lds,
        kernel: a.kernel.clone(),
        llvm: a.llvm,
        details: a.details,
        title: a.title.clone(),
        vgprs: a.resources.vgprs,
        agprs: a.resources.agprs,
        vgpr_count: a.resources.vgpr_count,
        sgprs: a.resources.sgprs,
        lds: a.resources.lds,
        wave_size: a.wave_size,
        cu_mode: a.cu_mode,
        nvidia: wavebudget_report::NvidiaRequest {
            regs: a.nvidia.regs,
            spec: a.nvidia.spec()?,
            warps_per_sm: a.nvidia.warps_per_sm,
            blocks_per_sm: a.nvidia.blocks_per_sm,
        },
    };
    Ok(wavebudget_report::write(&request)?)
}
