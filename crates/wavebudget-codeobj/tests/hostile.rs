//! Hostile input: named malformed files (each must give one error naming the structure and offset), every
//! committed regression input, and mutations of real inputs compiled here by LLVM 22, all under a counting
//! allocator that fails the test on an allocation out of proportion to the input.
// The reader's own tests build and decode its inputs' bytes (clippy.toml keeps that to this crate).
#![allow(clippy::disallowed_methods)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use wavebudget_codeobj::{fuzzing, walk, CodeObject, Error, Found, Metadata};

struct Counting;
static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let now = CURRENT.fetch_add(l.size(), Ordering::Relaxed) + l.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        CURRENT.fetch_sub(l.size(), Ordering::Relaxed);
        unsafe { System.dealloc(p, l) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Tests in this file measure the heap one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

/// Runs `f` and returns the heap growth it peaked at.
fn peak_during(f: impl FnOnce()) -> usize {
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    f();
    PEAK.load(Ordering::Relaxed).saturating_sub(base)
}

/// Heap a read may use: proportional to the input (MessagePack values are ~50 bytes per input byte at
/// worst) plus a fixed allowance.
fn allowance(input: usize) -> usize {
    64 * input + (16 << 20)
}

fn bin(name: &str) -> PathBuf {
    let prefix =
        std::env::var_os("LLVM_SYS_221_PREFIX").map_or_else(|| PathBuf::from("/usr/lib/llvm-22"), PathBuf::from);
    prefix.join("bin").join(name)
}

fn run(cmd: &mut Command) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(out.status.success(), "{cmd:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// Real inputs made by LLVM 22: a relocatable object, a linked one, a plain and a zstd bundle.
fn real_inputs() -> Vec<(&'static str, Vec<u8>)> {
    // One directory per call: tests run in parallel, and two writing the same files raced (a bundle read
    // while the other test was rewriting it).
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ll = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/inputs/kernels.ll");
    let o = dir.join("k.o");
    let so = dir.join("k.so");
    run(Command::new(bin("llc"))
        .args(["-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx90a", "-filetype=obj", ll, "-o"])
        .arg(&o));
    run(Command::new(bin("ld.lld")).arg("-shared").arg(&o).arg("-o").arg(&so));
    let bundle = |out: &Path, compress: bool| {
        let mut c = Command::new(bin("clang-offload-bundler"));
        c.args([
            "--type=o",
            "--targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx90a",
            "--input=/dev/null",
        ])
        .arg(format!("--input={}", so.display()))
        .arg(format!("--output={}", out.display()));
        if compress {
            c.arg("--compress");
        }
        run(&mut c);
    };
    let (plain, zstd) = (dir.join("k.bundle"), dir.join("k.zstd.bundle"));
    bundle(&plain, false);
    bundle(&zstd, true);
    [("relocatable", &o), ("linked", &so), ("bundle", &plain), ("zstd bundle", &zstd)]
        .into_iter()
        .map(|(n, p)| (n, std::fs::read(p).unwrap()))
        .collect()
}

/// Reads `bytes` like `wavebudget inspect` does and returns the first error.
fn read(bytes: &[u8]) -> Result<usize, Error> {
    let mut kernels = 0;
    walk(bytes, &mut |f| {
        if let Found::CodeObject(_, co) = f {
            kernels += CodeObject::parse(co)?.kernels.len();
        }
        Ok(())
    })?;
    Ok(kernels)
}

/// The case fails with one error that names `structure` and mentions `detail`.
fn check_error(case: &str, bytes: &[u8], structure: &str, detail: &str) {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut result = None;
    let peak = peak_during(|| result = Some(read(bytes)));
    let err = match result.unwrap() {
        Ok(n) => panic!("{case}: read {n} kernels from malformed input"),
        Err(e) => e.to_string(),
    };
    assert!(
        err.contains(structure) && err.contains(detail),
        "{case}: error does not name '{structure}' / '{detail}': {err}"
    );
    assert!(err.contains("at offset 0x"), "{case}: error has no offset: {err}");
    assert!(!err.contains('\n'), "{case}: error is not one line: {err}");
    assert!(peak <= allowance(bytes.len()), "{case}: {peak} bytes of heap for {} bytes of input", bytes.len());
}

fn put_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}
fn put_u64(b: &mut [u8], at: usize, v: u64) {
    b[at..at + 8].copy_from_slice(&v.to_le_bytes());
}
fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}
fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

