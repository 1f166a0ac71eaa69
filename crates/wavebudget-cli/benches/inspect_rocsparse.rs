//! `wavebudget inspect --json` on Debian's librocsparse0 (1.3 GB, 111 bundles, ~88k kernels) against
//! the LLVM 22 tool pipeline on the same file, in the same run. Prints one table: wall time, throughput
//! and peak RSS of each. Not run in CI (it downloads 94 MB and takes minutes):
//!   cargo bench -p wavebudget-cli --bench inspect_rocsparse
//! LLVM pipelines, one process at a time:
//! - bundler: llvm-objcopy --dump-section .hip_fatbin, then per bundle clang-offload-bundler-22 --list and
//!   --unbundle per target, then llvm-readelf-22 --notes per code object (the pipeline people script);
//! - objdump: llvm-objdump-22 --offloading (all entries in one process), then llvm-readelf-22 --notes.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use wavebudget_testkit::bench::{llvm, rocsparse_setup, run, Cost};

fn count_kernels(notes: &str) -> usize {
    // Kernel entries in `amdhsa.kernels` are the list items at indent 2.
    let mut in_kernels = false;
    let mut n = 0;
    for l in notes.lines() {
        if l.starts_with("amdhsa.") {
            in_kernels = l.starts_with("amdhsa.kernels:");
        } else if in_kernels && l.starts_with("  - ") {
            n += 1;
        }
    }
    n
}

fn readelf_all(cost: &mut Cost, files: &[PathBuf], scratch: &Path) -> usize {
    let mut kernels = 0;
    let out = scratch.join("notes.txt");
    for f in files {
        if run(cost, Command::new(llvm("llvm-readelf")).arg("--notes").arg(f), Some(&out)) {
            kernels += count_kernels(&std::fs::read_to_string(&out).unwrap_or_default());
        }
    }
    kernels
}

