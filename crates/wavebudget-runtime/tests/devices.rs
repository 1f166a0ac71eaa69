//! The runtime against real device captures (`tests/fixtures/kfd/`, sources in SOURCES.md there) and
//! against llc-22: waves/SIMD at dispatch equals llc's "Occupancy [waves/SIMD]" for the same kernel and
//! launch size; the CU counts equal the products' published CU counts.

use wavebudget_testkit::llvm as common;

use common::{offload_bundle, tool};
use std::path::{Path, PathBuf};
use std::process::Command;
use wavebudget_runtime::{dispatch, kfd, Device, Kernels};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/kfd").join(name)
}

/// A KFD root with a CPU node 0 and the capture as GPU node 1, as the driver lays it out.
fn kfd_root(capture: &str, test: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("wavebudget-kfd-{}-{test}-{capture}", std::process::id()));
    std::fs::create_dir_all(root.join("nodes/0")).unwrap();
    std::fs::create_dir_all(root.join("nodes/1")).unwrap();
    std::fs::write(root.join("nodes/0/properties"), "cpu_cores_count 32\nsimd_count 0\n").unwrap();
    std::fs::copy(fixture(capture), root.join("nodes/1/properties")).unwrap();
    root
}

#[test]
fn captures_give_the_products_cu_counts() {
    // Published CU counts: MI300X 304, Radeon RX 7900 XTX 96, Vega20 (Radeon VII) 60.
    for (capture, target, cus, wave) in [
        ("gfx942_mi300x.properties", "gfx942", 304, 64),
        ("gfx1100_rx7900xtx.properties", "gfx1100", 96, 32),
        ("gfx906_vega20.properties", "gfx906", 60, 64),
    ] {
        let devices = kfd::devices(&kfd_root(capture, "cus")).unwrap();
        assert_eq!(devices.len(), 1, "{capture}: the CPU node is not a device");
        let d = &devices[0];
        assert_eq!(d.target.canonical(), target, "{capture}");
        assert_eq!(d.compute_units, Some(cus), "{capture}");
        assert_eq!(d.wave_size, wave, "{capture}");
        assert!(d.notes.is_empty(), "{capture}: {:?}", d.notes);
    }
    assert_eq!(kfd::processor_name(90010), "gfx90a");
    assert_eq!(kfd::processor_name(90500), "gfx950");
    assert_eq!(kfd::processor_name(100300), "gfx1030");
    let missing = kfd::devices(Path::new("/nonexistent/kfd")).unwrap_err().to_string();
    assert!(missing.contains("/nonexistent/kfd/nodes") && missing.contains("no KFD topology"), "{missing}");
}

/// A driver whose waves per SIMD differ from LLVM 22's for the processor (MI300X's capture with 10 for
/// LLVM's 8, `AMDGPUBaseInfo`'s `getMaxWavesPerEU` for gfx942) is taken at its word, and says so in a
/// typed note.
#[test]
fn a_driver_that_differs_from_llvm_is_noted() {
    let root = kfd_root("gfx942_mi300x.properties", "maxwaves");
    let props = root.join("nodes/1/properties");
    let text = std::fs::read_to_string(&props).unwrap();
    assert!(text.contains("max_waves_per_simd 8\n"), "the capture's own value");
    std::fs::write(&props, text.replace("max_waves_per_simd 8\n", "max_waves_per_simd 10\n")).unwrap();
    let d = kfd::devices(&root).unwrap().remove(0);
    assert_eq!(d.max_waves_per_simd, 10);
    assert_eq!(
        d.notes,
        vec![wavebudget_runtime::DeviceNote::MaxWaves { driver: 10, llvm: 8, processor: "gfx942".into() }]
    );
    assert_eq!(d.notes[0].kind(), "max_waves");
    assert_eq!(
        serde_json::to_value(&d.notes).unwrap(),
        serde_json::json!(["the driver reports 10 waves per SIMD; LLVM 22 models 8 for gfx942"])
    );
}