/// File offset of the first SHT_NOTE section's contents.
fn note_offset(elf: &[u8]) -> usize {
    let shoff = u64_at(elf, 0x28) as usize;
    let shnum = u16::from_le_bytes([elf[0x3c], elf[0x3d]]) as usize;
    (0..shnum)
        .map(|i| shoff + i * 64)
        .find(|&h| u32_at(elf, h + 4) == 7)
        .map(|h| u64_at(elf, h + 24) as usize)
        .expect("a note section")
}

#[test]
fn named_hostile_inputs_give_one_clear_error() {
    let inputs = real_inputs();
    let obj = &inputs[0].1;
    let plain = &inputs[2].1;
    let zstd = &inputs[3].1;

    check_error("truncated ELF", &obj[..40], "ELF header", "");
    check_error("truncated section table", &obj[..obj.len() - 100], "ELF section header table", "");

    // A note whose descsz runs past its section.
    let mut b = obj.clone();
    let n = note_offset(&b);
    put_u32(&mut b, n + 4, 0x7fff_0000);
    check_error("note size past the section", &b, "ELF note", "");

    // An ELF claiming 2^32 sections (extended numbering: e_shnum = 0, count in section 0's sh_size).
    let mut b = obj.clone();
    b[0x3c] = 0;
    b[0x3d] = 0;
    let shoff = u64_at(&b, 0x28) as usize;
    put_u64(&mut b, shoff + 32, 1 << 32);
    check_error("2^32 sections claimed", &b, "ELF section header table", "");

    // A bundle entry past the end of the file.
    let mut b = plain.clone();
    // Header: magic (24), count (8), then per entry offset, size, id length, id. Entry 0's size:
    put_u64(&mut b, 24 + 8 + 8, 1 << 40);
    check_error("bundle entry past the file", &b, "offload bundle entry", "runs past the bundle");

    // Issue 56: 5,000 entries all naming one code object (each would be read and reported): refused by
    // count, with no report made.
    let code = {
        let e0_off = u64_at(plain, 24 + 8) as usize;
        let e0_size = u64_at(plain, 24 + 8 + 8) as usize;
        plain[e0_off..e0_off + e0_size].to_vec()
    };
    let n = 5000usize;
    let id = b"hipv4-amdgcn-amd-amdhsa--gfx90a";
    let data_at = 24 + 8 + n * (24 + id.len());
    let mut b = b"__CLANG_OFFLOAD_BUNDLE__".to_vec();
    b.extend((n as u64).to_le_bytes());
    for _ in 0..n {
        b.extend((data_at as u64).to_le_bytes());
        b.extend((code.len() as u64).to_le_bytes());
        b.extend((id.len() as u64).to_le_bytes());
        b.extend(id);
    }
    b.extend(&code);
    check_error("one code object named 5,000 times", &b, "offload bundle entry count", "more than the 4096");

    // An entry count the file cannot hold.
    let mut b = plain.clone();
    put_u64(&mut b, 24, u64::MAX);
    check_error("bundle entry count lie", &b, "offload bundle entry count", "entries claimed");

    // A compressed bundle whose header lies about the uncompressed size, both ways.
    let mut b = zstd.clone();
    let real = u64_at(&b, 16);
    put_u64(&mut b, 16, real + 1);
    check_error("decompressed size larger than claimed data", &b, "compressed offload bundle", "header says");
    let mut b = zstd.clone();
    put_u64(&mut b, 16, real / 2);
    check_error("decompressed size smaller than the data", &b, "compressed offload bundle", "more than");
    let mut b = zstd.clone();
    put_u64(&mut b, 16, 1 << 30);
    check_error("decompression bomb claim", &b, "compressed offload bundle", "ratio");
    let mut b = zstd.clone();
    put_u64(&mut b, 16, 3 << 30);
    check_error("claim over the input budget", &b, "compressed offload bundle", "over the input budget");
    let mut b = zstd.clone();
    put_u64(&mut b, 16, 1 << 40);
    check_error("uncompressed size past the limit", &b, "compressed offload bundle header", "limit");
    let mut b = zstd.clone();
    put_u64(&mut b, 8, 1 << 40);
    check_error("compressed size past the file", &b, "compressed offload bundle header", "total size");

    check_error("not a code object at all", b"PK\x03\x04 a zip file", "input", "not an ELF file");
}

