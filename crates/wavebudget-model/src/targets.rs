//! The target table: every AMDGPU processor LLVM 22 accepts for compute, and every per-target number.
//!
//! Numbers follow LLVM 22.1.8 (`AMDGPUBaseInfo.cpp` `IsaInfo`, `AMDGPU.td`), checked with `llc-22`
//! (see `docs/occupancy-model.md`). Per-generation rules live in [`Generation`]; per-processor
//! differences (AGPR file, 1.5x VGPRs, LDS size, SGPR init bug, ...) are columns of [`PROCESSORS`].
//! **Invariant:** no hardware number appears as a literal outside this file.

use serde::Serialize;

/// GPU generation as LLVM's `AMDGPUSubtarget::Generation` plus the feature sets that change the model.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Generation {
    /// GFX8 (`VOLCANIC_ISLANDS`).
    Gfx8,
    /// GFX9, including CDNA (gfx908, gfx90a, gfx942, gfx950).
    Gfx9,
    /// GFX10.1 (RDNA1): 20 waves per SIMD.
    Gfx10_1,
    /// GFX10.3 (RDNA2).
    Gfx10_3,
    /// GFX11 (RDNA3, RDNA3.5).
    Gfx11,
    /// GFX12 (RDNA4).
    Gfx12,
    /// GFX12.5 (gfx1250, gfx1251): wave32 only, CU mode only, 1024 addressable VGPRs.
    Gfx12_5,
}

impl Generation {
    /// `getMaxWavesPerEU` before the gfx90a override.
    const fn base_max_waves_per_eu(self) -> u32 {
        match self {
            Generation::Gfx8 | Generation::Gfx9 => 10,
            Generation::Gfx10_1 => 20,
            Generation::Gfx10_3 | Generation::Gfx11 | Generation::Gfx12 | Generation::Gfx12_5 => 16,
        }
    }

    /// GFX10 and later (`isGFX10Plus`).
    pub const fn is_gfx10_plus(self) -> bool {
        !matches!(self, Generation::Gfx8 | Generation::Gfx9)
    }

    /// Human label used in tables.
    pub const fn label(self) -> &'static str {
        match self {
            Generation::Gfx8 => "GFX8",
            Generation::Gfx9 => "GFX9",
            Generation::Gfx10_1 => "GFX10.1",
            Generation::Gfx10_3 => "GFX10.3",
            Generation::Gfx11 => "GFX11",
            Generation::Gfx12 => "GFX12",
            Generation::Gfx12_5 => "GFX12.5",
        }
    }
}

/// How accumulation registers (AGPRs) relate to the architectural VGPR file.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AgprFile {
    /// No AGPRs.
    None,
    /// gfx908: a separate AGPR file of the same size; occupancy uses `max(arch, agpr)`.
    Separate,
    /// gfx90a, gfx942, gfx950: one 512-entry file; total = `alignTo(arch, 4) + agpr`.
    Unified,
}

impl AgprFile {
    /// The JSON/table name: `none`, `separate` or `unified`.
    pub fn as_str(self) -> &'static str {
        match self {
            AgprFile::None => "none",
            AgprFile::Separate => "separate",
            AgprFile::Unified => "unified",
        }
    }
}

