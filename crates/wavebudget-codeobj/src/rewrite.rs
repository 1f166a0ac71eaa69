//! The writer behind `wavebudget embed`: adds vendor keys to each kernel's map of the
//! `NT_AMDGPU_METADATA` note and a `wavebudget` note (the `WBKT` table), in every code object of a file:
//! a bare code object (relocatable or linked), an offload bundle (compressed or not, or a run of them),
//! or a host ELF executable or library with `.hip_fatbin`. What to add is the caller's
//! ([`Additions`]); this module only rewrites bytes.
//!
//! How (specified in `docs/binary-format.md`):
//! - The metadata is spliced, not re-encoded: every existing key and value keeps its bytes; a kernel's
//!   map header is rewritten for the new count, earlier `.wavebudget.*` entries are dropped, and the new
//!   ones are appended. So embedding twice equals embedding once.
//! - The rebuilt note section (every other note copied as it was) is placed at the end of the file and
//!   the section header (and `PT_NOTE`, in a linked object) is pointed at it; the old note bytes are
//!   zeroed. Nothing else in the file moves, so addresses, symbols, relocations and the loaded segments
//!   stay as they were. A note section already at the end of the file (an earlier embed) is replaced.
//! - Bundles are rebuilt with the same entry ids in the same order and the same alignment, compressed
//!   again with the same method and format version when they were compressed.

use std::borrow::Cow;

use object::elf::{self, FileHeader64};
use object::read::elf::{FileHeader, ProgramHeader, SectionHeader};
use object::LittleEndian as LE;

use crate::bundle::{self, Bundle, CompressedHeader, Compression, BUNDLE_MAGIC, CCOB_MAGIC};
use crate::elf::{CodeObject, NOTE_NAME, NT_AMDGPU_METADATA};
use crate::error::{Error, Result};
use crate::is_amdgpu_elf;
use crate::msgpack::{head, Head};

pub use crate::table::{NT_WAVEBUDGET_TABLE, TABLE_NOTE_NAME};
/// Prefix of wavebudget's metadata keys.
pub const KEY_PREFIX: &str = ".wavebudget.";

/// A value of a vendor key.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum KeyValue {
    /// A MessagePack unsigned integer.
    UInt(u64),
    /// A MessagePack string.
    Str(String),
}

/// What to add to one code object.
#[derive(Debug, Clone, Default)]
pub struct Additions {
    /// Per kernel, in metadata order: keys (each starting with [`KEY_PREFIX`]) and values.
    pub keys: Vec<Vec<(String, KeyValue)>>,
    /// The descriptor of the `wavebudget` note (a `WBKT` table).
    pub table: Vec<u8>,
}

/// What a rewrite did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Code objects rewritten.
    pub code_objects: usize,
    /// Kernels given keys.
    pub kernels: usize,
    /// Bundle entries left as they were (host entries, bitcode), with the reason.
    pub skipped: Vec<String>,
}

/// The callback: from a parsed code object to what to add to it.
pub type Decide<'f> = dyn FnMut(&CodeObject<'_>) -> Result<Additions> + 'f;

/// Rewrites every code object in `bytes` (any container [`crate::walk`] reads).
pub fn rewrite(bytes: &[u8], decide: &mut Decide<'_>) -> Result<(Vec<u8>, Summary)> {
    let mut summary = Summary::default();
    // One budget for the file, as the reader's walk takes (bytes decompressed, bundle entries read).
    let budget = crate::InputBudget::from_env()?;
    let out = if is_amdgpu_elf(bytes) {
        rewrite_code_object(bytes, decide, &mut summary)?
    } else if bytes.starts_with(BUNDLE_MAGIC) || bytes.starts_with(CCOB_MAGIC) {
        rewrite_bundles(bytes, decide, &mut summary, &budget)?.0
    } else if bytes.starts_with(&elf::ELFMAG) {
        crate::hostelf::rewrite_host(bytes, &mut |region| rewrite_bundles(region, decide, &mut summary, &budget))?
    } else {
        // The same error the reader gives.
        crate::walk(bytes, &mut |_| Ok(()))?;
        return Err(Error::malformed("input", 0, "not a code object, a bundle or a host ELF file"));
    };
    Ok((out, summary))
}

