//! Helpers for tests that compare the model with the real LLVM 22 tools: finding them, running llc in
//! parallel, and reading its resource-usage remarks and the metadata notes llvm-readelf prints.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// Directory holding the LLVM 22 tools: `$LLVM_SYS_221_PREFIX/bin`, else `/usr/lib/llvm-22/bin`.
pub fn llvm_bin_dir() -> PathBuf {
    let prefix =
        std::env::var_os("LLVM_SYS_221_PREFIX").map_or_else(|| PathBuf::from("/usr/lib/llvm-22"), PathBuf::from);
    let bin = prefix.join("bin");
    assert!(
        bin.join("llc").exists(),
        "LLVM 22 not found at {} (run scripts/test.sh, which installs llvm-22 from Debian, or set LLVM_SYS_221_PREFIX)",
        bin.display()
    );
    bin
}

/// `/usr/lib/llvm-N/bin` (or `$LLVM_SYS_<N><minor>_PREFIX/bin`): the tools of LLVM `major` (15, 19 or
/// 22; `scripts/ensure-deps.sh` installs all three).
pub fn llvm_bin_for(major: u32) -> PathBuf {
    if major == 22 {
        return llvm_bin_dir();
    }
    let var = if major == 15 { "LLVM_SYS_150_PREFIX" } else { "LLVM_SYS_191_PREFIX" };
    let bin = std::env::var_os(var)
        .map_or_else(|| PathBuf::from(format!("/usr/lib/llvm-{major}")), PathBuf::from)
        .join("bin");
    assert!(bin.join("llc").exists(), "LLVM {major} not found at {} (run scripts/ensure-deps.sh)", bin.display());
    bin
}

/// Path of one LLVM tool.
pub fn tool(name: &str) -> PathBuf {
    llvm_bin_dir().join(name)
}

/// `llc --version`'s version line, e.g. "Debian LLVM version 22.1.8".
pub fn llc_version() -> String {
    let out = Command::new(tool("llc")).arg("--version").output().expect("run llc --version");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let line = text.lines().find(|l| l.contains("LLVM version")).unwrap_or("unknown").trim().to_string();
    assert!(line.contains(" 22."), "these tests compare against LLVM 22, found '{line}'");
    line
}

/// One kernel's `kernel-resource-usage` remarks: field name -> value.
pub type Remarks = BTreeMap<String, String>;

/// Parse llc's stderr into per-function remark maps, keyed by function name.
pub fn parse_remarks(stderr: &str) -> BTreeMap<String, Remarks> {
    let mut out = BTreeMap::new();
    let mut current: Option<(String, Remarks)> = None;
    for line in stderr.lines() {
        let Some(rest) = line.strip_prefix("remark: ") else { continue };
        // "remark: <unknown>:0:0: Function Name: k" / "remark: <unknown>:0:0:     VGPRs: 100"
        let Some(idx) = rest.find(": ") else { continue };
        let body = rest[idx + 2..].trim();
        let Some((k, v)) = body.split_once(": ") else { continue };
        if k == "Function Name" {
            if let Some((n, r)) = current.take() {
                out.insert(n, r);
            }
            current = Some((v.trim().to_string(), Remarks::new()));
        } else if let Some((_, r)) = current.as_mut() {
            r.insert(k.trim().to_string(), v.trim().to_string());
        }
    }
    if let Some((n, r)) = current {
        out.insert(n, r);
    }
    out
}

/// Read a numeric remark.
pub fn remark_u32(r: &Remarks, key: &str) -> Option<u32> {
    r.get(key).and_then(|v| v.parse().ok())
}

/// Per-kernel scalar keys of the `amdhsa.kernels` list as `llvm-readelf --notes` prints them, keyed by `.name`.
pub fn readelf_kernels(obj: &Path) -> BTreeMap<String, BTreeMap<String, String>> {
    let out = Command::new(tool("llvm-readelf")).arg("--notes").arg(obj).output().expect("run llvm-readelf");
    assert!(
        out.status.success(),
        "llvm-readelf --notes {} failed: {}",
        obj.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    parse_notes_text(&String::from_utf8_lossy(&out.stdout))
}

/// Parse the YAML-like metadata dump: kernel entries start at "  - ." and their keys sit at indent 4.
pub fn parse_notes_text(text: &str) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut kernels = BTreeMap::new();
    let mut in_kernels = false;
    let mut cur: Option<BTreeMap<String, String>> = None;
    let flush = |cur: &mut Option<BTreeMap<String, String>>,
                 kernels: &mut BTreeMap<String, BTreeMap<String, String>>| {
        if let Some(k) = cur.take() {
            if let Some(n) = k.get(".name").cloned() {
                kernels.insert(n, k);
            }
        }
    };
    for line in text.lines() {
        if line.starts_with("amdhsa.") {
            in_kernels = line.starts_with("amdhsa.kernels:");
            flush(&mut cur, &mut kernels);
            continue;
        }
        if !in_kernels {
            continue;
        }
        let (entry_start, body) = if let Some(b) = line.strip_prefix("  - ") {
            (true, b)
        } else if let Some(b) = line.strip_prefix("    ") {
            if b.starts_with(' ') || b.starts_with('-') {
                continue; // nested (.args)
            }
            (false, b)
        } else {
            continue;
        };
        if entry_start {
            flush(&mut cur, &mut kernels);
            cur = Some(BTreeMap::new());
        }
        if let (Some(map), Some((k, v))) = (cur.as_mut(), body.split_once(':')) {
            map.insert(k.trim().to_string(), v.trim().trim_matches('\'').to_string());
        }
    }
    flush(&mut cur, &mut kernels);
    kernels
}

