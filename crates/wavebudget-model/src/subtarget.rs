//! One configured target (processor + wave size + CU mode + dynamic-VGPR block) and LLVM 22's formulas.
//!
//! Each method mirrors one LLVM function and names it; see `docs/occupancy-model.md`.

use crate::error::{DvgprRefusal, ModelError, WorkgroupRefusal};
use crate::target_id::TargetId;
use crate::targets::{
    AgprFile, Processor, VgprParams, DYNAMIC_VGPR_BLOCK_SIZES, FIXED_SGPRS_FOR_INIT_BUG, GFX8_9_ADDRESSABLE_SGPRS,
    GFX8_9_SGPR_GRANULE, GFX8_9_SGPR_WAVES, GFX8_9_SGPR_WAVES_ABOVE, GFX8_9_TOTAL_SGPRS, LLVM15_GFX11_BUDGET_VGPRS,
    LLVM15_LOCAL_MEMORY_SIZE, LLVM15_MAX_MULTIWAVE_WORKGROUPS, LLVM15_WORKGROUPS_PER_CU, MAX_ARCH_VGPRS_WITH_AGPRS,
    MAX_FLAT_WORKGROUP_SIZE, TRAP_NUM_SGPRS,
};
use crate::Llvm;

/// Mode switches that change the model.
/// The registers a compiled kernel's occupancy is computed from ([`Subtarget::allocation`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegisterAllocation {
    /// Total VGPRs: `.vgpr_count`, or the descriptor's where LLVM padded it.
    pub vgprs: u32,
    /// SGPRs: `.sgpr_count`, or the descriptor's where LLVM padded it (GFX8/9).
    pub sgprs: u32,
    /// The descriptor allocates more VGPRs than `.vgpr_count` rounded to its encoding granule.
    pub vgprs_padded: bool,
    /// The descriptor allocates more SGPRs than `.sgpr_count` rounded to its encoding granule.
    pub sgprs_padded: bool,
}

impl RegisterAllocation {
    /// Whether LLVM padded the descriptor beyond the metadata's counts.
    pub fn padded(&self) -> bool {
        self.vgprs_padded || self.sgprs_padded
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// 32 or 64; `None` = the processor's default (64 on GFX8/9, 32 on GFX10+).
    pub wave_size: Option<u32>,
    /// CU mode (`+cumode`) on GFX10-12; gfx1250 is always in CU mode.
    pub cu_mode: bool,
    /// gfx12 dynamic-VGPR block size (`"amdgpu-dynamic-vgpr-block-size"`), 0 = off.
    pub dvgpr_block: u32,
    /// The LLVM major whose rules apply (default 22).
    pub llvm: crate::Llvm,
    /// `Feature1_5xVGPRs` ("allocate1_5xvgprs") as the subtarget LLVM built has it, where that is known
    /// (a function's `"target-features"` may turn it off, or on); `None`: the processor's own.
    pub vgprs_1_5x: Option<bool>,
}

impl Options {
    /// Wave size, CU mode and the 1.5x VGPR file from an LLVM target-features string as `-mattr` or a
    /// function's `"target-features"` attribute spell it (`+wavefrontsize64,+cumode`), read as LLVM's
    /// subtarget reads it: in order, the last setting of a feature winning (`+wavefrontsize64,-wavefrontsize64`
    /// is neither, so the processor's default); other features are ignored. Refuses what LLVM refuses: both
    /// wave sizes left on (llc-22: "must specify exactly one of wavefrontsize32 and wavefrontsize64"). The
    /// dynamic-VGPR block is a function attribute, not a feature: set `dvgpr_block` separately. The pass asks
    /// LLVM's own subtarget instead; this reading is held to it (`tests/pass_subtarget.rs`).
    pub fn try_from_target_features(features: &str) -> Result<Options, ModelError> {
        let f = Features::read(features);
        if f.wave32 == Some(true) && f.wave64 == Some(true) {
            return Err(ModelError::BothWaveSizes { features: features.to_string() });
        }
        Ok(f.options())
    }

    /// [`Options::try_from_target_features`] for `processor`, exactly as LLVM's subtarget for it reads the
    /// string: GFX8 and GFX9 processors have wave64 on by their definition, which a string naming
    /// `wavefrontsize64` (in any case, even a spelling LLVM does not know) leaves on, so that
    /// `+wavefrontsize32` beside it is both sizes, which LLVM refuses; a string that leaves neither size on
    /// is wave32 (LLVM turns it on). The pass asks LLVM's subtarget itself and uses this where it cannot
    /// (unit tests); `tests/pass_claims.rs` holds it to LLVM 22's on every processor.
    pub fn try_for_processor(features: &str, processor: &Processor) -> Result<Options, ModelError> {
        let f = Features::read(features);
        let wave64 = f.wave64.unwrap_or(!processor.generation.is_gfx10_plus());
        let wave32 = f.wave32.unwrap_or(false);
        if wave32 && wave64 {
            return Err(ModelError::BothWaveSizes { features: features.to_string() });
        }
        let wave_size = Some(if wave64 { 64 } else { 32 });
        Ok(Options { wave_size, cu_mode: f.cu_mode.unwrap_or(false), vgprs_1_5x: f.vgprs_1_5x, ..Options::default() })
    }

