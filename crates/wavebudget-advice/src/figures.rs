//! The figures the model divides by, one table per product, each with its source. Nothing here is
//! fitted to a timing set: every value is a vendor specification, LLVM's scheduling model, or a published
//! measurement, and `docs/advice.md` lists them with their quotes. A product without a row has no
//! figures: the model says so rather than borrow another's.

use crate::signals::MatrixType;
use serde::Serialize;

/// One figure and where it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Figure {
    /// The value, in the unit its field names.
    pub value: f64,
    /// The source, short enough for a table cell (docs/advice.md has the quotes).
    pub source: &'static str,
}

const fn f(value: f64, source: &'static str) -> Figure {
    Figure { value, source }
}

/// The vendor, which picks how instructions and occupancy are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Vendor {
    Nvidia,
    Amd,
}

/// How long a matrix instruction's result takes, against how often one can issue.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MatrixTiming {
    /// `wgmma` (sm_90): a dependent chain in one warpgroup runs at the SM's peak (its measured latency
    /// equals its FLOPs at the peak rate), so one warpgroup covers the tensor cores' latency.
    pub wgmma_latency_is_issue: Option<Figure>,
    /// `mma.sync` m16n8k16 completion latency in SM clocks (a chain waits this long per link).
    pub mma_sync_latency_clk: Option<Figure>,
}

/// AMD: the latencies LLVM's scheduling model (SISchedule.td, gfx9 family) gives the compiler, in
/// clocks (its units are 4-clock passes). The model follows one wave's dependences with them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct AmdLatencies {
    /// `WriteVMEM` (global/buffer loads).
    pub vmem_clk: Figure,
    /// `WriteLDS` (`ds_*`).
    pub lds_clk: Figure,
    /// `WriteSMEM` (`s_load*`).
    pub smem_clk: Figure,
    /// `Write32Bit` (VALU), also a wave64 VALU instruction's issue time.
    pub valu_clk: Figure,
    /// `WriteTrans32` (transcendental VALU).
    pub trans_clk: Figure,
    /// One MFMA pass (`Write{2,4,8,16}PassMAI` count passes).
    pub pass_clk: Figure,
    /// Clocks an XDL MFMA's result takes beyond its passes before another instruction may read it, by
    /// passes (2, 4, 8, 16): the wait states LLVM's hazard recognizer puts between an XDL write and a
    /// VALU read, one clock each. The hardware interlocks a dependent MFMA's SrcC itself; the model takes
    /// the same length for it.
    pub xdl_result_wait: [(u32, u32); 4],
    /// Where `xdl_result_wait` comes from.
    pub xdl_result_wait_source: &'static str,
}

/// One product's figures.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Figures {
    /// The product (`H200`, `MI355X`).
    pub product: &'static str,
    /// Other spellings (compared without case, spaces or dashes).
    #[serde(skip)]
    pub aliases: &'static [&'static str],
    pub vendor: Vendor,
    /// `sm_90`, `gfx950`.
    pub arch: &'static str,
    /// SMs or CUs.
    pub units: Figure,
    /// The SM/CU clock the per-clock figures are at, in Hz.
    pub clock_hz: Figure,
    /// Dense matrix FLOPs per clock per SM/CU by operand type (AMD: what the MFMA passes give; kept to
    /// state the peak).
    pub matrix_flops_per_clk: &'static [(MatrixType, Figure)],
    pub matrix_timing: MatrixTiming,
    /// AMD only: LLVM's scheduling latencies.
    pub amd_latencies: Option<AmdLatencies>,
    /// HBM bandwidth, bytes/s.
    pub dram_bytes_per_s: Figure,
    /// L2 read bandwidth per SM/CU per clock (operand tiles re-read by many workgroups come from L2);
    /// `None`: no published or measured figure, and the model leaves that limit out.
    pub l2_bytes_per_clk_per_unit: Option<Figure>,
    /// Load latency from DRAM (first touch), ns.
    pub dram_latency_ns: Figure,
    /// FP32 lanes per clock per SM/CU (one FMA each).
    pub fp32_lanes_per_clk: Figure,
    /// Transcendental results per clock per SM/CU.
    pub transcendental_per_clk: Figure,
}

