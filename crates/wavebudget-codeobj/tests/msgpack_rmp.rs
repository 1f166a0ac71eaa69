//! The direct MessagePack decoder (`Value::decode`) against rmp-serde, an independent decoder of the same
//! bytes: random values written by `rmp` in every encoding MessagePack has (each integer, string, array
//! and map width, both float widths, binaries, strings that are not UTF-8), the metadata notes of real
//! code objects (Triton's, and those of every `.hsaco` in the repository), and thousands of mutations
//! of each (bytes flipped, truncated): where rmp-serde decodes a value the decoder gives the same one,
//! and where it refuses the decoder refuses too.
// The reader's own tests build and decode its inputs' bytes (clippy.toml keeps that to this crate).
#![allow(clippy::disallowed_methods)]

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use wavebudget_codeobj::{msgpack, Metadata, Value};

/// rmp-serde's answer for `bytes`, as the decoder's `Value` (the serde visitor the crate used before).
fn oracle(bytes: &[u8]) -> Option<Value<'_>> {
    struct V;
    impl<'de> Visitor<'de> for V {
        type Value = Value<'de>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a MessagePack value")
        }
        fn visit_bool<E>(self, v: bool) -> Result<Value<'de>, E> {
            Ok(Value::Bool(v))
        }
        fn visit_u64<E>(self, v: u64) -> Result<Value<'de>, E> {
            Ok(Value::UInt(v))
        }
        fn visit_i64<E>(self, v: i64) -> Result<Value<'de>, E> {
            Ok(if v >= 0 { Value::UInt(v as u64) } else { Value::Int(v) })
        }
        fn visit_f64<E>(self, v: f64) -> Result<Value<'de>, E> {
            Ok(Value::Float(v))
        }
        fn visit_unit<E>(self) -> Result<Value<'de>, E> {
            Ok(Value::Nil)
        }
        fn visit_none<E>(self) -> Result<Value<'de>, E> {
            Ok(Value::Nil)
        }
        fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Value<'de>, E> {
            Ok(Value::Str(Cow::Borrowed(v)))
        }
        fn visit_str<E>(self, v: &str) -> Result<Value<'de>, E> {
            Ok(Value::Str(Cow::Owned(v.to_owned())))
        }
        fn visit_borrowed_bytes<E>(self, v: &'de [u8]) -> Result<Value<'de>, E> {
            Ok(Value::Bin(Cow::Borrowed(v)))
        }
        fn visit_bytes<E>(self, v: &[u8]) -> Result<Value<'de>, E> {
            Ok(Value::Bin(Cow::Owned(v.to_owned())))
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value<'de>, A::Error> {
            let mut out = Vec::new();
            while let Some(v) = seq.next_element_seed(Seed)? {
                out.push(v);
            }
            Ok(Value::Array(out))
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value<'de>, A::Error> {
            let mut out = Vec::new();
            while let Some(kv) = map.next_entry_seed(Seed, Seed)? {
                out.push(kv);
            }
            Ok(Value::Map(out))
        }
    }
    struct Seed;
    impl<'de> serde::de::DeserializeSeed<'de> for Seed {
        type Value = Value<'de>;
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value<'de>, D::Error> {
            d.deserialize_any(V)
        }
    }
    struct Root<'de>(Value<'de>);
    impl<'de> Deserialize<'de> for Root<'de> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            d.deserialize_any(V).map(Root)
        }
    }
    let mut de = rmp_serde::Deserializer::from_read_ref(bytes);
    // Deeper than any value made here, and than the decoder's limit: the limit is checked on its own.
    de.set_max_depth(1024);
    Root::deserialize(&mut de).ok().map(|r| r.0)
}

/// Equal, with floats compared by their bits (NaN included).
fn same(a: &Value<'_>, b: &Value<'_>) -> bool {
    match (a, b) {
        (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q)),
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|((k, v), (l, w))| same(k, l) && same(v, w))
        }
        _ => a == b,
    }
}

