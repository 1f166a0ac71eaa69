//! Which vendor each flag is: [`Flag::whose`], the one statement of which model and which part of its
//! input takes each flag; the one rule for a configuration's flags ([`ConfigurationModel::refuse_foreign`],
//! its words [`FlagMisuse`]); `--target` read once as an AMD processor or an NVIDIA architecture or
//! product ([`VendorTarget`]); and one check of the launch options given against the kernels an answer over
//! binaries is about ([`LaunchOptions::check`]). The CLI's commands and Python take the same rules; each
//! refusal names the flag as the door in use spells it.

use crate::inspect::{self, CubinReport};
use wavebudget_model::WorkgroupSize;

/// `--target` as read: an AMD processor (for code objects), an NVIDIA architecture or product (for
/// cubins), or none. An NVIDIA-looking name the model does not have is refused as NVIDIA's.
#[derive(Clone, Copy, Debug, Default)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum VendorTarget {
    /// None given.
    #[default]
    None,
    /// An AMD processor.
    Amd(wavebudget_model::TargetId),
    /// An NVIDIA architecture or product.
    Nvidia(wavebudget_model::nvidia::Target),
}

impl VendorTarget {
    /// The one reading of a `--target` (or `target=`) for binaries.
    pub fn parse(t: Option<&str>) -> crate::Result<VendorTarget> {
        Ok(match t {
            None => VendorTarget::None,
            Some(t) => match crate::targets::nvidia_target(t)? {
                Some(nv) => VendorTarget::Nvidia(nv),
                None => VendorTarget::Amd(wavebudget_model::parse_target(t)?),
            },
        })
    }

    /// The AMD processor, if that is what it names.
    pub fn amd(self) -> Option<wavebudget_model::TargetId> {
        match self {
            VendorTarget::Amd(t) => Some(t),
            _ => None,
        }
    }

    /// The NVIDIA target, if that is what it names.
    pub fn nvidia(self) -> Option<wavebudget_model::nvidia::Target> {
        match self {
            VendorTarget::Nvidia(t) => Some(t),
            _ => None,
        }
    }
}

/// Which vendor's kernels an answer is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Drawn {
    /// NVIDIA cubins only.
    Cubins,
    /// AMD code objects; `beside`: the inputs hold cubins too, which the answer lists but does not draw.
    CodeObjects {
        /// Whether cubins are listed beside the code objects.
        beside: bool,
    },
    /// Both vendors' kernels (inspect of inputs holding both).
    Both,
    /// Neither (inputs with no code object and no cubin): no option is the other vendor's; the answer
    /// says there is nothing.
    Neither,
}

/// A flag of a configuration or a launch (`occupancy`, `budget`, `inspect`, `report`, and the same
/// arguments in Python), spelled as the command line spells it. [`Flag::whose`] is the one statement of
/// which model, and which part of its input, takes each; the doors find which were given ([`Given`]) and
/// refuse the first one the model they answer with does not take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
#[non_exhaustive]
pub enum Flag {
    /// `--target`.
    Target,
    /// `--wave-size`.
    WaveSize,
    /// `--cu-mode`.
    CuMode,
    /// `--dvgpr-block`.
    DvgprBlock,
    /// `--llvm`.
    Llvm,
    /// `--vgprs`.
    Vgprs,
    /// `--agprs`.
    Agprs,
    /// `--vgpr-count`.
    VgprCount,
    /// `--sgprs`.
    Sgprs,
    /// `--lds`.
    Lds,
    /// `--wg-size`.
    WgSize,
    /// `--dynamic-lds`.
    DynamicLds,
    /// `--kernel`.
    Kernel,
    /// `--regs`.
    Regs,
    /// `--shared-mem`.
    SharedMem,
    /// `--dynamic-shared-mem`.
    DynamicSharedMem,
    /// `--max-dynamic-shared-mem`.
    MaxDynamicSharedMem,
    /// `--barriers`.
    Barriers,
    /// `--carveout`.
    Carveout,
    /// `--warps-per-sm`.
    WarpsPerSm,
    /// `--blocks-per-sm`.
    BlocksPerSm,
    /// `--waves`.
    Waves,
    /// `--register-file-bytes`.
    RegisterFileBytes,
    /// `--wave-width`.
    WaveWidth,
    /// `--register-bytes`.
    RegisterBytes,
    /// `--granule`.
    Granule,
    /// `--max-waves`.
    MaxWaves,
    /// `--partitions`.
    Partitions,
    /// `--preset`.
    Preset,
}