const HOPPER_TC: &[(MatrixType, Figure)] = &[
    (MatrixType::F16, f(4096.0, "H100 whitepaper Table 3: 989.4 dense FP16/BF16 TFLOPS / (132 SMs x 1830 MHz)")),
    (MatrixType::Tf32, f(2048.0, "H100 product page: 989 TFLOPS TF32 with sparsity, halved, / (132 x 1830 MHz)")),
    (MatrixType::F8, f(8192.0, "H100 product page: 3,958 TFLOPS FP8 with sparsity, halved, / (132 x 1830 MHz)")),
    (MatrixType::I8, f(8192.0, "H100 whitepaper: INT8 at FP8's rate (3,958 TOPS with sparsity)")),
];

const HOPPER_TIMING: MatrixTiming = MatrixTiming {
    wgmma_latency_is_issue: Some(f(
        1.0,
        "Jarmusch & Chandrasekaran, IPDPS 2026 (H200): wgmma m64n256k16 128 clk, m64n64k16 32 clk = FLOPs / 4096",
    )),
    mma_sync_latency_clk: Some(f(24.1, "Luo et al., IPDPS 2024, Table VII: mma.sync m16n8k16 FP16 (H800)")),
};

const HOPPER_L2: Figure = f(
    27.5,
    "Chips and Cheese, \"Nvidia's H100: Funny L2\" (2023): over 5.5 TB/s L2 read on the H100 PCIe / (114 SMs x 1755 MHz)",
);
const HOPPER_DRAM_LATENCY: Figure =
    f(272.8, "Luo et al., IPDPS 2024, Table IV: 478.8 clk global-memory latency (H800 PCIe) at 1755 MHz");
const HOPPER_CLOCK: Figure =
    f(1.98e9, "H100 whitepaper Table 3 (via OpenXLA's cuda_core_info_table): 1980 MHz boost, non-tensor");
const HOPPER_FP32: Figure = f(128.0, "Hopper Tuning Guide: 2x the FP32 operations per clock per SM of sm_80 (64)");
const NV_MUFU: Figure =
    f(16.0, "CUDA C++ Programming Guide, arithmetic throughput: 16 special-function results/clk/SM (cc 8.0, 9.0)");

const GFX9_LLVM: AmdLatencies = AmdLatencies {
    vmem_clk: f(320.0, "LLVM SISchedule.td WriteVMEM 80 (x4 clk: \"1 / (operations / cycle) / 4\")"),
    lds_clk: f(20.0, "LLVM SISchedule.td WriteLDS 5 (x4 clk)"),
    smem_clk: f(20.0, "LLVM SISchedule.td WriteSMEM 5 (x4 clk)"),
    valu_clk: f(4.0, "LLVM SISchedule.td Write32Bit 1 (x4 clk)"),
    trans_clk: f(16.0, "LLVM SISchedule.td WriteTrans32 4 (x4 clk)"),
    pass_clk: f(4.0, "LLVM SISchedule.td: an MFMA pass is 4 clocks (Write{2,4,8,16}PassMAI)"),
    xdl_result_wait: [(2, 5), (4, 7), (8, 11), (16, 19)],
    xdl_result_wait_source:
        "LLVM GCNHazardRecognizer.cpp GFX940_XDL_N_PassWriteVgprVALUMemExpReadWaitStates (gfx942: passes + 3)",
};

const GFX950_LLVM: AmdLatencies = AmdLatencies {
    xdl_result_wait: [(2, 5), (4, 8), (8, 12), (16, 20)],
    xdl_result_wait_source: "LLVM GCNHazardRecognizer.cpp GFX940_XDL_N_PassWriteVgprVALUMemExpReadWaitStates (gfx950: passes + 4 above 2 passes)",
    ..GFX9_LLVM
};