    /// [`Options::try_from_target_features`] where both wave sizes are on: wave64 (as a caller that
    /// does not refuse has always read it).
    pub fn from_target_features(features: &str) -> Options {
        Features::read(features).options()
    }
}

/// The features of a target-features string that change the model, each as its last setting says
/// (`None`: not named).
#[derive(Default)]
struct Features {
    wave32: Option<bool>,
    wave64: Option<bool>,
    cu_mode: Option<bool>,
    vgprs_1_5x: Option<bool>,
}

impl Features {
    fn read(features: &str) -> Features {
        let mut f = Features::default();
        // GCNSubtarget::initializeSubtargetDependencies: a string that turns any wave size on first turns
        // off each size it never names (matched without case), then the string applies in order.
        let lower = features.to_ascii_lowercase();
        if lower.contains("+wavefrontsize") {
            if !lower.contains("wavefrontsize32") {
                f.wave32 = Some(false);
            }
            if !lower.contains("wavefrontsize64") {
                f.wave64 = Some(false);
            }
        }
        for item in features.split(',').map(str::trim) {
            let (on, name) = match item.split_at_checked(1) {
                Some(("+", n)) => (true, n),
                Some(("-", n)) => (false, n),
                _ => continue,
            };
            match name {
                "wavefrontsize32" => f.wave32 = Some(on),
                "wavefrontsize64" => f.wave64 = Some(on),
                "cumode" => f.cu_mode = Some(on),
                "allocate1_5xvgprs" => f.vgprs_1_5x = Some(on),
                _ => {}
            }
        }
        f
    }

    fn options(&self) -> Options {
        // Neither size left on: LLVM turns wave32 on, which is wave32 on GFX10+ and, where the string
        // turned off a GFX9 processor's wave64, wave32 there too (which the model then refuses).
        let wave_size = match (self.wave32, self.wave64) {
            (_, Some(true)) => Some(64),
            (Some(true), _) | (_, Some(false)) => Some(32),
            _ => None,
        };
        Options { wave_size, cu_mode: self.cu_mode.unwrap_or(false), vgprs_1_5x: self.vgprs_1_5x, ..Options::default() }
    }
}

/// A flat workgroup size range, as `"amdgpu-flat-work-group-size"="min,max"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct WorkgroupSize {
    /// Smallest launch size the kernel allows.
    pub min: u32,
    /// Largest launch size the kernel allows.
    pub max: u32,
}

/// As the command line spells a launch size: `N`, or `MIN,MAX`.
impl std::fmt::Display for WorkgroupSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{},{}", self.min, self.max)
        }
    }
}

impl WorkgroupSize {
    /// The launch size an IR kernel's `!reqd_work_group_size` fixes: the product of its dimensions, when
    /// each is known and the product is a launch size LLVM takes (1 to 1024); the one reading of it for the
    /// pass's plan and `tune`'s output.
    pub fn required(dims: &[Option<u64>]) -> Option<WorkgroupSize> {
        // Each dimension a u32 (a larger one makes no launch size), multiplied by the one product.
        let dims: Vec<u32> = dims.iter().map(|d| d.and_then(|d| u32::try_from(d).ok())).collect::<Option<_>>()?;
        let product = crate::kernel::LaunchDims::from_list(&dims)?.threads()?;
        (1..=crate::targets::MAX_FLAT_WORKGROUP_SIZE).contains(&product).then(|| WorkgroupSize::fixed(product))
    }

    /// LLVM's default for kernels without the attribute: 1..1024.
    pub const DEFAULT: WorkgroupSize = WorkgroupSize { min: 1, max: MAX_FLAT_WORKGROUP_SIZE };

    /// A fixed launch size.
    pub const fn fixed(n: u32) -> Self {
        WorkgroupSize { min: n, max: n }
    }

    /// Check 1 <= min <= max <= 1024.
    pub fn validate(self) -> Result<Self, ModelError> {
        if self.min == 0 || self.max == 0 {
            return Err(ModelError::WorkgroupSize(WorkgroupRefusal::Zero));
        }
        if self.max > MAX_FLAT_WORKGROUP_SIZE {
            return Err(ModelError::WorkgroupSize(WorkgroupRefusal::OverMax {
                size: self.max,
                max: MAX_FLAT_WORKGROUP_SIZE,
            }));
        }
        if self.min > self.max {
            return Err(ModelError::WorkgroupSize(WorkgroupRefusal::MinAboveMax { min: self.min, max: self.max }));
        }
        Ok(self)
    }
}

/// A target with every derived parameter computed once. Only [`Subtarget::new`] makes one, so every
/// `Subtarget` is valid (a wave size the processor runs, a positive EU count, ...); its parameters are
/// read through the getters of the same names.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Subtarget {
    id: TargetId,
    wave_size: u32,
    cu_mode: bool,
    dvgpr_block: u32,
    llvm: crate::Llvm,
    max_waves: u32,
    eus_per_cu: u32,
    vgpr: VgprParams,
    /// The VGPR file is the 1.5x one (`Feature1_5xVGPRs` as this subtarget has it).
    vgpr_1_5x: bool,
    lds_per_cu: u32,
    lds_per_workgroup: u32,
    lds_granule: u32,
    barriers: u32,
}

/// Why a dynamic-VGPR block cannot be modelled on any processor under these rules: an LLVM major
/// before 22 (which has no dynamic VGPRs), or a block size other than 16 or 32 VGPRs. The one rule,
/// which [`Subtarget::new`] applies and a door asks before it knows a processor.
pub fn dvgpr_block_refusal(block: u32, llvm: crate::Llvm) -> Option<DvgprRefusal> {
    if llvm < crate::Llvm::V22 {
        Some(DvgprRefusal::NotAvailable { llvm })
    } else if !DYNAMIC_VGPR_BLOCK_SIZES.contains(&block) {
        Some(DvgprRefusal::BlockSize { block })
    } else {
        None
    }
}

