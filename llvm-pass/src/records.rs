//! Register counts of a previous build, per kernel and processor.
//!
//! Read from a code object, an offload bundle (compressed too) or a host binary with `.hip_fatbin`
//! through the reader crate, or from the JSON `wavebudget inspect --json` writes.

use crate::error::RecordsProblem;
use std::collections::HashMap;
use std::path::Path;
use wavebudget_codeobj::{walk, CodeObject, Found, Mapped};

/// The processor of a code object whose `e_flags` name none.
pub const UNKNOWN_PROCESSOR: &str = "unknown";

/// One kernel's counts in one code object: its processor and the registers the plan compares with the
/// budget (`None` where the file gave no `.vgpr_count`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Processor of the code object (`gfx942`).
    pub processor: String,
    /// Its XNACK and SRAMECC settings (`None`: any, or not given).
    pub xnack: Option<bool>,
    pub sramecc: Option<bool>,
    /// `.vgpr_count`, `.agpr_count`, `.sgpr_count`.
    pub registers: Option<crate::Registers>,
    /// The module the kernel came from, in a sweep of several (`KernelLadder::module`).
    pub module: Option<String>,
}

/// The registers of a record: the metadata's counts as the shared kernel type, through the reader's one
/// conversion ([`wavebudget_codeobj::KernelMeta::resources`]); `None` without `.vgpr_count` or `.sgpr_count`
/// (the spill check then estimates rather than take a missing count for 0).
fn registers(
    meta: &wavebudget_codeobj::KernelMeta<'_>,
    descriptor: Option<&wavebudget_codeobj::KernelDescriptor>,
    processor: &str,
) -> Option<crate::Registers> {
    meta.resources(descriptor, wavebudget_model::targets::processor(processor)).map(crate::Registers::Records)
}

/// What `records=` reads of `wavebudget inspect --json`: each code object's processor and target id, and
/// its kernels' metadata under the metadata's names (the reader crate's `KernelMeta`, the type whose
/// fields the report writes). The report's other fields are not read.
#[derive(serde::Deserialize)]
struct InspectJson {
    code_objects: Vec<InspectCodeObject>,
}

#[derive(serde::Deserialize)]
struct InspectCodeObject {
    processor: String,
    #[serde(default)]
    target_id: Option<String>,
    kernels: Vec<wavebudget_codeobj::KernelMeta<'static>>,
}

pub use wavebudget_ladder::Rung;

/// A kernel's ladder as `mode=auto` weighs it: the unconstrained build (waves 0) and each level.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Ladder {
    pub baseline: Option<Rung>,
    pub rungs: Vec<Rung>,
}

/// What the records say of a kernel on a processor.
#[derive(Debug)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Lookup<'a> {
    /// One record (or several with the same counts).
    Found(&'a Record),
    /// Recorded for these other processors only.
    Elsewhere(Vec<String>),
    /// Not recorded.
    Missing,
    /// Recorded more than once for the processor with different counts: each one's, described.
    Conflict(Vec<String>),
}

impl Record {
    /// The record's target id (`gfx90a:xnack+`), LLVM's order: `sramecc` before `xnack`.
    pub fn target_id(&self) -> String {
        let mut id = self.processor.clone();
        for (name, setting) in [("sramecc", self.sramecc), ("xnack", self.xnack)] {
            if let Some(on) = setting {
                id.push_str(&format!(":{name}{}", if on { '+' } else { '-' }));
            }
        }
        id
    }
}

/// A build's or a kernel's XNACK and SRAMECC settings (`None`: any, or not given).
pub type Settings = (Option<bool>, Option<bool>);

/// Whether a record's module (a sweep's `module`, as its file was named) is the module being compiled
/// (its identifier, as opt and clang name their input): the same file name.
fn same_module(recorded: Option<&str>, compiling: Option<&str>) -> bool {
    let base = |p: &str| std::path::Path::new(p).file_name().map(|n| n.to_os_string());
    match (recorded, compiling) {
        (Some(r), Some(c)) => base(r).is_some() && base(r) == base(c),
        _ => false,
    }
}

/// Whether a build with settings `rec` gives the counts of a kernel compiled with `own`. SRAMECC: a
/// build for "any" fits every kernel, and a kernel for "any" takes either build, as the loader has it.
/// XNACK changes the counts: LLVM reserves its two SGPRs when XNACK is on or any, so an xnack- build
/// under-counts a kernel compiled for any, and is not its record.
pub fn fits(rec: Settings, own: Settings) -> bool {
    let xnack = match (rec.0, own.0) {
        (None, _) | (Some(true), None) => true,
        (Some(false), None) => false,
        (Some(r), Some(o)) => r == o,
    };
    xnack && (rec.1.is_none() || own.1.is_none() || rec.1 == own.1)
}