/// Every product with figures.
pub static FIGURES: &[Figures] = &[
    Figures {
        product: "H200",
        aliases: &["H200 SXM", "NVIDIA H200"],
        vendor: Vendor::Nvidia,
        arch: "sm_90",
        units: f(132.0, "the H200 driver: multiProcessorCount (shared/fixtures/nvidia/h200)"),
        clock_hz: f(
            1.98e9,
            "GH100 as the H100 SXM5 (whitepaper Table 3: 1980 MHz boost); the H200 datasheet gives none",
        ),
        matrix_flops_per_clk: HOPPER_TC,
        matrix_timing: HOPPER_TIMING,
        amd_latencies: None,
        dram_bytes_per_s: f(4.8e12, "NVIDIA H200 product page: 4.8 TB/s HBM3e"),
        l2_bytes_per_clk_per_unit: Some(HOPPER_L2),
        dram_latency_ns: HOPPER_DRAM_LATENCY,
        fp32_lanes_per_clk: HOPPER_FP32,
        transcendental_per_clk: NV_MUFU,
    },
    Figures {
        product: "H100",
        aliases: &["H100 SXM", "H100 SXM5", "H100 80GB HBM3", "NVIDIA H100"],
        vendor: Vendor::Nvidia,
        arch: "sm_90",
        units: f(132.0, "H100 whitepaper: 132 SMs (SXM5)"),
        clock_hz: HOPPER_CLOCK,
        matrix_flops_per_clk: HOPPER_TC,
        matrix_timing: HOPPER_TIMING,
        amd_latencies: None,
        dram_bytes_per_s: f(3.35e12, "NVIDIA H100 product page: 3.35 TB/s (SXM)"),
        l2_bytes_per_clk_per_unit: Some(HOPPER_L2),
        dram_latency_ns: HOPPER_DRAM_LATENCY,
        fp32_lanes_per_clk: HOPPER_FP32,
        transcendental_per_clk: NV_MUFU,
    },
    Figures {
        product: "A100",
        aliases: &["A100 SXM4", "A100 80GB", "NVIDIA A100"],
        vendor: Vendor::Nvidia,
        arch: "sm_80",
        units: f(108.0, "A100 whitepaper Table 3: 108 SMs"),
        clock_hz: f(1.41e9, "A100 whitepaper Table 3: 1410 MHz boost"),
        matrix_flops_per_clk: &[
            (MatrixType::F16, f(2048.0, "A100 whitepaper Table 3: 312 dense FP16 TFLOPS / (108 x 1410 MHz)")),
            (MatrixType::Tf32, f(1024.0, "A100 whitepaper Table 3: 156 dense TF32 TFLOPS / (108 x 1410 MHz)")),
            (MatrixType::I8, f(4096.0, "A100 whitepaper Table 3: 624 dense INT8 TOPS / (108 x 1410 MHz)")),
            (MatrixType::F64, f(128.0, "A100 whitepaper Table 3: 19.5 FP64 tensor TFLOPS / (108 x 1410 MHz)")),
        ],
        matrix_timing: MatrixTiming {
            wgmma_latency_is_issue: None,
            mma_sync_latency_clk: Some(f(24.6, "Luo et al., IPDPS 2024, Table VII: mma.sync m16n8k16 FP16 (A100)")),
        },
        amd_latencies: None,
        dram_bytes_per_s: f(2.039e12, "NVIDIA A100 80GB datasheet: 2,039 GB/s (SXM)"),
        l2_bytes_per_clk_per_unit: Some(f(47.4, "A100 whitepaper 4.6.3: L2 read bandwidth 5120 bytes/clk / 108 SMs")),
        dram_latency_ns: f(
            330.7,
            "Luo et al., IPDPS 2024, Table IV: 466.3 clk global-memory latency (A100) at 1410 MHz",
        ),
        fp32_lanes_per_clk: f(64.0, "A100 whitepaper Table 3: 64 FP32 cores per SM"),
        transcendental_per_clk: NV_MUFU,
    },
    Figures {
        product: "MI355X",
        aliases: &["Instinct MI355X", "AMD Instinct MI355X"],
        vendor: Vendor::Amd,
        arch: "gfx950",
        units: f(256.0, "ROCm GPU specifications: MI355X, 256 CUs (32 per XCD)"),
        clock_hz: f(2.4e9, "AMD Instinct MI355X specifications: 2400 MHz peak engine clock"),
        matrix_flops_per_clk: &[
            (MatrixType::F16, f(4096.0, "AMD MI355X: 2.5 PF dense FP16/BF16 / (256 CUs x 2400 MHz)")),
            (MatrixType::F8, f(8192.0, "AMD MI355X: 5.0 PF dense FP8/MXFP8 / (256 CUs x 2400 MHz)")),
            (MatrixType::F6F4, f(16384.0, "AMD MI355X: 10.1 PF dense MXFP6/MXFP4 / (256 CUs x 2400 MHz)")),
        ],
        matrix_timing: MatrixTiming { wgmma_latency_is_issue: None, mma_sync_latency_clk: None },
        amd_latencies: Some(GFX950_LLVM),
        dram_bytes_per_s: f(8.0e12, "ROCm GPU specifications / AMD: MI355X 8 TB/s HBM3E"),
        l2_bytes_per_clk_per_unit: None,
        dram_latency_ns: f(133.3, "LLVM SISchedule.td WriteVMEM 320 clk at 2400 MHz (no published HBM latency)"),
        fp32_lanes_per_clk: f(
            128.0,
            "AMD CDNA 3 whitepaper Table 1: 256 FP32 FLOPs/clk/CU (128 FMA lanes), CDNA 4 the same",
        ),
        transcendental_per_clk: f(
            16.0,
            "Chips and Cheese, \"Testing AMD's Giant MI300X\": 4 special functions per SIMD per clock",
        ),
    },
    Figures {
        product: "MI300X",
        aliases: &["Instinct MI300X", "AMD Instinct MI300X"],
        vendor: Vendor::Amd,
        arch: "gfx942",
        units: f(304.0, "AMD CDNA 3 whitepaper: 8 XCDs, 304 CUs"),
        clock_hz: f(2.1e9, "AMD Instinct MI300X product page: 2100 MHz peak engine clock"),
        matrix_flops_per_clk: &[
            (MatrixType::F16, f(2048.0, "AMD CDNA 3 whitepaper Table 1: matrix FP16 2048 FLOPs/clk/CU")),
            (MatrixType::F8, f(4096.0, "AMD CDNA 3 whitepaper Table 1: matrix FP8 4096 FLOPs/clk/CU")),
            (MatrixType::Tf32, f(1024.0, "AMD CDNA 3 whitepaper Table 1: matrix TF32 1024 FLOPs/clk/CU")),
            (MatrixType::F32, f(256.0, "AMD CDNA 3 whitepaper Table 1: matrix FP32 256 FLOPs/clk/CU")),
            (MatrixType::F64, f(256.0, "AMD CDNA 3 whitepaper Table 1: matrix FP64 256 FLOPs/clk/CU")),
            (MatrixType::I8, f(4096.0, "AMD CDNA 3 whitepaper Table 1: matrix INT8 4096 OPs/clk/CU")),
        ],
        matrix_timing: MatrixTiming { wgmma_latency_is_issue: None, mma_sync_latency_clk: None },
        amd_latencies: Some(GFX9_LLVM),
        dram_bytes_per_s: f(5.3e12, "AMD CDNA 3 whitepaper: 5.3 TB/s peak HBM3"),
        l2_bytes_per_clk_per_unit: Some(f(53.9, "AMD CDNA 3 whitepaper p.10: L2 2 KB/clk read per XCD / 38 CUs")),
        dram_latency_ns: f(152.4, "LLVM SISchedule.td WriteVMEM 320 clk at 2100 MHz (no published HBM latency)"),
        fp32_lanes_per_clk: f(128.0, "AMD CDNA 3 whitepaper Table 1: vector FP32 256 FLOPs/clk/CU"),
        transcendental_per_clk: f(
            16.0,
            "Chips and Cheese, \"Testing AMD's Giant MI300X\": 4 special functions per SIMD per clock",
        ),
    },
];

