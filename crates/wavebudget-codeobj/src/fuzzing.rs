//! Checking functions for fuzzing: the fuzz targets (`fuzz/`) are shims over these, and `cargo test` runs
//! them over mutations of real inputs. Each must return normally on any input: errors are fine, a panic,
//! an abort, a hang or an allocation out of proportion to the input is a finding.

use crate::{walk, CodeObject, Found, Metadata};

/// The whole reader: container detection, bundles, decompression, every code object and its kernels.
pub fn check_file(bytes: &[u8]) {
    let _ = walk(bytes, &mut |found| {
        if let Found::CodeObject(_, co) = found {
            check_code_object(co);
        }
        Ok(())
    });
}

/// The NVIDIA reader: cubins, fat binaries (with their LZ4 and zstd entries) and `.nv_fatbin`, within a
/// 64 MiB decompression budget.
pub fn check_cuda(bytes: &[u8]) {
    let _ = crate::cuda::walk_cuda(bytes, &crate::InputBudget::new(64 << 20), &mut |found| {
        if let crate::cuda::CudaFound::Cubin(_, b) = found {
            if let Ok(c) = crate::cuda::parse_cubin(&b) {
                let _ = c.arch();
            }
        }
        Ok(())
    });
    let _ = crate::cuda::parse_cubin(bytes);
}

/// The ELF/note/descriptor reader on one code object.
pub fn check_code_object(bytes: &[u8]) {
    if let Ok(co) = CodeObject::parse(bytes) {
        let _ = co.target_id();
        for k in &co.kernels {
            let _ = k.descriptor.map(|d| d.first_agpr());
        }
    }
}

/// The MessagePack metadata decoder on a note descriptor.
pub fn check_metadata(bytes: &[u8]) {
    if let Ok(md) = Metadata::decode(bytes) {
        let _ = md.kernels.len();
    }
}

/// The bundle reader: splitting, headers, decompression.
pub fn check_bundle(bytes: &[u8]) {
    if let Ok(located) = crate::bundle::split(bytes, &crate::InputBudget::new(crate::DEFAULT_INPUT_BUDGET)) {
        for loc in located {
            match loc.compressed {
                Some(_) => {
                    if let Ok((_, raw)) = crate::bundle::decompress(loc.bytes) {
                        let _ = crate::bundle::Bundle::parse(&raw);
                    }
                }
                None => {
                    let _ = crate::bundle::Bundle::parse(loc.bytes);
                }
            }
        }
    }
}

/// The kernel table reader (`WBKT`): the header and bounds check, then every record and a lookup of
/// each name, which must find the record it came from.
pub fn check_table(bytes: &[u8]) {
    if let Ok(t) = crate::table::Table::parse(bytes) {
        for i in 0..t.len().min(4096) {
            let r = t.at(i);
            let _ = (r.symbol(), r.processor(), r.entry());
            assert!(t.find(r.name()).count() >= 1, "record {i} not found by its own name");
        }
    }
}

#[cfg(feature = "write")]
/// The writer behind `embed`, with an oracle. Whenever a rewrite succeeds: the output reads back, with the
/// same code objects and kernels (names, in order) as the input where the input reads, every kernel carries
/// the key added for it, and rewriting the output again gives the same bytes (embed is idempotent).
/// Returns whether the rewrite succeeded (the oracle ran).
pub fn check_rewrite(bytes: &[u8]) -> bool {
    use crate::rewrite::{rewrite, Additions, KeyValue};
    let mut decide = |co: &CodeObject<'_>| -> crate::Result<Additions> {
        Ok(Additions {
            keys: co
                .kernels
                .iter()
                .map(|k| vec![(".wavebudget.fuzz".to_string(), KeyValue::Str(k.meta.name.to_string()))])
                .collect(),
            table: crate::table::write(&[]),
        })
    };
    let Ok((once, _)) = rewrite(bytes, &mut decide) else { return false };
    let after = kernels_of(&once).expect("a rewritten file must read back");
    for (name, key) in after.iter().flatten() {
        assert_eq!(key.as_deref(), Some(name.as_str()), "kernel {name} lacks the key added for it");
    }
    if let Ok(before) = kernels_of(bytes) {
        let names = |v: &[Vec<NamedKey>]| -> Vec<Vec<String>> {
            v.iter().map(|co| co.iter().map(|(n, _)| n.clone()).collect()).collect()
        };
        assert_eq!(names(&before), names(&after), "the rewrite changed the code objects or kernels");
    }
    let (twice, _) = rewrite(&once, &mut decide).expect("a rewritten file must rewrite again");
    assert!(once == twice, "rewriting twice differs from rewriting once");
    true
}

/// A kernel's name and the value of its `.wavebudget.fuzz` key.
#[cfg(feature = "write")]
type NamedKey = (String, Option<String>);

/// Per code object, its kernels' names and the value of their `.wavebudget.fuzz` key.
#[cfg(feature = "write")]
fn kernels_of(bytes: &[u8]) -> crate::Result<Vec<Vec<NamedKey>>> {
    let mut out = Vec::new();
    walk(bytes, &mut |found| {
        if let Found::CodeObject(_, data) = found {
            let co = CodeObject::parse(data)?;
            out.push(
                co.kernels
                    .iter()
                    .map(|k| {
                        let key =
                            k.meta.extra.iter().find(|(n, _)| n == ".wavebudget.fuzz").and_then(|(_, v)| match v {
                                crate::Value::Str(s) => Some(s.to_string()),
                                _ => None,
                            });
                        (k.meta.name.to_string(), key)
                    })
                    .collect(),
            );
        }
        Ok(())
    })?;
    Ok(out)
}
