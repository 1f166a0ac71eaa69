//! The NVIDIA model against CUDA's own calculator, `cuda_occupancy.h` (CUDA 13.5, from PyPI's
//! `nvidia-cuda-runtime` 13.5.37, fetched by `scripts/nvidia-tools.sh`), compiled with g++
//! (`tests/data/nvidia/occupancy_oracle.cpp`): on a dense grid for every architecture in
//! `nvidia::ARCHS`, blocks per SM, each limiter's blocks, the binding limiters, registers and shared
//! memory allocated per block must be the header's.
//!
//! The grid: every register count 0..=257 at 26 block sizes (1 to 1025) and 0 to 3 named barriers; and
//! 5 register counts x 10 block sizes x 5 static x 14 dynamic shared-memory sizes x 7 carveouts x the
//! default and the opt-in dynamic limit. 75,832 points per architecture, 1,137,480 in all.

use wavebudget_model::nvidia::{Arch, Carveout, Kernel, Limiter, ARCHS};
use wavebudget_testkit::nvidia::Oracle;

fn grid(a: &Arch) -> Vec<Kernel> {
    let mut v = Vec::new();
    let blocks: Vec<u32> = [1, 31, 32, 33]
        .into_iter()
        .chain((2..=32).step_by(2).map(|w| w * 32))
        .chain([100, 1000, 1025, 160, 224, 288])
        .collect();
    assert_eq!(blocks.len(), 26);
    for regs in 0..=257 {
        for &block in &blocks {
            for barriers in 0..=3 {
                v.push(Kernel { barriers, ..Kernel::new(regs, block) });
            }
        }
    }
    let optin = a.shared_mem_per_block_optin();
    for regs in [0, 32, 72, 128, 255] {
        for block in [1, 32, 64, 96, 128, 256, 384, 512, 768, 1024] {
            for shared_mem in [0, 16, 1000, 4096, 49152] {
                for dynamic in
                    [0, 1, 1024, 8192, 16384, 24576, 40000, 48000, 65536, 100000, 120000, 163840, 200000, 231424]
                {
                    for carveout in [None, Some(0), Some(10), Some(25), Some(50), Some(75), Some(100)] {
                        for max_dynamic in [None, Some(optin.saturating_sub(shared_mem))] {
                            v.push(Kernel {
                                shared_mem,
                                dynamic_shared_mem: dynamic,
                                max_dynamic_shared_mem: max_dynamic,
                                carveout: carveout.map_or(Carveout::Default, Carveout::Percent),
                                ..Kernel::new(regs, block)
                            });
                        }
                    }
                }
            }
        }
    }
    v
}

fn limit(v: Option<u32>) -> i64 {
    v.map_or(-1, i64::from)
}

#[test]
fn equal_to_cuda_occupancy_h_on_a_dense_grid_of_every_architecture() {
    let queries: Vec<(&Arch, Kernel)> = ARCHS.iter().flat_map(|a| grid(a).into_iter().map(move |k| (a, k))).collect();
    let answers = Oracle::build().ask(&queries);
    let mut wrong = Vec::new();
    let mut per_arch = std::collections::BTreeMap::<&str, usize>::new();
    for ((a, k), f) in queries.iter().zip(&answers) {
        assert_eq!(f[0], 0, "{}: the header refused {k:?}", a.name);
        let o = a.occupancy(k).unwrap();
        *per_arch.entry(a.name).or_default() += 1;
        // The header keeps the flags of the other limiters when named barriers bind below them all; ours
        // lists only the limiters at the minimum, so that case compares as barriers alone.
        let others = [f[3], f[4], f[5], f[6]].into_iter().filter(|&v| v >= 0).min().unwrap_or(i64::MAX);
        let header_mask = if f[7] >= 0 && f[7] < others { 0x10 } else { f[2] };
        let ours_mask: i64 = o
            .binding()
            .map(|l| match l {
                Limiter::Warps => 1,
                Limiter::Regs => 2,
                Limiter::SharedMem => 4,
                Limiter::Blocks => 8,
                Limiter::Barriers => 0x10,
            })
            .sum();
        let ours = [
            i64::from(o.blocks_per_sm),
            ours_mask,
            limit(o.limits.regs),
            limit(o.limits.shared_mem),
            i64::from(o.limits.warps),
            i64::from(o.limits.blocks),
            limit(o.limits.barriers),
            i64::from(o.allocated_regs_per_block),
            o.allocated_shared_mem_per_block as i64,
        ];
        let theirs = [f[1], header_mask, f[3], f[4], f[5], f[6], f[7], f[8], f[9]];
        if ours != theirs && wrong.len() < 20 {
            wrong.push(format!("{} {k:?}:\n  ours   {ours:?}\n  header {theirs:?}", a.name));
        }
        assert_eq!(o.warps_per_sm, o.blocks_per_sm * k.block.div_ceil(32));
    }
    assert!(wrong.is_empty(), "differences from cuda_occupancy.h (first 20):\n{}", wrong.join("\n"));
    assert_eq!(per_arch.len(), ARCHS.len());
    eprintln!("{} points equal to cuda_occupancy.h across {} architectures", queries.len(), ARCHS.len());
}
