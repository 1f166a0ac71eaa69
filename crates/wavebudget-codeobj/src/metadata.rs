//! The `NT_AMDGPU_METADATA` note (code object V3-V6): typed top-level and per-kernel keys, unknown keys kept.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::msgpack::{enter, value_at, Entered, Raw, Value};

/// `amdhsa.*` keys of the metadata map.
#[derive(Debug, Clone, Serialize)]
pub struct Metadata<'a> {
    /// `amdhsa.version` (`[1, 1]` = V4, `[1, 2]` = V5/V6).
    pub version: Option<[u32; 2]>,
    /// `amdhsa.target` (V4+), e.g. `amdgcn-amd-amdhsa--gfx90a:xnack-`.
    pub target: Option<Cow<'a, str>>,
    /// `amdhsa.printf` format strings.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub printf: Vec<Cow<'a, str>>,
    /// `amdhsa.kernels`.
    pub kernels: Vec<KernelMeta<'a>>,
    /// Top-level keys this reader does not know, in note order.
    #[serde(skip_serializing_if = "Vec::is_empty", serialize_with = "ser_extra")]
    pub extra: Vec<(Cow<'a, str>, Value<'a>)>,
}

/// One entry of `amdhsa.kernels`: every key the code object spec documents for V4-V6 (with the
/// leading `.` dropped from the field name), plus the keys it does not document, kept as they came.
/// Read back from JSON under the same names (`inspect --json`'s kernels, as the pass's `records=` reads
/// them): a key that is absent is `None`, a key of the wrong type is an error; `.args` and the vendor keys
/// are not read back.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct KernelMeta<'a> {
    /// `.name`: source name.
    pub name: Cow<'a, str>,
    /// `.symbol`: the kernel descriptor's symbol (`<name>.kd`).
    #[serde(default)]
    pub symbol: Cow<'a, str>,
    /// `.language` ("OpenCL C", "HIP", ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<Cow<'a, str>>,
    /// `.language_version`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language_version: Option<Vec<u32>>,
    /// `.kind` ("normal", "init", "fini").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<Cow<'a, str>>,
    /// `.vgpr_count`: VGPRs (on gfx90a+ the unified arch + AGPR total).
    pub vgpr_count: Option<u32>,
    /// `.agpr_count`.
    pub agpr_count: Option<u32>,
    /// `.sgpr_count`: SGPRs including VCC, flat scratch and XNACK extras.
    pub sgpr_count: Option<u32>,
    /// `.vgpr_spill_count`.
    pub vgpr_spill_count: Option<u32>,
    /// `.sgpr_spill_count`.
    pub sgpr_spill_count: Option<u32>,
    /// `.group_segment_fixed_size`: static LDS bytes.
    pub group_segment_fixed_size: Option<u32>,
    /// `.private_segment_fixed_size`: scratch bytes per work-item.
    pub private_segment_fixed_size: Option<u32>,
    /// `.kernarg_segment_size`.
    pub kernarg_segment_size: Option<u32>,
    /// `.kernarg_segment_align`.
    pub kernarg_segment_align: Option<u32>,
    /// `.wavefront_size`.
    pub wavefront_size: Option<u32>,
    /// `.max_flat_workgroup_size`.
    pub max_flat_workgroup_size: Option<u32>,
    /// `.reqd_workgroup_size`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reqd_workgroup_size: Option<wavebudget_model::LaunchDims>,
    /// `.workgroup_size_hint`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workgroup_size_hint: Option<[u32; 3]>,
    /// `.vec_type_hint`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vec_type_hint: Option<Cow<'a, str>>,
    /// `.device_enqueue_symbol`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_enqueue_symbol: Option<Cow<'a, str>>,
    /// `.uses_dynamic_stack` (V5+).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uses_dynamic_stack: Option<bool>,
    /// `.workgroup_processor_mode` (V5+, GFX10+).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workgroup_processor_mode: Option<bool>,
    /// `.uniform_work_group_size` (V5+).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uniform_work_group_size: Option<bool>,
    /// `.cluster_dims` (V6, gfx1250).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster_dims: Option<[u32; 3]>,
    /// `.args`: the argument maps, kept encoded (checked, decoded when asked: no occupancy reading needs
    /// them, and they are a third of a typical note).
    #[serde(skip_serializing_if = "Option::is_none", skip_deserializing)]
    pub args: Option<Raw<'a>>,
    /// Keys the spec does not document (vendor keys such as `.wavebudget.*`), in note order.
    #[serde(skip_serializing_if = "Vec::is_empty", serialize_with = "ser_extra", skip_deserializing)]
    pub extra: Vec<(Cow<'a, str>, Value<'a>)>,
}

