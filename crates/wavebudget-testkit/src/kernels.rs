//! Generators of real-pressure kernels (LLVM IR text) shared by the pass's and the sweep's comparisons
//! with llc-22: `<n x float>` accumulator loops (global or LDS-tiled input), scalar accumulators, and MFMA
//! loops. Each returns one kernel (and its declarations) with attribute group `#0`; the caller declares
//! `llvm.amdgcn.workitem.id.x`, `llvm.amdgcn.s.barrier`, `llvm.fma.f32` and the MFMA intrinsic (see
//! [`DECLARATIONS`]) and defines `#0`.

use std::fmt::Write as _;

/// The declarations every module built from these kernels needs once.
pub const DECLARATIONS: &str = "declare i32 @llvm.amdgcn.workitem.id.x()\ndeclare void @llvm.amdgcn.s.barrier()\ndeclare float @llvm.fma.f32(float, float, float)\ndeclare <16 x float> @llvm.amdgcn.mfma.f32.32x32x2f32(float, float, <16 x float>, i32, i32, i32)\n";

/// `<n x float>` accumulators across a loop (the §3.2 kernel of the reference).
pub fn vector_acc(name: &str, n: u32, lds: bool) -> String {
    let consts = (0..n).map(|i| format!("float {}.0", i + 1)).collect::<Vec<_>>().join(", ");
    let (decl, load) = if lds {
        (
            format!("@{name}.tile = internal addrspace(3) global [1024 x float] poison, align 16\n"),
            format!(
                "  %t = and i32 %idx, 1023\n  %lp = getelementptr float, ptr addrspace(3) @{name}.tile, i32 %t\n  call void @llvm.amdgcn.s.barrier()\n  %x = load float, ptr addrspace(3) %lp\n"
            ),
        )
    } else {
        (
            String::new(),
            "  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx\n  %x = load float, ptr addrspace(1) %p\n"
                .to_string(),
        )
    };
    let store_tile = if lds {
        format!("  %sp = getelementptr float, ptr addrspace(3) @{name}.tile, i32 %id\n  store float 1.0, ptr addrspace(3) %sp\n")
    } else {
        String::new()
    };
    format!(
        "{decl}define amdgpu_kernel void @{name}(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #0 {{
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
{store_tile}  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <{n} x float> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %idx = add i32 %i, %id
{load}  %x0 = insertelement <{n} x float> poison, float %x, i32 0
  %xv = shufflevector <{n} x float> %x0, <{n} x float> poison, <{n} x i32> zeroinitializer
  %acc.next = call <{n} x float> @llvm.fma.v{n}f32(<{n} x float> %xv, <{n} x float> <{consts}>, <{n} x float> %acc)
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %o = mul i32 %id, {n}
  %q = getelementptr float, ptr addrspace(1) %out, i32 %o
  store <{n} x float> %acc.next, ptr addrspace(1) %q, align 4
  ret void
}}
declare <{n} x float> @llvm.fma.v{n}f32(<{n} x float>, <{n} x float>, <{n} x float>)
"
    )
}

/// A loop kernel with `k` accumulators of type `ty`: `%a{j}` (loop phi) becomes `%b{j}` through `update(j)`
/// (after `setup`, the loads), and each `%b{j}` is stored at its own place after the loop.
fn accumulator_loop(name: &str, k: u32, ty: &str, setup: &str, update: &dyn Fn(u32) -> String) -> String {
    let mut s = format!(
        "define amdgpu_kernel void @{name}(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) #0 {{\nentry:\n  %id = call i32 @llvm.amdgcn.workitem.id.x()\n  br label %loop\nloop:\n  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]\n"
    );
    for j in 0..k {
        let _ = writeln!(s, "  %a{j} = phi {ty} [ zeroinitializer, %entry ], [ %b{j}, %loop ]");
    }
    s.push_str(setup);
    for j in 0..k {
        s.push_str(&update(j));
    }
    let _ = writeln!(
        s,
        "  %i.next = add i32 %i, 1\n  %c = icmp slt i32 %i.next, %n\n  br i1 %c, label %loop, label %exit\nexit:"
    );
    for j in 0..k {
        let _ = writeln!(s, "  %o{j} = add i32 %id, {}\n  %q{j} = getelementptr {ty}, ptr addrspace(1) %out, i32 %o{j}\n  store {ty} %b{j}, ptr addrspace(1) %q{j}", j * 1024);
    }
    s.push_str("  ret void\n}\n");
    s
}

