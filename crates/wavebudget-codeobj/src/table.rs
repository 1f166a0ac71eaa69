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
/// Record size in bytes.
pub const RECORD_SIZE: usize = 64;

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

/// One kernel, as written (owned strings).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Entry {
    /// `.name`.
    pub name: String,
    /// `.symbol`.
    pub symbol: String,
    /// Processor of the code object (`gfx942`).
    pub processor: String,
    /// `.wavefront_size`.
    pub wave_size: u8,
    /// Waves/SIMD the pass was asked for (0: none).
    pub requested_waves: u8,
    /// `.vgpr_count`.
    pub vgpr_count: u16,
    /// `.agpr_count`.
    pub agpr_count: u16,
    /// `.sgpr_count`.
    pub sgpr_count: u16,
    /// `.max_flat_workgroup_size`.
    pub max_workgroup_size: u16,
    /// `.group_segment_fixed_size`.
    pub static_lds: u32,
    /// `.private_segment_fixed_size`.
    pub scratch: u32,
    /// VGPR budget the pass set for `requested_waves` (0: none).
    pub vgpr_budget: u16,
    /// Waves/SIMD on the code object's own processor at `max_workgroup_size`.
    pub waves_per_simd: u8,
    /// Index into [`LIMITERS`].
    pub limiter: u8,
    /// Per-limiter waves/SIMD: VGPR, SGPR, LDS, workgroup.
    pub limits: [u8; 4],
    /// `.vgpr_spill_count` + `.sgpr_spill_count`.
    pub spills: u32,
    /// VGPRs the kernel descriptor allocates (0: unknown); above `vgpr_count` when LLVM padded it.
    pub descriptor_vgprs: u16,
    /// SGPRs the kernel descriptor allocates (0: unknown or GFX10+).
    pub descriptor_sgprs: u16,
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
        let (n_off, n_len) = add(&e.name);
        let (s_off, s_len) = add(&e.symbol);
        let (p_off, p_len) = add(&e.processor);
        records.extend_from_slice(&name_hash(&e.name).to_le_bytes());
        records.extend_from_slice(&n_off.to_le_bytes());
        records.extend_from_slice(&n_len.to_le_bytes());
        records.extend_from_slice(&s_off.to_le_bytes());
        records.extend_from_slice(&s_len.to_le_bytes());
        records.extend_from_slice(&p_off.to_le_bytes());
        records.extend_from_slice(&(p_len.min(u16::MAX as u32) as u16).to_le_bytes());
        records.push(e.wave_size);
        records.push(e.requested_waves);
        for v in [e.vgpr_count, e.agpr_count, e.sgpr_count, e.max_workgroup_size] {
            records.extend_from_slice(&v.to_le_bytes());
        }
        records.extend_from_slice(&e.static_lds.to_le_bytes());
        records.extend_from_slice(&e.scratch.to_le_bytes());
        records.extend_from_slice(&e.vgpr_budget.to_le_bytes());
        records.push(e.waves_per_simd);
        records.push(e.limiter);
        records.extend_from_slice(&e.limits);
        records.extend_from_slice(&e.spills.to_le_bytes());
        records.extend_from_slice(&e.descriptor_vgprs.to_le_bytes());
        records.extend_from_slice(&e.descriptor_sgprs.to_le_bytes());
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
        if header < HEADER_SIZE || record_size < RECORD_SIZE {
            return Err(bad(
                6,
                format!("header {header} / record {record_size} bytes, at least {HEADER_SIZE} / {RECORD_SIZE}"),
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
            for (off, len) in [(8, 12), (16, 20), (24, 28)] {
                let o = u32_at(r.raw, off) as usize;
                let l = if len == 28 { u16_at(r.raw, len) as usize } else { u32_at(r.raw, len) as usize };
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
        let hash_at = |i: usize| u64::from_le_bytes(self.records[i * rs..i * rs + 8].try_into().expect("8 bytes"));
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
        let o = u32_at(self.raw, off) as usize;
        let l = if len == 28 { u16_at(self.raw, len) as usize } else { u32_at(self.raw, len) as usize };
        // Checked in Table::parse.
        std::str::from_utf8(&self.strings[o..o + l]).unwrap_or("")
    }
    /// Sort key.
    #[inline]
    pub fn name_hash(&self) -> u64 {
        u64::from_le_bytes(self.raw[..8].try_into().expect("8 bytes"))
    }
    #[inline]
    fn name_bytes(&self) -> &'a [u8] {
        let (o, l) = (u32_at(self.raw, 8) as usize, u32_at(self.raw, 12) as usize);
        &self.strings[o..o + l]
    }
    /// `.name`.
    #[inline]
    pub fn name(&self) -> &'a str {
        self.string(8, 12)
    }
    /// `.symbol`.
    #[inline]
    pub fn symbol(&self) -> &'a str {
        self.string(16, 20)
    }
    /// Processor.
    pub fn processor(&self) -> &'a str {
        self.string(24, 28)
    }
    /// Wave size.
    #[inline]
    pub fn wave_size(&self) -> u32 {
        self.raw[30] as u32
    }
    /// Requested waves/SIMD (0: none).
    #[inline]
    pub fn requested_waves(&self) -> u32 {
        self.raw[31] as u32
    }
    /// `.vgpr_count`.
    #[inline]
    pub fn vgpr_count(&self) -> u32 {
        u16_at(self.raw, 32) as u32
    }
    /// `.sgpr_count`.
    #[inline]
    pub fn sgpr_count(&self) -> u32 {
        u16_at(self.raw, 36) as u32
    }
    /// `.max_flat_workgroup_size`.
    #[inline]
    pub fn max_workgroup_size(&self) -> u32 {
        u16_at(self.raw, 38) as u32
    }
    /// Static LDS bytes.
    #[inline]
    pub fn static_lds(&self) -> u32 {
        u32_at(self.raw, 40)
    }
    /// Scratch bytes per work-item.
    #[inline]
    pub fn scratch(&self) -> u32 {
        u32_at(self.raw, 44)
    }
    /// VGPR + SGPR spills.
    #[inline]
    pub fn spills(&self) -> u32 {
        u32_at(self.raw, 56)
    }
    /// VGPRs the kernel descriptor allocates (0: unknown).
    #[inline]
    pub fn descriptor_vgprs(&self) -> u32 {
        u16_at(self.raw, 60) as u32
    }
    /// SGPRs the kernel descriptor allocates (0: unknown or GFX10+).
    #[inline]
    pub fn descriptor_sgprs(&self) -> u32 {
        u16_at(self.raw, 62) as u32
    }
    /// Back to an owned [`Entry`].
    pub fn entry(&self) -> Entry {
        let r = self.raw;
        Entry {
            name: self.name().into(),
            symbol: self.symbol().into(),
            processor: self.processor().into(),
            wave_size: r[30],
            requested_waves: r[31],
            vgpr_count: u16_at(r, 32),
            agpr_count: u16_at(r, 34),
            sgpr_count: u16_at(r, 36),
            max_workgroup_size: u16_at(r, 38),
            static_lds: u32_at(r, 40),
            scratch: u32_at(r, 44),
            vgpr_budget: u16_at(r, 48),
            waves_per_simd: r[50],
            limiter: r[51],
            limits: [r[52], r[53], r[54], r[55]],
            spills: u32_at(r, 56),
            descriptor_vgprs: u16_at(r, 60),
            descriptor_sgprs: u16_at(r, 62),
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
            wave_size: 64,
            vgpr_count: vgprs,
            ..Entry::default()
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