/// A capture that contradicts its processor: a wave size it does not run is refused, naming it (as a
/// wrong `simd_per_cu` is); LDS other than LLVM's for the processor's CU is noted (the captures above,
/// real drivers, give LLVM's 64 KiB and no note). RDNA3 runs wave64 too: its driver may say either.
#[test]
fn a_capture_that_contradicts_its_processor_is_refused_or_noted() {
    let with = |capture: &str, test: &str, from: &str, to: &str| {
        let root = kfd_root(capture, test);
        let props = root.join("nodes/1/properties");
        let text = std::fs::read_to_string(&props).unwrap();
        assert!(text.contains(from), "{capture}: {from}");
        std::fs::write(&props, text.replace(from, to)).unwrap();
        kfd::devices(&root)
    };
    let e = with("gfx942_mi300x.properties", "wave32", "wave_front_size 64\n", "wave_front_size 32\n")
        .unwrap_err()
        .to_string();
    assert!(e.ends_with("wave_front_size 32, but gfx942 runs wave64 only"), "{e}");
    let d = with("gfx1100_rx7900xtx.properties", "wave64", "wave_front_size 32\n", "wave_front_size 64\n").unwrap();
    assert_eq!((d[0].wave_size, d[0].notes.len()), (64, 0));
    for (kib, llvm) in [(160, 64), (0, 64)] {
        let d = with(
            "gfx942_mi300x.properties",
            &format!("lds{kib}"),
            "lds_size_in_kb 64\n",
            &format!("lds_size_in_kb {kib}\n"),
        )
        .unwrap()
        .remove(0);
        assert_eq!(
            d.notes,
            vec![wavebudget_runtime::DeviceNote::Lds { driver_kib: kib, llvm_kib: llvm, processor: "gfx942".into() }]
        );
        assert_eq!(d.notes[0].kind(), "lds");
    }
}

/// llc-22's occupancy for each kernel of `ll` at `cpu`, and the object it wrote.
fn llc(ll: &Path, cpu: &str, wg: u32, tag: &str) -> (PathBuf, std::collections::BTreeMap<String, u32>) {
    common::llc_fixed_launch(ll, cpu, "", wg, tag)
}

#[test]
fn dispatch_matches_llc_on_the_captured_devices() {
    let ll = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/lit/Inputs/pressure.ll");
    for (capture, cpu, wg, eus, units_per_cu) in [
        ("gfx942_mi300x.properties", "gfx942", 256u32, 4u32, 1u32),
        ("gfx1100_rx7900xtx.properties", "gfx1100", 256, 4, 2), // WGP mode: a WGP is 2 CUs, 4 SIMDs
        ("gfx906_vega20.properties", "gfx906", 128, 4, 1),
    ] {
        let device = kfd::devices(&kfd_root(capture, "llc")).unwrap().remove(0);
        let (obj, occ) = llc(&ll, cpu, wg, cpu);
        let kernels = Kernels::open(&obj).unwrap();
        for (name, llc_waves) in &occ {
            let k = kernels.for_device(name, &device).unwrap();
            let d = dispatch(k, &device, Some(wg), 0).unwrap();
            assert_eq!(d.waves_per_simd, *llc_waves, "{cpu} {name}: dispatch vs llc-22");
            // No LDS here: workgroups per CU (WGP) are the waves that fit over the waves of one workgroup,
            // capped by the workgroup slots.
            let waves_per_wg = wg.div_ceil(k.resources.wavefront_size);
            assert!(d.workgroups_per_cu <= llc_waves * eus / waves_per_wg, "{cpu} {name}: {d:?}");
            assert!(d.workgroups_per_cu >= 1);
            let units = device.compute_units.unwrap() / units_per_cu;
            assert_eq!(d.persistent_grid_size, Some(units * d.workgroups_per_cu), "{cpu} {name}");
        }
    }
}

