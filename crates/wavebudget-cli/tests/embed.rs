//! `wavebudget embed` against LLVM 22's own tools and ROCm's code object manager:
//! - `llvm-readelf-22 --notes` lists the same metadata plus the `.wavebudget.*` keys, whose occupancy
//!   equals llc-22's `kernel-resource-usage` remark;
//! - a relocatable object still links with `ld.lld-22 -shared`; bundles (plain, zstd v2 and v3) still
//!   unbundle with `clang-offload-bundler-22`, and each entry equals the code object embedded alone;
//! - `libamd-comgr2` (ROCm 5.2) reads the embedded metadata through `amd_comgr_get_data_metadata`, from a C
//!   program compiled here (`tests/c/comgr_metadata.c`);
//! - the input is never modified, embedding twice equals embedding once, bad input is one line and exit 1
//!   with no output file.
// The test reads the bytes of files it builds (clippy.toml keeps decoding input bytes to the reader crate).
#![allow(clippy::disallowed_methods)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn llvm(tool: &str) -> PathBuf {
    let prefix = std::env::var("LLVM_SYS_221_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    Path::new(&prefix).join("bin").join(tool)
}

fn run(cmd: &mut Command) -> Output {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(out.status.success(), "{cmd:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn wb(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wavebudget")).args(args).output().unwrap()
}

fn embed(input: &Path, output: &Path) {
    let out = wb(&["embed", input.to_str().unwrap(), "-o", output.to_str().unwrap()]);
    assert!(out.status.success(), "embed {}: {}", input.display(), String::from_utf8_lossy(&out.stderr));
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wavebudget-embed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn kernels_ll() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../wavebudget-codeobj/tests/inputs/kernels.ll")
}

/// llc-22 builds `kernels.ll` for `cpu`; returns the object and each kernel's occupancy from the
/// `kernel-resource-usage` remarks.
fn llc(cpu: &str, extra: &[&str], tag: &str) -> (PathBuf, BTreeMap<String, u32>) {
    let o = tmp(&format!("{tag}.o"));
    let out = run(Command::new(llvm("llc"))
        .args([
            "-mtriple=amdgcn-amd-amdhsa",
            &format!("-mcpu={cpu}"),
            "-filetype=obj",
            "-pass-remarks-analysis=kernel-resource-usage",
        ])
        .args(extra)
        .arg(kernels_ll())
        .arg("-o")
        .arg(&o));
    let mut occ = BTreeMap::new();
    let mut name = String::new();
    for line in String::from_utf8_lossy(&out.stderr).lines() {
        if let Some(n) = line.split("Function Name: ").nth(1) {
            name = n.trim().to_string();
        }
        if let Some(w) = line.split("Occupancy [waves/SIMD]: ").nth(1) {
            occ.insert(name.clone(), w.trim().parse().unwrap());
        }
    }
    assert_eq!(occ.len(), 4, "{}", String::from_utf8_lossy(&out.stderr));
    (o, occ)
}

fn link(o: &Path, tag: &str) -> PathBuf {
    let so = tmp(&format!("{tag}.so"));
    run(Command::new(llvm("ld.lld")).arg("-shared").arg(o).arg("-o").arg(&so));
    so
}

fn notes(file: &Path) -> String {
    String::from_utf8(run(Command::new(llvm("llvm-readelf")).arg("--notes").arg(file)).stdout).unwrap()
}

/// The notes with wavebudget's additions taken out: the keys, its note, and the metadata note's size.
fn without_ours(notes: &str) -> String {
    let mut out = Vec::new();
    let mut in_ours = false;
    for line in notes.lines() {
        if line.trim_start().starts_with("wavebudget ") {
            in_ours = true;
            continue;
        }
        if in_ours && line.trim_start().starts_with("description data:") {
            in_ours = false;
            continue;
        }
        if line.contains(".wavebudget.") {
            continue;
        }
        if line.trim_start().starts_with("AMDGPU ") && line.contains("NT_AMDGPU_METADATA") {
            out.push("AMDGPU <size> NT_AMDGPU_METADATA".to_string());
            continue;
        }
        out.push(line.to_string());
    }
    out.join("\n")
}

