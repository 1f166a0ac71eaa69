//! One AMDGPU code object (relocatable `.o` from llc/clang, or linked `ld.lld -shared`): ELF header,
//! metadata note, kernel descriptors. Everything borrows from the input bytes.

use std::collections::HashMap;

use object::elf::{self, FileHeader64};
use object::read::elf::{FileHeader, SectionHeader, Sym};
use object::LittleEndian as LE;
use serde::Serialize;

use crate::eflags::{self, Flags};
use crate::error::{Error, Result};
use crate::kd::KernelDescriptor;
use crate::metadata::{KernelMeta, Metadata};

/// `NT_AMDGPU_METADATA`.
pub const NT_AMDGPU_METADATA: u32 = 32;
/// Note name of AMDGPU notes.
pub const NOTE_NAME: &[u8] = b"AMDGPU";

/// What kind of ELF file the code object is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum ElfKind {
    /// `ET_REL`: an object from `llc -filetype=obj` or `clang -c`.
    Relocatable,
    /// `ET_DYN`: a linked code object (`ld.lld -shared`), what the loader takes.
    Shared,
    /// `ET_EXEC`.
    Executable,
}

/// A kernel: its metadata entry and the descriptor its `.symbol` names.
#[derive(Debug, Clone)]
pub struct Kernel<'a> {
    /// The metadata entry.
    pub meta: KernelMeta<'a>,
    /// The kernel descriptor, when the symbol is defined in this file.
    pub descriptor: Option<KernelDescriptor>,
    /// The kernel's machine code: the bytes of its function symbol (the name without `.kd`), when it is
    /// defined here with a size.
    pub code: Option<KernelCode<'a>>,
}

/// A function's machine code and the address it is loaded at (its offset in its section in a relocatable
/// object), for a disassembler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KernelCode<'a> {
    pub bytes: &'a [u8],
    pub address: u64,
}

impl Kernel<'_> {
    /// The kernel's resources, the one type every reader carries ([`wavebudget_model::KernelResources`]):
    /// [`KernelMeta::resources`] with this kernel's descriptor.
    pub fn resources(
        &self,
        processor: Option<&wavebudget_model::targets::Processor>,
    ) -> Option<wavebudget_model::KernelResources> {
        self.meta.resources(self.descriptor.as_ref(), processor)
    }
}

impl KernelMeta<'_> {
    /// WGP (`true`) or CU mode (`false`) on `processor` (the code object's own) where it has the switch:
    /// the metadata's `.workgroup_processor_mode` (V5+), else the descriptor's `WGP_MODE` bit (V4 has no
    /// key). The one rule for it: [`KernelMeta::resources`] and `inspect` take it.
    pub fn wgp_mode(
        &self,
        descriptor: Option<&KernelDescriptor>,
        processor: Option<&wavebudget_model::targets::Processor>,
    ) -> Option<bool> {
        let p = processor.filter(|p| p.has_wgp_mode())?;
        self.workgroup_processor_mode.or_else(|| descriptor.and_then(|d| d.workgroup_processor_mode(p)))
    }

    /// The kernel's resources ([`wavebudget_model::KernelResources`]): the metadata's counts, the wave size
    /// from the metadata or the descriptor's bit, and what the descriptor allocates decoded on `processor`
    /// (the code object's own). `None` without the metadata's register counts (`.vgpr_count`,
    /// `.sgpr_count`) or a wave size (the metadata's, the descriptor's, or the processor's only one):
    /// nothing true could be said of its occupancy. The one place metadata becomes the shared type, so
    /// every reader agrees on what a missing key means.
    pub fn resources(
        &self,
        descriptor: Option<&KernelDescriptor>,
        processor: Option<&wavebudget_model::targets::Processor>,
    ) -> Option<wavebudget_model::KernelResources> {
        let m = self;
        let (vgpr_count, sgpr_count) = (m.vgpr_count?, m.sgpr_count?);
        let wave = m.wavefront_size.or(descriptor.map(|d| if d.wavefront_size32 { 32 } else { 64 }));
        let only = processor.and_then(|p| match p.wave_sizes() {
            [w] => Some(*w),
            _ => None,
        });
        let wavefront_size = wave.or(only)?;
        // The launch range by the model's one rule; a `.reqd_workgroup_size` whose product overflows has
        // none, and so no resources (not the `.max_flat_workgroup_size` range in its place).
        let launch = wavebudget_model::KernelResources::launch_of(m.reqd_workgroup_size, m.max_flat_workgroup_size)?;
        let workgroup_processor_mode = m.wgp_mode(descriptor, processor);
        let descriptor = descriptor.zip(processor).map(|(d, p)| {
            let (vgprs, sgprs) = d.allocated(p, wavefront_size);
            wavebudget_model::DescriptorCounts { vgprs, sgprs }
        });
        Some(wavebudget_model::KernelResources {
            vgpr_count,
            agpr_count: m.agpr_count.unwrap_or(0),
            sgpr_count,
            group_segment_fixed_size: m.group_segment_fixed_size.unwrap_or(0),
            private_segment_fixed_size: m.private_segment_fixed_size.unwrap_or(0),
            wavefront_size,
            // LLVM's own default when a kernel has no launch bounds (and what it writes then).
            max_flat_workgroup_size: m.max_flat_workgroup_size.unwrap_or(wavebudget_model::WorkgroupSize::DEFAULT.max),
            reqd_workgroup_size: m.reqd_workgroup_size.map(|_| launch.max),
            spills: wavebudget_model::KernelResources::spill_sum(m.vgpr_spill_count, m.sgpr_spill_count)
                .map_or(0, |n| u32::try_from(n).unwrap_or(u32::MAX)),
            descriptor,
            workgroup_processor_mode,
        })
    }
}

