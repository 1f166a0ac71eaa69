//! Host ELF files with `.hip_fatbin` (HIP executables, shared libraries, relocatable objects): the
//! section's bundles rewritten and put back, and the pointers to them (`__hip_fatbin_wrapper` in
//! `.hipFatBinSegment`) moved with them.
//!
//! - If the rewritten bundles fit in the section (an earlier embed, or padding enough), they are written
//!   in place.
//! - Otherwise, in a linked file, the last `PT_LOAD` segment is extended: its `.bss` becomes zeros in the
//!   file, the new section follows at the next page, and the sections after it in the file (symbol and
//!   string tables, never loaded) move back with the section header table. Nothing that is loaded moves,
//!   so code and data addresses stay valid; the old bundle bytes are zeroed.
//! - In a relocatable object the section's bytes go to the end of the file.
//!
//! Each wrapper's pointer to a bundle is an `R_X86_64_RELATIVE` relocation (position-independent
//! files), a value in the data (fixed-address executables, packed relative relocations), or, in a
//! relocatable object, a relocation against the section. All are moved from the old bundle start to
//! the new one; a pointer to anything that is not a bundle start is an error.

use object::elf::{self, FileHeader64};
use object::read::elf::{FileHeader, ProgramHeader, Rela, SectionHeader, Sym};
use object::LittleEndian as LE;

use crate::error::{Error, Result};
use crate::HIP_FATBIN_SECTION;

/// Section holding the `__hip_fatbin_wrapper` structs (`{u32 magic, u32 version, void *bundle, void *}`).
pub const HIP_WRAPPER_SECTION: &str = ".hipFatBinSegment";

/// The rewritten region and, per bundle, (old offset, new offset) in the region.
pub(crate) type Rewritten = (Vec<u8>, Vec<(u64, u64)>);

/// Writes a little-endian u64 at `at`, or names the field that does not fit in the file.
fn put64(out: &mut [u8], at: usize, v: u64) -> Result<()> {
    at.checked_add(8)
        .and_then(|end| out.get_mut(at..end))
        .ok_or_else(|| Error::malformed("host ELF file", at as u64, "a header field lies past the end of the file"))?
        .copy_from_slice(&v.to_le_bytes());
    Ok(())
}

/// `len` bytes at `off` of `b`, or an error naming `what` when they run past the end.
fn range(b: &[u8], off: usize, len: usize, what: &str) -> Result<std::ops::Range<usize>> {
    match off.checked_add(len) {
        Some(end) if end <= b.len() => Ok(off..end),
        _ => Err(Error::malformed(
            "host ELF file",
            off as u64,
            format!("{what}: {len} bytes at {off:#x} run past the end of the file ({} bytes)", b.len()),
        )),
    }
}

fn get64(b: &[u8], at: usize) -> Option<u64> {
    b.get(at..at + 8).map(|s| u64::from_le_bytes(s.try_into().unwrap()))
}

fn err(detail: impl Into<String>) -> Error {
    Error::unsupported("host ELF file", 0, detail)
}

