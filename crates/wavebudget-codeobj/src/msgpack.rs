//! A borrowed MessagePack value, decoded directly from the note's bytes (one pass, no serde: the
//! metadata of a small code object decodes in a fraction of a microsecond), with a nesting limit and
//! capped pre-allocation, so hostile metadata cannot exhaust the stack or the heap. [`head`] is the one
//! reading of MessagePack's type bytes, for this decoder and for `rewrite`'s splicing.

use std::borrow::Cow;

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::error::{Error, Result};

/// The decoder's own result: its error boxed, so that the values it passes up (a `Value` is 32 bytes)
/// do not travel beside a whole `Error` on every return.
type R<T> = std::result::Result<T, Box<Error>>;

fn fail(at: usize, detail: impl Into<String>) -> Box<Error> {
    Box::new(Error::malformed(STRUCTURE, at as u64, detail))
}

/// Deepest nesting accepted. AMDGPU metadata nests four deep (root map, kernel list, kernel map, argument
/// list, argument map); the limit leaves room for vendor keys and stops nesting bombs long before the stack.
pub const MAX_DEPTH: usize = 32;

/// Elements reserved up front for a container, whatever length the input claims (the rest grows as
/// elements actually arrive, each at least one byte of input).
const MAX_PREALLOC: usize = 256;

const STRUCTURE: &str = "MessagePack metadata";

/// What a value's first bytes say it is.
pub(crate) enum Head {
    /// nil, a boolean, an integer or a float: the value and its whole length.
    Scalar(Value<'static>, usize),
    /// A string: header length, payload length.
    Str(usize, usize),
    /// A binary: header length, payload length.
    Bin(usize, usize),
    /// An extension (type byte included in the header): header length, payload length.
    Ext(usize, usize),
    /// An array: header length, element count.
    Array(usize, u64),
    /// A map: header length, entry count.
    Map(usize, u64),
}

/// `n` big-endian bytes at `at`.
fn be(b: &[u8], at: usize, n: usize) -> R<u64> {
    let s = b.get(at..at.saturating_add(n)).ok_or_else(|| fail(at, "truncated"))?;
    Ok(s.iter().fold(0u64, |acc, &x| (acc << 8) | x as u64))
}

/// The value at `at` as its type byte (and length fields) say, per the MessagePack specification.
pub(crate) fn head(b: &[u8], at: usize) -> R<Head> {
    let t = *b.get(at).ok_or_else(|| fail(at, "truncated"))?;
    let len = |n: usize| -> R<usize> { Ok(be(b, at + 1, n)? as usize) };
    let uint = |n: usize| -> R<Head> { Ok(Head::Scalar(Value::UInt(be(b, at + 1, n)?), 1 + n)) };
    let int = |n: usize| -> R<Head> {
        let raw = be(b, at + 1, n)?;
        let bits = 8 * n as u32;
        // Sign-extend the n-byte two's complement value.
        let v = ((raw << (64 - bits)) as i64) >> (64 - bits);
        Ok(Head::Scalar(signed(v), 1 + n))
    };
    Ok(match t {
        0x00..=0x7f => Head::Scalar(Value::UInt(t as u64), 1),
        0xe0..=0xff => Head::Scalar(Value::Int(t as i8 as i64), 1),
        0xc0 => Head::Scalar(Value::Nil, 1),
        0xc2 => Head::Scalar(Value::Bool(false), 1),
        0xc3 => Head::Scalar(Value::Bool(true), 1),
        0x80..=0x8f => Head::Map(1, (t & 0x0f) as u64),
        0x90..=0x9f => Head::Array(1, (t & 0x0f) as u64),
        0xa0..=0xbf => Head::Str(1, (t & 0x1f) as usize),
        0xc4 => Head::Bin(2, len(1)?),
        0xc5 => Head::Bin(3, len(2)?),
        0xc6 => Head::Bin(5, len(4)?),
        0xc7 => Head::Ext(3, len(1)?),
        0xc8 => Head::Ext(4, len(2)?),
        0xc9 => Head::Ext(6, len(4)?),
        0xca => Head::Scalar(Value::Float(f32::from_bits(be(b, at + 1, 4)? as u32) as f64), 5),
        0xcb => Head::Scalar(Value::Float(f64::from_bits(be(b, at + 1, 8)?)), 9),
        0xcc => uint(1)?,
        0xcd => uint(2)?,
        0xce => uint(4)?,
        0xcf => uint(8)?,
        0xd0 => int(1)?,
        0xd1 => int(2)?,
        0xd2 => int(4)?,
        0xd3 => int(8)?,
        0xd4 => Head::Ext(2, 1),
        0xd5 => Head::Ext(2, 2),
        0xd6 => Head::Ext(2, 4),
        0xd7 => Head::Ext(2, 8),
        0xd8 => Head::Ext(2, 16),
        0xd9 => Head::Str(2, len(1)?),
        0xda => Head::Str(3, len(2)?),
        0xdb => Head::Str(5, len(4)?),
        0xdc => Head::Array(3, len(2)? as u64),
        0xdd => Head::Array(5, len(4)? as u64),
        0xde => Head::Map(3, len(2)? as u64),
        0xdf => Head::Map(5, len(4)? as u64),
        0xc1 => return Err(fail(at, "byte 0xc1 is never used")),
    })
}

/// A signed integer as the decoder keeps it: non-negative ones are `UInt` (as LLVM's reader and the
/// JSON see them), negative ones `Int`.
fn signed(v: i64) -> Value<'static> {
    if v >= 0 {
        Value::UInt(v as u64)
    } else {
        Value::Int(v)
    }
}

