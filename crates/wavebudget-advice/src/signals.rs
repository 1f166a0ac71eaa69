//! What the model reads from a compiled kernel's instructions: the hot loop's matrix work, its memory
//! traffic, its pipeline depth and its dependent chains, for one thread (NVIDIA) or one wave (AMD).

use serde::Serialize;

/// The element type a matrix instruction multiplies (its A/B operands), which selects the peak rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum MatrixType {
    /// FP16 or BF16.
    F16,
    /// TF32 / XF32.
    Tf32,
    /// FP32 operands (AMD's `v_mfma_f32_*f32`).
    F32,
    /// FP64.
    F64,
    /// FP8 (E4M3, E5M2) and the scaled FP8 forms.
    F8,
    /// FP6 / FP4 (CDNA4's `f8f6f4` with neither operand FP8).
    F6F4,
    /// 8-bit integers.
    I8,
}

/// Matrix instructions of one shape in the hot loop, per thread (NVIDIA: per warpgroup for `wgmma`, per
/// warp for `mma.sync`) or per wave (AMD).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatrixOps {
    /// The mnemonic as written (`wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16`,
    /// `v_mfma_f32_32x32x8_f16`).
    pub instruction: String,
    /// Operand type.
    pub ty: MatrixType,
    /// FLOPs of one instruction for the group that issues it (warpgroup, warp or wave).
    pub flops: u64,
    /// How many in one iteration.
    pub count: u32,
    /// AMD: the passes LLVM's scheduling model gives it on this target (4 clocks each); `None` on NVIDIA.
    pub passes: Option<u32>,
    /// Who issues it: the FLOPs are per this group.
    pub group: IssueGroup,
}

/// The group of threads one matrix instruction works for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum IssueGroup {
    /// Four warps (`wgmma`): one instruction per warpgroup.
    Warpgroup,
    /// One warp (`mma.sync`, `wmma`).
    Warp,
    /// One AMD wave.
    Wave,
}

/// A kernel's signals: the hot loop's, or the whole kernel's where it has no loop.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Signals {
    /// A loop was found (a branch back to an earlier block); the counts below are its body's, per
    /// iteration. Without one they are the whole kernel's.
    pub hot_loop: bool,
    /// Matrix instructions by shape.
    pub matrix: Vec<MatrixOps>,
    /// The longest chain of matrix instructions in one iteration where each takes the previous one's
    /// result: matrix instructions / this = independent chains (the ILP a wave or warp has).
    pub matrix_chain: u32,
    /// Bytes read from global memory per thread (per lane on AMD) and iteration: loads, and asynchronous
    /// copies into shared memory/LDS.
    pub global_load_bytes: u64,
    /// Bytes written to global memory per thread and iteration.
    pub global_store_bytes: u64,
    /// Iterations of loads in flight: `num_stages - 1` for a software pipeline of asynchronous copies
    /// (`cp.async.wait_group N` with C commits per iteration: N / C + 1); 1 where each iteration waits
    /// for its own loads.
    pub pipeline_depth: u32,
    /// Shared memory / LDS bytes read per thread and iteration (`ldmatrix`, `ld.shared`, `ds_read*`).
    pub shared_load_bytes: u64,
    /// FP32 (and packed) arithmetic instructions per thread and iteration.
    pub fp_ops: u64,
    /// Transcendental instructions (`ex2`, `rcp`, `v_exp_f32`, ...) per thread and iteration.
    pub transcendental_ops: u64,
    /// Instructions in the hot loop (or the kernel).
    pub instructions: u64,
    /// AMD: one wave's cycles per iteration along its dependences (the loop-carried critical path with
    /// LLVM's scheduling latencies), where computed.
    pub chain_cycles: Option<f64>,
    /// AMD: cycles one wave's instructions take to issue per iteration (VALU 4 clocks, others 1).
    pub issue_cycles: Option<f64>,
    /// Scratch (spill) loads and stores per lane and iteration seen in the code (AMD).
    pub scratch_ops: u32,
    /// What the reader saw and has no figure or meaning for (one line each): a TMA copy whose size is in
    /// a tensor map, a matrix instruction it does not know.
    pub unknown: Vec<String>,
}

impl Signals {
    /// Matrix FLOPs per iteration for one issuing group of each kind: (warpgroup, warp, wave).
    pub fn matrix_flops(&self, group: IssueGroup) -> u64 {
        self.matrix.iter().filter(|m| m.group == group).map(|m| m.flops * u64::from(m.count)).sum()
    }

    /// Matrix instructions per iteration.
    pub fn matrix_count(&self) -> u32 {
        self.matrix.iter().map(|m| m.count).sum()
    }

    /// Count one matrix instruction.
    pub(crate) fn add_matrix(&mut self, op: MatrixOps) {
        match self.matrix.iter_mut().find(|m| m.instruction == op.instruction) {
            Some(m) => m.count += op.count,
            None => self.matrix.push(op),
        }
    }

    /// Note something the reader has no figure for, once.
    pub(crate) fn note_unknown(&mut self, what: String) {
        if !self.unknown.contains(&what) {
            self.unknown.push(what);
        }
    }
}