/// `n` separate scalar accumulators, each fed by its own load.
pub fn scalar_acc(name: &str, n: u32) -> String {
    accumulator_loop(name, n, "float", "  %base = add i32 %i, %id\n", &|j| {
        format!("  %ix{j} = add i32 %base, {}\n  %p{j} = getelementptr float, ptr addrspace(1) %in, i32 %ix{j}\n  %x{j} = load float, ptr addrspace(1) %p{j}\n  %b{j} = call float @llvm.fma.f32(float %x{j}, float %x{j}, float %a{j})\n", j * 1024)
    })
}

/// `k` MFMA accumulators (`<16 x float>` each) across a loop.
pub fn mfma(name: &str, k: u32) -> String {
    let setup = "  %ix = add i32 %i, %id\n  %p = getelementptr float, ptr addrspace(1) %in, i32 %ix\n  %x = load float, ptr addrspace(1) %p\n  %p2 = getelementptr float, ptr addrspace(1) %p, i32 4096\n  %y = load float, ptr addrspace(1) %p2\n";
    accumulator_loop(name, k, "<16 x float>", setup, &|j| {
        format!("  %b{j} = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x2f32(float %x, float %y, <16 x float> %a{j}, i32 0, i32 0, i32 0)\n")
    })
}

/// A module of these kernels for amdgcn-amd-amdhsa: each `declare` once (kernels of the same width declare
/// the same intrinsic), [`DECLARATIONS`], and `attributes #0 = { attrs }`.
pub fn module(kernels: impl IntoIterator<Item = String>, attrs: &str) -> String {
    let mut s = String::from("target triple = \"amdgcn-amd-amdhsa\"\n");
    let mut declared = std::collections::HashSet::new();
    for k in kernels {
        for line in k.lines() {
            if !line.starts_with("declare ") || declared.insert(line.to_string()) {
                s.push_str(line);
                s.push('\n');
            }
        }
    }
    for line in DECLARATIONS.lines() {
        if declared.insert(line.to_string()) {
            s.push_str(line);
            s.push('\n');
        }
    }
    let _ = writeln!(s, "attributes #0 = {{ {attrs} }}");
    s
}

/// The Ray sweep benchmark's workload (`crates/wavebudget-python/benches/sweep_ray.py`): `kernels`
/// accumulator loops ([`vector_acc`], global input) of 8 to 160 floats live (the `i`th holds `8 + 8i mod
/// 160`, named `acc<i>_<floats>`), for gfx942 at 1 to 256 threads without AGPRs. `cargo run -p wavebudget-testkit --example gen_pressure -- --kernels N` prints it.
pub fn accumulator_module(kernels: usize) -> String {
    let widths = (0..kernels).map(|i| (i, 8 + (i as u32 * 8) % 160));
    module(
        widths.map(|(i, n)| vector_acc(&format!("acc{i}_{n}"), n, false)),
        "\"target-cpu\"=\"gfx942\" \"amdgpu-flat-work-group-size\"=\"1,256\" \"amdgpu-agpr-alloc\"=\"0\"",
    )
}