/// A parsed AMDGPU code object.
#[derive(Debug, Clone)]
pub struct CodeObject<'a> {
    /// ELF type.
    pub kind: ElfKind,
    /// Code object version (4, 5, 6, ...) from `EI_ABIVERSION`.
    pub version: Option<u32>,
    /// Raw `e_flags`.
    pub e_flags: u32,
    /// Decoded `e_flags`.
    pub flags: Flags,
    /// The metadata note's top-level keys, if the note is present (its `kernels` are moved to
    /// [`CodeObject::kernels`], next to their descriptors).
    pub metadata: Option<Metadata<'a>>,
    /// Kernels, in metadata order (or symbol order when there is no metadata).
    pub kernels: Vec<Kernel<'a>>,
    /// What the `amdgpu-occupancy-budget` pass decided before code generation, from the
    /// `.wavebudget.info` section it writes (one line per kernel), if present.
    pub pass_info: Vec<PassInfo>,
}

/// One kernel's line of `.wavebudget.info`, the section the `amdgpu-occupancy-budget` pass writes what it
/// decided into: `kernel=<name> waves=<W> vgpr_budget=<R> sgpr_budget=<S|-> wg=<min>,<max> lds=<bytes>`.
/// One definition: the pass writes it with [`PassInfo::write_line`], the reader reads it back with
/// [`parse_pass_info`], every field (a line of an older pass, without the last three, reads them as absent).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PassInfo {
    /// Kernel (function) name.
    pub kernel: String,
    /// Waves/SIMD the pass set.
    pub waves: u32,
    /// The VGPR budget of that request.
    pub vgpr_budget: u32,
    /// The SGPR budget of that request (none where the model gives none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sgpr_budget: Option<u32>,
    /// The launch range the budget is for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workgroup: Option<wavebudget_model::WorkgroupSize>,
    /// The static LDS bytes the budget is for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lds: Option<u32>,
}

impl PassInfo {
    /// Appends this kernel's line, `\n`-terminated: the name with every byte that is not printable ASCII,
    /// and `%`, written `%XX` (a name may hold a space or a newline, which would split the line or forge
    /// another). Pushed piece by piece: the pass writes it once per kernel it sets, and the formatting
    /// machinery would cost more than the line.
    pub fn write_line(&self, out: &mut String) {
        out.push_str("kernel=");
        for c in self.kernel.bytes() {
            if c.is_ascii_graphic() && c != b'%' {
                out.push(c as char);
            } else {
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                out.push('%');
                out.push(HEX[(c >> 4) as usize] as char);
                out.push(HEX[(c & 15) as usize] as char);
            }
        }
        out.push_str(" waves=");
        push_decimal(out, self.waves);
        out.push_str(" vgpr_budget=");
        push_decimal(out, self.vgpr_budget);
        out.push_str(" sgpr_budget=");
        match self.sgpr_budget {
            Some(s) => push_decimal(out, s),
            None => out.push('-'),
        }
        if let Some(w) = self.workgroup {
            out.push_str(" wg=");
            push_decimal(out, w.min);
            out.push(',');
            push_decimal(out, w.max);
        }
        if let Some(l) = self.lds {
            out.push_str(" lds=");
            push_decimal(out, l);
        }
        out.push('\n');
    }
}

/// Appends `n` in decimal, as `Display` writes it.
pub fn push_decimal(out: &mut String, mut n: u32) {
    let mut digits = [0u8; 10];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[at..]).expect("ASCII digits"));
}