/// `.wavebudget.<key>` per kernel, from `llvm-readelf --notes`. LLVM prints a kernel's keys sorted, so
/// `.symbol` comes before `.vgpr_count` and `.wavebudget.*`: each key belongs to the last `.symbol` seen
/// (`.name` would not do: arguments have names too).
fn our_keys(notes: &str) -> Vec<(String, BTreeMap<String, String>)> {
    let mut out: Vec<(String, BTreeMap<String, String>)> = Vec::new();
    for line in notes.lines() {
        let t = line.trim_start().trim_start_matches("- ");
        if let Some(sym) = t.strip_prefix(".symbol:") {
            out.push((sym.trim().trim_end_matches(".kd").to_string(), BTreeMap::new()));
        } else if let Some(rest) = t.strip_prefix(".wavebudget.") {
            let (k, v) = rest.split_once(':').unwrap();
            out.last_mut().expect("a key before any kernel").1.insert(k.to_string(), v.trim().to_string());
        }
    }
    out
}

fn sha(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

#[test]
fn code_objects_keep_their_metadata_gain_the_keys_and_still_link() {
    for cpu in ["gfx900", "gfx908", "gfx90a", "gfx942", "gfx950", "gfx1100", "gfx1201"] {
        let (o, occ) = llc(cpu, &[], cpu);
        let so = link(&o, cpu);
        for (input, kind) in [(&o, "o"), (&so, "so")] {
            let before = sha(input);
            let once = tmp(&format!("{cpu}.e.{kind}"));
            let twice = tmp(&format!("{cpu}.ee.{kind}"));
            embed(input, &once);
            embed(&once, &twice);
            assert_eq!(sha(input), before, "{cpu} {kind}: the input changed");
            assert!(sha(&once) == sha(&twice), "{cpu} {kind}: embedding twice differs from once");

            let (orig, new) = (notes(input), notes(&once));
            assert_eq!(without_ours(&orig), without_ours(&new), "{cpu} {kind}: metadata changed");
            assert!(new.contains("wavebudget") && !orig.contains("wavebudget"));
            let keys = our_keys(&new);
            assert_eq!(keys.len(), 4, "{cpu} {kind}");
            for (name, k) in &keys {
                assert_eq!(k.get("version").map(String::as_str), Some("1"), "{cpu} {name}");
                let waves: u32 = k["waves_per_simd"].parse().unwrap();
                assert_eq!(waves, occ[name], "{cpu} {kind} {name}: .wavebudget.waves_per_simd vs llc-22's remark");
                assert!(["vgpr", "sgpr", "lds", "workgroup", "max_waves"].contains(&k["limiter"].as_str()));
            }
        }
        // The embedded relocatable object links, and the linked file carries the keys and the table.
        let linked = link(&tmp(&format!("{cpu}.e.o")), &format!("{cpu}.e.o"));
        let n = notes(&linked);
        assert_eq!(n.matches(".wavebudget.version").count(), 4, "{cpu}");
        assert!(n.contains("wavebudget "), "{cpu}: no table note after ld.lld");
        let headers = String::from_utf8(
            run(Command::new(llvm("llvm-readelf")).arg("-lS").arg(tmp(&format!("{cpu}.e.so")))).stdout,
        )
        .unwrap();
        assert!(headers.lines().any(|l| l.trim_start().starts_with("NOTE")), "{cpu}: PT_NOTE lost");
    }
}

#[test]
fn bundles_still_unbundle_and_hold_the_embedded_code_objects() {
    let (a, _) = llc("gfx90a", &[], "b-gfx90a");
    let (b, _) = llc("gfx1100", &[], "b-gfx1100");
    let (a, b) = (link(&a, "b-gfx90a"), link(&b, "b-gfx1100"));
    let (ae, be) = (tmp("b-gfx90a.e.so"), tmp("b-gfx1100.e.so"));
    embed(&a, &ae);
    embed(&b, &be);
    let targets = "host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx90a,hipv4-amdgcn-amd-amdhsa--gfx1100";
    for (tag, flags, version) in
        [("plain", &[][..], None), ("zstd3", &["--compress"][..], None), ("zstd2", &["--compress"][..], Some("2"))]
    {
        let bundle = tmp(&format!("{tag}.bundle"));
        let mut cmd = Command::new(llvm("clang-offload-bundler"));
        cmd.args(flags).args(["--type=o", &format!("--targets={targets}"), "--input=/dev/null"]);
        cmd.arg(format!("--input={}", a.display()))
            .arg(format!("--input={}", b.display()))
            .arg(format!("--output={}", bundle.display()));
        if let Some(v) = version {
            cmd.env("COMPRESSED_BUNDLE_FORMAT_VERSION", v);
        }
        run(&mut cmd);
        let before = sha(&bundle);
        let (once, twice) = (tmp(&format!("{tag}.e.bundle")), tmp(&format!("{tag}.ee.bundle")));
        embed(&bundle, &once);
        embed(&once, &twice);
        assert_eq!(sha(&bundle), before);
        assert!(sha(&once) == sha(&twice), "{tag}: twice differs from once");
        if !flags.is_empty() {
            assert_eq!(&sha(&once)[..4], b"CCOB", "{tag}: no longer compressed");
            let v = u16::from_le_bytes(sha(&once)[4..6].try_into().unwrap());
            assert_eq!(v, version.map_or(3, |v| v.parse().unwrap()), "{tag}: format version changed");
        }
        let outs: Vec<PathBuf> = ["host", "gfx90a", "gfx1100"].iter().map(|t| tmp(&format!("{tag}.un.{t}"))).collect();
        let mut un = Command::new(llvm("clang-offload-bundler"));
        un.args(["--unbundle", "--type=o", &format!("--targets={targets}"), &format!("--input={}", once.display())]);
        for o in &outs {
            un.arg(format!("--output={}", o.display()));
        }
        run(&mut un);
        assert!(sha(&outs[1]) == sha(&ae), "{tag}: the gfx90a entry is not the code object embedded alone");
        assert!(sha(&outs[2]) == sha(&be), "{tag}: the gfx1100 entry is not the code object embedded alone");
        assert!(sha(&outs[0]).is_empty());
    }
}

#[test]
fn rocm_comgr_reads_the_embedded_metadata() {
    let exe = tmp("comgr_metadata");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/c/comgr_metadata.c");
    run(Command::new("cc").args(["-Wall", "-Wextra", "-Werror", "-o"]).arg(&exe).arg(&src).arg("-lamd_comgr"));
    // comgr 5.2 knows processors up to gfx90a (and gfx1030) and code object versions up to 4 by name;
    // LLVM 22 writes version 6 by default, so these are built as version 4, what a ROCm 5.2 runtime loads.
    for cpu in ["gfx900", "gfx906", "gfx908", "gfx90a", "gfx1030"] {
        let (o, occ) = llc(cpu, &["--amdhsa-code-object-version=4"], &format!("comgr-{cpu}"));
        let so = link(&o, &format!("comgr-{cpu}"));
        for (input, kind) in [(&o, "relocatable"), (&so, "executable")] {
            let e = tmp(&format!("comgr-{cpu}.e.{kind}"));
            embed(input, &e);
            let out = run(Command::new(&exe).arg(&e).arg(kind));
            let text = String::from_utf8(out.stdout).unwrap();
            let mut lines = text.lines();
            assert_eq!(lines.next(), Some(format!("isa amdgcn-amd-amdhsa--{cpu}").as_str()), "{text}");
            let mut seen = 0;
            for l in lines {
                let f: Vec<&str> = l.split_whitespace().collect();
                assert_eq!(f[0], "kernel", "{text}");
                assert_eq!(
                    f[4].parse::<u32>().ok(),
                    Some(occ[f[1]]),
                    "{cpu} {kind}: comgr's .wavebudget.waves_per_simd for {}",
                    f[1]
                );
                assert_ne!(f[5], "-");
                seen += 1;
            }
            assert_eq!(seen, 4, "{text}");
            // The original as comgr sees it: the same kernels and counts.
            let orig = String::from_utf8(run(Command::new(&exe).arg(input).arg(kind)).stdout).unwrap();
            let strip = |t: &str| {
                t.lines().map(|l| l.split_whitespace().take(4).collect::<Vec<_>>().join(" ")).collect::<Vec<_>>()
            };
            assert_eq!(strip(&orig), strip(&text));
        }
    }
}

#[test]
fn bad_input_is_one_line_and_no_output() {
    let (o, _) = llc("gfx942", &[], "bad");
    let out_path = tmp("bad.out");
    let fails = |args: &[&str], needle: &str| {
        let out = wb(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: expected '{needle}' in {err}");
        assert!(!out_path.exists(), "{args:?}: an output file was written");
    };
    let garbage = tmp("garbage.bin");
    std::fs::write(&garbage, b"not a code object at all").unwrap();
    let out = out_path.to_str().unwrap();
    fails(&["embed", "/nonexistent/x.o", "-o", out], "/nonexistent/x.o");
    fails(&["embed", garbage.to_str().unwrap(), "-o", out], "not an ELF file");
    // A truncated code object: the reader's error with the structure.
    let bytes = std::fs::read(&o).unwrap();
    let cut = tmp("cut.o");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    fails(&["embed", cut.to_str().unwrap(), "-o", out], "cut.o");
    // Never over the input.
    let before = sha(&o);
    let o_str = o.to_str().unwrap();
    let r = wb(&["embed", o_str, "-o", o_str]);
    assert_eq!(r.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&r.stderr).contains("would overwrite the input"));
    assert_eq!(sha(&o), before);
    // An unwritable destination: the error, and nothing left behind.
    fails(&["embed", o_str, "-o", "/nonexistent-dir/out.o"], "cannot write");
}

const ROCM_BITCODE: &str = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode";

/// clang-22 with Debian's ROCm 5.2 headers and device libraries, two offload archs.
fn hip(src: &str, out: &Path, extra: &[&str]) {
    let file = out.with_extension("hip");
    std::fs::write(&file, src).unwrap();
    run(Command::new(llvm("clang"))
        .args(["-x", "hip", "--offload-arch=gfx90a", "--offload-arch=gfx908", "--rocm-path=/usr"])
        .arg(format!("--hip-device-lib-path={ROCM_BITCODE}"))
        .args(["-mcode-object-version=5", "-D__AMDGCN_WAVEFRONT_SIZE=64", "-O2", "-fuse-ld=lld"])
        .args(extra)
        .arg(&file)
        .arg("-o")
        .arg(out));
}

const MAIN_HIP: &str = r#"
#include <hip/hip_runtime.h>
#include <cstdio>
__global__ __launch_bounds__(256) void scale(float *x, float a) { x[threadIdx.x] *= a; }
__global__ __launch_bounds__(128) void stencil(const float *in, float *out) {
  __shared__ float tile[1024];
  tile[threadIdx.x] = in[threadIdx.x];
  __builtin_amdgcn_s_barrier();
  out[threadIdx.x] = tile[(threadIdx.x + 1) % 128] + tile[threadIdx.x];
}
int other_entry();
int main() {
  int n = -1;
  hipError_t e = hipGetDeviceCount(&n);
  printf("main ran: %d %d\n", (int)e, other_entry());
  if (n > 0) hipLaunchKernelGGL(scale, dim3(1), dim3(256), 0, 0, nullptr, 2.0f);
  return 0;
}
"#;

const OTHER_HIP: &str = r#"
#include <hip/hip_runtime.h>
__global__ void other(int *x) { x[threadIdx.x] += 1; }
int other_entry() { return 7; }
"#;

fn hex_u64s(dump: &str) -> Vec<u64> {
    // `llvm-readelf -x`: "0xADDR w0 w1 w2 w3 text", words as bytes in file order.
    let bytes: Vec<u8> = dump
        .lines()
        .filter(|l| l.starts_with("0x"))
        .flat_map(|l| {
            l.split_whitespace()
                .skip(1)
                .take(4)
                .filter(|w| w.len() % 2 == 0 && w.chars().all(|c| c.is_ascii_hexdigit()))
                .collect::<Vec<_>>()
        })
        .flat_map(|w| {
            (0..w.len() / 2).map(move |i| u8::from_str_radix(&w[2 * i..2 * i + 2], 16).unwrap()).collect::<Vec<_>>()
        })
        .collect();
    bytes.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect()
}

/// Where each `__hip_fatbin_wrapper` points, read with llvm-readelf alone: the RELATIVE relocation at the
/// wrapper's pointer field, else the value in the section; and the file bytes found there.
fn wrapper_targets(file: &Path) -> Vec<Vec<u8>> {
    let readelf =
        |args: &[&str]| String::from_utf8(run(Command::new(llvm("llvm-readelf")).args(args).arg(file)).stdout).unwrap();
    let sections = readelf(&["-S", "-W"]);
    let section = |name: &str| {
        let l = sections
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name) || l.split_whitespace().nth(2) == Some(name))
            .unwrap();
        let f: Vec<&str> = l.split(']').nth(1).unwrap().split_whitespace().collect();
        (
            u64::from_str_radix(f[2], 16).unwrap(),
            u64::from_str_radix(f[3], 16).unwrap(),
            u64::from_str_radix(f[4], 16).unwrap(),
        )
    };
    let (fat_addr, fat_off, fat_size) = section(".hip_fatbin");
    let (w_addr, _, w_size) = section(".hipFatBinSegment");
    let values = hex_u64s(&readelf(&["-x", ".hipFatBinSegment"]));
    let relocs = readelf(&["-r"]);
    let bytes = std::fs::read(file).unwrap();
    (0..w_size / 24)
        .map(|i| {
            let slot = w_addr + i * 24 + 8;
            let from_reloc = relocs.lines().find_map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f.len() >= 4 && f[2] == "R_X86_64_RELATIVE" && u64::from_str_radix(f[0], 16).ok() == Some(slot))
                    .then(|| u64::from_str_radix(f[3], 16).unwrap())
            });
            let ptr = from_reloc.unwrap_or(values[(i * 3 + 1) as usize]);
            assert!(
                ptr >= fat_addr && ptr < fat_addr + fat_size,
                "{}: wrapper {i} points at {ptr:#x}, outside .hip_fatbin",
                file.display()
            );
            let at = (ptr - fat_addr + fat_off) as usize;
            bytes[at..at + 24].to_vec()
        })
        .collect()
}

