//! Clang offload bundles: the uncompressed format (`__CLANG_OFFLOAD_BUNDLE__`) and the compressed one
//! (`CCOB` versions 1-3, zlib or zstd), and runs of bundles as HIP puts them in a `.hip_fatbin` section.

use serde::Serialize;

use crate::error::{Error, Result};

/// Magic of an uncompressed bundle.
pub const BUNDLE_MAGIC: &[u8] = b"__CLANG_OFFLOAD_BUNDLE__";
/// Magic of a compressed bundle.
pub const CCOB_MAGIC: &[u8] = b"CCOB";
/// Largest uncompressed size accepted from a compressed bundle's header. ROCm's largest per-file bundles
/// are a few hundred MB; a header claiming more is treated as a lie rather than allocated.
pub const MAX_UNCOMPRESSED: u64 = 4 << 30;
/// Largest ratio of uncompressed to compressed size accepted above [`RATIO_FREE_SIZE`]. Code objects
/// compress 3-20x; a header claiming far more from a small payload is a decompression bomb.
pub const MAX_RATIO: u64 = 1024;
/// The most entries a bundle is read with: clang-offload-bundler writes one per target (a host entry and
/// tens of devices in the largest libraries); a bundle claiming more is refused, so a few kilobytes naming
/// one code object a million times cannot make a million reports.
pub const MAX_ENTRIES: u64 = 4096;
/// Uncompressed sizes up to this are accepted whatever the ratio.
pub const RATIO_FREE_SIZE: u64 = 64 << 20;
/// Output reserved per compressed byte before decompressing; the rest grows with real output.
const PREALLOC_PER_BYTE: u64 = 8;

/// One entry of an uncompressed bundle.
#[derive(Debug, Clone, Copy)]
pub struct Entry<'a> {
    /// Bundle entry id, e.g. `hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-` or `host-x86_64-unknown-linux`.
    pub id: &'a str,
    /// Offset of the entry's bytes from the start of the bundle.
    pub offset: u64,
    /// The entry's bytes.
    pub data: &'a [u8],
}

/// An uncompressed bundle.
#[derive(Debug, Clone)]
pub struct Bundle<'a> {
    /// Entries in header order.
    pub entries: Vec<Entry<'a>>,
    /// Bytes from the magic to the end of the last entry (or of the header if all entries are empty).
    pub len: usize,
}

fn u64_at(bytes: &[u8], at: usize, structure: &'static str) -> Result<u64> {
    bytes
        .get(at..at.saturating_add(8))
        .map(|b| u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]))
        .ok_or_else(|| {
            Error::malformed(structure, at as u64, format!("needs 8 bytes, {} remain", bytes.len().saturating_sub(at)))
        })
}

