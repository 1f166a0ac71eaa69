//! `wavebudget inspect` against LLVM 22's own readers: `clang-offload-bundler-22 --list/--unbundle`,
//! `llvm-readelf-22 --notes` / `-h`, `llvm-objdump-22` (kernel descriptors), and llc's/clang's
//! "Occupancy [waves/SIMD]" remarks, on a real ROCm library from Debian and on objects compiled here.
// The test reads the bytes of files it builds (clippy.toml keeps decoding input bytes to the reader crate).
#![allow(clippy::disallowed_methods)]

use wavebudget_testkit::llvm as common;
use wavebudget_testkit::process::{fresh_dir, run_ok};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{parse_remarks, tool, Remarks};
use serde_json::Value;

const KERNELS_LL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../wavebudget-codeobj/tests/inputs/kernels.ll");
const KERNELS_HIP: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../wavebudget-codeobj/tests/inputs/kernels.hip");

/// Metadata keys compared one by one with llvm-readelf's dump.
const KEYS: &[&str] = &[
    "symbol",
    "vgpr_count",
    "agpr_count",
    "sgpr_count",
    "vgpr_spill_count",
    "sgpr_spill_count",
    "group_segment_fixed_size",
    "private_segment_fixed_size",
    "wavefront_size",
    "max_flat_workgroup_size",
];

fn scratch(tag: &str) -> PathBuf {
    fresh_dir(Path::new(env!("CARGO_TARGET_TMPDIR")), &format!("inspect-{tag}"))
}

fn inspect(files: &[&Path]) -> Value {
    let out = run_ok(Command::new(env!("CARGO_BIN_EXE_wavebudget")).arg("inspect").arg("--json").args(files));
    serde_json::from_slice(&out.stdout).expect("inspect --json prints JSON")
}

/// One code object as LLVM's tools see it.
struct Reference {
    /// `(bundle index, entry id)`; `(0, "")` for a bare code object.
    key: (usize, String),
    /// Processor from `llvm-readelf -h` ("Flags: 0x53f, gfx90a, xnack, sramecc").
    processor: String,
    /// `amdhsa.kernels` from `llvm-readelf --notes`, keyed by `.name`.
    kernels: BTreeMap<String, BTreeMap<String, String>>,
    /// Kernel count (names could repeat; the map would hide that).
    count: usize,
}

fn reference_code_object(path: &Path, key: (usize, String)) -> Reference {
    let text = String::from_utf8_lossy(&run_ok(Command::new(tool("llvm-readelf")).arg("--notes").arg(path)).stdout)
        .into_owned();
    let count = text
        .lines()
        .filter(|l| l.starts_with("  - ") && l.contains("."))
        .filter(|l| !l.contains(".address_space") && !l.contains(".offset"))
        .count();
    let kernels = common::parse_notes_text(&text);
    let header =
        String::from_utf8_lossy(&run_ok(Command::new(tool("llvm-readelf")).arg("-h").arg(path)).stdout).into_owned();
    let processor = header
        .lines()
        .find_map(|l| l.trim().strip_prefix("Flags:"))
        .and_then(|f| f.split(',').nth(1))
        .unwrap_or_else(|| panic!("no processor in llvm-readelf -h {}", path.display()))
        .trim()
        .to_string();
    Reference { key, processor, kernels, count }
}

/// Lists and unbundles one bundle file with clang-offload-bundler-22.
fn reference_bundle(bundle: &Path, index: usize, dir: &Path) -> (Vec<Reference>, Vec<(usize, String)>) {
    let list = run_ok(
        Command::new(tool("clang-offload-bundler"))
            .args(["--list", "--type=o"])
            .arg(format!("--input={}", bundle.display())),
    );
    let mut refs = Vec::new();
    let mut skipped = Vec::new();
    for id in String::from_utf8_lossy(&list.stdout).lines().map(str::trim).filter(|l| !l.is_empty()) {
        if id.starts_with("host-") {
            skipped.push((index, id.to_string()));
            continue;
        }
        let out = dir.join(format!("b{index}-{}.co", id.replace([':', '/'], "_")));
        run_ok(
            Command::new(tool("clang-offload-bundler"))
                .args(["--unbundle", "--type=o"])
                .arg(format!("--input={}", bundle.display()))
                .arg(format!("--targets={id}"))
                .arg(format!("--output={}", out.display())),
        );
        refs.push(reference_code_object(&out, (index, id.to_string())));
    }
    (refs, skipped)
}