/// The payload of `n` bytes after a header of `h` at `at`, and the offset past it.
fn payload(b: &[u8], at: usize, h: usize, n: usize) -> R<(&[u8], usize)> {
    let start = at + h;
    let end = start
        .checked_add(n)
        .filter(|&e| e <= b.len())
        .ok_or_else(|| fail(at, format!("a value of {n} bytes runs past the end of the note")))?;
    Ok((&b[start..end], end))
}

/// The value at `*at` (advanced past it), `depth` containers deep.
fn decode_at<'a>(b: &'a [u8], at: &mut usize, depth: usize) -> R<Value<'a>> {
    let start = *at;
    // Positive fixints and short strings (most keys and counts) before the general reading.
    match b.get(start) {
        Some(&t @ 0x00..=0x7f) => {
            *at = start + 1;
            return Ok(Value::UInt(t as u64));
        }
        Some(&t @ 0xa0..=0xbf) => {
            if let Some(bytes) = b.get(start + 1..start + 1 + (t & 0x1f) as usize) {
                *at = start + 1 + bytes.len();
                return Ok(text(bytes));
            }
        }
        _ => {}
    }
    match head(b, start)? {
        Head::Scalar(v, n) => {
            *at = start + n;
            Ok(v)
        }
        Head::Str(h, n) => {
            let (bytes, end) = payload(b, start, h, n)?;
            *at = end;
            Ok(text(bytes))
        }
        Head::Bin(h, n) => {
            let (bytes, end) = payload(b, start, h, n)?;
            *at = end;
            Ok(Value::Bin(Cow::Borrowed(bytes)))
        }
        Head::Ext(h, n) => Err(extension(b, start, h, n)),
        Head::Array(h, n) => container(b, at, start, h, n, depth, false),
        Head::Map(h, n) => container(b, at, start, h, n, depth, true),
    }
}

/// A string's payload: a string that is not UTF-8 is kept as its bytes (the typed reader then names the key).
pub(crate) fn text(bytes: &[u8]) -> Value<'_> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Value::Str(Cow::Borrowed(s)),
        Err(_) => Value::Bin(Cow::Borrowed(bytes)),
    }
}

/// The refusal of an extension value (AMDGPU metadata has none), after its bounds: a cut-short
/// extension is named as such, as any value is.
fn extension(b: &[u8], start: usize, h: usize, n: usize) -> Box<Error> {
    if let Err(e) = payload(b, start, h, n) {
        return e;
    }
    fail(start, format!("an extension value (marker 0x{:02x}, {n} bytes): AMDGPU metadata has none", b[start]))
}

/// Moves `*at` past the value there, `depth` containers deep, checking it as [`decode_at`] does (the same
/// refusals at the same offsets) without building it: for what the reader keeps encoded ([`Raw`]).
pub(crate) fn skip_at(b: &[u8], at: &mut usize, depth: usize) -> R<()> {
    // In a loop, not by recursion: the values still to skip at each open container (the innermost in
    // `pending`), values taken in the order the recursion took them, so the same refusal comes first.
    let mut outer = [0u64; MAX_DEPTH];
    let mut open_containers = 0usize;
    let mut pending = 1u64;
    loop {
        while pending == 0 {
            if open_containers == 0 {
                return Ok(());
            }
            open_containers -= 1;
            pending = outer[open_containers];
        }
        pending -= 1;
        let start = *at;
        // The one-byte scalars and short strings most of a note is made of, before the general reading
        // (which gives the refusals: a short string past the end goes on to it).
        match b.get(start) {
            Some(0x00..=0x7f | 0xe0..=0xff | 0xc0 | 0xc2 | 0xc3) => {
                *at = start + 1;
                continue;
            }
            Some(&t @ 0xa0..=0xbf) if start + 1 + (t & 0x1f) as usize <= b.len() => {
                *at = start + 1 + (t & 0x1f) as usize;
                continue;
            }
            _ => {}
        }
        let (h, items) = match head(b, start)? {
            Head::Scalar(_, n) => {
                *at = start + n;
                continue;
            }
            Head::Str(h, n) | Head::Bin(h, n) => {
                *at = payload(b, start, h, n)?.1;
                continue;
            }
            Head::Ext(h, n) => return Err(extension(b, start, h, n)),
            Head::Array(h, n) => (h, open(b, start, h, n, depth + open_containers, false)?),
            Head::Map(h, n) => (h, open(b, start, h, n, depth + open_containers, true)?),
        };
        *at = start + h;
        // `open` refuses a container at MAX_DEPTH, so at most MAX_DEPTH are open.
        outer[open_containers] = pending;
        open_containers += 1;
        pending = items;
    }
}

