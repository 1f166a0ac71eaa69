//! What `wavebudget embed` adds to a code object, decided once for every caller (the CLI, benches,
//! any library user): per kernel the `.wavebudget.*` metadata keys and one `WBKT` table record, from
//! the kernel's resources ([`wavebudget_codeobj::Kernel::resources`]) and the model's one evaluation
//! ([`Evaluation::reading`]) on the code object's own processor at the kernel's own launch range; the
//! requested waves and budget come from the pass's `.wavebudget.info` section. The reader crate writes
//! what this decides (`rewrite`, `table::write`) and evaluates nothing.

use wavebudget_codeobj::rewrite::{Additions, KeyValue};
use wavebudget_codeobj::table::{self, Entry, RawRecord, LIMITERS};
use wavebudget_codeobj::{CodeObject, Kernel};
use wavebudget_model::{target_id_of, Evaluation, Llvm, Occupancy};

/// A kernel's occupancy on its code object's own processor at its own launch range (the model's
/// [`Evaluation::reading`], as inspect reads it), or `None` where there is nothing true to say (no
/// metadata counts, a processor the model does not know).
pub fn own_occupancy(co: &CodeObject<'_>, kernel: &Kernel<'_>) -> Option<Occupancy> {
    let id = co.flags.target_id().and_then(|t| target_id_of(&t))?;
    let res = kernel.resources(Some(id.processor))?;
    Evaluation::reading(id, Llvm::default()).evaluate(&res).ok().map(|(_, o)| o)
}

/// What to add to one code object: its kernels' keys (in metadata order) and its table.
pub fn additions(co: &CodeObject<'_>) -> Additions {
    let own = co.flags.target_id().and_then(|t| target_id_of(&t));
    let processor = co.flags.processor.unwrap_or("unknown");
    let mut out = Additions::default();
    let mut entries = Vec::with_capacity(co.kernels.len());
    for k in &co.kernels {
        let m = &k.meta;
        let pass = co.pass_info.iter().find(|p| p.kernel == m.name);
        let mut keys = vec![(".wavebudget.version".to_string(), KeyValue::UInt(1))];
        if let Some(p) = pass {
            keys.push((".wavebudget.requested_waves".into(), KeyValue::UInt(p.waves as u64)));
            keys.push((".wavebudget.vgpr_budget".into(), KeyValue::UInt(p.vgpr_budget as u64)));
        }
        let res = k.resources(own.map(|id| id.processor));
        let occupancy = own_occupancy(co, k);
        if let Some(o) = &occupancy {
            keys.push((".wavebudget.waves_per_simd".into(), KeyValue::UInt(o.waves_per_simd as u64)));
            keys.push((".wavebudget.limiter".into(), KeyValue::Str(o.limiter.as_str().into())));
        }
        out.keys.push(keys);
        // No metadata counts: nothing true to put in the table (a runtime lookup then finds no record
        // rather than one made of zeros).
        let Some(res) = res else { continue };
        let u8s = |v: u32| v.min(u8::MAX as u32) as u8;
        let record = RawRecord {
            requested_waves: pass.map_or(0, |p| u8s(p.waves)),
            vgpr_budget: pass.map_or(0, |p| p.vgpr_budget.min(u16::MAX as u32) as u16),
            waves_per_simd: occupancy.as_ref().map_or(0, |o| u8s(o.waves_per_simd)),
            limiter: occupancy
                .as_ref()
                .and_then(|o| LIMITERS.iter().position(|n| *n == o.limiter.as_str()))
                .unwrap_or(LIMITERS.len() - 1) as u8,
            limits: occupancy.as_ref().map_or([0; 4], |o| {
                let l = o.limits;
                [u8s(l.vgpr), u8s(l.sgpr), u8s(l.lds), u8s(l.workgroup)]
            }),
            ..RawRecord::default()
        }
        .with_resources(&res);
        entries.push(Entry {
            name: m.name.to_string(),
            symbol: m.symbol.to_string(),
            processor: processor.into(),
            record,
        });
    }
    out.table = table::write(&entries);
    out
}
