//! The C API from a C program compiled here (cc) against include/wavebudget.h and the freshly built
//! libwavebudget_runtime.so: a code object compiled by llc-22, the MI300X KFD capture, and the error
//! paths. The answers must equal the Rust API's, and waves/SIMD llc-22's occupancy.

use wavebudget_testkit::llvm as common;

use common::{parse_remarks, remark_u32, tool};
use std::path::{Path, PathBuf};
use std::process::Command;
use wavebudget_runtime::{dispatch, kfd, Kernels};

/// Compiles `source` with `-Wall -Wextra -Werror` against include/wavebudget.h and links `lib` (the
/// compiler from the environment variable `env`, else `default`).
fn build_against_runtime((env, default, std): (&str, &str, &str), source: &Path, exe: &Path, lib: &Path) {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(std::env::var(env).unwrap_or_else(|_| default.into()))
        .args([std, "-Wall", "-Wextra", "-Werror"])
        .arg("-I")
        .arg(here.join("include"))
        .arg(source)
        .arg("-o")
        .arg(exe)
        .arg(format!("-L{}", lib.parent().unwrap().display()))
        .arg("-lwavebudget_runtime")
        .output()
        .unwrap();
    assert!(out.status.success(), "{default} {}: {}", source.display(), String::from_utf8_lossy(&out.stderr));
}

/// The C library, built here: a cdylib-only crate's library is not built for its own integration tests,
/// so the test asks cargo for it (a no-op when it is up to date), in the target directory the test runs
/// from.
fn newest_cdylib() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap().parent().unwrap().to_path_buf();
    let target = dir.parent().unwrap();
    let out = Command::new(env!("CARGO"))
        .args(["build", "--locked", "-q", "-p", "wavebudget-capi", "--target-dir"])
        .arg(target)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "cargo build -p wavebudget-capi: {}", String::from_utf8_lossy(&out.stderr));
    let lib = dir.join("libwavebudget_runtime.so");
    assert!(lib.is_file(), "{} not built", lib.display());
    lib
}