/// One row of the target table.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Processor {
    /// LLVM processor name (`-mcpu`).
    pub name: &'static str,
    /// Generation.
    pub generation: Generation,
    /// Marketing family label ("CDNA3", "RDNA3", ...).
    pub family: &'static str,
    /// AGPR organisation.
    pub agpr_file: AgprFile,
    /// `FeatureAllocate1_5xVGPRs`: 50% more VGPRs and a 50% larger allocation granule.
    pub vgprs_1_5x: bool,
    /// Hardware supports XNACK (`FeatureXNACKSupport`): +4 extra SGPRs when on or "any" (GFX8/9).
    pub xnack: bool,
    /// Hardware supports SRAMECC.
    pub sramecc: bool,
    /// `FeatureSGPRInitBug`: LLVM always allocates a fixed 96 SGPRs (gfx802, gfx805).
    pub sgpr_init_bug: bool,
    /// `FeatureArchitectedFlatScratch`: +6 extra SGPRs always (gfx942, gfx950).
    pub architected_flat_scratch: bool,
    /// `getAddressableLocalMemorySize`: LDS bytes one workgroup may allocate.
    pub lds_per_workgroup: u32,
    /// `getLdsDwGranularity` in bytes: the hardware's LDS allocation granule (LLVM's occupancy ignores it).
    pub lds_granule: u32,
    /// gfx12 dynamic-VGPR mode (`"amdgpu-dynamic-vgpr-block-size"`) is accepted.
    pub dynamic_vgpr: bool,
    /// A generic target (`gfx9-generic`, ...).
    pub generic: bool,
    /// Products people name instead of the processor.
    pub products: &'static [&'static str],
    /// The first LLVM major of those the model follows (15, 19, 22) that knows the processor
    /// (`llc-N -mtriple=amdgcn -mcpu=help`).
    pub since: crate::Llvm,
}

/// LLVM 15's `getLocalMemorySize` on every processor it knows (no doubling in WGP mode).
pub const LLVM15_LOCAL_MEMORY_SIZE: u32 = 65_536;
/// LLVM 15's `getMaxWorkGroupsPerCU`: 40 single-wave workgroups, else `min(40 / waves, 16)`.
pub const LLVM15_WORKGROUPS_PER_CU: u32 = 40;
/// LLVM 15's cap on workgroups of several waves per CU.
pub const LLVM15_MAX_MULTIWAVE_WORKGROUPS: u32 = 16;
/// LLVM 15's `getAddressableNumVGPRs` on GFX11 (`-amdgpu-limit-to-128-vgprs` on by default): the
/// allocator's budget and the padding cap, though inline asm may still name v128-v255.
pub const LLVM15_GFX11_BUDGET_VGPRS: u32 = 128;

/// Maximum flat workgroup size (`getMaxFlatWorkGroupSize`) on every target.
pub const MAX_FLAT_WORKGROUP_SIZE: u32 = 1024;
/// The most waves per SIMD any processor of the table runs (gfx10.1: 20): the largest waves request a
/// setting can make before a kernel's processor is known (held to the table by a unit test).
pub const MAX_WAVES_PER_EU_ANY: u32 = 20;
/// `TRAP_NUM_SGPRS`: SGPRs LLVM's SGPR budget reserves for the trap handler (on by default on amdhsa).
pub const TRAP_NUM_SGPRS: u32 = 16;
/// `FIXED_NUM_SGPRS_FOR_INIT_BUG`: the SGPR count LLVM reports on targets with the SGPR init bug.
pub const FIXED_SGPRS_FOR_INIT_BUG: u32 = 96;
/// `getTotalNumSGPRs` on GFX8/9.
pub const GFX8_9_TOTAL_SGPRS: u32 = 800;
/// `getAddressableNumSGPRs` on GFX8/9.
pub const GFX8_9_ADDRESSABLE_SGPRS: u32 = 102;
/// `getSGPRAllocGranule` on GFX8/9.
pub const GFX8_9_SGPR_GRANULE: u32 = 16;
/// `getSGPREncodingGranule` on GFX8/9: the unit of the descriptor's SGPR block count.
pub const GFX8_9_SGPR_ENCODING_GRANULE: u32 = 8;
/// `getAddressableNumSGPRs` on GFX10+.
pub const GFX10_ADDRESSABLE_SGPRS: u32 = 106;
/// SGPRs the hardware allocates per wave on GFX10+ ("GFX10+ will always allocate 128 SGPRs").
pub const GFX10_SGPRS_ALLOCATED: u32 = 128;
/// Extra SGPRs LLVM adds to the count: VCC.
pub const EXTRA_SGPRS_VCC: u32 = 2;
/// Extra SGPRs with XNACK on or "any" (GFX8/9).
pub const EXTRA_SGPRS_XNACK: u32 = 4;
/// Extra SGPRs with flat scratch or architected flat scratch (GFX8/9).
pub const EXTRA_SGPRS_FLAT_SCRATCH: u32 = 6;
/// GFX8/9 SGPR -> waves table (`getOccupancyWithNumSGPRs`, Gen >= VI, < GFX10): (max SGPRs, waves).
pub const GFX8_9_SGPR_WAVES: [(u32, u32); 3] = [(80, 10), (88, 9), (100, 8)];
/// Waves when SGPRs exceed the last row of [`GFX8_9_SGPR_WAVES`].
pub const GFX8_9_SGPR_WAVES_ABOVE: u32 = 7;
/// `getArchVGPRAllocGranule`: AGPRs start at the arch-VGPR count rounded up to this (gfx90a+).
pub const ARCH_VGPR_ALIGN_FOR_AGPRS: u32 = 4;
/// Architectural VGPRs and AGPRs addressable per wave on gfx908/gfx90a+ (each).
pub const MAX_ARCH_VGPRS_WITH_AGPRS: u32 = 256;
/// Dynamic-VGPR mode allocates at most this many blocks.
pub const DYNAMIC_VGPR_MAX_BLOCKS: u32 = 8;
/// Block sizes dynamic-VGPR mode accepts.
pub const DYNAMIC_VGPR_BLOCK_SIZES: [u32; 2] = [16, 32];
/// Barriers per "CU" (`getMaxWorkGroupsPerCU`): 16, or 32 on GFX10+ in WGP mode.
pub const BARRIERS_CU: u32 = 16;
/// Barriers per WGP in WGP mode.
pub const BARRIERS_WGP: u32 = 32;

