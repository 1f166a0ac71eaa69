//! One plugin per LLVM major, side by side: `scripts/build-pass.sh N` builds each, each runs in the opt
//! and clang of its own major, and every other pairing is refused with one line naming both majors and
//! exit 1, never an abort (two libLLVMs in one process; 15 and 19 share plugin API 1, so LLVM's own check
//! lets it through). opt's and clang's exit status and output are the authority.

use std::process::Command;
use wavebudget_testkit::llvm::llvm_bin_for;
use wavebudget_testkit::plugin::plugin_for;

const MAJORS: [u32; 3] = [15, 19, 22];

const KERNEL: &str = r#"target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {
  %v = load float, ptr addrspace(1) %p
  store float %v, ptr addrspace(1) %p
  ret void
}
attributes #0 = { "target-cpu"="gfx90a" "amdgpu-flat-work-group-size"="1,256" }
"#;

#[test]
fn each_major_loads_its_own_plugin_and_refuses_the_others() {
    let dir = std::env::temp_dir().join(format!("wb-majors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ll = dir.join("k.ll");
    std::fs::write(&ll, KERNEL).unwrap();
    let plugins: Vec<_> = MAJORS.iter().map(|&m| (m, plugin_for(m))).collect();
    // Three distinct files: the builds sit side by side.
    assert_eq!(plugins.iter().map(|(_, p)| p).collect::<std::collections::BTreeSet<_>>().len(), 3);
    for &host in &MAJORS {
        for (built, so) in &plugins {
            let out = Command::new(llvm_bin_for(host).join("opt"))
                .arg(format!("-load-pass-plugin={}", so.display()))
                .args(["-passes=amdgpu-occupancy-budget<waves=4>", "-S"])
                .arg(&ll)
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            let stderr = String::from_utf8_lossy(&out.stderr);
            if host == *built {
                assert!(out.status.success(), "opt-{host} with its own plugin: {stderr}");
                assert!(stdout.contains("\"amdgpu-waves-per-eu\"=\"4\""), "opt-{host}: no waves target set:\n{stdout}");
            } else {
                assert_eq!(
                    out.status.code(),
                    Some(1),
                    "opt-{host} with the {built} plugin: {:?}\n{stderr}",
                    out.status
                );
                assert!(stdout.is_empty(), "opt-{host} with the {built} plugin wrote output");
                let lines: Vec<_> = stderr.lines().collect();
                assert_eq!(lines.len(), 1, "opt-{host} with the {built} plugin: one line expected:\n{stderr}");
                assert!(
                    lines[0].contains(&format!("built for LLVM {built}."))
                        && lines[0].contains(&format!("this LLVM {host} ")),
                    "opt-{host} with the {built} plugin: {stderr}"
                );
            }
        }
    }
    // clang of another major (the plugin is loaded by -fpass-plugin into the compiler process).
    let cl = dir.join("k.cl");
    std::fs::write(&cl, "__kernel void k(__global float *p) { p[0] += 1.0f; }\n").unwrap();
    let out = Command::new(llvm_bin_for(15).join("clang"))
        .args(["-x", "cl", "-cl-std=CL2.0", "-nogpulib", "-target", "amdgcn-amd-amdhsa", "-mcpu=gfx90a", "-O2", "-c"])
        .arg(&cl)
        .arg(format!("-fpass-plugin={}", plugins[2].1.display()))
        .arg("-o")
        .arg(dir.join("k.o"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "clang-15 with the 22 plugin: {:?}\n{stderr}", out.status);
    assert!(stderr.contains("built for LLVM 22.") && stderr.contains("this LLVM 15 "), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

/// One kernel's `-Rpass-analysis=kernel-resource-usage` remark `key` from clang's stderr.
fn remark_num(stderr: &str, key: &str) -> u32 {
    stderr
        .lines()
        .find_map(|l| l.split_once(&format!("remark:     {key}: ")).map(|(_, v)| v))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no '{key}' remark in:\n{stderr}"))
}

/// One kernel's (VGPRs, Occupancy) remarks from clang's stderr.
fn remark_counts(stderr: &str) -> (u32, u32) {
    (remark_num(stderr, "VGPRs"), remark_num(stderr, "Occupancy [waves/SIMD]"))
}

/// A real ROCm build: Debian's hipcc (ROCm 5.2, driving clang-15) with the LLVM 15 plugin, in both ways
/// of asking for 4 waves that clang 15 takes (the environment variable, and the flags `wavebudget
/// pass-flags --cc hipcc` prints: -mllvm once the plugin is loaded early with -Xclang -load, and given
/// with -Xclang so that it stays away from the device linker, which does not load the plugin). The compiler's own remarks are the authority for the counts and the
/// occupancy; `wavebudget inspect --llvm 15` of hipcc's object must report the same.
#[test]
fn hipcc_rocm52_build_fits_the_budget_with_the_llvm15_plugin() {
    let plugin = plugin_for(15);
    let p = plugin.display().to_string();
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inputs/acc150.hip");
    let dir = std::env::temp_dir().join(format!("wb-hipcc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let hipcc = |name: &str, extra: &[&str], env: Option<(&str, &str)>| {
        let obj = dir.join(format!("{name}.o"));
        let mut cmd = Command::new("hipcc");
        cmd.args(["--offload-arch=gfx90a", "-c", "-Rpass-analysis=kernel-resource-usage"])
            .arg(&src)
            .arg("-o")
            .arg(&obj)
            .args(extra)
            .env_remove("WAVEBUDGET_WAVES");
        if let Some((k, v)) = env {
            cmd.env(k, v);
        }
        let out = cmd.output().expect("run hipcc (Debian's hipcc package; scripts/ensure-deps.sh installs it)");
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "hipcc {name}: {stderr}");
        (obj, remark_counts(&stderr))
    };
    // (vgpr_count, waves_per_simd) of the one kernel `wavebudget inspect --json` reads from hipcc's object.
    let inspect = |obj: &std::path::Path| {
        let cli = wavebudget_testkit::plugin::profile_dir().join("wavebudget");
        let out = Command::new(&cli).args(["inspect", "--json", "--llvm", "15"]).arg(obj).output().unwrap();
        assert!(out.status.success(), "{} inspect: {}", cli.display(), String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let k = &v["code_objects"][0]["kernels"][0];
        (k["vgpr_count"].as_u64().unwrap() as u32, k["waves_per_simd"].as_u64().unwrap() as u32)
    };
    let (obj0, (vgprs0, occ0)) = hipcc("baseline", &[], None);
    assert!(vgprs0 > 128 && occ0 < 4, "the kernel must need more than 4 waves allow: {vgprs0} VGPRs, {occ0} waves");
    assert_eq!(inspect(&obj0), (vgprs0, occ0), "inspect of the baseline object");
    let env_form = hipcc("env", &[&format!("-fpass-plugin={p}")], Some(("WAVEBUDGET_WAVES", "4")));
    // The flag form as `wavebudget pass-flags` spells it for the compiler it finds (hipcc: clang 15).
    let cli = wavebudget_testkit::plugin::profile_dir().join("wavebudget");
    let out =
        Command::new(&cli).args(["pass-flags", "--cc", "hipcc", "--waves", "4", "--plugin", &p]).output().unwrap();
    assert!(out.status.success(), "pass-flags: {}", String::from_utf8_lossy(&out.stderr));
    let printed = String::from_utf8(out.stdout).unwrap();
    let words: Vec<&str> = printed.split_whitespace().collect();
    assert!(words.contains(&"-Xclang"), "clang 15 needs the early load: {printed}");
    let flag_form = hipcc("flags", &words, None);
    for (name, (obj, (vgprs, occ))) in [("WAVEBUDGET_WAVES=4", env_form), ("wavebudget pass-flags", flag_form)] {
        assert!(vgprs <= 128 && occ == 4, "{name}: {vgprs} VGPRs, {occ} waves (before: {vgprs0}, {occ0})");
        assert_eq!(inspect(&obj), (vgprs, occ), "{name}: inspect of hipcc's object");
        // isa reads the same object (host ELF, bundle, code object) and gives LLVM 15's occupancy too.
        let out = Command::new(wavebudget_testkit::plugin::profile_dir().join("wavebudget"))
            .args(["isa", "--json", "--llvm", "15"])
            .arg(&obj)
            .output()
            .unwrap();
        assert!(out.status.success(), "isa: {}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let k = &v["code_objects"][0]["kernels"][0];
        assert_eq!(
            (k["vgpr_count"].as_u64(), k["waves_per_simd"].as_u64()),
            (Some(vgprs.into()), Some(occ.into())),
            "{name}: isa"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// No false alarm on the bundled HIP example through Debian's hipcc (clang-15): at 3 waves/SIMD its 160
/// accumulators fit (clang-15's own remarks: no spills), and the estimate says so. clang-15's pipeline
/// leaves a copy of the K loop's last FMAs in the exit block, which llc's CSE merges; before the
/// estimate merged such dominating copies too, it counted both (322 VGPRs) and warned of 154 spills.
#[test]
fn hipcc_example_at_three_waves_is_no_false_alarm() {
    let plugin = plugin_for(15);
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/acc.hip");
    let dir = std::env::temp_dir().join(format!("wb-hipcc3-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new("hipcc")
        .args(["--offload-arch=gfx90a", "-c", "-Rpass-analysis=kernel-resource-usage"])
        .arg(format!("-fpass-plugin={}", plugin.display()))
        .arg(&src)
        .arg("-o")
        .arg(dir.join("acc3.o"))
        .env("WAVEBUDGET_WAVES", "3")
        .output()
        .expect("run hipcc");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "hipcc: {stderr}");
    assert!(!stderr.contains("amdgpu-occupancy-budget"), "the pass warned:\n{stderr}");
    // The compiler's verdict: no VGPR spills, and 3 waves reached.
    assert!(stderr.contains("VGPRs Spill: 0"), "no spill remark:\n{stderr}");
    let (vgprs, occ) = remark_counts(&stderr);
    assert!(vgprs <= 168 && occ >= 3, "{vgprs} VGPRs, {occ} waves/SIMD");
    std::fs::remove_dir_all(&dir).ok();
}

/// The bundled examples (`examples/acc.hip`, `examples/acc.cl`) through the compilers users run, each with
/// its own major's plugin: Debian's hipcc (clang-15), clang-19 and clang-22, at every waves target gfx90a
/// takes (1 to 8). The compiler's remarks are the authority: wherever the pass warns "may spill", the
/// compiler spilled (VGPR spills or scratch) — no false alarm — and every compile succeeds. A miss (the
/// compiler spilled and the pass did not warn) is printed; where the pass set W and did not warn, the
/// compiler reached W.
#[test]
fn examples_through_each_major_have_no_false_alarm() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("wb-examples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let hip_flags = [
        "-x",
        "hip",
        "--offload-arch=gfx90a",
        "--offload-device-only",
        "--rocm-path=/usr",
        "--hip-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode",
        "-mcode-object-version=5",
        "-D__AMDGCN_WAVEFRONT_SIZE=64",
        "-O2",
    ];
    let cl_flags = ["-x", "cl", "-target", "amdgcn-amd-amdhsa", "-mcpu=gfx90a", "-nogpulib", "-O2"];
    let mut jobs = Vec::new();
    for major in MAJORS {
        let plugin = plugin_for(major);
        for source in ["acc.hip", "acc.cl"] {
            for w in 1..=8u32 {
                jobs.push((major, plugin.clone(), source, w));
            }
        }
    }
    let outcomes = wavebudget_testkit::llvm::parallel_map(&jobs, |(major, plugin, source, w)| {
        // hipcc is how Debian's ROCm 5.2 users compile HIP (it drives clang-15); OpenCL goes to clang itself.
        let mut cmd = if *major == 15 && source.ends_with(".hip") {
            let mut c = Command::new("hipcc");
            c.args(["--offload-arch=gfx90a", "--offload-device-only", "-O2"]);
            c
        } else {
            let mut c = Command::new(llvm_bin_for(*major).join("clang"));
            c.args(if source.ends_with(".hip") { &hip_flags[..] } else { &cl_flags[..] });
            c
        };
        let out = cmd
            .args(["-c", "-Rpass-analysis=kernel-resource-usage"])
            .arg(format!("-fpass-plugin={}", plugin.display()))
            .arg(root.join("examples").join(source))
            .arg("-o")
            .arg(dir.join(format!("{source}-{major}-{w}.o")))
            .env("WAVEBUDGET_WAVES", w.to_string())
            .output()
            .expect("run the compiler");
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{source} through LLVM {major} at W={w}: {stderr}");
        let num = |key: &str| remark_num(&stderr, key);
        let spilled = num("VGPRs Spill") + num("ScratchSize [bytes/lane]") > 0;
        let warned = stderr.lines().any(|l| l.contains("amdgpu-occupancy-budget") && l.contains("may spill"));
        let other_warning = stderr
            .lines()
            .find(|l| l.contains("warning: amdgpu-occupancy-budget") && !l.contains("may spill"))
            .map(str::to_string);
        (*major, *source, *w, warned, spilled, num("Occupancy [waves/SIMD]"), other_warning)
    });
    let mut failures = Vec::new();
    for (major, source, w, warned, spilled, reached, other) in &outcomes {
        let case = format!("{source} through LLVM {major} at W={w}");
        if *warned && !spilled {
            failures.push(format!("{case}: false alarm (the pass warned of spills, the compiler has none)"));
        }
        if !warned && *spilled {
            println!("{case}: miss (the compiler spilled, the pass did not warn)");
        }
        if !warned && !spilled && reached < w {
            failures.push(format!("{case}: reached {reached} waves/SIMD"));
        }
        if let Some(o) = other {
            failures.push(format!("{case}: unexpected warning: {o}"));
        }
    }
    let alarms = outcomes.iter().filter(|o| o.3).count();
    println!("{} compiles, {alarms} spill warnings, each matched by the compiler's spills", outcomes.len());
    std::fs::remove_dir_all(&dir).ok();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// LLVM 15's register allocator aborts ("no registers from class available to allocate") on a loop that
/// carries a 17-32-dword vector in a 32-VGPR budget (gfx908 at 8 waves/SIMD); llc-15 itself is the
/// oracle: the kernel with "amdgpu-waves-per-eu"="8" written by hand aborts it. The LLVM 15 plugin does not
/// write that W: it warns and leaves the kernel untouched, or with `clamp` sets 7, which llc-15 compiles
/// and reaches. The 19 plugin sets 8 (llc-19 compiles it), and a 40-float loop, which llc-15 compiles at
/// 8, gets 8 from the 15 plugin too.
#[test]
fn llvm15_tuple_abort_is_refused_not_written() {
    use wavebudget_testkit::kernels::{module, vector_acc};
    let dir = std::env::temp_dir().join(format!("wb-tuple15-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let attrs = r#""target-cpu"="gfx908" "amdgpu-flat-work-group-size"="1,256""#;
    let write = |name: &str, n: u32, extra: &str| {
        let p = dir.join(format!("{name}.ll"));
        std::fs::write(&p, module([vector_acc(name, n, false)], &format!("{attrs}{extra}"))).unwrap();
        p
    };
    let llc = |major: u32, ll: &std::path::Path| {
        Command::new(llvm_bin_for(major).join("llc"))
            .args(["-mtriple=amdgcn-amd-amdhsa", "-pass-remarks-analysis=kernel-resource-usage", "-o", "/dev/null"])
            .arg(ll)
            .output()
            .unwrap()
    };
    // The oracle: W=8 written by hand makes llc-15 abort, and llc-19 compile.
    let by_hand = write("v24w8", 24, r#" "amdgpu-waves-per-eu"="8""#);
    let out = llc(15, &by_hand);
    assert!(!out.status.success(), "llc-15 compiled the 24-float loop at W=8; the rule is stale");
    assert!(String::from_utf8_lossy(&out.stderr).contains("no registers from class available to allocate"));
    assert!(llc(19, &by_hand).status.success(), "llc-19 at W=8");
    let run = |major: u32, src: &std::path::Path, opts: &str| {
        let dst = src.with_extension(format!("{major}.out.ll"));
        let out = Command::new(llvm_bin_for(major).join("opt"))
            .arg(format!("-load-pass-plugin={}", plugin_for(major).display()))
            .arg(format!("-passes=amdgpu-occupancy-budget<{opts}>"))
            .args(["-S", "-o"])
            .arg(&dst)
            .arg(src)
            .output()
            .unwrap();
        assert!(out.status.success(), "opt-{major}: {}", String::from_utf8_lossy(&out.stderr));
        let text = std::fs::read_to_string(&dst).unwrap();
        let set =
            text.lines().find_map(|l| l.split_once("\"amdgpu-waves-per-eu\"=\"").map(|(_, v)| v[..1].to_string()));
        (String::from_utf8_lossy(&out.stderr).into_owned(), set, dst)
    };
    let occupancy = |major: u32, ll: &std::path::Path| {
        let out = llc(major, ll);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "llc-{major} {}: {stderr}", ll.display());
        stderr
            .lines()
            .find_map(|l| l.split_once("Occupancy [waves/SIMD]: ").map(|(_, v)| v.trim().parse::<u32>().unwrap()))
    };
    let v24 = write("v24", 24, "");
    let (diag, set, out) = run(15, &v24, "waves=8");
    assert_eq!(set, None, "the 15 plugin wrote a W llc-15 aborts at:\n{diag}");
    assert!(
        diag.lines().count() == 1
            && diag.contains("not set: LLVM 15's register allocator can abort")
            && diag.contains("<24 x float>")
            && diag.contains("(clamp moves it to 7)"),
        "{diag}"
    );
    assert!(occupancy(15, &out).is_some());
    let (diag, set, out) = run(15, &v24, "waves=8;clamp");
    assert_eq!(set.as_deref(), Some("7"), "{diag}");
    assert!(diag.contains("clamped to 7"), "{diag}");
    assert!(occupancy(15, &out).is_some_and(|o| o >= 7), "llc-15 reaches the clamped W");
    let (_, set, out) = run(19, &v24, "waves=8");
    assert_eq!(set.as_deref(), Some("8"));
    assert!(occupancy(19, &out).is_some_and(|o| o >= 8), "llc-19 reaches the W the 19 plugin set");
    // The kernel's own W=8 is kept (it is the user's), with the warning and the W to write instead.
    let (diag, set, _) = run(15, &by_hand, "waves=4");
    assert_eq!(set.as_deref(), Some("8"));
    assert!(
        diag.contains("keeps its own \"amdgpu-waves-per-eu\"=\"8\": LLVM 15's register allocator can abort")
            && diag.contains("write \"7\""),
        "{diag}"
    );
    let v40 = write("v40", 40, "");
    let (diag, set, out) = run(15, &v40, "waves=8");
    assert_eq!(set.as_deref(), Some("8"), "{diag}");
    assert!(occupancy(15, &out).is_some());
    std::fs::remove_dir_all(&dir).ok();
}

/// hipcc with -fgpu-rdc (issue 55, point 2): each translation unit's compile runs the pass before the
/// device link, where a kernel calling a device function of another unit is said to depend on it (its
/// registers are seen only after linking); the device link, given the plugin
/// (`-Xoffload-linker --load-pass-plugin=P`, which clang-15 hands to lld), runs it on the linked module:
/// the kernel the compile set (its .wavebudget.info line) is planned again with the link's request and
/// the callee now in view, and the executable's code object carries that W, which its own occupancy
/// (clang-15's allocation, read back by `wavebudget inspect --llvm 15`) reaches.
#[test]
fn hipcc_gpu_rdc_acts_before_and_at_the_device_link() {
    let plugin = plugin_for(15);
    let p = plugin.display().to_string();
    let inputs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inputs");
    let dir = std::env::temp_dir().join(format!("wb-rdc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |cmd: &mut Command| {
        let out = cmd.output().expect("run hipcc (Debian's hipcc package; scripts/ensure-deps.sh installs it)");
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{cmd:?}: {stderr}");
        stderr
    };
    let mut warnings = Vec::new();
    for unit in ["rdc_main", "rdc_helper"] {
        let mut c = Command::new("hipcc");
        c.args(["--offload-arch=gfx90a", "-fgpu-rdc", "-O2", "-c"])
            .arg(inputs.join(format!("{unit}.hip")))
            .arg(format!("-fpass-plugin={p}"))
            .arg("-o")
            .arg(dir.join(format!("{unit}.o")))
            .env("WAVEBUDGET_WAVES", "4");
        warnings.push(run(&mut c));
    }
    assert!(
        warnings[0].contains("calls '_Z5heavyfi', which is only declared in this module"),
        "the compile says the kernel depends on a function of another unit: {}",
        warnings[0]
    );
    let app = dir.join("app");
    let mut link = Command::new("hipcc");
    link.args(["-fgpu-rdc", "--offload-arch=gfx90a"])
        .arg(dir.join("rdc_main.o"))
        .arg(dir.join("rdc_helper.o"))
        .arg("-o")
        .arg(&app)
        .arg("-Xoffload-linker")
        .arg(format!("--load-pass-plugin={p}"))
        .env("WAVEBUDGET_WAVES", "3");
    let linked = run(&mut link);
    assert!(!linked.contains("only declared"), "linked, the callee is in view: {linked}");
    let cli = wavebudget_testkit::plugin::profile_dir().join("wavebudget");
    let out = Command::new(&cli).args(["inspect", "--json", "--llvm", "15"]).arg(&app).output().unwrap();
    assert!(out.status.success(), "inspect: {}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let k = &v["code_objects"][0]["kernels"][0];
    assert_eq!(k["name"], "_Z1kPfPKfi");
    assert_eq!(k["pass"]["waves"], 3, "the link's request, not the compile's 4: {k}");
    let waves = k["waves_per_simd"].as_u64().unwrap();
    assert!(waves >= 3, "the linked kernel reaches the W the link set: {k}");
    std::fs::remove_dir_all(&dir).ok();
}