/// Whose a [`Flag`] is: the model, and the part of its input, that takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Whose {
    /// Every model's launch: `--target`, `--wg-size` (the generic model has no launch: it takes `--target`
    /// alone).
    Launch,
    /// Which of the inputs: `--kernel`.
    Inputs,
    /// AMD's rules for any kernel, a configuration's or a code object's: `--llvm`, `--dvgpr-block`.
    AmdRules,
    /// An AMD configuration's mode: `--wave-size`, `--cu-mode`.
    AmdMode,
    /// An AMD configuration's count, and the flag that gives the same count for an NVIDIA kernel. The
    /// generic model takes `--vgprs` (registers per lane) too.
    AmdCount {
        /// The NVIDIA flag for the same count.
        nvidia: Flag,
    },
    /// AMD LDS given at launch: `--dynamic-lds`.
    AmdLaunch,
    /// An NVIDIA kernel's own: registers, static shared memory, barriers, carveout.
    NvidiaKernel,
    /// An NVIDIA launch's: dynamic shared memory and its limit.
    NvidiaLaunch,
    /// An NVIDIA budget's target: warps or blocks per SM.
    NvidiaBudget,
    /// A budget's target in waves per SIMD: AMD's and the generic model's (`--waves`).
    SimdBudget,
    /// The generic model's register file.
    Generic,
}

impl Flag {
    /// The flag whose spelling (`--wave-size`) is `--` and `long`.
    pub fn from_long(long: &str) -> Option<Flag> {
        <Flag as strum::VariantArray>::VARIANTS.iter().copied().find(|f| <&str>::from(*f) == long)
    }

    /// Whose it is.
    pub fn whose(self) -> Whose {
        use Flag::*;
        match self {
            Target | WgSize => Whose::Launch,
            Kernel => Whose::Inputs,
            Llvm | DvgprBlock => Whose::AmdRules,
            WaveSize | CuMode => Whose::AmdMode,
            Vgprs | Agprs | VgprCount | Sgprs => Whose::AmdCount { nvidia: Regs },
            Lds => Whose::AmdCount { nvidia: SharedMem },
            DynamicLds => Whose::AmdLaunch,
            Regs | SharedMem | Barriers | Carveout => Whose::NvidiaKernel,
            DynamicSharedMem | MaxDynamicSharedMem => Whose::NvidiaLaunch,
            WarpsPerSm | BlocksPerSm => Whose::NvidiaBudget,
            Waves => Whose::SimdBudget,
            RegisterFileBytes | WaveWidth | RegisterBytes | Granule | MaxWaves | Partitions | Preset => Whose::Generic,
        }
    }

    /// Whether it is NVIDIA's: a kernel's, a launch's or a budget's.
    pub fn is_nvidia(self) -> bool {
        matches!(self.whose(), Whose::NvidiaKernel | Whose::NvidiaLaunch | Whose::NvidiaBudget)
    }

    /// Whether `--target generic` takes it: its register file, `--target`, `--vgprs` (registers per
    /// lane), and a budget's waves.
    pub fn generic_takes(self) -> bool {
        matches!(self, Flag::Target | Flag::Vgprs) || matches!(self.whose(), Whose::Generic | Whose::SimdBudget)
    }