// ---------------------------------------------------------------------------------------------------
// MessagePack splicing.

/// The offset just past the value at `at`.
fn skip(b: &[u8], mut at: usize) -> Result<usize> {
    let mut pending: u64 = 1;
    while pending > 0 {
        pending -= 1;
        at = match head(b, at)? {
            Head::Scalar(_, n) => at.saturating_add(n),
            Head::Str(h, n) | Head::Bin(h, n) | Head::Ext(h, n) => at.saturating_add(h).saturating_add(n),
            Head::Array(h, n) => {
                pending += n;
                at + h
            }
            Head::Map(h, n) => {
                pending += 2 * n;
                at + h
            }
        };
        if at > b.len() || pending > (b.len() - at) as u64 {
            return Err(Error::malformed(
                "MessagePack metadata",
                at.min(b.len()) as u64,
                "a value runs past the end of the note",
            ));
        }
    }
    Ok(at)
}

fn str_at(b: &[u8], at: usize) -> Option<&[u8]> {
    match head(b, at).ok()? {
        Head::Str(h, n) => b.get(at + h..at + h + n),
        _ => None,
    }
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    let n = s.len();
    if n < 32 {
        out.push(0xa0 | n as u8);
    } else if n < 256 {
        out.extend_from_slice(&[0xd9, n as u8]);
    } else if n < 65536 {
        out.push(0xda);
        out.extend_from_slice(&(n as u16).to_be_bytes());
    } else {
        out.push(0xdb);
        out.extend_from_slice(&(n as u32).to_be_bytes());
    }
    out.extend_from_slice(s.as_bytes());
}

fn put_uint(out: &mut Vec<u8>, v: u64) {
    if v < 128 {
        out.push(v as u8);
    } else if v < 256 {
        out.extend_from_slice(&[0xcc, v as u8]);
    } else if v < 65536 {
        out.push(0xcd);
        out.extend_from_slice(&(v as u16).to_be_bytes());
    } else if v <= u32::MAX as u64 {
        out.push(0xce);
        out.extend_from_slice(&(v as u32).to_be_bytes());
    } else {
        out.push(0xcf);
        out.extend_from_slice(&v.to_be_bytes());
    }
}

fn put_map_header(out: &mut Vec<u8>, n: u64) {
    if n < 16 {
        out.push(0x80 | n as u8);
    } else if n < 65536 {
        out.push(0xde);
        out.extend_from_slice(&(n as u16).to_be_bytes());
    } else {
        out.push(0xdf);
        out.extend_from_slice(&(n as u32).to_be_bytes());
    }
}

