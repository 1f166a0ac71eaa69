//! `inspect` on NVIDIA binaries (issue 29 point 5) against NVIDIA's own `cuobjdump --dump-resource-usage`
//! (CUDA 13.5, PyPI): cubins ptxas 12.9 wrote for sm_75, sm_80, sm_86, sm_90, sm_90a, sm_100 and sm_120
//! from llc-22's PTX; CUDA fat binaries nvFatbin 12.9 made of them (plain, LZ4- and zstd-compressed, with
//! a PTX entry); and a host shared library clang-22 built around one (`-fcuda-include-gpubinary`, what
//! clang does in a CUDA build, in `.nv_fatbin`). Every kernel's registers, stack, shared and local memory
//! must be cuobjdump's, each cubin's architecture its `arch =`, and blocks per SM `cuda_occupancy.h`'s
//! (g++) at the block size the kernel's launch bounds give. Damaged input is one line naming the offset.

#![allow(clippy::disallowed_methods, reason = "a test reads the JSON a command printed by key, to check each field")]

use std::path::{Path, PathBuf};
use std::process::Command;
use wavebudget_model::nvidia::{parse_target, Kernel};
use wavebudget_testkit::llvm::tool;
use wavebudget_testkit::nvidia::{cuobjdump, nvfatbin_dir, ptxas, Oracle};

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_wavebudget"))
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{cmd:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Kernels with 8 to 160 live floats, one capped to spill, one with shared memory, one with `.reqntid`.
fn module(p_values: &[u32]) -> String {
    let mut m = String::from(
        "target triple = \"nvptx64-nvidia-cuda\"\n@tile = internal addrspace(3) global [3000 x float] undef, align 4\n",
    );
    for (i, &p) in p_values.iter().enumerate() {
        let attrs = match i % 3 {
            0 => "#0",
            1 => "#1",
            _ => "#2",
        };
        m += &format!("define ptx_kernel void @k{p}(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {attrs} {{\nentry:\n  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n");
        for j in 0..p {
            m += &format!("  %o{j} = add i32 %tid, {}\n  %p{j} = getelementptr float, ptr addrspace(1) %in, i32 %o{j}\n  %v{j} = load volatile float, ptr addrspace(1) %p{j}\n", j * 512);
        }
        if i % 2 == 1 {
            m += "  %sp = getelementptr [3000 x float], ptr addrspace(3) @tile, i32 0, i32 %tid\n  store volatile float %v0, ptr addrspace(3) %sp\n";
        }
        m += "  br label %loop\nloop:\n  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]\n";
        for j in 0..p {
            m += &format!("  %a{j} = phi float [ %v{j}, %entry ], [ %b{j}, %loop ]\n");
        }
        for j in 0..p {
            m += &format!(
                "  %b{j} = call float @llvm.fma.f32(float %a{j}, float %a{}, float %a{})\n",
                (j + 1) % p,
                (j + 2) % p
            );
        }
        m +=
            "  %i.next = add i32 %i, 1\n  %c = icmp slt i32 %i.next, %n\n  br i1 %c, label %loop, label %exit\nexit:\n";
        for j in 0..p {
            m += &format!("  %q{j} = getelementptr float, ptr addrspace(1) %out, i32 %o{j}\n  store float %b{j}, ptr addrspace(1) %q{j}\n");
        }
        m += "  ret void\n}\n";
    }
    m += "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\ndeclare float @llvm.fma.f32(float, float, float)\n";
    m += "attributes #0 = { \"nvvm.maxntid\"=\"256\" }\nattributes #1 = { \"nvvm.reqntid\"=\"64,2\" \"nvvm.maxnreg\"=\"40\" }\nattributes #2 = { \"nvvm.maxntid\"=\"1024\" }\n";
    m
}

/// One ELF of cuobjdump's resource usage: its `arch =` (fat binaries) and, per kernel, (name, [REG,
/// STACK, SHARED, LOCAL]).
type Usage = (Option<String>, Vec<(String, [u64; 4])>);

/// cuobjdump's resource usage, per ELF in file order.
fn cuobjdump_usage(path: &Path) -> Vec<Usage> {
    let text = run(Command::new(cuobjdump()).arg("--dump-resource-usage").arg(path));
    let mut out: Vec<Usage> = Vec::new();
    let mut arch = None;
    let mut in_elf = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("Fatbin elf code") {
            in_elf = true;
        } else if t.starts_with("Fatbin ptx code") {
            in_elf = false;
        } else if let Some(a) = t.strip_prefix("arch = ") {
            arch = Some(a.to_string());
        } else if t.starts_with("Resource usage") {
            if in_elf || arch.is_none() {
                out.push((arch.take(), Vec::new()));
            }
        } else if let Some(name) = t.strip_prefix("Function ").and_then(|n| n.strip_suffix(':')) {
            out.last_mut().unwrap().1.push((name.to_string(), [0; 4]));
        } else if t.starts_with("REG:") {
            let field =
                |k: &str| -> u64 { t.split_whitespace().find_map(|w| w.strip_prefix(k)).unwrap().parse().unwrap() };
            let last = out.last_mut().unwrap().1.last_mut().unwrap();
            last.1 = [field("REG:"), field("STACK:"), field("SHARED:"), field("LOCAL:")];
        }
    }
    out
}