impl Subtarget {
    /// Processor and target-id features.
    #[inline]
    pub fn id(&self) -> TargetId {
        self.id
    }
    /// Wave size in lanes.
    #[inline]
    pub fn wave_size(&self) -> u32 {
        self.wave_size
    }
    /// CU mode in effect (always true on gfx1250; false on GFX8/9, which have no WGP).
    #[inline]
    pub fn cu_mode(&self) -> bool {
        self.cu_mode
    }
    /// Dynamic-VGPR block size, 0 = off.
    #[inline]
    pub fn dvgpr_block(&self) -> u32 {
        self.dvgpr_block
    }
    /// The LLVM major whose rules this target follows.
    #[inline]
    pub fn llvm(&self) -> crate::Llvm {
        self.llvm
    }
    /// `getMaxWavesPerEU`.
    #[inline]
    pub fn max_waves(&self) -> u32 {
        self.max_waves
    }
    /// Occupancy as a fraction: `waves_per_simd` over [`Subtarget::max_waves`] (the answer's `occupancy`).
    pub fn fraction(&self, waves_per_simd: u32) -> f64 {
        f64::from(waves_per_simd) / f64::from(self.max_waves)
    }
    /// `getEUsPerCU`.
    #[inline]
    pub fn eus_per_cu(&self) -> u32 {
        self.eus_per_cu
    }
    /// VGPR file parameters.
    #[inline]
    pub fn vgpr(&self) -> VgprParams {
        self.vgpr
    }
    /// `getLocalMemorySize`: LDS shared by the workgroups of one "CU".
    #[inline]
    pub fn lds_per_cu(&self) -> u32 {
        self.lds_per_cu
    }
    /// `getAddressableLocalMemorySize`: LDS one workgroup may allocate.
    #[inline]
    pub fn lds_per_workgroup(&self) -> u32 {
        self.lds_per_workgroup
    }
    /// Hardware LDS allocation granule in bytes.
    #[inline]
    pub fn lds_granule(&self) -> u32 {
        self.lds_granule
    }
    /// Barriers per "CU".
    #[inline]
    pub fn barriers(&self) -> u32 {
        self.barriers
    }
}

fn align_to(x: u32, g: u32) -> u32 {
    x.div_ceil(g).saturating_mul(g)
}

fn align_down(x: u32, g: u32) -> u32 {
    x / g * g
}

impl Subtarget {
    /// The subtarget a kernel runs on: `id` under `llvm`'s rules, with the kernel's wave size (`None`: the
    /// processor's default) and its WGP or CU mode (`wgp_mode`: the kernel's `.workgroup_processor_mode`,
    /// else its descriptor's bit; [`Processor::cu_mode`]). The one step from a kernel's facts to the model,
    /// which the doors take through [`crate::Evaluation`]. A wave size the processor does not run is
    /// refused here; [`crate::ForeignWave::AtDefault`] evaluates such a kernel at the default instead.
    pub fn for_kernel(
        id: TargetId,
        wave: Option<u32>,
        wgp_mode: Option<bool>,
        llvm: crate::Llvm,
    ) -> Result<Self, ModelError> {
        Subtarget::new(
            id,
            Options { wave_size: wave, cu_mode: id.processor.cu_mode(wgp_mode), llvm, ..Options::default() },
        )
    }

    /// Configure a target; fails on a wave size, CU mode or dynamic-VGPR block the processor lacks.
    pub fn new(id: TargetId, opts: Options) -> Result<Self, ModelError> {
        let p: &'static Processor = id.processor;
        if p.since > opts.llvm {
            return Err(ModelError::UnknownToLlvm { target: p.name, llvm: opts.llvm.major(), since: p.since.major() });
        }
        let wave_size = opts.wave_size.unwrap_or(p.default_wave_size());
        if !p.wave_sizes().contains(&wave_size) {
            return Err(ModelError::WaveSize {
                target: p.name,
                wave_size,
                supported: p.wave_sizes().iter().map(|w| format!("wave{w}")).collect::<Vec<_>>().join(", "),
            });
        }
        if opts.cu_mode && !p.generation.is_gfx10_plus() {
            return Err(ModelError::CuMode { target: p.name });
        }
        let cu_mode = if p.has_wgp_mode() { opts.cu_mode } else { p.generation.is_gfx10_plus() };
        if opts.dvgpr_block != 0 {
            let refused = |reason| ModelError::DynamicVgpr { target: p.name, reason };
            if !p.dynamic_vgpr {
                return Err(refused(DvgprRefusal::NotAvailable { llvm: opts.llvm }));
            }
            dvgpr_block_refusal(opts.dvgpr_block, opts.llvm).map_or(Ok(()), |r| Err(refused(r)))?;
            if wave_size != 32 {
                return Err(ModelError::DynamicVgpr { target: p.name, reason: DvgprRefusal::Wave64 });
            }
        }
        Ok(Subtarget {
            id,
            wave_size,
            cu_mode,
            dvgpr_block: opts.dvgpr_block,
            llvm: opts.llvm,
            max_waves: p.max_waves_per_eu(),
            eus_per_cu: p.eus_per_cu(cu_mode),
            vgpr_1_5x: opts.llvm != Llvm::V15 && opts.vgprs_1_5x.unwrap_or(p.vgprs_1_5x),
            // LLVM 15 has no `Feature1_5xVGPRs` (gfx1100/gfx1101 count the plain GFX11 file); a subtarget's
            // own setting of it (`Options::vgprs_1_5x`) beats the processor's.
            vgpr: Processor { vgprs_1_5x: opts.llvm != Llvm::V15 && opts.vgprs_1_5x.unwrap_or(p.vgprs_1_5x), ..*p }
                .vgpr_params(wave_size, opts.dvgpr_block),
            lds_per_cu: p.lds_per_cu(cu_mode),
            lds_per_workgroup: p.lds_per_workgroup,
            lds_granule: p.lds_granule,
            barriers: p.max_barriers(cu_mode),
        })
    }