/// The metadata note's descriptor with `keys[i]` added to kernel `i`'s map (and earlier wavebudget keys
/// dropped). Every other byte is copied as it was.
pub fn splice_metadata(desc: &[u8], keys: &[Vec<(String, KeyValue)>]) -> Result<Vec<u8>> {
    let bad = |at: usize, d: &str| Error::malformed("AMDGPU metadata note", at as u64, d.to_string());
    let end = skip(desc, 0)?;
    let Head::Map(h, n) = head(desc, 0)? else { return Err(bad(0, "the metadata is not a map")) };
    let mut out = Vec::with_capacity(desc.len() + keys.iter().map(|k| k.len() * 32).sum::<usize>());
    out.extend_from_slice(&desc[..h]);
    let mut at = h;
    let mut seen_kernels = 0;
    for _ in 0..n {
        let key_end = skip(desc, at)?;
        let value_end = skip(desc, key_end)?;
        out.extend_from_slice(&desc[at..key_end]);
        if str_at(desc, at) == Some(b"amdhsa.kernels") {
            let Head::Array(ah, count) = head(desc, key_end)? else {
                return Err(bad(key_end, "amdhsa.kernels is not an array"));
            };
            if count != keys.len() as u64 {
                return Err(bad(key_end, &format!("{count} kernels in the note, {} given keys", keys.len())));
            }
            out.extend_from_slice(&desc[key_end..key_end + ah]);
            let mut k_at = key_end + ah;
            for add in keys {
                let Head::Map(mh, entries) = head(desc, k_at)? else {
                    return Err(bad(k_at, "a kernel entry is not a map"));
                };
                let mut kept: Vec<(usize, usize)> = Vec::new();
                let mut e_at = k_at + mh;
                for _ in 0..entries {
                    let ke = skip(desc, e_at)?;
                    let ve = skip(desc, ke)?;
                    let ours = str_at(desc, e_at).is_some_and(|k| k.starts_with(KEY_PREFIX.as_bytes()));
                    if !ours {
                        kept.push((e_at, ve));
                    }
                    e_at = ve;
                }
                put_map_header(&mut out, kept.len() as u64 + add.len() as u64);
                for (s, e) in kept {
                    out.extend_from_slice(&desc[s..e]);
                }
                for (k, v) in add {
                    debug_assert!(k.starts_with(KEY_PREFIX));
                    put_str(&mut out, k);
                    match v {
                        KeyValue::UInt(u) => put_uint(&mut out, *u),
                        KeyValue::Str(s) => put_str(&mut out, s),
                    }
                }
                k_at = e_at;
            }
            if k_at != value_end {
                return Err(bad(k_at, "amdhsa.kernels ends before its last element"));
            }
            seen_kernels += 1;
        } else {
            out.extend_from_slice(&desc[key_end..value_end]);
        }
        at = value_end;
    }
    if seen_kernels == 0 && !keys.is_empty() {
        return Err(bad(0, "no amdhsa.kernels list"));
    }
    // Whatever follows the root value (LLVM writes nothing) is kept.
    out.extend_from_slice(&desc[end..]);
    Ok(out)
}

// ---------------------------------------------------------------------------------------------------
// ELF notes.

fn align4(n: usize) -> usize {
    (n + 3) & !3
}

fn put_note(out: &mut Vec<u8>, name: &[u8], ty: u32, desc: &[u8]) {
    out.extend_from_slice(&(name.len() as u32 + 1).to_le_bytes());
    out.extend_from_slice(&(desc.len() as u32).to_le_bytes());
    out.extend_from_slice(&ty.to_le_bytes());
    out.extend_from_slice(name);
    out.push(0);
    out.resize(align4(out.len()), 0);
    out.extend_from_slice(desc);
    out.resize(align4(out.len()), 0);
}

/// Where the note section of a code object is and what it holds.
struct NoteSection {
    index: usize,
    offset: usize,
    size: usize,
}