#[test]
fn c_program_gets_the_rust_answers() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = std::env::temp_dir().join(format!("wavebudget-capi-{}", std::process::id()));
    std::fs::create_dir_all(tmp.join("kfd/nodes/0")).unwrap();
    std::fs::create_dir_all(tmp.join("kfd/nodes/1")).unwrap();
    std::fs::write(tmp.join("kfd/nodes/0/properties"), "simd_count 0\n").unwrap();
    std::fs::copy(here.join("../../tests/fixtures/kfd/gfx942_mi300x.properties"), tmp.join("kfd/nodes/1/properties"))
        .unwrap();

    // A code object by llc-22, with its occupancy remarks.
    let obj = tmp.join("pressure.o");
    let llc = Command::new(tool("llc"))
        .args([
            "-mtriple=amdgcn-amd-amdhsa",
            "-mcpu=gfx942",
            "-filetype=obj",
            "-pass-remarks-analysis=kernel-resource-usage",
        ])
        .arg(here.join("../../tests/lit/Inputs/pressure.ll"))
        .arg("-o")
        .arg(&obj)
        .output()
        .unwrap();
    assert!(llc.status.success());
    let remarks = parse_remarks(&String::from_utf8_lossy(&llc.stderr));

    let lib = newest_cdylib();
    let exe = tmp.join("dispatch");
    build_against_runtime(("CC", "cc", "-std=c11"), &here.join("tests/c/dispatch.c"), &exe, &lib);

    let device = kfd::devices(&tmp.join("kfd")).unwrap().remove(0);
    let kernels = Kernels::open(&obj).unwrap();
    for (kernel, wg, dyn_lds) in [("acc124", "256", "0"), ("acc40", "64", "16384"), ("acc160", "0", "0")] {
        let out = Command::new(&exe)
            .args([obj.to_str().unwrap(), tmp.join("kfd").to_str().unwrap(), kernel, wg, dyn_lds])
            .env("LD_LIBRARY_PATH", lib.parent().unwrap())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(
            out.status.success(),
            "C program failed ({}):\n{text}{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].starts_with(&format!("version {} kernels 3 first acc40", env!("CARGO_PKG_VERSION"))),
            "{text}"
        );
        let k = kernels.for_device(kernel, &device).unwrap();
        let wg_n: u32 = wg.parse().unwrap();
        let r = dispatch(k, &device, (wg_n != 0).then_some(wg_n), dyn_lds.parse().unwrap()).unwrap();
        let want = format!(
            "gfx942 {} {} {} 0 304 {}",
            r.waves_per_simd,
            r.limiter.as_str(),
            r.workgroups_per_cu,
            r.persistent_grid_size.unwrap()
        );
        assert_eq!(lines[1], want, "{kernel}: C vs Rust");
        if dyn_lds == "0" && (wg == "256" || wg == "0") {
            // Same launch size as llc's (1..256 built, 256 launched): llc-22's occupancy.
            assert_eq!(r.waves_per_simd, remark_u32(&remarks[kernel], "Occupancy [waves/SIMD]").unwrap(), "{kernel}");
        }
        assert!(text.contains("bad target: null ") && text.contains("gfx9999"), "{text}");
        // A name no kernel has is refused as the CLI's and Python's `dispatch` refuse it (the engine's
        // `resolve_kernel`), naming the argument as C does.
        assert!(
            text.contains("bad kernel: WB_ERR_KERNEL kernel 'no_such_kernel' matches no kernel (kernels: "),
            "{text}"
        );
        assert!(
            text.contains("wrong processor: WB_ERR_KERNEL kernel '") && text.contains("not for the device's gfx90a"),
            "{text}"
        );
        assert!(text.contains("null kernels: WB_ERR_ARGUMENT kernels is NULL"), "{text}");
        assert!(text.contains("bad file: null cannot read /nonexistent.hsaco"), "{text}");
        assert!(text.contains("truncated: 7"), "{text}");
        // Among acc160, acc124 and acc40 (none spills), the most waves: acc40, index 2, llc's occupancy.
        let acc40 = remark_u32(&remarks["acc40"], "Occupancy [waves/SIMD]").unwrap();
        assert!(text.contains(&format!("variant: 0 2 {acc40}")), "{text}");
        assert!(text.contains("bad policy: WB_ERR_ARGUMENT unknown policy 7"), "{text}");
        assert!(text.contains("null name: WB_ERR_ARGUMENT names[1] is NULL"), "{text}");
        // The HSA runtime: GPUs, or -1 and the reason (this machine has no GPU: hsa_init fails).
        let hsa = text.lines().find(|l| l.starts_with("hsa: ")).expect("hsa line");
        assert!(
            hsa.starts_with("hsa: WB_ERR_DEVICE ")
                && (hsa.contains("hsa_init")
                    || hsa.contains("no usable GPU agent")
                    || hsa.contains("cannot be loaded"))
                || !hsa.contains("-1"),
            "{hsa}"
        );
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

/// The compile-time API (`wb_occupancy`, `wb_budget`) from a C++ program built with g++ -Werror: its
/// occupancy equals llc-22's for kernels clobbering the highest VGPR (the occupancy-levels shape), and its
/// `"W,W"` cap llc-22's where padding cannot hold W.
#[test]
fn cpp_compiler_gets_the_models_answers_checked_by_llc() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = std::env::temp_dir().join(format!("wavebudget-capi-cpp-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let lib = newest_cdylib();
    let exe = tmp.join("compile_time");
    build_against_runtime(("CXX", "g++", "-std=c++17"), &here.join("tests/cpp/compile_time.cpp"), &exe, &lib);
    let run = |args: &[&str]| {
        let out = Command::new(&exe).args(args).env("LD_LIBRARY_PATH", lib.parent().unwrap()).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    let field = |line: &str, key: &str| -> u32 {
        let mut it = line.split_whitespace();
        while let Some(w) = it.next() {
            if w == key {
                return it.next().unwrap().split('/').next().unwrap().parse().unwrap();
            }
        }
        panic!("{key} not in {line}")
    };

    // Occupancy against llc-22: a kernel that uses VGPRs up to v(N-1) at 1..256 threads.
    for (cpu, n) in [("gfx942", 128u32), ("gfx942", 100), ("gfx90a", 200), ("gfx1100", 100), ("gfx900", 40)] {
        let ll = tmp.join(format!("v{n}-{cpu}.ll"));
        std::fs::write(
            &ll,
            format!(
                "define amdgpu_kernel void @k() #0 {{\n  call void asm sideeffect \"\", \"~{{v{}}}\"()\n  ret void\n}}\nattributes #0 = {{ \"amdgpu-flat-work-group-size\"=\"1,256\" }}\n",
                n - 1
            ),
        )
        .unwrap();
        let llc = Command::new(tool("llc"))
            .args(["-mtriple=amdgcn-amd-amdhsa", &format!("-mcpu={cpu}"), "-filetype=null"])
            .arg("-pass-remarks-analysis=kernel-resource-usage")
            .arg(&ll)
            .output()
            .unwrap();
        let remarks = parse_remarks(&String::from_utf8_lossy(&llc.stderr));
        let want = remark_u32(&remarks["k"], "Occupancy [waves/SIMD]").unwrap();
        let sgprs = remark_u32(&remarks["k"], "TotalSGPRs").unwrap();
        let line = run(&["occupancy", cpu, &n.to_string(), "0", &sgprs.to_string(), "0", "1", "256"]);
        assert_eq!(field(&line, "waves"), want, "{cpu} {n} VGPRs: C++ {line}, llc-22 {want}");
    }
    // "4,4" on gfx1100 wave32 at 64 threads: llc-22 reaches 5 (tests/lit/cli-refusals.test), not 4.
    let line = run(&["budget", "gfx1100", "4", "64", "64", "0"]);
    assert_eq!((field(&line, "exact"), field(&line, "at")), (0, 5), "{line}");
    // gfx942 at 4 waves: R_max 128 (LLVM's getMaxNumVGPRs: 512 / 4).
    let line = run(&["budget", "gfx942", "4", "256", "256", "0"]);
    assert_eq!((field(&line, "max_vgprs"), field(&line, "exact"), field(&line, "reachable")), (128, 1, 1), "{line}");
    // The launch size through the callback: the model's own choice (suggest_llc.rs checks every candidate
    // against llc-22), and a refusal when no size's LDS fits.
    for (cpu, vgprs, sgprs, fixed, per_item) in [("gfx942", 96u32, 46u32, 4096u32, 32u32), ("gfx1100", 64, 40, 0, 64)] {
        let line = run(&[
            "suggest",
            cpu,
            &vgprs.to_string(),
            &sgprs.to_string(),
            &fixed.to_string(),
            &per_item.to_string(),
            "0",
            "0",
        ]);
        let st = wavebudget_model::subtarget(cpu, Default::default()).unwrap();
        let s = st
            .suggest_wg_size(
                vgprs,
                sgprs,
                &mut |wg| u64::from(fixed + per_item * wg),
                wavebudget_model::WorkgroupSize::DEFAULT,
            )
            .unwrap();
        assert_eq!(
            (field(&line, "wg"), field(&line, "lds"), field(&line, "waves"), field(&line, "resident")),
            (s.best.wg_size, s.best.lds, s.best.waves_per_simd, s.best.resident_waves_per_simd),
            "{line}"
        );
    }
    assert!(run(&["suggest", "gfx942", "64", "30", "100000", "0", "0", "0"]).starts_with("error -5 "));
    // The batch: each cell equals wb_occupancy's answer for it (itself checked against llc-22 above), and a
    // refused cell is named by index.
    for cpu in ["gfx942", "gfx1100", "gfx900"] {
        let counts: Vec<String> = (0..=256).step_by(7).map(|v: u32| v.to_string()).collect();
        let mut args = vec!["batch", cpu, "40", "8192", "256"];
        args.extend(counts.iter().map(String::as_str));
        let line = run(&args);
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells.len(), counts.len(), "{line}");
        for (v, cell) in counts.iter().zip(&cells) {
            let one = run(&["occupancy", cpu, v, "0", "40", "8192", "256", "256"]);
            let code = ["vgpr", "sgpr", "lds", "workgroup", "max_waves"]
                .iter()
                .position(|l| one.contains(&format!("limiter {l} ")))
                .unwrap();
            // The "vgpr" field comes after "max" (the limiter's value may be the word vgpr too).
            let vgpr_waves = field(one.split_once(" max ").unwrap().1, "vgpr");
            assert_eq!(*cell, format!("{}/{}/{}", field(&one, "waves"), code, vgpr_waves), "{cpu} {v}: {one}");
        }
    }
    assert!(run(&["batch", "gfx942", "40", "0", "256", "10", "300"])
        .starts_with("error -5 cell 1 cell 1: 300 architectural VGPRs is more than gfx942 can address"));
    // Issue 56: outputs passed as NULL take no memory per cell (a million cells checked in chunks), and a
    // count past what a batch takes is refused by a line, not an abort or a panic of the host process.
    assert_eq!(run(&["batch-null", "gfx942", "1000000"]).trim(), "ok");
    for n in ["1099511627776", "18446744073709551615"] {
        let got = run(&["batch-null", "gfx942", n]);
        assert!(got.starts_with(&format!("error -1 n {n}: more cells than a batch takes")), "{n}: {got}");
    }
    // Errors come back as codes with a message.
    assert!(run(&["budget", "gfx942", "9", "0", "0", "0"]).starts_with("error -5 9 waves per SIMD is outside 1 to 8"));
    assert!(
        run(&["occupancy", "gfx9999", "1", "0", "0", "0", "0", "0"]).starts_with("error -5 unknown target 'gfx9999'")
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

/// `wb_nv_occupancy` and `wb_nv_budget` from C, against the H100 capture (residency counted on the GPU,
/// equal to the driver's API: crates/wavebudget-model/tests/data/nvidia) at every captured register count
/// x block size, and the budget at 256 threads against the same rows.
#[test]
fn c_program_gets_the_h100s_blocks_per_sm() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = std::env::temp_dir().join(format!("wavebudget-capi-nv-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let capture =
        std::fs::read_to_string(here.join("../wavebudget-model/tests/data/nvidia/h100_occupancy.json")).unwrap();
    // The rows as "regs block api_blocks" lines, read by the C program from stdin.
    let capture: serde_json::Value = serde_json::from_str(&capture).unwrap();
    let mut rows = String::new();
    for r in capture["occupancy"].as_array().unwrap() {
        rows += &format!("{} {} {}\n", r["regs"], r["block"], r["api_blocks"]);
    }
    assert_eq!(rows.lines().count(), 260);
    let src = tmp.join("nv.c");
    std::fs::write(
        &src,
        r#"#include <stdio.h>
#include <string.h>
#include "wavebudget.h"
int main(void) {
  char err[512];
  unsigned regs, block, want, n = 0, bad = 0;
  if (WAVEBUDGET_API_VERSION < 7) return 2;
  /* A limit of 0 is 0, as the CLI's --max-dynamic-shared-mem 0 and Python's: 1 byte of dynamic shared
     memory cannot launch under it (issue 56: the C API read 0 as the default). */
  {
    wb_nv_kernel z = {32, 128, 0, 1, 0, 1, -1};
    wb_nv_occupancy_result zo;
    err[0] = 0;
    int zr = wb_nv_occupancy("H100", &z, &zo, err, sizeof err);
    printf("limit0 %d %u %s\n", zr, zo.blocks_per_sm, err);
  }
  while (scanf("%u %u %u", &regs, &block, &want) == 3) {
    wb_nv_kernel k = {regs, block, 0, 0, WB_NV_MAX_DYNAMIC_DEFAULT, 1, -1};
    wb_nv_occupancy_result o;
    if (wb_nv_occupancy("NVIDIA H100 80GB HBM3", &k, &o, err, sizeof err) != 0) { printf("error %s\n", err); return 1; }
    if (o.blocks_per_sm != want || o.warps_per_sm != want * ((block + 31) / 32) || o.sms != 132) {
      printf("%u regs block %u: %u blocks, H100 %u\n", regs, block, o.blocks_per_sm, want);
      bad++;
    }
    n++;
  }
  /* At 256 threads: 48 warps per SM at 40 registers (41: 40 warps), 2 blocks at 128 (136: 1). */
  wb_nv_kernel k = {0, 256, 0, 0, WB_NV_MAX_DYNAMIC_DEFAULT, 1, -1};
  unsigned max_regs = 0;
  wb_nv_occupancy_result at;
  if (wb_nv_budget("H100", &k, 48, 0, &max_regs, &at, err, sizeof err) != 0 || max_regs != 40 || at.warps_per_sm != 48) bad++;
  if (wb_nv_budget("sm_90", &k, 0, 2, &max_regs, NULL, err, sizeof err) != 0 || max_regs != 128) bad++;
  /* Refusals: one line each. */
  int rc = wb_nv_budget("H100", &(wb_nv_kernel){0, 1024, 0, 0, WB_NV_MAX_DYNAMIC_DEFAULT, 1, -1}, 0, 3, &max_regs, NULL, err, sizeof err);
  printf("budget3 %d %s\n", rc, err);
  rc = wb_nv_occupancy("sm_107", &k, &at, err, sizeof err);
  printf("sm107 %d %s\n", rc, err);
  rc = wb_nv_occupancy("gfx942", &k, &at, err, sizeof err);
  printf("amd %d %s\n", rc, err);
  wb_wg_choice choice;
  rc = wb_suggest_wg_size("H100", 64, 0, 0, NULL, NULL, 0, 0, &choice, err, sizeof err);
  printf("nvamd %d %s\n", rc, err);
  k.regs = 168; k.block = 512; err[0] = 0;
  rc = wb_nv_occupancy("H100", &k, &at, err, sizeof err);
  printf("unlaunchable %d %u %s\n", rc, at.blocks_per_sm, err);
  k.regs = 32; k.block = 128;
  rc = wb_nv_occupancy("H100", &k, &at, err, sizeof err);
  printf("launchable %d %u [%s]\n", rc, at.blocks_per_sm, err);
  rc = wb_nv_budget("H100", &k, 48, 3, &max_regs, NULL, err, sizeof err);
  printf("both %d %s\n", rc, err);
  printf("checked %u bad %u\n", n, bad);
  return 0;
}
"#,
    )
    .unwrap();
    let exe = tmp.join("nv");
    build_against_runtime(("CC", "cc", "-std=c11"), &src, &exe, &newest_cdylib());
    use std::io::Write;
    let mut child = Command::new(&exe)
        .env("LD_LIBRARY_PATH", newest_cdylib().parent().unwrap())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(rows.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("checked 260 bad 0"), "{text}");
    assert!(text.contains("budget3 -5 3 blocks per SM at 1024 threads per block on sm_90 is out of reach at any register count: warps allows 2 blocks per SM (64 warps)"), "{text}");
    assert!(text.contains("sm107 -5 unknown NVIDIA target 'sm_107'"), "{text}");
    // An NVIDIA target where only AMD targets are answered: the engine's refusal, the CLI's `suggest`
    // word for word (tests/lit/cli-nvidia.test, E6).
    assert!(
        text.contains("nvamd -5 'H100' is an NVIDIA target; this takes AMD targets (NVIDIA targets: occupancy and budget with --regs, the report's calculator view, targets --nvidia, inspect of CUDA binaries, Python's wavebudget.nvidia, C's wb_nv_occupancy and wb_nv_budget; docs/nvidia.md)\n"),
        "{text}"
    );
    // An AMD processor where only NVIDIA targets are answered: the engine's refusal, Python's word for word
    // (test_nvidia.py `test_an_amd_target_is_refused_as_python_and_c_refuse_it`).
    assert!(
        text.contains(
            "amd -5 'gfx942' is not an NVIDIA target (an architecture sm_XY, or a product name such as H100)\n"
        ),
        "{text}"
    );
    // The CLI's own line for the same kernel: `occupancy --target H100 --regs 32 --wg-size 128
    // --dynamic-shared-mem 1 --max-dynamic-shared-mem 0`.
    assert!(text.contains("limit0 0 0 1 bytes of dynamic shared memory is over the kernel's limit of 0"), "{text}");
    assert!(
        text.contains("unlaunchable 0 0 168 registers per thread x 512 threads needs 86016 registers per block"),
        "{text}"
    );
    // The buffer of a launchable answer holds no stale reason; warps and blocks together are refused.
    assert!(text.contains("launchable 0 16 []"), "{text}");
    assert!(text.contains("both -1 give one of warps_per_sm or blocks_per_sm (the other 0)"), "{text}");
    std::fs::remove_dir_all(&tmp).ok();
}

/// Builds of one kernel that differ in xnack, in one offload bundle: `wb_dispatch_query` takes the build
/// the loader takes, as the Rust runtime's `Kernels::lookup` does (one rule, `lookup_among`): on an
/// xnack- device the xnack- build (not the bundle's first, xnack+), with llc-22's occupancy for that build;
/// on a device that does not say its xnack, the runtime's refusal naming the setting.
#[test]
fn c_dispatch_takes_the_build_the_loader_takes() {
    use wavebudget_runtime::{Device, Policy};
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ll = here.join("../../tests/lit/Inputs/pressure.ll");
    let (plus, occ_plus) = common::llc_fixed_launch(&ll, "gfx942", "+xnack", 128, "capi-xnack-plus");
    let (minus, occ_minus) = common::llc_fixed_launch(&ll, "gfx942", "-xnack", 256, "capi-xnack-minus");
    let pair = common::offload_bundle(&[("gfx942:xnack+", &plus), ("gfx942:xnack-", &minus)], "capi-pair");
    let tmp = std::env::temp_dir().join(format!("wavebudget-capi-builds-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let lib = newest_cdylib();
    let exe = tmp.join("builds");
    build_against_runtime(("CC", "cc", "-std=c11"), &here.join("tests/c/builds.c"), &exe, &lib);
    let kernels = Kernels::open(&pair).unwrap();
    for kernel in ["acc40", "acc160"] {
        let out = Command::new(&exe)
            .arg(&pair)
            .args([kernel, "gfx942:xnack+", "gfx942:xnack-", "gfx942"])
            .env("LD_LIBRARY_PATH", lib.parent().unwrap())
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], format!("gfx942:xnack+ ok 128 {}", occ_plus[kernel]), "{text}");
        assert_eq!(lines[1], format!("gfx942:xnack- ok 256 {}", occ_minus[kernel]), "{text}");
        let e = kernels.lookup(kernel, &Device::from_target("gfx942").unwrap()).unwrap_err();
        assert_eq!(lines[2], format!("gfx942 -3 {e}"), "{text}"); // -3: WB_ERR_KERNEL
        assert!(lines[2].contains("xnack"), "{text}");
        // The choice between acc160 and this kernel takes each name's build as the dispatch does: on the
        // xnack- device both of its builds are there to choose from (the first build of each is xnack+).
        for (line, (device, wg, occ)) in
            lines[3..5].iter().zip([("gfx942:xnack+", 128, &occ_plus), ("gfx942:xnack-", 256, &occ_minus)])
        {
            let device = Device::from_target(device).unwrap();
            let c =
                kernels.choose_variant(&["acc160", kernel], &device, None, 0, Policy::MostWavesWithoutSpills).unwrap();
            let names = ["acc160", kernel];
            // The most waves (llc-22's), whichever name the tie rule takes where they tie.
            assert_eq!(occ[names[c.index]], occ["acc160"].max(occ[kernel]), "{text}");
            let want = format!("choose {} 0 {} {wg} {}", device.target.canonical(), c.index, occ[names[c.index]]);
            assert_eq!(*line, want, "{text}");
        }
        let e = kernels
            .choose_variant(
                &["acc160", kernel],
                &Device::from_target("gfx942").unwrap(),
                None,
                0,
                Policy::MostWavesWithoutSpills,
            )
            .unwrap_err();
        assert_eq!(lines[5], format!("choose gfx942 -3 {e}"), "{text}"); // -3: WB_ERR_KERNEL
                                                                         // On the xnack- device a pattern naming acc40 is read as the dispatch reads it (the xnack- build's
                                                                         // answer); a name no kernel has is refused alike by the choice and the dispatch.
        assert_eq!(lines[6], format!("pattern 0 0 256 {}", occ_minus["acc40"]), "{text}");
        let missing: Vec<&str> = lines[7..9].iter().map(|l| l.split_once(" -3 ").unwrap().1).collect();
        assert_eq!(missing[0], missing[1], "{text}");
        assert!(missing[0].starts_with("kernel 'nope' matches no kernel"), "{text}");
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
