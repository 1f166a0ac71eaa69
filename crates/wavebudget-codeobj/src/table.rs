//! The wavebudget kernel table (`WBKT`): a compact, versioned, little-endian record per kernel, sorted
//! by name hash for binary search, readable in place without allocating. Specified in
//! `docs/binary-format.md`; meant to travel in its own ELF note next to `NT_AMDGPU_METADATA` so a runtime
//! never parses MessagePack at dispatch time.

use crate::error::{Error, Result};

/// `"WBKT"`.
pub const MAGIC: [u8; 4] = *b"WBKT";
/// Format version this crate writes and reads.
pub const VERSION: u16 = 1;
/// Header size in bytes.
pub const HEADER_SIZE: usize = 32;
/// Record size in bytes this crate writes.
pub const RECORD_SIZE: usize = 72;
/// The smallest record a reader accepts: tables written before `reqd_workgroup_size` was added have
/// 64-byte records (a reader takes the fields a record has and treats the rest as absent).
pub const MIN_RECORD_SIZE: usize = 64;

/// The limiter codes of a record.
pub const LIMITERS: [&str; 5] = ["vgpr", "sgpr", "lds", "workgroup", "max_waves"];

/// Note name of the wavebudget kernel table note.
pub const TABLE_NOTE_NAME: &[u8] = b"wavebudget";
/// Note type of the kernel table note (`"WB"`; not 1, which readers show as NT_VERSION for an unknown owner).
pub const NT_WAVEBUDGET_TABLE: u32 = 0x5742;

/// The name hash: the sort key of the records. Eight bytes at a time, so a lookup hashes a 30-byte
/// name in four multiplies: with `K = 0x517cc1b727220a95`, `h = 0`, for each 8-byte little-endian word
/// of the name (the last zero-padded) `h = (rotl(h, 5) ^ word) * K`, then once more with the length.
/// `name_hash("")` is 0; `name_hash("k") = 0xf4919b1275396a60` (tested).
#[inline]
pub fn name_hash(name: &str) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let step = |h: u64, w: u64| (h.rotate_left(5) ^ w).wrapping_mul(K);
    let b = name.as_bytes();
    let mut h = 0u64;
    let mut chunks = b.chunks_exact(8);
    for c in &mut chunks {
        h = step(h, u64::from_le_bytes(c.try_into().expect("8 bytes")));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut w = [0u8; 8];
        w[..rest.len()].copy_from_slice(rest);
        h = step(h, u64::from_le_bytes(w));
    }
    if b.is_empty() {
        0
    } else {
        step(h, b.len() as u64)
    }
}

