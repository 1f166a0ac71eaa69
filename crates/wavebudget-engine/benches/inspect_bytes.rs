//! `inspect_bytes` of a small code object, the engine's part of Python's `code_objects(bytes)`: the
//! reading (ELF, note, MessagePack metadata, descriptor) and each kernel's evaluation and notes; and
//! `triton::launch_report` of the same bytes, the engine's part of Python's `triton.launch_report` of a
//! compiled kernel (the inspect at Triton's launch, the next wave's budget, LLVM's own number).
//!
//!     cargo bench -p wavebudget-engine --bench inspect_bytes
//!
//! Triton 3.9's `transpose.hsaco` (7,200 bytes, one kernel) from the bundled cache entry.

use criterion::{criterion_group, criterion_main, Criterion};
use wavebudget_engine::inspect::{inspect_bytes, InspectOptions};

fn bench(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/triton-cache/2Z3CXQIZ3URV3B673ZA27C3KV4UDPY4B4OAUK53RC7JDWNSXOA5Q/transpose.hsaco"
    );
    let bytes = std::fs::read(path).expect("the bundled Triton cache entry");
    let opts = InspectOptions::default();
    let r = inspect_bytes("<bytes>", &bytes, None, &opts).expect("a code object");
    assert_eq!(r.code_objects.len(), 1);
    assert_eq!(r.code_objects[0].kernels[0].waves_per_simd, Some(8), "llc-22's Occupancy for transpose");
    c.bench_function("inspect_bytes transpose.hsaco", |b| {
        b.iter(|| inspect_bytes("<bytes>", std::hint::black_box(&bytes), None, &opts).expect("a code object"))
    });
    // The entry's own launch (its transpose.json: shared 65536, num_warps 16, warp_size 64), as
    // calls.py's compiled kernel gives it.
    let launch = wavebudget_engine::triton::TritonLaunch::new("bench", 65536, 16, 64).expect("a launch");
    let llvm = wavebudget_model::Llvm::default();
    let r = wavebudget_engine::triton::launch_report("<bytes>", &bytes, launch.clone(), llvm).expect("a report");
    assert_eq!(r.llvm_waves_per_simd, Some(8), "llc-22's Occupancy for transpose");
    c.bench_function("triton::launch_report transpose.hsaco", |b| {
        b.iter(|| {
            wavebudget_engine::triton::launch_report("<bytes>", std::hint::black_box(&bytes), launch.clone(), llvm)
                .expect("a report")
        })
    });
    c.bench_function("CodeObject::parse transpose.hsaco", |b| {
        b.iter(|| wavebudget_codeobj::CodeObject::parse(std::hint::black_box(&bytes)).expect("a code object"))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
