//! Exactness against the compiler: hundreds of generated kernels on every processor, compiled by llc-22,
//! llc-19 and llc-15 with `-pass-remarks-analysis=kernel-resource-usage`; the model with that major's
//! rules (`Options::llvm`) must reproduce each LLVM's "Occupancy [waves/SIMD]" for every one, from the
//! remarks' counts and from the metadata's `.vgpr_count`. Each major is compiled for every processor it
//! knows (`Processor::since`).

use wavebudget_testkit::llvm as common;

use common::{llc_compile_with, parallel_map, remark_u32, Lcg, LlcTarget as Config};
use std::fmt::Write as _;
use wavebudget_model::targets::PROCESSORS;
use wavebudget_model::{subtarget, Llvm, Options, Usage, Vgprs, WorkgroupSize};

/// The variants beyond `ONE_PER_FAMILY`'s (wave64, CU mode, both on one processor, gfx1102 in WGP mode).
const VARIANTS: &[Config] = &[
    Config { cpu: "gfx1012", mattr: "+wavefrontsize64" },
    Config { cpu: "gfx1013", mattr: "+cumode" },
    Config { cpu: "gfx1032", mattr: "+cumode" },
    Config { cpu: "gfx1100", mattr: "+cumode" },
    Config { cpu: "gfx1101", mattr: "+cumode,+wavefrontsize64" },
    Config { cpu: "gfx1102", mattr: "" },
    Config { cpu: "gfx1103", mattr: "+wavefrontsize64" },
    Config { cpu: "gfx1153", mattr: "+cumode" },
    Config { cpu: "gfx1201", mattr: "+wavefrontsize64" },
    Config { cpu: "gfx1201", mattr: "+cumode" },
];

/// Every processor with its defaults where no configuration of it is listed, then `ONE_PER_FAMILY` and
/// the variants.
fn configs() -> Vec<Config> {
    let listed = || common::ONE_PER_FAMILY.iter().chain(VARIANTS);
    let mut all: Vec<Config> = PROCESSORS
        .iter()
        .filter(|p| !listed().any(|v| v.cpu == p.name))
        .map(|p| Config { cpu: p.name, mattr: "" })
        .collect();
    all.extend(listed().map(|c| Config { cpu: c.cpu, mattr: c.mattr }));
    all
}

const KERNELS_PER_CONFIG: usize = 12;
const WG_SIZES: &[u32] = &[1, 32, 64, 96, 128, 192, 256, 320, 384, 448, 512, 640, 768, 832, 1024];

#[derive(Clone, Debug)]
struct Kernel {
    name: String,
    arch: u32,
    agpr: u32,
    sgpr_clobber: Option<u32>,
    lds: u32,
    wg: Option<(u32, u32)>,
    dvgpr: u32,
}

fn options(c: &Config, dvgpr: u32, llvm: Llvm) -> Options {
    Options { llvm, ..c.options(dvgpr) }
}