/// Declares the record once: each field's name, type and meaning in order; the offsets, the reader's
/// accessors and the writer all come from this list (the layout of `docs/binary-format.md`, 64 bytes,
/// little-endian, no padding).
macro_rules! record {
    ($( $(#[$doc:meta])* $field:ident: $ty:ty, )*) => {
        /// The fields of one 64-byte record, in order, as plain numbers.
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
        pub struct RawRecord {
            $( $(#[$doc])* pub $field: $ty, )*
        }

        #[allow(non_upper_case_globals, dead_code)]
        mod offset {
            // Each field's offset: the previous one's plus its size.
            record!(@offsets 0usize; $( $field: $ty, )*);
        }

        impl RawRecord {
            /// Reads a record from [`RECORD_SIZE`] bytes.
            #[inline]
            pub fn read(b: &[u8]) -> RawRecord {
                RawRecord { $( $field: <$ty>::from_le_bytes(b[offset::$field..offset::$field + std::mem::size_of::<$ty>()].try_into().expect("in the record")), )* }
            }

            /// Appends the record's bytes.
            #[cfg(feature = "write")]
            pub fn write(&self, out: &mut Vec<u8>) {
                $( out.extend_from_slice(&self.$field.to_le_bytes()); )*
            }
        }

        const _: () = assert!(0 $( + std::mem::size_of::<$ty>() )* == RECORD_SIZE, "the record's declared size");
    };
    (@offsets $at:expr; $field:ident: $ty:ty, $( $rest:ident: $rty:ty, )*) => {
        pub const $field: usize = $at;
        record!(@offsets $at + std::mem::size_of::<$ty>(); $( $rest: $rty, )*);
    };
    (@offsets $at:expr; ) => {};
}

record! {
    /// [`name_hash`] of the name: the sort key.
    name_hash: u64,
    /// The name in the string table: offset and length.
    name_offset: u32,
    name_len: u32,
    /// The symbol (`NAME.kd`).
    symbol_offset: u32,
    symbol_len: u32,
    /// The processor (`gfx942`).
    processor_offset: u32,
    processor_len: u16,
    /// `.wavefront_size`.
    wave_size: u8,
    /// Waves/SIMD the pass was asked for (0: none).
    requested_waves: u8,
    /// `.vgpr_count`.
    vgpr_count: u16,
    /// `.agpr_count`.
    agpr_count: u16,
    /// `.sgpr_count`.
    sgpr_count: u16,
    /// `.max_flat_workgroup_size`.
    max_workgroup_size: u16,
    /// `.group_segment_fixed_size`.
    static_lds: u32,
    /// `.private_segment_fixed_size`.
    scratch: u32,
    /// VGPR budget the pass set for `requested_waves` (0: none).
    vgpr_budget: u16,
    /// Waves/SIMD on the code object's own processor at its launch range.
    waves_per_simd: u8,
    /// Index into [`LIMITERS`].
    limiter: u8,
    /// Per-limiter waves/SIMD: VGPR, SGPR, LDS, workgroup.
    limits: [u8; 4],
    /// `.vgpr_spill_count` + `.sgpr_spill_count`.
    spills: u32,
    /// VGPRs the kernel descriptor allocates (0: unknown); above `vgpr_count` when LLVM padded it.
    descriptor_vgprs: u16,
    /// SGPRs the kernel descriptor allocates (0: unknown or GFX10+).
    descriptor_sgprs: u16,
    /// `.reqd_workgroup_size` as a thread count (0: none, or a 64-byte record written before it).
    reqd_workgroup_size: u32,
    /// WGP/CU mode ([`wavebudget_model::KernelResources::workgroup_processor_mode`]): 0 none (no switch on
    /// the processor, or a record of 68 bytes or fewer, written before it), 1 WGP mode, 2 CU mode.
    workgroup_processor_mode: u32,
}

/// A field of a record read in place, by its declared offset and type.
macro_rules! field {
    ($raw:expr, $name:ident: u8) => {
        $raw[offset::$name]
    };
    ($raw:expr, $name:ident: $ty:ty) => {
        <$ty>::from_le_bytes(
            $raw[offset::$name..offset::$name + std::mem::size_of::<$ty>()].try_into().expect("in the record"),
        )
    };
}

/// `[u8; 4]` read and written as itself.
trait LeBytes: Sized {
    fn from_le_bytes(b: Self) -> Self {
        b
    }
    #[cfg_attr(not(feature = "write"), allow(dead_code))]
    fn to_le_bytes(self) -> Self {
        self
    }
}
impl LeBytes for [u8; 4] {}

impl RawRecord {
    /// These numbers with a kernel's counts in them, saturated to the record's widths.
    pub fn with_resources(self, k: &wavebudget_model::KernelResources) -> RawRecord {
        let u16s = |v: u32| v.min(u16::MAX as u32) as u16;
        RawRecord {
            wave_size: k.wavefront_size.min(u8::MAX as u32) as u8,
            vgpr_count: u16s(k.vgpr_count),
            agpr_count: u16s(k.agpr_count),
            sgpr_count: u16s(k.sgpr_count),
            max_workgroup_size: u16s(k.max_flat_workgroup_size),
            static_lds: k.group_segment_fixed_size,
            scratch: k.private_segment_fixed_size,
            spills: k.spills,
            descriptor_vgprs: k.descriptor.map_or(0, |d| u16s(d.vgprs)),
            descriptor_sgprs: k.descriptor.and_then(|d| d.sgprs).map_or(0, u16s),
            reqd_workgroup_size: k.reqd_workgroup_size.unwrap_or(0),
            workgroup_processor_mode: match k.workgroup_processor_mode {
                None => 0,
                Some(true) => 1,
                Some(false) => 2,
            },
            ..self
        }
    }
}

/// One kernel, as written: its strings, and the record's numbers (whose string offsets and hash the
/// writer fills in).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Entry {
    /// `.name`.
    pub name: String,
    /// `.symbol`.
    pub symbol: String,
    /// Processor of the code object (`gfx942`).
    pub processor: String,
    /// The numbers.
    pub record: RawRecord,
}

/// Writes a table: records sorted by (name hash, name), then the string table.
#[cfg(feature = "write")]
pub fn write(entries: &[Entry]) -> Vec<u8> {
    let mut order: Vec<&Entry> = entries.iter().collect();
    order.sort_by(|a, b| name_hash(&a.name).cmp(&name_hash(&b.name)).then(a.name.cmp(&b.name)));
    let strings_offset = HEADER_SIZE + RECORD_SIZE * order.len();
    let mut strings: Vec<u8> = Vec::new();
    let mut add = |s: &str| {
        let off = strings.len() as u32;
        strings.extend_from_slice(s.as_bytes());
        strings.push(0);
        (off, s.len() as u32)
    };
    let mut records = Vec::with_capacity(RECORD_SIZE * order.len());
    for e in &order {
        let (name_offset, name_len) = add(&e.name);
        let (symbol_offset, symbol_len) = add(&e.symbol);
        let (processor_offset, processor_len) = add(&e.processor);
        RawRecord {
            name_hash: name_hash(&e.name),
            name_offset,
            name_len,
            symbol_offset,
            symbol_len,
            processor_offset,
            processor_len: processor_len.min(u16::MAX as u32) as u16,
            ..e.record
        }
        .write(&mut records);
    }
    let mut out = Vec::with_capacity(strings_offset + strings.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(HEADER_SIZE as u16).to_le_bytes());
    out.extend_from_slice(&(RECORD_SIZE as u16).to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&(order.len() as u32).to_le_bytes());
    out.extend_from_slice(&(strings_offset as u32).to_le_bytes());
    out.extend_from_slice(&(strings.len() as u32).to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes()); // flags
    out.extend_from_slice(&0u32.to_le_bytes()); // reserved
    out.extend_from_slice(&records);
    out.extend_from_slice(&strings);
    out
}

/// A table read in place.
#[derive(Debug, Clone, Copy)]
pub struct Table<'a> {
    records: &'a [u8],
    strings: &'a [u8],
    record_size: usize,
    count: usize,
}

/// One record of a [`Table`], read in place.
#[derive(Debug, Clone, Copy)]
pub struct Record<'a> {
    raw: &'a [u8],
    strings: &'a [u8],
}

#[inline]
fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}
#[inline]
fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn bad(offset: usize, detail: String) -> Error {
    Error::malformed("kernel table", offset as u64, detail)
}