#[test]
fn metadata_nesting_bomb_and_length_lies_are_bounded() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    // 100,000 nested one-element arrays.
    let bomb = vec![0x91u8; 100_000];
    let mut r = None;
    let peak = peak_during(|| r = Some(Metadata::decode(&bomb).map(|_| ())));
    let err = r.unwrap().expect_err("nesting bomb").to_string();
    assert!(err.contains("MessagePack metadata") && err.contains("depth"), "{err}");
    assert!(peak <= allowance(bomb.len()), "nesting bomb: {peak} bytes");
    // An array claiming 2^32 - 1 elements in 5 bytes, and a map claiming as many entries.
    for lie in [&[0xddu8, 0xff, 0xff, 0xff, 0xff][..], &[0xdf, 0xff, 0xff, 0xff, 0xff]] {
        let mut r = None;
        let peak = peak_during(|| r = Some(Metadata::decode(lie).map(|_| ())));
        assert!(r.unwrap().is_err());
        assert!(peak <= allowance(lie.len()), "length lie: {peak} bytes");
    }
    // A string claiming 4 GiB.
    assert!(Metadata::decode(&[0xdb, 0xff, 0xff, 0xff, 0xff, b'a']).is_err());
}

/// Inputs that once crashed or misbehaved, each named after what it found (`tests/regressions/*`).
#[test]
fn committed_regressions_still_read_cleanly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "md") {
            continue;
        }
        let bytes = std::fs::read(&p).unwrap();
        fuzzing::check_file(&bytes);
        fuzzing::check_bundle(&bytes);
        fuzzing::check_code_object(&bytes);
        fuzzing::check_metadata(&bytes);
        fuzzing::check_rewrite(&bytes);
        n += 1;
    }
    assert!(n >= 1, "no regression inputs in {}", dir.display());
}

/// A small deterministic generator.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 17
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The fuzz targets' checking functions over mutations of real inputs: byte flips, truncations, and
/// 32/64-bit fields set to extreme values (where lengths and offsets hide).
#[test]
fn mutations_of_real_inputs_never_panic_or_balloon() {
    let inputs = real_inputs();
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut rng = Lcg(0x5eed_cafe);
    let per_input = 1500;
    let mut errors = 0;
    for (name, original) in &inputs {
        let first = read(original);
        assert!(first.as_ref().is_ok_and(|k| *k == 4), "{name}: the unmutated input must read: {first:?}");
        for i in 0..per_input {
            let mut b = original.clone();
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(b.len());
                match rng.below(6) {
                    0 => b[at] ^= 1 << rng.below(8),
                    1 => b[at] = rng.next() as u8,
                    2 if at + 4 <= b.len() => {
                        let v = [0, u32::MAX, 0x8000_0000, b.len() as u32][rng.below(4)];
                        put_u32(&mut b, at & !3, v)
                    }
                    3 if at + 8 <= b.len() => {
                        let v = [0, u64::MAX, 1 << 32, b.len() as u64 + 1][rng.below(4)];
                        put_u64(&mut b, at & !7, v)
                    }
                    4 => b.truncate(at),
                    _ => {
                        let len = rng.below(64).min(b.len() - at);
                        let src = rng.below(b.len() - len + 1);
                        let chunk = b[src..src + len].to_vec();
                        b[at..at + len].copy_from_slice(&chunk);
                    }
                }
                if b.is_empty() {
                    break;
                }
            }
            let peak = peak_during(|| {
                fuzzing::check_file(&b);
                fuzzing::check_bundle(&b);
                fuzzing::check_code_object(&b);
                if read(&b).is_err() {
                    errors += 1;
                }
            });
            assert!(peak <= allowance(b.len()), "{name} mutation {i}: {peak} bytes of heap for {} bytes", b.len());
        }
    }
    println!(
        "{} mutations of {} real inputs: {errors} rejected with an error, none panicked",
        per_input * inputs.len(),
        inputs.len()
    );
}

/// A HIP shared library built by clang-22 (one bundle in `.hip_fatbin`), for the writer's host path.
fn hip_library() -> Vec<u8> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-hip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let so = dir.join("k.hip.so");
    run(Command::new(bin("clang"))
        .args(["-x", "hip", "--offload-arch=gfx90a", "-nogpuinc", "-nogpulib", "-no-hip-rt", "-O2", "-fPIC", "-shared"])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/inputs/kernels.hip"))
        .arg("-o")
        .arg(&so));
    std::fs::read(&so).unwrap()
}