fn inspect_json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&run(Command::new(bin()).arg("inspect").arg(path).arg("--json"))).unwrap()
}

/// A cubin of `ir` for `arch`, as a CUDA build makes one: llc-22's PTX (8.8, ptxas 12.9's: what sm_90a,
/// sm_100 and sm_120 need), then ptxas; `<name>.ll`, `.ptx` and `.cubin` in `dir`.
fn cubin_of(dir: &Path, name: &str, ir: &str, arch: &str) -> PathBuf {
    let (ll, ptx, cubin) =
        (dir.join(format!("{name}.ll")), dir.join(format!("{name}.ptx")), dir.join(format!("{name}.cubin")));
    std::fs::write(&ll, ir).unwrap();
    run(Command::new(tool("llc"))
        .args(["-mtriple=nvptx64-nvidia-cuda", &format!("-mcpu={arch}"), "-mattr=+ptx88", "-o"])
        .arg(&ptx)
        .arg(&ll));
    run(Command::new(ptxas()).args([&format!("-arch={arch}"), "-o"]).arg(&cubin).arg(&ptx));
    cubin
}

/// tests/data/nvidia/mkfatbin.c built in `dir` against PyPI's nvFatbin.
fn mkfatbin(dir: &Path) -> PathBuf {
    let nv = nvfatbin_dir();
    let mk = dir.join("mkfatbin");
    run(Command::new("cc")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/nvidia/mkfatbin.c"))
        .arg("-I")
        .arg(&nv)
        .arg("-o")
        .arg(&mk)
        .arg(nv.join("libnvfatbin.so.12"))
        .arg(format!("-Wl,-rpath,{}", nv.display())));
    mk
}

