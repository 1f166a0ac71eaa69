//! LLVM only where it is needed: `cargo build -p wavebudget-cli --no-default-features` gives a `wavebudget`
//! that links no libLLVM (ldd shows none) and does everything but `sweep`/`tune`, which say why; the
//! runtime's C library links none either, and built with `--no-default-features` it carries no
//! compression codec (nm) and no writer. Built in one target directory of its own, so the default build
//! that the other tests run is not replaced.

use std::path::PathBuf;
use std::process::Command;

fn cargo_build(args: &[&str], target_dir: &PathBuf) {
    let out = Command::new(env!("CARGO"))
        .args(["build", "--locked"])
        .args(args)
        .arg("--target-dir")
        .arg(target_dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "cargo build {args:?}:\n{}", String::from_utf8_lossy(&out.stderr));
}

fn ldd(path: &PathBuf) -> String {
    let out = Command::new("ldd").arg(path).output().unwrap();
    assert!(out.status.success(), "ldd {}", path.display());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_cli_without_llvm_links_none_and_says_what_it_cannot_do() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-llvm");
    cargo_build(&["-p", "wavebudget-cli", "--no-default-features"], &dir);
    cargo_build(&["-p", "wavebudget-capi"], &dir);
    let wb = dir.join("debug/wavebudget");
    let libs = ldd(&wb);
    assert!(!libs.contains("libLLVM"), "wavebudget without the llvm feature links LLVM:\n{libs}");
    let runtime = ldd(&dir.join("debug/libwavebudget_runtime.so"));
    assert!(!runtime.contains("libLLVM"), "libwavebudget_runtime.so links LLVM:\n{runtime}");

    // Everything but sweep/tune works.
    let out = Command::new(&wb).args(["occupancy", "--target", "gfx942", "--vgprs", "128", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["waves_per_simd"], 4, "gfx942, 128 VGPRs: 512 / 128");
    let out = Command::new(&wb).args(["sweep", "k.ll"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.starts_with("error: this wavebudget was built without LLVM") && err.lines().count() == 1, "{err}");

    // The runtime without its default features: no zstd or zlib code in the C library, and neither the
    // codecs nor the writer in its dependency tree. Built into the same target directory (what the two
    // builds share is built once), after the default library was looked at.
    let zstd_symbols = |lib: &PathBuf| {
        let out = Command::new("nm").arg(lib).output().unwrap();
        String::from_utf8_lossy(&out.stdout).lines().filter(|l| l.contains("ZSTD_")).count()
    };
    let lib = dir.join("debug/libwavebudget_runtime.so");
    assert!(zstd_symbols(&lib) > 0, "the default runtime should read zstd bundles");
    cargo_build(&["-p", "wavebudget-capi", "--no-default-features"], &dir);
    assert_eq!(zstd_symbols(&lib), 0, "zstd in the runtime built without codecs");
    let tree = |package: &str, extra: &[&str]| {
        let out = Command::new(env!("CARGO"))
            .args(["tree", "-p", package, "-e", "features", "--prefix", "none"])
            .args(extra)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let writer = "wavebudget-codeobj feature \"write\"";
    assert!(tree("wavebudget-cli", &[]).contains(writer), "cargo tree shows features as expected");
    let slim_tree = tree("wavebudget-capi", &["--no-default-features"]);
    for dep in ["zstd v", "flate2 v", writer] {
        assert!(!slim_tree.contains(dep), "the C library without default features still has {dep}:\n{slim_tree}");
    }

    // And the default build does link it (the test above would pass trivially otherwise).
    let default = PathBuf::from(env!("CARGO_BIN_EXE_wavebudget"));
    assert!(ldd(&default).contains("libLLVM"), "the default wavebudget should link libLLVM for sweep");
}