fn ser_extra<S: serde::Serializer>(extra: &[(Cow<'_, str>, Value<'_>)], s: S) -> std::result::Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut m = s.serialize_map(Some(extra.len()))?;
    for (k, v) in extra {
        m.serialize_entry(k.as_ref(), v)?;
    }
    m.end()
}

const STRUCTURE: &str = "AMDGPU metadata";

fn bad(detail: String) -> Error {
    Error::malformed(STRUCTURE, 0, detail)
}

/// Where in the note a key is: the root map or one kernel's map (formatted only for a refusal).
#[derive(Clone, Copy)]
enum At {
    Root,
    Kernel(usize),
}

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            At::Root => f.write_str("root map"),
            At::Kernel(i) => write!(f, "amdhsa.kernels[{i}]"),
        }
    }
}

/// The refusal of the value at `start` (`depth` deep) that is not the container wanted: the value's own
/// refusal where [`Value::decode`] has one for it (so a malformed note is refused for what is wrong with
/// it, whatever the reader was looking for), else its type.
fn not_a(b: &[u8], start: usize, depth: usize, what: impl std::fmt::Display, want: &str) -> Error {
    match value_at(b, &mut { start }, depth) {
        Err(e) => *e,
        Ok(v) => bad(format!("{what} is a {}, not {want}", v.type_name())),
    }
}

/// A map key at `*at` (advanced past it): the bytes of a short string (how LLVM writes every key), not
/// yet checked as UTF-8, which only a key no arm matches needs ([`Key::text`]); else the decoded value,
/// refused here unless a string, as [`key_str`] refuses it.
enum Key<'a> {
    Short(&'a [u8]),
    Str(Cow<'a, str>),
}

impl<'a> Key<'a> {
    fn at(b: &'a [u8], at: &mut usize, depth: usize, here: At) -> Result<Key<'a>> {
        let start = *at;
        if let Some(&t @ 0xa0..=0xbf) = b.get(start) {
            let end = start + 1 + (t & 0x1f) as usize;
            if let Some(bytes) = b.get(start + 1..end) {
                *at = end;
                return Ok(Key::Short(bytes));
            }
        }
        Ok(Key::Str(key_str(value_at(b, at, depth)?, here)?))
    }

    /// What the arms match on.
    fn bytes(&self) -> &[u8] {
        match self {
            Key::Short(b) => b,
            Key::Str(s) => s.as_bytes(),
        }
    }

    /// The key as text, for a key no arm matched: a short string that is not UTF-8 is refused as
    /// [`key_str`] refuses the binary it decodes to.
    fn text(self, here: At) -> Result<Cow<'a, str>> {
        match self {
            Key::Short(b) => key_str(crate::msgpack::text(b), here),
            Key::Str(s) => Ok(s),
        }
    }
}

/// The unsigned integer at `*at` (advanced past it), read from its bytes where LLVM's encodings of a
/// count hold it (positive fixint, uint 8/16/32), else decoded and typed as [`want_u32`] types it: the
/// same value and the same refusals as decoding first.
fn u32_at(b: &[u8], at: &mut usize, depth: usize, key: &str, here: At) -> Result<u32> {
    let start = *at;
    let (n, len) = match b.get(start) {
        Some(&t @ 0x00..=0x7f) => (Some(u32::from(t)), 1),
        Some(0xcc) => (b.get(start + 1).map(|&x| u32::from(x)), 2),
        Some(0xcd) => (b.get(start + 1..start + 3).map(|x| u32::from(u16::from_be_bytes([x[0], x[1]]))), 3),
        Some(0xce) => (b.get(start + 1..start + 5).map(|x| u32::from_be_bytes([x[0], x[1], x[2], x[3]])), 5),
        _ => (None, 0),
    };
    if let Some(n) = n {
        *at = start + len;
        return Ok(n);
    }
    want_u32(&value_at(b, at, depth)?, key, here)
}

/// The boolean at `*at`, as [`u32_at`] reads a count: `true`/`false` from their byte, else [`want_bool`].
fn bool_at(b: &[u8], at: &mut usize, depth: usize, key: &str, here: At) -> Result<bool> {
    let start = *at;
    if let Some(&t @ (0xc2 | 0xc3)) = b.get(start) {
        *at = start + 1;
        return Ok(t == 0xc3);
    }
    want_bool(&value_at(b, at, depth)?, key, here)
}

/// The string at `*at`, as [`u32_at`] reads a count: a short UTF-8 string from its bytes, else [`want_str`].
fn str_at<'a>(b: &'a [u8], at: &mut usize, depth: usize, key: &str, here: At) -> Result<Cow<'a, str>> {
    let start = *at;
    if let Some(&t @ 0xa0..=0xbf) = b.get(start) {
        let end = start + 1 + (t & 0x1f) as usize;
        if let Some(s) = b.get(start + 1..end).and_then(|x| std::str::from_utf8(x).ok()) {
            *at = end;
            return Ok(Cow::Borrowed(s));
        }
    }
    want_str(value_at(b, at, depth)?, key, here)
}