fn rewrite_code_object(bytes: &[u8], decide: &mut Decide<'_>, summary: &mut Summary) -> Result<Vec<u8>> {
    let co = CodeObject::parse(bytes)?;
    if co.metadata.is_none() {
        return Err(Error::malformed(
            "AMDGPU metadata note",
            0,
            "the code object has no NT_AMDGPU_METADATA note to add keys to",
        ));
    }
    let additions = decide(&co)?;
    let e = LE;
    let header = FileHeader64::<LE>::parse(bytes).map_err(|err| Error::malformed("ELF header", 0, err.to_string()))?;
    let sections = header
        .sections(e, bytes)
        .map_err(|err| Error::malformed("ELF section header table", header.e_shoff(e), err.to_string()))?;

    // The note section holding the metadata, rebuilt: every note as it was except the metadata (spliced)
    // and an earlier table (dropped), then the new table.
    let mut found: Option<(NoteSection, Vec<u8>)> = None;
    for (index, section) in sections.iter().enumerate() {
        if section.sh_type(e) != elf::SHT_NOTE {
            continue;
        }
        let off = section.sh_offset(e);
        let Ok(Some(mut notes)) = section.notes(e, bytes) else { continue };
        let mut rebuilt = Vec::new();
        let mut has_metadata = false;
        while let Ok(Some(note)) = notes.next() {
            let ty = note.n_type(e);
            if note.name() == NOTE_NAME && ty == NT_AMDGPU_METADATA {
                has_metadata = true;
                let desc = splice_metadata(note.desc(), &additions.keys)
                    .map_err(|err| err.within(format!("note section at {off:#x}")))?;
                put_note(&mut rebuilt, NOTE_NAME, ty, &desc);
            } else if note.name() == TABLE_NOTE_NAME && ty == NT_WAVEBUDGET_TABLE {
                continue;
            } else {
                put_note(&mut rebuilt, note.name(), ty, note.desc());
            }
        }
        if has_metadata {
            put_note(&mut rebuilt, TABLE_NOTE_NAME, NT_WAVEBUDGET_TABLE, &additions.table);
            found = Some((NoteSection { index, offset: off as usize, size: section.sh_size(e) as usize }, rebuilt));
            break;
        }
    }
    let (ns, notes) =
        found.ok_or_else(|| Error::malformed("AMDGPU metadata note", 0, "not found in a SHT_NOTE section"))?;

    // The new layout: the file up to its end (or up to the note section, if an earlier embed left it
    // last), then the notes, 8-aligned.
    let shoff = header.e_shoff(e) as usize;
    let shend = shoff + header.e_shnum(e) as usize * header.e_shentsize(e) as usize;
    let cut = if ns.offset >= shend && ns.offset + ns.size == bytes.len() { ns.offset } else { bytes.len() };
    let new_off = (cut + 7) & !7;
    let mut out = Vec::with_capacity(new_off + notes.len());
    out.extend_from_slice(&bytes[..cut]);
    out.resize(new_off, 0);
    out.extend_from_slice(&notes);
    if cut == bytes.len() {
        // The old note bytes are stale now: zero them so no reader finds two metadata notes.
        out[ns.offset..ns.offset + ns.size].fill(0);
    }

    // Point the section header at the new bytes; a note outside every PT_LOAD is not allocated.
    let sh = shoff + ns.index * header.e_shentsize(e) as usize;
    let put64 = |out: &mut Vec<u8>, at: usize, v: u64| out[at..at + 8].copy_from_slice(&v.to_le_bytes());
    let flags = u64::from_le_bytes(out[sh + 8..sh + 16].try_into().unwrap());
    put64(&mut out, sh + 8, flags & !(elf::SHF_ALLOC as u64));
    put64(&mut out, sh + 16, 0); // sh_addr
    put64(&mut out, sh + 24, new_off as u64);
    put64(&mut out, sh + 32, notes.len() as u64);

    // And the PT_NOTE that covered the old bytes, in a linked object.
    let phoff = header.e_phoff(e) as usize;
    if let Ok(phdrs) = header.program_headers(e, bytes) {
        for (i, ph) in phdrs.iter().enumerate() {
            let (p_off, p_size) = (ph.p_offset(e) as usize, ph.p_filesz(e) as usize);
            let ours = p_off == ns.offset && p_size == ns.size;
            if ph.p_type(e) == elf::PT_NOTE && ours {
                let at = phoff + i * header.e_phentsize(e) as usize;
                put64(&mut out, at + 8, new_off as u64); // p_offset
                put64(&mut out, at + 16, 0); // p_vaddr
                put64(&mut out, at + 24, 0); // p_paddr
                put64(&mut out, at + 32, notes.len() as u64); // p_filesz
                put64(&mut out, at + 40, notes.len() as u64); // p_memsz
            }
        }
    }
    summary.code_objects += 1;
    summary.kernels += additions.keys.iter().filter(|k| !k.is_empty()).count();
    Ok(out)
}

// ---------------------------------------------------------------------------------------------------
// Bundles.

/// The largest power of two up to 4096 dividing every offset (the bundler's `-bundle-align`).
fn alignment_of(offsets: impl Iterator<Item = u64>) -> u64 {
    let mut align = 4096u64;
    for o in offsets {
        while align > 1 && o % align != 0 {
            align /= 2;
        }
    }
    align
}

fn align_up(n: u64, a: u64) -> u64 {
    n.div_ceil(a) * a
}

