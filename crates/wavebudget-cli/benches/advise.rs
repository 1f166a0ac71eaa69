//! Issue 54, point 5: ranking 1,000 candidates with their IR in under a second, beside one Triton compile.
//!
//! - `advise`: `wavebudget advise --target H200 --json` on 1,000 candidates (the H200 set's 89 matmul
//!   configs, each with its 0.6 MB NVPTX IR file, repeated under distinct names; every file read and
//!   analysed), the median of 5 runs of the release binary, process start included;
//! - `triton.compile`: one config of the same matmul (128x128x64, 4 warps, 3 stages) compiled by Triton 3.9
//!   for sm_90 in a fresh cache (ptxas included), timed inside Python, the median of 3.
//!
//! Run: `cargo bench -p wavebudget-cli --bench advise` (needs Triton in `target/pyvenv`, as
//! `scripts/test.sh` installs it; not in CI).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Three compiles of the H200 set's matmul (`grouped_mm` in `crates/wavebudget-python/tests/triton_kernels.py`,
/// 128x128x64, 4 warps, 3 stages), each in a fresh cache: the middle time. The tests' directory comes first
/// in the script's `sys.argv`.
const TRITON: &str = r#"
import os, sys, tempfile, time
os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
sys.path.insert(0, sys.argv[1])
from triton_kernels import compile_grouped_mm
times = []
for i in range(3):
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
    t = time.perf_counter()
    compile_grouped_mm(128, 128, 64, 8 + i, num_warps=4)
    times.append(time.perf_counter() - t)
print(sorted(times)[1])
"#;

fn main() {
    let dir = std::env::temp_dir().join("wavebudget-bench-advise");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let made = Command::new("python3").arg(root().join("scripts/h200-candidates.py")).arg(&dir).output().unwrap();
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let lines: Vec<String> =
        std::fs::read_to_string(dir.join("matmul.jsonl")).unwrap().lines().map(str::to_string).collect();
    let mut out = String::new();
    for i in 0..1000 {
        let mut v: serde_json::Value = serde_json::from_str(&lines[i % lines.len()]).unwrap();
        v["name"] = format!("c{i}").into();
        v.as_object_mut().unwrap().remove("measured");
        out.push_str(&v.to_string());
        out.push('\n');
    }
    let file = dir.join("thousand.jsonl");
    std::fs::write(&file, out).unwrap();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_wavebudget"));
    let mut runs = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let o = Command::new(&bin).args(["advise", "--target", "H200", "--json"]).arg(&file).output().unwrap();
        runs.push(t.elapsed().as_secs_f64());
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let advise = median(runs);
    let python = root().join("target/pyvenv/bin/python");
    std::fs::write(dir.join("compile.py"), TRITON).unwrap();
    let tests = root().join("crates/wavebudget-python/tests");
    let triton = Command::new(&python).arg(dir.join("compile.py")).arg(tests).output();
    let compile = match triton {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).trim().parse::<f64>().ok(),
        _ => None,
    };
    println!("advise, 1,000 candidates with their IR (H200, 89 matmul configs x 11): {advise:.3} s (goal: < 1 s)");
    match compile {
        Some(c) => println!(
            "one triton.compile (the set's matmul, 128x128x64, sm_90, Triton 3.9, fresh cache): {c:.3} s; ranking 1,000 = {:.2} compiles",
            advise / c
        ),
        None => println!("one triton.compile: not measured (no Triton in {})", python.display()),
    }
}