fn key_str<'a>(k: Value<'a>, at: At) -> Result<Cow<'a, str>> {
    match k {
        Value::Str(s) => Ok(s),
        other => Err(bad(format!("{at}: a key is a {}, not a string", other.type_name()))),
    }
}

fn want_u32(v: &Value<'_>, key: &str, at: At) -> Result<u32> {
    v.as_u32().ok_or_else(|| bad(format!("{at}: {key} is {} {v:?}, not a 32-bit unsigned integer", v.type_name())))
}

fn want_str<'a>(v: Value<'a>, key: &str, at: At) -> Result<Cow<'a, str>> {
    match v {
        Value::Str(s) => Ok(s),
        other => Err(bad(format!("{at}: {key} is a {}, not a string", other.type_name()))),
    }
}

fn want_bool(v: &Value<'_>, key: &str, at: At) -> Result<bool> {
    v.as_bool().ok_or_else(|| bad(format!("{at}: {key} is {} {v:?}, not a boolean", v.type_name())))
}

fn want_u32s(v: &Value<'_>, key: &str, at: At) -> Result<Vec<u32>> {
    let a = v.as_array().ok_or_else(|| bad(format!("{at}: {key} is a {}, not an array", v.type_name())))?;
    a.iter().map(|x| want_u32(x, key, at)).collect()
}

fn want_dims(v: &Value<'_>, key: &str, at: At) -> Result<[u32; 3]> {
    let a = want_u32s(v, key, at)?;
    <[u32; 3]>::try_from(a.as_slice()).map_err(|_| bad(format!("{at}: {key} has {} elements, not 3", a.len())))
}

