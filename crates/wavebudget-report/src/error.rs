//! The report's own error: what a request gets wrong, what the engine and the models refuse, the output
//! not written, and a part of the page that could not be made (a defect of ours). One line each;
//! [`ReportError::kind`] names the variant (the CLI's and Python's `Error.kind`).

use wavebudget_engine::misuse::Misuse;
use wavebudget_engine::vendor::Flag;
use wavebudget_model::text::Arg;

/// What a part of the HTML report could not be made of (a defect of ours, not of the input).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReportPart {
    /// The kernels' table as JSON for the page's script.
    Table,
    /// The page's template.
    Template,
    /// The page from its template.
    Page,
    /// A chart.
    Chart,
}

impl std::fmt::Display for ReportPart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ReportPart::Table => "the report's table",
            ReportPart::Template => "the report template",
            ReportPart::Page => "rendering the report",
            ReportPart::Chart => "the report's charts",
        })
    }
}

/// Why no page was written (and nothing was).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum ReportError {
    /// More kernels to chart than a page holds.
    #[error(
        "{} {details}: at most {max} kernels get charts (about 50 KB of page each); every kernel is in the table, and {} REGEX picks the ones to draw",
        Arg("details"),
        Arg("kernel")
    )]
    TooManyDetails {
        /// What was given.
        details: usize,
        /// The most.
        max: usize,
    },
    /// A report with no input files and no configuration.
    #[error(
        "give input files (code objects, bundles, HIP binaries, Triton cache directories, sweep JSON), or {} T {} N for one configuration",
        Arg("target"),
        Arg("vgprs")
    )]
    ReportOfNothing,
    /// `--target generic` for the report's one configuration: the first-order model has numbers, no page.
    #[error(
        "{} generic is the first-order model of occupancy and budget; the report draws AMD and NVIDIA targets",
        Arg("target")
    )]
    Generic,
    /// `--kernel` for the report's one configuration.
    #[error("{} selects kernels of input files; one configuration has none", Arg("kernel"))]
    KernelWithoutFiles,
    /// `--dynamic-lds` for the report's one configuration.
    #[error(
        "{} applies to input files; one configuration takes all its LDS bytes in {}",
        Arg("dynamic-lds"),
        Arg("lds")
    )]
    DynamicLdsWithoutFiles,
    /// A configuration flag with input files.
    #[error(
        "{flag} describes one configuration (the calculator view, without input files); with input files the counts come from the inputs"
    )]
    ConfigurationFlagWithFiles {
        /// The flag.
        flag: Flag,
    },
    /// An NVIDIA configuration flag where the page is not an NVIDIA configuration: with input files (a
    /// cubin says its own), or with an AMD configuration.
    #[error("{flag} describes an NVIDIA configuration ({} sm_XY or a product, no input files){}", Arg("target"), if *.files { "; a cubin's is read from it" } else { "" })]
    NvidiaFlagWithFiles {
        /// The flag.
        flag: Flag,
        /// Whether input files were given.
        files: bool,
    },
    /// The report's one configuration without a target.
    #[error("one configuration needs {} T", Arg("target"))]
    NoTarget,
    /// A report's `-o` inside an input directory.
    #[error(
        "{} {output}: is a file inside the input directory {input}; wavebudget never writes over an input",
        Arg("output")
    )]
    OutputInsideInput {
        /// The output as given.
        output: String,
        /// The input directory.
        input: String,
    },
    /// A misuse the report shares with other questions.
    #[error(transparent)]
    Misuse(#[from] Misuse),
    /// The engine refused an input or an option.
    #[error(transparent)]
    Engine(#[from] wavebudget_engine::Error),
    /// The model refused the configuration.
    #[error(transparent)]
    Model(#[from] wavebudget_model::ModelError),
    /// The NVIDIA model refused the configuration.
    #[error(transparent)]
    Nvidia(#[from] wavebudget_model::nvidia::NvRefusal),
    /// The page could not be written.
    #[error(transparent)]
    Output(#[from] wavebudget_engine::output::OutputError),
    /// A part of the page could not be made (a defect of ours): which, and the library's message.
    #[error("{part}: {message}")]
    #[strum(serialize = "report")]
    Part {
        /// The part.
        part: ReportPart,
        /// The template, serde or chart library's message.
        message: String,
    },
}

impl ReportError {
    /// The variant's name in snake case, stable across releases (the engine's and the models' own for
    /// their refusals).
    pub fn kind(&self) -> &'static str {
        match self {
            ReportError::Misuse(m) => m.kind(),
            ReportError::Engine(e) => e.kind(),
            ReportError::Model(e) => e.kind(),
            ReportError::Nvidia(e) => e.kind(),
            ReportError::Output(e) => e.kind(),
            other => other.into(),
        }
    }
}