/// Bundles in a `.hip_fatbin` section, cut at each bundle magic on a 4096-byte boundary (how the
/// linker places each translation unit's section): independent of the reader under test.
fn split_fatbin(host: &Path, dir: &Path) -> Vec<PathBuf> {
    let section = dir.join("hip_fatbin.bin");
    run_ok(
        Command::new(tool("llvm-objcopy"))
            .arg(format!("--dump-section=.hip_fatbin={}", section.display()))
            .arg(host)
            .arg(dir.join("objcopy.out")),
    );
    let bytes = std::fs::read(&section).unwrap();
    let starts: Vec<usize> = (0..bytes.len())
        .step_by(4096)
        .filter(|&o| bytes[o..].starts_with(b"__CLANG_OFFLOAD_BUNDLE__") || bytes[o..].starts_with(b"CCOB"))
        .collect();
    assert!(!starts.is_empty(), "no bundle in {}'s .hip_fatbin", host.display());
    starts
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let end = starts.get(i + 1).copied().unwrap_or(bytes.len());
            let p = dir.join(format!("bundle{i}.bin"));
            std::fs::write(&p, &bytes[s..end]).unwrap();
            p
        })
        .collect()
}

/// Asserts `inspect`'s code objects equal the reference, field by field; returns the kernels compared.
fn compare(what: &str, ours: &Value, refs: &[Reference], skipped: &[(usize, String)], several_bundles: bool) -> usize {
    let cos = ours["code_objects"].as_array().unwrap();
    assert_eq!(cos.len(), refs.len(), "{what}: code objects: wavebudget found {}, LLVM {}", cos.len(), refs.len());
    let ours_skipped = ours["skipped"].as_array().unwrap().len();
    assert_eq!(ours_skipped, skipped.len(), "{what}: skipped host entries");
    let mut kernels = 0;
    for r in refs {
        let co = cos
            .iter()
            .find(|c| {
                let entry =
                    c["source"].as_str().unwrap().split_once('#').map(|(_, e)| e.to_string()).unwrap_or_default();
                let entry = if several_bundles {
                    entry.split_once(':').map(|(_, e)| e.to_string()).unwrap_or_default()
                } else {
                    entry
                };
                entry == r.key.1 && c["bundle"].as_u64().unwrap_or(0) as usize == r.key.0
            })
            .unwrap_or_else(|| panic!("{what}: no code object for bundle {} entry {}", r.key.0, r.key.1));
        assert_eq!(co["processor"], r.processor.as_str(), "{what} {:?}: processor", r.key);
        let ks = co["kernels"].as_array().unwrap();
        assert_eq!(ks.len(), r.count, "{what} {:?}: kernel count", r.key);
        for (name, meta) in &r.kernels {
            let k = ks
                .iter()
                .find(|k| k["name"] == name.as_str())
                .unwrap_or_else(|| panic!("{what} {:?}: kernel {name} missing", r.key));
            for key in KEYS {
                let theirs = meta.get(&format!(".{key}"));
                let mine = match &k[*key] {
                    Value::Null => None,
                    Value::String(s) => Some(s.clone()),
                    v => Some(v.to_string()),
                };
                assert_eq!(mine.as_ref(), theirs, "{what} {:?} kernel {name}: .{key}", r.key);
            }
            kernels += 1;
        }
    }
    kernels
}

