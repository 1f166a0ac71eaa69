//! NVIDIA binaries as their users run them, against an H200's driver (issue 47): every kernel and launch of
//! `tests/data/nvidia/h200/` (a copy of `../shared/fixtures/nvidia/h200/`, whose README says how each file
//! was made on the H200: driver 580, CUDA 13.0, Triton 3.6) read through `wavebudget inspect`, its
//! registers, static shared memory, local memory and blocks per SM equal to what the driver answered
//! (`cuFuncGetAttribute`, `cuOccupancyMaxActiveBlocksPerMultiprocessor`). cuobjdump is not the oracle here:
//! on sm_90 it counts the 1 KiB the driver reserves per block as static shared memory.

#![allow(clippy::disallowed_methods, reason = "a test reads the JSON a command printed by key, to check each field")]

use std::path::{Path, PathBuf};
use std::process::Command;

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/nvidia/h200")
}

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_wavebudget"))
}

fn inspect(args: &[&str]) -> serde_json::Value {
    let out = Command::new(bin()).arg("inspect").args(args).arg("--json").output().unwrap();
    assert!(out.status.success(), "inspect {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The H200 driver's answers for the Triton cubins (`triton-cubins/driver.json`).
fn driver() -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(data().join("triton-cubins/driver.json")).unwrap()).unwrap()
}

/// Each cubin of `driver()`'s rows, its bytes beside its row.
fn driver_cubins(d: &serde_json::Value) -> Vec<(Vec<u8>, &serde_json::Value)> {
    let rows = d["rows"].as_array().unwrap().iter();
    rows.map(|r| (std::fs::read(data().join("triton-cubins").join(r["file"].as_str().unwrap())).unwrap(), r)).collect()
}

/// The Triton NVIDIA cache unpacked into a fresh temporary directory named after `tag` (under `triton-cache/`).
fn triton_cache(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tar = Command::new("tar").arg("xJf").arg(data().join("triton-cache.tar.xz")).arg("-C").arg(&dir).status();
    assert!(tar.unwrap().success(), "tar xJf");
    dir
}

fn refused(args: &[&str], needle: &str) {
    let out = Command::new(bin()).args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!((out.status.code(), err.lines().count()), (Some(1), 1), "{args:?}: {err}");
    assert!(err.contains(needle) && out.stdout.is_empty(), "{args:?}: expected '{needle}' in {err}");
}

/// The architectures of a report's cubins that hold kernels, in file order (an executable's fat binary
/// holds entries without any too).
fn arches_with_kernels(j: &serde_json::Value) -> Vec<&str> {
    j["cubins"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| !c["kernels"].as_array().unwrap().is_empty())
        .map(|c| c["arch"].as_str().unwrap())
        .collect()
}

/// (regs, static shared, local, blocks per SM) of a kernel report.
fn facts(k: &serde_json::Value) -> (u64, u64, u64, Option<u64>) {
    (
        k["regs"].as_u64().unwrap(),
        k["shared_mem"].as_u64().unwrap(),
        k["local_mem"].as_u64().unwrap(),
        k["occupancy"]["blocks_per_sm"].as_u64(),
    )
}

/// Each of the 42 Triton cubins at Triton's launch and at the other block sizes the driver was asked
/// about, with Triton's `shared` as dynamic shared memory and the limit raised to the device maximum as
/// Triton's launcher raises it.
#[test]
fn triton_cubins_equal_the_driver() {
    let d = driver();
    assert_eq!(d["device"], "NVIDIA H200");
    let mut points = 0;
    for r in d["rows"].as_array().unwrap() {
        let file = data().join("triton-cubins").join(r["file"].as_str().unwrap());
        let mut launches = vec![(r["block"].as_u64().unwrap(), r["drv_blocks_per_sm"].as_u64().unwrap())];
        for (b, n) in r["drv_blocks_by_block"].as_object().unwrap() {
            launches.push((b.parse().unwrap(), n.as_u64().unwrap()));
        }
        for (block, want) in launches {
            let shared = r["shared_dynamic"].to_string();
            let j = inspect(&[
                file.to_str().unwrap(),
                "--target",
                "H200",
                "--wg-size",
                &block.to_string(),
                "--dynamic-shared-mem",
                &shared,
                "--max-dynamic-shared-mem",
                "max",
            ]);
            let k = &j["cubins"][0]["kernels"][0];
            let driver = (
                r["drv_regs"].as_u64().unwrap(),
                r["drv_static_shared"].as_u64().unwrap(),
                r["drv_local"].as_u64().unwrap(),
                Some(want),
            );
            assert_eq!(facts(k), driver, "{} at {block} threads", r["file"]);
            points += 1;
        }
    }
    assert_eq!(points, 269);
}

