//! NVIDIA binaries: cubins (ELF with `e_machine` `EM_CUDA`, 190, as ptxas writes them), CUDA fat binaries
//! (the `0xBA55ED50` container nvcc, clang and nvFatbin write, plain, LZ4- or zstd-compressed entries) and
//! host ELF executables and libraries carrying them in `.nv_fatbin`. Per kernel (a function symbol
//! marked as an entry), what `cuobjdump --dump-resource-usage` reports: registers (`EIATTR_REGCOUNT` in
//! `.nv.info`), stack (`EIATTR_MIN_STACK_SIZE`), static shared memory (`.nv.shared.<kernel>`), local
//! memory (`.nv.local.<kernel>`), the parameter bank (`.nv.constant0.<kernel>`), and the launch bounds
//! ptxas kept (`EIATTR_MAX_THREADS`, `EIATTR_REQNTID`, `EIATTR_MAXREG_COUNT` in `.nv.info.<kernel>`).
//!
//! The fat binary layout is not documented by NVIDIA; what is read here was measured on nvFatbin 12.9 and
//! clang 22 output and is checked against cuobjdump 13.5 (`crates/wavebudget-cli/tests/inspect_cuda.rs`).
//! Anything else (an entry kind or compression flag not seen) is refused with its offset, never guessed.

use crate::{Error, Result};
use object::elf::FileHeader64;
use object::read::elf::{FileHeader, SectionHeader, Sym};
use object::LittleEndian as LE;
use std::borrow::Cow;

/// `e_machine` of a cubin.
pub const EM_CUDA: u16 = 190;
/// The fat binary container's magic (little-endian `50 ed 55 ba`).
pub const FATBIN_MAGIC: u32 = 0xBA55_ED50;
/// The host ELF section clang and nvcc put fat binaries in.
pub const NV_FATBIN_SECTION: &str = ".nv_fatbin";
/// `st_other` bit of a kernel (entry function) symbol.
const STO_CUDA_ENTRY: u8 = 0x10;
const SHT_CUDA_INFO: u32 = 0x7000_0000;
const EIATTR_MAX_THREADS: u8 = 0x05;
const EIATTR_REQNTID: u8 = 0x10;
const EIATTR_FRAME_SIZE: u8 = 0x11;
const EIATTR_MIN_STACK_SIZE: u8 = 0x12;
const EIATTR_MAXREG_COUNT: u8 = 0x1b;
const EIATTR_REGCOUNT: u8 = 0x2f;
const EIATTR_NUM_BARRIERS: u8 = 0x4c;
/// The default per-block shared memory reserve on sm_90 and later where the cubin marks one but does not
/// give its size (`.nv.reservedSmem.cap` from sm_120).
const DEFAULT_RESERVED_SHARED: u64 = 1024;
/// Fat binary entry flags: LZ4-compressed (nvcc's and nvFatbin's default compression) and
/// zstd-compressed (`-compress-mode=size`).
const FLAG_LZ4: u64 = 0x2000;
const FLAG_ZSTD: u64 = 0x8000;

/// Is this a cubin (a 64-bit little-endian ELF for `EM_CUDA`)?
pub fn is_cubin(bytes: &[u8]) -> bool {
    bytes.len() >= 64 && bytes.starts_with(&object::elf::ELFMAG) && bytes[4] == 2 && bytes[5] == 1 && {
        u16::from_le_bytes([bytes[18], bytes[19]]) == EM_CUDA
    }
}

/// Is this a CUDA fat binary?
pub fn is_fatbin(bytes: &[u8]) -> bool {
    bytes.len() >= 4 && u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) == FATBIN_MAGIC
}

