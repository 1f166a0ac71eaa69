//! The cross-vendor register limit `O = P * floor((F / P) / (R * W * w))` and its inverse
//! `R_max = floor((F / P) / (ceil(O / P) * W * w))`, with presets for the figures people quote. With one
//! partition (P = 1) it is the first-order form `O = floor(F / (R * W * w))`; a register file split into
//! P sub-partitions, each wave's registers within one (NVIDIA's SM: four of 16K registers), is what makes
//! it exact for NVIDIA's register limit (the `ampere` preset reproduces an H100's warps per SM at every
//! register count measured, `tests/h100_capture.rs`).
//!
//! It is a register limit only: no workgroup or block slots, barriers, LDS or shared memory, SGPRs, AGPR
//! pairing or per-target tables. See `docs/occupancy-model.md` for where it diverges from the exact AMD
//! model.

use crate::error::{GenericRefusal, ModelError};
use serde::Serialize;

/// What the generic form counts, said with every answer it gives.
pub const SCOPE: &str =
    "the register limit only: no LDS or shared memory, workgroup or block slots, barriers or scalar registers";

/// Parameters of the generic form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GenericParams {
    /// Register file bytes shared by the waves counted (F).
    pub register_file_bytes: u64,
    /// Lanes per wave/warp (W).
    pub wave_width: u32,
    /// Bytes per register per lane (w).
    pub register_bytes: u32,
    /// Registers are allocated in multiples of this (1 = no rounding).
    pub granule: u32,
    /// Cap on resident waves (0 = no cap).
    pub max_waves: u32,
    /// Sub-partitions the register file is split into, each wave's registers within one (1 = one file).
    pub partitions: u32,
}

/// A named preset.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Preset {
    /// Name used on the command line.
    pub name: &'static str,
    /// What it describes and where the numbers come from.
    pub describes: &'static str,
    /// The parameters.
    pub params: GenericParams,
}

/// Presets: the register-file figures commonly quoted for each design.
pub static PRESETS: &[Preset] = &[
    Preset {
        name: "ampere",
        describes: "NVIDIA Ampere/Hopper SM (A100, H100): 64K 32-bit registers in 4 sub-partitions of 16K, warp 32, allocation in 256-register units per warp (8 per thread), 64 warps",
        params: GenericParams {
            register_file_bytes: 65_536 * 4,
            wave_width: 32,
            register_bytes: 4,
            granule: 8,
            max_waves: 64,
            partitions: 4,
        },
    },
    Preset {
        name: "rdna3",
        describes: "AMD RDNA3 CU as the generic equation counts it: 2 SIMDs x 1024 VGPRs x 32 lanes x 4 B (gfx1102-class; gfx1100 has 1.5x)",
        params: GenericParams::first_order(2 * 1024 * 32 * 4, 32, 4),
    },
    Preset {
        name: "xe-hpg",
        describes: "Intel Xe-HPG vector engine: 64 KiB GRF counted as SIMD8 x 32-bit lanes (32-byte registers)",
        params: GenericParams::first_order(65_536, 8, 4),
    },
    Preset {
        name: "m1",
        describes: "Apple M1 GPU core: 208 KiB register file, SIMD 32, 32-bit registers",
        params: GenericParams::first_order(208 * 1024, 32, 4),
    },
];

/// Find a preset by name.
pub fn preset(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.name.eq_ignore_ascii_case(name))
}

/// Result of the generic form.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GenericOccupancy {
    /// Registers per lane asked about.
    pub registers: u32,
    /// Registers after granule rounding.
    pub allocated_registers: u32,
    /// Resident waves.
    pub waves: u64,
    /// `waves == max_waves` (when capped).
    pub capped: bool,
}

impl GenericParams {
    /// One register file of `register_file_bytes`, no granule, no cap, one partition.
    pub const fn first_order(register_file_bytes: u64, wave_width: u32, register_bytes: u32) -> Self {
        GenericParams { register_file_bytes, wave_width, register_bytes, granule: 1, max_waves: 0, partitions: 1 }
    }

    /// Check the parameters.
    pub fn validate(&self) -> Result<Self, ModelError> {
        if self.register_file_bytes == 0 || self.wave_width == 0 || self.register_bytes == 0 {
            return Err(ModelError::Generic(GenericRefusal::ZeroParameter));
        }
        if self.granule == 0 {
            return Err(ModelError::Generic(GenericRefusal::ZeroGranule));
        }
        if self.partitions == 0 || self.register_file_bytes % u64::from(self.partitions) != 0 {
            return Err(ModelError::Generic(GenericRefusal::Partitions { partitions: self.partitions }));
        }
        Ok(*self)
    }

    /// W * w (at most 2^64: the products below are taken in u128, where no figure the model takes can
    /// overflow them).
    fn bytes_per_register_row(&self) -> u128 {
        u128::from(self.wave_width) * u128::from(self.register_bytes)
    }

