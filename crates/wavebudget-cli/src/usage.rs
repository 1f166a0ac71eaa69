//! The command line's own refusals: arguments that do not go together, a value of the wrong shape, an
//! output that would replace what it must not. Each is a variant with the values it names; the English
//! is only in `Display`, and [`UsageError::kind`] names the variant for Python's `Error.kind` and tests.

use thiserror::Error;

/// A compiled file given where LLVM IR is wanted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Compiled {
    /// An ELF file (a code object or a binary).
    Elf,
    /// A clang offload bundle (plain or compressed).
    Bundle,
}

impl std::fmt::Display for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Compiled::Elf => "an ELF file (a code object or a binary)",
            Compiled::Bundle => "an offload bundle",
        })
    }
}

/// What the arguments of a command get wrong, one line each.
#[derive(Debug, Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum UsageError {
    /// A misuse every door shares (the engine's declaration, its kind).
    #[error(transparent)]
    Misuse(#[from] wavebudget_engine::misuse::Misuse),
    /// A value that is not a count (the model's words and kind, as Python's).
    #[error(transparent)]
    Count(#[from] wavebudget_model::text::NotACount),
    /// clap's own message (an unknown flag, a missing value), its first line.
    #[error("{0}")]
    Arguments(String),
    /// `sweep` or `tune` in a build without the `llvm` feature.
    #[error(
        "this wavebudget was built without LLVM (--no-default-features): sweep and tune compile with libLLVM 22; \
         build it with the default features (cargo build --release -p wavebudget-cli)"
    )]
    WithoutLlvm,
    /// `suggest` for the generic form.
    #[error("suggest needs an AMD target (--target generic has no launch model)")]
    SuggestGeneric,
    /// `--waves 0` for pass-flags.
    #[error("--waves must be at least 1")]
    ZeroWaves,
    /// pass-flags' `--waves` over what the pass takes (the most waves/SIMD any AMD processor runs): the
    /// flags would fail the build.
    #[error(
        "--waves {waves}: the pass takes 1 to {} waves/SIMD (the most any AMD processor runs)",
        wavebudget_model::targets::MAX_WAVES_PER_EU_ANY
    )]
    WavesOverMax {
        /// As given.
        waves: u32,
    },
    /// `--jobs 0`.
    #[error("--jobs must be at least 1")]
    ZeroJobs,
    /// An `-o` that is the input (`tune`, `embed`).
    #[error("-o {output}: would overwrite the input; wavebudget never modifies its input")]
    OverwritesInput {
        /// The output as given.
        output: String,
    },
    /// A compiled file given to `sweep` or `tune`.
    #[error(
        "{path}: is {what}; sweep and tune compile LLVM IR (.ll or .bc). To read a compiled kernel use: wavebudget inspect {path}"
    )]
    NotIr {
        /// The input.
        path: String,
        /// What it is.
        what: Compiled,
    },
    /// A module none of whose kernels can be compiled, each with LLVM's or the model's reason.
    #[error("{file}: no kernel can be compiled: {}", .refused.iter().map(|(k, why)| format!("{k}: not compiled: {why}")).collect::<Vec<_>>().join("; "))]
    NoCompilableKernel {
        /// The module.
        file: String,
        /// Each kernel and why.
        refused: Vec<(String, wavebudget_engine::ladder::ProcessorRefusal)>,
    },
    /// `--kernel` with several modules.
    #[error("--kernel selects kernels of one module: give one input file")]
    KernelNeedsOneFile,
    /// `--ray` with `--kernel`.
    #[error("--ray sweeps whole modules: drop --kernel")]
    RayWithKernel,
    /// The Ray driver's output is not a sweep.
    #[error("--ray: the driver's ladder: {message}")]
    RayLadder {
        /// Where and what, as the sweep's reader says it.
        message: String,
    },
    /// The Ray driver ended by a signal.
    #[error("--ray: the Python driver was ended by signal {signal}; nothing was written")]
    RaySignal {
        /// The signal's number.
        signal: i32,
    },
    /// `tune` with several modules.
    #[error("tune writes one module: give one input file")]
    TuneOneFile,
    /// `embed` on a file with no AMDGPU code object.
    #[error("{file}: no AMDGPU code object to embed into{}; nothing written", if .skipped.is_empty() { String::new() } else { format!(" (skipped: {})", .skipped.join("; ")) })]
    NothingToEmbed {
        /// The input.
        file: String,
        /// What the reader skipped, and why.
        skipped: Vec<String>,
    },
    /// A `--cc` whose `--version` names no clang.
    #[error("--cc {cc}: '{cc} --version' names no clang version: not a clang-based compiler")]
    NotClang {
        /// The compiler given.
        cc: String,
    },
    /// A `--cc` of an LLVM major the plugin is not built for.
    #[error("--cc {cc} is LLVM {major}: the plugin is built for LLVM 15, 19 or 22")]
    UnsupportedLlvm {
        /// The compiler given.
        cc: String,
        /// Its LLVM major.
        major: u32,
    },
    /// `--cc` that did not answer `--version` in time.
    #[error("--cc {cc}: '{cc} --version' gave no answer in {seconds} s: not a compiler that can be asked")]
    CcNoAnswer {
        /// The compiler given.
        cc: String,
        /// How long it was given.
        seconds: u64,
    },
    /// The running executable's path is unknown, so the plugin beside it is too.
    #[error("cannot locate this wavebudget executable: give --plugin")]
    NoExecutablePath,
    /// No plugin file where it should be.
    #[error("{plugin} is not a file: build the plugin for LLVM {major} with scripts/build-pass.sh {major}, or give --plugin")]
    NoPlugin {
        /// The plugin's path.
        plugin: String,
        /// The LLVM major wanted.
        major: u32,
    },
    /// A path the printed flags cannot carry: `$(wavebudget pass-flags ...)`, a Makefile or CMake split the
    /// flags at white space and take quotes and `$` as they are, so no quoting would survive.
    #[error("{what} '{path}' has a space, quote, '$' or backslash: the flags are words a shell or make splits, so it cannot travel in them (move or link it to a plain path)")]
    UnsplittablePath {
        /// `--plugin` or `--records`.
        what: &'static str,
        /// The path.
        path: String,
    },
    /// A plugin built for another LLVM than the compiler's.
    #[error(
        "{plugin} is built for LLVM {built} (it needs {lib}), but --cc {cc} is LLVM {major}: build the plugin for {major} with scripts/build-pass.sh {major}, or give that one with --plugin"
    )]
    PluginLlvmMismatch {
        /// The plugin's path.
        plugin: String,
        /// The major it is built for.
        built: u32,
        /// The libLLVM it needs.
        lib: String,
        /// The compiler given.
        cc: String,
        /// The compiler's major.
        major: u32,
    },
    /// A `--plugin` that links no libLLVM.
    #[error(
        "{plugin} needs no libLLVM: not a plugin built by this project (which links LLVM's shared library), so its LLVM major is unknown"
    )]
    NotOurPlugin {
        /// The plugin's path.
        plugin: String,
    },
    /// A `--mode` the pass does not have.
    #[error("--mode {value}: the pass's modes are set, advise and auto")]
    Mode {
        /// What was given.
        value: String,
    },
    /// A `--records` that is not a regular file.
    #[error("--records {path}: not a regular file (a sweep's --json output)")]
    RecordsNotFile {
        /// The path given.
        path: String,
    },
    /// Assembly text the ISA reader refused.
    #[error("{file}: {source}")]
    Isa {
        /// The input.
        file: String,
        /// The reader's error.
        #[source]
        source: wavebudget_isa::Error,
    },
    /// A binary for `isa` in a build without LLVM's disassembler.
    #[error(
        "{file}: a binary is disassembled with LLVM, which this wavebudget is built without (the llvm feature); give llc's or Triton's assembly text instead"
    )]
    DisassembleWithoutLlvm {
        /// The input.
        file: String,
    },
    /// An `isa` input that is neither a binary nor assembly.
    #[error("{file}: neither a code object, a bundle, a HIP binary nor assembly text")]
    NotIsaInput {
        /// The input.
        file: String,
    },
    /// `isa --compare` with no kernel in both inputs.
    #[error("--compare: no kernel in both inputs ({a} and {b} kernels; pick one in each with --kernel REGEX)")]
    NoCommonKernel {
        /// Kernels in A.
        a: usize,
        /// Kernels in B.
        b: usize,
    },
    /// `isa --compare` without exactly two inputs.
    #[error("--compare takes two inputs, A and B ({given} given)")]
    CompareArity {
        /// Inputs given.
        given: usize,
    },
}