/// Run `f` over `jobs` on as many threads as there are cores; results keep the input order.
pub fn parallel_map<J: Sync, R: Send>(jobs: &[J], f: impl Fn(&J) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(jobs.len().max(1));
    let next = Mutex::new(0usize);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = {
                    let mut n = next.lock().unwrap();
                    let i = *n;
                    *n += 1;
                    i
                };
                if i >= jobs.len() {
                    break;
                }
                let r = f(&jobs[i]);
                results.lock().unwrap()[i] = Some(r);
            });
        }
    });
    results.into_inner().unwrap().into_iter().map(|r| r.expect("job ran")).collect()
}

/// Output of one llc compile.
pub struct Compiled {
    pub remarks: BTreeMap<String, Remarks>,
    pub notes: BTreeMap<String, BTreeMap<String, String>>,
    pub stderr: String,
}

/// Compile `ir` with llc-22 for a processor and features, returning remarks and metadata.
pub fn llc_compile(ir: &str, cpu: &str, mattr: &str, tag: &str) -> Compiled {
    llc_compile_with(22, ir, cpu, mattr, tag)
}

/// Compile `ir` with the llc of LLVM `major` (15, 19, 22) for a processor and features, returning remarks
/// and metadata (read by llvm-readelf-22, which reads every code object version).
pub fn llc_compile_with(major: u32, ir: &str, cpu: &str, mattr: &str, tag: &str) -> Compiled {
    let dir = std::env::temp_dir().join(format!("wavebudget-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ll = dir.join(format!("{tag}-{major}.ll"));
    let obj = dir.join(format!("{tag}-{major}.o"));
    std::fs::write(&ll, ir).unwrap();
    let mut cmd = Command::new(llvm_bin_for(major).join("llc"));
    cmd.args([
        "-mtriple=amdgcn-amd-amdhsa",
        &format!("-mcpu={cpu}"),
        "-filetype=obj",
        "-pass-remarks-analysis=kernel-resource-usage",
    ]);
    if !mattr.is_empty() {
        cmd.arg(format!("-mattr={mattr}"));
    }
    if major < 22 && cpu.ends_with("-generic") {
        // Generic targets need code object v6, the default only from LLVM 22 (19's is 5).
        cmd.arg("--amdhsa-code-object-version=6");
    }
    let out = cmd.arg(&ll).arg("-o").arg(&obj).output().expect("run llc");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "llc-{major} -mcpu={cpu} -mattr={mattr} {} failed:\n{stderr}", ll.display());
    let notes = readelf_kernels(&obj);
    let _ = std::fs::remove_file(&ll);
    let _ = std::fs::remove_file(&obj);
    Compiled { remarks: parse_remarks(&stderr), notes, stderr }
}

/// `llc-22 -mtriple=amdgcn-amd-amdhsa -mcpu=<cpu> -filetype=<filetype> <ll> -o <out>` (llc's default -O2),
/// which must succeed.
pub fn llc_file(cpu: &str, filetype: &str, ll: &Path, out: &Path) {
    let st = Command::new(tool("llc"))
        .args(["-mtriple=amdgcn-amd-amdhsa", &format!("-mcpu={cpu}"), &format!("-filetype={filetype}")])
        .arg(ll)
        .arg("-o")
        .arg(out)
        .status()
        .expect("run llc");
    assert!(st.success(), "llc -mcpu={cpu} -filetype={filetype} {} failed", ll.display());
}

/// A small deterministic generator (no dependency, same kernels every run).
pub struct Lcg(pub u64);

impl Lcg {
    /// The next 31 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    /// Uniform in lo..=hi.
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + (self.next_u64() % u64::from(hi - lo + 1)) as u32
    }
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[(self.next_u64() % xs.len() as u64) as usize]
    }
    pub fn chance(&mut self, percent: u32) -> bool {
        self.range(1, 100) <= percent
    }
}