fn generate(c: &Config, llvm: Llvm, rng: &mut Lcg, idx: usize) -> Vec<Kernel> {
    let st = subtarget(c.cpu, options(c, 0, llvm)).expect("configured target");
    let has_agprs = st.max_agprs() > 0;
    (0..KERNELS_PER_CONFIG)
        .map(|k| {
            let dvgpr = if st.processor().dynamic_vgpr && llvm == Llvm::V22 && st.wave_size() == 32 && rng.chance(30) {
                *rng.pick(&[16u32, 32])
            } else {
                0
            };
            // The registers a kernel can address in its mode: 8 blocks in dynamic-VGPR mode (128 VGPRs with
            // blocks of 16, where llc's allocator stops too; an asm clobber of v200 there compiles, but names
            // a register the wave cannot have, and the model refuses it). Clobbers of v256 and above are
            // ignored by llc.
            let st = subtarget(c.cpu, options(c, dvgpr, llvm)).expect("configured target");
            let max_arch = st.max_arch_vgprs().min(256);
            // Half the VGPR counts sit on a step boundary of the ladder (R_max(W) and R_max(W)+1).
            let arch = if rng.chance(50) {
                let w = rng.range(1, st.max_waves());
                (st.max_vgprs_for_waves(w) + rng.range(0, 1)).clamp(1, max_arch)
            } else {
                rng.range(1, max_arch)
            };
            let agpr = if has_agprs && rng.chance(40) {
                let room = if st.vgpr().addressable > 256 { 512 - arch.div_ceil(4) * 4 } else { 256 };
                rng.range(1, room.min(256))
            } else {
                0
            };
            // Highest SGPR index: total (index + 1 + up to 6 extras) must stay within what llc accepts.
            let max_index = st.processor().max_sgpr_count() - 7;
            let sgpr_clobber = if rng.chance(70) {
                Some(
                    (*rng.pick(&[10, 40, 73, 75, 76, 77, 79, 80, 81, 83, 84, 85, 87, 88, 92, 94, 95, 96, 99, 100]))
                        .min(max_index),
                )
            } else {
                None
            };
            let lds_max = st.lds_per_workgroup();
            let lds = match rng.range(0, 3) {
                0 => 0,
                1 => rng.range(1, lds_max),
                _ => {
                    // Just under or over a point where one more workgroup fits.
                    let m = rng.range(1, 12);
                    ((st.lds_per_cu() / m) + rng.range(0, 1)).clamp(1, lds_max)
                }
            };
            let wg = match rng.range(0, 4) {
                0 => None,
                1 => {
                    let a = *rng.pick(WG_SIZES);
                    let b = *rng.pick(WG_SIZES);
                    Some((a.min(b), a.max(b)))
                }
                _ => {
                    let s = *rng.pick(WG_SIZES);
                    Some((s, s))
                }
            };
            Kernel { name: format!("k{idx}_{k}"), arch, agpr, sgpr_clobber, lds, wg, dvgpr }
        })
        .collect()
}

fn module_ir(kernels: &[Kernel]) -> String {
    let mut ir = String::new();
    for (i, k) in kernels.iter().enumerate() {
        if k.lds > 0 {
            let _ = writeln!(ir, "@lds{i} = internal addrspace(3) global [{} x i8] poison, align 4", k.lds);
        }
    }
    for (i, k) in kernels.iter().enumerate() {
        let _ = writeln!(ir, "define amdgpu_kernel void @{}() #{i} {{", k.name);
        let _ = writeln!(ir, "  call void asm sideeffect \"\", \"~{{v{}}}\"()", k.arch - 1);
        if k.agpr > 0 {
            let _ = writeln!(ir, "  call void asm sideeffect \"\", \"~{{a{}}}\"()", k.agpr - 1);
        }
        if let Some(s) = k.sgpr_clobber {
            let _ = writeln!(ir, "  call void asm sideeffect \"\", \"~{{s{s}}}\"()");
        }
        if k.lds > 0 {
            let _ = writeln!(ir, "  store volatile i8 1, ptr addrspace(3) @lds{i}");
        }
        let _ = writeln!(ir, "  ret void\n}}");
    }
    for (i, k) in kernels.iter().enumerate() {
        let mut attrs = vec!["nounwind".to_string()];
        if let Some((a, b)) = k.wg {
            attrs.push(format!("\"amdgpu-flat-work-group-size\"=\"{a},{b}\""));
        }
        if k.dvgpr != 0 {
            attrs.push(format!("\"amdgpu-dynamic-vgpr-block-size\"=\"{}\"", k.dvgpr));
        }
        let _ = writeln!(ir, "attributes #{i} = {{ {} }}", attrs.join(" "));
    }
    ir
}

#[test]
fn occupancy_matches_llc22_on_every_generated_kernel() {
    check_against(Llvm::V22, 400, 40);
}

#[test]
fn occupancy_matches_llc19_on_every_generated_kernel() {
    check_against(Llvm::V19, 400, 35);
}

#[test]
fn occupancy_matches_llc15_on_every_generated_kernel() {
    check_against(Llvm::V15, 250, 25);
}