/// LLVM's model leaves the LDS allocation granule out; the hardware does not. 21845 bytes per 256-thread
/// workgroup on MI300X: LLVM counts 65536 / 21845 = 3 workgroups (3 waves/SIMD); the hardware allocates
/// 22016 bytes (the granule's multiple), so 2 workgroups (8 waves over 4 SIMDs: 2 per SIMD) are resident.
/// The dispatch says both, and the workgroups and resident waves agree with each other.
#[test]
fn resident_waves_follow_the_hardwares_lds_granule() {
    let ll = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/lit/Inputs/pressure.ll");
    let (obj, _) = llc(&ll, "gfx942", 256, "granule");
    let kernels = Kernels::open(&obj).unwrap();
    let device = Device::from_target("MI300X").unwrap();
    let k = kernels.for_device("acc40", &device).unwrap();
    let dynamic = 21845 - k.resources.group_segment_fixed_size;
    let d = dispatch(k, &device, Some(256), dynamic).unwrap();
    assert_eq!((d.waves_per_simd, d.workgroups_per_cu, d.resident_waves_per_simd), (3, 2, 2), "{d:?}");
    let prepared = wavebudget_runtime::PreparedDevice::new(device.clone()).unwrap();
    let p = prepared.dispatch(&k.resources, Some(256), dynamic).unwrap();
    assert_eq!((p.waves_per_simd, p.workgroups_per_cu, p.resident_waves_per_simd), (3, 2, 2), "{p:?}");
    // A multiple of the granule: both agree.
    let d = dispatch(k, &device, Some(256), 16384 - k.resources.group_segment_fixed_size).unwrap();
    assert_eq!((d.waves_per_simd, d.workgroups_per_cu, d.resident_waves_per_simd), (4, 4, 4), "{d:?}");
}

#[test]
fn dynamic_lds_and_lookups() {
    let ll = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/lit/Inputs/pressure.ll");
    let (obj, _) = llc(&ll, "gfx942", 256, "lds");
    let kernels = Kernels::open(&obj).unwrap();
    let device = Device::from_target("MI300X").unwrap();
    let k = kernels.for_device("acc40", &device).unwrap();
    // 40 KiB of dynamic LDS: one 256-thread workgroup per CU (64 KiB), 4 waves over 4 SIMDs.
    let d = dispatch(k, &device, Some(256), 40 * 1024).unwrap();
    assert_eq!((d.workgroups_per_cu, d.waves_per_simd), (1, 1), "{d:?}");
    assert_eq!(d.limiter.as_str(), "lds");
    assert_eq!(d.persistent_grid_size, None, "a processor name has no CU count");
    // Refusals are variants with data; the prose is their Display.
    use wavebudget_runtime::{Error, KernelRefusal};
    let e = kernels.for_device("nope", &device).unwrap_err();
    assert!(
        matches!(&e, Error::Kernel(KernelRefusal::NotFound { name, kernels }) if name == "nope" && kernels.iter().any(|k| k == "acc40")),
        "{e:?}"
    );
    assert!(e.to_string().starts_with("no kernel named 'nope' (kernels: "), "{e}");
    let e = kernels.for_device("acc40", &Device::from_target("gfx90a").unwrap()).unwrap_err();
    assert!(
        matches!(&e, Error::Kernel(KernelRefusal::OtherProcessor { built_for, device, .. }) if built_for == &["gfx942"] && device == "gfx90a"),
        "{e:?}"
    );
    assert!(e.to_string().contains("built for gfx942, not for the device's gfx90a"), "{e}");
    let e = dispatch(k, &device, Some(512), 0).unwrap_err();
    assert!(matches!(&e, Error::Kernel(KernelRefusal::Launch { kernel, .. }) if kernel == "acc40"), "{e:?}");
    assert!(
        e.to_string().contains("kernel 'acc40': launch size 512 is over the kernel's .max_flat_workgroup_size 256"),
        "{e}"
    );
}

#[test]
fn hsa_runtime_gives_gpus_or_the_reason() {
    // The line each refusal prints, as the runtime said it before its errors were typed.
    fn why_says(e: &wavebudget_runtime::hsa::HsaError) -> &'static str {
        use wavebudget_runtime::hsa::HsaError;
        match e {
            HsaError::Init { .. } => "hsa_init failed with 0x",
            HsaError::NoGpu { .. } => "the HSA runtime reports no usable GPU agent",
            HsaError::Load { .. } => "libhsa-runtime64.so.1 cannot be loaded: ",
            _ => "libhsa-runtime64.so.1 has no ",
        }
    }
    match wavebudget_runtime::hsa::devices() {
        Ok(devices) => {
            for d in &devices {
                assert!(d.compute_units.unwrap_or(0) > 0, "{d:?}");
            }
        }
        Err(why) => {
            // scripts/ensure-deps.sh installs libhsa-runtime64-1, so the real library is tried here; with no
            // AMD GPU its hsa_init fails and the reason says so.
            let lib = Path::new("/usr/lib/x86_64-linux-gnu/libhsa-runtime64.so.1").exists();
            use wavebudget_runtime::hsa::HsaError;
            assert!(
                if lib {
                    matches!(&why, HsaError::Init { status } if status.starts_with("0x"))
                        || matches!(why, HsaError::NoGpu { .. })
                } else {
                    matches!(why, HsaError::Load { .. })
                },
                "{why:?}"
            );
            assert!(why.to_string().contains(why_says(&why)), "{why}");
        }
    }
}