impl<'a> Table<'a> {
    /// Checks the header and that every record and string lies inside `bytes`; allocates nothing.
    pub fn parse(bytes: &'a [u8]) -> Result<Table<'a>> {
        if bytes.len() < HEADER_SIZE {
            return Err(bad(0, format!("{} bytes, the header alone is {HEADER_SIZE}", bytes.len())));
        }
        if bytes[..4] != MAGIC {
            return Err(bad(0, "no WBKT magic".into()));
        }
        let version = u16_at(bytes, 4);
        if version != VERSION {
            return Err(bad(4, format!("version {version}, this reader knows {VERSION}")));
        }
        let header = u16_at(bytes, 6) as usize;
        let record_size = u16_at(bytes, 8) as usize;
        if header < HEADER_SIZE || record_size < MIN_RECORD_SIZE {
            return Err(bad(
                6,
                format!("header {header} / record {record_size} bytes, at least {HEADER_SIZE} / {MIN_RECORD_SIZE}"),
            ));
        }
        let count = u32_at(bytes, 12) as usize;
        let strings_offset = u32_at(bytes, 16) as usize;
        let strings_size = u32_at(bytes, 20) as usize;
        let records_end = count.checked_mul(record_size).and_then(|n| n.checked_add(header));
        let strings_end = strings_offset.checked_add(strings_size);
        match (records_end, strings_end) {
            (Some(r), Some(s)) if r <= bytes.len() && s <= bytes.len() && r <= strings_offset => {}
            _ => {
                return Err(bad(
                    12,
                    format!(
                        "{count} records of {record_size} bytes and {strings_size} bytes of strings at {strings_offset} do not fit in {} bytes",
                        bytes.len()
                    ),
                ))
            }
        }
        let t = Table {
            records: &bytes[header..header + count * record_size],
            strings: &bytes[strings_offset..strings_offset + strings_size],
            record_size,
            count,
        };
        let mut previous = 0u64;
        for i in 0..count {
            let r = t.at(i);
            let at = header + i * record_size;
            // Sorted by hash, and each hash the name's: then a lookup finds every record.
            if r.name_hash() < previous {
                return Err(bad(at, format!("record {i}: not sorted by name hash")));
            }
            previous = r.name_hash();
            let rec = r.raw();
            let strings = [
                (offset::name_offset, rec.name_offset, rec.name_len),
                (offset::symbol_offset, rec.symbol_offset, rec.symbol_len),
                (offset::processor_offset, rec.processor_offset, rec.processor_len as u32),
            ];
            for (off, o, l) in strings {
                let (o, l) = (o as usize, l as usize);
                if o.checked_add(l).is_none_or(|end| end > t.strings.len())
                    || std::str::from_utf8(&t.strings[o..o + l]).is_err()
                {
                    return Err(bad(
                        header + i * record_size + off,
                        format!(
                            "record {i}: string {o}+{l} outside the {} bytes of strings, or not UTF-8",
                            t.strings.len()
                        ),
                    ));
                }
            }
            if name_hash(r.name()) != r.name_hash() {
                return Err(bad(at, format!("record {i}: the name hash is not the hash of its name '{}'", r.name())));
            }
        }
        Ok(t)
    }

    /// Number of records.
    #[inline]
    pub fn len(&self) -> usize {
        self.count
    }

    /// No records.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Record `i` (in hash order).
    #[inline]
    pub fn at(&self, i: usize) -> Record<'a> {
        Record { raw: &self.records[i * self.record_size..(i + 1) * self.record_size], strings: self.strings }
    }