/// Checks a container's header (the depth limit, a count the rest of the note cannot hold) and gives the
/// number of values it holds (twice the entries for a map).
fn open(b: &[u8], start: usize, h: usize, n: u64, depth: usize, is_map: bool) -> R<u64> {
    if depth >= MAX_DEPTH {
        return Err(fail(start, format!("nesting deeper than the depth limit of {MAX_DEPTH}")));
    }
    let items = if is_map { n.saturating_mul(2) } else { n };
    let rest = b.len().saturating_sub(start + h) as u64;
    // Each item takes at least a byte: a count past the rest of the note is a lie told up front.
    if items > rest {
        let (what, unit) = if is_map { ("a map", "entries") } else { ("an array", "elements") };
        return Err(fail(start, format!("{what} of {n} {unit} runs past the end of the note")));
    }
    Ok(items)
}

/// An array or map of `n` elements or entries whose header of `h` bytes is at `start`.
fn container<'a>(
    b: &'a [u8],
    at: &mut usize,
    start: usize,
    h: usize,
    n: u64,
    depth: usize,
    is_map: bool,
) -> R<Value<'a>> {
    open(b, start, h, n, depth, is_map)?;
    *at = start + h;
    let n = n as usize;
    if is_map {
        let mut out = Vec::with_capacity(n.min(MAX_PREALLOC));
        for _ in 0..n {
            let k = decode_at(b, at, depth + 1)?;
            let v = decode_at(b, at, depth + 1)?;
            out.push((k, v));
        }
        Ok(Value::Map(out))
    } else {
        let mut out = Vec::with_capacity(n.min(MAX_PREALLOC));
        for _ in 0..n {
            out.push(decode_at(b, at, depth + 1)?);
        }
        Ok(Value::Array(out))
    }
}

/// A container opened by [`enter`]: its values follow at the cursor.
pub(crate) enum Entered {
    /// A map of this many entries (keys and values to read in turn).
    Map(usize),
    /// An array of this many elements.
    Array(usize),
    /// Not a container (the cursor is left on it).
    Other,
}

/// Opens the container at `*at` (moving past its header).
pub(crate) fn enter(b: &[u8], at: &mut usize, depth: usize) -> R<Entered> {
    let start = *at;
    let (h, n, is_map) = match head(b, start)? {
        Head::Map(h, n) => (h, n, true),
        Head::Array(h, n) => (h, n, false),
        _ => return Ok(Entered::Other),
    };
    open(b, start, h, n, depth, is_map)?;
    *at = start + h;
    Ok(if is_map { Entered::Map(n as usize) } else { Entered::Array(n as usize) })
}

/// The value at `*at` (advanced past it), `depth` containers deep: [`Value::decode`] inside a document.
pub(crate) fn value_at<'a>(b: &'a [u8], at: &mut usize, depth: usize) -> R<Value<'a>> {
    decode_at(b, at, depth)
}

/// The length of the first value in `bytes`, checked as [`Value::decode`] checks it (the same refusals
/// at the same offsets), without building it.
pub fn skip(bytes: &[u8]) -> Result<usize> {
    let mut at = 0;
    skip_at(bytes, &mut at, 0).map_err(|e| *e)?;
    Ok(at)
}

/// A value kept as its encoded bytes, checked as [`Value::decode`] checks (so [`Raw::decode`] cannot
/// fail), decoded only when asked: what the metadata's `.args` are, which no reading of occupancy needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Raw<'a>(&'a [u8]);

impl<'a> Raw<'a> {
    /// Checks the value at `*at` and moves past it, `depth` containers deep.
    pub(crate) fn take(b: &'a [u8], at: &mut usize, depth: usize) -> R<Raw<'a>> {
        let start = *at;
        skip_at(b, at, depth)?;
        Ok(Raw(&b[start..*at]))
    }

    /// True when the value is an array.
    pub fn is_array(&self) -> bool {
        matches!(head(self.0, 0), Ok(Head::Array(..)))
    }

    /// The encoded bytes.
    pub fn bytes(&self) -> &'a [u8] {
        self.0
    }