/// A small deterministic generator (xorshift64*), so a failure is reproduced by its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Writes a random value of at most `depth` levels, choosing among every encoding.
fn write_value(r: &mut Rng, out: &mut Vec<u8>, depth: u32) {
    use rmp::encode::*;
    let choice = if depth == 0 { r.below(9) } else { r.below(13) };
    match choice {
        0 => write_nil(out).unwrap(),
        1 => write_bool(out, r.below(2) == 1).unwrap(),
        // Unsigned integers in their smallest form and in each fixed width.
        2 => {
            let v = r.next() >> r.below(64);
            match r.below(5) {
                0 => drop(write_uint(out, v).unwrap()),
                1 => write_u8(out, v as u8).unwrap(),
                2 => write_u16(out, v as u16).unwrap(),
                3 => write_u32(out, v as u32).unwrap(),
                _ => write_u64(out, v).unwrap(),
            }
        }
        // Signed integers, negative and not, in each width (and negative fixints).
        3 => {
            let v = (r.next() as i64) >> r.below(64);
            match r.below(5) {
                0 => drop(write_sint(out, v).unwrap()),
                1 => write_i8(out, v as i8).unwrap(),
                2 => write_i16(out, v as i16).unwrap(),
                3 => write_i32(out, v as i32).unwrap(),
                _ => write_i64(out, v).unwrap(),
            }
        }
        4 => write_f32(out, f32::from_bits(r.next() as u32)).unwrap(),
        5 => write_f64(out, f64::from_bits(r.next())).unwrap(),
        // Strings of every length class, some not UTF-8.
        6 | 7 => {
            let n = [r.below(32), r.below(300), 256 + r.below(70_000)][r.below(3) as usize] as usize;
            let mut s: Vec<u8> = (0..n).map(|_| b'a' + r.below(26) as u8).collect();
            if n > 0 && r.below(4) == 0 {
                s[r.below(n as u64) as usize] = 0xff;
            }
            write_str_len(out, n as u32).unwrap();
            out.extend_from_slice(&s);
        }
        8 => {
            let n = [r.below(8), r.below(300), 256 + r.below(70_000)][r.below(3) as usize] as usize;
            write_bin_len(out, n as u32).unwrap();
            out.extend((0..n).map(|_| r.next() as u8));
        }
        // Arrays and maps, in their fix, 16 and 32 forms.
        9 | 10 => {
            let n = r.below(6) as u32;
            match r.below(3) {
                0 => drop(write_array_len(out, n).unwrap()),
                1 => {
                    out.push(0xdc);
                    out.extend_from_slice(&(n as u16).to_be_bytes());
                }
                _ => {
                    out.push(0xdd);
                    out.extend_from_slice(&n.to_be_bytes());
                }
            }
            for _ in 0..n {
                write_value(r, out, depth - 1);
            }
        }
        _ => {
            let n = r.below(6) as u32;
            match r.below(3) {
                0 => drop(write_map_len(out, n).unwrap()),
                1 => {
                    out.push(0xde);
                    out.extend_from_slice(&(n as u16).to_be_bytes());
                }
                _ => {
                    out.push(0xdf);
                    out.extend_from_slice(&n.to_be_bytes());
                }
            }
            for _ in 0..2 * n {
                write_value(r, out, depth - 1);
            }
        }
    }
}

/// The decoder and rmp-serde agree on `bytes`, and the checking skip (what the metadata reader keeps
/// encoded) refuses exactly what the decoder refuses, with the same words.
fn agree(bytes: &[u8], what: &str) {
    let ours = Value::decode(bytes);
    match (msgpack::skip(bytes), &ours) {
        (Ok(_), Ok(_)) => {}
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{what}"),
        (a, b) => panic!("{what}: skip {a:?}, decoder {b:?}"),
    }
    match (oracle(bytes), &ours) {
        (Some(want), Ok(got)) => assert!(same(&want, got), "{what}: {want:?} != {got:?}"),
        (None, Err(_)) => {}
        (want, got) => panic!("{what}: rmp-serde {want:?}, decoder {got:?}"),
    }
}