impl UsageError {
    /// The variant's name in snake case, stable across releases.
    pub fn kind(&self) -> &'static str {
        match self {
            UsageError::Misuse(m) => m.kind(),
            UsageError::Count(c) => c.kind(),
            other => other.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind is its variant's name in snake case, and no two are the same.
    #[test]
    fn kinds_are_the_variants_names() {
        let examples = vec![
            UsageError::Arguments("a".into()),
            UsageError::WithoutLlvm,
            UsageError::SuggestGeneric,
            UsageError::ZeroWaves,
            UsageError::ZeroJobs,
            UsageError::OverwritesInput { output: "o".into() },
            UsageError::NotIr { path: "p".into(), what: Compiled::Elf },
            UsageError::NoCompilableKernel {
                file: "f".into(),
                refused: vec![("k".into(), wavebudget_engine::ladder::ProcessorRefusal::NoTarget)],
            },
            UsageError::KernelNeedsOneFile,
            UsageError::RayWithKernel,
            UsageError::RayLadder { message: "m".into() },
            UsageError::RaySignal { signal: 9 },
            UsageError::TuneOneFile,
            UsageError::NothingToEmbed { file: "f".into(), skipped: vec![] },
            UsageError::NotClang { cc: "cc".into() },
            UsageError::UnsupportedLlvm { cc: "cc".into(), major: 12 },
            UsageError::CcNoAnswer { cc: "cc".into(), seconds: 10 },
            UsageError::NoExecutablePath,
            UsageError::NoPlugin { plugin: "p".into(), major: 22 },
            UsageError::PluginLlvmMismatch {
                plugin: "p".into(),
                built: 19,
                lib: "libLLVM.so.19.1".into(),
                cc: "cc".into(),
                major: 22,
            },
            UsageError::NotOurPlugin { plugin: "p".into() },
            UsageError::Mode { value: "x".into() },
            UsageError::RecordsNotFile { path: "p".into() },
            UsageError::Isa { file: "f".into(), source: wavebudget_isa::Error::Empty },
            UsageError::DisassembleWithoutLlvm { file: "f".into() },
            UsageError::NotIsaInput { file: "f".into() },
            UsageError::NoCommonKernel { a: 1, b: 2 },
            UsageError::CompareArity { given: 3 },
        ];
        let mut seen = std::collections::BTreeSet::new();
        for e in &examples {
            let debug = format!("{e:?}");
            let name: String = debug.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
            let mut snake = String::new();
            for (i, c) in name.chars().enumerate() {
                if c.is_ascii_uppercase() {
                    if i > 0 {
                        snake.push('_');
                    }
                    snake.push(c.to_ascii_lowercase());
                } else {
                    snake.push(c);
                }
            }
            assert_eq!(e.kind(), snake, "{debug}");
            assert!(seen.insert(e.kind()), "two variants are {}", e.kind());
            let line = e.to_string();
            assert!(!line.is_empty() && !line.contains('\n'), "{debug}: {line:?}");
        }
    }
}