    /// The value.
    pub fn decode(&self) -> Result<Value<'a>> {
        Value::decode(self.0)
    }
}

impl Serialize for Raw<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        self.decode().map_err(serde::ser::Error::custom)?.serialize(s)
    }
}

/// One MessagePack value, strings and binaries borrowed from the note where the input allows.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::exhaustive_enums, reason = "a closed set: its users match every variant")]
pub enum Value<'a> {
    /// `nil`.
    Nil,
    /// `true` / `false`.
    Bool(bool),
    /// A non-negative integer.
    UInt(u64),
    /// A negative integer.
    Int(i64),
    /// `float 32` / `float 64`.
    Float(f64),
    /// A string.
    Str(Cow<'a, str>),
    /// A binary.
    Bin(Cow<'a, [u8]>),
    /// An array.
    Array(Vec<Value<'a>>),
    /// A map, in input order.
    Map(Vec<(Value<'a>, Value<'a>)>),
}

impl<'a> Value<'a> {
    /// Decodes the first value in `bytes` (as LLVM's `msgpack::Document::readFromBlob` does); an error
    /// names the offset in `bytes`.
    pub fn decode(bytes: &'a [u8]) -> Result<Value<'a>> {
        decode_at(bytes, &mut 0, 0).map_err(|e| *e)
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The value as an unsigned integer, if it is a non-negative integer.
    pub fn as_u64(&self) -> Option<u64> {
        match *self {
            Value::UInt(u) => Some(u),
            Value::Int(i) => u64::try_from(i).ok(),
            _ => None,
        }
    }

    /// The value as a `u32`, if it is an integer that fits.
    pub fn as_u32(&self) -> Option<u32> {
        self.as_u64().and_then(|u| u32::try_from(u).ok())
    }

    /// Booleans, and the integers 0/1 LLVM writes for some flags.
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Value::Bool(b) => Some(b),
            Value::UInt(0) => Some(false),
            Value::UInt(1) => Some(true),
            _ => None,
        }
    }

    /// The elements, if this is an array.
    pub fn as_array(&self) -> Option<&[Value<'a>]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The entries, if this is a map.
    pub fn as_map(&self) -> Option<&[(Value<'a>, Value<'a>)]> {
        match self {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }

    /// Name of the MessagePack type, for error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Nil => "nil",
            Value::Bool(_) => "boolean",
            Value::UInt(_) | Value::Int(_) => "integer",
            Value::Float(_) => "float",
            Value::Str(_) => "string",
            Value::Bin(_) => "binary",
            Value::Array(_) => "array",
            Value::Map(_) => "map",
        }
    }

    /// Copies every borrowed string so the value outlives its input.
    pub fn into_owned(self) -> Value<'static> {
        match self {
            Value::Nil => Value::Nil,
            Value::Bool(b) => Value::Bool(b),
            Value::UInt(u) => Value::UInt(u),
            Value::Int(i) => Value::Int(i),
            Value::Float(f) => Value::Float(f),
            Value::Str(s) => Value::Str(Cow::Owned(s.into_owned())),
            Value::Bin(b) => Value::Bin(Cow::Owned(b.into_owned())),
            Value::Array(a) => Value::Array(a.into_iter().map(Value::into_owned).collect()),
            Value::Map(m) => Value::Map(m.into_iter().map(|(k, v)| (k.into_owned(), v.into_owned())).collect()),
        }
    }
}

/// JSON-friendly: maps become objects (non-string keys are written as their JSON text), binaries arrays.
impl Serialize for Value<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            Value::Nil => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::UInt(u) => s.serialize_u64(*u),
            Value::Int(i) => s.serialize_i64(*i),
            Value::Float(f) => s.serialize_f64(*f),
            Value::Str(v) => s.serialize_str(v),
            Value::Bin(b) => {
                let mut seq = s.serialize_seq(Some(b.len()))?;
                for x in b.iter() {
                    seq.serialize_element(x)?;
                }
                seq.end()
            }
            Value::Array(a) => {
                let mut seq = s.serialize_seq(Some(a.len()))?;
                for x in a {
                    seq.serialize_element(x)?;
                }
                seq.end()
            }
            Value::Map(m) => {
                let mut map = s.serialize_map(Some(m.len()))?;
                for (k, v) in m {
                    match k {
                        Value::Str(key) => map.serialize_entry(key.as_ref(), v)?,
                        other => map.serialize_entry(&key_text(other), v)?,
                    }
                }
                map.end()
            }
        }
    }
}

fn key_text(v: &Value<'_>) -> String {
    match v {
        Value::UInt(u) => u.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Float(f) => f.to_string(),
        Value::Nil => "nil".into(),
        other => format!("<{}>", other.type_name()),
    }
}