pub(crate) fn rewrite_host(bytes: &[u8], f: &mut dyn FnMut(&[u8]) -> Result<Rewritten>) -> Result<Vec<u8>> {
    let e = LE;
    let header = FileHeader64::<LE>::parse(bytes).map_err(|x| Error::malformed("ELF header", 0, x.to_string()))?;
    if header.e_machine(e) != elf::EM_X86_64 {
        return Err(err(format!("e_machine {}: embed rewrites x86-64 host files", header.e_machine(e))));
    }
    let sections = header
        .sections(e, bytes)
        .map_err(|x| Error::malformed("ELF section header table", header.e_shoff(e), x.to_string()))?;
    let (fat_index, fat) = sections.section_by_name(e, HIP_FATBIN_SECTION.as_bytes()).ok_or_else(|| {
        Error::malformed("host ELF file", 0, format!("no {HIP_FATBIN_SECTION} section: no GPU code to embed into"))
    })?;
    let fat_index = fat_index.0;
    if fat.sh_type(e) == elf::SHT_NOBITS {
        return Err(Error::malformed(
            ".hip_fatbin section",
            fat.sh_offset(e),
            "is SHT_NOBITS: it has no bytes in the file, so no bundle to embed into",
        ));
    }
    let (old_off, old_addr) = (fat.sh_offset(e) as usize, fat.sh_addr(e));
    let region =
        fat.data(e, bytes).map_err(|x| Error::malformed(".hip_fatbin section", old_off as u64, x.to_string()))?;
    // The bytes the section really has in the file (`data` checked them), not its header's claim.
    let old_size = region.len();
    let (new_region, moved) = f(region).map_err(|x| x.within(format!("{HIP_FATBIN_SECTION} at {old_off:#x}")))?;
    let relocatable = header.e_type(e) == elf::ET_REL;
    let shentsize = header.e_shentsize(e) as usize;
    let shoff = header.e_shoff(e) as usize;

    let mut out: Vec<u8>;
    let new_addr;
    let old = range(bytes, old_off, old_size, ".hip_fatbin")?;
    if new_region.len() <= old_size {
        out = bytes.to_vec();
        out[old.clone()].fill(0);
        out[old_off..old_off + new_region.len()].copy_from_slice(&new_region);
        new_addr = old_addr;
    } else if relocatable {
        let at = (bytes.len() + 4095) & !4095;
        out = bytes.to_vec();
        out[old].fill(0);
        out.resize(at, 0);
        out.extend_from_slice(&new_region);
        new_addr = 0;
        let sh = shoff + fat_index * shentsize;
        put64(&mut out, sh + 24, at as u64)?;
        put64(&mut out, sh + 32, new_region.len() as u64)?;
    } else {
        (out, new_addr) = extend_last_segment(bytes, fat_index, &new_region)?;
    }

    // Every pointer to an old bundle start now points to the new one.
    let map =
        |addr: u64| -> Option<u64> { moved.iter().find(|(o, _)| old_addr + o == addr).map(|(_, n)| new_addr + n) };
    let headers_now =
        FileHeader64::<LE>::parse(&out[..]).map_err(|x| Error::malformed("ELF header", 0, x.to_string()))?;
    let sections_now = headers_now
        .sections(e, &out[..])
        .map_err(|x| Error::malformed("ELF section header table", 0, x.to_string()))?;
    let mut patches: Vec<(usize, u64)> = Vec::new();
    let wrappers = sections_now.section_by_name(e, HIP_WRAPPER_SECTION.as_bytes());
    if relocatable {
        // `.rela.hipFatBinSegment`: section- or symbol-relative relocations; only the addends can change.
        let symtab = sections_now
            .symbols(e, &out[..], elf::SHT_SYMTAB)
            .map_err(|x| Error::malformed("ELF symbol table", 0, x.to_string()))?;
        for s in sections_now.iter() {
            if s.sh_type(e) != elf::SHT_RELA || Some(s.sh_info(e) as usize) != wrappers.map(|w| w.0 .0) {
                continue;
            }
            let relas: &[elf::Rela64<LE>] = s
                .data_as_array(e, &out[..])
                .map_err(|x| Error::malformed("relocation section", s.sh_offset(e), x.to_string()))?;
            for (i, r) in relas.iter().enumerate() {
                let sym = symtab.symbol(object::SymbolIndex(r.r_sym(e, false) as usize)).ok();
                if sym.is_none_or(|s| s.st_shndx(e) as usize != fat_index) {
                    continue;
                }
                let base = sym.map_or(0, |s| s.st_value(e));
                let target = base.wrapping_add(r.r_addend(e) as u64);
                let new = map(target).ok_or_else(|| {
                    err(format!("a relocation points {target:#x} into {HIP_FATBIN_SECTION}, not at a bundle"))
                })?;
                patches.push((s.sh_offset(e) as usize + i * 24 + 16, new.wrapping_sub(base)));
            }
        }
    } else if let Some((_, w)) = wrappers {
        let (w_addr, w_off, w_size) = (w.sh_addr(e), w.sh_offset(e) as usize, w.sh_size(e) as usize);
        range(&out, w_off, w_size, HIP_WRAPPER_SECTION)?;
        let slots: Vec<u64> = (0..w_size / 24).map(|i| w_addr.wrapping_add(i as u64 * 24 + 8)).collect();
        let mut found = vec![false; slots.len()];
        for s in sections_now.iter() {
            if s.sh_type(e) != elf::SHT_RELA {
                continue;
            }
            let relas: &[elf::Rela64<LE>] = s
                .data_as_array(e, &out[..])
                .map_err(|x| Error::malformed("relocation section", s.sh_offset(e), x.to_string()))?;
            for (i, r) in relas.iter().enumerate() {
                if let Some(k) = slots.iter().position(|&a| a == r.r_offset(e)) {
                    if r.r_type(e, false) == elf::R_X86_64_RELATIVE {
                        let new = map(r.r_addend(e) as u64).ok_or_else(|| {
                            err(format!("wrapper {k}'s relocation points at {:#x}, not at a bundle", r.r_addend(e)))
                        })?;
                        patches.push((s.sh_offset(e) as usize + i * 24 + 16, new));
                        found[k] = true;
                    }
                }
            }
        }
        for (k, &slot) in slots.iter().enumerate() {
            let at = w_off + slot.wrapping_sub(w_addr) as usize;
            let value = get64(&out, at).unwrap_or(0);
            if let Some(new) = map(value) {
                patches.push((at, new));
                found[k] = true;
            }
        }
        if let Some(k) = found.iter().position(|f| !f) {
            return Err(err(format!(
                "{HIP_WRAPPER_SECTION} wrapper {k}: no pointer to a bundle of {HIP_FATBIN_SECTION} found"
            )));
        }
    }
    // Symbols at bundle starts (`__hip_fatbin*`) move with them.
    for kind in [elf::SHT_SYMTAB, elf::SHT_DYNSYM] {
        let Some(symsec) = sections_now.iter().find(|s| s.sh_type(e) == kind) else { continue };
        let syms: &[elf::Sym64<LE>] = symsec
            .data_as_array(e, &out[..])
            .map_err(|x| Error::malformed("ELF symbol table", symsec.sh_offset(e), x.to_string()))?;
        for (i, s) in syms.iter().enumerate() {
            if s.st_shndx(e) as usize == fat_index && s.st_type() != elf::STT_SECTION {
                let v = s.st_value(e);
                let new = if relocatable { moved.iter().find(|(o, _)| *o == v).map(|(_, n)| *n) } else { map(v) };
                if let Some(n) = new {
                    patches.push((symsec.sh_offset(e) as usize + i * 24 + 8, n));
                }
            }
        }
    }
    for (at, v) in patches {
        put64(&mut out, at, v)?;
    }
    Ok(out)
}