#[test]
fn inspect_equals_cuobjdump_on_cubins_fat_binaries_and_a_host_library() {
    let dir = std::env::temp_dir().join(format!("wavebudget-cuda-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ir = module(&[8, 40, 96, 160, 24]);
    let archs = ["sm_75", "sm_80", "sm_86", "sm_90", "sm_90a", "sm_100", "sm_120"];
    let cubins: Vec<(&str, PathBuf)> = archs.iter().map(|&a| (a, cubin_of(&dir, a, &ir, a))).collect();
    // nvFatbin, as a C program links it.
    let mk = mkfatbin(&dir);
    let mut fatbins = Vec::new();
    for (tag, option) in [("plain", "-compress=false"), ("lz4", "-compress-all"), ("zstd", "-compress-mode=size")] {
        let out = dir.join(format!("{tag}.fatbin"));
        let mut cmd = Command::new(&mk);
        cmd.arg(&out).arg(option);
        for (a, c) in &cubins {
            cmd.arg(format!("cubin:{}", c.display())).arg(a.trim_start_matches("sm_"));
        }
        cmd.arg(format!("ptx:{}", dir.join("sm_80.ptx").display())).arg("80");
        run(&mut cmd);
        fatbins.push(out);
    }
    // A host library: clang embeds the fat binary as in a CUDA build (-nocudainc: no CUDA headers needed).
    let cu = dir.join("host.cu");
    std::fs::write(&cu, "extern \"C\" __attribute__((global)) void k8(float *, float *, int) {}\n").unwrap();
    let obj = dir.join("host.o");
    run(Command::new(tool("clang++"))
        .args(["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_80", "-fPIC"])
        .args(["-Xclang", "-fcuda-include-gpubinary", "-Xclang"])
        .arg(&fatbins[1])
        .arg("-c")
        .arg(&cu)
        .arg("-o")
        .arg(&obj));
    let so = dir.join("libhost.so");
    run(Command::new(tool("clang++")).arg("-shared").arg(&obj).arg("-o").arg(&so));

    let oracle = Oracle::build();
    let mut kernels_checked = 0;
    let inputs: Vec<PathBuf> =
        cubins.iter().map(|(_, c)| c.clone()).chain(fatbins.iter().cloned()).chain([so]).collect();
    for input in &inputs {
        let theirs = cuobjdump_usage(input);
        let ours = inspect_json(input);
        let ours = ours["cubins"].as_array().unwrap_or_else(|| panic!("{}: no cubins in {ours}", input.display()));
        assert_eq!(ours.len(), theirs.len(), "{}: cubins", input.display());
        for (c, (arch, funcs)) in ours.iter().zip(&theirs) {
            if let Some(a) = arch {
                assert_eq!(c["arch"].as_str(), Some(a.as_str()), "{}", input.display());
            }
            let ks = c["kernels"].as_array().unwrap();
            assert_eq!(ks.len(), funcs.len(), "{}: kernels of {}", input.display(), c["arch"]);
            let t = parse_target(c["arch"].as_str().unwrap()).unwrap();
            for (k, (name, [reg, stack, shared, local])) in ks.iter().zip(funcs) {
                let what = format!("{} {} {name}", input.display(), c["arch"]);
                assert_eq!(k["name"].as_str(), Some(name.as_str()), "{what}");
                assert_eq!(k["regs"].as_u64(), Some(*reg), "{what}: REG");
                assert_eq!(k["stack"].as_u64(), Some(*stack), "{what}: STACK");
                // cuobjdump's SHARED is the section, the driver's 1 KiB reserve included on sm_90 and later;
                // the driver's static size leaves it out (tests/nvidia_h200.rs checks that against an H200).
                assert_eq!(k["shared_section"].as_u64(), Some(*shared), "{what}: SHARED");
                let reserved = k["reserved_shared"].as_u64().unwrap();
                assert_eq!(k["shared_mem"].as_u64(), Some(shared - reserved), "{what}: static shared");
                // cuobjdump's LOCAL is `.nv.local`; the driver's local size is the stack where that is more.
                assert_eq!(k["local_mem"].as_u64(), Some((*local).max(*stack)), "{what}: LOCAL");
                // Blocks per SM: CUDA's calculator at the block size the launch bounds give.
                let block = k["block"].as_u64().unwrap() as u32;
                let barriers = k["barriers"].as_u64().unwrap() as u32;
                let q = Kernel { shared_mem: (shared - reserved) as u32, barriers, ..Kernel::new(*reg as u32, block) };
                let want = oracle.ask(&[(t.arch, q)])[0][1];
                assert_eq!(k["occupancy"]["blocks_per_sm"].as_i64(), Some(want), "{what}: blocks per SM");
                kernels_checked += 1;
            }
        }
    }
    // 7 cubins x 5 kernels, three fat binaries of 7 cubins and a PTX entry, and the library.
    assert_eq!(kernels_checked, 35 * 5);
    // Spills and launch bounds show: the kernel capped at 40 registers holds 40 values and spills.
    let spilled = inspect_json(&cubins[1].1);
    let k40 = spilled["cubins"][0]["kernels"].as_array().unwrap().iter().find(|k| k["name"] == "k40").unwrap().clone();
    assert_eq!(
        (k40["reqntid"].clone(), k40["maxreg"].clone(), k40["block"].clone()),
        (serde_json::json!([64, 2, 1]), serde_json::json!(40), serde_json::json!(128))
    );
    assert!(k40["stack"].as_u64().unwrap() > 0 && k40["regs"].as_u64().unwrap() <= 40, "{k40}");
    let text = run(Command::new(bin()).arg("inspect").arg(&fatbins[1]));
    assert!(text.contains("sm_90a cubin") && text.contains("lz4-compressed"), "{text}");
    assert!(text.contains("(PTX: the driver compiles it at load time"), "{text}");

    // Damaged input: one line naming the structure and the offset, exit 1.
    let bytes = std::fs::read(&fatbins[0]).unwrap();
    let cut = dir.join("cut.fatbin");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let out = Command::new(bin()).arg("inspect").arg(&cut).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(out.stdout.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("fat binary header at offset 0x0") && err.contains("run past"), "{err}");
    let mut bad = std::fs::read(&cubins[0].1).unwrap();
    let len = bad.len();
    bad.truncate(len - 64);
    let trunc = dir.join("trunc.cubin");
    std::fs::write(&trunc, &bad).unwrap();
    let out = Command::new(bin()).arg("inspect").arg(&trunc).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!((out.status.code(), err.lines().count()), (Some(1), 1), "{err}");
    assert!(err.starts_with(&format!("error: {}: ", trunc.display())), "{err}");
    // The reader on mutations of these real inputs (byte flips, truncations, extreme 32/64-bit fields):
    // errors are fine, a panic is not (fuzz/fuzz_targets/cuda.rs runs the same check under libFuzzer).
    let mut seed = 0x5eed_u64;
    let mut next = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 17) as usize
    };
    for original in
        [std::fs::read(&cubins[1].1).unwrap(), std::fs::read(&fatbins[1]).unwrap(), std::fs::read(&fatbins[2]).unwrap()]
    {
        for _ in 0..1500 {
            let mut b = original.clone();
            for _ in 0..1 + next() % 4 {
                let at = next() % b.len();
                match next() % 5 {
                    0 => b[at] ^= 1 << (next() % 8),
                    1 if at + 4 <= b.len() => b[at & !3..(at & !3) + 4].copy_from_slice(&[0xff; 4]),
                    2 if at + 8 <= b.len() => {
                        let v = [0, u64::MAX, 1 << 32][next() % 3];
                        b[at & !7..(at & !7) + 8].copy_from_slice(&v.to_le_bytes())
                    }
                    3 => b.truncate(at.max(1)),
                    _ => b[at] = next() as u8,
                }
            }
            wavebudget_codeobj::fuzzing::check_cuda(&b);
        }
    }
    if let Some(keep) = std::env::var_os("WAVEBUDGET_KEEP_CUDA_INPUTS") {
        std::fs::create_dir_all(&keep).unwrap();
        for f in inputs.iter().chain([&cut, &trunc]) {
            std::fs::copy(f, Path::new(&keep).join(f.file_name().unwrap())).unwrap();
        }
    }

    // The HTML report draws NVIDIA binaries alone on a page of their own: a row per kernel, as inspect reads it.
    let out = Command::new(bin()).args(["report", "-o"]).arg(dir.join("r.html")).arg(&fatbins[0]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let page = std::fs::read_to_string(dir.join("r.html")).unwrap();
    let j: serde_json::Value = serde_json::from_slice(
        &Command::new(bin()).args(["inspect", "--json"]).arg(&fatbins[0]).output().unwrap().stdout,
    )
    .unwrap();
    let kernels: usize = j["cubins"].as_array().unwrap().iter().map(|c| c["kernels"].as_array().unwrap().len()).sum();
    assert!(kernels > 0);
    assert_eq!(page.matches("<tr data-kernel=").count(), kernels);

    // A bomb: an LZ4 entry claiming 1 TiB decompressed is refused before anything is allocated.
    let mut bomb = std::fs::read(&fatbins[1]).unwrap();
    bomb[16 + 56..16 + 64].copy_from_slice(&(1u64 << 40).to_le_bytes());
    let bomb_path = dir.join("bomb.fatbin");
    std::fs::write(&bomb_path, &bomb).unwrap();
    let out = Command::new(bin()).arg("inspect").arg(&bomb_path).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!((out.status.code(), err.lines().count()), (Some(1), 1), "{err}");
    assert!(
        err.contains(
            "fat binary entry at offset 0x10: its cubin would decompress to 1099511627776 bytes, over the input budget"
        ),
        "{err}"
    );
    // Under the budget but over the offload bundles' ratio (1 GiB from 13 KB): refused before allocating.
    bomb[16 + 56..16 + 64].copy_from_slice(&(1u64 << 30).to_le_bytes());
    std::fs::write(&bomb_path, &bomb).unwrap();
    let out = Command::new(bin()).arg("inspect").arg(&bomb_path).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!((out.status.code(), err.lines().count()), (Some(1), 1), "{err}");
    assert!(
        err.contains("header says 1073741824 bytes uncompressed from") && err.contains("over the 1024x ratio accepted"),
        "{err}"
    );
    // Below the size any ratio is accepted at, but more than LZ4 can expand the entry's bytes to.
    bomb[16 + 56..16 + 64].copy_from_slice(&(32u64 << 20).to_le_bytes());
    std::fs::write(&bomb_path, &bomb).unwrap();
    let out = Command::new(bin()).arg("inspect").arg(&bomb_path).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!((out.status.code(), err.lines().count()), (Some(1), 1), "{err}");
    assert!(err.contains("header says 33554432 bytes from") && err.contains("more than LZ4 can expand to"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A kernel without launch bounds has no block size to evaluate: the report says why (the model is not
/// guessed at), and with `--wg-size` it has CUDA's occupancy at that size.
#[test]
fn a_kernel_without_launch_bounds_says_why_it_has_no_occupancy() {
    let dir = std::env::temp_dir().join(format!("wavebudget-cuda-nobounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cubin = cubin_of(&dir, "k", &module(&[8]).replace(" #0 {", " {"), "sm_80");
    let k = &inspect_json(&cubin)["cubins"][0]["kernels"][0];
    assert_eq!(k["no_occupancy"], "no launch bounds in the cubin and no block size given", "{k}");
    assert!(k.get("occupancy").is_none(), "{k}");
    let with = run(Command::new(bin()).arg("inspect").arg(&cubin).args(["--json", "--wg-size", "128"]));
    let with: serde_json::Value = serde_json::from_str(&with).unwrap();
    let k = &with["cubins"][0]["kernels"][0];
    assert!(k.get("no_occupancy").is_none() && k["occupancy"]["blocks_per_sm"].as_u64().unwrap() > 0, "{k}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A block over the kernel's `.maxntid` gets no number (issue 56): the driver's maximum threads per block
/// for such a kernel is its `.maxntid` (the H200's 256 for `__launch_bounds__(256)`, nvapp_occ.jsonl), past
/// which a launch fails. A `.reqntid` kernel is answered at any block, as the driver answers it (its
/// maximum stays 1,024: driver.json's Triton cubins). Each as the IR's `nvvm.maxntid`/`nvvm.reqntid` gave it
/// to ptxas; an answer is `cuda_occupancy.h`'s.
#[test]
fn a_block_over_the_kernels_maxntid_has_no_occupancy() {
    let dir = std::env::temp_dir().join(format!("wavebudget-cuda-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // k8: maxntid 256; k40: reqntid 64,2 (128 threads); k96: maxntid 1024.
    let cubin = cubin_of(&dir, "k", &module(&[8, 40, 96]), "sm_90");
    let oracle = Oracle::build();
    let at = |block: u32| {
        let out = run(Command::new(bin()).arg("inspect").arg(&cubin).args(["--json", "--wg-size", &block.to_string()]));
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["cubins"][0]["kernels"].as_array().unwrap().clone()
    };
    let over = "a block of 512 threads is over the kernel's .maxntid 256 (the driver's most threads per block for it)";
    let cases: [(u32, [Option<&str>; 3]); 3] =
        [(512, [Some(over), None, None]), (128, [None, None, None]), (256, [None, None, None])];
    let t = parse_target("sm_90").unwrap();
    for (block, want) in cases {
        let ks = at(block);
        assert_eq!(ks.len(), 3);
        for (name, why) in ["k8", "k40", "k96"].into_iter().zip(want) {
            let k = ks.iter().find(|k| k["name"] == name).unwrap();
            match why {
                Some(why) => {
                    assert_eq!(k["no_occupancy"], why, "{k}");
                    assert!(k.get("occupancy").is_none(), "{k}");
                }
                None => {
                    let regs = k["regs"].as_u64().unwrap() as u32;
                    let shared = k["shared_mem"].as_u64().unwrap() as u32;
                    let q = Kernel { shared_mem: shared, ..Kernel::new(regs, block) };
                    let want = oracle.ask(&[(t.arch, q)])[0][1];
                    assert_eq!(k["occupancy"]["blocks_per_sm"].as_i64(), Some(want), "{block}: {k}");
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The input budget is the command's for CUDA fat binaries too (issue 56): ten LZ4-compressed fat binaries
/// (nvFatbin 12.9 `-compress-all` of one ptxas cubin), each well under the budget, are read together only
/// while what they decompress to fits it; the one that passes it is refused, naming it.
#[test]
fn the_input_budget_is_spent_over_a_commands_fat_binaries() {
    let dir = std::env::temp_dir().join(format!("wavebudget-cuda-budget-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cubin = cubin_of(&dir, "k", &module(&[8, 40, 96, 160]), "sm_90");
    let mk = mkfatbin(&dir);
    let first = dir.join("f0.fatbin");
    run(Command::new(&mk).arg(&first).arg("-compress-all").arg(format!("cubin:{}", cubin.display())).arg("90"));
    let bytes = std::fs::read(&first).unwrap();
    let size = std::fs::metadata(&cubin).unwrap().len();
    assert!((bytes.len() as u64) < size, "not compressed: {} of {size} bytes", bytes.len());
    let files: Vec<String> = (0..10)
        .map(|i| {
            let p = dir.join(format!("f{i}.fatbin"));
            std::fs::write(&p, &bytes).unwrap();
            p.display().to_string()
        })
        .collect();
    // Room for three and a half of what each decompresses to (the cubin, give or take the entry's padding).
    let budget = (3 * size + size / 2).to_string();
    let inspect = |files: &[String]| {
        Command::new(bin()).arg("inspect").args(files).env("WAVEBUDGET_INPUT_BUDGET", &budget).output().unwrap()
    };
    assert!(inspect(&files[..3]).status.success());
    assert!(inspect(&files[9..]).status.success());
    let out = inspect(&files);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!("error: {}", files[3])), "{err}");
    assert!(err.contains(&format!("over the input budget of {budget} bytes")), "{err}");
    // The report reads its inputs within the same budget, and writes no page.
    let page = dir.join("r.html");
    let out = Command::new(bin())
        .args(["report", "-o", page.to_str().unwrap()])
        .args(&files)
        .env("WAVEBUDGET_INPUT_BUDGET", &budget)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), err);
    assert!(!page.exists());
    std::fs::remove_dir_all(&dir).ok();
}

/// `--kernel` on a cubin is the rule `inspect` applies to a code object (`kernel_selected`): a name that
/// matches, or the pattern that is exactly the kernel's symbol (a cubin's is its name). Cubins kept a kernel
/// by the regular expression alone, so a name PTX allows with a character that means something else in a
/// pattern (`$`) could not be asked for by itself.
#[test]
fn a_cubin_kernel_is_kept_by_its_exact_name() {
    let dir = std::env::temp_dir().join(format!("wavebudget-cuda-symbol-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cubin = cubin_of(&dir, "k", &module(&[8, 16]).replace("@k8(", "@\"k8$x\"("), "sm_80");
    let names = |args: &[&str]| -> Vec<String> {
        let out = Command::new(bin()).arg("inspect").arg(&cubin).args(args).arg("--json").output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["cubins"][0]["kernels"].as_array().unwrap().iter().map(|k| k["name"].as_str().unwrap().to_string()).collect()
    };
    let all = names(&[]);
    assert!(all.contains(&"k8$x".to_string()) && all.len() == 2, "{all:?}");
    assert_eq!(names(&["--kernel", "k8$x"]), ["k8$x"]);
    assert_eq!(names(&["--kernel", "k16"]), ["k16"]);
    std::fs::remove_dir_all(&dir).ok();
}