/// Vector register file parameters for one configuration (`IsaInfo` VGPR functions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct VgprParams {
    /// `getTotalNumVGPRs`.
    pub total: u32,
    /// `getVGPRAllocGranule`.
    pub granule: u32,
    /// `getAddressableNumVGPRs` (total vector registers a wave may address, arch + AGPR on gfx90a+).
    pub addressable: u32,
    /// Architectural VGPRs addressable per wave.
    pub addressable_arch: u32,
}

impl Processor {
    /// `AMDGPUMCExpr::evaluateTotalNumVGPR`: the one number occupancy sees (`.vgpr_count`) for `arch`
    /// architectural VGPRs and `agpr` AGPRs (one file on gfx90a/gfx942/gfx950, arch aligned to 4 first).
    pub const fn total_vgprs(&self, arch: u32, agpr: u32) -> u32 {
        match self.agpr_file {
            AgprFile::Unified if agpr > 0 => {
                arch.div_ceil(ARCH_VGPR_ALIGN_FOR_AGPRS).saturating_mul(ARCH_VGPR_ALIGN_FOR_AGPRS).saturating_add(agpr)
            }
            _ => {
                if arch > agpr {
                    arch
                } else {
                    agpr
                }
            }
        }
    }

    /// `getMaxWavesPerEU`.
    pub const fn max_waves_per_eu(&self) -> u32 {
        if matches!(self.agpr_file, AgprFile::Unified) {
            8
        } else {
            self.generation.base_max_waves_per_eu()
        }
    }