/// Where test downloads of Debian packages are kept between runs.
fn deb_cache() -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("debs");
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `apt-get download PACKAGE` (once) and `dpkg -x` it; returns the extraction root.
fn debian_package(package: &str) -> PathBuf {
    let cache = deb_cache();
    let find = || {
        std::fs::read_dir(&cache).unwrap().filter_map(|e| e.ok()).map(|e| e.path()).find(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&format!("{package}_")) && n.ends_with(".deb"))
        })
    };
    if find().is_none() {
        let get = || Command::new("apt-get").args(["download", package]).current_dir(&cache).output();
        let ok = get().is_ok_and(|o| o.status.success());
        if !ok {
            // A fresh machine may have no package lists yet.
            let _ = Command::new("apt-get").args(["update", "-qq"]).status();
            let out = get().expect("run apt-get download");
            assert!(
                out.status.success(),
                "apt-get download {package} failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    let deb = find().expect("downloaded .deb");
    let root = cache.join(package);
    if !root.exists() {
        run_ok(Command::new("dpkg").arg("-x").arg(&deb).arg(&root));
    }
    root
}

/// Every bundle entry of a host binary's `.hip_fatbin`, extracted by `llvm-objdump-22 --offloading`
/// (LLVM's `Object/OffloadBundle` reader), which writes `<file>.<bundle>.<entry id>` beside its input.
fn objdump_offloading(host: &Path, dir: &Path) -> (Vec<Reference>, Vec<(usize, String)>) {
    let name = host.file_name().unwrap().to_string_lossy().to_string();
    let copy = dir.join(&name);
    std::fs::copy(host, &copy).unwrap();
    run_ok(Command::new(tool("llvm-objdump")).arg("--offloading").arg(&copy).current_dir(dir));
    let (mut refs, mut skipped) = (Vec::new(), Vec::new());
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for f in files {
        let fname = f.file_name().unwrap().to_string_lossy().to_string();
        let Some(rest) = fname.strip_prefix(&format!("{name}.")) else { continue };
        let Some((index, id)) = rest.split_once('.') else { continue };
        let Ok(index) = index.parse::<usize>() else { continue };
        if id.starts_with("host-") {
            skipped.push((index, id.to_string()));
        } else {
            refs.push(reference_code_object(&f, (index, id.to_string())));
        }
    }
    (refs, skipped)
}

#[test]
fn librocrand_matches_llvm_readers_on_every_kernel() {
    println!("reference: {}", common::llc_version());
    let root = debian_package("librocrand1");
    let lib = root.join("usr/lib/x86_64-linux-gnu/librocrand.so.1.1");
    assert!(lib.exists(), "{} not in the package", lib.display());
    let dir = scratch("rocrand");
    // clang-offload-bundler-22 --unbundle refuses some of this ROCm 5.3 bundle's entries ("invalid bundle
    // id read from the bundle" for gfx906:xnack- and gfx908:xnack-), so the code objects come from
    // llvm-objdump-22 --offloading, and the bundler's --list checks the entry ids.
    let (refs, skipped) = objdump_offloading(&lib, &dir);
    let bundles = split_fatbin(&lib, &dir);
    let mut listed: Vec<(usize, String)> = Vec::new();
    for (i, b) in bundles.iter().enumerate() {
        let list = run_ok(
            Command::new(tool("clang-offload-bundler"))
                .args(["--list", "--type=o"])
                .arg(format!("--input={}", b.display())),
        );
        listed.extend(String::from_utf8_lossy(&list.stdout).lines().map(|l| (i, l.trim().to_string())));
    }
    let mut extracted: Vec<(usize, String)> =
        refs.iter().map(|r| r.key.clone()).chain(skipped.iter().cloned()).collect();
    listed.sort();
    extracted.sort();
    assert_eq!(extracted, listed, "llvm-objdump --offloading and clang-offload-bundler --list disagree on the entries");
    let ours = inspect(&[&lib]);
    let n = compare("librocrand.so.1.1", &ours, &refs, &skipped, bundles.len() > 1);
    println!("librocrand.so.1.1: {} bundles, {} code objects, {n} kernels: all equal", bundles.len(), refs.len());
    // Debian's ROCm 5.3 build: gfx803, gfx900, gfx906, gfx908, gfx90a (xnack+ and -), gfx1030.
    assert!(refs.len() >= 6 && n >= 400, "expected the whole library, got {} code objects and {n} kernels", refs.len());
    // Every kernel got an occupancy from the model.
    for co in ours["code_objects"].as_array().unwrap() {
        for k in co["kernels"].as_array().unwrap() {
            assert!(
                k["waves_per_simd"].as_u64().is_some_and(|w| w >= 1),
                "{}: {} has no occupancy",
                co["source"],
                k["name"]
            );
        }
    }
}

/// Remarks of a clang or llc run, normalised to llc's `remark: <unknown>:0:0: key: value` form.
fn remarks(stderr: &str) -> BTreeMap<String, Remarks> {
    let text: String = stderr
        .lines()
        .filter_map(|l| l.find("remark: ").map(|i| &l[i + 8..]))
        .map(|body| {
            let body = body.split(" [-R").next().unwrap_or(body);
            let body = body.strip_prefix("<unknown>:0:0: ").unwrap_or(body);
            format!("remark: <unknown>:0:0: {body}\n")
        })
        .collect();
    parse_remarks(&text)
}

/// Kernel descriptor fields as llvm-objdump-22 decodes them (`.amdhsa_*` directives), per kernel.
fn objdump_descriptors(obj: &Path, names: &[String]) -> BTreeMap<String, BTreeMap<String, u64>> {
    let syms: Vec<String> = names.iter().map(|n| format!("{n}.kd")).collect();
    let out = run_ok(
        Command::new(tool("llvm-objdump")).arg("-D").arg(format!("--disassemble-symbols={}", syms.join(","))).arg(obj),
    );
    let mut map: BTreeMap<String, BTreeMap<String, u64>> = BTreeMap::new();
    let mut cur = None;
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let line = line.trim();
        if let Some(n) = line.strip_prefix(".amdhsa_kernel ") {
            cur = Some(n.to_string());
        } else if let (Some(n), Some(rest)) = (&cur, line.strip_prefix(".amdhsa_")) {
            if let Some((k, v)) = rest.split_once(' ') {
                if let Ok(v) = v.trim().parse() {
                    map.entry(n.clone()).or_default().insert(k.to_string(), v);
                }
            }
        }
    }
    map
}

/// Checks waves/SIMD against the compiler's remark and the descriptor against llvm-objdump.
fn check_occupancy_and_descriptors(
    what: &str,
    ours: &Value,
    remarks: &BTreeMap<String, Remarks>,
    objdump: Option<&BTreeMap<String, BTreeMap<String, u64>>>,
) -> usize {
    let mut n = 0;
    for co in ours["code_objects"].as_array().unwrap() {
        for k in co["kernels"].as_array().unwrap() {
            let name = k["name"].as_str().unwrap();
            let r = remarks.get(name).unwrap_or_else(|| panic!("{what}: no remark for {name}"));
            let llc: u64 = r["Occupancy [waves/SIMD]"].parse().unwrap();
            assert_eq!(
                k["waves_per_simd"].as_u64(),
                Some(llc),
                "{what} {name}: waves_per_simd vs the compiler's remark"
            );
            if let Some(d) = objdump.and_then(|o| o.get(name)) {
                let desc = &k["descriptor"];
                assert_eq!(desc["vgprs"].as_u64(), d.get("next_free_vgpr").copied(), "{what} {name}: descriptor VGPRs");
                if let Some(s) = d.get("next_free_sgpr") {
                    // objdump prints (field + 1) * 8 on every target; the field means nothing on GFX10+.
                    assert_eq!(
                        desc["fields"]["granulated_wavefront_sgpr_count"].as_u64(),
                        Some(s / 8 - 1),
                        "{what} {name}: SGPR field"
                    );
                    if let Some(ours) = desc["sgprs"].as_u64() {
                        assert_eq!(ours, *s, "{what} {name}: descriptor SGPRs");
                    }
                }
                assert_eq!(desc["first_agpr"].as_u64(), d.get("accum_offset").copied(), "{what} {name}: accum_offset");
                assert_eq!(
                    desc["fields"]["group_segment_fixed_size"].as_u64(),
                    d.get("group_segment_fixed_size").copied(),
                    "{what} {name}"
                );
                assert_eq!(
                    desc["fields"]["private_segment_fixed_size"].as_u64(),
                    d.get("private_segment_fixed_size").copied(),
                    "{what} {name}"
                );
                if let Some(w32) = d.get("wavefront_size32") {
                    assert_eq!(
                        desc["fields"]["wavefront_size32"].as_bool(),
                        Some(*w32 == 1),
                        "{what} {name}: wave32 bit"
                    );
                }
            }
            n += 1;
        }
    }
    n
}

/// A compressed bundle made with Python's zlib (clang-offload-bundler-22 on Debian always picks zstd), with
/// the bundler's hash (the low 64 bits of the MD5 of the uncompressed bundle, little-endian);
/// clang-offload-bundler-22 then reads it back as the reference.
fn zlib_bundle(plain: &Path, out: &Path, version: u32) {
    let script = r#"
import hashlib, struct, sys, zlib
raw = open(sys.argv[1], 'rb').read(); v = int(sys.argv[3]); z = zlib.compress(raw, 9)
hdr = 24 if v == 2 else 32
md5 = int.from_bytes(hashlib.md5(raw).digest()[:8], 'little')
if v == 2: h = b'CCOB' + struct.pack('<HHIIQ', 2, 0, hdr + len(z), len(raw), md5)
else: h = b'CCOB' + struct.pack('<HHQQQ', 3, 0, hdr + len(z), len(raw), md5)
open(sys.argv[2], 'wb').write(h + z)
"#;
    run_ok(Command::new("python3").arg("-c").arg(script).arg(plain).arg(out).arg(version.to_string()));
}

#[test]
fn objects_bundles_and_host_binaries_compiled_here_match_llvm() {
    println!("reference: {}", common::llc_version());
    let dir = scratch("compiled");
    let cpus = ["gfx908", "gfx90a", "gfx942", "gfx950", "gfx1100"];
    let versions = [4, 5, 6];
    let mut total = 0;
    let mut linked = Vec::new();
    let names: Vec<String> = ["lds_tile", "accumulate", "accumulate_spills", "reqd_capped"].map(String::from).to_vec();
    for (i, cpu) in cpus.iter().enumerate() {
        let version = versions[i % versions.len()];
        let obj = dir.join(format!("{cpu}.o"));
        let out = run_ok(
            Command::new(tool("llc"))
                .args([
                    "-mtriple=amdgcn-amd-amdhsa",
                    &format!("-mcpu={cpu}"),
                    "-filetype=obj",
                    "-pass-remarks-analysis=kernel-resource-usage",
                ])
                .arg(format!("--amdhsa-code-object-version={version}"))
                .arg(KERNELS_LL)
                .arg("-o")
                .arg(&obj),
        );
        let rem = remarks(&String::from_utf8_lossy(&out.stderr));
        let so = dir.join(format!("{cpu}.so"));
        run_ok(Command::new(tool("ld.lld")).arg("-shared").arg(&obj).arg("-o").arg(&so));
        for file in [&obj, &so] {
            let ours = inspect(&[file]);
            let what = format!("{} (v{version})", file.file_name().unwrap().to_string_lossy());
            assert_eq!(ours["code_objects"][0]["code_object_version"], version, "{what}");
            total += compare(&what, &ours, &[reference_code_object(file, (0, String::new()))], &[], false);
            check_occupancy_and_descriptors(&what, &ours, &rem, Some(&objdump_descriptors(file, &names)));
        }
        // The capped kernel's descriptor is padded past its metadata count: inspect must say so.
        let ours = inspect(&[&so]);
        let capped = ours["code_objects"][0]["kernels"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["name"] == "reqd_capped")
            .unwrap()
            .clone();
        let notes = capped["notes"].to_string();
        assert!(notes.contains("padded"), "{cpu}: reqd_capped notes say nothing of padding: {notes}");
        linked.push((cpu, so, rem));
    }

    // Offload bundles of the linked objects: plain, zstd (v3 default, v2 by env), zlib (v2, v3).
    let mut targets = vec!["host-x86_64-unknown-linux-gnu".to_string()];
    let mut inputs = vec!["--input=/dev/null".to_string()];
    for (cpu, so, _) in &linked {
        targets.push(format!("hipv4-amdgcn-amd-amdhsa--{cpu}"));
        inputs.push(format!("--input={}", so.display()));
    }
    let all_remarks: BTreeMap<String, BTreeMap<String, Remarks>> =
        linked.iter().map(|(c, _, r)| (c.to_string(), r.clone())).collect();
    let bundle = |name: &str, compress: bool, env: Option<&str>| {
        let out = dir.join(name);
        let mut cmd = Command::new(tool("clang-offload-bundler"));
        cmd.args(["--type=o", &format!("--targets={}", targets.join(","))])
            .args(&inputs)
            .arg(format!("--output={}", out.display()));
        if compress {
            cmd.arg("--compress");
        }
        if let Some(v) = env {
            cmd.env("COMPRESSED_BUNDLE_FORMAT_VERSION", v);
        }
        run_ok(&mut cmd);
        out
    };
    let plain = bundle("plain.bundle", false, None);
    let zstd3 = bundle("zstd-v3.bundle", true, None);
    let zstd2 = bundle("zstd-v2.bundle", true, Some("2"));
    let zlib2 = dir.join("zlib-v2.bundle");
    let zlib3 = dir.join("zlib-v3.bundle");
    zlib_bundle(&plain, &zlib2, 2);
    zlib_bundle(&plain, &zlib3, 3);
    for (b, method, version) in [
        (&plain, None, None),
        (&zstd3, Some("zstd"), Some(3)),
        (&zstd2, Some("zstd"), Some(2)),
        (&zlib2, Some("zlib"), Some(2)),
        (&zlib3, Some("zlib"), Some(3)),
    ] {
        let bytes = std::fs::read(b).unwrap();
        if let Some(v) = version {
            assert_eq!(&bytes[..4], b"CCOB");
            assert_eq!(u16::from_le_bytes([bytes[4], bytes[5]]), v, "{} is not CCOB v{v}", b.display());
        }
        let (refs, skipped) = reference_bundle(b, 0, &dir);
        let ours = inspect(&[b]);
        let what = b.file_name().unwrap().to_string_lossy().to_string();
        total += compare(&what, &ours, &refs, &skipped, false);
        for co in ours["code_objects"].as_array().unwrap() {
            assert_eq!(co["compression"].as_str(), method, "{what}");
            let cpu = co["processor"].as_str().unwrap();
            let one = serde_json::json!({"code_objects": [co]});
            check_occupancy_and_descriptors(&format!("{what} {cpu}"), &one, &all_remarks[cpu], None);
        }
    }
    // A file of several bundles one after another.
    let several = dir.join("several.bundles");
    let mut cat = std::fs::read(&plain).unwrap();
    cat.extend(std::fs::read(&zstd2).unwrap());
    std::fs::write(&several, &cat).unwrap();
    let ours = inspect(&[&several]);
    assert_eq!(ours["code_objects"].as_array().unwrap().len(), 2 * cpus.len(), "several.bundles");
    assert!(
        ours["code_objects"][cpus.len()]["source"].as_str().unwrap().contains("#1:hipv4-"),
        "second bundle numbered"
    );

    // HIP shared libraries from clang-22: .hip_fatbin, uncompressed and --offload-compress.
    let archs = ["gfx90a", "gfx942", "gfx950", "gfx1100"];
    let mut hip_remarks = BTreeMap::new();
    for a in archs {
        let out = run_ok(
            Command::new(tool("clang"))
                .args([
                    "-x",
                    "hip",
                    "--cuda-device-only",
                    "-nogpuinc",
                    "-nogpulib",
                    "-O2",
                    "-c",
                    "-Rpass-analysis=kernel-resource-usage",
                ])
                .arg(format!("--offload-arch={a}"))
                .arg(KERNELS_HIP)
                .arg("-o")
                .arg(dir.join(format!("dev-{a}.o"))),
        );
        hip_remarks.insert(a.to_string(), remarks(&String::from_utf8_lossy(&out.stderr)));
    }
    for compress in [false, true] {
        let lib = dir.join(if compress { "libhipc.so" } else { "libhip.so" });
        let mut cmd = Command::new(tool("clang"));
        cmd.args(["-x", "hip", "-nogpuinc", "-nogpulib", "-no-hip-rt", "-O2", "-fPIC", "-shared"]);
        for a in archs {
            cmd.arg(format!("--offload-arch={a}"));
        }
        if compress {
            cmd.arg("--offload-compress");
        }
        run_ok(cmd.arg(KERNELS_HIP).arg("-o").arg(&lib));
        let bundles = split_fatbin(&lib, &dir);
        let (mut refs, mut skipped) = (Vec::new(), Vec::new());
        for (i, b) in bundles.iter().enumerate() {
            let (r, s) = reference_bundle(b, i, &dir);
            refs.extend(r);
            skipped.extend(s);
        }
        let ours = inspect(&[&lib]);
        let what = lib.file_name().unwrap().to_string_lossy().to_string();
        total += compare(&what, &ours, &refs, &skipped, bundles.len() > 1);
        assert_eq!(refs.len(), archs.len(), "{what}");
        for co in ours["code_objects"].as_array().unwrap() {
            assert_eq!(co["compression"].is_string(), compress, "{what}");
            let cpu = co["processor"].as_str().unwrap();
            let one = serde_json::json!({"code_objects": [co]});
            check_occupancy_and_descriptors(&format!("{what} {cpu}"), &one, &hip_remarks[cpu], None);
        }
    }
    println!("compiled here: {total} kernels equal to llvm-readelf, waves_per_simd equal to the compiler's remarks");
}

/// gfx12's dynamic VGPRs: a code object does not record the block a kernel was built with, so inspect
/// evaluates without it and says so, and with `--dvgpr-block` takes the block the caller names. llc-22's
/// remark for kernels built with blocks of 16 and 32 (200 values live at once: block 16 holds 128 and
/// spills, block 32 allocates past 128) is the occupancy inspect must give with the block named.
#[test]
fn gfx12_dynamic_vgpr_block_is_the_callers_and_llc_agrees() {
    let dir = scratch("dvgpr");
    let mut seen = Vec::new();
    for block in [16u32, 32] {
        let ll = dir.join(format!("dvgpr{block}.ll"));
        std::fs::write(&ll, wavebudget_testkit::kernels::live_values_dvgpr(200, block)).unwrap();
        let obj = dir.join(format!("dvgpr{block}.o"));
        let out = run_ok(
            Command::new(tool("llc"))
                .args(["-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx1201", "-filetype=obj"])
                .arg("-pass-remarks-analysis=kernel-resource-usage")
                .arg(&ll)
                .arg("-o")
                .arg(&obj),
        );
        let llc: u64 = remarks(&String::from_utf8_lossy(&out.stderr))["k"]["Occupancy [waves/SIMD]"].parse().unwrap();
        let so = dir.join(format!("dvgpr{block}.so"));
        run_ok(Command::new(tool("ld.lld")).arg("-shared").arg(&obj).arg("-o").arg(&so));
        let inspect_with = |extra: &[&str]| -> Value {
            let out = run_ok(
                Command::new(env!("CARGO_BIN_EXE_wavebudget"))
                    .args(["inspect", "--json", "--target", "gfx1201"])
                    .args(extra)
                    .arg(&so),
            );
            serde_json::from_slice::<Value>(&out.stdout).unwrap()["code_objects"][0]["kernels"][0].clone()
        };
        let named = inspect_with(&["--dvgpr-block", &block.to_string()]);
        assert_eq!(named["waves_per_simd"].as_u64(), Some(llc), "block {block}: inspect --dvgpr-block vs llc-22");
        assert!(!named["notes"].to_string().contains("which a code object does not record"), "{}", named["notes"]);
        let unnamed = inspect_with(&[]);
        assert!(
            unnamed["notes"].to_string().contains("which a code object does not record"),
            "block {block}: no note that the file cannot say: {}",
            unnamed["notes"]
        );
        seen.push((llc, unnamed["waves_per_simd"].as_u64()));
    }
    // The block decides the answer: llc's two builds differ, so the test would catch a block ignored.
    assert_ne!(seen[0].0, seen[1].0, "{seen:?}");
    assert!(
        seen.iter().any(|&(llc, unnamed)| Some(llc) != unnamed),
        "without the block inspect gives llc's answer anyway: {seen:?}"
    );
}
