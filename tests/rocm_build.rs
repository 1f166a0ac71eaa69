//! docs/rocm-build.md, run verbatim: its `file:` blocks written as they are and its `run:` blocks run with
//! `bash -eu` in a fresh `$HOME` where `~/wavebudget` is this checkout. Checked against independent
//! sources: hipcc's own remarks, `readelf`, and the CLI's answer for what the C program asks the runtime.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The doc's marked blocks: (`file` or `run`, name) -> text.
fn blocks(doc: &str) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        let Some(mark) = line.strip_prefix("<!-- ").and_then(|l| l.strip_suffix(" -->")) else { continue };
        let Some((kind, name)) = mark.split_once(": ") else { continue };
        let fence = lines.next().unwrap_or_default();
        assert!(fence.starts_with("```"), "a fenced block after '{line}'");
        let mut text = String::new();
        for l in lines.by_ref() {
            if l == "```" {
                break;
            }
            text.push_str(l);
            text.push('\n');
        }
        out.push((kind.to_string(), name.to_string(), text));
    }
    out
}

fn run(script: &str, dir: &Path, home: &Path) -> (String, String) {
    let out = Command::new("bash")
        .args(["-euc", script])
        .current_dir(dir)
        .env("HOME", home)
        .env_remove("WAVEBUDGET_WAVES")
        .output()
        .expect("run bash");
    let (stdout, stderr) =
        (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned());
    assert!(out.status.success(), "{script}\nfailed:\n{stdout}\n{stderr}");
    (stdout, stderr)
}

/// What the compiler's `kernel-resource-usage` remarks say about the example kernel itself (its lines at
/// `acc.<ext>:7:1`), not about the device functions of the HIP headers, which have remarks too.
fn kernel_says(remarks: &str, what: &str) -> Vec<String> {
    remarks
        .lines()
        .filter(|l| {
            l.split_once(":7:1: remark:").is_some_and(|(file, rest)| {
                file.rsplit('/').next().is_some_and(|name| name.starts_with("acc.")) && rest.contains(what)
            })
        })
        .map(|l| l.split(what).nth(1).unwrap().split_whitespace().next().unwrap().to_string())
        .collect()
}

/// The doc's `file:` blocks written into `dir` (subdirectories made as their names need), each through `edit`.
fn write_files(dir: &Path, files: &BTreeMap<&str, &str>, edit: impl Fn(&str) -> String) {
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, edit(text)).unwrap();
    }
}

