//! The AMDGPU ELF header: `e_flags` processor (`EF_AMDGPU_MACH_*`), XNACK/SRAMECC bits, code object version.
//!
//! Values from LLVM 22's `llvm/BinaryFormat/ELF.h` (as listed in its test
//! `llvm/test/CodeGen/AMDGPU/elf-header-flags-mach.ll`); `tests/llvm_objects.rs` checks each processor
//! of the model's table against what llc-22 writes. These are ELF encodings, not hardware numbers, so they
//! live here and not in the model's target table.

/// `EM_AMDGPU`.
pub const EM_AMDGPU: u16 = 224;
/// `ELFOSABI_AMDGPU_HSA`.
pub const ELFOSABI_AMDGPU_HSA: u8 = 64;
/// `EF_AMDGPU_MACH` mask.
pub const EF_AMDGPU_MACH: u32 = 0xff;
/// `EF_AMDGPU_FEATURE_XNACK_V3` (code object V3: one bit).
pub const EF_AMDGPU_FEATURE_XNACK_V3: u32 = 0x100;
/// `EF_AMDGPU_FEATURE_SRAMECC_V3`.
pub const EF_AMDGPU_FEATURE_SRAMECC_V3: u32 = 0x200;
/// `EF_AMDGPU_FEATURE_XNACK_V4` mask (V4+: unsupported/any/off/on).
pub const EF_AMDGPU_FEATURE_XNACK_V4: u32 = 0x300;
/// `EF_AMDGPU_FEATURE_SRAMECC_V4` mask.
pub const EF_AMDGPU_FEATURE_SRAMECC_V4: u32 = 0xc00;
/// `EF_AMDGPU_GENERIC_VERSION` (V6, generic targets): bits 31:24.
pub const EF_AMDGPU_GENERIC_VERSION_OFFSET: u32 = 24;

/// `EF_AMDGPU_MACH_AMDGCN_*` value -> LLVM processor name.
pub const MACHS: &[(u32, &str)] = &[
    (0x20, "gfx600"),
    (0x21, "gfx601"),
    (0x22, "gfx700"),
    (0x23, "gfx701"),
    (0x24, "gfx702"),
    (0x25, "gfx703"),
    (0x26, "gfx704"),
    (0x28, "gfx801"),
    (0x29, "gfx802"),
    (0x2a, "gfx803"),
    (0x2b, "gfx810"),
    (0x2c, "gfx900"),
    (0x2d, "gfx902"),
    (0x2e, "gfx904"),
    (0x2f, "gfx906"),
    (0x30, "gfx908"),
    (0x31, "gfx909"),
    (0x32, "gfx90c"),
    (0x33, "gfx1010"),
    (0x34, "gfx1011"),
    (0x35, "gfx1012"),
    (0x36, "gfx1030"),
    (0x37, "gfx1031"),
    (0x38, "gfx1032"),
    (0x39, "gfx1033"),
    (0x3a, "gfx602"),
    (0x3b, "gfx705"),
    (0x3c, "gfx805"),
    (0x3d, "gfx1035"),
    (0x3e, "gfx1034"),
    (0x3f, "gfx90a"),
    (0x40, "gfx940"),
    (0x41, "gfx1100"),
    (0x42, "gfx1013"),
    (0x43, "gfx1150"),
    (0x44, "gfx1103"),
    (0x45, "gfx1036"),
    (0x46, "gfx1101"),
    (0x47, "gfx1102"),
    (0x48, "gfx1200"),
    (0x49, "gfx1250"),
    (0x4a, "gfx1151"),
    (0x4b, "gfx941"),
    (0x4c, "gfx942"),
    (0x4e, "gfx1201"),
    (0x4f, "gfx950"),
    (0x50, "gfx1310"),
    (0x51, "gfx9-generic"),
    (0x52, "gfx10-1-generic"),
    (0x53, "gfx10-3-generic"),
    (0x54, "gfx11-generic"),
    (0x55, "gfx1152"),
    (0x57, "gfx1154"),
    (0x58, "gfx1153"),
    (0x59, "gfx12-generic"),
    (0x5a, "gfx1251"),
    (0x5b, "gfx12-5-generic"),
    (0x5c, "gfx1172"),
    (0x5d, "gfx1170"),
    (0x5e, "gfx1171"),
    (0x5f, "gfx9-4-generic"),
    (0x62, "gfx11-7-generic"),
    (0x63, "gfx13-generic"),
];

/// The processor name for an `EF_AMDGPU_MACH_*` value.
pub fn mach_name(mach: u32) -> Option<&'static str> {
    MACHS.iter().find(|(m, _)| *m == mach).map(|(_, n)| *n)
}

/// A target feature's setting in `e_flags` (code object V4+).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Feature {
    /// The processor does not support the feature.
    Unsupported,
    /// Supported, code runs with it on or off ("any": no suffix in the target id).
    Any,
    /// Compiled for the feature off (`:xnack-`).
    Off,
    /// Compiled for the feature on (`:xnack+`).
    On,
}