    /// The flags whose owner `pred` holds for, in declaration order, listed as a message lists them
    /// (`--a, --b and --c`).
    pub fn list_whose(pred: impl Fn(Whose) -> bool) -> String {
        let spelled: Vec<String> =
            <Flag as strum::VariantArray>::VARIANTS.iter().filter(|f| pred(f.whose())).map(|f| f.to_string()).collect();
        match spelled.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

impl std::fmt::Display for Flag {
    /// As the door in use spells it (`--wave-size`; Python's `wave_size`: [`wavebudget_model::text::Arg`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        wavebudget_model::text::Arg(<&str>::from(*self)).fmt(f)
    }
}

/// The model a configuration is answered by (`occupancy`, `budget`, the report's one configuration),
/// with the target as the user named it.
#[derive(Clone, Copy, Debug)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum ConfigurationModel<'a> {
    /// An AMD processor (or a name that is no NVIDIA one).
    Amd(&'a str),
    /// `--target generic`.
    Generic(&'a str),
    /// An NVIDIA architecture.
    Nvidia(&'static str),
}

impl<'a> ConfigurationModel<'a> {
    /// The one reading of a configuration's target (`occupancy`, `budget`, the report's one
    /// configuration): an NVIDIA architecture or product (with its target), `generic`, or else an AMD
    /// processor, which the subtargets read (and refuse) later. A target naming nothing is read as AMD's
    /// (refused as empty where its subtargets are read, after the launch size, or by
    /// [`ConfigurationModel::refuse_foreign`] where another vendor's flag is given).
    pub fn read(target: &'a str) -> crate::Result<(ConfigurationModel<'a>, Option<wavebudget_model::nvidia::Target>)> {
        if crate::targets::names_nothing(target) {
            return Ok((ConfigurationModel::Amd(target), None));
        }
        Ok(match crate::targets::nvidia_target(target)? {
            Some(found) => (ConfigurationModel::Nvidia(found.arch.name), Some(found)),
            None if names_generic(target) => (ConfigurationModel::Generic(target), None),
            None => (ConfigurationModel::Amd(target), None),
        })
    }
}

/// Whether a target names the generic first-order model (`generic`, any case).
pub fn names_generic(target: &str) -> bool {
    target.trim().eq_ignore_ascii_case("generic")
}

/// A flag given where the model answering the configuration does not take it.
#[derive(Debug, Clone, thiserror::Error, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum FlagMisuse {
    /// An NVIDIA flag with an AMD (or unknown, or generic) target.
    #[error("{flag} applies to NVIDIA targets (sm_XY or a product name), not '{target}'")]
    NvidiaFlagOnAmd {
        /// The flag.
        flag: Flag,
        /// The target given.
        target: String,
    },
    /// An AMD-only flag with `--target generic`.
    #[error("{flag} applies to AMD targets, not --target generic (its shape: --preset, or --register-file-bytes, --wave-width, --register-bytes)")]
    AmdFlagOnGeneric {
        /// The flag.
        flag: Flag,
    },
    /// The generic form's flags with another target.
    #[error("{} go with --target generic", Flag::list_whose(|w| w == Whose::Generic))]
    GenericFlags,
    /// An AMD flag (rules, mode, launch) with an NVIDIA target.
    #[error("{flag} applies to AMD targets, not {arch}")]
    AmdFlagOnNvidia {
        /// The flag.
        flag: Flag,
        /// The NVIDIA architecture.
        arch: &'static str,
    },
    /// An AMD count with an NVIDIA target, and the flag that says it there.
    #[error("{flag} is an AMD count; {arch} takes {instead}")]
    AmdCountOnNvidia {
        /// The AMD flag.
        flag: Flag,
        /// The NVIDIA architecture.
        arch: &'static str,
        /// The NVIDIA flag for the same count.
        instead: Flag,
    },
    /// A budget's target (warps or blocks per SM) asked of an NVIDIA configuration's occupancy.
    #[error("{flag} is a budget's target: wavebudget budget")]
    BudgetFlag {
        /// The flag.
        flag: Flag,
    },
    /// A budget's waves per SIMD asked of an NVIDIA configuration.
    #[error("{flag} is per SIMD on AMD; {arch} takes {} or {}", Flag::WarpsPerSm, Flag::BlocksPerSm)]
    WavesOnNvidia {
        /// The flag.
        flag: Flag,
        /// The NVIDIA architecture.
        arch: &'static str,
    },
    /// The registers per thread given to an NVIDIA budget, which answers them.
    #[error("{} is what a budget answers: give {} or {}", Flag::Regs, Flag::WarpsPerSm, Flag::BlocksPerSm)]
    RegsOnBudget,
    /// A flag that does not describe one NVIDIA configuration, on the report's page of it.
    #[error("{flag} does not describe an NVIDIA configuration ({})", page_flags_listed())]
    NotNvidiaFlag {
        /// The flag.
        flag: Flag,
    },
}

/// The flags the report's page of one NVIDIA configuration takes beside `--target`, in the order its
/// refusal names them (held to [`Question::takes_on_nvidia`] by a test).
const PAGE_FLAGS: [Flag; 7] = [
    Flag::Regs,
    Flag::WgSize,
    Flag::SharedMem,
    Flag::DynamicSharedMem,
    Flag::MaxDynamicSharedMem,
    Flag::Barriers,
    Flag::Carveout,
];

/// [`PAGE_FLAGS`] as a message lists them, spelled as the door in use spells them.
fn page_flags_listed() -> String {
    PAGE_FLAGS.iter().map(Flag::to_string).collect::<Vec<_>>().join(", ")
}

/// The question a command asks of one NVIDIA configuration (beside the vendor's rule,
/// [`ConfigurationModel::takes`], which flags each question takes is stated here once): its occupancy
/// (`occupancy`), its register budget (`budget`), or the report's page of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: the commands that ask of one configuration")]
pub enum Question {
    /// Blocks and warps per SM at the registers given.
    Occupancy,
    /// The registers that reach a warps or blocks per SM target.
    Budget,
    /// The report's page of one configuration (its occupancy and its curves).
    Page,
}

impl Question {
    /// Whether the question takes `flag` of an NVIDIA configuration: the launch and the kernel's own
    /// (a budget answers the registers: not `--regs`), and a budget its target.
    pub fn takes_on_nvidia(self, flag: Flag) -> bool {
        match flag.whose() {
            Whose::Launch | Whose::NvidiaLaunch => true,
            Whose::NvidiaKernel => !(self == Question::Budget && flag == Flag::Regs),
            Whose::NvidiaBudget => self == Question::Budget,
            _ => false,
        }
    }

    /// The first of `given` the question does not take of a configuration of NVIDIA's `arch`, refused in
    /// the question's words (run after [`ConfigurationModel::refuse_foreign`], which refuses the other
    /// vendor's flags).
    pub fn refuse_unasked_nvidia(self, arch: &'static str, given: &Given) -> Result<(), FlagMisuse> {
        let Some(flag) = given.first(|f| !self.takes_on_nvidia(f)) else { return Ok(()) };
        Err(match self {
            _ if flag.whose() == Whose::SimdBudget => FlagMisuse::WavesOnNvidia { flag, arch },
            Question::Occupancy if flag.whose() == Whose::NvidiaBudget => FlagMisuse::BudgetFlag { flag },
            Question::Budget if flag == Flag::Regs => FlagMisuse::RegsOnBudget,
            _ => FlagMisuse::NotNvidiaFlag { flag },
        })
    }
}

impl FlagMisuse {
    /// The refusal's kind: its variant's name.
    pub fn kind(&self) -> &'static str {
        self.into()
    }
}

impl ConfigurationModel<'_> {
    /// Whether this model takes `flag` for a configuration: the one statement, from [`Flag::whose`], of
    /// which vendor's flags go with which target (the question's own flags, such as a budget's target on
    /// `occupancy`, are the door's to refuse).
    pub fn takes(self, flag: Flag) -> bool {
        match self {
            ConfigurationModel::Amd(_) => !flag.is_nvidia() && flag.whose() != Whose::Generic,
            ConfigurationModel::Generic(_) => flag.generic_takes(),
            ConfigurationModel::Nvidia(_) => !matches!(
                flag.whose(),
                Whose::AmdRules | Whose::AmdMode | Whose::AmdLaunch | Whose::AmdCount { .. } | Whose::Generic
            ),
        }
    }