/// One kernel of a cubin.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CubinKernel {
    /// The entry's symbol.
    pub name: String,
    /// Registers per thread (`EIATTR_REGCOUNT`; ptxas's "Used N registers").
    pub regs: Option<u32>,
    /// Static shared memory bytes as the driver reports them (`CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES`):
    /// `.nv.shared.<kernel>` less the per-block reserve ptxas places inside it ([`CubinKernel::reserved_shared`]).
    pub shared_mem: u64,
    /// The size of `.nv.shared.<kernel>` (what `cuobjdump --dump-resource-usage` prints as SHARED).
    pub shared_section: u64,
    /// Of `.nv.shared.<kernel>`, the bytes ptxas reserves for the driver at its start (1,024 on sm_90 and
    /// later: the cubin marks it with `.nv.shared.reserved.0` / `.nv.reservedSmem.offset0`, and from
    /// sm_120 gives its size in `.nv.reservedSmem.cap`); the driver counts them once, per block.
    pub reserved_shared: u64,
    /// Local memory bytes per thread as the driver reports them (`CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES`):
    /// the stack (`EIATTR_MIN_STACK_SIZE`, where spills live) or `.nv.local.<kernel>`, the larger.
    pub local_mem: u64,
    /// Named barriers the kernel uses: `EIATTR_NUM_BARRIERS` in `.nv.info.<kernel>` (ptxas 13), else the
    /// count in bits 20-24 of its `.text.<kernel>` section's flags (earlier ptxas).
    pub barriers: u32,
    /// Stack bytes per thread, calls included (`EIATTR_MIN_STACK_SIZE`; spills live here).
    pub stack: Option<u32>,
    /// The kernel's own stack frame (`EIATTR_FRAME_SIZE`).
    pub frame: Option<u32>,
    /// Parameter constant bank bytes (`.nv.constant0.<kernel>`).
    pub param_bank: u64,
    /// `.maxntid` as ptxas kept it.
    pub max_threads: Option<wavebudget_model::LaunchDims>,
    /// `.reqntid` as ptxas kept it.
    pub reqntid: Option<wavebudget_model::LaunchDims>,
    /// `.maxnreg` as ptxas kept it.
    pub maxreg: Option<u32>,
}

impl CubinKernel {
    /// The threads of its `.reqntid`: the block it was compiled for (none where the product overflows).
    pub fn reqntid_threads(&self) -> Option<u32> {
        self.reqntid.and_then(wavebudget_model::LaunchDims::threads)
    }

    /// The threads of its `.maxntid`: the most a block of it may have (the driver's maximum threads per
    /// block for it; none where the product overflows).
    pub fn maxntid_threads(&self) -> Option<u32> {
        self.max_threads.and_then(wavebudget_model::LaunchDims::threads)
    }
}

/// A parsed cubin.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Cubin {
    /// The architecture's number (`80` for sm_80, `100` for sm_100).
    pub sm: u32,
    /// Built for the architecture-specific variant (`sm_90a`).
    pub arch_specific: bool,
    /// Raw `e_flags`.
    pub e_flags: u32,
    /// Kernels in symbol-table order.
    pub kernels: Vec<CubinKernel>,
}

impl Cubin {
    /// `sm_XY` (with its `a`).
    pub fn arch(&self) -> String {
        format!("sm_{}{}", self.sm, if self.arch_specific { "a" } else { "" })
    }
}

fn malformed(structure: &'static str, offset: u64, detail: impl Into<String>) -> Error {
    Error::malformed(structure, offset, detail)
}

/// Hands each `EIATTR` record of one `.nv.info` section to `f` as (attribute, payload), in order;
/// nothing is collected, so a section of millions of records costs no memory.
fn for_each_attribute(data: &[u8], base: u64, f: &mut dyn FnMut(u8, &[u8])) -> Result<()> {
    let mut p = 0usize;
    while p < data.len() {
        let (fmt, attr) = match (data.get(p), data.get(p + 1)) {
            (Some(&fm), Some(&a)) => (fm, a),
            _ => return Err(malformed(".nv.info record", base + p as u64, "cut off")),
        };
        p += 2;
        // Every record is 4 bytes of header: format, attribute and a 16-bit field that is the value
        // (formats 1-3: none, a byte, a half-word) or the length of the value that follows (format 4).
        let payload: &[u8] = match fmt {
            1..=3 => {
                let v = data.get(p..p + 2).ok_or_else(|| malformed(".nv.info record", base + p as u64, "cut off"))?;
                p += 2;
                v
            }
            4 => {
                let len = data
                    .get(p..p + 2)
                    .map(|b| u16::from_le_bytes([b[0], b[1]]) as usize)
                    .ok_or_else(|| malformed(".nv.info record", base + p as u64, "cut off"))?;
                p += 2;
                let v = data.get(p..p + len).ok_or_else(|| {
                    malformed(
                        ".nv.info record",
                        base + p as u64,
                        format!("{len} bytes of payload run past the section"),
                    )
                })?;
                p += len;
                v
            }
            other => {
                return Err(malformed(
                    ".nv.info record",
                    base + p as u64 - 2,
                    format!("format {other:#x} is none of 1 to 4"),
                ))
            }
        };
        f(attr, payload);
    }
    Ok(())
}