fn readelf(args: &[&str], file: &Path) -> String {
    let out = Command::new("readelf").args(args).arg(file).output().expect("readelf");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_rocm_build_doc_runs_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/rocm-build.md")).unwrap();
    let home = std::env::temp_dir().join(format!("wb-rocm-build-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    std::os::unix::fs::symlink(root, home.join("wavebudget")).unwrap();
    let blocks = blocks(&doc);
    let files: BTreeMap<&str, &str> =
        blocks.iter().filter(|(k, _, _)| k == "file").map(|(_, n, t)| (n.as_str(), t.as_str())).collect();
    let runs: BTreeMap<&str, &str> =
        blocks.iter().filter(|(k, _, _)| k == "run").map(|(_, n, t)| (n.as_str(), t.as_str())).collect();
    for want in ["occ.c", "Makefile", "CMakeLists.txt", "hip/CMakeLists.txt", "hipcxx/CMakeLists.txt"] {
        assert!(files.contains_key(want), "docs/rocm-build.md has no `file: {want}` block");
    }

    // Install: the layout, the SONAME, nothing left with debug info.
    run(runs["install"], &home, &home);
    let prefix = home.join(".local");
    let lib = prefix.join("lib/libwavebudget_runtime.so.0.1.0");
    assert!(readelf(&["-d"], &lib).contains("Library soname: [libwavebudget_runtime.so.0.1]"));
    for link in ["libwavebudget_runtime.so.0.1", "libwavebudget_runtime.so"] {
        assert!(prefix.join("lib").join(link).symlink_metadata().unwrap().file_type().is_symlink(), "{link}");
    }
    let installed: Vec<PathBuf> = vec![
        prefix.join("bin/wavebudget"),
        lib.clone(),
        prefix.join("lib/wavebudget/libwavebudget_pass-llvm15.so"),
        prefix.join("lib/wavebudget/libwavebudget_pass-llvm22.so"),
    ];
    for f in &installed {
        assert!(!readelf(&["-S", "-W"], f).contains(".debug_info"), "{} keeps debug info", f.display());
    }
    for f in [
        "include/wavebudget.h",
        "lib/pkgconfig/wavebudget.pc",
        "lib/cmake/wavebudget/wavebudgetConfig.cmake",
        "lib/cmake/wavebudget/debian-rocm.cmake",
    ] {
        assert!(prefix.join(f).is_file(), "{f}");
    }
    // What install.sh refuses, and how it replaces an install, is tests/install.rs's, a test a case.
    // The CLI's answer to what occ.c asks the runtime.
    let cli = Command::new(prefix.join("bin/wavebudget"))
        .args(["occupancy", "--target", "gfx90a", "--vgprs", "100", "--sgprs", "40", "--lds", "8192"])
        .args(["--wg-size", "256", "--json"])
        .output()
        .unwrap();
    assert!(cli.status.success());
    let v: serde_json::Value = serde_json::from_slice(&cli.stdout).unwrap();
    let expected = format!("waves_per_simd={} limiter={}\n", v["waves_per_simd"], v["limiter"].as_str().unwrap());

    // Make and CMake with hipcc (clang-15) as CXX; CMake with HIP as a language (the toolchain file for
    // Debian's layout) with clang-15 and with clang-22, each loading the plugin for its own LLVM. Each
    // project in its own directory, built side by side (the compiles are single-threaded).
    let steps = [
        ("make", "acc.o"),
        ("cmake", "build/CMakeFiles/acc.dir/acc.cpp.o"),
        ("cmake-hip15", "build/CMakeFiles/acc.dir/acc.hip.o"),
        ("cmake-hip22", "build/CMakeFiles/acc.dir/acc.hip.o"),
        ("cmake-hipcxx15", "build/CMakeFiles/acc.dir/acc.cpp.o"),
        ("cmake-hipcxx22", "build/CMakeFiles/acc.dir/acc.cpp.o"),
    ];
    wavebudget_testkit::llvm::parallel_map(&steps, |&(step, object)| {
        let dir = home.join(format!("project-{step}"));
        std::fs::create_dir_all(&dir).unwrap();
        write_files(&dir, &files, |t| t.to_string());
        let (stdout, stderr) = run(runs[step], &dir, &home);
        // The compiler's own remark (hipcc's, clang-15's, clang-22's): the kernel reached 4 waves/SIMD.
        let remarks = stderr.clone() + &stdout;
        assert_eq!(
            kernel_says(&remarks, "Occupancy [waves/SIMD]:"),
            ["4"],
            "{step}: the compiler's remarks:\n{remarks}"
        );
        if step.ends_with("22") {
            // clang-22 loaded the LLVM 22 plugin (the -fpass-plugin spelling), not LLVM 15's.
            let flags = std::fs::read_to_string(dir.join("build/CMakeFiles/acc.dir/flags.make")).unwrap();
            assert!(flags.contains("libwavebudget_pass-llvm22.so") && !flags.contains("llvm15"), "{flags}");
        }
        assert!(stdout.contains(&expected), "{step}: the C program's answer is not the CLI's {expected}:\n{stdout}");
        // inspect (with the compiler's LLVM rules) of its object (the row ends in the waves, limiter and name).
        assert!(
            stdout.lines().any(|l| l.trim_end().ends_with("4     vgpr  _Z3accPfPKfi")),
            "{step}: inspect does not read 4 waves:\n{stdout}"
        );
        assert!(dir.join(object).is_file(), "{step}: {object}");
        let exe = if step == "make" { dir.join("occ") } else { dir.join("build/occ") };
        assert!(readelf(&["-d"], &exe).contains("Shared library: [libwavebudget_runtime.so.0.1]"), "{step}: NEEDED");
    });

    // MODE auto with RECORDS through a real compile: clang-22 builds at the highest W of the ladder (the
    // installed command's sweep of clang-22's device IR) whose level compiled without spills (gfx90a's
    // product has no figures for the latency-hiding model: the policy is the spills).
    {
        let dir = home.join("project-cmake-hip22-auto");
        std::fs::create_dir_all(&dir).unwrap();
        write_files(&dir, &files, |t| t.to_string());
        let (stdout, stderr) = run(runs["cmake-hip22-auto"], &dir, &home);
        let ladder: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join("ladder.json")).unwrap()).unwrap();
        let kernel = &ladder["kernels"][0];
        assert_eq!(kernel["name"], "_Z3accPfPKfi");
        let unspilled = kernel["levels"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|l| l["vgpr_spill_count"] == 0 && l["sgpr_spill_count"] == 0)
            .filter_map(|l| l["waves"].as_u64())
            .max()
            .expect("a level without spills");
        let remarks = stderr + &stdout;
        assert_eq!(kernel_says(&remarks, "Occupancy [waves/SIMD]:"), [unspilled.to_string()], "auto:\n{remarks}");
        assert_eq!(kernel_says(&remarks, "VGPRs Spill:"), ["0"], "auto:\n{remarks}");
        assert!(unspilled < 4, "the ladder should show 4 waves spilling, else the test shows nothing: {unspilled}");
    }

    // MODE advise reaches the pass through pass-flags (hipcc's remark: the kernel keeps its 3 waves); a
    // MODE the pass does not have stops configuring with pass-flags' refusal.
    for (mode, configures) in [("advise", true), ("sometimes", false)] {
        let dir = home.join(format!("project-mode-{mode}"));
        std::fs::create_dir_all(&dir).unwrap();
        write_files(&dir, &files, |t| {
            t.replace("wavebudget_set_waves(acc 4)", &format!("wavebudget_set_waves(acc 4 MODE {mode})"))
        });
        std::fs::copy(root.join("examples/acc.hip"), dir.join("acc.cpp")).unwrap();
        let script = format!(
            "cmake -S . -B build -DCMAKE_CXX_COMPILER=hipcc -DCMAKE_PREFIX_PATH={} >/dev/null && cmake --build build",
            prefix.display()
        );
        let out = Command::new("bash").args(["-euc", &script]).current_dir(&dir).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
        if configures {
            assert!(out.status.success(), "MODE {mode}:\n{text}");
            assert_eq!(kernel_says(&text, "Occupancy [waves/SIMD]:"), ["3"], "MODE {mode}: hipcc's remarks:\n{text}");
        } else {
            assert!(!out.status.success(), "MODE {mode} configured:\n{text}");
            let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(flat.contains("--mode sometimes: the pass's modes are set, advise and auto"), "{text}");
        }
    }

    // A compiler whose major has no installed plugin stops configuring with one message.
    let dir = home.join("project-missing");
    std::fs::create_dir_all(&dir).unwrap();
    write_files(&dir, &files, |t| t.to_string());
    std::fs::write(dir.join("acc.cpp"), "").unwrap();
    let clang19 = wavebudget_testkit::llvm::llvm_bin_for(19).join("clang++");
    let out = Command::new("cmake")
        .args(["-S", ".", "-B", "build"])
        .arg(format!("-DCMAKE_CXX_COMPILER={}", clang19.display()))
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display()))
        .current_dir(&dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "configured with no LLVM 19 plugin:\n{stderr}");
    let flat = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("is LLVM 19 and no plugin for LLVM 19 is installed")
            && flat.contains("install it with scripts/install.sh <prefix> 19"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&home);
}