#[test]
fn variants_by_policy() {
    // Three variants of one kernel built by llc-22 for gfx942: without a waves target (163 VGPRs, no
    // spills, 3 waves), at 4 waves (spills to fit 128) and at 8 waves (spills more).
    let ll = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/lit/Inputs/pressure.ll");
    let text = std::fs::read_to_string(ll).unwrap();
    let mut files = Vec::new();
    for (tag, attr) in
        [("base", ""), ("w4", " \"amdgpu-waves-per-eu\"=\"4\""), ("w8", " \"amdgpu-waves-per-eu\"=\"8\"")]
    {
        let src = std::env::temp_dir().join(format!("wavebudget-variants-{}-{tag}.ll", std::process::id()));
        std::fs::write(
            &src,
            text.replace("\"amdgpu-agpr-alloc\"=\"0\"", &format!("\"amdgpu-agpr-alloc\"=\"0\"{attr}")),
        )
        .unwrap();
        let obj = src.with_extension("o");
        assert!(Command::new(tool("llc"))
            .args(["-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942", "-filetype=obj"])
            .arg(&src)
            .arg("-o")
            .arg(&obj)
            .status()
            .unwrap()
            .success());
        files.push(Kernels::open(&obj).unwrap());
    }
    let variants: Vec<&wavebudget_runtime::KernelInfo> = files.iter().map(|f| f.find("acc160")[0]).collect();
    assert_eq!(variants[0].resources.spills, 0);
    assert!(
        variants[1].resources.spills > 0 && variants[2].resources.spills > variants[1].resources.spills,
        "{variants:?}"
    );
    let mi300x = kfd::devices(&kfd_root("gfx942_mi300x.properties", "variants")).unwrap().remove(0);
    use wavebudget_runtime::{choose_variant, Policy};
    let c = choose_variant(&variants, &mi300x, Some(256), 0, Policy::MostWavesWithoutSpills).unwrap();
    assert_eq!(c.index, 0, "the only spill-free variant");
    assert_eq!(c.dispatch.waves_per_simd, 3);
    let c = choose_variant(&variants, &mi300x, Some(256), 0, Policy::FewestSpills).unwrap();
    assert_eq!(c.index, 0);
    // Among the spilling ones alone, "most waves without spills" falls back to the fewest spills.
    let c = choose_variant(&variants[1..], &mi300x, Some(256), 0, Policy::MostWavesWithoutSpills).unwrap();
    assert_eq!(c.index, 0, "w4 spills less than w8");
    let c = choose_variant(&variants, &mi300x, Some(256), 0, Policy::ForProcessor).unwrap();
    assert_eq!(c.index, 0);
    let e = choose_variant(&variants, &Device::from_target("gfx90a").unwrap(), Some(256), 0, Policy::FewestSpills)
        .unwrap_err();
    use wavebudget_runtime::{Error, KernelRefusal, Skipped};
    let Error::Kernel(KernelRefusal::NoVariant { processor, skipped }) = &e else { panic!("{e:?}") };
    assert_eq!(processor, "gfx90a");
    assert!(
        skipped.iter().all(|s| matches!(s, Skipped::OtherProcessor { processor, .. } if processor == "gfx942")),
        "{skipped:?}"
    );
    assert!(e.to_string().contains("no variant fits gfx90a") && e.to_string().contains("acc160 (gfx942)"), "{e}");
}