/// `tests/lit/Inputs/pressure.ll`, the lit tests' records and spill input: `acc40`, `acc124` and `acc160`
/// ([`vector_acc`] with global input) for gfx942 at 1 to 256 threads. Written by
/// `cargo run -p wavebudget-testkit --example gen_pressure > tests/lit/Inputs/pressure.ll`; a test checks
/// the committed file is this text.
pub fn pressure_module() -> String {
    let mut s = String::from(
        "; Generated by `cargo run -p wavebudget-testkit --example gen_pressure`; do not edit.\ntarget triple = \"amdgcn-amd-amdhsa\"\n",
    );
    for (name, n) in [("acc40", 40), ("acc124", 124), ("acc160", 160)] {
        s.push('\n');
        s.push_str(&vector_acc(name, n, false));
        s.push('\n');
    }
    s.push_str("declare i32 @llvm.amdgcn.workitem.id.x()\n");
    s.push_str("attributes #0 = { \"target-cpu\"=\"gfx942\" \"amdgpu-flat-work-group-size\"=\"1,256\" \"amdgpu-agpr-alloc\"=\"0\" }\n");
    s
}

#[cfg(test)]
mod tests {
    /// Kernels of one width share their intrinsic's declaration: the module is valid IR for opt-22.
    #[test]
    fn a_module_of_repeated_widths_verifies() {
        let m = super::module(
            (0..6).map(|i| super::vector_acc(&format!("k{i}"), 8 + (i % 2) * 4, i % 3 == 0)),
            "\"target-cpu\"=\"gfx942\"",
        );
        let path = std::env::temp_dir().join(format!("wavebudget-testkit-module-{}.ll", std::process::id()));
        std::fs::write(&path, &m).unwrap();
        let out = std::process::Command::new(crate::llvm::tool("opt"))
            .args(["-passes=verify", "-disable-output"])
            .arg(&path)
            .output()
            .unwrap();
        let _ = std::fs::remove_file(&path);
        assert!(out.status.success(), "{}\n{m}", String::from_utf8_lossy(&out.stderr));
    }

    /// The lit tests' input is this generator's output, so the kernel generator exists once.
    #[test]
    fn the_committed_pressure_input_is_the_generators() {
        let committed =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/lit/Inputs/pressure.ll"))
                .unwrap();
        assert!(
            committed == super::pressure_module(),
            "tests/lit/Inputs/pressure.ll differs from the generator: cargo run -p wavebudget-testkit --example gen_pressure > tests/lit/Inputs/pressure.ll"
        );
    }
}

/// One kernel of [`granule_probes`]: exact register counts by inline-asm clobbers.
#[derive(Clone, Debug)]
pub struct Probe {
    pub name: String,
    /// Architectural VGPRs (the highest clobbered `v` index + 1).
    pub arch: u32,
    /// AGPRs (the highest clobbered `a` index + 1), 0 for none.
    pub agpr: u32,
    /// The highest clobbered SGPR index, if any (LLVM adds VCC/XNACK/flat-scratch SGPRs to it).
    pub sgpr_index: Option<u32>,
    /// `"amdgpu-waves-per-eu"="W,W"`: LLVM pads the descriptor to hold the kernel at W.
    pub waves_per_eu: Option<u32>,
}

/// The highest SGPR index llc accepts in a clobber (s102 and above: "addressable scalar registers (104)
/// exceeds limit (102)", on GFX8-GFX12 and LLVM 15/19/22 alike).
pub const MAX_SGPR_CLOBBER: u32 = 101;

