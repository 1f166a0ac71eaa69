//! The LLVM major whose AMDGPU rules a [`crate::Subtarget`] follows. The compiler is the authority, and
//! its rules changed between the majors people build with: Debian 12's ROCm (hipcc 5.2) drives LLVM 15,
//! ROCm 6.x ships LLVM 18/19-based compilers, and LLVM 22 is the reference. What differs is in
//! `docs/llvm-versions.md`, measured by the model's tests against llc-15, llc-19 and llc-22.

use crate::error::ModelError;

/// An LLVM major the model follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Llvm {
    /// LLVM 15 (Debian 12's clang-15, ROCm 5.x).
    V15,
    /// LLVM 19 (ROCm 6.x-era compilers).
    V19,
    /// LLVM 22, the reference and the default.
    V22,
}

impl Default for Llvm {
    fn default() -> Llvm {
        Llvm::DEFAULT
    }
}

impl Llvm {
    /// The rules followed where the caller names no major (every door's default; a constant, for the
    /// doors that need it at compile time).
    pub const DEFAULT: Llvm = Llvm::V22;

    /// Every major the model follows, oldest first.
    pub const ALL: [Llvm; 3] = [Llvm::V15, Llvm::V19, Llvm::V22];

    /// The major number.
    pub const fn major(self) -> u32 {
        match self {
            Llvm::V15 => 15,
            Llvm::V19 => 19,
            Llvm::V22 => 22,
        }
    }

    /// The rules of major `n`; only 15, 19 and 22 are modelled.
    pub fn from_major(n: u32) -> Result<Llvm, ModelError> {
        match n {
            15 => Ok(Llvm::V15),
            19 => Ok(Llvm::V19),
            22 => Ok(Llvm::V22),
            major => Err(ModelError::LlvmMajor { major }),
        }
    }
}

impl std::fmt::Display for Llvm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LLVM {}", self.major())
    }
}

/// As its major number (`22`), the way JSON output names it.
impl serde::Serialize for Llvm {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(self.major())
    }
}