/// One llc configuration: `-mcpu` and `-mattr`.
pub struct LlcTarget {
    pub cpu: &'static str,
    pub mattr: &'static str,
}

/// One processor of each family, and of each encoding within it (wave32/wave64, CU mode, unified or
/// separate AGPRs, the SGPR init bug of gfx802, gfx906 without xnack): the llc comparisons that compile a
/// few probes per target run on these.
pub const ONE_PER_FAMILY: &[LlcTarget] = &[
    LlcTarget { cpu: "gfx802", mattr: "" },
    LlcTarget { cpu: "gfx803", mattr: "" },
    LlcTarget { cpu: "gfx900", mattr: "" },
    LlcTarget { cpu: "gfx906", mattr: "-xnack" },
    LlcTarget { cpu: "gfx908", mattr: "" },
    LlcTarget { cpu: "gfx90a", mattr: "" },
    LlcTarget { cpu: "gfx942", mattr: "" },
    LlcTarget { cpu: "gfx950", mattr: "" },
    LlcTarget { cpu: "gfx1010", mattr: "" },
    LlcTarget { cpu: "gfx1030", mattr: "" },
    LlcTarget { cpu: "gfx1030", mattr: "+wavefrontsize64" },
    LlcTarget { cpu: "gfx1100", mattr: "" },
    LlcTarget { cpu: "gfx1100", mattr: "+wavefrontsize64" },
    LlcTarget { cpu: "gfx1102", mattr: "+cumode" },
    LlcTarget { cpu: "gfx1201", mattr: "" },
    LlcTarget { cpu: "gfx1250", mattr: "" },
];

impl LlcTarget {
    /// The model options the same `-mattr` selects (wave64, CU mode) plus a dynamic-VGPR block size.
    pub fn options(&self, dvgpr_block: u32) -> wavebudget_model::Options {
        wavebudget_model::Options { dvgpr_block, ..wavebudget_model::Options::from_target_features(self.mattr) }
    }
}

/// `ll` (a module for gfx942 built for launches of 1..256, as `tests/lit/Inputs/pressure.ll`) compiled by
/// llc-22 with its `"target-cpu"` made `cpu`, `-mattr=<mattr>` (none when empty) and its launch size fixed
/// at `wg` (so builds are told apart by their `.max_flat_workgroup_size`): the object, and llc-22's
/// occupancy per kernel.
pub fn llc_fixed_launch(ll: &Path, cpu: &str, mattr: &str, wg: u32, tag: &str) -> (PathBuf, BTreeMap<String, u32>) {
    let text = std::fs::read_to_string(ll).unwrap().replace(
        "\"amdgpu-flat-work-group-size\"=\"1,256\"",
        &format!("\"amdgpu-flat-work-group-size\"=\"{wg},{wg}\""),
    );
    let src = std::env::temp_dir().join(format!("wavebudget-tk-{}-{tag}.ll", std::process::id()));
    std::fs::write(&src, text.replace("\"target-cpu\"=\"gfx942\"", &format!("\"target-cpu\"=\"{cpu}\""))).unwrap();
    let obj = src.with_extension("o");
    let out = Command::new(tool("llc"))
        .args([
            "-mtriple=amdgcn-amd-amdhsa",
            &format!("-mcpu={cpu}"),
            "-filetype=obj",
            "-pass-remarks-analysis=kernel-resource-usage",
        ])
        .args((!mattr.is_empty()).then(|| format!("-mattr={mattr}")))
        .arg(&src)
        .arg("-o")
        .arg(&obj)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let occ = parse_remarks(&String::from_utf8_lossy(&out.stderr))
        .into_iter()
        .map(|(k, r)| (k, remark_u32(&r, "Occupancy [waves/SIMD]").unwrap()))
        .collect();
    (obj, occ)
}

/// An offload bundle (clang-offload-bundler-22) of `objects` under their target IDs
/// (`gfx942:xnack+`), with an empty host entry.
pub fn offload_bundle(objects: &[(&str, &Path)], tag: &str) -> PathBuf {
    let out = std::env::temp_dir().join(format!("wavebudget-tk-{}-{tag}.bundle", std::process::id()));
    let targets: Vec<String> = std::iter::once("host-x86_64-unknown-linux-gnu".to_string())
        .chain(objects.iter().map(|(id, _)| format!("hipv4-amdgcn-amd-amdhsa--{id}")))
        .collect();
    let mut cmd = Command::new(tool("clang-offload-bundler"));
    cmd.args(["--type=o", &format!("--targets={}", targets.join(",")), "--input=/dev/null"]);
    for (_, obj) in objects {
        cmd.arg(format!("--input={}", obj.display()));
    }
    let status = cmd.arg(format!("--output={}", out.display())).status().unwrap();
    assert!(status.success());
    out
}
