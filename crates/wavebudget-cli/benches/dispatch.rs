//! Issue 6's speed goals, with the MessagePack way beside them in the same run:
//! - lookup + dispatch data from the embedded table (`Embedded::find` + `PreparedDevice::dispatch`):
//!   goal at most 50 ns and no allocation;
//! - opening a 100-kernel code object's table (`Embedded::from_code_object`): goal at most 20 us;
//! - against decoding the `NT_AMDGPU_METADATA` note per dispatch (`Metadata::decode`, find the kernel,
//!   the same dispatch): goal 100x slower than the table.
//!
//! The code object: 100 kernels (vector accumulators of 8..206 registers, half with LDS) built by
//! llc-22 for gfx942, linked by ld.lld-22 and embedded in process as `wavebudget embed` does. After
//! criterion, a table of the same measurements by plain timing loops, plus allocations counted by a
//! counting allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use criterion::{criterion_group, Criterion};
use wavebudget_codeobj::rewrite::rewrite;
use wavebudget_codeobj::{CodeObject, Metadata};
use wavebudget_runtime::{Device, Embedded, KernelResources, PreparedDevice};

use wavebudget_testkit::kernels;

/// The C API's source, compiled into this benchmark: its library is a cdylib only (no rlib of the same
/// name beside the runtime's), and its functions are called here as C calls them, with this benchmark's
/// counting allocator seeing their allocations.
#[allow(dead_code)]
#[allow(
    clippy::disallowed_methods,
    reason = "the C API's source, held to the workspace's clippy.toml in its own crate"
)]
#[path = "../../wavebudget-capi/src/lib.rs"]
mod capi;

struct Counting;
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        System.dealloc(p, l)
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.realloc(p, l, n)
    }
}
#[global_allocator]
static A: Counting = Counting;

const KERNELS: u32 = 100;

