//! NVIDIA's own tools for the NVIDIA tests, from PyPI through `scripts/nvidia-tools.sh` (pinned; no GPU,
//! no CUDA install): `cuda_occupancy.h` compiled with g++ into [`Oracle`], `ptxas`, `cuobjdump` and nvFatbin.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use wavebudget_model::nvidia::{Arch, Carveout, Kernel};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The directory `scripts/nvidia-tools.sh` fills (fetched on first use; `WAVEBUDGET_NVIDIA_TOOLS` names
/// another holding the same layout).
pub fn tools_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        if let Some(d) = std::env::var_os("WAVEBUDGET_NVIDIA_TOOLS") {
            return PathBuf::from(d);
        }
        let out = Command::new("bash").arg(root().join("scripts/nvidia-tools.sh")).output().expect("run bash");
        assert!(out.status.success(), "scripts/nvidia-tools.sh: {}", String::from_utf8_lossy(&out.stderr));
        PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
    })
    .clone()
}

/// `cuda_occupancy.h`'s directory (CUDA 13.5).
pub fn header_dir() -> PathBuf {
    tools_dir().join("13.5.37")
}

/// `ptxas` (CUDA 12.9).
pub fn ptxas() -> PathBuf {
    tools_dir().join("12.9.86/ptxas")
}

/// `cuobjdump` (CUDA 13.5).
pub fn cuobjdump() -> PathBuf {
    tools_dir().join("13.5.37/cuobjdump")
}

/// nvFatbin's directory: `nvFatbin.h` and `libnvfatbin.so.12` (12.9).
pub fn nvfatbin_dir() -> PathBuf {
    tools_dir().join("12.9.82")
}

/// One answer of `cudaOccMaxActiveBlocksPerMultiprocessor`: `[status, blocks, limitingFactors, regs, smem,
/// warps, blocks, barriers, allocRegs, allocSmem]`, INT_MAX as -1.
pub type Answer = [i64; 10];

/// `cuda_occupancy.h` compiled by g++ (`crates/wavebudget-model/tests/data/nvidia/occupancy_oracle.cpp`).
pub struct Oracle {
    exe: PathBuf,
}

impl Oracle {
    /// Compiles the oracle against the pinned header.
    pub fn build() -> Oracle {
        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let exe = std::env::temp_dir().join(format!("wavebudget-cuda-occ-{}-{n}", std::process::id()));
        let out = Command::new("g++")
            .args(["-O2", "-std=c++11", "-o"])
            .arg(&exe)
            .arg("-I")
            .arg(header_dir())
            .arg(root().join("crates/wavebudget-model/tests/data/nvidia/occupancy_oracle.cpp"))
            .output()
            .expect("g++ (apt-get install g++)");
        assert!(out.status.success(), "g++: {}", String::from_utf8_lossy(&out.stderr));
        Oracle { exe }
    }

    /// The header's answers for `queries`, in order.
    pub fn ask(&self, queries: &[(&Arch, Kernel)]) -> Vec<Answer> {
        let mut input = String::new();
        let mut last: Option<&str> = None;
        for (a, k) in queries {
            if last != Some(a.name) {
                input += &format!(
                    "A {} {} {} {} {} {}\n",
                    a.major,
                    a.minor,
                    a.max_threads_per_sm,
                    a.shared_mem_per_sm,
                    a.shared_mem_per_block_optin(),
                    a.reserved_shared_mem_per_block
                );
                last = Some(a.name);
            }
            let maxdyn = k.max_dynamic_shared_mem.unwrap_or(49152u32.saturating_sub(k.shared_mem));
            let carve = match k.carveout {
                Carveout::Default => -1,
                Carveout::Percent(p) => i64::from(p),
            };
            input += &format!(
                "K {} {} {} {} {} {} {}\n",
                k.regs, k.block, k.shared_mem, k.dynamic_shared_mem, maxdyn, k.barriers, carve
            );
        }
        let mut child = Command::new(&self.exe).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap().unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let answers: Vec<Answer> = text
            .lines()
            .map(|l| {
                let v: Vec<i64> = l.split(' ').map(|x| x.parse().unwrap()).collect();
                v.try_into().unwrap()
            })
            .collect();
        assert_eq!(answers.len(), queries.len());
        answers
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.exe);
    }
}