fn squash(s: &str) -> String {
    s.chars().filter(|c| !matches!(c, ' ' | '-' | '_')).flat_map(char::to_lowercase).collect()
}

/// The figures for a product name (`H200`, `mi355x`, `NVIDIA H100`).
pub fn for_product(name: &str) -> Option<&'static Figures> {
    let key = squash(name);
    FIGURES.iter().find(|f| std::iter::once(f.product).chain(f.aliases.iter().copied()).any(|n| squash(n) == key))
}

/// The products with figures for an architecture (`sm_90` -> H200, H100).
pub fn products_of(arch: &str) -> Vec<&'static str> {
    let a = arch.trim().to_ascii_lowercase();
    let a = a.split(':').next().unwrap_or(&a).trim_end_matches(['a', 'f']).to_string();
    FIGURES.iter().filter(|f| f.arch == a || f.arch.trim_end_matches(['a', 'f']) == a).map(|f| f.product).collect()
}

impl Figures {
    /// Dense matrix FLOPs per clock per SM/CU for an operand type, where the table has it.
    pub fn matrix_rate(&self, ty: MatrixType) -> Option<Figure> {
        let ty = if ty == MatrixType::F6F4 && self.vendor == Vendor::Nvidia { MatrixType::F8 } else { ty };
        self.matrix_flops_per_clk.iter().find(|(t, _)| *t == ty).map(|(_, f)| *f)
    }