impl<'a> Bundle<'a> {
    /// Parses the bundle starting at `bytes[0]` (the magic). Bytes past the bundle are ignored.
    pub fn parse(bytes: &'a [u8]) -> Result<Bundle<'a>> {
        if !bytes.starts_with(BUNDLE_MAGIC) {
            return Err(Error::malformed("offload bundle", 0, "no __CLANG_OFFLOAD_BUNDLE__ magic"));
        }
        let mut at = BUNDLE_MAGIC.len();
        let count = u64_at(bytes, at, "offload bundle entry count")?;
        at += 8;
        if count == 0 {
            return Err(Error::malformed(
                "offload bundle entry count",
                BUNDLE_MAGIC.len() as u64,
                "0 entries: an empty bundle holds no code object (clang-offload-bundler never writes one)",
            ));
        }
        // Each entry header takes at least 24 bytes: a count the file cannot hold is a lie.
        let room = (bytes.len() - at) / 24;
        if count > room as u64 {
            return Err(Error::malformed(
                "offload bundle entry count",
                BUNDLE_MAGIC.len() as u64,
                format!("{count} entries claimed, the {} bytes left hold at most {room}", bytes.len() - at),
            ));
        }
        if count > MAX_ENTRIES {
            return Err(Error::malformed(
                "offload bundle entry count",
                BUNDLE_MAGIC.len() as u64,
                format!("{count} entries: more than the {MAX_ENTRIES} a bundle is read with"),
            ));
        }
        let mut entries = Vec::with_capacity(count as usize);
        let mut end = 0usize;
        for i in 0..count {
            let header_at = at;
            let offset = u64_at(bytes, at, "offload bundle entry header")?;
            let size = u64_at(bytes, at + 8, "offload bundle entry header")?;
            let id_len = u64_at(bytes, at + 16, "offload bundle entry header")?;
            at += 24;
            let id_bytes =
                usize::try_from(id_len).ok().and_then(|l| bytes.get(at..at.checked_add(l)?)).ok_or_else(|| {
                    Error::malformed(
                        "offload bundle entry id",
                        at as u64,
                        format!("entry {i}: id of {id_len} bytes runs past the bundle ({} bytes)", bytes.len()),
                    )
                })?;
            let id = std::str::from_utf8(id_bytes).map_err(|_| {
                Error::malformed("offload bundle entry id", at as u64, format!("entry {i}: id is not UTF-8"))
            })?;
            at += id_bytes.len();
            let data = offset
                .checked_add(size)
                .and_then(|e| usize::try_from(e).ok())
                .and_then(|e| bytes.get(offset as usize..e))
                .ok_or_else(|| {
                    Error::malformed(
                        "offload bundle entry",
                        header_at as u64,
                        format!(
                            "entry {i} ({id}): offset {offset:#x} + size {size:#x} runs past the bundle ({:#x} bytes)",
                            bytes.len()
                        ),
                    )
                })?;
            end = end.max(offset as usize + data.len());
            entries.push(Entry { id, offset, data });
        }
        Ok(Bundle { entries, len: end.max(at) })
    }
}

/// Compression method of a `CCOB` bundle (`llvm::compression::Format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Compression {
    /// zlib.
    Zlib,
    /// Zstandard.
    Zstd,
}

/// A compressed bundle's header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CompressedHeader {
    /// Format version (1, 2, 3).
    pub version: u16,
    /// Compression method.
    pub method: Compression,
    /// Total size of the compressed bundle, header included (versions 2 and 3).
    pub file_size: Option<u64>,
    /// Size of the bundle once decompressed.
    pub uncompressed_size: u64,
    /// Truncated hash of the uncompressed bundle.
    pub hash: u64,
    /// Header length in bytes.
    pub header_len: usize,
}

fn le(bytes: &[u8], at: usize, n: usize) -> Option<u64> {
    let b = bytes.get(at..at.checked_add(n)?)?;
    Some(b.iter().rev().fold(0u64, |acc, &x| (acc << 8) | u64::from(x)))
}

impl CompressedHeader {
    /// Parses the header at `bytes[0]` (the `CCOB` magic).
    pub fn parse(bytes: &[u8]) -> Result<CompressedHeader> {
        const S: &str = "compressed offload bundle header";
        if !bytes.starts_with(CCOB_MAGIC) {
            return Err(Error::malformed(S, 0, "no CCOB magic"));
        }
        let short = |need: usize| Error::malformed(S, 0, format!("needs {need} bytes, {} remain", bytes.len()));
        let version = le(bytes, 4, 2).ok_or_else(|| short(8))? as u16;
        let method = match le(bytes, 6, 2).ok_or_else(|| short(8))? {
            0 => Compression::Zlib,
            1 => Compression::Zstd,
            m => return Err(Error::unsupported(S, 6, format!("compression method {m} (known: 0 zlib, 1 zstd)"))),
        };
        let (file_size, uncompressed_size, hash, header_len) = match version {
            1 => (None, le(bytes, 8, 4).ok_or_else(|| short(20))?, le(bytes, 12, 8).ok_or_else(|| short(20))?, 20),
            2 => (
                Some(le(bytes, 8, 4).ok_or_else(|| short(24))?),
                le(bytes, 12, 4).ok_or_else(|| short(24))?,
                le(bytes, 16, 8).ok_or_else(|| short(24))?,
                24,
            ),
            3 => (
                Some(le(bytes, 8, 8).ok_or_else(|| short(32))?),
                le(bytes, 16, 8).ok_or_else(|| short(32))?,
                le(bytes, 24, 8).ok_or_else(|| short(32))?,
                32,
            ),
            v => return Err(Error::unsupported(S, 4, format!("version {v} (known: 1, 2, 3)"))),
        };
        if let Some(fs) = file_size {
            if fs < header_len as u64 || fs > bytes.len() as u64 {
                return Err(Error::malformed(
                    S,
                    8,
                    format!(
                        "total size {fs:#x} is outside the {header_len} header bytes .. the {:#x} bytes available",
                        bytes.len()
                    ),
                ));
            }
        }
        if uncompressed_size > MAX_UNCOMPRESSED {
            return Err(Error::malformed(
                S,
                if version == 3 { 16 } else { 12 },
                format!("uncompressed size {uncompressed_size:#x} is above the {MAX_UNCOMPRESSED:#x}-byte limit"),
            ));
        }
        Ok(CompressedHeader { version, method, file_size, uncompressed_size, hash, header_len })
    }

