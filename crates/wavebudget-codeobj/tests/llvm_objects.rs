//! `e_flags` against what llc-22 writes: for every processor of the model's target table, an object
//! compiled by llc-22 with `-mcpu=<processor>` reads back as that processor (`eflags.rs`'s table of
//! `EF_AMDGPU_MACH_*` values).

use std::path::PathBuf;
use std::process::Command;
use wavebudget_codeobj::CodeObject;
use wavebudget_model::targets::PROCESSORS;

fn llc() -> PathBuf {
    let prefix = std::env::var("LLVM_SYS_221_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    PathBuf::from(prefix).join("bin/llc")
}

#[test]
fn every_processor_reads_back_from_llc_22_objects() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("llvm-objects");
    std::fs::create_dir_all(&dir).unwrap();
    let ll = dir.join("k.ll");
    std::fs::write(&ll, "define amdgpu_kernel void @k() {\n  ret void\n}\n").unwrap();
    let mut checked = 0;
    for p in PROCESSORS.iter() {
        let o = dir.join(format!("{}.o", p.name));
        let out = Command::new(llc())
            .args(["-mtriple=amdgcn-amd-amdhsa", &format!("-mcpu={}", p.name), "-filetype=obj"])
            .arg(&ll)
            .arg("-o")
            .arg(&o)
            .output()
            .unwrap();
        assert!(out.status.success(), "llc-22 -mcpu={}: {}", p.name, String::from_utf8_lossy(&out.stderr));
        assert!(out.stderr.is_empty(), "llc-22 does not know {}: {}", p.name, String::from_utf8_lossy(&out.stderr));
        let bytes = std::fs::read(&o).unwrap();
        let co = CodeObject::parse(&bytes).unwrap();
        assert_eq!(co.flags.processor, Some(p.name), "e_flags {:#x} of an llc-22 object for {}", co.e_flags, p.name);
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} processors in the table");
}