    /// The first flag given that this model does not take, refused in words that say whose it is (and,
    /// for an AMD count on NVIDIA, the flag that gives it there).
    pub fn refuse_foreign(self, given: &Given) -> crate::Result<()> {
        let Some(flag) = given.first(|f| !self.takes(f)) else { return Ok(()) };
        // A target naming nothing is no vendor's: an NVIDIA flag beside it is refused for the target.
        if matches!(self, ConfigurationModel::Amd(t) if crate::targets::names_nothing(t)) && flag.is_nvidia() {
            return Err(crate::Error::EmptyTarget);
        }
        Err(crate::Error::from(match (self, flag.whose()) {
            (_, Whose::Generic) => FlagMisuse::GenericFlags,
            (ConfigurationModel::Amd(target) | ConfigurationModel::Generic(target), _) if flag.is_nvidia() => {
                FlagMisuse::NvidiaFlagOnAmd { flag, target: target.to_string() }
            }
            (ConfigurationModel::Amd(_) | ConfigurationModel::Generic(_), _) => FlagMisuse::AmdFlagOnGeneric { flag },
            (ConfigurationModel::Nvidia(arch), Whose::AmdCount { nvidia }) => {
                FlagMisuse::AmdCountOnNvidia { flag, arch, instead: nvidia }
            }
            (ConfigurationModel::Nvidia(arch), _) => FlagMisuse::AmdFlagOnNvidia { flag, arch },
        }))
    }
}