/// The topology parser on mutations of the real captures: every line dropped, every number replaced
/// by 0, a huge value and a negative one, and every byte truncation: no panic, and a named error or a
/// device.
#[test]
fn topology_parser_survives_mutations_of_the_captures() {
    use wavebudget_runtime::fuzzing::check_properties;
    for capture in ["gfx942_mi300x", "gfx1100_rx7900xtx", "gfx906_vega20"] {
        let text = std::fs::read_to_string(fixture(&format!("{capture}.properties"))).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for i in 0..lines.len() {
            let mut dropped = lines.clone();
            dropped.remove(i);
            check_properties(dropped.join("\n").as_bytes());
            let key = lines[i].split_whitespace().next().unwrap_or("");
            for v in ["0", "18446744073709551615", "4294967296", "-1", "x"] {
                let mut changed = lines.clone();
                let replaced = format!("{key} {v}");
                changed[i] = &replaced;
                let joined = changed.join("\n");
                check_properties(joined.as_bytes());
                if ["simd_per_cu", "simd_count", "gfx_target_version", "lds_size_in_kb"].contains(&key) && v != "0" {
                    let Ok(props) = kfd::parse_properties(Path::new("p"), &joined) else { continue };
                    match kfd::device_from_properties(1, Path::new("p"), &props) {
                        Err(wavebudget_runtime::Error::Device(r)) => assert_eq!(r.path, "p", "{r}"),
                        Err(wavebudget_runtime::Error::Model(_)) | Ok(_) => {}
                        Err(e) => panic!("not a device refusal: {e:?}"),
                    }
                }
            }
        }
        for cut in 0..text.len() {
            check_properties(&text.as_bytes()[..cut]);
        }
    }
}

/// `pressure.ll` compiled by llc-22 for gfx942 with `-mattr` (xnack set or left "any") and a fixed launch
/// size (so each build is told apart by its `.max_flat_workgroup_size`); the object and llc's occupancy.
fn llc_features(mattr: &str, wg: u32, tag: &str) -> (PathBuf, std::collections::BTreeMap<String, u32>) {
    llc_for("gfx942", mattr, wg, tag)
}

/// [`llc_features`] for another processor (`-mcpu`), a generic one included.
fn llc_for(cpu: &str, mattr: &str, wg: u32, tag: &str) -> (PathBuf, std::collections::BTreeMap<String, u32>) {
    common::llc_fixed_launch(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/lit/Inputs/pressure.ll"),
        cpu,
        mattr,
        wg,
        tag,
    )
}

/// Builds of one kernel that differ in xnack: the device takes the build the loader would (a set xnack
/// only on a device with the same setting, "any" on either); a device that does
/// not say its xnack gets a refusal naming the setting, not the first build's numbers; a device whose
/// setting no build has gets a refusal. Each answer equals llc-22's occupancy for the build it names.
#[test]
fn the_build_the_loader_takes_by_xnack() {
    use wavebudget_runtime::{Error, KernelRefusal};
    let (plus, occ_plus) = llc_features("+xnack", 128, "xnack-plus");
    let (minus, occ_minus) = llc_features("-xnack", 256, "xnack-minus");
    let (any, occ_any) = llc_features("", 64, "xnack-any");
    let pair = Kernels::open(&offload_bundle(&[("gfx942:xnack+", &plus), ("gfx942:xnack-", &minus)], "pair")).unwrap();
    for (device, wg, occ) in [("gfx942:xnack+", 128, &occ_plus), ("gfx942:xnack-", 256, &occ_minus)] {
        let device = Device::from_target(device).unwrap();
        for name in ["acc40", "acc160"] {
            let k = pair.lookup(name, &device).unwrap();
            assert_eq!(
                k.resources.max_flat_workgroup_size,
                wg,
                "{name} on {}: {}",
                device.target.canonical(),
                k.target
            );
            let d = dispatch(k, &device, Some(wg), 0).unwrap();
            assert_eq!(d.waves_per_simd, occ[name], "{name} on {}: dispatch vs llc-22", device.target.canonical());
        }
    }
    let e = pair.lookup("acc40", &Device::from_target("gfx942").unwrap()).unwrap_err();
    assert!(
        matches!(&e, Error::Kernel(KernelRefusal::AmbiguousBuild { feature: "xnack", built_for, .. }) if built_for.len() == 2),
        "{e:?}"
    );
    let only_plus = Kernels::open(&offload_bundle(&[("gfx942:xnack+", &plus)], "plus")).unwrap();
    let e = only_plus.lookup("acc40", &Device::from_target("gfx942:xnack-").unwrap()).unwrap_err();
    assert!(matches!(&e, Error::Kernel(KernelRefusal::OtherFeatures { .. })), "{e:?}");
    // choose_variant skips the builds the device does not load: the first build in the bundle is xnack+.
    let cands = pair.find("acc40");
    assert!(cands[0].target.ends_with("xnack+"), "{}", cands[0].target);
    let minus_device = Device::from_target("gfx942:xnack-").unwrap();
    let c =
        wavebudget_runtime::choose_variant(&cands, &minus_device, None, 0, wavebudget_runtime::Policy::ForProcessor)
            .unwrap();
    assert!(cands[c.index].target.ends_with("xnack-"), "{}", cands[c.index].target);
    assert_eq!(c.dispatch.waves_per_simd, occ_minus["acc40"]);
    // A build that leaves xnack unset loads on either setting (the bundler refuses one beside a build
    // that sets it: "conflicting targets").
    let any = Kernels::open(&any).unwrap();
    for device in ["gfx942:xnack-", "gfx942:xnack+", "gfx942"] {
        let device = Device::from_target(device).unwrap();
        let k = any.lookup("acc40", &device).unwrap();
        assert_eq!(dispatch(k, &device, Some(64), 0).unwrap().waves_per_simd, occ_any["acc40"]);
    }
}