/// Compiles the generated kernels with llc-N for every configuration LLVM N knows and compares; asserts
/// coverage of at least `min_kernels` kernels on `min_processors` processors.
fn check_against(llvm: Llvm, min_kernels: usize, min_processors: usize) {
    let major = llvm.major();
    let configs: Vec<Config> =
        configs().into_iter().filter(|c| subtarget(c.cpu, options(c, 0, llvm)).is_ok()).collect();
    let mut rng = Lcg(0x5eed_2026 + u64::from(major));
    let jobs: Vec<(usize, Vec<Kernel>)> =
        configs.iter().enumerate().map(|(i, c)| (i, generate(c, llvm, &mut rng, i))).collect();
    let results = parallel_map(&jobs, |(i, kernels)| {
        let c = &configs[*i];
        llc_compile_with(major, &module_ir(kernels), c.cpu, c.mattr, &format!("occ{i}"))
    });
    // LLVM 22 names the SGPR total `TotalSGPRs`, earlier majors `SGPRs`.
    let sgpr_key = if llvm == Llvm::V22 { "TotalSGPRs" } else { "SGPRs" };

    let mut checked = 0;
    let mut failures = Vec::new();
    let mut processors = std::collections::BTreeSet::new();
    for ((i, kernels), compiled) in jobs.iter().zip(&results) {
        let c = &configs[*i];
        for k in kernels {
            let r = compiled.remarks.get(&k.name).unwrap_or_else(|| panic!("no remarks for {} ({})", k.name, c.cpu));
            let md = compiled.notes.get(&k.name).unwrap_or_else(|| panic!("no metadata for {} ({})", k.name, c.cpu));
            let llc_occ = remark_u32(r, "Occupancy [waves/SIMD]").expect("occupancy remark");
            let st = subtarget(c.cpu, options(c, k.dvgpr, llvm)).unwrap();
            let wg = k.wg.map_or(WorkgroupSize::DEFAULT, |(a, b)| WorkgroupSize { min: a, max: b });
            let split = Usage {
                vgprs: Vgprs::Split {
                    arch: remark_u32(r, "VGPRs").unwrap(),
                    agpr: remark_u32(r, "AGPRs").unwrap_or(0),
                },
                sgprs: remark_u32(r, sgpr_key),
                lds: remark_u32(r, "LDS Size [bytes/block]").unwrap(),
                workgroup: wg,
            };
            let md_num = |key: &str| {
                md.get(key).and_then(|v| v.parse::<u32>().ok()).unwrap_or_else(|| panic!("{key} in {}", k.name))
            };
            let unified = Usage {
                vgprs: Vgprs::Total(md_num(".vgpr_count")),
                sgprs: Some(md_num(".sgpr_count")),
                lds: md_num(".group_segment_fixed_size"),
                workgroup: wg,
            };
            let from_remarks = st.occupancy(&split).map(|o| o.waves_per_simd);
            let from_metadata = st.occupancy(&unified).map(|o| o.waves_per_simd);
            let total = st.usage_total_vgprs(split.vgprs);
            if from_remarks != Ok(llc_occ) || from_metadata != Ok(llc_occ) || total != md_num(".vgpr_count") {
                failures.push(format!(
                    "{} llc-{major} -mcpu={} -mattr={} {:?}: llc {llc_occ}, model {from_remarks:?} (remarks) / {from_metadata:?} (.vgpr_count {}; model total {total}); remarks {r:?}",
                    k.name, c.cpu, c.mattr, k, md_num(".vgpr_count")
                ));
            }
            checked += 1;
            processors.insert(c.cpu);
        }
    }
    println!(
        "llc-{major}: {checked} kernels on {} processors / {} configurations checked",
        processors.len(),
        configs.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {checked} kernels disagree with llc-{major}:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        checked >= min_kernels && processors.len() >= min_processors,
        "coverage: {checked} kernels, {} processors",
        processors.len()
    );
}