fn main() {
    let (lib, scratch, exe) = rocsparse_setup("bench-rocsparse");
    let size = std::fs::metadata(&lib).unwrap().len();

    // wavebudget, three runs, best kept.
    let json = scratch.join("inspect.json");
    let mut ours = Cost::default();
    for _ in 0..3 {
        let mut c = Cost::default();
        assert!(run(&mut c, Command::new(&exe).args(["inspect", "--json"]).arg(&lib), Some(&json)));
        if ours.processes == 0 || c.wall < ours.wall {
            ours = c;
        }
    }
    let json_keep = scratch.parent().unwrap().join("inspect-rocsparse.json");
    std::fs::rename(&json, &json_keep).unwrap();

    // LLVM, objdump pipeline.
    let mut od = Cost::default();
    let od_dir = scratch.join("objdump");
    std::fs::create_dir_all(&od_dir).unwrap();
    std::os::unix::fs::symlink(&lib, od_dir.join("lib.so")).unwrap();
    run(&mut od, Command::new(llvm("llvm-objdump")).arg("--offloading").arg("lib.so").current_dir(&od_dir), None);
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&od_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().contains("amdgcn"))
        .collect();
    entries.sort();
    let od_kernels = readelf_all(&mut od, &entries, &scratch);
    let od_objects = entries.len();
    let _ = std::fs::remove_dir_all(&od_dir);

    // LLVM, bundler pipeline.
    let mut cb = Cost::default();
    let section = scratch.join("hip_fatbin.bin");
    run(
        &mut cb,
        Command::new(llvm("llvm-objcopy"))
            .arg(format!("--dump-section=.hip_fatbin={}", section.display()))
            .arg(&lib)
            .arg(scratch.join("objcopy.out")),
        None,
    );
    let _ = std::fs::remove_file(scratch.join("objcopy.out"));
    let start = Instant::now();
    // Split at each bundle magic on a 4096-byte boundary, streaming (see the RSS note above).
    let mut bundles: Vec<PathBuf> = Vec::new();
    {
        use std::io::{Read, Write};
        let mut f = std::io::BufReader::new(std::fs::File::open(&section).unwrap());
        let mut block = vec![0u8; 4096];
        let mut out: Option<std::io::BufWriter<std::fs::File>> = None;
        loop {
            let mut n = 0;
            while n < block.len() {
                let r = f.read(&mut block[n..]).unwrap();
                if r == 0 {
                    break;
                }
                n += r;
            }
            if n == 0 {
                break;
            }
            if block[..n].starts_with(b"__CLANG_OFFLOAD_BUNDLE__") {
                let p = scratch.join(format!("bundle{}.bin", bundles.len()));
                out = Some(std::io::BufWriter::new(std::fs::File::create(&p).unwrap()));
                bundles.push(p);
            }
            if let Some(o) = out.as_mut() {
                o.write_all(&block[..n]).unwrap();
            }
        }
    }
    let starts = bundles.clone();
    let _ = std::fs::remove_file(&section);
    cb.wall += start.elapsed(); // splitting, done here in Rust, counted for the pipeline
    let mut cb_objects = Vec::new();
    let list_out = scratch.join("list.txt");
    for (i, b) in bundles.iter().enumerate() {
        run(
            &mut cb,
            Command::new(llvm("clang-offload-bundler"))
                .args(["--list", "--type=o"])
                .arg(format!("--input={}", b.display())),
            Some(&list_out),
        );
        for id in std::fs::read_to_string(&list_out)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("host-") && !l.trim().is_empty())
        {
            let out = scratch.join(format!("b{i}-{}.co", id.replace(':', "_")));
            if run(
                &mut cb,
                Command::new(llvm("clang-offload-bundler"))
                    .args(["--unbundle", "--type=o"])
                    .arg(format!("--input={}", b.display()))
                    .arg(format!("--targets={id}"))
                    .arg(format!("--output={}", out.display())),
                None,
            ) {
                cb_objects.push(out);
            }
        }
        let _ = std::fs::remove_file(b);
    }
    let cb_failures = cb.failures;
    let cb_kernels = readelf_all(&mut cb, &cb_objects, &scratch);
    let _ = std::fs::remove_dir_all(&scratch);
    // Every run is measured: now the report may be parsed in this process.
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&json_keep).unwrap()).unwrap();
    let _ = std::fs::remove_file(&json_keep);
    let cos = report["code_objects"].as_array().unwrap();
    let our_kernels: usize = cos.iter().map(|c| c["kernels"].as_array().unwrap().len()).sum();

    let mb = size as f64 / 1e6;
    println!(
        "librocsparse.so.0.1: {mb:.0} MB, {} bundles; {}",
        starts.len(),
        String::from_utf8_lossy(&Command::new(llvm("llc")).arg("--version").output().unwrap().stdout)
            .lines()
            .find(|l| l.contains("version"))
            .unwrap_or("")
            .trim()
    );
    println!(
        "{:<44} {:>9} {:>9} {:>11} {:>10} {:>8} {:>8} {:>6}",
        "pipeline", "wall s", "MB/s", "kernels/s", "peak RSS", "objects", "kernels", "procs"
    );
    let row = |name: &str, c: &Cost, objects: usize, kernels: usize| {
        let s = c.wall.as_secs_f64();
        println!(
            "{name:<44} {s:>9.2} {:>9.0} {:>11.0} {:>7.0} MB {objects:>8} {kernels:>8} {:>6}",
            mb / s,
            kernels as f64 / s,
            c.peak_rss_kb as f64 / 1024.0,
            c.processes
        );
    };
    row("wavebudget inspect --json (best of 3)", &ours, cos.len(), our_kernels);
    row("llvm-objdump --offloading + llvm-readelf", &od, od_objects, od_kernels);
    row("clang-offload-bundler + llvm-readelf", &cb, cb_objects.len(), cb_kernels);
    if cb_failures > 0 {
        println!("clang-offload-bundler-22 --unbundle failed on {cb_failures} entries (\"invalid bundle id read from the bundle\"); those are missing from its row");
    }
    println!(
        "speed-up: {:.1}x over the objdump pipeline, {:.1}x over the bundler pipeline; wavebudget peak RSS is {:.0}% of the file",
        od.wall.as_secs_f64() / ours.wall.as_secs_f64(),
        cb.wall.as_secs_f64() / ours.wall.as_secs_f64(),
        ours.peak_rss_kb as f64 * 1024.0 / size as f64 * 100.0
    );
    assert_eq!(our_kernels, od_kernels, "wavebudget and llvm-readelf count different kernels");
}
