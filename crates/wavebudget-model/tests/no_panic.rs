//! Property tests: any numbers on any target give a result or a `ModelError`, never a panic or overflow;
//! and every accepted result respects the model's own invariants.

use proptest::prelude::*;
use wavebudget_model::targets::PROCESSORS;
use wavebudget_model::{Llvm, Options, Subtarget, TargetId, Usage, Vgprs, WorkgroupSize};

fn subtarget() -> impl Strategy<Value = Option<Subtarget>> {
    (
        0..PROCESSORS.len(),
        prop::option::of(prop::sample::select(vec![32u32, 64, 48, 0])),
        any::<bool>(),
        prop::sample::select(vec![0u32, 16, 32, 24]),
        prop::sample::select(Llvm::ALL.to_vec()),
    )
        .prop_map(|(i, wave_size, cu_mode, dvgpr_block, llvm)| {
            let id = TargetId { processor: &PROCESSORS[i], xnack: None, sramecc: None };
            Subtarget::new(id, Options { wave_size, cu_mode, dvgpr_block, llvm, vgprs_1_5x: None }).ok()
        })
}

fn small_or_any() -> impl Strategy<Value = u32> {
    prop_oneof![0u32..1100, any::<u32>(), 0u32..400_000]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]
    #[test]
    fn occupancy_never_panics(
        st in subtarget(), arch in small_or_any(), agpr in small_or_any(), total in small_or_any(),
        sgprs in prop::option::of(small_or_any()), lds in small_or_any(), a in small_or_any(), b in small_or_any(),
        use_total in any::<bool>(), waves in small_or_any(),
    ) {
        let Some(st) = st else { return Ok(()) };
        let vgprs = if use_total { Vgprs::Total(total) } else { Vgprs::Split { arch, agpr } };
        let u = Usage { vgprs, sgprs, lds, workgroup: WorkgroupSize { min: a, max: b } };
        // The fast path takes exactly the usages the full report accepts, and agrees with it.
        prop_assert_eq!(st.occupancy(&u).is_ok(), st.check(u).is_ok());
        if let Ok(o) = st.occupancy(&u) {
            prop_assert!(o.waves_per_simd >= 1 && o.waves_per_simd <= o.max_waves_per_simd);
            prop_assert_eq!(o.waves_per_simd, st.check(u).unwrap().waves_per_simd());
            prop_assert!(o.hardware.waves_per_simd <= o.max_waves_per_simd);
            if let Some(v) = o.next_step.vgprs_to_gain {
                prop_assert!(v <= o.vgpr_count);
            }
        }
        if let Ok(b) = st.budget(waves, WorkgroupSize { min: a, max: b }, lds) {
            prop_assert!(b.max_vgprs >= 1);
            prop_assert!(!b.reachable || st.vgpr_waves(b.max_vgprs) >= waves);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]
    /// `evaluate_waves` is `evaluate`'s waves per SIMD, and refuses what `evaluate` refuses, in its words.
    #[test]
    fn evaluate_waves_is_evaluates_waves(
        st in subtarget(), vgprs in small_or_any(), sgprs in small_or_any(), lds in small_or_any(),
        max_flat in small_or_any(), reqd in prop::option::of(small_or_any()),
        descriptor in prop::option::of((small_or_any(), prop::option::of(small_or_any()))),
        launch in prop::option::of((small_or_any(), small_or_any())), dynamic_lds in small_or_any(),
    ) {
        let Some(st) = st else { return Ok(()) };
        let k = wavebudget_model::KernelResources {
            vgpr_count: vgprs,
            agpr_count: 0,
            sgpr_count: sgprs,
            group_segment_fixed_size: lds,
            private_segment_fixed_size: 0,
            wavefront_size: st.wave_size(),
            max_flat_workgroup_size: max_flat,
            reqd_workgroup_size: reqd,
            spills: 0,
            descriptor: descriptor.map(|(vgprs, sgprs)| wavebudget_model::DescriptorCounts { vgprs, sgprs }),
            workgroup_processor_mode: None,
        };
        let launch = launch.map(|(min, max)| WorkgroupSize { min, max });
        let full = st.evaluate(&k, launch, dynamic_lds).map(|o| o.waves_per_simd).map_err(|e| e.to_string());
        prop_assert_eq!(st.evaluate_waves(&k, launch, dynamic_lds).map_err(|e| e.to_string()), full);
    }
}