#[test]
fn hip_executables_and_libraries_keep_running_and_point_at_the_new_bundles() {
    assert!(
        Path::new("/usr/include/hip/hip_runtime.h").exists(),
        "ROCm headers missing: scripts/ensure-deps.sh installs libamdhip64-dev and rocm-device-libs"
    );
    let lib = ["-L/usr/lib/x86_64-linux-gnu", "-lamdhip64"];
    // Two translation units, so .hip_fatbin holds two bundles and .hipFatBinSegment two wrappers.
    let (main_o, other_o) = (tmp("main.o"), tmp("other.o"));
    hip(MAIN_HIP, &main_o, &["-c"]);
    hip(OTHER_HIP, &other_o, &["-c"]);
    let mut files = Vec::new();
    for (tag, flags) in [("pie", &[][..]), ("nopie", &["-no-pie"][..])] {
        let exe = tmp(&format!("hip-{tag}.exe"));
        run(Command::new(llvm("clang"))
            .args(["-fuse-ld=lld"])
            .args(flags)
            .arg(&main_o)
            .arg(&other_o)
            .args(lib)
            .arg("-o")
            .arg(&exe));
        files.push(exe);
    }
    let so = tmp("libother.so");
    hip(OTHER_HIP, &so, &["-fPIC", "-shared", "--hip-link", "-L/usr/lib/x86_64-linux-gnu", "-lamdhip64"]);
    files.push(so);

    for f in &files {
        // A set-user-ID, set-group-ID executable: the copy keeps rwx, not the special bits (root runs this).
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(f, std::fs::Permissions::from_mode(0o6751)).unwrap();
        let before = sha(f);
        let (once, twice) = (f.with_extension("e"), f.with_extension("ee"));
        embed(f, &once);
        let mode = std::fs::metadata(&once).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode, 0o751, "{}: mode {mode:o} from input 6751", once.display());
        assert_eq!(std::fs::metadata(f).unwrap().permissions().mode() & 0o7777, 0o6751, "input's mode changed");
        embed(&once, &twice);
        assert_eq!(sha(f), before, "{}: input changed", f.display());
        assert!(sha(&once) == sha(&twice), "{}: twice differs from once", f.display());
        // Every wrapper points at a bundle, in the new file as in the old.
        let targets = wrapper_targets(&once);
        assert_eq!(targets.len(), wrapper_targets(f).len());
        for t in &targets {
            assert_eq!(&t[..], b"__CLANG_OFFLOAD_BUNDLE__", "{}", f.display());
        }
        // llvm-objdump-22 extracts every code object, and each carries the keys and the table note.
        let dir = tmp(&format!("x-{}", f.file_name().unwrap().to_str().unwrap()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::copy(&once, dir.join("bin")).unwrap();
        run(Command::new(llvm("llvm-objdump")).arg("--offloading").arg("bin").current_dir(&dir));
        let mut code_objects = 0;
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let name = entry.file_name().into_string().unwrap();
            if name.contains("amdgcn") {
                let n = notes(&entry.path());
                assert!(n.contains(".wavebudget.waves_per_simd") && n.contains("wavebudget "), "{name}");
                code_objects += 1;
            }
        }
        assert_eq!(code_objects, if f.ends_with("libother.so") { 2 } else { 4 }, "{}", f.display());
    }
    // The executables still start, run main and reach the HIP runtime (no GPU here: it says so).
    for exe in &files[..2] {
        let out = run(&mut Command::new(exe.with_extension("e")));
        assert!(
            String::from_utf8_lossy(&out.stdout).starts_with("main ran: ")
                && String::from_utf8_lossy(&out.stdout).contains(" 7")
        );
    }
    // A relocatable host object: embedded, then linked into a program that runs.
    let main_e = tmp("main.e.o");
    embed(&main_o, &main_e);
    let exe = tmp("hip-from-embedded-o.exe");
    run(Command::new(llvm("clang")).args(["-fuse-ld=lld"]).arg(&main_e).arg(&other_o).args(lib).arg("-o").arg(&exe));
    assert!(String::from_utf8_lossy(&run(&mut Command::new(&exe)).stdout).starts_with("main ran: "));
    assert_eq!(wrapper_targets(&exe).len(), 2);
}