    /// Index of the first record whose hash is not below `h`. Hashes are spread evenly over 64 bits, so
    /// the record sits near `h * count / 2^64`: probe there, gallop outwards to bracket it (a few steps:
    /// the distance grows like the square root of the count), then a branch-free binary search inside.
    #[inline]
    fn lower_bound(&self, h: u64) -> usize {
        let n = self.count;
        if n == 0 {
            return 0;
        }
        let rs = self.record_size;
        let hash_at = |i: usize| field!(self.records[i * rs..], name_hash: u64);
        let guess = ((h as u128 * n as u128) >> 64) as usize;
        let (mut lo, mut hi);
        if hash_at(guess) < h {
            // The answer is after `guess`.
            lo = guess + 1;
            let mut step = 1;
            loop {
                let p = guess + step;
                if p >= n {
                    hi = n;
                    break;
                }
                if hash_at(p) >= h {
                    hi = p;
                    break;
                }
                lo = p + 1;
                step *= 2;
            }
        } else {
            // The answer is `guess` or before it.
            hi = guess;
            let mut step = 1;
            loop {
                if step > guess {
                    lo = 0;
                    break;
                }
                let p = guess - step;
                if hash_at(p) < h {
                    lo = p + 1;
                    break;
                }
                hi = p;
                step *= 2;
            }
        }
        // Lower bound in [lo, hi): every record before lo is below h, the one at hi (if any) is not.
        let mut len = hi - lo;
        while len > 0 {
            let half = len / 2;
            if hash_at(lo + half) < h {
                lo += half + 1;
                len -= half + 1;
            } else {
                len = half;
            }
        }
        lo
    }