/// The flags given, in the order the command's help lists them (a refusal names the first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Given(Vec<Flag>);

impl Given {
    /// These flags, in this order.
    pub fn new(flags: impl IntoIterator<Item = Flag>) -> Given {
        Given(flags.into_iter().collect())
    }

    /// The first flag given that `pred` holds for.
    pub fn first(&self, pred: impl Fn(Flag) -> bool) -> Option<Flag> {
        self.0.iter().copied().find(|&f| pred(f))
    }

    /// The first flag given whose owner `pred` holds for.
    pub fn first_whose(&self, pred: impl Fn(Whose) -> bool) -> Option<Flag> {
        self.first(|f| pred(f.whose()))
    }
}

/// The launch options given for binaries (which were given, and the launch size as given and read).
#[derive(Clone, Copy, Debug, Default)]
pub struct LaunchOptions<'a> {
    /// `--target` as read.
    pub target: VendorTarget,
    /// `--llvm` given.
    pub llvm: bool,
    /// `--dvgpr-block` given.
    pub dvgpr_block: bool,
    /// `--dynamic-lds` given.
    pub dynamic_lds: bool,
    /// `--dynamic-shared-mem` given.
    pub dynamic_shared_mem: bool,
    /// `--max-dynamic-shared-mem` given.
    pub max_dynamic_shared_mem: bool,
    /// `--wg-size` as given and as read.
    pub wg_size: Option<(&'a str, WorkgroupSize)>,
}

impl LaunchOptions<'_> {
    /// An option for the other vendor's binaries than the answer is about is refused, not ignored; a
    /// launch range cannot be a CUDA block; a dynamic shared memory limit the driver would refuse fails the
    /// launch.
    pub fn check<'c>(
        &self,
        drawn: Drawn,
        cubins: impl IntoIterator<Item = &'c CubinReport> + Clone,
    ) -> crate::Result<()> {
        if drawn == Drawn::Cubins {
            let amd = [
                (Flag::Target, self.target.amd().is_some(), Some((Flag::Target, " sm_XY or a product"))),
                (Flag::Llvm, self.llvm, None),
                (Flag::DvgprBlock, self.dvgpr_block, None),
                (Flag::DynamicLds, self.dynamic_lds, Some((Flag::DynamicSharedMem, ""))),
            ];
            if let Some((option, _, instead)) = amd.into_iter().find(|(_, given, _)| *given) {
                return Err(crate::Error::AmdOptionOnCubins { option, instead });
            }
        }
        if let Drawn::CodeObjects { beside } = drawn {
            let nv = [
                (Flag::Target, self.target.nvidia().is_some()),
                (Flag::DynamicSharedMem, self.dynamic_shared_mem),
                (Flag::MaxDynamicSharedMem, self.max_dynamic_shared_mem),
            ];
            if let Some((option, _)) = nv.into_iter().find(|(_, given)| *given) {
                return Err(crate::Error::NvidiaOptionOnCodeObjects { option, beside });
            }
        }
        let has_cubins = cubins.clone().into_iter().next().is_some();
        if let (true, Some((given, w))) = (has_cubins && drawn != (Drawn::CodeObjects { beside: true }), self.wg_size) {
            if w.min != w.max {
                return Err(crate::Error::BlockRange { value: given.to_string() });
            }
        }
        if let Some(e) = inspect::cuda_launch_refusal(cubins) {
            return Err(crate::Error::Nvidia(e.clone()));
        }
        Ok(())
    }
}

/// An NVIDIA kernel as a user describes it beside its registers and block: each part optional, the CUDA
/// runtime's default where it is not given (no static shared memory, no dynamic, the default dynamic limit
/// of 48 KiB less the static, 1 barrier, no carveout preference).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NvidiaKernelSpec {
    /// Static shared memory bytes per block.
    pub shared_mem: Option<u32>,
    /// Dynamic shared memory bytes at launch.
    pub dynamic_shared_mem: Option<u32>,
    /// The kernel's dynamic shared memory limit.
    pub max_dynamic: Option<inspect::MaxDynamic>,
    /// Named barriers.
    pub barriers: Option<u32>,
    /// The shared-memory carveout preference, percent.
    pub carveout: Option<u32>,
}