impl Feature {
    fn from_v4(bits: u32) -> Feature {
        match bits {
            0 => Feature::Unsupported,
            1 => Feature::Any,
            2 => Feature::Off,
            _ => Feature::On,
        }
    }

    /// The target-id suffix (`+`, `-`) or `None` when the id carries none.
    pub fn suffix(self) -> Option<char> {
        match self {
            Feature::On => Some('+'),
            Feature::Off => Some('-'),
            Feature::Any | Feature::Unsupported => None,
        }
    }
}

/// Code object version from `e_ident[EI_ABIVERSION]` (with `ELFOSABI_AMDGPU_HSA`).
pub fn code_object_version(abi_version: u8) -> Option<u32> {
    match abi_version {
        0 => Some(2),
        1 => Some(3),
        2 => Some(4),
        3 => Some(5),
        4 => Some(6),
        _ => None,
    }
}

/// What `e_flags` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flags {
    /// The raw `EF_AMDGPU_MACH_*` value.
    pub mach: u32,
    /// Processor name, if the value is known.
    pub processor: Option<&'static str>,
    /// XNACK setting.
    pub xnack: Feature,
    /// SRAMECC setting.
    pub sramecc: Feature,
    /// Generic-target version (V6, generic processors), 0 otherwise.
    pub generic_version: u32,
}

impl Flags {
    /// Decodes `e_flags` for a code object of `version` (3 uses one bit per feature, 4+ two).
    pub fn decode(e_flags: u32, version: u32) -> Flags {
        let mach = e_flags & EF_AMDGPU_MACH;
        let (xnack, sramecc) = if version <= 3 {
            let bit = |b: u32| if e_flags & b != 0 { Feature::On } else { Feature::Any };
            (bit(EF_AMDGPU_FEATURE_XNACK_V3), bit(EF_AMDGPU_FEATURE_SRAMECC_V3))
        } else {
            (
                Feature::from_v4((e_flags & EF_AMDGPU_FEATURE_XNACK_V4) >> 8),
                Feature::from_v4((e_flags & EF_AMDGPU_FEATURE_SRAMECC_V4) >> 10),
            )
        };
        let generic_version = if version >= 6 { e_flags >> EF_AMDGPU_GENERIC_VERSION_OFFSET } else { 0 };
        Flags { mach, processor: mach_name(mach), xnack, sramecc, generic_version }
    }

    /// The model's target for the flags: `parse_target(&self.target_id()?)`, without writing the id out
    /// and reading it back where the processor and its features are ones the model has (a refusal is
    /// `parse_target`'s, with its words). `None` where `e_flags` name no processor.
    pub fn target(&self) -> Option<Result<wavebudget_model::TargetId, wavebudget_model::ModelError>> {
        let name = self.processor?;
        let setting = |f: Feature| f.suffix().map(|c| c == '+');
        let (xnack, sramecc) = (setting(self.xnack), setting(self.sramecc));
        match wavebudget_model::targets::processor(name) {
            Some(p) if (xnack.is_none() || p.xnack) && (sramecc.is_none() || p.sramecc) => {
                Some(Ok(wavebudget_model::TargetId { processor: p, xnack, sramecc }))
            }
            _ => self.target_id().map(|t| wavebudget_model::parse_target(&t)),
        }
    }

    /// The target id the flags describe (`gfx90a:xnack-`), LLVM's order: `sramecc` before `xnack`.
    pub fn target_id(&self) -> Option<String> {
        let mut id = self.processor?.to_string();
        if let Some(c) = self.sramecc.suffix() {
            id.push_str(":sramecc");
            id.push(c);
        }
        if let Some(c) = self.xnack.suffix() {
            id.push_str(":xnack");
            id.push(c);
        }
        Some(id)
    }
}

#[cfg(test)]
mod target_tests {
    use super::{Feature, Flags};

    /// `Flags::target` is `parse_target` of the id the flags write, for every processor the e_flags
    /// table names and every feature setting (a processor without the feature: the same refusal).
    #[test]
    fn target_is_the_parsed_target_id() {
        let features = [Feature::Unsupported, Feature::Any, Feature::Off, Feature::On];
        let mut checked = 0;
        for mach in 0..0x100 {
            let Some(processor) = Flags::decode(mach, 4).processor else { continue };
            for xnack in features {
                for sramecc in features {
                    let f = Flags { mach, processor: Some(processor), xnack, sramecc, generic_version: 0 };
                    let parsed = f.target_id().map(|t| wavebudget_model::parse_target(&t));
                    assert_eq!(f.target(), parsed, "{f:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 16 * 40, "only {checked} settings checked");
        let none = Flags { mach: 0, processor: None, xnack: Feature::On, sramecc: Feature::Off, generic_version: 0 };
        assert_eq!(none.target(), None);
    }
}
