//! Reader for AMDGPU code objects and the containers they ship in (and NVIDIA's, [`cuda`]): the only wavebudget crate that parses
//! bytes. Everything borrows from the input (a memory map) except decompressed bundles.
//!
//! - [`walk`]: finds every code object in a file (a bare code object, an offload bundle, compressed or not,
//!   a file of several bundles, or a host ELF executable or library with a `.hip_fatbin` section) and hands
//!   each to a callback with its [`Source`]; host and non-AMDGPU entries are reported as skipped.
//! - [`CodeObject::parse`] (`elf.rs`): ELF header and `e_flags` (`eflags.rs`), the metadata note
//!   (`metadata.rs` typed keys over `msgpack.rs` values), kernel descriptors (`kd.rs`).
//! - `bundle.rs`: uncompressed and `CCOB` bundles, and runs of them.
//! - [`cuda`]: NVIDIA cubins, CUDA fat binaries and host ELF files with `.nv_fatbin`: per kernel the
//!   registers, stack, shared and local memory and launch bounds `cuobjdump --dump-resource-usage` shows.
//! - [`fuzzing`]: the checking functions behind the fuzz targets and the mutation tests.
//! - [`Error`]: one error type; every message names the structure and the offset.
//!
//! Features (all on by default): `write` (`rewrite`, the writer behind `embed`, and `table::write`),
//! `zlib` and `zstd` (compressed bundles). Without a codec a compressed bundle is an error that says so.

#![forbid(unsafe_code)]
// The reader: decoding bytes is this crate's job, and no other's (the workspace's clippy.toml disallows
// `from_le_bytes` and the like everywhere else).
#![allow(clippy::disallowed_methods)]

pub mod bundle;
pub mod cuda;
pub mod eflags;
mod elf;
mod error;
pub mod fuzzing;
#[cfg(feature = "write")]
mod hostelf;
pub mod kd;
pub mod metadata;
pub mod msgpack;
#[cfg(feature = "write")]
pub mod rewrite;
pub mod table;

pub use bundle::{CompressedHeader, Compression};
pub use elf::{
    embedded_table, find_note, header_target_id, is_amdgpu_elf, parse_pass_info, push_decimal, CodeObject, ElfKind,
    Kernel, KernelCode, PassInfo, NT_AMDGPU_METADATA,
};
pub use error::{Error, Result};
pub use kd::KernelDescriptor;
pub use metadata::{KernelMeta, Metadata};
pub use msgpack::Value;

/// Where a code object came from inside its file.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Source {
    /// The outer container, if any.
    pub container: Option<Container>,
    /// Index of the bundle in its section or file (0 for a lone bundle).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bundle: Option<usize>,
    /// File offset of the bundle (of the section data for a host ELF plus the bundle's offset in it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bundle_offset: Option<u64>,
    /// Compression of the bundle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compression: Option<Compression>,
    /// Bundle entry id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<String>,
}

/// The kind of file a code object was found in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Container {
    /// A clang offload bundle file (one or several bundles).
    Bundle,
    /// A host ELF executable or shared library with `.hip_fatbin`.
    HostElf,
}

impl Source {
    /// `#<entry id>`, or `#<bundle index>:<entry id>` when the file holds several bundles; empty for a
    /// bare code object. Appended to the file name it makes the `source` of `wavebudget inspect`.
    pub fn suffix(&self, bundles: usize) -> String {
        match (&self.entry, self.bundle) {
            (Some(e), Some(b)) if bundles > 1 => format!("#{b}:{e}"),
            (Some(e), _) => format!("#{e}"),
            _ => String::new(),
        }
    }
}

/// What [`walk`] reports.
#[derive(Debug)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Found<'s, 'b> {
    /// A code object's bytes.
    CodeObject(&'s Source, &'b [u8]),
    /// A bundle entry that is not an AMDGPU code object, with the reason.
    Skipped(&'s Source, SkipReason),
}

/// Why an entry of a bundle or a CUDA fat binary is not read; its text (what JSON holds) is its
/// `Display`, [`SkipReason::kind`] its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[derive(strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
pub enum SkipReason {
    /// A bundle's host entry.
    #[error("host code")]
    HostCode,
    /// An entry with no bytes.
    #[error("empty entry")]
    Empty,
    /// LLVM bitcode (`-fgpu-rdc` before linking).
    #[error("LLVM bitcode, not a code object")]
    Bitcode,
    /// Anything else that is not an AMDGPU ELF.
    #[error("not an AMDGPU code object")]
    NotAmdgpu,
    /// A fat binary's PTX.
    #[error("PTX: the driver compiles it at load time, so its registers are not known until then")]
    Ptx,
    /// A fat binary entry of another kind.
    #[error("a fat binary entry that is neither a cubin nor PTX")]
    OtherFatbinEntry,
}