/// Places `region` after the last loaded segment, extended to cover it. Returns the new file and the
/// section's new address.
fn extend_last_segment(bytes: &[u8], fat_index: usize, region: &[u8]) -> Result<(Vec<u8>, u64)> {
    let e = LE;
    let header = FileHeader64::<LE>::parse(bytes).map_err(|x| Error::malformed("ELF header", 0, x.to_string()))?;
    let phdrs = header
        .program_headers(e, bytes)
        .map_err(|x| Error::malformed("ELF program headers", header.e_phoff(e), x.to_string()))?;
    let (li, last) = phdrs
        .iter()
        .enumerate()
        .filter(|(_, p)| p.p_type(e) == elf::PT_LOAD)
        .max_by_key(|(_, p)| p.p_offset(e))
        .ok_or_else(|| err("no PT_LOAD segment"))?;
    let top_vaddr =
        phdrs.iter().filter(|p| p.p_type(e) == elf::PT_LOAD).map(|p| p.p_vaddr(e) + p.p_memsz(e)).max().unwrap_or(0);
    let (l_off, l_vaddr, l_filesz, l_memsz) = (last.p_offset(e), last.p_vaddr(e), last.p_filesz(e), last.p_memsz(e));
    range(bytes, l_off as usize, l_filesz as usize, "the last PT_LOAD")?;
    if l_vaddr.checked_add(l_memsz) != Some(top_vaddr) {
        return Err(err("the last PT_LOAD in the file is not the highest in memory"));
    }
    let page = last.p_align(e).max(4096);
    let new_addr = (l_vaddr + l_memsz).div_ceil(page) * page;
    let file_end_of_load = (l_off + l_filesz) as usize;
    // The segment's memory image up to the new section becomes file bytes (its .bss as zeros).
    const MAX_ZERO_FILL: u64 = 1 << 30;
    let new_off = match l_off.checked_add(new_addr.wrapping_sub(l_vaddr)) {
        Some(o) if o.saturating_sub(file_end_of_load as u64) <= MAX_ZERO_FILL && new_addr >= l_vaddr => o as usize,
        _ => return Err(err("the last PT_LOAD's memory image is too large to write out before .hip_fatbin")),
    };

    let sections = header
        .sections(e, bytes)
        .map_err(|x| Error::malformed("ELF section header table", header.e_shoff(e), x.to_string()))?;
    // Sections after the loaded bytes: never loaded (symbol/string tables, .comment): they move back.
    let mut tail: Vec<(usize, usize, usize, u64)> = Vec::new(); // (index, offset, size, align)
    for (i, s) in sections.iter().enumerate() {
        let off = s.sh_offset(e) as usize;
        // Every section with bytes after the loaded ones moves, whatever its type says: a string table whose
        // type was damaged to SHT_NULL is still the one e_shstrndx names (a fuzz finding). Only section 0
        // and SHT_NOBITS sections have no bytes.
        if i == 0 || s.sh_type(e) == elf::SHT_NOBITS || s.sh_size(e) == 0 || off < file_end_of_load {
            continue;
        }
        if s.sh_flags(e) & elf::SHF_ALLOC as u64 != 0 {
            return Err(err(format!("section {i} is loaded but lies after the last PT_LOAD's bytes")));
        }
        tail.push((i, off, s.sh_size(e) as usize, s.sh_addralign(e).max(1)));
    }
    tail.sort_by_key(|t| t.1);

    let mut out = Vec::with_capacity(new_off + region.len() + bytes.len() - file_end_of_load + 4096);
    out.extend_from_slice(&bytes[..file_end_of_load]);
    out.resize(new_off, 0);
    out.extend_from_slice(region);
    let mut placed = Vec::new();
    for (i, off, size, align) in &tail {
        if *align > 1 << 16 {
            return Err(err(format!("section {i}: alignment {align} is not one embed can keep")));
        }
        let at = (out.len() as u64).div_ceil(*align) as usize * *align as usize;
        out.resize(at, 0);
        out.extend_from_slice(&bytes[range(bytes, *off, *size, &format!("section {i}"))?]);
        placed.push((*i, at));
    }
    let shentsize = header.e_shentsize(e) as usize;
    let shnum = header.e_shnum(e) as usize;
    let old_shoff = header.e_shoff(e) as usize;
    let shoff = out.len().div_ceil(8) * 8;
    out.resize(shoff, 0);
    out.extend_from_slice(&bytes[range(bytes, old_shoff, shnum * shentsize, "the section header table")?]);
    put64(&mut out, 0x28, shoff as u64)?; // e_shoff
    for (i, at) in placed {
        put64(&mut out, shoff + i * shentsize + 24, at as u64)?;
    }
    // The section: new place, and its old bytes zeroed.
    let sh = shoff + fat_index * shentsize;
    let field = |at| get64(&out, at).ok_or_else(|| err("the section header table lies past the end of the file"));
    let (old_off, old_size) = (field(sh + 24)? as usize, field(sh + 32)? as usize);
    let old = range(&out, old_off, old_size, ".hip_fatbin")?;
    out[old].fill(0);
    put64(&mut out, sh + 16, new_addr)?;
    put64(&mut out, sh + 24, new_off as u64)?;
    put64(&mut out, sh + 32, region.len() as u64)?;
    // The segment: its memory image through the new section, all of it from the file.
    let ph = header.e_phoff(e) as usize + li * header.e_phentsize(e) as usize;
    let size = new_addr - l_vaddr + region.len() as u64;
    put64(&mut out, ph + 32, size)?; // p_filesz
    put64(&mut out, ph + 40, size)?; // p_memsz
    Ok((out, new_addr))
}