/// Parses `.wavebudget.info`; lines that do not parse are skipped (they are ours, but the bytes are not).
pub fn parse_pass_info(bytes: &[u8]) -> Vec<PassInfo> {
    let text = String::from_utf8_lossy(bytes);
    text.lines()
        .filter_map(|l| {
            let mut kernel = None;
            let (mut waves, mut budget, mut sgpr_budget, mut workgroup, mut lds) = (None, None, None, None, None);
            for kv in l.split_whitespace() {
                match kv.split_once('=')? {
                    ("kernel", v) => kernel = Some(unescape_name(v)?),
                    ("waves", v) => waves = v.parse().ok(),
                    ("vgpr_budget", v) => budget = v.parse().ok(),
                    ("sgpr_budget", v) => sgpr_budget = v.parse().ok(),
                    ("wg", v) => {
                        workgroup = v.split_once(',').and_then(|(a, b)| {
                            Some(wavebudget_model::WorkgroupSize { min: a.parse().ok()?, max: b.parse().ok()? })
                        })
                    }
                    ("lds", v) => lds = v.parse().ok(),
                    _ => {}
                }
            }
            Some(PassInfo { kernel: kernel?, waves: waves?, vgpr_budget: budget?, sgpr_budget, workgroup, lds })
        })
        .collect()
}