/// Kernels whose register counts sit on, under and over every VGPR encoding and allocation granule of
/// `st`, every SGPR count LLVM can make from a clobber of s60..s101 (the GFX8/9 steps at 80/88/100 and the
/// 8-SGPR encoding granule), AGPR splits on targets with AGPRs, and `"W,W"` kernels LLVM pads (with
/// SGPRs near the steps), so that "rounded to the encoding granule" and "padded by LLVM" both occur.
pub fn granule_probes(st: &wavebudget_model::Subtarget) -> Vec<Probe> {
    let p = st.processor();
    let max_arch = st.max_arch_vgprs().min(256); // llc ignores clobbers of v256 and above
    let mut out = Vec::new();
    let mut push = |arch: u32, agpr: u32, sgpr_index: Option<u32>, waves_per_eu: Option<u32>| {
        let name = format!("p{}", out.len());
        out.push(Probe { name, arch, agpr, sgpr_index, waves_per_eu });
    };
    // With the SGPR init bug (gfx802/gfx805/gfx810) llc refuses more than 96 ("scalar registers (97)
    // exceeds limit (96)").
    let max_s =
        if p.sgpr_init_bug { wavebudget_model::targets::FIXED_SGPRS_FOR_INIT_BUG - 1 } else { MAX_SGPR_CLOBBER };
    for s in 60..=max_s {
        push(1, 0, Some(s), None);
    }
    let granules = [p.vgpr_encoding_granule(st.wave_size()), st.vgpr().granule];
    let mut counts: Vec<u32> = (1..=max_arch)
        .filter(|v| granules.iter().any(|g| matches!(v % g, 0 | 1) || v % g == g - 1) || *v <= 16)
        .collect();
    counts.dedup();
    for v in counts {
        push(v, 0, None, None);
    }
    if st.max_agprs() > 0 {
        for arch in [1u32, 3, 4, 5, 63, 64, 65, 128, 129, 255, 256] {
            for agpr in [1, 3, 4, 5, 7, 8, 9, 64, 65, 128, 129, 255, 256] {
                if st.vgpr().addressable <= 256 || arch.div_ceil(4) * 4 + agpr <= 512 {
                    push(arch, agpr, None, None);
                }
            }
        }
    }
    for w in 1..=st.max_waves() {
        for s in [None, Some(79), Some(87), Some(90), Some(95), Some(99), Some(MAX_SGPR_CLOBBER)] {
            push(1, 0, s.map(|s| s.min(max_s)), Some(w));
        }
    }
    out
}

/// The probes as one module (no target-cpu: llc's `-mcpu` sets it).
pub fn probes_module(probes: &[Probe]) -> String {
    let mut ir = String::new();
    for (i, k) in probes.iter().enumerate() {
        let _ = writeln!(ir, "define amdgpu_kernel void @{}() #{i} {{", k.name);
        let _ = writeln!(ir, "  call void asm sideeffect \"\", \"~{{v{}}}\"()", k.arch - 1);
        if k.agpr > 0 {
            let _ = writeln!(ir, "  call void asm sideeffect \"\", \"~{{a{}}}\"()", k.agpr - 1);
        }
        if let Some(s) = k.sgpr_index {
            let _ = writeln!(ir, "  call void asm sideeffect \"\", \"~{{s{s}}}\"()");
        }
        let _ = writeln!(ir, "  ret void\n}}");
    }
    for (i, k) in probes.iter().enumerate() {
        let wpe = k.waves_per_eu.map(|w| format!(" \"amdgpu-waves-per-eu\"=\"{w},{w}\"")).unwrap_or_default();
        let _ = writeln!(ir, "attributes #{i} = {{ nounwind{wpe} }}");
    }
    ir
}

/// A whole module: kernel `@k` holding `live` volatile loads live at once (each stored back after all are
/// loaded), built with `"amdgpu-dynamic-vgpr-block-size"=block` (gfx12's dynamic VGPRs): the allocator
/// must hold `live` values or spill them, whichever the block allows.
pub fn live_values_dvgpr(live: u32, block: u32) -> String {
    let mut body = String::from("  %tid = call i32 @llvm.amdgcn.workitem.id.x()\n");
    for i in 0..live {
        let _ = writeln!(body, "  %i{i} = add i32 %tid, {}", i * 4096);
        let _ = writeln!(body, "  %g{i} = getelementptr float, ptr addrspace(1) %p, i32 %i{i}");
        let _ = writeln!(body, "  %v{i} = load volatile float, ptr addrspace(1) %g{i}");
    }
    for i in 0..live {
        let _ = writeln!(body, "  store volatile float %v{i}, ptr addrspace(1) %g{}", (i + 7) % live);
    }
    format!(
        "define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {{\n{body}  ret void\n}}\n\
         declare i32 @llvm.amdgcn.workitem.id.x()\n\
         attributes #0 = {{ nounwind \"amdgpu-dynamic-vgpr-block-size\"=\"{block}\" }}\n"
    )
}