    /// Bytes the compressed bundle takes: `file_size`, or all of `available` for version 1.
    pub fn total_len(&self, available: usize) -> usize {
        self.file_size.map_or(available, |s| s as usize)
    }
}

/// Decompresses `payload` into `out` (at most `limit` bytes) with `method`'s codec; `None` when this build
/// has no such codec (the `zlib` and `zstd` features).
#[allow(unreachable_code, unused_imports, unused_variables, clippy::ptr_arg)] // which holds depends on the features
fn inflate(method: Compression, payload: &[u8], limit: u64, out: &mut Vec<u8>) -> Option<std::io::Result<usize>> {
    use std::io::Read;
    match method {
        Compression::Zlib => {
            #[cfg(feature = "zlib")]
            return Some(flate2::read::ZlibDecoder::new(payload).take(limit).read_to_end(out));
        }
        Compression::Zstd => {
            #[cfg(feature = "zstd")]
            return Some(
                zstd::stream::read::Decoder::with_buffer(payload).and_then(|d| d.take(limit).read_to_end(out)),
            );
        }
    }
    None
}

/// Compresses `raw` with `method`'s codec (level 9); `None` when this build has no such codec.
#[cfg(feature = "write")]
#[allow(unreachable_code, unused_imports, unused_variables)] // which of these holds depends on the features
pub(crate) fn deflate(method: Compression, raw: &[u8]) -> Option<std::io::Result<Vec<u8>>> {
    use std::io::Write;
    match method {
        Compression::Zlib => {
            #[cfg(feature = "zlib")]
            return Some({
                let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(9));
                z.write_all(raw).and_then(|_| z.finish())
            });
        }
        Compression::Zstd => {
            #[cfg(feature = "zstd")]
            return Some(zstd::bulk::compress(raw, 9));
        }
    }
    None
}

