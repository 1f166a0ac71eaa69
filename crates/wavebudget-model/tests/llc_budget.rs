//! The inverse against the compiler: for each target family and each W, a kernel with more live values than
//! R_max(W), compiled by llc-22 with `"amdgpu-waves-per-eu"="W"`, must use at most `max_vgprs` (the model's
//! R_max) and reach at least W waves/SIMD.

use wavebudget_testkit::llvm as common;

use common::{llc_compile, llc_version, parallel_map, remark_u32, LlcTarget as Family};
use wavebudget_model::{subtarget, BlockReason, WorkgroupSize};

const FAMILIES: &[Family] = common::ONE_PER_FAMILY;

/// The loaded value depends on the workitem id so the accumulators are divergent (VGPRs, not SALU floats).
/// Live accumulators are capped so the slowest compiles (gfx1250 W=1 has a 1024-register budget) stay quick;
/// below the cap the kernel needs more than the budget and the allocator must spill to fit it.
const MAX_LIVE: u32 = 300;

fn kernel(name: &str, n: u32, waves: u32, wg: u32) -> String {
    // The shared generator's kernel, under this level's attribute group.
    let body = wavebudget_testkit::kernels::vector_acc(name, n, false).replacen(" #0 {", &format!(" #{waves} {{"), 1);
    format!(
        "{body}declare i32 @llvm.amdgcn.workitem.id.x()\nattributes #{waves} = {{ \"amdgpu-waves-per-eu\"=\"{waves}\" \"amdgpu-flat-work-group-size\"=\"{wg},{wg}\" }}\n"
    )
}

#[test]
fn budgets_hold_under_llc_register_allocation() {
    let version = llc_version();
    // One job per (family, W): each kernel is its own module so the vector intrinsic declarations differ.
    let mut jobs = Vec::new();
    let mut granules = Vec::new();
    for (fi, f) in FAMILIES.iter().enumerate() {
        let st = subtarget(f.cpu, f.options(0)).unwrap();
        granules.push(st.vgpr().granule);
        // A one-wave workgroup implies 1 wave/SIMD, so every W up to the maximum is accepted, but where
        // LLVM's SGPR init bug workaround (gfx802) gives every kernel 96 SGPRs: no W above what 96 allow.
        let wg = st.wave_size();
        for w in 1..=st.max_waves() {
            let b = st.budget(w, WorkgroupSize::fixed(wg), 0).unwrap();
            let init_bug =
                matches!(b.blocked_by[..], [wavebudget_model::Blocker { reason: BlockReason::SgprInitBug { .. }, .. }]);
            if !b.reachable && init_bug && w > st.sgpr_waves(96) {
                continue;
            }
            assert!(b.reachable, "{} W={w} should be reachable at a one-wave launch: {:?}", f.cpu, b.blocked_by);
            let n = (b.max_vgprs + 8).min(MAX_LIVE);
            jobs.push((fi, w, n, b.max_vgprs, wg));
        }
    }
    let results = parallel_map(&jobs, |&(fi, w, n, _, wg)| {
        let f = &FAMILIES[fi];
        let name = format!("pressure_w{w}");
        llc_compile(&kernel(&name, n, w, wg), f.cpu, f.mattr, &format!("budget{fi}_{w}"))
    });
    let mut failures = Vec::new();
    let mut spilled = 0;
    for (&(fi, w, n, max_vgprs, _), c) in jobs.iter().zip(&results) {
        let f = &FAMILIES[fi];
        let name = format!("pressure_w{w}");
        let md = &c.notes[&name];
        let r = &c.remarks[&name];
        let vgpr_count: u32 = md[".vgpr_count"].parse().unwrap();
        let occ = remark_u32(r, "Occupancy [waves/SIMD]").unwrap();
        if remark_u32(r, "VGPRs Spill").unwrap_or(0) > 0 || md[".vgpr_spill_count"] != "0" {
            spilled += 1;
        }
        if vgpr_count > max_vgprs || occ < w {
            failures.push(format!(
                "{} {} W={w} n={n}: .vgpr_count {vgpr_count} (budget {max_vgprs}), occupancy {occ}",
                f.cpu, f.mattr
            ));
        }
        // Tightness: where the kernel needs more than the budget, llc fills it to within one allocation
        // granule (it holds one register back when spilling to memory). A budget that is too large fails here.
        let granule = granules[fi];
        if n > max_vgprs && vgpr_count + granule <= max_vgprs {
            failures.push(format!(
                "{} {} W={w} n={n}: llc used only {vgpr_count} of a {max_vgprs} budget (granule {granule}): the model's budget is too large",
                f.cpu, f.mattr
            ));
        }
        if c.stderr.contains("failed to meet occupancy target") {
            failures.push(format!(
                "{} {} W={w}: llc warned: {}",
                f.cpu,
                f.mattr,
                c.stderr.lines().find(|l| l.contains("failed")).unwrap_or("")
            ));
        }
    }
    println!("{version}: {} (family, W) budgets checked, {spilled} of them forced spills", jobs.len());
    assert!(failures.is_empty(), "{} budgets broken:\n{}", failures.len(), failures.join("\n"));
    // The test only means something if the budgets bind: most levels must have had to spill.
    assert!(spilled * 2 > jobs.len(), "only {spilled} of {} kernels were under pressure", jobs.len());
}
