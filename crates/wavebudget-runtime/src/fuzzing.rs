//! Checking functions for fuzzing (`fuzz/fuzz_targets/topology.rs`), also run by `cargo test` over
//! mutations of the real captures. Each must return normally on any input.

use crate::{dispatch, kfd, KernelInfo};
use std::path::Path;

/// A KFD node's `properties` text, then a dispatch of a plain kernel on the device it describes.
pub fn check_properties(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let Ok(props) = kfd::parse_properties(Path::new("properties"), &text) else { return };
    if let Ok(Some(device)) = kfd::device_from_properties(1, Path::new("properties"), &props) {
        let kernel = KernelInfo::new(
            "k".into(),
            "k.kd".into(),
            device.target.canonical(),
            device.target.processor.name.into(),
            crate::KernelResources {
                vgpr_count: 64,
                agpr_count: 0,
                sgpr_count: 32,
                group_segment_fixed_size: 4096,
                private_segment_fixed_size: 0,
                wavefront_size: device.wave_size.clamp(32, 64),
                max_flat_workgroup_size: 256,
                reqd_workgroup_size: None,
                spills: 0,
                descriptor: None,
                workgroup_processor_mode: None,
            },
        );
        let _ = dispatch(&kernel, &device, None, 1024);
    }
}