#[test]
fn random_values_in_every_encoding() {
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    for i in 0..3000 {
        let mut bytes = Vec::new();
        write_value(&mut r, &mut bytes, 4);
        let what = format!("value {i}");
        let v = Value::decode(&bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(same(&oracle(&bytes).expect("rmp-serde reads what rmp wrote"), &v), "{what}");
        assert_eq!(msgpack::skip(&bytes).unwrap_or_else(|e| panic!("{what}: {e}")), bytes.len(), "{what}");
        // Every prefix is refused by both (a value cut short), and flipped bytes agree.
        let cut = r.below(bytes.len() as u64) as usize;
        agree(&bytes[..cut], &format!("{what} cut at {cut}"));
        let mut m = bytes.clone();
        let at = r.below(m.len() as u64) as usize;
        m[at] = r.next() as u8;
        agree(&m, &format!("{what} byte {at} changed"));
    }
}

/// The `NT_AMDGPU_METADATA` descriptors of an ELF64 code object (section headers, then their notes).
fn metadata_notes(elf: &[u8]) -> Vec<Vec<u8>> {
    let u16_at = |o: usize| u16::from_le_bytes([elf[o], elf[o + 1]]) as usize;
    let u32_at = |o: usize| u32::from_le_bytes(elf[o..o + 4].try_into().unwrap()) as usize;
    let u64_at = |o: usize| u64::from_le_bytes(elf[o..o + 8].try_into().unwrap()) as usize;
    let (shoff, shentsize, shnum) = (u64_at(0x28), u16_at(0x3a), u16_at(0x3c));
    let mut out = Vec::new();
    for i in 0..shnum {
        let sh = shoff + i * shentsize;
        if u32_at(sh + 4) != 7 {
            continue; // not SHT_NOTE
        }
        let (mut at, end) = (u64_at(sh + 0x18), u64_at(sh + 0x18) + u64_at(sh + 0x20));
        while at + 12 <= end {
            let (namesz, descsz, ty) = (u32_at(at), u32_at(at + 4), u32_at(at + 8));
            let name = &elf[at + 12..at + 12 + namesz];
            let desc_at = at + 12 + namesz.div_ceil(4) * 4;
            if name == b"AMDGPU\0" && ty == 32 {
                out.push(elf[desc_at..desc_at + descsz].to_vec());
            }
            at = desc_at + descsz.div_ceil(4) * 4;
        }
    }
    out
}

#[test]
fn real_metadata_notes_and_their_mutations() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut objects = Vec::new();
    for dir in ["examples/triton-cache"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            for f in std::fs::read_dir(entry.unwrap().path()).unwrap() {
                let p = f.unwrap().path();
                if p.extension().is_some_and(|e| e == "hsaco") {
                    objects.push(p);
                }
            }
        }
    }
    assert!(objects.len() >= 2, "{objects:?}");
    let mut r = Rng(7);
    for p in &objects {
        let notes = metadata_notes(&std::fs::read(p).unwrap());
        assert_eq!(notes.len(), 1, "{}", p.display());
        let note = &notes[0];
        let v = Value::decode(note).unwrap();
        assert!(same(&oracle(note).unwrap(), &v), "{}", p.display());
        assert!(v.as_map().is_some_and(|m| m.iter().any(|(k, _)| k.as_str() == Some("amdhsa.kernels"))));
        typed_as_the_tree(note, &p.display().to_string());
        let md = Metadata::decode(note).unwrap();
        assert!(md.kernels.iter().all(|k| k.args.is_some()), "Triton's kernels have .args");
        for i in 0..2000 {
            let mut m = note.clone();
            for _ in 0..1 + r.below(3) {
                let at = r.below(m.len() as u64) as usize;
                m[at] = r.next() as u8;
            }
            let cut = if i % 4 == 0 { r.below(m.len() as u64) as usize } else { m.len() };
            agree(&m[..cut], &format!("{} mutation {i}", p.display()));
            typed_as_the_tree(&m[..cut], &format!("{} mutation {i}", p.display()));
        }
    }
}

/// `Metadata::decode` (one pass, `.args` skipped and kept encoded) against the decoded tree read by key:
/// where the tree is refused the metadata is too; where the metadata is read, every kernel's keys are
/// what the tree holds under them, `.args` decodes to the tree's, and the other keys are kept in order.
fn typed_as_the_tree(note: &[u8], what: &str) {
    let typed = Metadata::decode(note);
    let tree = match Value::decode(note) {
        Ok(t) => t,
        Err(e) => {
            // Refused for the same reason, wherever in the note a key of the wrong type came first.
            let typed = typed.err().unwrap_or_else(|| panic!("{what}: the tree is refused ({e}), the metadata read"));
            assert_eq!(typed.to_string(), e.to_string(), "{what}");
            return;
        }
    };
    let Ok(md) = typed else { return };
    let root = tree.as_map().expect("a read metadata's root is a map");
    assert_eq!(md.target.as_deref(), get(root, "amdhsa.target").as_ref().and_then(|v| v.as_str()), "{what}");
    let kernels = get(root, "amdhsa.kernels");
    let kernels = kernels.as_ref().and_then(|k| k.as_array()).unwrap_or(&[]);
    assert_eq!(md.kernels.len(), kernels.len(), "{what}");
    for (k, t) in md.kernels.iter().zip(kernels) {
        let t = t.as_map().expect("a kernel entry is a map");
        let u32_of = |key: &str| get(t, key).and_then(|v| v.as_u32());
        assert_eq!(Some(k.name.as_ref()), get(t, ".name").as_ref().and_then(|v| v.as_str()), "{what}");
        assert_eq!(Some(k.symbol.as_ref()), get(t, ".symbol").as_ref().and_then(|v| v.as_str()), "{what}");
        for (got, key) in [
            (k.vgpr_count, ".vgpr_count"),
            (k.agpr_count, ".agpr_count"),
            (k.sgpr_count, ".sgpr_count"),
            (k.vgpr_spill_count, ".vgpr_spill_count"),
            (k.sgpr_spill_count, ".sgpr_spill_count"),
            (k.group_segment_fixed_size, ".group_segment_fixed_size"),
            (k.private_segment_fixed_size, ".private_segment_fixed_size"),
            (k.wavefront_size, ".wavefront_size"),
            (k.max_flat_workgroup_size, ".max_flat_workgroup_size"),
            (k.kernarg_segment_size, ".kernarg_segment_size"),
        ] {
            assert_eq!(got, u32_of(key), "{what}: {key}");
        }
        assert_eq!(k.args.map(|a| a.decode().expect("checked when read")), get(t, ".args"), "{what}");
        let extra: Vec<_> = t
            .iter()
            .filter(|(key, _)| !key.as_str().is_some_and(|s| s.starts_with('.') && KNOWN.contains(&s)))
            .map(|(key, v)| (key.as_str().unwrap().to_string(), v.clone()))
            .collect();
        let got: Vec<_> = k.extra.iter().map(|(key, v)| (key.to_string(), v.clone())).collect();
        assert_eq!(got, extra, "{what}");
    }
}

