//! Builds shim.cpp (the C++ half of the pass: libwavebudget_pass.so and every binary that runs the pass
//! or the sweep in process link it) against the LLVM major chosen by the cargo feature (`llvm22`, the
//! default; `llvm19`; `llvm15`: exactly one).
//!
//! LLVM N is found as llvm-sys finds it: `$LLVM_SYS_<N>_PREFIX/bin/llvm-config` (`LLVM_SYS_221_PREFIX`,
//! `LLVM_SYS_191_PREFIX`, `LLVM_SYS_150_PREFIX`), else `llvm-config-N`, else `/usr/lib/llvm-N`, else
//! `llvm-config` if it reports version N. The shim is compiled with the words of `llvm-config --cxxflags`,
//! plus `-fno-rtti` when LLVM was built without RTTI (upstream and ROCm builds; Debian's has it), so its
//! vtables match the LLVM it is loaded into. The shim's differences between majors are `#if
//! LLVM_VERSION_MAJOR` blocks; the Rust side's are `cfg(feature = "llvmN")`.

use std::path::PathBuf;
use std::process::Command;

/// (feature, major, llvm-sys prefix variable)
const MAJORS: &[(&str, &str, &str)] = &[
    ("LLVM22", "22", "LLVM_SYS_221_PREFIX"),
    ("LLVM19", "19", "LLVM_SYS_191_PREFIX"),
    ("LLVM15", "15", "LLVM_SYS_150_PREFIX"),
];

fn llvm_config(major: &str, prefix_var: &str) -> PathBuf {
    if let Some(prefix) = std::env::var_os(prefix_var) {
        return PathBuf::from(prefix).join("bin/llvm-config");
    }
    let versioned = format!("llvm-config-{major}");
    let debian = format!("/usr/lib/llvm-{major}/bin/llvm-config");
    for cand in [versioned.as_str(), debian.as_str(), "llvm-config"] {
        if let Ok(out) = Command::new(cand).arg("--version").output() {
            if out.status.success() && String::from_utf8_lossy(&out.stdout).starts_with(&format!("{major}.")) {
                return PathBuf::from(cand);
            }
        }
    }
    panic!(
        "LLVM {major} not found: set {prefix_var} (e.g. /usr/lib/llvm-{major}) or put llvm-config-{major} on PATH \
         (scripts/build-pass.sh {major} installs it from Debian)"
    );
}

fn query(cfg: &PathBuf, arg: &str) -> String {
    let out = Command::new(cfg).arg(arg).output().unwrap_or_else(|e| panic!("running {} {arg}: {e}", cfg.display()));
    assert!(out.status.success(), "{} {arg} failed", cfg.display());
    String::from_utf8(out.stdout).expect("llvm-config output is UTF-8").trim().to_string()
}

fn main() {
    println!("cargo:rerun-if-changed=shim.cpp");
    let chosen: Vec<_> = MAJORS
        .iter()
        .filter(|(feature, _, _)| std::env::var_os(format!("CARGO_FEATURE_{feature}")).is_some())
        .collect();
    let &&(_, major, prefix_var) = match chosen.as_slice() {
        [one] => one,
        [] => panic!("choose the LLVM major with one feature: llvm22 (the default), llvm19 or llvm15"),
        many => panic!(
            "features {} are all on: the plugin is built for one LLVM major (scripts/build-pass.sh N builds the others)",
            many.iter().map(|(f, _, _)| f.to_lowercase()).collect::<Vec<_>>().join(", ")
        ),
    };
    println!("cargo:rerun-if-env-changed={prefix_var}");
    let cfg = llvm_config(major, prefix_var);
    let version = query(&cfg, "--version");
    assert!(version.starts_with(&format!("{major}.")), "{} is LLVM {version}, not {major}", cfg.display());
    let mut build = cc::Build::new();
    build.cpp(true).pic(true).file("shim.cpp").warnings(false);
    for flag in query(&cfg, "--cxxflags").split_whitespace() {
        build.flag(flag);
    }
    if query(&cfg, "--has-rtti") != "YES" {
        build.flag("-fno-rtti");
    }
    build.define("WAVEBUDGET_VERSION", Some(format!("\"{}\"", env!("CARGO_PKG_VERSION")).as_str()));
    build.compile("wavebudget_pass_shim");
    println!("cargo:rustc-env=WAVEBUDGET_LLVM_VERSION={version}");
    println!("cargo:rustc-env=WAVEBUDGET_LLVM_MAJOR={major}");
}
