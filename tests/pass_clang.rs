//! clang-22 with `-fpass-plugin` builds code objects whose `.vgpr_count` fits the budget: an OpenCL
//! kernel, and a HIP kernel built against Debian's ROCm headers and device libraries (device-only, and a
//! whole host+device compile whose embedded code object is pulled out with `llvm-objdump --offloading`).
//! Each kernel needs more VGPRs than the budget when built without the plugin, so the check can fail.
//! The HIP test also feeds a host object (its `.hip_fatbin`) to the pass as records.
//! The budget is the model's R_max(W), itself checked against llc-22 (wavebudget-model's tests).

use wavebudget_testkit::llvm as common;
use wavebudget_testkit::plugin as support;

use common::{readelf_kernels, tool};
use std::path::{Path, PathBuf};
use std::process::Command;
use support::plugin;
use wavebudget_model::{subtarget, Options};

const ROCM_BITCODE: &str = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode";

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("wavebudget-pass-clang-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{cmd:?} failed:\n{err}");
    err
}

fn vgpr_count(obj: &Path, kernel: &str) -> u32 {
    let k = readelf_kernels(obj);
    let meta = k.get(kernel).unwrap_or_else(|| panic!("{}: no kernel {kernel} in {:?}", obj.display(), k.keys()));
    meta[".vgpr_count"].parse().unwrap()
}

/// The README's OpenCL example: 160 live accumulators, 256 threads.
const OPENCL: &str = include_str!("../examples/acc.cl");

#[test]
fn opencl_code_object_fits_the_budget() {
    let src = scratch("acc.cl");
    std::fs::write(&src, OPENCL).unwrap();
    for (cpu, waves) in [("gfx942", 4u32), ("gfx90a", 4), ("gfx1100", 12)] {
        let budget = subtarget(cpu, Options::default()).unwrap().max_vgprs_for_waves(waves);
        let compile = |plugin_args: &[String], out: &Path| {
            run(Command::new(tool("clang"))
                .args(["-x", "cl", "-cl-std=CL2.0", "-nogpulib", "-target", "amdgcn-amd-amdhsa", "-O2", "-c"])
                .arg(format!("-mcpu={cpu}"))
                .args(plugin_args)
                .arg(&src)
                .arg("-o")
                .arg(out))
        };
        let base = scratch(&format!("acc-{cpu}-base.o"));
        compile(&[], &base);
        let before = vgpr_count(&base, "acc");
        assert!(
            before > budget,
            "{cpu}: the kernel needs only {before} VGPRs without the plugin; budget {budget}: test proves nothing"
        );
        let out = scratch(&format!("acc-{cpu}-w{waves}.o"));
        let stderr = compile(
            &[format!("-fpass-plugin={}", plugin().display()), "-mllvm".into(), format!("-wavebudget-waves={waves}")],
            &out,
        );
        let after = vgpr_count(&out, "acc");
        assert!(after <= budget, "{cpu} W={waves}: .vgpr_count {after} over the budget {budget}");
        assert!(stderr.contains("may spill"), "{cpu}: expected the estimated spill warning, got:\n{stderr}");
        println!("OpenCL {cpu} W={waves}: .vgpr_count {before} without the plugin, {after} with it (budget {budget})");
    }
}