    /// Bytes/s one SM/CU gets of the HBM bandwidth.
    pub fn dram_per_unit(&self) -> f64 {
        self.dram_bytes_per_s.value / self.units.value
    }

    /// Bytes/s one SM/CU reads from L2, where a figure exists.
    pub fn l2_per_unit(&self) -> Option<f64> {
        self.l2_bytes_per_clk_per_unit.map(|b| b.value * self.clock_hz.value)
    }
}

/// The figures as the rows of docs/advice.md's table: `| product | figure | value | source |`, one row per
/// figure of each product (the docs are checked against these rows).
pub fn markdown_rows() -> Vec<String> {
    let mut rows = Vec::new();
    let mut row = |p: &str, what: &str, value: String, source: &str| {
        rows.push(format!("| {p} | {what} | {value} | {source} |"));
    };
    for f in FIGURES {
        let p = f.product;
        row(p, "SMs / CUs", format!("{}", f.units.value), f.units.source);
        row(p, "clock", format!("{} MHz", f.clock_hz.value / 1e6), f.clock_hz.source);
        for (ty, r) in f.matrix_flops_per_clk {
            row(p, &format!("matrix {ty:?} FLOP/clk per SM/CU"), format!("{}", r.value), r.source);
        }
        if let Some(w) = f.matrix_timing.wgmma_latency_is_issue {
            row(p, "wgmma latency = its issue time", "yes".into(), w.source);
        }
        if let Some(m) = f.matrix_timing.mma_sync_latency_clk {
            row(p, "mma.sync m16n8k16 latency", format!("{} clk", m.value), m.source);
        }
        if let Some(l) = f.amd_latencies {
            for (what, x) in [
                ("VMEM latency", l.vmem_clk),
                ("LDS latency", l.lds_clk),
                ("SMEM latency", l.smem_clk),
                ("VALU latency and issue", l.valu_clk),
                ("transcendental latency", l.trans_clk),
                ("MFMA pass", l.pass_clk),
            ] {
                row(p, what, format!("{} clk", x.value), x.source);
            }
            let waits: Vec<String> = l.xdl_result_wait.iter().map(|(n, w)| format!("{n}: +{w}")).collect();
            row(p, "XDL result wait by passes", format!("{} clk", waits.join(", ")), l.xdl_result_wait_source);
        }
        row(p, "HBM bandwidth", format!("{} TB/s", f.dram_bytes_per_s.value / 1e12), f.dram_bytes_per_s.source);
        match f.l2_bytes_per_clk_per_unit {
            Some(l2) => row(p, "L2 read bytes/clk per SM/CU", format!("{}", l2.value), l2.source),
            None => row(p, "L2 read bytes/clk per SM/CU", "none".into(), "no published or measured figure: left out"),
        }
        row(p, "memory latency", format!("{} ns", f.dram_latency_ns.value), f.dram_latency_ns.source);
        row(p, "FP32 lanes/clk per SM/CU", format!("{}", f.fp32_lanes_per_clk.value), f.fp32_lanes_per_clk.source);
        row(
            p,
            "transcendentals/clk per SM/CU",
            format!("{}", f.transcendental_per_clk.value),
            f.transcendental_per_clk.source,
        );
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each per-clock matrix rate times the units and the clock its source used gives the product's
    /// published peak (the arithmetic in each source line).
    #[test]
    fn rates_reproduce_the_published_peaks() {
        let h = for_product("h200").unwrap();
        let f16 = h.matrix_rate(MatrixType::F16).unwrap().value;
        assert!((f16 * 132.0 * 1.83e9 / 1e12 - 989.4).abs() < 1.0);
        let m = for_product("MI355X").unwrap();
        let f8 = m.matrix_rate(MatrixType::F8).unwrap().value;
        assert!((f8 * 256.0 * 2.4e9 / 1e15 - 5.03).abs() < 0.01);
        let m3 = for_product("mi300x").unwrap();
        assert!((m3.matrix_rate(MatrixType::F16).unwrap().value * 304.0 * 2.1e9 / 1e12 - 1307.4).abs() < 0.5);
        assert_eq!(products_of("sm_90a"), ["H200", "H100"]);
        assert_eq!(products_of("gfx950"), ["MI355X"]);
        assert!(for_product("RX 7900 XTX").is_none());
    }
}