    /// Wave sizes the processor runs.
    pub const fn wave_sizes(&self) -> &'static [u32] {
        match self.generation {
            Generation::Gfx8 | Generation::Gfx9 => &[64],
            Generation::Gfx12_5 => &[32],
            _ => &[32, 64],
        }
    }

    /// Wave size LLVM and HIP use when none is asked for.
    pub const fn default_wave_size(&self) -> u32 {
        if self.generation.is_gfx10_plus() {
            32
        } else {
            64
        }
    }

    /// The processor has a WGP mode (GFX10+) and therefore a CU-mode switch.
    pub const fn has_wgp_mode(&self) -> bool {
        self.generation.is_gfx10_plus() && !matches!(self.generation, Generation::Gfx12_5)
    }

    /// Whether a kernel built with `wgp_mode` (its `.workgroup_processor_mode`, or the descriptor's bit)
    /// runs in CU mode here: built for it on a processor that has the switch. The one rule for it.
    pub const fn cu_mode(&self, wgp_mode: Option<bool>) -> bool {
        self.has_wgp_mode() && matches!(wgp_mode, Some(false))
    }

    /// A kernel's wave size if this processor runs it (`None` otherwise, and for none given).
    pub fn runs_wave(&self, wave: Option<u32>) -> Option<u32> {
        wave.filter(|w| self.wave_sizes().contains(w))
    }

    /// `getEUsPerCU`: SIMDs sharing one workgroup's resources.
    pub const fn eus_per_cu(&self, cu_mode: bool) -> u32 {
        if self.generation.is_gfx10_plus() && cu_mode && !matches!(self.generation, Generation::Gfx12_5) {
            2
        } else {
            4
        }
    }

    /// `getLocalMemorySize`: LDS bytes shared by the workgroups on one "CU" (doubled in WGP mode).
    pub const fn lds_per_cu(&self, cu_mode: bool) -> u32 {
        if self.has_wgp_mode() && !cu_mode {
            self.lds_per_workgroup * 2
        } else {
            self.lds_per_workgroup
        }
    }

    /// Barrier count that caps workgroups per "CU".
    pub const fn max_barriers(&self, cu_mode: bool) -> u32 {
        if self.has_wgp_mode() && !cu_mode {
            BARRIERS_WGP
        } else {
            BARRIERS_CU
        }
    }

    /// SGPR count limits occupancy (GFX8/9 only).
    pub const fn sgprs_limit_occupancy(&self) -> bool {
        !self.generation.is_gfx10_plus()
    }

    /// Highest total SGPR count (`.sgpr_count`, extras included) a kernel can report.
    pub const fn max_sgpr_count(&self) -> u32 {
        if self.sgpr_init_bug {
            // llc: "scalar registers (101) exceeds limit (96)".
            FIXED_SGPRS_FOR_INIT_BUG
        } else if self.generation.is_gfx10_plus() {
            GFX10_ADDRESSABLE_SGPRS + EXTRA_SGPRS_VCC
        } else {
            GFX8_9_ADDRESSABLE_SGPRS + EXTRA_SGPRS_FLAT_SCRATCH
        }
    }

    /// VGPR parameters for a wave size and dynamic-VGPR block size (0 = off).
    pub const fn vgpr_params(&self, wave_size: u32, dvgpr_block: u32) -> VgprParams {
        let w32 = wave_size == 32;
        if matches!(self.agpr_file, AgprFile::Unified) {
            return VgprParams { total: 512, granule: 8, addressable: 512, addressable_arch: 256 };
        }
        let total = match self.generation {
            Generation::Gfx8 | Generation::Gfx9 => 256,
            _ if self.vgprs_1_5x => {
                if w32 {
                    1536
                } else {
                    768
                }
            }
            _ => {
                if w32 {
                    1024
                } else {
                    512
                }
            }
        };
        if dvgpr_block != 0 {
            let a = DYNAMIC_VGPR_MAX_BLOCKS * dvgpr_block;
            return VgprParams { total, granule: dvgpr_block, addressable: a, addressable_arch: a };
        }
        let granule = match self.generation {
            Generation::Gfx8 | Generation::Gfx9 => 4,
            _ if self.vgprs_1_5x => {
                if w32 {
                    24
                } else {
                    12
                }
            }
            Generation::Gfx10_1 => {
                if w32 {
                    8
                } else {
                    4
                }
            }
            _ => {
                if w32 {
                    16
                } else {
                    8
                }
            }
        };
        let addressable = if matches!(self.generation, Generation::Gfx12_5) {
            if w32 {
                1024
            } else {
                512
            }
        } else {
            256
        };
        VgprParams { total, granule, addressable, addressable_arch: addressable }
    }

    /// `getVGPREncodingGranule`: the unit of the kernel descriptor's `GRANULATED_WORKITEM_VGPR_COUNT`
    /// (not the allocation granule): 8 on gfx90a+, 16/8 on GFX12.5 (wave32/64), else 8/4.
    pub const fn vgpr_encoding_granule(&self, wave_size: u32) -> u32 {
        let w32 = wave_size == 32;
        if matches!(self.agpr_file, AgprFile::Unified) {
            8
        } else if matches!(self.generation, Generation::Gfx12_5) {
            if w32 {
                16
            } else {
                8
            }
        } else if w32 {
            8
        } else {
            4
        }
    }

    /// SGPRs one unit of the descriptor's `GRANULATED_WAVEFRONT_SGPR_COUNT` stands for
    /// (`getSGPREncodingGranule`), or `None` on GFX10+, where the field is 0 and
    /// [`GFX10_SGPRS_ALLOCATED`] are always allocated.
    pub const fn sgpr_encoding_granule(&self) -> Option<u32> {
        if self.generation.is_gfx10_plus() {
            None
        } else {
            Some(GFX8_9_SGPR_ENCODING_GRANULE)
        }
    }
}

