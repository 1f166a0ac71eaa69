//! One kernel, one answer on every path: for every kernel of an llc-22 corpus and of a real ROCm
//! library (Debian's librocrand), `inspect` (its JSON), `embed`'s kernel table (what the runtime reads
//! at dispatch), the runtime's dispatch on the kernel's own processor, and the pass's records of the
//! same file agree: the same counts, the same waves and the same binding limiters; and on the llc
//! corpus the waves are llc-22's own "Occupancy [waves/SIMD]".

#![allow(clippy::disallowed_methods, reason = "a test reads the JSON a command printed by key, to check each field")]
#![cfg(feature = "llvm")]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use wavebudget_codeobj::table::{Table, LIMITERS};
use wavebudget_codeobj::{walk, CodeObject, Found};
use wavebudget_engine::embed::additions;
use wavebudget_model::WorkgroupSize;
use wavebudget_runtime::{dispatch, Device, Kernels, PreparedDevice};

/// Kernels built for CU mode that the runtime dispatched (the corpus has some: checked once).
static CU_MODE_KERNELS: std::sync::Mutex<usize> = std::sync::Mutex::new(0);
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

/// llc-22 builds `ll` for `spec` (a processor, then any further llc options: `gfx1100 -mattr=+cumode`),
/// linked as a shared object; returns it and llc's occupancy per kernel.
fn compile(ll: &Path, spec: &str) -> (PathBuf, BTreeMap<String, u32>) {
    let mut words = spec.split_whitespace();
    let cpu = words.next().unwrap();
    let tag: String = format!("{}-{spec}", ll.file_stem().unwrap().to_string_lossy())
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' })
        .collect();
    let o = scratch(&format!("{tag}.o"));
    let out = Command::new(llvm("llc"))
        .args(["-mtriple=amdgcn-amd-amdhsa", &format!("-mcpu={cpu}"), "-filetype=obj"])
        .args(words)
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
    //    The kernel's WGP/CU mode is the one its code object gives (the metadata's, or in code object V4
    //    the descriptor's bit), on every path: `cu_mode` counts the kernels built for CU mode.
    let kernels = Kernels::open(path).unwrap();
    let mut runtime: BTreeMap<(String, String), Vec<Answer>> = BTreeMap::new();
    let mut prepared_devices: BTreeMap<String, PreparedDevice> = BTreeMap::new();
    for k in &kernels.kernels {
        let device = Device::from_target(&k.processor).unwrap();
        let d = dispatch(k, &device, None, 0).unwrap();
        let p = wavebudget_model::targets::processor(&k.processor).unwrap();
        let cu_mode = k.resources.cu_mode(p);
        *CU_MODE_KERNELS.lock().unwrap() += cu_mode as usize;
        let st = wavebudget_model::subtarget(
            &k.processor,
            wavebudget_model::Options { wave_size: Some(k.resources.wavefront_size), cu_mode, ..Default::default() },
        )
        .unwrap();
        let fixed =
            st.evaluate(&k.resources, Some(WorkgroupSize::fixed(k.resources.max_flat_workgroup_size)), 0).unwrap();
        assert_eq!((d.waves_per_simd, &d.binding), (fixed.waves_per_simd, &fixed.binding), "{shown} {}", k.name);
        // The runtime's tables built once per device give the same answer.
        let prepared = prepared_devices
            .entry(k.processor.clone())
            .or_insert_with(|| PreparedDevice::new(device.clone()).unwrap())
            .dispatch(&k.resources, None, 0)
            .unwrap();
        assert_eq!(
            (prepared.waves_per_simd, prepared.workgroups_per_cu, prepared.wgp),
            (d.waves_per_simd, d.workgroups_per_cu, d.unit == "WGP"),
            "{shown} {}: PreparedDevice vs dispatch",
            k.name
        );
        if k.resources.reqd_workgroup_size.is_some() {
            continue; // launch range = the fixed size
        }
        let ranged = st.evaluate(&k.resources, None, 0).unwrap();
        runtime.entry((k.target.clone(), k.name.clone())).or_default().push((
            k.resources.vgpr_count,
            k.resources.sgpr_count,
            ranged.waves_per_simd,
            ranged.limiter.as_str().into(),
        ));
    }

    // 4. The pass's records of the same file, and of inspect's JSON of it (`records=` takes either; the
    //    JSON through the ladder crate's typed reader of what the engine writes).
    let records = wavebudget_pass_core::records::Records::load(path).unwrap();
    let from_inspect = wavebudget_pass_core::records::Records::from_json(json.as_bytes()).unwrap();

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
            for (from, recs) in [("the binary", &records), ("inspect --json", &from_inspect)] {
                let rec = match recs.find(name, None, processor, xnack, sramecc) {
                    wavebudget_pass_core::records::Lookup::Found(r) => r,
                    other => panic!("{shown} {name}: not in records of {from} ({other:?})"),
                };
                let regs = rec.registers.unwrap_or_else(|| panic!("{shown} {name}: records without counts"));
                let p = wavebudget_model::targets::processor(processor).expect("a processor the model knows");
                let got = (regs.vgpr_count(p), regs.sgpr_count());
                assert_eq!(got, (want.0, Some(want.1)), "{shown} {name}: records of {from}");
            }
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
        // CU mode (-mcumode) on GFX10-12, in code object V6 (the metadata's .workgroup_processor_mode) and
        // V4 (only the descriptor's WGP_MODE bit says it).
        for cpu in [
            "gfx900",
            "gfx908",
            "gfx90a",
            "gfx942",
            "gfx950",
            "gfx1030",
            "gfx1100",
            "gfx1201",
            "gfx1030 -mattr=+cumode",
            "gfx1100 -mattr=+cumode",
            "gfx1201 -mattr=+cumode",
            "gfx1030 -mattr=+cumode --amdhsa-code-object-version=4",
            "gfx1100 -mattr=+cumode --amdhsa-code-object-version=4",
        ] {
            let (so, occ) = compile(ll, cpu);
            assert!(!occ.is_empty());
            checked += check_file(&so, &occ);
        }
    }
    // A real library from Debian (scripts/ensure-deps.sh installs librocrand1): every GPU, every kernel.
    let rocrand = Path::new("/usr/lib/x86_64-linux-gnu/librocrand.so.1.1");
    assert!(rocrand.exists(), "librocrand1 is missing: scripts/ensure-deps.sh installs it");
    assert!(*CU_MODE_KERNELS.lock().unwrap() >= 5 * corpus.len(), "the CU mode builds were not read as CU mode");
    let real = check_file(rocrand, &BTreeMap::new());
    assert!(real > 100, "librocrand: only {real} kernels");
    println!("{checked} kernels of the llc corpus and {real} of librocrand agree on every path");
}

