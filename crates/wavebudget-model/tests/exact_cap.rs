//! `Budget::exact_reachable`: what `"amdgpu-waves-per-eu"="W,W"` (the pass's `exact`, Triton's
//! `waves_per_eu`) does to occupancy, against llc-22 on 1,158 cases without running llc: every
//! processor family, wave32/wave64/CU mode, launch sizes 1..256, 1..1024 and 64, 0 and 32 KiB of LDS,
//! W from 1 to one past the maximum. The golden file `tests/data/llc22_exact_cap.tsv` holds llc-22's
//! "Occupancy [waves/SIMD]" remark for a one-store kernel with that attribute; it was made by
//! `scripts/gen-exact-cap.sh` (LLVM 22.1.8) and is regenerated with the same command, or by running this
//! test with `WAVEBUDGET_BLESS=1` (as cranelift's `CRANELIFT_TEST_BLESS`): then llc-22 remakes the file
//! first and the model is compared with what it says now.

use wavebudget_model::{subtarget, Options, WorkgroupSize};

#[test]
fn exact_cap_equals_llc_22_on_every_golden_case() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    if std::env::var_os("WAVEBUDGET_BLESS").is_some() {
        let status = std::process::Command::new("bash").arg(root.join("scripts/gen-exact-cap.sh")).status().unwrap();
        assert!(status.success(), "scripts/gen-exact-cap.sh failed");
    }
    let text = std::fs::read_to_string(root.join("crates/wavebudget-model/tests/data/llc22_exact_cap.tsv")).unwrap();
    let mut rows = 0;
    let mut wrong = Vec::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let [target, features, wg, lds, w, llc] = f[..] else { panic!("bad row: {line}") };
        let features = if features == "-" { "" } else { features };
        let st = subtarget(target, Options::from_target_features(features)).unwrap();
        let (lo, hi) = wg.split_once(',').unwrap();
        let wg = WorkgroupSize { min: lo.parse().unwrap(), max: hi.parse().unwrap() };
        let (lds, w, llc): (u32, u32, u32) = (lds.parse().unwrap(), w.parse().unwrap(), llc.parse().unwrap());
        let got = st.exact_cap(w, wg, lds);
        if got != llc {
            wrong.push(format!("{target} {features} wg {wg:?} lds {lds} W={w}: llc-22 {llc}, model {got}"));
        }
        if w <= st.max_waves() {
            let b = st.budget(w, wg, lds).unwrap();
            assert_eq!(b.exact_reachable, llc == w, "{line}");
            assert_eq!(b.exact_waves_per_simd, llc, "{line}");
        }
        rows += 1;
    }
    assert_eq!(rows, 1158, "the golden file lost rows (WAVEBUDGET_BLESS=1 remakes it from llc-22)");
    assert!(
        wrong.is_empty(),
        "{} of {rows} differ from llc-22's golden file (if LLVM changed, remake it with WAVEBUDGET_BLESS=1 cargo test --test exact_cap):\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The case: on gfx1100 wave32 no padding holds a kernel below 5 waves/SIMD (256 addressable
/// VGPRs round to 264 of 1536), so W=2..4 at a fixed launch size cannot be capped; wave64 can.
#[test]
fn gfx1100_wave32_cannot_be_capped_below_five() {
    let st = subtarget("gfx1100", Options::default()).unwrap();
    for w in 1..=4 {
        let b = st.budget(w, WorkgroupSize::fixed(64), 0).unwrap();
        assert!(!b.exact_reachable, "W={w}");
        assert_eq!(b.exact_waves_per_simd, 5, "W={w}");
    }
    assert!(st.budget(5, WorkgroupSize::fixed(64), 0).unwrap().exact_reachable);
    let w64 = subtarget("gfx1100", Options { wave_size: Some(64), ..Options::default() }).unwrap();
    assert!(w64.budget(4, WorkgroupSize::fixed(64), 0).unwrap().exact_reachable);
}