fn hip_args() -> Vec<String> {
    [
        "-x",
        "hip",
        "--offload-arch=gfx90a",
        "--rocm-path=/usr",
        &format!("--hip-device-lib-path={ROCM_BITCODE}"),
        "-mcode-object-version=5",
        "-D__AMDGCN_WAVEFRONT_SIZE=64",
        "-O2",
        "-c",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// The README's HIP example: the same kernel with ROCm's headers.
const HIP: &str = include_str!("../examples/acc.hip");

#[test]
fn hip_with_rocm_headers_fits_the_budget() {
    assert!(
        Path::new("/usr/include/hip/hip_runtime.h").exists() && Path::new(ROCM_BITCODE).join("ocml.bc").exists(),
        "ROCm headers or device libraries missing: scripts/ensure-deps.sh installs libamdhip64-dev and rocm-device-libs"
    );
    let src = scratch("acc.hip");
    std::fs::write(&src, HIP).unwrap();
    let kernel = "_Z3accPfPKfi";
    let budget = subtarget("gfx90a", Options::default()).unwrap().max_vgprs_for_waves(4);

    let base = scratch("hip-base.o");
    run(Command::new(tool("clang"))
        .args(hip_args())
        .args(["--cuda-device-only", "--no-gpu-bundle-output"])
        .arg(&src)
        .arg("-o")
        .arg(&base));
    let before = vgpr_count(&base, kernel);
    assert!(before > budget, "HIP kernel needs only {before} VGPRs; budget {budget}");

    // Device-only with -mllvm: stop at assembly (-S), since clang also forwards -mllvm options to the
    // device link step, and lld has no -wavebudget-* options (it parses them before loading plugins).
    // llvm-mc assembles the output into a code object.
    let asm = scratch("hip-w4.s");
    run(Command::new(tool("clang"))
        .args(hip_args().iter().filter(|a| *a != "-c"))
        .args(["--cuda-device-only", "-S"])
        .arg(format!("-fpass-plugin={}", plugin().display()))
        .args(["-mllvm", "-wavebudget-waves=4"])
        .arg(&src)
        .arg("-o")
        .arg(&asm));
    let dev = scratch("hip-w4.o");
    run(Command::new(tool("llvm-mc"))
        .args(["-triple=amdgcn-amd-amdhsa", "-mcpu=gfx90a", "-filetype=obj"])
        .arg(&asm)
        .arg("-o")
        .arg(&dev));
    let after = vgpr_count(&dev, kernel);
    assert!(after <= budget, "HIP device-only W=4: .vgpr_count {after} over {budget}");

    // Whole compile: the plugin also loads into the host cc1 (and must leave it alone). -mllvm would
    // also reach the device link step (lld knows no -wavebudget-* option), so the request goes to the
    // compiler jobs only, through -Xclang.
    let host = scratch("hip-full.o");
    let stderr = run(Command::new(tool("clang"))
        .args(hip_args())
        .arg(format!("-fpass-plugin={}", plugin().display()))
        .args(["-Xclang", "-mllvm", "-Xclang", "-wavebudget-waves=4"])
        .arg(&src)
        .arg("-o")
        .arg(&host));
    assert!(!stderr.contains("error"), "{stderr}");
    run(Command::new(tool("llvm-objdump")).arg("--offloading").arg(&host).current_dir(host.parent().unwrap()));
    let extracted = host.parent().unwrap().join("hip-full.o.0.hipv4-amdgcn-amd-amdhsa--gfx90a");
    let embedded = vgpr_count(&extracted, kernel);
    assert!(embedded <= budget, "HIP host+device W=4: embedded .vgpr_count {embedded} over {budget}");

    // The same whole compile with the request in the environment.
    let host_env = scratch("hip-env.o");
    run(Command::new(tool("clang"))
        .args(hip_args())
        .arg(format!("-fpass-plugin={}", plugin().display()))
        .env("WAVEBUDGET_WAVES", "4")
        .arg(&src)
        .arg("-o")
        .arg(&host_env));
    run(Command::new(tool("llvm-objdump")).arg("--offloading").arg(&host_env).current_dir(host.parent().unwrap()));
    let env_count = vgpr_count(&host.parent().unwrap().join("hip-env.o.0.hipv4-amdgcn-amd-amdhsa--gfx90a"), kernel);
    assert!(env_count <= budget, "HIP with WAVEBUDGET_WAVES=4: embedded .vgpr_count {env_count} over {budget}");
    // Records from a host object: a whole compile without the plugin, read through its .hip_fatbin, tell
    // the pass (run by opt on the same kernel's device IR) how many VGPRs the kernel really needs.
    let host_base = scratch("hip-base-full.o");
    run(Command::new(tool("clang")).args(hip_args()).arg(&src).arg("-o").arg(&host_base));
    run(Command::new(tool("llvm-objdump")).arg("--offloading").arg(&host_base).current_dir(host.parent().unwrap()));
    let recorded =
        vgpr_count(&host.parent().unwrap().join("hip-base-full.o.0.hipv4-amdgcn-amd-amdhsa--gfx90a"), kernel);
    let ir = scratch("acc-device.ll");
    run(Command::new(tool("clang"))
        .args(hip_args().iter().filter(|a| *a != "-c"))
        .args(["--cuda-device-only", "-emit-llvm", "-S"])
        .arg(&src)
        .arg("-o")
        .arg(&ir));
    let opt_err = run(Command::new(tool("opt"))
        .arg(format!("-load-pass-plugin={}", plugin().display()))
        .arg(format!("-passes=amdgpu-occupancy-budget<waves=4;records={}>", host_base.display()))
        .arg("-disable-output")
        .arg(&ir));
    let expected = format!(
        "kernel '{kernel}' [acc(float*, float const*, int)] (gfx90a): records show {recorded} VGPRs (vgpr_count) but 4 waves/SIMD allow {budget}: {} registers will have to spill",
        recorded - budget
    );
    assert!(opt_err.contains(&expected), "expected\n  {expected}\ngot\n{opt_err}");

    println!(
        "HIP gfx90a W=4: .vgpr_count {before} without the plugin; {after} device-only (-mllvm), {embedded} host+device (-Xclang -mllvm), {env_count} host+device (WAVEBUDGET_WAVES); budget {budget}"
    );
}