/// The runtime reads an embedded code object from its table, not its metadata, and gets the same
/// kernels and the same dispatch answers as from the metadata of the original.
#[test]
fn the_runtime_reads_the_embedded_table() {
    use wavebudget_runtime::{dispatch, Device, Embedded, Kernels, PreparedDevice};
    for (cpu, device) in [("gfx942", "MI300X"), ("gfx90a", "gfx90a"), ("gfx1100", "gfx1100")] {
        let (o, occ) = llc(cpu, &[], &format!("rt-{cpu}"));
        let so = link(&o, &format!("rt-{cpu}"));
        let e = tmp(&format!("rt-{cpu}.e.so"));
        embed(&so, &e);
        let (orig, new) = (Kernels::open(&so).unwrap(), Kernels::open(&e).unwrap());
        assert_eq!((orig.from_tables, new.from_tables), (0, 1));
        let key = |k: &wavebudget_runtime::KernelInfo| format!("{k:?}");
        let mut a: Vec<String> = orig.kernels.iter().map(key).collect();
        let mut b: Vec<String> = new.kernels.iter().map(key).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{cpu}: table and metadata disagree");

        let bytes = std::fs::read(&e).unwrap();
        let table = Embedded::from_code_object(&bytes).unwrap();
        let dev = Device::from_target(device).unwrap();
        let prepared = PreparedDevice::new(dev.clone()).unwrap();
        for k in &orig.kernels {
            let by_name = table.find(&k.name).unwrap();
            let by_symbol = table.find(&k.symbol).unwrap();
            assert_eq!(by_name.name(), by_symbol.name());
            let fast = prepared.dispatch(&by_name.resources(), None, 0).unwrap();
            let slow = dispatch(k, &dev, None, 0).unwrap();
            assert_eq!(
                (fast.waves_per_simd, fast.workgroups_per_cu, fast.limiter),
                (slow.waves_per_simd, slow.workgroups_per_cu, slow.limiter)
            );
            // At the kernel's own launch bounds on its own processor, llc-22's number.
            assert_eq!(fast.waves_per_simd, occ[&k.name], "{cpu} {}", k.name);
            assert_eq!(
                by_name.entry().record.waves_per_simd as u32,
                occ[&k.name],
                "{cpu} {}: the table's own waves",
                k.name
            );
        }
        assert!(table.find("nope").is_none() && table.find("nope.kd").is_none());
        let err = Embedded::from_code_object(&std::fs::read(&so).unwrap()).unwrap_err().to_string();
        assert!(err.contains("run `wavebudget embed`"), "{err}");
    }
}

