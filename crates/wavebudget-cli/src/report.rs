//! `wavebudget report`: its flags as the `wavebudget-report` crate's typed request (the launch size and
//! the dynamic shared memory limit parsed here, as every command parses them); the page is the crate's.

use crate::args::ReportArgs;
use crate::{parse_workgroup_text, CliError};

/// `wavebudget report`.
pub(crate) fn report_cmd(a: &ReportArgs) -> Result<String, CliError> {
    // An NVIDIA configuration's --wg-size is a CUDA block: its text read here (what is not N or MIN,MAX is
    // refused as a block), the rest (one number, any size: a block over the device's maximum is the page's
    // "cannot launch") the report's, in its order, as for Python; otherwise a launch range.
    let nvidia_configuration = a.files.is_empty()
        && a.eval
            .target
            .as_deref()
            .is_some_and(|t| wavebudget_engine::vendor::ConfigurationModel::read(t).is_ok_and(|(_, nv)| nv.is_some()));
    let wg_size = match (nvidia_configuration, a.eval.wg_size.as_deref()) {
        (true, Some(text)) => Some(crate::nvidia::block_text(text)?),
        // Read here, held to a launch's bounds by the report (for every door).
        (_, text) => text.map(parse_workgroup_text).transpose()?,
    };
    let request = wavebudget_report::Request {
        files: a.files.clone(),
        output: a.output.clone(),
        target: a.eval.target.clone(),
        wg_size,
        dynamic_lds: a.eval.dynamic_lds,
        kernel: a.eval.kernel.clone(),
        llvm: crate::args::llvm(a.eval.llvm)?,
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
    Ok(crate::summary_beside(&a.output, wavebudget_report::write(&request)?))
}