fn tool(name: &str) -> PathBuf {
    let prefix = std::env::var("LLVM_SYS_221_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    PathBuf::from(prefix).join("bin").join(name)
}

/// The 100-kernel code object, embedded.
fn code_object() -> (Vec<u8>, Vec<String>) {
    let dir = std::env::temp_dir().join(format!("wavebudget-bench-dispatch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut ir = String::from("target triple = \"amdgcn-amd-amdhsa\"\n");
    ir.push_str(kernels::DECLARATIONS);
    let names: Vec<String> = (0..KERNELS).map(|i| format!("k{i:03}_acc{}", 8 + 2 * i)).collect();
    for (i, n) in names.iter().enumerate() {
        ir.push_str(&kernels::vector_acc(n, 8 + 2 * i as u32, i % 2 == 1));
    }
    let (ll, o, so) = (dir.join("k.ll"), dir.join("k.o"), dir.join("k.so"));
    std::fs::write(&ll, ir).unwrap();
    let ok = |c: &mut Command| assert!(c.status().unwrap().success(), "{c:?}");
    ok(Command::new(tool("llc"))
        .args(["-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942", "-filetype=obj"])
        .arg(&ll)
        .arg("-o")
        .arg(&o));
    ok(Command::new(tool("ld.lld")).arg("-shared").arg(&o).arg("-o").arg(&so));
    let bytes = std::fs::read(&so).unwrap();
    let (embedded, summary) = rewrite(&bytes, &mut |co| Ok(wavebudget_engine::embed::additions(co))).unwrap();
    assert_eq!(summary.kernels, KERNELS as usize);
    let _ = std::fs::remove_dir_all(&dir);
    (embedded, names)
}

/// The metadata note's descriptor, found once (the per-dispatch cost measured is the decode).
fn metadata_note(bytes: &[u8]) -> &[u8] {
    wavebudget_codeobj::find_note(bytes, b"AMDGPU", wavebudget_codeobj::NT_AMDGPU_METADATA)
        .unwrap()
        .expect("a metadata note")
}

fn via_table(t: &Embedded<'_>, p: &PreparedDevice, name: &str) -> u32 {
    let r = t.find(name).unwrap();
    p.dispatch(&r.resources(), None, 1024).unwrap().workgroups_per_cu
}

fn via_msgpack(note: &[u8], p: &PreparedDevice, name: &str) -> u32 {
    let md = Metadata::decode(note).unwrap();
    let k = md.kernels.iter().find(|k| k.name == name).unwrap();
    let res = KernelResources {
        vgpr_count: k.vgpr_count.unwrap_or(0),
        agpr_count: k.agpr_count.unwrap_or(0),
        sgpr_count: k.sgpr_count.unwrap_or(0),
        group_segment_fixed_size: k.group_segment_fixed_size.unwrap_or(0),
        private_segment_fixed_size: k.private_segment_fixed_size.unwrap_or(0),
        wavefront_size: k.wavefront_size.unwrap_or(64),
        max_flat_workgroup_size: k.max_flat_workgroup_size.unwrap_or(1024),
        reqd_workgroup_size: None,
        spills: 0,
        descriptor: None,
        workgroup_processor_mode: None,
    };
    p.dispatch(&res, None, 1024).unwrap().workgroups_per_cu
}

fn bench(c: &mut Criterion) {
    let (bytes, names) = code_object();
    let table = Embedded::from_code_object(&bytes).unwrap();
    let note = metadata_note(&bytes);
    let device = PreparedDevice::new(Device::from_target("MI300X").unwrap()).unwrap();
    for n in &names {
        assert_eq!(via_table(&table, &device, n), via_msgpack(note, &device, n), "{n}");
    }

    let mut g = c.benchmark_group("lookup + dispatch, 100-kernel gfx942 code object");
    // Kernel names in a scrambled order, indexed with a mask: no division in the measured loop.
    let order = order(&names);
    let mut i = 0usize;
    g.bench_function("embedded table", |b| {
        b.iter(|| {
            i = (i + 1) & (ORDER - 1);
            via_table(black_box(&table), &device, black_box(order[i]))
        })
    });
    g.bench_function("MessagePack note decoded per dispatch", |b| {
        b.iter(|| {
            i = (i + 1) & (ORDER - 1);
            via_msgpack(black_box(note), &device, black_box(order[i]))
        })
    });
    g.finish();
    let mut g = c.benchmark_group("open a 100-kernel code object");
    g.bench_function("embedded table (Embedded::from_code_object)", |b| {
        b.iter(|| Embedded::from_code_object(black_box(&bytes)).unwrap().table.len())
    });
    g.bench_function("metadata and descriptors (CodeObject::parse)", |b| {
        b.iter(|| CodeObject::parse(black_box(&bytes)).unwrap().kernels.len())
    });
    g.finish();
}

const ORDER: usize = 1024;

/// `ORDER` kernel names, each name about as often, in a scrambled order.
fn order(names: &[String]) -> Vec<&str> {
    (0..ORDER).map(|k| names[(k * 37) % names.len()].as_str()).collect()
}

/// Mean ns per call of `f` over `n` calls, best of 5; and allocations per call.
fn measure(n: u32, mut f: impl FnMut(u32) -> u32) -> (f64, f64) {
    let mut best = f64::MAX;
    let mut allocs = 0;
    for _ in 0..5 {
        let a0 = ALLOCATIONS.load(Ordering::Relaxed);
        let t = Instant::now();
        let mut acc = 0u32;
        for k in 0..n {
            acc = acc.wrapping_add(f(k));
        }
        black_box(acc);
        best = best.min(t.elapsed().as_nanos() as f64 / n as f64);
        allocs = ALLOCATIONS.load(Ordering::Relaxed) - a0;
    }
    (best, allocs as f64 / n as f64)
}

fn summary() {
    let (bytes, names) = code_object();
    let table = Embedded::from_code_object(&bytes).unwrap();
    let note = metadata_note(&bytes);
    let device = PreparedDevice::new(Device::from_target("MI300X").unwrap()).unwrap();
    let order = order(&names);
    let pick = |k: u32| order[k as usize & (ORDER - 1)];
    let (t_ns, t_alloc) = measure(1_000_000, |k| via_table(&table, &device, pick(k)));
    let (f_ns, _) = measure(1_000_000, |k| table.find(pick(k)).unwrap().vgpr_count());
    let res: Vec<KernelResources> = names.iter().map(|n| table.find(n).unwrap().resources()).collect();
    let res_order: Vec<KernelResources> = (0..ORDER).map(|k| res[(k * 37) % res.len()]).collect();
    let (d_ns, _) = measure(1_000_000, |k| {
        device.dispatch(&res_order[k as usize & (ORDER - 1)], None, 1024).unwrap().workgroups_per_cu
    });
    // The C API on the same code object and device, through its exported functions as C calls them.
    let (c_ns, c_alloc) = {
        use capi::*;
        let mut err = [0 as std::ffi::c_char; 256];
        // SAFETY: the C API's contract: live buffers, NUL-terminated strings, handles freed once below.
        unsafe {
            let k = wb_kernels_from_bytes(bytes.as_ptr().cast(), bytes.len(), err.as_mut_ptr(), err.len());
            let d = wb_device_from_target(c"MI300X".as_ptr(), err.as_mut_ptr(), err.len());
            assert!(!k.is_null() && !d.is_null());
            let cnames: Vec<std::ffi::CString> = order.iter().map(|n| std::ffi::CString::new(*n).unwrap()).collect();
            let mut out = WbDispatch::default();
            let r = measure(1_000_000, |i| {
                let rc = wb_dispatch_query(
                    k,
                    cnames[i as usize & (ORDER - 1)].as_ptr(),
                    d,
                    0,
                    1024,
                    &mut out,
                    err.as_mut_ptr(),
                    err.len(),
                );
                assert_eq!(rc, 0);
                out.workgroups_per_cu()
            });
            wb_kernels_free(k);
            wb_device_free(d);
            r
        }
    };
    let (m_ns, m_alloc) = measure(1_000, |k| via_msgpack(note, &device, pick(k)));
    let (o_ns, o_alloc) = measure(10_000, |_| Embedded::from_code_object(&bytes).unwrap().table.len() as u32);
    let (p_ns, _) = measure(200, |_| CodeObject::parse(&bytes).unwrap().kernels.len() as u32);
    println!(
        "\nissue 6 speed goals (best of 5 timing loops; {} kernels, gfx942 code object of {} bytes, MI300X)",
        KERNELS,
        bytes.len()
    );
    println!("| measurement | time | allocations/call | goal |");
    println!("|---|---|---|---|");
    println!("| lookup + dispatch, embedded table | {t_ns:.1} ns | {t_alloc} | <= 50 ns, 0 allocations |");
    println!("| of which lookup (Embedded::find) | {f_ns:.1} ns | | |");
    println!("| of which dispatch (PreparedDevice::dispatch) | {d_ns:.1} ns | | |");
    println!("| C wb_dispatch_query (prepared device, kernel table) | {c_ns:.1} ns | {c_alloc} | <= 2x the Rust row above: {:.2}x |", c_ns / t_ns);
    println!("| lookup + dispatch, MessagePack decoded per dispatch | {:.2} us | {m_alloc:.0} | |", m_ns / 1000.0);
    println!("| ratio | {:.0}x | | >= 100x |", m_ns / t_ns);
    println!("| open the table | {:.2} us | {o_alloc} | <= 20 us |", o_ns / 1000.0);
    println!("| parse metadata + descriptors (CodeObject::parse) | {:.1} us | | |", p_ns / 1000.0);
}

criterion_group!(benches, bench);

fn main() {
    if std::env::var_os("WAVEBUDGET_BENCH_PROFILE").is_some() {
        // For `perf record`: the table lookup alone, for a while.
        let (bytes, names) = code_object();
        let table = Embedded::from_code_object(&bytes).unwrap();
        let t = Instant::now();
        let mut acc = 0u32;
        let order = order(&names);
        let mut k = 0usize;
        let mut n = 0u64;
        while t.elapsed().as_secs() < 3 {
            n += 100_000;
            for _ in 0..100_000 {
                k = (k + 1) & (ORDER - 1);
                acc = acc.wrapping_add(table.find(black_box(order[k])).map_or(0, |r| r.vgpr_count()));
            }
        }
        println!("{:.1} ns per lookup ({acc})", t.elapsed().as_nanos() as f64 / n as f64);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
    summary();
}