/// The nvcc 13 executable's sm_90 cubin (of three: sm_80, sm_90, sm_120, and compute_90 PTX): every kernel
/// at 11 block sizes x 3 dynamic shared memory sizes, as the runtime measured it.
#[test]
fn an_nvcc_executable_equals_the_driver() {
    let nvapp = data().join("nvapp");
    let rows: Vec<serde_json::Value> = std::fs::read_to_string(data().join("nvapp_occ.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut reports = std::collections::HashMap::new();
    let mut points = 0;
    for r in &rows {
        let (block, dynamic) = (r["block"].as_u64().unwrap(), r["dyn"].as_u64().unwrap());
        let j = reports.entry((block, dynamic)).or_insert_with(|| {
            inspect(&[
                nvapp.to_str().unwrap(),
                "--wg-size",
                &block.to_string(),
                "--dynamic-shared-mem",
                &dynamic.to_string(),
            ])
        });
        // Its three architectures are read, each from its own entry.
        assert_eq!(arches_with_kernels(j), ["sm_80", "sm_90", "sm_120"]);
        let sm90 = j["cubins"].as_array().unwrap().iter().find(|c| c["arch"] == "sm_90" && c["kernels"][0].is_object());
        let name = r["kernel"].as_str().unwrap();
        // The JSON names kernels by their source names (k_live160 for k_live<160>): matched on the mangled.
        let mangled_part = match name.strip_prefix("k_live") {
            Some(n) => format!("k_liveILi{n}E"),
            None => format!("{}{name}P", name.len()),
        };
        let k = sm90.unwrap()["kernels"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["name"].as_str().unwrap().contains(&mangled_part))
            .unwrap_or_else(|| panic!("{name}"));
        assert_eq!(r["err"], 0, "{r}");
        let driver = (
            r["regs"].as_u64().unwrap(),
            r["static_shared"].as_u64().unwrap(),
            r["local"].as_u64().unwrap(),
            r["blocks_per_sm"].as_u64(),
        );
        assert_eq!(facts(k), driver, "{name} at {block} threads, {dynamic} B dynamic");
        points += 1;
    }
    assert_eq!(points, 321);
    // cuobjdump's SHARED is the section, the reserve included (its resource usage beside the executable):
    // 25,024 on sm_90 for k_static_smem's 24,000, which the driver reports.
    let j = &reports[&(128, 0)];
    let k = j["cubins"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["arch"] == "sm_90")
        .flat_map(|c| c["kernels"].as_array().unwrap())
        .find(|k| k["name"].as_str().unwrap().contains("k_static_smem"))
        .unwrap();
    assert_eq!(
        (k["shared_section"].as_u64(), k["reserved_shared"].as_u64(), k["shared_mem"].as_u64()),
        (Some(25_024), Some(1024), Some(24_000))
    );
    let resusage = std::fs::read_to_string(data().join("nvapp_resusage.txt")).unwrap();
    assert!(resusage.contains("SHARED:25024"), "cuobjdump's resource usage no longer shows the reserve");
}

/// A Triton NVIDIA cache (`<hash>/<name>.cubin` + `<name>.json`): each entry at Triton's own launch equals
/// the driver (entries whose cubin is one of the 42 above), and the four whose `shared` is over the device
/// say they cannot launch, as Triton says "out of resource: shared memory".
#[test]
fn a_triton_nvidia_cache_equals_the_driver() {
    let dir = triton_cache("wb-h200-cache");
    let j = inspect(&[dir.join("triton-cache").to_str().unwrap()]);
    let d = driver();
    let known = driver_cubins(&d);
    let (mut checked, mut unlaunchable) = (0, 0);
    let cubins = j["cubins"].as_array().unwrap();
    assert_eq!(cubins.len(), 55);
    for c in cubins {
        let bytes = std::fs::read(c["source"].as_str().unwrap()).unwrap();
        let k = &c["kernels"][0];
        if let Some(why) = k["occupancy"].get("unlaunchable").filter(|u| !u.is_null()) {
            assert_eq!(why["kind"], "dynamic_shared_mem", "{k}");
            assert!(why["dynamic"].as_u64().unwrap() > 232_448, "{k}");
            unlaunchable += 1;
            continue;
        }
        if let Some((_, r)) = known.iter().find(|(b, _)| *b == bytes) {
            let driver = (
                r["drv_regs"].as_u64().unwrap(),
                r["drv_static_shared"].as_u64().unwrap(),
                r["drv_local"].as_u64().unwrap(),
                r["drv_blocks_per_sm"].as_u64(),
            );
            assert_eq!(facts(k), driver, "{}", c["source"]);
            checked += 1;
        }
    }
    assert_eq!((checked, unlaunchable), (51, 4));
    // Issue 56: each entry's cubin named alone reads the Triton launch beside it, as the directory does
    // (it was evaluated at its own launch bounds: 10 of 55 said a block fits where none can launch).
    for c in cubins {
        let alone = inspect(&[c["source"].as_str().unwrap()]);
        assert_eq!(alone["cubins"][0]["kernels"], c["kernels"], "{}", c["source"]);
    }
    // A launch whose files disagree with the cubin beside it is refused, as an AMD entry's is.
    let entry = Path::new(cubins[0]["source"].as_str().unwrap()).parent().unwrap().to_path_buf();
    let cubin = std::fs::read_dir(&entry)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "cubin"))
        .unwrap();
    let json = cubin.with_extension("json");
    let orig: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    for (edit, needle) in [
        (serde_json::json!({"warp_size": 64}), "\"warp_size\" 64 but kernel"),
        (serde_json::json!({"target": {"backend": "cuda", "arch": 120, "warp_size": 32}}), "\"arch\" 120 but"),
    ] {
        let mut v = orig.clone();
        for (k, x) in edit.as_object().unwrap() {
            v[k] = x.clone();
        }
        std::fs::write(&json, v.to_string()).unwrap();
        refused(&["inspect", cubin.to_str().unwrap()], needle);
        refused(&["inspect", entry.to_str().unwrap()], needle);
    }
    std::fs::write(&json, orig.to_string()).unwrap();
    std::fs::remove_dir_all(&dir).ok();
}