/// Rebuilds one uncompressed bundle with its AMDGPU entries rewritten.
fn rewrite_bundle(
    bytes: &[u8],
    decide: &mut Decide<'_>,
    summary: &mut Summary,
    budget: &crate::InputBudget,
    offset: u64,
) -> Result<Vec<u8>> {
    let b = Bundle::parse(bytes)?;
    budget.take_entries(b.entries.len() as u64, offset)?;
    // Code objects that share some bytes without being the same range (one offset with sizes a byte apart,
    // which the reader takes alike) are refused: clang-offload-bundler lays entries end to end, and each
    // would be rewritten whole, the output growing with the entries rather than with the input.
    let mut ranges: Vec<(u64, u64)> = b
        .entries
        .iter()
        .filter(|e| is_amdgpu_elf(e.data))
        .map(|e| (e.offset, e.offset + e.data.len() as u64))
        .collect();
    ranges.sort_unstable();
    ranges.dedup();
    if let Some(w) = ranges.windows(2).find(|w| w[1].0 < w[0].1) {
        return Err(Error::malformed(
            "offload bundle",
            w[1].0,
            format!(
                "the code objects at {:#x}..{:#x} and {:#x}..{:#x} overlap; a bundle's entries do not share bytes",
                w[0].0, w[0].1, w[1].0, w[1].1
            ),
        ));
    }
    // Entries naming the same range (one code object for several targets' ids, or a bundle made to multiply
    // its work) are rewritten once and keep naming one copy, so the output is no larger than the input's
    // code objects rewritten (4096 entries naming one wrote 4096). `source[i]`: the entry whose bytes entry
    // `i` carries, itself or the first naming its range; `first`: that entry and what its rewrite counted.
    let mut contents: Vec<Cow<'_, [u8]>> = Vec::with_capacity(b.entries.len());
    let mut source: Vec<usize> = Vec::with_capacity(b.entries.len());
    let mut first: std::collections::HashMap<(u64, usize), (usize, usize, usize)> = std::collections::HashMap::new();
    for (i, entry) in b.entries.iter().enumerate() {
        if is_amdgpu_elf(entry.data) {
            let key = (entry.offset, entry.data.len());
            if let Some(&(j, code_objects, kernels)) = first.get(&key) {
                summary.code_objects += code_objects;
                summary.kernels += kernels;
                source.push(j);
                contents.push(Cow::Borrowed(&[]));
                continue;
            }
            let before = (summary.code_objects, summary.kernels);
            let new = rewrite_code_object(entry.data, decide, summary)
                .map_err(|err| err.within(format!("entry {} at {:#x}", entry.id, entry.offset)))?;
            first.insert(key, (i, summary.code_objects - before.0, summary.kernels - before.1));
            contents.push(Cow::Owned(new));
        } else {
            if !entry.data.is_empty() || !entry.id.starts_with("host-") {
                summary.skipped.push(format!("{}: not an AMDGPU code object, copied as it was", entry.id));
            }
            contents.push(Cow::Borrowed(entry.data));
        }
        source.push(i);
    }
    let align = alignment_of(b.entries.iter().filter(|e| !e.data.is_empty()).map(|e| e.offset));
    let mut header_size = (BUNDLE_MAGIC.len() + 8) as u64;
    for entry in &b.entries {
        header_size += 24 + entry.id.len() as u64;
    }
    let mut out = Vec::new();
    out.extend_from_slice(BUNDLE_MAGIC);
    out.extend_from_slice(&(b.entries.len() as u64).to_le_bytes());
    // Each entry's offset and size in the output: its own place, or its source's.
    let mut at = header_size;
    let mut placed: Vec<(u64, u64)> = Vec::with_capacity(b.entries.len());
    for (i, (entry, data)) in b.entries.iter().zip(&contents).enumerate() {
        let here = if source[i] == i {
            at = align_up(at, align);
            let here = (at, data.len() as u64);
            at += data.len() as u64;
            here
        } else {
            placed[source[i]]
        };
        placed.push(here);
        out.extend_from_slice(&here.0.to_le_bytes());
        out.extend_from_slice(&here.1.to_le_bytes());
        out.extend_from_slice(&(entry.id.len() as u64).to_le_bytes());
        out.extend_from_slice(entry.id.as_bytes());
    }
    for (i, data) in contents.iter().enumerate().filter(|&(i, _)| source[i] == i) {
        out.resize(placed[i].0 as usize, 0);
        out.extend_from_slice(data);
    }
    Ok(out)
}