/// Decompresses the `CCOB` bundle at `bytes[0]`: output exactly as long as the header says, never more.
pub fn decompress(bytes: &[u8]) -> Result<(CompressedHeader, Vec<u8>)> {
    const S: &str = "compressed offload bundle";
    let h = CompressedHeader::parse(bytes)?;
    let payload = &bytes[h.header_len..h.total_len(bytes.len())];
    let want = h.uncompressed_size;
    if want > RATIO_FREE_SIZE && want / MAX_RATIO > payload.len() as u64 {
        return Err(Error::malformed(
            S,
            0,
            format!(
                "header says {want} bytes uncompressed from {} compressed: over the {MAX_RATIO}x ratio accepted",
                payload.len()
            ),
        ));
    }
    let mut out = Vec::with_capacity(want.min(payload.len() as u64 * PREALLOC_PER_BYTE) as usize);
    let limit = want + 1;
    let Some(read) = inflate(h.method, payload, limit, &mut out) else {
        return Err(Error::unsupported(
            S,
            6,
            format!(
                "{:?} compression: this build has no {:?} codec (wavebudget-codeobj's zlib/zstd features)",
                h.method, h.method
            ),
        ));
    };
    if let Err(e) = read {
        return Err(Error::malformed(S, h.header_len as u64, format!("{:?} data does not decompress: {e}", h.method)));
    }
    if out.len() as u64 != want {
        let got = if out.len() as u64 > want { format!("more than {want}") } else { out.len().to_string() };
        return Err(Error::malformed(S, 0, format!("header says {want} bytes uncompressed, the data gives {got}")));
    }
    // clang-offload-bundler's hash: the low 64 bits of the MD5 of the uncompressed bundle. A mismatch is
    // corruption (the bundler itself prints "Hashes match: No" and goes on; a reader that must be exact
    // does not, and embed must not write a fresh hash over it).
    let digest = md5::compute(&out);
    let hash = u64::from_le_bytes(digest.0[..8].try_into().expect("an MD5 digest has 16 bytes"));
    if hash != h.hash {
        let at = if h.version == 1 {
            12
        } else if h.version == 2 {
            16
        } else {
            24
        };
        return Err(Error::malformed(
            S,
            at,
            format!("hash {:#018x} does not match the data's {hash:#018x}: the bundle is corrupt", h.hash),
        ));
    }
    Ok((h, out))
}

/// One bundle found in a run of bundles.
#[derive(Debug, Clone)]
pub struct Located<'a> {
    /// Offset of the bundle in the scanned region.
    pub offset: usize,
    /// The bundle's bytes (its header through its end).
    pub bytes: &'a [u8],
    /// `Some` for a compressed bundle.
    pub compressed: Option<CompressedHeader>,
}

/// Splits a region holding bundles one after another, with zero padding between them (a `.hip_fatbin`
/// section, or a file of concatenated bundles). Anything else between bundles is an error, and so are
/// compressed bundles whose uncompressed sizes add up to more than what is left of `budget` (refused here,
/// before any is decompressed; [`decompress`] then holds each to its header's size). The sizes claimed
/// are spent from `budget`.
pub fn split<'a>(region: &'a [u8], budget: &crate::InputBudget) -> Result<Vec<Located<'a>>> {
    let mut out = Vec::new();
    let mut at = 0usize;
    let mut claimed = 0u64;
    while let Some(skip) = region.get(at..).and_then(|r| r.iter().position(|&b| b != 0)) {
        at += skip;
        let rest = &region[at..];
        let (len, compressed) = if rest.starts_with(BUNDLE_MAGIC) {
            (Bundle::parse(rest).map_err(|e| e.within(format!("offload bundle at {at:#x}")))?.len, None)
        } else if rest.starts_with(CCOB_MAGIC) {
            let h = CompressedHeader::parse(rest).map_err(|e| e.within(format!("offload bundle at {at:#x}")))?;
            claimed = claimed.saturating_add(h.uncompressed_size);
            if claimed > budget.left() {
                return Err(Error::OverBudget {
                    within: Vec::new(),
                    structure: "compressed offload bundle",
                    offset: at as u64,
                    detail: format!(
                        "the compressed bundles up to this one decompress to {claimed} bytes ({} bundles){}",
                        out.iter().filter(|l: &&Located<'_>| l.compressed.is_some()).count() + 1,
                        budget.earlier()
                    ),
                    budget: budget.total(),
                });
            }
            (h.total_len(rest.len()), Some(h))
        } else {
            let n = rest.len().min(8);
            return Err(Error::malformed(
                "offload bundle",
                at as u64,
                format!("expected __CLANG_OFFLOAD_BUNDLE__ or CCOB, found bytes {:02x?}", &rest[..n]),
            ));
        };
        out.push(Located { offset: at, bytes: &rest[..len], compressed });
        at += len.max(1);
    }
    budget.spend(claimed);
    Ok(out)
}