/// The items whose settings fit `own`, those with exactly `own` preferred.
fn choose<T: Copy>(items: &[T], own: Settings, settings: impl Fn(&T) -> Settings) -> Vec<T> {
    let fitting: Vec<T> = items.iter().copied().filter(|i| fits(settings(i), own)).collect();
    let exact: Vec<T> = fitting.iter().copied().filter(|i| settings(i) == own).collect();
    if exact.is_empty() {
        fitting
    } else {
        exact
    }
}

/// A record's counts in a few words (`64 VGPRs, 0 AGPRs, 20 SGPRs, wave64`).
fn describe(r: crate::Registers) -> String {
    match r {
        crate::Registers::Records(k) => {
            format!("{} VGPRs, {} AGPRs, {} SGPRs, wave{}", k.vgpr_count, k.agpr_count, k.sgpr_count, k.wavefront_size)
        }
        crate::Registers::Estimate(_) => "an estimate".into(),
    }
}

/// Records by kernel name.
#[derive(Debug, Clone, Default)]
pub struct Records {
    by_name: HashMap<String, Vec<Record>>,
    /// Ladders from `wavebudget sweep --json`, by kernel name: (processor, XNACK/SRAMECC settings, ladder).
    ladders: HashMap<String, Vec<(String, Settings, Ladder)>>,
}

impl Records {
    /// Reads a records file; the error names the file and what was wrong.
    pub fn load(path: &Path) -> Result<Records, crate::Error> {
        let reader = |source| crate::Error::Records { path: path.to_path_buf(), source };
        let content = |problem| crate::Error::RecordsContent { path: path.to_path_buf(), problem };
        // A records file is named, never streamed: a FIFO or a device would block or never end inside opt.
        let mapped = Mapped::open_regular(path).map_err(reader)?;
        let bytes = mapped.bytes();
        let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
        if first == Some(&b'{') {
            return Records::from_json(bytes).map_err(content);
        }
        let mut recs = Records::default();
        walk(bytes, &mut |found| {
            if let Found::CodeObject(_, data) = found {
                let co = CodeObject::parse(data)?;
                let processor = co.flags.processor.unwrap_or(UNKNOWN_PROCESSOR).to_string();
                let setting = |f: wavebudget_codeobj::eflags::Feature| f.suffix().map(|c| c == '+');
                let (xnack, sramecc) = (setting(co.flags.xnack), setting(co.flags.sramecc));
                for k in &co.kernels {
                    recs.by_name.entry(k.meta.name.to_string()).or_default().push(Record {
                        processor: processor.clone(),
                        xnack,
                        sramecc,
                        registers: registers(&k.meta, k.descriptor.as_ref(), &processor),
                        module: None,
                    });
                }
            }
            Ok(())
        })
        .map_err(reader)?;
        if recs.by_name.is_empty() {
            return Err(content(RecordsProblem::NoKernels));
        }
        Ok(recs)
    }

