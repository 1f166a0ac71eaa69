//! `wavebudget device` and `wavebudget dispatch` on the real KFD captures in tests/fixtures/kfd.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn wb(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wavebudget")).args(args).output().unwrap()
}

fn kfd_root(capture: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("wavebudget-cli-kfd-{}-{capture}", std::process::id()));
    std::fs::create_dir_all(root.join("nodes/0")).unwrap();
    std::fs::create_dir_all(root.join("nodes/2")).unwrap();
    std::fs::write(root.join("nodes/0/properties"), "cpu_cores_count 32\nsimd_count 0\n").unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/kfd").join(capture);
    std::fs::copy(src, root.join("nodes/2/properties")).unwrap();
    root
}

fn fails_with(out: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(needle), "expected '{needle}' in {err}");
}

#[test]
fn device_and_dispatch_from_the_shell() {
    let root = kfd_root("gfx1100_rx7900xtx.properties");
    let out = wb(&["device", "--kfd-root", root.to_str().unwrap(), "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = &v["devices"][0];
    assert_eq!(
        (d["target"].as_str(), d["compute_units"].as_u64(), d["wave_size"].as_u64()),
        (Some("gfx1100"), Some(96), Some(32))
    );
    assert_eq!(d["source"]["node"], 2);

    // A kernel built for gfx1100 by llc-22, dispatched on the captured RX 7900 XTX.
    let ll = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/lit/Inputs/pressure.ll");
    let text = std::fs::read_to_string(ll).unwrap().replace("gfx942", "gfx1100");
    let src = std::env::temp_dir().join(format!("wavebudget-cli-rt-{}.ll", std::process::id()));
    std::fs::write(&src, text).unwrap();
    let obj = src.with_extension("o");
    let llc =
        Path::new(&std::env::var("LLVM_SYS_221_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into())).join("bin/llc");
    let st = Command::new(llc)
        .args(["-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx1100", "-filetype=obj"])
        .arg(&src)
        .arg("-o")
        .arg(&obj)
        .status()
        .unwrap();
    assert!(st.success());
    let o = obj.to_str().unwrap();
    let out =
        wb(&["dispatch", o, "--kernel", "acc40", "--kfd-root", root.to_str().unwrap(), "--wg-size", "256", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in ["waves_per_simd", "limiter", "workgroups_per_cu", "compute_units", "persistent_grid_size"] {
        assert!(!v[key].is_null(), "{key} missing: {v}");
    }
    assert_eq!(v["compute_units"], 96);
    assert_eq!(v["unit"], "WGP");
    assert_eq!(v["persistent_grid_size"].as_u64(), Some(48 * v["workgroups_per_cu"].as_u64().unwrap()));
    let text = wb(&["dispatch", o, "--kernel", "acc40", "--device", "gfx1100", "--wg-size", "256"]);
    let t = String::from_utf8_lossy(&text.stdout);
    assert!(t.contains("waves_per_simd") && t.contains("persistent_grid_size  -"), "{t}");

    fails_with(
        &wb(&["dispatch", o, "--kernel", "nope", "--device", "gfx1100"]),
        "--kernel 'nope' matches no kernel (kernels: acc124, acc160, acc40)",
    );
    fails_with(
        &wb(&["dispatch", o, "--kernel", "acc40", "--device", "gfx942"]),
        "built for gfx1100, not for the device's gfx942",
    );
    fails_with(&wb(&["dispatch", o, "--kernel", "acc40"]), "--device PROCESSOR or --kfd-root DIR");
    fails_with(&wb(&["dispatch", o, "--kernel", "acc40", "--kfd-root", "/nonexistent"]), "no KFD topology");
    fails_with(&wb(&["device", "--kfd-root", "/nonexistent"]), "/nonexistent/nodes");
    fails_with(&wb(&["dispatch", "/nonexistent.o", "--kernel", "k", "--device", "gfx942"]), "/nonexistent.o");
}
