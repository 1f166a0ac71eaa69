//! `wavebudget device` and `wavebudget dispatch`: the runtime crate's answers from the shell.

use crate::args::{DeviceArgs, DispatchArgs};
use crate::CliError;
use std::fmt::Write as _;
use std::path::Path;
use wavebudget_engine::dispatch;
use wavebudget_model::text::printable;
use wavebudget_runtime::{kfd, Device};

fn cell(v: Option<u32>) -> String {
    v.map(|x| x.to_string()).unwrap_or_else(|| "-".into())
}

pub(crate) fn device_cmd(a: &DeviceArgs) -> Result<String, CliError> {
    if a.hsa {
        return match wavebudget_runtime::hsa::devices() {
            Ok(devices) if a.json => {
                Ok(serde_json::to_string_pretty(&serde_json::json!({ "source": "hsa", "devices": devices }))
                    .expect("serializable")
                    + "\n")
            }
            Ok(devices) => Ok(table(&devices)),
            Err(why) if a.json => Ok(serde_json::to_string_pretty(&serde_json::json!({
                "source": "hsa", "devices": [], "reason": why.to_string(), "kind": why.kind()
            }))
            .expect("serializable")
                + "\n"),
            Err(why) => Ok(format!("no GPU from the HSA runtime: {why}\n")),
        };
    }
    let root = a.kfd_root.as_deref().unwrap_or(kfd::DEFAULT_ROOT);
    let devices = match kfd::devices(Path::new(root)) {
        Ok(d) => d,
        // No driver on this machine: no devices, said plainly (a given root must exist, though).
        Err(_) if a.kfd_root.is_none() && !Path::new(root).exists() => Vec::new(),
        Err(e) => return Err(CliError::Runtime(e)),
    };
    if a.json {
        return Ok(serde_json::to_string_pretty(&serde_json::json!({ "kfd_root": root, "devices": devices }))
            .expect("serializable")
            + "\n");
    }
    if devices.is_empty() {
        return Ok(format!("no AMD GPU found under {root}\n"));
    }
    Ok(table(&devices))
}

fn table(devices: &[Device]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>4}  {:<10} {:>5} {:>8} {:>5} {:>10} {:>7}",
        "node", "target", "CUs", "SIMD/CU", "wave", "waves/SIMD", "LDS/CU"
    );
    for d in devices {
        let node = match &d.source {
            wavebudget_runtime::DeviceSource::Kfd { node, .. } => node.to_string(),
            wavebudget_runtime::DeviceSource::Hsa { agent } => format!("a{agent}"),
            wavebudget_runtime::DeviceSource::Target => "-".into(),
        };
        let _ = writeln!(
            out,
            "{node:>4}  {:<10} {:>5} {:>8} {:>5} {:>10} {:>7}",
            d.target.canonical(),
            cell(d.compute_units),
            d.simd_per_cu,
            d.wave_size,
            d.max_waves_per_simd,
            format!("{}K", d.lds_bytes_per_cu / 1024)
        );
        for n in &d.notes {
            let _ = writeln!(out, "      note: {}", printable(&n.to_string()));
        }
    }
    out
}

pub(crate) fn dispatch_cmd(a: &DispatchArgs) -> Result<String, CliError> {
    // The launch size, then the device: the engine's order for every door.
    let wg = a.wg_size.as_deref().map(crate::parse_workgroup_text).transpose()?;
    let give = "--device PROCESSOR or --kfd-root DIR";
    let (wg, from) = dispatch::question(wg, a.device.as_deref(), a.kfd_root.as_deref().map(Path::new), give)?;
    let device = dispatch::device(from)?;
    let d = dispatch::dispatch_file(Path::new(&a.file), &a.kernel, &device, wg, a.dynamic_lds)?;
    if a.json {
        return Ok(serde_json::to_string_pretty(&d).expect("serializable") + "\n");
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} on {} ({} threads, {} bytes of LDS per workgroup)",
        printable(&d.kernel),
        d.target,
        d.workgroup_size,
        d.lds_bytes
    );
    let _ = writeln!(
        out,
        "  waves_per_simd        {} (limiter: {})",
        d.waves_per_simd,
        crate::render::limiters(&d.binding)
    );
    let _ = writeln!(out, "  workgroups_per_cu     {} (per {})", d.workgroups_per_cu, d.unit);
    if d.resident_waves_per_simd == d.waves_per_simd {
        let _ = writeln!(out, "  resident_waves_simd   {}", d.resident_waves_per_simd);
    } else {
        let _ = writeln!(
            out,
            "  resident_waves_simd   {} (the hardware places whole workgroups, with their LDS rounded up to its granule: {} fit per {}, where LLVM's model counts {} waves/SIMD)",
            d.resident_waves_per_simd, d.workgroups_per_cu, d.unit, d.waves_per_simd
        );
    }
    let _ = writeln!(out, "  compute_units         {}", cell(d.compute_units));
    let _ = writeln!(out, "  persistent_grid_size  {}", cell(d.persistent_grid_size));
    Ok(out)
}