fn u32_at(b: &[u8], i: usize) -> Option<u32> {
    b.get(i..i + 4).map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

fn dims(b: &[u8]) -> Option<[u32; 3]> {
    Some([u32_at(b, 0)?, u32_at(b, 4)?, u32_at(b, 8)?])
}

/// Parse a cubin.
pub fn parse_cubin(bytes: &[u8]) -> Result<Cubin> {
    let e = LE;
    let header = FileHeader64::<LE>::parse(bytes).map_err(|err| malformed("cubin ELF header", 0, err.to_string()))?;
    if header.e_machine(e) != EM_CUDA {
        return Err(malformed(
            "cubin ELF header",
            0,
            format!("e_machine {} is not EM_CUDA (190)", header.e_machine(e)),
        ));
    }
    let e_flags = header.e_flags(e);
    // ELF ABI version 7 (through sm_90): the architecture in bits 0-7, bit 11 the `a` variant; version 8
    // (CUDA 12.8+, sm_100 on): the architecture in bits 8-15, bit 3 the `a` variant.
    let (sm, arch_specific) = match bytes[8] {
        8 => ((e_flags >> 8) & 0xff, e_flags & 0x8 != 0),
        _ => (e_flags & 0xff, e_flags & 0x800 != 0),
    };
    let shoff = header.e_shoff(e);
    let sections =
        header.sections(e, bytes).map_err(|err| malformed("cubin section header table", shoff, err.to_string()))?;
    // The program headers and every section with bytes lie in the file: a cut-off cubin is refused, not
    // read in part.
    let phoff = header.e_phoff(e);
    let ph_end = u64::from(header.e_phnum(e)) * u64::from(header.e_phentsize(e));
    if phoff.checked_add(ph_end).is_none_or(|end| end > bytes.len() as u64) {
        return Err(malformed(
            "cubin program header table",
            phoff,
            format!("{ph_end} bytes run past the end of the {}-byte cubin", bytes.len()),
        ));
    }
    for (i, s) in sections.iter().enumerate() {
        if s.sh_type(e) != object::elf::SHT_NOBITS
            && s.sh_offset(e).checked_add(s.sh_size(e)).is_none_or(|end| end > bytes.len() as u64)
        {
            return Err(malformed(
                "cubin section",
                s.sh_offset(e),
                format!("section {i} ({} bytes) runs past the end of the {}-byte cubin", s.sh_size(e), bytes.len()),
            ));
        }
    }
    let symbols = sections
        .symbols(e, bytes, object::elf::SHT_SYMTAB)
        .map_err(|err| malformed("cubin symbol table", shoff, err.to_string()))?;
    let name_of = |s: &object::elf::SectionHeader64<LE>| -> String {
        sections.section_name(e, s).map(|n| String::from_utf8_lossy(n).into_owned()).unwrap_or_default()
    };
    // Per-symbol attributes of `.nv.info`, and per-section (by sh_info, the kernel's text section) ones.
    let mut regs = std::collections::HashMap::new();
    let mut stack = std::collections::HashMap::new();
    let mut frame = std::collections::HashMap::new();
    // Per kernel text section: the launch bounds ptxas kept (the first of each).
    #[derive(Default)]
    struct Bounds {
        max_threads: Option<wavebudget_model::LaunchDims>,
        reqntid: Option<wavebudget_model::LaunchDims>,
        maxreg: Option<u32>,
        barriers: Option<u32>,
    }
    let mut per_section: std::collections::HashMap<u32, Bounds> = Default::default();
    let mut sized: std::collections::HashMap<(u32, &'static str), u64> = Default::default();
    let mut reserve_marked = false;
    for s in sections.iter() {
        let name = name_of(s);
        let off = s.sh_offset(e);
        if s.sh_type(e) == SHT_CUDA_INFO && name.starts_with(".nv.info") {
            let data = s.data(e, bytes).map_err(|err| malformed(".nv.info section", off, err.to_string()))?;
            if name == ".nv.info" {
                for_each_attribute(data, off, &mut |a, p| {
                    let (Some(sym), Some(v)) = (u32_at(p, 0), u32_at(p, 4)) else { return };
                    match a {
                        EIATTR_REGCOUNT => regs.insert(sym, v),
                        EIATTR_MIN_STACK_SIZE => stack.insert(sym, v),
                        EIATTR_FRAME_SIZE => frame.insert(sym, v),
                        _ => None,
                    };
                })?;
            } else {
                let b = per_section.entry(s.sh_info(e)).or_default();
                for_each_attribute(data, off, &mut |a, p| match a {
                    EIATTR_MAX_THREADS if b.max_threads.is_none() => {
                        b.max_threads = dims(p).map(wavebudget_model::LaunchDims::new)
                    }
                    EIATTR_REQNTID if b.reqntid.is_none() => b.reqntid = dims(p).map(wavebudget_model::LaunchDims::new),
                    EIATTR_MAXREG_COUNT if b.maxreg.is_none() => {
                        b.maxreg = p.get(..2).map(|h| u32::from(u16::from_le_bytes([h[0], h[1]])))
                    }
                    EIATTR_NUM_BARRIERS if b.barriers.is_none() => {
                        b.barriers = p.get(..2).map(|h| u32::from(u16::from_le_bytes([h[0], h[1]])))
                    }
                    _ => {}
                })?;
            }
        }
        if name.starts_with(".nv.shared.reserved") {
            reserve_marked = true;
        }
        for prefix in [".nv.shared.", ".nv.local.", ".nv.constant0."] {
            if name.starts_with(prefix) && !name.starts_with(".nv.shared.reserved") {
                let total = sized.entry((s.sh_info(e), prefix)).or_default();
                *total = total.saturating_add(s.sh_size(e));
            }
        }
    }
    // The per-block reserve ptxas puts at the start of each kernel's shared section: its size where the
    // cubin gives it (`.nv.reservedSmem.cap`), else the driver's 1 KiB where the cubin marks a reserve.
    let mut reserve_cap = None;
    for sym in symbols.iter() {
        let n = symbols.symbol_name(e, sym).unwrap_or_default();
        if n == b".nv.reservedSmem.cap" {
            reserve_cap = Some(sym.st_value(e));
        } else if n == b".nv.reservedSmem.offset0" || n == b"__nv_reservedSMEM_offset_0_alias" {
            reserve_marked = true;
        }
    }
    let reserve = reserve_cap.unwrap_or(if reserve_marked { DEFAULT_RESERVED_SHARED } else { 0 });
    let mut kernels = Vec::new();
    for (i, sym) in symbols.iter().enumerate() {
        if sym.st_type() != object::elf::STT_FUNC || sym.st_other() & STO_CUDA_ENTRY == 0 {
            continue;
        }
        let name = String::from_utf8_lossy(symbols.symbol_name(e, sym).unwrap_or_default()).into_owned();
        let text = u32::from(sym.st_shndx(e));
        let bounds = per_section.get(&text);
        let i = i as u32;
        let shared_section = sized.get(&(text, ".nv.shared.")).copied().unwrap_or(0);
        let reserved_shared = if shared_section > 0 { reserve.min(shared_section) } else { 0 };
        // Barriers: the record ptxas 13 writes, else the count in the text section's flags.
        let text_flags =
            sections.section(object::read::SectionIndex(text as usize)).map(|h| h.sh_flags(e)).unwrap_or(0);
        let barriers = bounds.and_then(|b| b.barriers).unwrap_or(((text_flags >> 20) & 0x1f) as u32);
        let nv_local = sized.get(&(text, ".nv.local.")).copied().unwrap_or(0);
        kernels.push(CubinKernel {
            regs: regs.get(&i).copied(),
            shared_mem: shared_section - reserved_shared,
            shared_section,
            reserved_shared,
            local_mem: nv_local.max(u64::from(stack.get(&i).copied().unwrap_or(0))),
            barriers,
            param_bank: sized.get(&(text, ".nv.constant0.")).copied().unwrap_or(0),
            stack: stack.get(&i).copied(),
            frame: frame.get(&i).copied(),
            max_threads: bounds.and_then(|b| b.max_threads),
            reqntid: bounds.and_then(|b| b.reqntid),
            maxreg: bounds.and_then(|b| b.maxreg),
            name,
        });
    }
    Ok(Cubin { sm, arch_specific, e_flags, kernels })
}

/// Where a cubin was found.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct CudaSource {
    /// Offset of the fat binary in the file (none for a bare cubin).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fatbin_offset: Option<u64>,
    /// Index of the entry among the file's fat binary entries (counted across all its fat binaries, so
    /// `#N` names one entry of the file).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<usize>,
    /// The entry's compression (`lz4`, `zstd`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compression: Option<&'static str>,
}

impl CudaSource {
    /// `#<entry>` for a fat binary's entry; empty for a bare cubin.
    pub fn suffix(&self) -> String {
        self.entry.map(|i| format!("#{i}")).unwrap_or_default()
    }
}

/// What the walk finds: a cubin, or an entry it does not read (PTX) and why.
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum CudaFound<'a> {
    /// A cubin's bytes (decompressed where the entry was compressed).
    Cubin(CudaSource, Cow<'a, [u8]>),
    /// An entry that is not a cubin, and why it is not read.
    Skipped(CudaSource, crate::SkipReason),
}

/// Every cubin of a file: a cubin itself, a fat binary, or a host ELF with `.nv_fatbin`. `budget`: the
/// bytes compressed entries may decompress to (shared by a command's inputs); each entry's is spent
/// from it before it is decompressed.
pub fn walk_cuda(
    bytes: &[u8],
    budget: &crate::InputBudget,
    f: &mut dyn FnMut(CudaFound<'_>) -> Result<()>,
) -> Result<()> {
    if is_cubin(bytes) {
        return f(CudaFound::Cubin(CudaSource::default(), Cow::Borrowed(bytes)));
    }
    let (region, base) = if is_fatbin(bytes) { (bytes, 0u64) } else { nv_fatbin(bytes)? };
    let mut p = 0usize;
    let mut entry = 0usize;
    while p < region.len() {
        let at = base + p as u64;
        // Fat binaries sit back to back, 8-byte aligned; zero padding ends the section.
        if region[p..].iter().all(|&b| b == 0) {
            break;
        }
        let h = region.get(p..p + 16).ok_or_else(|| malformed("fat binary header", at, "cut off"))?;
        if u32_at(h, 0) != Some(FATBIN_MAGIC) {
            return Err(malformed(
                "fat binary header",
                at,
                format!("magic {:#010x}, not 0xba55ed50", u32_at(h, 0).unwrap_or(0)),
            ));
        }
        let header_size = usize::from(u16::from_le_bytes([h[6], h[7]]));
        let fat_size = u64::from_le_bytes(h[8..16].try_into().expect("8 bytes"));
        let end = (p as u64).checked_add(header_size as u64).and_then(|v| v.checked_add(fat_size));
        let end = match end {
            Some(end) if end <= region.len() as u64 && header_size >= 16 => end as usize,
            _ => {
                return Err(malformed(
                    "fat binary header",
                    at,
                    format!(
                        "{header_size}-byte header and {fat_size} bytes of entries run past the {} bytes there",
                        region.len() - p
                    ),
                ))
            }
        };
        let mut q = p + header_size;
        while q < end {
            let eat = base + q as u64;
            let eh = region
                .get(q..q + 64)
                .filter(|_| q + 64 <= end)
                .ok_or_else(|| malformed("fat binary entry", eat, "cut off"))?;
            let kind = u16::from_le_bytes([eh[0], eh[1]]);
            let ehs = u32_at(eh, 4).expect("4 bytes") as usize;
            let size = u64::from_le_bytes(eh[8..16].try_into().expect("8 bytes"));
            let csize = u32_at(eh, 16).expect("4 bytes") as usize;
            let flags = u64::from_le_bytes(eh[40..48].try_into().expect("8 bytes"));
            let dsize = u64::from_le_bytes(eh[56..64].try_into().expect("8 bytes"));
            let payload_end = (q as u64).checked_add(ehs as u64).and_then(|v| v.checked_add(size));
            let payload = match payload_end {
                Some(pe) if ehs >= 64 && pe <= end as u64 => &region[q + ehs..pe as usize],
                _ => {
                    return Err(malformed(
                        "fat binary entry",
                        eat,
                        format!("{ehs}-byte header and {size}-byte payload run past its fat binary"),
                    ))
                }
            };
            let mut src = CudaSource { fatbin_offset: Some(at), entry: Some(entry), compression: None };
            match kind {
                2 => {
                    let bytes: Cow<'_, [u8]> = match flags & (FLAG_LZ4 | FLAG_ZSTD) {
                        0 => Cow::Borrowed(payload),
                        c => {
                            if dsize > budget.left() {
                                return Err(Error::OverBudget {
                                    within: Vec::new(),
                                    structure: "fat binary entry",
                                    offset: eat,
                                    detail: format!("its cubin would decompress to {dsize} bytes{}", budget.earlier()),
                                    budget: budget.total(),
                                });
                            }
                            budget.spend(dsize);
                            let packed = payload.get(..csize.min(payload.len())).unwrap_or(payload);
                            src.compression = Some(if c == FLAG_LZ4 { "lz4" } else { "zstd" });
                            Cow::Owned(decompress(c, packed, dsize, eat)?)
                        }
                    };
                    f(CudaFound::Cubin(src, bytes))?;
                }
                1 => f(CudaFound::Skipped(src, crate::SkipReason::Ptx))?,
                _ => f(CudaFound::Skipped(src, crate::SkipReason::OtherFatbinEntry))?,
            }
            entry += 1;
            q = q + ehs + size as usize;
        }
        p = end.div_ceil(8) * 8;
    }
    Ok(())
}

/// LZ4 blocks cannot expand more than about 255 times (a 1-byte token and a run of 255-length bytes per
/// 255 bytes of match), so a header claiming more is refused before anything is allocated.
const LZ4_MAX_RATIO: u64 = 256;
/// Output reserved per compressed byte for zstd before decompressing; the rest grows with real output.
#[cfg(feature = "zstd")]
const ZSTD_PREALLOC_PER_BYTE: u64 = 8;

fn decompress(method: u64, packed: &[u8], size: u64, at: u64) -> Result<Vec<u8>> {
    let usize_of = |v: u64| usize::try_from(v).map_err(|_| malformed("fat binary entry", at, "size does not fit"));
    // The offload bundles' guard: above RATIO_FREE_SIZE, no more than MAX_RATIO times the compressed bytes
    // (cubins compress 3-20x; a 66 KB entry claiming 2 GiB is a decompression bomb, which zstd can truly
    // expand to), refused before anything is allocated or decompressed.
    use crate::bundle::{MAX_RATIO, RATIO_FREE_SIZE};
    if size > RATIO_FREE_SIZE && size / MAX_RATIO > packed.len() as u64 {
        return Err(malformed(
            "fat binary entry",
            at,
            format!(
                "header says {size} bytes uncompressed from {} compressed: over the {MAX_RATIO}x ratio accepted",
                packed.len()
            ),
        ));
    }
    if method == FLAG_LZ4 {
        if size > LZ4_MAX_RATIO * (packed.len() as u64 + 16) {
            return Err(malformed(
                "fat binary entry (LZ4)",
                at,
                format!("header says {size} bytes from {} compressed: more than LZ4 can expand to", packed.len()),
            ));
        }
        let mut out = vec![0u8; usize_of(size)?];
        let n = lz4_flex::block::decompress_into(packed, &mut out)
            .map_err(|err| malformed("fat binary entry (LZ4)", at, err.to_string()))?;
        if n as u64 != size {
            return Err(malformed(
                "fat binary entry (LZ4)",
                at,
                format!("decompressed to {n} bytes, its header says {size}"),
            ));
        }
        return Ok(out);
    }
    if method == FLAG_ZSTD {
        #[cfg(feature = "zstd")]
        {
            use std::io::Read;
            let mut out = Vec::with_capacity(usize_of(size.min(packed.len() as u64 * ZSTD_PREALLOC_PER_BYTE))?);
            zstd::stream::read::Decoder::with_buffer(packed)
                .and_then(|d| d.take(size + 1).read_to_end(&mut out))
                .map_err(|err| malformed("fat binary entry (zstd)", at, err.to_string()))?;
            if out.len() as u64 != size {
                return Err(malformed(
                    "fat binary entry (zstd)",
                    at,
                    format!("decompressed to {} bytes, its header says {size}", out.len()),
                ));
            }
            return Ok(out);
        }
        #[cfg(not(feature = "zstd"))]
        return Err(Error::unsupported(
            "fat binary entry",
            at,
            "zstd-compressed, and this build has no zstd (feature `zstd`)",
        ));
    }
    Err(Error::unsupported("fat binary entry", at, format!("compression flags {method:#x}")))
}

/// The `.nv_fatbin` section of a host ELF, and its file offset.
fn nv_fatbin(bytes: &[u8]) -> Result<(&[u8], u64)> {
    let e = LE;
    let header = FileHeader64::<LE>::parse(bytes).map_err(|err| {
        malformed("ELF header", 0, format!("{err} (only 64-bit little-endian host binaries are read)"))
    })?;
    let shoff = header.e_shoff(e);
    let sections =
        header.sections(e, bytes).map_err(|err| malformed("ELF section header table", shoff, err.to_string()))?;
    let (_, sec) = sections
        .section_by_name(e, NV_FATBIN_SECTION.as_bytes())
        .ok_or_else(|| malformed("ELF section header table", shoff, format!("no {NV_FATBIN_SECTION} section")))?;
    let off = sec.sh_offset(e);
    let data =
        sec.data(e, bytes).map_err(|err| malformed("ELF section", off, format!("{NV_FATBIN_SECTION}: {err}")))?;
    Ok((data, off))
}

/// Does a host ELF carry `.nv_fatbin`?
pub fn has_nv_fatbin(bytes: &[u8]) -> bool {
    bytes.starts_with(&object::elf::ELFMAG) && nv_fatbin(bytes).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A decompression bomb in a fat binary entry is refused by the ratio guard the offload bundles
    /// have, for each compression: 128 MiB of zeros compresses to a few KiB (zstd truly expands it back;
    /// LZ4 cannot reach that ratio at all).
    #[test]
    fn bombs_are_refused_before_decompressing() {
        let size: u64 = 128 << 20;
        #[cfg(feature = "zstd")]
        {
            let zeros = vec![0u8; size as usize];
            let packed = zstd::bulk::compress(&zeros, 3).unwrap();
            assert!(packed.len() < 64 << 10, "{}", packed.len());
            let e = decompress(FLAG_ZSTD, &packed, size, 16).unwrap_err().to_string();
            assert!(e.contains("over the 1024x ratio accepted"), "{e}");
            // Within the ratio, the same bytes decompress as before.
            let small = zstd::bulk::compress(&zeros[..4096], 3).unwrap();
            assert_eq!(decompress(FLAG_ZSTD, &small, 4096, 16).unwrap(), vec![0u8; 4096]);
        }
        let packed = vec![0u8; 1000];
        let e = decompress(FLAG_LZ4, &packed, size, 16).unwrap_err().to_string();
        assert!(e.contains("over the 1024x ratio accepted"), "{e}");
    }
}