/// The last value under `key` (the typed reader keeps the last of a key given twice).
fn get<'a>(m: &[(Value<'a>, Value<'a>)], key: &str) -> Option<Value<'a>> {
    m.iter().rev().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v.clone())
}

/// The kernel keys the code object spec documents (V4-V6), which `KernelMeta` types.
const KNOWN: &[&str] = &[
    ".name",
    ".symbol",
    ".language",
    ".language_version",
    ".kind",
    ".vgpr_count",
    ".agpr_count",
    ".sgpr_count",
    ".vgpr_spill_count",
    ".sgpr_spill_count",
    ".group_segment_fixed_size",
    ".private_segment_fixed_size",
    ".kernarg_segment_size",
    ".kernarg_segment_align",
    ".wavefront_size",
    ".max_flat_workgroup_size",
    ".reqd_workgroup_size",
    ".workgroup_size_hint",
    ".vec_type_hint",
    ".device_enqueue_symbol",
    ".uses_dynamic_stack",
    ".workgroup_processor_mode",
    ".uniform_work_group_size",
    ".cluster_dims",
    ".args",
];

#[test]
fn extension_values_and_the_depth_limit_are_refused_with_the_offset() {
    // fixext 1 inside a one-element array: refused at its own offset (rmp-serde refuses it too).
    let ext = [0x91, 0xd4, 0x01, 0x00];
    assert!(oracle(&ext).is_none());
    let e = Value::decode(&ext).unwrap_err().to_string();
    assert!(e.contains("at offset 0x1: an extension value (marker 0xd4, 1 bytes)"), "{e}");
    // 32 nested arrays decode, 33 do not (MAX_DEPTH: the deepest accepted; rmp-serde's depth 32 took 31).
    let mut ok = vec![0x91u8; 31];
    ok.push(0x90);
    assert!(Value::decode(&ok).is_ok());
    let deep = vec![0x91u8; 40];
    let e = Value::decode(&deep).unwrap_err().to_string();
    assert!(e.contains("depth limit of 32"), "{e}");
}

/// Keys are matched on their bytes when LLVM's short-string encoding holds them; a key in a longer
/// encoding (str 8) is still the key it spells, and a key that is not UTF-8 is refused as a binary key,
/// before its value is read.
#[test]
fn keys_in_any_string_encoding_are_the_keys_they_spell() {
    let fix = |s: &str| [&[0xa0 | s.len() as u8][..], s.as_bytes()].concat();
    let str8 = |s: &str| [&[0xd9, s.len() as u8][..], s.as_bytes()].concat();
    let note =
        |entry: Vec<u8>, entries: u8| [&[0x81][..], &fix("amdhsa.kernels"), &[0x91, 0x80 | entries], &entry].concat();
    let entry =
        [fix(".name"), fix("k"), str8(".symbol"), fix("k.kd"), str8(".vgpr_count"), vec![7], fix(".x"), vec![1]]
            .concat();
    let good = note(entry.clone(), 4);
    let md = Metadata::decode(&good).unwrap();
    let k = &md.kernels[0];
    assert_eq!((k.name.as_ref(), k.symbol.as_ref(), k.vgpr_count), ("k", "k.kd", Some(7)));
    assert_eq!(k.extra.iter().map(|(key, _)| key.as_ref()).collect::<Vec<_>>(), [".x"]);
    // A key of two bytes that are not UTF-8.
    let bad = [entry, vec![0xa2, 0xff, 0xfe, 0x01]].concat();
    let e = Metadata::decode(&note(bad, 5)).unwrap_err().to_string();
    assert!(e.contains("a key is a binary, not a string") || e.contains("a key is a bin"), "{e}");
}
