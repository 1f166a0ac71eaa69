//! One plugin per LLVM major, side by side: `scripts/build-pass.sh N` builds each, each runs in the opt
//! and clang of its own major, and every other pairing is refused with one line naming both majors and
//! exit 1, never an abort (two libLLVMs in one process; 15 and 19 share plugin API 1, so LLVM's own check
//! lets it through). opt's and clang's exit status and output are the authority.

use std::process::Command;
use wavebudget_testkit::plugin::{llvm_bin_for, plugin_for};

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