    /// `wavebudget inspect --json` output: `{"code_objects": [{"processor", "kernels": [{"name",
    /// "vgpr_count", "agpr_count", "sgpr_count", "vgpr_spill_count"}]}]}`, or `wavebudget sweep --json`
    /// output: `{"kernels": [{"name", "target", "baseline": {...}, "levels": [...]}]}` (the baseline gives
    /// the counts, the levels the ladder `mode=auto` chooses from).
    pub fn from_json(bytes: &[u8]) -> Result<Records, RecordsProblem> {
        let v: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| RecordsProblem::NotJson(e.to_string()))?;
        // Which of the two typed forms it is, by its top-level key; each is then read by serde.
        #[expect(clippy::disallowed_methods, reason = "tells the two typed forms apart; neither is walked by hand")]
        let (sweep, inspect) = (v.get("kernels").is_some(), v.get("code_objects").is_some_and(|c| c.is_array()));
        if sweep {
            let sweep = wavebudget_ladder::Sweep::from_value(&v).map_err(RecordsProblem::NotASweep)?;
            return Records::from_sweep(&sweep);
        }
        if !inspect {
            return Err(RecordsProblem::NeitherForm);
        }
        // The report in its typed form.
        let report: InspectJson = wavebudget_ladder::read_typed(&v).map_err(RecordsProblem::NotInspect)?;
        let mut recs = Records::default();
        for co in &report.code_objects {
            // The settings from its target id where it gives one (`amdgcn-amd-amdhsa--gfx90a:xnack-`).
            let features = co.target_id.as_deref().and_then(|t| wavebudget_model::parse_target(t).ok());
            for k in &co.kernels {
                recs.by_name.entry(k.name.to_string()).or_default().push(Record {
                    processor: co.processor.clone(),
                    xnack: features.and_then(|t| t.xnack),
                    sramecc: features.and_then(|t| t.sramecc),
                    registers: registers(k, None, &co.processor),
                    module: None,
                });
            }
        }
        if recs.by_name.is_empty() {
            return Err(RecordsProblem::NoKernelsInJson);
        }
        Ok(recs)
    }

    /// A sweep read back in its typed form: the baseline gives the counts, the levels the ladder.
    fn from_sweep(sweep: &wavebudget_ladder::Sweep) -> Result<Records, RecordsProblem> {
        let mut recs = Records::default();
        for (i, k) in sweep.kernels.iter().enumerate() {
            if k.target.is_empty() {
                // A kernel the sweep did not compile (no processor it could use): nothing recorded.
                continue;
            }
            let id = wavebudget_model::parse_target(&k.target).map_err(|e| RecordsProblem::Target {
                index: i,
                target: k.target.clone(),
                source: Box::new(e),
            })?;
            let processor = id.processor.name.to_string();
            let base = &k.baseline;
            let meta = wavebudget_codeobj::KernelMeta {
                vgpr_count: base.resources.map(|r| r.vgpr_count),
                agpr_count: base.resources.map(|r| r.agpr_count),
                sgpr_count: base.resources.map(|r| r.sgpr_count),
                vgpr_spill_count: base.vgpr_spill_count,
                sgpr_spill_count: base.sgpr_spill_count,
                group_segment_fixed_size: base.resources.map(|r| r.group_segment_fixed_size),
                private_segment_fixed_size: base.resources.map(|r| r.private_segment_fixed_size),
                wavefront_size: base.resources.map(|r| r.wavefront_size),
                max_flat_workgroup_size: base.resources.map(|r| r.max_flat_workgroup_size),
                ..Default::default()
            };
            recs.by_name.entry(k.name.clone()).or_default().push(Record {
                processor: processor.clone(),
                xnack: id.xnack,
                sramecc: id.sramecc,
                registers: registers(&meta, None, &processor),
                module: k.module.clone(),
            });
            let rungs = k.levels.iter().filter(|l| l.waves.is_some()).map(|l| l.rung()).collect();
            let ladder = Ladder { baseline: Some(base.rung()), rungs };
            recs.ladders.entry(k.name.clone()).or_default().push((processor, (id.xnack, id.sramecc), ladder));
        }
        if recs.by_name.is_empty() {
            return Err(RecordsProblem::NoKernelsInJson);
        }
        Ok(recs)
    }

    /// The sweep ladder of `kernel` on `processor` with the kernel's XNACK/SRAMECC settings, if the records
    /// came from a sweep, chosen as [`Records::find`] chooses; `None` also where the ladders that fit
    /// differ (the kernel is then swept itself).
    pub fn ladder(&self, kernel: &str, processor: &str, own: Settings) -> Option<&Ladder> {
        let list: Vec<(Settings, &Ladder)> =
            self.ladders.get(kernel)?.iter().filter(|(p, _, _)| p == processor).map(|(_, s, l)| (*s, l)).collect();
        let chosen = choose(&list, own, |(s, _)| *s);
        let first = chosen.first()?.1;
        chosen.iter().all(|(_, l)| *l == first).then_some(first)
    }

    /// The record of `kernel` on `processor` with the XNACK and SRAMECC settings it is compiled with, or
    /// why there is none to use: the records that fit the settings ([`fits`]), those with exactly the
    /// kernel's settings preferred (a fat binary holds a gfx90a:xnack+ and a gfx90a:xnack- build, whose
    /// SGPR counts differ); several with different counts are a conflict.
    pub fn find(
        &self,
        kernel: &str,
        module: Option<&str>,
        processor: &str,
        xnack: Option<bool>,
        sramecc: Option<bool>,
    ) -> Lookup<'_> {
        let all = self.by_name.get(kernel).map(Vec::as_slice).unwrap_or(&[]);
        // A sweep of several modules records each kernel's module: two modules' kernels of one name are
        // told apart by the module being compiled (its file name), where one of them is it.
        let own: Vec<&Record> = all.iter().filter(|r| same_module(r.module.as_deref(), module)).collect();
        let list: Vec<&Record> = if own.is_empty() { all.iter().collect() } else { own };
        // A code object built without -mcpu has no processor in its e_flags: it matches any.
        let on = |p: &str| -> Vec<&Record> { list.iter().copied().filter(|r| r.processor == p).collect() };
        let mut mine = on(processor);
        if mine.is_empty() {
            mine = on(UNKNOWN_PROCESSOR);
        }
        let mut chosen = choose(&mine, (xnack, sramecc), |r| (r.xnack, r.sramecc));
        // The same counts recorded twice (a kernel in two bundles of one binary) are one record; different
        // counts of what the plan reads (two builds of the kernel, two kernels of one name) leave no one
        // answer. Compared as they are shown.
        let key = |r: &&Record| r.registers.map(describe).unwrap_or_else(|| "no counts".into());
        chosen.sort_by_key(key);
        chosen.dedup_by_key(|r| key(r));
        match chosen.as_slice() {
            [] if list.is_empty() => Lookup::Missing,
            [] => {
                let mut ids: Vec<String> = Vec::new();
                for id in list.iter().map(|r| r.target_id()) {
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
                Lookup::Elsewhere(ids)
            }
            [one] => Lookup::Found(one),
            several => Lookup::Conflict(several.iter().map(|r| format!("{}: {}", r.target_id(), key(r))).collect()),
        }
    }

    /// Number of kernels recorded.
    pub fn len(&self) -> usize {
        self.by_name.len()
    }

    /// No kernels.
    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::{choose, fits, Records};
    use crate::error::RecordsProblem;

    /// `inspect --json` read in its typed form: a missing field or a count of the wrong type is refused
    /// naming where (it was read as "no count" before), fields the reader does not take are ignored.
    #[test]
    fn inspect_json_is_read_typed() {
        let ok = br#"{"code_objects":[{"processor":"gfx942","target_id":"amdgcn-amd-amdhsa--gfx942:xnack-",
            "e_flags":1,"kernels":[{"name":"k","vgpr_count":40,"sgpr_count":20,"waves_per_simd":8}]}]}"#;
        assert_eq!(Records::from_json(ok).unwrap().len(), 1);
        let refused = |json: &[u8]| match Records::from_json(json) {
            Err(RecordsProblem::NotInspect(m)) => m,
            other => panic!("{other:?}"),
        };
        assert_eq!(refused(br#"{"code_objects":[{"kernels":[]}]}"#), "code_objects[0]: missing field `processor`");
        assert!(refused(br#"{"code_objects":[{"processor":"gfx942","kernels":[{"vgpr_count":1}]}]}"#)
            .starts_with("code_objects[0].kernels[0]: missing field `name`"));
        assert!(refused(br#"{"code_objects":[{"processor":"gfx942","kernels":[{"name":"k","vgpr_count":"40"}]}]}"#)
            .starts_with("code_objects[0].kernels[0].vgpr_count: invalid type: string"));
        assert!(matches!(Records::from_json(br#"{"x":1}"#), Err(RecordsProblem::NeitherForm)));
    }

    /// The XNACK rule against what llc-22 and llc-19 count for tile_kernel on gfx90a
    /// (tests/lit/records-features.test): "any" counts as on, so an xnack- build is not its record.
    #[test]
    fn settings_fit_as_llvm_counts_them() {
        let (on, off, any) = (Some(true), Some(false), None);
        assert!(fits((on, any), (any, any)));
        assert!(!fits((off, any), (any, any)));
        assert!(fits((any, any), (off, any)) && fits((any, any), (on, any)));
        assert!(!fits((on, any), (off, any)) && !fits((off, any), (on, any)));
        // SRAMECC does not change the counts: either way for "any".
        assert!(fits((any, on), (any, any)) && fits((any, off), (any, any)) && !fits((any, on), (any, off)));
        // Exact settings are preferred over "any" among the ones that fit; a ladder or record list
        // of an xnack+ and an xnack- build gives a kernel for any the xnack+ one only.
        let items = [((on, any), 1), ((off, any), 2), ((any, any), 3)];
        assert_eq!(choose(&items, (on, any), |i| i.0), vec![((on, any), 1)]);
        assert_eq!(choose(&items, (any, any), |i| i.0), vec![((any, any), 3)]);
        assert_eq!(choose(&items[..2], (any, any), |i| i.0), vec![((on, any), 1)]);
    }
}