/// WGP and CU mode (`-mcumode`) on GFX10-12, code object V6 and V4: kernels whose static LDS does not
/// divide a CU's 64 KiB (in CU mode fewer workgroups fit than half a WGP's), launched at their one size
/// (`"N,N"`), so llc-22's occupancy is the dispatch's answer; the runtime (both ways) and every other
/// path agree with it.
#[test]
fn cu_mode_kernels_dispatch_as_llc_counts_them() {
    let mut module = String::from("target triple = \"amdgcn-amd-amdhsa\"\n");
    for (i, (bytes, wg)) in [(40000, 256), (20000, 256), (24000, 512), (12000, 128), (36000, 1024)].iter().enumerate() {
        module.push_str(&format!(
            "@lds{i} = internal addrspace(3) global [{n} x i32] poison, align 4\n\
             define amdgpu_kernel void @k{i}(i32 %i) #{i} {{\n\
             \x20 %g = getelementptr [{n} x i32], ptr addrspace(3) @lds{i}, i32 0, i32 %i\n\
             \x20 store i32 1, ptr addrspace(3) %g\n\
             \x20 ret void\n}}\n\
             attributes #{i} = {{ nounwind \"amdgpu-flat-work-group-size\"=\"{wg},{wg}\" }}\n",
            n = bytes / 4
        ));
    }
    let ll = scratch("cu-mode.ll");
    std::fs::write(&ll, module).unwrap();
    let mut differs = 0;
    for cpu in ["gfx1030", "gfx1100", "gfx1201"] {
        let mut by_mode = Vec::new();
        for spec in [
            cpu.to_string(),
            format!("{cpu} -mattr=+cumode"),
            format!("{cpu} -mattr=+cumode --amdhsa-code-object-version=4"),
        ] {
            let (so, occ) = compile(&ll, &spec);
            assert_eq!(occ.len(), 5, "{spec}");
            check_file(&so, &occ);
            let kernels = Kernels::open(&so).unwrap();
            let prepared = PreparedDevice::new(Device::from_target(cpu).unwrap()).unwrap();
            for k in &kernels.kernels {
                let device = Device::from_target(&k.processor).unwrap();
                let d = dispatch(k, &device, None, 0).unwrap();
                let p = prepared.dispatch(&k.resources, None, 0).unwrap();
                assert_eq!(d.waves_per_simd, occ[&k.name], "{spec} {}: dispatch vs llc-22", k.name);
                assert_eq!(p.waves_per_simd, occ[&k.name], "{spec} {}: PreparedDevice vs llc-22", k.name);
                assert_eq!(d.unit == "WGP", !spec.contains("cumode"), "{spec} {}", k.name);
            }
            by_mode.push(occ);
        }
        differs += by_mode[0].iter().filter(|(k, w)| by_mode[1][*k] != **w).count();
        assert_eq!(by_mode[1], by_mode[2], "{cpu}: V4 and V6 CU mode builds");
    }
    // The two modes give different answers here: the check above could fail.
    assert!(differs >= 3, "only {differs} kernels differ between WGP and CU mode");
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

/// A generic build evaluated on a member of its family counts the registers its descriptor allocates, in
/// `inspect --target` as in the runtime's dispatch on that device: `"amdgpu-waves-per-eu"="2,2"` pads the
/// descriptor to hold two waves, and the loader runs the build as it is. `inspect --target gfx950` of a
/// gfx9-4-generic build dropped the descriptor and answered 4 waves where dispatch answers 2 (a helper's
/// audit, 62 cases). On gfx942 and gfx950 both equal llc-22's occupancy for the same IR built natively
/// (the same 512-VGPR file, so the same padding); on gfx11 members inspect equals dispatch.
#[test]
fn a_generic_build_counts_its_descriptor_on_its_family_in_inspect_and_dispatch() {
    use wavebudget_testkit::kernels::{module, vector_acc};
    let ir = module(
        [vector_acc("k124", 124, false), vector_acc("k40", 40, false)],
        "\"amdgpu-flat-work-group-size\"=\"64,64\" \"amdgpu-waves-per-eu\"=\"2,2\" \"amdgpu-agpr-alloc\"=\"0\"",
    );
    let ll = scratch("generic-padded.ll");
    std::fs::write(&ll, ir).unwrap();
    let mut checked = 0;
    for (generic, members, native) in
        [("gfx9-4-generic", ["gfx942", "gfx950"], true), ("gfx11-generic", ["gfx1100", "gfx1101"], false)]
    {
        let (so, _) = compile(&ll, generic);
        let kernels = Kernels::open(&so).unwrap();
        for member in members {
            let json = wavebudget_cli::run([
                "wavebudget",
                "inspect",
                "--json",
                "--target",
                member,
                "--wg-size",
                "64",
                &so.display().to_string(),
            ])
            .unwrap();
            let report: serde_json::Value = serde_json::from_str(&json).unwrap();
            let llc = native.then(|| compile(&ll, member).1);
            let device = Device::from_target(member).unwrap();
            for k in report["code_objects"][0]["kernels"].as_array().unwrap() {
                let name = k["name"].as_str().unwrap();
                let inspected = k["waves_per_simd"].as_u64().unwrap() as u32;
                let d = dispatch(kernels.lookup(name, &device).unwrap(), &device, Some(64), 0).unwrap();
                assert_eq!(inspected, d.waves_per_simd, "{generic} {name} on {member}: inspect vs dispatch");
                if let Some(llc) = &llc {
                    assert_eq!(inspected, llc[name], "{generic} {name} on {member}: inspect vs llc-22's native build");
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 8);
}