    /// The same target under LLVM 22's rules, which are also the hardware's for launch size and LDS
    /// (the `hardware` view of an occupancy report uses them whatever the LLVM major).
    pub fn with_llvm_22(&self) -> Subtarget {
        if self.llvm == Llvm::V22 {
            return *self;
        }
        let opts = Options {
            wave_size: Some(self.wave_size),
            cu_mode: self.cu_mode,
            dvgpr_block: self.dvgpr_block,
            llvm: Llvm::V22,
            vgprs_1_5x: Some(self.vgpr_1_5x),
        };
        Subtarget::new(self.id, opts).unwrap_or(*self)
    }

    /// The processor row.
    pub fn processor(&self) -> &'static Processor {
        self.id.processor
    }

    /// Wave slots per "CU" (`getMaxWavesPerEU * getEUsPerCU`).
    pub fn wave_slots(&self) -> u32 {
        self.max_waves * self.eus_per_cu
    }

    /// `AMDGPUMCExpr::evaluateTotalNumVGPR`: the one number occupancy sees (`.vgpr_count`).
    pub fn total_vgprs(&self, arch: u32, agpr: u32) -> u32 {
        self.processor().total_vgprs(arch, agpr)
    }

    /// `IsaInfo::getNumWavesPerEUWithNumVGPRs`.
    pub fn vgpr_waves(&self, total: u32) -> u32 {
        let g = self.vgpr.granule;
        if total < g {
            return self.max_waves;
        }
        let rounded = align_to(total, g);
        (self.vgpr.total / rounded).clamp(1, self.max_waves)
    }

    /// The SGPR count LLVM reports for a kernel that uses `sgprs` (fixed 96 with the SGPR init bug).
    pub fn effective_sgprs(&self, sgprs: u32) -> u32 {
        if self.processor().sgpr_init_bug {
            FIXED_SGPRS_FOR_INIT_BUG
        } else {
            sgprs
        }
    }

    /// `IsaInfo::getOccupancyWithNumSGPRs`, clamped to the maximum (GFX10+: no limit).
    pub fn sgpr_waves(&self, sgprs: u32) -> u32 {
        if !self.processor().sgprs_limit_occupancy() {
            return self.max_waves;
        }
        let w = GFX8_9_SGPR_WAVES.iter().find(|(max, _)| sgprs <= *max).map_or(GFX8_9_SGPR_WAVES_ABOVE, |(_, w)| *w);
        w.min(self.max_waves)
    }

    /// `IsaInfo::getMaxWorkGroupsPerCU`.
    pub fn max_workgroups_per_cu(&self, wg: u32) -> u32 {
        let n = wg.div_ceil(self.wave_size);
        let slots = self.wave_slots();
        if n <= 1 {
            return slots;
        }
        (slots / n).min(self.barriers)
    }

    /// `AMDGPUSubtarget::getWavesPerEUForWorkGroup`: the minimum waves/EU a workgroup of `wg` implies.
    pub fn waves_per_eu_for_workgroup(&self, wg: u32) -> u32 {
        wg.div_ceil(self.wave_size).div_ceil(self.eus_per_cu)
    }

    /// `AMDGPUSubtarget::getOccupancyWithWorkGroupSizes`: (min, max) waves/EU allowed by LDS, wave
    /// slots and barriers over a workgroup size range. `.1` is the number LLVM reports.
    ///
    /// LLVM 15's `getOccupancyWithLocalMemSize` instead: one number from the largest launch size, LDS
    /// counted per CU (64 KiB, WGP mode too) but compared with waves per SIMD, and no launch-size limit.
    /// LLVM 19's: 22's terms at the largest launch size.
    pub fn workgroup_occupancy(&self, lds: u32, wg: WorkgroupSize) -> (u32, u32) {
        self.workgroup_occupancy_by(self.workgroups_by_lds(lds), wg)
    }

    /// Workgroups of `lds` bytes the LDS holds per "CU" (`localMemorySize / lds`; LLVM 15: 64 KiB), capped
    /// at [`Subtarget::workgroup_cap`]: above the most workgroups any launch size allows by its slots, the
    /// LDS term cannot bind, so the cap changes no answer. [`Subtarget::workgroup_occupancy`] depends on
    /// the LDS through this number only.
    #[inline]
    pub fn workgroups_by_lds(&self, lds: u32) -> u32 {
        (self.llvm_lds_per_cu() / lds.max(1)).min(self.workgroup_cap())
    }

    /// An upper bound of the workgroups per CU any launch size allows (wave slots; LLVM 15's 40).
    pub fn workgroup_cap(&self) -> u32 {
        self.wave_slots().max(LLVM15_WORKGROUPS_PER_CU)
    }

    /// [`Subtarget::workgroup_occupancy`] for `max_wgs_lds` workgroups by LDS
    /// ([`Subtarget::workgroups_by_lds`]).
    pub fn workgroup_occupancy_by(&self, max_wgs_lds: u32, wg: WorkgroupSize) -> (u32, u32) {
        if self.llvm == Llvm::V15 {
            let w = self.local_mem_occupancy_15(max_wgs_lds, wg.max);
            return (w, w);
        }
        // LLVM 19's getOccupancyWithLocalMemSize: the same terms at the largest launch size only (no best
        // case over the range; a kernel without launch bounds is evaluated at 1024).
        let wg = if self.llvm == Llvm::V19 { WorkgroupSize::fixed(wg.max) } else { wg };
        if max_wgs_lds == 0 {
            return (1, 1);
        }
        let props = |size: u32| {
            let waves_per_wg = size.div_ceil(self.wave_size);
            let wgs = self.max_workgroups_per_cu(size).min(max_wgs_lds);
            (waves_per_wg, wgs, waves_per_wg * wgs)
        };
        let (min_waves_per_wg, max_wgs_per_cu, mut max_waves_per_cu) = props(wg.min);
        let (max_waves_per_wg, min_wgs_per_cu, mut min_waves_per_cu) = props(wg.max);
        if min_waves_per_cu >= max_waves_per_cu {
            std::mem::swap(&mut min_waves_per_cu, &mut max_waves_per_cu);
        } else {
            let slots = self.wave_slots();
            let min_for_size = slots.div_ceil(min_wgs_per_cu + 1) * min_wgs_per_cu;
            if min_waves_per_cu > min_for_size {
                let excess = min_waves_per_cu - min_for_size;
                let per_wg = excess / min_wgs_per_cu;
                if per_wg != 0 {
                    min_waves_per_cu -= min_wgs_per_cu * per_wg.min(max_waves_per_wg.saturating_sub(min_waves_per_wg));
                }
            }
            let leftover = slots.saturating_sub(max_wgs_per_cu * min_waves_per_wg);
            let per_wg = leftover / max_wgs_per_cu;
            if per_wg != 0 {
                max_waves_per_cu += max_wgs_per_cu
                    * per_wg.min(((wg.max.saturating_sub(1)) / self.wave_size + 1).saturating_sub(min_waves_per_wg));
            }
        }
        (
            (min_waves_per_cu / self.eus_per_cu).clamp(1, self.max_waves),
            max_waves_per_cu.div_ceil(self.eus_per_cu).clamp(1, self.max_waves),
        )
    }

    /// LLVM 15's `AMDGPUSubtarget::getOccupancyWithLocalMemSize`.
    fn local_mem_occupancy_15(&self, groups: u32, wg_max: u32) -> u32 {
        let n = wg_max.max(1).div_ceil(self.wave_size);
        if groups == 0 {
            return 1;
        }
        let per_cu = if n == 1 {
            LLVM15_WORKGROUPS_PER_CU
        } else {
            (LLVM15_WORKGROUPS_PER_CU / n).min(LLVM15_MAX_MULTIWAVE_WORKGROUPS)
        };
        groups.min(per_cu).saturating_mul(n).min(self.max_waves)
    }

    /// The LDS per "CU" LLVM's occupancy divides (64 KiB everywhere in LLVM 15).
    pub(crate) fn llvm_lds_per_cu(&self) -> u32 {
        if self.llvm == Llvm::V15 {
            LLVM15_LOCAL_MEMORY_SIZE
        } else {
            self.lds_per_cu
        }
    }

    /// The most VGPRs LLVM's allocator budgets and pads to (`getAddressableNumVGPRs` in
    /// `getMaxNumVGPRs`/`getMinNumVGPRs`): 128 on GFX11 in LLVM 15.
    fn vgpr_budget_cap(&self) -> u32 {
        if self.llvm == Llvm::V15 && self.processor().generation == crate::targets::Generation::Gfx11 {
            LLVM15_GFX11_BUDGET_VGPRS
        } else {
            self.vgpr.addressable
        }
    }

    /// `IsaInfo::getMaxNumVGPRs`: R_max(W), the largest total vector register count that keeps W
    /// waves/SIMD (arch + AGPR on gfx90a+).
    pub fn max_vgprs_for_waves(&self, waves: u32) -> u32 {
        let w = waves.max(1);
        align_down(self.vgpr.total / w, self.vgpr.granule).min(self.vgpr_budget_cap())
    }

    /// `IsaInfo::getMinNumVGPRs`: the count LLVM pads the descriptor to so occupancy stays <= W.
    /// LLVM 15's is the older `min(alignDown(total / (W + 1), granule) + 1, addressable)`, which can pad
    /// to a count below W's step where no count gives exactly W.
    pub fn min_vgprs_for_waves(&self, waves: u32) -> u32 {
        let (g, total) = (self.vgpr.granule, self.vgpr.total);
        let w = waves.max(1);
        if w >= self.max_waves {
            return 0;
        }
        if self.llvm == Llvm::V15 {
            return (align_down(total / (w + 1), g) + 1).min(self.vgpr_budget_cap());
        }
        let max = align_down(total / w, g);
        if max == align_down(total / self.max_waves, g) {
            return 0;
        }
        let min_w = self.vgpr_waves(self.vgpr.addressable);
        if w < min_w {
            return self.min_vgprs_for_waves(min_w);
        }
        let next = align_down(total / (w + 1), g);
        (1 + (max - g).min(next)).min(self.vgpr.addressable)
    }

    /// Largest total SGPR count (`.sgpr_count`, extras included) that keeps W waves/SIMD; `None` when
    /// SGPRs alone make W impossible (the SGPR init bug caps gfx802/gfx805 at 8).
    pub fn max_sgprs_for_waves(&self, waves: u32) -> Option<u32> {
        let p = self.processor();
        if !p.sgprs_limit_occupancy() {
            return Some(p.max_sgpr_count());
        }
        if p.sgpr_init_bug {
            return (self.sgpr_waves(FIXED_SGPRS_FOR_INIT_BUG) >= waves).then_some(FIXED_SGPRS_FOR_INIT_BUG);
        }
        if self.sgpr_waves(p.max_sgpr_count()) >= waves {
            return Some(p.max_sgpr_count());
        }
        GFX8_9_SGPR_WAVES.iter().rev().find(|(_, w)| *w >= waves).map(|(max, _)| *max)
    }

    /// `IsaInfo::getMaxNumSGPRs(W, Addressable=true)`: the SGPR budget LLVM's allocator gets for W waves
    /// before subtracting reserved registers (GFX8/9), with the trap handler's SGPRs off where
    /// `trap_handler` (LLVM's feature, on by default for amdhsa; the model's budget answer takes amdhsa's).
    pub fn llvm_sgpr_budget(&self, waves: u32, trap_handler: bool) -> u32 {
        let p = self.processor();
        if !p.sgprs_limit_occupancy() {
            return crate::targets::GFX10_ADDRESSABLE_SGPRS;
        }
        self.llvm_max_requestable_sgprs(waves, trap_handler).min(GFX8_9_ADDRESSABLE_SGPRS)
    }

    /// `GCNSubtarget::getBaseReservedNumSGPRs(HasFlatScratch)`: the SGPRs LLVM keeps out of its allocator's
    /// budget (VCC; on GFX8/9 XNACK's where it is on or "any", and flat scratch's where the kernel has
    /// flat scratch init or the processor architected flat scratch). LLVM's allocator and its reading of
    /// `"amdgpu-num-sgpr"` both take it with the kernel's own flat scratch init
    /// (`getReservedNumSGPRs(MF)`), which the pass decides per LLVM major.
    pub fn llvm_reserved_sgprs(&self, flat_scratch_init: bool) -> u32 {
        let p = self.processor();
        if p.generation.is_gfx10_plus() {
            crate::targets::EXTRA_SGPRS_VCC
        } else if flat_scratch_init || p.architected_flat_scratch {
            crate::targets::EXTRA_SGPRS_FLAT_SCRATCH
        } else if p.xnack && self.id().xnack != Some(false) {
            crate::targets::EXTRA_SGPRS_XNACK
        } else {
            crate::targets::EXTRA_SGPRS_VCC
        }
    }

    /// `IsaInfo::getMinNumSGPRs(W)`: the least `"amdgpu-num-sgpr"` LLVM takes for a kernel of at most W
    /// waves (below it, more waves would fit, so the request is ignored): on GFX8/9 one more than W + 1
    /// waves' share of the 800 SGPRs, less the trap handler's where `trap_handler` (on by default for
    /// amdhsa), to the granule, within the addressable ones (amdhsa: 65 at 8 waves/SIMD, 81 at 7, 97 at 6;
    /// without the trap handler 81 at 8); 0 on GFX10+ and at the processor's maximum waves.
    pub fn llvm_min_sgprs_for_waves(&self, waves: u32, trap_handler: bool) -> u32 {
        let p = self.processor();
        if !p.sgprs_limit_occupancy() || waves >= self.max_waves() {
            return 0;
        }
        let trap = if trap_handler { TRAP_NUM_SGPRS } else { 0 };
        let share = (GFX8_9_TOTAL_SGPRS / (waves.max(1) + 1)).saturating_sub(trap);
        (align_down(share, GFX8_9_SGPR_GRANULE) + 1).min(GFX8_9_ADDRESSABLE_SGPRS)
    }

    /// `IsaInfo::getMaxNumSGPRs(W, Addressable=false)`: the largest `"amdgpu-num-sgpr"` LLVM takes for W
    /// waves (GFX8/9: W's share less the trap handler's SGPRs where `trap_handler` (LLVM's feature, on by
    /// default for amdhsa), to the granule; GFX10+: the addressable SGPRs with VCC).
    pub fn llvm_max_requestable_sgprs(&self, waves: u32, trap_handler: bool) -> u32 {
        let p = self.processor();
        if !p.sgprs_limit_occupancy() {
            return p.max_sgpr_count();
        }
        let trap = if trap_handler { TRAP_NUM_SGPRS } else { 0 };
        align_down((GFX8_9_TOTAL_SGPRS / waves.max(1)).saturating_sub(trap), GFX8_9_SGPR_GRANULE)
    }

    /// Architectural VGPRs a wave may address.
    pub fn max_arch_vgprs(&self) -> u32 {
        match self.processor().agpr_file {
            AgprFile::None => self.vgpr.addressable_arch,
            _ => MAX_ARCH_VGPRS_WITH_AGPRS,
        }
    }

    /// AGPRs a wave may address (0 without AGPRs).
    pub fn max_agprs(&self) -> u32 {
        match self.processor().agpr_file {
            AgprFile::None => 0,
            _ => MAX_ARCH_VGPRS_WITH_AGPRS,
        }
    }

    /// How LLVM's register allocator splits a vector register budget `total` (R_max(W), or what
    /// `"amdgpu-num-vgpr"` leaves of it) into architectural VGPRs and AGPRs for a kernel whose
    /// `"amdgpu-agpr-alloc"` is `agpr_alloc` (its `min[,max]`, `None` where it has none): LLVM 22's
    /// `GCNSubtarget::getMaxNumVectorRegs` on the processors with one VGPR/AGPR file, where a kernel
    /// without the attribute keeps half for AGPRs (clang -O adds "0" where no AGPR is named) and the
    /// minimum is aligned to 4 (`accum_offset`'s granule). A port: the function is neither virtual nor
    /// exported from libLLVM (`docs/pass.md`, "What the pass asks LLVM"); `tests/pass_claims.rs` holds it
    /// to llc-22. Elsewhere, and under LLVM 15 and 19 (which split by what instruction selection used,
    /// not by the attribute), the split the budget already gives: arch up to the addressable VGPRs, AGPRs
    /// as many (gfx908) or none.
    pub fn vector_split(&self, total: u32, agpr_alloc: Option<(u32, Option<u32>)>) -> (u32, u32) {
        match self.processor().agpr_file {
            AgprFile::None => (total, 0),
            AgprFile::Separate => (total.min(self.max_arch_vgprs()), total.min(self.max_agprs())),
            AgprFile::Unified if self.llvm < Llvm::V22 => {
                let arch = total.min(self.max_arch_vgprs());
                (arch, total - arch)
            }
            AgprFile::Unified => {
                let all_agprs = self.max_agprs();
                let (min, max) = match agpr_alloc {
                    None => (total / 2, total / 2),
                    Some((min, max)) => {
                        // `alignTo` in 64 bits stored back into an `unsigned`, as LLVM does (so the
                        // largest values wrap to 0).
                        let g = u64::from(crate::targets::ARCH_VGPR_ALIGN_FOR_AGPRS);
                        let min = (u64::from(min).div_ceil(g) * g) as u32;
                        (min.min(all_agprs), max.unwrap_or(u32::MAX))
                    }
                };
                let max = min.max(max).min(total);
                let min = min.min(all_agprs).min(max);
                let arch = (total - min).min(self.max_arch_vgprs());
                (arch, (total - arch).min(max))
            }
        }
    }

    /// The registers a compiled kernel's occupancy is computed from, given its metadata counts and its
    /// kernel descriptor's (decoded on this subtarget): the one rule every reader of a code object
    /// (inspect, embed, dispatch, the report, the pass's records) uses, so they agree.
    ///
    /// The descriptor stores counts in encoding granules (`getVGPREncodingGranule`, 8 SGPRs on GFX8/9), so
    /// a descriptor equal to the metadata's count rounded up to its granule is the same count (99 SGPRs
    /// encode as 104 and LLVM's remark uses 99). Only a descriptor above that was padded by LLVM
    /// (`getMinNumVGPRs`/`getMinNumSGPRs` of the kernel's maximum waves per EU), and then its count is
    /// what LLVM's remark used, held within what a wave can address (LLVM's padded SGPR count can pass
    /// the addressable limit: 112 for `"1,1"` on gfx942; held at the limit it gives the same waves).
    pub fn allocation(
        &self,
        vgpr_count: u32,
        sgpr_count: u32,
        descriptor: Option<(u32, Option<u32>)>,
    ) -> RegisterAllocation {
        let plain =
            RegisterAllocation { vgprs: vgpr_count, sgprs: sgpr_count, vgprs_padded: false, sgprs_padded: false };
        let Some((dv, ds)) = descriptor else { return plain };
        let p = self.processor();
        let venc = p.vgpr_encoding_granule(self.wave_size());
        let vgprs_padded = dv > align_to(vgpr_count.max(1), venc);
        let sgprs_padded = match (ds, p.sgpr_encoding_granule()) {
            (Some(ds), Some(g)) => ds > align_to(self.effective_sgprs(sgpr_count).max(1), g),
            _ => false,
        };
        RegisterAllocation {
            vgprs: if vgprs_padded { dv.min(self.max_total_vgprs()) } else { vgpr_count },
            sgprs: match ds {
                Some(ds) if sgprs_padded => ds.min(p.max_sgpr_count()),
                _ => sgpr_count,
            },
            vgprs_padded,
            sgprs_padded,
        }
    }

    /// Largest total vector count (`.vgpr_count`) a kernel can report on this target.
    pub fn max_total_vgprs(&self) -> u32 {
        match self.processor().agpr_file {
            AgprFile::Separate => MAX_ARCH_VGPRS_WITH_AGPRS,
            _ => self.vgpr.addressable,
        }
    }

    /// The range of `"amdgpu-waves-per-eu"` minimums LLVM 22 accepts for a kernel
    /// (`getEffectiveWavesPerEU`'s Default): below or above it the attribute is silently dropped.
    /// LLVM 15 and 19 (`getWavesPerEU`) check only the launch size's minimum: (lo, max waves), whatever the
    /// LDS.
    pub fn accepted_waves_range(&self, lds: u32, wg: WorkgroupSize) -> (u32, u32) {
        if self.llvm < Llvm::V22 {
            return (self.waves_per_eu_for_workgroup(wg.max).min(self.max_waves), self.max_waves);
        }
        let hi = self.workgroup_occupancy(lds, wg).1;
        let lo = self.waves_per_eu_for_workgroup(wg.max).min(hi);
        (lo, hi)
    }

    /// Largest static LDS per workgroup that keeps LLVM's workgroup/LDS limit at W or more, for this
    /// launch-size range; `None` when the launch size alone rules W out.
    pub fn max_lds_for_waves(&self, waves: u32, wg: WorkgroupSize) -> Option<u32> {
        if self.workgroup_occupancy(0, wg).1 < waves {
            return None;
        }
        // Occupancy depends on LDS only through floor(lds_per_cu / lds); the largest LDS giving at
        // least m workgroups is lds_per_cu / m. Past `wave_slots` workgroups nothing changes. The
        // candidates fall as m grows, so the first that reaches W is the largest that does.
        let cand = |m: u32| (self.llvm_lds_per_cu() / m).min(self.lds_per_workgroup);
        Some((1..=self.wave_slots() + 1).map(cand).find(|&c| self.workgroup_occupancy(c, wg).1 >= waves).unwrap_or(0))
    }

    /// Largest LDS size whose hardware allocation fits in `bytes` (rounded down to the granule).
    pub fn lds_granule_floor(&self, bytes: u32) -> u32 {
        align_down(bytes, self.lds_granule)
    }

    /// LDS bytes the hardware allocates for `lds` (rounded up to the granule).
    pub fn lds_allocated(&self, lds: u32) -> u32 {
        align_to(lds, self.lds_granule)
    }

    /// VGPRs allocated per wave for a total count (rounded up to the allocation granule).
    pub fn vgprs_allocated(&self, total: u32) -> u32 {
        align_to(total.max(1), self.vgpr.granule)
    }

    /// SGPRs allocated per wave (GFX8/9: rounded to 16; GFX10+: always the full file).
    pub fn sgprs_allocated(&self, sgprs: u32) -> u32 {
        if self.processor().sgprs_limit_occupancy() {
            align_to(self.effective_sgprs(sgprs).max(1), GFX8_9_SGPR_GRANULE)
        } else {
            crate::targets::GFX10_SGPRS_ALLOCATED
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Options;

    /// Where llc stops ignoring "amdgpu-num-sgpr" under "W,W" (a review's sweep of the value, llc-15, 19 and
    /// 22 agreeing): gfx900 at 8 waves ignores 64 and honours 65; at 7, 80 and 81; at 6, 96 and 97.
    #[test]
    fn the_least_sgprs_llvm_takes_for_a_waves_maximum_are_llcs() {
        let st = crate::subtarget("gfx900", Options::default()).unwrap();
        assert_eq!([8, 7, 6].map(|w| st.llvm_min_sgprs_for_waves(w, true)), [65, 81, 97]);
        assert_eq!(st.llvm_min_sgprs_for_waves(10, true), 0, "at the processor's maximum LLVM takes any");
        // amdpal, mesa3d or "-trap-handler": llc-15, 19 and 22 ignore 65 to 80 at "8,8" and honour 81.
        assert_eq!(st.llvm_min_sgprs_for_waves(8, false), 81);
        let gfx1030 = crate::subtarget("gfx1030", Options::default()).unwrap();
        assert_eq!(gfx1030.llvm_min_sgprs_for_waves(4, true), 0, "llc-22 honours 40 under \"4,4\" on gfx1030");
    }

    fn check(features: &str, expected: (Option<u32>, bool)) {
        let o = Options::from_target_features(features);
        assert_eq!((o.wave_size, o.cu_mode), expected, "{features}");
    }

    /// `max_lds_for_waves` is the largest LDS size (in bytes, any size up to a workgroup's) whose
    /// occupancy reaches W, found by trying every size from the largest down, on every processor, LLVM
    /// major and wave size, for launch sizes from one wave to 1024 threads and every W.
    #[test]
    fn max_lds_is_the_largest_size_reaching_w() {
        use crate::{Llvm, WorkgroupSize};
        let mut checked = 0;
        for p in crate::targets::PROCESSORS {
            for llvm in [Llvm::V15, Llvm::V19, Llvm::V22] {
                for wave_size in [None, Some(64)] {
                    let Ok(st) = crate::subtarget(p.name, Options { wave_size, llvm, ..Options::default() }) else {
                        continue;
                    };
                    for wg in [WorkgroupSize::fixed(64), WorkgroupSize { min: 1, max: 256 }, WorkgroupSize::fixed(1024)]
                    {
                        let reach = |lds: u32, w: u32| st.workgroup_occupancy(lds, wg).1 >= w;
                        // The scan from the top: each W's answer is at most the previous W's.
                        let mut lds = st.lds_per_workgroup();
                        for w in 1..=st.max_waves() {
                            while lds > 0 && !reach(lds, w) {
                                lds -= 1;
                            }
                            let expected = (reach(0, w)).then_some(lds);
                            assert_eq!(st.max_lds_for_waves(w, wg), expected, "{} {llvm:?} {wg:?} W={w}", p.name);
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 2000, "{checked} cases");
    }

    #[test]
    fn target_features() {
        check("", (None, false));
        check("+wavefrontsize64", (Some(64), false));
        check("+cumode,+wavefrontsize64", (Some(64), true));
        check("+wavefrontsize64,+wavefrontsize32", (Some(64), false));
        // The last setting of a feature wins, as LLVM's subtarget reads the string.
        check("+wavefrontsize64,-wavefrontsize64", (Some(32), false));
        check("-wavefrontsize64", (Some(32), false));
        check("-wavefrontsize32", (None, false));
        check("+wavefrontsize32,-wavefrontsize32,+wavefrontsize64", (Some(64), false));
        check("+cumode,-cumode", (None, false));
        check("+cumode,-xnack,-cumode", (None, false));
        check("+xnack,+sramecc", (None, false));
    }
}