/// Code built for a generic processor runs on the processors of its family (LLVM's AMDGPUUsage, "AMDGPU
/// Generic Processors": gfx9-4-generic on gfx942 and gfx950), evaluated with the device's parameters and
/// equal to llc-22's occupancy for the generic build; a device outside the family is refused; a build for
/// the device's own processor beside it is taken first.
#[test]
fn generic_builds_run_on_their_family() {
    use wavebudget_runtime::{Error, KernelRefusal};
    let (generic, occ) = llc_for("gfx9-4-generic", "", 256, "generic");
    let kernels = Kernels::open(&generic).unwrap();
    for device in ["gfx942", "gfx950"] {
        let device = Device::from_target(device).unwrap();
        let k = kernels.lookup("acc124", &device).unwrap();
        assert_eq!(k.processor, "gfx9-4-generic");
        assert_eq!(dispatch(k, &device, Some(256), 0).unwrap().waves_per_simd, occ["acc124"]);
    }
    let e = kernels.lookup("acc124", &Device::from_target("gfx90a").unwrap()).unwrap_err();
    assert!(matches!(&e, Error::Kernel(KernelRefusal::OtherProcessor { .. })), "{e:?}");
    let (own, _) = llc_for("gfx942", "", 128, "generic-own");
    let both =
        Kernels::open(&offload_bundle(&[("gfx9-4-generic", &generic), ("gfx942", &own)], "generic-both")).unwrap();
    let k = both.lookup("acc124", &Device::from_target("gfx942").unwrap()).unwrap();
    assert_eq!((k.processor.as_str(), k.resources.max_flat_workgroup_size), ("gfx942", 128));
}

/// Issue 56: with no launch size, a dispatch launches a kernel at its `.reqd_workgroup_size` (as inspect
/// evaluates it), not at a larger `.max_flat_workgroup_size` it would then refuse; the prepared device,
/// the direct dispatch and the model's own evaluation give one answer, with and without the size named.
#[test]
fn dispatch_defaults_to_the_required_size_as_inspect_does() {
    use wavebudget_model::KernelResources;
    let res = KernelResources {
        vgpr_count: 96,
        agpr_count: 0,
        sgpr_count: 32,
        group_segment_fixed_size: 8192,
        private_segment_fixed_size: 0,
        wavefront_size: 64,
        max_flat_workgroup_size: 1024,
        reqd_workgroup_size: Some(64),
        spills: 0,
        descriptor: None,
        workgroup_processor_mode: Some(false),
    };
    let device = wavebudget_runtime::Device::from_target("gfx942").unwrap();
    let prepared = wavebudget_runtime::PreparedDevice::new(device.clone()).unwrap();
    let default = prepared.dispatch(&res, None, 0).unwrap();
    let named = prepared.dispatch(&res, Some(64), 0).unwrap();
    assert_eq!((default.workgroup_size, default.waves_per_simd), (64, named.waves_per_simd));
    let st = wavebudget_model::Subtarget::for_kernel(device.target, Some(64), Some(false), Default::default()).unwrap();
    let inspect = st.evaluate(&res, None, 0).unwrap();
    assert_eq!(default.waves_per_simd, inspect.waves_per_simd);
    assert_eq!(default.workgroups_per_cu, inspect.hardware.workgroups_per_cu);
}