wavebudget_model::kind_is_variant!(SkipReason);

impl serde::Serialize for SkipReason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Summary of a walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WalkSummary {
    /// What kind of file it was (`None`: a bare code object).
    pub container: Option<Container>,
    /// Bundles found.
    pub bundles: usize,
}

/// Bytes one input file may make a reader hold beyond its own memory map: what its compressed bundles
/// decompress to (each decompressed byte is hashed too, so this bounds both), and what a pipe gives.
/// Checked on the sizes the bundles' headers claim before anything is decompressed, and each bundle's
/// output is held to its header's size. 2 GiB by default: ROCm's largest per-file bundles are a few
/// hundred MB.
pub const DEFAULT_INPUT_BUDGET: u64 = 2 << 30;
/// The environment variable that sets the input budget (bytes, or with K, M or G), for every reader:
/// the command line, Python, the C runtime and the pass's `records=`.
pub const INPUT_BUDGET_ENV: &str = "WAVEBUDGET_INPUT_BUDGET";

/// The input budget in force: [`INPUT_BUDGET_ENV`], else [`DEFAULT_INPUT_BUDGET`].
pub fn input_budget() -> Result<u64> {
    match std::env::var_os(INPUT_BUDGET_ENV) {
        None => Ok(DEFAULT_INPUT_BUDGET),
        Some(v) => {
            let text = v.to_string_lossy();
            parse_bytes(&text).ok_or_else(|| Error::BadBudget { value: text.into_owned() })
        }
    }
}

/// The bytes one command's inputs may decompress to, spent as each input's compressed bundles and fat
/// binary entries are reached (the sizes their headers claim, before anything is decompressed): ten
/// inputs each just under the budget are refused at the one that passes it, not read in full each.
/// A reader of one input makes one of its own ([`walk`]); a command over several ([`walk_with`]) shares
/// one.
#[derive(Debug)]
pub struct InputBudget {
    total: u64,
    spent: std::cell::Cell<u64>,
    /// Bundle entries read so far (by this command): at most [`MAX_ENTRIES_PER_COMMAND`].
    entries: std::cell::Cell<u64>,
}

/// The bundle entries one command reads, over all its inputs and the bundles of each: a file of many
/// bundles, each within [`bundle::MAX_ENTRIES`], whose entries all name one code object is refused here
/// rather than read a million times.
pub const MAX_ENTRIES_PER_COMMAND: u64 = 16 * bundle::MAX_ENTRIES;

impl InputBudget {
    /// A budget of `total` bytes, none spent.
    pub fn new(total: u64) -> InputBudget {
        InputBudget { total, spent: std::cell::Cell::new(0), entries: std::cell::Cell::new(0) }
    }

    /// The budget in force ([`input_budget`]), none spent.
    pub fn from_env() -> Result<InputBudget> {
        Ok(InputBudget::new(input_budget()?))
    }

    /// The budget.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// What earlier inputs (and earlier parts of this one) took.
    pub fn spent(&self) -> u64 {
        self.spent.get()
    }

    /// What is left.
    pub fn left(&self) -> u64 {
        self.total.saturating_sub(self.spent.get())
    }

    /// Takes `n` more bundle entries, refused past [`MAX_ENTRIES_PER_COMMAND`] (`offset`: the bundle's).
    pub(crate) fn take_entries(&self, n: u64, offset: u64) -> Result<()> {
        let total = self.entries.get().saturating_add(n);
        if total > MAX_ENTRIES_PER_COMMAND {
            return Err(Error::malformed(
                "offload bundle entry count",
                offset,
                format!(
                    "{n} entries: {total} with the bundles read before it, more than the {MAX_ENTRIES_PER_COMMAND} a command reads"
                ),
            ));
        }
        self.entries.set(total);
        Ok(())
    }

    pub(crate) fn spend(&self, bytes: u64) {
        self.spent.set(self.spent.get().saturating_add(bytes));
    }

    /// ", after N bytes of earlier inputs" where earlier inputs took some.
    pub(crate) fn earlier(&self) -> String {
        match self.spent() {
            0 => String::new(),
            n => format!(" after {n} bytes of the command's earlier inputs"),
        }
    }
}