/// Section header `i` of an ELF64 file: its offset in the file.
fn section_header(elf: &[u8], name: &[u8]) -> usize {
    let shoff = u64_at(elf, 0x28) as usize;
    let shnum = u16::from_le_bytes([elf[0x3c], elf[0x3d]]) as usize;
    let shstrndx = u16::from_le_bytes([elf[0x3e], elf[0x3f]]) as usize;
    let strtab = u64_at(elf, shoff + shstrndx * 64 + 24) as usize;
    (0..shnum)
        .map(|i| shoff + i * 64)
        .find(|&h| {
            let at = strtab + u32_at(elf, h) as usize;
            elf[at..].starts_with(name) && elf[at + name.len()] == 0
        })
        .expect("the section")
}

/// The writer refuses what it cannot rewrite with one error and never slices past the file: a
/// `.hip_fatbin` that is `SHT_NOBITS` with a huge size used to panic (exit 101).
#[test]
fn the_writer_refuses_a_nobits_fatbin() {
    let mut b = hip_library();
    let h = section_header(&b, b".hip_fatbin");
    put_u32(&mut b, h + 4, 8); // SHT_NOBITS
    put_u64(&mut b, h + 32, 0x7fff_ffff_ffff); // sh_size
    let mut decide = |_: &CodeObject<'_>| Ok(wavebudget_codeobj::rewrite::Additions::default());
    let e = wavebudget_codeobj::rewrite::rewrite(&b, &mut decide).unwrap_err().to_string();
    assert!(e.contains(".hip_fatbin") && e.contains("SHT_NOBITS") && !e.contains('\n'), "{e}");
}

/// The writer's fuzz check (`fuzzing::check_rewrite`: rewriting twice equals rewriting once, and the
/// output reads back with the same kernels and the added keys) over mutations of real inputs, host
/// library included.
#[test]
fn mutations_of_real_inputs_keep_the_writer_s_oracle() {
    let mut inputs = real_inputs();
    inputs.push(("HIP library", hip_library()));
    let mut rng = Lcg(0x0eed_feed);
    for (name, original) in &inputs {
        // The unmutated input rewrites, so the oracle is exercised, not skipped.
        assert!(fuzzing::check_rewrite(original), "{name}: the unmutated input must rewrite");
        let mut rewritten = 0;
        for _ in 0..250 {
            let mut b = original.clone();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(b.len());
                match rng.below(4) {
                    0 => b[at] ^= 1 << rng.below(8),
                    1 if at + 8 <= b.len() => {
                        let v = [0, u64::MAX, 1 << 32, b.len() as u64 + 1][rng.below(4)];
                        put_u64(&mut b, at & !7, v)
                    }
                    2 if at + 4 <= b.len() => put_u32(&mut b, at & !3, [0, 8, u32::MAX][rng.below(3)]),
                    _ => b.truncate(at.max(1)),
                }
            }
            let r = std::panic::catch_unwind(|| fuzzing::check_rewrite(&b));
            assert!(r.is_ok(), "{name}: the writer's oracle failed on a mutation");
            rewritten += r.unwrap() as usize;
        }
        // A compressed bundle's hash covers every byte of its data, so its mutations are refused; the other
        // inputs must give the oracle mutated files to check.
        assert!(rewritten > 0 || *name == "zstd bundle", "{name}: no mutation rewrote: the oracle never ran");
    }
}

/// clang-offload-bundler's host entry is skipped with a typed reason (its text what JSON and the CLI show).
#[test]
fn a_bundles_host_entry_is_skipped_with_its_reason() {
    let inputs = real_inputs();
    for (name, bytes) in inputs.iter().filter(|(n, _)| n.contains("bundle")) {
        let mut skipped = Vec::new();
        walk(bytes, &mut |f| {
            if let Found::Skipped(src, reason) = f {
                skipped.push((src.entry.clone(), reason));
            }
            Ok(())
        })
        .unwrap();
        // The bundler writes the host id as a normalised triple (`host-x86_64-unknown-linux-gnu-` in LLVM 22).
        assert_eq!(skipped.len(), 1, "{name}: {skipped:?}");
        assert!(skipped[0].0.as_deref().is_some_and(|id| id.starts_with("host-x86_64-unknown-linux-gnu")), "{name}");
        assert_eq!(skipped[0].1, wavebudget_codeobj::SkipReason::HostCode, "{name}");
        assert_eq!(skipped[0].1.kind(), "host_code");
        assert_eq!(serde_json::to_value(skipped[0].1).unwrap(), serde_json::json!("host code"));
    }
}
