//! The disassembler's memo (one LLVM decode per distinct window of bytes, `src/lib.rs`) gives
//! exactly what LLVM gives when it decodes every instruction from all the bytes left and at its own
//! address: on every kernel of Debian's librocrand (gfx803 to gfx1030, 560 kernels from hipcc) and on
//! llc-22's code for the targets whose windows are longer (gfx950: 16 bytes; gfx1100, gfx1201: 20), and
//! on the longest encodings (16-byte NSA image instructions on gfx1030, VOP3PX MFMA on gfx950).
//! Each kernel is read twice with the memo, so the second pass comes from it entirely.

use std::path::Path;
use std::process::Command;
use wavebudget_codeobj::{walk, CodeObject, Found};
use wavebudget_disasm::Disassembler;

/// Kernels compared and instructions found in them.
fn compare_all(name: &str, bytes: &[u8]) -> (usize, usize) {
    let (mut kernels, mut instructions) = (0, 0);
    walk(bytes, &mut |found| {
        let Found::CodeObject(_, data) = found else { return Ok(()) };
        let co = CodeObject::parse(data)?;
        let cpu = co.flags.processor.expect("a processor in e_flags");
        for features in ["", "+wavefrontsize64"] {
            if features == "+wavefrontsize64" && !cpu.starts_with("gfx1") {
                continue;
            }
            let mut memo = Disassembler::new(cpu, features).unwrap();
            let mut reference = Disassembler::new(cpu, features).unwrap().without_memo();
            for k in &co.kernels {
                let code = k.code.expect("the kernel's function symbol");
                let want = reference.disassemble(code.bytes, code.address);
                for pass in 0..2 {
                    let got = memo.disassemble(code.bytes, code.address);
                    assert_eq!(got, want, "{name}: {cpu}{features} {} (pass {pass})", k.meta.name);
                }
                kernels += 1;
                instructions += want.len();
            }
        }
        Ok(())
    })
    .unwrap();
    (kernels, instructions)
}

#[test]
fn memo_equals_llvm_on_every_librocrand_kernel() {
    let lib = Path::new("/usr/lib/x86_64-linux-gnu/librocrand.so.1.1");
    let bytes = std::fs::read(lib).expect("librocrand1 (scripts/ensure-deps.sh installs it)");
    let (kernels, instructions) = compare_all("librocrand", &bytes);
    // The library's 7 code objects hold 560 kernels (wave32 and wave64 disassembly on gfx1030).
    assert!(kernels >= 560 && instructions > 300_000, "{kernels} kernels, {instructions} instructions");
}

#[test]
fn memo_equals_llvm_on_long_window_targets() {
    let repo = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let dir = std::env::temp_dir().join(format!("wb-disasm-memo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut total = 0;
    for example in ["tile_kernel", "mfma_tile"] {
        for cpu in ["gfx950", "gfx1100", "gfx1201"] {
            if example == "mfma_tile" && cpu != "gfx950" {
                continue;
            }
            let obj = dir.join(format!("{example}-{cpu}.o"));
            let out = Command::new(wavebudget_testkit::llvm::tool("llc"))
                .args(["-mtriple=amdgcn-amd-amdhsa", &format!("-mcpu={cpu}"), "-filetype=obj", "-o"])
                .arg(&obj)
                .arg(repo.join(format!("examples/{example}.ll")))
                .output()
                .unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            total += compare_all(&format!("{example} {cpu}"), &std::fs::read(&obj).unwrap()).1;
        }
    }
    assert!(total > 500, "{total} instructions");
}

#[test]
fn an_instruction_cut_off_by_the_end_of_the_code_is_undecoded_not_a_crash() {
    // `v_mov_b32 v0, <literal>` without its literal: LLVM 22 given these 4 bytes alone crashes (llvm-mc
    // -disassemble -mcpu=gfx900 on `0xff 0x02 0x00 0x7e` does). Whole, with its literal, it decodes.
    let cut = [0xff, 0x02, 0x00, 0x7e];
    let whole = [0xff, 0x02, 0x00, 0x7e, 0x78, 0x56, 0x34, 0x12];
    for cpu in ["gfx900", "gfx90a", "gfx1030", "gfx1100"] {
        for reference in [false, true] {
            let d = Disassembler::new(cpu, "").unwrap();
            let mut d = if reference { d.without_memo() } else { d };
            let got = d.disassemble(&cut, 0x100);
            assert_eq!(got.len(), 1, "{cpu}");
            assert_eq!(&*got[0].mnemonic, "<unknown>", "{cpu}");
            let got = d.disassemble(&whole, 0x100);
            assert_eq!(got.len(), 1, "{cpu}: {got:?}");
            assert_eq!((&*got[0].mnemonic, &*got[0].operands), ("v_mov_b32_e32", "v0, 0x12345678"), "{cpu}");
        }
    }
}

#[test]
fn the_longest_encodings_decode_whole() {
    // Bytes from llvm-mc-22 -triple=amdgcn-amd-amdhsa -show-encoding: on gfx1030 an NSA image_sample_d with
    // nine address registers (16 bytes), v_mov_b32 with a literal (8), an NSA image_sample (12), s_endpgm;
    // on gfx950 a VOP3PX v_mfma_scale_f32_16x16x128_f8f6f4 (16 bytes), then v_mov_b32 and s_endpgm. A
    // window shorter than the instruction would split it into undecoded dwords.
    let gfx1030: Vec<u8> = [
        &[0x14, 0x0f, 0x88, 0xf0, 0x04, 0x00, 0x40, 0x00, 0x06, 0x08, 0x0a, 0x0c, 0x0e, 0x10, 0x12, 0x14][..],
        &[0xff, 0x02, 0x02, 0x7e, 0x78, 0x56, 0x34, 0x12],
        &[0x12, 0x0f, 0x80, 0xf0, 0x04, 0x00, 0x40, 0x00, 0x06, 0x08, 0x00, 0x00],
        &[0x00, 0x00, 0x81, 0xbf],
    ]
    .concat();
    let gfx950: Vec<u8> = [
        &[0x00, 0x00, 0xac, 0xd3, 0x18, 0x33, 0x02, 0x00, 0x00, 0x08, 0xad, 0xd3, 0x04, 0x19, 0x52, 0x04][..],
        &[0xff, 0x02, 0x02, 0x7e, 0x78, 0x56, 0x34, 0x12],
        &[0x00, 0x00, 0x81, 0xbf],
    ]
    .concat();
    for (cpu, code, want) in [
        ("gfx1030", &gfx1030, &["image_sample_d", "v_mov_b32_e32", "image_sample", "s_endpgm"][..]),
        ("gfx950", &gfx950, &["v_mfma_scale_f32_16x16x128_f8f6f4", "v_mov_b32_e32", "s_endpgm"][..]),
    ] {
        let reference = Disassembler::new(cpu, "").unwrap().without_memo().disassemble(code, 0);
        let mut memo = Disassembler::new(cpu, "").unwrap();
        for _ in 0..2 {
            let got = memo.disassemble(code, 0);
            assert_eq!(got, reference, "{cpu}");
            let mnemonics: Vec<&str> = got.iter().map(|i| &*i.mnemonic).collect();
            assert_eq!(mnemonics, want, "{cpu}");
        }
    }
}
