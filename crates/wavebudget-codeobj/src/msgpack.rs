//! A borrowed MessagePack value decoded through serde (`rmp-serde`), with a nesting limit and capped
//! pre-allocation, so hostile metadata cannot exhaust the stack or the heap.

use std::borrow::Cow;
use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::error::{Error, Result};

/// Deepest nesting accepted. AMDGPU metadata nests four deep (root map, kernel list, kernel map, argument
/// list, argument map); the limit leaves room for vendor keys and stops nesting bombs long before the stack.
pub const MAX_DEPTH: usize = 32;

/// Elements reserved up front for a container, whatever length the input claims (the rest grows as
/// elements actually arrive, each at least one byte of input).
const MAX_PREALLOC: usize = 256;

/// One MessagePack value, strings and binaries borrowed from the note where the input allows.
#[derive(Debug, Clone, PartialEq)]
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
    /// Decodes the first value in `bytes` (as LLVM's `msgpack::Document::readFromBlob` does).
    pub fn decode(bytes: &'a [u8]) -> Result<Value<'a>> {
        let mut de = rmp_serde::Deserializer::from_read_ref(bytes);
        de.set_max_depth(MAX_DEPTH);
        Value::deserialize(&mut de).map_err(|e| Error::malformed("MessagePack metadata", 0, e.to_string()))
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

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a MessagePack value")
    }
    fn visit_bool<E>(self, v: bool) -> std::result::Result<Value<'de>, E> {
        Ok(Value::Bool(v))
    }
    fn visit_u64<E>(self, v: u64) -> std::result::Result<Value<'de>, E> {
        Ok(Value::UInt(v))
    }
    fn visit_i64<E>(self, v: i64) -> std::result::Result<Value<'de>, E> {
        Ok(if v >= 0 { Value::UInt(v as u64) } else { Value::Int(v) })
    }
    fn visit_f64<E>(self, v: f64) -> std::result::Result<Value<'de>, E> {
        Ok(Value::Float(v))
    }
    fn visit_unit<E>(self) -> std::result::Result<Value<'de>, E> {
        Ok(Value::Nil)
    }
    fn visit_none<E>(self) -> std::result::Result<Value<'de>, E> {
        Ok(Value::Nil)
    }
    fn visit_borrowed_str<E>(self, v: &'de str) -> std::result::Result<Value<'de>, E> {
        Ok(Value::Str(Cow::Borrowed(v)))
    }
    fn visit_str<E>(self, v: &str) -> std::result::Result<Value<'de>, E> {
        Ok(Value::Str(Cow::Owned(v.to_owned())))
    }
    fn visit_borrowed_bytes<E>(self, v: &'de [u8]) -> std::result::Result<Value<'de>, E> {
        Ok(Value::Bin(Cow::Borrowed(v)))
    }
    fn visit_bytes<E>(self, v: &[u8]) -> std::result::Result<Value<'de>, E> {
        Ok(Value::Bin(Cow::Owned(v.to_owned())))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Value<'de>, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(MAX_PREALLOC));
        while let Some(v) = seq.next_element()? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Value<'de>, A::Error> {
        let mut out = Vec::with_capacity(map.size_hint().unwrap_or(0).min(MAX_PREALLOC));
        while let Some(kv) = map.next_entry()? {
            out.push(kv);
        }
        Ok(Value::Map(out))
    }
}

impl<'de> Deserialize<'de> for Value<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        d.deserialize_any(ValueVisitor)
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