    /// Bytes of one sub-partition (F / P).
    fn partition_bytes(&self) -> u64 {
        self.register_file_bytes / u64::from(self.partitions)
    }

    /// `O = P * floor((F / P) / (alignTo(R, granule) * W * w))`, capped; R = 0 counts as one granule.
    pub fn occupancy(&self, registers: u32) -> GenericOccupancy {
        let r = u64::from(registers.max(1)).div_ceil(u64::from(self.granule)) * u64::from(self.granule);
        // P * floor((F/P) / (R*W*w)) <= F: within u64.
        let per = u128::from(self.partition_bytes()) / (u128::from(r) * self.bytes_per_register_row());
        let raw = u64::try_from(u128::from(self.partitions) * per).unwrap_or(u64::MAX);
        let capped = self.max_waves != 0 && raw >= u64::from(self.max_waves);
        GenericOccupancy {
            registers,
            allocated_registers: u32::try_from(r).unwrap_or(u32::MAX),
            waves: if capped { u64::from(self.max_waves) } else { raw },
            capped,
        }
    }

    /// `R_max = floor((F / P) / (ceil(O / P) * W * w))`, rounded down to the granule.
    pub fn max_registers(&self, waves: u32) -> Result<u64, ModelError> {
        if waves == 0 {
            return Err(ModelError::Generic(GenericRefusal::ZeroWaves));
        }
        if self.max_waves != 0 && waves > self.max_waves {
            return Err(ModelError::Generic(GenericRefusal::OverMaxWaves { waves, max: self.max_waves }));
        }
        let per_partition = u64::from(waves).div_ceil(u64::from(self.partitions));
        let r = u128::from(self.partition_bytes()) / (u128::from(per_partition) * self.bytes_per_register_row());
        // At most F / (W*w) <= F: within u64.
        let r = u64::try_from(r).unwrap_or(u64::MAX) / u64::from(self.granule) * u64::from(self.granule);
        if r == 0 {
            return Err(ModelError::Generic(GenericRefusal::BelowGranule {
                waves,
                granule: self.granule,
                fits: self.occupancy(self.granule).waves,
            }));
        }
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Figures the model takes whose products overflowed u64 (a panic in debug builds, a division by zero
    /// where the product wrapped to 0 in release): the exact answers, 0 waves where one wave's registers are
    /// more than the file, and the budget refused as below the granule.
    #[test]
    fn the_widest_figures_are_answered_not_overflowed() {
        let m1 = preset("m1").unwrap().params;
        let wide = GenericParams { wave_width: u32::MAX, ..m1 };
        assert_eq!(wide.occupancy(u32::MAX).waves, 0);
        let exact = GenericParams {
            register_file_bytes: 65536,
            wave_width: 65536,
            register_bytes: 65536,
            granule: 1 << 31,
            max_waves: 0,
            partitions: 1,
        };
        // R rounds up to 2^32 with granule 2^31, and R*W*w = 2^64: more than 65536 bytes.
        assert_eq!(exact.occupancy(u32::MAX).waves, 0);
        let fat = GenericParams { register_bytes: u32::MAX, ..m1 };
        assert!(matches!(fat.max_registers(u32::MAX), Err(ModelError::Generic(GenericRefusal::BelowGranule { .. }))));
    }

    fn check(preset_name: &str, registers: u32, expected_waves: u64) {
        let p = preset(preset_name).unwrap().params;
        assert_eq!(p.occupancy(registers).waves, expected_waves, "{preset_name} R={registers}");
        // The inverse gives back a register count that reaches the same waves.
        let w = u32::try_from(expected_waves).unwrap();
        let r = p.max_registers(w).unwrap();
        assert!(r >= u64::from(registers.min(r as u32)));
        assert!(p.occupancy(u32::try_from(r).unwrap()).waves >= expected_waves);
    }

    /// The figures quoted for each design (issue 2, item 5).
    #[test]
    fn quoted_examples() {
        check("ampere", 255, 8);
        check("ampere", 32, 64);
        check("rdna3", 256, 8);
        check("xe-hpg", 128, 16);
        check("m1", 128, 13);
    }

    #[test]
    fn bad_parameters() {
        let p = GenericParams::first_order(0, 32, 4);
        assert!(p.validate().is_err());
        let p = GenericParams { granule: 0, register_file_bytes: 1, ..p };
        assert!(p.validate().is_err());
        let p = GenericParams { partitions: 0, ..GenericParams::first_order(1024, 32, 4) };
        assert!(p.validate().is_err());
        // A file that does not split evenly is refused, not floored per partition.
        let p = GenericParams { partitions: 3, ..GenericParams::first_order(1024, 32, 4) };
        assert_eq!(p.validate(), Err(ModelError::Generic(GenericRefusal::Partitions { partitions: 3 })));
        assert!(GenericParams { partitions: 4, ..p }.validate().is_ok());
    }
}