impl<'a> Metadata<'a> {
    /// Decodes the note's descriptor (one MessagePack map), in one pass over its bytes: each key typed as
    /// it is read, the kernels' `.args` checked and kept encoded ([`Raw`]). A note [`Value::decode`]
    /// refuses is refused here for the same reason (a malformed encoding is named before a key of the
    /// wrong type that comes earlier in the note, as when the whole note was decoded first).
    pub fn decode(desc: &'a [u8]) -> Result<Metadata<'a>> {
        Metadata::read(desc).map_err(|typed| match crate::msgpack::skip(desc) {
            Err(encoding) => encoding,
            Ok(_) => typed,
        })
    }

    fn read(desc: &'a [u8]) -> Result<Metadata<'a>> {
        let at = &mut 0;
        let entries = match enter(desc, at, 0)? {
            Entered::Map(n) => n,
            _ => return Err(not_a(desc, 0, 0, "the root", "a map")),
        };
        let mut md =
            Metadata { version: None, target: None, printf: Vec::new(), kernels: Vec::new(), extra: Vec::new() };
        for _ in 0..entries {
            let key = Key::at(desc, at, 1, At::Root)?;
            if key.bytes() == b"amdhsa.kernels" {
                let start = *at;
                let n = match enter(desc, at, 1)? {
                    Entered::Array(n) => n,
                    _ => return Err(not_a(desc, start, 1, "amdhsa.kernels", "an array")),
                };
                md.kernels.reserve(n.min(256));
                for i in 0..n {
                    md.kernels.push(KernelMeta::read(desc, at, i)?);
                }
                continue;
            }
            let name = match key.bytes() {
                b"amdhsa.version" => "amdhsa.version",
                b"amdhsa.target" => "amdhsa.target",
                b"amdhsa.printf" => "amdhsa.printf",
                _ => {
                    // Checked as text before its value is read, as when keys were decoded.
                    let key = key.text(At::Root)?;
                    md.extra.push((key, value_at(desc, at, 1)?));
                    continue;
                }
            };
            let v = value_at(desc, at, 1)?;
            match name {
                "amdhsa.version" => {
                    let a = want_u32s(&v, "amdhsa.version", At::Root)?;
                    md.version = Some(
                        <[u32; 2]>::try_from(a.as_slice())
                            .map_err(|_| bad(format!("amdhsa.version has {} elements, not 2", a.len())))?,
                    );
                }
                "amdhsa.target" => md.target = Some(want_str(v, "amdhsa.target", At::Root)?),
                "amdhsa.printf" => {
                    let Value::Array(a) = v else { return Err(bad("amdhsa.printf is not an array".into())) };
                    md.printf = a.into_iter().map(|x| want_str(x, "amdhsa.printf", At::Root)).collect::<Result<_>>()?;
                }
                _ => unreachable!("the keys above"),
            }
        }
        Ok(md)
    }
}

impl KernelMeta<'_> {
    /// The same entry owning its strings, without `.args` and the undocumented keys: what a report keeps
    /// of a kernel after its code object is gone.
    pub fn without_args(&self) -> KernelMeta<'static> {
        let own = |c: &Cow<'_, str>| Cow::Owned(c.to_string());
        KernelMeta {
            name: own(&self.name),
            symbol: own(&self.symbol),
            language: self.language.as_ref().map(own),
            language_version: self.language_version.clone(),
            kind: self.kind.as_ref().map(own),
            vgpr_count: self.vgpr_count,
            agpr_count: self.agpr_count,
            sgpr_count: self.sgpr_count,
            vgpr_spill_count: self.vgpr_spill_count,
            sgpr_spill_count: self.sgpr_spill_count,
            group_segment_fixed_size: self.group_segment_fixed_size,
            private_segment_fixed_size: self.private_segment_fixed_size,
            kernarg_segment_size: self.kernarg_segment_size,
            kernarg_segment_align: self.kernarg_segment_align,
            wavefront_size: self.wavefront_size,
            max_flat_workgroup_size: self.max_flat_workgroup_size,
            reqd_workgroup_size: self.reqd_workgroup_size,
            workgroup_size_hint: self.workgroup_size_hint,
            vec_type_hint: self.vec_type_hint.as_ref().map(own),
            device_enqueue_symbol: self.device_enqueue_symbol.as_ref().map(own),
            uses_dynamic_stack: self.uses_dynamic_stack,
            workgroup_processor_mode: self.workgroup_processor_mode,
            uniform_work_group_size: self.uniform_work_group_size,
            cluster_dims: self.cluster_dims,
            args: None,
            extra: Vec::new(),
        }
    }
}

/// The key's name where it is one a kernel's entry defines (besides `.args`), as the arms spell it.
fn kernel_key(key: &[u8]) -> Option<&'static str> {
    Some(match key {
        b".name" => ".name",
        b".symbol" => ".symbol",
        b".language" => ".language",
        b".language_version" => ".language_version",
        b".kind" => ".kind",
        b".vgpr_count" => ".vgpr_count",
        b".agpr_count" => ".agpr_count",
        b".sgpr_count" => ".sgpr_count",
        b".vgpr_spill_count" => ".vgpr_spill_count",
        b".sgpr_spill_count" => ".sgpr_spill_count",
        b".group_segment_fixed_size" => ".group_segment_fixed_size",
        b".private_segment_fixed_size" => ".private_segment_fixed_size",
        b".kernarg_segment_size" => ".kernarg_segment_size",
        b".kernarg_segment_align" => ".kernarg_segment_align",
        b".wavefront_size" => ".wavefront_size",
        b".max_flat_workgroup_size" => ".max_flat_workgroup_size",
        b".reqd_workgroup_size" => ".reqd_workgroup_size",
        b".workgroup_size_hint" => ".workgroup_size_hint",
        b".cluster_dims" => ".cluster_dims",
        b".vec_type_hint" => ".vec_type_hint",
        b".device_enqueue_symbol" => ".device_enqueue_symbol",
        b".uses_dynamic_stack" => ".uses_dynamic_stack",
        b".workgroup_processor_mode" => ".workgroup_processor_mode",
        b".uniform_work_group_size" => ".uniform_work_group_size",
        _ => return None,
    })
}