/// `"amdgpu-waves-per-eu"="W,W"` on small kernels (within every W's budget), random launch sizes and LDS:
/// the occupancy llc-N reports is `exact_cap` under that major's rules (22 drops a W that LDS or the
/// launch size rules out, 15 and 19 keep it; 15 pads to its own `getMinNumVGPRs`).
fn exact_cap_against(llvm: Llvm) {
    let major = llvm.major();
    let configs: Vec<Config> =
        configs().into_iter().filter(|c| subtarget(c.cpu, options(c, 0, llvm)).is_ok()).collect();
    let mut rng = Lcg(0xca9 + u64::from(major));
    let jobs: Vec<(usize, Vec<(u32, Kernel)>)> = configs
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let st = subtarget(c.cpu, options(c, 0, llvm)).unwrap();
            let kernels = (1..=st.max_waves())
                .map(|w| {
                    let mut k = generate(c, llvm, &mut rng, i).swap_remove(0);
                    k.name = format!("w{w}_{i}");
                    (k.arch, k.agpr, k.sgpr_clobber, k.dvgpr) = (4, 0, None, 0);
                    (w, k)
                })
                .collect();
            (i, kernels)
        })
        .collect();
    let results = parallel_map(&jobs, |(i, kernels)| {
        let c = &configs[*i];
        let mut ir = module_ir(&kernels.iter().map(|(_, k)| k.clone()).collect::<Vec<_>>());
        for (j, (w, _)) in kernels.iter().enumerate() {
            ir = ir.replace(
                &format!("attributes #{j} = {{ nounwind"),
                &format!("attributes #{j} = {{ nounwind \"amdgpu-waves-per-eu\"=\"{w},{w}\""),
            );
        }
        llc_compile_with(major, &ir, c.cpu, c.mattr, &format!("cap{i}"))
    });
    let mut failures = Vec::new();
    let mut checked = 0;
    for ((i, kernels), compiled) in jobs.iter().zip(&results) {
        let c = &configs[*i];
        let st = subtarget(c.cpu, options(c, 0, llvm)).unwrap();
        for (w, k) in kernels {
            let r = &compiled.remarks[&k.name];
            let llc_occ = remark_u32(r, "Occupancy [waves/SIMD]").unwrap();
            let wg = k.wg.map_or(WorkgroupSize::DEFAULT, |(a, b)| WorkgroupSize { min: a, max: b });
            let lds = remark_u32(r, "LDS Size [bytes/block]").unwrap();
            let model = st.exact_cap(*w, wg, lds);
            if model != llc_occ {
                failures.push(format!(
                    "llc-{major} -mcpu={} -mattr={} \"{w},{w}\" wg {wg:?} lds {lds}: llc {llc_occ}, model {model}",
                    c.cpu, c.mattr
                ));
            }
            checked += 1;
        }
    }
    println!("llc-{major}: {checked} \"W,W\" kernels checked");
    assert!(failures.is_empty(), "{} of {checked} disagree:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn exact_cap_matches_llc22() {
    exact_cap_against(Llvm::V22);
}

#[test]
fn exact_cap_matches_llc19() {
    exact_cap_against(Llvm::V19);
}

#[test]
fn exact_cap_matches_llc15() {
    exact_cap_against(Llvm::V15);
}

/// Dynamic-VGPR mode's addressable registers are the allocator's limit: 200 values live at once on gfx1201
/// with blocks of 16 are held in the model's `max_arch_vgprs` (8 blocks, 128) and the rest spilled; with
/// blocks of 32 llc allocates past 128 and stays within the model's 256. (The generated set keeps its asm
/// clobbers within this limit; the model refuses a kernel above it.)
#[test]
fn dynamic_vgpr_blocks_bound_what_llc22_allocates() {
    for block in [16u32, 32] {
        let ir = wavebudget_testkit::kernels::live_values_dvgpr(200, block);
        let compiled = llc_compile_with(22, &ir, "gfx1201", "", &format!("dvgpr{block}"));
        let r = &compiled.remarks["k"];
        let vgprs = remark_u32(r, "VGPRs").unwrap();
        let st = subtarget("gfx1201", Options { dvgpr_block: block, ..Options::default() }).unwrap();
        let limit = st.max_arch_vgprs();
        assert_eq!(limit, 8 * block, "8 blocks of {block}");
        assert!(vgprs <= limit, "block {block}: llc allocated {vgprs} VGPRs, the model's limit is {limit}");
        if block == 16 {
            assert_eq!(vgprs, limit, "block 16: the allocator stops at the limit and spills");
        } else {
            assert!(vgprs > 128, "block 32: llc allocates past 128 ({vgprs})");
        }
        // The model takes llc's counts to llc's occupancy.
        let usage = Usage {
            vgprs: Vgprs::Split { arch: vgprs, agpr: 0 },
            sgprs: remark_u32(r, "TotalSGPRs"),
            lds: 0,
            workgroup: WorkgroupSize::DEFAULT,
        };
        assert_eq!(
            st.occupancy(&usage).map(|o| o.waves_per_simd),
            Ok(remark_u32(r, "Occupancy [waves/SIMD]").unwrap()),
            "block {block}"
        );
    }
}