    /// The first record named `name`: the dispatch-time lookup, a binary search on the hash that
    /// allocates nothing.
    #[inline]
    pub fn find_first(&self, name: &str) -> Option<Record<'a>> {
        let h = name_hash(name);
        let mut i = self.lower_bound(h);
        while i < self.count {
            let r = self.at(i);
            if r.name_hash() != h {
                return None;
            }
            if r.name_bytes() == name.as_bytes() {
                return Some(r);
            }
            i += 1;
        }
        None
    }

    /// The records named `name` (several when the table covers several processors).
    pub fn find<'s>(&'s self, name: &'s str) -> impl Iterator<Item = Record<'a>> + 's {
        let h = name_hash(name);
        let lo = self.lower_bound(h);
        (lo..self.count)
            .map(move |i| self.at(i))
            .take_while(move |r| r.name_hash() == h)
            .filter(move |r| r.name_bytes() == name.as_bytes())
    }
}

impl<'a> Record<'a> {
    #[inline]
    fn string(&self, off: usize, len: usize) -> &'a str {
        // Checked in Table::parse.
        std::str::from_utf8(&self.strings[off..off + len]).unwrap_or("")
    }
    /// Sort key.
    #[inline]
    pub fn name_hash(&self) -> u64 {
        field!(self.raw, name_hash: u64)
    }
    #[inline]
    fn name_bytes(&self) -> &'a [u8] {
        let (o, l) = (field!(self.raw, name_offset: u32) as usize, field!(self.raw, name_len: u32) as usize);
        &self.strings[o..o + l]
    }
    /// `.name`.
    #[inline]
    pub fn name(&self) -> &'a str {
        self.string(field!(self.raw, name_offset: u32) as usize, field!(self.raw, name_len: u32) as usize)
    }
    /// `.symbol`.
    #[inline]
    pub fn symbol(&self) -> &'a str {
        self.string(field!(self.raw, symbol_offset: u32) as usize, field!(self.raw, symbol_len: u32) as usize)
    }
    /// Processor.
    pub fn processor(&self) -> &'a str {
        self.string(field!(self.raw, processor_offset: u32) as usize, field!(self.raw, processor_len: u16) as usize)
    }
    /// Wave size.
    #[inline]
    pub fn wave_size(&self) -> u32 {
        field!(self.raw, wave_size: u8) as u32
    }
    /// Requested waves/SIMD (0: none).
    #[inline]
    pub fn requested_waves(&self) -> u32 {
        field!(self.raw, requested_waves: u8) as u32
    }
    /// `.vgpr_count`.
    #[inline]
    pub fn vgpr_count(&self) -> u32 {
        field!(self.raw, vgpr_count: u16) as u32
    }
    /// `.sgpr_count`.
    #[inline]
    pub fn sgpr_count(&self) -> u32 {
        field!(self.raw, sgpr_count: u16) as u32
    }
    /// `.max_flat_workgroup_size`.
    #[inline]
    pub fn max_workgroup_size(&self) -> u32 {
        field!(self.raw, max_workgroup_size: u16) as u32
    }
    /// Static LDS bytes.
    #[inline]
    pub fn static_lds(&self) -> u32 {
        field!(self.raw, static_lds: u32)
    }
    /// Scratch bytes per work-item.
    #[inline]
    pub fn scratch(&self) -> u32 {
        field!(self.raw, scratch: u32)
    }
    /// VGPR + SGPR spills.
    #[inline]
    pub fn spills(&self) -> u32 {
        field!(self.raw, spills: u32)
    }
    /// VGPRs the kernel descriptor allocates (0: unknown).
    #[inline]
    pub fn descriptor_vgprs(&self) -> u32 {
        field!(self.raw, descriptor_vgprs: u16) as u32
    }
    /// SGPRs the kernel descriptor allocates (0: unknown or GFX10+).
    #[inline]
    pub fn descriptor_sgprs(&self) -> u32 {
        field!(self.raw, descriptor_sgprs: u16) as u32
    }
    /// Whether the record is long enough to hold `.reqd_workgroup_size` (tables of 64-byte records
    /// predate it): where it does, its 0 says the kernel fixes no size.
    #[inline]
    pub fn has_reqd_workgroup_size(&self) -> bool {
        self.raw.len() >= offset::reqd_workgroup_size + 4
    }
    /// Whether the record is long enough to hold the WGP/CU mode field.
    #[inline]
    pub fn has_workgroup_processor_mode(&self) -> bool {
        self.raw.len() >= offset::workgroup_processor_mode + 4
    }
    /// `.reqd_workgroup_size` in threads (0: none, or a record too short to have it).
    #[inline]
    pub fn reqd_workgroup_size(&self) -> u32 {
        if self.raw.len() >= offset::reqd_workgroup_size + 4 {
            field!(self.raw, reqd_workgroup_size: u32)
        } else {
            0
        }
    }
    /// WGP (`Some(true)`) or CU mode (`Some(false)`) where the record says (0 or a value it does not
    /// define, and a record too short to have it, are `None`).
    #[inline]
    pub fn workgroup_processor_mode(&self) -> Option<bool> {
        if self.raw.len() < offset::workgroup_processor_mode + 4 {
            return None;
        }
        match field!(self.raw, workgroup_processor_mode: u32) {
            1 => Some(true),
            2 => Some(false),
            _ => None,
        }
    }
    /// The kernel's resources as the table records them: the spills as one sum, the descriptor's counts
    /// where they were known (0 is unknown).
    #[inline]
    pub fn resources(&self) -> wavebudget_model::KernelResources {
        let (dv, ds) = (self.descriptor_vgprs(), self.descriptor_sgprs());
        wavebudget_model::KernelResources {
            vgpr_count: self.vgpr_count(),
            agpr_count: field!(self.raw, agpr_count: u16) as u32,
            sgpr_count: self.sgpr_count(),
            group_segment_fixed_size: self.static_lds(),
            private_segment_fixed_size: self.scratch(),
            wavefront_size: self.wave_size(),
            max_flat_workgroup_size: self.max_workgroup_size(),
            reqd_workgroup_size: Some(self.reqd_workgroup_size()).filter(|&n| n != 0),
            spills: self.spills(),
            descriptor: (dv != 0)
                .then_some(wavebudget_model::DescriptorCounts { vgprs: dv, sgprs: (ds != 0).then_some(ds) }),
            workgroup_processor_mode: self.workgroup_processor_mode(),
        }
    }
    /// Every field of the record.
    pub fn raw(&self) -> RawRecord {
        let mut b = [0u8; RECORD_SIZE];
        let n = self.raw.len().min(RECORD_SIZE);
        b[..n].copy_from_slice(&self.raw[..n]);
        RawRecord::read(&b)
    }
    /// Back to an owned [`Entry`].
    pub fn entry(&self) -> Entry {
        Entry {
            name: self.name().into(),
            symbol: self.symbol().into(),
            processor: self.processor().into(),
            record: RawRecord {
                name_offset: 0,
                name_len: 0,
                symbol_offset: 0,
                symbol_len: 0,
                processor_offset: 0,
                processor_len: 0,
                name_hash: 0,
                ..self.raw()
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str, processor: &str, vgprs: u16) -> Entry {
        Entry {
            name: name.into(),
            symbol: format!("{name}.kd"),
            processor: processor.into(),
            record: RawRecord { wave_size: 64, vgpr_count: vgprs, ..RawRecord::default() },
        }
    }

    #[test]
    fn lookup_finds_every_name_and_nothing_else() {
        for n in [0usize, 1, 2, 3, 7, 100, 1000, 5000] {
            let entries: Vec<Entry> = (0..n).map(|i| entry(&format!("kernel_{i}"), "gfx942", i as u16)).collect();
            let bytes = write(&entries);
            let t = Table::parse(&bytes).unwrap();
            for i in 0..n {
                let name = format!("kernel_{i}");
                let r = t.find_first(&name).unwrap_or_else(|| panic!("{n}: {name} not found"));
                assert_eq!((r.name(), r.vgpr_count()), (name.as_str(), i as u32));
                // The lower bound equals a linear scan's.
                let h = name_hash(&name);
                assert_eq!(t.lower_bound(h), (0..n).find(|&k| t.at(k).name_hash() >= h).unwrap_or(n));
            }
            for miss in ["", "kernel_", "kernel_-1", "nope"] {
                assert!(t.find_first(miss).is_none(), "{n}: {miss}");
                let h = name_hash(miss);
                assert_eq!(t.lower_bound(h), (0..n).find(|&k| t.at(k).name_hash() >= h).unwrap_or(n));
            }
            for h in [0, 1, u64::MAX / 2, u64::MAX - 1, u64::MAX] {
                assert_eq!(t.lower_bound(h), (0..n).find(|&k| t.at(k).name_hash() >= h).unwrap_or(n), "{n} {h}");
            }
        }
    }

    #[test]
    fn unsorted_records_and_wrong_hashes_are_refused() {
        let entries: Vec<Entry> = (0..3).map(|i| entry(&format!("k{i}"), "gfx942", 8)).collect();
        let good = write(&entries);
        Table::parse(&good).unwrap();
        // Records 0 and 1 swapped: sorted no more.
        let mut swapped = good.clone();
        let (a, b) = (HEADER_SIZE, HEADER_SIZE + RECORD_SIZE);
        let r0 = swapped[a..b].to_vec();
        swapped.copy_within(b..b + RECORD_SIZE, a);
        swapped[b..b + RECORD_SIZE].copy_from_slice(&r0);
        let e = Table::parse(&swapped).unwrap_err().to_string();
        assert!(e.contains("not sorted by name hash"), "{e}");
        // The last record's hash raised to the maximum: still sorted, but not its name's.
        let mut wrong = good.clone();
        let last = HEADER_SIZE + 2 * RECORD_SIZE;
        wrong[last..last + 8].copy_from_slice(&u64::MAX.to_le_bytes());
        let e = Table::parse(&wrong).unwrap_err().to_string();
        assert!(e.contains("record 2: the name hash is not the hash of its name"), "{e}");
    }

    /// The declared layout is the one docs/binary-format.md specifies (offsets in bytes).
    #[test]
    fn the_record_layout_is_the_documented_one() {
        let want = [
            (offset::name_hash, 0),
            (offset::name_offset, 8),
            (offset::symbol_offset, 16),
            (offset::processor_offset, 24),
            (offset::processor_len, 28),
            (offset::wave_size, 30),
            (offset::vgpr_count, 32),
            (offset::agpr_count, 34),
            (offset::sgpr_count, 36),
            (offset::max_workgroup_size, 38),
            (offset::static_lds, 40),
            (offset::scratch, 44),
            (offset::vgpr_budget, 48),
            (offset::waves_per_simd, 50),
            (offset::limiter, 51),
            (offset::limits, 52),
            (offset::spills, 56),
            (offset::descriptor_vgprs, 60),
            (offset::descriptor_sgprs, 62),
            (offset::reqd_workgroup_size, 64),
            (offset::workgroup_processor_mode, 68),
        ];
        for (got, at) in want {
            assert_eq!(got, at);
        }
    }

    /// A table of 64-byte records (written before `reqd_workgroup_size`) still reads, without it.
    #[test]
    fn short_records_of_earlier_tables_read() {
        let e = Entry {
            record: RawRecord { reqd_workgroup_size: 256, ..entry("k", "gfx942", 8).record },
            ..entry("k", "gfx942", 8)
        };
        let long = write(std::slice::from_ref(&e));
        assert_eq!(Table::parse(&long).unwrap().at(0).reqd_workgroup_size(), 256);
        // The same table with 64-byte records: header says 64, each record loses its last 4 bytes.
        let mut short = long[..HEADER_SIZE].to_vec();
        short[8..10].copy_from_slice(&64u16.to_le_bytes());
        short.extend_from_slice(&long[HEADER_SIZE..HEADER_SIZE + 64]);
        let strings_at = short.len() as u32;
        short[16..20].copy_from_slice(&strings_at.to_le_bytes());
        short.extend_from_slice(&long[HEADER_SIZE + RECORD_SIZE..]);
        let t = Table::parse(&short).unwrap();
        assert_eq!((t.at(0).name(), t.at(0).vgpr_count(), t.at(0).reqd_workgroup_size()), ("k", 8, 0));
        assert_eq!(t.at(0).resources().reqd_workgroup_size, None);
    }

    #[test]
    fn name_hash_reference_values() {
        // By hand from the definition: h = (0 ^ 'k') * K, then (rotl(h,5) ^ 1) * K.
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let h1 = (b'k' as u64).wrapping_mul(K);
        assert_eq!(name_hash("k"), (h1.rotate_left(5) ^ 1).wrapping_mul(K));
        assert_eq!(name_hash("k"), 0xf491_9b12_7539_6a60);
        assert_eq!(name_hash(""), 0);
        assert_ne!(name_hash("abcdefgh"), name_hash("abcdefgh\0"));
        // From a Python transcription of the definition in docs/binary-format.md.
        assert_eq!(name_hash("accumulate_spills"), 0xe845_ff3a_f712_5a29);
    }

    #[test]
    fn round_trip_and_lookup() {
        let entries: Vec<Entry> = (0..200)
            .map(|i| entry(&format!("kernel_{i}"), "gfx942", i as u16))
            .chain([entry("kernel_7", "gfx90a", 999)])
            .collect();
        let bytes = write(&entries);
        let t = Table::parse(&bytes).unwrap();
        assert_eq!(t.len(), 201);
        for e in &entries {
            let found: Vec<Entry> = t.find(&e.name).map(|r| r.entry()).collect();
            assert!(found.contains(e), "{}", e.name);
        }
        assert_eq!(t.find("kernel_7").count(), 2);
        assert_eq!(t.find("missing").count(), 0);
        // Sorted by hash.
        assert!((1..t.len()).all(|i| t.at(i - 1).name_hash() <= t.at(i).name_hash()));
    }

    #[test]
    fn hostile_tables_are_errors_not_panics() {
        let good = write(&[entry("a", "gfx942", 1), entry("b", "gfx942", 2)]);
        for n in 0..good.len() {
            let _ = Table::parse(&good[..n]).map(|t| t.find("a").count());
        }
        for i in 0..good.len() {
            for v in [0u8, 0xff, 0x7f] {
                let mut b = good.clone();
                b[i] = v;
                if let Ok(t) = Table::parse(&b) {
                    for j in 0..t.len() {
                        let _ = t.at(j).entry();
                    }
                }
            }
        }
        let mut lie = good.clone();
        lie[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
        let e = Table::parse(&lie).unwrap_err().to_string();
        assert!(e.contains("kernel table") && e.contains("do not fit"), "{e}");
        assert!(Table::parse(b"ELF\x7fwhatever-is-this-not-a-table!!")
            .unwrap_err()
            .to_string()
            .contains("no WBKT magic"));
    }
}