const fn p(name: &'static str, generation: Generation, family: &'static str) -> Processor {
    let (lds, granule) = match generation {
        Generation::Gfx12_5 => (327_680, 2048),
        _ => (65_536, 512),
    };
    Processor {
        name,
        generation,
        family,
        agpr_file: AgprFile::None,
        vgprs_1_5x: false,
        xnack: false,
        sramecc: false,
        sgpr_init_bug: false,
        architected_flat_scratch: false,
        lds_per_workgroup: lds,
        lds_granule: granule,
        dynamic_vgpr: false,
        generic: false,
        products: &[],
        since: crate::Llvm::V15,
    }
}

impl Processor {
    const fn xnack(mut self) -> Self {
        self.xnack = true;
        self
    }
    const fn sramecc(mut self) -> Self {
        self.sramecc = true;
        self
    }
    const fn init_bug(mut self) -> Self {
        self.sgpr_init_bug = true;
        self
    }
    const fn agprs(mut self, f: AgprFile) -> Self {
        self.agpr_file = f;
        self
    }
    const fn flat_scratch(mut self) -> Self {
        self.architected_flat_scratch = true;
        self
    }
    const fn x15(mut self) -> Self {
        self.vgprs_1_5x = true;
        self
    }
    const fn lds(mut self, bytes: u32, granule: u32) -> Self {
        self.lds_per_workgroup = bytes;
        self.lds_granule = granule;
        self
    }
    const fn dvgpr(mut self) -> Self {
        self.dynamic_vgpr = true;
        self
    }
    const fn generic(mut self) -> Self {
        self.generic = true;
        self
    }
    const fn since(mut self, llvm: crate::Llvm) -> Self {
        self.since = llvm;
        self
    }
    const fn products(mut self, names: &'static [&'static str]) -> Self {
        self.products = names;
        self
    }
}

use Generation::*;

