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
    if let Ok(located) = crate::bundle::split(bytes) {
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