impl<'a> KernelMeta<'a> {
    /// Entry `index` of `amdhsa.kernels`, at `*at` in the note (three containers deep).
    fn read(b: &'a [u8], at: &mut usize, index: usize) -> Result<KernelMeta<'a>> {
        let here = At::Kernel(index);
        let start = *at;
        let entries = match enter(b, at, 2)? {
            Entered::Map(n) => n,
            _ => return Err(not_a(b, start, 2, here, "a map")),
        };
        let mut k = KernelMeta::default();
        let (mut has_name, mut has_symbol) = (false, false);
        for _ in 0..entries {
            let key = Key::at(b, at, 3, here)?;
            if key.bytes() == b".args" {
                // Checked as the rest of the note is, kept encoded.
                let args = Raw::take(b, at, 3)?;
                if !args.is_array() {
                    let v = args.decode()?;
                    return Err(bad(format!("{here}: .args is a {}, not an array", v.type_name())));
                }
                k.args = Some(args);
                continue;
            }
            let Some(name) = kernel_key(key.bytes()) else {
                // Checked as text before its value is read, as when keys were decoded.
                let key = key.text(here)?;
                k.extra.push((key, value_at(b, at, 3)?));
                continue;
            };
            let value = |at: &mut usize| value_at(b, at, 3);
            match name {
                ".name" => {
                    k.name = str_at(b, at, 3, name, here)?;
                    has_name = true;
                }
                ".symbol" => {
                    k.symbol = str_at(b, at, 3, name, here)?;
                    has_symbol = true;
                }
                ".language" => k.language = Some(str_at(b, at, 3, name, here)?),
                ".language_version" => k.language_version = Some(want_u32s(&value(at)?, name, here)?),
                ".kind" => k.kind = Some(str_at(b, at, 3, name, here)?),
                ".vgpr_count" => k.vgpr_count = Some(u32_at(b, at, 3, name, here)?),
                ".agpr_count" => k.agpr_count = Some(u32_at(b, at, 3, name, here)?),
                ".sgpr_count" => k.sgpr_count = Some(u32_at(b, at, 3, name, here)?),
                ".vgpr_spill_count" => k.vgpr_spill_count = Some(u32_at(b, at, 3, name, here)?),
                ".sgpr_spill_count" => k.sgpr_spill_count = Some(u32_at(b, at, 3, name, here)?),
                ".group_segment_fixed_size" => k.group_segment_fixed_size = Some(u32_at(b, at, 3, name, here)?),
                ".private_segment_fixed_size" => k.private_segment_fixed_size = Some(u32_at(b, at, 3, name, here)?),
                ".kernarg_segment_size" => k.kernarg_segment_size = Some(u32_at(b, at, 3, name, here)?),
                ".kernarg_segment_align" => k.kernarg_segment_align = Some(u32_at(b, at, 3, name, here)?),
                ".wavefront_size" => k.wavefront_size = Some(u32_at(b, at, 3, name, here)?),
                ".max_flat_workgroup_size" => k.max_flat_workgroup_size = Some(u32_at(b, at, 3, name, here)?),
                ".reqd_workgroup_size" => {
                    k.reqd_workgroup_size = Some(wavebudget_model::LaunchDims::new(want_dims(&value(at)?, name, here)?))
                }
                ".workgroup_size_hint" => k.workgroup_size_hint = Some(want_dims(&value(at)?, name, here)?),
                ".cluster_dims" => k.cluster_dims = Some(want_dims(&value(at)?, name, here)?),
                ".vec_type_hint" => k.vec_type_hint = Some(str_at(b, at, 3, name, here)?),
                ".device_enqueue_symbol" => k.device_enqueue_symbol = Some(str_at(b, at, 3, name, here)?),
                ".uses_dynamic_stack" => k.uses_dynamic_stack = Some(bool_at(b, at, 3, name, here)?),
                ".workgroup_processor_mode" => k.workgroup_processor_mode = Some(bool_at(b, at, 3, name, here)?),
                ".uniform_work_group_size" => k.uniform_work_group_size = Some(bool_at(b, at, 3, name, here)?),
                _ => unreachable!("kernel_key gives the keys above"),
            }
        }
        if !has_name || !has_symbol {
            let missing = if has_name { ".symbol" } else { ".name" };
            return Err(bad(format!("{here} has no {missing}")));
        }
        Ok(k)
    }
}