/// Every processor LLVM 22 accepts for compute that the model covers (`since`: which of 15 and 19 know it).
pub static PROCESSORS: &[Processor] = &[
    p("gfx801", Gfx8, "GCN3").xnack().products(&["Carrizo"]),
    p("gfx802", Gfx8, "GCN3").init_bug().products(&["Tonga", "R9 285", "R9 380", "FirePro S7150"]),
    p("gfx803", Gfx8, "GCN3/GCN4")
        .products(&["Fiji", "R9 Fury", "R9 Nano", "RX 470", "RX 480", "RX 570", "RX 580", "RX 590", "MI6", "MI8"]),
    p("gfx805", Gfx8, "GCN3").init_bug().products(&["Tongapro"]),
    p("gfx810", Gfx8, "GCN3").xnack().products(&["Stoney"]),
    p("gfx900", Gfx9, "GCN5").xnack().products(&["Vega 10", "Vega 56", "Vega 64", "MI25"]),
    p("gfx902", Gfx9, "GCN5").xnack().products(&["Raven Ridge"]),
    p("gfx904", Gfx9, "GCN5").xnack().products(&["Vega 12"]),
    p("gfx906", Gfx9, "GCN5").xnack().sramecc().products(&["Vega 20", "Radeon VII", "MI50", "MI60", "Radeon Pro VII"]),
    p("gfx908", Gfx9, "CDNA1").xnack().sramecc().agprs(AgprFile::Separate).products(&["MI100", "Arcturus"]),
    p("gfx909", Gfx9, "GCN5").xnack().products(&["Raven2"]),
    p("gfx90a", Gfx9, "CDNA2").xnack().sramecc().agprs(AgprFile::Unified).products(&[
        "MI210",
        "MI250",
        "MI250X",
        "Aldebaran",
    ]),
    p("gfx90c", Gfx9, "GCN5").xnack().products(&["Renoir", "Cezanne", "Lucienne"]),
    p("gfx942", Gfx9, "CDNA3")
        .since(crate::Llvm::V19)
        .xnack()
        .sramecc()
        .agprs(AgprFile::Unified)
        .flat_scratch()
        .products(&["MI300", "MI300A", "MI300X", "MI308X", "MI325X"]),
    p("gfx950", Gfx9, "CDNA4")
        .since(crate::Llvm::V22)
        .xnack()
        .sramecc()
        .agprs(AgprFile::Unified)
        .flat_scratch()
        .lds(163_840, 1280)
        .products(&["MI350", "MI350X", "MI355X"]),
    p("gfx1010", Gfx10_1, "RDNA1").xnack().products(&["Navi 10", "RX 5600 XT", "RX 5700", "RX 5700 XT"]),
    p("gfx1011", Gfx10_1, "RDNA1").xnack().products(&["Navi 12", "Pro V520"]),
    p("gfx1012", Gfx10_1, "RDNA1").xnack().products(&["Navi 14", "RX 5500 XT", "RX 5300"]),
    p("gfx1013", Gfx10_1, "RDNA1").xnack().products(&["Cyan Skillfish"]),
    p("gfx1030", Gfx10_3, "RDNA2").products(&[
        "Navi 21",
        "RX 6800",
        "RX 6800 XT",
        "RX 6900 XT",
        "RX 6950 XT",
        "W6800",
        "V620",
    ]),
    p("gfx1031", Gfx10_3, "RDNA2").products(&["Navi 22", "RX 6700 XT", "RX 6750 XT"]),
    p("gfx1032", Gfx10_3, "RDNA2").products(&["Navi 23", "RX 6600", "RX 6600 XT", "RX 6650 XT", "W6600"]),
    p("gfx1033", Gfx10_3, "RDNA2").products(&["Van Gogh", "Steam Deck"]),
    p("gfx1034", Gfx10_3, "RDNA2").products(&["Navi 24", "RX 6500 XT", "RX 6400"]),
    p("gfx1035", Gfx10_3, "RDNA2").products(&["Rembrandt", "Radeon 680M"]),
    p("gfx1036", Gfx10_3, "RDNA2").products(&["Raphael", "Radeon 610M"]),
    p("gfx1100", Gfx11, "RDNA3").x15().products(&[
        "Navi 31",
        "RX 7900 XTX",
        "RX 7900 XT",
        "RX 7900 GRE",
        "W7900",
        "W7800",
    ]),
    p("gfx1101", Gfx11, "RDNA3").x15().products(&["Navi 32", "RX 7800 XT", "RX 7700 XT", "W7700"]),
    p("gfx1102", Gfx11, "RDNA3").products(&["Navi 33", "RX 7600", "RX 7600 XT", "W7600"]),
    p("gfx1103", Gfx11, "RDNA3").products(&["Phoenix", "Radeon 780M", "Radeon 760M"]),
    p("gfx1150", Gfx11, "RDNA3.5").since(crate::Llvm::V19).products(&["Strix Point", "Radeon 890M"]),
    p("gfx1151", Gfx11, "RDNA3.5").since(crate::Llvm::V19).x15().products(&[
        "Strix Halo",
        "Radeon 8060S",
        "Ryzen AI Max",
    ]),
    p("gfx1152", Gfx11, "RDNA3.5").since(crate::Llvm::V19).products(&["Krackan Point"]),
    p("gfx1153", Gfx11, "RDNA3.5").since(crate::Llvm::V22).products(&[]),
    p("gfx1200", Gfx12, "RDNA4").since(crate::Llvm::V19).x15().dvgpr().products(&["Navi 44", "RX 9060 XT"]),
    p("gfx1201", Gfx12, "RDNA4").since(crate::Llvm::V19).x15().dvgpr().products(&[
        "Navi 48",
        "RX 9070",
        "RX 9070 XT",
        "R9700",
    ]),
    p("gfx1250", Gfx12_5, "GFX12.5").since(crate::Llvm::V22).products(&[]),
    p("gfx1251", Gfx12_5, "GFX12.5").since(crate::Llvm::V22).products(&[]),
    p("gfx9-generic", Gfx9, "GCN5").since(crate::Llvm::V19).xnack().generic(),
    p("gfx9-4-generic", Gfx9, "CDNA3")
        .since(crate::Llvm::V22)
        .xnack()
        .sramecc()
        .agprs(AgprFile::Unified)
        .flat_scratch()
        .generic(),
    p("gfx10-1-generic", Gfx10_1, "RDNA1").since(crate::Llvm::V19).xnack().generic(),
    p("gfx10-3-generic", Gfx10_3, "RDNA2").since(crate::Llvm::V19).generic(),
    p("gfx11-generic", Gfx11, "RDNA3").since(crate::Llvm::V19).generic(),
    p("gfx12-generic", Gfx12, "RDNA4").since(crate::Llvm::V19).x15().dvgpr().generic(),
];

