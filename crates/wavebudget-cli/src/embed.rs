//! `wavebudget embed IN -o OUT`: occupancy data into every code object of a file (`docs/binary-format.md`):
//! `.wavebudget.*` keys in each kernel's metadata map and the `WBKT` kernel table in a `wavebudget` note.
//! The numbers are `inspect`'s, on each code object's own processor at its launch bounds; the requested
//! waves and budget come from the pass's `.wavebudget.info` section when the pass set them.

use std::path::Path;

use wavebudget_codeobj::rewrite::{rewrite, Additions, KeyValue};
use wavebudget_codeobj::table::{self, Entry, LIMITERS};
use wavebudget_codeobj::{CodeObject, Mapped};
use wavebudget_model::parse_target;

use crate::args::EmbedArgs;
use crate::inspect::{kernel_report, InspectOptions};
use crate::{write_atomic, CliError};

/// What to add to one code object: its kernels' keys and table.
pub fn additions(co: &CodeObject<'_>) -> Additions {
    let own = co.flags.target_id().and_then(|t| parse_target(&t).ok());
    let opts = InspectOptions { target: None, wg_size: None, kernel: None };
    let processor = co.flags.processor.unwrap_or("unknown");
    let sat16 = |v: Option<u32>| v.unwrap_or(0).min(u16::MAX as u32) as u16;
    let mut out = Additions::default();
    let mut entries = Vec::with_capacity(co.kernels.len());
    for k in &co.kernels {
        let r = kernel_report(k, co, own.as_ref(), own.as_ref(), &opts);
        let m = &k.meta;
        let pass = co.pass_info.iter().find(|p| p.kernel == m.name);
        let mut keys = vec![(".wavebudget.version".to_string(), KeyValue::UInt(1))];
        if let Some(p) = pass {
            keys.push((".wavebudget.requested_waves".into(), KeyValue::UInt(p.waves as u64)));
            keys.push((".wavebudget.vgpr_budget".into(), KeyValue::UInt(p.vgpr_budget as u64)));
        }
        if let (Some(w), Some(l)) = (r.waves_per_simd, r.limiter) {
            keys.push((".wavebudget.waves_per_simd".into(), KeyValue::UInt(w as u64)));
            keys.push((".wavebudget.limiter".into(), KeyValue::Str(l.as_str().into())));
        }
        out.keys.push(keys);
        if m.vgpr_count.is_none() {
            // No metadata counts: nothing true to put in the table (a runtime lookup then finds no record
            // rather than one made of zeros).
            continue;
        }
        let u8s = |v: u32| v.min(255) as u8;
        // The wave size as inspect reads it: the metadata's, else the descriptor's ENABLE_WAVEFRONT_SIZE32.
        let wave = r.wavefront_size.or(k.descriptor.map(|d| if d.wavefront_size32 { 32 } else { 64 }));
        entries.push(Entry {
            name: m.name.to_string(),
            symbol: m.symbol.to_string(),
            processor: processor.to_string(),
            wave_size: u8s(wave.unwrap_or(64)),
            requested_waves: pass.map_or(0, |p| u8s(p.waves)),
            vgpr_count: sat16(m.vgpr_count),
            agpr_count: sat16(m.agpr_count),
            sgpr_count: sat16(m.sgpr_count),
            max_workgroup_size: sat16(m.max_flat_workgroup_size.or(Some(1024))),
            static_lds: m.group_segment_fixed_size.unwrap_or(0),
            scratch: m.private_segment_fixed_size.unwrap_or(0),
            vgpr_budget: pass.map_or(0, |p| p.vgpr_budget.min(u16::MAX as u32) as u16),
            waves_per_simd: r.waves_per_simd.map_or(0, u8s),
            limiter: r
                .limiter
                .and_then(|l| LIMITERS.iter().position(|n| *n == l.as_str()))
                .unwrap_or(LIMITERS.len() - 1) as u8,
            limits: r.limits.map_or([0; 4], |l| [u8s(l.vgpr), u8s(l.sgpr), u8s(l.lds), u8s(l.workgroup)]),
            spills: m.vgpr_spill_count.unwrap_or(0).saturating_add(m.sgpr_spill_count.unwrap_or(0)),
            descriptor_vgprs: r.descriptor.as_ref().map_or(0, |d| d.vgprs.min(u16::MAX as u32) as u16),
            descriptor_sgprs: r.descriptor.as_ref().and_then(|d| d.sgprs).map_or(0, |s| s.min(u16::MAX as u32) as u16),
        });
    }
    out.table = table::write(&entries);
    out
}

pub(crate) fn embed_cmd(a: &EmbedArgs) -> Result<String, CliError> {
    let input = Path::new(&a.file);
    let output = Path::new(&a.output);
    if output.exists() && std::fs::canonicalize(output).ok() == std::fs::canonicalize(input).ok() {
        return Err(CliError::Usage(format!(
            "-o {}: would overwrite the input; embed never modifies its input",
            a.output
        )));
    }
    let mapped = Mapped::open(input).map_err(|e| CliError::Reader(a.file.clone(), e))?;
    let (bytes, summary) =
        rewrite(mapped.bytes(), &mut |co| Ok(additions(co))).map_err(|e| CliError::Reader(a.file.clone(), e))?;
    let mode = std::fs::metadata(input).ok().map(|m| m.permissions());
    write_atomic(output, &bytes, mode)?;
    let mut text = format!(
        "{}: {} kernel(s) in {} code object(s) -> {}\n",
        a.file, summary.kernels, summary.code_objects, a.output
    );
    for s in &summary.skipped {
        text.push_str(&format!("  skipped {s}\n"));
    }
    Ok(text)
}