fn compress(h: &CompressedHeader, raw: &[u8]) -> Result<Vec<u8>> {
    let payload = match bundle::deflate(h.method, raw) {
        Some(Ok(p)) => p,
        Some(Err(e)) => return Err(Error::malformed("compressed offload bundle", 0, format!("{:?}: {e}", h.method))),
        // A bundle read without its codec was refused before it got here.
        None => {
            return Err(Error::unsupported(
                "compressed offload bundle",
                6,
                format!("no {:?} codec in this build", h.method),
            ))
        }
    };
    // clang-offload-bundler's hash: the low 64 bits of the MD5 of the uncompressed bundle.
    let digest = md5::compute(raw);
    let hash = u64::from_le_bytes(digest.0[..8].try_into().unwrap());
    let mut out = Vec::with_capacity(payload.len() + 32);
    out.extend_from_slice(CCOB_MAGIC);
    out.extend_from_slice(&h.version.to_le_bytes());
    out.extend_from_slice(&(if h.method == Compression::Zlib { 0u16 } else { 1u16 }).to_le_bytes());
    let too_big = || {
        Error::unsupported(
            "compressed offload bundle",
            0,
            format!("version {} cannot hold {} bytes", h.version, raw.len()),
        )
    };
    match h.version {
        1 => {
            out.extend_from_slice(&u32::try_from(raw.len()).map_err(|_| too_big())?.to_le_bytes());
        }
        2 => {
            let total = u32::try_from(24 + payload.len()).map_err(|_| too_big())?;
            out.extend_from_slice(&total.to_le_bytes());
            out.extend_from_slice(&u32::try_from(raw.len()).map_err(|_| too_big())?.to_le_bytes());
        }
        _ => {
            out.extend_from_slice(&(32 + payload.len() as u64).to_le_bytes());
            out.extend_from_slice(&(raw.len() as u64).to_le_bytes());
        }
    }
    out.extend_from_slice(&hash.to_le_bytes());
    out.extend_from_slice(&payload);
    Ok(out)
}

/// Rewrites a region holding bundles one after another (a bundle file or a `.hip_fatbin` section):
/// each bundle rewritten, at offsets aligned as the originals were.
/// Also returns each bundle's (old, new) offset in the region.
pub(crate) fn rewrite_bundles(
    region: &[u8],
    decide: &mut Decide<'_>,
    summary: &mut Summary,
    budget: &crate::InputBudget,
) -> Result<crate::hostelf::Rewritten> {
    let located = bundle::split(region, budget)?;
    let align = alignment_of(located.iter().map(|l| l.offset as u64));
    let mut out = Vec::with_capacity(region.len() + 4096);
    let mut moved = Vec::with_capacity(located.len());
    for loc in &located {
        let label = format!("offload bundle at {:#x}", loc.offset);
        let new = match loc.compressed {
            None => {
                rewrite_bundle(loc.bytes, decide, summary, budget, loc.offset as u64).map_err(|e| e.within(label))?
            }
            Some(_) => {
                let (h, raw) = bundle::decompress(loc.bytes).map_err(|e| e.within(label.clone()))?;
                let inner = rewrite_bundle(&raw, decide, summary, budget, loc.offset as u64)
                    .map_err(|e| e.within(label.clone()))?;
                compress(&h, &inner).map_err(|e| e.within(label))?
            }
        };
        out.resize(align_up(out.len() as u64, align) as usize, 0);
        moved.push((loc.offset as u64, out.len() as u64));
        out.extend_from_slice(&new);
    }
    // Trailing zero padding of the region (a section's alignment tail) is kept as padding.
    let end_old = located.last().map_or(0, |l| l.offset + l.bytes.len());
    out.resize(out.len() + (region.len() - end_old), 0);
    Ok((out, moved))
}
