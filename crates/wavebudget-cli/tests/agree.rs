//! One kernel, one answer on every path: for every kernel of an llc-22 corpus and of a real ROCm
//! library (Debian's librocrand), `inspect` (its JSON), `embed`'s kernel table (what the runtime reads
//! at dispatch), the runtime's dispatch on the kernel's own processor, and the pass's records of the
//! same file agree: the same counts, the same waves and the same binding limiters; and on the llc
//! corpus the waves are llc-22's own "Occupancy [waves/SIMD]".
#![cfg(feature = "llvm")]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use wavebudget_codeobj::embedding::additions;
use wavebudget_codeobj::table::{Table, LIMITERS};
use wavebudget_codeobj::{walk, CodeObject, Found};
use wavebudget_model::WorkgroupSize;
use wavebudget_runtime::{dispatch, Device, Kernels};
use wavebudget_testkit::llvm::{parse_remarks, remark_u32};

fn llvm(tool: &str) -> PathBuf {
    let prefix = std::env::var("LLVM_SYS_221_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    Path::new(&prefix).join("bin").join(tool)
}

fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("agree");
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

/// llc-22 builds `ll` for `cpu`, linked as a shared object; returns it and llc's occupancy per kernel.
fn compile(ll: &Path, cpu: &str) -> (PathBuf, BTreeMap<String, u32>) {
    let tag = format!("{}-{cpu}", ll.file_stem().unwrap().to_string_lossy());
    let o = scratch(&format!("{tag}.o"));
    let out = Command::new(llvm("llc"))
        .args(["-mtriple=amdgcn-amd-amdhsa", &format!("-mcpu={cpu}"), "-filetype=obj"])
        .arg("-pass-remarks-analysis=kernel-resource-usage")
        .arg(ll)
        .arg("-o")
        .arg(&o)
        .output()
        .unwrap();
    assert!(out.status.success(), "llc {tag}: {}", String::from_utf8_lossy(&out.stderr));
    let remarks = parse_remarks(&String::from_utf8_lossy(&out.stderr));
    let occ = remarks.iter().filter_map(|(k, r)| Some((k.clone(), remark_u32(r, "Occupancy [waves/SIMD]")?))).collect();
    let so = scratch(&format!("{tag}.so"));
    let status = Command::new(llvm("ld.lld")).arg("-shared").arg(&o).arg("-o").arg(&so).status().unwrap();
    assert!(status.success());
    (so, occ)
}

/// What one path says of a kernel: (vgpr_count, sgpr_count, waves, limiter).
type Answer = (u32, u32, u32, String);

/// Compares every path on one file; returns the kernels checked.
fn check_file(path: &Path, llc: &BTreeMap<String, u32>) -> usize {
    let shown = path.display().to_string();
    // 1. inspect --json, on each code object's own processor and launch range.
    let json = wavebudget_cli::run(["wavebudget", "inspect", "--json", &shown]).unwrap();
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    // Keyed by (code object index in file order, name): a library can hold the same kernel for one
    // processor twice (xnack on and off).
    let mut inspect: BTreeMap<(usize, String), (String, String, Answer)> = BTreeMap::new();
    for (ci, co) in report["code_objects"].as_array().unwrap().iter().enumerate() {
        let processor = co["processor"].as_str().unwrap_or("").to_string();
        let target = co["target_id"].as_str().unwrap_or("").to_string();
        for k in co["kernels"].as_array().unwrap() {
            let Some(w) = k["waves_per_simd"].as_u64() else { continue };
            let binding: Vec<&str> = k["binding"].as_array().unwrap().iter().map(|b| b.as_str().unwrap()).collect();
            assert_eq!(k["limiter"].as_str().unwrap(), binding[0], "{shown}: limiter is the first binding one");
            let answer = (
                k["vgpr_count"].as_u64().unwrap() as u32,
                k["sgpr_count"].as_u64().unwrap_or(0) as u32,
                w as u32,
                binding[0].to_string(),
            );
            inspect.insert((ci, k["name"].as_str().unwrap().to_string()), (processor.clone(), target.clone(), answer));
        }
    }
    assert!(!inspect.is_empty(), "{shown}: inspect evaluated no kernel");

    // 2. embed's table (what the runtime reads at dispatch), built by the reader crate for each code object.
    let bytes = std::fs::read(path).unwrap();
    let mut table: BTreeMap<(usize, String), Answer> = BTreeMap::new();
    let mut ci = 0;
    walk(&bytes, &mut |found| {
        if let Found::CodeObject(_, data) = found {
            let co = CodeObject::parse(data)?;
            let add = additions(&co);
            let t = Table::parse(&add.table)?;
            for i in 0..t.len() {
                let r = t.at(i);
                let e = r.entry();
                table.insert(
                    (ci, r.name().to_string()),
                    (
                        r.vgpr_count(),
                        r.sgpr_count(),
                        e.record.waves_per_simd as u32,
                        LIMITERS[e.record.limiter as usize].to_string(),
                    ),
                );
            }
            ci += 1;
        }
        Ok(())
    })
    .unwrap();

    // 3. The runtime: the same kernels, dispatched on their own processor at their largest launch size,
    //    equal to the model's one evaluation at that size; and over the launch range equal to inspect.
    let kernels = Kernels::open(path).unwrap();
    let mut runtime: BTreeMap<(String, String), Vec<Answer>> = BTreeMap::new();
    for k in &kernels.kernels {
        let device = Device::from_target(&k.processor).unwrap();
        let d = dispatch(k, &device, None, 0).unwrap();
        let st = wavebudget_model::subtarget(
            &k.processor,
            wavebudget_model::Options { wave_size: Some(k.resources.wavefront_size), ..Default::default() },
        )
        .unwrap();
        let fixed =
            st.evaluate(&k.resources, Some(WorkgroupSize::fixed(k.resources.max_flat_workgroup_size)), 0).unwrap();
        assert_eq!((d.waves_per_simd, &d.binding), (fixed.waves_per_simd, &fixed.binding), "{shown} {}", k.name);
        if k.resources.reqd_workgroup_size.is_some() || st.cu_mode() {
            continue; // launch range = the fixed size, or a mode the runtime's device default differs in
        }
        let ranged = st.evaluate(&k.resources, None, 0).unwrap();
        runtime.entry((k.target.clone(), k.name.clone())).or_default().push((
            k.resources.vgpr_count,
            k.resources.sgpr_count,
            ranged.waves_per_simd,
            ranged.limiter.as_str().into(),
        ));
    }

    // 4. The pass's records of the same file.
    let records = wavebudget_pass::records::Records::load(path).unwrap();

    // Kernels that occur once per processor (records are keyed by processor alone).
    let mut per_processor: BTreeMap<(String, String), usize> = BTreeMap::new();
    for ((_, name), (processor, _, _)) in &inspect {
        *per_processor.entry((processor.clone(), name.clone())).or_default() += 1;
    }
    let mut compared = 0;
    for ((ci, name), (processor, target, want)) in &inspect {
        assert_eq!(table.get(&(*ci, name.clone())), Some(want), "{shown} {name}: embed's table vs inspect");
        if let Some(r) = runtime.get(&(target.clone(), name.clone())) {
            assert!(r.contains(want), "{shown} {name}: the runtime's evaluation {r:?} vs inspect {want:?}");
            compared += 1;
        }
        if per_processor[&(processor.clone(), name.clone())] == 1 {
            // A kernel compiled for the code object's own target id (its XNACK/SRAMECC settings) finds it.
            let id = wavebudget_model::parse_target(target).ok();
            let (xnack, sramecc) = (id.and_then(|t| t.xnack), id.and_then(|t| t.sramecc));
            let rec = match records.find(name, processor, xnack, sramecc) {
                wavebudget_pass::records::Lookup::Found(r) => r,
                other => panic!("{shown} {name}: not in records ({other:?})"),
            };
            let regs = rec.registers.unwrap_or_else(|| panic!("{shown} {name}: records without counts"));
            let p = wavebudget_model::targets::processor(processor).expect("a processor the model knows");
            assert_eq!((regs.vgpr_count(p), regs.sgpr_count()), (want.0, Some(want.1)), "{shown} {name}: records");
        }
        if let Some(&l) = llc.get(name) {
            assert_eq!(want.2, l, "{shown} {name}: inspect vs llc-22's own occupancy");
        }
    }
    // The runtime's keys are inspect's (the target id), so the comparison above ran.
    assert!(
        compared * 2 >= inspect.len(),
        "{shown}: only {compared} of {} kernels compared with the runtime",
        inspect.len()
    );
    inspect.len()
}

#[test]
fn every_path_agrees_on_the_llc_corpus_and_a_real_library() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let corpus = [root.join("crates/wavebudget-codeobj/tests/inputs/kernels.ll"), root.join("examples/tile_kernel.ll")];
    let mut checked = 0;
    for ll in &corpus {
        for cpu in ["gfx900", "gfx908", "gfx90a", "gfx942", "gfx950", "gfx1030", "gfx1100", "gfx1201"] {
            let (so, occ) = compile(ll, cpu);
            assert!(!occ.is_empty());
            checked += check_file(&so, &occ);
        }
    }
    // A real library from Debian (scripts/ensure-deps.sh installs librocrand1): every GPU, every kernel.
    let rocrand = Path::new("/usr/lib/x86_64-linux-gnu/librocrand.so.1.1");
    assert!(rocrand.exists(), "librocrand1 is missing: scripts/ensure-deps.sh installs it");
    let real = check_file(rocrand, &BTreeMap::new());
    assert!(real > 100, "librocrand: only {real} kernels");
    println!("{checked} kernels of the llc corpus and {real} of librocrand agree on every path");
}

/// The descriptor rule's class (`descriptor_granules.rs` has llc-15/19/22 against inspect): every SGPR
/// count from s60 to s101, VGPRs around each granule, AGPR splits and `"W,W"` padding, through every path.
#[test]
fn every_path_agrees_on_the_granule_probes() {
    let mut checked = 0;
    for cpu in ["gfx803", "gfx900", "gfx908", "gfx90a", "gfx942", "gfx950", "gfx1030", "gfx1100", "gfx1201"] {
        let st = wavebudget_model::subtarget(cpu, Default::default()).unwrap();
        let ll = scratch(&format!("probes-{cpu}.ll"));
        let probes = wavebudget_testkit::kernels::granule_probes(&st);
        std::fs::write(&ll, wavebudget_testkit::kernels::probes_module(&probes)).unwrap();
        let (so, occ) = compile(&ll, cpu);
        assert_eq!(occ.len(), probes.len());
        checked += check_file(&so, &occ);
    }
    println!("{checked} probe kernels agree on every path");
}
