//! Cost of one evaluation vs the batch grid API, in the same run.
//!
//! Grid: every total VGPR count 1..=512 x 64 LDS sizes x 16 launch sizes on gfx942 (524,288 cells).
//! `one_at_a_time` checks each cell's usage (`Subtarget::check`, as the batch validates its axes) and calls
//! the fast path `Checked::waves_per_simd`; `batch` calls `evaluate_grid` once; `single/waves_per_simd` is
//! the fast path on a usage checked once;
//! `full_report` is the allocating `occupancy()` report behind the CLI, for scale.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use wavebudget_model::{subtarget, CellsOut, Column, Columns, Grid, Options, Usage, VgprColumns, Vgprs, WorkgroupSize};

fn bench(c: &mut Criterion) {
    let st = subtarget("gfx942", Options::default()).unwrap();
    let vgprs: Vec<u32> = (1..=512).collect();
    let lds: Vec<u32> = (0..64).map(|i| i * 1024).collect();
    let wgs: Vec<u32> = (1..=16).map(|i| i * 64).collect();
    let grid = Grid { vgprs: &vgprs, lds: &lds, workgroup_sizes: &wgs, sgprs: Some(40) };
    let cells = grid.len() as u64;

    let mut g = c.benchmark_group("gfx942 grid 512x64x16");
    g.throughput(Throughput::Elements(cells));
    g.bench_function("one_at_a_time", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for &w in &wgs {
                for &l in &lds {
                    for &v in &vgprs {
                        let u = Usage {
                            vgprs: Vgprs::Total(v),
                            sgprs: Some(40),
                            lds: l,
                            workgroup: WorkgroupSize::fixed(w),
                        };
                        acc = acc.wrapping_add(st.check(black_box(u)).map_or(0, |c| c.waves_per_simd()));
                    }
                }
            }
            acc
        })
    });
    let mut out = vec![0u8; grid.len()];
    let mut scratch = Vec::new();
    g.bench_function("batch", |b| {
        b.iter(|| {
            st.evaluate_grid(black_box(&grid), &mut out, &mut scratch).unwrap();
            out[out.len() - 1]
        })
    });
    g.finish();

    // The batch must agree with the one-at-a-time call on every cell.
    st.evaluate_grid(&grid, &mut out, &mut scratch).unwrap();
    for (wi, &w) in wgs.iter().enumerate() {
        for (li, &l) in lds.iter().enumerate() {
            for (vi, &v) in vgprs.iter().enumerate() {
                let u = Usage { vgprs: Vgprs::Total(v), sgprs: Some(40), lds: l, workgroup: WorkgroupSize::fixed(w) };
                assert_eq!(u32::from(out[grid.index(wi, li, vi)]), st.check(u).unwrap().waves_per_simd());
            }
        }
    }

    // Columns (the batch calls of Python and C): 1M random cells, every column varying, and the common case of
    // one varying column (VGPRs) with the rest scalars.
    let n = 1 << 20;
    let mut seed = 26u64;
    let mut next = move |m: u32| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((seed >> 33) % u64::from(m)) as u32
    };
    let v: Vec<u32> = (0..n).map(|_| next(256) + 1).collect();
    let s: Vec<u32> = (0..n).map(|_| next(103)).collect();
    let l: Vec<u32> = (0..n).map(|_| next(65537)).collect();
    let w: Vec<u32> = (0..n).map(|_| (next(16) + 1) * 64).collect();
    let (zero, s40, l16k, w256) = (0u32, 40u32, 16384u32, 256u32);
    let mut bufs: [Vec<u8>; 6] = std::array::from_fn(|_| vec![0u8; n]);
    let mut g = c.benchmark_group("columns 1M gfx942");
    g.throughput(Throughput::Elements(n as u64));
    for (label, sgprs, lds, wg) in [
        ("random", Column::values(&s), Column::values(&l), Column::values(&w)),
        ("vgprs_only", Column::scalar(&s40), Column::scalar(&l16k), Column::scalar(&w256)),
    ] {
        let cols = Columns {
            len: n,
            vgprs: VgprColumns::Split { arch: Column::values(&v), agpr: Column::scalar(&zero) },
            sgprs,
            lds,
            wg_min: wg,
            wg_max: wg,
        };
        g.bench_function(label, |b| {
            b.iter(|| {
                let [a, b2, c2, d, e, f] = &mut bufs;
                let mut out = CellsOut { waves_per_simd: a, limiter: b2, vgpr: c2, sgpr: d, lds: e, workgroup: f };
                st.evaluate_columns(black_box(&cols), &mut out).unwrap();
            })
        });
    }
    g.finish();

    let mut g = c.benchmark_group("single");
    g.throughput(Throughput::Elements(1));
    let u = Usage {
        vgprs: Vgprs::Split { arch: 128, agpr: 0 },
        sgprs: Some(50),
        lds: 32768,
        workgroup: WorkgroupSize::fixed(256),
    };
    let checked = st.check(u).unwrap();
    g.bench_function("waves_per_simd", |b| b.iter(|| black_box(&checked).waves_per_simd()));
    g.bench_function("full_report", |b| b.iter(|| st.occupancy(black_box(&u)).unwrap()));
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