/// CUDA words on CUDA inputs, each misuse refused in one line.
#[test]
fn options_for_the_other_vendor_are_refused() {
    let cubin = data().join("triton-cubins/000_add_b128_w1.cubin");
    let c = cubin.to_str().unwrap();
    refused(
        &["inspect", c, "--target", "gfx942"],
        "--target applies to AMD code objects; the inputs hold NVIDIA cubins only",
    );
    refused(&["inspect", c, "--llvm", "15"], "--llvm applies to AMD code objects");
    refused(&["inspect", c, "--dynamic-lds", "64"], "(for a cubin: --dynamic-shared-mem)");
    refused(&["inspect", c, "--wg-size", "64,256"], "a CUDA block has one size");
    refused(&["inspect", c, "--max-dynamic-shared-mem", "lots"], "--max-dynamic-shared-mem 'lots'");
    refused(
        &["inspect", c, "--wg-size", "128", "--max-dynamic-shared-mem", "300000"],
        "a dynamic shared memory limit of 300000 bytes is over what sm_90 lets a kernel",
    );
    // An AMD code object with NVIDIA's words.
    let hsaco = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/triton-cache/E5XNSOXA26KK4JEUQ5ZSH7ORPFZ7ELOP2EJCXRYHXA4RUMBIJ7IA/softmax.hsaco");
    let h = hsaco.to_str().unwrap();
    for flag in [&["--target", "sm_90"][..], &["--dynamic-shared-mem", "64"], &["--max-dynamic-shared-mem", "max"]] {
        refused(
            &[&["inspect", h][..], flag].concat(),
            &format!("{} applies to NVIDIA cubins; the inputs hold AMD code objects only", flag[0]),
        );
    }
    // The report's one configuration: an AMD one takes no NVIDIA launch words (refused as occupancy refuses
    // them); an NVIDIA one reads --wg-size as a CUDA block, as occupancy does (over the device's maximum: a
    // page saying it cannot launch).
    let page = std::env::temp_dir().join(format!("wb-h200-calc-{}.html", std::process::id()));
    let p = page.to_str().unwrap();
    refused(
        &["report", "--target", "gfx942", "--vgprs", "40", "--dynamic-shared-mem", "1024", "-o", p],
        "--dynamic-shared-mem applies to NVIDIA targets (sm_XY or a product name), not 'gfx942'",
    );
    assert!(!page.exists());
    let out = Command::new(bin())
        .args(["report", "--target", "H100", "--regs", "40", "--wg-size", "2048", "-o", p])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::read_to_string(&page)
        .unwrap()
        .contains("Cannot launch:</strong> 2048 threads is more than a block may have (1024)"));
    std::fs::remove_file(&page).ok();
    // sm_90 and H200 name the same architecture.
    let by_arch = inspect(&[c, "--target", "sm_90", "--wg-size", "128"]);
    let by_product = inspect(&[c, "--target", "H200", "--wg-size", "128"]);
    assert_eq!(by_arch["cubins"][0]["kernels"], by_product["cubins"][0]["kernels"]);
}