/// A kernel name as `.wavebudget.info` writes it: bytes that are not printable ASCII, and `%`, as `%XX`.
/// `None` for a malformed escape (the line is then skipped).
fn unescape_name(v: &str) -> Option<String> {
    if !v.contains('%') {
        return Some(v.to_string());
    }
    let (b, mut out, mut i) = (v.as_bytes(), Vec::with_capacity(v.len()), 0);
    while i < b.len() {
        if b[i] == b'%' {
            let hex = b.get(i + 1..i + 3).filter(|h| h.iter().all(u8::is_ascii_hexdigit))?;
            out.push(u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// The descriptor of the first note named `name` with type `ty` in any `SHT_NOTE` section, found through
/// the section headers alone (no metadata is decoded). `Ok(None)` when there is none.
pub fn find_note<'a>(data: &'a [u8], name: &[u8], ty: u32) -> Result<Option<&'a [u8]>> {
    let e = LE;
    let header = FileHeader64::<LE>::parse(data).map_err(obj_err("ELF header", 0))?;
    let sections = header.sections(e, data).map_err(obj_err("ELF section header table", header.e_shoff(e)))?;
    for section in sections.iter() {
        if section.sh_type(e) != elf::SHT_NOTE {
            continue;
        }
        let off = section.sh_offset(e);
        let Some(mut notes) = section.notes(e, data).map_err(obj_err("ELF note section", off))? else { continue };
        while let Some(note) = notes.next().map_err(obj_err("ELF note", off))? {
            if note.name() == name && note.n_type(e) == ty {
                return Ok(Some(note.desc()));
            }
        }
    }
    Ok(None)
}

/// The kernel table `wavebudget embed` put into a code object (the descriptor of its `wavebudget` note).
/// `Ok(None)` when there is none.
pub fn embedded_table(data: &[u8]) -> Result<Option<&[u8]>> {
    find_note(data, crate::table::TABLE_NOTE_NAME, crate::table::NT_WAVEBUDGET_TABLE)
}

/// The target id an AMDGPU ELF file's header gives (`amdgcn-amd-amdhsa--gfx942:xnack-`), from `e_flags`
/// and the code object version alone: what a reader of the embedded table needs, without parsing the
/// sections. `None` where `e_flags` name no processor.
pub fn header_target_id(data: &[u8]) -> Result<Option<String>> {
    let header = FileHeader64::<LE>::parse(data).map_err(obj_err("ELF header", 0))?;
    let ident = header.e_ident();
    let version =
        (ident.os_abi == eflags::ELFOSABI_AMDGPU_HSA).then(|| eflags::code_object_version(ident.abi_version)).flatten();
    let flags = Flags::decode(header.e_flags(LE), version.unwrap_or(4));
    Ok(flags.target_id().map(|t| format!("amdgcn-amd-amdhsa--{t}")))
}

/// True if `bytes` start like an ELF64 little-endian file for `EM_AMDGPU`.
pub fn is_amdgpu_elf(bytes: &[u8]) -> bool {
    bytes.len() >= 20
        && bytes[..4] == elf::ELFMAG
        && bytes[4] == elf::ELFCLASS64
        && u16::from_le_bytes([bytes[18], bytes[19]]) == eflags::EM_AMDGPU
}

fn obj_err(structure: &'static str, offset: u64) -> impl Fn(object::read::Error) -> Error {
    move |e| Error::malformed(structure, offset, e.to_string())
}

impl<'a> CodeObject<'a> {
    /// Parses a code object.
    pub fn parse(data: &'a [u8]) -> Result<CodeObject<'a>> {
        let header = FileHeader64::<LE>::parse(data).map_err(obj_err("ELF header", 0))?;
        let e = LE;
        if header.e_machine(e) != eflags::EM_AMDGPU {
            return Err(Error::malformed(
                "ELF header",
                0,
                format!("e_machine is {}, not EM_AMDGPU (224): not an AMDGPU code object", header.e_machine(e)),
            ));
        }
        let kind = match header.e_type(e) {
            elf::ET_REL => ElfKind::Relocatable,
            elf::ET_DYN => ElfKind::Shared,
            elf::ET_EXEC => ElfKind::Executable,
            t => {
                return Err(Error::malformed(
                    "ELF header",
                    0,
                    format!("e_type {t} is not a relocatable, shared or executable file"),
                ))
            }
        };
        let ident = header.e_ident();
        let version = (ident.os_abi == eflags::ELFOSABI_AMDGPU_HSA)
            .then(|| eflags::code_object_version(ident.abi_version))
            .flatten();
        let e_flags = header.e_flags(e);
        let flags = Flags::decode(e_flags, version.unwrap_or(4));
        let shoff = header.e_shoff(e);
        crate::section_table_fits(data.len(), shoff, header.e_shnum(e), header.e_shentsize(e))?;
        let sections = header.sections(e, data).map_err(obj_err("ELF section header table", shoff))?;
        if sections.is_empty() {
            return Err(Error::malformed(
                "ELF section header table",
                shoff,
                "e_shnum is 0: no sections, so no metadata note and no kernel descriptors to read",
            ));
        }

        // The metadata note.
        let mut metadata = None;
        let mut metadata_at = 0;
        for section in sections.iter() {
            if section.sh_type(e) != elf::SHT_NOTE {
                continue;
            }
            let off = section.sh_offset(e);
            let Some(mut notes) = section.notes(e, data).map_err(obj_err("ELF note section", off))? else {
                continue;
            };
            while let Some(note) = notes.next().map_err(obj_err("ELF note", off))? {
                if note.name() != NOTE_NAME || note.n_type(e) != NT_AMDGPU_METADATA {
                    continue;
                }
                let desc = note.desc();
                let desc_off = (desc.as_ptr() as usize).wrapping_sub(data.as_ptr() as usize) as u64;
                if metadata.is_some() {
                    return Err(Error::malformed("AMDGPU metadata note", desc_off, "a second NT_AMDGPU_METADATA note"));
                }
                metadata = Some(Metadata::decode(desc).map_err(|err| relocate(err, desc_off))?);
                metadata_at = desc_off;
            }
        }
        // The processor is told twice, and everything after reads e_flags' (the descriptor's layout, the
        // model's target) while the target id shown and matched is the metadata's: a code object where
        // they contradict each other (the compiler never writes one) has no one answer, and is refused.
        if let (Some(own), Some(told)) = (flags.processor, metadata.as_ref().and_then(|m| m.target.as_deref())) {
            if let Some(mismatch) = target_mismatch(told, own, &flags, version) {
                return Err(Error::malformed("AMDGPU metadata note", metadata_at, mismatch));
            }
        }

        // Kernel descriptors: `*.kd` symbols (symtab, or dynsym in a stripped linked object).
        let has_accum_offset = flags
            .processor
            .and_then(wavebudget_model::targets::processor)
            .is_some_and(|p| matches!(p.agpr_file, wavebudget_model::targets::AgprFile::Unified));
        let table_at = |kind| sections.iter().find(|s| s.sh_type(e) == kind).map_or(shoff, |s| s.sh_offset(e));
        let mut symbols = sections
            .symbols(e, data, elf::SHT_SYMTAB)
            .map_err(obj_err("ELF symbol table", table_at(elf::SHT_SYMTAB)))?;
        if symbols.is_empty() {
            symbols = sections
                .symbols(e, data, elf::SHT_DYNSYM)
                .map_err(obj_err("ELF dynamic symbol table", table_at(elf::SHT_DYNSYM)))?;
        }
        let mut descriptors: SymbolMap<'a, KernelDescriptor> = SymbolMap::default();
        let mut functions: SymbolMap<'a, KernelCode<'a>> = SymbolMap::default();
        let mut order: Vec<&'a [u8]> = Vec::new();
        for sym in symbols.iter() {
            if sym.st_type() == elf::STT_FUNC && sym.st_size(e) > 0 {
                let shndx = sym.st_shndx(e);
                if shndx == elf::SHN_UNDEF || shndx >= elf::SHN_LORESERVE {
                    continue;
                }
                let name = symbols.symbol_name(e, sym).map_err(obj_err("ELF symbol name", shoff))?;
                let sec = sections
                    .section(object::SectionIndex(shndx.into()))
                    .map_err(obj_err("function symbol's section", shoff))?;
                let value = sym.st_value(e);
                let in_section = if kind == ElfKind::Relocatable { value } else { value.wrapping_sub(sec.sh_addr(e)) };
                let sec_data = sec.data(e, data).map_err(obj_err("function section", sec.sh_offset(e)))?;
                // A function symbol past its section leaves the kernel without code (isa says so); it does
                // not make the rest of the code object unreadable.
                let Some(code) = usize::try_from(in_section)
                    .ok()
                    .zip(usize::try_from(sym.st_size(e)).ok())
                    .and_then(|(o, n)| sec_data.get(o..o.checked_add(n)?))
                else {
                    continue;
                };
                functions.insert(name, KernelCode { bytes: code, address: value });
                continue;
            }
            if sym.st_type() != elf::STT_OBJECT {
                continue;
            }
            let name = symbols.symbol_name(e, sym).map_err(obj_err("ELF symbol name", shoff))?;
            if !name.ends_with(b".kd") {
                continue;
            }
            let shndx = sym.st_shndx(e);
            if shndx == elf::SHN_UNDEF || shndx >= elf::SHN_LORESERVE {
                continue;
            }
            let sec = sections
                .section(object::SectionIndex(shndx.into()))
                .map_err(obj_err("kernel descriptor symbol's section", shoff))?;
            let value = sym.st_value(e);
            let in_section = if kind == ElfKind::Relocatable { value } else { value.wrapping_sub(sec.sh_addr(e)) };
            let sec_data = sec.data(e, data).map_err(obj_err("kernel descriptor section", sec.sh_offset(e)))?;
            let at = sec.sh_offset(e).saturating_add(in_section);
            let bytes = usize::try_from(in_section).ok().and_then(|o| sec_data.get(o..)).ok_or_else(|| {
                Error::malformed(
                    "kernel descriptor",
                    at,
                    format!(
                        "symbol {} points {in_section:#x} bytes into a section of {:#x} bytes",
                        String::from_utf8_lossy(name),
                        sec_data.len()
                    ),
                )
            })?;
            let kd = KernelDescriptor::parse(bytes, has_accum_offset, at)?;
            if descriptors.insert(name, kd).is_none() {
                order.push(name);
            }
        }

        let kernels = match &mut metadata {
            Some(md) => std::mem::take(&mut md.kernels)
                .into_iter()
                .map(|m| Kernel {
                    descriptor: descriptors.get(m.symbol.as_bytes()).copied(),
                    code: functions.get(without_kd(&m.symbol).as_bytes()).copied(),
                    meta: m,
                })
                .collect(),
            None => order
                .iter()
                .map(|n| {
                    let sym = String::from_utf8_lossy(n).into_owned();
                    let name = sym.trim_end_matches(".kd").to_string();
                    Kernel {
                        descriptor: descriptors.get(n).copied(),
                        code: functions.get(name.as_bytes()).copied(),
                        meta: KernelMeta { name: name.into(), symbol: sym.into(), ..KernelMeta::default() },
                    }
                })
                .collect(),
        };
        let pass_info = match info_section(header, &sections, data) {
            Some((_, sec)) => {
                parse_pass_info(sec.data(e, data).map_err(obj_err(".wavebudget.info section", sec.sh_offset(e)))?)
            }
            None => Vec::new(),
        };
        Ok(CodeObject { kind, version, e_flags, flags, metadata, kernels, pass_info })
    }

    /// The target id: `amdhsa.target` when present, else built from `e_flags`. Where the note leaves a
    /// feature "any" and `e_flags` set it (the one agreement short of equality `parse` lets through),
    /// the setting is taken: the build runs only with it.
    pub fn target_id(&self) -> Option<String> {
        match self.metadata.as_ref().and_then(|m| m.target.as_deref()) {
            Some(told) => Some(with_settings_of(told, &self.flags)),
            None => self.flags.target_id().map(|t| format!("amdgcn-amd-amdhsa--{t}")),
        }
    }
}

/// A feature's setting in a target id (`gfx90a:xnack-` gives `Some(false)` for `xnack`).
fn setting(id: &str, feature: &str) -> Option<bool> {
    id.split(':').skip(1).find_map(|x| match x.strip_prefix(feature)? {
        "+" => Some(true),
        "-" => Some(false),
        _ => None,
    })
}

/// The settings `e_flags` give, in LLVM's order: `sramecc` before `xnack`.
fn flag_settings(flags: &Flags) -> [(&'static str, Option<bool>); 2] {
    let on = |f: eflags::Feature| f.suffix().map(|c| c == '+');
    [("sramecc", on(flags.sramecc)), ("xnack", on(flags.xnack))]
}

/// `told` (`amdgcn-amd-amdhsa--gfx942`) with the settings of `flags` it leaves "any" (xnack on in
/// `e_flags` gives `amdgcn-amd-amdhsa--gfx942:xnack+`), LLVM's order. `told` as it is where it gives
/// every setting `flags` give, or is not `amdgcn-amd-amdhsa--...`.
fn with_settings_of(told: &str, flags: &Flags) -> String {
    let Some(named) = told.strip_prefix("amdgcn-amd-amdhsa--") else { return told.to_string() };
    let settings = flag_settings(flags);
    if !settings.iter().any(|(f, s)| setting(named, f).is_none() && s.is_some()) {
        return told.to_string();
    }
    let mut out = format!("amdgcn-amd-amdhsa--{}", named.split(':').next().unwrap_or(named));
    for (f, s) in settings {
        if let Some(on) = setting(named, f).or(s) {
            out.push_str(&format!(":{f}{}", if on { '+' } else { '-' }));
        }
    }
    out
}

/// Why `amdhsa.target` (`told`) disagrees with `e_flags` (processor `own`, `flags`' settings), if it
/// does: another processor, or (code object V4 and later, whose flags carry each feature's setting) a
/// feature on in one and off in the other. "Any" in one and a setting in the other is not a
/// disagreement (a build for any runs with either setting; linkers merge `e_flags` that way). A target
/// that is not `amdgcn-amd-amdhsa--...` is not compared.
fn target_mismatch(told: &str, own: &str, flags: &Flags, version: Option<u32>) -> Option<String> {
    let named = told.strip_prefix("amdgcn-amd-amdhsa--")?;
    let processor = named.split([':', '+']).next().unwrap_or(named);
    if processor != own {
        return Some(format!("amdhsa.target '{told}' names processor {processor}, but e_flags name {own}"));
    }
    if version.unwrap_or(4) < 4 {
        return None;
    }
    flag_settings(flags).into_iter().find_map(|(f, s)| match (setting(named, f), s) {
        (Some(a), Some(b)) if a != b => Some(format!(
            "amdhsa.target '{told}' has {f}{}, but e_flags have {f}{} ({})",
            if a { '+' } else { '-' },
            if b { '+' } else { '-' },
            flags.target_id().unwrap_or_default()
        )),
        _ => None,
    })
}

/// The `.wavebudget.info` section: what `SectionTable::section_by_name` finds (the first section of
/// that name), by comparing the name's bytes in the section name table where they are, without reading
/// every section's name out of it first.
fn info_section<'t>(
    header: &FileHeader64<LE>,
    sections: &'t object::read::elf::SectionTable<'_, FileHeader64<LE>>,
    data: &[u8],
) -> Option<(object::SectionIndex, &'t object::elf::SectionHeader64<LE>)> {
    const NAME: &[u8] = b".wavebudget.info\0";
    let index = header.shstrndx(LE, data).ok()?;
    let names = sections.section(object::SectionIndex(index as usize)).ok()?.data(LE, data).ok()?;
    sections.iter().enumerate().find_map(|(i, s)| {
        let at = s.sh_name(LE) as usize;
        (names.get(at..at.checked_add(NAME.len())?) == Some(NAME)).then_some((object::SectionIndex(i), s))
    })
}

/// `symbol.trim_end_matches(".kd")`, without setting up a substring search for three bytes.
fn without_kd(mut symbol: &str) -> &str {
    while let Some(s) = symbol.strip_suffix(".kd") {
        symbol = s;
    }
    symbol
}

/// Values by symbol name, as a `HashMap` keeps them (a later insert of a name replaces the value): a list
/// searched in order while it holds at most [`SymbolMap::SMALL`] names (most code objects have a few
/// kernels, and hashing each name cost more than the search), a `HashMap` past that.
enum SymbolMap<'a, V> {
    Small(Vec<(&'a [u8], V)>),
    Large(HashMap<&'a [u8], V>),
}

impl<V> Default for SymbolMap<'_, V> {
    fn default() -> Self {
        SymbolMap::Small(Vec::new())
    }
}

impl<'a, V> SymbolMap<'a, V> {
    const SMALL: usize = 16;

    /// `HashMap::insert`: the value before, if the name was there.
    fn insert(&mut self, name: &'a [u8], value: V) -> Option<V> {
        let list = match self {
            SymbolMap::Large(map) => return map.insert(name, value),
            SymbolMap::Small(list) => list,
        };
        if let Some(slot) = list.iter_mut().find(|(n, _)| *n == name) {
            return Some(std::mem::replace(&mut slot.1, value));
        }
        if list.len() < Self::SMALL {
            list.push((name, value));
            return None;
        }
        let mut map: HashMap<&'a [u8], V> = list.drain(..).collect();
        map.insert(name, value);
        *self = SymbolMap::Large(map);
        None
    }

    fn get(&self, name: &[u8]) -> Option<&V> {
        match self {
            SymbolMap::Small(list) => list.iter().find(|(n, _)| *n == name).map(|(_, v)| v),
            SymbolMap::Large(map) => map.get(name),
        }
    }
}

/// Moves an error from the note's descriptor to its place in the file.
fn relocate(err: Error, base: u64) -> Error {
    match err {
        Error::Malformed { within, structure, offset, detail } => {
            Error::Malformed { within, structure, offset: offset + base, detail }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::KernelMeta;
    use wavebudget_model::targets::processor;

    /// Names in `.wavebudget.info` come back from their `%XX` escapes; a line with a malformed escape
    /// (a sign, one digit, the end of the name) is skipped, never read as another name.
    #[test]
    fn info_names_are_unescaped_and_malformed_escapes_skip_the_line() {
        let text = b"kernel=x%0Akernel=victim waves=1 vgpr_budget=512\nkernel=a%20b%25c waves=4 vgpr_budget=128\n\
kernel=p%+1 waves=2 vgpr_budget=256\nkernel=q%4 waves=2 vgpr_budget=256\nkernel=r% waves=2 vgpr_budget=256\n";
        let info = super::parse_pass_info(text);
        let names: Vec<&str> = info.iter().map(|p| p.kernel.as_str()).collect();
        assert_eq!(names, ["x\nkernel=victim", "a b%c"]);
    }

    /// What the pass writes reads back whole: every field, names with spaces, newlines, `%` and bytes
    /// beyond ASCII; an SGPR budget the model does not give is `-`, read as absent.
    #[test]
    fn a_written_line_reads_back_whole() {
        let infos = [
            super::PassInfo {
                kernel: "acc40".into(),
                waves: 4,
                vgpr_budget: 128,
                sgpr_budget: Some(108),
                workgroup: Some(wavebudget_model::WorkgroupSize { min: 1, max: 256 }),
                lds: Some(0),
            },
            super::PassInfo {
                kernel: "a b\nkernel=x %41 \u{e9}".into(),
                waves: 20,
                vgpr_budget: 24,
                sgpr_budget: None,
                workgroup: Some(wavebudget_model::WorkgroupSize::fixed(1024)),
                lds: Some(u32::MAX),
            },
        ];
        let mut text = String::new();
        for i in &infos {
            i.write_line(&mut text);
        }
        assert_eq!(text.lines().next(), Some("kernel=acc40 waves=4 vgpr_budget=128 sgpr_budget=108 wg=1,256 lds=0"));
        assert_eq!(super::parse_pass_info(text.as_bytes()), infos);
    }

    /// `push_decimal` writes what `Display` writes: the edges, every power of ten and its neighbours.
    #[test]
    fn decimal_is_display() {
        let mut cases = vec![0, 1, 9, u32::MAX, u32::MAX - 1];
        let mut p = 1u32;
        while let Some(next) = p.checked_mul(10) {
            cases.extend([p - 1, p, p + 1]);
            p = next;
        }
        cases.extend([p - 1, p, p + 1]);
        cases.extend((0..2000).map(|i| i * 2_147_483 + 7));
        for n in cases {
            let mut out = String::from("x=");
            super::push_decimal(&mut out, n);
            assert_eq!(out, format!("x={n}"));
        }
    }

    /// What a missing key means: no register counts or no wave size is no answer; a missing SGPR count is
    /// not a 0, and a wave size is taken from the processor only where it has one (gfx942: 64; gfx1100
    /// runs wave32 and wave64, so without the metadata's or the descriptor's word there is none).
    #[test]
    fn missing_keys_are_not_defaults() {
        let full = KernelMeta { vgpr_count: Some(40), sgpr_count: Some(20), ..KernelMeta::default() };
        let gfx942 = processor("gfx942");
        assert_eq!(full.resources(None, gfx942).map(|r| (r.sgpr_count, r.wavefront_size)), Some((20, 64)));
        assert!(full.resources(None, processor("gfx1100")).is_none());
        let gfx1100_wave32 = KernelMeta { wavefront_size: Some(32), ..full.clone() };
        assert_eq!(gfx1100_wave32.resources(None, processor("gfx1100")).map(|r| r.wavefront_size), Some(32));
        assert!(KernelMeta { sgpr_count: None, ..full.clone() }.resources(None, gfx942).is_none());
        assert!(KernelMeta { vgpr_count: None, ..full }.resources(None, gfx942).is_none());
    }
}

#[cfg(test)]
mod info_section_tests {
    use object::read::elf::FileHeader;
    use object::{elf::FileHeader64, LittleEndian as LE};

    fn both(data: &[u8]) -> (Option<usize>, Option<usize>) {
        let header = FileHeader64::<LE>::parse(data).unwrap();
        let sections = header.sections(LE, data).unwrap();
        let ours = super::info_section(header, &sections, data).map(|(i, _)| i.0);
        let objects = sections.section_by_name(LE, b".wavebudget.info").map(|(i, _)| i.0);
        (ours, objects)
    }

    /// The `.wavebudget.info` lookup finds what `object`'s `section_by_name` finds: on Triton's code
    /// objects (none), and with each section name in turn overwritten by `.wavebudget.info` (the first
    /// such section), or by a longer name that only starts with it (none).
    #[test]
    fn info_section_is_section_by_name() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/triton-cache");
        let mut checked = 0;
        for entry in std::fs::read_dir(root).unwrap() {
            for file in std::fs::read_dir(entry.unwrap().path()).unwrap() {
                let path = file.unwrap().path();
                if path.extension().is_none_or(|e| e != "hsaco") {
                    continue;
                }
                let data = std::fs::read(&path).unwrap();
                assert_eq!(both(&data), (None, None), "{}", path.display());
                let header = FileHeader64::<LE>::parse(&data[..]).unwrap();
                let sections = header.sections(LE, &data[..]).unwrap();
                let names_at = sections.section(object::SectionIndex(header.shstrndx(LE, &data[..]).unwrap() as usize));
                let names_at = names_at.unwrap().sh_offset.get(LE) as usize;
                let offsets: Vec<usize> = sections.iter().map(|s| s.sh_name.get(LE) as usize).collect();
                for at in offsets {
                    let name_len = data[names_at + at..].iter().position(|&b| b == 0).unwrap();
                    for (with, len) in [(&b".wavebudget.info\0"[..], 17), (&b".wavebudget.infoX\0"[..], 18)] {
                        if name_len + 1 < len {
                            continue;
                        }
                        let mut copy = data.clone();
                        copy[names_at + at..names_at + at + len].copy_from_slice(with);
                        let (ours, objects) = both(&copy);
                        assert_eq!(ours, objects, "{} with the name at {at} overwritten", path.display());
                        assert_eq!(ours.is_some(), len == 17);
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked >= 4, "only {checked} cases");
    }
}

#[cfg(test)]
mod symbol_map_tests {
    use super::{without_kd, SymbolMap};
    use std::collections::HashMap;

    /// The map answers as `HashMap` does, below, at and past the size where it becomes one, with names
    /// given again (the later value wins); `without_kd` is `trim_end_matches(".kd")`.
    #[test]
    fn symbol_map_is_a_hash_map() {
        let names: Vec<Vec<u8>> = (0..40).map(|i| format!("k{}.kd", i % 23).into_bytes()).collect();
        for n in [0, 1, 15, 16, 17, 23, 40] {
            let (mut ours, mut std) = (SymbolMap::default(), HashMap::new());
            for (i, name) in names[..n].iter().enumerate() {
                assert_eq!(ours.insert(name, i), std.insert(name.as_slice(), i), "n={n} i={i}");
            }
            for probe in (0..30).map(|i| format!("k{i}.kd").into_bytes()) {
                assert_eq!(ours.get(&probe), std.get(probe.as_slice()), "n={n}");
            }
        }
        for s in ["k.kd", "k.kd.kd", "k", ".kd", "", "k.k", "kd"] {
            assert_eq!(without_kd(s), s.trim_end_matches(".kd"));
        }
    }
}