impl NvidiaKernelSpec {
    /// The kernel on `arch` with `regs` registers per thread and `block` threads.
    pub fn kernel(
        &self,
        arch: &wavebudget_model::nvidia::Arch,
        regs: u32,
        block: u32,
    ) -> wavebudget_model::nvidia::Kernel {
        use wavebudget_model::nvidia::{Carveout, Kernel};
        let shared_mem = self.shared_mem.unwrap_or(0);
        Kernel {
            regs,
            block,
            shared_mem,
            dynamic_shared_mem: self.dynamic_shared_mem.unwrap_or(0),
            max_dynamic_shared_mem: self.max_dynamic.map(|m| m.bytes(arch, shared_mem)),
            barriers: self.barriers.unwrap_or(1),
            carveout: self.carveout.map_or(Carveout::Default, Carveout::Percent),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::VariantArray;

    /// The page's refusal lists the flags the page takes: every flag `takes_on_nvidia` accepts for it
    /// but `--target`, and no other.
    #[test]
    fn the_page_flags_named_are_the_ones_taken() {
        let mut named = PAGE_FLAGS.to_vec();
        let mut taken: Vec<Flag> = Flag::VARIANTS
            .iter()
            .copied()
            .filter(|f| *f != Flag::Target && Question::Page.takes_on_nvidia(*f))
            .collect();
        named.sort_unstable_by_key(|f| <&str>::from(*f));
        taken.sort_unstable_by_key(|f| <&str>::from(*f));
        assert_eq!(named, taken);
    }

    /// Each question's own flags: a budget's target only on `budget`, whose registers it answers; the
    /// page and occupancy take the kernel's and the launch's; each refusal names the first flag unasked.
    #[test]
    fn each_question_takes_its_own_flags() {
        use Question::*;
        for f in Flag::VARIANTS.iter().copied() {
            let nvidia = matches!(f.whose(), Whose::Launch | Whose::NvidiaKernel | Whose::NvidiaLaunch);
            assert_eq!(Occupancy.takes_on_nvidia(f), nvidia, "{f}");
            assert_eq!(Page.takes_on_nvidia(f), nvidia, "{f}");
            assert_eq!(
                Budget.takes_on_nvidia(f),
                (nvidia && f != Flag::Regs) || f.whose() == Whose::NvidiaBudget,
                "{f}"
            );
        }
        let given = Given::new([Flag::WgSize, Flag::WarpsPerSm, Flag::BlocksPerSm]);
        assert!(matches!(
            Occupancy.refuse_unasked_nvidia("sm_90", &given),
            Err(FlagMisuse::BudgetFlag { flag: Flag::WarpsPerSm })
        ));
        assert!(matches!(
            Page.refuse_unasked_nvidia("sm_90", &given),
            Err(FlagMisuse::NotNvidiaFlag { flag: Flag::WarpsPerSm })
        ));
        assert!(Budget.refuse_unasked_nvidia("sm_90", &given).is_ok());
        let regs = Given::new([Flag::Regs, Flag::WarpsPerSm]);
        assert!(matches!(Budget.refuse_unasked_nvidia("sm_90", &regs), Err(FlagMisuse::RegsOnBudget)));
        assert!(Occupancy.refuse_unasked_nvidia("sm_90", &Given::new([Flag::Regs, Flag::SharedMem])).is_ok());
        assert!(matches!(
            Page.refuse_unasked_nvidia("sm_90", &Given::new([Flag::Kernel])),
            Err(FlagMisuse::NotNvidiaFlag { .. })
        ));
        // A budget's waves per SIMD is no NVIDIA question's: refused first, in help order, naming the arch.
        let waves = Given::new([Flag::Waves, Flag::Regs]);
        let e = Budget.refuse_unasked_nvidia("sm_90", &waves).unwrap_err();
        assert!(matches!(e, FlagMisuse::WavesOnNvidia { flag: Flag::Waves, arch: "sm_90" }));
        assert_eq!(e.to_string(), "--waves is per SIMD on AMD; sm_90 takes --warps-per-sm or --blocks-per-sm");
    }
}