/// A host binary carrying both vendors' binaries (the nvcc executable with a HIP offload bundle added as
/// `.hip_fatbin`, by clang-offload-bundler-22 and llvm-objcopy-22) yields both: the AMD code object and the
/// three cubins; the CUDA part was skipped without a word.
#[test]
fn a_host_binary_with_both_vendors_yields_both() {
    use wavebudget_testkit::llvm::tool;
    let dir = std::env::temp_dir().join(format!("wb-h200-both-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let hsaco = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/triton-cache/E5XNSOXA26KK4JEUQ5ZSH7ORPFZ7ELOP2EJCXRYHXA4RUMBIJ7IA/softmax.hsaco");
    let bundle = dir.join("b.bundle");
    let ok = Command::new(tool("clang-offload-bundler"))
        .args(["-type=o", "-targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx942", "-input=/dev/null"])
        .arg(format!("-input={}", hsaco.display()))
        .arg(format!("-output={}", bundle.display()))
        .status()
        .unwrap();
    assert!(ok.success());
    let both = dir.join("both.exe");
    let ok = Command::new(tool("llvm-objcopy"))
        .arg(format!("--add-section=.hip_fatbin={}", bundle.display()))
        .arg(data().join("nvapp"))
        .arg(&both)
        .status()
        .unwrap();
    assert!(ok.success());
    let j = inspect(&[both.to_str().unwrap(), "--wg-size", "128"]);
    let amd: Vec<&str> =
        j["code_objects"].as_array().unwrap().iter().map(|c| c["processor"].as_str().unwrap()).collect();
    assert_eq!(amd, ["gfx942"]);
    assert_eq!(arches_with_kernels(&j), ["sm_80", "sm_90", "sm_120"]);
    // The report draws one vendor's kernels a page: the AMD kernel, each cubin holding kernels a line
    // saying it was not drawn (not a silent skip), and NVIDIA launch words refused for that page.
    let page = dir.join("both.html");
    report(&[both.to_str().unwrap()], &page);
    let html = std::fs::read_to_string(&page).unwrap();
    assert_eq!(html.matches("an NVIDIA cubin (sm_").count(), 3, "one line per cubin with kernels");
    refused(
        &["report", both.to_str().unwrap(), "--dynamic-shared-mem", "64", "-o", page.to_str().unwrap()],
        "--dynamic-shared-mem applies to NVIDIA cubins; the page draws the inputs' AMD code objects",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The rows of an NVIDIA binaries page (`report` of cubins): each kernel's data- attributes, the HTML
/// entities of the page undone.
fn page_rows(page: &Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let html = std::fs::read_to_string(page).unwrap();
    let row = regex::Regex::new(r#"<tr (data-kernel="[^>]*)>"#).unwrap();
    let attr = regex::Regex::new(r#"data-([a-z-]+)="([^"]*)""#).unwrap();
    let unescape = |s: &str| {
        s.replace("&#x2f;", "/").replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    };
    row.captures_iter(&html)
        .map(|r| attr.captures_iter(&r[1]).map(|c| (c[1].to_string(), unescape(&c[2]))).collect())
        .collect()
}

fn report(args: &[&str], page: &Path) {
    let out = Command::new(bin()).arg("report").args(args).arg("-o").arg(page).output().unwrap();
    assert!(out.status.success(), "report {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// `report` of NVIDIA binaries draws their kernels at the launch as CUDA users give it, each row equal to
/// the driver: the Triton cache at Triton's own launch (the four entries over the device say they cannot
/// launch), and the nvcc executable at a block size and dynamic shared memory of the capture.
#[test]
fn the_report_of_nvidia_binaries_equals_the_driver() {
    let dir = triton_cache("wb-h200-report");
    let d = driver();
    let known = driver_cubins(&d);
    let page = dir.join("cache.html");
    report(&[dir.join("triton-cache").to_str().unwrap(), "--details", "5"], &page);
    let html = std::fs::read_to_string(&page).unwrap();
    assert_eq!(html.matches("class=\"card kernel\"").count(), 5, "charts for --details kernels");
    let rows = page_rows(&page);
    assert_eq!(rows.len(), 55);
    let (mut checked, mut unlaunchable) = (0, 0);
    for r in &rows {
        let bytes = std::fs::read(&r["source"]).unwrap();
        if r["blocks-per-sm"] == "0" {
            assert!(html.contains("cannot launch: "), "{r:?}");
            unlaunchable += 1;
            continue;
        }
        if let Some((_, k)) = known.iter().find(|(b, _)| *b == bytes) {
            let n = |s: &str| r[s].parse::<u64>().unwrap();
            assert_eq!(
                (n("regs"), n("shared-mem"), n("local-mem"), n("blocks-per-sm")),
                (
                    k["drv_regs"].as_u64().unwrap(),
                    k["drv_static_shared"].as_u64().unwrap(),
                    k["drv_local"].as_u64().unwrap(),
                    k["drv_blocks_per_sm"].as_u64().unwrap()
                ),
                "{r:?}"
            );
            assert_eq!(
                (n("block"), n("dynamic-shared-mem")),
                (k["block"].as_u64().unwrap(), k["shared_dynamic"].as_u64().unwrap())
            );
            checked += 1;
        }
    }
    assert_eq!((checked, unlaunchable), (51, 4));

    // The executable at 128 threads and 4,096 bytes of dynamic shared memory: its sm_90 kernels equal the
    // runtime's answers at that launch.
    let page = dir.join("nvapp.html");
    let nvapp = data().join("nvapp");
    report(&[nvapp.to_str().unwrap(), "--wg-size", "128", "--dynamic-shared-mem", "4096", "--details", "0"], &page);
    let rows = page_rows(&page);
    let occ: Vec<serde_json::Value> = std::fs::read_to_string(data().join("nvapp_occ.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|r: &serde_json::Value| r["block"] == 128 && r["dyn"] == 4096)
        .collect();
    assert_eq!(occ.len(), 11);
    // Which rows are sm_90's: the inspect of the same launch says which source holds them.
    let j = inspect(&[nvapp.to_str().unwrap(), "--wg-size", "128", "--dynamic-shared-mem", "4096"]);
    let sm90_source =
        j["cubins"].as_array().unwrap().iter().find(|c| c["arch"] == "sm_90" && c["kernels"][0].is_object()).unwrap()
            ["source"]
            .as_str()
            .unwrap()
            .to_string();
    let sm90: Vec<_> = rows.iter().filter(|r| r["source"] == sm90_source).collect();
    assert_eq!(sm90.len(), 11);
    for o in &occ {
        let name = o["kernel"].as_str().unwrap();
        let mangled_part = match name.strip_prefix("k_live") {
            Some(n) => format!("k_liveILi{n}E"),
            None => format!("{}{name}P", name.len()),
        };
        let r = sm90.iter().find(|r| r["kernel"].contains(&mangled_part)).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(r["blocks-per-sm"], o["blocks_per_sm"].to_string(), "{name}");
        assert_eq!(r["regs"], o["regs"].to_string(), "{name}");
        assert_eq!(r["shared-mem"], o["static_shared"].to_string(), "{name}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The executable's sm_80 and sm_120 cubins, which the H200 cannot run (a cubin runs on its own major):
/// every kernel's registers, local memory and shared section equal `cuobjdump --dump-resource-usage`
/// beside it (REG, STACK, SHARED: the section, which on sm_90, the one the driver was asked about, holds
/// the 1 KiB reserve the driver does not count); sm_90's are checked against the driver above.
#[test]
fn the_other_architectures_equal_cuobjdump() {
    let text = std::fs::read_to_string(data().join("nvapp_resusage.txt")).unwrap();
    // (arch, function) -> (REG, STACK, SHARED), from each "arch = " block's Function lines.
    let mut want = std::collections::BTreeMap::new();
    let (mut arch, mut func) = (String::new(), String::new());
    for line in text.lines() {
        if let Some(a) = line.strip_prefix("arch = ") {
            arch = a.trim().to_string();
        } else if let Some(f) = line.trim().strip_prefix("Function ") {
            func = f.trim_end_matches(':').to_string();
        } else if line.trim().starts_with("REG:") {
            let field = |name: &str| -> u64 {
                line.split_whitespace().find_map(|w| w.strip_prefix(name)).unwrap().parse().unwrap()
            };
            want.insert((arch.clone(), func.clone()), (field("REG:"), field("STACK:"), field("SHARED:")));
        }
    }
    let j = inspect(&[data().join("nvapp").to_str().unwrap(), "--wg-size", "128"]);
    let mut checked = std::collections::BTreeMap::new();
    for c in j["cubins"].as_array().unwrap() {
        let arch = c["arch"].as_str().unwrap();
        for k in c["kernels"].as_array().unwrap() {
            let key = (arch.to_string(), k["name"].as_str().unwrap().to_string());
            let got =
                (k["regs"].as_u64().unwrap(), k["local_mem"].as_u64().unwrap(), k["shared_section"].as_u64().unwrap());
            assert_eq!(Some(&got), want.get(&key), "{key:?}");
            *checked.entry(arch.to_string()).or_insert(0) += 1;
        }
    }
    assert_eq!(
        checked.into_iter().collect::<Vec<_>>(),
        [("sm_120".into(), 11), ("sm_80".into(), 11), ("sm_90".into(), 11)]
    );
}

/// Issue 56: on a named device, a cubin it cannot load (the nvcc executable's sm_80 and sm_120 entries on
/// an H200, sm_90) has no occupancy and says why, instead of being evaluated on sm_90; its sm_90 cubin is.
#[test]
fn cubins_the_device_cannot_load_have_no_occupancy_there() {
    let j = inspect(&[data().join("nvapp").to_str().unwrap(), "--target", "H200", "--wg-size", "256"]);
    let mut seen = std::collections::BTreeMap::new();
    for c in j["cubins"].as_array().unwrap() {
        for k in c["kernels"].as_array().unwrap() {
            let arch = c["arch"].as_str().unwrap().to_string();
            let got = if arch == "sm_90" {
                assert!(k["occupancy"]["blocks_per_sm"].as_u64().is_some(), "{k}");
                "evaluated".to_string()
            } else {
                assert!(k.get("occupancy").is_none(), "{k}");
                k["no_occupancy"].as_str().unwrap().to_string()
            };
            seen.insert(arch, got);
        }
    }
    assert_eq!(seen["sm_90"], "evaluated");
    assert_eq!(seen["sm_80"], "a sm_80 cubin does not load on sm_90");
    assert_eq!(seen["sm_120"], "a sm_120 cubin does not load on sm_90");
    // The page: only the sm_90 cubin's rows say they were evaluated on sm_90; the others say why not.
    let dir = std::env::temp_dir().join(format!("wb-h200-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("nvapp.html");
    report(&[data().join("nvapp").to_str().unwrap(), "--target", "H200", "--wg-size", "256"], &page);
    let rows = page_rows(&page);
    assert_eq!(rows.len(), 33);
    let cubins = j["cubins"].as_array().unwrap();
    let sm90 = &cubins.iter().find(|c| c["arch"] == "sm_90" && c["kernels"][0].is_object()).unwrap()["source"];
    for r in &rows {
        let on_sm90 = r["source"] == *sm90;
        assert_eq!(r["arch"], if on_sm90 { "sm_90" } else { "" }, "{r:?}");
        assert_eq!(r["blocks-per-sm"].is_empty(), !on_sm90, "{r:?}");
    }
    // The charts' block-size axis ends where the kernel's blocks do: `__launch_bounds__(256)` at 256 (the
    // driver's most threads per block for it), a kernel without launch bounds at the device's 1,024.
    let page = dir.join("details.html");
    report(&[data().join("nvapp").to_str().unwrap(), "--target", "H200", "--wg-size", "256", "--details", "40"], &page);
    let html = std::fs::read_to_string(&page).unwrap();
    let last_block = |kernel: &str| {
        let card = html.split("class=\"card kernel\"").find(|c| c[..c.len().min(800)].contains(kernel)).unwrap();
        let axis = &card[card.find("data-axis=\"Warps per SM vs threads per block\"").unwrap()..];
        let steps = &axis[..axis.find("</table>").unwrap()];
        let to = regex::Regex::new(r#"data-to="(\d+)""#).unwrap();
        to.captures_iter(steps).last().unwrap()[1].to_string()
    };
    assert_eq!(last_block("k_lb256_4"), "256");
    assert_eq!(last_block("k_small"), "1024");
    std::fs::remove_dir_all(&dir).ok();
}