/// `MostWavesWithoutSpills` takes the variant with the most resident waves, as its documentation says
/// (docs/runtime.md, wavebudget.h): of two 256-thread variants at 3 waves/SIMD for LLVM (llc-22's remark),
/// one holds 21844 bytes of LDS, which the hardware allocates as 22016 (2 workgroups: 2 waves resident);
/// the other is held by its registers (3 workgroups: 3 resident). The choice ranked by LLVM's waves and
/// took the first on the tie (fewer VGPRs): 2 resident where 3 were to be had (a helper's audit, 12 of 660
/// calls).
#[test]
fn the_most_waves_policy_takes_the_most_resident_waves() {
    use wavebudget_runtime::Policy;
    let lds = "@lds.tile = internal addrspace(3) global [5461 x float] poison, align 4\n\
        define amdgpu_kernel void @lds(ptr addrspace(1) %out) #0 {\n\
        \x20 %id = call i32 @llvm.amdgcn.workitem.id.x()\n\
        \x20 %li = urem i32 %id, 5461\n\
        \x20 %lp = getelementptr [5461 x float], ptr addrspace(3) @lds.tile, i32 0, i32 %li\n\
        \x20 store float 1.0, ptr addrspace(3) %lp\n\
        \x20 call void @llvm.amdgcn.s.barrier()\n\
        \x20 %lj = xor i32 %li, 1\n\
        \x20 %lq = getelementptr [5461 x float], ptr addrspace(3) @lds.tile, i32 0, i32 %lj\n\
        \x20 %v = load float, ptr addrspace(3) %lq\n\
        \x20 store float %v, ptr addrspace(1) %out\n\
        \x20 ret void\n}\n";
    let ir = wavebudget_testkit::kernels::module(
        [lds.to_string(), wavebudget_testkit::kernels::vector_acc("regs", 160, false)],
        "\"target-cpu\"=\"gfx942\" \"amdgpu-flat-work-group-size\"=\"256,256\" \"amdgpu-agpr-alloc\"=\"0\"",
    );
    let ll = std::env::temp_dir().join(format!("wavebudget-rt-{}-resident.ll", std::process::id()));
    std::fs::write(&ll, ir).unwrap();
    let (obj, occ) = common::llc_fixed_launch(&ll, "gfx942", "", 256, "resident");
    let kernels = Kernels::open(&obj).unwrap();
    let device = kfd::devices(&kfd_root("gfx942_mi300x.properties", "resident")).unwrap().remove(0);
    let answers: Vec<_> = ["lds", "regs"]
        .iter()
        .map(|n| dispatch(kernels.lookup(n, &device).unwrap(), &device, None, 0).unwrap())
        .collect();
    for (name, d) in ["lds", "regs"].iter().zip(&answers) {
        assert_eq!(d.waves_per_simd, occ[*name], "{name}: dispatch vs llc-22");
        assert_eq!(d.waves_per_simd, 3, "{name}");
    }
    assert_eq!((answers[0].resident_waves_per_simd, answers[1].resident_waves_per_simd), (2, 3));
    for names in [["lds", "regs"], ["regs", "lds"]] {
        let c = kernels.choose_variant(&names, &device, None, 0, Policy::MostWavesWithoutSpills).unwrap();
        assert_eq!(names[c.index], "regs", "{names:?}");
        assert_eq!(c.dispatch.resident_waves_per_simd, 3);
    }
}