/// `123`, `64K`, `512M`, `4G` (binary units).
fn parse_bytes(text: &str) -> Option<u64> {
    let t = text.trim();
    let (digits, shift) = match t.char_indices().last()? {
        (i, 'k' | 'K') => (&t[..i], 10),
        (i, 'm' | 'M') => (&t[..i], 20),
        (i, 'g' | 'G') => (&t[..i], 30),
        _ => (t, 0),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<u64>().ok()?.checked_mul(1 << shift)
}

/// Name of the section HIP puts bundles in.
pub const HIP_FATBIN_SECTION: &str = ".hip_fatbin";

/// Finds every code object in `bytes` and calls `f` for each, in file order, within the input budget in
/// force ([`input_budget`]). A compressed bundle is decompressed when reached and dropped after its
/// entries are visited, so memory stays bounded by one bundle. Stops at the first error (from the input
/// or from `f`).
pub fn walk(bytes: &[u8], f: &mut dyn FnMut(Found<'_, '_>) -> Result<()>) -> Result<WalkSummary> {
    walk_with(bytes, &InputBudget::from_env()?, f)
}

/// [`walk`] within `budget`, which a command shares over its inputs: what this input's compressed
/// bundles decompress to is spent from it.
pub fn walk_with(
    bytes: &[u8],
    budget: &InputBudget,
    f: &mut dyn FnMut(Found<'_, '_>) -> Result<()>,
) -> Result<WalkSummary> {
    if is_amdgpu_elf(bytes) {
        f(Found::CodeObject(&Source::default(), bytes))?;
        return Ok(WalkSummary::default());
    }
    let (container, region, base) = if bytes.starts_with(bundle::BUNDLE_MAGIC) || bytes.starts_with(bundle::CCOB_MAGIC)
    {
        (Container::Bundle, bytes, 0u64)
    } else if bytes.starts_with(&object::elf::ELFMAG) {
        let (data, off) = hip_fatbin(bytes)?;
        (Container::HostElf, data, off)
    } else if bytes.is_empty() {
        return Err(Error::malformed("input", 0, "the file is empty"));
    } else {
        let n = bytes.len().min(8);
        return Err(Error::malformed(
            "input",
            0,
            format!(
                "starts with {:02x?}: not an ELF file, an offload bundle (__CLANG_OFFLOAD_BUNDLE__) or a compressed bundle (CCOB)",
                &bytes[..n]
            ),
        ));
    };
    let located = bundle::split(region, budget).map_err(|e| {
        if container == Container::HostElf {
            e.within(format!("{HIP_FATBIN_SECTION} at {base:#x}"))
        } else {
            e
        }
    })?;
    let count = located.len();
    for (i, loc) in located.into_iter().enumerate() {
        let label = format!("offload bundle {i} at {:#x}", base + loc.offset as u64);
        let decompressed;
        let raw: &[u8] = match loc.compressed {
            Some(_) => {
                decompressed = bundle::decompress(loc.bytes).map_err(|e| e.within(label.clone()))?.1;
                &decompressed
            }
            None => loc.bytes,
        };
        let b = bundle::Bundle::parse(raw).map_err(|e| {
            e.within(if loc.compressed.is_some() { format!("{label} (decompressed)") } else { label.clone() })
        })?;
        budget.take_entries(b.entries.len() as u64, base + loc.offset as u64)?;
        for entry in &b.entries {
            let source = Source {
                container: Some(container),
                bundle: Some(i),
                bundle_offset: Some(base + loc.offset as u64),
                compression: loc.compressed.map(|h| h.method),
                entry: Some(entry.id.to_string()),
            };
            let found = if entry.id.starts_with("host-") {
                Found::Skipped(&source, SkipReason::HostCode)
            } else if entry.data.is_empty() {
                Found::Skipped(&source, SkipReason::Empty)
            } else if is_amdgpu_elf(entry.data) {
                Found::CodeObject(&source, entry.data)
            } else if entry.data.starts_with(b"BC\xc0\xde") {
                Found::Skipped(&source, SkipReason::Bitcode)
            } else {
                Found::Skipped(&source, SkipReason::NotAmdgpu)
            };
            f(found).map_err(|e| e.within(format!("{label}: entry {} at {:#x}", entry.id, entry.offset)))?;
        }
    }
    Ok(WalkSummary { container: Some(container), bundles: count })
}

/// A section header table that runs past the end of the file means the file was cut short: say so,
/// with the sizes, rather than "invalid offset".
pub(crate) fn section_table_fits(len: usize, shoff: u64, shnum: u16, shentsize: u16) -> Result<()> {
    let end = shoff.saturating_add(u64::from(shnum) * u64::from(shentsize));
    if shnum > 0 && end > len as u64 && shoff <= len as u64 + (1 << 20) {
        return Err(Error::malformed(
            "ELF section header table",
            shoff,
            format!("the file is truncated: it has {len} bytes, the section headers end at {end}"),
        ));
    }
    Ok(())
}

/// A 64-bit little-endian ELF header: the host binaries and plugins read.
type HostHeader = object::elf::FileHeader64<object::LittleEndian>;

/// The header and section table of a 64-bit little-endian ELF file (`what` names such files in the
/// refusal), the table checked to fit the file before it is read, and its offset.
fn host_sections<'a>(
    bytes: &'a [u8],
    what: &str,
) -> Result<(&'a HostHeader, object::read::elf::SectionTable<'a, HostHeader>, u64)> {
    use object::read::elf::FileHeader;
    let e = object::LittleEndian;
    let header = HostHeader::parse(bytes).map_err(|err| {
        Error::malformed("ELF header", 0, format!("{err} (only 64-bit little-endian {what} are read)"))
    })?;
    let shoff = header.e_shoff(e);
    section_table_fits(bytes.len(), shoff, header.e_shnum(e), header.e_shentsize(e))?;
    let sections = header
        .sections(e, bytes)
        .map_err(|err| Error::malformed("ELF section header table", shoff, err.to_string()))?;
    Ok((header, sections, shoff))
}