/// The processors each generic processor's code runs on: LLVM's AMDGPUUsage, "AMDGPU Generic
/// Processors" table (gfx940 and gfx941, listed there for gfx9-4-generic, were removed: `REMOVED`).
pub static GENERIC_FAMILIES: &[(&str, &[&str])] = &[
    ("gfx9-generic", &["gfx900", "gfx902", "gfx904", "gfx906", "gfx909", "gfx90c"]),
    ("gfx9-4-generic", &["gfx942", "gfx950"]),
    ("gfx10-1-generic", &["gfx1010", "gfx1011", "gfx1012", "gfx1013"]),
    ("gfx10-3-generic", &["gfx1030", "gfx1031", "gfx1032", "gfx1033", "gfx1034", "gfx1035", "gfx1036"]),
    ("gfx11-generic", &["gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1152", "gfx1153"]),
    ("gfx12-generic", &["gfx1200", "gfx1201"]),
];

/// Whether code built for `built_for` runs on `device`: the same processor, or a generic processor
/// whose family holds it ([`GENERIC_FAMILIES`]).
pub fn runs_on(built_for: &str, device: &str) -> bool {
    built_for == device || GENERIC_FAMILIES.iter().any(|(g, members)| *g == built_for && members.contains(&device))
}

/// Processors LLVM removed; a request for one names its replacement.
pub static REMOVED: &[(&str, &str)] = &[("gfx940", "gfx942"), ("gfx941", "gfx942")];

/// Processors LLVM knows that the model does not cover (GFX6/7: a different SGPR table and no flat
/// scratch assumptions checked here).
pub static NOT_MODELLED: &[&str] =
    &["gfx600", "gfx601", "gfx602", "gfx700", "gfx701", "gfx702", "gfx703", "gfx704", "gfx705"];

/// Find a row by its exact LLVM name.
pub fn processor(name: &str) -> Option<&'static Processor> {
    PROCESSORS.iter().find(|p| p.name == name)
}

#[cfg(test)]
mod generic_family_tests {
    use super::*;

    #[test]
    fn the_most_waves_any_processor_runs_is_the_tables() {
        assert_eq!(PROCESSORS.iter().map(|p| p.max_waves_per_eu()).max(), Some(MAX_WAVES_PER_EU_ANY));
    }

    /// Every generic processor of the table has a family, and every member is a processor of the table of
    /// the generic's generation (a member LLVM removed would be a name nothing runs as).
    #[test]
    fn families_hold_known_processors_of_their_generation() {
        for g in PROCESSORS.iter().filter(|p| p.generic) {
            let (_, members) = GENERIC_FAMILIES.iter().find(|(n, _)| *n == g.name).expect("a family per generic");
            for m in *members {
                let p = processor(m).unwrap_or_else(|| panic!("{m} of {} is not a processor", g.name));
                assert!(!p.generic && p.generation == g.generation, "{m} of {}", g.name);
                assert!(runs_on(g.name, m) && !runs_on(m, g.name));
            }
        }
        assert!(!runs_on("gfx9-4-generic", "gfx90a") && runs_on("gfx942", "gfx942"));
    }
}
