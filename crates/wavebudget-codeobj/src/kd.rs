//! The 64-byte kernel descriptor at symbol `<name>.kd`, with the resource fields of rsrc1/rsrc2/rsrc3
//! decoded (AMDGPUUsage "Kernel Descriptor"; bit positions from `llvm/Support/AMDHSAKernelDescriptor.h`).

use serde::Serialize;

use crate::error::{Error, Result};

/// Size of a kernel descriptor.
pub const KERNEL_DESCRIPTOR_SIZE: usize = 64;

/// The raw fields of a kernel descriptor and the values encoded in its resource registers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct KernelDescriptor {
    /// `group_segment_fixed_size` (bytes 0-3).
    pub group_segment_fixed_size: u32,
    /// `private_segment_fixed_size` (bytes 4-7).
    pub private_segment_fixed_size: u32,
    /// `kernarg_size` (bytes 8-11).
    pub kernarg_size: u32,
    /// `kernel_code_entry_byte_offset` (bytes 16-23).
    pub kernel_code_entry_byte_offset: i64,
    /// `compute_pgm_rsrc3` (bytes 44-47).
    pub compute_pgm_rsrc3: u32,
    /// `compute_pgm_rsrc1` (bytes 48-51).
    pub compute_pgm_rsrc1: u32,
    /// `compute_pgm_rsrc2` (bytes 52-55).
    pub compute_pgm_rsrc2: u32,
    /// `kernel_code_properties` (bytes 56-57).
    pub kernel_code_properties: u16,
    /// `kernarg_preload` (bytes 58-59).
    pub kernarg_preload: u16,
    /// rsrc1 bits 5:0 `GRANULATED_WORKITEM_VGPR_COUNT`.
    pub granulated_workitem_vgpr_count: u32,
    /// rsrc1 bits 9:6 `GRANULATED_WAVEFRONT_SGPR_COUNT` (0 on GFX10+).
    pub granulated_wavefront_sgpr_count: u32,
    /// rsrc2 bits 5:1 `USER_SGPR_COUNT`.
    pub user_sgpr_count: u32,
    /// rsrc2 bit 0 `ENABLE_PRIVATE_SEGMENT`.
    pub enable_private_segment: bool,
    /// rsrc2 bits 23:15 `GRANULATED_LDS_SIZE` (LLVM writes 0: the packet's size is used).
    pub granulated_lds_size: u32,
    /// rsrc3 bits 5:0 `ACCUM_OFFSET` on gfx90a+ (first AGPR = (value + 1) * 4); `None` elsewhere.
    pub accum_offset: Option<u32>,
    /// `kernel_code_properties` bit 10 `ENABLE_WAVEFRONT_SIZE32`.
    pub wavefront_size32: bool,
    /// `kernel_code_properties` bit 11 `USES_DYNAMIC_STACK`.
    pub uses_dynamic_stack: bool,
}

fn bits(v: u32, lo: u32, width: u32) -> u32 {
    (v >> lo) & ((1u32 << width) - 1)
}

fn u32_at(b: &[u8; KERNEL_DESCRIPTOR_SIZE], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn u16_at(b: &[u8; KERNEL_DESCRIPTOR_SIZE], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

impl KernelDescriptor {
    /// Decodes a descriptor from the bytes at its symbol. `has_accum_offset`: the processor has a unified
    /// AGPR file, so rsrc3 holds `ACCUM_OFFSET`. `offset` is where the bytes are, for the error.
    pub fn parse(bytes: &[u8], has_accum_offset: bool, offset: u64) -> Result<KernelDescriptor> {
        let b: &[u8; KERNEL_DESCRIPTOR_SIZE] =
            bytes.get(..KERNEL_DESCRIPTOR_SIZE).and_then(|s| s.try_into().ok()).ok_or_else(|| {
                Error::malformed(
                    "kernel descriptor",
                    offset,
                    format!("needs {KERNEL_DESCRIPTOR_SIZE} bytes, {} remain in its section", bytes.len()),
                )
            })?;
        let rsrc1 = u32_at(b, 48);
        let rsrc2 = u32_at(b, 52);
        let rsrc3 = u32_at(b, 44);
        let props = u16_at(b, 56);
        let entry = i64::from_le_bytes([b[16], b[17], b[18], b[19], b[20], b[21], b[22], b[23]]);
        Ok(KernelDescriptor {
            group_segment_fixed_size: u32_at(b, 0),
            private_segment_fixed_size: u32_at(b, 4),
            kernarg_size: u32_at(b, 8),
            kernel_code_entry_byte_offset: entry,
            compute_pgm_rsrc3: rsrc3,
            compute_pgm_rsrc1: rsrc1,
            compute_pgm_rsrc2: rsrc2,
            kernel_code_properties: props,
            kernarg_preload: u16_at(b, 58),
            granulated_workitem_vgpr_count: bits(rsrc1, 0, 6),
            granulated_wavefront_sgpr_count: bits(rsrc1, 6, 4),
            user_sgpr_count: bits(rsrc2, 1, 5),
            enable_private_segment: bits(rsrc2, 0, 1) != 0,
            granulated_lds_size: bits(rsrc2, 15, 9),
            accum_offset: has_accum_offset.then(|| bits(rsrc3, 0, 6)),
            wavefront_size32: props & (1 << 10) != 0,
            uses_dynamic_stack: props & (1 << 11) != 0,
        })
    }

    /// rsrc1 bit 29 `WGP_MODE` on a processor that has the switch (GFX10-12): `Some(false)` for a kernel
    /// built for CU mode. `None` elsewhere (the bit is another field, or reserved).
    pub fn workgroup_processor_mode(&self, p: &wavebudget_model::targets::Processor) -> Option<bool> {
        p.has_wgp_mode().then(|| bits(self.compute_pgm_rsrc1, 29, 1) != 0)
    }

    /// The first AGPR, from `ACCUM_OFFSET`: `(value + 1) * 4` (gfx90a+).
    /// Registers this descriptor allocates per wave on `p` at `wave_size`: VGPRs from
    /// `GRANULATED_WORKITEM_VGPR_COUNT`, and SGPRs from `GRANULATED_WAVEFRONT_SGPR_COUNT` where it encodes
    /// them (GFX6-9; `None` on GFX10+). Higher than the metadata's counts when LLVM padded the descriptor
    /// to cap occupancy (`amdgpu-waves-per-eu`): these are what the hardware allocates.
    pub fn allocated(&self, p: &wavebudget_model::targets::Processor, wave_size: u32) -> (u32, Option<u32>) {
        let enc = p.vgpr_encoding_granule(wave_size);
        (
            (self.granulated_workitem_vgpr_count + 1) * enc,
            p.sgpr_encoding_granule().map(|g| (self.granulated_wavefront_sgpr_count + 1) * g),
        )
    }

    /// First AGPR (see [`KernelDescriptor::accum_offset`]).
    pub fn first_agpr(&self) -> Option<u32> {
        self.accum_offset.map(|a| (a + 1) * 4)
    }
}