/// A host ELF with a `.hip_fatbin` section (its sections read, nothing decompressed).
pub fn has_hip_fatbin(bytes: &[u8]) -> bool {
    bytes.starts_with(&object::elf::ELFMAG) && !is_amdgpu_elf(bytes) && hip_fatbin(bytes).is_ok()
}

/// The `.hip_fatbin` section of a host ELF (64-bit little-endian) and its file offset.
fn hip_fatbin(bytes: &[u8]) -> Result<(&[u8], u64)> {
    use object::read::elf::{FileHeader, SectionHeader};
    let e = object::LittleEndian;
    let (header, sections, shoff) = host_sections(bytes, "host binaries")?;
    let found = sections.section_by_name(e, HIP_FATBIN_SECTION.as_bytes()).ok_or_else(|| {
        Error::malformed(
            "ELF section header table",
            shoff,
            format!(
                "an ELF file for e_machine {} (not AMDGPU, 224) with no {HIP_FATBIN_SECTION} section: not an AMDGPU code object, a bundle or a HIP executable or library",
                header.e_machine(e)
            ),
        )
    })?;
    let (_, sec) = found;
    let off = sec.sh_offset(e);
    let data = sec
        .data(e, bytes)
        .map_err(|err| Error::malformed("ELF section", off, format!("{HIP_FATBIN_SECTION}: {err}")))?;
    Ok((data, off))
}

/// A file's bytes, read-only: memory-mapped when it is a regular file, read to its end when it is a pipe
/// (`wavebudget_mmap` holds the map's one `unsafe` block; this crate forbids unsafe code).
pub struct Mapped(wavebudget_mmap::Mapped);

impl Mapped {
    /// Opens `path`, a regular file or a pipe (read up to the input budget); the error names it.
    pub fn open(path: &std::path::Path) -> Result<Mapped> {
        wavebudget_mmap::Mapped::open(path, input_budget()?)
            .map(Mapped)
            .map_err(|source| Error::Io { path: path.display().to_string(), source })
    }

    /// Opens `path`, which must be a regular file (an input found by name: a records file, a cache
    /// directory's entry); the error names it.
    pub fn open_regular(path: &std::path::Path) -> Result<Mapped> {
        wavebudget_mmap::Mapped::open_regular(path)
            .map(Mapped)
            .map_err(|source| Error::Io { path: path.display().to_string(), source })
    }

    /// Refuses `path` unless it is a regular file, as [`Mapped::open_regular`] does, without opening it.
    pub fn check_regular(path: &std::path::Path) -> Result<()> {
        wavebudget_mmap::check_regular(path).map_err(|source| Error::Io { path: path.display().to_string(), source })
    }

    /// The file's bytes.
    pub fn bytes(&self) -> &[u8] {
        self.0.bytes()
    }
}

/// The shared libraries a 64-bit little-endian ELF file needs (`DT_NEEDED`, in order): what `pass-flags`
/// reads to tell which LLVM a plugin was built against (`libLLVM.so.22.1`, `libLLVM-15.so.1`).
pub fn needed_libraries(bytes: &[u8]) -> Result<Vec<String>> {
    use object::read::elf::{Dyn, SectionHeader};
    let e = object::LittleEndian;
    let (_, sections, _) = host_sections(bytes, "files")?;
    let mut out = Vec::new();
    for s in sections.iter() {
        let off = s.sh_offset(e);
        let Some((dyns, link)) =
            s.dynamic(e, bytes).map_err(|err| Error::malformed("ELF dynamic section", off, err.to_string()))?
        else {
            continue;
        };
        let strings = sections
            .strings(e, bytes, link)
            .map_err(|err| Error::malformed("ELF dynamic string table", off, err.to_string()))?;
        for d in dyns {
            if d.d_tag(e) == u64::from(object::elf::DT_NEEDED) {
                let name = d
                    .string(e, strings)
                    .map_err(|err| Error::malformed("ELF DT_NEEDED entry", off, err.to_string()))?;
                out.push(String::from_utf8_lossy(name).into_owned());
            }
        }
    }
    Ok(out)
}
