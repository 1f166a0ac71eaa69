//! Builds llvm-pass/shim.cpp (the C++ half of libwavebudget_pass.so) against LLVM 22.
//!
//! LLVM is found as llvm-sys finds it: `$LLVM_SYS_221_PREFIX/bin/llvm-config`, else `llvm-config-22`,
//! else `llvm-config` if it reports version 22. The shim is compiled with the words of
//! `llvm-config --cxxflags`, plus `-fno-rtti` when LLVM was built without RTTI (upstream and ROCm
//! builds; Debian's has it), so its vtables match the LLVM it is loaded into.

use std::path::PathBuf;
use std::process::Command;

fn llvm_config() -> PathBuf {
    if let Some(prefix) = std::env::var_os("LLVM_SYS_221_PREFIX") {
        return PathBuf::from(prefix).join("bin/llvm-config");
    }
    for cand in ["llvm-config-22", "/usr/lib/llvm-22/bin/llvm-config", "llvm-config"] {
        if let Ok(out) = Command::new(cand).arg("--version").output() {
            if out.status.success() && String::from_utf8_lossy(&out.stdout).starts_with("22.") {
                return PathBuf::from(cand);
            }
        }
    }
    panic!("LLVM 22 not found: set LLVM_SYS_221_PREFIX (e.g. /usr/lib/llvm-22) or put llvm-config-22 on PATH");
}

fn query(cfg: &PathBuf, arg: &str) -> String {
    let out = Command::new(cfg).arg(arg).output().unwrap_or_else(|e| panic!("running {} {arg}: {e}", cfg.display()));
    assert!(out.status.success(), "{} {arg} failed", cfg.display());
    String::from_utf8(out.stdout).expect("llvm-config output is UTF-8").trim().to_string()
}

fn main() {
    println!("cargo:rerun-if-changed=llvm-pass/shim.cpp");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
    let cfg = llvm_config();
    let version = query(&cfg, "--version");
    assert!(version.starts_with("22."), "{} is LLVM {version}, not 22", cfg.display());
    let mut build = cc::Build::new();
    build.cpp(true).pic(true).file("llvm-pass/shim.cpp").warnings(false);
    for flag in query(&cfg, "--cxxflags").split_whitespace() {
        build.flag(flag);
    }
    if query(&cfg, "--has-rtti") != "YES" {
        build.flag("-fno-rtti");
    }
    build.define("WAVEBUDGET_VERSION", Some(format!("\"{}\"", env!("CARGO_PKG_VERSION")).as_str()));
    build.compile("wavebudget_pass_shim");
    println!("cargo:rustc-env=WAVEBUDGET_LLVM_VERSION={version}");
}