/// Issue 56: `dispatch` read an embedded kernel table without looking at the metadata beside it, so a
/// table edited (or left stale) after `embed` gave numbers `inspect` of the same file contradicts. A table
/// its metadata contradicts is refused by one line naming the kernel and the count; the untouched file
/// dispatches as llc counts, and `inspect` of the edited one still reads the metadata.
#[test]
fn dispatch_refuses_a_table_its_metadata_contradicts() {
    let (o, occ) = llc("gfx942", &[], "contradict");
    let embedded = tmp("contradict-embedded.o");
    embed(&o, &embedded);
    let (name, &waves) = occ.iter().next().unwrap();
    let path = embedded.to_str().unwrap();
    let out = wb(&["dispatch", path, "--kernel", name, "--device", "gfx942", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["waves_per_simd"], waves, "{v}");

    // The first record's .vgpr_count (the table's header is 32 bytes, the field 32 bytes into a record;
    // docs/binary-format.md) raised by 64.
    let mut bytes = std::fs::read(&embedded).unwrap();
    let at = bytes.windows(4).position(|w| w == b"WBKT").expect("the table's magic") + 32 + 32;
    let v = u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    bytes[at..at + 2].copy_from_slice(&(v + 64).to_le_bytes());
    let edited = tmp("contradict-edited.o");
    std::fs::write(&edited, &bytes).unwrap();
    let e = edited.to_str().unwrap();
    let out = wb(&["dispatch", e, "--kernel", name, "--device", "gfx942"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    let said = format!("the embedded kernel table says .vgpr_count {}, the metadata {v}", v + 64);
    assert!(err.contains(&said), "{err}");
    let out = wb(&["inspect", e, "--kernel", name, "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains(&format!("\"waves_per_simd\": {waves}")));

    // A table naming a kernel the metadata does not have: one record's name changed in the table's
    // strings (one letter's case) and its hash made that name's, where the records stay sorted (the
    // reader checks both), is refused too.
    use wavebudget_codeobj::table::{name_hash, HEADER_SIZE, RECORD_SIZE};
    let mut bytes = std::fs::read(&embedded).unwrap();
    let magic = bytes.windows(4).position(|w| w == b"WBKT").unwrap();
    let u32_at = |b: &[u8], at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap()) as usize;
    let strings = magic + u32_at(&bytes, magic + 16);
    let record = |i: usize| magic + HEADER_SIZE + i * RECORD_SIZE;
    let hash_at = |b: &[u8], i: usize| u64::from_le_bytes(b[record(i)..record(i) + 8].try_into().unwrap());
    let n = occ.len();
    let candidates: Vec<(usize, usize, String)> = (0..n)
        .flat_map(|i| {
            let (off, len) = (u32_at(&bytes, record(i) + 8), u32_at(&bytes, record(i) + 12));
            let old = String::from_utf8(bytes[strings + off..strings + off + len].to_vec()).unwrap();
            (0..len)
                .filter(|&j| old.as_bytes()[j].is_ascii_alphabetic())
                .map(|j| {
                    let mut new = old.clone().into_bytes();
                    new[j] ^= 0x20;
                    (i, strings + off, String::from_utf8(new).unwrap())
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let (i, at, renamed) = candidates
        .into_iter()
        .find(|(i, _, new)| {
            let h = name_hash(new);
            (*i == 0 || hash_at(&bytes, i - 1) < h) && (*i + 1 == n || h < hash_at(&bytes, i + 1))
        })
        .expect("a letter whose change keeps the records sorted");
    bytes[at..at + renamed.len()].copy_from_slice(renamed.as_bytes());
    bytes[record(i)..record(i) + 8].copy_from_slice(&name_hash(&renamed).to_le_bytes());
    std::fs::write(&edited, &bytes).unwrap();
    let out = wb(&["dispatch", e, "--kernel", name, "--device", "gfx942"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    let said =
        format!("kernel '{renamed}': the embedded kernel table says .name {renamed}, the metadata no such kernel");
    assert!(err.contains(&said), "{err}");
}
